"""The melee stage (§4.4): fight declarations, charges, participants, initiative, attack pools, the to-wound roll
against Table 2, wound allocation one hit at a time, saves, strike order with the duel rule, the outcome.

Per fight (id "turn.n"), requests in the order the rules ask: `charge_roll` d6 per charger through rough terrain;
`pivot` (C21) per charged target; `initiative` d6 per side; phase A: the winners' `pools` (C23, key step "A"),
their `to_wound` Nd6 per (warrior, vs type), then per hit `allocate` (C24) and `save_armour` d6; phase B the same
for everyone else, every side's pools and dice before any allocation (§10 C15); then `disengage` (C25).
"""

from __future__ import annotations

import math
from typing import Any

from eventlog.envelope import Draft
from replay.context import Context, MissingInput, Request, Waiting
from replay.rulesets.warband import data, derive, space
from replay.rulesets.warband import events as ev
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.dice import d6, save_kinds, save_text, saves
from replay.rulesets.warband.model import State, WarbandOptions, Warrior

EPS = geo.EPS


def _draft(e: ev.Resolution) -> Draft:
    return Draft(e.type, e.model_dump(mode="json"))


def melee(ctx: Context, side: str, order: dict[str, Any], options: WarbandOptions) -> None:
    for decl in order.get("fights", []):
        fid = f"{ctx.turn}.{ctx.state.fights + 1}"
        problems = fight_problems(ctx.state, side, decl, options)
        if problems:
            ctx.emit(_draft(ev.FightCancelled(fight=fid, problems=problems, rule="§4.4.5",
                                              why=[f"fight {fid} of {side} cannot be fought now: "
                                                   + "; ".join(problems)])))
            continue
        fight(ctx, side, fid, decl, options)


# --- declaration (§4.4.3–§4.4.5) -------------------------------------------------------------------------------

def _charge_end(decl_charge: dict[str, Any]) -> tuple[float, float] | None:
    path = decl_charge.get("path")
    if not isinstance(path, list) or not path or not all(isinstance(p, list | tuple) and len(p) == 2 for p in path):
        return None
    return (float(path[-1][0]), float(path[-1][1]))


def fight_problems(state: State, side: str, decl: dict[str, Any], options: WarbandOptions) -> list[str]:
    """§4.4.3–§4.4.5: every charge legal with its planned end; attackers able to strike; no enemy participant
    already attacked by this side this stage (A-74); the charge cap of 5 (L236)."""
    problems: list[str] = []
    attackers, charges, targets = decl.get("attackers", []), decl.get("charges", []), decl.get("targets", [])
    if not isinstance(attackers, list) or not isinstance(charges, list) or not isinstance(targets, list):
        return ["§4.4.5: a fight is {attackers: [...], charges: [{w, target, path}], targets: [...]}"]
    for wid in [*attackers, *targets, *(c.get("w") for c in charges), *(c.get("target") for c in charges)]:
        if not isinstance(wid, str) or not state.has(wid):
            return [f"§4.4.5: no warrior {wid!r}"]
    if not targets:
        problems.append("§4.4.5: a fight names its targets")
    for tid in targets:
        t = state.warrior(tid)
        if t.side == side or not t.active:
            problems.append(f"§4.4.5: {tid} is not an enemy in play")
    planned = state
    used = state.side(side).charges_used
    for c in charges:
        w = state.warrior(c["w"])
        t = state.warrior(c["target"])
        end = _charge_end(c)
        if w.side != side or not w.active:
            problems.append(f"§4.4.3.1: {w.id} is not {side}'s warrior in play")
            continue
        if w.engaged_with:
            problems.append(f"§4.4.3.1: {w.id} is engaged and does not charge (L240)")
        used += 1
        if used > data.const("charges_per_side"):
            problems.append(f"§4.4.3.2: {side} has made {used - 1} charges this stage; at most 5 (L236)")
        seen, g, rng = space.sees(state, w, t)
        if not seen:
            problems.append(f"§4.4.3.3: {w.id} does not see {t.id} ({g:.1f} cm, sight {rng:g}, L120)")
        if side in t.attacked_by:
            problems.append(f"§4.4.4: {side} has attacked {t.id} this stage already (L206, A-74)")
        if end is None:
            problems.append(f"§4.4.3.5: {w.id}'s charge needs a path of [x, y] points")
            continue
        path = [w.pos, *[(float(p[0]), float(p[1])) for p in c["path"]]]
        length = geo.path_length(path)
        cmax = derive.charge_max(w)
        if length > cmax + EPS:
            problems.append(f"§4.4.3.5: {w.id}'s charge is {length:.2f} cm > {cmax:g} cm (charge max)")
        moved = _placed(w, end, t)
        gap = space.gap(moved, t)
        if not (data.const("face_to_face_min_cm") - EPS <= gap <= derive.reach(w) + EPS):
            problems.append(f"§4.4.3.5: {w.id}'s charge ends {gap:.2f} cm from {t.id}; it must end 1–"
                            f"{derive.reach(w):g} cm away (L194, L304, A-07)")
        problems += [f"§4.4.3.5: {p.split(': ', 1)[-1]}" for p in space.path_problems(state, w, path, options)]
        planned = planned.with_warrior(moved)
    for wid in attackers:
        w = state.warrior(wid)
        if w.side != side or not w.active:
            problems.append(f"§4.4.2: {wid} is not {side}'s warrior in play")
        elif not any(space.can_strike(w, e, options) for e in state.warriors):
            problems.append(f"§4.4.2: {wid} can strike no enemy without a charge (L190)")
    if not problems:
        group = component(planned, [*attackers, *(c["w"] for c in charges), *targets], options)
        again = sorted(x.id for x in group if x.side != side and side in x.attacked_by)
        if again:
            problems.append(f"§4.4.4: {side} has attacked {', '.join(again)} this stage already (A-74)")
        for tid in targets:
            if tid not in {x.id for x in group}:
                problems.append(f"§4.4.5: {tid} is out of reach of the fight (§10 C10)")
    return problems


