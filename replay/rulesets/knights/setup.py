"""Turn 0 (§3 Подготовка к бою, spec §3): roles, edges, Limits, deployment, Ladies.

The whole setup resolves as ONE turn-0 resolution with one event per decision (knights.roles, knights.edges, six
knights.limits, six knights.deploy, a knights.lady per Love knight, then knights.end_of_turn), so each placement is
a frame step. Inputs are taken in the canonical alternation (Challenger's i-th, then Responder's i-th placement),
matched by player and order, not by their place in the log. Where the setup waits (the core's `run`, or the point
the core hands to `check`) is what comes next, so that `check.check_setup_input` checks a new placement against the
field as it stands at that point.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from replay.context import ORDER_NAME, MissingInput, Request, TurnInputs, Waiting, run
from replay.rulesets.knights import derive as d
from replay.rulesets.knights.check import CHECKS, pose_label, pose_of
from replay.rulesets.knights.model import KnightsOptions, State
from replay.rulesets.knights.steps import Ctx

Fetch = Callable[[str, str, int], dict[str, Any]]


def setup_orders(turn: TurnInputs, player: str, kind: str) -> list[dict[str, Any]]:
    """The player's turn-0 orders of one kind, in log order."""
    return [e.payload for e in turn.orders_of(player) if e.payload.get("kind") == kind]


def concession(turn: TurnInputs) -> str | None:
    for e in turn.events:
        if e.type == "order" and e.payload.get("kind") == "concede":
            return e.actor
    return None


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
                "why": [f"{k.name} ({k.domain}, oath {k.oath}) deploys at {pose_label(pose)}: mass 6, accel 1, "
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
    """Turn 0 from the recorded inputs; a missing placement stops with a request naming who, what and the options."""
    inputs = ctx.inputs

    def fetch(player: str, kind: str, i: int) -> dict[str, Any]:
        found = setup_orders(inputs.recorded, player, kind)
        if i < len(found):
            return found[i]
        what, options = _expected(ctx.state, player, kind)
        raise Waiting(requests=[Request("order", player, ORDER_NAME, (("kind", kind),), options=tuple(options),
                                        what=what)])

    def fetch_roll(purpose: str) -> int:
        return int(inputs.roll("1d2", actor=None, purpose=purpose, what=f"roll 1d2 for {purpose} (§3.1, §3.3)"
                               ).payload["total"])

    run_setup(ctx, fetch, fetch_roll)


@dataclass(frozen=True)
class Expected:
    """What the setup waits for next: a setup order of `kind` from `player`, or a lot roll (kind = its purpose)."""

    kind: str
    player: str | None
    what: str
    options: list[Any]


def expected_of(requests: tuple[Request, ...]) -> Expected | None:
    """The first request of a waiting setup, as the setup checks read it."""
    if not requests:
        return None
    r = requests[0]
    kind = str(r.key_dict.get("kind", r.name)) if r.kind == "order" else r.name
    return Expected(kind, r.actor, r.what, list(r.options or ()))


def next_expected(state: State, turn: TurnInputs, options: KnightsOptions) -> tuple[Expected | None, State]:
    """Where the recorded setup waits (the core's `run` of the setup): what it needs next and the state there."""
    from replay.rulesets.knights.evolve import evolve
    from replay.rulesets.knights.resolve import resolve

    stop = run(resolve, evolve, state, 0, turn, options)
    return expected_of(stop.requests), stop.state
