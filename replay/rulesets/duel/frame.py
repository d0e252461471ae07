"""The duel's frame: both duelists and their stacks side by side at (turn, step), as SVG.

Each duelist has an info panel (name, traits, status, advantage, stamina bar, wound penalty, damage this turn,
stake, rolls with rerolls struck through and the final one boxed, success or failure) beside a column of stack
slots 1–6 ("желательно в столбик"), plus the extra positions 7 (Контроль дистанции) and 8 (Непробиваемая
защита) for duelists with those traits. The strikes and counter-attacks of the turn so far are arrows between
the two columns; the current step's arrow is thick and the slots it involves are outlined. A line under the
columns says in words what the current step did. Layout is fixed, so frames of one game line up.

`scene(view)` is what the frame shows, as plain data (the sides, their slots, the arrows, the event line, the
`<desc>` text); the `draw_*` functions only lay it out with svgwrite. Payloads are read through their typed classes
(`events.py`, without pydantic).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import svgwrite

from eventlog.envelope import Event
from replay.render import svg as S
from replay.render.svg import caption_text
from replay.render.text import pick, signed, tr
from replay.ruleset import FrameView
from replay.rulesets.duel.events import Counter, EndOfTurn, Flip, Resolution, Reveal, RevealSide, Strike, of
from replay.rulesets.duel.model import DC_POSITION, ID_POSITION, THRESHOLD, DuelState
from replay.rulesets.duel.post import roll_line, step_text
from replay.rulesets.duel.words import (
    EXTRA,
    STAKE,
    item_name,
    names,
    stake_name,
    status_name,
    traits_text,
    versus,
    wound_name,
)

WIDTH = 900
EVENT_LINES = 3
"""Lines the event box always holds, so that every frame of a game has the same size."""
TOP = S.BAND + 16
SLOT_W, SLOT_H, SLOT_GAP = 120, 30, 6
PANEL_W = 260
PANEL_X = (16, WIDTH - 16 - PANEL_W)
COLUMN_X = (292, WIDTH - 292 - SLOT_W)
TINT = {
    "attack": "#F6C7A6",
    "defense": "#A9CFEA",
    "initiative": "#F5EEA0",
    "feint": "#EBC3DA",
    "counter": "#F5D68F",
    "rest": "#A8DCCB",
}
"""Pale Okabe-Ito tints per item; the slot also names the item, so print in grey loses nothing."""
STATUS_COLOR = {"active": S.GREEN, "incapacitated": S.ORANGE, "dead": S.VERMILLION}
R = TypeVar("R", bound=Resolution)


# --- the scene: what the frame shows (plain data) --------------------------------------------------------------------

@dataclass(frozen=True)
class Side:
    """What the frame shows of one duelist at this step."""

    id: str
    stack: tuple[str, ...]
    obtained: dict[int, str]
    eaten: frozenset[int]
    neutralized: frozenset[int]
    lost: frozenset[int]
    reveal: RevealSide | None
    rolls: tuple[dict[str, Any], ...]
    """The rolls as the state's trace holds them (value, stake, cost), or as recorded before the reveal."""
    damage: int
    flipped: bool


@dataclass(frozen=True)
class Slot:
    """One stack position as the frame shows it."""

    pos: int
    item: str | None
    """The item obtained or written there; None when nothing is written (yet)."""
    look: str
    """ "empty", "declared" (written, not obtained), "eaten", "lost" (by a flip) or "obtained"."""
    feinted: bool
    """An obtained item (a defense) put out by a feint."""
    glow: bool
    """The current step acts with it."""


@dataclass(frozen=True)
class Arrow:
    """A strike or counter-attack of the turn so far, from the side at `k` (0 left, 1 right)."""

    k: int
    kind: str
    """ "strike" or "counter"."""
    damage: int
    current: bool


@dataclass(frozen=True)
class Scene:
    """Everything the frame shows at (turn, step), as data: the drawing only lays it out."""

    title: str
    caption: str
    sides: tuple[Side, ...]
    columns: tuple[tuple[Slot, ...], ...]
    """Per side: positions 1-6, then the extra positions its traits grant."""
    extras: tuple[tuple[int, ...], ...]
    """Per side: the extra positions (7 Контроль дистанции, 8 Непробиваемая защита) it has."""
    arrows: tuple[Arrow, ...]
    event_line: str
    current: bool
    """A resolution step is shown (not the inputs alone or a ruling)."""
    desc: str


