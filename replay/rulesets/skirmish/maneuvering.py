"""Maneuvering in a melee of several fighters (M53, L677-681): the only way to move in melee, and with several
opponents the way not to meet them all at once.

A fighter of a melee group declares `{"step": "attack", "maneuver": "maneuvering", "dice": {"reflex": n, "skill": 0}}`
(no target; reflex points only, the maneuver is marked (Р)). Its difficulty is the same for both sides (L681): %4
against one or two opponents, %5 against three to five, %6 against more than five; we count the larger side of the
melee (the most opponents any of its fighters faces; PROPOSED). After the exchange's attacks each maneuvering fighter's
successes are compared with each enemy's in the melee (an enemy who did not maneuver counts 0, L681): an enemy with
fewer successes cannot attack him in the next exchange (an effect `outmaneuvered` on the enemy, `ref` the
maneuverer); an enemy with at least as many may. A maneuver without a success changes nothing.

The leader's bonus (L681, A-108): when a side has a leader on the field (PROPOSED: the fighter whose sheet carries the
trait `leader`, one a side; without one, the commander of his side's formation that has a fighter in this melee), the
first Maneuvering of that side in a round asks the leader's Tactics check by Wits at %5 (free, once a round), and each
of the side's fighters in the melee gets +1 die on Maneuvering per success for the rest of the round (an effect
`leader_bonus`, `ref` the leader). A side without a leader, or whose leader cannot roll (fallen, no dice), counts 0.

Moving (L679, PROPOSED measure): the order's `to` names a free cell touching his own, within reach of an enemy of the
melee; a maneuver with at least one success moves him there after the exchange's attacks (a change `move`).

Moving towards an enemy outside the melee (L681: «либо избежать схватки, если инициатор наоборот пытается
передвинуться к ним», PROPOSED measure): the cell `to`, still within reach of an enemy of the melee, may also be within
reach of one loose enemy on the field (one at a time). When his maneuver succeeds, that enemy answers with a
Maneuvering of his own: his choice `avoid_melee` (how many of his reflex points he rolls, 0 for none) and his roll, at
the melee's difficulty; at least as many successes as the maneuverer's avoid the melee (the maneuverer stays where he
was), fewer and the maneuverer's arrival within reach brings him into the melee when its round is over (before the
field's exchanges), as a move into reach does (L102, 4.4)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from eventlog.envelope import Event
from replay.context import Context
from replay.rulesets.skirmish import check, costs, dice, pools
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish import resolve as rules
from replay.rulesets.skirmish.maneuvers import catch
from replay.rulesets.skirmish.maneuvers.base import emit_effect, next_exchange, timed
from replay.rulesets.skirmish.model import Declared, Fight, SkirmishOptions


def moving(order: dict[str, Any]) -> bool:
    """M53 as a move in the melee, not standing up (L683) nor freeing a caught weapon (M44)."""
    return order.get("maneuver") == "maneuvering" and not order.get("stand_up") and not order.get("free")


def difficulty(group: Fight) -> tuple[int, str]:
    """L681: by the number of opponents, the same for both sides: the larger side still standing in the melee."""
    sides = Counter(f.side for f in group.fighters if not f.out)
    n = max(sides.values(), default=1)
    tn = grid.maneuvering_difficulty(n)
    return tn, f"maneuvering %{tn} against {n} opponent{'s' if n > 1 else ''} (M53, L681)"


def problems(group: Fight, fid: str, order: dict[str, Any], grid_name: str = "square") -> list[str]:
    """M53 in a melee group: the attack step, no target, reflex points only, at least one die, within the pool; a
    move (`to`) to a free cell touching his own, within reach of an enemy in the melee."""
    out = move_problems(group, fid, order, grid_name) if "to" in order else []
    if order.get("step") != "attack":
        out.append(check.problem("condition_failed", "5.4.3 M53", "maneuvering is declared in the attack step"))
    if order.get("target") is not None:
        out.append(check.problem("condition_failed", "5.4.3 M53, L681", "maneuvering names no target: its "
                                 "successes are compared with every enemy's in the melee"))
    dice = order.get("dice") or {}
    r, s = int(dice.get("reflex", 0)), int(dice.get("skill", 0))
    if s:
        out.append(check.problem("condition_failed", "5.4.3 M53", "maneuvering (Р) is rolled with reflex points "
                                 "only"))
    if r < 1:
        out.append(check.problem("condition_failed", "5.4.3 M53", "maneuvering rolls at least one reflex die"))
    f = group.fighter(fid)
    avail = pools.available(f, group.round, group.exchange)
    if r > avail[0]:
        out.append(check.problem("cannot_pay", "4.6, 5.4.3 M53", f"costs R{r}; available R{avail[0]}"))
    return out


def priced(group: Fight, seen: Fight, fid: str, order: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """Part 1's price of the maneuver (reflex dice, no weapon) at the group's difficulty (L681), with the leader's
    bonus dice of this round (L681, A-108)."""
    base = costs.price(seen, seen.fighter(fid), {**order, "stand_up": True}, options)
    tn, why = difficulty(group)
    led = pools.now(group.fighter(fid), "leader_bonus", group.round, group.exchange)
    bonus = sum(e.amount for e in led)
    extra = {"leader_bonus": {"leader": led[0].ref, "dice": bonus}} if led else {}
    return {**base, "weapon": None, "difficulty": tn, "difficulty_mods": [why], "maneuver_id": "M53",
            "dice_to_roll": base["dice_to_roll"] + bonus, "bonus_dice": base["bonus_dice"] + bonus, **extra}


def leaders(battle: Any, melee: Fight) -> dict[str, tuple[str, int]]:
    """L681 (PROPOSED): each side's leader on the field and his Tactics by Wits dice (A-108): the fighter whose sheet
    carries the trait `leader` (one a side, checked at setup); without one, the commander of his side's formation
    that has a fighter in this melee (none when two formations would give two)."""
    out = {}
    for side in sorted({f.side for f in melee.fighters}):
        named = [f for f in battle.fighters if f.side == side and "leader" in f.traits and not battle.gone(f.id)]
        if not named:
            named = [battle.fighter(fm.commander) for fm in battle.formations
                     if battle.fighter(fm.commander).side == side and not battle.gone(fm.commander)
                     and {fm.commander, *fm.members} & set(melee.ids)]
        if len(named) == 1:
            out[side] = (named[0].id, named[0].skill("tactics") + named[0].char("wits"))
    return out


def lead(ctx: Context, x: int, fid: str, led: dict[str, tuple[str, int]], options: SkirmishOptions) -> None:
    """L681, A-108: the first Maneuvering of a side in a round asks its leader's Tactics check by Wits at %5 (free,
    once a round); +1 die per success on Maneuvering for each of the side's fighters in the melee, the round long."""
    group = ctx.state
    me = group.fighter(fid)
    if me.side not in led:
        return
    lid, n = led[me.side]
    side = [f for f in group.fighters if f.side == me.side]
    if any(e.kind == "leader_bonus" and e.start[0] == group.round for f in side for e in f.effects):
        return  # L681: «Броски тактики делаются один раз в раунд»
    cause = None
    if lid in group.ids and group.fighter(lid).out:  # fallen in this melee before his side maneuvered: no roll
        net, why = 0, f"{lid}, {fid}'s side's leader, is out of the fight: 0 successes (M53, L681)"
    elif n > 0:
        roll = ctx.roll(f"{n}d{options.pool_die_sides}", actor=lid, purpose="leader_tactics", exchange=x,
                        what=f"Tactics by Wits of {lid}, his side's leader, for Maneuvering (free, %5, M53, "
                             "A-108)")
        c = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
        net, cause = max(0, c.net), roll.seq or None
        why = f"{lid}, {fid}'s side's leader: Tactics by Wits {len(c.faces)}d %5 {list(c.faces)} → {c.hits} − " \
              f"{c.ones} = {c.net}: +{net} dice on Maneuvering this round (M53, L681, A-108)"
    else:
        net, why = 0, f"{lid}, {fid}'s side's leader, has no Tactics or Wits dice: 0 successes (M53, L681)"
    changes = [timed(f.id, "leader_bonus", net, (group.round, x), (group.round, 2), lid, "tactics") for f in side]
    emit_effect(ctx, x, "maneuvering", fid, changes, [why], ["5.4.3 M53", "L681"], ["A-108"], cause=cause)


