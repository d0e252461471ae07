"""Jumps and falls (§4.2.4–§4.2.5): a jump within half the МДД needs no roll; a longer one the movement roll; a
failed jump lands short and the warrior falls (the formula of A-41..A-43); one that lands on a warrior falls onto
it (A-45): into an engaged fight the roll-off of §4.3.4 says onto whose warrior, and the faller is placed at the
nearest free point."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from eventlog.envelope import Draft
from replay.context import Context, MissingInput
from replay.rulesets.warband import derive, space
from replay.rulesets.warband import events as ev
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.dice import d6, save_kinds, save_text, saves
from replay.rulesets.warband.model import State, WarbandOptions, Warrior


@dataclass(frozen=True)
class Fall:
    """The consequences of a fall from h cm (fall.mode = formula)."""

    level: int
    modifiers: dict[str, int]
    turns: int
    wounds: int
    durability: int


def fall(h: float, mode: str = "formula") -> Fall:
    """§4.2.5: L = ceil(h/8) − 1; МДД −2L, initiative −L, attack strength −2(L−1), attacks −(L−2); for
    1 + floor(h/16) turns (A-42 `literal`: the rulebook's "на 2 хода" for a fall between 32 and 40 cm); wounds
    1 + floor((h − 24)/16) above 24 cm; every item −(L−2) durability."""
    if h <= 8 + geo.EPS:
        return Fall(0, {}, 0, 0, 0)
    level = math.ceil(h / 8 - 1e-9) - 1
    mods = {"mdd": -2 * level, "initiative": -level, "attack_strength": -2 * (level - 1),
            "attacks": -max(0, level - 2)}
    mods = {k: v for k, v in mods.items() if v}
    wounds = 0 if h <= 24 + geo.EPS else 1 + math.floor((h - 24) / 16 + 1e-9)
    turns = 1 + math.floor(h / 16 + 1e-9)
    if mode == "literal" and 32 + geo.EPS < h < 40 - geo.EPS:
        turns = 2
    return Fall(level, mods, turns, wounds, max(0, level - 2))


def jump_problems(state: State, w: Warrior, mv: dict[str, Any], options: WarbandOptions) -> list[str]:
    to = mv.get("jump")
    if not (isinstance(to, list | tuple) and len(to) == 2 and all(isinstance(v, int | float) for v in to)):
        return [f"§4.2.4: {w.id}'s jump names its landing point [x, y]"]
    problems = []
    if w.moved:
        problems.append(f"§4.2.1.1: {w.id} has moved this stage")
    if w.engaged_with:
        problems.append(f"§4.2.13: {w.id} is engaged")
    land = (float(to[0]), float(to[1]))
    if geo.dist(w.pos, land) > derive.mdd(w) + geo.EPS:
        problems.append(f"§4.2.4: {w.id}'s jump is longer than its МДД {derive.mdd(w):g} cm")
    problems += [p for p in space.path_problems(state, w, [w.pos, land], options) if "crosses" not in p
                 or "impassable" in p]
    return problems


def jump(ctx: Context, side: str, w: Warrior, mv: dict[str, Any], options: WarbandOptions) -> None:
    problems = jump_problems(ctx.state, w, mv, options)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {w.id}'s jump: " + "; ".join(problems))
    land = (float(mv["jump"][0]), float(mv["jump"][1]))
    z_land, _ = space.surface_at(ctx.state, land)
    horizontal = geo.dist(w.pos, land)
    j = math.hypot(horizontal, w.z - z_land)
    m = derive.mdd(w)
    facing = float(mv.get("facing", geo.bearing(w.pos, land) if horizontal else w.facing))
    base: dict[str, Any] = {"warrior": w.id, "start": list(w.pos), "target": list(land), "distance": round(j, 4),
                            "mdd": m, "rule": "§4.2.4", "defaults": ["A-39", "A-40"]}
    why = [f"{w.id} jumps {j:.2f} cm (MDD {m:g}, half {m / 2:g})"]
    if j <= m / 2 + geo.EPS:
        why.append("within half the MDD: no roll (L86)")
        ctx.emit(_draft(ev.Jump(**base, success=True, end=list(land), z=z_land, facing=facing, why=why)))
        return
    die = d6(ctx, side, "move_roll", f"jump roll for {w.id} ({j:.1f} cm)", warrior=w.id)
    allowance, k = derive.rough_allowance(m, die, options.rough_k_mode)
    ok = allowance >= j - geo.EPS
    why.append(f"d6 {die}: {m:g} − {k}×(6 − {die}) = {allowance:g} cm {'≥' if ok else '<'} {j:.2f}")
    if ok:
        ctx.emit(_draft(ev.Jump(**base, die=die, allowance=allowance, success=True, end=list(land), z=z_land,
                                facing=facing, why=why)))
        return
    short = min(allowance, horizontal)
    end = (w.x + (land[0] - w.x) * short / horizontal, w.y + (land[1] - w.y) * short / horizontal) if horizontal \
        else w.pos
    z_end, _ = space.surface_at(ctx.state, end)
    onto: dict[str, Any] = {}
    under = landed_on(ctx.state, w, end)
    if under:
        onto, end = fall_onto(ctx, w, end, under, z_end)
        base["defaults"] = [*base["defaults"], "A-45", *(["A-58"] if onto.get("rolloff") else [])]
        base["rule"] = "§4.2.4, §4.3.4"
    h = float(ctx.decide("fall_height", max(0.0, w.z - z_end), warrior=w.id))
    why.append(f"fails: lands {short:g} cm along, at ({onto.get('aimed', end)[0]:g}, {onto.get('aimed', end)[1]:g}), "
               f"z {z_end:g}; falls {h:g} cm")
    if under:
        why.append(onto.pop("why"))
    ctx.emit(_draft(ev.Jump(**base, die=die, allowance=allowance, success=False, end=[round(end[0], 4),
                                                                                      round(end[1], 4)],
                            z=z_end, facing=facing, fall_height=h, **onto, why=why)))
    falling(ctx, ctx.state.warrior(w.id), h, options.fall_mode)


def landed_on(state: State, w: Warrior, at: tuple[float, float]) -> list[Warrior]:
    """A-45: the warriors the faller's base would overlap where it lands, nearest first (then by id)."""
    r = derive.radius(w)
    found = [o for o in state.warriors if o.id != w.id and o.active and o.deployed
             and geo.overlaps(at, r, o.pos, derive.radius(o))]
    return sorted(found, key=lambda o: (geo.dist(at, o.pos), o.id))


def fall_onto(ctx: Context, w: Warrior, at: tuple[float, float], under: list[Warrior],
              z: float) -> tuple[dict[str, Any], tuple[float, float]]:
    """§4.3.4 step 6, A-45: landing on warriors of an engaged fight, the sides in it roll off as for a shot (the
    lowest roller is fallen upon: its warrior in the fight nearest the landing point, then the lowest id); landing
    on warriors no fight links, the nearest of them. The warrior fallen upon takes no harm unless the GM rules
    (A-45); the faller is placed at the nearest free point of the same level."""
    from replay.rulesets.warband.resolve import cluster, rolloff

    state = ctx.state
    members = sorted({m for o in under for m in cluster(state, o.id)})
    rolls: dict[str, list[int]] = {}
    victim = under[0]
    if len({state.warrior(m).side for m in members}) > 1:
        side, rolls = rolloff(ctx, w, members, fall=True)
        victim = min((state.warrior(m) for m in members if state.warrior(m).side == side),
                     key=lambda o: (geo.dist(at, o.pos), o.id))
    placed = free_point(state, w, at, z)
    why = (f"lands on {', '.join(o.id for o in under)}"
           + (" in an engaged fight; roll-off " + ", ".join(f"{s} {'/'.join(map(str, r))}" for s, r in rolls.items())
              + f": falls on {victim.side}, on {victim.id}" if rolls else f": falls on {victim.id}")
           + f", who takes no harm unless the GM rules (A-45); placed at the nearest free point "
             f"({placed[0]:g}, {placed[1]:g})")
    return ({"landed_on": victim.id, "rolloff": rolls or None, "aimed": [round(at[0], 4), round(at[1], 4)],
             "why": why}, placed)


def free_point(state: State, w: Warrior, at: tuple[float, float], z: float) -> tuple[float, float]:
    """A-45: the point nearest `at` where the faller's base overlaps no base, lies on the table, on the level z,
    and not on an impassable piece: among the points touching one base or two, the nearest free one (cm, 4 places)."""
    r = derive.radius(w)
    others = [(o.pos, derive.radius(o) + r) for o in state.warriors
              if o.id != w.id and o.active and o.deployed]

    def free(p: tuple[float, float]) -> bool:
        if not (r - geo.EPS <= p[0] <= state.table[0] - r + geo.EPS and r - geo.EPS <= p[1] <= state.table[1] - r
                + geo.EPS):
            return False
        h, piece = space.surface_at(state, p)
        if abs(h - z) > geo.EPS or (piece is not None and piece.impassable):
            return False
        return all(geo.dist(p, c) >= rr + 5e-5 for c, rr in others)  # clear of every base once rounded

    if free(at):
        return at
    candidates: list[tuple[float, float]] = []  # touching one base, or two: exact where no edge or level is near
    for c, rr in others:
        d = geo.dist(at, c)
        ux, uy = ((at[0] - c[0]) / d, (at[1] - c[1]) / d) if d > geo.EPS else (1.0, 0.0)
        candidates.append((c[0] + ux * (rr + 1e-4), c[1] + uy * (rr + 1e-4)))
    for i, (c1, r1) in enumerate(others):
        for c2, r2 in others[i + 1:]:
            candidates += _circle_crossings(c1, r1 + 1e-4, c2, r2 + 1e-4)
    exact = sorted((p for p in candidates if free(p)), key=lambda p: (geo.dist(at, p), p))
    for k in range(1, 801):  # else rings 0.05 cm apart, 2° between bearings, out to 40 cm
        rho = 0.05 * k
        if exact and geo.dist(at, exact[0]) <= rho:
            return (round(exact[0][0], 4), round(exact[0][1], 4))
        for n in range(180):
            a = math.radians(2 * n)
            p = (at[0] + rho * math.cos(a), at[1] + rho * math.sin(a))
            if free(p):
                return (round(p[0], 4), round(p[1], 4))
    raise MissingInput(f"§4.2.5, A-45: no free point to place {w.id} near ({at[0]:g}, {at[1]:g}); the GM rules it")


def _circle_crossings(c1: tuple[float, float], r1: float, c2: tuple[float, float],
                      r2: float) -> list[tuple[float, float]]:
    d = geo.dist(c1, c2)
    if d < geo.EPS or d > r1 + r2 or d < abs(r1 - r2):
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - a * a))
    mx, my = c1[0] + a * (c2[0] - c1[0]) / d, c1[1] + a * (c2[1] - c1[1]) / d
    ox, oy = -(c2[1] - c1[1]) / d * h, (c2[0] - c1[0]) / d * h
    return [(mx + ox, my + oy), (mx - ox, my - oy)]


