"""The table in centimetres (§2.1): round bases, facing, terrain polygons, paths, line of sight.

Angles are degrees, 0° = east (+x), counter-clockwise; the origin is the south-west corner (A-01, A-02).
Distances compare with EPS (§1.4, A-13); nothing is rounded.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

EPS = 1e-6
Pt = tuple[float, float]
Polygon = Sequence[Pt]


def dist(a: Pt, b: Pt) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def gap(ca: Pt, ra: float, cb: Pt, rb: float) -> float:
    """The edge-to-edge gap of two round bases, clamped at 0 (A-01)."""
    return max(0.0, dist(ca, cb) - ra - rb)


def overlaps(ca: Pt, ra: float, cb: Pt, rb: float) -> bool:
    """Two bases overlap (touching is not overlapping)."""
    return dist(ca, cb) < ra + rb - EPS


def bearing(a: Pt, b: Pt) -> float:
    """The direction from a to b in degrees [0, 360)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def angle_between(a: float, b: float) -> float:
    """The unsigned difference of two directions, 0..180."""
    d = abs(a - b) % 360.0
    return 360.0 - d if d > 180.0 else d


def in_front_arc(centre: Pt, facing: float, point: Pt, half_angle: float = 90.0) -> bool:
    """Point lies in the front arc of a model at centre facing `facing` (A-04)."""
    if dist(centre, point) < EPS:
        return True
    return angle_between(facing, bearing(centre, point)) <= half_angle + EPS


def path_length(path: Sequence[Pt]) -> float:
    """The length of the polyline the base centre travels (§2.1)."""
    return sum(dist(a, b) for a, b in zip(path, path[1:], strict=False))


def point_in_polygon(p: Pt, poly: Polygon) -> bool:
    """Even-odd rule; a point on the outline counts as outside."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xs = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xs > x:
                inside = not inside
    return inside


def point_segment_distance(p: Pt, a: Pt, b: Pt) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return dist(p, (ax + t * dx, ay + t * dy))


def _cross(o: Pt, a: Pt, b: Pt) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    """Segments ab and cd share a point."""
    d1, d2, d3, d4 = _cross(c, d, a), _cross(c, d, b), _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 and d2 and d3 and d4:
        return True
    return (point_segment_distance(a, c, d) < EPS or point_segment_distance(b, c, d) < EPS
            or point_segment_distance(c, a, b) < EPS or point_segment_distance(d, a, b) < EPS)


def segment_segment_distance(a: Pt, b: Pt, c: Pt, d: Pt) -> float:
    if segments_cross(a, b, c, d):
        return 0.0
    return min(point_segment_distance(a, c, d), point_segment_distance(b, c, d),
               point_segment_distance(c, a, b), point_segment_distance(d, a, b))


def edges(poly: Polygon) -> list[tuple[Pt, Pt]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def segment_polygon_distance(a: Pt, b: Pt, poly: Polygon) -> float:
    """0 when the segment touches or enters the polygon, else the shortest distance to its outline."""
    if point_in_polygon(a, poly) or point_in_polygon(b, poly):
        return 0.0
    return min(segment_segment_distance(a, b, c, d) for c, d in edges(poly))


def segment_crosses_polygon(a: Pt, b: Pt, poly: Polygon) -> bool:
    """The segment passes through the polygon's interior (or an end lies inside it)."""
    if point_in_polygon(a, poly) or point_in_polygon(b, poly):
        return True
    cuts = [e for e in edges(poly) if segments_cross(a, b, *e)]
    if not cuts:
        return False
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return len(cuts) >= 2 or point_in_polygon(mid, poly)


def base_polygon_gap(centre: Pt, radius: float, poly: Polygon) -> float:
    """The gap from a round base to a terrain piece's outline (0 when the base touches or stands in it)."""
    if point_in_polygon(centre, poly):
        return 0.0
    return max(0.0, min(point_segment_distance(centre, c, d) for c, d in edges(poly)) - radius)


def swept_base_touches(path: Sequence[Pt], radius: float, poly: Polygon) -> bool:
    """The base swept along the path intersects the polygon's interior (spec §10 C4)."""
    return any(segment_polygon_distance(a, b, poly) < radius - EPS for a, b in zip(path, path[1:], strict=False)) \
        or (len(path) == 1 and base_polygon_gap(path[0], radius, poly) <= 0 and point_in_polygon(path[0], poly))


def swept_base_hits_base(path: Sequence[Pt], radius: float, centre: Pt, other_radius: float) -> bool:
    """The base swept along the path overlaps another base somewhere."""
    return any(point_segment_distance(centre, a, b) < radius + other_radius - EPS
               for a, b in zip(path, path[1:], strict=False))


def nearest_edge_point(centre: Pt, radius: float, toward: Pt) -> Pt:
    """The point of a round base's edge nearest a point (the shooter's toes, A-08)."""
    d = dist(centre, toward)
    if d < EPS:
        return centre
    return (centre[0] + (toward[0] - centre[0]) * radius / d, centre[1] + (toward[1] - centre[1]) * radius / d)
