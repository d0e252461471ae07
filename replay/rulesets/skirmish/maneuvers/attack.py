"""Attacking maneuvers M01–M33 (spec 5.4.1, L230–495) beyond the basic attacks and the power blow (costs.py,
resolve.py): each a Move of its cost, legality, difficulty, the defences it allows and what its final successes buy.
Multi-target forms (M09/M10 with several targets, M22 Pass's movement, M24 against two targets) are part 2."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.rulesets.skirmish import data, pools
from replay.rulesets.skirmish.maneuvers.base import (
    Move,
    Problems,
    Strike,
    check_roll,
    emit_effect,
    extraordinary_left,
    faces,
    first_exchange,
    free_hands,
    masters_left,
    next_exchange,
    problem,
    reactive,
    register,
    timed,
)
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions, Weapon

BLOWS = ("thrust", "chop", "slash", "crush")


# --- shared pieces -------------------------------------------------------------------------------------------------

def blow(order: dict[str, Any]) -> str | None:
    """The weapon attack row a maneuver that "is made with a blow" uses: its `attack_type` (thrust chop slash/cut
    crush)."""
    return data.ATTACK_TYPE.get(str(order.get("attack_type")))


def row_difficulty(extra: int = 0, label: str = "") -> Any:
    """Difficulty: the weapon's row for the order's attack_type (+extra)."""

    def difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                   options: SkirmishOptions) -> tuple[int | None, list[str]]:
        kind = blow(order)
        rows = data.weapon_type(w.type)["attacks"] if w is not None else {}
        if kind not in rows:
            return None, []
        base = rows[kind]["difficulty"]
        mods = [f"{w.type} {kind} %{base}"]  # type: ignore[union-attr]
        add = extra(w) if callable(extra) else extra
        if add:
            mods.append(f"+{add} {label}")
        return base + add, mods

    return difficulty


def fixed(tn: int, why: str) -> Any:
    def difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                   options: SkirmishOptions) -> tuple[int | None, list[str]]:
        return tn, [f"%{tn} ({why})"]

    return difficulty


def needs_blow(allowed: tuple[str, ...], mid: str, line: str) -> Any:
    def conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
        if order.get("attack_type") not in allowed:
            return [problem("condition_failed", f"5.4.1 {mid}, {line}", f"attack_type: {' or '.join(allowed)}")]
        return []

    return conditions


def both(*checks: Any) -> Any:
    def conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
        return [p for c in checks for p in c(state, actor, order)]

    return conditions


def once_first(code: str, mid: str, line: str) -> Any:
    return lambda state, actor, order: first_exchange(state, code, mid, line)


def lying(state: Fight, fid: str) -> bool:
    return state.fighter(fid).stance in ("lying", "sitting")


def shock_next(ctx: Any, x: int, o: dict[str, Any], code: str, rule: str, *, now_too: bool = False,
               init: bool = False) -> dict[str, Any]:
    """Distracting maneuvers (M16–M20): each final success gives the victim 1 shock in the next exchange (Shield
    stun: this one and the next)."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    target, r = att.order["target"], ctx.state.round
    start = (r, x) if now_too else next_exchange(r, x)
    until = next_exchange(r, x)
    n = o["final"]
    when = "this and the next exchange" if now_too else "the next exchange"
    emit_effect(ctx, x, code, att.actor, [timed(target, "shock", n, start, until, source=code)],
                [f"{code}: {n} final → {target} shock {n} in {when} ({rule})"], ["5.4.1", rule])
    return {}


# --- M01 attack with defence --------------------------------------------------------------------------------------

def combination_problems(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    """M01 (L234–238): an attack declared `with_defence` lets the same fighter defend this exchange with a different
    weapon (or the shield); Retreat cannot be the defence part."""
    if order["step"] == "attack" and order.get("with_defence"):
        w = actor.weapon_by_id(order.get("weapon") or "") or actor.weapon
        skill = actor.skill(data.weapon_type(w.type)["skill"]) if w else 0
        if skill < 4:
            return [problem("skill_too_low", "4.8, M01", f"attack with defence needs weapon skill 4, {actor.id} has "
                            f"{skill}")]
        others = [x for x in actor.weapons if x.hands and x.state == "ready" and x is not w]
        if not others and (actor.shield is None or actor.shield.state != "ready"):
            return [problem("condition_failed", "5.4.1 M01, L236", "attack with defence needs a second weapon or a "
                            "shield")]
    if order["step"] in ("defence", "after_feint"):
        mine = next((d for d in state.declared if d.actor == actor.id and d.step == "attack"
                     and d.order.get("with_defence")), None)
        if mine is not None:
            if order["maneuver"] == "retreat":
                return [problem("condition_failed", "5.4.1 M01, L236", "Retreat cannot be the defence part")]
            used = order.get("weapon") or ("shield" if order["maneuver"] == "shield_block" else None) or \
                (actor.weapon.id if actor.weapon else None)
            if used == mine.priced.get("weapon") and order["maneuver"] not in ("sidestep", "slip"):
                return [problem("condition_failed", "5.4.1 M01, L236", "the defence part uses a different weapon "
                                "(or the shield) than the attack")]
    return []


def attack_with_defence_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    return [problem("condition_failed", "5.4.1 M01", 'declare the attack part with "with_defence": true (Атака с '
                    "защитой), then the defence part in the defence step")]


# --- M07 finishing blow -------------------------------------------------------------------------------------------

def finishing(state: Fight, actor: Fighter, target_id: str | None) -> bool:
    """M07 (L269): the victim lies and is at most twice the attacker's height (PROPOSED: applied automatically)."""
    if target_id not in state.ids or target_id == actor.id:
        return False
    t = state.fighter(target_id)
    return t.stance == "lying" and t.height_cm <= 2 * actor.height_cm


def finishing_answers(state: Fight, att: Declared, order: dict[str, Any]) -> str | None:
    """M07 (L271): a lying victim of a finishing blow may only block or slip."""
    if not finishing(state, state.fighter(att.actor), att.order.get("target")):
        return None
    if order["maneuver"] in ("weapon_block", "limb_block", "shield_block", "slip"):
        return None
    return f"{order['maneuver']}: against a finishing blow a lying fighter may only block or slip (M07, L271)"


def finishing_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                         options: SkirmishOptions) -> tuple[int | None, list[str]]:
    if blow(order) is None or w is None or blow(order) not in data.weapon_type(w.type)["attacks"]:
        return None, []
    return 4, ["finishing blow %4 (M07, L269)"]


