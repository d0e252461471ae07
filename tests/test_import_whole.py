"""A log of several games imports whole or not at all; a hand-written knights log with a broken pose names its line
and field (issue 13: import that validates and is atomic)."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from eventlog import jsonl
from eventlog.envelope import GENESIS, make_event
from eventlog.errors import ValidationError
from eventlog.store import Store
from replay import importing

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture
def bl(tmp_path):
    db = str(tmp_path / "cli.duckdb")
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    invoke.db, invoke.tmp = db, tmp_path
    return invoke


def lines(name: str) -> list[str]:
    return (FIXTURES / name).read_text(encoding="utf-8").splitlines()


def games(db: str) -> list[str]:
    with Store.open(db) as store:
        return store.games()


def write(tmp: Path, rows: list[str]) -> str:
    path = tmp / "log.jsonl"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


def broken_hash(rows: list[str]) -> list[str]:
    last = json.loads(rows[-1])
    last["hash"] = "0" * 64
    return [*rows[:-1], json.dumps(last)]


def test_an_export_of_two_games_whose_second_is_bad_imports_neither(bl):
    result = bl("import", write(bl.tmp, lines("duel/traits-1.jsonl") + broken_hash(lines("duel/traits-2.jsonl"))))
    assert result.exit_code == 2, result.output
    assert "line 81: hash does not match" in result.output
    assert "nothing imported: the log's 2 games (duel-traits-1, duel-traits-2) are imported together" in result.output
    assert games(bl.db) == []


def test_an_export_of_two_games_whose_second_exists_imports_neither(bl):
    assert bl("import", write(bl.tmp, lines("duel/traits-2.jsonl"))).exit_code == 0
    result = bl("import", write(bl.tmp, lines("duel/traits-1.jsonl") + lines("duel/traits-2.jsonl")))
    assert result.exit_code == 2 and "'duel-traits-2' already exists" in result.output, result.output
    assert games(bl.db) == ["duel-traits-2"]


def test_an_export_of_two_sound_games_imports_both(bl):
    result = bl("import", write(bl.tmp, lines("duel/traits-1.jsonl") + lines("duel/traits-2.jsonl")))
    assert result.exit_code == 0, result.output
    assert "duel-traits-1: imported 39 events" in result.output and "duel-traits-2: imported 42 events" in result.output
    assert sorted(games(bl.db)) == ["duel-traits-1", "duel-traits-2"]
    assert bl("verify", "duel-traits-2").exit_code == 0


def deploy_with(pose: dict) -> list[str]:
    rows = lines("knights/hand/battle.jsonl")
    line = json.loads(rows[7])
    assert line["payload"]["kind"] == "deploy"
    line["payload"]["pose"] = pose
    return [*rows[:7], json.dumps(line), *rows[8:]]


def test_a_hand_written_log_of_two_games_whose_second_is_bad_imports_neither(bl):
    first = lines("knights/hand/joust.jsonl")
    result = bl("import", write(bl.tmp, first + deploy_with({"x": True, "y": "3", "f": 2})))
    assert result.exit_code == 2, result.output
    assert f"line {len(first) + 8} (order of alice, turn 0)" in result.output
    assert "pose.x must be a number, not a boolean True" in result.output
    assert "nothing imported: the log's 2 games (knights-joust, knights-battle)" in result.output
    assert games(bl.db) == []


def test_a_hand_written_ruling_whose_pose_lacks_y_names_line_and_field(bl):
    rows = lines("knights/hand/ruling.jsonl")
    n = next(i for i, row in enumerate(rows) if '"type": "ruling"' in row and '"knights.ram"' in row)
    ruling = json.loads(rows[n])
    del ruling["payload"]["events"][0]["payload"]["knights"]["b1"]["pose"]["y"]
    result = bl("import", write(bl.tmp, [*rows[:n], json.dumps(ruling), *rows[n + 1:]]))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "bug in battlelog" not in result.output
    assert f"line {n + 1} (ruling): payload.events[0].payload.knights.b1.pose.y: Field required" in result.output
    assert games(bl.db) == []


def rechained(rows: list[str], edit) -> list[str]:
    """The exported lines with `edit` applied to each line's fields, every hash and link made again over them."""
    events, prev = [], GENESIS
    for row in rows:
        f = edit(json.loads(row))
        event = make_event(f["game"], f["seq"], f["type"], f.get("turn"), f.get("actor"), f["payload"], f.get("cause"),
                           f["at"], prev, "", f.get("phase"), f.get("visible"), f.get("v", 2))
        event = replace(event, hash=event.expected_hash())
        events.append(event)
        prev = event.hash
    return list(jsonl.export_lines(events))


def with_roll_dice_a_list(line: dict) -> dict:
    if line["seq"] == 4:
        assert line["type"] == "roll"
        line["payload"]["dice"] = ["1d100"]
    return line


def test_a_roll_whose_dice_are_a_list_is_refused_where_the_log_is_read_and_by_check_log(bl):
    """The import checks a payload's core fields once, where each line is read (so check_log's input checks are
    told they are checked); check_log on its own still checks them. Each way names the roll and its field."""
    rows = rechained(lines("duel/traits-1.jsonl"), with_roll_dice_a_list)
    path = write(bl.tmp, rows)
    for args in (("import", path), ("import", path, "--as", "renamed")):  # the bulk way, the plain way
        result = bl(*args)
        assert result.exit_code == 2, result.output
        assert "line 4: payload.dice: expected a string, not a list" in result.output, result.output
    assert games(bl.db) == []
    events = jsonl.chain(jsonl.parse_lines(lines("duel/traits-1.jsonl")), head=None, now="2024-03-02T19:05:00Z")
    events[3] = replace(events[3], payload=json.loads(rows[3])["payload"])
    with pytest.raises(ValidationError, match=r"seq 4 \(roll of A, turn 1\): payload.dice: expected a string, not a "
                                              r"list"):
        importing.check_log(events)


def test_import_read_lets_the_files_bytes_go_before_the_rules_check(tmp_path, monkeypatch):
    """`battlelog import` hands its only reference to the file's bytes to import_read, which drops it once the lines
    are staged: the bytes are not kept beside the events while the rules check them."""
    freed: list[bool] = []

    class Bytes(bytes):
        def __del__(self):
            freed.append(True)

    seen: list[bool] = []
    check_log = importing.check_log

    def spy(events, **kwargs):
        seen.append(bool(freed))
        return check_log(events, **kwargs)

    monkeypatch.setattr(importing, "check_log", spy)
    held = [Bytes((FIXTURES / "duel/traits-1.jsonl").read_bytes())]
    with Store.open(tmp_path / "read.duckdb") as store:
        imported = importing.import_read(store, held.pop, source="traits-1.jsonl")
        assert len(imported["duel-traits-1"].events) == 39
    assert seen == [True]