def slot_y(pos: int, extras: tuple[int, ...] = (DC_POSITION, ID_POSITION)) -> float:
    """Top of a stack slot; the extra positions a duelist has sit in order under a gap."""
    row = pos if pos <= 6 else 7 + (extras.index(pos) if pos in extras else pos - 7)
    return TOP + 8 + (row - 1) * (SLOT_H + SLOT_GAP) + (14 if pos > 6 else 0)


def first_of(events: tuple[Event, ...], kind: type[R]) -> R | None:
    """The turn's first resolution of a class, typed."""
    found = next((e for e in events if e.type == kind.type), None)
    return None if found is None else kind.trusted(found.payload)


def sides(view: FrameView) -> list[Side]:
    """Both duelists as the frame shows them: from the turn's trace once revealed, else from the inputs."""
    state: DuelState = view.state
    reveal = first_of(view.events, Reveal)
    trace = state.trace if state.trace is not None and state.trace.turn == view.turn and reveal else None
    lost: dict[str, set[int]] = {d: set() for d in state.ids}
    for step in map(of, view.events):
        if isinstance(step, Flip) and step.flipped:
            lost[step.duelist].update(p for p, _ in step.lost)
    out = []
    for d in state.ids:
        if trace is not None and reveal is not None:
            t, r = trace.sides[d], reveal.sides.get(d)
            out.append(Side(d, t.working or t.declared, dict(t.obtained), frozenset(t.eaten),
                            frozenset(t.neutralized), frozenset(lost[d]), r, tuple(t.rolls), t.damage, t.flipped))
            continue
        order = next((e.payload for e in reversed(view.events) if e.type == "order" and e.actor == d), {})
        rolls = tuple({"value": e.payload.get("total"), "stake": e.payload.get("stake", order.get("stake", "high")),
                       "cost": 0} for e in view.events if e.type == "roll" and e.actor == d)
        out.append(Side(d, tuple(order.get("stack", ())), {}, frozenset(), frozenset(), frozenset(), None, rolls,
                        0, False))
    return out


def current(view: FrameView) -> Event | None:
    """The event of the current step (None at step 0)."""
    if view.step == 0 or not view.events:
        return None
    last = view.events[-1]
    return None if last.is_input else last


def slots(side: Side, extras: tuple[int, ...], glow: set[int]) -> tuple[Slot, ...]:
    """A duelist's positions 1-6 and extras: obtained, not obtained, eaten, feinted or lost by a flip."""
    out = []
    for pos in (*range(1, 7), *extras):
        item = side.obtained.get(pos) or (side.stack[pos - 1] if pos <= len(side.stack) else None)
        look = ("empty" if item is None else "eaten" if pos in side.eaten else "lost" if pos in side.lost
                else "obtained" if pos in side.obtained else "declared")
        out.append(Slot(pos, item, look, pos in side.neutralized and pos in side.obtained, pos in glow))
    return tuple(out)


def arrows(view: FrameView, ss: list[Side], now: Event | None) -> tuple[Arrow, ...]:
    """The strikes and counter-attacks so far (a cancelled counter has none)."""
    index = {s.id: k for k, s in enumerate(ss)}
    out = []
    for e in view.events:
        step = of(e)
        if isinstance(step, Strike):
            out.append(Arrow(index[step.attacker], "strike", step.damage, e is now))
        elif isinstance(step, Counter) and not step.cancelled:
            out.append(Arrow(index[step.attacker], "counter", step.damage, e is now))
    return tuple(out)


def scene(view: FrameView, lang: str = "ru") -> Scene:
    """What the frame of (turn, step) shows."""
    lang = "ru" if lang == "ru" else "en"
    ss = sides(view)
    now = current(view)
    lit = glow(now, ss)
    extras = tuple(tuple(extra_positions(view.state, side.id)) for side in ss)
    columns = tuple(slots(side, extra, lit[side.id]) for side, extra in zip(ss, extras, strict=True))
    return Scene(title_text(view.state, lang), caption_text(view, lang), tuple(ss), columns, extras,
                 arrows(view, ss, now), event_line(view, now, lang), now is not None,
                 desc(view, ss, columns, now, lang))


# --- the drawing: how the frame shows it (svgwrite) ------------------------------------------------------------------

