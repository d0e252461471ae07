"""Input legality on the field (part 2): intents, the loose fighters' acts (moves, ranged stages, shots,
forming up), every problem named with its rule; a melee pair's declarations, rolls and choices go to part 1's
checks on the pair's fight. Nothing is appended."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from eventlog.envelope import Draft
from replay.rulesets.skirmish import battle, costs, data, formation, initiative, pools, ranged
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish.battle import Battle
from replay.rulesets.skirmish.model import SkirmishOptions

ACTS = ("move", "draw", "prepare", "aim", "shoot", "form", "flee", "wait", "pick_up", "throw_back", "charge")
CHARGES = {"beat": "M16", "rushing_attack": "M25"}
"""The attacks a loose fighter declares from afar, at the grid distance (A-85, A-102)."""


def check(state: Battle, requests: tuple[Any, ...], draft: Draft, options: SkirmishOptions) -> list[str]:
    """An input where the battle's resolution stands."""
    from replay.rulesets.skirmish import check as melee

    p = draft.payload
    actor = draft.actor or ""
    pair = state.pair_of(actor) if actor in state.roster else None
    if pair is not None and draft.type == "order" and "step" in p:
        from replay.rulesets.skirmish import sweep

        out = sweep.elsewhere(state, pair.id, actor, p)  # M09, M10, M24: a further target of another melee
        if out:
            return out
    if pair is not None and len(pair.fight.fighters) > 2 and (draft.type != "order" or "step" in p):  # 4.4, a group
        from replay.rulesets.skirmish import group

        if draft.type == "order" and "flee" in p:  # M45 (L616, CP-19): a Retreat declared as part of fleeing
            out = flee_problems(state, actor, p)
            if out:
                return out
            draft = replace(draft, payload={k: v for k, v in p.items() if k != "flee"})
        return group.check_input(state, pair, requests, draft, options)
    if draft.type == "order":
        if p.get("stage") == "intent":
            if p.get("intent") not in initiative.INTENTS:
                return ["4.1 (CP-01): intent is attack, defend or other"]
            return [] if asked(requests, actor, {"stage": "intent"}) else \
                ["4.1: intents are declared at the start of the battle"]
        if p.get("stage") == "field":
            if pair is not None:
                foe = ", ".join(state.engaged_with(actor))
                if p.get("act") == "aim":
                    return [f"5.6.4, L62: {actor} is engaged in melee with {foe}: no aiming in melee"]
                return [f"L62: {actor} is engaged in melee with {foe}: in melee only maneuvers move or act (declare "
                        "them with exchange and step)"]
            if p.get("exchange") not in (1, 2):
                return ["4.3: exchange: 1 or 2"]
            out = act(state, actor, p, options)
            if not out and not asked(requests, actor, {"exchange": p["exchange"], "stage": "field"}):
                out = [f"4.1: {actor}'s act for exchange {p['exchange']} is not asked now (the loose fighters act "
                       "in each field exchange, in the order of the initiative chain)"]
            return out
        if "step" in p:
            if pair is None:
                return [f"4.4: {actor} is not in melee (a declaration with a step is for a fighter engaged in a "
                        "melee pair; a loose fighter acts with stage: field)"]
            if "flee" in p:  # M45 (L616, CP-19): a Retreat declared as part of fleeing the battlefield
                out = flee_problems(state, actor, p)
                if out:
                    return out
                draft = replace(draft, payload={k: v for k, v in p.items() if k != "flee"})
            return melee.check(battle.on_the_field(state, pair), requests, draft, options)
        return ["order: stage intent, stage field (an act) or a melee declaration (exchange and step)"]
    if draft.type == "choice" and p.get("name") == "hindrance":  # CP-40 (5.6.5): the GM's ruling on a shooter
        from replay.rulesets.skirmish import shot

        if draft.actor is not None or p.get("shooter") not in state.roster or p.get("exchange") not in (1, 2):
            return [shot.HINDRANCE]
        return shot.hindrance_problems(p.get("value"))
    if pair is None and draft.actor is None and draft.type == "choice":
        fid = p.get("attacker") or p.get("fighter")
        pair = state.pair_of(str(fid)) if fid in state.roster else None
    if pair is not None:
        return melee.check(battle.on_the_field(state, pair), requests, draft, options)
    if draft.type == "choice" and p.get("name") == "missile_defence" and actor in state.roster:
        from replay.rulesets.skirmish import missile_defences

        return missile_defences.defence_problems(state, actor, p.get("value"), int(p.get("exchange") or 1),
                                     str(p.get("shooter")) if p.get("shooter") in state.roster else None,
                                     options.parry_weight_penalty, pair_asked(requests, actor, p))
    if draft.type == "choice" and p.get("name") == "protect_ally" and actor in state.roster:
        from replay.rulesets.skirmish import missile_defences

        return missile_defences.protect_problems(state, actor, str(p.get("target")), str(p.get("shooter")),
                                                 p.get("value"), int(p.get("exchange") or 1),
                                                 options.parry_weight_penalty, body_asked(requests, actor, p))
    return []


