"""JSONL import and export: one event per line, every problem reported with its line number and field.

A line may leave out `seq`, `prev`, `at` and `hash`; `chain` fills them in. A line without `at` takes the previous
line's `at` (the first such line takes the import time), so a hand-written log imports the same way every time.
Fields a line does carry must agree with the chain. Exports never include the per-game dice seeds.
"""

from __future__ import annotations

import array
import hashlib
import itertools
import json
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any

import duckdb
from pydantic import AliasPath, BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticError
from pydantic_core import from_json

from eventlog.envelope import (
    GENESIS,
    Event,
    canonical_json,
    duplicate_key,
    gc_paused,
    make_event,
    payload_hash,
    surely_canonical,
)
from eventlog.errors import ValidationError
from eventlog.shapes import core_payload_problems as core_payload_problems  # its home before shapes.py
from eventlog.store import _SEEN_TEXT, Store

MAX_INT = 2**63 - 1
"""The largest seq or cause (a BIGINT column)."""
MAX_TURN = 2**31 - 1
"""The largest turn (an INTEGER column)."""
_Id = Annotated[str, Field(max_length=200)]


class RawEvent(BaseModel):
    """One line of a JSONL event log, before chaining; strict types, no unknown keys, every number and string bounded
    (so that nothing overflows a column or a hash set later: each bound is named with its line and field)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(min_length=1, max_length=200)
    type: str = Field(min_length=1, max_length=200)
    turn: int | None = Field(default=None, ge=-MAX_TURN - 1, le=MAX_TURN)
    actor: str | None = Field(default=None, max_length=200)
    payload: dict[str, Any] = Field(default_factory=dict)
    cause: int | None = Field(default=None, ge=-MAX_INT - 1, le=MAX_INT)
    seq: int | None = Field(default=None, ge=-MAX_INT - 1, le=MAX_INT)
    at: str | None = Field(default=None, max_length=64)
    prev: str | None = Field(default=None, max_length=1000)
    hash: str | None = Field(default=None, max_length=1000)
    phase: str | None = Field(default=None, max_length=200)
    visible: list[_Id] | None = Field(default=None, max_length=10_000)
    v: int | None = Field(default=None, ge=-MAX_TURN - 1, le=MAX_TURN)
    """The envelope format: 2, or absent for a v1 line (exported before v2) or a hand-written one."""
    withheld: bool = False
    """The payload was withheld from this export's viewer; `payload_hash` stands for it in the chain."""
    payload_hash: str | None = Field(default=None, max_length=1000)
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
    raw, problems = _parse_numbered(enumerate(lines, 1), source)
    if problems:
        raise ValidationError(problems)
    return raw


def _parse_numbered(lines: Iterable[tuple[int, str]], source: str) -> tuple[list[RawEvent], list[str]]:
    """parse_lines over (line number, text) pairs: the RawEvents and the problems, blank lines skipped."""
    validate = RawEvent.model_validate_json
    raw: list[RawEvent] = []
    problems: list[str] = []
    with gc_paused():
        for number, line in lines:
            if not line or line.isspace():
                continue
            try:
                event = validate(line)
            except PydanticError as error:
                problems.extend(f"{_where(source, number)}: {_phrase(e)}" for e in error.errors(include_url=False))
                continue
            except (ValueError, RecursionError) as error:  # e.g. an integer of more digits than Python converts
                problems.append(f"{_where(source, number)}: not a line battlelog reads ({str(error)[:100]})")
                continue
            core = core_payload_problems(event.type, event.payload)
            repeated = duplicate_key(line) if '"' in line else None
            if repeated is not None:
                core.append(f"key {repeated!r} appears twice in one object (readers would disagree about its value)")
            if core:
                problems.extend(f"{_where(source, number)}: {p}" for p in core)
                continue
            event.__dict__["line"] = number
            raw.append(event)
    return raw, problems


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
            version = raw_version(r)
            if version == 1 and (r.phase is not None or r.visible is not None or r.withheld):
                problems.append(f"{_line(r, events)}: {_V1_EXTRAS}")
            if version not in (1, 2):
                problems.append(f"{_line(r, events)}: {_bad_version(r.v)}")
                version = 2
            visible = None if r.visible is None else tuple(r.visible)
            event = Event(r.game, seq, r.type, r.turn, r.actor, r.payload, r.cause, at, prev, "", r.phase,
                          visible, version)
            digest = event.expected_hash(r.payload_hash if r.withheld else None)
            if r.hash is not None and r.hash != digest:
                problems.append(f"{_line(r, events)}: hash does not match the event's content")
                digest = r.hash
            events.append(Event(r.game, seq, r.type, r.turn, r.actor, r.payload, r.cause, at, prev, digest,
                                r.phase, visible, version))
            last[r.game] = (seq, digest)
    if problems:
        raise ValidationError(problems)
    return events


