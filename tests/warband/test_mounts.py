"""§4.2.6–§4.2.7 mounts: TXT-11..14 and remounting."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.warband import check, derive, resolve
from replay.rulesets.warband.model import Mount
from tests.warband.helpers import OPTIONS, Inputs, of_type, run, state, warrior


def loose_horse(turn: int = 3):
    s = state(warrior("a1", "A", "infantryman", 10, 10), turn=turn)
    return replace(s, mounts=(Mount("a9_mount", "horse", "A", 40, 40, 90, "running", "a9", turn - 1),))


def runs(s, inputs):
    return run(s, inputs, lambda ctx: resolve.movement(ctx, "A", {"stage": "movement", "moves": []}, OPTIONS))


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
