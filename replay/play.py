"""Live play: where the open turn stands, checking and appending inputs and batches, resolving, rulings, corrections.

Nothing here draws a die or makes a choice as a side effect: `point` resolves the open turn as far as the recorded
inputs go and appends nothing; `resolve_pending` appends only what the rules produced from recorded inputs (and,
with `roll=True`, the engine dice the GM asked for by that flag, where the game's dice policy is `engine`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from eventlog.envelope import Draft, Event, canonical_json
from eventlog.errors import BattlelogError, ValidationError
from eventlog.store import Store
from replay.context import (
    ORDER_NAME,
    REVEAL_TYPES,
    SEAL_TYPES,
    Request,
    TurnInputs,
    freeze,
    input_key,
    run,
    seal_key,
    seal_matches,
)
from replay.fold import Game, apply, fold, fold_events, load, load_span, write_checkpoints
from replay.ruleset import Point

INPUT_DRAFT_TYPES = frozenset({"order", "order.sealed", "order.revealed", "input.sealed", "input.revealed", "roll",
                               "choice", "correction", "ruling"})


# --- where the open turn stands --------------------------------------------------------------------------------

def resolve_turn(game: Game, start: Any, turn: int, turn_events: Sequence[Event]) -> Point:
    """Resolve `turn` from its recorded inputs as far as they go (pure: nothing is appended)."""
    rs = game.ruleset
    inputs = TurnInputs.of(turn, turn_events)
    stop = run(rs.resolve, rs.evolve, start, turn, inputs, game.options, game.id)
    return Point(turn, start, stop.state, inputs, stop.drafts, stop.requests, stop.error, stop.unused)


def point(game: Game, state: Any | None = None) -> Point:
    """Where the game stands now: the open turn resolved as far as its recorded inputs go."""
    start = fold(game) if state is None else state
    turn = game.ruleset.current_turn(start)
    if turn is None:
        return Point(None, start, start, None)
    return resolve_turn(game, start, turn, game.index.by_turn.get(turn, ()))


def _event(game: str, draft: Draft, seq: int = 0) -> Event:
    from replay.context import as_event

    return as_event(game, draft, seq)


# --- checking an input ---------------------------------------------------------------------------------------

def check_draft(game: Game, here: Point, draft: Draft, *, turn_events: Sequence[Event] | None = None,
                shapes_checked: bool = False) -> Draft:
    """Core and rule checks of an input about to be appended where the game stands; returns the draft with its
    turn (and, for a reveal, its cause) filled in. ValidationError names every problem.

    `shapes_checked`: the payload's core fields were checked already (`core_payload_problems`, as every line of an
    imported log is when it is read), so they are not checked again."""
    rs = game.ruleset
    if draft.type not in INPUT_DRAFT_TYPES:
        raise ValidationError(f"type: {draft.type!r} is not an input (order, roll, choice, input.sealed, "
                              "input.revealed, correction, ruling)")
    if not shapes_checked:
        from eventlog.shapes import core_payload_problems  # the log layer's shapes: loaded by an append, not a read

        shapes = core_payload_problems(draft.type, draft.payload)
        if shapes:  # a field of the wrong JSON kind never reaches the rules
            raise ValidationError(shapes)
    current = here.turn
    if current is None:
        result = rs.state_json(here.start).get("result")
        raise ValidationError(f"game {game.id!r} is over ({json.dumps(result, ensure_ascii=False)}); "
                              "nothing more can be appended")
    turn = current if draft.turn is None else draft.turn
    if turn < current or turn in game.index.closed:
        raise ValidationError(f"turn: turn {turn} is closed (the current turn is {current}); "
                              "amend it with `battlelog correct`")
    if turn > current:
        raise ValidationError(f"turn: turn {turn} is not open yet (the current turn is {current})")
    if draft.turn != turn:
        draft = replace(draft, turn=turn)
    if draft.actor is not None and draft.actor not in rs.actors(here.start):
        raise ValidationError(f"actor: {draft.actor!r} is not in this game (actors: {', '.join(rs.actors(here.start))};"
                              " the GM gives no --actor)")
    events = list(game.index.by_turn.get(turn, ()) if turn_events is None else turn_events)
    if draft.type in SEAL_TYPES:
        return _check_seal(draft, events)
    if draft.type == "ruling":
        return _check_granular_ruling(game, here, draft)
    if draft.type == "correction":
        return _check_correction(game, here, draft, events)
    as_input = draft
    if draft.type in REVEAL_TYPES:
        draft, as_input = _check_reveal(draft, events)
    else:
        _refuse_under_seal(draft, events)
    problems = _duplicate(as_input, events)
    if as_input.type == "roll":
        problems += roll_problems(as_input.payload) or _roll_request_problems(here, as_input)
    if not problems:
        problems = rs.check(here, as_input, game.options)
    if problems:
        raise ValidationError(problems)
    return draft


def _check_seal(draft: Draft, events: list[Event]) -> Draft:
    p = draft.payload
    if not isinstance(p.get("commitment"), str) or len(p["commitment"]) != 64:
        raise ValidationError("payload.commitment: a seal carries the sha256 hex of the input and a salt")
    if draft.type == "input.sealed":
        if p.get("kind") not in {"order", "roll", "choice"}:
            raise ValidationError("payload.kind: a seal names the kind of input it seals (order, roll, choice)")
        if not isinstance(p.get("name", ORDER_NAME), str) or not isinstance(p.get("key", {}), dict):
            raise ValidationError("payload.name and payload.key: the request the sealed input answers")
    probe = Event("", 0, draft.type, draft.turn, draft.actor, p, None, "", "", "")
    key = seal_key(probe)
    for e in events:
        if e.type in SEAL_TYPES and seal_key(e) == key:
            raise ValidationError(f"{_key_text(key)} is already sealed at seq {e.seq}: only the reveal of that "
                                  "seal counts (a replacement is `--replace`, a visible correction)")
        if e.type in {"order", "roll", "choice"} and seal_matches(key, input_key(e), e.payload):
            raise ValidationError(f"{_key_text(key)} was already given in the open at seq {e.seq}: there is "
                                  "nothing left to seal")
    return draft


def _key_text(key: tuple[Any, ...]) -> str:
    actor, kind, name, fields = key
    what = kind if name == ORDER_NAME else f"{kind} {name}"
    keys = ", ".join(f"{k}={v}" for k, v in fields)
    return f"{actor or 'GM'}'s {what}" + (f" [{keys}]" if keys else "")


def _check_reveal(draft: Draft, events: list[Event]) -> tuple[Draft, Draft]:
    from eventlog import seal as seallib  # here, as the dice below: an order or a state needs neither

    probe = Event("", 0, draft.type, draft.turn, draft.actor, draft.payload, None, "", "", "")
    key = seal_key(probe)
    seals = [e for e in events if e.type in SEAL_TYPES and seal_key(e) == key]
    if not seals:
        raise ValidationError(f"{draft.type}: {_key_text(key)} has no seal in turn {draft.turn}")
    seal = seals[-1]
    if any(e.type in REVEAL_TYPES and e.cause == seal.seq for e in events):
        raise ValidationError(f"{draft.type}: the seal at seq {seal.seq} is already revealed")
    if draft.type == "order.revealed":
        problems = seallib.check_reveal(seal.payload, draft.payload, sealed_seq=seal.seq)
        inner = Draft("order", draft.payload.get("order") or {}, draft.turn, draft.actor)
    else:
        body = draft.payload.get("input")
        problems = seallib.check_reveal(seal.payload, {"order": body, "salt": draft.payload.get("salt")},
                                        sealed_seq=seal.seq)
        inner = Draft(str(key[1]), body if isinstance(body, dict) else {}, draft.turn, draft.actor)
    if problems:
        raise ValidationError([f"{p} (seal at seq {seal.seq})" for p in problems])
    return replace(draft, cause=seal.seq), inner


def _refuse_under_seal(draft: Draft, events: list[Event]) -> None:
    """A plain input for a key that holds a seal (or a revealed input) is refused: only the reveal counts."""
    plain = None  # the draft's key, made at the first seal (most turns hold none)
    for e in events:
        if e.type not in SEAL_TYPES:
            continue
        if plain is None:
            plain = input_key(Event("", 0, draft.type, draft.turn, draft.actor, draft.payload, None, "", "", ""))
        if seal_matches(seal_key(e), plain, draft.payload):
            revealed = next((r for r in events if r.type in REVEAL_TYPES and r.cause == e.seq), None)
            state = f"sealed at seq {e.seq}" + (f" and revealed at seq {revealed.seq}" if revealed else "")
            raise ValidationError(f"{_key_text(seal_key(e))} is {state}: a plain input cannot replace it "
                                  "(`--replace` appends a visible correction)")


def _duplicate(draft: Draft, events: list[Event]) -> list[str]:
    if draft.type != "order":
        return []
    for e in events:
        if e.type == "order" and e.actor == draft.actor and canonical_json(e.payload) == canonical_json(draft.payload):
            return [f"this order of {draft.actor} is already recorded at seq {e.seq} (sent twice?)"]
    return []


def roll_problems(payload: dict[str, Any]) -> list[str]:
    """A recorded roll names its dice, has dice that fit them, their total and a known source."""
    from eventlog import dice as dicelib

    try:
        spec = dicelib.parse(str(payload.get("dice", "")))
    except ValidationError as exc:
        return [f"payload.dice: {p}" for p in exc.problems]
    if payload.get("source") not in {"engine", "forum", "manual"}:
        return ["payload.source: a roll's source is engine, forum or manual"]
    if not isinstance(payload.get("purpose"), str) or not payload["purpose"]:
        return ["payload.purpose: what the roll is for"]
    result = payload.get("result")
    if not isinstance(result, list) or not all(type(v) is int for v in result):
        return ["payload.result: the list of die values, e.g. [72]"]
    problems = [f"payload.result: {p}" for p in dicelib.check_result(spec, result)]
    if problems:
        return problems
    made = dicelib.total(spec, result)
    if type(payload.get("total")) is not int or payload["total"] != made:
        return [f"payload.total: the dice {result} of {spec.notation} make {made}, not {payload.get('total')!r}"]
    return []


def _roll_request_problems(here: Point, draft: Draft) -> list[str]:
    """A roll for a request the rules are waiting for must have that request's dice."""
    from eventlog import dice as dicelib

    p = draft.payload
    for r in here.requests:
        same = r.kind == "roll" and r.actor == draft.actor and r.name == p.get("purpose") and r.dice \
            and all(p.get(k) == v for k, v in r.key_dict.items())
        if same and dicelib.parse(str(r.dice)).notation != dicelib.parse(str(p.get("dice"))).notation:
            return [f"payload.dice: the rules ask {r.dice} for {r.text()}, not {p.get('dice')}"]
    return []


