"""Every maneuver of the catalogue is found from its rulebook name in a player's post (the longest name found wins:
«бросок с болевым захватом» is M62, not the Throw M61 or the Pain hold M59)."""

import pytest

from replay.rulesets.skirmish import data, parse, words
from tests.skirmish.kit import fight

CATALOGUE = data.table("maneuvers")["maneuvers"]
SHARED = {"подсечка": "weapon_trip", "захват": "grab", "уклонение": "sidestep"}
"""Short names two maneuvers share: the first of the catalogue (a post names the other in full)."""


@pytest.mark.parametrize("m", CATALOGUE, ids=[m["id"] for m in CATALOGUE])
def test_each_maneuver_by_its_russian_and_english_name(m):
    ru, en = m["name"]["ru"].lower(), m["name"]["en"].lower()
    assert words.find_maneuver(ru) == m["code"]
    assert words.find_maneuver(en) == m["code"]
    short = ru.split(" (")[0]
    assert words.find_maneuver(short) == SHARED.get(short, m["code"])


@pytest.mark.parametrize(("text", "fields"), [
    ("Атака: бросок с болевым захватом, 3 кубика (1Р+2Н)", {"maneuver": "throw_with_hold"}),
    ("Атака: удар головой с фиксацией в голову, 3 кубика (1Р+2Н)", {"maneuver": "fixed_headbutt", "zone": "head"}),
    ("Атака: проход в ноги в левую ногу, 4 кубика (2Р+2Н)", {"maneuver": "leg_dive", "zone": "left_leg"}),
    ("Защита: захват (защитный) в левую руку, 2 кубика (1Р+1Н)", {"maneuver": "wrestling_grab_defence"}),
    ("Защита: блок рукой, 4 кубика (2Р+2Н)", {"maneuver": "limb_block"}),
    ("Защита: борцовский блок, 7 кубиков (4Р+3Н)", {"maneuver": "wrestling_block"}),
])
def test_wrestling_and_blocks_in_the_rulebooks_words(text, fields):
    out = parse.parse_order(text, fight(holder="RAT", distance="hand", exchange=1, step=2), "RAT")
    assert out.errors == [] and {k: out.order[k] for k in fields} == fields
