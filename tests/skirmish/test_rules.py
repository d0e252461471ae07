"""The spec's worked examples (section 8) that concern pools, costs, initiative, zones and damage, as tests."""

from dataclasses import replace

import pytest

from replay.rulesets.skirmish import costs, damage, data, pools
from replay.rulesets.skirmish.model import SkirmishOptions, Timed, Weapon
from replay.rulesets.skirmish.resolve import initiative_difficulties
from tests.skirmish.kit import Round, asked, fight, payloads


def test_t01_a_weapon_switch_mid_round_applies_the_new_cap_to_the_spent_points():
    state = fight()
    rat = replace(state.fighter("RAT"), skills={**state.fighter("RAT").skills, "swords": 4, "fist": 6}, spent_S=3)
    assert pools.available(rat, 1, 1)[1] == 1
    unarmed = replace(rat, weapons=tuple(replace(w, hands=(), state="sheathed") for w in rat.weapons))
    assert unarmed.pool_skill == "fist"
    assert pools.caps(unarmed, 1, 1)[1] == 6 and pools.available(unarmed, 1, 1)[1] == 3


@pytest.mark.parametrize(("off_hand", "penalty"), [("longsword", 2), ("halberd", 4), ("dagger", 0)])
def test_t02_two_weapons_cost_two_points_per_weight_category_of_the_off_hand_weapon(off_hand, penalty):
    rat = fight().fighter("RAT")
    two = replace(rat, weapons=(Weapon("a", "longsword", ("right",), "one_hand", "ready"),
                                Weapon("b", off_hand, ("left",), "one_hand", "ready")))
    assert pools.dual_wield_penalty(two) == penalty
    assert sum(pools.caps(two, 1, 1)) == 10 - penalty


def test_t02_a_shield_in_the_off_hand_costs_nothing():
    vse = fight().fighter("VSE")
    assert pools.dual_wield_penalty(vse) == 0 and pools.caps(vse, 1, 1) == (6, 4)


def test_t03_head_cost_for_a_short_fighter_against_a_three_metre_one():
    assert costs.head_cost(160, 300) == 2
    assert costs.head_cost(300, 160) == 0


@pytest.mark.parametrize(("attacker", "target", "cost"), [(182, 300, 2), (300, 182, 0), (130, 182, 2), (182, 130, 0),
                                                          (135, 160, 2), (160, 135, 0), (182, 176, 1)])
def test_s5c_head_costs_by_height(attacker, target, cost):
    assert costs.head_cost(attacker, target) == cost


def test_the_head_cost_options_category_and_ratio():
    assert costs.head_cost(300, 160, "category") == 0 and costs.head_cost(160, 300, "category") == 2
    assert costs.head_cost(135, 160, "category") == 2 and costs.head_cost(135, 160, "ratio") == 1
    assert costs.head_cost(160, 300, "ratio") == 2 and costs.head_cost(300, 160, "ratio") == 0


def test_t19_combat_initiative_difficulties_by_length():
    state = fight()
    spear = replace(state.fighter("RAT"), weapons=(Weapon("s", "spear", ("right", "left"), "two_hands", "ready"),))
    dagger = replace(state.fighter("VSE"), weapons=(Weapon("d", "dagger", ("right",), "one_hand", "ready"),))
    arming = replace(state.fighter("VSE"), weapons=(Weapon("a", "arming_sword", ("right",), "one_hand", "ready"),))
    normal = replace(state, fighters=(spear, dagger))
    assert initiative_difficulties(normal) == {"RAT": 4, "VSE": 6}
    two_swords = replace(state, fighters=(replace(arming, id="RAT"), arming))
    assert initiative_difficulties(two_swords) == {"RAT": 5, "VSE": 5}
    medium = replace(normal, approach="initially_closer", initial_distance="medium")
    assert initiative_difficulties(medium) == {"RAT": 6, "VSE": 4}
    long_vs_arming = replace(state, fighters=(state.fighter("RAT"), arming), approach="initially_closer",
                             initial_distance="short")
    assert initiative_difficulties(long_vs_arming) == {"RAT": 6, "VSE": 5}
    short = replace(two_swords, approach="initially_closer", initial_distance="short")
    assert initiative_difficulties(short) == {"RAT": 6, "VSE": 6}


