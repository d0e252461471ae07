"""Ranged maneuvers as orders and choices on the field (5.4.6, 5.4.7, 5.7, 6.5 step 11): M80's doubled preparation and
second damage, M81's second projectile and second target, the missile defences M84 (screen), M86 (shield parry), M89,
M90 with their conditions, the passive shield against missiles (5.11), a hidden shot's Empathy check (A-61) and the
knockout checks after a ranged wound (C9). Given this field, these orders, rolls and choices, this happens."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.rulesets.skirmish import battle, battle_check
from replay.rulesets.skirmish import missile_defences as defences
from tests.skirmish.kit import RULESET, Round, asked, payloads, why_stopped

OPTIONS = RULESET.options()
ARCHER = {"swords": 4, "knives": 4, "spears": 2, "bows": 4, "fist": 2, "wrestling": 1, "acrobatics": 3,
          "body_language": 3}
"""The SAMPLE VSE's skills with bows 4: M78-M82 need level 4 (4.8, PROPOSED)."""


def field(distance: int, *, weapon: str = "short_bow", target: str = "RAT", facing: str = "E",
          more: list[dict[str, Any]] | None = None, stage: str = "aimed", double: bool = False) -> battle.Battle:
    """VSE at (distance, 2) facing west with `weapon`, at `stage`; the target at (0, 2) facing `facing` (E: he sees
    VSE); RAT has no shield, a target of the VSE sample (id ZOR) a round shield on the left arm."""
    tgt = {"sample": "RAT", "cell": [0, 2], "facing": facing} if target == "RAT" else \
        {"sample": "VSE", "id": target, "side": "blue", "cell": [0, 2], "facing": facing}
    setup = {"field": {"grid": "square", "width": 200, "height": 8},
             "fighters": [tgt, {"sample": "VSE", "cell": [distance, 2], "facing": "W", "skills": ARCHER,
                                "ranged": {"weapon": weapon, "ammo": 4,
                                           **({"skill": "knives"} if weapon == "throwing_knife" else {})}},
                               *(more or [])]}
    state = RULESET.initial(setup, OPTIONS)
    assert isinstance(state, battle.Battle)
    s = state.shooter("VSE")
    assert s is not None
    return replace(state.with_shooter("VSE", replace(s, stage=stage, double=double)), chain=(("VSE", 2), (target, 1)),
                   round=2)


def act(rnd: Round, actor: str, x: int = 1, **fields: Any) -> Round:
    return rnd.add("order", actor, {"exchange": x, "stage": "field", **fields})


def roll(rnd: Round, actor: str, purpose: str, faces: list[int], dice: str | None = None, **key: Any) -> Round:
    return rnd.add("roll", actor, {"dice": dice or f"{len(faces)}d10", "purpose": purpose, "result": faces,
                                   "total": sum(faces) - (2 if dice == "2d6-2" else 0), "source": "forum",
                                   "exchange": 1, **key})


def check(state: battle.Battle, actor: str, payload: dict[str, Any]) -> list[str]:
    return battle_check.act(state, actor, {"exchange": 1, "stage": "field", **payload}, OPTIONS)


# --- M80 double shot (L1109, A-78) -----------------------------------------------------------------------------

def test_m80_a_double_shot_is_prepared_for_twice_the_time() -> None:
    state = field(4, stage="drawn")
    rnd = Round(turn=2)
    act(rnd, "VSE", act="prepare", double=True)
    act(rnd, "RAT", act="wait")
    p = payloads(rnd.resolve(state), "ranged_stage")[0]
    assert "preparing the shot: 2 s (5.6.3)" in p["why"]  # the ready bow's 1 s ×2
    assert "a double shot: two arrows, the preparation time ×2 (M80, L1109)" in p["why"]
    assert p["double"] is True and p["stage"] == "drawn" and p["need_s"] == 2


def test_m80_a_double_shot_needs_the_doubled_preparation_and_a_second_arrow() -> None:
    order = {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 3}, "maneuver": "double_shot"}
    novice = field(4, double=True)
    novice = novice.with_fighter(replace(novice.fighter("VSE"), skills={**ARCHER, "bows": 3}))
    assert check(novice, "VSE", order) == ["skill_too_low (4.8): double_shot needs bows 4, VSE has 3"]
    assert check(field(4), "VSE", order) == [
        "condition_failed (5.4.6 M80): VSE prepared one arrow: a double shot is prepared for twice the time "
        "(prepare with double: true, L1109)"]
    state = field(4, double=True)
    state = state.with_shooter("VSE", replace(state.shooter("VSE"), ammo=0))  # type: ignore[arg-type]
    assert check(state, "VSE", order) == ["condition_failed (5.4.6 M80): VSE has no second projectile left"]
    assert check(field(4, stage="drawn", weapon="javelin"), "VSE", {"act": "prepare", "double": True}) == [
        "condition_failed (5.4.6 M80): double_shot needs one of short_bow, long_bow, not javelin"]


def double_hit() -> Round:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, maneuver="double_shot",
        buys2=["zone:leg"])
    act(rnd, "RAT", act="wait")
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 8, 7, 6, 2])
    roll(rnd, "VSE", "shot_zone", [6], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [6, 3], "2d6-2", projectile=1)
    roll(rnd, "VSE", "shot_zone", [5], "1d6", projectile=2)
    roll(rnd, "VSE", "zone", [4, 4], "2d6-2", projectile=2)
    return roll(rnd, "VSE", "penetration", [6], "1d6", projectile=2)


