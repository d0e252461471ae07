"""The routed stack's flight to its reserve (§4.3.10, §5.5.4) and the morale check in the reserve (§5.5.6, C4)."""

from __future__ import annotations

from replay.context import Context
from replay.rulesets.cerilia import board as bd
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import RESERVE, Battle, Stack
from replay.rulesets.cerilia.steps import emit


def flight_paths(state: Battle, stack: Stack) -> list[list[str]]:
    """Every shortest path of lateral and back steps to the own reserve through sectors with no enemy (AR-5/AR-6),
    in the CP-12 fallback order: back steps first, then the lower column."""
    home = RESERVE[stack.side]
    mounted = dv.mounted(state, stack)
    start = bd.place_of(stack.location)
    paths = [[start]]
    for _ in range(8):
        done = [p for p in paths if p[-1] == home]
        if done:
            return sorted(done, key=lambda p: _preference(p, stack.side))
        longer = []
        for p in paths:
            for _, nxt in bd.retreat_directions(p[-1], stack.side):
                if nxt in p:
                    continue
                if nxt == home or (not bd.impassable(state, nxt, mounted) and not bd.enemy_present(state, nxt,
                                                                                                   stack.side)):
                    longer.append([*p, nxt])
        paths = longer
    return []


def _preference(path: list[str], side: str) -> tuple:
    keys = []
    for a, b in zip(path, path[1:], strict=False):
        keys.append((0 if b == bd.back_of(a, side) else 1, b))
    return tuple(keys)


def _stop(state: Battle, stack: Stack, path: list[str]) -> tuple[str, int] | None:
    """Where the flight stops this round (MP, slowing terrain) and its slot; None if the stop has no free slot."""
    mp = dv.mp_available(state, stack)
    mounted = dv.mounted(state, stack)
    walked = [path[0]]
    for x in path[1:]:
        if len(walked) > mp:
            break
        walked.append(x)
        if x in RESERVE.values() or bd.slows(state, x, mounted):
            break
    to = walked[-1]
    slot = bd.free_slot(state, to, stack.side)
    return None if slot is None or to == path[0] else (to, slot)


def rout_flights(ctx: Context, side: str) -> None:
    """Each routed stack of `side` on the field that made its first rout move flees (mandatory; CP-12)."""
    for st in sorted((s for s in ctx.state.stacks.values() if s.side == side), key=lambda s: s.id):
        st = ctx.state.stacks.get(st.id)
        if st is None or not (st.routed and st.rout_first_move_done and bd.on_field(st)):
            continue
        paths = [p for p in flight_paths(ctx.state, st) if _stop(ctx.state, st, p) is not None]
        if not paths:
            emit(ctx, "destroyed", {"stack": st.id, "cause": "flight_blocked"}, rule="§4.3.10, §5.5.4, MR-1",
                 defaults=["AMB-41"], why=f"{st.id} has no free path to {RESERVE[side]}: destroyed")
            continue
        texts = [">".join(p) for p in paths]
        if len(texts) == 1:
            value, how = texts[0], "forced"
        else:
            value, how = ctx.ask("rout_flight", actor=ctx.state.player(side), options=texts, default=texts[0],
                                 applies=True, what=f"the flight path of {st.id} (CP-12)", stack=st.id)
        path = paths[texts.index(value)]
        stop = _stop(ctx.state, st, path)
        assert stop is not None
        to, slot = stop
        if to == RESERVE[side]:
            _named_slot(ctx, st, to, slot, texts, value)
        walked = path[:path.index(to) + 1]
        emit(ctx, "rout_fled", {"stack": st.id, "path": walked, "to": to, "slot": slot, "how": how},
             rule="§4.3.10, §5.5.4, CP-12", defaults=["AMB-41"],
             why=f"{st.id} flees {'>'.join(walked)} → {to}-{slot} (shortest paths: {', '.join(texts)})")


def _named_slot(ctx: Context, st: Stack, to: str, slot: int, texts: list[str], path: str) -> None:
    """C3, AMB-13, §5.5.5: a flight that reaches the reserve names the slot it enters (`reserve_slot` on its
    `rout_flight` choice, required, also for a forced flight); it must be the lowest free one the rules compute."""
    from replay.context import Request, Waiting, freeze
    from replay.rulesets.cerilia.steps import OrderProblems

    player = ctx.state.player(st.side)
    found = ctx.recorded.choices(player, "rout_flight", stack=st.id)
    if not found:
        req = Request("choice", player, "rout_flight", freeze({"stack": st.id}), options=tuple(texts),
                      default=path, phase=ctx.phase,
                      what=f"the flight path of {st.id} and the {to} slot it enters (reserve_slot, the lowest free: "
                           f"{slot}; CP-12, C3)")
        ctx.asked.append(req)
        raise Waiting(requests=[req])
    for e in found:
        ctx.used.add(e.seq)
    named = found[-1].payload.get("reserve_slot")
    if named is None:
        raise OrderProblems([f"§5.5.5, C3: the flight of {st.id} reaches {to}: its rout_flight choice names the "
                             f"reserve slot it enters (reserve_slot, the lowest free: {slot})"])
    if str(named) != str(slot):
        raise OrderProblems([f"§5.5.5, C3 (AMB-13): the flight of {st.id} enters {to}-{slot}, the lowest free "
                             f"slot, not {to}-{named}"])


def morale_checks(ctx: Context, side: str) -> None:
    """C4: each routed stack in the own reserve may try to rally; FULL morale rallies by itself (C5); a posted
    d100 `morale` roll (key `unit`) is the attempt, otherwise the owner is asked (CP-15, default skip)."""
    for st in sorted((s for s in ctx.state.stacks.values() if s.side == side), key=lambda s: s.id):
        if not (st.routed and bd.place_of(st.location) == RESERVE[side]):
            continue
        card = dv.combat_card(ctx.state, st)
        if card.morale == "FULL" or dv.troop(ctx.state, st) is None:
            emit(ctx, "morale_checked", {"stack": st.id, "roll": None, "drawn": None, "passed": True, "auto": True},
                 rule="§5.5.6 item 3, C5", defaults=["AMB-46"], why=f"{st.id} has full morale: it rallies")
            continue
        player = ctx.state.player(side)
        if not ctx.recorded.rolls(player, "morale", unit=st.id):
            attempt, _ = ctx.ask("morale_check", actor=player, options=["attempt", "skip"], default="skip",
                                 what=f"whether {st.id} tries a morale check (CP-15)", stack=st.id)
            if attempt != "attempt":
                continue
        roll = int(ctx.roll("1d100", actor=player, purpose="morale", what=f"d100 morale of {st.id}",
                            unit=st.id).payload["total"])
        drawn = tables().morale_sign(roll)
        passed = tables().passes_morale(card, roll)
        signs = "/".join(card.morale) if isinstance(card.morale, tuple) else str(card.morale)
        emit(ctx, "morale_checked", {"stack": st.id, "roll": roll, "drawn": drawn, "passed": passed},
             rule="§5.5.6, §6.3", defaults=["AMB-46"],
             why=f"{st.id}: d100 = {roll} → {drawn}; its card's morale signs {signs} → "
                 + ("passed: it rallies" if passed else "failed: it stays routed"))
