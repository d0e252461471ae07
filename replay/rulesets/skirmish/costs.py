"""What a declaration charges and rolls (spec 4.6), its difficulty (5.4, 4.7 step 8) and the successes it must pay
before the comparison (2.4, 5.2.1, 5.9): the priced form recorded in `skirmish.declared`."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import data, pools
from replay.rulesets.skirmish.maneuvers.base import move
from replay.rulesets.skirmish.model import Fight, Fighter, SkirmishOptions, Weapon

DODGES = frozenset({"retreat", "sidestep", "slip", "arrow_evasion", "wrestling_evasion"})
SHIELD_DEFENCES = frozenset({"shield_block"})
BLOCKS = frozenset({"weapon_block", "limb_block", "shield_block"})
PARRIES = frozenset({"parry", "counterattack", "master_strike", "knock_aside", "bind", "blade_catch"})
BASIC_ATTACKS = frozenset({"thrust", "chop", "slash", "crush"})


def height_class(cm: int) -> int:
    """Spec 5.9.4: <140 → 0, 140–250 → 1, ≥250 → 2."""
    return 0 if cm < 140 else 1 if cm < 250 else 2


def head_cost(attacker_cm: int, target_cm: int, rule: str = "composite") -> int:
    """Spec 5.9.4 (A-05): the successes the head costs before the comparison. `composite` (the default) uses the
    ratio rules beyond 25 % (L178, L184) and the height categories within (L158); `category` only the categories;
    `ratio` only the ratios (1 within 25 %)."""
    if rule == "category":
        return max(0, 1 + height_class(target_cm) - height_class(attacker_cm))
    if attacker_cm >= 1.25 * target_cm:
        return 0
    if target_cm > 1.25 * attacker_cm:
        return 1 + target_cm // attacker_cm
    if rule == "ratio":
        return 1
    return max(0, 1 + height_class(target_cm) - height_class(attacker_cm))


def dodge_reduction(own_cm: int, other_cm: int) -> int:
    """5.9.3 (L176): the shorter fighter's dodge difficulty drops by ⌊h_t / h_a − 1⌋ (never below %4)."""
    return max(0, int(other_cm / own_cm - 1)) if other_cm > own_cm else 0


