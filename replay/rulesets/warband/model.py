"""Options and state of `warband@1` (spec §2), and the contractual `state --json` form; the setup's pydantic model
is in boundary.py (built when a setup is checked, not when the ruleset loads; `read_setup` reads a setup whose every
value is plainly right without it).

The setup is the GM's pool with the armies already allocated (draft mode `preagreed`, §3.1): sides, their
warriors with type, equipment and mount, the table and its terrain. Deployment (positions) is turn 0's business.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Literal

from replay.ruleset import Options
from replay.rulesets.warband import data

if TYPE_CHECKING:
    from replay.rulesets.warband.boundary import Setup

Edge = Literal["S", "N", "W", "E"]
STAGES = ("movement", "ranged", "melee")


class WarbandOptions(Options):
    """The house-rule switches (every default is the spec's PROPOSED DEFAULT, §7)."""

    rough_k_mode: Literal["floor6", "literal", "tier_only"] = "floor6"
    front_arc_half_angle_deg: float = 90.0
    second_rank_cone_deg: float = 45.0
    casualties_strike_back: bool = True
    pass_through_friends: bool = True
    step_cm: float = 1.0
    turn_order_winner_chooses: bool = False
    """A-16: the winner of the turn-order roll picks its place in the order (C31); off: it goes first."""
    fall_mode: Literal["formula", "literal"] = "formula"
    """A-42: how long a fall's penalties last: 1 + floor(h/16) turns, or the rulebook's lines (32–40 cm: 2)."""
    durability_mode: Literal["default", "all_participants", "literal_L236"] = "default"
    """A-88: who loses a durability point after the melee stage (§4.4.13)."""


OPTION_DEFAULTS = {"turn_order_winner_chooses": "A-16", "fall_mode": "A-42", "durability_mode": "A-88",
                   "rough_k_mode": "A-23", "front_arc_half_angle_deg": "A-04", "second_rank_cone_deg": "A-05",
                   "casualties_strike_back": "A-81", "pass_through_friends": "A-12", "step_cm": "A-39"}

RESOLUTION_TYPES = frozenset({
    "warband.attacks", "warband.cast", "warband.charge", "warband.day_night",
    "warband.dedicated", "warband.deployed", "warband.dismounted", "warband.draft_ended",
    "warband.draft_order", "warband.draft_pick", "warband.durability", "warband.engagement_ended",
    "warband.equipped", "warband.fell", "warband.fight_cancelled", "warband.fight_resolved",
    "warband.game_ended", "warband.gun_captured", "warband.gun_fired", "warband.gun_hit",
    "warband.gun_moved", "warband.gun_rotated", "warband.gun_shot", "warband.initiative",
    "warband.inspected", "warband.jump", "warband.mount_ran", "warband.mount_stop",
    "warband.move_rolled", "warband.moved", "warband.participants", "warband.pivot",
    "warband.remounted", "warband.sabotage", "warband.sabotage_declared", "warband.shot",
    "warband.stage_started", "warband.stayed", "warband.talk", "warband.turn_ended",
    "warband.turn_order", "warband.untied", "warband.weapon_swapped", "warband.weather",
    "warband.wound",
})
"""The resolution events' types (events.EVENTS; listed here so that loading the ruleset does not build them)."""

_SETUP_MODELS = ("Setup", "SideSetup", "WarriorSetup", "TerrainSetup", "GunSetup", "PoolUnit", "PoolSetup",
                 "TableSetup")


def __getattr__(name: str) -> Any:
    """The pydantic models of a setup live in boundary.py (imported when first asked for)."""
    if name in _SETUP_MODELS:
        from replay.rulesets.warband import boundary

        return getattr(boundary, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def equipment_problems(kind: str, items: list[str], mount: str | None) -> list[str]:
    """§4.7: the combinations the rulebook forbids (checked when the armies are set up, A-18)."""
    tags = set(data.creature(kind).get("tags", []))
    protective = [k for k in items if data.item(k)["category"] == "protective"]
    problems = []
    if "king" in tags and protective:
        problems.append("§4.7.1: a king carries no protective item except innate (L270)")
    if "archer" in tags and "large_shield" in items:
        problems.append("§4.7.3: no large shield for archers (L274)")
    if "archer" in tags and "quiver" in items and "armour" in items:
        problems.append("§4.7.4: an archer has not quiver and armour together (L276)")
    if tags & {"archer", "mage"}:
        cap = 1 if mount else 2
        if len(protective) > cap:
            problems.append(f"§4.7.5: a starting mage or archer has at most {cap} protective items"
                            f"{' when mounted' if mount else ''} (L278), not {len(protective)}")
    if mount and data.creature(kind).get("can_ride") is False:
        problems.append(f"§4.7: a {kind} does not ride")
    if sum(1 for k in items if data.item(k)["category"] == "melee_weapon") > 1 and not mount:
        problems.append("§4.7.2: only riders carry two melee weapons to swap (L272)")
    return problems


def read_setup(setup: Any) -> Any:
    """The setup as `new_state` reads it (sides, warriors, terrain, guns, pool, table as attributes).

    A setup whose every value is of its field's exact type (a whole number where a float is declared taken as that
    float, as pydantic takes it) and that passes every check of `boundary.Setup` is read without pydantic; any other
    goes through `boundary.Setup`, so what is kept and every error message are pydantic's own.
    """
    plain = _plain_setup(setup)
    if plain is not None:
        return plain
    from replay.rulesets.warband.boundary import Setup

    return Setup.model_validate(setup)


class _Refused(Exception):
    """A setup the plain reader leaves to pydantic."""


def _plain_setup(setup: Any) -> SimpleNamespace | None:
    try:
        return _setup(setup)
    except _Refused:
        return None


def _setup(setup: Any) -> SimpleNamespace:
    top = _fields(setup, {"table", "sides", "warriors"}, {"terrain", "guns", "draft", "pool"})
    table = _fields(top["table"], {"width", "depth"}, set())
    width, depth = _number(table["width"]), _number(table["depth"])
    if not (0 < width <= 1000 and 0 < depth <= 1000):
        raise _Refused
    sides = [_side(s) for s in _list(top["sides"], 2)]
    warriors = [_warrior(w) for w in _list(top["warriors"], 1)]
    terrain = [_terrain(t) for t in _list(top.get("terrain", []), 0)]
    guns = [_gun(g) for g in _list(top.get("guns", []), 0)]
    draft = top.get("draft", "preagreed")
    if type(draft) is not str or draft not in ("preagreed", "classic", "bundled"):
        raise _Refused
    pool = None if top.get("pool") is None else _pool(top["pool"])
    out = SimpleNamespace(table=SimpleNamespace(width=width, depth=depth), sides=sides, warriors=warriors,
                          terrain=terrain, guns=guns, draft=draft, pool=pool)
    _ids(out)
    return out


def _fields(value: Any, required: set[str], optional: set[str]) -> dict[str, Any]:
    if type(value) is not dict or not required <= value.keys() <= required | optional:
        raise _Refused
    return value


def _list(value: Any, shortest: int) -> list[Any]:
    if type(value) is not list or len(value) < shortest:
        raise _Refused
    return value


def _number(value: Any) -> float:
    if type(value) is float:
        return value
    if type(value) is int and -(2 ** 53) <= value <= 2 ** 53:
        return float(value)
    raise _Refused


def _text(value: Any) -> str:
    if type(value) is not str:
        raise _Refused
    return value


def _flag(value: Any) -> bool:
    if type(value) is not bool:
        raise _Refused
    return value


def _texts(value: Any, known: Any = None) -> list[str]:
    out = [_text(v) for v in _list(value, 0)]
    if known is not None and any(v not in known for v in out):
        raise _Refused
    return out


def _id(value: Any, pattern: re.Pattern[str]) -> str:
    if type(value) is not str or not pattern.fullmatch(value):
        raise _Refused
    return value


_SIDE_ID, _UNIT_ID = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,15}"), re.compile(r"[a-z][a-z0-9_]{0,15}")


def _side(value: Any) -> SimpleNamespace:
    s = _fields(value, {"id", "home_edge"}, {"name", "race", "color", "abilities"})
    race, edge, color = _text(s.get("race", "humans")), _text(s["home_edge"]), s.get("color")
    if race not in data.load("races")["races"] or edge not in ("S", "N", "W", "E"):
        raise _Refused
    return SimpleNamespace(id=_id(s["id"], _SIDE_ID), name=_text(s.get("name", "")), race=race, home_edge=edge,
                           color=None if color is None else _text(color), abilities=_texts(s.get("abilities", [])))


def _unit(u: dict[str, Any], **more: Any) -> SimpleNamespace:
    """A warrior's or a pool unit's fields, every check of `boundary.WarriorSetup` passed."""
    kind, mount = _text(u["type"]), u.get("mount")
    if kind not in data.creature_types() or (mount is not None and _text(mount) not in data.mount_kinds()):
        raise _Refused
    equipment = _texts(u.get("equipment", []), data.item_kinds())
    spells = _texts(u.get("spells", []), data.load("spells")["spells"])
    upgrades = _texts(u.get("upgrades", []), data.load("races")["upgrades"])
    if equipment_problems(kind, equipment, mount):
        raise _Refused
    return SimpleNamespace(id=_id(u["id"], _UNIT_ID), **more, type=kind, name=_text(u.get("name", "")),
                           equipment=equipment, mount=mount, spells=spells, upgrades=upgrades)


_UNIT_FIELDS = {"name", "equipment", "mount", "spells", "upgrades"}


def _warrior(value: Any) -> SimpleNamespace:
    w = _fields(value, {"id", "side", "type"}, _UNIT_FIELDS | {"elite"})
    made = _unit(w, side=_text(w["side"]))
    made.elite = _flag(w.get("elite", False))
    return made


def _terrain(value: Any) -> SimpleNamespace:
    t = _fields(value, {"id", "polygon"}, {"name", "height", "rough", "water", "climbable", "wall", "impassable",
                                          "blocks_los", "cover_pct", "shots_to_destroy"})
    polygon = []
    for point in _list(t["polygon"], 3):
        if type(point) is not list or len(point) != 2:
            raise _Refused
        polygon.append((_number(point[0]), _number(point[1])))
    cover, shots = t.get("cover_pct"), t.get("shots_to_destroy")
    if shots is not None and type(shots) is not int:
        raise _Refused
    return SimpleNamespace(id=_text(t["id"]), name=_text(t.get("name", "")), polygon=polygon,
                           height=_number(t.get("height", 0.0)),
                           **{k: _flag(t.get(k, False)) for k in ("rough", "water", "climbable", "wall", "impassable",
                                                                  "blocks_los")},
                           cover_pct=None if cover is None else _number(cover), shots_to_destroy=shots)


def _gun(value: Any) -> SimpleNamespace:
    g = _fields(value, {"id", "side", "dispatcher"}, set())
    return SimpleNamespace(id=_id(g["id"], _UNIT_ID), side=_text(g["side"]), dispatcher=_text(g["dispatcher"]))


def _pool(value: Any) -> SimpleNamespace:
    p = _fields(value, set(), {"units", "items", "guns", "picks_per_side"})
    picks = p.get("picks_per_side")
    if picks is not None and (type(picks) is not int or not 0 <= picks <= 1000):
        raise _Refused
    units = [_unit(_fields(u, {"id", "type"}, _UNIT_FIELDS)) for u in _list(p.get("units", []), 0)]
    return SimpleNamespace(units=units, items=_texts(p.get("items", []), data.item_kinds()),
                           guns=_texts(p.get("guns", [])), picks_per_side=picks)


def _ids(setup: SimpleNamespace) -> None:
    """`boundary.Setup`'s checks across the setup (ids differ, sides known, dispatchers, the pool)."""
    sides = [s.id for s in setup.sides]
    ids = [w.id for w in setup.warriors]
    by_id = {w.id: w for w in setup.warriors}
    every = [*ids, *(g.id for g in setup.guns)]
    if (len(set(sides)) != len(sides) or len(set(ids)) != len(ids) or any(w.side not in sides for w in setup.warriors)
            or any(g.dispatcher not in by_id or by_id[g.dispatcher].side != g.side for g in setup.guns)
            or len(set(every)) != len(every) or (setup.draft == "preagreed") != (setup.pool is None)):
        raise _Refused
    if setup.pool is not None:
        every += [*(u.id for u in setup.pool.units), *setup.pool.guns]
        if len(set(every)) != len(every):
            raise _Refused


# --- state ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Item:
    kind: str
    durability: int | None = None
    durability_max: int | None = None

    @property
    def broken(self) -> bool:
        return self.durability is not None and self.durability <= 0


@dataclass(frozen=True)
class Effect:
    source: str
    modifiers: dict[str, float]
    expires_turn: int


@dataclass(frozen=True)
class Warrior:
    id: str
    side: str
    type: str
    name: str = ""
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0
    facing: float = 90.0
    deployed: bool = False
    wounds: int = 0
    status: str = "active"
    mount: str | None = None
    equipment: tuple[Item, ...] = ()
    shots_used: int = 0
    engaged_with: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    moved: bool = False
    """Has moved (or tried to) in this movement stage."""
    allowance: float | None = None
    """The movement allowance the roll gave this stage (A-26), or None."""
    shot: bool = False
    """Has used its ranged action this stage (A-51)."""
    attacked_by: tuple[str, ...] = ()
    """Sides that initiated a fight containing it this melee stage (A-74)."""
    fought_turns: tuple[int, ...] = ()
    """Turns in which it took part in a fight (engagement b, §4.4.12)."""
    initiated_turns: tuple[int, ...] = ()
    attacked_turns: tuple[int, ...] = ()
    spells_attempted: tuple[str, ...] = ()
    xp: int = 0
    spells_known: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()
    cast_ban_until: int = 0
    """Miscast 6/5: no casting up to and including this turn."""
    spell_bans: tuple[tuple[str, int], ...] = ()
    """Miscast 4/3: (spell, last banned turn); -1 = for the game."""
    only_spell: str | None = None
    """Miscast 2: only this spell until the end of the game."""
    moved_cm: float = 0.0
    """How far it has moved in this movement stage (§4.2.8, §4.2.9)."""
    halted: bool = False
    """It tried to stop a mount or untied one: no more moving this movement stage (L82)."""
    wielding: str | None = None
    """The weapon in hand after a rider's swap (§4.2.11); None: the reading of derive.reach_kind."""
    swapped_turn: int = -9

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def active(self) -> bool:
        return self.status == "active"

    def items(self) -> tuple[Item, ...]:
        """The equipment that still works (a broken item gives nothing, A-89)."""
        return tuple(i for i in self.equipment if not i.broken)


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    race: str
    home_edge: str
    color: str | None = None
    abilities: tuple[str, ...] = ()
    turn_order_pos: int | None = None
    charges_used: int = 0
    gun_shots_used: int = 0
    talk_seconds_used: int = 0
    draft_order_pos: int | None = None
    drafted_items: tuple[str, ...] = ()
    """Items the side drafted that no warrior carries yet (C03)."""
    draft_passed: bool = False
    intel: tuple[str, ...] = ()
    """Enemy warriors allies told this side of this turn (§4.2.10, A-49): its guns may fire at them."""


@dataclass(frozen=True)
class Terrain:
    id: str
    name: str
    polygon: tuple[tuple[float, float], ...]
    height: float = 0.0
    rough: bool = False
    water: bool = False
    climbable: bool = False
    wall: bool = False
    impassable: bool = False
    blocks_los: bool = False
    cover_pct: float | None = None
    shots_to_destroy: int | None = None
    hits: int = 0


@dataclass(frozen=True)
class Gun:
    id: str
    side: str
    dispatcher: str
    x: float = 0.0
    y: float = 0.0
    facing: float = 90.0
    origin: tuple[float, float, float] = (0.0, 0.0, 90.0)
    deployed: bool = False
    status: str = "active"
    hits_by_guns: int = 0
    hits_by_small_arms: int = 0
    fired_turn: int = 0
    rotated_turn: int = -9
    """The turn it last rotated (rotation is forbidden the turn after, §4.3.6)."""
    captured_turn: int = -9
    """The turn it was captured (it fires from the next one, §4.3.8)."""
    saboteurs: tuple[str, ...] = ()
    """Enemy warriors declared working on it this stage (§4.3.7)."""
    sabotage_progress: float = 0.0
    """Stages of work done, weighted: destroyed at 6 (§4.3.7)."""

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)


