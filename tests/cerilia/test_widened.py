"""Rules widened after the first slice: C10's first shot, hidden stacks revealed by acting and found by Scouts
(§5.7.3), a charge's new target (CP-20), the DM's end of the battle (CP-18) and overrides (CP-25), and the "nobody
moved" 1d10 rule (§5.8, spec §9 S6)."""

from __future__ import annotations

from pathlib import Path

from eventlog.envelope import Draft
from replay.rulesets.cerilia.check import check_draft
from replay.rulesets.cerilia.model import CeriliaOptions
from tests.cerilia.kit import RULES, Log, at, battle, of_type, resolve, troop


def c10(enemy_declares: bool):
    s = battle(5)
    troop(s, "D-Arc-1", "C3-1", "B")
    troop(s, "A-In-1", "C2-1", "Sw")
    a1 = [{"verb": "move", "actor": "A-In-1", "path": ["C2", "C3"]}]
    a3 = []
    if enemy_declares:
        a1.append({"verb": "declare_melee", "actor": "A-In-1", "target": "D-Arc-1"})
    else:
        a3.append({"verb": "declare_melee", "actor": "D-Arc-1", "target": "A-In-1"})
    log = (Log(5).order("A", "A1", *a1).order("D", "A3", *a3)
           .order("D", "B_D", {"verb": "shoot", "actor": "D-Arc-1", "target": "A-In-1"})
           .d9("D", "D-Arc-1", 3).d9("A", "A-In-1", 3).order("D", "C_D"))
    return s, log


def test_c10_an_archer_that_declared_the_melee_itself_has_no_first_shot():
    s, log = c10(enemy_declares=False)
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == ()
    assert [e.payload["step"] for e in stop.unused] == ["B_D"]  # no Phase B post is asked of D
    shot = log.events[2]
    problems = check_draft(RULES, None, s, Log(5).order("A", "A1", *log.events[0].payload["lines"])
                           .order("D", "A3", *log.events[1].payload["lines"]).inputs(),
                           Draft("order", shot.payload, None, "bob"), CeriliaOptions())
    assert problems and "does not ask for your B_D post" in problems[0] and "C10" in problems[0]
    kinds = sorted((a["attacker"], a["kind"]) for a in of_type(stop, "attack"))
    assert kinds == [("A-In-1", "melee"), ("D-Arc-1", "melee")]


def test_c10_the_archer_engaged_by_the_enemy_keeps_it():
    s, log = c10(enemy_declares=True)
    stop = resolve(s, log)
    assert stop.error is None
    kinds = sorted((a["attacker"], a["kind"]) for a in of_type(stop, "attack"))
    assert kinds == [("A-In-1", "melee"), ("D-Arc-1", "stationary")]
    assert at(stop, "D-Arc-1") == "C3-1"


def cp20():
    s = battle(2)
    troop(s, "A-Kn-1", "C1-1", "B")
    troop(s, "D-In-1", "C3-1", "B")
    troop(s, "D-Pe-1", "C3-2", "Sw")
    log = (Log(2).order("A", "A1", {"verb": "declare_charge", "actor": "A-Kn-1", "path": ["C1", "C2", "C3"],
                                    "target": "D-In-1"})
           .order("D", "A3", {"verb": "move", "actor": "D-In-1", "path": ["C3", "D3"]}))
    return s, log


def test_cp20_a_charger_whose_target_left_is_asked_for_a_new_one_or_cancel():
    s, log = cp20()
    stop = resolve(s, log)
    (request,) = stop.requests
    assert (request.kind, request.name, request.key_dict, request.options, request.default) == (
        "choice", "charge_target", {"stack": "A-Kn-1"}, ("D-Pe-1", "cancel"), "cancel")
    stop = resolve(s, log.choice("A", "charge_target", "A-Kn-1", "D-Pe-1").d9("A", "A-Kn-1", 6))
    assert stop.error is None and stop.requests == ()
    (re,) = of_type(stop, "charge_retargeted")
    assert (re["old"], re["target"], re["how"]) == ("D-In-1", "D-Pe-1", "chosen")
    (charge,) = of_type(stop, "attack")
    assert (charge["kind"], charge["target"], charge["diff"], charge["result"]) == ("charge", "D-Pe-1", 3, "D")
    assert at(stop, "A-Kn-1") == "C3-1" and "D-Pe-1" not in stop.state.stacks


def test_cp20_cancelled_the_charger_stays_with_its_mp():
    s, log = cp20()
    stop = resolve(s, log.choice("A", "charge_target", "A-Kn-1", "cancel"))
    assert stop.error is None and stop.requests == ()
    (void,) = of_type(stop, "order_void")
    assert (void["stack"], void["reason"]) == ("A-Kn-1", "cancelled") and of_type(stop, "attack") == []
    assert at(stop, "A-Kn-1") == "C1-1" and stop.state.units["A-Kn-1"].mp == 2


def test_cp20_with_no_other_target_the_charge_is_void_without_asking():
    s, log = cp20()
    del s.stacks["D-Pe-1"], s.units["D-Pe-1"]
    troop(s, "D-Pe-1", "E3-1", "Sw")
    stop = resolve(s, log)
    assert stop.requests == () and [v["reason"] for v in of_type(stop, "order_void")] == ["revalidation"]


def melee_pair():
    s = battle(4)
    troop(s, "A-In-1", "C2-1", "B", target="D-In-1", since=3)
    troop(s, "D-In-1", "C2-1", "B", target="A-In-1", since=3)
    troop(s, "A-In-2", "A1-1", "B")
    return s, Log(4).order("A", "A1").order("D", "A3").d9("A", "A-In-1", 3).d9("D", "D-In-1", 3)


def test_cp25_the_dm_overrides_one_attacks_result_and_the_post_shows_both():
    from replay.rulesets.cerilia.events import trusted
    from replay.rulesets.cerilia.post import attack_line

    s, log = melee_pair()
    log.ruling(override={"name": "attack_result", "key": {"unit": "A-In-1", "target": "D-In-1"}}, value="R",
               note="the banner falls")
    stop = resolve(s, log.order("A", "C_A").choice("D", "rout_move", "D-In-1", "C3"))
    assert stop.error is None and stop.requests == (), stop.requests
    attacks = {a["attacker"]: a for a in of_type(stop, "attack")}
    ruled = attacks["A-In-1"]
    assert (ruled["diff"], ruled["computed"], ruled["result"], ruled["ruling"]) == (0, "-", "R", 104)
    assert "ruling" not in attacks["D-In-1"] or attacks["D-In-1"]["ruling"] is None
    assert stop.state.stacks["D-In-1"].routed and at(stop, "D-In-1") == "C3-1"
    line = attack_line(trusted("cerilia.attack", ruled), "en")
    assert line.endswith("card 3, target sign B → miss; the DM rules R (damage and rout) (seq 104)"), line


