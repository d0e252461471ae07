"""Input legality (spec 4.7 in its order, reason codes of clarification C15): is this declaration, roll or choice
allowed where resolution stands. Every problem is named with its code and section; nothing is appended."""

from __future__ import annotations

import re
from typing import Any

from eventlog.envelope import Draft
from replay.rulesets.skirmish import costs, data, pools
from replay.rulesets.skirmish.maneuvers.base import move
from replay.rulesets.skirmish.model import Fight, SkirmishOptions

BUY = re.compile(r"^(precise:[a-z_]+|danger:[1-4]|penetration:[1-3]|ignore_armour:(all|[1-9])|shock:[1-9]|"
                 r"bleeding:[1-9])$")
STEPS = ("attack", "defence", "after_feint")


def problem(code: str, section: str, text: str) -> str:
    return f"{code} ({section}): {text}"


def charged_problems(state: Fight, actor_id: str, order: dict[str, Any]) -> list[str]:
    """M16 (L369, A-85) and M25 (L445, A-102) declared from afar (the field's act `charge`): in the pair's first
    exchange the charger's attack is the maneuver he charged with; another one is refused, and a pass too while he
    can still pay it (`can_pay_charge`)."""
    if state.charge is None or state.history or order.get("step") != "attack" or state.charge[0] != actor_id:
        return []
    other = order.get("maneuver")
    if other == state.charge[1] or (other == "pass" and not can_pay_charge(state, actor_id, order)):
        return []
    if state.charge[1] == "beat":
        return [problem("condition_failed", "5.4.1 M16, L369, A-85", f"{actor_id} charged from afar for a beat: in "
                        f"the melee's first exchange he declares it (maneuver beat), not {other}")]
    return [problem("condition_failed", "5.4.1 M25, L445, A-102", f"{actor_id} charged from afar for a rushing "
                    f"attack: in the melee's first exchange he declares it (maneuver rushing_attack), not {other}")]


def can_pay_charge(state: Fight, actor_id: str, order: dict[str, Any]) -> bool:
    """Whether the charger still has the reflex points his charged maneuver's activation asks (M16: 1 + 1 per
    distance category beyond long, A-26; M25: at least one, it takes them all, A-102). A charger who has lost them
    since the charge (a wound, a shot) may pass: the engine never waits for a declaration no one can make."""
    from replay.rulesets.skirmish.maneuvers.attack import beat_activation

    actor = state.fighter(actor_id)
    reflex = pools.available(actor, state.round, int(order.get("exchange") or 1))[0]
    need = beat_activation(state, actor, order) if state.charge[1] == "beat" else 1  # type: ignore[index]
    return reflex >= need


def order_format(order: dict[str, Any]) -> list[str]:
    """The declaration's shape (spec 4.5, docs/skirmish.md "Declarations")."""
    out = []
    if order.get("exchange") not in (1, 2):
        out.append("exchange: 1 or 2 (4.3)")
    if order.get("step") not in STEPS:
        out.append("step: attack or defence (4.4)")
    m = order.get("maneuver")
    if m != "pass" and m not in data.maneuvers():
        out.append(f"maneuver: {m!r} is not in the catalogue (data/maneuvers.json, 5.4) nor pass")
    if m == "pass":
        return out
    dice = order.get("dice")
    if not isinstance(dice, dict) or set(dice) - {"reflex", "skill"} or \
            not all(isinstance(v, int) and v >= 0 for v in dice.values()):
        out.append('dice: {"reflex": n, "skill": n} with whole numbers ≥ 0 (4.5)')
    if order.get("buys_open") and order.get("buys"):
        out.append("buys_open: true leaves the buy list open (CP-04): no buys with it")
    for buy in order.get("buys") or []:
        if not isinstance(buy, str) or not BUY.match(buy):
            out.append(f"buys: {buy!r} is not a purchase (precise:ZONE, danger:N, penetration:N, "
                       "ignore_armour:all|N, shock:N, bleeding:N; 5.2.1)")
    return out


