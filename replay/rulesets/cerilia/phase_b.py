"""Phase B (§5.4, step-major, AMB-01): B2 stationary shots, B3 charges, B4 simultaneous melee, B5 mobile shots,
each physical attack through the battle-card procedure (§5.3), with the friendly-fire check (§5.4.7).

Dice: every attack is a D9 roll of its stack's owner, purpose `attack`, key `unit` (the attacking stack); a
friendly-fire check with several candidates is a `1dN` roll, purpose `friendly_fire`, key `unit` (the shooter).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.context import Context
from replay.rulesets.cerilia import board as bd
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.battle import Lookup, aggregate, effective, lookup
from replay.rulesets.cerilia.model import Battle, CeriliaOptions, Stack
from replay.rulesets.cerilia.phase_a import charge_path_problems, detect, retarget
from replay.rulesets.cerilia.steps import OrderProblems, emit, posts_checked, relying

B_VERBS = frozenset({"shoot", "cast", "hold"})


def shoot_problems(state: Battle, side: str, lines: list[dict[str, Any]], options: CeriliaOptions) -> list[str]:
    """§4.4.2: a shot's shooter and target as the post is made (re-checked at resolution, §5.1.2)."""
    problems = []
    for n, line in enumerate(lines, 1):
        head = f"line {line.get('line', n)} ({line.get('verb')} {line.get('actor')})"
        if line.get("verb") not in B_VERBS:
            problems.append(f"{head}: §4.2.2: Phase B posts shoot and cast")
            continue
        if line.get("verb") == "hold":
            continue
        if line.get("verb") == "cast":
            from replay.rulesets.cerilia.magic import cast_problems

            problems += [f"{head}: {p}" for p in cast_problems(state, side, line,
                                                                options.sign_assignment == "roll_only")]
            continue
        shooter, target = state.stacks.get(str(line.get("actor"))), state.stacks.get(str(line.get("target")))
        if shooter is None or shooter.side != side:
            problems.append(f"{head}: §4.2.1: {line.get('actor')!r} is none of your stacks")
            continue
        if dv.combat_card(state, shooter).missile is None:
            problems.append(f"{head}: §4.4.2: {shooter.id} has no missile parameter")
        if target is None or target.side == side or target.hidden or not bd.on_field(target):
            problems.append(f"{head}: §4.4.2: the target is a visible enemy stack on the field (TXT-32: never "
                            "in a reserve)")
        elif bd.on_field(shooter) and not bd.in_range(bd.place_of(shooter.location), bd.place_of(target.location),
                                                      options.ranged_adjacency == "king"):
            problems.append(f"{head}: §4.4.2 (AMB-06): {target.id} in {bd.place_of(target.location)} is out of range")
    return problems


def needs_post(state: Battle, side: str, king: bool = False) -> bool:
    """Whether `side` has a shooter that could shoot or a character that could cast (else no Phase B post is
    asked of it)."""
    from replay.rulesets.cerilia.magic import can_cast_now

    if can_cast_now(state, side):
        return True
    for st in state.stacks.values():
        if st.side == side and (dv.stationary_eligible(state, st) or dv.mobile_eligible(state, st)):
            here = bd.place_of(st.location)
            if any(bd.on_field(t) and not t.hidden and t.side != side
                   and bd.in_range(here, bd.place_of(t.location), king) for t in state.stacks.values()):
                return True
    return False


def _d9(ctx: Context, stack: Stack) -> tuple[int, list[int]]:
    return attack_rolls(ctx, [(ctx.state.player(stack.side), stack.id, f"D9 attack of {stack.id}")])[stack.id]


D10 = ("1d10", "d10")


