"""Siege guns (§4.3.5): the burst roll first, the GM records where the shot hit (C18), the first knocked-down enemy
loses its saves (§10 C1), a burst wounds everyone within 2 cm with saves improved by 1; 8 shots a side a game.
Also: moving a gun (§4.2.12), capturing one (§4.3.8), sabotage (§4.3.7) and small-arms hits on a gun (4 destroy it).

Requests: the side's `gun_burst` d6 (key `gun`); the GM's `gun_impact` (C18, key `gun`); each hit warrior's
`save_cover` / `save_armour` (key `warrior`, `gun`); on a burst each warrior's `save_burst` (key `warrior`, `gun`),
the dispatcher first, then by id (§10 C3)."""

from __future__ import annotations

import math
from typing import Any

from eventlog.envelope import Draft
from replay.context import Context, MissingInput
from replay.rulesets.warband import data, derive, space
from replay.rulesets.warband import events as ev
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.dice import d6, save_kinds, save_text, saves
from replay.rulesets.warband.model import Gun, State, Warrior

BURST_SAVE_WITHOUT_ANY = 6
"""A-60: a warrior with no save at all gets one `save_burst` d6 at 6+ against a burst wound (the PROPOSED DEFAULT)."""


def footprint() -> tuple[float, float]:
    w, length = data.load("table4")["gun_geometry"]["footprint_cm"]
    return float(w), float(length)


def to_footprint(g: Gun, p: tuple[float, float]) -> float:
    """The distance from a point to the gun's rectangle (long axis along its facing), 0 inside."""
    w, length = footprint()
    a = math.radians(g.facing)
    dx, dy = p[0] - g.x, p[1] - g.y
    along, across = dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
    ox, oy = max(0.0, abs(along) - length / 2), max(0.0, abs(across) - w / 2)
    return math.hypot(ox, oy)


def gap_to_gun(w: Warrior, g: Gun) -> float:
    return max(0.0, to_footprint(g, w.pos) - derive.radius(w))


def muzzle(g: Gun) -> tuple[float, float]:
    """§10 C2: the midpoint of the footprint's front short side."""
    _, length = footprint()
    a = math.radians(g.facing)
    return (g.x + math.cos(a) * length / 2, g.y + math.sin(a) * length / 2)


def gun_problems(state: State, side: str, order: Any) -> list[str]:
    if not isinstance(order, dict) or not isinstance(order.get("g"), str) or not isinstance(order.get("aim"), str):
        return ['§4.3.5: a gun shot is {"g": gun, "aim": target warrior}']
    if not any(g.id == order["g"] for g in state.guns) or not state.has(order["aim"]):
        return [f"§4.3.5: no gun {order['g']!r} or no target {order['aim']!r}"]
    g, t = state.gun(order["g"]), state.warrior(order["aim"])
    d = state.warrior(g.dispatcher)
    problems = []
    if g.side != side or g.status != "active":
        problems.append(f"§4.3.5.1: {g.id} is not {side}'s gun in play")
    if not d.active or gap_to_gun(d, g) > data.const("in_contact_cm") + geo.EPS:
        problems.append(f"§4.3.5.1: the dispatcher {d.id} is not in contact with {g.id}")
    if d.moved:
        problems.append(f"§4.3.5.2: the dispatcher {d.id} moved this turn: {g.id} does not fire (L126)")
    if state.turn - 1 in d.fought_turns:
        problems.append(f"§4.3.5.2: the dispatcher {d.id} fought in melee last turn: {g.id} does not fire (L126)")
    if state.side(side).gun_shots_used >= data.const("gun_shots_per_side_per_game"):
        problems.append(f"§4.3.5.3: {side} has fired its 8 gun shots of the game, whatever the gun (L126)")
    off = geo.angle_between(g.facing, geo.bearing(g.pos, t.pos))
    if off > data.const("gun_arc_tolerance_deg") + geo.EPS:
        problems.append(f"§4.3.5.4: {t.id} is {off:.0f}° off {g.id}'s facing; at most 90° (L126, A-64)")
    rng = derive.sight(d, state.night(), dispatcher=True)
    g_d = space.gap(d, t)
    if (g_d > rng + geo.EPS or not space.los(state, d, t)) and t.id not in state.side(side).intel:
        problems.append(f"§4.3.5.5: the dispatcher {d.id} does not see {t.id} ({g_d:.1f} cm, sight {rng:g}) and no "
                        f"ally has told {side} of it this turn (L128, A-49)")
    if g.fired_turn == state.turn:
        problems.append(f"§4.3.5.6: {g.id} has fired this stage")
    if g.captured_turn == state.turn:
        problems.append(f"§4.3.8: {g.id} was captured this turn; it fires from the next (A-66)")
    return problems