def declaration(state: Fight, actor_id: str, order: dict[str, Any], options: SkirmishOptions) -> list[str]:
    """Spec 4.7 checks 1–10 of a declaration where resolution waits for it."""
    out = order_format(order) or charged_problems(state, actor_id, order)
    if not out and order.get("draw") and order.get("maneuver") == "pass":  # M50 (L650): the draw over a round
        return round_draw_problems(state, actor_id, order)
    if not out and order.get("grip") and order.get("maneuver") == "pass":  # M56 (L703): the grip over an exchange
        return exchange_grip_problems(state, actor_id, order)
    if out or order.get("maneuver") == "pass":
        return out
    out += drawing_problems(state, actor_id)
    if out:
        return out
    if order.get("drop"):  # M44 (L605): the caught weapon dropped with this declaration
        from replay.rulesets.skirmish.maneuvers import catch

        cannot = catch.drop_problems(state, actor_id, order["drop"])
        if cannot:
            return cannot
        state = catch.dropped(state, actor_id, order["drop"])
    if order.get("draw"):
        from replay.rulesets.skirmish import draw

        cannot = draw.problems(state.fighter(actor_id), order["draw"])
        if cannot:
            return [problem("condition_failed", "5.4.3 M50", c) for c in cannot]
        state, order = draw.apply(state, actor_id, order)
    actor, r, e = state.fighter(actor_id), state.round, state.exchange
    m = order["maneuver"]
    entry = data.maneuvers()[m]
    # 1. actor can act
    if actor.out or pools.helpless(actor, r, e):
        out.append(problem("helpless", "4.7.1, L114", f"{actor_id} cannot act (status {actor.status}, pool "
                           f"{pools.pool(actor, r, e)})"))
        return out
    # 2. step and the one-action rule
    step = "defence" if order["step"] == "after_feint" else order["step"]
    kind = "attack" if entry["kind"] == "attack" else "defence" if entry["kind"] == "defence" else step
    mv = move(m)
    if mv is not None and mv.steps is not None:
        kind = step if step in mv.steps else mv.steps[0]
    if kind != step:
        out.append(problem("step_or_action", "4.4", f"{m} is a {entry['kind']} maneuver, declared in the "
                           f"{order['step']} step"))
    mine = [d for d in state.declared if d.actor == actor_id and d.maneuver != "pass"]
    if step == "defence" and options.one_action_per_exchange and any(d.step == "attack" and not
                                                                     d.order.get("with_defence") for d in mine):
        out.append(problem("step_or_action", "4.4, A-09", f"{actor_id} attacked this exchange: one action per "
                           "exchange, no defence as well"))
    if step == "defence" and costs.incoming(state, actor_id) is None:
        out.append(problem("step_or_action", "4.4", "there is no attack to defend against"))
    # 3. skill level
    gating = entry["gating_skill"]
    w = costs.weapon_of(actor, order) if order.get("weapon") != "shield" else None
    if w is None and order.get("weapon") != "shield" and (mv is None or mv.weapon == "weapon"):
        w = actor.weapon
    skill_id = data.weapon_type(w.type)["skill"] if gating == "weapon" and w else gating if gating != "weapon" \
        else actor.pool_skill
    if actor.skill(skill_id) < entry["min_level"]:
        out.append(problem("skill_too_low", "4.8", f"{m} needs {skill_id} {entry['min_level']}, {actor_id} has "
                           f"{actor.skill(skill_id)}"))
    # 4. conditions
    out += conditions(state, actor_id, order, entry)
    # 5. restrictions imposed by others (4.7.5)
    if step == "defence":
        from replay.rulesets.skirmish.maneuvers import surprise

        out += restricted(state, actor_id, order) + surprise.problems(state, actor_id, order, {})
    # 6. parry weapon reuse
    if step == "defence" and w is not None and w.id in actor.used_for_parry and order.get("weapon") != \
            "shield" and m not in costs.DODGES:
        out.append(problem("weapon_used_for_parry_this_round", "4.7.6, L559", f"{w.id} parried this round: no other "
                           "defence with it"))
    elif step == "defence" and SHIELD in actor.used_for_parry and m not in costs.DODGES and (
            order.get("weapon") == SHIELD or m in costs.SHIELD_DEFENCES):  # L559 «Щит или оружие …»
        out.append(problem("weapon_used_for_parry_this_round", "4.7.6, L559", f"{actor_id}'s shield parried this "
                           "round: no other defence with it"))
    if out:
        return out
    priced = costs.price(state, actor, order, options)
    # 7. reach (5.9.2)
    out += reach(state, actor_id, order, w)
    # 8. difficulty
    if priced["difficulty"] is None:
        out.append(problem("condition_failed", "5.4", f"{m} has no difficulty with this weapon and attack"))
    elif priced["difficulty"] > options.max_difficulty:
        out.append(problem("difficulty_above_7", "2.2, L735", f"difficulty %{priced['difficulty']} > %7"))
    # 9. payment
    out += payment(state, actor_id, order, priced, entry)
    if step == "defence":  # 5.7 (L40): against an unexpected attack reflex points only
        from replay.rulesets.skirmish.maneuvers import surprise

        out += surprise.problems(state, actor_id, order, priced, payment=True)
    # 10. zone
    out += zone(state, order, entry)
    return out