def draw_slot(dwg: svgwrite.Drawing, slot: Slot, x: float, lang: str, extras: tuple[int, ...] = (),
              drew: Callable[[str], None] = lambda key: None) -> None:
    """One stack position: obtained, not obtained, eaten, neutralized by a feint or lost by a flip (each named
    to the legend by `drew`)."""
    pos = slot.pos
    y = slot_y(pos, extras)
    if slot.glow:
        dwg.add(dwg.rect((x - 4, y - 4), (SLOT_W + 8, SLOT_H + 8), fill="none", stroke=S.HIGHLIGHT,
                         stroke_width=3, rx=6))
        drew("current")
    drew(slot.look)
    if slot.item is None:
        box = dwg.rect((x, y), (SLOT_W, SLOT_H), fill="#f7f7f7", stroke="#b0b0b0", stroke_width=1, rx=4)
        box["stroke-dasharray"] = "4,3"
        dwg.add(box)
        S.label(dwg, dwg, str(pos), (x + 8, y + 19), size=11, fill=S.MUTED)
        S.label(dwg, dwg, "?" if pos <= 6 else "—", (x + SLOT_W / 2 + 6, y + 20), size=13, fill=S.MUTED,
                anchor="middle")
        return
    name = item_name(slot.item, lang)
    fill, stroke, ink, bold, strike, dash = PAPER_SLOT
    if slot.look == "eaten":
        fill, stroke, ink, strike, dash = S.hatch(dwg, "back", "#a0a0a0", "#f0f0f0"), "#8a8a8a", S.MUTED, True, False
    elif slot.look == "lost":
        fill, stroke, ink, strike, dash = S.PAPER, S.VERMILLION, S.MUTED, True, True
    elif slot.look == "obtained":
        fill, stroke, ink, bold, dash = TINT[slot.item], S.INK, S.INK, True, False
        drew(f"item:{slot.item}")
    box = dwg.rect((x, y), (SLOT_W, SLOT_H), fill=fill, stroke=stroke, stroke_width=1.5 if bold else 1.2, rx=4)
    if dash:
        box["stroke-dasharray"] = "4,3"
    dwg.add(box)
    if slot.feinted:
        drew("feinted")
        dwg.add(dwg.path(d=f"M{x + 4},{y + 4} L{x + SLOT_W - 4},{y + SLOT_H - 4} "
                           f"M{x + 4},{y + SLOT_H - 4} L{x + SLOT_W - 4},{y + 4}",
                         stroke=S.INK, stroke_width=1.6, stroke_opacity=0.75))
    S.label(dwg, dwg, str(pos), (x + 8, y + 19), size=11, fill=S.MUTED if not bold else S.INK)
    size = min(13.0, 13 * (SLOT_W - 26) / max(1.0, S.text_width(name, 13, bold=bold)))
    S.label(dwg, dwg, name, (x + SLOT_W / 2 + 7, y + 20), size=round(size, 1), bold=bold, fill=ink,
            anchor="middle", strike=strike)


PAPER_SLOT = (S.PAPER, "#9a9a9a", S.MUTED, False, False, True)
"""fill, stroke, ink, bold, struck, dashed of a declared item that was not obtained."""


def extra_positions(state: DuelState, who: str) -> list[int]:
    """Positions 7 and 8 for the duelists whose traits grant them."""
    d = state.duelist(who)
    return [pos for pos in (DC_POSITION, ID_POSITION) if d.has(EXTRA[pos])]


def draw_column(dwg: svgwrite.Drawing, column: tuple[Slot, ...], extras: tuple[int, ...], k: int, lang: str,
                drew: Callable[[str], None] = lambda key: None) -> None:
    """A duelist's stack column, with the extra positions under it."""
    x = COLUMN_X[k]
    for slot in column[:6]:
        draw_slot(dwg, slot, x, lang, drew=drew)
    if extras:
        S.label(dwg, dwg, tr(lang, "сверх стека", "extra"), (x + SLOT_W / 2, slot_y(7) - 6), size=11,
                fill=S.MUTED, anchor="middle")
    for slot in column[6:]:
        draw_slot(dwg, slot, x, lang, extras, drew)


