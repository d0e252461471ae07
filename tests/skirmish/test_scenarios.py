"""The spec's hand-computed scenarios S1–S3 (section 9) as tests: given these fighters, declarations and rolls,
this happens."""

from dataclasses import replace

from replay.rulesets.skirmish import pools
from replay.rulesets.skirmish.model import SkirmishOptions
from tests.skirmish.kit import Round, asked, fight, payloads, spear_vs_dagger


def s2_round(defence_faces, **more):
    """S2: RAT (longsword, swords 5) holds initiative against VSE (arming sword + round shield), distance long."""
    state = fight(holder="RAT", distance="long")
    rnd = (Round()
           .declare("VSE", "attack")
           .attack("RAT", "chop", "head", skill=5, buys=["precise:forehead", "danger:1"])
           .defend("VSE", "shield_block", reflex=2, skill=2, weapon="shield")
           .roll("RAT", "attack", [10, 6, 5, 8, 3])
           .roll("VSE", "defence", defence_faces))
    return state, rnd


def test_s2_the_head_costs_one_success_before_the_comparison_mode_cost():
    state, rnd = s2_round([4, 2, 7, 3])
    stop = rnd.roll("VSE", "knockout", [7, 1, 5, 2]).resolve(state)
    clash = payloads(stop, "clash")[0]
    assert clash["attack_roll"]["net"] == 4 and clash["defence_roll"]["net"] == 2
    assert clash["required_extra"] == 1
    assert clash["opposed"] == {"attack_effective": 3, "defence_effective": 2, "winner": "attack", "final": 1}
    hit = payloads(stop, "hit")[0]
    assert hit["precise"] == "forehead" and hit["bought"]["danger"] == 0
    assert hit["raw"] == 8 and hit["W"] == 8 and hit["penetration"] is None
    assert hit["wound"]["level"] == 4
    assert (hit["wound"]["pain"], hit["wound"]["shock"], hit["wound"]["bleeding"]) == (4, 4, 3)
    knock = payloads(stop, "knockout")[0]
    assert knock["roll"]["net"] == 1 and not knock["unconscious"]
    vse = stop.state.fighter("VSE")
    assert vse.status == "ok" and pools.helpless(vse, 1, 1)


def test_s2_mode_threshold_gives_final_two_and_a_level_five_head_wound():
    state, rnd = s2_round([4, 2, 7, 3])
    stop = rnd.resolve(state, SkirmishOptions(extra_success_mode="threshold"))
    clash = payloads(stop, "clash")[0]
    assert clash["opposed"]["winner"] == "attack" and clash["opposed"]["final"] == 2
    assert payloads(stop, "hit")[0]["wound"]["level"] == 5
    assert stop.state.fighter("VSE").status == "dead"
    assert payloads(stop, "fight_ended")[0]["winner"] == "RAT"


def test_s2b_three_against_three_is_a_tie_and_the_attack_fails_in_both_modes():
    for mode in ("cost", "threshold"):
        state, rnd = s2_round([4, 2, 7, 5])
        stop = rnd.resolve(state, SkirmishOptions(extra_success_mode=mode))
        clash = payloads(stop, "clash")[0]
        assert clash["opposed"]["winner"] is None and payloads(stop, "hit") == []
        assert asked(stop) == [("VSE", "reliability", {"exchange": 1})]


def test_s2b_the_stopped_blow_hits_the_shield_whose_reliability_check_keeps_it_intact():
    state, rnd = s2_round([4, 2, 7, 5])
    stop = rnd.roll("VSE", "reliability", [9, 3, 5, 1, 6, 2]).resolve(state)
    block = payloads(stop, "blocked")[0]
    assert block["raw"] == 8 and block["reliability_roll"]["net"] == 2 and block["effective"] == 8
    assert not block["broken"] and not block["attacker_weapon_broken"] and block["arm_wound"] is None
    assert payloads(stop, "exchange_ended")[0]["holder"] == "RAT"
    assert stop.state.fighter("VSE").shield.state == "ready"


