"""A shot on the field (spec 5.6, 5.2.2, 5.4.6; SOURCE L894-1121) and forming up (5.12): pricing, the shot maneuvers
(M75-M81) and their checks, the roll against each target's missile defence (missile_defences.py), the success
penalties, the hit zone by stance, the purchases priced by height and range, the passive shield, the damage of the
SAMPLE model, the knockout checks that follow; and the commander's Tactics check that forms a formation."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from replay.context import Context, Waiting
from replay.rulesets.skirmish import damage, data, dice, formation, pools, ranged
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish.battle import Battle, Shooter
from replay.rulesets.skirmish.maneuvers import ranged as moves
from replay.rulesets.skirmish.maneuvers import surprise
from replay.rulesets.skirmish.maneuvers.base import problem
from replay.rulesets.skirmish.missile_defences import (
    BODY_COVER,
    HAND,
    body_cover,
    hands_left,
    missile_defence,
    one_pool,
    one_weapon,
    open_parry,
    parried_this_exchange,
    protection,
    share_parry,
    shield_ready,
)
from replay.rulesets.skirmish.model import SkirmishOptions

ALL_CLASSES = ("short_bow", "long_bow", "crossbow", "javelin", "knife")
SHOT_MANEUVERS = {"jump_fall_throw": ("M75", ("knife",)), "moving_shot": ("M76", ALL_CLASSES),
                  "jump_shot": ("M77", ("short_bow", "crossbow")),
                  "double_shot": ("M80", ("short_bow", "long_bow")),
                  "synchronous_throw": ("M81", ("knife", "javelin")),
                  "through_shot": ("M79", ALL_CLASSES), "grazing_shot": ("M78", ALL_CLASSES),
                  "rapid_fire": ("M82", ("short_bow", "long_bow"))}
"""The shot maneuvers an order declares as `maneuver` (5.4.6), with their code and the weapon classes they need."""
WAIST_HIGH = ("head", "upper_torso", "arm")
"""PROPOSED (CP-33): a target in a cover cell shows these general zones unless the GM rules others."""


@dataclass
class Priced:
    """A shot as the rules price it (4.6 with A-08 and A-52; 5.6.5-5.6.7)."""

    metres: int
    band: str | None
    dice_pool: int
    cost: int
    paid_R: int
    paid_S: int
    accuracy: int
    dice_to_roll: int
    difficulty: int
    success_mods: int
    auto_fail: bool
    possible: bool
    why: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Arrow:
    """M82 (L1121, A-77): one arrow of a rapid fire: its number in the volley, its dice (None: the shot's own for the
    first), the most arrows the Reflex check allows, the volley's points left after it, the check (the first's)."""

    k: int
    dice: int | None
    most: int
    left: int
    check: dict[str, Any] | None = None

    @property
    def tag(self) -> dict[str, int]:
        """The key every roll and choice of this arrow carries."""
        return {"arrow": self.k}


def skill_cap(state: Battle, fid: str) -> int:
    """Skill points of the ranged weapon's skill now (3.3: skill − fatigue − pain − shock)."""
    f = state.fighter(fid)
    s = state.shooter(fid)
    assert s is not None
    r, x = state.round, max(1, state.exchange)
    return max(0, f.skill(s.skill) - f.fatigue - f.pain - pools.shock_now(f, r, x))


def price(state: Battle, fid: str, order: dict[str, Any], options: SkirmishOptions,
          move: dict[str, Any] | None = None) -> Priced:
    f, t = state.fighter(fid), state.fighter(str(order.get("target")))
    s = state.shooter(fid)
    assert s is not None
    w = ranged.weapon(s.weapon)
    metres = grid.distance(state.grid, f.cell, t.cell)
    pos_diff, halved, possible = ranged.position_rule(s.weapon, f.stance, "dwarf" in f.traits)
    b = ranged.band(s.weapon, metres, halved=halved)
    dice_in = order.get("dice") or {}
    r_, s_ = int(dice_in.get("reflex", 0)), int(dice_in.get("skill", 0))
    pool_ = r_ + s_
    level = f.skill(s.skill)
    extra = max(0, pool_ - level) if options.attack_dice_doubling else 0
    paid_r = r_ + extra
    volley = int(order.get("volley") or 0) if order.get("maneuver") == "rapid_fire" else 0
    paid_s = s_ + volley  # M82: the points committed to the next arrows are charged with the first (4.6)
    moved = dict(state.moved).get(fid)
    aimed = s.stage == "aimed"
    accuracy = f.char("accuracy") if aimed and not (moved and len(moved) > 1) else 0
    mv = order.get("maneuver")
    if mv in MOVING and accuracy:  # M75/M77: Accuracy 0; M76: Accuracy less the reflex of the check
        reflex = int((order.get("check") or {}).get("reflex") or 0)
        accuracy = max(0, accuracy - reflex) if mv == "moving_shot" else 0
    crowd = {c for c, flags, _ in state.terrain if "crowd" in flags}
    diff_c, succ_c, fail, cwhy = ranged.condition_mods(
        s.weapon, state.conditions, target_in_melee=state.pair_of(t.id) is not None,
        crowd_ranks=grid.crowd_ranks(state.grid, crowd, f.cell, t.cell) if crowd else 0,
        target_gait=dict(state.ran).get(t.id),
        straight=grid.straight_at_or_away(state.grid, dict(state.moved).get(t.id) or (), f.cell))
    why = [f"{fid} shoots {w['name']['en']} at {t.id} {metres} m away" + (f": {b.replace('_', ' ')} range"
                                                                           if b else ": beyond extreme range")]
    why.append(f"dice {pool_} ({r_}R + {s_}S)" + (f", cost {pool_ + extra} (×2 above {s.skill} {level}, A-08)"
                                                  if extra else "")
               + (f" + Accuracy {accuracy} (aimed, A-52)" if accuracy else
                  f" (aimed, but {SHOT_MANEUVERS[str(mv)][0]}: no Accuracy left)" if aimed and mv in MOVING else
                  " (aimed, but moved this round: no Accuracy, L1028)" if aimed else ""))
    difficulty = w["difficulty"] + diff_c + pos_diff
    if pos_diff:
        cwhy.append(f"{f.stance} with a {w['class'].replace('_', ' ')} +{pos_diff} difficulty (5.6.7)")
    double = mv == "double_shot"
    if double:  # M80 (L1109, A-78): the range penalty doubled, +1 difficulty with a bow
        _, _, bump = moves.double_shot(0, 0, w["class"] in ("short_bow", "long_bow"))
        difficulty += bump
        cwhy.append(f"double shot (M80): range penalty ×2, +{bump} difficulty with a bow")
    elif mv == "synchronous_throw":  # M81 (L1115): one roll for both throws, +1 unless ambidextrous
        bump = moves.synchronous_throw("ambidextrous" in f.traits)
        difficulty += bump
        cwhy.append(f"synchronous throw (M81): +{bump} difficulty" + (" (ambidextrous)" if not bump else ""))
    elif mv == "rapid_fire":  # M82 (L1121): each arrow of the volley at +1 difficulty
        difficulty += moves.RAPID_FIRE_DIFFICULTY
        cwhy.append(f"rapid fire (M82): +{moves.RAPID_FIRE_DIFFICULTY} difficulty"
                    + (f", {volley} skill points committed to the next arrows (A-77)" if volley else ""))
    range_mod = ranged.range_successes(b, double_shot=double) if b else 0
    if range_mod:
        cwhy.append(f"{b.replace('_', ' ') if b else ''} range {range_mod}")
    if s.loss:
        cwhy.append(f"speed-ups −{s.loss} (5.6.3, 5.6.4)")
    penalty = 0
    if move:
        difficulty += move["difficulty"]
        penalty = move["dice"]
        cwhy += move["why"]
        if move["jump"] and difficulty > 7:  # M75/M77 (L1077, T-25)
            fail = True
            cwhy.append(f"the failed jump makes the attack %{difficulty}, above 7: automatic failure (T-25)")
    ride = vehicle(state, fid, order)
    if ride is not None:
        penalty += ride["dice"]
        cwhy.append(f"shooting from a vehicle at {ride['speed']} m/s"
                    + (" (the target moves with it: half the speed, L1036)" if ride["with_target"] else "")
                    + (f", {ride['skill']} {ride['level']}" if ride["skill"] else "")
                    + f": −{ride['dice']} dice (5.6.8, L1036-1040, T-08)")
    why += cwhy
    return Priced(metres, b, pool_, pool_ + extra + volley, paid_r, paid_s, accuracy,
                  max(0, pool_ + accuracy - penalty), difficulty, succ_c + range_mod - s.loss, fail, possible, why)


def vehicle(state: Battle, fid: str, order: dict[str, Any]) -> dict[str, Any] | None:
    """5.6.8 (L1036-1040, A-53, T-08): a shot from a moving vehicle (`vehicle`: its `speed` in m/s this round, the
    `skill` of the shooter's sheet that goes with it — L1038: sea etiquette for ships, trade etiquette or driving for
    carts —, `with_target` when the target rides the same or an accompanying vehicle or moves the same way): the dice
    before the roll less max(0, speed − the skill's level), half the speed (rounded down) with the target; None
    without one. The vehicle's speed is the player's word, the GM's to dispute (PROPOSED: the field does not move
    vehicles)."""
    ride = order.get("vehicle")
    if not isinstance(ride, dict) or vehicle_problems(state, fid, ride):
        return None
    speed, skill, along = int(ride["speed"]), ride.get("skill"), bool(ride.get("with_target"))
    level = state.fighter(fid).skill(str(skill)) if skill else 0
    return {"speed": speed, "skill": skill, "level": level, "with_target": along,
            "dice": ranged.vehicle_penalty(speed, level, along)}


def vehicle_problems(state: Battle, fid: str, ride: Any) -> list[str]:
    """The vehicle of a shot (5.6.8, T-08): a whole speed 0 or more, a skill on the shooter's sheet, a yes or no."""
    if not isinstance(ride, dict) or set(ride) - {"speed", "skill", "with_target"}:
        return [problem("condition_failed", "5.6.8 T-08", "vehicle is {\"speed\": m/s, \"skill\": a skill of the "
                        "sheet, \"with_target\": true|false}")]
    speed = ride.get("speed")
    if isinstance(speed, bool) or not isinstance(speed, int) or speed < 0:
        return [problem("condition_failed", "5.6.8 T-08", "the vehicle's speed is a whole number of m/s, 0 or more")]
    skill = ride.get("skill")
    if skill is not None and (not isinstance(skill, str) or skill not in state.fighter(fid).skills):
        return [problem("condition_failed", "5.6.8 T-08", f"{fid} has no skill '{skill}' on his sheet")]
    if not isinstance(ride.get("with_target", False), bool):
        return [problem("condition_failed", "5.6.8 T-08", "with_target is true or false")]
    return []


