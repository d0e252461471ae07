"""The knights' frame: the 24×24 F field at (turn, step), as SVG.

The field has its grid and lattice coordinates along every edge (the numbers every pose, Limit and cell in the post
uses), the Limits drawn by domain (water: vertical lines, forest: crossed lines, rock: diagonal lines, so they read
in monochrome print), each lance's edge in its colour, and around it the Outflank band where knights off the field
are listed on their lance's side. A knight is its exact triangle (spec §2.1: apex A = C + u, base corners C − u ± r)
filled with its heraldic colour and outlined in its lance's colour (the «кант»); a dot marks the Front, a heavy line
the Rear. Inside it: its number (a disc for the first lance, a square for the second), six dots round the number for
its functions (its Масса; a hollow red dot is a damaged one) and one chevron per point of Разгон pointing forward; a
dark tag on the middle of the Rear gives its Скорость, a ♛ at the left base corner a carried Lady. The turn's
movements are arrows in the mover's colour (this step's thick, earlier steps faint; pushes and other induced moves
dashed) from a dashed ghost where the knight stood. A ram is a star at the contact point with its outcome and its two
numbers; a knight fallen this turn is a crossed grey wreck where it fell. A side panel lists every knight: name,
heraldry, domain, oath, Honour, Разгон/Скорость/Масса, its functions and where it is. Under the field a box says in
words what this step did ("Ход N · шаг k/K: …"), then the legend. The `<desc>` holds a plain-text picture with a
character map. Layout is fixed, so frames of one game line up; output is deterministic.

What it shows is `scene.scene(view, lang)`, plain data; this module only lays it out with svgwrite.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from xml.etree import ElementTree as ET

import svgwrite

from replay.render import svg as S
from replay.render import svgtext
from replay.render.text import pick, tr
from replay.ruleset import FrameView
from replay.rulesets.knights import derive
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.model import Knight, Lance, Limit, Pose, State, data, kit_functions
from replay.rulesets.knights.scene import Key, Scene, scene, title_text, where_line
from replay.rulesets.knights.words import (
    DOMAIN,
    EDGE,
    FUNCTION,
    MODULE,
    OATH,
    OUTCOME_MARK,
    ROLE,
    outcome_name,
    word,
)

CELL = 28
"""Pixels per F."""
SIZE = g.SIZE
GUTTER = 22
"""The coordinate labels' strip around the field."""
OUT = 50
"""The Outflank band around the gutters."""
MARGIN = 16
FIELD_X = MARGIN + OUT + GUTTER
FIELD_Y = S.BAND + 12 + OUT + GUTTER
FIELD_W = SIZE * CELL
BOARD_RIGHT = FIELD_X + FIELD_W + GUTTER + OUT
BOARD_BOTTOM = FIELD_Y + FIELD_W + GUTTER + OUT
PANEL_X = BOARD_RIGHT + 20
PANEL_W = 330
WIDTH = PANEL_X + PANEL_W + MARGIN
EVENT_LINES = 3
"""Lines the event box always holds, so that every frame of a game has the same size."""

LIMIT_STYLE = {
    "water": ("#cfe4f3", "vertical", "#2f7fb8"),
    "forest": ("#cfe8d8", "cross", "#2b8a5a"),
    "rock": ("#e2ddd4", "diagonal", "#7d6b57"),
}
"""Limit type -> (fill, hatch, edge colour); the hatch alone tells the types apart in monochrome."""
LADY = S.PURPLE
CURRENT = S.HIGHLIGHT
FAINT_OPACITY = 0.35
HERALDRY = [
    (("red", "gules", "scarlet", "crimson", "красн", "алы", "алая", "алое", "червлен", "червлён", "багр"), "#e06666"),
    (("blue", "azure", "син", "лазур", "голуб"), "#6fa8dc"),
    (("green", "vert", "emerald", "зелен", "зелён", "изумруд"), "#7dbb7f"),
    (("black", "sable", "черн", "чёрн", "вороно"), "#5a5a5a"),
    (("white", "argent", "silver", "бел", "серебр"), "#f5f5f5"),
    (("gold", "yellow", "or", "золот", "желт", "жёлт"), "#f1c232"),
    (("purple", "purpure", "violet", "пурпур", "фиолет", "лилов"), "#a58cd0"),
    (("orange", "оранж", "рыж"), "#f6a04d"),
    (("grey", "gray", "серы", "сера", "серо", "серое", "серые", "серую"), "#a9a9a9"),
    (("brown", "tenné", "корич", "бур"), "#a67c52"),
    (("pink", "rose", "розов"), "#f2a6c2"),
    (("teal", "turquoise", "cyan", "бирюз"), "#5fc4c0"),
]
"""Colour words of a heraldry line (first one found paints the knight); whole words for English, stems for Russian."""


Drew = Callable[[str], None]
"""Names a mark to the legend where it is drawn (`Legend.drew`)."""


def unnamed(key: str) -> None:
    """A `Drew` for a drawing without a legend."""


# --- coordinates ---------------------------------------------------------------------------------------------------


def px(x: float) -> float:
    return round(FIELD_X + x * CELL, 2)


def py(y: float) -> float:
    return round(FIELD_Y + y * CELL, 2)


def pt(p: tuple[float, float]) -> tuple[float, float]:
    return px(p[0]), py(p[1])


def triangle_px(pose: Pose) -> list[tuple[float, float]]:
    """The knight's triangle A, BR, BL (spec §2.1) in pixels."""
    return [pt(v) for v in g.triangle(pose.x, pose.y, pose.f)]


def along(pose: Pose, t: float, s: float = 0.0) -> tuple[float, float]:
    """The point C + t·u + s·r in pixels (u forward, r to the knight's right)."""
    ux, uy = g.unit(pose.f)
    rx, ry = g.unit(pose.f + 2)
    return pt((pose.x + t * ux + s * rx, pose.y + t * uy + s * ry))


# --- colours -------------------------------------------------------------------------------------------------------


def _hex(c: str) -> tuple[int, int, int] | None:
    m = re.fullmatch(r"#?([0-9a-fA-F]{6})", c.strip())
    if not m:
        m3 = re.fullmatch(r"#?([0-9a-fA-F]{3})", c.strip())
        if not m3:
            return None
        return tuple(int(ch * 2, 16) for ch in m3[1])  # type: ignore[return-value]
    v = m[1]
    return int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16)


def mix(color: str, other: str, t: float) -> str:
    """color blended toward other by t (0 keeps color)."""
    a, b = _hex(color) or (136, 136, 136), _hex(other) or (255, 255, 255)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def safe_color(color: str) -> str:
    """A lance colour as #rrggbb (anything else becomes grey): it goes into attributes."""
    rgb = _hex(color or "")
    return "#888888" if rgb is None else "#" + "".join(f"{x:02x}" for x in rgb)


def heraldic_fill(k: Knight, lance_color: str, slot: int) -> str:
    """The knight's fill: a #colour or the first colour word of its heraldry line, else a tint of the lance colour."""
    text = (k.heraldry or "").lower()
    m = re.search(r"#[0-9a-f]{6}\b", text)
    if m:
        return m[0]
    for token in re.findall(r"[a-zа-яёé]+", text):
        for words, color in HERALDRY:
            for w in words:
                if (token == w) if w.isascii() else token.startswith(w):
                    return color
    return mix(lance_color, "#ffffff", (0.45, 0.65, 0.3)[slot % 3])


def ink_on(fill: str) -> str:
    """Black or white, whichever reads on fill."""
    r, gg, b_ = _hex(fill) or (255, 255, 255)
    return S.INK if 0.299 * r + 0.587 * gg + 0.114 * b_ > 140 else S.PAPER


# --- the field -----------------------------------------------------------------------------------------------------


