"""§1.4, §4.1, §1.1: orders and their legality, the step queue, the four steed actions, the Outflank and Return."""

from __future__ import annotations

from dataclasses import replace

import pytest

from eventlog.envelope import Draft
from replay.inputs import Inputs, MissingInput, TurnInputs, Waiting
from replay.rulesets.knights import derive
from replay.rulesets.knights.model import KnightsOptions, Pose
from tests.knights.knights_kit import RULES, choice, knight_spec, of, order, resolve, roll, state


def check(st, actor, **payload):
    return RULES.check_input(st, TurnInputs(5, ()), Draft("order", payload, 5, actor), KnightsOptions())


def lone(kid="K", pose=(10, 10, "E"), acted=(), **kw):
    return state([knight_spec(kid, "alice", "forest", "bravery", pose, **kw)], acted=acted)


# --- bad orders (§4.1 legality) ----------------------------------------------------------------------------------


def test_the_knight_that_acted_last_turn_may_not_act_again():
    st = lone(acted=("K",))
    assert check(st, "alice", knight="K", action="full_ahead") == [
        "§1.4: K acted last turn; another knight of the lance can act (K22)"]


def test_unless_it_is_the_only_one_that_can_act():
    st = lone(acted=("K",))
    st = replace(st, knights=tuple(replace(k, location="fallen", pose=None) if k.id in ("ax1", "ax2") else k
                                   for k in st.knights))
    assert check(st, "alice", knight="K", action="full_ahead") == []


def test_fallen_knight():
    st = lone(location="fallen")
    st = replace(st, knights=tuple(replace(k, pose=None) if k.id == "K" else k for k in st.knights))
    assert check(st, "alice", knight="K", action="full_ahead") == ["§2.2: K has fallen and cannot act"]


def test_damaged_function():
    st = lone(damaged=("raise_shields", "sharp_turn"))
    assert check(st, "alice", knight="K", action="sharp_turn", turn_dir="left") == [
        "§2.3: K's sharp_turn is damaged: the action cannot be declared"]


def test_smooth_turn_and_drop_speed_at_accel_zero():
    st = lone(accel=0)
    assert check(st, "alice", knight="K", action="smooth_turn", turn_dir="left") == [
        "§4.1: smooth_turn is not allowed at accel 0 (K) (K21)"]
    assert check(st, "alice", knight="K", action="drop_speed") == [
        "§4.1: drop_speed is not allowed at accel 0 (K) (K21)"]


def test_turn_dir_needed_and_return_only_from_the_outflank():
    st = lone()
    assert check(st, "alice", knight="K", action="sharp_turn") == [
        "§4.1: sharp_turn needs turn_dir left or right, chosen at planning"]
    assert check(st, "alice", knight="K", action="return_to_battle", return_pose={"x": 1, "y": 5, "f": 2}) == [
        "§1.1: «Вернуться в бой!» is only for knights in the Outflank; K is on the field"]


def test_outflank_knight_may_only_return():
    st = lone(pose=None)
    assert check(st, "alice", knight="K", action="full_ahead") == [
        "§1.1: K is in the Outflank: only «Вернуться в бой!» (return_to_battle) is allowed"]
    assert check(st, "alice", knight="K", action="return_to_battle", return_pose={"x": 1, "y": 12, "f": 2}) == []
    assert check(st, "alice", knight="K", action="return_to_battle", return_pose={"x": 6, "y": 12, "f": 2}) == [
        "§1.1: return pose (6,12,E) is 5 F from the nearest edge, more than 2 F"]


def test_not_your_knight_and_pass():
    st = lone()
    assert check(st, "bob", knight="K", action="full_ahead")[0].startswith("§1.2: 'K' is not a knight of bob's")
    assert check(st, "alice", kind="pass")[0].startswith("§1.3: a player with a knight able to act must declare")


# --- the steed actions -------------------------------------------------------------------------------------------


def run(st, *orders, options=None, extra=()):
    return resolve(st, 5, list(orders) + list(extra), options)


def far_bob():
    return order("bob", knight="bx1", action="drop_speed")


