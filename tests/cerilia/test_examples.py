"""The source's worked examples (spec §8, TXT-nn) as tests: given this state, these orders and rolls, this happens."""

from __future__ import annotations

from replay.context import Request, freeze
from replay.ruleset import Point
from replay.rulesets.cerilia.battle import aggregate, lookup
from replay.rulesets.cerilia.derive import code, mp_available
from replay.rulesets.cerilia.parse import parse_post
from tests.cerilia.kit import RULES, Log, at, battle, character, of_type, resolve, troop


def _post(state, actor, step, text):
    point = Point(state.round + 1, state, state, None, requests=(Request("order", actor, "order",
                                                                         freeze({"step": step})),))
    return parse_post(text, point, actor)


def test_txt01_the_sources_prose_line_moves_and_declares_melee_and_meets_the_obligation():
    s = battle(2)
    troop(s, "A-Pk-1", "E2-3", "Sh")
    troop(s, "D-Pe-1", "E3-2", "B")
    parsed = _post(s, "alice", "A1", "Пикинер в 3 E2 переходит в E3 и бьет Крестьян в 2")
    assert parsed.errors == []
    (order,) = parsed.drafts
    assert order.payload == {"step": "A1", "lines": [
        {"verb": "move", "actor": "A-Pk-1", "path": ["E2", "E3"], "line": 1},
        {"verb": "declare_melee", "actor": "A-Pk-1", "target": "D-Pe-1", "line": 1}]}
    log = Log(2)
    log.events.append(log._add("order", "alice", order.payload).events.pop())
    stop = resolve(s, log.order("D", "A3"))
    assert stop.error is None
    (moved,) = of_type(stop, "moved")
    assert (moved["to"], moved["slot"], moved["entry"]) == ("E3", 1, True)
    assert stop.state.stacks["A-Pk-1"].melee_target == "D-Pe-1"
    assert stop.state.units["A-Pk-1"].mp == 0
    # the Defender's obligation in E3 (k = 1) is met: Pe1 is attacked by the entrant; it fights it back
    (chosen,) = [t for t in of_type(stop, "target_chosen") if t["stack"] == "D-Pe-1"]
    assert (chosen["target"], chosen["how"]) == ("A-Pk-1", "auto")


def test_txt02_the_sign_is_rolled_or_declared_once():
    s = battle(1)
    for n in (1, 2, 3, 4):
        troop(s, f"A-In-{n}", "pool", None)
    troop(s, "D-In-1", "E3-1", "B")
    lines = [{"verb": "deploy", "actor": f"A-In-{n}", "path": ["RA", "B1"], "sign": "roll"} for n in (1, 2, 3)]
    lines.append({"verb": "deploy", "actor": "A-In-4", "path": ["RA", "C1"], "sign": "B"})
    log = Log(1).order("A", "A1", *lines).order("D", "A3")
    for n in (1, 2, 3):
        log.roll("A", "1D3", "sign", f"A-In-{n}", n)
    stop = resolve(s, log)
    assert [stop.state.units[f"A-In-{n}"].sign for n in (1, 2, 3, 4)] == ["Sw", "Sh", "B", "B"]
    later = stop.state
    later.stacks["A-In-1"].location = "RA-1"
    later.stacks["A-In-1"].reserve_entry_round = 1
    again = resolve(later, Log(2).order("A", "A1", {"verb": "deploy", "actor": "A-In-1", "path": ["RA", "B1"],
                                                    "reserve_slot": 1, "sign": "Sh"}))
    assert again.error is not None and "sign_already_assigned" in again.error


def test_txt02_a_first_deployment_without_a_sign_is_refused_cp01():
    s = battle(1)
    troop(s, "A-In-1", "pool", None)
    stop = resolve(s, Log(1).order("A", "A1", {"verb": "deploy", "actor": "A-In-1", "path": ["RA", "B1"]}))
    assert stop.error is not None and "CP-01" in stop.error