def test_a_shield_broken_by_a_block_lets_the_rest_through_to_the_arm():
    state, rnd = s2_round([4, 2, 7, 5])
    stop = rnd.roll("VSE", "reliability", [1, 1, 1, 2, 2, 2]).resolve(state)
    block = payloads(stop, "blocked")[0]
    assert block["effective"] == 3 and block["broken"]
    assert block["arm_wound"] is None  # 8 − 2 × 6 < 0: nothing gets through to the arm
    assert stop.state.fighter("VSE").shield.state == "broken"


def test_a_weapon_block_of_damage_above_strength_asks_a_fortitude_check_and_may_drop_the_weapon():
    state = fight(holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
           .defend("VSE", "weapon_block", skill=3).roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [7, 2, 2]))
    stop = rnd.resolve(state)
    assert asked(stop) == [("VSE", "reliability", {"exchange": 1}), ("VSE", "fortitude", {"exchange": 1})]
    stop = rnd.roll("VSE", "reliability", [9, 9, 2, 2, 2, 2, 2]).roll("VSE", "fortitude", [2, 3, 1]).resolve(state)
    block = payloads(stop, "blocked")[0]
    assert block["raw"] == 8 and block["effective"] == 9 and not block["broken"] and block["dropped"]
    assert stop.state.fighter("VSE").weapon is None
    assert stop.state.fighter("VSE").pool_skill == "fist"


def test_s2_the_same_dice_against_the_upper_torso_hit_with_final_one():
    state = fight(holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=5)
            .defend("VSE", "shield_block", reflex=2, skill=2, weapon="shield")
            .roll("RAT", "attack", [10, 6, 5, 8, 3]).roll("VSE", "defence", [4, 2, 7, 5])).resolve(state)
    assert payloads(stop, "clash")[0]["opposed"]["final"] == 1


def s1_exchange_one():
    return (Round()
            .roll("RAT", "initiative", [7, 4, 2, 9, 1]).roll("VSE", "initiative", [6, 8, 3, 5, 10, 2])
            .attack("RAT", "thrust", "upper_torso", reflex=1, skill=4, buys=["ignore_armour:all"])
            .declare("VSE", "attack")
            .defend("VSE", "parry", skill=3)
            .choice("RAT", "feint", "no", exchange=1)
            .roll("RAT", "attack", [9, 5, 5, 1, 3]).roll("VSE", "defence", [6, 2, 7]))


def test_s1_combat_initiative_with_the_length_table():
    stop = s1_exchange_one().resolve(spear_vs_dagger())
    init = payloads(stop, "initiative")[0]
    assert init["difficulty"] == {"RAT": 4, "VSE": 6}
    assert init["rolls"]["RAT"]["net"] == 2 and init["rolls"]["VSE"]["net"] == 3
    assert init["holder"] == "VSE" and init["distance"] == "long"


def test_s1_doubling_length_penalty_and_a_tie():
    stop = s1_exchange_one().resolve(spear_vs_dagger())
    rat, vse = (d["priced"] for d in payloads(stop, "declared") if d["maneuver"] != "pass")
    assert (rat["dice_pool"], rat["dice_cost"], rat["length_penalty"], rat["paid_S"], rat["paid_R"]) == (5, 6, 0, 4, 2)
    assert rat["difficulty"] == 5
    assert (vse["length_penalty"], vse["cost_points"], vse["paid_S"], vse["paid_R"]) == (3, 6, 3, 3)
    assert vse["dice_to_roll"] == 3 and vse["difficulty"] == 6
    clash = payloads(stop, "clash")[0]
    assert clash["opposed"]["winner"] is None
    end = payloads(stop, "exchange_ended")[0]
    assert end["holder"] == "VSE" and end["distance"] == "long"
    state = stop.state
    assert pools.available(state.fighter("RAT"), 1, 1) == (3, 0)
    assert pools.available(state.fighter("VSE"), 1, 1) == (3, 1)


