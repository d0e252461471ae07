"""Rules of part 1 added last: unexpected and hidden attacks (5.7, T-11), size (5.9.1, 5.9.5), the transfer feint
(M15, T-07), the refusals that name their reason (M22, M37, M49), and the choice points of two fighters."""

from replay.rulesets.skirmish import check, costs
from tests.skirmish.kit import Round, asked, fight, payloads, why_stopped


def unexpected_round(kind: str, **defence):
    """RAT (longsword) holds initiative and chops at VSE's upper torso; the GM rules the attack `kind` (CP-43)."""
    state = fight(holder="RAT", distance="long")
    rnd = (Round()
           .declare("VSE", "attack")
           .attack("RAT", "chop", "upper_torso", skill=3)
           .choice(None, "surprise", kind, exchange=1, attacker="RAT"))
    return state, rnd


def test_t11_a_trusted_attackers_unexpected_attack_adds_one_to_the_defence_and_allows_reflex_only():
    state, rnd = unexpected_round("trusted")
    stop = rnd.resolve(state)
    assert asked(stop) == [("VSE", "order", {"exchange": 1, "step": "defence"})], why_stopped(stop)
    attack = payloads(stop, "declared")[1]
    assert attack["priced"]["surprise"] == "trusted" and "CP-43" in attack["rule"] and "A-60" in attack["defaults"]
    parry = {"exchange": 1, "step": "defence", "maneuver": "parry", "weapon": "arming_sword"}
    assert check.declaration(stop.state, "VSE", {**parry, "dice": {"reflex": 3, "skill": 0}}, rnd_options()) == []
    paid_skill = check.declaration(stop.state, "VSE", {**parry, "dice": {"reflex": 1, "skill": 2}}, rnd_options())
    assert any(p.startswith("reflex_only (5.7, L40)") for p in paid_skill)
    counter = check.declaration(stop.state, "VSE", {**parry, "maneuver": "counterattack",
                                                    "dice": {"reflex": 3, "skill": 0}}, rnd_options())
    assert any(p.startswith("restricted_by_opponent (5.7, L40, A-60)") for p in counter)
    # the same parry against a normal attack is one easier (L40: +1 against a trusted attacker)
    normal = Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=3).resolve(state)
    plain = costs.price(normal.state, normal.state.fighter("VSE"), {**parry, "dice": {"reflex": 3, "skill": 0}},
                        rnd_options())
    trusted = costs.price(stop.state, stop.state.fighter("VSE"), {**parry, "dice": {"reflex": 3, "skill": 0}},
                          rnd_options())
    assert trusted["difficulty"] == plain["difficulty"] + 1
    assert "+1 against a trusted attacker's unexpected attack (5.7, L40)" in trusted["difficulty_mods"]


def rnd_options():
    from tests.skirmish.kit import RULESET

    return RULESET.options()


def test_t11_the_successful_parry_does_not_take_initiative_the_attacker_holds_it():
    state, rnd = unexpected_round("trusted")
    stop = (rnd.defend("VSE", "parry", reflex=4, weapon="arming_sword")
            .declare("RAT", "defence")
            .choice("RAT", "feint", "no", exchange=1)
            .roll("RAT", "attack", [3, 2, 1])
            .roll("VSE", "defence", [9, 8, 7, 2])
            .resolve(state))
    clash = payloads(stop, "clash")[0]
    assert clash["opposed"]["winner"] == "defence", clash["why"]
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["flags"]["VSE"] == "gain"  # the parry would intercept (5.3 step 3) …
    assert ended["holder"] == "RAT"  # … but the unexpected attack's lock keeps it with the attacker (L42)
    assert ended["locks"] == [{"fighter": "RAT", "kind": "initiative_lock", "start": [1, 1], "until": [2, 2]}]
    assert any("L42" in w for w in ended["why"])
    assert stop.state.holder == "RAT"
    rat = stop.state.fighter("RAT")
    assert [(e.kind, e.start, e.until) for e in rat.effects] == [("initiative_lock", (1, 1), (2, 2))]


def test_an_unexpected_attack_in_exchange_one_keeps_the_lock_through_the_next_exchange():
    state, rnd = unexpected_round("unexpected")
    stop = (rnd.defend("VSE", "parry", reflex=4, weapon="arming_sword")
            .declare("RAT", "defence")
            .choice("RAT", "feint", "no", exchange=1)
            .roll("RAT", "attack", [3, 2, 1])
            .roll("VSE", "defence", [9, 8, 7, 2])
            .declare("VSE", "attack", exchange=2)  # RAT still holds: VSE declares first
            .declare("RAT", "attack", exchange=2)
            .resolve(state))
    assert payloads(stop, "exchange_ended")[1]["holder"] == "RAT"


def test_the_surprise_choice_is_the_gms_and_names_a_kind():
    state = fight(holder="RAT", distance="long")
    from eventlog.envelope import Draft

    bad = check.check(state, (), Draft("choice", {"name": "surprise", "value": "sneaky", "exchange": 1,
                                                  "attacker": "RAT"}, 1, None), rnd_options())
    assert bad and bad[0].startswith("CP-43 (5.7)")
    by_player = check.check(state, (), Draft("choice", {"name": "surprise", "value": "hidden", "exchange": 1,
                                                        "attacker": "RAT"}, 1, "RAT"), rnd_options())
    assert by_player and by_player[0].startswith("CP-43 (5.7)")


def test_a_hidden_attack_asks_the_victims_empathy_first_and_unsensed_it_is_unopposed_without_shield_cover():
    state, rnd = unexpected_round("hidden")
    stop = rnd.resolve(state)
    assert asked(stop) == [("VSE", "empathy", {"exchange": 1})], why_stopped(stop)
    stop = (rnd.roll("VSE", "empathy", [5, 1, 3, 6])  # 1 success − 1 one = 0: not sensed
            .declare("RAT", "defence")
            .roll("RAT", "attack", [9, 8, 2])
            .resolve(state))
    vse = [d for d in payloads(stop, "declared") if d["actor"] == "VSE" and d["step"] == "defence"][0]
    assert vse["maneuver"] == "pass" and vse["priced"]["empathy"]["net"] == 0 and not vse["priced"]["empathy"]["sensed"]
    assert "not sensed" in vse["forced"]
    clash = payloads(stop, "clash")[0]
    assert clash["defence"] is None and clash["opposed"]["winner"] == "attack"