def test_m80_two_damage_calculations_from_one_roll_keyed_by_projectile() -> None:
    stop = double_hit().resolve(field(4, double=True))
    assert ("RAT", "knockout", {"exchange": 1, "shooter": "VSE"}) in asked(stop), why_stopped(stop)
    p = payloads(roll(double_hit(), "RAT", "knockout", [7, 5, 1, 2, 3], shooter="VSE").resolve(
        field(4, double=True)), "shot")[0]
    assert p["final"] == 5 and p["second"]["final"] == 5  # the one roll's final successes for both (L1109)
    assert p["wound"]["zone"] == "head" and p["wound"]["level"] == 4
    assert "second projectile (M80) at RAT" in p["why"]
    assert "zone → leg (1)" in p["why"]  # buys2: the second arrow's purchases from the same final successes
    assert p["second"]["wound"]["zone"] == "right_leg"
    assert p["ammo"] == 3  # the second arrow comes off the 4 left


def test_m80_the_second_wound_and_the_reset_preparation_are_folded() -> None:
    stop = roll(double_hit(), "RAT", "knockout", [7, 5, 1, 2, 3], shooter="VSE").resolve(field(4, double=True))
    rat = stop.state.fighter("RAT")
    assert [w.zone for w in rat.wounds] == ["head", "right_leg"]
    assert stop.state.shooter("VSE").double is False  # type: ignore[union-attr]


# --- M81 synchronous throw (L1115) -----------------------------------------------------------------------------

def knives(**kw: Any) -> battle.Battle:
    mir = {"sample": "RAT", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": [0, 3], "facing": "E"}
    return field(3, weapon="throwing_knife", more=[mir], **kw)


def test_m81_a_second_target_stands_within_1_m_of_the_first() -> None:
    order = {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 3}, "maneuver": "synchronous_throw",
             "second_target": "MIR"}
    assert check(knives(), "VSE", order) == []
    far = knives()
    far = far.with_fighter(replace(far.fighter("MIR"), cell=(0, 5)))
    assert check(far, "VSE", order) == [
        "condition_failed (5.4.6 M81): MIR stands more than 1 m from RAT (two targets side by side, L1115)"]
    assert check(field(4, double=True), "VSE", {**order, "maneuver": "double_shot"}) == [
        "condition_failed (5.4.6 M81): a second target only for a synchronous throw"]


def test_m81_each_target_defends_against_the_one_roll() -> None:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, maneuver="synchronous_throw",
        second_target="MIR")
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    stop = rnd.resolve(knives())
    assert ("RAT", "missile_defence", {"exchange": 1, "shooter": "VSE"}) in asked(stop)
    assert ("MIR", "missile_defence", {"exchange": 1, "shooter": "VSE"}) in asked(stop)
    assert ("MIR", "protect_ally", {"exchange": 1, "shooter": "VSE", "target": "RAT"}) in asked(stop)  # M83
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "missile_defence", {"maneuver": "missile_dodge", "dice": 2}, exchange=1, shooter="VSE")
    rnd.choice("MIR", "protect_ally", "none", exchange=1, shooter="VSE", target="RAT")
    rnd.choice("RAT", "protect_ally", "none", exchange=1, shooter="VSE", target="MIR")
    roll(rnd, "VSE", "shot", [9, 8, 7, 2, 2, 2])  # 3 dice + Accuracy 3, %6 (knife %5 + 1)
    roll(rnd, "MIR", "missile_defence", [9, 9], shooter="VSE")
    roll(rnd, "VSE", "shot_zone", [1], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [2, 2], "2d6-2", projectile=1)
    roll(rnd, "VSE", "shot_zone", [2], "1d6", projectile=2)
    roll(rnd, "VSE", "zone", [3, 2], "2d6-2", projectile=2)
    stop = rnd.resolve(knives())
    p = payloads(stop, "shot")[0]
    assert "synchronous throw (M81): +1 difficulty" in p["why"]
    assert p["final"] == 3 and p["second"]["final"] == 1  # MIR's dodge takes 2 of the 3 off his knife only
    assert "final = 3 − 2 defence = 1 (MIR)" in p["why"]
    assert "second projectile (M81) at MIR" in p["why"]
    assert p["second"]["defence"]["maneuver"] == "missile_dodge" and p["second"]["to_cell"] == [0, 3]


# --- the missile defences: M84, M86, M89, M90 and the passive shield ------------------------------------------

def shield_shot(defence: Any, faces: list[int] | None = None) -> Round:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3}, buys=["zone:arm"], side="left")
    act(rnd, "ZOR", act="wait")
    rnd.choice("ZOR", "missile_defence", defence, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 8, 7, 2, 2])
    if faces:
        roll(rnd, "ZOR", "missile_defence", faces, shooter="VSE")
    roll(rnd, "VSE", "shot_zone", [6], "1d6")
    return roll(rnd, "VSE", "zone", [6, 3], "2d6-2")


def test_the_carrying_arm_is_covered_by_the_passive_shield_against_a_missile() -> None:
    p = payloads(shield_shot("none").resolve(field(4, target="ZOR")), "shot")[0]
    assert "passive round_shield covers left_arm: D' = 7 − 5 = 2; reliability 6 → 5" in p["why"]
    assert p["shield"] == {"shield": "round_shield", "armour": 5, "reliability_loss": 1, "broken": False}
    stop = shield_shot("none").resolve(field(4, target="ZOR"))
    assert stop.state.fighter("ZOR").shield.reliability == 5  # type: ignore[union-attr]