def draw_panel(dwg: svgwrite.Drawing, view: FrameView, side: Side, k: int, lang: str) -> None:
    """Name, status, traits, stamina, penalty, damage, stake and rolls of one duelist."""
    state: DuelState = view.state
    d = state.duelist(side.id)
    x, y, w = PANEL_X[k], TOP, PANEL_W
    S.label(dwg, dwg, S.fit(d.name, 17, w, bold=True), (x, y + 16), size=17, bold=True, fill=S.SIDES[k])
    badge = f"{'☠' if d.status == 'dead' else '●'} {status_name(d.status, lang, d.name)}"
    S.label(dwg, dwg, badge, (x, y + 38), size=13, bold=True, fill=STATUS_COLOR.get(d.status, S.INK))
    if state.advantage == d.id and not state.over:
        S.label(dwg, dwg, tr(lang, "★ преимущество", "★ advantage"), (x + w, y + 38), size=13, bold=True,
                fill=S.INK, anchor="end")
    for n, trait in enumerate(traits_text(state, d.id, lang)):
        S.label(dwg, dwg, S.fit(trait, 12, w), (x, y + 58 + 16 * n), size=12, fill=S.MUTED)
    lo = min(0, *(p.stamina for p in state.duelists), *(p.stamina_max for p in state.duelists))
    hi = max(8, *(p.stamina for p in state.duelists), *(p.stamina_max for p in state.duelists))
    S.label(dwg, dwg, tr(lang, "Запас сил", "Stamina"), (x, y + 106), size=12, fill=S.INK)
    S.label(dwg, dwg, f"{signed(d.stamina)}/{signed(d.stamina_max)}", (x + w, y + 106), size=13, bold=True,
            anchor="end", fill=S.BAD if d.stamina < 0 else S.INK)
    S.bar(dwg, dwg, x, y + 112, w, 14, d.stamina, d.stamina_max, lo=lo, hi=hi, color=S.GREEN)
    S.label(dwg, dwg, tr(lang, f"Штраф к броскам: {signed(-d.wound_penalty)}",
                         f"Roll penalty: {signed(-d.wound_penalty)}"), (x, y + 146), size=13)
    damage = tr(lang, f"Урон за ход: {side.damage}", f"Damage this turn: {side.damage}")
    end = first_of(view.events, EndOfTurn)
    wound = end.sides[d.id].wound if end is not None and d.id in end.sides else None
    if wound and wound != "none":
        damage += f" — {wound_name(wound, lang)}"
    S.label(dwg, dwg, S.fit(damage, 13, w), (x, y + 166), size=13, fill=S.BAD if side.damage else S.INK)
    draw_rolls(dwg, side, x, y + 194, w, lang)


def draw_rolls(dwg: svgwrite.Drawing, side: Side, x: float, y: float, w: float, lang: str) -> None:
    """Stake, rolls (rerolls struck through with their cost, the last boxed) and the outcome."""
    r = side.reveal
    stake = r.final_stake if r is not None else side.rolls[-1]["stake"] if side.rolls else None
    if stake is None:
        S.label(dwg, dwg, tr(lang, "Ставка: ещё не заявлена", "Stake: not yet given"), (x, y), size=13,
                fill=S.MUTED)
        return
    said = tr(lang, "Ставка: ", "Stake: ") + stake_name(stake, lang)
    if r is not None and r.stake != stake:  # Осторожный lowered it on a reroll
        said = tr(lang, "Ставка: ", "Stake: ") + f"{pick(STAKE[r.stake], lang)} → {stake_name(stake, lang)}"
    S.label(dwg, dwg, S.fit(said, 13, w), (x, y), size=13)
    cx = x
    S.label(dwg, dwg, tr(lang, "Броски:", "Rolls:"), (cx, y + 24), size=13)
    cx += S.text_width(tr(lang, "Броски:", "Rolls:"), 13) + 8
    for n, roll in enumerate(side.rolls):
        last = n == len(side.rolls) - 1
        text = str(roll.get("value"))
        tw = S.text_width(text, 14, bold=last)
        if last:
            dwg.add(dwg.rect((cx - 4, y + 9), (tw + 8, 21), fill="#fff6d6", stroke=S.INK, stroke_width=1.5, rx=3))
        S.label(dwg, dwg, text, (cx, y + 25), size=14, bold=last, fill=S.INK if last else S.MUTED, strike=not last)
        cx += tw + 6
        if roll.get("cost"):
            cost = f"−{roll['cost']}"
            S.label(dwg, dwg, cost, (cx - 2, y + 19), size=10, fill=S.BAD)
            cx += S.text_width(cost, 10) + 4
        cx += 6
        if cx > x + w - 30:
            break
    if r is None:
        return
    ok = r.success and not side.flipped
    line = ("✓ " if ok else "✗ ") + roll_line(r, lang)
    if side.flipped:
        line = "✗ " + tr(lang, "успех → провал после ранения", "success → failure after the wound")
    S.label(dwg, dwg, S.fit(line, 13, w, bold=True), (x, y + 50), size=13, bold=True, fill=S.GOOD if ok else S.BAD)
    got = sum(1 for p in side.obtained if p <= 6)
    extra = tr(lang, f"Получено: {got}", f"Obtained: {got}")
    if r.bonus:
        extra += tr(lang, f" (+{r.bonus} за провал противника)", f" (+{r.bonus} for the opponent's failure)")
    S.label(dwg, dwg, S.fit(extra, 12, w), (x, y + 70), size=12, fill=S.INK)
    act = r.activate
    used = []
    if act.killer_blow:
        used.append(tr(lang, "Убийственный удар", "Killer blow"))
    if act.distance_control:
        used.append(tr(lang, "Контроль дистанции: ", "Distance control: ") + item_name(act.distance_control, lang))
    if act.sharp_tongue:
        used.append(tr(lang, "Острый язык", "Sharp tongue"))
    if used:
        S.label(dwg, dwg, S.fit("⚔ " + ", ".join(used), 12, w), (x, y + 88), size=12, fill=S.MUTED)