def size_penalty(own_cm: int, other_cm: int) -> int:
    """5.9.6 (L188, A-67): the taller fighter against a much shorter one loses ⌊h_a / h_t⌋ − 1 dice on attack and
    defence rolls."""
    return max(0, own_cm // other_cm - 1) if own_cm > other_cm else 0


def much_shorter(attacker_cm: int, target_cm: int) -> bool:
    """5.9.5 (L186): at three times the target's height no zone can be chosen (the zone is rolled)."""
    return attacker_cm >= 3 * target_cm


def weapon_length(w: Weapon) -> str:
    """The effective length category with the grip (3.4 grip_mods: half-sword → medium)."""
    kind = data.weapon_type(w.type)
    return kind.get("grip_mods", {}).get(w.grip or "", {}).get("length", kind["length"])


def attack_row(maneuver: str, order: dict[str, Any], w: Weapon) -> tuple[str, dict[str, Any]] | None:
    """(weapon attack type, its row) a basic attack or power blow uses, or None if the weapon has none."""
    kind = data.ATTACK_TYPE.get(maneuver) or data.ATTACK_TYPE.get(str(order.get("attack_type")))
    rows = data.weapon_type(w.type)["attacks"]
    return (kind, rows[kind]) if kind in rows else None


def incoming(state: Fight, defender: str) -> Any:
    """The opponent's attack declaration of this exchange the defence answers (None: there is none)."""
    return next((d for d in state.declared if d.actor != defender and d.step == "attack" and d.maneuver != "pass"
                 and d.order.get("target") == defender and not d.priced.get("failed")), None)


def own_defence(state: Fight, defender: str) -> Any:
    return next((d for d in state.declared if d.actor == defender and d.step == "defence" and d.maneuver != "pass"),
                None)


def attack_type_of(declared: Any) -> str | None:
    """thrust | cut | chop | crush of an attack declaration."""
    return declared.priced.get("attack_type") if declared else None


def difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
               options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """(difficulty, the modifiers as a GM writes them) before the 2..7 bounds are applied; an off-hand weapon (not a
    shield) adds +1 to its attacks and defences (L141)."""
    base, mods = base_difficulty(state, actor, order, w, options)
    entry = data.maneuvers().get(order["maneuver"], {})
    if base is not None and entry.get("kind") == "attack" and order["maneuver"] != "finishing_blow" \
            and entry.get("form") == "melee" and w is not None:
        from replay.rulesets.skirmish.maneuvers.attack import finishing

        if finishing(state, actor, order.get("target")) and base != 4:  # M07 (L271, PROPOSED): every strike
            base, mods = 4, [*mods, "a lying victim: %4 (Finishing blow, M07, L271)"]
    if base is not None and entry.get("kind") == "attack" and entry.get("form") == "melee" and w is not None \
            and weapon_length(w) == "short" and pools.wrestling(actor, state.round, state.exchange):
        base, mods = base + 1, [*mods, "+1 short weapon in wrestling (L840)"]  # whoever the blow is aimed at
    if base is not None and order["maneuver"] in DODGES:
        cut = dodge_reduction(actor.height_cm, state.opponent(actor.id).height_cm)
        if cut:
            base, mods = max(4, base - cut), [*mods, f"−{cut} dodging a taller opponent (5.9.3, L176)"]
    if base is not None and order.get("step") != "attack":
        from replay.rulesets.skirmish.maneuvers import surprise

        if surprise.difficulty_bump(state, actor.id):
            base, mods = base + 1, [*mods, "+1 against a trusted attacker's unexpected attack (5.7, L40)"]
    if base is not None and order["maneuver"] in state.armour_penalty:  # 5.8.2 (L739): the GM's list
        pieces = [(a, int(data.table("armour")["armour"][a].get("skill_penalty", 0))) for a in actor.armour]
        pieces = [(a, n) for a, n in pieces if n]
        if pieces:
            n = sum(k for _, k in pieces)
            base, mods = base + n, [*mods, f"+{n} armour skill penalty ({', '.join(f'{a} {k}' for a, k in pieces)}; "
                                           "5.8.2, L739)"]
    off = w is not None and bool(w.hands) and actor.main_hand not in w.hands
    if base is not None and off and order["maneuver"] not in DODGES and order["maneuver"] not in SHIELD_DEFENCES:
        return base + 1, [*mods, "+1 off hand (L141)"]
    return base, mods


def base_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                    options: SkirmishOptions) -> tuple[int | None, list[str]]:
    m = order["maneuver"]
    mv = move(m)
    if mv is not None and mv.difficulty is not None:
        return mv.difficulty(state, actor, order, w, options)
    if m in BASIC_ATTACKS or m == "power_blow":
        row = attack_row(m, order, w) if w else None
        if row is None:
            return None, []
        return row[1]["difficulty"], [f"{w.type} {row[0]} %{row[1]['difficulty']}"]
    if m in BLOCKS:
        return 4, ["block %4 (L513)"]
    if m == "retreat":
        return 4, ["retreat %4 (L613)"]
    if m == "maneuvering" and order.get("free"):
        return 6, ["freeing the caught weapon: Maneuvering %6 (M44, L605)"]
    if m == "maneuvering" and not order.get("stand_up"):  # L681: the same for both sides, one opponent in a pair
        return 4, ["maneuvering %4 against 1 opponent (M53, L681)"]
    if m == "maneuvering":
        return 5, ["standing up %5 (L683)"]
    if m == "slip":
        base = 7 if actor.load in ("heavy", "extreme") else 6
        return base, [f"slip %{base}" + (" (heavy load)" if base == 7 else "") + " (L636)"]
    if m == "sidestep":
        base = 6 if actor.load in ("heavy", "extreme") else 5
        return max(4, base), [f"sidestep %{base}" + (" (heavy load)" if base == 6 else "") + " (L630)"]
    if m in PARRIES:
        att = incoming(state, actor.id)
        kind = attack_type_of(att)
        shield = parrying_shield(actor, order, w)
        if w is None and shield is None or kind is None:
            return None, []
        if shield is not None:  # L555, spec "Parry, general": the shield's defence value (one for every attack type)
            base = int(data.shield_type(shield.type)["defence"])
            mods = [f"{shield.type} parry vs {kind} %{base} (L555)"]
        else:
            base = data.weapon_type(w.type)["defence"][kind]
            mods = [f"{w.type} parry vs {kind} %{base}"]
        pair = weight_pair(state, actor, order, w)
        if pair is not None:
            differs = pair == {"heavy", "light"} if options.parry_weight_penalty == "heavy_light" else len(pair) > 1
            if differs:
                base += 1
                mods.append("+1 heavy/light pair (L553, A-43)")
        return base, mods
    return None, []


