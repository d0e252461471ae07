"""The spec's hand-computed scenarios (§9 S1, S4, S5 and variants): given this state, these orders and rolls, this
happens."""

from __future__ import annotations

from tests.cerilia.kit import Log, at, battle, character, of_type, resolve, troop


def s1(pk_roll: int = 8, knight: bool = False):
    s = battle(3)
    enemy = "D-Kn-1" if knight else "D-Pk-1"
    troop(s, "A-In-1", "C2-1", "B", target=enemy, since=2)
    troop(s, enemy, "C2-1", "Sh", target="A-In-1", since=2)
    troop(s, "A-Pe-1", "D2-1", "Sw", target="D-In-2", since=2)
    troop(s, "D-In-2", "D2-1", "B", target="A-Pe-1", since=2)
    troop(s, "D-Sc-1", "B2-1", "B")
    in1 = 2 if knight else 1
    log = (Log(3).order("A", "A1").order("D", "A3").order("D", "B_D")
           .d9("A", "A-In-1", in1).d9("D", enemy, 9 if knight else pk_roll).d9("A", "A-Pe-1", 4).d9("D", "D-In-2", 2)
           .order("A", "C_A").order("D", "C_D"))  # D2 stays engaged: each side's Phase C post (no retreat)
    return s, log


def test_s1_r_beats_f_in_simultaneous_melee_and_the_rout_goes_to_the_only_free_sector():
    s, log = s1()
    stop = resolve(s, log)
    assert stop.requests == () and stop.error is None
    attacks = {(a["attacker"], a["target"]): a for a in of_type(stop, "attack")}
    assert (attacks["A-In-1", "D-Pk-1"]["diff"], attacks["A-In-1", "D-Pk-1"]["result"]) == (0, "F")
    assert (attacks["D-Pk-1", "A-In-1"]["diff"], attacks["D-Pk-1", "A-In-1"]["result"]) == (0, "R")
    assert attacks["A-Pe-1", "D-In-2"]["diff"] == -1 and attacks["A-Pe-1", "D-In-2"]["result"] == "-"
    assert attacks["D-In-2", "A-Pe-1"]["diff"] == 1 and attacks["D-In-2", "A-Pe-1"]["result"] == "-"
    (effect,) = of_type(stop, "effect")
    assert effect["stack"] == "A-In-1" and effect["routed"] and effect["f_discarded"] and effect["damage_after"] == 1
    # C1: B2 enemy-only (AR-6), D2 mixed (AR-5): the only rout step is back to C1
    (rout,) = of_type(stop, "rout_moved")
    assert (rout["to"], rout["slot"], rout["how"]) == ("C1", 1, "forced")
    state = stop.state
    in1 = state.stacks["A-In-1"]
    assert in1.routed and in1.rout_first_move_done and not in1.fall_back_pending
    assert state.stacks["D-Pk-1"].melee_target is None and state.stacks["D-Pk-1"].location == "C2-1"
    assert state.stacks["A-Pe-1"].melee_target == "D-In-2" and state.stacks["D-In-2"].melee_target == "A-Pe-1"
    from replay.rulesets.cerilia.derive import code
    assert str(code(state, in1)) == "InB1_R"
    assert of_type(stop, "battle_ended") == []


def test_s1b_d_beats_f_and_the_knight_is_free_after_b4():
    s, log = s1(knight=True)
    stop = resolve(s, log)
    attacks = {(a["attacker"], a["target"]): a for a in of_type(stop, "attack")}
    assert attacks["A-In-1", "D-Kn-1"]["result"] == "F" and attacks["A-In-1", "D-Kn-1"]["diff"] == -1
    assert attacks["D-Kn-1", "A-In-1"]["result"] == "D" and attacks["D-Kn-1", "A-In-1"]["diff"] == 1
    assert "A-In-1" not in stop.state.stacks and stop.state.units["A-In-1"].status == "destroyed"
    assert stop.state.stacks["D-Kn-1"].melee_target is None and of_type(stop, "fell_back") == []