def rotation_problems(state: State, side: str, order: Any) -> list[str]:
    """§4.3.6 (A-64): only with an enemy point-blank at its side, by at most 70°, not the turn after a rotation."""
    if not isinstance(order, dict) or not isinstance(order.get("g"), str) or \
            not isinstance(order.get("facing"), int | float):
        return ['§4.3.6: a rotation is {"g": gun, "facing": deg}']
    if not any(g.id == order["g"] for g in state.guns):
        return [f"§4.3.6: no gun {order['g']!r}"]
    g = state.gun(order["g"])
    d = state.warrior(g.dispatcher)
    problems = []
    if g.side != side or g.status != "active":
        problems.append(f"§4.3.6: {g.id} is not {side}'s gun in play")
    if not d.active or gap_to_gun(d, g) > data.const("in_contact_cm") + geo.EPS:
        problems.append(f"§4.3.6: the dispatcher {d.id} is not in contact with {g.id}")
    if g.rotated_turn == state.turn - 1:
        problems.append(f"§4.3.6: {g.id} rotated last turn; it may not rotate in this one (L126)")
    flank = [w.id for w in state.warriors if w.active and w.deployed and w.side != side
             and gap_to_gun(w, g) <= data.const("in_contact_cm") + geo.EPS
             and geo.angle_between(g.facing, geo.bearing(g.pos, w.pos)) > data.const("gun_arc_deg") + geo.EPS]
    if not flank:
        problems.append(f"§4.3.6: {g.id} rotates only with an enemy point-blank at its side, outside its ±70° (L126)")
    turn_by = geo.angle_between(g.facing, float(order["facing"]))
    if turn_by > data.const("gun_arc_deg") + geo.EPS:
        problems.append(f"§4.3.6: {g.id} turns by at most 70°, not {turn_by:.0f}°")
    return problems


def rotate(ctx: Context, side: str, order: dict[str, Any]) -> None:
    problems = rotation_problems(ctx.state, side, order)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {order.get('g')}'s rotation: " + "; ".join(problems))
    g = ctx.state.gun(order["g"])
    facing = float(order["facing"]) % 360
    ctx.emit(Draft("warband.gun_rotated", ev.GunRotated(
        gun=g.id, before=g.facing, facing=facing, rule="§4.3.6", defaults=["A-64"],
        why=[f"{g.id} turns from {g.facing:g}° to {facing:g}° (an enemy point-blank at its side); it may not "
             f"rotate in turn {ctx.turn + 1}"]).model_dump(mode="json")))