def test_a_hidden_attack_on_the_shield_arm_gets_no_passive_cover_a61():
    state, rnd = unexpected_round("hidden")
    rnd.events[1].payload["zone"] = "left_arm"  # VSE's round shield is on the left arm
    stop = (rnd.roll("VSE", "empathy", [5, 1, 3, 2])
            .declare("RAT", "defence")
            .roll("RAT", "attack", [9, 8, 2])
            .roll("RAT", "zone", [3, 4], sides=6, dice="2d6-2")
            .roll("RAT", "penetration", [6], sides=6, dice="1d6")
            .resolve(state))
    hit = payloads(stop, "hit")[0]
    assert hit["shield"] is None and "A-61" in hit["defaults"]
    assert any("no passive shield cover (A-61)" in w for w in hit["why"])


def test_a_sensed_hidden_attack_is_defended_as_an_unexpected_one():
    state, rnd = unexpected_round("hidden")
    stop = rnd.roll("VSE", "empathy", [6, 7, 2, 3]).resolve(state)
    assert asked(stop) == [("VSE", "order", {"exchange": 1, "step": "defence"})], why_stopped(stop)
    dodge = {"exchange": 1, "step": "defence", "maneuver": "sidestep", "dice": {"reflex": 3, "skill": 0}}
    assert check.declaration(stop.state, "VSE", dodge, rnd_options()) == []
    bind = {"exchange": 1, "step": "defence", "maneuver": "bind", "dice": {"reflex": 3, "skill": 0}}
    assert any(p.startswith("restricted_by_opponent (5.7") for p in check.declaration(stop.state, "VSE", bind,
                                                                                        rnd_options()))


def test_after_a_successful_hidden_attack_the_next_round_starts_with_an_initiative_roll():
    state, rnd = unexpected_round("hidden")
    stop = (rnd.roll("VSE", "empathy", [5, 1, 3, 2])
            .declare("RAT", "defence")
            .roll("RAT", "attack", [9, 8, 2])
            .roll("RAT", "zone", [3, 4], sides=6, dice="2d6-2")
            .roll("RAT", "penetration", [6], sides=6, dice="1d6")
            .resolve(state))
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["locks"] == [{"fighter": "RAT", "kind": "initiative_roll", "start": [2, 1], "until": [2, 1]}], \
        why_stopped(stop)
    assert ended["holder"] == "RAT"  # no lock: the ordinary update (5.3 step 3) this round
    rat = stop.state.fighter("RAT")
    assert [(e.kind, e.start) for e in rat.effects] == [("initiative_roll", (2, 1))]


def test_the_round_after_a_successful_hidden_attack_asks_combat_initiative_rolls():
    from dataclasses import replace

    from replay.rulesets.skirmish.model import Effect

    state = fight(holder="RAT", distance="long", round=1, closed=1)
    rat = replace(state.fighter("RAT"), effects=(Effect("initiative_roll", 1, (2, 1), (2, 1), "", "5.7"),))
    stop = Round(turn=2).resolve(state.with_fighter(rat))
    assert ("RAT", "initiative", {"exchange": 1}) in asked(stop) and ("VSE", "initiative", {"exchange": 1}) in \
        asked(stop)
    stop = (Round(turn=2).roll("RAT", "initiative", [7, 7, 1, 2, 3]).roll("VSE", "initiative", [9, 9, 9, 1, 2, 3])
            .resolve(state.with_fighter(rat)))
    init = payloads(stop, "initiative")[0]
    assert init["holder"] == "VSE" and "hidden attack" in init["why"][0]


def giant(multiplier: float = 1.0):
    """RAT as a 540 cm giant (3 × VSE's 176 cm and more) with a damage multiplier; he holds initiative."""
    return fight({"fighters": [{"sample": "RAT", "cell": [0, 0], "height_cm": 540, "size_multiplier": multiplier},
                               {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None}]},
                 holder="RAT", distance="long")


def test_595_against_a_target_a_third_of_his_height_the_giant_cannot_choose_a_zone():
    state = giant()
    stop = Round().declare("VSE", "attack").resolve(state)
    chop = {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "VSE", "dice": {"reflex": 0, "skill": 4}}
    chosen = check.declaration(stop.state, "RAT", {**chop, "zone": "head"}, rnd_options())
    assert any(p.startswith("zone_not_allowed (5.9.5, L186)") for p in chosen)
    assert check.declaration(stop.state, "RAT", {**chop, "zone": "body"}, rnd_options()) == []
    bought = check.declaration(stop.state, "RAT", {**chop, "zone": "body", "buys": ["precise:forehead"]},
                               rnd_options())
    assert any(p.startswith("zone_not_allowed (5.9.5, L186)") for p in bought)
    # the shorter fighter still chooses zones against the giant
    assert costs.much_shorter(176, 540) is False and costs.much_shorter(540, 176) is True


def giant_hit(multiplier: float, body_face: int):
    state = giant(multiplier)
    return (Round().declare("VSE", "attack")
            .attack("RAT", "chop", "body", skill=5)
            .declare("VSE", "defence")
            .roll("RAT", "attack", [9, 9, 9, 1, 2])  # 5.9.6: ⌊540/176⌋ − 1 = 2 dice lost, off the last faces
            .roll("RAT", "body_zone", [body_face], sides=6, dice="1d6")
            .roll("RAT", "zone", [3, 4], sides=6, dice="2d6-2")
            .roll("RAT", "penetration", [6], sides=6, dice="1d6")
            .roll("VSE", "knockout", [9, 9, 9, 9])
            .resolve(state))


