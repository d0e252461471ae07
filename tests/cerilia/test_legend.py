"""Issue 11, "the legend matches the drawing": a cerilia screen's legend has an entry exactly when the board draws its
mark. The marks are read back from the SVG itself (the board is every top-level element, the legend every top-level
group; a chip's side from the frame's text alternative), for every step of every recorded cerilia game."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from replay import driver, views
from replay.render import svg as S
from replay.rulesets.cerilia.frame import CELL_H, CELL_W, SECTOR_W, legend_items
from tests.legend_support import NS, legend_labels, load_games, recorded

GAMES = recorded("cerilia")
TERRAIN = {"hatch-horizontal-": "hill", "hatch-cross-": "forest", "hatch-back-": "marsh"}


def board_marks(root: ET.Element, desc: str) -> set[str]:
    """The legend keys of what the board draws, read from the SVG's own elements."""
    found = {f"side:{side}" for side in re.findall(r"^\S+-\d+ ([AD]) ", desc, re.M)}
    for e in root:
        tag, a = e.tag.removeprefix(NS), e.attrib
        dash, stroke, fill = a.get("stroke-dasharray"), a.get("stroke"), a.get("fill", "")
        if tag == "rect" and a.get("width") == str(SECTOR_W):
            kinds = [kind for prefix, kind in TERRAIN.items() if prefix in fill]
            if kinds:
                found.add(f"terrain:{kinds[0]}")
            if a.get("stroke-width") == "3":
                found.add("fortification")
        elif tag == "rect" and (a.get("width"), a.get("height")) == (str(CELL_W - 2), str(CELL_H - 2)) \
                and fill != "none":
            if "hatch-diagonal" in fill:
                found.add("routed")
            if dash == "4,2":
                found.add("falling_back")
            if stroke == S.HIGHLIGHT:
                found.add("current")
        elif tag == "line" and "marker-end" in a:
            found.add("melee:new" if dash else "arrow")
            if stroke == S.HIGHLIGHT:
                found.add("current")
        elif tag == "line" and stroke == S.INK and a.get("stroke-width") == "1.2":
            found.add("melee:continuing")
        elif tag == "circle" and fill == S.GREEN:
            found.add("first_shot")
    return found


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    return load_games(tmp_path_factory, "cerilia")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legend_entry_is_drawn_and_every_mark_has_its_entry(games: dict, name: str, lang: str) -> None:
    game = games[name]
    keyed = legend_items(lang)
    seen: set[str] = set()
    for turn in driver.turns(game):
        for k in range(driver.turn_steps(game, turn).count + 1):
            svg = game.ruleset.frame(views.frame_view(game, turn, k, lang))
            root = ET.fromstring(svg)
            drawn = board_marks(root, S.desc_text(svg))
            expected = [item.label for key, item in keyed.entries.items() if key in drawn]
            assert legend_labels(root) == expected, (turn, k, sorted(drawn))
            seen |= drawn
    assert {"side:A", "side:D"} <= seen, seen
