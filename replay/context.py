"""Resolution as a context: it pulls inputs through requests, emits resolution events and folds them as it goes.

A resolver asks for what it needs (`ctx.need_orders`, `ctx.roll`, `ctx.choice`, `ctx.decide`) and emits what the
rules produce (`ctx.emit`). When an input is missing it stops with `Waiting`, which lists every open `Request`
(who, what, key fields, options, the default); the drafts emitted so far and the state they reach stay on the
context, so a view can show the open turn up to that point (provisional) and a new input can be checked against
the state where resolution waits. Nothing is ever drawn or decided here: a missing roll is a request.

Recorded inputs are matched by who and what for (`actor`, the order/purpose/choice name, plus key fields such as
the unit concerned) and by their order within that key, never by their position in the log. A GM ruling may
answer any request (`{"request": {...}, "value": ...}`) or override one computed decision
(`{"override": {"name": ..., "key": {...}}, "value": ...}`); it takes precedence over a player's input.

Payload conventions (the public log format, see docs/log-format.md):
- order:           the ruleset's order fields
- roll:            {"dice": "1d100", "purpose": "stake", "result": [72], "total": 72, "source": "engine|forum|manual",
                    "link": optional, plus key fields (e.g. "unit") and ruleset fields (e.g. "stake")}
- choice:          {"name": "finish_off", "value": "kill", plus key fields}
- input.sealed:    {"kind": "order|roll|choice", "name": ..., "key": {...}, "commitment": hex}
- input.revealed:  {"kind": ..., "name": ..., "key": {...}, "input": {the payload}, "salt": ...}
  (`order.sealed` {"commitment"} and `order.revealed` {"order", "salt"} are the same for kind "order")
- correction:      {"replaces": seq, "input": {"type": ..., "payload": {...}}, "note": ...}  (an open turn's input)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from operator import is_
from typing import Any, Generic, NamedTuple, TypeVar

from eventlog.envelope import Draft, Event, make_event, positional_maker
from eventlog.errors import BattlelogError


class _NoDefault:
    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: Any = _NoDefault()
"""A request without a default: only a person (or the GM) can answer it."""

ORDER_NAME = "order"


def freeze(key: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Key fields as a hashable, sorted tuple (values made hashable: lists become tuples)."""
    return tuple(sorted((k, _hashable(v)) for k, v in key.items()))


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value


