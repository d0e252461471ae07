"""The event envelope of DESIGN.md and its hash chain, in two format versions.

- v2 (every event written now): `hash = sha256(prev + canonical_json(envelope without hash))` where the envelope
  is {actor, at, cause, game, payload, phase, prev, seq, turn, type, v, visible} and `payload` is replaced by the
  sha256 (hex) of the payload's canonical JSON. Because the chain covers payload hashes, an export for one viewer
  may withhold a payload (keeping its hash) and still verify.
- v1 (logs written before phases and visibility): the same without phase, v and visible, and with the payload
  itself inside the envelope. v1 events are read, verified and exported as they were written; `phase` and
  `visible` of a v1 event are null (the upcast).

Canonical JSON has sorted keys, no spaces, non-ASCII kept, UTF-8 for hashing.
"""

from __future__ import annotations

import gc
import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

GENESIS = "0" * 64
"""The `prev` of a game's first event."""

INPUT_TYPES = frozenset({"order", "order.sealed", "order.revealed", "input.sealed", "input.revealed", "roll",
                         "choice", "correction"})
"""Events that come from people or dice (and the GM's corrections of them); the rest come from the rules or the tool."""

FORMAT_VERSION = 2
"""The envelope format every new event is written in (see the module docstring)."""

_encoder = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
_dumps = _encoder.encode
_str = json.encoder.encode_basestring
# The C encoder that JSONEncoder.encode builds on every call, built once (same output, ~30% faster).
_c_encode = None if json.encoder.c_make_encoder is None else json.encoder.c_make_encoder(
    None, _encoder.default, _str, None, ":", ",", True, False, True,
)


def canonical_json(obj: Any) -> str:
    """Sorted keys, no spaces, non-ASCII kept as is (encode as UTF-8 for hashing)."""
    return _dumps(obj) if _c_encode is None else "".join(_c_encode(obj, 0))


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many acyclic objects (bulk reads and imports)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _opt(value: Any) -> str:
    if value is None:
        return "null"
    return _str(value) if isinstance(value, str) else str(int(value))


def canonical_envelope(
    game: str,
    seq: int,
    type: str,
    turn: int | None,
    actor: str | None,
    payload_json: str,
    cause: int | None,
    at: str,
    prev: str,
) -> str:
    """canonical_json of the envelope without `hash`, built from an already canonical payload text."""
    return (
        f'{{"actor":{_opt(actor)},"at":{_str(at)},"cause":{_opt(cause)},"game":{_str(game)},'
        f'"payload":{payload_json},"prev":{_str(prev)},"seq":{seq},"turn":{_opt(turn)},"type":{_str(type)}}}'
    )


def canonical_envelope_v2(
    game: str,
    seq: int,
    type: str,
    turn: int | None,
    actor: str | None,
    payload_hash: str,
    cause: int | None,
    at: str,
    prev: str,
    phase: str | None,
    visible: tuple[str, ...] | None,
) -> str:
    """canonical_json of a v2 envelope without `hash`: the payload stands as its sha256 hex.

    `_opt` is spelt out for the usual types (a str, an int, None: the same text, without a call each; a replay
    builds one envelope an event)."""
    seen = "null" if visible is None else _dumps(list(visible))
    return (
        f'{{"actor":{"null" if actor is None else _str(actor) if actor.__class__ is str else _opt(actor)},'
        f'"at":{_str(at)},"cause":{"null" if cause is None else str(cause) if cause.__class__ is int else _opt(cause)},'
        f'"game":{_str(game)},"payload":"{payload_hash}",'
        f'"phase":{"null" if phase is None else _str(phase) if phase.__class__ is str else _opt(phase)},'
        f'"prev":{_str(prev)},"seq":{seq},'
        f'"turn":{"null" if turn is None else str(turn) if turn.__class__ is int else _opt(turn)},'
        f'"type":{_str(type)},"v":2,"visible":{seen}}}'
    )


def _pairs_without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


class _DuplicateKey(ValueError):
    def __init__(self, key: str):
        self.key = key
        super().__init__(key)


def duplicate_key(text: str | bytes) -> str | None:
    """The first key repeated within one object of a JSON text (None: none, or not JSON)."""
    try:
        json.loads(text, object_pairs_hook=_pairs_without_repeats)
    except _DuplicateKey as repeated:
        return repeated.key
    except ValueError:
        return None
    return None


