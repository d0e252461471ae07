"""The draft stage (§3.1): the draft-order roll, picks in turn, then each side's equipment assignment (C03).

Requests: every side's `draft_order` d6 (key `round`, ties re-rolled among the tied, A-16); then, round by round in
draft order, each side that has not passed is asked `draft_pick` (C02, key `n`: the pick's number in the draft;
default pass) — a pass ends that side's picking, and so does its total of picks where the scenario sets one (the
pool's `picks_per_side` plus the race's `draft_total_delta`, A-17); when every side has passed or the pool is empty,
each side with
drafted items or guns is asked `equip` (C03, default: items unassigned, every gun to the side's first warrior).
"""

from __future__ import annotations

from typing import Any

from eventlog.envelope import Draft
from replay.context import Context
from replay.rulesets.warband import data
from replay.rulesets.warband import events as ev
from replay.rulesets.warband.model import State, equipment_problems


def _draft(e: ev.Resolution) -> Draft:
    return Draft(e.type, e.model_dump(mode="json"))


def pool_units(state: State) -> list[str]:
    return [w.id for w in state.warriors if w.status == "pool"]


def pool_guns(state: State) -> list[str]:
    return [g.id for g in state.guns if not g.side]


def pick_problems(state: State, side: str, value: Any) -> list[str]:
    """C02: "pass", or {"unit": id} / {"item": kind} / {"gun": id} still in the pool."""
    if value == "pass":
        return []
    if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in ("unit", "item", "gun"):
        return ['C02: a pick is "pass" or one of {"unit": id}, {"item": kind}, {"gun": id}']
    kind, element = next(iter(value.items()))
    left = {"unit": pool_units(state), "item": list(state.pool_items), "gun": pool_guns(state)}[kind]
    if element not in left:
        return [f"C02: no {kind} {element!r} left in the pool (left: {', '.join(map(str, left)) or 'none'})"]
    return []


def equip_problems(state: State, side: str, value: Any) -> list[str]:
    """C03 (§4.7, A-18): drafted items onto the side's warriors, each combination allowed; guns to its warriors."""
    if not isinstance(value, dict) or not set(value) <= {"items", "dispatchers"}:
        return ['C03: equipment is {"items": {warrior: [kinds]}, "dispatchers": {gun: warrior}}']
    items, dispatchers = value.get("items", {}), value.get("dispatchers", {})
    if not isinstance(items, dict) or not isinstance(dispatchers, dict):
        return ['C03: equipment is {"items": {warrior: [kinds]}, "dispatchers": {gun: warrior}}']
    mine = {w.id: w for w in state.warriors if w.side == side}
    problems = []
    left = list(state.side(side).drafted_items)
    for wid, kinds in items.items():
        if wid not in mine:
            problems.append(f"C03: {wid!r} is not {side}'s warrior")
            continue
        for k in kinds if isinstance(kinds, list) else []:
            if k in left:
                left.remove(k)
            else:
                problems.append(f"C03: {side} has drafted no (more) {k!r}")
        w = mine[wid]
        problems += [f"C03 {wid}: {p}" for p in
                     equipment_problems(w.type, [i.kind for i in w.equipment] + list(kinds), w.mount)]
    guns = [g.id for g in state.guns if g.side == side and not g.dispatcher]
    for gid, wid in dispatchers.items():
        if gid not in guns:
            problems.append(f"C03: {gid!r} is not a gun {side} drafted")
        if wid not in mine:
            problems.append(f"C03: the dispatcher {wid!r} is not {side}'s warrior")
    for gid in guns:
        if gid not in dispatchers:
            problems.append(f"C03: the gun {gid} needs a dispatcher")
    return problems