def conditions(state: Fight, actor_id: str, order: dict[str, Any], entry: dict[str, Any]) -> list[str]:
    """Check 4: the maneuver's catalogue conditions (only the implemented maneuvers' are known to the engine)."""
    actor, m, out = state.fighter(actor_id), order["maneuver"], []
    if m == "feint":
        return [problem("condition_failed", "5.4.1 M14", "declare a basic attack (thrust, chop, slash, crush); the "
                        "feint is invoked after the defender's parry (choice feint, CP-13)")]
    if m == "counter_response":
        return [problem("condition_failed", "5.4.2 M49, A-25", "M49 counter_response is listed in the availability "
                        "table but never described in the rulebook: disabled (A-25); a GM ruling may resolve one "
                        "(CP-50)")]
    if m in PART_2:
        return [problem("condition_failed", f"5.4 {entry['id']}", f"{entry['id']} {m} {PART_2[m]}: part 2 (several "
                        "fighters on the grid); a GM ruling may resolve one (CP-50)")]
    if not entry["implemented"]:
        return [problem("condition_failed", "5.4", f"{entry['id']} {m} is in the catalogue but its effects are not "
                        "implemented yet (docs/skirmish.md); a GM ruling may resolve it")]
    mv = move(m)
    in_grapple = state.grapple is not None
    if entry["form"] == "wrestling" and m not in OUTSIDE_WRESTLING and not in_grapple:
        out.append(problem("condition_failed", "5.8.1, L723", f"{entry['id']} {m} is a wrestling maneuver: only in "
                           "a grapple (after a successful Grab, Leg dive or Pounce)"))
    if in_grapple and m in costs.DODGES and m != "slip":
        out.append(problem("condition_failed", "5.4.5 M74, L892", "during wrestling the only evasion is Slip"))
    if mv is not None and mv.conditions is not None:
        out += mv.conditions(state, actor, order)
    from replay.rulesets.skirmish.maneuvers.attack import combination_problems
    from replay.rulesets.skirmish.maneuvers.transfer import phase2_problems

    out += combination_problems(state, actor, order) + phase2_problems(state, actor, order)
    if order.get("step") == "attack" and order.get("target") is not None and len(state.fighters) == 2:
        from replay.rulesets.skirmish import maneuvering  # M53 (L681): out-maneuvered in the exchange before

        out += maneuvering.banned(state, actor_id, str(order["target"]))
    if mv is not None and mv.weapon == "none":
        pass
    elif order.get("weapon") == "shield" or m in costs.SHIELD_DEFENCES or mv is not None and mv.weapon == "shield":
        if actor.shield is None or actor.shield.state != "ready":
            out.append(problem("condition_failed", "5.4.2 M36", f"{actor_id} has no ready shield"))
        elif m in SHIELD_PARRY_NOT:
            out.append(problem("condition_failed", f"5.4.2 {entry['id']}, {SHIELD_PARRY_NOT[m]}", f"{entry['id']} {m} "
                               "is made with a weapon, not the shield (PROPOSED, docs/skirmish.md); the shield makes "
                               "the simple parry (M39, L555)"))
    elif m not in costs.DODGES and m != "maneuvering":  # M53 (standing up, moving) needs no weapon in hand
        w = actor.weapon_by_id(order["weapon"]) if order.get("weapon") else actor.weapon
        if w is None or not w.hands or w.state != "ready":
            out.append(problem("condition_failed", "4.7.4", f"{actor_id} holds no ready weapon "
                               f"{order.get('weapon') or ''}".rstrip()))
        elif catch_of(state, actor_id, w.id):
            out.append(catch_of(state, actor_id, w.id))
        elif not pools.usable(actor, w, state):
            out.append(problem("condition_failed", "5.4 M16/M43", f"{w.id} is bound or beaten aside this exchange"))
        elif pools.now(actor, "only_thrust", state.round, state.exchange, w.id) and entry["kind"] == "attack" and \
                (costs.attack_row(m, order, w) or ("",))[0] != "thrust":
            out.append(problem("condition_failed", "5.4.2 M43, L597", f"{w.id} binds the opponent's weapon: only "
                               "thrusts with it this exchange"))
        elif entry["kind"] == "attack" and (mv is None or mv.strike is None and mv.difficulty is None) and \
                costs.attack_row(m, order, w) is None:
            kind = data.ATTACK_TYPE.get(m) or order.get("attack_type")
            out.append(problem("condition_failed", "5.4.1", f"{w.type} cannot {kind or 'strike'} "
                               "(power_blow names attack_type: thrust, cut, chop or crush)"))
    out += hilt_problems(actor, order, entry)
    if m == "maneuvering" and order.get("free"):
        from replay.rulesets.skirmish.maneuvers import catch

        return out + catch.free_problems(state, actor, order)
    if m == "maneuvering" and not order.get("stand_up") and len(state.fighters) == 2:
        from replay.rulesets.skirmish import maneuvering  # M53 between the two fighters of a pair (L677-681)

        return out + [p for p in maneuvering.problems(state, actor_id, order, state.grid)
                      if not p.startswith("cannot_pay")]  # the pool is check 9's (4.7.9)
    if m == "maneuvering":
        g = state.grapple_of(actor_id)
        if order["step"] != "attack":
            out.append(problem("condition_failed", "5.4.3 M53", "maneuvering is declared in the attack step"))
        elif actor.stance != "standing" and g is not None:
            out += stand_up_held(actor, g["held"] if g["holder"] == actor_id else g["holder"])
        elif actor.stance == "standing":
            out.append(problem("condition_failed", "5.4.3 M53, L683", f"{actor_id} is already standing"))
        elif int((order.get("dice") or {}).get("skill", 0)) > actor.skill("acrobatics"):
            out.append(problem("condition_failed", "C6", f"standing up adds at most Acrobatics "
                               f"{actor.skill('acrobatics')} skill points"))
        return out
    if m == "slip" and int((order.get("dice") or {}).get("skill", 0)) > actor.skill("acrobatics"):
        out.append(problem("condition_failed", "5.4.2 M48, A-46b", f"a slip adds at most Acrobatics "
                           f"{actor.skill('acrobatics')} skill dice"))
    if m == "retreat":
        from replay.rulesets.skirmish.maneuvers import catch

        out += catch.retreat_problems(state, actor_id)
    if m == "retreat" and actor_id in state.attacked_before:
        out.append(problem("condition_failed", "5.4.2 M45, L613", f"{actor_id} attacked in the previous exchange: no "
                           "retreat from that opponent now"))
    if m == "knock_aside" and order.get("cut_shaft"):
        att = costs.incoming(state, actor_id)
        theirs = state.fighter(att.actor).weapon_by_id(att.priced.get("weapon") or "") if att is not None else None
        mine = costs.weapon_of(actor, order)
        if mine is None or "chop" not in data.weapon_type(mine.type)["attacks"]:
            out.append(problem("condition_failed", "5.4.2 M42, L588", "cutting a shaft needs a chopping knock-aside "
                               "(a weapon that chops)"))
        if theirs is None or "shaft" not in data.weapon_type(theirs.type).get("features", []):
            out.append(problem("condition_failed", "5.4.2 M42, L588", "only a shafted weapon's shaft can be cut"))
    if m == "counterattack" and state.exchange != 1:
        out.append(problem("condition_failed", "5.4.2 M40, L565", "a counterattack only in the first exchange of the "
                           "round"))
    if m in ("weapon_block", "limb_block"):
        att = costs.incoming(state, actor_id)
        if att is not None and costs.attack_type_of(att) == "thrust":
            out.append(problem("condition_failed", "5.4.2 M34, L513", "a block stops cuts, chops and crushes, "
                               "not thrusts"))
    targets = entry["kind"] == "attack" or order["step"] == "attack" and entry["kind"] == "general" and \
        mv is not None and mv.zone
    if targets and m != "maneuvering":
        if order.get("target") not in state.ids or order.get("target") == actor_id:
            out.append(problem("condition_failed", "4.5", "target: the opponent's id"))
        target = state.fighter(order["target"]) if order.get("target") in state.ids else None
        tiny = target is not None and target.id != actor_id and costs.much_shorter(actor.height_cm,
                                                                                  target.height_cm)
        if (mv is None or mv.zone) and tiny and order.get("zone") != "body":
            out.append(problem("zone_not_allowed", "5.9.5, L186", f"{actor.height_cm} cm ≥ 3 × {target.height_cm} "
                               'cm: no zone can be chosen; declare "zone": "body" (the zone is rolled on the stance '
                               "table)"))
        elif (mv is None or mv.zone) and not tiny and order.get("zone") not in data.body()["declared"]:
            out.append(problem("zone_not_allowed", "L201, 5.5.1", "zone: head, upper_torso, lower_torso, left_arm, "
                               "right_arm, left_leg or right_leg"))
        if tiny and any(str(b).startswith("precise:") for b in order.get("buys") or []):
            out.append(problem("zone_not_allowed", "5.9.5, L186", "no precise zone can be bought against a target a "
                               "third of the attacker's height"))
    return out