def attack_y(side: Side, item: str) -> float:
    """Height of the first obtained slot of an item (the middle of the column when there is none)."""
    positions = sorted(p for p, it in side.obtained.items() if it == item)
    pos = positions[0] if positions else 3.5
    return slot_y(int(pos)) + SLOT_H / 2 if positions else slot_y(3) + SLOT_H + SLOT_GAP / 2


def draw_exchange(dwg: svgwrite.Drawing, drawn: tuple[Arrow, ...], ss: tuple[Side, ...],
                  drew: Callable[[str], None] = lambda key: None) -> None:
    """Arrows for the strikes and counter-attacks so far; the current one thick and labelled larger."""
    for arrow in drawn:
        drew(arrow.kind)
        if arrow.current:
            drew("current")
        k = arrow.k
        item = "attack" if arrow.kind == "strike" else "counter"
        y = attack_y(ss[k], item) + (-7 if k == 0 else 7)
        left, right = COLUMN_X[0] + SLOT_W + 4, COLUMN_X[1] - 4
        start, end = ((left, y), (right, y)) if k == 0 else ((right, y), (left, y))
        is_now = arrow.current
        group = dwg.g(opacity=1 if is_now else 0.45)
        S.arrow(dwg, group, start, end, color=S.SIDES[k], width=5 if is_now else 2.5,
                dashed=arrow.kind == "counter")
        dmg = arrow.damage
        text = f"−{dmg}" if dmg else "0"
        mid = (left + right) / 2
        size = 15 if is_now else 12
        tw = S.text_width(text, size, bold=True)
        # the left duelist's labels sit above his arrows, the right one's below, so two arrows never share a label
        base = y - 8 if k == 0 else y + size + 8
        group.add(dwg.rect((mid - tw / 2 - 4, base - size), (tw + 8, size + 4), fill=S.PAPER,
                           stroke=S.HIGHLIGHT if is_now else "none", stroke_width=1.5, rx=3))
        S.label(dwg, group, text, (mid, base), size=size, bold=True, anchor="middle",
                fill=S.BAD if dmg else S.INK)
        dwg.add(group)


def glow(now: Event | None, ss: list[Side]) -> dict[str, set[int]]:
    """duelist id -> the slots the current step acts with."""
    out: dict[str, set[int]] = {s.id: set() for s in ss}
    step = None if now is None else of(now)
    by_id = {s.id: s for s in ss}
    if isinstance(step, Strike):
        att, dfd = by_id[step.attacker], by_id[step.defender]
        out[att.id] = {pos for pos, it in att.obtained.items() if it in ("attack", "feint")}
        out[dfd.id] = {pos for pos, it in dfd.obtained.items() if it == "defense"}
    elif isinstance(step, Counter):
        att = by_id[step.attacker]
        out[att.id] = {pos for pos, it in att.obtained.items() if it == "counter"}
    elif isinstance(step, Flip):
        out[step.duelist] = {pos for pos, _ in step.lost}
    elif isinstance(step, Reveal):
        for s in ss:
            out[s.id] = set(s.obtained)
    return out


