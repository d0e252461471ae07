"""The DuckDB event store: one table of events per database file, keyed by (game, seq).

Commands open the file, work and close it; a file locked by another process is retried briefly. Appends are
optimistic: they name the seq they expect to write, and the PRIMARY KEY (game, seq) turns a lost race into a
ConflictError at commit, never a fork. Payloads are stored as canonical JSON text.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import json
import operator
import os
import sys
import time
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from eventlog.fastjson import from_json

try:  # the engine alone: the `duckdb` package around it (its relational API, Arrow scans) is ~4/5 of its import
    import _duckdb as duckdb
except ImportError:  # pragma: no cover - a duckdb that ships no separate engine module
    import duckdb

from eventlog.envelope import (
    _NUMBER_MARKS,
    GENESIS,
    Draft,
    Event,
    Logged,
    canonical_json,
    gc_paused,
    make_event,
    payload_text_problem,
    positional_maker,
    seal,
    surely_canonical,
)
from eventlog.errors import ChainError, ConflictError, DatabaseError, LockedError, ValidationError

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    game VARCHAR NOT NULL, seq BIGINT NOT NULL, type VARCHAR NOT NULL, turn INTEGER, actor VARCHAR,
    payload VARCHAR NOT NULL, cause BIGINT, "at" VARCHAR NOT NULL, prev VARCHAR NOT NULL, hash VARCHAR NOT NULL,
    phase VARCHAR, visible VARCHAR, v INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS secrets (
    game VARCHAR NOT NULL, epoch INTEGER NOT NULL DEFAULT 0, seed BLOB NOT NULL, PRIMARY KEY (game, epoch)
);
CREATE TABLE IF NOT EXISTS checkpoints (
    game VARCHAR NOT NULL, key VARCHAR NOT NULL, seq BIGINT NOT NULL, state VARCHAR NOT NULL,
    after_hash VARCHAR, state_sha VARCHAR,
    PRIMARY KEY (game, key, seq)
);
"""
"""`secrets`: the engine-dice seed of each seed epoch of a game (epoch 0 is the seed game.created commits to; each
`seed.revealed` publishes its epoch's seed and commits to the next). `checkpoints`: folded states, a derived cache;
`after_hash` is the hash of the event the state follows, `state_sha` the sha256 of the state text, so a checkpoint
edited behind battlelog's back, or left over from a rewritten log, is not read."""
_UPGRADE_SECRETS = """
CREATE TABLE _secrets_v2 (
    game VARCHAR NOT NULL, epoch INTEGER NOT NULL DEFAULT 0, seed BLOB NOT NULL, PRIMARY KEY (game, epoch)
);
INSERT INTO _secrets_v2 SELECT game, 0, seed FROM secrets;
DROP TABLE secrets;
ALTER TABLE _secrets_v2 RENAME TO secrets;
"""
"""A database written before seed epochs: each game's one seed becomes its epoch 0."""
_UPGRADE_CHECKPOINTS = """
ALTER TABLE checkpoints ADD COLUMN IF NOT EXISTS after_hash VARCHAR;
ALTER TABLE checkpoints ADD COLUMN IF NOT EXISTS state_sha VARCHAR;
"""
"""A database written before anchored checkpoints: its checkpoints have no hashes, so they are ignored (and
rewritten by the next resolve or import)."""
_CHECKPOINT_COLUMNS = "game, key, seq, state, after_hash, state_sha"

COLUMNS = ("game", "seq", "type", "turn", "actor", "payload", "cause", "at", "prev", "hash", "phase", "visible", "v")
_UPGRADE = """
ALTER TABLE events ADD COLUMN IF NOT EXISTS phase VARCHAR;
ALTER TABLE events ADD COLUMN IF NOT EXISTS visible VARCHAR;
ALTER TABLE events ADD COLUMN IF NOT EXISTS v INTEGER DEFAULT 1;
"""
"""A database written before envelope v2 gains the v2 columns (its events stay v1)."""
_SELECT = "SELECT " + ", ".join(f'"{c}"' for c in COLUMNS) + " FROM events"


def _arrow_schema() -> Any:
    """The events table's columns as an Arrow schema (pyarrow is imported by the bulk paths only)."""
    import duckdb as _package  # noqa: F401 - the package sets up the engine's scans of Arrow tables
    import pyarrow as pa

    return pa.schema([
        ("game", pa.string()), ("seq", pa.int64()), ("type", pa.string()), ("turn", pa.int32()),
        ("actor", pa.string()), ("payload", pa.string()), ("cause", pa.int64()), ("at", pa.string()),
        ("prev", pa.string()), ("hash", pa.string()), ("phase", pa.string()), ("visible", pa.string()),
        ("v", pa.int32()),
    ])

_READ = ('SELECT seq, type, turn, actor, encode(payload) AS payload, cause, "at", prev, hash, phase, visible, v '
         "FROM events")
"""One game's events; payloads as UTF-8 bytes, which pydantic-core parses without a str."""
_SEEN_TEXT = 512
"""Payload texts up to this length that `payload_problems` found canonical are not parsed again in the same game."""
_CHECKPOINT_BATCH = 256
"""Checkpoint rows per INSERT statement of `put_checkpoints`."""
_MAX_SEQ = "SELECT max(seq) FROM events WHERE game = ?"  # ~4x faster than ORDER BY seq DESC LIMIT 1
_ROW_PLACEHOLDERS = "(" + ", ".join("?" * len(COLUMNS)) + ")"
_EDITED = "hash does not match its content (edited behind battlelog's back?)"


def _sql_quoted(column: str) -> str:
    """SQL of a VARCHAR column between double quotes (or null): its JSON string wherever it holds nothing JSON
    escapes (`_PLAIN_SQL` says where)."""
    return f"""coalesce('"' || {column} || '"', 'null')"""


_ENVELOPE_V2_HEAD = ("""prev || '{"actor":' || """ + _sql_quoted("actor") + """ || ',"at":"' || "at" || """
                     """'","cause":' || coalesce(cause::VARCHAR, 'null') || ',"game":' || $2 || ',"payload":"'""")
_ENVELOPE_V2_TAIL = ("""'","phase":' || """ + _sql_quoted("phase") + """ || ',"prev":"' || prev || '","seq":' || """
                     """seq::VARCHAR || ',"turn":' || coalesce(turn::VARCHAR, 'null') || ',"type":"' || type || """
                     """'","v":2,"visible":' || coalesce(visible, 'null') || '}'""")
_ENVELOPE_V1 = ("""prev || '{"actor":' || """ + _sql_quoted("actor") + """ || ',"at":"' || "at" || """
                """'","cause":' || coalesce(cause::VARCHAR, 'null') || ',"game":' || $2 || """
                """',"payload":' || payload || ',"prev":"' || prev || '","seq":' || seq::VARCHAR || """
                """',"turn":' || coalesce(turn::VARCHAR, 'null') || ',"type":"' || type || '"}'""")
_ODD_CHARACTER = r"""'[\x00-\x1f"\\]'"""
"""A character JSON escapes (RE2), which `_sql_quoted` would put between its quotes as it is."""
_PLAIN_VISIBLE = r"""'\[("[^"\\\x00-\x1f]*"(,"[^"\\\x00-\x1f]*")*)?\]'"""
"""A `visible` text that `canonical_json` writes so: a list of strings holding no character JSON escapes."""
_PLAIN_SQL = (f"""NOT regexp_matches(coalesce(actor, '') || "at" || type || coalesce(phase, ''), {_ODD_CHARACTER}) """
              f"AND (visible IS NULL OR regexp_full_match(visible, {_PLAIN_VISIBLE}))")
