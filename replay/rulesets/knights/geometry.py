"""Plane geometry of the knights' field (spec §2.1, §5.1): triangles, clipping, distances, parts, sweeps.

Pure functions on tuples of floats. The field is [0,24]² with y growing downward; a knight is the isosceles
triangle of height 2 and base 2 whose altitude midpoint is C (K1). Thresholds: EPS_LEN for distances,
EPS_AREA for the ½ F² rule (§1.2: a fragment under ½ square F passes through anything).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

Point = tuple[float, float]
Poly = tuple[Point, ...]

EPS_LEN = 1e-6
EPS_AREA = 1e-9
HALF = 0.5
SIZE = 24
DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
FIELD: Poly = ((0.0, 0.0), (SIZE, 0.0), (SIZE, SIZE), (0.0, SIZE))
_ITER = 60
CORNER_TIE = 1e-12  # two corner midpoints of a touch this much nearer to Y than each other tie (K7)
CORNER_EDGE = 1e-13  # a corner midpoint this close to EPS_LEN from the apex or the base is beyond it (K7)


# --- vectors ---------------------------------------------------------------------------------------------------


def unit(f: int) -> Point:
    """unit(f) = dir(f)/|dir(f)| (§2.1)."""
    dx, dy = DIRS[f % 8]
    n = math.hypot(dx, dy)
    return dx / n, dy / n


def is_diagonal(f: int) -> bool:
    return f % 2 == 1


def triangle(x: float, y: float, f: int) -> Poly:
    """The knight's triangle (A, BR, BL): A = C + u, BR = C − u + r, BL = C − u − r (§2.1)."""
    ux, uy = unit(f)
    rx, ry = unit(f + 2)
    return ((x + ux, y + uy), (x - ux + rx, y - uy + ry), (x - ux - rx, y - uy - ry))


def displacement(distance: int, g: int) -> tuple[int, int]:
    """The lattice displacement of a D F move in direction g: diagonals move round(D/√2) cells per axis (K2)."""
    dx, dy = DIRS[g % 8]
    k = round(distance / math.sqrt(2)) if is_diagonal(g) else distance
    return dx * k, dy * k


def translate(poly: Poly, dx: float, dy: float) -> Poly:
    return tuple((x + dx, y + dy) for x, y in poly)


def rect(x0: float, y0: float, x1: float, y1: float) -> Poly:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


# --- areas and clipping ----------------------------------------------------------------------------------------


def signed_area(poly: Sequence[Point]) -> float:
    s = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2


def area(poly: Sequence[Point]) -> float:
    return abs(signed_area(poly))


def _ccw(poly: Sequence[Point]) -> Sequence[Point]:
    return poly if signed_area(poly) >= 0 else tuple(reversed(poly))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def clip(subject: Sequence[Point], clipper: Sequence[Point]) -> list[Point]:
    """Sutherland–Hodgman: subject ∩ clipper, both convex."""
    out = list(_ccw(subject))
    cl = _ccw(clipper)
    n = len(cl)
    for i in range(n):
        a, b = cl[i], cl[(i + 1) % n]
        inp, out = out, []
        if not inp:
            break
        m = len(inp)
        for j in range(m):
            p, q = inp[j], inp[(j + 1) % m]
            cp, cq = _cross(a, b, p), _cross(a, b, q)
            if cp >= 0:
                out.append(p)
            if (cp >= 0) != (cq >= 0):
                t = cp / (cp - cq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def overlap(p: Poly, q: Poly) -> float:
    """Area of P ∩ Q (§5.1 overlap)."""
    inter = clip(p, q)
    return area(inter) if len(inter) >= 3 else 0.0


def outside(p: Poly) -> float:
    """The area of the knight outside the field (§5.1)."""
    return area(p) - overlap(p, FIELD)


def overlaps_half(a: float) -> bool:
    """A contact of ≥ ½ F² counts (§1.2, §4.3); EPS_AREA keeps exact halves in."""
    return a >= HALF - EPS_AREA


# --- distances -------------------------------------------------------------------------------------------------


def nearest_on_segment(p: Point, a: Point, b: Point) -> tuple[Point, float]:
    """The point of [a, b] nearest to p, and its parameter t ∈ [0, 1]."""
    vx, vy = b[0] - a[0], b[1] - a[1]
    ll = vx * vx + vy * vy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / ll))
    return (a[0] + t * vx, a[1] + t * vy), t


