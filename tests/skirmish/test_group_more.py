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




SWEEP_VSE_BOR = {"exchange": 1, "step": "attack", "maneuver": "circular_slash", "attack_type": "slash",
                 "target": "VSE", "then": ["BOR"], "zone": "upper_torso", "dice": {"reflex": 2, "skill": 4}}
SUDDEN = {"exchange": 1, "step": "defence", "maneuver": "sudden_attack", "answers": "RAT", "intercept": 1,
          "attack_type": "thrust", "zone": "head", "dice": {"reflex": 2, "skill": 2}}


def swept() -> Inputs:
    """Ratibor's circular slash (M10) on Vseslav, then Boris, who answers with a sudden attack (M33); the slash cuts
    Vseslav and goes on to Boris at full dice (L291, L304)."""
    return (Inputs().add("order", "RAT", SWEEP_VSE_BOR).add("order", "BOR", {"exchange": 1, **PASS})
            .add("order", "BOR", SUDDEN)
            .roll("RAT", "attack", [9, 8, 7, 6, 2, 2], target="VSE").roll("RAT", "zone", [3, 4], dice="2d6-2",
                                                                           target="VSE")
            .roll("RAT", "penetration", [6], dice="1d6", target="VSE")
            .roll("RAT", "attack", [9, 8, 7, 2, 2, 2], target="BOR").roll("BOR", "defence", [9, 7, 6, 2],
                                                                           answers="RAT"))


def test_m33_a_sweeps_further_target_intercepts_where_the_sweep_reaches_him() -> None:
    """The interception (1 die at %5: Ratibor's Reflex equals Boris's) is asked where the sweep reaches Boris, keyed
    by the attack it answers, as the first target's is."""
    stop = swept().resolve(two_against_rat())
    assert stop.error is None
    [sudden] = [d for d in of(stop, "declared") if d["actor"] == "BOR" and d["step"] == "defence"]
    assert (sudden["maneuver"], sudden["order"]["answers"]) == ("sudden_attack", "RAT")
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [
        ("BOR", "interception", {"exchange": 1, "answers": "RAT"}),
        ("RAT", "body_language", {"exchange": 1, "answers": "RAT"})]
    assert [c["target"] for c in of(stop, "clash")] == ["VSE"]


def test_m33_a_sweeps_further_target_who_intercepts_strikes_first_then_the_sweep_lands_on_him_undefended() -> None:
    stop = (swept().roll("BOR", "interception", [9], answers="RAT")
            .roll("RAT", "body_language", [3, 2, 2, 2, 4], answers="RAT").roll("BOR", "zone", [6, 6], dice="2d6-2")
            .resolve(two_against_rat()))
    interception = of(stop, "effect")[-1]
    assert interception["maneuver"] == "sudden_attack" and interception["why"][0].endswith(
        "[9] → 1 − 0 = 1 vs RAT Body Language 5d %5 [3, 2, 2, 2, 4] → 0 − 0 = 0 → BOR strikes first, undefended "
        "(M33, L505-507)")
    clashes = of(stop, "clash")
    assert [(c["attacker"], c["target"], c["defence"], c["opposed"]["final"]) for c in clashes] == [
        ("RAT", "VSE", None, 4), ("BOR", "RAT", None, 3 - 1), ("RAT", "BOR", None, 3)]  # the head costs 1 (A-23b)
    assert clashes[2]["attack_roll"]["faces"] == [9, 8, 7, 2, 2, 2]  # the sweep's 6 dice, none lost to Vseslav
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [("RAT", "zone", {"exchange": 1,
                                                                                       "target": "BOR"})]


def test_m33_a_synchronous_attacks_second_target_intercepts_and_the_one_roll_lands_on_him_undefended() -> None:
    """M24 (L441): Ratibor's one roll on Vseslav and Boris; Boris answers with a sudden attack, loses the interception
    (0 against Ratibor's 1), so Ratibor's blow lands first and his own after, both undefended (L507)."""
    from tests.skirmish.test_melee_sweep import dual_wielding_rat

    sync = {"exchange": 1, "step": "attack", "maneuver": "synchronous_attack", "attack_type": "slash",
            "target": "VSE", "also": "BOR", "zone": "upper_torso", "dice": {"reflex": 2, "skill": 3}}
    stop = (Inputs().add("order", "RAT", sync).add("order", "BOR", {"exchange": 1, **PASS}).add("order", "BOR", SUDDEN)
            .roll("RAT", "attack", [9, 8, 7, 6, 5]).roll("BOR", "defence", [9, 7, 6, 2], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2", target="VSE")
            .roll("RAT", "penetration", [6], dice="1d6", target="VSE")
            .roll("BOR", "interception", [3], answers="RAT")
            .roll("RAT", "body_language", [7, 2, 2, 2, 2], answers="RAT")
            .resolve(dual_wielding_rat(two_against_rat())))
    assert stop.error is None
    assert of(stop, "effect")[-1]["why"][0].endswith("→ BOR's blow lands after RAT's (M33, L505-507)")
    assert [(c["attacker"], c["target"], c["defence"], c["attack_roll"]["faces"]) for c in of(stop, "clash")] == [
        ("RAT", "VSE", None, [9, 8, 7, 6, 5]), ("RAT", "BOR", None, [9, 8, 7, 6, 5])]
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [("RAT", "zone", {"exchange": 1,
                                                                                       "target": "BOR"})]
