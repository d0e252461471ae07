"""JSONL import and export: one event per line, every problem reported with its line number and field.

A line may leave out `seq`, `prev`, `at` and `hash`; `chain` fills them in. A line without `at` takes the previous
line's `at` (the first such line takes the import time), so a hand-written log imports the same way every time.
Fields a line does carry must agree with the chain. Exports never include the per-game dice seeds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import AliasPath, BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticError

from eventlog.envelope import GENESIS, Event, canonical_envelope, canonical_json, envelope_hash, gc_paused
from eventlog.errors import ValidationError


class RawEvent(BaseModel):
    """One line of a JSONL event log, before chaining; strict types, no unknown keys."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(min_length=1)
    type: str = Field(min_length=1)
    turn: int | None = None
    actor: str | None = None
    payload: dict[str, Any] = Field(default_factory=dict)
    cause: int | None = None
    seq: int | None = None
    at: str | None = None
    prev: str | None = None
    hash: str | None = None
    line: int = Field(default=0, exclude=True, validation_alias=AliasPath("\x00", 0))
    """The source line (0 when built in code); set by parse_lines, never read from a line ("line" is refused)."""


def _phrase(error: dict[str, Any]) -> str:
    """One pydantic error as 'field: message' (or 'not valid JSON (...)')."""
    if error["type"] == "json_invalid":
        return f"not valid JSON ({error['msg'].removeprefix('Invalid JSON: ')})"
    if error["type"] == "model_type":
        return "expected a JSON object with game, type and payload"
    field = ".".join(str(part) for part in error["loc"])
    return f"{field}: {error['msg']}" if field else error["msg"]


def parse_lines(lines: Iterable[str], *, source: str = "<stdin>") -> list[RawEvent]:
    """Validate JSONL lines into RawEvents; ValidationError lists every problem as 'source line N: field: msg'."""
    validate = RawEvent.model_validate_json
    raw: list[RawEvent] = []
    problems: list[str] = []
    with gc_paused():
        for number, line in enumerate(lines, 1):
            if not line or line.isspace():
                continue
            try:
                event = validate(line)
            except PydanticError as error:
                problems.extend(f"{_where(source, number)}: {_phrase(e)}" for e in error.errors(include_url=False))
                continue
            event.__dict__["line"] = number
            raw.append(event)
    if problems:
        raise ValidationError(problems)
    return raw


def _where(source: str, line: int) -> str:
    """'line N' or 'file line N' for problem messages."""
    return f"line {line}" if source == "<stdin>" else f"{source} line {line}"


def chain(raw: list[RawEvent], *, head: Event | None, now: str) -> list[Event]:
    """Give each line its seq, prev, at and hash, continuing from `head` for its game; check those it carries."""
    last: dict[str, tuple[int, str]] = {head.game: (head.seq, head.hash)} if head is not None else {}
    problems: list[str] = []
    events: list[Event] = []
    at = now
    with gc_paused():
        for r in raw:
            seq, prev = last.get(r.game, (0, GENESIS))
            seq += 1
            at = r.at if r.at is not None else at
            if r.seq is not None and r.seq != seq:
                problems.append(f"{_line(r, events)}: seq is {r.seq} but game {r.game} continues at seq {seq}")
                seq = r.seq
            if r.prev is not None and r.prev != prev:
                problems.append(f"{_line(r, events)}: prev does not match the hash of the event before it")
                prev = r.prev
            canonical = canonical_envelope(r.game, seq, r.type, r.turn, r.actor, canonical_json(r.payload),
                                           r.cause, at, prev)
            digest = envelope_hash(prev, canonical)
            if r.hash is not None and r.hash != digest:
                problems.append(f"{_line(r, events)}: hash does not match the event's content")
                digest = r.hash
            events.append(Event(r.game, seq, r.type, r.turn, r.actor, r.payload, r.cause, at, prev, digest))
            last[r.game] = (seq, digest)
    if problems:
        raise ValidationError(problems)
    return events


def _line(raw: RawEvent, before: list[Event]) -> str:
    """'line N' for a parsed line, 'event N' for one built in code."""
    return f"line {raw.line}" if raw.line else f"event {len(before) + 1}"


_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def export_lines(events: Iterable[Event]) -> Iterator[str]:
    """One canonical JSON line per event; U+0085, U+2028 and U+2029 escaped so no line splitter breaks it."""
    for event in events:
        text = canonical_json(event.to_dict())
        if not text.isascii() and ("\u2028" in text or "\u2029" in text or "\x85" in text):
            text = text.translate(_LINE_BREAKS)
        yield text
