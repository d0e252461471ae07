"""Folding a game: its events indexed by turn once, the state at any (turn, phase, step), checkpoints.

State is folded with the ruleset's reducer from `game.created` (or from a checkpoint, a cache of folded states kept
in the store every `CHECKPOINT_EVERY` events and keyed by the ruleset's revision and options).
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property
from typing import TYPE_CHECKING, Any

from eventlog.envelope import Event, canonical_json
from eventlog.errors import ValidationError
from eventlog.store import Store, parse_unmatched
from replay import ruleset as registry
from replay.ruleset import Options, Ruleset

if TYPE_CHECKING:
    from replay.context import TurnInputs

CHECKPOINT_EVERY = 500
"""Events between two checkpoints: a seek folds at most about this many events."""

CORE_TYPES = frozenset({"game.created", "turn.closed", "seed.revealed", "note", "input.rejected"})


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True)
class TurnIndex:
    """One pass over a game's events: each turn's events, the closed turns, corrections by the turn they amend."""

    by_turn: dict[int, tuple[Event, ...]]
    closed: frozenset[int]
    corrections: dict[int, tuple[Event, ...]]
    order: tuple[int, ...]
    """Turns in the order they first appear in the log."""

    @classmethod
    def of(cls, events: Sequence[Event]) -> TurnIndex:
        by_turn: dict[int, list[Event]] = {}
        closed: set[int] = set()
        corrections: dict[int, list[Event]] = {}
        for e in events:
            turn = e.turn
            if turn is None or e.type == "game.created":
                continue
            in_turn = by_turn.get(turn)
            if in_turn is None:  # not `setdefault`, which makes a list for every event
                in_turn = by_turn[turn] = []
            in_turn.append(e)
            if e.type == "turn.closed":
                closed.add(e.turn)
            elif e.type == "correction" and isinstance(e.payload.get("turn"), int):
                corrections.setdefault(e.payload["turn"], []).append(e)
        return cls({t: tuple(v) for t, v in by_turn.items()}, frozenset(closed),
                   {t: tuple(v) for t, v in corrections.items()}, tuple(by_turn))


@dataclass(frozen=True)
class Game:
    """A game's log with the ruleset and options it is played under."""

    id: str
    ruleset: Ruleset
    options: Options
    setup: dict[str, Any]
    events: tuple[Event, ...]
    created: dict[str, Any] = field(default_factory=dict)

    @property
    def checkpoint_key(self) -> str:
        return checkpoint_key(self.ruleset, self.options)

    @cached_property
    def index(self) -> TurnIndex:
        return TurnIndex.of(self.events)

    @cached_property
    def starts(self) -> dict[int, Any]:
        """The state at step 0 of every closed turn, from one pass over the log (what per-turn views start from)."""
        rs = self.ruleset
        state = initial_state(self)
        out: dict[int, Any] = {}
        for e in self.events:
            t = e.turn
            if t is not None and t not in out and t in self.index.closed and (
                    e.type == "turn.closed" or (e.type != "correction" and resolution_steps(rs, e))):
                out[t] = state
            state = apply(rs, state, e)
        return out

    @property
    def recorded_revision(self) -> str | None:
        """The ruleset revision recorded in game.created (None for games recorded before revisions)."""
        rev = self.created.get("revision")
        return rev if isinstance(rev, str) else None

    def dice_policy(self, purpose: str | None) -> str:
        """`forum` or `engine` for a roll purpose: the game's policy, or its override for that purpose.

        Games recorded before dice policies existed are `engine` (their engine rolls were drawn by command)."""
        dice = self.created.get("dice")
        if not isinstance(dice, dict):
            return "engine"
        purposes = dice.get("purposes") or {}
        return str(purposes.get(purpose, dice.get("policy", "forum")))

    @cached_property
    def _seqs(self) -> list[int] | None:
        """Every event's seq, when they rise strictly (as a log's do); None otherwise."""
        seqs = [e.seq for e in self.events]
        return seqs if all(a < b for a, b in itertools.pairwise(seqs)) else None

    def last_upto(self, seq: int) -> Event:
        """The event with the largest seq at or before `seq` (found by bisection in a log's seq order)."""
        seqs = self._seqs
        if seqs is None:
            return max((e for e in self.events if e.seq <= seq), key=lambda e: e.seq)
        k = bisect.bisect_right(seqs, seq)
        if k == 0:
            raise ValueError("max() arg is an empty sequence")
        return self.events[k - 1]

    def extended(self, events: Sequence[Event]) -> Game:
        """The same game with more events appended."""
        return replace(self, events=self.events + tuple(events))


