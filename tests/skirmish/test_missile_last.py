"""The last missile defences of issue 9 (5.4.7): M87's weapon parry with the bare hand (L1153)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.rulesets.skirmish import battle, messages
from replay.rulesets.skirmish import missile_defences as defences
from tests.skirmish.kit import Round, payloads, why_stopped
from tests.skirmish.test_ranged_moves import act, field, guarded_field, roll

HAND = {"maneuver": "weapon_parry_missile", "dice": 3, "weapon": "hand"}


def bare(fist: int = 6, shield: bool = False) -> battle.Battle:
    """ZOR (the SAMPLE VSE: a sword in the right hand) without his shield, his left hand free, fist-fighting `fist`."""
    state = field(4, target="ZOR")
    zor = state.fighter("ZOR")
    return state.with_fighter(replace(zor, shield=zor.shield if shield else None, skills={**zor.skills, "fist": fist}))


def test_m87_a_bare_hand_parries_at_the_arm_blocks_4_plus_two() -> None:
    state = bare()
    assert defences.defence_difficulty(state, "ZOR", HAND) == 4 + 2
    assert defences.defence_problems(state, "ZOR", HAND, 1) == []
    assert defences.free_hand(state.fighter("ZOR")) == "left"
    assert "weapon_parry_missile" in defences.defence_options(state, "ZOR")
    assert defences.defence_problems(bare(fist=5), "ZOR", HAND, 1) == [
        "skill_too_low (4.8): weapon_parry_missile with the bare hand needs fist 6, ZOR has 5"]
    assert defences.defence_problems(bare(shield=True), "ZOR", HAND, 1) == [
        "condition_failed (5.4.7 M87): ZOR has no free hand to parry with (L1153)"]
    moved = replace(state, moved=(("ZOR", ((0, 2), (0, 3))),))
    assert defences.defence_problems(moved, "ZOR", HAND, 1) == [
        "condition_failed (5.4.7 M87): ZOR moved this round: no weapon parry against a missile on the move (L1153)"]


def test_m83_a_guard_does_not_parry_an_allys_arrow_with_his_bare_hand() -> None:
    state = guarded_field([1, 2])
    bor = state.fighter("BOR")
    state = state.with_fighter(replace(bor, shield=None, skills={**bor.skills, "fist": 6}))
    assert defences.protect_problems(state, "BOR", "RAT", "VSE", HAND, 1) == [
        "condition_failed (5.4.7 M83): a bare hand parries only the arrow at its own owner (L1153 with L1131, "
        "PROPOSED)"]


def hand_round(parry: list[int]) -> Round:
    """VSE's arrow (6 dice at %5: 2 successes) at ZOR, who parries with his bare hand, 3 dice at %6."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3})
    act(rnd, "ZOR", act="wait")
    rnd.choice("ZOR", "missile_defence", HAND, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 2, 2, 2, 2])
    return roll(rnd, "ZOR", "missile_defence", parry, shooter="VSE")


def shot(parry: list[int]) -> dict[str, Any]:
    stop = hand_round(parry).resolve(bare())
    out = payloads(stop, "shot")
    assert out, why_stopped(stop)
    return out[0]


def test_m87_a_bare_hand_that_parries_takes_the_arrow_on_the_hand_less_the_final_successes() -> None:
    p = shot([9, 8, 7])  # 3 against the shot's 2: final successes 1
    assert p["final"] == -1 and p["defence"]["hand_final"] == 1
    assert "ZOR's bare left hand parries: the projectile strikes the hand, its damage less the parry's final 1 (M87, " \
        "L1153)" in p["why"]
    assert "D = 7 − 1 final successes of the parry = 6 (M87, L1153)" in p["why"]  # arrow 6 +1 point blank
    assert (p["wound"]["zone"], p["wound"]["precise"], p["wound"]["W"]) == ("left_arm", "hand", 6)
    tie = shot([9, 8, 2])  # 2 against 2: the parry holds, the hand takes the whole damage (the hand's cap 6)
    assert tie["defence"]["hand_final"] == 0 and tie["wound"]["precise"] == "hand"
    assert "W = 7, zone cap 6 → level 3: pain 3, shock 3, bleeding 2" in tie["why"]
    assert not any("final successes of the parry" in line for line in tie["why"])


def test_m87_a_bare_hand_that_fails_leaves_the_arrow_to_strike_as_aimed() -> None:
    stop = hand_round([9, 2, 2]).resolve(bare())  # 1 against 2: the arrow flies on with 1 final success
    assert not payloads(stop, "shot")
    assert why_stopped(stop) == "None / [('VSE', 'shot_zone', {'exchange': 1})]"  # its zone rolled as any hit's


def test_m87_the_bare_hands_lines_read_in_russian() -> None:
    assert messages.why({"why": [
        "ZOR's bare left hand parries: the projectile strikes the hand, its damage less the parry's final 1 (M87, "
        "L1153)", "D = 7 − 1 final successes of the parry = 6 (M87, L1153)"]}, "ru") == [
        "ZOR парирует голой левой рукой: снаряд попадает в кисть, его урон меньше на итоговые успехи парирования, 1 "
        "(M87, L1153)", "D = 7 − 1 итоговых успеха парирования = 6 (M87, L1153)"]
    assert messages._problem("ZOR has no free hand to parry with (L1153)") == \
        "у ZOR нет свободной руки для парирования (L1153)"
    assert messages._problem("weapon_parry_missile with the bare hand needs fist 6, ZOR has 5") == \
        "парированию голой рукой нужен навык «кулачный бой» 6, у ZOR — 5"
    assert messages._problem("a bare hand parries only the arrow at its own owner (L1153 with L1131, PROPOSED)") == \
        "голая рука парирует только стрелу, летящую в её хозяина (L1153 с L1131, предложено)"
