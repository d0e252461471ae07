"""Asking for forum dice and running a save sequence (§4.6): one d6 per save kind, the first success saves."""

from __future__ import annotations

from typing import Any

from replay.context import Context
from replay.rulesets.warband.model import Warrior


def d6(ctx: Context, actor: str, purpose: str, what: str, **key: Any) -> int:
    """One d6 the rulebook has `actor` roll (a request until it is recorded)."""
    return int(ctx.roll("1d6", actor=actor, purpose=purpose, what=what, **key).payload["result"][0])


def saves(ctx: Context, w: Warrior, kinds: list[tuple[str, int]], **key: Any) -> tuple[list[dict[str, Any]], bool]:
    """§4.6 (A-57): cover, then armour, then invulnerable, each one d6 against its TN; the first success saves."""
    out: list[dict[str, Any]] = []
    for kind, tn in kinds:
        die = d6(ctx, w.side, f"save_{kind}", f"{kind} save {tn}+ for {w.id}", warrior=w.id, **key)
        out.append({"kind": kind, "tn": tn, "die": die, "saved": die >= tn})
        if die >= tn:
            return out, True
    return out, False


def save_text(saves_made: list[dict[str, Any]]) -> str:
    if not saves_made:
        return "no save"
    return ", ".join(f"{s['kind']} {s['tn']}+: {s['die']} {'saved' if s['saved'] else 'failed'}" for s in saves_made)
