"""The maneuvers that change the order of the blows: Countertime (M08, L275–278), rolled against the opponent's
attack roll, and Sudden attack (M33, L503–507), an interception roll deciding whose blow lands first. Both resolve
two queue items together (resolve.resolve_exchange hands them here)."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import data, dice
from replay.rulesets.skirmish.maneuvers.attack import BLOWS, countertime_conditions, countertime_extras, row_difficulty
from replay.rulesets.skirmish.maneuvers.base import (
    Move,
    Problems,
    checked,
    emit_effect,
    faces,
    problem,
    register,
)
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions


def countertime(ctx: Any, x: int, ct: Any, enemy: Any, options: SkirmishOptions) -> list[dict[str, Any]]:
    """M08 (L278): each countertime success cancels one success of the enemy attack; the higher lands with the
    difference as final successes; a tie: both fail. `ct` and `enemy` are queue items (resolve.Item)."""
    from replay.rulesets.skirmish.resolve import counted_roll, deal_hit, emit, roll_why

    state = ctx.state
    a, e = ct.attack, enemy.attack
    ra, cut_a = counted_roll(state, a, ct.attack_roll, options)
    re_, cut_e = counted_roll(state, e, enemy.attack_roll, options)
    ea, ee = max(0, ra.net - a.priced["required_extra"]), max(0, re_.net - e.priced["required_extra"])
    winner = "attack" if ea > ee else "defence" if ee > ea else None
    final = abs(ea - ee)
    res = dice.Opposed(ea, ee, winner, final)
    verdict = {"attack": f"{a.actor}'s countertime lands, final {final}; {e.actor}'s attack fails",
               "defence": f"{e.actor}'s attack lands, final {final}", None: "tie: both fail (L278)"}[winner]
    emit(ctx, "clash", {"exchange": x, "attacker": a.actor, "target": a.order["target"], "maneuver": a.maneuver,
                        "defence": {"actor": e.actor, "maneuver": e.maneuver}, "attack_roll": ra.to_json(),
                        "defence_roll": re_.to_json(), "reduced": {"attack": cut_a, "defence": cut_e},
                        "required_extra": a.priced["required_extra"], "mode": options.extra_success_mode,
                        "opposed": res.to_json(), "why": [roll_why(a, ra, cut_a), roll_why(e, re_, cut_e),
                                                          f"countertime {ea} vs attack {ee} → {verdict} (M08, L278)"],
                        "rule": ["5.4.1 M08", "L275-278"], "defaults": ["A-01", "A-02", "A-03", "A-04"]},
         cause=ct.attack_roll.seq or None)
    if winner == "attack":
        deal_hit(ctx, x, a, final, options)
    elif winner == "defence":
        deal_hit(ctx, x, e, final, options)
    return [{"attack": a, "defence": None, "winner": winner and ("attack" if winner == "attack" else "defence"),
             "final": final, "countertime": True},
            {"attack": e, "defence": None, "winner": "attack" if winner == "defence" else None, "final": final}]


TIE_RULINGS = ("against", "strike")
"""The GM's ruling on a countertime declared at equal initiative (CP-50): rolled against the opponent's attack as M08
(A-31's reading), or an ordinary blow simultaneous with it."""


def at_tie(ctx: Any, x: int, items: list[Any]) -> tuple[list[tuple[Any, Any]], list[Any]]:
    """M08 at equal initiative (L275 «или равной инициативы (одновременный удар)», A-31, CP-50): declared blind, a
    countertime meets an attack its declarer could not see; the GM rules how it resolves (the request `countertime_tie`,
    no default applied). Returns the (countertime, enemy attack) pairs ruled "against" and the items left to the
    simultaneous group. Without an enemy attack it is an ordinary strike (A-31): nothing to ask."""
    pairs, rest, taken = [], [], set()
    for it in items:
        if id(it) in taken or it.attack.maneuver != "countertime":
            continue
        enemy = next((o for o in items if o is not it and id(o) not in taken and o.attack.actor ==
                      it.attack.order.get("target") and o.attack.order.get("target") == it.attack.actor
                      and o.attack.maneuver != "countertime"), None)
        if enemy is None:
            continue
        a, e = it.attack, enemy.attack
        ruled, _ = ctx.ask("countertime_tie", actor=None, options=list(TIE_RULINGS), default="against",
                           what=f"{a.actor}'s countertime at equal initiative meets {e.actor}'s {e.maneuver}, which "
                                f"he could not see (a simultaneous blow): the GM rules (CP-50): \"against\" — rolled "
                                "against it, each success cancelling one (M08, L278; A-31), or \"strike\" — an "
                                "ordinary blow, simultaneous with it", exchange=x, attacker=a.actor)
        emit_effect(ctx, x, "countertime", a.actor, [],
                    [f"the GM rules {a.actor}'s countertime at equal initiative " + (
                        f"is rolled against {e.actor}'s attack (CP-50, A-31)" if ruled == "against" else
                        f"is an ordinary blow, simultaneous with {e.actor}'s (CP-50)")], ["5.4.1 M08", "L275", "CP-50"],
                    ["A-31"] if ruled == "against" else [])
        if ruled == "against":
            pairs.append((it, enemy))
            taken |= {id(it), id(enemy)}
    rest = [it for it in items if id(it) not in taken]
    return pairs, rest


def sudden_tn(actor: Fighter, other: Fighter) -> int:
    """M33 (L505): %6 if the opponent's Reflex is higher, %5 equal, %4 lower."""
    theirs, mine = other.char("reflex"), actor.char("reflex")
    return 6 if theirs > mine else 5 if theirs == mine else 4


def sudden(ctx: Any, x: int, it: Any, options: SkirmishOptions) -> list[dict[str, Any]]:
    """M33 (L503–507): the interception roll (the activation's reflex dice) against the opponent's free Body Language
    by Empathy at %5; more successes: your blow comes first and cannot be defended; otherwise it lands after the
    opponent's. Both blows are then resolved undefended, in that order."""
    from replay.rulesets.skirmish.resolve import Item, compare, strike

    state = ctx.state
    sa, enemy = it.defence, it.attack
    me, other = state.fighter(sa.actor), state.fighter(enemy.actor)
    tn = sudden_tn(me, other)
    n = int(sa.order.get("intercept", 1))
    key = {"exchange": x, **sa.priced.get("answer_key", {})}  # a melee group: keyed by the attack it answers too
    ri, rb = ctx.need_rolls([
        (f"{n}d{options.pool_die_sides}", me.id, "interception", key,
         f"interception roll of {me.id} (sudden attack, %{tn})"),
        (f"{max(1, other.skill('body_language') + other.char('empathy'))}d{options.pool_die_sides}", other.id,
         "body_language", key, f"Body Language by Empathy of {other.id} against the sudden attack (%5)")])
    ci = dice.count(ri.payload["result"], tn, ones_cancel=options.ones_cancel_successes)
    cb = dice.count(rb.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    first = ci.net > cb.net
    emit_effect(ctx, x, "sudden_attack", me.id, [checked(me.id, "interception", ci), checked(other.id,
                                                                                          "body_language", cb)],
                [f"sudden attack: interception {faces(ci)} vs {other.id} Body Language {faces(cb)} → "
                 + (f"{me.id} strikes first, undefended" if first else f"{me.id}'s blow lands after {other.id}'s")
                 + " (M33, L505-507)"], ["5.4.2 M33", "L503-507"])
    counter = Declared(sa.actor, x, "attack", "sudden_attack", {**sa.order, "target": enemy.actor},
                       {**sa.priced, "initiative": "none"})
    order = [(counter, it.defence_roll), (enemy, it.attack_roll)]
    if not first:
        order.reverse()
    outs = []
    for decl, roll in order:
        if ctx.state.result is not None:
            break
        item = Item(decl, None, roll, None)
        outs.append(strike(ctx, x, item, compare(ctx.state, item, options), options))
    if first:
        outs.append({"attack": sa, "defence": None, "winner": None, "init": {me.id: "gain"}})
    return outs


def sudden_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    if not isinstance(order.get("intercept"), int) or order["intercept"] < 1:
        out.append(problem("condition_failed", "5.4.2 M33, L505", "intercept: at least 1 reflex point for the "
                           "interception roll"))
    if order.get("attack_type") not in (*BLOWS, "cut"):
        out.append(problem("condition_failed", "5.4.2 M33, L507", "attack_type: the blow (thrust, chop, slash, "
                           "crush)"))
    if order.get("zone") not in data.body()["declared"]:
        out.append(problem("zone_not_allowed", "5.4.2 M33", "zone: where the sudden attack strikes"))
    return out


register(
    Move("countertime", difficulty=row_difficulty(), conditions=countertime_conditions, extras=countertime_extras,
         opposed_by=None),
    Move("sudden_attack", difficulty=row_difficulty(), conditions=sudden_conditions,
         activation=lambda s, a, o: int(o.get("intercept", 1)) if isinstance(o.get("intercept"), int) else 1),
)

