"""The last NOT YET rules of skirmish part 2 (issue 9): M87 with two weapons against two projectiles at one target
(L1153), the bare hand struck by a second, a through or a grazing shot's projectile, M81's draw per hand, T-16's
degree-2 draw botch (L929) and L650's whole-round draw on the field. Given this field, these orders, rolls and
choices, this happens."""
from __future__ import annotations

import json
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


# --- M81: each hand's draw and its own speed-up (L1115, T-16) ------------------------------------------------------

def javelins(stage: str = "empty", traits: tuple[str, ...] = (), ammo: int = 4) -> battle.Battle:
    """VSE with javelins in a quiver on his back (2 s a draw, T-16), Reflex 6, 3 m from RAT and MIR."""
    from tests.skirmish.test_ranged_moves import knives

    state = knives(stage=stage)
    s = state.shooter("VSE")
    assert s is not None
    vse = state.fighter("VSE")
    state = state.with_fighter(replace(vse, traits=list(traits), skills={**vse.skills, "throwing": 4}))
    return state.with_shooter("VSE", replace(s, weapon="javelin", placement="quiver_back", skill="throwing",
                                             ammo=ammo))


def draw_round(**fields: Any) -> Round:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="draw", **fields)
    act(rnd, "RAT", act="wait")
    return act(rnd, "MIR", act="wait")


def stages(stop: Any) -> list[dict[str, Any]]:
    out = payloads(stop, "ranged_stage")
    assert out, why_stopped(stop)
    return out


def test_m81_each_hand_draws_with_its_own_speed_up_and_the_draw_lasts_the_slower_hands_time() -> None:
    rnd = draw_round(speedup=2, second={"speedup": 2})
    stop = rnd.resolve(javelins())
    assert ("VSE", "speedup", {"exchange": 1, "hand": 1}) in asked(stop)
    assert ("VSE", "speedup", {"exchange": 1, "hand": 2}) in asked(stop)  # both asked at once
    roll(rnd, "VSE", "speedup", [9, 8], hand=2)
    roll(rnd, "VSE", "speedup", [9, 2], hand=1)
    first = stages(rnd.resolve(javelins()))[0]
    assert "VSE speed-up, hand 1: Reflex 2d %5 [9, 2] → 1 − 0 = 1 (2 reflex points spent, L929)" in first["why"]
    assert "VSE speed-up, hand 2: Reflex 2d %5 [9, 8] → 2 − 0 = 2 (2 reflex points spent, L929)" in first["why"]
    assert "drawing from quiver back: 1 s (halved, rounded up) (5.6.2)" in first["why"]
    assert "both hands draw at once: 1 s, the slower hand's (M81, PROPOSED)" in first["why"]
    assert first["spent_R"] == 4 and first["pair"] is True
    assert first["stage"] == "drawn" and first["ammo"] == 2  # two javelins off the four
    slow = draw_round(speedup=2, second={"speedup": 2})
    roll(slow, "VSE", "speedup", [9, 8], hand=1)
    roll(slow, "VSE", "speedup", [3, 2], hand=2)  # the other hand's check fails: 2 s
    first = stages(slow.resolve(javelins()))[0]
    assert "the other hand draws a second projectile from quiver back: 2 s (5.6.2, M81)" in first["why"]
    assert "both hands draw at once: 2 s, the slower hand's (M81, PROPOSED)" in first["why"]
    assert first["stage"] == "empty" and first["busy"] == "draw" and first["need_s"] == 2 and first["ammo"] == 4


def test_m81_an_ambidextrous_thrower_makes_one_check_for_both_hands() -> None:
    rnd = draw_round(speedup=2, second={})
    roll(rnd, "VSE", "speedup", [9, 8], hand=1)
    first = stages(rnd.resolve(javelins(traits=("ambidextrous",))))[0]
    assert "VSE is ambidextrous: one check for both hands' draws (M81)" in first["why"]
    assert first["spent_R"] == 2 and first["stage"] == "drawn" and first["ammo"] == 2
    plain = draw_round(speedup=2, second={})  # not ambidextrous: the other hand draws at full time
    roll(plain, "VSE", "speedup", [9, 8], hand=1)
    assert stages(plain.resolve(javelins()))[0]["need_s"] == 2


