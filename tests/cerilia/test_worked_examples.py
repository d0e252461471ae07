"""The spec's §8 worked examples not held by test_examples.py under their own number (TXT-17, 18, 26, 30, 31, 34, 35,
37, 38; TXT-24 is scenario S3, test_scenarios.py): given the example's stacks and inputs, what the spec expects."""

from __future__ import annotations

from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.fates import fates
from tests.cerilia.kit import Log, at, battle, character, of_type, resolve, troop

MOVE = {"verb": "move", "actor": "A-Pe-9", "path": ["E1", "E2"]}  # somebody moves: no §5.8 1d10


def _mover(s):
    troop(s, "A-Pe-9", "E1-1", "B")


def test_txt17_a_d2_of_2_picks_the_second_friend_in_slot_order_with_the_same_card():
    s = battle(3)
    _mover(s)
    troop(s, "D-In-5", "B2-1", "Sw", target="A-Pe-1", since=2)
    troop(s, "A-Pe-1", "B2-4", "B", target="D-In-5", since=2)
    troop(s, "A-In-2", "B2-7", "Sh", target="D-In-5", since=2)
    troop(s, "A-Arc-1", "A1-1", "B")
    log = (Log(3).order("A", "A1", MOVE, {"verb": "move", "actor": "A-Arc-1", "path": ["A1", "B1"]}).order("D", "A3")
           .order("A", "B_A", {"verb": "shoot", "actor": "A-Arc-1", "target": "D-In-5"})
           .d9("A", "A-Arc-1", 7).d9("A", "A-Pe-1", 1).d9("A", "A-In-2", 1).d9("D", "D-In-5", 1)
           .roll("A", "1d2", "friendly_fire", "A-Arc-1", 2))
    stop = resolve(s, log)
    assert stop.error is None, stop.error
    (picked,) = of_type(stop, "friendly_selected")
    assert (picked["candidates"], picked["roll"], picked["unit"]) == (["A-Pe-1", "A-In-2"], 2, "A-In-2")
    shot, friendly = [a for a in of_type(stop, "attack") if a["attacker"] == "A-Arc-1"]
    assert friendly["kind"] == "friendly" and friendly["target"] == "A-In-2" and friendly["roll"] == shot["roll"]


def _archer_at(sector: str):
    s = battle(3)
    _mover(s)
    troop(s, "D-In-1", "B2-1", "Sw", target="A-In-1", since=2)
    troop(s, "A-In-1", "B2-1", "B", target="D-In-1", since=2)
    troop(s, "A-In-3", "B2-2", "B", target="D-In-1", since=2)
    troop(s, "A-Arc-1", f"{sector}-1", "B")
    log = (Log(3).order("A", "A1", MOVE).order("D", "A3")
           .order("A", "B_A", {"verb": "shoot", "actor": "A-Arc-1", "target": "D-In-1"})
           .d9("A", "A-Arc-1", 5).d9("A", "A-In-1", 1).d9("A", "A-In-3", 1).d9("D", "D-In-1", 1)
           .roll("A", "1d2", "friendly_fire", "A-Arc-1", 1))
    return resolve(s, log)


def test_txt18_a_stationary_shot_into_its_own_sector_checks_no_friend_from_the_next_sector_one():
    own = _archer_at("B2")
    assert own.error is None, own.error
    assert of_type(own, "friendly_selected") == []
    adjacent = _archer_at("B1")
    assert adjacent.error is None, adjacent.error
    (picked,) = of_type(adjacent, "friendly_selected")
    assert picked["n"] == 2 and picked["unit"] == "A-In-1"


def test_txt26_a_character_group_shows_its_leaders_sign_a_troop_its_own():
    s = battle(2)
    character(s, "ilsabet", "D", location="C3-1", sign="Sh")
    character(s, "tamor", "D", host="ilsabet", sign="B")
    assert dv.sign(s, s.stacks["ilsabet"]) == "Sh"
    character(s, "maelis", "D", location="D3-1", sign="Sw")
    character(s, "gavan", "D", host="maelis", sign="B")
    assert dv.sign(s, s.stacks["maelis"]) == "Sw"
    troop(s, "A-In-1", "C1-1", "B")
    character(s, "aerin", "A", host="A-In-1", sign="Sh")
    assert dv.sign(s, s.stacks["A-In-1"]) == "B"


def test_txt30_a_hopeless_side_is_not_defeated_by_the_engine_only_by_the_dm():
    s = battle(4)
    troop(s, "A-In-1", "A1-1", "B")  # one foot unit, 1 MP, no missile
    troop(s, "D-Kn-1", "E3-1", "B")
    log = Log(4).order("A", "A1", {"verb": "move", "actor": "A-In-1", "path": ["A1", "B1"]}).order("D", "A3")
    stop = resolve(s, log)
    assert stop.error is None and of_type(stop, "battle_ended") == [] and stop.state.outcome is None
    ruled = resolve(s, log.ruling(override={"name": "battle_end", "key": {}}, value="A", note="TXT-30"))
    (end,) = of_type(ruled, "battle_ended")
    assert (end["loser"], end["reason"]) == ("A", "dm_defeat")


