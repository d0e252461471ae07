"""Skirmish's missile defences, the last two gaps of issue 9 (L1151-1153): one weapon stops one arrow in an exchange,
whoever shoots it (M87), and a grazing shot's final target whose bare hand parries meets what the grazes left of the
shot (M78 with M87). Given this field, these orders, rolls and choices, this happens."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.rulesets.skirmish import battle
from replay.rulesets.skirmish.model import Weapon
from tests.skirmish.kit import Round, payloads, why_stopped
from tests.skirmish.test_ranged_moves import act, roll

HAND = {"maneuver": "weapon_parry_missile", "dice": 4, "weapon": "hand"}


# --- M78 with M87: the final target's bare hand against what the grazes left (L1097, L1153, T-24) ------------------

def grazed_rat(monkeypatch: Any) -> battle.Battle:
    """The grazing field (VSE at (6, 2), MIR at (3, 2) facing away, RAT at (0, 2)) with RAT turned towards VSE, the
    rapier in his right hand, his left hand free, fist-fighting 6."""
    from tests.skirmish.test_ranged_moves import graze_field

    state = graze_field(monkeypatch)
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, facing="E", skills={**rat.skills, "swords": 6, "fist": 6}, weapons=(
        Weapon("rapier", "rapier", ("right",), "one_hand", "ready", None),)))


def graze_at(defence: Any) -> Round:
    """The shot's 6 successes: 6 − 1 (grazing shot) = 5; MIR's arm bought for 1 (4 left), MIR grazed (3 left)."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR", "buys": ["zone:arm"]}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    rnd.choice("RAT", "missile_defence", defence, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 2, 2, 2])  # 6 net
    roll(rnd, "VSE", "shot_zone", [6], "1d6", graze=1)
    return roll(rnd, "VSE", "zone", [3, 3], "2d6-2", graze=1)  # the arm bought: the forearm


def test_m78_the_final_targets_bare_hand_meets_the_successes_the_grazes_left(monkeypatch: Any) -> None:
    """T-24's run: 6 − 1 = 5, − 1 for MIR's arm = 4, − 1 for MIR grazed = 3 come at RAT. His bare hand's 4 (at %6)
    reach those 3 (not the shot's 6): it stops the arrow and the hand takes its damage 6 less the final 4 − 3 = 1."""
    rnd = graze_at(HAND)
    roll(rnd, "RAT", "missile_defence", [9, 8, 7, 6], shooter="VSE")
    stop = rnd.resolve(grazed_rat(monkeypatch))
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert "− 1 (MIR grazed) = 3" in p["why"] and "final = 3 − 4 defence = -1 (RAT)" in p["why"]
    assert "RAT's bare hand stops the projectile (4 against 3, M87)" in p["why"]
    assert p["defence"]["hand_final"] == 1 and "miss" not in p["why"]
    assert "D = 6 − 1 final successes of the parry = 5 (M87, L1153)" in p["why"]
    assert (p["wound"]["zone"], p["wound"]["precise"], p["wound"]["W"]) == ("left_arm", "hand", 5)
    assert stop.state.fighter("RAT").wounds[-1].precise == "hand"


def test_m78_a_bare_hand_short_of_what_the_grazes_left_lets_the_arrow_strike(monkeypatch: Any) -> None:
    """RAT's bare hand's 2 against the 3 left: the arrow strikes him with 3 − 2 = 1 final success, his zone rolled;
    the hand is not struck."""
    rnd = graze_at({**HAND, "dice": 2})
    roll(rnd, "RAT", "missile_defence", [9, 8], shooter="VSE")
    roll(rnd, "VSE", "shot_zone", [1], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [4, 4], "2d6-2", projectile=1)
    stop = rnd.resolve(grazed_rat(monkeypatch))
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert "final = 3 − 2 defence = 1 (RAT)" in p["why"] and p["final"] == 1
    assert "hand_final" not in p["defence"] and not any("bare hand" in w for w in p["why"])
    assert p["outcome"] == "hit" and p["wound"]["precise"] != "hand"
