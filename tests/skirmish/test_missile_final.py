"""The last NOT YET rules of skirmish part 2 (issue 9): M87 with two weapons against two projectiles at one target
(L1153), the bare hand struck by a second, a through or a grazing shot's projectile, M81's draw per hand, T-16's
degree-2 draw botch (L929) and L650's whole-round draw on the field. Given this field, these orders, rolls and
choices, this happens."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.render import i18n
from replay.rulesets.skirmish import battle, battle_check, field_parse, messages
from replay.rulesets.skirmish import missile_defences as defences
from replay.rulesets.skirmish.model import Weapon
from tests.skirmish.kit import RULESET, Round, asked, payloads, why_stopped
from tests.skirmish.test_ranged_moves import act, field, roll

RAPIER = {"maneuver": "weapon_parry_missile", "dice": 3, "weapon": "rapier"}
TWO = {**RAPIER, "second": {"weapon": "hand", "dice": 2}}


def duellist(**kw: Any) -> battle.Battle:
    """VSE's double shot ready at RAT 4 m away; RAT holds the SAMPLE rapier in his right hand (it parries an arrow at
    %7), his left hand free, swords and fist-fighting 6."""
    state = field(4, double=True, **kw)
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, skills={**rat.skills, "swords": 6, "fist": 6}, weapons=(
        Weapon("rapier", "rapier", ("right",), "one_hand", "ready", None),)))


def double_round(defence: Any, shot: list[int]) -> Round:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, maneuver="double_shot")
    act(rnd, "RAT", act="wait")
    rnd.choice("RAT", "missile_defence", defence, exchange=1, shooter="VSE")
    return roll(rnd, "VSE", "shot", shot)


# --- M87 with two weapons (L1153) --------------------------------------------------------------------------------

def test_m87_two_projectiles_at_him_offer_a_second_parrying_weapon() -> None:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, maneuver="double_shot")
    act(rnd, "RAT", act="wait")
    stop = rnd.resolve(duellist())
    request = next(r for r in stop.requests if r.name == "missile_defence")
    assert defences.TWO_WEAPONS in (request.options or ())
    assert "a weapon parry's second: {weapon, dice, skill} parries the second with another weapon" in str(request.what)
    state = duellist()
    assert defences.defence_problems(state, "RAT", TWO, 1, "VSE", pair=True) == []
    assert defences.defence_problems(state, "RAT", TWO, 1, "VSE", pair=False) == [
        "condition_failed (5.4.7 M87): a second parrying weapon only against two projectiles of one shot at him (M80, "
        "M81; L1153)"]
    assert defences.defence_problems(state, "RAT", {**TWO, "second": {"weapon": "rapier", "dice": 1}}, 1,
                                     pair=True) == [
        "condition_failed (5.4.7 M87): one weapon parries one projectile (L1153): the second parry is made with "
        "another weapon than rapier"]
    assert defences.defence_problems(state, "RAT", {**TWO, "second": {"weapon": "hand", "dice": 3}}, 1,
                                     pair=True) == [
        "cannot_pay (4.6): the defence costs 6R + 0S, RAT has 5R + 6S"]  # 3 + 3 reflex dice, Reflex 5
    assert defences.defence_problems(state, "RAT", {**TWO, "second": {"weapon": "hand"}}, 1, pair=True) == [
        "condition_failed (5.4.7 M87): second is {weapon: id or hand, dice: n (reflex), skill: n}, at least 1 die"]
    dodge = {"maneuver": "missile_dodge", "dice": 2, "second": {"weapon": "hand", "dice": 1}}
    assert defences.defence_problems(state, "RAT", dodge, 1, pair=True) == [
        "condition_failed (5.4.7 M87): a second parrying weapon only with a weapon parry (weapon_parry_missile)"]


def test_m87_a_second_weapon_against_one_projectile_is_refused_at_input() -> None:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "RAT", act="wait")
    stop = rnd.resolve(duellist())
    assert defences.TWO_WEAPONS not in next(r for r in stop.requests if r.name == "missile_defence").options
    draft = {"name": "missile_defence", "value": TWO, "exchange": 1, "shooter": "VSE"}
    assert battle_check.pair_asked(stop.requests, "RAT", draft) is False
    assert battle_check.pair_asked((), "RAT", draft) is None


def test_m87_two_weapons_parry_two_projectiles_each_with_its_own_roll_the_hand_struck() -> None:
    """The shot: 3 successes. The rapier (3 dice at %7) parries the first arrow with 3: final 0, a miss. The bare left
    hand (2 dice at %6) parries the second with 2 of the 3: it flies on with 1 final success."""
    rnd = double_round(TWO, [10, 9, 8, 2, 2, 2])
    stop = rnd.resolve(duellist())
    assert ("RAT", "missile_defence", {"exchange": 1, "shooter": "VSE", "projectile": 1}) in asked(stop)
    assert ("RAT", "missile_defence", {"exchange": 1, "shooter": "VSE", "projectile": 2}) in asked(stop)
    roll(rnd, "RAT", "missile_defence", [9, 9], shooter="VSE", projectile=2)  # 2 of the hand's: 3 − 2 = 1
    roll(rnd, "RAT", "missile_defence", [9, 8, 7], shooter="VSE", projectile=1)  # 3 at %7: the first arrow parried
    roll(rnd, "VSE", "shot_zone", [1], "1d6", projectile=2)
    roll(rnd, "VSE", "zone", [2, 2], "2d6-2", projectile=2)
    stop = rnd.resolve(duellist())
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert p["final"] == 0 and p["outcome"] == "miss"
    assert p["defence"]["weapon"] == "rapier" and p["defence"]["difficulty"] == 7
    assert "RAT parries the second projectile with the hand: its own roll (M87, L1153)" in p["why"]
    assert "final = 3 − 2 defence = 1 (RAT, second projectile)" in p["why"]
    second = p["second"]
    assert second["final"] == 1 and second["defence"]["projectile"] == 2 and second["defence"]["difficulty"] == 6
    assert "hand_final" not in second["defence"]  # 2 does not reach the shot's 3: the arrow flies on
    assert second["outcome"] == "hit"
    rat = stop.state.fighter("RAT")
    assert rat.spent_R == 3 + 2  # both parries paid


def test_m87_the_second_bare_hand_that_stops_the_projectile_takes_it_less_its_final_successes() -> None:
    """The shot: 2 successes. The rapier's 1 leaves the first arrow 1 final success; the bare hand's 2 reach the
    shot's 2 and stop the second, which strikes the hand with its damage less 0."""
    rnd = double_round(TWO, [10, 9, 2, 2, 2, 2])
    roll(rnd, "RAT", "missile_defence", [9, 9], shooter="VSE", projectile=2)
    roll(rnd, "RAT", "missile_defence", [9, 2, 2], shooter="VSE", projectile=1)  # 1 at %7: 1 final on the first
    roll(rnd, "VSE", "shot_zone", [5], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [2, 2], "2d6-2", projectile=1)
    roll(rnd, "VSE", "penetration", [6], "1d6", projectile=1)
    roll(rnd, "RAT", "knockout", [9, 9, 9, 9, 9], shooter="VSE")
    stop = rnd.resolve(duellist())
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert p["final"] == 1 and p["outcome"] == "hit"
    second = p["second"]
    assert second["final"] == 0 and second["defence"]["hand_final"] == 0  # 2 against 2: the hand stops it
    assert "RAT's bare left hand parries: the projectile strikes the hand, its damage less the parry's final 0 " \
        "(M87, L1153)" in p["why"]
    assert second["wound"]["zone"] == "left_arm" and second["wound"]["precise"] == "hand"
    assert [w.precise for w in stop.state.fighter("RAT").wounds][-1] == "hand"


