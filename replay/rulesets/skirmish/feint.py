"""The Feint (M14, L336–349, clarification C5): after the defender has declared a parry against a basic attack, the
attacker may invoke the feint (CP-13: new zone, attack type and buys, activation 1 + 1 per weight category above
light); the defence is void and every point it charged is locked; a free Body Language by Empathy check at %5 frees
one locked point per success (C5: the defender's choice, reflex first by default); the defender may declare a new
defence with freed and uncommitted points (CP-14)."""

from __future__ import annotations

import json
from typing import Any

from replay.context import Context
from replay.rulesets.skirmish import check, costs, data, dice, pools
from replay.rulesets.skirmish.model import Declared, SkirmishOptions

ANSWERS = frozenset({"parry", "counterattack", "knock_aside"})
"""Defences a feint answers (L344: a parry or its implemented variants, a knock-aside)."""


def chances(state: Any) -> list[tuple[Declared, Declared]]:
    """(attack, defence) pairs where the attacker may invoke a feint now."""
    out = []
    for att in state.declared:
        if att.step != "attack" or att.maneuver not in costs.BASIC_ATTACKS or att.priced.get("feint"):
            continue
        dfn = next((d for d in state.declared if d.actor == att.order.get("target") and d.step == "defence"
                    and d.maneuver in ANSWERS), None)
        if dfn is None:
            continue
        attacker = state.fighter(att.actor)
        weapon = attacker.weapon_by_id(att.priced["weapon"] or "")
        if weapon is None or attacker.skill(data.weapon_type(weapon.type)["skill"]) < 4:
            continue
        if pools.available(attacker, state.round, state.exchange)[0] < activation(weapon.type):
            continue
        out.append((att, dfn))
    return out


def activation(weapon_type: str) -> int:
    """M14: 1 reflex + 1 per weight category of the weapon above light."""
    return 1 + data.WEIGHTS.index(data.weapon_type(weapon_type)["weight"])


def as_feint(value: Any) -> Any:
    """A feint choice as recorded: "no", a JSON object, or the text form "thrust left_leg precise:knee danger:1"
    (what `battlelog choose GAME feint "…"` records)."""
    if isinstance(value, str) and value.strip().startswith("{"):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    if isinstance(value, str) and value.strip() != "no":
        words = value.split()
        return {"maneuver": words[0], "zone": words[1] if len(words) > 1 else None, "buys": words[2:]}
    return value


def valid(value: Any) -> bool:
    value = as_feint(value)
    return value == "no" or (isinstance(value, dict) and value.get("maneuver") in costs.BASIC_ATTACKS
                             and value.get("zone") in data.body()["declared"]
                             and all(isinstance(b, str) and check.BUY.match(b) for b in value.get("buys") or []))