"""Where the quoted columns hold no character JSON escapes (`"`, backslash, U+0000-U+001F) and `visible` is a list of
such strings written as `canonical_json` writes it: there the envelope built by SQL is `canonical_envelope_v2`'s
(or `canonical_envelope`'s) text exactly. (`prev` is not looked at: a row passes only when its prev is the hash
before it, which passed as a sha256 in hex, or the genesis hash.)"""

_VERIFY_SUMMARY = f"""
SELECT count(*), bool_and(v >= 2), bool_and(length(prev) = 64),
    NOT regexp_matches(string_agg(coalesce(actor, '') || "at" || type || coalesce(phase, ''), ''), {_ODD_CHARACTER})
    AND coalesce(bool_and(regexp_full_match(visible, {_PLAIN_VISIBLE})), true)
FROM events WHERE game = $1
"""
"""Of a game's rows: how many, whether every envelope is v2, every prev 64 characters long, and whether every row is
plain (`_PLAIN_SQL`). When all hold, `_verify_both` reads each row's envelope built by SQL (`_VERIFY_FAST`) and its
hash, and checks the links in Python: each envelope's head begins with its row's prev, which must be the hash
computed for the row before (no window over the rows, no ordered aggregate)."""
_VERIFY_FAST = (f"SELECT seq, encode(payload), encode({_ENVELOPE_V2_HEAD}), encode({_ENVELOPE_V2_TAIL}), hash "
                "FROM events WHERE game = $1 AND seq BETWEEN $3 AND $4")
"""`_VERIFY_READ` for a game whose `_VERIFY_SUMMARY` holds: seq, payload bytes, the v2 envelope's head (which
begins with the prev) and tail, and the stored hash, of the seqs $3 to $4."""
_PREV_OF_HEAD = operator.itemgetter(slice(64))
"""The prev at the start of an envelope head built by SQL (64 bytes where `_VERIFY_SUMMARY` holds)."""
_VERIFY_CHUNK = 16384
"""Rows `_VERIFY_FAST` reads at a time (the game's texts are not all held at once)."""


class _NotShown(Exception):
    """The fast way of `verify` found something to look at: read the game again, row by row."""


_VERIFY_READ = ("SELECT seq, encode(payload), encode(CASE WHEN v >= 2 THEN "
                f"{_ENVELOPE_V2_HEAD} ELSE {_ENVELOPE_V1} END), "
                f"encode(CASE WHEN v >= 2 THEN {_ENVELOPE_V2_TAIL} ELSE '' END), hash, prev, v >= 2, {_PLAIN_SQL} "
                "FROM events WHERE game = $1")
"""Each stored row's seq and payload bytes, the UTF-8 of its canonical envelope with prev before it, cut where a v2
envelope holds the payload's sha256 (the head and the tail; a v1 envelope whole in the head, its payload text
inside it), its hash and prev, whether it is a v2 envelope, and whether the envelope text is exact (`_PLAIN_SQL`).
Python hashes the payloads and the envelopes (hashlib: ~4x DuckDB's sha256 here)."""


def _hashes(heads: Sequence[bytes], middles: Sequence[bytes], tails: Sequence[bytes]) -> list[str]:
    """sha256 hex of each head + middle + tail (C loops: no Python code a row)."""
    sha256 = hashlib.sha256
    return list(map(type(sha256()).hexdigest, map(sha256, map(b"".join, zip(heads, middles, tails, strict=True)))))


def _payload_hashes(blobs: Sequence[bytes]) -> list[bytes]:
    """sha256 hex of each payload, as ASCII bytes."""
    sha256 = hashlib.sha256
    return list(map(str.encode, map(type(sha256()).hexdigest, map(sha256, blobs))))


def _chain_rows(rows: list[tuple[Any, ...]]) -> tuple[tuple[int, ...], tuple[bytes, ...], list[tuple[Any, ...]]]:
    """(the seqs, the payload bytes, the rows whose seq, prev or hash is wrong or not shown right) of one game's
    `_VERIFY_READ` rows in seq order: each bad row as (seq, k, prev_bad, hash_bad), k its place in the game (from 1).

    `hash_bad` is also set where the envelope SQL built may not be the canonical one (`_PLAIN_SQL`): the caller
    re-checks those in Python."""
    if not rows:
        return (), (), []
    seqs, blobs, heads, tails, hashes, prevs, v2, plain = zip(*rows, strict=True)
    middles = _payload_hashes(blobs)
    if not all(v2):
        middles = [middle if is_v2 else b"" for middle, is_v2 in zip(middles, v2, strict=True)]
    computed = _hashes(heads, middles, tails)
    links = (GENESIS, *hashes[:-1])
    bad = [(seq, k, prev != link, digest != stored or not is_plain)
           for k, (seq, prev, link, digest, stored, is_plain) in enumerate(
               zip(seqs, prevs, links, computed, hashes, plain, strict=True), 1)
           if seq != k or prev != link or digest != stored or not is_plain]
    return seqs, blobs, bad


def _loads(text: str) -> Any:
    """Parse stored payload JSON (pydantic-core's parser, ~3x json.loads; json.loads for what it refuses)."""
    try:
        return from_json(text)
    except ValueError:
        return json.loads(text)


def _parse_payload(blob: bytes | str) -> Any:
    """`_loads` for payload bytes read through Arrow (pydantic-core parses UTF-8 bytes without decoding them)."""
    try:
        return from_json(blob)
    except ValueError:
        return json.loads(blob)


def _stored_payload(game: str, seq: int, blob: bytes | str) -> Any:
    """A stored payload parsed; ChainError naming the seq when the text is not JSON (edited behind our back)."""
    try:
        return _parse_payload(blob)
    except (ValueError, RecursionError) as error:
        raise ChainError(seq, f"game {game}: the stored payload is not valid JSON (edited behind battlelog's back? "
                              "`battlelog verify` checks the whole log)") from error


def _log() -> Any:
    """The configured structlog logger, or one writing to stderr when nobody configured structlog."""
    from eventlog.logs import get_logger

    return get_logger("eventlog.store")


def utc_now() -> str:
    """Now in UTC as 'YYYY-MM-DDTHH:MM:SS.ffffffZ'."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _is_lock_error(error: Exception) -> bool:
    """Whether duckdb refused the file because another process holds its lock."""
    return "Could not set lock" in str(error) or "Conflicting lock" in str(error)


def _connect(path: str, retry_seconds: float) -> duckdb.DuckDBPyConnection:
    """Connect to the file, retrying while another process holds its lock."""
    deadline = time.monotonic() + retry_seconds
    delay, warned = 0.05, False
    while True:
        try:
            return duckdb.connect(path)
        except duckdb.IOException as error:
            if not _is_lock_error(error):
                raise
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise LockedError(
                    f"database {path} is locked by another process (still locked after {retry_seconds:g} s); "
                    "close the other battlelog command or program using it and try again"
                ) from error
            if not warned:
                _log().info("database locked, retrying", path=path, seconds=retry_seconds)
                warned = True
            time.sleep(min(delay, remaining))  # the whole budget is waited, not about half of it
            delay = min(delay * 2, 0.5)


def _reason(error: Exception) -> str:
    """The first line of a duckdb error, without its "IO Error: " style prefix."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    for prefix in ("IO Error: ", "Invalid Input Error: ", "Serialization Error: ", "Catalog Error: "):
        text = text.removeprefix(prefix)
    return text