def parrying_shield(actor: Fighter, order: dict[str, Any], w: Weapon | None) -> Any:
    """The shield a parry is made with (the order names `shield` and no weapon), or None."""
    return actor.shield if order.get("weapon") == "shield" and w is None else None


def weight_pair(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None) -> set[str] | None:
    """L555 «Тяжелое оружие или щит против легкого и наоборот»: the weights of the parrying weapon or shield and of
    what strikes at it, as a set; None where either has none (no parry, no blow, an unarmed blow)."""
    if order.get("maneuver") not in PARRIES:
        return None
    att = incoming(state, actor.id)
    if att is None or attack_type_of(att) is None:
        return None
    shield = parrying_shield(actor, order, w)
    own = data.shield_type(shield.type)["weight"] if shield is not None else \
        data.weapon_type(w.type)["weight"] if w is not None else None
    other = attacking_weight(state, att)
    return None if own is None or other is None else {str(own), other}


def weights_differ(state: Fight, actor: Fighter, order: dict[str, Any]) -> bool:
    """Whether a parry meets a blow of another weight (L555): where A-43's reading (the option
    `parry_weight_penalty`) decides its difficulty, whichever way it reads the pair."""
    pair = weight_pair(state, actor, order, weapon_of(actor, order))
    return pair is not None and len(pair) > 1


def attacking_weight(state: Fight, att: Any) -> str | None:
    """L555 «Тяжелое оружие или щит против легкого и наоборот»: the weight of what strikes at the parry, the weapon
    the attack was priced with (the one it names, else the one in hand) or the attacker's shield for a blow with it;
    None for an unarmed blow."""
    attacker = state.fighter(att.actor)
    mv = move(att.maneuver)
    if att.order.get("weapon") == "shield" or mv is not None and mv.weapon == "shield":
        return str(data.shield_type(attacker.shield.type)["weight"]) if attacker.shield is not None else None
    theirs = attacker.weapon_by_id(str(att.order.get("weapon") or att.priced.get("weapon") or ""))
    return str(data.weapon_type(theirs.type)["weight"]) if theirs is not None else None


def required_extra(state: Fight, actor: Fighter, order: dict[str, Any], attack_type: str | None,
                   options: SkirmishOptions) -> tuple[int, list[str]]:
    """Successes paid before the comparison (2.4): the head (5.9.4, A-05), a piercing thrust at a limb (L207)."""
    zone = order.get("zone")
    if not zone or zone not in data.body()["declared"]:
        return 0, []
    target = state.fighter(order["target"]) if order.get("target") in state.ids else state.opponent(actor.id)
    out, why = 0, []
    if zone == "head":
        cost = head_cost(actor.height_cm, target.height_cm, options.head_cost_rule)
        out += cost
        why.append(f"head {cost} ({actor.height_cm}→{target.height_cm} cm, 5.9)")
    if attack_type == "thrust" and data.general_zone(zone) in ("arm", "leg"):
        out += 1
        why.append("thrust at a limb 1 (L207)")
    return out, why


def length_penalty(state: Fight, order: dict[str, Any], w: Weapon | None) -> int:
    """L129: −1 die per category between the weapon and the combat distance; none for dodges and shield
    defences (C4)."""
    m = order["maneuver"]
    mv = move(m)
    if mv is not None and mv.length_penalty == "none" or m == "blade_catch" and order.get("break"):
        return 0
    if mv is not None and mv.length is not None and state.distance is not None:
        return abs(data.length_index(mv.length) - data.length_index(state.distance))
    if m in DODGES or m in SHIELD_DEFENCES or m == "maneuvering" or w is None or state.distance is None:
        return 0
    full = abs(data.length_index(weapon_length(w)) - data.length_index(state.distance))
    return full // 2 if mv is not None and mv.length_penalty == "half" else full


