"""The battlefield of a skirmish (spec 3.6, 5.7; part 2): a 1 m grid of squares or hexes with terrain, distances,
adjacency, facing and sight, movement budgets by gait, melee reach on the grid (A-65) and the spacing rules of
several targets (Circular strike, T-04) and of maneuvering against groups (M53, T-18). Pure functions."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import sqrt

Cell = tuple[int, int]

SQUARE_STEPS: dict[str, Cell] = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1),
                                 "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}
"""Square grid: the eight neighbours, each 1 m away (3.6: adjacent cells are 1 m apart; PROPOSED here for the
diagonal neighbours too). y grows southwards."""
HEX_STEPS: dict[str, Cell] = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}
"""Hex grid, pointy-top, in "odd-r" offset coordinates (rows of hexes, odd rows shifted half a cell east): the six
directions as axial steps (x = q, y = r); `neighbour` turns them into offset cells."""

GAITS: dict[str, Fraction] = {"sprint": Fraction(1), "jog": Fraction(1, 2), "walk": Fraction(1, 4),
                              "quiet_walk": Fraction(1, 6), "crawl": Fraction(1, 10)}
"""5.7 (L52-58): the per-exchange budget is Speed (m/s, A-63) times the gait's fraction."""
RUNNING = ("jog", "sprint")

REACH_CELLS = {"hand": 1, "short": 1, "medium": 1, "long": 1, "very_long": 2, "extremely_long": 3}
"""A-65: hand to long reach the adjacent cell; very long up to 2 cells; extremely long up to 3."""


def steps(grid: str) -> dict[str, Cell]:
    return HEX_STEPS if grid == "hex" else SQUARE_STEPS


def axial(cell: Cell) -> Cell:
    """An odd-r offset hex cell in axial coordinates."""
    x, y = cell
    return x - (y - (y & 1)) // 2, y


def offset(q: int, r: int) -> Cell:
    return q + (r - (r & 1)) // 2, r


def neighbour(grid: str, cell: Cell, facing: str) -> Cell:
    """The cell next to `cell` in the direction `facing`."""
    dx, dy = steps(grid)[facing]
    if grid == "hex":
        q, r = axial(cell)
        return offset(q + dx, r + dy)
    return cell[0] + dx, cell[1] + dy


def distance(grid: str, a: Cell, b: Cell) -> int:
    """Cells between two cells' centres, in metres (3.6: 1 m cells)."""
    if grid == "hex":
        (aq, ar), (bq, br) = axial(a), axial(b)
        dq, dr = bq - aq, br - ar
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    return max(abs(b[0] - a[0]), abs(b[1] - a[1]))


def adjacent(grid: str, a: Cell, b: Cell) -> bool:
    return distance(grid, a, b) == 1


def centre(grid: str, cell: Cell) -> tuple[float, float]:
    """A cell's centre in cell units (hex: pointy-top, odd rows shifted half a cell east)."""
    x, y = cell
    if grid == "hex":
        return sqrt(3) * (x + 0.5 * (y & 1)), 1.5 * y
    return float(x), float(y)


def behind(grid: str, viewer: Cell, facing: str, other: Cell) -> bool:
    """Whether `other` is behind the viewer (its rear half; the flanks are seen). PROPOSED reading of "the victim
    does not see the attacker" (5.7) and "the shooter is visible" (M86-M90) without a GM ruling."""
    fx, fy = centre(grid, neighbour(grid, viewer, facing))
    vx, vy = centre(grid, viewer)
    ox, oy = centre(grid, other)
    return (fx - vx) * (ox - vx) + (fy - vy) * (oy - vy) < -1e-9


def facing_towards(grid: str, a: Cell, b: Cell) -> str:
    """The facing of `a` that points most nearly at `b`."""
    ax, ay = centre(grid, a)
    bx, by = centre(grid, b)
    best, score = "E", -10.0
    for name in steps(grid):
        cx, cy = centre(grid, neighbour(grid, a, name))
        ux, uy = cx - ax, cy - ay
        norm = sqrt(ux * ux + uy * uy) * max(1e-9, sqrt((bx - ax) ** 2 + (by - ay) ** 2))
        s = (ux * (bx - ax) + uy * (by - ay)) / norm
        if s > score + 1e-9:
            best, score = name, s
    return best