def lance_index(state: State, player: str) -> int:
    return 0 if state.lances[0].player == player else 1


def lance_color(state: State, player: str) -> str:
    try:
        return safe_color(state.lance(player).color)
    except KeyError:
        return "#888888"

def edge_side(state: State | Field, k: int) -> str:
    """The side of the field a lance's Outflank list goes to (its own edge; before edges are set, by order)."""
    edge = state.lances[k].edge
    return edge if edge in ("left", "right") else ("left", "right")[k]


def draw_band(dwg: svgwrite.Drawing, state: State | Field, lang: str) -> None:
    """The Outflank band around the field, the white gutters, the lances' edge names."""
    x0, y0 = MARGIN, FIELD_Y - GUTTER - OUT
    w = BOARD_RIGHT - MARGIN
    h = BOARD_BOTTOM - y0
    dwg.add(dwg.rect((x0, y0), (w, h), fill="#f0f0f0", stroke="#b8b8b8",
                     stroke_width=1, rx=6))
    dwg.add(dwg.rect((FIELD_X - GUTTER, FIELD_Y - GUTTER), (FIELD_W + 2 * GUTTER, FIELD_W + 2 * GUTTER),
                     fill=S.PAPER, stroke="#b8b8b8", stroke_width=1))
    S.label(dwg, dwg, tr(lang, "А У Т Ф Л А Н К", "O U T F L A N K"), ((MARGIN + BOARD_RIGHT) / 2, y0 + 20),
            size=12, bold=True, fill=S.MUTED, anchor="middle")
    for k, lance in enumerate(state.lances):
        side = edge_side(state, k)
        color = safe_color(lance.color)
        text = S.fit(lance.name, 12, (BOARD_RIGHT - MARGIN) / 2 - 110, bold=True)
        at = (x0 + 10, y0 + 20) if side == "left" else (x0 + w - 10, y0 + 20)
        label = f"◀ {text}" if side == "left" else f"{text} ▶"
        S.label(dwg, dwg, label, at, size=12, bold=True, fill=color, anchor="start" if side == "left" else "end")


def draw_grid(dwg: svgwrite.Drawing, state: State, sc: Scene, turn: int) -> None:
    """The field: Limits by domain, grid, coordinates, the lances' edges and (turn 0) their deployment strips."""
    draw_field(dwg, state, turn)
    draw_lit_limits(dwg, state, sc)
    draw_field_marks(dwg, state)


def draw_field(dwg: svgwrite.Drawing, state: State | Field, turn: int) -> None:
    """Under everything on the field: the paper, (turn 0) the deployment strips, the Limits, the grid."""
    dwg.add(dwg.rect((FIELD_X, FIELD_Y), (FIELD_W, FIELD_W), fill=S.PAPER))
    if turn == 0:
        for k, lance in enumerate(state.lances):
            side = edge_side(state, k)
            color = safe_color(lance.color)
            x = 0 if side == "left" else SIZE - 2
            dwg.add(dwg.rect((px(x), FIELD_Y), (2 * CELL, FIELD_W), fill=mix(color, "#ffffff", 0.88)))
            line = dwg.line((px(2 if side == "left" else SIZE - 2), FIELD_Y),
                            (px(2 if side == "left" else SIZE - 2), FIELD_Y + FIELD_W), stroke=color,
                            stroke_width=1.5, stroke_opacity=0.8)
            line["stroke-dasharray"] = "6,4"
            dwg.add(line)
    for limit in state.limits:
        fill, pattern, edge = LIMIT_STYLE.get(limit.type, ("#eeeeee", "dots", S.MUTED))
        x0, y0, x1, y1 = limit.rect
        paint = S.hatch(dwg, pattern, edge, fill)
        dwg.add(dwg.rect((px(x0), py(y0)), ((x1 - x0) * CELL, (y1 - y0) * CELL), fill=paint, fill_opacity=0.85,
                         stroke=edge, stroke_width=1.6))
    # A line 0.6 (1) wide on a pixel boundary covers the two pixels beside it by 30% (50%): drawn as those two
    # whole pixels at that opacity, it is the same picture, and resvg fills it without a coverage per row.
    grid = dwg.g(stroke="#bdbdbd", stroke_width=2, stroke_opacity=0.3)
    major = dwg.g(stroke="#8f8f8f", stroke_width=2, stroke_opacity=0.5)
    for k in range(SIZE + 1):
        target = major if k % 4 == 0 else grid
        target.add(dwg.line((px(k), FIELD_Y), (px(k), FIELD_Y + FIELD_W)))
        target.add(dwg.line((FIELD_X, py(k)), (FIELD_X + FIELD_W, py(k))))
    dwg.add(grid)
    dwg.add(major)


def draw_lit_limits(dwg: svgwrite.Drawing, state: State, sc: Scene, drew: Drew = unnamed) -> None:
    """The outline of each Limit the step concerns."""
    for limit in state.limits:
        if limit.id in sc.lit_limits:
            drew("current")
            x0, y0, x1, y1 = limit.rect
            dwg.add(dwg.rect((px(x0) - 2, py(y0) - 2), ((x1 - x0) * CELL + 4, (y1 - y0) * CELL + 4), fill="none",
                             stroke=CURRENT, stroke_width=3.5, rx=2))


def draw_field_marks(dwg: svgwrite.Drawing, state: State | Field) -> None:
    """Over the grid: the coordinates, the field's border, the lances' edges."""
    for k in range(SIZE + 1):
        size = 10.5 if k % 4 else 11
        bold = k % 4 == 0
        fill = S.INK if bold else S.MUTED
        S.label(dwg, dwg, str(k), (px(k), FIELD_Y - 7), size=size, bold=bold, fill=fill, anchor="middle")
        S.label(dwg, dwg, str(k), (px(k), FIELD_Y + FIELD_W + 16), size=size, bold=bold, fill=fill, anchor="middle")
        S.label(dwg, dwg, str(k), (FIELD_X - 5, py(k) + 4), size=size, bold=bold, fill=fill, anchor="end")
        S.label(dwg, dwg, str(k), (FIELD_X + FIELD_W + 5, py(k) + 4), size=size, bold=bold, fill=fill)
    dwg.add(dwg.rect((FIELD_X, FIELD_Y), (FIELD_W, FIELD_W), fill="none", stroke=S.INK, stroke_width=1.5))
    for lance in state.lances:
        if lance.edge not in ("left", "right"):
            continue
        x = FIELD_X - 4 if lance.edge == "left" else FIELD_X + FIELD_W + 4
        dwg.add(dwg.line((x, FIELD_Y), (x, FIELD_Y + FIELD_W), stroke=safe_color(lance.color), stroke_width=6))


def limit_labels(dwg: svgwrite.Drawing, state: State | Field, lang: str) -> None:
    """A small domain word in each Limit's top-left corner (drawn over the grid)."""
    words = {"water": ("Вода", "Water"), "forest": ("Лес", "Forest"), "rock": ("Скала", "Rock")}
    for limit in state.limits:
        x0, y0, x1, _ = limit.rect
        text = pick(words.get(limit.type, (limit.type, limit.type)), lang)
        if (x1 - x0) * CELL < S.text_width(text, 10.5) + 8:
            continue
        edge = LIMIT_STYLE.get(limit.type, ("", "", S.MUTED))[2]
        w = S.text_width(text, 10.5, bold=True) + 6
        dwg.add(dwg.rect((px(x0) + 2, py(y0) + 2), (w, 14), fill=S.PAPER, fill_opacity=0.85, rx=2))
        S.label(dwg, dwg, text, (px(x0) + 5, py(y0) + 13), size=10.5, bold=True, fill=edge)


