"""More missile defences of issue 9 (5.4.7): the forum's words for M87's parry with the bare hand (L1153)."""
from __future__ import annotations

import pytest

from replay.rulesets.skirmish import field_parse
from tests.skirmish.test_field_parse_ranged import KEY, waiting


@pytest.mark.parametrize("text", [
    "Защита от выстрела VSE: парирую рукой, 3 кубика (1Р+2Н)",
    "Защита от выстрела VSE: парирование голой рукой, 3 кубика (1Р+2Н)",
    "Defence against VSE: parry with my hand, 3 dice (1R+2S)",
])
def test_m87_a_parry_with_the_hand_reads_as_the_bare_hand(text: str) -> None:
    state, requests = waiting()
    assert field_parse.defence_choice(text, state, "RAT", requests) == ({**KEY, "name": "missile_defence", "value": {
        "maneuver": "weapon_parry_missile", "dice": 1, "skill": 2, "weapon": "hand"}}, [])


def test_m87_a_hand_and_a_weapon_named_together_are_refused() -> None:
    state, requests = waiting()
    assert field_parse.defence_choice("Защита от выстрела VSE: парирую рукой и кинжалом, 2 кубика (1Р+1Н)", state,
                                      "RAT", requests) == (None, ["5.4.7 M87: one parrying weapon (dagger, hand are "
                                                                  "named)"])
