"""The end-of-battle reveal of each side's purchase list (§3 rule 1, AMB-10, C15).

In Phase 0 a side's list stays secret: the log holds only its sha256 commitment and its total (the list itself is
in the side's own Phase 0 post, which the opponent does not see). Once the battle has ended, each player reveals the
list and its salt in a post of the after-battle turn (step `reveal`, public):

`{"step": "reveal", "units": [{"id": "A-In-1", "card": "In"}, …], "salt": "…"}`

The revealed list MUST match the commitment (the same sha256 of the sorted list's canonical JSON and the salt) and
the total spent; a reveal that does not is refused naming §3 rule 1, nothing appended. Both reveals are asked at once
(with the winner's pardons, CP-22); each is checked when it is posted. `cerilia.purchase_revealed` records each.
"""

from __future__ import annotations

from typing import Any

from replay.context import Context, Request, Waiting, freeze
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import Battle
from replay.rulesets.cerilia.setup import commitment
from replay.rulesets.cerilia.steps import OrderProblems, emit, orders_of

STEP = "reveal"


def reveal_problems(state: Battle, side: str, order: dict[str, Any]) -> list[str]:
    """Every problem of a side's reveal: its shape, its commitment, its total (§3 rule 1, C15)."""
    units = order.get("units")
    salt = order.get("salt")
    if not isinstance(units, list) or not all(isinstance(u, dict) and isinstance(u.get("id"), str)
                                              and isinstance(u.get("card"), str) for u in units):
        return ["§3 rule 1: a reveal lists the units bought, each {id, card}"]
    if not isinstance(salt, str):
        return ["§3 rule 1, C15: a reveal gives the salt that sealed the list"]
    committed = state.commitment.get(side)
    got = commitment(units, salt)
    if got != committed:
        return [f"§3 rule 1 (C15): {side}'s revealed list and salt do not match its Phase 0 commitment "
                f"(sha256 {got[:12]}… ≠ {str(committed)[:12]}…)"]
    unknown = sorted({str(u["card"]) for u in units} - set(tables().units))
    if unknown:
        return [f"§3 rule 1, §6.1: no unit card {', '.join(unknown)}"]
    total = sum(tables().units[str(u["card"])].cost for u in units)
    if total != state.spent.get(side):
        return [f"§3 rule 1: {side}'s revealed list costs {total}, not the {state.spent.get(side)} committed"]
    return []


def reveal_request(state: Battle, side: str) -> Request:
    return Request("order", state.player(side), "order", freeze({"step": STEP}),
                   what=f"{side}'s purchase list revealed (§3 rule 1)", phase="C5")


def revealed_order(ctx: Context, side: str) -> dict[str, Any]:
    """The side's reveal (the latest counts), or a wait for it."""
    state: Battle = ctx.state
    found = [e for e in orders_of(ctx, state.player(side)) if e.payload.get("step") == STEP]
    if not found:
        req = reveal_request(state, side)
        ctx.asked.append(req)
        raise Waiting(requests=[req])
    ctx.used.update(e.seq for e in found)
    return dict(found[-1].payload)


def reveals(ctx: Context) -> dict[str, dict[str, Any]]:
    """Both sides' reveals, every problem of those posted named before waiting for the others."""
    state: Battle = ctx.state
    got: dict[str, dict[str, Any]] = {}
    missing: list[Request] = []
    for side in ("A", "D"):
        try:
            got[side] = revealed_order(ctx, side)
        except Waiting as w:
            missing += w.requests
    problems = [p for side, order in got.items() for p in reveal_problems(state, side, order)]
    if problems:
        raise OrderProblems(problems)
    if missing:
        raise Waiting(requests=missing)
    return got


def emit_reveals(ctx: Context, got: dict[str, dict[str, Any]]) -> None:
    state: Battle = ctx.state
    for side in ("A", "D"):
        units = sorted(({"id": str(u["id"]), "card": str(u["card"])} for u in got[side]["units"]),
                       key=lambda u: u["id"])
        total = sum(tables().units[u["card"]].cost for u in units)
        listed = ", ".join(f"{u['id']} ({tables().units[u['card']].cost})" for u in units) or "—"
        emit(ctx, "purchase_revealed", {"side": side, "units": units, "salt": got[side]["salt"], "total": total,
                                        "commitment": state.commitment[side]},
             rule="§3 rule 1, C15", defaults=["AMB-10"],
             why=[f"{side} reveals its list: {listed} = {total} of {state.budget[side]}",
                  f"sha256 of the list and its salt = {str(state.commitment[side])[:12]}…, its Phase 0 commitment: "
                  "it matches"])
