"""One typed class per resolution event (the payloads documented at the top of model.py).

`Event.validate(payload)` checks a payload from outside (an import, a GM ruling) and names the field that is wrong;
`Event.trusted(payload)` wraps a payload the rules wrote, without checking it, for the reducer and the views. The
classes are `LazyModel`s: reading a game never imports pydantic; the pydantic model of a class is built from its
declaration when a payload is first checked. Nested structures (poses, path segments, ram effects, update maps) are
the `TypedDict`s of parts.py: plain dicts at run time, so a trusted event costs one object, and validation still
names the nested field ("path.0.kind: …").

A GM ruling may assert only some fields: `validate_payload(..., partial=True)` forgives the missing ones (not a wrong
type), and a trusted event of such a payload has only the fields it was given (`given(name)` says which).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from replay.lazy_model import LazyModel, factory
from replay.ruleset import payload_problems

if TYPE_CHECKING:
    from typing import Annotated

    from pydantic import Field

    from replay.rulesets.knights.parts import (
        Bonus,
        Collision,
        Effect,
        Fulfilment,
        KnightChanges,
        LadyChanges,
        LanceChanges,
        LimitRecord,
        MoveSegment,
        Parts,
        Pickup,
        PlaceSegment,
        PoseDict,
        QueueEntry,
        RamRecord,
        RotateSegment,
        Side,
        TakeTheBlowStep2,
        Term,
        Value,
    )


def _names() -> dict[str, Any]:
    """What the annotations name besides this module's own: the nested structures, and pydantic's Field."""
    from typing import Annotated

    from pydantic import Field

    from replay.rulesets.knights import parts

    return {**vars(parts), "Annotated": Annotated, "Field": Field}


Id = str
Cell = list[int]


# --- the update maps every event may carry (model.py); a field left out keeps its value ---------------------------


class Resolution(LazyModel):
    """What every resolution carries: its arithmetic (`why`), rule, defaults relied on, and the update maps."""

    model_config = {"frozen": True, "extra": "forbid", "strict": True}  # no "3" or true for a number
    annotation_names = staticmethod(_names)
    type: ClassVar[str]

    why: list[str] = factory(list)
    rule: str = ""
    defaults: list[str] = factory(list)
    knights: dict[Id, KnightChanges] = factory(dict)
    ladies: dict[Id, LadyChanges] = factory(dict)
    lances: dict[Id, LanceChanges] = factory(dict)
    limits_add: list[LimitRecord] = factory(list)
    pending_add: list[Fulfilment] = factory(list)
    rams_add: list[RamRecord] = factory(list)


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
    acting: list[Id] = factory(list)


class LadyDrop(Resolution):
    type: ClassVar[str] = "knights.lady_drop"
    knight: Id
    lady: Id
    cell: Cell
    voluntary: bool


class Queue(Resolution):
    type: ClassVar[str] = "knights.queue"
    round: int
    order: list[QueueEntry]
    decided_by: Literal["initiative", "speed", "mass", "die"] | None
    die: int | None


# "from" is a keyword: path segments are declared the functional way


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
    acted_last_turn: list[Id] = factory(list)


class End(Resolution):
    type: ClassVar[str] = "knights.end"
    reason: Literal["turns", "no_capable", "concession", "oaths"]
    winner: Id
    honor: dict[Id, int]
    bonuses: list[Bonus] = factory(list)
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
    from pydantic import ValidationError as PydanticValidationError

    try:
        cls.model_validate(payload)
    except PydanticValidationError as exc:
        needed = _READ_BY_STEP.get(type_, frozenset())
        return [f"{'.'.join(str(part) for part in error['loc']) or 'payload'}: {error['msg']}"
                for error in exc.errors()
                if error["type"] != "missing" or error["loc"][0] in _UPDATE_MAPS or error["loc"][0] in needed]
    return []