def test_m84_a_shield_screen_covers_the_zones_declared_for_the_shot() -> None:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3}, buys=["zone:head"])
    act(rnd, "ZOR", act="wait")
    rnd.choice("ZOR", "missile_defence", {"screen": ["head"]}, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 8, 7, 2, 2])
    roll(rnd, "VSE", "shot_zone", [5], "1d6")
    roll(rnd, "VSE", "zone", [6, 3], "2d6-2")
    stop = rnd.resolve(field(4, target="ZOR"))
    p = payloads(stop, "shot")[0]
    assert "ZOR screens head with the shield (M84, L1135)" in p["why"]
    assert "passive round_shield covers head: D' = 7 − 5 = 2; reliability 6 → 5" in p["why"]
    assert p["defence"]["maneuver"] == "shield_screen" and p["defence"]["dice"] == 0
    assert stop.state.fighter("ZOR").shield.cover == ("head",)  # type: ignore[union-attr]  # C16: it stays


def test_m86_a_shield_parry_rolls_at_the_shields_parry_plus_one_and_loses_the_passive_cover() -> None:
    rnd = shield_shot({"maneuver": "shield_parry_missile", "dice": 1, "skill": 1}, [9, 3])
    stop = roll(rnd, "ZOR", "knockout", [9, 9, 9, 9], shooter="VSE").resolve(field(4, target="ZOR"))
    p = payloads(stop, "shot")[0]
    assert "ZOR shield parry missile 2d %6 [9, 3] → 1 − 0 = 1" in p["why"]  # round shield %5 + 1 (L1147)
    assert p["final"] == 3 and p["defence"]["skill"] == 1
    assert "ZOR's shield parried: no passive cover (5.11, A-87b)" in p["why"]
    zor = stop.state.fighter("ZOR")
    assert (zor.spent_R, zor.spent_S) == (1, 1)


def test_the_missile_defence_answer_is_checked_naming_the_rule() -> None:
    state = field(4, target="ZOR")
    assert defences.defence_problems(state, "ZOR", {"maneuver": "missile_dodge", "dice": 1, "skill": 1}, 1) == [
        "reflex_only (5.4.7): missile_dodge is paid with reflex points only"]
    assert defences.defence_problems(state, "ZOR", {"maneuver": "shield_parry_missile", "dice": 1, "screen": ["head"]},
                                 1) == ["condition_failed (5.4.7 M84): a shield that parries gives no passive "
                                        "cover: no screen with it (5.11, A-87b)"]
    assert defences.defence_problems(state, "ZOR", {"screen": ["head", "upper_torso"]}, 1) == [
        "zone_not_allowed (5.4.7 M84): screen is a list of at most 1 declared zones besides the carrying arm"]
    assert defences.defence_problems(field(4), "RAT", {"maneuver": "shield_parry_missile", "dice": 1}, 1) == [
        "condition_failed (5.4.7 M86): RAT has no ready shield"]
    ran = replace(state, ran=(("ZOR", "sprint"),))
    assert defences.defence_problems(ran, "ZOR", {"maneuver": "missile_dodge", "dice": 1}, 1) == [
        "condition_failed (5.4.7 M89): ZOR sprinted this round: a dodge needs moving at most half Speed (L1167)"]
    assert defences.defence_problems(state, "ZOR", {"maneuver": "missile_dodge", "dice": 9}, 1) == [
        "cannot_pay (4.6): the defence costs 9R + 0S, ZOR has 6R + 4S"]
    assert "shield_parry_missile" not in defences.defence_options(replace(state, ran=(("ZOR", "jog"),)), "ZOR")


def test_a_bad_missile_defence_choice_is_refused_by_the_check() -> None:
    from eventlog.envelope import Draft

    draft = Draft("choice", {"name": "missile_defence", "value": {"maneuver": "missile_parry", "dice": 1},
                             "exchange": 1, "shooter": "VSE"}, actor="ZOR")
    assert battle_check.check(field(4, target="ZOR"), (), draft, OPTIONS) == [
        "condition_failed (5.4.7): the missile defence is one of missile_dodge, missile_slip, shield_parry_missile, "
        "weapon_parry_missile, missile_catch, pendulum"]


# --- a hidden shot (5.7, A-61) and the knockout after a ranged wound (6.5 step 11, C9) ----------------------------

def hidden_shot(empathy: list[int]) -> Round:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3}, buys=["zone:arm"], side="left",
        hidden=True)
    act(rnd, "ZOR", act="wait")
    roll(rnd, "VSE", "shot", [10, 9, 8, 7, 2, 2])
    roll(rnd, "ZOR", "empathy", empathy, shooter="VSE")
    roll(rnd, "VSE", "shot_zone", [6], "1d6")
    return roll(rnd, "VSE", "zone", [6, 3], "2d6-2")


def test_a_hidden_shot_asks_the_targets_empathy_and_unsensed_it_passes_the_shield() -> None:
    state = field(4, target="ZOR", facing="W")  # ZOR faces away: VSE is behind him
    stop = Round(turn=2)
    act(stop, "VSE", act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3}, hidden=True)
    act(stop, "ZOR", act="wait")
    assert ("ZOR", "empathy", {"exchange": 1, "shooter": "VSE"}) in asked(stop.resolve(state))
    unsensed = roll(hidden_shot([2, 3, 1, 4]), "ZOR", "knockout", [9, 9, 9, 9], shooter="VSE")
    p = payloads(unsensed.resolve(state), "shot")[0]
    assert p["empathy"]["sensed"] is False and "A-61" in p["defaults"]
    assert "ZOR did not sense the hidden attack: no passive shield cover (A-61)" in p["why"]
    assert "shield" not in p and p["wound"]["zone"] == "left_arm"
    sensed = payloads(hidden_shot([7, 3, 2, 4]).resolve(state), "shot")[0]
    assert sensed["empathy"]["sensed"] is True
    assert any(line.startswith("passive round_shield covers left_arm") for line in sensed["why"])


