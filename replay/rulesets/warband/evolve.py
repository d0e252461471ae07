"""The reducer of `warband@1`: the state after one resolution event. Pure; it trusts the payload's numbers."""

from __future__ import annotations

from dataclasses import replace

from eventlog.envelope import Event
from replay.rulesets.warband import events as ev
from replay.rulesets.warband.geometry import dist as geo_dist
from replay.rulesets.warband.model import Clock, Effect, Mount, State, Warrior


def evolve(state: State, event: Event) -> State:
    if event.type == "ruling":
        return state
    e = ev.read(event.type, event.payload)
    step = _STEPS[type(e)]
    return _unengage_removed(step(state, e))


def _unengage_removed(state: State) -> State:
    """A removed warrior engages nobody, whatever removed it (a blow, a shot, a spell, a fall, a burst): its own list
    is emptied here; its enemies' lists lose it at the stage's engagement check (`warband.engagement_ended`)."""
    if all(w.active or not w.engaged_with for w in state.warriors):
        return state
    return replace(state, warriors=tuple(w if w.active or not w.engaged_with else replace(w, engaged_with=())
                                         for w in state.warriors))


WEATHER_LASTS = 10 ** 6
"""A weather's modifiers last until the GM declares another weather (its effect is replaced, never expired)."""


def _weather(state: State, e: ev.Weather) -> State:
    mods = dict(e.modifiers or {})
    state = replace(state, warriors=tuple(
        replace(w, effects=tuple(x for x in w.effects if x.source != "weather")
                + ((Effect("weather", mods, WEATHER_LASTS),) if mods else ())) for w in state.warriors))
    if e.scope == "game":
        return replace(state, weather=e.weather, turn_weather=e.weather)
    return replace(state, turn_weather=e.weather)


def _day_night(state: State, e: ev.DayNight) -> State:
    return replace(state, clock=Clock(e.day_turns, e.night_turns, e.first))


def _deployed(state: State, e: ev.Deployed) -> State:
    for gp in e.guns:
        g = state.gun(gp.warrior)
        state = state.with_gun(replace(g, x=gp.x, y=gp.y, facing=gp.facing, origin=(gp.x, gp.y, gp.facing),
                                       deployed=True))
    for p in e.placements:
        w = state.warrior(p.warrior)
        state = state.with_warrior(replace(w, x=p.x, y=p.y, z=p.z, facing=p.facing, deployed=True))
    return state


def _draft_order(state: State, e: ev.DraftOrder) -> State:
    for pos, sid in enumerate(e.order, 1):
        state = state.with_side(replace(state.side(sid), draft_order_pos=pos))
    return state


def _draft_pick(state: State, e: ev.DraftPick) -> State:
    side = state.side(e.side)
    if e.kind in ("pass", "done"):
        return state.with_side(replace(side, draft_passed=True))
    if e.kind == "unit" and e.element:
        return state.with_warrior(replace(state.warrior(e.element), side=e.side, status="active"))
    if e.kind == "gun" and e.element:
        return state.with_gun(replace(state.gun(e.element), side=e.side))
    items = list(state.pool_items)
    items.remove(str(e.element))
    return replace(state.with_side(replace(side, drafted_items=(*side.drafted_items, str(e.element)))),
                   pool_items=tuple(items))


def _equipped(state: State, e: ev.Equipped) -> State:
    from replay.rulesets.warband import data
    from replay.rulesets.warband.model import Item

    for wid, kinds in e.items.items():
        w = state.warrior(wid)
        new = tuple(Item(k, data.item(k).get("durability"), data.item(k).get("durability")) for k in kinds)
        state = state.with_warrior(replace(w, equipment=w.equipment + new))
    for gid, wid in e.dispatchers.items():
        state = state.with_gun(replace(state.gun(gid), dispatcher=wid))
    return state.with_side(replace(state.side(e.side), drafted_items=tuple(e.unassigned)))


def _draft_ended(state: State, e: ev.DraftEnded) -> State:
    return replace(state, draft_done=True, pool_items=(),
                   guns=tuple(g for g in state.guns if g.side), warriors=tuple(w for w in state.warriors if w.side))


def _turn_order(state: State, e: ev.TurnOrder) -> State:
    for pos, sid in enumerate(e.order, 1):
        state = state.with_side(replace(state.side(sid), turn_order_pos=pos))
    return replace(state, turn=1, stage="movement", status="running", active_side=e.order[0])


