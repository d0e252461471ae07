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


# --- §4.2.12 displacement, §4.3.7 sabotage, §4.3.8 capture, small-arms hits ------------------------------------

def siege(turn: int = 4, stage: str = "movement"):
    # g1 (A) 4 × 6 cm at (50, 15) facing north; its dispatcher d1 in contact on its east side; b5 (B) in contact on
    # its west side, b6 (B) an archer 12 cm south
    s = state(warrior("d1", "A", "infantryman", 53.75, 15, 90), warrior("b5", "B", "infantryman", 46.25, 15, 0),
              warrior("b6", "B", "archer", 50, 2, 90, items=["bow"]), warrior("b7", "B", "infantryman", 46.25, 19, 0),
              turn=turn, stage=stage)
    return replace(s, guns=(Gun("g1", "A", "d1", 50, 15, 90, (50, 15, 90), True),))


def test_txt_a_gun_moves_at_most_1_cm_from_its_origin_and_its_dispatcher_counts_as_moved():
    from replay.rulesets.warband import check

    s = siege()
    assert guns.gun_move_problems(s, "A", {"g": "g1", "x": 50.6, "y": 15.6}) == []
    assert guns.gun_move_problems(s, "A", {"g": "g1", "x": 51.5, "y": 15}) == [
        "§4.2.12: g1 may not be more than 1 cm from its origin (50, 15), not 1.50 (L126)"]
    order = {"stage": "movement", "gun_moves": [{"g": "g1", "x": 50.6, "y": 15.6}], "moves": []}
    ctx, waiting = run(s, Inputs(4), lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    assert ctx.state.gun("g1").pos == (50.6, 15.6) and ctx.state.warrior("d1").moved
    assert any("moved this turn" in p for p in guns.gun_problems(replace(ctx.state, stage="ranged"), "A",
                                                                 {"g": "g1", "aim": "b6"}))
    del check


def sabotage_turn(saboteurs, stages=("movement",)):
    from replay.rulesets.warband import guns as g

    def step(ctx):
        for stage in stages:
            if ctx.state.gun("g1").status != "active":
                return
            g.declare_sabotage(ctx, "B", stage, [{"w": w, "g": "g1"} for w in saboteurs], set())
            g.sabotage_tick(ctx, stage)
    return step


@pytest.mark.parametrize(("n", "step"), [(1, 1.0), (2, 1.2)])
def test_txt_sabotage_one_warrior_takes_six_stages_two_five(n, step):
    s = siege()
    ctx, waiting = run(s, Inputs(4), sabotage_turn(["b5", "b7"][:n], ("movement", "ranged", "melee")))
    assert waiting is None
    ticks = of_type(ctx, "warband.sabotage")
    assert [t["step"] for t in ticks] == [step] * 3
    assert ctx.state.gun("g1").sabotage_progress == pytest.approx(3 * step)
    assert ctx.state.gun("g1").status == "active"
    ctx2, _ = run(replace(ctx.state, turn=5), Inputs(5), sabotage_turn(["b5", "b7"][:n], ("movement", "ranged",
                                                                                         "melee")))
    destroyed = [t["destroyed"] for t in of_type(ctx2, "warband.sabotage")]
    assert destroyed == ([False, False, True] if n == 1 else [False, True])[:len(destroyed)]
    assert ctx2.state.gun("g1").status == "destroyed"


def test_a_saboteur_out_of_contact_at_the_end_of_the_stage_is_not_counted_and_progress_is_kept():
    s = siege()
    s = replace(s, guns=(replace(s.gun("g1"), sabotage_progress=2.0, saboteurs=("b5",)),))
    s = s.with_warrior(replace(s.warrior("b5"), x=40))
    ctx, waiting = run(s, Inputs(4), lambda ctx: guns.sabotage_tick(ctx, "movement"))
    assert waiting is None
    (t,) = of_type(ctx, "warband.sabotage")
    assert (t["counted"], t["progress"], t["destroyed"]) == ([], 2.0, False)
    assert ctx.state.gun("g1").saboteurs == () and ctx.state.gun("g1").sabotage_progress == 2.0


def test_a_saboteur_does_nothing_else_in_the_stage():
    assert guns.sabotage_problems(siege(), "B", "movement", [{"w": "b5", "g": "g1"}], {"b5"}) == [
        "§4.3.7: a saboteur does nothing else in the stage (L126): b5 has another order"]
    assert guns.sabotage_problems(siege(), "A", "movement", [{"w": "d1", "g": "g1"}], set()) == [
        "§4.3.7: g1 is not an enemy gun in play"]


def test_txt_only_a_dispatcher_captures_and_not_while_the_gun_s_side_is_within_2_cm():
    s = siege(stage="ranged")
    s = replace(s, guns=(*s.guns, Gun("g2", "B", "b5", 30, 50, 270, (30, 50, 270), True)))
    s = s.with_warrior(replace(s.warrior("d1"), status="removed"))
    assert guns.capture_problems(s, "B", {"w": "b7", "g": "g1"}) == [
        "§4.3.8: only a dispatcher captures guns (L126); b7 is none"]
    assert guns.capture_problems(s, "B", {"w": "b5", "g": "g1"}) == []
    alive = s.with_warrior(replace(s.warrior("d1"), status="active"))
    assert "§4.3.8: g1's dispatcher d1 is still at it" in guns.capture_problems(alive, "B", {"w": "b5", "g": "g1"})
    guard = replace(s, warriors=(*s.warriors, replace(s.warrior("d1"), id="a8", status="active", x=54.5)))
    assert any("within 2 cm" in p for p in guns.capture_problems(guard, "B", {"w": "b5", "g": "g1"}))
    order = {"stage": "ranged", "captures": [{"w": "b5", "g": "g1"}]}
    ctx, waiting = run(s, Inputs(4), lambda ctx: resolve.ranged(ctx, "B", order, OPTIONS))
    assert waiting is None
    g = ctx.state.gun("g1")
    assert (g.side, g.dispatcher, g.captured_turn) == ("B", "b5", 4)
    assert any("captured this turn" in p for p in guns.gun_problems(ctx.state, "B", {"g": "g1", "aim": "d1"}))


def test_txt_four_small_arms_hits_destroy_a_gun():
    s = siege(stage="ranged")
    s = replace(s, guns=(replace(s.gun("g1"), hits_by_small_arms=3),))
    order = {"stage": "ranged", "shots": [{"w": "b6", "target": "g1"}]}
    from replay.rulesets.warband import check

    assert check.ranged_problems(s, "B", order) == []
    ctx, waiting = run(s, Inputs(4).roll("B", "to_wound", 5, warrior="b6"),
                       lambda ctx: resolve.ranged(ctx, "B", order, OPTIONS))
    assert waiting is None
    (shot,) = of_type(ctx, "warband.gun_shot")
    assert (shot["distance"], shot["tn"], shot["hits"], shot["destroyed"]) == (pytest.approx(8.75), 3, 4, True)
    assert ctx.state.gun("g1").status == "destroyed" and ctx.state.warrior("b6").shots_used == 1


def test_a49_a_gun_fires_at_an_enemy_it_does_not_see_when_an_ally_told_of_it_this_turn():
    s = scn4()
    s = s.with_warrior(replace(s.warrior("o1"), y=75))
    order = {"g": "g1", "aim": "o1"}
    assert any("no ally has told A of it this turn" in p for p in guns.gun_problems(s, "A", order))
    told = s.with_side(replace(s.side("A"), intel=("o1",)))
    assert guns.gun_problems(told, "A", order) == []


def test_a49_a_talk_passes_on_only_enemies_its_side_sees_and_the_listener_s_side_hears_them():
    from replay.rulesets.warband import check

    s = state(warrior("a1", "A", "infantryman", 10, 10), warrior("c1", "C", "infantryman", 10, 20, 270),
              warrior("b1", "B", "infantryman", 10, 35, 270), warrior("b2", "B", "infantryman", 100, 80, 270),
              sides="ABC")
    talk = {"speaker": "a1", "listener": "c1", "mode": "talk", "seconds": 30, "intel": ["b1"]}
    assert check.talk_problems(s, "A", talk) == []
    assert check.talk_problems(s, "A", {**talk, "intel": ["b2"]}) == [
        "§4.2.10: no warrior of A sees b2 now: it cannot be passed on (A-49)"]
    order = {"stage": "movement", "moves": [], "talks": [talk]}
    ctx, waiting = run(s, Inputs(2), lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None and ctx.state.side("C").intel == ("b1",)
    assert of_type(ctx, "warband.talk")[0]["intel"] == ["b1"]


def test_txt_a_medium_piece_is_destroyed_by_two_gun_hits_and_taken_off_the_table():
    s = scn4()
    hedge = {"id": "h9", "polygon": [[40, 30], [60, 30], [60, 32], [40, 32]], "height": 2}
    from replay.rulesets.warband import model

    piece = model.new_state(model.Setup.model_validate({
        "table": {"width": 120, "depth": 90}, "sides": [{"id": "A", "home_edge": "S"}, {"id": "B", "home_edge": "N"}],
        "warriors": [{"id": "zz", "side": "A", "type": "infantryman"}], "terrain": [hedge]})).terrain[0]
    s = replace(s, terrain=(replace(piece, hits=1),))
    inputs = Inputs(4).roll("A", "gun_burst", 1, gun="g1").choice(None, "gun_impact", {"hits": [],
                                                                                      "terrain_hits": ["h9"]}, gun="g1")
    ctx, waiting = fire(s, inputs)
    assert waiting is None
    (g,) = of_type(ctx, "warband.gun_fired")
    assert (g["terrain_hits"], g["terrain_destroyed"]) == (["h9"], ["h9"])
    assert ctx.state.terrain == ()
    ctx, _ = fire(replace(s, terrain=(piece,)), inputs)
    assert ctx.state.terrain[0].hits == 1


def test_txt40_a_gun_hit_by_two_gun_shots_is_destroyed():
    s = scn4()
    s = replace(s, guns=(*s.guns, Gun("g9", "B", "o1", 70, 60, 270, (70, 60, 270), True)))
    hit = (Inputs(4).roll("A", "gun_burst", 1, gun="g1")
           .choice(None, "gun_impact", {"hits": [], "gun_hits": ["g9"]}, gun="g1"))
    ctx, waiting = fire(s, hit)
    assert waiting is None and ctx.state.gun("g9").hits_by_guns == 1 and ctx.state.gun("g9").status == "active"
    again = replace(ctx.state, turn=5).with_gun(replace(ctx.state.gun("g1"), fired_turn=-9))
    ctx, waiting = run(again, Inputs(5).roll("A", "gun_burst", 2, gun="g1")
                       .choice(None, "gun_impact", {"hits": [], "gun_hits": ["g9"]}, gun="g1"),
                       lambda ctx: resolve.ranged(ctx, "A", ORDER, OPTIONS))
    assert waiting is None
    assert (ctx.state.gun("g9").hits_by_guns, ctx.state.gun("g9").status) == (2, "destroyed")