def _shown(value: Any) -> str:
    """A value as a reader types it: text as it is, anything else in the log's JSON (true, {"a": 1}), not Python's
    repr (True, {'a': 1})."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)


def says(what: str, name: str, value: str) -> bool:
    """Whether a request's words name a key field with its value ("exchange 1", "unit 12", "stake=low"): a value seen
    alone (the 1 of "1d6", the ZOR of "ZOR's shot") does not say which field it is, so its key is shown."""
    spoken = re.escape(name).replace("_", "[_ ]")
    return re.search(rf"(?<![\w-]){spoken}(?:=| )+{re.escape(value)}(?![\w-])", what, re.I) is not None


def _thaw(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class Request:
    """An input the rules need and do not have: who must give what, keyed how, with which options or default."""

    kind: str
    """order | roll | choice | reveal | ruling"""
    actor: str | None
    """Who must answer (None: the GM)."""
    name: str
    """order: "order"; roll: its purpose; choice: its name; reveal: the sealed input's name."""
    key: tuple[tuple[str, Any], ...] = ()
    dice: str | None = None
    options: tuple[Any, ...] | None = None
    default: Any = NO_DEFAULT
    what: str = ""
    phase: str | None = None
    seal: int | None = None
    """reveal: the seq of the seal to reveal."""

    @property
    def key_dict(self) -> dict[str, Any]:
        return {k: _thaw(v) for k, v in self.key}

    @property
    def has_default(self) -> bool:
        return self.default is not NO_DEFAULT

    def text(self, *, every_key: bool = False) -> str:
        """'waiting for B: finish off (kill, spare)' without the 'waiting for' part (`every_key`: as `framed`)."""
        what = self.what or self.name.replace("_", " ")
        if self.kind == "roll" and self.dice and self.dice not in what:
            what = f"roll {self.dice} for {what}"
        return self.framed(what, every_key=every_key)

    def framed(self, what: str, *, more: str = "{n} more", default: str = "default if skipped", gm: str = "GM",
               every_key: bool = False) -> str:
        """`what` (the request's words, in any language) with its actor, the key values it does not already show,
        its options and its default, in the log's form; `more`, `default` and `gm` are the words around them.
        `every_key` (what `status` lists): each key field the words do not name with its value ("exchange 1") is
        shown, however its value turns up elsewhere; else a key whose value the words hold anywhere is left out."""
        keys = ", ".join(f"{k}={_shown(_thaw(v))}" for k, v in self.key
                         if not (says(what, k, _shown(_thaw(v))) if every_key else _shown(_thaw(v)) in what))
        if keys:
            what += f" [{keys}]"
        if self.options:
            shown = list(self.options)
            rest = ", … " + more.format(n=len(shown) - 24) if len(shown) > 24 else ""
            what += f" ({', '.join(map(str, shown[:24]))}{rest})"
        if self.has_default:
            what += f"; {default}: {_shown(self.default)}"
        return f"{self.actor or gm}: {what}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "actor": self.actor, "name": self.name, "key": self.key_dict,
                               "what": self.what or self.name.replace("_", " "), "phase": self.phase}
        if self.dice:
            out["dice"] = self.dice
        if self.options is not None:
            out["options"] = list(self.options)
        if self.has_default:
            out["default"] = self.default
        if self.seal is not None:
            out["seal"] = self.seal
        return out

    def answers(self, kind: str, actor: str | None, name: str, key: dict[str, Any]) -> bool:
        """Whether an input (kind, actor, name, its key fields) is for this request."""
        mine = self.key_dict
        return (self.kind == kind and self.actor == actor and self.name == name
                and all(key.get(k) == v for k, v in mine.items()))


class Waiting(BattlelogError):
    """Resolution needs inputs nobody has given yet; `requests` lists each of them, in the order the rules ask."""

    exit_code = 5

    def __init__(self, actor: str | None = None, what: str = "", options: list[Any] | None = None, *,
                 requests: Iterable[Request] | None = None):
        if requests is None:
            requests = [Request("choice", actor, what.replace(" ", "_"), (),
                                options=tuple(options) if options else None, what=what)]
        self.requests = list(requests)
        first = self.requests[0] if self.requests else None
        self.actor = first.actor if first else actor
        self.what = (first.what or first.name) if first else what
        self.options = list(first.options or []) if first else list(options or [])
        super().__init__("; ".join(f"waiting for {r.text()}" for r in self.requests))

    def lines(self) -> list[str]:
        return [f"waiting for {r.text()}" for r in self.requests]


class MissingInput(BattlelogError):
    """A recorded input the rules cannot use where they ask for it (an illegal value, other dice)."""


# --- the inputs of one turn ------------------------------------------------------------------------------------

SEAL_TYPES = frozenset({"order.sealed", "input.sealed"})
REVEAL_TYPES = frozenset({"order.revealed", "input.revealed"})
_PLAIN = frozenset({"order", "roll", "choice"})


def seal_key(event: Event) -> tuple[Any, ...]:
    """(actor, kind, name, key) of a seal or reveal (the legacy order.sealed/order.revealed: an order)."""
    if event.type in {"order.sealed", "order.revealed"}:
        return (event.actor, "order", ORDER_NAME, ())
    p = event.payload
    return (event.actor, str(p.get("kind", "order")), str(p.get("name", ORDER_NAME)), freeze(p.get("key") or {}))


def input_key(event: Event) -> tuple[Any, ...]:
    """(actor, kind, name, key) of a plain input, as a seal would name it."""
    p = event.payload
    if event.type == "order":
        return (event.actor, "order", ORDER_NAME, ())
    if event.type == "roll":
        return (event.actor, "roll", str(p.get("purpose")), ())
    return (event.actor, "choice", str(p.get("name")), ())