def test_s1_exchange_two_the_thrust_hits_and_vse_is_helpless():
    rnd = (s1_exchange_one()
           .attack("RAT", "thrust", "upper_torso", reflex=3, exchange=2, buys=["ignore_armour:all"])
           .declare("VSE", "attack", exchange=2)
           .defend("VSE", "sidestep", reflex=3, exchange=2)
           .roll("RAT", "attack", [5, 5, 2], exchange=2).roll("VSE", "defence", [5, 8, 1], exchange=2)
           .roll("RAT", "zone", [4, 5], dice="2d6-2", exchange=2)
           .roll("RAT", "penetration", [2], sides=6, exchange=2))
    stop = rnd.resolve(spear_vs_dagger())
    assert stop.error is None and not stop.requests
    declared = [d for d in payloads(stop, "declared") if d["exchange"] == 2 and d["maneuver"] != "pass"]
    assert declared[0]["priced"]["cost_points"] == 3 and declared[0]["priced"]["doubling"] == 0
    assert declared[1]["priced"]["length_penalty"] == 0 and declared[1]["priced"]["difficulty"] == 5
    hit = payloads(stop, "hit")[0]
    assert payloads(stop, "clash")[1]["opposed"]["final"] == 1
    assert hit["bought"]["ignore_armour"] == 1 and hit["precise"] == "shoulder_joint" and hit["zone_roll"] == 7
    assert hit["raw"] == 7 and hit["penetration"] == {"face": 2, "P": 2, "tn": 3, "k": 1}
    assert hit["W"] == 6 and hit["wound"]["level"] == 3
    assert hit["wound"]["until"] == [2, 1]
    vse = stop.state.fighter("VSE")
    assert pools.caps(vse, 1, 2) == (0, 0)
    assert payloads(stop, "round_ended")[0]["blood_loss"]["VSE"] == 2
    assert payloads(stop, "knockout") == []  # shock 3 < Endurance 4
    # round 2: helpless in exchange 1 (shock still active); in exchange 2 the shock has expired: R3 / S1
    after = replace(stop.state, round=2)
    assert pools.helpless(after.fighter("VSE"), 2, 1)
    assert pools.caps(after.fighter("VSE"), 2, 2) == (3, 1)


def s3_round():
    """S3: VSE holds initiative, distance long; VSE's shield covers the upper torso (CP-28)."""
    return (Round()
            .choice("VSE", "cover", ["upper_torso"], round=1)
            .declare("RAT", "attack")
            .attack("VSE", "slash", "right_arm", skill=4)
            .defend("RAT", "parry", skill=5, reflex=1)
            .choice("VSE", "feint", "no", exchange=1)
            .roll("VSE", "attack", [7, 5, 2, 9]).roll("RAT", "defence", [8, 6, 5, 5, 3, 4]))


def test_s3_exchange_one_the_parry_wins_and_rat_intercepts():
    stop = s3_round().resolve(fight(holder="VSE", distance="long"))
    vse, rat = (d["priced"] for d in payloads(stop, "declared") if d["maneuver"] != "pass")
    assert (vse["paid_S"], vse["paid_R"], vse["difficulty"]) == (4, 1, 5)
    assert (rat["cost_points"], rat["length_penalty"], rat["difficulty"]) == (6, 0, 5)
    clash = payloads(stop, "clash")[0]
    assert clash["opposed"]["winner"] == "defence"
    end = payloads(stop, "exchange_ended")[0]
    assert end["holder"] == "RAT" and end["distance"] == "long"
    state = stop.state
    assert state.fighter("RAT").used_for_parry == ("longsword",)
    assert pools.available(state.fighter("RAT"), 1, 2) == (4, 0)
    assert pools.available(state.fighter("VSE"), 1, 2) == (5, 0)
    assert asked(stop) == [("VSE", "order", {"exchange": 2, "step": "attack"})]