def test_full_ahead_kx4_two_steps():
    # KX-4: from accel 1, step 1 raises accel to 2, so speed 2 → steps 1–2 → 4 F straight
    drafts, st = run(lone(), order("alice", knight="K", action="full_ahead"), far_bob())
    assert st.knight("K").pose == Pose(14, 10, 2) and st.knight("K").accel == 2
    assert [m["step"] for m in of(drafts, "knights.move") if m["knight"] == "K"] == [1, 2]


def test_full_ahead_diagonal_kx4_six_cells():
    # KX-4: accel 3, damage 2, in own Limits: speed 6 → 6 diagonal cells
    st = state([knight_spec("K", "alice", "forest", "bravery", (6, 18, "NE"), accel=3,
                            damaged=("raise_shields", "smooth_turn"))],
               limits=[("forest", (2, 14, 10, 20))])
    assert derive.speed(st, st.knight("K")) == 6
    drafts, st2 = run(st, order("alice", knight="K", action="full_ahead"), far_bob())
    moves = [m for m in of(drafts, "knights.move") if m["knight"] == "K"]
    assert moves[0]["end"] == {"x": 7, "y": 17, "f": 1}
    # speed is re-evaluated each step (K18): leaving the forest drops it to 5
    assert len(moves) == 5 and moves[-1]["end"] == {"x": 11, "y": 13, "f": 1}


def test_smooth_turn_three_steps_turns_135():
    st = lone(accel=3)  # speed 3
    _, st2 = run(st, order("alice", knight="K", action="smooth_turn", turn_dir="right"), far_bob())
    k = st2.knight("K")
    assert k.pose == Pose(13, 13, 5) and k.accel == 3  # E → SE → S → SW; accel unchanged


def test_drop_speed_kx4():
    st = lone(accel=2)
    drafts, st2 = run(st, order("alice", knight="K", action="drop_speed"), far_bob())
    assert st2.knight("K").pose == Pose(14, 10, 2) and st2.knight("K").accel == 1
    end = [e for e in of(drafts, "knights.action_end") if e["knight"] == "K"][0]
    assert end["reason"] == "done" and end["accel"] == 1


def test_sharp_turn_moves_speed_toward_the_old_front_then_accel_zero():
    st = lone(accel=2)  # speed 2
    _, st2 = run(st, order("alice", knight="K", action="sharp_turn", turn_dir="left"), far_bob())
    assert st2.knight("K").pose == Pose(12, 10, 0) and st2.knight("K").accel == 0


def test_queue_full_tie_uses_one_1d2_per_turn():
    # K-S3 variant: speeds and masses equal → 1d2, 1 = Challenger first
    st = state([knight_spec("K", "alice", "forest", "bravery", (5, 10, "E")),
                knight_spec("Z", "bob", "forest", "mercy", (18, 14, "W"))])
    drafts, _ = run(st, order("alice", knight="K", action="full_ahead"),
                    order("bob", knight="Z", action="full_ahead"), extra=[roll("initiative_tie", 2)])
    queues = of(drafts, "knights.queue")
    assert queues[0]["decided_by"] == "die" and queues[0]["die"] == 2
    assert [x["knight"] for x in queues[0]["order"]] == ["Z", "K"]
    assert queues[1]["die"] == 2  # reused for the rest of the turn (K16)


def test_queue_tie_broken_by_lower_mass():
    st = state([knight_spec("K", "alice", "forest", "bravery", (5, 10, "E"), accel=0,
                            damaged=("raise_shields", "en_garde")),
                knight_spec("Z", "bob", "forest", "mercy", (18, 14, "W"), accel=2)])
    drafts, _ = run(st, order("alice", knight="K", action="full_ahead"),
                    order("bob", knight="Z", action="full_ahead"))
    q = of(drafts, "knights.queue")[0]
    assert q["decided_by"] == "mass" and q["order"][0]["knight"] == "K"


def test_a_missing_order_is_a_request_live_and_in_replay():
    st = lone()
    with pytest.raises(Waiting) as w:
        run_live(st, [order("alice", knight="K", action="full_ahead")])
    assert w.value.actor == "bob" and "order for turn 5" in w.value.what
    with pytest.raises(Waiting, match="waiting for bob: order for turn 5"):
        resolve(st, 5, [order("alice", knight="K", action="full_ahead")])


