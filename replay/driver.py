"""The driver: load a game, fold it to any (turn, step), append validated inputs, resolve pending turns.

Everything with I/O sits here and in the CLI; rulesets stay pure. State is folded with the ruleset's reducer from
`game.created` (or from a checkpoint, a cache of folded states kept in the store every `CHECKPOINT_EVERY` events).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from eventlog import dice as dicelib
from eventlog import seal as seallib
from eventlog.envelope import Draft, Event, canonical_json
from eventlog.errors import BattlelogError, ValidationError
from eventlog.store import Store
from replay import ruleset as registry
from replay.inputs import Inputs, MissingInput, TurnInputs, Waiting
from replay.ruleset import FrameView, Options, Ruleset, TurnView

CHECKPOINT_EVERY = 500
"""Events between two checkpoints: a seek folds at most about this many events."""

CORE_TYPES = frozenset({"game.created", "turn.closed", "seed.revealed", "note"})


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True)
class Game:
    """A game's log with the ruleset and options it is played under."""

    id: str
    ruleset: Ruleset
    options: Options
    setup: dict[str, Any]
    events: tuple[Event, ...]

    @property
    def checkpoint_key(self) -> str:
        return checkpoint_key(self.ruleset, self.options)


def checkpoint_key(ruleset: Ruleset, options: Options) -> str:
    digest = hashlib.sha256(canonical_json(options.model_dump(mode="json")).encode()).hexdigest()[:12]
    return f"{ruleset.key}:{digest}"


def game_from_events(events: Sequence[Event], *, ruleset_key: str | None = None,
                     options: dict[str, Any] | None = None) -> Game:
    """A Game from its events; `ruleset_key`/`options` override the recorded ones (rerun)."""
    if not events or events[0].type != "game.created":
        raise ValidationError("a game's first event must be game.created")
    created = events[0].payload
    rs = registry.get(ruleset_key or created.get("ruleset", ""))
    opts = rs.options(created.get("options") if options is None else options)
    return Game(events[0].game, rs, opts, created.get("setup", {}), tuple(events))


def load(store: Store, game: str) -> Game:
    events = store.events(game)
    if not events:
        raise ValidationError(f"no game {game!r} in this database (see `battlelog games`)")
    return game_from_events(events)


# --- folding ---------------------------------------------------------------------------------------------------

def resolution_steps(ruleset: Ruleset, event: Event) -> list[Event]:
    """The reducer-visible events inside one log event: itself, a ruling's asserted events, or none."""
    if event.type in ruleset.resolution_types:
        return [event]
    if event.type == "ruling":
        return [
            replace(event, type=inner["type"], payload=inner.get("payload", {}))
            for inner in event.payload.get("events", [])
        ]
    return []


def apply(ruleset: Ruleset, state: Any, event: Event) -> Any:
    """Fold one log event into the state (inputs and bookkeeping events leave it unchanged)."""
    if event.type in ruleset.resolution_types:
        return ruleset.evolve(state, event)
    if event.type == "ruling":
        for step in resolution_steps(ruleset, event):
            state = ruleset.evolve(state, step)
    return state


def fold_events(ruleset: Ruleset, state: Any, events: Iterable[Event]) -> Any:
    evolve, types = ruleset.evolve, ruleset.resolution_types
    for e in events:
        if e.type in types:
            state = evolve(state, e)
        elif e.type == "ruling":
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
    """Where a turn stands in the log: its events, its resolution steps and the seq each step ends at."""

    turn: int
    events: tuple[Event, ...]
    steps: tuple[tuple[int, Event], ...]
    """(seq of the log event, the resolution step) in order; a ruling contributes one step per asserted event."""

    @property
    def count(self) -> int:
        return len(self.steps)


def turn_steps(game: Game, turn: int) -> TurnSteps:
    events = tuple(e for e in game.events if e.turn == turn and e.type != "game.created")
    steps = tuple((e.seq, s) for e in events for s in resolution_steps(game.ruleset, e))
    return TurnSteps(turn, events, steps)


