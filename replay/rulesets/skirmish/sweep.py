"""Circular strike (M09) and circular slash (M10) on several targets in a melee of several fighters (L280-306), and
the synchronous attack (M24) on two adjacent targets (L441, at the end).

The declaration names the first target and the zone (`target`, `zone`) and the trajectory as the further targets in
the sweep's order (`then`, CP-09: the player's, in his order). The targets stand within the weapon's reach, at most
two with a short or medium weapon and three with a longer one, 2 m apart only with a long weapon or longer, never
3 m (T-04, L289). Each target gets its own attack roll in order (keyed by exchange and `target`) against his own
defence; a target of a height far from the first's (more than 25 cm, as CP-08) gets the zone the GM gives (the choice
`circular_zone`, CP-10). A defence other than a dodge that wins keeps the rest safe, and its successes come off the
attacker's dice for the following targets (L291); a crushing blow that hits stops the sweep (L293); a chopping one
goes on only if it severed the part it hit, the damage that took (armour included) coming off the rest (L295); a
cut goes on at full damage (L304)."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Any

from eventlog.envelope import Event
from replay.context import Context
from replay.rulesets.skirmish import check, costs, data, melee_group
from replay.rulesets.skirmish import resolve as rules
from replay.rulesets.skirmish.model import Declared, Fight, SkirmishOptions

SWEEPS = {"circular_strike": "M09", "circular_slash": "M10"}
"""The anti-group attacks that sweep over several targets in a melee group."""
SAME_HEIGHT_CM = 25
"""Targets within 25 cm of the first target's height take the same zone (L291 "близких по росту"; CP-08's 25 cm)."""


def targets(order: dict[str, Any]) -> list[str]:
    """The sweep's targets in its order: the first (`target`), then `then`."""
    then = order.get("then") or []
    return [str(order.get("target")), *(str(t) for t in then)] if isinstance(then, list) else [str(order["target"])]


def problems(group: Fight, fid: str, order: dict[str, Any], grid_name: str) -> list[str]:
    """CP-09 and T-04 (L289): the further targets are enemies in this melee, each struck once, within the weapon's
    reach, spaced as the weapon's length allows."""
    from replay.rulesets.skirmish import battle_check
    from replay.rulesets.skirmish import field as grid

    mid = SWEEPS[str(order["maneuver"])]
    then = order.get("then", [])
    if not isinstance(then, list) or not all(isinstance(t, str) for t in then):
        return [check.problem("condition_failed", f"5.4 {mid}", "then: the further targets in the sweep's order, a "
                              "list of fighter ids (CP-09)")]
    sides = {f.id: f.side for f in group.fighters}
    out = [p for t in then for p in melee_group.attack_problems(sides, {"actor": fid, "target": t})]
    ids = targets(order)
    if len(set(ids)) != len(ids):
        out.append(check.problem("condition_failed", f"5.4 {mid}", "a sweep strikes each target once (L289)"))
    if out:
        return out
    f = group.fighter(fid)
    w = costs.weapon_of(f, order) or f.weapon
    length = costs.weapon_length(w) if w is not None else "hand"
    for t in ids[1:]:
        o = group.fighter(t)
        if grid.distance(grid_name, f.cell, o.cell) > battle_check.reach_between(f, o):
            out.append(check.problem("out_of_reach", f"5.4 {mid}, L289", f"{t} at ({o.cell[0]}, {o.cell[1]}) is "
                                     f"beyond the reach of {fid}'s weapon"))
    gaps = [grid.distance(grid_name, group.fighter(a).cell, group.fighter(b).cell) for a, b in pairwise(ids)]
    out += [check.problem("condition_failed", f"5.4 {mid}, T-04", p) for p in grid.circular_spacing(length, gaps)]
    return out


def elsewhere(state: Any, melee: str, fid: str, order: dict[str, Any]) -> list[str]:
    """M09, M10, M24 (L285-304, L441; 4.4, PROPOSED): a further target who stands within reach but fights in another
    melee is refused naming why: the rulebook's sweep goes over the enemies within reach, its exchange is one melee's
    (4.4: its declarations and defences go in that melee's order), and a blow joins no melees (only a move into reach
    does, L102); in a pair (two fighters on the field) a strike on several targets has no further target."""
    m = str(order.get("maneuver"))
    mid = SWEEPS.get(m) or ("M24" if m == "synchronous_attack" else None)
    if mid is None:
        return []
    named = order.get("also") if mid == "M24" else order.get("then")
    further_ids = [named] if isinstance(named, str) else named if isinstance(named, list) else []
    out = []
    for t in further_ids:
        other = state.pair_of(t) if isinstance(t, str) and t in state.roster else None
        if other is not None and other.id != melee:
            out.append(f"5.4.1 {mid} (L285-304, 4.4, PROPOSED): {t} fights in the melee {other.id}, not in {fid}'s "
                       f"melee {melee}: a strike on several targets goes over the enemies of its own melee; a blow "
                       "does not join two melees (a move into reach does, L102)")
    if not out and further_ids and len(state.pair_of(fid).fight.fighters) == 2:
        out.append(f"5.4.1 {mid} (L285-304, 4.4): {fid}'s melee {melee} is a pair: his one opponent is the only "
                   "target; a strike on several targets is played in a melee of several fighters")
    return out


