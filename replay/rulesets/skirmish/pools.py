"""Point pools (spec 3.3 with the dynamic form A-73 and clarification C1): reflex and skill caps at any moment,
what is available for a new declaration, helplessness."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import data
from replay.rulesets.skirmish.model import Effect, Fight, Fighter, Timed


def active(effects: tuple[Timed, ...], round_: int, exchange: int) -> int:
    """Sum of the effects that last at least to (round, exchange)."""
    return sum(t.amount for t in effects if (round_, max(exchange, 1)) <= (t.round, t.exchange))


def now(f: Fighter, kind: str, round_: int, exchange: int, ref: str | None = None) -> list[Effect]:
    """The maneuver effects of `kind` (and `ref`) active at (round, exchange)."""
    at = (round_, max(exchange, 1))
    return [e for e in f.effects if e.kind == kind and e.start <= at <= e.until and (ref is None or e.ref == ref)]


def amount(f: Fighter, kind: str, round_: int, exchange: int, ref: str | None = None) -> int:
    return sum(e.amount for e in now(f, kind, round_, exchange, ref))


def shock_now(f: Fighter, round_: int, exchange: int) -> int:
    """Wound and power-blow shock (6.5 step 9) plus maneuver shock (Batman, Bluff, stun …, 5.4)."""
    return active(f.shock, round_, exchange) + amount(f, "shock", round_, exchange)


def wrestling(f: Fighter, round_: int, exchange: int) -> bool:
    """In wrestling now: the pool is Endurance + Wrestling (A-47) from the exchange after the hold."""
    return f.grapple_from is not None and (round_, max(exchange, 1)) >= f.grapple_from


def usable(f: Fighter, w: Any, state: Fight) -> bool:
    """Not bound or beaten aside this exchange (M16, M43): no `no_weapon` effect names it."""
    return not now(f, "no_weapon", state.round, state.exchange, w.id)


HALVINGS = {"main_arm": (2, 2), "off_arm": (2, 1), "arms": (0, 2), "torso": (2, 1), "head": (2, 2),
            "leg": (2, 1), "legs": (0, 1)}
"""5.8.4 Envelop table: (reflex divisor, skill divisor) of the held fighter; 0 = reflex points 0."""


def envelop(f: Fighter, cap_r: int, cap_s: int) -> tuple[int, int]:
    """5.8.4: the held zones' halvings, stacking multiplicatively, rounded down."""
    held = set(f.held)
    if {"main_arm", "off_arm"} <= held:
        held = (held - {"main_arm", "off_arm"}) | {"arms"}
    if "leg" in held and "legs" in held:
        held.discard("leg")
    for zone in sorted(held):
        r_div, s_div = HALVINGS.get(zone, (1, 1))
        cap_r = 0 if r_div == 0 else cap_r // r_div
        cap_s //= s_div
    return cap_r, cap_s


def dual_wield_penalty(f: Fighter) -> int:
    """L141, A-18: −2 per weight category of the off-hand weapon above light while two weapons are held
    (a shield is excepted)."""
    held = [w for w in f.weapons if w.hands and w.state == "ready"]
    if len(held) < 2:
        return 0
    off = held[1]
    return 2 * data.WEIGHTS.index(data.weapon_type(off.type)["weight"])


def caps(f: Fighter, round_: int, exchange: int) -> tuple[int, int]:
    """(cap_R, cap_S) now (A-73): Reflex/skill − fatigue − pain − shock (− initiative botch for reflex), the reflex
    cap halved lying or sitting (L112), the dual-wield penalty from the skill cap first (A-18)."""
    loss = f.fatigue + f.pain + shock_now(f, round_, exchange)
    grappling = wrestling(f, round_, exchange)
    base_r = f.char("endurance") + f.wrestle_bonus if grappling else f.char("reflex")
    cap_r = max(0, base_r - loss - active(f.reflex_loss, round_, exchange) - amount(f, "lose_R", round_, exchange))
    if f.stance in ("lying", "sitting") and not grappling:  # L725: no lying penalty in wrestling
        cap_r //= 2
    base_s = f.skill("wrestling") if grappling else f.skill(f.pool_skill)
    cap_s = 0 if f.skill_zero_round == round_ else max(0, base_s - loss - amount(f, "lose_S", round_, exchange))
    if grappling:
        cap_r, cap_s = envelop(f, cap_r, cap_s)
    dual = dual_wield_penalty(f)
    from_s = min(dual, cap_s)
    return max(0, cap_r - (dual - from_s)), cap_s - from_s


