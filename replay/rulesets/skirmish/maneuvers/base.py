"""A maneuver's code: its catalogue entry (data/maneuvers.json: min level, activation, kind, initiative flag) plus one
`Move` of small functions — what it costs beyond the data, when it is legal, its difficulty, what defences may answer
it, and what its final successes buy (the `after` hook). `registry()` finds a maneuver's code from its catalogue code;
`data.maneuver_by_id("M43")["code"]` leads there from the id."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eventlog.envelope import Draft
from replay.rulesets.skirmish import data, dice
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions, Weapon

KINDS = ("shock", "lose_R", "lose_S", "no_weapon", "only_thrust", "bonus", "dodge_bonus", "no_attacking_defence",
         "success_penalty", "pain_hold", "initiative_bonus", "initiative_lock", "initiative_roll", "transfer_feint",
         "transfer_auto", "transfer_phase2", "defence_lost_dice", "guard", "outmaneuvered", "leader_bonus")
"""Effect kinds (model.Effect): maneuver shock; reflex/skill points lost; a weapon that cannot be used; the binder's
thrust-only weapon; bonus dice (ref: "attack", "wrestling", "any" or a maneuver); bonus dice on dodges; no defence with
an attacking element (M46); −N successes on every roll (M58); pain when the held fighter acts (M59); automatic
successes on the next initiative roll (M58); initiative held by an unexpected attacker, an initiative roll
after a hidden attack (5.7, set by `skirmish.exchange_ended`); M15's committed successes (phase 1), their carry-over
(phase 2), the phase-2 blow's maneuver and zones (ref "thrust:left_leg,right_leg"), the defence's lost dice (A-33);
the dice a zonal guard adds or takes (L203); an enemy out-maneuvered by `ref` in a melee of several fighters, who
cannot attack him (M53, L681); the dice a side's leader's Tactics check adds to its Maneuvering for the round (ref
the leader; M53, L681, A-108)."""

Problems = list[str]


def problem(code: str, section: str, text: str) -> str:
    return f"{code} ({section}): {text}"


@dataclass(frozen=True)
class Strike:
    """How a strike that is not a weapon's basic attack hurts: raw damage, its type, lethal or not (6.5 step 6)."""

    attack_type: str
    damage_type: str
    damage: int
    parts: list[str]
    lethal: bool = True
    penetration: int = 0
    armour_factor: float = 1.0
    """M68: only half the armour counts."""
    note: str = ""
    """Said after the damage (a hilt strike, the GM's ruling on a transfer feint's phase 2)."""


@dataclass(frozen=True)
class Move:
    """One maneuver's functions; any of them may be absent (then the general rules of 4.6–4.7 and 5.1 apply)."""

    code: str
    difficulty: Callable[[Fight, Fighter, dict[str, Any], Weapon | None, SkirmishOptions],
                         tuple[int | None, list[str]]] | None = None
    conditions: Callable[[Fight, Fighter, dict[str, Any]], Problems] | None = None
    activation: Callable[[Fight, Fighter, dict[str, Any]], int] | None = None
    required: Callable[[Fight, Fighter, dict[str, Any]], tuple[int, list[str]]] | None = None
    strike: Callable[[Fight, Fighter, dict[str, Any], Weapon | None], Strike] | None = None
    answers: Callable[[Fight, Declared, dict[str, Any]], str | None] | None = None
    """What the victim may not answer with: a reason (restricted_by_opponent, 4.7.5) or None."""
    after: Callable[..., dict[str, Any] | None] | None = None
    """(ctx, x, outcome, options) → changes to the outcome (distance, initiative) after the comparison."""
    weapon: str = "weapon"
    """"weapon": needs a ready weapon; "none": unarmed, wrestling or a check; "shield": the shield."""
    zone: bool = True
    """An attack that names a target zone."""
    length: str | None = None
    """A fixed length category for the length penalty (punch hand, kick short …); None: the weapon's."""
    length_penalty: str = "full"
    """"full", "half" (Batman, Destabilization: halved, rounded down) or "none"."""
    opposed_by: str | None = None
    """A free check replacing the defence roll (Bluff: Body Language + Empathy), rolled by the target."""
    no_doubling: bool = False
    pool_dice: bool = True
    """False: no pool dice are rolled (a free check, or no roll at all: Wrestling block)."""
    extras: Callable[[Fight, Fighter, dict[str, Any], Weapon | None], dict[str, Any]] | None = None
    """More priced fields: damage_bonus(+_why), penetration_bonus, armour_ignored, no_damage, master_spent,
    extraordinary_spent …"""
    parts: Callable[..., dict[str, Any]] | None = None
    """(state, actor, order, options) → priced fields of a declaration made of parts (M06 Double attack)."""
    on_answer: Callable[..., dict[str, Any]] | None = None
    """(ctx, x, attack, defender id, defence order, priced, options) → priced fields of the defence answering this
    attack (lost dice: Rushing attack; the Body Language check of a Lightning attack)."""
    steps: tuple[str, ...] | None = None
    """The declaration steps it may be declared in; None: by the catalogue kind (a general maneuver: either)."""
    resolves: str = "clash"
    """"clash": an opposed roll resolved in the queue; "check": an own roll without a defence (Assess, grip change)."""


