"""One typed class per resolution event of the duel (the payloads documented at the top of `model.py`).

`validate_payload(type, payload)` lists every problem of a payload as "field.path: message" (for import); a class's
`validate(payload)` returns the typed event or raises `PayloadError` with those problems. `trusted(type, payload)`
builds the typed event of a payload the log already holds (resolve made it, or the reducer folded it) without
checking it: the values as they are (an obtained pair stays a list), nested parts built the same way.

The classes are `LazyModel`s: reading a game (the reducer, posts, frames) never imports pydantic; the pydantic model
of a class is built from its declaration the first time a payload is checked, so what it keeps and every message
are pydantic's own. A whole payload that is well formed is found so without pydantic (`fits`: checks generated once
from the same declarations, as strict as pydantic reads them); pydantic reads every other one and names its
problems.

A GM ruling may assert only some fields: `validate_payload(..., partial=True)` forgives the missing ones, and a
trusted event built from such a payload has only the fields it was given (`given(name)` says which).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from types import UnionType
from typing import Any, ClassVar, Literal, Self, Union, get_args, get_origin, get_type_hints

from eventlog.envelope import Event
from eventlog.errors import ValidationError
from replay.lazy_model import LazyModel
from replay.ruleset import payload_problems

Id = str
Item = Literal["attack", "defense", "initiative", "feint", "counter", "rest"]
Stake = Literal["low", "high", "all_in"]
Status = Literal["active", "incapacitated", "dead"]
Pair = tuple[int, Item]
"""An obtained [position, item] (a JSON array; pydantic reads it as `Annotated[Pair, Field(strict=False)]`)."""
Nested = dict[str, tuple[str, Any]]
"""A part's fields that hold other parts: name -> ("one" | "maybe" | "list" | "dict", the part's class)."""


class PayloadError(ValidationError):
    """A resolution payload that does not read as its type; `problems` are "field.path: message"."""

    def __init__(self, type: str, problems: list[str]):
        super().__init__(f"{type}: " + "; ".join(problems))
        self.problems = problems


class Part(LazyModel):
    """A frozen, closed, strictly typed piece of a payload."""

    model_config = {"frozen": True, "extra": "forbid", "strict": True}

    nested: ClassVar[Nested] = {}
    """The fields holding other parts, which `trusted` builds too."""

    @classmethod
    def annotation_names(cls) -> dict[str, Any]:  # type: ignore[override]
        """What the annotations name for pydantic: the nested parts' pydantic models, and the obtained pair."""
        from typing import Annotated

        from pydantic import Field

        return {"Pair": Annotated[tuple[int, Item], Field(strict=False)],
                **{part.__name__: part.pydantic_model() for _, part in cls.nested.values()}}

    @classmethod
    def trusted(cls, values: dict[str, Any]) -> Self:
        """The part of values already checked, without checking them again (see the module's docstring)."""
        nested = cls.nested
        if nested:
            values = dict(values)
            for name, (kind, part) in nested.items():
                if name in values:
                    values[name] = _build(kind, part, values[name])
        return super().trusted(values)

    @classmethod
    def validate(cls, payload: Any) -> Self:
        """The part of a payload from outside, nested parts typed too; raises pydantic's ValidationError."""
        return _typed(cls, cls.pydantic_model().model_validate(payload))  # type: ignore[attr-defined]

    model_validate = validate


def _build(kind: str, part: type[Part], value: Any) -> Any:
    if kind == "one":
        return part.trusted(value)
    if kind == "maybe":
        return part.trusted(value) if isinstance(value, dict) else value
    if kind == "list":
        return [part.trusted(v) for v in value]
    return {k: part.trusted(v) for k, v in value.items()}


def _typed(cls: type[Part], checked: Any) -> Any:
    """The part of pydantic's checked model: its values, nested models as their parts, the fields it was given."""
    values = dict(checked.__dict__)
    for name, (kind, part) in cls.nested.items():
        value = values.get(name)
        if kind in ("one", "maybe") and value is not None and not isinstance(value, str):
            values[name] = _typed(part, value)
        elif kind == "list":
            values[name] = [_typed(part, v) for v in value]
        elif kind == "dict":
            values[name] = {k: _typed(part, v) for k, v in value.items()}
    obj = object.__new__(cls)
    object.__setattr__(obj, "__dict__", values)
    object.__setattr__(obj, "_fields_set", frozenset(checked.model_fields_set))
    return obj