def declare(ctx: Context, seen: Fight, fid: str, order: dict[str, Any], seq: int | None,
            options: SkirmishOptions, led: dict[str, tuple[str, int]] | None = None) -> None:
    if led:
        lead(ctx, int(order["exchange"]), fid, led, options)
        seen = seen.with_fighter(ctx.state.fighter(fid))
    price = priced(ctx.state, seen, fid, order, options)
    rules.emit(ctx, "declared", {"actor": fid, "exchange": order["exchange"], "step": "attack",
                                 "maneuver": "maneuvering", "order": order, "priced": price, "forced": None,
                                 "why": [rules.declaration_why(fid, order, price)],
                                 "rule": ["4.4", "4.6", "5.4.3 M53", "L681"], "defaults": ["A-09"]}, cause=seq)


def cell_of(order: dict[str, Any]) -> tuple[int, int] | None:
    to = order.get("to")
    if not isinstance(to, list) or len(to) != 2 or not all(isinstance(c, int) and not isinstance(c, bool)
                                                           for c in to):
        return None
    return int(to[0]), int(to[1])


def taken(group: Fight, fid: str, cell: tuple[int, int]) -> bool:
    """3.6 (L14): off the field, blocked terrain or another fighter's cell (the melee's or the field's)."""
    off = group.bounds is not None and not (0 <= cell[0] < group.bounds[0] and 0 <= cell[1] < group.bounds[1])
    return off or cell in set(group.obstacles) or any(f.cell == cell for f in group.fighters if f.id != fid)