def state_at(game: Game, turn: int, step: int | None = None, store: Store | None = None) -> tuple[Any, TurnSteps]:
    """The state at step `step` of `turn` (None = after the whole turn; 0 = before its first resolution).

    With `store`, the fold starts from the nearest checkpoint before the turn instead of from game.created.
    """
    ts = turn_steps(game, turn)
    if not ts.events and turn > 0:
        raise ValidationError(f"turn {turn} has no events in game {game.id!r}")
    k = ts.count if step is None else step
    if not 0 <= k <= ts.count:
        raise ValidationError(f"turn {turn} has steps 0..{ts.count}, not {k}")
    first_seq = ts.events[0].seq if ts.events else game.events[-1].seq + 1
    cp = store.checkpoint(game.id, game.checkpoint_key, first_seq - 1) if store is not None else None
    start, state = (0, initial_state(game)) if cp is None else (cp[0], game.ruleset.state_from_json(json.loads(cp[1])))
    before = [e for e in game.events if start < e.seq < first_seq]
    state = fold_events(game.ruleset, state, before)
    for _, s in ts.steps[:k]:
        state = game.ruleset.evolve(state, s)
    return state, ts


def seek(store: Store, game: Game, turn: int, step: int | None = None) -> Any:
    """state_at through the store's checkpoints: folds at most about CHECKPOINT_EVERY events.

    Reads only what the fold takes: the turn's first and last seq, the nearest checkpoint, then the reducer's
    events (resolutions and rulings) from there to the turn's end.
    """
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
    events = store.events_of_types(game.id, rs.resolution_types | {"ruling"}, from_seq=start, upto_seq=last)
    state = fold_events(rs, state, (e for e in events if e.seq < first))
    steps = [s for e in events if e.seq >= first and e.turn == turn for s in resolution_steps(rs, e)]
    k = len(steps) if step is None else step
    if not 0 <= k <= len(steps):
        raise ValidationError(f"turn {turn} has steps 0..{len(steps)}, not {k}")
    for s in steps[:k]:
        state = rs.evolve(state, s)
    return state


def write_checkpoints(store: Store, game: Game) -> int:
    """Store folded states every CHECKPOINT_EVERY events at turn boundaries; returns how many were written.

    The states are written together, in one transaction (one commit, not one per checkpoint).
    """
    rs, key = game.ruleset, game.checkpoint_key
    last = game.events[-1].seq
    cp = store.checkpoint(game.id, key, last)
    if cp is None:
        state, mark, start = initial_state(game), 0, 0
    else:
        state, mark, start = rs.state_from_json(json.loads(cp[1])), cp[0], cp[0]
    every, evolve, types = CHECKPOINT_EVERY, rs.evolve, rs.resolution_types
    states: list[tuple[int, str]] = []
    for e in game.events:
        if e.seq <= start:
            continue
        if e.type in types:
            state = evolve(state, e)
        elif e.type == "ruling":
            state = apply(rs, state, e)
        if e.type == "turn.closed" and e.seq - mark >= every:
            states.append((e.seq, canonical_json(rs.state_json(state))))
            mark = e.seq
    return store.put_checkpoints(game.id, key, states)


# --- inputs ----------------------------------------------------------------------------------------------------

def normalise(events: Iterable[Event]) -> list[Event]:
    """Inputs as a resolver sees them: a revealed sealed order becomes the `order` it reveals."""
    out = []
    for e in events:
        if e.type == "order.revealed":
            out.append(replace(e, type="order", payload=e.payload.get("order", {}), cause=e.cause))
        elif e.is_input:
            out.append(e)
    return out


def turn_inputs(game: Game, turn: int) -> TurnInputs:
    return TurnInputs(turn, tuple(normalise(e for e in game.events if e.turn == turn)))


def closed_turns(game: Game) -> set[int]:
    return {e.turn for e in game.events if e.type == "turn.closed" and e.turn is not None}