def attack_rolls(ctx: Context, asks: list[tuple[str, str, str]]) -> dict[str, tuple[int, list[int]]]:
    """The D9 of each (player, unit, what): unit -> (1..9, the d10s rolled for it). AMB-05: a forum without a D9
    rolls a d10 and rerolls each 10, every roll recorded (`1d10`, purpose `attack`, the same key): the first roll
    below 10 is the D9 (the d10s, tens and D9, are kept for the why line). A unit whose first recorded attack roll is a
    d10 is read that way; a 10 with no reroll yet waits for the next d10."""
    d10 = {unit for _, unit, _ in asks
           if (seen := ctx.recorded.rolls(None, "attack", unit=unit))
           and str(seen[0].payload.get("dice", "")).replace(" ", "").lower() in D10}
    plain = [(player, unit, what) for player, unit, what in asks if unit not in d10]
    events = ctx.need_rolls([("D9", player, "attack", {"unit": unit}, what) for player, unit, what in plain])
    out = {unit: (int(e.payload["total"]), []) for (_, unit, _), e in zip(plain, events, strict=True)}
    for player, unit, what in asks:
        if unit in d10:
            rolled: list[int] = []
            while not rolled or rolled[-1] == 10:
                rolled.append(int(ctx.roll("1d10", actor=player, purpose="attack", unit=unit,
                                           what=f"{what} (a d10: a 10 is rolled again, AMB-05)").payload["total"]))
            out[unit] = (rolled[-1], rolled)
    return out


def d10_text(d10: list[int]) -> str:
    """AMB-05: the d10s an attack's D9 was read from, "d10 10→ reroll 4"."""
    return "d10 " + "→ reroll ".join(str(x) for x in d10)


def _lookup(ctx: Context, snap: Battle, attacker: Stack, target: Stack, kind: str, roll: int,
            options: CeriliaOptions, at: str | None = None) -> tuple[Lookup, dict[str, Any]]:
    """§5.3.3 on `snap`, then the DM's override of the result, if any (CP-25: decision `attack_result`, key
    {unit, target}); the extra payload fields that record it."""
    lk = lookup(snap, attacker, target, kind, roll, options.bonus_stacking, at=at)
    ruled = ctx.overridden("attack_result", unit=attacker.id, target=target.id)
    if ruled is None:
        return lk, {}
    value = ctx.decide("attack_result", lk.result, unit=attacker.id, target=target.id)
    if value not in ("-", "F", "H", "R", "D"):
        raise OrderProblems([f"CP-25: the ruling at seq {ruled.seq} gives {attacker.id}'s attack on {target.id} the "
                             f"result {value!r}; a result is -, F, H, R or D"])
    return replace(lk, result=str(value)), {"ruling": ruled.seq, "computed": lk.result}


def _d10(d10: list[int]) -> dict[str, Any]:
    """The payload field of an attack whose D9 was rolled as d10s (AMB-05); none for a D9."""
    return {"d10": list(d10)} if d10 else {}


def _attack_payload(kind: str, attacker: Stack, target: Stack, lk: Lookup, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "attacker": attacker.id, "target": target.id, "roll": lk.roll, "value": lk.value.total,
            "value_parts": [list(p) for p in lk.value.parts], "defence": lk.defence.total,
            "defence_parts": [list(p) for p in lk.defence.parts], "diff": lk.diff, "col": lk.col,
            "target_sign": lk.target_sign, "result": lk.result, "effective": effective(lk.result, kind), **extra}


def _why(attacker: Stack, target: Stack, lk: Lookup, kind: str, ruled: dict[str, Any] | None = None,
         d10: list[int] | None = None) -> str:
    eff = effective(lk.result, kind)
    s = lk.roll + lk.col
    tail = f" → {lk.result}" + (" (shooters ignore F)" if eff != lk.result else "")
    if ruled:
        tail = f" → {ruled['computed']}; the DM rules {lk.result} (seq {ruled['ruling']}, CP-25)" + \
            (" (shooters ignore F)" if eff != lk.result else "")
    return (f"{attacker.id} → {target.id} ({kind}): {lk.value.text()} − {lk.defence.text()} = {lk.diff:+d}"
            f"{f' (column {lk.col:+d})' if lk.col != lk.diff else ''}; D9 = {lk.roll}"
            f"{f' ({d10_text(d10)})' if d10 else ''}, card {lk.roll} "
            f"(s = {s}), target sign {lk.target_sign}{tail}")


