"""One round (a turn) of a battle on the field (part 2): intents and general initiative (4.1) in the first round,
each melee pair's round by part 1's procedure (4.2-5.3), then two field exchanges (1 s each, 4.3) in which the
loose fighters act in the order of the initiative chain: they move and run (5.7), come within reach and enter melee
pair by pair (4.2, L102), draw, prepare, aim and shoot (5.6), or form up (5.12); then the round's end.

Every die is a recorded roll pulled through the context, every act an order keyed by exchange and stage; nothing
is drawn or chosen here."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from eventlog.envelope import Draft, Event
from replay.context import Context, MissingInput, Waiting
from replay.rulesets.skirmish import battle_check, data, dice, initiative, pools, ranged
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish.battle import PAIR_SEP, Battle, on_the_field
from replay.rulesets.skirmish.model import Fighter, SkirmishOptions

R = "skirmish."


def emit(ctx: Context, kind: str, payload: dict[str, Any], *, cause: int | None = None) -> Event:
    payload.setdefault("defaults", [])
    return ctx.emit(Draft(R + kind, payload, cause=cause))


REROLL = "general_initiative_reroll"
"""4.1 item 4: the decision the GM overrides by a ruling to reroll general initiative at the start of a round
(`{"override": {"name": "general_initiative_reroll", "key": {"round": n}}, "value": true}`); computed: no reroll."""


def d10(options: SkirmishOptions, n: int) -> str:
    return f"{n}d{options.pool_die_sides}"


def resolve(state: Battle, turn: int, ctx: Context, options: SkirmishOptions) -> None:
    if not ctx.state.chain:
        ctx.set_phase("intent")
        intents(ctx)
        ctx.set_phase("general_initiative")
        general_initiative(ctx, options)
    elif ctx.state.hidden_hit is not None:  # 5.7 (L48), 4.1 item 4: asked of the players, never drawn here
        ctx.set_phase("general_initiative")
        general_initiative(ctx, options, again=turn)
    elif ctx.decide(REROLL, False, round=turn) is True:  # 4.1 item 4: a GM ruling rerolls general initiative
        ruling = ctx.overridden(REROLL, round=turn)
        ctx.set_phase("general_initiative")
        general_initiative(ctx, options, again=turn, ruled=ruling.seq if ruling is not None else None)
    ctx.set_phase("round")
    picked = picking_done(ctx.state)
    emit(ctx, "field_round", {"round": turn, "why": [f"round {turn}: the loose fighters' pools restored (L192); "
                                                     "order of actions: " + order_text(ctx.state)]
                              + [f"{fid} has {wid} in hand: picked up from the floor over the last round (M50, L650)"
                                 for fid, wid in picked.items()],
                              "rule": ["4.1", "4.3"] + (["5.4.3 M50", "L650"] if picked else []),
                              **({"picked_up": picked} if picked else {})})
    waiting: list[Any] = []
    for pair in [p for p in ctx.state.pairs if p.fight.result is None]:
        try:  # the pairs are apart: each goes as far as its inputs, and every pair's requests are listed at once
            if len(pair.fight.fighters) > 2:  # 4.4: several fighters in one melee
                from replay.rulesets.skirmish import group

                group.melee_round(ctx, pair.id, turn, options)
            else:
                melee_round(ctx, pair.id, turn, options)
        except Waiting as w:
            waiting.extend(w.requests)
    if waiting:  # the loose fighters' first acts are asked too: what the game waits for, for every player
        ctx.set_phase("field.x1")
        try:
            ask_acts(ctx, acting(ctx.state), 1)
        except Waiting as w:
            waiting.extend(w.requests)
        raise Waiting(requests=waiting)
    for x in (1, 2):
        ctx.set_phase(f"field.x{x}")
        field_exchange(ctx, x, options)
    ctx.set_phase("end")
    round_end(ctx, turn, options)


def picking_done(state: Battle) -> dict[str, str]:
    """M50 (L650): the weapons loose fighters picked up from the floor over the last round, in hand now."""
    busy = {f.id: battle_check.picking(state, f.id) for f in state.loose}
    return {fid: wid for fid, wid in busy.items() if wid is not None}


def order_text(state: Battle) -> str:
    return ", ".join("=".join(slot) for slot in initiative.slots(list(state.chain))) or "none"


# --- the start of the battle (4.1) ---------------------------------------------------------------------------------

def intents(ctx: Context) -> None:
    """4.1 step 1 (CP-01): every participant declares attack, defend or other."""
    ids = [f.id for f in ctx.state.fighters if not f.out]
    found = ctx.need_orders(ids, what="intent at the start of the battle: attack, defend or other (4.1, CP-01)",
                            stage="intent")
    chosen = {i: str(found[i].payload.get("intent")) for i in ids}
    emit(ctx, "intents", {"intents": chosen, "why": [", ".join(f"{i} {v}" for i, v in chosen.items())],
                          "rule": ["4.1", "L18"]})


def general_initiative(ctx: Context, options: SkirmishOptions, again: int | None = None,
                       ruled: int | None = None) -> None:
    """4.1 step 2 (L18): Reflex dice at %5, free (A-12); defenders skip the roll (CP-02: PROPOSED here, they act
    after the attacks aimed at them); a critical failure costs 1-2 reflex points in the round following the roll
    (A-13, C12). `again`: the round rolled anew after a successful hidden attack (L48; its rolls keyed by `round`),
    by every fighter still on the field; `ruled`: the seq of the GM's ruling that rerolls it instead (4.1 item 4;
    the post shows the ruling itself)."""
    state = ctx.state
    intent = dict(state.intents)
    skipped = [i for i in state.roster if intent.get(i) == "defend"]
    rollers = [i for i in state.roster if i in intent and i not in skipped and not (again and state.gone(i))]
    key = {"round": again} if again else {}
    rolls = ctx.need_rolls([(d10(options, state.fighter(i).char("reflex")), i, "general_initiative", key,
                             f"general initiative of {i} (Reflex, %5)") for i in rollers])
    counted = {i: dice.count(r.payload["result"], initiative.DIFFICULTY, ones_cancel=options.ones_cancel_successes)
               for i, r in zip(rollers, rolls, strict=True)}
    order = initiative.chain({i: c.net for i, c in counted.items()}, skipped, list(state.roster))
    why = [f"{i}: Reflex {len(c.faces)}d %5 {list(c.faces)} → {c.hits} − {c.ones} = {c.net}"
           + (f" (critical failure −{c.crit_degree} reflex next round)" if c.crit_degree else "")
           for i, c in counted.items()]
    if skipped:
        why.append(f"{', '.join(skipped)} defend: no roll, they act after the attacks aimed at them (L18)")
    why.append("initiative order: " + ", ".join("=".join(s) for s in initiative.slots(order)))
    if again and ruled is not None:
        why.insert(0, f"round {again} starts with general initiative rolls by the GM's ruling (4.1)")
    elif again:
        why.insert(0, f"round {again} starts with general initiative rolls after {state.hidden_hit} hit home "
                      "unsensed (5.7, L48)")
    emit(ctx, "general_initiative", {"rolls": {i: c.to_json() for i, c in counted.items()},
                                     "chain": [list(x) for x in order],
                                     "reflex_loss": {i: c.crit_degree for i, c in counted.items() if c.crit_degree},
                                     "skipped": skipped, "why": why,
                                     "rule": ["4.1", "3.8", "L18"] + (["5.7", "L48"] if again and ruled is None
                                                                      else []),
                                     "defaults": ["A-02", "A-12", "A-13", "C12"]},
         cause=max((r.seq for r in rolls), default=0) or None)


# --- a melee pair's round (part 1) ---------------------------------------------------------------------------------

def melee_round(ctx: Context, pid: str, turn: int, options: SkirmishOptions) -> None:
    """The pair's round by part 1's procedure, on the pair's own fight; its events carry the pair in their phase."""
    from replay.rulesets.skirmish import resolve as rules
    from replay.rulesets.skirmish.evolve import evolve as fight_evolve

    pair = next(p for p in ctx.state.pairs if p.id == pid)
    fight = on_the_field(ctx.state, pair)  # M22: the field's other fighters and terrain block a pass (L418-421)
    sub = Context(ctx.recorded, fight, fight_evolve, ctx.game, used=ctx.used, asked=ctx.asked, _taken=ctx._taken)
    try:
        rules.resolve(fight, turn, sub, options)
    finally:
        for d in sub.drafts:
            ctx.emit(replace(d, phase=f"{pid}{PAIR_SEP}{d.phase or 'initiative'}"))
    for fid, x in fled_by_retreat(sub.drafts):
        cell = ctx.state.fighter(fid).cell
        emit(ctx, "fled", {"fighter": fid, "exchange": x, "cell": list(cell),
                           "why": [f"{fid}'s retreat out of the melee was declared as fleeing: he leaves the "
                                   f"battlefield from ({cell[0]}, {cell[1]}) (M45, L616, CP-19)"],
                           "rule": ["5.4.2 M45", "L616", "1.2.6", "CP-19"]})
    from replay.rulesets.skirmish import maneuvering

    maneuvering.arrivals(ctx, pid, sub.drafts)  # M53 (L681, L102): an enemy outside who did not avoid it joins


