"""Every command the table added (and the forum's, the head's, the corpus's) answers bad input with one line naming
the file or database, exit 2, and no traceback."""

import pytest
from click.testing import CliRunner

from cli.main import main

COMMANDS = [
    ["status", "g"], ["post-in", "g", "--actor", "A", "--text", "x"], ["correct", "g", "--turn", "1", "--file", "f"],
    ["head", "g"], ["animate", "g", "--turn", "1", "-o", "t.gif"], ["view", "g", "-o", "g.html"],
    ["dispute", "g", "--turn", "1", "-o", "d"], ["state", "g", "--phase", "A", "--turn", "1"],
    ["ruling", "g", "--file", "f"], ["resolve", "g", "--roll"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_missing_database_is_named_and_not_created(tmp_path, args):
    db = tmp_path / "nope.duckdb"
    r = CliRunner().invoke(main, ["--db", str(db), *args])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and r.output.count("\n") <= 3
    assert not db.exists() or args[0] in {"correct", "ruling"}


@pytest.mark.parametrize("args", [["post-in", "g", "--actor", "A", "--file", "missing.txt"],
                                  ["correct", "g", "--turn", "1", "--file", "missing.json"],
                                  ["ruling", "g", "--file", "missing.json"]], ids=lambda a: a[0])
def test_a_missing_file_is_named(tmp_path, args):
    db = tmp_path / "g.duckdb"
    (tmp_path / "s.json").write_text('{"duelists": [{"id": "A", "name": "Арман", "traits": ["enduring", "wiry"]}, '
                                     '{"id": "B", "name": "Бертран", "traits": ["weapon_control", "cautious"]}]}',
                                     encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", str(db), "new", "g", "--ruleset", "duel", "--setup",
                                str(tmp_path / "s.json")]).exit_code == 0
    r = runner.invoke(main, ["--db", str(db), *args])
    assert r.exit_code == 2 and "missing" in r.output and "Traceback" not in r.output, r.output