def pair_asked(requests: tuple[Any, ...], actor: str, p: dict[str, Any]) -> bool | None:
    """M87 (L1153): whether the open request a missile defence answers offers a second parrying weapon (two
    projectiles of one shot at him); None with no such request open (the resolution checks it when it asks)."""
    from replay.rulesets.skirmish.missile_defences import TWO_WEAPONS

    key = {k: v for k, v in p.items() if k not in ("name", "value")}
    asked = [r for r in requests if r.kind == "choice" and r.actor == actor and r.name == "missile_defence"
             and r.key_dict == key]
    return any(TWO_WEAPONS in (r.options or ()) for r in asked) if asked else None


def body_asked(requests: tuple[Any, ...], actor: str, p: dict[str, Any]) -> bool:
    """L981: a body cover is refused at input only where the open request it answers does not offer it (a second
    projectile, a through or a grazing shot); with no such request open, the resolution checks it when it asks."""
    key = {k: v for k, v in p.items() if k not in ("name", "value")}
    return not any(r.kind == "choice" and r.actor == actor and r.name == "protect_ally" and r.key_dict == key
                   and "body_cover" not in (r.options or ()) for r in requests)


def flee_problems(state: Battle, fid: str, p: dict[str, Any]) -> list[str]:
    """M45 (L616, CP-19): fleeing the battlefield out of a melee is a Retreat declared so in advance, from a cell on
    the field's edge (PROPOSED: the retreat's room, L614, takes him off the field)."""
    f = state.fighter(fid)
    if p.get("flee") is not True:
        return ["CP-19: flee is true (a Retreat declared as part of fleeing the battlefield) or left out"]
    if p.get("maneuver") != "retreat" or p.get("step") != "defence":
        return ["M45 (L616, CP-19): fleeing out of a melee is declared with a Retreat (M45), a defence"]
    if not state.on_edge(f.cell):
        return [f"1.2.6, CP-19: {fid} at ({f.cell[0]}, {f.cell[1]}) must stand on the field's edge to retreat off it"]
    return []


def asked(requests: tuple[Any, ...], actor: str, key: dict[str, Any]) -> bool:
    return any(r.kind == "order" and r.actor == actor and r.key_dict == key for r in requests)


def act(state: Battle, fid: str, p: dict[str, Any], options: SkirmishOptions) -> list[str]:
    """One act of a loose fighter where the battle stands."""
    from replay.rulesets.skirmish import shot

    kind = p.get("act")
    if kind in formation.SILENT:
        return [formation.silent(str(kind))]
    if kind not in ACTS:
        return [f"act: one of {', '.join(ACTS)} (5.6, 5.7, 5.12)"]
    f = state.fighter(fid)
    if f.out:
        return [f"helpless (4.7.1): {fid} is {f.status}"]
    busy = picking(state, fid)
    if busy is not None and kind != "wait":
        return [f"M50 (L650): {fid} is picking {busy} up from the floor over the whole round: he waits until the "
                "round ends"]
    if kind == "move":
        return move_problems(state, fid, p)
    if kind == "charge":
        return charge_problems(state, fid, p)
    if kind in ("draw", "prepare", "aim"):
        from replay.rulesets.skirmish.battle_round import prepares_double

        out = stage_problems(state, fid, str(kind))
        if not out and kind == "draw" and p.get("second") is not None:
            out = second_draw_problems(state, fid, p)
        double = kind == "prepare" and prepares_double(p)
        if not out and double:
            out = shot.double_problems(state, fid)
        if not out and isinstance(p.get("shoot"), dict):  # the shot loosed when this stage completes
            s = state.shooter(fid)
            assert s is not None
            ready = state.with_shooter(fid, replace(s, stage="aimed" if kind == "aim" else "prepared",
                                                    double=s.double or double))
            out = shot.problems(ready, fid, p["shoot"], options)
        return out
    if kind == "shoot":
        out = shot.problems(state, fid, p, options)
        t = p.get("target")
        if not out and p.get("hidden") and not grid.behind(state.grid, state.fighter(str(t)).cell,
                                                           state.fighter(str(t)).facing, f.cell):
            out.append(f"5.7 (L44): a hidden attack on {t}, who sees {fid} ({fid} is not behind {t})")
        return out
    if kind == "form":
        return shot.form_problems(state, fid, p)
    if kind == "pick_up":
        return pick_up_problems(state, fid, p)
    if kind == "throw_back":
        return throw_back_problems(state, fid, p, options)
    if kind == "flee" and not state.on_edge(f.cell):
        return [f"1.2.6, CP-19: {fid} at ({f.cell[0]}, {f.cell[1]}) must stand on the field's edge to leave it"]
    return []


