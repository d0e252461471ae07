"""Maneuvering in a melee of several fighters (M53, L677-681): the only way to move in melee, and with several
opponents the way not to meet them all at once.

A fighter of a melee group declares `{"step": "attack", "maneuver": "maneuvering", "dice": {"reflex": n, "skill": 0}}`
(no target; reflex points only, the maneuver is marked (Р)). Its difficulty is the same for both sides (L681): %4
against one or two opponents, %5 against three to five, %6 against more than five; we count the larger side of the
melee (the most opponents any of its fighters faces; PROPOSED). After the exchange's attacks each maneuvering fighter's
successes are compared with each enemy's in the melee (an enemy who did not maneuver counts 0, L681): an enemy with
fewer successes cannot attack him in the next exchange (an effect `outmaneuvered` on the enemy, `ref` the
maneuverer); an enemy with at least as many may. A maneuver without a success changes nothing. The leader's Tactics
bonus (+1 die per success, L681) is NOT YET: the melee round has no leader's Tactics roll."""

from __future__ import annotations

from collections import Counter
from typing import Any

from eventlog.envelope import Event
from replay.context import Context
from replay.rulesets.skirmish import check, costs, pools
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish import resolve as rules
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


def problems(group: Fight, fid: str, order: dict[str, Any]) -> list[str]:
    """M53 in a melee group: the attack step, no target, reflex points only, at least one die, within the pool."""
    out = []
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
    """Part 1's price of the maneuver (reflex dice, no weapon) at the group's difficulty (L681)."""
    base = costs.price(seen, seen.fighter(fid), {**order, "stand_up": True}, options)
    tn, why = difficulty(group)
    return {**base, "weapon": None, "difficulty": tn, "difficulty_mods": [why], "maneuver_id": "M53"}


def declare(ctx: Context, seen: Fight, fid: str, order: dict[str, Any], seq: int | None,
            options: SkirmishOptions) -> None:
    price = priced(ctx.state, seen, fid, order, options)
    rules.emit(ctx, "declared", {"actor": fid, "exchange": order["exchange"], "step": "attack",
                                 "maneuver": "maneuvering", "order": order, "priced": price, "forced": None,
                                 "why": [rules.declaration_why(fid, order, price)],
                                 "rule": ["4.4", "4.6", "5.4.3 M53", "L681"], "defaults": ["A-09"]}, cause=seq)


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
        emit_effect(ctx, x, "maneuvering", me.id, changes, why, ["5.4.3 M53", "L681", "4.4"])


def banned(group: Fight, fid: str, target: str) -> list[str]:
    """L681: `target` out-maneuvered `fid` in the exchange before: no attack on him now."""
    f = group.fighter(fid)
    if pools.now(f, "outmaneuvered", group.round, group.exchange, ref=target):
        return [check.problem("condition_failed", "5.4.3 M53, L681", f"{target} out-maneuvered {fid} in the "
                              f"exchange before: {fid} cannot attack {target} in this exchange")]
    return []
