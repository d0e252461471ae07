"""The "nobody moved" 1d10 rule (§5.8, «Дополнение к курсу»; AMB-44, AMB-45, C13).

At A-close, when nobody moved, nobody is engaged or charging and neither side has a legal Phase B attack, the
movement phase is extended: each player rolls `1d10` (purpose `stalemate`, no key). A 9 or 10 on either roll ends
the battle in a draw. An even roll lets the Attacker pick a row-3 sector (choice `stalemate_sector`, key
`forcing: A`) into which the Defender must send at least one stack in `AX3`; an odd roll lets the Defender pick a
row-1 sector (`forcing: D`) for the Attacker's `AX1`. Each forcing happens at most once. `AX3` also carries the
Defender's answers to the Attacker's `AX1` entries; `AX3_1` the Attacker's to the Defender's (as A3.1).
"""

from __future__ import annotations

from typing import Any

from replay.context import Context, gather
from replay.rulesets.cerilia import board as bd
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.model import RESERVE, SECTORS, Battle, CeriliaOptions, Stack
from replay.rulesets.cerilia.steps import OrderProblems, emit

MOVES = frozenset({"cerilia.deployed", "cerilia.moved", "cerilia.rout_fled", "cerilia.mounted_retreated",
                   "cerilia.detached", "cerilia.joined"})
ROW = {"A": 3, "D": 1}
"""The row the forcing side picks from: the Attacker a lower (row-3) sector, the Defender an upper (row-1) one."""


def legal_attack(state: Battle, side: str, options: CeriliaOptions) -> str | None:
    """A Phase B attack `side` could make now (a shooter with an enemy in range, a caster with a combat target)."""
    from replay.rulesets.cerilia.data import tables
    from replay.rulesets.cerilia.magic import cast_problems

    enemies = [t for t in state.stacks.values() if t.side != side and bd.on_field(t) and not t.hidden]
    for st in state.stacks.values():
        if st.side != side or not bd.on_field(st):
            continue
        if dv.stationary_eligible(state, st) or dv.mobile_eligible(state, st):
            here = bd.place_of(st.location)
            for t in enemies:
                if bd.in_range(here, bd.place_of(t.location), options.ranged_adjacency == "king"):
                    return f"{st.id} can shoot {t.id}"
        for c in dv.characters(state, st):
            for spell, left in c.spell_stock.items():
                if left and tables().spells[spell]["category"] == "COMBAT":
                    for t in enemies:
                        if not cast_problems(state, side, {"actor": c.id, "spell": spell, "target": t.id}):
                            return f"{c.id} can cast {spell} on {t.id}"
    return None


def triggered(ctx: Context, options: CeriliaOptions) -> list[str] | None:
    """§5.8 trigger (AMB-45): the reasons, when nobody moved, fights or can attack; None otherwise."""
    state: Battle = ctx.state
    if any(d.type in MOVES for d in ctx.drafts):
        return None
    if state.charges or any(dv.engaged(state, st) for st in state.stacks.values()):
        return None
    if any(legal_attack(state, side, options) for side in ("A", "D")):
        return None
    return ["no stack changed its location in Phase A", "no stack is engaged and no charge is declared",
            "neither side has a legal Phase B attack"]


def distance(state: Battle, st: Stack, to: str) -> int | None:
    """Steps of the shortest legal path (§4.3.3) from where `st` stands (or from its reserve: the first step into
    the home row costs 1) into `to`; sectors with the enemy, slowing or barring terrain are not passed through."""
    mounted = dv.mounted(state, st)
    if bd.impassable(state, to, mounted):
        return None
    here = bd.place_of(st.location) if bd.on_field(st) else None
    start = [here] if here else [x for x in (f"{c}{bd.home_row(st.side)}" for c in "ABCDE")
                                 if not bd.impassable(state, x, mounted)]
    dist = {x: 0 if here else 1 for x in start}
    queue = list(start)
    for x in queue:
        if x == to:
            return dist[x]
        if x != here and (bd.enemy_present(state, x, st.side) or bd.slows(state, x, mounted)
                          or bd.impassable(state, x, mounted)):
            continue
        for y in bd.adjacent(x):
            if y in SECTORS and y not in dist:
                dist[y] = dist[x] + 1
                queue.append(y)
    return None