def _check_granular_ruling(game: Game, here: Point, draft: Draft) -> Draft:
    p = draft.payload
    if draft.actor is not None:
        raise ValidationError("actor: a ruling is the GM's (give no --actor)")
    if "request" in p:
        r = p["request"]
        if not isinstance(r, dict) or r.get("kind") not in ("order", "roll", "choice") \
                or not isinstance(r.get("name"), str) or not isinstance(r.get("key", {}), dict):
            raise ValidationError('ruling.request: {"kind": "order|roll|choice", "actor": …, "name": …, '
                                  '"key": {…}} of the request it answers')
        if "value" not in p:
            raise ValidationError("ruling.value: the answer the GM rules")
        if r.get("kind") == "choice":
            req = next((q for q in here.requests if q.kind == "choice" and q.actor == r.get("actor")
                        and q.name == r["name"] and q.key == freeze(r.get("key") or {})), None)
            if req is not None and req.options and p["value"] not in req.options:
                raise ValidationError(f"ruling.value: {p['value']!r} is not one of "
                                      + ", ".join(map(str, req.options)))
    elif "override" in p:
        o = p["override"]
        if not isinstance(o, dict) or not isinstance(o.get("name"), str) or not isinstance(o.get("key", {}), dict):
            raise ValidationError('ruling.override: {"name": …, "key": {…}} of the decision it overrides')
        known = game.ruleset.decisions
        if o["name"] not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise ValidationError(f"ruling.override.name: {o['name']!r} is not a decision of {game.ruleset.key} "
                                  f"a GM can override (its decisions: {listed})")
        if "value" not in p:
            raise ValidationError("ruling.value: the value the GM rules instead")
    else:
        raise ValidationError("ruling: a granular ruling has `request` or `override`")
    return draft


