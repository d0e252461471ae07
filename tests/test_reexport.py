"""fixtures/reexport.py: re-recording the shipped games tells a revision refresh from a changed resolution."""

from __future__ import annotations

from fixtures.reexport import differences, main


def test_a_refreshed_revision_is_no_difference_and_a_changed_payload_is_named_by_seq_and_field() -> None:
    old = [{"seq": 1, "hash": "a", "prev": None, "payload": {"revision": "r1", "why": ["x"]}},
           {"seq": 2, "hash": "b", "prev": "a", "type": "duel.hit", "payload": {"damage": 3}}]
    refreshed = [{**old[0], "hash": "c", "payload": {"revision": "r2", "why": ["x"]}},
                 {**old[1], "hash": "d", "prev": "c"}]
    assert differences(old, refreshed) == []
    changed = [refreshed[0], {**refreshed[1], "payload": {"damage": 4}}]
    assert differences(old, changed) == ["seq 2: payload.damage"]
    assert differences(old, refreshed[:1]) == ["2 events shipped, 1 recorded now"]


def test_check_reports_without_writing_and_an_unknown_ruleset_is_an_error(capsys) -> None:
    assert main(["nosuch"]) == 2
    assert "fixtures/nosuch/hand does not exist" in capsys.readouterr().err
    assert main(["skirmish", "spear", "--check"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("skirmish/spear: ") and "differs" not in out