_V1_EXTRAS = "phase, visible and withheld need an envelope of v 2"


def _bad_version(v: int | None) -> str:
    return f"v is {v}; this battlelog reads envelope versions 1 and 2"


def raw_version(r: RawEvent) -> int:
    """The envelope version of a line: its `v`; a line without `v` is v1 if it carries a hash, else new (v2)."""
    if r.v is not None:
        return r.v
    return 1 if r.hash is not None else 2


def withheld_lines(raw: list[RawEvent]) -> list[RawEvent]:
    """The lines whose payload an export withheld from its viewer."""
    return [r for r in raw if r.withheld]


WITHHELD = "the payload was withheld from this export; import the GM's export"


def refuse_withheld(raw: Iterable[RawEvent]) -> None:
    """Refuse to import lines whose payload was withheld (a viewer's export is for reading and verifying).

    Call it on `parse_lines`' result before `chain` wherever lines are imported; the bulk import calls it itself.
    ValidationError names every such line: "line N: the payload was withheld from this export; import the GM's
    export" ("event N" for RawEvents built in code).
    """
    problems = [f"line {r.line}: {WITHHELD}" if r.line else f"event {k}: {WITHHELD}"
                for k, r in enumerate(raw, 1) if r.withheld]
    if problems:
        raise ValidationError(problems)


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """What `verify_lines` found: every line verified."""

    events: int
    """How many events (non-blank lines) were verified."""
    withheld: dict[str, list[int]]
    """Each game (in order of first appearance) → the seqs whose payload the export withheld (often none)."""
    heads: dict[str, tuple[int, str]]
    """Each game → (seq, hash) of its last event: compare the hash with the GM's published head."""