def test_txt04_first_free_slot_in_the_order_of_movement():
    for order, expected in (((1, 2), ("D2-2", "D2-3")), ((2, 1), ("D2-3", "D2-2"))):
        s = battle(1)
        troop(s, "A-In-1", "D2-1", "B")
        troop(s, "A-Arc-1", "C2-1", "B")
        troop(s, "A-Arc-2", "E2-1", "B")
        troop(s, "D-In-9", "A3-1", "B")
        moves = {1: {"verb": "move", "actor": "A-Arc-1", "path": ["C2", "D2"]},
                 2: {"verb": "move", "actor": "A-Arc-2", "path": ["E2", "D2"]}}
        stop = resolve(s, Log(1).order("A", "A1", *(moves[i] for i in order)).order("D", "A3"))
        assert (at(stop, "A-Arc-1"), at(stop, "A-Arc-2")) == expected


def test_txt05_a_joined_commander_moves_with_the_least_mp_of_the_stack():
    s = battle(1)
    character(s, "aerin", "A", location="B1-1", sign="Sh")
    troop(s, "A-Kn-1", "B2-1", "B")
    troop(s, "D-In-9", "A3-1", "B")
    join = [{"verb": "move", "actor": "aerin", "path": ["B1", "B2"]},
            {"verb": "join", "actor": "aerin", "character": "aerin", "host": "A-Kn-1"}]
    stop = resolve(s, Log(1).order("A", "A1", *join).order("D", "A3"))
    assert stop.error is None
    state = stop.state
    kn = state.stacks["A-Kn-1"]
    assert state.units["aerin"].mp == 3 and mp_available(state, kn) == 2 and str(code(state, kn)) == "KnB*"
    ok = resolve(s, Log(1).order("A", "A1", *join, {"verb": "move", "actor": "A-Kn-1", "path": ["B2", "C2", "D2"]})
                 .order("D", "A3"))
    assert ok.error is None and at(ok, "A-Kn-1") == "D2-1"
    too_far = resolve(s, Log(1).order("A", "A1", *join, {"verb": "move", "actor": "A-Kn-1",
                                                          "path": ["B2", "C2", "D2", "E2"]}))
    assert too_far.error is not None and "needs 3 MP" in too_far.error


def test_txt06_the_commanders_plus_two_on_the_charge_in_b3():
    s = battle(1)
    character(s, "aerin", "A", location="A1-1", sign="Sh")
    troop(s, "A-Kn-1", "C1-1", "B")
    troop(s, "D-In-1", "C3-1", "B")
    lines = [{"verb": "move", "actor": "aerin", "path": ["A1", "B1", "C1"]},
             {"verb": "join", "actor": "aerin", "character": "aerin", "host": "A-Kn-1"},
             {"verb": "declare_charge", "actor": "A-Kn-1", "path": ["C1", "C2", "C3"], "target": "D-In-1"}]
    stop = resolve(s, Log(1).order("A", "A1", *lines).order("D", "A3").d9("A", "A-Kn-1", 5))
    assert stop.error is None, stop.error
    (charge,) = [a for a in of_type(stop, "attack") if a["kind"] == "charge"]
    assert (charge["value"], charge["defence"], charge["diff"], charge["col"], charge["result"]) == (6, 2, 4, 3, "R")
    assert charge["value_parts"] == [["Kn charge", 4], ["Lord Aerin", 2]]
    assert at(stop, "A-Kn-1") == "C3-1" and stop.state.stacks["A-Kn-1"].melee_target is None
    assert stop.state.stacks["D-In-1"].routed and stop.state.units["D-In-1"].damage == 1


def _entering(n_defenders: int):
    s = battle(1)
    for n in range(1, n_defenders + 1):
        troop(s, f"D-In-{n}", f"C2-{n}", "B")
    troop(s, "A-Arc-1", "B2-1", "B")
    troop(s, "A-Arc-2", "D2-1", "B")
    return s, [{"verb": "move", "actor": "A-Arc-1", "path": ["B2", "C2"]},
               {"verb": "move", "actor": "A-Arc-2", "path": ["D2", "C2"]}]


def test_txt07_two_entrants_oblige_both_free_defenders():
    s, moves = _entering(2)
    base = Log(1).order("A", "A1", *moves)
    both = resolve(s, Log(1).order("A", "A1", *moves).order(
        "D", "A3", {"verb": "declare_melee", "actor": "D-In-1", "target": "A-Arc-1"},
        {"verb": "declare_melee", "actor": "D-In-2", "target": "A-Arc-1"}))
    assert both.error is None
    one = resolve(s, base.order("D", "A3", {"verb": "declare_melee", "actor": "D-In-1", "target": "A-Arc-1"}))
    assert one.error is not None and "§4.3.6" in one.error and "at least 2" in one.error