def test_t21_a_combat_initiative_botch_costs_reflex_this_round():
    stop = (Round().roll("RAT", "initiative", [1, 1, 2, 3, 2]).roll("VSE", "initiative", [6, 8, 3, 5, 10, 2])
            ).resolve(fight())
    init = payloads(stop, "initiative")[0]
    assert init["rolls"]["RAT"]["crit_degree"] == 2 and init["reflex_loss"] == {"RAT": 2}
    assert pools.caps(stop.state.fighter("RAT"), 1, 1) == (3, 5)
    assert pools.caps(stop.state.fighter("RAT"), 2, 1) == (5, 5)


def test_t21_a_pool_of_zero_means_no_declaration_is_asked():
    state = fight(holder="RAT", distance="long")
    vse = replace(state.fighter("VSE"), shock=(Timed(10, 1, 2, "test"),))
    stop = Round().resolve(state.with_fighter(vse))
    assert asked(stop) == [("RAT", "order", {"exchange": 1, "step": "attack"})]
    assert payloads(stop, "declared")[0]["forced"] == "cannot act"


def test_t14_a_precise_result_of_zero_is_a_miss():
    state = fight(holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=1).declare("VSE", "defence")
            .roll("RAT", "attack", [7]).roll("RAT", "zone", [1, 1], dice="2d6-2")).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["miss"] and hit["precise"] is None and hit["wound"] is None
    assert stop.state.fighter("VSE").wounds == ()


def test_t27_the_power_blow_bonus_is_capped_at_half_strength():
    rat = fight().fighter("RAT")
    raw, bonus, _ = damage.raw_damage(rat, "longsword", "two_hands", "chop", "power_blow", 4)
    assert (bonus, raw) == (2, 5 + 3 + 2)


def test_t28_weapon_lengths_fit_a_182_cm_wielder():
    assert data.weapon_type("longsword")["length_cm"] <= 0.75 * 182
    assert data.weapon_type("halberd")["length_cm"] <= 2 * 182


def test_the_length_penalty_is_one_die_per_category_and_none_for_dodges_and_shield_blocks():
    state = fight(distance="long")
    vse = state.fighter("VSE")
    order = {"maneuver": "parry", "weapon": "arming_sword", "dice": {"skill": 2}}
    assert costs.price(state, vse, order, SkirmishOptions())["length_penalty"] == 1
    assert costs.price(state, vse, {"maneuver": "sidestep", "dice": {"reflex": 2}},
                       SkirmishOptions())["length_penalty"] == 0
    assert costs.price(state, vse, {"maneuver": "shield_block", "weapon": "shield", "dice": {"reflex": 2}},
                       SkirmishOptions())["length_penalty"] == 0


def test_a_piercing_thrust_at_a_limb_requires_one_success():
    state = fight(distance="long")
    order = {"maneuver": "thrust", "target": "VSE", "zone": "left_leg", "dice": {"skill": 3}}
    priced = costs.price(state, state.fighter("RAT"), order, SkirmishOptions())
    assert priced["required_extra"] == 1


def test_the_doubling_rule_can_be_switched_off():
    state = fight(distance="long")
    order = {"maneuver": "chop", "target": "VSE", "zone": "head", "dice": {"reflex": 2, "skill": 5}}
    assert costs.price(state, state.fighter("RAT"), order, SkirmishOptions())["cost_points"] == 9
    assert costs.price(state, state.fighter("RAT"), order,
                       SkirmishOptions(attack_dice_doubling=False))["cost_points"] == 7


def test_pending_dice_reduction_comes_off_the_last_faces_of_a_later_roll():
    """5.1.6: RAT's earlier blow gives VSE pain 2 and shock 2; VSE's pending slash of 4 dice keeps 1."""
    state = fight(holder="RAT", distance="long")
    stop = (Round().attack("VSE", "slash", "right_arm", skill=4).attack("RAT", "chop", "lower_torso", skill=1)
            .roll("RAT", "attack", [9]).roll("VSE", "attack", [8, 1, 1, 1])
            .roll("RAT", "zone", [2, 3], dice="2d6-2").roll("RAT", "penetration", [1], sides=6)).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["precise"] == "flank_left" and hit["penetration"]["k"] == 2 and hit["W"] == 4
    vse = stop.state.fighter("VSE")
    assert pools.caps(vse, 1, 1) == (2, 0) and (vse.spent_R, vse.spent_S) == (1, 4)
    second = payloads(stop, "clash")[1]
    assert second["reduced"]["attack"] == 3
    assert second["attack_roll"]["faces"] == [8] and second["attack_roll"]["net"] == 1
    assert asked(stop) == [("VSE", "zone", {"exchange": 1})]