def move_problems(group: Fight, fid: str, order: dict[str, Any], grid_name: str) -> list[str]:
    """L679 (PROPOSED): maneuvering moves him one cell (a step, no running), to a free cell touching his own and still
    within reach of an enemy in the melee (leaving it is the Retreat's, M45)."""
    cell = cell_of(order)
    if cell is None:
        return [check.problem("condition_failed", "5.4.3 M53, L679", "to: the cell he moves to, [x, y]")]
    me = group.fighter(fid)
    held = catch.holds_caught(me)
    if held:
        return [check.problem("condition_failed", "5.4.2 M44, L605", f"{fid} holds the caught {held[0]}: he moves "
                              "only after freeing or dropping it")]
    if not grid.adjacent(grid_name, me.cell, cell):
        return [check.problem("condition_failed", "5.4.3 M53, L679", f"{fid} moves one cell while maneuvering: "
                              f"({cell[0]}, {cell[1]}) does not touch his cell ({me.cell[0]}, {me.cell[1]})")]
    if taken(group, fid, cell):
        return [check.problem("condition_failed", "3.6, L14", f"cell ({cell[0]}, {cell[1]}) is off the field, "
                              "blocked or taken")]
    towards = outside_within_reach(group, fid, cell, grid_name)
    if len(towards) > 1:
        return [check.problem("condition_failed", "5.4.3 M53, L681", f"from ({cell[0]}, {cell[1]}) {fid} reaches "
                              f"{' and '.join(o.id for o in towards)} outside the melee: he moves towards one enemy "
                              "outside it at a time (PROPOSED)")]
    if not any(grid.distance(grid_name, cell, o.cell) <= reach_between(me, o)
               for o in group.fighters if o.side != me.side and not o.out):
        return [check.problem("condition_failed", "5.4.3 M53, M45", f"from ({cell[0]}, {cell[1]}) {fid} reaches no "
                              "enemy of the melee: leaving it is a Retreat (M45)")]
    return []