def eligible(state: Battle, side: str) -> list[Stack]:
    """§5.8 procedure item 6: active, free, not routed, on the field or deployable, not in a fortified sector."""
    fort = (state.fortification or {}).get("sector")
    out = []
    for st in sorted(state.stacks.values(), key=lambda s: (s.location, s.id)):
        if st.side != side or st.routed or dv.engaged(state, st) or st.halted or dv.mp_available(state, st) < 1:
            continue
        if bd.on_field(st) and bd.place_of(st.location) == fort:
            continue
        if not bd.on_field(st) and st.reserve_entry_round == state.round:
            continue  # AMB-42
        out.append(st)
    return out


def forcing_terms(state: Battle, side: str, to: str) -> dict[str, Any]:
    """Who of `side` can reach `to` this phase, and how far the others get (CP-19)."""
    reach, toward = [], {}
    for st in eligible(state, side):
        if bd.on_field(st) and bd.place_of(st.location) == to:
            continue
        d = distance(state, st, to)
        if d is None:
            continue
        if d <= dv.mp_available(state, st):
            reach.append(st.id)
        else:
            toward[st.id] = d - dv.mp_available(state, st)
    return {"sector": to, "side": side, "reach": reach, "toward": toward}


def forcing_problems(before: Battle, after: Battle, terms: dict[str, Any], lines: list[dict[str, Any]]) -> list[str]:
    """The forced post: every move ends in the sector (or as near as it gets); at least one stack goes."""
    to, problems = terms["sector"], []
    sent = []
    for n, line in enumerate(lines, 1):
        verb, sid = line.get("verb"), str(line.get("actor"))
        if verb not in ("move", "deploy"):
            continue
        st = after.stacks.get(sid)
        where = bd.place_of(st.location) if st else "?"
        if sid in terms["reach"]:
            ok = where == to
        elif sid in terms["toward"] and not terms["reach"]:
            probe = before.stacks[sid]
            ok = st is not None and bd.on_field(st) and distance(before, _at(probe, where), to) == terms["toward"][sid]
        else:
            ok = False
        if ok:
            sent.append(sid)
        else:
            problems.append(f"line {line.get('line', n)} ({verb} {sid}): §5.8 (CP-19): the forced moves go into "
                            f"{to}" + (", or as far as they get along a shortest path" if not terms["reach"] else ""))
    if not problems and not sent:
        who = terms["reach"] or list(terms["toward"])
        problems.append(f"§5.8 (CP-19): {terms['side']} must send at least one stack into {to} "
                        f"({', '.join(who)} can go" + (")" if terms["reach"] else ", as far as it gets)"))
    return problems


def _at(st: Stack, sector: str) -> Stack:
    from dataclasses import replace

    return replace(st, location=f"{sector}-1")


