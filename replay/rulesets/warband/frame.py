"""The frame: the table to scale with a cm grid, terrain with heights, warriors as round bases with facing, side
colour, type and wounds, the paths of this stage, the shot being resolved (line of fire and range), melee
engagements, day/night and weather, a legend and the turn/stage/side caption. The scene is plain data; `draw`
turns it into SVG."""

from __future__ import annotations

from dataclasses import dataclass

from replay.render import svg as S
from replay.render.i18n import decimal
from replay.render.text import tr
from replay.ruleset import FrameView
from replay.rulesets.warband import derive, words
from replay.rulesets.warband import events as ev
from replay.rulesets.warband.model import State

WIDTH = 1100
MARGIN = 36
PALETTE = (S.BLUE, S.VERMILLION, S.GREEN, S.PURPLE, S.ORANGE, S.SKY)
EVENT_LINES = 2
"""The event box always has room for this many lines (the most any recorded game needs), so every frame of a game
has the same size; a longer event line is cut with "…" on the last one and stays whole in the frame's <desc> (and in
the post)."""


@dataclass(frozen=True)
class Base:
    id: str
    side: str
    color: str
    x: float
    y: float
    r: float
    facing: float
    letter: str
    wounds: int
    health: int
    mounted: bool
    removed: bool


@dataclass(frozen=True)
class Piece:
    id: str
    polygon: tuple[tuple[float, float], ...]
    kind: str
    height: float
    name: str = ""


@dataclass(frozen=True)
class GunShape:
    id: str
    color: str
    corners: tuple[tuple[float, float], ...]
    muzzle: tuple[float, float]
    destroyed: bool


@dataclass(frozen=True)
class Scene:
    title: str
    caption: str
    table: tuple[float, float]
    pieces: tuple[Piece, ...]
    bases: tuple[Base, ...]
    paths: tuple[tuple[str, tuple[tuple[float, float], ...], bool], ...]
    """(colour, points, is a charge); the last point is where the mover's base edge ends (the arrow's tip)"""
    shot: tuple[tuple[float, float], tuple[float, float], float, bool] | None
    """(shooter, target, range cm, hit)"""
    engaged: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    event_line: str
    desc: str
    guns: tuple[GunShape, ...] = ()
    mounts: tuple[tuple[str, str, float, float, float, str], ...] = ()
    """(id, colour, x, y, radius, state) of mounts standing alone"""
    night: bool = False
    sight: tuple[tuple[float, float], float, float] | None = None
    """At night or in a weather that changes sight, the shooter's sight: (centre, radius to the base edge, cm)."""


def _kind(t) -> str:
    if t.impassable:
        return "impassable"
    if t.blocks_los:
        return "forest"
    if t.water:
        return "water"
    if t.rough:
        return "rough"
    return "hill" if t.height > 0 else "open"


