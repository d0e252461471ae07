"""M15 Transfer feint («Финт переводом», L351–365, A-33; CP-15, CP-16; T-07).

Phase 1 (exchange 1): the attacker declares a basic attack (thrust, chop, slash, crush) as usual and commits the
transfer feint as his own choice `transfer_feint`, keyed by exchange 1, best sealed (`battlelog choose … --seal`),
before the defender declares his defence (CP-15): `{"master": m, "extraordinary": e}` (m + e ≥ 1; a number n means n
master successes). After the defence steps the seal is revealed; the activation (1 reflex + 1 per weight category above
medium) and the successes are spent, and the m + e successes are added to the attack roll as automatic successes
(L361). If the attack wins (final > 0): no damage; the attacker keeps initiative (keep_on_success); the successes carry
over as automatic successes on his attack in exchange 2; the defender's defence in exchange 2 loses the phase-1 final
successes as dice (A-33). If it fails, the successes are lost and there is no phase 2.

Phase 2 (exchange 2): the blow uses the opposite side of the weapon and the same basic maneuver, to the symmetric part
of the body (L363–365, T-07): PROPOSED symmetry head ↔ legs, upper ↔ lower torso, left ↔ right limb (the catalogue
entry's `symmetric`); the GM decides symmetry (CP-16) by the choice `symmetric` (no `--actor`; key exchange 1 and the
attacker; a list of declared zones), recorded before the phase-2 declaration. Any other phase-2 attack is refused.
"""

from __future__ import annotations

from typing import Any

from replay.context import MissingInput, Waiting
from replay.rulesets.skirmish import costs, data, pools
from replay.rulesets.skirmish.maneuvers.base import (
    Move,
    emit_effect,
    extraordinary_left,
    masters_left,
    problem,
    register,
    weapon_skill,
)
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions

CODE = "transfer_feint"


def entry() -> dict[str, Any]:
    return data.maneuvers()[CODE]


