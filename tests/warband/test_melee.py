"""§4.4 the melee chain: attack → to-wound against Table 2 → allocation → save, as the spec's §8 and SCN-5 give it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.warband import melee
from tests.warband.helpers import OPTIONS, Inputs, of_type, run, state, warrior


def scn5():
    return state(
        warrior("o2", "A", "ogre", 52.0, 39.2, 90),
        warrior("a4", "A", "infantryman", 56.0, 47.0, 123.7, items=["helmet", "small_shield", "short_weapon"]),
        warrior("b2", "B", "knight", 50.0, 50.0, 270, items=["helmet", "armour", "short_weapon"]),
        warrior("b3", "B", "infantryman", 54.0, 50.0, 270, items=["helmet", "short_weapon"]),
        warrior("b4", "B", "infantryman", 54.0, 52.9, 270, items=["short_weapon"]),
        turn=3, stage="melee")


SCN5_ORDER = {"stage": "melee", "fights": [{"attackers": ["a4"], "targets": ["b2", "b3"],
                                            "charges": [{"w": "o2", "target": "b2", "path": [[52.0, 45.2]]}]}]}


def scn5_inputs() -> Inputs:
    return (Inputs(3)
            .choice("B", "pivot", "yes", fight="3.1", warrior="b2")
            .roll("A", "initiative", 5, fight="3.1").roll("B", "initiative", 2, fight="3.1")
            .choice("A", "pools", [["o2", "knight", 2], ["o2", "infantryman", 2], ["a4", "infantryman", 2]],
                    fight="3.1", step="A")
            .roll("A", "to_wound", 4, 2, fight="3.1", warrior="o2", vs="knight")
            .roll("A", "to_wound", 3, 6, fight="3.1", warrior="o2", vs="infantryman")
            .roll("A", "to_wound", 5, 1, fight="3.1", warrior="a4", vs="infantryman")
            .roll("B", "save_armour", 3, fight="3.1", step="A", pool="knight", hit=1, warrior="b2")
            .choice("B", "allocate", "b3", fight="3.1", step="A", pool="infantryman", hit=1)
            .roll("B", "save_armour", 6, fight="3.1", step="A", pool="infantryman", hit=1, warrior="b3")
            .choice("B", "allocate", "b3", fight="3.1", step="A", pool="infantryman", hit=2)
            .roll("B", "save_armour", 1, fight="3.1", step="A", pool="infantryman", hit=2, warrior="b3")
            .choice("B", "pools", [["b2", "ogre", 1], ["b3", "infantryman", 1], ["b4", "infantryman", 1]],
                    fight="3.1", step="B")
            .roll("B", "to_wound", 5, fight="3.1", warrior="b2", vs="ogre")
            .roll("B", "to_wound", 4, fight="3.1", warrior="b3", vs="infantryman")
            .roll("B", "to_wound", 2, fight="3.1", warrior="b4", vs="infantryman")
            .roll("A", "save_armour", 5, fight="3.1", step="B", pool="infantryman", hit=1, warrior="a4")
            .choice("A", "disengage", "stay", fight="3.1"))


def scn5_run(inputs: Inputs | None = None):
    return run(scn5(), inputs or scn5_inputs(), lambda ctx: melee.melee(ctx, "A", SCN5_ORDER, OPTIONS))


def test_scn5_declaration_charge_and_second_rank():
    ctx, waiting = scn5_run()
    assert waiting is None
    (charge,) = of_type(ctx, "warband.charge")
    assert charge["success"] and charge["length"] == pytest.approx(6.0) and charge["die"] is None
    assert charge["end_gap"] == pytest.approx(1.95, abs=1e-3)
    (parts,) = of_type(ctx, "warband.participants")
    assert parts["sides"] == {"A": ["o2", "a4"], "B": ["b2", "b3", "b4"]}
    assert parts["second_rank"] == ["b4"] and parts["kind"] == "fight"
    assert parts["targets"]["o2"] == ["b2", "b3"] and parts["targets"]["a4"] == ["b3"]
    assert parts["targets"]["b2"] == ["o2"] and parts["targets"]["b4"] == ["a4", "o2"]
    assert ctx.state.side("A").charges_used == 1
    assert all("A" in ctx.state.warrior(w).attacked_by for w in ("b2", "b3", "b4"))


def test_scn5_initiative_both_a_warriors_win():
    ctx, _ = scn5_run()
    (ini,) = of_type(ctx, "warband.initiative")
    assert ini["scores"] == {"o2": 7, "a4": 8, "b2": 6, "b3": 5, "b4": 5}
    assert ini["winners"] == ["o2", "a4"]


def test_scn5_phase_a_to_wound_against_table_2():
    ctx, _ = scn5_run()
    a, b = of_type(ctx, "warband.attacks")
    assert [(p["warrior"], p["vs"], p["attacks"], p["tn"], p["hits"]) for p in a["pools"]] == [
        ("o2", "knight", 2, 4, 1), ("o2", "infantryman", 2, 3, 2), ("a4", "infantryman", 2, 4, 1)]
    assert [(p["warrior"], p["vs"], p["tn"], p["hits"]) for p in b["pools"]] == [
        ("b2", "ogre", 5, 1), ("b3", "infantryman", 4, 1), ("b4", "infantryman", 4, 0)]


def test_scn5_allocation_and_saves_one_hit_at_a_time():
    ctx, _ = scn5_run()
    wounds = [(w["step"], w["pool"], w["hit"], w["attacker"], w["warrior"], [s["die"] for s in w["saves"]],
               w["wounded"], w["removed"]) for w in of_type(ctx, "warband.wound")]
    assert wounds == [
        ("A", "knight", 1, "o2", "b2", [3], True, False),
        ("A", "infantryman", 1, "o2", "b3", [6], False, False),
        ("A", "infantryman", 2, "o2", "b3", [1], True, True),
        ("A", "infantryman", 3, "a4", "b4", [], True, True),
        ("B", "ogre", 1, "b2", "o2", [], True, False),
        ("B", "infantryman", 1, "b3", "a4", [5], False, False),
    ]
    s = ctx.state
    assert (s.warrior("b2").wounds, s.warrior("b3").status, s.warrior("b4").status) == (1, "removed", "removed")
    assert (s.warrior("o2").wounds, s.warrior("a4").wounds) == (1, 0)
    assert (s.warrior("o2").xp, s.warrior("a4").xp) == (1, 1)


def test_scn5_outcome_a_wins_and_stays():
    ctx, _ = scn5_run()
    (res,) = of_type(ctx, "warband.fight_resolved")
    assert res["wounds_by_side"] == {"A": 3, "B": 1} and res["winner"] == "A" and res["disengage"] == "stay"
    assert res["engaged"] == {}


def test_scn5_requests_come_one_at_a_time_with_their_defaults():
    inputs = Inputs(3).choice("B", "pivot", "yes", fight="3.1", warrior="b2")
    _, waiting = scn5_run(inputs)
    assert [(r.actor, r.name) for r in waiting.requests] == [("A", "initiative"), ("B", "initiative")]
    inputs.roll("A", "initiative", 5, fight="3.1").roll("B", "initiative", 2, fight="3.1")
    _, waiting = scn5_run(inputs)
    (req,) = waiting.requests
    assert req.name == "pools" and req.default == [["o2", "infantryman", 4], ["a4", "infantryman", 2]]


def test_casualties_do_not_strike_back_with_the_option_off():
    from replay.rulesets.warband.model import WarbandOptions

    inputs = scn5_inputs()
    inputs.events = [e for e in inputs.events if not (e.payload.get("step") == "B" and e.payload.get("name"))]
    inputs.roll("B", "to_wound", 5, fight="3.1", warrior="b2", vs="ogre")
    options = WarbandOptions(casualties_strike_back=False)
    ctx, waiting = run(scn5(), inputs, lambda ctx: melee.melee(ctx, "A", SCN5_ORDER, options))
    assert waiting is None
    b = of_type(ctx, "warband.attacks")[1]
    assert [p["warrior"] for p in b["pools"]] == ["b2"]
    assert "A-81" in b["defaults"] and "A-81" not in of_type(ctx, "warband.attacks")[0]["defaults"]


def test_a81_phase_b_names_the_default_once_phase_a_removed_anyone_and_not_otherwise():
    ctx, waiting = run(scn5(), scn5_inputs(), lambda ctx: melee.melee(ctx, "A", SCN5_ORDER, OPTIONS))
    assert waiting is None
    a, *b = of_type(ctx, "warband.attacks")
    assert "A-81" not in a["defaults"] and b and all("A-81" in x["defaults"] for x in b)
    assert of_type(ctx, "warband.wound")  # phase A removed b1 (SCN-5): casualties strike back by default


def test_scn5_durability_at_the_end_of_the_melee_stage():
    from replay.rulesets.warband import durability

    inputs = scn5_inputs().choice("A", "durability", "small_shield", warrior="a4")
    inputs.choice("B", "durability", "armour", warrior="b2")

    def stage(ctx):
        melee.melee(ctx, "A", SCN5_ORDER, OPTIONS)
        durability.end_of_melee(ctx)

    ctx, waiting = run(scn5(), inputs, stage)
    assert waiting is None
    lost = [(d["warrior"], d["item"], d["before"], d["after"]) for d in of_type(ctx, "warband.durability")]
    assert lost == [("a4", "small_shield", 2, 1), ("b2", "armour", 3, 2)]
    kinds = {i.kind: i.durability for i in ctx.state.warrior("a4").equipment}
    assert kinds["small_shield"] == 1 and kinds["helmet"] == 2


def test_txt61_a_damaged_item_loses_the_point_first():
    from dataclasses import replace

    from replay.rulesets.warband import durability
    from replay.rulesets.warband.model import Item

    s = state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("b1", "B", "infantryman", 10, 14, 270))
    s = s.with_warrior(replace(s.warrior("a1"), equipment=(Item("helmet", 2, 2), Item("small_shield", 1, 2))))
    order = {"stage": "melee", "fights": [{"attackers": ["b1"], "charges": [], "targets": ["a1"]}]}
    inputs = (Inputs(2).roll("A", "initiative", 3, fight="2.1").roll("B", "initiative", 3, fight="2.1")
              .roll("A", "to_wound", 1, fight="2.1", warrior="a1", vs="infantryman")
              .roll("B", "to_wound", 1, fight="2.1", warrior="b1", vs="infantryman"))

    def stage(ctx):
        melee.melee(ctx, "B", order, OPTIONS)
        durability.end_of_melee(ctx)

    ctx, waiting = run(s, inputs, stage)
    assert waiting is None
    (lost,) = of_type(ctx, "warband.durability")
    assert (lost["item"], lost["after"], lost["broken"]) == ("small_shield", 0, True)
    assert [i.kind for i in ctx.state.warrior("a1").items()] == ["helmet"]


def long_fight_state(b_items: list[list[str]]):
    warriors = [warrior("a1", "A", "infantryman", 20, 10, 90, items=["long_weapon", "helmet"])]
    for n, items in enumerate(b_items):
        x = 20 + (n - 1.5) * 2.6
        warriors.append(warrior(f"b{n + 1}", "B", "infantryman", x, 15.0, 270, items=items))
    return state(*warriors)


def test_txt59_a_long_weapon_against_four_only_the_long_weapons_lose_durability():
    from eventlog.envelope import Draft
    from replay.context import as_event
    from replay.rulesets.warband import durability
    from replay.rulesets.warband.evolve import evolve as fold

    s = long_fight_state([["helmet"], ["helmet"], ["long_weapon", "helmet"], ["helmet"]])
    parts = Draft("warband.participants", {
        "fight": "2.1", "initiator": "A", "sides": {"A": ["a1"], "B": ["b1", "b2", "b3", "b4"]}, "second_rank": [],
        "kind": "fight", "targets": {}, "why": ["-"], "rule": "-"})
    attacks = Draft("warband.attacks", {"fight": "2.1", "step": "B", "side": "A", "pools": [
        {"warrior": "a1", "vs": "infantryman", "attacks": 1, "tn": 4, "dice": [1], "hits": 0}], "why": ["-"],
        "rule": "-"})
    s = fold(s, as_event("g", parts))
    assert sorted(durability.due(s, [parts, attacks])) == ["a1", "b3"]


def test_txt60_without_long_weapons_every_attacked_side_is_due_and_one_sided_long_weapons_spare_all():
    from eventlog.envelope import Draft
    from replay.rulesets.warband import durability

    s = long_fight_state([["helmet"], ["helmet"]])
    parts = Draft("warband.participants", {
        "fight": "2.1", "initiator": "A", "sides": {"A": ["a1"], "B": ["b1", "b2"]}, "second_rank": [],
        "kind": "fight", "targets": {}, "why": ["-"], "rule": "-"})
    attacks = Draft("warband.attacks", {"fight": "2.1", "step": "B", "side": "B", "pools": [
        {"warrior": "b1", "vs": "infantryman", "attacks": 1, "tn": 4, "dice": [1], "hits": 0}], "why": ["-"],
        "rule": "-"})
    assert durability.due(s, [parts, attacks]) == {}


def brawl3():
    # a1 strikes b1 (1.5 cm ahead) and c1 (1.53 cm, 60° off its facing); b1 and c1 strike a1; b1–c1 face away
    return state(warrior("a1", "A", "infantryman", 10, 10, 90), warrior("b1", "B", "infantryman", 10, 14, 270),
                 warrior("c1", "C", "infantryman", 13.5, 12.0, 180), sides="ABC")


BRAWL = {"stage": "melee", "fights": [{"attackers": ["a1"], "charges": [], "targets": ["b1"]}]}


def brawl_initiative():
    return (Inputs(2).roll("A", "initiative", 6, fight="2.1").roll("B", "initiative", 1, fight="2.1")
            .roll("C", "initiative", 1, fight="2.1"))


def test_c22_in_a_brawl_each_side_is_asked_to_dedicate_its_attacks_with_the_even_default():
    ctx, waiting = run(brawl3(), brawl_initiative(), lambda ctx: melee.melee(ctx, "A", BRAWL, OPTIONS))
    assert of_type(ctx, "warband.participants")[0]["kind"] == "brawl"
    (req,) = waiting.requests
    assert (req.name, req.actor, req.key_dict) == ("dedicate", "A", {"fight": "2.1", "step": "A"})
    assert dict(req.default) == {"B": 1, "C": 1}


def test_c22_the_remainder_of_an_uneven_split_goes_to_the_side_first_in_turn_order():
    s = brawl3()
    s = s.with_warrior(replace(s.warrior("a1"), type="knight"))
    from replay.rulesets.warband.model import Effect

    s = s.with_warrior(replace(s.warrior("a1"), effects=(Effect("test", {"attacks": 1}, 2),)))
    ctx, waiting = run(s, brawl_initiative(), lambda ctx: melee.melee(ctx, "A", BRAWL, OPTIONS))
    assert dict(waiting.requests[0].default) == {"B": 2, "C": 1}


def test_c22_all_attacks_dedicated_to_one_side_go_only_to_it():
    inputs = (brawl_initiative().choice("A", "dedicate", {"B": 2, "C": 0}, fight="2.1", step="A")
              .roll("A", "to_wound", 6, 6, fight="2.1", warrior="a1", vs="infantryman", to="B")
              .choice("B", "allocate", "b1", fight="2.1", step="A", pool="infantryman", hit=1))
    ctx, waiting = run(brawl3(), inputs, lambda ctx: melee.melee(ctx, "A", BRAWL, OPTIONS))
    (ded,) = of_type(ctx, "warband.dedicated")
    assert ded["attacks"] == {"B": 2, "C": 0}
    (att,) = of_type(ctx, "warband.attacks")
    assert [(p["warrior"], p["attacks"], p["to"]) for p in att["pools"]] == [("a1", 2, "B")]
    wounds = [(w["warrior"], w["hit"]) for w in of_type(ctx, "warband.wound")]
    assert ("b1", 1) in wounds and all(w != "c1" for w, _ in wounds)


def test_c22_a_split_dedication_rolls_one_pool_per_side_and_each_side_allocates_its_own_hits():
    inputs = (brawl_initiative().choice("A", "dedicate", {"B": 1, "C": 1}, fight="2.1", step="A")
              .roll("A", "to_wound", 6, fight="2.1", warrior="a1", vs="infantryman", to="B")
              .roll("A", "to_wound", 6, fight="2.1", warrior="a1", vs="infantryman", to="C")
              .roll("B", "save_armour", 1, fight="2.1", step="A", pool="infantryman", hit=1, warrior="b1"))
    ctx, waiting = run(brawl3(), inputs, lambda ctx: melee.melee(ctx, "A", BRAWL, OPTIONS))
    wounded = [w["warrior"] for w in of_type(ctx, "warband.wound") if w["wounded"]]
    assert wounded == ["b1", "c1"]
    assert ctx.state.warrior("b1").status == ctx.state.warrior("c1").status == "removed"


def test_c22_a_dedication_is_checked_against_the_side_s_attacks():
    s = brawl3()
    problems = melee.dedication_problems(s, "A", ["a1"], {"a1": ["b1", "c1"]}, True, {"B": 3, "C": 0})
    assert problems == ["C22: only 2 of A's attacks can reach B, not 3", "C22: A has 2 attack(s) to dedicate, not 3"]
    assert melee.dedication_problems(s, "A", ["a1"], {"a1": ["b1", "c1"]}, True, {"D": 2}) == [
        "C22: A's warriors here strike no warrior of 'D'"]


def wall_charge(kind: str = "infantryman"):
    wall = [{"id": "w1", "polygon": [[10, 20], [30, 20], [30, 24], [10, 24]], "height": 4, "climbable": True,
             "wall": True}]
    return state(warrior("a1", "A", kind, 20, 14, 90), warrior("b1", "B", "infantryman", 20, 25.5, 270),
                 terrain=wall, stage="melee")


@pytest.mark.parametrize(("kind", "lost"), [("infantryman", 3), ("ogre", 5)])
def test_txt_a_charge_that_climbs_a_wall_with_the_enemy_at_it_costs_an_attack_and_initiative(kind, lost):
    from replay.rulesets.warband import derive

    s = wall_charge(kind)
    end = 21.5 if kind == "infantryman" else 20.75
    decl = {"w": "a1", "target": "b1", "path": [[20, end]]}
    inputs = Inputs(2).roll("A", "charge_roll", 6, fight="2.1", warrior="a1")
    ctx, waiting = run(s, inputs, lambda ctx: melee.charge(ctx, "2.1", decl, OPTIONS))
    assert waiting is None
    (c,) = of_type(ctx, "warband.charge")
    assert (c["success"], c["attack_penalty"], c["initiative_penalty"], c["z"]) == (True, 1, lost, 4)
    assert "A-78" in c["defaults"]
    a1 = ctx.state.warrior("a1")
    base = s.warrior("a1")
    assert derive.attacks(a1) == derive.attacks(base) - 1 and derive.initiative(a1) == derive.initiative(base) - lost
    assert a1.z == 4


def test_a88_durability_modes_all_participants_and_literal_l236():
    from eventlog.envelope import Draft
    from replay.rulesets.warband import durability

    parts = Draft("warband.participants", {
        "fight": "2.1", "initiator": "A", "sides": {"A": ["a1"], "B": ["b1", "b2"]}, "second_rank": [],
        "kind": "fight", "targets": {}, "why": ["-"], "rule": "-"})
    attacks = Draft("warband.attacks", {"fight": "2.1", "step": "B", "side": "B", "pools": [
        {"warrior": "b1", "vs": "infantryman", "attacks": 1, "tn": 4, "dice": [1], "hits": 0}], "why": ["-"],
        "rule": "-"})
    drafts = [parts, attacks]
    short = state(warrior("a1", "A", "infantryman", 20, 10, 90, items=["helmet"]),
                  warrior("b1", "B", "infantryman", 18.7, 15, 270, items=["helmet"]),
                  warrior("b2", "B", "infantryman", 21.3, 15, 270, items=["helmet"]))
    assert sorted(durability.due(short, drafts)) == ["a1"]  # short against short: A was attacked
    assert sorted(durability.due(short, drafts, "all_participants")) == ["a1", "b1", "b2"]
    assert durability.due(short, drafts, "literal_L236") == {}
    one_long = long_fight_state([["helmet"], ["helmet"]])  # a long weapon on one side only: nobody by default
    assert durability.due(one_long, drafts) == {} and durability.due(one_long, drafts, "literal_L236") == {}
    both = long_fight_state([["long_weapon", "helmet"], ["helmet"]])
    assert sorted(durability.due(both, drafts)) == sorted(durability.due(both, drafts, "literal_L236")) == ["a1", "b1"]
