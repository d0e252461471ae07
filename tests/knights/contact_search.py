"""The numerical contact search that `geometry.contact_part` replaced, kept as the closed form's test oracle.

`contact_part_search` is the former function as it was (a ternary search for the nearest point of each edge of X
to Y and two bisections for the ends of its span within dist + EPS_LEN, 60 steps each); `searched_spans` gives the
same spans for `geometry._point_contact`, so the closed form's spans and the decision on them are tested apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from replay.rulesets.knights.geometry import (
    EPS_AREA,
    EPS_LEN,
    REAR,
    Point,
    Poly,
    classify,
    dist,
    edges,
    overlap,
    overlap_part,
    segment_poly_dist,
)

_ITER = 60


def _argmin_convex(fn: Callable[[float], float], lo: float, hi: float) -> float:
    for _ in range(_ITER):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if fn(m1) <= fn(m2):
            hi = m2
        else:
            lo = m1
    return (lo + hi) / 2


def _level_interval(fn: Callable[[float], float], level: float) -> tuple[float, float] | None:
    """{t ∈ [0,1] : fn(t) ≤ level} for a convex fn, as an interval, or None."""
    tm = _argmin_convex(fn, 0.0, 1.0)
    if fn(tm) > level:
        return None

    def edge(inside: float, out: float) -> float:
        if fn(out) <= level:
            return out
        for _ in range(_ITER):
            mid = (inside + out) / 2
            if fn(mid) <= level:
                inside = mid
            else:
                out = mid
        return inside

    return edge(tm, 0.0), edge(tm, 1.0)


def searched_span(a: Point, b: Point, y: Poly, level: float) -> tuple[float, float] | None:
    """The span of [a, b] within `level` of Y, searched numerically."""
    def at(t: float) -> Point:
        return a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])

    def near(t: float) -> float:
        p = at(t)
        return segment_poly_dist(p, p, y)

    return _level_interval(near, level)


def searched_spans(x: Poly, y: Poly) -> list[tuple[float, float] | None]:
    level = dist(x, y) + EPS_LEN
    return [searched_span(a, b, y, level) for a, b in edges(x)]


def contact_part_search(x: Poly, y: Poly) -> str:
    """The former `contact_part`, verbatim."""
    if overlap(x, y) <= EPS_AREA:
        d = dist(x, y)
        best: tuple[float, Point] | None = None
        point: tuple[float, Point] | None = None
        for a, b in edges(x):
            def at(t: float, a: Point = a, b: Point = b) -> Point:
                return a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])

            def g(t: float, at: Callable[[float], Point] = at) -> float:
                p = at(t)
                return segment_poly_dist(p, p, y)

            iv = _level_interval(g, d + EPS_LEN)
            if iv is None:
                continue
            length = (iv[1] - iv[0]) * math.hypot(b[0] - a[0], b[1] - a[1])
            mid = at((iv[0] + iv[1]) / 2)
            if best is None or length > best[0]:
                best = (length, mid)
            gm = g((iv[0] + iv[1]) / 2)
            if point is None or gm < point[0]:
                point = (gm, mid)
        if best is None or point is None:
            return REAR
        if best[0] > 1e-4:
            return classify(x, best[1])
        return classify(x, point[1])
    return overlap_part(x, y)  # the overlapping case is not a search: the same code serves both

