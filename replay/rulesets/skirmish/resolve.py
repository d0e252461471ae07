"""One round (a turn) of a two-fighter melee (spec 4.2–4.4, 5.1–5.3, 5.10, 6.5): combat initiative, two exchanges of
four declaration steps each, their resolution, and the round's end. Every die is a recorded roll pulled through the
context; every declaration an order keyed by exchange and step; nothing is drawn or chosen here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventlog.envelope import Draft, Event
from replay.context import Context, MissingInput, Request, Waiting, freeze
from replay.rulesets.skirmish import check, costs, damage, data, dice, draw, feint, pools
from replay.rulesets.skirmish.maneuvers import surprise, transfer, zonal
from replay.rulesets.skirmish.maneuvers.base import check_with, move, name_ones, reactive, reactive_dice
from replay.rulesets.skirmish.model import Declared, Fight, SkirmishOptions

R = "skirmish."


def emit(ctx: Context, kind: str, payload: dict[str, Any], *, cause: int | None = None) -> Event:
    payload.setdefault("defaults", [])
    name_ones(payload)
    return ctx.emit(Draft(R + kind, payload, cause=cause))


def pool_dice(ctx: Context, n: int, options: SkirmishOptions) -> str:
    return f"{n}d{options.pool_die_sides}"


# --- the round -------------------------------------------------------------------------------------------------

def resolve(state: Fight, turn: int, ctx: Context, options: SkirmishOptions) -> None:
    ctx.set_phase("initiative")
    round_start(ctx, turn, options)
    rolled_for = [f.id for f in ctx.state.fighters if pools.now(f, "initiative_roll", ctx.state.round, 1)]
    if ctx.state.holder is None or ctx.state.reroll or rolled_for:
        combat_initiative(ctx, 1, options, after_hidden=rolled_for[0] if rolled_for else None)
    for x in (1, 2):
        if ctx.state.result is not None:
            return
        if x == 2 and ctx.state.holder is None:  # M45: the melee ended in exchange 1
            break
        if x == 2 and ctx.state.reroll:
            ctx.set_phase("x2.initiative")
            combat_initiative(ctx, 2, options)
        exchange(ctx, x, options)
    if ctx.state.result is None:
        ctx.set_phase("end")
        round_end(ctx, options)


def round_start(ctx: Context, r: int, options: SkirmishOptions) -> None:
    """4.3 RoundStarted: pools restored, passive cover declared (CP-28; C16: the previous one stays), fatigue
    checks when due (5.10)."""
    cover = {}
    for f in ctx.state.fighters:
        if f.shield is not None:
            limit = data.shield_type(f.shield.type)["passive_zones"]
            value, how = ctx.ask("cover", actor=f.id, options=sorted(data.body()["declared"]),
                                 default=list(f.shield.cover), applies=True,
                                 accept=lambda v, n=limit: len(zone_list(v)) <= n
                                 and all(z in data.body()["declared"] for z in zone_list(v)),
                                 what=f"passive shield cover, up to {limit} zones besides the carrying arm (CP-28)",
                                 round=r)
            cover[f.id] = {"zones": zone_list(value), "how": how}
    emit(ctx, "round_started", {"round": r, "cover": cover, "why": [f"round {r}: pools restored (L192)"] + [
        f"{fid} shield covers the carrying arm" + (f" and {', '.join(c['zones'])}" if c["zones"] else "")
        + (" (CP-28 kept, C16)" if c["how"] == "default" else " (CP-28)") for fid, c in cover.items()],
        "rule": ["4.3", "5.11"], "defaults": ["C16"] if cover else []})
    if options.fatigue_rolls:
        due = [f for f in ctx.state.fighters if not f.out
               and f.rounds_since_fatigue >= max(1, f.char("endurance") - f.fatigue)]
        fatigue_checks(ctx, [f.id for f in due], 0, "interval", options)


def zone_list(value: Any) -> list[str]:
    """A cover choice as recorded: a list, or the text "upper_torso,left_arm" (`battlelog choose`); "" is none."""
    if isinstance(value, list):
        return [str(z) for z in value]
    return [z.strip() for z in str(value).split(",") if z.strip()]


def fatigue_checks(ctx: Context, ids: list[str], x: int, why: str, options: SkirmishOptions) -> None:
    """5.10: Endurance dice (A-71) at %5, %6 with fatigue already; failure (net ≤ 0) adds 1 fatigue."""
    if not ids:
        return
    rolls = ctx.need_rolls([(pool_dice(ctx, ctx.state.fighter(i).char("endurance"), options), i, "fatigue",
                             {"exchange": x}, f"fatigue check of {i} (Endurance)") for i in ids])
    for fid, roll in zip(ids, rolls, strict=True):
        f = ctx.state.fighter(fid)
        tn = 6 if f.fatigue else 5
        counted = dice.count(roll.payload["result"], tn, ones_cancel=options.ones_cancel_successes)
        gained = 1 if counted.net <= 0 else 0
        emit(ctx, "fatigue", {"fighter": fid, "kind": why, "exchange": x, "roll": counted.to_json(),
                              "fatigue": f.fatigue + gained, "gained": gained,
                              "why": [f"{fid} Endurance {len(counted.faces)}d %{tn} {list(counted.faces)} → "
                                      f"{counted.hits} − {counted.ones} = {counted.net}"
                                      + (" → fatigue +1" if gained else " → no fatigue")],
                              "rule": ["5.10"], "defaults": ["A-71", "5.10"]}, cause=roll.seq or None)


def initiative_difficulties(state: Fight) -> dict[str, int]:
    """4.2 length table: normal approach longer %4 / shorter %6 / equal %5; initially closer than one weapon
    %6 / %4; closer than both %6 / %5, equal %6."""
    a, b = state.fighters
    la, lb = (data.length_index(costs.weapon_length(f.weapon)) if f.weapon else 0 for f in (a, b))
    if state.approach == "normal" or state.round > 1:
        if la == lb:
            return {a.id: 5, b.id: 5}
        return {a.id: 4, b.id: 6} if la > lb else {a.id: 6, b.id: 4}
    d = data.length_index(state.initial_distance or "medium")
    closer_than_both = d < min(la, lb)
    if la == lb:
        return {a.id: 6, b.id: 6}
    longer, shorter = (a.id, b.id) if la > lb else (b.id, a.id)
    return {longer: 6, shorter: 5 if closer_than_both else 4}


def combat_initiative(ctx: Context, x: int, options: SkirmishOptions, after_hidden: str | None = None) -> None:
    """4.2: Reflex dice (free, never halved, C14) at the length table's difficulty; the higher net holds
    initiative, equal nets tie; a critical failure costs 1–2 reflex points this round (L20, C12)."""
    state = ctx.state
    tns = initiative_difficulties(state)
    ids = list(state.ids)
    rolls = ctx.need_rolls([(pool_dice(ctx, state.fighter(i).char("reflex"), options), i, "initiative",
                             {"exchange": x}, f"combat initiative of {i} (Reflex, %{tns[i]})") for i in ids])
    bonus = {i: pools.amount(state.fighter(i), "initiative_bonus", state.round, x) for i in ids}
    bonus = {i: n for i, n in bonus.items() if n}  # M58: the demoralization winner's automatic successes
    counted = {i: dice.count(r.payload["result"], tns[i], ones_cancel=options.ones_cancel_successes,
                             auto=bonus.get(i, 0)) for i, r in zip(ids, rolls, strict=True)}
    a, b = ids
    holder = a if counted[a].net > counted[b].net else b if counted[b].net > counted[a].net else "tie"
    lengths = [costs.weapon_length(f.weapon) if f.weapon else "hand" for f in state.fighters]
    if state.distance is None:
        distance = state.initial_distance if state.approach == "initially_closer" and state.round <= 1 else \
            max(lengths, key=data.length_index)
    else:
        distance = state.distance
    why = [f"{i}: Reflex {len(c.faces)}d %{tns[i]} {list(c.faces)} → {c.hits} − {c.ones}"
           + (f" + {c.auto} demoralization (M58)" if c.auto else "") + f" = {c.net}"
           + (f" (critical failure −{c.crit_degree} reflex this round)" if c.crit_degree else "")
           for i, c in counted.items()]
    if after_hidden:
        why.insert(0, f"the round after {after_hidden}'s successful hidden attack starts with initiative rolls (L48, "
                      "5.3 step 5; general initiative is part 2: combat initiative is rolled)")
    why.append(f"initiative: {holder}" + ("" if state.distance else f"; distance {distance} (L129)"))
    emit(ctx, "initiative", {"exchange": x, "rolls": {i: c.to_json() for i, c in counted.items()},
                             "difficulty": tns, "holder": holder, "distance": distance,
                             "reflex_loss": {i: c.crit_degree for i, c in counted.items() if c.crit_degree},
                             "reroll": state.holder is not None, "bonus": bonus, "why": why,
                             "rule": ["4.2", "L20-22", "L129"],
                             "defaults": ["C12", "C14"]})


# --- an exchange -------------------------------------------------------------------------------------------------

def can_declare(state: Fight, fid: str) -> bool:
    f = state.fighter(fid)
    return not f.out and not pools.helpless(f, state.round, state.exchange)


def exchange(ctx: Context, x: int, options: SkirmishOptions) -> None:
    """4.4: declarations in order (the lower initiative's attack, the higher's attack, the lower's defence, the
    higher's defence; at a tie steps 1–2 and 3–4 are one step each, sealed, A-10), then 5.1."""
    ctx.set_phase(f"x{x}.s1")
    emit(ctx, "exchange_started", {"exchange": x, "holder": ctx.state.holder, "why": [
        f"exchange {x}: initiative {ctx.state.holder}, distance {ctx.state.distance}"], "rule": ["4.3", "4.4"]})
    holder = ctx.state.holder
    if holder == "tie":
        steps = [("x{}.s1", list(ctx.state.ids), "attack"), ("x{}.s3", list(ctx.state.ids), "defence")]
        for phase, ids, step in steps:
            ctx.set_phase(phase.format(x))
            declare_all(ctx, ids, x, step, options)
    else:
        low = ctx.state.opponent(holder).id
        for n, (fid, step) in enumerate(((low, "attack"), (holder, "attack"), (low, "defence"),
                                         (holder, "defence")), start=1):
            ctx.set_phase(f"x{x}.s{n}")
            declare_all(ctx, [fid], x, step, options)
    ctx.set_phase(f"x{x}.s4")
    feint.invoke(ctx, x, options, emit, declared)
    transfer.invoke(ctx, x, options)
    zonal.reveal(ctx, x)
    ctx.set_phase(f"x{x}.resolve")
    resolve_exchange(ctx, x, options)


def wants(state: Fight, fid: str, step: str, options: SkirmishOptions) -> bool:
    """Whether the step asks `fid` at all: a fighter who cannot act, or who has no attack to answer, or who
    attacked (A-09), passes without being asked."""
    if not can_declare(state, fid):
        return False
    if step == "attack":
        return True
    if check.changing_grip(state, fid):  # M56 (L703): the exchange goes on the grip
        return False
    attacked = any(d.actor == fid and d.step == "attack" and d.maneuver != "pass" and not d.order.get("with_defence")
                   for d in state.declared)
    att = costs.incoming(state, fid)
    if att is not None and (opposed_by(att) is not None or own_check(att) or att.maneuver == "countertime"):
        return False
    return att is not None and not (attacked and options.one_action_per_exchange)


def opposed_by(att: Declared) -> Any:
    mv = move(att.maneuver)
    return None if mv is None else mv.opposed_by


def declare_all(ctx: Context, ids: list[str], x: int, step: str, options: SkirmishOptions) -> None:
    asked = [fid for fid in ids if wants(ctx.state, fid, step, options)]
    hidden = [fid for fid in asked if step == "defence" and surprise.of(ctx.state, fid) == "hidden"]
    sensed = {fid: surprise.empathy(roll, options) for fid, roll in zip(
        hidden, ctx.need_rolls(surprise.empathy_asks(ctx.state, hidden, x, options)), strict=True)} if hidden else {}
    asked = [fid for fid in asked if sensed.get(fid, {"sensed": True})["sensed"]]
    orders = need_declarations(ctx, asked, x, step)
    for fid in ids:
        if fid in sensed and not sensed[fid]["sensed"]:
            declared(ctx, fid, {"exchange": x, "step": step, "maneuver": "pass"}, None, forced="a hidden attack not "
                     "sensed (5.7, L48)", options=options, more={"empathy": sensed[fid]})
            continue
        if fid not in asked:
            att = costs.incoming(ctx.state, fid)
            reason = "cannot act" if not can_declare(ctx.state, fid) else "changes the grip over this exchange " \
                "(M56, L703)" if check.changing_grip(ctx.state, fid) else "nothing to answer" \
                if att is None else "answered by a free check, not a defence (5.4)" if opposed_by(att) is not None \
                or own_check(att) or att.maneuver == "countertime" else "attacked this exchange (A-09)"
            declared(ctx, fid, {"exchange": x, "step": step, "maneuver": "pass"}, None, forced=reason,
                     options=options)
            continue
        event = orders[fid]
        problems = check.declaration(ctx.state, fid, event.payload, options)
        if problems:
            raise MissingInput(f"turn {ctx.turn}: {fid}'s {step} declaration at seq {event.seq}: "
                               + "; ".join(problems))
        declared(ctx, fid, event.payload, event.seq, forced=None, options=options,
                 more={"empathy": sensed[fid]} if fid in sensed else None)


def need_declarations(ctx: Context, ids: list[str], x: int, step: str) -> dict[str, Event]:
    """The declaration of each actor for (exchange, step) — an order whose payload names them; waits for all the
    missing ones (or the reveal of a sealed one) at once."""
    found, missing = {}, []
    key = {"exchange": x, "step": step}
    for fid in ids:
        req = Request("order", fid, "order", freeze(key), what=f"{step} declaration, exchange {x}",
                      phase=ctx.phase)
        ruled = ctx.recorded.ruling_for(req)
        if ruled is not None:
            ctx.used.add(ruled.seq)
            found[fid] = Event(ruled.game, ruled.seq, "order", ruled.turn, fid, ruled.payload.get("value") or {},
                               ruled.cause, ruled.at, ruled.prev, ruled.hash)
            continue
        seal = ctx.recorded.seal_for("order", fid, "order", key)
        mine = [e for e in ctx.recorded.orders_of(fid) if e.payload.get("exchange") == x
                and e.payload.get("step") == step]
        if seal is not None:
            missing.append(Request("reveal", fid, "order", freeze(key), what=f"reveal of the sealed {step} "
                                   f"declaration (seq {seal.seq})", phase=ctx.phase, seal=seal.seq))
        elif not mine:
            missing.append(req)
        else:
            found[fid] = mine[-1]
            ctx.used.add(mine[-1].seq)
    if missing:
        ctx.asked.extend(missing)
        raise Waiting(requests=missing)
    return found


def declared(ctx: Context, fid: str, order: dict[str, Any], seq: int | None, *, forced: str | None,
             options: SkirmishOptions, more: dict[str, Any] | None = None) -> None:
    state = ctx.state
    rules, defaults = ["4.4", "4.5", "4.6", "4.7"], ["A-08", "A-09"] + (["A-10"] if state.holder == "tie" else [])
    if order.get("maneuver") == "pass":
        priced: dict[str, Any] = {"cost_points": 0, "paid_R": 0, "paid_S": 0}
        why = [f"{fid} passes the {order['step']} step" + (f" ({forced})" if forced else "")]
        if order.get("draw"):  # M50 (L650): no reflex points, the draw over the whole round
            why.insert(0, f"{fid} draws {' and '.join(draw.ids(order['draw']))} over the whole round: no reflex points "
                          f"(M50, L650); in hand from round {state.round + 1}")
            rules = [*rules, "5.4.3 M50", "L650"]
        w = state.fighter(fid).weapon
        if order.get("grip") and w is not None:  # M56 (L703): no reflex points, the grip over one exchange
            why.insert(0, f"{fid} changes {w.id} to the {order['grip']} grip over this exchange: no reflex points "
                          "(M56, L703); the new grip from the next exchange")
            priced = {**priced, "weapon": w.id}
            rules = [*rules, "5.4.3 M56", "L703"]
    else:
        ready = state
        if order.get("drop"):  # M44 (L605): the caught weapon dropped with this declaration
            from replay.rulesets.skirmish.maneuvers import catch

            ready = catch.dropped(state, fid, order["drop"])
        if order.get("draw"):  # CP-31: a place the rulebook gives no price for: the GM's price in reflex points
            price = draw.gm_price(ctx, ready.fighter(fid), order)
            if price is not None:
                order = {**order, "draw_price": price}
        if order.get("grip"):  # CP-31 (L701): a grip change the rulebook does not price: the GM's price
            from replay.rulesets.skirmish.maneuvers.general import grip_gm_price

            grip_price = grip_gm_price(ctx, ready.fighter(fid), order)
            if grip_price is not None:
                order = {**order, "grip_price": grip_price}
        drawn_state, order = draw.apply(ready, fid, order)
        if order.get("zone") and not order.get("target"):  # 4.5: a defence strikes back at the attack it answers
            att = costs.incoming(state, fid)
            order = {**order, "target": att.actor if att is not None else state.opponent(fid).id}
        priced = costs.price(drawn_state, drawn_state.fighter(fid), order, options)
        if costs.weights_differ(drawn_state, drawn_state.fighter(fid), order):
            defaults = [*defaults, "A-43"]  # L555: the pair's weights read as the option says (+1 or not)
        why = [declaration_why(fid, order, priced)]
        if order.get("maneuver") == "retreat" and order.get("towards"):  # M45 (L616), a melee group's
            why.append(f"{fid} is surrounded and retreats towards {order['towards']}: against {order['towards']}'s "
                       "attack the same roll is recounted one step harder (M45, L616)")
        if order.get("draw"):
            why.insert(0, draw_why(ctx, ready, fid, order, options, priced))
        if order.get("drop"):
            why.insert(0, f"{fid} drops the caught {order['drop']}: the blade catch ends and the distance may "
                          "increase (M44, L605)")
            rules = [*rules, "5.4.2 M44", "L605"]
        refused = draw.unaffordable(drawn_state, fid, order, priced) if not priced.get("failed") else None
        by = "5.4.3 M50"
        if refused is None and not priced.get("failed"):  # CP-31: the GM's price of a grip change
            from replay.rulesets.skirmish.maneuvers.general import grip_unaffordable

            refused = grip_unaffordable(drawn_state, fid, order, priced)
            by = "5.4.3 M56" if refused is not None else by
        if refused is not None:  # CP-31, 4.7.9: the GM's price makes the declaration unpayable
            priced = {**priced, "failed": True, "refused": True, "paid_R": 0, "paid_S": 0, "cost_points": 0,
                      "dice_to_roll": 0, "bonus_dice": 0, "bonus_effects": []}
            why, rules = [refused, why[-1]], [*rules, "CP-31"]
        if priced.get("failed"):  # M50: the pickup from the floor failed, the declaration with it
            emit(ctx, "declared", {"actor": fid, "exchange": order["exchange"], "step": order["step"],
                                   "maneuver": order.get("maneuver", "pass"), "order": order, "priced": priced,
                                   "forced": None, "why": why[:-1], "rule": [*rules, by],
                                   "defaults": [*defaults] if refused else [*defaults, "A-39"]}, cause=seq)
            return
        att = costs.incoming(state, fid) if order["step"] != "attack" else None
        mv = move(att.maneuver) if att is not None else None
        if att is not None and mv is not None and mv.on_answer is not None:
            more = mv.on_answer(ctx, order["exchange"], att, fid, order, priced, options)
            priced = {**priced, **more}
            why += more.get("answer_why", [])
        if priced.get("pain_hold"):
            priced = {**priced, **pain_resisted(ctx, state, fid, order["exchange"], priced["pain_hold"], why,
                                                options)}
            why.append(f"{fid} acts in a pain hold: pain +{priced['pain_hold']} (M59, L767)")
        if priced.get("difficulty") is not None:  # CP-07: "Мастер может корректировать сложность"
            tn, how = ctx.ask("difficulty", actor=None, options=[priced["difficulty"]], default=priced["difficulty"],
                              applies=True, accept=lambda v: isinstance(v, int) and 2 <= v <= options.max_difficulty,
                              what=f"the GM's difficulty for {fid}'s {order['maneuver']} (CP-07; %2–%7)",
                              exchange=order["exchange"], fighter=fid, step=order["step"])
            if how == "chosen" and tn != priced["difficulty"]:
                why.append(f"the GM corrects the difficulty: %{priced['difficulty']} → %{tn} (CP-07)")
                priced = {**priced, "difficulty": tn,
                          "difficulty_mods": [*priced.get("difficulty_mods", []), f"the GM: %{tn} (CP-07)"]}
                rules = [*rules, "CP-07"]
        if order["step"] == "attack" and order.get("target") in state.ids:
            kind = surprise.ask(ctx, fid, order["exchange"])
            if kind != "none":  # CP-43 (5.7): the GM's word on this attack
                priced = {**priced, "surprise": kind}
                why.append(surprise.WHY[kind])
                rules, defaults = [*rules, "5.7", "CP-43"], [*defaults, "A-60"]
        elif surprise.of(state, fid) is not None:
            if surprise.difficulty_bump(state, fid):
                why.append(f"{fid} defends against a trusted attacker: +1 difficulty (5.7, L40)")
            rules, defaults = [*rules, "5.7"], [*defaults, "A-60"]
    if more and more.get("empathy"):
        priced = {**priced, "empathy": more["empathy"]}
        why.insert(0, surprise.empathy_why(fid, more["empathy"]))
        rules = [*rules, "5.7", "L46"]
    emit(ctx, "declared", {"actor": fid, "exchange": order["exchange"], "step": order["step"],
                           "maneuver": order.get("maneuver", "pass"), "order": order, "priced": priced,
                           "forced": forced, "why": why, "rule": rules, "defaults": defaults},
         cause=seq)


def draw_why(ctx: Context, state: Fight, fid: str, order: dict[str, Any], options: SkirmishOptions,
             priced: dict[str, Any]) -> str:
    """M50 (L646–652, A-39): the draw's line; a weapon on the floor asks the free Reflex check at %5 (the roll
    `pickup`), whose failure spends the activation and fails the declaration (`priced` gains `failed`)."""
    f = state.fighter(fid)
    wids = draw.ids(order["draw"])
    floor = draw.floor_pickup(f, order["draw"])
    loop = draw.loop_recovery(f, order["draw"])
    if loop is not None:
        return loop_why(ctx, f, loop, order, options, priced)
    if floor is None:
        what = " and ".join(wids)
        gm = int(order.get("draw_price") or 0)
        cost = f"{draw.cost(f, order['draw'], gm)} R" if len(wids) == 1 else draw.cost_why(f, order["draw"], gm)
        if draw.elsewhere(f.weapon_by_id(wids[0])) or any(draw.elsewhere(f.weapon_by_id(w)) for w in wids):
            cost += ", the GM's price (CP-31)"
        return f"{fid} draws {what} (M50, {cost})" + (" (only a hilt strike this exchange, L648)" if order.get("hilt")
                                                      else "")
    roll = ctx.roll(pool_dice(ctx, max(1, f.char("reflex")), options), actor=fid, purpose="pickup",
                    what=f"Reflex check of {fid} picking {floor} up from the floor (free, %{draw.PICKUP_TN}; M50, "
                    "A-39)", exchange=order["exchange"])
    cost = draw.cost(f, order["draw"])
    return recovered(roll, f, order, options, priced, draw.PICKUP_TN,
                     f"{fid} picks {floor} up from the floor (M50, {cost} R)")


def loop_why(ctx: Context, f: Any, wid: str, order: dict[str, Any], options: SkirmishOptions,
             priced: dict[str, Any]) -> str:
    """M50 (L689, A-39): a weapon hanging on its wrist loop is recovered with the free Reflex check `pickup` at %4;
    a failure spends the activation and fails the declaration."""
    roll = ctx.roll(pool_dice(ctx, max(1, f.char("reflex")), options), actor=f.id, purpose="pickup",
                    what=f"Reflex check of {f.id} recovering {wid} hanging on its wrist loop (free, %{draw.LOOP_TN}; "
                    "M50, L689, A-39)", exchange=order["exchange"])
    cost = draw.cost(f, order["draw"])
    return recovered(roll, f, order, options, priced, draw.LOOP_TN,
                     f"{f.id} recovers {wid} hanging on its wrist loop (M50, {cost} R, PROPOSED)")


def recovered(roll: Any, f: Any, order: dict[str, Any], options: SkirmishOptions, priced: dict[str, Any], tn: int,
              head: str) -> str:
    """M50 (A-39): the outcome of the free Reflex check `pickup` of a weapon picked up from the floor or off its wrist
    loop; a failure spends the draw's reflex points and fails the declaration. Returns the why line, `head` first."""
    c = dice.count(roll.payload["result"], tn, ones_cancel=options.ones_cancel_successes)
    cost = draw.cost(f, order["draw"])
    priced["pickup"] = c.to_json()
    line = f"{head}: Reflex {len(c.faces)}d %{c.difficulty} {list(c.faces)} → {c.hits} − {c.ones} = {c.net}"
    if c.net >= 1:
        return line + " → in hand (A-39)"
    priced.update(failed=True, paid_R=cost, paid_S=0, cost_points=cost, dice_to_roll=0, bonus_dice=0,
                  bonus_effects=[])
    return line + f" → fails: the declaration fails, the {cost} R are spent (A-39)"


def pain_resisted(ctx: Context, state: Fight, fid: str, x: int, pain: int, why: list[str],
                  options: SkirmishOptions) -> dict[str, Any]:
    """M59 (L767): in the exchanges after the hold was put on, the held fighter may (his choice `resist_pain`, default
    no, applied by the rules) make a free Fortitude check (PROPOSED %5, like the other free checks) that cancels one
    pain per success."""
    f = state.fighter(fid)
    if not any(e.start < (state.round, x) for e in pools.now(f, "pain_hold", state.round, x)):
        return {}
    wants, _ = ctx.ask("resist_pain", actor=fid, options=["no", "yes"], default="no", applies=True,
                       what=f"{fid}: a free Fortitude check against the pain hold's {pain} pain? (M59, L767)",
                       exchange=x)
    if wants != "yes":
        return {}
    roll = ctx.roll(pool_dice(ctx, max(1, f.char("fortitude")), options), actor=fid, purpose="pain_fortitude",
                    what=f"Fortitude of {fid} against the pain hold (free, %5; successes cancel pain)", exchange=x)
    counted = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    cancel = min(pain, max(0, counted.net))
    why.append(f"{fid} Fortitude {len(counted.faces)}d %5 {list(counted.faces)} → {counted.hits} − {counted.ones} = "
               f"{counted.net}: {cancel} of the hold's {pain} pain cancelled (M59, L767)")
    return {"pain_hold": pain - cancel, "pain_fortitude": counted.to_json()}


def declaration_why(fid: str, order: dict[str, Any], p: dict[str, Any]) -> str:
    parts = [f"{p['dice_pool']} dice"]
    if p["doubling"]:
        parts.append(f"+{p['doubling']} above skill {p['skill_level']} (L211)")
    if p["length_penalty"]:
        pair = p.get("partner_penalty")
        parts.append(f"+{p['length_penalty']} length (L129" + (f"; partner pair {pair['target']}+{pair['partner']}: "
                     f"the larger of {pair['own']} and {pair['against_partner']}, 5.12 A-58b" if pair else "") + ")")
    if p["activation"]:
        parts.append(f"+{p['activation']} activation")
    zone = f" → {order.get('target')} {order['zone']}" if order.get("zone") else ""
    req = f"; requires {p['required_extra']} ({', '.join(p['required_why'])})" if p["required_extra"] else ""
    return (f"{fid}: {order['maneuver']}{zone}, %{p['difficulty']}, cost {' '.join(parts)} = {p['cost_points']} "
            f"(R{p['paid_R']} S{p['paid_S']}), rolls {p['dice_to_roll']}{req}")


# --- resolving the exchange (5.1) --------------------------------------------------------------------------------

@dataclass
class Item:
    """One entry of the resolution queue (5.1 step 2): an attack and the defence answering it."""

    attack: Declared
    defence: Declared | None
    attack_roll: Event
    defence_roll: Event | None


def queue(state: Fight) -> list[tuple[Declared, Declared | None]]:
    """5.1 step 2: the holder's attack first; at a tie both form one simultaneous group (id order)."""
    attacks = [d for d in state.declared if d.step == "attack" and d.maneuver != "pass" and not d.priced.get("failed")]
    attacks.sort(key=lambda d: (d.actor != state.holder, state.ids.index(d.actor)))
    out = []
    for att in attacks:
        target = att.order.get("target")
        defence = next((d for d in state.declared if target and d.actor == target and d.step == "defence"
                        and d.maneuver != "pass" and not d.priced.get("failed")), None)
        if att.maneuver == "double_attack":  # M06: two attacks, each answered by its own defence
            from replay.rulesets.skirmish.maneuvers.attack import double_parts

            out += double_parts(att, defence, state)
            continue
        out.append((att, defence))
    return out


def rolls_pool(d: Declared) -> bool:
    mv = move(d.maneuver)
    return mv is None or mv.pool_dice


def own_check(d: Declared) -> bool:
    """A declaration resolved by its own roll, without an opposing defence (Assess, Break free, Demoralization …)."""
    mv = move(d.maneuver)
    return d.maneuver == "maneuvering" or mv is not None and mv.resolves == "check" or \
        d.maneuver == "blade_catch" and bool(d.order.get("break"))  # M44: the catcher's Strength check (L605)


def resolve_exchange(ctx: Context, x: int, options: SkirmishOptions) -> None:
    pairs = queue(ctx.state)
    asks = []
    asked_for: set[int] = set()
    for att, dfn in pairs:
        second = "2" if att.order.get("part") == 2 else ""
        if rolls_pool(att):
            asks.append((pool_dice(ctx, att.priced["dice_to_roll"], options), att.actor, "attack" + second,
                         {"exchange": x}, f"attack roll of {att.actor} ({att.maneuver}, %{att.priced['difficulty']})"))
        free = opposed_by(att)
        if free is not None and not own_check(att):
            n, tn, label = free(ctx.state, ctx.state.fighter(att.order["target"]))
            if free is reactive:  # CP-36: Wrestling or Acrobatics, the victim's choice
                _, n = check_with(ctx, x, att.order["target"], "reactive",
                                  reactive_dice(ctx.state.fighter(att.order["target"])))
            asks.append((pool_dice(ctx, max(1, n), options), att.order["target"], "opposed", {"exchange": x},
                         f"{label} of {att.order['target']} against the {att.maneuver} (free, %{tn})"))
        if dfn is not None and rolls_pool(dfn) and id(dfn) not in asked_for:  # a retreat answers both parts once
            asked_for.add(id(dfn))
            purpose = "redefence" if dfn.order.get("after_feint") else "defence"
            purpose += "2" if dfn.order.get("part") == 2 else ""
            asks.append((pool_dice(ctx, zonal.rolled(ctx.state, dfn), options), dfn.actor, purpose,
                         {"exchange": x}, f"defence roll of {dfn.actor} ({dfn.maneuver}, %{dfn.priced['difficulty']})"))
    rolls = iter(ctx.need_rolls(asks))
    items: list[Item] = []
    given: dict[int, Event] = {}
    for att, dfn in pairs:
        a_roll = next(rolls) if rolls_pool(att) else None
        if opposed_by(att) is not None and not own_check(att):
            items.append(Item(att, None, a_roll, next(rolls)))  # type: ignore[arg-type]
            continue
        d_roll = None
        if dfn is not None and rolls_pool(dfn):
            if id(dfn) not in given:
                given[id(dfn)] = next(rolls)
            d_roll = given[id(dfn)]
        items.append(Item(att, dfn, a_roll, d_roll))  # type: ignore[arg-type]
    outcomes: list[dict[str, Any]] = []
    shares = allocate(ctx, x, items, options)
    from replay.rulesets.skirmish import maneuvering

    moved = [(it.attack, it.attack_roll) for it in items if maneuvering.moving(it.attack.order)]
    items = [it for it in items if not maneuvering.moving(it.attack.order)]  # M53 (L681): compared after the rest
    simultaneous = ctx.state.holder == "tie"
    if simultaneous:  # 5.1 step 4: every outcome from the state before the group
        from replay.rulesets.skirmish.maneuvers import counters

        countered, group = counters.at_tie(ctx, x, items)  # M08 at equal initiative: the GM's ruling (CP-50)
        compared = [None if own_check(it.attack) else compare(ctx.state, it, options, shares.get(id(it)))
                    for it in group]
        for ct, enemy in countered:
            outcomes += counters.countertime(ctx, x, ct, enemy, options)
        for it, cmp_ in zip(group, compared, strict=True):
            outcomes.append(checked(ctx, x, it, options) if cmp_ is None else strike(ctx, x, it, cmp_, options))
    else:
        from replay.rulesets.skirmish.maneuvers import counters

        done: list[Item] = []
        for it in items:
            if ctx.state.result is not None:
                break
            if any(it is d for d in done):
                continue
            if own_check(it.attack):
                outcomes.append(checked(ctx, x, it, options))
                continue
            partner = next((o for o in items if o is not it and {it.attack.maneuver, o.attack.maneuver} & {
                "countertime"} and o.attack.actor == it.attack.order.get("target")
                and it.attack.actor == o.attack.order.get("target")), None)
            if partner is not None:  # M08: the countertime and the attack it answers, rolled against each other
                ct, enemy = (it, partner) if it.attack.maneuver == "countertime" else (partner, it)
                done.append(partner)
                outcomes += counters.countertime(ctx, x, ct, enemy, options)
                continue
            if it.defence is not None and it.defence.maneuver == "sudden_attack":
                outcomes += counters.sudden(ctx, x, it, options)
                continue
            stopped = next((o for o in outcomes if it.attack.actor in o.get("cancel_maneuvers_of", ())), None)
            if stopped is not None:
                outcomes.append(cancelled(ctx, x, it, stopped))
                continue
            outcomes.append(strike(ctx, x, it, compare(ctx.state, it, options, shares.get(id(it))), options))
    if moved and ctx.state.result is None:  # M53 between the two fighters of a pair (L677-681)
        maneuvering.settle(ctx, x, moved, options)
    transfer.settle(ctx, x, outcomes)
    knockouts(ctx, x, options)
    extra_fatigue(ctx, x, options)
    exchange_end(ctx, x, outcomes, options)


def allocate(ctx: Context, x: int, items: list[Item], options: SkirmishOptions) -> dict[int, int]:
    """M36 (L535, A-42, CP-29): one shield block answering both parts of a double attack: the defender allocates its
    successes between them (a choice `allocation` [first, second]; by default enough to beat the first part, the rest
    to the second, applied by the rules)."""
    out: dict[int, int] = {}
    state = ctx.state
    for it in items:
        dfn = it.defence
        if dfn is None or dfn.maneuver != "shield_block" or id(it) in out or it.defence_roll is None:
            continue
        group = [o for o in items if o.defence is dfn]
        if len(group) < 2:
            continue
        total = max(0, counted_roll(state, dfn, it.defence_roll, options)[0].net)
        needs = []
        for o in group:
            a = counted_roll(state, o.attack, o.attack_roll, options)[0].net - o.attack.priced["required_extra"]
            needs.append(max(0, a) + 1)
        first = min(total, needs[0])
        default = [first, total - first]
        value, how = ctx.ask("allocation", actor=dfn.actor, options=[default], default=default, applies=True,
                             accept=lambda v, t=total: isinstance(v, list) and len(v) == 2 and all(
                                 isinstance(n, int) and n >= 0 for n in v) and sum(v) == t,
                             what=f"how {dfn.actor}'s {total} shield-block successes are split between the two attacks "
                             "(CP-29, A-42): [first, second]", exchange=x)
        for o, n in zip(group, value, strict=True):
            out[id(o)] = int(n)
        emit(ctx, "effect", {
            "exchange": x, "maneuver": "shield_block", "maneuver_id": "M36", "actor": dfn.actor, "changes": [],
            "why": [f"{dfn.actor} allocates the shield block's {total} successes: {value[0]} against the first "
                    f"attack, {value[1]} against the second" + (" (by default: enough to beat the first)"
                                                                if how == "default" else "") + " (CP-29, A-42)"],
            "rule": ["5.4.2 M36", "L535"], "defaults": ["A-42"] + (["CP-29"] if how == "default" else [])})
    return out


def checked(ctx: Context, x: int, it: Item, options: SkirmishOptions) -> dict[str, Any]:
    """A declaration resolved by its own check (M53 standing up, M55 Assess, M73 Break free …)."""
    if it.attack.maneuver == "maneuvering" and it.attack.order.get("free"):  # M44 (L605): Maneuvering %6
        from replay.rulesets.skirmish.maneuvers import catch

        roll, cut = counted_roll(ctx.state, it.attack, it.attack_roll, options)
        return catch.freed(ctx, x, it.attack, roll, cut, options)
    if it.attack.maneuver == "maneuvering":
        return stand_up(ctx, x, it, options)
    mv = move(it.attack.maneuver)
    assert mv is not None and mv.after is not None
    roll = counted_roll(ctx.state, it.attack, it.attack_roll, options)[0] if it.attack_roll is not None else None
    out = {"attack": it.attack, "defence": None, "winner": None, "final": 0, "attack_roll": roll}
    out.update(mv.after(ctx, x, out, options) or {})
    return out


def cancelled(ctx: Context, x: int, it: Item, by: dict[str, Any]) -> dict[str, Any]:
    """M51/M52: a successful Grab or Leg dive makes every other maneuver of the held fighter this exchange fail."""
    att = it.attack
    why = f"{att.actor}'s {att.maneuver} fails: {by['attack'].actor}'s {by['attack'].maneuver} succeeded (L660)"
    emit(ctx, "clash", {"exchange": x, "attacker": att.actor, "target": att.order.get("target", ""),
                        "maneuver": att.maneuver, "defence": None, "cancelled": why, "why": [why],
                        "rule": ["5.4.3 M51", "L660"]})
    return {"attack": att, "defence": None, "winner": None, "cancelled": True}


def stand_up(ctx: Context, x: int, it: Item, options: SkirmishOptions) -> dict[str, Any]:
    """M53 standing up (L683, A-86, C6): a %5 check in the actor's attack slot with reflex points and skill points up
    to Acrobatics; success: standing."""
    decl = it.attack
    roll, cut = counted_roll(ctx.state, decl, it.attack_roll, options)
    up = roll.net >= 1
    emit(ctx, "stood_up", {"exchange": x, "fighter": decl.actor, "roll": roll.to_json(), "reduced": cut,
                           "standing": up, "why": [roll_why(decl, roll, cut) + (" → stands up" if up else
                                                                                 " → stays down")],
                           "rule": ["5.4.3 M53", "L683"], "defaults": ["A-86", "C6"]}, cause=it.attack_roll.seq or None)
    return {"attack": decl, "defence": None, "winner": None, "stood_up": up}


def compare(state: Fight, it: Item, options: SkirmishOptions, share: int | None = None) -> dict[str, Any]:
    """5.1 steps 3a–3d: re-validate (C2), reduce pending dice (5.1.6), count the faces, compare (2.3–2.4); `share`:
    the successes of a defence allocated to this attack (CP-29)."""
    att, dfn = it.attack, it.defence
    attacker = state.fighter(att.actor)
    mv = move(att.maneuver)
    needs = "weapon" if mv is None else mv.weapon
    weapon = attacker.weapon_by_id(att.priced["weapon"] or "")
    if attacker.out or needs == "weapon" and (weapon is None or not weapon.hands or weapon.state != "ready"):
        return {"cancelled": f"{att.actor} cannot act or no longer holds {att.priced['weapon']} (C2)"}
    bump = wrestling_block_bump(state, att, dfn)
    a_roll, a_cut = counted_roll(state, att, it.attack_roll, options, bump=bump)
    d_roll, d_cut = (None, 0)
    if dfn is None and it.defence_roll is not None and opposed_by(att) is not None:  # a free check opposes it
        n, tn, _ = opposed_by(att)(state, state.fighter(att.order["target"]))
        d_roll = dice.count(list(it.defence_roll.payload["result"])[:max(1, n)], tn,
                            ones_cancel=options.ones_cancel_successes)
    elif dfn is not None and it.defence_roll is not None:
        defender = state.fighter(dfn.actor)
        if defender.out:
            dfn = None
        else:
            d_roll, d_cut = counted_roll(state, dfn, it.defence_roll, options)
    d_net = None if d_roll is None else d_roll.net if share is None else share
    result = dice.opposed(a_roll.net, d_net, required=att.priced["required_extra"], mode=options.extra_success_mode)
    return {"attack_roll": a_roll, "defence_roll": d_roll, "reduced": {"attack": a_cut, "defence": d_cut},
            "opposed": result, "defence": dfn, "share": share}


def counted_roll(state: Fight, decl: Declared, roll: Event, options: SkirmishOptions,
                 bump: int = 0) -> tuple[dice.PoolRoll, int]:
    """5.1.6: the overdraft comes off the pending roll; its last faces are discarded (2.6). Lost dice imposed by the
    opponent (Rushing attack, Lightning attack) come off the same way; Demoralization takes successes (M58)."""
    f = state.fighter(decl.actor)
    n = zonal.rolled(state, decl)
    cut = min(n, pools.overdraft(f, state.round, state.exchange) + int(decl.priced.get("lost_dice", 0)))
    faces = list(roll.payload["result"])[: n - cut]
    tn = decl.priced["difficulty"] + bump
    if n - cut <= 0:
        return dice.zero_dice(tn), cut
    return dice.count(faces, tn, ones_cancel=options.ones_cancel_successes, max_difficulty=options.max_difficulty,
                      penalty=pools.amount(f, "success_penalty", state.round, state.exchange),
                      auto=transfer.auto_successes(state, decl)), cut


def wrestling_block_bump(state: Fight, att: Declared, dfn: Declared | None) -> int:
    """M70 (L872): the defender's Endurance at least the attacker's: +1 difficulty, +1 per full 5 points more."""
    if dfn is None or dfn.maneuver != "wrestling_block":
        return 0
    a, d = state.fighter(att.actor).char("endurance"), state.fighter(dfn.actor).char("endurance")
    return 0 if d < a else 1 + (d - a) // 5


def strike(ctx: Context, x: int, it: Item, cmp_: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """5.1 step 3e: a hit buys and deals damage (5.2.1, 6.5); emits `skirmish.clash`."""
    att = it.attack
    if "cancelled" in cmp_:
        emit(ctx, "clash", {"exchange": x, "attacker": att.actor, "target": att.order["target"],
                            "maneuver": att.maneuver, "defence": None, "cancelled": cmp_["cancelled"],
                            "why": [cmp_["cancelled"]], "rule": ["5.1"], "defaults": ["C2"]})
        return {"attack": att, "defence": None, "winner": None, "cancelled": True}
    a_roll: dice.PoolRoll = cmp_["attack_roll"]
    d_roll: dice.PoolRoll | None = cmp_["defence_roll"]
    dfn: Declared | None = cmp_["defence"]
    res: dice.Opposed = cmp_["opposed"]
    why = [roll_why(att, a_roll, cmp_["reduced"]["attack"])]
    if dfn is not None and d_roll is not None:
        why.append(roll_why(dfn, d_roll, cmp_["reduced"]["defence"]))
    elif d_roll is not None:
        why.append(f"{att.order['target']} free check: {len(d_roll.faces)}d %{d_roll.difficulty} {list(d_roll.faces)}"
                   f" → {d_roll.hits} − {d_roll.ones} = {d_roll.net}")
    bump = wrestling_block_bump(ctx.state, att, dfn)
    if bump:
        why.insert(1, f"{dfn.actor if dfn else ''} wrestling block: the attack's difficulty +{bump} (M70, L872)")
    req = att.priced["required_extra"]
    share = cmp_.get("share")
    if share is not None:
        why.append(f"{dfn.actor if dfn else ''} puts {share} of the block's successes against this attack (CP-29)")
    why.append(comparison_why(a_roll.net, None if d_roll is None else d_roll.net if share is None else share, req,
                              res, options))
    payload: dict[str, Any] = {
        "exchange": x, "attacker": att.actor, "target": att.order["target"], "maneuver": att.maneuver,
        "defence": None if dfn is None else {"actor": dfn.actor, "maneuver": dfn.maneuver},
        "attack_roll": a_roll.to_json(), "defence_roll": None if d_roll is None else d_roll.to_json(),
        "reduced": cmp_["reduced"], "required_extra": req, "mode": options.extra_success_mode,
        "opposed": res.to_json(), "cancelled": None,
        "rule": ["5.1", "2.3", "2.4"], "defaults": ["A-01", "A-02", "A-04"] + (
            ["5.1.6"] if any(cmp_["reduced"].values()) else [])}
    if dfn is not None and dfn.maneuver == "slip" and res.winner == "defence":
        payload["skill_zero"] = {"fighter": att.actor, "round": ctx.state.round}
        why.append(f"slip: {att.actor}'s skill points are 0 for the rest of the round (M48, A-38)")
        payload["defaults"] += ["A-38"]
    if dfn is not None and dfn.maneuver == "counterattack" and res.winner == "defence":
        payload["counter_bonus"] = {"fighter": dfn.actor, "weapon": dfn.priced["weapon"], "amount": res.final,
                                    "until": [ctx.state.round, 2]}
        why.append(f"counterattack: +{res.final} bonus dice on {dfn.actor}'s attack with {dfn.priced['weapon']} in "
                   "the next exchange (M40, C17)")
        payload["rule"] += ["M40"]
        payload["defaults"] += ["C17"]
    payload["why"] = why
    emit(ctx, "clash", payload, cause=it.attack_roll.seq or None)
    mv_a, mv_d = move(att.maneuver), move(dfn.maneuver) if dfn is not None else None
    deals = mv_a is None or mv_a.strike is not None or mv_a.weapon == "weapon" and costs.attack_row(
        att.maneuver, att.order, ctx.state.fighter(att.actor).weapon_by_id(att.priced["weapon"] or "")) is not None
    if res.winner == "attack" and transfer.phase1(ctx.state, att):
        pass  # M15 phase 1: a win deals no damage (L361); transfer.settle carries it over
    elif res.winner == "attack" and deals and not att.priced.get("no_damage"):
        deal_hit(ctx, x, att, res.final, options)
    elif dfn is not None and dfn.maneuver == "limb_block" and res.winner != "attack":
        pass  # M35: the limb takes the blow, on a tie with 0 successes (2.3; its after hook)
    elif dfn is not None and dfn.maneuver in costs.BLOCKS and deals and not att.priced.get("no_damage"):
        blocked(ctx, x, att, dfn, res.final if res.winner == "defence" else 0, options)  # weapon, shield or unarmed
    elif dfn is not None and dfn.maneuver == "knock_aside" and res.winner == "defence":
        knocked_aside(ctx, x, att, dfn, res.final, options)
    if dfn is not None and d_roll is not None and dfn.maneuver in costs.DODGES and d_roll.crit_degree:
        from replay.rulesets.skirmish.maneuvers.falls import fall

        # L609 (T-22): degree 1 a fall from your own height (1d6), degree 2 an awkward fall (2d6)
        fall(ctx, x, dfn.actor, d_roll.crit_degree, f"the {dfn.maneuver}'s critical failure (L609)", options,
             dfn.maneuver)
    out = {"attack": att, "defence": dfn, "winner": res.winner, "final": res.final, "attack_roll": a_roll,
           "defence_roll": d_roll}
    for mv in (mv_a, mv_d):
        if mv is not None and mv.after is not None and ctx.state.result is None:
            out.update(mv.after(ctx, x, out, options) or {})
    from replay.rulesets.skirmish.maneuvers.wrestling import flow

    flow(ctx, x, out)  # 5.8.3: a wrestling technique's final successes flow on as bonus dice
    return out


def deal_hit(ctx: Context, x: int, att: Declared, final: int, options: SkirmishOptions,
             note: list[str] | None = None) -> dict[str, Any]:
    """A hit's purchases and damage as `skirmish.hit` (5.2.1, 6.5); `note` opens its `why`."""
    hit_why: list[str] = list(note or [])
    found = hit(ctx, x, att, final, hit_why, options)
    payload = {"exchange": x, "attacker": att.actor, "target": att.order["target"], "maneuver": att.maneuver,
               **found, "why": hit_why, "rule": ["5.2.1", "5.5.1", "6.5"],
               "defaults": ["sample_v1", "C13", "A-15"] + (["6.5 step 6"] if found.get("nonlethal_shock") else [])
               + (["A-61"] if surprise.unsensed(ctx.state, att.order["target"]) else [])}
    emit(ctx, "hit", payload)
    return payload


UNARMED_ZONES = {"kick": "leg", "headbutt": "head"}
"""M42 (L586): the attacking body part a knock-aside hits (a punch: the arm of the hand that strikes)."""
KNOCK_BLOWS = ("chop", "crush", "cut")
"""L586 "as from a successful cut or blow": the knock-aside weapon's blow if it has one, else its cut."""


def knocked_aside(ctx: Context, x: int, att: Declared, dfn: Declared, final: int, options: SkirmishOptions) -> None:
    """M42 (L584): the attacker makes a Fortitude check at %5 and needs at least the knock-aside's final successes, or
    the weapon falls to the floor. Against an unarmed strike the attacking limb takes the blow instead (L586); a
    chopping knock-aside (`cut_shaft`) against a shafted weapon may cut the shaft first (L588, A-93)."""
    attacker = ctx.state.fighter(att.actor)
    mv = move(att.maneuver)
    if mv is not None and mv.weapon == "none" and mv.strike is not None:
        knocked_limb(ctx, x, att, dfn, final, options)
        return
    if dfn.order.get("cut_shaft") and shaft_cut(ctx, x, att, dfn, final):
        return
    roll = ctx.roll(pool_dice(ctx, max(1, attacker.char("fortitude")), options), actor=att.actor, purpose="fortitude",
                    what=f"Fortitude check of {att.actor} to keep {att.priced['weapon']} against the knock-aside "
                    f"(%5, needs {final})", exchange=x)
    counted = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    dropped = counted.net < final
    theirs = attacker.weapon_by_id(att.priced["weapon"] or "")
    hanging, loop = draw.loop_holds(theirs, "knock-aside", options) if dropped else (False, [])
    emit(ctx, "knocked_aside", {
        "exchange": x, "attacker": att.actor, "defender": dfn.actor, "weapon": att.priced["weapon"], "needed": final,
        "roll": counted.to_json(), "dropped": dropped, **({"hanging": True} if hanging else {}),
        "why": [f"{att.actor} Fortitude {len(counted.faces)}d %5 {list(counted.faces)} → {counted.net} vs {final} "
                "needed → " + ("the weapon hangs on the wrist by its loop" if hanging else
                               "the weapon falls to the floor" if dropped else "keeps the weapon")] + loop,
        "rule": ["5.4.2 M42", "L584"], "defaults": ["L689"] if loop else []}, cause=roll.seq or None)


def knocked_limb(ctx: Context, x: int, att: Declared, dfn: Declared, final: int, options: SkirmishOptions) -> None:
    """M42 (L586): the unarmed attacker takes damage as from a successful cut or blow of the knock-aside weapon, on
    the attacking body part; the defender spends the knock-aside's final successes on purchases (its `buys`)."""
    defender, attacker = ctx.state.fighter(dfn.actor), ctx.state.fighter(att.actor)
    w = defender.weapon_by_id(dfn.priced.get("weapon") or "") or defender.weapon
    if w is None:
        return
    rows = data.weapon_type(w.type)["attacks"]
    kind = next(k for k in (*KNOCK_BLOWS, *rows) if k in rows)
    part = UNARMED_ZONES.get(att.maneuver, "arm")
    side = str(att.order.get("hand") or attacker.main_hand)
    zone = part if part == "head" else f"{side}_{part}"
    blow = Declared(dfn.actor, x, "attack", BLOW_NAMES.get(kind, kind), {
        "target": att.actor, "zone": zone, "buys": list(dfn.order.get("buys") or []), "exchange": x},
        {"weapon": w.id, "attack_type": kind, "damage_type": rows[kind]["type"], "required_extra": 0})
    deal_hit(ctx, x, blow, final, options, note=[
        f"{dfn.actor}'s knock-aside meets {att.actor}'s unarmed {att.maneuver}: the {zone.replace('_', ' ')} takes "
        f"{w.id}'s {kind} with the knock-aside's {final} final successes (M42, L586)"])


BLOW_NAMES = {"cut": "slash"}
"""A weapon row's attack type → the basic maneuver code that strikes with it."""


def shaft_cut(ctx: Context, x: int, att: Declared, dfn: Declared, final: int) -> bool:
    """M42 (L588, A-93): a chopping knock-aside against a shafted weapon deals 1 point per final success, at most the
    defender's chop damage; damage at least the weapon's Reliability cuts the shaft (the weapon is broken)."""
    from replay.rulesets.skirmish.maneuvers.base import emit_effect

    defender, attacker = ctx.state.fighter(dfn.actor), ctx.state.fighter(att.actor)
    mine = defender.weapon_by_id(dfn.priced.get("weapon") or "") or defender.weapon
    theirs = attacker.weapon_by_id(att.priced.get("weapon") or "")
    if mine is None or theirs is None:
        return False
    cap, _, cap_why = damage.raw_damage(defender, mine.type, mine.grip, "chop", "", 0)
    hurt = min(final, cap)
    rel = data.weapon_type(theirs.type)["reliability"]
    cut = hurt >= rel
    why = [f"{dfn.actor}'s chopping knock-aside at {theirs.id}'s shaft: {final} final successes, at most the chop "
           f"damage ({cap_why[0].removeprefix('D = ')}) → {hurt} {'≥' if cut else '<'} Reliability {rel} → "
           + ("the shaft is cut" if cut else "the shaft holds; the Fortitude check follows") + " (M42, L588, A-93)"]
    emit_effect(ctx, x, "knock_aside", dfn.actor, [{"op": "drop", "fighter": att.actor, "weapon": theirs.id,
                                                    "state": "broken"}] if cut else [], why,
                ["5.4.2 M42", "L588"], ["A-93"])
    return cut


def blocked(ctx: Context, x: int, att: Declared, dfn: Declared, final: int, options: SkirmishOptions) -> None:
    """M34/M36 (L515–535, A-41, 2.3 on ties): a stopped blow hits the blocking weapon or shield: a Reliability check
    (Reliability + the block's final successes at %5); broken when the damage exceeds twice the effective Reliability
    (a weapon never against a cut), the rest (damage − 2 × Reliability) on the carrying arm; the attacker's weapon
    breaks if its Reliability is lower and under half the damage (L523); a weapon block of damage above Strength asks
    a Fortitude check to keep the weapon (L525); a power blow stopped by a block gives shock (L324)."""
    state = ctx.state
    attacker, defender = state.fighter(att.actor), state.fighter(dfn.actor)
    weapon = attacker.weapon_by_id(att.priced["weapon"] or "")
    hurt = struck(ctx, x, att, weapon)
    if hurt is not None:  # a shield or unarmed strike, a hilt strike, a transfer feint's phase 2
        raw, raw_why = hurt.damage, [strike_why(hurt)]
    else:
        assert weapon is not None
        raw, _, raw_why = damage.raw_damage(attacker, weapon.type, weapon.grip, att.priced["attack_type"], "", 0)
    raw = sized(attacker, raw, raw_why)
    mv = move(att.maneuver)
    by_shield = att.order.get("weapon") == "shield" or mv is not None and mv.weapon == "shield"
    striking = "shield" if by_shield else weapon.id if weapon is not None and (mv is None or mv.weapon == "weapon") \
        else None  # what struck: L523 breaks it when weaker (an unarmed strike has nothing to break)
    own = None
    if dfn.maneuver == "shield_block" and defender.shield is not None:
        item, rel, hand = defender.shield.id, defender.shield.reliability, defender.shield.hand
    else:
        own = defender.weapon_by_id(dfn.priced["weapon"] or "") or defender.weapon
        if own is None:
            return
        item, rel = own.id, data.weapon_type(own.type)["reliability"]
        hand = own.hands[0] if own.hands else defender.main_hand
    asks = [(pool_dice(ctx, rel + final, options), dfn.actor, "reliability", {"exchange": x},
             f"Reliability check of {item} ({rel} + {final} dice, %5)")]
    keep = dfn.maneuver == "weapon_block" and raw > defender.char("strength")
    if keep:
        asks.append((pool_dice(ctx, max(1, defender.char("fortitude")), options), dfn.actor, "fortitude",
                     {"exchange": x}, f"Fortitude check of {dfn.actor} to keep {item} (%5, L525)"))
    power = att.maneuver == "power_blow" and weapon is not None
    tn_power = 5 if weapon is not None and data.weapon_type(weapon.type)["weight"] == "heavy" else 4
    if power:
        asks.append((pool_dice(ctx, max(1, defender.char("fortitude")), options), dfn.actor, "power_shock",
                     {"exchange": x}, f"Fortitude check of {dfn.actor} against the power blow's shock (%{tn_power})"))
    rolls = ctx.need_rolls(asks)
    check_roll = dice.count(rolls[0].payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    effective = rel + check_roll.net
    cut = att.priced["damage_type"] == "cutting" and dfn.maneuver == "weapon_block"
    broken = not cut and raw > 2 * effective
    through = max(0, raw - 2 * rel) if broken else 0
    why = raw_why + [f"{item}: Reliability {rel} + {final} dice %5 {list(check_roll.faces)} → {check_roll.net} → "
                     f"effective {effective}; {raw} > 2 × {effective}? " + ("yes: broken" if broken else "no")
                     + (" (a cut never breaks a blocking weapon, L521)" if cut else "")]
    if through:
        why.append(f"{raw} − 2 × {rel} = {through} through to the {hand} arm")
    theirs = None if striking is None else attacker.shield.reliability if striking == "shield" and \
        attacker.shield is not None else data.weapon_type(weapon.type)["reliability"] if weapon is not None else None
    attacker_broken = theirs is not None and theirs < rel and theirs < raw / 2
    if attacker_broken:
        name = attacker.shield.id if striking == "shield" and attacker.shield is not None else striking
        why.append(f"{name}: Reliability {theirs} < {rel} and < {raw}/2 → broken (L523)")
    dropped = None
    hanging, loop = False, []  # L689 and the option `wrist_loop_holds`: a dropped weapon on its wrist loop
    n = 1
    if keep:
        fort = dice.count(rolls[n].payload["result"], 5, ones_cancel=options.ones_cancel_successes)
        n += 1
        dropped = fort.net <= 0
        hanging, loop = draw.loop_holds(own, "block", options) if dropped and not broken else (False, [])
        why.append(f"{raw} > Strength {defender.char('strength')}: Fortitude %5 {list(fort.faces)} → {fort.net} → "
                   + ("the weapon hangs on the wrist by its loop" if hanging else
                      "drops the weapon" if dropped else "keeps the weapon"))
        why += loop
    shock = 0
    if power:
        fort = dice.count(rolls[n].payload["result"], tn_power, ones_cancel=options.ones_cancel_successes)
        shock = max(0, raw // 2 - max(0, fort.net))
        why.append(f"power blow stopped by a block: shock ⌊{raw}/2⌋ − {max(0, fort.net)} = {shock} (L324)")
    arm = None
    if through:
        arm = {"zone": f"{hand}_arm", "precise": "forearm", "type": att.priced["damage_type"], "W": through,
               "level": damage.level_of(through), **damage.effects(damage.level_of(through),
                                                                    att.priced["damage_type"]),
               "flags": [], "consequences": damage.consequences("arm", damage.level_of(through), []),
               "until": list(shock_until(state.round, x))}
    emit(ctx, "blocked", {"exchange": x, "defender": dfn.actor, "attacker": att.actor, "item": item,
                          "shield": dfn.maneuver == "shield_block", "raw": raw,
                          "reliability_roll": check_roll.to_json(),
                          "effective": effective, "broken": broken, "arm_wound": arm,
                          "attacker_weapon_broken": attacker_broken, "dropped": dropped,
                          **({"hanging": True} if hanging else {}),
                          **({"attacker_item": striking} if striking in (None, "shield") else {}),
                          "shock": {"amount": shock, "until": list(shock_until(state.round, x))} if shock else None,
                          "why": why, "rule": ["5.4.2 M34", "M36", "L515-535", "L324"],
                          "defaults": ["A-41", "C7"] + (["L689"] if loop else [])}, cause=rolls[0].seq or None)


def roll_why(decl: Declared, roll: dice.PoolRoll, cut: int) -> str:
    n = decl.priced["dice_to_roll"]
    lost = min(cut, int(decl.priced.get("lost_dice", 0)))
    parts = ([f"{lost} lost ({decl.priced.get('lost_why') or 'the opponent'})"] if lost else []) + (
        [f"{cut - lost} pending reduction, 5.1.6"] if cut - lost else [])
    less = f" ({n} declared − {' − '.join(parts)})" if cut else ""
    if roll.automatic_failure:
        return f"{decl.actor} {decl.maneuver}: 0 dice{less} → automatic failure"
    return (f"{decl.actor} {decl.maneuver}: {len(roll.faces)}d %{roll.difficulty}{less} {list(roll.faces)} → "
            f"{roll.hits} − {roll.ones} = {roll.net}")


def comparison_why(a: int, d: int | None, req: int, res: dice.Opposed, options: SkirmishOptions) -> str:
    left = f"{a}" + (f" − {req} required = {a - req}" if req else "")
    right = "0 (no defence)" if d is None else f"{max(0, d)}"
    if res.winner == "attack":
        return f"{left} vs {right} → hit, final {res.final}"
    if res.winner == "defence":
        return f"{left} vs {right} → the defence wins, final {res.final}"
    return f"{left} vs {right} → tie: the attack fails (L34)"


def hit(ctx: Context, x: int, att: Declared, final: int, why: list[str], options: SkirmishOptions) -> dict[str, Any]:
    """5.2.1 procedure and the sample_v1 steps 1–9 (6.5); asks the precise-zone and penetration rolls."""
    state = ctx.state
    attacker, target = state.fighter(att.actor), state.fighter(att.order["target"])
    weapon = attacker.weapon_by_id(att.priced["weapon"] or "")
    hurt = struck(ctx, x, att, weapon)
    damage_type = att.priced["damage_type"] if hurt is None else hurt.damage_type
    weapon_pen = hurt.penetration if hurt is not None else data.weapon_type(weapon.type)["penetration"] \
        if weapon is not None else 0
    zone = att.order["zone"]
    body_roll = None
    if zone == "body":  # 5.9.5 (L186): against a target a third of the attacker's height the zone is rolled
        from replay.rulesets.skirmish.maneuvers.falls import SIDE, stance_zone

        roll = ctx.roll("1d6", actor=att.actor, purpose="body_zone", what=f"the zone {att.actor}'s blow finds on "
                        f"the {target.stance} column of the stance table (1d6, 5.9.5)", exchange=x,
                        **att.priced.get("hit_key", {}))
        face = roll.payload["total"]
        rolled = data.body()["stance_d6"][target.stance][str(face)]
        body_roll = {"face": face, "stance": target.stance, "general": rolled}
        why.append(f"{attacker.height_cm} cm ≥ 3 × {target.height_cm} cm: no zone is chosen; 1d6 [{face}] on the "
                   f"{target.stance} column → " + (rolled or "miss") + " (5.9.5, L186, 5.5.2)")
        ruled, changed = stance_zone(ctx, x, target.id, "body", face, rolled)
        if changed:
            why.append(f"the GM adjusts the zone for a side or back view: {ruled or 'miss'} (CP-33, 5.5.2)")
            rolled = ruled
            body_roll["general"] = rolled
        if rolled is None:
            return {"zone": "body", "general": "body", "precise": None, "zone_roll": None, "final": final,
                    "bought": damage.buy_zone_and_steps(final, [], damage_type, weapon_pen).to_json(), "miss": True,
                    "wound": None, "body_roll": body_roll}
        zone = SIDE.get(rolled, rolled)
    general = data.general_zone(zone)
    buys = list(att.order.get("buys") or [])
    if att.order.get("buys_open"):  # CP-04 (house rule): the buy list left open is chosen after the hit
        key = {"exchange": x, **({"part": 2} if att.order.get("part") == 2 else {}), **att.priced.get("hit_key", {})}
        value = ctx.choice("buys", actor=att.actor, options=[], default=[], what=f"how {att.actor} spends {final} "
                           "final successes (CP-04): a list like [\"precise:forehead\", \"danger:1\"]", **key)
        if not isinstance(value, list) or not all(isinstance(b, str) and check.BUY.match(b) for b in value) or any(
                b.split(":", 1)[1] not in data.precise_zones(general) for b in value if b.startswith("precise:")):
            raise MissingInput(f"turn {ctx.turn}: {att.actor}'s buys: a list of purchases (precise:ZONE, danger:N, "
                               "penetration:N, ignore_armour:all|N, shock:N, bleeding:N; a precise zone of the "
                               f"{general} table; 5.2.1, CP-04)")
        buys = list(value)
        why.append(f"{att.actor} spends the final successes after the hit: {', '.join(buys) or 'nothing'} (CP-04)")
    if att.order.get("precise") and att.maneuver == "precise_attack":  # M26: the precise zone costs no success
        buys = [b for b in buys if not b.startswith("precise:")]
    bought = damage.buy_zone_and_steps(final, buys, damage_type, weapon_pen)
    if att.order.get("precise") and att.maneuver == "precise_attack":
        bought.precise = att.order["precise"]
        bought.lines.insert(0, f"precise zone {att.order['precise']} (0: Precise attack, M26)")
    precise = bought.precise
    zone_roll = None
    if precise is None:
        roll = ctx.roll("2d6-2", actor=att.actor, purpose="zone", what=f"precise zone on the {general} table "
                        f"(2d6−2) for {att.actor}'s hit", exchange=x, **att.priced.get("hit_key", {}))
        zone_roll = roll.payload["total"]
        precise = data.precise_zone(general, zone_roll)
        why.append(f"precise zone 2d6−2 {roll.payload['result']} → {zone_roll} → " + (precise or "miss (L98)"))
    if bought.lines:
        why.append("buys: " + ", ".join(bought.lines))
    out: dict[str, Any] = {"zone": zone, "general": general, "precise": precise, "zone_roll": zone_roll,
                           "final": final}
    if body_roll is not None:
        out["body_roll"] = body_roll
    if precise is None:
        out.update(bought=bought.to_json(), miss=True, wound=None)
        return out
    armour, pen_tn, piece = damage.armour_of(target, precise, damage_type)
    damage.buy_ignore(final, buys, bought, damage_type, armour)
    if bought.lines and bought.lines[-1].startswith("ignore"):
        why.append("buys (armour): " + bought.lines[-1])
    leftover = final - bought.spent
    if att.priced.get("fixed_damage") is not None:  # M35: what is left after a severed arm (L531)
        raw, bonus, raw_why = int(att.priced["fixed_damage"]), 0, [str(att.priced["fixed_damage_why"])]
    elif hurt is not None:
        raw, bonus, raw_why = hurt.damage, 0, [strike_why(hurt)]
    else:
        assert weapon is not None
        raw, bonus, raw_why = damage.raw_damage(attacker, weapon.type, weapon.grip, att.priced["attack_type"],
                                                att.maneuver, leftover)
    extra, extra_why = att.priced.get("damage_bonus", 0), att.priced.get("damage_bonus_why")
    if extra:
        raw += extra
        raw_why.append(f"D = {raw - extra} + {extra} ({extra_why}) = {raw}")
    if pools.wrestling(attacker, state.round, state.exchange) and att.maneuver not in ("pounce",):
        raw_why.append(f"D = ⌊{raw}/2⌋ = {raw // 2} (a strike in wrestling, L840)")
        raw //= 2
    raw = sized(attacker, raw, raw_why)
    leftover -= bonus
    why += raw_why
    if surprise.unsensed(state, target.id):  # armour always counts, the shield's passive cover does not
        after_shield, shield_out = raw, None
        if target.shield is not None:
            why.append(f"{target.id} did not sense the hidden attack: no passive shield cover (A-61)")
    else:
        after_shield, shield_out = passive_shield(target, zone, raw, why)
    ignored_free = min(armour, int(att.priced.get("armour_ignored", 0)))
    if hurt is not None and hurt.armour_factor != 1.0:
        why.append(f"only half the armour counts: ⌊{armour}/2⌋ = {armour // 2} (M68, L854)")
        armour //= 2
    a_eff = max(0, armour - bought.ignore - ignored_free)
    if ignored_free:
        why.append(f"{ignored_free} armour ignored (Concentrated blow, M13)")
    k, pen = 1, None
    if a_eff > 0 and pen_tn is not None:
        p_total = min(data.damage_model()["penetration_cap"], weapon_pen + bought.penetration
                      + int(att.priced.get("penetration_bonus", 0)))
        roll = ctx.roll("1d6", actor=att.actor, purpose="penetration", what=f"penetration roll for {att.actor}'s "
                        f"hit ({piece}, needs {pen_tn} with +{p_total})", exchange=x,
                        **att.priced.get("hit_key", {}))
        face = roll.payload["total"]
        k = 1 if face + p_total >= pen_tn else 2
        pen = {"face": face, "P": p_total, "tn": pen_tn, "k": k}
        why.append(f"penetration 1d6 [{face}] + {p_total} = {face + p_total} {'≥' if k == 1 else '<'} {pen_tn} → "
                   f"armour counts {'once' if k == 1 else 'twice'}")
    uncapped = max(0, after_shield - a_eff * k)
    cap = data.damage_model()["zones"][precise]["max_w"]
    w = min(uncapped, cap)
    w_said = damage.w_text(uncapped, cap, subtracted=bool(a_eff))  # 6.5 step 8: the zone's maximum said
    extra_bleeding = bought.bleeding
    sink = None
    if att.maneuver == "slash" and leftover > 0:
        extra_bleeding, sink = extra_bleeding + leftover, "bleeding"
    extra_shock = bought.shock
    if att.maneuver == "crush" and leftover > 0:
        extra_shock, sink = extra_shock + leftover, "shock"
    extra_bleeding = min(extra_bleeding, w)
    armour_text = f" − {a_eff}×{k} ({piece} {damage_type} {armour}" + (
        f" − {bought.ignore} ignored" if bought.ignore else "") + ")" if a_eff else ""
    out.update(bought=bought.to_json(), raw=raw, power_bonus=bonus, shield=shield_out, armour={
        "piece": piece, "protection": armour, "ignored": bought.ignore, "effective": a_eff, "k": k},
        penetration=pen, W=w, damage_type=damage_type, leftover_sink=sink)
    if w == 0:
        why.append(f"W = {after_shield}{armour_text}" + (" = 0" if armour_text else "") + " → no wound")
        out.update(wound=None, shock_bought=extra_shock)
        return out
    if att.priced.get("nonlethal"):  # 6.5 step 6: no wound, shock += W (plus bought shock)
        why.append(f"W = {after_shield}{armour_text}{w_said}, non-lethal: no wound, shock {w} + {extra_shock} = "
                   f"{w + extra_shock} (6.5 step 6)")
        out.update(wound=None, shock_bought=extra_shock, nonlethal_shock={
            "amount": w + extra_shock, "until": list(shock_until(state.round, x))})
        return out
    level = min(5, damage.level_of(w) + bought.danger)
    flags = damage.thresholds(precise, damage_type, w)
    if "severed" in flags:
        level = 5
    eff = damage.effects(level, damage_type)
    bleeding = eff["bleeding"] + extra_bleeding
    shock = eff["shock"] + extra_shock
    conseq = damage.consequences(general, level, flags)
    why.append(f"W = {after_shield}{armour_text}{w_said} → level {damage.level_of(w)}"
               + (f" + {bought.danger} danger = {level}" if bought.danger else "")
               + f": pain {eff['pain']}, shock {shock}, bleeding {bleeding}"
               + (f" ({', '.join(flags + conseq)})" if flags or conseq else ""))
    out["wound"] = {"zone": zone, "precise": precise, "type": damage_type, "W": w, "level": level,
                    "pain": eff["pain"], "shock": shock, "bleeding": bleeding, "flags": flags,
                    "consequences": conseq, "until": list(shock_until(state.round, x))}
    return out


def struck(ctx: Context, x: int, att: Declared, weapon: Any) -> Any:
    """The damage of a blow that is not its weapon's row (a `base.Strike`), or None: a maneuver's own strike (shield,
    unarmed), a hilt strike after a quick draw (M50, L648: D = Strength, crushing), the transfer feint's phase-2 blow
    with the opposite side of the weapon (M15: the GM's ruling, the rulebook gives no damage)."""
    from replay.rulesets.skirmish.maneuvers.base import Strike

    state = ctx.state
    attacker = state.fighter(att.actor)
    mv = move(att.maneuver)
    if mv is not None and mv.strike is not None:
        return mv.strike(state, attacker, att.order, weapon)
    if att.order.get("hilt"):
        return Strike("crush", "crushing", attacker.char("strength"), [f"Strength {attacker.char('strength')}"],
                      note="a hilt strike after the quick draw (M50, L648)")
    return transfer.reverse_blow(ctx, x, att)


def strike_why(hurt: Any) -> str:
    return f"D = {' + '.join(hurt.parts)} = {hurt.damage}" + (f": {hurt.note}" if hurt.note else "")


def sized(attacker: Any, raw: int, why: list[str]) -> int:
    """5.9.1 (L164): all damage a creature with a size multiplier deals is multiplied by it, rounded down."""
    m = attacker.size_multiplier
    if m == 1:
        return raw
    out = int(raw * m)
    why.append(f"D = ⌊{raw} × {m:g}⌋ = {out} (size multiplier, 5.9.1, L164)")
    return out


def shock_until(round_: int, x: int) -> tuple[int, int]:
    """6.5 step 9: shock lasts from now to the end of the next exchange."""
    return (round_, 2) if x == 1 else (round_ + 1, 1)


def passive_shield(target: Any, zone: str, raw: int, why: list[str]) -> tuple[int, dict[str, Any] | None]:
    """6.5 step 2, 5.11, C8: a covered zone takes D − shield armour unless the shield was used this exchange."""
    sh = target.shield
    if sh is None or sh.used or sh.state != "ready":
        return raw, None
    arm = f"{sh.hand}_arm"
    if zone != arm and zone not in sh.cover:
        return raw, None
    kind = data.shield_type(sh.type)
    broken = raw > kind["armour"] + sh.reliability
    loses = 1 if raw > kind["armour"] else 0
    after = max(0, raw - kind["armour"])
    why.append(f"passive {sh.type} covers {zone}: D' = {raw} − {kind['armour']} = {after}"
               + (f"; reliability {sh.reliability} → {sh.reliability - loses}" if loses else "")
               + ("; the shield breaks" if broken else ""))
    return after, {"shield": sh.id, "armour": kind["armour"], "reliability_loss": loses, "broken": broken}


def knockouts(ctx: Context, x: int, options: SkirmishOptions) -> None:
    """6.5 step 11 with C9: one Endurance check at %5 for every trigger of this exchange's hits (a level-4 head or
    torso wound, shock ≥ Endurance)."""
    state = ctx.state
    due = []
    for f in state.fighters:
        if f.out:
            continue
        fresh = [h for h in exchange_hits(ctx, x) if h["target"] == f.id and h.get("wound")]
        if not fresh:
            continue
        triggers = [t for h in fresh for t in h["wound"]["consequences"] if t == "knockout_check"]
        if pools.shock_now(f, state.round, state.exchange) >= f.char("endurance"):
            triggers.append("shock")
        if triggers:
            due.append((f.id, triggers))
    if not due:
        return
    rolls = ctx.need_rolls([(pool_dice(ctx, state.fighter(fid).char("endurance"), options), fid, "knockout",
                             {"exchange": x}, f"knockout check of {fid} (Endurance %5)") for fid, _ in due])
    for (fid, triggers), roll in zip(due, rolls, strict=True):
        counted = dice.count(roll.payload["result"], data.damage_model()["knockout_difficulty"],
                             ones_cancel=options.ones_cancel_successes)
        out = counted.net <= 0
        why = [f"{fid} knockout check ({', '.join(triggers)}): Endurance {len(counted.faces)}d %5 "
               f"{list(counted.faces)} → {counted.hits} − {counted.ones} = {counted.net} → "
               + ("unconscious" if out else "conscious")]
        extra: dict[str, Any] = {}
        if out and "knockout_check" in triggers:  # C9: a level-4 head or torso wound among the triggers
            extra = {"rounds": None, "until_treated": True}
            why.append("a level-4 head or torso wound: unconscious until treated (C9)")
        elif out:
            length = ctx.roll("1d6", actor=fid, purpose="knockout_rounds", what=f"rounds {fid} stays unconscious "
                              "(1d6, C9)", exchange=x)
            n = int(length.payload["total"])
            extra = {"rounds": n, "until_treated": False}
            why.append(f"unconscious for 1d6 {list(length.payload['result'])} = {n} rounds (C9)")
        emit(ctx, "knockout", {"fighter": fid, "exchange": x, "triggers": triggers, "roll": counted.to_json(),
                               "unconscious": out, **extra, "why": why,
                               "rule": ["6.5 step 11"], "defaults": ["sample_v1", "C9"]}, cause=roll.seq or None)


def exchange_hits(ctx: Context, x: int) -> list[dict[str, Any]]:
    return [d.payload for d in ctx.drafts if d.type == R + "hit" and d.payload["exchange"] == x]


def extra_fatigue(ctx: Context, x: int, options: SkirmishOptions) -> None:
    """5.10: an extra fatigue check right after a Power blow (and the other maneuvers the catalogue marks)."""
    if not options.fatigue_rolls:
        return
    ids = [d.actor for d in ctx.state.declared if d.maneuver != "pass"
           and data.maneuvers()[d.maneuver]["extra_fatigue_roll"] and not ctx.state.fighter(d.actor).out]
    fatigue_checks(ctx, ids, x, "extra", options)


WRESTLING_ENTRIES = frozenset({"grab", "leg_dive"})
"""M51, M52: the general maneuvers that start wrestling (5.8.1)."""


def wrestling_technique(code: str) -> bool:
    """A maneuver of the wrestling fight (M51, M52 or the wrestling section M59–M74), which a successful Sidestep
    answers with an interception (M74, L892; a sidestep inside a grapple is refused, so this is at its start)."""
    entry = data.maneuvers().get(code)
    return code in WRESTLING_ENTRIES or entry is not None and entry["form"] == "wrestling"


def exchange_end(ctx: Context, x: int, outcomes: list[dict[str, Any]], options: SkirmishOptions) -> None:
    """5.3 (A-14) initiative update, 3.7 (C10) distance update, and the end of the fight if someone is out."""
    state = ctx.state
    flags: dict[str, list[str]] = {i: [] for i in state.ids}
    why = []
    for d in state.declared:
        if d.maneuver == "pass":
            continue
        flag = d.priced.get("initiative", "none")
        on_success = flag.split(";")[0] in ("intercept_on_success", "gain_next_exchange_on_success",
                                            "keep_on_success")
        if transfer.phase1(state, d) and succeeded(d, outcomes):  # M15 phase 1: keep_on_success
            flags[d.actor].append("gain")
        elif flag == "lose_always":
            flags[d.actor].append("lose")
        elif flag == "keep_always" or (on_success and succeeded(d, outcomes)):
            flags[d.actor].append("gain")
        elif "lose on failure" in flag and not succeeded(d, outcomes):  # M18 (L391)
            flags[d.actor].append("lose")
    for o in outcomes:  # a maneuver's own initiative outcome (M70 wrestling block, M38 delayed defence …)
        for fid, flag in (o.get("init") or {}).items():
            flags[fid].append(flag)
        dfn, att = o.get("defence"), o.get("attack")
        if dfn is not None and att is not None and dfn.maneuver == "sidestep" and o.get("winner") == "defence" \
                and wrestling_technique(att.maneuver):
            flags[dfn.actor].append("gain")
            why.append(f"{dfn.actor}'s sidestep evades a wrestling technique: it intercepts initiative (M74, L892)")
    verdict = {i: "lose" if "lose" in f else "gain" if "gain" in f else "none" for i, f in flags.items()}
    a, b = state.ids
    before, holder, reroll = state.holder, state.holder, False
    if verdict[a] == verdict[b] == "lose":
        reroll = True
        why.append("both lose initiative → combat initiative is rerolled (L36)")
    elif verdict[a] == verdict[b] == "gain":
        why.append("both gain → initiative unchanged (L35)")
    elif verdict[a] == "gain" or verdict[b] == "gain":
        holder = a if verdict[a] == "gain" else b
        why.append(f"{holder} intercepts initiative" if holder != before else f"{holder} keeps initiative")
    elif "lose" in verdict.values():
        holder = b if verdict[a] == "lose" else a
        why.append(f"{a if holder == b else b} loses initiative → {holder} holds it")
    else:
        why.append(f"initiative unchanged ({before})")
    locks = surprise.locks(state, outcomes)
    locked = [f.id for f in state.fighters if pools.now(f, "initiative_lock", state.round, x)] + [
        lk["fighter"] for lk in locks if lk["kind"] == "initiative_lock"]
    if locked:  # 5.3 step 4 (L42): the unexpected attacker holds initiative, overriding step 3
        holder, reroll = locked[0], False
        why.append(f"{holder} holds initiative: an unexpected attack's lock (L42, 5.3 step 4)")
    why += [lk["why"] for lk in locks]
    distance, by = state.distance, None
    for o in outcomes:
        if o.get("winner") == "attack":
            w = state.fighter(o["attack"].actor).weapon_by_id(o["attack"].priced["weapon"] or "")
            if w is not None:
                distance, by = costs.weapon_length(w), o["attack"].actor
            double = next((d for d in state.declared if d.actor == o["attack"].actor and d.step == "attack"
                           and d.maneuver == "double_attack"), None)
            if double is not None:  # M06 (L265): the shorter weapon's length sets the distance
                f = state.fighter(double.actor)
                pair = [f.weapon_by_id(p.get("weapon") or "") for p in (double.priced, double.priced["second"])]
                lengths = [costs.weapon_length(x) for x in pair if x is not None]
                if lengths:
                    distance, by = min(lengths, key=data.length_index), double.actor
                    why.append(f"{double.actor}'s double attack hit: the distance is the shorter weapon's, "
                               f"{distance} (M06, L265)")
    for o in outcomes:
        dfn = o.get("defence")
        if dfn is not None and o.get("winner") == "defence" and dfn.maneuver == "sidestep":
            own = state.fighter(dfn.actor).weapon
            default = costs.weapon_length(own) if own else distance
            distance, _ = ctx.ask("distance", actor=dfn.actor, options=list(data.LENGTHS), default=default,
                                  applies=True, what="combat distance after the sidestep (CP-17)", exchange=x)
            by = dfn.actor
        if dfn is not None and o.get("winner") == "defence" and dfn.maneuver == "counterattack":
            own = state.fighter(dfn.actor).weapon_by_id(dfn.priced["weapon"] or "")
            distance = costs.weapon_length(own) if own else distance  # M40: this weapon's length
            by = dfn.actor
    for o in outcomes:
        if o.get("distance"):  # set by the maneuver that succeeded (an own check: its actor)
            distance = o["distance"]
            by = o["defence"].actor if o.get("winner") == "defence" and o.get("defence") is not None else \
                o["attack"].actor
    from replay.rulesets.skirmish.maneuvers import catch

    distance, held = catch.capped(state, by, distance)  # M44 (L605): the victim of a blade catch
    if held:
        why.append(held)
    if state.grapple is not None and distance != "hand":  # L723: in wrestling the distance is minimal
        why.append(f"in wrestling the fighters are in contact: the distance stays hand, not {distance} (L723)")
        distance = "hand"
    if any(o.get("reroll") for o in outcomes):  # M73: after a break free combat initiative is rerolled (L888)
        reroll = True
        why.append("the hold is broken → combat initiative is rerolled (M73, L888)")
    retreated = [o["defence"].actor for o in outcomes if o.get("defence") is not None
                 and o["defence"].maneuver == "retreat" and o.get("winner") == "defence"]
    passed = [o["ends_melee"] for o in outcomes if o.get("ends_melee")]
    if retreated:
        why.append(f"{retreated[0]} retreats: the melee ends (M45, L620); meeting again starts a new melee with "
                   "combat initiative")
        distance, holder, reroll = None, None, False
    elif passed:  # M22 (L423): the pass ends the melee as a successful retreat would
        why.append(f"{passed[0]}'s pass ends the melee (M22, L423); meeting again starts a new melee with combat "
                   "initiative")
        distance, holder, reroll = None, None, False
    elif distance != state.distance:
        why.append(f"distance {state.distance} → {distance} (3.7, C10)")
    ended: dict[str, Any] = {"exchange": x, "flags": verdict, "holder_before": before,
                             "holder": None if reroll else holder, "reroll": reroll, "distance": distance,
                             "melee_ended": bool(retreated or passed),
                             "why": why, "rule": ["5.3", "3.7"], "defaults": ["A-14", "A-16", "A-37", "C10"]}
    if locks:
        ended["locks"] = [{k: v for k, v in lk.items() if k != "why"} for lk in locks]
        ended["rule"] += ["5.7", "L42", "L48"]
    emit(ctx, "exchange_ended", ended)
    fight_over(ctx)


def succeeded(d: Declared, outcomes: list[dict[str, Any]]) -> bool:
    """A maneuver's success: an attack that hit, a defence that won its comparison (a tie is neither, L34)."""
    for o in outcomes:
        if o.get("attack") is d:
            return o.get("winner") == "attack"
        if o.get("defence") is d:
            return o.get("winner") == "defence"
    return False


def fight_over(ctx: Context) -> None:
    out = [f.id for f in ctx.state.fighters if f.out]
    if not out:
        return
    standing = [i for i in ctx.state.ids if i not in out]
    winner = standing[0] if len(standing) == 1 else None
    emit(ctx, "fight_ended", {"winner": winner, "out": {i: ctx.state.fighter(i).status for i in out},
                              "why": [f"{', '.join(f'{i} {ctx.state.fighter(i).status}' for i in out)}"
                                      + (f": {winner} wins" if winner else ": no one stands")],
                              "rule": ["6.5"], "defaults": ["sample_v1"]})


def round_end(ctx: Context, options: SkirmishOptions, over: Any = None) -> None:
    """4.3 RoundEnded and 6.5 step 10: blood loss += bleeding; 2× Endurance unconscious, 4× dead; then whether the
    fight is over (`over`: a melee group's own end, group.py)."""
    model = data.damage_model()
    loss, why, status = {}, [], {}
    for f in ctx.state.fighters:
        total = f.blood_loss + f.bleeding
        loss[f.id] = total
        new = f.status
        if f.status not in ("dead",) and total >= model["blood_loss_dead_x_endurance"] * f.char("endurance"):
            new = "dead"
        elif f.status == "ok" and total >= model["blood_loss_unconscious_x_endurance"] * f.char("endurance"):
            new = "unconscious"
        status[f.id] = new
        if f.bleeding:
            why.append(f"{f.id} bleeds {f.bleeding}: blood loss {f.blood_loss} + {f.bleeding} = {total}"
                       + (f" → {new}" + (", falls (lying)" if new == "unconscious" else "") if new != f.status
                          else ""))
    emit(ctx, "round_ended", {"round": ctx.state.round, "blood_loss": loss, "status": status,
                              "why": why or ["no bleeding"], "rule": ["4.3", "6.5 step 10"],
                              "defaults": ["sample_v1"]})
    (over or fight_over)(ctx)
