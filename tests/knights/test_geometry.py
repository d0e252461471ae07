"""Spec §2.1 and §5.1: the triangle, overlaps, distances, parts, sweeps — with the spec's numbers."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.model import Knight, KnightsOptions, Pose
from replay.rulesets.knights.movement import move
from replay.rulesets.knights.steps import Batch
from tests.knights.contact_search import _argmin_convex
from tests.knights.knights_kit import knight_spec, state


def close(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return math.isclose(p[0], q[0], abs_tol=1e-4) and math.isclose(p[1], q[1], abs_tol=1e-4)


def test_triangle_orthogonal_example():
    # §2.1: pose (5,5,N) gives A (5,4), BR (6,6), BL (4,6)
    a, br, bl = g.triangle(5, 5, 0)
    assert (a, br, bl) == ((5, 4), (6, 6), (4, 6))


def test_triangle_diagonal_example():
    # §2.1: pose (5,5,NE) gives A (5.7071, 4.2929), BR (5, 6.4142), BL (3.5858, 5)
    a, br, bl = g.triangle(5, 5, 1)
    assert close(a, (5.7071, 4.2929)) and close(br, (5, 6.4142)) and close(bl, (3.5858, 5))


@pytest.mark.parametrize("f", range(8))
def test_area_is_two_in_every_facing(f):
    # §1.2: height 2, base 2
    assert math.isclose(g.area(g.triangle(3.5, 7, f)), 2.0)


def test_diagonal_rounding_table():
    # K2 table and KX-5: a knight at (10,10) facing NE
    assert [g.displacement(d, 1)[0] for d in range(1, 10)] == [1, 1, 2, 3, 4, 4, 5, 6, 6]
    assert g.displacement(2, 1) == (1, -1)
    assert g.displacement(3, 1) == (2, -2)
    assert g.displacement(4, 1) == (3, -3)
    assert g.displacement(5, 2) == (5, 0)


def test_apex_to_apex_touch_has_no_overlap_and_reaches_half_at_root_two():
    # K-S1: A at (10,12,E) and T at (12,12,W) touch apex to apex; moving E the overlap s²/4 reaches ½ at s = √2
    a, t = g.triangle(10, 12, 2), g.triangle(12, 12, 6)
    assert g.overlap(a, t) == 0 and g.touching(a, t)
    tau = g.first_half_overlap(a, (2, 0), t)
    assert tau is not None and math.isclose(tau * 2, math.sqrt(2), abs_tol=1e-6)
    assert g.sweep_interval(a, (2, 0), t)[0] == pytest.approx(0)


def test_tip_into_base_reaches_half_at_one():
    # K-S2: the tip overlap s²/2 reaches ½ at s = 1
    m, v = g.triangle(8, 6, 2), g.triangle(10, 6, 2)
    tau = g.first_half_overlap(m, (2, 0), v)
    assert tau is not None and math.isclose(tau * 2, 1.0, abs_tol=1e-6)


def test_outflank_entry_k_s3():
    # K-S3: path (23,23) → (24,24) SE; outside area reaches ½ at τ = (3 − √2)/2
    tau = g.first_outside(g.triangle(23, 23, 3), (1, 1))
    assert tau is not None and math.isclose(tau, (3 - math.sqrt(2)) / 2, abs_tol=1e-6)
    assert g.outside(g.triangle(24, 24, 3)) == pytest.approx(1.0)


def test_k_s4_sideways_sweep_first_touch_and_overlaps():
    # K-S4: S (10,10,W) moving 3 F N first touches T's apex at τ = 1/3; overlaps 0.05, 0.2, 0.45 on the way
    s, t = g.triangle(10, 10, 6), g.triangle(11, 7, 4)
    t1, _ = g.sweep_interval(s, (0, -3), t)
    assert t1 == pytest.approx(1 / 3)
    for y, area in ((8.5, 0.05), (8, 0.2), (7.5, 0.45)):
        assert g.overlap(g.triangle(10, y, 6), t) == pytest.approx(area)
    tau = g.first_half_overlap(s, (0, -3), t)
    assert tau is not None and 0.85 < tau < 0.87


def test_k_s4_parts():
    s, t = g.triangle(10, 9, 6), g.triangle(11, 7, 4)
    assert g.closest_part(s, t[0]) == g.REAR  # S's base corner touches T's apex
    assert g.closest_part(t, s[0]) == g.FRONT  # T's apex at √5 from S's apex
    assert g.contact_part(t, s) == g.FRONT
    assert g.contact_part(s, t) == g.REAR


def test_k_s2_parts_apex_on_base_midpoint():
    m, v = g.triangle(8, 6, 2), g.triangle(10, 6, 2)
    assert g.closest_part(v, m[0]) == g.REAR and g.closest_part(m, v[0]) == g.FRONT
    assert g.contact_part(v, m) == g.REAR and g.contact_part(m, v) == g.FRONT


def test_flank_along_flank_is_flank():
    # two knights side by side, mirrored: the flanks lie along each other
    a = g.triangle(5, 5, 0)
    b = g.triangle(6, 5, 4)  # facing S: apex (6,6), base y=4 from 5..7
    assert g.overlap(a, b) == pytest.approx(0, abs=1e-9)
    assert g.touching(a, b)
    assert g.contact_part(a, b) == g.FLANK and g.contact_part(b, a) == g.FLANK


def test_distances_k_s5():
    # K-S5: G at (11,15,E) is 1 F from L at (11,12,E); after L moves to (11,10) its distance to E (9,12,E) is 0.894
    assert g.dist(g.triangle(11, 15, 2), g.triangle(11, 12, 2)) == pytest.approx(1)
    assert g.dist(g.triangle(11, 10, 2), g.triangle(9, 12, 2)) == pytest.approx(0.894, abs=1e-3)
    assert g.dist(g.triangle(11, 10, 2), g.triangle(13, 12, 6)) == pytest.approx(1.789, abs=1e-3)


def test_formation_part_distances_k_s5():
    # G at (11,12,E), L at (11,10,E): G's Rear touches L, its Front is 1.789 away
    gp, lp = g.triangle(11, 12, 2), g.triangle(11, 10, 2)
    assert g.part_dist(gp, g.REAR, lp) == pytest.approx(0)
    assert g.part_dist(gp, g.FRONT, lp) == pytest.approx(1.789, abs=1e-3)


def test_rects():
    assert g.rects_touch((0, 0, 2, 6), (2, 0, 4, 6))
    assert not g.rects_touch((0, 0, 2, 6), (2, 6, 4, 12))  # corner only (K14)
    assert not g.rects_overlap((0, 0, 2, 6), (2, 0, 4, 6))
    assert g.rects_overlap((0, 0, 4, 4), (3, 3, 5, 9))
    assert g.rect_on_edge((0, 5, 2, 11)) and not g.rect_on_edge((1, 5, 3, 11))


def test_area_in_cells_fully_inside_rock():
    cells = g.cells_of([(5, 4, 9, 8)])
    assert g.area_in_cells(g.triangle(6, 6, 2), cells) == pytest.approx(2.0)


# --- properties ----------------------------------------------------------------------------------------------------

coord = st.integers(min_value=3, max_value=21)
half = st.integers(min_value=6, max_value=42).map(lambda v: v / 2)
facing = st.integers(min_value=0, max_value=7)


@given(half, half, facing, half, half, facing)
def test_overlap_and_distance_are_symmetric(x1, y1, f1, x2, y2, f2):
    p, q = g.triangle(x1, y1, f1), g.triangle(x2, y2, f2)
    assert g.overlap(p, q) == pytest.approx(g.overlap(q, p), abs=1e-9)
    assert g.dist(p, q) == pytest.approx(g.dist(q, p), abs=1e-9)
    assert 0 <= g.overlap(p, q) <= 2 + 1e-9
    if g.overlap(p, q) > 1e-6:
        assert g.dist(p, q) == 0


@given(half, half, facing, half, half, facing)
def test_parts_are_one_of_three(x1, y1, f1, x2, y2, f2):
    p, q = g.triangle(x1, y1, f1), g.triangle(x2, y2, f2)
    assert g.closest_part(p, q[0]) in (g.FRONT, g.FLANK, g.REAR)
    assert g.contact_part(p, q) in (g.FRONT, g.FLANK, g.REAR)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(coord, coord, facing, coord, coord, facing, st.integers(1, 9), facing)
def test_a_voluntary_move_never_ends_overlapping_by_half(mx, my, mf, ox, oy, of, dist, gdir):
    """Property (brief): a knight never ends a move overlapping another by ½ F² or more (moves that start already
    overlapping are the K5 back-off, the property below)."""
    from dataclasses import replace

    s = state([knight_spec("M", "alice", "forest", "bravery", (mx, my, "N")),
               knight_spec("O", "bob", "water", "mercy", (ox, oy, "N"))])
    knights = tuple(replace(k, pose=Pose(mx, my, mf)) if k.id == "M" else
                    replace(k, pose=Pose(ox, oy, of)) if k.id == "O" else k for k in s.knights)
    s = replace(s, knights=knights)
    mp = g.triangle(mx, my, mf)
    others = [k for k in s.knights if k.id != "M"]
    if any(g.overlap(mp, g.triangle(k.pose.x, k.pose.y, k.pose.f)) > 0 for k in others):
        return
    b = Batch(s)
    seg = move(b, "M", dist, gdir, KnightsOptions())
    moved: Knight = b.state.knight("M")
    if moved.pose is None:
        assert seg["result"] == "outflank"
        return
    end = g.triangle(moved.pose.x, moved.pose.y, moved.pose.f)
    for k in others:
        assert g.overlap(end, g.triangle(k.pose.x, k.pose.y, k.pose.f)) < 0.5 - 1e-9
    if seg["result"] == "contact":
        assert seg["candidates"], "a contact stop touches at least one candidate"


def _placed(poses: dict[str, tuple[float, float, int]]):
    """A battle state with these knights at these poses (M alice's, the others bob's; reserves parked apart)."""
    from dataclasses import replace

    specs = [knight_spec(kid, "alice" if kid == "M" else "bob", domain, oath, (x, y, "N"))
             for (kid, (x, y, _)), domain, oath in zip(poses.items(), ("forest", "water", "rock"),
                                                      ("bravery", "mercy", "leadership"), strict=False)]
    s = state(specs)
    return replace(s, knights=tuple(replace(k, pose=Pose(*poses[k.id])) if k.id in poses else k for k in s.knights))


def _tri(p: Pose):
    return g.triangle(p.x, p.y, p.f)


def test_k5_a_move_that_starts_overlapping_backs_off_to_first_contact():
    """K5's example: a knight that ended its last step overlapping another by a tolerated 1/16 F² stops, on its next
    move into it, at the first contact behind its start (τ < 0), touching and no longer overlapping."""
    s = _placed({"M": (12, 12, 0), "O": (12, 10.5, 4)})  # tip to tip, ½ F deep
    assert g.overlap(_tri(s.knight("M").pose), _tri(s.knight("O").pose)) == pytest.approx(0.0625)  # type: ignore[arg-type]
    b = Batch(s)
    seg = move(b, "M", 2, 0, KnightsOptions())
    assert seg["result"] == "contact" and seg["tau"] < 0 and seg["candidates"] == ["O"]
    end = b.state.knight("M").pose
    assert g.overlap(_tri(end), _tri(s.knight("O").pose)) == pytest.approx(0, abs=1e-9)  # type: ignore[arg-type]
    assert g.touching(_tri(end), _tri(s.knight("O").pose))  # type: ignore[arg-type]


def test_k5_backing_off_stops_at_a_third_knight_behind():
    """M (12,12,N) overlaps O a little; P stands behind M, touching M's base. The back-off to first contact with O
    (½ F back) would put M ¾ F² into P (the old reading); M stops where it stands, touching P."""
    s = _placed({"M": (12, 12, 0), "O": (11, 10.5, 0), "P": (12, 14, 4)})
    b = Batch(s)
    seg = move(b, "M", 2, 0, KnightsOptions())
    assert seg["result"] == "contact" and seg["tau"] == 0.0 and seg["candidates"] == ["O"]
    end = b.state.knight("M").pose
    assert (end.x, end.y) == (12, 12)
    assert g.overlap(_tri(end), _tri(s.knight("P").pose)) < 0.5  # type: ignore[arg-type]


def test_k5_backing_off_stops_touching_a_third_knight_met_on_the_way_back():
    """P stands ½ F behind M's base: M backs off only that far, touching P without overlapping it."""
    s = _placed({"M": (12, 12, 0), "O": (11, 11, 0), "P": (12, 14.5, 4)})
    b = Batch(s)
    seg = move(b, "M", 2, 0, KnightsOptions())
    end = b.state.knight("M").pose
    assert seg["result"] == "contact" and -0.5 < seg["tau"] < 0
    assert g.overlap(_tri(end), _tri(s.knight("P").pose)) == pytest.approx(0, abs=1e-9)  # type: ignore[arg-type]
    assert g.touching(_tri(end), _tri(s.knight("P").pose))  # type: ignore[arg-type]


