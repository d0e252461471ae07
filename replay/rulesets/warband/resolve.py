"""The turn as phases (§4.1): turn 0 is the preparation (§3); every later turn runs the movement, ranged and melee
stages, each side in turn order ("movement:A", "movement:B", "ranged:A" …), then the end of the turn.

Requests, in the order the rules ask:
- turn 0 `preparation`: the GM's `weather` (C04) and `day_night` (C05), every side's deployment order (C07), all at
  once; then every side's `turn_order` d6 (re-rolls of ties, key `round`).
- each stage of each side: the side's stage order (key `stage`); movement: a `move_roll` d6 per warrior whose
  order says `roll`, then its `path` (C09); ranged: per shot the shooter's `to_wound` d6, then the target's
  `save_cover` / `save_armour` d6; melee: per fight, see `melee.py`.
- end of turn: the GM's `game_end` (C30; saying nothing means the game goes on).
"""

from __future__ import annotations

from typing import Any

from eventlog.envelope import Draft
from replay.context import Context, MissingInput, Request, Waiting, freeze
from replay.rulesets.warband import (
    check,
    data,
    derive,
    draft,
    durability,
    falls,
    guns,
    magic,
    melee,
    mounts,
    space,
    words,
)
from replay.rulesets.warband import events as ev
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.dice import d6, save_kinds, save_text, saves
from replay.rulesets.warband.model import STAGES, State, WarbandOptions, Warrior


def resolve(state: State, turn: int, ctx: Context, options: WarbandOptions) -> None:
    if turn == 0:
        preparation(ctx, options)
        return
    ctx.set_phase(f"movement:{ctx.state.order()[0]}")
    weather, how = ctx.ask("turn_weather", actor=None, options=[], default="unchanged", applies=True,
                           what="C08: the weather of this turn",
                           accept=lambda v: check.weather_problems(v, "C08") == [])
    if how == "chosen" and weather != "unchanged":
        ctx.emit(_draft(weather_event(weather, "turn")))
    for stage in STAGES:
        for side in ctx.state.order():
            ctx.set_phase(f"{stage}:{side}")
            gaps = melee_gaps(ctx.state, side) if stage == "melee" else []
            sight = sight_now(ctx.state)
            ctx.emit(_draft(ev.StageStarted(stage=stage, side=side, night=ctx.state.night(), gaps=gaps, sight=sight,
                                            why=[f"turn {turn}, {stage} stage of {side}"
                                                 f" ({'night' if ctx.state.night() else 'day'})"]
                                            + ([sight_why(ctx.state, sight)] if sight else [])
                                            + ([", ".join(f"{a}–{b} {g:g} cm" for a, b, g in gaps)] if gaps else []),
                                            rule="§4.1" + (", §4.3.1" if sight else "") + (", §4.4" if gaps else ""),
                                            defaults=["A-15"] + (["A-20"] if weather_sight(ctx.state) else []))))
            if stage == "movement":
                mounts.runaways(ctx, side, options)  # before the side's orders: they are written knowing the run
            order = stage_order(ctx, side, stage)
            guns.declare_sabotage(ctx, side, stage, order.get("sabotage", []), check.busy(order))
            STAGE_RUNNERS[stage](ctx, side, order, options)
            engagement_cleanup(ctx, options)
        guns.sabotage_tick(ctx, stage)
    ctx.set_phase("end")
    durability.end_of_melee(ctx, options.durability_mode)
    end, _ = ctx.ask("game_end", actor=None, options=["continue", "end"], default="continue", applies=True,
                     what="C30: does the GM end the game after this turn")
    night = ctx.state.clock.is_night(turn + 1)
    ctx.emit(_draft(ev.TurnEnded(next_turn=turn + 1, night=night, rule="§4.5",
                                 why=[f"turn {turn} ends; turn {turn + 1} is {'night' if night else 'day'}"])))
    if end == "end":
        ctx.emit(_draft(ev.GameEnded(reason="the GM ends the game", rule="§3.5", defaults=["A-21"],
                                     why=[f"the GM ends the game after turn {turn}"])))


