"""The option `wrist_loop_holds` (L689, docs/skirmish.md M50 and Options): the rulebook lets a wrist loop hold a
weapon against a disarm only («Если оружие врага имеет петлю на рукояти, то оно повисает на руке»); by default a
sabre knocked aside (M42, L584) or dropped by a block (M34, L525) falls to the floor, and with `knock_and_block` it
hangs on the wrist as after a disarm, recovered by Quick draw for 1 R and the Reflex check at %4 (M50, A-39)."""

from __future__ import annotations

from typing import Any

import pytest

from replay.render.i18n import why_lines
from replay.rulesets.skirmish import data
from replay.rulesets.skirmish.model import SkirmishOptions
from tests.skirmish.kit import RULESET, Round, fight, payloads, why_stopped
from tests.skirmish.test_post_frame_catch import told
from tests.skirmish.test_rules3 import knock_aside_round

SABRE = {"weapons": [{"id": "sabre", "type": "sabre", "hands": ["right"]}]}
LOOP = SkirmishOptions(wrist_loop_holds="knock_and_block")
AS_WRITTEN = SkirmishOptions()


def knocked(options: SkirmishOptions, weapons: dict[str, Any] = SABRE) -> Any:
    """VSE chops with his sabre; RAT knocks it aside with 3 final successes; VSE's Fortitude check gets none."""
    state, rnd = knock_aside_round(weapons, ("chop", "upper_torso", {"reflex": 1}), [9, 9, 9], [2])
    return rnd.choice("VSE", "feint", "no", exchange=1).roll("VSE", "fortitude", [2, 2, 2]).resolve(state, options)


def blocked(options: SkirmishOptions, weapons: dict[str, Any] = SABRE) -> Any:
    """RAT's chop (D 8) is stopped by VSE's weapon block on a tie (L34): the Reliability check rolls Reliability dice;
    D 8 is above his Strength 4 and his Fortitude check to keep the weapon (L525) fails."""
    reliability = data.weapon_type(weapons["weapons"][0]["type"])["reliability"]
    state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0]},
                                {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, **weapons}]},
                  holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=2)
           .defend("VSE", "weapon_block", skill=3).roll("RAT", "attack", [6, 2]).roll("VSE", "defence", [7, 2, 2])
           .roll("VSE", "reliability", [9, 9] + [2] * (reliability - 2)).roll("VSE", "fortitude", [2, 3, 1]))
    return rnd.resolve(state, options)


def test_the_option_defaults_to_l689_as_written():
    assert RULESET.options().wrist_loop_holds == "disarm"
    with pytest.raises(ValueError, match="wrist_loop_holds"):
        SkirmishOptions(wrist_loop_holds="always")


def test_l689_as_written_a_sabre_knocked_aside_falls_to_the_floor():
    stop = knocked(AS_WRITTEN)
    (aside,) = payloads(stop, "knocked_aside")
    assert aside["dropped"] and "hanging" not in aside, why_stopped(stop)
    assert aside["why"][-1] == ("sabre's loop holds against a disarm only (L689 as written, house rule "
                                "wrist_loop_holds): it falls to the floor")
    assert aside["defaults"] == ["L689"]
    assert stop.state.fighter("VSE").weapon_by_id("sabre").state == "dropped"


def test_the_option_lets_the_loop_hold_a_sabre_knocked_aside():
    stop = knocked(LOOP)
    (aside,) = payloads(stop, "knocked_aside")
    assert aside["dropped"] and aside["hanging"] is True, why_stopped(stop)
    assert aside["why"][0].endswith("→ 0 vs 3 needed → the weapon hangs on the wrist by its loop")
    assert aside["why"][1] == ("sabre's loop holds against the knock-aside too (L689, house rule wrist_loop_holds): "
                               "Quick draw recovers it at %4 (M50, A-39)")
    assert aside["defaults"] == ["L689"]
    sabre = stop.state.fighter("VSE").weapon_by_id("sabre")
    assert (sabre.state, sabre.hands) == ("hanging", ())
    assert stop.state.fighter("VSE").weapon is None


def test_l689_as_written_a_sabre_dropped_by_a_block_falls_to_the_floor():
    stop = blocked(AS_WRITTEN)
    (block,) = payloads(stop, "blocked")
    assert block["dropped"] and not block["broken"] and "hanging" not in block, why_stopped(stop)
    assert block["why"][-1].endswith("it falls to the floor") and "L689" in block["defaults"]
    assert stop.state.fighter("VSE").weapon_by_id("sabre").state == "dropped"


def test_the_option_lets_the_loop_hold_a_sabre_dropped_by_a_block():
    stop = blocked(LOOP)
    (block,) = payloads(stop, "blocked")
    assert block["dropped"] and block["hanging"] is True, why_stopped(stop)
    assert "→ the weapon hangs on the wrist by its loop" in block["why"][-2]
    assert block["why"][-1] == ("sabre's loop holds against the block too (L689, house rule wrist_loop_holds): "
                                "Quick draw recovers it at %4 (M50, A-39)")
    assert block["defaults"] == ["A-41", "C7", "L689"]
    sabre = stop.state.fighter("VSE").weapon_by_id("sabre")
    assert (sabre.state, sabre.hands) == ("hanging", ())


