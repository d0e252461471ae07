"""The pydantic model of a warband setup (spec §2), imported when a setup is checked or read (`model.Setup`).

Loading the ruleset does not build it: `Warband.setup_model()` and `Warband.initial` import it when first needed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from replay.rulesets.warband import data
from replay.rulesets.warband.model import Edge, equipment_problems


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SideSetup(_Closed):
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]{0,15}$")
    name: str = ""
    race: str = "humans"
    home_edge: Edge
    color: str | None = None
    abilities: list[str] = []

    @field_validator("race")
    @classmethod
    def _race(cls, v: str) -> str:
        if v not in data.load("races")["races"]:
            raise ValueError(f"race {v!r} is not in data/races.json")
        return v


def _all_in(names: list[str], table: str, key: str) -> list[str]:
    """The names, if each is a key of data/<table>.json's `key` (a setup naming what the data does not have fails)."""
    bad = [k for k in names if k not in data.load(table)[key]]
    if bad:
        raise ValueError(f"{key} {bad} are not in data/{table}.json")
    return names


class WarriorSetup(_Closed):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,15}$")
    side: str
    type: str
    name: str = ""
    equipment: list[str] = []
    mount: str | None = None
    elite: bool = False
    spells: list[str] = []
    upgrades: list[str] = []

    @field_validator("spells")
    @classmethod
    def _spells(cls, v: list[str]) -> list[str]:
        return _all_in(v, "spells", "spells")

    @field_validator("upgrades")
    @classmethod
    def _upgrades(cls, v: list[str]) -> list[str]:
        return _all_in(v, "races", "upgrades")

    @field_validator("type")
    @classmethod
    def _type(cls, v: str) -> str:
        if v not in data.creature_types():
            raise ValueError(f"type {v!r} is not in Table 4 (data/table4.json): {', '.join(data.creature_types())}")
        return v

    @field_validator("equipment")
    @classmethod
    def _items(cls, v: list[str]) -> list[str]:
        bad = [k for k in v if k not in data.item_kinds()]
        if bad:
            raise ValueError(f"items {bad} are not in Table 3 (data/table3.json)")
        return v

    @field_validator("mount")
    @classmethod
    def _mount(cls, v: str | None) -> str | None:
        if v is not None and v not in data.mount_kinds():
            raise ValueError(f"mount {v!r} is not in Tables 3/5: {', '.join(data.mount_kinds())}")
        return v

    @model_validator(mode="after")
    def _restrictions(self) -> WarriorSetup:
        problems = equipment_problems(self.type, self.equipment, self.mount)
        if problems:
            raise ValueError("; ".join(problems))
        return self


class TerrainSetup(_Closed):
    id: str
    name: str = ""
    polygon: list[tuple[float, float]] = Field(min_length=3)
    height: float = 0.0
    rough: bool = False
    water: bool = False
    climbable: bool = False
    wall: bool = False
    impassable: bool = False
    blocks_los: bool = False
    cover_pct: float | None = None
    shots_to_destroy: int | None = None
    """Gun hits that destroy the piece, agreed before the game (L126); None: a medium piece's 2."""


class GunSetup(_Closed):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,15}$")
    side: str
    dispatcher: str


class PoolUnit(_Closed):
    """A unit of the draft pool (§3.1): a warrior without a side until a side picks it."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,15}$")
    type: str
    name: str = ""
    equipment: list[str] = []
    mount: str | None = None
    spells: list[str] = []
    upgrades: list[str] = []

    @model_validator(mode="after")
    def _valid(self) -> PoolUnit:
        WarriorSetup(id=self.id, side="-", type=self.type, equipment=self.equipment, mount=self.mount,
                     spells=self.spells, upgrades=self.upgrades)
        return self


class PoolSetup(_Closed):
    """C01, the GM's pool (§3.1): units, equipment items (one entry a piece) and siege guns to draft."""

    units: list[PoolUnit] = []
    items: list[str] = []
    guns: list[str] = []
    picks_per_side: int | None = Field(default=None, ge=0, le=1000)
    """The scenario's total of picks per side (A-17); a race's `draft_total_delta` gives it more or fewer. Without
    it the picks go on until every side passes or the pool is empty (the delta then has no total to act on)."""

    @field_validator("items")
    @classmethod
    def _items(cls, v: list[str]) -> list[str]:
        bad = [k for k in v if k not in data.item_kinds()]
        if bad:
            raise ValueError(f"items {bad} are not in Table 3 (data/table3.json)")
        return v


class TableSetup(_Closed):
    width: float = Field(gt=0, le=1000)
    depth: float = Field(gt=0, le=1000)


class Setup(_Closed):
    table: TableSetup
    sides: list[SideSetup] = Field(min_length=2)
    warriors: list[WarriorSetup] = Field(min_length=1)
    terrain: list[TerrainSetup] = []
    guns: list[GunSetup] = []
    draft: Literal["preagreed", "classic", "bundled"] = "preagreed"
    """§3.1: `preagreed` — the armies are allocated here; `classic` — one unit, item or gun a pick; `bundled` — a
    unit with its equipment a pick (items and guns still one a pick)."""
    pool: PoolSetup | None = None

    @model_validator(mode="after")
    def _ids(self) -> Setup:
        sides = [s.id for s in self.sides]
        if len(set(sides)) != len(sides):
            raise ValueError("sides: ids must differ")
        ids = [w.id for w in self.warriors]
        if len(set(ids)) != len(ids):
            raise ValueError("warriors: ids must differ")
        stray = [w.id for w in self.warriors if w.side not in sides]
        if stray:
            raise ValueError(f"warriors {stray}: side is not one of {sides}")
        by_id = {w.id: w for w in self.warriors}
        for g in self.guns:
            if g.dispatcher not in by_id or by_id[g.dispatcher].side != g.side:
                raise ValueError(f"guns.{g.id}: its dispatcher {g.dispatcher!r} is a warrior of side {g.side}")
        if len({g.id for g in self.guns} | set(ids)) != len(self.guns) + len(ids):
            raise ValueError("guns: ids differ from each other and from the warriors'")
        if (self.draft == "preagreed") != (self.pool is None):
            raise ValueError("draft: a pool (C01) is given exactly when the draft is classic or bundled (§3.1)")
        if self.pool is not None:
            every = [*ids, *(g.id for g in self.guns), *(u.id for u in self.pool.units), *self.pool.guns]
            if len(set(every)) != len(every):
                raise ValueError("pool: its units' and guns' ids differ from each other and from the warriors'")
        return self
