"""The melee maneuvers M01–M58 beyond the basic ones, each from the rulebook's own wording (quoted with its line of
002_da0fbfc52b52bf29.txt): given these fighters, declarations and rolls, this happens."""

from dataclasses import replace

from replay.rulesets.skirmish import check, pools
from replay.rulesets.skirmish.model import Declared, SkirmishOptions
from tests.skirmish.kit import Round, asked, fight, payloads

OPTIONS = SkirmishOptions()


def duel(rat=None, vse=None, **fields):
    """RAT (longsword, swords 5) against VSE (arming sword and round shield), with sheet overrides."""
    return fight({"fighters": [{"sample": "RAT", "cell": [0, 0], **(rat or {})},
                               {"sample": "VSE", "cell": [1, 0], "facing": "W", **(vse or {})}]}, **fields)


def codes(problems):
    return [p.split(" ", 1)[0] for p in problems]


def effects(stop, code):
    return [e for e in payloads(stop, "effect") if e["maneuver"] == code]


def declared(stop, code):
    return [d for d in payloads(stop, "declared") if d["maneuver"] == code][0]["priced"]


def attacking(state, actor, maneuver, **order):
    """The state after `actor`'s attack declaration (for the defence's legality)."""
    target = "VSE" if actor == "RAT" else "RAT"
    att = Declared(actor, 1, "attack", maneuver, {"target": target, "zone": "upper_torso", **order},
                   {"attack_type": order.get("attack_type", "chop"), "weapon": None})
    return replace(state, round=1, exchange=1, declared=(att,))


def test_m07_finishing_blow_at_a_lying_victim_is_percent_4_and_he_may_only_block_or_slip():
    """L271: «Любой удар против лежачего противника делается по %4. Противник может только блокировать либо
    уклоняться Свиля.»"""
    state = duel(vse={"condition": {"stance": "lying"}}, holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "finishing_blow", "upper_torso", skill=3, attack_type="chop")
            .defend("VSE", "shield_block", reflex=2, weapon="shield")
            .roll("RAT", "attack", [4, 4, 2]).roll("VSE", "defence", [3, 2])).resolve(state)
    assert declared(stop, "finishing_blow")["difficulty"] == 4
    assert payloads(stop, "clash")[0]["opposed"]["winner"] == "attack"
    after = attacking(state, "RAT", "chop")
    parry = {"exchange": 1, "step": "defence", "maneuver": "parry", "dice": {"skill": 2}}
    assert "restricted_by_opponent" in codes(check.declaration(after, "VSE", parry, OPTIONS))
    slip = {"exchange": 1, "step": "defence", "maneuver": "slip", "dice": {"reflex": 2}}
    assert "restricted_by_opponent" not in codes(check.declaration(after, "VSE", slip, OPTIONS))


def test_m11_lightning_attack_pays_no_doubling_and_the_defender_uses_skill_only_by_body_language():
    """L312: «При атаке рефлекс используется без штрафов (деления дайспула на 2)» — the defender defends with reflex
    points; each Body Language success lets him use 1 skill point."""
    state = duel(vse={"extraordinary": {"reflex": 1}}, holder="VSE", distance="medium")
    rnd = (Round().declare("RAT", "attack")
           .attack("VSE", "lightning_attack", "upper_torso", reflex=5, attack_type="slash")
           .defend("RAT", "parry", reflex=1, skill=3))
    stop = rnd.resolve(state)
    light = declared(stop, "lightning_attack")
    assert light["doubling"] == 0 and light["difficulty"] == 6  # arming sword cut %5 + 1 medium weapon
    assert asked(stop)[0] == ("RAT", "body_language", {"exchange": 1})
    stop = (rnd.roll("RAT", "body_language", [7, 2, 3, 4, 9]).roll("VSE", "attack", [6, 6, 1, 2, 3])
            .roll("RAT", "defence", [9, 9, 9, 9])).resolve(state)
    parry = declared(stop, "parry")
    assert parry["lost_dice"] == 1  # 3 skill dice, 2 successes
    clash = payloads(stop, "clash")[0]
    assert clash["defence_roll"]["faces"] == [9, 9, 9] and clash["reduced"]["defence"] == 1


def test_m13_concentrated_blow_caps_t17():
    """T-17 (L333–334): weapon penetration 2, 3 master successes, Strength 5 → penetration 3, damage +2, 3 armour
    ignored."""
    rat = {"skills": {"swords": 5, "spears": 10}, "weapons": [{"id": "spear", "type": "spear",
                                                                "hands": ["right", "left"]}]}
    state = duel(rat=rat, vse={"shield": None}, holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "concentrated_blow", "upper_torso", skill=3, attack_type="thrust", masters=3)
            .declare("VSE", "defence").roll("RAT", "attack", [8, 8, 8]).roll("RAT", "zone", [3, 3], dice="2d6-2")
            .roll("RAT", "penetration", [1], dice="1d6")).resolve(state)
    priced = declared(stop, "concentrated_blow")
    assert (priced["damage_bonus"], priced["armour_ignored"], priced["master_spent"]) == (2, 3, 3)
    assert priced["penetration_bonus"] == 1  # spear penetration 2 + 1 = 3, the cap
    hit = payloads(stop, "hit")[0]
    assert hit["raw"] == 5 + 2 + 2  # Strength 5, spear thrust +2, concentrated +2
    assert hit["armour"]["effective"] == 0 and hit["penetration"] is None  # the gambeson (piercing 2) is ignored by 3