def problems(state: Battle, fid: str, order: dict[str, Any], options: SkirmishOptions) -> list[str]:
    """A shot's legality: a drawn and prepared projectile, a target on the field and in range, the maneuver and its
    weapon, the payment, the difficulty (5.6, 5.4.6, 4.7)."""
    s = state.shooter(fid)
    if s is None:
        return [problem("condition_failed", "5.6", f"{fid} has no ranged weapon")]
    if s.stage == "empty":
        return [problem("condition_failed", "5.6.2", f"{fid} has no drawn projectile (draw first: {s.ammo} left)")]
    if s.stage == "drawn":
        return [problem("step_or_action", "5.6.3", f"{fid}'s shot is not prepared yet (prepare it first)")]
    target = order.get("target")
    if target not in state.roster or target == fid:
        others = ", ".join(i for i in state.roster if i != fid)
        return [problem("condition_failed", "5.6", f"the target is another fighter on the field: {others}")]
    if state.gone(str(target)):
        return [problem("condition_failed", "5.6", f"{target} is out of the fight or off the field")]
    mv = order.get("maneuver")
    if mv is not None and mv not in SHOT_MANEUVERS:
        return [problem("condition_failed", "5.4.6", f"the maneuver of a shot is one of {', '.join(SHOT_MANEUVERS)}")]
    if mv != "rapid_fire" and order.get("volley") is not None:
        return [problem("condition_failed", "5.4.6 M82", "volley only for a rapid fire")]
    if mv not in MOVING and any(order.get(k) is not None for k in ("check", "path", "gait", "landing")):
        return [problem("condition_failed", "5.4.6", "check, path, gait and landing only for a shot on the move "
                        "(M75, M76, M77)")]
    out = maneuver_problems(state, fid, order) if mv is not None else []
    if order.get("vehicle") is not None:
        out += vehicle_problems(state, fid, order["vehicle"])
        if mv in MOVING:
            out.append(problem("condition_failed", "5.6.8 T-08", "a shot from a vehicle is not a shot on the move "
                               "(M75-M77)"))
    if out:
        return out
    p = price(state, fid, order, options)
    kind = ranged.weapon(s.weapon)["class"]
    if not p.possible:
        out.append(problem("condition_failed", "5.6.7", f"{fid} cannot shoot a {kind} {state.fighter(fid).stance}"))
    if p.band is None:
        extreme = ranged.weapon(s.weapon)["range_m"]["extreme"]
        out.append(problem("out_of_reach", "5.6.5", f"{target} is {p.metres} m away, beyond the maximum range of the "
                           f"{kind} ({extreme} m)"))
    elif mv in MOVING and not out:  # M75-M77: the shot may be loosed from any cell of the path
        far = max((price(state.with_fighter(replace(state.fighter(fid), cell=(c[0], c[1]))), fid, order, options)
                   for c in order.get("path") or []), key=lambda q: q.metres, default=p)
        if far.band is None:
            extreme = ranged.weapon(s.weapon)["range_m"]["extreme"]
            out.append(problem("out_of_reach", "5.6.5", f"{target} is {far.metres} m away, beyond the maximum range "
                               f"of the {kind} ({extreme} m)"))
    if p.difficulty > options.max_difficulty:
        out.append(problem("difficulty_above_7", "2.2", f"the shot's difficulty is %{p.difficulty}"))
    avail_r, _ = pools.available(state.fighter(fid), state.round, max(1, state.exchange))
    avail_s = max(0, skill_cap(state, fid) - state.fighter(fid).spent_S)
    check = order.get("check") if mv in MOVING and isinstance(order.get("check"), dict) else {}
    cost_r, cost_s = p.paid_R + int(check.get("reflex") or 0), p.paid_S + int(check.get("acrobatics") or 0)
    if cost_r > avail_r or cost_s > avail_s:
        out.append(problem("cannot_pay", "4.6", f"the shot costs {cost_r}R + {cost_s}S, {fid} has {avail_r}R + "
                           f"{avail_s}S"))
    if p.dice_to_roll < 1:
        out.append(problem("cannot_pay", "4.7.9", "a shot rolls at least 1 die"))
    grazes = order.get("graze") if isinstance(order.get("graze"), list) else []
    for buys in [order.get("buys"), order.get("buys2"), *(g.get("buys") for g in grazes if isinstance(g, dict))]:
        out.extend(purchase_problems(buys or []))
    return out


def purchase_problems(buys: list[Any]) -> list[str]:
    """5.2.2, 5.6.6: each purchase names a general zone of the stance table, a precise zone of the body's tables, or
    a whole number of danger or penetration."""
    out = []
    for buy in buys:
        kind_, _, value = str(buy).partition(":")
        if kind_ not in ("zone", "precise", "danger", "penetration") or not value:
            out.append(problem("zone_not_allowed", "5.2.2", f"{buy} is not a ranged purchase (zone:GENERAL, "
                               "precise:ZONE, danger:N, penetration:N)"))
        elif kind_ == "zone" and value not in data.body()["general"]:
            zones = ", ".join(data.body()["general"])
            out.append(problem("zone_not_allowed", "5.2.2", f"{value} is not a general zone of the stance table "
                               f"({zones})"))
        elif kind_ == "precise" and value not in {z for g in data.body()["general"] for z in data.precise_zones(g)}:
            out.append(problem("zone_not_allowed", "5.5.1", f"{value} is not a precise zone of the body's tables"))
        elif kind_ in ("danger", "penetration") and not (value.isdigit() and int(value) >= 1):
            out.append(problem("zone_not_allowed", "5.6.6", f"{kind_}:{value}: {kind_} is bought by a whole number of "
                               "1 or more"))
    return out


def double_problems(state: Battle, fid: str) -> list[str]:
    """M80 (L1109): a double shot is prepared with a bow (or a repeating crossbow, which the SAMPLE table lacks)."""
    s = state.shooter(fid)
    assert s is not None
    kind = ranged.weapon(s.weapon)["class"]
    classes = SHOT_MANEUVERS["double_shot"][1]
    if kind not in classes:
        return [problem("condition_failed", "5.4.6 M80", f"double_shot needs one of {', '.join(classes)}, not {kind}")]
    return []


def rapid_fire_problems(state: Battle, fid: str, order: dict[str, Any]) -> list[str]:
    """M82 (L1121): a bow, and Strength at least twice the bow's minimum; `volley`, the skill points committed to the
    arrows after the first (A-77), a whole number of 0 or more (the payment is checked with the shot's)."""
    s = state.shooter(fid)
    assert s is not None
    w = ranged.weapon(s.weapon)
    kind, minimum = w["class"], int(w["min_strength"])
    strength, least = state.fighter(fid).char("strength"), 2 * int(w["min_strength"])
    if strength < least:
        return [problem("condition_failed", "5.4.6 M82", f"rapid_fire needs Strength {least} (twice the {kind}'s "
                        f"minimum {minimum}, L1121), {fid} has {strength}")]
    volley = order.get("volley", 0)
    if not isinstance(volley, int) or isinstance(volley, bool) or volley < 0:
        return [problem("condition_failed", "5.4.6 M82", "volley: the skill points committed to the arrows after the "
                        "first, a whole number of 0 or more (A-77)")]
    return []


def maneuver_problems(state: Battle, fid: str, order: dict[str, Any]) -> list[str]:
    """5.4.6: the shot maneuver's weapon class, its second projectile and (M80) the doubled preparation, (M81) the
    second target within 1 m of the first."""
    s = state.shooter(fid)
    assert s is not None
    mv = str(order["maneuver"])
    mcode, classes = SHOT_MANEUVERS[mv]
    kind = ranged.weapon(s.weapon)["class"]
    if kind not in classes:
        return [problem("condition_failed", f"5.4.6 {mcode}", f"{mv} needs one of {', '.join(classes)}, not {kind}")]
    level = state.fighter(fid).skill(s.skill)
    if mv not in MOVING and level < SHOT_LEVEL:
        return [problem("skill_too_low", "4.8", f"{mv} needs {s.skill} {SHOT_LEVEL}, {fid} has {level}")]
    if mv == "rapid_fire":
        return rapid_fire_problems(state, fid, order)
    out = []
    if mv in TWO_PROJECTILES and s.ammo < 1 and not s.pair:
        out.append(problem("condition_failed", f"5.4.6 {mcode}", f"{fid} has no second projectile left"))
    if mv == "double_shot" and not s.double:
        out.append(problem("condition_failed", "5.4.6 M80", f"{fid} prepared one arrow: a double shot is prepared "
                           "for twice the time (prepare with double: true, L1109)"))
    if mv in MOVING:
        out += moving_problems(state, fid, order, mv)
    if mv == "grazing_shot":
        out += grazing_problems(state, fid, order)
    elif order.get("graze") is not None:
        out.append(problem("condition_failed", "5.4.6 M78", "graze targets only for a grazing shot"))
    if mv == "through_shot":
        out += through_problems(state, fid, order)
    elif order.get("next_targets") is not None:
        out.append(problem("condition_failed", "5.4.6 M79", "next targets only for a through shot"))
    second = order.get("second_target")
    if second is not None and mv != "synchronous_throw":
        out.append(problem("condition_failed", "5.4.6 M81", "a second target only for a synchronous throw"))
    elif second is not None:
        target = state.fighter(str(order.get("target")))
        if second not in state.roster or second in (fid, target.id) or state.gone(str(second)):
            out.append(problem("condition_failed", "5.4.6 M81", f"{second} is not another fighter on the field"))
        elif grid.distance(state.grid, target.cell, state.fighter(str(second)).cell) > 1:
            out.append(problem("condition_failed", "5.4.6 M81", f"{second} stands more than 1 m from {target.id} "
                               "(two targets side by side, L1115)"))
    return out


def holding(state: Battle, fid: str, kind: str) -> Battle:
    """M88: the state as the throw of a caught projectile sees it: the fighter's ranged weapon for this one throw is
    the caught one, prepared in his hand (`restored` puts his own back)."""
    w = ranged.weapon(kind)
    held = Shooter(kind, 1, "belt", str(w["skill"]), stage="prepared")
    if state.shooter(fid) is None:
        return replace(state, shooters=(*state.shooters, (fid, held)))
    return state.with_shooter(fid, held)


def restored(state: Battle, fid: str, own: Shooter | None) -> Battle:
    """The fighter's own ranged weapon after a throw-back, as it was (none: none)."""
    if own is None:
        return replace(state, shooters=tuple((i, s) for i, s in state.shooters if i != fid))
    return state.with_shooter(fid, own)


