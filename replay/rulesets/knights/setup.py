"""Turn 0 (§3 Подготовка к бою, spec §3): roles, edges, Limits, deployment, Ladies.

The whole setup resolves as ONE turn-0 resolution with one event per decision (knights.roles, knights.edges, six
knights.limits, six knights.deploy, a knights.lady per Love knight, then knights.end_of_turn), so each placement is
a frame step. Inputs are taken in the canonical alternation (Challenger's i-th, then Responder's i-th placement),
matched by player and order, not by their place in the log. `check_input` replays the recorded setup to find what
comes next and checks a new placement against the field as it stands at that point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eventlog.envelope import Draft
from replay.inputs import Inputs, MissingInput, TurnInputs, Waiting
from replay.rulesets.knights import derive as d
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.model import DIR_NAMES, KnightsOptions, Pose, State, data
from replay.rulesets.knights.steps import Ctx


class Expected(Exception):
    """The setup needs this input next (raised while replaying the recorded setup in check_input)."""

    def __init__(self, kind: str, player: str | None, what: str, options: list[Any]):
        self.kind, self.player, self.what, self.options = kind, player, what, options
        super().__init__(f"{player or 'GM'}: {what}")


Fetch = Callable[[str, str, int], dict[str, Any]]


def setup_orders(turn: TurnInputs, player: str, kind: str) -> list[dict[str, Any]]:
    """The player's turn-0 orders of one kind, in log order."""
    return [e.payload for e in turn.orders_of(player) if e.payload.get("kind") == kind]


def concession(turn: TurnInputs) -> str | None:
    for e in turn.events:
        if e.type == "order" and e.payload.get("kind") == "concede":
            return e.actor
    return None


# --- legality ------------------------------------------------------------------------------------------------------


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
        if not (isinstance(r, list) and len(r) == 4 and all(isinstance(v, int) for v in r)):
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
        errors.append(f"§3.3: {k.name} at {_pose_text(pose)} is not fully inside the field (K17)")
    edge = state.lance(player).edge
    xs = [pt[0] for pt in p]
    if edge == "left" and min(xs) > 2 + g.EPS_LEN:
        errors.append(f"§3.3: {k.name} at {_pose_text(pose)} is {min(xs):g} F from the left edge, "
                      "more than 2 F (K17)")
    if edge == "right" and max(xs) < g.SIZE - 2 - g.EPS_LEN:
        errors.append(f"§3.3: {k.name} at {_pose_text(pose)} is {g.SIZE - max(xs):g} F from the right edge, "
                      "more than 2 F (K17)")
    for o in d.on_field(state, exclude=(kid,)):
        if g.overlap(p, d.poly(o.pose)) > g.EPS_AREA:  # type: ignore[arg-type]
            errors.append(f"§1.2: {k.name} at {_pose_text(pose)} would overlap {o.name} (C5: touching is fine)")
    return errors


def _pose_text(p: Pose) -> str:
    return f"({p.x:g},{p.y:g},{DIR_NAMES[p.f]})"


def check_deploy(state: State, player: str, o: dict[str, Any]) -> list[str]:
    kid = o.get("knight")
    mine = state.lance(player).knights
    if kid not in mine:
        return [f"§3.3: {kid!r} is not a knight of {player}'s lance ({', '.join(mine)})"]
    if state.knight(kid).location != "unplaced":
        return [f"§3.3: {state.knight(kid).name} is already deployed"]
    pose = pose_of(o.get("pose"))
    if pose is None:
        return ["§3.3: a deployment needs \"pose\": {\"x\": int, \"y\": int, \"f\": 0..7}"]
    return deploy_ok(state, player, kid, pose)


def pose_of(v: Any) -> Pose | None:
    if not isinstance(v, dict):
        return None
    try:
        f = v["f"]
        if isinstance(f, str):
            f = DIR_NAMES.index(f.upper())
        if not (isinstance(f, int) and 0 <= f <= 7):
            return None
        return Pose(float(v["x"]), float(v["y"]), f)
    except (KeyError, TypeError, ValueError):
        return None


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
        if not (isinstance(cell, list) and len(cell) == 2 and all(isinstance(v, int) and 0 <= v < g.SIZE
                                                                  for v in cell)):
            return [f"§6.2 Любовь: cell {cell!r} must be [i, j] with 0 ≤ i, j ≤ 23 (K36)"]
        return []
    if carrier not in state.lance(player).knights:
        return [f"§6.2 Любовь: the carrier {carrier!r} must be one of {player}'s knights"]
    if state.knight(carrier).location != "field":
        return [f"§6.2 Любовь: {state.knight(carrier).name} is not on the field"]
    return []


