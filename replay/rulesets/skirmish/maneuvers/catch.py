"""M44 Blade catch after the catch (L605, A-36): «враг не может использовать захваченное оружие, пока не осуществит
успешный бросок маневрирования против 6-ой сложности. Пока жертва удерживает захваченный клинок, она не может
увеличить дистанцию боя: для этого ей необходимо бросить оружие. Захваченное оружие можно сломать успешным броском
Силы %5 (сложность повышается на 1 за каждую категорию, на которую оружие инициатора маневра легче заблокированного)
против величины Надежности захваченного оружия (успехи накапливаются)».

- The catch: a `no_weapon` effect on the victim's weapon (source `blade_catch`) for the fight, until it ends.
- Freeing: the victim's Maneuvering (M53) declaration in a later exchange's attack step, `"free": WEAPON`, at %6,
  reflex points only (M53 is (Р)); one success frees the weapon.
- The distance: while the victim holds the caught weapon, a distance change his own maneuver makes cannot lengthen
  it (resolve.exchange_end) and he cannot retreat (M45); he may drop the weapon with any declaration,
  `"drop": WEAPON`, which ends the catch (the weapon lies on the floor; Quick draw picks it up, M50).
- Breaking: the catcher's declaration `blade_catch` with `"break": true` in his attack step (PROPOSED: the rulebook
  does not say when; it is his action of the exchange): a free Strength check (Strength dice, no pool points) at %5,
  +1 per weight category the catching weapon is lighter than the caught one; the successes accumulate (each
  attempt's successes are the amount of a further `no_weapon` effect of the catch) and the caught weapon breaks
  when they reach its Reliability.
- The catch ends when the weapon is freed, dropped or broken (the rulebook names no other end)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.rulesets.skirmish import data, dice
from replay.rulesets.skirmish.maneuvers.base import Problems, emit_effect, problem, timed
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions, Weapon

SOURCE = "blade_catch"
FIGHT_END = (999, 2)
FREE_TN = 6
"""L605: «бросок маневрирования против 6-ой сложности»."""


def caught(f: Fighter) -> list[str]:
    """The ids of `f`'s weapons caught by the opponent's blade catch."""
    return list(dict.fromkeys(e.ref for e in f.effects if e.kind == "no_weapon" and e.source == SOURCE))


def holds_caught(f: Fighter) -> list[str]:
    """The caught weapons `f` still holds (the bar on increasing the distance, L605)."""
    return [wid for wid in caught(f) if (w := f.weapon_by_id(wid)) is not None and w.hands and w.state == "ready"]


def progress(f: Fighter, wid: str) -> int:
    """The catcher's Strength successes so far against the caught weapon (they accumulate, L605)."""
    return sum(e.amount for e in f.effects if e.kind == "no_weapon" and e.source == SOURCE and e.ref == wid)


def catch_change(victim: str, wid: str, start: tuple[int, int], amount: int = 0) -> dict[str, Any]:
    return timed(victim, "no_weapon", amount, start, FIGHT_END, wid, SOURCE)


def released(f: Fighter, wid: str, state: str | None = None) -> Fighter:
    """`f` with the catch of `wid` over (freed; "dropped" or "broken": the weapon with it)."""
    effects = tuple(e for e in f.effects if not (e.source == SOURCE and e.ref == wid))
    weapons = f.weapons if state is None else tuple(replace(w, hands=(), state=state) if w.id == wid else w
                                                    for w in f.weapons)
    return replace(f, effects=effects, weapons=weapons)


def release(victim: str, wid: str, how: str) -> dict[str, Any]:
    """The change ending a catch: `how` freed, dropped or broken."""
    return {"op": "release", "fighter": victim, "weapon": wid, "how": how}


# --- dropping the caught weapon ----------------------------------------------------------------------------------

def drop_problems(state: Fight, fid: str, wid: Any) -> Problems:
    if wid not in holds_caught(state.fighter(fid)):
        return [problem("condition_failed", "5.4.2 M44, L605", f"drop: only a caught weapon {fid} holds is dropped "
                        "with a declaration (to increase the distance)")]
    return []


def dropped(state: Fight, fid: str, wid: str) -> Fight:
    return state.with_fighter(released(state.fighter(fid), wid, "dropped"))


def retreat_problems(state: Fight, fid: str) -> Problems:
    held = holds_caught(state.fighter(fid))
    if held:
        return [problem("condition_failed", "5.4.2 M44, L605", f"{fid} holds the caught {held[0]}: no retreat (it "
                        f'increases the distance) unless he drops it ("drop": "{held[0]}")')]
    return []


def capped(state: Fight, by: str | None, distance: str | None) -> tuple[str | None, str | None]:
    """(the distance, why) when `by`'s own maneuver would lengthen it while he holds a caught weapon (L605)."""
    if by is None or distance is None or state.distance is None:
        return distance, None
    held = holds_caught(state.fighter(by))
    if not held or data.length_index(distance) <= data.length_index(state.distance):
        return distance, None
    return state.distance, (f"{by} holds the caught {held[0]}: the distance stays {state.distance}, not {distance} "
                            "(M44, L605)")