def apply_results(ctx: Context, stack_id: str, received: list[str], holds_f: bool, rule: str) -> None:
    """§5.3.4–§5.3.5, §5.6.4–§5.6.5: emit what the results do to one stack."""
    state: Battle = ctx.state
    st = state.stacks.get(stack_id)
    if st is None or (not received and not holds_f):
        return
    troop = dv.troop(state, st)
    body = dv.body(state, st)
    before = body.damage
    if troop is not None:
        card = dv.combat_card(state, st)
        out = aggregate(received, before, card.max_damage, holds_f, st.routed)
        released = [c.id for c in dv.characters(state, st)] if (out.destroyed or out.routed and not st.routed) else []
        # CP-24: a joined character survives its troop's rout or destruction unless the DM rules otherwise
        fallen = [c for c in released if not ctx.decide("character_survives", True, character=c)]
        released = [c for c in released if c not in fallen]
    else:  # a character group: each character takes the damage and falls at 2 (or on a D)
        out = aggregate(received, before, -1, holds_f, st.routed)
        chars = dv.characters(state, st)
        fallen = [c.id for c in chars if "D" in received or c.damage + out.damage_in >= 2]
        released = []
        if len(fallen) == len(chars):  # every character falls: the group is gone (its damage still shown)
            out = replace(out, destroyed=True, routed=False, falls_back=False, f_discarded=holds_f)
    why = [f"{st.id} receives {', '.join(received) or 'nothing'}" + (" and holds F" if holds_f else "")]
    if out.destroyed:
        why.append("destroyed" + (f" (damage {out.damage_after} > {dv.combat_card(state, st).max_damage})"
                                  if "D" not in received and troop else ""))
    else:
        if out.damage_in:
            why.append(f"damage {before} → {out.damage_after}")
        if out.routed and not st.routed:
            why.append("routed")
        if out.falls_back:
            why.append("must fall back in C2")
    if out.f_discarded:
        why.append("R/D beat F: no fall back (§5.3.5)")
    if released:
        why.append(f"{', '.join(released)} detach and stay in the slot (§5.6.5)")
    if fallen:
        why.append(f"{', '.join(fallen)} fall (removed until the battle's end, §5.6.4"
                   + (", the DM's ruling, CP-24)" if troop is not None else ")"))
    emit(ctx, "effect", {"stack": st.id, "results": received, "damage_before": before,
                         "damage_after": out.damage_after, "destroyed": out.destroyed, "routed": out.routed,
                         "falls_back": out.falls_back, "f_discarded": out.f_discarded, "released": released,
                         "fallen": fallen}, rule=rule, why=why, defaults=["AMB-36", "AMB-40", "AMB-58"])


class Batch:
    """A step's results held back and applied together (option phase_b_order = step_simultaneous, AMB-01)."""

    def __init__(self) -> None:
        self.received: dict[str, list[str]] = {}
        self.holds_f: set[str] = set()


def _hit(ctx: Context, batch: Batch | None, stack_id: str, results: list[str], holds_f: bool, rule: str) -> None:
    """Apply results to a stack now, or hold them in the step's batch."""
    if batch is None:
        apply_results(ctx, stack_id, results, holds_f, rule)
        return
    batch.received.setdefault(stack_id, []).extend(results)
    if holds_f:
        batch.holds_f.add(stack_id)


def _flush(ctx: Context, batch: Batch | None, rule: str) -> None:
    """§5.3.5: the batch's results, aggregated per stack (R and D above F)."""
    if batch is None:
        return
    snap: Battle = ctx.state
    for sid in sorted(set(batch.received) | batch.holds_f, key=lambda i: (snap.stacks[i].side, i)
                      if i in snap.stacks else ("", i)):
        apply_results(ctx, sid, batch.received.get(sid, []), sid in batch.holds_f, rule)


def _routed_target(ctx: Context, kind: str, attacker: Stack, target: Stack, batch: Batch | None = None) -> None:
    """§5.3.6 (AR-3): an attack on a routed stack destroys it, no roll; the attack is consumed."""
    emit(ctx, "attack", {"kind": kind, "attacker": attacker.id, "target": target.id, "roll": None, "value": 0,
                         "value_parts": [], "defence": 0, "defence_parts": [], "diff": 0, "col": 0,
                         "target_sign": dv.sign(ctx.state, target) or "B", "result": "D", "effective": "D"},
         rule="§5.3.6 (AR-3)", defaults=["AMB-38"],
         why=f"{attacker.id} attacks the routed {target.id}: destroyed without a roll")
    _hit(ctx, batch, target.id, ["D"], False, "§5.3.6")