@dataclass(frozen=True)
class Mount:
    """A mount standing alone on the table (§2.6): tied, running or standing."""

    id: str
    kind: str
    owner_side: str
    x: float
    y: float
    facing: float
    state: str
    last_rider: str
    since_turn: int
    run_from: tuple[float, float] | None = None
    """Where its last run this movement stage began (a stop attempt reaches for that run, §4.2.8)."""

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)


@dataclass(frozen=True)
class Clock:
    day_turns: int = 4
    night_turns: int = 2
    first: str = "day"
    cycle_offset: int = 0

    def is_night(self, turn: int) -> bool:
        """§2.9: the turn's place in the 6-turn cycle."""
        if turn < 1:
            return False
        pos = (turn - 1 + self.cycle_offset) % data.const("turns_per_cycle")
        first_part = pos < (self.day_turns if self.first == "day" else self.night_turns)
        return (not first_part) if self.first == "day" else first_part


@dataclass(frozen=True)
class State:
    table: tuple[float, float]
    sides: tuple[Side, ...]
    warriors: tuple[Warrior, ...]
    terrain: tuple[Terrain, ...]
    turn: int = 0
    stage: str = "preparation"
    active_side: str | None = None
    clock: Clock = field(default_factory=Clock)
    weather: str | None = None
    turn_weather: str | None = None
    status: str = "preparation"
    end_reason: str | None = None
    fights: int = 0
    """Fights declared so far this turn (they are numbered turn.n)."""
    guns: tuple[Gun, ...] = ()
    mounts: tuple[Mount, ...] = ()
    draft: str = "preagreed"
    pool_items: tuple[str, ...] = ()
    """Items of the draft pool nobody has picked (§3.1)."""
    draft_done: bool = True
    draft_picks: int | None = None
    """The scenario's picks per side in the draft (C01), before each race's `draft_total_delta`; None: no total."""

    def mount(self, mid: str) -> Mount:
        return next(m for m in self.mounts if m.id == mid)

    def with_mount(self, m: Mount | None, mid: str | None = None) -> State:
        """The state with a mount added, replaced, or (m None) removed."""
        rest = tuple(x for x in self.mounts if x.id != (mid if m is None else m.id))
        return replace(self, mounts=rest if m is None else (*rest, m) if all(x.id != m.id for x in self.mounts)
                       else tuple(m if x.id == m.id else x for x in self.mounts))

    def gun(self, gid: str) -> Gun:
        return next(g for g in self.guns if g.id == gid)

    def with_gun(self, g: Gun) -> State:
        return replace(self, guns=tuple(g if x.id == g.id else x for x in self.guns))

    def warrior(self, wid: str) -> Warrior:
        for w in self.warriors:
            if w.id == wid:
                return w
        raise KeyError(wid)

    def has(self, wid: str) -> bool:
        return any(w.id == wid for w in self.warriors)

    def side(self, sid: str) -> Side:
        return next(s for s in self.sides if s.id == sid)

    def order(self) -> list[str]:
        """Side ids in turn order (setup order before the turn-order roll)."""
        rolled = [s for s in self.sides if s.turn_order_pos is not None]
        if len(rolled) == len(self.sides):
            return [s.id for s in sorted(rolled, key=lambda s: s.turn_order_pos or 0)]
        return [s.id for s in self.sides]

    def night(self) -> bool:
        return self.clock.is_night(self.turn)

    def with_warrior(self, w: Warrior) -> State:
        return replace(self, warriors=tuple(w if x.id == w.id else x for x in self.warriors))

    def with_side(self, s: Side) -> State:
        return replace(self, sides=tuple(s if x.id == s.id else x for x in self.sides))