def test_a_ranged_wound_with_a_trigger_asks_the_knockout_check_and_a_failed_one_lays_the_target_out() -> None:
    rnd = roll(double_hit(), "RAT", "knockout", [2, 3, 1, 4, 2], shooter="VSE")
    stop = rnd.resolve(field(4, double=True))
    assert ("RAT", "knockout_rounds", {"exchange": 1, "shooter": "VSE"}) not in asked(stop)  # level-4 head: C9
    p = payloads(stop, "shot")[0]
    k = p["knockouts"][0]
    assert k["triggers"] == ["knockout_check", "shock"] and k["unconscious"] and k["until_treated"]
    assert "a level-4 head or torso wound: unconscious until treated (C9)" in p["why"]
    rat = stop.state.fighter("RAT")
    assert rat.status == "unconscious" and rat.stance == "lying"


def test_m87_a_weapon_parry_against_a_missile_is_the_parry_of_a_thrust_plus_two() -> None:
    """L1153: «Сложность парирования от колющего вырастает на 2»: the SAMPLE arming sword parries a thrust at %6,
    so an arrow at %8, above 7: refused naming 2.2 (the SAMPLE table is no source's)."""
    state = field(4, target="ZOR")
    zor = state.fighter("ZOR")
    master = state.with_fighter(replace(zor, skills={**zor.skills, "swords": 6}))
    value = {"maneuver": "weapon_parry_missile", "dice": 2, "weapon": "arming_sword"}
    assert defences.defence_difficulty(master, "ZOR", value) == 8
    assert defences.defence_problems(master, "ZOR", value, 1) == [
        "difficulty_above_7 (2.2): the weapon parry against a missile is %8 (the parry of a thrust +2, L1153)"]
    assert defences.defence_problems(state, "ZOR", value, 1) == [
        "skill_too_low (4.8): weapon_parry_missile needs swords 6, ZOR has 4"]
    assert defences.defence_problems(master, "ZOR", {**value, "weapon": "dagger"}, 1) == [
        "condition_failed (5.4.7 M87): ZOR holds no ready weapon dagger no heavier than medium"]
    moved = replace(master, moved=(("ZOR", ((0, 2), (0, 3))),))
    assert defences.defence_problems(moved, "ZOR", value, 1) == [
        "condition_failed (5.4.7 M87): ZOR moved this round: no weapon parry against a missile on the move (L1153)"]
    assert "weapon_parry_missile" in defences.defence_options(master, "ZOR")
    assert "weapon_parry_missile" not in defences.defence_options(moved, "ZOR")


# --- M83 protect ally against missiles (L1131, T-10) ----------------------------------------------------------------

def guarded_field(guard_cell: list[int]) -> battle.Battle:
    bor = {"sample": "VSE", "id": "BOR", "name": {"ru": "Борис", "en": "Boris"}, "side": "blue", "cell": guard_cell,
           "facing": "E"}
    return field(6, more=[bor])


def test_m83_a_guard_in_front_or_on_the_flank_is_asked_and_one_behind_is_not() -> None:
    assert defences.protect_side(guarded_field([1, 2]), "BOR", "RAT", "VSE") == "front"
    assert defences.protect_side(guarded_field([0, 1]), "BOR", "RAT", "VSE") == "flank"
    assert defences.protect_side(guarded_field([1, 1]), "BOR", "RAT", "VSE") == "flank"  # 45° off the line of fire
    assert defences.protect_side(guarded_field([0, 4]), "BOR", "RAT", "VSE") is None  # not touching
    behind = guarded_field([1, 2])
    behind = behind.with_fighter(replace(behind.fighter("RAT"), cell=(2, 2)))
    assert defences.protect_side(behind, "BOR", "RAT", "VSE") is None  # straight behind the target
    assert defences.guards(guarded_field([1, 2]), "VSE", "RAT") == ["BOR"]


def test_m83_a_comrade_with_no_points_to_pay_is_not_asked() -> None:
    state = guarded_field([0, 1])
    spent = state.with_fighter(replace(state.fighter("BOR"), spent_R=6))
    assert defences.guards(state, "VSE", "RAT") == ["BOR"] and defences.guards(spent, "VSE", "RAT") == []


def test_m83_no_evasion_and_the_flank_adds_one() -> None:
    state = guarded_field([0, 1])
    assert defences.protect_problems(state, "BOR", "RAT", "VSE", {"maneuver": "missile_dodge", "dice": 1}, 1) == [
        "condition_failed (5.4.7 M83): protect_ally is none or a defence that is no evasion: {maneuver: "
        "shield_parry_missile|weapon_parry_missile, dice, skill, weapon}"]
    parry = {"maneuver": "shield_parry_missile"}
    assert defences.protect_problems(state, "BOR", "RAT", "VSE", {**parry, "dice": 6}, 1) == [
        "cannot_pay (5.4.7 M83): protecting an ally costs 1R of activation besides the 6R of the defence, BOR has 6R"]
    apart = guarded_field([0, 5])
    assert defences.protect_problems(apart, "BOR", "RAT", "VSE", {**parry, "dice": 1}, 1) == [
        "condition_failed (5.4.7 M83): BOR does not stand beside RAT on the side of the shot or on his flank (L1131)"]


