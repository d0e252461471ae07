"""The card tables of §6 read from data/*.json (SAMPLE ones say so), checked on load (§6.2: every cell resolves)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
RESULTS = frozenset("-FHRD")
SIGNS = ("Sw", "Sh", "B")
RANK_ORDER = {"CC": 4, "CM": 3, "CP": 2, "C": 1}


class DataError(ValueError):
    """A data file breaks the structure §6 asks for."""


@dataclass(frozen=True)
class UnitCard:
    """§6.1: a unit card."""

    code: str
    name_ru: str
    name_en: str
    cost: int
    mp: int
    melee: int | None
    charge: int | None
    missile: int | None
    defence: int
    max_damage: int
    morale: tuple[str, ...] | str
    mounted: bool
    detects_hidden: bool = False
    defence_vs: dict[str, int] = field(default_factory=dict)
    damage_modifiers: dict[str, int] = field(default_factory=dict)

    def param(self, name: str) -> int | None:
        return {"melee": self.melee, "charge": self.charge, "missile": self.missile, "defence": self.defence}[name]


@dataclass(frozen=True)
class BattleCard:
    """§6.2: one of the nine battle cards; `rows[(target_sign, attacker_sign)]` = results for min..max diff."""

    number: int
    min_diff: int
    max_diff: int
    rows: dict[tuple[str, str], str]

    def column(self, diff: int) -> int:
        """AMB-05: the diff clamped to the card's extreme columns."""
        return max(self.min_diff, min(self.max_diff, diff))

    def lookup(self, diff: int, target_sign: str, attacker_sign: str = "*") -> str:
        col = self.column(diff)
        for key in ((target_sign, attacker_sign), (target_sign, "*"), ("*", attacker_sign), ("*", "*")):
            if key in self.rows:
                return self.rows[key][col - self.min_diff]
        raise DataError(f"battle card {self.number}: no row for target {target_sign}")


@dataclass(frozen=True)
class CharacterCard:
    """§6.7: a character (commander) card."""

    id: str
    name_ru: str
    name_en: str
    rank: str
    kind: str
    char_class: str
    mp: int
    bonuses: dict[str, int]
    spells: dict[str, int]
    ruler_id: str | None = None

    @property
    def can_cast(self) -> bool:
        """§5.6.3: lieutenants only as CM/CP; rulers and adventurers by class."""
        if self.kind == "lieutenant":
            return self.rank in ("CM", "CP")
        return self.char_class in ("MAGE", "PRIEST")


@dataclass(frozen=True)
class Tables:
    units: dict[str, UnitCard]
    cards: dict[int, BattleCard]
    morale: tuple[dict[str, Any], ...]
    terrain: dict[str, dict[str, Any]]
    fortifications: dict[int, dict[str, Any]]
    spells: dict[str, dict[str, Any]]
    characters: dict[str, CharacterCard]
    scenarios: dict[str, dict[str, Any]]
    sample: dict[str, bool]

    def morale_sign(self, roll: int) -> str:
        """§6.3: the morale sign (or ALL/NONE) a d100 draws."""
        return next(str(row["result"]) for row in self.morale if row["lo"] <= roll <= row["hi"])

    def passes_morale(self, card: UnitCard, roll: int) -> bool:
        if card.morale == "FULL":
            return True
        drawn = self.morale_sign(roll)
        return drawn == "ALL" or (drawn != "NONE" and drawn in card.morale)


def _read(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _battle_cards(raw: dict[str, Any]) -> dict[int, BattleCard]:
    cards = {}
    for c in raw["cards"]:
        rows = {(r["target"], r.get("attacker", "*")): r["results"] for r in c["rows"]}
        card = BattleCard(int(c["number"]), int(c["min_diff"]), int(c["max_diff"]), rows)
        width = card.max_diff - card.min_diff + 1
        for key, results in rows.items():
            if len(results) != width or set(results) - RESULTS:
                raise DataError(f"battle card {card.number} row {key}: {width} results of -FHRD, not {results!r}")
        for sign in SIGNS:
            card.lookup(0, sign)
        cards[card.number] = card
    if sorted(cards) != list(range(1, 10)):
        raise DataError(f"battle cards: numbered 1..9, not {sorted(cards)}")
    return cards


def _morale(raw: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    rows = tuple(raw["rows"])
    covered = sorted(n for r in rows for n in range(r["lo"], r["hi"] + 1))
    if covered != list(range(1, 101)):
        raise DataError("morale table: ranges cover 1..100 exactly once")
    return rows


@cache
def tables() -> Tables:
    """Every table, loaded once."""
    files = {n: _read(f"{n}.json") for n in ("units", "battle_cards", "morale", "terrain", "fortifications", "spells",
                                              "characters", "scenarios")}
    units = {}
    for u in files["units"]["cards"]:
        morale = u["morale"] if u["morale"] == "FULL" else tuple(u["morale"])
        units[u["code"]] = UnitCard(**{**u, "morale": morale})
    return Tables(
        units=units,
        cards=_battle_cards(files["battle_cards"]),
        morale=_morale(files["morale"]),
        terrain={t["id"]: t for t in files["terrain"]["cards"]},
        fortifications={int(f["level"]): f for f in files["fortifications"]["levels"]},
        spells={s["id"]: s for s in files["spells"]["spells"]},
        characters={c["id"]: CharacterCard(**c) for c in files["characters"]["characters"]},
        scenarios={s["id"]: s for s in files["scenarios"]["scenarios"]},
        sample={name: bool(raw.get("sample")) for name, raw in files.items()},
    )


def type_codes() -> tuple[str, ...]:
    """Every display type code (unit cards and rank codes), longest first, for the greedy match of §2.9."""
    return tuple(sorted({*tables().units, *RANK_ORDER}, key=lambda c: (-len(c), c)))