def checkpoint_key(ruleset: Ruleset, options: Options) -> str:
    digest = hashlib.sha256(canonical_json(options.model_dump(mode="json")).encode()).hexdigest()[:12]
    return f"{ruleset.key}:{ruleset.revision[:12]}:{digest}"


def game_from_events(events: Sequence[Event], *, ruleset_key: str | None = None,
                     options: dict[str, Any] | None = None) -> Game:
    """A Game from its events; `ruleset_key`/`options` override the recorded ones (rerun)."""
    if not events or events[0].type != "game.created":
        raise ValidationError("a game's first event must be game.created")
    created = events[0].payload
    rs = registry.get(ruleset_key or str(created.get("ruleset", "")))
    opts = rs.options(created.get("options") if options is None else options)
    setup = created.get("setup", {})
    return Game(events[0].game, rs, opts, setup if isinstance(setup, dict) else {}, tuple(events), dict(created))


def load(store: Store, game: str, *, unparsed: bool = False) -> Game:
    """The game's whole log. `unparsed`: where the ruleset's resolver writes plain payloads (`plain_payloads`), its
    resolutions' payloads are kept as their stored texts until first read (StoredEvent), for a command that only
    compares them with what the rules give (`payload_equals`) and ends in `payloads_checked`."""
    types = ()
    if unparsed:
        rs = load_created(store, game).ruleset
        types = rs.resolution_types if rs.plain_payloads else ()
    events = store.events(game, unparsed=types)
    if not events:
        raise ValidationError(f"no game {game!r} in this database (see `battlelog games`)")
    return game_from_events(events)


# --- folding ---------------------------------------------------------------------------------------------------

WHOLE = ("ruling", "correction")
"""Log events that may carry asserted resolution events (`events`): a whole-turn ruling, a closed turn's correction."""


def resolution_steps(ruleset: Ruleset, event: Event) -> list[Event]:
    """The reducer-visible events inside one log event: itself, the events a ruling or correction asserts, or none."""
    if event.type in ruleset.resolution_types:
        return [event]
    if event.type in WHOLE:
        inner = event.payload.get("events")
        if not isinstance(inner, list):
            return []
        return [replace(event, type=str(i.get("type")), payload=i.get("payload", {})) for i in inner
                if isinstance(i, dict)]
    return []


def apply(ruleset: Ruleset, state: Any, event: Event) -> Any:
    """Fold one log event into the state (inputs and bookkeeping events leave it unchanged)."""
    if event.type in ruleset.resolution_types:
        return ruleset.evolve(state, event)
    if event.type in WHOLE:
        for step in resolution_steps(ruleset, event):
            state = ruleset.evolve(state, step)
    return state


def fold_events(ruleset: Ruleset, state: Any, events: Iterable[Event]) -> Any:
    evolve, types = ruleset.evolve, ruleset.resolution_types
    for e in events:
        if e.type in types:
            state = evolve(state, e)
        elif e.type in WHOLE:
            state = apply(ruleset, state, e)
    return state


def initial_state(game: Game) -> Any:
    return game.ruleset.initial(game.setup, game.options)


