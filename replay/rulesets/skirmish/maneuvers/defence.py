"""Defensive maneuvers M33–M49 (spec 5.4.2, L497–640) beyond the blocks, parry, counterattack, knock-aside,
retreat, sidestep and slip (costs.py, resolve.py). M37 Protect ally needs an ally (part 2); M49 Counter-response is
never described (A-25: disabled)."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import costs, damage, data
from replay.rulesets.skirmish.maneuvers import catch
from replay.rulesets.skirmish.maneuvers.attack import blow, weapon_length
from replay.rulesets.skirmish.maneuvers.base import (
    Move,
    Problems,
    check_roll,
    checked,
    emit_effect,
    extraordinary_left,
    faces,
    masters_left,
    next_exchange,
    problem,
    register,
    timed,
)
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions, Weapon

ROUND_END = 2


def parry_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                     options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """The parry difficulty of the weapon against the incoming attack (A-92: Master strike; Bind, Blade catch as
    parry variants), with the weight-pair penalty (A-43)."""
    return costs.base_difficulty(state, actor, {**order, "maneuver": "parry"}, w, options)


def against(kinds: tuple[str, ...], mid: str, line: str) -> Any:
    def conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
        att = costs.incoming(state, actor.id)
        if att is not None and costs.attack_type_of(att) not in kinds:
            return [problem("condition_failed", f"5.4.2 {mid}, {line}", f"only against {', '.join(kinds)} attacks")]
        return []

    return conditions


# --- M35 limb block -------------------------------------------------------------------------------------------------

def limb_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                    options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """M35 (L531): %4, +1 for a zone the limb does not normally cover (arms: head and upper torso; legs: lower
    torso)."""
    att = costs.incoming(state, actor.id)
    zone = att.order.get("zone") if att is not None else None
    limb = order.get("limb", "arm")
    covers = ("head", "upper_torso", "left_arm", "right_arm") if limb == "arm" else ("lower_torso", "left_leg",
                                                                                     "right_leg")
    if zone is not None and zone not in covers:
        return 5, [f"{limb} block %4 +1: {zone} is not what the {limb} covers (L531)"]
    return 4, [f"{limb} block %4 (L531)"]


def limb_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M35 (L531): the blow hits the blocking limb (forearm; leg: shin, PROPOSED) with its damage less the block's
    final successes (a tie: 0, spec 2.3); a chop above 6 after armour severs the arm, and the rest (W − 6) hits the
    zone aimed at."""
    att, dfn = o["attack"], o["defence"]
    if o["winner"] == "attack" or o.get("cancelled"):
        return {}
    state = ctx.state
    attacker, defender = state.fighter(att.actor), state.fighter(dfn.actor)
    w = attacker.weapon_by_id(att.priced.get("weapon") or "")
    if w is None or att.priced.get("attack_type") is None:
        return {}
    raw, _, raw_why = damage.raw_damage(attacker, w.type, w.grip, att.priced["attack_type"], "", 0)
    limb = dfn.order.get("limb", "arm")
    side = "left" if defender.main_hand == "right" else "right"
    zone, precise = (f"{side}_arm", "forearm") if limb == "arm" else (f"{side}_leg", "shin")
    dtype = att.priced["damage_type"]
    armour, _, piece = damage.armour_of(defender, precise, dtype)
    w_ = max(0, raw - o["final"] - armour)
    why = raw_why + [f"limb block: the blow hits {defender.id}'s {zone} ({precise}): {raw} − {o['final']} final − "
                     f"armour {armour} = {w_} (M35, L531)"]
    changes: list[dict[str, Any]] = []
    if w_ > 0:
        level = damage.level_of(w_)
        flags = ["severed"] if dtype == "chopping" and w_ > 6 and limb == "arm" else []
        if flags:
            level = 5
        eff = damage.effects(level, dtype)
        changes.append({"op": "wound", "fighter": defender.id, "wound": {
            "zone": zone, "precise": precise, "type": dtype, "W": w_, "level": level, "pain": eff["pain"],
            "shock": eff["shock"], "bleeding": eff["bleeding"], "flags": flags,
            "consequences": damage.consequences(data.general_zone(zone), level, flags),
            "until": list(next_exchange(state.round, x))}})
        why.append(f"W {w_} → level {level}" + (" (the arm is severed)" if flags else ""))
    emit_effect(ctx, x, "limb_block", dfn.actor, changes, why, ["5.4.2 M35", "L531"], ["CP-47", "sample_v1"])
    if changes and "severed" in changes[0]["wound"]["flags"] and ctx.state.result is None:
        from replay.rulesets.skirmish.resolve import deal_hit

        rest = w_ - 6  # L531: the arm takes 6, the rest goes on to the zone the blow was aimed at
        on = Declared(att.actor, x, "attack", att.maneuver, {**att.order, "buys": []},
                      {**att.priced, "fixed_damage": rest, "damage_bonus": 0, "armour_ignored": 0,
                       "fixed_damage_why": f"D = {w_} − 6 (the severed arm) = {rest} (M35, L531)"})
        deal_hit(ctx, x, on, 0, options, note=[
            f"the blow severs {defender.id}'s {zone} and goes on to the {att.order.get('zone')} (M35, L531)"])
    return {}