def test_m83_the_guards_successes_come_off_the_shot_and_he_pays_the_activation() -> None:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "RAT", act="wait")
    act(rnd, "BOR", act="wait")
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("BOR", "protect_ally", {"maneuver": "shield_parry_missile", "dice": 2}, exchange=1, shooter="VSE",
               target="RAT")
    roll(rnd, "VSE", "shot", [10, 9, 2, 2, 2, 2])
    roll(rnd, "BOR", "protect_ally", [9, 7], shooter="VSE", target="RAT")
    stop = rnd.resolve(guarded_field([0, 1]))
    p = payloads(stop, "shot")[0]
    assert "BOR protects RAT from the flank (M83, L1131): shield parry missile %7 (+1 from the flank), 1 reflex " \
           "point of activation" in p["why"]  # the round shield's parry %5 + 1 (M86) + 1 from the flank (T-10)
    assert "BOR shield parry missile 2d %7 [9, 7] → 2 − 0 = 2" in p["why"]
    assert "final = 2 − 2 defence = 0" in p["why"] and p["final"] == 0 and p["outcome"] == "miss"
    assert p["protectors"]["BOR"]["net"] == 2 and "M83" in p["rule"]
    assert stop.state.fighter("BOR").spent_R == 3  # 2 dice + 1 activation


# --- M79 through shot (L1103, T-23) ---------------------------------------------------------------------------------

def line_field() -> battle.Battle:
    """VSE with a long bow, aimed, at (7, 2); ZOR (gambeson, bare arms) at (3, 2) and MIR (mail) at (1, 2) on the line
    beyond her, both facing VSE; BOR off the line at (1, 4)."""
    setup = {"field": {"grid": "square", "width": 12, "height": 6},
             "fighters": [{"sample": "VSE", "id": "ZOR", "side": "blue", "cell": [3, 2], "facing": "E"},
                          {"sample": "RAT", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": [1, 2],
                           "facing": "E"},
                          {"sample": "RAT", "id": "BOR", "name": {"ru": "Борис", "en": "Boris"}, "cell": [1, 4],
                           "facing": "E"},
                          {"sample": "VSE", "cell": [7, 2], "facing": "W", "skills": ARCHER,
                           "ranged": {"weapon": "long_bow", "ammo": 4}}]}
    state = RULESET.initial(setup, OPTIONS)
    assert isinstance(state, battle.Battle)
    s = state.shooter("VSE")
    assert s is not None
    return replace(state.with_shooter("VSE", replace(s, stage="aimed")), chain=(("VSE", 2),), round=2)


def test_m79_the_next_targets_stand_on_the_line_beyond_the_target() -> None:
    order = {"act": "shoot", "target": "ZOR", "dice": {"reflex": 2, "skill": 4}, "maneuver": "through_shot"}
    assert check(line_field(), "VSE", {**order, "next_targets": ["MIR"]}) == []
    assert check(line_field(), "VSE", {**order, "next_targets": ["BOR"]}) == [
        "condition_failed (5.4.6 M79): BOR does not stand on the line of fire beyond ZOR (nearest first)"]
    assert check(line_field(), "VSE", order) == [
        "condition_failed (5.4.6 M79): next_targets: the fighters on the line beyond the target, nearest first"]


def through_round() -> Round:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 2, "skill": 4}, maneuver="through_shot",
        next_targets=["MIR"])
    for fid in ("ZOR", "MIR", "BOR"):
        act(rnd, fid, act="wait")
    rnd.choice("ZOR", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "missile_defence", "none", exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 7, 6, 2])  # 6 dice + Accuracy 3 at the long bow's %5
    roll(rnd, "VSE", "shot_zone", [4], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [1, 2], "2d6-2", projectile=1)  # 1: the fingers, maximum W 4
    roll(rnd, "VSE", "shot_zone", [4], "1d6", through=1)
    roll(rnd, "VSE", "zone", [4, 4], "2d6-2", through=1)  # 6: MIR's elbow, in mail
    return roll(rnd, "VSE", "penetration", [6], "1d6", through=1)


def test_m79_the_damage_left_flies_on_to_the_next_target_at_minus_five() -> None:
    stop = through_round().resolve(line_field())
    p = payloads(stop, "shot")[0]
    assert p["final"] == 8 and p["wound"]["precise"] == "fingers" and p["wound"]["W"] == 4
    assert "final = 8 − 5 through shot (M79) = 3 (MIR)" in p["why"]
    assert "through shot (M79): 9 − (4 + 2 × 0) = 5 carried to MIR" in p["why"]
    assert "D = 5 carried through (M79, L1103)" in p["why"]
    nxt = p["through"][0]
    assert nxt["target"] == "MIR" and nxt["carried"] == 5 and nxt["final"] == 3
    assert nxt["wound"]["precise"] == "elbow" and nxt["wound"]["W"] == 1  # 5 − MIR's mail 4
    assert [w.precise for w in stop.state.fighter("MIR").wounds] == ["elbow"]


def test_m79_a_projectile_that_does_not_exceed_the_zones_maximum_and_twice_its_armour_stops() -> None:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 2, "skill": 4}, maneuver="through_shot",
        next_targets=["MIR"])
    for fid in ("ZOR", "MIR", "BOR"):
        act(rnd, fid, act="wait")
    rnd.choice("ZOR", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "missile_defence", "none", exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 7, 6, 2])
    roll(rnd, "VSE", "shot_zone", [1], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [4, 4], "2d6-2", projectile=1)  # 6: the knee, maximum W 9
    roll(rnd, "ZOR", "knockout", [9, 9, 9, 9], shooter="VSE")
    p = payloads(rnd.resolve(line_field()), "shot")[0]
    assert "through shot (M79): 9 − (9 + 2 × 0) = 0: the projectile stops" in p["why"]  # T-23: nothing passes
    assert p["through"] == []