def test_m87_one_weapon_parries_only_the_first_of_two_projectiles() -> None:
    rnd = double_round(RAPIER, [10, 9, 8, 2, 2, 2])
    roll(rnd, "RAT", "missile_defence", [9, 8, 7], shooter="VSE")  # 3: the first arrow parried
    roll(rnd, "VSE", "shot_zone", [1], "1d6", projectile=2)
    roll(rnd, "VSE", "zone", [2, 2], "2d6-2", projectile=2)
    stop = rnd.resolve(duellist())
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert p["final"] == 0 and p["outcome"] == "miss"
    assert "one weapon parries one projectile: RAT's parry answers the first, the second flies on without it (M87, " \
        "L1153)" in p["why"]
    assert p["second"]["final"] == 3 and p["second"]["defence"] is None and p["second"]["outcome"] == "hit"
    assert stop.state.fighter("RAT").spent_R == 3  # one parry paid once


# --- the bare hand struck by a through or a grazing shot's further target (M79, M78 with M87) ----------------------

def bare_mir(state: battle.Battle) -> battle.Battle:
    """MIR with the rapier in his right hand only, his left free, fist-fighting 6."""
    mir = state.fighter("MIR")
    return state.with_fighter(replace(mir, shield=None, skills={**mir.skills, "fist": 6}, weapons=(
        Weapon("rapier", "rapier", ("right",), "one_hand", "ready", None),)))


