"""§4.2.4–§4.2.5 jumps and falls: TXT-17..26 and SCN-2."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.warband import derive, falls, resolve
from replay.rulesets.warband import geometry as geo
from tests.warband.helpers import OPTIONS, Inputs, of_type, run, state, warrior


@pytest.mark.parametrize(("h", "mods", "turns", "wounds", "durability"), [
    (5, {}, 0, 0, 0), (8, {}, 0, 0, 0),                                                           # TXT-18
    (12, {"mdd": -2, "initiative": -1}, 1, 0, 0),                                                 # TXT-19
    (16, {"mdd": -2, "initiative": -1}, 2, 0, 0),                                                 # TXT-20
    (20, {"mdd": -4, "initiative": -2, "attack_strength": -2}, 2, 0, 0),                          # TXT-21
    (24, {"mdd": -4, "initiative": -2, "attack_strength": -2}, 2, 0, 0),
    (28, {"mdd": -6, "initiative": -3, "attack_strength": -4, "attacks": -1}, 2, 1, 1),           # TXT-22
    (32, {"mdd": -6, "initiative": -3, "attack_strength": -4, "attacks": -1}, 3, 1, 1),           # TXT-23
    (36, {"mdd": -8, "initiative": -4, "attack_strength": -6, "attacks": -2}, 3, 1, 2),           # TXT-24
    (40, {"mdd": -8, "initiative": -4, "attack_strength": -6, "attacks": -2}, 3, 2, 2),           # TXT-25
    (48, {"mdd": -10, "initiative": -5, "attack_strength": -8, "attacks": -3}, 4, 2, 3),          # TXT-26
])
def test_txt18_to_26_the_fall_formula(h, mods, turns, wounds, durability):
    f = falls.fall(h)
    assert (f.modifiers, f.turns, f.wounds, f.durability) == (mods, turns, wounds, durability)


def towers():
    # k1's centre on T2's edge, the landing point on T3's edge: an 8 cm gap at the same height
    return [{"id": "t2", "polygon": [[0, 0], [20.5, 0], [20.5, 40], [0, 40]], "height": 30},
            {"id": "t3", "polygon": [[27.5, 0], [48, 0], [48, 40], [27.5, 40]], "height": 30}]


def knight_on_t2(turn: int = 3):
    s = state(warrior("k1", "A", "knight", 20, 20, 0, items=["helmet", "small_shield", "armour", "short_weapon"]),
              terrain=towers(), turn=turn)
    return s.with_warrior(replace(s.warrior("k1"), z=30.0))


def test_txt17_a_jump_within_half_the_mdd_needs_no_roll():
    s = state(warrior("a1", "A", "infantryman", 10, 10, 0, items=["helmet", "small_shield", "armour"]))
    s = s.with_warrior(replace(s.warrior("a1"), effects=(replace_effect(),)))  # МДД 12
    assert derive.mdd(s.warrior("a1")) == 12
    order = {"moves": [{"w": "a1", "jump": [16, 10]}]}
    ctx, waiting = run(s, Inputs(2), lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None and of_type(ctx, "warband.jump")[0]["success"]
    order = {"moves": [{"w": "a1", "jump": [16.5, 10]}]}
    ctx, waiting = run(s, Inputs(2), lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting.requests[0].name == "move_roll"
    ctx, waiting = run(s, Inputs(2).roll("A", "move_roll", 4, warrior="a1"),
                       lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    (j,) = of_type(ctx, "warband.jump")
    assert (j["allowance"], j["success"]) == (8, True)


def replace_effect():
    from replay.rulesets.warband.model import Effect

    return Effect("gm", {"mdd": 3}, 9)


def test_scn2_a_failed_jump_falls_30_cm():
    order = {"moves": [{"w": "k1", "jump": [28, 20]}]}
    inputs = Inputs(3).roll("A", "move_roll", 3, warrior="k1").roll("A", "save_armour", 2, warrior="k1", fall=1)
    ctx, waiting = run(knight_on_t2(), inputs, lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    (j,) = of_type(ctx, "warband.jump")
    assert (j["distance"], j["allowance"], j["success"], j["fall_height"]) == (8.0, 7, False, 30)
    (f,) = of_type(ctx, "warband.fell")
    assert (f["level"], f["until"], f["wounds"], f["durability"]) == (3, 4, 1, 1)
    assert f["saves"] == [{"kind": "armour", "tn": 3, "die": 2, "saved": False}]
    k1 = ctx.state.warrior("k1")
    assert (k1.wounds, k1.z, k1.x) == (1, 0.0, pytest.approx(27))
    assert [(i.kind, i.durability) for i in k1.equipment] == [("helmet", 1), ("small_shield", 1), ("armour", 2),
                                                              ("short_weapon", None)]
    assert (derive.mdd(k1), derive.initiative(k1), derive.attack_strength(k1), derive.attacks(k1)) == (4, 1, 0, 0)
    assert derive.armour_save(k1) == 3


def test_scn2_the_gm_may_rule_the_fall_height_c33():
    order = {"moves": [{"w": "k1", "jump": [28, 20]}]}
    inputs = Inputs(3).roll("A", "move_roll", 3, warrior="k1")
    inputs._add("ruling", None, {"override": {"name": "fall_height", "key": {"warrior": "k1"}}, "value": 12})
    ctx, waiting = run(knight_on_t2(), inputs, lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    (f,) = of_type(ctx, "warband.fell")
    assert (f["height"], f["wounds"], f["modifiers"]) == (12, 0, {"mdd": -2, "initiative": -1})


@pytest.mark.parametrize(("h", "formula", "literal"), [(30, 2, 2), (32, 3, 3), (36, 3, 2), (40, 3, 3), (20, 2, 2)])
def test_a42_fall_mode_literal_keeps_the_rulebook_s_two_turns_between_32_and_40_cm(h, formula, literal):
    assert falls.fall(h).turns == formula and falls.fall(h, "literal").turns == literal
    assert falls.fall(h, "literal").modifiers == falls.fall(h).modifiers


def falling_into_a_fight():
    # SCN-2's failed jump comes down at (27, 20), between the towers: b1 (B) stands there, engaged with a2 (A)
    s = knight_on_t2()
    s = state(*[warrior(w.id, w.side, w.type, w.x, w.y, w.facing, items=[i.kind for i in w.equipment])
                for w in s.warriors],
              warrior("b1", "B", "infantryman", 25.5, 21, 90), warrior("a2", "A", "infantryman", 25.5, 23.5, 270),
              terrain=towers(), turn=3)
    s = s.with_warrior(replace(s.warrior("k1"), z=30.0))
    s = s.with_warrior(replace(s.warrior("b1"), engaged_with=("a2",)))
    return s.with_warrior(replace(s.warrior("a2"), engaged_with=("b1",)))


def test_a45_a_fall_into_an_engaged_fight_asks_the_roll_off_as_a_forum_roll():
    order = {"moves": [{"w": "k1", "jump": [28, 20]}]}
    ctx, waiting = run(falling_into_a_fight(), Inputs(3).roll("A", "move_roll", 3, warrior="k1"),
                       lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert sorted((r.actor, r.name, dict(r.key)["fall"], dict(r.key)["warrior"]) for r in waiting.requests) == [
        ("A", "engaged_rolloff", True, "k1"), ("B", "engaged_rolloff", True, "k1")]
    assert "roll-off for k1's fall into the fight (round 1)" in waiting.requests[0].what


@pytest.mark.parametrize(("a", "b", "victim"), [(2, 5, "a2"), (6, 1, "b1")])
def test_a45_the_lowest_roller_is_fallen_upon_unharmed_and_the_faller_is_placed_at_the_nearest_free_point(a, b,
                                                                                                        victim):
    order = {"moves": [{"w": "k1", "jump": [28, 20]}]}
    inputs = (Inputs(3).roll("A", "move_roll", 3, warrior="k1")
              .roll("A", "engaged_rolloff", a, warrior="k1", round=1, fall=True)
              .roll("B", "engaged_rolloff", b, warrior="k1", round=1, fall=True)
              .roll("A", "save_armour", 5, warrior="k1", fall=1))
    start = falling_into_a_fight()
    ctx, waiting = run(start, inputs, lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    (j,) = of_type(ctx, "warband.jump")
    assert (j["landed_on"], j["rolloff"], j["aimed"]) == (victim, {"A": [a], "B": [b]}, [27.0, 20.0])
    assert "A-45" in j["defaults"] and "A-58" in j["defaults"]
    k1 = ctx.state.warrior("k1")
    # the nearest free point: touching b1's base, on the ground (the towers' tops are 30 cm up), overlapping none
    assert k1.z == 0.0 and 20.5 < k1.x < 27.5
    for o in ctx.state.warriors:
        if o.id != "k1":
            assert geo.dist(k1.pos, o.pos) >= derive.radius(k1) + derive.radius(o) - geo.EPS, o.id
    assert geo.dist(k1.pos, (27, 20)) == pytest.approx(_nearest_free((27, 20), ctx.state, k1), abs=0.05)
    # no harm to the warrior fallen upon; the faller's own fall goes on as before (one wound of 30 cm, saved)
    assert ctx.state.warrior(victim).wounds == 0 and start.warrior(victim) == ctx.state.warrior(victim)
    (f,) = of_type(ctx, "warband.fell")
    assert (f["height"], f["wounds"]) == (30, 0)


def _nearest_free(at, state, k1):
    """Brute force: the distance of the nearest point on fine rings where k1's base overlaps none, on the ground."""
    import math

    from replay.rulesets.warband import space

    def free(p):
        return space.surface_at(state, p)[0] == 0 and all(
            geo.dist(p, o.pos) >= derive.radius(k1) + derive.radius(o) for o in state.warriors if o.id != "k1")

    for k in range(1, 200):
        rho = 0.025 * k
        if any(free((at[0] + rho * math.cos(math.radians(n / 2)), at[1] + rho * math.sin(math.radians(n / 2))))
               for n in range(720)):
            return rho
    raise AssertionError("no free point")


