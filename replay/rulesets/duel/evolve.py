"""The reducer: the duel after one resolution event (or one `duel.*` event inside a GM ruling).

Payloads hold absolute values, so each step copies them; a field a ruling leaves out keeps its current value
(`given(name)` of the typed event says whether the payload had it).

Typed events: strikes, flips, counters, finish-offs and concessions are read through their classes in `events.py`,
built with `trusted` (no second validation); that module is imported when the first of them is folded.
`duel.reveal` and `duel.end_of_turn`, two of every turn and most of a replay's events, read their payload dicts by
the same field names: building their nested typed classes would cost about twice the whole step, and the state keeps
their activations, rolls and strike order as the dicts recorded.

Speed: a replay folds tens of thousands of these steps, so the new states are built with direct constructor calls
(positional, in field order) instead of `dataclasses.replace`, which costs about twice as much; a side or duelist
whose values do not change is kept as it is (the states are immutable, so an equal copy would be indistinguishable).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Event
from eventlog.errors import ValidationError
from replay.ruleset import lazy_module
from replay.rulesets.duel.model import (
    Duelist,
    DuelState,
    SideTrace,
    TurnTrace,
    make_duelist,
    make_side,
    make_state,
    make_trace,
    obtained_from_json,
)

events = lazy_module("replay.rulesets.duel.events")  # pydantic classes, built when a strike, flip, counter,
# finish-off or concession is first folded (a duel with none of them, read from a checkpoint, never builds them)

_EMPTY: dict[str, Any] = {}
_SAME_TYPES = (int, str, bool, type(None))


def _same(old: Any, new: Any) -> bool:
    """Whether `new` may stand for `old` in a state: the same object, or an equal int, str, bool or None."""
    return old is new or (type(old) is type(new) and type(new) in _SAME_TYPES and old == new)


def evolve(state: DuelState, event: Event) -> DuelState:
    """The state after `event`; events of other rulesets' and the core's types leave it unchanged."""
    step = _STEPS.get(event.type)
    if step is None:
        if event.type.startswith("duel."):
            raise ValidationError(f"duel: unknown resolution type {event.type!r}")
        return state
    return step(state, event.payload, event.turn)


def _with_state_trace(state: DuelState, trace: TurnTrace | None) -> DuelState:
    """`replace(state, trace=trace)`."""
    return make_state(state.duelists, state.turn, state.advantage, state.result, state.finish_off, trace)


def _trace(state: DuelState, turn: int | None) -> TurnTrace:
    """The trace of the turn under way (an empty one when a ruling starts without a reveal)."""
    if state.trace is not None and not state.trace.ended:
        return state.trace
    return TurnTrace(turn or state.turn + 1, state.advantage, {d.id: SideTrace() for d in state.duelists})


def _with_side(trace: TurnTrace, side_id: str, side: SideTrace) -> TurnTrace:
    """The trace with `side_id`'s side replaced (or added last)."""
    sides = dict(trace.sides)
    sides[side_id] = side
    return make_trace(trace.turn, trace.advantage, sides, trace.strike_order, trace.last, trace.ended)


def _side_hit(o: SideTrace, damage: Any, parried_by: Any, neutralized: Any, dead: Any) -> SideTrace:
    """`replace(o, damage=..., parried_by=..., neutralized=..., dead=...)`."""
    return make_side(o.declared, o.working, o.stake, o.activate, o.sharp_tongue, o.eaten, o.rolls, o.roll,
                     o.final_stake, o.success, o.flipped, o.obtained, neutralized, o.stamina_start, damage,
                     parried_by, dead)