def falling(ctx: Context, w: Warrior, h: float, mode: str = "formula") -> None:
    """§4.2.5 (A-44): each wound saved by the armour save; then every item loses durability; then the effect."""
    f = fall(h, mode)
    made_all: list[list[dict[str, Any]]] = []
    wounds = 0
    removed = False
    for n in range(1, f.wounds + 1):
        if removed:
            break
        made, saved = saves(ctx, w, save_kinds(w), fall=n)
        made_all.append(made)
        if not saved:
            wounds += 1
            removed = w.wounds + wounds >= derive.health(w)
    until = ctx.turn + f.turns - 1
    why = [f"fall {h:g} cm: level {f.level}; " + (", ".join(f"{k} {v:+d}" for k, v in f.modifiers.items()) or
                                                  "no effect")
           + (f" until the end of turn {until}" if f.turns else "")
           + ("" if mode == "formula" else " (house rule fall_mode = literal)")]
    if f.wounds:
        why.append(f"{f.wounds} wound(s): " + "; ".join(save_text(m) for m in made_all)
                   + f" → {wounds} taken" + (", removed" if removed else ""))
    if f.durability:
        why.append(f"every item −{f.durability} durability")
    ctx.emit(_draft(ev.Fell(warrior=w.id, height=h, level=f.level, modifiers=f.modifiers, until=until,
                            wounds=wounds, removed=removed, saves=[s for m in made_all for s in m],
                            durability=f.durability, rule="§4.2.5",
                            defaults=[d for d in ("A-41", "A-42", "A-43", "A-44") if mode == "formula" or d != "A-42"],
                            why=why)))


def _draft(e: ev.Resolution) -> Draft:
    return Draft(e.type, e.model_dump(mode="json"))