def draw_ladies(dwg: svgwrite.Drawing, state: State, nums: dict[str, int], drew: Drew = unnamed) -> None:
    """Lady tokens on their cells: a ♛ square (§6.2: a 1 F square token)."""
    for lady in state.ladies:
        if lady.cell is None or lady.carrier is not None:
            continue
        drew("lady")
        i, j = lady.cell
        dwg.add(dwg.rect((px(i) + 1.5, py(j) + 1.5), (CELL - 3, CELL - 3), fill="#f4dcea", stroke=LADY,
                         stroke_width=2.2, rx=3))
        S.label(dwg, dwg, "♛", (px(i) + CELL / 2, py(j) + CELL / 2 + 6), size=17, fill="#8a3d6a", anchor="middle")
        S.label(dwg, dwg, str(nums.get(lady.her_knight, "?")), (px(i) + CELL - 3, py(j) + CELL - 3), size=9,
                bold=True, fill=S.INK, anchor="end")


def lady_outlines(dwg: svgwrite.Drawing, state: State) -> None:
    """Over the knights: the outline of every Lady token, so one under a knight still shows."""
    for lady in state.ladies:
        if lady.cell is None or lady.carrier is not None:
            continue
        i, j = lady.cell
        box = dwg.rect((px(i) + 1.5, py(j) + 1.5), (CELL - 3, CELL - 3), fill="none", stroke=LADY, stroke_width=2,
                       rx=3)
        box["stroke-dasharray"] = "4,2"
        dwg.add(box)


def end_inside(points: list[tuple[float, float]], polys: list[g.Poly]) -> tuple[list[tuple[float, float]], bool]:
    """The path shortened to where it enters the knight standing at its end, and whether it was (arrowhead shown)."""
    if len(points) < 2:
        return points, False
    end = points[-1]
    for poly in polys:
        if not g.contains(poly, end):
            continue
        start = points[-2]
        if g.contains(poly, start):
            return points, False
        lo, hi = 0.0, 1.0
        for _ in range(30):
            mid = (lo + hi) / 2
            q = (start[0] + (end[0] - start[0]) * mid, start[1] + (end[1] - start[1]) * mid)
            if g.contains(poly, q):
                hi = mid
            else:
                lo = mid
        q = (start[0] + (end[0] - start[0]) * lo, start[1] + (end[1] - start[1]) * lo)
        return [*points[:-1], q], True
    return points, True


def draw_paths(dwg: svgwrite.Drawing, view: FrameView, sc: Scene, polys: list[g.Poly], top: bool,
               drew: Drew = unnamed) -> None:
    """The turn's movements: earlier faint, this step's thick; induced (pushes, sidesteps) dashed."""
    state = view.state
    for mv in sorted(sc.movers, key=lambda m: m.current):
        try:
            color = lance_color(state, state.knight(mv.knight).player)
        except KeyError:
            color = S.MUTED
        if mv.loyal:
            color = LADY
        points, shortened = end_inside(mv.points, polys)
        if top == shortened and not (top and not mv.current):
            continue  # short moves that start inside their own triangle are drawn over the knights
        if top and not mv.current:
            continue
        width = 4 if mv.current else 2.5
        drew("arrow" if mv.current else "faint")
        drew("loyal" if mv.loyal else "dashed" if mv.induced else "arrow" if mv.current else "faint")
        group = dwg.g(opacity=1 if mv.current else FAINT_OPACITY)
        pix = [pt(q) for q in points]
        if mv.current:
            halo = dwg.polyline(pix, fill="none", stroke=S.PAPER, stroke_width=width + 3, stroke_linejoin="round",
                                stroke_linecap="round")
            group.add(halo)
        line = dwg.polyline(pix, fill="none", stroke=color, stroke_width=width, stroke_linejoin="round",
                            marker_end=S.arrowhead(dwg, color))
        if mv.induced:
            line["stroke-dasharray"] = "7,4"
        group.add(line)
        group.add(dwg.circle(pix[0], r=3.2 if mv.current else 2.5, fill=color))
        dwg.add(group)


def draw_ghosts(dwg: svgwrite.Drawing, state: State, sc: Scene, drew: Drew = unnamed) -> None:
    """Where this step's movers stood before it: dashed outlines with a faint Front dot."""
    seen = set()
    for kid, pose, _ in sc.ghosts:
        key = (kid, pose.x, pose.y, pose.f)
        if key in seen:
            continue
        seen.add(key)
        try:
            k = state.knight(kid)
        except KeyError:
            continue
        if k.pose is not None and (k.pose.x, k.pose.y, k.pose.f) == (pose.x, pose.y, pose.f):
            continue
        color = lance_color(state, k.player)
        tri = triangle_px(pose)
        ghost = dwg.polygon(tri, fill=color, fill_opacity=0.07, stroke=color, stroke_width=1.6, stroke_opacity=0.8)
        ghost["stroke-dasharray"] = "5,3"
        dwg.add(ghost)
        drew("ghost")
        dwg.add(dwg.circle(along(pose, 0.78), r=2.4, fill=color, fill_opacity=0.7))


def disc(dwg: svgwrite.Drawing, parent: Any, at: tuple[float, float], number: int, shape: int, color: str,
         r: float = 8.5, size: float = 11.5) -> None:
    """The knight's number: a disc for the first lance, a square for the second (monochrome-safe)."""
    x, y = at
    if shape == 0:
        parent.add(dwg.circle((x, y), r=r, fill=S.PAPER, stroke=color, stroke_width=2))
    else:
        parent.add(dwg.rect((x - r, y - r), (2 * r, 2 * r), fill=S.PAPER, stroke=color, stroke_width=2, rx=1.5))
    S.label(dwg, parent, str(number), (x, y + size * 0.36), size=size, bold=True, fill=S.INK, anchor="middle")


def ring(dwg: svgwrite.Drawing, parent: Any, at: tuple[float, float], damaged: frozenset[str], r: float,
         f: int = 0) -> None:
    """Six dots around the number, one per function of the kit (its Масса), turned with the knight: none points
    at the Front or the Rear; a damaged function is a hollow red dot."""
    x, y = at
    heading = math.atan2(g.DIRS[f % 8][1], g.DIRS[f % 8][0])
    for n, fn in enumerate(kit_functions()):
        a = heading + math.radians(30 + 60 * n)
        q = (round(x + r * math.cos(a), 2), round(y + r * math.sin(a), 2))
        if fn in damaged:
            parent.add(dwg.circle(q, r=2.1, fill=S.PAPER, stroke=S.BAD, stroke_width=1.3))
        else:
            parent.add(dwg.circle(q, r=2.4, fill=S.INK))


def chevrons(dwg: svgwrite.Drawing, parent: Any, pose: Pose, accel: int) -> None:
    """Разгон: one chevron per point (0–3) between the number and the Front, pointing forward."""
    for n in range(min(3, max(0, accel))):
        t = 0.13 + 0.16 * n
        tip = along(pose, t + 0.12)
        left = along(pose, t, -0.19 + 0.04 * n)
        right = along(pose, t, 0.19 - 0.04 * n)
        parent.add(dwg.polyline([left, tip, right], fill="none", stroke=S.INK, stroke_width=2.4,
                                stroke_linecap="round", stroke_linejoin="round"))


def badge_width(text: str, size: float = 10.5) -> float:
    return max(15.0, S.text_width(text, size, bold=True) + 7)


def free_spot(spots: list[tuple[float, float]], w: float,
              placed: list[tuple[float, float, float]]) -> tuple[float, float]:
    """The first of `spots` where a badge of width w covers no badge already placed (overlapping knights' badges step
    aside along their own knight's Rear instead of piling up), else the first; `placed` gains it."""
    def clear(x: float, y: float) -> bool:
        return all(abs(x - px) >= (w + pw) / 2 + 1 or abs(y - py) >= 16 for px, py, pw in placed)

    spot = next((xy for xy in spots if clear(*xy)), spots[0])
    placed.append((spot[0], spot[1], w))
    return spot


