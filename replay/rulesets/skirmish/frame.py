"""The frame of a two-fighter melee at (turn, step): the two cells with facing, stance, weapon and grip, the combat
distance, the initiative holder, this exchange's declarations as arrows, and a panel per fighter (both pools with
spent and locked points, fatigue, pain, shock, bleeding, a small body map of wounds by zone). The scene is plain
data (`scene`); `frame` draws it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from replay.render import svg as S
from replay.render.text import tr
from replay.ruleset import FrameView
from replay.rulesets.skirmish import data, pools, words
from replay.rulesets.skirmish.maneuvers import catch
from replay.rulesets.skirmish.model import Fight, Fighter

WIDTH = 960
CELL = 120
MAP_Y = 56
PANEL_Y = MAP_Y + CELL + 44
PANEL_W = 452
PANEL_H = 320
EVENT_LINES = 3
"""The event box holds this many lines in every frame of a game, so every frame of a game has the same size; a longer
event is cut with "…" on the last line and stays whole in the frame's <desc>."""
ZONE_BOXES = {  # the small body map: (x, y, w, h) in a 90×150 box
    "head": (33, 0, 24, 22), "upper_torso": (25, 24, 40, 36), "left_arm": (66, 24, 14, 56),
    "right_arm": (10, 24, 14, 56), "lower_torso": (25, 62, 40, 26), "left_leg": (46, 90, 19, 60),
    "right_leg": (25, 90, 19, 60)}
LEVEL_FILL = {0: S.PAPER, 1: "#fde7c8", 2: "#f9c98f", 3: "#f29b52", 4: "#d55e00", 5: "#7a1f00"}


@dataclass(frozen=True)
class Side:
    """What one fighter's panel and token show."""

    id: str
    name: str
    color: str
    cell: tuple[int, int]
    facing: str
    stance: str
    status: str
    weapon: str
    shield: str | None
    holder: bool
    pool: dict
    fatigue: int
    pain: int
    shock: int
    bleeding: int
    blood_loss: int
    zones: dict[str, int]
    wounds: tuple[str, ...]
    effects: tuple[str, ...] = ()
    """Active maneuver effects and wrestling (the post's words)."""


@dataclass(frozen=True)
class Scene:
    title: str
    caption: str
    distance: str
    sides: tuple[Side, Side]
    arrows: tuple[tuple[str, str, str], ...]
    """(from, to, label) of this exchange's declared attacks."""
    event: tuple[str, ...]
    desc: str
    hold: str = ""
    """Who holds whom in wrestling (5.8), or ""."""


def scene(view: FrameView) -> Scene:
    state: Fight = view.state
    lang = "ru" if view.lang == "ru" else "en"
    sides = tuple(side(state, f, k, lang) for k, f in enumerate(state.fighters))
    arrows = tuple((d.actor, d.order.get("target") or state.opponent(d.actor).id,
                    f"{words.maneuver_name(d.maneuver, lang)}"
                    + (f" → {words.zone_name(d.order['zone'], lang)}" if d.order.get("zone") else "")
                    + f" ({d.priced['dice_to_roll']}{tr(lang, 'к', 'd')})")
                   for d in state.declared if d.step == "attack" and d.maneuver != "pass")
    defences = tuple((d.actor, d.actor, f"{words.maneuver_name(d.maneuver, lang)} ({d.priced['dice_to_roll']}"
                      f"{tr(lang, 'к', 'd')})")
                     for d in state.declared if d.step == "defence" and d.maneuver != "pass")
    last = view.events[-1] if view.events else None
    event = event_lines(last, state, lang) if last is not None else ()
    distance = words.distance_name(state.distance, lang) if state.distance else "—"
    a, b = state.fighters
    title = tr(lang, f"Схватка: {a.name['ru']} — {b.name['ru']}", f"Melee: {a.name['en']} vs {b.name['en']}")
    caption = caption_text(view, state, lang)
    hold = ""
    if state.grapple is not None:
        from replay.rulesets.skirmish.post import change_text

        hold = said_by_name(change_text({"op": "grapple", "value": state.grapple}, lang), state, lang)
    shown = Scene(title, caption, distance, sides, arrows + defences, event, "", hold)
    return Scene(title, caption, distance, sides, arrows + defences, event, desc(shown, lang), hold)