def _placed(w: Warrior, end: tuple[float, float], target: Warrior) -> Warrior:
    """The charger at the end of its path, facing its target's centre (§10 C5)."""
    from dataclasses import replace

    return replace(w, x=end[0], y=end[1], facing=round(geo.bearing(end, target.pos), 4))


def component(state: State, seeds: list[str], options: WarbandOptions) -> list[Warrior]:
    """§4.4.5 step 4 (A-79): the warriors linked to the seeds by can_strike in either direction."""
    active = [w for w in state.warriors if w.active and w.deployed]
    found = {s for s in seeds if state.warrior(s).active}
    frontier = list(found)
    while frontier:
        w = state.warrior(frontier.pop())
        for o in active:
            if o.id not in found and (space.can_strike(w, o, options) or space.can_strike(o, w, options)):
                found.add(o.id)
                frontier.append(o.id)
    return [w for w in active if w.id in found]


def second_rank(state: State, group: list[Warrior], options: WarbandOptions) -> dict[str, list[str]]:
    """A-05: warrior → its front-rank comrades: in contact, within 45° behind one of them (away from an enemy it
    can strike), with that enemy in its own front arc."""
    ids = {w.id for w in group}
    front = [w for w in group if any(space.can_strike(w, e, options) for e in group)]
    out: dict[str, list[str]] = {}
    for b in state.warriors:
        if not b.active or not b.deployed or b.id in ids:
            continue
        for a in front:
            if a.side != b.side or not space.in_contact(a, b):
                continue
            for e in group:
                if not space.can_strike(a, e, options):
                    continue
                behind = geo.angle_between(geo.bearing(a.pos, b.pos), geo.bearing(e.pos, a.pos))
                if behind <= options.second_rank_cone_deg + EPS and \
                        geo.in_front_arc(b.pos, b.facing, e.pos, options.front_arc_half_angle_deg):
                    out.setdefault(b.id, [])
                    if a.id not in out[b.id]:
                        out[b.id].append(a.id)
    return out


# --- the fight --------------------------------------------------------------------------------------------------