def verify_lines(text: str | bytes, *, source: str = "<stdin>") -> VerifyReport:
    """Verify an exported JSONL log offline (no database): each game's chain from its genesis, line by line.

    Every line must be exported (carry seq, prev, at and hash); each game must start at seq 1 from the genesis
    hash and run on without gaps; every hash must match its line, v1 or v2; a withheld payload (a viewer's export)
    is checked through its `payload_hash` and must be empty. No game rules are checked. ValidationError lists
    every problem found, each named by its line, in line order (the first names the first bad line).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValidationError(f"{source}: not valid UTF-8 ({error.reason} at byte {error.start})") from error
    raw = parse_lines(text.splitlines(), source=source)
    problems = []
    for r in raw:
        missing = [name for name in ("seq", "prev", "at", "hash") if getattr(r, name) is None]
        if missing:
            problems.append(f"line {r.line}: not an exported line (no {', '.join(missing)})")
        if r.withheld and r.payload_hash is None:
            problems.append(f"line {r.line}: the payload is withheld but its payload_hash is missing")
        if r.withheld and r.payload:
            problems.append(f"line {r.line}: a withheld payload must be empty (the chain does not cover it)")
        if not r.withheld and r.payload_hash is not None:
            problems.append(f"line {r.line}: payload_hash goes only with a withheld payload")
    if problems:
        raise ValidationError(problems)
    events = chain(raw, head=None, now="")
    withheld: dict[str, list[int]] = {}
    heads: dict[str, tuple[int, str]] = {}
    for r, event in zip(raw, events, strict=True):
        seqs = withheld.setdefault(event.game, [])
        if r.withheld:
            seqs.append(event.seq)
        heads[event.game] = (event.seq, event.hash)
    return VerifyReport(len(events), withheld, heads)


def _line(raw: RawEvent, before: list[Event]) -> str:
    """'line N' for a parsed line, 'event N' for one built in code."""
    return f"line {raw.line}" if raw.line else f"event {len(before) + 1}"


_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def export_lines(events: Iterable[Event], viewer: str | None = "gm") -> Iterator[str]:
    """One canonical JSON line per event; U+0085, U+2028 and U+2029 escaped so no line splitter breaks it.

    With a `viewer` other than "gm", a v2 event's payload the viewer may not see is withheld: the line carries
    `"withheld": true` and the payload's hash instead of the payload, and still verifies.
    """
    for event in events:
        data = event.to_dict()
        if event.v >= 2 and not event.seen_by(viewer):
            data.update(payload={}, withheld=True, payload_hash=payload_hash(canonical_json(event.payload)))
        text = canonical_json(data)
        if not text.isascii() and ("\u2028" in text or "\u2029" in text or "\x85" in text):
            text = text.translate(_LINE_BREAKS)
        yield text


# --- the bulk import of exported logs, verified in bulk -----------------------------------------------------------
#
# An exported line is canonical JSON of the whole envelope: keys sorted, no spaces, so a v1 line reads
#   {"actor":…,"at":…,"cause":…,"game":…,"hash":"<64 hex>","payload":{…},"prev":"<64 hex>","seq":…,"turn":…,"type":…}
# and a v2 line
#   {"actor":…,"at":…,"cause":…,"game":…,"hash":"<64 hex>","payload":{…},"phase":…,"prev":"<64 hex>","seq":…,
#    "turn":…,"type":…,"v":2,"visible":…}
# The canonical envelope that a v1 hash covers is the line with its `,"hash":"<64 hex>"` cut out; a v2 hash covers
# the same with the payload replaced by `"<its sha256 hex>"`, the payload being the bytes from after `,"payload":`
# to the last `,"phase":` before `,"prev":"` (phase is null or a string, which cannot hold `,"phase":`; the
# payload may). A line is v2 when `,"v":` follows its `,"turn":` (no string there can hold it). So:
# - Python checks every hash with one sha256 over the line's own bytes (two for v2: the payload, then the
#   envelope; hashlib uses the CPU's SHA instructions) and every link (seq and prev, per game, in line order),
#   reading them at their fixed places in the line;
# - at the same time, in DuckDB (which runs without the GIL, on the other core), SQL parses every line, rebuilds
#   it from the values it read, in canonical form (v1 if it has no `v`, v2 if `v` is 2, else none), and compares
#   it with the line byte for byte: so the values stored are exactly those hashed, the version stored is the one
#   hashed, and the line is one of the exact kind whose fixed places Python read.
# A line either refuses (another spelling of the same JSON, an escaped U+2028 from `export_lines`, a blank line
# with other than ASCII spaces, a typo, a doctored payload, a withheld payload) is re-checked in Python exactly as
# `parse_lines` and `chain` check it, and fails the import only if it fails there, named by its line. A line
# whose payload was withheld (a viewer's export) always fails: it can be verified (`verify_lines`), not imported.
#
# What SQL cannot see: the payload is compared with DuckDB's own serialisation of it, which keeps keys in the
# order (and the repeats) the line has them, and spells a float its own way. So a line whose hash was computed over
# its own text (v1) or its own payload text's sha256 (v2) with payload keys out of order, repeated, or a float
# spelt as DuckDB spells it (no battlelog export is written so: it takes a hash made by hand) passes
# `import_exported`, while `chain` would refuse it. `battlelog import` (`Staged.events`, which parses every payload
# anyway for the rules) re-serialises each payload as `chain` does and refuses such a line.

_OTHER_BREAKS = (b"\r", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e")
"""ASCII characters str.splitlines also breaks lines at (U+0085, U+2028 and U+2029 are looked for in SQL)."""

_HASH_KEY, _PREV_KEY, _GAME_KEY = b',"hash":"', b',"prev":"', b',"game":'
_AFTER_HASH, _AFTER_PREV, _TURN_KEY = b'","payload":', b'","seq":', b',"turn":'
_PHASE_KEY, _V_KEY, _PAYLOAD_HASHED = b',"phase":', b',"v":', b',"payload":"'

_FIELDS = ("['$.actor', '$.at', '$.cause', '$.game', '$.hash', '$.payload', '$.prev', '$.seq', '$.turn', '$.type', "
           "'$.phase', '$.v', '$.visible']")
_CHECK_SQL = """
WITH parsed AS (
    SELECT n, line, TRY(json_extract_string(line, {fields})) AS f
    FROM (SELECT n, TRY(decode(line)) AS line FROM {lines})
), typed AS (
    SELECT n, line, f, f[4] AS game, TRY_CAST(f[8] AS BIGINT) AS seq, f[10] AS type,
        TRY_CAST(f[9] AS INTEGER) AS turn, f[1] AS actor, f[6] AS payload, TRY_CAST(f[3] AS BIGINT) AS cause,
        f[2] AS "at", f[7] AS prev, f[5] AS hash, f[11] AS phase, f[13] AS visible,
        CASE WHEN f[12] IS NULL THEN 1 WHEN f[12] = '2' THEN 2 END AS v
    FROM parsed
)
SELECT n, game, seq, type, turn, actor, payload, cause, "at", prev, hash, phase, visible, v,
    coalesce(line = '{{"actor":' || coalesce(to_json(actor)::VARCHAR, 'null') || ',"at":' || to_json("at")::VARCHAR
                    || ',"cause":' || coalesce(f[3], 'null') || ',"game":' || to_json(game)::VARCHAR
                    || ',"hash":' || to_json(hash)::VARCHAR || ',"payload":' || payload
                    || CASE WHEN v = 2 THEN ',"phase":' || coalesce(to_json(phase)::VARCHAR, 'null') ELSE '' END
                    || ',"prev":' || to_json(prev)::VARCHAR || ',"seq":' || f[8] || ',"turn":' || coalesce(f[9], 'null')
                    || ',"type":' || to_json(type)::VARCHAR
                    || CASE WHEN v = 2 THEN ',"v":2,"visible":' || coalesce(visible, 'null') ELSE '' END
                    || '}}' || chr(10)
        AND v IS NOT NULL AND starts_with(payload, '{{') AND game <> '' AND type <> '' AND seq::VARCHAR = f[8]
        AND turn::VARCHAR IS NOT DISTINCT FROM f[9] AND cause::VARCHAR IS NOT DISTINCT FROM f[3]
        AND (visible IS NULL OR visible = to_json(TRY_CAST(TRY_CAST(visible AS JSON) AS VARCHAR[]))::VARCHAR), false)
        AS ok,
    coalesce(contains(line, chr(133)) OR contains(line, chr(8232)) OR contains(line, chr(8233)), false) AS brk
