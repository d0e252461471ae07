"""Issue 11, "the legend matches the drawing": a skirmish frame's legend (two fighters, or the battle on the field)
has an entry exactly when the board draws its mark, each mark drawn as the board draws it, and every frame of a game
has one size. The marks are read back from the SVG itself (the board is everything before the legend, the legend the
run of groups it ends with), for every step of every recorded skirmish game, in Russian and English."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from replay import driver
from replay.render import svg as S
from replay.rulesets.skirmish import field_frame, frame
from replay.rulesets.skirmish.battle import Battle
from tests.legend_support import NS, board, frames, legend_tail, load_games, recorded, size, tail_labels

GAMES = recorded("skirmish")
ZONE_HEIGHTS = {str(h) for _, _, _, h in frame.ZONE_BOXES.values()}
LEVEL_OF = {fill.lower(): level for level, fill in frame.LEVEL_FILL.items() if level}
BADGE_KEYS = {letter: key for key, letter in field_frame.BADGES.items()}
TERRAIN = {f"hatch-{pattern}-7a7a7a-{fill.lstrip('#').lower()}": kind
           for kind, (fill, pattern) in field_frame.TERRAIN.items()}


def fight_marks(root: ET.Element) -> set[str]:
    """The legend keys of what a two-fighter frame draws, read from its SVG."""
    found: set[str] = set()
    for e in board(root):
        tag, a = e.tag.removeprefix(NS), e.attrib
        fill, stroke, dash = a.get("fill", ""), a.get("stroke", ""), a.get("stroke-dasharray")
        if tag == "ellipse" and fill == "#bdbdbd":
            found.add("out")
        elif tag == "text" and e.text == "★" and fill == S.HIGHLIGHT:
            found.add("holder")
        elif tag == "line" and "marker-end" in a:
            assert stroke in S.SIDES, stroke  # a declared attack is in its fighter's colour
            found.add("attack")
        elif tag == "line" and a.get("stroke-width") == "6" and dash == "4,3":
            found.add("hold")
        elif tag == "rect" and a.get("height") in ZONE_HEIGHTS and fill.lower() in LEVEL_OF:
            found.add(f"wound:{LEVEL_OF[fill.lower()]}")
        elif tag == "rect" and a.get("height") == "16" and fill == S.GREEN:
            found.add("available")
        elif tag == "rect" and a.get("height") == "16" and "hatch-diagonal" in fill:
            found.add("below_zero")
    return found


def field_marks(root: ET.Element, paint: dict[str, str]) -> set[str]:
    """The legend keys of what a battle frame draws, read from its SVG."""
    found: set[str] = set()
    colours = set(paint.values())
    for e in board(root):
        tag, a = e.tag.removeprefix(NS), e.attrib
        fill, stroke, dash = a.get("fill", ""), a.get("stroke", ""), a.get("stroke-dasharray")
        if tag == "ellipse":
            assert fill == "#bdbdbd" or fill in colours, fill
            found.add("out" if fill == "#bdbdbd" else f"side:{fill}")
        elif tag == "polyline" and dash == "6,4":
            assert stroke in colours, stroke  # a path is in its fighter's side colour
            found.add("path")
        elif tag == "line" and a.get("stroke-width") == "6" and dash == "2,3":
            found.add("pair")
        elif tag == "line" and "marker-end" in a:
            found.add({S.ORANGE: "shot:hit", S.MUTED: "shot:miss"}.get(stroke, f"? shot {stroke}"))
        elif tag in ("polyline", "path") and dash == "1,4":
            assert stroke in colours, stroke  # a shot's move (M75-M77) is in its shooter's side colour
            found.add("shot_move")
        elif tag in ("path", "line") and stroke == field_frame.SHIELD:
            found.add("protect" if dash == "2,2" else "body_cover" if dash == field_frame.BODY_DASH else "screen"
                      if tag == "path" and dash is None else f"? {tag}")
        elif tag == "text" and e.text in BADGE_KEYS and fill == S.INK:
            found.add(BADGE_KEYS[e.text])
        elif tag == "circle" and stroke == S.ORANGE and dash == "3,4":
            found.add("bands")
        elif tag in ("rect", "polygon") and "hatch-" in fill:
            kinds = [kind for prefix, kind in TERRAIN.items() if prefix in fill]
            found.add(f"terrain:{kinds[0]}" if kinds else f"? terrain {fill}")
        elif tag == "rect" and dash == "5,3":
            found.add("formation")
        elif tag == "path" and dash == "8,3":
            assert stroke in colours, stroke  # a blow on several targets is in its attacker's side colour
            found.add("sweep")
    return found


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    return load_games(tmp_path_factory, "skirmish")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legend_entry_is_drawn_and_every_mark_has_its_entry(games: dict, name: str, lang: str) -> None:
    seen: set[str] = set()
    sizes = set()
    for turn, k, view, svg in frames(games[name], lang):
        root = ET.fromstring(svg)
        if isinstance(view.state, Battle):
            paint = field_frame.colours(view.state)
            keyed = field_frame.legend_items(lang, paint)
            drawn = field_marks(root, paint)
        else:
            keyed, drawn = frame.legend_items(lang), fight_marks(root)
        assert not [m for m in drawn if m.startswith("?")], drawn
        expected = [item.label for key, item in keyed.entries.items() if key in drawn]
        assert tail_labels(root) == expected, (turn, k, sorted(drawn))
        sizes.add(size(root))
        seen |= drawn
    assert len(sizes) == 1, sizes  # every frame of a game has one size
    assert seen & {"attack", "path", "pair"}, seen


def marks(root: ET.Element) -> dict[str, ET.Element]:
    return {[t.text for t in g.iter(f"{NS}text")][-1]: g for g in legend_tail(root)}


def test_the_fighters_legend_draws_its_marks_as_the_board_does(games: dict) -> None:
    """The declared attacks in both fighters' colours facing each other, the hold's heavy dashes, the holder's
    orange star: read from the legend of frames that draw them."""
    game = games["wrestle"]
    root = ET.fromstring(game.ruleset.frame(driver.frame_view(game, 1, 20)))
    shown = marks(root)
    lines = list(shown["заявленная атака"].iter(f"{NS}line"))
    assert [e.get("stroke") for e in lines] == list(S.SIDES)
    assert float(lines[0].get("x2")) > float(lines[0].get("x1")) and float(lines[1].get("x2")) < float(
        lines[1].get("x1"))  # facing each other, as the fighters' arrows on the board
    hold = next(shown["борьба: захват"].iter(f"{NS}line"))
    assert (hold.get("stroke-width"), hold.get("stroke-dasharray")) == ("6", "4,3")
    assert any(t.text == "★" and t.get("fill") == S.HIGHLIGHT for t in shown["ход инициативы ★"].iter(f"{NS}text"))


def test_the_battle_legend_draws_its_marks_as_the_board_does(games: dict) -> None:
    """A side's entry in the colour its tokens are drawn in, the path's dashes in the sides' colours, the terrain
    with the board's hatch; a side named after a colour is drawn in it."""
    game = games["archery"]
    view = driver.frame_view(game, 2, 5)
    root = ET.fromstring(game.ruleset.frame(view))
    paint = field_frame.colours(view.state)
    assert paint == {"red": S.VERMILLION, "blue": S.BLUE}
    shown = marks(root)
    assert {e.get("fill") for e in shown["сторона: красные"].iter(f"{NS}rect")} == {S.VERMILLION}
    path = list(shown["путь за раунд"].iter(f"{NS}line"))
    assert {e.get("stroke") for e in path} == set(paint.values()) and {e.get("stroke-dasharray") for e in path} == {
        "6,4"}
    cover = next(shown["укрытие"].iter(f"{NS}rect")).get("fill")
    assert any(e.get("fill") == cover for e in board(root) if e.tag == f"{NS}polygon")


