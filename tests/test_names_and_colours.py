"""Names are cleaned at the boundary: a blank or invisible name, or a colour that is not a colour, is refused when a
game is created or imported, naming the field, before anything is appended."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.render.text import colour_name, colour_problem, name_problem
from replay.ruleset import get

ROOT = Path(__file__).resolve().parent.parent
DUEL = {"duelists": [{"id": "A", "name": "Атос", "traits": ["wiry", "cautious"]},
                     {"id": "B", "name": "Бернажу", "traits": ["wiry", "cautious"]}]}


@pytest.mark.parametrize("name", ["", "   ", "\u200b", "\u200b\u200d", "\u3164", "\u2800\u2800", "\u202e", "\t\n",
                                  "\u0301"])
def test_invisible_names_are_refused(name: str) -> None:
    assert name_problem(name)


@pytest.mark.parametrize("name", ["Атос", "R2", "·", "Sir Pell", "\u200bЖанна", "李"])
def test_visible_names_pass(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(("colour", "ok"), [("#c03030", True), ("#FFF", True), ("red", True), ("Navy", True),
                                            ("#12345", False), ("blood", False), ("url(#x)", False),
                                            ("javascript:alert(1)", False), ("", False)])
def test_colours_must_be_colours(colour: str, ok: bool) -> None:
    assert (colour_problem(colour) is None) is ok


def test_colour_codes_are_said_in_words() -> None:
    assert (colour_name("#c03030", "ru"), colour_name("#3050c0", "ru")) == ("красный", "синий")
    assert colour_name("#3050c0", "en") == "blue" and colour_name("teal", "ru") == "teal"


def test_duel_setup_with_an_invisible_name_names_the_field() -> None:
    setup = json.loads(json.dumps(DUEL))
    setup["duelists"][1]["name"] = "\u200b \u2800"
    assert get("duel").validate_setup(setup) == [
        "setup.duelists[1].name: the name has no visible character (only spaces, controls or invisible marks)"]
    assert get("duel").validate_setup(DUEL) == []


def test_knights_setup_with_a_bad_colour_and_a_filler_name() -> None:
    created = json.loads((ROOT / "fixtures" / "knights" / "hand" / "joust.jsonl").read_text().splitlines()[0])
    setup = created["payload"]["setup"]
    assert get("knights").validate_setup(setup) == []
    setup["lances"][0]["color"] = "blood"
    setup["lances"][1]["knights"][2]["name"] = "\u3164"
    assert get("knights").validate_setup(setup) == [
        "setup.lances[0].color: 'blood' is not a colour (#rgb, #rrggbb or an SVG colour name such as 'red')",
        "setup.lances[1].knights[2].name: the name has no visible character (only spaces, controls or invisible "
        "marks)"]


def test_new_refuses_an_invisible_name_and_creates_nothing(tmp_path: Path) -> None:
    setup = json.loads(json.dumps(DUEL))
    setup["duelists"][0]["name"] = "\u200b"
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(setup), encoding="utf-8")
    db = str(tmp_path / "g.duckdb")
    result = CliRunner().invoke(main, ["--db", db, "new", "g", "--ruleset", "duel", "--setup", str(path)])
    assert result.exit_code == 2 and "setup.duelists[0].name" in result.output, result.output
    assert "Traceback" not in result.output
    assert "g" not in CliRunner().invoke(main, ["--db", db, "games"]).output.split()
