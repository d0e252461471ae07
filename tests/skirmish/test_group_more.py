"""What a melee of several fighters plays beyond part 1's pair (4.4, PROPOSED readings in docs/skirmish.md), on the
recorded fight `ally` at the start of round 3 (Ratibor alone against Boris and Vseslav): the transfer feint (M15) on
one target of the group, A-09's forced pass recorded as part 1 records it, a sweep's further target's sudden attack
(M33) and a Retreat (M45) against several attacks one of which is a blow on several targets."""

from __future__ import annotations

from dataclasses import replace

from replay.rulesets.skirmish import group
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle
from tests.skirmish.test_melee_maneuvers import attack, defence
from tests.skirmish.test_melee_shrinks import RULESET
from tests.skirmish.test_melee_sweep import Inputs, of, two_against_rat

PASS = {"step": "attack", "maneuver": "pass"}


def feinter() -> Battle:
    """Ratibor at swords 6 (M15's level, A-21) with one extraordinary Reflex success to commit."""
    state = two_against_rat()
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, skills={**rat.skills, "swords": 6}, extraordinary={"reflex": 1}))


def phase1() -> Inputs:
    """Exchange 1: Ratibor chops Boris with a transfer feint of 1 extraordinary success; Boris blocks with 3 dice."""
    return (Inputs().add("order", "RAT", attack("chop", zone="upper_torso"))
            .add("choice", "RAT", {"name": "transfer_feint", "value": {"master": 0, "extraordinary": 1},
                                   "exchange": 1})
            .add("order", "BOR", {"exchange": 1, **PASS}).add("order", "BOR", defence("weapon_block"))
            .roll("RAT", "attack", [9, 8, 7, 3, 2]).roll("BOR", "defence", [5, 2, 1], answers="RAT")
            .add("order", "VSE", {"exchange": 2, **PASS}))


def test_m15_phase_1_in_a_group_deals_no_damage_and_marks_the_target_for_phase_2() -> None:
    """L361: 3 successes of %5 and the 1 committed = 4 against the block's 1 − 1 = 0: final 4, no hit; the defence
    of exchange 2 against Ratibor loses 4 dice (A-33), and there is no combat initiative to keep (4.4)."""
    stop = phase1().resolve(feinter())
    assert stop.error is None
    reveal, settled = of(stop, "effect")
    assert reveal["changes"][0] == {"op": "spend", "fighter": "RAT", "reflex": 1, "master": 0, "extraordinary": 1}
    [clash] = of(stop, "clash")
    assert (clash["attack_roll"]["net"], clash["opposed"]["final"]) == (3 + 1, 4)  # the committed success (L361)
    assert not of(stop, "hit")
    lost = next(c for c in settled["changes"] if c["kind"] == "defence_lost_dice")
    assert (lost["fighter"], lost["amount"], lost["ref"]) == ("BOR", 4, "M15:RAT")
    assert "the group's order stays the general initiative chain (4.4)" in settled["why"][0]
    [ru] = msg.why(settled, "ru")
    assert "цепочкой общей инициативы" in ru and "против удара RAT" in ru and not msg.english_left(ru, {"RAT", "BOR"})


def test_m15_phase_2_in_a_group_strikes_the_same_target_whose_defence_against_it_loses_the_dice() -> None:
    inputs = phase1()
    fight = inputs.resolve(feinter()).state.pairs[0].fight
    elsewhere = attack("chop", zone="lower_torso", target="VSE", exchange=2)
    [problem] = group.declaration_problems(fight, "RAT", elsewhere, RULESET.options())
    assert problem == ("condition_failed (5.4.1 M15, L363, 4.4): the transfer feint's phase 2 is struck at BOR, whose "
                       "defence phase 1 beat, not at VSE")
    assert msg._problem(problem.split("): ", 1)[1]) == ("вторую фазу перевода наносят BOR, чью защиту побила первая "
                                                         "фаза, а не VSE")
    stop = (inputs.add("order", "RAT", attack("chop", zone="lower_torso", exchange=2, dice={"reflex": 1, "skill": 2}))
            .add("order", "BOR", {"exchange": 2, **PASS})
            .add("order", "VSE", {"exchange": 2, "step": "defence", "maneuver": "pass", "answers": "RAT"})
            .add("order", "BOR", defence("weapon_block", exchange=2, dice={"reflex": 2, "skill": 4}))
            .roll("RAT", "attack", [9, 2, 2], exchange=2).roll("BOR", "defence", [9, 9, 9, 9, 9, 9], answers="RAT",
                                                                exchange=2)
            .resolve(feinter()))
    block = next(d for d in of(stop, "declared") if d["actor"] == "BOR" and d["exchange"] == 2
                 and d["step"] == "defence")
    assert block["priced"]["lost_dice"] == 4
    clash = of(stop, "clash")[-1]
    assert clash["defence_roll"]["faces"] == [9, 9]  # 6 rolled, the last 4 lost
    assert (clash["attack_roll"]["net"], clash["defence_roll"]["net"]) == (2, 2)  # 1 success + 1 carried over
    assert [r.name for r in stop.requests] == ["reverse_damage"]  # L363: the GM's damage for the back of the blade


def test_m15_declared_as_a_maneuver_in_a_group_says_how_to_commit_it() -> None:
    fight = two_against_rat().pairs[0].fight
    problems = group.declaration_problems(fight, "RAT", attack("transfer_feint", zone="upper_torso"),
                                          RULESET.options())
    assert "condition_failed (5.4.1 M15, CP-15): declare the basic attack (thrust, chop, slash or crush) and commit "\
        "the transfer feint as your choice transfer_feint (exchange 1, sealed) before the defence" in problems
    assert not any("not played in a melee of several fighters" in p for p in problems)