def catch_of(state: Fight, actor_id: str, wid: str) -> str | None:
    """M44 (L605): the problem of declaring with a caught weapon (None: it is not caught)."""
    from replay.rulesets.skirmish.maneuvers import catch

    if wid not in catch.caught(state.fighter(actor_id)):
        return None
    return problem("condition_failed", "5.4.2 M44, L605", f"{wid} is caught by the opponent's blade catch: free it "
                   f'first (Maneuvering %6: "maneuvering" with "free": "{wid}") or drop it ("drop": "{wid}")')


def stand_up_held(actor: Any, other: str) -> list[str]:
    """L888 (PROPOSED): a fighter lying in a grapple does not stand up by Maneuvering: «Успешный разрыв не может поднять
    вас на ноги из партера - он лишь помогает выйти из захвата»; he breaks free first (M73), then stands up."""
    if actor.stance == "standing":
        return []
    return [problem("condition_failed", "5.4.3 M53, L888", f"maneuvering: {actor.id} lies wrestling with {other}: "
                    "he stands up only once out of the hold (break free first, M73; PROPOSED)")]


def hilt_problems(actor: Any, order: dict[str, Any], entry: dict[str, Any]) -> list[str]:
    """M50 (L648): a weapon longer than short drawn from its scabbard strikes only with the hilt in that exchange:
    a basic attack declared with `"hilt": true` (D = Strength, crushing)."""
    from replay.rulesets.skirmish import draw

    if order.get("maneuver") == "grapple_weapon_strike":  # L723: the hilt in wrestling, M68's own conditions
        return []
    drawn = draw.ids(order.get("draw"))
    wid = order.get("weapon") or (drawn[0] if drawn else None)
    only = entry["kind"] == "attack" and wid in drawn and draw.hilt_only(actor, str(wid))
    if order.get("hilt") and not only:
        return [problem("condition_failed", "5.4.3 M50, L648", "a hilt strike is the attack of a weapon longer than "
                        "short drawn from its scabbard with this declaration")]
    if only and not order.get("hilt"):
        return [problem("condition_failed", "5.4.3 M50, L648", f"{wid} is drawn from its scabbard and is longer "
                        'than short: this exchange it strikes only with the hilt (D = Strength): declare "hilt": true')]
    if only and order["maneuver"] not in costs.BASIC_ATTACKS:
        return [problem("condition_failed", "5.4.3 M50, L648", "a hilt strike is a basic attack (thrust, chop, slash "
                        'or crush) with "hilt": true')]
    return []


