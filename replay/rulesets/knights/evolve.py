"""The reducer: the state after one resolution event (or one `knights.*` event inside a GM ruling).

Payloads hold absolute values (model.py), so each step copies them; a field an event leaves out keeps its value.
The reducer reads the typed events of events.py, built from the trusted payload without validation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from eventlog.envelope import Event
from eventlog.errors import ValidationError
from replay.rulesets.knights.events import (
    EVENTS,
    End,
    EndOfTurn,
    Resolution,
    Reveal,
)
from replay.rulesets.knights.model import (
    Knight,
    Lady,
    Lance,
    Pose,
    State,
    limit_of,
)

if TYPE_CHECKING:
    from replay.rulesets.knights.parts import KnightChanges, LadyChanges, LanceChanges

_KNIGHT_FIELDS = {
    "pose": Pose.of, "location": str, "accel": int, "damaged": frozenset, "honor": int, "oath_count": int,
    "mercy_uses": int, "functions_lost": int, "modules_destroyed": int, "last_module_destroyed": bool,
    "used_take_the_blow": bool, "struck_enemy": bool, "broke_enemy": bool,
}
_RESET = {"functions_lost": 0, "modules_destroyed": 0, "last_module_destroyed": False,
          "used_take_the_blow": False, "struck_enemy": False, "broke_enemy": False}


def evolve(state: State, event: Event) -> State:
    """The state after `event`; events of other rulesets' and the core's types leave it unchanged."""
    return apply(state, event.type, event.payload)


def apply(state: State, type_: str, payload: dict[str, Any]) -> State:
    """The state after a resolution of `type_` with `payload` (what `evolve` does, without the envelope)."""
    kind = EVENTS.get(type_)
    if kind is None:
        if type_.startswith("knights."):
            raise ValidationError(f"knights: unknown resolution type {type_!r}")
        return state
    event = kind.trusted(payload)
    state = updates(state, event)
    step = _STEPS.get(type_)
    return state if step is None else step(state, event)


def _knight(k: Knight, changes: KnightChanges) -> Knight:
    unknown = set(changes) - set(_KNIGHT_FIELDS)
    if unknown:
        raise ValidationError(f"knights: unknown knight field(s) {', '.join(sorted(unknown))} for {k.id}")
    return replace(k, **{name: _KNIGHT_FIELDS[name](v) if v is not None else None for name, v in changes.items()})


def _lady(lady: Lady, changes: LadyChanges) -> Lady:
    out = lady
    if "cell" in changes:
        c = changes["cell"]
        out = replace(out, cell=None if c is None else (int(c[0]), int(c[1])))
    for name in ("carrier", "kidnapper"):
        if name in changes:
            out = replace(out, **{name: changes[name]})  # type: ignore[literal-required]
    return out


def _lance(lance: Lance, changes: LanceChanges) -> Lance:
    out = lance
    for name in ("role", "edge"):
        if name in changes:
            out = replace(out, **{name: changes[name]})  # type: ignore[literal-required]
    if "spared" in changes:
        out = replace(out, spared=frozenset(changes["spared"]))
    return out


def updates(state: State, event: Resolution) -> State:
    """Copy the absolute values of the update maps every event may carry (model.py)."""
    knights, ladies, lances = event.knights, event.ladies, event.lances
    changes: dict[str, Any] = {}
    if knights:
        ids = {k.id for k in state.knights}
        missing = set(knights) - ids
        if missing:
            raise ValidationError(f"knights: unknown knight(s) {', '.join(sorted(missing))}")
        changes["knights"] = tuple(_knight(k, knights[k.id]) if k.id in knights else k for k in state.knights)
    if ladies:
        changes["ladies"] = tuple(_lady(x, ladies[x.id]) if x.id in ladies else x for x in state.ladies)
    if lances:
        a, b = (_lance(x, lances[x.player]) if x.player in lances else x for x in state.lances)
        changes["lances"] = (a, b)
    if event.limits_add:
        changes["limits"] = state.limits + tuple(limit_of(x) for x in event.limits_add)  # type: ignore[arg-type]
    if event.pending_add:
        changes["pending"] = state.pending + tuple(event.pending_add)
    if event.rams_add:
        changes["rams"] = state.rams + tuple(event.rams_add)
    return replace(state, **changes) if changes else state


def _reveal(state: State, event: Reveal) -> State:
    return replace(state, stage="execution", acting=tuple(event.acting))


def _end_of_turn(state: State, event: EndOfTurn) -> State:
    knights = tuple(replace(k, **_RESET) for k in state.knights)
    return replace(
        state, knights=knights, turn=int(event.next_turn), stage="planning",
        acted_last_turn=frozenset(event.acted_last_turn), acting=(), rams=(), pending=(),
    )


def _end(state: State, event: End) -> State:
    result = {k: getattr(event, k) for k in ("reason", "winner", "honor") if k in event.model_fields_set}
    return replace(state, stage="ended", result=result)


_STEPS: dict[str, Callable[[State, Any], State]] = {
    "knights.reveal": _reveal,
    "knights.end_of_turn": _end_of_turn,
    "knights.end": _end,
}
