"""The field's extra fatigue check after a round of sprinting (5.7, A-62) and waking up from a knockout when its 1d6
rounds run out (C9). Given this field, these orders and rolls, this happens."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from replay.rulesets.skirmish import battle, messages
from replay.rulesets.skirmish.model import SkirmishOptions
from tests.skirmish.kit import Round, asked, payloads, why_stopped
from tests.skirmish.test_part2 import order, started


def waits(rnd: Round, ids: tuple[str, ...], xs: tuple[int, ...] = (1, 2)) -> Round:
    for x in xs:
        for fid in ids:
            order(rnd, fid, x, act="wait")
    return rnd


def sprint_round() -> Round:
    """BOR sprints 2 m south, away from everyone; the others wait."""
    rnd = Round(turn=1)
    order(rnd, "BOR", 1, act="move", gait="sprint", path=[[1, 4], [1, 5]])
    order(rnd, "BOR", 2, act="wait")
    return waits(rnd, ("RAT", "VSE", "MIR"))


def fatigue_roll(rnd: Round, fid: str, faces: list[int], maneuver: str = "sprint") -> Round:
    return rnd.add("roll", fid, {"dice": f"{len(faces)}d10", "purpose": "fatigue", "result": faces,
                                 "total": sum(faces), "source": "forum", "exchange": 0, "maneuver": maneuver})


# --- a sprint asks an extra fatigue check at the round's end --------------------------------------------------

def test_a62_a_round_of_sprinting_asks_an_extra_fatigue_check_at_its_end() -> None:
    stop = sprint_round().resolve(started())
    assert ("BOR", "fatigue", {"exchange": 0, "maneuver": "sprint"}) in asked(stop), why_stopped(stop)
    assert [a for a, name, _ in asked(stop) if name == "fatigue"] == ["BOR"]  # nobody else ran at full Speed


def test_a62_a_failed_check_adds_one_fatigue_a_passed_one_none() -> None:
    for faces, gained in (([6, 2, 3, 1, 4], 1), ([6, 7, 2, 3, 4], 0)):
        stop = fatigue_roll(sprint_round(), "BOR", faces).resolve(started())
        assert stop.requests == () and stop.error is None, why_stopped(stop)
        ended = payloads(stop, "field_round_ended")[0]
        check = ended["fatigue"]["BOR"]
        assert check["gained"] == gained and check["difficulty"] == 5
        assert stop.state.fighter("BOR").fatigue == gained
        assert "A-62" in ended["defaults"] and "BOR sprinted this round: an extra fatigue check at the round's end " \
            "(5.7, A-62)" in ended["why"]


def test_a62_a_jog_asks_no_fatigue_check() -> None:
    rnd = Round(turn=1)
    order(rnd, "BOR", 1, act="move", gait="jog", path=[[1, 4], [1, 5]])
    order(rnd, "BOR", 2, act="wait")
    stop = waits(rnd, ("RAT", "VSE", "MIR")).resolve(started())
    assert stop.requests == () and stop.error is None, why_stopped(stop)
    assert "fatigue" not in payloads(stop, "field_round_ended")[0]


def test_a62_without_fatigue_rolls_a_sprint_asks_nothing() -> None:
    stop = sprint_round().resolve(started(), SkirmishOptions(fatigue_rolls=False))
    assert stop.requests == () and stop.error is None, why_stopped(stop)
    assert "fatigue" not in payloads(stop, "field_round_ended")[0]


def test_the_sprint_line_reads_in_russian() -> None:
    line = messages.say_why("BOR sprinted this round: an extra fatigue check at the round's end (5.7, A-62)")
    assert line == "BOR: спринт в этом раунде — внеочередная проверка усталости в конце раунда (5.7, A-62)"


# --- C9: waking up when the knockout's 1d6 rounds run out -----------------------------------------------------------

def knocked(rounds: int, fell: int = 1, **fighter: Any) -> battle.Battle:
    state = started(round=fell)
    bor = state.fighter("BOR")
    state = state.with_fighter(replace(bor, status="unconscious", stance="lying", **fighter))
    return replace(state, knocked_out=(("BOR", fell, rounds),))


def quiet_round(turn: int) -> Round:
    return waits(Round(turn=turn), ("RAT", "VSE", "MIR"))


def test_c9_an_unconscious_fighter_stays_out_until_his_rounds_run_out() -> None:
    stop = quiet_round(2).resolve(knocked(2))
    assert stop.requests == () and stop.error is None, why_stopped(stop)
    assert stop.state.fighter("BOR").status == "unconscious"
    assert "woke" not in payloads(stop, "field_round_ended")[0]
    assert not any(key.get("exchange") and a == "BOR" for a, _, key in asked(stop))
    assert stop.state.knocked_out == (("BOR", 1, 2),)


def test_c9_he_comes_to_lying_at_the_end_of_the_last_round() -> None:
    stop = quiet_round(3).resolve(knocked(2))
    assert stop.requests == () and stop.error is None, why_stopped(stop)
    ended = payloads(stop, "field_round_ended")[0]
    assert ended["woke"] == ["BOR"] and "C9" in ended["defaults"]
    assert "BOR comes to: unconscious for 2 rounds since round 1 (C9); lying, stands up as an act (C6)" in ended["why"]
    bor = stop.state.fighter("BOR")
    assert (bor.status, bor.stance) == ("ok", "lying") and stop.state.knocked_out == ()
    nxt = Round(turn=4).resolve(stop.state)
    assert ("BOR", "order", {"exchange": 1, "stage": "field"}) in asked(nxt)  # he acts again


def test_c9_a_blood_loss_of_twice_endurance_keeps_him_unconscious() -> None:
    state = knocked(1)
    endurance = state.fighter("BOR").char("endurance")
    stop = quiet_round(2).resolve(state.with_fighter(replace(state.fighter("BOR"), blood_loss=2 * endurance)))
    ended = payloads(stop, "field_round_ended")[0]
    assert "woke" not in ended and stop.state.fighter("BOR").status == "unconscious"
    assert f"BOR's 1 round unconscious are over, but blood loss {2 * endurance} keeps him unconscious " \
        "(6.5 step 10)" in ended["why"]
    assert stop.state.knocked_out == ()


def test_c9_a_knockout_starts_the_count_and_the_state_keeps_it() -> None:
    state = started(round=3)
    out = battle.knocked_out(state, {"fighter": "BOR", "unconscious": True, "rounds": 4, "until_treated": False})
    assert out.knocked_out == (("BOR", 3, 4),)
    assert battle.knocked_out(state, {"fighter": "BOR", "unconscious": True, "rounds": None,
                                      "until_treated": True}).knocked_out == ()  # until treated: no count
    assert battle.knocked_out(state, {"fighter": "BOR", "unconscious": False}).knocked_out == ()
    raw = json.loads(json.dumps(battle.state_to_json(out)))
    assert raw["knocked_out"] == [["BOR", 3, 4]]
    assert battle.state_from_json(raw).knocked_out == (("BOR", 3, 4),)
    assert "knocked_out" not in battle.state_to_json(state)


def test_the_waking_lines_read_in_russian() -> None:
    assert messages.say_why("BOR comes to: unconscious for 2 rounds since round 1 (C9); lying, stands up as an act "
                            "(C6)") == "BOR приходит в себя: без сознания 2 раунда с раунда 1 (C9); лежит, встаёт " \
                                      "действием (C6)"
    assert messages.say_why("BOR's 5 rounds unconscious are over, but blood loss 8 keeps him unconscious (6.5 step "
                            "10)") == "BOR: 5 раундов без сознания прошли, но кровопотеря 8 не даёт прийти в себя " \
                                      "(6.5, шаг 10)"


# --- M90: a slip against a missile may add Acrobatics (L1173) -------------------------------------------------------

def test_m90_a_slip_adds_acrobatics_points_paid_from_skill() -> None:
    from tests.skirmish.test_ranged_moves import field, shield_shot

    rnd = shield_shot({"maneuver": "missile_slip", "dice": 1, "skill": 2}, [9, 8, 2])
    stop = rnd.add("roll", "ZOR", {"dice": "4d10", "purpose": "knockout", "result": [9, 9, 9, 9], "total": 36,
                                   "source": "forum", "exchange": 1, "shooter": "VSE"}).resolve(field(4, target="ZOR"))
    p = payloads(stop, "shot")[0]
    assert "ZOR missile slip 3d %6 [9, 8, 2] → 2 − 0 = 2" in p["why"], p["why"]
    assert p["defence"]["skill"] == 2 and p["defence"]["difficulty"] == 6
    zor = stop.state.fighter("ZOR")
    assert (zor.spent_R, zor.spent_S) == (1, 2)


def test_m90_more_acrobatics_than_the_level_is_refused_naming_m90() -> None:
    from replay.rulesets.skirmish import missile_defences
    from tests.skirmish.test_ranged_moves import field

    state = field(4, target="ZOR")
    assert missile_defences.defence_problems(state, "ZOR", {"maneuver": "missile_slip", "dice": 1, "skill": 4}, 1) \
        == ["condition_failed (5.4.7 M90): 4 Acrobatics points, ZOR has 3"]
    assert missile_defences.defence_problems(state, "ZOR", {"maneuver": "missile_slip", "dice": 1, "skill": 3}, 1) \
        == []


def test_m90_the_field_parser_reads_a_slips_acrobatics() -> None:
    from replay.rulesets.skirmish import field_parse
    from tests.skirmish.test_ranged_moves import field

    state = field(4, target="ZOR")
    for text in ("Защита от выстрела VSE: свиля, 3 кубика (1Р+2А)", "Defence against VSE's shot: slip, 3 dice (1R+2A)"):
        errors: list[str] = []
        value = field_parse.defence_value(text.split(": ", 1)[1], state, "ZOR", False, errors)
        assert errors == [] and value == {"maneuver": "missile_slip", "dice": 1, "skill": 2}, (text, errors)


# --- M87: the arrow counts as a light weapon for the parry's weight penalty (L1153, A-43) ---------------------------

def rapier_state(weapon: str = "rapier") -> battle.Battle:
    from tests.skirmish.test_ranged_moves import field

    state = field(4, facing="E")
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, skills={**rat.skills, "swords": 6, "knives": 6},
                                      weapons=(replace(rat.weapons[0], id=weapon, type=weapon, hands=("right",)),)))


def test_m87_with_any_step_a_medium_weapon_parries_an_arrow_one_harder() -> None:
    from replay.rulesets.skirmish import missile_defences

    state = rapier_state()
    value = {"maneuver": "weapon_parry_missile", "dice": 2, "skill": 1, "weapon": "rapier"}
    assert missile_defences.defence_difficulty(state, "RAT", value) == 7  # heavy_light: a medium weapon, no pair
    assert missile_defences.defence_difficulty(state, "RAT", value, weights="any_step") == 8
    assert missile_defences.defence_problems(state, "RAT", value, 1, "VSE", "any_step") == [
        "difficulty_above_7 (2.2): the weapon parry against a missile is %8 (the parry of a thrust +2, L1153, +1 the "
        "arrow as a light weapon, A-43)"]
    assert missile_defences.defence_problems(state, "RAT", value, 1, "VSE") == []


def test_m87_a_light_weapon_pays_no_weight_penalty_under_either_reading() -> None:
    from replay.rulesets.skirmish import data, missile_defences

    light = next(k for k, w in data.table("weapons")["weapons"].items() if w["weight"] == "light")
    state = rapier_state(light)
    value = {"maneuver": "weapon_parry_missile", "dice": 2, "weapon": light}
    assert missile_defences.arrow_weight(state, "RAT", value, "any_step") == 0
    assert missile_defences.arrow_weight(state, "RAT", value, "heavy_light") == 0
    assert missile_defences.arrow_weight(rapier_state(), "RAT", {**value, "weapon": "rapier"}, "any_step") == 1


def test_m87_the_shot_through_the_engine_refuses_the_answer_under_any_step() -> None:
    from tests.skirmish.test_ranged_moves import act, roll

    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "RAT", act="wait")
    rnd.choice("RAT", "missile_defence", {"maneuver": "weapon_parry_missile", "dice": 2, "weapon": "rapier"},
               exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 8, 7, 2, 2])
    stop = rnd.resolve(rapier_state(), SkirmishOptions(parry_weight_penalty="any_step"))
    assert stop.error == "turn 2: RAT's defence against VSE's shot at seq 13: difficulty_above_7 (2.2): the weapon " \
        "parry against a missile is %8 (the parry of a thrust +2, L1153, +1 the arrow as a light weapon, A-43)", \
        why_stopped(stop)  # %8 under any_step, the rule named
    stop = rnd.resolve(rapier_state())
    assert stop.error is None and ("RAT", "missile_defence", {"exchange": 1, "shooter": "VSE"}) in asked(stop), \
        why_stopped(stop)


def test_the_arrow_weight_lines_read_in_russian() -> None:
    line = messages.say_why("+1 difficulty: the arrow counts as a light weapon against RAT's medium rapier (M87, "
                            "L1153, A-43)")
    assert line.startswith("+1 к сложности: стрела считается лёгким оружием, а «") and "у RAT — среднее оружие" \
        in line, line


# --- 5.6.5: a running target straight at or away from the shooter (L982) -------------------------------------------

def test_a_run_straight_at_or_away_from_the_shooter_is_told_by_its_line() -> None:
    from replay.rulesets.skirmish import field

    assert field.straight_at_or_away("square", [(0, 2), (1, 2), (2, 2)], (8, 2))  # at him
    assert field.straight_at_or_away("square", [(3, 2), (2, 2), (1, 2)], (8, 2))  # away
    assert field.straight_at_or_away("square", [(0, 0), (1, 1), (2, 2)], (6, 6))  # on the diagonal
    assert not field.straight_at_or_away("square", [(0, 2), (0, 3), (0, 4)], (8, 2))  # across the line of fire
    assert not field.straight_at_or_away("square", [(0, 0), (1, 0)], (4, 2))  # 26.6° off: not straight
    assert not field.straight_at_or_away("square", [(0, 2)], (8, 2))  # did not move
    assert field.straight_at_or_away("hex", [(0, 2), (1, 2), (2, 2)], (7, 2))


def test_a_target_jogging_straight_at_the_shooter_costs_no_success() -> None:
    from replay.rulesets.skirmish import shot
    from tests.skirmish.test_ranged_moves import field

    state = field(6)  # RAT at (0, 2), VSE at (6, 2)
    at = replace(state, ran=(("RAT", "jog"),), moved=(("RAT", ((0, 2), (1, 2))),))
    across = replace(state, ran=(("RAT", "jog"),), moved=(("RAT", ((0, 1), (0, 2))),))
    order_ = {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 2}}
    assert "target jogging −1" not in shot.price(at, "VSE", order_, SkirmishOptions()).why
    assert "target jogging −1" in shot.price(across, "VSE", order_, SkirmishOptions()).why
    sprint = replace(at, ran=(("RAT", "sprint"),))
    assert "target sprinting −1 (straight at or away)" in shot.price(sprint, "VSE", order_, SkirmishOptions()).why


# --- 4.1 item 4: a GM ruling rerolls general initiative at the start of a round --------------------------------------

INTENTS = (("RAT", "attack"), ("BOR", "defend"), ("VSE", "attack"), ("MIR", "other"))


def test_a_gm_ruling_rerolls_general_initiative_at_the_start_of_the_round() -> None:
    state = started(round=1, intents=INTENTS)
    rnd = Round(turn=2).add("ruling", None, {"override": {"name": "general_initiative_reroll", "key": {"round": 2}},
                                             "value": True})
    stop = rnd.resolve(state)
    rolls = sorted(a for a, name, key in asked(stop) if name == "general_initiative")
    assert rolls == ["MIR", "RAT", "VSE"], why_stopped(stop)  # BOR defends: no roll (L18)
    assert all(key == {"round": 2} for _, name, key in asked(stop) if name == "general_initiative")
    for fid, faces in (("RAT", [2, 2, 2, 2, 2]), ("VSE", [9, 8, 7, 6, 5, 4]), ("MIR", [6, 2, 2, 2, 2, 2])):
        rnd.add("roll", fid, {"dice": f"{len(faces)}d10", "purpose": "general_initiative", "result": faces,
                              "total": sum(faces), "source": "forum", "round": 2})
    stop = rnd.resolve(state)
    told = payloads(stop, "general_initiative")[0]
    assert told["why"][0] == "round 2 starts with general initiative rolls by the GM's ruling (4.1)"
    assert told["chain"][0] == ["VSE", 5] and "L48" not in told["rule"]
    assert [i for i, _ in stop.state.chain][:1] == ["VSE"]


def test_without_a_ruling_general_initiative_is_not_rerolled() -> None:
    stop = Round(turn=2).resolve(started(round=1, intents=INTENTS))
    assert not [name for _, name, _ in asked(stop) if name == "general_initiative"]
    assert payloads(stop, "general_initiative") == []


def test_the_ruling_line_reads_in_russian() -> None:
    line = "round 2 starts with general initiative rolls by the GM's ruling (4.1)"
    assert messages.say_why(line) == "раунд 2 начинается с бросков общей инициативы по решению мастера (4.1)"
    assert messages.why({"why": [line]}, "ru") == [messages.say_why(line)]  # nothing left marked English


def test_every_new_line_reads_in_russian_in_a_post() -> None:
    lines = ["BOR sprinted this round: an extra fatigue check at the round's end (5.7, A-62)",
             "BOR comes to: unconscious for 2 rounds since round 1 (C9); lying, stands up as an act (C6)",
             "BOR's 5 rounds unconscious are over, but blood loss 8 keeps him unconscious (6.5 step 10)",
             "+1 difficulty: the arrow counts as a light weapon against RAT's medium rapier (M87, L1153, A-43)"]
    said = messages.why({"why": lines}, "ru")
    assert said == [messages.say_why(line) for line in lines] and not any("англ" in s for s in said), said


def test_one_round_reads_in_the_singular() -> None:
    assert messages.say_why("BOR comes to: unconscious for 1 round since round 2 (C9); lying, stands up as an act "
                            "(C6)") == "BOR приходит в себя: без сознания 1 раунд с раунда 2 (C9); лежит, встаёт " \
                                       "действием (C6)"