def event_line(view: FrameView, now: Event | None, lang: str) -> str:
    """What the current step did, in words."""
    who = names(view.state)
    head = tr(lang, f"Шаг {view.step}/{view.steps}: ", f"Step {view.step}/{view.steps}: ")
    if now is None:
        if view.step == 0:
            return head + tr(lang, "заявки и броски приняты, ход еще не разрешен.",
                             "orders and rolls are in; the turn is not resolved yet.")
        return head + tr(lang, "решение ГМ.", "a GM ruling.")
    return head + step_text(now, who, lang)


def legend_items(lang: str) -> S.Legend[S.Swatch]:
    """Every entry the legend may have, keyed by the mark it names (`draw_slot` and `draw_exchange` say which they
    drew), each drawn as the board draws that mark: an item's tint, an obtained slot's solid outline over the
    tints, the outlines and hatch of the other slot states, and the arrows in the duelists' colours, the left one's
    pointing right above the right one's pointing left, solid for a strike and dashed for a counter-attack."""
    items = [(f"item:{it}", S.Swatch(item_name(it, lang), fill, stroke=S.INK)) for it, fill in TINT.items()]
    items += [
        ("obtained", S.Swatch(tr(lang, "получен", "obtained"), colors=(TINT["attack"], TINT["defense"], TINT["rest"]),
                              stroke=S.INK, width=1.5)),
        ("declared", S.Swatch(tr(lang, "не получен", "not obtained"), S.PAPER, stroke="#9a9a9a", dashed=True,
                              dash="4,3")),
        ("empty", S.Swatch(tr(lang, "не раскрыт / пусто", "not revealed / empty"), "#f7f7f7", stroke="#b0b0b0",
                           dashed=True, dash="4,3", text="?", ink=S.MUTED)),
        ("eaten", S.Swatch(tr(lang, "«съеден»", "eaten"), "#f0f0f0", stroke="#8a8a8a", hatch="back")),
        ("feinted", S.Swatch(tr(lang, "снят финтом", "feinted"), TINT["defense"], stroke=S.INK, crossed=True)),
        ("lost", S.Swatch(tr(lang, "потерян (флип)", "lost (flip)"), S.PAPER, stroke=S.VERMILLION, dashed=True,
                          dash="4,3")),
        ("strike", S.Swatch(tr(lang, "атака", "strike"), kind="arrow", colors=S.SIDES, facing=True)),
        ("counter", S.Swatch(tr(lang, "контр-атака", "counter-attack"), kind="arrow", colors=S.SIDES, facing=True,
                             dashed=True)),
        ("current", S.Swatch(tr(lang, "текущий шаг", "current step"), "none", stroke=S.HIGHLIGHT, width=3)),
    ]
    return S.Legend(items)


def desc(view: FrameView, ss: list[Side], columns: tuple[tuple[Slot, ...], ...], now: Event | None, lang: str) -> str:
    """A plain-text picture of the frame (the SVG's `<desc>`)."""
    state: DuelState = view.state
    who = names(state)
    lines = [caption_text(view, lang) + " — " + title_text(state, lang)]
    for side, column in zip(ss, columns, strict=True):
        d = state.duelist(side.id)
        lines.append(f"{d.name}: {status_name(d.status, lang, d.name)}, "
                     + tr(lang, f"запас сил {d.stamina}/{d.stamina_max}, штраф {d.wound_penalty}, "
                                f"урон за ход {side.damage}",
                          f"stamina {d.stamina}/{d.stamina_max}, penalty {d.wound_penalty}, "
                          f"damage this turn {side.damage}")
                     + "; " + ", ".join(traits_text(state, d.id, lang)))
        cells = []
        for slot in column:
            if slot.item is None:
                continue
            mark = ("[x]" if slot.look == "eaten" else "[-]" if slot.look == "lost" else "[f]" if slot.feinted
                    else "[+]" if slot.look == "obtained" else "")
            cells.append(f"{slot.pos} {item_name(slot.item, lang)}{mark}")
        lines.append("  " + tr(lang, "стек: ", "stack: ") + (", ".join(cells) or "?"))
        if side.rolls:
            stake = side.rolls[-1].get("stake", "high")
            rolls = " ".join(f"({r.get('value')})" for r in side.rolls[:-1]) + f" {side.rolls[-1].get('value')}"
            outcome = f" → {roll_line(side.reveal, lang)}" if side.reveal else ""
            lines.append("  " + tr(lang, "ставка ", "stake ") + pick(STAKE.get(stake, (stake, stake)), lang)
                         + f" ({THRESHOLD.get(stake, '?')}+), " + tr(lang, "броски: ", "rolls: ")
                         + rolls.strip() + outcome)
    adv = state.advantage
    lines.append(tr(lang, "Преимущество: ", "Advantage: ") + (who[adv] if adv else tr(lang, "нет", "nobody")))
    lines.append(event_line(view, now, lang))
    lines.append(tr(lang, "Обозначения: [+] получен, [x] «съеден», [f] снят финтом, [-] потерян при флипе, "
                          "(N) переброшенный бросок.",
                    "Key: [+] obtained, [x] eaten, [f] feinted, [-] lost by a flip, (N) a rerolled roll."))
    return "\n".join(lines)


