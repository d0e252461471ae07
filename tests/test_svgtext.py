"""`svg.to_string` writes a drawing directly (`replay.render.svgtext`): byte for byte what svgwrite's `get_xml`,
`svg._indent` and `ElementTree.tostring` write, for every frame of every recorded game and for the nodes frames
seldom hold (a style, a `use`, text with spans, markup in user text)."""

from __future__ import annotations

from pathlib import Path

import pytest
import svgwrite

from cli.main import import_text
from eventlog.store import Store
from replay import driver, views
from replay.render import svg, svgtext

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").glob("*/*.jsonl"))


@pytest.fixture()
def both_ways(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every document `svg.to_string` writes from here on, with what ElementTree writes of the same drawing."""
    written: list[tuple[str, str]] = []

    def to_string(dwg: svgwrite.Drawing) -> str:
        reference = svg.tree_string(dwg)  # get_xml mutates nothing the direct writer reads differently
        direct = '<?xml version="1.0" encoding="utf-8"?>\n' + svgtext.document(dwg) + "\n"
        written.append((direct, reference))
        return reference

    monkeypatch.setattr(svg, "to_string", to_string)
    return written


@pytest.mark.parametrize("path", FIXTURES, ids=[f"{p.parent.name}-{p.stem}" for p in FIXTURES])
def test_every_frame_of_a_recorded_game_is_written_as_elementtree_writes_it(path: Path, tmp_path: Path,
                                                                            both_ways: list[tuple[str, str]]) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        game = driver.load(store, game_id)
        turns = sorted(t for t in game.index.closed if driver.turn_steps(game, t).steps)
        for turn in turns[:3] + turns[-2:]:
            for step in range(1, len(driver.turn_steps(game, turn).steps) + 1):
                game.ruleset.frame(views.frame_view(game, turn, step, "ru", store))
    assert both_ways
    for direct, reference in both_ways:
        assert direct == reference


def test_rare_nodes_and_user_markup_are_written_as_elementtree_writes_them() -> None:
    dwg = svg.new_drawing(300, 200, title='<b>"Жан" & Пьер</b>', caption="Ход 1 · шаг 1/1", last_hash="ab" * 32,
                          desc_text="a\tb\r\nc <d> & 'e'")
    dwg.defs.add(dwg.style(".x { fill: red } a > b"))
    group = dwg.g(id="piece", transform="rotate(45)")
    group.add(dwg.circle((10.5, 20), r=3))
    path = dwg.path(d="M0,0 L10,10", stroke="black")
    path.push("Z")
    group.add(path)
    group.add(dwg.polyline([(0, 0), (1.25, 2)], fill="none"))
    dwg.defs.add(group)
    dwg.add(dwg.use(group, insert=(50, 50)))
    text = dwg.text("outer & <inner>", insert=(5, 150))
    text.add(dwg.tspan("span \"one\"", dx=[2]))
    text.add(dwg.tspan(""))
    dwg.add(text)
    dwg.add(dwg.text("", insert=(1, 1)))
    dwg.add(dwg.g())
    dwg.add(dwg.rect((0, 0), (1, 1), fill=None, stroke=""))
    assert svg.to_string(dwg) == svg.tree_string(dwg)
    assert svg.to_string(dwg) == svg.tree_string(dwg)  # writing twice changes nothing


def test_a_namespaced_name_takes_the_elementtree_path() -> None:
    import xml.etree.ElementTree as ET

    dwg = svg.new_drawing(100, 100, title="t", caption="c", last_hash="", desc_text="d")
    dwg.set_metadata(ET.Element("{urn:other}mark", {"{urn:other}k": "v"}))
    with pytest.raises(svgtext.Unwritten):
        svgtext.document(dwg)
    assert svg.to_string(dwg) == svg.tree_string(dwg)