def test_s1c_f_alone_falls_back_and_the_mixed_sector_is_allowed_the_enemy_only_one_not():
    s, log = s1(pk_roll=2)
    stop = resolve(s, log)
    (request,) = stop.requests
    assert (request.name, request.key_dict, request.options, request.default) == (
        "fall_back", {"stack": "A-In-1"}, ("C1", "D2"), "C1")
    stop = resolve(s, log.choice("A", "fall_back", "A-In-1", "D2"))
    (fell,) = of_type(stop, "fell_back")
    assert (fell["to"], fell["slot"]) == ("D2", 2)
    in1 = stop.state.stacks["A-In-1"]
    assert not in1.fall_back_pending and in1.melee_target is None and stop.state.stacks["D-Pk-1"].melee_target is None


def s4(d3: int | None = 2, arc_at: str = "A1-1", move: bool = True):
    s = battle(7)
    troop(s, "A-Arc-1", arc_at, "B")
    troop(s, "D-In-1", "B2-2", "Sw", target="A-In-2", since=6)
    troop(s, "D-Pe-1", "B2-1", "B", target="A-Sc-1", since=6)
    troop(s, "A-Pk-1", "B2-1", "B", target="D-In-1", since=6)
    troop(s, "A-Sc-1", "B2-2", "Sh", target="D-Pe-1", since=6)
    troop(s, "A-In-2", "B2-3", "Sh", target="D-In-1", since=6)
    troop(s, "A-Pe-2", "B2-6", "Sw", target="D-In-1", since=6)
    moves = [{"verb": "move", "actor": "A-Arc-1", "path": ["A1", "B1"]}] if move else []
    log = (Log(7).order("A", "A1", *moves).order("D", "A3")
           .order("A", "B_A", {"verb": "shoot", "actor": "A-Arc-1", "target": "D-In-1"})
           .d9("A", "A-Arc-1", 7).d9("A", "A-Pk-1", 3).d9("A", "A-Sc-1", 3).d9("A", "A-In-2", 2)
           .d9("A", "A-Pe-2", 3).d9("D", "D-In-1", 3).d9("D", "D-Pe-1", 2).order("A", "C_A").order("D", "C_D"))
    if d3 is not None:
        log.roll("A", "1d3", "friendly_fire", "A-Arc-1", d3)
    return s, log


def test_s4_the_mobile_shot_checks_one_friend_picked_by_d3_in_slot_order_with_the_same_card():
    s, log = s4()
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == ()
    shot, friendly = [a for a in of_type(stop, "attack") if a["attacker"] == "A-Arc-1"]
    assert (shot["kind"], shot["target"], shot["roll"], shot["diff"], shot["result"]) == ("mobile", "D-In-1", 7, 0,
                                                                                          "H")
    (sel,) = of_type(stop, "friendly_selected")
    assert sel["candidates"] == ["A-Pk-1", "A-In-2", "A-Pe-2"] and (sel["n"], sel["roll"], sel["unit"]) == (
        3, 2, "A-In-2")
    assert (friendly["kind"], friendly["target"], friendly["roll"], friendly["result"]) == ("friendly", "A-In-2", 7,
                                                                                            "H")
    assert stop.state.units["D-In-1"].damage == 1 and stop.state.units["A-In-2"].damage == 1
    assert [a["result"] for a in of_type(stop, "attack") if a["kind"] == "melee"] == ["-"] * 6
    assert stop.state.stacks["A-Arc-1"].location == "B1-1"


def test_s4_waits_for_the_d3_when_it_is_not_posted_c11():
    s, log = s4(d3=None)
    stop = resolve(s, log)
    (request,) = stop.requests
    assert (request.kind, request.name, request.dice, request.key_dict) == ("roll", "friendly_fire", "1d3",
                                                                            {"unit": "A-Arc-1"})
    assert stop.state.units["D-In-1"].damage == 1  # the shot on the target is applied before the wait