def event_lines(event: Any, state: Fight, lang: str) -> tuple[str, ...]:
    """The last event told as the post tells it (ru or en), fighters called by their names, then its arithmetic
    lines for a hit."""
    from replay.rulesets.skirmish import events as ev
    from replay.rulesets.skirmish.post import narrate

    if event.type not in ev.EVENTS:
        return ()
    told = narrate(ev.trusted(event.type, event.payload), lang)
    if told is None:
        from replay.rulesets.skirmish.messages import why

        return tuple(said_by_name(line, state, lang) for line in why(event.payload, lang))
    return (said_by_name(told, state, lang),)


def said_by_name(line: Any, state: Fight, lang: str) -> str:
    """A line of the post's text (a string, a span or a tuple of them) as plain text that calls the fighters by
    their names, declined in Russian as the post declines them («победитель: Ратибор», not «победитель: RAT»)."""
    from replay.rulesets.skirmish.post import by_name, fighter_names

    said = by_name(line, fighter_names(state.fighters), lang)
    parts = said if isinstance(said, tuple) else (said,)
    return "".join(p if isinstance(p, str) else p.text for p in parts)


def caught_progress(f: Fighter, wid: str, lang: str) -> str:
    """M44 (L605): the catcher's Strength successes so far against the caught weapon's Reliability, if any."""
    n = catch.progress(f, wid)
    w = f.weapon_by_id(wid)
    if not n or w is None:
        return ""
    rel = data.weapon_type(w.type)["reliability"]
    return tr(lang, f" (сломать: {n} из {rel})", f" (break: {n} of {rel})")


def side(state: Fight, f: Fighter, k: int, lang: str) -> Side:
    view = pools.fighter_view(state, f)
    w = f.weapon
    weapon = f"{words.item_name(w.type, lang)} ({words.grip_name(w.grip, lang)})" if w else tr(lang, "без оружия",
                                                                                                 "unarmed")
    shield = None
    if f.shield is not None:
        cover = ", ".join(words.zone_name(z, lang) for z in f.shield.cover)
        shield = f"{words.item_name(f.shield.type, lang)} R{f.shield.reliability}" + (f" [{cover}]" if cover else "")
    zones: dict[str, int] = {}
    for wound in f.wounds:
        zones[wound.zone] = max(zones.get(wound.zone, 0), wound.level)
    wounds = tuple(f"{words.zone_name(x.precise, lang)}: {tr(lang, 'ур.', 'lvl')} {x.level} (W {x.W})"
                   + (f" [{', '.join(words.flag_name(g, lang) for g in x.flags)}]" if x.flags else "")
                   for x in f.wounds)
    from replay.rulesets.skirmish.post import change_text

    r, x = state.round, max(1, state.exchange)
    effects_: list[str] = []
    caught: set[str] = set()
    for e in f.effects:
        if e.until < (r, x) or (e.source == catch.SOURCE and e.ref in caught):
            continue  # M44: a caught weapon is one line, its break progress with it (the attempts are effects too)
        line = change_text({"op": "effect", "fighter": f.id, "kind": e.kind, "amount": e.amount,
                            "start": list(e.start), "until": list(e.until), "ref": e.ref}, lang)
        line = said_by_name(line.removeprefix(f"{f.id}: "), state, lang)
        if e.source == catch.SOURCE:
            caught.add(e.ref)
            line += caught_progress(f, e.ref, lang)
        effects_.append(line)
    effects = tuple(effects_)
    if pools.wrestling(f, r, x):
        effects = (tr(lang, "борьба: пул Выносливость + Борьба", "wrestling: Endurance + Wrestling pool"), *effects)
    return Side(f.id, f.name["ru" if lang == "ru" else "en"], S.SIDES[k], f.cell, f.facing, f.stance,
                view["status"], weapon, shield, state.holder == f.id, view["pool"], f.fatigue, f.pain, view["shock"],
                f.bleeding, f.blood_loss, zones, wounds, effects)


def caption_text(view: FrameView, state: Fight, lang: str) -> str:
    phase = f" · {view.phase}" if view.phase else ""
    return tr(lang, f"Раунд {view.turn} · обмен {max(1, state.exchange)}{phase} · шаг {view.step}/{view.steps}",
              f"Round {view.turn} · exchange {max(1, state.exchange)}{phase} · step {view.step}/{view.steps}")