def further(att: Declared) -> list[str]:
    """The attack's targets after its first: a sweep's `then`, a synchronous attack's `also` (M24), a pounce's `then`
    (M65 on several targets, L826; group_grapple.py)."""
    if att.maneuver == "synchronous_attack" and att.order.get("also"):
        return [str(att.order["also"])]
    return targets(att.order)[1:] if att.maneuver in SWEEPS or att.maneuver == "pounce" else []


def aimed_at(att: Declared, fid: str) -> bool:
    """The attack's first target is `fid`, or `fid` is further on its sweep."""
    return att.order.get("target") == fid or fid in further(att)


def turned(att: Declared, fid: str) -> Declared:
    """The attack as it comes at `fid` (a further target of a sweep)."""
    return att if att.order.get("target") == fid else replace(att, order={**att.order, "target": fid})


# --- resolution ----------------------------------------------------------------------------------------------------

def answering(defences: list[Declared], att: Declared, t: str) -> Declared | None:
    """The defence answering `att` where it comes at `t`: his own, or an ally's Protect ally (M37, L540)."""
    return next((d for d in defences if (d.priced.get("protects") or d.actor) == t
                 and d.order.get("answers") == att.actor), None)


def with_protector(group: Fight, seen: Fight, dfn: Declared | None) -> Fight:
    """M37: the protector stands in for the ally (L540): he joins the view of the attacker and the ally."""
    if dfn is None or dfn.actor in seen.ids:
        return seen
    return replace(seen, fighters=(*seen.fighters, group.fighter(dfn.actor)))


def retreating(defences: list[Declared], att: Declared, t: str) -> Declared | None:
    """M45 (L616): the Retreat of `t`, which answers every attack on him, this one too (the surrounded recount
    where he moves towards its attacker, `towards`)."""
    from replay.rulesets.skirmish.group import surrounded

    return next((surrounded(d, att) for d in defences if d.actor == t and d.maneuver == "retreat"), None)


