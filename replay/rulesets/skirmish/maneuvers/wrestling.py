"""Wrestling M59–M74 (spec 5.4.4–5.4.5, 5.8, L721–892): techniques inside a grapple (state.grapple, started by a
Grab, Leg dive or Pounce; the wrestling pool Endurance + Wrestling of A-47 from the next exchange, pools.caps),
the Envelop table (pools.envelop), flow carry-over (bonus dice, 5.8.3), throws and trips with their falls (falls.py),
height and weight (5.8.2)."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import costs, damage, data, pools
from replay.rulesets.skirmish.maneuvers.attack import (
    blow,
    headbutt_after,
    headbutt_difficulty,
    unarmed_strike,
)
from replay.rulesets.skirmish.maneuvers.base import (
    Move,
    Problems,
    Strike,
    check_roll,
    checked,
    emit_effect,
    faces,
    next_exchange,
    problem,
    reactive,
    register,
    timed,
)
from replay.rulesets.skirmish.maneuvers.falls import fall
from replay.rulesets.skirmish.maneuvers.general import grab_after, grab_conditions, grapple
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions, Weapon

LIMBS = ("main_arm", "off_arm", "leg", "legs", "arms")
HOLD_ENDS = (999, 2)


def load_mod(actor: Fighter) -> tuple[int, list[str]]:
    """L739: +1 difficulty to every wrestling maneuver with load above light."""
    return (1, ["+1 load above light (L739)"]) if actor.load != "light" else (0, [])


def tn(base: int, why: str, *, throw: bool = False) -> Any:
    def difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                   options: SkirmishOptions) -> tuple[int | None, list[str]]:
        add, mods = load_mod(actor)
        out, mods = base + add, [f"%{base} ({why})", *mods]
        if throw:
            d, m = weight_mod(actor, state.opponent(actor.id))
            out, mods = out + d, mods + m
        return out, mods

    return difficulty


def weight_mod(a: Fighter, t: Fighter) -> tuple[int, list[str]]:
    """5.8.2 (L735): every full 30 kg of weight difference (gear included): +1 if the opponent is heavier, −1 if
    lighter."""
    d = t.weight_kg - a.weight_kg
    n = abs(d) // 30
    if not n:
        return 0, []
    return (n, [f"+{n}: {t.id} {d} kg heavier (L735)"]) if d > 0 else (-n, [f"−{n}: {t.id} {-d} kg lighter (L735)"])


def holding(state: Fight, actor: Fighter) -> dict[str, Any] | None:
    g = state.grapple
    return g if g is not None and g["holder"] == actor.id else None


def needs_limb(mid: str, line: str) -> Any:
    """"In the previous exchange you grabbed one of the opponent's limbs" (L767, L785, L834)."""

    def conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
        g = holding(state, actor)
        if g is None or not ({g.get("grabbed")} | set(g.get("zones", ()))) & set(LIMBS):
            return [problem("condition_failed", f"5.4.4 {mid}, {line}", f"{actor.id} holds none of the opponent's "
                            "limbs")]
        return []

    return conditions


def needs_hold(mid: str, line: str) -> Any:
    def conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
        if holding(state, actor) is None:
            return [problem("condition_failed", f"5.4.4 {mid}, {line}", f"{actor.id} holds no part of the opponent")]
        return []

    return conditions


def thrown(ctx: Any, x: int, thrower: str, victim: str, final: int, options: SkirmishOptions, code: str, *,
           keep_hold: bool = False) -> None:
    """M61 (L785–789): the victim lies and falls from 1 m, +1 m per 2 final successes, or 1 of them changes the fall
    zone (the thrower's choice `throw_zone`, CP-21: `height` — all on height, the default applied by the rules — or a
    zone of the stance table); the thrower's own position (CP-20: standing by default) keeps the hold only when he
    falls with the victim."""
    zone = None
    if final >= 1:
        from replay.rulesets.skirmish.maneuvers.falls import STANCE_ZONES

        choice, _ = ctx.ask("throw_zone", actor=thrower, options=["height", *STANCE_ZONES], default="height",
                            applies=True, what=f"the throw's {final} final successes: all on height (+1 m per 2), or "
                            "1 on the zone the victim falls on (L787, CP-21)", exchange=x)
        zone = None if choice == "height" else str(choice)
    metres = 1 + (final - (1 if zone else 0)) // 2
    pos, how = ctx.ask("position", actor=thrower, options=["standing", "sitting", "lying"], default="standing",
                       applies=True, what="your own position after the throw; lying keeps the hold (CP-20)",
                       exchange=x)
    keep = keep_hold or pos == "lying"
    changes: list[dict[str, Any]] = [{"op": "throw", "fighter": victim, "metres": metres,
                                      "final": final - (1 if zone else 0),  # the successes on height
                                      "hold_kept": keep}, {"op": "stance", "fighter": thrower, "stance": pos}]
    if not keep and ctx.state.grapple is not None:
        changes.append({"op": "grapple", "value": None})
    spent = f"1 + ⌊({final} − 1)/2⌋, 1 success on the zone {zone}" if zone else f"1 + ⌊{final}/2⌋"
    emit_effect(ctx, x, code, thrower, changes, [f"{code}: {victim} is thrown from {metres} m ({spent}, "
                                                 f"L787); {thrower} ends {pos}" + (", the hold is kept" if keep else
                                                                                   ", the hold is lost")],
                ["5.4.4 M61", "L785-789", "5.8.5"], ["CP-20 default"] if how == "default" else [])
    fall(ctx, x, victim, metres, f"the {code}", options, code, zone=zone)


# --- flow (5.8.3, L757–759, A-96) --------------------------------------------------------------------------------

FLOW_OWN = frozenset({"wrestling_grab_defence", "break_free", "wrestling_block", "wrestling_evasion", "pounce",
                      "defensive_throw"})
"""Techniques whose successes do not flow on: the defensive grab carries them over itself (as the Grab, M51); a
break free ends the hold; the wrestling block rolls nothing; a pounce and a defensive throw are made outside a hold."""


def flow(ctx: Any, x: int, o: dict[str, Any]) -> None:
    """5.8.3 (L759): «после успешного захвата, итоговые успехи при проведении маневра/приема в первом/втором обмене
    переводятся в виде бонусных кубиков во второй обмен/следующий раунд» — in addition to the technique's own effect
    (A-96): the final successes of a wrestling technique that succeeded while the hold lasts become bonus dice on the
    next exchange's wrestling rolls (from exchange 2: on the next round's)."""
    winner = o.get("winner")
    decl: Declared | None = o.get("attack") if winner == "attack" else o.get("defence") if winner == "defence" \
        else None
    final = int(o.get("final") or 0)
    state = ctx.state
    if decl is None or final < 1 or state.grapple is None or state.result is not None:
        return
    entry = data.maneuvers().get(decl.maneuver, {})
    if entry.get("form") != "wrestling" or decl.maneuver in FLOW_OWN:
        return
    r = state.round
    start, until = ((r, 2), (r, 2)) if x == 1 else ((r + 1, 1), (r + 1, 2))
    when = "in exchange 2" if x == 1 else "next round"
    emit_effect(ctx, x, decl.maneuver, decl.actor, [timed(decl.actor, "bonus", final, start, until, "wrestling",
                                                          "flow")],
                [f"flow: {decl.actor}'s {final} final successes → +{final} wrestling dice {when} (5.8.3, L759)"],
                ["5.8.3", "L757-759"], ["A-96"])


# --- M59 pain hold, M60 joint break ------------------------------------------------------------------------------

def pain_hold_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M59 (L767): each success inflicts 1 pain on the opponent whenever he tries to break free or perform a
    technique while the hold lasts; from the next exchange his free Fortitude check cancels part of it
    (resolve.pain_resisted)."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    t = att.order["target"]
    emit_effect(ctx, x, "pain_hold", att.actor, [timed(t, "pain_hold", o["final"], (ctx.state.round, x), HOLD_ENDS,
                                                       source="pain_hold")],
                [f"pain hold: {t} takes {o['final']} pain whenever he breaks free or performs a technique (L767)"],
                ["5.4.4 M59", "L767"])
    return {}


JOINT = {"leg": "knee", "arm": "elbow"}


def joint_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M60 (L775): the successes needed for a fracture equal the crushing damage that breaks the zone (SAMPLE
    fracture threshold + 1); the victim subtracts a free Endurance check's successes; short of it, pain = final."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    t = ctx.state.fighter(att.order["target"])
    zone = att.order.get("zone") if str(att.order.get("zone", "")).endswith(("_arm", "_leg")) else \
        f"{t.main_hand}_arm"
    precise = JOINT[data.general_zone(zone)]
    needed = data.damage_model()["zones"][precise]["fracture_gt"] + 1
    r = check_roll(ctx, t.id, "endurance", t.char("endurance"), 5, f"Endurance of {t.id} against the joint break",
                   x, options)
    net = o["final"] - max(0, r.net)
    why = [f"Endurance {faces(r)}",
           f"joint break at {zone} ({precise}): {o['final']} final − Endurance {max(0, r.net)} = {net} vs "
           f"{needed} needed (L775, sample_v1)"]
    if net >= needed:
        level = damage.level_of(needed)
        eff = damage.effects(level, "crushing")
        wound = {"zone": zone, "precise": precise, "type": "crushing", "W": needed, "level": level,
                 "pain": eff["pain"], "shock": eff["shock"], "bleeding": eff["bleeding"], "flags": ["fractured"],
                 "consequences": damage.consequences(data.general_zone(zone), level, ["fractured"]),
                 "until": list(next_exchange(ctx.state.round, x))}
        changes = [checked(t.id, "endurance", r, needed), {"op": "wound", "fighter": t.id, "wound": wound}]
        why.append("→ fractured")
    else:
        changes = [checked(t.id, "endurance", r, needed), {"op": "pain", "fighter": t.id, "amount": o["final"]}]
        why.append(f"→ not broken: pain +{o['final']}")
    emit_effect(ctx, x, "joint_break", att.actor, changes, why, ["5.4.4 M60", "L775"], ["sample_v1"])
    return {}


# --- M61/M62 throws, M66 trip ------------------------------------------------------------------------------------

def throw_after(code: str, keep_hold: bool = False) -> Any:
    def after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
        att: Declared = o["attack"]
        if o["winner"] != "attack":
            return {}
        final = o["final"]
        use = "pain_hold"
        if keep_hold and final:  # CP-25: the thrower's choice for the remaining successes
            use, _ = ctx.ask("remainder", actor=att.actor, options=["pain_hold", "joint_break"], default="pain_hold",
                             applies=True, what=f"the throw's {final} remaining successes: a pain hold or a joint "
                             "break (CP-25, M62)", exchange=x)
        if keep_hold and final and use == "joint_break":  # M62 (L793): a joint break (M60) with them
            joint_after(ctx, x, o, options)
            final = 0
        elif keep_hold and final:  # M62: the remaining successes make a pain hold (CP-25, default)
            t = att.order["target"]
            emit_effect(ctx, x, code, att.actor, [timed(t, "pain_hold", final, (ctx.state.round, x), HOLD_ENDS,
                                                        source=code)],
                        [f"throw with pain hold: {final} successes → pain hold {final} (L793, CP-25)"],
                        ["5.4.4 M62"])
            final = 0
        thrown(ctx, x, att.actor, att.order["target"], final, options, code, keep_hold=keep_hold)
        return {}

    return after


def trip_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M66 (L836–838): the victim falls as from 1 m, 2 m on a critical failure of his reactive check; the hold is
    lost unless the attacker falls with the victim (CP-20)."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    r = o.get("defence_roll")
    metres = 2 if r is not None and r.crit_degree else 1
    pos, how = ctx.ask("position", actor=att.actor, options=["standing", "lying"], default="standing", applies=True,
                       what="fall with the victim to keep the hold (CP-20)", exchange=x)
    changes: list[dict[str, Any]] = [{"op": "stance", "fighter": att.actor, "stance": pos}]
    if pos != "lying":
        changes.append({"op": "grapple", "value": None})
    emit_effect(ctx, x, "wrestling_trip", att.actor, changes,
                [f"trip: {att.order['target']} falls as from {metres} m" + (" (critical failure doubles it)"
                                                                            if metres == 2 else "")
                 + ("; the hold is kept" if pos == "lying" else "; the hold is lost") + " (L836-838)"],
                ["5.4.4 M66"], ["CP-20 default"] if how == "default" else [])
    fall(ctx, x, att.order["target"], metres, "the trip", options, "wrestling_trip")
    return {}


# --- M63 envelop, M64 clinch -------------------------------------------------------------------------------------

ENVELOP = ("main_arm", "off_arm", "leg", "legs", "torso", "head")


def envelop_zones(final: int) -> int:
    """M63 (L801, T-29): 1 final keeps the hold; each further 2 envelop one more zone: ⌊(final − 1)/2⌋."""
    return max(0, (final - 1) // 2)


def envelop_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = needs_hold("M63", "L797")(state, actor, order)
    zones = order.get("zones") or []
    if not isinstance(zones, list) or any(z not in ENVELOP for z in zones):
        out.append(problem("condition_failed", "5.4.4 M63, CP-22", f"zones: the zones to envelop, in order "
                           f"({', '.join(ENVELOP)})"))
    return out


def envelop_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    n = envelop_zones(o["final"])
    zones = list(att.order.get("zones") or [])[:n]
    g = dict(ctx.state.grapple or {})
    g["zones"] = list(dict.fromkeys([*g.get("zones", []), *zones]))
    emit_effect(ctx, x, "envelop", att.actor, [{"op": "grapple", "value": g}],
                [f"envelop: {o['final']} final → the hold is kept, ⌊({o['final']} − 1)/2⌋ = {n} new zones"
                 + (f": {', '.join(zones)}" if zones else "") + " (L801, 5.8.4)"], ["5.4.4 M63", "5.8.4"],
                ["CP-22"])
    return {}


def clinch_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                      options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """M64 (L814): one arm %4, two arms %5, arms and legs %6 (CP-23); −1 when the attacker commits more limbs than
    the victim has free (A-49; free: the victim's limbs the attacker does not hold, Envelop table 5.8.4)."""
    limbs = int(order.get("limbs", 2))
    base = 4 if limbs <= 1 else 5 if limbs == 2 else 6
    add, mods = load_mod(actor)
    mods = [f"clinch with {limbs} limbs %{base} (L814, CP-23)", *mods]
    victim = state.fighter(order["target"]) if order.get("target") in state.ids else state.opponent(actor.id)
    free = free_limbs(state, victim)
    if limbs > free:
        add, mods = add - 1, [*mods, f"−1: {limbs} limbs against {free} free (L814, A-49)"]
    return base + add, mods


HELD_LIMBS = {"main_arm": 1, "off_arm": 1, "leg": 1, "legs": 2}
"""How many of the victim's four limbs a held zone of the Envelop table takes (5.8.4)."""


def free_limbs(state: Fight, f: Fighter) -> int:
    """A-49: the limbs the opponent does not hold (the grabbed zone and the enveloped ones)."""
    held = set(f.held)
    g = state.grapple
    if g is not None and g.get("held") == f.id and g.get("grabbed"):
        held.add(g["grabbed"])
    return max(0, 4 - sum(HELD_LIMBS.get(z, 0) for z in held))


def clinch_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    g = state.grapple
    if g is None or actor.id not in (g["holder"], g["held"]):
        return [problem("condition_failed", "5.4.4 M64, L814", "a clinch after you grabbed a limb or were grabbed")]
    if order.get("limbs", 2) not in (1, 2, 4):
        return [problem("condition_failed", "5.4.4 M64, CP-23", "limbs: 1, 2 or 4")]
    return []


def clinch_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    g = dict(ctx.state.grapple or {})
    g.update(holder=att.actor, held=att.order["target"], ground=True)
    emit_effect(ctx, x, "clinch", att.actor, [
        {"op": "grapple", "value": g}, {"op": "stance", "fighter": att.actor, "stance": "lying"},
        {"op": "stance", "fighter": att.order["target"], "stance": "lying"}],
        [f"clinch: {att.actor} takes {att.order['target']} to the ground and immobilises him (L816)"],
        ["5.4.4 M64", "L814-816"])
    return {}


# --- M65 pounce ---------------------------------------------------------------------------------------------------

def pounce_ratio(a: Fighter, t: Fighter) -> float:
    return a.weight_kg / max(1, t.weight_kg)


def pounce_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                      options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """M65 (L826, A-50): %5; mass ratio ≥ 2 → −1, a lighter attacker → +1; each extra maneuver with a non-natural
    weapon +1 (L830: `with` lists them)."""
    t = state.opponent(actor.id)
    ratio = pounce_ratio(actor, t)
    out, mods = 5, ["pounce %5 (L822)"]
    if order.get("then"):  # several targets: their total mass (L826, group_grapple.massed)
        mods.append(f"the targets' total mass {t.weight_kg} kg against {actor.weight_kg} kg (L826)")
    if ratio >= 2:
        out, mods = out - 1, [*mods, f"−1 mass ratio {ratio:.2f} ≥ 2 (L826)"]
    elif ratio < 1:
        out, mods = out + 1, [*mods, "+1 lighter attacker (A-50)"]
    extra = len(order.get("with") or [])
    if extra:
        out, mods = out + extra, [*mods, f"+{extra} combined maneuvers (L830)"]
    add, more = load_mod(actor)
    return out + add, mods + more


def pounce_answers(state: Fight, att: Declared, order: dict[str, Any]) -> str | None:
    """M65 (L822, L826): the target answers with a Sudden attack, a Block or a dodge; a target ≤ ¼ of the
    attacker's mass only dodges."""
    ratio = pounce_ratio(state.fighter(att.actor), state.fighter(att.order["target"]))
    m = order["maneuver"]
    if ratio >= 4 and m not in costs.DODGES:
        return f"{m}: a target of at most a quarter of the pouncer's mass may only dodge (M65, L826)"
    if m not in costs.DODGES and m not in costs.BLOCKS and m != "sudden_attack":
        return f"{m}: a pounce is answered by a sudden attack, a block or a dodge (M65, L822)"
    return None


def pounce_answer(ctx: Any, x: int, att: Declared, fid: str, order: dict[str, Any], priced: dict[str, Any],
                  options: SkirmishOptions) -> dict[str, Any]:
    """M65 (L826): every defence except dodges +1 difficulty per whole multiple of the mass ratio above 1."""
    ratio = pounce_ratio(ctx.state.fighter(att.actor), ctx.state.fighter(fid))
    n = int(ratio) - 1
    if n < 1 or order["maneuver"] in costs.DODGES:
        return {}
    return {"difficulty": priced["difficulty"] + n, "difficulty_mods": [*priced["difficulty_mods"],
                                                                        f"+{n} mass ratio ×{ratio:.2f} (M65, L826)"]}


def pounce_strike(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> Strike:
    return Strike("crush", "crushing", actor.char("strength"), [f"Strength {actor.char('strength')} (as a kick, "
                                                                "M65)"], lethal=False)


def pounce_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M65: a successful pounce knocks the target down (PROPOSED: lying, no extra fall damage) and starts wrestling
    (A-47: the pounce takedown)."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    t = att.order["target"]
    if att.priced.get("knockdown_only"):  # several targets: wrestling with the first knocked down (group_grapple)
        emit_effect(ctx, x, "pounce", att.actor, [{"op": "stance", "fighter": t, "stance": "lying"}],
                    [f"pounce: {t} is knocked down; {att.actor} already wrestles with the first target he knocked "
                     "down (PROPOSED, L826)"], ["5.4.4 M65", "L826"])
        return {}
    emit_effect(ctx, x, "pounce", att.actor, [{"op": "stance", "fighter": t, "stance": "lying"},
                                              grapple(ctx.state, att.actor, t, x, "torso", options, ground=True),
                                              {"op": "distance", "value": "hand"}],
                [f"pounce: {t} is knocked down; wrestling from the next exchange (A-47)"], ["5.4.4 M65"], ["A-47"])
    return {"distance": "hand"}


# --- M67–M69 strikes and strangling ------------------------------------------------------------------------------

def fixed_headbutt_answers(state: Fight, att: Declared, order: dict[str, Any]) -> str | None:
    """M67 (L850): only Slip evades it; with the head held, nothing does."""
    g = state.grapple or {}
    if "head" in g.get("zones", ()) or g.get("grabbed") == "head":
        return f"{order['maneuver']}: the head is held — no evasion of a headbutt with hold (M67, L850)"
    if order["maneuver"] != "slip":
        return f"{order['maneuver']}: only a slip evades a headbutt with hold (M67, L850)"
    return None


def longer_than_short(w: Weapon | None) -> bool:
    """L723: in wrestling a weapon longer than short (not a hand or short one) strikes only with the hilt."""
    return w is not None and data.weapon_type(w.type)["length"] not in ("hand", "short")


def grapple_strike_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    """M68 (L854): a hand or short weapon; a longer one only as a hilt strike (`"hilt": true`, L723)."""
    w = actor.weapon
    if w is None:
        return [problem("condition_failed", "5.4.4 M68, L854", "a hand or short weapon")]
    if longer_than_short(w) and not order.get("hilt"):
        return [problem("condition_failed", "5.4.4 M68, L723", f"{w.type} is longer than short: in wrestling it "
                        'strikes only with the hilt (D = Strength, crushing, +1 difficulty): declare "hilt": true')]
    if order.get("hilt") and not longer_than_short(w):
        return [problem("condition_failed", "5.4.4 M68, L723", "a hilt strike in wrestling is the strike of a "
                        "weapon longer than short")]
    if blow(order) not in data.weapon_type(w.type)["attacks"]:
        return [problem("condition_failed", "5.4.4 M68", f"attack_type: a blow {w.type} can make")]
    return []


def grapple_strike_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                              options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """L840: short weapons +1 attack difficulty in wrestling; L723: a hilt strike with a longer weapon +1."""
    if w is None or blow(order) not in data.weapon_type(w.type)["attacks"]:
        return None, []
    base = data.weapon_type(w.type)["attacks"][blow(order)]["difficulty"]
    mods = [f"{w.type} {blow(order)} %{base}"]
    if data.weapon_type(w.type)["length"] == "short":
        base, mods = base + 1, [*mods, "+1 short weapon in wrestling (L840)"]
    if order.get("hilt") and longer_than_short(w):
        base, mods = base + 1, [*mods, "+1 hilt strike in wrestling (L723)"]
    return base, mods


def grapple_strike(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> Strike:
    if order.get("hilt") and longer_than_short(w):  # L723: the hilt, crushing damage = Strength
        s = actor.char("strength")
        return Strike("crush", "crushing", s, [f"Strength {s}"], armour_factor=0.5,
                      note="a hilt strike in wrestling (L723)")
    kind = blow(order) or "thrust"
    d, _, why = damage.raw_damage(actor, w.type, w.grip, kind, "", 0)  # type: ignore[union-attr]
    row = data.weapon_type(w.type)["attacks"][kind]  # type: ignore[union-attr]
    return Strike(kind, row["type"], d, [why[0].removeprefix("D = ").rsplit(" = ", 1)[0]],
                  penetration=data.weapon_type(w.type)["penetration"], armour_factor=0.5)  # type: ignore[union-attr]


def strangle_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    g = holding(state, actor)
    if g is None or not (g.get("grabbed") == "head" or "head" in g.get("zones", ())):
        return [problem("condition_failed", "5.4.4 M69, L858", "strangling needs the opponent's neck held")]
    if order.get("variant", "carotid") not in ("lethal", "carotid"):
        return [problem("condition_failed", "5.4.4 M69, CP-24", "variant: lethal or carotid")]
    return []


def strangle_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M69 (L862–864): the victim's free Endurance check; lethal: crushing damage to the neck = Strength − its
    successes; carotid: shock = Strength + final − its successes − crushing armour on the neck; above 0 the breath
    is cut."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    a, t = ctx.state.fighter(att.actor), ctx.state.fighter(att.order["target"])
    r = check_roll(ctx, t.id, "endurance", t.char("endurance"), 5, f"Endurance of {t.id} against the strangling",
                   x, options)
    succ = max(0, r.net)
    variant = att.order.get("variant", "carotid")
    until = list(next_exchange(ctx.state.round, x))
    if variant == "lethal":
        w = max(0, a.char("strength") - succ)
        why = [f"strangle (lethal): Strength {a.char('strength')} − Endurance {faces(r)} {succ} = {w} crushing to the "
               "neck" + ("; the breath is cut" if w else "") + " (L862)"]
        changes: list[dict[str, Any]] = []
        if w:
            level = damage.level_of(min(w, data.damage_model()["zones"]["neck"]["max_w"]))
            eff = damage.effects(level, "crushing")
            changes.append({"op": "wound", "fighter": t.id, "wound": {
                "zone": "head", "precise": "neck", "type": "crushing", "W": w, "level": level, "pain": eff["pain"],
                "shock": eff["shock"], "bleeding": eff["bleeding"], "flags": ["breath_cut"],
                "consequences": damage.consequences("head", level, []), "until": until}})
    else:
        armour, _, _ = damage.armour_of(t, "neck", "crushing")
        shock = max(0, a.char("strength") + o["final"] - succ - armour)
        why = [f"strangle (carotid): shock = Strength {a.char('strength')} + {o['final']} final − Endurance {succ} − "
               f"neck armour {armour} = {shock}" + ("; the breath is cut" if shock else "") + " (L864)"]
        changes = [{"op": "shock", "fighter": t.id, "amount": shock, "until": until, "source": "strangle"}] \
            if shock else []
    emit_effect(ctx, x, "strangle", att.actor, [checked(t.id, "endurance", r), *changes], why,
                ["5.4.4 M69", "L858-864"], ["CP-24", "sample_v1"])
    return {}


# --- defences: M70 wrestling block, M71 defensive grab, M72 defensive throw, M73 break free, M74 ---------------

def wrestling_block_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    r, s = pools.available(actor, state.round, state.exchange)
    d = order.get("dice") or {}
    if (int(d.get("reflex", 0)), int(d.get("skill", 0))) != (r, s):
        return [problem("condition_failed", "5.4.5 M70, L872", f"a wrestling block commits the whole remaining pool: "
                        f'"dice": {{"reflex": {r}, "skill": {s}}}')]
    return []


def wrestling_block_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M70 (L874): if the attacker's wrestling roll then fails, initiative passes to the defender."""
    if o["winner"] == "attack":
        return {}
    return {"init": {o["defence"].actor: "gain", o["attack"].actor: "lose"}}


def defensive_throw_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    if actor.stance == "lying":
        out.append(problem("condition_failed", "5.4.5 M72, L882", "a defensive throw from sitting or standing"))
    if data.length_index(state.distance or "hand") > data.length_index("short"):
        out.append(problem("condition_failed", "5.4.5 M72, L882", "the opponent attacks at short distance or closer"))
    return out


def defensive_throw_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    if o["winner"] != "defence":
        return {}
    thrown(ctx, x, o["defence"].actor, o["attack"].actor, o["final"], options, "defensive_throw")
    return {}


def break_free_extras(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> dict[str, Any]:
    """M73 (L888, PROPOSED): Strength dice plus the committed Wrestling points."""
    s = int((order.get("dice") or {}).get("skill", 0))
    return {"dice_to_roll": actor.char("strength") + s, "strength_dice": actor.char("strength")}


def break_free_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    if int((order.get("dice") or {}).get("reflex", 0)):
        return [problem("condition_failed", "5.4.5 M73, L886", 'a break free rolls pure Strength: commit Wrestling '
                        'points only ("dice": {"skill": n})')]
    return []


def break_free_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    decl: Declared = o["attack"]
    r = o["attack_roll"]
    ok = r is not None and r.net >= 1
    group = bool(decl.priced.get("in_group"))  # a melee group has no combat initiative to reroll (4.4)
    then = "the group's order stays the general initiative chain, no combat initiative to reroll (L888, 4.4)" \
        if group else "combat initiative is rerolled (L888)"
    emit_effect(ctx, x, "break_free", decl.actor, [checked(decl.actor, "strength", r, 1)] + (
        [{"op": "grapple", "value": None}, {"op": "distance", "value": "hand"}] if ok else []),
                [f"break free: {decl.actor} {faces(r)} → " + (f"the hold is broken, hand distance; {then}" if ok
                                                              else "still held")],
                ["5.4.5 M73", "L886-888"] + (["4.4"] if group else []))
    return {"reroll": not group, "distance": "hand"} if ok else {}


register(
    Move("pain_hold", difficulty=tn(5, "wrestling default, PROPOSED"), conditions=needs_limb("M59", "L765"),
         weapon="none", zone=False, after=pain_hold_after, length_penalty="none"),
    Move("joint_break", difficulty=tn(5, "wrestling default, PROPOSED"), conditions=needs_limb("M60", "L771"),
         weapon="none", after=joint_after, length_penalty="none", extras=lambda s, a, o, w: {"no_damage": True}),
    Move("throw", difficulty=tn(5, "throw", throw=True), conditions=needs_limb("M61", "L783"), weapon="none",
         zone=False, opposed_by=reactive, after=throw_after("throw"), length_penalty="none"),
    Move("throw_with_hold", difficulty=tn(5, "throw", throw=True), conditions=needs_limb("M62", "L791"),
         weapon="none", zone=False, opposed_by=reactive, after=throw_after("throw_with_hold", keep_hold=True),
         required=lambda s, a, o: (1, ["throw with pain hold 1 (L793)"]), length_penalty="none"),
    Move("envelop", difficulty=tn(5, "wrestling default, PROPOSED"), conditions=envelop_conditions, weapon="none",
         zone=False, after=envelop_after, length_penalty="none"),
    Move("clinch", difficulty=clinch_difficulty, conditions=clinch_conditions, weapon="none", zone=False,
         after=clinch_after, length_penalty="none"),
    Move("pounce", difficulty=pounce_difficulty, weapon="none", strike=pounce_strike, answers=pounce_answers,
         on_answer=pounce_answer, after=pounce_after, length_penalty="none"),
    Move("wrestling_trip", difficulty=tn(4, "unarmed trip at hand distance, L836"), conditions=needs_limb(
        "M66", "L834"), weapon="none", zone=False, opposed_by=reactive, after=trip_after, length_penalty="none"),
    Move("fixed_headbutt", difficulty=headbutt_difficulty, conditions=needs_hold("M67", "L848"), weapon="none",
         strike=unarmed_strike("headbutt", 0, "head"), answers=fixed_headbutt_answers, after=headbutt_after,
         length_penalty="none"),
    Move("grapple_weapon_strike", difficulty=grapple_strike_difficulty, conditions=grapple_strike_conditions,
         strike=grapple_strike, length_penalty="none"),
    Move("strangle", difficulty=tn(5, "wrestling default, PROPOSED"), conditions=strangle_conditions,
         weapon="none", zone=False, after=strangle_after, length_penalty="none",
         extras=lambda s, a, o, w: {"no_damage": True}),
    Move("wrestling_block", conditions=wrestling_block_conditions, weapon="none", pool_dice=False,
         after=wrestling_block_after, difficulty=lambda s, a, o, w, opt: (0, ["no roll (L872)"]),
         length_penalty="none"),
    Move("wrestling_grab_defence", difficulty=tn(5, "Wrestling by Reflex, L658"), conditions=grab_conditions,
         weapon="none", after=grab_after, length_penalty="none"),
    Move("defensive_throw", difficulty=tn(5, "defensive throw, L882"), conditions=defensive_throw_conditions,
         weapon="none", after=defensive_throw_after, length_penalty="none"),
    Move("break_free", difficulty=lambda s, a, o, w, opt: (5, ["pure Strength %5 (L886, PROPOSED)"]),
         conditions=break_free_conditions, weapon="none", zone=False, resolves="check", steps=("attack",),
         extras=break_free_extras, after=break_free_after, length_penalty="none"),
    Move("wrestling_evasion", weapon="none", conditions=lambda s, a, o: [problem(
        "condition_failed", "5.4.5 M74, L892", "during wrestling the only evasion is Slip: declare slip (a "
        "successful one intercepts initiative)")]),
)