def badge(dwg: svgwrite.Drawing, parent: Any, at: tuple[float, float], text: str, *, fill: str = S.PAPER,
          ink: str = S.INK, stroke: str = S.INK, size: float = 10.5) -> None:
    """A small round badge with a number or a sign."""
    w = badge_width(text, size)
    x, y = at
    parent.add(dwg.rect((x - w / 2, y - 7.5), (w, 15), fill=fill, stroke=stroke, stroke_width=1.2, rx=7.5))
    S.label(dwg, parent, text, (x, y + size * 0.36), size=size, bold=True, fill=ink, anchor="middle")


def draw_knight(dwg: svgwrite.Drawing, state: State, k: Knight, pose: Pose, number: int, fill: str, lit: bool,
                *, wreck: bool = False, drawn: list[_Drawn] | None = None, drew: Drew = unnamed) -> None:
    """One knight: exact triangle, кант, Front dot, heavy Rear, number, function ring, Разгон, Скорость, Lady.
    With `drawn`, the knight is drawn and serialised once for what it shows (`_knight_drawn`) and listed there."""
    marks = ["wreck"] if wreck else ["knight", "parts", "ring"] + (["chevrons"] if k.accel > 0 else [])
    for mark in marks + (["current"] if lit else []):
        drew(mark)
    shown = (lance_color(state, k.player), lance_index(state, k.player), pose, number, fill, lit, wreck, k.damaged,
             k.accel)
    if drawn is None:
        _draw_knight(dwg, *shown)
    else:
        drawn += _add(dwg, *_knight_drawn(*shown))


@functools.lru_cache(maxsize=512)
def _knight_drawn(*shown: Any) -> tuple[tuple[_Drawn, ...], tuple[Any, ...]]:
    """(the elements, the defs they use) of a knight on the field, drawn on a scratch drawing by `_draw_knight`."""
    scratch = svgwrite.Drawing(profile="full", debug=False)
    _draw_knight(scratch, *shown)
    return _drawn_of(scratch)


def _draw_knight(dwg: svgwrite.Drawing, color: str, shape: int, pose: Pose, number: int, fill: str, lit: bool,
                 wreck: bool, damaged: frozenset[str], accel: int) -> None:
    tri = triangle_px(pose)
    group = dwg.g()
    if lit:
        group.add(dwg.polygon(tri, fill="none", stroke=CURRENT, stroke_width=11, stroke_linejoin="round",
                              stroke_opacity=0.85))
    if wreck:
        body = dwg.polygon(tri, fill="#e6e6e6", stroke=color, stroke_width=2, stroke_linejoin="round")
        body["stroke-dasharray"] = "4,3"
        group.add(body)
        cx, cy = along(pose, -0.382)
        arm = 0.55 * CELL
        group.add(dwg.path(d=f"M{cx - arm},{cy - arm} L{cx + arm},{cy + arm} M{cx - arm},{cy + arm} "
                             f"L{cx + arm},{cy - arm}", stroke=S.BAD, stroke_width=4, stroke_linecap="round"))
        disc(dwg, group, (cx, cy), number, shape, color, r=7.4, size=10.5)
        S.label(dwg, group, "☠", along(pose, 0.45), size=12, fill=S.INK, anchor="middle")
        dwg.add(group)
        return
    group.add(dwg.polygon(tri, fill=fill, stroke=color, stroke_width=3.8, stroke_linejoin="round"))
    centre = along(pose, -0.382)  # the incentre: every side is 0.618 F from it
    inset = 1 - 2.6 / (0.618 * CELL)
    inner = [(round(centre[0] + (vx - centre[0]) * inset, 2), round(centre[1] + (vy - centre[1]) * inset, 2))
             for vx, vy in tri]
    group.add(dwg.polygon(inner, fill="none", stroke=S.PAPER, stroke_width=1.1, stroke_linejoin="round"))
    # Rear: the base, heavy, just inside the кант.
    group.add(dwg.line(along(pose, -0.88, -0.9), along(pose, -0.88, 0.9), stroke=S.INK, stroke_width=4.2,
                       stroke_linecap="butt"))
    # Front: a dot at the apex.
    group.add(dwg.circle(along(pose, 0.8), r=3.3, fill=S.INK, stroke=S.PAPER, stroke_width=1))
    mark = along(pose, -0.36)
    ring(dwg, group, mark, damaged, 11.2, pose.f)
    disc(dwg, group, mark, number, shape, color, r=7.4, size=10.5)
    chevrons(dwg, group, pose, accel)
    dwg.add(group)


def draw_badges(dwg: svgwrite.Drawing, state: State, k: Knight, pose: Pose,
                placed: list[tuple[float, float, float]] | None = None, drew: Drew = unnamed) -> None:
    """Over every knight: Скорость on the middle of the Rear, ♛ at the left base corner for a carried Lady (each
    stepping aside from the badges in `placed`)."""
    placed = [] if placed is None else placed
    speed = str(derive.speed(state, k))
    behind = [along(pose, -1.0), along(pose, -1.0, 0.55), along(pose, -1.0, -0.55), along(pose, -1.55),
              along(pose, -1.55, 0.7), along(pose, -1.55, -0.7)]  # along the Rear, then further behind it
    badge(dwg, dwg, free_spot(behind, badge_width(speed), placed), speed, fill=S.INK, ink=S.PAPER, stroke=S.PAPER)
    drew("speed")
    if any(lady.carrier == k.id for lady in state.ladies):
        drew("lady")
        corner = [along(pose, -1.0, -1.0), along(pose, -1.55, -1.0), along(pose, -1.0, -1.5), along(pose, -0.4, -1.3),
                  along(pose, -1.55, -1.6)]
        badge(dwg, dwg, free_spot(corner, badge_width("♛", 11), placed), "♛", fill=LADY, ink=S.PAPER,
              stroke="#7a2f5c", size=11)


def draw_knights(dwg: svgwrite.Drawing, state: State, sc: Scene, nums: dict[str, int],
                 fills: dict[str, str], drawn: list[_Drawn] | None = None, drew: Drew = unnamed) -> None:
    for kid, pose in sc.wrecks.items():
        draw_knight(dwg, state, state.knight(kid), pose, nums.get(kid, 0), "#dddddd", kid in sc.lit, wreck=True,
                    drawn=drawn, drew=drew)
    for k in state.knights:
        if k.location == "field" and k.pose is not None:
            draw_knight(dwg, state, k, k.pose, nums.get(k.id, 0), fills[k.id], k.id in sc.lit, drawn=drawn,
                        drew=drew)
    placed: list[tuple[float, float, float]] = []
    for k in state.knights:
        if k.location == "field" and k.pose is not None:
            draw_badges(dwg, state, k, k.pose, placed, drew)