def partner_pair_penalty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                         own: int) -> dict[str, Any] | None:
    """5.12 (L1195, A-58b): an attack on a partner pair in one cell takes the larger of its length penalties against
    each partner's weapon; None when the target stands alone or the attack takes no length penalty."""
    from replay.rulesets.skirmish import formation

    target = str(order.get("target") or state.opponent(actor.id).id)
    mate = state.partner_in_cell(target) if target in state.ids else None
    mv = move(order["maneuver"])
    if mate is None or w is None or state.distance is None or mv is not None and mv.length_penalty == "none":
        return None
    against = formation.against_partner(weapon_length(w), mate[1])
    if mv is not None and mv.length_penalty == "half":
        against //= 2
    return {"target": target, "partner": mate[0], "own": own, "against_partner": against,
            "penalty": formation.partner_penalty((own, against))}


def weapon_of(actor: Fighter, order: dict[str, Any]) -> Weapon | None:
    """The weapon a declaration uses: the one it names, else the weapon in hand (none for dodges, shield defences
    and the maneuvers that use no weapon)."""
    m = order["maneuver"]
    if order.get("weapon") == "shield":
        return None
    if order.get("weapon"):
        return actor.weapon_by_id(order["weapon"])
    mv = move(m)
    if m in SHIELD_DEFENCES or m in DODGES or mv is not None and mv.weapon != "weapon":
        return None
    return actor.weapon


def bonus_effects(state: Fight, actor: Fighter, order: dict[str, Any], entry: dict[str, Any]) -> tuple[int, list[str]]:
    """Bonus dice from earlier maneuvers (Arrow and Grab flow on the next attack or wrestling roll, Assess on one
    maneuver, Delayed defence on dodges): (dice, the effect refs used)."""
    r, x = state.round, state.exchange
    wanted = ["any", order["maneuver"]]
    if order.get("step") == "attack":
        wanted.append("attack")
    if entry.get("form") == "wrestling" or entry.get("gating_skill") == "wrestling":
        wanted.append("wrestling")
    total, refs = 0, []
    for e in pools.now(actor, "bonus", r, x):
        if e.ref in wanted:
            total, refs = total + e.amount, [*refs, e.ref]
    if order["maneuver"] in DODGES:
        total += pools.amount(actor, "dodge_bonus", r, x)
    return total, refs