def shoot(ctx: Context, fid: str, order: dict[str, Any], x: int, seq: int, options: SkirmishOptions,
          arrow: Arrow | None = None, thrown: dict[str, Any] | None = None) -> None:
    """One attack roll (5.6, A-52) against each target's missile defence, then each projectile's hit: one, or two
    with M80 (the same target) and M81 (the same target or a second one within 1 m), their purchases paid from the
    one roll's final successes (L1109, L1115); a hidden shot asks the target's Empathy first (5.7, A-61); the
    knockout checks of its wounds follow (6.5 step 11, C9). A rapid fire (M82) is a volley of such shots, each
    `arrow` keyed by its number (volley.py)."""
    from replay.rulesets.skirmish.battle_round import emit

    state = ctx.state
    s = state.shooter(fid)
    assert s is not None
    target = str(order["target"])
    mv = order.get("maneuver")
    if mv == "rapid_fire" and arrow is None:
        from replay.rulesets.skirmish import volley

        volley.rapid_fire(ctx, fid, order, x, seq, options)
        return
    tag = arrow.tag if arrow is not None else {}
    moving = on_the_move(ctx, fid, order, x, options) if mv in MOVING else None
    if moving is not None:
        f0 = state.fighter(fid)
        state = state.with_fighter(replace(f0, cell=tuple(moving["to"])))  # type: ignore[arg-type]
    p = price(state, fid, order, options, moving)
    assert p.band is not None
    if arrow is not None and arrow.dice is not None:  # M82: a next arrow of the volley, already paid for
        said = [f"rapid fire (M82): +{moves.RAPID_FIRE_DIFFICULTY} difficulty" if w.startswith("rapid fire (M82)")
                else w for w in p.why if not w.startswith("dice ")]
        p = replace(p, dice_to_roll=arrow.dice, paid_R=0, paid_S=0, accuracy=0, why=said)
    p = hindered(ctx, fid, x, p, tag, options)
    two = mv in TWO_PROJECTILES
    second_target = str(order.get("second_target") or target) if two else None
    pair = two and second_target == target  # M80/M81: both projectiles at one target (M87: one weapon, one arrow)
    hidden = bool(order.get("hidden"))
    beyond = [str(t) for t in order.get("next_targets") or []] if mv == "through_shot" else []
    grazes = list(order.get("graze") or []) if mv == "grazing_shot" else []
    targets = [target] + ([second_target] if second_target not in (None, target) else []) + beyond \
        + [str(g["target"]) for g in grazes]
    answers: dict[str, Any] = {}
    guarded: dict[str, dict[str, dict[str, Any]]] = {}
    answered: dict[tuple[str, str], int] = {}
    waiting: list[Any] = []
    for t in targets:  # every target's and every guard's choice is asked at once
        try:
            answers[t] = None if hidden else (open_parry(ctx, fid, t, x, p.why)
                                              or missile_defence(ctx, fid, t, x, p.why, tag,
                                                                 options.parry_weight_penalty, pair and t == target,
                                                                 answered))
        except Waiting as w:
            waiting.extend(w.requests)
        try:
            guarded[t] = protection(ctx, fid, t, x, p.why, tag, options.parry_weight_penalty,
                                    body=t == target and not (two or beyond or grazes), answered=answered)
        except Waiting as w:
            waiting.extend(w.requests)
    if waiting:
        raise Waiting(requests=waiting)
    one_weapon(ctx, fid, x, answers, guarded, answered)  # M87 (L1151): a target who guards another, once a weapon
    one_pool(ctx, fid, x, answers, guarded, answered)  # 4.6: his answers together from one pool
    rolls, sensed = attack_rolls(ctx, fid, target, x, p, answers, guarded, hidden, options, tag)
    roll = rolls["shot"]
    c = dice.count(roll.payload["result"], p.difficulty, ones_cancel=options.ones_cancel_successes)
    why = p.why + [f"roll {p.dice_to_roll}d %{p.difficulty} {list(c.faces)} → {c.hits} − {c.ones} = {c.net}"]
    if sensed is not None:
        why.append(surprise.empathy_why(target, sensed))
    finals, defences, taken = {}, {}, {}
    second_final, second_defence = None, None
    for t, answer in answers.items():
        defence, detail = 0, None
        penalty = moves.THROUGH_PENALTY * (beyond.index(t) + 1) if t in beyond else 0  # M79: −5 per next target
        if answer is not None:  # a bare hand is stopped by the successes coming at it (M79: less 5 per target;
            defence, detail = defence_roll(rolls.get(("defence", t)), t, answer, options, why, c.net,  # M78: what
                                           None if grazes else c.net - penalty)  # the grazes leave, counted later
            if answer[0] == "shield_parry_missile":  # M86: one roll against several arrows (CP-29)
                defence = share_parry(ctx, fid, t, x, int(detail.get("kept", defence)), detail, why, tag,
                                      arrow.most - arrow.k if arrow is not None else 0)
        guarding = 0
        for g, guard in guarded[t].items():
            net = counted_guard(rolls[("guard", g, t)], g, guard, options, why)
            guarding += 0 if guard["maneuver"] == BODY_COVER else max(0, net)  # L981: the body takes the hit instead
        if pair and t == target and answer is not None and answer[0] == "weapon_parry_missile":
            second_final, second_defence = pair_parry(rolls, t, answer, options, why, c.net, guarding,
                                                      p.success_mods)
        defence += guarding
        taken[t] = defence
        if grazes:  # M78: the successes run along the trajectory (graze)
            finals[t], defences[t] = c.net - defence + p.success_mods, detail
            continue
        finals[t], defences[t] = c.net - defence + p.success_mods - penalty, detail
        if penalty:
            why.append(f"final = {c.net}" + (f" − {defence} defence" if defence else "")
                       + (f" {p.success_mods:+d} penalties" if p.success_mods else "")
                       + f" − {penalty} through shot (M79) = {finals[t]} ({t})")
            continue
        if defence or p.success_mods:
            mods_text = f" {p.success_mods:+d} penalties" if p.success_mods else ""
            why.append(f"final = {c.net}" + (f" − {defence} defence" if defence else "") + mods_text
                       + f" = {finals[t]}" + (f" ({t})" if len(targets) > 1 else ""))
    out = {"shooter": fid, "target": target, "exchange": x, "band": p.band, "metres": p.metres,
           "defence": defences[target], "spent_R": p.paid_R, "spent_S": p.paid_S, "final": finals[target],
           "ammo": s.ammo - (1 if two and not s.pair or arrow is not None and arrow.k > 1 else 0)
           + (1 if s.pair and not two else 0),  # M81: the other hand's projectile drawn already, or put back
           "from_cell": list(state.fighter(fid).cell),
           "to_cell": list(state.fighter(target).cell)}
    rule = ["5.6", "5.6.5", "5.2.2", "L894-1069"]
    defaults = ["A-02", "A-51", "A-52", "A-08"]
    if mv in SHOT_MANEUVERS:
        out["maneuver"] = mv
        rule += [SHOT_MANEUVERS[str(mv)][0], "5.4.6", {"double_shot": "L1109", "synchronous_throw": "L1115",
                                                        "through_shot": "L1103", "jump_fall_throw": "L1077",
                                                        "moving_shot": "L1083", "jump_shot": "L1089",
                                                        "grazing_shot": "L1095-1097",
                                                        "rapid_fire": "L1121"}[str(mv)]]
        defaults += ["A-78"] if mv == "double_shot" else ["A-77", "A-77b"] if mv == "rapid_fire" else []
    if arrow is not None:
        out["volley"] = {"arrow": arrow.k, "dice": p.dice_to_roll, "most": arrow.most, "left": arrow.left,
                         "net": c.net, **({"check": arrow.check} if arrow.check is not None else {})}
    if guarded[target]:
        out["protectors"] = guarded[target]
        rule += ["M83", "L1131"]
    if any((d or {}).get("maneuver") == "weapon_parry_missile"
           for d in (*defences.values(), *(g for t in targets for g in guarded[t].values()))):
        defaults += ["A-43"]  # M87: the arrow a light weapon for the parry's weight penalty (the option's reading)
    if moving is not None:
        out["move"] = {k: moving[k] for k in ("check", "path", "metres", "gait", "landing", "spent_R", "spent_S",
                                               "to")}
        rule += ["5.6.8"]
    if thrown is not None:  # M88: a caught projectile thrown back (L1161)
        out["thrown_back"] = thrown
        rule += ["M88", "L1159-1161"] + (["L40"] if thrown["unexpected"] else [])
    ride = vehicle(state, fid, order)
    if ride is not None:
        out["vehicle"] = ride
        rule += ["5.6.8", "L1036-1040"]
        defaults += ["A-53"]
    if sensed is not None:
        out["empathy"] = sensed
        rule += ["5.7", "L44-48"]
        defaults += ["A-61"]
    if p.auto_fail:
        why += ["automatic failure (5.6.5)", "the shot fails"]
    elif finals[target] <= 0 and not (defences[target] or {}).get("tie") and not grazes \
            and (defences[target] or {}).get("hand_final") is None:
        why.append("miss")
    cover = None if sensed is None or sensed["sensed"] else False  # no passive cover for an unsensed shot
    side = str(order.get("side") or "right")
    if grazes:
        out["grazed"], running = graze(ctx, fid, grazes, p, c.net + p.success_mods, taken, defences, x, why, cover)
        finals[target] = out["final"] = running - taken[target] if running is not None else 0
        why.append(f"final = {running} − {taken[target]} defence = {finals[target]} ({target})" if running is not None
                   else f"the projectile does not reach {target}")
        parry = defences[target] or {}
        if running is not None and parry.get("weapon") == HAND and running > 0 and parry["net"] >= running:
            parry["hand_final"] = parry["net"] - running  # M87 (L1153): the bare hand meets what the grazes left
            why.append(f"{target}'s bare hand stops the projectile ({parry['net']} against {running}, M87)")
        elif running is not None and finals[target] <= 0:
            why.append("miss")
    n = 1 if two or beyond or grazes else 0  # several projectiles or targets: the first one's rolls say so
    covering = body_cover(state, fid, target, guarded[target], why)
    if covering is not None and not p.auto_fail and finals[target] > 0:  # L981: the bodyguard takes the hit
        out["body_cover"] = covered(ctx, fid, target, covering, p, finals[target], x, why, side, tag)
        rule += ["5.6.5", "L981"]
        first = {"outcome": "covered", "wound": None}
    else:
        first = projectile(ctx, fid, target, order.get("buys") or [], side, p, finals[target], x, why, n, cover,
                           defences[target], tag=tag)
    if (defences[target] or {}).get("tie") and not p.auto_fail:  # M88 (L1159): the tie strikes the catching hand
        first = caught_hand(ctx, fid, target, p, x, why, {**({"projectile": 1} if n else {}), **tag})
    if (defences[target] or {}).get("hand_final") is not None and not p.auto_fail:  # M87 (L1153): the bare hand
        first = parried_hand(ctx, fid, target, p, x, why, defences[target], {**({"projectile": 1} if n else {}),
                                                                              **tag})
    final2 = finals[second_target] if second_target is not None and second_final is None else second_final
    defence2 = second_defence if second_final is not None else \
        defences[second_target] if second_target is not None else None
    out.update({"outcome": first["outcome"], "wound": first["wound"]})
    if first.get("shield"):
        out["shield"] = first["shield"]
    if s.pair and not two:
        why.append(f"{fid} throws one projectile: the second, drawn into the other hand, goes back (M81, PROPOSED)")
    if two:
        assert second_target is not None
        why.append(f"second projectile ({SHOT_MANEUVERS[str(mv)][0]}) at {second_target}"
                   + (", drawn into the other hand (M81, T-16)" if s.pair else ""))
        assert final2 is not None
        if (second_target != target or second_final is not None) and final2 <= 0 and not p.auto_fail \
                and (defence2 or {}).get("hand_final") is None:
            why.append("miss")
        same = second_target == target and first.get("shield")
        loss = None if same and first["shield"]["broken"] else int(first["shield"]["reliability_loss"]) if same else 0
        hit2 = projectile(ctx, fid, second_target, order.get("buys2") or [], side, p, final2, x, why,
                          2, cover, defence2, loss)
        hit2.pop("passing", None)
        if (defence2 or {}).get("hand_final") is not None and not p.auto_fail:  # M87 (L1153): the bare hand takes
            hands = hands_left(state, state.fighter(second_target))  # the second projectile; the other hand
            both = second_target == target and (defences[target] or {}).get("weapon") == HAND
            hit2 = parried_hand(ctx, fid, second_target, p, x, why, defence2, {"projectile": 2, **tag},
                                hand=hands[1] if both else None)
        out["second"] = {"target": second_target, "final": final2, "defence": defence2,
                         **({"protectors": guarded[second_target]} if second_target != target
                            and guarded[second_target] else {}), **hit2}
        if second_target != target:
            out["second"]["to_cell"] = list(state.fighter(second_target).cell)
    if beyond:
        out["through"] = through(ctx, fid, first, beyond, p, finals, defences, guarded, x, why, cover)
    rushed = s.rushed and not p.auto_fail and (arrow is None or arrow.k == 1)
    before_aim = c.net + p.success_mods + (s.loss - s.rushed)  # the preparation's loss comes first (5.6.3, 5.6.4)
    if rushed and before_aim < 0:
        out["misfire"] = misfire(ctx, fid, before_aim, p, x, why, tag, side, options)
        rule += ["5.6.3", "L950"]
        defaults += ["A-41"] if out["misfire"]["kind"] == "weapon" else []
    elif s.hurried and s.loss and not p.auto_fail and (arrow is None or arrow.k == 1):
        botched = botch(ctx, fid, c.net + p.success_mods, p, x, why, tag, side)
        if botched is not None:
            out["botch"] = botched
            rule += ["5.6.4", "L956", "CP-41"]
            defaults += ["A-56"]
    knocked = knockouts(ctx, fid, out, x, options, why, tag)
    if knocked:
        out["knockouts"] = knocked
        rule.append("6.5 step 11")
        defaults += ["C9"]
    if arrow is not None:
        from replay.rulesets.skirmish import volley

        volley.after_arrow(ctx, fid, out, arrow, x, options, why)
        if out["volley"].get("ended"):  # the archer's extra fatigue check, or none with the option off
            rule.append("5.10")
            defaults += ["A-71", "5.10"]
    emit(ctx, "shot", {**out, "why": why, "rule": rule, "defaults": defaults}, cause=roll.seq or None)