def draw_outflank(dwg: svgwrite.Drawing, state: State, sc: Scene, nums: dict[str, int], fills: dict[str, str],
                  lang: str, drew: Drew = unnamed) -> None:
    """Knights off the field, listed in the band on their lance's side; a mark where each one crossed this turn."""
    for k_lance, lance in enumerate(state.lances):
        side = edge_side(state, k_lance)
        xc = MARGIN + OUT / 2 if side == "left" else BOARD_RIGHT - OUT / 2
        y = FIELD_Y + 6
        for kid in lance.knights:
            k = state.knight(kid)
            if k.location != "outflank":
                continue
            color = lance_color(state, k.player)
            tri = [(xc, y), (xc + 16, y + 30), (xc - 16, y + 30)]
            drew("knight")
            drew("speed")
            if kid in sc.lit:
                drew("current")
                dwg.add(dwg.polygon(tri, fill="none", stroke=CURRENT, stroke_width=8, stroke_linejoin="round"))
            dwg.add(dwg.polygon(tri, fill=fills[kid], stroke=color, stroke_width=3, stroke_linejoin="round"))
            disc(dwg, dwg, (xc, y + 20), nums.get(kid, 0), k_lance, color, r=7, size=10)
            badge(dwg, dwg, (xc + (12 if side == "left" else -12), y + 40), str(derive.speed(state, k)),
                  fill=S.INK, ink=S.PAPER, stroke=S.PAPER)
            if any(lady.carrier == kid for lady in state.ladies):
                drew("lady")
                badge(dwg, dwg, (xc - (12 if side == "left" else -12), y + 40), "♛", fill=LADY, ink=S.PAPER,
                      stroke="#7a2f5c", size=11)
            y += 58
    for kid, ex in sc.exits.items():
        try:
            k = state.knight(kid)
        except KeyError:
            continue
        color = lance_color(state, k.player)
        ghost = dwg.polygon(triangle_px(ex), fill="none", stroke=color, stroke_width=1.6, stroke_opacity=0.8)
        ghost["stroke-dasharray"] = "2,3"
        dwg.add(ghost)
        drew("exit")
        text = "⇢ " + tr(lang, "Аутфланк", "Outflank")
        w = S.text_width(text, 11, bold=True) + 10
        cx = min(max(px(ex.x), FIELD_X + w / 2 + 4), FIELD_X + FIELD_W - w / 2 - 4)
        cy = min(max(py(ex.y) - 22, FIELD_Y + 12), FIELD_Y + FIELD_W - 12)
        dwg.add(dwg.rect((cx - w / 2, cy - 9), (w, 17), fill=S.PAPER, stroke=color, stroke_width=1.2, rx=3))
        S.label(dwg, dwg, text, (cx, cy + 4), size=11, bold=True, fill=color, anchor="middle")


def draw_loyal(dwg: svgwrite.Drawing, sc: Scene, polys: list[g.Poly], lang: str) -> None:
    """A tag by the knight that takes the blow for a friend this step («Принять удар за товарища!»)."""
    for _, pose in sc.loyal:
        if pose is None:
            continue
        text = tr(lang, "принимает удар", "takes the blow")
        w, h = S.text_width(text, 11, bold=True) + 10, 17
        x, y = place_box(pt((pose.x, pose.y)), w, h, polys)
        dwg.add(dwg.rect((x, y), (w, h), fill=S.PAPER, stroke=LADY, stroke_width=1.5, rx=3))
        S.label(dwg, dwg, text, (x + w / 2, y + 13), size=11, bold=True, fill="#8a3d6a", anchor="middle")


def star(center: tuple[float, float], r: float, points: int = 10) -> list[tuple[float, float]]:
    x, y = center
    out = []
    for n in range(points * 2):
        rad = r if n % 2 == 0 else r * 0.5
        a = math.pi * n / points - math.pi / 2
        out.append((round(x + rad * math.cos(a), 2), round(y + rad * math.sin(a), 2)))
    return out


def draw_rams(dwg: svgwrite.Drawing, view: FrameView, sc: Scene, polys: list[g.Poly], lang: str,
              drew: Drew = unnamed) -> None:
    """Each ram of the turn: a star at the contact point; the current one with its outcome and numbers."""
    for ram in sorted(sc.rams, key=lambda r: r.current):
        drew("ram")
        c = pt(ram.point)
        group = dwg.g(opacity=1 if ram.current else 0.55)
        group.add(dwg.polygon(star(c, 13 if ram.current else 9), fill=S.YELLOW, stroke=S.INK, stroke_width=1.4))
        S.label(dwg, group, str(ram.n), (c[0], c[1] + 4), size=10.5 if ram.current else 9, bold=True, fill=S.INK,
                anchor="middle")
        dwg.add(group)
        if not ram.current:
            continue
        lines = [tr(lang, f"Таран {ram.n}: {OUTCOME_MARK.get(ram.outcome, '')} {outcome_name(ram.outcome, lang)}",
                    f"Ram {ram.n}: {OUTCOME_MARK.get(ram.outcome, '')} {outcome_name(ram.outcome, lang)}"),
                 tr(lang, f"Натиск {ram.impetus} · Сопротивление {ram.resistance}",
                    f"Impetus {ram.impetus} · Resistance {ram.resistance}")]
        w = max(S.text_width(line, 12.5, bold=n == 0) for n, line in enumerate(lines)) + 16
        h = 42
        box = place_box(c, w, h, polys)
        group = dwg.g()
        group.add(dwg.line(c, (min(max(c[0], box[0]), box[0] + w), min(max(c[1], box[1]), box[1] + h)),
                           stroke=S.INK, stroke_width=1.2))
        group.add(dwg.rect(box, (w, h), fill="#fffbe0", stroke=S.INK, stroke_width=1.4, rx=5))
        S.label(dwg, group, lines[0], (box[0] + 8, box[1] + 17), size=12.5, bold=True)
        S.label(dwg, group, lines[1], (box[0] + 8, box[1] + 34), size=12.5)
        dwg.add(group)
        dwg.add(dwg.polygon(star(c, 13), fill=S.YELLOW, stroke=S.INK, stroke_width=1.4))
        S.label(dwg, dwg, str(ram.n), (c[0], c[1] + 4), size=10.5, bold=True, fill=S.INK, anchor="middle")


def place_box(c: tuple[float, float], w: float, h: float, polys: list[g.Poly]) -> tuple[float, float]:
    """Where a label box near point c covers the least of the knights, inside the field (first best wins)."""
    best, best_cost = None, math.inf
    for dx, dy in ((24, -h - 24), (-w - 24, -h - 24), (24, 24), (-w - 24, 24), (-w / 2, -h - 40), (-w / 2, 40),
                   (40, -h / 2), (-w - 40, -h / 2)):
        x, y = c[0] + dx, c[1] + dy
        x = min(max(x, FIELD_X + 2), FIELD_X + FIELD_W - w - 2)
        y = min(max(y, FIELD_Y + 2), FIELD_Y + FIELD_W - h - 2)
        rect = g.rect((x - FIELD_X) / CELL, (y - FIELD_Y) / CELL, (x + w - FIELD_X) / CELL, (y + h - FIELD_Y) / CELL)
        cost = sum(g.overlap(poly, rect) for poly in polys)
        if math.hypot(x + w / 2 - c[0], y + h / 2 - c[1]) < 20:
            cost += 10
        if cost < best_cost - 1e-9:
            best, best_cost = (round(x, 2), round(y, 2)), cost
    return best if best is not None else (c[0] + 20, c[1] + 20)


# --- the side panel --------------------------------------------------------------------------------------------------


