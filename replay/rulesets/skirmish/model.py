"""Setup, options and state of a skirmish (spec 3): fighters with characteristics, skills, weapons, armour and
shield; the engagement's combat distance and initiative; the round, exchange and declaration step.

State is immutable (frozen dataclasses of plain values) and JSON-serialisable through `state_to_json`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from replay.ruleset import Options
from replay.rulesets.skirmish import data

OPTION_DEFAULTS = {
    "extra_success_mode": "A-04",
    "ones_cancel_successes": "A-02",
    "attack_dice_doubling": "A-08",
    "one_action_per_exchange": "A-09",
    "parry_weight_penalty": "A-43",
    "head_cost_rule": "A-05",
    "fatigue_rolls": "5.10",
    "wrestling_height_simplified": "5.8.2",
    "wrist_loop_holds": "L689",
}


class SkirmishOptions(Options):
    """House rules; every default is the spec's PROPOSED DEFAULT (3.1)."""

    extra_success_mode: Literal["cost", "threshold"] = "cost"
    ones_cancel_successes: bool = True
    attack_dice_doubling: bool = True
    one_action_per_exchange: bool = True
    parry_weight_penalty: Literal["heavy_light", "any_step"] = "heavy_light"
    head_cost_rule: Literal["composite", "category", "ratio"] = "composite"
    fatigue_rolls: bool = True
    wrestling_height_simplified: bool = False
    """5.8.2 (L731, CP-44): ignore height in wrestling; only the traits' dice (Hulk +2, Giant +4, Dwarf −2)."""
    wrist_loop_holds: Literal["disarm", "knock_and_block"] = "disarm"
    """L689: a weapon with a wrist loop hangs on the wrist when a disarm takes it (as written); `knock_and_block`
    lets the loop hold too when a knock-aside (M42, L584) or a block (M34, L525) drops it (the rulebook is silent).
    A weapon dropped from a wounded arm falls under either: the rulebook has no wound rule that drops it (the drop is
    the SAMPLE damage model's), and the loop's quick draw at %4 needs the hand the wound made unusable."""
    pool_die_sides: int = Field(10, ge=6, le=20)
    max_difficulty: int = 7


# --- setup -------------------------------------------------------------------------------------------------------

class WeaponSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    type: str
    hands: list[Literal["right", "left"]] = []
    grip: str | None = None
    state: Literal["ready", "sheathed", "dropped", "broken", "hanging"] = "ready"
    location: str | None = None
    length_ruled: bool = False
    """The GM allows this weapon's length against its wielder's height (L180, T-28: "GM override allowed")."""

    @model_validator(mode="after")
    def _known(self) -> WeaponSetup:
        if self.type not in data.table("weapons")["weapons"]:
            raise ValueError(f"unknown weapon type {self.type!r} (data/weapons.json)")
        return self


class ShieldSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    type: str
    hand: Literal["right", "left"] = "left"

    @model_validator(mode="after")
    def _known(self) -> ShieldSetup:
        if self.type not in data.table("shields")["shields"]:
            raise ValueError(f"unknown shield type {self.type!r} (data/shields.json)")
        return self


class Condition(BaseModel):
    """Starting condition (clarification C11)."""

    model_config = ConfigDict(extra="forbid")
    stance: Literal["standing", "sitting", "lying"] = "standing"
    fatigue: int = Field(0, ge=0)
    pain: int = Field(0, ge=0)


class FighterSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]{0,15}$")
    name: dict[str, str]
    side: str
    height_cm: int = Field(ge=30, le=800)
    weight_kg: int = Field(ge=5, le=2000)
    gear_kg: int = 0
    characteristics: dict[str, int]
    extraordinary: dict[str, int] = {}
    skills: dict[str, int]
    main_hand: Literal["right", "left"] = "right"
    weapons: list[WeaponSetup]
    armour: list[str] = []
    shield: ShieldSetup | None = None
    load: Literal["light", "medium", "heavy", "extreme"] = "light"
    cell: tuple[int, int] = (0, 0)
    facing: Literal["N", "E", "S", "W"] = "E"
    condition: Condition = Condition()
    traits: list[Literal["hulk", "giant", "dwarf", "ambidextrous", "leader"]] = []
    """Size traits for the simplified wrestling height (5.8.2, L731); Ambidexterity (M24, L441); the side's leader
    whose Tactics check gives his fighters bonus dice on Maneuvering (M53, L681; one a side on a field)."""
    size_multiplier: float = Field(1.0, gt=0, le=10)
    """5.9.1 (L164): a creature's damage multiplier from its description; all its damage is multiplied, rounded
    down."""

    @model_validator(mode="after")
    def _sheet(self) -> FighterSetup:
        missing = {"reflex", "strength", "endurance"} - set(self.characteristics)
        if missing:
            raise ValueError(f"characteristics: {', '.join(sorted(missing))} missing (spec 3.2)")
        for a in self.armour:
            if a not in data.table("armour")["armour"]:
                raise ValueError(f"unknown armour {a!r} (data/armour.json)")
        too_long = [t for w in self.weapons if not w.length_ruled and (t := length_problem(w, self.height_cm))]
        if too_long:
            raise ValueError("; ".join(too_long))
        return self