def test_595_the_zone_is_rolled_on_the_stance_table_and_591_the_damage_is_multiplied_rounded_down():
    plain, big = giant_hit(1.0, 5), giant_hit(1.5, 5)
    clash = payloads(plain, "clash")[0]
    assert clash["reduced"]["attack"] == 2 and clash["attack_roll"]["faces"] == [9, 9, 9]
    hit, hit15 = payloads(plain, "hit")[0], payloads(big, "hit")[0]
    assert hit["body_roll"] == {"face": 5, "stance": "standing", "general": "upper_torso"}
    assert hit["zone"] == "upper_torso" and hit["general"] == "upper_torso"
    assert any("no zone is chosen; 1d6 [5] on the standing column → upper_torso" in w for w in hit["why"])
    assert hit15["raw"] == int(hit["raw"] * 1.5)
    assert any(f"D = ⌊{hit['raw']} × 1.5⌋ = {hit15['raw']} (size multiplier, 5.9.1, L164)" in w for w in hit15["why"])


def test_595_a_stance_table_miss_is_a_miss():
    state = giant()
    from dataclasses import replace

    state = state.with_fighter(replace(state.fighter("VSE"), stance="lying"))
    stop = (Round().declare("VSE", "attack")
            .attack("RAT", "chop", "body", skill=5)
            .declare("VSE", "defence")
            .roll("RAT", "attack", [9, 9, 9, 1, 2])
            .roll("RAT", "body_zone", [2], sides=6, dice="1d6")
            .resolve(state))
    hit = payloads(stop, "hit")[0]
    assert hit["miss"] and hit["wound"] is None and hit["body_roll"]["general"] is None, why_stopped(stop)


def test_the_size_multiplier_is_omitted_from_the_json_state_when_one():
    from replay.rulesets.skirmish.model import state_from_json, state_to_json

    plain, big = state_to_json(fight()), state_to_json(giant(2.0))
    assert "size_multiplier" not in plain["fighters"][0] and big["fighters"][0]["size_multiplier"] == 2.0
    assert state_from_json(big).fighter("RAT").size_multiplier == 2.0
    assert state_from_json(plain).fighter("RAT").size_multiplier == 1.0


def refusal(code: str, step: str = "attack"):
    state = fight(holder="VSE", distance="long", round=1, exchange=1, step=1)
    order = {"exchange": 1, "step": step, "maneuver": code, "target": "VSE", "zone": "upper_torso",
             "dice": {"skill": 2}}
    return check.declaration(state, "RAT", order, rnd_options())


def test_m37_protect_ally_is_refused_as_part_2():
    problems = refusal("protect_ally", "defence")
    assert any(p.startswith("condition_failed (5.4 M37)") and "part 2" in p for p in problems), problems


def test_m49_counter_response_is_refused_naming_a25():
    problems = refusal("counter_response", "defence")
    assert any(p.startswith("condition_failed (5.4.2 M49, A-25)") and "never described" in p for p in problems)


def test_pass_is_declaring_nothing_and_m22_has_its_own_code():
    from replay.rulesets.skirmish import data

    assert data.maneuver_by_id("M22")["code"] == "pass_through" and "pass" not in data.maneuvers()
    state = fight(holder="VSE", distance="long", round=1, exchange=1, step=1)
    assert check.declaration(state, "RAT", {"exchange": 1, "step": "attack", "maneuver": "pass"}, rnd_options()) == []


def test_a02_is_named_by_every_resolution_whose_counted_roll_shows_a_one():
    from replay.rulesets.skirmish.maneuvers.base import name_ones

    with_one = {"defaults": ["C12"], "rolls": {"RAT": {"faces": [7, 1], "difficulty": 5}}}
    name_ones(with_one)
    assert with_one["defaults"] == ["C12", "A-02"]
    without = {"defaults": [], "rolls": {"RAT": {"faces": [7, 2], "difficulty": 5}}, "fall": {"faces": [1]}}
    name_ones(without)  # a d6 fall-damage face of 1 is no counted roll
    assert without["defaults"] == []
    state = fight()
    stop = Round().roll("RAT", "initiative", [7, 1, 5, 2, 3]).roll("VSE", "initiative", [9, 9, 2, 3, 4, 5]) \
        .resolve(state)
    assert "A-02" in payloads(stop, "initiative")[0]["defaults"]


def spearman():
    """VSE, an Expert with the spear (spears 6, one extraordinary reflex success), holds initiative over RAT."""
    return fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0]},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, "skills": {"spears": 6, "acrobatics": 3,
                                                                                     "body_language": 3},
         "weapons": [{"id": "spear", "type": "spear", "hands": ["right", "left"]}]}]},
        holder="VSE", distance="long")


def phase1(attack_faces=(9, 8, 7, 2, 3), commit=None):
    return (Round()
            .declare("RAT", "attack")
            .attack("VSE", "thrust", "head", reflex=2, skill=3)
            .choice("VSE", "transfer_feint", commit or {"master": 0, "extraordinary": 1}, exchange=1)
            .defend("RAT", "sidestep", reflex=3)
            .roll("VSE", "attack", list(attack_faces))
            .roll("RAT", "defence", [6, 2, 1]))


def test_m15_phase_one_adds_the_committed_successes_deals_no_damage_and_keeps_initiative():
    stop = phase1().resolve(spearman())
    assert asked(stop) == [("RAT", "order", {"exchange": 2, "step": "attack"})], why_stopped(stop)
    reveal = [e for e in payloads(stop, "effect") if e["maneuver"] == "transfer_feint"]
    assert reveal[0]["changes"][0] == {"op": "spend", "fighter": "VSE", "reflex": 1, "master": 0, "extraordinary": 1}
    clash = payloads(stop, "clash")[0]
    assert clash["attack_roll"]["auto_successes"] == 1 and clash["attack_roll"]["net"] == 4  # 3 hits + 1 (L361)
    assert clash["opposed"]["winner"] == "attack" and clash["opposed"]["final"] == 3  # 4 − 1 head − 0
    assert payloads(stop, "hit") == []  # no damage in phase 1
    carried = reveal[1]["changes"]
    assert {"kind": "transfer_auto", "amount": 1} .items() <= carried[0].items()
    assert carried[1]["ref"] == "thrust:left_leg,right_leg" and "CP-16" in reveal[1]["defaults"]
    assert {"fighter": "RAT", "kind": "defence_lost_dice", "amount": 3}.items() <= carried[2].items()
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["flags"]["VSE"] == "gain" and ended["holder"] == "VSE"
    vse = stop.state.fighter("VSE")
    assert vse.spent_extraordinary == 1 and vse.spent_R == 2 + 1