SHIELD = "shield"
SHIELD_PARRY_NOT = {"counterattack": "L568", "master_strike": "L576", "knock_aside": "L584", "bind": "L597",
                    "blade_catch": "L602", "disarm": "L687"}
"""L555 and L559 name the shield among what parries, so it makes the simple parry (M39); each variant's text speaks
of a weapon only (PROPOSED): M40 «оружием, которым производился маневр» (L568), M41 an advanced counterattack (L576),
M42 «ударом по оружию, разрубив его или выбив из рук» (L584), M43 «оружием, участвовавшим в завязывании» (L597), M44 a
mechanism at the guard (L602), M54 «с помощью своего оружия» (L687)."""

PART_2 = {"protect_ally": "defends an ally from an adjacent cell (L537-542)"}
"""Maneuvers that need several fighters or the grid."""
OUTSIDE_WRESTLING = frozenset({"pounce", "wrestling_evasion", "defensive_throw"})
"""Wrestling maneuvers that do not need a grapple (M65 Pounce starts one; M72 needs no hold; M74)."""


def restricted(state: Fight, actor_id: str, order: dict[str, Any]) -> list[str]:
    """4.7.5: what the opponent's maneuver (Finishing blow, Disorientation, Lightning attack …) or an earlier effect
    (Arrow, M46) leaves this defender."""
    att = costs.incoming(state, actor_id)
    out = []
    if att is not None:
        mv = move(att.maneuver)
        why = mv.answers(state, att, order) if mv is not None and mv.answers is not None else None
        if why is None:
            from replay.rulesets.skirmish.maneuvers.attack import finishing_answers

            why = finishing_answers(state, att, order)
        if why:
            out.append(problem("restricted_by_opponent", "4.7.5", why))
    f = state.fighter(actor_id)
    if pools.now(f, "no_attacking_defence", state.round, state.exchange) and order["maneuver"] in ATTACKING_DEFENCES:
        out.append(problem("restricted_by_opponent", "5.4.2 M46, L626", f"after the opponent's Arrow no "
                           f"{order['maneuver']} this exchange (no defence with an attacking element)"))
    return out


ATTACKING_DEFENCES = frozenset({"sudden_attack", "parry", "counterattack", "master_strike", "knock_aside", "bind",
                                "blade_catch", "disarm", "grab", "wrestling_grab_defence"})


def reach(state: Fight, actor_id: str, order: dict[str, Any], w: Any) -> list[str]:
    """Spec 5.9.2: against a taller target a zone is reached only if height + weapon length exceeds its share."""
    if data.maneuvers()[order["maneuver"]]["kind"] != "attack" or w is None or order.get("zone") is None:
        return []
    actor, target = state.fighter(actor_id), state.opponent(actor_id)
    if target.height_cm <= actor.height_cm:
        return []
    top = actor.height_cm + data.weapon_type(w.type)["length_cm"]
    share = {"head": 1.0, "upper_torso": 0.75, "lower_torso": 0.5}.get(order.get("zone", ""), 0)
    if share and top <= share * target.height_cm:
        return [problem("out_of_reach", "5.9.2, L168", f"{actor.height_cm} + {w.type} "
                        f"{data.weapon_type(w.type)['length_cm']} = {top} cm ≤ {share} × {target.height_cm}")]
    return []


