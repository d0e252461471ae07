"""The throughput paths keep every check: lazy points on import, bytes in, diff_json's equality shortcut, the dice
notation cache."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bench  # noqa: E402
from eventlog import dice, jsonl  # noqa: E402
from eventlog.envelope import GENESIS, Draft, seal  # noqa: E402
from eventlog.errors import ValidationError  # noqa: E402
from eventlog.store import Store  # noqa: E402
from replay import importing  # noqa: E402
from replay.audit import diff_json  # noqa: E402
from replay.fold import game_from_events  # noqa: E402
from replay.play import point  # noqa: E402


def _exported(events: list) -> bytes:
    return ("\n".join(jsonl.export_lines(events)) + "\n").encode("utf-8")


def _rechained(events: list, change: dict) -> list:
    """The events with `change` (seq -> payload) applied, chained again."""
    out: list = []
    for e in events:
        draft = Draft(e.type, change.get(e.seq, e.payload), e.turn, e.actor, e.cause, e.phase, e.visible)
        out.append(seal(e.game, out[-1].hash if out else GENESIS, e.seq, draft, e.at))
    return out


@pytest.fixture(scope="module")
def duel() -> list:
    return bench.duel_log(40)


def test_a_roll_is_still_checked_against_the_request_resolution_waits_for(duel: list) -> None:
    roll = next(e for e in duel if e.type == "roll" and e.turn == 3 and e.actor == "B")
    bad = _rechained(duel, {roll.seq: {**roll.payload, "dice": "2d50", "result": [30, 40], "total": 70}})
    with Store.open(":memory:") as store, pytest.raises(ValidationError) as caught:
        importing.import_text(store, _exported(bad), source="x.jsonl")
    assert f"seq {roll.seq} (roll of B, turn 3): payload.dice: the rules ask 1d100" in str(caught.value)
    with Store.open(":memory:") as store:
        assert store.count(roll.game) == 0


def test_check_log_resolves_only_for_the_inputs_whose_check_reads_the_resolution(duel: list,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = importing.run

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(args[3])
        return real(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(importing, "run", counting)
    imported = importing.check_log(duel)
    rolls = [e for e in duel if e.type == "roll"]
    assert len(calls) == len(rolls)  # a stake roll's dice are checked against the waiting request; orders need none
    assert [r.text() for r in imported.requests] == [r.text() for r in point(game_from_events(duel)).requests]


def test_bytes_import_as_the_text_does(duel: list) -> None:
    data = _exported(duel)
    with Store.open(":memory:") as a, Store.open(":memory:") as b:
        by_bytes = importing.import_text(a, data, source="x.jsonl")
        by_text = importing.import_text(b, data.decode("utf-8"), source="x.jsonl")
        assert [e.hash for e in by_bytes[duel[0].game].events] == [e.hash for e in by_text[duel[0].game].events]
        assert a.events(duel[0].game) == b.events(duel[0].game)


def test_a_hand_written_log_in_bytes_that_is_not_utf8_is_refused_by_name() -> None:
    with Store.open(":memory:") as store, pytest.raises(ValidationError, match=r"x\.jsonl: not UTF-8 text"):
        importing.import_plain(store, b'{"game": "g", "type": "game.created", "payload": {"x": "\xff"}}\n',
                               source="x.jsonl")


def test_diff_json_shortcut_changes_nothing_it_reports() -> None:
    a = {"x": [1, {"y": 2, "z": [3, 4]}], "w": "s"}
    assert diff_json(a, {"w": "s", "x": [1, {"z": [3, 4], "y": 2}]}) == []
    assert diff_json({"k": 1}, {"k": 1, "extra": 2}, asserted_only=True) == []
    assert diff_json({"k": [1, 2]}, {"k": (1, 2)}) == ["k: recorded [1, 2], rules [1, 2]"]
    assert diff_json(a, {"x": [1, {"y": 3, "z": [3, 4]}], "w": "s"}) == ["x[1].y: recorded 2, rules 3"]
    assert diff_json({"a": 1}, {"b": 1}) == ["a: recorded 1, rules: absent", "b: recorded: absent, rules 1"]


def test_dice_notation_cache_keeps_every_refusal() -> None:
    assert dice.parse("2d6-2") == dice._parse("2d6-2") and dice.parse("2d6-2") is dice.parse("2d6-2")
    for _ in range(2):  # a refused notation is refused every time (nothing cached for it)
        with pytest.raises(ValidationError, match="not dice notation"):
            dice.parse("2x6")
        with pytest.raises(ValidationError, match="not dice notation"):
            dice.parse(["1d6"])  # type: ignore[arg-type]
    assert dice.check_result(dice.parse("2d6"), [1, 6]) == []
    assert dice.check_result(dice.parse("2d6"), [0, True]) == ["2d6: die #1 is 0, not in 1..6",
                                                               "2d6: die #2 is True, not in 1..6"]