def _check_correction(game: Game, here: Point, draft: Draft, events: list[Event]) -> Draft:
    p = draft.payload
    if "events" in p:
        return _check_turn_correction(game, here, draft)
    replaced = p.get("replaces")
    target = next((e for e in events if e.seq == replaced), None)
    if target is None or not target.is_input or target.type == "correction":
        raise ValidationError(f"correction.replaces: seq {replaced} is not an input of the open turn")
    new = p.get("input")
    if not isinstance(new, dict) or new.get("type") not in {"order", "roll", "choice"} \
            or not isinstance(new.get("payload"), dict):
        raise ValidationError('correction.input: {"type": "order|roll|choice", "payload": {…}}')
    if target.actor != draft.actor:
        raise ValidationError(f"correction: seq {replaced} is {target.actor or 'the GM'}'s input, not "
                              f"{draft.actor or 'the GM'}'s")
    remaining = [e for e in events if e.seq != replaced and e.cause != replaced]
    rest = TurnInputs.of(here.turn or 0, remaining)
    inner = Draft(new["type"], new["payload"], draft.turn, draft.actor)
    problems = roll_problems(inner.payload) if inner.type == "roll" else []
    problems = problems or game.ruleset.check(replace(here, inputs=rest), inner, game.options)
    if problems:
        raise ValidationError(problems)
    return draft