def test_txt08_one_entrant_three_defenders_one_is_enough_none_is_refused():
    s = battle(1)
    for n in (1, 2, 3):
        troop(s, f"D-In-{n}", f"C2-{n}", "B")
    troop(s, "A-In-1", "C1-1", "B")
    move = {"verb": "move", "actor": "A-In-1", "path": ["C1", "C2"]}
    for k in (1, 2, 3):
        melee = [{"verb": "declare_melee", "actor": f"D-In-{n}", "target": "A-In-1"} for n in range(1, k + 1)]
        assert resolve(s, Log(1).order("A", "A1", move).order("D", "A3", *melee)).error is None
    none = resolve(s, Log(1).order("A", "A1", move).order("D", "A3"))
    assert none.error is not None and "obligation" in none.error


def test_txt09_no_passing_through_an_enemy_sector_but_stopping_in_it():
    s = battle(3)
    troop(s, "D-In-1", "B2-1", "B", target="A-In-2", since=2)
    troop(s, "A-In-2", "B2-1", "B", target="D-In-1", since=2)
    troop(s, "A-Sc-1", "B1-1", "B")
    through = resolve(s, Log(3).order("A", "A1", {"verb": "move", "actor": "A-Sc-1", "path": ["B1", "B2", "B3"]}))
    assert through.error is not None and "pass through" in through.error
    stop = resolve(s, Log(3).order("A", "A1", {"verb": "move", "actor": "A-Sc-1", "path": ["B1", "B2"]})
                   .order("D", "A3"))
    assert stop.error is None and stop.state.stacks["A-Sc-1"].entered_enemy_sector_round == 3


def test_txt13_a_newly_engaged_archer_keeps_its_first_shot_before_melee():
    s = battle(5)
    troop(s, "D-Arc-1", "C3-1", "B")
    troop(s, "A-In-1", "C2-1", "Sw")
    log = (Log(5).order("A", "A1", {"verb": "move", "actor": "A-In-1", "path": ["C2", "C3"]},
                        {"verb": "declare_melee", "actor": "A-In-1", "target": "D-Arc-1"})
           .order("D", "A3").order("D", "B_D", {"verb": "shoot", "actor": "D-Arc-1", "target": "A-In-1"})
           .d9("D", "D-Arc-1", 8).choice("A", "rout_move", "A-In-1", "C2"))
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == ()
    (shot,) = of_type(stop, "attack")
    assert (shot["kind"], shot["diff"], shot["result"]) == ("stationary", 0, "R")
    assert [d.phase for d in stop.drafts if d.type == "cerilia.attack"] == ["B2"]  # In1 routed: no melee; Arc1 used
    assert of_type(stop, "rout_moved")[0]["to"] == "C2"


def test_txt14_a_damaged_archer_declines_the_shot_and_rolls_melee():
    s = battle(5)
    troop(s, "D-Arc-1", "C3-1", "B", damage=2)
    troop(s, "A-In-1", "C2-1", "Sw")
    log = (Log(5).order("A", "A1", {"verb": "move", "actor": "A-In-1", "path": ["C2", "C3"]},
                        {"verb": "declare_melee", "actor": "A-In-1", "target": "D-Arc-1"})
           .order("D", "A3").order("D", "B_D").d9("D", "D-Arc-1", 5).d9("A", "A-In-1", 3))
    stop = resolve(s, log)
    attacks = {a["attacker"]: a for a in of_type(stop, "attack")}
    assert attacks["D-Arc-1"]["kind"] == "melee" and attacks["D-Arc-1"]["value"] == 1
    s2 = battle(5)
    troop(s2, "D-Arc-1", "C3-1", "B", damage=2)
    troop(s2, "A-In-1", "C3-1", "Sw")
    assert lookup(s2, s2.stacks["D-Arc-1"], s2.stacks["A-In-1"], "stationary", 5).value.total == 0


def test_txt16_shooters_ignore_f():
    s = battle(2)
    troop(s, "A-Arc-1", "C2-1", "B")
    troop(s, "D-Kn-1", "C3-1", "Sh")
    stop = resolve(s, Log(2).order("A", "A1").order("D", "A3").order("A", "B_A", {
        "verb": "shoot", "actor": "A-Arc-1", "target": "D-Kn-1"}).d9("A", "A-Arc-1", 1))
    (shot,) = of_type(stop, "attack")
    assert (shot["diff"], shot["result"], shot["effective"]) == (-1, "F", "-")
    assert of_type(stop, "effect") == [] and not stop.state.stacks["A-Arc-1"].fall_back_pending


