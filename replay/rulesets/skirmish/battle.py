"""A skirmish of several fighters on a grid (part 2, spec 3.6, 3.8, 4.1, 5.6, 5.7, 5.12): its setup, its state and
its reducer. A setup with a `field` is a battle; a setup without one is the duel of part 1 (model.Fight), which
plays exactly as before.

A battle holds its loose fighters and its melee pairs: two fighters who came within reach fight each other's rounds
with part 1's procedure, on a `model.Fight` of their own (the pair's fighters live there while they are engaged).
Part 1's events of a pair carry the pair's id in their phase (`RAT-VSE:x1.s1`); the battle's own events are listed
in `battle_events.EVENTS`."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from eventlog.envelope import Event
from replay.rulesets.skirmish import data
from replay.rulesets.skirmish import field as grid_rules
from replay.rulesets.skirmish.model import Fight, Fighter, FighterSetup, Timed, new_fighter

PAIR_SEP = ":"


def ranged_table() -> dict[str, Any]:
    return data.table("ranged")


# --- setup -------------------------------------------------------------------------------------------------------

class TerrainSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cell: tuple[int, int]
    flags: list[Literal["blocked", "confined", "cover", "crowd"]] = []
    elevation_m: float = 0


class FieldSetup(BaseModel):
    """The grid (3.6): squares or hexes (a setup option), its size in 1 m cells, its terrain."""

    model_config = ConfigDict(extra="forbid")
    grid: Literal["square", "hex"] = "square"
    width: int = Field(12, ge=2, le=300)
    height: int = Field(8, ge=2, le=300)
    terrain: list[TerrainSetup] = []


class RangedSetup(BaseModel):
    """A fighter's ranged weapon (5.6): its type (data/ranged.json), the projectiles carried and where (5.6.2)."""

    model_config = ConfigDict(extra="forbid")
    weapon: str
    ammo: int = Field(12, ge=0, le=200)
    placement: Literal["quiver_back", "at_hand", "quiver_belt", "belt", "pouch"] = "quiver_back"
    skill: str | None = None

    @model_validator(mode="after")
    def _known(self) -> RangedSetup:
        if self.weapon not in ranged_table()["weapons"]:
            raise ValueError(f"unknown ranged weapon {self.weapon!r} (data/ranged.json)")
        return self


class ConditionsSetup(BaseModel):
    """External conditions for shooting (5.6.5)."""

    model_config = ConfigDict(extra="forbid")
    visibility: Literal["good", "poor"] = "good"
    weather: Literal["none", "wind", "rain", "strong_wind", "downpour", "snowfall", "hurricane", "storm",
                     "blizzard"] = "none"


class BattleSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    field: FieldSetup
    fighters: list[dict[str, Any]]
    conditions: ConditionsSetup = ConditionsSetup()

    @model_validator(mode="after")
    def _fighters(self) -> BattleSetup:
        if not 2 <= len(self.fighters) <= 16:
            raise ValueError("fighters: 2 to 16 on a field (part 2)")
        sheets = self.resolved()
        ids = [f.id for f, _, _ in sheets]
        if len(set(ids)) != len(ids):
            raise ValueError("fighters: every id different")
        cells = [f.cell for f, _, _ in sheets]
        if len(set(cells)) != len(cells):
            raise ValueError("fighters: one fighter per cell (3.6, L14)")
        walls = {t.cell for t in self.field.terrain if "blocked" in t.flags}
        names = grid_rules.steps(self.field.grid)
        for f, facing, _ in sheets:
            if not (0 <= f.cell[0] < self.field.width and 0 <= f.cell[1] < self.field.height):
                raise ValueError(f"fighters: {f.id}'s cell {list(f.cell)} is off the field (3.6)")
            if f.cell in walls:
                raise ValueError(f"fighters: {f.id}'s cell {list(f.cell)} is blocked terrain (3.6)")
            if facing not in names:
                raise ValueError(f"fighters: {f.id}'s facing {facing!r} is not one of {' '.join(names)} "
                                 f"({self.field.grid} grid)")
        if len({f.side for f, _, _ in sheets}) < 2:
            raise ValueError("fighters: at least two sides")
        leading = [f.side for f, _, _ in sheets if "leader" in f.traits]
        if len(set(leading)) != len(leading):
            raise ValueError("fighters: one leader a side (trait leader; M53, L681)")
        return self

    def resolved(self) -> list[tuple[FighterSetup, str, RangedSetup | None]]:
        """Each fighter's sheet (SAMPLE references expanded), facing and ranged weapon."""
        out = []
        for raw in self.fighters:
            ref = dict(raw)
            facing = str(ref.pop("facing", "E"))
            ranged = ref.pop("ranged", None)
            sample = ref.pop("sample", None)
            base = data.sample_character(sample) if sample else {}
            sheet = FighterSetup.model_validate({**base, **ref})
            out.append((sheet, facing, None if ranged is None else RangedSetup.model_validate(ranged)))
        return out


