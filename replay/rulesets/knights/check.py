"""Input legality: is this order, roll or choice allowed now? Every rule it breaks, named (§1.4, §3, §4.1, §6.2).

Turn 0 checks a placement against the field as it stands where the setup waits (setup.next_expected replays the
recorded setup to find that point); turns 1..24 check orders, the tie roll and choices.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any, get_args

from eventlog.envelope import Draft
from replay.inputs import TurnInputs
from replay.rulesets.knights import derive as d
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.model import DIR_NAMES, Action, KnightsOptions, Pose, State, data
from replay.rulesets.knights.ram import fmt_pose

CHOICES = {
    "target": None, "take_the_blow": ["use", "decline"], "take_the_blow_pose": None,
    "take_the_blow_direction": list(DIR_NAMES), "take_the_blow_place": None, "en_garde": ["apply", "decline"],
    "formation": ["apply", "decline"], "push_direction": list(DIR_NAMES), "rotate": ["left", "right"],
    "sidestep": ["left", "right"], "spare": ["spare", "strike"], "damage": None, "lady_cell": None,
    "return_pose": None, "oath": ["accept", "decline"],
}


def check_input(state: State, turn: TurnInputs, draft: Draft, options: KnightsOptions) -> list[str]:
    """Problems with appending `draft` to the open turn; empty when legal."""
    if state.result is not None:
        return ["§1.3: the battle is over"]
    if turn.turn == 0:
        return check_setup_input(state, turn, draft, options)
    p = draft.payload
    if draft.type == "order":
        if draft.actor not in state.players():
            return [f"order from {draft.actor!r}, who commands no lance ({', '.join(state.players())})"]
        return check_order(state, draft.actor, p, options)
    if draft.type == "roll":
        if p.get("purpose") != "initiative_tie":
            return [f"§1.4: the only roll of a turn is the initiative tie 1d2, not {p.get('purpose')!r}"]
        return [] if p.get("total") in (1, 2) else [f"§1.4: the tie roll is 1d2, not {p.get('total')!r}"]
    if draft.type == "choice":
        name = p.get("name")
        if name not in CHOICES:
            return [f"unknown choice {name!r} (known: {', '.join(CHOICES)})"]
        allowed = CHOICES[name]
        if allowed is not None and p.get("value") not in allowed:
            return [f"choice {name}: {p.get('value')!r} is not one of {', '.join(allowed)}"]
        return []
    return []


def legal_actions(state: State, player: str) -> dict[str, list[str]]:
    """knight -> actions the player may declare this turn (§1.4, §4.1, K21, K22)."""
    return {k.id: d.declarable(state, k) for k in state.knights
            if k.player == player and d.may_act(state, k)}


_ACTIONS = frozenset(get_args(Action))
_DIRS = ("left", "right")


def _plain_order(o: Any) -> SimpleNamespace | None:
    """The order as `boundary.TurnOrder` would keep it, read without pydantic, when it is plainly well formed: known
    fields of their exact types (a return pose's x and y may be integers: kept as floats, as pydantic keeps them).
    None for any other (pydantic reads it)."""
    if (type(o) is not dict or not o.keys() <= {"kind", "knight", "action", "turn_dir", "lady_pickup",
                                                 "return_pose", "lady_drop"}
            or o.get("kind", "action") != "action" or type(o.get("kind", "")) is not str
            or type(o.get("knight")) is not str or type(o.get("action")) is not str or o["action"] not in _ACTIONS
            or type(o.get("lady_pickup", False)) is not bool):
        return None
    turn_dir = o.get("turn_dir")
    if type(turn_dir) is list:
        if not all(type(t) is str and t in _DIRS for t in turn_dir):
            return None
        turn_dir = list(turn_dir)
    elif turn_dir is not None and not (type(turn_dir) is str and turn_dir in _DIRS):
        return None
    pose, drop = o.get("return_pose"), o.get("lady_drop")
    if pose is not None:
        if (type(pose) is not dict or pose.keys() != {"x", "y", "f"} or not _coordinate(pose["x"])
                or not _coordinate(pose["y"]) or type(pose["f"]) is not int or not 0 <= pose["f"] <= 7):
            return None
        pose = SimpleNamespace(x=float(pose["x"]), y=float(pose["y"]), f=pose["f"])
    if drop is not None:
        timing = drop.get("timing", "before_execution") if type(drop) is dict else None
        if (type(drop) is not dict or not drop.keys() <= {"carrier", "timing"} or type(drop.get("carrier")) is not str
                or type(timing) is not str or timing != "before_execution"):
            return None
        drop = SimpleNamespace(carrier=drop["carrier"], timing="before_execution")
    return SimpleNamespace(kind="action", knight=o["knight"], action=o["action"], turn_dir=turn_dir,
                           return_pose=pose, lady_pickup=o.get("lady_pickup", False), lady_drop=drop)


def _coordinate(value: Any) -> bool:
    """A float, or an integer pydantic keeps as exactly that float."""
    return type(value) is float or (type(value) is int and abs(value) <= 2**53)


def check_order(state: State, player: str, o: dict[str, Any], options: KnightsOptions) -> list[str]:
    """Every problem of a turn order (§1.4, §4.1, §1.1, §6.2), naming the rule."""
    kind = o.get("kind", "action")
    if kind == "concede":
        return []
    legal = legal_actions(state, player)
    if kind == "pass":
        return [] if not legal else [
            "§1.3: a player with a knight able to act must declare an action (K23): "
            + ", ".join(f"{state.knight(k).name}: {', '.join(a)}" for k, a in legal.items())]
    order = _plain_order(o)
    if order is None:
        from pydantic import ValidationError as PydanticError

        from replay.rulesets.knights.boundary import TurnOrder

        try:
            order = TurnOrder.model_validate(o)
        except PydanticError as exc:
            return [f"order: {'.'.join(map(str, e['loc'])) or 'order'}: {e['msg']}" for e in exc.errors()]
    errors: list[str] = []
    mine = state.lance(player).knights
    if order.knight not in mine:
        return [f"§1.2: {order.knight!r} is not a knight of {player}'s lance ({', '.join(mine)})"]
    k = state.knight(order.knight)
    act = order.action
    if k.location == "fallen":
        return [f"§2.2: {k.name} has fallen and cannot act"]
    if k.location == "outflank" and act != "return_to_battle":
        errors.append(f"§1.1: {k.name} is in the Outflank: only «Вернуться в бой!» (return_to_battle) is allowed")
    if k.location == "field" and act == "return_to_battle":
        errors.append(f"§1.1: «Вернуться в бой!» is only for knights in the Outflank; {k.name} is on the field")
    if k.id in state.acted_last_turn and not d.may_act(state, k):
        errors.append(f"§1.4: {k.name} acted last turn; another knight of the lance can act (K22)")
    if act in data("kit")["steed_actions"]:
        if act in k.damaged:
            errors.append(f"§2.3: {k.name}'s {act} is damaged: the action cannot be declared")
        if act in data("kit")["needs_accel"] and k.accel == 0:
            errors.append(f"§4.1: {act} is not allowed at accel 0 ({k.name}) (K21)")
    if act in ("smooth_turn", "sharp_turn"):
        if order.turn_dir is None:
            errors.append(f"§4.1: {act} needs turn_dir left or right, chosen at planning")
        elif isinstance(order.turn_dir, list) and (act == "sharp_turn" or options.smooth_turn_dirs != "per_step"):
            errors.append("§4.1: one turn_dir for the whole action (K19)")
    if act == "return_to_battle":
        if order.return_pose is None:
            errors.append("§1.1: return_to_battle needs return_pose {x, y, f}")
        else:
            pose = Pose(order.return_pose.x, order.return_pose.y, order.return_pose.f)
            errors += return_problems(state, k.id, pose)
    if order.lady_drop is not None:
        carrier = order.lady_drop.carrier
        if carrier not in mine:
            errors.append(f"§6.2 Любовь: {carrier!r} is not one of {player}'s knights")
        elif not any(lady.carrier == carrier for lady in state.ladies):
            errors.append(f"§6.2 Любовь: {state.knight(carrier).name} carries no Lady")
        elif state.knight(carrier).location != "field":
            errors.append(f"§6.2 Любовь: {state.knight(carrier).name} is not on the field (K39)")
        timing = order.lady_drop.timing
        if isinstance(timing, dict) and set(timing) != {"after_step"}:
            errors.append("§6.2 Любовь: lady_drop timing is \"before_execution\" or {\"after_step\": k} (K38)")
    return errors


def return_problems(state: State, kid: str, pose: Pose) -> list[str]:
    """§1.1: within 2 F of any edge, fully inside, at least 1 F from every knight; integer C (K12)."""
    errors = []
    if pose.x != int(pose.x) or pose.y != int(pose.y):
        errors.append("§1.1: the return pose needs integer x and y (K12)")
    p = d.poly(pose)
    if any(v < -g.EPS_LEN or v > g.SIZE + g.EPS_LEN for pt in p for v in pt):
        errors.append(f"§1.1: return pose {fmt_pose(pose)} is not fully inside the field (K12)")
    edge = min(min(x, y, g.SIZE - x, g.SIZE - y) for x, y in p)
    if edge > 2 + g.EPS_LEN:
        errors.append(f"§1.1: return pose {fmt_pose(pose)} is {edge:g} F from the nearest edge, more than 2 F")
    for o in d.on_field(state, exclude=(kid,)):
        gap = g.dist(p, d.poly(o.pose))  # type: ignore[arg-type]
        if gap < 1 - g.EPS_LEN:
            errors.append(f"§1.1: return pose {fmt_pose(pose)} is {gap:.3g} F from {o.name}, closer than 1 F")
    return errors


# --- turn 0 ----------------------------------------------------------------------------------------------------


def check_setup_input(state: State, turn: TurnInputs, draft: Draft, options: KnightsOptions) -> list[str]:
    """Is `draft` the next legal setup input (§3)?"""
    from replay.rulesets.knights.setup import next_expected  # setup resolves with these checks: no cycle at import

    if draft.type == "order" and draft.payload.get("kind") == "concede":
        return []
    expected, st = next_expected(state, turn, options)
    return check_setup_at(st, expected, draft)


def check_setup_at(st: State, expected: Any, draft: Draft) -> list[str]:
    """Is `draft` the setup input the setup waits for (`expected`, None when complete), on the field `st` (§3)?"""
    p = draft.payload
    if draft.type == "order" and p.get("kind") == "concede":
        return []
    if expected is None:
        return ["§3.3: the setup is complete; nothing more is placed in turn 0"]
    if draft.type == "roll":
        if p.get("purpose") != expected.kind:
            return [f"§3: the next setup input is {expected.what}, not a {p.get('purpose')} roll"]
        total = p.get("total")
        return [] if total in (1, 2) else [f"§3: a lot is 1d2, not {total!r}"]
    if draft.type != "order":
        return [f"§3: turn 0 takes setup orders and lots, not {draft.type}"]
    kind = p.get("kind")
    if not isinstance(kind, str) or kind not in CHECKS:
        return [f"§3: a setup order has kind limits, deploy, lady or concede, not {kind!r}"]
    if expected.kind in ("lot_roles", "lot_edges"):
        return [f"§3: first {expected.what}"]
    if kind != expected.kind or draft.actor != expected.player:
        return [f"§3.3: players alternate, Challenger first: next is {expected.player}: {expected.what}"]
    return CHECKS[kind](st, draft.actor, p)


def check_limits(state: State, player: str, o: dict[str, Any]) -> list[str]:
    """§3.3, §5 Домены: one knight's Limits, all at once, of the right sizes and placement (K14, K15)."""
    errors: list[str] = []
    kid = o.get("knight")
    mine = state.lance(player).knights
    if kid not in mine:
        return [f"§3.3: {kid!r} is not a knight of {player}'s lance ({', '.join(mine)})"]
    k = state.knight(kid)
    if any(limit.placed_by == kid for limit in state.limits):
        return [f"§3.3: the Limits of {k.name} are already placed"]
    spec = data("limits")[k.domain]
    rects = o.get("rects")
    if not isinstance(rects, list) or len(rects) != spec["count"]:
        n = len(rects) if isinstance(rects, list) else 0
        return [f"§5 Домены: a {k.domain} Domain places {spec['count']} Limit(s) at once, not {n} (§3.3)"]
    clean: list[tuple[int, int, int, int]] = []
    for i, r in enumerate(rects, 1):
        if not (isinstance(r, list) and len(r) == 4 and all(_integer(v) for v in r)):
            errors.append(f"§5 Домены: limit {i} must be [x0, y0, x1, y1] with integer corners (K14)")
            continue
        x0, y0, x1, y1 = r
        if x0 >= x1 or y0 >= y1:
            errors.append(f"§5 Домены: limit {i} {r} needs x0 < x1 and y0 < y1")
            continue
        w, h = x1 - x0, y1 - y0
        a, b = spec["size"]
        if sorted((w, h)) != sorted((a, b)):
            errors.append(f"§5 Домены: a {k.domain} limit is {a}×{b}, not {w}×{h} (limit {i})")
        if x0 < 0 or y0 < 0 or x1 > g.SIZE or y1 > g.SIZE:
            errors.append(f"§5 Домены: limit {i} {r} goes beyond the field's edge (K14)")
        clean.append((x0, y0, x1, y1))
    if errors:
        return errors
    foe = {"water": "rock", "rock": "water"}.get(k.domain)
    if foe:
        for i, r in enumerate(clean, 1):
            for limit in state.limits:
                if limit.type == foe and g.rects_overlap(r, limit.rect):
                    errors.append(f"§5 Домены: {k.domain} limit {i} {list(r)} overlaps the {foe} limit "
                                  f"{limit.id} {list(limit.rect)}: water and rock may not intersect")
    if k.domain == "water":
        placed = [limit.rect for limit in state.limits if limit.type == "water"]
        for i, r in enumerate(clean, 1):
            others = placed + [x for j, x in enumerate(clean, 1) if j != i]
            if not g.rect_on_edge(r) and not any(g.rects_touch(r, x) for x in others):
                errors.append(f"§5 Домены: water limit {i} {list(r)} touches neither another water limit nor "
                              "the field's edge (K14)")
    return errors


def deploy_ok(state: State, player: str, kid: str, pose: Pose) -> list[str]:
    """§3.3 deployment: integer C, inside the field, within 2 F of the own edge, no overlap (K17, C5)."""
    errors = []
    k = state.knight(kid)
    if pose.x != int(pose.x) or pose.y != int(pose.y):
        errors.append(f"§3.3: {k.name}'s pose must have integer x and y (K1)")
    p = d.poly(pose)
    if any(v < -g.EPS_LEN or v > g.SIZE + g.EPS_LEN for pt in p for v in pt):
        errors.append(f"§3.3: {k.name} at {pose_label(pose)} is not fully inside the field (K17)")
    edge = state.lance(player).edge
    xs = [pt[0] for pt in p]
    if edge == "left" and min(xs) > 2 + g.EPS_LEN:
        errors.append(f"§3.3: {k.name} at {pose_label(pose)} is {min(xs):g} F from the left edge, "
                      "more than 2 F (K17)")
    if edge == "right" and max(xs) < g.SIZE - 2 - g.EPS_LEN:
        errors.append(f"§3.3: {k.name} at {pose_label(pose)} is {g.SIZE - max(xs):g} F from the right edge, "
                      "more than 2 F (K17)")
    for o in d.on_field(state, exclude=(kid,)):
        if g.overlap(p, d.poly(o.pose)) > g.EPS_AREA:  # type: ignore[arg-type]
            errors.append(f"§1.2: {k.name} at {pose_label(pose)} would overlap {o.name} (C5: touching is fine)")
    return errors


def pose_label(p: Pose) -> str:
    return f"({p.x:g},{p.y:g},{DIR_NAMES[p.f]})"


def check_deploy(state: State, player: str, o: dict[str, Any]) -> list[str]:
    kid = o.get("knight")
    mine = state.lance(player).knights
    if kid not in mine:
        return [f"§3.3: {kid!r} is not a knight of {player}'s lance ({', '.join(mine)})"]
    if state.knight(kid).location != "unplaced":
        return [f"§3.3: {state.knight(kid).name} is already deployed"]
    problem = pose_problem(o.get("pose"))
    if problem is not None:
        return [f"§3.3: a deployment needs \"pose\": {{\"x\": int, \"y\": int, \"f\": 0..7}}: {problem}"]
    pose = pose_of(o.get("pose"))
    assert pose is not None
    return deploy_ok(state, player, kid, pose)


POSE_BOUND = 10**6
"""The largest |x| or |y| a pose from outside may give (the field is 24 F; this only keeps numbers sane)."""


def pose_problem(v: Any) -> str | None:
    """Why `v` is not a pose {"x": number, "y": number, "f": 0..7 or a direction name}, naming the field; or None.

    Strict: true is no number and "3" is no number either (only f may be a direction name such as "E")."""
    if not isinstance(v, dict):
        return f"pose must be an object {{\"x\": number, \"y\": number, \"f\": 0..7}}, not {_kind(v)}"
    for name in ("x", "y", "f"):
        if name not in v:
            return f"pose.{name} is missing"
    for name in ("x", "y"):
        value = v[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"pose.{name} must be a number, not {_kind(value)}"
        if not math.isfinite(value) or abs(value) > POSE_BOUND:
            return f"pose.{name} is out of bounds ({POSE_BOUND:,} at most)"
    f = v["f"]
    if isinstance(f, str):
        if f.upper() not in DIR_NAMES:
            return f"pose.f {f[:20]!r} is no direction ({', '.join(DIR_NAMES)}) nor 0..7"
    elif isinstance(f, bool) or not isinstance(f, int) or not 0 <= f <= 7:
        return f"pose.f must be 0..7 or a direction name ({', '.join(DIR_NAMES)}), not {_kind(f)}"
    return None


def _integer(value: Any) -> bool:
    """An integer, and not a boolean (JSON true is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    """A value as an error shows it: its JSON kind, and the value itself when short."""
    kind = {bool: "a boolean", str: "a string", list: "a list", dict: "an object", type(None): "null"}.get(
        type(value), "a number")
    shown = repr(value)
    return f"{kind} {shown}" if len(shown) <= 20 else kind


def pose_of(v: Any) -> Pose | None:
    """The pose `v` gives, or None if it is none (see `pose_problem`)."""
    if pose_problem(v) is not None:
        return None
    f = v["f"]
    return Pose(float(v["x"]), float(v["y"]), DIR_NAMES.index(f.upper()) if isinstance(f, str) else f)


def check_lady(state: State, player: str, o: dict[str, Any]) -> list[str]:
    """§6.2 Любовь: the opponent places her as a token on a field cell or on one of his knights (K36)."""
    lid = o.get("lady")
    try:
        lady = state.lady(lid)  # type: ignore[arg-type]
    except KeyError:
        return [f"§6.2 Любовь: no Lady {lid!r} (ladies: {', '.join(x.id for x in state.ladies) or 'none'})"]
    her = state.knight(lady.her_knight)
    if her.player == player:
        return [f"§6.2 Любовь: {her.name}'s Lady is placed by the opponent, not by {player}"]
    if lady.cell is not None or lady.carrier is not None:
        return [f"§6.2 Любовь: {lid} is already placed"]
    cell, carrier = o.get("cell"), o.get("carrier")
    if (cell is None) == (carrier is None):
        return ["§6.2 Любовь: give either \"cell\": [i, j] or \"carrier\": knight id"]
    if cell is not None:
        if not (isinstance(cell, list) and len(cell) == 2 and all(_integer(v) and 0 <= v < g.SIZE
                                                                  for v in cell)):
            return [f"§6.2 Любовь: cell {cell!r} must be [i, j] with 0 ≤ i, j ≤ 23 (K36)"]
        return []
    if carrier not in state.lance(player).knights:
        return [f"§6.2 Любовь: the carrier {carrier!r} must be one of {player}'s knights"]
    if state.knight(carrier).location != "field":
        return [f"§6.2 Любовь: {state.knight(carrier).name} is not on the field"]
    return []


CHECKS = {"limits": check_limits, "deploy": check_deploy, "lady": check_lady}
