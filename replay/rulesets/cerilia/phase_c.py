"""Phase C (§5.5, side-major, AMB-48): C1 rout moves, C2 forced fall-backs, C3 voluntary retreats (the side's
Phase C post, asked only when a stack of it may retreat), C4 morale checks; C5 the end-of-battle check (§5.9).

The destinations are the owner's choices `rout_move` (CP-11) and `fall_back` (CP-10), keyed by `stack`; a single
legal destination needs no choice (C6), none destroys the stack (MR-1, MR-3). The request shows the rulebook's
fallback as its default; it is never applied by itself (the GM rules it on a forum time-out).
"""

from __future__ import annotations

from typing import Any

from replay.context import Context
from replay.rulesets.cerilia import board as bd
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.flight import morale_checks
from replay.rulesets.cerilia.model import RESERVE, Battle, CeriliaOptions, Stack
from replay.rulesets.cerilia.phase_a import detect, retarget
from replay.rulesets.cerilia.steps import anytime, emit, relying


def rout_options(state: Battle, st: Stack) -> list[str]:
    """§4.5.1: back, west, east with rout_ok; the own reserve when adjacent, unless it left it this round."""
    out = []
    for _, x in bd.retreat_directions(bd.place_of(st.location), st.side):
        if x == RESERVE[st.side] and st.reserve_exit_round == state.round:
            continue  # AMB-42
        if bd.rout_ok(state, x, st, dv.mounted(state, st)):
            out.append(x)
    return sorted(out, key=lambda x: (x != RESERVE[st.side],))


def fallback_options(state: Battle, st: Stack, options: CeriliaOptions) -> list[str]:
    """§4.5.2: back, west, east with fallback_ok (never the reserve, AR-1)."""
    return [x for _, x in bd.retreat_directions(bd.place_of(st.location), st.side)
            if bd.fallback_ok(state, x, st, dv.mounted(state, st), options.fallback_into_mixed)]


def _accept_place(options: list[str], state: Battle, side: str):
    def accept(value: object) -> bool:
        text = str(value)
        if text in options:
            return True
        place, _, slot = text.partition("-")
        return place == RESERVE[side] and place in options and slot.isdigit() and \
            int(slot) == bd.free_slot(state, place, side)
    return accept


def _destination(ctx: Context, st: Stack, name: str, options: list[str], what: str) -> tuple[str, str]:
    value, how = ctx.ask(name, actor=ctx.state.player(st.side), options=options, default=options[0],
                         what=what, accept=_accept_place(options, ctx.state, st.side), stack=st.id)
    return str(value).partition("-")[0], how


def rout_moves(ctx: Context, side: str) -> None:
    """C1: each stack routed this round makes its one step (§4.5.1)."""
    state: Battle = ctx.state
    for st in bd_sorted(state, side):
        if not (st.routed and st.rout_round == state.round and not st.rout_first_move_done and bd.on_field(st)):
            continue
        opts = rout_options(ctx.state, st)
        if not opts:
            emit(ctx, "destroyed", {"stack": st.id, "cause": "rout_blocked"}, rule="§4.5.1, MR-1, MR-3",
                 why=f"{st.id} has no legal rout step from {bd.place_of(st.location)}: destroyed")
            continue
        to, how = _destination(ctx, st, "rout_move", opts, f"where {st.id} flees (CP-11)")
        slot = bd.free_slot(ctx.state, to, side)
        assert slot is not None
        emit(ctx, "rout_moved", {"stack": st.id, "to": to, "slot": slot, "how": how}, rule="§4.5.1, §5.5.3",
             defaults=["AMB-41"], why=f"{st.id} flees {bd.place_of(st.location)} → {to}-{slot} "
                                      f"(legal: {', '.join(opts)})")
    retarget(ctx, "§5.5.3, CP-05")


def fall_backs(ctx: Context, side: str, options: CeriliaOptions) -> None:
    """C2: each stack holding F falls back one step with its characters (§4.5.2)."""
    state: Battle = ctx.state
    for st in bd_sorted(state, side):
        if not (st.fall_back_pending and not st.routed and bd.on_field(st)):
            continue
        opts = fallback_options(ctx.state, st, options)
        if not opts:
            released = [c.id for c in dv.characters(ctx.state, st)] if dv.troop(ctx.state, st) else []
            emit(ctx, "destroyed", {"stack": st.id, "cause": "fall_back_blocked", "released": released},
                 rule="§4.5.2, MR-1, §5.6.5", why=f"{st.id} has no legal fall-back from {bd.place_of(st.location)}:"
                                                  " destroyed" + (f"; {', '.join(released)} stay" if released else ""))
            continue
        to, how = _destination(ctx, st, "fall_back", opts, f"where {st.id} falls back (CP-10)")
        slot = bd.free_slot(ctx.state, to, side)
        assert slot is not None
        emit(ctx, "fell_back", {"stack": st.id, "to": to, "slot": slot, "how": how}, rule="§4.5.2, §5.5.3",
             defaults=["AMB-39"], why=f"{st.id} falls back {bd.place_of(st.location)} → {to}-{slot} "
                                      f"(legal: {', '.join(opts)})")
    retarget(ctx, "§5.5.3, CP-05")


def retreat_eligible(state: Battle, st: Stack) -> bool:
    """§4.5.3 items 1–4: engaged, no F, not routed, at least 1 MP, not retreated yet this round."""
    return (bd.on_field(st) and dv.engaged(state, st) and not st.fall_back_pending and not st.routed
            and dv.mp_available(state, st) >= 1 and not st.retreated_this_round)


