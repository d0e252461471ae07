"""§4.6 saves: the invulnerable save (data only, A-71) after cover and armour in every sequence; the miscast-1 forced
re-roll; the burst's save 1 better and 6+ without any (A-60)."""

from __future__ import annotations

from dataclasses import replace

from replay.rulesets.warband import derive, magic, resolve
from replay.rulesets.warband.dice import save_kinds
from replay.rulesets.warband.model import Effect
from tests.warband.helpers import OPTIONS, Inputs, of_type, run, state, warrior
from tests.warband.test_magic import scn3


def warded(s, wid, tn=5, how="upgrade"):
    w = s.warrior(wid)
    if how == "upgrade":
        return s.with_warrior(replace(w, upgrades=(*w.upgrades, "warded")))
    return s.with_warrior(replace(w, effects=(*w.effects, Effect("spell:ward", {"invulnerable_save": tn}, s.turn))))


def test_an_invulnerable_save_comes_only_from_data_and_the_best_one_counts():
    s = state(warrior("a1", "A", "infantryman", 10, 10, items=["helmet"]))
    assert derive.invulnerable_save(s.warrior("a1")) is None
    assert save_kinds(s.warrior("a1"), cover=5) == [("cover", 5), ("armour", 6)]
    s = warded(s, "a1")
    assert derive.invulnerable_save(s.warrior("a1")) == 5
    s = warded(s, "a1", tn=4, how="effect")
    assert derive.invulnerable_save(s.warrior("a1")) == 4
    assert save_kinds(s.warrior("a1"), cover=5) == [("cover", 5), ("armour", 6), ("invulnerable", 4)]
    assert save_kinds(s.warrior("a1"), armour=False) == [("invulnerable", 4)]
    assert save_kinds(s.warrior("a1"), improve=1) == [("armour", 5), ("invulnerable", 3)]


def test_a_shot_rolls_cover_then_armour_then_invulnerable_and_the_first_success_saves():
    s = warded(state(warrior("a2", "A", "archer", 10, 10, items=["bow"]),
                     warrior("b3", "B", "infantryman", 10, 18, 270, items=["helmet"]), stage="ranged"), "b3")
    inputs = (Inputs(2).roll("A", "to_wound", 4, warrior="a2")
              .roll("B", "save_armour", 3, warrior="b3", by="a2").roll("B", "save_invulnerable", 5, warrior="b3",
                                                                       by="a2"))
    ctx, waiting = run(s, inputs, lambda ctx: resolve.shoot(ctx, "a2", "b3", OPTIONS))
    assert waiting is None
    (shot,) = of_type(ctx, "warband.shot")
    assert [(x["kind"], x["tn"], x["die"], x["saved"]) for x in shot["saves"]] == [
        ("armour", 6, 3, False), ("invulnerable", 5, 5, True)]
    assert shot["wounded"] is False and ctx.state.warrior("b3").wounds == 0
    assert "invulnerable 5+: 5 saved" in shot["why"][-1]


def test_without_an_invulnerable_save_no_such_die_is_asked():
    s = state(warrior("a2", "A", "archer", 10, 10, items=["bow"]),
              warrior("b3", "B", "infantryman", 10, 18, 270, items=["helmet"]), stage="ranged")
    inputs = Inputs(2).roll("A", "to_wound", 4, warrior="a2").roll("B", "save_armour", 3, warrior="b3", by="a2")
    ctx, waiting = run(s, inputs, lambda ctx: resolve.shoot(ctx, "a2", "b3", OPTIONS))
    assert waiting is None and of_type(ctx, "warband.shot")[0]["wounded"] is True


def miscast_one(s, *saves):
    inputs = Inputs(5).roll("A", "cast", 6, 6, warrior="m1", n=1).roll("A", "miscast", 1, warrior="m1", n=1)
    for purpose, die in saves:
        inputs.roll("A", purpose, die, warrior="m1", n=1)
    return run(s, inputs, lambda ctx: magic.cast(ctx, {"w": "m1", "spell": "haste", "target": "k2"}))


def test_txt_miscast_1_a_successful_invulnerable_save_is_rolled_again_and_the_second_die_stands():
    s = warded(scn3(), "m1")
    ctx, waiting = miscast_one(s, ("save_invulnerable", 6), ("save_invulnerable_reroll", 2))
    assert waiting is None
    (c,) = of_type(ctx, "warband.cast")
    assert c["saves"] == [{"kind": "invulnerable", "tn": 5, "die": 6, "saved": False, "reroll": 2}]
    assert c["wounded"] is True and ctx.state.warrior("m1").status == "removed"
    ctx, _ = miscast_one(s, ("save_invulnerable", 6), ("save_invulnerable_reroll", 5))
    assert of_type(ctx, "warband.cast")[0]["wounded"] is False and ctx.state.warrior("m1").wounds == 0


def test_miscast_1_a_failed_invulnerable_save_is_not_rolled_again_and_armour_never_counts():
    s = warded(scn3(), "m1")
    s = s.with_warrior(replace(s.warrior("m1"), equipment=()))
    ctx, waiting = miscast_one(s, ("save_invulnerable", 3))
    assert waiting is None
    assert of_type(ctx, "warband.cast")[0]["saves"] == [{"kind": "invulnerable", "tn": 5, "die": 3, "saved": False}]
    ctx, waiting = miscast_one(scn3())
    assert waiting is None and of_type(ctx, "warband.cast")[0]["saves"] == []


def test_a_melee_wound_rolls_armour_then_invulnerable():
    from replay.rulesets.warband import melee

    s = warded(state(warrior("a1", "A", "infantryman", 10, 10), warrior("b1", "B", "infantryman", 10, 13, 270,
                                                                          items=["helmet"]), stage="melee"), "b1")
    inputs = (Inputs(2).roll("B", "save_armour", 1, fight="2.1", step="A", pool="infantryman", hit=1, warrior="b1")
              .roll("B", "save_invulnerable", 6, fight="2.1", step="A", pool="infantryman", hit=1, warrior="b1"))
    ctx, waiting = run(s, inputs, lambda ctx: melee.wound(ctx, "2.1", "A", "B", "infantryman", 1, "a1", ["b1"]))
    assert waiting is None
    (wnd,) = of_type(ctx, "warband.wound")
    assert [x["kind"] for x in wnd["saves"]] == ["armour", "invulnerable"] and wnd["wounded"] is False