def test_m16_beat_shocks_next_exchange_and_ties_up_both_weapons():
    """L377: «Маневр позволяет, сблизившись до ручной или короткой дистанции, ошеломить (шокировать) противника,
    отжав (отведя) его оружие»; each final success is 1 shock in the next exchange."""
    state = duel(holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "beat", "upper_torso", skill=3, attack_type="chop")
            .defend("VSE", "parry", skill=2)
            .choice("RAT", "feint", "no", exchange=1)
            .roll("RAT", "attack", [8, 8, 8]).roll("VSE", "defence", [7, 2])
            .declare("VSE", "attack", exchange=2).declare("RAT", "attack", exchange=2)).resolve(state)
    beat = effects(stop, "beat")[0]
    assert payloads(stop, "hit") == [] and beat["changes"][0] == {"op": "distance", "value": "short"}
    vse = stop.state.fighter("VSE")
    assert pools.shock_now(vse, 1, 2) == 2 and pools.shock_now(vse, 1, 1) == 0
    assert not pools.usable(vse, vse.weapon, replace(stop.state, exchange=2))
    assert stop.state.distance == "short"


def test_m17_bluff_is_opposed_by_a_free_body_language_check_and_takes_initiative():
    """L385: «изменить дистанцию боя и ошеломить (шокировать) противника за счет обманного движения оружием»;
    opposed by Body Language by Empathy at %5, free."""
    state = duel(holder="VSE", distance="long")
    rnd = Round().attack("RAT", "bluff", "upper_torso", skill=3).declare("VSE", "attack")
    stop = rnd.resolve(state)
    assert ("VSE", "opposed", {"exchange": 1}) in asked(stop)
    assert declared(stop, "bluff")["difficulty"] == 6  # VSE's Wits 4 > RAT's 3
    stop = (rnd.roll("RAT", "attack", [9, 8, 6]).roll("VSE", "opposed", [6, 2, 3, 4, 1, 2, 3])
            .choice("RAT", "distance", "short", exchange=1)).resolve(state)
    clash = payloads(stop, "clash")[0]
    assert clash["opposed"]["final"] == 3 and clash["defence_roll"]["net"] == 0
    end = payloads(stop, "exchange_ended")[0]
    assert end["holder"] == "RAT" and end["distance"] == "short"
    assert pools.shock_now(stop.state.fighter("VSE"), 1, 2) == 3


def test_m18_disorientation_only_dodges_or_a_shield_block_and_failure_loses_initiative():
    """L391: «по %4 сложности изменить дистанцию боя и ошеломить»; on failure the initiator loses initiative."""
    state = duel(holder="RAT", distance="long")
    after = attacking(state, "RAT", "disorientation")
    parry = {"exchange": 1, "step": "defence", "maneuver": "parry", "dice": {"skill": 2}}
    assert "restricted_by_opponent" in codes(check.declaration(after, "VSE", parry, OPTIONS))
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "disorientation", target="VSE",
                                                     dice={"reflex": 2, "skill": 0})
            .defend("VSE", "sidestep", reflex=3)
            .roll("RAT", "attack", [2, 3]).roll("VSE", "defence", [5, 6, 2])).resolve(state)
    assert declared(stop, "disorientation")["difficulty"] == 4
    assert payloads(stop, "exchange_ended")[0]["flags"]["RAT"] == "lose"


def test_m19_destabilization_needs_an_extra_success_per_lighter_weight_category():
    """L396: «успешное применение маневра требует один дополнительный успех за каждую категорию, на которую оружие
    атакующего легче»."""
    state = duel(rat={"weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}],
                      "skills": {"knives": 4}},
                 vse={"weapons": [{"id": "halberd", "type": "halberd", "hands": ["right", "left"]}], "shield": None},
                 holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "destabilization", "upper_torso", skill=2, attack_type="thrust")
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9])).resolve(state)
    priced = declared(stop, "destabilization")
    assert priced["required_extra"] == 2 and payloads(stop, "clash")[0]["opposed"]["winner"] is None


def test_m27_a_punch_is_non_lethal_strength_minus_one_shock():
    """L460: «Большинство невооруженных ударов частями тела наносят нелетальный урон»; a punch: Strength − 1."""
    state = duel(rat={"weapons": []}, vse={"shield": None, "armour": []}, holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").attack("RAT", "punch", "lower_torso", reflex=2)
            .declare("VSE", "defence")
            .roll("RAT", "attack", [6, 5]).roll("RAT", "zone", [3, 3], dice="2d6-2")).resolve(state)
    priced = declared(stop, "punch")
    assert priced["difficulty"] == 5 and priced["nonlethal"] and priced["length_penalty"] == 0
    hit = payloads(stop, "hit")[0]
    assert hit["raw"] == 4 and hit["wound"] is None and hit["nonlethal_shock"]["amount"] == 4 + 0
    assert stop.state.fighter("VSE").wounds == () and pools.shock_now(stop.state.fighter("VSE"), 1, 1) == 4


