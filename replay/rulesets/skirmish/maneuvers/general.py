"""General maneuvers M50–M58 (spec 5.4.3, L642–719), attack or defence, beyond Quick draw (draw.py) and standing up
(resolve.stand_up): Grab and Leg dive (which start wrestling), Disarm, Assess, Grip change, Shield push,
Demoralization."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import costs, data, dice, pools
from replay.rulesets.skirmish.maneuvers.attack import shield_difficulty
from replay.rulesets.skirmish.maneuvers.base import (
    Move,
    Problems,
    check_roll,
    check_with,
    checked,
    emit_effect,
    faces,
    free_hands,
    held_weapons,
    next_exchange,
    problem,
    register,
    timed,
)
from replay.rulesets.skirmish.maneuvers.defence import parry_difficulty
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions, Weapon

FIGHT_END = (999, 2)
"""An effect "for the rest of this fight"."""


def won(o: dict[str, Any], decl: Declared) -> bool:
    """The maneuver succeeded: as an attack it hit, as a defence it won the comparison."""
    return o["winner"] == ("attack" if o["attack"] is decl else "defence")


def mine(o: dict[str, Any], code: str) -> Declared:
    return o["attack"] if o["attack"].maneuver == code else o["defence"]


def hand_distance_activation(state: Fight, actor: Fighter, order: dict[str, Any]) -> int:
    """M51/M52: 1 reflex per distance category beyond hand."""
    return data.length_index(state.distance or "hand")


# --- M51 grab, M52 leg dive --------------------------------------------------------------------------------------

HOLD = {"head": "head", "upper_torso": "torso", "lower_torso": "torso", "left_leg": "leg", "right_leg": "leg"}


def hold_of(f: Fighter, zone: str) -> str:
    """A declared zone → its row of the Envelop table (5.8.4): main_arm off_arm torso head leg."""
    if zone.endswith("_arm"):
        return "main_arm" if zone.startswith(f.main_hand) else "off_arm"
    return HOLD.get(zone, "torso")


TRAIT_DICE = {"hulk": 2, "giant": 4, "dwarf": -2}
"""5.8.2 (L731): the simplified wrestling height — Hulk +2 dice, Giant +4, Dwarf −2 (option
`wrestling_height_simplified`, CP-44)."""


def height_bonus(a: Fighter, b: Fighter, simplified: bool = False) -> dict[str, int]:
    """5.8.2 (L729): +1 effective Endurance in wrestling per full 10 cm of height advantage; simplified, only the
    traits' dice (L731)."""
    if simplified:
        out = {f.id: sum(TRAIT_DICE.get(t, 0) for t in f.traits) for f in (a, b)}
        return {k: v for k, v in out.items() if v}
    d = a.height_cm - b.height_cm
    return {a.id: d // 10} if d >= 10 else {b.id: -d // 10} if d <= -10 else {}


def grapple(state: Fight, holder: str, held: str, x: int, grabbed: str, options: SkirmishOptions, *,
            ground: bool = False) -> dict[str, Any]:
    """The change that starts wrestling (5.8.1): the wrestling pool from the next exchange (A-47)."""
    a, b = state.fighter(holder), state.fighter(held)
    return {"op": "grapple", "value": {"holder": holder, "held": held, "grabbed": grabbed, "zones": [],
                                       "ground": ground, "start": list(next_exchange(state.round, x)),
                                       "bonus": height_bonus(a, b, options.wrestling_height_simplified)}}


def grab_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    long = [w.id for w in held_weapons(actor) if data.weapon_type(w.type)["length"] != "hand"]
    if long:
        out.append(problem("condition_failed", "5.4.3 M51, L656", f"a grab needs no weapon in the hands but "
                           f"hand-length ones ({', '.join(long)} held)"))
    if free_hands(actor) < 1:
        out.append(problem("condition_failed", "5.4.3 M51, L656", "a grab needs a free hand"))
    if order["step"] != "attack" and actor.skill("wrestling") < 4:
        out.append(problem("skill_too_low", "4.8, M51", f"a defensive grab needs wrestling 4, {actor.id} has "
                           f"{actor.skill('wrestling')}"))
    return out


def grab_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M51 (L656–662, L878): on success every other maneuver of the opponent this exchange fails; the opponent is
    held at hand distance; wrestling from the next exchange; the final successes are bonus dice on the next
    exchange's wrestling rolls (flow, 5.8.3)."""
    decl = o["attack"] if o["attack"].maneuver == "grab" else o["defence"]
    if decl is None or not won(o, decl):
        return {}
    other = o["attack"].order.get("target") if decl is o["attack"] else o["attack"].actor
    target = ctx.state.fighter(other)
    zone = decl.order.get("zone") or f"{target.main_hand}_arm"
    nxt = next_exchange(ctx.state.round, x)
    changes = [grapple(ctx.state, decl.actor, other, x, hold_of(target, zone), options),
               {"op": "distance", "value": "hand"}]
    if o["final"]:
        changes.append(timed(decl.actor, "bonus", o["final"], nxt, nxt, "wrestling", decl.maneuver))
    emit_effect(ctx, x, decl.maneuver, decl.actor, changes,
                [f"{decl.maneuver}: {decl.actor} holds {other}'s {zone}; distance hand; wrestling from the next "
                 f"exchange (A-47)" + (f"; +{o['final']} wrestling dice then (L660, 5.8.3)" if o["final"] else ""),
                 f"every other maneuver of {other} this exchange fails (L660)"],
                ["5.4.3 M51", "L656-662", "5.8.3"], ["A-47", "A-96"])
    return {"distance": "hand", "cancel_maneuvers_of": (other,)}


def leg_dive_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    if free_hands(actor) < 2:
        out.append(problem("condition_failed", "5.4.3 M52, L666", "a leg dive needs two free hands"))
    t = state.opponent(actor.id)
    if costs.height_class(t.height_cm) > costs.height_class(actor.height_cm) + 1:
        out.append(problem("condition_failed", "5.4.3 M52, L667", "the opponent is more than one height class taller"))
    return out


def leg_dive_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M52 (L671–673, A-94): the opponent's free balance check (Agility or Strength, not Acrobatics) needs at least
    the final successes: made — a standing clinch, the successes lost; failed — a ground clinch, both lying, and
    the final successes as wrestling dice next round; with 5 or more final successes the initiator may throw
    instead (CP, T-30), an undefendable Throw with dice = the final successes."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    state, final = ctx.state, o["final"]
    t = state.fighter(att.order["target"])
    base = {"distance": "hand", "cancel_maneuvers_of": (t.id,)}
    if final >= 5:
        throw, _ = ctx.ask("leg_dive_throw", actor=att.actor, options=["no", "yes"], default="no", applies=True,
                           what=f"throw instead of the clinch with {final} dice, undefendable (M52, L673, T-30)",
                           exchange=x)
        if throw == "yes":
            from replay.rulesets.skirmish.maneuvers.wrestling import thrown

            roll = check_roll(ctx, att.actor, "throw", final, 5, f"the leg dive's throw of {att.actor}", x, options)
            emit_effect(ctx, x, "leg_dive", att.actor, [], [f"leg dive: {final} final → throw with {final} dice: "
                                                            f"{faces(roll)} (L673)"], ["5.4.3 M52", "L673"],
                        ["A-94"])
            if roll.net > 0:
                thrown(ctx, x, att.actor, t.id, max(0, roll.net), options, "leg_dive")
            return base
    _, n = check_with(ctx, x, t.id, "balance", {"agility": t.char("agility"), "strength": t.char("strength")})
    r = check_roll(ctx, t.id, "balance", n, 5,
                   f"balance check of {t.id} (Agility or Strength) against the leg dive", x, options)
    made = max(0, r.net) >= final
    changes: list[dict[str, Any]] = [checked(t.id, "balance", r, final),
                                     grapple(state, att.actor, t.id, x, "legs", options, ground=not made)]
    verdict = "made: a standing clinch, the successes are lost" if made else "failed: a ground clinch"
    why = [f"leg dive: {t.id} balance {faces(r)} vs {final} final → {verdict}"]
    if not made:
        nxt_round = (state.round + 1, 1)
        changes += [{"op": "stance", "fighter": att.actor, "stance": "lying"},
                    {"op": "stance", "fighter": t.id, "stance": "lying"},
                    timed(att.actor, "bonus", final, nxt_round, (state.round + 1, 2), "wrestling", "leg_dive")]
        why.append(f"both on the ground; {att.actor} +{final} wrestling dice next round (L671)")
    emit_effect(ctx, x, "leg_dive", att.actor, changes, why, ["5.4.3 M52", "L666-673"], ["A-94", "A-47"])
    return base


# --- M54 disarm --------------------------------------------------------------------------------------------------

def disarm_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                      options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """M54 (L687): the parry difficulty of your weapon (as an attack: against the opponent weapon's first blow)."""
    if order["step"] != "attack":
        return parry_difficulty(state, actor, order, w, options)
    theirs = state.opponent(actor.id).weapon
    if w is None or theirs is None:
        return None, []
    kind = next(iter(data.weapon_type(theirs.type)["attacks"]))
    tn = data.weapon_type(w.type)["defence"][kind]
    return tn, [f"{w.type} parry vs {kind} %{tn} (disarm, L687)"]


def disarm_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    victim = state.opponent(actor.id)
    w = victim.weapon
    if w is None:
        return [problem("condition_failed", "5.4.3 M54", f"{victim.id} holds no weapon")]
    if {"fixed", "knuckles"} & set(data.weapon_type(w.type).get("features", [])):
        return [problem("condition_failed", "5.4.3 M54, L689", f"{w.type} is strapped or fixed: no disarm")]
    return []


def disarm_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M54 (L687–689, A-40): the victim's Strength check at %5 (%4 for a closed hilt) needs at least the final
    successes, or the weapon falls to the floor (or hangs on its wrist loop); on its critical failure, or final
    successes above the victim's Strength, it flies 2d6 metres."""
    decl = mine(o, "disarm")
    if not won(o, decl):
        return {}
    victim = ctx.state.opponent(decl.actor)
    w = victim.weapon
    if w is None:
        return {}
    closed = "closed_hilt" in data.weapon_type(w.type).get("features", [])  # L689: the Strength check at %4
    r = check_roll(ctx, victim.id, "strength", victim.char("strength"), 4 if closed else 5,
                   f"Strength check of {victim.id} to keep {w.id} against the disarm", x, options)
    why = [f"disarm: {victim.id} Strength {faces(r)} vs {o['final']} final"]
    if closed:
        why.append(f"{w.id} has a closed hilt: the Strength check at %4 (L689)")
    if max(0, r.net) >= o["final"]:
        emit_effect(ctx, x, "disarm", decl.actor, [checked(victim.id, "strength", r, o["final"])],
                    why + ["→ keeps the weapon"], ["5.4.3 M54"], ["A-40"])
        return {}
    changes = [checked(victim.id, "strength", r, o["final"]), {"op": "drop", "fighter": victim.id, "weapon": w.id}]
    if "wrist_loop" in data.weapon_type(w.type).get("features", []):  # L689: it hangs on the wrist
        changes[-1]["state"] = "hanging"
        why.append(f"→ {w.id} hangs on the wrist by its loop (L689): Quick draw recovers it at %4 (M50, A-39)")
    elif r.crit_degree or o["final"] > victim.char("strength"):
        flight = ctx.roll("2d6", actor=decl.actor, purpose="disarm_flight", what=f"how far {w.id} flies (2d6 m)",
                          exchange=x)
        why.append(f"→ {w.id} flies {flight.payload['total']} m away (L687; direction CP-42, the GM's)")
    else:
        why.append(f"→ {w.id} falls to the floor (Quick draw picks it up)")
    emit_effect(ctx, x, "disarm", decl.actor, changes, why, ["5.4.3 M54", "L687-689"], ["A-40"])
    return {}


# --- M55 assess, M56 grip change ---------------------------------------------------------------------------------

def assess_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    n = order.get("check")
    limit = actor.skill("body_language") + actor.char("empathy")
    out = []
    if not isinstance(n, int) or not 1 <= n <= limit:
        out.append(problem("condition_failed", "5.4.3 M55, A-79", f"check: 1 to {limit} dice (Body Language + "
                           "Empathy)"))
    if pools.available(actor, state.round, state.exchange)[1] < 1:
        out.append(problem("cannot_pay", "5.4.3 M55", "assess needs at least 1 skill point"))
    if order.get("for") not in (None, "any") and order.get("for") not in data.maneuvers():
        out.append(problem("condition_failed", "5.4.3 M55, CP-32", "for: the maneuver that gets the bonus, or any"))
    return out


def assess_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M55 (L693–697, A-79): a free check of the chosen dice at %5; its successes are dice added to one maneuver
    against the studied opponent next exchange (CP-32: which)."""
    decl: Declared = o["attack"]
    r = check_roll(ctx, decl.actor, "assess", int(decl.order["check"]), 5, f"{decl.actor} assesses the opponent", x,
                   options)
    n, nxt = max(0, r.net), next_exchange(ctx.state.round, x)
    ref = decl.order.get("for") or "any"
    emit_effect(ctx, x, "assess", decl.actor, [checked(decl.actor, "assess", r)] + (
        [timed(decl.actor, "bonus", n, nxt, nxt, ref, "assess")] if n else []),
                [f"assess: {faces(r)} → +{n} dice on {ref} next exchange (M55, L695)"], ["5.4.3 M55"], ["A-79"])
    return {}


LISTED_GRIPS = ("one_hand", "two_hands")
"""L701, L703: the grips whose change the rulebook prices (one hand ↔ two hands, 1 R; the recursive grip apart)."""


def grip_listed(w: Weapon | None, grip: str) -> bool:
    """L701: one hand ↔ two hands and the recursive grip are priced; «остальные случаи, по аналогии и на усмотрение
    Мастера» (CP-31)."""
    return grip == "recursive" or grip in LISTED_GRIPS and (w is None or w.grip in LISTED_GRIPS)


def grip_cost(w: Weapon | None, grip: str, gm: int | None = None) -> int:
    """M56 (L701): 1 reflex (one hand → two hands …); the recursive grip 2, 1 from the half-sword grip; any other
    change 1 by analogy (PROPOSED) unless the GM names its price (`gm`, CP-31)."""
    if grip == "recursive":
        return 1 if w is not None and w.grip == "half_sword" else 2
    if gm is not None and not grip_listed(w, grip):
        return gm
    return 1


def grip_gm_price(ctx: Any, f: Fighter, order: dict[str, Any]) -> int | None:
    """CP-31 (L701): a grip change the rulebook does not price is «по аналогии и на усмотрение Мастера»: the GM's
    choice `grip_price` (no --actor, keyed by exchange and fighter) names its reflex points; by analogy 1 (applied by
    the rules). None: the change is priced by the rulebook, or the GM named nothing."""
    w = f.weapon_by_id(str(order.get("weapon") or "")) or f.weapon
    grip = str(order.get("grip"))
    if grip_listed(w, grip):
        return None
    value, how = ctx.ask("grip_price", actor=None, options=[1], default=1, applies=True,
                         accept=lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9,
                         what=f"the GM's price in reflex points of {f.id}'s change to the {grip} grip: the rulebook "
                              "prices it by analogy, at the GM's discretion (M56, L701, CP-31); by analogy 1",
                         exchange=order["exchange"], fighter=f.id)
    return int(value) if how == "chosen" else None


def grip_unaffordable(state: Fight, fid: str, order: dict[str, Any], priced: dict[str, Any]) -> str | None:
    """CP-31 with 4.7.9: the declaration was checked at the price by analogy; at the GM's price it must still be
    payable, else it is refused as check 9 refuses it (nothing is spent). The why line, or None when payable."""
    from replay.rulesets.skirmish import check

    if order.get("grip_price") is None or not check.payment(state, fid, order, priced,
                                                            data.maneuvers()[order["maneuver"]]):
        return None
    avail_r, avail_s = pools.available(state.fighter(fid), state.round, state.exchange)
    return (f"{fid} cannot pay the GM's price of the grip change, {order['grip_price']} R: the declaration costs "
            f"R{priced['paid_R']} S{priced['paid_S']}, available R{avail_r} S{avail_s} (4.7.9, CP-31): the declaration "
            "is refused, nothing is spent")


def grip_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    w = actor.weapon
    grip = order.get("grip")
    if w is None or grip not in data.weapon_type(w.type).get("grips", []):
        return [problem("condition_failed", "5.4.3 M56, L701", f"grip: one of {w.type}'s grips "
                        f"({', '.join(data.weapon_type(w.type).get('grips', []))})" if w else "no weapon in hand")]
    if grip == w.grip:
        return [problem("condition_failed", "5.4.3 M56", f"{w.id} is already in the {grip} grip")]
    return []


def grip_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    decl: Declared = o["attack"]
    emit_effect(ctx, x, "grip_change", decl.actor, [], [f"grip change: {decl.priced.get('weapon')} → "
                                                        f"{decl.order['grip']} ({decl.priced['activation']} R, M56)"],
                ["5.4.3 M56", "L701"])
    return {}


# --- M57 shield push ---------------------------------------------------------------------------------------------

def push_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    sh = actor.shield
    if sh is None or sh.state != "ready" or data.shield_type(sh.type)["kind"] == "buckler":
        out.append(problem("condition_failed", "5.4.3 M57, L707", "a ready shield, not a buckler"))
    t = state.opponent(actor.id)
    if t.height_cm > 1.5 * actor.height_cm:
        out.append(problem("condition_failed", "5.4.3 M57, L707", "the opponent is more than 1.5 × your height"))
    r, s = (int((order.get("dice") or {}).get(k, 0)) for k in ("reflex", "skill"))
    if r + s > actor.char("strength"):
        out.append(problem("condition_failed", "5.4.3 M57, L711", f"at most Strength {actor.char('strength')} dice"))
    return out


def push_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M57 (L709): the opponent ends up at any distance up to long (CP-17, default long) and makes a free
    Stability (Strength) check needing at least the final successes, or falls."""
    decl = mine(o, "shield_push")
    if not won(o, decl):
        return {}
    if any(d.type == "skirmish.effect" and d.payload["maneuver"] == "shield_push" and d.payload["exchange"] == x
           and d.payload["actor"] == decl.actor for d in ctx.drafts):
        return {}  # a large shield's push answering both parts of a double attack pushes once (L265)
    victim = ctx.state.opponent(decl.actor)
    dist, _ = ctx.ask("distance", actor=decl.actor, options=list(data.LENGTHS[:4]), default="long", applies=True,
                      what="where the push leaves the opponent, up to long (CP-17, M57)", exchange=x)
    way, n = check_with(ctx, x, victim.id, "stability", {  # L709 names Stability by Strength first: the default
        "strength": victim.char("strength"), "acrobatics": victim.skill("acrobatics") + victim.char("reflex")},
        default="strength")
    text = "Stability (Strength)" if way == "strength" else "balance (Acrobatics by Reflex)"
    r = check_roll(ctx, victim.id, "stability", n, 5, f"{text} of {victim.id} against the shield push", x, options)
    falls = max(0, r.net) < o["final"]
    emit_effect(ctx, x, "shield_push", decl.actor, [checked(victim.id, "stability", r, o["final"])],
                [f"shield push: {victim.id} pushed to {dist}; {text.removesuffix(' (Strength)')} {faces(r)} vs "
                 f"{o['final']} → "
                 + ("falls" if falls else "keeps the feet") + " (L709)"],
                ["5.4.3 M57"], ["CP-17 default"])
    if falls:  # a fall from his own height (5.8.5, L609): 1d6
        from replay.rulesets.skirmish.maneuvers.falls import fall

        fall(ctx, x, victim.id, 1, "the shield push", options, "shield_push")
    return {"distance": dist}


# --- M58 demoralization ------------------------------------------------------------------------------------------

def demoralization_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = []
    if not (state.round == 1 and state.exchange == 1):
        out.append(problem("condition_failed", "5.4.3 M58, L715", "demoralization at the start of the fight"))
    t = state.opponent(actor.id)
    if t.height_cm > 1.5 * actor.height_cm:
        out.append(problem("condition_failed", "5.4.3 M58", "the opponent is more than 1.5 × your height"))
    if order.get("etiquette") is not None and order["etiquette"] not in ETIQUETTES:
        out.append(problem("condition_failed", "5.4.3 M58, CP-35", f"etiquette: {', '.join(ETIQUETTES)}"))
    if order.get("by") is not None and order["by"] not in ("endurance", "charisma"):
        out.append(problem("condition_failed", "5.4.3 M58, CP-35", "by: endurance or charisma"))
    return out


ETIQUETTES = ("army", "criminal", "police")
"""M58 (L717, CP-35): the etiquette types (skills etiquette_army, etiquette_criminal, etiquette_police)."""


def etiquette(f: Fighter, kind: str | None = None) -> int:
    """The Etiquette skill of `kind`, or the best one."""
    if kind is not None:
        return f.skill(f"etiquette_{kind}")
    return max((v for k, v in f.skills.items() if k.startswith("etiquette")), default=0)


def demoralization_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M58 (L719, A-80): Etiquette by Endurance against the opponent's Etiquette (or fear by Will), both %5 and
    free; the winner adds the final successes to the next initiative roll (automatic successes); the loser takes −1
    success on every roll for the fight per 5 final successes."""
    decl: Declared = o["attack"]
    a, t = ctx.state.fighter(decl.actor), ctx.state.opponent(decl.actor)
    kind, by = decl.order.get("etiquette"), str(decl.order.get("by") or "endurance")  # CP-35: the actor's choice
    n_a = etiquette(a, kind) + a.char(by)
    best = "etiquette" if etiquette(t) >= t.char("will") else "will"
    answer, _ = ctx.ask("answer", actor=t.id, options=["etiquette", "will"], default=best, applies=True,
                        what=f"{t.id}'s answer to the demoralization: Etiquette or fear by Will (CP-35)", exchange=x)
    n_t = etiquette(t) if answer == "etiquette" else t.char("will")
    asks = [(f"{max(1, n_a)}d{options.pool_die_sides}", a.id, "demoralization",
             {"exchange": x}, f"Etiquette{f' ({kind})' if kind else ''} by {by.capitalize()} of {a.id} "
             "(demoralization, %5)"),
            (f"{max(1, n_t)}d{options.pool_die_sides}", t.id, "demoralization",
             {"exchange": x}, f"{'Etiquette' if answer == 'etiquette' else 'fear by Will'} of {t.id} against the "
             "demoralization (%5)")]
    ra, rt = (dice.count(r.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
              for r in ctx.need_rolls(asks))
    res = dice.opposed(ra.net, rt.net)
    why = [f"demoralization: {a.id} {faces(ra)}; {t.id} {faces(rt)}"]
    changes = [checked(a.id, "demoralization", ra), checked(t.id, "demoralization", rt)]
    if res.winner is None:
        why.append("tie: no effect")
    else:
        win, lose = (a, t) if res.winner == "attack" else (t, a)
        changes.append(timed(win.id, "initiative_bonus", res.final, (ctx.state.round, x), FIGHT_END,
                             source="demoralization"))
        why.append(f"{win.id} wins with {res.final}: +{res.final} on the next initiative roll")
        if res.final // 5:
            changes.append(timed(lose.id, "success_penalty", res.final // 5, (ctx.state.round, x), FIGHT_END,
                                 source="demoralization"))
            why.append(f"{lose.id}: −{res.final // 5} success on every roll for the fight (L719)")
    emit_effect(ctx, x, "demoralization", a.id, changes, why, ["5.4.3 M58", "L719"], ["A-80"])
    return {}


register(
    Move("grab", difficulty=lambda s, a, o, w, opt: (5, ["Wrestling by Reflex %5 (L658)"]), weapon="none",
         conditions=grab_conditions, activation=hand_distance_activation, after=grab_after, length_penalty="none"),
    Move("leg_dive", difficulty=lambda s, a, o, w, opt: (5, ["Wrestling by Reflex %5 (L669)"]), weapon="none",
         conditions=leg_dive_conditions, activation=hand_distance_activation, after=leg_dive_after,
         length_penalty="none", steps=("attack",)),
    Move("disarm", difficulty=disarm_difficulty, conditions=disarm_conditions, after=disarm_after, zone=False,
         extras=lambda s, a, o, w: {"no_damage": True}),
    Move("assess", conditions=assess_conditions, after=assess_after, resolves="check", pool_dice=False,
         weapon="none", zone=False, steps=("attack",), difficulty=lambda s, a, o, w, opt: (5, ["%5 (A-79)"])),
    Move("grip_change", conditions=grip_conditions, after=grip_after, resolves="check", pool_dice=False,
         zone=False, steps=("attack",), activation=lambda s, a, o: grip_cost(a.weapon, str(o.get("grip")),
                                                                              o.get("grip_price")),
         difficulty=lambda s, a, o, w, opt: (0, ["no roll (L701)"])),
    Move("shield_push", difficulty=shield_difficulty(), weapon="shield", conditions=push_conditions,
         after=push_after, zone=False, length_penalty="none", extras=lambda s, a, o, w: {"no_damage": True}),
    Move("demoralization", conditions=demoralization_conditions, after=demoralization_after, resolves="check",
         pool_dice=False, weapon="none", zone=False, steps=("attack",),
         difficulty=lambda s, a, o, w, opt: (5, ["%5 (A-80)"])),
)
