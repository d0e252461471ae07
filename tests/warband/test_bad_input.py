"""The issue's bad-input list through the command line: each is one `error:` line naming the rule (section), exit 2,
and nothing appended (the head stays). A move longer than the warrior's МДД, a path through a base, a shot without
line of sight, a charge that does not end within reach, a cast by a warrior with no magic, a gun fired twice in a
stage, equipment §4.7 forbids, a save rolled for a wound that was not allocated."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.render.i18n import UNTRANSLATED

MARK = UNTRANSLATED["ru"]

PREFIX = (Path(__file__).parent / "bad_input_prefix.jsonl").read_text(encoding="utf-8")
"""A small game at turn 1's movement: a forest f1 between a2 and b2, A's gun g1 with its dispatcher a4."""

MOVEMENT = [("A", {"stage": "movement", "moves": []}), ("B", {"stage": "movement", "moves": []})]
RANGED = [("A", {"stage": "ranged"}), ("B", {"stage": "ranged"})]


@pytest.fixture
def game(tmp_path):
    db = str(tmp_path / "bad.duckdb")
    log = tmp_path / "bad.jsonl"
    log.write_text(PREFIX, encoding="utf-8")
    runner = CliRunner()

    def bl(*args: str):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    assert bl("import", str(log)).exit_code == 0

    def upto(stages):
        for actor, order in stages:
            assert bl("order", "warband-bad", "--actor", actor, "--json", json.dumps(order)).exit_code == 0

    return bl, upto


def refused(bl, args: list[str], *needles: str) -> None:
    before = bl("head", "warband-bad").output
    result = bl(*args)
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in result.output, result.output
    assert all(n in errors[0] for n in needles), errors[0]
    assert bl("head", "warband-bad").output == before
    russian = bl("--lang", "ru", *args)  # issue 11: the same refusal in Russian, naming the same rule
    assert russian.exit_code == 2, russian.output
    lines = russian.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ошибка: ") and MARK not in lines[0], russian.output
    assert needles[0].split(":")[0] in lines[0], lines[0]
    assert not re.findall(r"\b(?!МДД)[A-Za-z_]{3,}\b", lines[0].replace("warband-bad", "")), lines[0]
    assert bl("head", "warband-bad").output == before


def order(side: str, payload: dict) -> list[str]:
    return ["order", "warband-bad", "--actor", side, "--json", json.dumps(payload)]


def test_a_move_longer_than_the_warrior_s_mdd(game):
    bl, _ = game
    refused(bl, order("A", {"stage": "movement", "moves": [{"w": "a3", "path": [[60, 28]]}]}),
            "§4.2.1.2", "a3's path is 16.00 cm > 15 cm")


def test_a_path_through_a_base(game):
    bl, _ = game
    refused(bl, order("A", {"stage": "movement", "moves": [{"w": "a1", "path": [[20, 26.6]]}]}),
            "§4.2.1.3", "crosses b1's base (A-12)")


def test_a_shot_without_line_of_sight(game):
    bl, upto = game
    upto(MOVEMENT)
    refused(bl, order("A", {"stage": "ranged", "shots": [{"w": "a2", "target": "b2"}]}),
            "§4.3.1", "a2 has no line of sight to b2 (A-10)")


def test_a_cast_by_a_warrior_with_no_magic(game):
    bl, upto = game
    upto(MOVEMENT)
    refused(bl, order("A", {"stage": "ranged", "casts": [{"w": "a3", "spell": "firebolt", "target": "b1"}]}),
            "§4.3.9", "a3 is not A's caster")


def test_a_gun_fired_twice_in_a_stage(game):
    bl, upto = game
    upto(MOVEMENT)
    refused(bl, order("A", {"stage": "ranged", "guns": [{"g": "g1", "aim": "b2"}, {"g": "g1", "aim": "b2"}]}),
            "§4.3.5.6", "g1 fires once a ranged stage, not 2 times (A-51)")


def test_a_charge_that_does_not_end_within_reach(game):
    bl, upto = game
    upto(MOVEMENT + RANGED)
    charge = {"attackers": [], "charges": [{"w": "a1", "target": "b1", "path": [[20, 18]]}], "targets": ["b1"]}
    refused(bl, order("A", {"stage": "melee", "fights": [charge]}), "§4.4.3", "it must end 1–2 cm away")
    refused(bl, order("A", {"stage": "melee", "fights": [{"attackers": ["a1"], "charges": [], "targets": ["b1"]}]}),
            "§4.4.2", "a1 can strike no enemy without a charge")


def test_a_save_for_a_wound_that_was_not_allocated(game):
    bl, upto = game
    upto(MOVEMENT + RANGED)
    refused(bl, ["roll", "warband-bad", "1d6", "--actor", "B", "--purpose", "save_armour", "--result", "5",
                 "--field", "warrior=b1"],
            "§4.6, §4.4.8", "no wound of b1 waits for B's armour save now")


def test_equipment_the_restrictions_of_4_7_forbid(game, tmp_path):
    bl, _ = game
    first = json.loads(PREFIX.splitlines()[0])
    first["game"] = "warband-king"
    first["payload"]["setup"]["warriors"][2] = {"id": "a3", "side": "A", "type": "king", "equipment": ["armour"]}
    log = tmp_path / "king.jsonl"
    log.write_text(json.dumps(first, ensure_ascii=False) + "\n", encoding="utf-8")
    result = bl("import", str(log))
    assert result.exit_code == 2
    (error,) = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert "§4.7.1: a king carries no protective item except innate (L270)" in error
    assert "warband-king" not in bl("games").output