def _check_turn_correction(game: Game, here: Point, draft: Draft) -> Draft:
    p = draft.payload
    amended = p.get("turn")
    if not isinstance(amended, int) or amended not in game.index.closed:
        raise ValidationError("correction.turn: the closed turn it amends")
    _check_asserted(game, p.get("events"), "correction.events")
    probe = Event(game.id, 0, "correction", draft.turn, None, p, None, "", "", "", None, None, 2)
    try:
        after = apply(game.ruleset, here.start, probe)
    except BattlelogError:
        raise
    except Exception as exc:  # a reducer refusing the asserted events: name it, append nothing
        raise ValidationError(f"correction.events: they do not apply to the current state: {exc}") from exc
    if game.ruleset.current_turn(after) != here.turn:
        raise ValidationError("correction.events: they move the game to another turn; a correction amends the "
                              "state, the open turn stays open")
    return draft


def _check_asserted(game: Game, events: Any, where: str) -> None:
    rs = game.ruleset
    if not isinstance(events, list) or not events:
        raise ValidationError(f"{where}: the list of resolution events asserted, each "
                              '{"type": …, "payload": {…}}')
    problems = []
    for i, ev in enumerate(events):
        if not isinstance(ev, dict) or ev.get("type") not in rs.resolution_types:
            kind = ev.get("type") if isinstance(ev, dict) else ev
            problems.append(f"{where}[{i}].type: {kind!r} is not a resolution of {rs.key} "
                            f"({', '.join(sorted(rs.resolution_types))})")
        elif not isinstance(ev.get("payload", {}), dict):
            problems.append(f"{where}[{i}].payload: an object")
        else:
            problems += [f"{where}[{i}].payload.{p}" for p in rs.validate_event(ev["type"], ev.get("payload", {}))]
    if problems:
        raise ValidationError(problems)


# --- appending -------------------------------------------------------------------------------------------------