def extended(ctx: Context, options: CeriliaOptions) -> bool:
    """§5.8 procedure: the two 1d10, the draw or the forcings, the extended steps AX1, AX3, AX3.1; True when the
    battle ended in a draw."""
    from replay.rulesets.cerilia.phase_a import obligation_problems, obligations, run_step
    from replay.rulesets.cerilia.steps import step_order

    state: Battle = ctx.state
    why = triggered(ctx, options)
    if why is None:
        return False
    rollers = ("A",) if options.stalemate_dice == "single_attacker_roll" else ("A", "D")
    events = ctx.need_rolls([("1d10", state.player(side), "stalemate", {}, f"1d10 of {side} (§5.8, nobody moved)")
                             for side in rollers])
    rolls = {side: int(e.payload["total"]) for side, e in zip(rollers, events, strict=True)}
    said = ", ".join(f"{side} {n}" for side, n in rolls.items())
    if any(n in (9, 10) for n in rolls.values()):
        emit(ctx, "battle_ended", {"winner": None, "loser": None, "draw": True, "reason": "stalemate_draw"},
             rule="§5.8, §5.9 item 5", defaults=["AMB-44", "AMB-45"],
             why=[*why, f"1d10: {said}; a 9 or 10 ends the battle in a draw"])
        return True
    forcers = [side for side in ("A", "D") if any(n % 2 == (0 if side == "A" else 1) for n in rolls.values())]
    picks = gather(*[(lambda side=side: ctx.ask(
        "stalemate_sector", actor=state.player(side), options=[f"{c}{ROW[side]}" for c in "ABCDE"],
        what=f"the {'lower' if side == 'A' else 'upper'} sector {side} forces the enemy into (CP-19)",
        forcing=side)) for side in forcers])
    forced = {bd.enemy_of(side): str(value) for side, (value, _) in zip(forcers, picks, strict=True)}
    terms = {side: forcing_terms(ctx.state, side, to) for side, to in forced.items()}
    emit(ctx, "stalemate", {"rolls": rolls, "forcings": [
        {"by": bd.enemy_of(side), "side": side, "sector": t["sector"], "reach": t["reach"],
         "toward": t["toward"]} for side, t in terms.items()]}, rule="§5.8", defaults=["AMB-44", "AMB-45", "C13"],
         why=[*why, f"1d10: {said}"] + [
             f"{bd.enemy_of(side)} forces {side} into {t['sector']}: "
             + (f"{', '.join(t['reach'])} can reach it" if t["reach"] else
                f"none can reach it; {', '.join(t['toward'])} go as far as they get" if t["toward"] else
                "no stack can move there: no effect") for side, t in terms.items()])
    _forced_step(ctx, "A", "AX1", terms.get("A"), None, options, run_step)
    owed = obligations(ctx.state, "A", "AX1")
    _forced_step(ctx, "D", "AX3", terms.get("D"), owed, options, run_step)
    owed = obligations(ctx.state, "D", "AX3")
    from replay.rulesets.cerilia.resolve import mounted_answer

    if obligation_problems(ctx.state, owed) or mounted_answer(ctx.state, "AX3_1"):  # as A3.1 (§4.1)
        ctx.set_phase("AX3_1")
        run_step(ctx, "A", "AX3_1", step_order(ctx, "A", "AX3_1", "the Attacker's AX3.1 edit (answers to entries)"),
                 options)
        problems = obligation_problems(ctx.state, owed)
        if problems:
            raise OrderProblems([f"A's AX3.1 edit: {p}" for p in problems])
    return False


def _forced_step(ctx: Context, side: str, step: str, terms: dict[str, Any] | None,
                 owed: list[dict[str, Any]] | None, options: CeriliaOptions, run_step: Any) -> None:
    from replay.rulesets.cerilia.phase_a import obligation_problems
    from replay.rulesets.cerilia.steps import step_order

    moving = terms is not None and bool(terms["reach"] or terms["toward"])
    if not moving and not (owed and obligation_problems(ctx.state, owed)):
        return
    ctx.set_phase(step)
    before = ctx.state
    what = f"{'the Attacker' if side == 'A' else 'the Defender'}'s {step} post (§5.8: " + (
        f"forced into {terms['sector']})" if moving and terms else "answers to the forced entries)")
    lines = step_order(ctx, side, step, what)
    run_step(ctx, side, step, lines, options)
    problems = forcing_problems(before, ctx.state, terms, lines) if moving and terms else []
    if owed:
        problems += obligation_problems(ctx.state, owed)
    if problems:
        raise OrderProblems([f"{side}'s {step} post: {p}" for p in problems])


__all__ = ["extended", "triggered", "RESERVE"]
