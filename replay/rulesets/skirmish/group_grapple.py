"""Grapples inside a melee of several fighters (4.4, 5.8, PROPOSED; docs/skirmish.md, "Grapples in a melee of
several fighters"): a grapple per pair of the group's fighters, each played by part 1's wrestling (maneuvers/
wrestling.py) on the view of its two fighters (`group.view` hands it the pair's grapple); the Pounce (M65) on one or
several targets.

The rulebook (L721-892) says nothing of a third fighter; our reading (PROPOSED), the one the text points to:

- one grapple each: a grapple is two bodies in contact (L723, L14); a fighter already grappling neither grabs, dives
  for the legs or pounces, nor is grabbed, dived at or pounced on by another (`ONE_EACH`);
- wrestling is played between the two: a wrestling technique is aimed at, or answers, his grapple partner (`PARTNER`);
- a grappler against a third: he is in wrestling, so only what wrestling leaves him (L723: wrestling maneuvers,
  fist-fighting, hand and short weapons, longer ones by the hilt; L892: Slip the only evasion): he strikes a third
  with a punch, a kick, a headbutt or a basic attack of a hand or short weapon, its damage halved as every blow in
  wrestling (L840), and defends with Slip, a limb block, or a block, parry or knock-aside of a hand or short weapon
  or of a shield (`ON_THIRD`, `THIRD_DEFENCES`); he moves no cell by Maneuvering (M53's `to`);
- the third's attack on a grappler gets no bonus of its own: what the hold does to him is already in the rules (the
  Envelop table halves his pools, 5.8.4; only Slip evades, L892; lying halves reflex, L725) (`before_strike`);
- a grab or a leg dive that succeeds makes every other maneuver of the held fighter this exchange fail (L660): his
  attacks resolved after it and his defences against a third too;
- the grapple ends as part 1 ends it (a break free, a throw or trip the thrower does not fall with), and when one of
  the two is out of the fight (dead or unconscious) at the end of the exchange; a fall, a wound or a third's blow does
  not end it (wrestling goes on on the ground, L723, L725) (`loosen`).

The Pounce on several targets (L826, «масса цели/целей»): `then` names the further targets, enemies in this melee in
cells touching the pouncer's (a pounce is a maneuver at hand distance, L822); the difficulty and the defences'
modifiers go by the targets' total mass (L826); one attack roll against each target's own defence, as a synchronous
attack's (M24, L441); each target it beats takes the kick's damage and falls, and wrestling begins with the first it
knocks down (a grapple holds two: the others are only knocked down)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.context import Context
from replay.rulesets.skirmish import check, costs, data, melee_group, sweep
from replay.rulesets.skirmish import resolve as rules
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions, Weapon

ONE_EACH = "a fighter is in one grapple at most (PROPOSED, L723)"
PARTNER = "wrestling is played between the two of a grapple (PROPOSED, 5.8)"
STARTS = frozenset({"grab", "leg_dive", "pounce"})
"""The maneuvers that start a grapple (5.8.1, L14)."""
ON_THIRD = frozenset({"punch", "kick", "headbutt", *costs.BASIC_ATTACKS})
"""A grappler's attacks on a third fighter: fist-fighting, and a basic attack with a hand or short weapon (L723)."""
THIRD_DEFENCES = frozenset({"slip", "limb_block", "weapon_block", "shield_block", "parry", "knock_aside"})
"""A grappler's defences against a third fighter's attack (L723, L892)."""
BLOWS = frozenset({"fixed_headbutt", "grapple_weapon_strike"})
"""The blows in wrestling (M67, M68, L840-854)."""
SHORT = data.length_index("short")
GRAPPLE_ENDS = "5.8"
"""The label of an effect that ends a grapple begun by any of STARTS (its maneuver_id): the post says «захват (5.8)»."""


# --- the state -----------------------------------------------------------------------------------------------------

def between(group: Fight, a: str, b: str) -> dict[str, Any] | None:
    """The grapple of `a` and `b` in the group, or None."""
    return next((g for g in group.grapples if {g["holder"], g["held"]} == {a, b}), None)