def fold(game: Game, upto_seq: int | None = None) -> Any:
    """The state after every event up to `upto_seq` (all when None)."""
    events = game.events if upto_seq is None else [e for e in game.events if e.seq <= upto_seq]
    return fold_events(game.ruleset, initial_state(game), events)


@dataclass(frozen=True)
class TurnSteps:
    """Where a turn stands: its log events, its resolution steps (with the seq each ends at) and their phases."""

    turn: int
    events: tuple[Event, ...]
    steps: tuple[tuple[int, Event], ...]
    """(seq of the log event, the resolution step) in order; a ruling contributes one step per asserted event."""
    provisional: bool = False
    """The turn is open: its steps were resolved from the inputs so far and are not in the log."""

    @property
    def count(self) -> int:
        return len(self.steps)

    @property
    def phases(self) -> list[str]:
        """The phase labels of the turn's steps, in order of first appearance."""
        seen: list[str] = []
        for _, s in self.steps:
            if s.phase is not None and s.phase not in seen:
                seen.append(s.phase)
        return seen

    def span(self, phase: str | None) -> tuple[int, int]:
        """(first, end) step indexes of a phase (the whole turn for None); step k of the phase is index first+k."""
        if phase is None:
            return 0, self.count
        idx = [i for i, (_, s) in enumerate(self.steps) if s.phase == phase]
        if not idx:
            known = ", ".join(self.phases) or "none"
            raise ValidationError(f"--phase: turn {self.turn} has no phase {phase!r} (its phases: {known})")
        return idx[0], idx[-1] + 1


def turn_steps(game: Game, turn: int) -> TurnSteps:
    events = game.index.by_turn.get(turn, ())
    steps = tuple((e.seq, s) for e in events if e.type != "correction" for s in resolution_steps(game.ruleset, e))
    return TurnSteps(turn, events, steps)


def state_before(game: Game, turn: int, store: Store | None = None, steps: TurnSteps | None = None) -> Any:
    """The state at step 0 of `turn`: every event before its first resolution step folded (a correction of an
    earlier turn recorded while this one was open included), from the nearest checkpoint when a store is given."""
    events = game.index.by_turn.get(turn, ())
    ts = steps or turn_steps(game, turn)
    if store is None and not ts.provisional and turn in game.index.closed:
        return game.starts[turn]
    first = events[0].seq if events else game.events[-1].seq + 1
    upto = ts.steps[0][0] if ts.steps and not ts.provisional else (events[-1].seq + 1 if events else first)
    cp = store.checkpoint(game.id, game.checkpoint_key, first - 1) if store is not None else None
    start, state = (0, initial_state(game)) if cp is None else (cp[0], game.ruleset.state_from_json(json.loads(cp[1])))
    return fold_events(game.ruleset, state, (e for e in game.events if start < e.seq < upto))


def seek(store: Store, game: Game, turn: int, step: int | None = None, span: tuple[int, int] | None = None) -> Any:
    """The state after `step` resolution steps of a closed turn, through the store's checkpoints.

    Reads only what the fold takes: the turn's first and last seq, the nearest checkpoint, then the reducer's
    events (resolutions, rulings and corrections) from there to the turn's end. `span`: the turn's (first seq,
    last seq), if read already (`load_closed_turn`).
    """
    if span is None:
        span = store.turn_range(game.id, turn)
    if span is None:
        raise ValidationError(f"turn {turn} has no events in game {game.id!r}")
    first, last = span
    cp = store.checkpoint(game.id, game.checkpoint_key, first - 1)
    if cp is None:
        state, start = initial_state(game), 1
    else:
        state, start = game.ruleset.state_from_json(json.loads(cp[1])), cp[0] + 1
    rs = game.ruleset
    events = store.events_of_types(game.id, rs.resolution_types | set(WHOLE), from_seq=start, upto_seq=last)
    mine = [e for e in events if e.seq >= first and e.turn == turn and e.type != "correction"]
    upto = mine[0].seq if mine else last + 1
    state = fold_events(rs, state, (e for e in events if e.seq < upto))
    steps = [s for e in mine for s in resolution_steps(rs, e)]
    k = len(steps) if step is None else step
    if not 0 <= k <= len(steps):
        raise ValidationError(f"turn {turn} has steps 0..{len(steps)}, not {k}")
    for s in steps[:k]:
        state = rs.evolve(state, s)
    return state


