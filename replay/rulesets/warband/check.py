"""Input legality: every problem of an order, roll or choice where resolution waits, named with its section."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft
from replay.ruleset import Point
from replay.rulesets.warband import data, derive, space
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.model import State, WarbandOptions, Warrior

CHOICES = {"weather": "C04", "day_night": "C05", "path": "C09", "coverage": "C16", "pivot": "C21",
           "pools": "C23", "allocate": "C24", "disengage": "C25", "game_end": "C30", "turn_weather": "C08",
           "gun_impact": "C18",
           "durability": "C27", "disengage_path": "C26",
           "diagonal": "C11", "dedicate": "C22", "stop_mount": "C12", "draft_pick": "C02", "equip": "C03",
           "turn_position": "C31"}
"""The choice points asked so far (name → the spec's catalogue id, §5.3)."""


ROLL_KEYS = {"turn_order": ("round",), "draft_order": ("round",), "move_roll": ("warrior",), "to_wound": ("warrior",),
             "save_cover": ("warrior",), "save_armour": ("warrior",),
             "save_invulnerable": ("warrior",), "save_invulnerable_reroll": ("warrior",), "save_burst": ("warrior",),
             "charge_roll": ("fight", "warrior"),
             "initiative": ("fight",), "disengage": ("fight",), "engaged_rolloff": ("warrior", "round"),
             "gun_burst": ("gun",), "cast": ("warrior", "n"), "miscast": ("warrior", "n"), "runaway": ("mount",),
             "diag_fb": ("mount",), "diag_lr": ("mount",),
             "stop_mount": ("mount",)}
"""The key fields every roll of a purpose carries (§5.4; the request names the rest)."""


def check(point: Point, draft: Draft, options: WarbandOptions) -> list[str]:
    if draft.type == "order":
        return order_problems(point, draft.actor, draft.payload, options)
    if draft.type == "choice":
        return choice_problems(point, draft.actor, draft.payload, options)
    if draft.type == "roll":
        return roll_problems(point, draft.actor, draft.payload)
    return []


def roll_problems(point: Point, actor: str | None, p: dict[str, Any]) -> list[str]:
    purpose = p.get("purpose")
    if purpose not in ROLL_KEYS:
        return [f"§5.4: no roll {purpose!r} (rolls: {', '.join(ROLL_KEYS)})"]
    missing = [k for k in ROLL_KEYS[purpose] if k not in p]
    if missing:
        open_ = [r.text() for r in point.requests if r.kind == "roll" and r.actor == actor and r.name == purpose]
        return [f"§5.4: a {purpose} roll names its {', '.join(missing)}"
                + (f" (the game waits for {open_[0]}: paste the roll without its purpose to answer it)"
                   if open_ else "")]
    if str(purpose).startswith("save_"):
        key = {k: v for k, v in p.items() if k not in ("dice", "purpose", "result", "total", "source")}
        if not _asked(point, "roll", actor, str(purpose), key):
            kind = str(purpose).removeprefix("save_").replace("_", " ")
            rest = {k: v for k, v in key.items() if k != "warrior"}
            return [f"§4.6, §4.4.8: no wound of {p.get('warrior')} waits for {actor or 'the GM'}'s {kind} save"
                    f"{f' {rest}' if rest else ''} now (it waits for: {_waiting(point)})"]
    return []


def _asked(point: Point, kind: str, actor: str | None, name: str, key: dict[str, Any]) -> bool:
    return any(r.kind == kind and r.actor == actor and r.name == name
               and all(key.get(k) == v for k, v in r.key_dict.items()) for r in point.requests)


def _waiting(point: Point) -> str:
    shown = [r.text() for r in point.requests[:4]]
    return "; ".join(shown) + (" …" if len(point.requests) > 4 else "") if shown else "nothing"


def order_problems(point: Point, actor: str | None, order: dict[str, Any], options: WarbandOptions) -> list[str]:
    stage = order.get("stage")
    if actor is None:
        return ["§4.1: stage orders are a side's (give --actor)"]
    if stage not in ("deployment", "movement", "ranged", "melee"):
        return ["§4.1: an order names its stage: deployment, movement, ranged or melee"]
    if not _asked(point, "order", actor, "order", {"stage": stage}):
        return [f"§4.1: the stages go side by side in turn order; resolution does not wait for {actor}'s {stage} "
                f"orders now (it waits for: {_waiting(point)})"]
    state: State = point.state
    if stage == "deployment":
        return deployment_problems(state, actor, order)
    from replay.rulesets.warband import guns

    problems = []
    if "sprints" in order or "sprint" in order:
        problems.append("§4.3.11: the rulebook names a sprint (L20) but never defines it: sprint orders are refused "
                        "(A-72); the GM may rule one")
    if order.get("sabotage"):
        problems += guns.sabotage_problems(state, actor, stage, order["sabotage"], busy(order))
    if stage == "movement":
        for gm in order.get("gun_moves", []):
            problems += guns.gun_move_problems(state, actor, gm)
        return problems + movement_problems(state, actor, order, options)
    if stage == "ranged":
        return problems + ranged_problems(state, actor, order)
    from replay.rulesets.warband.melee import fight_problems

    for n, fight in enumerate(order.get("fights", []), 1):
        problems += [f"fight {n}: {p}" for p in fight_problems(state, actor, fight, options)]
    return problems


def choice_problems(point: Point, actor: str | None, p: dict[str, Any], options: WarbandOptions) -> list[str]:
    name = p.get("name")
    key = {k: v for k, v in p.items() if k not in ("name", "value")}
    if name not in CHOICES:
        return [f"§5.3: no choice {name!r} (choices: {', '.join(CHOICES)})"]
    if name == "game_end":
        return [] if p.get("value") in ("continue", "end") else ["C30: game_end is continue or end"]
    if name == "turn_weather":
        return weather_problems(p.get("value"), "C08")
    if not _asked(point, "choice", actor, str(name), key):
        return [f"{CHOICES[name]}: resolution does not ask {actor or 'the GM'} for {name} {key or ''} now "
                f"(it waits for: {_waiting(point)})"]
    value = p.get("value")
    if name in ("weather", "day_night"):
        return setup_choice_problems(name, value)
    if name == "disengage_path":
        return [] if value == "stay" or isinstance(value, dict) and _points(value.get("path")) else \
            ['C26: a disengagement path is {"path": [[x, y], …], "facing": deg} or "stay"']
    if name == "path":
        if value == "stay":
            return []
        if not isinstance(value, dict):
            return ['C09: a path is {"path": [[x, y], …], "facing": deg} or "stay"']
        w = point.state.warrior(key["warrior"])
        return move_problems(point.state, w, {"w": w.id, **value}, options)
    if name in ("draft_pick", "equip"):
        from replay.rulesets.warband import draft

        check_ = draft.pick_problems if name == "draft_pick" else draft.equip_problems
        return check_(point.state, str(actor), p.get("value"))
    if name == "stop_mount":
        from replay.rulesets.warband import mounts

        mid = key.get("mount")
        if not any(m.id == mid for m in point.state.mounts):
            return [f"C12: no mount {mid!r} on the table"]
        return mounts.stop_problems(point.state, str(actor), point.state.mount(mid), p.get("value"), options)
    if name == "dedicate":
        value = p.get("value")
        if not isinstance(value, dict) or not all(isinstance(n, int) and n >= 0 for n in value.values()):
            return ["C22: a dedication is {side: attacks, …}"]
        req = next(r for r in point.requests if r.name == "dedicate" and r.actor == actor)
        total = sum(dict(req.default).values()) if req.has_default else 0
        bad = [s for s in value if s not in dict(req.default)]
        return ([f"C22: {actor} strikes no warrior of {', '.join(bad)} here"] if bad else []) + \
            ([f"C22: {actor} has {total} attack(s) to dedicate, not {sum(value.values())}"]
             if sum(value.values()) != total else [])
    if name == "pools":
        from replay.rulesets.warband.melee import pools_problems

        req = next(r for r in point.requests if r.name == "pools" and r.actor == actor)
        return pools_problems(point.state, req, value)
    req = next(r for r in point.requests if r.kind == "choice" and r.name == name and r.actor == actor)
    if req.options and value not in req.options:
        return [f"{CHOICES[name]}: {name} is one of {', '.join(map(str, req.options))}, not {value!r}"]
    return []


WEATHER_MODIFIERS = ("sight", "mdd", "initiative", "attack_strength", "attacks", "save_points")
"""What a GM's weather may modify (§2.10, §2.13; A-20: nothing by default): sight and МДД in cm, the rest in points."""


def weather_problems(value: Any, cid: str) -> list[str]:
    """A weather is a label ("clear", "rain") or {"label": …, "modifiers": {"sight": -5, "mdd": -2}} (§2.10)."""
    label, mods = (value, {}) if isinstance(value, str) else \
        (value.get("label"), value.get("modifiers", {})) if isinstance(value, dict) else (None, None)
    if not isinstance(label, str) or not label.strip() or (isinstance(value, dict) and set(value) - {"label",
                                                                                                     "modifiers"}):
        return [f'{cid}: the weather is a label ("clear", "rain") or {{"label": "fog", "modifiers": {{"sight": -5}}}}']
    if not isinstance(mods, dict) or not all(k in WEATHER_MODIFIERS and isinstance(v, (int, float))
                                             and not isinstance(v, bool) for k, v in mods.items()):
        return [f"§2.10: a weather's modifiers are numbers for {', '.join(WEATHER_MODIFIERS)} (A-20)"]
    return []


def weather_value(value: Any) -> tuple[str, dict[str, float]]:
    """(label, modifiers) of a weather choice that passed `weather_problems`."""
    if isinstance(value, str):
        return value, {}
    return str(value["label"]), {k: float(v) for k, v in (value.get("modifiers") or {}).items()}


def setup_choice_problems(name: str, value: Any) -> list[str]:
    if name == "weather":
        return weather_problems(value, "C04")
    if not isinstance(value, dict) or set(value) != {"day", "night", "first"}:
        return ['C05: day_night is {"day": 4, "night": 2, "first": "day"}']
    if not all(isinstance(value[k], int) and value[k] >= 0 for k in ("day", "night")) or \
            value["day"] + value["night"] != data.const("turns_per_cycle"):
        return ["§2.9: day and night turns are whole numbers that make 6 (L12)"]
    return [] if value["first"] in ("day", "night") else ["C05: first is day or night"]


# --- deployment (§3.3) -------------------------------------------------------------------------------------------

def deploy_limit(state: State, side: str) -> float:
    """20 cm (L9); “Тактика” relaxes it (SAMPLE depth in data/races.json)."""
    if "tactics" in state.side(side).abilities:
        depth = data.load("races")["abilities"]["tactics"]["deploy_depth_cm"]
        return float("inf") if depth == "unlimited" else float(depth)
    return float(data.const("deploy_depth_cm"))


def deployment_problems(state: State, side: str, order: dict[str, Any]) -> list[str]:
    places = order.get("place")
    if not isinstance(places, list):
        return ['§3.3: a deployment order is {"stage": "deployment", "place": [{"w", "x", "y", "facing"}, …]}']
    mine = {w.id for w in state.warriors if w.side == side} | {g.id for g in state.guns if g.side == side}
    named = [p.get("w", p.get("g")) for p in places if isinstance(p, dict)]
    problems = []
    if sorted(named) != sorted(mine):
        missing, stray = sorted(mine - set(named)), sorted(set(named) - mine)
        if missing:
            problems.append(f"§3.3: every warrior of {side} is deployed; missing {', '.join(missing)}")
        if stray:
            problems.append(f"§3.3: {', '.join(map(str, stray))} are not {side}'s warriors")
        if len(named) != len(set(named)):
            problems.append("§3.3: a warrior is placed once")
        return problems
    limit = deploy_limit(state, side)
    placed: list[Warrior] = [w for w in state.warriors if w.deployed]
    for p in places:
        if not all(isinstance(p.get(k), int | float) for k in ("x", "y")):
            problems.append(f"§3.3: {p.get('w', p.get('g'))} needs x and y in cm")
            continue
        if "g" in p:
            continue
        w = replace(state.warrior(p["w"]), x=float(p["x"]), y=float(p["y"]), deployed=True)
        r = derive.radius(w)
        depth = space.deploy_depth(state, w, w.x, w.y)
        if depth > limit + geo.EPS:
            problems.append(f"§3.3: {w.id}'s base reaches {depth:g} cm from edge {state.side(side).home_edge}; "
                            f"at most {limit:g} (L9)")
        if not (r <= w.x <= state.table[0] - r and r <= w.y <= state.table[1] - r):
            problems.append(f"§3.3: {w.id} is off the table")
        for o in placed:
            if geo.overlaps(w.pos, r, o.pos, derive.radius(o)):
                problems.append(f"§3.3.5: {w.id} overlaps {o.id}")
        for t in state.terrain:
            if t.impassable and geo.base_polygon_gap(w.pos, r, t.polygon) <= 0:
                problems.append(f"§3.3.5: {w.id} stands on impassable {t.id}")
        placed.append(w)
    return problems


# --- movement (§4.2.1) -------------------------------------------------------------------------------------------

def _points(raw: Any) -> list[tuple[float, float]] | None:
    if not isinstance(raw, list) or not raw:
        return None
    out = []
    for p in raw:
        if not (isinstance(p, list | tuple) and len(p) == 2 and all(isinstance(v, int | float) for v in p)):
            return None
        out.append((float(p[0]), float(p[1])))
    return out


def movement_problems(state: State, side: str, order: dict[str, Any], options: WarbandOptions) -> list[str]:
    moves = order.get("moves", [])
    if not isinstance(moves, list):
        return ["§4.2: moves is a list"]
    problems, seen = [], set()
    for mv in moves:
        wid = mv.get("w") if isinstance(mv, dict) else None
        if not isinstance(wid, str) or not state.has(wid):
            problems.append(f"§4.2.1: no warrior {wid!r}")
            continue
        w = state.warrior(wid)
        if w.side != side:
            problems.append(f"§4.2.1: {wid} is not {side}'s warrior")
            continue
        if wid in seen:
            problems.append(f"§4.2.1: one move order per warrior per stage (L28): {wid} twice")
            continue
        seen.add(wid)
        if "swap" in mv:
            from replay.rulesets.warband import mounts

            problems += mounts.swap_problems(state, w, mv["swap"])
            if not mv.get("path") and not mv.get("roll"):
                continue
        if mv.get("roll"):
            problems += [f"{wid}: {p}" for p in _mover_problems(w)]
            continue
        if "untie" in mv:
            from replay.rulesets.warband import mounts

            found = mounts.untie_problems(state, w, mv)
            problems += found
            if found or not mv.get("path"):
                if not found:
                    state = state.with_warrior(replace(w, moved=True, halted=True))
                continue
        if "jump" in mv:
            from replay.rulesets.warband.falls import jump_problems

            problems += jump_problems(state, w, mv, options)
            continue
        if "dismount" in mv:
            from replay.rulesets.warband import mounts

            found = mounts.dismount_problems(state, w, mv)
            problems += found
            if found:
                continue
            foot = mounts.on_foot(w)
            quarter = derive.mdd(foot) / data.const("tie_mdd_divisor") if mv["dismount"] == "tie" else derive.mdd(foot)
            w = replace(foot, allowance=quarter)
            state = state.with_warrior(w)
        found = move_problems(state, w, mv, options)
        if "remount" in mv and not found:
            from replay.rulesets.warband import mounts

            found = mounts.remount_problems(state, w, mv["remount"], tuple((_points(mv["path"]) or [w.pos])[-1]))
        problems += found
        if not found:  # later moves see this one done
            path = _points(mv["path"]) or []
            state = state.with_warrior(replace(w, x=path[-1][0], y=path[-1][1], moved=True))
    used = state.side(side).talk_seconds_used
    for talk in order.get("talks", []):
        found = talk_problems(state, side, talk)
        problems += found
        if not found:
            used += talk["seconds"]
            state = state.with_side(replace(state.side(side), talk_seconds_used=used))
    return problems


def talk_problems(state: State, side: str, talk: Any) -> list[str]:
    """§4.2.10 (L112): within 15 cm (a whisper 7.5), 4 minutes of talk per player per movement stage (A-46)."""
    if not isinstance(talk, dict) or not all(isinstance(talk.get(k), str) and state.has(talk[k])
                                             for k in ("speaker", "listener")):
        return ['§4.2.10: a talk is {"speaker": id, "listener": id, "mode": "talk|whisper", "seconds": n}']
    speaker, listener = state.warrior(talk["speaker"]), state.warrior(talk["listener"])
    problems = []
    if speaker.side != side or not speaker.active:
        problems.append(f"§4.2.10: {speaker.id} is not {side}'s warrior in play")
    if listener.side == side:
        problems.append(f"§4.2.10: one talks to another player's warrior, not to {listener.id}")
    mode = talk.get("mode", "talk")
    if mode not in ("talk", "whisper"):
        problems.append("§4.2.10: mode is talk or whisper")
    limit = data.const("whisper_range_cm" if mode == "whisper" else "talk_range_cm")
    gap = space.gap(speaker, listener)
    if gap > limit + geo.EPS:
        problems.append(f"§4.2.10: {speaker.id} and {listener.id} are {gap:.1f} cm apart; a {mode} reaches "
                        f"{limit:g} cm (L112)")
    seconds = talk.get("seconds")
    if not isinstance(seconds, int) or seconds <= 0:
        problems.append("§4.2.10: seconds is a whole positive number")
    elif state.side(side).talk_seconds_used + seconds > data.const("talk_seconds_per_player"):
        problems.append(f"§4.2.10: {side} has talked {state.side(side).talk_seconds_used} s this stage; "
                        f"{seconds} more passes the 240 s (L112)")
    intel = talk.get("intel", [])
    if not isinstance(intel, list) or not all(isinstance(i, str) for i in intel):
        return [*problems, "§4.2.10: intel is a list of enemy warrior ids"]
    for i in intel:
        if not state.has(i) or state.warrior(i).side == side or not state.warrior(i).active:
            problems.append(f"§4.2.10: intel names enemies in play; {i!r} is not one")
        elif not any(space.sees(state, w, state.warrior(i))[0] for w in state.warriors
                     if w.side == side and w.active and w.deployed):
            problems.append(f"§4.2.10: no warrior of {side} sees {i} now: it cannot be passed on (A-49)")
    return problems


def _mover_problems(w: Warrior) -> list[str]:
    problems = []
    if not w.active:
        problems.append(f"§4.2.1.1: {w.id} is out of play")
    if w.halted:
        problems.append(f"§4.2.8: {w.id} tried to stop a mount or untied one: it moves no more this stage (L82)")
    elif w.moved:
        problems.append(f"§4.2.1.1: {w.id} has moved this stage (one move order, L28)")
    return problems


def engaged_move_problems(state: State, w: Warrior, end: tuple[float, float], facing: float,
                          options: WarbandOptions) -> list[str]:
    """§4.2.13 (L240, A-48): an engaged warrior moves only to strike more enemies, or to come face to face; it never
    leaves every enemy it is engaged with."""
    if not w.engaged_with:
        return []
    enemies = [e for e in state.warriors if e.side != w.side and e.active]
    moved = replace(w, x=end[0], y=end[1], facing=facing)
    before = {e.id for e in enemies if space.can_strike(w, e, options)}
    after = {e.id for e in enemies if space.can_strike(moved, e, options)}
    problems = []
    if not after & set(w.engaged_with):
        problems.append(f"§4.2.13: {w.id} is engaged with {', '.join(w.engaged_with)}; the move takes it out of reach"
                        " of all of them (L240)")
    elif len(after) < len(before) or (len(after) == len(before) and before):
        problems.append(f"§4.2.13: {w.id} is engaged; a move must let it strike more enemies ({len(before)} → "
                        f"{len(after)}) or bring it face to face (L240, A-48)")
    return problems


def move_problems(state: State, w: Warrior, mv: dict[str, Any], options: WarbandOptions) -> list[str]:
    """§4.2.1: one move, its path from the warrior's place, within МДД or the rolled allowance."""
    problems = [f"{w.id}: {p}" for p in _mover_problems(w)]
    path = _points(mv.get("path"))
    if path is None:
        return [*problems, f"§4.2.1: {w.id}'s path is a list of [x, y] points in cm"]
    if "facing" in mv and not isinstance(mv["facing"], int | float):
        problems.append(f"C10: {w.id}'s facing is a number of degrees")
    full = [w.pos, *path]
    length = geo.path_length(full)
    reasons = space.needs_roll(state, w, full, options)
    if w.allowance is None and reasons:
        problems.append(f"§4.2.2: {w.id}'s path needs the movement roll ({'; '.join(reasons)}): "
                        f"order `{w.id} roll` first (L38)")
    allowance = w.allowance if w.allowance is not None else derive.mdd(w)
    if length > allowance + geo.EPS:
        problems.append(f"§4.2.1.2: {w.id}'s path is {length:.2f} cm > {allowance:g} cm "
                        f"({'the roll' if w.allowance is not None else 'МДД'})")
    for p in full[1:]:
        _, t = space.surface_at(state, p)
        if t is not None and t.height - w.z > options.step_cm and not t.climbable:
            problems.append(f"§4.2.3: {t.id} is not climbable (A-28)")
        if t is not None and t.height - w.z > options.step_cm and w.mount:
            problems.append(f"§4.2.3: only warriors on foot climb (L38, A-28); {w.id} rides")
    facing = float(mv["facing"]) if isinstance(mv.get("facing"), int | float) else w.facing
    problems += engaged_move_problems(state, w, full[-1], facing, options)
    return problems + space.path_problems(state, w, full, options)


# --- ranged (§4.3.2) ---------------------------------------------------------------------------------------------

def ranged_problems(state: State, side: str, order: dict[str, Any]) -> list[str]:
    problems, seen = [], set()
    for sh in order.get("shots", []):
        sid, tid = sh.get("w"), sh.get("target")
        if isinstance(sid, str) and state.has(sid) and any(g.id == tid for g in state.guns):
            if sid in seen:
                problems.append(f"§4.3.2: one shot per shooter per ranged stage (A-51): {sid} twice")
            seen.add(sid)
            problems += gun_shot_problems(state, state.warrior(sid), str(tid))
            continue
        if not (isinstance(sid, str) and state.has(sid)) or not (isinstance(tid, str) and state.has(tid)):
            problems.append(f"§4.3.2: a shot names a shooter and a target warrior ({sid!r} → {tid!r})")
            continue
        if state.warrior(sid).side != side:
            problems.append(f"§4.3.2: {sid} is not {side}'s warrior")
            continue
        if sid in seen:
            problems.append(f"§4.3.2: one shot per shooter per ranged stage (A-51): {sid} twice")
            continue
        seen.add(sid)
        problems += shot_problems(state, state.warrior(sid), state.warrior(tid))
    from replay.rulesets.warband.guns import capture_problems, gun_problems, rotation_problems
    from replay.rulesets.warband.magic import cast_problems

    for cap in order.get("captures", []):
        problems += capture_problems(state, side, cap)
    for item in order.get("inspects", []):
        problems += inspect_problems(state, side, item)
    for rotation in order.get("rotations", []):
        problems += rotation_problems(state, side, rotation)
    for gun in order.get("guns", []) if not order.get("rotations") else []:
        problems += gun_problems(state, side, gun)
    fired = [g.get("g") for g in order.get("guns", []) if isinstance(g, dict)]
    for gid in sorted({g for g in fired if isinstance(g, str) and fired.count(g) > 1}):
        problems.append(f"§4.3.5.6: {gid} fires once a ranged stage, not {fired.count(gid)} times (A-51)")

    attempted: dict[str, tuple[str, ...]] = {}
    for c in order.get("casts", []):
        wid = c.get("w") if isinstance(c, dict) else None
        done = attempted.get(wid, state.warrior(wid).spells_attempted if isinstance(wid, str) and state.has(wid)
                             else ())
        problems += cast_problems(state, side, c, done)
        if isinstance(wid, str):
            attempted[wid] = (*done, str(c.get("spell")))
    return problems


def inspect_problems(state: State, side: str, item: Any) -> list[str]:
    """A-50: a close look at a warrior within 15 cm by day, 5 at night, with line of sight."""
    if not isinstance(item, dict) or not all(isinstance(item.get(k), str) and state.has(item[k])
                                             for k in ("w", "target")):
        return ['§4.3.1: an inspection is {"w": warrior, "target": warrior}']
    w, t = state.warrior(item["w"]), state.warrior(item["target"])
    problems = []
    if w.side != side or not w.active:
        problems.append(f"§4.3.1: {w.id} is not {side}'s warrior in play")
    limit = derive.inspect_range(state.night())
    g = space.gap(w, t)
    if g > limit + geo.EPS or not space.los(state, w, t):
        problems.append(f"§4.3.1: {w.id} looks closely only within {limit:g} cm with line of sight; {t.id} is "
                        f"{g:.1f} cm away (A-50)")
    return problems


def busy(order: dict[str, Any]) -> set[str]:
    """The warriors a stage order uses for something other than sabotage (a saboteur does nothing else, §4.3.7)."""
    out = {m.get("w") for m in order.get("moves", []) if isinstance(m, dict)}
    out |= {m.get("w") for key in ("shots", "casts", "captures") for m in order.get(key, []) if isinstance(m, dict)}
    for f in order.get("fights", []):
        if isinstance(f, dict):
            out |= set(f.get("attackers", [])) | {c.get("w") for c in f.get("charges", []) if isinstance(c, dict)}
    return {w for w in out if isinstance(w, str)}


def gun_shot_problems(state: State, s: Warrior, gid: str) -> list[str]:
    """A small-arms shot at an enemy gun (L126: four shots destroy it): the shooter's budget and sight of it."""
    from replay.rulesets.warband import guns

    g = state.gun(gid)
    problems: list[str] = []
    if not s.active:
        problems.append(f"§4.3.2.1: {s.id} is out of play")
    if derive.missile(s) is None:
        problems.append(f"§4.3.2.1: {s.id} has no bow, crossbow or spear (L132)")
    if s.shot:
        problems.append(f"§4.3.2.2: {s.id} has used its ranged action this stage (A-51)")
    if s.shots_used >= derive.shots_cap(s):
        problems.append(f"§4.3.2.2: {s.id} has shot {s.shots_used} of {derive.shots_cap(s)} times (L162)")
    if g.side == s.side or g.status != "active":
        problems.append(f"§4.3.2.3: {g.id} is not an enemy gun in play")
        return problems
    stand_in = replace(s, id=g.id, x=g.x, y=g.y, mount=None, type="infantryman")
    seen, gap, rng = space.sees(state, s, stand_in)
    gap = guns.gap_to_gun(s, g)
    if gap > rng + geo.EPS:
        problems.append(f"§4.3.1: {g.id} is {gap:.1f} cm away, beyond {s.id}'s sight of {rng:g} cm (L120)")
    elif not space.los(state, s, stand_in):
        problems.append(f"§4.3.1: {s.id} has no line of sight to {g.id} (A-10)")
    return problems


def shot_problems(state: State, s: Warrior, t: Warrior) -> list[str]:
    problems = []
    if not s.active:
        problems.append(f"§4.3.2.1: {s.id} is out of play")
    if derive.missile(s) is None:
        problems.append(f"§4.3.2.1: {s.id} has no bow, crossbow or spear (L132)")
    if s.shot:
        problems.append(f"§4.3.2.2: {s.id} has used its ranged action this stage (A-51)")
    if s.shots_used >= derive.shots_cap(s):
        problems.append(f"§4.3.2.2: {s.id} has shot {s.shots_used} of {derive.shots_cap(s)} times (L162)")
    if t.side == s.side or not t.active:
        problems.append(f"§4.3.2.3: {t.id} is not an enemy in play")
        return problems
    seen, g, rng = space.sees(state, s, t)
    if g > rng + geo.EPS:
        problems.append(f"§4.3.1: {t.id} is {g:.1f} cm away, beyond {s.id}'s sight of {rng:g} cm "
                        f"({'night' if state.night() else 'day'}, L120)")
    elif not seen:
        problems.append(f"§4.3.1: {s.id} has no line of sight to {t.id} (A-10)")
    return problems