def invoke(ctx: Context, x: int, options: SkirmishOptions, emit: Any, declared: Any) -> None:
    """Step 5 of the exchange (4.4): every feint the attackers may invoke, then the defenders' answers."""
    for att, dfn in chances(ctx.state):
        weapon = ctx.state.fighter(att.actor).weapon_by_id(att.priced["weapon"])
        assert weapon is not None
        value, _ = ctx.ask("feint", actor=att.actor, options=["no", "{maneuver, zone, buys}"], default="no",
                           accept=valid, what=f"invoke a feint against {dfn.actor}'s parry (CP-13): \"no\" or "
                           "{\"maneuver\": thrust|chop|slash|crush, \"zone\": …, \"buys\": […]}", exchange=x)
        value = as_feint(value)
        if value == "no":
            continue
        new_order = {**att.order, "maneuver": value["maneuver"], "zone": value["zone"],
                     "buys": list(value.get("buys") or [])}
        state = ctx.state
        attacker = state.fighter(att.actor)
        priced = costs.price(state, attacker, new_order, options)
        act = activation(weapon.type)
        locked_r, locked_s = int(dfn.priced["paid_R"]), int(dfn.priced["paid_S"])
        problems = []
        if priced["difficulty"] is None:
            problems.append(f"{weapon.type} cannot {value['maneuver']}")
        elif priced["difficulty"] > options.max_difficulty:
            problems.append(f"difficulty %{priced['difficulty']} > %7")
        if problems:
            from replay.context import MissingInput

            raise MissingInput(f"turn {ctx.turn}: {att.actor}'s feint: " + "; ".join(problems))
        kept = {**priced, "dice_pool": att.priced["dice_pool"], "dice_cost": att.priced["dice_cost"],
                "doubling": att.priced["doubling"], "length_penalty": att.priced["length_penalty"],
                "dice_to_roll": att.priced["dice_to_roll"], "paid_R": att.priced["paid_R"] + act,
                "paid_S": att.priced["paid_S"], "activation": act, "cost_points": att.priced["cost_points"] + act,
                "feint": True, "initiative": "intercept_on_success", "maneuver_id": "M14"}
        emit(ctx, "feint", {
            "exchange": x, "attacker": att.actor, "defender": dfn.actor, "order": new_order, "priced": kept,
            "activation": act, "locked": {"reflex": locked_r, "skill": locked_s},
            "why": [f"{att.actor} invokes a feint: {att.maneuver} → {value['maneuver']} at {value['zone']}, "
                    f"activation {act} R (1 + weight above light); %{kept['difficulty']}"
                    + (f", requires {kept['required_extra']}" if kept["required_extra"] else ""),
                    f"{dfn.actor}'s {dfn.maneuver} is void; R{locked_r} S{locked_s} locked (C5)"],
            "rule": ["5.4.1 M14", "L336-349"], "defaults": ["A-46", "C5"]})
        defender = ctx.state.fighter(dfn.actor)
        n = defender.skill("body_language") + defender.char("empathy")
        roll = ctx.roll(f"{n}d{options.pool_die_sides}", actor=dfn.actor, purpose="body_language",
                        what=f"Body Language by Empathy of {dfn.actor} against the feint (%5, free)", exchange=x)
        counted = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
        free = max(0, min(counted.net, locked_r + locked_s))
        default = {"reflex": min(free, locked_r), "skill": free - min(free, locked_r)}
        split, how = ctx.ask("freed", actor=dfn.actor, options=[default], default=default, applies=True,
                             accept=lambda v, f=free, r=locked_r, s=locked_s: isinstance(v, dict)
                             and v.get("reflex", 0) + v.get("skill", 0) == f and 0 <= v.get("reflex", 0) <= r
                             and 0 <= v.get("skill", 0) <= s,
                             what=f"which {free} locked points the Body Language check frees (C5)", exchange=x)
        emit(ctx, "feint_check", {
            "exchange": x, "defender": dfn.actor, "roll": counted.to_json(), "freed": split,
            "why": [f"{dfn.actor} Body Language {defender.skill('body_language')} + Empathy "
                    f"{defender.char('empathy')} = {n}d %5 {list(counted.faces)} → {counted.hits} − {counted.ones} = "
                    f"{counted.net} → frees R{split['reflex']} S{split['skill']}"
                    + (" (reflex first, C5)" if how == "default" else "")],
            "rule": ["M14", "L347"], "defaults": ["A-46", "C5"]}, cause=roll.seq or None)
        ctx.set_phase(f"x{x}.s4")
        order = answer(ctx, dfn.actor, x)
        if order is not None:
            problems = check.declaration(ctx.state, dfn.actor, {**order.payload, "step": "defence"}, options)
            if problems:
                from replay.context import MissingInput

                raise MissingInput(f"turn {ctx.turn}: {dfn.actor}'s defence after the feint at seq {order.seq}: "
                                   + "; ".join(problems))
            declared(ctx, dfn.actor, {**order.payload, "step": "defence", "after_feint": True}, order.seq,
                     forced=None, options=options)


def answer(ctx: Context, fid: str, x: int) -> Any:
    """CP-14: the defender's new defence after a feint (an order with step `after_feint`; `pass` declines)."""
    from replay.rulesets.skirmish.resolve import need_declarations

    event = need_declarations(ctx, [fid], x, "after_feint")[fid]
    return None if event.payload.get("maneuver") == "pass" else event
