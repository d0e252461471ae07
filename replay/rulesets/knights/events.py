"""One typed class per resolution event (the payloads documented at the top of model.py).

`Event.validate(payload)` checks a payload from outside (an import, a GM ruling) and names the field that is wrong;
`Event.trusted(payload)` wraps a payload the rules wrote, without checking it, for the reducer and the views. Nested
structures (poses, path segments, ram effects, update maps) are `TypedDict`s: plain dicts at run time, so a trusted
event costs one object, and validation still names the nested field ("path.0.kind: …").

A GM ruling may assert only some fields: `validate_payload(..., partial=True)` forgives the missing ones (not a wrong
type), and a trusted event of such a payload has only the fields it was given (`given(name)` says which).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, NotRequired, Self

from pydantic import BaseModel, ConfigDict, Field, with_config
from pydantic import ValidationError as PydanticValidationError
from typing_extensions import TypedDict

from replay.ruleset import payload_problems

Id = str
Cell = list[int]


class PoseDict(TypedDict):
    x: float
    y: float
    f: int


# --- the update maps every event may carry (model.py); a field left out keeps its value ---------------------------


class KnightChanges(TypedDict, total=False):
    pose: PoseDict | None
    location: Literal["unplaced", "field", "outflank", "fallen"]
    accel: int
    damaged: list[str]
    honor: int
    oath_count: int
    mercy_uses: int
    functions_lost: int
    modules_destroyed: int
    last_module_destroyed: bool
    used_take_the_blow: bool
    struck_enemy: bool
    broke_enemy: bool


class LadyChanges(TypedDict, total=False):
    cell: Cell | None
    carrier: Id | None
    kidnapper: Id | None


class LanceChanges(TypedDict, total=False):
    role: Literal["challenger", "responder"]
    edge: Literal["left", "right"]
    spared: list[Id]


class LimitRecord(TypedDict):
    id: str
    type: Literal["water", "forest", "rock"]
    rect: list[int]
    placed_by: NotRequired[Id]


@with_config(ConfigDict(extra="allow"))
class Term(TypedDict):
    kind: str
    honor: int


class Fulfilment(TypedDict):
    knight: Id
    oath: str
    honor: int
    why: list[str]
    ram: int | None
    terms: list[Term]


class RamRecord(TypedDict):
    n: int
    attacker: Id
    target: Id
    outcome: str
    spared: bool
    enemy: bool
    tc: str


class Resolution(BaseModel):
    """What every resolution carries: its arithmetic (`why`), rule, defaults relied on, and the update maps."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)  # no "3" or true for a number
    type: ClassVar[str]

    why: list[str] = Field(default_factory=list)
    rule: str = ""
    defaults: list[str] = Field(default_factory=list)
    knights: dict[Id, KnightChanges] = Field(default_factory=dict)
    ladies: dict[Id, LadyChanges] = Field(default_factory=dict)
    lances: dict[Id, LanceChanges] = Field(default_factory=dict)
    limits_add: list[LimitRecord] = Field(default_factory=list)
    pending_add: list[Fulfilment] = Field(default_factory=list)
    rams_add: list[RamRecord] = Field(default_factory=list)

    @classmethod
    def validate(cls, payload: dict[str, Any]) -> Self:  # type: ignore[override]
        """The event of a payload from outside; raises pydantic's ValidationError naming each bad field."""
        return cls.model_validate(payload)

    @classmethod
    def trusted(cls, payload: dict[str, Any]) -> Self:
        """The event of a payload the rules wrote, unchecked and uncopied (it reads the payload in place).

        A field the payload leaves out reads as its default; one without a default raises AttributeError.
        """
        obj = _new(cls)
        _set(obj, "__dict__", payload)
        _set(obj, "__pydantic_fields_set__", payload.keys())
        _set(obj, "__pydantic_extra__", None)
        _set(obj, "__pydantic_private__", None)
        return obj

    def given(self, name: str) -> bool:
        """Whether the payload had this field (a GM ruling may leave some out)."""
        return name in self.__pydantic_fields_set__

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        _default_attributes(cls)


def _default_attributes(cls: type[BaseModel]) -> None:
    """Defaults as class attributes, where a trusted event finds the fields its payload leaves out (never mutate)."""
    for name, info in cls.model_fields.items():
        if not info.is_required():
            type.__setattr__(cls, name, info.get_default(call_default_factory=True))