def _check_path(name: str) -> None:
    """DatabaseError naming what is wrong with a database path before duckdb tries it."""
    target = Path(name)
    if target.is_dir():
        raise DatabaseError(f"database {name}: is a directory, not a database file")
    if not target.parent.exists():
        raise DatabaseError(f"database {name}: the folder {target.parent} does not exist")
    if target.exists():
        try:
            with target.open("rb") as file:
                magic = file.read(12)
        except OSError as error:
            raise DatabaseError(f"database {name}: cannot be read ({error.strerror})") from error
        if magic and magic[8:12] != b"DUCK":
            raise DatabaseError(f"database {name}: not a DuckDB database file (a battlelog database is made by "
                                "`battlelog new` or `battlelog import`)")


def _columns(con: duckdb.DuckDBPyConnection, table: str) -> set[str]:
    rows = con.execute("SELECT column_name FROM duckdb_columns() WHERE table_name = ?", [table]).fetchall()
    return {row[0] for row in rows}


_PROBE = ("SELECT NULL FROM (SELECT v FROM events LIMIT 0), (SELECT epoch FROM secrets LIMIT 0), "
          "(SELECT state_sha FROM checkpoints LIMIT 0)")
"""Binds only where each table has a column that only the current schema has: a database it binds in needs no
DDL. (Binding it costs well under a millisecond; a query of duckdb_columns() several.)"""


def _prepare(con: duckdb.DuckDBPyConnection) -> None:
    """Create the tables of a new database, or bring an older one up to date (one cheap query when it is current)."""
    try:
        con.execute(_PROBE).fetchall()
    except (duckdb.CatalogException, duckdb.BinderException):
        con.execute(SCHEMA)
        _upgrade(con)


def _upgrade(con: duckdb.DuckDBPyConnection) -> None:
    """Bring a database written by an older battlelog up to the current schema (its data kept)."""
    if "v" not in _columns(con, "events"):
        con.execute(_UPGRADE)
    if "epoch" not in _columns(con, "secrets"):
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(_UPGRADE_SECRETS)
        except BaseException:
            with contextlib.suppress(duckdb.Error):
                con.execute("ROLLBACK")
            raise
        con.execute("COMMIT")
    if "state_sha" not in _columns(con, "checkpoints"):
        con.execute(_UPGRADE_CHECKPOINTS)


def _row_event(row: tuple[Any, ...]) -> Event:
    """An Event from a row of the events table."""
    game, seq, type_, turn, actor, payload, cause, at, prev, hash_, phase, visible, v = row
    return Event(game, seq, type_, turn, actor, _stored_payload(game, seq, payload), cause, at, prev, hash_, phase,
                 _visible(visible), v)


def _visible(text: str | None) -> tuple[str, ...] | None:
    """The visible column (canonical JSON list text, or NULL for public) as a tuple."""
    return None if text is None else tuple(json.loads(text))


def _visible_text(visible: tuple[str, ...] | None) -> str | None:
    return None if visible is None else canonical_json(list(visible))


def _events_from(game: str, rows: list[tuple[Any, ...]]) -> Iterator[Event]:
    """Events from the rows of `_READ` (seq, type, turn, actor, payload bytes, cause, at, prev, hash, …)."""
    parse = from_json  # `_stored_payload` inlined (one call an event instead of three): it answers only what is
    # not parsed here (json.loads' reading, or the ChainError)
    for seq, type_, turn, actor, payload, cause, at, prev, hash_, phase, visible, v in rows:
        try:
            value = parse(payload)
        except (ValueError, RecursionError):
            value = _stored_payload(game, seq, payload)
        yield make_event(game, seq, type_, turn, actor, value, cause, at, prev, hash_, phase,
                         None if visible is None else _visible(visible), v)


_PAYLOAD = Event.__dict__["payload"]
"""The payload's slot in an Event (what `StoredEvent` keeps its stored text in until it is parsed)."""


class StoredEvent(Event):
    """An Event whose payload is kept as its stored text until it is first read (`Store.events(..., unparsed=…)`),
    then parsed as `events` parses it (the same ChainError where it is not JSON). `payload_equals` compares the text
    with a computed payload's bytes without parsing it."""

    __slots__ = ("matched",)
    matched: bool
    """Set by `payload_equals` where the text was the bytes of an equal payload (so it is JSON)."""

    @property  # type: ignore[override]
    def payload(self) -> dict[str, Any]:
        value = _PAYLOAD.__get__(self, StoredEvent)
        if type(value) is bytes:
            value = _stored_payload(self.game, self.seq, value)
            _PAYLOAD.__set__(self, value)
        return value

    @payload.setter
    def payload(self, value: dict[str, Any]) -> None:
        _PAYLOAD.__set__(self, value)

    @property
    def unparsed(self) -> bool:
        """Whether the payload is still the stored text."""
        return type(_PAYLOAD.__get__(self, StoredEvent)) is bytes


_make_stored = positional_maker(StoredEvent)
_set_matched = StoredEvent.__dict__["matched"].__set__


def _events_keeping(game: str, rows: list[tuple[Any, ...]], unparsed: Collection[str]) -> list[Event]:
    """`_events_from`, but the events of the types `unparsed` are StoredEvents holding their stored text. A text
    that is not JSON raises the ChainError of the first such in the log, as `_events_from` does, kept texts
    included. Where any other text may hold a float, every kept text is parsed too: a NaN or an infinity read from
    an input could reach a computed payload, which orjson writes as null (`payload_equals`)."""
    out: list[Event] = []
    kept: list[StoredEvent] = []
    without_floats: set[bytes] = set()  # the texts found to hold no float (a game repeats its inputs)
    for seq, type_, turn, actor, payload, cause, at, prev, hash_, phase, visible, v in rows:
        if type_ in unparsed:
            stored = _make_stored(game, seq, type_, turn, actor, payload, cause, at, prev, hash_, phase,
                                  None if visible is None else _visible(visible), v)
            kept.append(stored)
            out.append(stored)
            continue
        try:
            value = from_json(payload)
        except (ValueError, RecursionError):
            try:
                value = _stored_payload(game, seq, payload)
            except ChainError:
                parse_unmatched(kept)  # an earlier kept text that is not JSON comes first
                raise
        if payload not in without_floats:
            if _may_hold_float(payload):
                unparsed = ()  # the texts after it are parsed as they are read, the ones kept before it below
            else:
                without_floats.add(payload)
        out.append(make_event(game, seq, type_, turn, actor, value, cause, at, prev, hash_, phase,
                              None if visible is None else _visible(visible), v))
    if not unparsed:
        parse_unmatched(kept)
    return out


def _may_hold_float(text: bytes) -> bool:
    """Whether a JSON text may hold a float: a digit followed by `.`, `e` or `E` (a fraction or an exponent, 1e400
    being an infinity), or NaN or Infinity, anywhere (in a string too, which only costs the parse)."""
    return b"0." in text.translate(_NUMBER_MARKS) or b"NaN" in text or b"Infinity" in text