def test_m28_a_kick_needs_no_free_hand_and_reaches_short():
    """L468: a kick «не требует наличия свободных рук»; %4 at hand distance, %5 at short, the upper zones %6."""
    state = duel(holder="RAT", distance="short", round=1, exchange=1)
    kick = {"exchange": 1, "step": "attack", "maneuver": "kick", "target": "VSE", "zone": "left_leg",
            "dice": {"reflex": 2}}
    assert check.declaration(state, "RAT", kick, OPTIONS) == []
    far = replace(state, distance="medium")
    assert codes(check.declaration(far, "RAT", kick, OPTIONS)) == ["out_of_reach"]
    from replay.rulesets.skirmish import costs
    assert costs.price(state, state.fighter("RAT"), kick, OPTIONS)["difficulty"] == 5
    high = {**kick, "zone": "head"}
    assert costs.price(state, state.fighter("RAT"), high, OPTIONS)["difficulty"] == 6


def test_m29_the_headbutter_takes_the_same_damage_less_his_final_successes():
    """L474: «%5 для зоны, которая находится на одном уровне с вашей головой»; the attacker takes the same damage to
    his own forehead minus the final successes."""
    state = duel(vse={"shield": None, "armour": []}, holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").attack("RAT", "headbutt", "head", reflex=3)
            .declare("VSE", "defence")
            .roll("RAT", "attack", [9, 8, 7]).roll("RAT", "zone", [3, 3], dice="2d6-2")).resolve(state)
    assert declared(stop, "headbutt")["difficulty"] == 5
    self_hurt = effects(stop, "headbutt")[0]["changes"][0]
    final = payloads(stop, "clash")[0]["opposed"]["final"]
    assert self_hurt["fighter"] == "RAT" and self_hurt["amount"] == 5 - final


def test_m30_a_rim_strike_is_strength_plus_the_shield_weight_and_sets_hand_distance():
    """L476–482: shield strikes use the shield's defence difficulty and set the distance to hand (A-83: medium 2)."""
    state = duel(rat={"armour": []}, holder="VSE", distance="short")
    stop = (Round().declare("RAT", "attack")
            .attack("VSE", "shield_rim_strike", "upper_torso", reflex=3, weapon="shield")
            .declare("RAT", "defence")
            .roll("VSE", "attack", [7, 6, 2]).roll("VSE", "zone", [3, 3], dice="2d6-2")).resolve(state)
    assert declared(stop, "shield_rim_strike")["difficulty"] == 5
    assert payloads(stop, "hit")[0]["raw"] == 4 + 2
    assert payloads(stop, "exchange_ended")[0]["distance"] == "hand"


def test_m35_a_limb_block_takes_the_blow_on_the_forearm_less_the_final_successes():
    """L531: blocking with arms and legs; the blow hits the blocking limb, reduced by the final successes."""
    state = duel(vse={"shield": None, "armour": []}, holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
            .defend("VSE", "limb_block", reflex=3)
            .roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [5, 5, 2])).resolve(state)
    assert declared(stop, "limb_block")["difficulty"] == 4
    wound = effects(stop, "limb_block")[0]["changes"][0]["wound"]
    assert wound["precise"] == "forearm" and wound["zone"] == "left_arm" and wound["W"] == 8 - 1


def test_m38_delayed_defence_gives_initiative_and_studies_for_dodge_dice():
    """L549: «Инициатор маневра отдает Инициативу противнику, тщательно изучая его движения умением Языка тела по
    %5»; the successes are bonus dice on dodges for the rest of the round."""
    state = duel(holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack", "chop", target="RAT", zone="upper_torso", dice={"reflex": 1, "skill": 0})
           .declare("RAT", "attack").declare("RAT", "defence", "delayed_defence", dice={"reflex": 0, "skill": 0})
           .roll("VSE", "attack", [2]).roll("RAT", "body_language", [6, 5, 1, 2, 3]))
    stop = rnd.resolve(state)
    eff = effects(stop, "delayed_defence")[0]
    assert eff["changes"][1]["kind"] == "dodge_bonus" and eff["changes"][1]["amount"] == 1
    assert payloads(stop, "exchange_ended")[0]["holder"] == "VSE"


