"""Equal initiative (A-10): both attack declarations are asked at once and may be sealed; the exchange resolves as
one simultaneous group (5.1 step 4)."""

from eventlog import seal as seallib
from tests.skirmish.kit import Round, asked, fight, payloads

KEY = {"exchange": 1, "step": "attack"}


def rat_chop():
    return {**KEY, "maneuver": "chop", "target": "VSE", "zone": "upper_torso", "dice": {"reflex": 0, "skill": 5}}


def vse_cut():
    return {**KEY, "maneuver": "slash", "target": "RAT", "zone": "right_arm", "dice": {"reflex": 1, "skill": 4}}


def sealed(rnd, actor, order, salt):
    return rnd.add("input.sealed", actor, {"kind": "order", "name": "order", "key": KEY,
                                           "commitment": seallib.commitment(order, salt)})


def revealed(rnd, actor, order, salt):
    return rnd.add("input.revealed", actor, {"kind": "order", "name": "order", "key": KEY, "input": order,
                                             "salt": salt})


def test_both_attacks_are_asked_at_once():
    stop = Round().resolve(fight(holder="tie", distance="long"))
    assert asked(stop) == [("RAT", "order", KEY), ("VSE", "order", KEY)]


def test_sealed_declarations_wait_for_their_reveals():
    rnd = sealed(sealed(Round(), "RAT", rat_chop(), "a" * 32), "VSE", vse_cut(), "b" * 32)
    stop = rnd.resolve(fight(holder="tie", distance="long"))
    assert [(r.kind, r.actor) for r in stop.requests] == [("reveal", "RAT"), ("reveal", "VSE")]
    rnd = revealed(revealed(rnd, "RAT", rat_chop(), "a" * 32), "VSE", vse_cut(), "b" * 32)
    stop = rnd.resolve(fight(holder="tie", distance="long"))
    assert [d["maneuver"] for d in payloads(stop, "declared")] == ["chop", "slash", "pass", "pass"]
    assert [(r.actor, r.name) for r in stop.requests] == [("RAT", "attack"), ("VSE", "attack")]


def test_the_simultaneous_group_computes_both_outcomes_before_either_wound():
    rnd = (revealed(revealed(sealed(sealed(Round(), "RAT", rat_chop(), "a" * 32), "VSE", vse_cut(), "b" * 32),
                             "RAT", rat_chop(), "a" * 32), "VSE", vse_cut(), "b" * 32)
           .roll("RAT", "attack", [9, 9, 9, 9, 9]).roll("VSE", "attack", [8, 8, 8, 8, 2])
           .roll("RAT", "zone", [6, 4], dice="2d6-2").roll("RAT", "penetration", [6], sides=6)
           .roll("VSE", "zone", [3, 3], dice="2d6-2").roll("VSE", "penetration", [6], sides=6))
    stop = rnd.resolve(fight(holder="tie", distance="long"))
    first, second = payloads(stop, "clash")
    assert first["opposed"]["final"] == 5 and second["opposed"]["final"] == 4
    assert second["reduced"]["attack"] == 0  # RAT's wound does not shrink VSE's simultaneous roll
    assert [h["target"] for h in payloads(stop, "hit")] == ["VSE", "RAT"]
