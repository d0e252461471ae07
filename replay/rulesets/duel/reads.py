"""The duel's resolution events as posts and frames read them: the classes of `events.py` without pydantic.

`events.py` checks payloads (import, rulings) with pydantic models; a post or a frame only reads payloads the log
already holds, which `events.trusted` builds without checking anyway. These plain classes have the same names,
fields and nesting (tests/duel/test_duel_reads.py compares them with `events.py`), and `trusted` builds them the same
way: the payload's values as they are, nested parts built too, a field a ruling left out absent (reading it raises
AttributeError; `given(name)` says which fields the payload had). Importing pydantic costs a process ~60 ms: `post`
and `render` of a duel no longer do.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Self

from eventlog.envelope import Event

Id = str
Item = Literal["attack", "defense", "initiative", "feint", "counter", "rest"]
Stake = Literal["low", "high", "all_in"]
Status = Literal["active", "incapacitated", "dead"]
Pair = tuple[int, Item]
Nested = dict[str, tuple[str, Any]]
"""A part's fields that hold other parts: name -> ("one" | "maybe" | "list" | "dict", the part's class)."""


class Part:
    """A piece of a payload the log holds, read as it is (its annotations are the fields of `events.py`'s class)."""

    nested: ClassVar[Nested] = {}

    @classmethod
    def trusted(cls, values: dict[str, Any]) -> Self:
        """The part of values already checked (see the module's docstring)."""
        obj = cls.__new__(cls)
        fields = obj.__dict__
        fields.update(values)
        for name, (kind, part) in cls.nested.items():
            if name in fields:
                fields[name] = _build(kind, part, fields[name])
        return obj

    def given(self, name: str) -> bool:
        """Whether the payload had this field (a GM ruling may leave some out)."""
        return name in self.__dict__

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"


def _build(kind: str, part: type[Part], value: Any) -> Any:
    if kind == "one":
        return part.trusted(value)
    if kind == "maybe":
        return part.trusted(value) if isinstance(value, dict) else value
    if kind == "list":
        return [part.trusted(v) for v in value]
    return {k: part.trusted(v) for k, v in value.items()}


class Resolution(Part):
    type: ClassVar[str]
    why: list[str]
    rule: str
    defaults: list[str]


class Activation(Part):
    killer_blow: bool
    distance_control: Literal["attack", "defense"] | None
    sharp_tongue: bool


class SharpTongue(Part):
    target: Id
    verdict: Literal["accept", "reject"]
    moved_from: int | None
    bonus: int


class RollRecord(Part):
    value: int
    stake: Stake
    cost: int
    seq: int | None


class RevealSide(Part):
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
    mode: Literal["sequential", "simultaneous", "none"]
    first: Id | None
    second: Id | None
    reason: str


class Reveal(Resolution):
    type: ClassVar[str] = "duel.reveal"
    nested: ClassVar[Nested] = {"sides": ("dict", RevealSide), "strike_order": ("one", StrikeOrder)}

    turn: int
    advantage: Id | None
    sides: dict[Id, RevealSide]
    strike_order: StrikeOrder


class Strike(Resolution):
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


class Spend(Part):
    rerolls: int
    traits: int
    attacks: int
    feints: int
    total: int


class Rest(Part):
    items: int
    per_item: int
    gain: int


class Initiative(Part):
    raw: int
    pts: int
    bonus: int


class EndSide(Part):
    nested: ClassVar[Nested] = {"spend": ("one", Spend), "rest": ("one", Rest), "initiative": ("one", Initiative)}

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
    winner: Id


class EndOfTurn(Resolution):
    type: ClassVar[str] = "duel.end_of_turn"
    nested: ClassVar[Nested] = {"sides": ("dict", EndSide), "result": ("maybe", Winner)}

    turn: int
    sides: dict[Id, EndSide]
    advantage: Id | None
    advantage_reason: str
    result: Winner | Literal["draw"] | None


class FinishOff(Resolution):
    type: ClassVar[str] = "duel.finish_off"

    winner: Id
    loser: Id
    choice: Literal["kill", "spare"]
    status: Status


class Concede(Resolution):
    type: ClassVar[str] = "duel.concede"
    nested: ClassVar[Nested] = {"result": ("one", Winner)}

    duelist: Id
    winner: Id
    result: Winner


READS: dict[str, type[Resolution]] = {
    cls.type: cls for cls in (Reveal, Strike, Flip, Counter, EndOfTurn, FinishOff, Concede)
}
"""Resolution event type -> its class."""


def of(event: Event) -> Resolution | None:
    """The resolution of a log event the reducer folded, read (None for any other type)."""
    cls = READS.get(event.type)
    return None if cls is None else cls.trusted(event.payload)