def test_s4b_d3_3_picks_pe2_which_is_routed_at_its_maximum_damage():
    s, log = s4(d3=3)
    stop = resolve(s, log)
    friendly = [a for a in of_type(stop, "attack") if a["kind"] == "friendly"][0]
    assert (friendly["target"], friendly["diff"], friendly["result"]) == ("A-Pe-2", 1, "R")
    (effect,) = [e for e in of_type(stop, "effect") if e["stack"] == "A-Pe-2"]
    assert effect["routed"] and effect["damage_after"] == 1 and not effect["destroyed"]
    (request,) = stop.requests  # C1: B1, A2 and C2 are all open to it
    assert (request.name, request.key_dict, set(request.options)) == ("rout_move", {"stack": "A-Pe-2"},
                                                                      {"B1", "A2", "C2"})


def test_s4c_a_stationary_shot_into_its_own_sector_makes_no_friendly_check():
    s, log = s4(d3=None, arc_at="B2-7", move=False)
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == ()
    (shot,) = [a for a in of_type(stop, "attack") if a["attacker"] == "A-Arc-1"]
    assert shot["kind"] == "stationary" and of_type(stop, "friendly_selected") == []


def test_s4d_a_stationary_shot_from_the_adjacent_sector_makes_one_check_before_melee():
    s, log = s4(d3=2, arc_at="B1-1", move=False)
    stop = resolve(s, log)
    kinds = [(d.phase, d.payload["kind"]) for d in stop.drafts if d.type == "cerilia.attack"]
    assert kinds[:2] == [("B2", "stationary"), ("B2", "friendly")]
    assert of_type(stop, "friendly_selected")[0]["unit"] == "A-In-2"


def s5(swap: bool = False):
    s = battle(8)
    troop(s, "D-Pe-1", "D3-1", "B")
    troop(s, "D-In-1", "D3-2", "Sh")
    troop(s, "D-Arc-1", "D3-4", "Sw")
    troop(s, "D-Pk-1", "E3-1", "Sh")
    troop(s, "D-Arc-2", "pool", None)
    troop(s, "D-Kn-1", "RD-1", "B", reserve_entry_round=6)
    troop(s, "A-In-9", "A1-1", "B")
    lines = [{"verb": "move", "actor": "D-In-1", "path": ["D3", "C3"]},
             {"verb": "deploy", "actor": "D-Arc-2", "path": ["RD", "D3"], "sign": "roll"},
             {"verb": "move", "actor": "D-Pk-1", "path": ["E3", "D3"]},
             {"verb": "move", "actor": "D-Pe-1", "path": ["D3", "D2"]},
             {"verb": "deploy", "actor": "D-Kn-1", "path": ["RD", "D3"], "reserve_slot": 1}]
    if swap:
        lines[3], lines[4] = lines[4], lines[3]
    return s, Log(8).order("A", "A1").order("D", "A3", *lines).roll("D", "1D3", "sign", "D-Arc-2", 3)


def test_s5_first_free_slots_in_the_order_of_the_post():
    s, log = s5()
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == ()
    assert {sid: at(stop, sid) for sid in ("D-Kn-1", "D-Arc-2", "D-Pk-1", "D-Arc-1", "D-In-1", "D-Pe-1")} == {
        "D-Kn-1": "D3-1", "D-Arc-2": "D3-2", "D-Pk-1": "D3-3", "D-Arc-1": "D3-4", "D-In-1": "C3-1", "D-Pe-1": "D2-1"}
    assert stop.state.units["D-Arc-2"].sign == "B"
    (arc2,) = [d for d in of_type(stop, "deployed") if d["stack"] == "D-Arc-2"]
    assert (arc2["sign_method"], arc2["sign_roll"], arc2["cost"]) == ("rolled", 3, 3)
    moved = {sid for sid, st in stop.state.stacks.items() if st.moved_this_round}
    assert moved == {"D-In-1", "D-Arc-2", "D-Pk-1", "D-Pe-1", "D-Kn-1"}


def test_s5_variant_order_matters():
    s, log = s5(swap=True)
    stop = resolve(s, log)
    assert at(stop, "D-Kn-1") == "D3-5" and at(stop, "D-Pe-1") == "D2-1"


def test_s5_leaving_a_reserve_slot_names_it():
    s, log = s5()
    bad = Log(8).order("A", "A1").order("D", "A3", {"verb": "deploy", "actor": "D-Kn-1", "path": ["RD", "D3"],
                                                    "reserve_slot": 2})
    stop = resolve(s, bad)
    assert stop.error is not None and "not in slot 2" in stop.error