def test_a_move_that_starts_touching_does_not_back_off_onto_another():
    """M overlaps the reserve ax2 ahead and O behind-left; backing off 1 F from ax2 would deepen the overlap with O
    (the old reading ended M ≥ ½ F² into O): M stays put, touching ax2."""
    from dataclasses import replace

    s = state([knight_spec("M", "alice", "forest", "bravery", (6, 4, "N")),
               knight_spec("O", "bob", "water", "mercy", (5, 5, "N"))])
    s = replace(s, knights=tuple(replace(k, pose=Pose(6, 4, 0)) if k.id == "M" else
                                 replace(k, pose=Pose(5, 5, 0)) if k.id == "O" else k for k in s.knights))
    b = Batch(s)
    seg = move(b, "M", 1, 0, KnightsOptions())
    assert seg["tau"] >= 0 and seg["candidates"] == ["ax2"]
    end = b.state.knight("M").pose
    assert g.overlap(_tri(end), _tri(s.knight("O").pose)) < 0.5  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.sampled_from([(11, 10.5, 0), (11, 11, 0), (12, 10.75, 4), (13, 11, 6), (11.5, 11, 2), (12.5, 10.5, 0)]),
       st.integers(9, 15), st.integers(9, 15), facing, st.integers(1, 9), facing)