def fled_by_retreat(drafts: list[Draft]) -> list[tuple[str, int]]:
    """M45 (L616, CP-19): (fighter, exchange) of each Retreat declared as part of fleeing that ended the melee."""
    fleeing = {(d.payload["actor"], d.payload["exchange"]) for d in drafts if d.type == R + "declared"
               and d.payload.get("maneuver") == "retreat" and (d.payload.get("order") or {}).get("flee") is True}
    return [(fid, x) for d in drafts if d.type == R + "exchange_ended" and d.payload.get("melee_ended")
            for fid, x in sorted(fleeing) if x == d.payload["exchange"]
            and any(w.startswith(f"{fid} retreats: the melee ends") for w in d.payload["why"])]


# --- a field exchange ----------------------------------------------------------------------------------------------

def acting(state: Battle) -> list[str]:
    """The loose fighters able to act, in the order of the initiative chain (those without a slot last)."""
    ranked = [i for i, _ in state.chain] + [i for i in state.roster if i not in dict(state.chain)]
    loose = {f.id for f in state.loose if not state.gone(f.id)}
    return [i for i in ranked if i in loose]


def field_exchange(ctx: Context, x: int, options: SkirmishOptions) -> None:
    ids = acting(ctx.state)
    if not ids:
        return
    found = ask_acts(ctx, ids, x)
    for fid in ids:
        order = found[fid]
        if ctx.state.pair_of(fid) is not None:  # engaged by an earlier mover this exchange
            continue
        if ctx.state.gone(fid):  # put out of the fight by an earlier act this exchange (a shot's knockout): no act
            continue
        problems = battle_check.act(ctx.state, fid, order.payload, options)
        if problems:
            raise MissingInput(f"turn {ctx.turn}: {fid}'s act at seq {order.seq}: " + "; ".join(problems))
        act(ctx, fid, order, x, options)