def shot(ctx: Context, shooter: Stack, target: Stack, kind: str, options: CeriliaOptions,
         batch: Batch | None = None) -> None:
    """One shot (B2 or B5) with its friendly-fire check (§5.4.3, §5.4.6, §5.4.7)."""
    state: Battle = ctx.state
    if target.routed:
        _routed_target(ctx, kind, shooter, target, batch)
        return
    candidates = friendly_candidates(state, shooter, target, kind)
    roll, d10 = _d9(ctx, shooter)
    lk, ruled = _lookup(ctx, state, shooter, target, kind, roll, options)
    emit(ctx, "attack", _attack_payload(kind, shooter, target, lk, **ruled, **_d10(d10)),
         rule="§5.3, §5.4." + ("3" if kind == "stationary" else "6"), defaults=["AMB-05"] if d10 else [],
         why=_why(shooter, target, lk, kind, ruled, d10))
    _hit(ctx, batch, target.id, [r for r in [effective(lk.result, kind)] if r != "-"], False, "§5.3.4")
    if not candidates:
        return
    if len(candidates) == 1:
        chosen, die = candidates[0], None
    else:
        e = ctx.roll(f"1d{len(candidates)}", actor=state.player(shooter.side), purpose="friendly_fire",
                     what=f"D{len(candidates)} friendly-fire check of {shooter.id}'s shot (CP-09)", unit=shooter.id)
        die = int(e.payload["total"])
        chosen = candidates[die - 1]
    emit(ctx, "friendly_selected", {"shooter": shooter.id, "target": target.id, "candidates": candidates,
                                    "n": len(candidates), "roll": die, "unit": chosen}, rule="§5.4.7",
         defaults=["AMB-43"],
         why=f"{target.id} is engaged with {', '.join(candidates)} (slot order)"
             + (f"; D{len(candidates)} = {die} → {chosen}" if die else f": {chosen} is checked"))
    friend = ctx.state.stacks.get(chosen)
    if friend is None:
        return
    lk2, ruled2 = _lookup(ctx, ctx.state, shooter, friend, "friendly", roll, options)
    emit(ctx, "attack", _attack_payload("friendly", shooter, friend, lk2, **ruled2, **_d10(d10)), rule="§5.4.7",
         defaults=["AMB-05"] if d10 else [],
         why=_why(shooter, friend, lk2, "friendly", ruled2, d10) + " (the same card)")
    _hit(ctx, batch, friend.id, [r for r in [effective(lk2.result, "friendly")] if r != "-"], False, "§5.4.7")


def friendly_candidates(state: Battle, shooter: Stack, target: Stack, kind: str) -> list[str]:
    """§5.4.7 FR: the shooter's side's active, non-routed stacks in the target's sector engaged with it, slot order;
    none for a stationary shot into the shooter's own sector."""
    here = bd.place_of(target.location)
    if kind == "stationary" and bd.place_of(shooter.location) == here:
        return []
    return [s.id for s in bd.stacks_at(state, here, shooter.side) if not s.routed and dv.engaged_with(state, s, target)]


def shots(ctx: Context, orders: dict[str, list[dict[str, Any]]], kind: str, options: CeriliaOptions) -> None:
    """Every `shoot` of the step's kind, the Attacker's then the Defender's, in post order (§5.4.1); with
    phase_b_order = step_simultaneous their results apply together at the step's end."""
    batch = Batch() if options.phase_b_order == "step_simultaneous" else None
    for side in ("A", "D"):
        for line in orders.get(side, []):
            if line.get("verb") != "shoot":
                continue
            st, target = ctx.state.stacks.get(line["actor"]), ctx.state.stacks.get(line["target"])
            if st is not None and st.attack_used == "MAGIC" and kind == "stationary":
                emit(ctx, "order_void", {"stack": st.id, "verb": "shoot", "reason": "attack_used"},
                     rule="§5.1.4, §4.4.1 item 3", defaults=["AMB-26"],
                     why=f"{st.id}'s character cast a combat spell: the stack's one attack this round is used")
                continue
            if st is None or st.attack_used is not None:
                continue
            eligible = dv.stationary_eligible if kind == "stationary" else dv.mobile_eligible
            if not eligible(ctx.state, st):
                if kind == "stationary" and not st.routed and not dv.mobile_eligible(ctx.state, st):
                    emit(ctx, "order_void", {"stack": st.id, "verb": "shoot", "reason": "not_eligible"},
                         rule="§4.4.2 item 3, C10", why=f"{st.id} can neither shoot stationary nor mobile: the shot "
                                                        "is void (an engaged shooter uses melee)")
                continue
            if st.routed:
                emit(ctx, "order_void", {"stack": st.id, "verb": "shoot", "reason": "routed"},
                     rule="§5.4.1 (AMB-56)", defaults=["AMB-56"], why=f"{st.id} is routed: it makes no attack")
                continue
            if target is None or not bd.on_field(target) or target.hidden or not bd.in_range(
                    bd.place_of(st.location), bd.place_of(target.location), options.ranged_adjacency == "king"):
                emit(ctx, "order_void", {"stack": st.id, "verb": "shoot", "reason": "target_gone"},
                     rule="§5.1.2", why=f"{st.id}'s target {line['target']} is no longer a valid target")
                continue
            shot(ctx, st, target, kind, options, batch)
    _flush(ctx, batch, "§5.4.1 (step_simultaneous), §5.3.5")