def seal_matches(seal: tuple[Any, ...], plain: tuple[Any, ...], payload: dict[str, Any]) -> bool:
    """Whether a plain input (its key and payload) falls under a seal's key."""
    return seal[:3] == plain[:3] and all(payload.get(k) == _thaw(v) for k, v in seal[3])


def revealed_input(event: Event) -> Event:
    """The input a reveal carries, as the plain input event a resolver reads (its cause: the seal)."""
    if event.type == "order.revealed":
        return replace(event, type="order", payload=event.payload.get("order", {}))
    kind = event.payload.get("kind", "order")
    return replace(event, type=str(kind), payload=event.payload.get("input", {}))


def gather(*asks: Any) -> list[Any]:
    """Run several asks; when any waits, wait for everything they all miss at once (so `status` lists it all)."""
    out, missing = [], []
    for ask in asks:
        try:
            out.append(ask())
        except Waiting as w:
            missing += w.requests
    if missing:
        raise Waiting(requests=missing)
    return out


_T = TypeVar("_T")


class _once(Generic[_T]):  # noqa: N801 - used as a decorator, like `property`
    """`functools.cached_property` without its lock (Python 3.11's takes one on every first read): the method's
    value is kept in the instance's `__dict__` under the method's name, where later reads find it with no call."""

    def __init__(self, method: Callable[[Any], _T]):
        self.method, self.name, self.__doc__ = method, method.__name__, method.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> _T:
        if instance is None:
            return self  # type: ignore[return-value]  # read on the class: the descriptor itself
        value = instance.__dict__[self.name] = self.method(instance)
        return value


