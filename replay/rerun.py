"""Rerun: re-resolve a recorded game under another ruleset version or a variant (house rules), turn by turn."""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eventlog.envelope import Draft, Event
from eventlog.errors import BattlelogError, ValidationError
from replay.audit import diff_json
from replay.driver import Game, fold_events, game_from_events, initial_state, turn_inputs
from replay.inputs import Inputs


@dataclass
class TurnChange:
    turn: int
    lines: list[str]


@dataclass
class RerunReport:
    game: str
    recorded: str
    variant: str
    options: dict[str, Any]
    changes: list[TurnChange] = field(default_factory=list)
    turns: int = 0
    stopped: str | None = None

    @property
    def unchanged(self) -> bool:
        return not self.changes and self.stopped is None


def load_variant(path: str | Path) -> tuple[str | None, dict[str, Any]]:
    """A variant file (TOML): optional `ruleset = "duel@1"` and an `[options]` table of house-rule switches."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValidationError(f"variant {path}: {exc}") from exc
    unknown = set(data) - {"ruleset", "options", "name", "description"}
    if unknown:
        raise ValidationError(f"variant {path}: unknown keys {', '.join(sorted(unknown))} "
                              "(allowed: ruleset, options, name, description)")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ValidationError(f"variant {path}: [options] must be a table")
    return data.get("ruleset"), options


def rerun(game: Game, ruleset_key: str | None = None, options: dict[str, Any] | None = None) -> RerunReport:
    """Per-turn state differences between the recorded game and the same inputs under other rules."""
    variant = game_from_events(game.events, ruleset_key=ruleset_key,
                               options={**game.options.model_dump(), **(options or {})})
    rs_old, rs_new = game.ruleset, variant.ruleset
    old_opts, new_opts = game.options.model_dump(mode="json"), variant.options.model_dump(mode="json")
    changed = ", ".join(f"{k} = {json.dumps(new_opts[k])} (was {json.dumps(old_opts.get(k))})"
                        for k in new_opts if new_opts[k] != old_opts.get(k))
    report = RerunReport(game.id, rs_old.key, f"{rs_new.key}" + (f" with {changed}" if changed else ""), new_opts)
    old_state, new_state = initial_state(game), initial_state(variant)
    by_turn: dict[int, list] = {}
    for e in game.events:
        if e.turn is not None and e.type == "turn.closed":
            by_turn.setdefault(e.turn, [])
    for turn in by_turn:
        old_state = fold_events(rs_old, old_state, [e for e in game.events if e.turn == turn])
        if rs_new.current_turn(new_state) != turn:
            report.stopped = f"under the variant the game is over before turn {turn}"
            break
        try:
            drafts = rs_new.resolve(new_state, turn, Inputs(turn_inputs(game, turn)), variant.options)
        except BattlelogError as exc:
            report.stopped = f"turn {turn} cannot be re-resolved under the variant: {exc}"
            break
        for d in drafts:
            new_state = rs_new.evolve(new_state, _event(game.id, d))
        report.turns += 1
        lines = diff_json(rs_old.state_json(old_state), rs_new.state_json(new_state), names=("recorded", "variant"))
        if lines:
            report.changes.append(TurnChange(turn, lines))
    return report


def _event(game: str, draft: Draft) -> Event:
    return Event(game, 0, draft.type, draft.turn, draft.actor, draft.payload, draft.cause, "", "", "")