def test_m79_a_next_target_who_parries_with_his_bare_hand_takes_the_carried_damage_on_it() -> None:
    """The through shot's 8 successes carry 5 damage on to MIR at 8 − 5 = 3; his bare hand's 3 reach them: the hand
    takes the 5 carried less 0, and the projectile flies no further."""
    from tests.skirmish.test_ranged_moves import line_field

    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 2, "skill": 4}, maneuver="through_shot",
        next_targets=["MIR"])
    for fid in ("ZOR", "MIR", "BOR"):
        act(rnd, fid, act="wait")
    rnd.choice("ZOR", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "missile_defence", {**RAPIER, "weapon": "hand"}, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 7, 6, 2])  # 8 at the long bow's %5
    roll(rnd, "MIR", "missile_defence", [9, 8, 7], shooter="VSE")  # 3 at %6
    roll(rnd, "VSE", "shot_zone", [4], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [1, 2], "2d6-2", projectile=1)  # ZOR's fingers, maximum W 4: 5 carried on
    stop = rnd.resolve(bare_mir(line_field()))
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    nxt = p[0]["through"][0]
    assert nxt["target"] == "MIR" and nxt["carried"] == 5 and nxt["defence"]["hand_final"] == 0
    assert "MIR's bare left hand parries: the projectile strikes the hand, its damage less the parry's final 0 (M87, " \
        "L1153)" in p[0]["why"]
    assert "D = 5 carried through (M79, L1103)" in p[0]["why"]
    assert (nxt["wound"]["zone"], nxt["wound"]["precise"]) == ("left_arm", "hand")
    assert "miss (MIR)" not in p[0]["why"]
    assert stop.state.fighter("MIR").wounds[-1].precise == "hand"


def test_m79_a_bare_hand_short_of_the_successes_at_him_is_not_struck_and_the_shot_goes_on() -> None:
    from tests.skirmish.test_ranged_moves import line_field

    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 2, "skill": 4}, maneuver="through_shot",
        next_targets=["MIR"])
    for fid in ("ZOR", "MIR", "BOR"):
        act(rnd, fid, act="wait")
    rnd.choice("ZOR", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "missile_defence", {**RAPIER, "weapon": "hand"}, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 7, 6, 2])
    roll(rnd, "MIR", "missile_defence", [9, 8, 2], shooter="VSE")  # 2 of the 3 at him: 1 final, the arrow strikes
    roll(rnd, "VSE", "shot_zone", [4], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [1, 2], "2d6-2", projectile=1)
    stop = rnd.resolve(bare_mir(line_field()))
    assert ("VSE", "shot_zone", {"exchange": 1, "through": 1}) in asked(stop)  # its zone rolled as any hit's


def test_m78_a_grazed_target_whose_bare_hand_stops_the_projectile_takes_it_on_the_hand(monkeypatch: Any) -> None:
    """The grazing shot's 6 − 1 = 5 successes run at MIR (turned towards VSE, his left hand free); his bare hand's 5
    reach them: the hand takes the arrow's damage less 0 and the projectile flies no further (PROPOSED)."""
    from tests.skirmish.test_ranged_moves import graze_field

    state = graze_field(monkeypatch)
    mir = state.fighter("MIR")
    state = state.with_fighter(replace(mir, facing="E", shield=None, skills={**mir.skills, "fist": 6}))
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR"}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    rnd.choice("MIR", "missile_defence", {**RAPIER, "weapon": "hand", "dice": 5}, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 2, 2, 2])  # 6 net
    roll(rnd, "MIR", "missile_defence", [9, 9, 8, 8, 7], shooter="VSE")  # 5 at %6
    stop = rnd.resolve(state)
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert "MIR's bare hand stops the projectile (5 against 5, M87)" in p["why"]
    grazed = p["grazed"][0]
    assert grazed["defence"]["hand_final"] == 0 and grazed["stuck"] is True
    assert (grazed["wound"]["zone"], grazed["wound"]["precise"]) == ("left_arm", "hand")
    assert "the projectile does not reach RAT" in p["why"] and p["outcome"] == "miss"


