"""§4.2.6–§4.2.7 mounts: TXT-11..14 and remounting."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.warband import check, derive, resolve
from replay.rulesets.warband.geometry import gap as geo_gap
from replay.rulesets.warband.model import Mount
from tests.warband.helpers import OPTIONS, Inputs, of_type, run, state, warrior


def loose_horse(turn: int = 3):
    s = state(warrior("a1", "A", "infantryman", 10, 10), turn=turn)
    return replace(s, mounts=(Mount("a9_mount", "horse", "A", 40, 40, 90, "running", "a9", turn - 1),))


def runs(s, inputs):
    """The start of A's movement segment: its running mounts first (before its orders), then its (empty) order."""
    from replay.rulesets.warband import mounts

    def step(ctx):
        mounts.runaways(ctx, "A", OPTIONS)
        resolve.movement(ctx, "A", {"stage": "movement", "moves": []}, OPTIONS)
    return run(s, inputs, step)


def test_txt11_a_runaway_mount_runs_away_from_its_owner_2_cm_a_pip():
    ctx, waiting = runs(loose_horse(), Inputs(3).roll("A", "runaway", 4, 1, mount="a9_mount"))
    assert waiting is None
    (ran,) = of_type(ctx, "warband.mount_ran")
    assert ran["end"] == [40, 48] and ran["heading"] == 90
    assert ctx.state.mount("a9_mount").pos == (40, 48)


def test_txt12_direction_6_stays_in_place():
    ctx, _ = runs(loose_horse(), Inputs(3).roll("A", "runaway", 4, 6, mount="a9_mount"))
    assert of_type(ctx, "warband.mount_ran")[0]["end"] == [40, 40]


def test_txt13_the_diagonal_sub_rolls_of_the_text():
    inputs = (Inputs(3).roll("A", "runaway", 2, 5, mount="a9_mount").choice("A", "diagonal", "SE", mount="a9_mount")
              .roll("A", "diag_fb", 3, mount="a9_mount").roll("A", "diag_lr", 6, mount="a9_mount"))
    ctx, waiting = runs(loose_horse(), inputs)
    assert waiting is None
    (ran,) = of_type(ctx, "warband.mount_ran")
    assert ran["heading"] == 45
    assert ran["end"] == [pytest.approx(40 + 4 / 2 ** 0.5, abs=0.1), pytest.approx(40 + 4 / 2 ** 0.5, abs=0.1)]


def test_the_russian_post_says_the_diagonal_in_words_not_compass_letters():
    from eventlog.envelope import Event
    from replay.rulesets.warband import post

    inputs = (Inputs(3).roll("A", "runaway", 2, 5, mount="a9_mount").choice("A", "diagonal", "NW", mount="a9_mount")
              .roll("A", "diag_fb", 3, mount="a9_mount").roll("A", "diag_lr", 6, mount="a9_mount"))
    ctx, _ = runs(loose_horse(), inputs)
    (ran,) = of_type(ctx, "warband.mount_ran")
    event = Event("g", 1, "warband.mount_ran", 3, None, ran, None, "2026-01-01T00:00:00Z", "", "")
    (line,) = post.narrate(event, "ru")
    assert "хотели вперёд-влево; вперёд–назад к6 3, вправо–влево к6 6: бежит назад-влево" in line
    assert not any(code in line.split() for code in ("NW", "SW", "NE", "SE"))


def test_a_mount_set_loose_this_turn_does_not_run_until_the_next():
    s = replace(loose_horse(), mounts=(replace(loose_horse().mounts[0], since_turn=3),))
    ctx, waiting = runs(s, Inputs(3))
    assert waiting is None and of_type(ctx, "warband.mount_ran") == []


def knight_on_horse():
    # a knight on foot has МДД 16 − 4 = 12 (helmet, armour); riding a plain horse 22
    return state(warrior("k1", "A", "knight", 20, 10, 90, items=["helmet", "armour", "long_weapon"], mount="horse"))


