"""Mounts (§4.2.6–§4.2.7): dismounting (tied: a quarter of the МДД this stage; loose: it runs from the next turn),
remounting, and the runaway mount's two dice (distance 2 cm a pip, direction in its owner's frame, a diagonal by two
sub-rolls). Stopping a runaway (§4.2.8) and untying enemy mounts (§4.2.9) are NOT YET.

Requests: at the start of the owner's movement segment, per running mount the owner's `runaway` 2d6 (key `mount`;
the first die is the distance, the second the direction, A-34); on a 5 the owner's `diagonal` (C11, default NE)
and the `diag_fb` and `diag_lr` d6."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft
from replay.context import Context
from replay.rulesets.warband import data, derive
from replay.rulesets.warband import events as ev
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.model import Mount, State, Warrior

FORWARD = {"S": 90.0, "N": 270.0, "W": 0.0, "E": 180.0}
"""The owner's forward (away from its home edge) in table degrees."""
DIRECTION = {int(k): v for k, v in data.const("runaway_direction").items()}


def mount_radius() -> float:
    return data.load("table4")["mounted_geometry"]["base_cm"] / 2


def on_foot(w: Warrior) -> Warrior:
    return replace(w, mount=None)


def dismount_problems(state: State, w: Warrior, mv: dict[str, Any]) -> list[str]:
    if w.mount is None:
        return [f"§4.2.6: {w.id} is on foot"]
    at = mv.get("mount_at")
    if not (isinstance(at, list | tuple) and len(at) == 2 and all(isinstance(v, int | float) for v in at)):
        return [f"§4.2.6: {w.id}'s dismount names where the mount stays: \"mount_at\": [x, y]"]
    if mv.get("dismount") not in ("tie", "loose"):
        return ["§4.2.6: dismount is tie or loose"]
    foot = on_foot(w)
    g = geo.gap(foot.pos, derive.radius(foot), (float(at[0]), float(at[1])), mount_radius())
    problems = []
    if g > data.const("in_contact_cm") + geo.EPS:
        problems.append(f"§4.2.6: the mount is placed in contact with {w.id}, not {g:.1f} cm away (A-32)")
    for o in state.warriors:
        if o.id != w.id and o.active and o.deployed and geo.overlaps((at[0], at[1]), mount_radius(), o.pos,
                                                                      derive.radius(o)):
            problems.append(f"§4.2.6: the mount would overlap {o.id}")
    return problems


def remount_problems(state: State, w: Warrior, mid: Any, end: tuple[float, float]) -> list[str]:
    if w.mount is not None:
        return [f"§4.2.6: {w.id} is mounted already"]
    if not isinstance(mid, str) or all(m.id != mid for m in state.mounts):
        return [f"§4.2.6: no mount {mid!r} on the table"]
    m = state.mount(mid)
    if not (m.state == "standing" or m.state == "tied" and m.owner_side == w.side):
        return [f"§4.2.6: {mid} is {m.state}; one remounts a tied mount of one's own side or a standing one (A-38)"]
    if geo.gap(end, derive.radius(w), m.pos, mount_radius()) > data.const("in_contact_cm") + geo.EPS:
        return [f"§4.2.6: {w.id}'s move must end in contact with {mid}"]
    return []


def runaways(ctx: Context, side: str) -> None:
    """§4.2.7 at the start of the owner's movement segment: every running mount set loose before this turn."""
    for m in [m for m in ctx.state.mounts if m.owner_side == side and m.state == "running" and m.since_turn < ctx.turn]:
        run_away(ctx, m)


def run_away(ctx: Context, m: Mount) -> None:
    roll = ctx.roll("2d6", actor=m.owner_side, purpose="runaway", mount=m.id,
                    what=f"{m.id} runs: the first die is the distance, the second the direction")
    dist_die, dir_die = (int(v) for v in roll.payload["result"])
    length = data.const("runaway_cm_per_pip") * dist_die
    forward = FORWARD[ctx.state.side(m.owner_side).home_edge]
    why = [f"{m.id}: distance d6 {dist_die} → {length:g} cm; direction d6 {dir_die}: {DIRECTION[dir_die]}"]
    heading: float | None
    if dir_die == 6:
        heading = None
    elif dir_die == 5:
        wanted, _ = ctx.ask("diagonal", actor=m.owner_side, options=["NE", "NW", "SE", "SW"], default="NE",
                            mount=m.id, what=f"C11: the diagonal {m.owner_side} wants {m.id} to run (its own frame)")
        fb, lr = ctx.need_rolls([("1d6", m.owner_side, "diag_fb", {"mount": m.id}, f"{m.id} forward–back"),
                                 ("1d6", m.owner_side, "diag_lr", {"mount": m.id}, f"{m.id} left–right")])
        fb_die, lr_die = int(fb.payload["result"][0]), int(lr.payload["result"][0])
        keep = data.const("diagonal_subroll_desired_from")
        ns = wanted[0] if fb_die >= keep else {"N": "S", "S": "N"}[wanted[0]]
        ew = wanted[1] if lr_die >= keep else {"E": "W", "W": "E"}[wanted[1]]
        why.append(f"wanted {wanted}; forward–back {fb_die} → {ns}, left–right {lr_die} → {ew}: {ns}{ew}")
        heading = forward + {"NE": -45.0, "NW": 45.0, "SE": -135.0, "SW": 135.0}[ns + ew]
    else:
        heading = forward + {1: 0.0, 2: 180.0, 3: -90.0, 4: 90.0}[dir_die]
    end, lost, stopped_by = _run(ctx.state, m, heading, length)
    if heading is not None:
        why.append(f"runs to ({end[0]:g}, {end[1]:g})" + (f", stopped by {stopped_by}" if stopped_by else "")
                   + (": off the table, lost" if lost else ""))
    else:
        why.append("stays in place")
    ctx.emit(Draft("warband.mount_ran", ev.MountRan(
        mount=m.id, distance_die=dist_die, direction_die=dir_die, heading=None if heading is None else heading % 360,
        end=[round(end[0], 4), round(end[1], 4)], lost=lost, rule="§4.2.7", defaults=["A-33", "A-34", "A-35"],
        why=why).model_dump(mode="json")))


def _run(state: State, m: Mount, heading: float | None, length: float) -> tuple[tuple[float, float], bool, str]:
    """A-35: straight; it stops when its base would touch a base or an impassable piece; off the table it is lost."""
    if heading is None or length <= 0:
        return m.pos, False, ""
    a = math.radians(heading)
    r = mount_radius()
    steps = int(length * 10)
    pos = m.pos
    for k in range(1, steps + 1):
        p = (m.x + math.cos(a) * k / 10, m.y + math.sin(a) * k / 10)
        if not (0 <= p[0] <= state.table[0] and 0 <= p[1] <= state.table[1]):
            return p, True, ""
        for o in state.warriors:
            if o.active and o.deployed and geo.dist(p, o.pos) < r + derive.radius(o) - geo.EPS:
                return pos, False, o.id
        for other in state.mounts:
            if other.id != m.id and geo.dist(p, other.pos) < 2 * r - geo.EPS:
                return pos, False, other.id
        for t in state.terrain:
            if t.impassable and geo.base_polygon_gap(p, r, t.polygon) <= 0:
                return pos, False, t.id
        pos = p
    return pos, False, ""