def test_m41_a_master_strike_counter_hits_at_once_undefended_and_keeps_initiative():
    """L576: «Удар мастера позволяет защищающемуся контратаковать противника в том же обмене»."""
    rat = {"skills": {"swords": 8}}
    state = duel(rat=rat, vse={"armour": []}, holder="RAT", distance="long")
    stop = (Round().attack("VSE", "chop", "upper_torso", skill=2).declare("RAT", "attack")
            .defend("RAT", "master_strike", skill=4, zone="upper_torso", attack_type="chop")
            .roll("VSE", "attack", [6, 2]).roll("RAT", "defence", [9, 9, 9, 1])
            .roll("RAT", "zone", [3, 3], dice="2d6-2").roll("VSE", "knockout", [7, 7, 7, 7])).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["attacker"] == "RAT" and hit["target"] == "VSE" and hit["final"] == 1
    assert payloads(stop, "exchange_ended")[0]["holder"] == "RAT"
    assert declared(stop, "master_strike")["master_spent"] == 1


def test_m43_bind_costs_the_opponent_points_and_the_bound_weapon_next_exchange():
    """L597: «отклонить и "связать" оружие противника»; each final success: −1 reflex and −1 skill point next
    exchange; the bound weapon cannot be used then."""
    state = duel(holder="RAT", distance="long")
    stop = (Round().attack("VSE", "thrust", "upper_torso", skill=2).declare("RAT", "attack")
            .defend("RAT", "bind", skill=4)
            .choice("VSE", "feint", "no", exchange=1)
            .roll("VSE", "attack", [6, 2]).roll("RAT", "defence", [9, 9, 2, 2])).resolve(state)
    assert declared(stop, "bind")["activation"] == 1
    vse = stop.state.fighter("VSE")
    assert pools.amount(vse, "lose_R", 1, 2) == 1 and pools.amount(vse, "lose_S", 1, 2) == 1
    assert pools.caps(vse, 1, 2) == (6 - 1, 4 - 1)
    assert not pools.usable(vse, vse.weapon, replace(stop.state, exchange=2))
    assert payloads(stop, "exchange_ended")[0]["distance"] == "long"
    assert stop.state.fighter("RAT").used_for_parry == ("longsword",)  # a parry variant locks it (L559)


def test_m46_arrow_gives_attack_dice_and_forbids_attacking_defences_next_exchange():
    """L626: the evasion «дезориентировать противника, увернутся от атаки по %5»; +1 die per final success on the
    next attack; the opponent cannot parry, knock aside, disarm or grab then."""
    state = duel(vse={"extraordinary": {"reflex": 1}, "skills": {"swords": 6, "acrobatics": 3}}, holder="VSE",
                 distance="long")
    stop = (Round().declare("RAT", "attack", "chop", target="VSE", zone="upper_torso", dice={"reflex": 0, "skill": 2})
            .declare("VSE", "attack").defend("VSE", "arrow_evasion", reflex=2, skill=2)
            .roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [5, 5, 6, 2])).resolve(state)
    assert declared(stop, "arrow_evasion")["difficulty"] == 5
    vse, rat = stop.state.fighter("VSE"), stop.state.fighter("RAT")
    assert pools.amount(vse, "bonus", 1, 2, "attack") == 2
    after = replace(attacking(stop.state, "VSE", "chop"), exchange=2)
    parry = {"exchange": 2, "step": "defence", "maneuver": "parry", "dice": {"skill": 2}}
    assert pools.now(rat, "no_attacking_defence", 1, 2)
    assert "restricted_by_opponent" in codes(check.declaration(after, "RAT", parry, OPTIONS))


def test_m54_disarm_a_strength_check_short_of_the_final_successes_drops_the_weapon():
    """L687: disarming with your weapon; the victim's Strength check (A-40 %5) needs the final successes."""
    rat = {"skills": {"swords": 6}}
    state = duel(rat=rat, holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "disarm", target="VSE",
                                                     dice={"reflex": 0, "skill": 4})
            .defend("VSE", "sidestep", reflex=1)
            .roll("RAT", "attack", [9, 9, 2, 2]).roll("VSE", "defence", [2]).roll("VSE", "strength", [6, 2, 2, 2]))
    stop = stop.resolve(state)
    eff = effects(stop, "disarm")[0]
    assert eff["changes"][1:] == [{"op": "drop", "fighter": "VSE", "weapon": "arming_sword"}]
    assert (eff["changes"][0]["net"], eff["changes"][0]["needed"]) == (1, 2)
    assert stop.state.fighter("VSE").weapon is None


def test_m55_assess_adds_its_successes_to_one_maneuver_next_exchange():
    """L693–697 (A-79): the successes of a free Body Language + Empathy check become dice on one maneuver against
    the studied opponent."""
    state = duel(holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "assess", dice={"reflex": 0, "skill": 0},
                                                     check=3, **{"for": "chop"})
            .roll("RAT", "assess", [7, 6, 2])
            .declare("VSE", "attack", exchange=2).attack("RAT", "chop", "upper_torso", skill=1, exchange=2))
    stop = stop.resolve(state)
    assert effects(stop, "assess")[0]["changes"][1]["amount"] == 2
    chop = [d for d in payloads(stop, "declared") if d["maneuver"] == "chop"][0]["priced"]
    assert chop["dice_to_roll"] == 3 and chop["bonus_effects"] == ["chop"]


