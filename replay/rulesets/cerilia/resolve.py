"""A turn's resolution: turn 0 is Phase 0 (§3); turn n is round n: Phase A (A1, A3, A3.1, A-close), Phase B
(B1–B5), Phase C (C_A, C_D, C5). Requests, in the order the rules ask:

- P0: both sides' Phase 0 orders (step P0);
- A1: a `rout_flight` choice (key `stack`) applies its CP-12 default where shortest paths tie; the Attacker's
  post (step A1), with a `1D3` roll `sign` (key `unit`) for each first deployment rolled;
- A_close: when nobody moved, fights or can attack (§5.8), a `1d10` roll `stalemate` (no key) of each player, then
  a `stalemate_sector` choice (key `forcing`: the forcing side) per forcing, and the forced posts AX1 / AX3 / AX3_1;
- A3: the Defender's post (step A3); A3_1: the Attacker's edit (step A3_1), asked only when the Defender entered a
  sector the Attacker holds and the
  obligation is not already met; A_close: a `melee_target` choice (key `stack`) applies its default (CP-05);
- B1: each side's Phase B post (step B_A / B_D), asked only of a side with a shooter that can shoot;
- B2/B3/B5: a `D9` roll `attack` (key `unit`) per shot or charge, `1dN` `friendly_fire` (key `unit`) when needed;
- B4: every engaged stack's `D9` `attack` at once;
- after the battle (§5.9), in a turn of its own: each side's reveal of its purchase list (step `reveal`, §3 rule 1)
  and a `pardon` choice (key `character`, `yes` / `no`) of the winner for each ruler or adventurer of the losing
  side, all asked at once; then the reveals and the fates;
- C_A/C_D: `rout_move` and `fall_back` choices (key `stack`) where more than one destination is legal; a
  `morale_check` choice (attempt / skip, key `stack`) for a routed stack in the reserve, then its `1d100` `morale`
  roll (key `unit`; a posted roll is the attempt).
"""

from __future__ import annotations

from replay.context import Context
from replay.rulesets.cerilia.fates import after_battle
from replay.rulesets.cerilia.flight import rout_flights
from replay.rulesets.cerilia.model import Battle, CeriliaOptions
from replay.rulesets.cerilia.phase_a import (
    a_close,
    mounted_retreat_problems,
    obligation_problems,
    obligations,
    run_step,
)
from replay.rulesets.cerilia.phase_b import phase_b
from replay.rulesets.cerilia.phase_c import phase_c
from replay.rulesets.cerilia.setup import phase0
from replay.rulesets.cerilia.stalemate import extended
from replay.rulesets.cerilia.steps import BattleOver, OrderProblems, anytime, emit, ruled, step_order


def resolve(state: Battle, turn: int, ctx: Context, options: CeriliaOptions) -> None:
    if turn == 0:
        phase0(ctx, options)
        return
    if ctx.state.outcome is not None:  # the turn after the battle: the reveals, the pardons, the fates (§3, §5.9)
        ctx.set_phase("C5")
        after_battle(ctx)
        return
    ctx.set_phase("A1")
    emit(ctx, "round_started", {"round": turn}, rule="§4.1 A0", defaults=posts_rely_on(ctx),
         why=f"round {turn}: MP reset, per-round flags cleared")
    try:
        anytime(ctx)
        phase_a(ctx, options)
        phase_b(ctx, options)
        phase_c(ctx, options)
    except BattleOver:
        pass  # the next turn is the after-battle one (the reveals, the pardons, the fates)


DECLARED_SIGNS = frozenset({"Sw", "Sh", "B"})


def posts_rely_on(ctx: Context) -> list[str]:
    """The defaults the round's posts are accepted under, whichever step reads them: AMB-09 when a line declares a
    sign (roll_only would refuse it), AMB-24 when one declares a charge (phase_a timing makes it an entry)."""
    lines = [line for e in ctx.recorded.events if e.type == "order" for line in e.payload.get("lines") or []]
    lines += [line for e in ctx.recorded.rulings if isinstance(e.payload.get("value"), dict)
              for line in e.payload["value"].get("lines") or []]
    out = []
    if any(line.get("verb") in ("deploy", "cast") and line.get("sign") in DECLARED_SIGNS for line in lines):
        out.append("AMB-09")
    if any(line.get("verb") == "declare_charge" for line in lines):
        out.append("AMB-24")
    return out


def mounted_answer(state: Battle, step: str = "A3_1") -> bool:
    """Whether an Attacker mounted stack may answer the Defender's A3 (AX3) entries with a mounted retreat."""
    from replay.rulesets.cerilia import board as bd

    for st in state.stacks.values():
        if st.side == "A" and bd.on_field(st):
            here = bd.place_of(st.location)
            if any(not mounted_retreat_problems(state, st, step, x) for x in bd.adjacent(here)):
                return True
    return False


def phase_a(ctx: Context, options: CeriliaOptions) -> None:
    """§5.2.1: A1, A3 (with the obligations of A1's entries), A3.1 (those of A3's), A-close."""
    rout_flights(ctx, "A")
    run_step(ctx, "A", "A1", step_order(ctx, "A", "A1", "the Attacker's Phase A post"), options)
    owed_a1 = obligations(ctx.state, "A", "A1")
    ctx.set_phase("A3")
    rout_flights(ctx, "D")
    run_step(ctx, "D", "A3", step_order(ctx, "D", "A3", "the Defender's Phase A post"), options)
    problems = [] if ruled(ctx, "D", "A3") else obligation_problems(ctx.state, owed_a1)  # CP-26
    if problems:
        raise OrderProblems([f"D's A3 post: {p}" for p in problems])
    owed_a3 = obligations(ctx.state, "D", "A3")
    if obligation_problems(ctx.state, owed_a3) or mounted_answer(ctx.state):  # only when needed (§4.1 A3.1)
        ctx.set_phase("A3_1")
        run_step(ctx, "A", "A3_1", step_order(ctx, "A", "A3_1", "the Attacker's A3.1 edit (answers to entries)"),
                 options)
        problems = [] if ruled(ctx, "A", "A3_1") else obligation_problems(ctx.state, owed_a3)  # CP-26
        if problems:
            raise OrderProblems([f"A's A3.1 edit: {p}" for p in problems])
    ctx.set_phase("A_close")
    a_close(ctx)
    if extended(ctx, options):  # §5.8: the "nobody moved" 1d10 (a draw ends the battle here)
        raise BattleOver
    if ctx.phase != "A_close":  # the extended steps ran: A-close again (the stalemate is not checked again)
        ctx.set_phase("AX_close")
        a_close(ctx)