def point_segment_dist(p: Point, a: Point, b: Point) -> float:
    q, _ = nearest_on_segment(p, a, b)
    return math.hypot(p[0] - q[0], p[1] - q[1])


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4))


def segment_segment_dist(a: Point, b: Point, c: Point, d: Point) -> float:
    if _segments_cross(a, b, c, d):
        return 0.0
    return min(point_segment_dist(a, c, d), point_segment_dist(b, c, d),
               point_segment_dist(c, a, b), point_segment_dist(d, a, b))


def edges(poly: Poly) -> list[tuple[Point, Point]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def contains(poly: Poly, p: Point, strict: bool = False) -> bool:
    """p inside the convex polygon (on the boundary counts unless strict)."""
    cp = _ccw(poly)
    n = len(cp)
    for i in range(n):
        c = _cross(cp[i], cp[(i + 1) % n], p)
        if c < 0 or (strict and c <= EPS_LEN * 1e-3):
            return False
    return True


def segment_poly_dist(a: Point, b: Point, q: Poly) -> float:
    """Distance from the segment [a, b] (a point when a == b) to the closed polygon Q."""
    if contains(q, a) or contains(q, b):
        return 0.0
    return min(segment_segment_dist(a, b, c, d) for c, d in edges(q))


def dist(p: Poly, q: Poly) -> float:
    """Minimum Euclidean distance between two closed convex polygons, 0 if they meet (§5.1, K62)."""
    if any(contains(q, v) for v in p) or any(contains(p, v) for v in q):
        return 0.0
    return min(segment_segment_dist(a, b, c, d) for a, b in edges(p) for c, d in edges(q))


def touching(p: Poly, q: Poly) -> bool:
    return dist(p, q) <= EPS_LEN


def rect_dist(poly: Poly, r: tuple[float, float, float, float]) -> float:
    return dist(poly, rect(*r))


# --- parts: Front, Flank, Rear (§1.2, K6, K7) ---------------------------------------------------------------------

FRONT, FLANK, REAR = "front", "flank", "rear"
_PRIORITY = {FRONT: 0, FLANK: 1, REAR: 2}


def classify(tri: Poly, b: Point, within: float = EPS_LEN) -> str:
    """The part of a boundary point: the apex is Front, the base and its corners Rear, the rest Flank."""
    a, br, bl = tri
    if math.hypot(b[0] - a[0], b[1] - a[1]) <= within:
        return FRONT
    if point_segment_dist(b, bl, br) <= within:
        return REAR
    return FLANK


def closest_part(tri: Poly, q: Point) -> str:
    """The part of X nearest to the point q (§5.1 closest_part); ties Front > Flank > Rear (K6)."""
    found = [nearest_on_segment(q, a, b)[0] for a, b in edges(tri)]
    ds = [math.hypot(q[0] - p[0], q[1] - p[1]) for p in found]
    best = min(ds)
    parts = {classify(tri, p) for p, d in zip(found, ds, strict=True) if d <= best + EPS_LEN}
    return min(parts, key=_PRIORITY.__getitem__)


def _roots_within(px: float, py: float, vx: float, vy: float, r: float) -> tuple[float, float] | None:
    """{t : |(px, py) + t·(vx, vy)| ≤ r}, an interval of ℝ, or None (measured from the line's point nearest 0)."""
    vv = vx * vx + vy * vy
    if vv == 0:
        return (-math.inf, math.inf) if math.hypot(px, py) <= r else None
    tc = -(px * vx + py * vy) / vv
    h = math.hypot(px + tc * vx, py + tc * vy)
    if h > r:
        return None
    w = math.sqrt((r - h) * (r + h) / vv)
    return tc - w, tc + w


def _slab(c0: float, c1: float, lo: float, hi: float) -> tuple[float, float] | None:
    """{t : lo ≤ c0 + t·c1 ≤ hi}, an interval of ℝ, or None."""
    if c1 == 0:
        return (-math.inf, math.inf) if lo <= c0 <= hi else None
    t1, t2 = (lo - c0) / c1, (hi - c0) / c1
    return (t1, t2) if t1 <= t2 else (t2, t1)


def near_interval(a: Point, b: Point, q: Poly, r: float) -> tuple[float, float] | None:
    """{t ∈ [0,1] : dist(a + t(b − a), Q) ≤ r} in closed form, for a convex Q and r > 0; or None.

    That set is the segment's part inside Q ∪ each edge's capsule of radius r (their union is Q grown by r, convex,
    so the parts join into one interval): for a capsule, the band along the edge (two pairs of linear bounds) and
    the discs at its ends (quadratics).
    """
    vx, vy = b[0] - a[0], b[1] - a[1]
    lo, hi = math.inf, -math.inf
    inside = clip_segment(a, b, q)
    if inside is not None:
        (sx, sy), (ex, ey) = inside
        ll = vx * vx + vy * vy
        lo, hi = (0.0, 1.0) if ll == 0 else (((sx - a[0]) * vx + (sy - a[1]) * vy) / ll,
                                               ((ex - a[0]) * vx + (ey - a[1]) * vy) / ll)
    n = len(q)
    for i in range(n):
        (cx, cy), (dx, dy) = q[i], q[(i + 1) % n]
        wx, wy = dx - cx, dy - cy
        ww = wx * wx + wy * wy
        px, py = a[0] - cx, a[1] - cy
        parts = [_roots_within(px, py, vx, vy, r), _roots_within(a[0] - dx, a[1] - dy, vx, vy, r)]
        if ww > 0:
            along = _slab(px * wx + py * wy, vx * wx + vy * wy, 0.0, ww)
            ln = math.sqrt(ww)
            across = _slab((px * wy - py * wx) / ln, (vx * wy - vy * wx) / ln, -r, r)
            if along is not None and across is not None and max(along[0], across[0]) <= min(along[1], across[1]):
                parts.append((max(along[0], across[0]), min(along[1], across[1])))
        for part in parts:
            if part is not None:
                lo, hi = min(lo, part[0]), max(hi, part[1])
    lo, hi = max(lo, 0.0), min(hi, 1.0)
    return (lo, hi) if lo <= hi else None


def _point_contact(x: Poly, y: Poly, spans: Sequence[tuple[float, float] | None]) -> str:
    """The class of a touch without overlap, from the span of each edge of X within dist(X, Y) + EPS_LEN of Y.

    The longest span's midpoint when it is longer than 1e-4 F; else (a corner: the spans are the few millionths
    of F next to it) the midpoint nearest to Y; between midpoints of a touch equally near (within CORNER_TIE) the
    first edge in the order A→BR, BR→BL, BL→A, and a midpoint EPS_LEN from the apex or the base to the last
    digits (within CORNER_EDGE) is not at it (the tie rules, docs/knights.md K7).
    """
    best: tuple[float, Point] | None = None
    point: tuple[float, Point] | None = None
    tie = CORNER_TIE if dist(x, y) <= EPS_LEN else 0.0
    for (a, b), span in zip(edges(x), spans, strict=True):
        if span is None:
            continue
        length = (span[1] - span[0]) * math.hypot(b[0] - a[0], b[1] - a[1])
        t = (span[0] + span[1]) / 2
        mid = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        if best is None or length > best[0]:
            best = (length, mid)
        near = segment_poly_dist(mid, mid, y)
        if point is None or near < point[0] - tie:
            point = (near, mid)
    if best is None or point is None:
        return REAR
    if best[0] > 1e-4:
        return classify(x, best[1])
    return classify(x, point[1], EPS_LEN - CORNER_EDGE)


def contact_part(x: Poly, y: Poly) -> str:
    """Which part of X touches Y (§5.1 contact_part, K7): the class of the midpoint of the contact set."""
    if overlap(x, y) <= EPS_AREA:
        level = dist(x, y) + EPS_LEN
        return _point_contact(x, y, [near_interval(a, b, y, level) for a, b in edges(x)])
    return overlap_part(x, y)


def overlap_part(x: Poly, y: Poly) -> str:
    """Which part of X is in Y when they overlap (K7): the front if its apex is (about) the deepest vertex inside,
    else the rear; with no vertex inside, the edge with the longest chord in Y (ties: the priority)."""
    a, br, bl = x
    inside = [v for v in (a, br, bl) if contains(y, v, True)]
    if inside:
        depths = {v: _depth(y, v) for v in inside}
        deepest = max(depths.values())
        if depths.get(a, -1) >= deepest - EPS_LEN:
            return FRONT
        return REAR
    lengths = []
    for (p, q), part in zip(edges(x), (FLANK, REAR, FLANK), strict=True):
        seg = clip_segment(p, q, y)
        lengths.append((0.0 if seg is None else math.hypot(seg[1][0] - seg[0][0], seg[1][1] - seg[0][1]), part))
    return max(lengths, key=lambda t: (t[0], -_PRIORITY[t[1]]))[1]


def _depth(poly: Poly, p: Point) -> float:
    """Distance from an inside point to the polygon's boundary."""
    return min(point_segment_dist(p, a, b) for a, b in edges(poly))


def clip_segment(p: Point, q: Point, poly: Poly) -> tuple[Point, Point] | None:
    """The part of [p, q] inside the convex polygon (Cyrus–Beck)."""
    cp = _ccw(poly)
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = len(cp)
    for i in range(n):
        a, b = cp[i], cp[(i + 1) % n]
        # inside: cross(a, b, x) >= 0, linear in t
        c0 = _cross(a, b, p)
        c1 = (b[0] - a[0]) * dy - (b[1] - a[1]) * dx
        if abs(c1) < 1e-15:
            if c0 < 0:
                return None
            continue
        t = -c0 / c1
        if c1 > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)