class Resolution(Part):
    """What every resolution payload carries: the arithmetic, the sections applied and the defaults relied on."""

    type: ClassVar[str]
    why: list[str]
    rule: str
    defaults: list[str]

    @classmethod
    def validate(cls, payload: Any) -> Self:
        """The typed event, or `PayloadError` naming every field that is wrong or missing."""
        from pydantic import ValidationError as PydanticError

        try:
            return super().validate(payload)
        except PydanticError as exc:
            raise PayloadError(cls.type, _problems(exc)) from None


# --- duel.reveal ----------------------------------------------------------------------------------------------------

class Activation(Part):
    """The trait switches of the order (the roleplay text stays in the order)."""

    killer_blow: bool
    distance_control: Literal["attack", "defense"] | None
    sharp_tongue: bool


class SharpTongue(Part):
    """Острый язык as resolved (§7, A21, A22)."""

    target: Id
    verdict: Literal["accept", "reject"]
    moved_from: int | None
    bonus: int


class RollRecord(Part):
    """One stake roll of the turn; cost is the stamina paid to replace the roll before it (A11)."""

    value: int
    stake: Stake
    cost: int
    seq: int | None


class RevealSide(Part):
    """One duelist at the reveal (spec §5 Steps 1-4)."""

    nested: ClassVar[Nested] = {
        "activate": ("one", Activation), "sharp_tongue": ("maybe", SharpTongue), "rolls": ("list", RollRecord),
    }

    declared: list[Item]
    working: list[Item]
    stake: Stake
    activate: Activation
    sharp_tongue: SharpTongue | None
    initiative_declared: int
    eaten: list[int]
    rolls: list[RollRecord]
    roll: int
    final_stake: Stake
    threshold: int
    wound_penalty: int
    effective: int
    success: bool
    base: int
    bonus: int
    obtained: list[Pair]
    stamina_start: int
    dropped: list[Pair]


class StrikeOrder(Part):
    """Step 5: who strikes first, and why."""

    mode: Literal["sequential", "simultaneous", "none"]
    first: Id | None
    second: Id | None
    reason: str


class Reveal(Resolution):
    """duel.reveal: both orders revealed, rolls judged, items obtained, the strike order (one per turn)."""

    type: ClassVar[str] = "duel.reveal"
    nested: ClassVar[Nested] = {
        "sides": ("dict", RevealSide), "strike_order": ("one", StrikeOrder),
    }

    turn: int
    advantage: Id | None
    sides: dict[Id, RevealSide]
    strike_order: StrikeOrder


# --- the exchange ---------------------------------------------------------------------------------------------------

class Strike(Resolution):
    """duel.strike: one duelist's attacks against the other's defenses (spec §5 Step 6)."""

    type: ClassVar[str] = "duel.strike"

    attacker: Id
    defender: Id
    N: int
    Phi: int
    D: int
    E: int
    P: int
    U: int
    m: int
    killer_blow: bool
    damage: int
    damage_total: int
    parried: int
    neutralized: list[int]
    simultaneous: bool
    dead: bool


class Flip(Resolution):
    """duel.flip: the first strike's damage checked against the other's successful roll (§5, A4, A5)."""

    type: ClassVar[str] = "duel.flip"

    duelist: Id
    roll: int
    wound_penalty: int
    inturn_penalty: int
    effective: int
    threshold: int
    stake: Stake
    flipped: bool
    obtained: list[Pair]
    lost: list[Pair]


class Counter(Resolution):
    """duel.counter: one duelist's counter-attacks (spec §5 Step 7)."""

    type: ClassVar[str] = "duel.counter"

    attacker: Id
    defender: Id
    k: int
    items: int
    parried_by: int
    successful: bool
    cancelled: bool
    leftover_before: int
    blocked: int
    leftover: int
    weapon_control: int
    damage: int
    damage_total: int
    dead: bool
    simultaneous: bool


# --- the end of the turn --------------------------------------------------------------------------------------------

class Spend(Part):
    """Step 9.1: stamina spent this turn."""

    rerolls: int
    traits: int
    attacks: int
    feints: int
    total: int


class Rest(Part):
    """Step 9.2: Отдых items and the gain after the cap (A14)."""

    items: int
    per_item: int
    gain: int


class Initiative(Part):
    """Step 9.3: initiative obtained (raw), counted (pts) and the Острый язык point (A21)."""

    raw: int
    pts: int
    bonus: int


