"""`audit` and `rerun` read a game with its resolutions' payloads kept as stored text (`load(..., unparsed=True)`,
StoredEvent) and compare each text with the bytes of the payload the rules give (`payload_equals`): the same
findings, reports and errors as reading every payload first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from eventlog.errors import ChainError
from eventlog.store import Store, StoredEvent
from replay import audit, fold, importing, rerun
from tests.duel.test_plain_payloads import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
DUELS = sorted((ROOT / "fixtures" / "duel").glob("*.jsonl"))
KNIGHTS = ROOT / "fixtures" / "knights" / "battle.jsonl"
LONGEST = ROOT / "fixtures" / "duel" / "traits-2.jsonl"
"""The recorded duel with the most turns (five reveals)."""


def _db(tmp_path: Path, path: Path) -> tuple[str, str]:
    db = str(tmp_path / "g.duckdb")
    with Store.open(db) as store:
        game = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
    return db, game


def _both(db: str, game: str) -> tuple[fold.Game, fold.Game]:
    """The game read with every payload parsed, and with its resolutions' texts kept."""
    with Store.open(db) as store:
        return fold.load(store, game), fold.load(store, game, unparsed=True)


def _edit(db: str, game: str, seq: int, text: str) -> None:
    with Store.open(db) as store:
        store.con.execute("UPDATE events SET payload = ? WHERE game = ? AND seq = ?", [text, game, seq])


def _audited(game: fold.Game) -> audit.AuditReport:
    with fold.payloads_checked(game):
        return audit.audit(game)


def _texts(game: fold.Game) -> list[StoredEvent]:
    return [e for e in game.events if type(e) is StoredEvent]


def test_only_the_resolutions_are_kept_as_text_and_read_as_parsed(tmp_path: Path):
    db, game_id = _db(tmp_path, DUELS[0])
    parsed, kept = _both(db, game_id)
    rs = parsed.ruleset
    assert [e.seq for e in kept.events] == [e.seq for e in parsed.events]
    assert [e.seq for e in _texts(kept)] == [e.seq for e in parsed.events if e.type in rs.resolution_types] != []
    assert all(e.unparsed for e in _texts(kept))
    assert [e.payload for e in kept.events] == [e.payload for e in parsed.events]
    assert not any(e.unparsed for e in _texts(kept))


def test_a_ruleset_that_does_not_promise_plain_payloads_has_every_payload_parsed(tmp_path: Path):
    db, game_id = _db(tmp_path, KNIGHTS)
    parsed, kept = _both(db, game_id)
    assert not parsed.ruleset.plain_payloads and _texts(kept) == []
    assert [e.payload for e in kept.events] == [e.payload for e in parsed.events]


@pytest.mark.parametrize("path", DUELS, ids=lambda p: p.stem)
def test_the_recorded_duels_audit_and_rerun_alike_without_parsing_a_matching_text(tmp_path: Path, path: Path):
    db, game_id = _db(tmp_path, path)
    parsed, kept = _both(db, game_id)
    first = audit.audit(parsed)
    assert _audited(kept) == first
    matched = [e for e in _texts(kept) if getattr(e, "matched", False)]
    assert matched and all(e.unparsed for e in matched)  # each compared as bytes, none parsed for it
    for options in VARIANTS:
        parsed_again, kept_again = _both(db, game_id)
        with fold.payloads_checked(kept_again):
            assert rerun.rerun(kept_again, None, options) == rerun.rerun(parsed_again, None, options)


def _reveal(db: str, game_id: str) -> tuple[int, dict[str, Any]]:
    """The seq and payload of the game's third duel.reveal."""
    parsed, _ = _both(db, game_id)
    event = [e for e in parsed.events if e.type == "duel.reveal"][2]
    return event.seq, event.payload


def test_a_text_not_in_canonical_form_is_parsed_and_found_equal(tmp_path: Path):
    db, game_id = _db(tmp_path, LONGEST)
    seq, payload = _reveal(db, game_id)
    _edit(db, game_id, seq, json.dumps(payload, sort_keys=True))  # spaces after , and :
    parsed, kept = _both(db, game_id)
    assert _audited(kept) == audit.audit(parsed) and audit.audit(parsed).clean
    assert not next(e for e in _texts(kept) if e.seq == seq).unparsed