def ask_acts(ctx: Context, ids: list[str], x: int) -> dict[str, Event]:
    """Each loose fighter's act in field exchange `x` (an order keyed by exchange and stage), each request listing
    the acts open to him; waits listing every fighter whose act is missing."""
    found: dict[str, Event] = {}
    missing = []
    for fid in ids:
        *others, last = open_acts(ctx.state, fid)
        what = f"act in exchange {x}: " + (f"{', '.join(others)} or " if others else "") + f"{last} (5.6, 5.7)"
        try:
            found.update(ctx.need_orders([fid], what=what, exchange=x, stage="field"))
        except Waiting as waiting:
            missing.extend(waiting.requests)
    if missing:
        raise Waiting(requests=missing)
    return found


def open_acts(state: Battle, fid: str) -> list[str]:
    """The acts `fid` can take where the battle stands, in the order of `battle_check.ACTS`: a ranged stage only at
    its turn (5.6.1), a shot once prepared, forming up with two loose comrades at least (5.12), fleeing from the
    field's edge (1.2.6), picking up a weapon of his on the floor (M50), throwing back a caught one (M88), charging a
    loose enemy from afar (M16, M25: A-85, A-102)."""
    f = state.fighter(fid)
    s = state.shooter(fid)
    comrades = [i for i in state.roster if i != fid and state.fighter(i).side == f.side and not state.gone(i)
                and not state.fighter(i).out and state.pair_of(i) is None]
    can = {"move": True, "wait": True, "charge": battle_check.can_charge(state, fid),  # M16/M25 from afar
           "shoot": s is not None and s.lost is None and s.stage in ("prepared", "aimed"),
           "form": len(comrades) >= 2, "flee": state.on_edge(f.cell),
           "pick_up": (s is not None and s.lost == "dropped") or any(w.state == "dropped" for w in f.weapons),
           **({"move": False, "charge": False, "form": False, "flee": False, "pick_up": False, "throw_back": False,
               "shoot": False} if battle_check.picking(state, fid) is not None else {}),
           "throw_back": any(i == fid for i, _, _ in state.caught)}
    for kind in ("draw", "prepare", "aim"):
        can[kind] = not battle_check.stage_problems(state, fid, kind) and battle_check.picking(state, fid) is None
    return [kind for kind in battle_check.ACTS if can[kind]]


def act(ctx: Context, fid: str, order: Event, x: int, options: SkirmishOptions) -> None:
    p = order.payload
    kind = p.get("act")
    if kind == "move":
        move(ctx, fid, p, x, order.seq)
    elif kind == "charge":
        charge(ctx, fid, p, x, order.seq)
    elif kind in ("draw", "prepare", "aim"):
        stage(ctx, fid, kind, p, x, order.seq, options)
        if p.get("shoot") and ctx.state.shooter(fid).stage in ("prepared", "aimed"):  # type: ignore[union-attr]
            shoot(ctx, fid, p["shoot"], x, order.seq, options)
    elif kind == "shoot":
        shoot(ctx, fid, p, x, order.seq, options)
    elif kind == "form":
        form(ctx, fid, p, x, order.seq, options)
    elif kind == "pick_up":
        pick_up(ctx, fid, p, x, order.seq, options)
    elif kind == "throw_back":
        throw_back(ctx, fid, p, x, order.seq, options)
    elif kind == "flee":
        cell = ctx.state.fighter(fid).cell
        emit(ctx, "fled", {"fighter": fid, "exchange": x, "cell": list(cell),
                           "why": [f"{fid} leaves the battlefield from ({cell[0]}, {cell[1]}) (1.2.6, CP-19)"],
                           "rule": ["1.2.6", "5.7", "CP-19"]}, cause=order.seq or None)