def test_t07_the_phase_two_blow_is_the_same_thrust_to_the_symmetric_part():
    stop = phase1().resolve(spearman())
    thrust = {"exchange": 2, "step": "attack", "maneuver": "thrust", "target": "RAT", "dice": {"reflex": 0,
                                                                                              "skill": 2}}
    assert check.declaration(stop.state, "VSE", {**thrust, "zone": "left_leg"}, rnd_options()) == []
    for other in ({**thrust, "zone": "head"}, {**thrust, "maneuver": "chop", "zone": "left_leg"}):
        problems = check.declaration(stop.state, "VSE", other, rnd_options())
        assert any(p.startswith("condition_failed (5.4.1 M15, L363, T-07)") for p in problems), problems


def test_t07_the_gm_decides_symmetry_cp16():
    rnd = phase1().choice(None, "symmetric", ["lower_torso"], exchange=1, attacker="VSE")
    stop = rnd.resolve(spearman())
    reveal = [e for e in payloads(stop, "effect") if e["maneuver"] == "transfer_feint"]
    assert reveal[1]["changes"][1]["ref"] == "thrust:lower_torso" and "CP-16" not in reveal[1]["defaults"]
    thrust = {"exchange": 2, "step": "attack", "maneuver": "thrust", "target": "RAT", "dice": {"reflex": 0,
                                                                                              "skill": 2}}
    assert check.declaration(stop.state, "VSE", {**thrust, "zone": "lower_torso"}, rnd_options()) == []
    assert check.declaration(stop.state, "VSE", {**thrust, "zone": "left_leg"}, rnd_options())


def test_m15_phase_two_carries_the_successes_over_and_the_defence_loses_the_final_successes_as_dice():
    stop = (phase1()
            .declare("RAT", "attack", exchange=2)
            .attack("VSE", "thrust", "left_leg", skill=2, exchange=2)
            .defend("RAT", "sidestep", reflex=2, exchange=2)
            .resolve(spearman()))
    rat = [d for d in payloads(stop, "declared") if d["actor"] == "RAT" and d["exchange"] == 2
           and d["step"] == "defence"][0]
    assert rat["priced"]["lost_dice"] == 3 and "A-33" in rat["priced"]["lost_why"]
    stop = (phase1()
            .declare("RAT", "attack", exchange=2)
            .attack("VSE", "thrust", "left_leg", skill=2, exchange=2)
            .defend("RAT", "parry", skill=4, exchange=2)
            .choice("VSE", "feint", "no", exchange=2)
            .roll("VSE", "attack", [2, 3], exchange=2)
            .roll("RAT", "defence", [9, 9, 9, 9], exchange=2)
            .resolve(spearman()))
    clash = payloads(stop, "clash")[1]
    assert clash["attack_roll"]["auto_successes"] == 1 and clash["attack_roll"]["net"] == 1
    assert clash["reduced"]["defence"] == 3 and clash["defence_roll"]["faces"] == [9]


def test_m15_a_failed_phase_one_loses_the_successes_and_there_is_no_phase_two():
    stop = phase1(attack_faces=(2, 3, 4, 1, 2)).resolve(spearman())
    reveal = [e for e in payloads(stop, "effect") if e["maneuver"] == "transfer_feint"]
    assert reveal[1]["changes"] == [] and "lost" in reveal[1]["why"][0]
    thrust = {"exchange": 2, "step": "attack", "maneuver": "chop", "target": "RAT", "zone": "head",
              "dice": {"reflex": 0, "skill": 2}}
    assert not any("M15" in p for p in check.declaration(stop.state, "VSE", thrust, rnd_options()))


def test_m15_refusals_name_the_rule():
    stop = phase1(commit={"master": 1}).resolve(spearman())  # spears 6: no master successes
    assert stop.error and "cannot_pay (2.5, L361)" in stop.error
    weak = spearman()
    from dataclasses import replace

    weak = weak.with_fighter(replace(weak.fighter("VSE"), skills={**weak.fighter("VSE").skills, "spears": 5}))
    stop = phase1().resolve(weak)
    assert stop.error and "skill_too_low (4.8, A-21)" in stop.error
    late = (Round().declare("RAT", "attack").attack("VSE", "thrust", "head", reflex=2, skill=3)
            .defend("RAT", "sidestep", reflex=3)
            .choice("VSE", "transfer_feint", {"extraordinary": 1}, exchange=1))
    stop = late.resolve(spearman())
    assert stop.error and "step_or_action (5.4.1 M15, CP-15)" in stop.error
    direct = check.declaration(spearman(), "VSE", {"exchange": 1, "step": "attack", "maneuver": "transfer_feint",
                                                   "target": "RAT", "zone": "head", "dice": {"skill": 2}},
                               rnd_options())
    assert any(p.startswith("condition_failed (5.4.1 M15, CP-15)") for p in direct)
    from eventlog.envelope import Draft

    bad = check.check(spearman(), (), Draft("choice", {"name": "transfer_feint", "value": {"master": 0},
                                                       "exchange": 1}, 1, "VSE"), rnd_options())
    assert bad and bad[0].startswith("CP-15 (M15)")


def test_m15_a_sealed_commitment_waits_for_its_reveal():
    rnd = Round().declare("RAT", "attack").attack("VSE", "thrust", "head", reflex=2, skill=3)
    rnd.add("input.sealed", "VSE", {"kind": "choice", "name": "transfer_feint", "key": {"exchange": 1},
                                    "commitment": "0" * 64})
    stop = rnd.defend("RAT", "sidestep", reflex=3).resolve(spearman())
    assert [(r.kind, r.actor, r.name) for r in stop.requests] == [("reveal", "VSE", "transfer_feint")], \
        why_stopped(stop)