def test_txt31_a_nine_is_a_draw_and_a_stack_in_the_fortress_is_never_forced():
    from replay.rulesets.cerilia.stalemate import eligible

    s = battle(5, fortification={"level": 2, "sector": "C3"})
    troop(s, "A-In-1", "B1-1", "B")
    troop(s, "D-Pk-1", "C3-1", "B")
    troop(s, "D-Arc-1", "A3-1", "B")
    assert [st.id for st in eligible(s, "D")] == ["D-Arc-1"]
    log = Log(5).order("A", "A1").order("D", "A3")
    for player, value in (("alice", 9), ("bob", 2)):
        log._add("roll", player, {"dice": "1d10", "purpose": "stalemate", "result": [value], "total": value,
                                  "source": "forum"})
    stop = resolve(s, log)
    (end,) = of_type(stop, "battle_ended")
    assert (end["draw"], end["reason"]) == (True, "stalemate_draw")


def test_txt34_a_charge_needs_a_step_and_turns_once_at_most():
    s = battle(3)
    troop(s, "A-Kn-1", "B1-1", "B")
    troop(s, "D-In-1", "C2-1", "B")
    troop(s, "D-Pe-1", "B1-2", "B")

    def charge(path, target):
        return resolve(s, Log(3).order("A", "A1", {"verb": "declare_charge", "actor": "A-Kn-1", "path": path,
                                                   "target": target}))

    assert "TXT-34" in (charge(["B1"], "D-Pe-1").error or "")
    s.stacks["D-Pe-1"].location = "C3-1"
    assert "turns 2 times" in (charge(["B1", "B2", "C2", "C3"], "D-Pe-1").error or "")
    legal = charge(["B1", "B2", "C2"], "D-In-1")
    assert not (legal.error or "").count("§4.3.9"), legal.error
    assert of_type(legal, "charge_declared")


def test_txt35_a_stack_that_charged_in_b3_rolls_no_melee_in_b4():
    s = battle(3)
    _mover(s)
    troop(s, "A-Kn-1", "B1-1", "B")
    troop(s, "D-In-1", "C2-1", "Sw")
    log = (Log(3).order("A", "A1", MOVE, {"verb": "declare_charge", "actor": "A-Kn-1", "path": ["B1", "B2", "C2"],
                                          "target": "D-In-1"}).order("D", "A3")
           .d9("A", "A-Kn-1", 2).d9("D", "D-In-1", 1))
    stop = resolve(s, log)
    assert stop.error is None, stop.error
    kinds = [(a["attacker"], a["kind"]) for a in of_type(stop, "attack")]
    assert ("A-Kn-1", "charge") in kinds and ("A-Kn-1", "melee") not in kinds


def test_txt37_foot_entrants_oblige_no_mounted_defender():
    from replay.rulesets.cerilia.phase_a import obligations

    s = battle(2)
    troop(s, "D-Kn-1", "C2-1", "B")
    troop(s, "A-In-1", "C1-1", "B")
    stop = resolve(s, Log(2).order("A", "A1", {"verb": "move", "actor": "A-In-1", "path": ["C1", "C2"]}))
    owed = obligations(stop.state, "A", "A1")
    assert all(o["k"] == 0 for o in owed) and at(stop, "A-In-1") == "C2-1"


def test_txt38_fates_after_the_battle():
    from replay.context import Context
    from replay.rulesets.cerilia.evolve import evolve

    s = battle(6)
    for cid, side in (("aerin", "A"), ("ilsabet", "D"), ("maelis", "D"), ("tamor", "D")):
        character(s, cid, side, location=f"{'C1' if side == 'A' else 'C3'}-{len(s.stacks) + 1}")
    s.units["aerin"].status = "fallen"
    s.units["maelis"].status = "fallen"
    s.outcome = {"winner": "A", "loser": "D", "draw": False, "reason": "concession"}
    ctx = Context(Log(7).inputs(), s, evolve, "t")
    fates(ctx, {"ilsabet": "no"})  # the winner does not pardon the losing ruler (CP-22)
    (fate,) = of_type(ctx, "fates")
    assert fate["fates"]["aerin"] == "survives"  # fallen, but his side won
    assert fate["fates"]["ilsabet"] == "out" and fate["fates"]["maelis"] == "out"
    assert fate["fates"]["tamor"] == "out"  # his ruler is out
