"""Quick draw (M50, L644–652, A-39): a weapon drawn with the declaration it enables, in the same exchange, without
using the action; the activation costs reflex points by where the weapon is. Picking a weapon up from the floor
(3 reflex and a Reflex check at %5) is NOT YET."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.rulesets.skirmish.model import Fight, Fighter

COST = {"scabbard": 1, "belt": 1, "boot": 2, "back": 2}
"""Reflex points by placement (L646); other places are the GM's (CP-31)."""


def cost(f: Fighter, wid: str) -> int:
    w = f.weapon_by_id(wid)
    return COST.get((w.location or "") if w else "", 0)


def problems(f: Fighter, wid: str) -> list[str]:
    """Why `wid` cannot be drawn now (empty: it can)."""
    w = f.weapon_by_id(wid)
    if w is None:
        return [f"{f.id} has no weapon {wid!r}"]
    if w.hands and w.state == "ready":
        return [f"{wid} is already in hand"]
    if w.state == "broken":
        return [f"{wid} is broken"]
    if w.state == "dropped" or w.location not in COST:
        return [f"{wid} lies on the floor or at {w.location!r}: picking up is NOT YET implemented (M50, CP-31)"]
    if any(x.hands and x.state == "ready" and f.main_hand in x.hands for x in f.weapons):
        return [f"{f.id}'s main hand is not free to draw {wid}"]
    return []


def drawn(state: Fight, fid: str, wid: str) -> Fight:
    """The fight with `wid` in the fighter's main hand (ready)."""
    f = state.fighter(fid)
    weapons = tuple(replace(w, hands=(f.main_hand,), state="ready") if w.id == wid else w for w in f.weapons)
    return state.with_fighter(replace(f, weapons=weapons))


def apply(state: Fight, fid: str, order: dict[str, Any]) -> tuple[Fight, dict[str, Any]]:
    """(the state after the draw, the order naming the drawn weapon) for a declaration with `draw`."""
    wid = order.get("draw")
    if not wid:
        return state, order
    return drawn(state, fid, wid), {**order, "weapon": order.get("weapon") or wid}