def retreat_options(state: Battle, st: Stack, options: CeriliaOptions) -> list[str]:
    """§4.5.3 item 5: as a fall-back, or the own reserve when adjacent and not left this round (AMB-42)."""
    out = fallback_options(state, st, options)
    back = bd.back_of(bd.place_of(st.location), st.side)
    if back == RESERVE[st.side] and st.reserve_exit_round != state.round:
        out.append(back)
    return out


def voluntary_retreats(ctx: Context, side: str, options: CeriliaOptions) -> None:
    """C3 (CP-13): the side's Phase C post, asked only when a stack of it may retreat."""
    from replay.rulesets.cerilia.steps import OrderProblems, step_order

    if not any(retreat_eligible(ctx.state, st) for st in bd_sorted(ctx.state, side)):
        return
    lines = step_order(ctx, side, f"C_{side}", f"{side}'s Phase C post (voluntary retreats)")
    problems = []
    for n, line in enumerate(lines, 1):
        where = f"line {line.get('line', n)} ({line.get('verb')} {line.get('actor')})"
        st = ctx.state.stacks.get(str(line.get("actor")))
        if line.get("verb") == "hold":
            continue
        if line.get("verb") != "voluntary_retreat" or st is None or st.side != side:
            problems.append(f"{where}: §4.5: a Phase C post holds voluntary retreats of your stacks")
            continue
        if not retreat_eligible(ctx.state, st):
            problems.append(f"{where}: §4.5.3 (TXT-20): only an engaged stack with no F, not routed, with 1 MP "
                            "left, retreats voluntarily, once a round")
            continue
        legal = retreat_options(ctx.state, st, options)
        to = str(line.get("to", "")).partition("-")[0]
        if to not in legal:
            problems.append(f"{where}: §4.5.3 item 5: {to or '?'} is not a retreat destination "
                            f"({', '.join(legal) or 'none'})")
            continue
        slot = bd.free_slot(ctx.state, to, side)
        named = line.get("reserve_slot") or (str(line.get("to")).partition("-")[2] or None)
        if to == RESERVE[side] and named is not None and int(named) != slot:
            problems.append(f"{where}: §5.5.5: the lowest free slot of {to} is {slot}, not {named}")
            continue
        assert slot is not None
        emit(ctx, "retreated", {"stack": st.id, "to": to, "slot": slot}, rule="§4.5.3, §5.5.3, CP-13",
             defaults=["AMB-53", "AMB-39"], why=f"{st.id} retreats {bd.place_of(st.location)} → {to}-{slot} (1 MP)")
    if problems:
        raise OrderProblems(problems)
    retarget(ctx, "§5.5.3, CP-05")


def bd_sorted(state: Battle, side: str) -> list[Stack]:
    return sorted((s for s in state.stacks.values() if s.side == side), key=lambda s: (s.location, s.id))


def end_check(ctx: Context) -> None:
    """C5 (§5.9 item 3): a side with no stack on the field loses; both none, a draw."""
    state: Battle = ctx.state
    count = {side: sum(1 for s in state.stacks.values() if s.side == side and bd.on_field(s)) for side in ("A", "D")}
    why = f"stacks on the field: A {count['A']}, D {count['D']}"
    if count["A"] and count["D"]:
        return
    if not count["A"] and not count["D"]:
        emit(ctx, "battle_ended", {"winner": None, "loser": None, "draw": True, "reason": "no_units_on_field"},
             rule="§5.9 item 3", defaults=["AMB-47"], why=why)
        return
    loser = "A" if not count["A"] else "D"
    emit(ctx, "battle_ended", {"winner": bd.enemy_of(loser), "loser": loser, "draw": False,
                               "reason": "no_units_on_field"}, rule="§5.9 item 3", defaults=["AMB-47"], why=why)


SUB_STEP = {"cerilia.rout_moved": "C1", "cerilia.fell_back": "C2", "cerilia.retreated": "C3",
            "cerilia.morale_checked": "C4"}
DESTROYED_IN = {"rout_blocked": "C1", "fall_back_blocked": "C2"}


def order_decides(drafts: list[Any]) -> bool:
    """Whether phase_c_order = step_major (C1 of both sides, then C2 …) would run these side-major drafts in
    another order: some sub-step of the Attacker's comes after an earlier sub-step of the Defender's."""
    taken: list[tuple[str, str]] = []
    for d in drafts:
        step = SUB_STEP.get(d.type) or (DESTROYED_IN.get(str(d.payload.get("cause")))
                                        if d.type == "cerilia.destroyed" else None)
        if step and d.phase in ("C_A", "C_D"):
            taken.append((step, d.phase))
    return taken != sorted(taken)


def phase_c(ctx: Context, options: CeriliaOptions) -> None:
    """Side-major (AMB-48): the Attacker's C1–C4, then the Defender's; option phase_c_order = step_major runs each
    sub-step for both sides (C1 A, C1 D, C2 A, …), labelled C1…C4."""
    start = len(ctx.drafts)
    try:
        _phase_c(ctx, options)
    finally:
        if options.phase_c_order == "side_major" and order_decides(ctx.drafts[start:]):
            relying(ctx, start, "AMB-48")
    ctx.set_phase("C5")
    anytime(ctx)
    end_check(ctx)


def _phase_c(ctx: Context, options: CeriliaOptions) -> None:
    steps = (("C1", lambda side: rout_moves(ctx, side)), ("C2", lambda side: fall_backs(ctx, side, options)),
             ("C3", lambda side: voluntary_retreats(ctx, side, options)), ("C4", lambda side: morale_checks(ctx, side)))
    if options.phase_c_order == "step_major":
        for label, step in steps:
            ctx.set_phase(label)
            detect(ctx)
            for side in ("A", "D"):
                step(side)
    else:
        for side, label in (("A", "C_A"), ("D", "C_D")):
            ctx.set_phase(label)
            detect(ctx)
            for _, step in steps:
                step(side)
