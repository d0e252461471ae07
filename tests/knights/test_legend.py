"""Issue 11, "the legend matches the drawing": a knights frame's legend has an entry exactly when the frame draws its
mark, each mark drawn as the board draws it, and every frame of a game has one size. The marks are read back from the
SVG itself (the board is everything before the legend, the legend the run of groups it ends with), for every step of
every recorded knights game, in Russian and English."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from replay import driver
from replay.render import svg as S
from replay.rulesets.knights.frame import CURRENT, FAINT_OPACITY, LADY, LIMIT_STYLE, safe_color
from replay.rulesets.knights.scene import legend_items
from tests.legend_support import NS, frames, legend_tail, load_games, recorded, size, tail_labels

GAMES = recorded("knights")
LIMITS = {f"hatch-{pattern}-{edge.lstrip('#').lower()}-{fill.lstrip('#').lower()}": kind
          for kind, (fill, pattern, edge) in LIMIT_STYLE.items()}


def board_marks(root: ET.Element, colours: set[str]) -> set[str]:
    """The legend keys of what the frame draws, read from the SVG's own elements (a move's look from its group's
    opacity)."""
    found: set[str] = set()
    tail = legend_tail(root)
    for top in list(root)[:len(root) - len(tail)]:
        faint = top.get("opacity") == str(FAINT_OPACITY)
        for e in top.iter():
            found |= marks_of(e.tag.removeprefix(NS), e.attrib, faint, colours)
    return found


def marks_of(tag: str, a: dict[str, str], faint: bool, colours: set[str]) -> set[str]:
    fill, stroke, dash, width = a.get("fill", ""), a.get("stroke", ""), a.get("stroke-dasharray"), a.get("stroke-width")
    if tag == "polyline" and "marker-end" in a:
        assert stroke in colours | {LADY, S.MUTED}, stroke  # a move is in its knight's lance colour
        return {"faint" if faint else "arrow"} | ({"loyal"} if stroke == LADY else {"dashed"} if dash else set())
    if tag == "polygon":
        if stroke == CURRENT:
            return {"current"}
        if fill == "#e6e6e6":
            return {"wreck"}
        if fill == S.YELLOW:
            return {"ram"}
        if dash == "2,3":
            return {"exit"}
        if dash == "5,3":
            return {"ghost"}
        if width in ("3.8", "3", "2.4"):  # on the field, in the Outflank, on a card
            return {"knight"}
    if tag == "line" and width == "4.2":
        return {"parts"}
    if tag == "line" and width == "6":
        return {"edge"}
    if tag == "line" and dash == "6,4":
        return {"deploy"}
    if tag == "circle" and (a.get("r"), fill) == ("2.4", S.INK) or (a.get("r"), stroke) == ("2.1", S.BAD):
        return {"ring"}
    if tag == "polyline" and width == "2.4":
        return {"chevrons"}
    if tag == "rect":
        if a.get("rx") == "7.5":
            return {"speed" if fill == S.INK else "lady" if fill == LADY else f"? badge {fill}"}
        if fill == "#f4dcea":
            return {"lady"}
        if "hatch-" in fill:
            kinds = [kind for prefix, kind in LIMITS.items() if prefix in fill]
            return {f"limit:{kinds[0]}" if kinds else f"? limit {fill}"}
        if stroke == CURRENT and width in ("3.5", "2", "1.5") or fill == "#fff4dc":  # a Limit, a card, the box
            return {"current"}
    return set()


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    return load_games(tmp_path_factory, "knights")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legend_entry_is_drawn_and_every_mark_has_its_entry(games: dict, name: str, lang: str) -> None:
    seen: set[str] = set()
    sizes = set()
    for turn, k, view, svg in frames(games[name], lang):
        root = ET.fromstring(svg)
        keyed = legend_items(view.state, lang)
        drawn = board_marks(root, {safe_color(lance.color) for lance in view.state.lances})
        assert not [m for m in drawn if m.startswith("?")], drawn
        expected = [item.label for key, item in keyed.entries.items() if key in drawn]
        assert tail_labels(root) == expected, (turn, k, sorted(drawn))
        sizes.add(size(root))
        seen |= drawn
    assert len(sizes) == 1, sizes  # every frame of a game has one size
    assert {"knight", "parts", "arrow"} <= seen, seen


def test_the_legend_draws_moves_in_the_lances_colours(games: dict) -> None:
    """A move's legend arrows are in the two lances' colours, as the board draws each knight's move in its lance's;
    a push is dashed as on the board (7,4); a faint earlier move is as faint as the board's."""
    game = games["battle"]
    for turn in driver.turns(game):
        view = driver.frame_view(game, turn)
        root = ET.fromstring(game.ruleset.frame(view))
        shown = {[t.text for t in g.iter(f"{NS}text")][-1]: g for g in legend_tail(root)}
        colours = [safe_color(lance.color) for lance in view.state.lances]
        if "смещение от Тарана" in shown:
            lines = list(shown["смещение от Тарана"].iter(f"{NS}line"))
            assert [e.get("stroke") for e in lines] == colours and {e.get("stroke-dasharray") for e in lines} == {
                "7,4"}
            assert "ранее в ходу" in shown
            faint = shown["ранее в ходу"].find(f"{NS}g")
            assert faint is not None and faint.get("opacity") == str(FAINT_OPACITY)
            return
    pytest.fail("no screen of the recorded battle draws a push")


def test_long_lance_names_are_each_shortened_in_the_title(games: dict) -> None:
    """Issue 11: when the title is too long for the caption band, each lance's name is shortened to its share, so
    both stay named, instead of the second being cut away."""
    from dataclasses import replace

    game = games["joust"]
    view = driver.frame_view(game, 1)
    a, b = view.state.lances
    lances = (replace(a, name="Красное Копьё Северных Болот и Дальних Пустошей"),
              replace(b, name="Синее Копьё Западных Холмов и Старой Крепости"))
    root = ET.fromstring(game.ruleset.frame(replace(view, state=replace(view.state, lances=lances))))
    texts = list(root.iter(f"{NS}text"))
    title = next(e.text for e in texts if e.get("font-size") == "16" and e.get("x") == "16")
    assert title.startswith("Рыцари: Красное Копьё") and " — Синее Копьё" in title and title.count("…") == 2
    caption = next(e for e in texts if e.get("font-size") == "16" and e.get("text-anchor") == "end")
    assert S.text_width(title, 16, bold=True) <= float(caption.get("x")) - S.text_width(
        caption.text, 16, bold=True) - 16 - 24 + 0.5
