"""A shot on the field (spec 5.6, 5.2.2, M89/M90; SOURCE L894-1069) and forming up (5.12): pricing, the roll, the
target's missile defence, the success penalties, the hit zone by stance, the purchases priced by height and range,
the damage of the SAMPLE model; and the commander's Tactics check that forms a formation."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from replay.context import Context
from replay.rulesets.skirmish import damage, data, dice, formation, pools, ranged
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish.battle import Battle
from replay.rulesets.skirmish.maneuvers import ranged as moves
from replay.rulesets.skirmish.model import SkirmishOptions

DEFENCES = ("missile_dodge", "missile_slip")
SHOT_MANEUVERS = {"double_shot": ("M80", ("short_bow", "long_bow")),
                  "synchronous_throw": ("M81", ("knife", "javelin"))}
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


def skill_cap(state: Battle, fid: str) -> int:
    """Skill points of the ranged weapon's skill now (3.3: skill − fatigue − pain − shock)."""
    f = state.fighter(fid)
    s = state.shooter(fid)
    assert s is not None
    r, x = state.round, max(1, state.exchange)
    return max(0, f.skill(s.skill) - f.fatigue - f.pain - pools.shock_now(f, r, x))


def price(state: Battle, fid: str, order: dict[str, Any], options: SkirmishOptions) -> Priced:
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
    paid_s = s_
    moved = dict(state.moved).get(fid)
    aimed = s.stage == "aimed"
    accuracy = f.char("accuracy") if aimed and not (moved and len(moved) > 1) else 0
    diff_c, succ_c, fail, cwhy = ranged.condition_mods(
        s.weapon, state.conditions, target_in_melee=state.pair_of(t.id) is not None,
        target_gait=dict(state.ran).get(t.id))
    why = [f"{fid} shoots {w['name']['en']} at {t.id} {metres} m away" + (f": {b.replace('_', ' ')} range"
                                                                           if b else ": beyond extreme range")]
    why.append(f"dice {pool_} ({r_}R + {s_}S)" + (f", cost {pool_ + extra} (×2 above {s.skill} {level}, A-08)"
                                                  if extra else "")
               + (f" + Accuracy {accuracy} (aimed, A-52)" if accuracy else
                  " (aimed, but moved this round: no Accuracy, L1028)" if aimed else ""))
    difficulty = w["difficulty"] + diff_c + pos_diff
    if pos_diff:
        cwhy.append(f"{f.stance} with a {w['class'].replace('_', ' ')} +{pos_diff} difficulty (5.6.7)")
    mv = order.get("maneuver")
    double = mv == "double_shot"
    if double:  # M80 (L1109, A-78): the range penalty doubled, +1 difficulty with a bow
        _, _, bump = moves.double_shot(0, 0, w["class"] in ("short_bow", "long_bow"))
        difficulty += bump
        cwhy.append(f"double shot (M80): range penalty ×2, +{bump} difficulty with a bow")
    elif mv == "synchronous_throw":  # M81 (L1115): one roll for both throws, +1 unless ambidextrous
        bump = moves.synchronous_throw("ambidextrous" in f.traits)
        difficulty += bump
        cwhy.append(f"synchronous throw (M81): +{bump} difficulty" + (" (ambidextrous)" if not bump else ""))
    range_mod = ranged.range_successes(b, double_shot=double) if b else 0
    if range_mod:
        cwhy.append(f"{b.replace('_', ' ') if b else ''} range {range_mod}")
    if s.loss:
        cwhy.append(f"speed-ups −{s.loss} (5.6.3, 5.6.4)")
    why += cwhy
    return Priced(metres, b, pool_, pool_ + extra, paid_r, paid_s, accuracy, pool_ + accuracy, difficulty,
                  succ_c + range_mod - s.loss, fail, possible, why)