# --- M38 delayed defence -----------------------------------------------------------------------------------------

def delayed_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    if state.holder != actor.id:
        return [problem("condition_failed", "5.4.2 M38, L546", "delayed defence only when your initiative is higher")]
    return []


def delayed_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M38 (L546–549): initiative given to the opponent; a free Body Language by Empathy check at %5 whose
    successes are bonus dice on dodges against that opponent for the rest of the round."""
    dfn: Declared = o["defence"]
    f = ctx.state.fighter(dfn.actor)
    r = check_roll(ctx, f.id, "body_language", f.skill("body_language") + f.char("empathy"), 5,
                   f"Body Language by Empathy of {f.id} studying {o['attack'].actor} (delayed defence)", x, options)
    n = max(0, r.net)
    rnd = ctx.state.round
    emit_effect(ctx, x, "delayed_defence", f.id, [checked(f.id, "body_language", r)] + (
        [timed(f.id, "dodge_bonus", n, (rnd, x), (rnd, ROUND_END), o["attack"].actor, "delayed_defence")]
        if n else []),
                [f"delayed defence: {f.id} gives initiative to {o['attack'].actor}; Body Language {faces(r)} → +{n} "
                 "dice on dodges for the rest of the round (M38, L549)"], ["5.4.2 M38"])
    return {"init": {f.id: "lose"}}


# --- M41 master strike --------------------------------------------------------------------------------------------

def master_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    w = actor.weapon
    if w is not None and masters_left(actor, data.weapon_type(w.type)["skill"]) < 1:
        out.append(problem("condition_failed", "5.4.2 M41, L574", "activation: 1 master success"))
    if order.get("zone") not in data.body()["declared"]:
        out.append(problem("zone_not_allowed", "5.4.2 M41, L576", "zone: where the counter-hit goes"))
    if w is not None and blow(order) not in data.weapon_type(w.type)["attacks"]:
        out.append(problem("condition_failed", "5.4.2 M41", f"attack_type: a blow {w.type} can make"))
    return out


def master_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M41 (L576): a winning defence's final successes become an immediate counter-hit that cannot be defended,
    processed as a hit (zone, buys, damage)."""
    from replay.rulesets.skirmish.resolve import deal_hit

    att, dfn = o["attack"], o["defence"]
    if o["winner"] != "defence":
        return {}
    f = ctx.state.fighter(dfn.actor)
    w = f.weapon_by_id(dfn.priced.get("weapon") or "")
    kind = blow(dfn.order)
    if w is None or kind is None:
        return {}
    row = data.weapon_type(w.type)["attacks"][kind]
    counter = Declared(dfn.actor, x, "attack", "master_strike", {**dfn.order, "target": att.actor},
                       {**dfn.priced, "attack_type": kind, "damage_type": row["type"], "nonlethal": False})
    emit_effect(ctx, x, "master_strike", dfn.actor, [], [f"master strike: {dfn.actor}'s {o['final']} final "
                                                         f"successes counter-hit {att.actor} at once, undefended "
                                                         "(M41, L576)"], ["5.4.2 M41"], ["A-92"])
    deal_hit(ctx, x, counter, o["final"], options)
    return {}