def test_txt19_pikemen_defend_against_the_charge():
    s = battle(1)
    troop(s, "A-Kn-1", "C2-1", "B")
    troop(s, "D-Pk-1", "C3-1", "B")
    troop(s, "D-In-1", "C3-2", "B")
    assert lookup(s, s.stacks["A-Kn-1"], s.stacks["D-Pk-1"], "charge", 5).diff == 0
    assert lookup(s, s.stacks["A-Kn-1"], s.stacks["D-In-1"], "charge", 5).diff == 2


def test_txt21_a_rout_with_overflowing_damage_destroys():
    out = aggregate(["R"], 2, 2, False)
    assert out.destroyed and not out.routed and out.damage_after == 3


def test_txt15_and_amb58_aggregation():
    assert aggregate(["R"], 0, 2, True).routed and aggregate(["R"], 0, 2, True).f_discarded
    assert aggregate(["D"], 0, 2, True).destroyed
    assert aggregate([], 0, 2, True).falls_back
    both = aggregate(["H", "H"], 0, 2, False)
    assert both.damage_after == 2 and not both.destroyed


def test_txt27_a_lone_commander_defends_with_the_peasant_card():
    s = battle(1)
    troop(s, "A-In-1", "C2-1", "B")
    character(s, "tamor", "D", location="C2-1", sign="B")
    lk = lookup(s, s.stacks["A-In-1"], s.stacks["tamor"], "melee", 5)
    assert (lk.value.total, lk.defence.total, lk.diff) == (2, 1, 1)


def test_txt28_bonuses_do_not_add_up():
    s = battle(1)
    troop(s, "A-In-1", "C2-1", "B")
    character(s, "aerin", "A", host="A-In-1")
    character(s, "gavan", "A", host="A-In-1")
    troop(s, "A-Kn-1", "B2-1", "B")
    character(s, "aerin", "A", host="A-Kn-1")
    s.stacks["A-Kn-1"].members.append("gavan")
    troop(s, "D-In-9", "C2-1", "B")
    assert lookup(s, s.stacks["A-In-1"], s.stacks["D-In-9"], "melee", 5).value.total == 3
    assert lookup(s, s.stacks["A-Kn-1"], s.stacks["D-In-9"], "charge", 5).value.total == 6


def test_txt22_and_txt23_fall_back_never_into_the_reserve_rout_may():
    from replay.rulesets.cerilia.model import CeriliaOptions
    from replay.rulesets.cerilia.phase_c import fallback_options, rout_options

    s = battle(1)
    troop(s, "A-In-1", "B1-1", "B")
    assert fallback_options(s, s.stacks["A-In-1"], CeriliaOptions()) == ["A1", "C1"]
    assert set(rout_options(s, s.stacks["A-In-1"])) == {"A1", "C1", "RA"}


def test_txt36_no_diagonal_moves():
    s = battle(1)
    troop(s, "A-In-1", "B1-1", "B")
    stop = resolve(s, Log(1).order("A", "A1", {"verb": "move", "actor": "A-In-1", "path": ["B1", "C2"]}))
    assert stop.error is not None and "diagonal" in stop.error


def test_txt32_the_enemy_reserve_is_inviolable():
    s = battle(1)
    troop(s, "A-In-1", "C3-1", "B")
    stop = resolve(s, Log(1).order("A", "A1", {"verb": "move", "actor": "A-In-1", "path": ["C3", "RD"]}))
    assert stop.error is not None and "reserve" in stop.error


def test_txt25_a_character_group_takes_damage_for_every_member():
    from replay.context import Context, TurnInputs
    from replay.rulesets.cerilia.evolve import evolve
    from replay.rulesets.cerilia.phase_b import apply_results

    s = battle(1)
    character(s, "aerin", "A", location="C2-1", sign="Sh", damage=1)
    character(s, "gavan", "A", host="aerin", sign="B")
    ctx = Context(TurnInputs(1), s, evolve)
    apply_results(ctx, "aerin", ["H"], False, "test")
    state = ctx.state
    assert state.units["aerin"].status == "fallen" and state.units["gavan"].damage == 1
    assert str(code(state, state.stacks["aerin"])) == "CB1"