SHOT_LEVEL = 4
"""4.8 (A-23, PROPOSED): M78-M82 need level 4 in the ranged weapon's skill."""
TWO_PROJECTILES = ("double_shot", "synchronous_throw")
"""M80, M81: two projectiles, one attack roll, two damage calculations (L1109, L1115)."""


HINDRANCE = ("CP-40 (5.6.5, L962): hindrance is the GM's ruling (no --actor) on a shooter's serious internal "
             "hindrance (a wounded arm, a grave illness), keyed by exchange and shooter; its value (--json) has "
             "\"dice\" (taken off the shot) or \"difficulty\" (added), whole numbers 0 or more")


def botch(ctx: Context, fid: str, net: int, p: Priced, x: int, why: list[str], tag: dict[str, Any],
          side: str) -> dict[str, Any] | None:
    """5.6.4 (L956, T-26, CP-41): «Если в результате вычитания успехов произойдет критический провал, то выстрел
    будет направлен случайным образом (-1), либо поразит союзника (-2)». PROPOSED: the shot's net with its
    penalties (the hurried aim's lost success among them), before the target's defence; below zero it botches.
    −1: the direction is the GM's roll (1d8 on squares, 1d6 on hexes, the grid's directions from north clockwise on
    squares, from east counter-clockwise on hexes); what lies that way is his ruling. −2 or worse: the GM chooses
    the ally struck, and the projectile hits him with no success (its zones rolled, 5.2.2; an arm or a leg on the
    shot's declared `side`, PROPOSED); no ally on the field, no one is struck."""
    kind = ranged.aim_botch(net)
    if kind is None:
        return None
    state = ctx.state
    why.append(f"the hurried aim's lost success leaves the shot at {net}: a critical failure (L956, A-56)")
    if kind == "random_direction":
        names = list(grid.steps(state.grid))
        sides = len(names)
        face = int(ctx.roll(f"1d{sides}", actor=None, purpose="stray_direction", exchange=x, shooter=fid, **tag,
                            what=f"the GM's roll for the direction of {fid}'s stray shot (1d{sides}, CP-41, L956)"
                            ).payload["total"])
        direction = names[(face - 1) % sides]
        why.append(f"the shot flies in a random direction: 1d{sides} [{face}] → {direction}; what it meets "
                   "there is the GM's ruling (CP-41)")
        return {"kind": kind, "net": net, "roll": face, "direction": direction}
    me = state.fighter(fid)
    allies = sorted(f.id for f in state.fighters if f.side == me.side and f.id != fid and not state.gone(f.id))
    if not allies:
        why.append(f"the shot would strike an ally of {fid}, but none stands on the field (CP-41)")
        return {"kind": kind, "net": net, "ally": None}
    ally = str(ctx.choice("stray_ally", actor=None, options=allies, exchange=x, shooter=fid, **tag,
                          what=f"the GM's choice of the ally {fid}'s hurried shot strikes (CP-41, L956)"))
    why.append(f"the shot strikes {fid}'s ally {ally} (CP-41, L956)")
    t = state.fighter(ally)
    wound, outcome, shield, _ = hit(ctx, fid, t, [], side, p, 0, x, why, {"ally": ally, **tag}, False)
    return {"kind": kind, "net": net, "ally": ally, "target": ally, "outcome": outcome, "wound": wound,
            **({"shield": shield} if shield else {})}


def misfire(ctx: Context, fid: str, net: int, p: Priced, x: int, why: list[str], tag: dict[str, Any], side: str,
            options: SkirmishOptions) -> dict[str, Any]:
    """5.6.3 (L950): «Если из-за вычитания успехов произойдет критический провал, то оружие заклинит, сломается,
    выпадет из рук (-1) или нанесет урон из-за неаккуратной подготовки (-2)». PROPOSED, as the aim's (L956): the
    shot's net with its penalties, the preparation's lost successes among them (the aim's after them), below zero;
    the projectile never leaves the weapon. −1: the weapon's Reliability check at %5 (its Reliability in d10, the
    roll `reliability` keyed by exchange and shooter): a failure, broken or jammed (which, the GM's word), a success,
    dropped at his feet. −2 or worse: the weapon hurts the shooter, the zone rolled on the ranged table (5.2.2), the
    projectile's damage with no success (PROPOSED, as the ally struck by a hurried aim, CP-41), at short range (no
    range modifier, A-51)."""
    from replay.rulesets.skirmish.battle_round import d10

    state = ctx.state
    s = state.shooter(fid)
    assert s is not None
    why.append(f"the hurried preparation's lost successes leave the shot at {net}: a critical failure, the shot "
               "never leaves the weapon (L950)")
    if net == -1:
        n = int(ranged.weapon(s.weapon)["reliability"])
        roll = ctx.roll(d10(options, n), actor=fid, purpose="reliability", exchange=x, shooter=fid, **tag,
                        what=f"{fid}'s Reliability check of the weapon jammed in a hurried preparation "
                             f"({n}d %5, L950)")
        c = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
        weapon = "dropped" if c.net > 0 else "broken_or_jammed"
        why.append(f"Reliability {n}d %5 {list(c.faces)} → {c.hits} − {c.ones} = {c.net}: "
                   + ("the weapon falls from his hands (L950)" if weapon == "dropped" else
                      "the weapon breaks or jams, out of use; which of the two is the GM's word (L950)"))
        return {"kind": "weapon", "net": net, "reliability": {"dice": n, "net": c.net}, "weapon": weapon}
    why.append(f"the weapon hurts {fid} through the careless preparation: the zone by the ranged table (L950)")
    me = state.fighter(fid)
    wound, outcome, shield, _ = hit(ctx, fid, me, [], side, replace(p, band="short"), 0, x, why,
                                    {"misfire": fid, **tag}, False)
    return {"kind": "self", "net": net, "outcome": outcome, "wound": wound, **({"shield": shield} if shield else {})}


def hindrance_problems(value: Any) -> list[str]:
    """CP-40 (5.6.5, L962): the GM's ruling on an internal hindrance is {"dice": n, "difficulty": n}, each a whole
    number 0 or more (the dice taken off the shot, the difficulty added); checked at input."""
    if not isinstance(value, dict) or not value or not set(value) <= {"dice", "difficulty"} \
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()):
        return [HINDRANCE]
    return []


def hindered(ctx: Context, fid: str, x: int, p: Priced, tag: dict[str, Any], options: SkirmishOptions) -> Priced:
    """CP-40 (5.6.5, L962): «Серьезные внутренние помехи (ранение руки, тяжелая болезнь) могут повлиять на
    количество кубиков для броска либо сложность выстрела» — the GM's ruling, never asked: without it the shot is
    not hindered. A difficulty above the highest is an automatic failure (T-25's reading)."""
    none = {"dice": 0, "difficulty": 0}
    value, how = ctx.ask("hindrance", actor=None, options=[none], default=none, applies=True,
                         accept=lambda v: not hindrance_problems(v),
                         what=f"the GM's ruling on {fid}'s internal hindrance to the shot (CP-40, 5.6.5): dice "
                              "taken off, difficulty added",
                         exchange=x, shooter=fid, **tag)
    fewer, harder = int(value.get("dice") or 0), int(value.get("difficulty") or 0)
    if how != "chosen" or not (fewer or harder):
        return p
    dice_ = max(0, p.dice_to_roll - fewer)
    difficulty = p.difficulty + harder
    why = [*p.why, "the GM rules an internal hindrance (CP-40, L962): " + ", ".join(
        ([f"−{fewer} dice ({p.dice_to_roll} → {dice_})"] if fewer else [])
        + ([f"+{harder} difficulty (%{p.difficulty} → %{difficulty})"] if harder else []))]
    fail = p.auto_fail
    if difficulty > options.max_difficulty and not fail:
        fail = True
        why.append(f"%{difficulty} is above {options.max_difficulty}: automatic failure (CP-40)")
    return replace(p, dice_to_roll=dice_, difficulty=difficulty, auto_fail=fail, why=why)