def _arrived_charge_problems(state: Battle, st: Stack, here: str, target: Stack | None) -> list[str]:
    """B3 for a charger already in the target's sector (charge_move_timing = phase_a): free, the target there."""
    if st.routed or dv.engaged(state, st) or bd.place_of(st.location) != here:
        return [f"§4.3.9 item 6: {st.id} is no longer free in {here}"]
    if target is None or target.side == st.side or target.hidden or bd.place_of(target.location) != here:
        return [f"§4.3.9: the target is a visible enemy stack in {here}"]
    return []


def _new_charge_target(ctx: Context, st: Stack, charge: dict[str, Any], problems: list[str]) -> Stack | None:
    """CP-20 (AMB-49): the declared target is no longer valid; the owner names another valid enemy stack in the
    charge's last sector, or cancels (the default shown). A blocked path, or no other target, voids the charge."""
    state: Battle = ctx.state
    final = charge["path"][-1]
    def valid(t: Stack) -> bool:
        if len(charge["path"]) == 1:
            return not _arrived_charge_problems(state, st, final, t)
        return not charge_path_problems(state, st, charge["path"], t)

    others = [t.id for t in bd.stacks_at(state, final, bd.enemy_of(st.side)) if t.id != charge["target"] and valid(t)]
    if not others:
        emit(ctx, "order_void", {"stack": st.id, "verb": "declare_charge", "reason": "revalidation"},
             rule="§5.4.4 items 1–2, CP-20", defaults=["AMB-49"], why=problems)
        return None
    value, how = ctx.ask("charge_target", actor=state.player(st.side), options=[*others, "cancel"],
                         default="cancel", what=f"{st.id}'s charge: a new target in {final}, or cancel (CP-20)",
                         stack=st.id)
    if value == "cancel":
        emit(ctx, "order_void", {"stack": st.id, "verb": "declare_charge", "reason": "cancelled"},
             rule="§5.4.4 item 2, CP-20", defaults=["AMB-49"],
             why=[*problems, f"{st.id}'s owner cancels the charge (no move, MP kept)"])
        return None
    emit(ctx, "charge_retargeted", {"stack": st.id, "old": charge["target"], "target": value, "how": how},
         rule="§5.4.4 item 2, CP-20", defaults=["AMB-49"],
         why=[*problems, f"{st.id} charges {value} in {final} instead of {charge['target']}"])
    return ctx.state.stacks[str(value)]