def stage_problems(state: Battle, fid: str, kind: str) -> list[str]:
    """5.6.1: the stages in their order: draw a projectile, prepare the shot, aim (optional), shoot."""
    s = state.shooter(fid)
    if s is None:
        return [f"5.6: {fid} has no ranged weapon"]
    if s.lost == "picking":
        return [f"M50 (L650): {fid} is picking his {s.weapon} up from the floor over the whole round"]
    if s.lost == "dropped" and s.lost_at is not None:
        return [f"5.6.3 (L950): {fid}'s {s.weapon} lies on the floor at ({s.lost_at[0]}, {s.lost_at[1]}): pick it "
                "up first (pick_up, M50)"]
    if s.lost is not None:
        return [f"5.6.3 (L950): {fid}'s {s.weapon} is broken or jammed"]
    if s.busy is not None and s.busy != kind:
        return [f"5.6.1: {fid} is still at the {s.busy} ({s.done_s} of {s.need_s} s)"]
    if s.busy == kind:
        return []
    need = {"draw": "empty", "prepare": "drawn", "aim": "prepared"}[kind]
    if s.stage != need:
        return [f"5.6.1: {fid}'s {kind} needs the stage {need}, it is {s.stage}"]
    if kind == "draw" and s.ammo <= 0:
        return [f"5.6.2: {fid} has no projectiles left"]
    return []


def second_draw_problems(state: Battle, fid: str, p: dict[str, Any]) -> list[str]:
    """M81 (L1115, T-16): `second` {speedup: n} draws a second projectile into the other hand for a synchronous throw,
    with its own speed-up check: a throwing weapon, two projectiles left, not with several in one hand, both hands'
    checks at most Reflex dice (the spec's M81) and payable (4.7.9)."""
    from replay.rulesets.skirmish.shot import SHOT_MANEUVERS

    s = state.shooter(fid)
    assert s is not None
    second = p["second"]
    m = second.get("speedup", 0) if isinstance(second, dict) else None
    if not isinstance(second, dict) or set(second) - {"speedup"} or not isinstance(m, int) or isinstance(m, bool) \
            or m < 0:
        return ["M81 (L1115): second is {\"speedup\": n}: the other hand draws a second projectile for a "
                "synchronous throw, with its own speed-up check of n reflex dice (0: none)"]
    kind = ranged.weapon(s.weapon)["class"]
    if kind not in SHOT_MANEUVERS["synchronous_throw"][1]:
        return [f"M81 (L1115): a projectile into each hand only for a synchronous throw of throwing weapons, not a "
                f"{kind.replace('_', ' ')}"]
    if p.get("several"):
        return ["M81 (L1115): several projectiles into one hand or one into each hand, not both"]
    if s.ammo < 2:
        return [f"5.6.2: {fid} has {s.ammo} projectiles left: a draw into both hands needs two"]
    f = state.fighter(fid)
    n = int(p.get("speedup") or 0)
    if n + m > f.char("reflex"):
        return [f"M81 (T-16): both hands' speed-up checks roll {n + m} dice, more than {fid}'s Reflex "
                f"{f.char('reflex')}"]
    avail_r, _ = pools.available(f, state.round, max(1, state.exchange))
    if n + m > avail_r:
        return [f"4.7.9: both hands' speed-up checks cost {n + m} reflex points, {fid} has {avail_r}"]
    return []