def new_state(setup: Setup) -> State:
    sides = tuple(Side(s.id, s.name or s.id, s.race, s.home_edge, s.color, tuple(s.abilities)) for s in setup.sides)
    warriors = tuple(
        Warrior(w.id, w.side, w.type, w.name or w.id, mount=w.mount,
                equipment=tuple(Item(k, data.item(k).get("durability"), data.item(k).get("durability"))
                                for k in w.equipment), spells_known=tuple(w.spells), upgrades=tuple(w.upgrades))
        for w in setup.warriors)
    terrain = tuple(Terrain(t.id, t.name or t.id, tuple(tuple(p) for p in t.polygon), t.height, t.rough, t.water,
                            t.climbable, t.wall, t.impassable, t.blocks_los, t.cover_pct, t.shots_to_destroy)
                    for t in setup.terrain)
    guns = tuple(Gun(g.id, g.side, g.dispatcher) for g in setup.guns)
    if setup.pool is None:
        return State((setup.table.width, setup.table.depth), sides, warriors, terrain, guns=guns)
    pool_units = tuple(
        Warrior(u.id, "", u.type, u.name or u.id, status="pool", mount=u.mount,
                equipment=tuple(Item(k, data.item(k).get("durability"), data.item(k).get("durability"))
                                for k in u.equipment), spells_known=tuple(u.spells), upgrades=tuple(u.upgrades))
        for u in setup.pool.units)
    pool_guns = tuple(Gun(g, "", "") for g in setup.pool.guns)
    return State((setup.table.width, setup.table.depth), sides, warriors + pool_units, terrain,
                 guns=guns + pool_guns, draft=setup.draft, pool_items=tuple(setup.pool.items), draft_done=False,
                 draft_picks=setup.pool.picks_per_side)