CHECKS = {"limits": check_limits, "deploy": check_deploy, "lady": check_lady}


# --- the resolution ------------------------------------------------------------------------------------------------


def _lot(ctx: Ctx, fetch_roll: Callable[[str], int]) -> None:
    st = ctx.state
    first, second = st.lance_order
    setup_roles = {lance.player: lance.role for lance in st.lances}
    if setup_roles[first] is None:
        die = fetch_roll("lot_roles")
        ch = first if die == 1 else second
        lot: int | None = die
        why = [f"lot 1d2 = {die}: {ch} is the Challenger (1 = the first lance's player)"]
    else:
        ch, lot = st.role_player("challenger"), None
        why = [f"agreed: {ch} is the Challenger"]
    assert ch is not None
    rs = st.opponent(ch)
    ctx.emit("knights.roles", {"challenger": ch, "responder": rs, "lot": lot, "why": why,
                               "lances": {ch: {"role": "challenger"}, rs: {"role": "responder"}}},
             rule="§3.1 Вызывающий и Отвечающий")
    st = ctx.state
    if st.lance(first).edge is None:
        die = fetch_roll("lot_edges")
        left = first if die == 1 else second
        lot, why = die, [f"lot 1d2 = {die}: {left} owns the left edge (1 = the first lance's player)"]
    else:
        left = first if st.lance(first).edge == "left" else second
        lot, why = None, [f"agreed: {left} owns the left edge"]
    right = st.opponent(left)
    ctx.emit("knights.edges", {"edges": {left: "left", right: "right"}, "lot": lot, "why": why,
                               "lances": {left: {"edge": "left"}, right: {"edge": "right"}}},
             rule="§3.3 Нулевой Ход")


def run_setup(ctx: Ctx, fetch: Fetch, fetch_roll: Callable[[str], int]) -> None:
    """Emit the setup's events from the inputs `fetch` hands out (player, kind, index) -> order payload."""
    concede = concession(ctx.inputs.recorded)
    if concede is not None:
        from replay.rulesets.knights.resolve import end_battle

        end_battle(ctx, "concession", conceded=concede)
        return
    _lot(ctx, fetch_roll)
    st = ctx.state
    ch, rs = st.role_player("challenger"), st.role_player("responder")
    assert ch and rs
    counter = 0
    for i in range(3):
        for player in (ch, rs):
            o = fetch(player, "limits", i)
            _valid(ctx, player, "limits", o)
            k = ctx.state.knight(o["knight"])
            limits = []
            for r in o["rects"]:
                counter += 1
                limits.append({"id": f"L{len(ctx.state.limits) + len(limits) + 1}", "type": k.domain,
                               "rect": list(r), "placed_by": k.id})
            ctx.emit("knights.limits", {
                "player": player, "knight": k.id, "domain": k.domain, "limits": limits, "limits_add": limits,
                "why": [f"{k.name} ({k.domain}) places {len(limits)} Limit(s): "
                        + ", ".join(str(x["rect"]) for x in limits)],
            }, rule="§3.3, §5 Домены", defaults=["K14", "K15"])
    for i in range(3):
        for player in (ch, rs):
            o = fetch(player, "deploy", i)
            _valid(ctx, player, "deploy", o)
            pose = pose_of(o["pose"])
            assert pose is not None
            b = ctx.batch()
            b.knight(o["knight"], pose=pose, location="field", accel=1)
            k = b.state.knight(o["knight"])
            own = d.in_own_domain(b.state, k)
            spd = d.speed(b.state, k)
            ctx.emit("knights.deploy", {
                "player": player, "knight": k.id, "pose": pose.json(), "speed": spd, "in_own_domain": own,
                "why": [f"{k.name} ({k.domain}, oath {k.oath}) deploys at {_pose_text(pose)}: mass 6, accel 1, "
                        f"speed {spd}" + (" (+1 own domain)" if own else "")],
            }, b, rule="§3.3 Нулевой Ход", defaults=["K17", "C5"])
    ladies = sorted(ctx.state.ladies, key=lambda lady: ctx.state.knight(lady.her_knight).player == ch)
    counts: dict[str, int] = {}
    for lady in ladies:
        placer = ctx.state.opponent(ctx.state.knight(lady.her_knight).player)
        o = fetch(placer, "lady", counts.get(placer, 0))
        counts[placer] = counts.get(placer, 0) + 1
        _valid(ctx, placer, "lady", o)
        b = ctx.batch()
        her = ctx.state.knight(lady.her_knight)
        if o.get("carrier"):
            b.lady(lady.id, carrier=o["carrier"], kidnapper=o["carrier"], cell=None)
            why = [f"{ctx.name(o['carrier'])} carries {her.name}'s Lady and becomes the Kidnapper"]
        else:
            b.lady(lady.id, cell=o["cell"])
            why = [f"{her.name}'s Lady is placed on cell {o['cell']}"]
        placed = b.state.lady(lady.id)
        ctx.emit("knights.lady", {
            "lady": lady.id, "her_knight": her.id, "placed_by": placer,
            "cell": None if placed.cell is None else list(placed.cell), "carrier": placed.carrier,
            "kidnapper": placed.kidnapper, "why": why,
        }, b, rule="§6.2 Клятва Любви", defaults=["K36"])
    st = ctx.state
    why = [f"{k.name}: mass {d.mass(st, k)}, damage {d.damage(st, k)}, accel {k.accel}, speed {d.speed(st, k)}"
           for k in st.knights]
    ctx.emit("knights.end_of_turn", {"turn": 0, "next_turn": 1, "acted_last_turn": [], "why": why},
             rule="§3.3 Нулевой Ход")