def check_draft(game: Game, state: Any, draft: Draft, *, turn_events: Sequence[Event] | None = None,
                closed: set[int] | None = None) -> Draft:
    """Core and rule checks of an input about to be appended; returns the draft with its turn filled in.

    `turn_events` (the log events of the open turn) and `closed` (the closed turns) may be given by a caller that
    keeps them up to date while it walks a long log; by default they are read off `game.events`.
    """
    rs = game.ruleset
    if draft.type not in {"order", "order.sealed", "order.revealed", "roll", "choice"}:
        raise ValidationError(f"type: {draft.type!r} is not an input (order, order.sealed, order.revealed, "
                              "roll, choice)")
    current = rs.current_turn(state)
    if current is None:
        raise ValidationError(f"game {game.id!r} is over ({json.dumps(rs.state_json(state).get('result'))}); "
                              "nothing more can be appended")
    turn = current if draft.turn is None else draft.turn
    if turn < current or turn in (closed_turns(game) if closed is None else closed):
        raise ValidationError(f"turn: turn {turn} is closed (the current turn is {current})")
    if turn > current:
        raise ValidationError(f"turn: turn {turn} is not open yet (the current turn is {current})")
    draft = replace(draft, turn=turn)
    if draft.actor is not None and draft.actor not in rs.actors(state):
        raise ValidationError(f"actor: {draft.actor!r} is not in this game (actors: {', '.join(rs.actors(state))})")
    if turn_events is None:
        turn_events = [e for e in game.events if e.turn == turn]
    recorded = TurnInputs(turn, tuple(normalise(turn_events)))
    if draft.type == "order.sealed":
        if not isinstance(draft.payload.get("commitment"), str):
            raise ValidationError("payload.commitment: a sealed order carries the hex hash of order and salt")
        return draft
    if draft.type == "order.revealed":
        sealed = [e for e in turn_events if e.type == "order.sealed" and e.actor == draft.actor]
        if not sealed:
            raise ValidationError(f"order.revealed: {draft.actor} sealed no order for turn {turn}")
        problems = seallib.check_reveal(sealed[-1].payload, draft.payload)
        if problems:
            raise ValidationError([f"{p} (seal at seq {sealed[-1].seq})" for p in problems])
        draft = replace(draft, cause=sealed[-1].seq)
        as_order = Draft("order", draft.payload.get("order", {}), turn, draft.actor, draft.cause)
        problems = rs.check_input(state, recorded, as_order, game.options)
    else:
        problems = rs.check_input(state, recorded, draft, game.options)
    if draft.type == "roll" and not problems:
        problems = roll_problems(draft.payload)
    if problems:
        raise ValidationError(problems)
    return draft


def roll_problems(payload: dict[str, Any]) -> list[str]:
    """A recorded roll names its dice, has dice that fit them and a known source."""
    try:
        spec = dicelib.parse(str(payload.get("dice", "")))
    except ValidationError as exc:
        return [f"payload.dice: {p}" for p in exc.problems]
    if payload.get("source") not in {"engine", "forum", "manual"}:
        return ["payload.source: a roll's source is engine, forum or manual"]
    result = payload.get("result")
    if not isinstance(result, list) or not all(isinstance(v, int) for v in result):
        return ["payload.result: the list of die values, e.g. [72]"]
    return [f"payload.result: {p}" for p in dicelib.check_result(spec, result)]


def append_input(store: Store, game_id: str, draft: Draft) -> Event:
    """Validate an input against the rules and the open turn, then append it (nothing is appended on error)."""
    game = load(store, game_id)
    state = fold(game)
    draft = check_draft(game, state, draft)
    return store.append(game_id, game.events[-1].seq + 1, [draft])[0]


def engine_payload(seed: bytes, game_id: str, seq: int, draft: Draft) -> dict[str, Any]:
    """The payload of an engine roll drawn at `seq` for a roll draft without result (its other fields kept)."""
    spec = dicelib.parse(draft.payload["dice"])
    extra = {k: v for k, v in draft.payload.items() if k not in {"dice", "purpose"}}
    return dicelib.roll_payload(spec, dicelib.engine_dice(seed, game_id, seq, spec),
                                purpose=draft.payload["purpose"], source="engine", **extra)