FROM typed
"""
"""Each line (with its "\n") parsed, typed and compared with its canonical form, v1 or v2; `ok` when they are the same.

The payload is DuckDB's own serialisation of the parsed payload (minified, keys in the line's order): a line
whose payload is spelled otherwise (spaces, escapes, number forms) is not `ok`. `visible` must be a list of
strings, `v` absent (v1: phase and visible absent too) or 2. `brk` marks line breaks that str.splitlines would
split the line at."""

_LINKS_SQL = """
SELECT n, game, seq, want_seq, seq <> want_seq AS seq_bad, prev <> want_prev AS prev_bad, NOT ok AS hash_bad FROM (
    SELECT s.n, s.game, s.seq, s.prev, s.ok,
        coalesce(lag(s.seq) OVER w, h.seq) + 1 AS want_seq, coalesce(lag(s.hash) OVER w, h.hash) AS want_prev
    FROM {table} s JOIN {heads} h ON s.game = h.game
    WINDOW w AS (PARTITION BY s.game ORDER BY s.n)
) WHERE seq <> want_seq OR prev <> want_prev OR NOT ok ORDER BY n
"""

def _staged_schema() -> Any:
    """The staging table's columns as an Arrow schema (pyarrow is imported by the bulk import only)."""
    import pyarrow as pa

    return pa.schema([
        ("n", pa.int64()), ("game", pa.string()), ("seq", pa.int64()), ("type", pa.string()), ("turn", pa.int32()),
        ("actor", pa.string()), ("payload", pa.string()), ("cause", pa.int64()), ("at", pa.string()),
        ("prev", pa.string()), ("hash", pa.string()), ("phase", pa.string()), ("visible", pa.string()),
        ("v", pa.int32()), ("ok", pa.bool_()), ("brk", pa.bool_()),
    ])
_EVENT_COLUMNS = 'game, seq, type, turn, actor, payload, cause, "at", prev, hash, phase, visible, v'