@dataclass(frozen=True)
class TurnInputs:
    """The inputs recorded for one turn as a resolver sees them: reveals become the inputs they reveal, a
    correction replaces the input it names, unrevealed seals and granular GM rulings are kept apart."""

    turn: int
    events: tuple[Event, ...] = ()
    seals: tuple[Event, ...] = ()
    """Seals with no reveal yet."""
    rulings: tuple[Event, ...] = ()
    """Granular GM rulings (a `ruling` with "request" or "override")."""
    seen: set[int] | None = field(default=None, compare=False, repr=False)
    """Where a resolution's context notes the seqs its resolver read (for "recorded but nothing used it")."""

    def _saw(self, events: list[Event]) -> list[Event]:
        seen = self.seen
        if seen is not None:
            for e in events:
                seen.add(e.seq)
        return events

    @_once
    def _index(self) -> _Index:
        """The turn's inputs sorted once (the turn's events never change): what `orders` and `rolls` read."""
        return _Index.of(self.events)

    def with_seen(self, seen: set[int]) -> TurnInputs:
        """The same inputs noting what is read in `seen` (as `replace(self, seen=seen)`, its index kept)."""
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        out.__dict__["seen"] = seen
        return out

    @classmethod
    def of(cls, turn: int, log_events: Iterable[Event]) -> TurnInputs:
        """Normalise a turn's log events (in log order)."""
        inputs: list[Event] = []
        seals: dict[tuple[Any, ...], Event] = {}
        rulings: list[Event] = []
        for e in log_events:
            if e.type in _PLAIN:  # the commonest first: the branches below take disjoint types
                inputs.append(e)
            elif e.type in SEAL_TYPES:
                seals[seal_key(e)] = e
            elif e.type in REVEAL_TYPES:
                seals.pop(seal_key(e), None)
                inputs.append(revealed_input(e))
            elif e.type == "correction":
                replaced = e.payload.get("replaces")
                inputs = [i for i in inputs if i.seq != replaced and i.cause != replaced]
                seals = {k: s for k, s in seals.items() if s.seq != replaced}
                new = e.payload.get("input")
                if isinstance(new, dict) and new.get("type") in {"order", "roll", "choice"}:
                    inputs.append(replace(e, type=new["type"], payload=new.get("payload") or {}))
            elif e.type == "ruling" and ("request" in e.payload or "override" in e.payload):
                rulings.append(e)
        # as `cls(...)` makes it (the frozen __init__ sets these in field order), ~2x cheaper: one is made a turn
        out = object.__new__(cls)
        out.__dict__.update(turn=turn, events=tuple(inputs), seals=tuple(seals.values()), rulings=tuple(rulings),
                            seen=None)
        return out

    def orders(self) -> dict[str, Event]:
        """actor -> the order in force (a later order of the same actor replaces an earlier one)."""
        out = dict(self._index.in_force)
        self._saw(self._index.in_force_list)
        return out

    def order(self, actor: str) -> dict[str, Any] | None:
        e = self.order_in_force(actor)
        return None if e is None else e.payload

    def order_in_force(self, actor: str) -> Event | None:
        """`orders().get(actor)`, without copying the orders (each of them is read, as `orders` reads them)."""
        index = self._index
        self._saw(index.in_force_list)
        return index.in_force.get(actor)

    def orders_of(self, actor: str) -> list[Event]:
        """Every order of `actor` in log order (for turns where one player gives several, like a setup turn)."""
        return self._saw([e for e in self._index.orders if e.actor == actor])

    def order_for(self, actor: str, **key: Any) -> Event | None:
        """The order in force of `actor` for the key fields (an order of one exchange, step or unit): the last one
        whose payload has those fields."""
        found = [e for e in self._index.orders if e.actor == actor and _matches(e.payload, key)]
        return self._saw(found[-1:])[0] if found else None

    def sealed(self) -> dict[str, Event]:
        """actor -> an unrevealed seal of an order."""
        return {e.actor: e for e in self.seals if e.actor is not None and seal_key(e)[1] == "order"}

    def rolls(self, actor: str | None = None, purpose: str | None = None, **key: Any) -> list[Event]:
        index = self._index
        if actor is not None and isinstance(purpose, str):
            found = index.rolls_of.get((actor, purpose), ())
            return self._saw([e for e in found if _matches(e.payload, key)] if key else list(found))
        return self._saw([
            e for e in index.rolls
            if (actor is None or e.actor == actor)
            and (purpose is None or e.payload.get("purpose") == purpose)
            and _matches(e.payload, key)
        ])

    def choices(self, actor: str | None = None, name: str | None = None, **key: Any) -> list[Event]:
        """The recorded choices for (actor, name, key); a resolver reading them consumes them itself."""
        choices = self._index.choices
        if not choices:  # most turns record none (a duel asks for its concessions every turn)
            return []
        return [
            e for e in choices
            if (actor is None or e.actor == actor)
            and (name is None or e.payload.get("name") == name)
            and _matches(e.payload, key)
        ]

    def seal_for(self, kind: str, actor: str | None, name: str, key: dict[str, Any]) -> Event | None:
        """The unrevealed seal covering this input, if any."""
        for e in self.seals:
            a, k, n, fields = seal_key(e)
            if (a, k, n) == (actor, kind, name) and all(key.get(f) == _thaw(v) for f, v in fields):
                return e
        return None

    def ruling_for(self, request: Request) -> Event | None:
        """The latest granular ruling answering `request`."""
        found = None
        for e in self.rulings:
            r = e.payload.get("request")
            if isinstance(r, dict) and request.answers(str(r.get("kind")), r.get("actor"), str(r.get("name")),
                                                       r.get("key") or {}) and freeze(r.get("key") or {}) == \
                    request.key:
                found = e
        return found

    def override_for(self, name: str, key: dict[str, Any]) -> Event | None:
        found = None
        for e in self.rulings:
            o = e.payload.get("override")
            if isinstance(o, dict) and o.get("name") == name and freeze(o.get("key") or {}) == freeze(key):
                found = e
        return found


def _matches(payload: dict[str, Any], key: dict[str, Any]) -> bool:
    return all(payload.get(k) == v for k, v in key.items())


