"""Jumps and falls (§4.2.4–§4.2.5): a jump within half the МДД needs no roll; a longer one the movement roll; a
failed jump lands short and the warrior falls (the formula of A-41..A-43)."""

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
    h = float(ctx.decide("fall_height", max(0.0, w.z - z_end), warrior=w.id))
    why.append(f"fails: lands {short:g} cm along, at ({end[0]:g}, {end[1]:g}), z {z_end:g}; falls {h:g} cm")
    ctx.emit(_draft(ev.Jump(**base, die=die, allowance=allowance, success=False, end=[round(end[0], 4),
                                                                                      round(end[1], 4)],
                            z=z_end, facing=facing, fall_height=h, why=why)))
    falling(ctx, ctx.state.warrior(w.id), h, options.fall_mode)


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