def run_live(st, inputs):
    ins = Inputs(TurnInputs(5, tuple(inputs)), draw=lambda d: (_ for _ in ()).throw(AssertionError("dice")))
    return RULES.resolve(st, 5, ins, KnightsOptions())


def test_a_missing_choice_names_who_what_and_options():
    st = state([knight_spec("A", "alice", "forest", "leadership", (8, 12, "E"), name="Sir Aster"),
                knight_spec("T", "bob", "water", "bravery", (12, 12, "W"), name="Dame Tide")])
    with pytest.raises(Waiting) as w:
        run_live(st, [order("alice", knight="A", action="full_ahead"), far_bob()])
    assert w.value.actor == "alice"
    assert w.value.what == "push direction for Dame Tide (T)"
    assert w.value.options == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def test_a_forced_choice_may_be_recorded_but_must_name_the_option():
    st = state([knight_spec("A", "alice", "forest", "leadership", (8, 12, "E")),
                knight_spec("T", "bob", "water", "bravery", (12, 12, "W"))])
    base = [order("alice", knight="A", action="full_ahead"), far_bob(),
            choice("alice", "push_direction", "E", knight="T"), choice("alice", "sidestep", "left", knight="A")]
    resolve(st, 5, base + [choice("bob", "damage", "raise_shields", knight="T")])
    with pytest.raises(MissingInput):
        resolve(st, 5, base + [choice("bob", "damage", "en_garde", knight="T")])  # C1: rejected


def test_enter_the_outflank_and_return():
    st = lone(pose=(22, 10, "E"))
    drafts, st2 = run(st, order("alice", knight="K", action="full_ahead"), far_bob())
    assert st2.knight("K").location == "outflank" and st2.knight("K").accel == 2
    assert [e["reason"] for e in of(drafts, "knights.action_end") if e["knight"] == "K"] == ["outflank"]
    st3 = replace(st2, acted_last_turn=frozenset())
    drafts, st4 = resolve(st3, 6, [order("alice", 6, knight="K", action="return_to_battle",
                                         return_pose={"x": 22, "y": 10, "f": 6}),
                                   order("bob", 6, knight="bx0", action="drop_speed")])
    k = st4.knight("K")
    assert k.location == "field" and k.pose == Pose(22, 10, 6) and k.accel == 1


def test_rotation_into_a_knight_is_cancelled():
    # K3: a turn that would overlap ≥ ½ F² is cancelled; no ram
    st = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "N"), accel=0),
                knight_spec("Z", "bob", "forest", "mercy", (9, 10, "S"))])
    drafts, st2 = run(st, order("alice", knight="K", action="sharp_turn", turn_dir="right"), far_bob())
    first = of(drafts, "knights.move")[0]
    assert first["path"][0]["result"] == "cancelled" and first["path"][0]["blocked_by"] == ["Z"]
    assert not of(drafts, "knights.ram")


def test_state_json_round_trip():
    _, st = run(lone(), order("alice", knight="K", action="full_ahead"), far_bob())
    data = RULES.state_json(st)
    assert RULES.state_from_json(data) == st
    k = data["knights"][0]
    assert {"pose", "location", "accel", "mass", "speed", "honor", "functions"} <= set(k)
    assert all("honor" in lance for lance in data["lances"]) and "result" in data


def test_accel_zero_checked_at_planning_only_by_default():
    # K21: a knight rammed to accel 0 before its first step still runs its Drop Speed; option "execution" stops it
    from replay.rulesets.knights.resolve import Act, interruption
    from replay.rulesets.knights.steps import Ctx

    st = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"), accel=0)])
    act = Act("alice", "K", "drop_speed", [], None, None)
    ins = Inputs(TurnInputs(5, ()))
    assert interruption(Ctx(st, ins, KnightsOptions(), 5), act) is None
    assert interruption(Ctx(st, ins, KnightsOptions(accel_zero_check="execution"), 5), act) == "accel_zero"
