"""Issue 11, "the legend matches the drawing": a duel frame's legend has an entry exactly when the board draws its
mark, each entry's mark drawn as the board draws it, and every frame of a game has one size. The marks are read back
from the SVG itself (the board is everything before the legend, the legend the run of groups it ends with), for
every step of every recorded duel, in Russian and English."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from replay import driver
from replay.render import svg as S
from replay.rulesets.duel.frame import SLOT_H, SLOT_W, TINT, legend_items
from tests.legend_support import NS, board, frames, legend_tail, load_games, recorded, size, tail_labels

GAMES = recorded("duel")
ITEM_OF = {fill.lower(): item for item, fill in TINT.items()}


def board_marks(root: ET.Element) -> set[str]:
    """The legend keys of what the board draws, read from the SVG's own elements."""
    found: set[str] = set()
    for e in board(root):
        tag, a = e.tag.removeprefix(NS), e.attrib
        fill, stroke, dash = a.get("fill", ""), a.get("stroke", ""), a.get("stroke-dasharray")
        if tag == "rect" and (a.get("width"), a.get("height")) == (str(SLOT_W), str(SLOT_H)):
            if fill == "#f7f7f7":
                found.add("empty")
            elif "hatch-back" in fill:
                found.add("eaten")
            elif stroke == S.VERMILLION and dash:
                found.add("lost")
            elif fill.lower() in ITEM_OF and stroke == S.INK:
                found |= {"obtained", f"item:{ITEM_OF[fill.lower()]}"}
            elif fill == S.PAPER and dash:
                found.add("declared")
            else:
                found.add(f"? slot {fill} {stroke}")
        elif tag == "rect" and stroke == S.HIGHLIGHT:  # a slot's glow, the current arrow's label, the event box
            found.add("current")
        elif tag == "path" and a.get("stroke-opacity") == "0.75":
            found.add("feinted")
        elif tag == "line" and "marker-end" in a:
            assert stroke in S.SIDES, stroke  # an arrow is in its duelist's colour
            found.add("counter" if dash else "strike")
            if a.get("stroke-width") == "5":
                found.add("current")
    return found


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    return load_games(tmp_path_factory, "duel")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legend_entry_is_drawn_and_every_mark_has_its_entry(games: dict, name: str, lang: str) -> None:
    keyed = legend_items(lang)
    seen: set[str] = set()
    sizes = set()
    for turn, k, _, svg in frames(games[name], lang):
        root = ET.fromstring(svg)
        drawn = board_marks(root)
        assert not [m for m in drawn if m.startswith("?")], drawn
        expected = [item.label for key, item in keyed.entries.items() if key in drawn]
        assert tail_labels(root) == expected, (turn, k, sorted(drawn))
        sizes.add(size(root))
        seen |= drawn
    assert len(sizes) == 1, sizes  # every frame of a game has one size
    assert {"strike", "obtained"} <= seen, seen


def test_the_legend_draws_each_mark_as_the_board_does(games: dict) -> None:
    """The arrows in both duelists' colours (solid strike, dashed counter-attack with the board's 8,5 dashes), the
    obtained slot over the items' tints, an item in its own tint: read from the legend of a frame that draws them."""
    game = games["traits-3"]
    root = ET.fromstring(game.ruleset.frame(driver.frame_view(game, 1, 3)))
    marks = {[t.text for t in g.iter(f"{NS}text")][-1]: g for g in legend_tail(root)}
    for word, dash in (("атака", None), ("контр-атака", "8,5")):
        lines = [e for e in marks[word].iter(f"{NS}line")]
        assert {e.get("stroke") for e in lines} == set(S.SIDES) and all("marker-end" in e.attrib for e in lines)
        assert {e.get("stroke-dasharray") for e in lines} == {dash}
    tints = {e.get("fill") for e in marks["получен"].iter(f"{NS}rect")}
    assert {TINT["attack"], TINT["defense"], TINT["rest"]} <= tints and TINT["attack"] not in {
        e.get("fill") for e in marks["получен"].iter(f"{NS}rect") if e.get("stroke")}
    assert {e.get("fill") for e in marks["Атака"].iter(f"{NS}rect")} == {TINT["attack"]}
    assert "Финт" not in marks  # no feint is obtained in this frame, so none is named