def surely_canonical(blob: bytes, value: Any = None) -> bool:
    """Whether UTF-8 `blob` is certainly `canonical_json` of what it parses to, found without Python's encoder
    (pydantic-core's serialiser writes a duel resolution in ~8 µs, canonical_json in ~22 µs); False means "not
    shown": ask `canonical_json` (the answer may be yes).

    First `_orjson_canonical` (when orjson is installed): orjson's parser and its key-sorting serialiser, in ~10 µs
    for a duel resolution. Where it shows nothing, pydantic-core: True only when its serialiser writes the parsed
    value back as exactly these bytes, every object's keys come in sorted order and nothing in it is a float. For
    such a value the two serialisers agree: neither adds a space, both write keys in the dict's order (here the
    sorted one), true/false/null and integers alike, and every character of a string alike (compared for each code
    point, tests/test_store.py); floats they spell differently (1e+16 and 1e16), so a value holding one goes the
    slow way. `value`: what `blob` parses to, if parsed already (any parser: the claim is about the value and the
    bytes)."""
    if _orjson_canonical(blob, value):
        return True
    from eventlog.fastjson import from_json, to_json

    try:
        if value is None:
            value = from_json(blob)
        if type(value) is not dict or to_json(value) != blob:
            return False
    except (ValueError, RecursionError):
        return False
    try:
        return _sorted_without_floats(value)
    except RecursionError:
        return False


_NUMBER_MARKS = bytes.maketrans(b"123456789eE", b"000000000..")
"""Every digit as 0, `e` and `E` as `.`: a float's digit-then-mark is then `0.`, one search with a rare last byte."""
_orjson: Any = None


def _orjson_canonical(blob: bytes, value: Any = None) -> bool:
    """True only when orjson, sorting keys, writes what `blob` parses to (or `value`) back as exactly these bytes
    and the bytes hold no float; False means "not shown".

    Equal bytes make the text well-formed JSON with no space, no repeated key (a dict has none to write) and every
    object's keys in code-point order (orjson sorts by UTF-8 bytes, which is that order); orjson spells every
    character of a string and every integer as canonical_json does (compared for each code point,
    tests/test_store.py), floats otherwise (1e16, not 1e+16), so a text that may hold one is not claimed: every
    JSON number with a fraction or an exponent has a digit right before its `.`, `e` or `E`, so no digit followed by
    one of them (in a string too: a hex hash only costs the slow way) means no float. Integers beyond 64 bits orjson
    reads as floats, whose spelling then differs from the text's. orjson missing, False."""
    global _orjson
    if _orjson is None:
        try:
            import orjson
        except ImportError:  # pragma: no cover - orjson is a dependency; without it the slower checks decide
            orjson = False
        _orjson = orjson
    if not _orjson:  # pragma: no cover
        return False
    if b"0." in blob.translate(_NUMBER_MARKS):
        return False
    try:
        if value is None:
            value = _orjson.loads(blob)
        return type(value) is dict and _orjson.dumps(value, option=_orjson.OPT_SORT_KEYS) == blob
    except (ValueError, TypeError, RecursionError):  # orjson.JSONDecodeError and JSONEncodeError are among these
        return False


def _sorted_without_floats(node: dict[str, Any] | list[Any]) -> bool:
    """Whether every object in `node` has its keys in sorted order and no value in it is a float."""
    if type(node) is dict:
        if len(node) > 1:
            keys = list(node)
            if keys != sorted(keys):
                return False
        items: Any = node.values()
    else:
        items = node
    for item in items:
        kind = type(item)
        if kind is str or kind is int:
            continue
        if kind is dict or kind is list:
            if not _sorted_without_floats(item):
                return False
        elif kind is float:
            return False
    return True


def payload_text_problem(text: str | bytes, parsed: Any = None) -> str | None:
    """Why a payload text is not exactly the canonical JSON of an object (None when it is).

    A repeated key is named (readers disagree about which value counts); so is text that is not JSON, or JSON that
    is not an object, or an object spelt otherwise than canonically (key order, spaces, escapes, number forms)."""
    if parsed is None:
        try:
            parsed = json.loads(text)
        except (ValueError, RecursionError) as error:
            return f"not valid JSON ({str(error).splitlines()[0][:80]})"
    if not isinstance(parsed, dict):
        return "not a JSON object"
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if canonical_json(parsed) == text:
        return None
    repeated = duplicate_key(text)
    if repeated is not None:
        return f"key {repeated!r} appears twice in one object (readers would disagree about its value)"
    return "not in canonical JSON form (sorted keys, no spaces, as battlelog writes it)"


def payload_hash(payload_json: str) -> str:
    """sha256 hex of a payload's canonical JSON text."""
    return hashlib.sha256(payload_json.encode("utf-8")).hexdigest()