# --- freeing it (Maneuvering %6) ---------------------------------------------------------------------------------

def free_problems(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    if order["step"] != "attack":
        out.append(problem("condition_failed", "5.4.3 M53, L605", "freeing a caught weapon is a Maneuvering roll in "
                           "the attack step"))
    if order.get("free") not in caught(actor) or order.get("free") not in holds_caught(actor):
        out.append(problem("condition_failed", "5.4.2 M44, L605", f"free: {order.get('free')!r} is no caught weapon "
                           f"{actor.id} holds"))
    if int((order.get("dice") or {}).get("skill", 0)):
        out.append(problem("reflex_only", "5.4.3 M53", "Maneuvering is (Р): freeing the weapon is paid from reflex "
                           "points only"))
    return out


def freed(ctx: Any, x: int, decl: Declared, roll: dice.PoolRoll, cut: int, options: SkirmishOptions) -> dict[str, Any]:
    """The victim's Maneuvering at %6: one success frees the caught weapon (L605)."""
    from replay.rulesets.skirmish.resolve import roll_why

    wid = str(decl.order["free"])
    ok = roll.net >= 1
    emit_effect(ctx, x, "maneuvering", decl.actor, [release(decl.actor, wid, "freed")] if ok else [],
                [roll_why(decl, roll, cut) + (f" → {decl.actor} frees {wid} from the blade catch" if ok else
                                              f" → {wid} stays caught")], ["5.4.3 M53", "5.4.2 M44", "L605"])
    return {"attack": decl, "defence": None, "winner": None, "freed": ok}


# --- breaking it (the catcher's Strength checks) -----------------------------------------------------------------

def victim_weapon(state: Fight, catcher: Fighter) -> tuple[Fighter, Weapon] | None:
    victim = state.opponent(catcher.id)
    held = holds_caught(victim)
    w = victim.weapon_by_id(held[0]) if held else None
    return (victim, w) if w is not None else None


def break_problems(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    if order["step"] != "attack":
        out.append(problem("condition_failed", "5.4.2 M44, L605", 'breaking the caught weapon ("break": true) is '
                           "declared in the attack step"))
    if victim_weapon(state, actor) is None:
        out.append(problem("condition_failed", "5.4.2 M44, L605", "no weapon of the opponent is caught"))
    if any((order.get("dice") or {}).values()):
        out.append(problem("condition_failed", "5.4.2 M44, L605", 'the break is a Strength check: no pool dice '
                           '("dice": {"reflex": 0, "skill": 0})'))
    return out


def break_difficulty(state: Fight, actor: Fighter, w: Weapon | None) -> tuple[int | None, list[str]]:
    """%5, +1 per weight category the catching weapon is lighter than the caught one (L605)."""
    found = victim_weapon(state, actor)
    if found is None or w is None:
        return 5, ["Strength %5 (L605)"]
    theirs = data.WEIGHTS.index(data.weapon_type(found[1].type)["weight"])
    mine = data.WEIGHTS.index(data.weapon_type(w.type)["weight"])
    n = max(0, theirs - mine)
    return 5 + n, ["Strength %5 (L605)"] + ([f"+{n}: {w.type} is {n} weight categories lighter than "
                                              f"{found[1].type} (L605)"] if n else [])


def break_extras(actor: Fighter) -> dict[str, Any]:
    """The break rolls Strength dice, free of pool points (L605: «броском Силы»)."""
    return {"dice_to_roll": actor.char("strength"), "strength_dice": actor.char("strength"), "no_damage": True}


def broken_after(ctx: Any, x: int, decl: Declared, roll: dice.PoolRoll | None,
                 options: SkirmishOptions) -> dict[str, Any]:
    """One attempt: its successes added to those before; the weapon breaks at its Reliability (L605)."""
    state = ctx.state
    found = victim_weapon(state, state.fighter(decl.actor))
    if found is None or roll is None:
        return {}
    victim, w = found
    rel = data.weapon_type(w.type)["reliability"]
    before = progress(victim, w.id)
    gained = max(0, roll.net)
    total = before + gained
    broken = total >= rel
    changes = [{"op": "check", "fighter": decl.actor, "purpose": "strength", "faces": list(roll.faces),
                "difficulty": roll.difficulty, "net": roll.net, "needed": rel - before}]
    changes.append(release(victim.id, w.id, "broken") if broken else
                   catch_change(victim.id, w.id, (state.round, x), gained))
    why = [f"{decl.actor} tries to break the caught {w.id}: Strength {len(roll.faces)}d %{roll.difficulty} "
           f"{list(roll.faces)} → {roll.hits} − {roll.ones} = {roll.net}; {before} + {gained} = {total} "
           + (f"≥ Reliability {rel} → {w.id} breaks" if broken else f"< Reliability {rel}: still caught")
           + " (M44, L605)"]
    emit_effect(ctx, x, SOURCE, decl.actor, changes, why, ["5.4.2 M44", "L605"])
    return {}