def test_a49_a_clinch_with_more_limbs_than_the_victim_has_free_is_one_easier():
    from tests.skirmish.test_wrestling import OPTIONS, duel, holding, wrestle

    def difficulty(zones, limbs):
        state = holding(duel(round=1, exchange=1, holder="RAT", distance="hand"), zones=zones)
        return costs.price(state, state.fighter("RAT"), wrestle("clinch", limbs=limbs), OPTIONS)

    free = difficulty((), 4)  # the grabbed arm held: 3 free limbs, 4 committed
    assert free["difficulty"] == 6 + 1 - 1 and any("A-49" in m for m in free["difficulty_mods"])
    assert difficulty((), 2)["difficulty"] == 5 + 1  # 2 limbs against 3 free: no change (+1 medium load)
    legs = difficulty(("legs",), 2)  # arm and legs held: 1 free limb
    assert legs["difficulty"] == 5 + 1 - 1


def test_m06_a_double_attack_that_hits_sets_the_shorter_weapons_distance():
    from tests.skirmish.test_maneuvers import duel

    vse = {"weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": ["right"]},
                       {"id": "dagger", "type": "dagger", "hands": ["left"]}], "shield": None}
    state = duel(rat={"armour": []}, vse=vse, holder="VSE", distance="medium")
    rnd = (Round().declare("RAT", "attack")
           .attack("VSE", "double_attack", "upper_torso", skill=2, attack_type="chop",
                   second={"attack_type": "thrust", "zone": "lower_torso", "dice": {"reflex": 0, "skill": 2}})
           .defend("RAT", "parry", skill=2, second={"maneuver": "sidestep", "dice": {"reflex": 2, "skill": 0}})
           .roll("VSE", "attack", [7, 8]).roll("VSE", "attack2", [2, 2]).roll("RAT", "defence", [2, 2])
           .roll("RAT", "defence2", [9, 9]).roll("VSE", "zone", [3, 3], dice="2d6-2")
           .roll("RAT", "knockout", [9, 9, 9, 9, 9]))
    stop = rnd.resolve(state)
    assert [c["opposed"]["winner"] for c in payloads(stop, "clash")] == ["attack", None], why_stopped(stop)
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["distance"] == "hand"  # the sword's chop hit, but the dagger is the shorter weapon (L265)
    assert any("M06, L265" in w for w in ended["why"])


def knock_aside_round(vse: dict, attack: tuple, defence_faces: list, attack_faces: list, distance="long", **knock):
    """RAT (longsword) holds initiative and knocks aside VSE's attack."""
    state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0]},
                                {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, **vse}]},
                  holder="RAT", distance=distance)
    maneuver, zone, dice = attack
    return state, (Round().attack("VSE", maneuver, zone, **dice).declare("RAT", "attack")
                   .defend("RAT", "knock_aside", skill=min(4, len(defence_faces)),
                           reflex=len(defence_faces) - min(4, len(defence_faces)), weapon="longsword", **knock)
                   .roll("VSE", "attack", attack_faces).roll("RAT", "defence", defence_faces))


def test_m42_a_knock_aside_against_a_punch_hits_the_punching_arm_with_its_final_successes():
    state, rnd = knock_aside_round({"weapons": []}, ("punch", "upper_torso", {"reflex": 1}), [9, 9, 9], [2],
                                   distance="hand", buys=["precise:forearm"])
    stop = rnd.roll("RAT", "penetration", [6], sides=6, dice="1d6").roll("VSE", "knockout", [9, 9, 9, 9]) \
        .resolve(state)
    assert payloads(stop, "clash")[0]["opposed"]["winner"] == "defence", why_stopped(stop)
    assert payloads(stop, "knocked_aside") == []  # no Fortitude check: there is no weapon to drop
    hit = payloads(stop, "hit")[0]
    assert (hit["attacker"], hit["target"], hit["zone"], hit["precise"]) == ("RAT", "VSE", "right_arm", "forearm")
    assert hit["final"] == 3 and "M42, L586" in hit["why"][0]


def test_m42_a_chopping_knock_aside_cuts_a_spears_shaft_a93():
    spear = {"weapons": [{"id": "spear", "type": "spear", "hands": ["right", "left"]}]}
    state, rnd = knock_aside_round(spear, ("thrust", "upper_torso", {"reflex": 1}), [9, 9, 9, 9, 9, 9], [2],
                                   cut_shaft=True)
    stop = rnd.resolve(state)
    cut = [e for e in payloads(stop, "effect") if e["maneuver"] == "knock_aside"][0]
    assert cut["changes"] == [{"op": "drop", "fighter": "VSE", "weapon": "spear", "state": "broken"}], why_stopped(stop)
    assert "A-93" in cut["defaults"] and "6 ≥ Reliability 5" in cut["why"][0]
    assert stop.state.fighter("VSE").weapon_by_id("spear").state == "broken"
    assert payloads(stop, "knocked_aside") == []


def test_m42_a_shaft_that_holds_still_asks_the_fortitude_check():
    spear = {"weapons": [{"id": "spear", "type": "spear", "hands": ["right", "left"]}]}
    state, rnd = knock_aside_round(spear, ("thrust", "upper_torso", {"reflex": 1}), [9, 9, 2], [2], cut_shaft=True)
    stop = rnd.resolve(state)
    cut = [e for e in payloads(stop, "effect") if e["maneuver"] == "knock_aside"][0]
    assert cut["changes"] == [] and "2 < Reliability 5" in cut["why"][0]
    assert ("VSE", "fortitude", {"exchange": 1}) in asked(stop)


def test_m42_cutting_a_shaft_needs_a_chopping_weapon_and_a_shafted_target():
    state, rnd = knock_aside_round({}, ("chop", "upper_torso", {"reflex": 1}), [9], [2])
    stop = Round().attack("VSE", "chop", "upper_torso", reflex=1).declare("RAT", "attack").resolve(state)
    order = {"exchange": 1, "step": "defence", "maneuver": "knock_aside", "weapon": "longsword", "cut_shaft": True,
             "dice": {"reflex": 0, "skill": 2}}
    problems = check.declaration(stop.state, "RAT", order, rnd_options())
    assert any(p.startswith("condition_failed (5.4.2 M42, L588)") and "shafted" in p for p in problems)


