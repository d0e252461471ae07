"""The closed-form contact_part (§5.1, K7) against the numerical search it replaced (tests/knights/contact_search.py).

Contacts are made, not hoped for: the other knight stands at (12, 12); the knight X comes toward it from a random
direction (any facing of the eight) until they touch, then stays there or steps back by a gap under EPS_LEN.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.rulesets.knights import geometry as g
from tests.knights.contact_search import contact_part_search, searched_spans

facing = st.integers(min_value=0, max_value=7)


def _brought_to_touch(fx: int, fy: int, angle: float, gap: float) -> tuple[g.Poly, g.Poly]:
    """X (facing fx) brought from 4 F away along `angle` until it touches Y (12, 12, fy), then `gap` back."""
    y = g.triangle(12, 12, fy)
    ux, uy = math.cos(angle), math.sin(angle)
    far = g.triangle(12 + 4 * ux, 12 + 4 * uy, fx)
    lo, hi = 0.0, 4.0  # how far X has come: apart at lo, meeting at hi
    for _ in range(80):
        mid = (lo + hi) / 2
        if g.dist(g.translate(far, -ux * mid, -uy * mid), y) > 0:
            lo = mid
        else:
            hi = mid
    return g.translate(far, -ux * (lo - gap), -uy * (lo - gap)), y


def _midpoints(x: g.Poly, y: g.Poly, spans: list[tuple[float, float] | None]) -> list[tuple[float, g.Point]]:
    out = []
    for (a, b), span in zip(g.edges(x), spans, strict=True):
        if span is not None:
            t = (span[0] + span[1]) / 2
            mid = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            out.append((g.segment_poly_dist(mid, mid, y), mid))
    return out


def _on_a_class_boundary(x: g.Poly, mids: list[tuple[float, g.Point]]) -> bool:
    """A midpoint within 1e-12 of EPS_LEN from the apex or the base: the former search decided it by rounding."""
    a, br, bl = x
    return any(abs(math.hypot(p[0] - a[0], p[1] - a[1]) - g.EPS_LEN) < 1e-12
               or abs(g.point_segment_dist(p, bl, br) - g.EPS_LEN) < 1e-12 for _, p in mids)


def _corner_tie(mids: list[tuple[float, g.Point]]) -> bool:
    near = sorted(d for d, _ in mids)
    return len(near) > 1 and near[1] - near[0] <= g.CORNER_TIE


@settings(max_examples=300, deadline=None, derandomize=True)
@given(facing, facing, st.floats(0, 2 * math.pi, allow_nan=False), st.sampled_from([0.0, 0.0, 3e-7, 9e-7]))
def test_closed_form_contact_agrees_with_the_numerical_search(fx, fy, angle, gap):
    x, y = _brought_to_touch(fx, fy, angle, gap)
    assert g.touching(x, y)
    closed = g.contact_part(x, y)
    if g.overlap(x, y) > g.EPS_AREA:  # the overlap branch is the same code
        assert closed == contact_part_search(x, y)
        return
    level = g.dist(x, y) + g.EPS_LEN
    spans = [g.near_interval(a, b, y, level) for a, b in g.edges(x)]
    searched = searched_spans(x, y)
    # the same spans, edge by edge, to the search's precision
    for mine, theirs in zip(spans, searched, strict=True):
        assert (mine is None) == (theirs is None)
        if mine is not None and theirs is not None:
            assert mine == pytest.approx(theirs, abs=1e-9)
    # the same decision on them
    assert closed == g._point_contact(x, y, searched)
    # and the former function's, but where its choice was rounding: two corner midpoints tie (rule 1), or the
    # midpoint is EPS_LEN from the apex or the base to the last digits (rule 2)
    old = contact_part_search(x, y)
    if old != closed:
        mids = _midpoints(x, y, searched)
        assert _corner_tie(mids) or _on_a_class_boundary(x, mids), (x, y, closed, old)


def test_closed_form_contact_agrees_with_the_search_on_every_lattice_touch():
    # every half-F pose of X around Y (12, 12) in every pair of facings, as recorded games have them: exact touches,
    # corners on corners and on edges; the former search and the closed form classify each one alike
    touches = 0
    for fy in range(8):
        y = g.triangle(12, 12, fy)
        for fx in range(8):
            for ox in range(-6, 7):
                for oy in range(-6, 7):
                    x = g.triangle(12 + ox / 2, 12 + oy / 2, fx)
                    if g.touching(x, y) and g.overlap(x, y) <= g.EPS_AREA:
                        touches += 1
                        assert g.contact_part(x, y) == contact_part_search(x, y), (ox / 2, oy / 2, fx, fy)
    assert touches == 256


def test_a_base_corner_touching_an_edge_is_a_corner_tie_and_the_first_edge_decides():
    # X (12, 14, W)'s base corner BR = (13, 13) on Y (12, 12, N)'s base corner: the flank A→BR and the base BR→BL
    # both come within EPS_LEN of Y for a few millionths of F, their midpoints equally near Y; the first edge in
    # the order A→BR, BR→BL, BL→A decides (the former search kept the first of equal distances): its midpoint lies
    # EPS_LEN from the base, rounded to Flank; the mirror image (12, 14, E), whose corner BL is first met by the
    # base BR→BL, is Rear
    x, y = g.triangle(12, 14, 6), g.triangle(12, 12, 0)
    spans = [g.near_interval(a, b, y, g.dist(x, y) + g.EPS_LEN) for a, b in g.edges(x)]
    mids = _midpoints(x, y, spans)
    assert spans[2] is None and _corner_tie(mids)
    assert g.contact_part(x, y) == contact_part_search(x, y) == g.FLANK
    mirror = g.triangle(12, 14, 2)
    assert g.contact_part(mirror, y) == contact_part_search(mirror, y) == g.REAR


def test_near_interval_of_a_segment_along_an_edge():
    # the segment y = 13 − 1e-7 from x = 10 to 14 against the unit square [11, 12] × [12, 13]: within 1e-6 of it
    # from x = 11 − √(1e-12 − 1e-14) to 12 + the same, i.e. t = (1 − w) / 4 … (2 + w) / 4
    square = g.rect(11, 12, 12, 13)
    lo, hi = g.near_interval((10, 13 + 1e-7), (14, 13 + 1e-7), square, 1e-6)  # type: ignore[misc]
    w = math.sqrt(1e-12 - 1e-14)
    assert lo == pytest.approx((1 - w) / 4, abs=1e-15) and hi == pytest.approx((2 + w) / 4, abs=1e-15)
    assert g.near_interval((10, 14), (14, 14), square, 1e-6) is None
    assert g.near_interval((11.5, 12.5), (11.5, 20), square, 1e-6) == pytest.approx((0, (0.5 + 1e-6) / 7.5))