class _Index(NamedTuple):
    """A turn's plain inputs by type (each in log order), its orders in force, its rolls by (actor, purpose) (a named
    tuple: one is made per turn resolved, ~4x cheaper than a frozen dataclass)."""

    orders: tuple[Event, ...]
    rolls: tuple[Event, ...]
    choices: tuple[Event, ...]
    in_force: dict[str, Event]
    in_force_list: list[Event]
    rolls_of: dict[tuple[str | None, Any], list[Event]]

    @classmethod
    def of(cls, events: Iterable[Event]) -> _Index:
        orders: list[Event] = []
        rolls: list[Event] = []
        choices: list[Event] = []
        in_force: dict[str, Event] = {}
        rolls_of: dict[tuple[str | None, Any], list[Event]] = {}
        for e in events:
            if e.type == "order":
                orders.append(e)
                if e.actor is not None:
                    in_force[e.actor] = e
            elif e.type == "roll":
                rolls.append(e)
                purpose = e.payload.get("purpose")
                if isinstance(purpose, str):  # a roll with no text purpose answers no (actor, purpose) ask
                    rolls_of.setdefault((e.actor, purpose), []).append(e)
            elif e.type == "choice":
                choices.append(e)
        return cls(tuple(orders), tuple(rolls), tuple(choices), in_force, list(in_force.values()), rolls_of)


# --- the context ---------------------------------------------------------------------------------------------

Evolve = Callable[[Any, Event], Any]


