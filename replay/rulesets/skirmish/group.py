"""A melee of several fighters on the field (spec 4.4, PROPOSED generalisation; A-09): a melee group's round.

The group's order is the general initiative chain (4.1, L18; a defender without a slot counts lowest): attack
declarations in ascending order (equal slots in one step), then defence declarations in ascending order, each defence
naming the attack it answers (`answers`), the defender's one pool split among them; resolution attack by attack in
descending order, each attack and the defence answering it by part 1's arithmetic (`resolve.compare`,
`resolve.strike`) on the two fighters concerned. The distance of two fighters in a group is the longer of their
weapons (4.2, L129: a normal approach), and the chain is not changed by the exchanges (no 5.3 update in a group).

Every die is a recorded roll and every declaration an order: a defence order is keyed by exchange, step and the
attacker it answers; its roll by exchange and `answers`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft, Event
from replay.context import Context, MissingInput, Request, Waiting, freeze
from replay.rulesets.skirmish import (
    check,
    costs,
    data,
    feint,
    formation,
    group_grapple,
    initiative,
    maneuvering,
    melee_group,
    pools,
    sweep,
)
from replay.rulesets.skirmish import resolve as rules
from replay.rulesets.skirmish.battle import PAIR_SEP, Battle, Pair, on_the_field
from replay.rulesets.skirmish.maneuvers import counters, transfer
from replay.rulesets.skirmish.maneuvers.base import check_with, reactive, reactive_dice
from replay.rulesets.skirmish.model import Declared, Fight, SkirmishOptions

REFUSED: dict[str, tuple[str, str]] = {
    "countertime": ("4.4, M08", "it answers the attack of a pair's other fighter on your own or equal combat "
                    "initiative (L275), and a melee group has no combat initiative (its order is the general chain)"),
    "beat": ("4.4, M16", "its effect sets a pair's distance (CP-17), and a melee group keeps one distance per pair, "
             "the longer weapon (4.2, L129)"),
    "bluff": ("4.4, M17", "its effect is the combat initiative of the next exchange, which a melee group does not "
              "have (its order is the general chain)"),
    "disorientation": ("4.4, M18", "its effect is the combat initiative of the next exchange, which a melee group "
                       "does not have (its order is the general chain)"),
    "delayed_defence": ("4.4, M38", "it is played on a pair's higher combat initiative (L546), and a melee group has "
                        "no combat initiative (its order is the general chain)"),
    "arrow_evasion": ("4.4, M46", "its effect sets a pair's distance (CP-17), and a melee group keeps one distance "
                      "per pair, the longer weapon (4.2, L129)"),
    "shield_push": ("4.4, M57", "its effect sets a pair's distance (CP-17), and a melee group keeps one distance per "
                    "pair, the longer weapon (4.2, L129)"),
}
"""The maneuvers a melee group refuses, each with its rule and why: those whose effect is a pair's combat initiative or
distance (a group has neither: its order is the general chain, its distance per pair the longer weapon), and those
NOT YET played in a group. Every other melee maneuver of part 1 is played on the two fighters it concerns (a grapple
per pair of the group's fighters, group_grapple.py)."""


def refusal(m: str) -> tuple[str, str] | None:
    """(rule, why) of a maneuver a melee group does not play, None for one it plays."""
    return REFUSED.get(m)


DRAW_INSTEAD = ("quick_draw: declare the draw with the maneuver it arms: draw: WEAPON on your attack or defence "
                "(M50, L646; a weapon longer than short drawn from its scabbard strikes only with its hilt that "
                "exchange, hilt: true, L648), or a pass with draw when no reflex points are left (L650)")
"""M50 in a melee group as in a pair: the draw is a field of the declaration it arms (4.4 «free-standing»), never a
maneuver of its own (part 1 prices none); the refusal says what to write."""


def refused(m: str) -> list[str]:
    if m == "quick_draw":
        return [check.problem("condition_failed", "4.4, M50", DRAW_INSTEAD)]
    why = refusal(m)
    return [] if why is None else [check.problem("condition_failed", why[0], f"{m}: not played in a melee of "
                                                 f"several fighters: {why[1]}")]


# --- the group's order -------------------------------------------------------------------------------------------

def levels(battle: Battle, ids: tuple[str, ...]) -> dict[str, int]:
    """Each fighter's place in the general initiative chain (4.1): its net successes; a defender who skipped the roll
    (L18) or a fighter without a slot counts −1 (he declares first and acts after the attacks aimed at him)."""
    chain = dict(battle.chain)
    return {i: -1 if chain.get(i) is None else int(chain[i]) for i in ids}  # type: ignore[arg-type]


def view(group: Fight, a: str, b: str, declared: tuple[Declared, ...] = ()) -> Fight:
    """Fighters `a` and `b` of the group as a part 1 fight: `a` holds initiative, the distance is the longer weapon
    (4.2, L129), with the declarations that concern them."""
    fa, fb = group.fighter(a), group.fighter(b)
    lengths = [costs.weapon_length(f.weapon) if f.weapon else "hand" for f in (fa, fb)]
    others = {f.cell for f in group.fighters if f.id not in (a, b) and not f.out}  # M22 (L418, L421): in the way
    grapple = group_grapple.between(group, a, b)  # 5.8: the pair's grapple, at hand distance (L723)
    return replace(group, fighters=(fa, fb), holder=a, distance="hand" if grapple else max(lengths,
                   key=data.length_index), declared=declared, grapple=grapple, grapples=(),
                   obstacles=tuple(sorted(set(group.obstacles) | others)))


def in_view(ctx: Context, seen: Fight, act: Callable[[Context], Any], keep_phase: bool = False) -> Any:
    """Run part 1's `act` on a view of two fighters; its events fold into the group too (`keep_phase`: in the group's
    step, whatever step part 1's procedure names)."""
    from replay.rulesets.skirmish.evolve import evolve as fight_evolve

    sub = Context(ctx.recorded, seen, fight_evolve, ctx.game, phase=ctx.phase, used=ctx.used, asked=ctx.asked,
                  _taken=ctx._taken)
    try:
        return act(sub)
    finally:
        for d in sub.drafts:
            ctx.emit(replace(d, phase=ctx.phase) if keep_phase else d)


def attacks_on(group: Fight, fid: str) -> list[Declared]:
    """The attacks aimed at `fid` that he answers with a defence (not those a free check or the actor's own check
    settles, 5.4)."""
    return [d for d in group.declared if d.step == "attack" and d.maneuver != "pass" and not d.priced.get("failed")
            and sweep.aimed_at(d, fid) and answerable(d)]


def answerable(att: Declared) -> bool:
    """An attack its target answers with a defence: not one settled by the actor's own check (M53 standing up, M55
    Assess, M58 Demoralization) nor by the target's free check (M21 Weapon trip's reactive check)."""
    return not rules.own_check(att) and rules.opposed_by(att) is None


def targetless(order: dict[str, Any]) -> bool:
    """M53 standing up (L683), maneuvering against several opponents (L681) or freeing a caught weapon (M44, L605), or
    a Grip change (M56) declared alone: at no one."""
    return order.get("maneuver") in ("maneuvering", "grip_change")


def foe(group: Fight, fid: str) -> str:
    """The enemy a declaration at no one is seen with (part 1's fight is two fighters): the first still standing."""
    side = group.fighter(fid).side
    enemies = [f for f in group.fighters if f.side != side]
    return next((f.id for f in enemies if not f.out), enemies[0].id)


def attacked(group: Fight, fid: str) -> bool:
    """He attacked this exchange (A-09: no defence as well), unless with an Attack with defence (M01, L234-238)."""
    return any(d.actor == fid and d.step == "attack" and d.maneuver != "pass" and not d.order.get("with_defence")
               for d in group.declared)


def defences_of(group: Fight, fid: str) -> list[Declared]:
    return [d for d in group.declared if d.actor == fid and d.step == "defence" and d.maneuver != "pass"]


# --- the round ---------------------------------------------------------------------------------------------------

def melee_round(ctx: Context, pid: str, turn: int, options: SkirmishOptions) -> None:
    """The group's round on its own fight; its events carry the group in their phase (like a pair's)."""
    from replay.rulesets.skirmish.evolve import evolve as fight_evolve

    pair = next(p for p in ctx.state.pairs if p.id == pid)
    order = levels(ctx.state, pair.fight.ids)
    led = maneuvering.leaders(ctx.state, pair.fight)
    fight = on_the_field(ctx.state, pair)  # M53 (L679): a maneuverer's move meets the field's fighters and terrain
    sub = Context(ctx.recorded, fight, fight_evolve, ctx.game, used=ctx.used, asked=ctx.asked,
                  _taken=ctx._taken)
    try:
        group_round(sub, order, ctx.state.grid, turn, options, led)
    finally:
        for d in sub.drafts:
            ctx.emit(replace(d, phase=f"{pid}{PAIR_SEP}{d.phase or 'initiative'}"))
    fled(ctx, sub.drafts)
    maneuvering.arrivals(ctx, pid, sub.drafts)  # M53 (L681, L102): an enemy outside who did not avoid it joins


def fled(ctx: Context, drafts: list[Draft]) -> None:
    """M45 (L616, CP-19): a Retreat declared as part of fleeing the battlefield that took its fighter out of the
    group takes him off the field too (from the field's edge, as a pair's)."""
    fleeing = {(d.payload["actor"], d.payload["exchange"]) for d in drafts if d.type == rules.R + "declared"
               and d.payload.get("maneuver") == "retreat" and (d.payload.get("order") or {}).get("flee") is True}
    for d in drafts:
        if d.type != rules.R + "exchange_ended":
            continue
        for fid in d.payload.get("retreated") or ():
            if (fid, d.payload["exchange"]) not in fleeing:
                continue
            cell = ctx.state.fighter(fid).cell
            rules.emit(ctx, "fled", {"fighter": fid, "exchange": d.payload["exchange"], "cell": list(cell),
                                     "why": [f"{fid}'s retreat out of the melee was declared as fleeing: he leaves "
                                             f"the battlefield from ({cell[0]}, {cell[1]}) (M45, L616, CP-19)"],
                                     "rule": ["5.4.2 M45", "L616", "1.2.6", "CP-19"]})


def group_round(ctx: Context, order: dict[str, int], grid_name: str, turn: int, options: SkirmishOptions,
                led: dict[str, tuple[str, int]] | None = None) -> None:
    ctx.set_phase("initiative")
    rules.round_start(ctx, turn, options)
    for x in (1, 2):
        if ctx.state.result is not None:
            break
        exchange(ctx, x, order, grid_name, options, led)
        melee_over(ctx)  # L620, 6.5: the last of a side out or retreated ends the melee at once, as a pair's does
    ctx.set_phase("end")  # the round's bleeding still runs its course (6.5 step 10), the melee over or not
    rules.round_end(ctx, options, over=melee_over if ctx.state.result is None else lambda _: None)


def melee_over(ctx: Context) -> None:
    """4.4 (our reading, docs/skirmish.md): the melee of several fighters ends only when one side has no one standing
    in it, and then at once, after the exchange that left it so (L620: «после успешного отступления … схватка
    завершается»; a fall ends a pair's melee after its exchange too); a fighter out while both sides still stand
    leaves the group at the field round's end (battle_round)."""
    out = [f.id for f in ctx.state.fighters if f.out or f.id in ctx.state.retreated]
    if not out or len(sides_standing(ctx.state)) > 1:
        return
    standing = [f.id for f in ctx.state.fighters if not f.out and f.id not in ctx.state.retreated]
    gone = [i for i in out if i in ctx.state.retreated]
    rules.emit(ctx, "fight_ended", {"winner": standing[0] if len(standing) == 1 else None,
                                    "out": {i: ctx.state.fighter(i).status for i in out},
                                    "why": [f"{', '.join(out)} out: the melee of several fighters is over; standing: "
                                            + (", ".join(standing) or "none") + " (4.4)",
                                            *([f"{', '.join(gone)} retreated out of the melee (M45, L620)"]
                                              if gone else [])],
                                    "rule": ["6.5", "4.4"], "defaults": ["sample_v1"]})


def sides_standing(group: Fight) -> set[str]:
    """The sides that still have a fighter standing in the group."""
    return {f.side for f in group.fighters if not f.out and f.id not in group.retreated}


def exchange(ctx: Context, x: int, order: dict[str, int], grid_name: str, options: SkirmishOptions,
             led: dict[str, tuple[str, int]] | None = None) -> None:
    order = {i: n for i, n in order.items() if i not in ctx.state.retreated}  # M45 (L620): out of the group's round
    attack_steps, defence_steps, resolution = initiative.melee_declaration_order(order)
    ctx.set_phase(f"x{x}.s1")
    rules.emit(ctx, "exchange_started", {"exchange": x, "holder": None, "why": [
        f"exchange {x}: several fighters in one melee: attacks declared lowest initiative first ("
        + ", ".join("=".join(s) for s in attack_steps) + "), then defences in the same order, each naming the attack "
        "it answers; resolution highest first (" + ", ".join(resolution) + ")"],
        "rule": ["4.3", "4.4"], "defaults": ["A-09"]})
    n = 1
    for ids in attack_steps:
        ctx.set_phase(f"x{x}.s{n}")
        attack_step(ctx, x, ids, options, led, grid_name)
        n += 1
    for ids in defence_steps:
        ctx.set_phase(f"x{x}.s{n}")
        defence_step(ctx, x, ids, grid_name, options)
        n += 1
    ctx.set_phase(f"x{x}.s{n}")
    feints(ctx, x, order, options)
    transfer.invoke(ctx, x, options, defended=lambda att: transfer_defended(ctx, att))
    ctx.set_phase(f"x{x}.resolve")
    outcomes = resolve_attacks(ctx, x, order, options)
    transfer.settle(ctx, x, outcomes, group=True)
    rules.knockouts(ctx, x, options)
    rules.extra_fatigue(ctx, x, options)
    group_grapple.loosen(ctx, x)
    # a grip change, standing up or a Break free (M73, L888: a roll against the hold, no blow at the partner) is no
    # attack
    struck = [o for o in outcomes if o.get("attack") is not None and not targetless(o["attack"].order)
              and o["attack"].maneuver != "break_free"]
    hits = sum(1 for o in struck if o.get("winner") == "attack")
    count = f"{hits} of {len(struck)} attacks hit" if struck else "no attacks this exchange"
    gone = retreats(ctx.state, outcomes)
    payload: dict[str, Any] = {"exchange": x, "flags": {}, "holder_before": None, "holder": None, "reroll": False,
                               "distance": None,
                               "why": [f"exchange {x} over: {count}; the group's order stays the general "
                                       "initiative chain (4.4)"],
                               "rule": ["4.4"]}
    passed = {str(o["ends_melee"]) for o in outcomes if o.get("ends_melee")}
    if gone:
        payload |= {"retreated": gone, "rule": ["4.4", "5.4.2 M45", "L620"] + (["M22", "L423"] if passed else []),
                    "defaults": ["A-09"],
                    "why": [*payload["why"], *(f"{fid} passes out of the melee as a successful retreat would: he takes "
                                               "no further part in it and leaves it at the round's end (M22, L423, "
                                               "L620)" if fid in passed else
                                               f"{fid} retreats out of the melee: he takes no further part in it and "
                                               "leaves it at the round's end (M45, L620)" for fid in gone)]}
    rules.emit(ctx, "exchange_ended", payload)


def transfer_defended(ctx: Context, att: Declared) -> int | None:
    """M15 (CP-15) in a melee group: the first defence declaration of exchange 1 answering `att` (its target's own, a
    Retreat of his answering another attack, L616, or a protector's, M37), whose seq the commitment must precede."""
    target = att.order.get("target")
    seqs = [e.seq for e in ctx.recorded.orders_of(str(target)) if e.payload.get("exchange") == 1
            and e.payload.get("step") == "defence" and e.payload.get("maneuver") != "pass"
            and (e.payload.get("answers") == att.actor or e.payload.get("maneuver") == "retreat")]
    seqs += [e.seq for fid in ctx.state.ids if fid != target for e in ctx.recorded.orders_of(fid)
             if e.payload.get("exchange") == 1 and e.payload.get("step") == "defence"
             and e.payload.get("maneuver") == "protect_ally" and e.payload.get("answers") == att.actor]
    return min(seqs, default=None)


def transfer_target(group: Fight, fid: str) -> str | None:
    """M15 phase 2 in a melee group (PROPOSED): the fighter whose defence loses dice against `fid`'s phase-2 blow, the
    target of his phase 1."""
    return next((f.id for f in group.fighters for e in pools.now(f, "defence_lost_dice", group.round, group.exchange)
                 if e.ref == f"M15:{fid}"), None)


def retreats(group: Fight, outcomes: list[dict[str, Any]]) -> list[str]:
    """M45 (L616, L620) in a melee group (PROPOSED): the fighters whose one Retreat roll beat every attack aimed at
    them this exchange and who still stand, and those whose Pass (M22) ended the melee as a retreat would (L423)."""
    out = [str(o["ends_melee"]) for o in outcomes if o.get("ends_melee") and not group.fighter(o["ends_melee"]).out]
    for d in group.declared:  # M22 (L423): a pass that ends the melee takes him out as a successful retreat would
        if d.step != "defence" or d.maneuver != "retreat" or d.priced.get("failed") or group.fighter(d.actor).out:
            continue
        faced = [o for o in outcomes if o.get("defence") is not None and o["defence"].actor == d.actor
                 and o["defence"].maneuver == "retreat"]
        if faced and all(o.get("winner") == "defence" for o in faced) and d.actor not in out:
            out.append(d.actor)
    return out


# --- declarations ------------------------------------------------------------------------------------------------

def feints(ctx: Context, x: int, order: dict[str, int], options: SkirmishOptions) -> None:
    """M14 (L336-349, C5) in a melee group: after the defences, in the resolution order, each attacker whose basic
    attack is answered by its target's own parry (or counterattack, knock-aside) may invoke a feint: part 1's step 5
    on the two fighters (the choice `feint`, the target's free Body Language check, his new defence, an order with
    step `after_feint` that names the attack it answers, `answers`)."""
    _, _, resolution = initiative.melee_declaration_order(order)
    for fid in resolution:
        att = next((d for d in ctx.state.declared if d.actor == fid and d.step == "attack" and d.maneuver in
                    costs.BASIC_ATTACKS and not d.priced.get("failed") and not sweep.further(d)), None)
        if att is None:
            continue
        target = str(att.order["target"])
        dfn = next((d for d in ctx.state.declared if d.actor == target and d.step == "defence"
                    and d.order.get("answers") == fid and d.maneuver in feint.ANSWERS
                    and not d.priced.get("protects")), None)
        if dfn is None:
            continue
        seen = view(ctx.state, fid, target, (att, dfn))
        in_view(ctx, seen, lambda sub: feint.invoke(sub, x, options, rules.emit, rules.declared), keep_phase=True)


def attack_step(ctx: Context, x: int, ids: list[str], options: SkirmishOptions,
                led: dict[str, tuple[str, int]] | None = None, grid_name: str = "square") -> None:
    asked = [fid for fid in ids if rules.can_declare(ctx.state, fid)]
    orders = rules.need_declarations(ctx, asked, x, "attack")
    for fid in ids:
        if fid not in asked:
            rules.declared(ctx, fid, {"exchange": x, "step": "attack", "maneuver": "pass"}, None,
                           forced="cannot act", options=options)
            continue
        event = orders[fid]
        problems = declaration_problems(ctx.state, fid, event.payload, options, grid_name)
        if problems:
            raise MissingInput(f"turn {ctx.turn}: {fid}'s attack declaration at seq {event.seq}: "
                               + "; ".join(problems))
        declare(ctx, fid, event.payload, event.seq, options, led)


def defence_step(ctx: Context, x: int, ids: list[str], grid_name: str, options: SkirmishOptions) -> None:
    """Each defender answers every attack aimed at him, one order per attack (`answers`); a defender who attacked this
    exchange (A-09) or cannot act is not asked."""
    once = options.one_action_per_exchange
    for fid in ids:  # recorded as part 1 records it, a forced pass of the defence step
        if once and rules.can_declare(ctx.state, fid) and attacked(ctx.state, fid) and attacks_on(ctx.state, fid):
            rules.declared(ctx, fid, {"exchange": x, "step": "defence", "maneuver": "pass"}, None,
                           forced="attacked this exchange (A-09)", options=options)
    asks = [(fid, att.actor) for fid in ids if rules.can_declare(ctx.state, fid)
            and not (once and attacked(ctx.state, fid))
            for att in attacks_on(ctx.state, fid) if answered_by(ctx.state, sweep.turned(att, fid)) is None]
    asks += [(fid, att.actor) for fid in ids for att in protectable(ctx.state, grid_name, fid, once)]
    asks.sort(key=lambda ask: not retreat_named(ctx, x, *ask))  # M45 (L616): his Retreat first, whichever it names
    missing = []
    for fid, attacker in asks:  # each defence is declared as soon as its order is there: the next one is checked
        att = next(d for d in ctx.state.declared if d.actor == attacker and d.step == "attack")
        if retreating(ctx.state, fid) or not sweep.aimed_at(att, fid) and not allies_in(ctx.state, fid, att):
            continue  # M45 (L616): a Retreat answers every attack on its fighter, and no one protects him from it
        try:  # against what is left of the defender's pool (4.4: one pool split among the defences)
            event = need_defences(ctx, [(fid, attacker)], x)[(fid, attacker)]
        except Waiting as w:
            missing.extend(w.requests)
            continue
        problems = declaration_problems(ctx.state, fid, event.payload, options, grid_name)
        if problems:
            raise MissingInput(f"turn {ctx.turn}: {fid}'s defence against {attacker} at seq {event.seq}: "
                               + "; ".join(problems))
        declare(ctx, fid, event.payload, event.seq, options)
    if missing:
        raise Waiting(requests=missing)


def retreat_named(ctx: Context, x: int, fid: str, attacker: str) -> bool:
    """M45 (L616): `fid`'s recorded Retreat of exchange `x` names `attacker`'s attack (it answers all the others too,
    so it is taken before them)."""
    found = ctx.recorded.order_for(fid, exchange=x, step="defence", answers=attacker)
    return found is not None and found.payload.get("maneuver") == "retreat"


def answered_by(group: Fight, att: Declared) -> Declared | None:
    """The defence already declared against `att` (its target's own or a protector's, M37)."""
    target = att.order.get("target")
    retreat = next((d for d in group.declared if d.step == "defence" and d.maneuver == "retreat"
                    and d.actor == target), None)
    if retreat is not None:  # M45 (L616): one retreat roll works against all melee opponents
        return retreat
    return next((d for d in group.declared if d.step == "defence" and d.maneuver != "pass"
                 and d.order.get("answers") == att.actor
                 and (d.actor == att.order.get("target") or d.order.get("maneuver") == "protect_ally"
                      and d.priced.get("protects") == att.order.get("target"))), None)


def retreating(group: Fight, fid: str) -> bool:
    """M45 (L616): `fid` declared a Retreat this exchange (it answers every attack aimed at him)."""
    return any(d.actor == fid and d.step == "defence" and d.maneuver == "retreat" for d in group.declared)


def protectable(group: Fight, grid_name: str, fid: str, once: bool = True) -> list[Declared]:
    """M37 (L540): the attacks on `fid`'s allies that `fid` may answer with Protect ally (each turned on the ally he
    would protect): his cell touches both the attacker's and the victim's, he did not attack this exchange (A-09),
    and no defence answers it yet. A sweep's further target (M09/M10) or a synchronous attack's second (M24) may be
    protected too: the rulebook does not forbid it (L540-542)."""
    if not rules.can_declare(group, fid) or once and attacked(group, fid):
        return []
    out = []
    for att in group.declared:
        if att.step != "attack" or att.maneuver == "pass" or att.priced.get("failed") or not answerable(att) \
                or att.order.get("target") is None or sweep.aimed_at(att, fid) or group_grapple.in_hold(group, att):
            continue  # a sweep that comes at him too: he answers it for himself; a hold is no blow to protect from
        ally = ally_in(group, fid, att, grid_name)
        if ally is not None:
            out.append(sweep.turned(att, ally))
    return out


def allies_in(group: Fight, fid: str, att: Declared) -> list[str]:
    """The attack's targets `fid` may protect now (an open attack on an ally)."""
    return [t for t in [str(att.order["target"]), *sweep.further(att)] if ally_in(group, fid, att, want=t)]


def ally_in(group: Fight, fid: str, att: Declared, grid_name: str | None = None, want: Any = None,
            open_only: bool = True) -> str | None:
    """The first of the attack's targets (the first, then a sweep's further ones) who is an ally of `fid` that he may
    protect (beside both, L540, when `grid_name` is given; `want` if named) and, with `open_only`, whose attack no
    defence answers yet."""
    if group_grapple.partner(group, fid) is not None:  # a grappler steps into no ally's cell (L723, L540, PROPOSED)
        return None
    side = group.fighter(fid).side
    for t in [str(att.order["target"]), *sweep.further(att)]:
        if t == fid or t not in group.ids or group.fighter(t).side != side or want is not None and t != want:
            continue
        turned = sweep.turned(att, t)
        if grid_name is not None and protect_problems(group, grid_name, fid, turned):
            continue
        if not open_only or answered_by(group, turned) is None:
            return t
    return None


def protect_problems(group: Fight, grid_name: str, fid: str, att: Declared) -> list[str]:
    """M37's condition (L540): the protector's cell touches both the attacker's and the victim's cells."""
    from replay.rulesets.skirmish import field as grid

    f, a = group.fighter(fid), group.fighter(att.actor)
    v = group.fighter(str(att.order["target"]))
    far = [o for o in (a, v) if grid.distance(grid_name, f.cell, o.cell) > 1]  # a partner shares the cell (5.12)
    return [check.problem("condition_failed", "5.4 M37", f"{fid}'s cell ({f.cell[0]}, {f.cell[1]}) does not touch "
                          f"{o.id}'s ({o.cell[0]}, {o.cell[1]}): Protect ally needs the protector beside both the "
                          "attacker and the ally (L540)") for o in far]


def need_defences(ctx: Context, asks: list[tuple[str, str]], x: int) -> dict[tuple[str, str], Event]:
    """The defence order of each (defender, attacker): keyed by exchange, step and `answers`; waits for every missing
    one at once."""
    found, missing = {}, []
    for fid, attacker in asks:
        key = {"exchange": x, "step": "defence", "answers": attacker}
        att = next(d for d in ctx.state.declared if d.actor == attacker and d.step == "attack")
        own = sweep.aimed_at(att, fid)  # a sweep's further target answers it for himself
        allies = [] if own else allies_in(ctx.state, fid, att)
        what = f"defence declaration against {attacker}'s attack, exchange {x} (answers: {attacker}; pass to take " \
            "it undefended)" if own else f"Protect ally (M37): {allies[0]} is attacked by {attacker}, exchange " \
            f"{x} (maneuver protect_ally, as knock_aside, weapon_block or shield_block, answers: {attacker}; or pass)" \
            if len(allies) < 2 else f"Protect ally (M37): {' and '.join(allies)} are attacked by {attacker}, " \
            f"exchange {x} (maneuver protect_ally, as knock_aside, weapon_block or shield_block, answers: " \
            f"{attacker}, ally: the one protected; or pass)"
        if not own and len(allies) == 1 and formation.covers(ctx.state, fid, allies[0]):  # 5.12 (L1189): a partner
            ally = allies[0]
            what = f"Cover your partner {ally} (5.12, L1189: no Protect ally activated, no +1): {ally} is attacked " \
                f"by {attacker}, exchange {x} (maneuver protect_ally, as knock_aside, weapon_block or shield_block, " \
                f"answers: {attacker}; or pass)"
        req = Request("order", fid, "order", freeze(key), what=what, phase=ctx.phase)
        mine = [e for e in ctx.recorded.orders_of(fid) if all(e.payload.get(k) == v for k, v in key.items())]
        if not mine:
            missing.append(req)
            continue
        found[(fid, attacker)] = mine[-1]
        ctx.used.add(mine[-1].seq)
    if missing:
        ctx.asked.extend(missing)
        raise Waiting(requests=missing)
    return found


def declare(ctx: Context, fid: str, order: dict[str, Any], seq: int | None, options: SkirmishOptions,
            led: dict[str, tuple[str, int]] | None = None) -> None:
    """The declaration priced by part 1 on the two fighters it concerns; Maneuvering asks the side's leader's Tactics
    check first (L681), once a round."""
    if order.get("maneuver") == "protect_ally":
        protect(ctx, fid, order, seq, options)
        return
    if order.get("maneuver") == "pass":
        rules.declared(ctx, fid, order, seq, forced=None, options=options)
        return
    if maneuvering.moving(order):
        maneuvering.declare(ctx, pair_view(ctx.state, fid, order), fid, order, seq, options, led)
        return
    in_view(ctx, pair_view(ctx.state, fid, order), lambda sub: rules.declared(sub, fid, order, seq, forced=None,
                                                                              options=options))


def pair_view(group: Fight, fid: str, order: dict[str, Any]) -> Fight:
    """The declaration's two fighters: an attack's actor and target; a defence's defender and the attacker it answers
    (with that attack and the defender's own declarations of this exchange)."""
    if order.get("step") == "attack":
        other = foe(group, fid) if targetless(order) else str(order.get("target"))
        seen = view(group, fid, other, tuple(d for d in group.declared if d.actor == fid))
        return group_grapple.massed(group, seen, fid, order)
    other = str(order.get("answers"))
    att = tuple(sweep.turned(d, fid) for d in attacks_on(group, fid) if d.actor == other)
    seen = view(group, other, fid, (*att, *(d for d in group.declared if d.actor == fid)))
    return group_grapple.massed(group, seen, fid, order)


def declaration_problems(group: Fight, fid: str, order: dict[str, Any], options: SkirmishOptions,
                         grid_name: str = "square") -> list[str]:
    """4.4 and part 1's checks 4.7 of a declaration in a melee group."""
    out = check.order_format(order)
    if not out and order.get("maneuver") == "pass" and (order.get("draw") or order.get("grip")):
        # M50 (L650), M56 (L703): a pass that draws over the round or changes the grip over the exchange, as in a pair
        return check.declaration(view(group, fid, foe(group, fid), tuple(d for d in group.declared if d.actor == fid)),
                                 fid, order, options)
    if out or order.get("maneuver") == "pass":
        return out
    m = str(order.get("maneuver"))
    sides = {f.id: f.side for f in group.fighters}
    out = refused(m) or group_grapple.problems(group, fid, order, grid_name)
    if out:
        return out
    if order.get("step") == "attack" and maneuvering.moving(order):  # M53 against several opponents (L681)
        return maneuvering.problems(group, fid, order, grid_name)
    if order.get("step") == "attack":
        if targetless(order):  # M53 standing up: a check of his own, no target (L683)
            return check.declaration(pair_view(group, fid, order), fid, order, options)
        out = melee_group.attack_problems(sides, {"actor": fid, "target": order.get("target")})
        gone = [t for t in [order.get("target"), *sweep.further(Declared(fid, 0, "attack", m, order, {}, False))]
                if t in group.retreated]
        if not out and gone:
            out = [check.problem("condition_failed", "4.4, M45", f"{gone[0]} retreated out of this melee (L620): "
                                 "no attack on him in it")]
        phase2 = transfer_target(group, fid)
        if not out and phase2 is not None and order.get("target") != phase2:
            out = [check.problem("condition_failed", "5.4.1 M15, L363, 4.4", f"the transfer feint's phase 2 is "
                                 f"struck at {phase2}, whose defence phase 1 beat, not at {order.get('target')}")]
        if not out and m in sweep.SWEEPS:
            out = sweep.problems(group, fid, order, grid_name)
        elif not out and m == "synchronous_attack":
            out = sweep.synchronous_problems(group, fid, order, grid_name)
        if not out:  # M53 (L681): an enemy who out-maneuvered him in the exchange before
            targets = [str(order["target"]), *sweep.further(Declared(fid, 0, "attack", m, order, {}, False))]
            out = [p for t in targets for p in maneuvering.banned(group, fid, t)]
        if out:
            return out
    elif m == "protect_ally":
        return protect_declaration_problems(group, fid, order, options, grid_name)
    elif m == "retreat" and retreat_problems(group, fid, order):
        return retreat_problems(group, fid, order)
    else:
        answers = order.get("answers")
        attacks = [{"actor": d.actor, "target": t} for d in group.declared
                   if d.step == "attack" and d.maneuver != "pass" for t in [d.order.get("target"), *sweep.further(d)]
                   if not (d.actor == fid and d.order.get("with_defence"))]  # M01: his own attack allows a defence
        if any(d.actor == fid and d.step == "attack" and d.order.get("with_defence") for d in group.declared) and \
                defences_of(group, fid) and m != "pass":
            return [check.problem("step_or_action", "5.4.1 M01, A-09", f"{fid}'s attack with defence has one defence "
                                  f"part, already declared against {defences_of(group, fid)[0].order.get('answers')}")]
        if answers is None:
            return [f"4.4: {fid}'s defence names the attack it answers (answers: the attacker; attacks on {fid}: "
                    + (", ".join(a["actor"] for a in attacks if a["target"] == fid) or "none") + ")"]
        earlier = [{"actor": fid, "answers": d.order.get("answers"), "dice": d.order.get("dice") or {}}
                   for d in defences_of(group, fid)]
        f = group.fighter(fid)
        avail = pools.available(f, group.round, group.exchange)
        spent = (sum(int(d["dice"].get("reflex", 0)) for d in earlier),
                 sum(int(d["dice"].get("skill", 0)) for d in earlier))
        out = [p for p in melee_group.defence_problems(attacks, [*earlier, {"actor": fid, "answers": answers,
                                                                           "dice": order.get("dice") or {}}], fid,
                                                       (avail[0] + spent[0], avail[1] + spent[1]))
               if options.one_action_per_exchange or not p.endswith("(one action per exchange)")]
        if out:
            return out
    return check.declaration(pair_view(group, fid, order), fid, order, options)


def retreat_problems(group: Fight, fid: str, order: dict[str, Any]) -> list[str]:
    """M45 (L616) in a melee group (PROPOSED): one Retreat roll answers every attack aimed at him (a double attack's
    two parts and a blow on several targets too), so it is his only defence this exchange; `towards`, the enemy a
    surrounded retreater moves towards, is one of at least two enemies attacking him."""
    if defences_of(group, fid):
        return [check.problem("condition_failed", "4.4, M45", f"retreat: {fid} already defends this exchange; one "
                              "Retreat roll answers every attack aimed at him (L616), so it is his only defence")]
    towards = order.get("towards")
    if towards is None:
        return []
    attackers = sorted({d.actor for d in attacks_on(group, fid)})
    if towards not in attackers:
        return [check.problem("condition_failed", "4.4, M45, L616", f"towards: {towards!r} is not an enemy attacking "
                              f"{fid} this exchange (" + (", ".join(attackers) or "none") + ")")]
    if len(attackers) < 2:
        return [check.problem("condition_failed", "4.4, M45, L616", f"towards: {fid} is attacked by {towards} alone: "
                              "he retreats away from him, not surrounded (the %5 is against the enemy a surrounded "
                              "fighter moves towards)")]
    return []


# --- resolution --------------------------------------------------------------------------------------------------

def resolve_attacks(ctx: Context, x: int, order: dict[str, int], options: SkirmishOptions) -> list[dict[str, Any]]:
    """4.4: attack by attack in descending initiative, each with the defence answering it (5.1 by part 1); an attack
    settled by the actor's own check or the target's free check is part 1's too (`rules.checked`, the `opposed`
    roll)."""
    group = ctx.state
    attacks = [{"actor": d.actor, "target": d.order.get("target"), "decl": d} for d in group.declared
               if d.step == "attack" and d.maneuver != "pass" and not d.priced.get("failed")]
    defences = [{"actor": d.priced.get("protects") or d.actor, "answers": d.order.get("answers"), "decl": d}
                for d in group.declared if d.step == "defence" and d.maneuver != "pass" and not d.priced.get("failed")]
    # M37: a protector's defence answers the attack on his ally as the ally's own would
    pairs = [(keyed(a["decl"]), None if d is None or not answerable(a["decl"]) else d["decl"])
             for a, d in melee_group.attack_pairs(order, attacks, defences)]
    pairs = [(att, dfn if dfn is not None or not answerable(att) else retreat_of(group, att)) for att, dfn in pairs]
    shared: dict[int, int] = {}  # M45 (L616): the index of a retreat's one roll among the asks
    asks = []
    for att, dfn in pairs:
        target = att.order.get("target")
        if att.maneuver == "double_attack":  # M06: each part its own roll against its own defence (L263-265)
            asks += [ask for part in double(ctx, x, att, dfn, options) for ask in part[2:] if ask is not None]
            if dfn is not None and dfn.maneuver == "retreat" and id(dfn) not in shared and rules.rolls_pool(dfn):
                shared[id(dfn)] = len(asks)  # M45 (L616): the retreat's one roll answers both parts too
                asks.append(retreat_ask(ctx, x, dfn, options))
            continue
        if rules.rolls_pool(att):
            asks.append((rules.pool_dice(ctx, att.priced["dice_to_roll"], options), att.actor, "attack",
                         {"exchange": x, **att.priced.get("roll_key", {})},
                         f"attack roll of {att.actor}" + (f" on {target}" if target else "")
                         + f" ({att.maneuver}, %{att.priced['difficulty']})"))
        free = rules.opposed_by(att)
        if free is not None and not rules.own_check(att):  # a free check of the target opposes it (5.4)
            n, tn, label = free(ctx.state, ctx.state.fighter(str(target)))
            if free is reactive:  # CP-36: Wrestling or Acrobatics, the victim's choice
                _, n = check_with(ctx, x, str(target), "reactive", reactive_dice(ctx.state.fighter(str(target))))
            asks.append((rules.pool_dice(ctx, max(1, n), options), target, "opposed",
                         {"exchange": x, "answers": att.actor},
                         f"{label} of {target} against the {att.maneuver} of {att.actor} (free, %{tn})"))
        if dfn is not None and dfn.maneuver == "retreat" and id(dfn) in shared:
            continue
        if dfn is not None and dfn.maneuver == "retreat" and rules.rolls_pool(dfn):
            shared[id(dfn)] = len(asks)
            asks.append(retreat_ask(ctx, x, dfn, options))
            continue
        if dfn is not None and rules.rolls_pool(dfn):  # after a feint (M14): the new defence's roll `redefence`
            asks.append((rules.pool_dice(ctx, dfn.priced["dice_to_roll"], options), dfn.actor,
                         "redefence" if dfn.order.get("after_feint") else "defence",
                         {"exchange": x, "answers": att.actor}, f"defence roll of {dfn.actor} against {att.actor} "
                         f"({dfn.maneuver}, %{dfn.priced['difficulty']})"))
    for dfn in group.declared:  # M45: a retreat met only further on a blow on several targets (M09, M10, M24)
        if dfn.step == "defence" and dfn.maneuver == "retreat" and not dfn.priced.get("failed") \
                and id(dfn) not in shared and rules.rolls_pool(dfn):
            shared[id(dfn)] = len(asks)
            asks.append(retreat_ask(ctx, x, dfn, options))
    rolled = ctx.need_rolls(asks)
    once = {k: rolled[i] for k, i in shared.items()}
    retreat_rolls = {d.actor: once[id(d)] for d in group.declared if id(d) in once}
    rolls = iter(r for i, r in enumerate(rolled) if i not in shared.values())
    outcomes: list[dict[str, Any]] = []
    moved: list[tuple[Declared, Any]] = []
    for att, dfn in pairs:
        if ctx.state.result is not None:
            break
        if att.maneuver == "double_attack":
            outcomes += double_strikes(ctx, x, att, surrounded(dfn, att), rolls, options, once)
            continue
        a_roll = next(rolls) if rules.rolls_pool(att) else None
        d_roll = once[id(dfn)] if dfn is not None and id(dfn) in once else next(rolls) if (
            rules.opposed_by(att) is not None and not rules.own_check(att)
            or dfn is not None and rules.rolls_pool(dfn)) else None
        target = foe(ctx.state, att.actor) if targetless(att.order) else str(att.order["target"])
        seen = view(ctx.state, att.actor, target, (att,) if dfn is None else (att, dfn))
        if dfn is not None and dfn.actor not in seen.ids:  # M37: the protector stands in for the ally (L540)
            seen = replace(seen, fighters=(*seen.fighters, ctx.state.fighter(dfn.actor)))
        item = rules.Item(att, surrounded(dfn, att), a_roll, d_roll)  # type: ignore[arg-type]
        if maneuvering.moving(att.order):  # M53 (L681): compared with the enemies' after the attacks
            moved.append((att, a_roll))
            continue
        item, settled = group_grapple.before_strike(ctx, x, outcomes, item, seen)  # L660; a grappler (PROPOSED)
        if settled is not None:
            outcomes.append(settled)
            continue
        dfn = item.defence
        if rules.own_check(att):  # M53 standing up, M55 Assess, M58 Demoralization: his own check
            outcomes.append(in_view(ctx, seen, lambda sub, it=item: rules.checked(sub, x, it, options)))
            continue
        if dfn is not None and dfn.maneuver == "sudden_attack":  # M33: the interception, then both blows undefended
            keyed_dfn = replace(dfn, priced={**dfn.priced, "answer_key": {"answers": att.actor}})
            sudden = replace(item, defence=keyed_dfn)
            outcomes += in_view(ctx, seen, lambda sub, it=sudden: counters.sudden(sub, x, it, options))
            if sweep.further(att):  # M33 against a blow on several targets: it lands on him undefended, then goes on
                outcomes += sweep_after_sudden(ctx, x, att, a_roll, outcomes, [d["decl"] for d in defences], options,
                                               retreat_rolls)
            continue
        cmp_ = rules.compare(seen, item, options)
        outcomes.append(in_view(ctx, seen, lambda sub, it=item, c=cmp_: rules.strike(sub, x, it, c, options)))
        if sweep.further(att) and att.maneuver in sweep.SWEEPS:  # M09, M10: on to the further targets (L291-304)
            outcomes += sweep.sweep_on(ctx, x, att, outcomes[-1], [d["decl"] for d in defences], options,
                                       retreat_rolls)
        elif att.maneuver == "pounce" and sweep.further(att):  # M65 on several targets (L826)
            outcomes += group_grapple.pounce_on(ctx, x, att, a_roll, outcomes[-1], [d["decl"] for d in defences],
                                                options)
        elif sweep.further(att):  # M24: the same roll against the second target (L441)
            outcomes += sweep.synchronous_second(ctx, x, att, a_roll, outcomes[-1], [d["decl"] for d in defences],
                                                 options, retreat_rolls)
    if moved and ctx.state.result is None:
        maneuvering.settle(ctx, x, moved, options)
    return outcomes


def retreat_of(group: Fight, att: Declared) -> Declared | None:
    """M45 (L616): the Retreat of the attack's target, which answers it with its one roll."""
    return next((d for d in group.declared if d.step == "defence" and d.maneuver == "retreat"
                 and d.actor == att.order.get("target") and not d.priced.get("failed")), None)


def retreat_ask(ctx: Context, x: int, dfn: Declared, options: SkirmishOptions) -> tuple[Any, ...]:
    """M45 (L616): the one roll of a Retreat in a melee group, keyed by the attack it names."""
    attacker = str(dfn.order.get("answers"))
    return (rules.pool_dice(ctx, dfn.priced["dice_to_roll"], options), dfn.actor, "defence",
            {"exchange": x, "answers": attacker}, f"defence roll of {dfn.actor} against {attacker} ({dfn.maneuver}, "
            f"%{dfn.priced['difficulty']})")


def surrounded(dfn: Declared | None, att: Declared) -> Declared | None:
    """M45 (L616): a surrounded retreater's evasion from the enemy he moves towards (`towards`) is the same roll
    recounted one step harder, %4 → %5; against every other attack it stays as declared."""
    if dfn is None or dfn.maneuver != "retreat" or dfn.order.get("towards") != att.actor:
        return dfn
    tn = int(dfn.priced["difficulty"])
    return replace(dfn, priced={**dfn.priced, "difficulty": tn + 1, "difficulty_mods": [
        *dfn.priced.get("difficulty_mods", []), f"+1 surrounded, moving towards {att.actor} (M45, L616)"]})


def sweep_after_sudden(ctx: Context, x: int, att: Declared, a_roll: Any, outcomes: list[dict[str, Any]],
                       defences: list[Declared], options: SkirmishOptions,
                       retreat_rolls: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """M33 by the first target of a sweep or a synchronous attack (PROPOSED): the blow lands on him undefended
    (L507), as part 1 resolves it, and goes on to the further targets from that hit (L291-304, L441)."""
    hit = next((o for o in reversed(outcomes) if o.get("attack") is not None and o["attack"].actor == att.actor
                and o["attack"].step == "attack"), None)
    if hit is None or ctx.state.result is not None:
        return []
    if att.maneuver in sweep.SWEEPS:
        return sweep.sweep_on(ctx, x, att, hit, defences, options, retreat_rolls)
    return sweep.synchronous_second(ctx, x, att, a_roll, hit, defences, options, retreat_rolls)


def double(ctx: Context, x: int, att: Declared, dfn: Declared | None,
           options: SkirmishOptions) -> list[tuple[Any, ...]]:
    """M06 (L263-265) in a melee group: (part, its defence, the part's attack roll ask, its defence roll ask or None
    where the first part's roll answers it too) of each part, by part 1's `double_parts`; the rolls `attack`,
    `attack2`, `defence`, `defence2`, the defence's keyed by `answers` as every defence roll of a group."""
    from replay.rulesets.skirmish.maneuvers.attack import double_parts

    out: list[tuple[Any, ...]] = []
    seen: set[int] = set()
    for a, d in double_parts(att, dfn, view(ctx.state, att.actor, str(att.order["target"]))):
        second = "2" if a.order.get("part") == 2 else ""
        a_ask = (rules.pool_dice(ctx, a.priced["dice_to_roll"], options), a.actor, "attack" + second, {"exchange": x},
                 f"attack roll of {a.actor} on {a.order['target']} ({a.maneuver}, %{a.priced['difficulty']})")
        d_ask = None
        if d is not None and rules.rolls_pool(d) and id(d) not in seen and d.maneuver != "retreat":
            seen.add(id(d))
            purpose = "defence" + ("2" if d.order.get("part") == 2 else "")
            d_ask = (rules.pool_dice(ctx, d.priced["dice_to_roll"], options), d.actor, purpose,
                     {"exchange": x, "answers": att.actor},
                     f"defence roll of {d.actor} against {att.actor} ({d.maneuver}, %{d.priced['difficulty']})")
        out.append((a, d, a_ask, d_ask))
    return out


def double_strikes(ctx: Context, x: int, att: Declared, dfn: Declared | None, rolls: Any,
                   options: SkirmishOptions, once: dict[int, Any] | None = None) -> list[dict[str, Any]]:
    """M06: part 1's two clashes on the attacker and his target (one shield block answering both allocates its
    successes, CP-29; a Retreat answers both with its one roll, `once`, L265, L616)."""
    items: list[rules.Item] = []
    given: dict[int, Any] = {}
    if dfn is not None and dfn.maneuver == "retreat":
        declared = retreat_of(ctx.state, att)
        given[id(dfn)] = (once or {}).get(id(declared))
    for a, d, _, d_ask in double(ctx, x, att, dfn, options):
        a_roll = next(rolls)
        if d_ask is not None:
            given[id(d)] = next(rolls)
        items.append(rules.Item(a, d, a_roll, given.get(id(d)) if d is not None else None))
    seen = view(ctx.state, att.actor, str(att.order["target"]), (att,) if dfn is None else (att, dfn))
    shares = in_view(ctx, seen, lambda sub: rules.allocate(sub, x, items, options))
    out = []
    for it in items:
        if ctx.state.result is not None:
            break
        seen = view(ctx.state, att.actor, str(att.order["target"]), (att,) if dfn is None else (att, dfn))
        out.append(in_view(ctx, seen, lambda sub, it=it: rules.strike(
            sub, x, it, rules.compare(sub.state, it, options, shares.get(id(it))), options)))
    return out


def keyed(att: Declared) -> Declared:
    """An attack on several targets (a sweep, M09/M10; a synchronous attack on two, M24) keys the rolls and choices of
    each target's hit by that target (`target`: the first's too), so that the second hit's zone or penetration roll
    is not the first's (docs/skirmish.md); a sweep's attack rolls are keyed so as well."""
    if not sweep.further(att):
        return att
    return replace(att, priced={**att.priced, "hit_key": {"target": att.order["target"]},
                                **({"roll_key": {"target": att.order["target"]}} if att.maneuver in sweep.SWEEPS
                                   else {})})


# --- input checks where the battle waits -----------------------------------------------------------------------

def check_input(state: Battle, pair: Pair, requests: tuple[Any, ...], draft: Draft,
                options: SkirmishOptions) -> list[str]:
    """An input of a fighter in a melee group: a declaration must be asked now (4.4's order; a defence names the
    attack it answers, once) and pass the checks of a declaration in the group."""
    p = draft.payload
    actor = draft.actor or ""
    if draft.type == "roll" and p.get("purpose") in ("attack", "defence"):
        return roll_problems(pair.fight, actor, p, options)
    if draft.type != "order":
        return []
    out = check.order_format(p)
    if out:
        return out
    group = on_the_field(state, pair)  # M53 (L679): a maneuverer's move meets the field's fighters and terrain
    if p.get("maneuver") == "protect_ally" and p["step"] == "defence":  # M37's own conditions first (L540)
        out = protect_declaration_problems(group, actor, p, options, state.grid)
        if out:
            return out
    key: dict[str, Any] = {"exchange": p["exchange"], "step": p["step"]}
    if p["step"] == "defence":
        if p.get("answers") is None:
            return [f"4.4: {actor}'s defence names the attack it answers (answers: the attacker)"]
        key["answers"] = p["answers"]
        if options.one_action_per_exchange and attacked(group, actor):
            return [check.problem("step_or_action", "4.4, A-09", f"{actor} attacked in exchange {p['exchange']}: one "
                                  "action per exchange, no defence as well")]
        if any(d.order.get("answers") == p["answers"] for d in defences_of(group, actor)):
            return [f"A-09: {actor} already answers {p['answers']}'s attack (one defence per incoming attack)"]
    if not any(r.kind == "order" and r.actor == actor and r.key_dict == key for r in requests):
        return [f"4.4: {actor}'s {p['step']} declaration for exchange {p['exchange']}"
                + (f" against {p['answers']}" if p["step"] == "defence" else "")
                + " is not asked now (in a melee of several fighters the attacks are declared lowest initiative "
                "first, then the defences, each answering an attack aimed at the defender)"]
    return declaration_problems(group, actor, p, options, state.grid)


def is_group(pair: Pair | None) -> bool:
    return pair is not None and len(pair.fight.fighters) > 2



def roll_problems(group: Fight, actor: str, p: dict[str, Any], options: SkirmishOptions) -> list[str]:
    """An attack or defence roll of a declaration made in the group has its dice; a defence roll names the attack it
    answers (`answers`, as its declaration does)."""
    if p.get("exchange") not in (1, 2):
        return ["2.6: an attack or defence roll names its exchange (--field exchange=1)"]
    if p["purpose"] == "defence" and p.get("answers") is None:
        return [f"4.4: {actor}'s defence roll names the attack it answers (--field answers=ATTACKER)"]
    made = next((d for d in group.declared if d.actor == actor and d.step == p["purpose"] and d.maneuver != "pass"
                 and d.exchange == p["exchange"] and (p["purpose"] == "attack"
                                                      or d.order.get("answers") == p.get("answers"))), None)
    if made is None or group.exchange != p["exchange"] or p["purpose"] == "attack" and p.get("target") not in (
            None, made.order.get("target")):  # a sweep's further roll: its dice depend on the earlier defences
        return []
    want = f"{made.priced['dice_to_roll']}d{options.pool_die_sides}"
    if str(p.get("dice")).lower() != want:
        return [f"2.6: {actor}'s {p['purpose']} declaration rolls {want}, not {p.get('dice')}"]
    return []


# --- M37 Protect ally ----------------------------------------------------------------------------------------------

PROTECT_AS = ("knock_aside", "weapon_block", "shield_block")
"""M37 (L542): the protector's defence is a Knock-aside or a Block (a weapon or a shield block)."""


def protected_attack(group: Fight, fid: str, order: dict[str, Any]) -> Declared | None:
    """The attack a Protect ally answers, turned on the ally: the one of `answers` aimed at an ally of the protector
    (its first target, or a sweep's further one; `ally` names him where the attack has two)."""
    for d in group.declared:
        if d.step == "attack" and d.maneuver != "pass" and d.actor == order.get("answers") and \
                d.order.get("target") is not None and not d.priced.get("failed") and not sweep.aimed_at(d, fid):
            ally = ally_in(group, fid, d, want=order.get("ally"), open_only=False)
            if ally is not None:
                return sweep.turned(d, ally)
    return None


def protect_view(group: Fight, fid: str, order: dict[str, Any], att: Declared) -> Fight:
    """The attacker and the protector, the attack turned on the protector (he steps into the ally's cell, L540)."""
    turned = replace(att, order={**att.order, "target": fid})
    return view(group, att.actor, fid, (turned, *(d for d in group.declared if d.actor == fid)))


def protect_activation(group: Fight, fid: str, under: dict[str, Any]) -> int:
    """M37 (L540): 3 reflex points with a short or hand weapon, 2 with a medium weapon or a shield, 1 with a long,
    very long or extremely long weapon."""
    f = group.fighter(fid)
    if under["maneuver"] == "shield_block" or under.get("weapon") == "shield":
        return 2
    w = costs.weapon_of(f, under) or f.weapon
    i = data.length_index(costs.weapon_length(w) if w else "hand")
    return 3 if i <= data.length_index("short") else 2 if i == data.length_index("medium") else 1


def protect_priced(group: Fight, fid: str, order: dict[str, Any], att: Declared,
                   options: SkirmishOptions) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the defence it is, its price): part 1's price of the Knock-aside or Block against the attack, +1 difficulty
    and the activation by weapon length (L540-542)."""
    under = {k: v for k, v in order.items() if k != "as"} | {"maneuver": order.get("as")}
    seen = protect_view(group, fid, order, att)
    priced = costs.price(seen, seen.fighter(fid), under, options)
    if formation.covers(group, fid, str(att.order["target"])):  # 5.12 (L1189): a partner, by the normal rules
        return under, {**priced, "protects": att.order["target"], "partner_cover": True}
    act = protect_activation(group, fid, under)
    if priced["difficulty"] is not None:
        priced = {**priced, "difficulty": priced["difficulty"] + 1,
                  "difficulty_mods": [*priced.get("difficulty_mods", []), "+1 protecting an ally (M37, L542)"]}
    return under, {**priced, "maneuver_id": "M37", "activation": priced["activation"] + act,
                   "cost_points": priced["cost_points"] + act, "paid_R": priced["paid_R"] + act,
                   "protects": att.order["target"], "protect_activation": act}


def protect_declaration_problems(group: Fight, fid: str, order: dict[str, Any], options: SkirmishOptions,
                                 grid_name: str) -> list[str]:
    """M37: an ally attacked by `answers`, the protector beside both (L540), not having attacked (A-09), the defence
    a Knock-aside or a Block (L542) that part 1 allows him against that attack, paid with its activation and +1."""
    entry = data.maneuvers()["protect_ally"]
    held = group_grapple.problems(group, fid, order, grid_name)  # 5.8 (PROPOSED): no protecting from a hold
    if held:
        return held
    if order.get("as") not in PROTECT_AS:
        return [check.problem("condition_failed", "5.4 M37", "as: the protector's defence is knock_aside, "
                              "weapon_block or shield_block (L542)")]
    att = protected_attack(group, fid, order)
    if att is None:
        return [check.problem("condition_failed", "5.4 M37", f"answers: {order.get('answers')!r} makes no attack on "
                              f"an ally of {fid} this exchange")]
    out = protect_problems(group, grid_name, fid, att)
    if options.one_action_per_exchange and attacked(group, fid):
        out.append(check.problem("step_or_action", "4.4, A-09", f"{fid} attacked this exchange: one action per "
                                 "exchange, no Protect ally as well"))
    done = answered_by(group, att)
    if done is not None:
        out.append(check.problem("step_or_action", "4.4, A-09", f"{att.actor}'s attack on {att.order['target']} is "
                                 f"already answered by {done.actor} (one defence per incoming attack)"))
    f = group.fighter(fid)
    w = costs.weapon_of(f, {**order, "maneuver": order["as"]}) or f.weapon
    level = f.skill(data.weapon_type(w.type)["skill"]) if w is not None and order.get("weapon") != "shield" \
        else f.skill(f.pool_skill)
    if level < entry["min_level"] and not formation.covers(group, fid, str(att.order["target"])):
        out.append(check.problem("skill_too_low", "4.8", f"protect_ally needs weapon skill {entry['min_level']} "
                                 f"(PROPOSED, A-23), {fid} has {level}"))
    if out:
        return out
    under, priced = protect_priced(group, fid, order, att, options)
    seen = protect_view(group, fid, order, att)
    out = check.declaration(seen, fid, under, options)
    if out:
        return out
    avail_r, avail_s = pools.available(f, group.round, group.exchange)
    if priced["difficulty"] is not None and priced["difficulty"] > options.max_difficulty:
        out.append(check.problem("difficulty_above_7", "2.2, 5.4 M37", f"difficulty %{priced['difficulty']} with "
                                 "the +1 of Protect ally > %7"))
    if priced["paid_R"] > avail_r or priced["paid_S"] > avail_s:
        out.append(check.problem("cannot_pay", "4.6, 5.4 M37", f"costs R{priced['paid_R']} S{priced['paid_S']} with "
                                 f"Protect ally's activation {priced.get('protect_activation', 0)}; available "
                                 f"R{avail_r} S{avail_s}"))
    return out


def protect(ctx: Context, fid: str, order: dict[str, Any], seq: int | None, options: SkirmishOptions) -> None:
    """M37 declared: the protector's Knock-aside or Block answers the attack on the ally (L540-542)."""
    att = protected_attack(ctx.state, fid, order)
    assert att is not None
    under, priced = protect_priced(ctx.state, fid, order, att, options)
    ally = att.order["target"]
    cover = bool(priced.get("partner_cover"))
    why = [f"{fid} covers his partner {ally} from {att.actor}'s attack: two partners in one cell cover each other by "
           f"the normal rules, without activating Protect ally (5.12, L1189): {under['maneuver']}, no +1, no "
           "activation" if cover else
           f"{fid} protects {ally} from {att.actor}'s attack (M37): steps partly into {ally}'s cell and answers with "
           f"{under['maneuver']}, +1 difficulty, activation {priced['protect_activation']} R by weapon length "
           "(L540-542)", rules.declaration_why(fid, under, priced)]
    rules.emit(ctx, "declared", {"actor": fid, "exchange": order["exchange"], "step": "defence",
                                 "maneuver": under["maneuver"], "order": order, "priced": priced, "forced": None,
                                 "why": why, "rule": ["4.4", "4.6", *(("5.12", "L1189") if cover else ("5.4.2 M37",))],
                                 "defaults": ["A-09"] if cover else ["A-09", "A-23"]}, cause=seq)