def weather_event(value: Any, scope: str) -> ev.Weather:
    """C04 / C08: the GM's weather; its modifiers (A-20: none by default) act on every warrior until the next."""
    label, mods = check.weather_value(value)
    whose = "the weather" if scope == "game" else "this turn's weather"
    if mods:
        why = f"the GM declares {whose}: {label} (" + ", ".join(words.modifier(k, v, "en") for k, v in mods.items()) + \
            " for every warrior until the next weather, A-20)"
    else:
        why = f"the GM declares {whose}: {label} (no mechanical effect" + (", A-20)" if scope == "game" else ")")
    return ev.Weather(weather=label, scope="game" if scope == "game" else "turn", modifiers=mods or None,
                      rule="§3.2" if scope == "game" else "§2.10, §4.1", defaults=["A-20"], why=[why])


def weather_sight(state: State) -> float:
    """The weather's modifier of sight in force (A-20), in cm (0 without one)."""
    return next((float(e.modifiers.get("sight", 0)) for w in state.warriors for e in w.effects
                 if e.source == "weather"), 0.0)


def sight_now(state: State) -> dict[str, float] | None:
    """At night or under a weather that changes sight: the sight ranges in force (L120, A-20); None by a clear day."""
    probe = next((w for w in state.warriors if w.active), None)
    weather = weather_sight(state)
    if not state.night() and not weather:
        return None
    return {"ordinary": derive.sight(probe, state.night()) if probe else 0.0,
            "dispatcher": derive.sight(probe, state.night(), dispatcher=True) if probe else 0.0,
            "inspect": derive.inspect_range(state.night())}


def sight_why(state: State, sight: dict[str, float]) -> str:
    night = data.const("night_sight_reduction_cm") if state.night() else 0
    weather = sight["ordinary"] - (data.const("sight_cm")["ordinary"] - night)
    return (f"sight {sight['ordinary']:g} cm (30" + (f" − {night:g} at night" if night else "")
            + (f" {'−' if weather < 0 else '+'} {abs(weather):g} in the {state.turn_weather}" if weather else "")
            + f"), dispatchers {sight['dispatcher']:g}, a close look {sight['inspect']:g} (L120"
            + (", A-20)" if weather else ")"))


def melee_gaps(state: State, side: str) -> list[tuple[str, str, float]]:
    """§4.4 (L190): "who is at what distance from the enemies": each of the side's warriors and every enemy within
    its reach plus its charge (its МДД), edge to edge."""
    out = []
    for w in state.warriors:
        if w.side != side or not w.active or not w.deployed:
            continue
        for e in state.warriors:
            if e.side != side and e.active and e.deployed:
                g = space.gap(w, e)
                if g <= derive.reach(w) + derive.charge_max(w) + geo.EPS:
                    out.append((w.id, e.id, round(g, 2)))
    return out


def engagement_cleanup(ctx: Context, options: WarbandOptions) -> None:
    """§4.4.12: at the end of a stage, engagement ends for a warrior no enemy can strike and that strikes none."""
    state = ctx.state
    free = []
    for w in state.warriors:
        if w.active and w.engaged_with and not any(
                space.can_strike(w, e, options) or space.can_strike(e, w, options)
                for e in state.warriors if e.side != w.side and e.active):
            free.append(w.id)
    if free:
        ctx.emit(_draft(ev.EngagementEnded(warriors=free, rule="§4.4.12", defaults=["A-87"],
                                           why=[f"{', '.join(free)}: no enemy within reach either way; "
                                                "no longer engaged"])))


def _draft(e: ev.Resolution, visible: tuple[str, ...] | None = None) -> Draft:
    return Draft(e.type, e.model_dump(mode="json"), visible=visible)


def stage_order(ctx: Context, side: str, stage: str) -> dict[str, Any]:
    """The side's order for the stage (a later one replaces an earlier one); waits for it."""
    found = [e for e in ctx.recorded.orders_of(side) if e.payload.get("stage") == stage]
    if found:
        return found[-1].payload
    req = Request("order", side, "order", freeze({"stage": stage}), what=f"{stage} orders of {side}",
                  phase=ctx.phase)
    ctx.asked.append(req)
    raise Waiting(requests=[req])