def fight(ctx: Context, side: str, fid: str, decl: dict[str, Any], options: WarbandOptions) -> None:
    chargers = []
    for c in decl.get("charges", []):
        if charge(ctx, fid, c, options):
            chargers.append(c["w"])
    for c in decl.get("charges", []):
        if c["w"] in chargers:
            pivot(ctx, fid, c["w"], c["target"])
    state = ctx.state
    seeds = [*decl.get("attackers", []), *chargers, *decl.get("targets", [])]
    group = component(state, seeds, options)
    ranks = second_rank(state, group, options)
    members = [*group, *(state.warrior(b) for b in ranks)]
    targets = {w.id: [e.id for e in group if space.can_strike(w, e, options)] for w in group}
    for b, comrades in ranks.items():
        targets[b] = sorted({e for a in comrades for e in targets[a]})
    by_side = {s: [w.id for w in members if w.side == s] for s in state.order() if any(w.side == s for w in members)}
    kind = "none" if not any(targets.values()) or len(by_side) < 2 else \
        "brawl" if len(by_side) > 2 else "duel" if all(len(v) == 1 for v in by_side.values()) else "fight"
    ctx.emit(_draft(ev.Participants(
        fight=fid, initiator=side, sides=by_side, second_rank=sorted(ranks), kind=kind, targets=targets,
        rule="§4.4.1, §4.4.5", defaults=["A-04", "A-05", "A-06", "A-79"],
        why=[f"{s}: {', '.join(ids)}" for s, ids in by_side.items()]
        + [f"{b} second rank behind {', '.join(a)}" for b, a in ranks.items()] + [f"a {kind}"])))
    if kind == "none":
        ctx.emit(_draft(ev.FightResolved(fight=fid, wounds_by_side={}, winner=None, disengage="none", engaged={},
                                         rule="§4.4.5", why=["no enemy can be struck: no fight (charges stay spent)"])))
        return
    winners = initiative(ctx, fid, by_side)
    inflicted = {s: 0 for s in by_side}
    removed: set[str] = set()
    if winners:
        win_side = ctx.state.warrior(winners[0]).side
        pools = attack_pools(ctx, fid, "A", win_side, winners, targets, bonus=True, brawl=kind == "brawl")
        for s, n in allocate(ctx, fid, "A", [pools], by_side).items():
            inflicted[s] += n
        removed = {w for ids in by_side.values() for w in ids if not ctx.state.warrior(w).active}
    loser_dead = kind == "duel" and bool(winners) and all(
        not ctx.state.warrior(w).active for s, ids in by_side.items() for w in ids if w not in winners)
    if not loser_dead:
        strikers = {s: [w for w in ids if w not in winners
                        and (options.casualties_strike_back or w not in removed)] for s, ids in by_side.items()}
        fallen = sorted(w for w in removed if w not in winners)
        # who strikes in phase B was decided by A-81 once phase A removed anyone: every phase-B step names it
        casualties = ", ".join(fallen) or None
        all_pools, missing = [], []
        for s, ids in strikers.items():
            if not ids:
                continue
            try:
                all_pools.append(attack_pools(ctx, fid, "B", s, ids, targets, bonus=False, brawl=kind == "brawl",
                                              casualties=casualties))
            except Waiting as w:
                missing += w.requests
        if missing:
            raise Waiting(requests=missing)
        for s, n in allocate(ctx, fid, "B", all_pools, by_side).items():
            inflicted[s] += n
    outcome(ctx, fid, side, by_side, inflicted, options)


def charge(ctx: Context, fid: str, c: dict[str, Any], options: WarbandOptions) -> bool:
    """§4.4.3: a charge; through rough terrain the charge roll (A-76) — short of the needed length it fails."""
    state = ctx.state
    w, t = state.warrior(c["w"]), state.warrior(c["target"])
    path = [w.pos, *[(float(p[0]), float(p[1])) for p in c["path"]]]
    length = geo.path_length(path)
    cmax = derive.charge_max(w)
    reasons = space.needs_roll(state, w, path, options)
    die = allowance = None
    need = _needed_length(path, w, t)
    success = True
    why = [f"{w.id} charges {t.id}: path {length:.2f} ≤ {cmax:g} cm"]
    if reasons:
        die = d6(ctx, w.side, "charge_roll", f"charge roll for {w.id} ({'; '.join(reasons)})", fight=fid, warrior=w.id)
        allowance, k = derive.rough_allowance(cmax, die, options.rough_k_mode)
        success = allowance >= need - EPS
        why.append(f"{'; '.join(reasons)} → d6 {die}: {cmax:g} − {k}×(6 − {die}) = {allowance:g} cm "
                   f"{'≥' if success else '<'} {need:.2f} needed")
    end = path[-1] if success else w.pos
    placed = _placed(w, end, t) if success else w
    penalty = 0
    if success:
        start_in = [x for x in state.terrain if geo.point_in_polygon(w.pos, x.polygon) and (x.rough or x.water)]
        end_in = [x for x in state.terrain if geo.point_in_polygon(end, x.polygon) and x.rough]
        if start_in or end_in:
            penalty = data.const("charge_terrain_initiative_penalty")
            why.append(f"−{penalty} initiative until the end of the fight (charge "
                       + ("from " + start_in[0].id if start_in else "into " + end_in[0].id) + ", L196-L202, A-77)")
    attack_penalty, z = 0, None
    if success:
        climbed = _climbed(state, w, path, options)
        if climbed is not None:
            attack_penalty = data.const("climb_in_melee_attack_penalty")
            z = space.surface_at(state, end)[0]
            why.append(f"climbs onto {climbed.id} during the charge: −{attack_penalty} attack in this fight (L204)")
            if climbed.wall and (space.stands_on(t, climbed) or
                                 geo.base_polygon_gap(t.pos, derive.radius(t), climbed.polygon) <=
                                 data.const("in_contact_cm") + EPS):
                wall = data.const("ogre_wall_climb_initiative_penalty" if "ogre" in
                                  data.creature(w.type).get("tags", []) else "wall_climb_initiative_penalty")
                penalty += wall
                why.append(f"climbs the wall {climbed.id} with {t.id} on it or at it: −{wall} initiative (A-78)")
    end_gap = space.gap(placed, t) if success else None
    why.append(f"ends at ({end[0]:g}, {end[1]:g}), {end_gap:.2f} cm from {t.id}" if success
               else f"the charge fails: {w.id} stays where it is (A-76); the charge counts toward the 5")
    ctx.emit(_draft(ev.Charge(fight=fid, charger=w.id, target=t.id, path=path, length=round(length, 4),
                              charge_max=cmax, die=die, allowance=allowance, success=success,
                              facing=placed.facing, end_gap=None if end_gap is None else round(end_gap, 4),
                              initiative_penalty=penalty, attack_penalty=attack_penalty, z=z, rule="§4.4.3",
                              defaults=["A-07", "A-76", "A-77"] + (["A-78"] if attack_penalty else []), why=why)))
    return success