def at_head(store: Store, game_id: str) -> tuple[Game, Any]:
    """The game from its latest checkpoint on and its state now (`fold.load_span`): what an append needs.

    Its index knows every turn from the checkpoint on, the open one included (a turn takes inputs only while it is
    open, after the turn before it closed); closed turns before the checkpoint are only known to be before the
    current turn. `point(game, state)` is where the whole game stands."""
    return load_span(store, game_id)


def _amends_a_closed_turn(drafts: Sequence[Draft]) -> bool:
    """Whether a draft is a whole-turn correction, whose check looks the amended turn up among all closed turns."""
    return any(d.type == "correction" and "events" in d.payload for d in drafts)


def append_inputs(store: Store, game_id: str, drafts: Sequence[Draft], *,
                  at: tuple[Game, Any] | None = None) -> list[Event]:
    """Check a batch of inputs one after the other (each against the point the ones before it lead to) and append
    them in one transaction: all or nothing. Problems name the batch item. `at`: the game and its state now, if
    read already (`at_head`)."""
    if _amends_a_closed_turn(drafts):
        game = load(store, game_id)
        start = fold(game)
    else:
        game, start = at if at is not None else at_head(store, game_id)
    checked: list[Draft] = []
    turn = game.ruleset.current_turn(start)
    events = list(game.index.by_turn.get(-1 if turn is None else turn, ()))  # turn 0 is a turn (a Phase 0 seal)
    probe_game = game
    here = point(game, start)
    problems: list[str] = []
    taken: set[tuple[Any, ...]] = set()
    for n, draft in enumerate(drafts, 1):
        try:
            if draft.type == "roll" and draft.payload.get("purpose") is None:
                from replay.posts import match_roll

                draft = match_roll(draft, here, taken, game.ruleset.default_roll_purpose)
            d = _placed(game, here, check_draft(probe_game, here, draft, turn_events=events))
        except ValidationError as exc:
            tag = f"item {n} ({draft.type}{' of ' + draft.actor if draft.actor else ''}): " if len(drafts) > 1 else ""
            problems += [tag + p for p in exc.problems]
            continue
        fake = _event(game.id, d, game.events[-1].seq + len(checked) + 1)
        probe = game.extended([fake])
        there = resolve_turn(probe, start, here.turn or 0, [*events, fake]) if here.turn is not None else here
        if there.error and there.error != here.error and f"at seq {fake.seq} " in there.error:
            # the rules met this very input and cannot take it (a choice outside its options, a roll of other
            # dice): refused now, nothing appended, rather than recorded and left for a --replace
            tag = f"item {n} ({draft.type}{' of ' + draft.actor if draft.actor else ''}): " if len(drafts) > 1 else ""
            problems.append(tag + there.error)
            continue
        checked.append(d)
        events.append(fake)
        probe_game, here = probe, there
    if problems:
        raise ValidationError(problems)
    return store.append(game_id, game.events[-1].seq + 1, checked)


def append_at(store: Store, game: Game, here: Point, draft: Draft) -> Event:
    """append_input for a caller that already holds the game (or its span since a checkpoint) and its point."""
    checked = _placed(game, here, check_draft(game, here, draft))
    return store.append(game.id, game.events[-1].seq + 1, [checked])[0]


def _placed(game: Game, here: Point, draft: Draft) -> Draft:
    """A checked input in its place: the phase of the request it answers, the visibility the ruleset gives it."""
    draft = _in_phase(here, draft)
    return draft if draft.visible is not None else replace(draft, visible=game.ruleset.visibility(here, draft))


def _in_phase(here: Point, draft: Draft) -> Draft:
    """An input takes the phase of the request it answers (when it answers one the rules wait for)."""
    if draft.phase is not None:
        return draft
    kind, name = draft.type, None
    if draft.type == "roll":
        name = draft.payload.get("purpose")
    elif draft.type == "choice":
        name = draft.payload.get("name")
    elif draft.type in {"order", "input.sealed", "input.revealed", "order.sealed", "order.revealed"}:
        kind, name = "order", ORDER_NAME
    for r in here.requests:
        if r.actor == draft.actor and r.name == name and (r.kind == kind or r.kind == "reveal") and r.phase:
            return replace(draft, phase=r.phase)
    return draft