def test_no_move_ends_a_half_deeper_into_a_knight_even_from_a_tolerated_overlap(o, px, py, pf, dist, gdir):
    """Property (K5, K59), deterministic: M at (12,12) facing its move starts overlapping O by a tolerated amount,
    a third knight P stands anywhere; M's move never ends ½ F² or more into anyone it was not that deep into."""
    s = _placed({"M": (12, 12, gdir), "O": o, "P": (px, py, pf)})
    start = {k.id: g.overlap(_tri(s.knight("M").pose), _tri(k.pose)) for k in s.knights  # type: ignore[arg-type]
             if k.id != "M" and k.pose is not None}
    if any(a >= 0.5 for a in start.values()) or g.overlap(_tri(s.knight("O").pose),  # type: ignore[arg-type]
                                                          _tri(s.knight("P").pose)) >= 0.5:  # type: ignore[arg-type]
        return
    b = Batch(s)
    seg = move(b, "M", dist, gdir, KnightsOptions())
    end = b.state.knight("M").pose
    if end is None:
        assert seg["result"] == "outflank"
        return
    for kid, was in start.items():
        now = g.overlap(_tri(end), _tri(s.knight(kid).pose))  # type: ignore[arg-type]
        assert now < 0.5 - 1e-9 or now <= was + 1e-9, (kid, was, now, seg)