def double_against_shield(shield: str, defence: dict, attack1: list, attack2: list, defence_faces: list):
    """VSE (arming sword right, dagger left) double-attacks RAT (arming sword and a shield)."""
    state = fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0], "armour": [],
         "weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": ["right"]}],
         "shield": {"id": "shield", "type": shield, "hand": "left"}},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None,
         "weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": ["right"]},
                     {"id": "dagger", "type": "dagger", "hands": ["left"]}]}]}, holder="VSE", distance="medium")
    rnd = (Round().declare("RAT", "attack")
           .attack("VSE", "double_attack", "upper_torso", skill=2, attack_type="chop",
                   second={"attack_type": "thrust", "zone": "lower_torso", "dice": {"reflex": 0, "skill": 2}})
           .declare("RAT", "defence", dice={"reflex": len(defence_faces), "skill": 0}, **defence)
           .roll("VSE", "attack", attack1).roll("VSE", "attack2", attack2).roll("RAT", "defence", defence_faces))
    return state, rnd


def test_cp29_one_shield_block_answers_both_parts_of_a_double_attack_its_successes_allocated():
    state, rnd = double_against_shield("round_shield", {"maneuver": "shield_block", "weapon": "shield"},
                                       [7, 2], [8, 2], [9, 9, 9, 2])
    stop = rnd.roll("RAT", "reliability", [9] * 7).roll("RAT", "reliability", [9] * 6).resolve(state)
    alloc = [e for e in payloads(stop, "effect") if e["maneuver"] == "shield_block"][0]
    assert "2 against the first attack, 1 against the second" in alloc["why"][0], why_stopped(stop)
    assert "CP-29" in alloc["defaults"]
    clashes = payloads(stop, "clash")
    assert [c["defence"]["maneuver"] for c in clashes] == ["shield_block", "shield_block"]
    assert [c["opposed"]["defence_effective"] for c in clashes] == [2, 1]
    assert [c["opposed"]["winner"] for c in clashes] == ["defence", None]  # 1 vs 1 on the dagger's thrust: a tie


def test_cp29_the_defender_may_allocate_otherwise():
    state, rnd = double_against_shield("round_shield", {"maneuver": "shield_block", "weapon": "shield"},
                                       [7, 2], [8, 2], [9, 9, 9, 2])
    stop = rnd.choice("RAT", "allocation", [0, 3], exchange=1).roll("VSE", "zone", [3, 3], dice="2d6-2") \
        .roll("RAT", "reliability", [9] * 8).resolve(state)
    clashes = payloads(stop, "clash")
    assert [c["opposed"]["defence_effective"] for c in clashes] == [0, 3]
    assert clashes[0]["opposed"]["winner"] == "attack" and clashes[1]["opposed"]["winner"] == "defence"


def test_l265_a_push_with_a_large_shield_answers_both_parts_with_one_roll():
    state, rnd = double_against_shield("large_shield", {"maneuver": "shield_push", "weapon": "shield"},
                                       [7, 2], [8, 2], [9, 9, 9])
    stop = rnd.roll("VSE", "stability", [9, 9, 9, 9]).resolve(state)
    clashes = payloads(stop, "clash")
    assert [c["defence"]["maneuver"] for c in clashes] == ["shield_push", "shield_push"], why_stopped(stop)
    assert [c["opposed"]["defence_effective"] for c in clashes] == [3, 3]  # the one roll at full value
    pushes = [e for e in payloads(stop, "effect") if e["maneuver"] == "shield_push"]
    assert len(pushes) == 1


def test_a_round_shield_push_answers_only_the_first_part():
    state, rnd = double_against_shield("round_shield", {"maneuver": "shield_push", "weapon": "shield"},
                                       [7, 2], [8, 2], [9, 9, 9])
    stop = rnd.roll("VSE", "stability", [9, 9, 9, 9]).resolve(state)
    clashes = payloads(stop, "clash")
    assert [c["defence"] and c["defence"]["maneuver"] for c in clashes] == ["shield_push", None], why_stopped(stop)


def zonal_round(guard, *, after_attack=False):
    from tests.skirmish.kit import SETUP

    state = fight({**SETUP, "zonal_defence": True}, holder="RAT", distance="long")
    rnd = Round().declare("VSE", "attack")
    if guard is not None and not after_attack:
        rnd.choice("VSE", "guard", guard, exchange=1)
    rnd.attack("RAT", "chop", "upper_torso", skill=5)
    if guard is not None and after_attack:
        rnd.choice("VSE", "guard", guard, exchange=1)
    return state, rnd.defend("VSE", "shield_block", reflex=2, skill=2, weapon="shield")


def test_cp05_zonal_defence_doubles_the_dice_at_the_guarded_zone_for_free():
    state, rnd = zonal_round("5")  # the die face 5: the upper torso (L203)
    stop = rnd.roll("RAT", "attack", [9, 9, 9, 2, 2]).resolve(state)
    assert ("VSE", "defence", {"exchange": 1}) in asked(stop), why_stopped(stop)
    assert [r.dice for r in stop.requests if r.name == "defence"] == ["8d10"]
    guard = [e for e in payloads(stop, "effect") if e["actor"] == "VSE"][0]
    assert "dice doubled 4 → 8 (free, A-70)" in guard["why"][0] and "CP-05" in guard["defaults"]
    block = [d for d in payloads(stop, "declared") if d["maneuver"] == "shield_block"][0]
    assert block["priced"]["paid_R"] + block["priced"]["paid_S"] == 4  # the doubled dice cost nothing
    stop = rnd.roll("VSE", "defence", [9] * 8).roll("VSE", "reliability", [9] * 11).resolve(state)
    assert payloads(stop, "clash")[0]["defence_roll"]["net"] == 8


def test_cp05_any_other_zone_or_no_guard_halves_the_dice():
    for guard in ("head", None):
        state, rnd = zonal_round(guard)
        stop = rnd.roll("RAT", "attack", [9, 9, 9, 2, 2]).resolve(state)
        assert [r.dice for r in stop.requests if r.name == "defence"] == ["2d10"], why_stopped(stop)


def test_cp05_a_guard_committed_after_the_attack_is_refused_and_guards_need_the_setting():
    state, rnd = zonal_round("upper_torso", after_attack=True)
    stop = rnd.resolve(state)
    assert stop.error and "(L203, CP-05)" in stop.error
    from eventlog.envelope import Draft

    off = check.check(fight(), (), Draft("choice", {"name": "guard", "value": "head", "exchange": 1}, 1, "VSE"),
                      rnd_options())
    assert off and off[0].startswith("CP-05 (L203)")
    from replay.rulesets.skirmish.model import state_to_json

    assert "zonal" not in state_to_json(fight()) and state_to_json(state)["zonal"] is True