def test_s3_a_rout_releases_the_joined_commander_in_the_same_slot():
    s = battle(6)
    troop(s, "A-In-1", "C2-2", "Sh", target="D-Kn-1", since=5)
    character(s, "aerin", "A", host="A-In-1", sign="B")
    troop(s, "A-Pe-1", "C2-1", "B")
    troop(s, "D-Kn-1", "C2-1", "B", damage=1, target="A-In-1", since=5)
    troop(s, "A-Arc-1", "C1-1", "Sw")
    log = (Log(6).order("A", "A1").order("D", "A3").order("A", "B_A").d9("A", "A-In-1", 3).d9("D", "D-Kn-1", 9)
           .choice("A", "rout_move", "A-In-1", "C1"))
    stop = resolve(s, log)
    assert stop.error is None and stop.requests == ()
    attacks = {(a["attacker"], a["target"]): a for a in of_type(stop, "attack")}
    assert attacks["A-In-1", "D-Kn-1"]["value"] == 3 and attacks["A-In-1", "D-Kn-1"]["diff"] == 0
    assert attacks["D-Kn-1", "A-In-1"]["defence"] == 3 and attacks["D-Kn-1", "A-In-1"]["result"] == "R"
    (effect,) = of_type(stop, "effect")
    assert effect["released"] == ["aerin"]
    assert at(stop, "aerin") == "C2-2" and at(stop, "A-In-1") == "C1-2"
    assert stop.state.units["aerin"].damage == 0 and not stop.state.stacks["aerin"].routed


def s3_variant(with_archer: bool = True, blocked: bool = False):
    """Spec §9 S3b/S3c: the stack (In1 + Aerin) rolls D9 = 1 (F), Kn1 rolls 2 (a miss)."""
    s = battle(6)
    troop(s, "A-In-1", "C2-2", "Sh", target="D-Kn-1", since=5)
    character(s, "aerin", "A", host="A-In-1", sign="B")
    troop(s, "A-Pe-1", "C2-1", "B")
    troop(s, "D-Kn-1", "C2-1", "B", damage=1, target="A-In-1", since=5)
    if with_archer:
        troop(s, "A-Arc-1", "C1-1", "Sw")
    if blocked:  # B2, D2 and C1 each hold only Defender stacks
        for n, sector in enumerate(("B2", "D2", "C1"), 1):
            troop(s, f"D-Pe-{n}", f"{sector}-1", "B")
    log = Log(6).order("A", "A1").order("D", "A3").d9("A", "A-In-1", 1).d9("D", "D-Kn-1", 2)
    if with_archer:
        log = log.order("A", "B_A")
    return s, log


def test_s3b_f_takes_the_commander_along():
    s, log = s3_variant()
    stop = resolve(s, log.choice("A", "fall_back", "A-In-1", "C1"))
    assert stop.error is None and stop.requests == (), stop.error or stop.requests
    attacks = {(a["attacker"], a["target"]): a["result"] for a in of_type(stop, "attack")}
    assert attacks["A-In-1", "D-Kn-1"] == "F" and attacks["D-Kn-1", "A-In-1"] == "-"
    (fell,) = of_type(stop, "fell_back")
    assert (fell["stack"], fell["to"], fell["slot"]) == ("A-In-1", "C1", 2)
    assert stop.state.stacks["A-In-1"].members == ["A-In-1", "aerin"] and at(stop, "A-In-1") == "C1-2"


def test_s3c_f_without_a_destination_destroys_the_troop_and_the_commander_stays():
    s, log = s3_variant(with_archer=False, blocked=True)
    stop = resolve(s, log)
    assert stop.error is None, stop.error
    (gone,) = of_type(stop, "destroyed")
    assert (gone["stack"], gone["cause"], gone["released"]) == ("A-In-1", "fall_back_blocked", ["aerin"])
    assert at(stop, "aerin") == "C2-2" and "A-In-1" not in stop.state.stacks