def _valid(ctx: Ctx, player: str, kind: str, o: dict[str, Any]) -> None:
    errors = CHECKS[kind](ctx.state, player, o)
    if errors:
        raise MissingInput(f"turn 0: {player}'s {kind} order is illegal: " + "; ".join(errors))


def _expected(state: State, player: str, kind: str) -> tuple[str, list[Any]]:
    mine = state.lance(player).knights
    if kind == "limits":
        left = [k for k in mine if not any(limit.placed_by == k for limit in state.limits)]
        return "place the Limits of one knight (§3.3)", left
    if kind == "deploy":
        return "deploy one knight within 2 F of the own edge (§3.3)", [
            k for k in mine if state.knight(k).location == "unplaced"]
    return "place the opponent's Lady (§6.2)", [
        lady.id for lady in state.ladies if lady.cell is None and lady.carrier is None
        and state.knight(lady.her_knight).player != player]


def resolve_setup(ctx: Ctx) -> None:
    """Turn 0 from the recorded inputs; live, a missing placement stops with Waiting naming who and what."""
    inputs = ctx.inputs

    def fetch(player: str, kind: str, i: int) -> dict[str, Any]:
        found = setup_orders(inputs.recorded, player, kind)
        if i < len(found):
            return found[i]
        what, options = _expected(ctx.state, player, kind)
        if inputs.live:
            raise Waiting(player, what, options)
        raise MissingInput(f"turn 0: no {kind} order #{i + 1} from {player}: {what}")

    def fetch_roll(purpose: str) -> int:
        return int(inputs.roll("1d2", actor=None, purpose=purpose).payload["total"])

    run_setup(ctx, fetch, fetch_roll)


def next_expected(state: State, turn: TurnInputs, options: KnightsOptions) -> tuple[Expected | None, State]:
    """Replay the recorded setup; what it needs next and the state at that point (None when complete)."""
    ctx = Ctx(state, Inputs(turn), options, 0)

    def fetch(player: str, kind: str, i: int) -> dict[str, Any]:
        found = setup_orders(turn, player, kind)
        if i < len(found):
            return found[i]
        what, opts = _expected(ctx.state, player, kind)
        raise Expected(kind, player, what, opts)

    def fetch_roll(purpose: str) -> int:
        rolls = turn.rolls(None, purpose)
        if rolls:
            return int(rolls[0].payload["total"])
        raise Expected(purpose, None, f"roll 1d2 for {purpose} (§3.1, §3.3)", [1, 2])

    try:
        run_setup(ctx, fetch, fetch_roll)
    except Expected as exc:
        return exc, ctx.state
    except MissingInput:
        return None, ctx.state
    return None, ctx.state


def check_setup_input(state: State, turn: TurnInputs, draft: Draft, options: KnightsOptions) -> list[str]:
    """Is `draft` the next legal setup input (§3)?"""
    p = draft.payload
    if draft.type == "order" and p.get("kind") == "concede":
        return []
    expected, st = next_expected(state, turn, options)
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
    if kind not in CHECKS:
        return [f"§3: a setup order has kind limits, deploy, lady or concede, not {kind!r}"]
    if expected.kind in ("lot_roles", "lot_edges"):
        return [f"§3: first {expected.what}"]
    if kind != expected.kind or draft.actor != expected.player:
        return [f"§3.3: players alternate, Challenger first: next is {expected.player}: {expected.what}"]
    return CHECKS[kind](st, draft.actor, p)
