"""The frame of a battle on the field (part 2) at (turn, step): the grid (squares or hexes) with its terrain, every
fighter with facing, stance and side colour, who is engaged with whom, the paths moved this round, the shots of this
round with their targets, the range bands of the shooter just resolved, the initiative ladder, and a compact panel
per fighter (up to eight and more). The scene is plain data (`scene`); `frame` draws it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from math import atan2, cos, sin, sqrt
from typing import Any

from replay.render import svg as S
from replay.render.text import tr
from replay.ruleset import FrameView
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish import pools, ranged, words
from replay.rulesets.skirmish.battle import Battle

WIDTH = 1120
LADDER_W = 200
MAP_X, MAP_Y = 16, 56
PANEL_W, PANEL_H = 264, 104
COLUMNS = 4
EVENT_LINES = 4
"""The event box holds this many lines in every frame of a game, so every frame of a game has the same size; a longer
event (a shot's arithmetic runs to a dozen lines) is cut with "…" on the last line and stays whole in the frame's
<desc>."""
SIDE_COLOURS = (S.BLUE, S.VERMILLION, S.GREEN, S.PURPLE, S.ORANGE, S.SKY)
FLED = ("бежал с поля", "fled the field")
TERRAIN = {"blocked": ("#9e9e9e", "diagonal"), "cover": ("#d8ead2", "dots"), "confined": ("#efe6d2", "dots"),
           "crowd": ("#ead2e4", "cross")}


@dataclass(frozen=True)
class Token:
    id: str
    name: str
    color: str
    cell: tuple[int, int]
    facing: str
    stance: str
    status: str
    engaged: tuple[str, ...]
    path: tuple[tuple[int, int], ...]
    pool: dict[str, Any]
    tracks: str
    weapon: str
    ranged: str
    wounds: str
    formation: str = ""
    """Its formation (5.12): the commander, the partner, the drill cap."""
    hold: str = ""
    """Its grapple in a melee of several fighters (5.8, group_grapple.py): whom it holds or is held by."""


@dataclass(frozen=True)
class Flight:
    """A projectile's way beyond the first: the second projectile (M80, M81), the flight on to a next target (M79),
    a target grazed on the way (M78)."""

    kind: str
    """second | through | graze | stray (a hurried aim's botch, CP-41: `target` the ally struck, or the direction the
    GM rolled, drawn as far as the shot's distance or the field's edge)"""
    target: str
    start: tuple[int, int]
    end: tuple[int, int]
    outcome: str


@dataclass(frozen=True)
class Guard:
    """A target's shield screen (M84) or a comrade who protects him (M83), as the shot's payload records it."""

    kind: str
    """screen | protect"""
    fighter: str
    cell: tuple[int, int]
    target: str
    towards: tuple[int, int]
    """The shooter's cell: the side the shield faces."""
    detail: tuple[str, ...]
    """The screened zones (declared zone codes), or the protector's defence and side (front, flank)."""


@dataclass(frozen=True)
class Missile:
    """A shot of this round (the `skirmish.shot` payload): its first projectile, the flights beyond, the path of a
    shot on the move (M75-M77) and the defences drawn."""

    shooter: str
    target: str
    start: tuple[int, int]
    end: tuple[int, int]
    band: str
    outcome: str
    maneuver: str | None
    flights: tuple[Flight, ...]
    move: tuple[tuple[int, int], ...]
    """M75-M77: the cells from where the shooter stood to where he loosed (empty without a move)."""
    jump: bool
    guards: tuple[Guard, ...]
    body: str | None = None
    """L981: the bodyguard who covered the target with his body: the projectile ends in him (`end`, `outcome`)."""


@dataclass(frozen=True)
class Sweep:
    """A blow on several targets declared this round in a melee of several fighters: a circular strike or slash
    (M09, M10) over its targets in the sweep's order, or a synchronous attack on two adjacent targets (M24)."""

    attacker: str
    maneuver: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class Scene:
    title: str
    caption: str
    grid: str
    width: int
    height: int
    terrain: tuple[tuple[tuple[int, int], tuple[str, ...]], ...]
    tokens: tuple[Token, ...]
    pairs: tuple[tuple[str, str], ...]
    shots: tuple[Missile, ...]
    bands: tuple[str, tuple[tuple[str, int], ...]] | None
    """The shooter just resolved and his weapon's bands (name, metres)."""
    ladder: tuple[str, ...]
    event: tuple[str, ...]
    desc: str
    sweeps: tuple[Sweep, ...] = ()
    """This round's blows on several targets (M09, M10, M24)."""


NAMED_COLOURS = {"red": S.VERMILLION, "blue": S.BLUE, "green": S.GREEN, "purple": S.PURPLE, "orange": S.ORANGE,
                 "красные": S.VERMILLION, "синие": S.BLUE, "зелёные": S.GREEN, "зеленые": S.GREEN}
"""A side named after a colour is drawn in it (side "red" in vermillion, "blue" in blue)."""
SIDE_WORDS = {"red": ("красные", "red"), "blue": ("синие", "blue"), "green": ("зелёные", "green"),
              "purple": ("фиолетовые", "purple"), "orange": ("оранжевые", "orange")}
"""A side named after a colour, said in the frame's language."""


def side_name(side: str, lang: str) -> str:
    """ "сторона: синие" for the side "blue", "сторона: A" for the side "A"."""
    said = words.pick(SIDE_WORDS[side.lower()], lang) if side.lower() in SIDE_WORDS else side
    return tr(lang, f"сторона: {said}", f"side: {said}")


def colours(state: Battle) -> dict[str, str]:
    """Side -> its colour: the colour it is named after, else the first of SIDE_COLOURS no side has taken."""
    sides: list[str] = []
    for f in state.fighters:
        if f.side not in sides:
            sides.append(f.side)
    named = {s: NAMED_COLOURS[s.lower()] for s in sides if s.lower() in NAMED_COLOURS}
    free = [c for c in SIDE_COLOURS if c not in named.values()] or list(SIDE_COLOURS)
    out, k = {}, 0
    for s in sides:
        if s in named:
            out[s] = named[s]
        else:
            out[s] = free[k % len(free)]
            k += 1
    return out


def scene(view: FrameView) -> Scene:
    state: Battle = view.state
    lang = "ru" if view.lang == "ru" else "en"
    paint = colours(state)
    paths = dict(state.moved)
    tokens = tuple(token(state, f, paint[f.side], paths.get(f.id, ()), lang) for f in state.fighters)
    pairs = tuple((a.id, b.id) for p in state.pairs for n, a in enumerate(p.fight.fighters)  # a melee group: each
                  for b in p.fight.fighters[n + 1:] if a.side != b.side)  # enemy pair in it (4.4)
    resolved = [e for e in view.events if e.type.startswith("skirmish.")]
    last = resolved[-1] if resolved else None
    bands = None
    if last is not None and last.type == "skirmish.shot":
        s = state.shooter(last.payload["shooter"])
        kind = (last.payload.get("thrown_back") or {}).get("weapon") or (s.weapon if s is not None else None)
        if kind is not None:  # M88: a caught projectile thrown back ranges as its own weapon
            bands = (last.payload["shooter"], tuple(ranged.weapon(kind)["range_m"].items()))
    from replay.rulesets.skirmish import messages

    event = tuple(messages.why(last.payload, lang)) if last is not None else ()
    ladder = tuple(f"{n + 1}. " + " = ".join(f"{i} ({'—' if k is None else k})" for i, k in slot_of(state, slot))
                   for n, slot in enumerate(slots(state)))
    caption = tr(lang, f"Раунд {view.turn}" + (f" · {view.phase}" if view.phase else "") + f" · шаг {view.step}/"
                 f"{view.steps}", f"Round {view.turn}" + (f" · {view.phase}" if view.phase else "")
                 + f" · step {view.step}/{view.steps}")
    title = tr(lang, f"Бой на поле {state.width}×{state.height} м ({'гексы' if state.grid == 'hex' else 'клетки'})",
               f"Battle on a {state.width}×{state.height} m field ({state.grid} grid)")
    shots = missiles(state, view.events)
    tokens = tuple(replace(t, path=walked(t.path, [m.move for m in shots if m.shooter == t.id])) for t in tokens)
    shown = Scene(title, caption, state.grid, state.width, state.height,
                  tuple((c, fl) for c, fl, _ in state.terrain), tokens, pairs, shots, bands, ladder, event, "",
                  sweeps(view.events))
    return Scene(**{**shown.__dict__, "desc": desc(shown, lang)})


JUMPS = ("jump_fall_throw", "jump_shot")
"""M75, M77: shots loosed in a jump (or a fall); M76 walks or runs."""


def missiles(state: Battle, events: tuple[Any, ...]) -> tuple[Missile, ...]:
    """This round's shots from their `skirmish.shot` events (those after the round's `skirmish.field_round`, as
    `state.shots`), each target and guard where he stood when it was loosed: the round's start cells (the first of
    each path moved) moved on by the moves before it."""
    starts = [n for n, e in enumerate(events) if e.type == "skirmish.field_round"]
    cells = {f.id: f.cell for f in state.fighters}
    cells.update({fid: path[0] for fid, path in state.moved if path})
    out: list[Missile] = []
    for e in events[(starts[-1] + 1 if starts else 0):]:
        p = e.payload
        if e.type == "skirmish.moved" and p["path"]:
            cells[p["fighter"]] = (int(p["path"][-1][0]), int(p["path"][-1][1]))
        elif e.type == "skirmish.shot" and p["outcome"] != "not_loosed" and not p.get("misfire"):
            # M82: no arrow left the string; L950: a botched preparation's projectile never leaves the weapon
            before = cells.get(p["shooter"], tuple(p["from_cell"]))
            if p.get("move"):
                cells[p["shooter"]] = (int(p["move"]["to"][0]), int(p["move"]["to"][1]))
            out.append(missile(p, dict(cells), before, state))
    return tuple(out)


def walked(path: tuple[tuple[int, int], ...],
           moves: list[tuple[tuple[int, int], ...]]) -> tuple[tuple[int, int], ...]:
    """The round's path without the cells of the shots on the move (M75-M77), which are drawn as theirs: the path
    folds them in after the cells walked before (battle_events.on_the_move)."""
    out = list(path)
    for move in reversed(moves):
        tail = list(move[1:])
        if tail and out[-len(tail):] == tail:
            out = out[:-len(tail)]
    return tuple(out)


def stray_end(state: Battle, start: tuple[int, int], direction: str, metres: int) -> tuple[int, int]:
    """Where a stray shot's line ends (CP-41): `metres` cells (the shot's distance) that way, or the first cell off
    the field when it leaves it before (drawn up to the field's edge, `flight_line`)."""
    cell = start
    for _ in range(max(1, metres)):
        cell = grid.neighbour(state.grid, cell, direction)
        if not on_field(state.width, state.height, cell):
            break
    return cell


def on_field(width: int, height: int, cell: tuple[int, int]) -> bool:
    return 0 <= cell[0] < width and 0 <= cell[1] < height


def missile(p: dict[str, Any], cells: dict[str, tuple[int, int]], before: tuple[int, int],
            state: Battle | None = None) -> Missile:
    """One shot's marks from its payload; `cells` where everyone stood when it was loosed."""
    start, end = (int(p["from_cell"][0]), int(p["from_cell"][1])), (int(p["to_cell"][0]), int(p["to_cell"][1]))
    flights: list[Flight] = []
    botch = p.get("botch") or {}
    if botch.get("kind") == "random_direction" and state is not None:  # CP-41: the GM's direction
        flights.append(Flight("stray", str(botch["direction"]), start,
                              stray_end(state, start, str(botch["direction"]), int(p["metres"])), "miss"))
    elif botch.get("ally"):  # CP-41: the ally the GM chose, struck
        flights.append(Flight("stray", str(botch["ally"]), start, cells.get(str(botch["ally"]), end),
                              str(botch.get("outcome") or "miss")))
    second = p.get("second")
    if second:
        there = tuple(second["to_cell"]) if second.get("to_cell") else cells.get(second["target"], end)
        flights.append(Flight("second", second["target"], start, (int(there[0]), int(there[1])), second["outcome"]))
    last = end
    for nxt in p.get("through") or []:  # M79: the projectile flies on from each target to the next
        there = (int(nxt["to_cell"][0]), int(nxt["to_cell"][1]))
        flights.append(Flight("through", nxt["target"], last, there, nxt["outcome"]))
        last = there
    stuck = None
    for g in p.get("grazed") or []:  # M78: grazed on the line of fire (or the projectile stuck there)
        flights.append(Flight("graze", g["target"], start, cells[g["target"]], g["outcome"]))
        stuck = flights[-1] if g.get("stuck") else stuck
    guards: list[Guard] = []
    for t, d, guarded in ((p["target"], p.get("defence"), p.get("protectors")),
                          *((x["target"], x.get("defence"), x.get("protectors"))
                            for x in (second, *(p.get("through") or []), *(p.get("grazed") or [])) if x)):
        if d and d.get("screen") is not None and not any(g.kind == "screen" and g.fighter == t for g in guards):
            guards.append(Guard("screen", t, cells.get(t, end), t, start, tuple(d["screen"])))
        for g, guard in (guarded or {}).items():
            if not any(x.kind == "protect" and x.fighter == g and x.target == t for x in guards):
                guards.append(Guard("protect", g, cells[g], t, start, (guard["maneuver"], guard["side"])))
    move = p.get("move") or {}
    path = (before, *((int(c[0]), int(c[1])) for c in move.get("path") or [])) if move.get("path") else ()
    body = p.get("body_cover")  # L981: the projectile ends in the bodyguard who took it
    if body:
        stuck = Flight("body", str(body["target"]), start, cells.get(str(body["target"]), end), str(body["outcome"]))
    return Missile(p["shooter"], p["target"], start, stuck.end if stuck else end, p["band"],
                   stuck.outcome if stuck else p["outcome"], p.get("maneuver"), tuple(flights), path,
                   p.get("maneuver") in JUMPS, tuple(guards), str(body["target"]) if body else None)


def slots(state: Battle) -> list[list[str]]:
    from replay.rulesets.skirmish import initiative

    return initiative.slots(list(state.chain))


def slot_of(state: Battle, slot: list[str]) -> list[tuple[str, int | None]]:
    chain = dict(state.chain)
    return [(i, chain.get(i)) for i in slot]


def token(state: Battle, f: Any, color: str, path: tuple[tuple[int, int], ...], lang: str) -> Token:
    p = state.pair_of(f.id)
    from replay.rulesets.skirmish.model import Fight

    fight = p.fight if p is not None else Fight((f, f), round=state.round, exchange=max(1, state.exchange))
    view = pools.fighter_view(fight, f)
    w = f.weapon
    weapon = words.item_name(w.type, lang) if w else tr(lang, "без оружия", "unarmed")
    s = state.shooter(f.id)
    ranged_text = ""
    if s is not None:
        stage = {"empty": ("не готов", "empty"), "drawn": ("снаряд извлечён", "drawn"),
                 "prepared": ("готов к выстрелу", "prepared"), "aimed": ("прицелился", "aimed")}[s.stage]
        doing = {"draw": ("извлекает", "drawing"), "prepare": ("готовит", "preparing"), "aim": ("целится", "aiming")}
        busy = f", {words.pick(doing[s.busy], lang)} {s.done_s}/{s.need_s} " + tr(lang, "с", "s") if s.busy else ""
        lost = {"dropped": ("на полу", "on the floor"), "broken_or_jammed": ("сломан или заклинил", "broken or jammed"),
                "picking": ("поднимает с пола весь раунд", "picking it up over the round")}.get(s.lost or "")
        ranged_text = f"{ranged.weapon(s.weapon)['name'][lang]}: " + (words.pick(lost, lang) if lost else
                                                                       f"{words.pick(stage, lang)}{busy}") + ", " + tr(
            lang, f"снарядов {s.ammo}", f"ammo {s.ammo}")
    held = [ranged.weapon(k)["name"][lang] for i, k, _ in state.caught if i == f.id]  # M88: caught, in hand
    if held:
        weapon += " · " + tr(lang, "перехвачен: ", "caught: ") + ", ".join(held)
    wounds = ", ".join(f"{words.zone_name(x.precise, lang)} {x.level}" for x in f.wounds)
    tracks = tr(lang, f"уст. {f.fatigue} · боль {f.pain} · шок {view['shock']} · кровь {f.bleeding}",
                f"fat. {f.fatigue} · pain {f.pain} · shock {view['shock']} · bleed {f.bleeding}")
    formation = ""
    for fm in state.formations:
        mate = next((b if a == f.id else a for a, b in fm.partners if f.id in (a, b)), None)
        if f.id in fm.members:
            formation = tr(lang, f"строй {fm.commander}, предел {fm.cap}",
                           f"formation of {fm.commander}, cap {fm.cap}")
            formation += tr(lang, f", напарник {mate}", f", partner {mate}") if mate else ""
        elif f.id == fm.commander:
            formation = tr(lang, f"командир строя: {', '.join(fm.members)}",
                           f"commands a formation: {', '.join(fm.members)}")
    hold = next((g for g in fight.grapples if f.id in (g["holder"], g["held"])), None)  # 5.8 in a melee group
    if hold is not None:
        said = tr(lang, f"держит {hold['held']}", f"holds {hold['held']}") if hold["holder"] == f.id else \
            tr(lang, f"в захвате у {hold['holder']}", f"held by {hold['holder']}")
    status = "fled" if f.id in state.fled else view["status"]
    return Token(f.id, f.name["ru" if lang == "ru" else "en"], color, f.cell, f.facing, f.stance, status,
                 tuple(state.engaged_with(f.id)), path, view["pool"], tracks, weapon, ranged_text, wounds, formation,
                 said if hold is not None else "")


def desc(shown: Scene, lang: str) -> str:
    """A plain-text picture of the frame (the `<desc>` fallback)."""
    lines = [f"{shown.caption} — {shown.title}"]
    lines.append(tr(lang, "Инициатива: ", "Initiative: ") + "; ".join(shown.ladder))
    for t in shown.tokens:
        p = t.pool
        status = words.pick(FLED if t.status == "fled" else words.STATUS_NAMES.get(t.status, (t.status,) * 2), lang)
        stance = words.pick(words.STANCE_NAMES.get(t.stance, (t.stance, t.stance)), lang)
        lines.append(f"{t.id} {t.name}: ({t.cell[0]}, {t.cell[1]}) {t.facing}, {status}, {stance}; "
                     + tr(lang, f"Р {p['avail_R']}/{p['reflex']} Н {p['avail_S']}/{p['skill']}",
                          f"R {p['avail_R']}/{p['reflex']} S {p['avail_S']}/{p['skill']}")
                     + (tr(lang, f"; в схватке с {', '.join(t.engaged)}", f"; engaged with {', '.join(t.engaged)}")
                        if t.engaged else "")
                     + (f"; {t.ranged}" if t.ranged else "") + (f"; {t.formation}" if t.formation else "")
                     + (f"; {t.hold}" if t.hold else "")
                     + (f"; {t.wounds}" if t.wounds else ""))
    for m in shown.shots:
        lines += shot_lines(m, lang)
    for sw in shown.sweeps:
        lines.append(f"{words.pick(SWEEP_WORDS[sw.maneuver], lang)} {sw.attacker}: " + " → ".join(
            f"{n}. {t}" for n, t in enumerate(sw.targets, start=1)))
    lines += list(shown.event)
    return "\n".join(lines)


OUTCOMES = {"hit": ("попадание", "hit"), "miss": ("промах", "miss"), "no_wound": ("без раны", "no wound"),
            "covered": ("телохранитель прикрыл телом", "a bodyguard took it")}
BAND_RU = {"point_blank": "в упор", "short": "короткая", "medium": "средняя", "long": "длинная",
           "extreme": "предельная"}


def shot_lines(m: Missile, lang: str) -> list[str]:
    """A shot in the frame's <desc>: the first projectile, each flight beyond it, the path moved and the guards."""
    said = words.pick(OUTCOMES.get("covered" if m.body else m.outcome, (m.outcome, m.outcome)), lang)
    lines = [tr(lang, f"выстрел {m.shooter} → {m.target}: {BAND_RU[m.band]}, {said}",
                f"shot {m.shooter} → {m.target}: {m.band}, {said}")
             + (f" ({words.pick(SHOT_WORDS[m.maneuver], lang)})" if m.maneuver in SHOT_WORDS else "")]
    if m.body:  # L981: the bodyguard took the projectile
        outcome = words.pick(OUTCOMES.get(m.outcome, (m.outcome, m.outcome)), lang)
        lines.append(tr(lang, f"  {m.body} прикрыл {m.target} телом: {outcome}",
                        f"  {m.body} covered {m.target} with his body: {outcome}"))
    if len(m.move) > 1:
        cells = " → ".join(f"({x}, {y})" for x, y in m.move)
        lines.append(tr(lang, f"  {'прыжок' if m.jump else 'путь'} {m.shooter}: {cells}",
                        f"  {m.shooter} {'jumped' if m.jump else 'moved'}: {cells}"))
    for f in m.flights:
        outcome = words.pick(OUTCOMES.get(f.outcome, (f.outcome, f.outcome)), lang)
        kind = {"second": ("второй снаряд", "second projectile"), "through": ("навылет", "through"),
                "graze": ("по касательной", "grazed"), "stray": ("ушёл в сторону", "stray")}[f.kind]
        if f.kind == "stray" and f.target in grid.steps("square"):  # a direction the GM rolled, not a fighter
            lines.append(f"  {words.pick(kind, lang)} → {words.facing_name(f.target, lang, word=True)}")
            continue
        lines.append(f"  {words.pick(kind, lang)} → {f.target}: {outcome}")
    for g in m.guards:
        if g.kind == "screen":
            zones = ", ".join(words.pick(words.ZONE_NAMES.get(z, (z, z)), lang) for z in g.detail) or tr(
                lang, "только рука со щитом", "the carrying arm only")
            lines.append(tr(lang, f"  {g.fighter}: заслон щитом ({zones})", f"  {g.fighter}: shield screen ({zones})"))
        else:
            how = ", ".join(words.pick(GUARD_WORDS.get(x, (x, x)), lang) for x in g.detail)
            lines.append(tr(lang, f"  {g.fighter} защищает {g.target} ({how})", f"  {g.fighter} protects {g.target} "
                            f"({how})"))
    return lines


SHOT_WORDS = {"jump_fall_throw": ("бросок в прыжке, M75", "throw while jumping, M75"),
              "moving_shot": ("выстрел в движении, M76", "shot on the move, M76"),
              "jump_shot": ("выстрел в прыжке, M77", "jump shot, M77"),
              "grazing_shot": ("выстрел по касательной, M78", "grazing shot, M78"),
              "through_shot": ("выстрел навылет, M79", "through shot, M79"),
              "double_shot": ("двойной выстрел, M80", "double shot, M80"),
              "synchronous_throw": ("синхронный бросок, M81", "synchronous throw, M81"),
              "rapid_fire": ("скоростная стрельба, M82", "rapid fire, M82")}
"""A shot's maneuver in the frame's <desc>."""
GUARD_WORDS = {"shield_parry_missile": ("парирование щитом", "shield parry"),
               "weapon_parry_missile": ("парирование оружием", "weapon parry"), "front": ("спереди", "in front"),
               "flank": ("с фланга", "from the flank"), "body_cover": ("прикрывает телом", "body cover")}
"""M83: a protector's defence and where he stands, in the frame's <desc>."""


# --- drawing ---------------------------------------------------------------------------------------------------

def cell_size(shown: Scene) -> float:
    room_w = WIDTH - MAP_X - LADDER_W - 32
    if shown.grid == "hex":
        return min(34.0, room_w / (sqrt(3) * (shown.width + 1)), 380 / (1.5 * shown.height + 1))
    return min(56.0, room_w / shown.width, 420 / shown.height)


def centre(shown: Scene, size: float, cell: tuple[int, int]) -> tuple[float, float]:
    if shown.grid == "hex":
        x, y = grid.centre("hex", cell)
        return MAP_X + size * (x + sqrt(3) / 2) + 4, MAP_Y + 8 + size * (y + 1)
    return MAP_X + size * (cell[0] + 0.5), MAP_Y + 8 + size * (cell[1] + 0.5)


def map_height(shown: Scene, size: float) -> float:
    return (size * (1.5 * shown.height + 0.5) if shown.grid == "hex" else size * shown.height) + 16


def ladder_room(shown: Scene) -> int:
    """The ladder's lines reserved in every frame of a game: one slot per fighter at most (the panels start below)."""
    return max(1, len(shown.tokens), len(shown.ladder))


SWEEP_WORDS = {"circular_strike": ("круговой удар", "circular strike"),
               "circular_slash": ("круговой порез", "circular slash"),
               "synchronous_attack": ("синхронная атака", "synchronous attack")}


def sweeps(events: tuple[Any, ...]) -> tuple[Sweep, ...]:
    """This round's declarations of a blow on several targets (after the round's `skirmish.field_round`): a sweep's
    `target` and `then` (M09, M10), a synchronous attack's `target` and `also` (M24)."""
    starts = [n for n, e in enumerate(events) if e.type == "skirmish.field_round"]
    out = []
    for e in events[(starts[-1] + 1 if starts else 0):]:
        p = e.payload
        if e.type != "skirmish.declared" or p.get("step") != "attack" or p.get("maneuver") not in SWEEP_WORDS:
            continue
        o = p.get("order") or {}
        further = [str(o["also"])] if p["maneuver"] == "synchronous_attack" and o.get("also") else \
            [str(t) for t in o.get("then") or []] if p["maneuver"] != "synchronous_attack" else []
        if further and o.get("target"):
            out.append(Sweep(str(p["actor"]), str(p["maneuver"]), (str(o["target"]), *further)))
    return tuple(out)


def frame(view: FrameView) -> str:
    lang = "ru" if view.lang == "ru" else "en"
    shown = scene(view)
    size = cell_size(shown)
    top = MAP_Y + max(map_height(shown, size), 24 + 22 * ladder_room(shown)) + 12
    rows = (len(shown.tokens) + COLUMNS - 1) // COLUMNS
    event = [line for why in shown.event for line in S.wrap(why, 12, WIDTH - 56)]
    if len(event) > EVENT_LINES:  # the box keeps its size: the last line says "…", the whole event is in <desc>
        event = [*event[:EVENT_LINES - 1], S.fit(" ".join(event[EVENT_LINES - 1:]) + " …", 12, WIDTH - 56)]
    box_y = top + rows * (PANEL_H + 10)
    legend_y = box_y + 22 + 17 * EVENT_LINES  # the same room for the event box in every frame, even empty
    keyed = legend_items(lang, colours(view.state), shown, view.state)
    height = int(legend_y + S.legend_height(keyed.every(), width=WIDTH - 32) + 12)  # one size for a game's frames
    dwg = S.new_drawing(WIDTH, height, title=shown.title, caption=shown.caption, last_hash=view.last_hash,
                        desc_text=shown.desc)
    drew = keyed.drew  # each mark is named in the legend where it is drawn, and only then
    draw_grid(dwg, shown, size, drew)
    draw_paths(dwg, shown, size, drew)
    draw_bands(dwg, shown, size, map_height(shown, size), lang, drew)
    draw_pairs(dwg, shown, size, drew)
    draw_shot_moves(dwg, shown, size, drew)
    draw_guards(dwg, shown, size, drew)
    draw_shots(dwg, shown, size, drew)
    draw_sweeps(dwg, shown, size, drew)
    for t in shown.tokens:
        if member(t):
            cx, cy = centre(shown, size, t.cell)
            dwg.add(dwg.rect((cx - size * 0.47, cy - size * 0.47), (size * 0.94, size * 0.94), fill="none",
                             stroke=t.color, stroke_width=2.5, stroke_dasharray="5,3", rx=6))
            drew("formation")
        draw_token(dwg, shown, size, t, drew)
    draw_badges(dwg, shown, size, drew)
    draw_ladder(dwg, shown, lang)
    for k, t in enumerate(shown.tokens):
        draw_panel(dwg, t, 16 + (k % COLUMNS) * (PANEL_W + 10), top + (k // COLUMNS) * (PANEL_H + 10), lang)
    dwg.add(dwg.rect((16, box_y), (WIDTH - 32, 10 + 17 * EVENT_LINES), fill="#fafafa", stroke=S.FAINT,
                     stroke_width=1.5, rx=6))
    for n, line in enumerate(event or ["—"]):
        S.label(dwg, dwg, line, (28, box_y + 18 + 17 * n), size=12)
    S.legend(dwg, keyed.shown(), (16, legend_y), width=WIDTH - 32)  # what this frame draws, nothing else
    return S.to_string(dwg)


def member(t: Token) -> bool:
    """A formation's member (5.12), outlined on the map; its commander is not."""
    return bool(t.formation) and not t.formation.startswith(("командир", "commands"))


def out_of_fight(t: Token) -> bool:
    return t.status in ("dead", "unconscious", "fled")


def hex_points(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    from math import pi

    return [(cx + size * cos(pi / 6 + k * pi / 3), cy + size * sin(pi / 6 + k * pi / 3)) for k in range(6)]


def draw_grid(dwg: Any, shown: Scene, size: float, drew: Callable[[str], None] = lambda key: None) -> None:
    flags = dict(shown.terrain)
    for y in range(shown.height):
        for x in range(shown.width):
            kind = next((k for k in ("blocked", "cover", "crowd", "confined") if k in flags.get((x, y), ())), None)
            fill = S.hatch(dwg, TERRAIN[kind][1], "#7a7a7a", TERRAIN[kind][0]) if kind else "#f7f7f2"
            if kind:
                drew(f"terrain:{kind}")
            cx, cy = centre(shown, size, (x, y))
            if shown.grid == "hex":
                dwg.add(dwg.polygon(hex_points(cx, cy, size), fill=fill, stroke=S.FAINT, stroke_width=1))
            else:
                dwg.add(dwg.rect((cx - size / 2, cy - size / 2), (size, size), fill=fill, stroke=S.FAINT,
                                 stroke_width=1))
    for x in range(0, shown.width, 2):  # coordinates along the top edge and the left edge
        cx, cy = centre(shown, size, (x, 0))
        S.label(dwg, dwg, str(x), (cx, MAP_Y + 6), size=8, anchor="middle", fill=S.MUTED)


def draw_paths(dwg: Any, shown: Scene, size: float, drew: Callable[[str], None] = lambda key: None) -> None:
    for t in shown.tokens:
        if len(t.path) < 2:
            continue
        drew("path")
        points = [centre(shown, size, c) for c in t.path]
        dwg.add(dwg.polyline(points, fill="none", stroke=t.color, stroke_width=3, stroke_dasharray="6,4",
                             stroke_opacity=0.8))
        for px, py in points[:-1]:
            dwg.add(dwg.circle((px, py), 3, fill=t.color))


def draw_bands(dwg: Any, shown: Scene, size: float, height: float, lang: str,
               drew: Callable[[str], None] = lambda key: None) -> None:
    """The range bands of the shooter just resolved, clipped to the map."""
    if shown.bands is None:
        return
    drew("bands")
    shooter, bands = shown.bands
    t = next(x for x in shown.tokens if x.id == shooter)
    cx, cy = centre(shown, size, t.cell)
    unit = size * (sqrt(3) if shown.grid == "hex" else 1)
    clip = dwg.defs.add(dwg.clipPath(id="map-clip"))
    clip.add(dwg.rect((MAP_X, MAP_Y), (WIDTH - LADDER_W - 32 - MAP_X, height)))
    group = dwg.add(dwg.g(clip_path="url(#map-clip)"))
    names = {"point_blank": "в упор", "short": "короткая", "medium": "средняя", "long": "длинная",
             "extreme": "предельная"}
    for name, metres in bands:
        r = metres * unit
        group.add(dwg.circle((cx, cy), r, fill="none", stroke=S.ORANGE, stroke_width=1.2, stroke_dasharray="3,4"))
        S.label(dwg, group, f"{tr(lang, names[name], name.replace('_', ' '))} {metres}",
                (cx + r * 0.7, cy - r * 0.7), size=9, fill=S.ORANGE)


def draw_pairs(dwg: Any, shown: Scene, size: float, drew: Callable[[str], None] = lambda key: None) -> None:
    cells = {t.id: t.cell for t in shown.tokens}
    for a, b in shown.pairs:
        drew("pair")
        dwg.add(dwg.line(centre(shown, size, cells[a]), centre(shown, size, cells[b]), stroke=S.INK,
                         stroke_width=6, stroke_dasharray="2,3"))


SHIELD = "#8d6e63"
"""The shield's brown: a screen (M84) and a comrade's protection (M83)."""
BADGES = {"second": "2", "through": "»", "graze": "~", "stray": "!"}
"""The letter on a flight's badge: the second projectile (M80, M81), flying on (M79), a graze (M78), a hurried aim's
stray shot (CP-41)."""


def token_radius(shown: Scene, size: float) -> float:
    return size * (0.62 if shown.grid == "hex" else 0.36)


def shifted(start: tuple[float, float], end: tuple[float, float], side: float,
            short: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The segment moved `side` px to the right of its direction and its end drawn back by `short` px (the arrow's
    head shows before the target's token)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    norm = sqrt(dx * dx + dy * dy) or 1
    ux, uy = dx / norm, dy / norm
    back = min(short, norm * 0.4)
    return ((start[0] - uy * side, start[1] + ux * side),
            (end[0] - uy * side - ux * back, end[1] + ux * side - uy * back))


def badge(dwg: Any, text: str, at: tuple[float, float], color: str) -> None:
    """A flight's badge: its letter in a small box outlined in the flight's colour."""
    dwg.add(dwg.rect((at[0] - 7, at[1] - 7), (14, 13), fill=S.PAPER, stroke=color, stroke_width=1.2, rx=2))
    S.label(dwg, dwg, text, (at[0], at[1] + 3.5), size=10, bold=True, anchor="middle", fill=S.INK)


def shot_colour(outcome: str) -> str:
    return S.ORANGE if outcome == "hit" else S.MUTED


def draw_shots(dwg: Any, shown: Scene, size: float, drew: Callable[[str], None] = lambda key: None) -> None:
    """Each shot's first projectile (orange on a hit, grey dashed otherwise) and beside it the second projectile (M80,
    M81); the flights on to a next target (M79) and the badges come after the tokens (`draw_badges`)."""
    r = token_radius(shown, size)
    for m in shown.shots:
        drew("shot:hit" if m.outcome == "hit" else "shot:miss")
        start, end = shifted(centre(shown, size, m.start), centre(shown, size, m.end), 4, r + size * 0.2 + 3)
        S.arrow(dwg, dwg, start, end, color=shot_colour(m.outcome), width=2.5, dashed=m.outcome != "hit")
        for f in m.flights:
            if f.kind == "second":  # the flights on from a target (M79) come over the tokens (`draw_badges`)
                drew("shot:hit" if f.outcome == "hit" else "shot:miss")
                a, b = flight_line(shown, size, f)
                S.arrow(dwg, dwg, a, b, color=shot_colour(f.outcome), width=2.5, dashed=f.outcome != "hit")


def flight_line(shown: Scene, size: float, f: Flight) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a flight's arrow runs: the second projectile beside the first; a through flight from the edge of the
    target it passed to the edge of the next."""
    r = token_radius(shown, size)
    a, b = centre(shown, size, f.start), centre(shown, size, f.end)
    if f.kind == "through":
        _, a = shifted(b, a, 0, r + 1)
    if f.kind == "stray" and not on_field(shown.width, shown.height, f.end):  # it leaves the field: up to its edge
        k = max(1, grid.distance(shown.grid, f.start, f.end))
        norm = sqrt((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) or 1
        past = (0.5 * norm / k - 12) / norm  # the arrow's head 12 px past the field's edge
        b = (b[0] - (b[0] - a[0]) * past, b[1] - (b[1] - a[1]) * past)
        _, a = shifted(b, a, 0, r + 1)
        return shifted(a, b, -9, 0)
    return shifted(a, b, 13 if f.kind == "second" else -9 if f.kind == "stray" else 4, r + size * 0.2 + 3)


def draw_badges(dwg: Any, shown: Scene, size: float, drew: Callable[[str], None] = lambda key: None) -> None:
    """Over the tokens: a through shot's flight from one target on to the next (M79; often to the comrade right
    behind, whose tokens would hide it), the second projectile's 2 at its arrow's middle, » on the next target of a
    through shot, ~ on a grazed target (M78), each outlined in its flight's colour."""
    r = token_radius(shown, size)
    for m in shown.shots:
        for f in m.flights:
            drew(f.kind)
            if f.kind in ("through", "stray"):
                drew("shot:hit" if f.outcome == "hit" else "shot:miss")
                a, b = flight_line(shown, size, f)
                S.arrow(dwg, dwg, a, b, color=shot_colour(f.outcome), width=2.5, dashed=f.outcome != "hit")
            cx, cy = centre(shown, size, f.end)
            if f.kind == "stray":  # beside the arrow's middle, clear of its head
                a, b = flight_line(shown, size, f)
                at = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                at = (at[0] + (12 if b[0] <= a[0] else -12), at[1] - 10)
            elif f.kind == "second":
                a, b = flight_line(shown, size, f)
                at = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            else:
                at = (cx + r * (0.8 if f.kind == "graze" else -0.8), cy - r * 0.8)
            badge(dwg, BADGES[f.kind], at, shot_colour(f.outcome))


def draw_shot_moves(dwg: Any, shown: Scene, size: float, drew: Callable[[str], None] = lambda key: None) -> None:
    """M75-M77: the cells a shooter walked (M76) or jumped (M75, M77, arched) before he loosed, in his colour."""
    colour = {t.id: t.color for t in shown.tokens}
    for m in shown.shots:
        if len(m.move) < 2:
            continue
        drew("shot_move")
        points = [centre(shown, size, c) for c in m.move]
        if m.jump:
            d = f"M{points[0][0]:.1f},{points[0][1]:.1f}"
            for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
                d += f" Q{(x0 + x1) / 2:.1f},{min(y0, y1) - size * 0.6:.1f} {x1:.1f},{y1:.1f}"
            dwg.add(dwg.path(d=d, fill="none", stroke=colour[m.shooter], stroke_width=3, stroke_dasharray="1,4",
                             stroke_linecap="round"))
        else:
            dwg.add(dwg.polyline(points, fill="none", stroke=colour[m.shooter], stroke_width=3,
                                 stroke_dasharray="1,4", stroke_linecap="round"))


BODY_DASH = "6,2"
"""L981: a bodyguard's body cover is drawn as a protector's (M83) with longer dashes, its own legend entry."""


def draw_guards(dwg: Any, shown: Scene, size: float, drew: Callable[[str], None] = lambda key: None) -> None:
    """M84: a shield's arc on the screened target's side towards the shooter; M83: the protector's arc towards the
    shooter and a dotted line to the comrade he covers, both dashed."""
    r = token_radius(shown, size) + 4
    for m in shown.shots:
        for g in m.guards:
            body = g.kind == "protect" and g.detail[:1] == ("body_cover",)  # L981: a bodyguard's body, longer dashes
            drew("body_cover" if body else g.kind)
            cx, cy = centre(shown, size, g.cell)
            tx, ty = centre(shown, size, g.towards)
            dash = BODY_DASH if body else "2,2"
            dashed = {"stroke_dasharray": dash} if g.kind == "protect" else {}
            angle = atan2(ty - cy, tx - cx)
            (x0, y0), (x1, y1) = ((cx + r * cos(angle + k), cy + r * sin(angle + k)) for k in (-0.9, 0.9))
            dwg.add(dwg.path(d=f"M{x0:.1f},{y0:.1f} A{r:.1f},{r:.1f} 0 0,1 {x1:.1f},{y1:.1f}", fill="none",
                             stroke=SHIELD, stroke_width=4, **dashed))
            if g.kind == "protect":
                dwg.add(dwg.line((cx, cy), centre(shown, size, next(t.cell for t in shown.tokens
                                                                     if t.id == g.target)),
                                 stroke=SHIELD, stroke_width=4, stroke_dasharray=dash))


def draw_sweeps(dwg: Any, shown: Scene, size: float, drew: Callable[[str], None] = lambda key: None) -> None:
    """M09, M10, M24: a line in the attacker's colour from him over his targets in the blow's order (dashed), and on
    each target a badge with its place in that order."""
    tokens = {t.id: t for t in shown.tokens}
    r = token_radius(shown, size)
    for sw in shown.sweeps:
        if sw.attacker not in tokens or any(t not in tokens for t in sw.targets):
            continue
        drew("sweep")
        colour = tokens[sw.attacker].color
        points = [centre(shown, size, tokens[i].cell) for i in (sw.attacker, *sw.targets)]
        d = f"M{points[0][0]:.1f},{points[0][1]:.1f}"
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):  # each leg bowed to one side, as a swing
            bow = 0.9 * size / max(1.0, sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2))
            cx, cy = (x0 + x1) / 2 + (y1 - y0) * bow, (y0 + y1) / 2 - (x1 - x0) * bow
            d += f" Q{cx:.1f},{cy:.1f} {x1:.1f},{y1:.1f}"
        dwg.add(dwg.path(d=d, fill="none", stroke=colour, stroke_width=3, stroke_dasharray="8,3",
                         stroke_linecap="round"))
        for n, (x, y) in enumerate(points[1:], start=1):  # the place in the order, in the attacker's colour
            at = (x + r * 0.8, y - r * 0.8)
            dwg.add(dwg.circle(at, 7.5, fill=S.PAPER, stroke=colour, stroke_width=1.5))
            S.label(dwg, dwg, str(n), (at[0], at[1] + 3.5), size=10, bold=True, anchor="middle", fill=colour)


def sharing(shown: Scene, t: Token) -> tuple[int, int]:
    """(t's place among the tokens on its cell, how many stand there): partners share a cell (L1189)."""
    mates = [x.id for x in shown.tokens if x.cell == t.cell]
    return mates.index(t.id), len(mates)


def draw_token(dwg: Any, shown: Scene, size: float, t: Token, drew: Callable[[str], None] = lambda key: None) -> None:
    """A fighter's token with its facing and id; tokens sharing a cell stand side by side in it, smaller, so that
    neither hides the other or its id."""
    cx, cy = centre(shown, size, t.cell)
    r = token_radius(shown, size)
    place, count = sharing(shown, t)
    if count > 1:
        span = size * (0.5 if shown.grid == "hex" else 0.42)  # from the cell's centre to its edge, less a margin
        r = min(r, span / count * 0.95)
        cx += -span + 2 * span * (place + 0.5) / count
    fill = "#bdbdbd" if out_of_fight(t) else t.color
    drew("out" if out_of_fight(t) else f"side:{t.color}")
    ry = r * 0.55 if t.stance == "lying" else r
    dwg.add(dwg.ellipse((cx, cy), (r, ry), fill=fill, stroke=S.INK, stroke_width=1.5))
    nx, ny = centre(shown, size, grid.neighbour(shown.grid, t.cell, t.facing if t.facing in grid.steps(shown.grid)
                                                else "E"))
    ux, uy = nx - cx, ny - cy
    norm = sqrt(ux * ux + uy * uy) or 1
    dwg.add(dwg.line((cx + ux / norm * r, cy + uy / norm * ry), (cx + ux / norm * (r + size * 0.18),
                                                                  cy + uy / norm * (ry + size * 0.18)),
                     stroke=S.INK, stroke_width=3.5))
    fits = 1.8 * r * 12 / max(1.0, S.text_width(t.id, 12, bold=True))  # the id's size that fits across the token
    S.label(dwg, dwg, t.id, (cx, cy + 4), size=round(max(6.0, min(12.0, r * 0.66, fits)), 1), bold=True,
            anchor="middle", fill=S.PAPER)


def draw_ladder(dwg: Any, shown: Scene, lang: str) -> None:
    x = WIDTH - LADDER_W - 16
    dwg.add(dwg.rect((x, MAP_Y), (LADDER_W, 24 + 22 * max(1, len(shown.ladder))), fill=S.PAPER, stroke=S.FAINT,
                     stroke_width=1.5, rx=6))
    S.label(dwg, dwg, tr(lang, "Общая инициатива", "General initiative"), (x + 10, MAP_Y + 17), size=13, bold=True)
    for n, line in enumerate(shown.ladder or ("—",)):
        S.label(dwg, dwg, S.fit(line, 12, LADDER_W - 20), (x + 10, MAP_Y + 38 + 22 * n), size=12)


def draw_panel(dwg: Any, t: Token, x: float, y: float, lang: str) -> None:
    dwg.add(dwg.rect((x, y), (PANEL_W, PANEL_H), fill=S.PAPER, stroke=t.color, stroke_width=2, rx=6))
    S.label(dwg, dwg, S.fit(f"{t.id} · {t.name}", 13, PANEL_W - 110, bold=True), (x + 8, y + 17), size=13,
            bold=True, fill=t.color)
    status = words.pick(FLED if t.status == "fled" else words.STATUS_NAMES.get(t.status, (t.status, t.status)), lang)
    stance = words.pick(words.STANCE_NAMES.get(t.stance, (t.stance, t.stance)), lang)
    S.label(dwg, dwg, f"{status}, {stance}", (x + PANEL_W - 8, y + 17), size=11, anchor="end")
    p = t.pool
    S.label(dwg, dwg, tr(lang, f"Р {p['avail_R']}/{p['reflex']}  Н {p['avail_S']}/{p['skill']}  ({t.cell[0]}, "
                               f"{t.cell[1]}) {t.facing}",
                         f"R {p['avail_R']}/{p['reflex']}  S {p['avail_S']}/{p['skill']}  ({t.cell[0]}, {t.cell[1]}) "
                         f"{t.facing}"), (x + 8, y + 34), size=11)
    S.label(dwg, dwg, t.tracks, (x + 8, y + 50), size=11)
    engaged = tr(lang, f" · схватка: {', '.join(t.engaged)}", f" · melee: {', '.join(t.engaged)}") if t.engaged else ""
    S.label(dwg, dwg, S.fit(t.weapon + engaged, 11, PANEL_W - 16), (x + 8, y + 66), size=11)
    if t.ranged or t.formation or t.hold:
        S.label(dwg, dwg, S.fit(" · ".join(x for x in (t.ranged, t.formation, t.hold) if x), 11, PANEL_W - 16),
                (x + 8, y + 82), size=11)
    if t.wounds:
        S.label(dwg, dwg, S.fit(tr(lang, "раны: ", "wounds: ") + t.wounds, 11, PANEL_W - 16), (x + 8, y + 98),
                size=11, fill=S.BAD)


def badge_colour(shown: Scene | None, kind: str) -> str:
    """A flight's badge in the legend outlined as the board outlines it (`shot_colour`): grey when every flight of
    that kind in the frame missed or wounded no one (a stray shot gone astray, CP-41), orange otherwise."""
    outcomes = [f.outcome for m in (shown.shots if shown is not None else ()) for f in m.flights if f.kind == kind]
    return S.MUTED if outcomes and all(o != "hit" for o in outcomes) else S.ORANGE


def crowded(shown: Scene | None) -> bool:
    """The field has crowd cells (its terrain is the game's: the legend keeps one size for a game's frames)."""
    return shown is None or any("crowd" in flags for _, flags in shown.terrain)


SHOT_MARKS = frozenset({"shot:hit", "shot:miss", "second", "through", "graze", "stray", "shot_move", "screen",
                        "protect", "body_cover", "bands"})
"""The marks only a shot draws (5.6, M75-M84, CP-41)."""


def game_marks(state: Battle) -> frozenset[str]:
    """The marks of the legend a game's frames can draw, told by its setup, whatever the round: the shots' when a
    fighter has a ranged weapon, a blow on several targets when a fighter has two enemies or more (a melee of several,
    4.4), a formation's outline when a side has two fighters (5.12); the rest always. The legend keeps room for
    these only, so the frames of one game share one size and a game without shots or sweeps keeps no empty row."""
    sides = Counter(f.side for f in state.fighters)
    never = set() if state.shooters else set(SHOT_MARKS)
    if not any(len(state.fighters) - n >= 2 for n in sides.values()):
        never.add("sweep")
    if not any(n >= 2 for n in sides.values()):
        never.add("formation")
    return frozenset(never)


def legend_items(lang: str, paint: dict[str, str], shown: Scene | None = None,
                 state: Battle | None = None) -> S.Legend[S.Swatch]:
    """Every entry the legend may have, keyed by the mark it names (the `draw_*` functions say which they drew), each
    drawn as the board draws it: a side's colour, the paths in the sides' colours with the board's dashes, the
    melee pair's heavy dotted line, the shots, the range bands' thin orange dashes, the terrain with its hatch, a
    formation's dashed outline in its side's colour (`shown`: the first formation on the field); with the game's
    `state`, only the entries its frames can draw (`game_marks`)."""
    never = game_marks(state) if state is not None else frozenset()
    outline = next((t.color for t in shown.tokens if member(t)), S.BLUE) if shown is not None else S.BLUE

    def terrain(kind: str, ru: str, en: str) -> tuple[str, S.Swatch]:
        fill, pattern = TERRAIN[kind]
        return f"terrain:{kind}", S.Swatch(tr(lang, ru, en), fill=fill, hatch=pattern, stroke="#7a7a7a")

    sides: dict[str, list[str]] = {}  # a colour -> the sides it paints (more sides than colours share them)
    for side, color in paint.items():
        sides.setdefault(color, []).append(side)
    return S.Legend((key, entry) for key, entry in [
        *((f"side:{color}", S.Swatch("; ".join(side_name(side, lang) for side in named), fill=color, stroke=S.INK))
          for color, named in sides.items()),
        ("out", S.Swatch(tr(lang, "вне боя", "out of the fight"), fill="#bdbdbd")),
        ("path", S.Swatch(tr(lang, "путь за раунд", "path this round"), kind="dash", dash="6,4",
                          colors=tuple(sides)[:3])),
        ("pair", S.Swatch(tr(lang, "схватка", "melee pair"), kind="dash", stroke=S.INK, dash="2,3", width=6)),
        ("shot:hit", S.Swatch(tr(lang, "выстрел (попадание)", "shot (hit)"), kind="arrow", stroke=S.ORANGE)),
        ("shot:miss", S.Swatch(tr(lang, "выстрел (промах, без раны)", "shot (miss, no wound)"), kind="arrow",
                               stroke=S.MUTED, dashed=True)),
        ("second", S.Swatch(tr(lang, "второй снаряд (M80, M81)", "second projectile (M80, M81)"),
                            stroke=badge_colour(shown, "second"), text=BADGES["second"])),
        ("through", S.Swatch(tr(lang, "навылет, в следующую цель (M79)", "through, on to the next target (M79)"),
                             stroke=badge_colour(shown, "through"), text=BADGES["through"])),
        ("graze", S.Swatch(tr(lang, "задет по касательной (M78)", "grazed on the way (M78)"),
                           stroke=badge_colour(shown, "graze"), text=BADGES["graze"])),
        ("stray", S.Swatch(tr(lang, "торопливый выстрел ушёл в сторону (CP-41)", "hurried shot gone astray (CP-41)"),
                           stroke=badge_colour(shown, "stray"), text=BADGES["stray"])),
        ("shot_move", S.Swatch(tr(lang, "путь выстрела в движении, в прыжке (M75–M77)",
                                  "moved or jumped to shoot (M75–M77)"), kind="dash", dash="1,4", width=3,
                               colors=tuple(sides)[:3])),
        ("screen", S.Swatch(tr(lang, "заслон щитом (M84)", "shield screen (M84)"), kind="line", stroke=SHIELD,
                            width=4)),
        ("protect", S.Swatch(tr(lang, "защита союзника от выстрела (M83)", "protects an ally from the shot (M83)"),
                             kind="dash", stroke=SHIELD, dash="2,2", width=4)),
        ("body_cover", S.Swatch(tr(lang, "прикрытие телом (L981)", "body cover (L981)"), kind="dash", stroke=SHIELD,
                                dash=BODY_DASH, width=4)),
        ("sweep", S.Swatch(tr(lang, "удар по нескольким целям, по порядку (M09, M10, M24)",
                              "a blow on several targets, in order (M09, M10, M24)"), kind="dash", dash="8,3",
                           width=3, colors=tuple(sides)[:3])),
        ("bands", S.Swatch(tr(lang, "дальности стрелка", "shooter's range bands"), kind="dash", stroke=S.ORANGE,
                           dash="3,4", width=1.2)),
        terrain("blocked", "непроходимо", "blocked"),
        terrain("cover", "укрытие", "cover"),
        terrain("confined", "теснота", "confined"),
        *([terrain("crowd", "толпа (5.6.5)", "crowd (5.6.5)")] if crowded(shown) else []),
        ("formation", S.Swatch(tr(lang, "в строю (5.12)", "in formation (5.12)"), stroke=outline, fill=S.PAPER,
                               dashed=True, dash="5,3", width=2.5)),
    ] if key not in never)