# --- M43 bind, M44 blade catch ------------------------------------------------------------------------------------

def bind_activation(state: Fight, actor: Fighter, order: dict[str, Any]) -> int:
    """M43: 1 reflex + 1 per distance category beyond your weapon's length."""
    w = actor.weapon
    if w is None or state.distance is None:
        return 1
    return 1 + max(0, data.length_index(state.distance) - data.length_index(weapon_length(w)))


def bind_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M43 (L594–597): per final success the opponent loses 1 reflex and 1 skill point next exchange and cannot use
    the bound weapon; the binder may only thrust with the binding weapon; the opponent may drop the bound weapon to
    escape the penalty (CP-12); the distance becomes the binding weapon's length."""
    att, dfn = o["attack"], o["defence"]
    if o["winner"] != "defence":
        return {}
    state = ctx.state
    nxt = next_exchange(state.round, x)
    bound = att.priced.get("weapon") or ""
    drop, how = ctx.ask("drop", actor=att.actor, options=["no", "yes"], default="no", applies=True,
                        what="drop the bound weapon to escape the penalty (CP-12, M43)", exchange=x)
    binding = state.fighter(dfn.actor).weapon_by_id(dfn.priced.get("weapon") or "")
    if drop == "yes":
        changes = [{"op": "drop", "fighter": att.actor, "weapon": bound}]
        why = [f"bind: {att.actor} drops {bound} to escape the penalty (CP-12)"]
    else:
        n = o["final"]
        changes = [timed(att.actor, "lose_R", n, nxt, nxt, source="bind"),
                   timed(att.actor, "lose_S", n, nxt, nxt, source="bind"),
                   timed(att.actor, "no_weapon", 1, nxt, nxt, bound, "bind")]
        why = [f"bind: {att.actor} loses {n} reflex and {n} skill points next exchange and cannot use {bound} (L597)"]
    if binding is not None:
        changes.append(timed(dfn.actor, "only_thrust", 1, nxt, nxt, binding.id, "bind"))
        why.append(f"{dfn.actor} may only thrust with {binding.id} next exchange")
    emit_effect(ctx, x, "bind", dfn.actor, changes, why, ["5.4.2 M43", "L594-597"], ["CP-12 default"]
                if how == "default" else [])
    return {"distance": weapon_length(binding)} if binding is not None else {}


def blade_catch_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    """M44 (L601): the weapon that catches has the mechanism, in either hand (the rulebook names no hand; an off-hand
    sword-breaker catches at the off hand's +1, L141), named with `weapon` when it is not the main one."""
    w = actor.weapon_by_id(order["weapon"]) if order.get("weapon") else actor.weapon
    out = []
    if w is None or "blade_catch" not in data.weapon_type(w.type).get("features", []):
        out.append(problem("condition_failed", "5.4.2 M44, L601", "the weapon needs a blade-catching mechanism"))
    if order.get("break"):  # the catcher's Strength check against the caught weapon (L605)
        return out + catch.break_problems(state, actor, order)
    if order["step"] != "defence":
        out.append(problem("condition_failed", "5.4.2 M44", 'a blade catch is a defence; in the attack step only the '
                           'attempt to break a caught weapon ("break": true)'))
    att = costs.incoming(state, actor.id)
    theirs = state.fighter(att.actor).weapon_by_id(att.priced.get("weapon") or "") if att is not None else None
    if theirs is not None and data.weapon_type(theirs.type)["skill"] not in ("swords", "knives"):
        out.append(problem("condition_failed", "5.4.2 M44, L601", "only against bladed weapons"))
    return out


def blade_catch_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                           options: SkirmishOptions) -> tuple[int | None, list[str]]:
    if order.get("break"):
        return catch.break_difficulty(state, actor, w)
    return parry_difficulty(state, actor, order, w, options)