def problems(state: Battle, fid: str, order: dict[str, Any], options: SkirmishOptions) -> list[str]:
    """A shot's legality: a drawn and prepared projectile, a target on the field and in range, the payment, the
    difficulty (5.6, 4.7)."""
    s = state.shooter(fid)
    if s is None:
        return [f"5.6: {fid} has no ranged weapon"]
    if s.stage == "empty":
        return [f"5.6.2: {fid} has no drawn projectile (draw first: {s.ammo} left)"]
    if s.stage == "drawn":
        return [f"5.6.3: {fid}'s shot is not prepared yet (prepare it first, {s.weapon})"]
    target = order.get("target")
    if target not in state.roster or target == fid:
        return [f"5.6: target: one of {', '.join(i for i in state.roster if i != fid)}"]
    if state.gone(str(target)):
        return [f"5.6: {target} is out of the fight or off the field"]
    p = price(state, fid, order, options)
    out = []
    mv = order.get("maneuver")
    if mv is not None and mv not in SHOT_MANEUVERS:
        return [f"5.4.6: maneuver is one of {', '.join(SHOT_MANEUVERS)} (M80, M81)"]
    if mv is not None and ranged.weapon(s.weapon)["class"] not in SHOT_MANEUVERS[str(mv)][1]:
        return [f"{SHOT_MANEUVERS[str(mv)][0]}: {mv} needs one of {', '.join(SHOT_MANEUVERS[str(mv)][1])}, "
                f"not {s.weapon}"]
    if not p.possible:
        out.append(f"5.6.7: {fid} cannot shoot a {ranged.weapon(s.weapon)['class'].replace('_', ' ')} "
                   f"{state.fighter(fid).stance}")
    if p.band is None:
        extreme = ranged.weapon(s.weapon)["range_m"]["extreme"]
        out.append(f"5.6.5: {target} is {p.metres} m away, beyond the maximum range of the {s.weapon} "
                   f"({extreme} m)")
    if p.difficulty > options.max_difficulty:
        out.append(f"difficulty_above_7 (2.2): the shot's difficulty is %{p.difficulty}")
    avail_r, _ = pools.available(state.fighter(fid), state.round, max(1, state.exchange))
    avail_s = max(0, skill_cap(state, fid) - state.fighter(fid).spent_S)
    if p.paid_R > avail_r or p.paid_S > avail_s:
        out.append(f"cannot_pay (4.6): the shot costs {p.paid_R}R + {p.paid_S}S, {fid} has {avail_r}R + {avail_s}S")
    if p.dice_to_roll < 1:
        out.append("cannot_pay (4.7.9): a shot rolls at least 1 die")
    for buy in order.get("buys") or []:
        kind, _, value = str(buy).partition(":")
        if kind not in ("zone", "precise", "danger", "penetration") or not value:
            out.append(f"buys: {buy!r} is not a ranged purchase (zone:GENERAL, precise:ZONE, danger:N, "
                       "penetration:N; 5.2.2)")
    return out


def shoot(ctx: Context, fid: str, order: dict[str, Any], x: int, seq: int, options: SkirmishOptions) -> None:
    from replay.rulesets.skirmish.battle_round import d10, emit

    state = ctx.state
    s = state.shooter(fid)
    assert s is not None
    target = str(order["target"])
    p = price(state, fid, order, options)
    assert p.band is not None
    answer = missile_defence(ctx, fid, target, x, p.why)  # declared before the dice, as a defence is
    asks = [(d10(options, p.dice_to_roll), fid, "shot", {"exchange": x}, f"{fid}'s shot at {target} (%{p.difficulty})")]
    if answer is not None:
        asks.append((d10(options, answer[1]), target, "missile_defence", {"exchange": x, "shooter": fid},
                     f"{target}'s {answer[0].replace('_', ' ')} (%{answer[2]})"))
    rolls = ctx.need_rolls(asks)
    roll = rolls[0]
    c = dice.count(roll.payload["result"], p.difficulty, ones_cancel=options.ones_cancel_successes)
    why = p.why + [f"roll {p.dice_to_roll}d %{p.difficulty} {list(c.faces)} → {c.hits} − {c.ones} = {c.net}"]
    defence = 0
    if answer is not None:
        d = dice.count(rolls[1].payload["result"], answer[2], ones_cancel=options.ones_cancel_successes)
        defence = max(0, d.net)
        why.append(f"{target} {answer[0].replace('_', ' ')} {answer[1]}d %{answer[2]} {list(d.faces)} → {d.hits} − "
                   f"{d.ones} = {d.net}")
    final = c.net - defence + p.success_mods
    mods_text = f" {p.success_mods:+d} penalties" if p.success_mods else ""
    if defence or p.success_mods:
        why.append(f"final = {c.net}" + (f" − {defence} defence" if defence else "") + mods_text + f" = {final}")
    out = {"shooter": fid, "target": target, "exchange": x, "band": p.band, "metres": p.metres,
           "defence": None if answer is None else {"maneuver": answer[0], "dice": answer[1], "difficulty": answer[2],
                                                   "lying": answer[0] == "missile_dodge" and answer[2] == 4},
           "spent_R": p.paid_R, "spent_S": p.paid_S, "final": final, "ammo": s.ammo,
           "from_cell": list(state.fighter(fid).cell), "to_cell": list(state.fighter(target).cell)}
    rule = ["5.6", "5.6.5", "5.2.2", "L894-1069"]
    defaults = ["A-02", "A-51", "A-52", "A-08"]
    mv = order.get("maneuver")
    if mv in SHOT_MANEUVERS:
        out["maneuver"] = mv
        rule += [SHOT_MANEUVERS[str(mv)][0], "5.4.6", "L1109" if mv == "double_shot" else "L1115"]
        defaults += ["A-78"] if mv == "double_shot" else []
    if p.auto_fail or final <= 0:
        if p.auto_fail:
            why.append("automatic failure (5.6.5)")
        why.append("miss" if not p.auto_fail else "the shot fails")
        emit(ctx, "shot", {**out, "outcome": "miss", "wound": None, "why": why, "rule": rule, "defaults": defaults},
             cause=roll.seq or None)
        return
    wound, outcome = hit(ctx, fid, target, order, p, final, x, why)
    emit(ctx, "shot", {**out, "outcome": outcome, "wound": wound, "why": why, "rule": rule, "defaults": defaults},
         cause=roll.seq or None)