def state_to_json(state: State) -> dict[str, Any]:
    """The contractual `state --json` (docs/warband.md): per warrior id, side, pos, facing, wounds, status, mount,
    engaged_with, equipment; caster counters; per game turn, stage, side, clock, weather."""
    from replay.rulesets.warband import derive

    def warrior(w: Warrior) -> dict[str, Any]:
        out = {"id": w.id, "side": w.side, "type": w.type, "name": w.name,
               "pos": {"x": w.x, "y": w.y, "z": w.z}, "facing": w.facing, "deployed": w.deployed,
               "wounds": w.wounds, "health": derive.health(w), "status": w.status, "mount": w.mount,
               "engaged_with": list(w.engaged_with),
               "equipment": [{"kind": i.kind, "durability": i.durability, "durability_max": i.durability_max}
                             for i in w.equipment],
               "shots_used": w.shots_used, "xp": w.xp, "wielding": w.wielding, "swapped_turn": w.swapped_turn,
               "effects": [asdict(e) for e in w.effects],
               "stage": {"moved": w.moved, "moved_cm": w.moved_cm, "halted": w.halted, "allowance": w.allowance,
                         "shot": w.shot, "attacked_by": list(w.attacked_by)},
               "history": {"fought": list(w.fought_turns), "initiated": list(w.initiated_turns),
                           "attacked": list(w.attacked_turns)}}
        out["upgrades"] = list(w.upgrades)
        if data.creature(w.type).get("can_cast"):
            out["caster"] = {"spells_known": list(w.spells_known),
                             "spells_attempted_this_turn": list(w.spells_attempted),
                             "max_spells_per_turn": derive.max_spells(w), "cast_ban_until_turn": w.cast_ban_until,
                             "spell_bans": {k: ("game" if v < 0 else v) for k, v in w.spell_bans},
                             "only_spell": w.only_spell}
        return out

    return {
        "turn": state.turn, "stage": state.stage, "side": state.active_side, "status": state.status,
        "end_reason": state.end_reason,
        "clock": {"day_night": "night" if state.night() else "day", "day_turns": state.clock.day_turns,
                  "night_turns": state.clock.night_turns, "first": state.clock.first,
                  "cycle_offset": state.clock.cycle_offset},
        "weather": {"game": state.weather, "turn": state.turn_weather},
        "table": {"width": state.table[0], "depth": state.table[1]},
        "turn_order": state.order() if all(s.turn_order_pos for s in state.sides) else [],
        "sides": [{"id": s.id, "name": s.name, "race": s.race, "home_edge": s.home_edge, "color": s.color,
                   "abilities": list(s.abilities), "turn_order_pos": s.turn_order_pos,
                   "charges_used": s.charges_used, "gun_shots_used": s.gun_shots_used,
                   "talk_seconds_used": s.talk_seconds_used, "draft_order_pos": s.draft_order_pos,
                   "drafted_items": list(s.drafted_items), "draft_passed": s.draft_passed,
                   "intel": list(s.intel)} for s in state.sides],
        "warriors": [warrior(w) for w in state.warriors],
        "guns": [{"id": g.id, "side": g.side, "dispatcher": g.dispatcher, "pos": {"x": g.x, "y": g.y},
                  "facing": g.facing, "origin": {"x": g.origin[0], "y": g.origin[1], "facing": g.origin[2]},
                  "deployed": g.deployed, "status": g.status, "hits_by_guns": g.hits_by_guns,
                  "hits_by_small_arms": g.hits_by_small_arms, "fired_turn": g.fired_turn,
                  "rotated_turn": g.rotated_turn, "captured_turn": g.captured_turn, "saboteurs": list(g.saboteurs),
                  "sabotage_progress": g.sabotage_progress} for g in state.guns],
        "mounts": [{"id": m.id, "kind": m.kind, "owner_side": m.owner_side, "pos": {"x": m.x, "y": m.y},
                    "facing": m.facing, "state": m.state, "last_rider": m.last_rider, "since_turn": m.since_turn,
                    "run_from": None if m.run_from is None else {"x": m.run_from[0], "y": m.run_from[1]}}
                   for m in state.mounts],
        "terrain": [{**asdict(t), "polygon": [list(p) for p in t.polygon]} for t in state.terrain],
        "fights": state.fights,
        "draft": {"mode": state.draft, "done": state.draft_done, "pool_items": list(state.pool_items),
                  "picks_per_side": state.draft_picks},
    }