def run(ctx: Context) -> None:
    order = _roll_order(ctx)
    races = data.load("races")["races"]
    picks_per_round = {s: int(races[ctx.state.side(s).race].get("draft_picks_per_round", 1)) for s in order}
    delta = {s: int(races[ctx.state.side(s).race].get("draft_total_delta", 0)) for s in order}
    base = ctx.state.draft_picks
    totals = {s: max(0, base + delta[s]) for s in order} if base is not None else None
    made = dict.fromkeys(order, 0)
    n = 0
    while True:
        live = [s for s in order if not ctx.state.side(s).draft_passed]
        if not live or not (pool_units(ctx.state) or ctx.state.pool_items or pool_guns(ctx.state)):
            break
        for side in live:
            for _ in range(picks_per_round[side]):
                state = ctx.state
                if state.side(side).draft_passed or not (pool_units(state) or state.pool_items or pool_guns(state)):
                    break
                if totals is not None and made[side] >= totals[side]:
                    n += 1
                    ctx.emit(_draft(ev.DraftPick(
                        side=side, n=n, kind="done", rule="§3.1", defaults=["A-17"],
                        why=[f"pick #{n}: {side} has made its {totals[side]} pick(s): the scenario's {base} a side"
                             + (f" {delta[side]:+d} for its race ({state.side(side).race})" if delta[side] else "")
                             + "; it picks no more"])))
                    break
                n += 1
                value, _ = ctx.ask("draft_pick", actor=side, options=[], default="pass", n=n,
                                   what=f"C02: {side}'s pick #{n}: \"pass\" or {{\"unit\": id}} / {{\"item\": kind}} / "
                                        f"{{\"gun\": id}} from the pool",
                                   accept=lambda v, s=side, st=state: pick_problems(st, s, v) == [])
                _pick(ctx, side, n, value)
                made[side] += value != "pass"
    left = [*pool_units(ctx.state), *pool_guns(ctx.state), *ctx.state.pool_items]
    for side in order:
        s = ctx.state.side(side)
        guns = [g.id for g in ctx.state.guns if g.side == side and not g.dispatcher]
        if not s.drafted_items and not guns:
            continue
        first = min((w.id for w in ctx.state.warriors if w.side == side), default="")
        default = {"items": {}, "dispatchers": {g: first for g in guns}}
        state = ctx.state
        value, how = ctx.ask("equip", actor=side, options=[], default=default,
                             what=f"C03: which of {side}'s warriors carry its drafted "
                                  f"{', '.join(s.drafted_items) or 'nothing'}"
                                  + (f" and dispatch {', '.join(guns)}" if guns else ""),
                             accept=lambda v, sd=side, st=state: equip_problems(st, sd, v) == [])
        items = {w: list(k) for w, k in value.get("items", {}).items()}
        rest = list(s.drafted_items)
        for kinds in items.values():
            for k in kinds:
                rest.remove(k)
        ctx.emit(_draft(ev.Equipped(side=side, items=items, dispatchers=dict(value.get("dispatchers", {})),
                                    unassigned=rest, rule="§3.1, §4.7", defaults=["A-18"],
                                    why=[f"{w} takes {', '.join(k)}" for w, k in items.items()]
                                    + [f"{g} is dispatched by {w}" for g, w in value.get("dispatchers", {}).items()]
                                    + ([f"not carried: {', '.join(rest)}"] if rest else []))))
    ctx.emit(_draft(ev.DraftEnded(left=left, rule="§3.1",
                                  why=[f"the draft ends; nobody took {', '.join(left)}" if left
                                       else "the draft ends; the pool is empty"])))


def _roll_order(ctx: Context) -> list[str]:
    from replay.rulesets.warband.resolve import turn_order

    return turn_order(ctx, purpose="draft_order")


def _pick(ctx: Context, side: str, n: int, value: Any) -> None:
    if value == "pass":
        ctx.emit(_draft(ev.DraftPick(side=side, n=n, kind="pass", rule="§3.1",
                                     why=[f"pick #{n}: {side} passes and picks no more"])))
        return
    kind, element = next(iter(value.items()))
    what = {"unit": lambda: f"the {ctx.state.warrior(element).type} {element}", "item": lambda: f"a {element}",
            "gun": lambda: f"the siege gun {element}"}[kind]()
    ctx.emit(_draft(ev.DraftPick(side=side, n=n, kind=kind, element=str(element), rule="§3.1",
                                 why=[f"pick #{n}: {side} takes {what}"])))
