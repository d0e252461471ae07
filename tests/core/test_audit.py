"""Audit, explain and rerun on a toy ruleset."""

import pytest

from eventlog.envelope import Draft
from eventlog.errors import ValidationError
from replay import audit, driver, rerun


def play(store, ruling=None):
    for guess_a, guess_b, value in (("heads", "tails", 1), ("tails", "tails", 2)):
        for d in (Draft("order", {"guess": guess_a}, None, "A"), Draft("order", {"guess": guess_b}, None, "B"),
                  Draft("roll", {"dice": "1d2", "purpose": "coin", "result": [value], "total": value,
                                 "source": "forum"})):
            driver.append_input(store, "g", d)
        if ruling and driver.fold(driver.load(store, "g")).turn + 1 == ruling[0]:
            driver.append_ruling(store, "g", ruling[0], ruling[1])
        else:
            driver.resolve_pending(store, "g")
    return driver.load(store, "g")


def test_a_game_resolved_by_the_rules_audits_clean(toy_game):
    report = audit.audit(play(toy_game))
    assert report.clean and report.turns == 2 and report.findings == []


def test_a_ruling_against_the_rules_is_reported_with_both_arithmetics(toy_game):
    ruling = {"note": "GM: B's guess counts double", "events": [
        {"type": "toy.flip", "payload": {"side": "heads", "score": {"A": 1, "B": 2}, "why": ["by hand"]}}]}
    report = audit.audit(play(toy_game, ruling=(1, ruling)))
    assert not report.clean
    kinds = [(f.turn, f.kind) for f in report.findings]
    assert kinds == [(1, "ruling"), (1, "differs")]
    differs = report.findings[1]
    assert "step 1 toy.flip: score.B: recorded 2, rules 0" in differs.lines
    assert differs.recorded_why == ["by hand"] and differs.computed_why == ["1d2=1 -> heads"]


def test_a_ruling_that_agrees_with_the_rules_is_reported_but_clean(toy_game):
    ruling = {"note": "GM resolved by hand", "events": [
        {"type": "toy.flip", "payload": {"side": "heads", "score": {"A": 1, "B": 0}, "why": ["1d2=1 -> heads"],
                                         "rule": "§2", "defaults": ["T1"]}}]}
    report = audit.audit(play(toy_game, ruling=(1, ruling)))
    assert report.clean and [f.kind for f in report.findings] == ["ruling"]


def test_explain_names_the_arithmetic_the_rule_the_default_and_the_option(toy_game):
    game = play(toy_game)
    flip = next(e for e in game.events if e.type == "toy.flip")
    ex = audit.explain(game, flip.seq)
    assert ex.why == ["1d2=1 -> heads"] and ex.rule == "§2"
    assert ex.defaults == [("T1", "", "points = 1")]
    assert ex.causes[0].startswith(f"seq {flip.cause} roll by GM")
    with pytest.raises(ValidationError, match="not a resolution"):
        audit.explain(game, 2)


def test_rerun_under_the_same_rules_changes_nothing(toy_game):
    report = rerun.rerun(play(toy_game))
    assert report.unchanged and report.turns == 2


def test_rerun_under_a_variant_shows_the_changed_turns(toy_game):
    report = rerun.rerun(play(toy_game), options={"points": 3})
    assert [c.turn for c in report.changes] == [1, 2]
    assert report.changes[0].lines == ["score.A: recorded 1, variant 3"]
    assert report.changes[1].lines == ["score.A: recorded 2, variant 6", "score.B: recorded 1, variant 3"]


def test_an_unknown_variant_option_is_refused(toy_game):
    with pytest.raises(ValidationError, match="points_x"):
        rerun.rerun(play(toy_game), options={"points_x": 2})