def attack_rolls(ctx: Context, fid: str, target: str, x: int, p: Priced, answers: dict[str, Any],
                 guarded: dict[str, dict[str, dict[str, Any]]], hidden: bool, options: SkirmishOptions,
                 tag: dict[str, Any] | None = None) -> tuple[dict[Any, Any], dict[str, Any] | None]:
    """The shot's roll, each defending target's and guard's roll and (a hidden shot) the target's Empathy at %6,
    asked at once; returns the rolls by tag (`shot`, (`defence`, target), (`guard`, guard, target)) and the Empathy
    check counted."""
    from replay.rulesets.skirmish.battle_round import d10

    tags: list[Any] = ["shot"]
    tag = tag or {}
    asks = [(d10(options, p.dice_to_roll), fid, "shot", {"exchange": x, **tag},
             f"{fid}'s shot at {target} (%{p.difficulty})")]
    for t, declared in answers.items():
        for which, answer in parries(declared):  # M87 with two weapons: each parry its own roll, keyed by projectile
            if answer[1]:
                tags.append(("defence", t, 2) if which.get("projectile") == 2 else ("defence", t))
                asks.append((d10(options, answer[1]), t, "missile_defence", {"exchange": x, "shooter": fid, **which,
                                                                             **tag},
                             f"{t}'s {answer[0].replace('_', ' ')} (%{answer[2]})"))
    for t, guards_ in guarded.items():
        for g, guard in guards_.items():
            tags.append(("guard", g, t))
            asks.append((d10(options, guard["dice"]), g, "protect_ally", {"exchange": x, "shooter": fid, "target": t,
                                                                           **tag},
                         f"{g} protects {t}: {guard['maneuver'].replace('_', ' ')} (%{guard['difficulty']}, M83)"))
    if hidden:
        tags.append("empathy")
        victim = ctx.state.fighter(target)
        asks.append((d10(options, max(1, victim.char("empathy"))), target, "empathy", {"exchange": x, "shooter": fid,
                                                                                      **tag},
                     f"Empathy check of {target} against a hidden attack (free, %6, needs 1 success; 5.7)"))
    rolls = dict(zip(tags, ctx.need_rolls(asks), strict=True))
    sensed = surprise.empathy(rolls["empathy"], options) if hidden else None
    return rolls, sensed


def parries(answer: tuple[str, int, int, dict[str, Any]] | None) -> list[tuple[dict[str, int], Any]]:
    """The rolls a missile defence asks: one, or with M87's second weapon (L1153) one for each projectile, keyed
    `projectile: 1` and `2`."""
    if answer is None:
        return []
    second = answer[3].get("second")
    if second is None:
        return [({}, answer)]
    return [({"projectile": 1}, answer),
            ({"projectile": 2}, ("weapon_parry_missile", int(second["dice"]), int(second["difficulty"]), {}))]


def defence_roll(roll: Any, target: str, answer: tuple[str, int, int, dict[str, Any]], options: SkirmishOptions,
                 why: list[str], shot_net: int = 0, hand_at: int | None = None) -> tuple[int, dict[str, Any]]:
    """The target's missile defence counted: (successes taken off the shot, the payload's `defence`). A bare hand
    (M87) is stopped by the successes `hand_at` coming at it (the shot's net by default; None: counted later, a
    grazing shot's running successes)."""
    maneuver, n, tn, extra = answer
    extra = {k: v for k, v in extra.items() if k != "second"}
    detail = {"maneuver": maneuver, "dice": n, "difficulty": tn, "lying": maneuver == "missile_dodge" and tn == 4,
              **extra}
    if not n:  # M84 alone: the screen is passive, no roll
        return 0, detail
    d = dice.count(roll.payload["result"], tn, ones_cancel=options.ones_cancel_successes)
    why.append(f"{target} {maneuver.replace('_', ' ')} {n}d %{tn} {list(d.faces)} → {d.hits} − {d.ones} = {d.net}")
    if maneuver == "missile_catch":  # M88 (L1159): caught above the attack; a tie hurts the catching hand
        detail["caught"] = d.net > shot_net
        detail["tie"] = d.net == shot_net and shot_net > 0
        if detail["caught"]:
            why.append(f"{target} catches the projectile (M88)")
    if maneuver == "weapon_parry_missile" and extra.get("weapon") == HAND:
        detail["net"] = d.net
        if hand_at is not None and hand_at > 0 and d.net >= hand_at:
            detail["hand_final"] = d.net - hand_at  # M87 (L1153): the parrying bare hand takes the arrow
    return max(0, d.net), detail


def pair_parry(rolls: dict[Any, Any], target: str, answer: tuple[str, int, int, dict[str, Any]],
               options: SkirmishOptions, why: list[str], net: int, guarding: int,
               mods: int) -> tuple[int, dict[str, Any] | None]:
    """M87 (L1153 «Одним оружием можно отбить лишь одну стрелу. Если вы используете два оружия, чтобы отбить две
    стрелы, то делаются отдельные броски парирования»): two projectiles of one shot at the target (M80, M81); the
    weapon parry answers the first; the second is parried only by a second weapon, with its own roll. Returns the
    second projectile's final successes and its defence (None: not parried)."""
    second = answer[3].get("second")
    if second is None:
        why.append(f"one weapon parries one projectile: {target}'s parry answers the first, the second flies on "
                   "without it (M87, L1153)")
        final = net - guarding + mods
        detail = None
    else:
        why.append(f"{target} parries the second projectile with the {second['weapon']}: its own roll (M87, L1153)")
        own = ("weapon_parry_missile", int(second["dice"]), int(second["difficulty"]),
               {"weapon": second["weapon"], **({"skill": second["skill"]} if second.get("skill") else {})})
        parried, detail = defence_roll(rolls[("defence", target, 2)], target, own, options, why, net, net)
        detail["projectile"] = 2
        final = net - parried - guarding + mods
        guarding += parried
    why.append(f"final = {net}" + (f" − {guarding} defence" if guarding else "")
               + (f" {mods:+d} penalties" if mods else "") + (f" = {final}" if guarding or mods else "")
               + f" ({target}, second projectile)")
    return final, detail


def counted_guard(roll: Any, guard: str, detail: dict[str, Any], options: SkirmishOptions, why: list[str]) -> int:
    """M83: the guard's defence roll counted; its net successes go into the payload's `protectors`."""
    d = dice.count(roll.payload["result"], detail["difficulty"], ones_cancel=options.ones_cancel_successes)
    detail["net"] = d.net
    why.append(f"{guard} {detail['maneuver'].replace('_', ' ')} {detail['dice']}d %{detail['difficulty']} "
               f"{list(d.faces)} → {d.hits} − {d.ones} = {d.net}")
    return d.net


def projectile(ctx: Context, fid: str, target: str, buys: list[str], side: str, p: Priced, final: int, x: int,
               why: list[str], n: int, cover: bool | None, defence: dict[str, Any] | None,
               loss: int | None = 0, carried: int | None = None, tag: dict[str, Any] | None = None) -> dict[str, Any]:
    """One projectile's hit (5.2.2) with the target's passive shield cover (5.11; M84's screen, none after a shield
    parry, A-87b, or after an unsensed hidden shot, A-61). With several projectiles or targets (M78-M81) each one's
    rolls carry which: `projectile: 1` and `2`, a through shot's next targets `through: k` (M79); a grazing shot's
    secondary targets are keyed `graze: k` (M78). A recorded roll matches every key it contains, so the first
    projectile's own key keeps it from taking the others' rolls."""
    if p.auto_fail or final <= 0:
        return {"outcome": "miss", "wound": None}
    t = ctx.state.fighter(target)
    covered = False
    if shield_ready(t) and t.shield is not None:
        if cover is False:
            why.append(f"{target} did not sense the hidden attack: no passive shield cover (A-61)")
        elif defence and defence["maneuver"] == "shield_parry_missile":
            why.append(f"{target}'s shield parried: no passive cover (5.11, A-87b)")
        elif parried_this_exchange(ctx, target, x):
            why.append(f"{target}'s shield parried this exchange: no passive cover for the rest of it (5.11, A-87b)")
        elif loss is None:
            why.append(f"{target}'s shield broke under the first projectile: no passive cover")
        else:
            zones = tuple((defence or {}).get("screen", t.shield.cover))
            t = replace(t, shield=replace(t.shield, cover=zones, reliability=t.shield.reliability - loss))
            covered = True
    key = {**({"projectile": n} if n in (1, 2) else {"through": n - 2} if n > 2 else {}), **(tag or {})}
    wound, outcome, shield, passing = hit(ctx, fid, t, buys, side, p, final, x, why, key, covered, carried)
    return {"outcome": outcome, "wound": wound, **({"shield": shield} if shield else {}),
            **({"passing": passing} if passing else {})}


def covered(ctx: Context, fid: str, target: str, guard: str, p: Priced, final: int, x: int, why: list[str],
            side: str, tag: dict[str, Any]) -> dict[str, Any]:
    """L981 (PROPOSED): the bodyguard's body takes the projectile with the shot's final successes after every defence
    (the crowd's penalty kept, «штраф сохраняется»); the shooter's purchases were for the target, so the zone is
    rolled; the guard's own passive shield covers him."""
    why.append(f"{guard} comes between {target} and the shot (body cover, L981): the projectile strikes him with "
               f"the final {final}")
    struck_ = projectile(ctx, fid, guard, [], side, p, final, x, why, 0, None, None, tag=tag)
    struck_.pop("passing", None)
    return {"target": guard, "covers": target, "final": final, "to_cell": list(ctx.state.fighter(guard).cell),
            **struck_}


def caught_hand(ctx: Context, fid: str, target: str, p: Priced, x: int, why: list[str],
                key: dict[str, Any]) -> dict[str, Any]:
    """M88 (L1159, PROPOSED: the catching hand is the main hand's «кисть»): a tie with the attack lets the projectile
    damage the catcher's hand."""
    t = ctx.state.fighter(target)
    why.append(f"a tie: the projectile strikes {target}'s catching hand (M88, L1159)")
    wound, outcome, shield, _ = hit(ctx, fid, t, [], t.main_hand, p, 1, x, why, key, False, fixed=("arm", "hand"))
    return {"outcome": outcome, "wound": wound}


