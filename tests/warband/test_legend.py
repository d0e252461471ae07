"""Issue 11, "the legend matches the drawing": a warband frame's legend has an entry exactly when the board draws its
mark. The marks are read back from the SVG itself (the board is every top-level element, the legend every top-level
group), not from the frame's own bookkeeping, for every step of every recorded warband game."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from replay import driver, views
from replay.render import svg as S
from replay.rulesets.warband.frame import PALETTE, SIGHT, legend_items
from tests.legend_support import NS, legend_labels, load_games, recorded

GAMES = recorded("warband")
TERRAIN = {"hatch-dots-": "rough", "hatch-cross-7a7a7a-cfe8d8": "forest", "hatch-vertical-": "water",
           "hatch-horizontal-": "hill", "hatch-cross-1a1a1a-bdbdbd": "impassable"}


def board_marks(root: ET.Element, colours: dict[str, str]) -> set[str]:
    """The legend keys of what the board draws, read from the SVG's own elements."""
    found: set[str] = set()

    def side(colour: str | None) -> None:
        if colour and colour.lower() in colours:
            found.add(f"side:{colours[colour.lower()]}")

    for e in root:
        tag, a = e.tag.removeprefix(NS), e.attrib
        dash, stroke, fill = a.get("stroke-dasharray"), a.get("stroke"), a.get("fill", "")
        if tag == "polygon" and stroke == "#7a7a7a":
            kinds = [kind for prefix, kind in TERRAIN.items() if prefix in fill]
            found.add("terrain:" + (kinds[0] if kinds else "open" if fill == "#f0f0f0" else f"? {fill}"))
        elif tag == "polygon" and a.get("fill-opacity") == "0.6":
            found.add("gun")
            side(fill)
        elif tag == "line" and "marker-end" in a:
            found.add("charge" if dash else "path")
            side(stroke)
        elif tag == "line" and stroke == S.HIGHLIGHT and dash == "6,3":
            found.add("fire")
        elif tag == "line" and stroke == S.INK and dash == "4,3":
            found.add("engaged")
        elif tag == "circle" and stroke == S.HIGHLIGHT and dash == "4,4":
            found.add("range")
        elif tag == "circle" and stroke == SIGHT:
            found.add("sight")
        elif tag == "circle" and fill == "#eeeeee" and stroke == S.MUTED:
            found.add("removed")
        elif tag == "circle" and fill == "none" and stroke == S.PAPER:
            found.add("mounted")
        elif tag == "circle" and fill == S.PAPER and a.get("stroke-width") == "2.5":
            found.add("mount")
            side(stroke)
        elif tag == "circle" and a.get("fill-opacity") == "0.85":
            side(fill)
    return found


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    return load_games(tmp_path_factory, "warband")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legend_entry_is_drawn_and_every_mark_has_its_entry(games: dict, name: str, lang: str) -> None:
    game = games[name]
    seen: set[str] = set()
    for turn in driver.turns(game):
        for k in range(driver.turn_steps(game, turn).count + 1):
            view = views.frame_view(game, turn, k, lang)
            svg = game.ruleset.frame(view)
            root = ET.fromstring(svg)
            colours = {(s.color or PALETTE[i % len(PALETTE)]).lower(): s.id
                       for i, s in enumerate(view.state.sides)}
            keyed = legend_items(lang, [(sid, c) for c, sid in colours.items()],
                                 {s.id: s.name for s in view.state.sides})
            drawn = board_marks(root, colours)
            assert not [m for m in drawn if m.startswith("terrain:?")], drawn
            expected = [item.label for key, item in keyed.entries.items() if key in drawn]
            assert legend_labels(root) == expected, (turn, k, sorted(drawn))
            seen |= drawn
    assert seen, "the game draws nothing the legend names"


def test_the_night_frame_names_the_range_and_the_sight_it_draws(games: dict) -> None:
    """The night shot of nightfall draws the bow's range and the night's sight: both have their entries, each
    drawn as the board draws it (dash pattern and width), and neither appears where nothing is shot."""
    game = games["nightfall"]
    svg = game.ruleset.frame(driver.frame_view(game, 2))
    labels = legend_labels(ET.fromstring(svg))
    assert "дальность выстрела (круг)" in labels and "обзор стрелка (ночь, погода)" in labels
    assert re.search(r'<line stroke="#E69F00" stroke-dasharray="4,4" stroke-width="1.2" [^>]*/>\s*<text[^>]*>'
                     r'дальность выстрела', svg)
    assert re.search(r'<line stroke="#3b5b9a" stroke-dasharray="2,3" stroke-width="1.5" [^>]*/>\s*<text[^>]*>'
                     r'обзор стрелка', svg)
    first = ET.fromstring(game.ruleset.frame(views.frame_view(game, 0, 0, "ru")))
    assert "дальность выстрела (круг)" not in legend_labels(first)