def payload_equals(event: Event, payload: dict[str, Any]) -> bool:
    """Whether `event`'s payload equals `payload`, which must be plain JSON without floats (dicts with str keys,
    lists, str, int, bool, None: what a ruleset's `plain_payloads` promises of its resolver where no input holds a
    float; where one may, `Store.events` keeps no text).

    A StoredEvent's unparsed text is compared with orjson's bytes of `payload` (keys sorted): equal bytes parse
    to that very value, so the text need not be parsed. Where they differ (a text not in canonical form, a value
    orjson does not write as `canonical_json` does) the parsed payload is compared with `==`, as for any event."""
    if type(event) is StoredEvent:
        text = _PAYLOAD.__get__(event, StoredEvent)
        if type(text) is bytes:
            try:
                if (_sorted_bytes or sorted_bytes())(payload) == text:
                    _set_matched(event, True)
                    return True
            except TypeError:  # orjson.JSONEncodeError: not a value orjson writes (the `==` below decides)
                pass
    return event.payload == payload


def parse_unmatched(events: Iterable[Event]) -> None:
    """Parse each StoredEvent's text that is neither parsed nor matched by `payload_equals`, in order: the
    ChainError of the first that is not JSON (what reading every payload at once raises)."""
    for e in events:
        if type(e) is StoredEvent and not getattr(e, "matched", False) and e.unparsed:
            e.payload  # noqa: B018 - parsed for its ChainError


_sorted_bytes: Any = None
"""orjson.dumps with keys sorted as `canonical_json` sorts them, refusing (TypeError) a datetime, a dataclass or a
subclass of str, int, dict or list instead of writing it as something else; made on first use (`sorted_bytes`)."""


def sorted_bytes() -> Any:
    """`_sorted_bytes`, made on the first call (the commands that never compare payloads do not import orjson)."""
    global _sorted_bytes
    if _sorted_bytes is None:
        import orjson

        _sorted_bytes = functools.partial(orjson.dumps, option=orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
                                          | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS)
    return _sorted_bytes


def _event_row(event: Event) -> tuple[Any, ...]:
    """A row of the events table from an Event."""
    return (event.game, event.seq, event.type, event.turn, event.actor, canonical_json(event.payload),
            event.cause, event.at, event.prev, event.hash, event.phase, _visible_text(event.visible), event.v)


def events_table(events: Sequence[Event]) -> Any:
    """An Arrow table of events with the events table's columns (payload as canonical JSON text)."""
    import pyarrow as pa

    return pa.table({
        "game": [e.game for e in events], "seq": [e.seq for e in events], "type": [e.type for e in events],
        "turn": [e.turn for e in events], "actor": [e.actor for e in events],
        "payload": [canonical_json(e.payload) for e in events], "cause": [e.cause for e in events],
        "at": [e.at for e in events], "prev": [e.prev for e in events], "hash": [e.hash for e in events],
        "phase": [e.phase for e in events], "visible": [_visible_text(e.visible) for e in events],
        "v": [e.v for e in events],
    }, schema=_arrow_schema())


def _conflict(game: str, expected: int, actual: int) -> ConflictError:
    """The stale-writer error of an append."""
    return ConflictError(
        f"game {game}: expected to write seq {expected} but the log is at seq {actual} (a stale writer?)"
    )


def _is_key_violation(error: Exception) -> bool:
    """Whether duckdb refused a write for a duplicate (game, seq)."""
    return "PRIMARY KEY" in str(error) or "duplicate key" in str(error) or "write-write conflict" in str(error)


def _batch_links(events: Sequence[Event]) -> dict[str, Event]:
    """The first event of each game in a batch, after checking seqs run on and prevs link within the batch."""
    firsts: dict[str, Event] = {}
    last: dict[str, Event] = {}
    for event in events:
        before = last.get(event.game)
        if before is None:
            firsts[event.game] = event
        elif event.seq != before.seq + 1 or event.prev != before.hash:
            raise ChainError(event.seq, f"game {event.game}: does not follow seq {before.seq} of the same import")
        last[event.game] = event
    return firsts