def scene(view: FrameView, lang: str) -> Scene:
    state: State = view.state
    colors = {s.id: s.color or PALETTE[i % len(PALETTE)] for i, s in enumerate(state.sides)}
    letters = words.TYPE_LETTER if lang == "ru" else words.TYPE_LETTER_EN
    bases = tuple(Base(w.id, w.side, colors[w.side], w.x, w.y, derive.radius(w), w.facing, letters.get(w.type, "?"),
                       w.wounds, derive.health(w), w.mount is not None, not w.active)
                  for w in state.warriors if w.deployed)
    pieces = tuple(Piece(t.id, t.polygon, _kind(t), t.height, t.name if t.name != t.id else "")
                   for t in state.terrain)
    events = [e for e in view.events if e.phase == view.phase or view.phase is None]
    paths, shot, line = [], None, ""
    sight: tuple[tuple[float, float], float, float] | None = None
    side_of = {w.id: w.side for w in state.warriors}
    for e in events:
        if e.type not in ev.EVENTS:
            continue
        typed = ev.read(e.type, e.payload)
        if isinstance(typed, ev.Moved):
            paths.append((colors[side_of[typed.warrior]], _to_edge(typed.path, state, typed.warrior), False))
        elif isinstance(typed, ev.Charge):
            paths.append((colors[side_of[typed.charger]], _to_edge(typed.path, state, typed.charger), True))
        elif isinstance(typed, ev.MountRan) and typed.start and typed.heading is not None:
            owner = next((m.owner_side for m in state.mounts if m.id == typed.mount), None) or \
                next((w.side for w in state.warriors if f"{w.id}_mount" == typed.mount), None)
            if owner in colors:
                paths.append((colors[owner], ((typed.start[0], typed.start[1]), (typed.end[0], typed.end[1])), True))
        elif isinstance(typed, ev.MountStop):
            paths.append((colors[typed.side], _to_edge([typed.start, typed.at], state, typed.warrior), False))
        elif isinstance(typed, ev.GunFired) and typed.fired:
            from replay.rulesets.warband.guns import muzzle

            shot = (muzzle(state.gun(typed.gun)), state.warrior(typed.aim).pos, 0.0, bool(typed.impacts))
        elif isinstance(typed, ev.Shot):
            s, t = state.warrior(typed.shooter), state.warrior(typed.target)
            shot = (s.pos, t.pos, typed.range + (0 if s.mount else derive.radius(s)), typed.hit)
            if typed.sight is not None:
                sight = (s.pos, typed.sight + derive.radius(s), typed.sight)
        if not isinstance(typed, ev.StageStarted):
            from replay.rulesets.warband.post import narrate

            said = narrate(e, lang)
            line = said[-1] if said else line
    engaged = []
    for w in state.warriors:
        for o in w.engaged_with:
            if w.id < o and state.has(o):
                engaged.append((w.pos, state.warrior(o).pos))
    night = state.clock.is_night(max(view.turn, 1)) if view.turn else False
    title = tr(lang, "Отряды", "Warbands") + f" — {words.pick(words.DAY[night], lang)}, " \
        + tr(lang, "погода", "weather") + f": {words.weather(state.turn_weather or state.weather, lang)}"
    caption = (tr(lang, "Подготовка", "Preparation") if view.turn == 0 else f"{tr(lang, 'Ход', 'Turn')} {view.turn}")
    if view.phase:
        caption += f" · {words.phase_title(view.phase, lang)}"
    caption += f" · {tr(lang, 'шаг', 'step')} {view.step}/{view.steps}"
    desc = "\n".join([caption + " — " + title]
                     + [f"{b.id} {b.side} ({b.x:g}, {b.y:g}) {b.facing:g}° {b.wounds}/{b.health}"
                        + (tr(lang, " выбыл", " removed") if b.removed else "") for b in bases])
    shapes = tuple(_gun_shape(g, colors[g.side]) for g in state.guns if g.deployed)
    from replay.rulesets.warband.mounts import mount_radius

    loose = tuple((m.id, colors[m.owner_side], m.x, m.y, mount_radius(), m.state) for m in state.mounts)
    return Scene(title, caption, state.table, pieces, bases, tuple(paths), shot, tuple(engaged), line, desc, shapes,
                 loose, night=night, sight=sight)


def _to_edge(path: list[list[float]] | list[tuple[float, float]], state: State,
             wid: str) -> tuple[tuple[float, float], ...]:
    """The path with its last point pulled back to the mover's base edge, so that the arrowhead shows."""
    import math

    pts = [(float(p[0]), float(p[1])) for p in path]
    if len(pts) < 2:
        return tuple(pts)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    seg = math.hypot(bx - ax, by - ay)
    r = derive.radius(state.warrior(wid))
    if seg <= r + 0.5:
        return tuple(pts)
    k = (seg - r) / seg
    return (*pts[:-1], (round(ax + (bx - ax) * k, 4), round(ay + (by - ay) * k, 4)))


def _gun_shape(g, color: str) -> GunShape:
    import math

    from replay.rulesets.warband.guns import footprint, muzzle

    w, length = footprint()
    a = math.radians(g.facing)
    ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    corners = tuple((round(g.x + ux * sa * length / 2 + vx * sb * w / 2, 4),
                     round(g.y + uy * sa * length / 2 + vy * sb * w / 2, 4))
                    for sa, sb in ((1, 1), (1, -1), (-1, -1), (-1, 1)))
    return GunShape(g.id, color, corners, muzzle(g), g.status != "active")


SIGHT = "#3b5b9a"
NIGHT_TABLE = "#e9ecf4"