def desc(shown: Scene, lang: str) -> str:
    """A plain-text picture of the frame (the `<desc>` fallback)."""
    lines = [f"{shown.caption} — {shown.title}", tr(lang, f"Дистанция: {shown.distance}",
                                                     f"Distance: {shown.distance}") + (f"; {shown.hold}"
                                                                                       if shown.hold else "")]
    for s in shown.sides:
        p = s.pool
        if lang == "ru":
            status = words.pick(words.STATUS_NAMES.get(s.status, (s.status, s.status)), lang)
            stance = words.pick(words.STANCE_NAMES.get(s.stance, (s.stance, s.stance)), lang)
            pools_text = (f"Р {p['avail_R']}/{p['reflex']} Н {p['avail_S']}/{p['skill']} (потрачено "
                          f"Р{p['spent']['reflex']} Н{p['spent']['skill']}, закрыто Р{p['locked']['reflex']} "
                          f"Н{p['locked']['skill']}); усталость {s.fatigue}, боль {s.pain}, шок {s.shock}, "
                          f"кровотечение {s.bleeding}")
        else:
            status, stance = s.status, s.stance
            pools_text = (f"R {p['avail_R']}/{p['reflex']} S {p['avail_S']}/{p['skill']} "
                          f"(spent R{p['spent']['reflex']} S{p['spent']['skill']}, locked R{p['locked']['reflex']} "
                          f"S{p['locked']['skill']}); fatigue {s.fatigue}, pain {s.pain}, shock {s.shock}, "
                          f"bleeding {s.bleeding}")
        cell = "" if side_by_side(shown) else tr(lang, f" (клетка {s.cell[0]}, {s.cell[1]})",  # M22: after a pass
                                                   f" (cell {s.cell[0]}, {s.cell[1]})")
        lines.append(f"{s.id} {s.name}{cell}{' *' if s.holder else ''}: {status}, {stance}, {s.weapon}"
                     + (f", {s.shield}" if s.shield else "") + f"; {pools_text}"
                     + (f"; {'; '.join(s.wounds)}" if s.wounds else "")
                     + (f"; {'; '.join(s.effects)}" if s.effects else ""))
    names = {s.id: s.name for s in shown.sides}
    lines += [f"{names.get(a, a)} → {names.get(b, b)}: {text}" if a != b else  # a defence is drawn on its fighter
              f"{names.get(a, a)}, {tr(lang, 'защита', 'defence')}: {text}" for a, b, text in shown.arrows]
    lines += list(shown.event)
    return "\n".join(lines)


def frame(view: FrameView) -> str:
    lang = "ru" if view.lang == "ru" else "en"
    shown = scene(view)
    event = [line for why in shown.event for line in S.wrap(why, 13, WIDTH - 56)]
    if len(event) > EVENT_LINES:  # the box keeps its size: the last line says "…", the whole event is in <desc>
        event = [*event[:EVENT_LINES - 1], S.fit(" ".join(event[EVENT_LINES - 1:]) + " …", 13, WIDTH - 56)]
    box_y = PANEL_Y + PANEL_H + 12
    legend_y = box_y + 24 + 18 * EVENT_LINES  # the same room for the event box in every frame, even empty
    keyed = legend_items(lang)
    height = int(legend_y + S.legend_height(keyed.every(), width=WIDTH - 32) + 12)  # one size for a game's frames
    dwg = S.new_drawing(WIDTH, height, title=shown.title, caption=shown.caption, last_hash=view.last_hash,
                        desc_text=shown.desc, band_title=lambda room: band_title(view.state, lang, room))
    draw_map(dwg, shown, lang, keyed.drew)
    for k, s in enumerate(shown.sides):
        draw_panel(dwg, s, 16 + k * (PANEL_W + 24), lang, keyed.drew)
    dwg.add(dwg.rect((16, box_y), (WIDTH - 32, 12 + 18 * EVENT_LINES), fill="#fafafa", stroke=S.FAINT,
                     stroke_width=1.5, rx=6))
    for n, line in enumerate(event or ["—"]):
        S.label(dwg, dwg, line, (28, box_y + 20 + 18 * n), size=13)
    S.legend(dwg, keyed.shown(), (16, legend_y), width=WIDTH - 32)  # what this frame draws, nothing else
    return S.to_string(dwg)


def band_title(state: Fight, lang: str, room: float) -> str:
    """The title for `room` px: when it is too long, each name is shortened to its share, so both stay named."""
    a, b = (f.name["ru" if lang == "ru" else "en"] for f in state.fighters)
    full = tr(lang, f"Схватка: {a} — {b}", f"Melee: {a} vs {b}")
    if S.text_width(full, 16, bold=True) <= room:
        return full
    share = (room - S.text_width(tr(lang, "Схватка:  — ", "Melee:  vs "), 16, bold=True)) / 2
    one, two = S.fit(a, 16, share, bold=True), S.fit(b, 16, share, bold=True)
    return tr(lang, f"Схватка: {one} — {two}", f"Melee: {one} vs {two}")