def fire(ctx: Context, side: str, order: dict[str, Any]) -> None:
    state = ctx.state
    problems = gun_problems(state, side, order)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {order.get('g')}: " + "; ".join(problems))
    g, target = state.gun(order["g"]), state.warrior(order["aim"])
    off = geo.angle_between(g.facing, geo.bearing(g.pos, target.pos))
    tolerance = off > data.const("gun_arc_deg") + geo.EPS
    die = d6(ctx, side, "gun_burst", f"burst roll for {g.id}", gun=g.id)
    fired, destroyed, burst = die <= 5, die >= 4, die >= 5
    used = state.side(side).gun_shots_used + (1 if fired else 0)
    why = [f"{g.id} aims at {target.id} ({off:.0f}° off its facing" + (", within the 90° tolerance" if tolerance
                                                                       else "") + f"); burst d6 {die}: "
           + {True: "fires", False: "does not fire"}[fired] + (", the gun is destroyed" if destroyed else "")
           + (", it bursts" if burst else "") + f"; {side} has fired {used} of 8"]
    impacts: list[dict[str, Any]] = []
    gun_hits: list[str] = []
    terrain_hits: list[str] = []
    terrain_destroyed: list[str] = []
    if fired:
        value, _ = ctx.ask("gun_impact", actor=None, options=[], default={"hits": []}, gun=g.id,
                           what=f"C18: where {g.id}'s shot hit: {{\"hits\": [{{\"w\": id, \"knocked_down\": "
                                "bool}], \"gun_hits\": [gun ids], \"terrain_hits\": [piece ids]}",
                           accept=lambda v: isinstance(v, dict) and isinstance(v.get("hits", []), list))
        first_enemy = next((h["w"] for h in value.get("hits", []) if ctx.state.warrior(h["w"]).side != side), None)
        for h in value.get("hits", []):
            w = ctx.state.warrior(h["w"])
            if not w.active:
                continue
            bare = h["w"] == first_enemy and bool(h.get("knocked_down"))
            kinds = save_kinds(w, armour=False) if bare else \
                save_kinds(w, cover=derive.cover_save_tn(_cover_from(ctx.state, g, w)))
            made, saved = saves(ctx, w, kinds, gun=g.id)
            removed = not saved and w.wounds + 1 >= derive.health(w)
            impacts.append({"warrior": w.id, "knocked_down": bool(h.get("knocked_down")), "bare": bare,
                            "saves": made, "wounded": not saved, "removed": removed})
            why.append(f"hit {w.id}"
                       + (" (the first enemy, knocked down: no cover, no armour save, §10 C1)" if bare else "")
                       + f": {save_text(made)}" + ("" if saved else " → 1 wound" + (", removed" if removed else "")))
            ctx.emit(_hit(g, w.id, removed, not saved))
        gun_hits = [x for x in value.get("gun_hits", []) if any(o.id == x for o in ctx.state.guns)]
        terrain_hits = [x for x in value.get("terrain_hits", []) if any(t.id == x for t in ctx.state.terrain)]
        for t in ctx.state.terrain:
            n = terrain_hits.count(t.id)
            if n:
                limit = t.shots_to_destroy or data.const("terrain_medium_gun_shots_to_destroy")
                gone = t.hits + n >= limit
                why.append(f"{t.id} hit: {t.hits + n} of {limit}" + (", destroyed and taken off the table" if gone
                                                                     else ""))
                if gone:
                    terrain_destroyed.append(t.id)
    bursts: list[dict[str, Any]] = []
    if burst:
        near = [w for w in ctx.state.warriors if w.active and w.deployed and
                (w.id == g.dispatcher or gap_to_gun(w, g) <= data.const("gun_burst_radius_cm") + geo.EPS)]
        near.sort(key=lambda w: (w.id != g.dispatcher, w.id))
        for w in near:
            kinds = save_kinds(w, improve=data.const("gun_burst_save_improvement"),
                               none_becomes=BURST_SAVE_WITHOUT_ANY)
            made, saved = saves(ctx, w, kinds, gun=g.id, burst=True)
            removed = not saved and w.wounds + 1 >= derive.health(w)
            bursts.append({"warrior": w.id, "saves": made, "wounded": not saved, "removed": removed})
            why.append(f"burst: {w.id} ({gap_to_gun(w, g):.1f} cm), every save 1 better: {save_text(made)} "
                       + ("" if saved else "→ 1 wound" + (", removed" if removed else "")))
    ctx.emit(Draft("warband.gun_fired", ev.GunFired(
        gun=g.id, side=side, dispatcher=g.dispatcher, aim=target.id, off_deg=round(off, 2), tolerance=tolerance,
        burst_die=die, fired=fired, destroyed=destroyed, shots_used=used, impacts=impacts, gun_hits=gun_hits,
        bursts=bursts, terrain_hits=terrain_hits, terrain_destroyed=terrain_destroyed, rule="§4.3.5",
        defaults=["A-60", "A-61", "A-62", "A-64", "A-65"],
        why=why).model_dump(mode="json")))


