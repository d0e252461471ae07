"""One typed class per resolution event of a Cerilia battle (`cerilia.<name>`).

Every payload carries `why` (the arithmetic as a GM writes it), `rule` (sections applied) and `defaults` (the
PROPOSED DEFAULT ids relied on). `validate_payload` lists every problem ("field: message") for import;
`trusted(type, payload)` builds the typed event of a payload the log already holds, without checking it again.
"""

from __future__ import annotations

from typing import Any, Literal

from replay.lazy_model import LazyModel
from replay.ruleset import payload_problems

Side = Literal["A", "D"]
Result = Literal["-", "F", "H", "R", "D"]


class Resolution(LazyModel):
    model_config = {"frozen": True, "extra": "forbid"}

    why: list[str] = []
    rule: str = ""
    defaults: list[str] = []


class PurchaseCommitted(Resolution):
    side: Side
    total_spent: int
    commitment: str


class PoolStocked(Resolution):
    """Visible to the purchasing side only (§3 rule 1: the list is secret)."""

    side: Side
    units: list[dict[str, str]]
    characters: list[dict[str, Any]]


class TerrainPlaced(Resolution):
    card: str
    sector: str


class FortificationPlaced(Resolution):
    level: int
    sector: str


class RoundStarted(Resolution):
    round: int


class Deployed(Resolution):
    stack: str
    card: str
    to: str
    slot: int
    path: list[str]
    mp_cost: int
    sign: str | None = None
    sign_method: Literal["declared", "rolled"] | None = None
    sign_roll: int | None = None
    reserve_slot: int | None = None
    cost: int = 0
    spent_so_far: int = 0
    entry: bool = False
    step: str = "A1"


class Moved(Resolution):
    stack: str
    path: list[str]
    to: str
    slot: int
    mp_cost: int
    entry: bool = False
    halted: bool = False
    step: str = "A1"


class Joined(Resolution):
    character: str
    host: str


class Detached(Resolution):
    character: str
    to: str
    slot: int
    mp_cost: int = 0


class MeleeDeclared(Resolution):
    stack: str
    target: str


class ChargeDeclared(Resolution):
    stack: str
    path: list[str]
    target: str


class ChargeRetargeted(Resolution):
    """CP-20: the charge's declared target is gone; its owner named another in the same sector."""

    stack: str
    old: str
    target: str
    how: str


class OrderVoid(Resolution):
    """An order that became void at resolution time (§5.1.2): no effect, no dice consumed."""

    stack: str
    verb: str
    reason: str


class TargetChosen(Resolution):
    stack: str
    target: str | None
    how: Literal["auto", "chosen", "default", "forced", "freed"]


class Attack(Resolution):
    kind: Literal["stationary", "charge", "melee", "mobile", "friendly"]
    attacker: str
    target: str
    roll: int | None
    value: int
    value_parts: list[list[Any]]
    defence: int
    defence_parts: list[list[Any]]
    diff: int
    col: int
    target_sign: str
    result: Result
    effective: Result
    charge_to: str | None = None
    charge_slot: int | None = None
    ruling: int | None = None
    """The seq of the GM's ruling that set the result (CP-25); `computed` is what the card gave."""
    computed: Result | None = None
    d10: list[int] | None = None
    """AMB-05: the d10s the D9 was read from (each 10 rolled again, the last the D9); absent for a D9."""


class Effect(Resolution):
    stack: str
    results: list[str]
    damage_before: int
    damage_after: int
    destroyed: bool
    routed: bool
    falls_back: bool
    f_discarded: bool
    released: list[str] = []
    fallen: list[str] = []


class FriendlySelected(Resolution):
    shooter: str
    target: str
    candidates: list[str]
    n: int
    roll: int | None
    unit: str


class Destroyed(Resolution):
    stack: str
    cause: Literal["attacked_while_routed", "rout_blocked", "fall_back_blocked", "flight_blocked"]
    by: str | None = None
    released: list[str] = []


class RoutMoved(Resolution):
    stack: str
    to: str
    slot: int
    how: Literal["chosen", "forced", "default"] = "chosen"


class FellBack(Resolution):
    stack: str
    to: str
    slot: int
    how: Literal["chosen", "forced", "default"] = "chosen"


