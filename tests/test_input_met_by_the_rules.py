"""An input the rules meet and cannot take (a choice outside the options the request lists) is refused when it is
given, one line naming the choice and its options, exit 2, nothing appended: it is never recorded and left for a
`--replace`."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parent.parent
HAND = ROOT / "fixtures" / "skirmish" / "hand" / "skirmish_line.jsonl"


@pytest.fixture
def waiting(tmp_path):
    """skirmish_line cut where Zoran is asked how many reflex dice he rolls to avoid the melee (0–6, M53 L681)."""
    lines = HAND.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "choice"
               and json.loads(line)["payload"].get("name") == "avoid_melee")
    log = tmp_path / "cut.jsonl"
    log.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()

    def bl(*args: str):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    assert bl("import", str(log)).exit_code == 0
    return bl


ANSWER = ("avoid_melee", "--json", "--actor", "ZOR", "--field", "exchange=1", "--field", "fighter=RAT")


def count(bl) -> int:
    return int(bl("games").output.split()[-2])


def test_a_choice_outside_the_requests_options_is_refused_and_nothing_is_appended(waiting):
    before = count(waiting)
    assert "(0, 1, 2, 3, 4, 5, 6)" in waiting("status", "skirmish-line").output
    refused = waiting("choose", "skirmish-line", ANSWER[0], "9", *ANSWER[1:])
    assert refused.exit_code == 2, refused.output
    assert "choice avoid_melee of ZOR" in refused.output and "is 9, not one of 0, 1, 2, 3, 4, 5, 6" in refused.output
    assert "Traceback" not in refused.output
    assert count(waiting) == before
    taken = waiting("choose", "skirmish-line", ANSWER[0], "2", *ANSWER[1:])
    assert taken.exit_code == 0, taken.output
    assert count(waiting) == before + 1


def test_the_refusal_reads_in_russian(waiting):
    refused = waiting("--lang", "ru", "choose", "skirmish-line", ANSWER[0], "7", *ANSWER[1:])
    assert refused.exit_code == 2
    assert "выбор avoid_melee (ZOR)" in refused.output and "а можно только 0, 1, 2, 3, 4, 5, 6" in refused.output
    assert "[англ.]" not in refused.output
