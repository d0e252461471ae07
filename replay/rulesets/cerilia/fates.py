"""Post-battle fates of the characters (§5.9, AMB-52, C14; CP-22).

Once the battle has ended, each character that took part gets its fate: a ruler (or adventurer, AMB-52) of the
winning side, or of either side after a draw or a battle the DM ended, survives even if fallen; one of the losing
side is pardoned and taken captive, or is out of the game, as the winner chooses (choice `pardon`, key `character`,
options `yes` / `no`; a request whose default, not pardoned, the GM applies on a time-out). A fallen lieutenant is out;
a lieutenant still standing stays only while his ruler is alive (survives or captured; a ruler not in the battle
counts as alive, C14).

The fates are a turn of their own after the battle's last round (`after_battle`): both sides' purchase lists are
revealed against their commitments (§3 rule 1, reveal.py) and the winner's pardons chosen, all asked at once; then
the reveals and the fates are recorded.
"""

from __future__ import annotations

from typing import Any

from replay.context import Context, gather
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import Battle, Unit
from replay.rulesets.cerilia.steps import emit


def _characters(state: Battle) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.kind == "character"), key=lambda u: (u.side, u.id))


def pardons_due(state: Battle) -> list[Unit]:
    """The losing side's rulers and adventurers (CP-22: the winner decides on each)."""
    loser = (state.outcome or {}).get("loser")
    return [u for u in _characters(state) if u.side == loser and tables().characters[u.card].kind != "lieutenant"]


def after_battle(ctx: Context) -> None:
    """The after-battle turn: both reveals (§3 rule 1) and the winner's pardons (CP-22) asked at once, then the
    reveals and the fates recorded."""
    from replay.rulesets.cerilia.reveal import emit_reveals, reveals

    state: Battle = ctx.state
    winner = (state.outcome or {}).get("winner")
    due = pardons_due(state)

    def pardon(u: Unit) -> Any:
        return ctx.ask("pardon", actor=state.player(winner), options=["yes", "no"], default="no",
                       what=f"whether the {winner} pardons {u.id} and takes him captive (CP-22)", character=u.id)[0]

    got = gather(lambda: reveals(ctx), *[lambda u=u: pardon(u) for u in due])
    emit_reveals(ctx, got[0])
    fates(ctx, {u.id: value for u, value in zip(due, got[1:], strict=True)})


def fates(ctx: Context, chosen: dict[str, Any]) -> None:
    """Every character's fate, given the winner's pardons (CP-22)."""
    state: Battle = ctx.state
    outcome = state.outcome or {}
    loser = outcome.get("loser")
    fate: dict[str, str] = {}
    why: list[str] = []
    for u in _characters(state):
        card = tables().characters[u.card]
        if card.kind == "lieutenant":
            continue
        if u.side == loser:
            fate[u.id] = "captured" if chosen[u.id] == "yes" else "out"
            said = "pardoned by the winner, captive" if fate[u.id] == "captured" else "not pardoned: out"
            why.append(f"{u.id} ({card.kind} of the losing side): {said}")
        else:
            fate[u.id] = "survives"
            why.append(f"{u.id} ({card.kind}): survives" + (" though fallen" if u.status == "fallen" else ""))
    for u in _characters(state):
        card = tables().characters[u.card]
        if card.kind != "lieutenant":
            continue
        ruler = fate.get(card.ruler_id or "", "survives")  # C14: a ruler not in the battle counts as alive
        if u.status == "fallen":
            fate[u.id] = "out"
            why.append(f"{u.id} (lieutenant) fell in the battle: out, never pardoned")
        elif ruler == "out":
            fate[u.id] = "out"
            why.append(f"{u.id} (lieutenant): his ruler {card.ruler_id} is out, so is he")
        else:
            fate[u.id] = "survives"
            why.append(f"{u.id} (lieutenant): he and his ruler live: stays in the game")
    emit(ctx, "fates", {"fates": fate, "pardons": chosen}, rule="§5.9 fates, CP-22, C14", defaults=["AMB-52"],
         why=why or ["no character took part"])
