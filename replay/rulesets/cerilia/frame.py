"""The DM's screen («скрин») at (round, phase, step) as SVG: the 5 × 3 sectors with both front lines' 16 slots,
the two reserves, every stack's display code with its decorations (§2.9), engagement arrows, routed and
falling-back marks, terrain and fortification, a legend, and the round/phase/step caption.

`scene(view)` is what the frame shows as plain data; `draw(scene)` lays it out with svgwrite.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from replay.render import svg as S
from replay.ruleset import FrameView
from replay.rulesets.cerilia import board as bd
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import COLUMNS, RESERVE, SECTORS, Battle, Stack
from replay.rulesets.cerilia.words import PHASE, tr

CELL_W, CELL_H = 62, 20
SECTOR_W = 4 * CELL_W + 12
LINE_H = 4 * CELL_H + 16
SECTOR_H = 2 * LINE_H + 22
LEFT, GAP = 40, 8
RESERVE_H = 64
WIDTH = LEFT + 5 * (SECTOR_W + GAP) + 16
TOP = S.BAND + 12
BOARD_TOP = TOP + RESERVE_H + GAP
HEIGHT = BOARD_TOP + 3 * (SECTOR_H + GAP) + RESERVE_H + 110
SIDE_COLOR = {"A": S.BLUE, "D": S.VERMILLION}
TERRAIN_KIND = {"hill": "hill", "forest": "forest", "swamp": "marsh"}


@dataclass(frozen=True)
class Chip:
    """One stack as the screen shows it."""

    id: str
    side: str
    code: str
    place: str
    slot: int
    damage: int
    max_damage: int
    routed: bool
    falling_back: bool
    melee: str | None
    """"new" (engaged this round, first melee round to come) or "continuing" (underlined), or None."""
    first_shot: bool
    current: bool


@dataclass(frozen=True)
class Scene:
    title: str
    caption: str
    chips: tuple[Chip, ...]
    arrows: tuple[tuple[str, str, bool], ...]
    """(attacker id, target id, is the current step's)."""
    terrain: dict[str, str]
    fortification: dict | None
    pools: dict[str, str]
    event_line: str
    desc: str
    lang: str = "ru"
    forced: dict[str, str] = field(default_factory=dict)
    """§5.8: sector -> the side forced into it this turn."""


def _chip(state: Battle, st: Stack, current: set[str]) -> Chip:
    body = dv.body(state, st)
    melee = None
    if dv.engaged(state, st):
        melee = "new" if (st.engaged_since or state.round) >= state.round and st.attack_used != "MELEE" \
            else "continuing"
    card = dv.combat_card(state, st)
    return Chip(st.id, st.side, str(dv.code(state, st)), bd.place_of(st.location), bd.slot_of(st.location) or 0,
                body.damage, card.max_damage if dv.troop(state, st) else 1, st.routed, st.fall_back_pending, melee,
                card.missile is not None and dv.first_shot(state, st) and bd.on_field(st), st.id in current)


def scene(view: FrameView) -> Scene:
    state: Battle = view.state
    lang = view.lang
    events = [e for e in view.events if e.type.startswith("cerilia.")]
    last = events[-1] if events and view.step else None
    current = set()
    arrows = []
    if last is not None:
        p = last.payload
        current = {str(v) for k, v in p.items() if k in ("stack", "attacker", "target", "unit") and v}
    for st in state.stacks.values():
        if st.melee_target in state.stacks:
            arrows.append((st.id, st.melee_target, bool({st.id, st.melee_target} & current)))
    if last is not None and last.type == "cerilia.attack" and last.payload["kind"] != "melee":
        arrows.append((last.payload["attacker"], last.payload["target"], True))
    chips = tuple(_chip(state, st, current) for st in sorted(state.stacks.values(), key=lambda s: (s.side, s.id))
                  if st.location != "pool")
    pools = {}
    for side in ("A", "D"):
        pool = [st for st in state.stacks.values() if st.side == side and st.location == "pool"]
        pools[side] = (tr(lang, "не развёрнуты: ", "never deployed: ") + ", ".join(sorted(s.id for s in pool))
                       if pool else "")
    phase = PHASE[lang].get(view.phase or state.phase or "", view.phase or "")
    after = state.outcome is not None and view.turn > state.round  # the after-battle turn: reveals, fates (§5.9)
    caption = (tr(lang, "После боя", "After the battle") if after else
               tr(lang, f"Раунд {view.turn}", f"Round {view.turn}") + (f" · {phase}" if phase else "")) + \
        f" · {tr(lang, 'шаг', 'step')} {view.step}/{view.steps}"
    event_line = ""
    if last is not None:
        from replay.rulesets.cerilia.post import event_line as narrate

        event_line = narrate(last, lang)
    named = [c for c in chips if c.id in current]
    if event_line and named:  # the board shows codes, the narration ids: say which chip is which
        event_line += " · " + ", ".join(f"{c.id} = {c.code} {tr(lang, 'в', 'at')} {c.place}-{c.slot}" for c in named)
    if state.outcome:
        from replay.rulesets.cerilia.post import event_line_outcome

        event_line = event_line_outcome(state, lang)
    rows = []
    for c in sorted(chips, key=lambda c: (c.place, c.side, c.slot)):
        target = _target(state, c.id)
        rows.append(f"{c.place}-{c.slot} {c.side} {c.code}" + (f" → {target}" if target else ""))
    desc = "\n".join([caption, *rows])
    title = tr(lang, f"Керилия · {state.scenario}", f"Cerilia · {state.scenario}")
    forced = {str(f["sector"]): str(f["side"]) for e in events if e.type == "cerilia.stalemate"
              for f in e.payload.get("forcings", [])}
    return Scene(title, caption, chips, tuple(arrows), dict(state.terrain), state.fortification, pools, event_line,
                 desc, lang, forced)


def _target(state: Battle, sid: str) -> str | None:
    return state.stacks[sid].melee_target if sid in state.stacks else None


def legend_items(lang: str) -> S.Legend:
    """Every entry the legend may have, each keyed by the mark it names, drawn as the board draws it; the frame says
    which marks it drew (`Legend.drew`), and the legend lists those and nothing else."""
    def terrain(kind: str, ru: str, en: str) -> tuple[str, S.Swatch]:
        fill, pattern = S.TERRAIN[kind]
        return f"terrain:{kind}", S.Swatch(tr(lang, ru, en), fill=fill, hatch=pattern, stroke="#7a7a7a")

    return S.Legend([
        ("side:A", S.Swatch(tr(lang, "Атакующий", "Attacker"), fill="#dbe9f5", stroke=S.BLUE)),
        ("side:D", S.Swatch(tr(lang, "Защищающий", "Defender"), fill="#f8dfcf", stroke=S.VERMILLION)),
        ("routed", S.Swatch(tr(lang, "разгромлен (_R)", "routed (_R)"), fill="#fbe3d6", stroke=S.BAD,
                            hatch="diagonal")),
        ("falling_back", S.Swatch(tr(lang, "отступает по F (_F)", "falls back (_F)"), stroke=S.ORANGE, dashed=True)),
        ("melee:new", S.Swatch(tr(lang, "ближний бой: ждёт первого раунда (пунктир)",
                                  "melee: first round to come (dashed)"), kind="arrow", stroke=S.INK, dashed=True)),
        ("arrow", S.Swatch(tr(lang, "атака (стрелка к цели)", "attack (arrow to the target)"), kind="arrow",
                           stroke=S.INK)),
        ("melee:continuing", S.Swatch(tr(lang, "ближний бой продолжается (код подчёркнут)",
                                         "melee continuing (code underlined)"), kind="line", stroke=S.INK,
                                      width=1.2)),
        ("first_shot", S.Swatch(tr(lang, "право первого выстрела", "first-shot right"), text="•", stroke=S.GREEN)),
        ("current", S.Swatch(tr(lang, "текущий шаг", "current step"), stroke=S.HIGHLIGHT, kind="line")),
        terrain("hill", "холм", "hill"),
        terrain("forest", "лес", "forest"),
        terrain("marsh", "болото", "swamp"),
        ("fortification", S.Swatch(tr(lang, "укрепление (▲, толстая рамка сектора)",
                                      "fortification (▲, thick sector frame)"), stroke=S.INK, fill=S.PAPER,
                                   text="▲")),
    ])


# --- drawing --------------------------------------------------------------------------------------------------

def sector_origin(sector: str) -> tuple[float, float]:
    c, r = bd.col_row(sector)
    return LEFT + c * (SECTOR_W + GAP), BOARD_TOP + (r - 1) * (SECTOR_H + GAP)


def cell_origin(place: str, side: str, slot: int) -> tuple[float, float]:
    """Top-left of a slot's cell: sectors 4 × 4 per line (A's line on top), reserves 24 per row."""
    if place in RESERVE.values():
        y0 = TOP if place == "RA" else BOARD_TOP + 3 * (SECTOR_H + GAP)
        k = slot - 1
        return LEFT + 70 + (k % 16) * (CELL_W + 2), y0 + 6 + (k // 16) * (CELL_H + 2)
    x, y = sector_origin(place)
    k = slot - 1
    line_y = y + 18 + (0 if side == "A" else LINE_H)
    return x + 6 + (k % 4) * CELL_W, line_y + 12 + (k // 4) * CELL_H


def draw(sc: Scene, last_hash: str) -> str:
    dwg = S.new_drawing(WIDTH, HEIGHT, title=sc.title, caption=sc.caption, last_hash=last_hash, desc_text=sc.desc)
    keyed = legend_items(sc.lang)
    _reserves(dwg, sc)
    for sector in SECTORS:
        _sector(dwg, sc, sector, keyed.drew)
    by_id = {c.id: c for c in sc.chips}
    for c in sc.chips:
        _chip_draw(dwg, c, keyed.drew)
    for a, t, now in sc.arrows:
        if a in by_id and t in by_id:
            _arrow(dwg, by_id[a], by_id[t], now, keyed.drew)
    y = BOARD_TOP + 3 * (SECTOR_H + GAP) + RESERVE_H + 10
    for line in S.wrap(sc.event_line, 13, WIDTH - 32)[:3]:
        S.label(dwg, dwg, line, (16, y + 12), size=13)
        y += 18
    S.legend(dwg, keyed.shown(), (16, y + 8), width=WIDTH - 32)  # what this frame draws, nothing else
    return S.to_string(dwg)


def _reserves(dwg, sc: Scene) -> None:
    for side, place in RESERVE.items():
        y0 = TOP if place == "RA" else BOARD_TOP + 3 * (SECTOR_H + GAP)
        dwg.add(dwg.rect((LEFT, y0), (WIDTH - LEFT - 16, RESERVE_H - 4), fill="#f7f7f7",
                         stroke=SIDE_COLOR[side], stroke_width=1.5, rx=4))
        S.label(dwg, dwg, place, (LEFT + 10, y0 + 22), size=16, bold=True, fill=SIDE_COLOR[side])
        S.label(dwg, dwg, tr(sc.lang, "резерв", "reserve"), (LEFT + 10, y0 + 40), size=10, fill=S.MUTED)
        if sc.pools.get(side):
            S.label(dwg, dwg, S.fit(sc.pools[side], 11, WIDTH - LEFT - 120), (LEFT + 70, y0 + RESERVE_H - 12),
                    size=11, fill=S.MUTED)


def _sector(dwg, sc: Scene, sector: str, drew: Callable[[str], None]) -> None:
    x, y = sector_origin(sector)
    kind = TERRAIN_KIND.get(sc.terrain.get(sector, ""), "open")
    fort = sc.fortification and sc.fortification.get("sector") == sector
    dwg.add(dwg.rect((x, y), (SECTOR_W, SECTOR_H), fill=S.terrain_fill(dwg, kind), stroke=S.INK,
                     stroke_width=3 if fort else 1, rx=4))
    if kind != "open":
        drew(f"terrain:{kind}")
    if fort:
        drew("fortification")
    name = sector
    if sector in sc.terrain:
        card = tables().terrain[sc.terrain[sector]]
        name += " · " + (card["name_ru"] if sc.lang == "ru" else card["name_en"])
    if fort:
        level = tables().fortifications[int(sc.fortification["level"])]
        name += f" · ▲ {level['name_ru'] if sc.lang == 'ru' else level['name_en']} ({level['level']})"
    if sector in sc.forced:  # §5.8: the sector a side is forced into
        name += " · " + tr(sc.lang, f"§5.8: сюда {sc.forced[sector]}", f"§5.8: {sc.forced[sector]} forced here")
    S.label(dwg, dwg, S.fit(name, 12, SECTOR_W - 12, bold=True), (x + 6, y + 14), size=12, bold=True)
    for side in ("A", "D"):
        ly = y + 18 + (0 if side == "A" else LINE_H)
        dwg.add(dwg.rect((x + 3, ly), (SECTOR_W - 6, LINE_H - 4), fill="none", stroke=SIDE_COLOR[side],
                         stroke_width=1, rx=3, stroke_dasharray="2,2"))
        S.label(dwg, dwg, tr(sc.lang, "линия А" if side == "A" else "линия З", "A line" if side == "A" else "D line"),
                (x + 6, ly + 10), size=8, fill=SIDE_COLOR[side])
        for slot in range(1, 17):
            cx, cy = cell_origin(sector, side, slot)
            dwg.add(dwg.rect((cx + 1, cy + 1), (CELL_W - 2, CELL_H - 2), fill="none", stroke=S.FAINT,
                             stroke_width=0.6))


def _chip_draw(dwg, c: Chip, drew: Callable[[str], None]) -> None:
    x, y = cell_origin(c.place, c.side, c.slot)
    pale = {"A": "#dbe9f5", "D": "#f8dfcf"}[c.side]
    # damage colour (§2.9): the deeper the tint, the nearer the card's maximum
    shade = {"A": ("#dbe9f5", "#a9c9e6", "#7fb0da"), "D": ("#f8dfcf", "#f0bd9c", "#e89b6b")}[c.side]
    fill = shade[min(2, round(2 * c.damage / max(1, c.max_damage)))] if c.damage else pale
    drew(f"side:{c.side}")
    if c.routed:
        fill = S.hatch(dwg, "diagonal", S.BAD, "#fbe3d6")
        drew("routed")
    if c.current:
        drew("current")
    box = dwg.rect((x + 1, y + 1), (CELL_W - 2, CELL_H - 2), fill=fill,
                   stroke=S.HIGHLIGHT if c.current else (S.ORANGE if c.falling_back else SIDE_COLOR[c.side]),
                   stroke_width=2.5 if c.current else 1.4, rx=3)
    if c.falling_back:
        box["stroke-dasharray"] = "4,2"
        drew("falling_back")
    dwg.add(box)
    S.label(dwg, dwg, S.fit(c.code, 11, CELL_W - 10, bold=True), (x + CELL_W / 2, y + 14), size=11, bold=True,
            anchor="middle")
    if c.melee == "continuing":
        w = min(CELL_W - 10, S.text_width(c.code, 11, bold=True))
        dwg.add(dwg.line((x + CELL_W / 2 - w / 2, y + 16.5), (x + CELL_W / 2 + w / 2, y + 16.5), stroke=S.INK,
                         stroke_width=1.2))
        drew("melee:continuing")
    if c.first_shot:
        dwg.add(dwg.circle((x + CELL_W - 5, y + 5), 2.6, fill=S.GREEN))
        drew("first_shot")


def _arrow(dwg, a: Chip, t: Chip, now: bool, drew: Callable[[str], None]) -> None:
    ax, ay = cell_origin(a.place, a.side, a.slot)
    tx, ty = cell_origin(t.place, t.side, t.slot)
    start = (ax + CELL_W / 2, ay + (CELL_H if a.side == "A" else 0))
    end = (tx + CELL_W / 2, ty + (0 if t.side == "D" else CELL_H))
    S.arrow(dwg, dwg, start, end, color=S.HIGHLIGHT if now else S.INK, width=2.5 if now else 1.4,
            dashed=a.melee == "new")
    drew("melee:new" if a.melee == "new" else "arrow")
    if now:
        drew("current")


def frame(view: FrameView) -> str:
    svg = draw(scene(view), view.last_hash)
    return S.mark_provisional(svg, view.lang) if view.provisional else svg


__all__ = ["frame", "scene", "COLUMNS"]
