"""The ruleset protocol (the decider of DESIGN.md) and the registry rulesets put themselves in.

A ruleset is three pure functions, `initial`, `resolve` and `evolve`, plus what a user sees: an order parser, a
frame and a post. The core never imports a ruleset by name: `replay.rulesets` packages register on import, and the
registry imports a package when its id is first asked for (`get`), so a command imports only its game's ruleset.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from eventlog.envelope import Draft, Event
from eventlog.errors import ValidationError
from replay.options import Options

if TYPE_CHECKING:
    from pydantic import BaseModel

    from replay.context import Context, Request, TurnInputs
    from replay.render.i18n import Catalogue
    from replay.render.text import Doc


@dataclass(frozen=True)
class Parsed:
    """What an order parser made of a forum post: the order (if any), every problem found, and notes (defaults
    the parser applied, e.g. a stake left out) that are not errors."""

    order: dict[str, Any] | None
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ParsedPost:
    """What a whole forum post holds: the inputs it carries as drafts (orders, pasted forum rolls, choices), in
    the order they are to be appended as one batch, every problem found (with its line), and notes."""

    drafts: list[Draft]
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Point:
    """Where resolution of the open turn stands: the state at its start, the state where it waits (or ends), the
    provisional drafts so far, the recorded inputs and what it waits for."""

    turn: int | None
    start: Any
    state: Any
    inputs: TurnInputs | None
    drafts: tuple[Draft, ...] = ()
    requests: tuple[Request, ...] = ()
    error: str | None = None
    """An illegal recorded input the rules met (resolution cannot go on until it is corrected)."""
    unused: tuple[Event, ...] = ()

    @property
    def complete(self) -> bool:
        """The turn resolves from what is recorded: `battlelog resolve` can close it."""
        return self.turn is not None and not self.requests and self.error is None


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
    phase: str | None = None
    """The phase the frame addresses (step and steps count inside it), or None for the whole turn."""
    provisional: bool = False
    """The turn is open: what is shown is resolved from the inputs so far and not yet in the log."""
    viewer: str | None = None
    """Who looks: a player id, "gm", or None for the public thread."""


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
    phase: str | None = None
    provisional: bool = False
    viewer: str | None = None
    corrections: tuple[Event, ...] = ()
    """Corrections recorded later that amend this (closed) turn."""
    requests: tuple[Request, ...] = ()
    """What the open turn waits for (provisional posts list it)."""


class Ruleset:
    """Base of every ruleset. Subclasses set the class attributes and implement the methods."""

    id: ClassVar[str]
    version: ClassVar[int]
    title: ClassVar[str]
    rulebook: ClassVar[str]
    """The rulebook file in shared/seeds the ruleset implements."""
    OptionsModel: ClassVar[type[Options]] = Options
    SetupModel: ClassVar[type[BaseModel] | None] = None
    """The pydantic model of a game's setup; the default `validate_setup` checks a setup against it (a ruleset that
    builds it only when asked overrides `setup_model` instead)."""
    option_defaults: ClassVar[dict[str, str]] = {}
    """option name -> the spec's ambiguity id it settles (e.g. "counter_mode": "A16")."""
    default_roll_purpose: ClassVar[str | None] = None
    """The purpose of a roll given without --purpose (e.g. the duel's "stake")."""
    resolution_types: ClassVar[frozenset[str]] = frozenset()
    """Event types `resolve` produces; `evolve` must accept each of them (and `ruling`)."""
    plain_payloads: ClassVar[bool] = False
    """Whether every payload `resolve` writes is plain JSON without floats (dicts with str keys, lists, str, int,
    bool and None, nothing else: no tuple, float or enum) when no input, setup or option holds a float. `audit` and
    `rerun` then read a recorded resolution's payload only where its stored text differs from the bytes of the
    payload the rules give (`payload_equals`), in a game none of whose other texts may hold a float."""
    phases: ClassVar[tuple[str, ...]] = ()
    """The phase labels of a turn, in order (empty: a turn has no phases)."""
    decisions: ClassVar[dict[str, str]] = {}
    """Computed decisions a GM ruling may override (`ctx.decide`): name -> what it is."""

    @property
    def key(self) -> str:
        return f"{self.id}@{self.version}"

    @cached_property
    def revision(self) -> str:
        """sha256 over the ruleset package's code and data files (names and bytes, in name order)."""
        return package_revision(os.path.dirname(sys.modules[type(self).__module__].__file__ or "./"))

    # --- setup and state -------------------------------------------------------------------------------------
    def validate_setup(self, setup: dict[str, Any]) -> list[str]:
        """Every problem of a `game.created` setup, naming field and rule; empty when it is legal."""
        model = self.setup_model()
        if model is None:
            raise NotImplementedError
        from pydantic import ValidationError as PydanticValidationError

        try:
            model.model_validate(setup)
        except PydanticValidationError as exc:
            return pydantic_problems(exc)
        from replay.render.text import setup_problems

        return setup_problems(setup)  # names a reader can see, colours a frame can draw

    def setup_model(self) -> type[BaseModel] | None:
        """The pydantic model of a game's setup (`SetupModel`)."""
        return self.SetupModel

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

    def check(self, point: Point, draft: Draft, options: Options) -> list[str]:
        """Problems with `draft` where resolution of the open turn stands (`point.state`, `point.requests`).

        The default asks `check_input` with the state at the turn's start; a ruleset whose inputs depend on
        results shown earlier in the turn (a later phase) overrides this."""
        assert point.inputs is not None
        return self.check_input(point.start, point.inputs, draft, options)

    def resolve(self, state: Any, turn: int, inputs: Context, options: Options) -> list[Draft] | None:
        """The resolution events of `turn`, each with its arithmetic in payload["why"].

        Either emit them through `inputs.emit` (so that a resolution that waits keeps its drafts so far) and return
        None, or return them as a list."""
        raise NotImplementedError

    def continuable(self, state: Any, turn: int) -> list[str]:
        """Problems with the state after a whole-turn ruling or correction: empty when the game can go on."""
        if self.current_turn(state) == turn:
            return [f"after it, turn {turn} is still open: the asserted events leave out the end of the turn"]
        return []

    def validate_event(self, type_: str, payload: dict[str, Any]) -> list[str]:
        """Problems with a resolution event's payload ("field: message"); empty when the reducer can take it."""
        return []

    def visibility(self, point: Point, draft: Draft) -> tuple[str, ...] | None:
        """Who besides the GM may read an input's payload when it is appended (None: everyone). A ruleset makes an
        input private here (a whisper to two players, a secret purchase list); the chain still covers it."""
        return None

    def view_state(self, state: Any, viewer: str | None) -> Any:
        """What `viewer` (a player id, "gm", None for the public thread) may see of the state."""
        return state

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

    def parse_post(self, text: str, point: Point, actor: str | None) -> ParsedPost:
        """A whole forum post -> the drafts it carries (default: pasted forum rolls and choices, see
        replay.posts, and the rest as one order), every problem collected with its line."""
        from replay.posts import parse_post

        return parse_post(self, text, point, actor)

    def frame(self, view: FrameView) -> str:
        """The SVG of the state at (turn, step)."""
        raise NotImplementedError

    def post(self, view: TurnView, lang: str) -> Doc:
        """The GM's post of a turn as a markup-neutral document (rendered to BBCode or Markdown by the core)."""
        raise NotImplementedError

    def describe(self, event: Event, lang: str) -> str:
        """One line saying what a resolution event is (for explain and audit)."""
        return event.type

    def catalogue(self, lang: str) -> Catalogue | None:
        """Optional: the ruleset's words for what it writes in English (its problems, its `why` lines, its event
        types in the word table "event") in `lang` (see replay.render.i18n). The default reads
        `data/messages_<lang>.json` beside the ruleset; None (no file): its lines print in English, marked."""
        return _data_catalogue(type(self).__module__, lang)

    def why(self, payload: Mapping[str, Any], lang: str) -> list[str]:
        """Optional: a resolution's arithmetic (`payload["why"]`, recorded in English) in `lang`. The default says
        each recorded line through the ruleset's and the core's catalogues, and a line none of them knows in
        English, marked as such."""
        from replay.render.i18n import translate_lines

        why = payload.get("why", [])
        return translate_lines(self, [str(w) for w in why] if isinstance(why, list) else [str(why)], lang)

    # --- helpers -----------------------------------------------------------------------------------------------
    def own(self, options: Options) -> Any:
        """The ruleset's own options model of `options` (a bare `Options` means every default)."""
        return options if isinstance(options, self.OptionsModel) else self.OptionsModel(**options.model_dump())

    def options(self, values: dict[str, Any] | None = None) -> Options:
        try:
            return self.OptionsModel(**(values or {}))
        except (TypeError, ValueError) as exc:
            if _from_pydantic(exc):  # one line per bad option, naming it
                raise ValidationError([f"{self.key} option {p} (see `battlelog rules {self.id}`)"
                                       for p in pydantic_problems(exc, "options")]) from exc
            raise ValidationError(f"{self.key} options: {str(exc).splitlines()[0]}") from exc