class EndSide(Part):
    """One duelist at the end of the turn: wound, stamina, status, initiative (spec §5 Steps 8-9)."""

    nested: ClassVar[Nested] = {
        "spend": ("one", Spend), "rest": ("one", Rest), "initiative": ("one", Initiative),
    }

    damage: int
    wound: Literal["none", "scratch", "serious", "heavy", "death"]
    hale: Literal["scratch_ignored", "heavy_as_scratch"] | None
    tough: bool
    penalty_added: int
    wound_penalty: int
    wound_stamina: int
    spend: Spend
    rest: Rest
    stamina: int
    stamina_max: int
    status: Status
    hale_light_used: bool
    hale_heavy_used: bool
    initiative: Initiative


class Winner(Part):
    """A result with a winner."""

    winner: Id


class EndOfTurn(Resolution):
    """duel.end_of_turn: wounds, stamina and rest, the advantage for the next turn and the result (one per turn)."""

    type: ClassVar[str] = "duel.end_of_turn"
    nested: ClassVar[Nested] = {
        "sides": ("dict", EndSide), "result": ("maybe", Winner),
    }

    turn: int
    sides: dict[Id, EndSide]
    advantage: Id | None
    advantage_reason: str
    result: Winner | Literal["draw"] | None


class FinishOff(Resolution):
    """duel.finish_off: the winner kills or spares the incapacitated loser (CP-D4)."""

    type: ClassVar[str] = "duel.finish_off"

    winner: Id
    loser: Id
    choice: Literal["kill", "spare"]
    status: Status


class Concede(Resolution):
    """duel.concede: a duelist yields and the other wins (A27)."""

    type: ClassVar[str] = "duel.concede"
    nested: ClassVar[Nested] = {"result": ("one", Winner)}

    duelist: Id
    winner: Id
    result: Winner


EVENTS: dict[str, type[Resolution]] = {
    cls.type: cls for cls in (Reveal, Strike, Flip, Counter, EndOfTurn, FinishOff, Concede)
}
"""Resolution event type -> its class."""


def validate_payload(type: str, payload: Any, *, partial: bool = False) -> list[str]:
    """Every problem of a resolution payload as "field.path: message"; with `partial`, missing fields are fine.

    A whole payload that fits its class (`fits`) has none; any other is checked by pydantic, whose messages these
    are."""
    if not partial and fits(type, payload):
        return []
    if not _MODELS:
        _MODELS.update((kind, cls.pydantic_model()) for kind, cls in EVENTS.items())
    return payload_problems(_MODELS, type, payload, partial=partial, ruleset="duel")


_MODELS: dict[str, Any] = {}
"""Resolution event type -> its class's pydantic model (built when a payload is first checked)."""


# --- whether a payload is well formed, without pydantic --------------------------------------------------------------

def fits(type: str, payload: Any) -> bool:
    """Whether a resolution payload is exactly its class's: a dict of all its fields and no other, each of its
    type, as strictly as the class's pydantic model reads it. True only when pydantic would find nothing wrong; it
    may be False for a payload pydantic's lax reading of an obtained pair takes ([1.0, "rest"]), which
    `validate_payload` then hands to pydantic."""
    if not _FITS:
        _FITS.update(_compiled_fits())
    check = _FITS.get(type)
    return check is not None and check(payload)


_FITS: dict[str, Callable[[Any], bool]] = {}
"""Resolution event type -> its class's `fits` check (compiled when a payload is first checked)."""


def fits_source() -> str:
    """The Python text of the checks `fits` runs: one function a Part class, one `and` a field, made from the
    classes' annotations (a type this does not know is a TypeError, never a field left unchecked)."""
    parts: list[type[Part]] = list(EVENTS.values())
    for cls in parts:  # the parts each part holds, found as the list grows
        parts += [hint for hint in _part_hints(cls).values() if hint not in parts]
    return "\n".join(_function(cls) for cls in parts)


def _compiled_fits() -> dict[str, Callable[[Any], bool]]:
    namespace = {"ITEM": frozenset(get_args(Item)), "ONLY_INT": frozenset({int}), "ONLY_STR": frozenset({str}),
                 "itemgetter": itemgetter}
    exec(fits_source(), namespace)  # noqa: S102 (made from this module's own annotations)
    return {kind: namespace[f"fits_{cls.__name__}"] for kind, cls in EVENTS.items()}


def _fields(cls: type[Part]) -> dict[str, Any]:
    """A part's fields (its bases' too) and their types, as its pydantic model has them."""
    hints = get_type_hints(cls)
    return {name: hints[name] for base in reversed(cls.__mro__) for name in vars(base).get("_own_fields", ())}