def test_cp18_the_dm_declares_a_defeat_where_resolution_stands():
    s, log = melee_pair()
    waiting = resolve(s, log)
    assert [r.key_dict for r in waiting.requests] == [{"step": "C_A"}]
    stop = resolve(s, log.ruling(override={"name": "battle_end", "key": {}}, value="D",
                                 note="no unit of D can harm the knights"))
    assert stop.error is None and stop.requests == ()
    (end,) = of_type(stop, "battle_ended")
    assert (end["winner"], end["loser"], end["draw"], end["reason"], end["ruling"]) == ("A", "D", False, "dm_defeat",
                                                                                         104)
    assert stop.state.outcome["reason"] == "dm_defeat"
    bad = resolve(s, melee_pair()[1].ruling(override={"name": "battle_end", "key": {}}, value="B"))
    assert bad.error is not None and "CP-18" in bad.error


def s6():
    """Spec §9 S6: round 5, nobody moves; C3 holds walls (level 2)."""
    s = battle(5, fortification={"sector": "C3", "level": 2})
    troop(s, "A-In-1", "B1-1", "B")
    troop(s, "A-Pe-1", "D1-1", "B")
    troop(s, "A-Kn-1", "RA-1", "Sh", reserve_entry_round=3)
    troop(s, "D-Pk-1", "C3-1", "B")
    troop(s, "D-In-1", "E3-1", "B")
    troop(s, "D-Arc-1", "A3-1", "B")
    return s, Log(5).order("A", "A1").order("D", "A3")


def stalemate_rolls(log: Log, a: int, d: int) -> Log:
    return log.roll("A", "1d10", "stalemate", "", a).roll("D", "1d10", "stalemate", "", d)


def _sector(log: Log, side: str, value: str) -> Log:
    return log._add("choice", {"A": "alice", "D": "bob"}[side], {"name": "stalemate_sector", "value": value,
                                                                "forcing": side})


def test_s6_nobody_moved_both_roll_1d10_and_each_forcing_is_asked():
    s, log = s6()
    waiting = resolve(s, log)
    assert sorted((r.actor, r.name, r.dice) for r in waiting.requests) == [("alice", "stalemate", "1d10"),
                                                                          ("bob", "stalemate", "1d10")]
    waiting = resolve(s, stalemate_rolls(log, 4, 7))
    assert sorted((r.actor, r.name, r.key_dict["forcing"], r.options) for r in waiting.requests) == [
        ("alice", "stalemate_sector", "A", ("A3", "B3", "C3", "D3", "E3")),
        ("bob", "stalemate_sector", "D", ("A1", "B1", "C1", "D1", "E1"))]
    log = _sector(_sector(log, "A", "B3"), "D", "C1")
    waiting = resolve(s, log)
    (st,) = of_type(waiting, "stalemate")
    assert st["rolls"] == {"A": 4, "D": 7}
    forcings = {f["side"]: f for f in st["forcings"]}
    assert (forcings["D"]["sector"], forcings["D"]["reach"], forcings["D"]["toward"]) == ("B3", ["D-Arc-1"],
                                                                                         {"D-In-1": 2})
    assert (forcings["A"]["sector"], sorted(forcings["A"]["reach"])) == ("C1", ["A-In-1", "A-Kn-1", "A-Pe-1"])
    assert [r.key_dict for r in waiting.requests] == [{"step": "AX1"}]
    log = (log.order("A", "AX1", {"verb": "deploy", "actor": "A-Kn-1", "path": ["RA", "C1"], "reserve_slot": 1},
                     {"verb": "move", "actor": "A-In-1", "path": ["B1", "C1"]})
           .order("D", "AX3", {"verb": "move", "actor": "D-Arc-1", "path": ["A3", "B3"]}))
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == (), stop.requests
    assert (at(stop, "A-Kn-1"), at(stop, "A-In-1"), at(stop, "D-Arc-1")) == ("C1-1", "C1-2", "B3-1")
    assert at(stop, "A-Pe-1") == "D1-1" and at(stop, "D-In-1") == "E3-1" and stop.state.outcome is None
    assert [d.phase for d in stop.drafts if d.type == "cerilia.moved"] == ["AX1", "AX3"]


def test_s6_the_forced_side_must_send_a_stack_that_can_reach_the_sector():
    s, log = s6()
    log = _sector(_sector(stalemate_rolls(log, 4, 7), "A", "B3"), "D", "C1")
    log.order("A", "AX1", {"verb": "move", "actor": "A-In-1", "path": ["B1", "C1"]})
    stop = resolve(s, log.order("D", "AX3", {"verb": "move", "actor": "D-In-1", "path": ["E3", "D3"]}))
    assert stop.error is not None and "§5.8 (CP-19): the forced moves go into B3" in stop.error


def test_s6b_a_ten_ends_the_battle_in_a_draw_at_once():
    s, log = s6()
    stop = resolve(s, stalemate_rolls(log, 10, 3))
    assert stop.requests == () and stop.error is None
    (end,) = of_type(stop, "battle_ended")
    assert (end["draw"], end["reason"]) == (True, "stalemate_draw") and of_type(stop, "stalemate") == []


def test_s6c_two_even_rolls_force_once_and_only_the_defender():
    s, log = s6()
    log = _sector(stalemate_rolls(log, 2, 8), "A", "B3")
    waiting = resolve(s, log)
    assert [r.key_dict for r in waiting.requests] == [{"step": "AX3"}]  # no AX1: the Attacker is not forced
    stop = resolve(s, log.order("D", "AX3", {"verb": "move", "actor": "D-Arc-1", "path": ["A3", "B3"]}))
    assert stop.error is None and at(stop, "D-Arc-1") == "B3-1"
    (st,) = of_type(stop, "stalemate")
    assert [f["side"] for f in st["forcings"]] == ["D"]


def test_s6d_when_none_can_reach_one_moves_as_far_as_it_gets():
    s, log = s6()
    log = _sector(_sector(stalemate_rolls(log, 4, 1), "A", "C3"), "D", "C1")
    log.order("A", "AX1", {"verb": "move", "actor": "A-Pe-1", "path": ["D1", "C1"]})
    stop = resolve(s, log)
    (st,) = of_type(stop, "stalemate")
    d = next(f for f in st["forcings"] if f["side"] == "D")
    assert (d["reach"], d["toward"]) == ([], {"D-Arc-1": 1, "D-In-1": 1})  # Pk1 stands fortified: not eligible
    stop = resolve(s, log.order("D", "AX3", {"verb": "move", "actor": "D-In-1", "path": ["E3", "D3"]}))
    assert stop.error is None and at(stop, "D-In-1") == "D3-1" and at(stop, "A-Pe-1") == "C1-1"


