"""Part 1's maneuvers in a melee of several fighters (4.4): from the recorded fight `ally` at the start of round 3,
with Boris on Vseslav's side, Ratibor (a longsword) attacks Boris, who answers; each attack and its defence are
priced, checked and resolved by part 1 on the two fighters concerned. The maneuvers whose effect is a pair's combat
initiative or distance are refused naming the rule, and so are those not yet played in a group. Maneuvering (M53,
L681) against several opponents: an enemy with fewer successes cannot attack the maneuverer in the next exchange.
A sweep's further target may be protected by an ally (M37), and the rolls of each target's hit carry its `target`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.render import i18n
from replay.rulesets.skirmish import group
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle
from tests.skirmish import test_melee_several as several
from tests.skirmish.test_bad_input import refused_at_import
from tests.skirmish.test_melee_shrinks import RULESET
from tests.skirmish.test_melee_sweep import Inputs, dual_wielding_rat, of, synchronous, two_against_rat


def attack(m: str, **kw: Any) -> dict[str, Any]:
    return {"exchange": 1, "step": "attack", "maneuver": m, "target": "BOR", "dice": {"reflex": 2, "skill": 3}, **kw}


def defence(m: str, **kw: Any) -> dict[str, Any]:
    return {"exchange": 1, "step": "defence", "maneuver": m, "answers": "RAT", "dice": {"reflex": 2, "skill": 1},
            **kw}


def exchange(att: dict[str, Any], dfn: dict[str, Any] | None) -> Inputs:
    inputs = Inputs().add("order", "RAT", att).add("order", "BOR", {"exchange": 1, "step": "attack",
                                                                     "maneuver": "pass"})
    return inputs if dfn is None else inputs.add("order", "BOR", dfn)


LOW, HIGH = [3, 2, 2, 1, 1], [10, 10, 9]
NO_FEINT = {"name": "feint", "value": "no", "exchange": 1}
"""M14: a basic attack answered by a parry, counterattack or knock-aside asks its attacker whether he feints."""


def test_a_knock_aside_in_a_group_knocks_the_attackers_weapon_aside() -> None:
    stop = (exchange(attack("chop", zone="upper_torso"), defence("knock_aside")).add("choice", "RAT", NO_FEINT)
            .roll("RAT", "attack", LOW)
            .roll("BOR", "defence", HIGH, answers="RAT").roll("RAT", "fortitude", [9, 8, 2, 1])
            .resolve(two_against_rat()))
    [clash] = of(stop, "clash")
    assert (clash["attacker"], clash["target"], clash["defence"], clash["opposed"]["winner"]) == (
        "RAT", "BOR", {"actor": "BOR", "maneuver": "knock_aside"}, "defence")
    [aside] = of(stop, "knocked_aside")
    assert (aside["attacker"], aside["defender"], aside["needed"]) == ("RAT", "BOR", 3)


def test_a_counterattack_in_a_group_earns_its_bonus_dice() -> None:
    stop = (exchange(attack("chop", zone="upper_torso"), defence("counterattack")).add("choice", "RAT", NO_FEINT)
            .roll("RAT", "attack", LOW)
            .roll("BOR", "defence", HIGH, answers="RAT").resolve(two_against_rat()))
    [clash] = of(stop, "clash")
    assert clash["counter_bonus"]["fighter"] == "BOR" and clash["counter_bonus"]["amount"] == clash["opposed"]["final"]


def test_a_slip_in_a_group_takes_the_attackers_skill_points() -> None:
    stop = (exchange(attack("chop", zone="upper_torso"), defence("slip")).roll("RAT", "attack", LOW)
            .roll("BOR", "defence", HIGH, answers="RAT").resolve(two_against_rat()))
    [clash] = of(stop, "clash")
    assert clash["skill_zero"] == {"fighter": "RAT", "round": 3}


def test_a_bind_in_a_group_holds_the_attackers_weapon() -> None:
    stop = (exchange(attack("thrust", zone="upper_torso"), defence("bind")).roll("RAT", "attack", LOW)
            .roll("BOR", "defence", HIGH, answers="RAT").resolve(two_against_rat()))
    [effect] = of(stop, "effect")
    assert effect["maneuver"] == "bind" and effect["why"][0].startswith("bind: RAT loses")


def test_a_power_blow_in_a_group_on_a_weapon_block_is_priced_and_blocked_by_part_1() -> None:
    stop = (exchange(attack("power_blow", attack_type="chop", zone="upper_torso"), defence("weapon_block"))
            .roll("RAT", "attack", LOW).roll("BOR", "defence", HIGH, answers="RAT")
            .roll("BOR", "reliability", [9, 8, 7, 6, 5, 4, 3, 2, 1, 1]).roll("BOR", "fortitude", [9, 8, 2, 1])
            .roll("BOR", "power_shock", [9, 8, 7, 1]).resolve(two_against_rat()))
    [declared] = [d for d in of(stop, "declared") if d["actor"] == "RAT" and d["step"] == "attack"]
    assert declared["maneuver"] == "power_blow" and declared["priced"]["maneuver_id"] == "M12"
    [blocked] = of(stop, "blocked")
    assert (blocked["defender"], blocked["attacker"]) == ("BOR", "RAT")


def test_a_feint_in_a_group_voids_the_parry_that_answers_it_and_the_defender_answers_anew() -> None:
    """M14 (L336-349, C5): after the defences, Ratibor invokes a feint against Boris's parry; the parry is void and
    its points locked, Boris's free Body Language check frees none, and his new defence (`after_feint`, naming the
    attack it answers) is rolled as `redefence`."""
    inputs = exchange(attack("chop", zone="upper_torso"), defence("parry"))
    stop = inputs.resolve(two_against_rat())
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [("RAT", "feint", {"exchange": 1})]
    inputs.add("choice", "RAT", {"name": "feint", "value": {"maneuver": "thrust", "zone": "left_leg", "buys": []},
                                 "exchange": 1}).roll("BOR", "body_language", [8, 3, 2, 2, 1])
    stop = inputs.resolve(two_against_rat())
    assert [(r.actor, r.key_dict) for r in stop.requests] == [("BOR", {"exchange": 1, "step": "after_feint"})]
    stop = (inputs.add("order", "BOR", {"exchange": 1, "step": "after_feint", "maneuver": "sidestep", "answers": "RAT",
                                        "dice": {"reflex": 1, "skill": 0}})
            .roll("RAT", "attack", [9, 8, 7, 2, 2]).roll("BOR", "redefence", [6], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2").resolve(two_against_rat()))
    [feinted] = of(stop, "feint")
    assert (feinted["attacker"], feinted["defender"], feinted["locked"]) == ("RAT", "BOR", {"reflex": 2, "skill": 1})
    [clash] = of(stop, "clash")
    assert (clash["maneuver"], clash["defence"], clash["opposed"]["winner"]) == (
        "thrust", {"actor": "BOR", "maneuver": "sidestep"}, "attack")
    fight = stop.state.pairs[0].fight
    assert [(d.actor, d.maneuver, d.order.get("answers")) for d in fight.declared if d.step == "defence"
            and d.maneuver != "pass"] == [("BOR", "sidestep", "RAT")]


def test_a_sudden_attack_in_a_group_intercepts_the_attack_it_answers() -> None:
    """M33 (L503-507): Boris answers Ratibor's chop with a sudden attack; his interception roll against Ratibor's free
    Body Language (both keyed by exchange and the attack answered, `answers`) puts his blow first, undefended, then
    Ratibor's lands undefended too."""
    inputs = exchange(attack("chop", zone="upper_torso"), defence("sudden_attack", intercept=1, attack_type="thrust",
                                                                  zone="head", dice={"reflex": 2, "skill": 2}))
    stop = (inputs.roll("RAT", "attack", [9, 8, 3, 2, 2]).roll("BOR", "defence", [9, 7, 6, 2], answers="RAT")
            .resolve(two_against_rat()))
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [
        ("BOR", "interception", {"exchange": 1, "answers": "RAT"}),
        ("RAT", "body_language", {"exchange": 1, "answers": "RAT"})]
    stop = (inputs.roll("BOR", "interception", [9], answers="RAT")
            .roll("RAT", "body_language", [3, 2, 2, 2, 4], answers="RAT").roll("BOR", "zone", [6, 6], dice="2d6-2")
            .resolve(two_against_rat()))
    [effect] = of(stop, "effect")
    assert effect["why"][0].endswith("→ BOR strikes first, undefended (M33, L505-507)")
    assert [(c["attacker"], c["target"], c["defence"]) for c in of(stop, "clash")] == [
        ("BOR", "RAT", None), ("RAT", "BOR", None)]


