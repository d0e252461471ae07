"""Phase A (§4.3, §5.2): deploys, moves, joins and detaches, melee and charge declarations, target choices,
the receiving side's obligations (§4.3.6 with C1) and A-close (§5.2.4).

Each line of a post is checked against the state the lines before it left; every problem is named with its
section, and a post with any problem is refused whole (nothing of it is emitted).
"""

from __future__ import annotations

from typing import Any

from replay.context import Context
from replay.rulesets.cerilia import board as bd
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import RESERVE, SECTORS, Battle, CeriliaOptions, Stack
from replay.rulesets.cerilia.steps import OrderProblems, emit

SIGN_OF_ROLL = {1: "Sw", 2: "Sh", 3: "B"}
A_VERBS = frozenset({"deploy", "move", "join", "detach", "declare_melee", "choose_melee_target", "declare_charge",
                     "mounted_retreat", "hold"})


def run_step(ctx: Context, side: str, step: str, lines: list[dict[str, Any]], options: CeriliaOptions) -> None:
    """Every line of `side`'s `step` post, in seq order (§5.1.3); refused whole when any line breaks a rule."""
    problems: list[str] = []
    detect(ctx)
    for n, line in enumerate(lines, 1):
        found = _line(ctx, side, step, line, options)
        where = line.get("line", n)
        problems += [f"line {where} ({line.get('verb')} {line.get('actor')}): {p}" for p in found]
        if not found:
            detect(ctx)
    if problems:
        raise OrderProblems(problems)


def detect(ctx: Context) -> None:
    """§5.7.3 (AMB-29): an enemy Scout in a hidden stack's sector finds it, when a step starts or as it enters."""
    state: Battle = ctx.state
    for st in sorted(state.stacks.values(), key=lambda s: (s.location, s.id)):
        if not st.hidden or not bd.on_field(st):
            continue
        here = bd.place_of(st.location)
        scout = next((e for e in bd.stacks_at(state, here, bd.enemy_of(st.side)) if dv.detects_hidden(state, e)),
                     None)
        if scout is not None:
            emit(ctx, "revealed", {"stack": st.id, "by": scout.id, "sector": here}, rule="§5.7.3",
                 defaults=["AMB-29"], why=f"{scout.id} (Scouts) finds the hidden {st.id} in {here}")