# --- state -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shooter:
    """A fighter's ranged weapon and where its cycle stands (5.6.1): `stage` is what is done (`empty`, `drawn`,
    `prepared`, `aimed`); `busy` the stage under way with `done_s` of its `need_s` seconds; `loss` the final
    successes the next shot loses to speed-ups (5.6.3, 5.6.4)."""

    weapon: str
    ammo: int
    placement: str
    skill: str
    stage: str = "empty"
    busy: str | None = None
    done_s: int = 0
    need_s: int = 0
    loss: int = 0
    ready: bool = True
    """The weapon was ready (prep_ready_s); after a shot it is prepared from scratch (prep_scratch_s, L1008)."""
    speedup_R: int = 0
    """Reflex points used on speed-up checks this round (taken off the attack dice this round, L929)."""
    double: bool = False
    """M80: the shot is prepared for two arrows (twice the time, L1109)."""
    hurried: bool = False
    """A-56: the aim was sped up; the success it lost may botch the shot (L956, CP-41)."""
    rushed: int = 0
    """5.6.3 (L950): the final successes the preparation's speed-up took off the next shot (part of `loss`); they may
    botch it (the weapon jams, breaks or falls, or hurts the shooter); omitted from the JSON state when 0."""
    lost: str | None = None
    """5.6.3 (L950): after such a botch the weapon is `dropped` (picked up as M50 from the floor) or
    `broken_or_jammed` (out of use; which of the two is the GM's word); omitted from the JSON state when None."""
    lost_at: tuple[int, int] | None = None
    """Where a `dropped` weapon lies (the cell he stood in): he picks it up there (M50); omitted when None."""
    pair: bool = False
    """M81 (L1115): a second projectile drawn into the other hand for a synchronous throw (its own draw and
    speed-up, T-16); omitted from the JSON state when False."""


@dataclass(frozen=True)
class Pair:
    """Two fighters in melee (4.2): part 1's fight between them."""

    id: str
    fight: Fight
    since: int
    """The battle round in which they came within reach."""


@dataclass(frozen=True)
class Formation:
    """5.12: a commander's formation, its partner pairs and the drill cap (A-57, A-58)."""

    commander: str
    members: tuple[str, ...]
    partners: tuple[tuple[str, str], ...]
    cap: int
    size: int