def available(f: Fighter, round_: int, exchange: int) -> tuple[int, int]:
    """(avail_R, avail_S) (C1): an overdrawn pool's deficit comes out of the other pool's available points."""
    cap_r, cap_s = caps(f, round_, exchange)
    left_r = cap_r - f.spent_R - f.locked_R
    left_s = cap_s - f.spent_S - f.locked_S
    return max(0, left_r + min(0, left_s)), max(0, left_s + min(0, left_r))


def pool(f: Fighter, round_: int, exchange: int) -> int:
    """C1: max(0, cap_R + cap_S − spent − locked)."""
    cap_r, cap_s = caps(f, round_, exchange)
    return max(0, cap_r + cap_s - f.spent_R - f.spent_S - f.locked_R - f.locked_S)


def overdraft(f: Fighter, round_: int, exchange: int) -> int:
    """Spec 5.1.6: how far the points spent (pending declarations included) exceed the caps now."""
    cap_r, cap_s = caps(f, round_, exchange)
    return max(0, f.spent_R + f.spent_S - cap_r - cap_s)


def helpless(f: Fighter, round_: int, exchange: int) -> bool:
    """L114: a pool of 0 (whatever the reason): cannot move, attack or defend."""
    return pool(f, round_, exchange) == 0


def held_zones(state: Fight, f: Fighter) -> list[str]:
    """The fighter's zones the opponent holds: the grabbed one (M51 grab, M52 leg dive: `legs`, M65 pounce:
    `torso`) first, then those enveloped (M63); only the enveloped ones halve the pools (5.8.4)."""
    g = state.grapple_of(f.id)
    grabbed = [g["grabbed"]] if g is not None and g.get("held") == f.id and g.get("grabbed") else []
    return list(dict.fromkeys((*grabbed, *f.held)))


def fighter_view(state: Fight, f: Fighter) -> dict[str, Any]:
    """The contractual `state --json` fields of one fighter (docs/skirmish.md, "state --json")."""
    r, e = state.round, state.exchange
    cap_r, cap_s = caps(f, r, e)
    avail_r, avail_s = available(f, r, e)
    weapons = [{"id": w.id, "type": w.type, "grip": w.grip, "state": w.state, "hands": list(w.hands)}
               for w in f.weapons]
    if f.shield is not None:
        weapons.append({"id": f.shield.id, "type": f.shield.type, "grip": "shield", "state": f.shield.state,
                        "hands": [f.shield.hand], "reliability": f.shield.reliability, "cover": list(f.shield.cover)})
    wounds: dict[str, list[dict[str, Any]]] = {}
    for w in f.wounds:
        wounds.setdefault(w.zone, []).append({"precise": w.precise, "level": w.level, "W": w.W, "type": w.type,
                                              "flags": list(w.flags)})
    status = f.status
    if status == "ok" and helpless(f, r, e):
        status = "helpless"
    return {
        "pool": {"reflex": cap_r, "skill": cap_s, "skill_id": "wrestling" if wrestling(f, r, e) else f.pool_skill,
                 "spent": {"reflex": f.spent_R, "skill": f.spent_S},
                 "locked": {"reflex": f.locked_R, "skill": f.locked_S}, "avail_R": avail_r, "avail_S": avail_s},
        "initiative": "tie" if state.holder == "tie" else (state.holder == f.id if state.holder else None),
        "distance": state.distance, "stance": f.stance, "weapons": weapons, "wounds": wounds,
        "fatigue": f.fatigue, "pain": f.pain, "shock": shock_now(f, r, e), "bleeding": f.bleeding,
        "blood_loss": f.blood_loss, "status": status,
        "wrestling": wrestling(f, r, e), "held": held_zones(state, f), "enveloped": list(f.held),
        "effects": [{"kind": x.kind, "amount": x.amount, "from": list(x.start), "until": list(x.until), "ref": x.ref,
                     "source": x.source} for x in f.effects if x.until >= (r, max(e, 1))],
    }
