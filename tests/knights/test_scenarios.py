"""Spec §9: the hand-computed scenarios K-S1 … K-S5, as the spec states them."""

from __future__ import annotations

import pytest

from replay.rulesets.knights.model import Lady
from tests.knights.knights_kit import choice, knight_spec, of, order, resolve, state


def other(player: str, kid: str):
    """The other lance's action: a far-away knight dropping speed (lowest initiative every round)."""
    return order(player, knight=kid, action="drop_speed")


def honor(st, kid: str) -> int:
    return st.knight(kid).honor


def pose(st, kid: str):
    p = st.knight(kid).pose
    return None if p is None else (p.x, p.y, p.f)


# --- K-S1 ------------------------------------------------------------------------------------------------------


def ks1():
    return state([knight_spec("A", "alice", "forest", "leadership", (8, 12, "E"), name="Sir Aster"),
                  knight_spec("T", "bob", "water", "bravery", (12, 12, "W"), name="Dame Tide")])


def test_k_s1_head_on_target_struck():
    drafts, st = resolve(ks1(), 5, [
        order("alice", knight="A", action="full_ahead"), other("bob", "bx1"),
        choice("alice", "push_direction", "E", knight="T"), choice("alice", "sidestep", "left", knight="A"),
    ])
    (r,) = of(drafts, "knights.ram")
    assert r["parts"] == {"tp": "front", "ap": "front", "tc": "front", "ac": "front"}
    assert r["impetus"]["value"] == 13 and r["resistance"]["value"] == 9
    assert r["outcome"] == "target_struck"
    assert r["why"][1] == "I = mass 6 × speed 2 = 12; +1 en garde (front) (§4.3 Ан гард!) → 13"
    assert pose(st, "T") == (14, 12, 6) and pose(st, "A") == (12, 11, 2)
    assert st.knight("T").accel == 0 and st.knight("A").accel == 1
    assert st.knight("T").damaged == frozenset({"raise_shields"})
    damage = [e for e in r["effects"] if e["kind"] == "damage"]
    assert damage[0]["chosen_by"] == "forced"  # C1: the only legal function
    # Bloodshed +1 for A; Bravery 1 + 0 + 2 = 3 for T
    assert honor(st, "A") == 1 and honor(st, "T") == 3
    assert st.acted_last_turn == frozenset({"A", "bx1"})


def test_k_s1_bravery_may_be_declined():
    _, st = resolve(ks1(), 5, [
        order("alice", knight="A", action="full_ahead"), other("bob", "bx1"),
        choice("alice", "push_direction", "E", knight="T"), choice("alice", "sidestep", "left", knight="A"),
        choice("bob", "oath", "decline", knight="T", oath="bravery"),
    ])
    assert honor(st, "T") == 0 and st.knight("T").oath_count == 0  # CP-K10: the oath stays open


# --- K-S2 ------------------------------------------------------------------------------------------------------


def ks2():
    return state([knight_spec("M", "alice", "rock", "mercy", (6, 6, "E"), accel=2, damaged=("raise_shields",)),
                  knight_spec("V", "bob", "water", "leadership", (10, 6, "E"), accel=0,
                              damaged=("raise_shields",))],
                 limits=[("rock", (5, 4, 9, 8))])


def test_k_s2_rear_charge_with_mercy():
    drafts, st = resolve(ks2(), 5, [
        order("alice", knight="M", action="full_ahead"), other("bob", "bx1"),
        choice("alice", "push_direction", "E", knight="V"), choice("alice", "spare", "spare", knight="M"),
    ])
    q = of(drafts, "knights.queue")[0]["order"]
    assert q[0]["knight"] == "M" and q[0]["initiative"] == 8
    (r,) = of(drafts, "knights.ram")
    assert r["attacker_state"]["speed"] == 5
    assert (r["parts"]["tp"], r["parts"]["ap"]) == ("rear", "front")
    assert r["impetus"]["value"] == 28 and r["resistance"]["value"] == 3
    assert r["outcome"] == "target_broken" and r["spared"]
    assert pose(st, "V") == (14, 6, 2) and pose(st, "M") == (8, 6, 2)
    assert st.knight("V").accel == 0 and st.knight("M").accel == 0
    assert st.knight("V").damaged == frozenset({"raise_shields"})  # spared: no damage
    assert st.lance("alice").spared == frozenset({"V"}) and st.knight("M").mercy_uses == 1
    assert honor(st, "M") == 5  # Mercy 5, no Bloodshed, no Conquest (own domain)


def test_k_s2_branch_without_mercy():
    _, st = resolve(ks2(), 5, [
        order("alice", knight="M", action="full_ahead"), other("bob", "bx1"),
        choice("alice", "push_direction", "E", knight="V"), choice("alice", "spare", "strike", knight="M"),
        choice("alice", "damage", "en_garde", knight="V"), choice("bob", "damage", "drop_speed", knight="V"),
    ])
    v = st.knight("V")
    assert v.damaged == frozenset({"raise_shields", "en_garde", "drop_speed"})
    assert honor(st, "M") == 2  # Bloodshed: broke an enemy


# --- K-S3 ------------------------------------------------------------------------------------------------------


def ks3():
    return state([knight_spec("P", "alice", "water", "love", (22, 22, "SE"), accel=2),
                  knight_spec("Q", "bob", "rock", "bravery", (6, 12, "N"), accel=1,
                              damaged=("raise_shields", "sharp_turn"))],
                 ladies=[Lady("lady:P", "P", None, "P", "Q")])