def move(ctx: Context, fid: str, p: dict[str, Any], x: int, seq: int) -> None:
    """5.7 (L52-58): the path within Speed × the gait's fraction plus the carried fraction (A-63); running costs
    every reflex point (L54); coming within a melee weapon's reach starts melee (L102)."""
    state = ctx.state
    f = state.fighter(fid)
    path = [tuple(c) for c in p.get("path") or []]
    gait = str(p.get("gait", "walk"))
    carry = Fraction(dict(state.carry).get(fid, "0"))
    speed, cap = battle_check.speed_of(state, fid)
    have = grid.budget(speed, gait, carry)
    metres = len(path)
    left = have - metres
    carry_out = left - int(left) if left > 0 else Fraction(0)
    facing = p.get("facing") or (grid.facing_towards(state.grid, path[-2] if len(path) > 1 else f.cell, path[-1])
                                 if path else f.facing)
    why = [f"{fid} {gait.replace('_', ' ')}s {metres} m of {float(have):g} m (Speed {speed} × "
           f"{grid.GAITS[gait]}" + (f" + {carry} carried" if carry else "") + ")"
           + (f" to ({path[-1][0]}, {path[-1][1]})" if path else "") + f", facing {facing}"]
    if cap is not None:
        why.append(f"{fid}'s Speed {f.char('speed')} is held to the formation's drill cap {cap} (A-58)")
    if carry_out:
        why.append(f"{carry_out} m carried to the next move (A-63)")
    ran = gait in grid.RUNNING
    if ran:
        why.append(f"{fid} ran: all reflex points are lost this round (L54)")
    emit(ctx, "moved", {"fighter": fid, "exchange": x, "gait": gait, "path": [list(c) for c in path],
                        "facing": facing, "metres": metres, "budget": str(have), "carry": str(carry_out),
                        "ran": ran, "why": why, "rule": ["5.7", "L52-58", "3.6"],
                        "defaults": ["A-63"] + (["A-58"] if cap is not None else [])},
         cause=seq or None)
    foe = battle_check.within_reach(ctx.state, fid)
    if foe is not None:
        engage(ctx, fid, foe)
        mate = partner_in_cell(ctx.state, foe)
        if mate is not None:  # 5.12 (L1189): the partner in his cell is in that melee with him
            join(ctx, mate, f"{fid}-{foe}", fid, partner=foe)
        return
    melees = battle_check.melees_within_reach(ctx.state, fid)
    if len(melees) == 1:
        join(ctx, fid, *melees[0])
    elif melees:  # 4.4: enemies of several melees equally near: which one he joins is his choice
        ids = [m for m, _ in melees]
        listed = ", ".join(ids)
        chosen = ctx.choice("join_melee", actor=fid, options=ids, exchange=x,
                            what=f"which melee {fid} joins: enemies of {listed} are equally near (4.4)")
        join(ctx, fid, *next(m for m in melees if m[0] == chosen), among=ids)


def charge(ctx: Context, fid: str, p: dict[str, Any], x: int, seq: int) -> None:
    """M16 (L369, A-85) or M25 (L445, A-102) declared from afar: the attacker runs his path to within reach of the
    target and the melee between them begins (L102) at the grid distance's category, at which part 1 then plays the
    maneuver (its activation, conditions and the distance it sets)."""
    state = ctx.state
    f, foe = state.fighter(fid), state.fighter(str(p["target"]))
    m = str(p["maneuver"])
    metres = grid.distance(state.grid, f.cell, foe.cell)
    cat = battle_check.grid_category(metres)
    path = [tuple(c) for c in p.get("path") or []]
    have, how = battle_check.charge_budget(state, fid, p)
    gait = str(p.get("run") or "sprint") if m == "rushing_attack" else "walk"
    end = path[-1] if path else f.cell
    facing = grid.facing_towards(state.grid, end, foe.cell)
    rule = battle_check.CHARGES[m]
    name = "a beat" if m == "beat" else "a rushing attack"
    emit(ctx, "moved", {"fighter": fid, "exchange": x, "gait": gait, "path": [list(c) for c in path],
                        "facing": facing, "metres": len(path), "budget": str(have), "carry": "0", "ran": False,
                        "why": [f"{fid} runs {len(path)} m of {float(have):g} m ({how}) at {foe.id} for {name}"
                                + (f" to ({end[0]}, {end[1]})" if path else "") + f", facing {facing}"],
                        "rule": ["5.7", f"5.4.1 {rule}"], "defaults": ["A-85" if m == "beat" else "A-102"]},
         cause=seq or None)
    emit(ctx, "engaged", {"pair": f"{fid}-{foe.id}", "fighters": [fid, foe.id], "distance": cat,
                          "charge": {"maneuver": m, "target": foe.id, "metres": metres},
                          "why": [f"{fid} declares {name} ({rule}) on {foe.id} {metres} m away, not yet engaged: the "
                                  f"grid distance as a category is {cat.replace('_', ' ')} (A-65, "
                                  + ("A-85" if m == "beat" else "A-102") + f"); melee begins (L102) at "
                                  f"{cat.replace('_', ' ')} distance, where part 1 plays the {name[2:]}"],
                          "rule": ["4.2", "L102", f"5.4.1 {rule}"],
                          "defaults": ["A-65", "A-85" if m == "beat" else "A-102", "C12"]}, cause=seq or None)


def engage(ctx: Context, fid: str, foe: str) -> None:
    state = ctx.state
    a, b = state.fighter(fid), state.fighter(foe)
    emit(ctx, "engaged", {"pair": f"{fid}-{foe}", "fighters": [fid, foe],
                          "why": [f"{fid} comes within reach of {foe} at ({a.cell[0]}, {a.cell[1]})–({b.cell[0]}, "
                                  f"{b.cell[1]}): melee begins (L102); combat initiative opens their first melee "
                                  "round (C12)"],
                          "rule": ["4.2", "L102", "A-65"], "defaults": ["A-65", "C12"]})


def partner_in_cell(state: Battle, fid: str) -> str | None:
    """5.12 (L1189): the loose formation partner standing in `fid`'s cell, if any."""
    f = state.fighter(fid)
    return next((o.id for o in state.loose if o.id != fid and o.cell == f.cell and state.partners(fid, o.id)
                 and not state.gone(o.id)), None)