def payment(state: Fight, actor_id: str, order: dict[str, Any], priced: dict[str, Any],
            entry: dict[str, Any]) -> list[str]:
    """Check 9 (4.6, C1): reflex and skill paid within what is available; (Р) maneuvers from reflex only."""
    actor = state.fighter(actor_id)
    avail_r, avail_s = pools.available(actor, state.round, state.exchange)
    out = []
    # C6: standing up may add skill points up to Acrobatics (checked with the conditions)
    if entry["reflex_only"] and priced["paid_S"] and order["maneuver"] != "maneuvering":
        out.append(problem("reflex_only", "4.6", f"{order['maneuver']} is (Р): paid from reflex points only"))
    if priced["paid_R"] > avail_r or priced["paid_S"] > avail_s:
        out.append(problem("cannot_pay", "4.6", f"costs R{priced['paid_R']} S{priced['paid_S']} "
                           f"(dice {priced['dice_pool']}, doubling {priced['doubling']}, length "
                           f"{priced['length_penalty']}, activation {priced['activation']}); available "
                           f"R{avail_r} S{avail_s}"))
    mv = move(order["maneuver"])
    rolled = priced["dice_to_roll"] if "strength_dice" in priced else priced["dice_pool"]  # M73: Strength dice
    if rolled < 1 and (mv is None or mv.pool_dice):
        out.append(problem("cannot_pay", "4.7.9", "at least one die to roll"))
    return out


def zone(state: Fight, order: dict[str, Any], entry: dict[str, Any]) -> list[str]:
    """Check 10: a precise zone bought must belong to the declared general zone (5.5.1)."""
    if entry["kind"] != "attack" or order.get("zone") not in data.body()["declared"]:
        return []
    general = data.general_zone(order["zone"])
    out = []
    for buy in order.get("buys") or []:
        if buy.startswith("precise:") and buy.split(":", 1)[1] not in data.precise_zones(general):
            out.append(problem("zone_not_allowed", "5.5.1", f"{buy.split(':', 1)[1]} is not on the {general} table "
                               f"({', '.join(data.precise_zones(general))})"))
    return out


