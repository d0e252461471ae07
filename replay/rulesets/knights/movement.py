"""Movement (§5.2, §5.3, §1.1): a straight move, stopped at contact or off the field; a turn about C; the Outflank."""

from __future__ import annotations

from typing import Any

from replay.rulesets.knights import derive as d
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.lady import pickups
from replay.rulesets.knights.model import DIR_NAMES, KnightsOptions, Pose, State, data
from replay.rulesets.knights.steps import Batch


def dir_index(name: str) -> int:
    return DIR_NAMES.index(name)


def side_dir(f: int, side: str) -> int:
    """Left is f − 2, right f + 2, relative to the mover's own facing (K10)."""
    return (f - 2) % 8 if side == "left" else (f + 2) % 8


def enter_outflank(b: Batch, kid: str) -> bool:
    """The knight leaves the field (§1.1); True when it carries her Lady under the Love oath (§6.2 Любовь)."""
    k = b.state.knight(kid)
    b.knight(kid, pose=None, location="outflank")
    mine = [lady for lady in b.state.ladies if lady.carrier == kid and lady.her_knight == kid]
    if not (k.oath == "love" and mine and k.oath_count == 0):
        return False
    lady = mine[0]
    table = data("oaths")["love"]
    honor = table["base"]
    why = [f"Love: {k.name} carries her Lady into the Outflank: {table['base']}"]
    terms: list[dict[str, Any]] = [{"kind": "base", "honor": table["base"], "lady": lady.id}]
    if lady.kidnapper is not None:
        kidnapper = b.state.knight(lady.kidnapper)
        dmg = d.damage(b.state, kidnapper)
        bonus = table["kidnapper_damaged"] if dmg >= 1 else 0
        honor += bonus
        terms.append({"kind": "kidnapper_damaged", "honor": bonus, "kidnapper": kidnapper.id, "damage": dmg})
        if dmg >= 1:
            why.append(f"+{table['kidnapper_damaged']} kidnapper {kidnapper.name} has damage {dmg} ≥ 1")
        else:
            why.append(f"+0 kidnapper {kidnapper.name} has damage {dmg}")
    why.append(f"= {honor}")
    b.fulfil(kid, "love", honor, why, terms=terms)
    return True


def move(b: Batch, kid: str, distance: int, gdir: int, options: KnightsOptions, pickup: bool = False
         ) -> dict[str, Any]:
    """Move a knight D F in direction g without turning (§5.2): clear, stopped at contact, or into the Outflank.

    Returns the path segment: {"kind": "move", "dir", "distance", "delta", "from", "to", "result", "tau",
    "candidates", "pickups", "love"}.
    """
    k = b.state.knight(kid)
    pose = k.pose
    assert pose is not None
    dx, dy = g.displacement(distance, gdir)
    seg: dict[str, Any] = {"kind": "move", "dir": gdir, "distance": distance, "delta": [dx, dy],
                           "from": pose.json(), "to": pose.json(), "result": "clear", "tau": None,
                           "candidates": [], "pickups": [], "love": False}
    if (dx, dy) == (0, 0):
        return seg
    start = d.poly(pose)
    delta = (float(dx), float(dy))
    end_only = options.collision_overlap == "segment_end"
    hits = {}
    for other in d.on_field(b.state, exclude=(kid,)):
        tau = g.first_half_overlap(start, delta, d.poly(other.pose), end_only)  # type: ignore[arg-type]
        if tau is not None:
            hits[other.id] = tau
    t_out = g.first_outside(start, delta)
    t_hit = min(hits.values(), default=None)
    if t_out is not None and (t_hit is None or t_out < t_hit - 1e-9):
        seg["tau"] = t_out
        if pickup:
            seg["pickups"] = pickups(b, kid, start, delta, t_out)
        at = Pose(pose.x + t_out * dx, pose.y + t_out * dy, pose.f)
        seg.update(to=None, result="outflank", exit=at.json())
        seg["love"] = enter_outflank(b, kid)
        return seg
    if t_hit is not None:
        first = [oid for oid, t in hits.items() if t <= t_hit + 1e-9]
        tau_s = min(g.sweep_interval(start, delta, d.poly(b.state.knight(oid).pose))[0]  # type: ignore[index,arg-type]
                    for oid in first)
        tau_s = g.back_off(start, delta, tau_s, [d.poly(o.pose) for o in d.on_field(b.state, exclude=(kid, *first))])  # type: ignore[arg-type]
        stop = Pose(pose.x + tau_s * dx, pose.y + tau_s * dy, pose.f)
        stop = Pose(_snap(stop.x), _snap(stop.y), pose.f)
        sp = d.poly(stop)
        seg["candidates"] = sorted(oid for oid in hits
                                   if g.touching(sp, d.poly(b.state.knight(oid).pose)))  # type: ignore[arg-type]
        seg.update(to=stop.json(), result="contact", tau=tau_s)
        if pickup:
            seg["pickups"] = pickups(b, kid, start, delta, max(0.0, tau_s))
        b.knight(kid, pose=stop)
        return seg
    end = Pose(pose.x + dx, pose.y + dy, pose.f)
    if pickup:
        seg["pickups"] = pickups(b, kid, start, delta, 1.0)
    seg["to"] = end.json()
    b.knight(kid, pose=end)
    return seg


def _snap(v: float) -> float:
    """Coordinates are stored to 1e-9 (§2.1 Numerics); lattice values stay exact."""
    r = round(v, 9)
    return float(round(r)) if abs(r - round(r)) < 1e-9 else r


def rotate(b: Batch, kid: str, turn: int) -> dict[str, Any]:
    """Turn about C by turn × 45° (§5.3, K3): cancelled if it would overlap a knight by ≥ ½ F²."""
    k = b.state.knight(kid)
    pose = k.pose
    assert pose is not None
    new = Pose(pose.x, pose.y, (pose.f + turn) % 8)
    p = d.poly(new)
    blocked = sorted(o.id for o in d.on_field(b.state, exclude=(kid,))
                     if g.overlaps_half(g.overlap(p, d.poly(o.pose))))  # type: ignore[arg-type]
    step: dict[str, Any] = {"kind": "rotate", "turn": turn, "from": pose.f, "to": pose.f, "result": "done",
                            "blocked_by": blocked, "love": False}
    if blocked:
        step["result"] = "cancelled"
        return step
    step["to"] = new.f
    b.knight(kid, pose=new)
    if g.overlaps_half(g.outside(p)):
        step["result"] = "outflank"
        step["love"] = enter_outflank(b, kid)
    return step


def rotation_blocked(state: State, kid: str, turn: int) -> bool:
    k = state.knight(kid)
    assert k.pose is not None
    p = d.poly(Pose(k.pose.x, k.pose.y, (k.pose.f + turn) % 8))
    return any(g.overlaps_half(g.overlap(p, d.poly(o.pose))) for o in d.on_field(state, exclude=(kid,)))  # type: ignore[arg-type]