def engine_roll(store: Store, game_id: str, draft: Draft) -> Event:
    """Draw an engine roll for a roll draft (payload without result) and append it after the rule checks."""
    game = load(store, game_id)
    state = fold(game)
    seed = store.secret(game_id)
    if seed is None:
        raise ValidationError(f"game {game_id!r} has no engine dice seed in this database (imported game?); "
                              "record the roll with --result and --source forum|manual")
    seq = game.events[-1].seq + 1
    draft = check_draft(game, state, replace(draft, payload=engine_payload(seed, game_id, seq, draft)))
    return store.append(game_id, seq, [draft])[0]


# --- resolving -------------------------------------------------------------------------------------------------

@dataclass
class ResolveReport:
    appended: list[Event]
    turns: list[int]
    waiting: str | None = None
    over: bool = False


def _drawer(seed: bytes | None, game_id: str, next_seq: int, inputs_ref: list[Inputs]):
    def draw(draft: Draft) -> Event:
        if seed is None:
            raise MissingInput(f"turn {draft.turn}: a {draft.payload.get('dice')} roll for "
                               f"{draft.actor or 'GM'} ({draft.payload.get('purpose')}) is needed and this "
                               "database has no engine dice seed for the game; record it with `battlelog roll`")
        seq = next_seq + len(inputs_ref[0].drawn)
        payload = engine_payload(seed, game_id, seq, draft)
        return Event(game_id, seq, "roll", draft.turn, draft.actor, payload, None, "", "", "")
    return draw


def resolve_pending(store: Store, game_id: str) -> ResolveReport:
    """Resolve every turn whose inputs are complete, drawing engine dice where a roll is missing (live play)."""
    game = load(store, game_id)
    rs = game.ruleset
    state = fold(game)
    report = ResolveReport([], [])
    seed = store.secret(game_id)
    closed = closed_turns(game)
    while True:
        turn = rs.current_turn(state)
        if turn is None:
            report.over = True
            break
        if turn in closed:
            raise BattlelogError(f"turn {turn} is closed but the rules still expect it; the log needs a ruling")
        recorded = turn_inputs(game, turn)
        sealed = _unrevealed(game, turn)
        if sealed:
            report.waiting = "; ".join(f"waiting for {a}: reveal of the sealed order (seq {s})"
                                       for a, s in sealed.items())
            break
        next_seq = game.events[-1].seq + 1
        ref: list[Inputs] = []
        inputs = Inputs(recorded, draw=_drawer(seed, game_id, next_seq, ref))
        ref.append(inputs)
        try:
            drafts = rs.resolve(state, turn, inputs, game.options)
        except Waiting as w:
            report.waiting = str(w)
            if inputs.drawn:
                report.appended += store.append(game_id, next_seq, [_as_draft(e) for e in inputs.drawn])
            break
        batch = [_as_draft(e) for e in inputs.drawn] + list(drafts) + [Draft("turn.closed", {}, turn)]
        appended = store.append(game_id, next_seq, batch)
        report.appended += appended
        report.turns.append(turn)
        game = replace(game, events=game.events + tuple(appended))
        state = fold_events(rs, state, appended)
    if report.appended:
        write_checkpoints(store, game)
    return report


def _as_draft(e: Event) -> Draft:
    return Draft(e.type, e.payload, e.turn, e.actor, e.cause)


def _unrevealed(game: Game, turn: int) -> dict[str, int]:
    sealed: dict[str, int] = {}
    for e in game.events:
        if e.turn != turn or e.actor is None:
            continue
        if e.type == "order.sealed":
            sealed[e.actor] = e.seq
        elif e.type in {"order.revealed", "order"}:
            sealed.pop(e.actor, None)
    return sealed