def _line(ctx: Context, side: str, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    verb = line.get("verb")
    if verb not in A_VERBS:
        return [f"§4.2.2: {verb!r} is no Phase A order here (Phase A: {', '.join(sorted(A_VERBS))})"]
    if verb == "hold":
        return []
    stack = state.stacks.get(str(line.get("actor")))
    if stack is None or stack.side != side:
        return [f"§4.2.1: {line.get('actor')!r} is none of your stacks"]
    if step in ("A3_1", "AX3_1") and verb in ("deploy", "move", "join", "detach"):
        return ["§4.1 (AMB-23): the A3.1 edit adds no new moves"]
    if step == "AX1" and verb not in ("deploy", "move"):
        return ["§5.8: the Attacker's AX1 post holds only the forced moves"]
    if step == "AX3" and verb in ("join", "detach", "declare_charge"):
        return ["§5.8: the Defender's AX3 post holds the forced moves and the answers to the Attacker's entries"]
    return _VERBS[verb](ctx, stack, step, line, options)


# --- deploy (§4.3.2) -------------------------------------------------------------------------------------------

def _deploy(ctx: Context, stack: Stack, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    side = stack.side
    path = list(line.get("path") or [])
    problems = []
    place = bd.place_of(stack.location)
    if place != RESERVE[side] and stack.location != "pool":
        return [f"§4.3.2: {stack.id} is not in {RESERVE[side]} (it is at {stack.location})"]
    if stack.routed:
        problems.append(f"§4.3.2: {stack.id} is routed; it must pass a morale check first (§4.5.4)")
    if stack.reserve_entry_round == state.round:
        problems.append("§4.3.2 (AMB-42): it entered the reserve this round and cannot leave it in the same round")
    if stack.location != "pool":
        named = line.get("reserve_slot")
        if named is None:
            problems.append(f"§4.3.2, C3: name the reserve slot it leaves ({stack.location})")
        elif int(named) != bd.slot_of(stack.location):
            problems.append(f"§4.3.2: {stack.id} is in {stack.location}, not in slot {named}")
    if len(path) < 2 or path[0] != RESERVE[side]:
        return [*problems, f"§4.3.2: a deploy path starts at {RESERVE[side]}, then a sector of the home row"]
    if bd.col_row(path[1])[1] != bd.home_row(side) if path[1] in SECTORS else True:
        return [*problems, f"§4.3.2: the first step out of {RESERVE[side]} is into the home row "
                f"(row {bd.home_row(side)}), not {path[1]}"]
    body = dv.body(state, stack)
    sign, method, roll = None, None, None
    given = line.get("sign")
    if body.sign is not None and given is not None:
        problems.append(f"C4: {stack.id} already has its sign {body.sign} (sign_already_assigned)")
    elif body.sign is None and stack.location == "pool":
        if given is None:
            problems.append("§4.3.2, CP-01: a first deployment declares the sign (Sw, Sh, B) or rolls it "
                            "(sign: roll, with a 1D3)")
        elif given == "roll":
            event = ctx.roll("1D3", actor=state.player(side), purpose="sign", what=f"1D3 sign of {stack.id}",
                             unit=stack.id)
            roll = int(event.payload["total"])
            sign, method = SIGN_OF_ROLL[roll], "rolled"
        elif given in SIGN_OF_ROLL.values():
            if options.sign_assignment == "roll_only":
                problems.append("§3 rule 3 (option sign_assignment = roll_only): the sign is rolled with 1D3")
            sign, method = given, "declared"
        else:
            problems.append(f"§3 rule 3: the sign is Sw, Sh, B or roll, not {given!r}")
    cost = 0
    if stack.location == "pool" and dv.troop(state, stack) is not None:
        cost = tables().units[dv.body(state, stack).card].cost
        spent = state.spent[side] or 0
        if state.deployed_cost[side] + cost > spent:
            problems.append(f"§3 rule 1: deploying {stack.id} ({cost}) brings the cost deployed to "
                            f"{state.deployed_cost[side] + cost}, above the {spent} declared spent")
    if problems:
        return problems
    moved = _walk(state, stack, path, step, deploying=True)
    if isinstance(moved, list):
        return moved
    to, slot, mp_cost, entry, halted = moved
    emit(ctx, "deployed", {"stack": stack.id, "card": dv.body(state, stack).card, "to": to, "slot": slot,
                           "path": path, "mp_cost": mp_cost, "sign": sign, "sign_method": method, "sign_roll": roll,
                           "reserve_slot": bd.slot_of(stack.location), "cost": cost,
                           "spent_so_far": state.deployed_cost[side] + cost, "entry": entry, "step": step},
         rule="§4.3.2, §2.2, §3 rule 1", defaults=["AMB-07", "AMB-08", "AMB-10"]
         + (["AMB-09"] if method == "declared" else []),
         why=_walk_why(stack.id, path, to, slot, mp_cost, entry)
         + ([f"sign {sign} ({method}{f', 1D3 = {roll}' if roll else ''})"] if sign else [])
         + ([f"cost {cost}: {state.deployed_cost[side] + cost} of {state.spent[side]} deployed"] if cost else []))
    return []


def _walk_why(sid: str, path: list[str], to: str, slot: int, mp_cost: int, entry: bool) -> list[str]:
    out = [f"{sid}: {'>'.join(path)} ({mp_cost} MP) → {to}-{slot} (lowest free slot)"]
    if entry:
        out.append(f"enters {to}, held by the enemy: its move ends there (§5.2.2)")
    return out


def _walk(state: Battle, stack: Stack, path: list[str], step: str, deploying: bool = False
          ) -> tuple[str, int, int, bool, bool] | list[str]:
    """§4.3.3: check a movement path; (final sector, slot, MP, entry, halted) or the problems."""
    side = stack.side
    problems = []
    mounted = dv.mounted(state, stack)
    steps = path[1:]
    if not steps:
        return ["§4.3.3: a move has at least one step"]
    if not deploying and path[0] != bd.place_of(stack.location):
        return [f"§4.3.3: the path starts where {stack.id} stands ({bd.place_of(stack.location)}), not {path[0]}"]
    if not deploying and not bd.on_field(stack):
        return [f"§4.3.3: {stack.id} is not on the field (deploy it from the reserve)"]
    if stack.routed:
        return [f"§4.3.1: {stack.id} is routed and may only flee"]
    if dv.engaged(state, stack):
        return [f"§4.3.1: {stack.id} is engaged in melee; only free stacks move"]
    if stack.halted:
        return [f"§4.3.3 (AMB-15): {stack.id} halted in slowing terrain this round"]
    if not deploying and stack.entered_enemy_sector_round == state.round:
        return [f"§4.3.3 rule 6: {stack.id} entered an enemy-held sector this round; it leaves next round"]
    for a, b in zip(path, steps, strict=False):
        if b not in SECTORS:
            problems.append(f"§4.3.3: {b} is no sector (a reserve is entered only by rout or retreat)")
        elif not bd.is_adjacent(a, b):
            problems.append(f"§2.2: {a}>{b} is no orthogonal step (no diagonal moves)")
    if problems:
        return problems
    mp = dv.mp_available(state, stack)
    if len(steps) > mp:
        return [f"§4.3.3: {'>'.join(path)} needs {len(steps)} MP; {stack.id} has {mp}"]
    for x in steps[:-1]:
        if bd.enemy_present(state, x, side):
            problems.append(f"§4.3.3 rule 4: {x} holds the enemy; the move cannot pass through it")
        if bd.impassable(state, x, mounted) or bd.slows(state, x, mounted):
            problems.append(f"§4.3.3 rule 4: {x}'s terrain stops or bars {stack.id}")
    final = steps[-1]
    if bd.impassable(state, final, mounted):
        problems.append(f"§6.4: {final}'s terrain is impassable for {'mounted' if mounted else 'foot'} stacks")
    slot = bd.free_slot(state, final, side)
    if slot is None:
        problems.append(f"§2.2: {final} has no free slot in your line")
    if problems:
        return problems
    assert slot is not None
    return final, slot, len(steps), bd.enemy_present(state, final, side), bd.slows(state, final, mounted)


def _move(ctx: Context, stack: Stack, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    path = list(line.get("path") or [])
    moved = _walk(state, stack, path, step)
    if isinstance(moved, list):
        return moved
    to, slot, mp_cost, entry, halted = moved
    why = _walk_why(stack.id, path, to, slot, mp_cost, entry)
    if halted:
        why.append(f"{to}'s terrain halts it for the rest of the round (AMB-15)")
    emit(ctx, "moved", {"stack": stack.id, "path": path, "to": to, "slot": slot, "mp_cost": mp_cost, "entry": entry,
                        "halted": halted, "step": step}, rule="§4.3.3, §2.2", why=why,
         defaults=["AMB-13", "AMB-14"] + (["AMB-15"] if halted else []))
    return []


# --- join / detach (§4.3.4) ------------------------------------------------------------------------------------

def _join(ctx: Context, stack: Stack, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    host = state.stacks.get(str(line.get("host")))
    if dv.troop(state, stack) is not None:
        return ["§4.3.4: only characters join (two troop units never merge)"]
    char = str(line.get("character") or stack.members[0])
    if char not in stack.members:
        return [f"§4.3.4: {char} is not in {stack.id}"]
    problems = []
    if host is None or host.side != stack.side or host.id == stack.id:
        return [f"§4.3.4: {line.get('host')!r} is none of your other stacks"]
    if stack.routed or host.routed:
        problems.append("§5.6.6: a routed stack neither joins nor is joined")
    if dv.engaged(state, stack):
        problems.append(f"§4.3.1: {stack.id} is engaged; only free stacks join")
    if not bd.on_field(stack) or bd.place_of(host.location) != bd.place_of(stack.location):
        problems.append(f"§4.3.4: {host.id} is not in {stack.id}'s sector")
    if problems:
        return problems
    emit(ctx, "joined", {"character": char, "host": host.id}, rule="§4.3.4, §2.6", defaults=["AMB-31"],
         why=f"{char} joins {host.id} in {host.location} (0 MP); the stack's MP is now the least of its members'")
    return []


def _detach(ctx: Context, stack: Stack, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    char = str(line.get("character") or "")
    if char not in stack.members or state.units[char].kind != "character" or stack.members[0] == char:
        return [f"§4.3.4: {char!r} is no character joined to {stack.id}"]
    if dv.engaged(state, stack) or stack.routed:
        return ["§4.3.4 (AMB-31): a character detaches only while its host is free"]
    here = bd.place_of(stack.location)
    path = list(line.get("path") or [here])
    to = path[-1]
    cost = len(path) - 1
    if cost > state.units[char].mp:
        return [f"§4.3.4: {char} has {state.units[char].mp} MP, the path needs {cost}"]
    if any(not bd.is_adjacent(a, b) for a, b in zip(path, path[1:], strict=False)) or path[0] != here:
        return [f"§4.3.3: {'>'.join(path)} is no orthogonal path from {here}"]
    slot = bd.free_slot(state, to, stack.side)
    if slot is None:
        return [f"§2.2: {to} has no free slot in your line"]
    emit(ctx, "detached", {"character": char, "to": to, "slot": slot, "mp_cost": cost}, rule="§4.3.4",
         defaults=["AMB-31"], why=f"{char} leaves {stack.id} → {to}-{slot} ({cost} MP)")
    return []


# --- melee (§4.3.5, §4.3.7) ------------------------------------------------------------------------------------

def _melee(ctx: Context, stack: Stack, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    target = state.stacks.get(str(line.get("target")))
    here = bd.place_of(stack.location)
    problems = []
    if not bd.on_field(stack):
        return ["§4.3.5: only stacks on the field declare melee"]
    if stack.routed:
        problems.append("§4.3.1: a routed stack may only flee")
    if stack.melee_target is not None:
        problems.append(f"§4.3.5: {stack.id} is already engaged")
    elif dv.attackers_of(state, stack):
        by = ", ".join(a.id for a in dv.attackers_of(state, stack))
        problems.append(f"§4.3.1, §4.3.5 item 1: {stack.id} is engaged by {by}; only free stacks declare melee (it "
                        "fights its attacker, or chooses among several, §4.3.7)")
    if target is None or target.side == stack.side or target.hidden:
        return [*problems, f"§4.3.5: {line.get('target')!r} is no enemy stack you can see"]
    if bd.place_of(target.location) != here:
        problems.append(f"§4.3.5: {target.id} is in {bd.place_of(target.location)}, not in {here}")
    if problems:
        return problems
    if target.routed:  # §5.2.3, AMB-38
        released = [c.id for c in dv.characters(state, target)] if dv.troop(state, target) else []
        emit(ctx, "destroyed", {"stack": target.id, "cause": "attacked_while_routed", "by": stack.id,
                                "released": released}, rule="§5.2.3, §5.3.6 (AR-3)", defaults=["AMB-38"],
             why=f"{stack.id} attacks the routed {target.id}: destroyed, no roll; {stack.id} stays free")
        return []
    emit(ctx, "melee_declared", {"stack": stack.id, "target": target.id}, rule="§4.3.5",
         why=f"{stack.id} engages {target.id} in {here}")
    return []


def _choose(ctx: Context, stack: Stack, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    attackers = [a.id for a in dv.attackers_of(state, stack)]
    if stack.melee_target is not None:
        return [f"§4.3.7: {stack.id} already fights {stack.melee_target} and keeps it"]
    if len(attackers) < 2:
        return [f"C6: {stack.id} is attacked by {len(attackers)} stack(s); the target is set by the rules"]
    if line.get("target") not in attackers:
        return [f"§4.3.7: {stack.id} chooses among its attackers ({', '.join(attackers)})"]
    emit(ctx, "target_chosen", {"stack": stack.id, "target": line["target"], "how": "chosen"}, rule="§4.3.7, CP-05",
         why=f"{stack.id}, attacked by {', '.join(attackers)}, fights {line['target']}")
    return []


# --- charge (§4.3.9) ------------------------------------------------------------------------------------------

def charge_path_problems(state: Battle, stack: Stack, path: list[str], target: Stack | None) -> list[str]:
    """§4.3.9 items 2–5 (checked at declaration and again in B3)."""
    card = dv.combat_card(state, stack)
    problems = []
    if card.charge is None:
        return [f"§4.3.9: {card.code} has no charge parameter"]
    if stack.routed or dv.engaged(state, stack) or not bd.on_field(stack) or stack.halted:
        return [f"§4.3.9: {stack.id} must be free, not routed, not halted, on the field"]
    if stack.entered_enemy_sector_round == state.round:
        problems.append("§4.3.9: it entered an enemy-held sector this round")
    if len(path) < 2 or path[0] != bd.place_of(stack.location):
        return [*problems, f"§4.3.9 (TXT-34): the path starts at {bd.place_of(stack.location)} and has a step"]
    if any(b not in SECTORS or not bd.is_adjacent(a, b) for a, b in zip(path, path[1:], strict=False)):
        return [*problems, f"§4.3.9: {'>'.join(path)} is no orthogonal path"]
    deltas = [(bd.col_row(b)[0] - bd.col_row(a)[0], bd.col_row(b)[1] - bd.col_row(a)[1])
              for a, b in zip(path, path[1:], strict=False)]
    turns = sum(1 for d1, d2 in zip(deltas, deltas[1:], strict=False) if d1 != d2)
    if turns > 1:
        problems.append(f"§4.3.9 (TXT-34): {'>'.join(path)} turns {turns} times; a charge turns once at most")
    if len(path) - 1 > dv.mp_available(state, stack):
        problems.append(f"§4.3.9: the path needs {len(path) - 1} MP; {stack.id} has {dv.mp_available(state, stack)}")
    for x in path[1:-1]:
        if bd.enemy_present(state, x, stack.side) or bd.impassable(state, x, True) or bd.slows(state, x, True):
            problems.append(f"§4.3.9 item 5: {x} blocks the charge")
    final = path[-1]
    terrain = bd.terrain_of(state, final)
    if terrain and terrain["no_charge_into"]:
        problems.append(f"§6.4: no charge into {terrain['name_en']}")
    fort = state.fortification
    if fort and fort["sector"] == final and stack.side != "D" and \
            tables().fortifications[int(fort["level"])]["no_charge_into"]:
        problems.append("§6.5, C8: no enemy charge into a fortification of level ≥ 2")
    if target is None or target.side == stack.side or target.hidden or bd.place_of(target.location) != final:
        problems.append(f"§4.3.9: the target is a visible enemy stack in {final}")
    if bd.free_slot(state, final, stack.side) is None:
        problems.append(f"§4.3.9: {final} has no free slot in your line")
    return problems


def _charge(ctx: Context, stack: Stack, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    path = list(line.get("path") or [])
    target = state.stacks.get(str(line.get("target")))
    if any(c["stack"] == stack.id for c in state.charges):
        return ["§4.2.2: one charge declaration per round"]
    problems = charge_path_problems(state, stack, path, target)
    if problems:
        return problems
    assert target is not None
    if options.charge_move_timing == "phase_a":  # AMB-24's alternative: the charger rides in now (an entry)
        to = path[-1]
        slot = bd.free_slot(state, to, stack.side)
        assert slot is not None
        emit(ctx, "moved", {"stack": stack.id, "path": path, "to": to, "slot": slot, "mp_cost": len(path) - 1,
                            "entry": bd.enemy_present(state, to, stack.side), "halted": False, "step": step},
             rule="§4.3.9 (option charge_move_timing = phase_a)",
             why=_walk_why(stack.id, path, to, slot, len(path) - 1, bd.enemy_present(state, to, stack.side)))
        emit(ctx, "charge_declared", {"stack": stack.id, "path": [to], "target": target.id}, rule="§4.3.9",
             defaults=["AMB-25"], why=f"{stack.id} charges along {'>'.join(path)} into {to}; it strikes "
                                      f"{target.id} in B3 unless it is engaged by then")
        return []
    emit(ctx, "charge_declared", {"stack": stack.id, "path": path, "target": target.id}, rule="§4.3.9",
         defaults=["AMB-24", "AMB-25"],
         why=f"{stack.id} declares a charge {'>'.join(path)} at {target.id}; it stays in {path[0]} until B3 "
             f"({len(path) - 1} MP reserved)")
    return []


def mounted_retreat_problems(state: Battle, stack: Stack, step: str, to: str) -> list[str]:
    """§4.3.8 items 1–7 (AMB-21, AMB-22)."""
    if not dv.mounted(state, stack):
        return ["§4.3.8 item 1: only mounted stacks make a mounted retreat"]
    if step not in ("A3", "A3_1", "AX3", "AX3_1"):
        return ["§4.3.8 item 7: the Defender in A3, the Attacker in A3.1"]
    here = bd.place_of(stack.location)
    enemy_step = {"A3": "A1", "A3_1": "A3", "AX3": "AX1", "AX3_1": "AX3"}[step]
    entrants = [state.stacks[e[0]] for e in state.entries if e[1] == here and e[2] == enemy_step
                and e[0] in state.stacks and state.stacks[e[0]].side != stack.side]
    problems = []
    if not entrants:
        problems.append(f"§4.3.8 item 2: no enemy entered {here} in {enemy_step}")
    elif any(dv.mounted(state, e) for e in entrants):
        problems.append("§4.3.8 item 2 (AMB-21): a mounted enemy entered too")
    entered = {e.id for e in entrants}
    if any(dv.engaged_with(state, stack, other) for other in bd.stacks_at(state, here, bd.enemy_of(stack.side))
           if other.id not in entered):
        problems.append("§4.3.8 item 3 (AMB-22): an enemy that was here at the start of Phase A engages it")
    if dv.mp_available(state, stack) < 1:
        problems.append("§4.3.8 item 4: it needs 1 MP")
    if stack.mounted_retreat_used:
        problems.append("§4.3.8 item 5: one mounted retreat a round")
    if to not in SECTORS or not bd.is_adjacent(here, to):
        problems.append(f"§4.3.8 item 6 (AMB-21): {to} is no sector adjacent to {here} (never a reserve)")
    elif bd.enemy_present(state, to, stack.side) or bd.impassable(state, to, True) or \
            bd.free_slot(state, to, stack.side) is None:
        problems.append(f"§4.3.8 item 6: {to} holds the enemy, bars horses or has no free slot")
    return problems


def _mounted(ctx: Context, stack: Stack, step: str, line: dict[str, Any], options: CeriliaOptions) -> list[str]:
    state: Battle = ctx.state
    to = str(line.get("to", ""))
    problems = mounted_retreat_problems(state, stack, step, to)
    if problems:
        return problems
    slot = bd.free_slot(state, to, stack.side)
    emit(ctx, "mounted_retreated", {"stack": stack.id, "to": to, "slot": slot}, rule="§4.3.8, CP-06",
         defaults=["AMB-21", "AMB-22"],
         why=f"{stack.id} makes a mounted retreat {bd.place_of(stack.location)} → {to}-{slot} (1 MP); its "
             "engagements end")
    return []


_VERBS = {"deploy": _deploy, "move": _move, "join": _join, "detach": _detach, "declare_melee": _melee,
          "choose_melee_target": _choose, "declare_charge": _charge, "mounted_retreat": _mounted}


# --- obligations (§4.3.6, C1) ---------------------------------------------------------------------------------

def obligations(state: Battle, entering: str, step: str) -> list[dict[str, Any]]:
    """Per sector with entries of `entering` in `step`: E, O and k, as they stand at the end of that step."""
    receiving = bd.enemy_of(entering)
    out = []
    for x in sorted({e[1] for e in state.entries if e[2] == step}):
        entrants = [e[0] for e in state.entries if e[2] == step and e[1] == x and e[0] in state.stacks
                    and bd.place_of(state.stacks[e[0]].location) == x]
        any_mounted = any(dv.mounted(state, state.stacks[s]) for s in entrants)
        pool = []
        for st in bd.stacks_at(state, x, receiving):
            outside = [a for a in dv.attackers_of(state, st) if a.id not in entrants]
            if st.routed or st.hidden or st.melee_target is not None or outside:
                continue
            if dv.mounted(state, st) and not any_mounted:
                continue
            pool.append(st.id)
        out.append({"sector": x, "E": entrants, "O": pool, "k": min(len(entrants), len(pool))})
    return out


def obligation_problems(state: Battle, owed: list[dict[str, Any]]) -> list[str]:
    """§4.3.6: at least k stacks of O engaged with some stack of E by the end of the receiving step."""
    problems = []
    for o in owed:
        committed = [s for s in o["O"] if s in state.stacks
                     and bd.place_of(state.stacks[s].location) == o["sector"]
                     and any(e in state.stacks and dv.engaged_with(state, state.stacks[s], state.stacks[e])
                             for e in o["E"])]
        if len(committed) < o["k"]:
            problems.append(f"§4.3.6 (obligation): {len(o['E'])} enemy stack(s) entered {o['sector']}; at least "
                            f"{o['k']} of your free stacks there ({', '.join(o['O'])}) must engage them, "
                            f"{len(committed)} did")
    return problems


# --- A-close (§5.2.4) -----------------------------------------------------------------------------------------

def a_close(ctx: Context) -> None:
    """Default targets (CP-05, fallback the lowest slot) and charges void for engaged chargers."""
    retarget(ctx, "§5.2.4, CP-05")
    state: Battle = ctx.state
    for c in list(state.charges):
        st = state.stacks.get(c["stack"])
        if st is not None and dv.engaged(state, st):
            emit(ctx, "order_void", {"stack": st.id, "verb": "declare_charge", "reason": "engaged"},
                 rule="§5.2.4 item 4, §4.3.9 item 6",
                 why=f"{st.id} is engaged at A-close: its charge is void")


def retarget(ctx: Context, rule: str) -> None:
    """Every stack attacked by enemies with no target of its own takes one (C6 auto; CP-05 with its default)."""
    state: Battle = ctx.state
    for st in sorted(state.stacks.values(), key=lambda s: (s.side, s.location, s.id)):
        st = ctx.state.stacks.get(st.id)
        if st is None or st.routed or st.melee_target is not None or not bd.on_field(st):
            continue
        attackers = [a for a in dv.attackers_of(ctx.state, st) if bd.place_of(a.location) == bd.place_of(st.location)]
        if not attackers:
            continue
        if len(attackers) == 1:
            emit(ctx, "target_chosen", {"stack": st.id, "target": attackers[0].id, "how": "auto"}, rule=rule + ", C6",
                 why=f"{st.id} is attacked by {attackers[0].id} alone and fights it")
            continue
        ids = [a.id for a in attackers]
        value, how = ctx.ask("melee_target", actor=ctx.state.player(st.side), options=ids, default=ids[0],
                             applies=True, what=f"which attacker {st.id} fights (CP-05)", stack=st.id)
        emit(ctx, "target_chosen", {"stack": st.id, "target": value, "how": how}, rule=rule,
             why=f"{st.id}, attacked by {', '.join(ids)}, fights {value}"
                 + (" (the attacker with the lowest slot)" if how == "default" else ""))