def throw_back_problems(state: Battle, fid: str, p: dict[str, Any], options: SkirmishOptions) -> list[str]:
    """M88 (L1159-1161): a fighter who caught a throwing weapon throws it back as a plain throw: its target, dice and
    purchases as a shot's, priced as a throw of that weapon (no maneuver)."""
    from replay.rulesets.skirmish import shot

    held = next((k for i, k, _ in state.caught if i == fid), None)
    if held is None:
        return [f"M88 (L1161): {fid} holds no caught projectile to throw back"]
    if p.get("maneuver") is not None or p.get("hidden"):
        return ["M88 (L1161): a caught projectile is thrown back as a plain throw (no maneuver, not hidden)"]
    order = {k: v for k, v in p.items() if k not in ("act", "stage", "exchange")}
    return shot.problems(shot.holding(state, fid, held), fid, order, options)


PICK_UP_R = 3
"""M50 (L646): «3 очка Рефлекса, если оружие на полу»."""


def pick_up_problems(state: Battle, fid: str, p: dict[str, Any]) -> list[str]:
    """M50 (L646, A-39) on the field: a loose fighter picks up a weapon of his own lying on the floor, for 3 reflex
    points and the free Reflex check at %5: his ranged weapon where a hurried preparation's botch dropped it (L950),
    standing in that cell, or a melee weapon of his on the floor (its place is not tracked: he picks it up where he
    stands, PROPOSED) with his main hand free."""
    from replay.rulesets.skirmish import draw

    f = state.fighter(fid)
    wid = p.get("weapon")
    s = state.shooter(fid)
    if s is not None and wid == s.weapon:
        if s.lost != "dropped":
            return [f"M50: {fid}'s {wid} is not on the floor"]
        if s.lost_at is not None and tuple(f.cell) != s.lost_at:
            return [f"M50: {fid}'s {wid} lies at ({s.lost_at[0]}, {s.lost_at[1]}): he picks it up standing there"]
    else:
        w = f.weapon_by_id(str(wid)) if isinstance(wid, str) else None
        if w is None or w.state != "dropped":
            return [f"M50: {fid} has no weapon {wid!r} on the floor"]
        out = draw.problems(f, wid)
        if out:
            return out
    avail_r, _ = pools.available(f, state.round, max(1, state.exchange))
    if 0 < avail_r < PICK_UP_R:  # with none left the pick-up takes the whole round (L650)
        return [f"M50 (L646): picking a weapon up from the floor costs {PICK_UP_R} reflex points; {fid} has {avail_r}"]
    return []


def picking(state: Battle, fid: str) -> str | None:
    """M50 (L650): the weapon `fid` picks up from the floor over this round (a melee weapon `drawing`, his ranged
    weapon `lost: picking`), or None."""
    s = state.shooter(fid)
    if s is not None and s.lost == "picking":
        return s.weapon
    return next((w.id for w in state.fighter(fid).weapons if w.state == "drawing" and w.location == "floor"), None)


def move_problems(state: Battle, fid: str, p: dict[str, Any]) -> list[str]:
    """5.7: the gait, the path cell by cell, the budget (Speed × fraction + carry, A-63; a formation's drill cap,
    A-58), running with reflex points (L54), melee reach (L102)."""
    f = state.fighter(fid)
    gait = p.get("gait", "walk")
    if gait not in grid.GAITS:
        return [f"5.7: gait is one of {', '.join(grid.GAITS)}"]
    raw = p.get("path") or []
    if not isinstance(raw, list) or not all(isinstance(c, list) and len(c) == 2 and all(isinstance(v, int)
                                                                                       for v in c) for c in raw):
        return ["5.7: path is a list of cells [[x, y], …] walked in order"]
    if p.get("facing") is not None and p["facing"] not in grid.steps(state.grid):
        return [f"3.6: facing is one of {' '.join(grid.steps(state.grid))} on a {state.grid} grid"]
    path = [(c[0], c[1]) for c in raw]
    out = grid.path_problems(state.grid, state.width, state.height, state.blocked(), f.cell, path,
                             state.occupied(but=fid) - formation.partner_cells(state, fid))
    if out:
        return out
    r, x = state.round, max(1, state.exchange)
    avail_r, _ = pools.available(f, r, x)
    if gait in grid.RUNNING and avail_r == 0:
        return [f"5.7 (L54): {fid} has 0 reflex points: no running"]
    if avail_r == 0 and gait not in ("quiet_walk", "crawl"):
        return [f"5.7 (L56): {fid} has 0 reflex points: only the quiet walk"]
    speed, cap = speed_of(state, fid)
    have = grid.budget(speed, str(gait), Fraction(dict(state.carry).get(fid, "0")))
    if len(path) > have:
        return [f"5.7 (L52-58): a move longer than {fid}'s movement: {len(path)} m, {gait.replace('_', ' ')} allows "
                f"{float(have):g} m (Speed {speed} × {grid.GAITS[str(gait)]})"
                + (f" (formation drill cap {cap}, A-58)" if cap is not None else "")]
    for cell in path[:-1]:
        foe = within_reach(state, fid, cell)
        if foe is not None:
            return [f"L102: at ({cell[0]}, {cell[1]}) {fid} comes within reach of {foe}: melee begins there, the "
                    "path ends at that cell"]
    return []


