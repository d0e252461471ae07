"""One typed class per resolution event of `warband@1` (validated at import; the reducer and the post read them).

Every payload carries `why` (the arithmetic as a GM writes it), `rule` (the sections applied) and `defaults`
(the spec's PROPOSED DEFAULT ids relied on).

The classes are `LazyModel`s declared as pydantic models are, read and made without pydantic when that is sure to
give what pydantic gives: `read(type, payload)` (the reducer, the posts) and a class called with keywords (the
rules) take each value as pydantic's lax mode keeps it when it is of its field's exact type (an integer where a
float is declared becomes that float, a list where a tuple is, that tuple; a nested part is built as its class), the
defaults filled in; anything else (a missing or unknown field, a string for a number, a boolean for an integer, …)
goes through the pydantic model built from the same declaration, so what is kept and every error message are
pydantic's own. `model_dump` writes what pydantic's serializer writes, the `absent_when_none` fields left out while
None.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any, ClassVar, Literal, Self, Union, get_args, get_origin

from replay.lazy_model import _REQUIRED, LazyModel
from replay.ruleset import payload_problems


class _Unsure(Exception):
    """A value the plain reader does not take (pydantic reads the payload instead)."""


class Part(LazyModel):
    """A part of a resolution's payload. The fields in `absent_when_none` are left out while None, so payloads
    recorded before those fields existed read and hash as they were written."""

    model_config = {"extra": "forbid", "frozen": True}
    absent_when_none: ClassVar[tuple[str, ...]] = ()
    _fields: ClassVar[dict[str, tuple[Callable[[Any], Any], Any]] | None] = None

    @classmethod
    def annotation_names(cls) -> dict[str, Any]:  # type: ignore[override]
        """The nested parts' pydantic models, under their names (those this class's own annotations name)."""
        own = " ".join(map(str, cls.__dict__.get("__annotations__", {}).values()))
        return {name: _PARTS[name].pydantic_model() for name in ("Save", "Placement", "Pool") if name in own}

    def __new__(cls, **values: Any) -> Self:
        """The part of these values (the rules make events so), as pydantic would make it."""
        return cls.read(values)

    @classmethod
    def read(cls, payload: Any) -> Self:
        """The part of a payload (or keywords): plain when sure, else through pydantic (raising its error)."""
        try:
            return _plain(cls, payload)  # type: ignore[no-any-return]
        except _Unsure:
            checked = cls.pydantic_model().model_validate(_fields_of(payload))  # type: ignore[attr-defined]
            return _typed(checked)  # type: ignore[no-any-return]

    model_validate = read

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """The fields as pydantic's `model_dump` gives them (`mode="json"`: tuples as lists), absent ones left out."""
        out = {name: _dumped(value, mode) for name, value in self.__dict__.items()}
        for name in self.absent_when_none:
            if out.get(name) is None:
                out.pop(name, None)
        return out


class Resolution(Part):
    """A resolution's payload. The fields in `absent_when_none` are left out while None, so payloads recorded before
    those fields existed read and hash as they were written."""

    type: ClassVar[str]
    why: list[str]
    rule: str
    defaults: list[str] = []


def _plain(cls: type[Part], payload: Any) -> Any:
    """The part of a payload whose every value is of its field's exact type (`_Unsure` for any other payload)."""
    fields = cls.__dict__.get("_fields") or _plain_fields(cls)
    if type(payload) is not dict or not payload.keys() <= fields.keys():
        raise _Unsure
    values: dict[str, Any] = {}
    for name, (convert, default) in fields.items():
        if name in payload:
            values[name] = convert(payload[name])
        elif default is _REQUIRED:
            raise _Unsure
        else:
            values[name] = default() if callable(default) else default
    return _made(cls, values, frozenset(payload))