# --- τ05 in closed form against the numerical search it replaced ---------------------------------------------------


def _searched_half_overlap(mover: g.Poly, delta: g.Point, other: g.Poly) -> float | None:
    """The former τ05: a ternary search for the overlap's maximum on the contact interval (the area is unimodal
    there), then a bisection for the first crossing of ½ F²."""
    iv = g.sweep_interval(mover, delta, other)
    if iv is None:
        return None

    def a(t: float) -> float:
        return g.overlap(g.translate(mover, delta[0] * t, delta[1] * t), other)

    lo, hi = max(0.0, iv[0]), min(1.0, iv[1])
    if lo >= hi:
        return None
    if g.overlaps_half(a(lo)):
        return lo
    top = _argmin_convex(lambda t: -a(t), lo, hi)
    if not g.overlaps_half(a(top)):
        if g.overlaps_half(a(hi)):
            top = hi
        else:
            return None
    left, right = lo, top
    for _ in range(60):
        mid = (left + right) / 2
        if g.overlaps_half(a(mid)):
            right = mid
        else:
            left = mid
    return right


def _peak(mover: g.Poly, delta: g.Point, other: g.Poly) -> float:
    """The largest overlap on the segment, sampled finely (to recognise a near-tie with ½ F²)."""
    return max(g.overlap(g.translate(mover, delta[0] * k / 4000, delta[1] * k / 4000), other) for k in range(4001))