SPEAR_LIKE = frozenset({"spear", "polearm", "shaft"})
"""Weapon features of spears and similar weapons (L180: up to twice the wielder's height)."""
LONGEST = frozenset({"heavy_pike", "lance"})
"""Heavy pikes and cavalry lances (L180: up to three times the height)."""


def length_problem(w: WeaponSetup, height_cm: int) -> str | None:
    """L180 (T-28): «За исключением копий, длина одноручного оружия не должна превышать ¾ от высоты вашего роста.
    Длина обычного двуручного оружия может быть равна вашему росту. Длина копий и другого подобного оружия может
    превышать величину вашего роста, но не более чем в два раза (в три раза для тяжелых пик и кавалерийских копий).»
    A weapon held in one hand is one-handed; in two hands, two-handed; not in hand, the longest way its grips allow."""
    kind = data.weapon_type(w.type)
    features, length = set(kind.get("features", [])), int(kind["length_cm"])
    if features & LONGEST:
        limit, how = 3 * height_cm, "a heavy pike or lance: at most 3 × the height"
    elif features & SPEAR_LIKE:
        limit, how = 2 * height_cm, "a spear or similar weapon: at most 2 × the height"
    elif len(w.hands) == 2 or not w.hands and "two_hands" in kind.get("grips", []):
        limit, how = height_cm, "two-handed: at most the height"
    else:
        limit, how = 3 * height_cm / 4, "one-handed: at most ¾ of the height"
    if length <= limit:
        return None
    return (f"weapon {w.id} ({w.type}, {length} cm) is too long for a wielder of {height_cm} cm: {how}, {limit:g} cm "
            '(L180, T-28; "length_ruled": true on the weapon if the GM allows it)')


class EngagementSetup(BaseModel):
    """How melee starts (spec 4.2): a normal approach, or opponents initially closer (CP-06: the GM sets the
    initial distance category)."""

    model_config = ConfigDict(extra="forbid")
    approach: Literal["normal", "initially_closer"] = "normal"
    initial_distance: str | None = None

    @model_validator(mode="after")
    def _distance(self) -> EngagementSetup:
        if self.approach == "initially_closer" and self.initial_distance not in data.LENGTHS:
            raise ValueError("initial_distance: a length category (hand … extremely_long) when initially closer "
                             "(spec 4.2, CP-06)")
        return self


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    fighters: list[FighterSetup | dict[str, Any]]
    engagement: EngagementSetup = EngagementSetup()
    zonal_defence: bool = False
    """The GM's zonal defence for this fight (4.4, L203, CP-05)."""
    armour_penalty: list[str] = []
    """5.8.2 (L739): the wrestling maneuvers (codes) the GM rules take the armour's skill penalty on their difficulty
    («часть борцовских маневров получают дополнительный штраф от доспеха»; the rulebook names none)."""

    @model_validator(mode="after")
    def _two(self) -> Setup:
        if len(self.fighters) != 2:
            raise ValueError("fighters: exactly two in this version (part 1: a duel in melee)")
        ids = [f.id for f in self.resolved()]
        if len(set(ids)) != 2:
            raise ValueError("fighters: two different ids")
        wrong = [m for m in self.armour_penalty if data.maneuvers().get(m, {}).get("form") != "wrestling"]
        if wrong:
            raise ValueError(f"armour_penalty: {', '.join(wrong)} are no wrestling maneuvers (M59–M74; 5.8.2, L739)")
        return self

    def resolved(self) -> list[FighterSetup]:
        """Fighters with SAMPLE references (`{"sample": "RAT", "cell": [0, 0]}`) expanded."""
        out = []
        for f in self.fighters:
            if isinstance(f, FighterSetup):
                out.append(f)
                continue
            ref = dict(f)
            sample = ref.pop("sample", None)
            base = data.sample_character(sample) if sample else {}
            out.append(FighterSetup.model_validate({**base, **ref}))
        return out


# --- state -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Weapon:
    id: str
    type: str
    hands: tuple[str, ...]
    grip: str | None
    state: str
    location: str | None = None