# --- preparation (§3) ------------------------------------------------------------------------------------------

def preparation(ctx: Context, options: WarbandOptions) -> None:
    ctx.set_phase("preparation")
    if not ctx.state.draft_done:
        draft.run(ctx)
    sides = ctx.state.order()
    missing: list[Request] = []
    asked: dict[str, Any] = {}
    for name, default, what in (("weather", "clear", "C04: the game's weather"),
                                ("day_night", {"day": 4, "night": 2, "first": "day"},
                                 "C05: day and night turns of the 6-turn cycle, which comes first")):
        try:
            asked[name] = ctx.ask(name, actor=None, options=[], default=default, what=what,
                                  accept=lambda v, n=name: check.setup_choice_problems(n, v) == [])[0]
        except Waiting as w:
            missing += w.requests
    orders: dict[str, dict[str, Any]] = {}
    for side in sides:
        try:
            orders[side] = stage_order(ctx, side, "deployment")
        except Waiting as w:
            missing += w.requests
    if missing:
        raise Waiting(requests=missing)
    ctx.emit(_draft(weather_event(asked["weather"], "game")))
    dn = asked["day_night"]
    ctx.emit(_draft(ev.DayNight(day_turns=dn["day"], night_turns=dn["night"], first=dn["first"], rule="§3.2, §2.9",
                                defaults=["A-19"],
                                why=[f"{dn['day']} day and {dn['night']} night turns in each 6, {dn['first']} first"])))
    for side in sides:
        problems = check.deployment_problems(ctx.state, side, orders[side])
        if problems:
            raise MissingInput(f"turn 0: {side}'s deployment: " + "; ".join(problems))
        placements, gun_places = [], []
        for p in orders[side]["place"]:
            if "g" in p:
                gun_places.append(ev.Placement(warrior=p["g"], x=p["x"], y=p["y"], z=0.0, facing=p.get("facing", 90.0),
                                               depth=0.0))
                continue
            w = ctx.state.warrior(p["w"])
            z, _ = space.surface_at(ctx.state, (p["x"], p["y"]))
            placements.append(ev.Placement(warrior=w.id, x=p["x"], y=p["y"], z=z, facing=p.get("facing", 90.0),
                                           depth=space.deploy_depth(ctx.state, w, p["x"], p["y"])))
        limit = check.deploy_limit(ctx.state, side)
        ctx.emit(_draft(ev.Deployed(side=side, placements=placements, guns=gun_places, rule="§3.3",
                                    defaults=["A-11"],
                                    why=[f"{p.warrior} at ({p.x:g}, {p.y:g}) facing {p.facing:g}°, "
                                         f"{p.depth:g} ≤ {limit:g} cm from edge {ctx.state.side(side).home_edge}"
                                         for p in placements]
                                    + [f"gun {g.warrior} at ({g.x:g}, {g.y:g}) facing {g.facing:g}°"
                                       for g in gun_places])))
    turn_order(ctx, winner_chooses=options.turn_order_winner_chooses)


def turn_order(ctx: Context, purpose: str = "turn_order", winner_chooses: bool = False) -> list[str]:
    """§3.4 (A-16): d6 + global initiative each; ties re-rolled among the tied, round after round (the draft order
    of §3.1 is rolled the same way, purpose `draft_order`)."""
    state = ctx.state
    bonus = {s.id: data.load("races")["races"][s.race]["global_initiative"] for s in state.sides}
    rolls: dict[str, list[int]] = {s.id: [] for s in state.sides}
    why: list[str] = []

    def rank(group: list[str], rnd: int) -> list[str]:
        what = "turn-order" if purpose == "turn_order" else "draft-order"
        asks = [("1d6", sid, purpose, {"round": rnd}, f"{what} roll (round {rnd})") for sid in group]
        for sid, r in zip(group, ctx.need_rolls(asks), strict=True):
            rolls[sid].append(int(r.payload["result"][0]))
        totals = {sid: rolls[sid][-1] + bonus[sid] for sid in group}
        why.append(f"round {rnd}: " + ", ".join(
            f"{sid} {rolls[sid][-1]}" + (f" + {bonus[sid]} = {totals[sid]}" if bonus[sid] else "") for sid in group))
        out: list[str] = []
        for total in sorted(set(totals.values()), reverse=True):
            tied = [sid for sid in group if totals[sid] == total]
            out += tied if len(tied) == 1 else rank(tied, rnd + 1)
        return out

    order = rank([s.id for s in state.sides], 1)
    if purpose == "draft_order":
        why.append("draft order: " + " → ".join(order))
        ctx.emit(_draft(ev.DraftOrder(rolls=rolls, order=order, rule="§3.1", defaults=["A-16"], why=why)))
        return order
    if winner_chooses and len(order) > 1:
        winner = order[0]
        places = [str(n) for n in range(1, len(order) + 1)]
        place, _ = ctx.ask("turn_position", actor=winner, options=places, default="1",
                             what=f"C31: {winner} won the turn-order roll: which place it takes (1 = first)")
        order = order[1:]
        order.insert(int(place) - 1, winner)
        why.append(f"{winner} won the roll and takes place {place} (C31)")
    why.append("turn order: " + " → ".join(order))
    ctx.emit(_draft(ev.TurnOrder(rolls=rolls, order=order, rule="§3.4", defaults=["A-16"], why=why)))
    return order


