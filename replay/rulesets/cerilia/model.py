"""Setup, options and state of a Cerilia battle (spec §2, §3, §6.8).

State: units (troops and characters, §2.4–§2.5) and stacks (what occupies one slot, §2.6). A stack's `location` is
`pool` (never deployed, hidden, shown as its reserve), `RA-3` / `RD-3` (a reserve slot) or `C2-1` (sector C2, slot 1
of the owner's line). Ids: troops `A-In-1` (§2.4), characters their card id; a character group's stack id is the id of
the character who formed it.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Literal

from replay.ruleset import Options
from replay.rulesets.cerilia.data import tables

if TYPE_CHECKING:
    from replay.rulesets.cerilia.boundary import Setup

SIDES = ("A", "D")
COLUMNS = "ABCDE"
SECTORS = tuple(f"{c}{r}" for r in (1, 2, 3) for c in COLUMNS)
RESERVE = {"A": "RA", "D": "RD"}
LINE_SLOTS = 16
RESERVE_SLOTS = 96

OPTION_DEFAULTS = {
    "phase_b_order": "AMB-01",
    "ranged_adjacency": "AMB-06",
    "initial_placement": "AMB-08",
    "sign_assignment": "AMB-09",
    "charge_move_timing": "AMB-24",
    "bonus_stacking": "AMB-35",
    "fallback_into_mixed": "AMB-39",
    "stalemate_dice": "AMB-44",
    "phase_c_order": "AMB-48",
}


class CeriliaOptions(Options):
    """Every AMB default with a real alternative (§7); the defaults are the spec's PROPOSED DEFAULTs."""

    phase_b_order: Literal["step_major", "side_major", "step_simultaneous"] = "step_major"
    ranged_adjacency: Literal["orthogonal", "king"] = "orthogonal"
    initial_placement: Literal["phase_a_move", "phase0_home_row"] = "phase_a_move"
    sign_assignment: Literal["declare_or_roll", "roll_only"] = "declare_or_roll"
    charge_move_timing: Literal["phase_b", "phase_a"] = "phase_b"
    bonus_stacking: Literal["max_per_param", "highest_rank_only"] = "max_per_param"
    fallback_into_mixed: bool = True
    stalemate_dice: Literal["each_player", "single_attacker_roll"] = "each_player"
    phase_c_order: Literal["side_major", "step_major"] = "side_major"


@dataclass
class Unit:
    """A troop unit (§2.4) or a character (§2.5); what a stack holds."""

    id: str
    side: str
    kind: str
    """"troop" or "character"."""
    card: str
    """A unit-card code, or a character-card id."""
    sign: str | None = None
    damage: int = 0
    status: str = "active"
    """active | destroyed (troops) | fallen (characters)."""
    mp: int = 0
    mp_max: int = 0
    ever_deployed: bool = False
    join_seq: int | None = None
    spell_stock: dict[str, int] = field(default_factory=dict)
    cast_this_round: bool = False


@dataclass
class Stack:
    """Everything in one slot: one troop with joined characters, or a character group (§2.6)."""

    id: str
    side: str
    members: list[str]
    """The troop first (if any), then characters in join order."""
    location: str = "pool"
    melee_target: str | None = None
    engaged_since: int | None = None
    routed: bool = False
    rout_round: int | None = None
    rout_first_move_done: bool = False
    fall_back_pending: bool = False
    moved_this_round: bool = False
    engaged_at_round_start: bool = False
    engaged_this_round: bool = False
    attack_used: str | None = None
    halted: bool = False
    mounted_retreat_used: bool = False
    retreated_this_round: bool = False
    entered_enemy_sector_round: int | None = None
    reserve_exit_round: int | None = None
    reserve_entry_round: int | None = None
    hidden: bool = False
    buffs: dict[str, int] = field(default_factory=dict)
    """Spell bonuses until the end of the round (§5.7.1): param -> delta."""