@dataclass(frozen=True)
class Shield:
    id: str
    type: str
    hand: str
    reliability: int
    state: str = "ready"
    cover: tuple[str, ...] = ()
    """Declared zones covered passively besides the carrying arm (CP-28, C8, C16)."""
    used: bool = False
    """Used in a maneuver this exchange: no passive cover (5.11, A-87b)."""


@dataclass(frozen=True)
class Timed:
    """An effect lasting to the end of (round, exchange): shock, an initiative botch's reflex loss."""

    amount: int
    round: int
    exchange: int
    source: str


@dataclass(frozen=True)
class Effect:
    """A maneuver's lasting effect on a fighter, active from (round, exchange) `start` to `until` inclusive (spec
    5.4: "in the next exchange", "for the rest of the round", "for the fight"). `kind` is one of maneuvers.base.KINDS;
    `ref` names what it concerns (a weapon id, a maneuver code, a zone)."""

    kind: str
    amount: int
    start: tuple[int, int]
    until: tuple[int, int]
    ref: str = ""
    source: str = ""


@dataclass(frozen=True)
class Wound:
    zone: str
    precise: str
    type: str
    W: int
    level: int
    pain: int
    bleeding: int
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fighter:
    id: str
    name: dict[str, str]
    side: str
    cell: tuple[int, int]
    facing: str
    height_cm: int
    weight_kg: int
    characteristics: dict[str, int]
    extraordinary: dict[str, int]
    skills: dict[str, int]
    main_hand: str
    weapons: tuple[Weapon, ...]
    shield: Shield | None
    armour: tuple[str, ...]
    load: str
    stance: str = "standing"
    status: str = "ok"
    fatigue: int = 0
    pain: int = 0
    shock: tuple[Timed, ...] = ()
    reflex_loss: tuple[Timed, ...] = ()
    wounds: tuple[Wound, ...] = ()
    blood_loss: int = 0
    spent_R: int = 0
    spent_S: int = 0
    locked_R: int = 0
    locked_S: int = 0
    used_for_parry: tuple[str, ...] = ()
    rounds_since_fatigue: int = 0
    skill_zero_round: int = 0
    """The round in which an opponent's successful Slip made this fighter's skill points 0 (M48, A-38)."""
    bonus_dice: tuple[Timed, ...] = ()
    """Bonus dice on the next attack with a weapon (M40; source = the weapon id), lapsing with their exchange."""
    spent_master: int = 0
    spent_extraordinary: int = 0
    """Master and extraordinary successes spent this round (2.5, A-03: a per-round resource)."""
    grapple_from: tuple[int, int] | None = None
    """In wrestling from (round, exchange): the wrestling pool (A-47) applies from then (5.8)."""
    held: tuple[str, ...] = ()
    """Zones of this fighter the opponent holds (M63 Envelop table, 5.8.4): main_arm off_arm torso head leg legs."""
    wrestle_bonus: int = 0
    """Effective Endurance in wrestling for height (+1 per full 10 cm taller, L729; 5.8.2)."""
    traits: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    """Lasting maneuver effects (shock next exchange, lost points, a bound weapon, bonus dice …), spec 5.4."""
    size_multiplier: float = 1.0
    """5.9.1: the damage multiplier (omitted from the JSON state when 1)."""

    def char(self, name: str) -> int:
        return int(self.characteristics.get(name, 0))

    def skill(self, name: str) -> int:
        return int(self.skills.get(name, 0))

    @property
    def weapon(self) -> Weapon | None:
        """The weapon in hand (the first ready one held), which feeds the skill points."""
        return next((w for w in self.weapons if w.hands and w.state == "ready"), None)

    def weapon_by_id(self, wid: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == wid), None)

    @property
    def pool_skill(self) -> str:
        """The skill that feeds skill points now (spec 3.3: the current weapon's; fist-fighting when unarmed)."""
        w = self.weapon
        return data.weapon_type(w.type)["skill"] if w else "fist"

    @property
    def bleeding(self) -> int:
        return sum(w.bleeding for w in self.wounds)

    @property
    def out(self) -> bool:
        """Out of the fight: dead or unconscious."""
        return self.status in ("dead", "unconscious")


@dataclass(frozen=True)
class Declared:
    """A declaration as resolution will use it (the priced form of an order, spec 4.5–4.6)."""

    actor: str
    exchange: int
    step: str
    maneuver: str
    order: dict[str, Any]
    priced: dict[str, Any]
    forced: bool = False