def price(state: Fight, actor: Fighter, order: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """Spec 4.6: the priced declaration (cost_points, the reflex/skill split paid, difficulty, dice_to_roll, …)."""
    m = order["maneuver"]
    entry = data.maneuvers().get(m, {})
    mv = move(m)
    w = weapon_of(actor, order)
    dice = order.get("dice") or {}
    dice_r, dice_s = int(dice.get("reflex", 0)), int(dice.get("skill", 0))
    d_pool = dice_r + dice_s
    gating = entry.get("gating_skill", "weapon")
    if gating != "weapon":
        skill_level = actor.skill(gating)
    else:
        skill_level = actor.skill(data.weapon_type(w.type)["skill"]) if w else actor.skill(actor.pool_skill)
    is_attack = entry.get("kind") == "attack" or order.get("step") == "attack" and entry.get("kind") == "general" \
        or m == "sudden_attack"  # M33: "paid from the pool as an attack"
    no_doubling = mv is not None and mv.no_doubling
    doubling = max(0, d_pool - skill_level) if is_attack and options.attack_dice_doubling and not no_doubling else 0
    penalty = length_penalty(state, order, w)
    pair_penalty = partner_pair_penalty(state, actor, order, w, penalty) if is_attack else None
    if pair_penalty is not None:
        penalty = pair_penalty["penalty"]
    activation = mv.activation(state, actor, order) if mv is not None and mv.activation is not None else \
        int(entry.get("activation", {}).get("reflex", 0))
    if order.get("grip") and order.get("maneuver") != "grip_change":  # M56 with the declaration
        from replay.rulesets.skirmish.maneuvers.general import grip_cost

        activation += grip_cost(w, order["grip"], order.get("grip_price"))
    if order.get("draw"):  # M50: drawing with the declaration costs reflex by placement
        from replay.rulesets.skirmish import draw

        activation += draw.cost(actor, order["draw"], int(order.get("draw_price") or 0))
    extra = doubling + penalty
    avail_r, _ = pools.available(actor, state.round, state.exchange)
    from replay.rulesets.skirmish.maneuvers import surprise

    unexpected = order.get("step") != "attack" and surprise.of(state, actor.id) is not None  # 5.7: reflex only
    if entry.get("reflex_only") and m != "maneuvering" or unexpected:
        extra_r, extra_s = extra, 0
    else:
        extra_r = max(0, min(extra, avail_r - dice_r - activation))
        extra_s = extra - extra_r
    row = attack_row(m, order, w) if w and is_attack else None
    attack_type, damage_type = (row[0], row[1]["type"]) if row else (None, None)
    if row and order.get("hilt"):  # M50 (L648): a hilt strike after the quick draw, D = Strength, crushing
        attack_type, damage_type = "crush", "crushing"
    nonlethal = False
    if mv is not None and mv.strike is not None:
        hurt = mv.strike(state, actor, order, w)
        attack_type, damage_type, nonlethal = hurt.attack_type, hurt.damage_type, not hurt.lethal
    base, mods = difficulty(state, actor, order, w, options)
    bonus = sum(t.amount for t in actor.bonus_dice if w is not None and t.source == w.id
                and (state.round, state.exchange) <= (t.round, t.exchange)) if is_attack else 0
    effect_bonus, bonus_refs = bonus_effects(state, actor, order, entry)
    required, required_why = required_extra(state, actor, order, attack_type, options) if is_attack else (0, [])
    if mv is not None and mv.required is not None:
        more, more_why = mv.required(state, actor, order)
        required, required_why = required + more, required_why + more_why
    more = mv.extras(state, actor, order, w) if mv is not None and mv.extras is not None else {}
    if mv is not None and mv.parts is not None:
        more |= mv.parts(state, actor, order, options)
    lost = sum(e.amount for e in pools.now(actor, "defence_lost_dice", state.round, state.exchange)
               if e.ref in ("M15", f"M15:{state.opponent(actor.id).id}")) if not is_attack else 0
    if lost:  # M15: the phase-1 final successes as lost dice on the defence of exchange 2
        more["lost_dice"] = int(more.get("lost_dice", 0)) + lost
        more["lost_why"] = "M15 transfer feint's phase 1, A-33"
    size = size_penalty(actor.height_cm, state.opponent(actor.id).height_cm)
    if size:  # 5.9.6, A-67: lost dice, off the last faces
        more["lost_dice"] = int(more.get("lost_dice", 0)) + size
        more["lost_why"] = "5.9.6 a much shorter opponent"
    if pools.now(actor, "pain_hold", state.round, state.exchange) and (
            entry.get("form") == "wrestling" or m == "break_free"):
        more["pain_hold"] = pools.amount(actor, "pain_hold", state.round, state.exchange)
    return {
        "maneuver_id": entry.get("id"), "weapon": w.id if w else order.get("weapon"),
        "attack_type": attack_type, "damage_type": damage_type, "nonlethal": nonlethal,
        "bonus_effects": bonus_refs,
        "dice_pool": d_pool, "dice_cost": d_pool + doubling, "doubling": doubling, "skill_level": skill_level,
        "length_penalty": penalty, "activation": activation, "cost_points": d_pool + doubling + penalty + activation,
        "paid_R": dice_r + extra_r + activation, "paid_S": dice_s + extra_s,
        "difficulty": None if base is None else max(4 if m in DODGES else 2, base), "difficulty_mods": mods,
        "dice_to_roll": d_pool + bonus + effect_bonus, "bonus_dice": bonus + effect_bonus, "required_extra": required,
        "required_why": required_why,
        "initiative": entry.get("initiative", "none"),
    } | ({"partner_penalty": pair_penalty} if pair_penalty is not None else {}) | more