@dataclass
class Context:
    """What one resolution of a turn carries: the running state, the recorded inputs, the drafts so far.

    `emit` appends a resolution draft and folds it, so the resolver always stands on exactly the state the
    reducer will build. The attributes `recorded`, `turn`, `order`, `roll`, `rolls`, `choice`, `choice_event` and
    `has_choice` keep the shape resolvers used before the context existed.
    """

    recorded: TurnInputs
    state: Any = None
    evolve: Evolve | None = None
    game: str = ""
    phase: str | None = None
    drafts: list[Draft] = field(default_factory=list)
    used: set[int] = field(default_factory=set)
    asked: list[Request] = field(default_factory=list)
    _taken: dict[tuple[Any, ...], int] = field(default_factory=dict)
    _folded: list[Draft] = field(default_factory=list, repr=False, compare=False)
    """The drafts `emit` folded into `state`, in order (`run` reuses that fold while `drafts` still holds them)."""
    draw: Any = None
    """Not used: the context never draws dice (kept so that older callers' keyword still constructs it)."""

    def __post_init__(self) -> None:
        if self.recorded.seen is None:
            self.recorded = self.recorded.with_seen(self.used)

    @property
    def turn(self) -> int:
        return self.recorded.turn

    @property
    def live(self) -> bool:
        """Kept for resolvers written before requests: a missing input always waits now."""
        return True

    # --- emitting --------------------------------------------------------------------------------------------
    def set_phase(self, label: str | None) -> None:
        """The phase the next emitted events (and requests) belong to."""
        self.phase = label

    def emit(self, draft: Draft) -> Event:
        """Append a resolution draft (tagged with the current phase) and fold it into the running state."""
        if draft.phase is None and self.phase is not None:
            draft = replace(draft, phase=self.phase)
        if draft.turn is None:
            draft = replace(draft, turn=self.turn)
        self.drafts.append(draft)
        event = as_event(self.game, draft)
        if self.evolve is not None:
            self.state = self.evolve(self.state, event)
            self._folded.append(draft)
        return event

    # --- orders ----------------------------------------------------------------------------------------------
    def order(self, actor: str) -> dict[str, Any] | None:
        e = self.order_event(actor)
        return None if e is None else e.payload

    def order_event(self, actor: str) -> Event | None:
        e = self.recorded.order_in_force(actor)
        if e is not None:
            self.used.add(e.seq)
        return e

    def missing_order(self, actor: str, what: str | None = None, options: Iterable[Any] | None = None,
                      **key: Any) -> Request:
        """The request for `actor`'s missing order (of the key fields given): its reveal where it is sealed."""
        req = Request("order", actor, ORDER_NAME, freeze(key), what=what or f"order for turn {self.turn}",
                      options=None if options is None else tuple(options), phase=self.phase)
        seal = self.recorded.seal_for("order", actor, ORDER_NAME, key)
        if seal is None:
            return req
        return replace(req, kind="reveal", what=f"reveal of the sealed order (seq {seal.seq})", seal=seal.seq,
                       options=None)

    def need_orders(self, actors: Iterable[str], what: str | None = None, **key: Any) -> dict[str, Event]:
        """The order in force of each actor; waits listing every actor whose order (or its reveal) is missing."""
        found: dict[str, Event] = {}
        missing: list[Request] = []
        recorded = self.recorded
        actors = list(actors)
        in_force = None if key or not actors else recorded.orders()
        for actor in actors:
            ruled = None
            if recorded.rulings:  # the request is only built to look for a ruling answering it
                req = Request("order", actor, ORDER_NAME, freeze(key), what=what or f"order for turn {self.turn}",
                              phase=self.phase)
                ruled = recorded.ruling_for(req)
            e = recorded.order_for(actor, **key) if in_force is None else in_force.get(actor)
            if ruled is not None:
                found[actor] = replace(ruled, type="order", payload=ruled.payload.get("value") or {})
                self.used.add(ruled.seq)
                continue
            if e is None or (recorded.seals and recorded.seal_for("order", actor, ORDER_NAME, key) is not None):
                missing.append(self.missing_order(actor, what, **key))
            else:
                found[actor] = e
                self.used.add(e.seq)
        self._ask(missing)
        return found

    # --- rolls -----------------------------------------------------------------------------------------------
    def rolls(self, actor: str | None, purpose: str, **key: Any) -> list[Event]:
        """Every recorded roll for (actor, purpose, key), in order (rerolls included)."""
        found = self.recorded.rolls(actor, purpose, **key)
        self.used.update([e.seq for e in found])
        return found

    def roll(self, dice: str, *, actor: str | None, purpose: str, what: str | None = None, **key: Any) -> Event:
        """The next unused roll for (actor, purpose, key); waits for it when none is recorded."""
        return self.need_rolls([(dice, actor, purpose, key, what)])[0]

    def need_rolls(self, asks: Iterable[tuple[Any, ...]]) -> list[Event]:
        """Several rolls at once, (dice, actor, purpose, key[, what]) each; waits listing every missing one."""
        found: list[Event] = []
        missing: list[Request] = []
        for ask in asks:
            dice, actor, purpose, key = ask[:4]
            what = ask[4] if len(ask) > 4 else None
            frozen = freeze(key)
            if self.recorded.rulings:  # no ruling can answer it otherwise
                ruled = self.recorded.ruling_for(self._roll_request(dice, actor, purpose, frozen, what))
                if ruled is not None:
                    found.append(_ruled_roll(ruled, dice, purpose, key))
                    self.used.add(ruled.seq)
                    continue
            k = ("roll", actor, purpose, frozen)
            i = self._taken.get(k, 0)
            recorded = self.recorded.rolls(actor, purpose, **key)
            if i < len(recorded):
                e = recorded[i]
                given = str(e.payload.get("dice") or dice)
                if given.replace(" ", "").lower() != dice.replace(" ", "").lower():
                    raise MissingInput(f"turn {self.turn}: the roll at seq {e.seq} is {e.payload.get('dice')} but "
                                       f"the rules ask {dice} for {actor or 'GM'}'s {purpose}")
                self._taken[k] = i + 1
                self.used.add(e.seq)
                found.append(e)
            else:
                missing.append(self._roll_request(dice, actor, purpose, frozen, what))
        self._ask(missing)
        return found

    def _roll_request(self, dice: str, actor: str | None, purpose: str, key: tuple[tuple[str, Any], ...],
                      what: str | None) -> Request:
        return Request("roll", actor, purpose, key, dice=dice, what=what or purpose.replace("_", " "),
                       phase=self.phase)

    # --- choices ---------------------------------------------------------------------------------------------
    def has_choice(self, name: str, *, actor: str | None, **key: Any) -> bool:
        """Whether a recorded choice (or a GM ruling) for (name, actor, key) is still unused."""
        req = Request("choice", actor, name, freeze(key))
        if self.recorded.ruling_for(req) is not None:
            return True
        k = ("choice", actor, name, freeze(key))
        return len(self.recorded.choices(actor, name, **key)) > self._taken.get(k, 0)

    def next_choice(self, name: str, *, actor: str | None, **key: Any) -> Event | None:
        """The recorded choice (name, actor, key) the next `choice` call would take, without taking it."""
        req = Request("choice", actor, name, freeze(key))
        ruled = self.recorded.ruling_for(req)
        if ruled is not None:
            return replace(ruled, type="choice", payload={"name": name, "value": ruled.payload.get("value"), **key})
        found = self.recorded.choices(actor, name, **key)
        i = self._taken.get(("choice", actor, name, freeze(key)), 0)
        return found[i] if i < len(found) else None

    def choice(self, name: str, *, actor: str | None, options: list[Any], what: str | None = None,
               default: Any = NO_DEFAULT, **key: Any) -> Any:
        """The next recorded choice `name` of `actor` (matched by key), or the only option when there is one
        (no event needed, knights C1); otherwise resolution waits (a default is shown, never applied)."""
        return self.choice_event(name, actor=actor, options=options, what=what, default=default,
                                 **key).payload.get("value")

    def choice_event(self, name: str, *, actor: str | None, options: list[Any], what: str | None = None,
                     default: Any = NO_DEFAULT, validate: bool = True, **key: Any) -> Event:
        """Like `choice`, but the event itself (for a resolution's `cause`); a forced choice is a synthetic event
        with seq 0."""
        req = Request("choice", actor, name, freeze(key), options=tuple(options) if options else None,
                      default=default, what=what or name.replace("_", " "), phase=self.phase)
        ruled = self.recorded.ruling_for(req)
        if ruled is not None:
            self.used.add(ruled.seq)
            return replace(ruled, type="choice", payload={"name": name, "value": ruled.payload.get("value"), **key})
        k = ("choice", actor, name, req.key)
        i = self._taken.get(k, 0)
        found = self.recorded.choices(actor, name, **key)
        if i < len(found):
            self._taken[k] = i + 1
            value = found[i].payload.get("value")
            if validate and options and value not in options:
                raise MissingInput(f"turn {self.turn}: choice {name} of {actor or 'GM'} at seq {found[i].seq} is "
                                   f"{value!r}, not one of " + ", ".join(map(str, options)))
            self.used.add(found[i].seq)
            return found[i]
        self._ask([req])
        raise AssertionError("unreachable")

    def ask(self, name: str, *, actor: str | None, options: list[Any], what: str | None = None,
            default: Any = NO_DEFAULT, applies: bool = False, accept: Callable[[Any], bool] | None = None,
            **key: Any) -> tuple[Any, str]:
        """A choice point, answered as the rules allow; returns (value, how):

        - "chosen": the recorded choice (or the GM's ruling) for (name, actor, key);
        - "forced": none is recorded and only one option is legal: it needs no event (knights C1). A recorded
          choice of the same key that names another option is left for a later point (it is reported unused if
          nothing takes it);
        - "default": none is recorded and the rulebook applies `default` by itself (`applies=True`, e.g. what an
          order that says nothing means); a default that does not apply by itself is only shown in the request
          (a forum time-out is the GM's ruling that applies it);
        - otherwise resolution waits. With `accept`, any value it accepts is legal (poses, cells) and `options`
          are only what the request shows."""
        recorded = self.next_choice(name, actor=actor, **key)
        if recorded is None:
            if applies and default is not NO_DEFAULT:
                return default, "default"
            if len(options) == 1:
                return options[0], "forced"
        elif len(options) == 1 and accept is None and not applies and recorded.payload.get("value") != options[0]:
            return options[0], "forced"
        try:
            value = self.choice(name, actor=actor, options=[] if accept else list(options), what=what,
                                default=NO_DEFAULT if applies else default, **key)
        except Waiting as waiting:  # the request shows the options even where `accept` judges the answer
            raise Waiting(requests=[replace(r, options=tuple(options)) for r in waiting.requests]) from None
        if accept is not None and not accept(value):
            raise MissingInput(f"turn {self.turn}: choice {name} of {actor or 'GM'} is {value!r}: "
                               f"not legal for {what or name.replace('_', ' ')}")
        return value, "chosen"

    def decide(self, name: str, computed: Any, **key: Any) -> Any:
        """A computed decision the GM may override by a ruling {"override": {"name", "key"}, "value"}."""
        ruled = self.recorded.override_for(name, key)
        if ruled is None:
            return computed
        self.used.add(ruled.seq)
        return ruled.payload.get("value")

    def overridden(self, name: str, **key: Any) -> Event | None:
        """The ruling that overrides decision `name` (for a resolution to cite), if any."""
        return self.recorded.override_for(name, key)

    # --- waiting ---------------------------------------------------------------------------------------------
    def _ask(self, missing: list[Request]) -> None:
        if missing:
            self.asked.extend(missing)
            raise Waiting(requests=missing)

    def unused(self) -> list[Event]:
        """Recorded inputs nothing used (reported by resolve and audit)."""
        return [e for e in self.recorded.events if e.seq and e.seq not in self.used]