def test_a_double_attack_in_a_group_rolls_each_part_against_its_own_defence() -> None:
    """M06 (L263-265): Ratibor with a short sword and a dagger; Boris answers the first part with a weapon block and
    the second with a sidestep (`second`); the rolls `attack`, `attack2`, `defence`, `defence2`, the defences' keyed
    by `answers`."""
    second = {"attack_type": "thrust", "zone": "lower_torso", "dice": {"reflex": 1, "skill": 1}}
    inputs = exchange(attack("double_attack", attack_type="slash", zone="upper_torso", dice={"reflex": 1, "skill": 2},
                             second=second),
                      defence("weapon_block", dice={"reflex": 1, "skill": 1},
                              second={"maneuver": "sidestep", "dice": {"reflex": 2, "skill": 0}}))
    state = dual_wielding_rat(two_against_rat())
    stop = inputs.resolve(state)
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [
        ("RAT", "attack", {"exchange": 1}), ("BOR", "defence", {"exchange": 1, "answers": "RAT"}),
        ("RAT", "attack2", {"exchange": 1}), ("BOR", "defence2", {"exchange": 1, "answers": "RAT"})]
    stop = (inputs.roll("RAT", "attack", [4, 3, 2]).roll("BOR", "defence", [9, 9], answers="RAT")
            .roll("RAT", "attack2", [3, 2]).roll("BOR", "defence2", [9, 6], answers="RAT")
            .roll("BOR", "reliability", [9, 8, 7, 6, 5, 4, 3, 2, 1]).roll("BOR", "fortitude", [9, 8, 7, 6])
            .resolve(state))
    clashes = of(stop, "clash")
    assert [(c["maneuver"], c["defence"]["maneuver"], c["opposed"]["winner"]) for c in clashes] == [
        ("slash", "weapon_block", "defence"), ("thrust", "sidestep", "defence")]


def test_an_attack_with_defence_in_a_group_leaves_one_defence_part() -> None:
    """M01 (L234-238): Ratibor thrusts at Boris with the short sword `with_defence`; attacked by Boris, he is still
    asked his defence (A-09's exception) and parries with the dagger; a second defence part is refused naming M01."""
    state = dual_wielding_rat(two_against_rat())
    inputs = (Inputs().add("order", "RAT", attack("thrust", zone="upper_torso", with_defence=True, weapon="short_sword",
                                                  dice={"reflex": 1, "skill": 2}))
              .add("order", "BOR", {**attack("thrust", zone="upper_torso", dice={"reflex": 1, "skill": 2}),
                                    "target": "RAT"}))
    stop = inputs.resolve(state)
    assert [(r.actor, r.key_dict) for r in stop.requests] == [
        ("RAT", {"exchange": 1, "step": "defence", "answers": "BOR"})]
    parry = {"exchange": 1, "step": "defence", "maneuver": "parry", "answers": "BOR", "weapon": "dagger",
             "dice": {"reflex": 1, "skill": 1}}
    stop = inputs.add("order", "RAT", parry).resolve(state)
    fight = stop.state.pairs[0].fight
    assert [(d.actor, d.maneuver) for d in fight.declared if d.step == "defence" and d.maneuver != "pass"] == [
        ("RAT", "parry")]
    [problem] = group.declaration_problems(fight, "RAT", {**parry, "answers": "VSE"}, RULESET.options())
    assert problem == ("step_or_action (5.4.1 M01, A-09): RAT's attack with defence has one defence part, already "
                       "declared against BOR")
    assert msg._problem(problem.split("): ", 1)[1]) == ("у атаки с защитой RAT одна защитная часть, она уже заявлена "
                                                         "против BOR")


