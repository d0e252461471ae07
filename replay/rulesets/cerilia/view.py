"""`state --json` (the contractual fields of docs/cerilia.md) and what each viewer may see (§3: the purchase list
and the never-deployed pool are the owner's secret)."""

from __future__ import annotations

from typing import Any

from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.model import RESERVE, Battle, Stack, battle_to_json


def location(stack: Stack) -> str:
    """C2-1, RA-3, or RA for the pool of never-deployed units."""
    return RESERVE[stack.side] if stack.location == "pool" else stack.location


def status(stack: Stack) -> str | None:
    return "routed" if stack.routed else "falling back" if stack.fall_back_pending else None


def stack_json(state: Battle, stack: Stack) -> dict[str, Any]:
    """The contractual fields (docs/cerilia.md); `code` is null until the stack has a sign (never deployed)."""
    body = dv.body(state, stack)
    shown = str(dv.code(state, stack)) if dv.sign(state, stack) else None
    return {"id": stack.id, "side": stack.side, "code": shown, "location": location(stack),
            "damage": body.damage, "mp": dv.mp_available(state, stack), "mp_max": dv.mp_max(state, stack),
            "sign": dv.sign(state, stack), "status": status(stack), "melee_target": stack.melee_target,
            "characters": [c.id for c in dv.characters(state, stack)]}


def state_json(state: Battle) -> dict[str, Any]:
    stacks = sorted(state.stacks.values(), key=lambda s: (s.side, location(s), s.id))
    return {"round": state.round, "phase": state.phase, "outcome": state.outcome, "scenario": state.scenario,
            "terrain": dict(state.terrain), "fortification": state.fortification,
            "stacks": [stack_json(state, s) for s in stacks], "battle": battle_to_json(state)}


def view_state(state: Battle, viewer: str | None) -> Battle:
    """The GM sees all; a player sees the own pool, not the opponent's; the public thread sees no pool. Once the
    battle is over and its lists revealed (§3 rule 1: the fates follow the reveals), everyone sees all."""
    if viewer == "gm" or state.fates is not None:
        return state
    mine = state.side_of(viewer)
    hidden = [s for s in state.stacks.values() if s.location == "pool" and s.side != mine]
    if not hidden:
        return state
    out = state.copy()
    for s in hidden:
        for m in s.members:
            out.units.pop(m, None)
        del out.stacks[s.id]
    return out