Inputs = Context
"""The name resolvers knew the context by."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Where one resolution of a turn stopped: the state there, the drafts so far, what it waits for, an illegal
    recorded input it met, and (when it went through) the recorded inputs nothing used."""

    state: Any
    drafts: tuple[Draft, ...]
    requests: tuple[Request, ...]
    error: str | None
    unused: tuple[Event, ...]


_make_stop = positional_maker(Stop)
"""Stop(...) with every field, positionally (see positional_maker): one is made per turn resolved."""


def run(resolve: Callable[[Any, int, Context, Any], Any], evolve: Evolve, state: Any, turn: int,
        inputs: TurnInputs, options: Any, game: str = "") -> Stop:
    """Resolve a turn from its recorded inputs as far as they go: pure, nothing appended, nothing drawn.

    `resolve` may emit through the context or return its drafts; the state is refolded from the drafts either way.
    A ruleset uses it to find where its own resolution waits (e.g. to check a setup placement against the field as
    it stands there)."""
    ctx = Context(inputs, state, evolve, game)
    requests: tuple[Request, ...] = ()
    error = None
    out = None
    try:
        out = resolve(state, turn, ctx, options)
    except Waiting as w:
        requests = tuple(w.requests)
    except MissingInput as exc:
        error = str(exc)
    drafts = tuple(ctx.drafts) if ctx.drafts or out is None else tuple(out)
    for d in drafts:  # a plain loop: every turn of a long audit passes here
        if d.turn is None:
            drafts = tuple(replace(d, turn=turn) if d.turn is None else d for d in drafts)
            break
    if _same_objects(drafts, ctx._folded):
        end = ctx.state  # every draft is the one `emit` folded, in its order: that fold is this one
    else:  # returned, or changed after it was emitted (a default named later): folded again
        end = state
        for d in drafts:
            end = evolve(end, as_event(game, d))
    unused = tuple(ctx.unused()) if not requests and error is None else ()
    return _make_stop(end, drafts, requests, error, unused)


def _same_objects(a: tuple[Draft, ...], b: list[Draft]) -> bool:
    """Whether `a` and `b` hold the very same objects in the same order."""
    return len(a) == len(b) and all(map(is_, a, b))  # C calls only: no generator a draft


def _ruled_roll(ruling: Event, dice: str, purpose: str, key: dict[str, Any]) -> Event:
    from eventlog import dice as dicelib

    value = ruling.payload.get("value")
    result = value if isinstance(value, list) else [value]
    spec = dicelib.parse(dice)
    payload = {"dice": dice, "purpose": purpose, "result": result, "total": dicelib.total(spec, result),
               "source": "manual", "ruling": ruling.seq, **key}
    return replace(ruling, type="roll", payload=payload)


def as_event(game: str, draft: Draft, seq: int = 0) -> Event:
    """A draft as a provisional event (seq 0, no hash): what views and the reducer see before it is appended."""
    return make_event(game, seq, draft.type, draft.turn, draft.actor, draft.payload, draft.cause, "", "", "",
                      draft.phase, None if draft.visible is None else tuple(draft.visible), 2)