def verify_chain(events: Iterable[Event]) -> None:
    """Check seqs, prev links and hashes of each game's run of events; ChainError names the first bad seq."""
    game: str | None = None
    seq, prev = 0, GENESIS
    for event in events:
        if event.game != game:
            game, seq, prev = event.game, 0, GENESIS
        seq += 1
        if event.seq != seq:
            raise ChainError(event.seq, f"game {game}: expected seq {seq} here (a missing or reordered event)")
        if event.prev != prev:
            raise ChainError(seq, f"prev does not match the hash of seq {seq - 1} (edited behind battlelog's back?)"
                             if seq > 1 else "the first event's prev is not the genesis hash")
        if event.expected_hash() != event.hash:
            raise ChainError(seq, _EDITED)
        prev = event.hash


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A stored checkpoint row and the hash of the event now at its seq."""

    key: str
    seq: int
    state: str
    after_hash: str | None
    state_sha: str | None
    event_hash: str | None

    @property
    def problem(self) -> str | None:
        """Why `Store.checkpoint` would pass this row over, or None when it is sound."""
        if self.after_hash is None or self.state_sha is None:
            return "carries no hashes (written before checkpoints were anchored)"
        if self.event_hash is None:
            return f"follows seq {self.seq}, which is not in the log"
        if self.after_hash != self.event_hash:
            return f"was folded after another event than the log's seq {self.seq}"
        if hashlib.sha256(self.state.encode("utf-8")).hexdigest() != self.state_sha:
            return "its state text does not match its recorded sha256 (edited)"
        return None


class Store:
    """A battlelog database file: events, per-game secrets and derived checkpoints."""

    def __init__(self, con: duckdb.DuckDBPyConnection, path: str = ":memory:"):
        self.con = con
        self.path = path
        self._inserts: dict[int, str] = {}

    # --- opening and closing ------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str], *, retry_seconds: float = 3.0) -> Store:
        """Open (creating if missing) the database file; LockedError if another process keeps it locked."""
        name = os.fspath(path)
        if name != ":memory:":
            _check_path(name)
        try:
            con = _connect(name, retry_seconds)
        except duckdb.Error as error:
            raise DatabaseError(f"database {name}: {_reason(error)}") from error
        try:
            _prepare(con)
        except duckdb.Error as error:
            con.close()
            raise DatabaseError(f"database {name}: cannot be used ({_reason(error)})") from error
        except BaseException:
            con.close()
            raise
        return cls(con, name)

    def close(self) -> None:
        """Close the connection (and with it the file lock)."""
        self.con.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- reading ------------------------------------------------------------------------------------------
    @contextlib.contextmanager
    def one_thread(self) -> Iterator[None]:
        """DuckDB on one thread for a block of many small reads (`verify`'s chunks of a big game): each reads part
        of one row group or two, too little work to share between threads (bench/results/2026-12-05-speed15.md).
        Also for the one read of a whole log by `audit` and `rerun`: on its threads it takes ~40-65 ms more CPU for
        20-50 ms less wall time on 100k events (speed16). The thread count is set back after; setting it costs
        ~1-3 ms, not worth it for a small game."""
        threads = int(self._all("SELECT current_setting('threads')")[0][0])
        if threads == 1:
            yield
            return
        self.con.execute("SET threads = 1")
        try:
            yield
        finally:
            self.con.execute(f"SET threads = {threads}")

    def _all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run a query and fetch every row (never fetchone, see NOTES.md)."""
        return self.con.execute(sql, params).fetchall()

    def games(self) -> list[str]:
        """Every game with at least one event, sorted."""
        return [row[0] for row in self._all("SELECT DISTINCT game FROM events ORDER BY game")]

    def exists(self, game: str) -> bool:
        """Whether the game has any event."""
        return bool(self._all("SELECT 1 FROM events WHERE game = ? LIMIT 1", [game]))

    def head(self, game: str) -> Event | None:
        """The game's last event."""
        rows = self._all(_SELECT + " WHERE game = ? AND seq = (" + _MAX_SEQ + ")", [game, game])
        return _row_event(rows[0]) if rows else None

    def _last(self, game: str) -> tuple[int, str]:
        """(seq, hash) of the game's last event; (0, GENESIS) for a game with no events."""
        rows = self._all("SELECT seq, hash FROM events WHERE game = ? AND seq = (" + _MAX_SEQ + ")", [game, game])
        return (rows[0][0], rows[0][1]) if rows else (0, GENESIS)

    def next_seq(self, game: str) -> int:
        """The seq the game's next event gets (1 for a game with no events)."""
        return self._last(game)[0] + 1

    def events(self, game: str, *, from_seq: int = 1, upto_seq: int | None = None,
               unparsed: Collection[str] = ()) -> list[Event]:
        """The game's events from `from_seq` to `upto_seq` (inclusive), ordered by seq; those of the types
        `unparsed` as StoredEvents, their payloads parsed when first read (see `payload_equals`)."""
        with gc_paused():
            if unparsed:
                return _events_keeping(game, self.rows(game, from_seq=from_seq, upto_seq=upto_seq), unparsed)
            return list(self.read_events(game, from_seq=from_seq, upto_seq=upto_seq))

    def read_events(self, game: str, *, types: Iterable[str] | None = None, from_seq: int = 1,
                    upto_seq: int | None = None) -> Iterator[Event]:
        """The game's events from `from_seq` to `upto_seq` (inclusive) in seq order, only those of `types` if given.

        The rows are read at once (one query, through Arrow); each payload is parsed when the iterator reaches
        its event, so a fold that takes the events one by one finds each payload still in the CPU cache.
        """
        upto = sys.maxsize if upto_seq is None else upto_seq
        sql, params = _READ + " WHERE game = ? AND seq BETWEEN ? AND ?", [game, from_seq, upto]
        if types is not None:
            wanted = sorted(set(types))
            if not wanted:
                return iter(())
            sql += " AND type IN (" + ", ".join("?" * len(wanted)) + ")"
            params += wanted
        # Rows come back in the table's order without a sort (DuckDB keeps insertion order), and a game's events
        # are inserted in seq order; the seqs are checked all the same, and sorted by SQL if ever they are not.
        # (fetchall is as fast as Arrow columns turned into lists here, and needs no pyarrow.)
        rows = self._all(sql, params)
        if any(a[0] >= b[0] for a, b in itertools.pairwise(rows)):
            rows = self._all(sql + " ORDER BY seq", params)
        return _events_from(game, rows)

    def rows(self, game: str, *, from_seq: int = 1, upto_seq: int | None = None) -> list[tuple[Any, ...]]:
        """The game's stored rows from `from_seq` to `upto_seq` in seq order, as read: (seq, type, turn, actor,
        payload as UTF-8 bytes, cause, at, prev, hash, phase, visible text, v); nothing parsed (see `replay`)."""
        upto = sys.maxsize if upto_seq is None else upto_seq
        sql, params = _READ + " WHERE game = ? AND seq BETWEEN ? AND ?", [game, from_seq, upto]
        rows = self._all(sql, params)
        if any(a[0] >= b[0] for a, b in itertools.pairwise(rows)):
            rows = self._all(sql + " ORDER BY seq", params)
        return rows

    def events_of_types(self, game: str, types: Iterable[str], *, from_seq: int = 1,
                        upto_seq: int | None = None) -> list[Event]:
        """The game's events of the given types (a reducer's: its resolution types and "ruling"), in seq order."""
        with gc_paused():
            return list(self.read_events(game, types=types, from_seq=from_seq, upto_seq=upto_seq))

    def logged(self, game: str, types: Iterable[str]) -> list[Logged]:
        """The game's events of the given types in seq order as `Logged` (seq, type, actor and payload: what the
        checks of `battlelog verify` read); each payload text up to `_SEEN_TEXT` long is parsed once for the game (a
        game repeats its rolls), its events sharing the parsed value. A text that is not JSON is the ChainError of
        `events`."""
        wanted = sorted(set(types))
        if not wanted:
            return []
        sql = ("SELECT seq, type, actor, encode(payload) FROM events WHERE game = ? AND type IN ("
               + ", ".join("?" * len(wanted)) + ")")
        rows = self._all(sql, [game, *wanted])
        if any(a[0] >= b[0] for a, b in itertools.pairwise(rows)):
            rows = self._all(sql + " ORDER BY seq", [game, *wanted])
        parsed: dict[bytes, Any] = {}
        out: list[Logged] = []
        with gc_paused():
            for seq, type_, actor, blob in rows:
                payload = parsed.get(blob) if len(blob) <= _SEEN_TEXT else None
                if payload is None:
                    payload = _stored_payload(game, seq, blob)
                    if len(blob) <= _SEEN_TEXT:
                        parsed[blob] = payload
                out.append(Logged(game, seq, type_, actor, payload))
        return out

    def count(self, game: str) -> int:
        """How many events the game has."""
        return self._all("SELECT count(*) FROM events WHERE game = ?", [game])[0][0]

    def event(self, game: str, seq: int) -> Event | None:
        """One event by its seq."""
        rows = self._all(_SELECT + " WHERE game = ? AND seq = ?", [game, seq])
        return _row_event(rows[0]) if rows else None

    def turn_index(self, game: str) -> dict[int, tuple[int, int]]:
        """turn -> (first seq, last seq) of the game's events that carry that turn."""
        rows = self._all(
            "SELECT turn, min(seq), max(seq) FROM events WHERE game = ? AND turn IS NOT NULL "
            "GROUP BY turn ORDER BY turn", [game],
        )
        return {turn: (first, last) for turn, first, last in rows}

    def turn_range(self, game: str, turn: int) -> tuple[int, int] | None:
        """(first seq, last seq) of the game's events that carry `turn` (one turn_index entry, cheaper)."""
        rows = self._all("SELECT min(seq), max(seq) FROM events WHERE game = ? AND turn = ?", [game, turn])
        return None if rows[0][0] is None else (rows[0][0], rows[0][1])

    def closed_turn(self, game: str, turn: int) -> tuple[Event, tuple[int, int]] | None:
        """game.created (seq 1) and (first seq, last seq) of `turn`, in one query, when the game's log holds
        turn.closed of `turn`; None when it does not (or there is no such game)."""
        rows = self._all(
            "WITH t AS (SELECT min(seq) AS first, max(seq) AS last, bool_or(type = 'turn.closed') AS closed "
            "FROM events WHERE game = ? AND turn = ?) "
            "SELECT e.*, t.first, t.last FROM t, (" + _SELECT + " WHERE game = ? AND seq = 1) e WHERE t.closed",
            [game, turn, game])
        if not rows:
            return None
        *row, first, last = rows[0]
        return _row_event(tuple(row)), (first, last)

    def has_event(self, game: str, type_: str, turn: int) -> bool:
        """Whether the game has an event of `type_` carrying `turn` (one indexed probe, no event read)."""
        return bool(self._all("SELECT 1 FROM events WHERE game = ? AND turn = ? AND type = ? LIMIT 1",
                              [game, turn, type_]))

    def verify(self, game: str) -> int:
        """`verify_chain` of the game's stored events; returns how many events were checked.

        One query reads every row with its canonical envelope built by SQL around the payload's place (the payload
        column holds canonical JSON: the store writes nothing else there, and `payload_problems` checks it);
        hashlib hashes the payloads and envelopes, and the seqs, prev links and hashes are compared as whole lists.
        An event whose hash disagrees, or whose envelope SQL could not build exactly, is re-checked in Python
        (`Event.expected_hash`) and fails only if it fails there too. The ChainError is the one `verify_chain`
        raises: the first bad seq, in seq order.
        """
        bad_payloads, rows = self._verify_both(game)
        for seq, k, prev_bad, hash_bad in rows:
            earlier = [bad for bad in bad_payloads if bad < seq]
            if earlier:
                raise ChainError(min(earlier), f"stored payload: {bad_payloads[min(earlier)]}")
            if seq != k:
                raise ChainError(seq, f"game {game}: expected seq {k} here (a missing or reordered event)")
            if prev_bad:
                raise ChainError(k, f"prev does not match the hash of seq {k - 1} (edited behind battlelog's back?)"
                                 if k > 1 else "the first event's prev is not the genesis hash")
            if seq in bad_payloads:
                raise ChainError(seq, f"stored payload: {bad_payloads[seq]}")
            event = self.event(game, seq)
            if hash_bad and (event is None or event.expected_hash() != event.hash):
                raise ChainError(k, _EDITED)
        if bad_payloads:
            seq = min(bad_payloads)
            raise ChainError(seq, f"stored payload: {bad_payloads[seq]}")
        return self.count(game)

    def _verify_both(self, game: str) -> tuple[dict[int, str], list[tuple[Any, ...]]]:
        """(`payload_problems`, the bad rows of `_chain_rows`) from one read of the game's rows.

        A game whose `_VERIFY_SUMMARY` holds (v2, prev lengths, plain text) is read without its flags a row, in
        chunks of seqs: each chunk's seqs must run on, its computed hashes equal the stored ones, and the prevs at the
        start of its envelope heads, joined, the hashes computed before them, joined, before its payloads are
        checked. Any other game, or one where these do not hold, is read again whole and compared row by row
        (`_chain_rows`)."""
        count, v2, lengths, plain = self._all(_VERIFY_SUMMARY, [game])[0]

        def shown() -> Iterator[tuple[int, bytes]]:
            """(seq, payload bytes) of each chunk of rows once its seqs, hashes and links are shown right; _NotShown
            if not."""
            link = GENESIS
            for first in range(1, count + 1, _VERIFY_CHUNK):
                rows = self._all(_VERIFY_FAST, [game, canonical_json(game), first, first + _VERIFY_CHUNK - 1])
                seqs, blobs, heads, tails, stored = zip(*rows, strict=True) if rows else ((), (), (), (), ())
                del rows
                computed = _hashes(heads, _payload_hashes(blobs), tails)
                if (seqs != tuple(range(first, min(count, first + _VERIFY_CHUNK - 1) + 1))
                        or computed != list(stored)
                        or b"".join(map(_PREV_OF_HEAD, heads)) != "".join([link, *computed[:-1]]).encode("ascii")):
                    raise _NotShown
                link = computed[-1]
                del heads, tails, stored, computed
                yield from zip(seqs, blobs, strict=True)

        with gc_paused(), self.one_thread() if count > _VERIFY_CHUNK else contextlib.nullcontext():
            if v2 and lengths and plain:
                try:
                    return self.payload_problems(game, shown()), []
                except _NotShown:
                    pass
            rows = self._all(_VERIFY_READ, [game, canonical_json(game)])
            if any(a[0] >= b[0] for a, b in itertools.pairwise(rows)):
                rows = self._all(_VERIFY_READ + " ORDER BY seq", [game, canonical_json(game)])
            seqs, blobs, bad = _chain_rows(rows)
            del rows
            return self.payload_problems(game, zip(seqs, blobs, strict=True)), bad

    def payload_problems(self, game: str, stored: Iterable[tuple[int, bytes]] | None = None) -> dict[int, str]:
        """seq -> why the stored payload text is not canonical JSON of an object (not JSON, a repeated key, …).

        The store writes nothing else; `verify` hashes the text as stored, so a payload edited into another spelling
        of JSON (a repeated key above all, whose value readers disagree about) could verify without this check.
        `stored`: the game's (seq, payload bytes), if read already."""
        problems: dict[int, str] = {}
        canonical: set[bytes] = set()  # short texts found canonical already (a game repeats many orders and rolls)
        if stored is None:
            stored = self._all("SELECT seq, encode(payload) FROM events WHERE game = ?", [game])
        with gc_paused():
            for seq, blob in stored:
                short = len(blob) <= _SEEN_TEXT  # a long text is not hashed to look it up: none is kept
                if short and blob in canonical:
                    continue
                if short:
                    canonical.add(blob)
                if surely_canonical(blob):
                    continue
                text = blob.decode("utf-8")
                try:
                    parsed = _loads(text)
                except (ValueError, RecursionError):
                    parsed = None
                if parsed is None or canonical_json(parsed) != text:
                    canonical.discard(blob)
                    problem = payload_text_problem(text, parsed)
                    if problem is not None:
                        problems[seq] = problem
        return problems

    # --- writing ------------------------------------------------------------------------------------------
    def _insert_sql(self, n: int) -> str:
        """The multi-row INSERT for a batch of n events."""
        sql = self._inserts.get(n)
        if sql is None:
            sql = self._inserts[n] = "INSERT INTO events VALUES " + ", ".join([_ROW_PLACEHOLDERS] * n)
        return sql

    def _commit(self, game: str, expected_seq: int) -> None:
        """Commit, turning a lost race for the same seq into a ConflictError."""
        try:
            self.con.execute("COMMIT")
        except duckdb.Error as error:
            self._rollback()
            if _is_key_violation(error):
                _log().info("append lost a race", game=game, seq=expected_seq)
                raise _conflict(game, expected_seq, self.next_seq(game)) from error
            raise

    def commit(self, game: str = "", expected_seq: int = 0) -> None:
        """Commit the open transaction; a lost race for a (game, seq) is a ConflictError naming game and seq."""
        self._commit(game, expected_seq)

    def rollback(self) -> None:
        """Roll back the open transaction, if any."""
        self._rollback()

    def _rollback(self) -> None:
        """Roll back the open transaction, if any."""
        with contextlib.suppress(duckdb.Error):
            self.con.execute("ROLLBACK")

    def append(self, game: str, expected_seq: int, drafts: Sequence[Draft], *, at: str | None = None) -> list[Event]:
        """Append drafts as the game's next events in one transaction, all or nothing.

        The log's own payload fields (a roll's dice, a seal's commitment …) are checked as the importer checks them,
        so whatever the store accepts, its export imports again."""
        if not drafts:
            return []
        from eventlog.shapes import core_payload_problems

        problems = [f"event {expected_seq + i} ({d.type}): {p}" for i, d in enumerate(drafts)
                    for p in core_payload_problems(d.type, d.payload)]
        if problems:
            raise ValidationError(problems)
        self.con.execute("BEGIN TRANSACTION")
        try:
            last_seq, prev = self._last(game)
            if last_seq + 1 != expected_seq:
                raise _conflict(game, expected_seq, last_seq + 1)
            stamp = at or utc_now()
            sealed: list[Event] = []
            for i, draft in enumerate(drafts):
                event = seal(game, prev, expected_seq + i, draft, stamp)
                sealed.append(event)
                prev = event.hash
            params = [value for event in sealed for value in _event_row(event)]
            self.con.execute(self._insert_sql(len(sealed)), params)
        except BaseException as error:
            self._rollback()
            if isinstance(error, duckdb.Error) and _is_key_violation(error):
                raise _conflict(game, expected_seq, self.next_seq(game)) from error
            raise
        self._commit(game, expected_seq)
        return sealed

    def import_events(self, events: Sequence[Event]) -> int:
        """Bulk insert already chained events through Arrow in one transaction; returns how many."""
        if not events:
            return 0
        firsts = _batch_links(events)
        with gc_paused():
            table = events_table(events)
        self.con.register("_import", table)
        try:
            return self.import_rows("SELECT * FROM _import", (),
                                    {game: (first.seq, first.prev) for game, first in firsts.items()})
        finally:
            self.con.unregister("_import")

    def import_rows(self, select: str, params: Sequence[Any], firsts: dict[str, tuple[int, str]],
                    columns: str = ", ".join(f'"{c}"' for c in COLUMNS)) -> int:
        """Insert the rows of `select` (the events table's columns, already chained) in one transaction.

        `firsts` gives (seq, prev) of each game's first row; each must continue the game as stored (checked inside
        the transaction, so a writer that got in first is a ConflictError, not a fork). Returns how many rows.
        """
        self.con.execute("BEGIN TRANSACTION")
        try:
            for game, (first_seq, first_prev) in firsts.items():
                last_seq, last_hash = self._last(game)
                if first_seq != last_seq + 1:
                    raise _conflict(game, first_seq, last_seq + 1)
                if first_prev != last_hash:
                    raise ChainError(first_seq, f"game {game}: prev does not match the hash of seq {last_seq}")
            count = self._all(f"INSERT INTO events ({columns}) {select}", params)[0][0]
        except BaseException as error:
            self._rollback()
            if isinstance(error, duckdb.Error) and _is_key_violation(error):
                raise ConflictError(f"import: some of these seqs are already in the log ({error})") from error
            raise
        game, (seq, _) = next(iter(firsts.items())) if firsts else ("", (0, ""))
        self._commit(game, seq)
        return count

    def tip(self, game: str) -> tuple[int, str]:
        """(seq, hash) of the game's last event; (0, GENESIS) for a game with no events."""
        return self._last(game)

    def delete_game(self, game: str) -> None:
        """Remove a game's events, secret and checkpoints (tests and import rollback only)."""
        self.con.execute("BEGIN TRANSACTION")
        try:
            for table in ("events", "secrets", "checkpoints"):
                self.con.execute(f"DELETE FROM {table} WHERE game = ?", [game])
        except BaseException:
            self._rollback()
            raise
        self.con.execute("COMMIT")

    # --- secrets ------------------------------------------------------------------------------------------
    def set_secret(self, game: str, seed: bytes, epoch: int = 0) -> None:
        """Keep the engine-dice seed of one of the game's seed epochs (0: the seed game.created commits to).

        A different seed for an epoch that has one is a ConflictError (its engine rolls depend on it)."""
        current = self.epoch_secret(game, epoch)
        if current == seed:
            return
        if current is not None:
            raise ConflictError(f"game {game} already has a dice seed; its engine rolls depend on it")
        self.con.execute("INSERT INTO secrets (game, epoch, seed) VALUES (?, ?, ?)", [game, epoch, seed])

    def epoch(self, game: str) -> int:
        """The game's current seed epoch: how many `seed.revealed` events of the log began a new one."""
        rows = self._all("SELECT count(*) FROM events WHERE game = ? AND type = 'seed.revealed' "
                         "AND TRY(json_type(payload, '$.next_seed_hash')) = 'VARCHAR'", [game])
        return int(rows[0][0])

    def epoch_secret(self, game: str, epoch: int) -> bytes | None:
        """The seed of one seed epoch of the game, if kept here."""
        rows = self._all("SELECT seed FROM secrets WHERE game = ? AND epoch = ?", [game, epoch])
        return bytes(rows[0][0]) if rows else None

    def secrets(self, game: str) -> dict[int, bytes]:
        """Every seed kept here for the game, by epoch."""
        return {int(epoch): bytes(seed) for epoch, seed in
                self._all("SELECT epoch, seed FROM secrets WHERE game = ? ORDER BY epoch", [game])}

    def secret(self, game: str) -> bytes | None:
        """The engine-dice seed of the game's current epoch (what new engine rolls derive from), if kept here."""
        return self.epoch_secret(game, self.epoch(game))

    def reveal_seed(self, game: str, next_seed: bytes, *, at: str | None = None) -> Event:
        """End the current seed epoch: append `seed.revealed` with its seed and the sha256 of `next_seed`, and keep
        `next_seed` as the next epoch's, in one transaction (both or neither)."""
        epoch = self.epoch(game)
        seed = self.epoch_secret(game, epoch)
        if seed is None:
            raise ValidationError(f"game {game!r}: this database holds no seed for its seed epoch {epoch}")
        expected = self.next_seq(game)
        payload = {"seed": seed.hex(), "epoch": epoch, "next_seed_hash": hashlib.sha256(next_seed).hexdigest()}
        self.con.execute("BEGIN TRANSACTION")
        try:
            last_seq, prev = self._last(game)
            if last_seq + 1 != expected:
                raise _conflict(game, expected, last_seq + 1)
            event = seal(game, prev, expected, Draft("seed.revealed", payload), at or utc_now())
            self.con.execute("INSERT INTO secrets (game, epoch, seed) VALUES (?, ?, ?)", [game, epoch + 1, next_seed])
            self.con.execute(self._insert_sql(1), list(_event_row(event)))
        except BaseException as error:
            self._rollback()
            if isinstance(error, duckdb.Error) and _is_key_violation(error):
                raise _conflict(game, expected, self.next_seq(game)) from error
            raise
        self._commit(game, expected)
        return event

    # --- checkpoints (a derived cache) --------------------------------------------------------------------
    def put_checkpoint(self, game: str, key: str, seq: int, state_json: str) -> None:
        """Keep the state after `seq` under `key` (ruleset@version + options digest), replacing an older one."""
        self.put_checkpoints(game, key, [(seq, state_json)])

    def put_checkpoints(self, game: str, key: str, states: Sequence[tuple[int, str]]) -> int:
        """`put_checkpoint` for many (seq, state JSON) at once, in one transaction (one commit, not one each).

        Each row records the hash of the event at its seq (the event the state follows) and the sha256 of its state
        text; `checkpoint` reads a row only while both still match."""
        if not states:
            return 0
        self.con.execute("BEGIN TRANSACTION")
        try:
            for at in range(0, len(states), _CHECKPOINT_BATCH):
                batch = states[at:at + _CHECKPOINT_BATCH]
                values = ", ".join(["(?, ?, ?, ?)"] * len(batch))
                self.con.execute(f"INSERT OR REPLACE INTO checkpoints ({_CHECKPOINT_COLUMNS}) "
                                 "SELECT c.game, c.key, c.seq, c.state, e.hash, sha256(c.state) "
                                 f"FROM (VALUES {values}) c(game, key, seq, state) "
                                 "LEFT JOIN events e ON e.game = c.game AND e.seq = c.seq",
                                 [value for seq, state in batch for value in (game, key, seq, state)])
        except BaseException:
            self._rollback()
            raise
        self.con.execute("COMMIT")
        return len(states)

    def checkpoint(self, game: str, key: str, max_seq: int) -> tuple[int, str] | None:
        """(seq, state JSON) of the latest sound checkpoint for `key` at or before `max_seq`.

        A checkpoint is sound when the event at its seq still has the hash it recorded and its state text still has
        the sha256 it recorded; any other (edited, left over from a rewritten log, or written before checkpoints
        carried hashes) is passed over, with a log line, and an earlier one (or none) is read instead."""
        # The candidates first, then the event hash of each one looked at (usually only the latest): a join with
        # the events table would scan the whole log (~10 ms on 100k events) to find one row.
        rows = self._all(
            "SELECT seq, after_hash, state_sha FROM checkpoints WHERE game = ? AND key = ? AND seq <= ? "
            "ORDER BY seq DESC", [game, key, max_seq],
        )
        for seq, after_hash, state_sha in rows:
            if after_hash is None or state_sha is None:
                _log().info("checkpoint without hashes ignored (the next resolve or import rewrites it)", game=game,
                            seq=seq)
                continue
            # the event's hash and the state text in one query (the state is read for nothing only when the
            # checkpoint turns out stale)
            event_hash, state = self._all(
                "SELECT (SELECT hash FROM events WHERE game = ? AND seq = ?), "
                "(SELECT state FROM checkpoints WHERE game = ? AND key = ? AND seq = ?)",
                [game, seq, game, key, seq])[0]
            if after_hash != event_hash:
                _log().warning("checkpoint ignored: the log's event at its seq is not the one it was folded after",
                               game=game, seq=seq)
                continue
            if hashlib.sha256(state.encode("utf-8")).hexdigest() != state_sha:
                _log().warning("checkpoint ignored: its state was edited behind battlelog's back", game=game, seq=seq)
                continue
            return seq, state
        return None

    def checkpoint_rows(self, game: str) -> list[Checkpoint]:
        """Every checkpoint of the game (all keys) with what `checkpoint` checks, in (key, seq) order."""
        rows = self._all(
            "SELECT c.key, c.seq, c.state, c.after_hash, c.state_sha, e.hash FROM checkpoints c LEFT JOIN events e "
            "ON e.game = c.game AND e.seq = c.seq WHERE c.game = ? ORDER BY c.key, c.seq", [game])
        return [Checkpoint(key, seq, state, after_hash, state_sha, event_hash)
                for key, seq, state, after_hash, state_sha, event_hash in rows]

    def drop_checkpoints(self, game: str, key: str | None = None) -> None:
        """Forget a game's checkpoints (all of them, or those of one key)."""
        if key is None:
            self.con.execute("DELETE FROM checkpoints WHERE game = ?", [game])
        else:
            self.con.execute("DELETE FROM checkpoints WHERE game = ? AND key = ?", [game, key])

    # --- export -------------------------------------------------------------------------------------------
    def export_parquet(self, game: str | None, path: str) -> None:
        """Write the events (of one game, or all) to a Parquet file, payload as JSON text."""
        target = "'" + os.fspath(path).replace("'", "''") + "'"
        where, params = (" WHERE game = ?", [game]) if game is not None else ("", [])
        folder = Path(os.fspath(path)).parent
        if not folder.is_dir():
            raise DatabaseError(f"-o {path}: the folder {folder} does not exist")
        if Path(os.fspath(path)).is_dir():
            raise DatabaseError(f"-o {path}: is a directory, not a file")
        try:
            self.con.execute(f"COPY ({_SELECT}{where} ORDER BY game, seq) TO {target} (FORMAT parquet)", params)
        except duckdb.Error as error:
            raise DatabaseError(f"-o {path}: cannot be written ({_reason(error)})") from error

    def export_archive(self, game: str | None, folder: str, *, replace: bool = False) -> list[str]:
        """Write the events (of one game, or all) to a Parquet archive in hive layout,
        `folder/ruleset=<key>/game=<id>/*.parquet`; returns the games written.

        Each file carries the columns of `export_parquet` and `ruleset` (the game's ruleset key, as its game.created
        says: `knights@1`); the partition values in the paths are percent-encoded by DuckDB and decoded by
        `read_parquet(…, hive_partitioning = true)`. Games already in the archive are refused unless `replace`
        (their folders are removed first); other games already there stay (the new ones are appended)."""
        games = [game] if game is not None else self.games()
        root = Path(os.fspath(folder))
        if root.exists() and not root.is_dir():
            raise DatabaseError(f"--archive {folder}: is a file, not a folder")
        if not root.parent.is_dir():
            raise DatabaseError(f"--archive {folder}: the folder {root.parent} does not exist")
        present = archive_games(root) if root.is_dir() else {}
        clash = sorted(set(games) & set(present))
        if clash and not replace:
            raise ValidationError(f"--archive {folder}: already holds {len(clash)} of these games "
                                  f"({', '.join(map(repr, clash[:5]))}{', …' if len(clash) > 5 else ''}); "
                                  "--replace rewrites them, nothing was written")
        loose = sorted(str(f) for name in clash for f in present[name]
                       if not f.parent.name.startswith("game=") or root.resolve() not in f.parent.resolve().parents)
        if loose:
            raise ValidationError(f"--archive {folder}: holds some of these games outside a partition folder "
                                  f"…/game=<id>/ ({', '.join(loose[:3])}); --replace removes partition folders only, "
                                  "nothing was written")
        if not games:
            return []
        import shutil

        for part in sorted({f.parent for name in clash for f in present[name]}):
            shutil.rmtree(part)
        ids = ", ".join("?" for _ in games)
        target = "'" + os.fspath(folder).replace("'", "''") + "'"
        query = (f"SELECT e.*, r.ruleset FROM ({_SELECT} WHERE game IN ({ids})) e JOIN (SELECT game, "
                 "json_extract_string(payload, '$.ruleset') AS ruleset FROM events WHERE type = 'game.created') r "
                 "USING (game) ORDER BY game, seq")
        try:
            self.con.execute(f"COPY ({query}) TO {target} (FORMAT parquet, PARTITION_BY (ruleset, game), "
                             "WRITE_PARTITION_COLUMNS true, APPEND)", games)
        except duckdb.Error as error:
            raise DatabaseError(f"--archive {folder}: cannot be written ({_reason(error)})") from error
        return games


def archive_games(root: Path) -> dict[str, list[Path]]:
    """The games of a hive archive folder: game id -> the Parquet files holding it (`…/game=<id>/*.parquet`)."""
    files = sorted(root.rglob("*.parquet"))
    if not files:
        return {}
    con = duckdb.connect()
    try:
        rows = con.execute("SELECT DISTINCT game, filename FROM read_parquet(?, hive_partitioning = true, "
                           "filename = true) ORDER BY ALL", [[str(f) for f in files]]).fetchall()
    except duckdb.Error as error:
        raise DatabaseError(f"--archive {root}: holds Parquet files that are not a battlelog archive "
                            f"({_reason(error)}); nothing was written") from error
    finally:
        con.close()
    out: dict[str, list[Path]] = {}
    for name, filename in rows:
        out.setdefault(name, []).append(Path(filename))
    return out