offset = st.floats(-3.5, 3.5, allow_nan=False).map(lambda v: round(v, 3))
step = st.floats(-7, 7, allow_nan=False).map(lambda v: round(v, 2))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(offset, offset, facing, facing, step, step, st.booleans())
def test_closed_form_half_overlap_agrees_with_the_numerical_search(ox, oy, mf, of, dx, dy, cell):
    # the other is a knight, or a Lady's unit cell; the mover starts anywhere near it and moves anywhere
    other = g.rect(12, 12, 13, 13) if cell else g.triangle(12, 12, of)
    mover = g.triangle(12 + ox, 12 + oy, mf)
    closed = g.first_half_overlap(mover, (dx, dy), other)
    searched = _searched_half_overlap(mover, (dx, dy), other)
    if (closed is None) != (searched is None):  # only where the segment's best overlap is ½ F² to the last digits
        assert abs(_peak(mover, (dx, dy), other) - g.HALF) < 1e-6
        return
    if closed is not None and searched is not None:
        assert closed == pytest.approx(searched, abs=1e-7)
        here = g.overlap(g.translate(mover, dx * closed, dy * closed), other)
        assert here == pytest.approx(g.HALF, abs=1e-7) or (closed == 0 and here >= g.HALF - g.EPS_AREA)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(-3, 3), st.integers(-3, 3), facing, facing, st.integers(-6, 6), st.integers(-6, 6), st.booleans())
def test_closed_form_half_overlap_on_the_lattice(ox, oy, mf, of, dx, dy, cell):
    # lattice poses and moves, as recorded games have them: exact touches, halves and corners meeting
    other = g.rect(12, 12, 13, 13) if cell else g.triangle(12, 12, of)
    mover = g.triangle(12 + ox, 12 + oy, mf)
    closed = g.first_half_overlap(mover, (dx, dy), other)
    searched = _searched_half_overlap(mover, (dx, dy), other)
    assert (closed is None) == (searched is None)
    if closed is not None and searched is not None:
        assert closed == pytest.approx(searched, abs=1e-7)
