"""Mounts (§4.2.6–§4.2.7): dismounting (tied: a quarter of the МДД this stage; loose: it runs from the next turn),
remounting, and the runaway mount's two dice (distance 2 cm a pip, direction in its owner's frame, a diagonal by two
sub-rolls), stopping a runaway (§4.2.8) and untying enemy mounts (§4.2.9).

Requests: at the start of the owner's movement segment, per running mount the owner's `runaway` 2d6 (key `mount`;
the first die is the distance, the second the direction, A-34); on a 5 the owner's `diagonal` (C11, default NE)
and the `diag_fb` and `diag_lr` d6; once the run is known, every side in turn order from the owner that has a
warrior able to reach it is asked `stop_mount` (C12, key `mount`, default none) until one tries; the trying side's
`stop_mount` d6 (key `mount`), and on a 1 the warrior's saves (key `warrior`, `mount`)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft
from replay.context import Context, MissingInput
from replay.rulesets.warband import data, derive, space
from replay.rulesets.warband import events as ev
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.dice import d6, save_kinds, save_text, saves
from replay.rulesets.warband.model import Mount, State, WarbandOptions, Warrior

STOP_OUTCOMES = {1: "the warrior takes a wound", 2: "the warrior loses 1 initiative and 1 attack strength",
                 3: "the warrior loses 1 initiative", 4: "the mount stops at the end of its run",
                 5: "the mount stops by the warrior", 6: "the mount stops and the warrior is on it"}
"""§4.2.8, L70-L80 (A-36: outcomes 2 and 3 last to the end of the turn; on 1–3 the mount runs on)."""

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


def runaways(ctx: Context, side: str, options: WarbandOptions | None = None) -> None:
    """§4.2.7 at the start of the owner's movement segment: every running mount set loose before this turn."""
    for m in [m for m in ctx.state.mounts if m.owner_side == side and m.state == "running" and m.since_turn < ctx.turn]:
        run_away(ctx, m, options or WarbandOptions())


def run_away(ctx: Context, m: Mount, options: WarbandOptions | None = None) -> None:
    roll = ctx.roll("2d6", actor=m.owner_side, purpose="runaway", mount=m.id,
                    what=f"{m.id} runs: the first die is the distance, the second the direction")
    dist_die, dir_die = (int(v) for v in roll.payload["result"])
    length = data.const("runaway_cm_per_pip") * dist_die
    forward = FORWARD[ctx.state.side(m.owner_side).home_edge]
    why = [f"{m.id}: distance d6 {dist_die} → {length:g} cm; direction d6 {dir_die}: {DIRECTION[dir_die]}"]
    heading: float | None
    diagonal: dict[str, Any] | None = None
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
        diagonal = {"wanted": wanted, "fb": fb_die, "lr": lr_die, "runs": ns + ew}
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
        end=[round(end[0], 4), round(end[1], 4)], lost=lost, start=[m.x, m.y], diagonal=diagonal, rule="§4.2.7",
        defaults=["A-33", "A-34", "A-35"],
        why=why).model_dump(mode="json")))
    if heading is not None and not lost and end != m.pos:
        stop_attempt(ctx, ctx.state.mount(m.id), options or WarbandOptions())


def stop_eligible(state: State, w: Warrior, m: Mount) -> float | None:
    """§4.2.8 (A-36): on foot, active, not engaged, not halted: the distance it has left (МДД − moved this stage,
    no movement roll) if that reaches contact with the mount's run; else None."""
    if not w.active or not w.deployed or w.mount is not None or w.engaged_with or w.halted:
        return None
    if m.run_from is None:
        return None
    left = derive.mdd(w) - w.moved_cm
    need = max(0.0, geo.point_segment_distance(w.pos, m.run_from, m.pos) - derive.radius(w) - mount_radius()
               - data.const("in_contact_cm"))
    return left if need <= left + geo.EPS else None


def stop_problems(state: State, side: str, m: Mount, value: Any, options: WarbandOptions) -> list[str]:
    """C12: "none", or {"w": a warrior of the side, "at": [x, y]}: a straight move within what it has left that
    ends in contact with the mount's run."""
    if value == "none":
        return []
    if not isinstance(value, dict) or not isinstance(value.get("w"), str) or not _point(value.get("at")):
        return ['C12: a stop attempt is "none" or {"w": warrior, "at": [x, y]}']
    if not state.has(value["w"]) or state.warrior(value["w"]).side != side:
        return [f"C12: {value['w']!r} is not {side}'s warrior"]
    w = state.warrior(value["w"])
    left = stop_eligible(state, w, m)
    if left is None or m.run_from is None:
        return [f"§4.2.8: {w.id} cannot try to stop {m.id} (on foot, active, not engaged, not halted, within "
                "reach of its run)"]
    at = (float(value["at"][0]), float(value["at"][1]))
    problems = []
    if geo.dist(w.pos, at) > left + geo.EPS:
        problems.append(f"§4.2.8: {w.id} has {left:g} cm left this stage, not {geo.dist(w.pos, at):.1f}")
    if geo.point_segment_distance(at, m.run_from, m.pos) - derive.radius(w) - mount_radius() > \
            data.const("in_contact_cm") + geo.EPS:
        problems.append(f"§4.2.8: at ({at[0]:g}, {at[1]:g}) {w.id} is not in contact with {m.id}'s run")
    problems += space.path_problems(state, w, [w.pos, at], options)
    return problems