def grid_category(metres: int) -> str:
    """A-65, A-102 (spec 4.2's default by grid): the grid distance as a category: adjacent medium, 2 cells very long,
    3 cells or more extremely long."""
    return "medium" if metres <= 1 else "very_long" if metres == 2 else "extremely_long"


def charge_budget(state: Battle, fid: str, p: dict[str, Any]) -> tuple[Fraction, str]:
    """The metres a charge may run and why: M16 the attacker's Speed (L369, A-85), M25 the declared run (Speed × the
    gait's fraction, CP-27, default sprint)."""
    speed, _ = speed_of(state, fid)
    if p.get("maneuver") == "beat":
        return Fraction(speed), f"Speed {speed}: M16, L369, A-85"
    run = str(p.get("run") or "sprint")
    return grid.budget(speed, run), f"Speed {speed} × {grid.GAITS[run]} at a {run}: M25, CP-27"


def charge_target_problems(state: Battle, fid: str, p: dict[str, Any]) -> list[str]:
    """M16 (L369, A-85) and M25 (L445, A-102) declared from afar by a loose fighter against a loose enemy: the
    maneuver, the run, the target and the grid distance (≤ Speed; as a category two or more beyond his weapon's
    length)."""
    m = p.get("maneuver")
    if m not in CHARGES:
        return ["charge: maneuver beat (M16) or rushing_attack (M25): the attacks declared from afar (A-85, A-102)"]
    rule = f"5.4.1 {CHARGES[str(m)]}"
    if m == "rushing_attack" and p.get("run") not in (None, "jog", "sprint"):
        return [f"{rule}, CP-27: run: jog or sprint"]
    f = state.fighter(fid)
    t = p.get("target")
    if t not in state.roster or state.fighter(str(t)).side == f.side:
        return [f"{rule}: target: an enemy on the field"]
    foe = state.fighter(str(t))
    if state.gone(foe.id) or foe.out:
        return [f"{rule}: {foe.id} is out of the fight"]
    engaged = state.pair_of(foe.id)
    if engaged is not None:
        return [f"{rule} (A-85, A-102): {foe.id} is not loose: he fights in the melee {engaged.id}; the grid distance "
                "holds only for fighters not yet engaged"]
    metres = grid.distance(state.grid, f.cell, foe.cell)
    speed, _ = speed_of(state, fid)
    if m == "beat" and metres > speed:
        return [f"{rule} (L369, A-85): {foe.id} is {metres} m from {fid}: too far for a distracting maneuver, the "
                f"grid distance must be ≤ {fid}'s Speed {speed}"]
    if m == "rushing_attack":
        own = costs.weapon_length(f.weapon) if f.weapon else "hand"
        cat = grid_category(metres)
        if data.length_index(cat) - data.length_index(own) < 2:
            return [f"{rule} (L445, A-102): {foe.id} is {metres} m from {fid}, {cat.replace('_', ' ')} distance: it "
                    f"must exceed {fid}'s weapon length {own.replace('_', ' ')} by two categories or more"]
    return []


def can_charge(state: Battle, fid: str) -> bool:
    """Whether `fid` could charge someone (battle_round.open_acts): a loose enemy he may declare M16 or M25 on from
    afar (charge_target_problems, the path aside)."""
    f = state.fighter(fid)
    return any(not charge_target_problems(state, fid, {"maneuver": m, "target": o.id}) for m in CHARGES
               for o in state.loose if o.side != f.side)