def test_s6_a_shooter_with_a_target_in_range_means_no_stalemate():
    s, log = s6()
    troop(s, "A-Sc-1", "A2-1", "B")  # Arc1 in A3 could shoot it (and it Arc1)
    stop = resolve(s, log)
    assert not any(r.name == "stalemate" for r in stop.requests)


def test_c13_in_round_1_the_forcing_means_deploying_from_the_pool():
    s = battle(1)
    troop(s, "A-In-1", "pool", None)
    troop(s, "D-In-1", "pool", None)
    log = _sector(_sector(stalemate_rolls(Log(1).order("A", "A1").order("D", "A3"), 2, 3), "A", "B3"), "D", "B1")
    log.order("A", "AX1", {"verb": "deploy", "actor": "A-In-1", "path": ["RA", "B1"], "sign": "Sw"})
    stop = resolve(s, log.order("D", "AX3", {"verb": "deploy", "actor": "D-In-1", "path": ["RD", "B3"], "sign": "Sh"}))
    assert stop.error is None and stop.requests == (), stop.requests
    assert (at(stop, "A-In-1"), at(stop, "D-In-1")) == ("B1-1", "B3-1")


def test_scouts_entering_the_sector_find_a_hidden_stack_which_then_can_be_attacked():
    s = battle(3)
    troop(s, "D-In-1", "C2-1", "B", hidden=True)
    troop(s, "A-Sc-1", "C1-1", "Sw")
    troop(s, "A-In-2", "B2-1", "Sh")
    lines = [{"verb": "move", "actor": "A-Sc-1", "path": ["C1", "C2"]},
             {"verb": "declare_melee", "actor": "A-Sc-1", "target": "D-In-1"}]
    stop = resolve(s, Log(3).order("A", "A1", *lines))
    (found,) = of_type(stop, "revealed")
    assert (found["stack"], found["by"], found["sector"]) == ("D-In-1", "A-Sc-1", "C2")
    assert [(m["stack"], m["target"]) for m in of_type(stop, "melee_declared")] == [("A-Sc-1", "D-In-1")]
    assert not stop.state.stacks["D-In-1"].hidden


def test_a_hidden_stack_is_no_target_for_other_units_and_acting_reveals_it():
    s = battle(3)
    troop(s, "D-In-1", "C2-1", "B", hidden=True)
    troop(s, "A-In-2", "B2-1", "Sh")
    lines = [{"verb": "move", "actor": "A-In-2", "path": ["B2", "C2"]},
             {"verb": "declare_melee", "actor": "A-In-2", "target": "D-In-1"}]
    stop = resolve(s, Log(3).order("A", "A1", *lines))
    assert stop.error is not None and "no enemy stack you can see" in stop.error
    stop = resolve(s, Log(3).order("A", "A1", lines[0])
                   .order("D", "A3", {"verb": "declare_melee", "actor": "D-In-1", "target": "A-In-2"}))
    assert of_type(stop, "revealed") == [] and not stop.state.stacks["D-In-1"].hidden


def fates_battle():
    from tests.cerilia.kit import character

    s = battle(4)
    troop(s, "A-In-1", "C2-1", "B")
    troop(s, "D-In-1", "C3-1", "B")
    character(s, "aerin", "A", location="B1-1")
    character(s, "gavan", "A", location="B1-2")
    character(s, "ilsabet", "D", location="D3-1")
    character(s, "maelis", "D", location="D3-2")
    character(s, "tamor", "D", location="E3-1")
    s.units["tamor"].status = "fallen"
    del s.stacks["tamor"]
    return s


def test_cp22_after_a_concession_the_winner_chooses_the_losing_rulers_pardon_in_a_turn_of_its_own():
    s = fates_battle()
    stop = resolve(s, Log(4).order("D", "any", {"verb": "concede"}))
    (end,) = of_type(stop, "battle_ended")
    assert end["loser"] == "D" and stop.requests == () and of_type(stop, "fates") == []
    after = stop.state
    assert RULES.current_turn(after) == 5  # the after-battle turn: the reveals and the pardon
    waiting = resolve(after, Log(5))
    reveal_a, reveal_d, request = waiting.requests  # asked at once (§3 rule 1, CP-22)
    assert [(r.actor, r.key_dict) for r in (reveal_a, reveal_d)] == [("alice", {"step": "reveal"}),
                                                                      ("bob", {"step": "reveal"})]
    assert (request.actor, request.name, request.key_dict, request.options, request.default) == (
        "alice", "pardon", {"character": "ilsabet"}, ("yes", "no"), "no")
    (request,) = resolve(after, Log(5).reveals(after)).requests
    assert request.name == "pardon"
    pardoned = resolve(after, Log(5).reveals(after)._add("choice", "alice", {"name": "pardon", "value": "yes",
                                                                              "character": "ilsabet"}))
    assert [p["side"] for p in of_type(pardoned, "purchase_revealed")] == ["A", "D"]
    (f,) = of_type(pardoned, "fates")
    assert f["fates"] == {"aerin": "survives", "gavan": "survives", "ilsabet": "captured", "maelis": "survives",
                          "tamor": "out"}
    assert RULES.current_turn(pardoned.state) is None
    out = resolve(after, Log(5).reveals(after)._add("choice", "alice", {"name": "pardon", "value": "no",
                                                                         "character": "ilsabet"}))
    assert of_type(out, "fates")[0]["fates"]["maelis"] == "out"  # his ruler is out: so is he


def test_after_a_draw_every_ruler_survives_without_a_pardon_and_fallen_lieutenants_are_out():
    s = fates_battle()
    stop = resolve(s, Log(4).order("A", "any", {"verb": "offer_draw"}).order("D", "any", {"verb": "accept_draw"}))
    assert of_type(stop, "fates") == [] and RULES.current_turn(stop.state) == 5
    waiting = resolve(stop.state, Log(5))
    assert [r.key_dict for r in waiting.requests] == [{"step": "reveal"}, {"step": "reveal"}]  # no pardon asked
    stop = resolve(stop.state, Log(5).reveals(stop.state))
    (f,) = of_type(stop, "fates")
    assert f["fates"] == {"aerin": "survives", "gavan": "survives", "ilsabet": "survives", "maelis": "survives",
                          "tamor": "out"}
    assert RULES.current_turn(stop.state) is None


