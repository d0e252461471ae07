"""Rapid fire (M82, spec 5.4.6; SOURCE L1121) as a volley of shots, and the field's extra fatigue checks: the one after
a rapid fire (5.10) and the one after a round of Pendulum (M85, L1141, A-62).

Our reading (PROPOSED, docs/skirmish.md): the free Reflex check (Reflex d10 at %5) gives the most arrows of the volley
(0: none is loosed); the first arrow rolls the shot's dice, each next one the net successes of the one before, capped
by the skill points committed to the volley (`volley`, A-77); every arrow is a shot of its own at +1 difficulty, its
rolls and its target's choices keyed by `arrow`, so the target defends against each arrow as against any shot (one
defence per arrow from his pool; a shield parry answers the next arrows from that side with its kept successes, M86,
CP-29). The volley stops at the check's number, at 0 dice, when the arrows run out or when the target is out of the
fight; then the archer's extra fatigue check («внеочередной бросок Усталости»)."""

from __future__ import annotations

from typing import Any

from replay.context import Context
from replay.rulesets.skirmish import dice
from replay.rulesets.skirmish.maneuvers import ranged as moves
from replay.rulesets.skirmish.model import SkirmishOptions


def rapid_fire(ctx: Context, fid: str, order: dict[str, Any], x: int, seq: int, options: SkirmishOptions) -> None:
    """M82 (L1121): the Reflex check for the most arrows, then the arrows one after another (shot.shoot each)."""
    from replay.rulesets.skirmish import shot
    from replay.rulesets.skirmish.battle_round import d10, emit

    f = ctx.state.fighter(fid)
    s = ctx.state.shooter(fid)
    assert s is not None
    roll = ctx.roll(d10(options, max(1, f.char("reflex"))), actor=fid, purpose="rapid_fire", exchange=x,
                    what=f"{fid}'s Reflex check for the most arrows of a rapid fire (free, %5, M82)")
    c = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    most = moves.rapid_fire_most(c.net, s.ammo)
    check = {"roll": c.to_json(), "most": most}
    if most == 0:
        target = str(order["target"])
        p = shot.price(ctx.state, fid, order, options)
        why = [check_line(fid, check), "no arrow is loosed: the arrow stays on the string (L1121)"]
        fatigue = fatigue_check(ctx, fid, {"exchange": x, "maneuver": "rapid_fire"}, options, why)
        emit(ctx, "shot", {"shooter": fid, "target": target, "exchange": x, "band": p.band or "", "metres": p.metres,
                           "spent_R": 0, "spent_S": 0, "outcome": "not_loosed", "final": 0, "ammo": s.ammo,
                           "from_cell": list(f.cell), "to_cell": list(ctx.state.fighter(target).cell),
                           "maneuver": "rapid_fire", "volley": {"arrow": 0, "most": 0, "check": check},
                           "fatigue": fatigue, "why": why, "rule": ["M82", "5.4.6", "L1121", "5.10"],
                           "defaults": ["A-77", "A-77b", "A-71", "5.10"]}, cause=roll.seq or None)
        return
    shot.shoot(ctx, fid, order, x, seq, options, shot.Arrow(1, None, most, int(order.get("volley") or 0), check))
    for k in range(2, most + 1):
        last = last_arrow(ctx, fid, x)["volley"]
        if last.get("ended"):
            return
        n = moves.next_arrow_dice(int(last["net"]), int(last["left"]))
        shot.shoot(ctx, fid, order, x, seq, options, shot.Arrow(k, n, most, int(last["left"]) - n))


def check_line(fid: str, check: dict[str, Any]) -> str:
    r = check["roll"]
    return (f"{fid}'s rapid fire (M82): Reflex {len(r['faces'])}d %5 {r['faces']} → {r['hits']} − {r['ones']} = "
            f"{r['net']}: at most {check['most']} arrows (L1121)")


def last_arrow(ctx: Context, fid: str, x: int) -> dict[str, Any]:
    """The payload of the volley's last arrow so far (this turn's drafts)."""
    return next(d.payload for d in reversed(ctx.drafts) if d.type == "skirmish.shot"
                and d.payload["shooter"] == fid and d.payload["exchange"] == x and d.payload.get("volley"))