def draw_panel(dwg: svgwrite.Drawing, view: FrameView, sc: Scene, nums: dict[str, int], fills: dict[str, str],
               lang: str, drawn: list[_Drawn] | None = None) -> float:
    """Lances and knights: name, heraldry, domain, oath, Honour, Разгон/Скорость/Масса, functions, where."""
    state = view.state
    x, w = PANEL_X, PANEL_W
    y = FIELD_Y - GUTTER - OUT
    full = sum(card_height(state.knight(kid), True) for lance in state.lances for kid in lance.knights)
    heraldry = y + 2 * 54 + full <= BOARD_BOTTOM  # drop the heraldry lines when the panel would overrun the board
    for k_lance, lance in enumerate(state.lances):
        color = safe_color(lance.color)
        dwg.add(dwg.rect((x, y), (w, 40), fill=mix(color, "#ffffff", 0.85), stroke=color, stroke_width=1.5, rx=5))
        dwg.add(dwg.rect((x, y), (7, 40), fill=color, rx=2))
        honour = derive.lance_honor(state, lance.player)
        htext = tr(lang, f"Честь {honour}", f"Honour {honour}")
        hw = S.text_width(htext, 14, bold=True)
        S.label(dwg, dwg, S.fit(lance.name, 15, w - hw - 36, bold=True), (x + 15, y + 17), size=15, bold=True)
        S.label(dwg, dwg, htext, (x + w - 10, y + 17), size=14, bold=True, anchor="end")
        role = word(ROLE, lance.role, lang) if lance.role else tr(lang, "роль не выбрана", "no role yet")
        edge = word(EDGE, lance.edge, lang) if lance.edge else tr(lang, "край не выбран", "no edge yet")
        S.label(dwg, dwg, S.fit(f"{lance.player} · {role} · {edge}", 12, w - 24), (x + 15, y + 33), size=12,
                fill=S.MUTED)
        y += 48
        for kid in lance.knights:
            y = knight_card(dwg, state, state.knight(kid), nums.get(kid, 0), k_lance, fills[kid], kid in sc.lit,
                            x, y, w, lang, heraldry, drawn)
        y += 6
    return y


def lost_lines(k: Knight, lang: str, width: float) -> list[str]:
    """The knight's damaged functions by name, wrapped (at most two lines)."""
    lost = [pick(FUNCTION[f], lang) if f in FUNCTION else f for f in kit_functions() if f in k.damaged]
    if not lost or k.location == "fallen":  # a fallen knight has lost them all
        return []
    lines = S.wrap("✗ " + ", ".join(lost), 11.5, width)
    return lines[:1] + [S.fit(" ".join(lines[1:]), 11.5, width)] if len(lines) > 2 else lines


def card_height(k: Knight, heraldry: bool) -> float:
    return 16 + (16 if heraldry and k.heraldry else 0) + 17 + 17 + 16 + 16 + 14 * len(lost_lines(k, "ru", 292)) + 8


def knight_card(dwg: svgwrite.Drawing, state: State, k: Knight, number: int, shape: int, fill: str, lit: bool,
                x: float, y: float, w: float, lang: str, heraldry: bool = True,
                drawn: list[_Drawn] | None = None) -> float:
    """One knight's entry in the panel; returns the y under it. With `drawn`, the card is drawn and serialised
    once for what it shows (`_card_drawn`: consecutive frames mostly show the same cards) and listed there."""
    shown = _Card(k, number, shape, fill, lit, lance_color(state, k.player), derive.mass(state, k),
                  "—" if k.location == "fallen" else derive.speed(state, k), where_line(state, k, lang))
    if drawn is None:
        return _draw_card(dwg, shown, x, y, w, lang, heraldry)
    elements, defs, bottom = _card_drawn(shown, x, y, w, lang, heraldry)
    drawn += _add(dwg, elements, defs)
    return bottom


@dataclass(frozen=True)
class _Card:
    """All a knight's card reads: the knight, its mark, and what the state says of it."""

    k: Knight
    number: int
    shape: int
    fill: str
    lit: bool
    color: str
    mass: Any
    speed: Any
    where: str


@functools.lru_cache(maxsize=256)
def _card_drawn(shown: _Card, x: float, y: float, w: float, lang: str, heraldry: bool
                ) -> tuple[tuple[_Drawn, ...], tuple[Any, ...], float]:
    """(the elements, the defs they use, the y under it) of a card, drawn on a scratch drawing by `_draw_card`."""
    scratch = svgwrite.Drawing(profile="full", debug=False)
    bottom = _draw_card(scratch, shown, x, y, w, lang, heraldry)
    return (*_drawn_of(scratch), bottom)


def _draw_card(dwg: svgwrite.Drawing, shown: _Card, x: float, y: float, w: float, lang: str, heraldry: bool
               ) -> float:
    k, number, shape, fill, lit, color = shown.k, shown.number, shown.shape, shown.fill, shown.lit, shown.color
    top = y
    lost = lost_lines(k, lang, w - 38)
    height = card_height(k, heraldry) - 4
    if lit:
        dwg.add(dwg.rect((x - 4, top - 2), (w + 6, height), fill="#fff4dc", stroke=CURRENT, stroke_width=2, rx=5))
    # the mark: a small triangle in the knight's colours with its number
    mark = dwg.g()
    mark.add(dwg.polygon([(x + 14, y + 1), (x + 27, y + 25), (x + 1, y + 25)], fill=fill, stroke=color,
                         stroke_width=2.4, stroke_linejoin="round"))
    disc(dwg, mark, (x + 14, y + 17), number, shape, color, r=7, size=10)
    dwg.add(mark)
    honour = tr(lang, f"Честь {k.honor}", f"Honour {k.honor}")
    hw = S.text_width(honour, 13, bold=True)
    S.label(dwg, dwg, S.fit(k.name, 14, w - hw - 46, bold=True), (x + 34, y + 14), size=14, bold=True)
    S.label(dwg, dwg, honour, (x + w - 4, y + 14), size=13, bold=True, anchor="end")
    y += 16
    if heraldry and k.heraldry:
        S.label(dwg, dwg, S.fit(k.heraldry, 11.5, w - 38), (x + 34, y + 13), size=11.5, fill=S.MUTED,
                font_style="italic")
        y += 16
    S.label(dwg, dwg, S.fit(f"{word(DOMAIN, k.domain, lang)} · {word(OATH, k.oath, lang)}", 12, w - 38),
            (x + 34, y + 14), size=12)
    y += 17
    # Разгон pips, Скорость, Масса
    S.label(dwg, dwg, tr(lang, "Разгон", "Accel"), (x + 34, y + 13), size=12)
    cx = x + 34 + S.text_width(tr(lang, "Разгон", "Accel"), 12) + 6
    for n in range(3):
        dwg.add(dwg.circle((cx + 5 + 12 * n, y + 9), r=4.2, fill=S.INK if n < k.accel else S.PAPER, stroke=S.INK,
                           stroke_width=1.2))
    cx += 40
    mass, speed = shown.mass, shown.speed
    S.label(dwg, dwg, tr(lang, f"Скорость {speed}   Масса {mass}", f"Speed {speed}   Mass {mass}"),
            (cx, y + 13), size=12, bold=True)
    y += 17
    # functions by module; a damaged one crossed
    cx = x + 34
    for module, fns in data("kit")["modules"].items():
        label = pick(MODULE[module], lang) if module in MODULE else module
        S.label(dwg, dwg, label, (cx, y + 12), size=11, fill=S.MUTED)
        cx += S.text_width(label, 11) + 3
        for fn in fns:
            hurt = fn in k.damaged
            dwg.add(dwg.rect((cx, y + 2), (10, 11), fill="#f7d3c5" if hurt else S.INK, stroke=S.BAD if hurt else S.INK,
                             stroke_width=1.1, rx=1.5))
            if hurt:
                dwg.add(dwg.path(d=f"M{cx + 1.5},{y + 3.5} L{cx + 8.5},{y + 11.5} M{cx + 1.5},{y + 11.5} "
                                   f"L{cx + 8.5},{y + 3.5}", stroke=S.BAD, stroke_width=1.4))
            cx += 12
        cx += 8
    y += 16
    S.label(dwg, dwg, S.fit(shown.where, 11.5, w - 38), (x + 34, y + 12), size=11.5,
            fill=S.BAD if k.location == "fallen" else S.INK)
    y += 16
    for line in lost:
        S.label(dwg, dwg, line, (x + 34, y + 11), size=11.5, fill=S.BAD)
        y += 14
    return top + height + 4

# --- legend, caption, desc -----------------------------------------------------------------------------------------