# --- movement (§4.2) -------------------------------------------------------------------------------------------

def movement(ctx: Context, side: str, order: dict[str, Any], options: WarbandOptions) -> None:
    for gm in order.get("gun_moves", []):
        guns.move_gun(ctx, side, gm)
    for mv in order.get("moves", []):
        w = ctx.state.warrior(mv["w"])
        if "swap" in mv:
            mounts.swap(ctx, w, mv["swap"])
            w = ctx.state.warrior(w.id)
            if not mv.get("path"):
                continue
        if "untie" in mv:
            problems = mounts.untie_problems(ctx.state, w, mv)
            if problems:
                raise MissingInput(f"turn {ctx.turn}: {w.id}'s untying: " + "; ".join(problems))
            if not mv.get("path"):
                mounts.untie(ctx, w, mv)
                continue
        if "dismount" in mv:
            w = dismount(ctx, w, mv)
        if "jump" in mv:
            falls.jump(ctx, side, w, mv, options)
            continue
        if mv.get("roll"):
            m = derive.mdd(w)
            die = d6(ctx, side, "move_roll", f"movement roll for {w.id} (МДД {m:g})", warrior=w.id)
            allowance, k = derive.rough_allowance(m, die, options.rough_k_mode)
            ctx.emit(_draft(ev.MoveRolled(warrior=w.id, m=m, k=k, die=die, allowance=allowance, rule="§4.2.2",
                                          defaults=["A-23", "A-26"],
                                          why=[f"{w.id}: MDD {m:g}, d6 {die}: {m:g} − {k}×(6 − {die}) = "
                                               f"{allowance:g} cm" if die < 6 else
                                               f"{w.id}: MDD {m:g}, d6 6: the whole {m:g} cm"])))
            w = ctx.state.warrior(w.id)
            value, _ = ctx.ask("path", actor=side, options=[], default="stay", warrior=w.id,
                               what=f"C09: {w.id}'s path within {allowance:g} cm (or stay)",
                               accept=lambda v: v == "stay" or isinstance(v, dict))
            if value == "stay":
                ctx.emit(_draft(ev.Stayed(warrior=w.id, rule="§4.2.1, C09",
                                          why=[f"{w.id} stays where it is"])))
                continue
            mv = {"w": w.id, **value}
        problems = check.move_problems(ctx.state, w, mv, options)
        if problems:
            raise MissingInput(f"turn {ctx.turn}: {w.id}'s move: " + "; ".join(problems))
        path = [w.pos, *[tuple(p) for p in mv["path"]]]
        length = geo.path_length(path)
        allowance = w.allowance if w.allowance is not None else derive.mdd(w)
        z, _ = space.surface_at(ctx.state, path[-1])
        facing = float(mv.get("facing", w.facing))
        moved = ctx.emit(_draft(ev.Moved(warrior=w.id, path=path, length=round(length, 4), allowance=allowance,
                                 rolled=w.allowance is not None, facing=facing, z=z, rule="§4.2.1",
                                 defaults=["A-01", "A-12", "A-26"],
                                 why=[f"{w.id}: path {length:.1f} ≤ {allowance:g} cm "
                                      f"({'the roll' if w.allowance is not None else 'MDD'}), "
                                      f"ends at ({path[-1][0]:g}, {path[-1][1]:g}) facing {facing:g}°"])))
        del moved
        if "remount" in mv:
            m = ctx.state.mount(mv["remount"])
            ctx.emit(_draft(ev.Remounted(warrior=w.id, mount=m.id, kind=m.kind, rule="§4.2.6", defaults=["A-38"],
                                         why=[f"{w.id} mounts {m.id} ({m.kind}); its move ends (A-38)"])))
        if "untie" in mv:
            mounts.untie(ctx, ctx.state.warrior(w.id), mv, checked=True)
    for talk in order.get("talks", []):
        problems = check.talk_problems(ctx.state, side, talk)
        if problems:
            raise MissingInput(f"turn {ctx.turn}: {side}'s talk: " + "; ".join(problems))
        speaker, listener = ctx.state.warrior(talk["speaker"]), ctx.state.warrior(talk["listener"])
        gap = space.gap(speaker, listener)
        used = ctx.state.side(side).talk_seconds_used + int(talk["seconds"])
        whisper = talk.get("mode") == "whisper"
        limit = data.const("whisper_range_cm" if whisper else "talk_range_cm")
        ctx.emit(_draft(ev.Talk(speaker=speaker.id, listener=listener.id, speaker_side=side,
                                listener_side=listener.side, mode="whisper" if whisper else "talk",
                                seconds=int(talk["seconds"]), gap=round(gap, 4), used=used, rule="§4.2.10",
                                defaults=["A-46"] + (["A-49"] if talk.get("intel") else []),
                                intel=list(talk.get("intel", [])),
                                why=[f"{speaker.id} {'whispers to' if whisper else 'talks to'} {listener.id}: "
                                     f"{gap:.1f} ≤ {limit:g} cm, {talk['seconds']} s ({used} of 240 s this stage)"
                                     + (f"; tells of {', '.join(talk['intel'])} (guns may fire on it, A-49)"
                                        if talk.get("intel") else "")]),
                        visible=tuple(dict.fromkeys((side, listener.side))) if whisper else None))


