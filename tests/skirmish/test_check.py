"""Legality checks (spec 4.7) with the reason codes of clarification C15: every problem named."""

from dataclasses import replace

from replay.rulesets.skirmish import check
from replay.rulesets.skirmish.model import Declared, SkirmishOptions, Timed
from tests.skirmish.kit import fight

OPTIONS = SkirmishOptions()


def attack(**fields):
    return {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "VSE", "zone": "upper_torso",
            "dice": {"reflex": 0, "skill": 3}, **fields}


def codes(problems):
    return [p.split(" ", 1)[0] for p in problems]


STATE = fight(holder="VSE", distance="long", round=1, exchange=1, step=1)


def test_a_legal_chop():
    assert check.declaration(STATE, "RAT", attack(), OPTIONS) == []


def test_helpless():
    rat = replace(STATE.fighter("RAT"), shock=(Timed(20, 1, 2, "t"),))
    assert codes(check.declaration(STATE.with_fighter(rat), "RAT", attack(), OPTIONS)) == ["helpless"]


def test_step_and_one_action():
    declared = Declared("RAT", 1, "attack", "chop", attack(), {"attack_type": "chop"})
    vse_att = Declared("VSE", 1, "attack", "chop", attack(target="RAT"), {"attack_type": "chop"})
    state = replace(STATE, declared=(declared, vse_att))
    parry = {"exchange": 1, "step": "defence", "maneuver": "parry", "dice": {"skill": 2}}
    assert "step_or_action" in codes(check.declaration(state, "RAT", parry, OPTIONS))
    assert "step_or_action" in codes(check.declaration(STATE, "RAT", attack(step="defence"), OPTIONS))
    no_attack = check.declaration(STATE, "RAT", parry, OPTIONS)
    assert "step_or_action" in codes(no_attack)


def test_skill_too_low():
    rat = replace(STATE.fighter("RAT"), skills={**STATE.fighter("RAT").skills, "swords": 1})
    vse_att = Declared("VSE", 1, "attack", "chop", attack(target="RAT"), {"attack_type": "chop"})
    state = replace(STATE.with_fighter(rat), declared=(vse_att,))
    parry = {"exchange": 1, "step": "defence", "maneuver": "parry", "dice": {"skill": 1}}
    assert codes(check.declaration(state, "RAT", parry, OPTIONS)) == ["skill_too_low"]


def test_a_maneuver_not_implemented_yet_is_condition_failed():
    problems = check.declaration(STATE, "RAT", attack(maneuver="feint"), OPTIONS)
    assert codes(problems) == ["condition_failed"] and "M14" in problems[0]


def test_no_thrust_block_and_a_weapon_that_cannot_thrust():
    thrust = Declared("VSE", 1, "attack", "thrust", attack(target="RAT", maneuver="thrust"), {"attack_type": "thrust"})
    state = replace(STATE, declared=(thrust,))
    block = {"exchange": 1, "step": "defence", "maneuver": "weapon_block", "dice": {"skill": 2}}
    assert "condition_failed" in codes(check.declaration(state, "RAT", block, OPTIONS))
    mace = fight({"fighters": [{"sample": "RAT", "weapons": [{"id": "m", "type": "mace", "hands": ["right"]}],
                                "skills": {"maces": 4}}, {"sample": "VSE"}]}, distance="short", round=1, exchange=1)
    assert "condition_failed" in codes(check.declaration(mace, "RAT", attack(maneuver="thrust"), OPTIONS))


def test_parry_weapon_reuse():
    vse_att = Declared("VSE", 1, "attack", "chop", attack(target="RAT"), {"attack_type": "chop"})
    rat = replace(STATE.fighter("RAT"), used_for_parry=("longsword",))
    state = replace(STATE.with_fighter(rat), declared=(vse_att,))
    parry = {"exchange": 1, "step": "defence", "maneuver": "parry", "dice": {"skill": 2}}
    assert codes(check.declaration(state, "RAT", parry, OPTIONS)) == ["weapon_used_for_parry_this_round"]


def test_out_of_reach_against_a_troll():
    troll = replace(STATE.fighter("VSE"), height_cm=300)
    vse_sword = fight({"fighters": [{"sample": "RAT", "weapons": [{"id": "a", "type": "arming_sword",
                                                                   "hands": ["right"]}]}, {"sample": "VSE"}]},
                      distance="medium", round=1, exchange=1)
    state = vse_sword.with_fighter(troll)
    assert codes(check.declaration(state, "RAT", attack(zone="head"), OPTIONS)) == ["out_of_reach"]
    assert check.declaration(state, "RAT", attack(zone="upper_torso"), OPTIONS) == []
    long_state = STATE.with_fighter(troll)
    assert check.declaration(long_state, "RAT", attack(zone="head"), OPTIONS) == []


def test_cannot_pay_and_reflex_only():
    assert codes(check.declaration(STATE, "RAT", attack(dice={"reflex": 5, "skill": 5}), OPTIONS)) == ["cannot_pay"]
    vse_att = Declared("VSE", 1, "attack", "chop", attack(target="RAT"), {"attack_type": "chop"})
    state = replace(STATE, declared=(vse_att,))
    side = {"exchange": 1, "step": "defence", "maneuver": "sidestep", "dice": {"skill": 2}}
    assert codes(check.declaration(state, "RAT", side, OPTIONS)) == ["reflex_only"]


def test_zone_not_allowed():
    assert codes(check.declaration(STATE, "RAT", attack(zone="tail"), OPTIONS)) == ["zone_not_allowed"]
    assert codes(check.declaration(STATE, "RAT", attack(buys=["precise:knee"]), OPTIONS)) == ["zone_not_allowed"]


def test_difficulty_above_seven():
    heavy = fight({"fighters": [{"sample": "RAT"}, {"sample": "VSE", "load": "heavy"}]}, holder="VSE",
                  distance="long", round=1, exchange=1)
    vse_att = Declared("RAT", 1, "attack", "chop", attack(), {"attack_type": "chop"})
    state = replace(heavy, declared=(vse_att,))
    side = {"exchange": 1, "step": "defence", "maneuver": "sidestep", "dice": {"reflex": 2}}
    assert check.declaration(state, "VSE", side, OPTIONS) == []
    assert codes(check.declaration(state, "VSE", side, SkirmishOptions(max_difficulty=5))) == ["difficulty_above_7"]


def test_format_problems_are_all_named():
    problems = check.order_format({"exchange": 3, "step": "lunge", "maneuver": "smash", "dice": {"reflex": -1},
                                   "buys": ["glory"]})
    assert len(problems) == 5