def _stage_started(state: State, e: ev.StageStarted) -> State:
    state = replace(state, stage=e.stage, active_side=e.side)
    if e.stage == "melee":
        state = state.with_side(replace(state.side(e.side), charges_used=0))
    return state


def _move_rolled(state: State, e: ev.MoveRolled) -> State:
    return state.with_warrior(replace(state.warrior(e.warrior), allowance=e.allowance))


def _moved(state: State, e: ev.Moved) -> State:
    w = state.warrior(e.warrior)
    x, y = e.path[-1]
    return state.with_warrior(replace(w, x=x, y=y, z=e.z, facing=e.facing, moved=True,
                                      moved_cm=round(w.moved_cm + e.length, 4)))


def _stayed(state: State, e: ev.Stayed) -> State:
    return state.with_warrior(replace(state.warrior(e.warrior), moved=True))


def _jump(state: State, e: ev.Jump) -> State:
    w = state.warrior(e.warrior)
    return state.with_warrior(replace(w, x=e.end[0], y=e.end[1], z=e.z, facing=e.facing, moved=True,
                                      moved_cm=round(w.moved_cm + geo_dist(e.start, e.end), 4)))


def _fell(state: State, e: ev.Fell) -> State:
    w = state.warrior(e.warrior)
    items = tuple(replace(i, durability=max(0, i.durability - e.durability)) if i.durability is not None else i
                  for i in w.equipment)
    effects = (*w.effects, Effect("fall", dict(e.modifiers), e.until)) if e.modifiers else w.effects
    return state.with_warrior(replace(w, wounds=w.wounds + e.wounds, status="removed" if e.removed else w.status,
                                      equipment=items, effects=effects, moved=True))


def _dismounted(state: State, e: ev.Dismounted) -> State:
    w = state.warrior(e.warrior)
    mount = Mount(e.mount, e.kind, w.side, e.at[0], e.at[1], w.facing, "tied" if e.mode == "tie" else "running",
                  w.id, state.turn)
    return state.with_warrior(replace(w, mount=None, allowance=e.allowance)).with_mount(mount)


def _remounted(state: State, e: ev.Remounted) -> State:
    w = state.warrior(e.warrior)
    return state.with_warrior(replace(w, mount=e.kind, moved=True)).with_mount(None, e.mount)


def _mount_ran(state: State, e: ev.MountRan) -> State:
    if e.lost:
        return state.with_mount(None, e.mount)
    m = state.mount(e.mount)
    return state.with_mount(replace(m, x=e.end[0], y=e.end[1], run_from=(m.x, m.y),
                                    facing=e.heading if e.heading is not None else m.facing))


def _mount_stop(state: State, e: ev.MountStop) -> State:
    w = state.warrior(e.warrior)
    effects = (*w.effects, Effect(f"stop:{e.mount}", dict(e.modifiers), e.until or state.turn)) if e.modifiers \
        else w.effects
    w = replace(w, x=e.at[0], y=e.at[1], moved=True, halted=True, moved_cm=w.moved_cm + e.moved, effects=effects)
    if e.wounded:
        w = replace(w, wounds=w.wounds + 1, status="removed" if e.removed else w.status)
    m = state.mount(e.mount)
    if e.mount_after == "ridden":
        return state.with_warrior(replace(w, mount=m.kind)).with_mount(None, e.mount)
    return state.with_warrior(w).with_mount(replace(m, x=e.mount_at[0], y=e.mount_at[1], state=e.mount_after))


def _weapon_swapped(state: State, e: ev.WeaponSwapped) -> State:
    return state.with_warrior(replace(state.warrior(e.warrior), wielding=e.to, swapped_turn=state.turn))


def _untied(state: State, e: ev.Untied) -> State:
    w = state.warrior(e.warrior)
    m = state.mount(e.mount)
    return state.with_warrior(replace(w, moved=True, halted=True)).with_mount(
        replace(m, state="running", since_turn=e.runs_turn - 1, run_from=None))


def _talk(state: State, e: ev.Talk) -> State:
    state = state.with_side(replace(state.side(e.speaker_side), talk_seconds_used=e.used))
    if e.intel:
        heard = state.side(e.listener_side)
        state = state.with_side(replace(heard, intel=tuple(dict.fromkeys((*heard.intel, *e.intel)))))
    return state