def test_m56_grip_change_costs_reflex_and_m23_the_recursive_strike_needs_it():
    """L701: «активация маневра требует одно очко Рефлекса; два очка Рефлекса для рекурсивного хвата»; L427: the
    recursive strike needs a sword that allows a two-handed grip, in the recursive grip."""
    state = duel(holder="RAT", distance="short", round=1, exchange=1)
    strike = {"exchange": 1, "step": "attack", "maneuver": "recursive_strike", "target": "VSE", "zone": "head",
              "dice": {"reflex": 0, "skill": 3}}
    assert "condition_failed" in codes(check.declaration(state, "RAT", strike, OPTIONS))
    with_grip = {**strike, "grip": "recursive"}
    assert check.declaration(state, "RAT", with_grip, OPTIONS) == []
    from replay.rulesets.skirmish import costs
    priced = costs.price(state, state.fighter("RAT"), with_grip, OPTIONS)
    assert priced["activation"] == 1 + 2 and priced["difficulty"] == 4 and priced["damage_type"] == "crushing"


def test_m57_shield_push_dice_at_most_strength_and_a_failed_stability_check_falls():
    """L709–711: pushing the enemy off to the best distance for your weapon; the opponent's Stability check needs
    the final successes or he falls."""
    state = duel(holder="VSE", distance="hand")
    stop = (Round().declare("RAT", "attack")
            .declare("VSE", "attack", "shield_push", target="RAT", weapon="shield", dice={"reflex": 3, "skill": 0})
            .declare("RAT", "defence")
            .roll("VSE", "attack", [8, 7, 6]).roll("RAT", "stability", [5, 1, 2, 2, 2])
            .roll("RAT", "acrobatics", [2] * 6).roll("RAT", "fall_zone", [1], dice="1d6")
            .roll("RAT", "fall_endurance", [2] * 5).roll("RAT", "fall_damage", [3], dice="1d6")).resolve(state)
    assert payloads(stop, "exchange_ended")[0]["distance"] == "long"
    assert stop.state.fighter("RAT").stance == "lying"
    fall = [c for e in effects(stop, "shield_push") for c in e["changes"] if c["op"] == "fall"][0]
    assert (fall["metres"], fall["total"], fall["W"]) == (1, 3, 3)  # a fall from his own height: 1d6
    big = {"exchange": 1, "step": "attack", "maneuver": "shield_push", "target": "RAT", "weapon": "shield",
           "dice": {"reflex": 5}}
    assert "condition_failed" in codes(check.declaration(replace(state, round=1, exchange=1), "VSE", big, OPTIONS))


def test_m58_demoralization_t12():
    """T-12 (L719): the winner's final successes are added to his initiative roll; per 5 final successes the loser
    takes −1 on every action for the fight."""
    rat = {"characteristics": {"reflex": 5, "strength": 5, "endurance": 9, "will": 1, "speed": 7}}
    state = duel(rat=rat, holder="RAT", distance="long")
    for rat_faces, bonus, penalty in (([9] * 7 + [2] * 4, 7, 1), ([9] * 10 + [2], 10, 2)):
        stop = (Round().declare("VSE", "attack")
                .declare("RAT", "attack", "demoralization", target="VSE", dice={"reflex": 0, "skill": 0})
                .roll("RAT", "demoralization", rat_faces).roll("VSE", "demoralization", [2, 2, 2])).resolve(state)
        eff = effects(stop, "demoralization")[0]
        kinds = {c["kind"]: (c["fighter"], c["amount"]) for c in eff["changes"] if c["op"] == "effect"}
        assert kinds == {"initiative_bonus": ("RAT", bonus), "success_penalty": ("VSE", penalty)}


def test_m01_attack_with_defence_lets_the_attacker_defend_with_another_weapon():
    """L236: one attacking and one defensive maneuver in the same exchange, with different weapons; Retreat cannot
    be the defence part."""
    state = duel(vse={"skills": {"swords": 4, "knives": 4}}, holder="RAT", distance="medium")
    att = Declared("VSE", 1, "attack", "chop", {"target": "RAT", "zone": "upper_torso", "with_defence": True},
                   {"attack_type": "chop", "weapon": "arming_sword"})
    rat_att = Declared("RAT", 1, "attack", "chop", {"target": "VSE", "zone": "upper_torso"},
                       {"attack_type": "chop", "weapon": "longsword"})
    after = replace(state, round=1, exchange=1, declared=(att, rat_att))
    block = {"exchange": 1, "step": "defence", "maneuver": "shield_block", "weapon": "shield", "dice": {"reflex": 2}}
    assert check.declaration(after, "VSE", block, OPTIONS) == []
    retreat = {"exchange": 1, "step": "defence", "maneuver": "retreat", "dice": {"reflex": 2}}
    assert "condition_failed" in codes(check.declaration(after, "VSE", retreat, OPTIONS))
    plain = replace(after, declared=(replace(att, order={"target": "RAT", "zone": "upper_torso"}), rat_att))
    assert "step_or_action" in codes(check.declaration(plain, "VSE", block, OPTIONS))