def append_input(store: Store, game_id: str, draft: Draft) -> Event:
    """Validate one input against the rules where the open turn stands, then append it (nothing on error)."""
    return append_inputs(store, game_id, [draft])[0]


def engine_payload(seed: bytes, game_id: str, seq: int, draft: Draft) -> dict[str, Any]:
    """The payload of an engine roll drawn at `seq` for a roll draft without result (its other fields kept)."""
    from eventlog import dice as dicelib

    spec = dicelib.parse(draft.payload["dice"])
    extra = {k: v for k, v in draft.payload.items() if k not in {"dice", "purpose"}}
    return dicelib.roll_payload(spec, dicelib.engine_dice(seed, game_id, seq, spec),
                                purpose=draft.payload["purpose"], source="engine", **extra)


def engine_roll(store: Store, game_id: str, draft: Draft) -> Event:
    """Draw an engine roll for a roll draft (payload without result), by explicit command, and append it."""
    game, start = at_head(store, game_id)
    purpose = draft.payload.get("purpose")
    if game.dice_policy(purpose) != "engine":
        raise ValidationError(f"dice: the game's dice policy for {purpose!r} is forum: the players roll on the forum "
                              "and the result is recorded with --result (start a game with --dice engine, or "
                              "--dice-purpose PURPOSE=engine, for engine dice)")
    seed = store.secret(game_id)
    if seed is None:
        raise ValidationError(f"game {game_id!r} has no engine dice seed in this database (imported game?); "
                              "record the roll with --result and --source forum|manual")
    seq = game.events[-1].seq + 1
    here = point(game, start)
    draft = check_draft(game, here, replace(draft, payload=engine_payload(seed, game_id, seq, draft)))
    return store.append(game_id, seq, [draft])[0]


# --- resolving -------------------------------------------------------------------------------------------------

@dataclass
class ResolveReport:
    appended: list[Event]
    turns: list[int]
    requests: list[Request] = field(default_factory=list)
    over: bool = False
    unused: list[Event] = field(default_factory=list)
    drawn: list[Event] = field(default_factory=list)
    error: str | None = None

    @property
    def waiting(self) -> str | None:
        return "\n".join(f"waiting for {r.text()}" for r in self.requests) or None


def resolve_pending(store: Store, game_id: str, *, roll: bool = False) -> ResolveReport:
    """Resolve and close every turn whose recorded inputs are complete; stop at the first that waits.

    With `roll`, the rolls the rules wait for whose purpose's dice policy is engine are drawn first (the explicit
    `resolve --roll`); otherwise nothing is drawn."""
    game, state = at_head(store, game_id)
    rs = game.ruleset
    report = ResolveReport([], [])
    seed = store.secret(game_id) if roll else None
    while True:
        here = point(game, state)
        if here.turn is None:
            report.over = True
            break
        if here.error:
            report.error = here.error
            break
        if here.requests:
            wanted = [r for r in here.requests if r.kind == "roll" and game.dice_policy(r.name) == "engine"]
            if roll and wanted and seed is not None:
                drafts = []
                for r in wanted:
                    seq = game.events[-1].seq + 1 + len(drafts)
                    base = Draft("roll", {"dice": r.dice, "purpose": r.name, **r.key_dict}, here.turn, r.actor)
                    drafts.append(replace(base, payload=engine_payload(seed, game_id, seq, base)))
                drawn = store.append(game_id, game.events[-1].seq + 1, drafts)
                report.drawn += drawn
                report.appended += drawn
                game = game.extended(drawn)
                continue
            report.requests = list(here.requests)
            break
        batch = [*here.drafts, Draft("turn.closed", {"unused": [e.seq for e in here.unused]} if here.unused
                                     else {}, here.turn)]
        appended = store.append(game_id, game.events[-1].seq + 1, batch)
        report.appended += appended
        report.turns.append(here.turn)
        report.unused += list(here.unused)
        game = game.extended(appended)
        state = fold_events(rs, state, appended)
    if report.appended:
        write_checkpoints(store, game)
    return report