def part_dist(tri: Poly, part: str, other: Poly) -> float:
    """Distance from one part of a knight (the apex point or the rear segment) to another polygon (§5.11)."""
    a, br, bl = tri
    if part == FRONT:
        return segment_poly_dist(a, a, other)
    if part == REAR:
        return segment_poly_dist(bl, br, other)
    return min(segment_poly_dist(a, br, other), segment_poly_dist(a, bl, other))


# --- sweeps (§5.1 swept-segment analysis) ------------------------------------------------------------------------


def _normals(poly: Poly) -> list[Point]:
    return [(b[1] - a[1], a[0] - b[0]) for a, b in edges(poly)]


def sweep_interval(mover: Poly, delta: Point, other: Poly) -> tuple[float, float] | None:
    """The open interval of τ ∈ ℝ in which mover + τ·delta and other have intersecting interiors (swept SAT)."""
    lo, hi = -math.inf, math.inf
    for nx, ny in _normals(mover) + _normals(other):
        ps = [x * nx + y * ny for x, y in mover]
        qs = [x * nx + y * ny for x, y in other]
        pmin, pmax, qmin, qmax = min(ps), max(ps), min(qs), max(qs)
        d = delta[0] * nx + delta[1] * ny
        if abs(d) < 1e-12:
            if not (qmin - pmax < -1e-12 and qmax - pmin > 1e-12):
                return None
            continue
        a, b = (qmin - pmax) / d, (qmax - pmin) / d
        if a > b:
            a, b = b, a
        lo, hi = max(lo, a), min(hi, b)
        if lo >= hi:
            return None
    return lo, hi