def legend_items(lang: str, sides: list[tuple[str, str]], names: dict[str, str] | None = None) -> S.Legend:
    """Every entry the legend may have, each keyed by the mark it names; the frame says which marks it drew."""
    names = names or {}
    items = [(f"side:{sid}", S.Swatch(f"{names[sid]} ({sid})" if names.get(sid, sid) != sid
                                      else f"{tr(lang, 'сторона', 'side')} {sid}", fill=color, stroke=S.INK))
             for sid, color in sides]
    items += [("terrain:rough", S.Swatch(tr(lang, "пересечённая местность", "rough terrain"), fill="#e4dccf",
                                         hatch="dots", stroke="#7a7a7a")),
              ("terrain:forest", S.Swatch(tr(lang, "лес (закрывает обзор)", "forest (blocks sight)"),
                                          fill=S.TERRAIN["forest"][0], hatch="cross", stroke="#7a7a7a")),
              ("terrain:water", S.Swatch(tr(lang, "вода", "water"), fill="#cfe4f3", hatch="vertical",
                                         stroke="#7a7a7a")),
              ("terrain:hill", S.Swatch(tr(lang, "возвышенность (h см)", "raised piece (h cm)"), fill="#f3e0b5",
                                        hatch="horizontal", stroke="#7a7a7a")),
              ("terrain:open", S.Swatch(tr(lang, "открытая местность", "open ground"), fill="#f0f0f0",
                                        stroke="#7a7a7a")),
              ("terrain:impassable", S.Swatch(tr(lang, "непроходимо", "impassable"), fill="#bdbdbd", hatch="cross",
                                              stroke=S.INK)),
              ("mounted", S.Swatch(tr(lang, "верхом (белое кольцо)", "mounted (white ring)"), fill="#9a9a9a",
                                   stroke=S.INK, text="○")),
              ("path", S.Swatch(tr(lang, "путь в этой стадии", "path this stage"), kind="arrow", stroke=S.INK)),
              ("charge", S.Swatch(tr(lang, "рывок", "charge"), kind="arrow", stroke=S.INK, dashed=True)),
              ("fire", S.Swatch(tr(lang, "линия выстрела", "line of fire"), kind="dash", stroke=S.HIGHLIGHT,
                                dash="6,3", width=2.5)),
              ("range", S.Swatch(tr(lang, "дальность выстрела (круг)", "range of the shot (circle)"), kind="dash",
                                 stroke=S.HIGHLIGHT, dash="4,4", width=1.2)),
              ("engaged", S.Swatch(tr(lang, "завязаны в бою", "engaged"), kind="dash", stroke=S.INK)),
              ("removed", S.Swatch(tr(lang, "выбыл", "removed"), fill="#eeeeee", crossed=True)),
              ("gun", S.Swatch(tr(lang, "орудие", "siege gun"), fill="#bbbbbb", text="G")),
              ("mount", S.Swatch(tr(lang, "лошадь без всадника (бежит — пунктир)", "riderless mount (running: dashed)"),
                                 fill=S.PAPER, text="H")),
              ("sight", S.Swatch(tr(lang, "обзор стрелка (ночь, погода)", "the shooter's sight (night, weather)"),
                                 kind="dash", stroke=SIGHT, dash="2,3", width=1.5))]
    return S.Legend(items)