def test_cp07_the_gm_corrects_a_declarations_difficulty():
    state = fight(holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=3)
           .choice(None, "difficulty", 6, exchange=1, fighter="RAT", step="attack"))
    stop = rnd.resolve(state)
    chop = [d for d in payloads(stop, "declared") if d["actor"] == "RAT"][0]
    assert chop["priced"]["difficulty"] == 6 and "CP-07" in chop["rule"], why_stopped(stop)
    assert any("%5 → %6 (CP-07)" in w for w in chop["why"])
    plain = Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=3).resolve(state)
    assert [d for d in payloads(plain, "declared") if d["actor"] == "RAT"][0]["priced"]["difficulty"] == 5
    from eventlog.envelope import Draft

    bad = check.check(state, (), Draft("choice", {"name": "difficulty", "value": 9, "exchange": 1, "fighter": "RAT",
                                                  "step": "attack"}, 1, None), rnd_options())
    assert bad and bad[0].startswith("CP-07")


def test_cp04_a_buy_list_left_open_is_asked_after_the_hit():
    state = fight(holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "head", skill=5, buys_open=True)
           .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 9, 9, 2]))
    stop = rnd.resolve(state)
    assert ("RAT", "buys", {"exchange": 1}) in asked(stop), why_stopped(stop)
    stop = rnd.choice("RAT", "buys", ["precise:forehead", "danger:1"], exchange=1) \
        .roll("VSE", "knockout", [9, 9, 9, 9]).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["precise"] == "forehead" and any("(CP-04)" in w for w in hit["why"]), why_stopped(stop)
    bad = (Round().declare("VSE", "attack").attack("RAT", "chop", "head", skill=5, buys_open=True)
           .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 9, 9, 2])
           .choice("RAT", "buys", ["precise:knee"], exchange=1).resolve(state))
    assert bad.error and "CP-04" in bad.error


def test_cp44_the_gm_switches_fatigue_checks_off():
    from dataclasses import replace

    from replay.rulesets.skirmish.model import SkirmishOptions

    state = fight(holder="RAT", distance="long", round=5, closed=5)
    tired = state.with_fighter(replace(state.fighter("RAT"), rounds_since_fatigue=9))
    on = Round(turn=6).resolve(tired)
    assert ("RAT", "fatigue", {"exchange": 0}) in asked(on), why_stopped(on)
    off = Round(turn=6).resolve(tired, SkirmishOptions(fatigue_rolls=False))
    assert not any(name == "fatigue" for _, name, _ in asked(off))


def test_m06_both_parts_pay_length_penalties_against_the_shorter_weapons_length():
    from tests.skirmish.test_maneuvers import duel

    vse = {"weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": ["right"]},
                       {"id": "dagger", "type": "dagger", "hands": ["left"]}], "shield": None}
    state = duel(vse=vse, holder="VSE", distance="long")
    order = {"exchange": 1, "step": "attack", "maneuver": "double_attack", "target": "RAT", "zone": "upper_torso",
             "attack_type": "chop", "dice": {"reflex": 0, "skill": 2},
             "second": {"attack_type": "thrust", "zone": "lower_torso", "dice": {"reflex": 0, "skill": 2}}}
    priced = costs.price(state, state.fighter("VSE"), order, rnd_options())
    # the dagger (hand) is the shorter: the sword (medium) pays 2, the dagger 0, whatever the distance was (long)
    assert priced["length_penalty"] == 2 and priced["second"]["length_penalty"] == 0


def test_m29_a_hard_helmet_makes_the_headbutt_lethal_crushing():
    from replay.rulesets.skirmish.maneuvers.attack import hard_helmet
    from replay.rulesets.skirmish.maneuvers.base import move

    state = fight()
    rat, vse = state.fighter("RAT"), state.fighter("VSE")
    assert hard_helmet(rat) == "open_helm" and hard_helmet(vse) is None
    order = {"maneuver": "headbutt", "zone": "head"}
    assert move("headbutt").strike(state, rat, order, None).lethal is True
    assert move("headbutt").strike(state, vse, order, None).lethal is False


def test_m24_ambidexterity_removes_the_synchronous_attacks_plus_one():
    from tests.skirmish.test_maneuvers import duel

    daggers = {"weapons": [{"id": "d1", "type": "dagger", "hands": ["right"]},
                           {"id": "d2", "type": "dagger", "hands": ["left"]}], "shield": None}
    order = {"exchange": 1, "step": "attack", "maneuver": "synchronous_attack", "target": "RAT", "zone": "upper_torso",
             "attack_type": "thrust", "dice": {"reflex": 0, "skill": 2}}
    plain = duel(vse=daggers, holder="VSE", distance="hand")
    both = duel(vse={**daggers, "traits": ["ambidextrous"]}, holder="VSE", distance="hand")
    d_plain = costs.price(plain, plain.fighter("VSE"), order, rnd_options())["difficulty"]
    d_both = costs.price(both, both.fighter("VSE"), order, rnd_options())
    assert d_both["difficulty"] == d_plain - 1 and "no +1: ambidextrous (L441)" in d_both["difficulty_mods"]


def test_m35_a_severed_arm_lets_the_rest_of_the_blow_through_to_the_zone_aimed_at():
    from tests.skirmish.test_maneuvers import duel

    state = duel(vse={"shield": None, "armour": []}, holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
           .defend("VSE", "limb_block", reflex=3)
           .roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [5, 5, 2]))
    stop = rnd.resolve(state)
    assert ("RAT", "zone", {"exchange": 1}) in asked(stop), why_stopped(stop)
    stop = rnd.roll("RAT", "zone", [3, 4], dice="2d6-2").roll("VSE", "knockout", [9, 9, 9, 9]).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["zone"] == "upper_torso" and hit["raw"] == 7 - 6 and hit["W"] == 1, why_stopped(stop)
    assert "M35, L531" in hit["why"][0] and "D = 7 − 6 (the severed arm) = 1 (M35, L531)" in hit["why"]
    assert [w.flags for w in stop.state.fighter("VSE").wounds][0][:1] == ("severed",)