def test_s3_round7_the_routed_troop_flees_the_shortest_path_into_its_reserve():
    s = battle(7)
    troop(s, "A-In-1", "C1-2", "Sh", damage=1, routed=True, rout_round=6, rout_first_move_done=True)
    troop(s, "A-Arc-1", "C1-1", "Sw")
    troop(s, "D-Kn-1", "C2-1", "B", damage=1)
    waiting = resolve(s, Log(7).order("A", "A1").order("D", "A3").order("A", "B_A"))
    (request,) = waiting.requests  # C3: the flight into the reserve names its slot
    assert (request.name, request.key_dict, request.options) == ("rout_flight", {"stack": "A-In-1"}, ("C1>RA",))
    log = Log(7)._add("choice", "alice", {"name": "rout_flight", "value": "C1>RA", "stack": "A-In-1",
                                          "reserve_slot": 1})
    stop = resolve(s, log.order("A", "A1").order("D", "A3").order("A", "B_A"))
    (fled,) = of_type(stop, "rout_fled")
    assert (fled["path"], fled["to"], fled["slot"], fled["how"]) == (["C1", "RA"], "RA", 1, "forced")
    assert stop.state.stacks["A-In-1"].reserve_entry_round == 7


def test_the_flight_path_ties_take_the_cp12_default_and_a_blocked_flight_destroys():
    from replay.rulesets.cerilia.flight import flight_paths

    s = battle(4)
    troop(s, "D-In-1", "C1-1", "B", routed=True, rout_round=3, rout_first_move_done=True)
    assert [">".join(p) for p in flight_paths(s, s.stacks["D-In-1"])] == ["C1>C2>C3>RD"]
    troop(s, "A-Pe-1", "C2-1", "B")
    paths = [">".join(p) for p in flight_paths(s, s.stacks["D-In-1"])]
    assert paths[:2] == ["C1>B1>B2>B3>RD", "C1>D1>D2>D3>RD"]
    for sector in ("B1", "D1"):
        troop(s, f"A-Pe-{sector}", f"{sector}-1", "B")
    stop = resolve(s, Log(4).order("A", "A1"))
    (gone,) = of_type(stop, "destroyed")
    assert (gone["stack"], gone["cause"]) == ("D-In-1", "flight_blocked")


def test_txt33_a_routed_unit_in_the_reserve_rolls_d100_against_its_morale_signs():
    s = battle(4)
    troop(s, "A-In-1", "RA-1", "B", damage=1, routed=True, rout_round=3, rout_first_move_done=True,
          reserve_entry_round=3)
    troop(s, "A-Kn-1", "RA-2", "B", routed=True, rout_round=3, rout_first_move_done=True, reserve_entry_round=3)
    troop(s, "A-Pe-1", "C1-1", "B")
    troop(s, "D-Pe-1", "C3-1", "B")
    pe = {"verb": "move", "actor": "A-Pe-1", "path": ["C1", "B1"]}  # somebody moves: no §5.8 1d10
    log = Log(4).order("A", "A1", pe).order("D", "A3")
    waiting = resolve(s, log)
    (request,) = waiting.requests
    assert (request.name, request.options, request.default) == ("morale_check", ("attempt", "skip"), "skip")
    passed = resolve(s, Log(4).order("A", "A1", pe).order("D", "A3").roll("A", "1d100", "morale", "A-In-1", 40))
    knight = [m for m in of_type(passed, "morale_checked") if m["stack"] == "A-Kn-1"]
    assert knight and knight[0]["auto"] and knight[0]["passed"] and knight[0]["roll"] is None
    (check,) = [m for m in of_type(passed, "morale_checked") if m["stack"] == "A-In-1"]
    assert (check["drawn"], check["passed"]) == ("Sh", True) and not passed.state.stacks["A-In-1"].routed
    failed = resolve(s, Log(4).order("A", "A1", pe).order("D", "A3").roll("A", "1d100", "morale", "A-In-1", 20))
    assert failed.state.stacks["A-In-1"].routed
    skipped = resolve(s, log.choice("A", "morale_check", "A-In-1", "skip"))
    assert skipped.requests == () and skipped.state.stacks["A-In-1"].routed


