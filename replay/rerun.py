"""Rerun: re-resolve a recorded game under another ruleset version or a variant (house rules), turn by turn."""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eventlog.envelope import Draft, Event
from eventlog.errors import ValidationError
from eventlog.store import payload_equals
from replay.audit import diff_json
from replay.context import run
from replay.fold import WHOLE, Game, fold_events, game_from_events, initial_state, resolution_steps, turn_inputs


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
    variant_result: Any = None
    """The variant's `result` where it first could not play a recorded turn (`lost_at`), or after the last one."""
    lost_at: int | None = None

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
    """Per-turn state differences between the recorded game and the same inputs under other rules.

    Turns are aligned by number and their steps by phase. Where the variant cannot resolve a turn (it is over, or
    the recorded inputs do not answer what it asks), or a phase has other steps, that is a structural divergence:
    it is reported and the rerun goes on from the recorded state of the next turn."""
    variant = game_from_events(game.events, ruleset_key=ruleset_key,
                               options={**game.options.model_dump(), **(options or {})})
    rs_old, rs_new = game.ruleset, variant.ruleset
    old_opts, new_opts = game.options.model_dump(mode="json"), variant.options.model_dump(mode="json")
    changed = ", ".join(f"{k} = {json.dumps(new_opts[k])} (was {json.dumps(old_opts.get(k))})"
                        for k in new_opts if new_opts[k] != old_opts.get(k))
    report = RerunReport(game.id, rs_old.key, f"{rs_new.key}" + (f" with {changed}" if changed else ""), new_opts)
    old_state, new_state = initial_state(game), initial_state(variant)
    # Under the same ruleset, whose reducer reads only an event's type, turn and payload (`evolve_reads`), a turn that
    # starts from equal states and where the variant gives the log's very steps ends in equal states: the recorded
    # one is the variant's, not folded again.
    reads = getattr(rs_old, "evolve_reads", None)
    same_reducer = rs_old is rs_new and reads is not None and reads <= {"type", "turn", "payload"}
    types = rs_old.resolution_types
    for turn in [t for t in game.index.order if t in game.index.closed]:
        events = game.index.by_turn[turn]
        recorded_steps: list[Event] = []  # the steps of its events but corrections (`resolution_steps` of each)
        corrected = False
        for e in events:
            if e.type in types:
                recorded_steps.append(e)
            elif e.type == "correction":
                corrected = True
            elif e.type in WHOLE:
                recorded_steps += resolution_steps(rs_old, e)
        aligned = same_reducer and not corrected and (old_state is new_state or old_state == new_state)
        old_before, after = old_state, None
        lines: list[str] = []
        lost = True
        if rs_new.current_turn(new_state) != turn:
            lines.append(f"structural: under the variant turn {turn} is not played "
                         f"(its next turn is {rs_new.current_turn(new_state)})")
        else:
            stop = run(rs_new.resolve, rs_new.evolve, new_state, turn, turn_inputs(game, turn), variant.options,
                       game.id)
            if stop.requests or stop.error:
                why = stop.error or "; ".join(f"waiting for {r.text()}" for r in stop.requests)
                lines.append(f"structural: the variant cannot resolve turn {turn} from the recorded inputs: {why}")
            else:
                lines += _phase_lines(recorded_steps, list(stop.drafts))
                new_state, lost = stop.state, False
                report.turns += 1
                if aligned and _same_steps(recorded_steps, stop.drafts):
                    after = new_state
        old_state = after if after is not None else fold_events(rs_old, old_before, events)
        if lost and report.lost_at is None:
            report.lost_at, report.variant_result = turn, rs_new.state_json(new_state).get("result")
        if lost:
            new_state = _resync(rs_old, rs_new, old_state)  # go on from the recorded state
        if rs_old is not rs_new or (old_state is not new_state and old_state != new_state):
            # equal states have equal JSON: no line (most turns; the same state object where the variant's steps
            # were the log's)
            lines += diff_json(rs_old.state_json(old_state), rs_new.state_json(new_state),
                               names=("recorded", "variant"))
        if lines:
            report.changes.append(TurnChange(turn, lines))
    if report.lost_at is None:
        report.variant_result = rs_new.state_json(new_state).get("result")
    return report


def _same_steps(recorded: list[Event], computed: tuple[Draft, ...]) -> bool:
    """Whether the variant gave the log's very steps: the same types, turns and payloads, in order."""
    return len(recorded) == len(computed) and all(s.type == d.type and s.turn == d.turn
                                                  and payload_equals(s, d.payload)
                                                  for s, d in zip(recorded, computed, strict=True))


def _phase_lines(recorded: list[Event], computed: list[Draft]) -> list[str]:
    """Phases whose steps differ in number or kind between the log and the variant."""
    if len(recorded) == len(computed) and all(s.phase == d.phase and s.type == d.type
                                              for s, d in zip(recorded, computed, strict=True)):
        return []  # the same steps in the same phases, in order (most turns): no phase differs

    def per_phase(items: list[Any]) -> dict[str | None, list[str]]:
        out: dict[str | None, list[str]] = {}
        for item in items:
            out.setdefault(item.phase, []).append(item.type)
        return out

    old, new = per_phase(recorded), per_phase(computed)
    lines = []
    for phase in list(old) + [p for p in new if p not in old]:
        a, b = old.get(phase, []), new.get(phase, [])
        if a != b:
            where = f"phase {phase}" if phase is not None else "steps"
            lines.append(f"structural: {where}: recorded {len(a)} ({', '.join(a) or 'none'}), "
                         f"variant {len(b)} ({', '.join(b) or 'none'})")
    return lines


def _resync(rs_old: Any, rs_new: Any, old_state: Any) -> Any:
    return old_state if rs_old is rs_new else rs_new.state_from_json(rs_old.state_json(old_state))