def test_the_post_narrates_the_1d10_and_the_fates_in_both_languages():
    from replay.context import as_event
    from replay.rulesets.cerilia.post import event_line

    s, log = s6()
    stop = resolve(s, _sector(_sector(stalemate_rolls(log, 4, 7), "A", "B3"), "D", "C1"))
    (st,) = [as_event("", d) for d in stop.drafts if d.type == "cerilia.stalemate"]
    assert event_line(st, "ru") == ("Никто не ходил (§5.8): 1к10 — Атакующий 4, Защищающий 7; Атакующий заставляет "
                                    "Защищающего направить отряды в B3; Защищающий заставляет Атакующего направить "
                                    "отряды в C1")
    assert event_line(st, "en").startswith("Nobody moved (§5.8): 1d10 — Attacker 4, Defender 7; the Attacker forces")
    draw = resolve(fates_battle(), Log(4).order("A", "any", {"verb": "offer_draw"})
                   .order("D", "any", {"verb": "accept_draw"}))
    draw = resolve(draw.state, Log(5).reveals(draw.state))
    (f,) = [as_event("", d) for d in draw.drafts if d.type == "cerilia.fates"]
    assert "tamor — выбывает из игры" in event_line(f, "ru") and "aerin — survives" in event_line(f, "en")


def test_a_lone_character_falling_at_its_second_damage_shows_the_damage_and_the_fall():
    from replay.context import Context, TurnInputs, as_event
    from replay.rulesets.cerilia.evolve import evolve
    from replay.rulesets.cerilia.phase_b import apply_results
    from replay.rulesets.cerilia.post import event_line
    from tests.cerilia.kit import character

    s = battle(4)
    character(s, "maelis", "D", location="C3-2", damage=1)
    ctx = Context(TurnInputs(4), s, evolve)
    apply_results(ctx, "maelis", ["R"], True, "§5.4.5")
    (effect,) = ctx.drafts
    p = effect.payload
    assert (p["damage_before"], p["damage_after"], p["destroyed"], p["fallen"], p["f_discarded"]) == (
        1, 2, True, ["maelis"], True)
    assert ctx.state.units["maelis"].status == "fallen" and ctx.state.units["maelis"].damage == 2
    assert event_line(as_event("", effect), "en") == (
        "maelis: R; damage 1 → 2; R/D beat F: its own F is discarded, it does not fall back; maelis: removed from "
        "the field until the battle's end (§5.6.4)")


def s2():
    """Spec §9 S2: the rout path is blocked on every side."""
    s = battle(4)
    troop(s, "A-Kn-1", "A1-1", "B")
    troop(s, "D-Arc-1", "A2-1", "Sw")
    troop(s, "A-Pe-1", "B2-1", "B")
    troop(s, "D-In-1", "A3-1", "B", target="A-In-2", since=3)
    troop(s, "A-In-2", "A3-1", "Sw", target="D-In-1", since=3)
    log = (Log(4).order("A", "A1", {"verb": "declare_charge", "actor": "A-Kn-1", "path": ["A1", "A2"],
                                    "target": "D-Arc-1"}).order("D", "A3")
           .order("D", "B_D", {"verb": "shoot", "actor": "D-Arc-1", "target": "A-Pe-1"})
           .d9("A", "A-Kn-1", 5).d9("A", "A-In-2", 3).d9("D", "D-Arc-1", 3).d9("D", "D-In-1", 4)
           .order("A", "C_A").order("D", "C_D"))
    return s, log


def test_s2_a_routed_archer_with_every_way_blocked_is_destroyed():
    s, log = s2()
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == (), stop.requests
    attacks = {a["attacker"]: a for a in of_type(stop, "attack")}
    assert (attacks["D-Arc-1"]["kind"], attacks["D-Arc-1"]["diff"], attacks["D-Arc-1"]["result"]) == (
        "stationary", 1, "-")
    assert (attacks["A-Kn-1"]["diff"], attacks["A-Kn-1"]["result"], attacks["A-Kn-1"]["charge_to"]) == (3, "R", "A2")
    assert attacks["A-In-2"]["result"] == "-" and attacks["D-In-1"]["result"] == "-"
    (gone,) = of_type(stop, "destroyed")
    assert (gone["stack"], gone["cause"]) == ("D-Arc-1", "rout_blocked")
    assert at(stop, "A-Kn-1") == "A2-1" and stop.state.outcome is None


def test_a_replaced_unit_card_changes_the_rerun(tmp_path, monkeypatch):
    """§6: a GM's real card replaces the SAMPLE one in data/ without code; the same log then resolves otherwise."""
    import json
    import shutil

    from replay.rulesets.cerilia import data

    shutil.copytree(data.DATA, tmp_path / "data")
    units = json.loads((tmp_path / "data" / "units.json").read_text(encoding="utf-8"))
    next(c for c in units["cards"] if c["code"] == "Kn")["charge"] = 2  # the GM's knights charge at 2, not 4
    (tmp_path / "data" / "units.json").write_text(json.dumps(units), encoding="utf-8")
    monkeypatch.setattr(data, "DATA", tmp_path / "data")
    data.tables.cache_clear()
    try:
        s, log = s2()
        stop = resolve(s, log)
        charge = next(a for a in of_type(stop, "attack") if a["kind"] == "charge")
        assert (charge["value"], charge["diff"], charge["result"]) == (2, 1, "H")  # card 5, +1, Sw: H (was R at +3)
        assert of_type(stop, "destroyed") == []
    finally:
        monkeypatch.undo()
        data.tables.cache_clear()