def missile_defence(ctx: Context, fid: str, target: str, x: int, why: list[str]) -> tuple[str, int, int] | None:
    """M89 Dodge (Р, %5, %4 into cover / to the ground), M90 Slip (%6), +1 against a shot in the back (L1167,
    L1173); only a target who sees the shooter defends (PROPOSED: the shooter is seen unless behind). The
    target's choice `missile_defence` keyed by exchange and shooter: `none` or {maneuver, dice, into_cover};
    returns (maneuver, dice, difficulty) or None."""
    state = ctx.state
    t, f = state.fighter(target), state.fighter(fid)
    if t.out or state.pair_of(target) is not None:
        return None
    if grid.behind(state.grid, t.cell, t.facing, f.cell):
        why.append(f"{target} does not see {fid} (behind): no missile defence (M86-M90)")
        return None
    avail_r, _ = pools.available(t, state.round, max(1, x))  # (Р): paid with reflex points only
    value, _ = ctx.ask("missile_defence", actor=target, options=["none", *DEFENCES], default="none",
                       accept=lambda v: v == "none" or isinstance(v, dict) and v.get("maneuver") in DEFENCES
                       and isinstance(v.get("dice"), int) and 1 <= v["dice"] <= avail_r,
                       what=f"{target}'s defence against {fid}'s shot: none, or {{maneuver: missile_dodge|"
                            "missile_slip, dice: n (reflex), into_cover: true|false} (M89, M90)",
                       exchange=x, shooter=fid)
    if value == "none":
        why.append(f"{target} does not defend")
        return None
    tn = moves.missile_dodge(bool(value.get("into_cover")), False) if value["maneuver"] == "missile_dodge" \
        else moves.missile_slip(False)
    return str(value["maneuver"]), int(value["dice"]), tn