def sweep_on(ctx: Context, x: int, att: Declared, first: dict[str, Any], defences: list[Declared],
             options: SkirmishOptions, retreat_rolls: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """L291-304: the sweep from its first target on to the further ones, as long as it goes on; a further target's
    Retreat answers it with its one roll (`retreat_rolls`, M45, L616)."""
    from replay.rulesets.skirmish.group import in_view, view

    mid = SWEEPS[att.maneuver]
    ids = targets(att.order)
    dice_left, cut, outcome, prev = int(att.priced["dice_to_roll"]), 0, first, ids[0]
    outcomes: list[dict[str, Any]] = []
    for t in ids[1:]:
        if ctx.state.result is not None:
            break
        go, why, dice_left, cut = carry_on(ctx, x, att, outcome, prev, dice_left, cut)
        rules.emit(ctx, "effect", {"exchange": x, "maneuver": att.maneuver, "maneuver_id": mid, "actor": att.actor,
                                   "changes": [], "why": why, "rule": [f"5.4.1 {mid}", "L291-304"],
                                   "defaults": ["CP-09"]})
        if not go:
            break
        zone = zone_for(ctx, x, att, t)
        priced = {**att.priced, "dice_to_roll": dice_left, "hit_key": {"target": t}}
        if cut:
            priced |= {"damage_bonus": -cut, "damage_bonus_why": f"severing on the sweep, {mid} L295"}
        decl = replace(att, order={**att.order, "target": t, "zone": zone}, priced=priced)
        dfn = retreating(defences, att, t) or answering(defences, att, t)
        shared = (retreat_rolls or {}).get(t) if dfn is not None and dfn.maneuver == "retreat" else None
        tn = att.priced["difficulty"]
        asks: list[tuple[Any, ...]] = [(rules.pool_dice(ctx, dice_left, options), att.actor, "attack",
                                        {"exchange": x, "target": t},
                                        f"attack roll of {att.actor} on {t} ({att.maneuver}, %{tn})")]
        if dfn is not None and shared is None:
            asks.append((rules.pool_dice(ctx, dfn.priced["dice_to_roll"], options), dfn.actor, "defence",
                         {"exchange": x, "answers": att.actor}, f"defence roll of {dfn.actor} against {att.actor} "
                         f"({dfn.maneuver}, %{dfn.priced['difficulty']})"))
        rolls = ctx.need_rolls(asks)
        item = rules.Item(decl, dfn, rolls[0], shared or (rolls[1] if dfn is not None else None))
        seen = with_protector(ctx.state, view(ctx.state, att.actor, t, (decl,) if dfn is None else (decl, dfn)), dfn)
        if dfn is not None and dfn.maneuver == "sudden_attack":  # M33 by a further target (PROPOSED)
            outs = sudden_on(ctx, x, seen, item, options)
            outcomes += outs
            hit = next((o for o in outs if o.get("attack") is not None and o["attack"].actor == att.actor), None)
            if hit is None or ctx.state.fighter(att.actor).out:
                break  # the counter-blow took the sweeper out of the fight: the sweep stops there
            outcome, prev = hit, t
            continue
        cmp_ = rules.compare(seen, item, options)
        outcome = in_view(ctx, seen, lambda sub, it=item, c=cmp_: rules.strike(sub, x, it, c, options))
        outcomes.append(outcome)
        prev = t
    return outcomes


def sudden_on(ctx: Context, x: int, seen: Fight, item: rules.Item, options: SkirmishOptions) -> list[dict[str, Any]]:
    """M33 (L503-507) by a further target of a sweep or a synchronous attack (PROPOSED, docs/skirmish.md): where the
    blow comes at him, part 1's interception against the attacker's free Body Language, then his counter-blow and the
    blow on him, both undefended, in the order the interception gives; the rolls keyed by the attack it answers."""
    from replay.rulesets.skirmish.group import in_view
    from replay.rulesets.skirmish.maneuvers import counters

    dfn = item.defence
    keyed = replace(dfn, priced={**dfn.priced, "answer_key": {"answers": item.attack.actor}})
    return in_view(ctx, seen, lambda sub: counters.sudden(sub, x, replace(item, defence=keyed), options))


def carry_on(ctx: Context, x: int, att: Declared, o: dict[str, Any], prev: str, dice_left: int,
             cut: int) -> tuple[bool, list[str], int, int]:
    """(whether the sweep goes on past `prev`, why, the attacker's dice for the next target, the damage that comes
    off it) after the blow on `prev` (L291-304)."""
    mid = SWEEPS[att.maneuver]
    dfn, d_roll = o.get("defence"), o.get("defence_roll")
    dodged = dfn is not None and dfn.maneuver in costs.DODGES
    if o.get("cancelled"):
        return False, [f"{att.actor}'s blow on {prev} is void: the sweep stops ({mid})"], dice_left, cut
    if o["winner"] == "defence" and dfn is not None and not dodged:
        return False, [f"{prev}'s {dfn.maneuver} stops the sweep: the other targets are safe ({mid}, L291)"], \
            dice_left, cut
    why = []
    lost = d_roll.net if dfn is not None and not dodged and d_roll is not None and d_roll.net > 0 else 0
    if lost:
        why.append(f"{prev}'s {lost} defence successes come off {att.actor}'s dice: {dice_left} − {lost} = "
                   f"{dice_left - lost} ({mid}, L291)")
        dice_left -= lost
    if o["winner"] == "attack":
        kind = att.priced.get("damage_type")
        if mid == "M09" and kind == "crushing":
            return False, [*why, f"the crushing blow hit {prev}: the sweep stops ({mid}, L293)"], dice_left, cut
        if mid == "M09":
            need = severing(ctx, x, att, prev)
            if need is None:
                return False, [*why, f"the chop did not sever what it hit on {prev}: the sweep stops ({mid}, L295)"], \
                    dice_left, cut
            why.append(f"the chop severed {need[0]} of {prev}: {need[1]} damage comes off the rest ({mid}, L295)")
            cut += need[1]
        else:
            why.append(f"the cut on {prev} goes on at full damage ({mid}, L304)")
    if dice_left <= 0:
        return False, [*why, f"{att.actor} has no dice left for the sweep: it stops ({mid}, L291)"], dice_left, cut
    return True, [*why, f"the sweep goes on to the next target with {dice_left} dice ({mid}, L291)"], dice_left, cut


def severing(ctx: Context, x: int, att: Declared, target: str) -> tuple[str, int] | None:
    """M09 (L295): the part the chop severed on `target` and the damage that took, armour included (W above the
    part's severing threshold, plus its armour as it counted); None when nothing was severed."""
    hit = next((d.payload for d in reversed(ctx.drafts) if d.type == "skirmish.hit" and d.payload.get("exchange") == x
                and d.payload.get("attacker") == att.actor and d.payload.get("target") == target), None)
    wound = hit.get("wound") if hit else None
    if not wound or "severed" not in wound.get("flags", []):
        return None
    precise = str(wound["precise"])
    armour = hit["armour"]  # type: ignore[index]
    need = data.damage_model()["zones"][precise]["sever_gt"] + 1 + armour["effective"] * armour["k"]
    return precise, need


def zone_for(ctx: Context, x: int, att: Declared, t: str) -> str:
    """L291 (CP-10): the zone the sweep meets on `t`: the first target's for a height within 25 cm of his, else the
    GM's choice `circular_zone` (no default: the rules wait)."""
    state = ctx.state
    zone = str(att.order["zone"])
    first = state.fighter(str(att.order["target"]))
    other = state.fighter(t)
    n, total = first.height_cm, other.height_cm
    if abs(total - n) <= SAME_HEIGHT_CM:
        return zone
    return str(ctx.choice("circular_zone", actor=None, options=sorted(data.body()["declared"]), exchange=x,
                          attacker=att.actor, target=t, what=f"the zone {att.actor}'s sweep meets on {t}: {total} cm "
                          f"against the first target's {n} cm, zone {zone} (CP-10)"))


# --- M24 synchronous attack on two adjacent targets ------------------------------------------------------------

def synchronous_problems(group: Fight, fid: str, order: dict[str, Any], grid_name: str) -> list[str]:
    """M24 (L441): the second target (`also`) is an enemy in this melee, another than the first, in a cell touching
    the first target's, within the reach of the attacker's other weapon."""
    from replay.rulesets.skirmish import battle_check
    from replay.rulesets.skirmish import field as grid

    also = order.get("also")
    if also is None:
        return []
    sides = {f.id: f.side for f in group.fighters}
    out = melee_group.attack_problems(sides, {"actor": fid, "target": also})
    if out:
        return out
    if also == order.get("target"):
        return [check.problem("condition_failed", "5.4.1 M24", "also: two targets are two fighters (for two wounds "
                              "on one target leave `also` out, L441)")]
    f, first, second = group.fighter(fid), group.fighter(str(order["target"])), group.fighter(str(also))
    if not grid.adjacent(grid_name, first.cell, second.cell):
        out.append(check.problem("condition_failed", "5.4.1 M24, L441", f"{also} at ({second.cell[0]}, "
                                 f"{second.cell[1]}) does not stand next to {first.id}: two adjacent targets"))
    if grid.distance(grid_name, f.cell, second.cell) > battle_check.reach_between(f, second):
        out.append(check.problem("out_of_reach", "5.4.1 M24", f"{also} at ({second.cell[0]}, {second.cell[1]}) is "
                                 f"beyond the reach of {fid}'s weapon"))
    return out


def synchronous_second(ctx: Context, x: int, att: Declared, a_roll: Event, first: dict[str, Any],
                       defences: list[Declared], options: SkirmishOptions,
                       retreat_rolls: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """M24 (L441): the one attack roll against the second target's own defence; on a hit the other weapon's wound,
    bought from the final successes of that comparison with the declaration's buys."""
    from replay.rulesets.skirmish.group import in_view, view

    if ctx.state.result is not None or first.get("cancelled"):
        return []
    also = str(att.order["also"])
    f = ctx.state.fighter(att.actor)
    other = next((w for w in f.weapons if w.hands and w.state == "ready" and w.id != att.priced.get("weapon")), None)
    if other is None:
        return []
    row = data.weapon_type(other.type)["attacks"].get(str(data.ATTACK_TYPE.get(str(att.order.get("attack_type")))))
    priced = {**att.priced, "weapon": other.id, **({"damage_type": row["type"]} if row else {}),
              "hit_key": {"target": also}}
    decl = replace(att, order={**att.order, "target": also, "weapon": other.id}, priced=priced)
    dfn = retreating(defences, att, also) or answering(defences, att, also)
    d_roll = (retreat_rolls or {}).get(also) if dfn is not None and dfn.maneuver == "retreat" else None
    if dfn is not None and d_roll is None:
        d_roll = ctx.need_rolls([(rules.pool_dice(ctx, dfn.priced["dice_to_roll"], options), dfn.actor, "defence",
                                  {"exchange": x, "answers": att.actor}, f"defence roll of {dfn.actor} against "
                                  f"{att.actor} ({dfn.maneuver}, %{dfn.priced['difficulty']})")])[0]
    item = rules.Item(decl, dfn, a_roll, d_roll)
    seen = with_protector(ctx.state, view(ctx.state, att.actor, also, (decl,) if dfn is None else (decl, dfn)), dfn)
    if dfn is not None and dfn.maneuver == "sudden_attack":  # M33 by the second target (PROPOSED)
        return sudden_on(ctx, x, seen, item, options)
    cmp_ = rules.compare(seen, item, options)
    return [in_view(ctx, seen, lambda sub: rules.strike(sub, x, item, cmp_, options))]