def test_a_changed_value_is_the_same_finding(tmp_path: Path):
    db, game_id = _db(tmp_path, LONGEST)
    seq, payload = _reveal(db, game_id)
    side = next(iter(payload["sides"]))
    payload["sides"][side]["roll"] += 1
    _edit(db, game_id, seq, json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    parsed, kept = _both(db, game_id)
    report = _audited(kept)
    assert report == audit.audit(parsed) and not report.clean
    assert any(f.seq == seq and f.kind == "differs" for f in report.findings)


def _first_error(work: Any) -> int:
    with pytest.raises(ChainError) as error:
        work()
    assert "not valid JSON" in str(error.value)
    return error.value.seq


def test_a_text_that_is_not_json_is_the_first_such_in_the_log_whatever_the_work_reached(tmp_path: Path):
    db, game_id = _db(tmp_path, LONGEST)
    parsed, _ = _both(db, game_id)
    reveals = [e.seq for e in parsed.events if e.type == "duel.reveal"]
    later_order = next(e.seq for e in parsed.events if e.type == "order" and e.seq > reveals[1])
    _edit(db, game_id, reveals[1], '{"sides":')
    _edit(db, game_id, reveals[-1], "[")
    with Store.open(db) as store:
        assert _first_error(lambda: fold.load(store, game_id)) == reveals[1]
        kept = fold.load(store, game_id, unparsed=True)  # the kept texts are not read yet

        def untouched() -> None:
            with fold.payloads_checked(kept):
                pass

        def failing() -> None:
            with fold.payloads_checked(kept):
                raise RuntimeError("the work failed first")

        assert _first_error(untouched) == _first_error(failing) == _first_error(lambda: _audited(kept)) == reveals[1]
        _edit(db, game_id, later_order, '{"stack"')  # an input after it: read (and refused) by the load itself
        assert _first_error(lambda: fold.load(store, game_id, unparsed=True)) == reveals[1]


@pytest.mark.parametrize("command", [["audit"], ["audit", "--json"], ["rerun", "--option", "counter_mode=single"]])
def test_the_commands_name_the_first_text_that_is_not_json(tmp_path: Path, command: list[str]):
    db, game_id = _db(tmp_path, LONGEST)
    seq, _ = _reveal(db, game_id)
    _edit(db, game_id, seq, "{")
    result = CliRunner().invoke(main, ["--db", db, command[0], game_id, *command[1:]])
    assert result.exit_code == 2, result.output
    assert f"seq {seq}" in result.output and "not valid JSON" in result.output
    assert "Traceback" not in result.output


def test_a_game_whose_inputs_may_hold_a_float_keeps_no_text(tmp_path: Path):
    """A NaN read from an input (here the GM's verdict on a Sharp Tongue, edited behind battlelog's back) reaches the
    reveal's payload, where orjson would write it as the null the edited log records: such a game is read with
    every payload parsed, and the audit finds the difference `==` finds."""
    db, game_id = _db(tmp_path, DUELS[DUELS.index(ROOT / "fixtures" / "duel" / "traits-1.jsonl")])
    parsed, _ = _both(db, game_id)
    verdict = next(e for e in parsed.events if e.type == "choice" and e.payload.get("name") == "sharp_tongue_verdict")
    reveal = next(e for e in parsed.events if e.type == "duel.reveal" and e.turn == verdict.turn)
    sides = reveal.payload["sides"]
    judged = next(d for d in sides if (sides[d]["sharp_tongue"] or {}).get("verdict") is not None)
    sides[judged]["sharp_tongue"]["verdict"] = None
    _edit(db, game_id, reveal.seq, json.dumps(reveal.payload, sort_keys=True, separators=(",", ":"),
                                              ensure_ascii=False))
    _edit(db, game_id, verdict.seq, json.dumps({**verdict.payload, "value": float("nan")}, sort_keys=True,
                                               separators=(",", ":"), ensure_ascii=False))
    parsed, kept = _both(db, game_id)
    assert all(not e.unparsed for e in _texts(kept))
    report = _audited(kept)
    assert report == audit.audit(parsed)
    assert any(f.seq == reveal.seq and f.kind == "differs" for f in report.findings), report.findings


@pytest.mark.parametrize("text", [b'{"a":1.5}', b'{"a":1e400}', b'{"a":2E5}', b'{"a":NaN}', b'{"a":-Infinity}',
                                  b'{"a":"v1.2"}'])
def test_a_text_that_may_hold_a_float_is_told(text: bytes):
    from eventlog.store import _may_hold_float

    assert _may_hold_float(text)
    assert not _may_hold_float(b'{"dice":"1d100","result":[71],"stake":"high","total":71}')