@dataclass(frozen=True)
class Fight:
    fighters: tuple[Fighter, ...]
    """Two fighters (part 1, a melee pair); three or more in a melee group on the field (4.4, group.py)."""
    approach: str = "normal"
    initial_distance: str | None = None
    round: int = 0
    """The round being played (0 before the first)."""
    closed: int = 0
    """The last closed round (turn)."""
    exchange: int = 0
    step: int = 0
    """Declaration step 1–4 of the exchange (4.4); 5 while it resolves; 0 between exchanges."""
    holder: str | None = None
    """The combat initiative holder, "tie" for equal initiative, None before the roll."""
    distance: str | None = None
    engaged: bool = False
    reroll: bool = False
    """Both fighters lost initiative: combat initiative is rerolled before the next exchange (L36)."""
    declared: tuple[Declared, ...] = ()
    """The declarations of the current exchange."""
    attacked_before: tuple[str, ...] = ()
    """Who attacked in the previous exchange of this round (the Retreat's condition, M45)."""
    result: dict[str, Any] | None = None
    grapple: dict[str, Any] | None = None
    """Wrestling (5.8): {"holder", "held", "zones" (the held fighter's enveloped zones), "ground", "start"
    [round, exchange] the wrestling pool applies from (A-47)}; None outside wrestling."""
    history: tuple[dict[str, Any], ...] = field(default=())
    """One line per resolved exchange (for the frame's caption)."""
    zonal: bool = False
    """Zonal defence is on (CP-05; omitted from the JSON state when off)."""
    armour_penalty: tuple[str, ...] = ()
    """The wrestling maneuvers taking the armour's skill penalty (5.8.2, L739; omitted from the JSON state when
    none)."""
    partners: tuple[tuple[str, str, str], ...] = ()
    """5.12 on the field: (fighter, his formation partner in his cell, the partner's weapon length) for the fighters
    of this melee who stand two partners in one cell (L1189, L1195); kept by the battle, omitted from the JSON state
    when none."""

    charge: tuple[str, str] | None = None
    """M16/M25 declared from afar on the field (A-85, A-102): (the charger, the maneuver) he declares in the melee's
    first exchange (check.charged_problems); omitted from the JSON state when None."""

    obstacles: tuple[tuple[int, int], ...] = ()
    """A melee pair on the field: the cells its fighters cannot step into, the field's other fighters and blocked
    terrain (M22's way, L418-421); given by the battle where a pass is checked and resolved, omitted from the JSON
    state when none."""
    bounds: tuple[int, int] | None = None
    """A melee pair on the field: the field's width and height (M22's cells stay on it); None in a duel."""
    grid: str = "square"
    """A melee pair on the field: the field's grid, square or hex (M22's cells); omitted from the JSON state when
    square."""
    retreated: tuple[str, ...] = ()
    """A melee of several fighters (4.4, M45, PROPOSED): the fighters whose Retreat succeeded this round; they take no
    further part in it and leave the group at the field round's end. Omitted from the JSON state when empty."""
    outside: tuple[Fighter, ...] = ()
    """A melee on the field: the loose fighters outside it, whom a maneuverer may move towards (M53, L681); given by
    the battle where the melee is checked and resolved, never in the JSON state."""
    grapples: tuple[dict[str, Any], ...] = ()
    """A melee of several fighters (4.4, 5.8, PROPOSED, group_grapple.py): one grapple per pair of its fighters who
    grapple (each as a pair's `grapple`); a fighter is in one at most. Omitted from the JSON state when empty."""

    def partner_in_cell(self, fid: str) -> tuple[str, str] | None:
        """(the partner, his weapon length) standing in `fid`'s cell (5.12), or None."""
        return next(((p, length) for f, p, length in self.partners if f == fid), None)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.fighters)

    def fighter(self, fid: str) -> Fighter:
        return next(f for f in self.fighters if f.id == fid)

    def grapple_of(self, fid: str) -> dict[str, Any] | None:
        """The grapple `fid` is in (holding or held): a pair's, or one of a melee group's; None outside wrestling."""
        return next((g for g in (self.grapple, *self.grapples) if g is not None and fid in (g["holder"], g["held"])),
                    None)

    def opponent(self, fid: str) -> Fighter:
        return next(f for f in self.fighters if f.id != fid)

    def with_fighter(self, fighter: Fighter) -> Fight:
        return replace(self, fighters=tuple(fighter if f.id == fighter.id else f for f in self.fighters))