def test_txt14_a_tied_mount_leaves_a_quarter_of_the_mdd_on_foot():
    s = knight_on_horse()
    assert derive.mdd(s.warrior("k1")) == 22
    order = {"stage": "movement", "moves": [{"w": "k1", "dismount": "tie", "mount_at": [20, 5.5],
                                             "path": [[20, 13]], "facing": 90}]}
    assert check.movement_problems(s, "A", order, OPTIONS) == []
    ctx, waiting = run(s, Inputs(2), lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    (d,) = of_type(ctx, "warband.dismounted")
    assert d["allowance"] == 3
    assert ctx.state.mount("k1_mount").state == "tied" and ctx.state.warrior("k1").mount is None
    too_far = {"stage": "movement", "moves": [{**order["moves"][0], "path": [[20, 13.5]]}]}
    assert any("3.50 cm > 3 cm" in p for p in check.movement_problems(s, "A", too_far, OPTIONS))


def test_remounting_a_tied_mount_ends_the_move():
    s = state(warrior("k1", "A", "knight", 20, 10, 90, items=["helmet", "armour"]))
    s = replace(s, mounts=(Mount("k1_mount", "horse", "A", 20, 20, 90, "tied", "k1", 1),))
    order = {"stage": "movement", "moves": [{"w": "k1", "path": [[20, 16.5]], "remount": "k1_mount"}]}
    assert check.movement_problems(s, "A", order, OPTIONS) == []
    ctx, waiting = run(s, Inputs(2), lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    assert ctx.state.warrior("k1").mount == "horse" and ctx.state.mounts == ()
    far = {"stage": "movement", "moves": [{"w": "k1", "path": [[20, 13]], "remount": "k1_mount"}]}
    assert any("in contact with k1_mount" in p for p in check.movement_problems(s, "A", far, OPTIONS))


def test_the_parser_reads_dismounts_and_remounts():
    from replay.ruleset import get

    parsed = get("warband@1").parse_order(
        "movement\nk1 dismount tie at 20,5.5: 20,13 facing 90\nk2: 20,16.5 remount k1_mount", knight_on_horse(), "A")
    assert parsed.order == {"stage": "movement", "moves": [
        {"w": "k1", "dismount": "tie", "mount_at": [20, 5.5], "path": [[20, 13]], "facing": 90},
        {"w": "k2", "path": [[20, 16.5]], "remount": "k1_mount"}]}


# --- §4.2.8 stopping a runaway, §4.2.9 untying -------------------------------------------------------------------

def stoppable(turn: int = 3):
    # the horse at (40, 40) runs 8 cm north (A's forward) to (40, 48); a1 stands 5 cm east of its run on foot
    s = state(warrior("a1", "A", "infantryman", 46, 44), warrior("b1", "B", "infantryman", 30, 44, 270), turn=turn)
    return replace(s, mounts=(Mount("a9_mount", "horse", "A", 40, 40, 90, "running", "a9", turn - 1),))


def stop_inputs(die: int, who: str = "a1", side: str = "A", at=(43.5, 44)):
    inputs = Inputs(3).roll("A", "runaway", 4, 1, mount="a9_mount")
    return inputs.choice(side, "stop_mount", {"w": who, "at": list(at)}, mount="a9_mount").roll(
        side, "stop_mount", die, mount="a9_mount")


def test_c12_once_the_run_is_known_the_owner_is_asked_first_whether_it_tries_to_stop_it():
    ctx, waiting = runs(stoppable(), Inputs(3).roll("A", "runaway", 4, 1, mount="a9_mount"))
    (req,) = waiting.requests
    assert (req.name, req.actor, req.key_dict, req.default) == ("stop_mount", "A", {"mount": "a9_mount"}, "none")
    assert ctx.state.mount("a9_mount").run_from == (40, 40)


def test_c12_when_the_owner_says_none_the_next_side_in_turn_order_is_asked():
    inputs = Inputs(3).roll("A", "runaway", 4, 1, mount="a9_mount").choice("A", "stop_mount", "none",
                                                                            mount="a9_mount")
    ctx, waiting = runs(stoppable(), inputs)
    assert [(r.name, r.actor) for r in waiting.requests] == [("stop_mount", "B")]
    inputs.choice("B", "stop_mount", "none", mount="a9_mount")
    ctx, waiting = runs(stoppable(), inputs)
    assert waiting is None and ctx.state.mount("a9_mount").state == "running"
    assert ctx.state.mount("a9_mount").pos == (40, 48)


@pytest.mark.parametrize(("die", "after", "mods"), [
    (2, "running", {"initiative": -1, "attack_strength": -1}), (3, "running", {"initiative": -1}),
    (4, "standing", {})])
def test_txt_stop_outcomes_2_to_4(die, after, mods):
    ctx, waiting = runs(stoppable(), stop_inputs(die))
    assert waiting is None
    (stop,) = of_type(ctx, "warband.mount_stop")
    assert (stop["mount_after"], stop["modifiers"], stop["moved"]) == (after, mods, 2.5)
    s = ctx.state
    assert s.mount("a9_mount").state == after and s.mount("a9_mount").pos == (40, 48)
    a1 = s.warrior("a1")
    assert a1.pos == (43.5, 44) and a1.halted and derive.initiative(a1) == 3 + mods.get("initiative", 0)


def test_txt_stop_outcome_1_a_wound_with_the_warrior_s_saves_and_the_mount_runs_on():
    ctx, waiting = runs(stoppable(), stop_inputs(1))
    assert waiting is None
    (stop,) = of_type(ctx, "warband.mount_stop")
    assert stop["wounded"] is True and stop["removed"] is True and stop["saves"] == []
    assert ctx.state.warrior("a1").status == "removed" and ctx.state.mount("a9_mount").state == "running"


def test_txt_stop_outcome_5_the_mount_stops_by_the_warrior_and_6_carries_it():
    ctx, _ = runs(stoppable(), stop_inputs(5))
    m = ctx.state.mount("a9_mount")
    assert m.state == "standing" and m.pos[1] < 48
    assert geo_gap(m.pos, 2.5, (43.5, 44), 1.25) <= 1 + 1e-6
    ctx, _ = runs(stoppable(), stop_inputs(6))
    assert all(x.id != "a9_mount" for x in ctx.state.mounts) and ctx.state.warrior("a1").mount == "horse"


def test_a_warrior_that_tried_to_stop_a_mount_moves_no_more_this_stage():
    ctx, waiting = runs(stoppable(), stop_inputs(3))
    assert waiting is None and ctx.state.warrior("a1").halted
    after = ctx.state
    problems = check.movement_problems(after, "A", {"stage": "movement", "moves": [{"w": "a1", "roll": True}]},
                                       OPTIONS)
    assert problems == ["a1: §4.2.8: a1 tried to stop a mount or untied one: it moves no more this stage (L82)"]


def test_a_stop_attempt_beyond_reach_or_not_touching_the_run_is_refused():
    from replay.rulesets.warband import mounts

    ctx, _ = runs(stoppable(), Inputs(3).roll("A", "runaway", 4, 1, mount="a9_mount"))
    m = ctx.state.mount("a9_mount")
    far = mounts.stop_problems(ctx.state, "A", m, {"w": "a1", "at": [60, 44]}, OPTIONS)
    assert any("not in contact with a9_mount's run" in p for p in far)
    assert mounts.stop_problems(ctx.state, "A", m, {"w": "b1", "at": [37, 44]}, OPTIONS) == [
        "C12: 'b1' is not A's warrior"]
    assert mounts.stop_problems(ctx.state, "A", m, "maybe", OPTIONS) == [
        'C12: a stop attempt is "none" or {"w": warrior, "at": [x, y]}']


def tied_enemy_horse(turn: int = 3):
    s = state(warrior("a1", "A", "infantryman", 20, 20), warrior("b1", "B", "infantryman", 24.5, 20, 180), turn=turn)
    return replace(s, mounts=(Mount("a9_mount", "horse", "A", 20.5, 23.5, 90, "tied", "a9", 1),))


def test_txt_untying_an_enemy_mount_after_at_most_1_cm_sets_it_running_from_its_owner_s_next_segment():
    s = tied_enemy_horse()
    order = {"stage": "movement", "moves": [{"w": "b1", "path": [[24.0, 20.5]], "untie": "a9_mount"}]}
    assert check.movement_problems(s, "B", order, OPTIONS) == []
    ctx, waiting = run(s, Inputs(3), lambda ctx: resolve.movement(ctx, "B", order, OPTIONS))
    assert waiting is None
    (u,) = of_type(ctx, "warband.untied")
    assert (u["mount"], u["owner_side"], u["runs_turn"]) == ("a9_mount", "A", 4)
    m = ctx.state.mount("a9_mount")
    assert m.state == "running" and ctx.state.warrior("b1").halted
    ctx4, waiting4 = runs(replace(ctx.state, turn=4), Inputs(4))
    assert [(r.name, r.key_dict) for r in waiting4.requests] == [("runaway", {"mount": "a9_mount"})]


def test_untying_is_refused_after_more_than_1_cm_or_for_an_own_mount():
    s = tied_enemy_horse()
    far = {"stage": "movement", "moves": [{"w": "b1", "path": [[22.5, 21.0], [23, 21]], "untie": "a9_mount"}]}
    assert any("untying needs at most 1 cm" in p for p in check.movement_problems(s, "B", far, OPTIONS))
    own = {"stage": "movement", "moves": [{"w": "a1", "untie": "a9_mount"}]}
    assert any("one unties a tied enemy mount" in p for p in check.movement_problems(s, "A", own, OPTIONS))


# --- §4.2.11 a rider's weapon swap ---------------------------------------------------------------------------

def rider_with_two_weapons():
    return state(warrior("k1", "A", "knight", 20, 10, 90, items=["helmet", "short_weapon", "long_weapon"],
                         mount="horse"), warrior("b1", "B", "infantryman", 60, 60, 270))


def test_txt_a_rider_carrying_both_swaps_once_a_turn_and_its_reach_follows():
    s = rider_with_two_weapons()
    assert derive.reach(s.warrior("k1")) == 3
    order = {"stage": "movement", "moves": [{"w": "k1", "swap": "short_weapon", "path": [[20, 20]]}]}
    assert check.movement_problems(s, "A", order, OPTIONS) == []
    ctx, waiting = run(s, Inputs(2), lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    (sw,) = of_type(ctx, "warband.weapon_swapped")
    assert (sw["before"], sw["to"]) == ("long_weapon", "short_weapon")
    k1 = ctx.state.warrior("k1")
    assert derive.reach(k1) == 2 and k1.pos == (20, 20)
    again = {"stage": "movement", "moves": [{"w": "k1", "swap": "long_weapon"}]}
    assert check.movement_problems(ctx.state, "A", again, OPTIONS) == [
        "§4.2.11: k1 has swapped this turn (once a turn, A-47)"]


def test_a_swap_on_foot_engaged_or_to_an_item_not_carried_is_refused():
    from replay.rulesets.warband import mounts

    s = rider_with_two_weapons()
    k1 = s.warrior("k1")
    assert mounts.swap_problems(s, replace(k1, mount=None), "short_weapon") == [
        "§4.2.11: only riders swap weapons (L272); k1 is on foot"]
    assert mounts.swap_problems(s, replace(k1, engaged_with=("b1",)), "short_weapon") == [
        "§4.2.11: k1 is engaged; no swap (A-47)"]
    assert mounts.swap_problems(s, k1, "spear") == ["§4.2.11: k1 carries no 'spear'"]