def parried_hand(ctx: Context, fid: str, target: str, p: Priced, x: int, why: list[str], detail: dict[str, Any],
                 key: dict[str, Any], hand: str | None = None, carried: int | None = None) -> dict[str, Any]:
    """M87 (L1153 «Если вы парируете незащищенной рукой, то получаете урон от стрелы по кисти, вычитая итоговые
    успехи из этого урона»): a bare hand that parries takes the projectile's damage on its «кисть», less the parry's
    final successes (its net less the shot's); `hand` the one that parried (by default the free one), `carried` a
    through shot's damage (M79)."""
    t = ctx.state.fighter(target)
    hand = hand or next(iter(hands_left(ctx.state, t)), None)  # M87 (L1151, L559): one not spent this round
    assert hand is not None
    less = int(detail["hand_final"])
    why.append(f"{target}'s bare {hand} hand parries: the projectile strikes the hand, its damage less the parry's "
               f"final {less} (M87, L1153)")
    wound, outcome, _, _ = hit(ctx, fid, t, [], hand, p, 1, x, why, key, False, carried, fixed=("arm", "hand"),
                               less=less)
    return {"outcome": outcome, "wound": wound}


def drawing_botch(ctx: Context, fid: str, x: int, why: list[str], hand: int | None) -> dict[str, Any]:
    """T-16 (L929 «Критический провал на броске Рефлекса может привести к выпадению снаряда из рук (-1), либо ранению
    стрелка (-2)»; the spec's PROPOSED: damage 1d6, random zone): a speed-up check of the draw at degree 2 hurts the
    shooter instead of dropping the projectile: the roll `draw_damage` (1d6), the zone rolled as 5.5.2's (`shot_zone`,
    `zone`, and `penetration` through armour), all keyed by exchange and `drawing` (and `hand` for M81's other hand),
    an arm or a leg on the drawing hand's side (PROPOSED); his passive shield does not cover him."""
    me = ctx.state.fighter(fid)
    key = {"drawing": fid, **({"hand": hand} if hand else {})}
    face = int(ctx.roll("1d6", actor=fid, purpose="draw_damage", exchange=x, **key,
                        what=f"{fid}'s damage hurting himself drawing a projectile (1d6, T-16, L929)").payload["total"])
    why.append(f"critical failure of degree 2: {fid} hurts himself drawing the projectile (L929): 1d6 [{face}] damage, "
               "its zone rolled (5.5.2; T-16, PROPOSED)")
    side = me.main_hand if hand != 2 else ("left" if me.main_hand == "right" else "right")
    bare = Priced(0, "short", 0, 0, 0, 0, 0, 0, 0, 0, False, True)
    wound, outcome, _, _ = hit(ctx, fid, me, [], side, bare, 0, x, why, key, False, own=face)
    return {"fighter": fid, "target": fid, "damage": face, "outcome": outcome, "wound": wound,
            **({"hand": hand} if hand else {})}