def join(ctx: Context, fid: str, melee: str, foe: str, among: list[str] | None = None,
         partner: str | None = None) -> None:
    """4.4: `fid` comes within reach of an enemy already in melee: the melee becomes a group of several fighters
    (`among`: the equally near melees he chose from, choice `join_melee`; `partner`: the formation partner in whose
    cell he stands, engaged with him, 5.12)."""
    f = ctx.state.fighter(fid)
    why = [f"{fid} comes within reach of {foe} at ({f.cell[0]}, {f.cell[1]}) and joins the melee under way: several "
           "fighters in one melee (4.4)"]
    if partner is not None:
        why = [f"{fid} stands in {partner}'s cell as his formation partner: he is in the melee with him, several "
               "fighters in one melee (5.12, L1189; 4.4)"]
    payload: dict[str, Any] = {"melee": melee, "fighter": fid, "group": f"{melee}-{fid}", "why": why,
                               "rule": ["4.4", "L102"] + (["5.12", "L1189"] if partner else []),
                               "defaults": ["A-65"]}
    if among:
        spelt = [m.replace("-", " — ") for m in (melee, *among)]  # its fighters, said by name in a post
        why.append(f"{fid} chose the melee {spelt[0]} of the equally near melees: " + "; ".join(spelt[1:]) + " (4.4)")
        payload["among"] = among
    emit(ctx, "joined", payload)


def stage(ctx: Context, fid: str, kind: str, p: dict[str, Any], x: int, seq: int, options: SkirmishOptions) -> None:
    """5.6.1-5.6.4: one second of drawing, preparing or aiming; the speed-up check (Reflex at %5, its reflex points
    spent) is rolled when the stage starts."""
    state = ctx.state
    s = state.shooter(fid)
    assert s is not None
    f = state.fighter(fid)
    target_stage = {"draw": "drawn", "prepare": "prepared", "aim": "aimed"}[kind]
    why: list[str] = []
    extra: dict[str, Any] = {}
    spent, loss, ammo, need, done = 0, s.loss, s.ammo, s.need_s, s.done_s
    second = p.get("second") if kind == "draw" and isinstance(p.get("second"), dict) else None
    crit2 = 0
    if s.busy != kind:  # the stage starts: its time, and the speed-up check if asked (CP-37)
        n = int(p.get("speedup") or 0)
        net, crit = None, 0
        if second is not None:  # M81 (L1115): a projectile into each hand, each hand's own check (T-16)
            (net, crit), (net2, crit2), spent = both_hands(ctx, fid, n, second, x, options, why)
        elif n:
            roll = ctx.roll(d10(options, n), actor=fid, purpose="speedup", exchange=x,
                            what=f"{fid}'s speed-up check of the {kind} (Reflex, %5)")
            c = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
            net, crit, spent = c.net, c.crit_degree, n
            why.append(f"{fid} speed-up: Reflex {n}d %5 {list(c.faces)} → {c.hits} − {c.ones} = {c.net}"
                       f" ({n} reflex points spent, L929)")
        if kind == "draw":
            need = ranged.draw_seconds(s.placement, several=bool(p.get("several")), speedup=bool(net and net > 0))
            why.append(f"drawing from {s.placement.replace('_', ' ')}: {need} s"
                       + (" (halved, rounded up)" if net and net > 0 else "") + " (5.6.2)")
            if crit == 1:
                ammo -= 1
                why.append("critical failure: the projectile is dropped (L929)")
            if second is not None:
                need = second_hand(s, need, net2, crit2, crit, why)
                ammo -= 1 if crit2 == 1 else 0
                extra["pair"] = crit2 != 1 and crit != 1
            hurt = [h for h, degree in ((1, crit), (2, crit2)) if degree == 2]
            if hurt:  # T-16 (L929): degree 2 hurts the shooter; the projectile is not dropped (PROPOSED)
                extra.update(self_hurt(ctx, fid, x, why, [h if second is not None else None for h in hurt], options))
        elif kind == "prepare":
            double = prepares_double(p)
            need, saved = ranged.prepare_seconds(s.weapon, s.ready, max(0, net or 0), double=double)
            loss += saved
            if saved:
                extra["rushed"] = s.rushed + saved
            why.append(f"preparing the shot: {need} s" + (f" ({saved} s saved, −{saved} final successes on the "
                                                           "shot, 5.6.3)" if saved else "") + " (5.6.3)")
            if double:
                extra["double"] = True
                why.append("a double shot: two arrows, the preparation time ×2 (M80, L1109)")
        else:
            need, lost = ranged.aim_seconds(bool(net and net > 0))
            loss += lost
            extra["hurried"] = bool(lost)
            why.append(f"aiming: {need} s" + (" (halved, −1 final success on the shot, A-56)" if lost else "")
                       + f"; Accuracy +{f.char('accuracy')} on the shot (5.6.4)")
        done = 0
        if crit == 1 and kind == "draw":
            hurt = {k: extra[k] for k in ("hurt", "knockouts") if k in extra}  # M81: the other hand's degree 2
            emit(ctx, "ranged_stage", {"fighter": fid, "exchange": x, "stage": "empty", "busy": None, "done_s": 0,
                                       "need_s": 0, "loss": loss, "ammo": ammo, "speedup_R": spent,
                                       "spent_R": spent, "why": why, "rule": ["5.6.2"], "defaults": ["A-02"],
                                       **hurt},
                 cause=seq or None)
            return
    done += 1
    finished = done >= need
    why.append(f"{fid} {kind}s: {done} of {need} s" + (f" → {target_stage}" if finished else ""))
    emit(ctx, "ranged_stage", {"fighter": fid, "exchange": x, "stage": target_stage if finished else s.stage,
                               "busy": None if finished else kind, "done_s": 0 if finished else done,
                               "need_s": 0 if finished else need, "loss": loss,
                               "ammo": ammo - ((2 if extra.get("pair", s.pair) else 1) if finished and kind == "draw"
                                               else 0), "speedup_R": spent,
                               "spent_R": spent, "why": why, "rule": ["5.6.1", {"draw": "5.6.2", "prepare": "5.6.3",
                                                                               "aim": "5.6.4"}[kind]],
                               "defaults": (["A-56"] if kind == "aim" else []) + (["A-02"] if spent else [])
                               + (["T-16"] if extra.get("hurt") else []) + (["C9"] if extra.get("knockouts") else []),
                               **extra},
         cause=seq or None)