def s3_exchange_two():
    return (s3_round()
            .attack("VSE", "power_blow", "upper_torso", reflex=3, attack_type="chop", exchange=2)
            .attack("RAT", "power_blow", "upper_torso", reflex=3, attack_type="chop", exchange=2)
            .roll("RAT", "attack", [6, 9, 2], exchange=2).roll("VSE", "attack", [1, 1, 1], exchange=2)
            .roll("RAT", "zone", [3, 3], dice="2d6-2", exchange=2)
            .roll("RAT", "penetration", [5], sides=6, exchange=2)
            .roll("RAT", "fatigue", [5, 5, 7, 1, 2], exchange=2).roll("VSE", "fatigue", [3, 1, 2, 6], exchange=2))


def test_s3_exchange_two_power_blows_pending_reduction_and_a_reroll():
    stop = s3_exchange_two().resolve(fight(holder="VSE", distance="long"))
    assert stop.error is None, stop.error
    assert not stop.requests, stop.requests
    decl = {d["actor"]: d["priced"] for d in payloads(stop, "declared") if d["exchange"] == 2
            and d["maneuver"] != "pass"}
    assert decl["VSE"]["cost_points"] == 5 and decl["RAT"]["cost_points"] == 4
    first, second = payloads(stop, "clash")[-2:]
    assert first["attacker"] == "RAT" and first["opposed"]["final"] == 2
    hit = payloads(stop, "hit")[0]
    assert hit["power_bonus"] == 2 and hit["raw"] == 10 and hit["precise"] == "chest_right"
    assert hit["shield"] == {"shield": "round_shield", "armour": 5, "reliability_loss": 1, "broken": False}
    assert hit["W"] == 3 and hit["wound"]["level"] == 2
    assert second["attacker"] == "VSE" and second["reduced"]["attack"] == 3
    assert second["attack_roll"]["automatic_failure"] and len(payloads(stop, "hit")) == 1
    end = payloads(stop, "exchange_ended")[-1]
    assert end["flags"] == {"RAT": "lose", "VSE": "lose"} and end["reroll"]
    fatigue = {f["fighter"]: f["gained"] for f in payloads(stop, "fatigue")}
    assert fatigue == {"RAT": 0, "VSE": 1}
    assert stop.state.fighter("VSE").shield.reliability == 5
    assert payloads(stop, "round_ended")[0]["blood_loss"]["VSE"] == 1
    vse = replace(stop.state, round=2).fighter("VSE")
    assert pools.caps(vse, 2, 1) == (1, 0)
    assert stop.state.reroll


def test_s3_a_second_parry_with_the_longsword_is_refused():
    stop = s3_round().resolve(fight(holder="VSE", distance="long"))
    from replay.rulesets.skirmish import check
    problems = check.declaration(stop.state, "RAT", {"exchange": 2, "step": "defence", "maneuver": "parry",
                                                     "dice": {"reflex": 1}}, SkirmishOptions())
    assert any(p.startswith("weapon_used_for_parry_this_round") for p in problems)


def s4_round():
    """S4: VSE holds initiative at medium distance; new round, fresh pools."""
    return (Round()
            .attack("RAT", "chop", "upper_torso", skill=5, buys=["precise:chest_right"])
            .declare("VSE", "attack")
            .defend("VSE", "parry", skill=4, weapon="arming_sword")
            .choice("RAT", "feint", {"maneuver": "thrust", "zone": "left_leg", "buys": ["precise:knee", "danger:1"]},
                    exchange=1)
            .roll("VSE", "body_language", [5, 9, 3, 2, 1, 6, 4]))