def token_x(k: int) -> float:
    return WIDTH / 2 - CELL + k * CELL + CELL / 2


def side_by_side(shown: Scene) -> bool:
    """The two fighters in neighbouring cells of one row, the first on the left: the usual picture."""
    (ax, ay), (bx, by) = shown.sides[0].cell, shown.sides[1].cell
    return ay == by and bx - ax == 1


def draw_map(dwg, shown: Scene, lang: str, drew: Callable[[str], None] = lambda key: None) -> None:
    """Two cells side by side (a 1 m grid), a token per fighter with its facing, the distance between them (each
    mark named to the legend by `drew`)."""
    if not side_by_side(shown):  # M22: a pass moved a fighter elsewhere on the grid
        draw_cells(dwg, shown, lang, drew)
        return
    room = token_x(0) - 70 - 16  # beside a cell, up to the frame's edge
    for k, s in enumerate(shown.sides):
        x0 = WIDTH / 2 - CELL + k * CELL
        dwg.add(dwg.rect((x0, MAP_Y), (CELL, CELL), fill="#f7f7f2", stroke=S.FAINT, stroke_width=1.5))
        cx, cy = token_x(k), MAP_Y + CELL / 2
        ry = 16 if s.stance == "lying" else 30
        fill = "#bdbdbd" if s.status in ("dead", "unconscious") else s.color
        if fill != s.color:
            drew("out")
        dwg.add(dwg.ellipse((cx, cy), (30, ry), fill=fill, stroke=S.INK, stroke_width=3 if s.holder else 1.5))
        dx = {"E": 1, "W": -1}.get(s.facing, 0)
        dy = {"S": 1, "N": -1}.get(s.facing, 0)
        dwg.add(dwg.line((cx + dx * 30, cy + dy * ry), (cx + dx * 44, cy + dy * (ry + 14)), stroke=S.INK,
                         stroke_width=4))
        S.label(dwg, dwg, s.id, (cx, cy + 5), size=14, bold=True, anchor="middle", fill=S.PAPER)
        if s.holder:
            S.label(dwg, dwg, "★", (cx, MAP_Y + 18), size=16, anchor="middle", fill=S.HIGHLIGHT)
            drew("holder")
    S.label(dwg, dwg, tr(lang, f"дистанция: {shown.distance}", f"distance: {shown.distance}")
            + (f" · {shown.hold}" if shown.hold else ""), (WIDTH / 2, MAP_Y + CELL + 18), size=13, bold=True,
            anchor="middle")
    if shown.hold:  # wrestling: the bodies in contact
        dwg.add(dwg.line((token_x(0) + 30, MAP_Y + CELL / 2), (token_x(1) - 30, MAP_Y + CELL / 2), stroke=S.INK,
                         stroke_width=6, stroke_dasharray="4,3"))
        drew("hold")
    ids = [s.id for s in shown.sides]
    for n, (a, b, text) in enumerate(shown.arrows):
        ka = ids.index(a)
        y = MAP_Y + 20 + 22 * n
        if a == b:  # a defence: its label beside the defender's cell
            S.label(dwg, dwg, S.fit(tr(lang, "защита: ", "defence: ") + text, 12, room),
                    (token_x(ka) + (70 if ka else -70), y), size=12, anchor="start" if ka else "end",
                    fill=shown.sides[ka].color)
            continue
        kb = ids.index(b)
        start, end = token_x(ka) + (32 if kb > ka else -32), token_x(kb) + (-32 if kb > ka else 32)
        S.arrow(dwg, dwg, (start, y), (end, y), color=shown.sides[ka].color, width=2.5)
        drew("attack")
        S.label(dwg, dwg, S.fit(text, 12, room), (token_x(ka) + (-70 if kb > ka else 70), y + 4), size=12,
                anchor="end" if kb > ka else "start", fill=shown.sides[ka].color)