def test_a_concession_ends_the_battle_at_once_and_a_draw_needs_both():
    s = battle(2)
    troop(s, "A-In-1", "C1-1", "B")
    troop(s, "D-In-1", "C3-1", "B")
    log = Log(2).order("A", "A1")
    log._add("order", "bob", {"step": "any", "lines": [{"verb": "concede"}]})
    stop = resolve(s, log)
    assert stop.requests == () and stop.state.outcome == {"winner": "A", "loser": "D", "draw": False,
                                                          "reason": "concession"}
    offer = Log(2)._add("order", "alice", {"step": "any", "lines": [{"verb": "offer_draw"}]})
    assert resolve(s, offer).state.outcome is None
    offer._add("order", "bob", {"step": "any", "lines": [{"verb": "accept_draw"}]})
    assert resolve(s, offer).state.outcome["draw"] is True


def test_txt29_a_side_with_no_stack_on_the_field_at_c5_loses():
    s = battle(2)
    troop(s, "A-In-1", "C1-1", "B")
    troop(s, "D-In-1", "RD-1", "B")
    stop = resolve(s, Log(2).order("A", "A1", {"verb": "move", "actor": "A-In-1", "path": ["C1", "C2"]})
                   .order("D", "A3"))
    assert stop.state.outcome == {"winner": "A", "loser": "D", "draw": False, "reason": "no_units_on_field"}


def _melee_pair(mp_in: int = 1):
    s = battle(4)
    troop(s, "A-In-1", "C2-1", "B", target="D-In-1", since=3)
    troop(s, "D-In-1", "C2-1", "B", target="A-In-1", since=3)
    troop(s, "A-In-2", "A1-1", "B")
    return s, Log(4).order("A", "A1").order("D", "A3").d9("A", "A-In-1", 3).d9("D", "D-In-1", 3)


def test_txt20_an_engaged_stack_with_1_mp_retreats_voluntarily_in_c3():
    s, log = _melee_pair()
    waiting = resolve(s, log)
    assert [(r.name, r.key_dict) for r in waiting.requests] == [("order", {"step": "C_A"})]
    stop = resolve(s, log.order("A", "C_A", {"verb": "voluntary_retreat", "actor": "A-In-1", "to": "C1"}))
    (retreat,) = of_type(stop, "retreated")
    assert (retreat["to"], retreat["slot"]) == ("C1", 1) and stop.requests == ()  # D-In-1 is free: no C_D post
    assert stop.state.units["A-In-1"].mp == 0 and stop.state.stacks["D-In-1"].melee_target is None


def test_txt20_a_free_or_exhausted_stack_cannot_retreat_and_an_unasked_post_is_refused():
    from eventlog.envelope import Draft
    from replay.rulesets.cerilia.check import check_draft
    from replay.rulesets.cerilia.model import CeriliaOptions

    s, log = _melee_pair()
    s.units["A-In-1"].mp_max = 0  # as if halted in a swamp: no MP left in Phase C
    stop = resolve(s, log)
    assert stop.requests == () or stop.requests[0].key_dict != {"step": "C_A"}
    late = Draft("order", {"step": "C_A", "lines": [{"verb": "voluntary_retreat", "actor": "A-In-1", "to": "C1"}]},
                 None, "alice")
    problems = check_draft(RULES, None, s, log.inputs(), late, CeriliaOptions())
    assert problems and "does not ask for your C_A post" in problems[0]


def test_txt20_into_the_enemy_only_sector_or_forward_is_refused():
    s, log = _melee_pair()
    troop(s, "D-Pe-9", "B2-1", "B")
    stop = resolve(s, log.order("A", "C_A", {"verb": "voluntary_retreat", "actor": "A-In-1", "to": "B2"}))
    assert stop.error is not None and "not a retreat destination" in stop.error


def _mage(round_: int = 2):
    s = battle(round_)
    character(s, "maelis", "D", location="C3-1", sign="Sw")
    s.units["maelis"].spell_stock = {"fireball": 2, "veil": 1, "mire": 1}
    troop(s, "A-In-1", "C2-1", "B")
    troop(s, "A-In-2", "B2-1", "B", target="D-Pe-1", since=1)
    troop(s, "D-Pe-1", "B2-1", "B", target="A-In-2", since=1)
    return s


def _cast_log(round_: int, target: str = "A-In-1", spell: str = "fireball"):
    return (Log(round_).order("A", "A1").order("D", "A3")
            .order("D", "B_D", {"verb": "cast", "actor": "maelis", "spell": spell, "target": target})
            .d9("A", "A-In-2", 3).d9("D", "D-Pe-1", 3).order("A", "C_A").order("D", "C_D"))


