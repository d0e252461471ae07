"""§4.3.9–§4.3.10 magic: the casting interval, different spells, the miscast table; SCN-3 and TXT-44..49."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.warband import derive, magic
from tests.warband.helpers import Inputs, of_type, run, state


def mage(wid, side, x, y, facing=90, spells=("haste", "stone_skin", "firebolt", "mire"), upgrades=()):
    return {"id": wid, "side": side, "type": "mage", "x": x, "y": y, "facing": facing, "equipment": [],
            "mount": None}, spells, upgrades


def scn3(upgrades=("archmage",)):
    hedge = [{"id": "h1", "polygon": [[0, 14.25], [30, 14.25], [30, 15.25], [0, 15.25]], "cover_pct": 50}]
    s = state({"id": "m1", "side": "A", "type": "mage", "x": 10, "y": 10, "facing": 90, "equipment": [],
               "mount": None},
              {"id": "k2", "side": "A", "type": "knight", "x": 20.5, "y": 10, "facing": 90, "equipment": [],
               "mount": None},
              {"id": "x1", "side": "B", "type": "archer", "x": 10, "y": 20.5, "facing": 270,
               "equipment": ["helmet", "bow"], "mount": None}, terrain=hedge, turn=5, stage="ranged")
    return s.with_warrior(replace(s.warrior("m1"), spells_known=("haste", "stone_skin", "firebolt", "mire"),
                                  upgrades=tuple(upgrades)))


def cast_all(casts):
    def step(ctx):
        for c in casts:
            magic.cast(ctx, c)
    return step


CASTS = [{"w": "m1", "spell": "haste", "target": "k2"}, {"w": "m1", "spell": "stone_skin", "target": "m1"},
         {"w": "m1", "spell": "firebolt", "target": "x1"}]


def test_the_casting_interval_shrinks():
    assert [derive.casting_upper(k) for k in range(1, 6)] == [7, 6, 5, 3, 1]


def test_scn3_three_spells_with_archmage():
    inputs = (Inputs(5).roll("A", "cast", 4, 2, warrior="m1", n=1).roll("A", "cast", 3, 4, warrior="m1", n=2)
              .roll("A", "cast", 1, 3, warrior="m1", n=3).roll("A", "to_wound", 3, warrior="m1", spell="firebolt")
              .roll("B", "save_cover", 4, warrior="x1", by="m1", spell="firebolt")
              .roll("B", "save_armour", 2, warrior="x1", by="m1", spell="firebolt"))
    ctx, waiting = run(scn3(), inputs, cast_all(CASTS))
    assert waiting is None
    haste, skin, bolt = of_type(ctx, "warband.cast")
    assert (haste["result"], haste["upper"], haste["until"]) == ("cast", 7, 5)
    assert (skin["result"], skin["upper"]) == ("not_cast", 6)
    assert (bolt["result"], bolt["upper"], bolt["tn"], bolt["distance"]) == ("cast", 5, 3, pytest.approx(8.0))
    assert [(s["kind"], s["tn"], s["saved"]) for s in bolt["saves"]] == [("cover", 5, False), ("armour", 6, False)]
    s = ctx.state
    assert derive.mdd(s.warrior("k2")) == 20 and s.warrior("x1").status == "removed"
    assert s.warrior("m1").shots_used == 0 and s.warrior("m1").xp == 1


def test_scn3_a_fourth_spell_and_a_repeated_one_are_refused():
    s = scn3()
    s = s.with_warrior(replace(s.warrior("m1"), spells_attempted=("haste", "stone_skin", "firebolt")))
    assert any("3 spells this turn" in p for p in magic.cast_problems(s, "A", {"w": "m1", "spell": "mire",
                                                                                "target": "x1"}))
    s = scn3(upgrades=())
    s = s.with_warrior(replace(s.warrior("m1"), spells_attempted=("haste", "stone_skin")))
    assert any("2 spells this turn" in p for p in magic.cast_problems(s, "A", CASTS[2]))  # TXT-49
    s = s.with_warrior(replace(s.warrior("m1"), spells_attempted=("haste",)))
    assert any("must differ" in p for p in magic.cast_problems(s, "A", CASTS[0]))  # TXT-48


@pytest.mark.parametrize(("k", "dice", "result"), [(1, (3, 4), "cast"), (2, (3, 4), "not_cast"),
                                                   (1, (4, 4), "not_cast"), (1, (5, 6), "not_cast")])
def test_txt44_to_46_cast_or_not(k, dice, result):
    s = scn3()
    done = ("stone_skin",) if k == 2 else ()
    s = s.with_warrior(replace(s.warrior("m1"), spells_attempted=done))
    ctx, _ = run(s, Inputs(5).roll("A", "cast", *dice, warrior="m1", n=k), cast_all([CASTS[0]]))
    assert of_type(ctx, "warband.cast")[0]["result"] == result


@pytest.mark.parametrize(("die", "check"), [
    (6, lambda w: w.cast_ban_until == 6), (5, lambda w: w.cast_ban_until == 7),
    (4, lambda w: w.spell_bans == (("firebolt", 6),)), (3, lambda w: w.spell_bans == (("firebolt", -1),)),
    (2, lambda w: w.only_spell == "firebolt"), (1, lambda w: w.wounds == 1 and w.status == "removed")])
def test_txt47_the_miscast_table(die, check):
    ctx, waiting = run(scn3(), Inputs(5).roll("A", "cast", 6, 6, warrior="m1", n=1)
                       .roll("A", "miscast", die, warrior="m1", n=1), cast_all([CASTS[2]]))
    assert waiting is None
    assert of_type(ctx, "warband.cast")[0]["result"] == "miscast"
    assert check(ctx.state.warrior("m1"))


def test_scn3_miscast_4_bans_firebolt_in_turns_5_and_6():
    w = replace(scn3().warrior("m1"), spell_bans=(("firebolt", 6),))
    assert magic.banned(w, "firebolt", 6) and magic.banned(w, "firebolt", 7) is None


def engaged_scn3():
    s = scn3()
    from tests.warband.helpers import state as make

    extra = make({"id": "a5", "side": "A", "type": "infantryman", "x": 10, "y": 23.5, "facing": 270, "equipment": [],
                  "mount": None}).warrior("a5")
    s = replace(s, warriors=(*s.warriors, replace(extra, engaged_with=("x1",))))
    return s.with_warrior(replace(s.warrior("x1"), engaged_with=("a5",)))


def test_a_damaging_spell_into_an_engaged_fight_goes_to_the_side_that_rolls_lowest():
    inputs = (Inputs(5).roll("A", "cast", 1, 2, warrior="m1", n=1)
              .roll("A", "engaged_rolloff", 2, warrior="m1", round=1, spell="firebolt")
              .roll("B", "engaged_rolloff", 5, warrior="m1", round=1, spell="firebolt")
              .roll("A", "to_wound", 1, warrior="m1", spell="firebolt"))
    ctx, waiting = run(engaged_scn3(), inputs, cast_all([{"w": "m1", "spell": "firebolt", "target": "x1"}]))
    assert waiting is None
    (c,) = of_type(ctx, "warband.cast")
    assert (c["declared"], c["target"], c["rolloff"]) == ("x1", "a5", {"A": [2], "B": [5]})
    assert "A-58" in c["defaults"] and "§4.3.4" in c["rule"] and c["die"] == 1


def test_a_spell_roll_off_tie_is_rolled_again_and_the_declared_target_is_hit_when_its_side_is_lowest():
    inputs = (Inputs(5).roll("A", "cast", 1, 2, warrior="m1", n=1)
              .roll("A", "engaged_rolloff", 3, warrior="m1", round=1, spell="firebolt")
              .roll("B", "engaged_rolloff", 3, warrior="m1", round=1, spell="firebolt")
              .roll("A", "engaged_rolloff", 4, warrior="m1", round=2, spell="firebolt")
              .roll("B", "engaged_rolloff", 1, warrior="m1", round=2, spell="firebolt")
              .roll("A", "to_wound", 1, warrior="m1", spell="firebolt"))
    ctx, waiting = run(engaged_scn3(), inputs, cast_all([{"w": "m1", "spell": "firebolt", "target": "x1"}]))
    assert waiting is None
    (c,) = of_type(ctx, "warband.cast")
    assert (c["target"], c["rolloff"]) == ("x1", {"A": [3, 4], "B": [3, 1]})