def aim_zone(ctx: Context, fid: str, t: Any, buys: list[str], p: Priced, final: int, x: int, why: list[str],
             key: dict[str, Any]) -> tuple[Any, Any, int, int, bool, int]:
    """5.2.2: the general zone by 1d6 on the stance table (5.5.2), the exposed zones behind cover (CP-33), the
    purchases at the height-and-range prices (5.6.6), the precise zone 2d6−2 when not bought (0 = miss); returns
    (general, precise, danger, penetration, missed, successes spent)."""
    state = ctx.state
    target = t.id
    assert p.band is not None
    face = ctx.roll("1d6", actor=fid, purpose="shot_zone", exchange=x, **key,
                    what=f"{fid}'s hit zone on {target} (1d6, {t.stance})").payload["total"]
    general = ranged.stance_zone(t.stance, face)
    why.append(f"zone 1d6 [{face}] ({t.stance}) → {general or 'miss'} (5.5.2)")
    if general is None:
        return general, None, 0, 0, True, 0
    if "cover" in state.flags(t.cell):  # 5.5.2 (L998, CP-33): behind cover only the exposed parts can be hit
        exposed, how = ctx.ask("exposed", actor=None, options=list(data.body()["general"]), default=list(WAIST_HIGH),
                               applies=True, accept=lambda v: isinstance(v, list)
                               and all(z in data.body()["general"] for z in v),
                               what=f"{target}'s zones exposed behind cover (CP-33, GM)", exchange=x, shooter=fid,
                               **key)
        why.append(f"{target} is behind cover: exposed {', '.join(exposed)}"
                   + (" (waist-high cover, PROPOSED)" if how == "default" else " (CP-33)"))
        if general not in exposed:
            why.append("the projectile strikes the cover")
            return general, None, 0, 0, True, 0
    general_cost, precise_cost = ranged.zone_costs(t.height_cm, p.band)
    why.append(f"prices ({ranged.height_class(t.height_cm)}, {p.band.replace('_', ' ')}): zone {general_cost}, "
               f"precise {precise_cost if precise_cost is not None else '—'} (5.6.6)")
    left, precise, danger, pen = final, None, 0, 0
    for buy in buys:
        kind, _, value = str(buy).partition(":")
        if kind == "zone" and left >= general_cost and value in data.body()["general"] and value != general:
            general, left = value, left - general_cost
            why.append(f"zone → {value} ({general_cost})")
        elif kind == "precise" and precise is None and precise_cost is not None and left >= precise_cost \
                and value in data.precise_zones(general):
            precise, left = value, left - precise_cost
            why.append(f"precise zone {value} ({precise_cost})")
        elif kind in ("danger", "penetration") and precise_cost is not None:
            n = min(int(value), left // precise_cost)
            if n:
                left -= n * precise_cost
                danger, pen = (danger + n, pen) if kind == "danger" else (danger, pen + n)
                why.append(f"{kind} +{n} ({n * precise_cost})")
        else:
            why.append(f"{buy} not bought (C13)")
    if precise is None:
        roll = ctx.roll("2d6-2", actor=fid, purpose="zone", exchange=x, **key,
                        what=f"{fid}'s precise zone on {target} ({general})")
        result = roll.payload["total"]
        precise = data.precise_zone(general, result) if result > 0 else None
        why.append(f"precise 2d6−2 = {result} → {precise or 'miss (L98)'}")
        if precise is None:
            return general, None, 0, 0, True, final - left
    return general, precise, danger, pen, False, final - left


def hit(ctx: Context, fid: str, t: Any, buys: list[str], side_: str, p: Priced, final: int, x: int, why: list[str],
        key: dict[str, Any], covered: bool, carried: int | None = None, fixed: tuple[str, str] | None = None,
        cutting: bool = False, less: int = 0, own: int | None = None
        ) -> tuple[dict[str, Any] | None, str, dict[str, Any] | None, dict[str, int] | None]:
    """5.2.2: the general zone by 1d6 on the stance table (5.5.2), the purchases at the height-and-range prices
    (5.6.6), the precise zone 2d6−2 when not bought (0 = miss), the passive shield (5.11), then the SAMPLE damage
    (6.5); `own` a damage rolled for it (T-16's drawing botch) instead of the projectile's."""
    from replay.rulesets.skirmish.resolve import passive_shield, shock_until

    state = ctx.state
    s = state.shooter(fid)
    assert s is not None and p.band is not None
    w = ranged.weapon(s.weapon)
    danger, pen = 0, 0
    if fixed is not None:
        general, precise = fixed
    else:
        general, precise, danger, pen, dead, _ = aim_zone(ctx, fid, t, buys, p, final, x, why, key)
        if dead:
            return None, "miss", None, None
    raw = w["projectile_damage"] if carried is None else carried
    arc_face = None
    if own is not None:
        raw, carried = own, own
        why.append(f"D = {own} (1d6, the drawing botch; T-16, PROPOSED)")
    elif carried is not None:
        why.append(f"D = {carried} carried through (M79, L1103)")
    elif p.band == "extreme" and w.get("arc_at_extreme") and w["projectile"] in ranged.ARROWS:
        arc_face = ctx.roll("1d6", actor=fid, purpose="arc", exchange=x, **key,
                            what=f"{fid}'s arc shot damage penalty (1d6, L994)").payload["total"]
    mod = ranged.range_damage(s.weapon, p.band, arc_face) if carried is None else 0
    dtype = "cutting" if cutting else w["damage_type"]
    if carried is None:
        why.append(f"D = {raw} ({w['projectile']})" + (f" {mod:+d} ({p.band.replace('_', ' ')} range, A-51"
                                                       + (f", arc 1d6 [{arc_face}]" if arc_face else "") + ")"
                                                       if mod else "") + f" = {raw + mod}")
    raw += mod
    if less:
        why.append(f"D = {raw} − {less} final successes of the parry = {max(0, raw - less)} (M87, L1153)")
        raw = max(0, raw - less)
    side = "left" if side_ == "left" else "right"
    zone = f"{side}_{general}" if general in ("arm", "leg") else general
    shield = None
    if covered:
        raw, shield = passive_shield(t, zone, raw, why)
    armour, pen_tn, piece = damage.armour_of(t, precise, dtype)
    k = 1
    if armour and pen_tn is not None:
        p_total = min(data.damage_model()["penetration_cap"], w.get("penetration", 0) + pen)
        pface = ctx.roll("1d6", actor=fid, purpose="penetration", exchange=x, **key,
                         what=f"penetration roll for {fid}'s hit ({piece}, needs {pen_tn} with +{p_total})"
                         ).payload["total"]
        k = 1 if pface + p_total >= pen_tn else 2
        why.append(f"penetration 1d6 [{pface}] + {p_total} {'≥' if k == 1 else '<'} {pen_tn} → armour counts "
                   f"{'once' if k == 1 else 'twice'}")
    max_w = data.damage_model()["zones"][precise]["max_w"]
    passing = {"D": raw, "max_w": max_w, "armour": armour}
    wv = min(max(0, raw - armour * k), max_w)
    if wv == 0:
        why.append(f"W = {raw}" + (f" − {armour}×{k} ({piece}) = 0" if armour else "") + " → no wound")
        return None, "no_wound", shield, passing
    level = min(5, damage.level_of(wv) + danger)
    flags = damage.thresholds(precise, dtype, wv)
    eff = damage.effects(level, dtype)
    conseq = damage.consequences(general, level, flags)
    why.append(f"W = {raw}" + (f" − {armour}×{k} ({piece})" if armour else "")
               + damage.w_text(max(0, raw - armour * k), max_w, subtracted=bool(armour)) + " → level "
               f"{damage.level_of(wv)}" + (f" + {danger} danger = {level}" if danger else "")
               + f": pain {eff['pain']}, shock {eff['shock']}, bleeding {eff['bleeding']}"
               + (f" ({', '.join(flags + conseq)})" if flags or conseq else ""))
    wound = {"zone": zone, "precise": precise, "type": dtype, "W": wv, "level": level, "pain": eff["pain"],
             "shock": eff["shock"], "bleeding": eff["bleeding"], "flags": flags, "consequences": conseq,
             "until": list(shock_until(state.round, x))}
    return wound, "hit", shield, passing


MOVING = ("jump_fall_throw", "moving_shot", "jump_shot")
"""M75-M77: a shot on the move, with its check (L1077-1089)."""


def moving_problems(state: Battle, fid: str, order: dict[str, Any], mv: str) -> list[str]:
    """M75-M77: the check's reflex points (M75/M77 may add Acrobatics points, taken from the combat skill points),
    the path walked (M76, at a gait) or jumped (M75/M77) cell by cell, no melee reach on the way (L102), M75's
    landing on the feet or lying (a fall), and the payment with the shot."""
    from replay.rulesets.skirmish import battle_check

    f = state.fighter(fid)
    mcode = SHOT_MANEUVERS[mv][0]
    check = order.get("check")
    if not isinstance(check, dict) or set(check) - {"reflex", "acrobatics"} or not all(
            isinstance(v, int) and v >= 0 for v in check.values()) or not check.get("reflex"):
        return [problem("condition_failed", f"5.4.6 {mcode}", "check: {reflex: n, acrobatics: n}, at least 1 reflex "
                        "point")]
    acro = int(check.get("acrobatics") or 0)
    if acro and mv == "moving_shot":
        return [problem("condition_failed", "5.4.6 M76", "a shot on the move adds no Acrobatics to its check")]
    if acro > f.skill("acrobatics"):
        return [problem("condition_failed", f"5.4.6 {mcode}", f"{acro} Acrobatics points, {fid} has "
                        f"{f.skill('acrobatics')}")]
    landing = order.get("landing", "feet")
    if landing not in ("feet", "lying") or landing == "lying" and mv != "jump_fall_throw":
        return [problem("condition_failed", f"5.4.6 {mcode}", "landing: feet, or lying after a fall (M75 only)")]
    gait = order.get("gait", "walk") if mv == "moving_shot" else "sprint"
    out = battle_check.move_problems(state, fid, {"gait": gait, "path": order.get("path") or []})
    if not order.get("path"):
        out.append(problem("condition_failed", f"5.4.6 {mcode}", "path: the cells walked or jumped, [[x, y], …]"))
    return out


def on_the_move(ctx: Context, fid: str, order: dict[str, Any], x: int, options: SkirmishOptions) -> dict[str, Any]:
    """M75/M77 (L1077, L1089, T-25): the acrobatic check at %5 (PROPOSED): each 2 successes fly 1 m along the path
    with no difficulty penalty; a failure +1 difficulty, a botch +2 or +3, above 7 an automatic failure. M76 (L1083):
    the check at %5 (PROPOSED): each success walks or runs 1 m with no penalty; the path beyond them takes 5.6.8's
    method 2 (dice −(the gait's metres per second) less Acrobatics, +1 difficulty at ½ Speed or more)."""
    from replay.rulesets.skirmish.battle_round import d10

    state = ctx.state
    f = state.fighter(fid)
    mv = str(order["maneuver"])
    mcode = SHOT_MANEUVERS[mv][0]
    n, acro = int(order["check"]["reflex"]), int(order["check"].get("acrobatics") or 0)
    roll = ctx.roll(d10(options, n + acro), actor=fid, purpose="acrobatics", exchange=x,
                    what=f"{fid}'s acrobatic check on the move (%5, {mcode})")
    c = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    path = [tuple(cell) for cell in order["path"]]
    gait = str(order.get("gait", "walk")) if mv == "moving_shot" else None
    why = [f"{fid} {mv.replace('_', ' ')} ({mcode}): check {n + acro}d %5 ({n}R" + (f" + {acro} Acrobatics" if acro
                                                                                 else "")
           + f") {list(c.faces)} → {c.hits} − {c.ones} = {c.net}"]
    bump, penalty = 0, 0
    if mv == "moving_shot":
        free = max(0, c.net)
        metres = len(path)
        if metres > free:
            speed = int(grid.budget(f.char("speed"), str(gait)))
            penalty, bump = ranged.moving_penalty(speed, f.skill("acrobatics"), gait in grid.RUNNING)
            why.append(f"{metres} m {gait} with {free} m free of penalty: 5.6.8 method 2, dice −{penalty} ({speed} m/s "
                       f"less Acrobatics {f.skill('acrobatics')})" + (f", +{bump} difficulty (½ Speed or more)"
                                                                     if bump else ""))
        else:
            why.append(f"{metres} m {gait}, no penalty ({free} m free)")
    else:
        tn, flight = moves.jump_throw(0, c.net, c.crit_degree)
        metres = min(len(path), flight)
        if tn:
            bump = tn
            why.append(f"failed jump: +{tn} difficulty" + (f" (critical failure of degree {c.crit_degree})"
                                                            if c.crit_degree else ""))
        why.append(f"flies {metres} m of the {len(path)} m declared ({flight} m: 1 m for each 2 successes)")
    path = path[:metres]
    landing = str(order.get("landing", "feet"))
    if landing == "lying":
        why.append(f"{fid} lands lying (a fall, M75)")
    return {"check": c.to_json(), "path": [list(cell) for cell in path], "metres": metres, "gait": gait,
            "landing": landing, "spent_R": n, "spent_S": acro, "to": list(path[-1] if path else f.cell),
            "difficulty": bump, "dice": penalty, "jump": mv != "moving_shot", "why": why}


GRAZE_ZONES = ("ear", "cheeks", "neck", "flank_left", "flank_right")
"""M78 (L1097): the zones a projectile may graze besides the limbs (neck, ears, cheeks, the left and right flanks)."""


def grazable(general: str, precise: str) -> bool:
    """M78 (L1097): a limb (every precise zone of the arm and leg tables but the groin) or a zone of GRAZE_ZONES."""
    return precise in GRAZE_ZONES or general in ("arm", "leg") and precise != "groin"


def graze(ctx: Context, fid: str, grazes: list[dict[str, Any]], p: Priced, net: int, taken: dict[str, int],
          defences: dict[str, Any], x: int, why: list[str],
          cover: bool | None) -> tuple[list[dict[str, Any]], int | None]:
    """M78 (L1095-1097, T-24): −1 success for the grazing shot; each secondary target, nearest first, is grazed with
    the successes left less his defence: its zone corrected with successes to a limb, the neck, an ear, the cheeks or
    a flank (what is spent counts against the shot), cutting damage, and −1 after each one hit; a zone left
    uncorrected keeps the projectile (it sticks there, with its own damage, and flies no further). Returns the
    grazed targets and the successes left for the final target (None: the projectile stuck)."""
    running, said = moves.grazing(net, [])
    why.append(f"grazing shot (M78): {said[0]}")
    out: list[dict[str, Any]] = []
    for k, g in enumerate(grazes, start=1):
        t = ctx.state.fighter(str(g["target"]))
        left = running - taken[t.id]
        entry: dict[str, Any] = {"target": t.id, "final": left, "defence": defences[t.id]}
        parry = defences[t.id] or {}
        if parry.get("weapon") == HAND and running > 0 and parry["net"] >= running:  # M87 (L1153): the bare hand
            parry["hand_final"] = parry["net"] - running  # stops the projectile, which flies no further (PROPOSED)
            why.append(f"{t.id}'s bare hand stops the projectile ({parry['net']} against {running}, M87)")
            hit_ = parried_hand(ctx, fid, t.id, p, x, why, parry, {"graze": k})
            out.append({**entry, **hit_, "stuck": True})
            return out, None
        if left <= 0:
            why.append(f"{t.id} is not grazed ({running} − {taken[t.id]} defence = {left})")
            out.append({**entry, "outcome": "miss", "wound": None})
            continue
        key = {"graze": k}
        general, precise, _, _, missed, spent = aim_zone(ctx, fid, t, list(g.get("buys") or []), p, left, x, why, key)
        running -= spent
        if spent:
            why.append(f"− {spent} (zone correction on {t.id}) = {running}")
        if missed:
            out.append({**entry, "outcome": "miss", "wound": None})
            continue
        stuck = not grazable(general, precise)
        if stuck:
            why.append(f"{precise} cannot be grazed: the projectile sticks in {t.id} (M78)")
        covered = cover is not False and shield_ready(t)
        wound, outcome, shield, _ = hit(ctx, fid, t, [], "right", p, left, x, why, key, covered,
                                        fixed=(general, precise), cutting=not stuck)
        out.append({**entry, "outcome": outcome, "wound": wound, "stuck": stuck,
                    **({"shield": shield} if shield else {})})
        if stuck:
            return out, None
        running -= 1
        why.append(f"− 1 ({t.id} grazed) = {running}")
    return out, running


def grazing_problems(state: Battle, fid: str, order: dict[str, Any]) -> list[str]:
    """M78 (L1095): a projectile with a cutting head; the secondary targets named nearest first, each on the line of
    fire before the final target."""
    s = state.shooter(fid)
    assert s is not None
    w = ranged.weapon(s.weapon)
    if not w.get("cutting_head"):
        return [problem("condition_failed", "5.4.6 M78", f"a grazing shot needs a projectile with a cutting head "
                        f"(the {w['projectile']} has none)")]
    grazes = order.get("graze")
    if not isinstance(grazes, list) or not grazes or not all(isinstance(g, dict) and set(g) <= {"target", "buys"}
                                                               for g in grazes):
        return [problem("condition_failed", "5.4.6 M78", "graze: [{target, buys}], the secondary targets nearest "
                        "first")]
    target, last = str(order.get("target")), 0.0
    for g in grazes:
        other = g.get("target")
        if other not in state.roster or other in (fid, target) or state.gone(str(other)):
            return [problem("condition_failed", "5.4.6 M78", f"{other} is not another fighter on the field")]
        along = between(state, fid, target, str(other))
        if along is None or along <= last:
            return [problem("condition_failed", "5.4.6 M78", f"{other} does not stand on the line of fire before "
                            f"{target} (nearest first)")]
        last = along
    return []


def between(state: Battle, fid: str, target: str, other: str) -> float | None:
    """M78 (PROPOSED geometry): how far along the line of fire `other` stands when he is between the shooter and the
    target within half a metre of the line; None otherwise."""
    from math import hypot

    (sx, sy), (tx, ty), (ox, oy) = (grid.centre(state.grid, state.fighter(i).cell) for i in (fid, target, other))
    ux, uy, vx, vy = tx - sx, ty - sy, ox - sx, oy - sy
    length = hypot(ux, uy)
    along = (vx * ux + vy * uy) / max(1e-9, length * length)
    off = abs(vx * uy - vy * ux) / max(1e-9, length)
    return along if 0 < along < 1 and off <= 0.5 + 1e-9 else None


def through(ctx: Context, fid: str, first: dict[str, Any], beyond: list[str], p: Priced, finals: dict[str, int],
            defences: dict[str, Any], guarded: dict[str, Any], x: int, why: list[str],
            cover: bool | None) -> list[dict[str, Any]]:
    """M79 (L1103, T-23): where the damage exceeds the zone's maximum plus twice its armour the projectile flies on
    to the next target on the line with the damage left, damage − (maximum + 2 × armour), at −5 successes for each
    next target; its zone is rolled (the purchases were the first target's)."""
    out: list[dict[str, Any]] = []
    passing = first.get("passing")
    for k, t in enumerate(beyond, start=1):
        carried = moves.through(passing["D"], passing["max_w"], passing["armour"]) if passing else 0
        if passing:
            why.append(f"through shot (M79): {passing['D']} − ({passing['max_w']} + 2 × {passing['armour']}) = "
                       f"{carried}" + (f" carried to {t}" if carried else ": the projectile stops"))
        if not carried:
            break
        entry: dict[str, Any] = {"target": t, "final": finals[t], "defence": defences[t], "carried": carried,
                                 **({"protectors": guarded[t]} if guarded.get(t) else {})}
        hand = (defences[t] or {}).get("hand_final") is not None and not p.auto_fail
        if finals[t] <= 0 and not hand:
            why.append(f"miss ({t})")
        hit_ = projectile(ctx, fid, t, [], "right", p, finals[t], x, why, 2 + k, cover, defences[t], 0, carried)
        passing = hit_.pop("passing", None)
        if hand:  # M87 (L1153): his bare hand stops the projectile and takes the damage carried (PROPOSED)
            hit_ = parried_hand(ctx, fid, t, p, x, why, defences[t], {"through": k}, carried=carried)
        out.append({**entry, **hit_, "to_cell": list(ctx.state.fighter(t).cell)})
        if hit_["outcome"] == "miss" or hand:
            break
    return out


def on_line(state: Battle, fid: str, target: str, other: str) -> float | None:
    """M79 (PROPOSED geometry): how far along the line of fire, in units of the target's distance, `other` stands
    when he is beyond the target within half a metre of the line; None otherwise."""
    from math import hypot

    (sx, sy), (tx, ty), (ox, oy) = (grid.centre(state.grid, state.fighter(i).cell) for i in (fid, target, other))
    ux, uy, vx, vy = tx - sx, ty - sy, ox - sx, oy - sy
    length = hypot(ux, uy)
    along = (vx * ux + vy * uy) / max(1e-9, length * length)
    off = abs(vx * uy - vy * ux) / max(1e-9, length)
    return along if along > 1 + 1e-9 and off <= 0.5 + 1e-9 else None


def through_problems(state: Battle, fid: str, order: dict[str, Any]) -> list[str]:
    """M79 (L1103): a piercing projectile; the next targets named in order, each on the line beyond the last."""
    s = state.shooter(fid)
    assert s is not None
    if ranged.weapon(s.weapon)["damage_type"] != "piercing":
        return [problem("condition_failed", "5.4.6 M79", f"a through shot needs a piercing projectile, not "
                        f"{ranged.weapon(s.weapon)['damage_type']}")]
    names = order.get("next_targets")
    if not isinstance(names, list) or not names:
        return [problem("condition_failed", "5.4.6 M79", "next_targets: the fighters on the line beyond the target, "
                        "nearest first")]
    target, last = str(order.get("target")), 1.0
    for other in names:
        if other not in state.roster or other in (fid, target) or state.gone(str(other)):
            return [problem("condition_failed", "5.4.6 M79", f"{other} is not another fighter on the field")]
        along = on_line(state, fid, target, str(other))
        if along is None or along <= last:
            return [problem("condition_failed", "5.4.6 M79", f"{other} does not stand on the line of fire beyond "
                            f"{target} (nearest first)")]
        last = along
    return []


def knockouts(ctx: Context, fid: str, out: dict[str, Any], x: int, options: SkirmishOptions,
              why: list[str], tag: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """6.5 step 11 with C9 after a shot's wounds: one Endurance check at %5 for each wounded target with a trigger
    (a level-4 head or torso wound, shock ≥ Endurance), keyed by exchange and shooter; a failed one is unconscious
    for 1d6 rounds, or until treated with a level-4 head or torso wound among the triggers."""
    from replay.rulesets.skirmish.battle_round import d10
    from replay.rulesets.skirmish.evolve import wounded

    state = ctx.state
    hits: dict[str, list[dict[str, Any]]] = {}
    self_hurt = {**out["misfire"], "target": fid} if (out.get("misfire") or {}).get("kind") == "self" else {}
    for h in (out, out.get("second") or {}, out.get("botch") or {}, out.get("body_cover") or {}, self_hurt,
              *(out.get("through") or []),
              *(out.get("grazed") or [])):
        if h.get("wound"):
            hits.setdefault(str(h["target"]), []).append(h["wound"])
    due = []
    for target, wounds in hits.items():
        f = state.fighter(target)
        for w in wounds:
            f = wounded(f, w)
        if f.out:
            continue
        triggers = [c for w in wounds for c in w["consequences"] if c == "knockout_check"]
        if pools.shock_now(f, state.round, x) >= f.char("endurance"):
            triggers.append("shock")
        if triggers:
            due.append((target, triggers))
    if not due:
        return []
    rolls = ctx.need_rolls([(d10(options, state.fighter(t).char("endurance")), t, "knockout",
                             {"exchange": x, "shooter": fid, **(tag or {})}, f"knockout check of {t} (Endurance %5)")
                            for t, _ in due])
    result = []
    for (target, triggers), roll in zip(due, rolls, strict=True):
        counted = dice.count(roll.payload["result"], data.damage_model()["knockout_difficulty"],
                             ones_cancel=options.ones_cancel_successes)
        down = counted.net <= 0
        why.append(f"{target} knockout check ({', '.join(triggers)}): Endurance {len(counted.faces)}d %5 "
                   f"{list(counted.faces)} → {counted.hits} − {counted.ones} = {counted.net} → "
                   + ("unconscious" if down else "conscious"))
        check: dict[str, Any] = {"fighter": target, "triggers": triggers, "roll": counted.to_json(),
                                 "unconscious": down, "rounds": None, "until_treated": False}
        if down and "knockout_check" in triggers:
            check["until_treated"] = True
            why.append("a level-4 head or torso wound: unconscious until treated (C9)")
        elif down:
            length = ctx.roll("1d6", actor=target, purpose="knockout_rounds", exchange=x, shooter=fid, **(tag or {}),
                              what=f"rounds {target} stays unconscious (1d6, C9)")
            check["rounds"] = int(length.payload["total"])
            why.append(f"unconscious for 1d6 {list(length.payload['result'])} = {check['rounds']} rounds (C9)")
        result.append(check)
    return result


# --- forming up (5.12) ---------------------------------------------------------------------------------------------

def form_problems(state: Battle, fid: str, order: dict[str, Any]) -> list[str]:
    """5.12: a commander and at least two warriors of his side, loose; partners named in pairs of members."""
    members = [str(m) for m in order.get("members") or []]
    out = []
    if len(members) < 2:
        out.append("5.12 (L1177): a formation is a commander and at least two warriors (members: [ids])")
    side = state.fighter(fid).side
    for m in members:
        if m not in state.roster or state.fighter(m).side != side or m == fid:
            out.append(f"5.12: {m} is not a warrior of {fid}'s side")
        elif state.pair_of(m) is not None:
            out.append(f"5.12: {m} is engaged in melee")
    for pair in order.get("partners") or []:
        if not isinstance(pair, list) or len(pair) != 2 or not set(pair) <= set(members):
            out.append(f"5.12 (L1189): partners {pair!r}: two members of the formation")
        elif grid.distance(state.grid, state.fighter(pair[0]).cell, state.fighter(pair[1]).cell) > 1:
            out.append(f"5.12 (L1189): partners {pair[0]} and {pair[1]} stand apart: partners share or touch a cell")
    return out


def form(ctx: Context, fid: str, order: dict[str, Any], x: int, seq: int, options: SkirmishOptions) -> None:
    """5.12 (A-57, A-58): Tactics at %5; Xd6 (X = successes) caps the size; the drill cap is the lowest effective
    Army Etiquette (partners' master successes raise each other, T-09)."""
    from replay.rulesets.skirmish.battle_round import d10, emit

    state = ctx.state
    f = state.fighter(fid)
    members = [str(m) for m in order["members"]]
    roll = ctx.roll(d10(options, max(1, f.skill("tactics"))), actor=fid, purpose="tactics", exchange=x,
                    what=f"{fid}'s Tactics check to form up (%5, A-57)")
    c = dice.count(roll.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    why = [f"{fid} Tactics {len(c.faces)}d %5 {list(c.faces)} → {c.hits} − {c.ones} = {c.net}"]
    size = 0
    if c.net > 0:
        size_roll = ctx.roll(f"{c.net}d6", actor=fid, purpose="formation_size", exchange=x,
                             what=f"the formation's size cap ({c.net}d6, A-57)")
        size = formation.size_cap(c.net, size_roll.payload["total"])
        why.append(f"size cap {c.net}d6 = {size} warriors (A-57)")
    joined = members[:size]
    if len(joined) < 2:
        why.append("no formation: fewer than two warriors (5.12)")
        joined = []
    partners = [tuple(p) for p in order.get("partners") or [] if set(p) <= set(joined)]
    etiquettes = []
    for m in joined:
        fm = state.fighter(m)
        mate = next((b if a == m else a for a, b in partners if m in (a, b)), None)
        bonus = dice.master_successes(state.fighter(mate).skill("etiquette_army")) if mate else 0
        eff = formation.effective_etiquette(fm.skill("etiquette_army"), bonus)
        etiquettes.append(eff)
        why.append(f"{m} Army Etiquette {fm.skill('etiquette_army')}" + (f" + {bonus} ({mate}'s master successes, "
                                                                          "L1191)" if bonus else "") + f" = {eff}")
    cap = formation.drill_cap(etiquettes) if etiquettes else 0
    if joined:
        why.append(f"drill cap: Reflex and Speed ≤ {cap} (A-58)")
    emit(ctx, "formed", {"commander": fid, "members": joined, "partners": [list(p) for p in partners], "cap": cap,
                         "size": size, "why": why, "rule": ["5.12", "L1175-1199"],
                         "defaults": ["A-02", "A-57", "A-58"]}, cause=roll.seq or None)