def test_a45_landing_on_a_warrior_no_fight_links_falls_on_it_without_a_roll():
    s = falling_into_a_fight()
    s = s.with_warrior(replace(s.warrior("b1"), engaged_with=()))
    s = s.with_warrior(replace(s.warrior("a2"), engaged_with=()))
    order = {"moves": [{"w": "k1", "jump": [28, 20]}]}
    inputs = Inputs(3).roll("A", "move_roll", 3, warrior="k1").roll("A", "save_armour", 5, warrior="k1", fall=1)
    ctx, waiting = run(s, inputs, lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    (j,) = of_type(ctx, "warband.jump")
    assert j["landed_on"] == "b1" and "rolloff" not in j and "A-58" not in j["defaults"]
    assert "falls on b1, who takes no harm unless the GM rules (A-45)" in j["why"][-1]


def test_a45_a_fall_on_open_ground_is_written_as_before():
    order = {"moves": [{"w": "k1", "jump": [28, 20]}]}
    inputs = Inputs(3).roll("A", "move_roll", 3, warrior="k1").roll("A", "save_armour", 2, warrior="k1", fall=1)
    ctx, _ = run(knight_on_t2(), inputs, lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    (j,) = of_type(ctx, "warband.jump")
    assert not {"landed_on", "rolloff", "aimed"} & set(j) and "A-45" not in j["defaults"]
