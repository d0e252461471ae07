"""SVG building blocks: the frame shell, escaping, determinism, bars, legends, text metrics."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import svgwrite
from hypothesis import given
from hypothesis import strategies as st

from replay.render import svg as S

NS = "{http://www.w3.org/2000/svg}"
EVIL = '<script>alert(1)</script> [b]Жан[/b] **x** "quote" & </text>'
HASH = "ab" * 32


def shell(title: str = "Дуэль", desc: str = "Жан 6/8") -> str:
    dwg = S.new_drawing(600, 200, title=title, caption="Ход 3 · шаг 2/5", last_hash=HASH, desc_text=desc)
    S.label(dwg, dwg, title, (10, 100))
    S.legend(dwg, [S.Swatch(title), S.Swatch("удар", stroke=S.VERMILLION, kind="arrow")], (10, 150), width=580)
    return S.to_string(dwg)


def test_frame_shell_carries_title_desc_and_hash() -> None:
    out = shell()
    root = ET.fromstring(out)
    assert root.find(f"{NS}title").text == "Дуэль"
    assert S.desc_text(out) == "Жан 6/8"
    assert S.last_event_hash(out) == HASH
    assert root.get("font-family") == "DejaVu Sans"
    assert "Ход 3 · шаг 2/5" in [t.text for t in root.iter(f"{NS}text")]


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30))
def test_user_text_stays_text(name: str) -> None:
    out = shell(name, name)
    root = ET.fromstring(out)  # well-formed whatever the name, control characters included
    assert not list(root.iter(f"{NS}script"))
    assert (root.find(f"{NS}title").text or "") == S.clean(name)
    assert S.desc_text(out) == S.clean(name)


def test_evil_name_is_inert() -> None:
    out = shell(EVIL, EVIL)
    assert "<script>" not in out
    assert "&lt;script&gt;" in out
    root = ET.fromstring(out)
    assert EVIL in [t.text for t in root.iter(f"{NS}text")]


def test_same_drawing_same_bytes() -> None:
    assert shell(EVIL) == shell(EVIL)


def test_no_random_ids() -> None:
    dwg = S.new_drawing(100, 100, title="t", caption="c", last_hash=HASH, desc_text="")
    S.arrow(dwg, dwg, (0, 0), (50, 50), color=S.BLUE)
    S.arrow(dwg, dwg, (0, 10), (50, 60), color=S.BLUE)
    S.terrain_fill(dwg, "forest")
    ids = [e.get("id") for e in ET.fromstring(S.to_string(dwg)).iter() if e.get("id")]
    assert ids == ["arrow-0072b2", "hatch-cross-7a7a7a-cfe8d8"]


def test_bar_shows_negative_stamina_below_zero() -> None:
    dwg = S.new_drawing(300, 100, title="t", caption="c", last_hash=HASH, desc_text="")
    group = dwg.g(id="bar")
    S.bar(dwg, group, 10, 50, 260, 12, -2, 6, lo=-3, hi=10)
    dwg.add(group)
    rects = list(ET.fromstring(S.to_string(dwg)).find(f".//{NS}g[@id='bar']").iter(f"{NS}rect"))
    assert len(rects) == 13  # one pip per unit from -3 to 9
    hatched = [r for r in rects if r.get("fill", "").startswith("url(#hatch")]
    assert len(hatched) == 2  # -2 and -1


def test_bar_with_maximum_below_zero() -> None:
    dwg = S.new_drawing(300, 100, title="t", caption="c", last_hash=HASH, desc_text="")
    S.bar(dwg, dwg, 10, 50, 260, 12, -3, -1)
    assert S.to_string(dwg).count('stroke="#1a1a1a"') >= 1


def test_text_metrics_follow_the_font() -> None:
    assert S.text_width("", 14) == 0
    assert S.text_width("ЖЖЖ", 14) > S.text_width("iii", 14)
    assert S.text_width("Жан", 14, bold=True) > S.text_width("Жан", 14)
    cut = S.fit("Жан-Батист де Ла Моль из Гаскони", 14, 100)
    assert cut.endswith("…") and S.text_width(cut, 14) <= 100


def test_legend_wraps_within_width() -> None:
    dwg = S.new_drawing(300, 100, title="t", caption="c", last_hash=HASH, desc_text="")
    one = S.legend(dwg, [S.Swatch("атака")], (0, 0), width=300)
    many = S.legend(dwg, [S.Swatch(f"пункт номер {k}") for k in range(8)], (0, 0), width=300)
    assert many > one


def test_a_legend_shows_what_was_drawn_and_keeps_the_room_of_all_its_entries() -> None:
    """svg.Legend: entries keyed by their marks; only drawn ones are shown, in declared order; a mark drawn with
    no entry is kept for tests to catch; the room of every entry stays the same whatever is drawn."""
    keyed = S.Legend([("path", S.Swatch("путь", kind="arrow")), ("water", S.Swatch("вода")),
                      ("fire", S.Swatch("выстрел", kind="dash", dash="6,3", width=2.5))])
    assert keyed.shown() == []
    keyed.drew("fire")
    keyed.drew("path")
    keyed.drew("fire")
    keyed.drew("circle")
    assert [s.label for s in keyed.shown()] == ["путь", "выстрел"] and keyed.keys_shown() == ["path", "fire"]
    assert keyed.unnamed == {"circle"}
    assert S.legend_height(keyed.every(), width=120) > S.legend_height(keyed.shown(), width=120)
    assert [s.label for s in S.legend_if((True, S.Swatch("a")), (False, S.Swatch("b")))] == ["a"]
    dwg = svgwrite.Drawing(size=(200, 60))
    S.legend(dwg, keyed.shown(), (0, 0), width=200)
    out = dwg.tostring()
    assert 'stroke-dasharray="6,3" stroke-width="2.5"' in out  # the mark as the board draws it
    assert "вода" not in out


def test_a_swatch_draws_each_colour_of_a_mark_the_board_draws_per_side() -> None:
    """Swatch(colors=…): an arrow or a line once per colour, stacked (facing: the second points back, as two sides'
    arrows between them); a box filled with a stripe of each under its outline, which takes the board's width and
    dash."""
    dwg = svgwrite.Drawing(size=(200, 60))
    S.swatch(dwg, dwg, S.Swatch("атака", kind="arrow", colors=S.SIDES, facing=True), 0, 0)
    S.swatch(dwg, dwg, S.Swatch("путь", kind="dash", dash="6,4", colors=(S.BLUE, S.GREEN, S.ORANGE)), 40, 0)
    S.swatch(dwg, dwg, S.Swatch("получен", colors=("#111111", "#222222"), width=1.5, dashed=True, dash="4,3"), 80, 0)
    root = ET.fromstring(dwg.tostring())
    arrows = [e for e in root.iter(f"{NS}line") if "marker-end" in e.attrib]
    assert [e.get("stroke") for e in arrows] == list(S.SIDES)
    assert float(arrows[0].get("x2")) > float(arrows[0].get("x1")) and float(arrows[1].get("x2")) < float(
        arrows[1].get("x1"))
    dashes = [e for e in root.iter(f"{NS}line") if e.get("stroke-dasharray") == "6,4"]
    assert [e.get("stroke") for e in dashes] == [S.BLUE, S.GREEN, S.ORANGE]
    assert len({e.get("y1") for e in dashes}) == 3  # stacked, not drawn over each other
    rects = list(root.iter(f"{NS}rect"))
    assert [e.get("fill") for e in rects] == ["#111111", "#222222", "none"]
    assert (rects[-1].get("stroke-width"), rects[-1].get("stroke-dasharray")) == ("1.5", "4,3")
