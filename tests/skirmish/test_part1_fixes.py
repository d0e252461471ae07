"""Part 1's loose ends: a tied limb block, the joint break's arithmetic, `held` after a leg dive, the SAMPLE
gambeson's zones (C3)."""

from dataclasses import replace

from replay.rulesets.skirmish import damage, data, pools
from tests.skirmish.kit import Round, asked, fight, payloads


def duel(rat=None, vse=None, **fields):
    """RAT (longsword, swords 5) against VSE (arming sword and round shield), with sheet overrides."""
    return fight({"fighters": [{"sample": "RAT", "cell": [0, 0], **(rat or {})},
                               {"sample": "VSE", "cell": [1, 0], "facing": "W", **(vse or {})}]}, **fields)


def effects(stop, code):
    return [e for e in payloads(stop, "effect") if e["maneuver"] == code]


def test_a_tied_limb_block_puts_the_blow_on_the_limb_and_checks_no_weapon():
    """2.3: on a tie the blow is still stopped by the blocking limb, with 0 successes taken off; a limb block has no
    weapon, so no Reliability check of the defender's sword is asked (M35, L531)."""
    state = duel(vse={"shield": None, "armour": ["mail_over_gambeson"]}, holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
            .defend("VSE", "limb_block", reflex=3)
            .roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [5, 2, 2])).resolve(state)
    assert not [r for r in asked(stop) if r[1] == "reliability"], asked(stop)
    assert not payloads(stop, "blocked")
    limb = effects(stop, "limb_block")[0]
    wound = limb["changes"][0]["wound"]
    assert wound["precise"] == "forearm" and wound["zone"] == "left_arm"
    assert " − 0 final − armour 5 = " in " ".join(limb["why"])


def test_a_won_limb_block_still_takes_the_final_successes_off():
    state = duel(vse={"shield": None, "armour": ["mail_over_gambeson"]}, holder="RAT", distance="long")
    tie = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
           .defend("VSE", "limb_block", reflex=3).roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [5, 2, 2])
           ).resolve(state)
    won = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
           .defend("VSE", "limb_block", reflex=3).roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [5, 5, 2])
           ).resolve(state)
    w_tie = effects(tie, "limb_block")[0]["changes"][0]["wound"]["W"]
    w_won = effects(won, "limb_block")[0]["changes"][0]["wound"]["W"]
    assert w_won == w_tie - 1


def holding(state, holder="RAT", held="VSE", grabbed="main_arm", zones=(), start=(1, 1)):
    from replay.rulesets.skirmish.evolve import grappled

    return grappled(state, {"holder": holder, "held": held, "grabbed": grabbed, "zones": list(zones),
                            "ground": False, "start": list(start), "bonus": {}})


def test_the_joint_break_why_reads_as_arithmetic():
    """M60 (L775): the Endurance roll on its own line, then final − Endurance successes = net vs needed."""
    state = replace(holding(duel()), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "joint_break", target="VSE", zone="right_arm",
                                                     dice={"reflex": 4, "skill": 0})
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 9, 2])
            .roll("VSE", "endurance", [6, 2, 2, 2])).resolve(state)
    why = effects(stop, "joint_break")[0]["why"]
    assert why[0] == "Endurance 4d %5 [6, 2, 2, 2] → 1 − 0 = 1"
    assert why[1] == "joint break at right_arm (elbow): 3 final − Endurance 1 = 2 vs 6 needed (L775, sample_v1)"
    assert why[2] == "→ not broken: pain +3"


def test_state_json_held_names_the_legs_after_a_leg_dive():
    """M52: a leg dive holds the legs; `held` (state --json) names them, `enveloped` stays empty and the pools are not
    halved by the Envelop table (5.8.4 is M63's)."""
    state = duel(rat={"weapons": []}, holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "leg_dive", target="VSE", zone="left_leg",
                                                     dice={"reflex": 3, "skill": 0})
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2]).roll("VSE", "balance", [9, 9, 9, 2, 1])
            ).resolve(state)
    assert stop.state.grapple["grabbed"] == "legs"
    vse = pools.fighter_view(stop.state, stop.state.fighter("VSE"))
    rat = pools.fighter_view(stop.state, stop.state.fighter("RAT"))
    assert vse["held"] == ["legs"] and vse["enveloped"] == [] and rat["held"] == []


