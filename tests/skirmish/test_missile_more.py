"""More missile defences of issue 9 (5.4.7): the forum's words for M87's parry with the bare hand (L1153) in
the players' words and against a second projectile (M81)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.skirmish import field_parse
from replay.rulesets.skirmish import missile_defences as defences
from tests.skirmish.kit import Round, payloads, why_stopped
from tests.skirmish.test_field_parse_ranged import KEY, waiting
from tests.skirmish.test_missile_last import HAND
from tests.skirmish.test_ranged_moves import act, knives, roll


@pytest.mark.parametrize("text", [
    "Защита от выстрела VSE: парирую рукой, 3 кубика (1Р+2Н)",
    "Защита от выстрела VSE: парирование голой рукой, 3 кубика (1Р+2Н)",
    "Defence against VSE: parry with my hand, 3 dice (1R+2S)",
])
def test_m87_a_parry_with_the_hand_reads_as_the_bare_hand(text: str) -> None:
    state, requests = waiting()
    assert field_parse.defence_choice(text, state, "RAT", requests) == ({**KEY, "name": "missile_defence", "value": {
        "maneuver": "weapon_parry_missile", "dice": 1, "skill": 2, "weapon": "hand"}}, [])


def test_m87_a_hand_that_holds_a_named_weapon_is_not_a_bare_hand_parry() -> None:
    """«левой рукой парирую кинжалом»: the hand is the one holding the dagger; the dagger parries."""
    state, requests = waiting()
    choice, errors = field_parse.defence_choice("Защита от выстрела VSE: левой рукой парирую кинжалом, 2 кубика "
                                                "(1Р+1Н)", state, "RAT", requests)
    assert errors == [] and choice is not None
    assert choice["value"]["weapon"] != "hand"


def test_m87_a_second_targets_bare_hand_takes_the_second_projectile_less_the_final_successes() -> None:
    state = knives()
    mir = state.fighter("MIR")
    state = state.with_fighter(replace(mir, shield=None, skills={**mir.skills, "fist": 6},
                                       weapons=tuple(replace(w, hands=()) for w in mir.weapons)))  # hands free
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, maneuver="synchronous_throw",
        second_target="MIR")
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "missile_defence", HAND, exchange=1, shooter="VSE")
    rnd.choice("MIR", "protect_ally", "none", exchange=1, shooter="VSE", target="RAT")
    rnd.choice("RAT", "protect_ally", "none", exchange=1, shooter="VSE", target="MIR")
    roll(rnd, "VSE", "shot", [9, 8, 2, 2, 2, 2])  # 2 successes at %6
    roll(rnd, "MIR", "missile_defence", [9, 9, 9], shooter="VSE")  # 3 at %6: final successes 1
    roll(rnd, "VSE", "shot_zone", [1], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [2, 2], "2d6-2", projectile=1)
    stop = rnd.resolve(state)
    out = payloads(stop, "shot")
    assert out, why_stopped(stop)
    p = out[0]
    assert p["second"]["defence"]["hand_final"] == 1
    assert "MIR's bare " + defences.free_hand(state.fighter("MIR")) + " hand parries: the projectile strikes the " \
        "hand, its damage less the parry's final 1 (M87, L1153)" in p["why"]
    assert p["second"]["wound"]["precise"] == "hand"
    assert any(line.startswith("D = ") and line.endswith("− 1 final successes of the parry = "
                                                          f"{p['second']['wound']['W']} (M87, L1153)")
               for line in p["why"])