def check(state: Fight, requests: tuple[Any, ...], draft: Draft, options: SkirmishOptions) -> list[str]:
    """An input where resolution stands (`state`, the open `requests`)."""
    p = draft.payload
    if draft.type == "order":
        out = order_format(p)
        if out:
            return out
        key = {"exchange": p["exchange"], "step": p["step"]}
        asked = any(r.kind == "order" and r.actor == draft.actor and r.key_dict == key for r in requests)
        attacked = p["step"] == "defence" and any(d.actor == draft.actor and d.step == "attack" and
                                                  d.exchange == p["exchange"] and d.maneuver != "pass"
                                                  for d in state.declared)
        if not asked and attacked:
            return [problem("step_or_action", "4.4, A-09", f"{draft.actor} attacked in exchange {p['exchange']}: one "
                            "action per exchange, no defence after it (Attack with defence, M01, declares both)")]
        if "towards" in p:  # M45 (L616): the surrounded recount is a melee group's (group.retreat_problems)
            return [problem("condition_failed", "5.4.2 M45, L616", "towards: only a retreater surrounded in a melee "
                            "of several fighters names the enemy he moves towards; in a pair he retreats from his one "
                            "opponent")]
        if p.get("maneuver") == "pounce" and "then" in p:  # L826: the further targets are a melee group's
            return [problem("condition_failed", "5.4.4 M65, L826, 4.4", "then: a pounce falls on several targets "
                            "only in a melee of several fighters; in a pair its one target is the opponent")]
        if not asked:
            return [problem("step_or_action", "4.4", f"{draft.actor}'s {p['step']} declaration for exchange "
                            f"{p['exchange']} is not asked now (declarations go: the lower initiative's attack, "
                            "the higher's attack, the lower's defence, the higher's defence)")]
        return declaration(state, draft.actor or "", p, options)
    if draft.type == "roll" and p.get("purpose") in ("attack", "defence", "redefence"):
        return pool_roll(state, draft, options)
    if draft.type == "choice" and p.get("name") == "feint":
        from replay.rulesets.skirmish import feint

        if not any(r.kind == "choice" and r.name == "feint" and r.actor == draft.actor for r in requests):
            return ["CP-13 (M14): a feint is chosen after the defender's parry, when the rules ask for it"]
        if not feint.valid(p.get("value")):
            return ['CP-13 (M14): feint is "no" or "MANEUVER ZONE [BUYS…]" (thrust, chop, slash or crush; a declared '
                    "zone; buys as in a declaration)"]
    if draft.type == "choice" and p.get("name") == "transfer_feint":
        from replay.rulesets.skirmish.maneuvers import transfer

        if transfer.as_commitment(p.get("value")) is None or p.get("exchange") != 1 or draft.actor not in state.ids:
            return [transfer.FORMAT]
    if draft.type == "choice" and p.get("name") == "draw_price":  # CP-31: the GM's price of a draw from elsewhere
        from replay.rulesets.skirmish import draw

        if draft.actor is not None or draw.as_price(p.get("value")) is None or p.get("fighter") not in state.ids \
                or not isinstance(p.get("exchange"), int):
            return [draw.PRICE_FORMAT]
    if draft.type == "choice" and p.get("name") == "reverse_damage":
        from replay.rulesets.skirmish.maneuvers import transfer

        if draft.actor is not None or transfer.as_reverse(p.get("value")) is None or p.get("exchange") not in (1, 2) \
                or p.get("attacker") not in state.ids:
            return [transfer.REVERSE_FORMAT]
    v = p.get("value")
    if draft.type == "choice" and p.get("name") == "grip_price" and (  # CP-31 (L701): the GM's price of a grip change
            draft.actor is not None or not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9
            or p.get("exchange") not in (1, 2) or p.get("fighter") not in state.ids):
        return [problem("condition_failed", "5.4.3 M56, CP-31", "grip_price is the GM's ruling (no --actor) keyed by "
                        "exchange and fighter: the reflex points of a grip change the rulebook does not price, a whole "
                        "number 0–9")]
    if draft.type == "choice" and p.get("name") == "check_with":  # CP-36: what a free check is rolled with
        from replay.rulesets.skirmish.maneuvers.base import CHECK_OPTIONS

        if draft.actor not in state.ids or p.get("exchange") not in (1, 2) or p.get("value") not in CHECK_OPTIONS.get(
                str(p.get("check")), ()):
            return [problem("condition_failed", "5.13 CP-36", "check_with is the checking fighter's choice keyed by "
                            "exchange and check: reactive (wrestling or acrobatics), balance (agility or strength), "
                            "stability (strength or acrobatics)")]
    if draft.type == "choice" and p.get("name") == "countertime_tie" and (  # M08 at equal initiative (CP-50)
            draft.actor is not None or p.get("value") not in ("against", "strike") or p.get("exchange") not in (1, 2)
            or p.get("attacker") not in state.ids):
        return [problem("condition_failed", "5.4.1 M08, CP-50", "countertime_tie is the GM's ruling (no --actor) on "
                        "a countertime at equal initiative: against or strike, keyed by exchange and attacker")]
    if draft.type == "choice" and p.get("name") == "pass_through":  # M22 (CP-18): where the pass ends
        from replay.rulesets.skirmish.maneuvers import passing

        if not any(r.kind == "choice" and r.name == "pass_through" and r.actor == draft.actor for r in requests):
            return [problem("step_or_action", "5.4.1 M22, CP-18", "where a pass ends is chosen after the pass "
                            "succeeds, when the rules ask for it")]
        return passing.choice_problems(state, draft.actor or "", p.get("value"))
    if draft.type == "choice" and p.get("name") == "symmetric":
        v = p.get("value")
        if draft.actor is not None or not isinstance(v, list) or not v or \
                not all(z in data.body()["declared"] for z in v):
            return ["CP-16 (M15): symmetric is the GM's choice (no --actor), a list of declared zones, keyed by "
                    "exchange 1 and the attacker"]
    if draft.type == "choice" and p.get("name") == "guard":
        from replay.rulesets.skirmish.maneuvers.zonal import GUARDS, as_guard

        if not state.zonal:
            return ["CP-05 (L203): guard is for a fight with zonal defence (setup zonal_defence: true)"]
        if as_guard(p.get("value")) is None or p.get("exchange") not in (1, 2) or draft.actor not in state.ids:
            return [f"CP-05 (L203): guard is the defender's choice keyed by exchange: {', '.join(GUARDS)} (or the die "
                    "face 6–1)"]
    if draft.type == "choice" and p.get("name") == "difficulty":
        v = p.get("value")
        if draft.actor is not None or not isinstance(v, int) or isinstance(v, bool) or not 2 <= v <= 7:
            return ["CP-07: difficulty is the GM's correction (no --actor), a whole number 2–7 (--json), keyed by "
                    "exchange, fighter and step"]
    if draft.type == "choice" and p.get("name") == "buys":
        v = p.get("value")
        if not isinstance(v, list) or not all(isinstance(b, str) and BUY.match(b) for b in v):
            return ["CP-04 (5.2.1): buys is a list of purchases (--json), e.g. [\"precise:forehead\", \"danger:1\"]"]
    if draft.type == "choice" and p.get("name") == "surprise":
        from replay.rulesets.skirmish.maneuvers import surprise

        if p.get("value") not in surprise.KINDS or draft.actor is not None:
            return ["CP-43 (5.7): surprise is the GM's choice (no --actor): none, unexpected, trusted or hidden, "
                    "keyed by exchange and attacker"]
        if p.get("attacker") not in state.ids or p.get("exchange") not in (1, 2):
            return ["CP-43 (5.7): surprise names the attacker and the exchange (--field attacker=ID --field "
                    "exchange=N)"]
    if draft.type == "choice" and p.get("name") == "cover":
        f = state.fighter(draft.actor or "") if draft.actor in state.ids else None
        if f is None or f.shield is None:
            return ["CP-28 (5.11): only a shield bearer declares passive cover"]
        from replay.rulesets.skirmish.resolve import zone_list

        zones = zone_list(p.get("value"))
        kind = data.shield_type(f.shield.type)
        if not all(z in data.body()["declared"] for z in zones) or len(zones) > kind["passive_zones"]:
            return [f"CP-28 (5.11): cover is a list of at most {kind['passive_zones']} declared zones besides the "
                    "carrying arm"]
    return []