@dataclass(frozen=True)
class Battle:
    grid: str
    width: int
    height: int
    terrain: tuple[tuple[tuple[int, int], tuple[str, ...], float], ...]
    roster: tuple[str, ...]
    """Every fighter id in setup order."""
    loose: tuple[Fighter, ...]
    """The fighters not in a melee pair."""
    pairs: tuple[Pair, ...] = ()
    shooters: tuple[tuple[str, Shooter], ...] = ()
    conditions: dict[str, str] = field(default_factory=dict)
    intents: tuple[tuple[str, str], ...] = ()
    chain: tuple[tuple[str, int | None], ...] = ()
    """The general initiative chain (3.8), highest first; None for defenders who skipped the roll (L18)."""
    round: int = 0
    closed: int = 0
    exchange: int = 0
    moved: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    """This round's paths (for the frame)."""
    carry: tuple[tuple[str, str], ...] = ()
    """Metres carried to the next move (A-63), as fractions."""
    ran: tuple[tuple[str, str], ...] = ()
    """Who ran this round and how (jog, sprint; 5.7: all reflex points are lost after running; 5.6.5: a moving
    target)."""
    shots: tuple[dict[str, Any], ...] = ()
    """This round's shots (for the frame: the missile, its target, its range band)."""
    formations: tuple[Formation, ...] = ()
    result: dict[str, Any] | None = None
    fled: tuple[str, ...] = ()
    """Who has left the battlefield (1.2.6 «побег с поля боя», CP-19)."""
    hidden_hit: str | None = None
    """A successful hidden attack this round (its words; 5.7, L48): the next round starts with general initiative
    rolls (4.1 item 4); omitted from the JSON state when none."""
    knocked_out: tuple[tuple[str, int, int], ...] = ()
    """C9: who was knocked out for a number of rounds (the 1d6 `knockout_rounds`): (fighter, the round he fell in, the
    rounds); he comes to at the end of round + rounds (docs/skirmish.md); omitted from the JSON state when none."""
    caught: tuple[tuple[str, str, int], ...] = ()
    """M88 (L1159-1161): who holds a projectile he caught: (catcher, the ranged weapon kind it came from, the round of
    the catch); thrown back with the act `throw_back`; omitted from the JSON state when none."""
    thrown: tuple[str, str, bool] | None = None
    """A throw-back under way (thrower, kind, unexpected: in the round after the catch, L1161), while its target's
    defence is asked; omitted from the JSON state when None."""
    parried: tuple[tuple[str, int, str, str, str], ...] = ()
    """M87 (L1151 «Одним оружием можно отбить лишь одну стрелу»; L559): the weapons that parried an arrow this round,
    as (fighter, exchange, weapon id, `hand` for a bare hand or `shield` for M86's shield, the arrow's shooter, the
    target it flew at), a guard's (M83) too: one weapon stops one arrow, whoever shoots it, and a weapon or shield that
    parried makes no other defence this round (L559; the shield's one parry answers the arrows of its exchange from its
    side with the successes it kept, L1147); cleared when the round ends; omitted from the JSON state when none."""

    # --- fighters --------------------------------------------------------------------------------------------
    @property
    def ids(self) -> tuple[str, ...]:
        return self.roster

    @property
    def fighters(self) -> tuple[Fighter, ...]:
        """Every fighter, in roster order."""
        by_id = {f.id: f for f in self.loose}
        for p in self.pairs:
            by_id.update({f.id: f for f in p.fight.fighters})
        return tuple(by_id[i] for i in self.roster)

    def fighter(self, fid: str) -> Fighter:
        return next(f for f in self.fighters if f.id == fid)

    def pair_of(self, fid: str) -> Pair | None:
        return next((p for p in self.pairs if fid in p.fight.ids), None)

    def engaged_with(self, fid: str) -> list[str]:
        """The enemies in `fid`'s melee (in a melee group of several fighters, not the allies)."""
        p = self.pair_of(fid)
        side = self.fighter(fid).side
        return [] if p is None else [f.id for f in p.fight.fighters if f.id != fid and f.side != side]

    def with_fighter(self, f: Fighter) -> Battle:
        p = self.pair_of(f.id)
        if p is None:
            return replace(self, loose=tuple(f if x.id == f.id else x for x in self.loose))
        return self.with_pair(replace(p, fight=p.fight.with_fighter(f)))

    def with_pair(self, pair: Pair) -> Battle:
        return replace(self, pairs=tuple(pair if p.id == pair.id else p for p in self.pairs))

    def shooter(self, fid: str) -> Shooter | None:
        return dict(self.shooters).get(fid)

    def with_shooter(self, fid: str, s: Shooter) -> Battle:
        return replace(self, shooters=tuple((i, s if i == fid else x) for i, x in self.shooters))

    def blocked(self) -> set[tuple[int, int]]:
        return {c for c, flags, _ in self.terrain if "blocked" in flags}

    def flags(self, cell: tuple[int, int]) -> tuple[str, ...]:
        return next((f for c, f, _ in self.terrain if c == cell), ())

    def occupied(self, but: str | None = None) -> set[tuple[int, int]]:
        return {f.cell for f in self.fighters if f.id != but}

    def partners(self, a: str, b: str) -> bool:
        return any({a, b} == set(p) for fm in self.formations for p in fm.partners)

    def gone(self, fid: str) -> bool:
        """Out of the fight or off the field."""
        return self.fighter(fid).out or fid in self.fled

    def on_edge(self, cell: tuple[int, int]) -> bool:
        return cell[0] in (0, self.width - 1) or cell[1] in (0, self.height - 1)


def initial(setup: BattleSetup) -> Battle:
    loose, shooters = [], []
    for sheet, facing, ranged in setup.resolved():
        loose.append(replace(new_fighter(sheet), facing=facing))
        if ranged is not None:
            kind = ranged_table()["weapons"][ranged.weapon]
            shooters.append((sheet.id, Shooter(ranged.weapon, ranged.ammo, ranged.placement,
                                               ranged.skill or kind["skill"])))
    terrain = tuple((tuple(t.cell), tuple(t.flags), t.elevation_m) for t in setup.field.terrain)
    return Battle(setup.field.grid, setup.field.width, setup.field.height, terrain,  # type: ignore[arg-type]
                  tuple(f.id for f in loose), tuple(loose), shooters=tuple(shooters),
                  conditions=setup.conditions.model_dump())


