"""What every step's resolver shares: the step orders it asks for, the problems it raises, the drafts it emits."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft
from replay.context import Context, MissingInput, Request, Waiting, freeze
from replay.rulesets.cerilia.model import Battle


class BattleOver(Exception):  # noqa: N818 (a stop, not an error)
    """The battle ended mid-turn (a concession, a draw agreed): resolution stops there."""


ANYTIME = frozenset({"concede", "offer_draw", "accept_draw"})


def orders_of(ctx: Context, player: str) -> list[Any]:
    """The player's orders of the turn, read without marking them used (only what a step consumes is used)."""
    return [e for e in ctx.recorded.events if e.type == "order" and e.actor == player]


def anytime(ctx: Context) -> None:
    """§4.6, §5.9 (AMB-62): a recorded concession or an agreed draw ends the battle at once."""
    state: Battle = ctx.state
    if state.outcome is not None:
        raise BattleOver
    dm_end(ctx)
    said: dict[str, set[str]] = {}
    for side in ("A", "D"):
        for e in orders_of(ctx, state.player(side)):
            if e.payload.get("step") == "any":
                ctx.used.add(e.seq)
                said.setdefault(side, set()).update(str(ln.get("verb")) for ln in e.payload.get("lines") or [])
    for side in ("A", "D"):
        if "concede" in said.get(side, set()):
            other = "D" if side == "A" else "A"
            emit(ctx, "battle_ended", {"winner": other, "loser": side, "draw": False, "reason": "concession"},
                 rule="§4.6, §5.9 item 1, CP-16", defaults=["AMB-62"], why=f"{side} concedes")
            raise BattleOver
    offered = [s for s in ("A", "D") if said.get(s, set()) & {"offer_draw", "accept_draw"}]
    if len(offered) == 2:
        emit(ctx, "battle_ended", {"winner": None, "loser": None, "draw": True, "reason": "agreement"},
             rule="§4.6, §5.9 item 2, CP-17", defaults=["AMB-62"], why="both sides agree to a draw")
        raise BattleOver


DM_END = {"A": ("D", "A", False, "dm_defeat"), "D": ("A", "D", False, "dm_defeat"),
          "draw": (None, None, True, "dm_draw"), "end": (None, None, False, "dm_ended")}


def dm_end(ctx: Context) -> None:
    """CP-18 (§5.9 items 4–5): the DM declares a side defeated (`A` / `D`), a draw, or ends the battle for other
    reasons (`end`): a ruling overriding the decision `battle_end` (key {}), effective where resolution stands."""
    ruled = ctx.overridden("battle_end")
    if ruled is None:
        return
    value = ctx.decide("battle_end", None)
    if value not in DM_END:
        raise MissingInput(f"CP-18: the ruling at seq {ruled.seq} ends the battle with {value!r}; the value is the "
                           "side declared defeated (A or D), draw, or end")
    winner, loser, draw, reason = DM_END[str(value)]
    note = str(ruled.payload.get("note") or "")
    what = {"dm_defeat": f"the DM declares {loser} defeated", "dm_draw": "the DM declares a draw",
            "dm_ended": "the DM ends the battle"}[reason]
    emit(ctx, "battle_ended", {"winner": winner, "loser": loser, "draw": draw, "reason": reason, "ruling": ruled.seq},
         rule="§5.9 items 4–5, CP-18", why=[what + (f": {note}" if note else "")])
    raise BattleOver


class OrderProblems(MissingInput):
    """A recorded order breaks the rules; `problems` names every one with its section."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def step_order(ctx: Context, side: str, step: str, what: str) -> list[dict[str, Any]]:
    """The lines of `side`'s post for `step` (the latest such order counts); waits for it when none is recorded."""
    state: Battle = ctx.state
    player = state.player(side)
    req = Request("order", player, "order", freeze({"step": step}), what=what, phase=ctx.phase)
    ruled = ctx.recorded.ruling_for(req)
    if ruled is not None:
        ctx.used.add(ruled.seq)
        return list((ruled.payload.get("value") or {}).get("lines") or [])
    found = [e for e in orders_of(ctx, player) if e.payload.get("step") == step]
    if not found:
        anytime(ctx)
        ctx.asked.append(req)
        raise Waiting(requests=[req])
    ctx.used.update(e.seq for e in found)
    return list(found[-1].payload.get("lines") or [])


def ruled(ctx: Context, side: str, step: str) -> bool:
    """CP-26: whether the GM's ruling answered `side`'s post for `step` (the DM accepted it as it stands)."""
    req = Request("order", ctx.state.player(side), "order", freeze({"step": step}))
    return ctx.recorded.ruling_for(req) is not None


def emit(ctx: Context, type_: str, payload: dict[str, Any], *, rule: str, why: list[str] | str,
         defaults: list[str] | None = None, visible: tuple[str, ...] | None = None) -> None:
    """Emit `cerilia.<type_>` with its why, rule and defaults."""
    body = {**payload, "why": [why] if isinstance(why, str) else why, "rule": rule, "defaults": defaults or []}
    ctx.emit(Draft(f"cerilia.{type_}", body, visible=visible))




def relying(ctx: Context, start: int, default: str) -> None:
    """Name `default` among the defaults of every cerilia draft emitted since draft `start` (a default that
    decided the order of a whole phase's resolutions, known only once the phase has run)."""
    for k in range(start, len(ctx.drafts)):
        draft = ctx.drafts[k]
        named = list(draft.payload.get("defaults") or [])
        if draft.type.startswith("cerilia.") and default not in named:
            ctx.drafts[k] = replace(draft, payload={**draft.payload, "defaults": [*named, default]})


def posts_checked(ctx: Context, sides: list[str], post: Any, problems: Any) -> dict[str, list[dict[str, Any]]]:
    """Each side's post (`post(side)`), every problem of those already recorded named at once (`problems(side,
    lines)`), before waiting for the ones still missing: a bad post is refused when it is posted."""
    got: dict[str, list[dict[str, Any]]] = {}
    missing: list[Request] = []
    for side in sides:
        try:
            got[side] = post(side)
        except Waiting as w:
            missing += w.requests
    found = [p for side in sides if side in got for p in problems(side, got[side])]
    if found:
        raise OrderProblems(found)
    if missing:
        raise Waiting(requests=missing)
    return got