def key_mark(dwg: svgwrite.Drawing, parent: Any, item: Key, x: float, y: float,
             colors: tuple[str, ...] = (S.BLUE, S.VERMILLION)) -> None:
    """The 18×14 mark of a legend entry at (x, y), drawn as the board draws what it names: what a lance's colour
    paints (a knight's кант, its moves, its edge, a wreck's outline) in the lances' `colors`."""
    c = (x + 9, y + 7)
    first = colors[0]
    if item.limit is not None:
        fill, pattern, edge = LIMIT_STYLE[item.limit]
        S.swatch(dwg, parent, S.Swatch(item.label, fill, edge, "box", pattern), x, y)
    elif item.kind == "knight":
        parent.add(dwg.polygon([(x + 9, y - 3), (x + 18, y + 15), (x, y + 15)], fill="#dddddd", stroke=first,
                               stroke_width=2))
        disc(dwg, parent, (x + 9, y + 10), 1, 0, first, r=5.5, size=8)
    elif item.kind == "parts":
        parent.add(dwg.polygon([(x + 9, y - 2), (x + 18, y + 15), (x, y + 15)], fill=S.PAPER, stroke=S.MUTED,
                               stroke_width=1.2))
        parent.add(dwg.circle((x + 9, y + 2.5), r=2.6, fill=S.INK))
        parent.add(dwg.line((x + 1, y + 13.5), (x + 17, y + 13.5), stroke=S.INK, stroke_width=3.2))
    elif item.kind == "ring":
        ring(dwg, parent, c, frozenset({"raise_shields"}), 6.5)
    elif item.kind == "chevrons":
        for n in range(3):
            parent.add(dwg.polyline([(x + 2 + 6 * n, y + 2), (x + 6 + 6 * n, y + 7), (x + 2 + 6 * n, y + 12)],
                                    fill="none", stroke=S.INK, stroke_width=2.2, stroke_linecap="round"))
    elif item.kind == "speed":
        badge(dwg, parent, c, "3", fill=S.INK, ink=S.PAPER, stroke=S.PAPER)
    elif item.kind == "lady":
        parent.add(dwg.rect((x, y), (14, 14), fill="#f4dcea", stroke=LADY, stroke_width=1.8, rx=2))
        S.label(dwg, parent, "♛", (x + 7, y + 12), size=11, fill="#8a3d6a", anchor="middle")
    elif item.kind == "wreck":
        body = dwg.polygon([(x + 9, y - 2), (x + 18, y + 15), (x, y + 15)], fill="#e6e6e6", stroke=first,
                           stroke_width=1.5)
        body["stroke-dasharray"] = "4,3"
        parent.add(body)
        parent.add(dwg.path(d=f"M{x + 4},{y + 4} L{x + 14},{y + 14} M{x + 4},{y + 14} L{x + 14},{y + 4}",
                            stroke=S.BAD, stroke_width=2.5, stroke_linecap="round"))
    elif item.kind == "exit":
        ghost = dwg.polygon([(x + 9, y - 2), (x + 18, y + 15), (x, y + 15)], fill="none", stroke=first,
                            stroke_width=1.6)
        ghost["stroke-dasharray"] = "2,3"
        parent.add(ghost)
    elif item.kind == "edge":
        for n, color in enumerate(colors[:2]):
            parent.add(dwg.line((x + 4 + 10 * n, y - 2), (x + 4 + 10 * n, y + 16), stroke=color, stroke_width=6))
    elif item.kind == "deploy":
        parent.add(dwg.rect((x, y), (18, 14), fill=mix(first, "#ffffff", 0.88)))
        line = dwg.line((x + 17, y - 2), (x + 17, y + 16), stroke=first, stroke_width=1.5, stroke_opacity=0.8)
        line["stroke-dasharray"] = "6,4"
        parent.add(line)
    elif item.kind in ("arrow", "faint", "dashed", "loyal"):
        group = dwg.g(opacity=FAINT_OPACITY if item.kind == "faint" else 1)
        shades = (LADY,) if item.kind == "loyal" else colors[:2]
        for n, color in enumerate(shades):  # a move is drawn in its knight's lance colour
            at = y + 7 if len(shades) == 1 else y + 2 + 10 * n
            width = (2.6 if item.kind == "arrow" else 2) if len(shades) > 1 else 2.5
            line = dwg.line((x, at), (x + 16, at), stroke=color, stroke_width=width, marker_end=S.arrowhead(dwg, color))
            if item.kind in ("dashed", "loyal"):
                line["stroke-dasharray"] = "7,4"
            group.add(line)
        parent.add(group)
    elif item.kind == "ghost":
        ghost = dwg.polygon([(x + 9, y - 2), (x + 18, y + 15), (x, y + 15)], fill="none", stroke=S.INK,
                            stroke_width=1.4)
        ghost["stroke-dasharray"] = "5,3"
        parent.add(ghost)
    elif item.kind == "ram":
        parent.add(dwg.polygon(star(c, 8.5), fill=S.YELLOW, stroke=S.INK, stroke_width=1))
    elif item.kind == "current":
        parent.add(dwg.rect((x, y), (18, 14), fill="none", stroke=CURRENT, stroke_width=3, rx=3))


def legend_layout(items: Sequence[Key], at: tuple[float, float], width: float, size: float = 12
                  ) -> tuple[list[tuple[float, float]], float]:
    """Where each entry goes, flowed left to right within width, and the height used."""
    x0, y0 = at
    x, y, row = x0, y0, size + 10
    spots = []
    for item in items:
        w = 24 + S.text_width(item.label, size) + 18
        if x > x0 and x + w > x0 + width:
            x, y = x0, y + row
        spots.append((x, y))
        x += w
    return spots, y - y0 + row


def legend(dwg: svgwrite.Drawing, items: Sequence[Key], at: tuple[float, float], width: float, size: float = 12,
           colors: tuple[str, ...] = (S.BLUE, S.VERMILLION)) -> float:
    """Entries flowed left to right within width (as svg.legend, with the knights' own marks); the height used."""
    spots, height = legend_layout(items, at, width, size)
    row = size + 10
    for item, (x, y) in zip(items, spots, strict=True):
        group = dwg.g()
        key_mark(dwg, group, item, x, y + (row - 14) / 2 - 4, colors)
        S.label(dwg, group, item.label, (x + 24, y + row / 2 + size * 0.35 - 4), size=size)
        dwg.add(group)
    return height

# --- the static layer: drawn once per game ------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """What the static layer reads of a state: the lances and the Limits."""

    lances: tuple[Lance, ...]
    limits: tuple[Limit, ...]


class _Drawn:
    """Top-level elements drawn once, written once: in a drawing they stand as one empty placeholder element
    (svgwrite asks an element only for `get_xml`), which `frame` replaces with their text, serialised once as
    `S.to_string` would serialise them at the top level of the document (indented at depth 1, one a line)."""

    def __init__(self, elements: Sequence[Any], n: int):
        self.serial = str(n)
        try:
            self.text = "\n  ".join(svgtext.element(e, 1) for e in elements)
            self.elementname = elements[0].elementname
        except svgtext.Unwritten:
            xmls = [e.get_xml() for e in elements]
            self.elementname = xmls[0].tag
            for xml in xmls:
                xml.tail = None
                S._indent(xml, 1)
            self.text = "\n  ".join(ET.tostring(xml, encoding="unicode") for xml in xmls)

    def get_xml(self) -> ET.Element:
        return ET.Element(f"battlelog-drawn-{self.serial}")


_serial = itertools.count(1)
_PLACEHOLDER = re.compile(r"<battlelog-drawn-(\d+) />")