def _wounded(state: State, wid: str, removed: bool, by: str | None) -> State:
    w = state.warrior(wid)
    state = state.with_warrior(replace(w, wounds=w.wounds + 1, status="removed" if removed else w.status,
                                       engaged_with=() if removed else w.engaged_with))
    if removed and by is not None and state.warrior(by).side != w.side:
        killer = state.warrior(by)
        state = state.with_warrior(replace(killer, xp=killer.xp + 1))
    return state


def _shot(state: State, e: ev.Shot) -> State:
    s = state.warrior(e.shooter)
    state = state.with_warrior(replace(s, shot=True, shots_used=s.shots_used + (1 if e.taken else 0)))
    return _wounded(state, e.target, e.removed, e.shooter) if e.wounded else state


def _cast(state: State, e: ev.Cast) -> State:
    from replay.rulesets.warband.magic import after_cast

    return after_cast(state, e)


def _gun_hit(state: State, e: ev.GunHit) -> State:
    return _wounded(state, e.warrior, e.removed, e.dispatcher) if e.wounded else state


def _gun_rotated(state: State, e: ev.GunRotated) -> State:
    return state.with_gun(replace(state.gun(e.gun), facing=e.facing, rotated_turn=state.turn))


def _gun_moved(state: State, e: ev.GunMoved) -> State:
    d = state.warrior(e.dispatcher)
    state = state.with_warrior(replace(d, moved=True))
    return state.with_gun(replace(state.gun(e.gun), x=e.end[0], y=e.end[1]))


def _gun_captured(state: State, e: ev.GunCaptured) -> State:
    return state.with_gun(replace(state.gun(e.gun), side=e.side, dispatcher=e.dispatcher, captured_turn=state.turn))


def _sabotage_declared(state: State, e: ev.SabotageDeclared) -> State:
    for wid, gid in e.saboteurs.items():
        g = state.gun(gid)
        state = state.with_gun(replace(g, saboteurs=(*g.saboteurs, wid)))
    return state


def _sabotage(state: State, e: ev.Sabotage) -> State:
    g = state.gun(e.gun)
    return state.with_gun(replace(g, saboteurs=(), sabotage_progress=e.progress,
                                  status="destroyed" if e.destroyed else g.status))


def _gun_shot(state: State, e: ev.GunShot) -> State:
    s = state.warrior(e.shooter)
    state = state.with_warrior(replace(s, shot=True, shots_used=s.shots_used + (1 if e.taken else 0)))
    g = state.gun(e.gun)
    return state.with_gun(replace(g, hits_by_small_arms=e.hits, status="destroyed" if e.destroyed else g.status))


def _gun_fired(state: State, e: ev.GunFired) -> State:
    g = state.gun(e.gun)
    state = state.with_gun(replace(g, fired_turn=state.turn, status="destroyed" if e.destroyed else g.status))
    state = state.with_side(replace(state.side(e.side), gun_shots_used=e.shots_used))
    for gid in e.gun_hits:
        other = state.gun(gid)
        hits = other.hits_by_guns + 1
        state = state.with_gun(replace(other, hits_by_guns=hits, status="destroyed" if hits >= 2 else other.status))
    for b in e.bursts:
        if b["wounded"]:
            state = _wounded(state, b["warrior"], b["removed"], None)
    if e.terrain_hits:
        pieces = [replace(t, hits=t.hits + e.terrain_hits.count(t.id)) for t in state.terrain
                  if t.id not in e.terrain_destroyed]
        state = replace(state, terrain=tuple(pieces))
    return state


def _charge(state: State, e: ev.Charge) -> State:
    side = state.side(state.warrior(e.charger).side)
    state = state.with_side(replace(side, charges_used=side.charges_used + 1))
    w = state.warrior(e.charger)
    if not e.success:
        return state
    x, y = e.path[-1]
    effects = w.effects
    mods = {k: -v for k, v in (("initiative", e.initiative_penalty), ("attacks", e.attack_penalty)) if v}
    if mods:
        effects += (Effect(f"charge:{e.fight}", mods, state.turn),)
    return state.with_warrior(replace(w, x=x, y=y, z=e.z if e.z is not None else w.z, facing=e.facing,
                                      effects=effects))


def _pivot(state: State, e: ev.Pivot) -> State:
    return state.with_warrior(replace(state.warrior(e.warrior), facing=e.facing))


