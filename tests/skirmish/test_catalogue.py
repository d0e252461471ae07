"""The maneuver catalogue is data: every M01–M74 entry, each code findable from its id; SAMPLE data labelled."""

import json
from pathlib import Path

from replay.rulesets.skirmish import data
from replay.rulesets.skirmish.maneuvers import GENERAL_PROCEDURE
from replay.rulesets.skirmish.maneuvers.base import registry

DATA = Path(data.__file__).parent / "data"


def test_every_melee_and_wrestling_maneuver_has_an_entry():
    ids = [m["id"] for m in data.table("maneuvers")["maneuvers"]]
    assert ids == [f"M{n:02d}" for n in range(1, 75)]


def test_each_code_is_found_from_its_id_and_back():
    for m in data.table("maneuvers")["maneuvers"]:
        assert data.maneuver_by_id(m["id"])["code"] == m["code"]
        assert data.maneuvers()[m["code"]]["id"] == m["id"]


def test_every_entry_has_costs_conditions_effects_and_says_whether_it_is_implemented():
    for m in data.table("maneuvers")["maneuvers"]:
        assert m["kind"] in ("attack", "defence", "general") and m["form"] in ("melee", "wrestling")
        assert isinstance(m["min_level"], int) and "reflex" in m["activation"]
        assert m["effect"] and m["source"].startswith("L") and isinstance(m["implemented"], bool)


def test_the_implemented_maneuvers():
    """The catalogue's `implemented` flag is true exactly for the maneuvers with code: the general procedure's and
    the registered Moves (maneuvers/)."""
    done = {m["code"] for m in data.table("maneuvers")["maneuvers"] if m["implemented"]}
    assert done == set(GENERAL_PROCEDURE) | set(registry())
    missing = {m["id"] for m in data.table("maneuvers")["maneuvers"] if not m["implemented"]}
    assert missing == {"M49"}


def test_each_maneuver_code_is_found_from_its_id():
    assert registry()[data.maneuver_by_id("M43")["code"]].after is not None
    assert registry()[data.maneuver_by_id("M63")["code"]].code == "envelop"


def test_sample_data_is_labelled():
    for name in ("weapons", "armour", "shields", "damage_sample_v1", "characters"):
        raw = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
        assert raw["sample"] is True and "SAMPLE" in raw["note"]
    assert json.loads((DATA / "maneuvers.json").read_text(encoding="utf-8"))["sample"] is False


def test_the_minimum_levels_of_the_source_table():
    levels = {m["code"]: m["min_level"] for m in data.table("maneuvers")["maneuvers"]}
    assert (levels["thrust"], levels["parry"], levels["countertime"], levels["master_strike"]) == (0, 2, 6, 8)
    assert (levels["weapon_block"], levels["sidestep"], levels["power_blow"], levels["slip"]) == (0, 0, 2, 4)


def test_every_maneuver_not_implemented_is_refused_naming_its_id():
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.model import SkirmishOptions
    from tests.skirmish.kit import fight

    state = fight(holder="VSE", distance="long", round=1, exchange=1, step=1)
    for m in data.table("maneuvers")["maneuvers"]:
        if m["implemented"]:
            continue
        order = {"exchange": 1, "step": "attack" if m["kind"] != "defence" else "defence", "maneuver": m["code"],
                 "target": "VSE", "zone": "upper_torso", "dice": {"skill": 2}}
        problems = check.declaration(state, "RAT", order, SkirmishOptions())
        assert any(p.startswith("condition_failed") and m["id"] in p for p in problems), m["id"]