def append_ruling(store: Store, game_id: str, turn: int, ruling: dict[str, Any]) -> list[Event]:
    """A GM ruling. Granular (`request` or `override`): appended to the open turn as an input, and resolution
    continues from it. Whole-turn (`events`): the turn is resolved by hand with the asserted events, checked to
    leave a state the game can go on from, and closed."""
    game, start = at_head(store, game_id)
    rs = game.ruleset
    here = point(game, start)
    if here.turn != turn:
        raise ValidationError(f"turn: a ruling answers the open turn ({here.turn}), not turn {turn}; a closed turn "
                              "is amended with `battlelog correct`")
    note = ruling.get("note", "")
    if not isinstance(note, str):
        raise ValidationError("ruling.note: text")
    from eventlog.shapes import core_payload_problems

    shapes = core_payload_problems("ruling", ruling)
    if shapes:
        raise ValidationError([p.replace("payload.", "ruling.", 1) for p in shapes])
    if "request" in ruling or "override" in ruling:
        body = {k: ruling[k] for k in ("request", "override", "value") if k in ruling}
        draft = check_draft(game, here, Draft("ruling", {**body, "note": note}, turn))
        return store.append(game_id, game.events[-1].seq + 1, [draft])
    events = ruling.get("events")
    _check_asserted(game, events, "ruling.events")
    draft = Draft("ruling", {"note": note, "events": events}, turn)
    probe = Event(game_id, 0, "ruling", turn, None, draft.payload, None, "", "", "", None, None, 2)
    try:
        after = apply(rs, here.start, probe)
    except BattlelogError:
        raise
    except Exception as exc:  # a reducer refusing the asserted events: name it, append nothing
        raise ValidationError(f"ruling.events: they do not apply to the state of turn {turn}: {exc}") from exc
    problems = rs.continuable(after, turn)
    if problems:
        raise ValidationError([f"ruling.events: {p}" for p in problems])
    return store.append(game_id, game.events[-1].seq + 1, [draft, Draft("turn.closed", {}, turn)])


def append_correction(store: Store, game_id: str, turn: int, correction: dict[str, Any]) -> Event:
    """Amend a closed turn: the asserted events fold at the correction's place in the log (posts and audit of
    the amended turn show it)."""
    game = load(store, game_id)
    here = point(game)
    note = correction.get("note", "")
    draft = Draft("correction", {"turn": turn, "events": correction.get("events"), "note": str(note)}, here.turn)
    return store.append(game_id, game.events[-1].seq + 1, [check_draft(game, here, draft)])[0]


def replace_input(store: Store, game_id: str, draft: Draft, note: str = "") -> Event:
    """`--replace`: the input of the same key recorded in the open turn is replaced by a visible correction."""
    game, start = at_head(store, game_id)
    here = point(game, start)
    if here.turn is None or here.inputs is None:
        raise ValidationError(f"game {game_id!r} is over; nothing can be replaced")
    probe = Event("", 0, draft.type, here.turn, draft.actor, draft.payload, None, "", "", "")
    key = input_key(probe)
    raw = list(game.index.by_turn.get(here.turn, ()))
    target = None
    for e in raw:
        plain = e.type in {"order", "roll", "choice"} and input_key(e) == key
        sealed = e.type in SEAL_TYPES | REVEAL_TYPES and seal_matches(seal_key(e), key, draft.payload)
        fixed = e.type == "correction" and e.payload.get("input", {}).get("type") == draft.type \
            and e.actor == draft.actor
        if plain or sealed or fixed:
            target = e
    if target is None:
        raise ValidationError(f"--replace: {draft.actor or 'the GM'} has no {draft.type} in turn {here.turn} to "
                              "replace")
    body = {"replaces": target.seq, "input": {"type": draft.type, "payload": draft.payload}, "note": note}
    corr = check_draft(game, here, Draft("correction", body, here.turn, draft.actor))
    return store.append(game_id, game.events[-1].seq + 1, [corr])[0]