def _climbed(state: State, w: Warrior, path: list[tuple[float, float]], options: WarbandOptions):
    """The piece a charge climbs onto (its surface rises more than a step on the path), or None."""
    z = w.z
    for p in path[1:]:
        h, t = space.surface_at(state, p)
        if t is not None and h - z > options.step_cm + EPS:
            return t
        z = h
    return None


def _needed_length(path: list[tuple[float, float]], w: Warrior, t: Warrior) -> float:
    """§10 C6: the length along the path to its first point within the charger's reach of the target."""
    limit = derive.radius(w) + derive.radius(t) + derive.reach(w)
    walked = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = geo.dist(a, b)
        if seg > 0:
            dx, dy = (b[0] - a[0]) / seg, (b[1] - a[1]) / seg
            fx, fy = a[0] - t.x, a[1] - t.y
            bq = fx * dx + fy * dy
            disc = bq * bq - (fx * fx + fy * fy - limit * limit)
            if disc >= 0:
                s = -bq - math.sqrt(disc)
                if 0 <= s <= seg:
                    return walked + s
                if s < 0 <= -bq + math.sqrt(disc):
                    return walked
        walked += seg
    return walked


def pivot(ctx: Context, fid: str, charger: str, target: str) -> None:
    """C21 (A-04, §10 C5): a charged target that is not engaged may turn to face its charger (default yes)."""
    t = ctx.state.warrior(target)
    if t.engaged_with or not t.active:
        return
    c = ctx.state.warrior(charger)
    facing = round(geo.bearing(t.pos, c.pos), 4)
    answer, _ = ctx.ask("pivot", actor=t.side, options=["yes", "no"], default="yes", fight=fid, warrior=t.id,
                        what=f"C21: does {t.id} turn to face {c.id}")
    turned = answer == "yes"
    ctx.emit(_draft(ev.Pivot(fight=fid, warrior=t.id, facing=facing if turned else t.facing, pivoted=turned,
                             rule="§4.4.3", defaults=["A-04"],
                             why=[f"{t.id} turns to face {c.id} ({facing:g}°)" if turned
                                  else f"{t.id} keeps its facing ({t.facing:g}°)"])))


def initiative(ctx: Context, fid: str, by_side: dict[str, list[str]]) -> list[str]:
    """§4.4.6 (A-80): one d6 per side; score = die + initiative; a warrior wins iff it beats every opponent."""
    sides = list(by_side)
    got = ctx.need_rolls([("1d6", s, "initiative", {"fight": fid}, f"initiative of {s} in fight {fid}")
                          for s in sides])
    rolls = {s: int(r.payload["result"][0]) for s, r in zip(sides, got, strict=True)}
    scores = {w: rolls[s] + derive.initiative(ctx.state.warrior(w)) for s, ids in by_side.items() for w in ids}
    winners = [w for s, ids in by_side.items() for w in ids
               if all(scores[w] > scores[o] for s2, others in by_side.items() if s2 != s for o in others)]
    why = [f"{s} d6 {rolls[s]}: " + ", ".join(f"{w} {rolls[s]} + {derive.initiative(ctx.state.warrior(w))} = "
                                            f"{scores[w]}" for w in ids) for s, ids in by_side.items()]
    why.append(f"winners (+1 attack, strike first): {', '.join(winners)}" if winners else "nobody wins initiative")
    ctx.emit(_draft(ev.Initiative(fight=fid, rolls=rolls, scores=scores, winners=winners, rule="§4.4.6",
                                  defaults=["A-80"], why=why)))
    return winners


def _types(state: State, ids: list[str]) -> list[str]:
    out: list[str] = []
    for i in ids:
        t = state.warrior(i).type
        if t not in out:
            out.append(t)
    return out


def _attacks_of(w: Warrior, bonus: bool) -> int:
    return derive.attacks(w) + (data.const("initiative_win_attack_bonus") if bonus else 0)