def append_ruling(store: Store, game_id: str, turn: int, ruling: dict[str, Any]) -> list[Event]:
    """A GM ruling resolves the open turn by hand: its asserted events must fold, then the turn closes."""
    game = load(store, game_id)
    rs = game.ruleset
    state = fold(game)
    current = rs.current_turn(state)
    if current != turn:
        raise ValidationError(f"turn: a ruling resolves the open turn ({current}), not turn {turn}")
    events = ruling.get("events")
    if not isinstance(events, list) or not events:
        raise ValidationError("ruling.events: the list of resolution events the GM asserts, "
                              "each {\"type\": …, \"payload\": {…}}")
    problems = [f"ruling.events[{i}].type: {ev.get('type')!r} is not a resolution of {rs.key}"
                for i, ev in enumerate(events) if ev.get("type") not in rs.resolution_types]
    if problems:
        raise ValidationError(problems)
    draft = Draft("ruling", {"note": str(ruling.get("note", "")), "events": events}, turn, ruling.get("actor"))
    probe = Event(game_id, 0, "ruling", turn, None, draft.payload, None, "", "", "")
    try:
        apply(rs, state, probe)
    except Exception as exc:  # a ruling whose events do not fold is refused
        raise ValidationError(f"ruling.events: they do not apply to the state of turn {turn}: {exc}") from exc
    return store.append(game_id, game.events[-1].seq + 1, [draft, Draft("turn.closed", {}, turn)])


# --- views for frames and posts --------------------------------------------------------------------------------

def frame_view(game: Game, turn: int, step: int | None = None, lang: str = "ru",
               store: Store | None = None) -> FrameView:
    """What the frame of (turn, step) shows, and the hash of the last event it reflects (`store`: see state_at)."""
    state, ts = state_at(game, turn, step, store)
    k = ts.count if step is None else step
    if k:
        upto = ts.steps[k - 1][0]
    elif ts.steps:
        upto = ts.steps[0][0] - 1
    else:
        upto = ts.events[-1].seq if ts.events else game.events[-1].seq
    inputs = normalise(e for e in ts.events if e.seq <= upto)
    shown = tuple(inputs) + tuple(s for _, s in ts.steps[:k])
    last = max((e for e in game.events if e.seq <= upto), key=lambda e: e.seq)
    return FrameView(state, turn, k, ts.count, shown, last.hash, lang)


def turn_view(game: Game, turn: int, store: Store | None = None) -> TurnView:
    """What the post of a turn tells (`store`: see state_at)."""
    before, ts = state_at(game, turn, 0, store)
    after = before
    for _, s in ts.steps:
        after = game.ruleset.evolve(after, s)
    inputs = tuple(normalise(ts.events))
    rulings = tuple(e for e in ts.events if e.type == "ruling")
    return TurnView(before, after, turn, inputs, tuple(s for _, s in ts.steps), rulings)


def turns(game: Game) -> list[int]:
    return sorted({e.turn for e in game.events if e.turn is not None and e.type != "game.created"})


# --- hand-written logs -----------------------------------------------------------------------------------------