def test_s4_parry_against_feint():
    rnd = (s4_round()
           .declare("VSE", "after_feint", "shield_block", weapon="shield", dice={"reflex": 2, "skill": 2})
           .roll("RAT", "attack", [8, 7, 5, 2, 6]).roll("VSE", "redefence", [4, 1, 9, 3])
           .roll("VSE", "knockout", [9, 9, 9, 9]))
    stop = rnd.resolve(fight(holder="VSE", distance="medium"))
    assert stop.error is None, stop.error
    chop = payloads(stop, "declared")[0]["priced"]
    assert (chop["cost_points"], chop["paid_R"], chop["length_penalty"]) == (6, 1, 1)
    feint = payloads(stop, "feint")[0]
    assert feint["activation"] == 2 and feint["locked"] == {"reflex": 0, "skill": 4}
    assert feint["priced"]["difficulty"] == 5 and feint["priced"]["required_extra"] == 1
    check = payloads(stop, "feint_check")[0]
    assert check["roll"]["net"] == 2 and check["freed"] == {"reflex": 0, "skill": 2}
    block = [d for d in payloads(stop, "declared") if d["maneuver"] == "shield_block"][0]
    assert block["priced"]["difficulty"] == 4 and (block["priced"]["paid_R"], block["priced"]["paid_S"]) == (2, 2)
    clash = payloads(stop, "clash")[0]
    assert clash["attack_roll"]["net"] == 4 and clash["defence_roll"]["net"] == 1
    assert clash["opposed"]["attack_effective"] == 3 and clash["opposed"]["final"] == 2
    hit = payloads(stop, "hit")[0]
    assert hit["precise"] == "knee" and hit["bought"]["danger"] == 1 and hit["raw"] == 7 and hit["shield"] is None
    assert hit["W"] == 7 and hit["wound"]["level"] == 5
    assert (hit["wound"]["pain"], hit["wound"]["shock"], hit["wound"]["bleeding"]) == (5, 5, 4)
    assert payloads(stop, "knockout")[0]["triggers"] == ["shock"]  # C9: the check S4 left out
    end = payloads(stop, "exchange_ended")[0]
    assert end["holder"] == "RAT" and end["distance"] == "long"
    vse = stop.state.fighter("VSE")
    assert vse.stance == "lying" and pools.caps(vse, 1, 2) == (0, 0)
    assert vse.used_for_parry == ()  # C5: a voided parry does not lock the weapon


def test_s4_a_sidestep_paid_with_freed_skill_points_is_refused():
    stop = s4_round().resolve(fight(holder="VSE", distance="medium"))
    assert asked(stop) == [("VSE", "order", {"exchange": 1, "step": "after_feint"})]
    from replay.rulesets.skirmish import check
    problems = check.declaration(stop.state, "VSE", {"exchange": 1, "step": "after_feint", "maneuver": "sidestep",
                                                     "dice": {"reflex": 2, "skill": 2}}, SkirmishOptions())
    assert any(p.startswith("reflex_only") for p in problems)
    vse = stop.state.fighter("VSE")
    assert (vse.locked_R, vse.locked_S) == (0, 2) and pools.available(vse, 1, 1) == (6, 2)


def test_m40_a_counterattack_gives_bonus_dice_to_the_next_attack_with_the_same_weapon():
    rnd = (Round()
           .attack("VSE", "slash", "right_arm", skill=4)
           .declare("RAT", "attack")
           .defend("RAT", "counterattack", skill=4)
           .choice("VSE", "feint", "no", exchange=1)
           .roll("VSE", "attack", [7, 5, 2, 9]).roll("RAT", "defence", [8, 8, 8, 8]))
    stop = rnd.resolve(fight(holder="RAT", distance="medium"))
    counter = [d for d in payloads(stop, "declared") if d["maneuver"] == "counterattack"][0]["priced"]
    assert (counter["activation"], counter["length_penalty"], counter["paid_R"]) == (1, 1, 2)
    clash = payloads(stop, "clash")[0]
    assert clash["opposed"]["winner"] == "defence" and clash["counter_bonus"]["amount"] == 1
    end = payloads(stop, "exchange_ended")[0]
    assert end["holder"] == "RAT" and end["distance"] == "long"
    assert stop.state.fighter("RAT").used_for_parry == ("longsword",)
    stop = (rnd.declare("VSE", "attack", exchange=2)
            .attack("RAT", "chop", "upper_torso", skill=1, exchange=2)).resolve(fight(holder="RAT", distance="medium"))
    chop = [d for d in payloads(stop, "declared") if d["exchange"] == 2 and d["maneuver"] == "chop"][0]["priced"]
    assert chop["bonus_dice"] == 1 and chop["dice_to_roll"] == 2 and chop["cost_points"] == 1
    assert stop.state.fighter("RAT").bonus_dice == ()


