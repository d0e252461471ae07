"""What a viewer sees of (turn, phase, step): frames and posts, for closed turns and, provisionally, the open one.

A closed turn is read from the log; the open turn is resolved as far as its recorded inputs go (nothing appended)
and shown marked provisional. A viewer (a player id, "gm", or None for the public thread) sees the events whose
payload it may read and the state as the ruleset shows it to that viewer.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.errors import ValidationError
from eventlog.store import Store
from replay.context import TurnInputs, as_event
from replay.fold import Game, TurnSteps, fold, state_before, turn_steps
from replay.play import point
from replay.ruleset import FrameView, TurnView


def _open_steps(game: Game, turn: int, now: Any = None) -> tuple[TurnSteps, Any, Any]:
    """The open turn's provisional steps, the state at its start, and the point."""
    here = point(game, now)
    events = game.index.by_turn.get(turn, ())
    steps = tuple((0, as_event(game.id, d)) for d in here.drafts)
    return TurnSteps(turn, events, steps, provisional=True), here.start, here


def steps_of(game: Game, turn: int, store: Store | None = None, now: Any = None) -> tuple[TurnSteps, Any, Any]:
    """(steps, state at step 0, the point if the turn is open) of any turn of the game.

    `now`: the state after the whole game, if known (a game read from a checkpoint on, `fold.load_span`, whose
    own fold is not the game's state; such a game shows its open turn, and its closed turns from the checkpoint
    on). Without it the game is folded."""
    if turn not in game.index.closed:
        now = fold(game) if now is None else now
        current = game.ruleset.current_turn(now)
    else:
        current = None
    if current == turn:
        return _open_steps(game, turn, now)
    if turn not in game.index.by_turn and turn != 0:
        raise ValidationError(f"turn {turn} has no events in game {game.id!r}")
    ts = turn_steps(game, turn)
    return ts, state_before(game, turn, store, ts), None


def _at(game: Game, turn: int, step: int | None, store: Store | None,
        phase: str | None, now: Any = None) -> tuple[Any, TurnSteps, int, int, int]:
    """(state, steps, first, k, end): the state at step k of the phase that spans step indexes [first, end)."""
    ts, state, _ = steps_of(game, turn, store, now)
    first, end = ts.span(phase)
    k = (end - first) if step is None else step
    if not 0 <= k <= end - first:
        where = f"phase {phase} of turn {turn}" if phase else f"turn {turn}"
        raise ValidationError(f"--step: {where} has steps 0..{end - first}, not {k}")
    for _, s in ts.steps[:first + k]:
        state = game.ruleset.evolve(state, s)
    return state, ts, first, k, end


def state_at(game: Game, turn: int, step: int | None = None, store: Store | None = None,
             phase: str | None = None, now: Any = None) -> tuple[Any, TurnSteps]:
    """The state at step `step` of `turn` (or of its `phase`): None = after it, 0 = before its first resolution.
    `now`: as for `steps_of`."""
    state, ts, *_ = _at(game, turn, step, store, phase, now)
    return state, ts


def frame_view(game: Game, turn: int, step: int | None = None, lang: str = "ru", store: Store | None = None,
               phase: str | None = None, viewer: str | None = None, now: Any = None) -> FrameView:
    """What the frame of (turn, phase, step) shows to `viewer`, and the hash of the last event it reflects.
    `now`: as for `steps_of`."""
    state, ts, first, k, end = _at(game, turn, step, store, phase, now)
    rs = game.ruleset
    upto = _upto(game, ts, first + k)
    inputs = TurnInputs.of(turn, (e for e in ts.events if e.seq <= upto)).events
    shown = tuple(e for e in inputs if e.seen_by(viewer)) + tuple(s for _, s in ts.steps[:first + k]
                                                                  if s.seen_by(viewer))
    last = game.last_upto(upto)
    return FrameView(rs.view_state(state, viewer), turn, k, end - first, shown, last.hash, lang, phase,
                     ts.provisional, viewer)


def _upto(game: Game, ts: TurnSteps, k: int) -> int:
    """The seq of the last log event a frame at step index k reflects."""
    if ts.provisional:
        return game.events[-1].seq
    if k:
        return ts.steps[k - 1][0]
    if ts.steps:
        return ts.steps[0][0] - 1
    return ts.events[-1].seq if ts.events else game.events[-1].seq


def turn_view(game: Game, turn: int, store: Store | None = None, phase: str | None = None,
              viewer: str | None = None, now: Any = None) -> TurnView:
    """What the post of a turn (or of one phase of it) tells `viewer`. `now`: as for `steps_of`."""
    ts, before, here = steps_of(game, turn, store, now)
    first, end = ts.span(phase)
    rs = game.ruleset
    for _, s in ts.steps[:first]:
        before = rs.evolve(before, s)
    after = before
    for _, s in ts.steps[first:end]:
        after = rs.evolve(after, s)
    inputs = tuple(e for e in TurnInputs.of(turn, ts.events).events if e.seen_by(viewer)
                   and (phase is None or e.phase in (None, phase)))
    rulings = tuple(e for e in ts.events if e.type == "ruling")
    corrections = game.index.corrections.get(turn, ())
    requests = tuple(here.requests) if here is not None else ()
    return TurnView(rs.view_state(before, viewer), rs.view_state(after, viewer), turn, inputs,
                    tuple(s for _, s in ts.steps[first:end] if s.seen_by(viewer)), rulings, phase, ts.provisional,
                    viewer, corrections, requests)


def visible_events(game: Game, viewer: str | None) -> list[Any]:
    """The game's events as `viewer` may read them: a payload it may not see is replaced by {"withheld": true}."""
    return [e if e.seen_by(viewer) else replace(e, payload={"withheld": True}) for e in game.events]