def both_hands(ctx: Context, fid: str, n: int, second: dict[str, Any], x: int, options: SkirmishOptions,
               why: list[str]) -> tuple[tuple[int | None, int], tuple[int | None, int], int]:
    """M81 (L1115, T-16): each hand's speed-up check of its draw, Reflex at %5, the rolls `speedup` keyed `hand: 1`
    and `hand: 2`, asked at once; an ambidextrous thrower who names no check for the second hand makes one check for
    both (the spec's M81). Returns each hand's (net, critical degree), None without a check, and the reflex spent."""
    m = int(second.get("speedup") or 0)
    one = m == 0 and n > 0 and "ambidextrous" in ctx.state.fighter(fid).traits
    asks = []
    if n:
        asks.append((d10(options, n), fid, "speedup", {"exchange": x, "hand": 1},
                     f"{fid}'s speed-up check of the first hand's draw (Reflex, %5, M81)"))
    if m:
        asks.append((d10(options, m), fid, "speedup", {"exchange": x, "hand": 2},
                     f"{fid}'s speed-up check of the other hand's draw (Reflex, %5, M81)"))
    rolls = iter(ctx.need_rolls(asks))
    out: list[tuple[int | None, int]] = []
    for h, k in ((1, n), (2, m)):
        if not k:
            out.append((None, 0))
            continue
        c = dice.count(next(rolls).payload["result"], 5, ones_cancel=options.ones_cancel_successes)
        out.append((c.net, c.crit_degree))
        why.append(f"{fid} speed-up, hand {h}: Reflex {k}d %5 {list(c.faces)} → {c.hits} − {c.ones} = {c.net}"
                   f" ({k} reflex points spent, L929)")
    if one:
        why.append(f"{fid} is ambidextrous: one check for both hands' draws (M81)")
        out[1] = (out[0][0], 0)
    return out[0], out[1], n + m


def self_hurt(ctx: Context, fid: str, x: int, why: list[str], hands: list[int | None],
              options: SkirmishOptions) -> dict[str, Any]:
    """T-16 (L929): each hand's degree-2 botch of the draw wounds the shooter (shot.drawing_botch); the knockout
    checks of his wounds follow (6.5 step 11, C9)."""
    from replay.rulesets.skirmish import shot

    hurt = [shot.drawing_botch(ctx, fid, x, why, hand) for hand in hands]
    out: dict[str, Any] = {"hurt": hurt}
    knocked = shot.knockouts(ctx, fid, {"target": fid, "wound": None, "through": hurt}, x, options, why)
    if knocked:
        out["knockouts"] = knocked
    return out


def second_hand(s: Any, need: int, net: int | None, crit: int, first_crit: int, why: list[str]) -> int:
    """M81 (L1115, T-16): the other hand draws its projectile at the same time with its own speed-up; the draw lasts
    the slower hand's time (PROPOSED); its critical failure of degree 1 drops its projectile (L929)."""
    need2 = ranged.draw_seconds(s.placement, speedup=bool(net and net > 0))
    why.append(f"the other hand draws a second projectile from {s.placement.replace('_', ' ')}: {need2} s"
               + (" (halved, rounded up)" if net and net > 0 else "") + " (5.6.2, M81)")
    if crit == 1:
        why.append("critical failure of the other hand: its projectile is dropped (L929)")
    elif first_crit != 1:
        why.append(f"both hands draw at once: {max(need, need2)} s, the slower hand's (M81, PROPOSED)")
    return need if crit == 1 else max(need, need2)