@pytest.mark.parametrize("happens", [knocked, blocked])
def test_a_weapon_without_a_loop_falls_whatever_the_option(happens):
    sword = {"weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": ["right"]}]}
    as_written, looped = happens(AS_WRITTEN, sword), happens(LOOP, sword)
    for stop in (as_written, looped):
        (event,) = payloads(stop, "knocked_aside" if happens is knocked else "blocked")
        assert event["dropped"] and "hanging" not in event and "L689" not in event["defaults"], why_stopped(stop)
        assert stop.state.fighter("VSE").weapon_by_id("arming_sword").state == "dropped"
    assert payloads(as_written, "knocked_aside") + payloads(as_written, "blocked") == \
        payloads(looped, "knocked_aside") + payloads(looped, "blocked")


def test_a_sabre_hanging_after_a_knock_aside_is_recovered_as_after_a_disarm():
    """M50 (L689, A-39): 1 R and the free Reflex check `pickup` at %4, as the disarm's hanging weapon."""
    hanging = knocked(LOOP).state
    rnd = (Round(turn=2).attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="sabre")
           .roll("VSE", "pickup", [4, 3, 2, 2, 2, 2]))
    stop = rnd.resolve(hanging, LOOP)
    decl = payloads(stop, "declared")[0]
    assert decl["priced"]["activation"] == 1 and not decl["priced"].get("failed"), why_stopped(stop)
    assert decl["why"][0].startswith("VSE recovers sabre hanging on its wrist loop (M50, 1 R, PROPOSED): Reflex 6d %4")
    assert stop.state.fighter("VSE").weapon.id == "sabre"


def test_the_post_says_the_weapon_hangs_on_its_loop_in_both_languages():
    aside = payloads(knocked(LOOP), "knocked_aside")[0]
    assert told("skirmish.knocked_aside", aside, "en").endswith("→ the weapon hangs on its loop")
    assert told("skirmish.knocked_aside", aside, "ru").endswith("→ оружие повисает на темляке")
    block = payloads(blocked(LOOP), "blocked")[0]
    assert "; the weapon hangs on its loop" in told("skirmish.blocked", block, "en")
    ru = told("skirmish.blocked", block, "ru")
    assert "; оружие повисает на темляке" in ru and "выронено" not in ru
    fallen = payloads(blocked(AS_WRITTEN), "blocked")[0]
    assert "; оружие выронено" in told("skirmish.blocked", fallen, "ru")


def test_the_why_reads_in_russian():
    aside = payloads(knocked(LOOP), "knocked_aside")[0]
    said = why_lines(RULESET, aside, "ru")
    assert said[0].endswith("→ оружие повисает на руке на темляке"), said
    assert said[1] == ("оружие «сабля» повисает на темляке и при сбиве (L689, домашнее правило): быстрое вооружение "
                       "возвращает его при %4 (M50, A-39)")
    block = payloads(blocked(LOOP), "blocked")[0]
    assert why_lines(RULESET, block, "ru")[-1].startswith("оружие «сабля» повисает на темляке и при блоке (L689")
    fallen = payloads(knocked(AS_WRITTEN), "knocked_aside")[0]
    assert why_lines(RULESET, fallen, "ru")[-1] == (
        "темляк держит оружие «сабля» только при обезоруживании (L689 как написано, домашнее правило): оно падает на "
        "пол")


def wounded_arm(options: SkirmishOptions) -> Any:
    """RAT's thrust at VSE's right forearm, unanswered, four successes: W 7, a level-4 wound that cripples the arm
    holding the sabre (the SAMPLE damage model sample_v1, 6.5 step 9: «held item dropped»)."""
    state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0]},
                                {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, **SABRE}]},
                  holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "thrust", "right_arm", skill=5, buys=["precise:forearm"])
           .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 9, 9, 2]).roll("VSE", "knockout", [9, 9, 9, 9]))
    return rnd.resolve(state, options)


def test_a_sabre_dropped_from_a_wounded_arm_falls_whatever_the_option():
    """The option stretches L689 to the knock-aside and the block only: the rulebook drops no weapon for a wound (its
    wound rules, «Урон», L3, are not in the text; the drop is sample_v1's), and the loop's benefit, the quick draw at
    %4 (L689), needs the hand the wound crippled. The loop keeps nothing there, and says nothing."""
    as_written, looped = wounded_arm(AS_WRITTEN), wounded_arm(LOOP)
    for stop in (as_written, looped):
        (hit,) = payloads(stop, "hit")
        assert hit["wound"]["level"] == 4 and hit["wound"]["consequences"] == ["crippled", "drops"], why_stopped(stop)
        assert "L689" not in hit["defaults"] and not any("loop" in line for line in hit["why"])
        sabre = stop.state.fighter("VSE").weapon_by_id("sabre")
        assert (sabre.state, sabre.hands) == ("dropped", ())
    assert payloads(as_written, "hit") == payloads(looped, "hit")


def test_the_option_row_says_why_a_weapon_dropped_from_a_wounded_arm_still_falls():
    from pathlib import Path

    from replay.audit import defaults_catalogue

    doc = (Path(__file__).resolve().parents[2] / "docs" / "skirmish.md").read_text(encoding="utf-8")
    row = next(line for line in doc.splitlines() if line.startswith("| `wrist_loop_holds` |"))
    said = row[row.index("dropped from a wounded arm"):]
    for source in ("L3", "6.5 step 9", "L525", "L584", "L685-689", "%4"):
        assert source in said, (source, said)
    assert "wounded arm" in defaults_catalogue(RULESET, "en")["L689"]  # what `battlelog rules skirmish` says
    assert "раненой руки" in defaults_catalogue(RULESET, "ru")["L689"]
