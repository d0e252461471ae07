"""§2.1 the table: gaps, arcs, paths, line of sight; properties that must hold for any position."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.rulesets.warband import check, space
from replay.rulesets.warband import geometry as geo
from tests.warband.helpers import OPTIONS, state, warrior

coord = st.floats(min_value=3, max_value=77, allow_nan=False)
heights = st.sampled_from([0.0, 1.5, 3.0, 4.0, 6.0])


def test_gap_is_edge_to_edge():
    assert geo.gap((0, 0), 1.25, (0, 5), 1.25) == pytest.approx(2.5)
    assert geo.gap((0, 0), 1.25, (0, 1), 1.25) == 0
    assert geo.overlaps((0, 0), 1.25, (0, 2.4), 1.25) and not geo.overlaps((0, 0), 1.25, (0, 2.5), 1.25)


def test_front_arc_is_plus_minus_90_degrees():
    assert geo.in_front_arc((0, 0), 90, (1, 1)) and geo.in_front_arc((0, 0), 90, (1, 0))
    assert not geo.in_front_arc((0, 0), 90, (1, -0.01))


def test_scn5_gaps():
    s = state(warrior("o2", "A", "ogre", 52.0, 45.2, 90), warrior("a4", "A", "infantryman", 56.0, 47.0, 123.7),
              warrior("b2", "B", "knight", 50.0, 50.0, 270), warrior("b3", "B", "infantryman", 54.0, 50.0, 270),
              warrior("b4", "B", "infantryman", 54.0, 52.9, 270))
    g = space.gap
    w = s.warrior
    assert g(w("o2"), w("b2")) == pytest.approx(1.95) and g(w("o2"), w("b3")) == pytest.approx(1.95)
    assert g(w("a4"), w("b3")) == pytest.approx(1.106, abs=1e-3) and g(w("b2"), w("a4")) == pytest.approx(4.2, abs=1e-2)
    assert g(w("b3"), w("b4")) == pytest.approx(0.4)


def test_a_path_touching_a_rough_piece_with_its_base_involves_it():
    terrain = [{"id": "t1", "polygon": [[40, 30], [60, 30], [60, 45], [40, 45]], "rough": True}]
    s = state(warrior("a1", "A", "infantryman", 50, 20), terrain=terrain)
    w = s.warrior("a1")
    assert space.needs_roll(s, w, [(50, 20), (50, 28.5)], OPTIONS) == []
    assert space.needs_roll(s, w, [(50, 20), (50, 29)], OPTIONS) == ["t1 is rough terrain"]


def test_climbing_onto_a_piece_needs_the_roll_and_a_climbable_piece():
    terrain = [{"id": "r1", "polygon": [[40, 30], [60, 30], [60, 45], [40, 45]], "height": 4, "climbable": True},
               {"id": "r2", "polygon": [[0, 30], [20, 30], [20, 45], [0, 45]], "height": 4}]
    s = state(warrior("a1", "A", "infantryman", 50, 25), warrior("a2", "A", "infantryman", 10, 25), terrain=terrain)
    assert space.needs_roll(s, s.warrior("a1"), [(50, 25), (50, 33)], OPTIONS) == ["climbs 4 cm onto r1"]
    a2 = replace(s.warrior("a2"), allowance=10.0)
    assert any("not climbable" in p for p in check.move_problems(s, a2, {"path": [[10, 33]]}, OPTIONS))


def test_impassable_pieces_and_enemy_bases_block_a_path_friends_do_not():
    terrain = [{"id": "x1", "polygon": [[0, 30], [20, 30], [20, 32], [0, 32]], "impassable": True}]
    s = state(warrior("a1", "A", "infantryman", 10, 25), warrior("a2", "A", "infantryman", 30, 25),
              warrior("a3", "A", "infantryman", 30, 28), warrior("b1", "B", "infantryman", 40, 28), terrain=terrain)
    assert any("impassable" in p for p in space.path_problems(s, s.warrior("a1"), [(10, 25), (10, 35)], OPTIONS))
    assert space.path_problems(s, s.warrior("a2"), [(30, 25), (30, 31)], OPTIONS) == []
    assert any("crosses b1" in p for p in space.path_problems(s, s.warrior("a2"), [(30, 25), (42, 31)], OPTIONS))
    assert any("overlapping a3" in p for p in space.path_problems(s, s.warrior("a2"), [(30, 25), (30, 27)], OPTIONS))


@settings(max_examples=150, deadline=None)
@given(ax=coord, ay=coord, bx=coord, by=coord, h1=heights, h2=heights, px=coord, py=coord)
def test_line_of_sight_is_symmetric(ax, ay, bx, by, h1, h2, px, py):
    terrain = [{"id": "p1", "polygon": [[px - 5, py - 1], [px + 5, py - 1], [px + 5, py + 1], [px - 5, py + 1]],
                "height": h1},
               {"id": "p2", "polygon": [[py - 2, px - 3], [py + 2, px - 3], [py + 2, px + 3], [py - 2, px + 3]],
                "height": h2, "blocks_los": h2 > 5}]
    s = state(warrior("a1", "A", "infantryman", ax, ay), warrior("b1", "B", "ogre", bx, by), terrain=terrain)
    a, b = s.warrior("a1"), s.warrior("b1")
    assert space.los(s, a, b) == space.los(s, b, a)
    assert space.gap(a, b) == pytest.approx(space.gap(b, a))


@settings(max_examples=200, deadline=None)
@given(positions=st.lists(st.tuples(coord, coord), min_size=2, max_size=8, unique=True),
       end=st.tuples(coord, st.floats(min_value=3, max_value=57, allow_nan=False)), mid=st.tuples(coord, coord))
def test_no_legal_move_ends_overlapping_another_base(positions, end, mid):
    warriors = [warrior(f"w{i}", "AB"[i % 2], "ogre" if i % 3 == 2 else "infantryman", x, y % 57 + 1.5)
                for i, (x, y) in enumerate(positions)]
    s = state(*warriors)
    w = s.warrior("w0")
    path = [w.pos, mid, end]
    if space.path_problems(s, w, path, OPTIONS):
        return
    moved = replace(w, x=end[0], y=end[1])
    from replay.rulesets.warband import derive

    for o in s.warriors:
        if o.id != w.id:
            assert not geo.overlaps(moved.pos, derive.radius(moved), o.pos, derive.radius(o))


@settings(max_examples=100, deadline=None)
@given(x=coord, y=coord, fa=st.floats(0, 359), fb=st.floats(0, 359))
def test_reach_is_per_attacker_and_needs_the_front_arc(x, y, fa, fb):
    s = state(warrior("a1", "A", "infantryman", 40, 30, fa, items=["long_weapon"]),
              warrior("b1", "B", "infantryman", x, y, fb, items=["short_weapon"]))
    a, b = s.warrior("a1"), s.warrior("b1")
    g = space.gap(a, b)
    if space.can_strike(b, a, OPTIONS):
        assert g <= 2 + 1e-6
    if space.can_strike(a, b, OPTIONS):
        assert g <= 3 + 1e-6 and geo.in_front_arc(a.pos, a.facing, b.pos)


@settings(max_examples=150, deadline=None)
@given(positions=st.lists(st.tuples(coord, coord), min_size=2, max_size=10, unique=True),
       at=st.tuples(coord, st.floats(min_value=3, max_value=57, allow_nan=False)))
def test_a_faller_placed_at_the_nearest_free_point_overlaps_no_base_and_stays_on_the_table(positions, at):
    """A-45: wherever a failed jump comes down among bases, the point it is placed at is free."""
    from replay.rulesets.warband import derive, falls

    warriors = [warrior(f"w{i}", "AB"[i % 2], "ogre" if i % 3 == 2 else "infantryman", x, y % 57 + 1.5)
                for i, (x, y) in enumerate(positions)]
    s = state(*warriors)
    w = s.warrior("w0")
    p = falls.free_point(s, w, at, 0.0)
    r = derive.radius(w)
    assert r - geo.EPS <= p[0] <= s.table[0] - r + geo.EPS and r - geo.EPS <= p[1] <= s.table[1] - r + geo.EPS
    for o in s.warriors:
        if o.id != w.id:
            assert not geo.overlaps(p, r, o.pos, derive.radius(o)), o.id