def test_part_1s_checks_still_hold_in_a_group() -> None:
    """A master strike needs its level (4.8); a bind answers only thrusts and cuts (L594)."""
    fight = two_against_rat().pairs[0].fight
    made = replace(fight, declared=())
    assert group.declaration_problems(made, "RAT", attack("disarm"), RULESET.options()) == [
        "skill_too_low (4.8): disarm needs swords 6, RAT has 5"]


@pytest.mark.parametrize(("maneuver", "rule"), [
    ("bluff", "4.4, M17"), ("countertime", "4.4, M08"), ("beat", "4.4, M16"),
    ("disorientation", "4.4, M18"), ("shield_push", "4.4, M57")])
def test_maneuvers_a_group_cannot_play_are_refused_naming_the_rule_in_both_languages(maneuver: str,
                                                                                      rule: str) -> None:
    fight = two_against_rat().pairs[0].fight
    [problem] = group.declaration_problems(fight, "RAT", attack(maneuver, zone="upper_torso"), RULESET.options())
    assert problem.startswith(f"condition_failed ({rule}): {maneuver}: not played in a melee of several fighters: ")
    ru = msg._problem(problem.split("): ", 1)[1])
    assert ru is not None and "не играется в схватке нескольких бойцов" in ru
    assert not msg.english_left(ru, {"RAT", "BOR", "L275", "L129", "CP-17", "CP-19", "M17", "M08", "M16", "M14"})


@pytest.mark.parametrize("maneuver", ["delayed_defence", "arrow_evasion"])
def test_defences_a_group_cannot_play_are_refused_naming_the_rule(maneuver: str) -> None:
    fight = replace(two_against_rat().pairs[0].fight, declared=())
    [problem] = group.declaration_problems(fight, "BOR", defence(maneuver), RULESET.options())
    assert problem.startswith("condition_failed (4.4, M") and "not played in a melee of several fighters" in problem
    assert msg._problem(problem.split("): ", 1)[1]) is not None


def lying(state: Battle, fid: str) -> Battle:
    return state.with_fighter(replace(state.fighter(fid), stance="lying"))


def test_standing_up_in_a_group_is_the_fighters_own_check() -> None:
    inputs = Inputs().add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "pass"}).add(
        "order", "BOR", {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "stand_up": True,
                         "dice": {"reflex": 2, "skill": 0}})
    stop = inputs.resolve(lying(two_against_rat(), "BOR"))
    assert [(r.actor, r.name, r.key_dict, r.what) for r in stop.requests] == [
        ("BOR", "attack", {"exchange": 1}, "attack roll of BOR (maneuvering, %5)")]
    stop = inputs.roll("BOR", "attack", [6, 2]).resolve(lying(two_against_rat(), "BOR"))
    [up] = of(stop, "stood_up")
    assert (up["fighter"], up["standing"]) == ("BOR", True)


# --- M53 maneuvering against several opponents (L681) ------------------------------------------------------------

def maneuvering(reflex: int = 3) -> Inputs:
    return Inputs().add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "maneuvering",
                                         "dice": {"reflex": reflex, "skill": 0}}).add(
        "order", "BOR", {"exchange": 1, "step": "attack", "maneuver": "pass"})


def test_m53_the_difficulty_is_by_the_larger_side_and_the_same_for_both() -> None:
    stop = maneuvering().resolve(two_against_rat())
    [declared] = [d for d in of(stop, "declared") if d["actor"] == "RAT"]
    assert declared["priced"]["difficulty"] == 4
    assert declared["priced"]["difficulty_mods"] == ["maneuvering %4 against 2 opponents (M53, L681)"]
    assert [(r.actor, r.name, r.dice) for r in stop.requests] == [("RAT", "attack", "3d10")]


def test_m53_enemies_with_fewer_successes_cannot_attack_the_maneuverer_next_exchange() -> None:
    inputs = maneuvering().roll("RAT", "attack", [9, 3, 5])
    stop = inputs.resolve(two_against_rat())
    [effect] = of(stop, "effect")
    assert effect["why"] == ["RAT maneuvers: 3d %4 [9, 3, 5] → 2 (M53, L681)",
                             "VSE 0 (no maneuvering) < 2: VSE cannot attack RAT in the next exchange (M53, L681)",
                             "BOR 0 (no maneuvering) < 2: BOR cannot attack RAT in the next exchange (M53, L681)"]
    assert [(c["fighter"], c["kind"], c["ref"], c["start"]) for c in effect["changes"]] == [
        ("VSE", "outmaneuvered", "RAT", [3, 2]), ("BOR", "outmaneuvered", "RAT", [3, 2])]
    stop = inputs.add("order", "VSE", {"exchange": 2, "step": "attack", "maneuver": "chop", "target": "RAT",
                                       "zone": "upper_torso", "dice": {"reflex": 0, "skill": 3}}).resolve(
        two_against_rat())
    assert "RAT out-maneuvered VSE in the exchange before: VSE cannot attack RAT in this exchange" in str(stop.error)
    said = msg.why(effect, "ru")
    assert said[1] == "VSE: 0 (не маневрировал) < 2: VSE не может атаковать RAT в следующем обмене (M53, L681)"


def test_m53_a_maneuver_without_a_success_changes_nothing() -> None:
    stop = maneuvering().roll("RAT", "attack", [2, 3, 1]).resolve(two_against_rat())
    [effect] = of(stop, "effect")
    assert effect["changes"] == []
    assert effect["why"][1] == "VSE 0 (no maneuvering) ≥ 0: VSE may attack RAT in the next exchange (M53, L681)"


def test_m53_reflex_only_and_no_target() -> None:
    fight = two_against_rat().pairs[0].fight
    order = {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "target": "BOR",
             "dice": {"reflex": 1, "skill": 1}}
    assert group.declaration_problems(fight, "RAT", order, RULESET.options()) == [
        "condition_failed (5.4.3 M53, L681): maneuvering names no target: its successes are compared with every "
        "enemy's in the melee",
        "condition_failed (5.4.3 M53): maneuvering (Р) is rolled with reflex points only"]