_new = object.__new__
_set = object.__setattr__
_default_attributes(Resolution)


# --- turn 0 ----------------------------------------------------------------------------------------------------------


class Roles(Resolution):
    type: ClassVar[str] = "knights.roles"
    challenger: Id
    responder: Id
    lot: int | None


class Edges(Resolution):
    type: ClassVar[str] = "knights.edges"
    edges: dict[Id, Literal["left", "right"]]
    lot: int | None


class Limits(Resolution):
    type: ClassVar[str] = "knights.limits"
    player: Id
    knight: Id
    domain: Literal["water", "forest", "rock"]
    limits: list[LimitRecord]


class Deploy(Resolution):
    type: ClassVar[str] = "knights.deploy"
    player: Id
    knight: Id
    pose: PoseDict
    speed: int
    in_own_domain: bool


class LadyPlaced(Resolution):
    type: ClassVar[str] = "knights.lady"
    lady: Id
    her_knight: Id
    placed_by: Id
    cell: Cell | None
    carrier: Id | None
    kidnapper: Id | None


# --- turns 1..24 -----------------------------------------------------------------------------------------------------


class Reveal(Resolution):
    type: ClassVar[str] = "knights.reveal"
    turn: int
    orders: dict[Id, dict[str, Any]]
    acting: list[Id] = Field(default_factory=list)


class LadyDrop(Resolution):
    type: ClassVar[str] = "knights.lady_drop"
    knight: Id
    lady: Id
    cell: Cell
    voluntary: bool


class QueueEntry(TypedDict):
    player: Id
    knight: Id
    action: str
    step: int
    initiative: int
    speed: int
    mass: int


class Queue(Resolution):
    type: ClassVar[str] = "knights.queue"
    round: int
    order: list[QueueEntry]
    decided_by: Literal["initiative", "speed", "mass", "die"] | None
    die: int | None


class Pickup(TypedDict):
    lady: Id
    kidnapper: Id | None


# "from" is a keyword: path segments are declared the functional way
MoveSegment = TypedDict("MoveSegment", {
    "kind": Literal["move"], "dir": int, "distance": int, "delta": list[float], "from": PoseDict,
    "to": PoseDict | None, "result": Literal["clear", "contact", "outflank"], "tau": float | None,
    "exit": NotRequired[PoseDict], "candidates": list[Id], "pickups": list[Pickup], "love": bool})
RotateSegment = TypedDict("RotateSegment", {
    "kind": Literal["rotate"], "turn": int, "from": int, "to": int,
    "result": Literal["done", "cancelled", "outflank"], "blocked_by": list[Id], "love": NotRequired[bool]})
class PlaceSegment(TypedDict):
    kind: Literal["place"]
    to: PoseDict


class Collision(TypedDict):
    candidates: list[Id]
    stop: PoseDict | None
    tau: float | None


class Move(Resolution):
    type: ClassVar[str] = "knights.move"
    knight: Id
    player: Id
    action: str
    step: int
    start: PoseDict | None
    path: list[Annotated[MoveSegment | RotateSegment | PlaceSegment, Field(discriminator="kind")]]
    end: PoseDict | None
    location: str
    accel: int
    speed: int
    collision: Collision | None
    pickup: Pickup | None
    pickups: list[Pickup]
    love: bool


class TakeTheBlowStep2(TypedDict):
    dir: str | None
    ally_to: PoseDict | None
    result: Literal["done", "failed"]
    segment: NotRequired[dict[str, Any]]


class TakeTheBlow(Resolution):
    type: ClassVar[str] = "knights.take_the_blow"
    loyal: Id
    ally: Id
    attacker: Id
    ram: int
    loyal_from: PoseDict
    ally_from: PoseDict
    step1: PoseDict
    step2: TakeTheBlowStep2
    step3: PoseDict | None
    placed_by: str | None
    success: bool


Part = Literal["front", "flank", "rear"]


class Parts(TypedDict):
    tp: Part
    ap: Part
    tc: Part
    ac: Part


class Side(TypedDict):
    mass: int
    speed: int
    accel: int
    pose: PoseDict | None
    in_limits: dict[str, bool]
    formation: bool
    player: Id