def pick_up(ctx: Context, fid: str, p: dict[str, Any], x: int, seq: int, options: SkirmishOptions) -> None:
    """M50 (L646, A-39) on the field: 3 reflex points and the free Reflex check `pickup` at %5 (Reflex in d10, keyed
    by exchange); a failure spends the 3 R and leaves the weapon on the floor. With no reflex points left (L650) the
    pick-up takes the whole round (`whole_round`): no check (PROPOSED: A-39's check is the hurried pick-up's), the
    weapon in hand when the next round starts, the fighter waiting until then."""
    from replay.rulesets.skirmish import draw

    f = ctx.state.fighter(fid)
    wid = str(p["weapon"])
    s = ctx.state.shooter(fid)
    if pools.available(f, ctx.state.round, max(1, x))[0] == 0:
        why = [f"{fid} has no reflex points left: he picks {wid} up from the floor over the whole round, in hand when "
               "the next round starts; he waits until then (M50, L650; no Reflex check, PROPOSED)"]
        emit(ctx, "picked_up", {"fighter": fid, "exchange": x, "weapon": wid,
                                "ranged": s is not None and wid == s.weapon, "spent_R": 0, "check": {},
                                "picked": False, "whole_round": True, "why": why,
                                "rule": ["5.4.3 M50", "L646", "L650"]}, cause=seq or None)
        return
    n = max(1, f.char("reflex"))
    roll = ctx.roll(d10(options, n), actor=fid, purpose="pickup", exchange=x,
                    what=f"{fid}'s Reflex check picking {wid} up from the floor (%{draw.PICKUP_TN}, M50, A-39)")
    c = dice.count(roll.payload["result"], draw.PICKUP_TN, ones_cancel=options.ones_cancel_successes)
    picked = c.net > 0
    why = [f"{fid} picks {wid} up from the floor: {battle_check.PICK_UP_R} R (M50, L646); Reflex {n}d "
           f"%{draw.PICKUP_TN} {list(c.faces)} → {c.hits} − {c.ones} = {c.net}: "
           + ("in hand" if picked else f"he fails, the {battle_check.PICK_UP_R} R are spent (A-39)")]
    emit(ctx, "picked_up", {"fighter": fid, "exchange": x, "weapon": wid, "ranged": s is not None and wid == s.weapon,
                            "spent_R": battle_check.PICK_UP_R, "check": {"dice": n, "net": c.net}, "picked": picked,
                            "why": why, "rule": ["5.4.3 M50", "L646"], "defaults": ["A-39"]}, cause=seq or None)


def throw_back(ctx: Context, fid: str, p: dict[str, Any], x: int, seq: int, options: SkirmishOptions) -> None:
    """M88 (L1159-1161): «Атака перехваченным оружием в следующем после перехвата раунде будет считаться
    неожиданной». The caught projectile is thrown as a throw of its weapon (prepared in his hand: the act is its
    second); in the round after the catch it is unexpected (L40: the target defends only with a dodge, a shield
    parry or a weapon parry, reflex points only); later it is a throw like any other. The fighter's own ranged weapon
    is left as it was."""
    from replay.rulesets.skirmish import shot

    state = ctx.state
    kind, when = next((k, r) for i, k, r in state.caught if i == fid)
    unexpected = state.round == when + 1
    name = ranged.weapon(kind)["name"]["en"]
    why = [f"{fid} throws back the {name} he caught in round {when} (M88, L1161)"
           + (": in the round after the catch the throw is unexpected, the target defends only with a dodge, a "
              "shield parry or a weapon parry, reflex points only (L40)" if unexpected else "")]
    emit(ctx, "throw_back", {"fighter": fid, "exchange": x, "weapon": kind, "caught_round": when,
                             "unexpected": unexpected, "why": why,
                             "rule": ["5.4.7 M88", "L1159-1161"] + (["5.7", "L40"] if unexpected else [])},
         cause=seq or None)
    own = ctx.state.shooter(fid)
    order = {k: v for k, v in p.items() if k not in ("act", "stage", "exchange")}
    ctx.state = shot.holding(ctx.state, fid, kind)
    try:
        shot.shoot(ctx, fid, order, x, seq, options, thrown={"weapon": kind, "unexpected": unexpected})
    finally:
        ctx.state = shot.restored(ctx.state, fid, own)


def prepares_double(p: dict[str, Any]) -> bool:
    """M80: the prepare act declares two arrows (`double`), or the shot it looses is a double shot."""
    shot = p.get("shoot")
    return bool(p.get("double")) or isinstance(shot, dict) and shot.get("maneuver") == "double_shot"


def shoot(ctx: Context, fid: str, p: dict[str, Any], x: int, seq: int, options: SkirmishOptions) -> None:
    from replay.rulesets.skirmish import shot

    shot.shoot(ctx, fid, p, x, seq, options)


def form(ctx: Context, fid: str, p: dict[str, Any], x: int, seq: int, options: SkirmishOptions) -> None:
    from replay.rulesets.skirmish import shot

    shot.form(ctx, fid, p, x, seq, options)


# --- the round's end -----------------------------------------------------------------------------------------------

def unbled(ctx: Context) -> list[Fighter]:
    """6.5 step 10: the fighters of a melee pair whose fight ended this round before its own round's end (a fall, a
    retreat: part 1's round stops there, resolve.resolve), so their bleeding counts here, once this round, as a melee
    group's and the loose fighters' does."""
    closed = {str(d.phase).split(PAIR_SEP)[0] for d in ctx.drafts if d.type == "skirmish.round_ended" and d.phase}
    return [f for p in ctx.state.pairs if p.fight.result is not None and p.id not in closed for f in p.fight.fighters]


