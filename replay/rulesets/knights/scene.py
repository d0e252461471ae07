"""What the knights' frame shows at (turn, step), as plain data: `scene(view, lang)` -> `Scene`; frame.py draws it.

The scene holds the title, the caption ("Ход N · шаг k/K"), the event line, the legend's entries and the `<desc>`
text, and what is drawn besides the state: this turn's movements (start and end centre points in F), the ghosts where
this step's movers stood, the rams with their outcome and numbers at the contact point, the wrecks of knights fallen
this turn, the knights and Limits the current step concerns. Payloads are read through `events.py`.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass, field
from typing import Any

from eventlog.envelope import Event
from replay.render import ru
from replay.render.svg import Legend, caption_text
from replay.render.text import pick, tr
from replay.ruleset import FrameView
from replay.rulesets.knights import derive
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.events import EVENTS, Resolution, trusted
from replay.rulesets.knights.model import Knight, Pose, State, kit_functions
from replay.rulesets.knights.post import said, step_text
from replay.rulesets.knights.words import (
    ARROW,
    COMPASS,
    DOMAIN,
    EDGE,
    FUNCTION,
    OATH,
    ROLE,
    fallen,
    location_word,
    name,
    name_as,
    point,
    word,
)

SIZE = g.SIZE
LIMIT_KINDS = ("water", "forest", "rock")

@dataclass
class Mover:
    """A movement drawn on the field: start and end centre points (F), the knight, and how it moved."""

    knight: str
    points: list[tuple[float, float]]
    induced: bool = False
    current: bool = False
    outflank: bool = False
    loyal: bool = False


@dataclass
class RamMark:
    """A ram of the turn: a star at the contact point (F) with its outcome and its two numbers."""

    n: int
    point: tuple[float, float]
    outcome: str
    impetus: Any
    resistance: Any
    attacker: str
    target: str
    current: bool


@dataclass(frozen=True)
class Key:
    """A legend entry: its words and its mark (`kind`; a Limit's entry names its type in `limit`)."""

    label: str
    kind: str
    limit: str | None = None


@dataclass
class Scene:
    """What the frame shows besides the state it draws: its words, the legend, and this turn's paths, ghosts, rams,
    highlighted knights and Limits."""

    title: str = ""
    caption: str = ""
    """ "Ход N · шаг k/K"."""
    event_line: str = ""
    """The caption and what this step did, in words."""
    desc: str = ""
    """The plain-text picture for the SVG's `<desc>`."""
    legend: Legend[Key] = field(default_factory=lambda: Legend([]))
    """Every entry the legend may have, keyed by its mark; the frame says which marks it drew (`Legend.drew`)."""
    current: bool = False
    """A resolution step is shown (not the inputs alone, the field before setup or a ruling)."""
    numbers: dict[str, int] = field(default_factory=dict)
    """knight id -> its number on the frame."""
    movers: list[Mover] = field(default_factory=list)
    ghosts: list[tuple[str, Pose, bool]] = field(default_factory=list)
    """(knight, pose, current): a dashed outline where a knight stood."""
    rams: list[RamMark] = field(default_factory=list)
    lit: set[str] = field(default_factory=set)
    lit_limits: set[str] = field(default_factory=set)
    wrecks: dict[str, Pose] = field(default_factory=dict)
    """Knights fallen this turn, at their last pose."""
    exits: dict[str, Pose] = field(default_factory=dict)
    """Knights that left the field this turn: where they crossed."""
    loyal: list[tuple[str, Pose]] = field(default_factory=list)


def current(view: FrameView) -> Event | None:
    """The event of the current step (None at step 0)."""
    if view.step == 0 or not view.events:
        return None
    last = view.events[-1]
    return None if last.is_input else last


def _pose(d: Any) -> Pose | None:
    try:
        return Pose.of(d) if isinstance(d, dict) else None
    except (KeyError, TypeError, ValueError):
        return None


def _c(d: Any) -> tuple[float, float] | None:
    p = _pose(d)
    return None if p is None else (p.x, p.y)


def scene(view: FrameView, lang: str = "ru") -> Scene:
    """What the frame of (turn, step) shows."""
    lang = "ru" if lang == "ru" else "en"
    state: State = view.state
    now = current(view)
    nums = numbers(state)
    sc = Scene(title_text(state, lang), caption_text(view, lang), event_line(view, now, state, lang),
               desc(view, now, nums, lang), legend_items(state, lang), now is not None, nums)
    return collect(view, now, sc)


def collect(view: FrameView, now: Event | None, sc: Scene) -> Scene:
    """This turn's movements, rams and the knights the current step concerns, into `sc`."""
    last_pose: dict[str, Pose] = {}
    for e in view.events:
        if e.is_input:
            continue
        if e.type not in EVENTS or not isinstance(e.payload, dict):
            continue  # a ruling itself: its asserted events follow as steps of their own
        step = trusted(e.type, e.payload)
        with contextlib.suppress(KeyError, TypeError, ValueError, IndexError, AttributeError):
            _collect(sc, e.type, step, e is now, last_pose)  # a GM ruling's bare payload draws what the state says
        for kid, ch in (step.knights or {}).items():
            if isinstance(ch, dict) and ch.get("pose"):
                pose = _pose(ch["pose"])
                if pose is not None:
                    last_pose[kid] = pose
    for k in view.state.knights:
        if k.location == "fallen" and k.id in last_pose:
            sc.wrecks[k.id] = last_pose[k.id]
    return sc


def _collect(sc: Scene, kind: str, ev: Any, is_now: bool, last_pose: dict[str, Pose]) -> None:
    if kind == "knights.move":
        kid = ev.knight
        pts: list[tuple[float, float]] = []
        out = False
        for seg in said(ev, "path") or []:
            if seg.get("kind") == "move":
                a = _c(seg.get("from"))
                if a is not None and not pts:
                    pts.append(a)
                if seg.get("result") == "outflank":
                    ex = _pose(seg.get("exit"))
                    if ex is not None:
                        pts.append((ex.x, ex.y))
                        sc.exits[kid] = ex
                    out = True
                else:
                    c = _c(seg.get("to"))
                    if c is not None:
                        pts.append(c)
            elif seg.get("kind") == "rotate" and seg.get("result") == "outflank":
                start = _pose(said(ev, "start"))
                if start is not None:
                    sc.exits[kid] = Pose(start.x, start.y, int(seg.get("to", start.f)))
                out = True
        if len(pts) >= 2 and pts[0] != pts[-1]:
            sc.movers.append(Mover(kid, pts, current=is_now, outflank=out))
        if is_now:
            sc.lit.add(kid)
            start = _pose(said(ev, "start"))
            if start is not None:
                sc.ghosts.append((kid, start, True))
            for c in (said(ev, "collision") or {}).get("candidates") or []:
                sc.lit.add(c)
    elif kind == "knights.ram":
        a_state, t_state = said(ev, "attacker_state") or {}, said(ev, "target_state") or {}
        ap, tp = _pose(a_state.get("pose")), _pose(t_state.get("pose"))
        if ap is not None and tp is not None:
            last_pose[ev.attacker], last_pose[ev.target] = ap, tp
            impetus, resistance = said(ev, "impetus") or {}, said(ev, "resistance") or {}
            sc.rams.append(RamMark(int(said(ev, "n", 0)), contact_point(ap, tp), str(said(ev, "outcome")),
                                   impetus.get("value"), resistance.get("value"), ev.attacker, ev.target, is_now))
            if is_now:
                sc.ghosts += [(ev.attacker, ap, True), (ev.target, tp, True)]
        for eff in said(ev, "effects") or []:
            moves = eff.get("moves") if eff.get("kind") == "sidestep" else [eff] if eff.get("kind") == "push" else []
            pts = []
            out = False
            for m in moves or []:
                a = _c(m.get("from"))
                if a is not None and not pts:
                    pts.append(a)
                b = _c(m.get("to"))
                if b is not None:
                    pts.append(b)
                elif m.get("result") == "outflank" and a is not None:
                    out = True
                    pts.append(_nudge(a, m.get("dir"), eff.get("distance", 2)))
            if len(pts) >= 2 and pts[0] != pts[-1]:
                sc.movers.append(Mover(eff["knight"], pts, induced=True, current=is_now, outflank=out))
            end = _pose(((moves or [{}])[-1] or {}).get("to"))
            if end is not None:
                last_pose[eff["knight"]] = end
            if out and pts:
                f = last_pose.get(eff["knight"])
                sc.exits[eff["knight"]] = Pose(pts[-1][0], pts[-1][1], f.f if f else 0)
        if is_now:
            sc.lit |= {ev.attacker, ev.target}
    elif kind == "knights.take_the_blow":
        loyal, ally = ev.loyal, ev.ally
        start = last_pose.get(loyal)
        s1, s3 = _pose(said(ev, "step1")), _pose(said(ev, "step3"))
        pts = [(q.x, q.y) for q in (start, s1, s3) if q is not None]
        if len(pts) >= 2:
            sc.movers.append(Mover(loyal, pts, induced=True, current=is_now, loyal=True))
        step2 = said(ev, "step2") or {}
        # the ally stood where the loyal knight ends when the rule placed it there (K47)
        a0 = last_pose.get(ally) or (s3 if said(ev, "placed_by") == "rule" else None)
        a1 = _pose(step2.get("ally_to"))
        if a0 is not None and a1 is not None:
            sc.movers.append(Mover(ally, [(a0.x, a0.y), (a1.x, a1.y)], induced=True, current=is_now))
        if is_now:
            sc.lit |= {loyal, ally}
            if start is not None:
                sc.ghosts.append((loyal, start, True))
            if s1 is not None and s3 is not None and (s1.x, s1.y) != (s3.x, s3.y):
                sc.ghosts.append((loyal, s1, True))
            if a0 is not None:
                sc.ghosts.append((ally, a0, True))
            sc.loyal.append((loyal, s3 or s1 or start))
    elif kind == "knights.limits" and is_now:
        sc.lit_limits |= {x.get("id") for x in said(ev, "limits") or []}
        sc.lit.add(said(ev, "knight"))
    elif is_now:
        sc.lit |= _concerned(kind, ev)


def _concerned(kind: str, ev: Resolution) -> set[str]:
    """The knights a step of another kind concerns (highlighted while it is the current step)."""
    if kind == "knights.reveal":
        return set(ev.acting or [])
    if kind == "knights.queue":
        return {x.get("knight") for x in said(ev, "order") or []}
    who = said(ev, "carrier") if kind == "knights.lady" else said(ev, "knight")
    return {who} if who else set()


def _nudge(a: tuple[float, float], d: Any, distance: Any) -> tuple[float, float]:
    """Where a push off the field heads: the start moved `distance` F in its direction."""
    names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    k = names.index(d) if d in names else 0
    dx, dy = g.DIRS[k]
    n = math.hypot(dx, dy)
    dist = float(distance or 2)
    return a[0] + dx / n * dist, a[1] + dy / n * dist


def contact_point(a: Pose, t: Pose) -> tuple[float, float]:
    """The middle of where two touching triangles meet (F), from the ram's snapshot poses."""
    pa, pt_ = g.triangle(a.x, a.y, a.f), g.triangle(t.x, t.y, t.f)
    gap = g.dist(pa, pt_)
    near: list[tuple[float, float]] = []
    for poly, other in ((pa, pt_), (pt_, pa)):
        for (x1, y1), (x2, y2) in g.edges(poly):
            for k in range(33):
                q = (x1 + (x2 - x1) * k / 32, y1 + (y2 - y1) * k / 32)
                if _point_poly_dist(q, other) <= gap + 0.02:
                    near.append(q)
    if not near:
        return (a.x + t.x) / 2, (a.y + t.y) / 2
    return sum(q[0] for q in near) / len(near), sum(q[1] for q in near) / len(near)


def _point_poly_dist(q: tuple[float, float], poly: g.Poly) -> float:
    if g.contains(poly, q):
        return 0.0
    return min(g.point_segment_dist(q, a, b) for a, b in g.edges(poly))


def numbers(state: State) -> dict[str, int]:
    """knight id -> its number on the frame: 1–3 the first lance, 4–6 the second."""
    out = {}
    for lance in state.lances:
        for kid in lance.knights:
            out[kid] = len(out) + 1
    return out


def where_line(state: State, k: Knight, lang: str) -> str:
    if k.location == "field" and k.pose is not None:
        p = k.pose
        text = f"{point({'x': p.x, 'y': p.y}, lang)} {ARROW[p.f]} {COMPASS[0 if lang == 'ru' else 1][p.f]}"
    elif k.location == "fallen":
        text = "☠ " + fallen(state, k.id, lang)
    else:
        text = location_word(state, k.id, k.location, lang)
    for lady in state.ladies:
        if lady.carrier == k.id:
            hers = "своя Леди" if lady.her_knight == k.id else f"Леди {name_as(state, lady.her_knight, 'gent', lang)}"
            text += tr(lang, f"  ♛ {hers}",
                       f"  ♛ {name(state, lady.her_knight)}'s Lady")
    return text


def legend_items(state: State, lang: str) -> Legend[Key]:
    """Every entry the legend may have, keyed by the mark it names (a Limit's by `limit:<type>`), in the order they
    are listed; the frame names each mark where it draws it, and the legend shows those alone."""
    def key(kind: str, ru_: str, en: str) -> tuple[str, Key]:
        return kind, Key(tr(lang, ru_, en), kind)

    items = [
        key("knight", "Рыцарь: номер, кант Лэнса (● / ■)", "knight: number, lance edge colour (● / ■)"),
        key("parts", "точка — Фронт, жирное основание — Тыл", "dot: Front, heavy base: Rear"),
        key("ring", "точки вокруг номера — Функции (Масса), ○ — повреждена",
            "dots round the number: functions (mass), ○ damaged"),
        key("chevrons", "шевроны — Разгон (0–3)", "chevrons: accel (0–3)"),
        key("speed", "тёмная плашка на Тылу — Скорость", "dark tag on the Rear: speed"),
        key("lady", "Леди (жетон / несут)", "Lady (token / carried)"),
        key("wreck", "пал в этом ходу", "fallen this turn"),
        key("exit", "где ушёл в Аутфланк", "where it left for the Outflank"),
        key("edge", "край Лэнса", "a lance's edge"),
        key("deploy", "полоса расстановки", "deployment strip"),
    ]
    words = {"water": ("Водный Предел", "water Limit"), "forest": ("Лесной Предел", "forest Limit"),
             "rock": ("Скальный Предел", "rock Limit")}
    for kind in LIMIT_KINDS:
        items.append((f"limit:{kind}", Key(pick(words[kind], lang), "box", kind)))
    items += [
        key("arrow", "ход этого шага", "this step's move"),
        key("faint", "ранее в ходу", "earlier this turn"),
        key("dashed", "смещение от Тарана", "moved by a ram"),
        key("loyal", "путь принявшего удар за товарища", "path of the knight taking the blow"),
        key("ghost", "где стоял", "where it stood"),
        key("ram", "Таран", "ram"),
        key("current", "текущий шаг", "current step"),
    ]
    return Legend(items)


def title_text(state: State, lang: str) -> str:
    a, b_ = (lance.name for lance in state.lances)
    return tr(lang, f"Рыцари: {ru.versus(a, b_, person=False)}", f"Knights: {a} vs {b_}")


def event_line(view: FrameView, now: Event | None, before: State, lang: str) -> str:
    """ "Ход N · шаг k/K: what this step did"."""
    head = caption_text(view, lang) + ": "
    if now is None:
        if view.step == 0:
            if view.turn == 0:
                return head + tr(lang, "поле перед расстановкой.", "the field before setup.")
            return head + tr(lang, "заявки приняты, ход ещё не исполнен.",
                             "orders are in; the turn is not resolved yet.")
        return head + tr(lang, "решение ГМ.", "a GM ruling.")
    return head + step_text(now, before, lang)


def ascii_map(state: State, nums: dict[str, int]) -> list[str]:
    """The field as 24 lines of characters: . open, ~ water, " forest, ^ rock, L a Lady, 1–6 knights."""
    grid = [["." for _ in range(SIZE)] for _ in range(SIZE)]
    marks = {"forest": '"', "water": "~", "rock": "^"}
    for kind in ("forest", "water", "rock"):
        for limit in state.limits:
            if limit.type != kind:
                continue
            x0, y0, x1, y1 = limit.rect
            for i in range(max(0, x0), min(SIZE, x1)):
                for j in range(max(0, y0), min(SIZE, y1)):
                    grid[j][i] = marks[kind]
    for lady in state.ladies:
        if lady.cell is not None and lady.carrier is None and 0 <= lady.cell[0] < SIZE and 0 <= lady.cell[1] < SIZE:
            grid[lady.cell[1]][lady.cell[0]] = "L"
    for k in state.knights:
        if k.location == "field" and k.pose is not None:
            ux, uy = g.unit(k.pose.f)
            i = math.floor(k.pose.x - 0.382 * ux)
            j = math.floor(k.pose.y - 0.382 * uy)
            if 0 <= i < SIZE and 0 <= j < SIZE:
                grid[j][i] = str(nums.get(k.id, "?"))[-1]
    head = "    " + "".join(str(i // 10) if i % 10 == 0 and i else " " for i in range(SIZE))
    head2 = "    " + "".join(str(i % 10) for i in range(SIZE))
    return [head, head2] + [f"{j:>3} " + "".join(row) for j, row in enumerate(grid)]


def desc(view: FrameView, now: Event | None, nums: dict[str, int], lang: str) -> str:
    """A plain-text picture of the frame (the SVG's `<desc>`)."""
    state = view.state
    lines = [caption_text(view, lang) + " — " + title_text(state, lang), event_line(view, now, state, lang)]
    for lance in state.lances:
        role = word(ROLE, lance.role, lang) if lance.role else "—"
        edge = word(EDGE, lance.edge, lang) if lance.edge else "—"
        lines.append(f"{lance.name} ({lance.player}): {role}, {edge}, "
                     + tr(lang, f"Честь {derive.lance_honor(state, lance.player)}",
                          f"honour {derive.lance_honor(state, lance.player)}"))
        for kid in lance.knights:
            k = state.knight(kid)
            lost = [pick(FUNCTION[f], lang) for f in kit_functions() if f in k.damaged]
            speed, mass = derive.speed(state, k), derive.mass(state, k)
            lines.append(f"  {nums.get(kid)} {k.name} [{k.heraldry}] — {word(DOMAIN, k.domain, lang)}, "
                         f"{word(OATH, k.oath, lang)}; " + where_line(state, k, lang) + "; "
                         + tr(lang, f"Разгон {k.accel}, Скорость {speed}, Масса {mass}, Честь {k.honor}",
                              f"accel {k.accel}, speed {speed}, mass {mass}, honour {k.honor}")
                         + (tr(lang, "; повреждено: ", "; damaged: ") + ", ".join(lost) if lost else ""))
    if state.limits:
        lines.append(tr(lang, "Пределы: ", "Limits: ") + "; ".join(
            f"{word(DOMAIN, x.type, lang)} ({x.rect[0]},{x.rect[1]})–({x.rect[2]},{x.rect[3]})" for x in state.limits))
    lines += ascii_map(state, nums)
    lines.append(tr(lang, "Обозначения: . поле, ~ вода, \" лес, ^ скала, L Леди, цифра — Рыцарь (клетка его номера).",
                    "Key: . open, ~ water, \" forest, ^ rock, L a Lady, a digit: a knight (the cell of its number)."))
    return "\n".join(lines)

