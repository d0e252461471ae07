"""The reducer: the duel after one resolution event (or one `duel.*` event inside a GM ruling).

Payloads hold absolute values, so each step copies them; a field a ruling leaves out keeps its current value.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Event
from eventlog.errors import ValidationError
from replay.rulesets.duel.model import (
    DuelState,
    SideTrace,
    TurnTrace,
    obtained_from_json,
)


def evolve(state: DuelState, event: Event) -> DuelState:
    """The state after `event`; events of other rulesets' and the core's types leave it unchanged."""
    step = _STEPS.get(event.type)
    if step is None:
        if event.type.startswith("duel."):
            raise ValidationError(f"duel: unknown resolution type {event.type!r}")
        return state
    return step(state, event.payload, event.turn)


def _trace(state: DuelState, turn: int | None) -> TurnTrace:
    """The trace of the turn under way (an empty one when a ruling starts without a reveal)."""
    if state.trace is not None and not state.trace.ended:
        return state.trace
    return TurnTrace(turn or state.turn + 1, state.advantage, {d.id: SideTrace() for d in state.duelists})


def _with_side(trace: TurnTrace, side_id: str, **changes: Any) -> TurnTrace:
    sides = dict(trace.sides)
    sides[side_id] = replace(sides.get(side_id, SideTrace()), **changes)
    return replace(trace, sides=sides)


def _reveal(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    sides = {}
    for d in state.duelists:
        s = p.get("sides", {}).get(d.id, {})
        sides[d.id] = SideTrace(
            declared=tuple(s.get("declared", ())),
            working=tuple(s.get("working", s.get("declared", ()))),
            stake=s.get("stake", "high"),
            activate=dict(s.get("activate", {})),
            sharp_tongue=s.get("sharp_tongue"),
            eaten=tuple(s.get("eaten", ())),
            rolls=tuple(s.get("rolls", ())),
            roll=s.get("roll", 0),
            final_stake=s.get("final_stake", s.get("stake", "high")),
            success=bool(s.get("success", False)),
            obtained=obtained_from_json(s.get("obtained", [])),
            stamina_start=s.get("stamina_start", d.stamina),
        )
    trace = TurnTrace(
        turn=p.get("turn", turn if turn is not None else state.turn + 1),
        advantage=p.get("advantage", state.advantage),
        sides=sides,
        strike_order=dict(p.get("strike_order", {})),
    )
    return replace(state, trace=trace)


def _strike(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    trace = _trace(state, turn)
    defender = p["defender"]
    old = trace.sides.get(defender, SideTrace())
    trace = _with_side(
        trace, defender,
        damage=p.get("damage_total", old.damage + p.get("damage", 0)),
        parried_by=p.get("parried", p.get("P", old.parried_by)),
        neutralized=tuple(p.get("neutralized", old.neutralized)),
        dead=bool(p.get("dead", old.dead)),
    )
    return replace(state, trace=replace(trace, last={"type": "duel.strike", **p}))


def _flip(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    trace = _trace(state, turn)
    side = p["duelist"]
    old = trace.sides.get(side, SideTrace())
    flipped = bool(p.get("flipped", True))
    trace = _with_side(
        trace, side,
        obtained=obtained_from_json(p["obtained"]) if "obtained" in p else old.obtained,
        flipped=old.flipped or flipped,
        success=old.success and not flipped,
    )
    return replace(state, trace=trace)


def _counter(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    trace = _trace(state, turn)
    defender = p["defender"]
    old = trace.sides.get(defender, SideTrace())
    trace = _with_side(
        trace, defender,
        damage=p.get("damage_total", old.damage + p.get("damage", 0)),
        dead=bool(p.get("dead", old.dead)),
    )
    return replace(state, trace=replace(trace, last={"type": "duel.counter", **p}))


_DUELIST_FIELDS = (
    "stamina", "stamina_max", "wound_penalty", "status", "hale_light_used", "hale_heavy_used",
)


def _end_of_turn(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    sides = p.get("sides", {})
    duelists = tuple(
        replace(d, **{f: sides[d.id][f] for f in _DUELIST_FIELDS if f in sides.get(d.id, {})})
        for d in state.duelists
    )
    trace = state.trace
    if trace is not None:
        for d in state.duelists:
            if "damage" in sides.get(d.id, {}):
                trace = _with_side(trace, d.id, damage=sides[d.id]["damage"])
        trace = replace(trace, ended=True, last=None)
    return replace(
        state,
        duelists=(duelists[0], duelists[1]),
        turn=p.get("turn", turn if turn is not None else state.turn + 1),
        advantage=p.get("advantage", state.advantage),
        result=p.get("result", state.result),
        trace=trace,
    )


def _finish_off(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    loser = p["loser"]
    status = p.get("status", "dead" if p.get("choice") == "kill" else state.duelist(loser).status)
    duelists = tuple(replace(d, status=status) if d.id == loser else d for d in state.duelists)
    return replace(state, duelists=(duelists[0], duelists[1]), finish_off=p.get("choice"))


def _concede(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    winner = p.get("winner", state.other(p["duelist"]))
    return replace(state, result=p.get("result", {"winner": winner}))


_STEPS = {
    "duel.reveal": _reveal,
    "duel.strike": _strike,
    "duel.flip": _flip,
    "duel.counter": _counter,
    "duel.end_of_turn": _end_of_turn,
    "duel.finish_off": _finish_off,
    "duel.concede": _concede,
}
