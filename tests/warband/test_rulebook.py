"""The spec's §8 test cases (TXT-nn) and §9 scenarios that this slice implements: given this state and these
orders and rolls, this happens."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.warband import check, derive, melee, model, resolve, space
from replay.rulesets.warband.model import Clock, Effect, WarbandOptions
from tests.warband.helpers import OPTIONS, Inputs, of_type, run, state, warrior

# --- §4.2.2 the movement roll -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("m", "die", "allowance"), [
    (15, 4, 11),  # TXT-01, the text's own example [L40]
    (15, 6, 15),  # TXT-02
    (10, 2, 6),   # TXT-03
    (20, 4, 14),  # TXT-04
    (26, 5, 22),  # TXT-05
    (6, 4, 4), (12, 3, 6), (18, 2, 6), (24, 5, 20), (30, 1, 5),  # TXT-06, multiples of 6
])
def test_txt01_to_06_rough_terrain_allowance(m, die, allowance):
    assert derive.rough_allowance(m, die)[0] == allowance


def test_txt06_tier_only_reading_differs_at_multiples_of_6():
    assert derive.rough_allowance(12, 3, "tier_only")[0] == 9
    assert derive.rough_allowance(18, 2, "tier_only")[0] == 10


def test_the_allowance_table_of_4_2_2():
    rows = {6: [1, 2, 3, 4, 5, 6], 10: [5, 6, 7, 8, 9, 10], 11: [6, 7, 8, 9, 10, 11], 12: [2, 4, 6, 8, 10, 12],
            13: [3, 5, 7, 9, 11, 13], 15: [5, 7, 9, 11, 13, 15], 18: [3, 6, 9, 12, 15, 18],
            19: [4, 7, 10, 13, 16, 19], 24: [4, 8, 12, 16, 20, 24], 26: [6, 10, 14, 18, 22, 26],
            30: [5, 10, 15, 20, 25, 30], 31: [6, 11, 16, 21, 26, 31]}
    for m, row in rows.items():
        assert [derive.rough_allowance(m, d)[0] for d in range(1, 7)] == row, m
    assert [derive.rough_allowance(31, d, "literal")[0] for d in range(1, 7)] == [11, 15, 19, 23, 27, 31]


def test_txt07_an_effect_on_mdd_changes_the_tier():
    s = state(warrior("a1", "A", "infantryman", 10, 10))
    w = replace(s.warrior("a1"), effects=(Effect("spell:mire", {"mdd": -4}, 2),))
    assert derive.mdd(w) == 11
    assert derive.rough_allowance(derive.mdd(w), 4)[0] == 9


# --- §2.4 characteristics -----------------------------------------------------------------------------------------

def test_txt08_protective_items_and_mounts_change_mdd():
    s = state(warrior("a", "A", "infantryman", 10, 10, items=["helmet", "small_shield"]),
              warrior("b", "A", "infantryman", 20, 10, items=["helmet", "small_shield"], mount="horse"),
              warrior("c", "A", "infantryman", 30, 10, items=["helmet", "small_shield"], mount="armoured_horse"))
    assert [derive.mdd(s.warrior(x)) for x in "abc"] == [11, 21, 17]


def test_txt09_only_protective_equipment_lowers_mdd():
    s = state(warrior("a", "A", "infantryman", 10, 10,
                      items=["helmet", "small_shield", "quiver", "bow", "short_weapon"]))
    assert derive.mdd(s.warrior("a")) == 11


def test_txt10_mammoth_charge_loses_1_cm_per_protective_item():
    s = state(warrior("a", "A", "infantryman", 10, 10, items=["helmet", "armour"], mount="mammoth"))
    assert (derive.mdd(s.warrior("a")), derive.charge_max(s.warrior("a"))) == (10, 12)


def test_txt29_sight_by_day_and_night():
    s = state(warrior("a", "A", "infantryman", 10, 10))
    w = s.warrior("a")
    assert (derive.sight(w, False), derive.sight(w, False, dispatcher=True)) == (30, 45)
    assert (derive.sight(w, True), derive.sight(w, True, dispatcher=True)) == (20, 35)
    assert (derive.inspect_range(False), derive.inspect_range(True)) == (15, 5)


def test_sample_armour_saves_of_6_3():
    s = state(warrior("a", "A", "infantryman", 10, 10, items=["helmet"]),
              warrior("b", "A", "infantryman", 20, 10, items=["helmet", "small_shield"]),
              warrior("c", "A", "infantryman", 30, 10, items=["helmet", "armour"]),
              warrior("d", "A", "infantryman", 40, 10, items=["helmet", "small_shield", "armour"]),
              warrior("e", "A", "infantryman", 50, 10))
    assert [derive.armour_save(s.warrior(x)) for x in "abcde"] == [6, 5, 4, 3, None]


# --- §2.9 day and night --------------------------------------------------------------------------------------------

def test_txt69_day_and_night_in_the_6_turn_cycle():
    clock = Clock(4, 2, "day")
    assert [t for t in range(1, 13) if not clock.is_night(t)] == [1, 2, 3, 4, 7, 8, 9, 10]
    assert [t for t in range(1, 13) if clock.is_night(t)] == [5, 6, 11, 12]


def test_night_first_swaps_the_cycle():
    assert [Clock(4, 2, "night").is_night(t) for t in range(1, 7)] == [True, True, False, False, False, False]


# --- §4.7 and §3.3 --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "items", "mount"), [
    ("king", ["helmet"], None), ("archer", ["large_shield"], None), ("archer", ["quiver", "armour"], None),
    ("mage", ["helmet", "small_shield", "armour"], None), ("archer", ["helmet", "small_shield"], "horse")])
def test_txt67_forbidden_equipment_is_rejected(kind, items, mount):
    assert model.equipment_problems(kind, items, mount)


def test_txt68_deployment_depth_20_cm_from_the_home_edge():
    s = state(warrior("a1", "A", "infantryman", 0, 0), warrior("b1", "B", "infantryman", 50, 80))
    s = s.with_warrior(replace(s.warrior("a1"), deployed=False))
    ok = {"stage": "deployment", "place": [{"w": "a1", "x": 10, "y": 18.75}]}
    far = {"stage": "deployment", "place": [{"w": "a1", "x": 10, "y": 19.15}]}
    assert check.deployment_problems(s, "A", ok) == []
    (problem,) = check.deployment_problems(s, "A", far)
    assert "20.4 cm from edge S" in problem and "at most 20" in problem


def test_tactics_relaxes_the_deployment_depth():
    s = state(warrior("a1", "A", "infantryman", 0, 0))
    s = s.with_side(replace(s.side("A"), abilities=("tactics",)))
    assert check.deployment_problems(s, "A", {"stage": "deployment", "place": [{"w": "a1", "x": 10, "y": 25}]}) == []


# --- §4.3 shooting ----------------------------------------------------------------------------------------------------

def shooter_and_target(distance: float, *, items: list[str] | None = None, terrain=None, target_items=None):
    # foot shooter at (10, 10); the target's near edge `distance` cm from the shooter's toes, due north
    return state(warrior("a1", "A", "archer", 10, 10, items=items or ["bow"]),
                 warrior("b1", "B", "infantryman", 10, 10 + 1.25 + distance + 1.25, 270, items=target_items or []),
                 terrain=terrain)


@pytest.mark.parametrize(("d", "tn"), [(10.0, 3), (10.5, 5), (20.0, 5), (20.1, None)])
def test_txt31_bow_to_wound_by_range(d, tn):
    s = shooter_and_target(d)
    inputs = Inputs(2).roll("A", "to_wound", 1, warrior="a1")
    ctx, waiting = run(s, inputs, lambda ctx: resolve.shoot(ctx, "a1", "b1", OPTIONS))
    (shot,) = of_type(ctx, "warband.shot")
    assert shot["distance"] == pytest.approx(d)
    assert shot["tn"] == tn and shot["taken"] == (tn is not None)
    assert ctx.state.warrior("a1").shots_used == (1 if tn else 0)


@pytest.mark.parametrize(("d", "tn"), [(5.0, 3), (8.0, 5)])
def test_txt32_spear_to_wound_by_range(d, tn):
    s = shooter_and_target(d, items=["spear"])
    ctx, _ = run(s, Inputs(2).roll("A", "to_wound", 1, warrior="a1"),
                 lambda ctx: resolve.shoot(ctx, "a1", "b1", OPTIONS))
    assert of_type(ctx, "warband.shot")[0]["tn"] == tn


def test_txt30_a_target_beyond_sight_cannot_be_shot():
    s = shooter_and_target(40.0)
    (problem,) = check.shot_problems(s, s.warrior("a1"), s.warrior("b1"))
    assert "beyond a1's sight of 30 cm" in problem


def test_txt33_twelve_shots_a_game_without_a_quiver():
    s = shooter_and_target(5.0)
    s = s.with_warrior(replace(s.warrior("a1"), shots_used=12))
    assert any("12 of 12" in p for p in check.shot_problems(s, s.warrior("a1"), s.warrior("b1")))
    s = s.with_warrior(replace(s.warrior("a1"), equipment=s.warrior("a1").equipment + (model.Item("quiver"),)))
    assert check.shot_problems(s, s.warrior("a1"), s.warrior("b1")) == []


def wall(y0: float, pct: float | None = None, height: float = 0.0):
    return [{"id": "w1", "polygon": [[0, y0], [30, y0], [30, y0 + 1], [0, y0 + 1]], "height": height,
             "cover_pct": pct}]


@pytest.mark.parametrize(("pct", "save"), [(25, 6), (50, 5), (75, 4)])
def test_txt34_cover_saves_by_coverage(pct, save):
    # the shooter's toes at y 11.25, the wall 3 cm from its base
    s = shooter_and_target(10.0, terrain=wall(14.25, pct))
    inputs = Inputs(2).roll("A", "to_wound", 6, warrior="a1").roll("B", "save_cover", 1, warrior="b1", by="a1")
    ctx, _ = run(s, inputs, lambda ctx: resolve.shoot(ctx, "a1", "b1", OPTIONS))
    (shot,) = of_type(ctx, "warband.shot")
    assert shot["saves"] == [{"kind": "cover", "tn": save, "die": 1, "saved": False}]
    assert shot["wounded"] and shot["removed"]


@pytest.mark.parametrize(("gap_cm", "cover"), [(0.8, False), (1.0, False), (1.5, True)])
def test_txt35_a_shooter_in_contact_with_the_wall_gives_no_cover(gap_cm, cover):
    s = shooter_and_target(10.0, terrain=wall(11.25 + gap_cm, 50))
    assert (space.coverage(s, s.warrior("a1"), s.warrior("b1"))[0] == 50) == cover


def test_txt36_two_covers_give_one_save_the_best():
    terrain = [*wall(14.25, 50), {"id": "w2", "polygon": [[0, 17], [30, 17], [30, 18], [0, 18]], "cover_pct": 25}]
    s = shooter_and_target(10.0, terrain=terrain)
    assert space.coverage(s, s.warrior("a1"), s.warrior("b1"))[:2] == (50, "w1")


def test_cover_from_a_piece_s_height_is_capped_at_75_percent():
    s = shooter_and_target(10.0, terrain=wall(14.25, None, height=2.4))
    assert space.coverage(s, s.warrior("a1"), s.warrior("b1"))[0] == pytest.approx(75)
    s = shooter_and_target(10.0, terrain=wall(14.25, None, height=1.5))
    assert space.coverage(s, s.warrior("a1"), s.warrior("b1"))[0] == pytest.approx(50)


def test_a_wall_higher_than_both_models_blocks_sight():
    s = shooter_and_target(10.0, terrain=wall(14.25, None, height=3.0))
    assert not space.los(s, s.warrior("a1"), s.warrior("b1"))
    assert any("no line of sight" in p for p in check.shot_problems(s, s.warrior("a1"), s.warrior("b1")))


def test_the_gm_may_rule_the_coverage_c16():
    s = shooter_and_target(10.0)
    inputs = Inputs(2).roll("A", "to_wound", 6, warrior="a1").roll("B", "save_cover", 4, warrior="b1", by="a1")
    inputs._add("ruling", None, {"override": {"name": "coverage", "key": {"shooter": "a1", "target": "b1"}},
                                 "value": 75})
    ctx, _ = run(s, inputs, lambda ctx: resolve.shoot(ctx, "a1", "b1", OPTIONS))
    (shot,) = of_type(ctx, "warband.shot")
    assert shot["coverage"] == 75 and shot["saves"][0]["saved"] and not shot["wounded"]


# --- §4.4 melee -------------------------------------------------------------------------------------------------------

def charge_state(gap_after: float, *, items: list[str]):
    # charger at (10, 10) facing north; the target due north; the planned path ends `gap_after` cm from it
    return state(warrior("a1", "A", "infantryman", 10, 10, items=items),
                 warrior("b1", "B", "infantryman", 10, 22, 270, items=["short_weapon"]))


def fight_with_charge(end_y: float) -> dict:
    return {"attackers": [], "targets": ["b1"], "charges": [{"w": "a1", "target": "b1", "path": [[10, end_y]]}]}


@pytest.mark.parametrize(("gap_after", "legal"), [(2.0, True), (2.5, False), (0.5, False)])
def test_txt50_a_short_weapon_charge_ends_1_to_2_cm_away(gap_after, legal):
    s = charge_state(gap_after, items=["short_weapon"])
    problems = melee.fight_problems(s, "A", fight_with_charge(22 - 2.5 - gap_after), OPTIONS)
    assert (problems == []) == legal, problems


def test_txt51_a_long_weapon_charge_may_end_3_cm_away():
    s = charge_state(3.0, items=["long_weapon"])
    assert melee.fight_problems(s, "A", fight_with_charge(22 - 2.5 - 3.0), OPTIONS) == []


def test_txt53_one_enemy_is_attacked_once_per_side_per_stage():
    s = charge_state(2.0, items=["short_weapon"])
    s = s.with_warrior(replace(s.warrior("b1"), attacked_by=("A",)))
    assert any("L206" in p for p in melee.fight_problems(s, "A", fight_with_charge(17.5), OPTIONS))


def test_txt54_five_charges_a_stage():
    s = charge_state(2.0, items=["short_weapon"])
    s = s.with_side(replace(s.side("A"), charges_used=5))
    assert any("at most 5" in p for p in melee.fight_problems(s, "A", fight_with_charge(17.5), OPTIONS))


def duel_state():
    return state(warrior("a1", "A", "knight", 10, 10, 90, items=["short_weapon"]),
                 warrior("a2", "A", "infantryman", 13, 10, 90, items=["short_weapon"]),
                 warrior("b1", "B", "infantryman", 10, 14, 270, items=["short_weapon"]),
                 warrior("b2", "B", "infantryman", 13, 14, 270, items=["short_weapon"]), stage="melee")


FIGHT = {"stage": "melee", "fights": [{"attackers": ["a1", "a2"], "charges": [], "targets": ["b1", "b2"]}]}


def test_txt55_the_side_that_rolls_higher_wins_with_equal_initiative():
    s = state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("a2", "A", "infantryman", 13, 10, 90),
              warrior("b1", "B", "infantryman", 10, 14, 270), warrior("b2", "B", "infantryman", 13, 14, 270))
    inputs = Inputs(2).roll("A", "initiative", 5, fight="2.1").roll("B", "initiative", 2, fight="2.1")
    ctx, _ = run(s, inputs, lambda ctx: melee.melee(ctx, "A", FIGHT, OPTIONS))
    assert of_type(ctx, "warband.initiative")[0]["winners"] == ["a1", "a2"]


def test_txt56_only_the_hero_wins_thanks_to_his_initiative():
    s = duel_state()
    s = s.with_warrior(replace(s.warrior("a1"), effects=(Effect("gm", {"initiative": 1}, 9),)))  # initiative 5
    inputs = Inputs(2).roll("A", "initiative", 3, fight="2.1").roll("B", "initiative", 4, fight="2.1")
    ctx, _ = run(s, inputs, lambda ctx: melee.melee(ctx, "A", FIGHT, OPTIONS))
    ini = of_type(ctx, "warband.initiative")[0]
    assert ini["scores"] == {"a1": 8, "a2": 6, "b1": 7, "b2": 7} and ini["winners"] == ["a1"]


def test_txt57_a_duel_winner_who_kills_takes_no_retaliation():
    s = state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("b1", "B", "infantryman", 10, 14, 270))
    order = {"stage": "melee", "fights": [{"attackers": ["a1"], "charges": [], "targets": ["b1"]}]}
    inputs = (Inputs(2).roll("A", "initiative", 6, fight="2.1").roll("B", "initiative", 1, fight="2.1")
              .roll("A", "to_wound", 5, 1, fight="2.1", warrior="a1", vs="infantryman")
              .choice("A", "disengage", "stay", fight="2.1"))
    ctx, waiting = run(s, inputs, lambda ctx: melee.melee(ctx, "A", order, OPTIONS))
    assert waiting is None
    assert [a["side"] for a in of_type(ctx, "warband.attacks")] == ["A"]
    assert of_type(ctx, "warband.participants")[0]["kind"] == "duel"
    assert ctx.state.warrior("b1").status == "removed"


def test_txt58_an_ogre_takes_no_more_wounds_than_its_health_and_the_rest_are_lost():
    s = state(warrior("a1", "A", "ogre", 10, 10, 90), warrior("b1", "B", "ogre", 10, 14.5, 270))
    s = s.with_warrior(replace(s.warrior("a1"), wounds=1))
    order = {"stage": "melee", "fights": [{"attackers": ["b1"], "charges": [], "targets": ["a1"]}]}
    inputs = (Inputs(2).roll("A", "initiative", 1, fight="2.1").roll("B", "initiative", 6, fight="2.1")
              .roll("B", "to_wound", 6, 6, 6, 6, fight="2.1", warrior="b1", vs="ogre")
              .choice("B", "disengage", "stay", fight="2.1"))
    ctx, waiting = run(s, inputs, lambda ctx: melee.melee(ctx, "B", order, OPTIONS))
    assert waiting is None
    wounds = of_type(ctx, "warband.wound")
    assert [(w["warrior"], w["wounded"], w["removed"]) for w in wounds] == [
        ("a1", True, False), ("a1", True, True), (None, False, False), (None, False, False)]
    assert ctx.state.warrior("a1").wounds == 3 and ctx.state.warrior("a1").status == "removed"


def test_txt62_attacked_and_attacking_in_one_turn_engages():
    s = state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("b1", "B", "infantryman", 10, 14, 270))
    s = s.with_warrior(replace(s.warrior("a1"), initiated_turns=(2,), fought_turns=(2,)))
    order = {"stage": "melee", "fights": [{"attackers": ["b1"], "charges": [], "targets": ["a1"]}]}
    inputs = (Inputs(2).roll("A", "initiative", 3, fight="2.1").roll("B", "initiative", 3, fight="2.1")
              .roll("A", "to_wound", 1, fight="2.1", warrior="a1", vs="infantryman")
              .roll("B", "to_wound", 1, fight="2.1", warrior="b1", vs="infantryman"))
    ctx, waiting = run(s, inputs, lambda ctx: melee.melee(ctx, "B", order, OPTIONS))
    assert waiting is None
    assert ctx.state.warrior("a1").engaged_with == ("b1",)
    assert ctx.state.warrior("b1").engaged_with == ()


def test_txt63_fighting_two_turns_running_engages():
    s = state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("b1", "B", "infantryman", 10, 14, 270),
              turn=4)
    s = s.with_warrior(replace(s.warrior("a1"), fought_turns=(3,)))
    order = {"stage": "melee", "fights": [{"attackers": ["b1"], "charges": [], "targets": ["a1"]}]}
    inputs = (Inputs(4).roll("A", "initiative", 3, fight="4.1").roll("B", "initiative", 3, fight="4.1")
              .roll("A", "to_wound", 1, fight="4.1", warrior="a1", vs="infantryman")
              .roll("B", "to_wound", 1, fight="4.1", warrior="b1", vs="infantryman"))
    ctx, _ = run(s, inputs, lambda ctx: melee.melee(ctx, "B", order, OPTIONS))
    assert ctx.state.warrior("a1").engaged_with == ("b1",)


def test_scn1_a_charge_through_rough_terrain_short_of_the_needed_length_fails():
    terrain = [{"id": "t1", "polygon": [[40, 30], [60, 30], [60, 45], [40, 45]], "rough": True}]
    s = state(warrior("a1", "A", "infantryman", 50, 25.0, 90, items=["short_weapon"]),
              warrior("b1", "B", "infantryman", 50, 37.5, 270, items=["short_weapon"]), terrain=terrain, turn=3)
    order = {"stage": "melee", "fights": [fight_with_charge_at("a1", "b1", [50, 33.5])]}
    assert melee.fight_problems(s, "A", order["fights"][0], OPTIONS) == []
    ctx, _ = run(s, Inputs(3).roll("A", "charge_roll", 2, fight="3.1", warrior="a1"),
                 lambda ctx: melee.melee(ctx, "A", order, OPTIONS))
    (c,) = of_type(ctx, "warband.charge")
    assert (c["die"], c["allowance"], c["success"]) == (2, 7, False)
    assert ctx.state.warrior("a1").pos == (50, 25.0) and ctx.state.side("A").charges_used == 1
    ctx, _ = run(s, Inputs(3).roll("A", "charge_roll", 3, fight="3.1", warrior="a1")
                 .choice("B", "pivot", "yes", fight="3.1", warrior="b1"),
                 lambda ctx: melee.melee(ctx, "A", order, OPTIONS))
    (c,) = of_type(ctx, "warband.charge")
    assert (c["allowance"], c["success"], c["initiative_penalty"]) == (9, True, 1)
    assert c["end_gap"] == pytest.approx(1.5)


def fight_with_charge_at(charger: str, target: str, end: list[float]) -> dict:
    return {"attackers": [], "targets": [target], "charges": [{"w": charger, "target": target, "path": [end]}]}


def test_scn1_the_roll_binds_the_whole_move():
    terrain = [{"id": "t1", "polygon": [[40, 30], [60, 30], [60, 45], [40, 45]], "rough": True}]
    s = state(warrior("a1", "A", "infantryman", 50, 25.0, 90), terrain=terrain)
    w = s.warrior("a1")
    (problem,) = check.move_problems(s, w, {"path": [[50, 33.5]]}, OPTIONS)
    assert "needs the movement roll" in problem
    w = replace(w, allowance=9.0)
    s = s.with_warrior(w)
    assert check.move_problems(s, w, {"path": [[50, 33.5]]}, OPTIONS) == []
    assert "9.50 cm > 9 cm" in check.move_problems(s, w, {"path": [[50, 34.5]]}, OPTIONS)[0]
    assert "12.00 cm > 9 cm" in check.move_problems(s, w, {"path": [[38, 25]]}, OPTIONS)[0]


def test_casualties_strike_back_option_is_a_81():
    assert WarbandOptions().casualties_strike_back is True


def engaged_pair():
    s = state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("b1", "B", "infantryman", 10, 14, 270),
              warrior("b2", "B", "infantryman", 14, 14, 270))
    return s.with_warrior(replace(s.warrior("a1"), engaged_with=("b1",)))


def test_txt65_an_engaged_warrior_may_not_move_out_of_reach():
    s = engaged_pair()
    (problem,) = check.move_problems(s, s.warrior("a1"), {"path": [[10, 5]]}, OPTIONS)
    assert "out of reach of all of them" in problem


def test_an_engaged_warrior_may_move_to_strike_more_enemies():
    s = engaged_pair()
    assert check.move_problems(s, s.warrior("a1"), {"path": [[12, 10.5]], "facing": 90}, OPTIONS) == []
    assert any("strike more enemies" in p
               for p in check.move_problems(s, s.warrior("a1"), {"path": [[9.5, 10]], "facing": 90}, OPTIONS))


def test_engagement_ends_when_no_enemy_is_within_reach_at_the_end_of_a_stage():
    s = engaged_pair()
    s = s.with_warrior(replace(s.warrior("b1"), x=40, y=40)).with_warrior(replace(s.warrior("b2"), x=50, y=40))
    ctx, _ = run(s, Inputs(2), lambda ctx: resolve.engagement_cleanup(ctx, OPTIONS))
    assert of_type(ctx, "warband.engagement_ended")[0]["warriors"] == ["a1"]
    assert ctx.state.warrior("a1").engaged_with == ()


def fight_in_range():
    s = state(warrior("a5", "A", "archer", 10, 10, 90, items=["bow"]), warrior("a1", "A", "infantryman", 10, 24, 90),
              warrior("b1", "B", "infantryman", 10, 27.5, 270))
    s = s.with_warrior(replace(s.warrior("a1"), engaged_with=("b1",)))
    return s.with_warrior(replace(s.warrior("b1"), engaged_with=("a1",)))


def test_shooting_into_an_engaged_fight_the_lowest_roller_is_hit():
    inputs = (Inputs(2).roll("A", "engaged_rolloff", 3, warrior="a5", round=1)
              .roll("B", "engaged_rolloff", 3, warrior="a5", round=1)
              .roll("A", "engaged_rolloff", 2, warrior="a5", round=2)
              .roll("B", "engaged_rolloff", 5, warrior="a5", round=2)
              .roll("A", "to_wound", 6, warrior="a5"))
    ctx, waiting = run(fight_in_range(), inputs, lambda ctx: resolve.shoot(ctx, "a5", "b1", OPTIONS))
    assert waiting is None
    (shot,) = of_type(ctx, "warband.shot")
    assert (shot["declared"], shot["target"], shot["rolloff"]) == ("b1", "a1", {"A": [3, 2], "B": [3, 5]})
    assert (shot["tn"], shot["wounded"], shot["removed"]) == (5, True, True)
    assert ctx.state.warrior("a1").status == "removed" and ctx.state.warrior("a5").xp == 0


def test_shooting_into_an_engaged_fight_the_declared_target_is_hit_when_its_side_rolls_lowest():
    inputs = (Inputs(2).roll("A", "engaged_rolloff", 6, warrior="a5", round=1)
              .roll("B", "engaged_rolloff", 1, warrior="a5", round=1).roll("A", "to_wound", 1, warrior="a5"))
    ctx, _ = run(fight_in_range(), inputs, lambda ctx: resolve.shoot(ctx, "a5", "b1", OPTIONS))
    (shot,) = of_type(ctx, "warband.shot")
    assert shot["target"] == "b1" and not shot["hit"] and ctx.state.warrior("a5").shots_used == 1


def test_txt66_the_winner_disengages_up_to_the_rolled_allowance_terrain_ignored():
    terrain = [{"id": "t1", "polygon": [[0, 0], [9, 0], [9, 20], [0, 20]], "rough": True}]
    s = state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("b1", "B", "infantryman", 10, 14, 270),
              terrain=terrain)
    order = {"stage": "melee", "fights": [{"attackers": ["a1"], "charges": [], "targets": ["b1"]}]}

    def inputs(path):
        return (Inputs(2).roll("A", "initiative", 1, fight="2.1").roll("B", "initiative", 1, fight="2.1")
                .roll("A", "to_wound", 6, fight="2.1", warrior="a1", vs="infantryman")
                .roll("B", "to_wound", 1, fight="2.1", warrior="b1", vs="infantryman")
                .choice("A", "disengage", "roll", fight="2.1").roll("A", "disengage", 4, fight="2.1")
                .choice("A", "disengage_path", {"path": path, "facing": 180}, fight="2.1", warrior="a1"))

    ctx, waiting = run(s, inputs([[10, 4], [5, 4]]), lambda ctx: melee.melee(ctx, "A", order, OPTIONS))
    assert waiting is None
    (moved,) = of_type(ctx, "warband.moved")
    assert (moved["allowance"], moved["length"], moved["path"][-1]) == (11, 11, [5, 4])
    from replay.context import MissingInput

    with pytest.raises(MissingInput, match="15.00 cm > 11 cm"):
        run(s, inputs([[10, 4], [5, 4], [5, 8]]), lambda ctx: melee.melee(ctx, "A", order, OPTIONS))


def test_night_shortens_the_sight_for_shooting():
    # the bases' gap is 21 cm: seen by day (30 cm), not at night (20 cm, L120); turn 4 is day, turn 5 night
    s = shooter_and_target(21.0)
    day, night = replace(s, turn=4), replace(s, turn=5)
    assert not day.night() and night.night()
    assert check.shot_problems(day, day.warrior("a1"), day.warrior("b1")) == []
    assert any("sight of 20 cm (night" in p for p in check.shot_problems(night, night.warrior("a1"),
                                                                            night.warrior("b1")))


def test_a50_a_close_look_within_15_cm_shows_the_target_s_kit_to_the_inspecting_side_only():
    from replay.rulesets.warband import check

    s = state(warrior("a1", "A", "infantryman", 10, 10), warrior("b1", "B", "knight", 10, 22, 270,
                                                                  items=["helmet", "long_weapon"]), stage="ranged")
    order = {"stage": "ranged", "inspects": [{"w": "a1", "target": "b1"}]}
    assert check.ranged_problems(s, "A", order) == []
    ctx, waiting = run(s, Inputs(2), lambda ctx: resolve.ranged(ctx, "A", order, OPTIONS))
    assert waiting is None
    (d,) = [d for d in ctx.drafts if d.type == "warband.inspected"]
    assert d.payload["equipment"] == ["helmet", "long_weapon"] and d.visible == ("A",)
    night = replace(s, turn=5)
    assert check.inspect_problems(night, "A", order["inspects"][0]) == [
        "§4.3.1: a1 looks closely only within 5 cm with line of sight; b1 is 9.5 cm away (A-50)"]


def test_the_melee_stage_opens_with_who_is_at_what_distance_from_the_enemies():
    s = state(warrior("a1", "A", "infantryman", 10, 10), warrior("b1", "B", "infantryman", 10, 20, 270),
              warrior("b2", "B", "infantryman", 10, 40, 270), stage="melee")
    # a1: reach 2 + charge 15 = 17 cm; b1 is 7.5 cm away edge to edge, b2 27.5
    assert resolve.melee_gaps(s, "A") == [("a1", "b1", 7.5)]


@pytest.mark.parametrize(("piece_y", "kind", "penalty"), [
    ((30, 45), "rough", 1),   # the charge ends in rough terrain
    ((20, 28), "rough", 1),   # it starts in rough terrain
    ((20, 28), "water", 1),   # it starts in water
    ((30, 45), "water", 0),   # it ends in water: no penalty
])
def test_txt52_charge_initiative_penalties_by_where_it_starts_and_ends(piece_y, kind, penalty):
    y0, y1 = piece_y
    terrain = [{"id": "t1", "polygon": [[40, y0], [60, y0], [60, y1], [40, y1]], kind: True}]
    s = state(warrior("a1", "A", "infantryman", 50, 25.0, 90, items=["short_weapon"]),
              warrior("b1", "B", "infantryman", 50, 37.5, 270, items=["short_weapon"]), terrain=terrain, turn=3)
    order = {"stage": "melee", "fights": [fight_with_charge_at("a1", "b1", [50, 33.5])]}
    ctx, _ = run(s, Inputs(3).roll("A", "charge_roll", 6, fight="3.1", warrior="a1")
                 .choice("B", "pivot", "yes", fight="3.1", warrior="b1"),
                 lambda ctx: melee.melee(ctx, "A", order, OPTIONS))
    (c,) = of_type(ctx, "warband.charge")
    assert c["success"] and c["initiative_penalty"] == penalty


def test_txt64_attacking_an_enemy_already_engaged_engages_the_attacker():
    s = state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("b1", "B", "infantryman", 10, 14, 270),
              warrior("a2", "A", "infantryman", 60, 60, 90))
    s = s.with_warrior(replace(s.warrior("b1"), engaged_with=("a2",)))
    s = s.with_warrior(replace(s.warrior("a2"), engaged_with=("b1",)))
    order = {"stage": "melee", "fights": [{"attackers": ["a1"], "charges": [], "targets": ["b1"]}]}
    inputs = (Inputs(2).roll("A", "initiative", 3, fight="2.1").roll("B", "initiative", 3, fight="2.1")
              .roll("A", "to_wound", 1, fight="2.1", warrior="a1", vs="infantryman")
              .roll("B", "to_wound", 1, fight="2.1", warrior="b1", vs="infantryman"))
    ctx, waiting = run(s, inputs, lambda ctx: melee.melee(ctx, "A", order, OPTIONS))
    assert waiting is None
    assert "b1" in ctx.state.warrior("a1").engaged_with
