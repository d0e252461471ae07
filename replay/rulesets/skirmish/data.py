"""The data tables beside the ruleset (data/*.json): maneuvers, weapons, armour, shields, body map, damage model,
SAMPLE characters. A GM replaces a SAMPLE file with the real cards without touching code."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"

LENGTHS = ("hand", "short", "medium", "long", "very_long", "extremely_long")
"""Length categories in order (spec 3.4): hand(0) < short(1) < … < extremely_long(5)."""
WEIGHTS = ("light", "medium", "heavy")
ATTACK_TYPE = {"thrust": "thrust", "chop": "chop", "slash": "cut", "cut": "cut", "crush": "crush", "power_blow": None,
               "pass_through": "cut"}
"""Basic attack maneuver -> the weapon's attack row it uses (spec 5.4.1 M02–M05); power blow names its own; a Pass
(M22, L419) is a cutting attack."""


@cache
def table(name: str) -> dict[str, Any]:
    """One data file, parsed once."""
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def maneuvers() -> dict[str, dict[str, Any]]:
    """code -> catalogue entry (spec 5.4)."""
    return {m["code"]: m for m in table("maneuvers")["maneuvers"]}


def maneuver_by_id(mid: str) -> dict[str, Any]:
    """M01…M74 -> catalogue entry."""
    return next(m for m in table("maneuvers")["maneuvers"] if m["id"] == mid)


def weapon_type(type_id: str) -> dict[str, Any]:
    return table("weapons")["weapons"][type_id]


def shield_type(type_id: str) -> dict[str, Any]:
    return table("shields")["shields"][type_id]


def armour_type(type_id: str) -> dict[str, Any]:
    return table("armour")["armour"][type_id]


def body() -> dict[str, Any]:
    return table("body_map")


def damage_model() -> dict[str, Any]:
    return table("damage_sample_v1")


def sample_character(cid: str) -> dict[str, Any]:
    return table("characters")["characters"][cid]


def length_index(length: str) -> int:
    return LENGTHS.index(length)


def general_zone(declared: str) -> str:
    """A declared zone (left_arm …) -> its general zone (arm …), spec 5.5.1."""
    return body()["declared"][declared]


def precise_zone(general: str, result: int) -> str | None:
    """The 2d6−2 result on a general zone's table; 0 is a miss (L98)."""
    for row in body()["precise"][general]:
        if row["from"] <= result <= row["to"]:
            return row["zone"]
    return None


def precise_zones(general: str) -> list[str]:
    return [row["zone"] for row in body()["precise"][general]]