def test_cp35_demoralization_by_charisma_with_a_named_etiquette_and_the_answer_by_will():
    from tests.skirmish.test_maneuvers import duel

    state = duel(holder="RAT", distance="long")  # RAT: etiquette_army 2, charisma 3, endurance 5; VSE: will 3
    rnd = (Round().declare("VSE", "attack")
           .declare("RAT", "attack", "demoralization", target="VSE", etiquette="army", by="charisma",
                    dice={"reflex": 0, "skill": 0}))
    stop = rnd.resolve(state)
    dice_of = {r.actor: r.dice for r in stop.requests if r.name == "demoralization"}
    assert dice_of == {"RAT": "5d10", "VSE": "3d10"}, why_stopped(stop)  # 2 + 3; VSE has no etiquette: Will 3
    stop = rnd.choice("VSE", "answer", "etiquette", exchange=1).resolve(state)
    assert {r.actor: r.dice for r in stop.requests if r.name == "demoralization"}["VSE"] == "1d10"  # etiquette 0
    bad = check.declaration(Round().declare("VSE", "attack").resolve(state).state, "RAT",
                            {"exchange": 1, "step": "attack", "maneuver": "demoralization", "target": "VSE",
                             "by": "wits", "dice": {"reflex": 0, "skill": 0}}, rnd_options())
    assert any(p.startswith("condition_failed (5.4.3 M58, CP-35)") for p in bad)


def test_m59_a_later_fortitude_check_cancels_part_of_the_pain_hold():
    from dataclasses import replace

    from tests.skirmish.test_wrestling import duel, holding

    state = replace(holding(duel()), holder="RAT", distance="hand")
    rnd = (Round().declare("VSE", "attack").declare("RAT", "attack", "pain_hold", target="VSE",
                                                    dice={"reflex": 3, "skill": 0})
           .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2])
           .declare("RAT", "attack", exchange=2)
           .declare("VSE", "attack", "break_free", dice={"reflex": 0, "skill": 0}, exchange=2))
    assert [d for d in payloads(rnd.resolve(state), "declared") if d["maneuver"] == "break_free"][0]["priced"][
        "pain_hold"] == 2  # he may make the check; by default he does not (L767)
    rnd.choice("VSE", "resist_pain", "yes", exchange=2)
    waiting = rnd.resolve(state)
    assert ("VSE", "pain_fortitude", {"exchange": 2}) in asked(waiting), why_stopped(waiting)
    stop = rnd.roll("VSE", "pain_fortitude", [7, 2, 2], exchange=2).resolve(state)
    brk = [d for d in payloads(stop, "declared") if d["maneuver"] == "break_free"][0]
    assert brk["priced"]["pain_hold"] == 1 and brk["priced"]["pain_fortitude"]["net"] == 1
    assert stop.state.fighter("VSE").pain == 1 and any("1 of the hold's 2 pain cancelled" in w for w in brk["why"])


def test_cp25_the_throws_remaining_successes_may_make_a_joint_break_instead():
    from dataclasses import replace

    from tests.skirmish.test_wrestling import duel, holding

    state = replace(holding(duel()), holder="RAT", distance="hand")
    rnd = (Round().declare("VSE", "attack").declare("RAT", "attack", "throw_with_hold", target="VSE",
                                                    dice={"reflex": 3, "skill": 0})
           .choice("RAT", "remainder", "joint_break", exchange=1)
           .roll("RAT", "attack", [9, 9, 9]).roll("VSE", "opposed", [2] * 9))
    stop = rnd.resolve(state)
    assert ("VSE", "endurance", {"exchange": 1}) in asked(stop), why_stopped(stop)  # M60's Endurance check
    stop = (rnd.roll("VSE", "endurance", [2, 2, 2, 2]).roll("VSE", "acrobatics", [2] * 9)
            .roll("VSE", "fall_zone", [5], dice="1d6").roll("VSE", "fall_endurance", [6, 6, 2, 2])
            .roll("VSE", "fall_damage", [1], dice="1d6").resolve(state))
    effects = payloads(stop, "effect")
    assert effects[0]["maneuver"] == "joint_break", why_stopped(stop)
    assert {"op": "pain", "fighter": "VSE", "amount": 2} in effects[0]["changes"]  # 2 final < 6 needed: pain
    assert pools_amount(stop, "VSE", "pain_hold") == 0 and effects[1]["changes"][0]["final"] == 0


def pools_amount(stop, fid, kind):
    from replay.rulesets.skirmish import pools

    return pools.amount(stop.state.fighter(fid), kind, 1, 2)


def test_cp21_one_acrobatics_success_moves_the_fall_to_another_zone():
    from dataclasses import replace

    from replay.context import TurnInputs, run
    from replay.rulesets.skirmish.maneuvers.falls import fall
    from tests.skirmish.kit import RULESET
    from tests.skirmish.test_wrestling import duel

    state = duel(vse={"armour": []}, holder="RAT", distance="hand")
    rnd = (Round().roll("VSE", "acrobatics", [9, 9, 9, 2, 2, 2, 2, 2, 2]).roll("VSE", "fall_zone", [6], dice="1d6")
           .choice("VSE", "tuck_in", "leg", exchange=1)
           .roll("VSE", "fall_endurance", [6, 6, 6, 2]).roll("VSE", "fall_damage", [1, 5], dice="2d6"))

    def resolve(s, turn, ctx, options):
        ctx.set_phase("x1.resolve")
        fall(ctx, 1, "VSE", 3, "a test", options, "throw")

    stop = run(resolve, RULESET.evolve, replace(state, round=1, exchange=1), 1, TurnInputs.of(1, rnd.events),
               RULESET.options(), "g")
    eff = payloads(stop, "effect")[0]
    fell = next(c for c in eff["changes"] if c["op"] == "fall")
    assert fell["zone"] == "leg" and fell["removed"] == 1, why_stopped(stop)  # 3 successes: 1 on the zone, 2 on a die
    assert any("moved to leg" in w and "CP-21" in w for w in eff["why"])