def _part_hints(cls: type[Part]) -> dict[str, type[Part]]:
    """The parts a part's fields hold (in a list, a dict or beside None)."""
    found = {}
    for hint in _fields(cls).values():
        for inner in (hint, *get_args(hint), *(a for arg in get_args(hint) for a in get_args(arg))):
            if isinstance(inner, type) and issubclass(inner, Part):
                found[inner.__name__] = inner
    return found


def _function(cls: type[Part]) -> str:
    """A part's check: a dict of its fields and no other, their values taken out at once (`itemgetter`, one
    local name each: `f_` and the field's name), then one `and` a field."""
    if cls.model_config != {"frozen": True, "extra": "forbid", "strict": True}:
        raise TypeError(f"{cls.__name__}: no check of a part that is not closed and strict")
    fields, name = _fields(cls), cls.__name__
    names = ", ".join(f"f_{field}" for field in fields)
    taken = f"VALUES_{name}(v)" if len(fields) > 1 else f"(VALUES_{name}(v),)"  # one name: itemgetter gives no tuple
    checks = "\n            and ".join(_check(hint, f"f_{field}", 0) for field, hint in fields.items())
    return (f"FIELDS_{name} = frozenset({_set(fields)})\n"
            f"VALUES_{name} = itemgetter(*{list(fields)!r})\n\n"
            f"def fits_{name}(v):\n"
            f"    if type(v) is not dict or v.keys() != FIELDS_{name}:\n"
            f"        return False\n"
            f"    ({names},) = {taken}\n"
            f"    return ({checks})\n")


def _set(names: Iterable[str]) -> str:
    """A set's text, its names in order (the same text in every process; `x in {...}` compiles to a constant)."""
    return "{" + ", ".join(repr(name) for name in sorted(names)) + "}"


def _check(hint: Any, x: str, depth: int) -> str:
    """The expression true when the value `x` is of type `hint`, strictly (a Part's model_config)."""
    origin, args, item = get_origin(hint), get_args(hint), f"i{depth}"
    if hint in (int, str, bool):
        return f"type({x}) is {hint.__name__}"  # strict: no True for an int, no "2" for a 2
    if origin is Literal and all(type(arg) is str for arg in args):
        return f"(type({x}) is str and {x} in {_set(args)})"
    if isinstance(hint, type) and issubclass(hint, Part):
        return f"fits_{hint.__name__}({x})"
    if origin in (Union, UnionType):  # None first: no call for an absent part
        choices = [_check(arg, x, depth) for arg in args if arg is not type(None)]
        return "(" + " or ".join([f"{x} is None"] * (type(None) in args) + choices) + ")"
    if origin is list and args[0] in (int, str):  # the types of its values as one set: no loop in Python
        return f"(type({x}) is list and (not {x} or {{*map(type, {x})}} <= ONLY_{args[0].__name__.upper()}))"
    if origin is list and args[0] == Item:
        return f"(type({x}) is list and (not {x} or {{*map(type, {x})}} <= ONLY_STR and ITEM.issuperset({x})))"
    if origin is list:
        return f"(type({x}) is list and (not {x} or all({_check(args[0], item, depth + 1)} for {item} in {x})))"
    if origin is dict and args[0] is str:
        return (f"(type({x}) is dict and all(type(k{depth}) is str and {_check(args[1], item, depth + 1)} "
                f"for k{depth}, {item} in {x}.items()))")
    if hint == Pair:  # read lax (`Part.annotation_names`): a JSON array of a position and an item
        return (f"(type({x}) in (list, tuple) and len({x}) == 2 and type({x}[0]) is int and type({x}[1]) is str "
                f"and {x}[1] in ITEM)")
    raise TypeError(f"no check of a payload field typed {hint!r}")


def _problems(exc: Any, partial: bool = False) -> list[str]:
    """pydantic's errors as "field.path: message" ("payload" for the payload itself)."""
    return [f"{'.'.join(str(part) for part in error['loc']) or 'payload'}: {error['msg']}"
            for error in exc.errors() if not (partial and error["type"] == "missing")]


def trusted(type: str, payload: dict[str, Any]) -> Resolution:
    """The typed event of a payload the log already holds (not checked again)."""
    return EVENTS[type].trusted(payload)


def of(event: Event) -> Resolution | None:
    """The typed resolution of a log event the reducer folded (None for any other type)."""
    cls = EVENTS.get(event.type)
    return None if cls is None else cls.trusted(event.payload)
