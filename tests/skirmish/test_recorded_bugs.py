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