def test_partners_sharing_a_cell_stand_side_by_side_with_their_ids_clear(games: dict) -> None:
    """L1189: two partners share a cell. Their tokens are drawn side by side within it, neither covering the other's
    id (issue 11: overlapping units' marks do not pile up)."""
    from dataclasses import replace

    game = games["formation"]
    view = driver.frame_view(game, 1, 0)
    loose = {f.id: f for f in view.state.loose}
    assert {"BOR", "GOR"} <= set(loose)  # before the first melee: both stand apart, each in a cell of his own
    fighters = tuple(replace(f, cell=loose["BOR"].cell) if f.id == "GOR" else f for f in view.state.loose)
    root = ET.fromstring(game.ruleset.frame(replace(view, state=replace(view.state, loose=fighters))))
    ids = {e.text: e for e in root.iter(f"{NS}text") if e.text in ("BOR", "GOR") and e.get("fill") == S.PAPER}
    tokens = [e for e in root.iter(f"{NS}ellipse")]
    bor_x, gor_x = float(ids["BOR"].get("x")), float(ids["GOR"].get("x"))
    assert ids["BOR"].get("y") == ids["GOR"].get("y") and gor_x > bor_x  # side by side in one row of the cell
    width = max(S.text_width(t, float(ids[t].get("font-size")), bold=True) for t in ids)
    assert gor_x - bor_x >= width  # the two ids do not overlap
    discs = sorted((float(e.get("cx")), float(e.get("rx"))) for e in tokens
                   if abs(float(e.get("cx")) - (bor_x + gor_x) / 2) < gor_x - bor_x)
    assert len(discs) == 2 and discs[0][0] + discs[0][1] <= discs[1][0] - discs[1][1] + 0.01  # nor the tokens


def test_long_names_are_each_shortened_in_the_title_and_fitted_in_the_panels(games: dict) -> None:
    """Issue 11: a long name is shortened in the caption band so that both fighters stay named, and a panel's header
    keeps clear of the status beside it."""
    from dataclasses import replace

    game = games["brawl"]
    view = driver.frame_view(game, 1)
    long = {"ru": "Ратибор Святославович из Заозёрной Слободы", "en": "Ratibor Svyatoslavovich of Zaozyornaya"}
    other = {"ru": "Всеслав Брячиславич Полоцкий Чародей", "en": "Vseslav Bryachislavich of Polotsk the Sorcerer"}
    a, b = view.state.fighters
    state = replace(view.state, fighters=(replace(a, name=long), replace(b, name=other)))
    root = ET.fromstring(game.ruleset.frame(replace(view, state=state)))
    texts = [e for e in root.iter(f"{NS}text")]
    title = next(e.text for e in texts if e.get("font-size") == "16" and e.get("x") == "16")
    assert title.startswith("Схватка: Ратибор") and " — Всеслав" in title and title.count("…") == 2
    caption = next(e for e in texts if e.get("font-size") == "16" and e.get("text-anchor") == "end")
    assert S.text_width(title, 16, bold=True) <= float(caption.get("x")) - S.text_width(
        caption.text, 16, bold=True) - 16 - 24 + 0.5
    header = next(e.text for e in texts if (e.text or "").startswith(f"{a.id} · "))
    status = next(e for e in texts if e.get("text-anchor") == "end" and e.get("font-size") == "13")
    assert header.endswith("…") and 16 + 12 + S.text_width(header, 15, bold=True) < float(status.get("x")) - \
        S.text_width(status.text, 13)