class Checkpoints:
    """The states a fold keeps as checkpoints while it walks a log: the state after the first turn.closed at least
    CHECKPOINT_EVERY events after the previous one (or after `mark`)."""

    def __init__(self, ruleset: Ruleset, mark: int = 0):
        self.ruleset, self.mark = ruleset, mark
        self.states: list[tuple[int, str]] = []
        """(seq, canonical state JSON) in seq order."""

    def after(self, event: Event, state: Any) -> None:
        """Keep `state` (the fold's after `event`) if a checkpoint falls there."""
        if event.type == "turn.closed" and event.seq - self.mark >= CHECKPOINT_EVERY:
            self.states.append((event.seq, canonical_json(self.ruleset.state_json(state))))
            self.mark = event.seq


def write_checkpoints(store: Store, game: Game, states: Checkpoints | None = None) -> int:
    """Store folded states every CHECKPOINT_EVERY events at turn boundaries; returns how many were written.

    `states`: those a whole-log walk from game.created kept already (`importing.check_log`), taken as they are
    when the store holds no checkpoint of the game yet, instead of folding the log a second time. The states are
    written together, in one transaction (one commit, not one per checkpoint).
    """
    rs, key = game.ruleset, game.checkpoint_key
    last = game.events[-1].seq
    cp = store.checkpoint(game.id, key, last)
    if cp is None and states is not None and states.ruleset is rs:
        return store.put_checkpoints(game.id, key, states.states)
    if cp is None:
        state, start = initial_state(game), 0
    else:
        state, start = rs.state_from_json(json.loads(cp[1])), cp[0]
    kept = Checkpoints(rs, start)
    evolve, types = rs.evolve, rs.resolution_types
    for e in game.events:
        if e.seq <= start:
            continue
        if e.type in types:
            state = evolve(state, e)
        elif e.type in WHOLE:
            state = apply(rs, state, e)
        kept.after(e, state)
    return store.put_checkpoints(game.id, key, kept.states)


def turn_inputs(game: Game, turn: int) -> TurnInputs:
    global _TurnInputs
    if _TurnInputs is None:
        from replay.context import TurnInputs  # the resolution context: not imported by a state read

        _TurnInputs = TurnInputs
    return _TurnInputs.of(turn, game.index.by_turn.get(turn, ()))


_TurnInputs: Any = None
"""`replay.context.TurnInputs` once a resolution has imported it (`turn_inputs` runs once a turn)."""


def closed_turns(game: Game) -> frozenset[int]:
    return game.index.closed


def turns(game: Game) -> list[int]:
    return sorted(game.index.by_turn)


def replay_store(store: Store, game_id: str) -> tuple[Game, Any]:
    """The game's final state folded straight from the store, reading only what the reducer takes.

    One query reads game.created's ruleset and setup, one more the resolution, ruling and correction events
    (through Arrow); each payload is parsed just before it is folded. The Game returned holds only its
    game.created event; use `load` for a Game with its whole log. The state equals `fold(load(store, game_id))`.
    """
    from eventlog.envelope import gc_paused

    created = store.event(game_id, 1)
    if created is None:
        raise ValidationError(f"no game {game_id!r} in this database (see `battlelog games`)")
    game = game_from_events([created])
    rs = game.ruleset
    with gc_paused():
        events = store.read_events(game_id, types=rs.resolution_types | set(WHOLE))
        return game, fold_events(rs, initial_state(game), events)


