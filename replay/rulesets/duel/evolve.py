"""The reducer: the duel after one resolution event (or one `duel.*` event inside a GM ruling).

Payloads hold absolute values, so each step copies them; a field a ruling leaves out keeps its current value.

Every step reads its payload dict by the field names of its class in `events.py` (a field left out is one the typed
event does not have, `given(name)` false): `duel.reveal` and `duel.end_of_turn`, two of every turn and most of a
replay's events, because building their nested typed classes would cost about twice the whole step (the state keeps
their activations, rolls and strike order as the dicts recorded); strikes, flips, counters, finish-offs and
concessions so that folding a duel builds none of those pydantic classes (importing them costs a process ~60 ms).
A field a step cannot do without and a ruling left out raises what reading it from the typed class raised.

Speed: a replay folds tens of thousands of these steps, so the new states are built with direct constructor calls
(positional, in field order) instead of `dataclasses.replace`, which costs about twice as much; a side or duelist
whose values do not change is kept as it is (the states are immutable, so an equal copy would be indistinguishable).
"""

from __future__ import annotations

from dataclasses import replace
from operator import itemgetter
from typing import Any

from eventlog.envelope import Event
from eventlog.errors import ValidationError
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

_EMPTY: dict[str, Any] = {}
_SAME_TYPES = (int, str, bool, type(None))
_SAME_TYPE_SET = frozenset(_SAME_TYPES)


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


_REVEAL_SIDE = frozenset({
    "declared", "working", "stake", "activate", "sharp_tongue", "eaten", "rolls", "roll", "final_stake", "success",
    "obtained", "stamina_start",
})
"""The fields of a reveal's side `_reveal` reads (a payload the rules wrote has them all)."""


def _reveal(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    sides = {}
    by_side = p.get("sides", _EMPTY)
    for d in state.duelists:
        side = by_side.get(d.id, _EMPTY)
        if type(side) is dict and side.keys() >= _REVEAL_SIDE:  # every field given: read without defaults
            sides[d.id] = make_side(
                tuple(side["declared"]), tuple(side["working"]), side["stake"], dict(side["activate"]),
                side["sharp_tongue"], tuple(side["eaten"]), tuple(side["rolls"]), side["roll"], side["final_stake"],
                bool(side["success"]), False, obtained_from_json(side["obtained"]), (), side["stamina_start"], 0, 0,
                False,
            )
            continue
        get = side.get
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


def _field(p: dict[str, Any], name: str, part: str) -> Any:
    """A field the step cannot do without; a GM ruling may have left it out: the AttributeError its typed class in
    `events.py` raises then."""
    if name in p:
        return p[name]
    raise AttributeError(f"{part!r} object has no attribute {name!r}")


def _strike(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    trace = _trace(state, turn)
    defender = _field(p, "defender", "Strike")
    old = trace.sides.get(defender) or SideTrace()
    damage = p.get("damage", 0)
    side = _side_hit(
        old,
        p["damage_total"] if "damage_total" in p else old.damage + damage,
        p["parried"] if "parried" in p else p.get("P", old.parried_by),
        tuple(p["neutralized"]) if "neutralized" in p else old.neutralized,
        bool(p["dead"]) if "dead" in p else old.dead,
    )
    sides = dict(trace.sides)
    sides[defender] = side
    return _with_state_trace(state, make_trace(trace.turn, trace.advantage, sides, trace.strike_order,
                                               {"type": "duel.strike", **p}, trace.ended))


def _flip(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    trace = _trace(state, turn)
    duelist = _field(p, "duelist", "Flip")
    o = trace.sides.get(duelist) or SideTrace()
    flipped = bool(p["flipped"]) if "flipped" in p else True
    new = make_side(o.declared, o.working, o.stake, o.activate, o.sharp_tongue, o.eaten, o.rolls, o.roll,
                    o.final_stake, o.success and not flipped, o.flipped or flipped,
                    obtained_from_json(p["obtained"]) if "obtained" in p else o.obtained,
                    o.neutralized, o.stamina_start, o.damage, o.parried_by, o.dead)
    return _with_state_trace(state, _with_side(trace, duelist, new))


def _counter(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    trace = _trace(state, turn)
    defender = _field(p, "defender", "Counter")
    old = trace.sides.get(defender) or SideTrace()
    damage = p.get("damage", 0)
    side = _side_hit(
        old,
        p["damage_total"] if "damage_total" in p else old.damage + damage,
        old.parried_by,
        old.neutralized,
        bool(p["dead"]) if "dead" in p else old.dead,
    )
    sides = dict(trace.sides)
    sides[defender] = side
    return _with_state_trace(state, make_trace(trace.turn, trace.advantage, sides, trace.strike_order,
                                               {"type": "duel.counter", **p}, trace.ended))


_DUELIST_FIELDS = (
    "stamina", "stamina_max", "wound_penalty", "status", "hale_light_used", "hale_heavy_used",
)


_DUELIST_FIELD_SET = frozenset(_DUELIST_FIELDS)
_duelist_values = itemgetter(*_DUELIST_FIELDS)
"""A side's values of `_DUELIST_FIELDS`, in their order, as a tuple."""


def _duelist_after(d: Duelist, side: dict[str, Any]) -> Duelist:
    """`replace(d, **{f: side[f] for f in _DUELIST_FIELDS if f in side})`, or `d` itself if nothing changes."""
    if not side:
        return d
    old = (d.stamina, d.stamina_max, d.wound_penalty, d.status, d.hale_light_used, d.hale_heavy_used)
    if side.keys() >= _DUELIST_FIELD_SET:  # every field given (an end of turn the rules wrote): one C call
        new = _duelist_values(side)
    else:
        new = tuple(side.get(f, v) for f, v in zip(_DUELIST_FIELDS, old, strict=True))
    stamina, stamina_max, wound_penalty, status, light, heavy = new
    # `_same` of each value (C calls only): equal values of the same int, str, bool or None types
    if old == new and _SAME_TYPE_SET.issuperset(map(type, new)) and tuple(map(type, old)) == tuple(map(type, new)):
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
    choice = p.get("choice")
    loser = state.duelist(_field(p, "loser", "FinishOff"))
    status = p.get("status", "dead" if choice == "kill" else loser.status)
    duelists = tuple(replace(d, status=status) if d.id == loser.id else d for d in state.duelists)
    return replace(state, duelists=(duelists[0], duelists[1]), finish_off=choice)


def _concede(state: DuelState, p: dict[str, Any], turn: int | None) -> DuelState:
    other = state.other(_field(p, "duelist", "Concede"))
    winner = p.get("winner", other)
    result = {"winner": _field(p["result"], "winner", "Winner")} if "result" in p else {"winner": winner}
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