def _hit(g: Gun, wid: str, removed: bool, wounded: bool) -> Draft:
    return Draft("warband.gun_hit", ev.GunHit(gun=g.id, dispatcher=g.dispatcher, warrior=wid, wounded=wounded,
                                              removed=removed, rule="§4.3.5, §10 C11",
                                              why=[f"{g.id} hits {wid}"]).model_dump(mode="json"))


def _cover_from(state: State, g: Gun, target: Warrior) -> float:
    from dataclasses import replace

    shooter = replace(state.warrior(g.dispatcher), x=muzzle(g)[0], y=muzzle(g)[1], mount="__muzzle__")
    best = 0.0
    for t in state.terrain:
        if space.stands_on(target, t) or not geo.segment_crosses_polygon(shooter.pos, target.pos, t.polygon):
            continue
        if geo.base_polygon_gap(shooter.pos, 0.0, t.polygon) <= data.const("in_contact_cm") + geo.EPS:
            continue
        pct = t.cover_pct if t.cover_pct is not None else \
            max(0.0, min(1.0, (t.height - target.z) / derive.height(target))) * 100
        best = max(best, min(pct, 75.0))
    return best


# --- displacement, capture, sabotage, small arms (§4.2.12, §4.3.7, §4.3.8) -------------------------------------

def _contact(w: Warrior, g: Gun) -> bool:
    return gap_to_gun(w, g) <= data.const("in_contact_cm") + geo.EPS


def gun_move_problems(state: State, side: str, order: Any) -> list[str]:
    """§4.2.12 (L126): its dispatcher, in contact and not moved this stage, moves it; its centre stays within 1 cm
    of its origin."""
    if not isinstance(order, dict) or not isinstance(order.get("g"), str) or \
            not all(isinstance(order.get(k), int | float) for k in ("x", "y")):
        return ['§4.2.12: a gun move is {"g": gun, "x": cm, "y": cm}']
    if not any(g.id == order["g"] for g in state.guns):
        return [f"§4.2.12: no gun {order['g']!r}"]
    g = state.gun(order["g"])
    d = state.warrior(g.dispatcher)
    problems = []
    if g.side != side or g.status != "active":
        problems.append(f"§4.2.12: {g.id} is not {side}'s gun in play")
    if not d.active or not _contact(d, g):
        problems.append(f"§4.2.12: the dispatcher {d.id} is not in contact with {g.id}")
    if d.moved:
        problems.append(f"§4.2.12: the dispatcher {d.id} has moved this stage")
    off = geo.dist((g.origin[0], g.origin[1]), (float(order["x"]), float(order["y"])))
    if off > data.const("gun_max_displacement_cm") + geo.EPS:
        problems.append(f"§4.2.12: {g.id} may not be more than 1 cm from its origin ({g.origin[0]:g}, "
                        f"{g.origin[1]:g}), not {off:.2f} (L126)")
    return problems


def move_gun(ctx: Context, side: str, order: dict[str, Any]) -> None:
    problems = gun_move_problems(ctx.state, side, order)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {order.get('g')}'s move: " + "; ".join(problems))
    g = ctx.state.gun(order["g"])
    end = [float(order["x"]), float(order["y"])]
    off = geo.dist((g.origin[0], g.origin[1]), (end[0], end[1]))
    ctx.emit(Draft("warband.gun_moved", ev.GunMoved(
        gun=g.id, dispatcher=g.dispatcher, start=[g.x, g.y], end=end, from_origin=round(off, 4), rule="§4.2.12",
        why=[f"{g.dispatcher} moves {g.id} to ({end[0]:g}, {end[1]:g}), {off:.2f} ≤ 1 cm from its origin; "
             f"{g.dispatcher} counts as moved: {g.id} does not fire this turn (L126)"]).model_dump(mode="json")))