def led_by_bor() -> Battle:
    """Vseslav and Boris (red) against Ratibor, Boris the red side's leader (trait `leader`; Tactics 1, Wits 3)."""
    state = two_against_rat()
    return state.with_fighter(replace(state.fighter("BOR"), traits=("leader",)))


def bor_maneuvers(x: int = 1) -> Inputs:
    inputs = Inputs()
    for n in range(1, x + 1):
        inputs.add("order", "RAT", {"exchange": n, "step": "attack", "maneuver": "pass"})
        inputs.add("order", "VSE", {"exchange": n, "step": "attack", "maneuver": "pass"})
        inputs.add("order", "BOR", {"exchange": n, "step": "attack", "maneuver": "maneuvering",
                                    "dice": {"reflex": 2, "skill": 0}})
    return inputs


def test_m53_the_leaders_tactics_check_gives_his_side_bonus_dice_for_the_round() -> None:
    stop = bor_maneuvers().resolve(led_by_bor())
    assert [(r.actor, r.name, r.key_dict, r.dice) for r in stop.requests] == [
        ("BOR", "leader_tactics", {"exchange": 1}, "4d10")]  # Tactics 1 + Wits 3
    assert "Тактика по Сообразительности: BOR — лидер своей стороны, на маневрирование (бесплатно, %5, M53, A-108)" in \
        i18n.request_text(stop.requests[0], "ru", [RULESET])
    inputs = bor_maneuvers().roll("BOR", "leader_tactics", [9, 5, 1, 7])
    stop = inputs.resolve(led_by_bor())
    [led] = of(stop, "effect")
    assert led["why"] == ["BOR, BOR's side's leader: Tactics by Wits 4d %5 [9, 5, 1, 7] → 3 − 1 = 2: +2 dice on "
                          "Maneuvering this round (M53, L681, A-108)"]
    assert "A-108" in led["defaults"]
    assert [(c["fighter"], c["kind"], c["amount"], c["ref"], c["until"]) for c in led["changes"]] == [
        ("VSE", "leader_bonus", 2, "BOR", [3, 2]), ("BOR", "leader_bonus", 2, "BOR", [3, 2])]
    [declared] = [d for d in of(stop, "declared") if d["actor"] == "BOR"]
    assert (declared["priced"]["dice_to_roll"], declared["priced"]["leader_bonus"]) == (4, {"leader": "BOR",
                                                                                            "dice": 2})
    assert [(r.actor, r.name, r.dice) for r in stop.requests] == [("BOR", "attack", "4d10")]
    assert msg.why(led, "ru") == ["BOR, лидер своей стороны: Тактика по Сообразительности 4к10 %5 [9, 5, 1, 7] → 3 − 1 "
                                  "= 2: +2 куб. на маневрирование в этом раунде (M53, L681, A-108)"]


def test_m53_the_leaders_check_is_made_once_a_round() -> None:
    inputs = bor_maneuvers(2).roll("BOR", "leader_tactics", [9, 5, 1, 7]).roll("BOR", "attack", [2, 2, 3, 1])
    stop = inputs.resolve(led_by_bor())
    assert [(r.actor, r.name, r.key_dict, r.dice) for r in stop.requests] == [
        ("BOR", "attack", {"exchange": 2}, "4d10")]  # the bonus lasts the round: no second Tactics check
    assert [e["why"][0][:12] for e in of(stop, "effect")] == ["BOR, BOR's s", "BOR maneuver"]


def test_m53_a_leader_out_of_the_fight_makes_no_check_and_counts_0() -> None:
    """Boris, the red leader, has fallen in this melee before his side's first Maneuvering: no Tactics check, 0."""
    from replay.context import TurnInputs, run
    from replay.rulesets.skirmish.evolve import evolve as fight_evolve

    state = led_by_bor()
    melee = state.pairs[0].fight
    melee = melee.with_fighter(replace(melee.fighter("BOR"), status="unconscious"))
    melee = melee.with_fighter(replace(melee.fighter("VSE"), shock=()))
    inputs = Inputs().add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "pass"}).add(
        "order", "VSE", {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "dice": {"reflex": 2, "skill": 0}})
    order = group.levels(state, melee.ids)
    stop = run(lambda fight, turn, ctx, options: group.group_round(ctx, order, "square", turn, options,
                                                                    {"red": ("BOR", 4)}),
               fight_evolve, melee, 3, TurnInputs.of(3, inputs.events), RULESET.options(), "g")
    [led] = [e for e in of(stop, "effect") if e["changes"] and e["changes"][0]["kind"] == "leader_bonus"]
    assert led["why"] == ["BOR, VSE's side's leader, is out of the fight: 0 successes (M53, L681)"]
    assert msg.why(led, "ru") == ["BOR, лидер своей стороны, выбыл из боя: 0 успехов (M53, L681)"]
    assert [(r.actor, r.name, r.dice) for r in stop.requests] == [("VSE", "attack", "2d10")]


def test_m53_a_side_without_a_leader_counts_0_and_the_enemy_leader_does_not_roll_for_it() -> None:
    stop = maneuvering().resolve(led_by_bor())  # Ratibor (blue) maneuvers; Boris leads the red side, not his
    assert [(r.actor, r.name) for r in stop.requests] == [("RAT", "attack")]


def test_m53_leaders_are_the_sheets_trait_one_a_side() -> None:
    state = led_by_bor()
    assert group.maneuvering.leaders(state, state.pairs[0].fight) == {"red": ("BOR", 4)}
    assert group.maneuvering.leaders(two_against_rat(), two_against_rat().pairs[0].fight) == {}


