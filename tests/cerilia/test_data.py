"""§6: the SAMPLE tables load, say they are SAMPLE, and match the spec's printed cards cell for cell."""

from __future__ import annotations

import json

import pytest

from replay.rulesets.cerilia.data import DATA, tables

# §6.2 as printed: card -> sign -> results for diff -3..+3
PRINTED = {
    1: {"Sw": "FFFF---", "Sh": "FFFF---", "B": "FFFF---"},
    2: {"Sw": "FFF---H", "Sh": "FFF---H", "B": "FFF---H"},
    3: {"Sw": "FF---HH", "Sh": "FF---HH", "B": "FF---HH"},
    4: {"Sw": "F---HHH", "Sh": "F---HHH", "B": "F---HHR"},
    5: {"Sw": "---HHHR", "Sh": "---HHHH", "B": "---HHRR"},
    6: {"Sw": "--HHHRD", "Sh": "--HHHHR", "B": "--HHRRR"},
    7: {"Sw": "-HHHRDD", "Sh": "-HHHHRR", "B": "-HHRRRD"},
    8: {"Sw": "HHHRDDD", "Sh": "HHHHRRD", "B": "HHRRRDD"},
    9: {"Sw": "HHRDDDD", "Sh": "HHHRRDD", "B": "HRRRDDD"},
}


@pytest.mark.parametrize("number", range(1, 10))
def test_the_nine_battle_cards_are_the_printed_ones(number):
    card = tables().cards[number]
    for sign, row in PRINTED[number].items():
        assert "".join(card.lookup(d, sign) for d in range(-3, 4)) == row


def test_diffs_beyond_the_columns_are_clamped_amb05():
    card = tables().cards[9]
    assert card.lookup(7, "Sw") == card.lookup(3, "Sw") == "D"
    assert card.lookup(-6, "B") == card.lookup(-3, "B") == "H"


CATALOGUES = {"defaults.json", "defaults_ru.json", "clauses_ru.json"}
"""The spec's own words on its defaults and the rulebook's own words (not cards): no SAMPLE mark."""


def test_every_data_file_is_marked_sample_with_a_note():
    cards = [path for path in DATA.glob("*.json") if path.name not in CATALOGUES]
    assert len(cards) == 8
    for path in cards:
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert raw["sample"] is True and "SAMPLE" in raw["note"], path.name


def test_txt33_morale_table():
    t = tables()
    infantry, knights = t.units["In"], t.units["Kn"]
    assert t.passes_morale(infantry, 40) and not t.passes_morale(infantry, 20)
    assert t.passes_morale(knights, 99) and t.passes_morale(infantry, 3) and not t.passes_morale(infantry, 100)


def test_the_sample_cards_of_61_and_the_scenario_of_68():
    t = tables()
    assert (t.units["Kn"].mp, t.units["Kn"].charge, t.units["Pk"].defence_vs) == (2, 4, {"charge": 2})
    assert t.scenarios["border-skirmish"]["budget"] == {"A": 20, "D": 20}
    assert t.characters["aerin"].bonuses["charge"] == 2
    assert [c.id for c in t.characters.values() if c.can_cast] == ["ilsabet", "maelis", "tamor"]