@pytest.mark.parametrize(("w", "level"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (9, 5),
                                          (14, 5)])
def test_sample_v1_wound_levels(w, level):
    assert damage.level_of(w) == level


def test_sample_v1_severing_and_fractures():
    assert damage.thresholds("forearm", "chopping", 7) == ["severed"]
    assert damage.thresholds("forearm", "chopping", 6) == []
    assert damage.thresholds("neck", "chopping", 8) == ["decapitated"]
    assert damage.thresholds("shin", "crushing", 6) == ["fractured"]
    assert damage.consequences("leg", 5, []) == ["crippled", "falls"]
    assert damage.consequences("head", 4, []) == ["knockout_check"]


def test_sample_v1_crushing_wounds_bleed_only_from_level_four():
    assert damage.effects(3, "crushing")["bleeding"] == 0
    assert damage.effects(4, "crushing")["bleeding"] == 1
    assert damage.effects(3, "cutting")["bleeding"] == 2


def test_buys_skip_what_is_unaffordable_and_go_on_c13():
    bought = damage.buy_zone_and_steps(2, ["danger:2", "precise:knee", "penetration:1"], "piercing", 1)
    assert (bought.danger, bought.precise, bought.penetration, bought.spent) == (2, None, 0, 2)
    bought = damage.buy_zone_and_steps(2, ["precise:knee", "danger:3"], "piercing", 1)
    assert (bought.precise, bought.danger) == ("knee", 1)


def test_penetration_bought_is_capped_at_three_in_total():
    bought = damage.buy_zone_and_steps(5, ["penetration:3"], "piercing", 2)
    assert bought.penetration == 1


def test_the_body_map_tables():
    assert data.precise_zone("head", 0) is None
    assert data.precise_zone("arm", 10) == "shoulder_joint"
    assert data.precise_zone("leg", 6) == "knee"
    assert data.general_zone("left_leg") == "leg"


def test_t02_the_off_hand_weapon_has_plus_one_difficulty():
    state = fight(distance="medium")
    rat = replace(state.fighter("RAT"), weapons=(Weapon("a", "arming_sword", ("right",), "one_hand", "ready"),
                                                 Weapon("b", "short_sword", ("left",), "one_hand", "ready")))
    state = state.with_fighter(rat)
    order = {"maneuver": "chop", "target": "VSE", "zone": "upper_torso", "dice": {"skill": 2}}
    assert costs.price(state, rat, {**order, "weapon": "a"}, SkirmishOptions())["difficulty"] == 5
    off = costs.price(state, rat, {**order, "weapon": "b"}, SkirmishOptions())
    assert off["difficulty"] == 7 and off["difficulty_mods"][-1] == "+1 off hand (L141)"


def test_t03_and_s5c_dodge_reduction_and_the_penalty_against_a_much_shorter_fighter():
    """T-03 (L176–188) and S5 part C: 3 m against 1.6 m — the dodge reduction ⌊3/1.6 − 1⌋ = 0 and the taller
    fighter's penalty ⌊1.875⌋ − 1 = 0; RAT (182) against a 60 cm creature loses 2 dice (A-67)."""
    from replay.rulesets.skirmish.costs import dodge_reduction, size_penalty

    assert dodge_reduction(160, 300) == 0 and size_penalty(300, 160) == 0
    assert size_penalty(182, 60) == 2 and size_penalty(300, 182) == 0
    assert dodge_reduction(100, 300) == 2
    state = fight(round=1, exchange=1, holder="RAT", distance="long")
    tiny = state.with_fighter(replace(state.fighter("VSE"), height_cm=60))
    from replay.rulesets.skirmish import costs

    chop = {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "VSE", "zone": "upper_torso",
            "dice": {"skill": 3}}
    assert costs.price(tiny, tiny.fighter("RAT"), chop, SkirmishOptions())["lost_dice"] == 2
    short = state.with_fighter(replace(state.fighter("VSE"), height_cm=100))
    short = short.with_fighter(replace(short.fighter("RAT"), height_cm=300))
    side = {"exchange": 1, "step": "defence", "maneuver": "sidestep", "dice": {"reflex": 2}}
    priced = costs.price(short, short.fighter("VSE"), side, SkirmishOptions())
    assert priced["difficulty"] == 4 and "5.9.3" in priced["difficulty_mods"][-1]