def partner(group: Fight, fid: str) -> str | None:
    """The one `fid` grapples with in the group, or None."""
    g = group.grapple_of(fid)
    return None if g is None else g["held"] if g["holder"] == fid else g["holder"]


def folded(state: Fight, value: dict[str, Any] | None, actor: str) -> Fight:
    """5.8 in a melee group: a grapple formed or changed (its pair's), or broken (the one `actor` is in); the two
    fighters' wrestling pool (A-47), held zones and height bonus as a pair's."""
    pair = {value["holder"], value["held"]} if value is not None else set()
    old = next((g for g in state.grapples if (pair or {actor}) & {g["holder"], g["held"]}), None)
    if value is None and old is None:
        return state
    two = pair or {old["holder"], old["held"]}  # type: ignore[index]
    from replay.rulesets.skirmish.evolve import in_grapple

    fighters = [in_grapple(f, value) if f.id in two else f for f in state.fighters]
    kept = tuple(g for g in state.grapples if g is not old)
    return replace(state, fighters=tuple(fighters), grapples=kept if value is None else (*kept, value))


# --- declarations ------------------------------------------------------------------------------------------------

def problems(group: Fight, fid: str, order: dict[str, Any], grid_name: str) -> list[str]:
    """The PROPOSED rules of a grapple in a melee group (module docstring), checked on a declaration."""
    m = str(order.get("maneuver"))
    entry = data.maneuvers().get(m) or {}
    mid = entry.get("id", "")
    mine = partner(group, fid)
    if order.get("step") == "attack":
        targets = [str(order.get("target")), *pounce_further(order)] if m == "pounce" else [str(order.get("target"))]
        if m in STARTS:
            return start_problems(group, fid, order, targets, grid_name)
        other = targets[0]
        if mine is not None and m == "maneuvering" and order.get("stand_up"):
            return check.stand_up_held(group.fighter(fid), mine)
        if mine is not None and m == "maneuvering" and order.get("to") is not None:
            return [check.problem("condition_failed", "4.4, 5.8, M53", f"maneuvering: {fid} wrestles with {mine}: "
                                  "their bodies are in contact (L723), he moves no cell by Maneuvering (PROPOSED)")]
        if mine is not None and other != mine and other in group.ids and m not in ON_THIRD | {"maneuvering"}:
            return [check.problem("condition_failed", f"4.4, 5.8, L723, {mid}", f"{m}: {fid} wrestles with {mine}: "
                                  f"he attacks {other} only with a punch, a kick, a headbutt or a blow of a hand or "
                                  "short weapon (L723, PROPOSED)")]
        w = costs.weapon_of(group.fighter(fid), order) if m in costs.BASIC_ATTACKS else None
        if mine is not None and other != mine and w is not None:
            return too_long(fid, mine, m, w) or arm_held(group, fid, m, order)
        if entry.get("form") == "wrestling" and m not in check.OUTSIDE_WRESTLING and other != mine \
                and other in group.ids and m not in ON_THIRD:
            return [check.problem("condition_failed", f"4.4, 5.8, {mid}", f"{m}: {fid} does not grapple with "
                                  f"{other}: {PARTNER}")]
        return []
    answers = str(order.get("answers"))
    held = next((d for d in group.declared if d.actor == answers and d.step == "attack" and in_hold(group, d)), None)
    if m == "protect_ally" and held is not None:
        return [check.problem("condition_failed", "4.4, 5.8, M37", f"protect_ally: {answers}'s {held.maneuver} on "
                              f"{held.order.get('target')} is a technique inside their grapple, no blow an ally steps "
                              "in front of (PROPOSED, L540)")]
    if m == "protect_ally" and mine is not None:
        return [check.problem("condition_failed", "4.4, 5.8, M37", f"protect_ally: {fid} wrestles with {mine}: "
                              "their bodies are in contact (L723), he does not step into an ally's cell to protect "
                              "him (L540, PROPOSED)")]
    if mine is None or answers == mine or answers not in group.ids:
        if entry.get("form") == "wrestling" and m not in check.OUTSIDE_WRESTLING and answers in group.ids \
                and mine != answers:
            return [check.problem("condition_failed", f"4.4, 5.8, {mid}", f"{m}: {fid} does not grapple with "
                                  f"{answers}: {PARTNER}")]
        return []
    if m not in THIRD_DEFENCES:
        return [check.problem("condition_failed", f"4.4, 5.8, L892, {mid}", f"{m}: {fid} wrestles with {mine}: "
                              f"against {answers}'s attack he defends only with a slip, a limb block, or a block, "
                              "parry or knock-aside of a hand or short weapon or a shield (L723, L892, PROPOSED)")]
    w = costs.weapon_of(group.fighter(fid), order)
    if order.get("weapon") == "shield" or m == "shield_block" or w is None:
        return arm_held(group, fid, m, order)
    return too_long(fid, mine, m, w) or arm_held(group, fid, m, order)