def _contact_breaks(mover: Poly, delta: Point, other: Poly, lo: float, hi: float) -> list[float]:
    """The τ in (lo, hi) at which a vertex of one polygon crosses the line of an edge of the other.

    Between two of them the intersection keeps its shape: each of its corners is a corner of mover + τ·delta
    (moving linearly), a corner of `other` (fixed) or where an edge of each meets (moving linearly, as the
    mover's edge only translates), so the shoelace area is a quadratic in τ there.
    """
    dx, dy = delta
    out = set()
    for poly, verts, sign in ((other, mover, 1.0), (mover, other, -1.0)):
        n = len(poly)
        for i in range(n):
            (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
            ex, ey = bx - ax, by - ay
            rate = ex * dy - ey * dx  # d/dτ of cross(edge, vertex − a) as the vertex (or the edge) moves
            if abs(rate) < 1e-15:
                continue
            for vx, vy in verts:
                t = -sign * (ex * (vy - ay) - ey * (vx - ax)) / rate
                if lo < t < hi:
                    out.add(t)
    kept = [lo]
    for t in sorted(out):
        if t - kept[-1] > 1e-12 and hi - t > 1e-12:
            kept.append(t)
    kept.append(hi)
    return kept


def _first_at_least(a0: float, am: float, a1: float, level: float) -> float | None:
    """The least s ∈ [0, 1] with q(s) ≥ level for the quadratic q through (0, a0), (½, am), (1, a1); a0 < level."""
    c = 2.0 * (a1 - 2.0 * am + a0)
    b = a1 - a0 - c
    k = a0 - level
    # short of the level at the end, a crossing inside the piece needs a maximum there at or above the level
    if a1 < level and (c >= 0 or not 0.0 < -b / (2.0 * c) < 1.0 or k - b * b / (4.0 * c) < 0.0):
        return None
    if abs(c) < 1e-12:
        return min(1.0, max(0.0, -k / b)) if b > 0 else 1.0
    disc = max(0.0, b * b - 4.0 * c * k)
    q = -0.5 * (b + math.copysign(math.sqrt(disc), b))
    roots = [r for r in ((q / c, k / q) if q != 0 else ()) if -1e-12 <= r <= 1 + 1e-12]
    if not roots:  # rounding at a tangency: the piece's end, or its maximum
        return 1.0 if a1 >= level else -b / (2.0 * c)
    return min(1.0, max(0.0, min(roots)))


def first_half_overlap(mover: Poly, delta: Point, other: Poly, end_only: bool = False) -> float | None:
    """τ05: the first τ ∈ [0,1] at which the overlap with `other` reaches ½ F² (K4); None if never.

    In closed form: the overlap is piecewise quadratic in τ (`_contact_breaks`), so each piece of the contact
    interval is measured at its ends and middle and the first piece reaching ½ F² gives the root of its quadratic.
    With end_only (option collision_overlap = "segment_end") only the end of the segment is measured.
    """
    iv = sweep_interval(mover, delta, other)
    if iv is None:
        return None

    def a(t: float) -> float:
        return overlap(translate(mover, delta[0] * t, delta[1] * t), other)

    if end_only:
        return 1.0 if overlaps_half(a(1.0)) else None
    lo, hi = max(0.0, iv[0]), min(1.0, iv[1])
    if lo >= hi:
        return None
    level = HALF - EPS_AREA
    a0 = a(lo)
    if a0 >= level:
        return lo
    breaks = _contact_breaks(mover, delta, other, lo, hi)
    for t0, t1 in itertools.pairwise(breaks):
        a1 = a(t1)
        s = _first_at_least(a0, a((t0 + t1) / 2), a1, level)
        if s is not None:
            return t0 + s * (t1 - t0)
        a0 = a1
    return None


def back_off(mover: Poly, delta: Point, tau: float, others: Iterable[Poly]) -> float:
    """K5's stop τ_s, held where backing off behind the segment start (τ_s < 0) would run into another knight.

    Backing off along the line of motion stops at the first knight met on the way back (touching it, no overlap),
    and does not start at all when it would deepen an overlap the mover already has (K59 tolerates one under ½ F²,
    not a deeper one). So a knight never backs off onto a third one by ½ F².
    """
    if tau >= 0:
        return tau
    floor = tau
    for other in others:
        iv = sweep_interval(mover, delta, other)
        if iv is None or iv[1] <= tau or iv[0] >= 0:
            continue  # not met between the stop and the start
        if iv[1] <= EPS_LEN:  # met on the way back: stop touching it
            floor = max(floor, min(iv[1], 0.0))
            continue
        step = min(1e-4, -tau)  # overlapped at the start: the area is unimodal, so its slope at 0 tells
        here = overlap(mover, other)
        back = overlap(translate(mover, -delta[0] * step, -delta[1] * step), other)
        if back > here + EPS_AREA:
            floor = 0.0
    return floor + 0.0  # never -0.0 in a payload


def first_outside(mover: Poly, delta: Point) -> float | None:
    """τ_out: the first τ ∈ [0,1] with ≥ ½ F² of the knight outside the field (§1.1, K11); None if never."""

    def out(t: float) -> bool:
        return overlaps_half(outside(translate(mover, delta[0] * t, delta[1] * t)))

    if out(0.0):
        return 0.0
    if not out(1.0):
        return None
    left, right = 0.0, 1.0
    for _ in range(_ITER):
        mid = (left + right) / 2
        if out(mid):
            right = mid
        else:
            left = mid
    return right


# --- terrain -----------------------------------------------------------------------------------------------------


def cells_of(rects: Iterable[tuple[int, int, int, int]]) -> frozenset[tuple[int, int]]:
    """The unit cells covered by integer rectangles (their union, §5.1 in_limits)."""
    return frozenset((i, j) for x0, y0, x1, y1 in rects for i in range(x0, x1) for j in range(y0, y1))


def cell_areas(poly: Poly) -> tuple[tuple[tuple[int, int], float], ...]:
    """area(poly ∩ c) for each unit cell c of the polygon's bounding box, row by row of i, then j."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return tuple(((i, j), overlap(poly, rect(i, j, i + 1, j + 1)))
                 for i in range(math.floor(min(xs)), math.ceil(max(xs)))
                 for j in range(math.floor(min(ys)), math.ceil(max(ys))))


def area_in_cells(poly: Poly, cells: frozenset[tuple[int, int]],
                  areas: tuple[tuple[tuple[int, int], float], ...] | None = None) -> float:
    """area(poly ∩ union of cells), summed cell by cell (`areas`: the polygon's `cell_areas`, if known)."""
    total = 0.0
    for cell, a in areas if areas is not None else cell_areas(poly):
        if cell in cells:
            total += a
    return total


def rects_overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Positive-area intersection of two rectangles (K14: edge contact is not an intersection)."""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def rects_touch(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Share a boundary segment of positive length, or overlap (K14); corner contact does not count."""
    ix = min(a[2], b[2]) - max(a[0], b[0])
    iy = min(a[3], b[3]) - max(a[1], b[1])
    return (ix >= 0 and iy >= 0) and (ix > 0 or iy > 0)


def rect_on_edge(r: tuple[int, int, int, int]) -> bool:
    """One side lies on the field's edge (§5 Водный)."""
    return r[0] == 0 or r[1] == 0 or r[2] == SIZE or r[3] == SIZE