def test_m53_without_a_sheets_leader_the_sides_formation_commander_leads() -> None:
    from replay.rulesets.skirmish.battle import Formation

    state = two_against_rat()
    melee = state.pairs[0].fight
    led = replace(state, formations=(Formation("BOR", ("VSE", "OLG"), (), 3, 2),))
    assert group.maneuvering.leaders(led, melee) == {"red": ("BOR", 4)}  # Tactics 1 + Wits 3
    named = led.with_fighter(replace(led.fighter("VSE"), traits=("leader",)))
    assert group.maneuvering.leaders(named, melee) == {"red": ("VSE", 4)}  # the sheet first: Wits 4, no Tactics
    two = replace(state, formations=(Formation("BOR", ("VSE", "OLG"), (), 3, 2),
                                     Formation("VSE", ("BOR", "OLG"), (), 3, 2)))
    assert group.maneuvering.leaders(two, melee) == {}  # two commanders: the sheet must name the leader


def test_m53_two_leaders_on_one_side_are_refused_at_setup() -> None:
    from replay.rulesets.skirmish.battle import BattleSetup

    setup = json.loads(Path("fixtures/skirmish/hand/fray.jsonl").read_text(encoding="utf-8").splitlines()[0])[
        "payload"]["setup"]
    BattleSetup.model_validate(setup)  # Ratibor leads his side
    bor = next(f for f in setup["fighters"] if f.get("id") == "BOR")
    bor["traits"] = ["leader"]
    with pytest.raises(ValueError, match=r"one leader a side \(trait leader; M53, L681\)"):
        BattleSetup.model_validate(setup)


def maneuvering_to(cell: list[int], reflex: int = 3) -> Inputs:
    return Inputs().add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "to": cell,
                                         "dice": {"reflex": reflex, "skill": 0}}).add(
        "order", "BOR", {"exchange": 1, "step": "attack", "maneuver": "pass"})


def test_m53_a_maneuver_with_a_success_moves_the_maneuverer_one_cell() -> None:
    stop = maneuvering_to([3, 2]).roll("RAT", "attack", [9, 3, 5]).resolve(two_against_rat())
    [effect] = of(stop, "effect")
    assert effect["why"][-1] == "RAT moves to (3, 2) (M53, L679)"
    assert {"op": "move", "fighter": "RAT", "path": [[3, 2]], "cell": [3, 2]} in effect["changes"]
    assert msg.why(effect, "ru")[-1] == "RAT перемещается в (3, 2) (M53, L679)"
    assert stop.state.fighter("RAT").cell == (3, 2)


def test_m53_a_maneuver_without_a_success_does_not_move() -> None:
    stop = maneuvering_to([3, 2]).roll("RAT", "attack", [2, 3, 1]).resolve(two_against_rat())
    [effect] = of(stop, "effect")
    assert effect["why"][-1] == "RAT stays in (4, 2): no success (M53, L679)"
    assert stop.state.fighter("RAT").cell == (4, 2)


@pytest.mark.parametrize("cell, said", [
    ([2, 2], "condition_failed (5.4.3 M53, L679): RAT moves one cell while maneuvering: (2, 2) does not touch his "
             "cell (4, 2)"),
    ([4, 3], "condition_failed (3.6, L14): cell (4, 3) is off the field, blocked or taken"),
    ("north", "condition_failed (5.4.3 M53, L679): to: the cell he moves to, [x, y]"),
])
def test_m53_a_move_is_one_cell_into_a_free_one(cell: Any, said: str) -> None:
    fight = two_against_rat().pairs[0].fight
    order = {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "to": cell, "dice": {"reflex": 1, "skill": 0}}
    problems = group.declaration_problems(fight, "RAT", order, RULESET.options())
    assert problems == [said]
    ru = msg._problem(said.split("): ", 1)[1])
    assert ru is not None and not msg.english_left(ru, {"RAT", "L679", "L14"})


def test_m53_a_move_out_of_every_enemys_reach_is_a_retreat() -> None:
    state = two_against_rat()
    fight = state.pairs[0].fight
    far = replace(fight, fighters=tuple(replace(f, cell=(6, 2)) if f.id == "VSE" else
                                        replace(f, cell=(5, 4)) if f.id == "BOR" else f for f in fight.fighters))
    far = far.with_fighter(replace(far.fighter("RAT"), weapons=tuple(
        replace(w, hands=()) for w in far.fighter("RAT").weapons)))
    order = {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "to": [3, 2], "dice": {"reflex": 1,
                                                                                                 "skill": 0}}
    [said] = group.declaration_problems(far, "RAT", order, RULESET.options())
    assert said.startswith("condition_failed (5.4.3 M53, M45): from (3, 2) RAT reaches no enemy of the melee")


# --- M37 on a sweep's further target; the hit rolls of several targets ---------------------------------------------

def with_olg(state: Battle) -> Battle:
    """Olga on Vseslav's side at (5, 3): beside Ratibor (4, 2) and Vseslav (5, 2)."""
    pair = state.pairs[0]
    bor = pair.fight.fighter("BOR")
    olg = replace(bor, id="OLG", cell=(5, 3))
    four = replace(pair, id="RAT-VSE-BOR-OLG", fight=replace(pair.fight, fighters=(*pair.fight.fighters, olg)))
    return replace(state, pairs=(four,), chain=(*state.chain, ("OLG", 1)))