def _best_type(state: State, w: Warrior, enemies: list[str]) -> str:
    """C23's default type among `enemies`: the lowest TN (ties: most warriors of the type, then the name)."""
    def rank(k: str) -> tuple[int, int, str]:
        tn = derive.to_wound_tn(w, k)[0]
        return (tn if tn is not None else 99, -sum(state.warrior(e).type == k for e in enemies), k)

    return min(_types(state, enemies), key=rank)


def default_pools(state: State, strikers: list[str], targets: dict[str, list[str]], bonus: bool,
                  quota: dict[str, int] | None = None) -> list[list[Any]]:
    """C23's default: every attack at the type with the lowest TN (ties: most warriors, then name). In a brawl
    (`quota`: the dedication C22) the attacks fill each enemy side's dedicated number, strikers that reach fewer
    sides first, sides in turn order: entries [warrior, type, attacks, side]."""
    out: list[list[Any]] = []
    if quota is None:
        for wid in strikers:
            w = state.warrior(wid)
            n = _attacks_of(w, bonus)
            if n > 0 and targets.get(wid):
                out.append([wid, _best_type(state, w, targets[wid]), n])
        return out
    left = dict(quota)
    order = state.order()

    def reach(wid: str) -> list[str]:
        return [s for s in order if any(state.warrior(t).side == s for t in targets.get(wid, []))]

    for wid in sorted((w for w in strikers if targets.get(w)), key=lambda w: len(reach(w))):
        w = state.warrior(wid)
        n = _attacks_of(w, bonus)
        sides = reach(wid)
        for s in sides:
            m = min(n, left.get(s, 0))
            if m > 0:
                out.append([wid, _best_type(state, w, [t for t in targets[wid] if state.warrior(t).side == s]), m, s])
                n -= m
                left[s] -= m
        if n > 0 and sides:
            s = sides[0]
            out.append([wid, _best_type(state, w, [t for t in targets[wid] if state.warrior(t).side == s]), n, s])
    return out