def new_pair(state: Battle, a: str, b: str) -> Pair:
    """Two loose fighters come within reach (4.2, L102): melee begins by a normal approach."""
    fa, fb = state.fighter(a), state.fighter(b)
    return Pair(f"{a}-{b}", Fight((fa, fb), round=state.round, closed=state.round), state.round)


# --- JSON ----------------------------------------------------------------------------------------------------------

def state_to_json(state: Battle) -> dict[str, Any]:
    """The battle's state: every fighter with its part 1 view and the part 2 contractual fields (`cell` {x, y},
    `facing`, `engaged_with`, `ammo`, `ranged_stage`), the pairs, and `initiative_order`."""
    from replay.rulesets.skirmish import model, pools

    fighters = []
    for f in state.fighters:
        p = state.pair_of(f.id)
        view_state = p.fight if p is not None else Fight((f, f), round=state.round, exchange=max(1, state.exchange))
        s = state.shooter(f.id)
        raw = dict(asdict(f), view=pools.fighter_view(view_state, f))
        raw["cell"] = {"x": f.cell[0], "y": f.cell[1]}
        raw["engaged_with"] = state.engaged_with(f.id)
        raw["ammo"] = None if s is None else s.ammo
        raw["ranged_stage"] = None if s is None else s.stage
        if raw["size_multiplier"] == 1:
            del raw["size_multiplier"]
        fighters.append(raw)
    pairs = []
    for p in state.pairs:
        fight = model.state_to_json(p.fight)
        pairs.append({"id": p.id, "since": p.since, "fighters": list(p.fight.ids),
                      "fight": {k: v for k, v in fight.items() if k != "fighters"}})
    raw = {k: v for k, v in asdict(state).items() if k not in ("loose", "pairs")}
    raw["fighters"] = fighters
    raw["pairs"] = pairs
    raw["initiative_order"] = [{"fighter": i, "successes": n} for i, n in state.chain]
    raw["battle"] = {"round": state.round, "exchange": state.exchange, "grid": state.grid,
                     "result": state.result}
    for _, shooter in raw["shooters"]:
        if not shooter["rushed"]:
            del shooter["rushed"]
        if shooter["lost"] is None:
            del shooter["lost"]
        if shooter["lost_at"] is None:
            del shooter["lost_at"]
        if not shooter["pair"]:
            del shooter["pair"]
    if raw["hidden_hit"] is None:
        del raw["hidden_hit"]
    if not raw["knocked_out"]:
        del raw["knocked_out"]
    if not raw["caught"]:
        del raw["caught"]
    if raw["thrown"] is None:
        del raw["thrown"]
    if not raw["parried"]:
        del raw["parried"]
    return raw


def state_from_json(raw: dict[str, Any]) -> Battle:
    from replay.rulesets.skirmish import model

    def fighter(f: dict[str, Any]) -> Fighter:
        f = {k: v for k, v in f.items() if k not in ("view", "engaged_with", "ammo", "ranged_stage")}
        f["cell"] = [f["cell"]["x"], f["cell"]["y"]] if isinstance(f["cell"], dict) else f["cell"]
        one = model.state_from_json({"fighters": [f], "declared": [], "history": []})
        return one.fighters[0]

    by_id = {f["id"]: fighter(f) for f in raw["fighters"]}
    pairs = []
    for p in raw["pairs"]:
        fight = model.state_from_json({**p["fight"], "fighters": [asdict(by_id[i]) for i in p["fighters"]]})
        pairs.append(Pair(p["id"], fight, p["since"]))
    in_pairs = {i for p in raw["pairs"] for i in p["fighters"]}
    loose = tuple(by_id[i] for i in raw["roster"] if i not in in_pairs)
    return Battle(
        raw["grid"], raw["width"], raw["height"],
        tuple((tuple(c), tuple(fl), el) for c, fl, el in raw["terrain"]),  # type: ignore[misc]
        tuple(raw["roster"]), loose, tuple(pairs),
        tuple((i, Shooter(**{**s, **({"lost_at": tuple(s["lost_at"])} if s.get("lost_at") else {})}))
              for i, s in raw["shooters"]), dict(raw["conditions"]),
        tuple((i, x) for i, x in raw["intents"]), tuple((i, n) for i, n in raw["chain"]), raw["round"],
        raw["closed"], raw["exchange"], tuple((i, tuple(tuple(c) for c in cs)) for i, cs in raw["moved"]),  # type: ignore[misc]
        tuple((i, c) for i, c in raw["carry"]), tuple((i, g) for i, g in raw["ran"]), tuple(raw["shots"]),
        tuple(Formation(fm["commander"], tuple(fm["members"]), tuple(tuple(p) for p in fm["partners"]),  # type: ignore[misc]
                        fm["cap"], fm["size"]) for fm in raw["formations"]), raw["result"],
        tuple(raw.get("fled", ())), raw.get("hidden_hit"),
        tuple((i, r, n) for i, r, n in raw.get("knocked_out", ())),
        tuple((i, k, r) for i, k, r in raw.get("caught", ())),
        (str(raw["thrown"][0]), str(raw["thrown"][1]), bool(raw["thrown"][2])) if raw.get("thrown") else None,
        tuple((str(i), int(x), str(w), str(s), str(t)) for i, x, w, s, t in raw.get("parried", ())))