# --- M87 with two weapons in the players' words and in Russian -----------------------------------------------------

def test_m87_two_weapons_read_from_the_players_words_each_with_its_dice() -> None:
    from tests.skirmish.test_field_parse_ranged import KEY, waiting

    state, requests = waiting()
    choice, errors = field_parse.defence_choice("Защита от выстрела VSE: парирую бастардом, 3 кубика (1Р+2Н), и "
                                                "кинжалом, 2 кубика (2Р)", state, "RAT", requests)
    assert errors == [] and choice == {**KEY, "name": "missile_defence", "value": {
        "maneuver": "weapon_parry_missile", "dice": 1, "skill": 2, "weapon": "longsword",
        "second": {"weapon": "dagger", "dice": 2}}}
    choice, errors = field_parse.defence_choice("Defence against VSE: parry with the dagger, 2 dice (1R+1S), and my "
                                                "hand, 1 die (1R)", state, "RAT", requests)
    assert errors == [] and choice is not None
    assert choice["value"]["weapon"] == "dagger" and choice["value"]["second"] == {"weapon": "hand", "dice": 1}
    choice, errors = field_parse.defence_choice("Защита от выстрела VSE: парирую бастардом и кинжалом, 4 кубика (4Р)",
                                                state, "RAT", requests)
    assert choice is None and "5.4.7 M87 (L1153): two weapons parry two projectiles, each with its own dice: " \
        "«парирую мечом, 2 кубика (2Р), и кинжалом, 2 кубика (1Р+1Н)»" in errors


def test_m87_two_weapons_read_in_russian() -> None:
    assert messages.why({"why": [
        "one weapon parries one projectile: RAT's parry answers the first, the second flies on without it (M87, L1153)",
        "RAT parries the second projectile with the hand: its own roll (M87, L1153)",
        "final = 3 − 2 defence = 1 (RAT, second projectile)", "final = 3 (RAT, second projectile)",
        "MIR's bare hand stops the projectile (5 against 5, M87)"]}, "ru") == [
        "одним оружием можно отбить лишь одну стрелу: парирование RAT отвечает на первый снаряд, второй летит дальше "
        "без него (M87, L1153)", "RAT парирует второй снаряд голой рукой: отдельным броском (M87, L1153)",
        "итог = 3 − 2 защита = 1 (для RAT, второй снаряд)", "итог = 3 (для RAT, второй снаряд)",
        "голая рука MIR останавливает снаряд (5 против 5, M87)"]
    assert messages._problem("one weapon parries one projectile (L1153): the second parry is made with another "
                             "weapon than rapier") == \
        "одним оружием можно отбить лишь одну стрелу (L1153): второе парирование — другим оружием, не «рапира»"
    assert messages._problem("a second parrying weapon only against two projectiles of one shot at him (M80, M81; "
                             "L1153)") == \
        "второе оружие парирует только второй из двух снарядов одного выстрела в него (M80, M81; L1153)"
    said = i18n.chain("ru", (RULESET,)).say("5.4.7 M87 (L1153): two weapons parry two projectiles, each with its own "
                                            "dice: «парирую мечом, 2 кубика (2Р), и кинжалом, 2 кубика (1Р+1Н)»", "ru")
    assert said.startswith("5.4.7 M87 (L1153): два оружия парируют два снаряда, у каждого свои кубики")
    what = ("RAT's defence against VSE's shot: none, or {maneuver: missile_dodge|missile_slip|shield_parry_missile|"
            "weapon_parry_missile|missile_catch|pendulum, dice: n (reflex), skill: n (M85-M87), weapon: id (M87), "
            "into_cover: true|false, screen: [zones] (M84)} (M84-M90); two projectiles at him: a weapon parry's "
            "second: {weapon, dice, skill} parries the second with another weapon, its own roll (M87, L1153)")
    assert "второй снаряд парирует другое оружие" in str(messages._request(what))