def test_k_s3_lady_mass_tie_by_speed_outflank_and_love():
    st0 = ks3()
    from replay.rulesets.knights import derive

    assert derive.mass(st0, st0.knight("P")) == 7 and derive.speed(st0, st0.knight("P")) == 1
    drafts, st = resolve(st0, 5, [
        order("alice", knight="P", action="full_ahead"), order("bob", knight="Q", action="smooth_turn",
                                                               turn_dir="right"),
    ])
    queues = of(drafts, "knights.queue")
    assert [x["knight"] for x in queues[0]["order"]] == ["Q", "P"] and queues[0]["decided_by"] == "speed"
    assert [x["knight"] for x in queues[1]["order"]] == ["P", "Q"] and queues[1]["decided_by"] == "initiative"
    moves = [m for m in of(drafts, "knights.move") if m["knight"] == "P"]
    assert moves[0]["end"] == {"x": 23, "y": 23, "f": 3}
    assert moves[1]["location"] == "outflank" and moves[1]["love"]
    assert moves[1]["path"][0]["tau"] == pytest.approx(0.7929, abs=1e-4)
    assert st.knight("P").location == "outflank" and st.knight("P").accel == 3
    assert pose(st, "Q") == (9, 9, 3) and st.knight("Q").accel == 1
    assert honor(st, "P") == 9  # Love 7 + 2 (kidnapper Q has damage 2)


# --- K-S4 ------------------------------------------------------------------------------------------------------


def ks4():
    return state([knight_spec("S", "alice", "forest", "bravery", (10, 10, "N"), damaged=("raise_shields",)),
                  knight_spec("T", "bob", "water", "mercy", (11, 7, "S"), accel=0)],
                 limits=[("forest", (4, 8, 12, 14))])


def ks4_inputs(*extra):
    return [order("alice", knight="S", action="sharp_turn", turn_dir="left"), other("bob", "bx1"),
            choice("bob", "push_direction", "E", knight="T"), choice("alice", "damage", "drop_speed", knight="S"),
            choice("alice", "push_direction", "S", knight="S"), *extra]


def test_k_s4_sideways_sharp_turn_equal():
    drafts, st = resolve(ks4(), 5, ks4_inputs())
    move2 = of(drafts, "knights.move")[2]
    assert move2["knight"] == "S" and move2["end"] == {"x": 10, "y": 9, "f": 6}
    (r,) = of(drafts, "knights.ram")
    assert (r["parts"]["ap"], r["parts"]["tp"], r["parts"]["tc"]) == ("rear", "front", "front")
    assert r["impetus"]["value"] == 9 and r["resistance"]["value"] == 9 and r["outcome"] == "equal"
    assert pose(st, "S") == (10, 10, 6) and pose(st, "T") == (12, 7, 4)
    assert st.knight("S").accel == 0 and st.knight("T").accel == 0
    from replay.rulesets.knights import derive

    assert derive.mass(st, st.knight("S")) == 4 and derive.speed(st, st.knight("S")) == 3
    assert derive.mass(st, st.knight("T")) == 5
    assert honor(st, "S") == 10 and honor(st, "T") == 2  # Bravery 8 + Bloodshed 2; Bloodshed 2


def test_k_s4_declining_en_garde_changes_the_branch():
    drafts, _ = resolve(ks4(), 5, [
        order("alice", knight="S", action="sharp_turn", turn_dir="left"), other("bob", "bx1"),
        choice("bob", "en_garde", "decline", knight="T", ram=1),
        choice("alice", "push_direction", "N", knight="T"), choice("alice", "sidestep", "right", knight="S"),
    ])
    (r,) = of(drafts, "knights.ram")
    assert r["resistance"]["value"] == 8 and r["outcome"] == "target_struck"


# --- K-S5 ------------------------------------------------------------------------------------------------------


def ks5():
    return state([knight_spec("E", "alice", "rock", "love", (7, 12, "E")),
                  knight_spec("L", "bob", "forest", "leadership", (11, 12, "E"), accel=0),
                  knight_spec("G", "bob", "water", "loyalty", (11, 15, "E"), accel=1)])


def ks5_inputs(g_pick: str = "en_garde"):
    return [
        order("alice", knight="E", action="full_ahead"), order("bob", knight="bx2", action="drop_speed"),
        choice("bob", "take_the_blow", "use", knight="G"),
        choice("bob", "take_the_blow_pose", {"x": 13, "y": 12, "f": 6}, knight="G"),
        choice("bob", "take_the_blow_direction", "N", knight="G"),
        choice("alice", "push_direction", "E", knight="G"),
        choice("bob", "damage", g_pick, knight="G"),
    ]


def test_k_s5_take_the_blow():
    drafts, st = resolve(ks5(), 5, ks5_inputs())
    (tb,) = of(drafts, "knights.take_the_blow")
    assert tb["success"] and tb["step2"]["ally_to"] == {"x": 11, "y": 10, "f": 2}
    assert tb["step3"] == {"x": 11, "y": 12, "f": 2}
    (r,) = of(drafts, "knights.ram")
    assert r["target"] == "G" and r["would_be_target"] == "L" and r["loyalty_override"]
    assert r["parts"]["tp"] == "rear" and r["parts"]["tc"] == "rear" and r["parts"]["ap"] == "front"
    assert not r["target_state"]["formation"]
    assert r["impetus"]["value"] == 13 and r["resistance"]["value"] == 3 and r["outcome"] == "target_broken"
    assert pose(st, "G") == (15, 12, 2) and st.knight("G").accel == 1 and st.knight("E").accel == 0
    g = st.knight("G")
    assert g.damaged == frozenset({"raise_shields", "en_garde"})
    assert honor(st, "E") == 2 and honor(st, "G") == 10


def test_k_s5_loyalty_with_one_module():
    _, st = resolve(ks5(), 5, ks5_inputs("drop_speed"))
    assert honor(st, "G") == 7