def round_end(ctx: Context, turn: int, options: SkirmishOptions | None = None) -> None:
    """4.3 RoundEnded for the loose fighters (6.5 step 10: blood loss += bleeding; 2× Endurance unconscious, 4×
    dead); pairs whose fight ended part (their fighters are loose again); the battle ends when one side stands. A
    pendulum woven or a sprint run this round asks its extra fatigue check first (M85, A-62); a knockout's 1d6 rounds
    that run out wake the fighter (C9)."""
    from replay.rulesets.skirmish import volley

    model = data.damage_model()
    state = ctx.state
    loss, status, why = {}, {}, []
    tired = volley.pendulum_fatigue(ctx, options or SkirmishOptions(), why)
    for f in (*state.loose, *unbled(ctx)):
        if not f.bleeding:
            continue
        total = f.blood_loss + f.bleeding
        new = f.status
        if f.status != "dead" and total >= model["blood_loss_dead_x_endurance"] * f.char("endurance"):
            new = "dead"
        elif f.status == "ok" and total >= model["blood_loss_unconscious_x_endurance"] * f.char("endurance"):
            new = "unconscious"
        loss[f.id], status[f.id] = total, new
        why.append(f"{f.id} bleeds {f.bleeding}: blood loss {f.blood_loss} + {f.bleeding} = {total}"
                   + (f" → {new}" + (", falls (lying)" if new == "unconscious" else "") if new != f.status else ""))
    woke = come_to(state, turn, loss, status, why)
    parted = [p.id for p in state.pairs if p.fight.result is not None
              or len(p.fight.fighters) == 2 and (any(f.out for f in p.fight.fighters)
                                                 or p.fight.holder is None and p.since < turn)]
    if parted:
        why.append("melee over: " + ", ".join(" — ".join(p.fight.ids) for p in state.pairs if p.id in parted)
                   + " (the fighters are loose again)")
    left = shrunk(state, parted)
    for pid, out in left.items():
        why.extend(shrink_why(next(p for p in state.pairs if p.id == pid).fight, out, turn))
    payload: dict[str, Any] = {"round": turn, "blood_loss": loss, "status": status, "parted": parted,
                               "why": why or ["no bleeding among the loose fighters"],
                               "rule": ["4.3", "6.5 step 10"], "defaults": ["sample_v1"]}
    if tired:
        payload |= {"fatigue": tired, "rule": [*payload["rule"], "M85", "L1141", "5.10"],
                    "defaults": [*payload["defaults"], "A-62", "A-71", "5.10"]}
    if woke:
        payload |= {"woke": woke, "rule": [*payload["rule"], "6.5 step 11"],
                    "defaults": [*payload["defaults"], "C9"]}
    if left:  # 4.4: the group goes on without those out (our reading, docs/skirmish.md)
        payload |= {"left": left, "rule": [*payload["rule"], "4.4", "4.2"], "defaults": ["sample_v1", "C12"]}
    emit(ctx, "field_round_ended", payload)
    sides: dict[str, list[str]] = {}
    for f in ctx.state.fighters:
        if not ctx.state.gone(f.id):
            sides.setdefault(f.side, []).append(f.id)
    if len(sides) <= 1:
        winner = next(iter(sides), None)
        standing = sides.get(winner, []) if winner else []
        emit(ctx, "battle_ended", {"winner": winner, "standing": standing,
                                   "why": [f"side {winner} stands: {', '.join(standing)}" if winner
                                           else "no one stands"], "rule": ["6.5"]})



def come_to(state: Battle, turn: int, loss: dict[str, int], status: dict[str, str], why: list[str]) -> list[str]:
    """C9 (6.5 step 11): a fighter knocked out for 1d6 rounds comes to at the end of the last of them (the round he
    fell in not counted: PROPOSED), lying where he fell; a blood loss of 2× Endurance keeps him unconscious (6.5 step
    10). Nothing is rolled: the rounds were rolled at the knockout."""
    model = data.damage_model()
    woke = []
    for fid, fell, rounds in state.knocked_out:
        if fell + rounds != turn:
            continue
        f = state.fighter(fid)
        if status.get(fid, f.status) != "unconscious":
            continue
        blood = loss.get(fid, f.blood_loss)
        if blood >= model["blood_loss_unconscious_x_endurance"] * f.char("endurance"):
            why.append(f"{fid}'s {rounds} round{'s' if rounds != 1 else ''} unconscious are over, but blood loss "
                       f"{blood} keeps him unconscious (6.5 step 10)")
            continue
        woke.append(fid)
        why.append(f"{fid} comes to: unconscious for {rounds} round{'s' if rounds != 1 else ''} since round {fell} "
                   "(C9); lying, stands up as an act (C6)")
    return woke


# --- a melee of several fighters that shrinks (4.4) --------------------------------------------------------------

def shrunk(state: Battle, parted: list[str]) -> dict[str, list[str]]:
    """4.4 (our reading): each melee group still going on with fighters out of the fight or retreated out of it (M45,
    L620): those leave it."""
    return {p.id: [f.id for f in p.fight.fighters if f.out or f.id in p.fight.retreated] for p in state.pairs
            if p.id not in parted and len(p.fight.fighters) > 2
            and any(f.out or f.id in p.fight.retreated for f in p.fight.fighters)}


def shrink_why(group: Any, out: list[str], turn: int) -> list[str]:
    """What a shrinking group says: who leaves, who goes on, and whether the two left fight as a pair."""
    left = [i for i in group.ids if i not in out]
    fallen = [i for i in out if i not in group.retreated]
    why = [f"{', '.join(fallen)} out of the fight: leaves the melee {' — '.join(group.ids)}; "
           f"{', '.join(left)} fight on (4.4)"] if fallen else []
    why += [f"{i} retreated: leaves the melee {' — '.join(group.ids)} and stands loose in his cell; "
            f"{', '.join(left)} fight on (M45, L620, 4.4)" for i in out if i in group.retreated]
    if len(left) == 2:
        why.append(f"{left[0]} and {left[1]} fight on as a pair from round {turn + 1}: combat initiative opens "
                   "its round (4.2, C12)")
    return why