def dedication(ctx: Context, fid: str, step: str, side: str, strikers: list[str],
               targets: dict[str, list[str]], bonus: bool) -> dict[str, int] | None:
    """C22 (L232): in a brawl each side says how many of its attacks it dedicates to each other side it can strike;
    default: evenly, the remainder to the side first in turn order. None when only one enemy side can be struck."""
    state = ctx.state
    total = sum(_attacks_of(state.warrior(w), bonus) for w in strikers if targets.get(w))
    enemy = [s for s in state.order() if s != side and any(state.warrior(t).side == s for w in strikers
                                                           for t in targets.get(w, []))]
    if len(enemy) < 2 or total <= 0:
        return None
    default = {s: total // len(enemy) for s in enemy}
    default[enemy[0]] += total % len(enemy)
    value, how = ctx.ask("dedicate", actor=side, options=[], default=default, fight=fid, step=step,
                         what=f"C22: how {side}'s {total} attack(s) in fight {fid}, step {step} are dedicated to "
                              f"{', '.join(enemy)}: {{side: attacks}}",
                         accept=lambda v: dedication_problems(state, side, strikers, targets, bonus, v) == [])
    value = {s: int(value.get(s, 0)) for s in enemy}
    ctx.emit(_draft(ev.Dedicated(fight=fid, step=step, side=side, attacks=value, rule="§4.4.7",
                                 why=[f"{side} dedicates its {total} attack(s): "
                                      + ", ".join(f"{n} to {s}" for s, n in value.items())
                                      + (" (the default: evenly, the remainder to the first in turn order)"
                                         if how == "default" else "")])))
    return value


def dedication_problems(state: State, side: str, strikers: list[str], targets: dict[str, list[str]], bonus: bool,
                        value: Any) -> list[str]:
    """C22: whole numbers per enemy side that some striker can strike, as many as the side's attacks, none more
    to a side than the attacks of the strikers that reach it."""
    if not isinstance(value, dict) or not all(isinstance(n, int) and n >= 0 for n in value.values()):
        return ["C22: a dedication is {side: attacks, …}"]
    reach: dict[str, int] = {}
    total = 0
    for wid in strikers:
        if not targets.get(wid):
            continue
        n = _attacks_of(state.warrior(wid), bonus)
        total += n
        for s in {state.warrior(t).side for t in targets[wid]}:
            reach[s] = reach.get(s, 0) + n
    problems = [f"C22: {side}'s warriors here strike no warrior of {s!r}" for s in value if s not in reach]
    problems += [f"C22: only {reach[s]} of {side}'s attacks can reach {s}, not {n}" for s, n in value.items()
                 if s in reach and n > reach[s]]
    if sum(value.values()) != total:
        problems.append(f"C22: {side} has {total} attack(s) to dedicate, not {sum(value.values())}")
    return problems


def attack_pools(ctx: Context, fid: str, step: str, side: str, strikers: list[str], targets: dict[str, list[str]],
                 bonus: bool, brawl: bool = False, casualties: str | None = None) -> list[dict[str, Any]]:
    """§4.4.7 (A-82): the side's attacks as (warrior, vs type, n) — its choice (C23) when any warrior may strike
    several types — then one Nd6 per pool against Table 2's minimum. In a brawl the dedication (C22) comes first and
    every pool names the side it goes to (key `to` of its roll). In phase B after phase A removed warriors
    (`casualties`), whether they strike back is A-81's, and the step names it."""
    state = ctx.state
    quota = dedication(ctx, fid, step, side, strikers, targets, bonus) if brawl else None
    default = default_pools(state, strikers, targets, bonus, quota)
    if quota is None:
        several = any(len(_types(state, targets.get(w, []))) > 1 for w, *_ in default)
    else:
        several = _brawl_pools_open(state, strikers, targets, quota)
    chosen = default
    if several:
        shape = "[[warrior, type, attacks, side], …]" if quota is not None else "[[warrior, type, attacks], …]"
        value, _ = ctx.ask("pools", actor=side, options=[], default=default, fight=fid, step=step,
                           what=f"C23: {side}'s attacks by enemy type in fight {fid}, step {step}: {shape}",
                           accept=lambda v: isinstance(v, list))
        chosen = value
    pools = []
    asks = []
    for entry in chosen:
        wid, vs, n = entry[:3]
        to = entry[3] if len(entry) > 3 else None
        tn, tn_why = derive.to_wound_tn(state.warrior(wid), vs)
        pools.append({"warrior": wid, "vs": vs, "attacks": n, "tn": tn, "tn_why": tn_why, "to": to})
        if tn is not None and n > 0:
            key = {"fight": fid, "warrior": wid, "vs": vs, **({"to": to} if to else {})}
            asks.append((f"{n}d6", side, "to_wound", key,
                         f"{wid}'s {n} attack(s) at {vs}" + (f" of {to}" if to else "") + f" ({tn}+)"))
    rolled = iter(ctx.need_rolls(asks))
    out = []
    for p in pools:
        dice = [] if p["tn"] is None or p["attacks"] <= 0 else [int(v) for v in next(rolled).payload["result"]]
        out.append(ev.Pool(warrior=p["warrior"], vs=p["vs"], attacks=p["attacks"], tn=p["tn"], dice=dice,
                           hits=sum(1 for v in dice if p["tn"] is not None and v >= p["tn"]), to=p["to"]))
    why = [f"{p.warrior} → {p.vs}" + (f" of {p.to}" if p.to else "")
           + f": {p.attacks} attack(s), {tn_why}; dice {', '.join(map(str, p.dice)) or '—'}: "
           f"{p.hits} hit(s)" for p, tn_why in zip(out, (p["tn_why"] for p in pools), strict=True)]
    ctx.emit(_draft(ev.Attacks(fight=fid, step=step, side=side, pools=out, rule="§4.4.7",
                               defaults=["A-82", "A-83", *(["A-81"] if casualties else [])], why=why)))
    return [{"side": side, "receiver": p.to or _receiver(state, targets.get(p.warrior, []), p.vs),
             **p.model_dump()} for p in out]


def _brawl_pools_open(state: State, strikers: list[str], targets: dict[str, list[str]],
                      quota: dict[str, int]) -> bool:
    """Whether a brawl's pools leave the side a choice (C23): a striker with two types among one dedicated side's
    warriors, or two strikers of which one reaches two dedicated sides (the split between them is open)."""
    wanted = {s for s, n in quota.items() if n > 0}
    strikers = [w for w in strikers if targets.get(w)]
    reach = {w: {state.warrior(t).side for t in targets[w]} & wanted for w in strikers}
    for w in strikers:
        for s in reach[w]:
            if len({state.warrior(t).type for t in targets[w] if state.warrior(t).side == s}) > 1:
                return True
    return len(strikers) > 1 and any(len(r) > 1 for r in reach.values())


def _receiver(state: State, targets: list[str], vs: str) -> str | None:
    """The side a pool's hits go to in a fight of two sides: the one side with a warrior of that type among the
    striker's targets (a brawl's pools name their side, C22)."""
    for side in state.order():
        if any(state.warrior(t).side == side and state.warrior(t).type == vs for t in targets):
            return side
    return None


def pools_problems(state: State, req: Request, value: Any) -> list[str]:
    """C23: every striker's attacks placed, each at a creature type; in a brawl every entry names the side it goes to
    and each side gets the attacks dedicated to it (C22)."""
    default = [list(d) for d in (req.default if req.has_default else [])]
    brawl = any(len(d) == 4 for d in default)
    size, shape = (4, "[[warrior, type, attacks, side], …]") if brawl else (3, "[[warrior, type, attacks], …]")
    if not isinstance(value, list) or not all(isinstance(v, list) and len(v) == size for v in value):
        return [f"C23: pools are {shape}"]
    need: dict[str, int] = {}
    quota: dict[str, int] = {}
    for d in default:
        need[d[0]] = need.get(d[0], 0) + d[2]
        if brawl:
            quota[d[3]] = quota.get(d[3], 0) + d[2]
    given: dict[str, int] = {}
    to: dict[str, int] = {}
    problems = []
    for entry in value:
        wid, vs, n = entry[:3]
        if wid not in need:
            problems.append(f"C23: {wid} does not attack in this step")
            continue
        if not isinstance(n, int) or n < 0:
            problems.append(f"C23: {wid}'s attacks are a whole number")
            continue
        given[wid] = given.get(wid, 0) + n
        if vs not in data.creature_types():
            problems.append(f"C23: {vs!r} is not a creature type")
        if brawl:
            to[entry[3]] = to.get(entry[3], 0) + n
    for wid, n in need.items():
        if given.get(wid, 0) != n:
            problems.append(f"C23: {wid} has {n} attack(s) to place, not {given.get(wid, 0)}")
    if brawl and {s: n for s, n in to.items() if n} != {s: n for s, n in quota.items() if n}:
        problems.append("C23: the attacks by side must be the dedication (C22): "
                        + ", ".join(f"{n} to {s}" for s, n in quota.items()))
    return problems


def allocate(ctx: Context, fid: str, step: str, side_pools: list[list[dict[str, Any]]],
             by_side: dict[str, list[str]]) -> dict[str, int]:
    """§4.4.8 (A-84, §10 C3, C12, C15): per receiving side in turn order, pools by type in order of their first
    hit, one hit at a time: the receiver picks a warrior of that type (C24), it saves (§4.6), the wound lands.
    Returns the unsaved wounds each side inflicted."""
    inflicted: dict[str, int] = {}
    for receiver in by_side:
        hits: dict[str, list[str]] = {}
        for pools in side_pools:
            for p in pools:
                if p["receiver"] != receiver or p["hits"] == 0:
                    continue
                hits.setdefault(p["vs"], []).extend([p["warrior"]] * p["hits"])
        for vs, attackers in hits.items():
            for n, attacker in enumerate(attackers, 1):
                if wound(ctx, fid, step, receiver, vs, n, attacker, by_side[receiver]):
                    a_side = ctx.state.warrior(attacker).side
                    inflicted[a_side] = inflicted.get(a_side, 0) + 1
    return inflicted


def wound(ctx: Context, fid: str, step: str, receiver: str, vs: str, n: int, attacker: str,
          members: list[str]) -> bool:
    state = ctx.state
    eligible = [w for w in members if state.warrior(w).active and state.warrior(w).type == vs]
    base = {"fight": fid, "step": step, "pool": vs, "hit": n, "attacker": attacker, "rule": "§4.4.8, §4.6",
            "defaults": ["A-57", "A-84", "A-85"]}
    if not eligible:
        ctx.emit(_draft(ev.Wound(**base, warrior=None, why=[f"{vs} hit #{n} from {attacker}: no {vs} of "
                                                            f"{receiver} left, the hit is lost (A-84)"])))
        return False
    default = max(eligible, key=lambda w: (derive.health(state.warrior(w)) - state.warrior(w).wounds,
                                           [-ord(c) for c in w]))
    wid, how = ctx.ask("allocate", actor=receiver, options=eligible, default=default, fight=fid, step=step, pool=vs,
                       hit=n, what=f"C24: which {vs} of {receiver} takes {vs} hit #{n} (from {attacker})")
    w = ctx.state.warrior(wid)
    made, saved = saves(ctx, w, save_kinds(w), fight=fid, step=step, pool=vs, hit=n)
    removed = not saved and w.wounds + 1 >= derive.health(w)
    why = [f"{vs} hit #{n} from {attacker} → {wid}" + (" (the only one)" if how == "forced" else "")
           + f": {save_text(made)}" + ("" if saved else f" → wound {w.wounds + 1}/{derive.health(w)}"
                                      + (", removed" if removed else ""))]
    ctx.emit(_draft(ev.Wound(**base, warrior=wid, saves=made, wounded=not saved, removed=removed, why=why)))
    return not saved


def outcome(ctx: Context, fid: str, initiator: str, by_side: dict[str, list[str]], inflicted: dict[str, int],
            options: WarbandOptions) -> None:
    """§4.4.10 (A-86): the side that wiped out the others, else strictly most unsaved wounds; C25 stay or roll;
    engagement (§4.4.12, A-87)."""
    state = ctx.state
    alive = [s for s, ids in by_side.items() if any(state.warrior(w).active for w in ids)]
    wounds = {s: inflicted.get(s, 0) for s in by_side}
    best = max(wounds.values())
    if len(alive) == 1:
        winner: str | None = alive[0]
        why = [f"{winner} is the only side left standing"]
    elif best > 0 and sum(1 for v in wounds.values() if v == best) == 1:
        winner = next(s for s, v in wounds.items() if v == best)
        why = ["unsaved wounds: " + ", ".join(f"{s} {v}" for s, v in wounds.items()) + f" → {winner} wins"]
    else:
        winner = None
        why = ["unsaved wounds: " + ", ".join(f"{s} {v}" for s, v in wounds.items()) + " → no winner"]
    disengage = "none"
    if winner is not None:
        disengage, _ = ctx.ask("disengage", actor=winner, options=["stay", "roll"], default="stay", fight=fid,
                               what=f"C25: does {winner} roll to disengage after fight {fid} or stay")
        if disengage == "roll":
            die = d6(ctx, winner, "disengage", f"disengagement roll of {winner}", fight=fid)
            for wid in by_side[winner]:
                if ctx.state.warrior(wid).active:
                    disengage_move(ctx, fid, wid, die, options)
            state = ctx.state
    engaged = engagement(state, initiator, by_side, options)
    if engaged:
        why.append("engaged: " + "; ".join(f"{w} with {', '.join(e)}" for w, e in engaged.items()))
    ctx.emit(_draft(ev.FightResolved(fight=fid, wounds_by_side=wounds, winner=winner, disengage=disengage,
                                     engaged=engaged, rule="§4.4.10, §4.4.12", defaults=["A-86", "A-87"],
                                     why=why)))


def disengage_move(ctx: Context, fid: str, wid: str, die: int, options: WarbandOptions) -> None:
    """§4.4.10 (C26): each survivor may move up to allowance(МДД, d), terrain ignored (L256); default stay."""
    from replay.rulesets.warband import check

    w = ctx.state.warrior(wid)
    allowance, k = derive.rough_allowance(derive.mdd(w), die, options.rough_k_mode)
    value, _ = ctx.ask("disengage_path", actor=w.side, options=[], default="stay", fight=fid, warrior=wid,
                       what=f"C26: {wid}'s disengagement path within {allowance:g} cm (or stay)",
                       accept=lambda v: v == "stay" or isinstance(v, dict))
    if value == "stay":
        ctx.emit(_draft(ev.Stayed(warrior=wid, rule="§4.4.10, C26",
                                  why=[f"{wid} may move {allowance:g} cm (d6 {die}) and stays"])))
        return
    path = check._points(value.get("path"))
    if path is None:
        raise MissingInput(f"turn {ctx.turn}: {wid}'s disengagement path is a list of [x, y] points")
    full = [w.pos, *path]
    length = geo.path_length(full)
    problems = space.path_problems(ctx.state, w, full, options)
    if length > allowance + EPS:
        problems.append(f"§4.4.10: {wid}'s path is {length:.2f} cm > {allowance:g} cm")
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {wid}'s disengagement: " + "; ".join(problems))
    facing = float(value.get("facing", w.facing))
    ctx.emit(_draft(ev.Moved(warrior=wid, path=full, length=round(length, 4), allowance=allowance, rolled=True,
                             facing=facing, z=space.surface_at(ctx.state, full[-1])[0], rule="§4.4.10, C26",
                             defaults=["A-86"],
                             why=[f"{wid} disengages: d6 {die}: {derive.mdd(w):g} − {k}×(6 − {die}) = {allowance:g} cm;"
                                  f" moves {length:.1f} cm to ({full[-1][0]:g}, {full[-1][1]:g}), terrain ignored"])))


def engagement(state: State, initiator: str, by_side: dict[str, list[str]],
               options: WarbandOptions) -> dict[str, list[str]]:
    """§4.4.12 (A-87): (a) attacked and was attacked this turn, (b) fought this turn and the last, (c) attacked
    warriors already engaged."""
    t = state.turn
    members = [state.warrior(w) for ids in by_side.values() for w in ids]
    enemy_engaged = any(w.engaged_with for w in members if w.side != initiator)
    out: dict[str, list[str]] = {}
    for w in members:
        if not w.active:
            continue
        a = t in w.initiated_turns and t in w.attacked_turns
        b = t in w.fought_turns and t - 1 in w.fought_turns
        c = w.side == initiator and enemy_engaged
        if a or b or c:
            foes = sorted(e.id for e in members if e.side != w.side and e.active
                          and (space.can_strike(w, e, options) or space.can_strike(e, w, options)))
            if foes:
                out[w.id] = sorted({*w.engaged_with, *foes})
    return out


def _unused(*_: Any) -> None:
    raise MissingInput("unreachable")