def straight_at_or_away(grid: str, path: Iterable[Cell], shooter: Cell) -> bool:
    """5.6.5 (L983 «бежит прямо на вас или от вас»): PROPOSED reading on the grid: the run's line this round (its
    first cell to its last) points at the shooter or straight away from him within 22.5° (half a compass step)."""
    cells = list(path)
    if len(cells) < 2:
        return False
    (ax, ay), (bx, by) = centre(grid, cells[0]), centre(grid, cells[-1])
    sx, sy = centre(grid, shooter)
    ux, uy, vx, vy = bx - ax, by - ay, sx - ax, sy - ay
    norm = sqrt(ux * ux + uy * uy) * sqrt(vx * vx + vy * vy)
    return norm > 1e-9 and abs(ux * vx + uy * vy) / norm >= 0.9238795  # cos 22.5°


def budget(speed: int, gait: str, carry: Fraction = Fraction(0)) -> Fraction:
    """5.7: metres this exchange = Speed × fraction, plus the fraction carried from the last move (A-63)."""
    return speed * GAITS[gait] + carry


def path_problems(grid: str, width: int, height: int, blocked: Iterable[Cell], start: Cell,
                  path: list[Cell], occupied: Iterable[Cell]) -> list[str]:
    """The path's cells: each a neighbour of the one before, on the field, not blocked nor taken (3.6: one
    human-sized creature per cell, L14)."""
    out, here = [], start
    walls, taken = set(blocked), set(occupied)
    for cell in path:
        if not (0 <= cell[0] < width and 0 <= cell[1] < height):
            out.append(f"3.6: cell ({cell[0]}, {cell[1]}) is off the field ({width}×{height})")
            break
        if not adjacent(grid, here, cell):
            out.append(f"3.6: cell ({cell[0]}, {cell[1]}) is not next to ({here[0]}, {here[1]}): a path goes cell by "
                       "cell")
            break
        if cell in walls:
            out.append(f"3.6: cell ({cell[0]}, {cell[1]}) is blocked terrain")
            break
        if cell in taken:
            out.append(f"3.6, L14: cell ({cell[0]}, {cell[1]}) is taken (one fighter per cell)")
            break
        here = cell
    return out


def reach(length: str | None) -> int:
    """A-65: cells a melee weapon of this length reaches (1 unarmed)."""
    return REACH_CELLS.get(length or "hand", 1)


def circular_spacing(length: str, gaps: list[int]) -> list[str]:
    """T-04 (M09/M10, L289): targets side by side are legal with any weapon, at most 2 targets with a short or
    medium weapon and 3 with a long one or longer; targets 2 m apart (one free cell between) only with a long
    weapon or longer; 3 m or more apart never. `gaps` are the distances (m) between consecutive targets."""
    from replay.rulesets.skirmish import data

    out = []
    long_ = data.length_index(length) >= data.length_index("long")
    most = 3 if long_ else 2
    if len(gaps) + 1 > most:
        out.append(f"M09 (L289): at most {most} targets with a {length} weapon")
    for gap in gaps:
        if gap >= 3:
            out.append(f"M09 (L289): targets {gap} m apart cannot be struck in one circle")
        elif gap == 2 and not long_:
            out.append(f"M09 (L289): targets 2 m apart (one free cell) need a long weapon or longer, not {length}")
    return out


def maneuvering_difficulty(opponents: int) -> int:
    """M53 (L681): 4 against one or two opponents, 5 against three to five, 6 against more than five; the same
    for both sides."""
    return 4 if opponents <= 2 else 5 if opponents <= 5 else 6


def leader_bonus(tactics_successes: int) -> int:
    """M53 (L681): with a leader, each of his fighters gets +1 die on Maneuvering per success of the leader's
    Tactics roll this round (0 when he does not roll)."""
    return max(0, tactics_successes)


def crowd_ranks(grid: str, crowd: set[Cell], shooter: Cell, target: Cell) -> int:
    """5.6.5 (L972, PROPOSED geometry): the ranks of a crowd screening the target: the cells flagged `crowd` whose
    centre lies on the line of fire strictly between the shooter and the target, within half a metre of it."""
    from math import hypot

    (sx, sy), (tx, ty) = centre(grid, shooter), centre(grid, target)
    ux, uy = tx - sx, ty - sy
    length = hypot(ux, uy)
    ranks = 0
    for cell in crowd - {shooter, target}:
        cx, cy = centre(grid, cell)
        along = ((cx - sx) * ux + (cy - sy) * uy) / max(1e-9, length * length)
        off = abs((cx - sx) * uy - (cy - sy) * ux) / max(1e-9, length)
        ranks += 0 < along < 1 and off <= 0.5 + 1e-9
    return ranks
