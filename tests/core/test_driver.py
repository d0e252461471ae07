"""The driver on a toy ruleset: inputs are checked before they are appended, turns resolve, seeks agree."""

import json

import pytest

from eventlog.envelope import Draft
from eventlog.errors import ValidationError
from eventlog.seal import commitment
from replay import driver, fold
from replay.inputs import Inputs, TurnInputs, Waiting


def order(actor, guess, turn=None):
    return Draft("order", {"guess": guess}, turn, actor)


def coin(value, turn=None):
    return Draft("roll", {"dice": "1d2", "purpose": "coin", "result": [value], "total": value, "source": "forum"},
                 turn, None)


def test_resolve_waits_for_the_missing_order_and_appends_nothing(toy_game):
    driver.append_input(toy_game, "g", order("A", "heads"))
    report = driver.resolve_pending(toy_game, "g")
    assert report.waiting == "waiting for B: order for turn 1"
    assert report.appended == []
    assert toy_game.next_seq("g") == 3


def test_a_turn_resolves_with_recorded_dice_and_closes(toy_game):
    for d in (order("A", "heads"), order("B", "tails"), coin(1)):
        driver.append_input(toy_game, "g", d)
    report = driver.resolve_pending(toy_game, "g")
    assert report.turns == [1]
    assert [e.type for e in report.appended] == ["toy.flip", "turn.closed"]
    assert report.appended[0].cause == 4  # the coin roll
    state = driver.fold(driver.load(toy_game, "g"))
    assert state.score == (("A", 1), ("B", 0))


def test_resolve_draws_engine_dice_only_when_asked_at_the_seq_they_are_appended(toy_game):
    from eventlog.dice import engine_dice, parse

    driver.append_input(toy_game, "g", order("A", "heads"))
    driver.append_input(toy_game, "g", order("B", "heads"))
    looked = driver.resolve_pending(toy_game, "g")
    assert looked.appended == [] and looked.waiting == "waiting for GM: roll 1d2 for coin"
    report = driver.resolve_pending(toy_game, "g", roll=True)
    roll = report.appended[0]
    assert roll.type == "roll" and roll.payload["source"] == "engine"
    assert roll.payload["result"] == engine_dice(b"\x01" * 32, "g", roll.seq, parse("1d2"))
    assert report.appended[1].cause == roll.seq


@pytest.mark.parametrize("draft, message", [
    (order("A", "edge"), "§1: guess is heads or tails"),
    (order("C", "heads"), "actor: 'C' is not in this game"),
    (order("A", "heads", turn=2), "turn: turn 2 is not open yet (the current turn is 1)"),
    (coin(3), "payload.result"),
    (Draft("toy.flip", {}, 1), "type: 'toy.flip' is not an input"),
])
def test_illegal_input_is_refused_and_nothing_is_appended(toy_game, draft, message):
    with pytest.raises(ValidationError) as err:
        driver.append_input(toy_game, "g", draft)
    assert message in str(err.value)
    assert toy_game.next_seq("g") == 2


def test_an_input_for_a_closed_turn_is_refused(toy_game):
    for d in (order("A", "heads"), order("B", "tails"), coin(2)):
        driver.append_input(toy_game, "g", d)
    driver.resolve_pending(toy_game, "g")
    with pytest.raises(ValidationError, match="turn: turn 1 is closed"):
        driver.append_input(toy_game, "g", coin(1, turn=1))


def test_a_tie_stops_on_the_gm_choice_then_ends_the_game(toy_game):
    for d in (order("A", "heads"), order("B", "heads"), coin(1)):
        driver.append_input(toy_game, "g", d)
    assert driver.resolve_pending(toy_game, "g").turns == [1]
    for d in (order("A", "heads"), order("B", "heads"), coin(1)):
        driver.append_input(toy_game, "g", d)
    report = driver.resolve_pending(toy_game, "g")
    assert report.turns == []
    assert report.waiting == "waiting for GM: tiebreak (A, B)"
    driver.append_input(toy_game, "g", Draft("choice", {"name": "tiebreak", "value": "B"}, 2, None))
    report = driver.resolve_pending(toy_game, "g")
    assert report.turns == [2] and report.over
    with pytest.raises(ValidationError, match="is over"):
        driver.append_input(toy_game, "g", order("A", "heads"))