def _point(v: Any) -> bool:
    return isinstance(v, list | tuple) and len(v) == 2 and all(isinstance(x, int | float) for x in v)


def stop_attempt(ctx: Context, m: Mount, options: WarbandOptions) -> None:
    """C12 (A-36), once the run is known (`m` stands at its end, `run_from` its start): sides in turn order from
    the owner, each with a warrior able to reach the run, until one tries; the warrior moves to its point and rolls
    d6 (on a 1 a wound with its saves, no cover); the outcome places the mount."""
    order = ctx.state.order()
    first = order.index(m.owner_side)
    assert m.run_from is not None
    for side in order[first:] + order[:first]:
        state = ctx.state
        able = [w.id for w in state.warriors if w.side == side and stop_eligible(state, w, m) is not None]
        if not able:
            continue
        value, _ = ctx.ask("stop_mount", actor=side, options=[], default="none", mount=m.id,
                           what=f"C12: does {side} try to stop {m.id} (running ({m.run_from[0]:g}, "
                                f"{m.run_from[1]:g}) → ({m.x:g}, {m.y:g})): \"none\" or "
                                f"{{\"w\": one of {', '.join(able)}, \"at\": [x, y]}}",
                           accept=lambda v, s=side, st=state: stop_problems(st, s, m, v, options) == [])
        if value == "none":
            continue
        w = state.warrior(value["w"])
        at = (float(value["at"][0]), float(value["at"][1]))
        die = d6(ctx, side, "stop_mount", f"{w.id} tries to stop {m.id}", mount=m.id)
        made: list[dict[str, Any]] = []
        wounded = removed = False
        mods: dict[str, float] = {}
        if die == 1:
            made, saved = saves(ctx, w, save_kinds(w), mount=m.id)
            wounded = not saved
            removed = wounded and w.wounds + 1 >= derive.health(w)
        elif die == 2:
            mods = {"initiative": -1, "attack_strength": -1}
        elif die == 3:
            mods = {"initiative": -1}
        after, pos, rider = "running", m.pos, None
        if die == 4:
            after = "standing"
        elif die >= 5:
            pos = _contact_point(m, at, derive.radius(w))
            after, rider = ("ridden", w.id) if die == 6 else ("standing", None)
        moved = geo.dist(w.pos, at)
        why = [f"{w.id} runs {moved:.1f} cm to ({at[0]:g}, {at[1]:g}) into {m.id}'s way and may not move again "
               f"this stage (L82); d6 {die}: {STOP_OUTCOMES[die]}"]
        if die == 1:
            why.append(f"{w.id}: {save_text(made)}" + ("" if not wounded else
                       f" → wound {w.wounds + 1}/{derive.health(w)}" + (", removed" if removed else "")))
        if mods:
            why.append(", ".join(f"{k} {v:+g}" for k, v in mods.items()) + f" until the end of turn {ctx.turn}")
        why.append({"running": f"{m.id} runs on to ({m.x:g}, {m.y:g}), still running",
                    "standing": f"{m.id} stands at ({pos[0]:g}, {pos[1]:g}); anyone may mount it",
                    "ridden": f"{w.id} is on {m.id} ({m.kind}) at ({pos[0]:g}, {pos[1]:g})"}[after])
        ctx.emit(Draft("warband.mount_stop", ev.MountStop(
            mount=m.id, warrior=w.id, side=side, start=[w.x, w.y], at=[at[0], at[1]], moved=round(moved, 4),
            die=die, outcome=STOP_OUTCOMES[die], saves=made, wounded=wounded, removed=removed, modifiers=mods,
            until=ctx.turn if mods else None, mount_after=after, mount_at=[round(pos[0], 4), round(pos[1], 4)],
            rider=rider, rule="§4.2.8", defaults=["A-36"], why=why).model_dump(mode="json")))
        return


