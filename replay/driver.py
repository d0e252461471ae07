"""The driver's old names, kept for callers written before it was split by concern.

Folding and checkpoints live in `replay.fold`, live play (inputs, batches, resolving, rulings, corrections) in
`replay.play`, what a viewer sees in `replay.views`, and importing logs in `replay.importing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventlog.envelope import Draft, Event
from eventlog.store import Store
from replay import importing, play
from replay.context import TurnInputs
from replay.fold import (
    CHECKPOINT_EVERY,
    CORE_TYPES,
    Game,
    TurnSteps,
    apply,
    checkpoint_key,
    closed_turns,
    fold,
    fold_events,
    game_from_events,
    initial_state,
    load,
    now,
    replay_store,
    resolution_steps,
    seek,
    turn_inputs,
    turn_steps,
    turns,
    write_checkpoints,
)
from replay.play import (
    ResolveReport,
    append_input,
    append_inputs,
    append_ruling,
    engine_payload,
    engine_roll,
    resolve_pending,
    roll_problems,
)
from replay.views import frame_view, state_at, turn_view

__all__ = [
    "CHECKPOINT_EVERY", "CORE_TYPES", "Game", "ResolveReport", "TurnInputs", "TurnSteps", "append_input",
    "append_inputs", "append_ruling", "apply", "check_draft", "checkpoint_key", "closed_turns", "engine_payload",
    "engine_roll", "fold", "fold_events", "frame_view", "game_from_events", "import_exported", "initial_state",
    "load", "now", "record", "replay_store", "resolution_steps", "resolve_pending", "roll_problems", "seek",
    "state_at", "turn_inputs", "turn_steps", "turn_view", "turns", "write_checkpoints",
]


def check_draft(game: Game, state: Any, draft: Draft, **_: Any) -> Draft:
    """play.check_draft where the game stands after `state` (its open turn resolved as far as it goes)."""
    return play.check_draft(game, play.point(game, state), draft)


def record(raw: Sequence[Any], *, at: str) -> list[Event]:
    """importing.record's events."""
    return importing.record(raw, at=at).events


def import_exported(store: Store, text: str | bytes, *, source: str,
                    check: Any = None) -> dict[str, list[Event]] | None:
    """importing.import_exported's events per game (`check` is always importing.check_log now)."""
    out = importing.import_exported(store, text, source=source)
    return None if out is None else {game: imported.events for game, imported in out.items()}