def held_hands(f: Fighter) -> set[str]:
    """5.8.4 (L803-810): the hands whose arm the Envelop table makes useless: the main arm held («рука не может
    использоваться»), both with both arms held; the off arm alone only halves reflex. The enveloped zones, as the
    table's halvings count them (pools.envelop)."""
    if "main_arm" not in f.held:
        return set()
    off = "left" if f.main_hand == "right" else "right"
    return {f.main_hand, off} if "off_arm" in f.held else {f.main_hand}


def arm_held(group: Fight, fid: str, m: str, order: dict[str, Any]) -> list[str]:
    """5.8.4: a weapon or shield in a held arm's hand is not used against a third fighter, to attack or defend."""
    f = group.fighter(fid)
    hands = held_hands(f)
    if not hands:
        return []
    if order.get("weapon") == "shield" or m == "shield_block":
        item, used = "shield", {f.shield.hand} if f.shield is not None else set()
    else:
        w = costs.weapon_of(f, order)
        item, used = (w.id, set(w.hands)) if w is not None else ("", set())
    if not used & hands:
        return []
    arm = "both arms are" if len(hands) == 2 else "his main arm is"
    return [check.problem("condition_failed", f"4.4, 5.8.4, {data.maneuvers()[m]['id']}", f"{m}: {arm} held "
                          f"(Envelop): the arm cannot be used, so {fid} neither attacks nor defends with his {item} "
                          "(5.8.4, L803-810)")]


def too_long(fid: str, mine: str, m: str, w: Weapon) -> list[str]:
    """L723: in wrestling a weapon longer than short serves only by the hilt (a grappler against a third)."""
    if data.length_index(costs.weapon_length(w)) <= SHORT:
        return []
    return [check.problem("condition_failed", f"4.4, 5.8, L723, {data.maneuvers()[m]['id']}", f"{m}: {fid} wrestles "
                          f"with {mine}: his {w.id} is longer than short, and in wrestling it serves only by the hilt "
                          "(L723, PROPOSED)")]


def start_problems(group: Fight, fid: str, order: dict[str, Any], targets: list[str], grid_name: str) -> list[str]:
    """A grab, leg dive or pounce: neither the actor nor a target already grapples (`ONE_EACH`); a pounce's further
    targets are enemies in this melee, each once, in cells touching the pouncer's (L822)."""
    from replay.rulesets.skirmish import field as grid

    m = str(order["maneuver"])
    mid = data.maneuvers()[m]["id"]
    out = []
    if m == "pounce" and order.get("then") is not None and not (
            isinstance(order["then"], list) and all(isinstance(t, str) for t in order["then"])):
        return [check.problem("condition_failed", "5.4.4 M65, L826", "then: the further targets of the pounce, a "
                              "list of fighter ids")]
    sides = {f.id: f.side for f in group.fighters}
    out += [p for t in targets[1:] for p in melee_group.attack_problems(sides, {"actor": fid, "target": t})]
    if len(set(targets)) != len(targets):
        out.append(check.problem("condition_failed", "5.4.4 M65, L826", "a pounce falls on each target once"))
    if out:
        return out
    f = group.fighter(fid)
    for t in targets[1:]:
        o = group.fighter(t)
        if grid.distance(grid_name, f.cell, o.cell) > 1:
            out.append(check.problem("out_of_reach", "5.4.4 M65, L822", f"{t} at ({o.cell[0]}, {o.cell[1]}) does not "
                                     f"stand next to {fid}: a pounce is a maneuver at hand distance"))
        if t in group.retreated:
            out.append(check.problem("condition_failed", "4.4, M45", f"{t} retreated out of this melee (L620): no "
                                     "attack on him in it"))
    for who in [fid, *targets]:
        other = partner(group, who)
        if other is not None:
            out.append(check.problem("condition_failed", f"4.4, 5.8, {mid}", f"{m}: {who} already wrestles with "
                                     f"{other}: {ONE_EACH}"))
    return out