def new_fighter(setup: FighterSetup) -> Fighter:
    shield = None
    if setup.shield is not None:
        shield = Shield(setup.shield.id, setup.shield.type, setup.shield.hand,
                        data.shield_type(setup.shield.type)["reliability"])
    weapons = tuple(Weapon(w.id, w.type, tuple(w.hands), w.grip or data.weapon_type(w.type)["default_grip"],
                           w.state if w.hands or w.state in ("dropped", "broken", "hanging") else "sheathed",
                           w.location)
                    for w in setup.weapons)
    return Fighter(setup.id, dict(setup.name), setup.side, tuple(setup.cell), setup.facing, setup.height_cm,
                   setup.weight_kg + setup.gear_kg, dict(setup.characteristics), dict(setup.extraordinary),
                   dict(setup.skills), setup.main_hand, weapons, shield, tuple(setup.armour), setup.load,
                   stance=setup.condition.stance, fatigue=setup.condition.fatigue, pain=setup.condition.pain,
                   traits=tuple(setup.traits), size_multiplier=setup.size_multiplier)


def initial(setup: Setup) -> Fight:
    a, b = (new_fighter(f) for f in setup.resolved())
    return Fight((a, b), setup.engagement.approach, setup.engagement.initial_distance, zonal=setup.zonal_defence,
                 armour_penalty=tuple(setup.armour_penalty))


# --- JSON ----------------------------------------------------------------------------------------------------------

def state_to_json(state: Fight) -> dict[str, Any]:
    """The full state, plus the contractual per-fighter fields of docs/skirmish.md (pool, initiative, …)."""
    from replay.rulesets.skirmish import pools

    raw = asdict(state)
    raw["fighters"] = [dict(asdict(f), view=pools.fighter_view(state, f)) for f in state.fighters]
    for f in raw["fighters"]:
        if f["size_multiplier"] == 1:
            del f["size_multiplier"]
    if not raw["zonal"]:
        del raw["zonal"]
    if not raw["armour_penalty"]:
        del raw["armour_penalty"]
    if not raw["partners"]:
        del raw["partners"]
    if not raw["obstacles"]:
        del raw["obstacles"]
    if raw["charge"] is None:
        del raw["charge"]
    if raw["bounds"] is None:
        del raw["bounds"]
    if raw["grid"] == "square":
        del raw["grid"]
    if not raw["retreated"]:
        del raw["retreated"]
    del raw["outside"]
    if not raw["grapples"]:
        del raw["grapples"]
    raw["fight"] = {"round": state.round, "exchange": state.exchange, "step": state.step,
                    "initiative": state.holder, "distance": state.distance, "result": state.result,
                    "grapple": state.grapple}
    return raw


def state_from_json(raw: dict[str, Any]) -> Fight:
    fighters = []
    for f in raw["fighters"]:
        f = {k: v for k, v in f.items() if k != "view"}
        shield = f.get("shield")
        fighters.append(Fighter(**{
            **f, "cell": tuple(f["cell"]),
            "weapons": tuple(Weapon(**{**w, "hands": tuple(w["hands"])}) for w in f["weapons"]),
            "shield": None if shield is None else Shield(**{**shield, "cover": tuple(shield["cover"])}),
            "armour": tuple(f["armour"]),
            "shock": tuple(Timed(**t) for t in f["shock"]),
            "reflex_loss": tuple(Timed(**t) for t in f["reflex_loss"]),
            "wounds": tuple(Wound(**{**w, "flags": tuple(w["flags"])}) for w in f["wounds"]),
            "used_for_parry": tuple(f["used_for_parry"]),
            "bonus_dice": tuple(Timed(**t) for t in f.get("bonus_dice", ())),
            "grapple_from": None if f.get("grapple_from") is None else tuple(f["grapple_from"]),
            "held": tuple(f.get("held", ())),
            "traits": tuple(f.get("traits", ())),
            "effects": tuple(Effect(**{**t, "start": tuple(t["start"]), "until": tuple(t["until"])})
                             for t in f.get("effects", ()))}))
    rest = {k: v for k, v in raw.items() if k not in ("fighters", "fight")}
    return Fight(**{**rest, "fighters": tuple(fighters),
                    "declared": tuple(Declared(**d) for d in raw["declared"]),
                    "attacked_before": tuple(raw.get("attacked_before", ())),
                    "armour_penalty": tuple(raw.get("armour_penalty", ())),
                    "partners": tuple(tuple(x) for x in raw.get("partners", ())),
                    "obstacles": tuple(tuple(c) for c in raw.get("obstacles", ())),
                    "charge": tuple(raw["charge"]) if raw.get("charge") else None,
                    "bounds": None if raw.get("bounds") is None else tuple(raw["bounds"]),
                    "grid": raw.get("grid", "square"),
                    "retreated": tuple(raw.get("retreated", ())),
                    "grapples": tuple(raw.get("grapples", ())),
                    "history": tuple(raw["history"])})