# --- M75-M77 shots on the move (L1077-1089, T-25) ---------------------------------------------------------------

def on_the_move(mv: str, check: dict[str, int], path: list[list[int]], faces: list[int], weapon: str = "short_bow",
                **more: Any) -> tuple[Any, Round]:
    """VSE at (6, 2) (aimed) shoots at RAT at (0, 2), who faces away (no missile defence), on the move."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 2}, maneuver=mv, check=check, path=path,
        **more)
    act(rnd, "RAT", act="wait")
    roll(rnd, "VSE", "acrobatics", faces)
    return field(6, weapon=weapon, facing="W"), rnd


def test_m76_each_success_of_the_check_walks_1_m_free_and_accuracy_loses_the_reflex_spent() -> None:
    state, rnd = on_the_move("moving_shot", {"reflex": 2}, [[5, 2]], [8, 3])
    roll(rnd, "VSE", "shot", [4, 2, 2])
    stop = rnd.resolve(state)
    p = payloads(stop, "shot")[0]
    assert "VSE moving shot (M76): check 2d %5 (2R) [8, 3] → 1 − 0 = 1" in p["why"]
    assert "1 m walk, no penalty (1 m free)" in p["why"]
    assert "dice 2 (0R + 2S) + Accuracy 1 (aimed, A-52)" in p["why"]  # Accuracy 3 − the 2 reflex of the check
    assert p["from_cell"] == [5, 2] and p["metres"] == 5 and p["band"] == "point_blank"
    vse = stop.state.fighter("VSE")
    assert vse.cell == (5, 2) and vse.spent_R == 2


def test_m76_beyond_the_successes_the_shot_takes_the_penalty_of_shooting_on_the_move() -> None:
    state, rnd = on_the_move("moving_shot", {"reflex": 1}, [[5, 2], [4, 2]], [8], gait="jog")
    roll(rnd, "VSE", "shot", [5, 2, 2])
    stop = rnd.resolve(state)
    p = payloads(stop, "shot")[0]
    assert "2 m jog with 1 m free of penalty: 5.6.8 method 2, dice −1 (4 m/s less Acrobatics 3), +1 difficulty " \
           "(½ Speed or more)" in p["why"]
    assert "roll 3d %6 [5, 2, 2] → 0 − 0 = 0" in p["why"]  # 2 + Accuracy 3 − 1 − 1 dice; the short bow's %5 + 1
    assert dict(stop.state.ran)["VSE"] == "jog"  # L54: the run takes every reflex point left


def test_m75_a_jump_throw_flies_1_m_for_each_2_successes_and_a_fall_lands_lying() -> None:
    state, rnd = on_the_move("jump_fall_throw", {"reflex": 2, "acrobatics": 1}, [[5, 2], [4, 2]], [9, 7, 6],
                             weapon="throwing_knife", landing="lying")
    roll(rnd, "VSE", "shot", [4, 2])
    stop = rnd.resolve(state)
    p = payloads(stop, "shot")[0]
    assert "VSE jump fall throw (M75): check 3d %5 (2R + 1 Acrobatics) [9, 7, 6] → 3 − 0 = 3" in p["why"]
    assert "flies 1 m of the 2 m declared (1 m: 1 m for each 2 successes)" in p["why"]
    assert "dice 2 (0R + 2S) (aimed, but M75: no Accuracy left)" in p["why"]
    vse = stop.state.fighter("VSE")
    assert vse.cell == (5, 2) and vse.stance == "lying" and (vse.spent_R, vse.spent_S) == (2, 3)


def test_m75_a_failed_jump_adds_to_the_difficulty_and_above_7_the_attack_fails() -> None:
    state, rnd = on_the_move("jump_fall_throw", {"reflex": 2}, [[5, 2]], [4, 3], weapon="throwing_knife")
    roll(rnd, "VSE", "shot", [5, 2])
    p = payloads(rnd.resolve(state), "shot")[0]
    assert "failed jump: +1 difficulty" in p["why"] and "roll 2d %6 [5, 2] → 0 − 0 = 0" in p["why"]  # T-25
    state, rnd = on_the_move("jump_fall_throw", {"reflex": 2}, [[5, 2]], [1, 1], weapon="throwing_knife")
    roll(rnd, "VSE", "shot", [9, 2])
    p = payloads(rnd.resolve(state), "shot")[0]
    assert "failed jump: +3 difficulty (critical failure of degree 2)" in p["why"]
    assert "the failed jump makes the attack %8, above 7: automatic failure (T-25)" in p["why"]
    assert p["outcome"] == "miss" and "the shot fails" in p["why"]


def test_m75_m77_their_weapons_and_conditions_are_checked_naming_the_rule() -> None:
    order = {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 2}, "maneuver": "jump_shot",
             "check": {"reflex": 1}, "path": [[5, 2]]}
    assert check(field(6), "VSE", order) == []
    assert check(field(6), "VSE", {**order, "landing": "lying"}) == [
        "condition_failed (5.4.6 M77): landing: feet, or lying after a fall (M75 only)"]
    assert check(field(6), "VSE", {**order, "maneuver": "jump_fall_throw"}) == [
        "condition_failed (5.4.6 M75): jump_fall_throw needs one of knife, not short_bow"]
    assert check(field(6), "VSE", {**order, "check": {"reflex": 0}}) == [
        "condition_failed (5.4.6 M77): check: {reflex: n, acrobatics: n}, at least 1 reflex point"]
    assert check(field(6), "VSE", {**order, "check": {"reflex": 1, "acrobatics": 4}}) == [
        "condition_failed (5.4.6 M77): 4 Acrobatics points, VSE has 3"]
    assert check(field(6), "VSE", {**order, "maneuver": "moving_shot", "check": {"reflex": 1, "acrobatics": 1}}) == [
        "condition_failed (5.4.6 M76): a shot on the move adds no Acrobatics to its check"]
    far = field(176)
    assert check(far, "VSE", {**order, "path": [[177, 2]]}) == [] and check(far, "VSE", {**order, "path": [
        [177, 2], [178, 2], [179, 2], [180, 2], [181, 2]]}) == [
        "out_of_reach (5.6.5): RAT is 181 m away, beyond the maximum range of the short_bow (180 m)"]
    assert check(field(6), "VSE", {**order, "maneuver": None, "check": {"reflex": 1}}) == [
        "condition_failed (5.4.6): check, path, gait and landing only for a shot on the move (M75, M76, M77)"]


# --- M88 missile catch (L1159) ---------------------------------------------------------------------------------------

def catch_round(faces: list[int]) -> Round:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3})
    act(rnd, "ZOR", act="wait")
    rnd.choice("ZOR", "missile_defence", {"maneuver": "missile_catch", "dice": 2}, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 2, 2, 2, 2])
    return roll(rnd, "ZOR", "missile_defence", faces, shooter="VSE")


def test_m88_a_catch_is_paid_with_an_extraordinary_success_at_the_projectiles_difficulty() -> None:
    state = field(4, target="ZOR")
    assert defences.defence_difficulty(state, "ZOR", {"maneuver": "missile_catch"}, "VSE") == 7  # an arrow
    assert defences.defence_difficulty(field(4, target="ZOR", weapon="javelin"), "ZOR", {"maneuver": "missile_catch"},
                                   "VSE") == 6  # the SAMPLE javelin is medium
    assert defences.defence_problems(field(4), "RAT", {"maneuver": "missile_catch", "dice": 1}, 1, "VSE") == [
        "cannot_pay (5.4.7 M88): a missile catch costs 1 extraordinary success, RAT has none left"]
    assert defences.defence_problems(state, "ZOR", {"maneuver": "missile_catch", "dice": 1, "skill": 1}, 1, "VSE") == [
        "reflex_only (5.4.7): missile_catch is paid with reflex points only"]
    stop = catch_round([9, 8]).resolve(state)
    p = payloads(stop, "shot")[0]
    assert "ZOR missile catch 2d %7 [9, 8] → 2 − 0 = 2" in p["why"] and "miss" not in p["why"]
    assert p["defence"]["tie"] is True and p["final"] == 0  # 2 against 2: the tie


def test_m88_a_tie_with_the_attack_strikes_the_catching_hand_and_more_successes_catch_it() -> None:
    stop = catch_round([9, 8]).resolve(field(4, target="ZOR"))
    p = payloads(stop, "shot")[0]
    assert "a tie: the projectile strikes ZOR's catching hand (M88, L1159)" in p["why"], why_stopped(stop)
    assert p["wound"]["zone"] == "right_arm" and p["wound"]["precise"] == "hand"
    assert stop.state.fighter("ZOR").spent_extraordinary == 1
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3})
    act(rnd, "ZOR", act="wait")
    rnd.choice("ZOR", "missile_defence", {"maneuver": "missile_catch", "dice": 3}, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 2, 2, 2, 2])
    roll(rnd, "ZOR", "missile_defence", [9, 8, 7], shooter="VSE")
    p = payloads(rnd.resolve(field(4, target="ZOR")), "shot")[0]
    assert "ZOR catches the projectile (M88)" in p["why"] and p["defence"]["caught"] is True
    assert p["wound"] is None


# --- M78 grazing shot (L1095-1097, T-24) ------------------------------------------------------------------------

def graze_field(monkeypatch: Any) -> battle.Battle:
    """VSE at (6, 2) with a short bow whose arrows have a cutting head (no SAMPLE projectile has one); MIR (a
    gambeson, bare arms) at (3, 2) between him and RAT at (0, 2); both face away (no missile defence)."""
    from replay.rulesets.skirmish import ranged

    plain = ranged.weapon
    monkeypatch.setattr(ranged, "weapon", lambda kind: {**plain(kind), "cutting_head": True})
    mir = {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "side": "blue", "cell": [3, 2],
           "facing": "W"}
    return field(6, facing="W", more=[mir])


def test_m78_a_grazing_shot_needs_a_cutting_head_and_targets_on_the_line_before_the_final_one(monkeypatch) -> None:
    order = {"act": "shoot", "target": "RAT", "dice": {"reflex": 2, "skill": 4}, "maneuver": "grazing_shot",
             "graze": [{"target": "MIR", "buys": ["zone:arm"]}]}
    mir = {"sample": "RAT", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": [3, 2], "facing": "W"}
    assert check(field(6, facing="W", more=[mir]), "VSE", order) == [
        "condition_failed (5.4.6 M78): a grazing shot needs a projectile with a cutting head (the arrow has none)"]
    state = graze_field(monkeypatch)
    assert check(state, "VSE", order) == []
    off = state.with_fighter(replace(state.fighter("MIR"), cell=(3, 4)))
    assert check(off, "VSE", order) == [
        "condition_failed (5.4.6 M78): MIR does not stand on the line of fire before RAT (nearest first)"]


def graze_round() -> Round:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR", "buys": ["zone:arm"]}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 2, 2, 2])  # 6 net
    roll(rnd, "VSE", "shot_zone", [6], "1d6", graze=1)
    roll(rnd, "VSE", "zone", [3, 3], "2d6-2", graze=1)  # the arm bought: the forearm
    roll(rnd, "VSE", "shot_zone", [1], "1d6", projectile=1)
    return roll(rnd, "VSE", "zone", [4, 4], "2d6-2", projectile=1)


def test_m78_the_secondary_target_is_grazed_with_cutting_damage_and_the_rest_goes_on(monkeypatch) -> None:
    stop = graze_round().resolve(graze_field(monkeypatch))
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert "grazing shot (M78): 6 − 1 (grazing shot) = 5" in p["why"]  # T-24
    assert "zone → arm (1)" in p["why"] and "− 1 (zone correction on MIR) = 4" in p["why"]
    assert "− 1 (MIR grazed) = 3" in p["why"] and "final = 3 − 0 defence = 3 (RAT)" in p["why"]
    grazed = p["grazed"][0]
    assert grazed["target"] == "MIR" and grazed["wound"]["type"] == "cutting" and not grazed["stuck"]
    assert p["final"] == 3 and p["wound"]["type"] == "piercing" and p["wound"]["precise"] == "knee"


def test_m78_a_zone_that_cannot_be_grazed_keeps_the_projectile(monkeypatch) -> None:
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR"}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 2, 2, 2])
    roll(rnd, "VSE", "shot_zone", [5], "1d6", graze=1)  # the upper torso
    roll(rnd, "VSE", "zone", [3, 4], "2d6-2", graze=1)
    roll(rnd, "VSE", "penetration", [6], "1d6", graze=1)
    stop = rnd.resolve(graze_field(monkeypatch))
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    grazed = p["grazed"][0]
    assert grazed["stuck"] and grazed["wound"]["type"] == "piercing"
    assert f"{grazed['wound']['precise']} cannot be grazed: the projectile sticks in MIR (M78)" in p["why"]
    assert "the projectile does not reach RAT" in p["why"] and p["outcome"] == "miss" and p["wound"] is None


def test_each_projectiles_rolls_are_matched_by_their_key_whatever_their_order_in_the_log() -> None:
    """DESIGN: recorded inputs are matched by key, not by position: the second arrow's rolls posted before the first
    arrow's change nothing."""
    first = roll(double_hit(), "RAT", "knockout", [7, 5, 1, 2, 3], shooter="VSE")
    second = [e for e in first.events if e.payload.get("projectile") == 2]
    others = [e for e in first.events if e not in second]
    shot_at = next(i for i, e in enumerate(others) if e.payload.get("purpose") == "shot")
    swapped = Round(turn=2)
    for e in others[:shot_at + 1] + second + others[shot_at + 1:]:
        swapped.add(e.type, e.actor, e.payload)
    assert [e.payload.get("projectile") for e in swapped.events if e.payload.get("purpose") in ("shot_zone", "zone")
            ] == [2, 2, 1, 1]
    a = payloads(first.resolve(field(4, double=True)), "shot")[0]
    b = payloads(swapped.resolve(field(4, double=True)), "shot")[0]
    assert (a["wound"], a["second"]["wound"]) == (b["wound"], b["second"]["wound"])