def envelope_hash(prev: str, canonical: str) -> str:
    """sha256 over prev + canonical envelope, hex."""
    return hashlib.sha256((prev + canonical).encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Draft:
    """An event not yet in the log: the store gives it seq, at, prev and hash."""

    type: str
    payload: dict[str, Any] = field(default_factory=dict)
    turn: int | None = None
    actor: str | None = None
    cause: int | None = None
    phase: str | None = None
    visible: tuple[str, ...] | None = None
    """Who may read the payload besides the GM (None: everyone, the public thread)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One immutable event of a game's stream."""

    game: str
    seq: int
    type: str
    turn: int | None
    actor: str | None
    payload: dict[str, Any]
    cause: int | None
    at: str
    prev: str
    hash: str
    phase: str | None = None
    visible: tuple[str, ...] | None = None
    v: int = 1
    """The envelope's format version (1 or 2, see the module docstring)."""

    @property
    def is_input(self) -> bool:
        return self.type in INPUT_TYPES

    def canonical(self, payload_sha: str | None = None) -> str:
        """The canonical envelope the hash covers (`payload_sha`: a withheld payload's hash, v2 only)."""
        if self.v >= 2:
            return canonical_envelope_v2(
                self.game, self.seq, self.type, self.turn, self.actor,
                payload_sha or payload_hash(canonical_json(self.payload)), self.cause, self.at, self.prev,
                self.phase, self.visible,
            )
        return canonical_envelope(
            self.game, self.seq, self.type, self.turn, self.actor,
            canonical_json(self.payload), self.cause, self.at, self.prev,
        )

    def expected_hash(self, payload_sha: str | None = None) -> str:
        return envelope_hash(self.prev, self.canonical(payload_sha))

    def seen_by(self, viewer: str | None) -> bool:
        """Whether `viewer` (an actor id, "gm", or None for the public thread) may read the payload."""
        return self.visible is None or viewer == "gm" or (viewer is not None and viewer in self.visible)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "game": self.game, "seq": self.seq, "type": self.type, "turn": self.turn, "actor": self.actor,
            "payload": self.payload, "cause": self.cause, "at": self.at, "prev": self.prev, "hash": self.hash,
        }
        if self.v >= 2:
            out.update(phase=self.phase, visible=None if self.visible is None else list(self.visible), v=self.v)
        return out


class Logged(NamedTuple):
    """What a check of a log's payloads reads of one event (`Store.logged`): an Event's game, seq, type, actor and
    payload, without its envelope. Events whose payload texts are equal may share one parsed payload: read it, never
    change it."""

    game: str
    seq: int
    type: str
    actor: str | None
    payload: dict[str, Any]


def positional_maker(cls: type) -> Any:
    """A constructor of the frozen slotted dataclass `cls` taking every field, positionally, in field order.

    It makes the very instance `cls(...)` makes (`cls` must have no __post_init__ and no init=False field), but
    sets each slot through its descriptor instead of the frozen __init__'s `object.__setattr__`: about a fifth
    cheaper, which counts where one is made per event of a replay (events read, reducer states). A field added to
    `cls` changes the maker's arguments, so a caller that does not pass it fails loudly.
    """
    names = [f.name for f in fields(cls)]
    if any(not f.init for f in fields(cls)) or hasattr(cls, "__post_init__") or "_instance_" in names:
        raise TypeError(f"{cls.__name__}: positional_maker needs plain fields and no __post_init__")
    namespace: dict[str, Any] = {"_new_": object.__new__, "_cls_": cls}
    namespace.update({f"_set_{name}_": getattr(cls, name).__set__ for name in names})
    body = "".join(f"    _set_{name}_(_instance_, {name})\n" for name in names)
    exec(f"def make({', '.join(names)}):\n    _instance_ = _new_(_cls_)\n{body}    return _instance_\n",  # noqa: S102
         namespace)
    make = namespace["make"]
    make.__doc__ = f"{cls.__name__}(...) with every field given positionally (see positional_maker)."
    return make


make_event = positional_maker(Event)
"""Event(...) with all thirteen fields positionally, a fifth cheaper (the store builds one per event it reads)."""


def seal(game: str, prev: str, seq: int, draft: Draft, at: str) -> Event:
    """Give a draft its place in the chain (a v2 envelope)."""
    visible = None if draft.visible is None else tuple(draft.visible)
    canonical = canonical_envelope_v2(game, seq, draft.type, draft.turn, draft.actor,
                                      payload_hash(canonical_json(draft.payload)), draft.cause, at, prev,
                                      draft.phase, visible)
    return Event(game, seq, draft.type, draft.turn, draft.actor, draft.payload, draft.cause, at, prev,
                 envelope_hash(prev, canonical), draft.phase, visible, FORMAT_VERSION)
