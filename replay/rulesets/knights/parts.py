"""The nested structures of the knights' resolution payloads (poses, path segments, ram effects, update maps).

They are `TypedDict`s: plain dicts at run time, so a trusted event costs one object, and validation still names the
nested field ("path.0.kind: …"). Only the pydantic models of events.py read them: this module is imported when one
is first built (checking a payload from outside), never to read a game.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

Id = str
Cell = list[int]


class PoseDict(TypedDict):
    x: float
    y: float
    f: int


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


class QueueEntry(TypedDict):
    player: Id
    knight: Id
    action: str
    step: int
    initiative: int
    speed: int
    mass: int


class Pickup(TypedDict):
    lady: Id
    kidnapper: Id | None


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


class TakeTheBlowStep2(TypedDict):
    dir: str | None
    ally_to: PoseDict | None
    result: Literal["done", "failed"]
    segment: NotRequired[dict[str, Any]]


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


class Bonus(TypedDict):
    knight: Id
    honor: int
    kind: Literal["kidnapper_fallen"]
    kidnapper: Id
    why: str