def test_m81_the_other_hands_botch_drops_its_projectile_and_the_first_draws_alone() -> None:
    rnd = draw_round(speedup=2, second={"speedup": 1})
    roll(rnd, "VSE", "speedup", [9, 8], hand=1)
    roll(rnd, "VSE", "speedup", [1], hand=2)  # −1: a critical failure of degree 1
    stop = rnd.resolve(javelins())
    first = stages(stop)[0]
    assert "critical failure of the other hand: its projectile is dropped (L929)" in first["why"]
    assert first["pair"] is False and first["stage"] == "drawn" and first["ammo"] == 4 - 1 - 1
    assert stop.state.shooter("VSE").pair is False  # type: ignore[union-attr]


def test_m81_a_synchronous_throw_after_both_hands_drew_takes_no_more_ammunition() -> None:
    state = javelins(stage="aimed")
    s = state.shooter("VSE")
    assert s is not None
    state = state.with_shooter("VSE", replace(s, pair=True, ammo=2))
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, maneuver="synchronous_throw")
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "protect_ally", "none", exchange=1, shooter="VSE", target="RAT")
    roll(rnd, "VSE", "shot", [2, 2, 2, 2, 2, 2])  # a miss: no zone asked
    stop = rnd.resolve(state)
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    assert "second projectile (M81) at RAT, drawn into the other hand (M81, T-16)" in p[0]["why"]
    assert p[0]["ammo"] == 2 and stop.state.shooter("VSE").pair is False  # type: ignore[union-attr]
    plain = Round(turn=2)
    act(plain, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(plain, "RAT", act="wait")
    act(plain, "MIR", act="wait")
    plain.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    plain.choice("MIR", "protect_ally", "none", exchange=1, shooter="VSE", target="RAT")
    roll(plain, "VSE", "shot", [2, 2, 2, 2, 2, 2])
    p = payloads(plain.resolve(state), "shot")[0]
    assert "VSE throws one projectile: the second, drawn into the other hand, goes back (M81, PROPOSED)" in p["why"]
    assert p["ammo"] == 3


def test_m81_a_draw_into_both_hands_is_checked_naming_the_rule() -> None:
    from tests.skirmish.test_ranged_moves import check, field

    state = javelins()
    assert check(state, "VSE", {"act": "draw", "speedup": 2, "second": {"speedup": 3}}) == []
    assert check(state, "VSE", {"act": "draw", "speedup": 4, "second": {"speedup": 3}}) == [
        "M81 (T-16): both hands' speed-up checks roll 7 dice, more than VSE's Reflex 6"]
    assert check(state, "VSE", {"act": "draw", "second": {"speedup": -1}}) == [
        "M81 (L1115): second is {\"speedup\": n}: the other hand draws a second projectile for a synchronous throw, "
        "with its own speed-up check of n reflex dice (0: none)"]
    assert check(state, "VSE", {"act": "draw", "several": True, "second": {}}) == [
        "M81 (L1115): several projectiles into one hand or one into each hand, not both"]
    assert check(javelins(ammo=1), "VSE", {"act": "draw", "second": {}}) == [
        "5.6.2: VSE has 1 projectiles left: a draw into both hands needs two"]
    assert check(field(4, stage="empty"), "VSE", {"act": "draw", "second": {}}) == [
        "M81 (L1115): a projectile into each hand only for a synchronous throw of throwing weapons, not a short bow"]


def test_m81_a_draw_into_both_hands_reads_from_the_players_words_and_in_russian() -> None:
    from replay.rulesets.skirmish import orders_said

    said = RULESET.parse_order("Достаю по дротику в каждую руку, ускорение 2, другой рукой ускорение 1", javelins(),
                               "VSE")
    assert said.errors == [] and said.order == {"exchange": 1, "stage": "field", "act": "draw", "speedup": 2,
                                                "second": {"speedup": 1}}
    assert RULESET.parse_order("Draw into each hand, speed-up 2", javelins(), "VSE").order["second"] == {}
    assert orders_said.field_act(said.order, "VSE", "ru", None) == (
        "В обмене 1 VSE извлекает по снаряду в каждую руку, ускоряясь (2 кубика), другой рукой ускоряясь (1 кубик).")
    assert messages.why({"why": [
        "VSE speed-up, hand 2: Reflex 2d %5 [9, 8] → 2 − 0 = 2 (2 reflex points spent, L929)",
        "both hands draw at once: 2 s, the slower hand's (M81, PROPOSED)",
        "the other hand draws a second projectile from quiver back: 1 s (halved, rounded up) (5.6.2, M81)",
        "critical failure of the other hand: its projectile is dropped (L929)"]}, "ru") == [
        "VSE, ускорение другой руки: Рефлекс 2к10 %5 [9, 8] → 2 − 0 = 2 (потрачено очков рефлекса: 2, L929)",
        "обе руки достают снаряды одновременно: 2 с, по более медленной руке (M81, предложено)",
        "другая рука достаёт второй снаряд из колчана за спиной: 1 с (вдвое быстрее, с округлением вверх) (5.6.2, "
        "M81)", "критический провал другой руки: её снаряд выпадает (L929)"]
    cat = i18n.chain("ru", (RULESET,))
    assert cat.say("M81 (T-16): both hands' speed-up checks roll 7 dice, more than VSE's Reflex 6", "ru") == \
        "M81 (T-16): проверки ускорения обеих рук — 7 кубиков, больше Рефлекса VSE (6)"


def test_m81_the_other_hands_projectile_survives_the_json_state() -> None:
    state = javelins(stage="drawn")
    s = state.shooter("VSE")
    assert s is not None
    paired = state.with_shooter("VSE", replace(s, pair=True))
    raw = json.loads(json.dumps(battle.state_to_json(paired)))  # as `state --json` prints it
    assert dict(raw["shooters"])["VSE"]["pair"] is True
    assert battle.state_from_json(raw).shooter("VSE") == paired.shooter("VSE")
    assert "pair" not in dict(json.loads(json.dumps(battle.state_to_json(state)))["shooters"])["VSE"]


# --- T-16: the degree-2 botch of the draw's speed-up hurts the shooter (L929) --------------------------------------

def test_t16_a_degree_two_botch_of_the_draw_hurts_the_shooter_with_1d6_in_a_rolled_zone() -> None:
    """Javelins from the back quiver, a speed-up of 2 dice at %5: [1, 1] is −2, a critical failure of degree 2. The
    shooter rolls 1d6 damage [4] and his zone as a shot's (5.5.2): 1d6 [1] a leg, the right one (his main hand's
    side), 2d6−2 = 2 the foot, bare: W 4. The projectile is not dropped; the draw takes its full 2 s."""
    rnd = draw_round(speedup=2)
    roll(rnd, "VSE", "speedup", [1, 1])
    stop = rnd.resolve(javelins())
    assert ("VSE", "draw_damage", {"exchange": 1, "drawing": "VSE"}) in asked(stop)
    roll(rnd, "VSE", "draw_damage", [4], "1d6", drawing="VSE")
    roll(rnd, "VSE", "shot_zone", [1], "1d6", drawing="VSE")
    roll(rnd, "VSE", "zone", [2, 2], "2d6-2", drawing="VSE")
    stop = rnd.resolve(javelins())
    first = stages(stop)[0]
    assert "critical failure of degree 2: VSE hurts himself drawing the projectile (L929): 1d6 [4] damage, its " \
        "zone rolled (5.5.2; T-16, PROPOSED)" in first["why"]
    assert "D = 4 (1d6, the drawing botch; T-16, PROPOSED)" in first["why"]
    hurt = first["hurt"][0]
    assert hurt["damage"] == 4 and hurt["wound"]["zone"] == "right_leg" and hurt["wound"]["precise"] == "foot"
    assert hurt["wound"]["W"] == 4 and "W = 4 → level 2: pain 2, shock 2, bleeding 1" in first["why"]
    assert "critical failure: the projectile is dropped (L929)" not in first["why"]
    assert first["ammo"] == 4 and first["busy"] == "draw" and first["need_s"] == 2
    assert stop.state.fighter("VSE").wounds[-1].zone == "right_leg"
    assert "T-16" in first["defaults"]


def test_t16_the_other_hands_degree_two_botch_hurts_the_shooter_on_that_side() -> None:
    rnd = draw_round(speedup=2, second={"speedup": 2})
    roll(rnd, "VSE", "speedup", [9, 8], hand=1)
    roll(rnd, "VSE", "speedup", [1, 1], hand=2)
    stop = rnd.resolve(javelins())
    assert ("VSE", "draw_damage", {"exchange": 1, "drawing": "VSE", "hand": 2}) in asked(stop)
    roll(rnd, "VSE", "draw_damage", [2], "1d6", drawing="VSE", hand=2)
    roll(rnd, "VSE", "shot_zone", [1], "1d6", drawing="VSE", hand=2)
    roll(rnd, "VSE", "zone", [2, 2], "2d6-2", drawing="VSE", hand=2)
    first = stages(rnd.resolve(javelins()))[0]
    assert first["hurt"][0]["hand"] == 2 and first["hurt"][0]["wound"]["zone"] == "left_leg"
    assert first["pair"] is True and first["need_s"] == 2  # the other hand's projectile drawn at the full time


def test_t16_the_drawing_botchs_lines_read_in_russian() -> None:
    assert messages.why({"why": [
        "critical failure of degree 2: VSE hurts himself drawing the projectile (L929): 1d6 [4] damage, its zone "
        "rolled (5.5.2; T-16, PROPOSED)", "D = 4 (1d6, the drawing botch; T-16, PROPOSED)"]}, "ru") == [
        "критический провал второй степени: VSE ранит себя, доставая снаряд (L929): урон 1к6 [4], зона бросается "
        "(5.5.2; T-16, предложено)", "D = 4 (1к6, провал извлечения; T-16, предложено)"]


def test_t16_a_drawing_wound_asks_the_knockout_check_and_a_failed_one_lays_him_out() -> None:
    """Endurance 3: the 1d6 [6] wound on the bare head is level 3, shock 3 ≥ Endurance: the knockout check (C9)."""
    state = javelins()
    vse = state.fighter("VSE")
    state = state.with_fighter(replace(vse, characteristics={**vse.characteristics, "endurance": 3}))
    rnd = draw_round(speedup=2)
    roll(rnd, "VSE", "speedup", [1, 1])
    roll(rnd, "VSE", "draw_damage", [6], "1d6", drawing="VSE")
    roll(rnd, "VSE", "shot_zone", [6], "1d6", drawing="VSE")
    roll(rnd, "VSE", "zone", [2, 2], "2d6-2", drawing="VSE")
    stop = rnd.resolve(state)
    assert ("VSE", "knockout", {"exchange": 1, "shooter": "VSE"}) in asked(stop), why_stopped(stop)
    roll(rnd, "VSE", "knockout", [2, 2, 2], shooter="VSE")
    roll(rnd, "VSE", "knockout_rounds", [3], "1d6", shooter="VSE")
    stop = rnd.resolve(state)
    first = stages(stop)[0]
    assert first["knockouts"][0]["unconscious"] is True and first["knockouts"][0]["rounds"] == 3
    assert stop.state.fighter("VSE").status == "unconscious" and stop.state.fighter("VSE").stance == "lying"


# --- L650 on the field: with no reflex points the pick-up takes the whole round --------------------------------------

def floor_sword() -> tuple[battle.Battle, str]:
    from tests.skirmish.test_field_more import rushed_archer

    state = rushed_archer(0)
    f = state.fighter("RAT")
    w = f.weapons[0]
    return state.with_fighter(replace(f, weapons=(replace(w, hands=(), state="dropped"), *f.weapons[1:]))), w.id


def sprint_then(rnd: Round, wid: str, second: dict[str, Any]) -> Round:
    """RAT sprints a metre in exchange 1 (a run spends every reflex point, L54), then acts `second` in exchange 2."""
    from tests.skirmish.test_part2 import order

    order(rnd, "VSE", 1, act="wait")
    order(rnd, "RAT", 1, act="move", gait="sprint", path=[[1, 2]])
    order(rnd, "MIR", 1, act="wait")
    order(rnd, "VSE", 2, act="wait")
    order(rnd, "RAT", 2, **second)
    return order(rnd, "MIR", 2, act="wait")


def test_l650_with_no_reflex_points_left_the_pick_up_takes_the_whole_round() -> None:
    state, wid = floor_sword()
    rnd = sprint_then(Round(turn=2), wid, {"act": "pick_up", "weapon": wid})
    stop = rnd.resolve(state)
    p = payloads(stop, "picked_up")
    assert p, why_stopped(stop)
    assert p[0]["whole_round"] is True and p[0]["spent_R"] == 0 and p[0]["picked"] is False
    assert p[0]["why"] == [f"RAT has no reflex points left: he picks {wid} up from the floor over the whole round, in "
                           "hand when the next round starts; he waits until then (M50, L650; no Reflex check, "
                           "PROPOSED)"]
    assert not [r for r in stop.requests if r.name == "pickup"]  # no Reflex check is asked
    after = stop.state
    assert after.fighter("RAT").weapon_by_id(wid).state == "drawing"  # type: ignore[union-attr]
    assert battle_check.act(after, "RAT", {"act": "move", "gait": "walk", "path": [[2, 2]]}, RULESET.options()) == [
        f"M50 (L650): RAT is picking {wid} up from the floor over the whole round: he waits until the round ends"]
    from replay.rulesets.skirmish.battle_round import open_acts

    assert open_acts(after, "RAT") == ["wait"]
    nxt = Round(turn=3, seq=40).resolve(after)
    started = payloads(nxt, "field_round")[0]
    assert started["picked_up"] == {"RAT": wid}
    assert f"RAT has {wid} in hand: picked up from the floor over the last round (M50, L650)" in started["why"]
    held = nxt.state.fighter("RAT").weapon_by_id(wid)
    assert held is not None and held.state == "ready" and held.hands == (nxt.state.fighter("RAT").main_hand,)


def test_l650_with_one_or_two_reflex_points_the_pick_up_is_still_refused() -> None:
    state, wid = floor_sword()
    f = state.fighter("RAT")
    from replay.rulesets.skirmish import pools

    cap = pools.available(f, state.round, 1)[0]
    two = state.with_fighter(replace(f, spent_R=f.spent_R + cap - 2))
    assert battle_check.pick_up_problems(two, "RAT", {"weapon": wid}) == [
        "M50 (L646): picking a weapon up from the floor costs 3 reflex points; RAT has 2"]
    none = state.with_fighter(replace(f, spent_R=f.spent_R + cap))
    assert battle_check.pick_up_problems(none, "RAT", {"weapon": wid}) == []


def test_l650_a_dropped_bow_picked_up_over_the_round_is_back_in_use_next_round() -> None:
    from tests.skirmish.test_field_more import dropped_bow

    state = dropped_bow()
    s = state.shooter("VSE")
    assert s is not None
    picking = state.with_shooter("VSE", replace(s, lost="picking"))
    assert battle_check.stage_problems(picking, "VSE", "draw") == [
        "M50 (L650): VSE is picking his short_bow up from the floor over the whole round"]
    nxt = Round(turn=3, seq=40).resolve(picking)
    assert payloads(nxt, "field_round")[0]["picked_up"] == {"VSE": "short_bow"}
    back = nxt.state.shooter("VSE")
    assert back is not None and back.lost is None and back.lost_at is None
    assert "picked_up" not in payloads(Round(turn=3, seq=40).resolve(state), "field_round")[0]  # still on the floor


def test_l650_the_whole_rounds_pick_up_reads_in_russian() -> None:
    assert messages.why({"why": [
        "RAT has no reflex points left: he picks longsword up from the floor over the whole round, in hand when the "
        "next round starts; he waits until then (M50, L650; no Reflex check, PROPOSED)",
        "VSE has short_bow in hand: picked up from the floor over the last round (M50, L650)"]}, "ru") == [
        "у RAT не осталось очков рефлекса: он поднимает с пола бастард весь раунд, оружие будет в руке к началу "
        "следующего раунда; до тех пор он ждёт (M50, L650; без проверки Рефлекса, предложено)",
        "у VSE в руке короткий лук: поднято с пола за прошлый раунд (M50, L650)"]
    cat = i18n.chain("ru", (RULESET,))
    assert cat.say("M50 (L650): VSE is picking short_bow up from the floor over the whole round: he waits until the "
                   "round ends", "ru") == \
        "M50 (L650): VSE поднимает с пола короткий лук весь раунд: до конца раунда он ждёт"


def test_l650_the_standing_says_the_bow_is_being_picked_up_over_the_round() -> None:
    from replay.render.text import Doc
    from replay.rulesets.skirmish import field_post
    from tests.skirmish.test_field_more import dropped_bow

    state = dropped_bow()
    s = state.shooter("VSE")
    assert s is not None
    picking = state.with_shooter("VSE", replace(s, lost="picking"))
    for lang, said in (("en", "picking it up over the round, 4"), ("ru", "поднимает с пола весь раунд, 4")):
        doc = Doc()
        field_post.standing(doc, picking, lang)
        rows = {row[0]: row for row in doc.blocks[0].rows}  # type: ignore[attr-defined]
        assert said in next(row for name, row in rows.items() if "VSE" in name)