def record(raw: Sequence[Any], *, at: str) -> list[Event]:
    """Chain a hand-written log (lines without seq/hash), resolving each turn under the rules once its inputs end.

    An input for a later turn first resolves the open turn from the inputs recorded so far (replay mode: no dice are
    drawn, a missing roll or choice is an error naming it). After the last line, the open turn is resolved if its
    inputs are complete. Lines may also carry resolutions or rulings of their own; those are kept as written.
    """
    from eventlog.envelope import seal

    if not raw or raw[0].type != "game.created":
        raise ValidationError("line 1: a game's first event must be game.created")
    first = raw[0]
    stamp = first.at or at
    events = [seal(first.game, "0" * 64, 1, Draft(first.type, first.payload, first.turn, first.actor, first.cause),
                   stamp)]
    game = game_from_events(events)
    rs = game.ruleset
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

    def open_inputs(turn: int) -> TurnInputs:
        return TurnInputs(turn, tuple(normalise(by_turn.get(turn, []))))

    def resolve_open(final: bool) -> None:
        turn = rs.current_turn(state)
        try:
            drafts = rs.resolve(state, turn, Inputs(open_inputs(turn)), game.options)
        except (MissingInput, Waiting) as exc:
            if final:
                return
            raise ValidationError(f"turn {turn} cannot be resolved from the log: {exc}") from exc
        for d in [*drafts, Draft("turn.closed", {}, turn)]:
            push(d)

    for r in raw[1:]:
        if r.game != game.id or r.seq is not None or r.hash is not None:
            raise ValidationError(f"line {r.line}: a hand-written log holds one game and no seq/hash "
                                  "(import an exported log as it is)")
        stamp = r.at or stamp
        current = rs.current_turn(state)
        is_input = r.type in {"order", "order.sealed", "order.revealed", "roll", "choice"}
        while is_input and current is not None and r.turn is not None and r.turn > current:
            resolve_open(final=False)
            current = rs.current_turn(state)
        draft = Draft(r.type, r.payload, r.turn, r.actor, r.cause)
        if is_input:
            try:
                draft = check_draft(game, state, draft, turn_events=by_turn.get(current, []), closed=closed)
            except ValidationError as exc:
                raise ValidationError([f"line {r.line} ({r.type} of {r.actor}, turn {r.turn}): {p}"
                                       for p in exc.problems]) from exc
        push(draft)
    current = rs.current_turn(state)
    if current is not None and open_inputs(current).events:
        resolve_open(final=True)
    return events


# --- bulk replay and import (fast paths) ---------------------------------------------------------------------------

def replay_store(store: Store, game_id: str) -> tuple[Game, Any]:
    """The game's final state folded straight from the store, reading only what the reducer takes.

    One query reads game.created's ruleset and setup, one more the resolution and ruling events (through Arrow);
    each payload is parsed (pydantic-core) just before it is folded. Inputs are not read: the reducer ignores them
    by design. The Game returned holds only its game.created event (the others were folded, not kept); use `load`
    for a Game with its whole log. The state equals `fold(load(store, game_id))`.
    """
    from eventlog.envelope import gc_paused

    created = store.event(game_id, 1)
    if created is None:
        raise ValidationError(f"no game {game_id!r} in this database (see `battlelog games`)")
    game = game_from_events([created])
    rs = game.ruleset
    with gc_paused():
        events = store.read_events(game_id, types=rs.resolution_types | {"ruling"})
        return game, fold_events(rs, initial_state(game), events)


def import_exported(store: Store, text: str | bytes, *, source: str,
                    check: Any = None) -> dict[str, list[Event]] | None:
    """`battlelog import` of an exported log (every line with seq, prev, at and hash), the bulk way.

    Like cli.main.import_text for such a log, game by game in order of first appearance, all or nothing per game:
    the game must be new; its lines' hashes and links are verified in bulk (`eventlog.jsonl.stage_exported`:
    hashes by Python's hashlib while DuckDB parses and rebuilds every line); its events, parsed once, go to
    `check` (cli.main.check_log: the setup and every input against the rules); it is inserted in one
    transaction; its checkpoints are written in one more. Returns {game: events}, or None when the text is not
    such a log (hand-written lines): then take the plain way (`driver.record`).
    """
    from eventlog import jsonl

    staged = jsonl.stage_exported(store, text, source=source)
    if staged is None:
        return None
    out: dict[str, list[Event]] = {}
    with staged:
        for game_id in staged.games:
            if store.exists(game_id):
                raise ValidationError(f"game {game_id!r} already exists in this database; "
                                      "import it under another name")
            events = staged.events(game_id)
            problems = staged.problems([game_id])
            if problems:
                raise ValidationError(problems)
            if check is not None:
                check(events)
            staged.insert([game_id])
            write_checkpoints(store, game_from_events(events))
            out[game_id] = events
    return out