def finishing_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    if not finishing(state, actor, order.get("target")):
        return [problem("condition_failed", "5.4.1 M07, L269", "the victim must lie on the ground and be at most "
                        "twice the attacker's height")]
    return needs_blow(BLOWS + ("cut",), "M07", "L269")(state, actor, order)


# --- M08 countertime -----------------------------------------------------------------------------------------------

def countertime_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = needs_blow(BLOWS + ("cut",), "M08", "L275")(state, actor, order)
    if state.holder != "tie" and not any(d.actor != actor.id and d.step == "attack" and d.maneuver not in (
            "pass", "countertime") and d.order.get("target") == actor.id for d in state.declared):
        out.append(problem("condition_failed", "5.4.1 M08, L275", "countertime answers the opponent's declared "
                           "attack: declare it after his attack (your own initiative; at equal initiative a GM "
                           "ruling, CP-50)"))
    if state.holder not in (actor.id, "tie"):
        out.append(problem("condition_failed", "5.4.1 M08, L275", "countertime on your own or equal initiative"))
    w = actor.weapon
    if w is not None and masters_left(actor, data.weapon_type(w.type)["skill"]) < 1 and \
            extraordinary_left(actor) < 1:
        out.append(problem("condition_failed", "5.4.1 M08", "activation: 1 master or extraordinary success"))
    return out