def draw_cells(dwg, shown: Scene, lang: str, drew: Callable[[str], None] = lambda key: None) -> None:
    """The fighters' cells where they stand on the 1 m grid (after a pass, M22), scaled to the map's band, each with
    its coordinates; the declared attacks as arrows from token to token."""
    xs, ys = [s.cell[0] for s in shown.sides], [s.cell[1] for s in shown.sides]
    size = min(CELL / (max(ys) - min(ys) + 1), (WIDTH - 240) / (max(xs) - min(xs) + 1), CELL)
    left = WIDTH / 2 - (max(xs) - min(xs) + 1) * size / 2
    scale = size / CELL
    centres = [(left + (s.cell[0] - min(xs) + 0.5) * size, MAP_Y + (s.cell[1] - min(ys) + 0.5) * size)
               for s in shown.sides]
    for gx in range(max(xs) - min(xs) + 1):  # the grid between them, faint
        for gy in range(max(ys) - min(ys) + 1):
            dwg.add(dwg.rect((left + gx * size, MAP_Y + gy * size), (size, size), fill="none", stroke=S.FAINT,
                             stroke_width=0.75))
    for s, (cx, cy) in zip(shown.sides, centres, strict=True):
        dwg.add(dwg.rect((cx - size / 2, cy - size / 2), (size, size), fill="#f7f7f2", stroke=S.FAINT,
                         stroke_width=1.5))
        rx, ry = 30 * scale, (16 if s.stance == "lying" else 30) * scale
        fill = "#bdbdbd" if s.status in ("dead", "unconscious") else s.color
        if fill != s.color:
            drew("out")
        dwg.add(dwg.ellipse((cx, cy), (rx, ry), fill=fill, stroke=S.INK, stroke_width=3 if s.holder else 1.5))
        dx, dy = {"E": 1, "W": -1}.get(s.facing, 0), {"S": 1, "N": -1}.get(s.facing, 0)
        dwg.add(dwg.line((cx + dx * rx, cy + dy * ry), (cx + dx * (rx + 14 * scale), cy + dy * (ry + 14 * scale)),
                         stroke=S.INK, stroke_width=4 * scale))
        S.label(dwg, dwg, s.id, (cx, cy + 5), size=max(9, round(14 * scale)), bold=True, anchor="middle",
                fill=S.PAPER)
        if s.holder:  # the star above the token, as in the usual picture
            S.label(dwg, dwg, "★", (cx, cy - ry - 4), size=16, anchor="middle", fill=S.HIGHLIGHT)
            drew("holder")
        S.label(dwg, dwg, f"({s.cell[0]}, {s.cell[1]})", (cx + size / 2 + 4, cy + 4), size=11, anchor="start")
    S.label(dwg, dwg, tr(lang, f"дистанция: {shown.distance}", f"distance: {shown.distance}")
            + (f" · {shown.hold}" if shown.hold else ""), (WIDTH / 2, MAP_Y + CELL + 18), size=13, bold=True,
            anchor="middle")
    ids = [s.id for s in shown.sides]
    for n, (a, b, text) in enumerate(shown.arrows):
        ka = ids.index(a)
        (ax, ay) = centres[ka]
        if a == b:  # a defence: its label beside the defender's cell
            S.label(dwg, dwg, tr(lang, "защита: ", "defence: ") + text, (ax - size / 2 - 8, ay + 16 * n), size=12,
                    anchor="end", fill=shown.sides[ka].color)
            continue
        bx, by = centres[ids.index(b)]
        S.arrow(dwg, dwg, (ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3), (ax + (bx - ax) * 0.7, ay + (by - ay) * 0.7),
                color=shown.sides[ka].color, width=2.5)
        drew("attack")
        S.label(dwg, dwg, text, ((ax + bx) / 2, (ay + by) / 2 - 10 - 14 * n), size=12, anchor="middle",
                fill=shown.sides[ka].color)