def in_hold(group: Fight, att: Declared) -> bool:
    """A wrestling technique one of a grapple plays on the other (M59-M64, M66, M69, M73): inside their hold, where
    no ally protects (PROPOSED); the blows in wrestling (M67, M68) are blows an ally may parry."""
    entry = data.maneuvers().get(att.maneuver) or {}
    return entry.get("form") == "wrestling" and att.maneuver not in BLOWS | check.OUTSIDE_WRESTLING \
        and partner(group, att.actor) == att.order.get("target")


def pounce_further(order: dict[str, Any]) -> list[str]:
    """M65 on several targets: the further targets (`then`)."""
    then = order.get("then")
    return [str(t) for t in then] if isinstance(then, list) else []


def massed(group: Fight, seen: Fight, fid: str, order: dict[str, Any]) -> Fight:
    """M65 on several targets (L826): the view's target of the pounce weighs the targets' total mass, for the
    pounce's difficulty and its defences' modifiers (part 1's arithmetic on the mass ratio)."""
    if order.get("step") == "attack":
        att = order if order.get("maneuver") == "pounce" else None
        target = str(order.get("target"))
    else:
        found = next((d for d in group.declared if d.actor == order.get("answers") and d.step == "attack"
                      and d.maneuver == "pounce"), None)
        att, target = (None, fid) if found is None else (found.order, fid)
    further = pounce_further(att) if att is not None else []
    if not further or target not in seen.ids:
        return seen
    ids = [str(att["target"]), *further]  # type: ignore[index]
    total = sum(group.fighter(t).weight_kg for t in ids if t in group.ids)
    t = seen.fighter(target)
    return seen.with_fighter(replace(t, weight_kg=total))


# --- resolution --------------------------------------------------------------------------------------------------

def before_strike(ctx: Context, x: int, outcomes: list[dict[str, Any]], item: rules.Item,
                  seen: Fight) -> tuple[rules.Item, dict[str, Any] | None]:
    """Before an attack of the group is compared: (the item, an outcome that settles it instead). L660: the attack of
    a fighter a grab or leg dive held earlier this exchange fails; so does his defence against a third's attack
    (PROPOSED). A third's attack on a grappler says that it gets no bonus (PROPOSED)."""
    from replay.rulesets.skirmish.group import in_view

    att, dfn = item.attack, item.defence
    stopped = next((o for o in outcomes if att.actor in o.get("cancel_maneuvers_of", ())), None)
    if stopped is not None:
        return item, in_view(ctx, seen, lambda sub: rules.cancelled(sub, x, item, stopped))
    if att.maneuver == "break_free":  # M73 (L888): no combat initiative to reroll in a group (4.4)
        item = replace(item, attack=replace(att, priced={**att.priced, "in_group": True}))
    target = str(att.order.get("target"))
    held = next((o for o in outcomes if dfn is not None and dfn.actor in o.get("cancel_maneuvers_of", ())), None)
    if dfn is not None and held is not None:
        by = held["attack"] if held["attack"].maneuver in ("grab", "leg_dive") else held["defence"]
        rules.emit(ctx, "effect", {"exchange": x, "maneuver": by.maneuver, "maneuver_id": by.priced.get(
            "maneuver_id") or data.maneuvers()[by.maneuver]["id"], "actor": by.actor, "changes": [],
            "why": [f"{dfn.actor}'s {dfn.maneuver} against {att.actor} fails: {by.actor}'s {by.maneuver} succeeded "
                    "(L660): every other maneuver of the held fighter this exchange fails (PROPOSED)"],
            "rule": ["5.4.3 M51", "L660", "4.4"]})
        item = replace(item, defence=None, defence_roll=None)
    other = partner(ctx.state, target)
    if other is not None and other != att.actor and target in ctx.state.ids:
        g = ctx.state.grapple_of(target)
        rules.emit(ctx, "effect", {"exchange": x, "maneuver": att.maneuver, "maneuver_id": data.maneuvers()[
            att.maneuver]["id"], "actor": att.actor, "changes": [],
            "why": [f"{target} wrestles with {other}" + (" on the ground" if g and g.get("ground") else "")
                    + f": {att.actor}'s attack on him gets no bonus of its own; he answers it only with a slip, a "
                    "limb block, or a block, parry or knock-aside of a hand or short weapon or a shield (PROPOSED, "
                    "L723, L892)"], "rule": ["4.4", "5.8", "L723", "L892"]})
    return item, None