def state_from_json(d: dict[str, Any]) -> State:
    def warrior(w: dict[str, Any]) -> Warrior:
        st, hist, caster = w["stage"], w["history"], w.get("caster", {})
        return Warrior(w["id"], w["side"], w["type"], w["name"], w["pos"]["x"], w["pos"]["y"], w["pos"]["z"],
                       w["facing"], w["deployed"], w["wounds"], w["status"], w["mount"],
                       tuple(Item(i["kind"], i["durability"], i["durability_max"]) for i in w["equipment"]),
                       w["shots_used"], tuple(w["engaged_with"]),
                       tuple(Effect(e["source"], e["modifiers"], e["expires_turn"]) for e in w["effects"]),
                       st["moved"], st["allowance"], st["shot"], tuple(st["attacked_by"]),
                       tuple(hist["fought"]), tuple(hist["initiated"]), tuple(hist["attacked"]),
                       tuple(caster.get("spells_attempted_this_turn", [])), w["xp"],
                       tuple(caster.get("spells_known", [])), tuple(w.get("upgrades", [])),
                       caster.get("cast_ban_until_turn", 0),
                       tuple((k, -1 if v == "game" else v) for k, v in caster.get("spell_bans", {}).items()),
                       caster.get("only_spell"), st.get("moved_cm", 0.0), st.get("halted", False),
                       w.get("wielding"), w.get("swapped_turn", -9))

    clock = d["clock"]
    return State(
        (d["table"]["width"], d["table"]["depth"]),
        tuple(Side(s["id"], s["name"], s["race"], s["home_edge"], s["color"], tuple(s["abilities"]),
                   s["turn_order_pos"], s["charges_used"], s["gun_shots_used"], s["talk_seconds_used"],
                   s.get("draft_order_pos"), tuple(s.get("drafted_items", [])), s.get("draft_passed", False),
                   tuple(s.get("intel", [])))
              for s in d["sides"]),
        tuple(warrior(w) for w in d["warriors"]),
        tuple(Terrain(**{**t, "polygon": tuple(tuple(p) for p in t["polygon"])}) for t in d["terrain"]),
        d["turn"], d["stage"], d["side"],
        Clock(clock["day_turns"], clock["night_turns"], clock["first"], clock["cycle_offset"]),
        d["weather"]["game"], d["weather"]["turn"], d["status"], d["end_reason"], d["fights"],
        tuple(Gun(g["id"], g["side"], g["dispatcher"], g["pos"]["x"], g["pos"]["y"], g["facing"],
                  (g["origin"]["x"], g["origin"]["y"], g["origin"]["facing"]), g["deployed"], g["status"],
                  g["hits_by_guns"], g["hits_by_small_arms"], g["fired_turn"], g.get("rotated_turn", -9),
                  g.get("captured_turn", -9), tuple(g.get("saboteurs", [])), g.get("sabotage_progress", 0.0))
              for g in d["guns"]),
        tuple(Mount(m["id"], m["kind"], m["owner_side"], m["pos"]["x"], m["pos"]["y"], m["facing"], m["state"],
                    m["last_rider"], m["since_turn"],
                    None if m.get("run_from") is None else (m["run_from"]["x"], m["run_from"]["y"]))
              for m in d.get("mounts", [])),
        d.get("draft", {}).get("mode", "preagreed"), tuple(d.get("draft", {}).get("pool_items", [])),
        d.get("draft", {}).get("done", True), d.get("draft", {}).get("picks_per_side"))
