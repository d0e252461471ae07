"""Resolution as a context: `Ctx` emits events and folds them as it goes, and `ask`s for choices (forced, default).

A `Batch` gathers the absolute changes of one resolution event while it is being worked out (a ram pushes, turns
and damages several knights before its event is emitted); `Ctx.emit` writes them into the event's payload and
folds the event with `evolve.apply`, so the resolver always stands on exactly the state the reducer will build.
The rules that work on a batch are in rooms named for what they resolve: `movement`, `damage`, `lady`, `ram`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from eventlog.envelope import Draft
from replay.context import NO_DEFAULT, Inputs
from replay.rulesets.knights.events import Resolution
from replay.rulesets.knights.evolve import apply, updates
from replay.rulesets.knights.model import KnightsOptions, Pose, State


def jsonable(obj: Any) -> Any:
    """The payload as it will read back from the log (tuples become lists)."""
    return json.loads(json.dumps(obj, ensure_ascii=False))


@dataclass
class Batch:
    """Absolute changes of one event under construction, with the state they lead to."""

    state: State
    knights: dict[str, dict[str, Any]] = field(default_factory=dict)
    ladies: dict[str, dict[str, Any]] = field(default_factory=dict)
    lances: dict[str, dict[str, Any]] = field(default_factory=dict)
    pending: list[dict[str, Any]] = field(default_factory=list)
    rams: list[dict[str, Any]] = field(default_factory=list)

    def knight(self, kid: str, **changes: Any) -> None:
        changes = jsonable({k: (v.json() if isinstance(v, Pose) else sorted(v) if isinstance(v, frozenset) else v)
                            for k, v in changes.items()})
        self.knights.setdefault(kid, {}).update(changes)
        self.state = updates(self.state, Resolution.trusted({"knights": {kid: changes}}))

    def lady(self, lid: str, **changes: Any) -> None:
        changes = jsonable(changes)
        self.ladies.setdefault(lid, {}).update(changes)
        self.state = updates(self.state, Resolution.trusted({"ladies": {lid: changes}}))

    def lance(self, player: str, **changes: Any) -> None:
        changes = jsonable(changes)
        self.lances.setdefault(player, {}).update(changes)
        self.state = updates(self.state, Resolution.trusted({"lances": {player: changes}}))

    def fulfil(self, knight: str, oath: str, honor: int, why: list[str], ram: int | None = None,
               terms: list[dict[str, Any]] | None = None) -> None:
        """A fulfilment for Accounting: `why` is the text, `terms` the same sum as data ({"kind", "honor", …})."""
        terms = terms or [{"kind": "base", "honor": honor}]
        assert sum(t["honor"] for t in terms) == honor, (oath, terms, honor)
        item = {"knight": knight, "oath": oath, "honor": honor, "why": why, "ram": ram, "terms": jsonable(terms)}
        self.pending.append(item)
        self.state = updates(self.state, Resolution.trusted({"pending_add": [item]}))

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in (("knights", self.knights), ("ladies", self.ladies), ("lances", self.lances),
                            ("pending_add", self.pending), ("rams_add", self.rams)):
            if value:
                out[name] = value
        return out


@dataclass
class Ctx:
    """What one `resolve` call carries: the running state, the inputs, the options and the events so far."""

    state: State
    inputs: Inputs
    options: KnightsOptions
    turn: int
    drafts: list[Draft] = field(default_factory=list)
    rams: int = 0
    tie_die: int | None = None
    label: KeyLabel | None = None
    """How a request key's value reads in a waiting message (words.key_label names knights); None: "name value"."""

    def __post_init__(self) -> None:
        # The drafts are the core context's: a resolution that stops to wait keeps what it emitted so far, and
        # views show the open turn up to there.
        shared = getattr(self.inputs, "drafts", None)
        if isinstance(shared, list):
            self.drafts = shared

    def batch(self) -> Batch:
        return Batch(self.state)

    def emit(self, type_: str, payload: dict[str, Any], batch: Batch | None = None, actor: str | None = None,
             rule: str = "", defaults: list[str] | None = None) -> dict[str, Any]:
        """Append a resolution event and fold it into the running state."""
        body = dict(payload)
        if batch is not None:
            body.update(batch.payload())
        body.setdefault("why", [])
        body.setdefault("rule", rule)
        body.setdefault("defaults", sorted(set(defaults or []), key=_kid))
        body = jsonable(body)
        self.drafts.append(Draft(type_, body, self.turn, actor))
        self.state = apply(self.state, type_, body)
        return body

    def name(self, kid: str) -> str:
        return self.state.knight(kid).name

    def has_recorded(self, name: str, actor: str | None, **key: Any) -> bool:
        """A recorded choice for this key is still unused."""
        return self.inputs.has_choice(name, actor=actor, **key)

    def ask(self, name: str, actor: str | None, options: list[Any], *, default: Any = None,
            accept: Callable[[Any], bool] | None = None, **key: Any) -> tuple[Any, str]:
        """The core's choice point (`Context.ask`): recorded → "chosen", the only option → "forced" (C1), the
        rulebook's own default when none is given → "default" (K25, K44); otherwise resolution waits."""
        what = name.replace("_", " ") + key_text(self.state, key, self.label)
        return self.inputs.ask(name, actor=actor, options=list(options), what=what,
                               default=NO_DEFAULT if default is None else default, applies=default is not None,
                               accept=accept, **key)


def _kid(kid: str) -> tuple[int, str]:
    digits = "".join(c for c in kid if c.isdigit())
    return (int(digits) if digits else 0, kid)


KeyLabel = Callable[[Any, str, Any], "str | None"]
"""(state, key name, value) -> how the value reads, or None for the plain "name value"."""


def key_text(state: Any, key: dict[str, Any], label: KeyLabel | None = None) -> str:
    """ " for knight K, lady L" — what a request is keyed by, as a waiting message says it."""
    parts = []
    for name, value in key.items():
        text = None if label is None else label(state, name, value)
        parts.append(f"{name} {value}" if text is None else text)
    return f" for {', '.join(parts)}" if parts else ""
