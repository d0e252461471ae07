"""§4.3.5 siege guns: SCN-4 and TXT-37..39, 42, 70."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.warband import guns, resolve
from replay.rulesets.warband.model import Gun
from tests.warband.helpers import OPTIONS, Inputs, of_type, run, state, warrior


def scn4():
    # the gun's footprint: 4 × 6 cm centred at (50, 15), facing north (its long axis north-south)
    s = state(warrior("d1", "A", "infantryman", 53.25 + 0.5 - 0.0, 15, 90, items=["helmet"]),
              warrior("x2", "A", "archer", 50, 18 + 1.5 + 1.25, 90),
              warrior("y2", "A", "infantryman", 50, 12 - 3.0 - 1.25, 90),
              warrior("z2", "B", "infantryman", 52 + 1.8 + 1.25, 17, 270, items=["helmet", "small_shield"]),
              warrior("o1", "B", "ogre", 50, 18 + 35, 270), turn=4, stage="ranged")
    s = replace(s, guns=(Gun("g1", "A", "d1", 50, 15, 90, (50, 15, 90), True),))
    s = s.with_warrior(replace(s.warrior("d1"), x=52 + 0.5 + 1.25))
    return s.with_side(replace(s.side("A"), gun_shots_used=3))


ORDER = {"stage": "ranged", "guns": [{"g": "g1", "aim": "o1"}]}


def fire(s, inputs):
    return run(s, inputs, lambda ctx: resolve.ranged(ctx, "A", ORDER, OPTIONS))


def scn4_inputs(die: int) -> Inputs:
    inputs = Inputs(4).roll("A", "gun_burst", die, gun="g1")
    inputs.choice(None, "gun_impact", {"hits": [{"w": "o1", "knocked_down": True}]}, gun="g1")
    return (inputs.roll("A", "save_armour", 5, warrior="d1", gun="g1", burst=True)
            .roll("A", "save_burst", 3, warrior="x2", gun="g1", burst=True)
            .roll("B", "save_armour", 4, warrior="z2", gun="g1", burst=True))


def test_scn4_geometry():
    s = scn4()
    gaps = {w: round(guns.gap_to_gun(s.warrior(w), s.gun("g1")), 3) for w in ("d1", "x2", "y2", "z2")}
    assert gaps == {"d1": 0.5, "x2": 1.5, "y2": 3.0, "z2": 1.8}
    assert guns.gun_problems(s, "A", ORDER["guns"][0]) == []


def test_scn4_a_burst_on_5():
    ctx, waiting = fire(scn4(), scn4_inputs(5))
    assert waiting is None
    (g,) = of_type(ctx, "warband.gun_fired")
    assert (g["fired"], g["destroyed"], g["shots_used"]) == (True, True, 4)
    assert [(b["warrior"], b["saves"][0]["tn"], b["wounded"]) for b in g["bursts"]] == [
        ("d1", 5, False), ("x2", 6, True), ("z2", 4, False)]
    s = ctx.state
    assert s.warrior("o1").wounds == 1 and s.warrior("x2").status == "removed" and s.warrior("y2").wounds == 0
    assert s.gun("g1").status == "destroyed" and s.side("A").gun_shots_used == 4
    assert s.warrior("d1").xp == 0


def test_txt37_burst_4_fires_and_destroys_6_does_not_fire():
    inputs = Inputs(4).roll("A", "gun_burst", 4, gun="g1").choice(None, "gun_impact", {"hits": []}, gun="g1")
    ctx, waiting = fire(scn4(), inputs)
    (g,) = of_type(ctx, "warband.gun_fired")
    assert (g["fired"], g["destroyed"], g["bursts"], g["shots_used"]) == (True, True, [], 4)
    ctx, waiting = fire(scn4(), scn4_inputs(6))
    (g,) = of_type(ctx, "warband.gun_fired")
    assert (g["fired"], g["destroyed"], g["shots_used"], len(g["bursts"])) == (False, True, 3, 3)
    inputs = Inputs(4).roll("A", "gun_burst", 2, gun="g1").choice(None, "gun_impact", {"hits": []}, gun="g1")
    ctx, _ = fire(scn4(), inputs)
    assert ctx.state.gun("g1").status == "active"


def test_txt38_eight_gun_shots_a_side_a_game():
    s = scn4()
    s = s.with_side(replace(s.side("A"), gun_shots_used=8))
    assert any("8 gun shots" in p for p in guns.gun_problems(s, "A", ORDER["guns"][0]))


def test_txt39_a_dispatcher_who_moved_or_fought_last_turn_does_not_fire():
    s = scn4()
    moved = s.with_warrior(replace(s.warrior("d1"), moved=True))
    assert any("moved this turn" in p for p in guns.gun_problems(moved, "A", ORDER["guns"][0]))
    fought = s.with_warrior(replace(s.warrior("d1"), fought_turns=(3,)))
    assert any("fought in melee last turn" in p for p in guns.gun_problems(fought, "A", ORDER["guns"][0]))


def test_txt42_only_the_first_enemy_knocked_down_loses_its_saves():
    s = scn4()
    s = s.with_warrior(replace(s.warrior("z2"), x=50, y=40))
    inputs = Inputs(4).roll("A", "gun_burst", 1, gun="g1").choice(
        None, "gun_impact", {"hits": [{"w": "o1", "knocked_down": True}, {"w": "z2", "knocked_down": True}]},
        gun="g1").roll("B", "save_armour", 5, warrior="z2", gun="g1")
    ctx, waiting = fire(s, inputs)
    assert waiting is None
    (g,) = of_type(ctx, "warband.gun_fired")
    assert [(i["warrior"], i["bare"], len(i["saves"]), i["wounded"]) for i in g["impacts"]] == [
        ("o1", True, 0, True), ("z2", False, 1, False)]


@pytest.mark.parametrize(("bearing", "ok", "tolerance"), [(65, True, False), (80, True, True), (95, False, None)])
def test_txt70_the_gun_s_arc(bearing, ok, tolerance):
    import math

    s = scn4()
    a = math.radians(90 - bearing)
    s = s.with_warrior(replace(s.warrior("o1"), x=50 + 20 * math.cos(a), y=15 + 20 * math.sin(a)))
    problems = guns.gun_problems(s, "A", ORDER["guns"][0])
    assert (problems == []) == ok, problems
    if ok:
        inputs = Inputs(4).roll("A", "gun_burst", 1, gun="g1").choice(None, "gun_impact", {"hits": []}, gun="g1")
        ctx, _ = fire(s, inputs)
        assert of_type(ctx, "warband.gun_fired")[0]["tolerance"] == tolerance


def test_a_gun_rotates_only_with_an_enemy_point_blank_at_its_side():
    s = scn4()
    order = {"g": "g1", "facing": 20}
    assert any("point-blank" in p for p in guns.rotation_problems(s, "A", order))
    flank = s.with_warrior(replace(s.warrior("z2"), x=52 + 0.5 + 1.25, y=13))  # 0.5 cm off the east side
    assert guns.rotation_problems(flank, "A", order) == []
    assert any("at most 70°" in p for p in guns.rotation_problems(flank, "A", {"g": "g1", "facing": 0}))
    ctx, waiting = run(flank, Inputs(4), lambda ctx: resolve.ranged(ctx, "A", {"rotations": [order]}, OPTIONS))
    assert waiting is None and ctx.state.gun("g1").facing == 20
    later = replace(ctx.state, turn=5)
    assert any("rotated last turn" in p for p in guns.rotation_problems(later, "A", {"g": "g1", "facing": 60}))
