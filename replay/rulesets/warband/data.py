"""The ruleset's data files (data/*.json): the rulebook's constants (§6.0) and the SAMPLE Tables 1–5, spells, races."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
FILES = ("constants", "table1", "table2", "table3", "table4", "table5", "spells", "races")


@cache
def load(name: str) -> dict[str, Any]:
    """One data file as read (every file says whether it is SAMPLE data)."""
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def const(name: str) -> Any:
    """A constant fixed by the rulebook (§6.0)."""
    return load("constants")[name]


def creature(kind: str) -> dict[str, Any]:
    """Table 4: a creature type's characteristics."""
    return load("table4")["creatures"][kind]


def item(kind: str) -> dict[str, Any]:
    """Table 3: an equipment item."""
    return load("table3")["items"][kind]


def mount(kind: str) -> dict[str, Any]:
    """Table 3 mounts and Table 5 special mounts."""
    plain = load("table3")["mounts"]
    return plain[kind] if kind in plain else load("table5")["special_mounts"][kind]


def creature_types() -> list[str]:
    return list(load("table4")["creatures"])


def item_kinds() -> list[str]:
    return list(load("table3")["items"])


def mount_kinds() -> list[str]:
    return [*load("table3")["mounts"], *load("table5")["special_mounts"]]