def as_commitment(value: Any) -> dict[str, int] | None:
    """The recorded commitment: {"master": m, "extraordinary": e}, a number (master successes), or the text "m e"."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        value = {"master": value, "extraordinary": 0}
    elif isinstance(value, str):
        parts = value.replace(",", " ").split()
        if not parts or not all(p.isdigit() for p in parts) or len(parts) > 2:
            return None
        value = {"master": int(parts[0]), "extraordinary": int(parts[1]) if len(parts) > 1 else 0}
    if not isinstance(value, dict) or set(value) - {"master", "extraordinary"}:
        return None
    m, e = value.get("master", 0), value.get("extraordinary", 0)
    if not isinstance(m, int) or not isinstance(e, int) or m < 0 or e < 0 or m + e < 1:
        return None
    return {"master": m, "extraordinary": e}


FORMAT = ('CP-15 (M15): transfer_feint is {"master": m, "extraordinary": e} with m + e ≥ 1 (or a number of master '
          "successes), the attacker's own choice keyed by exchange 1")


def activation(weapon_type: str) -> int:
    """M15: 1 reflex + 1 per weight category above medium."""
    return 1 + max(0, data.WEIGHTS.index(data.weapon_type(weapon_type)["weight"]) - 1)


def symmetric(zone: str) -> list[str]:
    """The PROPOSED symmetric zones of a phase-1 zone (catalogue entry `symmetric`; CP-16 the GM's)."""
    return list(entry()["symmetric"].get(zone, []))


def now(f: Fighter, kind: str, state: Fight) -> Any:
    found = pools.now(f, kind, state.round, state.exchange)
    return found[0] if found else None


def commitment(ctx: Any, att: Declared) -> tuple[dict[str, int], Any] | None:
    """The attacker's commitment for exchange 1 (waiting for the reveal of a sealed one), or None."""
    key = {"exchange": 1}
    seal = ctx.recorded.seal_for("choice", att.actor, "transfer_feint", key)
    if seal is not None:
        from replay.context import Request, freeze

        req = Request("reveal", att.actor, "transfer_feint", freeze(key), what=f"reveal of {att.actor}'s sealed "
                      f"transfer feint (seq {seal.seq}; M15, CP-15)", phase=ctx.phase, seal=seal.seq)
        ctx.asked.append(req)
        raise Waiting(requests=[req])
    found = ctx.recorded.choices(att.actor, "transfer_feint", **key)
    if not found:
        return None
    event = found[-1]
    ctx.used.add(event.seq)
    value = as_commitment(event.payload.get("value"))
    if value is None:
        raise MissingInput(f"turn {ctx.turn}: {att.actor}'s transfer feint at seq {event.seq}: {FORMAT}")
    return value, event


def phase1_problems(state: Fight, att: Declared, value: dict[str, int], event: Any,
                    defended: int | None) -> list[str]:
    """M15's conditions at the reveal; `defended`: the seq of the defender's defence declaration (None: none)."""
    f = state.fighter(att.actor)
    w = f.weapon_by_id(att.priced.get("weapon") or "")
    out = []
    if att.maneuver not in costs.BASIC_ATTACKS or att.priced.get("feint"):
        out.append(problem("condition_failed", "5.4.1 M15, L357", "a transfer feint is a basic attack (thrust, chop, "
                           f"slash or crush), not {att.maneuver}" + (" after a feint (M14)" if att.priced.get("feint")
                                                                     else "")))
    if w is None:
        return out + [problem("condition_failed", "5.4.1 M15", f"{att.actor} holds no weapon for the feint")]
    skill = weapon_skill(f, w)
    if f.skill(skill) < entry()["min_level"]:
        out.append(problem("skill_too_low", "4.8, A-21", f"M15 transfer_feint needs {skill} {entry()['min_level']}, "
                           f"{att.actor} has {f.skill(skill)}"))
    if value["master"] > masters_left(f, skill):
        out.append(problem("cannot_pay", "2.5, L361", f"{value['master']} master successes committed, "
                           f"{masters_left(f, skill)} left in {skill}"))
    if value["extraordinary"] > extraordinary_left(f):
        out.append(problem("cannot_pay", "2.5, L361", f"{value['extraordinary']} extraordinary successes committed, "
                           f"{extraordinary_left(f)} left"))
    act = activation(w.type)
    if pools.available(f, state.round, state.exchange)[0] < act:
        out.append(problem("cannot_pay", "5.4.1 M15", f"the activation costs {act} reflex (1 + weight above medium); "
                           f"available R{pools.available(f, state.round, state.exchange)[0]}"))
    if defended is not None and (event.cause or event.seq) > defended:
        out.append(problem("step_or_action", "5.4.1 M15, CP-15", f"the transfer feint (seq {event.cause or event.seq})"
                           f" is committed after {att.order.get('target')}'s defence declaration (seq {defended}): "
                           "commit it, sealed, before the defence"))
    return out


def invoke(ctx: Any, x: int, options: SkirmishOptions, defended: Any = None) -> None:
    """After the defence steps of exchange 1: reveal and apply each attacker's transfer feint (phase 1); `defended`
    (attack -> seq or None) finds the defence declaration answering it where it is not the target's one order (a melee
    group's, keyed by `answers`)."""
    if x != 1:
        return
    for att in [d for d in ctx.state.declared if d.step == "attack" and d.maneuver != "pass"]:
        found = commitment(ctx, att)
        if found is None:
            continue
        value, event = found
        if defended is not None:
            seq = defended(att)
        else:
            order = ctx.recorded.order_for(att.order.get("target"), exchange=1, step="defence")
            seq = None if order is None else order.seq
        problems = phase1_problems(ctx.state, att, value, event, seq)
        if problems:
            raise MissingInput(f"turn {ctx.turn}: {att.actor}'s transfer feint at seq {event.seq}: "
                               + "; ".join(problems))
        f = ctx.state.fighter(att.actor)
        w = f.weapon_by_id(att.priced["weapon"])
        assert w is not None
        act, k = activation(w.type), value["master"] + value["extraordinary"]
        r = ctx.state.round
        changes = [{"op": "spend", "fighter": att.actor, "reflex": act, "master": value["master"],
                    "extraordinary": value["extraordinary"]},
                   {"op": "effect", "fighter": att.actor, "kind": "transfer_feint", "amount": k, "start": [r, 1],
                    "until": [r, 1], "ref": f"{att.maneuver}:{att.order.get('zone')}", "source": "M15"}]
        emit_effect(ctx, x, CODE, att.actor, changes, [
            f"{att.actor} reveals a transfer feint (CP-15): {value['master']} master + {value['extraordinary']} "
            f"extraordinary = {k} automatic successes on the {att.maneuver}; activation {act} R (1 + weight above "
            "medium); a win deals no damage and carries over to exchange 2 (L351-365)"],
            ["5.4.1 M15", "L351-365"], ["A-33"], cause=event.seq or None)


def auto_successes(state: Fight, decl: Declared) -> int:
    """L361: the committed successes on the phase-1 attack; carried over to the phase-2 attack."""
    if decl.step != "attack":
        return 0
    f = state.fighter(decl.actor)
    return pools.amount(f, "transfer_feint", state.round, state.exchange) + \
        pools.amount(f, "transfer_auto", state.round, state.exchange)


def phase1(state: Fight, att: Declared) -> bool:
    return att.step == "attack" and now(state.fighter(att.actor), "transfer_feint", state) is not None


def settle(ctx: Any, x: int, outcomes: list[dict[str, Any]], group: bool = False) -> None:
    """The end of phase 1: a win carries the successes over and penalises the defence of exchange 2; a failure
    loses them (A-33). In a melee group (`group`) there is no combat initiative to keep, and the lost dice fall on the
    target's defence against this attacker only (PROPOSED, docs/skirmish.md)."""
    state = ctx.state
    for o in outcomes:
        att = o.get("attack")
        if att is None or not phase1(state, att):
            continue
        f = state.fighter(att.actor)
        k = pools.amount(f, "transfer_feint", state.round, x)
        r, target = state.round, att.order["target"]
        if o.get("winner") != "attack":
            emit_effect(ctx, x, CODE, att.actor, [], [
                f"phase 1 of {att.actor}'s transfer feint fails: the {k} successes are lost, no phase 2 (A-33)"],
                ["5.4.1 M15", "L361"], ["A-33"])
            continue
        zone = att.order.get("zone") or ""
        zones, how = ctx.ask("symmetric", actor=None, options=list(data.body()["declared"]), default=symmetric(zone),
                             applies=True, accept=lambda v: isinstance(v, list) and bool(v) and all(
                                 z in data.body()["declared"] for z in v),
                             what=f"the zones symmetric to {zone} for {att.actor}'s phase-2 blow (CP-16, M15)",
                             exchange=1, attacker=att.actor)
        final = int(o.get("final", 0))
        changes = [{"op": "effect", "fighter": att.actor, "kind": "transfer_auto", "amount": k, "start": [r, 2],
                    "until": [r, 2], "ref": "attack", "source": "M15"},
                   {"op": "effect", "fighter": att.actor, "kind": "transfer_phase2", "amount": 0, "start": [r, 2],
                    "until": [r, 2], "ref": f"{att.maneuver}:{','.join(zones)}", "source": "M15"},
                   {"op": "effect", "fighter": target, "kind": "defence_lost_dice", "amount": final,
                    "start": [r, 2], "until": [r, 2], "ref": f"M15:{att.actor}" if group else "M15",
                    "source": "M15"}]
        kept = "the group's order stays the general initiative chain (4.4)" if group else \
            f"{att.actor} keeps initiative (keep_on_success)"
        emit_effect(ctx, x, CODE, att.actor, changes, [
            f"phase 1 wins with {final} final successes: no damage; {kept}; "
            f"{k} automatic successes on the phase-2 {att.maneuver} in exchange 2, to {', '.join(zones)}"
            + (" (the GM's symmetry, CP-16)" if how == "chosen" else " (PROPOSED symmetry; CP-16 the GM's)")
            + f", with the opposite side of the weapon; {target}'s defence there loses {final} dice (A-33)"
            + (f" against {att.actor}'s blow" if group else "")],
            ["5.4.1 M15", "L361-365"] + (["4.4"] if group else []), ["A-33"] + ([] if how == "chosen" else ["CP-16"]))


def phase2_problems(state: Fight, actor: Fighter, order: dict[str, Any]) -> list[str]:
    """T-07: the phase-2 blow is the same basic maneuver to a symmetric zone (the GM may name others, CP-16)."""
    if order.get("step") != "attack" or order.get("maneuver") in (None, "pass"):
        return []
    found = now(actor, "transfer_phase2", state)
    if found is None:
        return []
    maneuver, zones = found.ref.split(":", 1)
    allowed = zones.split(",")
    if order["maneuver"] != maneuver or order.get("zone") not in allowed:
        return [problem("condition_failed", "5.4.1 M15, L363, T-07", f"the transfer feint's phase 2 is a "
                        f"{maneuver} with the opposite side of the weapon to {' or '.join(allowed)}, not "
                        f"{order['maneuver']} to {order.get('zone')} (the GM decides symmetry: choice symmetric, "
                        "CP-16)")]
    return []


DAMAGE_TYPES = ("crushing", "chopping", "cutting", "piercing")
REVERSE_FORMAT = ("M15 (L363): reverse_damage is the GM's ruling (no --actor), keyed by exchange 2 and the attacker: "
                  'the damage D and its type (crushing, chopping, cutting or piercing), as the text "D TYPE" or --json '
                  'with "damage", "type" and an optional "penetration"')


def as_reverse(value: Any) -> dict[str, Any] | None:
    """The GM's damage for the phase-2 blow: {"damage": D ≥ 0, "type": …, "penetration": P ≥ 0}, or "D TYPE"."""
    if isinstance(value, str):
        parts = value.split()
        if len(parts) != 2 or not parts[0].isdigit():
            return None
        value = {"damage": int(parts[0]), "type": parts[1]}
    if not isinstance(value, dict) or set(value) - {"damage", "type", "penetration"}:
        return None
    d, t, p = value.get("damage"), value.get("type"), value.get("penetration", 0)
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (d, p)) or t not in DAMAGE_TYPES:
        return None
    return {"damage": d, "type": t, "penetration": p}