def test_m09_circular_strike_loses_initiative_and_asks_an_extra_fatigue_check():
    """L285–297: a chopping or crushing sweep; «инициатива теряется всегда» and an extra fatigue roll (5.10)."""
    state = duel(vse={"armour": []}, holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "circular_strike", "upper_torso", skill=2, attack_type="chop")
            .declare("VSE", "defence").roll("RAT", "attack", [2, 2])
            .roll("RAT", "fatigue", [6, 6, 2, 2, 2])).resolve(state)
    assert declared(stop, "circular_strike")["activation"] == 1
    assert payloads(stop, "fatigue")[0]["kind"] == "extra"
    assert payloads(stop, "exchange_ended")[0]["flags"]["RAT"] == "lose"
    assert "condition_failed" in codes(check.declaration(replace(state, round=1, exchange=1), "RAT", {
        "exchange": 1, "step": "attack", "maneuver": "circular_strike", "target": "VSE", "zone": "upper_torso",
        "attack_type": "thrust", "dice": {"skill": 2}}, OPTIONS))


def test_m10_circular_slash_needs_a_cut_and_asks_no_fatigue_check():
    """L302–306: a cutting sweep; no extra fatigue roll."""
    state = duel(vse={"armour": []}, holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "circular_slash", "upper_torso", skill=2, attack_type="slash")
            .declare("VSE", "defence").roll("RAT", "attack", [2, 2])).resolve(state)
    assert payloads(stop, "fatigue") == [] and payloads(stop, "exchange_ended")[0]["flags"]["RAT"] == "lose"


def test_m20_a_shield_stun_shocks_this_and_the_next_exchange_and_only_dodges_or_shields_answer():
    """L401: a blow with the flat of the shield; no damage; shock in the current and the next exchange."""
    state = duel(holder="VSE", distance="hand")
    stop = (Round().declare("RAT", "attack")
            .attack("VSE", "shield_stun", "upper_torso", reflex=3, weapon="shield")
            .declare("RAT", "defence").roll("VSE", "attack", [9, 9, 2])).resolve(state)
    assert declared(stop, "shield_stun")["difficulty"] == 5 and payloads(stop, "hit") == []
    rat = stop.state.fighter("RAT")
    assert pools.shock_now(rat, 1, 1) == 2 and pools.shock_now(rat, 1, 2) == 2
    after = attacking(state, "VSE", "shield_stun")
    parry = {"exchange": 1, "step": "defence", "maneuver": "parry", "dice": {"skill": 2}}
    assert "restricted_by_opponent" in codes(check.declaration(after, "RAT", parry, OPTIONS))


def test_m21_a_weapon_trip_needs_a_hook():
    """L411: the weapon's construction must allow trips."""
    state = duel(holder="RAT", distance="long", round=1, exchange=1)
    trip = {"exchange": 1, "step": "attack", "maneuver": "weapon_trip", "target": "VSE", "zone": "left_leg",
            "attack_type": "chop", "dice": {"skill": 2}}
    problems = check.declaration(state, "RAT", trip, OPTIONS)
    assert codes(problems) == ["condition_failed"] and "hook" in problems[0]


def test_m23_a_recursive_strike_deals_strength_plus_one_crushing_and_shortens_the_weapon():
    """L427–431: a blow with the hilt to the head, damage Strength + 1, the weapon one length category shorter; the
    defender's weapon defences +1."""
    state = duel(vse={"armour": []}, holder="RAT", distance="medium")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "recursive_strike", "head", skill=2, grip="recursive")
            .defend("VSE", "parry", skill=2)
            .roll("RAT", "attack", [9, 9]).roll("VSE", "defence", [2, 2]).roll("RAT", "zone", [3, 3], dice="2d6-2")
            .roll("VSE", "knockout", [9, 9, 9, 9])).resolve(state)
    parry = declared(stop, "parry")
    assert "+1 against a recursive strike (M23)" in parry["difficulty_mods"]
    assert payloads(stop, "hit")[0]["raw"] == 6
    assert stop.state.fighter("RAT").weapon.grip == "recursive"
    assert payloads(stop, "exchange_ended")[0]["distance"] == "medium"  # longsword long − 1


def test_m25_rushing_attack_t05():
    """T-05 (L447): run speed 7 → +3 damage on the blow; weapon defences lose 3 dice, shield defences do not."""
    state = duel(rat={"characteristics": {"reflex": 5, "strength": 5, "endurance": 5, "speed": 7}},
                 vse={"armour": []}, holder="RAT", distance="extremely_long")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "rushing_attack", "upper_torso", skill=3, attack_type="chop")
            .defend("VSE", "parry", skill=4)
            .roll("RAT", "attack", [9, 9, 9]).roll("VSE", "defence", [9, 2, 2, 2])).resolve(state)
    rush = declared(stop, "rushing_attack")
    assert rush["damage_bonus"] == 3 and rush["activation"] == 5
    assert declared(stop, "parry")["lost_dice"] == 3
    clash = payloads(stop, "clash")[0]
    assert clash["defence_roll"]["faces"] == [9] and clash["opposed"]["final"] == 2