def test_a_gms_replaced_card_is_a_new_revision_and_changes_the_audit_and_the_rerun(tmp_path, monkeypatch):
    """§6, the issue's data bullet: the GM replaces data/units.json in the ruleset's folder (no code changed): the
    ruleset's revision changes with it, `battlelog audit` of the recorded skirmish names the revision it was recorded
    under and finds turn 3 resolving otherwise, and `battlelog rerun` reports turn 3 changed (knights charging at 2
    hit the infantry, H, instead of routing it, so the melee needs D9 rolls the log does not hold)."""
    import json
    import shutil

    from click.testing import CliRunner

    import replay.rulesets.cerilia as package
    from cli.main import main
    from replay.rulesets.cerilia import data

    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "cerilia" / "skirmish.jsonl"
    db = str(tmp_path / "g.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(fixture)]).exit_code == 0
    clean = CliRunner().invoke(main, ["--db", db, "audit", "cerilia-skirmish"])
    assert clean.exit_code == 0 and "differs" not in clean.output and "unresolvable" not in clean.output, clean.output
    before = type(RULES)().revision
    folder = tmp_path / "cerilia"
    shutil.copytree(Path(package.__file__).parent, folder, ignore=shutil.ignore_patterns("__pycache__"))
    units = json.loads((folder / "data" / "units.json").read_text(encoding="utf-8"))
    next(c for c in units["cards"] if c["code"] == "Kn")["charge"] = 2  # the GM's knights charge at 2, not 4
    (folder / "data" / "units.json").write_text(json.dumps(units), encoding="utf-8")
    monkeypatch.setattr(package, "__file__", str(folder / "__init__.py"))
    monkeypatch.setattr(data, "DATA", folder / "data")
    monkeypatch.delitem(RULES.__dict__, "revision", raising=False)  # the registered ruleset's cached revision
    data.tables.cache_clear()
    try:
        after = type(RULES)().revision
        assert after != before and RULES.revision == after
        audit = CliRunner().invoke(main, ["--db", db, "audit", "cerilia-skirmish"])
        assert audit.exit_code != 0, audit.output
        assert f"re-resolved under revision {after[:12]} (the rules or their data changed since)" in audit.output
        assert "- turn 3" in audit.output and "turn 2" not in audit.output, audit.output
        rerun = CliRunner().invoke(main, ["--db", db, "rerun", "cerilia-skirmish"])
        assert "turn 3:" in rerun.output and "D9 melee of A-In-1" in rerun.output, rerun.output
        assert "turn 2:" not in rerun.output
    finally:
        monkeypatch.undo()
        data.tables.cache_clear()
    assert type(RULES)().revision == before


def test_a_stack_engaged_by_an_enemy_cannot_declare_melee_on_another():
    s = battle(3)
    troop(s, "A-In-1", "C2-1", "B", target="D-In-1", since=2)
    troop(s, "D-In-1", "C2-1", "Sh")
    troop(s, "D-Pe-1", "C2-2", "Sw")
    stop = resolve(s, Log(3).order("A", "A1").order("D", "A3", {"verb": "declare_melee", "actor": "D-In-1",
                                                                 "target": "A-In-1"}))
    assert stop.error is not None and "§4.3.1, §4.3.5 item 1: D-In-1 is engaged by A-In-1" in stop.error
    ok = resolve(s, Log(3).order("A", "A1").order("D", "A3", {"verb": "declare_melee", "actor": "D-Pe-1",
                                                               "target": "A-In-1"}))
    assert ok.error is None and [(m["stack"], m["target"]) for m in of_type(ok, "melee_declared")] == [
        ("D-Pe-1", "A-In-1")]


def test_amb15_a_halting_terrain_ends_the_move_and_no_slowing_sector_is_passed():
    s = battle(3, terrain={"B2": "forest"})
    troop(s, "A-Kn-1", "B1-1", "B")
    through = resolve(s, Log(3).order("A", "A1", {"verb": "move", "actor": "A-Kn-1", "path": ["B1", "B2", "B3"]}))
    assert through.error is not None and "B2" in through.error
    stop = resolve(s, Log(3).order("A", "A1", {"verb": "move", "actor": "A-Kn-1", "path": ["B1", "B2"]},
                                   {"verb": "move", "actor": "A-Kn-1", "path": ["B2", "C2"]}))
    assert stop.error is not None and "(AMB-15): A-Kn-1 halted in slowing terrain" in stop.error


def test_amb20_foot_entrants_oblige_no_mounted_stack_a_mounted_one_does():
    s = battle(3)
    troop(s, "D-Kn-1", "C3-1", "Sw")
    troop(s, "A-In-1", "C2-1", "B")
    foot = resolve(s, Log(3).order("A", "A1", {"verb": "move", "actor": "A-In-1", "path": ["C2", "C3"]})
                   .order("D", "A3"))
    assert foot.error is None
    s2 = battle(3)
    troop(s2, "D-Kn-1", "C3-1", "Sw")
    troop(s2, "A-Kn-2", "C2-1", "B")
    horse = resolve(s2, Log(3).order("A", "A1", {"verb": "move", "actor": "A-Kn-2", "path": ["C2", "C3"]})
                    .order("D", "A3"))
    assert horse.error is not None and "§4.3.6 (obligation)" in horse.error


def obliged():
    s = battle(3)
    troop(s, "A-In-1", "C2-1", "B")
    troop(s, "A-In-2", "B2-1", "B")
    troop(s, "D-In-1", "C3-1", "Sh")
    return s, Log(3).order("A", "A1").order("D", "A3", {"verb": "move", "actor": "D-In-1", "path": ["C3", "C2"]})


def test_amb23_the_a31_edit_adds_no_moves():
    s, log = obliged()
    stop = resolve(s, log.order("A", "A3_1", {"verb": "move", "actor": "A-In-2", "path": ["B2", "C2"]}))
    assert stop.error is not None and "(AMB-23): the A3.1 edit adds no new moves" in stop.error


def test_cp26_a_post_the_gm_accepts_by_ruling_stands_though_it_fails_the_obligation():
    s, log = obliged()
    refused = resolve(s, log.order("A", "A3_1"))
    assert refused.error is not None and "§4.3.6 (obligation)" in refused.error
    accepted = resolve(s, log.ruling(request={"kind": "order", "actor": "alice", "name": "order",
                                              "key": {"step": "A3_1"}}, value={"lines": []},
                                     note="GM: the infantry holds its ground; accepted"))
    assert accepted.error is None and of_type(accepted, "melee_declared") == []


def test_amb42_a_stack_that_left_the_reserve_this_round_cannot_rout_back_into_it():
    s = battle(4)
    troop(s, "A-In-1", "C3-1", "B", target="D-In-1", since=3)
    troop(s, "D-In-1", "C3-1", "Sh", target="A-In-1", since=3, reserve_exit_round=4)
    stop = resolve(s, Log(4).order("A", "A1").order("D", "A3").d9("A", "A-In-1", 9).d9("D", "D-In-1", 2)
                   .order("A", "C_A"))
    (request,) = stop.requests
    assert (request.name, request.options) == ("rout_move", ("B3", "D3"))  # RD is left out (AMB-42)


def test_c8_and_c9_walls_bar_an_enemy_charge_and_add_their_defence_bonus():
    from replay.rulesets.cerilia.battle import lookup

    walls = {"sector": "C3", "level": 2}
    s = battle(3, fortification=walls)
    troop(s, "A-Kn-1", "C2-1", "B")
    troop(s, "D-In-1", "C3-1", "Sh")
    stop = resolve(s, Log(3).order("A", "A1", {"verb": "declare_charge", "actor": "A-Kn-1", "path": ["C2", "C3"],
                                               "target": "D-In-1"}))
    assert stop.error is not None and "§6.5, C8: no enemy charge into a fortification of level ≥ 2" in stop.error
    troop(s, "A-In-1", "C3-2", "B")
    lk = lookup(s, s.stacks["A-In-1"], s.stacks["D-In-1"], "melee", 5)
    assert (lk.defence.total, lk.defence.parts) == (4, (("In defence", 2), ("Walls", 2)))


def test_c14_a_lieutenant_without_his_ruler_in_the_battle_keeps_his_place_after_a_defeat():
    from tests.cerilia.kit import character

    s = battle(2)
    troop(s, "A-In-1", "C2-1", "B")
    character(s, "tamor", "D", location="C3-1")
    stop = resolve(s, Log(2).order("D", "any", {"verb": "concede"}))
    stop = resolve(stop.state, Log(3).reveals(stop.state))
    (f,) = of_type(stop, "fates")  # no ruler of the losing side is here: no pardon to ask
    assert f["fates"] == {"tamor": "survives"} and RULES.current_turn(stop.state) is None


def test_amb34_and_amb61_a_character_takes_its_sign_at_deployment_and_deploying_among_enemies_is_an_entry():
    from tests.cerilia.kit import character

    s = battle(2)
    character(s, "aerin", "A", sign=None)
    troop(s, "D-In-1", "C1-1", "Sh")
    unsigned = resolve(s, Log(2).order("A", "A1", {"verb": "deploy", "actor": "aerin", "path": ["RA", "C1"]}))
    assert unsigned.error is not None and "CP-01" in unsigned.error
    stop = resolve(s, Log(2).order("A", "A1", {"verb": "deploy", "actor": "aerin", "path": ["RA", "C1"],
                                               "sign": "Sw"}).order("D", "A3"))
    (dep,) = of_type(stop, "deployed")
    assert (dep["sign"], dep["entry"]) == ("Sw", True)
    assert stop.error is not None and "§4.3.6 (obligation)" in stop.error  # D must engage the entrant


def test_572_a_gms_summoning_card_creates_a_deployed_troop_with_its_sign():
    from replay.context import as_event
    from replay.rulesets.cerilia import data
    from replay.rulesets.cerilia.post import event_line
    from tests.cerilia.kit import character

    tables = data.tables()
    sample = tables.spells
    call = {**sample["mire"], "id": "call", "category": "SUMMON", "effect": {"summon": "Pe"}}
    object.__setattr__(tables, "spells", {**sample, "call": call})  # a GM's card with a summoning effect
    try:
        s = battle(3)
        troop(s, "D-Pe-1", "C3-1", "B")
        character(s, "maelis", "D", location="C3-2")
        s.units["maelis"].spell_stock["call"] = 1
        troop(s, "A-In-1", "A1-1", "B")
        a1 = {"verb": "move", "actor": "A-In-1", "path": ["A1", "B1"]}  # somebody moves: no §5.8 1d10
        line = {"verb": "cast", "actor": "maelis", "spell": "call", "target": "D3"}
        unsigned = resolve(s, Log(3).order("A", "A1", a1).order("D", "A3").order("D", "B_D", line))
        assert unsigned.error is not None and "§5.7.2, CP-01" in unsigned.error
        stop = resolve(s, Log(3).order("A", "A1", a1).order("D", "A3").order("D", "B_D", {**line, "sign": "roll"})
                       .roll("D", "1D3", "sign", "D-Pe-2", 1))
        assert stop.error is None, stop.error
        (cast,) = [d for d in stop.drafts if d.type == "cerilia.cast"]
        assert cast.payload["summoned"] == {"id": "D-Pe-2", "card": "Pe", "slot": 1, "sign": "Sw",
                                            "sign_method": "rolled", "sign_roll": 1}
        assert at(stop, "D-Pe-2") == "D3-1" and stop.state.units["D-Pe-2"].sign == "Sw"
        assert event_line(as_event("", cast), "en").endswith("; D-Pe-2 appears in D3-1, sign Sw (1D3 = 1)")
        assert "AMB-09" not in cast.payload["defaults"]
        declared = resolve(s, Log(3).order("A", "A1", a1).order("D", "A3").order("D", "B_D", {**line, "sign": "Sh"}))
        assert declared.error is None, declared.error
        (cast,) = [d for d in declared.drafts if d.type == "cerilia.cast"]
        assert cast.payload["summoned"]["sign_method"] == "declared" and "AMB-09" in cast.payload["defaults"]
        rolled_only = resolve(s, Log(3).order("A", "A1", a1).order("D", "A3").order("D", "B_D", {**line, "sign": "Sh"}),
                              {"sign_assignment": "roll_only"})
        assert rolled_only.error is not None and "§3 rule 3 (option sign_assignment = roll_only)" in rolled_only.error
    finally:
        object.__setattr__(tables, "spells", sample)


def archers_duel(order: str | None):
    s = battle(3)
    troop(s, "A-Arc-1", "B2-1", "B")
    troop(s, "D-Arc-1", "B3-1", "Sw")
    log = (Log(3).order("A", "A1").order("D", "A3")
           .order("A", "B_A", {"verb": "shoot", "actor": "A-Arc-1", "target": "D-Arc-1"})
           .order("D", "B_D", {"verb": "shoot", "actor": "D-Arc-1", "target": "A-Arc-1"})
           .d9("A", "A-Arc-1", 8).d9("D", "D-Arc-1", 5))
    return resolve(s, log, {"phase_b_order": order} if order else None)


def test_amb01_step_major_the_destroyed_archer_never_shoots_step_simultaneous_both_do():
    major = archers_duel(None)
    assert [a["attacker"] for a in of_type(major, "attack")] == ["A-Arc-1"]
    assert "D-Arc-1" not in major.state.stacks and major.state.units["A-Arc-1"].damage == 0
    both = archers_duel("step_simultaneous")
    attacks = {a["attacker"]: a for a in of_type(both, "attack")}
    assert (attacks["A-Arc-1"]["result"], attacks["D-Arc-1"]["result"]) == ("D", "H")
    assert "D-Arc-1" not in both.state.stacks and both.state.units["A-Arc-1"].damage == 1
    assert [e["stack"] for e in of_type(both, "effect")] == ["A-Arc-1", "D-Arc-1"]  # applied together, after both


def test_amb01_side_major_the_attackers_mobile_shot_comes_before_the_defenders_melee_roll():
    def run(order: str | None):
        s = battle(3)
        troop(s, "A-In-1", "C2-1", "Sh", target="D-In-1", since=2)
        troop(s, "D-In-1", "C2-1", "Sw", target="A-In-1", since=2)
        troop(s, "A-Arc-1", "B1-1", "B")
        log = (Log(3).order("A", "A1", {"verb": "move", "actor": "A-Arc-1", "path": ["B1", "B2"]}).order("D", "A3")
               .order("A", "B_A", {"verb": "shoot", "actor": "A-Arc-1", "target": "D-In-1"})
               .d9("A", "A-In-1", 3).d9("A", "A-Arc-1", 8).d9("D", "D-In-1", 7))
        stop = resolve(s, log, {"phase_b_order": order} if order else None)
        return [(d.phase, d.payload["attacker"], d.payload["target"], d.payload["result"]) for d in stop.drafts
                if d.type == "cerilia.attack"]

    assert run(None) == [("B4", "A-In-1", "D-In-1", "-"), ("B4", "D-In-1", "A-In-1", "H"),
                         ("B5", "A-Arc-1", "D-In-1", "R"), ("B5", "A-Arc-1", "A-In-1", "H")]
    # the literal post order: the Attacker's melee roll is held, its mobile shot routs D-In-1 before D rolls
    assert run("side_major") == [("B_A", "A-In-1", "D-In-1", "-"), ("B_A", "A-Arc-1", "D-In-1", "R"),
                                 ("B_A", "A-Arc-1", "A-In-1", "H")]


def test_amb48_phase_c_step_major_runs_each_sub_step_for_both_sides():
    from tests.cerilia.test_scenarios import s1

    s, log = s1()  # A-In-1 is routed in B4 (S1); D2 stays engaged: both sides' Phase C posts are asked
    side = resolve(s, log)
    step = resolve(s, log, {"phase_c_order": "step_major"})
    assert step.error is None and side.error is None and step.requests == side.requests == ()
    assert [d.phase for d in side.drafts if d.type == "cerilia.rout_moved"] == ["C_A"]
    assert [d.phase for d in step.drafts if d.type == "cerilia.rout_moved"] == ["C1"]
    assert at(step, "A-In-1") == at(side, "A-In-1") == "C1-1"


def test_amb06_with_king_adjacency_a_diagonal_target_asks_for_the_post_and_is_in_range():
    s = battle(3)
    troop(s, "A-Arc-1", "B1-1", "B")
    troop(s, "D-In-1", "C2-1", "Sh")
    log = Log(3).order("A", "A1").order("D", "A3")
    assert not any(r.key_dict.get("step") == "B_A" for r in resolve(s, log).requests)
    stop = resolve(s, log.order("A", "B_A", {"verb": "shoot", "actor": "A-Arc-1", "target": "D-In-1"})
                   .d9("A", "A-Arc-1", 9), {"ranged_adjacency": "king"})
    assert stop.error is None and [a["target"] for a in of_type(stop, "attack")] == ["D-In-1"]


def test_a_morale_roll_for_a_stack_that_is_not_routed_is_refused_naming_the_rule():
    s = battle(3)
    troop(s, "A-In-1", "C2-1", "B")
    roll = Draft("roll", {"dice": "1d100", "purpose": "morale", "result": [40], "total": 40, "source": "forum",
                          "unit": "A-In-1"}, None, "alice")
    problems = check_draft(RULES, None, s, Log(3).inputs(), roll, CeriliaOptions())
    assert problems == ["§4.5.4: A-In-1 is not routed; a morale check is made only in the reserve after a rout "
                        "(Phase C)"]


def test_amb24_charge_move_timing_phase_a_rides_in_at_once_and_an_engaged_charger_strikes_nothing():
    phase_a = {"charge_move_timing": "phase_a"}
    charge = {"verb": "declare_charge", "actor": "A-Kn-1", "path": ["C1", "C2"], "target": "D-In-1"}
    s = battle(3)
    troop(s, "A-Kn-1", "C1-1", "B")
    troop(s, "D-In-1", "C2-1", "Sw")
    stop = resolve(s, Log(3).order("A", "A1", charge)
                   .order("D", "A3", {"verb": "declare_melee", "actor": "D-In-1", "target": "A-Kn-1"}), phase_a)
    (moved,) = of_type(stop, "moved")
    assert (moved["to"], moved["entry"]) == ("C2", True)
    assert [(v["stack"], v["reason"]) for v in of_type(stop, "order_void")] == [("A-Kn-1", "engaged")]
    s2 = battle(3)  # the target is already fighting another: nobody is obliged, the charge stands
    troop(s2, "A-Kn-1", "C1-1", "B")
    troop(s2, "D-In-1", "C2-1", "Sw", target="A-In-1", since=2)
    troop(s2, "A-In-1", "C2-1", "Sh", target="D-In-1", since=2)
    stop = resolve(s2, Log(3).order("A", "A1", charge).order("D", "A3").d9("A", "A-Kn-1", 6)
                   .d9("A", "A-In-1", 3).d9("D", "D-In-1", 3), phase_a)
    hit = next(a for a in of_type(stop, "attack") if a["kind"] == "charge")
    assert (hit["diff"], hit["result"], hit["charge_to"], hit["charge_slot"]) == (2, "R", "C2", 2)
    assert at(stop, "A-Kn-1") == "C2-2"


def test_amb26_a_combat_spell_uses_the_stacks_one_attack_and_its_shot_is_void():
    from tests.cerilia.kit import character

    s = battle(3)
    troop(s, "D-Arc-1", "C3-1", "B")
    character(s, "maelis", "D", host="D-Arc-1")
    troop(s, "A-In-1", "C2-1", "Sh")
    stop = resolve(s, Log(3).order("A", "A1").order("D", "A3")
                   .order("D", "B_D", {"verb": "cast", "actor": "maelis", "spell": "fireball", "target": "A-In-1"},
                          {"verb": "shoot", "actor": "D-Arc-1", "target": "A-In-1"}))
    assert stop.error is None
    assert [c["spell"] for c in of_type(stop, "cast")] == ["fireball"] and of_type(stop, "attack") == []
    assert [(v["stack"], v["reason"]) for v in of_type(stop, "order_void")] == [("D-Arc-1", "attack_used")]
    assert stop.state.units["A-In-1"].damage == 1


def test_amb28_a_spell_stock_above_the_cards_is_refused_at_purchase():
    from tests.cerilia.test_setup_and_views import _p0

    _, stop = _p0(characters=[{"id": "ilsabet", "spells": {"fireball": 3}}])
    assert stop.error is not None and "§6.6 (AMB-28): ilsabet may take at most 1 fireball" in stop.error


def test_amb55_and_c16_a_charger_holding_f_falls_back_from_where_it_stands_melee_survivors_used_their_attack():
    s = battle(3)
    troop(s, "A-Kn-1", "C1-1", "B")
    troop(s, "D-Pk-1", "C2-1", "Sh")
    troop(s, "A-In-1", "B2-1", "Sw", target="D-In-1", since=2)
    troop(s, "D-In-1", "B2-1", "B", target="A-In-1", since=2)
    log = (Log(3).order("A", "A1", {"verb": "declare_charge", "actor": "A-Kn-1", "path": ["C1", "C2"],
                                    "target": "D-Pk-1"}).order("D", "A3")
           .d9("A", "A-Kn-1", 1).d9("A", "A-In-1", 3).d9("D", "D-In-1", 3).order("A", "C_A").order("D", "C_D"))
    stop = resolve(s, log)
    charge = next(a for a in of_type(stop, "attack") if a["kind"] == "charge")
    assert (charge["diff"], charge["result"]) == (0, "F")  # 4 − (2 + 2 vs charge) = 0, card 1: F
    (request,) = stop.requests  # C2: it falls back from C2 (where the charge left it), not from C1
    assert (request.name, request.key_dict, request.options) == ("fall_back", {"stack": "A-Kn-1"}, ("C1", "B2", "D2"))
    assert stop.state.stacks["A-In-1"].attack_used == "MELEE" and stop.state.stacks["D-In-1"].attack_used == "MELEE"


def test_c12_a_shared_slot_names_the_released_group_not_the_routed_troop():
    from replay.rulesets.cerilia.board import stack_at
    from tests.cerilia.kit import character

    s = battle(5)
    troop(s, "A-In-1", "C2-1", "B", routed=True, rout_round=5)
    character(s, "aerin", "A", location="C2-1", sign="Sh")
    assert stack_at(s, "C2", 1, "A").id == "aerin"
    s.stacks["A-In-1"].routed = False
    s.stacks["aerin"].routed = True
    assert stack_at(s, "C2", 1, "A").id == "A-In-1"


def test_amb08_phase0_home_row_places_units_in_phase_0_with_their_signs():
    from replay.rulesets.cerilia.model import Setup, new_battle
    from tests.cerilia.test_setup_and_views import UNITS_A, UNITS_D

    def p0(option: str | None, placement: list[dict]):
        state = new_battle(Setup(players={"A": "alice", "D": "bob"}))
        log = Log(0).p0("A", units=UNITS_A, salt="salt-of-alice", characters=[{"id": "aerin", "spells": {}}],
                        placement=placement)
        log.p0("D", units=UNITS_D, salt="salt-of-bob", terrain=[{"card": "forest", "sector": "B2"}],
               fortification={"sector": "C3"})
        return state, log, {"initial_placement": option} if option else None

    first = UNITS_A[0]["id"]
    placement = [{"id": first, "sector": "C1", "sign": "roll"}, {"id": "aerin", "sector": "C1", "sign": "Sh"}]
    state, log, options = p0(None, placement)
    refused = resolve(state, log, options)
    assert refused.error is not None and "AMB-08" in refused.error
    state, log, options = p0("phase0_home_row", placement)
    waiting = resolve(state, log, options)
    assert [(r.name, r.key_dict) for r in waiting.requests] == [("sign", {"unit": first})]
    stop = resolve(state, log.roll("A", "1D3", "sign", first, 2), options)
    assert stop.error is None and stop.requests == ()
    placed = {d["stack"]: d for d in of_type(stop, "deployed")}
    assert (placed[first]["to"], placed[first]["slot"], placed[first]["sign"], placed[first]["step"]) == (
        "C1", 1, "Sh", "P0")
    assert (placed["aerin"]["slot"], placed["aerin"]["sign"], placed["aerin"]["sign_method"]) == (2, "Sh", "declared")
    assert at(stop, first) == "C1-1" and stop.state.units[first].sign == "Sh"
    state, log, options = p0("phase0_home_row", [{"id": first, "sector": "C2", "sign": "Sw"}])
    wrong = resolve(state, log, options)
    assert wrong.error is not None and "home row (row 1)" in wrong.error


def test_cp24_the_dm_may_rule_that_a_joined_commander_falls_with_his_routed_troop():
    from tests.cerilia.kit import character

    s = battle(6)
    troop(s, "A-In-1", "C2-2", "Sh", target="D-Kn-1", since=5)
    character(s, "aerin", "A", host="A-In-1", sign="B")
    troop(s, "A-Pe-1", "C2-1", "B")
    troop(s, "D-Kn-1", "C2-1", "B", damage=1, target="A-In-1", since=5)
    troop(s, "A-Arc-1", "C1-1", "Sw")
    log = (Log(6).order("A", "A1").order("D", "A3").order("A", "B_A").d9("A", "A-In-1", 3).d9("D", "D-Kn-1", 9)
           .choice("A", "rout_move", "A-In-1", "C1")
           .ruling(override={"name": "character_survives", "key": {"character": "aerin"}}, value=False,
                   note="GM: Lord Aerin is cut down as his line breaks"))
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == ()
    (effect,) = of_type(stop, "effect")
    assert (effect["released"], effect["fallen"], effect["routed"]) == ([], ["aerin"], True)
    assert stop.state.units["aerin"].status == "fallen" and "aerin" not in stop.state.stacks


def test_s2b_an_f_instead_of_r_may_fall_back_into_the_mixed_sector():
    from replay.rulesets.cerilia.phase_c import fallback_options, rout_options

    s, _ = s2()
    archer = s.stacks["D-Arc-1"]
    archer.fall_back_pending = True
    assert fallback_options(s, archer, RULES.options(None)) == ["A3"]  # mixed A3 is allowed, B2 (enemy only) not
    archer.fall_back_pending, archer.routed = False, True
    assert rout_options(s, archer) == []  # S2: routed, nowhere to go


def test_s2c_with_only_defenders_in_a3_the_rout_goes_there():
    from replay.rulesets.cerilia.phase_c import rout_options

    s, _ = s2()
    del s.stacks["A-In-2"], s.units["A-In-2"]
    s.stacks["D-In-1"].melee_target = None
    archer = s.stacks["D-Arc-1"]
    archer.routed = True
    assert rout_options(s, archer) == ["A3"]