def frame(view: FrameView) -> str:
    lang = "ru" if view.lang == "ru" else "en"
    sc = scene(view, lang)
    scale = (WIDTH - 2 * MARGIN) / sc.table[0]
    top = S.BAND + 24
    table_h = sc.table[1] * scale
    colors = [(s.id, s.color or PALETTE[i % len(PALETTE)]) for i, s in enumerate(view.state.sides)]
    keyed = legend_items(lang, colors, {s.id: s.name for s in view.state.sides})
    side_of = {color: sid for sid, color in reversed(colors)}
    drew = keyed.drew  # each mark is named in the legend where it is drawn, and only then

    def drew_colour(color: str) -> None:
        if color in side_of:
            drew(f"side:{side_of[color]}")
    text = S.wrap(sc.event_line, 13, WIDTH - 56) if sc.event_line else []
    desc = sc.desc
    if len(text) > EVENT_LINES:  # the box keeps its size: the last line says "…", the whole line is in <desc>
        text = [*text[:EVENT_LINES - 1], S.fit(" ".join(text[EVENT_LINES - 1:]) + " …", 13, WIDTH - 56)]
        desc += "\n" + sc.event_line
    legend_h = S.legend_height(keyed.every(), width=WIDTH - 32)  # the same room in every frame of the game
    box_y = top + table_h + 28
    legend_y = box_y + 18 + 18 * EVENT_LINES + 12  # the same room for the event box in every frame, even empty
    height = int(legend_y + legend_h + 12 + 26)  # room for the core's provisional mark under the legend
    dwg = S.new_drawing(WIDTH, height, title=sc.title, caption=sc.caption, last_hash=view.last_hash,
                        desc_text=desc)

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return (round(MARGIN + p[0] * scale, 2), round(top + table_h - p[1] * scale, 2))

    draw_table(dwg, sc, scale, top, table_h, px, lang)
    for piece in sc.pieces:
        draw_piece(dwg, piece, px, lang)
        drew(f"terrain:{piece.kind}")
    for color, pts, is_charge in sc.paths:
        if len(pts) > 1:
            dwg.add(dwg.polyline([px(p) for p in pts[:-1]], stroke=color, stroke_width=2, fill="none",
                                 stroke_dasharray="6,4" if is_charge else "none"))
            S.arrow(dwg, dwg, px(pts[-2]), px(pts[-1]), color=color, width=2, dashed=is_charge)
            drew("charge" if is_charge else "path")
            drew_colour(color)
    for a, b in sc.engaged:
        dwg.add(dwg.line(px(a), px(b), stroke=S.INK, stroke_width=3, stroke_dasharray="4,3"))
        drew("engaged")
    if sc.shot:
        s, t, rng, hit = sc.shot
        if rng:
            dwg.add(dwg.circle(px(s), r=rng * scale, fill="none", stroke=S.HIGHLIGHT, stroke_width=1.2,
                               stroke_dasharray="4,4"))
            drew("range")
        dwg.add(dwg.line(px(s), px(t), stroke=S.HIGHLIGHT, stroke_width=2.5, stroke_dasharray="6,3"))
        drew("fire")
    if sc.sight:
        centre, radius, cm = sc.sight
        c = px(centre)
        dwg.add(dwg.circle(c, r=radius * scale, fill="none", stroke=SIGHT, stroke_width=1.5, stroke_dasharray="2,3"))
        drew("sight")
        seen = tr(lang, f"обзор {decimal(f'{cm:g}', 'ru')} см", f"sight {cm:g} cm")
        S.label(dwg, dwg, seen, (c[0], c[1] - radius * scale - 4),
                size=10, anchor="middle", fill=SIGHT)
    for gun in sc.guns:
        dwg.add(dwg.polygon([px(p) for p in gun.corners], fill="#eeeeee" if gun.destroyed else gun.color,
                            stroke=S.INK, stroke_width=1.5, fill_opacity=0.6))
        cx = sum(p[0] for p in gun.corners) / 4
        cy = sum(p[1] for p in gun.corners) / 4
        at = px((cx, cy))
        S.label(dwg, dwg, gun.id + (" ✕" if gun.destroyed else ""), (at[0], at[1] + 4), size=10, bold=True,
                anchor="middle", fill=S.INK)
        dwg.add(dwg.circle(px(gun.muzzle), r=2.5, fill=S.INK))
        drew("gun")
        if not gun.destroyed:
            drew_colour(gun.color)
    for mid, color, x, y, r, mstate in sc.mounts:
        c = px((x, y))
        ring = dwg.circle(c, r=r * scale, fill=S.PAPER, stroke=color, stroke_width=2.5)
        if mstate == "running":
            ring["stroke-dasharray"] = "4,3"
        dwg.add(ring)
        S.label(dwg, dwg, "H", (c[0], c[1] + 4), size=11, bold=True, anchor="middle", fill=color)
        drew("mount")
        drew_colour(color)
        said = words.pick(words.MOUNT_STATE.get(mstate, (mstate, mstate)), lang)
        S.label(dwg, dwg, f"{mid} ({said})", (c[0], c[1] + r * scale + 10), size=9, anchor="middle", fill=S.INK)
    tags = [draw_base(dwg, base, scale, px) for base in sc.bases]
    for base in sc.bases:  # draw_base: a removed base is grey and crossed, a mounted one has a white ring
        for mark in ["removed"] if base.removed else [f"side:{base.side}"] + (["mounted"] if base.mounted else []):
            drew(mark)
    for tag in tags:  # every tag over every base, haloed: no base hides a neighbour's tag
        words_at, at, fill = tag
        S.label(dwg, dwg, words_at, at, size=9, anchor="middle", fill=fill, stroke=S.PAPER, stroke_width=2.5,
                paint_order="stroke")
    if text:
        dwg.add(dwg.rect((16, box_y), (WIDTH - 32, 14 + 18 * EVENT_LINES), fill="#fafafa", stroke=S.HIGHLIGHT,
                         stroke_width=1.5, rx=6))
        for n, line in enumerate(text):
            S.label(dwg, dwg, line, (28, box_y + 20 + 18 * n), size=13)
    S.legend(dwg, keyed.shown(), (16, legend_y), width=WIDTH - 32)  # what this frame draws, nothing else
    return S.to_string(dwg)