# --- reading only what a command needs -------------------------------------------------------------------------

def load_created(store: Store, game_id: str) -> Game:
    """A Game holding only its game.created event: its ruleset, options, setup and checkpoint key (enough to seek)."""
    created = store.event(game_id, 1)
    if created is None:
        raise ValidationError(f"no game {game_id!r} in this database (see `battlelog games`)")
    return game_from_events([created])


def load_span(store: Store, game_id: str, turn: int | None = None, created: Game | None = None,
              span: tuple[int, int] | None = None) -> tuple[Game, Any]:
    """The game from the checkpoint nearest before `turn` (the latest one when None) on, and its state now.

    The Game holds game.created, the checkpoint's own event (a turn.closed, which folds to nothing) and every
    event after it, so its last event is the game's head and its index knows the turns from there to the end:
    `play.point(game, state)` is where the whole game stands, and the views of a closed turn after the
    checkpoint (given the store) are the whole game's. The state is the checkpoint's with the span folded on it
    (`fold(game)` of a span is not the game's state). `created`: the game's `load_created`, if read already;
    `span`: the turn's (first seq, last seq), if read already (`load_closed_turn`).
    """
    game = created if created is not None else load_created(store, game_id)
    upto = 2**63 - 1
    if turn is not None:
        if span is None:
            span = store.turn_range(game_id, turn)
        if span is None:
            raise ValidationError(f"turn {turn} has no events in game {game_id!r}")
        upto = span[0] - 1
    cp = store.checkpoint(game_id, game.checkpoint_key, upto)
    if cp is None:
        state, events = initial_state(game), store.events(game_id, from_seq=2)
    else:
        state, events = game.ruleset.state_from_json(json.loads(cp[1])), store.events(game_id, from_seq=max(2, cp[0]))
    return game.extended(events), fold_events(game.ruleset, state, events)


def load_closed_turn(store: Store, game_id: str, turn: int) -> tuple[Game, tuple[int, int]] | None:
    """`load_created` and the turn's (first seq, last seq) for `seek`, in one query, when `turn` is closed in the
    log (`is_closed`); None when it is not, or when there is no such game."""
    found = store.closed_turn(game_id, turn)
    if found is None:
        return None
    created, span = found
    return game_from_events([created]), span


def is_closed(store: Store, game_id: str, turn: int) -> bool:
    """Whether the game's log holds turn.closed of `turn` (read from the store, not from a loaded game)."""
    return store.has_event(game_id, "turn.closed", turn)


def load_frozen(store: Store, game_id: str, *, unparsed: bool = False) -> Game:
    """`load`, then the loaded objects moved out of the cyclic GC's sight (`gc.freeze`): a command that goes on
    to fold or audit the whole game does not pay a collection over them (0.4-0.5 s on 100k events, NOTES.md)."""
    import gc

    # The collector stays paused until the objects are frozen: re-enabled first, its next allocation would start a
    # collection over every object the read just made (~0.3 s on 100k events), the one freezing avoids.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        game = load(store, game_id, unparsed=unparsed)
        gc.freeze()
    finally:
        if was_enabled:
            gc.enable()
    return game


@contextmanager
def payloads_checked(game: Game) -> Iterator[None]:
    """Around the work on a game loaded with `unparsed` payloads: each stored text neither parsed nor matched is
    parsed when the work ends, or first where it raises, so a text that is not JSON gives the ChainError `load` gives
    (the first such in the log) whatever the work reached, and before anything is printed."""
    try:
        yield
    except Exception:
        parse_unmatched(game.events)
        raise
    parse_unmatched(game.events)


_SHORT = 512
"""Payloads up to this many bytes that `replay_verified` found JSON are not parsed (nor hashed) again."""
REPLAY_CHUNK = 4096
"""Events read per query by `replay_verified` (memory stays bounded whatever the game's length)."""