@dataclass
class Battle:
    """The whole battle (§2.10)."""

    scenario: str
    players: dict[str, str]
    budget: dict[str, int]
    terrain_cards: int
    fortification_level: int | None
    round: int = 0
    phase: str | None = None
    units: dict[str, Unit] = field(default_factory=dict)
    stacks: dict[str, Stack] = field(default_factory=dict)
    spent: dict[str, int | None] = field(default_factory=lambda: {"A": None, "D": None})
    commitment: dict[str, str | None] = field(default_factory=lambda: {"A": None, "D": None})
    deployed_cost: dict[str, int] = field(default_factory=lambda: {"A": 0, "D": 0})
    terrain: dict[str, str] = field(default_factory=dict)
    fortification: dict[str, Any] | None = None
    entries: list[list[Any]] = field(default_factory=list)
    """[stack, sector, step] entries into enemy-held sectors this round (§5.2.2)."""
    charges: list[dict[str, Any]] = field(default_factory=list)
    declared: list[list[str]] = field(default_factory=list)
    """[stack, target] melee declarations made this round (C10: who engaged whom)."""
    join_counter: int = 0
    outcome: dict[str, Any] | None = None
    fates: dict[str, str] | None = None
    """After the battle (§5.9): character id -> survives | captured | out."""
    setup_done: bool = False

    def side_of(self, player: str | None) -> str | None:
        return next((s for s, p in self.players.items() if p == player), None)

    def player(self, side: str) -> str:
        return self.players[side]

    def copy(self) -> Battle:
        return copy.deepcopy(self)


def __getattr__(name: str) -> Any:
    """`Setup`, the pydantic model of a setup, lives in boundary.py (imported when first asked for)."""
    if name == "Setup":
        from replay.rulesets.cerilia.boundary import Setup

        return Setup
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def read_setup(setup: Any) -> Any:
    """The setup as `new_battle` reads it (its fields as attributes).

    A recorded setup whose every value is of its field's exact type and that passes every check of
    `boundary.Setup` is read as it is, without pydantic; any other goes through `boundary.Setup`, so what is kept
    and every error message are pydantic's own.
    """
    if _exact_setup(setup):
        return SimpleNamespace(scenario=setup.get("scenario", "border-skirmish"), players=setup["players"],
                               budget=setup.get("budget"), terrain_cards=setup.get("terrain_cards"),
                               fortification_level=setup.get("fortification_level"))
    from replay.rulesets.cerilia.boundary import Setup

    return Setup.model_validate(setup)


def _int_or_none(value: Any) -> bool:
    return value is None or type(value) is int


def _exact_setup(setup: Any) -> bool:
    """Whether `boundary.Setup` would keep this setup exactly as it is."""
    if type(setup) is not dict or not setup.keys() <= {"scenario", "players", "budget", "terrain_cards",
                                                        "fortification_level"}:
        return False
    scenario, players, budget = setup.get("scenario", "border-skirmish"), setup.get("players"), setup.get("budget")
    return (type(scenario) is str and scenario in tables().scenarios
            and type(players) is dict and set(players) == set(SIDES)
            and all(type(p) is str for p in players.values()) and len(set(players.values())) == 2
            and (budget is None or (type(budget) is dict and budget.keys() <= set(SIDES)
                                    and all(type(v) is int for v in budget.values())))
            and _int_or_none(setup.get("terrain_cards")) and _int_or_none(setup.get("fortification_level")))


def new_battle(setup: Setup) -> Battle:
    scenario = tables().scenarios[setup.scenario]
    level = scenario.get("fortification_level") if setup.fortification_level is None else setup.fortification_level
    return Battle(scenario=setup.scenario, players=dict(setup.players),
                  budget=dict(setup.budget or scenario["budget"]),
                  terrain_cards=int(setup.terrain_cards if setup.terrain_cards is not None
                                    else scenario.get("terrain_cards", 1)),
                  fortification_level=level or None)


def battle_to_json(state: Battle) -> dict[str, Any]:
    return asdict(state)


def battle_from_json(data: dict[str, Any]) -> Battle:
    data = dict(data)
    units = {k: Unit(**v) for k, v in data.pop("units").items()}
    stacks = {k: Stack(**v) for k, v in data.pop("stacks").items()}
    return Battle(units=units, stacks=stacks, **data)