def test_m40_only_in_the_first_exchange():
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.model import Declared

    att = Declared("VSE", 2, "attack", "slash", {"target": "RAT", "zone": "right_arm"}, {"attack_type": "cut"})
    state = fight(holder="RAT", distance="long", round=1, exchange=2, declared=(att,))
    problems = check.declaration(state, "RAT", {"exchange": 2, "step": "defence", "maneuver": "counterattack",
                                                "dice": {"skill": 2}}, SkirmishOptions())
    assert any(p.startswith("condition_failed") and "first exchange" in p for p in problems)


def test_m45_a_successful_retreat_ends_the_melee_and_meeting_again_rolls_combat_initiative():
    state = fight(holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=3)
           .defend("VSE", "retreat", reflex=3).roll("RAT", "attack", [6, 2, 2]).roll("VSE", "defence", [5, 6, 2]))
    stop = rnd.resolve(state)
    retreat = [d for d in payloads(stop, "declared") if d["maneuver"] == "retreat"][0]["priced"]
    assert retreat["difficulty"] == 4 and retreat["length_penalty"] == 0
    end = payloads(stop, "exchange_ended")[0]
    assert end["melee_ended"] and end["holder"] is None and end["distance"] is None
    assert [e["exchange"] for e in payloads(stop, "exchange_started")] == [1]
    assert payloads(stop, "round_ended") and stop.state.holder is None and not stop.state.engaged
    again = Round(turn=2).resolve(stop.state)
    assert asked(again) == [("RAT", "initiative", {"exchange": 1}), ("VSE", "initiative", {"exchange": 1})]


def test_m45_no_retreat_after_attacking_in_the_previous_exchange():
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.model import Declared

    att = Declared("RAT", 2, "attack", "chop", {"target": "VSE", "zone": "head"}, {"attack_type": "chop"})
    state = fight(holder="RAT", distance="long", round=1, exchange=2, declared=(att,), attacked_before=("VSE",))
    problems = check.declaration(state, "VSE", {"exchange": 2, "step": "defence", "maneuver": "retreat",
                                                "dice": {"reflex": 2}}, SkirmishOptions())
    assert [p.split(" ")[0] for p in problems] == ["condition_failed"]


def test_m42_a_knock_aside_makes_the_attacker_check_fortitude_or_drop_the_weapon():
    rnd = (Round()
           .attack("VSE", "slash", "right_arm", skill=3)
           .declare("RAT", "attack")
           .defend("RAT", "knock_aside", skill=5)
           .choice("VSE", "feint", "no", exchange=1)
           .roll("VSE", "attack", [7, 2, 2]).roll("RAT", "defence", [8, 8, 8, 2, 2])
           .roll("VSE", "fortitude", [9, 3, 2]))
    stop = rnd.resolve(fight(holder="RAT", distance="long"))
    knock = [d for d in payloads(stop, "declared") if d["maneuver"] == "knock_aside"][0]["priced"]
    assert knock["activation"] == 1 and knock["difficulty"] == 5
    aside = payloads(stop, "knocked_aside")[0]
    assert aside["needed"] == 2 and aside["roll"]["net"] == 1 and aside["dropped"]
    assert stop.state.fighter("VSE").weapon is None
    assert payloads(stop, "exchange_ended")[0]["holder"] == "RAT"