def capture_problems(state: State, side: str, order: Any) -> list[str]:
    """§4.3.8 (A-66): only a dispatcher captures: in contact with the enemy gun, its own dispatcher out of play or
    not in contact, no warrior of the gun's side within 2 cm of it."""
    if not isinstance(order, dict) or not isinstance(order.get("g"), str) or not isinstance(order.get("w"), str):
        return ['§4.3.8: a capture is {"w": dispatcher, "g": gun}']
    if not any(g.id == order["g"] for g in state.guns) or not state.has(order["w"]):
        return [f"§4.3.8: no gun {order['g']!r} or no warrior {order['w']!r}"]
    g, w = state.gun(order["g"]), state.warrior(order["w"])
    problems = []
    if w.side != side or not w.active:
        problems.append(f"§4.3.8: {w.id} is not {side}'s warrior in play")
    if not any(x.dispatcher == w.id and x.side == side for x in state.guns):
        problems.append(f"§4.3.8: only a dispatcher captures guns (L126); {w.id} is none")
    if g.side == side or g.status != "active":
        problems.append(f"§4.3.8: {g.id} is not an enemy gun in play")
    if not _contact(w, g):
        problems.append(f"§4.3.8: {w.id} is not in contact with {g.id}")
    own = state.warrior(g.dispatcher)
    if own.active and _contact(own, g):
        problems.append(f"§4.3.8: {g.id}'s dispatcher {own.id} is still at it")
    near = [x.id for x in state.warriors if x.active and x.deployed and x.side == g.side
            and gap_to_gun(x, g) <= data.const("gun_burst_radius_cm") + geo.EPS]
    if near:
        problems.append(f"§4.3.8: {', '.join(near)} of {g.side} within 2 cm of {g.id} (A-66)")
    return problems


def capture(ctx: Context, side: str, order: dict[str, Any]) -> None:
    problems = capture_problems(ctx.state, side, order)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {order.get('w')}'s capture: " + "; ".join(problems))
    g = ctx.state.gun(order["g"])
    ctx.emit(Draft("warband.gun_captured", ev.GunCaptured(
        gun=g.id, before_side=g.side, side=side, dispatcher=order["w"], rule="§4.3.8", defaults=["A-66"],
        why=[f"{order['w']} captures {g.id} from {g.side}; it fires for {side} from turn {ctx.turn + 1}, its shots "
             f"counting against {side}'s 8"]).model_dump(mode="json")))


def sabotage_problems(state: State, side: str, stage: str, items: Any, busy: set[str]) -> list[str]:
    """§4.3.7: a warrior in contact with an enemy gun in play declares it at the start of a stage and does nothing
    else in it (`busy`: the warriors the order uses otherwise)."""
    if not isinstance(items, list) or not all(isinstance(i, dict) and isinstance(i.get("w"), str)
                                              and isinstance(i.get("g"), str) for i in items):
        return ['§4.3.7: sabotage is [{"w": warrior, "g": gun}, …]']
    problems = []
    for i in items:
        if not state.has(i["w"]) or not any(g.id == i["g"] for g in state.guns):
            problems.append(f"§4.3.7: no warrior {i['w']!r} or no gun {i['g']!r}")
            continue
        w, g = state.warrior(i["w"]), state.gun(i["g"])
        if w.side != side or not w.active:
            problems.append(f"§4.3.7: {w.id} is not {side}'s warrior in play")
        if g.side == side or g.status != "active":
            problems.append(f"§4.3.7: {g.id} is not an enemy gun in play")
        elif not _contact(w, g):
            problems.append(f"§4.3.7: {w.id} is not in contact with {g.id}")
        if w.id in busy:
            problems.append(f"§4.3.7: a saboteur does nothing else in the stage (L126): {w.id} has another order")
    return problems


