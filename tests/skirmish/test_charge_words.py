"""The field act `charge` (M16 Batman, L369, A-85; M25 Rushing attack, L445, A-102) as players and the GM meet it: the
act request lists it exactly when the fighter could charge someone. Ratibor (Speed 7, longsword: long) and Vseslav
(Speed 8, arming sword) stand on one row; a halberd is very long."""

from __future__ import annotations

from dataclasses import replace

from replay.render import i18n
from replay.rulesets.skirmish import battle_check, costs
from replay.rulesets.skirmish.battle_round import open_acts
from tests.skirmish.kit import Round
from tests.skirmish.test_bodyguard import escort
from tests.skirmish.test_field_reach import RULESET, field

HALBERD = {"weapons": [{"id": "halberd", "type": "halberd", "hands": ["right", "left"]}], "shield": None}


def halberdier(vse: int) -> object:
    """Ratibor with a halberd (very long): M25 needs two categories beyond it, more than extremely long (A-102)."""
    state = field(vse)
    rat = state.fighter("RAT")
    hal = RULESET.initial({"field": {"grid": "square", "width": 14, "height": 6}, "fighters": [
        {"sample": "RAT", "cell": [1, 2], "facing": "E", **HALBERD}, {"sample": "VSE", "cell": [vse, 2]}]},
        RULESET.options())
    return state.with_fighter(replace(rat, weapons=hal.fighter("RAT").weapons))  # type: ignore[attr-defined]


def test_the_request_lists_charge_when_a_beat_or_a_rushing_attack_is_open() -> None:
    near, far = field(6), field(10)  # 5 m ≤ Speed 7: M16; 9 m: only M25 (extremely long, two beyond long)
    assert battle_check.charge_target_problems(far, "RAT", {"maneuver": "beat", "target": "VSE"}) != []
    assert battle_check.charge_target_problems(far, "RAT", {"maneuver": "rushing_attack", "target": "VSE"}) == []
    assert open_acts(near, "RAT")[-1] == open_acts(far, "RAT")[-1] == "charge"


def test_the_request_leaves_charge_out_when_nobody_can_be_charged() -> None:
    """A halberd is very long: M25 never two categories beyond it; M16 only within Speed 7 (L369)."""
    near, far = halberdier(8), halberdier(9)  # 7 m and 8 m
    assert costs.weapon_length(near.fighter("RAT").weapon) == "very_long"  # type: ignore[attr-defined]
    assert "charge" in open_acts(near, "RAT")
    assert "charge" not in open_acts(far, "RAT")


def test_the_request_says_charge_in_both_languages() -> None:
    stop = Round(turn=2).resolve(escort())  # Yaropolk 6 m from Ladimir: within his Speed 7 (M16)
    [req] = [r for r in stop.requests if r.actor == "YAR"]
    assert req.what == "act in exchange 1: move, wait or charge (5.6, 5.7)"
    said = i18n.request_text(req, "ru", [RULESET])
    assert 'действие в обмене 1: "move" (движение), "wait" (ждать) или "charge" (атака издали) (5.6, 5.7)' in said
    assert i18n.UNTRANSLATED["ru"] not in said
