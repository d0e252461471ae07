"""What the legend tests of every ruleset share: the recorded games loaded once, and a frame's legend labels."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver

ROOT = Path(__file__).resolve().parents[1]
NS = "{http://www.w3.org/2000/svg}"


def recorded(ruleset: str) -> list[str]:
    """The names of a ruleset's shipped games (fixtures/<ruleset>/*.jsonl)."""
    return sorted(p.stem for p in (ROOT / "fixtures" / ruleset).glob("*.jsonl"))


def legend_labels(root: ET.Element) -> list[str]:
    """The labels of the legend's entries (the last text of each top-level group)."""
    return [[t.text for t in g.iter(f"{NS}text")][-1] or "" for g in root.findall(f"{NS}g")]


def load_games(factory: pytest.TempPathFactory, ruleset: str) -> dict[str, object]:
    """Each shipped game of `ruleset`, imported into its own database and loaded, by name."""
    out = {}
    for name in recorded(ruleset):
        store = Store.open(factory.mktemp(ruleset) / "g.duckdb")
        text = (ROOT / "fixtures" / ruleset / f"{name}.jsonl").read_text(encoding="utf-8")
        game_id = next(iter(import_text(store, text, source=name)))
        with store:
            out[name] = driver.load(store, game_id)
    return out


def legend_tail(root: ET.Element) -> list[ET.Element]:
    """The legend: the run of top-level groups the frame draws last (a board may draw groups of its own before it)."""
    children = list(root)
    n = len(children)
    while n and children[n - 1].tag == f"{NS}g":
        n -= 1
    return children[n:]


def board(root: ET.Element) -> list[ET.Element]:
    """Every element the frame draws before its legend, nested ones included (the band and the board)."""
    tail = legend_tail(root)
    out: list[ET.Element] = []
    for child in list(root)[:len(root) - len(tail)]:
        out += list(child.iter())
    return out


def tail_labels(root: ET.Element) -> list[str]:
    """The labels of the legend's entries (the last text of each group of the legend)."""
    return [[t.text for t in g.iter(f"{NS}text")][-1] or "" for g in legend_tail(root)]


def frames(game: object, lang: str):
    """(turn, step, view, svg) of every step of every turn of a loaded game."""
    from replay import views

    for turn in driver.turns(game):
        for k in range(driver.turn_steps(game, turn).count + 1):
            view = views.frame_view(game, turn, k, lang)
            yield turn, k, view, game.ruleset.frame(view)


def size(root: ET.Element) -> tuple[str | None, str | None]:
    return root.get("width"), root.get("height")
