"""Asking for forum dice and running a save sequence (§4.6): one d6 per save kind, the first success saves."""

from __future__ import annotations

from typing import Any

from replay.context import Context
from replay.rulesets.warband.model import Warrior


def d6(ctx: Context, actor: str, purpose: str, what: str, **key: Any) -> int:
    """One d6 the rulebook has `actor` roll (a request until it is recorded)."""
    return int(ctx.roll("1d6", actor=actor, purpose=purpose, what=what, **key).payload["result"][0])


def saves(ctx: Context, w: Warrior, kinds: list[tuple[str, int]], reroll_invulnerable: bool = False,
          **key: Any) -> tuple[list[dict[str, Any]], bool]:
    """§4.6 (A-57): cover, then armour, then invulnerable, each one d6 against its TN; the first success saves.
    `reroll_invulnerable` (miscast 1, A-71): a successful invulnerable save is rolled again and that die stands."""
    out: list[dict[str, Any]] = []
    for kind, tn in kinds:
        die = d6(ctx, w.side, f"save_{kind}", f"{kind} save {tn}+ for {w.id}", warrior=w.id, **key)
        made: dict[str, Any] = {"kind": kind, "tn": tn, "die": die, "saved": die >= tn}
        if kind == "invulnerable" and reroll_invulnerable and die >= tn:
            again = d6(ctx, w.side, "save_invulnerable_reroll", f"the forced re-roll of {w.id}'s invulnerable save "
                       f"{tn}+ (miscast 1)", warrior=w.id, **key)
            made.update(reroll=again, saved=again >= tn)
        out.append(made)
        if made["saved"]:
            return out, True
    return out, False


def save_kinds(w: Warrior, cover: int | None = None, armour: bool = True, improve: int = 0,
               none_becomes: int | None = None) -> list[tuple[str, int]]:
    """The save sequence of one wound (§4.6, A-57): cover (only when given), armour (unless the wound ignores it),
    then invulnerable; every TN improved by `improve` (a burst, A-60), never below 2+. A warrior with none of them
    gets one `burst` save at `none_becomes` when given (a burst: 6+)."""
    from replay.rulesets.warband import derive

    out: list[tuple[str, int]] = []
    for kind, tn in (("cover", cover), ("armour", derive.armour_save(w) if armour else None),
                     ("invulnerable", derive.invulnerable_save(w))):
        if tn is not None:
            out.append((kind, max(2, tn - improve)))
    if not out and none_becomes is not None:
        out.append(("burst", none_becomes))
    return out


def save_text(saves_made: list[dict[str, Any]]) -> str:
    if not saves_made:
        return "no save"
    return ", ".join(f"{s['kind']} {s['tn']}+: {s['die']}" + (f", re-rolled {s['reroll']}" if s.get("reroll") else "")
                     + f" {'saved' if s['saved'] else 'failed'}" for s in saves_made)