def charge_problems(state: Battle, fid: str, p: dict[str, Any]) -> list[str]:
    """M16 (L369, A-85) and M25 (L445, A-102) declared from afar by a loose fighter against a loose enemy: the target
    and the grid distance checked (charge_target_problems), the path run cell by cell to within reach of the target
    and no nearer enemy on the way (L102)."""
    out = charge_target_problems(state, fid, p)
    if out:
        return out
    m = p["maneuver"]
    rule = f"5.4.1 {CHARGES[str(m)]}"
    f = state.fighter(fid)
    foe = state.fighter(str(p["target"]))
    speed, _ = speed_of(state, fid)
    raw = p.get("path") or []
    if not isinstance(raw, list) or not all(isinstance(c, list) and len(c) == 2 and all(isinstance(v, int)
                                                                                       for v in c) for c in raw):
        return ["5.7: path is a list of cells [[x, y], …] walked in order"]
    path = [(c[0], c[1]) for c in raw]
    out = grid.path_problems(state.grid, state.width, state.height, state.blocked(), f.cell, path,
                             state.occupied(but=fid) - formation.partner_cells(state, fid))
    if out:
        return [f"{rule}: the path to {foe.id} is blocked: " + out[0]]
    end = path[-1] if path else f.cell
    if grid.distance(state.grid, end, foe.cell) > reach_between(f, foe):
        return [f"{rule} (L102): the path ends at ({end[0]}, {end[1]}), out of reach of {foe.id}: a charge runs to "
                "within reach of its target"]
    have, _ = charge_budget(state, fid, p)
    if len(path) > have and m == "beat":
        return [f"{rule} (5.7, L369, A-85): a run of {len(path)} m is longer than {fid}'s Speed {speed}"]
    if len(path) > have:
        run = str(p.get("run") or "sprint")
        return [f"{rule} (5.7, CP-27): a run of {len(path)} m is longer than {fid}'s {float(have):g} m at a {run} "
                f"(Speed {speed} × {grid.GAITS[run]})"]
    for cell in path[:-1]:
        near = within_reach(state, fid, cell)
        if near is not None:
            return [f"L102: at ({cell[0]}, {cell[1]}) {fid} comes within reach of {near}: melee begins there, the "
                    "path ends at that cell"]
    near = within_reach(state, fid, end)
    if near is not None and near != foe.id and grid.distance(state.grid, end, state.fighter(near).cell) \
            < grid.distance(state.grid, end, foe.cell):
        return [f"L102: at ({end[0]}, {end[1]}) {near} is nearer to {fid} than {foe.id}: melee begins with him"]
    return []


def speed_of(state: Battle, fid: str) -> tuple[int, int | None]:
    """(Speed, the drill cap when it lowers it): A-58, a formation's Reflex and Speed ≤ its lowest Army Etiquette."""
    speed = state.fighter(fid).char("speed")
    cap = next((fm.cap for fm in state.formations if fid in fm.members), None)
    return (cap, cap) if cap is not None and speed > cap else (speed, None)


def reach_between(a: Any, b: Any) -> int:
    """A-65: the longer reach of the two fighters' melee weapons."""
    la = costs.weapon_length(a.weapon) if a.weapon else "hand"
    lb = costs.weapon_length(b.weapon) if b.weapon else "hand"
    return max(grid.reach(la), grid.reach(lb))


def melees_within_reach(state: Battle, fid: str) -> list[tuple[str, str]]:
    """(the melee, its nearest enemy) of every melee whose enemy within reach of `fid` is at the nearest distance:
    one when the nearest enemy decides which melee he joins (4.4), several when that is his choice `join_melee`."""
    f = state.fighter(fid)
    near = sorted((grid.distance(state.grid, f.cell, o.cell), state.roster.index(o.id), p.id, o.id)
                  for p in state.pairs if p.fight.result is None for o in p.fight.fighters
                  if o.side != f.side and not state.gone(o.id)
                  and grid.distance(state.grid, f.cell, o.cell) <= reach_between(f, o))
    out: list[tuple[str, str]] = []
    for dist, _, pid, foe in near:
        if dist == near[0][0] and pid not in (m for m, _ in out):
            out.append((pid, foe))
    return out


def within_reach(state: Battle, fid: str, cell: tuple[int, int] | None = None) -> str | None:
    """The nearest loose enemy within melee reach of `cell` (the fighter's own by default), or None (L102, A-65)."""
    f = state.fighter(fid)
    here = cell or f.cell
    near = [(grid.distance(state.grid, here, o.cell), state.roster.index(o.id), o.id) for o in state.loose
            if o.side != f.side and not state.gone(o.id) and o.id != fid
            and grid.distance(state.grid, here, o.cell) <= reach_between(f, o)]
    return min(near)[2] if near else None