def test_m48_a_slip_zeroes_the_attackers_skill_points_for_the_round():
    rnd = (Round()
           .attack("RAT", "chop", "upper_torso", skill=2)
           .declare("VSE", "attack")
           .defend("VSE", "slip", reflex=2, skill=3)
           .roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [7, 8, 2, 3, 6]))
    stop = rnd.resolve(fight(holder="VSE", distance="long"))
    slip = [d for d in payloads(stop, "declared") if d["maneuver"] == "slip"][0]["priced"]
    assert (slip["difficulty"], slip["length_penalty"], slip["paid_R"], slip["paid_S"]) == (6, 0, 2, 3)
    assert payloads(stop, "clash")[0]["skill_zero"] == {"fighter": "RAT", "round": 1}
    assert pools.caps(stop.state.fighter("RAT"), 1, 2) == (5, 0)
    assert pools.caps(replace(stop.state.fighter("RAT")), 2, 1) == (5, 5)
    assert payloads(stop, "exchange_ended")[0]["holder"] == "VSE"
    from replay.rulesets.skirmish import check
    too_many = check.declaration(fight(holder="VSE", distance="long", round=1, exchange=1,
                                       declared=stop.state.declared[:1]), "VSE",
                                 {"exchange": 1, "step": "defence", "maneuver": "slip", "dice": {"skill": 4}},
                                 SkirmishOptions())
    assert any("Acrobatics 3" in p for p in too_many)


def test_c6_a_lying_fighter_stands_up_in_the_attack_step():
    state = fight(holder="RAT", distance="long")
    lying = replace(state.fighter("VSE"), stance="lying")
    state = state.with_fighter(lying)
    assert pools.caps(lying, 1, 1) == (3, 4)  # L112: lying halves the reflex points
    rnd = (Round().declare("VSE", "attack", "maneuvering", stand_up=True, dice={"reflex": 1, "skill": 3})
           .declare("RAT", "attack").roll("VSE", "attack", [5, 7, 1, 9]))
    stop = rnd.resolve(state)
    up = payloads(stop, "stood_up")[0]
    assert up["roll"]["difficulty"] == 5 and up["roll"]["net"] == 2 and up["standing"]
    assert stop.state.fighter("VSE").stance == "standing"
    assert [d["forced"] for d in payloads(stop, "declared") if d["step"] == "defence"] == ["nothing to answer"] * 2
    from replay.rulesets.skirmish import check
    too_many = check.declaration(state, "VSE", {"exchange": 1, "step": "attack", "maneuver": "maneuvering",
                                                "stand_up": True, "dice": {"skill": 4}}, SkirmishOptions())
    assert any("Acrobatics 3" in p for p in too_many)


def test_m50_a_disarmed_fighter_draws_the_boot_dagger_with_his_next_attack():
    rnd = (Round()
           .attack("VSE", "slash", "right_arm", skill=3)
           .declare("RAT", "attack")
           .defend("RAT", "knock_aside", skill=5)
           .choice("VSE", "feint", "no", exchange=1)
           .roll("VSE", "attack", [7, 2, 2]).roll("RAT", "defence", [8, 8, 8, 2, 2])
           .roll("VSE", "fortitude", [9, 3, 2])
           .attack("VSE", "thrust", "upper_torso", skill=1, draw="dagger", exchange=2))
    stop = rnd.resolve(fight(holder="RAT", distance="long"))
    thrust = [d for d in payloads(stop, "declared") if d["exchange"] == 2 and d["actor"] == "VSE"][0]
    p = thrust["priced"]
    assert (p["weapon"], p["activation"], p["length_penalty"], p["paid_R"], p["paid_S"]) == ("dagger", 2, 3, 5, 1)
    vse = stop.state.fighter("VSE")
    assert vse.weapon.id == "dagger" and vse.pool_skill == "knives"
    assert pools.available(vse, 1, 2) == (0, 0)
    from replay.rulesets.skirmish import check
    problems = check.declaration(stop.state, "VSE", {"exchange": 2, "step": "attack", "maneuver": "thrust",
                                                     "target": "RAT", "zone": "head", "dice": {"skill": 1},
                                                     "draw": "arming_sword"}, SkirmishOptions())
    assert problems and "main hand is not free" in problems[0]  # the dropped sword: picked up with a free hand