REGISTRY: dict[str, Move] = {}


def register(*moves: Move) -> None:
    for m in moves:
        assert m.code in data.maneuvers(), m.code
        REGISTRY[m.code] = m


def registry() -> dict[str, Move]:
    from replay.rulesets.skirmish.maneuvers import load

    load()
    return REGISTRY


def move(code: str) -> Move | None:
    return registry().get(code)


# --- helpers the maneuvers share ----------------------------------------------------------------------------------

def next_exchange(round_: int, x: int) -> tuple[int, int]:
    return (round_, 2) if x == 1 else (round_ + 1, 1)


def timed(fighter: str, kind: str, amount: int, start: tuple[int, int], until: tuple[int, int], ref: str = "",
          source: str = "") -> dict[str, Any]:
    """A change: an Effect on `fighter` (evolve applies it)."""
    return {"op": "effect", "fighter": fighter, "kind": kind, "amount": amount, "start": list(start),
            "until": list(until), "ref": ref, "source": source}


def emit_effect(ctx: Any, x: int, code: str, actor: str, changes: list[dict[str, Any]], why: list[str],
                rule: list[str], defaults: list[str] | None = None, cause: int | None = None) -> None:
    """`skirmish.effect`: what a maneuver did beyond the hit (state changes as data, `why` as a GM writes it)."""
    entry = data.maneuvers()[code]
    payload = {"exchange": x, "maneuver": code, "maneuver_id": entry["id"], "actor": actor, "changes": changes,
               "why": why, "rule": rule, "defaults": defaults or []}
    name_ones(payload)
    ctx.emit(Draft("skirmish.effect", payload, cause=cause))


def name_ones(payload: dict[str, Any]) -> None:
    """A-02 (ones cancel successes, option `ones_cancel_successes`) decides every counted roll with a face of 1: a
    payload holding one names it among its `defaults`."""
    if "A-02" not in payload["defaults"] and _has_one(payload):
        payload["defaults"] = [*payload["defaults"], "A-02"]


def _has_one(value: Any) -> bool:
    if isinstance(value, dict):
        if "faces" in value and "difficulty" in value and 1 in (value.get("faces") or ()):
            return True
        return any(_has_one(v) for k, v in value.items() if k != "defaults")
    if isinstance(value, list | tuple):
        return any(_has_one(v) for v in value)
    return False


def check_roll(ctx: Any, actor: str, purpose: str, n: int, tn: int, what: str, x: int,
               options: SkirmishOptions) -> dice.PoolRoll:
    """A free check (outside the pool) of `n` d10 at %tn, a forum roll."""
    roll = ctx.roll(f"{max(1, n)}d{options.pool_die_sides}", actor=actor, purpose=purpose,
                    what=f"{what} ({max(1, n)}d, %{tn})", exchange=x)
    return dice.count(roll.payload["result"], tn, ones_cancel=options.ones_cancel_successes,
                      max_difficulty=options.max_difficulty)


