"""One typed class per resolution event (validated at import; the reducer, post and frame read them).

Every payload carries `why` (the arithmetic as a GM writes it), `rule` (sections applied) and `defaults` (the spec's
PROPOSED DEFAULT and clarification ids relied on)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, field_validator

from replay.ruleset import payload_problems


class Resolution(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: ClassVar[str]
    why: list[str]
    rule: list[str]
    defaults: list[str] = []


class RoundStarted(Resolution):
    type: ClassVar[str] = "skirmish.round_started"
    round: int
    cover: dict[str, dict[str, Any]] = {}


class Fatigue(Resolution):
    type: ClassVar[str] = "skirmish.fatigue"
    fighter: str
    kind: str
    exchange: int
    roll: dict[str, Any]
    fatigue: int
    gained: int


class Initiative(Resolution):
    type: ClassVar[str] = "skirmish.initiative"
    exchange: int
    rolls: dict[str, dict[str, Any]]
    difficulty: dict[str, int]
    holder: str
    distance: str
    reflex_loss: dict[str, int] = {}
    reroll: bool = False
    bonus: dict[str, int] = {}


class ExchangeStarted(Resolution):
    type: ClassVar[str] = "skirmish.exchange_started"
    exchange: int
    holder: str | None


class DeclarationMade(Resolution):
    type: ClassVar[str] = "skirmish.declared"
    actor: str
    exchange: int
    step: str
    maneuver: str
    order: dict[str, Any]
    priced: dict[str, Any]
    forced: str | None = None


class FeintInvoked(Resolution):
    """M14: the attack restated, the defence void and its points locked (C5)."""

    type: ClassVar[str] = "skirmish.feint"
    exchange: int
    attacker: str
    defender: str
    order: dict[str, Any]
    priced: dict[str, Any]
    activation: int
    locked: dict[str, int]


class FeintCheck(Resolution):
    """M14: the defender's Body Language check and the locked points it frees."""

    type: ClassVar[str] = "skirmish.feint_check"
    exchange: int
    defender: str
    roll: dict[str, Any]
    freed: dict[str, int]


class Clash(Resolution):
    """One queue item resolved (5.1): the rolls, the comparison and, on a hit, purchases and the wound."""

    type: ClassVar[str] = "skirmish.clash"
    exchange: int
    attacker: str
    target: str
    maneuver: str
    defence: dict[str, Any] | None
    attack_roll: dict[str, Any] | None = None
    defence_roll: dict[str, Any] | None = None
    reduced: dict[str, int] = {}
    required_extra: int = 0
    mode: str = "cost"
    opposed: dict[str, Any] | None = None
    cancelled: str | None = None
    counter_bonus: dict[str, Any] | None = None
    skill_zero: dict[str, Any] | None = None


class Hit(Resolution):
    """A hit's purchases, zone and damage (5.2.1, 6.5); `wound` is None when nothing gets through."""

    type: ClassVar[str] = "skirmish.hit"
    exchange: int
    attacker: str
    target: str
    maneuver: str
    zone: str
    general: str
    precise: str | None
    zone_roll: int | None
    final: int
    bought: dict[str, Any]
    miss: bool = False
    raw: int | None = None
    power_bonus: int = 0
    shield: dict[str, Any] | None = None
    armour: dict[str, Any] | None = None
    penetration: dict[str, Any] | None = None
    W: int = 0
    damage_type: str | None = None
    leftover_sink: str | None = None
    wound: dict[str, Any] | None = None
    shock_bought: int = 0
    nonlethal_shock: dict[str, Any] | None = None
    body_roll: dict[str, Any] | None = None
    """5.9.5: {"face", "stance", "general"} of the 1d6 stance-table roll against a much shorter target."""