def hit(ctx: Context, fid: str, target: str, order: dict[str, Any], p: Priced, final: int, x: int,
        why: list[str]) -> tuple[dict[str, Any] | None, str]:
    """5.2.2: the general zone by 1d6 on the stance table (5.5.2), the purchases at the height-and-range prices
    (5.6.6), the precise zone 2d6−2 when not bought (0 = miss), then the SAMPLE damage (6.5)."""
    from replay.rulesets.skirmish.resolve import shock_until

    state = ctx.state
    t = state.fighter(target)
    s = state.shooter(fid)
    assert s is not None and p.band is not None
    w = ranged.weapon(s.weapon)
    face = ctx.roll("1d6", actor=fid, purpose="shot_zone", exchange=x,
                    what=f"{fid}'s hit zone on {target} (1d6, {t.stance})").payload["total"]
    general = ranged.stance_zone(t.stance, face)
    why.append(f"zone 1d6 [{face}] ({t.stance}) → {general or 'miss'} (5.5.2)")
    if general is None:
        return None, "miss"
    if "cover" in state.flags(t.cell):  # 5.5.2 (L998, CP-33): behind cover only the exposed parts can be hit
        exposed, how = ctx.ask("exposed", actor=None, options=list(data.body()["general"]), default=list(WAIST_HIGH),
                               applies=True, accept=lambda v: isinstance(v, list)
                               and all(z in data.body()["general"] for z in v),
                               what=f"{target}'s zones exposed behind cover (CP-33, GM)", exchange=x, shooter=fid)
        why.append(f"{target} is behind cover: exposed {', '.join(exposed)}"
                   + (" (waist-high cover, PROPOSED)" if how == "default" else " (CP-33)"))
        if general not in exposed:
            why.append("the projectile strikes the cover")
            return None, "miss"
    general_cost, precise_cost = ranged.zone_costs(t.height_cm, p.band)
    why.append(f"prices ({ranged.height_class(t.height_cm)}, {p.band.replace('_', ' ')}): zone {general_cost}, "
               f"precise {precise_cost if precise_cost is not None else '—'} (5.6.6)")
    left, precise, danger, pen = final, None, 0, 0
    for buy in order.get("buys") or []:
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
        roll = ctx.roll("2d6-2", actor=fid, purpose="zone", exchange=x,
                        what=f"{fid}'s precise zone on {target} ({general})")
        result = roll.payload["total"]
        precise = data.precise_zone(general, result) if result > 0 else None
        why.append(f"precise 2d6−2 = {result} → {precise or 'miss (L98)'}")
        if precise is None:
            return None, "miss"
    raw = w["projectile_damage"]
    arc_face = None
    if p.band == "extreme" and w.get("arc_at_extreme") and w["projectile"] in ranged.ARROWS:
        arc_face = ctx.roll("1d6", actor=fid, purpose="arc", exchange=x,
                            what=f"{fid}'s arc shot damage penalty (1d6, L994)").payload["total"]
    mod = ranged.range_damage(s.weapon, p.band, arc_face)
    dtype = w["damage_type"]
    why.append(f"D = {raw} ({w['projectile']})" + (f" {mod:+d} ({p.band.replace('_', ' ')} range, A-51"
                                                   + (f", arc 1d6 [{arc_face}]" if arc_face else "") + ")"
                                                   if mod else "") + f" = {raw + mod}")
    raw += mod
    armour, pen_tn, piece = damage.armour_of(t, precise, dtype)
    k = 1
    if armour and pen_tn is not None:
        p_total = min(data.damage_model()["penetration_cap"], w.get("penetration", 0) + pen)
        pface = ctx.roll("1d6", actor=fid, purpose="penetration", exchange=x,
                         what=f"penetration roll for {fid}'s hit ({piece}, needs {pen_tn} with +{p_total})"
                         ).payload["total"]
        k = 1 if pface + p_total >= pen_tn else 2
        why.append(f"penetration 1d6 [{pface}] + {p_total} {'≥' if k == 1 else '<'} {pen_tn} → armour counts "
                   f"{'once' if k == 1 else 'twice'}")
    wv = min(max(0, raw - armour * k), data.damage_model()["zones"][precise]["max_w"])
    if wv == 0:
        why.append(f"W = {raw}" + (f" − {armour}×{k} ({piece})" if armour else "") + " = 0 → no wound")
        return None, "no_wound"
    level = min(5, damage.level_of(wv) + danger)
    flags = damage.thresholds(precise, dtype, wv)
    eff = damage.effects(level, dtype)
    conseq = damage.consequences(general, level, flags)
    why.append(f"W = {raw}" + (f" − {armour}×{k} ({piece})" if armour else "") + f" = {wv} → level "
               f"{damage.level_of(wv)}" + (f" + {danger} danger = {level}" if danger else "")
               + f": pain {eff['pain']}, shock {eff['shock']}, bleeding {eff['bleeding']}"
               + (f" ({', '.join(flags + conseq)})" if flags or conseq else ""))
    side = "left" if order.get("side") == "left" else "right"
    zone = f"{side}_{general}" if general in ("arm", "leg") else general
    wound = {"zone": zone, "precise": precise, "type": dtype, "W": wv, "level": level, "pain": eff["pain"],
             "shock": eff["shock"], "bleeding": eff["bleeding"], "flags": flags, "consequences": conseq,
             "until": list(shock_until(state.round, x))}
    return wound, "hit"


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