def test_txt11_and_txt12_a_fireball_hits_a_free_enemy_without_a_roll_and_the_stock_runs_down():
    s = _mage()
    stop = resolve(s, _cast_log(2))
    assert stop.error is None, stop.error
    (cast,) = of_type(stop, "cast")
    assert (cast["caster"], cast["spell"], cast["effect"]) == ("maelis", "fireball", {"result": "H"})
    assert stop.state.units["A-In-1"].damage == 1 and stop.state.units["maelis"].spell_stock["fireball"] == 1
    engaged = resolve(s, _cast_log(2, target="A-In-2"))
    assert engaged.error is not None and "TXT-12" in engaged.error
    s.units["maelis"].spell_stock["fireball"] = 0
    exhausted = resolve(s, _cast_log(2))
    assert exhausted.error is not None and "stock_exhausted" in exhausted.error


def test_a_terrain_spell_changes_the_sector_and_the_veil_hides_a_friend():
    s = _mage()
    stop = resolve(s, _cast_log(2, target="C2", spell="mire"))
    assert stop.error is None and stop.state.terrain["C2"] == "swamp"
    troop(s, "D-Pk-1", "C3-2", "Sh")
    veiled = resolve(s, _cast_log(2, target="D-Pk-1", spell="veil"))
    assert veiled.error is None and veiled.state.stacks["D-Pk-1"].hidden
    from replay.rulesets.cerilia.derive import code as code_of
    assert str(code_of(veiled.state, veiled.state.stacks["D-Pk-1"])) == "[PkSh]"


def _riders(extra=None):
    s = battle(2)
    troop(s, "D-Rd-1", "C2-1", "B")
    troop(s, "A-In-1", "C1-1", "B")
    troop(s, "D-Pe-5", "E3-1", "B")
    a1 = [{"verb": "move", "actor": "A-In-1", "path": ["C1", "C2"]},
          {"verb": "declare_melee", "actor": "A-In-1", "target": "D-Rd-1"}]
    if extra:
        extra(s, a1)
    return s, a1


def test_txt10_a_mounted_stack_retreats_from_foot_entrants_even_forward():
    s, a1 = _riders()
    retreat = {"verb": "mounted_retreat", "actor": "D-Rd-1", "to": "C1"}
    stop = resolve(s, Log(2).order("A", "A1", *a1).order("D", "A3", retreat))
    assert stop.error is None, stop.error
    assert at(stop, "D-Rd-1") == "C1-1" and stop.state.units["D-Rd-1"].mp == 2
    assert stop.state.stacks["A-In-1"].melee_target is None
    twice = resolve(s, Log(2).order("A", "A1", *a1).order("D", "A3", retreat,
                                                          {"verb": "mounted_retreat", "actor": "D-Rd-1",
                                                           "to": "B1"}))
    assert twice.error is not None and "one mounted retreat a round" in twice.error
    into_reserve = resolve(s, Log(2).order("A", "A1", *a1).order("D", "A3", {**retreat, "to": "RD"}))
    assert into_reserve.error is not None and "never a reserve" in into_reserve.error


def test_txt10_variants_a_mounted_entrant_or_an_earlier_attacker_bar_it():
    def knight(s, a1):
        troop(s, "A-Kn-2", "B2-1", "B")
        a1.append({"verb": "move", "actor": "A-Kn-2", "path": ["B2", "C2"]})

    s, a1 = _riders(knight)
    stop = resolve(s, Log(2).order("A", "A1", *a1).order("D", "A3", {"verb": "mounted_retreat", "actor": "D-Rd-1",
                                                                     "to": "C3"}))
    assert stop.error is not None and "AMB-21" in stop.error

    def earlier(s, a1):
        troop(s, "A-Pe-9", "C2-2", "B")
        a1[1] = {"verb": "declare_melee", "actor": "A-Pe-9", "target": "D-Rd-1"}

    s, a1 = _riders(earlier)
    stop = resolve(s, Log(2).order("A", "A1", *a1).order("D", "A3", {"verb": "mounted_retreat", "actor": "D-Rd-1",
                                                                     "to": "C3"}))
    assert stop.error is not None and "AMB-22" in stop.error