class Blocked(Resolution):
    """A blow stopped by a block (M34, M36): the Reliability check, breakage, the arm wound, a dropped weapon."""

    type: ClassVar[str] = "skirmish.blocked"
    exchange: int
    defender: str
    attacker: str
    item: str
    shield: bool
    raw: int
    reliability_roll: dict[str, Any]
    effective: int
    broken: bool
    arm_wound: dict[str, Any] | None = None
    attacker_weapon_broken: bool = False
    dropped: bool | None = None
    shock: dict[str, Any] | None = None
    attacker_item: str | None = None
    """What struck: the attacker's weapon id, "shield" (a shield strike) or None (a weapon, as before: the first held
    one; an unarmed strike has no item to break)."""
    hanging: bool = False
    """The dropped weapon hangs on its wrist loop (L689 and the option `wrist_loop_holds`; written only when true)."""


class Change(BaseModel):
    """One change of a `skirmish.effect` (validated by its `op`; stored as the plain dict)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class LastingChange(Change):
    op: Literal["effect"]
    fighter: str
    kind: Literal["shock", "lose_R", "lose_S", "no_weapon", "only_thrust", "bonus", "dodge_bonus",
                  "no_attacking_defence", "success_penalty", "pain_hold", "initiative_bonus", "transfer_feint",
                  "transfer_auto", "transfer_phase2", "defence_lost_dice", "guard", "outmaneuvered",
                  "leader_bonus"]
    amount: int
    start: list[int]
    until: list[int]
    ref: str = ""
    source: str = ""


class SpendChange(Change):
    """Points and successes a maneuver spends after its declaration (M15's activation at the reveal)."""

    op: Literal["spend"]
    fighter: str
    reflex: int = 0
    master: int = 0
    extraordinary: int = 0


class StanceChange(Change):
    op: Literal["stance"]
    fighter: str
    stance: Literal["standing", "sitting", "lying"]


class AmountChange(Change):
    op: Literal["pain", "shock"]
    fighter: str
    amount: int
    until: list[int] | None = None
    source: str = ""


class DropChange(Change):
    op: Literal["drop"]
    fighter: str
    weapon: str
    state: Literal["dropped", "broken", "hanging"] = "dropped"


class WoundChange(Change):
    op: Literal["wound"]
    fighter: str
    wound: dict[str, Any]


class GrappleChange(Change):
    op: Literal["grapple"]
    value: dict[str, Any] | None


class DistanceChange(Change):
    op: Literal["distance"]
    value: Literal["hand", "short", "medium", "long", "very_long", "extremely_long"]


class HeldChange(Change):
    op: Literal["held"]
    fighter: str
    zones: list[str]


class CheckNote(Change):
    """Told by the post, no state change: a free check's faces and what it needed."""

    op: Literal["check"]
    fighter: str
    purpose: str
    faces: list[int]
    difficulty: int
    net: int
    needed: int | None = None


class FallNote(Change):
    op: Literal["fall"]
    fighter: str
    metres: int
    dice: int
    removed: int
    acrobatics: int
    zone: str
    precise: str
    faces: list[int]
    total: int
    endurance: int
    armour: int
    W: int


class ReleaseChange(Change):
    """M44 (L605): a blade catch over: the caught weapon freed (Maneuvering %6), dropped, or broken."""

    op: Literal["release"]
    fighter: str
    weapon: str
    how: Literal["freed", "dropped", "broken"]


class ThrowNote(Change):
    op: Literal["throw"]
    fighter: str
    metres: int
    final: int
    hold_kept: bool


class MoveChange(Change):
    """M22 (L421): the passer's move, the cells in order (the first adjacent to both), `cell` the last; `facing` when
    he chose a new one."""

    op: Literal["move"]
    fighter: str
    cell: tuple[int, int]
    path: list[tuple[int, int]]
    facing: Literal["N", "E", "S", "W"] | None = None


class AvoidNote(Change):
    """M53 (L681): the answer of the enemy outside the melee whom the maneuverer moved towards: the reflex points he
    rolled (spent by the battle: he is loose), his successes and whether he avoided the melee."""

    op: Literal["avoid"]
    fighter: str
    by: str
    reflex: int
    successes: int
    avoided: bool


CHANGES: dict[str, type[Change]] = {"effect": LastingChange, "stance": StanceChange, "pain": AmountChange,
                                    "shock": AmountChange, "drop": DropChange, "wound": WoundChange,
                                    "grapple": GrappleChange, "distance": DistanceChange, "held": HeldChange,
                                    "check": CheckNote, "fall": FallNote, "throw": ThrowNote,
                                    "spend": SpendChange, "release": ReleaseChange, "move": MoveChange,
                                    "avoid": AvoidNote}


class Effect(Resolution):
    """What a maneuver did beyond the hit (5.4): `changes` are state changes as data (one `Change` class per op),
    applied in order by evolve.effect; `check`, `fall` and `throw` are told by the post only."""

    type: ClassVar[str] = "skirmish.effect"
    exchange: int
    maneuver: str
    maneuver_id: str
    actor: str
    changes: list[dict[str, Any]]

    @field_validator("changes")
    @classmethod
    def _ops(cls, changes: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for c in changes:
            kind = CHANGES.get(str(c.get("op")))
            if kind is None:
                raise ValueError(f"op {c.get('op')!r} is not a change ({', '.join(CHANGES)})")
            kind.model_validate(c)
        return changes


class KnockedAside(Resolution):
    """M42: the attacker's Fortitude check against the knock-aside; a failure drops the weapon."""

    type: ClassVar[str] = "skirmish.knocked_aside"
    exchange: int
    attacker: str
    defender: str
    weapon: str
    needed: int
    roll: dict[str, Any]
    dropped: bool
    hanging: bool = False
    """The weapon hangs on its wrist loop (L689 and the option `wrist_loop_holds`; written only when true)."""


class StoodUp(Resolution):
    """M53: a standing-up check (C6)."""

    type: ClassVar[str] = "skirmish.stood_up"
    exchange: int
    fighter: str
    roll: dict[str, Any]
    reduced: int
    standing: bool


class Knockout(Resolution):
    type: ClassVar[str] = "skirmish.knockout"
    fighter: str
    exchange: int
    triggers: list[str]
    roll: dict[str, Any]
    unconscious: bool
    rounds: int | None = None
    """C9: the 1d6 rounds of unconsciousness (None: until treated, or conscious)."""
    until_treated: bool = False


class ExchangeEnded(Resolution):
    type: ClassVar[str] = "skirmish.exchange_ended"
    exchange: int
    flags: dict[str, str]
    holder_before: str | None
    holder: str | None
    reroll: bool
    distance: str | None
    melee_ended: bool = False
    retreated: list[str] = []
    """4.4, M45 (PROPOSED): in a melee of several fighters, those whose Retreat beat every attack on them this
    exchange: they take no further part and leave the group at the field round's end."""
    locks: list[dict[str, Any]] = []
    """5.7 (L42, L48): {"fighter", "kind": initiative_lock | initiative_roll, "start", "until"} set by an unexpected
    or hidden attack."""


class RoundEnded(Resolution):
    type: ClassVar[str] = "skirmish.round_ended"
    round: int
    blood_loss: dict[str, int]
    status: dict[str, str]


class FightEnded(Resolution):
    type: ClassVar[str] = "skirmish.fight_ended"
    winner: str | None
    out: dict[str, str]


EVENTS: dict[str, type[Resolution]] = {c.type: c for c in (
    RoundStarted, Fatigue, Initiative, ExchangeStarted, DeclarationMade, FeintInvoked, FeintCheck, Clash, Hit,
    Blocked, KnockedAside, Effect, StoodUp, Knockout, ExchangeEnded, RoundEnded, FightEnded)}


def validate_payload(type_: str, payload: dict[str, Any]) -> list[str]:
    """Every problem of a resolution payload as "field: message"; empty when the reducer can take it."""
    return payload_problems(EVENTS, type_, payload, ruleset="skirmish")


def trusted(type_: str, payload: dict[str, Any]) -> Resolution:
    """A recorded (already validated) payload as its class, without validating again."""
    return EVENTS[type_].model_construct(**payload)