def dismount(ctx: Context, w: Warrior, mv: dict[str, Any]) -> Warrior:
    """§4.2.6 (A-32, A-33): tied — a quarter of the МДД on foot this stage; loose — it runs from the next turn."""
    problems = mounts.dismount_problems(ctx.state, w, mv)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {w.id}'s dismount: " + "; ".join(problems))
    foot = mounts.on_foot(w)
    full = derive.mdd(foot)
    allowance = full / data.const("tie_mdd_divisor") if mv["dismount"] == "tie" else full
    at = [float(mv["mount_at"][0]), float(mv["mount_at"][1])]
    ctx.emit(_draft(ev.Dismounted(warrior=w.id, mount=f"{w.id}_mount", kind=str(w.mount), mode=mv["dismount"],
                                  at=at, allowance=allowance, rule="§4.2.6", defaults=["A-32", "A-33"],
                                  why=[f"{w.id} dismounts, {'ties' if mv['dismount'] == 'tie' else 'lets loose'} "
                                       f"its {w.mount} at ({at[0]:g}, {at[1]:g}); on foot MDD {full:g}"
                                       + (f" / 4 = {allowance:g} cm this stage" if mv["dismount"] == "tie" else
                                          "; the mount runs from the next turn")])))
    return ctx.state.warrior(w.id)


# --- ranged (§4.3) -----------------------------------------------------------------------------------------------