def title_text(state: DuelState, lang: str) -> str:
    """ "A против B"."""
    a, b = (d.name for d in state.duelists)
    return tr(lang, "Дуэль: ", "Duel: ") + versus(a, b, lang)


def band_title(state: DuelState, lang: str, room: float) -> str:
    """The title for `room` px: when it is too long, each name is shortened to its share ("Жан-Батист… — Бертран…"),
    so that both duelists stay named."""
    full = title_text(state, lang)
    if S.text_width(full, 16, bold=True) <= room:
        return full
    a, b = (d.name for d in state.duelists)
    share = (room - S.text_width(tr(lang, "Дуэль:  — ", "Duel:  vs "), 16, bold=True)) / 2
    one, two = S.fit(a, 16, share, bold=True), S.fit(b, 16, share, bold=True)
    return tr(lang, f"Дуэль: {one} — {two}", f"Duel: {one} vs {two}")


def frame(view: FrameView, *, lang: str = "ru") -> str:
    """The SVG of the duel at (turn, step)."""
    lang = "ru" if lang == "ru" else "en"
    shown = scene(view, lang)
    text = S.wrap(shown.event_line, 13, WIDTH - 56)
    if len(text) > EVENT_LINES:  # every frame of a game the same size: the whole line is in <desc> and the post
        text = [*text[:EVENT_LINES - 1], S.fit(" ".join(text[EVENT_LINES - 1:]), 13, WIDTH - 56)]
    box_lines = EVENT_LINES
    rows = max(len(extra) for extra in shown.extras)
    lowest = max(slot_y(6 + rows) if rows else slot_y(6), TOP + 290 - SLOT_H)
    box_y = lowest + SLOT_H + 20
    legend_y = box_y + 18 + 18 * box_lines + 16
    keyed = legend_items(lang)
    legend_h = S.legend_height(keyed.every(), width=WIDTH - 32)  # the same room in every frame of a game
    height = int(legend_y + legend_h + 12)
    dwg = S.new_drawing(WIDTH, height, title=shown.title, caption=shown.caption, last_hash=view.last_hash,
                        desc_text=shown.desc, band_title=lambda room: band_title(view.state, lang, room))
    for k, side in enumerate(shown.sides):
        draw_panel(dwg, view, side, k, lang)
        draw_column(dwg, shown.columns[k], shown.extras[k], k, lang, keyed.drew)
    draw_exchange(dwg, shown.arrows, shown.sides, keyed.drew)
    dwg.add(dwg.rect((16, box_y), (WIDTH - 32, 14 + 18 * box_lines), fill="#fafafa", stroke=S.HIGHLIGHT
                     if shown.current else S.FAINT, stroke_width=1.5, rx=6))
    if shown.current:  # the box of a resolution step is outlined as its slots and arrow are
        keyed.drew("current")
    for n, line in enumerate(text):
        S.label(dwg, dwg, line, (28, box_y + 20 + 18 * n), size=13)
    S.legend(dwg, keyed.shown(), (16, legend_y), width=WIDTH - 32)  # what this frame draws, nothing else
    return S.to_string(dwg)
