"""Importing logs: exported ones (verified, every input checked against the rules) and hand-written ones (each turn
resolved under the rules once the next turn's inputs begin), and the whole-log check both share.

An import is all or nothing, for a log of several games too (one transaction); it ends by saying what each game
waits for. An illegal recorded input fails it wherever it stands, the last turn included.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from eventlog import jsonl
from eventlog.envelope import Draft, Event, gc_paused, seal
from eventlog.errors import ChainError, ValidationError
from eventlog.store import Store, verify_chain
from replay.context import Request, TurnInputs, run
from replay.fold import (
    WHOLE,
    Checkpoints,
    Game,
    TurnIndex,
    apply,
    game_from_events,
    initial_state,
    now,
    write_checkpoints,
)
from replay.play import INPUT_DRAFT_TYPES, check_draft, resolve_turn
from replay.ruleset import Point, Ruleset


@dataclass
class Imported:
    """One imported game: its events and what it waits for now."""

    events: list[Event]
    requests: list[Request] = field(default_factory=list)
    over: bool = False
    checkpoints: Checkpoints | None = None
    """The states `check_log` kept on its walk for `write_checkpoints` (so the log is folded once)."""


def _needs_point(rs: Ruleset) -> bool:
    """Whether the ruleset checks inputs against the state where resolution waits (not only the turn's start)."""
    from replay.ruleset import Ruleset as Base

    return type(rs).check is not Base.check


class _LazyPoint(Point):
    """The Point `resolve_turn` gives for (state, turn, events), resolved only when a check reads what resolution
    found (`state`, `drafts`, `requests`, `error`, `unused`): a check that reads only the turn's start and its
    inputs (an order's, in most rulesets) costs no resolution, and one that reads more gets exactly the Point it
    would have had (pure: `resolve_turn` appends nothing)."""

    def __init__(self, game: Game, start: Any, turn: int, events: Sequence[Event]):
        events = tuple(events)  # the walk goes on appending to its list
        self.__dict__.update(turn=turn, start=start, inputs=TurnInputs.of(turn, events), _lazy=(game, events),
                             _point=None)  # as the frozen __init__ sets them (one Point an input: ~2x cheaper)

    def _resolved(self) -> Point:
        point = self.__dict__["_point"]
        if point is None:
            game, _ = self.__dict__["_lazy"]
            rs, inputs = game.ruleset, self.inputs
            inputs._index  # noqa: B018 - sorted here, where the resolution's copy of the inputs and the check share it
            stop = run(rs.resolve, rs.evolve, self.start, self.turn, inputs, game.options, game.id)
            point = Point(self.turn, self.start, stop.state, inputs, stop.drafts, stop.requests, stop.error,
                          stop.unused)
            object.__setattr__(self, "_point", point)
        return point

    state = property(lambda self: self._resolved().state)  # type: ignore[assignment]
    drafts = property(lambda self: self._resolved().drafts)  # type: ignore[assignment]
    requests = property(lambda self: self._resolved().requests)  # type: ignore[assignment]
    error = property(lambda self: self._resolved().error)  # type: ignore[assignment]
    unused = property(lambda self: self._resolved().unused)  # type: ignore[assignment]


def _cheap_point(turn: int | None, state: Any, events: Sequence[Event]) -> Point:
    return Point(turn, state, state, TurnInputs.of(turn or 0, events) if turn is not None else None)


def check_log(events: list[Event], *, shapes_checked: bool = False) -> Imported:
    """Check a whole exported log as it would have been appended: the setup, then each input against the rules
    where the game stood, then the open turn as far as it resolves (an illegal recorded input fails it).

    `shapes_checked`: every payload's core fields were checked when the log was read (`core_payload_problems`:
    `jsonl.parse_lines` and `Staged.events` check every line), so the input checks do not check them again."""
    game = game_from_events(events)
    rs = game.ruleset
    problems = [f"seq 1 setup: {p}" for p in rs.validate_setup(game.setup)]
    if problems:
        raise ValidationError(problems)
    full = _needs_point(rs)
    state = initial_state(game)
    by_turn: dict[int | None, list[Event]] = {}
    closed: set[int] = set()
    walked = _closed(closed)
    probe = Game(game.id, rs, game.options, game.setup, (events[0],), game.created)
    checked = _with_index(probe, None)  # the Game each check reads: its index set to the walk's before each check
    kept = Checkpoints(rs)
    current_turn, resolution_types, evolve = rs.current_turn, rs.resolution_types, rs.evolve
    for e in events[1:]:
        type_ = e.type
        if type_ in INPUT_DRAFT_TYPES and not (type_ == "ruling" and "events" in e.payload):
            turn = current_turn(state)
            if turn in closed:
                turn = None
            here_events = tuple(by_turn.get(turn, ()))  # the walk goes on appending to its list
            here = _LazyPoint(probe, state, turn, here_events) if full and turn is not None else \
                _cheap_point(turn, state, here_events)
            checked.__dict__["index"] = TurnIndex({turn: here_events} if turn is not None else {}, walked, {}, ())
            try:
                check_draft(checked, here, Draft(type_, e.payload, e.turn, e.actor, e.cause, e.phase, e.visible),
                            turn_events=here_events, shapes_checked=shapes_checked)
            except ValidationError as exc:
                raise ValidationError([f"seq {e.seq} ({type_} of {e.actor or 'GM'}, turn {e.turn}): {p}"
                                       for p in exc.problems]) from exc
        elif type_ in resolution_types or type_ == "ruling":
            for p in _event_problems(rs, e):
                raise ValidationError(f"seq {e.seq} ({type_}): {p}")
        if type_ in resolution_types:  # `apply`, its commonest case inline
            state = evolve(state, e)
        elif type_ in WHOLE:
            state = apply(rs, state, e)
        if type_ == "turn.closed":
            kept.after(e, state)
            if e.turn is not None:
                closed.add(e.turn)
        in_turn = by_turn.get(e.turn)
        if in_turn is None:
            by_turn[e.turn] = [e]
        else:
            in_turn.append(e)
    out = _ending(game, state, by_turn, closed)
    out.checkpoints = kept
    return out


def _closed(closed: set[int]) -> frozenset[int]:
    """The walk's own set of closed turns, lent to one check as the index's (`in` is all a check asks of it).

    Not copied: a frozenset of every closed turn for every input made a long log's import quadratic (14,286
    turns, 57,144 inputs: 11 s of a 100k-event import). The walk does not change it while the check runs."""
    return closed  # type: ignore[return-value]


def _with_index(game: Game, index: Any) -> Game:
    g = Game(game.id, game.ruleset, game.options, game.setup, game.events, game.created)
    g.__dict__["index"] = index
    return g


def _event_problems(rs: Ruleset, e: Event) -> list[str]:
    if e.type in rs.resolution_types:
        return [f"payload.{p}" for p in rs.validate_event(e.type, e.payload)]
    inner = e.payload.get("events")
    if inner is None:
        return []
    if not isinstance(inner, list):
        return ["payload.events: a list of resolution events"]
    out = []
    for i, ev in enumerate(inner):
        if not isinstance(ev, dict) or ev.get("type") not in rs.resolution_types:
            out.append(f"payload.events[{i}].type: not a resolution of {rs.key}")
        elif not isinstance(ev.get("payload", {}), dict):
            out.append(f"payload.events[{i}].payload: an object")
        else:
            out += [f"payload.events[{i}].payload.{p}" for p in rs.validate_event(ev["type"], ev.get("payload", {}))]
    return out


def _ending(game: Game, state: Any, by_turn: dict[int | None, list[Event]], closed: set[int]) -> Imported:
    """What a walked log waits for at its end; an illegal input of the open turn fails the import."""
    rs = game.ruleset
    turn = rs.current_turn(state)
    out = Imported(list(game.events))
    if turn is None:
        out.over = True
        return out
    here = resolve_turn(game, state, turn, by_turn.get(turn, []))
    if here.error:
        raise ValidationError(f"turn {turn} cannot be resolved from the log: {here.error}")
    out.requests = list(here.requests)
    return out


def record(raw: Sequence[Any], *, at: str) -> Imported:
    """Chain a hand-written log (lines without seq/hash), resolving each turn under the rules once its inputs end.

    An input for a later turn first resolves the open turn from the inputs recorded so far (nothing is drawn or
    chosen: a missing roll or choice is an error naming it). After the last line the open turn is resolved and
    closed if its inputs are complete; otherwise the import says what it waits for. Lines may also carry
    resolutions or rulings of their own; those are kept as written.
    """
    if not raw or raw[0].type != "game.created":
        raise ValidationError("line 1: a game's first event must be game.created")
    first = raw[0]
    stamp = first.at or at
    created = dict(first.payload)
    events = [seal(first.game, "0" * 64, 1, Draft(first.type, created, first.turn, first.actor, first.cause), stamp)]
    game = game_from_events(events)
    rs = game.ruleset
    if "revision" not in created:
        created["revision"] = rs.revision
        events = [seal(first.game, "0" * 64, 1, Draft(first.type, created, first.turn, first.actor, first.cause),
                       stamp)]
        game = game_from_events(events)
    problems = rs.validate_setup(game.setup)
    if problems:
        raise ValidationError([f"line 1 setup: {p}" for p in problems])
    state = initial_state(game)
    by_turn: dict[int | None, list[Event]] = {}
    closed: set[int] = set()

    def push(draft: Draft) -> None:
        nonlocal state
        e = seal(game.id, events[-1].hash, events[-1].seq + 1, draft, stamp)
        events.append(e)
        by_turn.setdefault(e.turn, []).append(e)
        if e.type == "turn.closed" and e.turn is not None:
            closed.add(e.turn)
        state = apply(rs, state, e)

    def resolve_open(final: bool) -> Point | None:
        turn = rs.current_turn(state)
        here = resolve_turn(game, state, turn, by_turn.get(turn, []))
        if here.error:
            raise ValidationError(f"turn {turn} cannot be resolved from the log: {here.error}")
        if here.requests:
            if final:
                return here
            waits = "; ".join(f"waiting for {r.text()}" for r in here.requests)
            raise ValidationError(f"turn {turn} cannot be resolved from the log: {waits}")
        for d in [*here.drafts, Draft("turn.closed", {"unused": [e.seq for e in here.unused]} if here.unused
                                      else {}, turn)]:
            push(d)
        return None

    for r in raw[1:]:
        if r.game != game.id or r.seq is not None or r.hash is not None:
            raise ValidationError(f"line {r.line}: a hand-written log holds one game and no seq/hash "
                                  "(import an exported log as it is)")
        stamp = r.at or stamp
        current = rs.current_turn(state)
        is_input = r.type in INPUT_DRAFT_TYPES and not (r.type == "ruling" and "events" in r.payload)
        while is_input and current is not None and r.turn is not None and r.turn > current:
            resolve_open(final=False)
            current = rs.current_turn(state)
        draft = Draft(r.type, r.payload, r.turn, r.actor, r.cause, r.phase,
                      None if r.visible is None else tuple(r.visible))
        if is_input:
            here_events = by_turn.get(current, [])
            here = _LazyPoint(game, state, current, here_events) if current is not None else \
                Point(None, state, state, None)
            walked = _with_index(game, TurnIndex({current: tuple(here_events)} if current is not None else {},
                                                 _closed(closed), {}, ()))
            try:
                draft = check_draft(walked, here, draft, turn_events=here_events)
            except ValidationError as exc:
                raise ValidationError([f"line {r.line} ({r.type} of {r.actor or 'GM'}, turn {r.turn}): {p}"
                                       for p in exc.problems]) from exc
        elif r.type in rs.resolution_types or r.type == "ruling":
            probe = Event(game.id, 0, r.type, r.turn, r.actor, r.payload, None, "", "", "")
            for p in _event_problems(rs, probe):
                raise ValidationError(f"line {r.line} ({r.type}): {p}")
        push(draft)
    out = Imported(events)
    current = rs.current_turn(state)
    if current is None:
        out.over = True
    else:
        waiting = resolve_open(final=True)
        if waiting is not None:
            out.requests = list(waiting.requests)
        elif rs.current_turn(state) is None:
            out.over = True
        else:
            here = resolve_turn(game, state, rs.current_turn(state), [])
            out.requests = list(here.requests)
    out.events = events
    return out


def import_exported(store: Store, text: str | bytes, *, source: str) -> dict[str, Imported] | None:
    """`battlelog import` of an exported log (every line with seq, prev, at and hash), the bulk way.

    All or nothing for the whole log: every game must be new; each game's lines' hashes and links are verified in
    bulk (`eventlog.jsonl.stage_exported`); its events, parsed once, go to `check_log` (the setup and every input
    against the rules); only when every game passes are they all inserted, in one transaction; the checkpoints are
    written after it. Returns {game: Imported}, or None when the text is not such a log (hand-written lines).
    """
    staged = jsonl.stage_exported(store, text, source=source)
    return None if staged is None else _import_staged(store, staged)


def _import_staged(store: Store, staged: jsonl.Staged) -> dict[str, Imported]:
    """import_exported once the log is staged."""
    out: dict[str, Imported] = {}
    checked: list[list[Event]] = []
    with staged:
        with _together(staged.games):
            for game_id in staged.games:
                _refuse_existing(store, game_id)
                with gc_paused():  # the events stay to the end: frozen before any collection walks them
                    events = staged.events(game_id)
                    gc.freeze()  # later collections (the rule check's) skip them
                problems = staged.problems([game_id])
                if problems:
                    raise ValidationError(problems)
                out[game_id] = check_log(events, shapes_checked=True)
                checked.append(events)
        staged.insert(list(staged.games))
    for events, imported in zip(checked, out.values(), strict=True):
        write_checkpoints(store, game_from_events(events), imported.checkpoints)
    return out


def _refuse_existing(store: Store, game: str) -> None:
    if store.exists(game):
        raise ValidationError(f"game {game!r} already exists in this database; import it under another name "
                              "(--as NEWID)")


@contextmanager
def _together(games: Sequence[str]) -> Iterator[None]:
    """Say, when one game of a log of several is refused, that none of them was imported."""
    try:
        yield
    except (ValidationError, ChainError) as exc:
        if len(games) < 2:
            raise
        problems = exc.problems if isinstance(exc, ValidationError) else [str(exc)]
        raise ValidationError([*problems, f"nothing imported: the log's {len(games)} games "
                               f"({', '.join(games)}) are imported together or not at all"]) from exc


def import_text(store: Store, text: str | bytes, *, source: str, rename: str | None = None) -> dict[str, Imported]:
    """Parse, chain and check JSONL text, then import each game in one transaction (all or nothing per game).

    `text` may be the file's bytes (UTF-8): an export is then staged from them as they are, never decoded into a
    str and encoded back. `rename` imports a one-game log under another id (the chain is rebuilt: the game id is
    in every hash)."""
    if rename is None and (bulk := import_exported(store, text, source=source)) is not None:
        return bulk  # an exported log: hashes and links verified in bulk, inputs checked by check_log
    return import_plain(store, text, source=source, rename=rename)


def import_read(store: Store, read: Callable[[], str | bytes], *, source: str,
                rename: str | None = None) -> dict[str, Imported]:
    """import_text of the text `read()` gives, let go as soon as an export is staged: the file's bytes are not kept
    beside the events parsed from them (for `battlelog import`, which hands over the only reference it had)."""
    text = read()
    if rename is None:
        staged = jsonl.stage_exported(store, text, source=source)
        if staged is not None:
            del text  # every line is in the staged table now
            return _import_staged(store, staged)
    return import_plain(store, text, source=source, rename=rename)


def _decoded(text: str | bytes, source: str) -> str:
    """The text of a log given as bytes (UTF-8); ValidationError naming the source and byte where it is not."""
    if isinstance(text, str):
        return text
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValidationError(f"{source}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc


def import_plain(store: Store, text: str | bytes, *, source: str, rename: str | None = None) -> dict[str, Imported]:
    """import_text line by line in Python: the only way for hand-written logs, the reference for exported ones."""
    raw = jsonl.parse_lines(_decoded(text, source).splitlines(), source=source)
    jsonl.refuse_withheld(raw)
    by_game: dict[str, list[Any]] = {}
    for r in raw:
        by_game.setdefault(r.game, []).append(r)
    if rename is not None:
        if len(by_game) != 1:
            raise ValidationError(f"--as: the log holds {len(by_game)} games; --as renames a one-game log")
        lines = next(iter(by_game.values()))
        exported = any(r.hash is not None for r in lines)
        if exported:
            verify_chain(jsonl.chain(lines, head=None, now=now()))
        update = {"game": rename, "seq": None, "prev": None, "hash": None, "v": None}
        renamed = [r.model_copy(update=update) for r in lines]
        if exported:  # the chain is rebuilt under the new id (the id is in every hash), every event kept
            events = jsonl.chain(renamed, head=None, now=now())
            if store.exists(rename):
                raise ValidationError(f"game {rename!r} already exists in this database")
            imported = check_log(events, shapes_checked=True)
            store.import_events(events)
            write_checkpoints(store, game_from_events(events), imported.checkpoints)
            return {rename: imported}
        by_game = {rename: renamed}
    out: dict[str, Imported] = {}
    with _together(list(by_game)):
        for game, lines in by_game.items():
            _refuse_existing(store, game)
            if any(r.hash is not None for r in lines):
                events = jsonl.chain(lines, head=None, now=now())
                verify_chain(events)
                out[game] = check_log(events, shapes_checked=True)
            else:
                out[game] = record(lines, at=now())
    store.import_events([e for imported in out.values() for e in imported.events])  # one transaction
    for imported in out.values():
        write_checkpoints(store, game_from_events(imported.events), imported.checkpoints)
    return out