def outside_within_reach(group: Fight, fid: str, cell: tuple[int, int], grid_name: str) -> list[Any]:
    """L681: the enemies outside the melee (loose on the field) whom `fid` would reach from `cell` (A-65)."""
    me = group.fighter(fid)
    return [o for o in group.outside if o.side != me.side
            and grid.distance(grid_name, cell, o.cell) <= reach_between(me, o)]


def reach_between(a: Any, b: Any) -> int:
    """A-65: the longer reach of the two fighters' melee weapons."""
    la = costs.weapon_length(a.weapon) if a.weapon else "hand"
    lb = costs.weapon_length(b.weapon) if b.weapon else "hand"
    return max(grid.reach(la), grid.reach(lb))


def moved(group: Fight, fid: str, order: dict[str, Any], net: int) -> tuple[list[dict[str, Any]], str | None]:
    """L679 (PROPOSED): a maneuver with at least one success moves him into the cell he named, if still free."""
    cell = cell_of(order)
    if cell is None:
        return [], None
    here = group.fighter(fid).cell
    if net < 1:
        return [], f"{fid} stays in ({here[0]}, {here[1]}): no success (M53, L679)"
    if taken(group, fid, cell):
        return [], f"{fid} stays: ({cell[0]}, {cell[1]}) was taken first (M53, L679)"
    change = {"op": "move", "fighter": fid, "path": [list(cell)], "cell": list(cell)}
    return [change], f"{fid} moves to ({cell[0]}, {cell[1]}) (M53, L679)"


def settle(ctx: Context, x: int, done: list[tuple[Declared, Event]], options: SkirmishOptions) -> None:
    """L681: each maneuvering fighter's successes against every enemy's in the melee (0 for one who did not
    maneuver); the enemies with fewer cannot attack him in the next exchange."""
    group = ctx.state
    nets = {d.actor: rules.counted_roll(group, d, roll, options)[0] for d, roll in done}
    nxt = next_exchange(group.round, x)
    for d, _ in done:
        me, roll = group.fighter(d.actor), nets[d.actor]
        why = [f"{me.id} maneuvers: {len(roll.faces)}d %{roll.difficulty} {list(roll.faces)} → {roll.net} "
               "(M53, L681)"]
        changes: list[dict[str, Any]] = []
        for o in group.fighters:
            if o.side == me.side or o.out:
                continue
            theirs = max(0, nets[o.id].net) if o.id in nets else 0
            said = f"{theirs}" if o.id in nets else "0 (no maneuvering)"
            if roll.net >= 1 and theirs < roll.net:
                changes.append(timed(o.id, "outmaneuvered", 1, nxt, nxt, me.id, "maneuvering"))
                why.append(f"{o.id} {said} < {roll.net}: {o.id} cannot attack {me.id} in the next exchange "
                           "(M53, L681)")
            else:
                why.append(f"{o.id} {said} ≥ {max(0, roll.net)}: {o.id} may attack {me.id} in the next exchange "
                           "(M53, L681)")
        move, said_move = moved(ctx.state, me.id, d.order, roll.net)
        answer, said_answer, cause = avoided(ctx, x, me.id, move, roll.net, options) if move else ([], [], None)
        if answer and answer[0]["avoided"]:
            move, said_move = [], None
        changes += answer + move
        why += said_answer + ([said_move] if said_move else [])
        emit_effect(ctx, x, "maneuvering", me.id, changes, why, ["5.4.3 M53", "L681", "4.4"]
                    + (["L679"] if move else []) + (["L102"] if answer and not answer[0]["avoided"] else []),
                    cause=cause)