def charges(ctx: Context, options: CeriliaOptions, sides: tuple[str, ...] = ("A", "D")) -> None:
    """B3 (§5.4.4): each declared charge re-validated, moved, rolled; the charger is not engaged by it."""
    batch = Batch() if options.phase_b_order == "step_simultaneous" else None
    for side in sides:
        for c in [c for c in ctx.state.charges if ctx.state.stacks.get(c["stack"]) and
                  ctx.state.stacks[c["stack"]].side == side]:
            st = ctx.state.stacks.get(c["stack"])
            target = ctx.state.stacks.get(c["target"])
            if st is None:
                continue
            if len(c["path"]) == 1:  # charge_move_timing = phase_a: it rode in during Phase A
                problems = _arrived_charge_problems(ctx.state, st, c["path"][0], target)
            else:
                problems = charge_path_problems(ctx.state, st, c["path"], target)
            if problems:
                target = _new_charge_target(ctx, st, c, problems)
                if target is None:
                    continue
            final = c["path"][-1]
            slot = bd.free_slot(ctx.state, final, st.side) if len(c["path"]) > 1 else bd.slot_of(st.location)
            if target.routed:
                _routed_target(ctx, "charge", st, target, batch)
                continue
            roll, d10 = _d9(ctx, st)
            lk, ruled = _lookup(ctx, ctx.state, st, target, "charge", roll, options, at=final)
            emit(ctx, "attack", _attack_payload("charge", st, target, lk, charge_to=final, charge_slot=slot, **ruled,
                                                **_d10(d10)),
                 rule="§5.4.4, §5.3", defaults=["AMB-24"] + (["AMB-05"] if d10 else []),
                 why=[f"{st.id} charges {'>'.join(c['path'])} → {final}-{slot}", _why(st, target, lk, "charge",
                                                                                       ruled, d10)])
            eff = lk.result
            if eff == "F":
                _hit(ctx, batch, st.id, [], True, "§5.3.4")
            elif eff != "-":
                _hit(ctx, batch, target.id, [eff], False, "§5.3.4")
    _flush(ctx, batch, "§5.4.1 (step_simultaneous), §5.3.5")


def melee(ctx: Context, options: CeriliaOptions, sides: tuple[str, ...] = ("A", "D"), held: Batch | None = None
          ) -> None:
    """B4 (§5.4.5): every engaged stack rolls against its target at once; results apply together (or, with `held`,
    are kept in it until the other side has rolled: phase_b_order = side_major)."""
    snap: Battle = ctx.state
    rollers = [s for s in sorted(snap.stacks.values(), key=lambda s: (s.side, s.location, s.id))
               if s.side in sides and bd.on_field(s) and not s.routed and s.melee_target in snap.stacks
               and s.attack_used is None
               and bd.place_of(snap.stacks[s.melee_target].location) == bd.place_of(s.location)]
    rolled = [s for s in rollers if not snap.stacks[s.melee_target or ""].routed]
    rolls = attack_rolls(ctx, [(snap.player(s.side), s.id, f"D9 melee of {s.id}") for s in rolled])
    received: dict[str, list[str]] = {}
    holds_f: set[str] = set()
    for s in rollers:
        target = snap.stacks[s.melee_target or ""]
        if target.routed:
            _routed_target(ctx, "melee", s, target)
            continue
        roll, d10 = rolls[s.id]
        lk, ruled = _lookup(ctx, snap, s, target, "melee", roll, options)
        emit(ctx, "attack", _attack_payload("melee", s, target, lk, **ruled, **_d10(d10)), rule="§5.4.5, §5.3",
             defaults=["AMB-05"] if d10 else [], why=_why(s, target, lk, "melee", ruled, d10))
        if lk.result == "F":
            holds_f.add(s.id)
        elif lk.result != "-":
            received.setdefault(target.id, []).append(lk.result)
    if held is not None:
        for sid, results in received.items():
            held.received.setdefault(sid, []).extend(results)
        held.holds_f |= holds_f
        return
    for sid in sorted(set(received) | holds_f, key=lambda i: (snap.stacks[i].side, i)):
        apply_results(ctx, sid, received.get(sid, []), sid in holds_f, "§5.4.5, §5.3.5")
    retarget(ctx, "§5.4.5, CP-05")


def side_major(ctx: Context, orders: dict[str, list[dict[str, Any]]], options: CeriliaOptions) -> None:
    """Option phase_b_order = side_major (AMB-01, the literal post order): the Attacker's magic, stationary shots,
    charges, melee rolls (held) and mobile shots; the Defender's magic, shots, charges and melee rolls; then every
    held melee result at once (B4); then the Defender's mobile shots (B5)."""
    from replay.rulesets.cerilia.magic import casts

    held = Batch()
    for side in ("A", "D"):
        ctx.set_phase(f"B_{side}")
        own = {side: orders.get(side, [])}
        casts(ctx, own)
        shots(ctx, own, "stationary", options)
        charges(ctx, options, (side,))
        melee(ctx, options, (side,), held)
        if side == "A":
            shots(ctx, own, "mobile", options)
    ctx.set_phase("B4")
    _flush(ctx, held, "§5.4.1 (side_major), §5.4.5, §5.3.5")
    retarget(ctx, "§5.4.5, CP-05")
    ctx.set_phase("B5")
    shots(ctx, {"D": orders.get("D", [])}, "mobile", options)