def test_m26_a_precise_attack_names_its_precise_zone_for_free():
    """L456: «могут бить сразу в выбранную ими точную зону»; 2 master successes."""
    state = duel(rat={"skills": {"swords": 9}}, vse={"armour": [], "shield": None}, holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "precise_attack", "lower_torso", skill=2, attack_type="thrust", precise="belly")
            .declare("VSE", "defence").roll("RAT", "attack", [9, 2])).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["precise"] == "belly" and hit["bought"]["spent"] == 0 and hit["zone_roll"] is None
    poor = duel(holder="RAT", distance="long", round=1, exchange=1)
    order = {"exchange": 1, "step": "attack", "maneuver": "precise_attack", "target": "VSE", "zone": "lower_torso",
             "attack_type": "thrust", "precise": "belly", "dice": {"skill": 2}}
    assert "skill_too_low" in codes(check.declaration(poor, "RAT", order, OPTIONS))


def test_m31_m32_shield_strikes_need_a_boss_or_a_sharp_rim():
    """L486, L490: a shield thrust needs an offensive boss; a rim cut a sharpened metal rim."""
    state = duel(holder="VSE", distance="hand", round=1, exchange=1)
    thrust = {"exchange": 1, "step": "attack", "maneuver": "shield_thrust", "target": "RAT", "zone": "upper_torso",
              "weapon": "shield", "dice": {"reflex": 2}}
    assert "condition_failed" in codes(check.declaration(state, "VSE", thrust, OPTIONS))
    buckler = duel(vse={"shield": {"id": "buckler", "type": "buckler", "hand": "left"}}, holder="VSE",
                   distance="hand", round=1, exchange=1)
    assert check.declaration(buckler, "VSE", thrust, OPTIONS) == []
    cut = {**thrust, "maneuver": "shield_rim_cut"}
    assert "condition_failed" in codes(check.declaration(buckler, "VSE", cut, OPTIONS))


def test_m44_blade_catch_needs_a_blade_catching_weapon():
    """L601: the weapon must have a blade-catching mechanism."""
    state = attacking(duel(holder="RAT", distance="long"), "VSE", "slash", attack_type="cut")
    order = {"exchange": 1, "step": "defence", "maneuver": "blade_catch", "dice": {"skill": 4}}
    problems = check.declaration(state, "RAT", order, OPTIONS)
    assert "condition_failed" in codes(problems) and "blade-catching" in " ".join(problems)


def test_m08_countertime_is_rolled_against_the_enemy_attack_and_the_higher_lands_with_the_difference():
    """L278: «каждый успех контртемпа отменяет один успех вражеской атаки»; if the enemy attack is higher it lands
    with att − ct; a tie: both fail."""
    rat = {"skills": {"swords": 8}}
    state = duel(rat=rat, vse={"armour": [], "shield": None}, holder="RAT", distance="long")
    rnd = (Round().attack("VSE", "chop", "upper_torso", skill=2)
           .attack("RAT", "countertime", "upper_torso", skill=3, attack_type="chop")
           .roll("VSE", "attack", [6, 2]).roll("RAT", "attack", [9, 9, 6])
           .roll("RAT", "zone", [3, 3], dice="2d6-2").roll("VSE", "knockout", [9, 9, 9, 9]))
    stop = rnd.resolve(state)
    clash = payloads(stop, "clash")[0]
    assert clash["maneuver"] == "countertime" and clash["defence"]["maneuver"] == "chop"
    assert clash["opposed"] == {"attack_effective": 3, "defence_effective": 1, "winner": "attack", "final": 2}
    hits = payloads(stop, "hit")
    assert [h["attacker"] for h in hits] == ["RAT"] and hits[0]["final"] == 2
    assert declared(stop, "countertime")["master_spent"] == 1
    assert [d["forced"] for d in payloads(stop, "declared") if d["actor"] == "VSE" and d["step"] == "defence"] == [
        "answered by a free check, not a defence (5.4)"]
    early = check.declaration(replace(state, round=1, exchange=1), "RAT", {
        "exchange": 1, "step": "attack", "maneuver": "countertime", "target": "VSE", "zone": "head",
        "attack_type": "chop", "dice": {"skill": 2}}, OPTIONS)
    assert "condition_failed" in codes(early)  # no enemy attack declared yet