class Revealed(Resolution):
    """§5.7.3: a hidden stack found by an enemy stack that detects the hidden (Scouts) in its sector."""

    stack: str
    by: str
    sector: str


class Fates(Resolution):
    """§5.9: each character's fate after the battle, and the winner's pardons (CP-22)."""

    fates: dict[str, Literal["survives", "captured", "out"]]
    pardons: dict[str, str]


class PurchaseRevealed(Resolution):
    """§3 rule 1 (C15): a side's purchase list and salt revealed after the battle, matching its commitment."""

    side: Side
    units: list[dict[str, str]]
    salt: str
    total: int
    commitment: str


class Stalemate(Resolution):
    """§5.8: nobody moved; the 1d10 rolls and the forcings they gave (each: by, side forced, sector, who can reach
    it, how far the others remain)."""

    rolls: dict[str, int]
    forcings: list[dict[str, Any]]


class BattleEnded(Resolution):
    winner: Side | None
    loser: Side | None
    draw: bool
    reason: str
    ruling: int | None = None
    """The seq of the GM's ruling that ended it (CP-18)."""


class RoutFled(Resolution):
    """§4.3.10, §5.5.4: a routed stack's mandatory flight at the start of its owner's Phase A step."""

    stack: str
    path: list[str]
    to: str
    slot: int
    how: Literal["chosen", "forced", "default"] = "forced"


class Retreated(Resolution):
    """§4.5.3: a voluntary retreat in C3 (1 MP, AMB-53)."""

    stack: str
    to: str
    slot: int


class Cast(Resolution):
    """B1: a spell cast (§5.4.2); its effect applies without a roll."""

    caster: str
    spell: str
    category: str
    target: str
    effect: dict[str, Any]
    summoned: dict[str, Any] | None = None
    """§5.7.2: the summoned troop (id, card, slot, sign, sign_method, sign_roll)."""


class MountedRetreated(Resolution):
    """§4.3.8: a mounted stack leaves for any free adjacent sector, forward too (1 MP, once a round)."""

    stack: str
    to: str
    slot: int


class MoraleChecked(Resolution):
    """§5.5.6: a routed stack in its reserve tries to rally (a FULL-morale one rallies by itself, C5)."""

    stack: str
    roll: int | None
    drawn: str | None
    passed: bool
    auto: bool = False


EVENTS: dict[str, type[Resolution]] = {
    "cerilia.purchase_committed": PurchaseCommitted,
    "cerilia.pool_stocked": PoolStocked,
    "cerilia.terrain_placed": TerrainPlaced,
    "cerilia.fortification_placed": FortificationPlaced,
    "cerilia.round_started": RoundStarted,
    "cerilia.deployed": Deployed,
    "cerilia.moved": Moved,
    "cerilia.joined": Joined,
    "cerilia.detached": Detached,
    "cerilia.melee_declared": MeleeDeclared,
    "cerilia.charge_declared": ChargeDeclared,
    "cerilia.order_void": OrderVoid,
    "cerilia.charge_retargeted": ChargeRetargeted,
    "cerilia.stalemate": Stalemate,
    "cerilia.revealed": Revealed,
    "cerilia.fates": Fates,
    "cerilia.purchase_revealed": PurchaseRevealed,
    "cerilia.target_chosen": TargetChosen,
    "cerilia.attack": Attack,
    "cerilia.effect": Effect,
    "cerilia.friendly_selected": FriendlySelected,
    "cerilia.destroyed": Destroyed,
    "cerilia.rout_moved": RoutMoved,
    "cerilia.fell_back": FellBack,
    "cerilia.battle_ended": BattleEnded,
    "cerilia.rout_fled": RoutFled,
    "cerilia.morale_checked": MoraleChecked,
    "cerilia.retreated": Retreated,
    "cerilia.cast": Cast,
    "cerilia.mounted_retreated": MountedRetreated,
}
RESOLUTION_TYPES = frozenset(EVENTS)


def validate_payload(type_: str, payload: dict[str, Any]) -> list[str]:
    """Every problem of a resolution payload as "field: message"; empty when the reducer can take it."""
    return payload_problems(EVENTS, type_, payload, ruleset="cerilia")


def trusted(type_: str, payload: dict[str, Any]) -> Any:
    """The typed event of a payload the log holds (defaults filled, nothing checked)."""
    return EVENTS[type_].trusted(payload)