CHECK_OPTIONS: dict[str, tuple[str, ...]] = {"reactive": ("wrestling", "acrobatics"),
                                             "balance": ("agility", "strength"),
                                             "stability": ("strength", "acrobatics")}
"""CP-36: what a free check may be rolled with where the rulebook offers a choice: the reactive check against a
throw or trip (Wrestling or Acrobatics by Reflex, L785, L836), the balance check against a leg dive (Agility or
Strength, L671), the check against a shield push (Stability by Strength or balance by Acrobatics and Reflex, L709)."""


def check_with(ctx: Any, x: int, fid: str, check: str, offered: dict[str, int], default: str | None = None) -> \
        tuple[str, int]:
    """CP-36: the checking fighter's choice `check_with` (keyed by exchange and check) of what he rolls, and its dice;
    by default `default`, else the larger dice (the first offered on a tie), applied by the rules when he chose
    nothing."""
    best = default or max(offered, key=lambda k: offered[k])
    shown = " or ".join(f'"{k}"' for k in offered)
    value, _ = ctx.ask("check_with", actor=fid, options=list(offered), default=best, applies=True,
                       what=f"what {fid} rolls for the {check} check (CP-36): {shown}", exchange=x, check=check)
    return value, offered[value]


def reactive(state: Fight, f: Fighter) -> tuple[int, int, str]:
    """The victim's free reactive Wrestling or Acrobatics by Reflex check against a throw or a trip (L785, L836;
    CP-36: the better; the victim's choice `check_with` is asked where the roll is, resolve.resolve_exchange)."""
    return max(reactive_dice(f).values()), 5, "reactive Wrestling/Acrobatics by Reflex"


def reactive_dice(f: Fighter) -> dict[str, int]:
    """CP-36: the reactive check's dice by what it is rolled with (L785, L836)."""
    return {"wrestling": f.skill("wrestling") + f.char("reflex"),
            "acrobatics": f.skill("acrobatics") + f.char("reflex")}


def checked(fighter: str, purpose: str, r: dice.PoolRoll | None, needed: int | None = None) -> dict[str, Any]:
    """An informational change (evolve ignores it): a free check's faces and net, and what it needed, so the post
    tells it in either language."""
    if r is None:
        return {"op": "check", "fighter": fighter, "purpose": purpose, "faces": [], "difficulty": 0, "net": 0,
                "needed": needed}
    return {"op": "check", "fighter": fighter, "purpose": purpose, "faces": list(r.faces),
            "difficulty": r.difficulty, "net": r.net, "needed": needed}


def faces(r: dice.PoolRoll) -> str:
    return f"{len(r.faces)}d %{r.difficulty} {list(r.faces)} → {r.hits} − {r.ones} = {r.net}"


def first_exchange(state: Fight, code: str, mid: str, line: str) -> Problems:
    if state.exchange != 1:
        return [problem("condition_failed", f"5.4 {mid}, {line}", f"{code}: first exchange only")]
    return []


def dice_of(order: dict[str, Any]) -> tuple[int, int]:
    d = order.get("dice") or {}
    return int(d.get("reflex", 0)), int(d.get("skill", 0))


def masters_left(f: Fighter, skill_id: str) -> int:
    """Master successes left this round (2.5, A-03: level − 7, a per-round resource)."""
    return max(0, dice.master_successes(f.skill(skill_id)) - f.spent_master)


def extraordinary_left(f: Fighter, characteristic: str = "reflex") -> int:
    return max(0, int(f.extraordinary.get(characteristic, 0)) - f.spent_extraordinary)


def weapon_skill(f: Fighter, w: Weapon | None) -> str:
    return data.weapon_type(w.type)["skill"] if w is not None else "fist"


def held_weapons(f: Fighter) -> list[Weapon]:
    return [w for w in f.weapons if w.hands and w.state == "ready"]


def free_hands(f: Fighter) -> int:
    used = {h for w in held_weapons(f) for h in w.hands}
    if f.shield is not None and f.shield.state == "ready":
        used.add(f.shield.hand)
    return 2 - len(used)