def replay_verified(store: Store, game_id: str) -> tuple[int, Any]:
    """Every event of the game read, its seq, link and hash checked, its payload parsed, each resolution payload
    validated by the ruleset (`validate_event`), the reducer's events folded; returns (events read, the final state).

    The hash is computed over the payload bytes as stored (as `Store.verify` computes it), so a payload
    is not serialised again; whether a stored text is in canonical form (sorted keys, no repeated key) is
    `Store.verify`'s check, not this one's. The events are read in chunks of REPLAY_CHUNK rows and dropped once
    folded; only the reducer's become Event objects. A bad event raises the ChainError `verify_chain` would raise
    for an edited or missing event (or ValidationError naming the payload's problems)."""
    import hashlib

    from eventlog.envelope import GENESIS, canonical_envelope, canonical_envelope_v2, gc_paused, make_event
    from eventlog.errors import ChainError
    from eventlog.fastjson import from_json
    from eventlog.store import _stored_payload, _visible

    game = load_created(store, game_id)
    rs = game.ruleset
    evolve, types, validate = rs.evolve, rs.resolution_types, rs.validate_event
    sha256 = hashlib.sha256
    state, seq, prev = initial_state(game), 0, GENESIS
    known: dict[bytes, str] = {}
    """Short payloads parsed already (valid JSON) -> their sha256: a game repeats its orders and rolls."""
    audiences: dict[str, tuple[str, ...] | None] = {}
    """Visible texts read already -> who sees the payload: a game has a few (each side's hidden orders)."""
    with gc_paused():
        while True:
            chunk = store.rows(game_id, from_seq=seq + 1, upto_seq=seq + REPLAY_CHUNK)
            for at, type_, turn, actor, blob, cause, stamp, link, digest, phase, seen, v in chunk:
                seq += 1
                if at != seq:
                    raise ChainError(at, f"game {game_id}: expected seq {seq} here (a missing or reordered event)")
                if link != prev:
                    raise ChainError(seq, "prev does not match the hash of the event before it")
                if seen is None:
                    visible = None
                elif seen in audiences:
                    visible = audiences[seen]
                else:
                    visible = audiences[seen] = _visible(seen)
                seen_before = v >= 2 and len(blob) <= _SHORT and blob in known  # a long text is never kept
                if v >= 2:
                    blob_hash = known[blob] if seen_before else sha256(blob).hexdigest()
                    envelope = canonical_envelope_v2(game_id, seq, type_, turn, actor, blob_hash, cause, stamp, link,
                                                     phase, visible)
                else:
                    envelope = canonical_envelope(game_id, seq, type_, turn, actor, blob.decode("utf-8"), cause,
                                                  stamp, link)
                if sha256((link + envelope).encode("utf-8")).hexdigest() != digest:
                    raise ChainError(seq, "hash does not match its content (edited behind battlelog's back?)")
                prev = digest
                if type_ not in types and type_ not in WHOLE:  # read only to find it JSON
                    if not seen_before:
                        _stored_payload(game_id, seq, blob)
                        if v >= 2 and len(blob) <= _SHORT:
                            known[blob] = blob_hash
                    continue
                try:  # `_stored_payload` inlined: it answers only what from_json does not read (or the ChainError)
                    payload = from_json(blob)
                except (ValueError, RecursionError):
                    payload = _stored_payload(game_id, seq, blob)
                if type_ in types:
                    problems = validate(type_, payload)
                    if problems:
                        raise ValidationError([f"seq {seq} ({type_}): payload.{p}" for p in problems])
                    state = evolve(state, make_event(game_id, seq, type_, turn, actor, payload, cause, stamp, link,
                                                     digest, phase, visible, v))
                elif type_ in WHOLE:
                    state = apply(rs, state, make_event(game_id, seq, type_, turn, actor, payload, cause, stamp,
                                                        link, digest, phase, visible, v))
            if len(chunk) < REPLAY_CHUNK:
                return seq, state