def _plain_fields(cls: type[Part]) -> dict[str, tuple[Callable[[Any], Any], Any]]:
    """Every field of the class, in pydantic's order (its bases' first): name -> (its converter, its default)."""
    import sys

    names = {**vars(sys.modules[cls.__module__]), "Any": Any, "Literal": Literal}
    fields: dict[str, tuple[Callable[[Any], Any], Any]] = {}
    for klass in reversed([k for k in cls.__mro__ if isinstance(k, type) and issubclass(k, Part)]):
        for name, declared in klass._own_fields.items():
            hint = klass.__dict__["__annotations__"][name]
            convert = _converter(eval(hint, names) if isinstance(hint, str) else hint)  # noqa: S307
            default = declared
            if isinstance(default, list | dict):  # pydantic copies a mutable default for each model
                default = type(default) if not default else (lambda d=default: type(d)(d))
            fields[name] = (convert, default)
    type.__setattr__(cls, "_fields", fields)
    return fields


def _converter(hint: Any) -> Callable[[Any], Any]:
    """What pydantic's lax mode keeps of a value of the exact type `hint` declares; `_Unsure` for anything else."""
    if hint is Any:
        return _same
    if hint in _EXACT:
        return _EXACT[hint]
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        allowed = frozenset(args)
        if not all(type(a) is str for a in args):
            return _never

        def literal(v: Any) -> Any:
            if type(v) is str and v in allowed:
                return v
            raise _Unsure
        return literal
    if origin in (Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1 or len(args) != 2:
            return _never
        inner = _converter(rest[0])

        def optional(v: Any) -> Any:
            return None if v is None else inner(v)
        return optional
    if origin is list:
        item = _converter(args[0])

        def listed(v: Any) -> Any:
            if type(v) is list or type(v) is tuple:
                return [item(x) for x in v]
            raise _Unsure
        return listed
    if origin is tuple and args and args[-1] is not Ellipsis:
        items = [_converter(a) for a in args]

        def pair(v: Any) -> Any:
            if (type(v) is list or type(v) is tuple) and len(v) == len(items):
                return tuple(c(x) for c, x in zip(items, v, strict=True))
            raise _Unsure
        return pair
    if origin is dict and args[0] is str:
        value = _converter(args[1])

        def mapped(v: Any) -> Any:
            if type(v) is dict and all(type(k) is str for k in v):
                return {k: value(x) for k, x in v.items()}
            raise _Unsure
        return mapped
    if isinstance(hint, type) and issubclass(hint, Part):
        def part(v: Any) -> Any:
            return v if type(v) is hint else _plain(hint, v)
        return part
    return _never  # a type this reader does not know: pydantic reads every payload of the class


def _never(v: Any) -> Any:
    raise _Unsure


def _same(v: Any) -> Any:
    return v


def _exact(kind: type) -> Callable[[Any], Any]:
    def exact(v: Any) -> Any:
        if type(v) is kind:
            return v
        raise _Unsure
    return exact


def _float(v: Any) -> float:
    if type(v) is float:
        return v
    if type(v) is int and -(2 ** 53) <= v <= 2 ** 53:
        return float(v)
    raise _Unsure


_EXACT: dict[Any, Callable[[Any], Any]] = {str: _exact(str), int: _exact(int), bool: _exact(bool), float: _float}


def _made(cls: type[Part], values: dict[str, Any], given: frozenset[str] | None) -> Any:
    obj = object.__new__(cls)
    object.__setattr__(obj, "__dict__", values)
    object.__setattr__(obj, "_fields_set", given)
    return obj


def _typed(checked: Any) -> Any:
    """The part of pydantic's checked model (its nested models as their parts too)."""
    cls = _PARTS[type(checked).__name__]
    values = {name: _untyped(value) for name, value in checked.__dict__.items()}
    return _made(cls, values, frozenset(checked.model_fields_set))


def _fields_of(value: Any) -> Any:
    """A payload for pydantic: the parts in it (made by the rules, say) as the fields they were given, which its
    models read (and keep as given, as pydantic keeps a model it is handed)."""
    if isinstance(value, Part):
        return {name: _fields_of(v) for name, v in value.__dict__.items() if value.given(name)}
    if type(value) is list:
        return [_fields_of(v) for v in value]
    if type(value) is dict:
        return {k: _fields_of(v) for k, v in value.items()}
    return value


def _untyped(value: Any) -> Any:
    if type(value) is list:
        return [_untyped(v) for v in value]
    if hasattr(value, "model_fields_set") and not isinstance(value, Part):
        return _typed(value)
    return value


def _dumped(value: Any, mode: str) -> Any:
    if isinstance(value, Part):
        return value.model_dump(mode)
    if type(value) is list or (mode == "json" and type(value) is tuple):
        return [_dumped(v, mode) for v in value]
    if type(value) is tuple:
        return tuple(_dumped(v, mode) for v in value)
    if type(value) is dict:
        return {k: _dumped(v, mode) for k, v in value.items()}
    return value


class Save(Part):
    absent_when_none: ClassVar[tuple[str, ...]] = ("reroll",)
    kind: Literal["cover", "armour", "invulnerable", "burst"]
    tn: int
    die: int
    saved: bool
    reroll: int | None = None
    """Miscast 1 (A-71): the successful invulnerable save re-rolled; this die stands (absent otherwise)."""


class Weather(Resolution):
    type: ClassVar[str] = "warband.weather"
    absent_when_none: ClassVar[tuple[str, ...]] = ("modifiers",)
    weather: str
    scope: Literal["game", "turn"]
    modifiers: dict[str, float] | None = None
    """The GM's modifiers of the weather (A-20: none by default), e.g. {"sight": -5}: every warrior carries them as
    the effect `weather` until the GM declares another weather."""


class DayNight(Resolution):
    type: ClassVar[str] = "warband.day_night"
    day_turns: int
    night_turns: int
    first: Literal["day", "night"]


class Placement(Part):
    warrior: str
    x: float
    y: float
    z: float
    facing: float
    depth: float


class Deployed(Resolution):
    type: ClassVar[str] = "warband.deployed"
    side: str
    placements: list[Placement]
    guns: list[Placement] = []


class DraftOrder(Resolution):
    type: ClassVar[str] = "warband.draft_order"
    rolls: dict[str, list[int]]
    order: list[str]


class DraftPick(Resolution):
    type: ClassVar[str] = "warband.draft_pick"
    side: str
    n: int
    kind: Literal["unit", "item", "gun", "pass", "done"]
    """`done`: the side has made its total of picks (the scenario's picks per side + its race's delta, A-17)."""
    element: str | None = None
    """The unit's or gun's id, or the item's kind."""


class Equipped(Resolution):
    type: ClassVar[str] = "warband.equipped"
    side: str
    items: dict[str, list[str]]
    """warrior → the drafted items it now carries (C03)."""
    dispatchers: dict[str, str] = {}
    """drafted gun → its dispatcher."""
    unassigned: list[str] = []


class DraftEnded(Resolution):
    type: ClassVar[str] = "warband.draft_ended"
    left: list[str]
    """What nobody picked (units, guns, items): out of the game."""


class TurnOrder(Resolution):
    type: ClassVar[str] = "warband.turn_order"
    rolls: dict[str, list[int]]
    order: list[str]


class StageStarted(Resolution):
    type: ClassVar[str] = "warband.stage_started"
    stage: Literal["movement", "ranged", "melee"]
    side: str
    absent_when_none: ClassVar[tuple[str, ...]] = ("sight",)
    night: bool
    gaps: list[tuple[str, str, float]] = []
    sight: dict[str, float] | None = None
    """At night or under a weather that changes sight: {"ordinary", "dispatcher", "inspect"} in cm (L120, A-20)."""
    """Melee: the side's warriors and the enemies within its reach plus its charge, with the gap in cm (L190)."""


class MoveRolled(Resolution):
    type: ClassVar[str] = "warband.move_rolled"
    warrior: str
    m: float
    k: int
    die: int
    allowance: float


class Moved(Resolution):
    type: ClassVar[str] = "warband.moved"
    warrior: str
    path: list[tuple[float, float]]
    length: float
    allowance: float
    rolled: bool
    facing: float
    z: float


class Stayed(Resolution):
    type: ClassVar[str] = "warband.stayed"
    warrior: str


class Jump(Resolution):
    type: ClassVar[str] = "warband.jump"
    absent_when_none: ClassVar[tuple[str, ...]] = ("landed_on", "rolloff", "aimed")
    warrior: str
    start: list[float]
    target: list[float]
    distance: float
    mdd: float
    die: int | None = None
    allowance: float | None = None
    success: bool
    end: list[float]
    z: float
    facing: float
    fall_height: float | None = None
    landed_on: str | None = None
    """A-45: the warrior a failed jump fell onto (no harm unless the GM rules); `end` is then the nearest free point
    and `aimed` where the jump came down."""
    rolloff: dict[str, list[int]] | None = None
    """A-45, §4.3.4: the roll-off of the sides of the engaged fight it fell into."""
    aimed: list[float] | None = None


class Fell(Resolution):
    type: ClassVar[str] = "warband.fell"
    warrior: str
    height: float
    level: int
    modifiers: dict[str, int]
    until: int
    wounds: int
    removed: bool
    saves: list[Save] = []
    durability: int


class Dismounted(Resolution):
    type: ClassVar[str] = "warband.dismounted"
    warrior: str
    mount: str
    kind: str
    mode: Literal["tie", "loose"]
    at: list[float]
    allowance: float


class Remounted(Resolution):
    type: ClassVar[str] = "warband.remounted"
    warrior: str
    mount: str
    kind: str


class MountRan(Resolution):
    type: ClassVar[str] = "warband.mount_ran"
    absent_when_none: ClassVar[tuple[str, ...]] = ("diagonal",)
    mount: str
    distance_die: int
    direction_die: int
    heading: float | None
    end: list[float]
    lost: bool
    start: list[float] | None = None
    diagonal: dict[str, Any] | None = None
    """A direction of 5: the owner's wanted diagonal (C11), the forward–back and left–right dice, the one it runs."""


class MountStop(Resolution):
    type: ClassVar[str] = "warband.mount_stop"
    mount: str
    warrior: str
    side: str
    start: list[float]
    at: list[float]
    moved: float
    die: int
    outcome: str
    saves: list[Save] = []
    wounded: bool = False
    removed: bool = False
    modifiers: dict[str, float] = {}
    until: int | None = None
    mount_after: Literal["running", "standing", "ridden"]
    """The mount after the attempt: runs on (1–3), stands (4, 5) or carries the warrior (6)."""
    mount_at: list[float]
    rider: str | None = None


class Untied(Resolution):
    type: ClassVar[str] = "warband.untied"
    warrior: str
    mount: str
    owner_side: str
    runs_turn: int
    """The first turn in which the mount's owner rolls for it (its next movement segment, A-37)."""


class WeaponSwapped(Resolution):
    type: ClassVar[str] = "warband.weapon_swapped"
    warrior: str
    before: str
    to: str


class Talk(Resolution):
    type: ClassVar[str] = "warband.talk"
    speaker: str
    listener: str
    speaker_side: str
    listener_side: str
    mode: Literal["talk", "whisper"]
    seconds: int
    gap: float
    used: int
    """The speaker side's talk seconds this movement stage, this talk included."""
    intel: list[str] = []
    """Enemies the speaker's side sees, passed on: the listener's side may fire its guns at them this turn (A-49)."""


class Shot(Resolution):
    type: ClassVar[str] = "warband.shot"
    absent_when_none: ClassVar[tuple[str, ...]] = ("sight", "gap")
    shooter: str
    target: str
    declared: str | None = None
    """The declared target when the shot went into an engaged fight (§4.3.4); `target` is who it hit."""
    rolloff: dict[str, list[int]] = {}
    weapon: str
    distance: float
    range: float
    taken: bool
    tn: int | None = None
    die: int | None = None
    hit: bool = False
    coverage: float = 0.0
    saves: list[Save] = []
    wounded: bool = False
    removed: bool = False
    sight: float | None = None
    """The shooter's sight at night or under a weather that changes it (L120, A-20); absent by a clear day."""
    gap: float | None = None
    """With `sight`: the gap to the declared target, within that sight."""


class Cast(Resolution):
    type: ClassVar[str] = "warband.cast"
    caster: str
    spell: str
    target: str
    declared: str | None = None
    """The declared target when a damaging spell went into an engaged fight (§4.3.4); `target` is who it hit."""
    rolloff: dict[str, list[int]] = {}
    k: int
    upper: int
    dice: list[int]
    result: Literal["cast", "not_cast", "miscast"]
    miscast: int | None = None
    effect: dict[str, float] = {}
    until: int | None = None
    distance: float | None = None
    tn: int | None = None
    die: int | None = None
    saves: list[Save] = []
    wounded: bool = False
    removed: bool = False


class GunHit(Resolution):
    type: ClassVar[str] = "warband.gun_hit"
    gun: str
    dispatcher: str
    warrior: str
    wounded: bool
    removed: bool


class GunRotated(Resolution):
    type: ClassVar[str] = "warband.gun_rotated"
    gun: str
    before: float
    facing: float


class GunMoved(Resolution):
    type: ClassVar[str] = "warband.gun_moved"
    gun: str
    dispatcher: str
    start: list[float]
    end: list[float]
    from_origin: float


class GunCaptured(Resolution):
    type: ClassVar[str] = "warband.gun_captured"
    gun: str
    before_side: str
    side: str
    dispatcher: str


class SabotageDeclared(Resolution):
    type: ClassVar[str] = "warband.sabotage_declared"
    side: str
    stage: Literal["movement", "ranged", "melee"]
    saboteurs: dict[str, str]
    """warrior → the enemy gun it works on this stage (it does nothing else, L126)."""


class Sabotage(Resolution):
    type: ClassVar[str] = "warband.sabotage"
    gun: str
    counted: list[str]
    step: float
    progress: float
    destroyed: bool


class Inspected(Resolution):
    type: ClassVar[str] = "warband.inspected"
    warrior: str
    side: str
    target: str
    gap: float
    equipment: list[str]
    """What the inspecting side learns (its players only see this event, A-50)."""


class GunShot(Resolution):
    type: ClassVar[str] = "warband.gun_shot"
    shooter: str
    gun: str
    weapon: str
    distance: float
    range: float
    taken: bool
    tn: int | None = None
    die: int | None = None
    hits: int = 0
    destroyed: bool = False


class GunFired(Resolution):
    type: ClassVar[str] = "warband.gun_fired"
    gun: str
    side: str
    dispatcher: str
    aim: str
    off_deg: float
    tolerance: bool
    burst_die: int
    fired: bool
    destroyed: bool
    shots_used: int
    impacts: list[dict[str, Any]]
    gun_hits: list[str]
    bursts: list[dict[str, Any]]
    terrain_hits: list[str] = []
    terrain_destroyed: list[str] = []


class Charge(Resolution):
    type: ClassVar[str] = "warband.charge"
    fight: str
    charger: str
    target: str
    path: list[tuple[float, float]]
    length: float
    charge_max: float
    die: int | None = None
    allowance: float | None = None
    success: bool
    facing: float
    end_gap: float | None = None
    initiative_penalty: int = 0
    attack_penalty: int = 0
    """−1 attack in this fight for a charger that climbed onto a piece (L204)."""
    z: float | None = None
    """The charger's elevation after a climbing charge."""


class Pivot(Resolution):
    type: ClassVar[str] = "warband.pivot"
    fight: str
    warrior: str
    facing: float
    pivoted: bool


class Participants(Resolution):
    type: ClassVar[str] = "warband.participants"
    fight: str
    initiator: str
    sides: dict[str, list[str]]
    second_rank: list[str]
    kind: Literal["fight", "duel", "brawl", "none"]
    targets: dict[str, list[str]]
    """warrior -> the enemies it may attack (for a second-rank warrior: its comrade's)."""


class Initiative(Resolution):
    type: ClassVar[str] = "warband.initiative"
    fight: str
    rolls: dict[str, int]
    scores: dict[str, int]
    winners: list[str]


class Pool(Part):
    absent_when_none: ClassVar[tuple[str, ...]] = ("to",)
    warrior: str
    vs: str
    attacks: int
    tn: int | None
    dice: list[int]
    hits: int
    to: str | None = None
    """In a brawl, the side these attacks are dedicated to (C22); absent in a fight of two sides."""


class Dedicated(Resolution):
    type: ClassVar[str] = "warband.dedicated"
    fight: str
    step: Literal["A", "B"]
    side: str
    attacks: dict[str, int]
    """Enemy side → the attacks this side dedicates to it (C22, L232)."""


class Attacks(Resolution):
    type: ClassVar[str] = "warband.attacks"
    fight: str
    step: Literal["A", "B"]
    side: str
    pools: list[Pool]


class Wound(Resolution):
    type: ClassVar[str] = "warband.wound"
    fight: str
    step: Literal["A", "B"]
    pool: str
    hit: int
    attacker: str
    warrior: str | None
    saves: list[Save] = []
    wounded: bool = False
    removed: bool = False


class FightResolved(Resolution):
    type: ClassVar[str] = "warband.fight_resolved"
    fight: str
    wounds_by_side: dict[str, int]
    winner: str | None
    disengage: Literal["stay", "roll", "none"]
    engaged: dict[str, list[str]]


class FightCancelled(Resolution):
    type: ClassVar[str] = "warband.fight_cancelled"
    fight: str
    problems: list[str]


class Durability(Resolution):
    type: ClassVar[str] = "warband.durability"
    warrior: str
    item: str
    index: int
    before: int
    after: int
    broken: bool
    fights: list[str]


class EngagementEnded(Resolution):
    type: ClassVar[str] = "warband.engagement_ended"
    warriors: list[str]


class TurnEnded(Resolution):
    type: ClassVar[str] = "warband.turn_ended"
    next_turn: int
    night: bool


class GameEnded(Resolution):
    type: ClassVar[str] = "warband.game_ended"
    reason: str


EVENTS: dict[str, type[Resolution]] = {c.type: c for c in (
    Weather, DayNight, Deployed, DraftOrder, DraftPick, Equipped, DraftEnded,
    TurnOrder, StageStarted, MoveRolled, Moved, Stayed, Jump, Fell,
    Dismounted, Remounted, MountRan, MountStop, Untied, WeaponSwapped, Talk, Shot, Cast,
    GunHit, GunRotated, GunFired, GunMoved, GunCaptured, SabotageDeclared, Sabotage, GunShot, Inspected,
    Charge, Pivot,
    Participants, Initiative, Dedicated, Attacks, Wound, FightResolved, FightCancelled, Durability, EngagementEnded,
    TurnEnded,
    GameEnded)}


_PARTS: dict[str, type[Part]] = {c.__name__: c for c in (Part, Resolution, Save, Placement, Pool, *EVENTS.values())}
"""Every class by name (what the pydantic models built from them are called)."""


def validate_payload(type_: str, payload: dict[str, Any]) -> list[str]:
    """Every problem of a resolution payload as "field: message"; empty when the reducer can take it."""
    if not _MODELS:
        _MODELS.update((kind, cls.pydantic_model()) for kind, cls in EVENTS.items())
    return payload_problems(_MODELS, type_, payload, ruleset="warband")


_MODELS: dict[str, Any] = {}
"""Resolution event type -> its class's pydantic model (built when a payload is first checked)."""


def read(type_: str, payload: dict[str, Any]) -> Any:
    """The typed event of a payload the log holds."""
    return EVENTS[type_].read(payload)