def _reveal(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    sides = {}
    by_side = p.get("sides", _EMPTY)
    for d in state.duelists:
        get = by_side.get(d.id, _EMPTY).get
        declared = get("declared", ())
        stake = get("stake", "high")
        sides[d.id] = make_side(
            tuple(declared),  # declared
            tuple(get("working", declared)),  # working
            stake,
            dict(get("activate", _EMPTY)),  # activate
            get("sharp_tongue"),
            tuple(get("eaten", ())),  # eaten
            tuple(get("rolls", ())),  # rolls
            get("roll", 0),
            get("final_stake", stake),  # final_stake
            bool(get("success", False)),  # success
            False,  # flipped
            obtained_from_json(get("obtained", ())),  # obtained
            (),  # neutralized
            get("stamina_start", d.stamina),  # stamina_start
            0,  # damage
            0,  # parried_by
            False,  # dead
        )
    trace = make_trace(
        p.get("turn", turn if turn is not None else state.turn + 1),
        p.get("advantage", state.advantage),
        sides,
        dict(p.get("strike_order", _EMPTY)),
        None,  # last
        False,  # ended
    )
    return make_state(state.duelists, state.turn, state.advantage, state.result, state.finish_off, trace)


def _strike(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    strike = events.Strike.trusted(p)
    trace = _trace(state, turn)
    old = trace.sides.get(strike.defender) or SideTrace()
    damage = strike.damage if strike.given("damage") else 0
    side = _side_hit(
        old,
        strike.damage_total if strike.given("damage_total") else old.damage + damage,
        strike.parried if strike.given("parried") else strike.P if strike.given("P") else old.parried_by,
        tuple(strike.neutralized) if strike.given("neutralized") else old.neutralized,
        bool(strike.dead) if strike.given("dead") else old.dead,
    )
    sides = dict(trace.sides)
    sides[strike.defender] = side
    return _with_state_trace(state, make_trace(trace.turn, trace.advantage, sides, trace.strike_order,
                                               {"type": "duel.strike", **p}, trace.ended))


def _flip(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    flip = events.Flip.trusted(p)
    trace = _trace(state, turn)
    o = trace.sides.get(flip.duelist) or SideTrace()
    flipped = bool(flip.flipped) if flip.given("flipped") else True
    new = make_side(o.declared, o.working, o.stake, o.activate, o.sharp_tongue, o.eaten, o.rolls, o.roll,
                    o.final_stake, o.success and not flipped, o.flipped or flipped,
                    obtained_from_json(flip.obtained) if flip.given("obtained") else o.obtained,
                    o.neutralized, o.stamina_start, o.damage, o.parried_by, o.dead)
    return _with_state_trace(state, _with_side(trace, flip.duelist, new))


def _counter(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    counter = events.Counter.trusted(p)
    trace = _trace(state, turn)
    old = trace.sides.get(counter.defender) or SideTrace()
    damage = counter.damage if counter.given("damage") else 0
    side = _side_hit(
        old,
        counter.damage_total if counter.given("damage_total") else old.damage + damage,
        old.parried_by,
        old.neutralized,
        bool(counter.dead) if counter.given("dead") else old.dead,
    )
    sides = dict(trace.sides)
    sides[counter.defender] = side
    return _with_state_trace(state, make_trace(trace.turn, trace.advantage, sides, trace.strike_order,
                                               {"type": "duel.counter", **p}, trace.ended))


_DUELIST_FIELDS = (
    "stamina", "stamina_max", "wound_penalty", "status", "hale_light_used", "hale_heavy_used",
)


def _duelist_after(d: Duelist, side: dict[str, Any]) -> Duelist:
    """`replace(d, **{f: side[f] for f in _DUELIST_FIELDS if f in side})`, or `d` itself if nothing changes."""
    if not side:
        return d
    stamina = side.get("stamina", d.stamina)
    stamina_max = side.get("stamina_max", d.stamina_max)
    wound_penalty = side.get("wound_penalty", d.wound_penalty)
    status = side.get("status", d.status)
    light = side.get("hale_light_used", d.hale_light_used)
    heavy = side.get("hale_heavy_used", d.hale_heavy_used)
    if (_same(d.stamina, stamina) and _same(d.stamina_max, stamina_max) and _same(d.wound_penalty, wound_penalty)
            and _same(d.status, status) and _same(d.hale_light_used, light) and _same(d.hale_heavy_used, heavy)):
        return d
    return make_duelist(d.id, d.name, d.traits, d.locality, stamina, stamina_max, wound_penalty, status, light,
                        heavy)


def _end_of_turn(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    sides = p.get("sides", _EMPTY)
    if type(sides) is not dict or len(state.duelists) != 2:
        return _end_of_turn_generic(state, p, turn)
    a, b = state.duelists
    side_a, side_b = sides.get(a.id, _EMPTY), sides.get(b.id, _EMPTY)
    if type(side_a) is not dict or type(side_b) is not dict:
        return _end_of_turn_generic(state, p, turn)
    duelists = (_duelist_after(a, side_a), _duelist_after(b, side_b))
    trace = state.trace
    if trace is not None:
        changed = None
        for d, side in ((a, side_a), (b, side_b)):
            if "damage" in side:
                damage = side["damage"]
                old = trace.sides.get(d.id) if changed is None else changed.get(d.id)
                if old is not None and _same(old.damage, damage):
                    continue
                if changed is None:
                    changed = dict(trace.sides)
                o = old or SideTrace()
                changed[d.id] = _side_hit(o, damage, o.parried_by, o.neutralized, o.dead)
        trace = make_trace(trace.turn, trace.advantage, trace.sides if changed is None else changed,
                           trace.strike_order, None, True)
    return make_state(
        duelists,
        p.get("turn", turn if turn is not None else state.turn + 1),
        p.get("advantage", state.advantage),
        p.get("result", state.result),
        state.finish_off,
        trace,
    )


def _end_of_turn_generic(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    """`_end_of_turn` for payloads of unusual shapes (not dicts where dicts belong): the plain version."""
    sides = p.get("sides", {})
    duelists = tuple(
        replace(d, **{f: sides[d.id][f] for f in _DUELIST_FIELDS if f in sides.get(d.id, {})})
        for d in state.duelists
    )
    trace = state.trace
    if trace is not None:
        for d in state.duelists:
            if "damage" in sides.get(d.id, {}):
                trace = replace(trace, sides={**trace.sides,
                                              d.id: replace(trace.sides.get(d.id, SideTrace()),
                                                            damage=sides[d.id]["damage"])})
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
    finish = events.FinishOff.trusted(p)
    choice = finish.choice if finish.given("choice") else None
    loser = state.duelist(finish.loser)
    status = finish.status if finish.given("status") else "dead" if choice == "kill" else loser.status
    duelists = tuple(replace(d, status=status) if d.id == finish.loser else d for d in state.duelists)
    return replace(state, duelists=(duelists[0], duelists[1]), finish_off=choice)


def _concede(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    concede = events.Concede.trusted(p)
    other = state.other(concede.duelist)
    winner = concede.winner if concede.given("winner") else other
    result = {"winner": concede.result.winner} if concede.given("result") else {"winner": winner}
    return replace(state, result=result)


_STEPS = {
    "duel.reveal": _reveal,
    "duel.strike": _strike,
    "duel.flip": _flip,
    "duel.counter": _counter,
    "duel.end_of_turn": _end_of_turn,
    "duel.finish_off": _finish_off,
    "duel.concede": _concede,
}