class _Lines:
    """Exported JSONL as bytes: the lines (for Python) and the same bytes as an Arrow table (for DuckDB)."""

    def __init__(self, data: bytes, threads: int):
        import pyarrow as pa

        if not data.endswith(b"\n"):
            data += b"\n"
        self.data = data
        self.lines = data.split(b"\n")
        self.lines.pop()
        count = len(self.lines)
        small = len(data) < 2**31 - 1
        offsets = array.array("i" if small else "q", [0])
        offsets.extend(itertools.accumulate(len(line) + 1 for line in self.lines))
        # Each Arrow value is a line with its "\n", read in place from `data` (no copy); cut into one chunk per
        # DuckDB thread, so that DuckDB reads them in parallel.
        kind = pa.binary() if small else pa.large_binary()
        column = pa.Array.from_buffers(kind, count, [None, pa.py_buffer(offsets), pa.py_buffer(data)])
        numbers = pa.array(range(1, count + 1), pa.int64())
        size = max(1, -(-count // max(1, threads)))
        self.table = pa.table({
            "n": pa.chunked_array([numbers.slice(i, size) for i in range(0, count, size)], pa.int64()),
            "line": pa.chunked_array([column.slice(i, size) for i in range(0, count, size)], kind),
        })


def _exported_lines(store: Store, data: str | bytes) -> _Lines | None:
    """The text as `_Lines`, or None when it must take the plain way (not UTF-8 text; other line breaks)."""
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            return None
    if any(brk in data for brk in _OTHER_BREAKS):
        return None
    threads = int(store.con.execute("SELECT current_setting('threads')").fetchall()[0][0])
    return _Lines(data, threads)


class _Scan:
    """What Python reads off the lines at their fixed places: hashes and links checked, in line order.

    `suspects`: lines to look at carefully (not of the exact exported shape, hash or link wrong); `unverified`:
    those among them whose hash was not found to match (not of the shape, or a wrong hash); `blanks`: how many
    lines are empty or ASCII spaces; `firsts`: for each game (its JSON text), the first line's seq, prev, number.
    """

    def __init__(self) -> None:
        self.suspects: list[int] = []
        self.unverified: list[int] = []
        self.blanks = 0
        self.firsts: dict[bytes, tuple[int, str, int]] = {}
        self.error: BaseException | None = None

    def run(self, lines: list[bytes]) -> None:
        """Scan the lines (in a thread, while DuckDB works on the same lines); an error is kept for the caller."""
        try:
            self._run(lines)
        except BaseException as error:  # re-raised by _scan_while: a scan that stopped must not pass
            self.error = error

    def _run(self, lines: list[bytes]) -> None:
        sha256 = hashlib.sha256
        suspect, unverified = self.suspects.append, self.unverified.append
        lasts: dict[bytes, tuple[int, bytes]] = {}
        for n, line in enumerate(lines, 1):
            h = line.find(_HASH_KEY)
            p = line.rfind(_PREV_KEY)
            g = line.find(_GAME_KEY, 0, h)
            t = line.find(_TURN_KEY, p)
            if h < 0 or p < h or g < 0 or t < 0 or line[h + 73:h + 85] != _AFTER_HASH \
                    or line[p + 73:p + 81] != _AFTER_PREV:
                if line.strip():
                    suspect(n)
                    unverified(n)
                else:
                    self.blanks += 1
                continue
            prev, hash_ = line[p + 9:p + 73], line[h + 9:h + 73]
            if line.find(_V_KEY, t) < 0:  # v1: the envelope is the line without its hash
                envelope = line[:h] + line[h + 74:]
            else:  # v2: the payload (up to the top-level phase) stands as its sha256
                ph = line.rfind(_PHASE_KEY, h + 85, p)
                if ph < 0:
                    suspect(n)
                    unverified(n)
                    continue
                envelope = line[:h] + _PAYLOAD_HASHED + sha256(line[h + 85:ph]).hexdigest().encode() + b'"' + line[ph:]
            if sha256(prev + envelope).hexdigest().encode() != hash_:
                suspect(n)
                unverified(n)
                continue
            try:
                seq = int(line[p + 81:t])
            except ValueError:
                suspect(n)
                continue
            game = line[g + 8:h]
            last = lasts.get(game)
            if last is None:
                self.firsts[game] = (seq, prev.decode("ascii", "replace"), n)
            elif seq != last[0] + 1 or prev != last[1]:
                suspect(n)
            lasts[game] = (seq, hash_)


def _scan_while(lines: _Lines, work: Callable[[], Any]) -> tuple[_Scan, Any]:
    """Scan the lines in a thread while `work()` (DuckDB, which lets go of the GIL) runs here."""
    scan = _Scan()
    thread = threading.Thread(target=scan.run, args=(lines.lines,), name="battlelog-scan")
    with gc_paused():
        thread.start()
        try:
            result = work()
        finally:
            thread.join()
    if scan.error is not None:
        raise scan.error
    return scan, result


class Staged:
    """Exported JSONL lines parsed into a DuckDB temp table, every hash checked (see `stage_exported`).

    `games` lists the games in the order they first appear. Use it as a context manager: the temp table goes
    when the block ends.
    """

    def __init__(self, store: Store, table: str, games: list[str], source: str, lines: int):
        self.store, self.table, self.games, self.source, self.lines = store, table, games, source, lines
        self.envelope_problems: list[tuple[int, str, str]] = []
        """(line, game, problem) of re-checked lines whose envelope version does not fit (see `chain`)."""
        self.payload_notes: dict[int, str] = {}
        """line -> why its payload text is refused (a repeated key): said instead of "hash does not match"."""
        self.core_problems: list[str] = []
        """Problems with the log's own payload fields (`core_payload_problems`) found by `events`."""

    def __enter__(self) -> Staged:
        return self

    def __exit__(self, *exc: object) -> None:
        self.drop()

    def drop(self) -> None:
        """Forget the staged lines."""
        self.store.con.execute(f"DROP TABLE IF EXISTS {self.table}")

    def count(self, game: str | None = None) -> int:
        """How many events are staged (for one game, or all)."""
        where, params = ("", []) if game is None else (" WHERE game = ?", [game])
        return self.store.con.execute(f"SELECT count(*) FROM {self.table}{where}", params).fetchall()[0][0]

    def problems(self, games: list[str] | None = None) -> list[str]:
        """`chain`'s problems with the staged lines of `games` (all by default), continuing each game as stored.

        In line order and, for each line, in `chain`'s order: a seq that does not continue its game, a prev that is
        not the hash before it, an envelope version that does not fit the line, a hash that does not match its
        line (already re-checked in Python).
        """
        games = self.games if games is None else games
        tips = [self.store.tip(game) for game in games]
        import pyarrow as pa

        heads = pa.table({"game": games, "seq": [seq for seq, _ in tips], "hash": [hash_ for _, hash_ in tips]},
                         schema=pa.schema([("game", pa.string()), ("seq", pa.int64()), ("hash", pa.string())]))
        name = f"{self.table}_heads"
        self.store.con.register(name, heads)
        try:
            rows = self.store.con.execute(_LINKS_SQL.format(table=self.table, heads=name)).fetchall()
        finally:
            self.store.con.unregister(name)
        problems: list[tuple[int, int, str]] = []
        for n, game, seq, want_seq, seq_bad, prev_bad, hash_bad in rows:
            if seq_bad:
                problems.append((n, 0, f"line {n}: seq is {seq} but game {game} continues at seq {want_seq}"))
            if prev_bad:
                problems.append((n, 1, f"line {n}: prev does not match the hash of the event before it"))
            if hash_bad:
                problems.append((n, 3, self.payload_notes.get(n, f"line {n}: hash does not match the event's content")))
        wanted = set(games)
        problems += [(n, 2, problem) for n, game, problem in self.envelope_problems if game in wanted]
        return [problem for _, _, problem in sorted(problems, key=lambda item: item[:2])]

    def events(self, game: str) -> list[Event]:
        """The game's staged events, payloads parsed, each payload checked to be exactly its canonical JSON.

        SQL knows each payload is written as DuckDB would write it, not that its keys are sorted; here, where the
        payloads are parsed anyway (for the rules), a payload written otherwise is re-hashed from its canonical
        JSON, as `chain` hashes it: if that hash matches, the canonical text is what gets stored; if not, the line
        is marked, and `problems` then names it ("hash does not match"). Call this before `problems`.
        """
        # Streamed in batches (the batch's columns as lists, one batch at a time): the rows are never all in
        # memory at once beside the events made from them. Nothing else runs on the connection meanwhile.
        # The payload comes as its UTF-8 bytes (`encode`): parsed and compared as they are, never made a str and
        # encoded back.
        reader = self.store.con.sql(f'SELECT n, seq, type, turn, actor, encode(payload), cause, "at", prev, hash, '
                                    f"phase, visible, v FROM {self.table} WHERE game = ? ORDER BY n",
                                    params=[game]).to_arrow_reader(8192)
        events: list[Event] = []
        fixed: list[tuple[str, bool, int]] = []
        seen: set[bytes] = set()
        rows = (row for batch in reader for row in zip(*(column.to_pylist() for column in batch.columns), strict=True))
        with gc_paused():
            for n, seq, type_, turn, actor, blob, cause, at, prev, hash_, phase, visible, v in rows:
                event = make_event(game, seq, type_, turn, actor, _payload_of(blob), cause, at, prev, hash_, phase,
                                   None if visible is None else tuple(json.loads(visible)), v)
                canonical = None  # the payload's canonical text, where the stored one is not it
                if blob in seen:  # found canonical already (a game repeats its short orders and rolls)
                    pass
                elif surely_canonical(blob, event.payload):
                    if len(blob) <= _SEEN_TEXT:
                        seen.add(blob)
                else:
                    written = canonical_json(event.payload)
                    if written.encode("utf-8") != blob:
                        canonical = written
                    elif len(blob) <= _SEEN_TEXT:
                        seen.add(blob)
                if canonical is not None:
                    repeated = duplicate_key(blob)
                    matches = event.expected_hash() == hash_ and repeated is None
                    fixed.append((canonical, matches, n))
                    if repeated is not None:  # said as parse_lines says it
                        self.payload_notes[n] = (f"{_where(self.source, n)}: key {repeated!r} appears twice in one "
                                                 "object (readers would disagree about its value)")
                core = core_payload_problems(type_, event.payload)
                if core:
                    self.core_problems += [f"{_where(self.source, n)}: {p}" for p in core]
                events.append(event)
        if self.core_problems:
            raise ValidationError(self.core_problems)
        if fixed:
            self.store.con.executemany(f"UPDATE {self.table} SET payload = ?, ok = ok AND ? WHERE n = ?",
                                       [list(row) for row in fixed])
        return events

    def insert(self, games: list[str] | None = None) -> int:
        """Insert the staged events of `games` (all by default) in one transaction, in line order."""
        games = self.games if games is None else games
        if not games:
            return 0
        firsts = {game: (seq, prev) for game, seq, prev in self.store.con.execute(
            f"SELECT game, arg_min(seq, n), arg_min(prev, n) FROM {self.table} GROUP BY game").fetchall()}
        where = " WHERE game IN (" + ", ".join("?" * len(games)) + ")"
        return self.store.import_rows(f"SELECT {_EVENT_COLUMNS} FROM {self.table}{where} ORDER BY n", games,
                                      {game: firsts[game] for game in games}, _EVENT_COLUMNS)


def stage_exported(store: Store, data: str | bytes, *, source: str = "<stdin>") -> Staged | None:
    """Parse and hash-check exported JSONL text in bulk (see the comment above); None if it is not an export.

    Every non-blank line must carry seq, prev, at and hash; if one does not (a hand-written log), or the text
    breaks lines elsewhere than at "\n" (where str.splitlines would also break it), this returns None and the
    caller takes the plain way: `parse_lines`, `chain`. Lines that do not parse raise the ValidationError
    `parse_lines` would raise. Links between lines are checked by `Staged.problems`.
    """
    lines = _exported_lines(store, data)
    return None if lines is None else _stage(store, lines, source)


def _stage(store: Store, lines: _Lines, source: str, scan: _Scan | None = None) -> Staged | None:
    """stage_exported once the text is cut into lines (and perhaps scanned already)."""
    con = store.con
    table = f"_staged_{next(_serial)}"
    con.register(f"{table}_lines", lines.table)
    try:
        def create() -> None:
            """The staging table: every line parsed, typed and compared with its canonical form."""
            con.execute(f"CREATE TEMP TABLE {table} AS " + _CHECK_SQL.format(fields=_FIELDS, lines=f"{table}_lines"))
        if scan is None:
            scan, _ = _scan_while(lines, create)
        else:
            create()
    finally:
        con.unregister(f"{table}_lines")
    staged = Staged(store, table, [], source, len(lines.lines))
    try:
        if con.execute(f"SELECT bool_or(brk) FROM {table}").fetchall()[0][0]:
            staged.drop()
            return None
        if scan.unverified:  # SQL may find a line exact whose hash Python could not check: re-check it
            con.execute(f"UPDATE {table} SET ok = false WHERE list_contains(?, n)", [scan.unverified])
        refused = [n for (n,) in con.execute(f"SELECT n FROM {table} WHERE NOT ok ORDER BY n").fetchall()]
        if refused and not _recheck(staged, [(n, lines.lines[n - 1]) for n in refused]):
            staged.drop()
            return None
        staged.games = [game for (game,) in con.execute(
            f"SELECT game FROM {table} GROUP BY game ORDER BY min(n)").fetchall()]
    except BaseException:
        staged.drop()
        raise
    return staged


def _recheck(staged: Staged, refused: list[tuple[int, bytes]]) -> bool:
    """Re-check the lines SQL refused, as parse_lines and chain would; False if one is not an exported line."""
    texts: list[tuple[int, str]] = []
    problems: list[str] = []
    for n, line in refused:
        try:
            texts.append((n, line.decode("utf-8")))
        except UnicodeDecodeError as error:
            problems.append(f"{_where(staged.source, n)}: not valid UTF-8 ({error.reason} at byte {error.start})")
    raw, parse_problems = _parse_numbered(texts, staged.source)
    if any(r.seq is None or r.prev is None or r.at is None or r.hash is None for r in raw):
        return False
    problems += parse_problems
    if problems:
        raise ValidationError(sorted(problems, key=_line_number))
    refuse_withheld(raw)
    rows = []
    for r in raw:
        version = raw_version(r)
        if version == 1 and (r.phase is not None or r.visible is not None):
            staged.envelope_problems.append((r.line, r.game, f"line {r.line}: {_V1_EXTRAS}"))
        if version not in (1, 2):
            staged.envelope_problems.append((r.line, r.game, f"line {r.line}: {_bad_version(r.v)}"))
            version = 2
        visible = None if r.visible is None else tuple(r.visible)
        event = make_event(r.game, r.seq, r.type, r.turn, r.actor, r.payload, r.cause, r.at, r.prev, r.hash,
                           r.phase, visible, version)
        rows.append((r.line, r.game, r.seq, r.type, r.turn, r.actor, canonical_json(r.payload), r.cause, r.at,
                     r.prev, r.hash, r.phase, None if visible is None else canonical_json(r.visible), version,
                     event.expected_hash() == r.hash, False))
    con, table = staged.store.con, staged.table
    con.execute(f"DELETE FROM {table} WHERE NOT ok")
    if rows:
        import pyarrow as pa

        schema = _staged_schema()
        fixed = pa.table(dict(zip(schema.names, zip(*rows, strict=True), strict=True)), schema=schema)
        con.register(f"{table}_fixed", fixed)
        try:
            con.execute(f"INSERT INTO {table} SELECT * FROM {table}_fixed")
        finally:
            con.unregister(f"{table}_fixed")
    return True


def _payload_of(text: str) -> Any:
    """Parse a payload's JSON text (pydantic-core's parser; json.loads for what it refuses)."""
    try:
        return from_json(text)
    except ValueError:
        return json.loads(text)


def _line_number(problem: str) -> int:
    """The line number a problem message names (for sorting problems into line order)."""
    match = re.search(r"line (\d+)", problem)
    return int(match.group(1)) if match else 0


_serial = itertools.count(1)


def import_exported(store: Store, data: str | bytes, *, source: str = "<stdin>") -> int | None:
    """The log layer's bulk import: exported JSONL → every hash and link verified → DuckDB, in one transaction.

    What `Store.import_events(chain(parse_lines(lines), head=...))` does, for a whole exported log, in bulk: no
    game rules are checked (that is `battlelog import`). Games continue as stored (a new game from seq 1).
    Lines may be envelope v1 or v2, mixed (a game begun before v2 and continued after it); phase, visible and v
    are stored as `chain` gives them. Returns how many events were imported, or None when the text is not an
    export (then take the plain way, with `refuse_withheld`). ValidationError lists the problems by line, and
    nothing is imported; a line whose payload was withheld (a viewer's export) is one (`refuse_withheld`).

    The common case takes one pass: DuckDB checks and inserts every line inside a transaction while Python
    checks the hashes and links; it commits only if both found nothing to look at. Otherwise it rolls back and
    stages the lines to re-check the doubtful ones one by one (`stage_exported`). Payload key order is not
    re-checked (see the comment above `_OTHER_BREAKS`): a hash made by hand over unsorted keys passes here.
    """
    lines = _exported_lines(store, data)
    if lines is None:
        return None
    con = store.con
    name = f"_import_{next(_serial)}"

    def insert() -> int:
        """Insert the lines SQL finds exact, in one open transaction."""
        con.execute("BEGIN TRANSACTION")
        checked = _CHECK_SQL.format(fields=_FIELDS, lines=name)
        return con.execute(f"INSERT INTO events ({_EVENT_COLUMNS}) SELECT {_EVENT_COLUMNS} FROM ({checked}) "
                           "WHERE ok AND NOT brk").fetchall()[0][0]

    con.register(name, lines.table)
    try:
        try:
            scan, inserted = _scan_while(lines, insert)
        except duckdb.Error:  # e.g. a seq already in the log: the careful way names the line
            store.rollback()
            scan, inserted = None, -1
        except BaseException:
            store.rollback()
            raise
    finally:
        con.unregister(name)
    if scan is not None:
        try:
            clean = not scan.suspects and inserted == len(lines.lines) - scan.blanks and _continues(store, scan.firsts)
        except BaseException:
            store.rollback()
            raise
        if not clean:
            store.rollback()
        else:
            game = next(iter(scan.firsts), b'""')
            store.commit(json.loads(game), scan.firsts[game][0] if scan.firsts else 0)
            return inserted
    staged = _stage(store, lines, source, scan)
    if staged is None:
        return None
    with staged:
        problems = staged.problems()
        if problems:
            raise ValidationError(problems)
        return staged.insert()


def _continues(store: Store, firsts: dict[bytes, tuple[int, str, int]]) -> bool:
    """Whether each game's first line continues the game as stored (inside the import's open transaction)."""
    for game_json, (seq, prev, _) in firsts.items():
        try:
            game = json.loads(game_json)
        except ValueError:
            return False
        if seq == 1:
            if prev != GENESIS:
                return False
            continue
        rows = store.con.execute("SELECT hash FROM events WHERE game = ? AND seq = ?", [game, seq - 1]).fetchall()
        if not rows or rows[0][0] != prev:
            return False
    return True