def after_arrow(ctx: Context, fid: str, out: dict[str, Any], arrow: Any, x: int, options: SkirmishOptions,
                why: list[str]) -> None:
    """The volley's lines for this arrow and, when it is the last (the check's number, 0 dice next, no arrow left,
    the target out of the fight), the archer's extra fatigue check (L1121), put on this arrow's payload."""
    volley = out["volley"]
    head = [f"rapid fire (M82): arrow {arrow.k} of at most {arrow.most}, {volley['dice']} dice"
            + (f" (the net successes of arrow {arrow.k - 1}, capped by the volley's points, A-77)" if arrow.k > 1
               else "")]
    why[:0] = ([check_line(fid, arrow.check)] if arrow.check is not None else []) + head
    nxt = moves.next_arrow_dice(int(volley["net"]), arrow.left)
    stop = None
    if arrow.k >= arrow.most:
        stop = f"the volley ends: {arrow.most} arrows (the Reflex check, L1121)"
    elif nxt < 1:
        stop = (f"the volley ends: the next arrow would roll 0 dice ({volley['net']} net successes, {arrow.left} "
                "points left, A-77)")
    elif out["ammo"] < 1:
        stop = "the volley ends: no arrow left"
    elif target_falls(ctx, out):
        stop = f"the volley ends: {out['target']} is out of the fight"
    if stop is None:
        return
    volley["ended"] = True
    why.append(stop)
    out["fatigue"] = fatigue_check(ctx, fid, {"exchange": x, "maneuver": "rapid_fire"}, options, why)


def target_falls(ctx: Context, out: dict[str, Any]) -> bool:
    """The arrow's target is out of the fight after it: already, by its wound, or by a failed knockout check."""
    from replay.rulesets.skirmish.evolve import wounded

    t = ctx.state.fighter(out["target"])
    if out.get("wound"):
        t = wounded(t, out["wound"])
    return t.out or any(k["unconscious"] for k in out.get("knockouts") or [])


def fatigue_check(ctx: Context, fid: str, key: dict[str, Any], options: SkirmishOptions,
                  why: list[str]) -> dict[str, Any] | None:
    """5.10: an extra fatigue check, Endurance d10 at %5 (%6 with fatigue already, A-71); a failure (net ≤ 0) adds 1
    fatigue. None when the option `fatigue_rolls` is off."""
    from replay.rulesets.skirmish.battle_round import d10

    if not options.fatigue_rolls:
        return None
    f = ctx.state.fighter(fid)
    roll = ctx.roll(d10(options, max(1, f.char("endurance"))), actor=fid, purpose="fatigue", **key,
                    what=f"extra fatigue check of {fid} (Endurance)")
    tn = 6 if f.fatigue else 5
    c = dice.count(roll.payload["result"], tn, ones_cancel=options.ones_cancel_successes)
    gained = 1 if c.net <= 0 else 0
    why.append(f"{fid} extra fatigue check: Endurance {len(c.faces)}d %{tn} {list(c.faces)} → {c.hits} − {c.ones} = "
               f"{c.net}" + (" → fatigue +1" if gained else " → no fatigue") + " (5.10)")
    return {"fighter": fid, "roll": c.to_json(), "difficulty": tn, "gained": gained, "fatigue": f.fatigue + gained}


def pendulum_fatigue(ctx: Context, options: SkirmishOptions, why: list[str]) -> dict[str, dict[str, Any]]:
    """M85 (L1141, A-62): «броски усталости делаются аналогично спринту»: an extra fatigue check at the end of the
    round for each fighter who wove a pendulum against a shot or sprinted this round and is still in the fight; one
    check for a round of both (A-62: «at the end of each round spent sprinting or in Pendulum»); none when the option
    `fatigue_rolls` is off."""
    if not options.fatigue_rolls:
        return {}
    weavers: list[str] = []
    for d in ctx.drafts:
        if d.type != "skirmish.shot":
            continue
        p = d.payload
        for part in (p, p.get("second") or {}, *(p.get("grazed") or []), *(p.get("through") or [])):
            if (part.get("defence") or {}).get("maneuver") == "pendulum" and part["target"] not in weavers:
                weavers.append(str(part["target"]))
    sprinted = sprinters(ctx)
    out = {}
    for fid in sorted({*weavers, *sprinted}, key=ctx.state.roster.index):
        if ctx.state.fighter(fid).out:
            continue
        if fid in weavers:
            why.append(f"{fid} wove a pendulum this round: a fatigue check as after a sprint (M85, L1141, A-62)")
            key = {"exchange": 0, "maneuver": "pendulum"}
        else:
            why.append(f"{fid} sprinted this round: an extra fatigue check at the round's end (5.7, A-62)")
            key = {"exchange": 0, "maneuver": "sprint"}
        check = fatigue_check(ctx, fid, key, options, why)
        if check is not None:
            out[fid] = check
    return out


def sprinters(ctx: Context) -> list[str]:
    """5.7 (L54), A-62: who sprinted (ran at full Speed) in an exchange of this round: a move, or a shot's run or
    pendulum move (M75-M77)."""
    out: list[str] = []
    for d in ctx.drafts:
        p = d.payload
        if d.type == "skirmish.moved" and p.get("ran") and p.get("gait") == "sprint":
            who = str(p["fighter"])
        elif d.type == "skirmish.shot" and (p.get("move") or {}).get("gait") == "sprint":
            who = str(p["shooter"])
        else:
            continue
        if who not in out:
            out.append(who)
    return out