@with_config(ConfigDict(extra="allow"))
class Mod(TypedDict):
    value: int
    reason: str
    rule: str
    applied: bool
    kind: str


class Halving(TypedDict):
    knight: Id
    part: str
    toward: Id
    override: bool


class Value(TypedDict):
    base: int
    mass: int
    speed: int
    counted_speed: int
    mods: list[Mod]
    div: int
    div_reason: str | None
    halving: Halving | None
    value: int


@with_config(ConfigDict(extra="allow"))
class Effect(TypedDict):
    kind: Literal["push", "sidestep", "rotate", "accel", "spare", "damage", "lady_token", "outflank", "love"]


class Ram(Resolution):
    type: ClassVar[str] = "knights.ram"
    n: int
    attacker: Id
    target: Id
    would_be_target: Id
    candidates: list[Id]
    chosen_by: str | None
    parts: Parts
    loyalty_override: bool
    attacker_state: Side
    target_state: Side
    impetus: Value
    resistance: Value
    outcome: Literal["target_broken", "target_struck", "equal", "attacker_struck", "attacker_broken"]
    effects: list[Effect]
    spared: bool
    winner: Id | None
    loser: Id | None


class ActionEnd(Resolution):
    type: ClassVar[str] = "knights.action_end"
    knight: Id
    action: str
    reason: Literal["done", "ram", "outflank", "fallen", "function_damaged", "accel_zero"]
    accel: int


class Checks(Resolution):
    type: ClassVar[str] = "knights.checks"
    formations: dict[Id, list[Id]]


class Oath(Resolution):
    type: ClassVar[str] = "knights.oath"
    knight: Id
    oath: str
    honor: int
    status: Literal["accepted", "declined", "void"]
    ram: int | None
    terms: list[Term]
    total: int


class EndOfTurn(Resolution):
    type: ClassVar[str] = "knights.end_of_turn"
    turn: int
    next_turn: int
    acted_last_turn: list[Id] = Field(default_factory=list)


class Bonus(TypedDict):
    knight: Id
    honor: int
    kind: Literal["kidnapper_fallen"]
    kidnapper: Id
    why: str


class End(Resolution):
    type: ClassVar[str] = "knights.end"
    reason: Literal["turns", "no_capable", "concession", "oaths"]
    winner: Id
    honor: dict[Id, int]
    bonuses: list[Bonus] = Field(default_factory=list)
    conceded: Id | None = None


EVENTS: dict[str, type[Resolution]] = {cls.type: cls for cls in (
    Roles, Edges, Limits, Deploy, LadyPlaced, Reveal, LadyDrop, Queue, Move, TakeTheBlow, Ram, ActionEnd, Checks,
    Oath, EndOfTurn, End,
)}


def trusted(type_: str, payload: dict[str, Any]) -> Resolution:
    """The typed event of a payload the rules wrote (KeyError for a type that is not the knights')."""
    return EVENTS[type_].trusted(payload)


_UPDATE_MAPS = frozenset({"knights", "ladies", "lances", "limits_add", "pending_add", "rams_add"})
"""The fields the reducer copies into the state: a ruling may leave each out, but not half of one (a pose without y)."""
_READ_BY_STEP = {"knights.end_of_turn": frozenset({"next_turn"})}
"""Top-level fields a step of the reducer reads, so a ruling of that type must give them."""


def validate_payload(type_: str, payload: Any, *, partial: bool = False) -> list[str]:
    """Every problem of a payload for `type_`, as "field.path: message"; with `partial` (what a GM ruling asserts),
    fields left out are fine, except those the reducer reads: inside an update map, or a step's own fields."""
    cls = EVENTS.get(type_)
    if cls is None or not partial:
        return payload_problems(EVENTS, type_, payload, ruleset="knights")
    try:
        cls.model_validate(payload)
    except PydanticValidationError as exc:
        needed = _READ_BY_STEP.get(type_, frozenset())
        return [f"{'.'.join(str(part) for part in error['loc']) or 'payload'}: {error['msg']}"
                for error in exc.errors()
                if error["type"] != "missing" or error["loc"][0] in _UPDATE_MAPS or error["loc"][0] in needed]
    return []