# --- the reducer ---------------------------------------------------------------------------------------------------

def pair_id_of(event: Event) -> str | None:
    """The pair a part 1 event belongs to (its phase `RAT-VSE:x1.s1`)."""
    phase = event.phase or ""
    return phase.split(PAIR_SEP, 1)[0] if PAIR_SEP in phase else None


def evolve(state: Battle, event: Event) -> Battle:
    from replay.rulesets.skirmish import battle_events
    from replay.rulesets.skirmish.evolve import evolve as fight_evolve

    if event.type == "ruling":
        return state
    if event.type in battle_events.EVENTS:
        return partners_kept(battle_events.apply(state, event))
    pid = pair_id_of(event)
    pair = next((p for p in state.pairs if p.id == pid), None)
    if pair is None:
        raise ValueError(f"{event.type} at seq {event.seq}: no melee pair {pid!r} on the field")
    if event.type == "skirmish.hit" and event.payload.get("wound") and hidden_unsensed(pair.fight, event.payload):
        state = replace(state, hidden_hit=f"{event.payload['attacker']}'s hidden attack on {event.payload['target']}")
    if event.type == "skirmish.knockout":
        state = knocked_out(state, event.payload)
    if event.type == "skirmish.effect":
        state = avoiders_spent(state, event.payload)
    return partners_kept(state.with_pair(replace(pair, fight=fight_evolve(pair.fight, event))))


def avoiders_spent(state: Battle, effect: dict[str, Any]) -> Battle:
    """M53 (L681): an enemy outside the melee who maneuvered to avoid it spent the reflex points he rolled."""
    for c in effect.get("changes") or ():
        if c.get("op") == "avoid" and c.get("reflex"):
            f = state.fighter(str(c["fighter"]))
            state = state.with_fighter(replace(f, spent_R=f.spent_R + int(c["reflex"])))
    return state


def knocked_out(state: Battle, check: dict[str, Any]) -> Battle:
    """C9: a failed knockout check with its 1d6 rounds starts the count of the rounds he stays unconscious."""
    if not check.get("unconscious") or check.get("rounds") is None:
        return state
    fid = str(check["fighter"])
    kept = tuple(k for k in state.knocked_out if k[0] != fid)
    return replace(state, knocked_out=(*kept, (fid, state.round, int(check["rounds"]))))


def on_the_field(state: Battle, pair: Pair) -> Fight:
    """The pair's fight with the field around it: the cells its fighters cannot step into (the field's other fighters,
    blocked terrain) and the field's size, for M22 Pass (L418-421); the loose fighters outside it, for M53 (L681)."""
    others = {f.cell for f in state.fighters if f.id not in pair.fight.ids and f.id not in state.fled}
    outside = tuple(f for f in state.loose if not state.gone(f.id))  # M53 (L681): whom a maneuverer moves towards
    return replace(pair.fight, obstacles=tuple(sorted(others | state.blocked())), bounds=(state.width, state.height),
                   grid=state.grid, outside=outside)


def hidden_unsensed(fight: Fight, hit: dict[str, Any]) -> bool:
    """5.7 (L46-48): the hit of a hidden attack its target did not sense (his Empathy check failed)."""
    from replay.rulesets.skirmish.maneuvers import surprise

    return surprise.unsensed(fight, str(hit.get("target")))


def partners_kept(state: Battle) -> Battle:
    """5.12 (L1189, L1195): each melee knows the formation partners standing two in a cell among its fighters."""
    from replay.rulesets.skirmish import formation

    if not state.formations:
        return state
    return replace(state, pairs=tuple(replace(p, fight=replace(p.fight, partners=formation.in_cell(state, p.fight.ids)))
                                      for p in state.pairs))


def lose_reflex(f: Fighter, amount: int, round_: int, source: str) -> Fighter:
    """A general-initiative botch: reflex points lost in the round following the roll (A-13, C12)."""
    return replace(f, reflex_loss=(*f.reflex_loss, Timed(amount, round_, 2, source)))