def test_state_json_held_lists_the_grabbed_zone_then_the_enveloped_ones():
    state = holding(duel(), grabbed="main_arm", zones=("torso",))
    view = pools.fighter_view(state, state.fighter("VSE"))
    assert view["held"] == ["main_arm", "torso"] and view["enveloped"] == ["torso"]


def test_c3_the_sample_gambeson_covers_the_torso_not_the_arms_nor_the_neck():
    """C3 (binding): «SAMPLE gambeson: covers the upper and lower torso including the groin, not the neck»."""
    covers = set(data.armour_type("gambeson")["covers"])
    torso = set(data.precise_zones("upper_torso")) | set(data.precise_zones("lower_torso"))
    assert covers == torso - {"neck"}
    assert not covers & {"forearm", "elbow", "upper_arm", "hand", "fingers"}
    vse = duel().fighter("VSE")
    assert "gambeson" in vse.armour
    assert damage.armour_of(vse, "forearm", "cutting") == (0, None, None)
    assert damage.armour_of(vse, "belly", "cutting")[2] == "gambeson"


def test_m74_a_sidestep_that_evades_a_grab_intercepts_initiative():
    """L892: «В начале боя или после разрыва вы можете применять Отступление и Увертку … Успешная Увертка и Свиля
    позволяют перехватить инициативу»: a Sidestep that beats a wrestling technique (here a Grab) intercepts; against
    a weapon blow it does not (M47: none in melee)."""
    state = duel(rat={"weapons": []}, holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "grab", target="VSE", zone="right_arm",
                                                     dice={"reflex": 2, "skill": 0})
            .defend("VSE", "sidestep", reflex=3).roll("RAT", "attack", [9, 2]).roll("VSE", "defence", [9, 8, 2])
            ).resolve(state)
    end = payloads(stop, "exchange_ended")[0]
    assert end["holder"] == "VSE" and any("(M74, L892)" in w for w in end["why"]), end
    blow = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
            .defend("VSE", "sidestep", reflex=3).roll("RAT", "attack", [9, 2]).roll("VSE", "defence", [9, 8, 2])
            ).resolve(duel(holder="RAT", distance="long"))
    assert payloads(blow, "exchange_ended")[0]["holder"] == "RAT"


def test_c9_a_knockout_by_a_level_4_head_wound_lasts_until_treated_and_asks_no_rounds():
    """C9: «unconscious for 1d6 rounds, or until treated if a level-4 head or torso wound is among the triggers»."""
    from tests.skirmish.test_scenarios import s2_round

    state, rnd = s2_round([4, 2, 7, 3])
    stop = rnd.roll("VSE", "knockout", [3, 1, 2, 2]).resolve(state)
    knock = payloads(stop, "knockout")[0]
    assert knock["unconscious"] and knock["until_treated"] and knock["rounds"] is None
    assert not [r for r in asked(stop) if r[1] == "knockout_rounds"]
    assert "until treated (C9)" in knock["why"][1]


def test_c9_a_knockout_by_shock_alone_asks_the_1d6_rounds():
    """The tricks fight: VSE's shock reaches his Endurance, the check fails, 1d6 [4] → 4 rounds."""
    import json
    from pathlib import Path

    log = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish" / "tricks.jsonl"
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    knock = [e["payload"] for e in events if e["type"] == "skirmish.knockout" and e["payload"]["unconscious"]][0]
    assert knock["triggers"] == ["shock"] and knock["rounds"] == 4 and not knock["until_treated"]
    assert knock["why"][1] == "unconscious for 1d6 [4] = 4 rounds (C9)"
    rolls = [e for e in events if e["type"] == "roll" and e["payload"]["purpose"] == "knockout_rounds"]
    assert [r["payload"]["result"] for r in rolls] == [[4]]
