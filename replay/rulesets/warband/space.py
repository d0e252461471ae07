"""Geometry on the state: gaps between warriors, reach and front arcs, line of sight, paths and cover (§2.1,
§4.2.1, §4.3.1, §4.3.3, §4.4.1)."""

from __future__ import annotations

from collections.abc import Sequence

from replay.rulesets.warband import derive
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.model import State, Terrain, WarbandOptions, Warrior

EPS = geo.EPS


def gap(a: Warrior, b: Warrior) -> float:
    return geo.gap(a.pos, derive.radius(a), b.pos, derive.radius(b))


def in_contact(a: Warrior, b: Warrior) -> bool:
    return gap(a, b) <= 1 + EPS


def can_strike(w: Warrior, e: Warrior, options: WarbandOptions) -> bool:
    """W strikes E: enemies, both active, gap ≤ W's reach (closer than 1 cm too, §10 C14), E in W's front arc."""
    return (w.side != e.side and w.active and e.active and gap(w, e) <= derive.reach(w) + EPS
            and geo.in_front_arc(w.pos, w.facing, e.pos, options.front_arc_half_angle_deg))


def top(w: Warrior) -> float:
    return w.z + derive.height(w)


def stands_on(w: Warrior, t: Terrain) -> bool:
    """A warrior is in a piece iff its centre lies inside it (§10 C4)."""
    return geo.point_in_polygon(w.pos, t.polygon)


def los(state: State, a: Warrior, b: Warrior) -> bool:
    """§4.3.1, A-10: the centre-to-centre segment is crossed by no piece (other than those either stands on) that
    blocks sight or whose top reaches both models' tops. Symmetric by construction."""
    for t in state.terrain:
        if stands_on(a, t) or stands_on(b, t):
            continue
        if geo.segment_crosses_polygon(a.pos, b.pos, t.polygon) and \
                (t.blocks_los or t.height >= max(top(a), top(b)) - EPS):
            return False
    return True


def sees(state: State, a: Warrior, b: Warrior) -> tuple[bool, float, float]:
    """(sees, gap, sight range): within sight (30 cm by day, 20 at night, L120) and line of sight."""
    rng = derive.sight(a, state.night())
    g = gap(a, b)
    return g <= rng + EPS and los(state, a, b), g, rng


def shot_origin(shooter: Warrior, target: Warrior) -> tuple[float, float]:
    """A-08: a foot shooter measures from its base edge nearest the target, a mounted one from its centre."""
    if shooter.mount:
        return shooter.pos
    return geo.nearest_edge_point(shooter.pos, derive.radius(shooter), target.pos)


def shot_distance(shooter: Warrior, target: Warrior) -> float:
    """From the shooter's origin to the nearest point of the target's base (§4.3.2 step 1)."""
    return max(0.0, geo.dist(shot_origin(shooter, target), target.pos) - derive.radius(target))


def coverage(state: State, shooter: Warrior, target: Warrior) -> tuple[float, str | None, list[str]]:
    """§4.3.3: (coverage %, the piece giving it, notes): pieces on the line from the shooter's origin to the
    target's centre, except those the target stands in and those the shooter is in contact with (L156); each
    piece's cover_pct or the share of the target's height below its top; the best one, capped at 75 % (§10 C17)."""
    origin = shot_origin(shooter, target)
    best, piece, notes = 0.0, None, []
    for t in state.terrain:
        if stands_on(target, t) or not geo.segment_crosses_polygon(origin, target.pos, t.polygon):
            continue
        if geo.base_polygon_gap(shooter.pos, derive.radius(shooter), t.polygon) <= 1 + EPS:
            notes.append(f"{t.id}: the shooter is in contact with it (вплотную, L156): no cover")
            continue
        pct = t.cover_pct if t.cover_pct is not None else \
            max(0.0, min(1.0, (t.height - target.z) / derive.height(target))) * 100
        pct = min(pct, 75.0)
        notes.append(f"{t.id}: {pct:g} %")
        if pct > best:
            best, piece = pct, t.id
    return best, piece, notes


def terrain_on_path(state: State, path: Sequence[tuple[float, float]], radius: float) -> list[Terrain]:
    """The pieces the base swept along the path enters (§10 C4)."""
    return [t for t in state.terrain if geo.swept_base_touches(path, radius, t.polygon)]


def surface_at(state: State, p: tuple[float, float]) -> tuple[float, Terrain | None]:
    """The elevation of the highest piece whose outline holds the point (0: the table)."""
    found = [t for t in state.terrain if geo.point_in_polygon(p, t.polygon)]
    if not found:
        return 0.0, None
    t = max(found, key=lambda t: t.height)
    return t.height, t


def needs_roll(state: State, w: Warrior, path: Sequence[tuple[float, float]], options: WarbandOptions) -> list[str]:
    """Why a path needs the movement roll (§4.2.2): rough terrain, water, a climb; empty if it does not."""
    why = []
    for t in terrain_on_path(state, path, derive.radius(w)):
        if t.rough:
            why.append(f"{t.id} is rough terrain")
        elif t.water:
            why.append(f"{t.id} is water (A-27)")
    z = w.z
    for p in path[1:]:
        h, t = surface_at(state, p)
        if t is not None and h - z > options.step_cm + EPS:
            why.append(f"climbs {h - z:g} cm onto {t.id}")
        z = h
    return why


def path_problems(state: State, w: Warrior, path: Sequence[tuple[float, float]], options: WarbandOptions,
                  ignore: Sequence[str] = ()) -> list[str]:
    """§4.2.1.3, A-12: no impassable piece, no enemy base crossed, no base overlapped at the end, on the table."""
    r = derive.radius(w)
    problems = []
    end = path[-1]
    if not (r - EPS <= end[0] <= state.table[0] - r + EPS and r - EPS <= end[1] <= state.table[1] - r + EPS):
        problems.append(f"§2.1: {w.id} would end off the table at ({end[0]:g}, {end[1]:g})")
    for t in terrain_on_path(state, path, r):
        if t.impassable:
            problems.append(f"§4.2.1.3: the path crosses {t.id}, impassable (L44)")
    for o in state.warriors:
        if o.id == w.id or not o.active or not o.deployed or o.id in ignore:
            continue
        ro = derive.radius(o)
        if geo.overlaps(end, r, o.pos, ro):
            problems.append(f"§4.2.1.3: {w.id} would end overlapping {o.id}'s base")
        elif (o.side != w.side or not options.pass_through_friends) and \
                geo.swept_base_hits_base(path, r, o.pos, ro):
            problems.append(f"§4.2.1.3: the path crosses {o.id}'s base (A-12)")
    return problems


def deploy_depth(state: State, w: Warrior, x: float, y: float) -> float:
    """How far the farthest point of the base lies from the side's home edge (§3.3, A-11)."""
    r = derive.radius(w)
    edge = state.side(w.side).home_edge
    return {"S": y + r, "N": state.table[1] - y + r, "W": x + r, "E": state.table[0] - x + r}[edge]