def avoided(ctx: Context, x: int, fid: str, move: list[dict[str, Any]], net: int,
            options: SkirmishOptions) -> tuple[list[dict[str, Any]], list[str], int | None]:
    """L681 (PROPOSED measure): the enemy outside the melee whom `fid` moves towards answers with a Maneuvering of his
    own, his reflex dice his choice `avoid_melee` (0: he does not try) and his roll at the melee's difficulty; at least
    as many successes as `fid`'s avoid the melee, fewer and `fid`'s arrival brings him into it (L102)."""
    group = ctx.state
    cell = (int(move[0]["cell"][0]), int(move[0]["cell"][1]))
    near = outside_within_reach(group, fid, cell, group.grid)
    if not near:
        return [], [], None
    o = near[0]
    tn, _ = difficulty(group)
    have = pools.available(o, group.round, x)[0]
    answer = ctx.choice_event("avoid_melee", actor=o.id, options=list(range(have + 1)), exchange=x, fighter=fid,
                              what=f"how many reflex dice {o.id} rolls on Maneuvering to avoid the melee {fid} moves "
                                   f"towards him (0: none; %{tn}, M53, L681)")
    n = int(answer.payload["value"])
    cause = answer.seq or None
    if n > 0:
        roll = ctx.roll(f"{n}d{options.pool_die_sides}", actor=o.id, purpose="avoid_melee", exchange=x, fighter=fid,
                        what=f"Maneuvering of {o.id} to avoid the melee {fid} moves towards him (%{tn}, M53, L681)")
        c = dice.count(roll.payload["result"], tn, ones_cancel=options.ones_cancel_successes)
        theirs, cause = max(0, c.net), roll.seq or cause
        said = [f"{o.id} maneuvers to avoid the melee: {n}d %{tn} {list(c.faces)} → {c.net} (M53, L681)"]
    else:
        theirs, said = 0, [f"{o.id} does not maneuver to avoid the melee: 0 successes (M53, L681)"]
    away = theirs >= net
    change = {"op": "avoid", "fighter": o.id, "reflex": n, "successes": theirs, "avoided": away, "by": fid}
    if away:
        said.append(f"{o.id} {theirs} ≥ {net}: {o.id} avoids the melee; {fid} stays in ({group.fighter(fid).cell[0]}, "
                    f"{group.fighter(fid).cell[1]}) (M53, L681)")
    else:
        said.append(f"{o.id} {theirs} < {net}: {fid} comes within reach of {o.id}, who joins the melee when this "
                    "melee round is over (M53, L681, L102)")
    return [change], said, cause


def arrivals(ctx: Context, pid: str, drafts: list[Any]) -> None:
    """L681, L102, 4.4: an enemy outside the melee who did not avoid a maneuverer's arrival within reach joins the
    melee when its round is over (as a fighter who moves within reach on the field does)."""
    melee = pid
    for d in drafts:
        if d.type != "skirmish.effect":
            continue
        for c in d.payload.get("changes") or ():
            if c.get("op") != "avoid" or c["avoided"]:
                continue
            fid, by = str(c["fighter"]), str(c["by"])
            pair = next((p for p in ctx.state.pairs if p.id == melee), None)
            if pair is None or pair.fight.result is not None or ctx.state.pair_of(fid) is not None \
                    or ctx.state.gone(fid):
                continue  # PROPOSED: a melee already over takes no one in; he stays loose
            rules.emit(ctx, "joined", {
                "melee": melee, "fighter": fid, "group": f"{melee}-{fid}",
                "why": [f"{by}'s Maneuvering brought him within reach of {fid}, who did not avoid the melee: {fid} "
                        "joins it, several fighters in one melee (M53, L681, L102; 4.4)"],
                "rule": ["5.4.3 M53", "L681", "L102", "4.4"], "defaults": ["A-65"]})
            melee = f"{melee}-{fid}"


def banned(group: Fight, fid: str, target: str) -> list[str]:
    """L681: `target` out-maneuvered `fid` in the exchange before: no attack on him now."""
    f = group.fighter(fid)
    if pools.now(f, "outmaneuvered", group.round, group.exchange, ref=target):
        return [check.problem("condition_failed", "5.4.3 M53, L681", f"{target} out-maneuvered {fid} in the "
                              f"exchange before: {fid} cannot attack {target} in this exchange")]
    return []
