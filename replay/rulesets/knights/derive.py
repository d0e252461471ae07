"""Derived values of a knight (spec §2.4): mass, damage, speed, own domain, formations, capability.

Never stored as truth: recomputed from the state whenever needed.
"""

from __future__ import annotations

from functools import cache, lru_cache

from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.model import Knight, Pose, State, data, kit_functions

TYPES = ("water", "forest", "rock")


def mass(state: State, k: Knight) -> int:
    """Mass = intact functions, the carried Ladies' included (§2.3, K57)."""
    carried = sum(1 for lady in state.ladies if lady.carrier == k.id)
    return sum(1 for f in kit_functions() if f not in k.damaged) + carried


def damage(state: State, k: Knight) -> int:
    """Damage = 6 − Mass (§2.2); −1 while carrying a Lady unhurt (K57)."""
    return 6 - mass(state, k)


@lru_cache(maxsize=8192)
def poly(pose: Pose) -> g.Poly:
    return g.triangle(pose.x, pose.y, pose.f)


@cache
def _cells(limits: tuple[tuple[str, tuple[int, int, int, int]], ...], kind: str) -> frozenset[tuple[int, int]]:
    return g.cells_of(r for t, r in limits if t == kind)


def zone(state: State, kind: str, k: Knight | None = None) -> frozenset[tuple[int, int]]:
    """The cells of all Limits of a type; her Lady's token joins her knight's own-domain zone (§6.2, K13, K40)."""
    cells = _cells(tuple((limit.type, limit.rect) for limit in state.limits), kind)
    if k is not None and kind == k.domain:
        tokens = {lady.cell for lady in state.ladies if lady.her_knight == k.id and lady.cell is not None}
        if tokens:
            cells = cells | frozenset(tokens)
    return cells


def in_limits(state: State, k: Knight, kind: str, pose: Pose | None = None) -> bool:
    """The knight is in the Limits of a type: ≥ ½ F² of it inside them (K13), or C inside with rule "centre"."""
    pose = pose or k.pose
    if pose is None or k.location != "field":
        return False
    cells = zone(state, kind, k)
    if not cells:
        return False
    if state.limits_rule == "centre":
        return any(i <= pose.x <= i + 1 and j <= pose.y <= j + 1 for i, j in cells)
    return g.overlaps_half(g.area_in_cells(poly(pose), cells, _cell_areas(pose)))


@lru_cache(maxsize=8192)
def _cell_areas(pose: Pose) -> tuple[tuple[tuple[int, int], float], ...]:
    return g.cell_areas(poly(pose))


def in_own_domain(state: State, k: Knight) -> bool:
    return in_limits(state, k, k.domain)


def speed(state: State, k: Knight) -> int:
    """Speed = Accel + Damage + 1 in own Limits, never below 0 (§2.2); in the Outflank no domain (K60)."""
    bonus = 1 if k.location == "field" and in_own_domain(state, k) else 0
    return max(0, k.accel + damage(state, k) + bonus)


def lance_honor(state: State, player: str) -> int:
    return sum(state.knight(kid).honor for kid in state.lance(player).knights)


def on_field(state: State, exclude: tuple[str, ...] = ()) -> list[Knight]:
    return [k for k in state.knights if k.location == "field" and k.pose is not None and k.id not in exclude]


def is_enemy(a: Knight, b: Knight) -> bool:
    return a.player != b.player


# --- formations (§6.2 Клятва Лидерства) ----------------------------------------------------------------------------


def follows(state: State, f: Knight, leader: Knight) -> bool:
    """F is in formation with L: friend, same facing, within 2 F, its Rear not nearer to L than its Front (§5.11)."""
    if f.id == leader.id or f.player != leader.player or f.location != "field" or leader.location != "field":
        return False
    if f.pose is None or leader.pose is None or f.pose.f != leader.pose.f:
        return False
    fp, lp = poly(f.pose), poly(leader.pose)
    if g.dist(fp, lp) > 2 + g.EPS_LEN:
        return False
    return g.part_dist(fp, g.FRONT, lp) <= g.part_dist(fp, g.REAR, lp) + g.EPS_LEN


def followers(state: State, leader: Knight) -> list[Knight]:
    if leader.oath != "leadership":
        return []
    return [k for k in state.knights if follows(state, k, leader)]


def leaders_of(state: State, k: Knight, min_followers: int) -> list[str]:
    """The leaders of the active formations (K32) the knight belongs to, as leader or follower."""
    out = []
    for leader in state.knights:
        fs = followers(state, leader)
        if len(fs) >= min_followers and (leader.id == k.id or any(f.id == k.id for f in fs)):
            out.append(leader.id)
    return out


def in_formation(state: State, k: Knight, min_followers: int) -> bool:
    """The knight is the leader or a member of an active formation (K32)."""
    return bool(leaders_of(state, k, min_followers))


# --- what a knight may declare (§4.1, K21, K52) -------------------------------------------------------------------


def declarable(state: State, k: Knight) -> list[str]:
    """The actions the knight could declare now, ignoring the consecutive-turn rule."""
    if k.location == "outflank":
        return ["return_to_battle"]
    if k.location != "field":
        return []
    kit = data("kit")
    return [a for a in kit["steed_actions"]
            if a not in k.damaged and not (a in kit["needs_accel"] and k.accel == 0)]


def capable(state: State, k: Knight, rule: str = "can_act") -> bool:
    """Not fallen and able to declare an action (K52), or merely not fallen with rule "not_fallen"."""
    if k.location in ("fallen", "unplaced"):
        return False
    return rule == "not_fallen" or bool(declarable(state, k))


def may_act(state: State, k: Knight) -> bool:
    """§1.4: not the knight that acted last turn, unless no other knight of the lance can act (K22)."""
    if not declarable(state, k):
        return False
    if k.id not in state.acted_last_turn:
        return True
    others = [o for o in state.knights if o.player == k.player and o.id != k.id]
    return not any(declarable(state, o) for o in others)


def initiative(state: State, k: Knight, action: str) -> int:
    table = data("actions")
    return table["initiative"][action] + (speed(state, k) if table["adds_speed"][action] else 0)