def test_m33_sudden_attack_wins_the_interception_and_strikes_first_undefended():
    """L505–507: «Если вы получили больше успехов, вы наносите удар первым»; the opponent cannot defend against it;
    the interception dice are the activation, %4 against a lower Reflex."""
    state = duel(rat={"armour": []}, vse={"armour": [], "shield": None}, holder="RAT", distance="medium")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
           .defend("VSE", "sudden_attack", skill=3, intercept=2, attack_type="slash", zone="upper_torso",
                   target="RAT")
           .roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [8, 8, 2])
           .roll("VSE", "interception", [7, 5]).roll("RAT", "body_language", [6, 2, 2, 2, 2])
           .roll("VSE", "zone", [3, 3], dice="2d6-2").roll("RAT", "zone", [3, 3], dice="2d6-2"))
    stop = rnd.resolve(state)
    priced = declared(stop, "sudden_attack")
    assert priced["activation"] == 2 and priced["attack_type"] == "cut"
    eff = effects(stop, "sudden_attack")[0]
    assert eff["changes"][0]["net"] == 2 and eff["changes"][0]["difficulty"] == 4  # RAT's Reflex 5 is lower
    clashes = payloads(stop, "clash")
    assert [c["attacker"] for c in clashes] == ["VSE", "RAT"]  # the sudden attack first
    assert [h["attacker"] for h in payloads(stop, "hit")] == ["VSE"]
    # its wound's shock 3 shrinks RAT's pending chop to 0 dice (5.1.6): the blow that came second fails
    assert clashes[1]["reduced"]["attack"] == 2 and clashes[1]["attack_roll"]["automatic_failure"]
    assert payloads(stop, "exchange_ended")[0]["holder"] == "VSE"


def test_m24_synchronous_attack_one_roll_two_wounds_sharing_the_final_successes():
    """L441: one attack roll for both weapons at +1 difficulty; on a hit two separate damage calculations, the final
    successes shared by both wounds."""
    vse = {"weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]},
                       {"id": "dagger2", "type": "dagger", "hands": ["left"]}], "shield": None}
    state = duel(rat={"armour": []}, vse=vse, holder="VSE", distance="hand")
    stop = (Round().declare("RAT", "attack").attack("VSE", "synchronous_attack", "lower_torso", skill=3,
                                                    attack_type="thrust", buys=["precise:belly"])
            .declare("RAT", "defence").roll("VSE", "attack", [9, 9, 9])
            .roll("RAT", "knockout", [9, 9, 9, 9, 9])).resolve(state)
    assert declared(stop, "synchronous_attack")["difficulty"] == 5 + 1
    hits = payloads(stop, "hit")
    assert [h["final"] for h in hits] == [3, 3] and [h["precise"] for h in hits] == ["belly", "belly"]


def test_m07_any_weapon_strike_at_a_lying_victim_is_made_at_percent_4():
    """L271 (PROPOSED: applied automatically): «Любой удар против лежачего противника делается по %4»."""
    from replay.rulesets.skirmish import costs

    state = duel(vse={"condition": {"stance": "lying"}}, holder="RAT", distance="long", round=1, exchange=1)
    chop = {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "VSE", "zone": "upper_torso",
            "dice": {"skill": 3}}
    priced = costs.price(state, state.fighter("RAT"), chop, OPTIONS)
    assert priced["difficulty"] == 4 and "M07" in priced["difficulty_mods"][-1]
    standing = duel(holder="RAT", distance="long", round=1, exchange=1)
    assert costs.price(standing, standing.fighter("RAT"), chop, OPTIONS)["difficulty"] == 5


def test_m06_double_attack_two_rolls_each_answered_by_its_own_defence():
    """L263–265: two basic attacks, one per weapon, with separate attack rolls; each follows the doubling rule of its
    weapon, the off-hand part +1 difficulty; the defender defends against each separately, except by Retreat."""
    vse = {"weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": ["right"]},
                       {"id": "dagger", "type": "dagger", "hands": ["left"]}], "shield": None}
    state = duel(rat={"armour": []}, vse=vse, holder="VSE", distance="medium")
    rnd = (Round().declare("RAT", "attack")
           .attack("VSE", "double_attack", "upper_torso", skill=2, attack_type="chop",
                   second={"attack_type": "thrust", "zone": "lower_torso", "dice": {"reflex": 0, "skill": 2}})
           .defend("RAT", "parry", skill=2, second={"maneuver": "sidestep", "dice": {"reflex": 2, "skill": 0}})
           .roll("VSE", "attack", [7, 2]).roll("VSE", "attack2", [8, 8]).roll("RAT", "defence", [9, 9])
           .roll("RAT", "defence2", [2, 2]).roll("VSE", "zone", [3, 3], dice="2d6-2")
           .roll("RAT", "knockout", [9, 9, 9, 9, 9]))
    stop = rnd.resolve(state)
    priced = declared(stop, "double_attack")
    assert priced["activation"] == 1 and priced["second"]["difficulty"] == 5 + 1  # the dagger in the off hand
    assert priced["paid_R"] + priced["paid_S"] == priced["cost_points"]
    clashes = payloads(stop, "clash")
    assert [(c["maneuver"], c["defence"]["maneuver"]) for c in clashes] == [("chop", "parry"), ("thrust", "sidestep")]
    assert [c["opposed"]["winner"] for c in clashes] == ["defence", "attack"]
    assert [h["maneuver"] for h in payloads(stop, "hit")] == ["thrust"]
