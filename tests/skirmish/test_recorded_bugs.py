"""Bugs the recorded fights exposed, each held by a test of the smallest round that shows it."""

from tests.skirmish.kit import Round, fight, payloads, why_stopped


def test_a_shield_strike_stopped_by_a_shield_block_resolves():
    """A rim strike (M30) tied by a shield block (M36) used to stop resolution on an assertion (the blocked-blow
    procedure looked up the attacker's weapon by the id "shield"); the blow is now stopped without a Reliability
    check of the blocking item (its check against the strike's damage is NOT YET)."""
    state = fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0], "weapons": [{"id": "arming_sword", "type": "arming_sword",
                                                       "hands": ["right"]}],
         "shield": {"id": "buckler", "type": "buckler", "hand": "left"}},
        {"sample": "VSE", "cell": [1, 0], "facing": "W"}]})
    r = (Round().roll("RAT", "initiative", [9, 8, 10, 2, 3]).roll("VSE", "initiative", [9, 2, 3, 4, 2, 3])
         .attack("VSE", "shield_rim_strike", "upper_torso", reflex=2, skill=1)
         .declare("RAT", "attack", "pass").defend("RAT", "shield_block", reflex=1, skill=2, weapon="shield")
         .roll("VSE", "attack", [9, 8, 2]).roll("RAT", "defence", [9, 8, 2]))
    stop = r.resolve(state)
    assert stop.error is None, why_stopped(stop)
    clash = [c for c in payloads(stop, "clash") if c["maneuver"] == "shield_rim_strike"][0]
    assert clash["opposed"]["winner"] is None and clash["why"][-1] == "2 vs 2 → tie: the attack fails (L34)"
    assert payloads(stop, "blocked") == [] and payloads(stop, "hit") == []


def test_an_unarmed_fighter_may_stand_up():
    """Standing up (M53 Maneuvering) used to be refused to a fighter with no weapon in hand (4.7.4 "holds no ready
    weapon"): the takedown fight's thrown wrestler could never get up."""
    from replay.rulesets.skirmish import check, data

    state = fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0]},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, "condition": {"stance": "lying"},
         "weapons": [{"id": "dagger", "type": "dagger", "hands": [], "location": "boot", "state": "sheathed"}]}]})
    order = {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "stand_up": True,
             "dice": {"reflex": 1, "skill": 0}}
    problems = check.conditions(state, "VSE", order, data.maneuvers()["maneuvering"])
    assert not [p for p in problems if p.startswith("condition_failed (4.7.4)")], problems


def test_a_fatigue_check_and_a_countertime_name_the_defaults_that_decide_them():
    """The masters fight showed two resolutions an option changes without naming its default (the property of
    tests/test_defaults_property.py): a fatigue check (fatigue_rolls, 5.10) and a countertime's comparison
    (extra_success_mode A-04, ones_cancel_successes A-02)."""
    import json
    from pathlib import Path

    log = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish" / "masters.jsonl"
    events = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    fatigue = [e["payload"] for e in events if e["type"] == "skirmish.fatigue"]
    counter = [e["payload"] for e in events if e["type"] == "skirmish.clash" and e["payload"]["maneuver"] ==
               "countertime"]
    assert fatigue and all("5.10" in p["defaults"] for p in fatigue)
    assert counter and all({"A-02", "A-04"} <= set(p["defaults"]) for p in counter)
