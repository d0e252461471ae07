"""§4.3 Таран: the spec's worked claims KX-6 … KX-8, target choice, no billiards, damage and falling."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.inputs import Inputs, TurnInputs
from replay.rulesets.knights import derive
from replay.rulesets.knights.damage import legal_damage
from replay.rulesets.knights.model import KnightsOptions, Pose
from replay.rulesets.knights.ram import compare, halve_up
from tests.knights.knights_kit import RULES, choice, knight_spec, of, order, resolve, state

ALL_BUT_FULL_AHEAD = ("smooth_turn", "sharp_turn", "drop_speed", "raise_shields", "en_garde")


def far_bob(kid: str = "bx1"):
    return order("bob", knight=kid, action="drop_speed")


def test_kx6_head_on_between_equals_the_attacker_loses():
    st0 = state([knight_spec("A", "alice", "forest", "leadership", (8, 12, "E")),
                 knight_spec("T", "bob", "water", "mercy", (12, 12, "W"), accel=2)])
    drafts, st1 = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                                   choice("bob", "sidestep", "left", knight="A")])
    (r,) = of(drafts, "knights.ram")
    assert (r["impetus"]["value"], r["resistance"]["value"], r["outcome"]) == (13, 15, "attacker_struck")
    assert st1.knight("A").pose == Pose(12, 11, 2) and st1.knight("A").accel == 0
    assert st1.knight("T").accel == 1
    assert not st1.knight("A").damaged and not [e for e in r["effects"] if e["kind"] == "damage"]  # K27
    assert st1.knight("T").honor == 1  # Bloodshed: T struck the attacker


def test_kx6_option_attacker_struck_front_damage():
    st0 = state([knight_spec("A", "alice", "forest", "leadership", (8, 12, "E")),
                 knight_spec("T", "bob", "water", "mercy", (12, 12, "W"), accel=2)])
    _, st1 = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                              choice("bob", "sidestep", "left", knight="A")],
                     KnightsOptions(attacker_struck_front_damage=True))
    assert st1.knight("A").damaged == frozenset({"raise_shields"})


@pytest.mark.parametrize("s", range(1, 8))
def test_kx6_general_check(s):
    # for any equal speed s ≥ 1, with and without En Garde, the head-on attacker loses
    assert compare(6 * s + 1, 6 * s + 3) == "attacker_struck"
    assert compare(6 * s, 6 * s + 2) == "attacker_struck"


def kx7():
    return state([knight_spec("A", "alice", "forest", "bravery", (6, 12, "E"), accel=3, damaged=ALL_BUT_FULL_AHEAD),
                  knight_spec("T", "bob", "water", "mercy", (10, 12, "E"), accel=0)],
                 limits=[("forest", (2, 9, 10, 15))])


def test_kx7_rear_charge_by_a_maximally_damaged_knight():
    st0 = kx7()
    assert derive.mass(st0, st0.knight("A")) == 1 and derive.speed(st0, st0.knight("A")) == 9
    drafts, st1 = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                                   choice("alice", "push_direction", "E", knight="T"),
                                   choice("bob", "damage", "drop_speed", knight="T")])
    (r,) = of(drafts, "knights.ram")
    assert r["parts"]["tp"] == "rear" and r["parts"]["ap"] == "front"
    assert r["impetus"]["value"] == 11 and r["resistance"]["value"] == 3 and r["outcome"] == "target_broken"
    t = st1.knight("T")
    assert t.pose == Pose(14, 12, 2) and t.accel == 0 and st1.knight("A").accel == 0
    assert t.damaged == frozenset({"raise_shields", "drop_speed"})
    assert r["effects"][-2]["chosen_by"] == "forced"  # the attacker's pick can only be raise_shields


def test_kx8_halving_zero():
    assert halve_up(0, 2) == 0 and compare(0, 6) == "attacker_broken"
    assert halve_up(0 + 2, 2) == 1  # addition before division
    assert halve_up(17, 2) == 9 and halve_up(5, 2) == 3  # K-S4, K-S2: rounding up


def test_target_choice_between_two_candidates():
    st0 = state([knight_spec("A", "alice", "forest", "bravery", (10, 12, "E")),
                 knight_spec("T1", "bob", "water", "mercy", (12, 11, "N")),
                 knight_spec("T2", "bob", "rock", "loyalty", (12, 13, "S"))])
    base = [order("alice", knight="A", action="full_ahead"), far_bob("bx2")]
    from replay.inputs import Waiting

    with pytest.raises(Waiting) as w:
        RULES.resolve(st0, 5, Inputs(TurnInputs(5, tuple(base)), draw=lambda d: None), KnightsOptions())  # type: ignore[arg-type,return-value]
    assert w.value.actor == "bob" and w.value.what.startswith("target for") and w.value.options == ["T1", "T2"]
    drafts, _ = resolve(st0, 5, base + [
        choice("bob", "target", "T2", knight="A"), choice("alice", "push_direction", "S", knight="T2"),
        choice("bob", "damage", "en_garde", knight="T2"),
    ])
    (r,) = of(drafts, "knights.ram")
    assert r["candidates"] == ["T1", "T2"] and r["target"] == "T2" and r["chosen_by"] == "bob"


def test_no_billiards_a_push_stops_at_contact():
    st0 = state([knight_spec("A", "alice", "forest", "leadership", (8, 12, "E")),
                 knight_spec("T", "bob", "water", "bravery", (12, 12, "W")),
                 knight_spec("X", "bob", "rock", "mercy", (15, 12, "E"))])
    drafts, st1 = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob("bx2"),
                                   choice("alice", "push_direction", "E", knight="T"),
                                   choice("alice", "sidestep", "left", knight="A")])
    assert len(of(drafts, "knights.ram")) == 1
    push = [e for e in of(drafts, "knights.ram")[0]["effects"] if e["kind"] == "push"][0]
    assert push["result"] == "contact" and st1.knight("T").pose == Pose(13, 12, 6)
    assert st1.knight("X").pose == Pose(15, 12, 2)


def test_damage_order_shields_first_full_ahead_last():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))])
    assert legal_damage(st0, "K") == ["raise_shields"]
    st1 = replace(st0, knights=tuple(replace(k, damaged=frozenset({"raise_shields"})) if k.id == "K" else k
                                     for k in st0.knights))
    assert "full_ahead" not in legal_damage(st1, "K") and "en_garde" in legal_damage(st1, "K")
    st2 = replace(st0, knights=tuple(replace(k, damaged=frozenset(ALL_BUT_FULL_AHEAD[:4])) if k.id == "K" else k
                                     for k in st0.knights))
    assert legal_damage(st2, "K") == ["full_ahead", "en_garde"]


def test_a_knight_with_mass_one_falls_when_broken():
    st0 = state([knight_spec("A", "alice", "forest", "bravery", (8, 12, "E")),
                 knight_spec("T", "bob", "water", "mercy", (12, 12, "E"), accel=0,
                             damaged=("smooth_turn", "sharp_turn", "drop_speed", "raise_shields", "en_garde"))])
    drafts, st1 = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                                   choice("alice", "push_direction", "E", knight="T")])
    (r,) = of(drafts, "knights.ram")
    assert r["outcome"] == "target_broken"
    t = st1.knight("T")
    assert t.location == "fallen" and t.pose is None and derive.mass(st1, t) == 0
    assert st1.knight("A").honor == 2


def test_friendly_ram_scores_no_honor():
    st0 = state([knight_spec("A", "alice", "forest", "bravery", (8, 12, "E")),
                 knight_spec("F", "alice", "water", "mercy", (12, 12, "W"))])
    drafts, st1 = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                                   choice("alice", "push_direction", "E", knight="F"),
                                   choice("alice", "sidestep", "left", knight="A")])
    (r,) = of(drafts, "knights.ram")
    assert r["outcome"] == "target_struck" and st1.knight("F").damaged  # damage applies (K56)
    assert st1.knight("A").honor == 0 and st1.knight("F").honor == 0  # K31


# --- property: the outcome does not depend on how the knights are stored ---------------------------------------------


class FirstOption(Inputs):
    """Answers every choice with its first option (a stand-in player for property tests)."""

    def choice(self, name, *, actor, options, **key):  # type: ignore[override]
        if options:
            return options[0]
        return super().choice(name, actor=actor, options=options, **key)


@settings(max_examples=25, deadline=None)
@given(st.integers(6, 12), st.integers(9, 15), st.integers(0, 7), st.integers(0, 3), st.integers(0, 3),
       st.permutations(range(6)))
def test_a_ram_does_not_depend_on_the_order_knights_are_stored(tx, ty, tf, aacc, tacc, perm):
    st0 = state([knight_spec("A", "alice", "forest", "bravery", (5, 12, "E"), accel=aacc),
                 knight_spec("T", "bob", "water", "mercy", (tx + 4, ty, "NESW"[0]), accel=tacc)])
    st0 = replace(st0, knights=tuple(replace(k, pose=Pose(tx + 4, ty, tf)) if k.id == "T" else k
                                     for k in st0.knights))
    from replay.rulesets.knights import geometry as g

    a, t = st0.knight("A"), st0.knight("T")
    if g.overlap(derive.poly(a.pose), derive.poly(t.pose)) > 1e-9:  # type: ignore[arg-type]
        return
    shuffled = replace(st0, knights=tuple(st0.knights[i] for i in perm))
    orders = (order("alice", knight="A", action="full_ahead"), order("bob", knight="bx1", action="drop_speed"))

    def run(s):
        ins = FirstOption(TurnInputs(5, orders))
        return [d.payload for d in RULES.resolve(s, 5, ins, KnightsOptions()) if d.type == "knights.ram"]

    assert run(st0) == run(shuffled)