def countertime_extras(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> dict[str, Any]:
    skill = data.weapon_type(w.type)["skill"] if w else "fist"
    return {"master_spent": 1} if masters_left(actor, skill) >= 1 else {"extraordinary_spent": 1}


# --- M11 lightning attack ------------------------------------------------------------------------------------------

def lightning_extra(w: Weapon | None) -> int:
    return {"light": 0, "medium": 1, "heavy": 2}[data.weapon_type(w.type)["weight"]] if w else 0


def lightning_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = needs_blow(BLOWS + ("cut",), "M11", "L310")(state, actor, order)
    if extraordinary_left(actor) < 1:
        out.append(problem("condition_failed", "5.4.1 M11, L310", "activation: 1 extraordinary success of Reflex"))
    return out


def lightning_answer(ctx: Any, x: int, att: Declared, fid: str, order: dict[str, Any], priced: dict[str, Any],
                     options: SkirmishOptions) -> dict[str, Any]:
    """M11 (L312): the defender defends with reflex points only; a free Body Language by Empathy check at %5 lets
    each success use 1 skill point. Skill dice beyond the successes are lost (the last faces)."""
    skill = int((order.get("dice") or {}).get("skill", 0))
    if not skill:
        return {}
    f = ctx.state.fighter(fid)
    r = check_roll(ctx, fid, "body_language", f.skill("body_language") + f.char("empathy"), 5,
                   f"Body Language by Empathy of {fid} against the lightning attack", x, options)
    lost = max(0, skill - max(0, r.net))
    return {"lost_dice": lost, "lost_why": "M11 Body Language",
            "answer_why": [f"lightning attack: {fid} Body Language {faces(r)} → {max(0, r.net)} skill points usable "
                           f"of {skill}; {lost} dice lost (M11, L312)"]}


# --- M13 concentrated blow, M26 precise attack --------------------------------------------------------------------

def concentrated_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = needs_blow(("thrust", "chop", "slash", "cut"), "M13", "L329")(state, actor, order)
    w = actor.weapon
    k = int(order.get("masters", 1))
    left = masters_left(actor, data.weapon_type(w.type)["skill"]) if w else 0
    if k < 1 or k > left:
        out.append(problem("condition_failed", "5.4.1 M13, L331", f"masters: 1 to {left} master successes "
                           "committed (CP-26)"))
    if w is not None and data.weapon_type(w.type)["attacks"].get(blow(order) or "", {}).get("type") == "crushing":
        out.append(problem("condition_failed", "5.4.1 M13, L329", "not with crushing weapons"))
    return out


def concentrated_extras(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> dict[str, Any]:
    """M13 (L333–334): per master success +1 damage (≤ ⌊Str/2⌋) and +1 penetration with 1 armour ignored (total
    penetration ≤ 3)."""
    k = max(1, int(order.get("masters", 1)))
    strength = actor.char("strength")
    pen = data.weapon_type(w.type)["penetration"] if w else 0
    return {"master_spent": k, "damage_bonus": min(k, strength // 2),
            "damage_bonus_why": f"concentrated blow {k} master, ≤ ⌊{strength}/2⌋ (M13, L333)",
            "penetration_bonus": max(0, min(k, 3 - pen)), "armour_ignored": k}


def precise_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = needs_blow(BLOWS + ("cut",), "M26", "L456")(state, actor, order)
    w = actor.weapon
    if w is not None and masters_left(actor, data.weapon_type(w.type)["skill"]) < 2:
        out.append(problem("condition_failed", "5.4.1 M26, L454", "activation: 2 master successes"))
    zone = order.get("zone")
    if zone in data.body()["declared"] and order.get("precise") not in data.precise_zones(data.general_zone(zone)):
        out.append(problem("zone_not_allowed", "5.4.1 M26, L456", f"precise: a zone of the {zone} table"))
    return out


# --- M16–M20 distracting maneuvers --------------------------------------------------------------------------------

def beat_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = first_exchange(state, "beat", "M16", "L369")
    w = actor.weapon
    if w is not None and data.length_index(weapon_length(w)) > data.length_index("long"):
        out.append(problem("condition_failed", "5.4.1 M16, L369", "Batman with a weapon up to long"))
    return out + needs_blow(BLOWS + ("cut",), "M16", "L369")(state, actor, order)


def weapon_length(w: Weapon) -> str:
    from replay.rulesets.skirmish.costs import weapon_length as length

    return length(w)


def beat_activation(state: Fight, actor: Fighter, order: dict[str, Any]) -> int:
    """M16 (A-26): 1 reflex + 1 per distance category beyond long."""
    d = data.length_index(state.distance or "long")
    return 1 + max(0, d - data.length_index("long"))


def beat_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M16 (L377–379): shock per final success next exchange; neither fighter uses the weapons involved next
    exchange; the attacker closes to short (CP-17, default short) — the victim may drop the beaten weapon instead
    (CP-12)."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    state, r = ctx.state, ctx.state.round
    target = state.fighter(att.order["target"])
    theirs = target.weapon
    drop, how = ctx.ask("drop", actor=target.id, options=["no", "yes"], default="no", applies=True,
                        what="drop the beaten weapon to avoid the shock (CP-12, M16)", exchange=x)
    dist, _ = ctx.ask("distance", actor=att.actor, options=["hand", "short"], default="short", applies=True,
                      what="the distance after the Batman: hand or short (CP-17, M16)", exchange=x)
    nxt = next_exchange(r, x)
    changes: list[dict[str, Any]] = [{"op": "distance", "value": dist}]
    why = [f"beat: {att.actor} closes to {dist} (M16, CP-17)"]
    if drop == "yes" and theirs is not None:
        changes.append({"op": "drop", "fighter": target.id, "weapon": theirs.id})
        why.append(f"{target.id} drops {theirs.id} to avoid the shock (CP-12)")
    else:
        changes.append(timed(target.id, "shock", o["final"], nxt, nxt, source="beat"))
        if theirs is not None:
            changes.append(timed(target.id, "no_weapon", 1, nxt, nxt, theirs.id, "beat"))
        mine = att.priced.get("weapon")
        if mine:
            changes.append(timed(att.actor, "no_weapon", 1, nxt, nxt, mine, "beat"))
        why.append(f"{target.id} shock {o['final']} next exchange; neither uses the weapons involved then (L377)")
    emit_effect(ctx, x, "beat", att.actor, changes, why, ["5.4.1 M16", "L369-379"], ["A-26"] + (
        ["CP-12 default"] if how == "default" else []))
    return {"distance": dist}


def bluff_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                     options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """M17 (L385): %6 if the opponent's Wits are higher, %5 equal, %4 lower."""
    theirs, mine = state.opponent(actor.id).char("wits"), actor.char("wits")
    tn = 6 if theirs > mine else 5 if theirs == mine else 4
    return tn, [f"bluff %{tn} (Wits {theirs} vs {mine}, L385)"]


def body_language(state: Fight, f: Fighter) -> tuple[int, int, str]:
    return f.skill("body_language") + f.char("empathy"), 5, "Body Language by Empathy"


def distracting_after(code: str, rule: str, *, choose_distance: bool = True) -> Any:
    def after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
        att: Declared = o["attack"]
        if o["winner"] != "attack":
            return {}
        out: dict[str, Any] = {}
        shock_next(ctx, x, o, code, rule)
        if choose_distance:
            default = ctx.state.distance or "medium"
            dist, _ = ctx.ask("distance", actor=att.actor, options=list(data.LENGTHS), default=default,
                              applies=True, what=f"the combat distance after the {code} (CP-17)", exchange=x)
            out["distance"] = dist
        return out

    return after


def disorientation_answers(state: Fight, att: Declared, order: dict[str, Any]) -> str | None:
    """M18 (L389): only dodges or a shield block defend."""
    if order["maneuver"] in ("retreat", "sidestep", "slip", "arrow_evasion", "shield_block"):
        return None
    return f"{order['maneuver']}: against a disorientation only dodges or a shield block (M18, L389)"


def destabilization_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = needs_blow(BLOWS + ("cut",), "M19", "L395")(state, actor, order)
    if state.exchange != 1 or state.round > 1 and state.history and state.history[-1].get("holder") is not None:
        first_of_melee = state.round == 1 and state.exchange == 1
        after_retreat = state.exchange == 1 and not state.engaged
        if not (first_of_melee or after_retreat):
            out.append(problem("condition_failed", "5.4.1 M19, L395", "destabilization at the start of the fight or "
                               "as the first attack after a retreat"))
    return out


def destabilization_required(state: Fight, actor: Fighter, order: dict[str, Any]) -> tuple[int, list[str]]:
    """M19 (L396): 1 extra success per weight category the attacker's weapon is lighter than the target weapon."""
    mine, theirs = actor.weapon, state.opponent(actor.id).weapon
    if mine is None or theirs is None:
        return 0, []
    d = data.WEIGHTS.index(data.weapon_type(theirs.type)["weight"]) - \
        data.WEIGHTS.index(data.weapon_type(mine.type)["weight"])
    return (d, [f"lighter weapon {d} (M19, L396)"]) if d > 0 else (0, [])


def destabilization_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M19: per final success 1 shock next exchange, or the victim drops the weapon (A-34: the victim chooses)."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    target = ctx.state.fighter(att.order["target"])
    drop, how = ctx.ask("drop", actor=target.id, options=["no", "yes"], default="no", applies=True,
                        what="drop the weapon instead of the shock (A-34, CP-12, M19)", exchange=x)
    nxt = next_exchange(ctx.state.round, x)
    if drop == "yes" and target.weapon is not None:
        changes = [{"op": "drop", "fighter": target.id, "weapon": target.weapon.id}]
        why = [f"destabilization: {target.id} drops {target.weapon.id} (A-34)"]
    else:
        changes = [timed(target.id, "shock", o["final"], nxt, nxt, source="destabilization")]
        why = [f"destabilization: {o['final']} final → {target.id} shock {o['final']} next exchange (L396)"]
    emit_effect(ctx, x, "destabilization", att.actor, changes, why, ["5.4.1 M19"], ["A-34"])
    return {}


def shield_conditions(mid: str, line: str, *, need: str | None = None) -> Any:
    def conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
        sh = actor.shield
        if sh is None or sh.state != "ready":
            return [problem("condition_failed", f"5.4.1 {mid}", f"{actor.id} has no ready shield")]
        kind = data.shield_type(sh.type)
        out = []
        if need == "boss" and kind.get("boss") not in ("offensive", "spiked"):
            out.append(problem("condition_failed", f"5.4.1 {mid}, {line}", "the shield has no offensive boss"))
        if need == "rim" and not kind.get("sharp_rim"):
            out.append(problem("condition_failed", f"5.4.1 {mid}, {line}", "the shield has no sharpened rim"))
        if need == "stun":
            t = state.opponent(actor.id)
            if t.height_cm > 1.5 * actor.height_cm:
                out.append(problem("condition_failed", f"5.4.1 {mid}, {line}", "the opponent is more than 1.5 × "
                                   "your height"))
        if order.get("zone") in ("left_leg", "right_leg"):
            out.append(problem("zone_not_allowed", "5.4.1, L476", "shield strikes cannot reach the legs"))
        return out

    return conditions


def shield_difficulty(extra_buckler: int = 0) -> Any:
    def difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                   options: SkirmishOptions) -> tuple[int | None, list[str]]:
        if actor.shield is None:
            return None, []
        kind = data.shield_type(actor.shield.type)
        tn = kind["defence"] + (extra_buckler if kind["kind"] == "buckler" else 0)
        return tn, [f"{actor.shield.type} defence %{kind['defence']}" + (f" +{extra_buckler} buckler"
                                                                            if tn != kind["defence"] else "")]

    return difficulty


def shield_weight(actor: Fighter) -> int:
    """A-83: light 1, medium 2, heavy 3."""
    return 1 + data.WEIGHTS.index(data.shield_type(actor.shield.type)["weight"]) if actor.shield else 0


def shield_strike(kind: str, damage_type: str, plus: Any, why: str) -> Any:
    def strike(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> Strike:
        extra = plus(actor)
        return Strike(kind, damage_type, actor.char("strength") + extra,
                      [f"Strength {actor.char('strength')}", f"{why} {extra:+d}"])

    return strike


def shield_hit_after(code: str) -> Any:
    def after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
        return {"distance": "hand"} if o["winner"] == "attack" else {}  # L478: a shield strike sets hand distance

    return after


def stun_answers(state: Fight, att: Declared, order: dict[str, Any]) -> str | None:
    if order["maneuver"] in ("retreat", "sidestep", "slip", "arrow_evasion", "shield_block") or \
            order.get("weapon") == "shield":
        return None
    return f"{order['maneuver']}: against a shield stun only dodges or a shield defence (M20)"


def stun_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    shock_next(ctx, x, o, "shield_stun", "M20", now_too=True)
    return {"distance": "hand"} if o["winner"] == "attack" else {}


# --- M21 weapon trip ----------------------------------------------------------------------------------------------

def trip_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    w = actor.weapon
    out = needs_blow(("chop", "crush"), "M21", "L836")(state, actor, order)
    if w is not None and "hook" not in data.weapon_type(w.type).get("features", []):
        out.append(problem("condition_failed", "5.4.1 M21, L411", f"{w.type} has no hook for trips"))
    return out


def trip_after(code: str) -> Any:
    """M21 (L411, L836): as the wrestling trip: opposed by the victim's free reactive Wrestling or Acrobatics by Reflex
    check instead of a defence (`opposed_by`); on success the victim falls as from 1 m, 2 m when his check was a
    critical failure."""

    def after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
        from replay.rulesets.skirmish.maneuvers.falls import fall

        att: Declared = o["attack"]
        if o["winner"] != "attack":
            return {}
        r, t = o.get("defence_roll"), att.order["target"]
        metres = 2 if r is not None and r.crit_degree else 1
        emit_effect(ctx, x, code, att.actor, [{"op": "stance", "fighter": t, "stance": "lying"}],
                    [f"{code}: {t} falls as from {metres} m" + (" (critical failure doubles it)" if metres == 2 else "")
                     + " (L836)"], ["5.4.1 M21", "L411", "L836", "5.8.5"])
        fall(ctx, x, t, metres, f"the {code}", options, code)
        return {}

    return after


# --- M23 recursive strike, M25 rushing attack ---------------------------------------------------------------------

def recursive_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    w = actor.weapon
    out = []
    if w is None or "recursive" not in data.weapon_type(w.type).get("grips", []):
        out.append(problem("condition_failed", "5.4.1 M23, L427", "a sword that allows a two-handed grip"))
    elif (order.get("grip") or w.grip) != "recursive":
        out.append(problem("condition_failed", "5.4.1 M23, L428", "the recursive grip first (Grip change, M56: "
                           '"grip": "recursive")'))
    if order.get("zone") != "head":
        out.append(problem("zone_not_allowed", "5.4.1 M23, L427", "a recursive strike goes to the head"))
    return out


def recursive_strike(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> Strike:
    return Strike("crush", "crushing", actor.char("strength") + 1, [f"Strength {actor.char('strength')}",
                                                                    "hilt +1 (M23)"])


def recursive_answer(ctx: Any, x: int, att: Declared, fid: str, order: dict[str, Any], priced: dict[str, Any],
                     options: SkirmishOptions) -> dict[str, Any]:
    """M23: the defender's weapon defences get +1 difficulty."""
    from replay.rulesets.skirmish.costs import DODGES, SHIELD_DEFENCES

    if order["maneuver"] in DODGES or order["maneuver"] in SHIELD_DEFENCES or order.get("weapon") == "shield":
        return {}
    return {"difficulty": priced["difficulty"] + 1, "difficulty_mods": [*priced["difficulty_mods"],
                                                                        "+1 against a recursive strike (M23)"]}


def recursive_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    w = ctx.state.fighter(o["attack"].actor).weapon
    if o["winner"] != "attack" or w is None:
        return {}
    return {"distance": data.LENGTHS[max(0, data.length_index(weapon_length(w)) - 1)]}


def rushing_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    out = needs_blow(BLOWS + ("cut",), "M25", "L445")(state, actor, order)
    w = actor.weapon
    d = data.length_index(state.distance or "hand")
    if w is not None and d - data.length_index(weapon_length(w)) < 2:
        out.append(problem("condition_failed", "5.4.1 M25, L445", "the distance must exceed your weapon's length by "
                           "two categories or more"))
    if order.get("run") not in (None, "jog", "sprint"):
        out.append(problem("condition_failed", "5.4.1 M25, CP-27", "run: jog or sprint"))
    if int((order.get("dice") or {}).get("reflex", 0)):
        out.append(problem("condition_failed", "5.4.1 M25, L445", "the attack dice come from skill points (all "
                           "remaining reflex points are the activation)"))
    return out


def rushing_bonus(actor: Fighter, order: dict[str, Any]) -> int:
    """M25 (L447): ⌊run speed / 2⌋; jog = Speed/2, sprint = Speed (CP-27; default sprint)."""
    speed = actor.char("speed")
    run = speed if order.get("run", "sprint") == "sprint" else speed // 2
    return run // 2


def rushing_activation(state: Fight, actor: Fighter, order: dict[str, Any]) -> int:
    return pools.available(actor, state.round, state.exchange)[0]


def rushing_extras(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> dict[str, Any]:
    b = rushing_bonus(actor, order)
    return {"damage_bonus": b, "damage_bonus_why": f"rushing ⌊{order.get('run', 'sprint')} speed/2⌋ (M25, L447)"}


def rushing_answer(ctx: Any, x: int, att: Declared, fid: str, order: dict[str, Any], priced: dict[str, Any],
                   options: SkirmishOptions) -> dict[str, Any]:
    """M25 (L449, A-67b): a weapon defence (not a shield) loses dice equal to the bonus."""
    from replay.rulesets.skirmish.costs import DODGES, SHIELD_DEFENCES

    if order["maneuver"] in DODGES or order["maneuver"] in SHIELD_DEFENCES or order.get("weapon") == "shield":
        return {}
    b = int(att.priced.get("damage_bonus", 0))
    return {"lost_dice": b, "lost_why": "M25 rushing attack",
            "answer_why": [f"{fid}'s weapon defence loses {b} dice against the rushing attack (M25)"]}


# --- M27–M29 unarmed -----------------------------------------------------------------------------------------------

def unarmed_conditions(code: str, mid: str) -> Any:
    def conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
        out = []
        if code == "punch" and free_hands(actor) < 1 and not knuckles(actor):
            out.append(problem("condition_failed", f"5.4.1 {mid}, L460", "a punch needs a free hand"))
        d = data.length_index(state.distance or "hand")
        limit = {"punch": "hand", "kick": "short", "headbutt": "hand", "fixed_headbutt": "hand"}[code]
        if d > data.length_index(limit):
            out.append(problem("out_of_reach", f"5.4.1 {mid}, A-82", f"a {code} reaches at most {limit} distance "
                               f"(the distance is {state.distance})"))
        return out

    return conditions


def punch_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                     options: SkirmishOptions) -> tuple[int | None, list[str]]:
    zone = order.get("zone") or ""
    tn = 6 if zone.endswith("_leg") else 5 if zone == "lower_torso" else 4
    return tn, [f"punch %{tn} (L460)"]


def kick_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                    options: SkirmishOptions) -> tuple[int | None, list[str]]:
    zone = order.get("zone") or ""
    if zone in ("upper_torso", "head", "left_arm", "right_arm"):
        return 6, ["kick high %6 (L468)"]
    tn = 5 if state.distance == "short" else 4
    return tn, [f"kick %{tn} at {state.distance or 'hand'} (L468)"]


HEAD_LEVEL = ("head", "upper_torso", "lower_torso", "legs")


def headbutt_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                        options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """M29 (L474): %5 for the zone level with your head (CP-08: the head for similar heights), +1 per step."""
    zone = order.get("zone") or "head"
    level = "legs" if zone.endswith("_leg") else "upper_torso" if zone.endswith("_arm") else zone
    target = state.opponent(actor.id)
    own = 0 if abs(target.height_cm - actor.height_cm) < 25 else 1 if target.height_cm > actor.height_cm else 0
    steps = abs(HEAD_LEVEL.index(level) - own) if level in HEAD_LEVEL else 0
    return 5 + steps, [f"headbutt %5 + {steps} zone steps from head level (L474, CP-08)"]


def knuckles(actor: Fighter) -> list[Weapon]:
    """M27 (L464): the accessories held for a punch: a knuckle-duster, a gauntlet, a piece of chain or a katar (a
    weapon with the data feature `knuckles`)."""
    return [x for x in actor.weapons if x.hands and "knuckles" in data.weapon_type(x.type).get("features", [])]


def unarmed_strike(kind: str, minus: int, what: str) -> Any:
    def strike(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> Strike:
        worn = knuckles(actor) if kind == "punch" else []
        lethal = bool(worn)  # L464: «Использование аксессуаров позволяет избежать штрафа на урон»; L460: lethal
        bonus = max(worn, key=lambda x: int(data.weapon_type(x.type).get("punch_bonus", 0)), default=None)
        add = int(data.weapon_type(bonus.type).get("punch_bonus", 0)) if bonus is not None else 0
        helmet = kind == "headbutt" and hard_helmet(actor)
        m = 0 if lethal else minus
        return Strike("crush", "crushing", actor.char("strength") - m + add,
                      [f"Strength {actor.char('strength')}"] + ([f"{what} −{m}"] if m else [])
                      + ([f"{bonus.type} +{add}"] if bonus is not None and add else [])  # L464: a katar's bonus
                      + ([f"{helmet}: lethal crushing (L474)"] if helmet else []), lethal=lethal or bool(helmet))

    return strike


def hard_helmet(f: Fighter) -> str | None:
    """M29 (L474): a hard helmet over the forehead makes a headbutt's damage lethal crushing."""
    table = data.table("armour")["armour"]
    return next((a for a in f.armour if table[a]["hard"] and "forehead" in table[a]["covers"]), None)


def headbutt_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M29 (L474): the attacker takes the same damage to their own forehead minus the final successes (non-lethal; a
    hard helmet makes it lethal, data)."""
    att: Declared = o["attack"]
    if o["winner"] != "attack":
        return {}
    a = ctx.state.fighter(att.actor)
    own = max(0, a.char("strength") - o["final"])
    if not own:
        return {}
    until = list(next_exchange(ctx.state.round, x))
    emit_effect(ctx, x, att.maneuver, att.actor, [{"op": "shock", "fighter": a.id, "amount": own, "until": until,
                                                   "source": "headbutt"}],
                [f"headbutt: {a.id} takes Strength {a.char('strength')} − {o['final']} final = {own} to their own "
                 "forehead, non-lethal: shock (M29, L474, 6.5 step 6)"], ["5.4.1 M29", "L474"], ["6.5 step 6"])
    return {}


# --- M06 double attack ----------------------------------------------------------------------------------------

BLOW_CODE = {"thrust": "thrust", "chop": "chop", "slash": "slash", "cut": "slash", "crush": "crush"}


def double_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    """M06 (L263–265): a weapon in each hand; two basic attacks, one per weapon (`second` names the other)."""
    out = needs_blow(BLOWS + ("cut",), "M06", "L263")(state, actor, order)
    held = [w for w in actor.weapons if w.hands and w.state == "ready"]
    sec = order.get("second")
    if len(held) < 2:
        return out + [problem("condition_failed", "5.4.1 M06, L263", "a double attack needs a weapon in each hand")]
    if not isinstance(sec, dict) or sec.get("attack_type") not in (*BLOWS, "cut") or \
            sec.get("zone") not in data.body()["declared"] or not isinstance(sec.get("dice"), dict):
        return out + [problem("condition_failed", "5.4.1 M06", 'second: {"weapon", "attack_type", "zone", "dice", '
                              '"buys"} — the attack with the other weapon')]
    first = order.get("weapon") or held[0].id
    if sec.get("weapon", held[1].id) == first:
        out.append(problem("condition_failed", "5.4.1 M06, L263", "the two attacks use the two weapons"))
    return out


def double_orders(actor: Fighter, order: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    held = [w for w in actor.weapons if w.hands and w.state == "ready"]
    first = {k: v for k, v in order.items() if k != "second"}
    first.update(maneuver=BLOW_CODE[str(order.get("attack_type"))], weapon=order.get("weapon") or held[0].id)
    sec = dict(order["second"])
    second = {"exchange": order["exchange"], "step": "attack", "target": order.get("target"), **sec,
              "maneuver": BLOW_CODE[str(sec["attack_type"])],
              "weapon": sec.get("weapon") or next(w.id for w in held if w.id != first["weapon"])}
    return first, second


def double_price(state: Fight, actor: Fighter, order: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M06 (L265): each attack priced on its own (doubling against its weapon's skill, the off hand +1, L141),
    the second after the first's points; 1 reflex activation."""
    from replay.rulesets.skirmish import costs

    if not isinstance(order.get("second"), dict) or str(order.get("attack_type")) not in BLOW_CODE or \
            str(order["second"].get("attack_type")) not in BLOW_CODE or len(
                [w for w in actor.weapons if w.hands and w.state == "ready"]) < 2:
        return {}
    first, second = double_orders(actor, order)
    pair = [actor.weapon_by_id(o["weapon"]) for o in (first, second)]
    lengths = [costs.weapon_length(w) for w in pair if w is not None]
    at = replace(state, distance=min(lengths, key=data.length_index)) if len(lengths) == 2 else state
    p1 = costs.price(at, actor, first, options)  # PROPOSED (M06): both parts against the shorter weapon's length
    after = replace(actor, spent_R=actor.spent_R + p1["paid_R"], spent_S=actor.spent_S + p1["paid_S"])
    p2 = costs.price(at.with_fighter(after), after, second, options)
    return {**p1, "maneuver_id": "M06", "activation": 1, "initiative": "none",
            "dice_pool": p1["dice_pool"] + p2["dice_pool"], "cost_points": p1["cost_points"] + p2["cost_points"] + 1,
            "paid_R": p1["paid_R"] + p2["paid_R"] + 1, "paid_S": p1["paid_S"] + p2["paid_S"],
            "second": p2, "second_order": second}


def double_answer(ctx: Any, x: int, att: Declared, fid: str, order: dict[str, Any], priced: dict[str, Any],
                  options: SkirmishOptions) -> dict[str, Any]:
    """M06 (L265): the defender defends against each attack separately (`second` in the defence), except by
    Retreat, whose one roll covers both."""
    from replay.rulesets.skirmish import costs

    sec = order.get("second")
    if not isinstance(sec, dict) or order["maneuver"] == "retreat":
        if order["maneuver"] in ("shield_block", "shield_push") and not isinstance(sec, dict):
            f = ctx.state.fighter(fid)
            large = f.shield is not None and data.shield_type(f.shield.type)["kind"] in LARGE_SHIELDS
            if order["maneuver"] == "shield_block":
                return {"answer_why": [f"{fid}'s shield block answers both attacks with one roll; its successes are "
                                       "allocated between them (M36, L535, A-42, CP-29)"]}
            if large:
                return {"answer_why": [f"{fid}'s push with a large shield answers both attacks with one roll (M06, "
                                       "L265, A-113)"]}
        return {}
    f = ctx.state.fighter(fid)
    after = replace(f, spent_R=f.spent_R + priced["paid_R"], spent_S=f.spent_S + priced["paid_S"])
    o2 = {"exchange": order["exchange"], "step": order["step"], **sec}
    p2 = costs.price(ctx.state.with_fighter(after), after, o2, options)
    return {"second_defence": p2, "second_defence_order": o2, "paid_R": priced["paid_R"] + p2["paid_R"],
            "paid_S": priced["paid_S"] + p2["paid_S"], "cost_points": priced["cost_points"] + p2["cost_points"],
            "answer_why": [f"{fid} answers the second attack with {sec.get('maneuver')} (M06, L265)"]}


def double_parts(att: Declared, dfn: Declared | None, state: Fight | None = None) -> list[tuple[Declared,
                                                                                             Declared | None]]:
    """The queue items of a double attack: each part with the defence that answers it. One defence answers both: a
    retreat and a shield push with a large shield, one roll at full value against each (L265, A-113); a shield block
    declared without a `second` defence, its successes allocated between them (L535, A-42, CP-29)."""
    first = Declared(att.actor, att.exchange, "attack", BLOW_CODE[str(att.order["attack_type"])],
                     {k: v for k, v in att.order.items() if k != "second"}, att.priced)
    second = Declared(att.actor, att.exchange, "attack", att.priced["second_order"]["maneuver"],
                      {**att.priced["second_order"], "part": 2}, att.priced["second"])
    if dfn is None or dfn.maneuver == "retreat" or state is not None and answers_both(state, dfn):
        return [(first, dfn), (second, dfn)]
    d2 = None
    if dfn.priced.get("second_defence"):
        o2 = dfn.priced["second_defence_order"]
        d2 = Declared(dfn.actor, dfn.exchange, "defence", o2["maneuver"], {**o2, "part": 2},
                      dfn.priced["second_defence"])
    return [(first, dfn), (second, d2)]


LARGE_SHIELDS = frozenset({"large", "tower"})
"""A-113: the shield kinds that are "large"."""


def answers_both(state: Fight, dfn: Declared) -> bool:
    """L265, A-113: a shield push with a large shield; L535, A-42: a shield block without a second defence."""
    if dfn.priced.get("second_defence"):
        return False
    sh = state.fighter(dfn.actor).shield
    large = sh is not None and data.shield_type(sh.type)["kind"] in LARGE_SHIELDS
    return dfn.maneuver == "shield_block" or dfn.maneuver == "shield_push" and large


# --- M24 synchronous attack --------------------------------------------------------------------------------------

def synchronous_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    held = [w for w in actor.weapons if w.hands and w.state == "ready"]
    out = needs_blow(BLOWS + ("cut",), "M24", "L437")(state, actor, order)
    if len(held) < 2 or any(data.weapon_type(w.type)["weight"] != "light" for w in held[:2]):
        out.append(problem("condition_failed", "5.4.1 M24, L437", "a weapon no heavier than light in each hand"))
    elif any(blow(order) not in data.weapon_type(w.type)["attacks"] for w in held[:2]):
        out.append(problem("condition_failed", "5.4.1 M24", "both weapons must make this blow"))
    return out


def synchronous_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                           options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """M24 (L441): the weapon row +1, ignored with Ambidexterity (the sheet's trait `ambidextrous`)."""
    base, mods = row_difficulty()(state, actor, order, w, options)
    if base is None:
        return base, mods
    if "ambidextrous" in actor.traits:
        return base, [*mods, "no +1: ambidextrous (L441)"]
    return base + 1, [*mods, "+1 synchronous (L441)"]


def synchronous_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """M24 (L441): on a hit, a second damage calculation for the other weapon; the final successes are shared by
    both wounds for the precise zone, danger and penetration purchases."""
    from replay.rulesets.skirmish.resolve import deal_hit

    att: Declared = o["attack"]
    if o["winner"] != "attack" or ctx.state.result is not None or att.order.get("also"):
        return {}  # two targets (`also`, a melee of several fighters): the other weapon's wound is the other's (sweep)
    f = ctx.state.fighter(att.actor)
    other = next((w for w in f.weapons if w.hands and w.state == "ready" and w.id != att.priced.get("weapon")), None)
    if other is None:
        return {}
    row = data.weapon_type(other.type)["attacks"][blow(att.order) or "thrust"]
    second = Declared(att.actor, x, "attack", att.maneuver, {**att.order, "weapon": other.id},
                      {**att.priced, "weapon": other.id, "damage_type": row["type"]})
    deal_hit(ctx, x, second, o["final"], options)
    return {}


register(
    Move("double_attack", difficulty=row_difficulty(), conditions=double_conditions, parts=double_price,
         on_answer=double_answer),
    Move("synchronous_attack", difficulty=synchronous_difficulty,
         conditions=synchronous_conditions, after=synchronous_after),
)


register(
    Move("attack_with_defence", conditions=attack_with_defence_conditions),
    Move("finishing_blow", difficulty=finishing_difficulty, conditions=finishing_conditions,
         answers=finishing_answers),
    Move("circular_strike", difficulty=row_difficulty(), conditions=needs_blow(("chop", "crush"), "M09", "L285")),
    Move("circular_slash", difficulty=row_difficulty(), conditions=needs_blow(("slash", "cut"), "M10", "L302")),
    Move("lightning_attack", difficulty=row_difficulty(lightning_extra, "medium/heavy weapon (M11)"),
         conditions=lightning_conditions, no_doubling=True, on_answer=lightning_answer,
         extras=lambda s, a, o, w: {"extraordinary_spent": 1}),
    Move("concentrated_blow", difficulty=row_difficulty(), conditions=concentrated_conditions,
         extras=concentrated_extras),
    Move("beat", difficulty=row_difficulty(), conditions=beat_conditions, activation=beat_activation,
         after=beat_after, length_penalty="half", extras=lambda s, a, o, w: {"no_damage": True}),
    Move("bluff", difficulty=bluff_difficulty, conditions=once_first("bluff", "M17", "L383"), zone=False,
         length_penalty="none", opposed_by=body_language, after=distracting_after("bluff", "L385"),
         extras=lambda s, a, o, w: {"no_damage": True}),
    Move("disorientation", difficulty=fixed(4, "disorientation, L389"), weapon="none", zone=False,
         conditions=once_first("disorientation", "M18", "L389"), length_penalty="none",
         answers=disorientation_answers, after=distracting_after("disorientation", "L391"),
         extras=lambda s, a, o, w: {"no_damage": True}),
    Move("destabilization", difficulty=row_difficulty(), conditions=destabilization_conditions,
         required=destabilization_required, length_penalty="half", after=destabilization_after,
         extras=lambda s, a, o, w: {"no_damage": True}),
    Move("shield_stun", difficulty=shield_difficulty(1), weapon="shield", conditions=shield_conditions(
        "M20", "L401", need="stun"), length_penalty="none", answers=stun_answers, after=stun_after,
         activation=lambda s, a, o: data.length_index(s.distance or "hand"),
         extras=lambda s, a, o, w: {"no_damage": True}),
    Move("weapon_trip", difficulty=row_difficulty(), conditions=trip_conditions, after=trip_after("weapon_trip"),
         opposed_by=reactive, extras=lambda s, a, o, w: {"no_damage": True}),
    Move("recursive_strike", difficulty=fixed(4, "recursive strike, L427"), conditions=recursive_conditions,
         strike=recursive_strike, on_answer=recursive_answer, after=recursive_after),
    Move("rushing_attack", difficulty=row_difficulty(), conditions=rushing_conditions,
         activation=rushing_activation, extras=rushing_extras, on_answer=rushing_answer),
    Move("precise_attack", difficulty=row_difficulty(), conditions=precise_conditions,
         extras=lambda s, a, o, w: {"master_spent": 2}),
    Move("punch", difficulty=punch_difficulty, conditions=unarmed_conditions("punch", "M27"), weapon="none",
         strike=unarmed_strike("punch", 1, "fist"), length="hand"),
    Move("kick", difficulty=kick_difficulty, conditions=unarmed_conditions("kick", "M28"), weapon="none",
         strike=unarmed_strike("kick", 0, "kick"), length_penalty="none"),
    Move("headbutt", difficulty=headbutt_difficulty, conditions=unarmed_conditions("headbutt", "M29"),
         weapon="none", strike=unarmed_strike("headbutt", 0, "head"), length="hand", after=headbutt_after),
    Move("shield_rim_strike", difficulty=shield_difficulty(), weapon="shield", conditions=shield_conditions(
        "M30", "L482"), strike=shield_strike("crush", "crushing", shield_weight, "rim (A-83)"), length="short",
         after=shield_hit_after("shield_rim_strike")),
    Move("shield_thrust", difficulty=shield_difficulty(), weapon="shield", conditions=shield_conditions(
        "M31", "L486", need="boss"), strike=shield_strike("crush", "crushing", lambda a: 1, "boss (SAMPLE)"),
         length="hand", after=shield_hit_after("shield_thrust")),
    Move("shield_rim_cut", difficulty=shield_difficulty(), weapon="shield", conditions=shield_conditions(
        "M32", "L490", need="rim"), strike=shield_strike("cut", "cutting", shield_weight, "sharp rim (SAMPLE)"),
         length="hand", after=shield_hit_after("shield_rim_cut")),
)