def ranged(ctx: Context, side: str, order: dict[str, Any], options: WarbandOptions) -> None:
    for cap in order.get("captures", []):
        guns.capture(ctx, side, cap)
    for rotation in order.get("rotations", []):
        guns.rotate(ctx, side, rotation)
    for gun in order.get("guns", []):
        guns.fire(ctx, side, gun)
    for sh in order.get("shots", []):
        if any(g.id == sh["target"] for g in ctx.state.guns):
            problems = check.gun_shot_problems(ctx.state, ctx.state.warrior(sh["w"]), sh["target"])
            if problems:
                raise MissingInput(f"turn {ctx.turn}: {sh['w']}'s shot: " + "; ".join(problems))
            guns.shoot_gun(ctx, ctx.state.warrior(sh["w"]), ctx.state.gun(sh["target"]))
            continue
        shoot(ctx, sh["w"], sh["target"], options)
    for c in order.get("casts", []):
        magic.cast(ctx, c)
    for item in order.get("inspects", []):
        inspect(ctx, side, item)


def inspect(ctx: Context, side: str, item: dict[str, Any]) -> None:
    """A-50: the target's equipment, shown to the inspecting side only."""
    problems = check.inspect_problems(ctx.state, side, item)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {item.get('w')}'s inspection: " + "; ".join(problems))
    w, t = ctx.state.warrior(item["w"]), ctx.state.warrior(item["target"])
    kit = [i.kind for i in t.items()] + ([t.mount] if t.mount else [])
    ctx.emit(_draft(ev.Inspected(warrior=w.id, side=side, target=t.id, gap=round(space.gap(w, t), 4),
                                 equipment=kit, rule="§4.3.1", defaults=["A-50"],
                                 why=[f"{w.id} looks closely at {t.id} ({space.gap(w, t):.1f} cm): "
                                      + (", ".join(kit) or "no equipment")]),
                    visible=(side,)))


def cluster(state: State, start: str) -> list[str]:
    """§4.3.4: the target and every warrior linked to it by engagement, transitively."""
    found, frontier = {start}, [start]
    while frontier:
        w = state.warrior(frontier.pop())
        for o in (*w.engaged_with, *(x.id for x in state.warriors if w.id in x.engaged_with)):
            if o not in found and state.warrior(o).active:
                found.add(o)
                frontier.append(o)
    return sorted(found)


def rolloff(ctx: Context, shooter: Warrior, members: list[str], **key: Any) -> tuple[str, dict[str, list[int]]]:
    """§4.3.4 (L248, A-58): every side in the fight rolls d6; the shot goes to the lowest (ties re-rolled). A
    damaging spell's roll-off has the key `spell` besides the caster's `warrior` and the `round`; a fall into the
    fight (A-45) the key `fall` (true) besides the faller's `warrior`."""
    sides = [s for s in ctx.state.order() if any(ctx.state.warrior(m).side == s for m in members)]
    rolls: dict[str, list[int]] = {s: [] for s in sides}
    group, rnd = sides, 1
    while len(group) > 1:
        got = ctx.need_rolls([("1d6", s, "engaged_rolloff", {"warrior": shooter.id, "round": rnd, **key},
                               f"roll-off for {shooter.id}'s {'fall' if 'fall' in key else 'spell' if key else 'shot'}"
                               " into the fight "
                               f"(round {rnd})") for s in group])
        for s, r in zip(group, got, strict=True):
            rolls[s].append(int(r.payload["result"][0]))
        low = min(rolls[s][-1] for s in group)
        group = [s for s in group if rolls[s][-1] == low]
        rnd += 1
    return group[0], rolls