def _drawn_of(scratch: svgwrite.Drawing) -> tuple[tuple[_Drawn, ...], tuple[Any, ...]]:
    """(the scratch drawing's elements as one `_Drawn`, or none, the defs they use)."""
    elements = [e for e in scratch.elements if e is not scratch.defs]
    return ((_Drawn(elements, next(_serial)),) if elements else ()), tuple(scratch.defs.elements)


@functools.lru_cache(maxsize=32)
def _drawn(part: str, lang: str, turn: int, lances: tuple[Lance, ...], limits: tuple[Limit, ...]
           ) -> tuple[tuple[_Drawn, ...], tuple[Any, ...]]:
    """(the elements, the defs they use) of a part of the frame that depends only on the arguments: the band,
    the field under the pieces, the marks over the grid, the Limits' names. Drawn on a scratch drawing by the
    same code as ever, so each frame holds the very same XML; the arguments are all the part reads."""
    scratch = svgwrite.Drawing(profile="full", debug=False)
    state = Field(lances, limits)
    if part == "band":
        draw_band(scratch, state, lang)
    elif part == "field":
        draw_field(scratch, state, turn)
    elif part == "marks":
        draw_field_marks(scratch, state)
    else:
        limit_labels(scratch, state, lang)
    return _drawn_of(scratch)


@functools.lru_cache(maxsize=32)
def _legend_drawn(items: tuple[Key, ...], at: tuple[float, float], width: float, colors: tuple[str, ...]
                  ) -> tuple[tuple[_Drawn, ...], tuple[Any, ...]]:
    """(the elements, the defs they use) of a legend: the same entries at the same place draw the same XML (a
    game's frames mostly share one legend), drawn on a scratch drawing by `legend` itself."""
    scratch = svgwrite.Drawing(profile="full", debug=False)
    legend(scratch, items, at, width, colors=colors)
    return _drawn_of(scratch)


def _add(dwg: svgwrite.Drawing, elements: tuple[_Drawn, ...], defs: tuple[Any, ...]) -> list[_Drawn]:
    for d in defs:
        if not S._has_def(dwg, d.attribs.get("id")):
            dwg.defs.add(d)
    for e in elements:
        dwg.add(e)
    return list(elements)


def add_legend(dwg: svgwrite.Drawing, items: Sequence[Key], at: tuple[float, float], width: float,
               colors: tuple[str, ...]) -> list[_Drawn]:
    """Add the legend (see `_legend_drawn`) to the drawing, its defs first; returns its elements."""
    return _add(dwg, *_legend_drawn(tuple(items), at, width, colors))


def add_drawn(dwg: svgwrite.Drawing, part: str, state: State, lang: str, turn: int) -> list[_Drawn]:
    """Add a static part of the frame (see `_drawn`) to the drawing, its defs first; returns its elements."""
    elements, defs = _drawn(part, lang, 0 if turn == 0 else 1, state.lances, state.limits)
    return _add(dwg, elements, defs)


def written(svg: str, drawn: list[_Drawn]) -> str:
    """The document with each static element's text in place of its placeholder."""
    texts = {d.serial: d.text for d in drawn}
    return _PLACEHOLDER.sub(lambda m: texts[m.group(1)], svg)


# --- the frame ---------------------------------------------------------------------------------------------------


def frame(view: FrameView, *, lang: str = "ru") -> str:
    """The SVG of the knights' battle at (turn, step)."""
    lang = "ru" if lang == "ru" else "en"
    state: State = view.state
    sc = scene(view, lang)
    nums = sc.numbers
    fills = {}
    for lance in state.lances:
        for slot, kid in enumerate(lance.knights):
            fills[kid] = heraldic_fill(state.knight(kid), safe_color(lance.color), slot)
    text = S.wrap(sc.event_line, 13.5, WIDTH - 2 * MARGIN - 24)
    if len(text) > EVENT_LINES:  # every frame of a game the same size: the whole line is in <desc> and the post
        text = [*text[:EVENT_LINES - 1], S.fit(" ".join(text[EVENT_LINES - 1:]), 13.5, WIDTH - 2 * MARGIN - 24)]
    box_y = BOARD_BOTTOM + 12
    legend_y = box_y + 16 + 19 * EVENT_LINES + 14
    legend_h = legend_layout(sc.legend.every(), (0, 0), WIDTH - 2 * MARGIN)[1]  # one size for a game's frames
    height = int(legend_y + legend_h + 10)
    dwg = S.new_drawing(WIDTH, height, title=sc.title, caption=sc.caption, last_hash=view.last_hash,
                        desc_text=sc.desc, band_title=lambda room: band_title(state, lang, room))
    drew = sc.legend.drew  # each mark is named in the legend where it is drawn, and only then
    drawn = add_drawn(dwg, "band", state, lang, view.turn) + add_drawn(dwg, "field", state, lang, view.turn)
    for limit in state.limits:  # draw_field: the Limits, and on turn 0 each lance's deployment strip
        drew(f"limit:{limit.type}")
    if view.turn == 0 and state.lances:
        drew("deploy")
    draw_lit_limits(dwg, state, sc, drew)
    drawn += add_drawn(dwg, "marks", state, lang, view.turn) + add_drawn(dwg, "labels", state, lang, view.turn)
    if any(lance.edge in ("left", "right") for lance in state.lances):  # draw_field_marks: each lance's edge
        drew("edge")
    draw_ladies(dwg, state, nums, drew)
    polys = [g.triangle(k.pose.x, k.pose.y, k.pose.f) for k in state.knights
             if k.location == "field" and k.pose is not None]
    polys += [g.triangle(p.x, p.y, p.f) for p in sc.wrecks.values()]
    draw_paths(dwg, view, sc, polys, top=False, drew=drew)
    draw_ghosts(dwg, state, sc, drew)
    draw_knights(dwg, state, sc, nums, fills, drawn, drew)
    draw_paths(dwg, view, sc, polys, top=True, drew=drew)
    lady_outlines(dwg, state)
    draw_outflank(dwg, state, sc, nums, fills, lang, drew)
    draw_rams(dwg, view, sc, polys, lang, drew)
    draw_loyal(dwg, sc, polys, lang)
    draw_panel(dwg, view, sc, nums, fills, lang, drawn)
    if any(lance.knights for lance in state.lances):  # the panel's cards: each knight's mark
        drew("knight")
    if any(kid in sc.lit for lance in state.lances for kid in lance.knights):  # the panel's card is lit
        drew("current")
    dwg.add(dwg.rect((MARGIN, box_y), (WIDTH - 2 * MARGIN, 12 + 19 * EVENT_LINES), fill="#fafafa",
                     stroke=CURRENT if sc.current else S.FAINT, stroke_width=1.5, rx=6))
    if sc.current:  # the box of a resolution step is outlined as the knights and Limits it concerns are
        drew("current")
    for n, line in enumerate(text):
        S.label(dwg, dwg, line, (MARGIN + 12, box_y + 20 + 19 * n), size=13.5)
    colors = tuple(safe_color(lance.color) for lance in state.lances) or (S.BLUE, S.VERMILLION)
    drawn += add_legend(dwg, sc.legend.shown(), (MARGIN, legend_y), WIDTH - 2 * MARGIN, colors)
    return written(S.to_string(dwg), drawn)


def band_title(state: State, lang: str, room: float) -> str:
    """The title for `room` px: when it is too long, each lance's name is shortened to its share, so both stay
    named."""
    full = title_text(state, lang)
    if S.text_width(full, 16, bold=True) <= room or len(state.lances) != 2:
        return full
    a, b = (lance.name for lance in state.lances)
    share = (room - S.text_width(tr(lang, "Рыцари:  — ", "Knights:  vs "), 16, bold=True)) / 2
    one, two = S.fit(a, 16, share, bold=True), S.fit(b, 16, share, bold=True)
    return tr(lang, f"Рыцари: {one} — {two}", f"Knights: {one} vs {two}")