def _participants(state: State, e: ev.Participants) -> State:
    turn = state.turn
    for sid, ids in e.sides.items():
        for wid in ids:
            w = state.warrior(wid)
            changes: dict[str, object] = {"fought_turns": _add(w.fought_turns, turn)}
            if sid == e.initiator:
                changes["initiated_turns"] = _add(w.initiated_turns, turn)
            else:
                changes["attacked_turns"] = _add(w.attacked_turns, turn)
                changes["attacked_by"] = tuple(sorted({*w.attacked_by, e.initiator}))
            state = state.with_warrior(replace(w, **changes))  # type: ignore[arg-type]
    return state


def _add(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    return values if value in values else (*values, value)


def _nothing(state: State, e: ev.Resolution) -> State:
    return state


def _wound(state: State, e: ev.Wound) -> State:
    return _wounded(state, e.warrior, e.removed, e.attacker) if e.wounded and e.warrior else state


def _fight_resolved(state: State, e: ev.FightResolved) -> State:
    source = f"charge:{e.fight}"
    out = []
    for w in state.warriors:
        effects = tuple(x for x in w.effects if x.source != source)
        engaged = tuple(e.engaged[w.id]) if w.id in e.engaged else w.engaged_with
        out.append(replace(w, effects=effects, engaged_with=engaged if w.active else ()))
    return replace(state, warriors=tuple(out), fights=state.fights + 1)


def _fight_cancelled(state: State, e: ev.FightCancelled) -> State:
    return replace(state, fights=state.fights + 1)


def _durability(state: State, e: ev.Durability) -> State:
    w = state.warrior(e.warrior)
    items = list(w.equipment)
    items[e.index] = replace(items[e.index], durability=e.after)
    return state.with_warrior(replace(w, equipment=tuple(items)))


def _engagement_ended(state: State, e: ev.EngagementEnded) -> State:
    for wid in e.warriors:
        state = state.with_warrior(replace(state.warrior(wid), engaged_with=()))
    return state


def _turn_ended(state: State, e: ev.TurnEnded) -> State:
    def fresh(w: Warrior) -> Warrior:
        return replace(w, moved=False, moved_cm=0.0, halted=False, allowance=None, shot=False, attacked_by=(),
                       spells_attempted=(), effects=tuple(x for x in w.effects if x.expires_turn >= e.next_turn))

    sides = tuple(replace(s, talk_seconds_used=0, charges_used=0, intel=()) for s in state.sides)
    return replace(state, turn=e.next_turn, stage="movement", active_side=state.order()[0], fights=0, sides=sides,
                   warriors=tuple(fresh(w) for w in state.warriors),
                   mounts=tuple(replace(m, run_from=None) for m in state.mounts))


def _game_ended(state: State, e: ev.GameEnded) -> State:
    return replace(state, status="ended", end_reason=e.reason)


_STEPS = {ev.Weather: _weather, ev.DayNight: _day_night, ev.Deployed: _deployed, ev.TurnOrder: _turn_order,
          ev.DraftOrder: _draft_order, ev.DraftPick: _draft_pick, ev.Equipped: _equipped,
          ev.DraftEnded: _draft_ended,
          ev.StageStarted: _stage_started, ev.MoveRolled: _move_rolled, ev.Moved: _moved, ev.Stayed: _stayed,
          ev.Talk: _talk, ev.Jump: _jump, ev.Fell: _fell, ev.Dismounted: _dismounted, ev.Remounted: _remounted,
          ev.MountRan: _mount_ran, ev.MountStop: _mount_stop, ev.Untied: _untied, ev.WeaponSwapped: _weapon_swapped,
          ev.Shot: _shot, ev.Cast: _cast,
          ev.GunHit: _gun_hit, ev.GunRotated: _gun_rotated, ev.GunFired: _gun_fired,
          ev.GunMoved: _gun_moved, ev.GunCaptured: _gun_captured, ev.SabotageDeclared: _sabotage_declared,
          ev.Sabotage: _sabotage, ev.GunShot: _gun_shot, ev.Inspected: _nothing, ev.Charge: _charge,
          ev.Pivot: _pivot,
          ev.Participants: _participants,
          ev.Initiative: _nothing, ev.Dedicated: _nothing, ev.Attacks: _nothing, ev.Wound: _wound,
          ev.FightResolved: _fight_resolved,
          ev.FightCancelled: _fight_cancelled, ev.Durability: _durability,
          ev.EngagementEnded: _engagement_ended, ev.TurnEnded: _turn_ended,
          ev.GameEnded: _game_ended}