# --- M85 pendulum (L1141) ---------------------------------------------------------------------------------------

def test_m85_a_jogging_target_weaves_a_pendulum_with_acrobatics_and_its_successes_come_off_the_shot() -> None:
    state = replace(field(4, target="ZOR"), ran=(("ZOR", "jog"),))
    value = {"maneuver": "pendulum", "dice": 0, "skill": 2}
    assert "pendulum" in defences.defence_options(state, "ZOR")
    assert defences.defence_problems(replace(state, ran=()), "ZOR", value, 1) == [
        "condition_failed (5.4.7 M85): ZOR does not run at half Speed this round: a pendulum is woven at a jog (L1141)"]
    heavy = state.with_fighter(replace(state.fighter("ZOR"), load="medium"))
    assert defences.defence_problems(heavy, "ZOR", value, 1) == [
        "condition_failed (5.4.7 M85): ZOR's load is medium: a pendulum needs a light load (L1141)"]
    assert defences.defence_problems(state, "ZOR", {**value, "skill": 4}, 1) == [
        "condition_failed (5.4.7 M85): 4 Acrobatics points, ZOR has 3"]
    rnd = Round(turn=2)  # ZOR jogs a metre in exchange 1 and weaves while VSE shoots in exchange 2
    act(rnd, "VSE", 1, act="wait")
    act(rnd, "ZOR", 1, act="move", gait="jog", path=[[0, 3]], facing="E")
    act(rnd, "VSE", 2, act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3})
    act(rnd, "ZOR", 2, act="wait")
    rnd.choice("ZOR", "missile_defence", value, exchange=2, shooter="VSE")
    rnd.add("roll", "VSE", {"dice": "6d10", "purpose": "shot", "result": [10, 9, 2, 2, 2, 2], "total": 27,
                            "source": "forum", "exchange": 2})
    rnd.add("roll", "ZOR", {"dice": "2d10", "purpose": "missile_defence", "result": [8, 6], "total": 14,
                            "source": "forum", "exchange": 2, "shooter": "VSE"})
    stop = rnd.resolve(field(4, target="ZOR"))
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    assert "ZOR pendulum 2d %5 [8, 6] → 2 − 0 = 2" in p[0]["why"] and "target jogging −1" in p[0]["why"]
    assert p[0]["final"] == -1 and p[0]["outcome"] == "miss"  # 2 − 2 pendulum − 1 (a jogging target, 5.6.5)
    assert stop.state.fighter("ZOR").spent_S == 2  # the Acrobatics points from the skill points