def blade_catch_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M44 (L605): the caught weapon is unusable until its owner frees it with Maneuvering %6, drops it, or the
    catcher breaks it (maneuvers/catch.py); a break attempt is the catcher's own check."""
    att, dfn = o["attack"], o["defence"]
    if att.maneuver == "blade_catch" and att.order.get("break"):
        return catch.broken_after(ctx, x, att, o.get("attack_roll"), options)
    if o["winner"] != "defence":
        return {}
    wid = att.priced.get("weapon") or ""
    emit_effect(ctx, x, "blade_catch", dfn.actor, [catch.catch_change(att.actor, wid, (ctx.state.round, x))],
                [f"blade catch: {wid} is caught: {att.actor} cannot use it until he frees it (Maneuvering %6), "
                 "drops it or it breaks (M44, L605)"], ["5.4.2 M44"], ["A-36"])
    return {}


# --- M46 arrow ----------------------------------------------------------------------------------------------------

def arrow_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                     options: SkirmishOptions) -> tuple[int | None, list[str]]:
    tn = 6 if actor.load in ("heavy", "extreme") else 5
    return tn, [f"arrow %{tn}" + (" (heavy load)" if tn == 6 else "") + " (L622)"]


def arrow_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    if int((order.get("dice") or {}).get("skill", 0)) > actor.skill("acrobatics"):
        out.append(problem("condition_failed", "5.4.2 M46, A-46b", f"an arrow adds at most Acrobatics "
                           f"{actor.skill('acrobatics')} skill dice"))
    if masters_left(actor, "acrobatics") < 1 and extraordinary_left(actor) < 1:
        out.append(problem("condition_failed", "5.4.2 M46", "activation: 1 master or extraordinary success"))
    return out


def arrow_extras(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> dict[str, Any]:
    return {"master_spent": 1} if masters_left(actor, "acrobatics") >= 1 else {"extraordinary_spent": 1}


def arrow_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M46 (L626): each final success +1 die on your attack next exchange; then the opponent cannot use defences
    with an attacking element; you move to a cell of your choice (CP-17/CP-18: the distance)."""
    att, dfn = o["attack"], o["defence"]
    if o["winner"] != "defence":
        return {}
    nxt = next_exchange(ctx.state.round, x)
    dist, _ = ctx.ask("distance", actor=dfn.actor, options=list(data.LENGTHS), default=ctx.state.distance or "medium",
                      applies=True, what="the combat distance after the arrow (CP-17)", exchange=x)
    emit_effect(ctx, x, "arrow_evasion", dfn.actor, [
        timed(dfn.actor, "bonus", o["final"], nxt, nxt, "attack", "arrow_evasion"),
        timed(att.actor, "no_attacking_defence", 1, nxt, nxt, source="arrow_evasion")],
        [f"arrow: +{o['final']} dice on {dfn.actor}'s attack next exchange; {att.actor} has no parry, sudden "
         "attack, disarm, grab or knock-aside then (M46, L626)"], ["5.4.2 M46"], ["A-46b"])
    return {"distance": dist}


def unsupported(mid: str, text: str) -> Any:
    return lambda state, actor, order: [problem("condition_failed", f"5.4.2 {mid}", text)]


register(
    Move("limb_block", difficulty=limb_difficulty, conditions=against(("cut", "chop", "crush"), "M35", "L529"),
         weapon="none", after=limb_after, length_penalty="none"),
    Move("delayed_defence", conditions=delayed_conditions, after=delayed_after, pool_dice=False, weapon="none",
         difficulty=lambda s, a, o, w, opt: (5, ["Body Language %5 (L549)"])),
    Move("master_strike", difficulty=parry_difficulty, conditions=master_conditions, after=master_after,
         extras=lambda s, a, o, w: {"master_spent": 1}),
    Move("bind", difficulty=parry_difficulty, conditions=against(("thrust", "cut"), "M43", "L594"),
         activation=bind_activation, after=bind_after),
    Move("blade_catch", difficulty=blade_catch_difficulty, conditions=blade_catch_conditions, after=blade_catch_after,
         activation=lambda s, a, o: 0 if o.get("break") else 1, steps=("defence", "attack"),
         extras=lambda s, a, o, w: catch.break_extras(a) if o.get("break") else {}),
    Move("arrow_evasion", difficulty=arrow_difficulty, conditions=arrow_conditions, extras=arrow_extras,
         after=arrow_after, weapon="none", length_penalty="none"),
)

