"""A roll's total is its dice's sum with the notation's modifier (docs/log-format.md): an input whose total says
otherwise is refused before it is appended, `verify` names it in a database and in an export file, and every shipped
game holds only rolls whose totals are their dice's."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from eventlog import dice as dicelib
from eventlog import jsonl
from replay.play import roll_problems

ROOT = Path(__file__).resolve().parent.parent
EXPORTS = sorted(ROOT.glob("fixtures/*/*.jsonl"))
HAND = sorted(ROOT.glob("fixtures/*/hand/*.jsonl"))
ALLY = ROOT / "fixtures" / "skirmish" / "hand" / "ally.jsonl"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def rolls(path: Path) -> list[dict]:
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [e for e in events if e.get("type") == "roll"]


def zone_roll(lines: list[dict]) -> dict:
    """The first roll of 2d6-2 (a hit's precise zone): the notation with a modifier."""
    return next(e for e in lines if e.get("type") == "roll" and e["payload"]["dice"] == "2d6-2")


def test_a_total_is_the_sum_with_the_modifier():
    payload = {"dice": "2d6-2", "purpose": "zone", "result": [3, 4], "total": 5, "source": "forum"}
    assert roll_problems(payload) == []
    assert roll_problems({**payload, "total": 7}) == ["payload.total: the dice [3, 4] of 2d6-2 make 5, not 7"]
    assert roll_problems({**payload, "total": "5"}) == ["payload.total: the dice [3, 4] of 2d6-2 make 5, not '5'"]
    without = {k: v for k, v in payload.items() if k != "total"}
    assert roll_problems(without) == ["payload.total: the dice [3, 4] of 2d6-2 make 5, not None"]


@pytest.mark.parametrize("path", HAND + EXPORTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_roll_totals_its_dice(path):
    for e in rolls(path):
        p = e["payload"]
        assert p["total"] == dicelib.total(dicelib.parse(p["dice"]), p["result"]), (path.name, p)


@pytest.mark.parametrize("path", EXPORTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_export_verifies_as_a_file(path):
    result = run("verify", "--file", str(path))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("lang, needle", [
    ("en", "payload.total: the dice [3, 4] of 2d6-2 make 5, not 7"),
    ("ru", "payload.total: кости [3, 4] при 2к6-2 дают 5, а не 7"),
])
def test_import_refuses_a_roll_whose_total_is_not_its_dice_and_appends_nothing(tmp_path, lang, needle):
    lines = [json.loads(line) for line in ALLY.read_text(encoding="utf-8").splitlines() if line.strip()]
    roll = zone_roll(lines)
    roll["payload"].update(result=[3, 4], total=7)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in lines), encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    result = run("--lang", lang, "--db", db, "import", str(bad))
    assert result.exit_code == 2, result.output
    assert needle in result.output and "Traceback" not in result.output
    assert "skirmish-ally" not in run("--db", db, "games").output
    roll["payload"]["total"] = 5
    bad.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in lines), encoding="utf-8")
    assert run("--db", db, "import", str(bad)).exit_code == 0


def forged_export(tmp_path: Path) -> Path:
    """ally's export with one zone roll's total raised by one and every hash after it made again: a chain that
    verifies around a roll whose total is not its dice's."""
    lines = [json.loads(line) for line in (ROOT / "fixtures/skirmish/ally.jsonl").read_text().splitlines()]
    for e in lines:
        del e["hash"], e["prev"]
    zone_roll(lines)["payload"]["total"] += 1
    events = jsonl.chain(jsonl.parse_lines([json.dumps(e) for e in lines]), head=None, now="")
    path = tmp_path / "forged.jsonl"
    path.write_text("\n".join(jsonl.export_lines(events)) + "\n", encoding="utf-8")
    return path


def test_verify_of_a_file_names_a_roll_whose_total_is_not_its_dice(tmp_path):
    path = forged_export(tmp_path)
    seq = zone_roll([json.loads(line) for line in path.read_text().splitlines()])["seq"]
    result = run("verify", "--file", str(path))
    assert result.exit_code == 2
    assert "skirmish-ally: hash chain: 91 events verify" in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and f"skirmish-ally: seq {seq}: total is " in errors[0] and "but the dice make" in errors[0]
    ru = run("--lang", "ru", "verify", "--file", str(path)).output
    assert f"skirmish-ally: seq {seq}: сумма " in ru and "а кости дают" in ru and "[англ.]" not in ru


@pytest.mark.parametrize("content, needle", [
    (None, "no such file"),
    ('{"bad json\n', "line 1: not valid JSON"),
    ('{"game": "g", "type": "game.created", "payload": {}}\n', "a hand-written log"),
])
def test_verify_of_a_bad_file_is_one_clear_error(tmp_path, content, needle):
    path = tmp_path / "in.jsonl"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = run("verify", "--file", str(path))
    assert result.exit_code == 2 and "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and needle in errors[0], result.output
