"""The ruleset protocol (the decider of DESIGN.md) and the registry rulesets put themselves in.

A ruleset is three pure functions, `initial`, `resolve` and `evolve`, plus what a user sees: an order parser, a
frame and a post. The core never imports a ruleset by name: `replay.rulesets` packages register on import.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

from eventlog.envelope import Draft, Event
from eventlog.errors import ValidationError

if TYPE_CHECKING:
    from replay.inputs import Inputs, TurnInputs
    from replay.render.text import Doc


class Options(BaseModel):
    """House-rule switches of a ruleset; every field's default is the spec's PROPOSED DEFAULT."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Parsed:
    """What an order parser made of a forum post: the order (if any), every problem found, and notes (defaults
    the parser applied, e.g. a stake left out) that are not errors."""

    order: dict[str, Any] | None
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class FrameView:
    """What a frame draws: the state at (turn, step) and the events of that turn up to the step."""

    state: Any
    turn: int
    step: int
    steps: int
    events: tuple[Event, ...]
    last_hash: str
    lang: str = "ru"


@dataclass(frozen=True)
class TurnView:
    """What a post tells: the states before and after a turn, its inputs and its resolutions."""

    before: Any
    after: Any
    turn: int
    inputs: tuple[Event, ...]
    resolutions: tuple[Event, ...]
    rulings: tuple[Event, ...] = ()
    """The GM's `ruling` events of the turn (their asserted events are among `resolutions`)."""


class Ruleset:
    """Base of every ruleset. Subclasses set the class attributes and implement the methods."""

    id: ClassVar[str]
    version: ClassVar[int]
    title: ClassVar[str]
    rulebook: ClassVar[str]
    """The rulebook file in shared/seeds the ruleset implements."""
    OptionsModel: ClassVar[type[Options]] = Options
    option_defaults: ClassVar[dict[str, str]] = {}
    """option name -> the spec's ambiguity id it settles (e.g. "counter_mode": "A16")."""
    default_roll_purpose: ClassVar[str | None] = None
    """The purpose of a roll given without --purpose (e.g. the duel's "stake")."""
    resolution_types: ClassVar[frozenset[str]] = frozenset()
    """Event types `resolve` produces; `evolve` must accept each of them (and `ruling`)."""

    @property
    def key(self) -> str:
        return f"{self.id}@{self.version}"

    # --- setup and state -------------------------------------------------------------------------------------
    def validate_setup(self, setup: dict[str, Any]) -> list[str]:
        """Every problem of a `game.created` setup, naming field and rule; empty when it is legal."""
        raise NotImplementedError

    def initial(self, setup: dict[str, Any], options: Options) -> Any:
        """The state before turn 1 (or the setup turn)."""
        raise NotImplementedError

    def state_json(self, state: Any) -> dict[str, Any]:
        """The state as plain JSON (what `state --json` prints and checkpoints store)."""
        raise NotImplementedError

    def state_from_json(self, data: dict[str, Any]) -> Any:
        """Inverse of `state_json`."""
        raise NotImplementedError

    def current_turn(self, state: Any) -> int | None:
        """The turn that takes inputs now, or None once the game is over."""
        raise NotImplementedError

    # --- inputs and the rules ----------------------------------------------------------------------------------
    def check_input(self, state: Any, turn: TurnInputs, draft: Draft, options: Options) -> list[str]:
        """Problems with appending `draft` (an order, roll or choice) to the open turn; empty when legal.

        `turn` holds what is already recorded for that turn. Core checks (turn open, actor known) ran before.
        """
        raise NotImplementedError

    def resolve(self, state: Any, turn: int, inputs: Inputs, options: Options) -> list[Draft]:
        """The resolution events of `turn`, each with its arithmetic in payload["why"]."""
        raise NotImplementedError

    def evolve(self, state: Any, event: Event) -> Any:
        """The reducer: the state after one resolution (or ruling) event. Pure."""
        raise NotImplementedError

    def actors(self, state: Any) -> list[str]:
        """Who may give orders and rolls (duelist ids, player ids, …)."""
        raise NotImplementedError

    # --- what people see ---------------------------------------------------------------------------------------
    def parse_order(self, text: str, state: Any, actor: str) -> Parsed:
        """A player's forum post -> an order payload, with every error collected."""
        raise NotImplementedError

    def frame(self, view: FrameView) -> str:
        """The SVG of the state at (turn, step)."""
        raise NotImplementedError

    def post(self, view: TurnView, lang: str) -> Doc:
        """The GM's post of a turn as a markup-neutral document (rendered to BBCode or Markdown by the core)."""
        raise NotImplementedError

    def describe(self, event: Event, lang: str) -> str:
        """One line saying what a resolution event is (for explain and audit)."""
        return event.type

    # --- helpers -----------------------------------------------------------------------------------------------
    def options(self, values: dict[str, Any] | None = None) -> Options:
        try:
            return self.OptionsModel(**(values or {}))
        except Exception as exc:  # pydantic's message names the field
            raise ValidationError(f"{self.key} options: {exc}") from exc


def pydantic_problems(exc: Exception, root: str = "setup") -> list[str]:
    """A pydantic ValidationError as `field.path: message` lines (the message as the validator wrote it)."""
    errors = getattr(exc, "errors", None)
    if errors is None:
        return [f"{root}: {exc}"]
    return [f"{'.'.join(str(p) for p in err['loc']) or root}: {err['msg'].removeprefix('Value error, ')}"
            for err in errors()]


_REGISTRY: dict[str, Ruleset] = {}
_DISCOVERED: list[bool] = []


def register(ruleset: Ruleset) -> Ruleset:
    """Put a ruleset in the registry under `id@version` (called by each ruleset package on import)."""
    _REGISTRY[ruleset.key] = ruleset
    return ruleset


def _discover() -> None:
    if _DISCOVERED:
        return
    _DISCOVERED.append(True)
    import replay.rulesets as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"{pkg.__name__}.{info.name}")


def get(key: str) -> Ruleset:
    """The ruleset for `id@version` (or `id`, meaning its newest version)."""
    _discover()
    if key in _REGISTRY:
        return _REGISTRY[key]
    matches = sorted((r for r in _REGISTRY.values() if r.id == key), key=lambda r: r.version)
    if matches:
        return matches[-1]
    known = ", ".join(sorted(_REGISTRY)) or "none"
    raise ValidationError(f"unknown ruleset {key!r} (known: {known})")


def all_rulesets() -> list[Ruleset]:
    _discover()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]