def declare_sabotage(ctx: Context, side: str, stage: str, items: list[dict[str, Any]], busy: set[str]) -> None:
    if not items:
        return
    problems = sabotage_problems(ctx.state, side, stage, items, busy)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {side}'s sabotage: " + "; ".join(problems))
    pairs = {i["w"]: i["g"] for i in items}
    ctx.emit(Draft("warband.sabotage_declared", ev.SabotageDeclared(
        side=side, stage=stage, saboteurs=pairs, rule="§4.3.7",
        why=[f"{w} works on {g} this {stage} stage and does nothing else" for w, g in pairs.items()]
        ).model_dump(mode="json")))


def sabotage_tick(ctx: Context, stage: str) -> None:
    """§4.3.7 at the end of a stage: n saboteurs still in play, in contact and not in a fight this stage add
    6 / (7 − min(n, 6)) stages of work (1 warrior: 6 stages = 2 turns; each more one stage sooner); at 6 the gun is
    destroyed."""
    for g in ctx.state.guns:
        if not g.saboteurs or g.status != "active":
            continue
        counted = [w for w in g.saboteurs if ctx.state.warrior(w).active and _contact(ctx.state.warrior(w), g)
                   and not (stage == "melee" and ctx.turn in ctx.state.warrior(w).fought_turns)]
        n = min(len(counted), 6)
        step = round(6 / (7 - n), 6) if n else 0.0
        progress = round(g.sabotage_progress + step, 6)
        destroyed = progress >= 6 - 1e-6
        left = [w for w in g.saboteurs if w not in counted]
        ctx.emit(Draft("warband.sabotage", ev.Sabotage(
            gun=g.id, counted=counted, step=step, progress=progress, destroyed=destroyed, rule="§4.3.7",
            why=[(f"{', '.join(counted)} worked on {g.id}: {n} warrior(s) → 6/(7 − {n}) = {step:g}; "
                  f"{g.sabotage_progress:g} + {step:g} = {progress:g} of 6" if n else f"nobody worked on {g.id}")
                 + (f" ({', '.join(left)} not counted: out of play, out of contact or in a fight)" if left else "")
                 + (f": {g.id} is destroyed" if destroyed else "")]).model_dump(mode="json")))


def shoot_gun(ctx: Context, s: Warrior, g: Gun) -> None:
    """R-SHOT step 6 (L126): a small-arms shot at a gun: no save; the fourth hit destroys it."""
    weapon = derive.missile(s) or ""
    rng = float(data.const("effective_range_cm")[weapon])
    d = max(0.0, to_footprint(g, s.pos) - derive.radius(s))
    base: dict[str, Any] = {"shooter": s.id, "gun": g.id, "weapon": weapon, "distance": round(d, 4), "range": rng,
                            "rule": "§4.3.2, §4.3.7", "defaults": ["A-52"]}
    if d > rng + geo.EPS:
        ctx.emit(Draft("warband.gun_shot", ev.GunShot(**base, taken=False, hits=g.hits_by_small_arms, why=[
            f"{s.id} → {g.id}: {d:.1f} cm > {rng:g} cm: no shot (A-52)"]).model_dump(mode="json")))
        return
    tn = data.const("to_wound_within_direct") if d <= rng * data.const("direct_range_fraction") + geo.EPS \
        else data.const("to_wound_within_effective")
    die = d6(ctx, s.side, "to_wound", f"{s.id}'s shot at {g.id} ({tn}+)", warrior=s.id)
    hits = g.hits_by_small_arms + (1 if die >= tn else 0)
    limit = data.const("gun_destroyed_by_small_arms_hits")
    destroyed = hits >= limit
    ctx.emit(Draft("warband.gun_shot", ev.GunShot(**base, taken=True, tn=tn, die=die, hits=hits, destroyed=destroyed,
                                                  why=[f"{s.id} → {g.id}: {d:.1f} cm of {rng:g} → {tn}+; d6 {die}: "
                                                       + (f"hit, {hits} of {limit}" if die >= tn else "miss")
                                                       + (f": {g.id} is destroyed" if destroyed else "")]
                                                  ).model_dump(mode="json")))