def pool_roll(state: Fight, draft: Draft, options: SkirmishOptions) -> list[str]:
    """An attack or defence roll of a declaration already made must have its dice (4.6 dice_to_roll, d10 A-01)."""
    p = draft.payload
    if p.get("exchange") not in (1, 2):
        return ["2.6: an attack or defence roll names its exchange (--field exchange=1)"]
    step = "defence" if p["purpose"] == "redefence" else p["purpose"]
    made = next((d for d in state.declared if d.actor == draft.actor and d.step == step
                 and d.exchange == p["exchange"] and d.maneuver != "pass"
                 and bool(d.order.get("after_feint")) == (p["purpose"] == "redefence")), None)
    if made is None or state.exchange != p["exchange"]:
        return []
    from replay.rulesets.skirmish.maneuvers.zonal import rolled

    want = f"{rolled(state, made)}d{options.pool_die_sides}"
    if str(p.get("dice")).lower() != want:
        return [f"2.6: {draft.actor}'s {p['purpose']} declaration rolls {want}, not {p.get('dice')}"]
    return []


def round_draw_problems(state: Fight, actor_id: str, order: dict[str, Any]) -> list[str]:
    """M50 (L650): «В случае отсутствия очков Рефлекса, персонаж извлекает оружие за один раунд»: a fighter with no
    reflex points left declares a pass with `draw`; the weapon is in hand when the next round starts (PROPOSED: from
    where it is carried; the floor and the wrist loop ask the Reflex check, A-39)."""
    from replay.rulesets.skirmish import draw

    f = state.fighter(actor_id)
    cannot = draw.problems(f, order["draw"])
    if cannot:
        return [problem("condition_failed", "5.4.3 M50", c) for c in cannot]
    out = []
    if pools.available(f, state.round, state.exchange)[0] > 0:
        out.append(problem("condition_failed", "5.4.3 M50, L650", "a pass draws over the whole round only with no "
                           "reflex points left; with reflex points the draw goes with a maneuver (L646)"))
    if draw.floor_pickup(f, order["draw"]) or draw.loop_recovery(f, order["draw"]):
        out.append(problem("condition_failed", "5.4.3 M50, L650", "the draw over the whole round is from where the "
                           "weapon is carried; the floor and the wrist loop ask the Reflex check (A-39)"))
    return out


def exchange_grip_problems(state: Fight, actor_id: str, order: dict[str, Any]) -> list[str]:
    """M56 (L703): «В случае отсутствия очков Рефлекса, персонаж меняет хват за один обмен»: a fighter with no reflex
    points left declares a pass with `grip` in the attack step; the grip is his from the next exchange and he does
    nothing else in this one (PROPOSED: no defence either)."""
    from replay.rulesets.skirmish.maneuvers.general import grip_conditions

    f = state.fighter(actor_id)
    out = grip_conditions(state, f, order)
    if order["step"] != "attack":
        out.append(problem("condition_failed", "5.4.3 M56, L703", "the grip changes over the exchange with a pass in "
                           "the attack step"))
    if pools.available(f, state.round, state.exchange)[0] > 0:
        out.append(problem("condition_failed", "5.4.3 M56, L703", "a pass changes the grip over the exchange only "
                           "with no reflex points left; with reflex points the grip change is a maneuver (L701)"))
    return out


def changing_grip(state: Fight, actor_id: str) -> bool:
    """M56 (L703): the fighter changes his grip over this exchange (a pass with `grip`)."""
    return any(d.actor == actor_id and d.maneuver == "pass" and d.order.get("grip") for d in state.declared)


def drawing_problems(state: Fight, actor_id: str) -> list[str]:
    """M50 (L650): a fighter drawing over the whole round does nothing else until the round ends."""
    busy = [w.id for w in state.fighter(actor_id).weapons if w.state == "drawing"]
    if busy:
        return [problem("condition_failed", "5.4.3 M50, L650", f"{actor_id} is drawing {busy[0]} over the whole "
                        "round: he passes until the round ends")]
    return []