@cache
def _data_catalogue(module: str, lang: str) -> Catalogue | None:
    from replay.render.i18n import load

    return None if lang == "en" else load(Path(sys.modules[module].__file__ or ".").parent / "data"
                                           / f"messages_{lang}.json")


_REVISION_SUFFIXES = frozenset({".py", ".json", ".toml", ".txt", ".md", ".csv", ".jsonl"})


def package_revision(root: str) -> str:
    """sha256 over the files below `root` that a revision covers: each one's path below it and bytes, in path order."""
    digest = hashlib.sha256()
    for parts, path in sorted(_revision_files(root)):
        with open(path, "rb") as file:
            digest.update("/".join(parts).encode() + b"\0" + file.read() + b"\0")
    return digest.hexdigest()


def _revision_files(folder: str, parts: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """(path parts below the package, path) of each file a ruleset's revision covers, outside `__pycache__`
    (`os.scandir`: half the time of `Path.rglob` and its stats, which every command with a checkpoint paid)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    yield from _revision_files(entry.path, (*parts, entry.name))
            elif entry.is_file() and os.path.splitext(entry.name)[1] in _REVISION_SUFFIXES:
                yield (*parts, entry.name), entry.path


def _from_pydantic(exc: Exception) -> bool:
    """Whether `exc` is pydantic's ValidationError (pydantic is imported if it is)."""
    pydantic = sys.modules.get("pydantic")
    return pydantic is not None and isinstance(exc, pydantic.ValidationError)


def pydantic_problems(exc: Exception, root: str = "setup") -> list[str]:
    """A pydantic ValidationError as `field.path: message` lines (the message as the validator wrote it)."""
    errors = getattr(exc, "errors", None)
    if errors is None:
        return [f"{root}: {exc}"]
    return [f"{'.'.join(str(p) for p in err['loc']) or root}: {err['msg'].removeprefix('Value error, ')}"
            for err in errors()]


def payload_problems(events: Mapping[str, type[BaseModel]], type_: str, payload: Any, *, partial: bool = False,
                     ruleset: str = "") -> list[str]:
    """Every problem of a resolution payload against its typed event class, as "field.path: message"; with
    `partial` (what a GM ruling asserts) missing fields are fine, a field of the wrong type is not."""
    from pydantic import ValidationError as PydanticValidationError

    cls = events.get(type_)
    if cls is None:
        return [f"type: {type_!r} is not a {ruleset} resolution ({', '.join(sorted(events))})"]
    try:
        cls.model_validate(payload)
    except PydanticValidationError as exc:
        return [f"{'.'.join(str(part) for part in error['loc']) or 'payload'}: {error['msg']}"
                for error in exc.errors() if not (partial and error["type"] == "missing")]
    return []


def lazy_module(name: str) -> ModuleType:
    """The module `name`, run when one of its names is first read (`importlib.util.LazyLoader`).

    A ruleset package's `__init__` imports its check, parse and resolve modules so: a command that only reads
    states (`state`, `log`) does not build their pydantic models. Behaviour is the same: the module is the real
    one (in sys.modules, monkeypatchable), only its import happens later. A module imported already is returned.
    """
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module named {name!r}", name=name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_REGISTRY: dict[str, Ruleset] = {}
_IMPORTED: set[str] = set()
"""Modules the registry has imported (a ruleset package, or a module named in $BATTLELOG_RULESETS)."""


def register(ruleset: Ruleset) -> Ruleset:
    """Put a ruleset in the registry under `id@version` (called by each ruleset package on import)."""
    _REGISTRY[ruleset.key] = ruleset
    return ruleset


PLUGINS_ENV = "BATTLELOG_RULESETS"
"""Comma-separated modules to import besides replay.rulesets (a GM's own ruleset registers itself on import)."""


def _import(name: str) -> None:
    if name not in _IMPORTED:
        importlib.import_module(name)
        _IMPORTED.add(name)


def _plugins() -> None:
    """Import the modules $BATTLELOG_RULESETS names (each registers its rulesets)."""
    for name in filter(None, (n.strip() for n in os.environ.get(PLUGINS_ENV, "").split(","))):
        try:
            _import(name)
        except ImportError as exc:
            raise ValidationError(f"${PLUGINS_ENV}: cannot import ruleset module {name!r}: {exc}") from exc


@cache
def _packages() -> tuple[str, ...]:
    """The ruleset packages of replay.rulesets, by name (found on disk, none imported). Each registers the
    rulesets whose id is its name."""
    import pkgutil

    import replay.rulesets as pkg

    return tuple(f"{pkg.__name__}.{info.name}" for info in pkgutil.iter_modules(pkg.__path__))


def _discover() -> None:
    """Import every ruleset package and plugin module (what listing all rulesets needs)."""
    for name in _packages():
        _import(name)
    _plugins()


def _lookup(key: str) -> Ruleset | None:
    if key in _REGISTRY:
        return _REGISTRY[key]
    matches = sorted((r for r in _REGISTRY.values() if r.id == key), key=lambda r: r.version)
    return matches[-1] if matches else None


def get(key: str) -> Ruleset:
    """The ruleset for `id@version` (or `id`, meaning its newest version).

    Lazily: the plugin modules, then the package of replay.rulesets named by the id are imported (a command on a
    duel imports no other ruleset); every package only when that does not find it."""
    _plugins()
    ruleset_id = key.partition("@")[0]
    package = f"replay.rulesets.{ruleset_id}"
    if ruleset_id.isidentifier() and importlib.util.find_spec(package) is not None:  # in _packages(), without
        _import(package)  # listing them (pkgutil: a command on one game looks for its ruleset only)
    found = _lookup(key)
    if found is None:
        _discover()
        found = _lookup(key)
    if found is None:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise ValidationError(f"unknown ruleset {key!r} (known: {known})")
    return found


def all_rulesets() -> list[Ruleset]:
    _discover()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]