ACTIONS = {"cerilia.cast": "caster", "cerilia.attack": "attacker", "cerilia.order_void": "stack",
           "cerilia.charge_retargeted": "stack"}
SIDE_MAJOR = ("A B1", "A B2", "A B3", "A B4", "A B5", "D B1", "D B2", "D B3", "D B4", "* B4", "D B5")
"""Who acts in which step, in the order side_major resolves it ("* B4": the melee results applied together);
step_major resolves them step by step, the Attacker first."""


def side_of(state: Battle, unit_id: str) -> str:
    unit = state.units.get(unit_id)
    return unit.side if unit is not None else unit_id.partition("-")[0]


def turns_taken(state: Battle, drafts: list[Any]) -> list[str]:
    """Phase B's drafts as the turns they belong to (`A B2`: the Attacker's stationary shots), in emission order;
    an effect or a friendly-fire check belongs to the action before it, B4's results to `* B4`."""
    out: list[str] = []
    current = ""
    for d in drafts:
        if d.phase == "B4":
            current = f"{side_of(state, d.payload['attacker'])} B4" if d.type == "cerilia.attack" else "* B4"
        elif d.type in ACTIONS and d.phase in ("B1", "B2", "B3", "B5"):
            current = f"{side_of(state, str(d.payload[ACTIONS[d.type]]))} {d.phase}"
        if current and (not out or out[-1] != current):
            out.append(current)
    return out


def order_decides(state: Battle, drafts: list[Any]) -> bool:
    """Whether phase_b_order's alternatives (AMB-01) would resolve these step-major drafts otherwise: side_major
    when the turns taken are not in its order too; step_simultaneous when a B2, B3 or B5 result is applied before
    another event of its step, or a stack gets two results there, or they are not in the batch's order."""
    taken = turns_taken(state, drafts)
    if [SIDE_MAJOR.index(t) for t in taken] != sorted(SIDE_MAJOR.index(t) for t in taken):
        return True
    for step in ("B2", "B3", "B5"):
        events = [d for d in drafts if d.phase == step]
        effects = [k for k, d in enumerate(events) if d.type == "cerilia.effect"]
        if effects and effects != list(range(effects[0], len(events))):
            return True
        hit = [(side_of(state, events[k].payload["stack"]), events[k].payload["stack"]) for k in effects]
        if hit != sorted(set(hit)):
            return True
    return False


def phase_b(ctx: Context, options: CeriliaOptions) -> None:
    """§5.4.1: B1–B5; when the order of its resolutions is AMB-01's to decide, every Phase B resolution names it."""
    ctx.set_phase("B1")
    detect(ctx)
    start = len(ctx.drafts)
    # AMB-06: whether a side is asked for its Phase B post can hang on orthogonal range alone
    asked_by_range = options.ranged_adjacency == "orthogonal" and any(
        needs_post(ctx.state, side) != needs_post(ctx.state, side, True) for side in ("A", "D"))
    try:
        _phase_b(ctx, options)
    finally:
        if options.phase_b_order == "step_major" and order_decides(ctx.state, ctx.drafts[start:]):
            relying(ctx, start, "AMB-01")
        if asked_by_range:
            relying(ctx, start, "AMB-06")


def _phase_b(ctx: Context, options: CeriliaOptions) -> None:
    from replay.rulesets.cerilia.steps import step_order

    state: Battle = ctx.state
    sides = [side for side in ("A", "D") if needs_post(state, side, options.ranged_adjacency == "king")]
    orders = posts_checked(ctx, sides,
                           lambda side: step_order(ctx, side, f"B_{side}", f"{side}'s Phase B post (shots)"),
                           lambda side, lines: shoot_problems(ctx.state, side, lines, options))
    if options.phase_b_order == "side_major":
        side_major(ctx, orders, options)
        return
    from replay.rulesets.cerilia.magic import casts

    casts(ctx, orders)
    ctx.set_phase("B2")
    shots(ctx, orders, "stationary", options)
    ctx.set_phase("B3")
    charges(ctx, options)
    ctx.set_phase("B4")
    melee(ctx, options)
    ctx.set_phase("B5")
    shots(ctx, orders, "mobile", options)