def pounce_on(ctx: Context, x: int, att: Declared, a_roll: Any, first: dict[str, Any], defences: list[Declared],
              options: SkirmishOptions) -> list[dict[str, Any]]:
    """M65 on several targets (L826, PROPOSED): the one attack roll against each further target's own defence;
    wrestling begins with the first target it knocks down, the others it only knocks down."""
    from replay.rulesets.skirmish.group import in_view, view

    if ctx.state.result is not None or first.get("cancelled"):
        return []
    gripped = first.get("winner") == "attack"
    out: list[dict[str, Any]] = []
    for t in pounce_further(att.order):
        if ctx.state.result is not None:
            break
        priced = {**att.priced, "hit_key": {"target": t}, **({"knockdown_only": True} if gripped else {})}
        decl = replace(att, order={**att.order, "target": t}, priced=priced)
        dfn = sweep.answering(defences, att, t)
        d_roll = None
        if dfn is not None and rules.rolls_pool(dfn):
            d_roll = ctx.need_rolls([(rules.pool_dice(ctx, dfn.priced["dice_to_roll"], options), dfn.actor,
                                      "defence", {"exchange": x, "answers": att.actor}, f"defence roll of {dfn.actor} "
                                      f"against {att.actor} ({dfn.maneuver}, %{dfn.priced['difficulty']})")])[0]
        item = rules.Item(decl, dfn, a_roll, d_roll)
        seen = sweep.with_protector(ctx.state, view(ctx.state, att.actor, t, (decl,) if dfn is None else
                                                    (decl, dfn)), dfn)
        cmp_ = rules.compare(seen, item, options)
        o = in_view(ctx, seen, lambda sub, it=item, c=cmp_: rules.strike(sub, x, it, c, options))
        gripped = gripped or o.get("winner") == "attack"
        out.append(o)
    return out


def loosen(ctx: Context, x: int) -> None:
    """PROPOSED: a grapple of the group one of whose two is out of the fight (dead or unconscious) ends at the end of
    the exchange (the hold is broken: the other is free in the melee)."""
    for g in ctx.state.grapples:
        down = [i for i in (g["holder"], g["held"]) if ctx.state.fighter(i).out]
        if not down:
            continue
        other = next((i for i in (g["holder"], g["held"]) if i not in down), g["holder"])
        standing = ctx.state.fighter(other)
        # the maneuver that began the grapple (a Grab, a Leg dive or a Pounce) is not kept in the state: the line is
        # labelled by the rule of grapples, «захват (5.8)», not as a Grab (M51)
        rules.emit(ctx, "effect", {"exchange": x, "maneuver": "grab", "maneuver_id": GRAPPLE_ENDS, "actor": other,
                                   "changes": [{"op": "grapple", "value": None}],
                                   "why": [f"{down[0]} is out of the fight ({ctx.state.fighter(down[0]).status}): "
                                           f"{standing.id}'s grapple with him ends; {standing.id} fights on in the "
                                           "melee (PROPOSED, 5.8, 4.4)"], "rule": ["5.8", "4.4"]})