def test_m37_an_ally_protects_a_sweeps_further_target() -> None:
    state = with_olg(two_against_rat())
    inputs = (Inputs().add("order", "OLG", {"exchange": 1, "step": "attack", "maneuver": "pass"})
              .sweep("circular_slash", "slash", "BOR", "VSE", "upper_torso"))
    stop = inputs.block().resolve(state)
    asked = {(r.actor, r.key_dict.get("answers")): r.what for r in stop.requests}
    assert asked[("OLG", "RAT")] == (
        "Protect ally (M37): BOR and VSE are attacked by RAT, exchange 1 (maneuver protect_ally, as knock_aside, "
        "weapon_block or shield_block, answers: RAT, ally: the one protected; or pass)")
    assert msg.requests_ru().match(asked[("OLG", "RAT")], msg._request) is not None
    stop = (inputs.add("order", "OLG", {"exchange": 1, "step": "defence", "maneuver": "protect_ally",
                                        "as": "weapon_block", "answers": "RAT", "ally": "VSE", "weapon": "longsword",
                                        "dice": {"reflex": 2, "skill": 0}})
            .roll("RAT", "attack", [9, 8, 7, 6, 5, 2], target="BOR").roll("BOR", "defence", [2, 1], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2", target="BOR")
            .roll("RAT", "penetration", [6], dice="1d6", target="BOR")
            .roll("RAT", "attack", [4, 3, 2, 2, 1, 1], target="VSE").roll("OLG", "defence", [10, 9], answers="RAT")
            .resolve(state))
    clashes = of(stop, "clash")
    assert [(c["target"], c["defence"]) for c in clashes] == [
        ("BOR", {"actor": "BOR", "maneuver": "weapon_block"}), ("VSE", {"actor": "OLG", "maneuver": "weapon_block"})]
    [guard] = [d for d in of(stop, "declared") if d["actor"] == "OLG" and d["step"] == "defence"]
    assert guard["priced"]["protects"] == "VSE"


def test_the_second_targets_hit_rolls_are_keyed_by_his_id() -> None:
    """M24 (L441): one attack roll, but the zone and penetration of each wound are its own rolls, keyed by the target
    (the first's too), not shared under the exchange's key."""
    stop = (synchronous().block().roll("RAT", "attack", [9, 8, 7, 6, 5]).roll("BOR", "defence", [5, 1], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2", target="VSE")
            .roll("RAT", "penetration", [6], dice="1d6", target="VSE")
            .resolve(dual_wielding_rat(two_against_rat())))
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [
        ("RAT", "zone", {"exchange": 1, "target": "BOR"})]


# --- bad input through `battlelog import` -----------------------------------------------------------------------

def order_of(actor: str, **payload: Any) -> dict[str, Any]:
    return {"game": several.GAME, "type": "order", "turn": 2, "actor": actor, "payload": payload}


IMPORT_CASES = {
    "a bluff in the melee of several": (
        order_of("VSE", exchange=1, step="attack", maneuver="bluff", target="RAT", zone="upper_torso",
                 dice={"reflex": 0, "skill": 3}),
        ["condition_failed (4.4, M17): bluff: not played in a melee of several fighters: its effect is the combat "
         "initiative"]),
    "maneuvering with skill points": (
        order_of("VSE", exchange=1, step="attack", maneuver="maneuvering", dice={"reflex": 1, "skill": 1}),
        ["condition_failed (5.4.3 M53): maneuvering (Р) is rolled with reflex points only"]),
    "maneuvering to a cell that does not touch his own": (
        order_of("VSE", exchange=1, step="attack", maneuver="maneuvering", to=[0, 0], dice={"reflex": 1, "skill": 0}),
        ["condition_failed (5.4.3 M53, L679): VSE moves one cell while maneuvering: (0, 0) does not touch his cell"]),
}


@pytest.mark.parametrize("case", list(IMPORT_CASES))
def test_bad_input_in_the_group_is_refused_at_import_naming_the_rule(case: str, tmp_path: Path) -> None:
    bad, said = IMPORT_CASES[case]
    base = several.upto(several.hand(), 2, lambda e: e["actor"] == "VSE")
    out, db, path = refused_at_import([*base, bad], said, tmp_path)
    assert out.exit_code == 2, out.output
    ru = CliRunner().invoke(main, ["--db", db, "--lang", "ru", "import", str(path)])
    assert ru.exit_code == 2 and "[англ.]" not in ru.output, ru.output


# --- the recorded fight `fray` -----------------------------------------------------------------------------------

def fray() -> list[dict[str, Any]]:
    text = (several.FIXTURES / "fray.jsonl").read_text(encoding="utf-8")
    return [json.loads(x) for x in text.splitlines() if x.strip()]


def test_fray_a_join_by_choice_a_sweep_and_a_group_that_shrinks() -> None:
    """Round 1: Gorazd walks up between Ratibor — Vseslav and Boris — Miroslav, one cell from Vseslav and from
    Miroslav, and chooses Ratibor's melee; Ladimir joins it. Round 2: Ratibor's circular slash cuts Vseslav and goes
    on to Ladimir, who falls; he leaves the group at the round's end, the three left fight on. Round 3: Vseslav and
    Gorazd maneuver (M53): Gorazd's first asks his leader Ratibor's Tactics check (+2 dice on Maneuvering for the
    round), Vseslav's success moves him to (6, 2); Ratibor, who did not maneuver, cannot attack Vseslav in exchange
    2."""
    log = fray()
    joined = [e["payload"] for e in log if e["type"] == "skirmish.joined"]
    assert [(j["fighter"], j["group"], j.get("among")) for j in joined] == [
        ("GOR", "RAT-VSE-GOR", ["RAT-VSE", "BOR-MIR"]), ("LAD", "RAT-VSE-GOR-LAD", None)]
    sweep_hits = [e["payload"] for e in log if e["type"] == "skirmish.hit" and e["payload"]["maneuver"] ==
                  "circular_slash"]
    assert [h["target"] for h in sweep_hits] == ["VSE", "LAD"]
    zone_rolls = [e["payload"] for e in log if e["type"] == "roll" and e["payload"]["purpose"] == "zone"
                  and e["turn"] == 2]
    assert [r.get("target") for r in zone_rolls] == ["VSE", "LAD"]
    [ended] = [e["payload"] for e in log if e["type"] == "skirmish.field_round_ended" and e["turn"] == 2]
    assert ended["left"] == {"RAT-VSE-GOR-LAD": ["LAD"]}
    out = [e["payload"] for e in log if e["type"] == "skirmish.effect" and e["payload"]["maneuver"] == "maneuvering"]
    assert [(c["op"], c["fighter"], c.get("kind"), c.get("amount")) for o in out for c in o["changes"]] == [
        ("effect", "RAT", "leader_bonus", 2), ("effect", "GOR", "leader_bonus", 2),
        ("effect", "RAT", "outmaneuvered", 1), ("move", "VSE", None, None)]
    [tactics] = [e for e in log if e["type"] == "roll" and e["payload"]["purpose"] == "leader_tactics"]
    assert (tactics["actor"], tactics["turn"], tactics["payload"]["result"]) == ("RAT", 3, [9, 6, 3, 2])
    [gor] = [e["payload"] for e in log if e["type"] == "skirmish.declared" and e["turn"] == 3
             and e["payload"]["actor"] == "GOR" and e["payload"]["exchange"] == 1]
    assert (gor["priced"]["dice_to_roll"], gor["priced"]["leader_bonus"]) == (4, {"leader": "RAT", "dice": 2})


def test_fray_round_4_a_sudden_attack_by_the_sweeps_first_target(tmp_path: Path) -> None:
    """Round 4 (still open): Vseslav's circular slash at Ratibor, then Gorazd; Ratibor, its first target, answers with a
    sudden attack (M33), intercepts and strikes first; the slash, its dice lost to the shock, fails on him undefended
    and goes on to Gorazd, whose parry wins."""
    path = tmp_path / "fray.jsonl"
    path.write_text((several.FIXTURES / "fray.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    out = CliRunner().invoke(main, ["--db", db, "post", "skirmish-fray", "--turn", "4", "--lang", "en"])
    assert out.exit_code == 0, out.output
    said = out.output
    assert "→ Ratibor strikes first, undefended (M33, L505-507)" in said
    assert said.index("Ratibor strikes first") < said.index("the sweep goes on to the next target with 4 dice")
    assert "Gorazd (Parry) 3d10 %5 [\u200b9, 6, 2] → 2 − 0 = 2; 0 vs 2 → the defence wins (2)" in said


def test_the_field_frame_draws_the_sweeps_targets_in_order_with_its_legend_entry(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    path = tmp_path / "fray.jsonl"
    path.write_text((several.FIXTURES / "fray.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    svg = tmp_path / "f.svg"
    out = CliRunner().invoke(main, ["--db", db, "render", "skirmish-fray", "--turn", "2", "--step", "14", "-o",
                                    str(svg), "--lang", "en"])
    assert out.exit_code == 0, out.output
    root = ET.parse(svg).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    lines = [e for e in root.iter(f"{ns}path") if e.get("stroke-dasharray") == "8,3"]
    assert len(lines) == 1 and lines[0].get("d", "").count("Q") == 2  # RAT, then VSE, then LAD
    texts = [e.text for e in root.iter(f"{ns}text")]
    assert "a blow on several targets, in order (M09, M10, M24)" in texts
    assert "circular slash RAT: 1. VSE → 2. LAD" in next(root.iter(f"{ns}desc")).text


SWEEP_AT = {"exchange": 1, "step": "attack", "maneuver": "circular_slash", "attack_type": "slash", "target": "BOR",
            "then": ["VSE"], "zone": "upper_torso", "dice": {"reflex": 2, "skill": 4}}


def test_a_sudden_attack_by_the_sweeps_first_target_takes_the_blow_undefended_and_the_sweep_goes_on() -> None:
    """M33 (L503-507) against a circular slash (M10): Boris, its first target, intercepts; his thrust lands first,
    then the slash lands on him undefended and, a cut that hits, goes on to Vseslav at full dice (L291, L304)."""
    inputs = Inputs().add("order", "RAT", SWEEP_AT).add("order", "BOR", {"exchange": 1, "step": "attack",
                                                                          "maneuver": "pass"})
    inputs.add("order", "BOR", defence("sudden_attack", intercept=1, attack_type="thrust", zone="head",
                                       dice={"reflex": 2, "skill": 2}))
    (inputs.roll("RAT", "attack", [9, 8, 7, 6, 2, 2], target="BOR").roll("BOR", "defence", [9, 7, 6, 2], answers="RAT")
     .roll("BOR", "interception", [9], answers="RAT").roll("RAT", "body_language", [3, 2, 2, 2, 4], answers="RAT")
     .roll("BOR", "zone", [6, 6], dice="2d6-2").roll("RAT", "zone", [3, 4], dice="2d6-2", target="BOR")
     .roll("RAT", "penetration", [6], dice="1d6", target="BOR"))
    stop = inputs.resolve(two_against_rat())
    assert [(c["attacker"], c["target"], c["defence"]) for c in of(stop, "clash")] == [
        ("BOR", "RAT", None), ("RAT", "BOR", None)]
    assert of(stop, "effect")[-1]["why"] == ["the cut on BOR goes on at full damage (M10, L304)",
                                             "the sweep goes on to the next target with 6 dice (M10, L291)"]
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [
        ("RAT", "attack", {"exchange": 1, "target": "VSE"})]


def test_a_sudden_attack_by_a_synchronous_attacks_first_target_leaves_the_one_roll_on_the_second() -> None:
    """M33 against M24 (L441): Boris, the first target, strikes first; Ratibor's one roll then hits him undefended and
    Vseslav, the second target, with the other weapon."""
    from tests.skirmish.test_melee_sweep import dual_wielding_rat

    sync = {"exchange": 1, "step": "attack", "maneuver": "synchronous_attack", "attack_type": "slash",
            "target": "BOR", "also": "VSE", "zone": "upper_torso", "dice": {"reflex": 2, "skill": 3}}
    inputs = Inputs().add("order", "RAT", sync).add("order", "BOR", {"exchange": 1, "step": "attack",
                                                                      "maneuver": "pass"})
    inputs.add("order", "BOR", defence("sudden_attack", intercept=1, attack_type="thrust", zone="head",
                                       dice={"reflex": 2, "skill": 2}))
    (inputs.roll("RAT", "attack", [9, 8, 7, 6, 5]).roll("BOR", "defence", [9, 7, 6, 2], answers="RAT")
     .roll("BOR", "interception", [9], answers="RAT").roll("RAT", "body_language", [3, 2, 2, 2, 4], answers="RAT")
     .roll("BOR", "zone", [6, 6], dice="2d6-2")
     .roll("RAT", "zone", [4, 3], dice="2d6-2", target="BOR").roll("RAT", "penetration", [6], dice="1d6", target="BOR")
     .roll("RAT", "zone", [4, 3], dice="2d6-2", target="VSE").roll("RAT", "penetration", [6], dice="1d6", target="VSE"))
    stop = inputs.resolve(dual_wielding_rat(two_against_rat()))
    assert [(c["attacker"], c["target"], c["defence"]) for c in of(stop, "clash")] == [
        ("BOR", "RAT", None), ("RAT", "BOR", None), ("RAT", "VSE", None)]
    assert [(h["target"], h["raw"]) for h in of(stop, "hit") if h["target"] != "RAT"] == [("BOR", 6), ("VSE", 5)]


# --- M44 blade catch in a melee of several fighters -------------------------------------------------------------

def bor_with_a_sword_breaker() -> Battle:
    state = two_against_rat()
    bor = state.fighter("BOR")
    breaker = replace(bor.weapons[0], id="sword_breaker", type="sword_breaker", hands=("right",), state="ready")
    return state.with_fighter(replace(bor, skills={**bor.skills, "knives": 5},
                                      weapons=(*[replace(w, hands=()) for w in bor.weapons], breaker)))


def caught_in_exchange_1() -> Inputs:
    """Ratibor's chop on Boris, caught by Boris's sword-breaker (M44, L605)."""
    inputs = exchange(attack("chop", zone="upper_torso", dice={"reflex": 1, "skill": 4}),
                      defence("blade_catch", dice={"reflex": 1, "skill": 2}))
    return inputs.roll("RAT", "attack", [7, 3, 2, 2, 1]).roll("BOR", "defence", [9, 8, 7], answers="RAT")


def exchange_2(rat: dict[str, Any], bor: dict[str, Any]) -> Inputs:
    return caught_in_exchange_1().add("order", "VSE", {"exchange": 2, "step": "attack", "maneuver": "pass"}).add(
        "order", "RAT", {"exchange": 2, "step": "attack", **rat}).add("order", "BOR", {"exchange": 2,
                                                                                      "step": "attack", **bor})


def test_m44_a_blade_catch_in_a_group_holds_the_attackers_weapon() -> None:
    stop = caught_in_exchange_1().resolve(bor_with_a_sword_breaker())
    [caught] = [e for e in of(stop, "effect") if e["maneuver"] == "blade_catch"]
    assert [(c["fighter"], c["kind"], c["ref"], c["source"]) for c in caught["changes"]] == [
        ("RAT", "no_weapon", "longsword", "blade_catch")]
    fight = stop.state.pairs[0].fight
    chop = {"exchange": 2, "step": "attack", "maneuver": "chop", "target": "BOR", "zone": "upper_torso",
            "dice": {"reflex": 0, "skill": 3}}
    assert any("(5.4.2 M44, L605)" in p for p in group.declaration_problems(fight, "RAT", chop, RULESET.options()))
    move = {"exchange": 2, "step": "attack", "maneuver": "maneuvering", "to": [3, 2], "dice": {"reflex": 1,
                                                                                               "skill": 0}}
    [said] = group.declaration_problems(fight, "RAT", move, RULESET.options())
    assert said == ("condition_failed (5.4.2 M44, L605): RAT holds the caught longsword: he moves only after freeing "
                    "or dropping it")
    ru = msg._problem(said.split("): ", 1)[1])
    assert ru is not None and not msg.english_left(ru, {"RAT"})


def test_m44_in_a_group_the_victim_frees_his_weapon_by_maneuvering_at_6_at_no_target() -> None:
    inputs = exchange_2({"maneuver": "maneuvering", "free": "longsword", "dice": {"reflex": 2, "skill": 0}},
                        {"maneuver": "pass"})
    stop = inputs.roll("RAT", "attack", [7, 3], exchange=2).resolve(bor_with_a_sword_breaker())
    [freed] = [e for e in of(stop, "effect") if e["maneuver"] == "maneuvering"]
    assert freed["changes"] == [{"op": "release", "fighter": "RAT", "weapon": "longsword", "how": "freed"}]
    [decl] = [d for d in of(stop, "declared") if d["actor"] == "RAT" and d["exchange"] == 2]
    assert decl["priced"]["difficulty"] == 6


def test_m44_in_a_group_the_catcher_tries_to_break_the_caught_weapon() -> None:
    stop = exchange_2({"maneuver": "pass"}, {"maneuver": "blade_catch", "break": True, "target": "RAT",
                                              "dice": {"reflex": 0, "skill": 0}}).roll(
        "BOR", "attack", [9, 8, 6, 2, 1], exchange=2).resolve(bor_with_a_sword_breaker())
    [attempt] = [e for e in of(stop, "effect") if e["maneuver"] == "blade_catch" and e["exchange"] == 2]
    assert attempt["why"] == ["BOR tries to break the caught longsword: Strength 5d %6 [9, 8, 6, 2, 1] → 3 − 1 = 2; "
                              "0 + 2 = 2 < Reliability 7: still caught (M44, L605)"]


def test_the_group_orders_are_said_in_words() -> None:
    """A Protect ally that names the ally protected, a new defence after a feint naming the attack it answers,
    maneuvering at no one."""
    from replay.rulesets.skirmish.orders_said import say

    guard = {"exchange": 1, "step": "defence", "maneuver": "protect_ally", "as": "weapon_block", "answers": "RAT",
             "ally": "VSE", "weapon": "longsword", "dice": {"reflex": 2, "skill": 0}}
    assert "as a “Weapon block”, protecting VSE, with the Longsword, against RAT" in say(guard, "OLG", "en")
    assert "защищая бойца VSE" in say(guard, "OLG", "ru")
    again = {"exchange": 1, "step": "after_feint", "maneuver": "sidestep", "answers": "RAT",
             "dice": {"reflex": 1, "skill": 0}}
    assert say(again, "BOR", "en") == ("Exchange 1, BOR, defence again after a feint: “Sidestep”, against RAT; "
                                       "1 reflex point and 0 skill points.")
    moving = {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "dice": {"reflex": 2, "skill": 0}}
    assert say(moving, "VSE", "ru") == "В обмене 1 VSE, шаг атаки: «Маневрирование»; 2 очка рефлекса и 0 очков навыка."
    moving["to"] = [6, 2]
    assert say(moving, "VSE", "en") == ("Exchange 1, VSE, attack step: “Maneuvering”; 2 reflex points and 0 skill "
                                        "points; moves to (6, 2).")
    assert say(moving, "VSE", "ru").endswith("; перемещается в (6, 2).")
