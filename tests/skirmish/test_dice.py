"""The dice core (spec 2.2–2.5): d10 pools, ones cancel, critical failures, opposed rolls, required successes."""

import pytest

from replay.rulesets.skirmish import dice


def test_hits_are_faces_at_or_above_the_difficulty_and_ones_cancel():
    roll = dice.count([10, 6, 5, 8, 3], 5)
    assert (roll.hits, roll.ones, roll.net, roll.outcome) == (4, 0, 4, "success")
    roll = dice.count([9, 5, 5, 1, 3], 5)
    assert (roll.hits, roll.ones, roll.net) == (3, 1, 2)


def test_ones_cancel_can_be_switched_off():
    assert dice.count([9, 1, 1], 5, ones_cancel=False).net == 1


@pytest.mark.parametrize(("faces", "net", "outcome", "degree"), [
    ([3, 1, 2, 6], 0, "failure", 0),
    ([1, 2, 3], -1, "critical_failure", 1),
    ([1, 1, 2], -2, "critical_failure", 2),
    ([1, 1, 1, 1], -4, "critical_failure", 2),
])
def test_net_zero_is_a_failure_below_zero_a_critical_failure_of_degree_at_most_two(faces, net, outcome, degree):
    roll = dice.count(faces, 5)
    assert (roll.net, roll.outcome, roll.crit_degree) == (net, outcome, degree)


def test_automatic_and_penalty_successes_enter_the_net():
    assert dice.count([6, 2], 5, auto=2, penalty=1).net == 2


def test_a_difficulty_above_seven_after_declaring_is_an_automatic_failure_without_a_botch():
    roll = dice.count([1, 1, 10], 8)
    assert roll.automatic_failure and roll.net == 0 and roll.crit_degree == 0


def test_the_difficulty_floor():
    assert dice.effective_difficulty(4, -3) == 2
    assert dice.effective_difficulty(5, -3, floor=4) == 4


def test_opposed_the_higher_subtracts_the_lower_and_a_tie_changes_nothing():
    assert dice.opposed(4, 2).to_json() == {"attack_effective": 4, "defence_effective": 2, "winner": "attack",
                                            "final": 2}
    assert dice.opposed(3, 4).winner == "defence"
    assert dice.opposed(2, 2).winner is None
    assert dice.opposed(2, -2).final == 2  # a critical failure counts as 0 in the comparison
    assert dice.opposed(3, None).final == 3  # unopposed: compared with 0


def test_required_successes_as_a_cost_before_the_comparison_s2():
    assert dice.opposed(4, 2, required=1).final == 1
    assert dice.opposed(4, 3, required=1).winner is None
    assert dice.opposed(0, None, required=1).final == 0  # a requirement above net is a failure, not a botch


def test_required_successes_as_a_threshold_s2():
    result = dice.opposed(4, 2, required=1, mode="threshold")
    assert (result.winner, result.final) == ("attack", 2)
    assert dice.opposed(4, 3, required=1, mode="threshold").winner is None


@pytest.mark.parametrize(("level", "master"), [(5, 0), (7, 0), (8, 1), (9, 2), (10, 3)])
def test_master_successes_are_level_minus_seven(level, master):
    assert dice.master_successes(level) == master


def test_a_reduced_pending_roll_of_zero_dice_is_an_automatic_failure():
    roll = dice.zero_dice(5)
    assert roll.automatic_failure and roll.net == 0 and roll.crit_degree == 0