def _contact_point(m: Mount, at: tuple[float, float], radius: float) -> tuple[float, float]:
    """Outcome 5/6: the first point of the run where the mount comes into contact with the warrior at `at`."""
    assert m.run_from is not None
    length = geo.dist(m.run_from, m.pos)
    steps = max(1, int(length * 10))
    for k in range(steps + 1):
        p = (m.run_from[0] + (m.x - m.run_from[0]) * k / steps, m.run_from[1] + (m.y - m.run_from[1]) * k / steps)
        if geo.gap(p, mount_radius(), at, radius) <= data.const("in_contact_cm") + geo.EPS:
            return p
    return m.pos


SWAPS = ({"short_weapon", "long_weapon"}, {"short_weapon", "spear"}, {"long_weapon", "spear"})
"""§4.2.11 (L272, A-47): melee weapon ↔ spear, short ↔ long."""


def in_hand(w: Warrior) -> str:
    if w.wielding:
        return w.wielding
    kinds = [i.kind for i in w.items()]
    return {"long": "long_weapon" if "long_weapon" in kinds else "spear", "short": "short_weapon"}[derive.reach_kind(w)]


def swap_problems(state: State, w: Warrior, to: Any) -> list[str]:
    """§4.2.11 (A-47): a rider carrying both swaps once a turn, not while engaged."""
    kinds = [i.kind for i in w.items()]
    problems = []
    if w.mount is None:
        problems.append(f"§4.2.11: only riders swap weapons (L272); {w.id} is on foot")
    if not isinstance(to, str) or to not in kinds:
        problems.append(f"§4.2.11: {w.id} carries no {to!r}")
    elif not any({in_hand(w), to} == pair for pair in SWAPS):
        problems.append(f"§4.2.11: {w.id} swaps melee weapon ↔ spear or short ↔ long, not {in_hand(w)} → {to}")
    if w.engaged_with:
        problems.append(f"§4.2.11: {w.id} is engaged; no swap (A-47)")
    if w.swapped_turn == state.turn:
        problems.append(f"§4.2.11: {w.id} has swapped this turn (once a turn, A-47)")
    return problems


def swap(ctx: Context, w: Warrior, to: str) -> None:
    problems = swap_problems(ctx.state, w, to)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {w.id}'s weapon swap: " + "; ".join(problems))
    before = in_hand(w)
    ctx.emit(Draft("warband.weapon_swapped", ev.WeaponSwapped(
        warrior=w.id, before=before, to=to, rule="§4.2.11", defaults=["A-47"],
        why=[f"{w.id} swaps its {before} for its {to} (reach "
             f"{data.const('reach_cm')['short' if to == 'short_weapon' else 'long']:g} cm)"]).model_dump(mode="json")))


def untie_problems(state: State, w: Warrior, mv: dict[str, Any]) -> list[str]:
    """§4.2.9 (A-37): a tied enemy mount in contact, after at most 1 cm of moving this stage."""
    mid = mv.get("untie")
    if not isinstance(mid, str) or all(m.id != mid for m in state.mounts):
        return [f"§4.2.9: no mount {mid!r} on the table"]
    m = state.mount(mid)
    path = [w.pos, *[tuple(p) for p in mv.get("path", [])]]
    walked = geo.path_length(path)
    end = path[-1]
    problems = []
    if m.state != "tied" or m.owner_side == w.side:
        problems.append(f"§4.2.9: {mid} is {m.state} and {m.owner_side}'s; one unties a tied enemy mount")
    if w.moved_cm + walked > data.const("untie_max_moved_cm") + geo.EPS:
        problems.append(f"§4.2.9: {w.id} has moved {w.moved_cm + walked:.1f} cm this stage; untying needs at most "
                        "1 cm (L82)")
    if geo.gap((float(end[0]), float(end[1])), derive.radius(w), m.pos, mount_radius()) > \
            data.const("in_contact_cm") + geo.EPS:
        problems.append(f"§4.2.9: {w.id} is not in contact with {mid}")
    return problems


def untie(ctx: Context, w: Warrior, mv: dict[str, Any], checked: bool = False) -> None:
    """`checked`: its problems were looked at before the warrior's move along `path` (≤ 1 cm)."""
    problems = [] if checked else untie_problems(ctx.state, w, mv)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {w.id}'s untying: " + "; ".join(problems))
    m = ctx.state.mount(mv["untie"])
    order = ctx.state.order()
    runs = ctx.turn if order.index(m.owner_side) > order.index(w.side) else ctx.turn + 1
    ctx.emit(Draft("warband.untied", ev.Untied(
        warrior=w.id, mount=m.id, owner_side=m.owner_side, runs_turn=runs, rule="§4.2.9", defaults=["A-37"],
        why=[f"{w.id} unties {m.id} ({m.owner_side}'s {m.kind}); it runs from {m.owner_side}'s next movement "
             f"segment (turn {runs}); {w.id} moves no more this stage (L82)"]).model_dump(mode="json")))


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