def draw_panel(dwg, s: Side, x: float, lang: str, drew: Callable[[str], None] = lambda key: None) -> None:
    y = PANEL_Y
    dwg.add(dwg.rect((x, y), (PANEL_W, PANEL_H), fill=S.PAPER, stroke=s.color, stroke_width=2, rx=6))
    star = " ★" if s.holder else ""
    status = words.pick(words.STATUS_NAMES.get(s.status, (s.status, s.status)), lang)
    stance = words.pick(words.STANCE_NAMES.get(s.stance, (s.stance, s.stance)), lang)
    said = f"{status}, {stance}"
    room = PANEL_W - 24 - S.text_width(said, 13) - 12 - S.text_width(star, 15, bold=True)
    S.label(dwg, dwg, S.fit(f"{s.id} · {s.name}", 15, room, bold=True) + star, (x + 12, y + 22), size=15, bold=True,
            fill=s.color)
    S.label(dwg, dwg, said, (x + PANEL_W - 12, y + 22), size=13, anchor="end")
    p = s.pool
    for n, (name, cap, spent, locked, avail) in enumerate((
            (tr(lang, "Рефлекс", "Reflex"), p["reflex"], p["spent"]["reflex"], p["locked"]["reflex"], p["avail_R"]),
            (tr(lang, f"Навык ({words.skill_name(p['skill_id'], 'ru')})", f"Skill ({p['skill_id']})"), p["skill"],
             p["spent"]["skill"],
             p["locked"]["skill"], p["avail_S"]))):
        row = y + 46 + 30 * n
        S.label(dwg, dwg, name, (x + 12, row + 13), size=13)
        S.bar(dwg, dwg, x + 130, row, 160, 16, avail, cap, hi=max(cap, 10))
        if avail > 0:
            drew("available")
        if avail < 0:
            drew("below_zero")
        S.label(dwg, dwg, tr(lang, f"{avail}/{cap} (потр. {spent}, закр. {locked})",
                             f"{avail}/{cap} (spent {spent}, locked {locked})"), (x + 298, row + 13), size=11)
    track = tr(lang, f"усталость {s.fatigue} · боль {s.pain} · шок {s.shock} · кровотечение {s.bleeding} "
                     f"(потеря {s.blood_loss})",
               f"fatigue {s.fatigue} · pain {s.pain} · shock {s.shock} · bleeding {s.bleeding} (lost {s.blood_loss})")
    S.label(dwg, dwg, track, (x + 12, y + 122), size=12)
    S.label(dwg, dwg, s.weapon + (f" · {s.shield}" if s.shield else ""), (x + 12, y + 142), size=12)
    draw_body(dwg, s, x + 14, y + 156, drew)
    wounds = list(s.wounds[:4] or (tr(lang, "ран нет", "no wounds"),))
    width = PANEL_W - 120 - 10
    for n, line in enumerate(wounds):
        S.label(dwg, dwg, S.fit(line, 12, width), (x + 120, y + 170 + 18 * n), size=12)
    for n, line in enumerate(s.effects[:7 - len(wounds)]):
        S.label(dwg, dwg, S.fit("• " + line, 12, width), (x + 120, y + 170 + 18 * (len(wounds) + n)), size=12,
                fill=S.INK)


def draw_body(dwg, s: Side, x: float, y: float, drew: Callable[[str], None] = lambda key: None) -> None:
    """The small body map: each declared zone shaded by its worst wound level."""
    for zone, (zx, zy, w, h) in ZONE_BOXES.items():
        level = s.zones.get(zone, 0)
        if level:
            drew(f"wound:{level}")
        dwg.add(dwg.rect((x + zx, y + zy), (w, h), fill=LEVEL_FILL[level], stroke=S.INK, stroke_width=1, rx=3))
        if level:
            S.label(dwg, dwg, str(level), (x + zx + w / 2, y + zy + h / 2 + 4), size=11, bold=True,
                    anchor="middle", fill=S.PAPER if level >= 4 else S.INK)


def legend_items(lang: str) -> S.Legend[S.Swatch]:
    """Every entry the legend may have, keyed by the mark it names (`draw_map`, `draw_panel` and `draw_body` say
    which they drew), each drawn as the board draws it: the initiative holder's thick outline under an orange ★, the
    declared attacks in both fighters' colours facing each other, the wrestlers' heavy dashed line."""
    return S.Legend([
        ("holder", S.Swatch(tr(lang, "ход инициативы ★", "initiative ★"), fill=S.PAPER, stroke=S.INK, width=3,
                            text="★", ink=S.HIGHLIGHT)),
        ("attack", S.Swatch(tr(lang, "заявленная атака", "declared attack"), kind="arrow", colors=S.SIDES,
                            facing=True)),
        ("hold", S.Swatch(tr(lang, "борьба: захват", "wrestling hold"), kind="dash", stroke=S.INK, width=6)),
        ("out", S.Swatch(tr(lang, "вне боя", "out of the fight"), fill="#bdbdbd")),
        *((f"wound:{n}", S.Swatch(tr(lang, f"рана ур. {n}", f"wound level {n}"), fill=LEVEL_FILL[n]))
          for n in range(1, 6)),
        ("available", S.Swatch(tr(lang, "доступно из предела", "available of cap"), fill=S.GREEN)),
        ("below_zero", S.Swatch(tr(lang, "ниже нуля", "below zero"), fill="#fbe3d6", stroke=S.BAD,
                                hatch="diagonal")),
    ])