def shoot(ctx: Context, shooter_id: str, target_id: str, options: WarbandOptions) -> None:
    """§4.3.2: range and band, the to-wound d6 (3+ within half range, 5+ to the full), cover, armour; into an
    engaged fight the roll-off picks whom it hits (§4.3.4)."""
    state = ctx.state
    s, t = state.warrior(shooter_id), state.warrior(target_id)
    problems = check.shot_problems(state, s, t)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {s.id}'s shot: " + "; ".join(problems))
    weapon = derive.missile(s) or ""
    rng = float(data.const("effective_range_cm")[weapon])
    d = space.shot_distance(s, t)
    base: dict[str, Any] = {"shooter": s.id, "target": t.id, "weapon": weapon, "distance": round(d, 4),
                            "range": rng, "rule": "§4.3.2", "defaults": ["A-08", "A-51", "A-52", "A-53"]}
    dark: list[str] = []
    if sight_now(state):  # at night or in a weather that changes sight, the sight decides whether it may shoot
        _, seen_gap, sight = space.sees(state, s, t)
        base.update(sight=sight, gap=round(seen_gap, 2), rule="§4.3.1, §4.3.2",
                    defaults=[*base["defaults"], *(["A-20"] if weather_sight(state) else [])])
        when = ("night" if state.night() else "day") + (f", {state.turn_weather}" if weather_sight(state) else "")
        dark = [f"{s.id} sees {t.id} at {seen_gap:.1f} cm, within its sight of {sight:g} cm ({when}; L120)"]
    if d > rng + geo.EPS:
        ctx.emit(_draft(ev.Shot(**base, taken=False,
                                why=[*dark, f"{s.id} → {t.id}: {d:.1f} cm > {rng:g} cm ({weapon}): no shot, "
                                     "no ammunition spent (A-52)"])))
        return
    why: list[str] = list(dark)
    if t.engaged_with:
        members = cluster(state, t.id)
        hit_side, rolls = rolloff(ctx, s, members)
        if t.side != hit_side:
            own = [state.warrior(m) for m in members if state.warrior(m).side == hit_side]
            t = min(own, key=lambda w: (space.shot_distance(s, w), w.id))
        d = space.shot_distance(s, t)
        base.update(target=t.id, declared=target_id, rolloff=rolls, distance=round(d, 4),
                    rule=base["rule"] + ", §4.3.4", defaults=[*base["defaults"], "A-58"])
        why.append(f"{target_id} is engaged; roll-off " + ", ".join(f"{x} {'/'.join(map(str, r))}"
                                                                   for x, r in rolls.items())
                   + f": the shot goes to {hit_side}, at {t.id}")
        if d > rng + geo.EPS:
            why.append(f"{t.id} is {d:.1f} cm away, beyond {rng:g} cm: the shot is wasted (spent)")
            ctx.emit(_draft(ev.Shot(**base, taken=True, why=why)))
            return
    tn = data.const("to_wound_within_direct") if d <= rng * data.const("direct_range_fraction") + geo.EPS \
        else data.const("to_wound_within_effective")
    die = d6(ctx, s.side, "to_wound", f"{s.id}'s shot at {t.id} ({tn}+)", warrior=s.id)
    why.append(f"{s.id} → {t.id}: {d:.1f} cm of {rng:g} ({weapon}), {'≤' if tn == 3 else '>'} {rng / 2:g} → "
               f"{tn}+; d6 {die}: {'hit' if die >= tn else 'miss'}")
    if die < tn:
        ctx.emit(_draft(ev.Shot(**base, taken=True, tn=tn, die=die, why=why)))
        return
    computed, piece, notes = space.coverage(state, s, t)
    cover = float(ctx.decide("coverage", computed, shooter=s.id, target=t.id))
    cover_tn = derive.cover_save_tn(cover)
    kinds = save_kinds(t, cover=cover_tn)
    notes = [n for n in notes if not (piece and n.startswith(f"{piece}: "))]
    why.append(f"cover {cover:g} %" + (f" ({piece})" if piece else "") + (f" [{'; '.join(notes)}]" if notes else "")
               + (f" → cover save {cover_tn}+" if cover_tn else " → no cover save")
               + (f"; GM ruling: {cover:g} % instead of {computed:g}" if cover != computed else ""))
    made, saved = saves(ctx, t, kinds, by=s.id)
    removed = not saved and t.wounds + 1 >= derive.health(t)
    why.append(f"{t.id}: {save_text(made)}" + ("" if saved else
               f" → 1 wound ({t.wounds + 1}/{derive.health(t)})" + (", removed" if removed else "")
               + (" (own side: no XP, L248)" if removed and t.side == s.side else "")))
    ctx.emit(_draft(ev.Shot(**{**base, "rule": base["rule"] + ", §4.3.3, §4.6",
                               "defaults": [*base["defaults"], "A-10", "A-56", "A-57"]},
                            taken=True, tn=tn, die=die, hit=True, coverage=cover, saves=made, wounded=not saved,
                            removed=removed, why=why)))


STAGE_RUNNERS = {"movement": movement, "ranged": ranged, "melee": melee.melee}