def test_sealed_orders_wait_for_their_reveal_and_a_wrong_reveal_is_refused(toy_game):
    salt = "s4lt"
    c = commitment({"guess": "tails"}, salt)
    driver.append_input(toy_game, "g", Draft("order.sealed", {"commitment": c}, None, "A"))
    driver.append_input(toy_game, "g", order("B", "heads"))
    driver.append_input(toy_game, "g", coin(2))
    assert "reveal of the sealed order" in driver.resolve_pending(toy_game, "g").waiting
    before = toy_game.next_seq("g")
    with pytest.raises(ValidationError, match="does not match"):
        driver.append_input(toy_game, "g", Draft("order.revealed", {"order": {"guess": "heads"}, "salt": salt},
                                                 None, "A"))
    assert toy_game.next_seq("g") == before
    driver.append_input(toy_game, "g", Draft("order.revealed", {"order": {"guess": "tails"}, "salt": salt}, None,
                                             "A"))
    assert driver.resolve_pending(toy_game, "g").turns == [1]
    state = driver.fold(driver.load(toy_game, "g"))
    assert dict(state.score) == {"A": 1, "B": 0}


def test_recorded_inputs_are_matched_by_key_not_by_log_position():
    from eventlog.envelope import Event

    def roll(seq, actor, purpose, value, **key):
        return Event("g", seq, "roll", 1, actor, {"purpose": purpose, "result": [value], **key}, None, "", "", "")

    a = TurnInputs(1, (roll(1, "A", "hit", 5, unit="u1"), roll(2, "B", "hit", 3), roll(3, "A", "hit", 6, unit="u2")))
    b = TurnInputs(1, (roll(3, "A", "hit", 6, unit="u2"), roll(2, "B", "hit", 3), roll(1, "A", "hit", 5, unit="u1")))
    for recorded in (a, b):
        inputs = Inputs(recorded)
        assert inputs.roll("1d6", actor="A", purpose="hit", unit="u1").payload["result"] == [5]
        assert inputs.roll("1d6", actor="A", purpose="hit", unit="u2").payload["result"] == [6]
        assert inputs.roll("1d6", actor="B", purpose="hit").payload["result"] == [3]
        with pytest.raises(Waiting, match="waiting for B: roll 1d6 for hit"):
            inputs.roll("1d6", actor="B", purpose="hit")


def test_seek_through_checkpoints_equals_a_full_fold(toy_game, monkeypatch):
    monkeypatch.setattr(fold, "CHECKPOINT_EVERY", 3)
    for d in (order("A", "heads"), order("B", "tails"), coin(1)):
        driver.append_input(toy_game, "g", d)
    driver.resolve_pending(toy_game, "g")
    for d in (order("A", "tails"), order("B", "tails"), coin(2)):
        driver.append_input(toy_game, "g", d)
    driver.resolve_pending(toy_game, "g")
    game = driver.load(toy_game, "g")
    assert toy_game.checkpoint("g", game.checkpoint_key, 10_000) is not None
    for turn in (1, 2):
        for step in (0, 1, None):
            seeked = driver.seek(toy_game, game, turn, step)
            folded, _ = driver.state_at(game, turn, step)
            assert seeked == folded


def test_a_frame_carries_the_hash_of_the_last_event_it_reflects(toy_game):
    for d in (order("A", "heads"), order("B", "tails"), coin(1)):
        driver.append_input(toy_game, "g", d)
    driver.resolve_pending(toy_game, "g")
    game = driver.load(toy_game, "g")
    flip = next(e for e in game.events if e.type == "toy.flip")
    view = driver.frame_view(game, 1, 1)
    assert view.last_hash == flip.hash and view.steps == 1
    view0 = driver.frame_view(game, 1, 0)
    assert view0.last_hash == game.events[flip.seq - 2].hash
    assert [e.type for e in view0.events] == ["order", "order", "roll"]


def test_a_ruling_folds_its_asserted_events_and_closes_the_turn(toy_game):
    for d in (order("A", "heads"), order("B", "tails"), coin(1)):
        driver.append_input(toy_game, "g", d)
    ruling = {"note": "the coin rolled off the table", "events": [
        {"type": "toy.flip", "payload": {"side": "tails", "score": {"A": 0, "B": 1}}}]}
    driver.append_ruling(toy_game, "g", 1, ruling)
    state = driver.fold(driver.load(toy_game, "g"))
    assert dict(state.score) == {"A": 0, "B": 1}
    with pytest.raises(ValidationError, match="not a resolution of toy@1"):
        driver.append_ruling(toy_game, "g", 2, {"events": [{"type": "order", "payload": {}}]})


def test_state_json_round_trips_through_checkpoint_text(toy_game):
    game = driver.load(toy_game, "g")
    rs = game.ruleset
    state = driver.fold(game)
    assert rs.state_from_json(json.loads(json.dumps(rs.state_json(state)))) == state