def reverse_blow(ctx: Any, x: int, att: Declared) -> Any:
    """L363: the phase-2 blow uses the opposite side of the weapon (the back of the blade, a spear's butt); the
    rulebook gives it no damage, so the GM rules it: the choice `reverse_damage` (no --actor, keyed by exchange and
    attacker; no default — the rules wait for the ruling). None: not a phase-2 blow."""
    from replay.rulesets.skirmish.maneuvers.base import Strike

    state = ctx.state
    f = state.fighter(att.actor)
    if att.step != "attack" or att.maneuver not in costs.BASIC_ATTACKS or now(f, "transfer_phase2", state) is None:
        return None
    value, _ = ctx.ask("reverse_damage", actor=None, options=[], accept=lambda v: as_reverse(v) is not None,
                       what=f"the rulebook gives no damage for the opposite side of the weapon (the back of the blade, "
                       f"a spear's butt; M15, L363): the GM rules the damage of {att.actor}'s phase-2 "
                       f"{att.maneuver}, e.g. {{\"damage\": 3, \"type\": \"crushing\"}}", exchange=x,
                       attacker=att.actor)
    ruled = as_reverse(value)
    assert ruled is not None
    return Strike(att.priced.get("attack_type") or "crush", ruled["type"], ruled["damage"],
                  [f"{ruled['damage']} {ruled['type']}"], penetration=ruled["penetration"],
                  note="the GM's ruling for the opposite side of the weapon (the rulebook gives none, M15, L363)")


def refused(state: Fight, actor: Fighter, order: dict[str, Any]) -> list[str]:
    return [problem("condition_failed", "5.4.1 M15, CP-15", "declare the basic attack (thrust, chop, slash or crush) "
                    "and commit the transfer feint as your choice transfer_feint (exchange 1, sealed) before the "
                    "defence")]


register(Move(CODE, conditions=refused))