def draw_table(dwg, sc: Scene, scale: float, top: float, table_h: float, px, lang: str = "ru") -> None:
    dwg.add(dwg.rect((MARGIN, top), (sc.table[0] * scale, table_h), fill=NIGHT_TABLE if sc.night else "#fbfaf5",
                     stroke=S.INK, stroke_width=1.5))
    step = 10
    for x in range(0, int(sc.table[0]) + 1, step):
        a, b = px((x, 0)), px((x, sc.table[1]))
        dwg.add(dwg.line(a, b, stroke=S.FAINT, stroke_width=0.8))
        S.label(dwg, dwg, str(x), (a[0], a[1] + 14), size=10, anchor="middle", fill=S.MUTED)
    for y in range(0, int(sc.table[1]) + 1, step):
        a, b = px((0, y)), px((sc.table[0], y))
        dwg.add(dwg.line(a, b, stroke=S.FAINT, stroke_width=0.8))
        S.label(dwg, dwg, str(y), (a[0] - 4, a[1] + 4), size=10, anchor="end", fill=S.MUTED)
    S.label(dwg, dwg, tr(lang, "см", "cm"), (MARGIN - 4, top - 6), size=10, anchor="end", fill=S.MUTED)


def draw_piece(dwg, piece: Piece, px, lang: str) -> None:
    if piece.kind == "impassable":
        fill = S.hatch(dwg, "cross", S.INK, "#bdbdbd")
    elif piece.kind == "open":
        fill = "#f0f0f0"
    else:
        fill = S.terrain_fill(dwg, piece.kind)
    pts = [px(p) for p in piece.polygon]
    dwg.add(dwg.polygon(pts, fill=fill, stroke="#7a7a7a", stroke_width=1.2))
    x0, y1 = min(p[0] for p in pts), max(p[1] for p in pts)
    height = f"{piece.height:g}".replace(".", ",") if lang == "ru" else f"{piece.height:g}"
    text = (piece.name or piece.id) + (f" · {height} {tr(lang, 'см', 'cm')}" if piece.height else "")
    S.label(dwg, dwg, text, (x0 + 3, y1 - 3), size=10, fill=S.INK)


def draw_base(dwg, base: Base, scale: float, px) -> tuple[str, tuple[float, float], str]:
    """The base, its facing and type letter; returns its tag (text, where, colour), drawn once every base is."""
    c = px((base.x, base.y))
    r = max(base.r * scale, 5)
    if base.removed:
        dwg.add(dwg.circle(c, r=r, fill="#eeeeee", stroke=S.MUTED, stroke_width=1))
        dwg.add(dwg.path(d=f"M{c[0] - r * .7},{c[1] - r * .7} L{c[0] + r * .7},{c[1] + r * .7} "
                           f"M{c[0] - r * .7},{c[1] + r * .7} L{c[0] + r * .7},{c[1] - r * .7}",
                         stroke=S.MUTED, stroke_width=1.5))
        return base.id, (c[0], c[1] + r + 10), S.MUTED
    dwg.add(dwg.circle(c, r=r, fill=base.color, stroke=S.INK, stroke_width=1.2, fill_opacity=0.85))
    if base.mounted:
        dwg.add(dwg.circle(c, r=r - 2.5, fill="none", stroke=S.PAPER, stroke_width=1.2))
    import math

    ux, uy = math.cos(math.radians(base.facing)), -math.sin(math.radians(base.facing))
    inner = (round(c[0] + ux * max(r - 3, r * 0.55), 2), round(c[1] + uy * max(r - 3, r * 0.55), 2))
    outer = (round(c[0] + ux * (r + 4), 2), round(c[1] + uy * (r + 4), 2))
    dwg.add(dwg.line(inner, outer, stroke=S.INK, stroke_width=2))  # the facing, clear of the type letter
    S.label(dwg, dwg, base.letter, (c[0], c[1] + 4), size=max(8, min(12, r)), bold=True, anchor="middle",
            fill=S.PAPER)
    tag = base.id + (f" {base.wounds}/{base.health}" if base.wounds or base.health > 1 else "")
    below = math.sin(math.radians(base.facing)) < -0.5  # the facing tick points down: the tag goes above the base
    return tag, (c[0], c[1] - r - 3 if below else c[1] + r + 10), S.INK
