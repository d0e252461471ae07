"""The reducer: the fight after one resolution event. Pure."""

from __future__ import annotations

from dataclasses import replace

from eventlog.envelope import Event
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish.model import Declared, Effect, Fight, Fighter, Timed, Wound


def evolve(state: Fight, event: Event) -> Fight:
    if event.type == "ruling":
        return state
    e = ev.trusted(event.type, event.payload)
    handler = HANDLERS[event.type]
    return handler(state, e)


def round_started(state: Fight, e: ev.RoundStarted) -> Fight:
    fighters = []
    for f in state.fighters:
        shield = f.shield
        if shield is not None and f.id in e.cover:
            shield = replace(shield, cover=tuple(e.cover[f.id]["zones"]))
        fighters.append(replace(f, spent_R=0, spent_S=0, locked_R=0, locked_S=0, used_for_parry=(), shield=shield,
                                rounds_since_fatigue=f.rounds_since_fatigue + 1, bonus_dice=(),
                                spent_master=0, spent_extraordinary=0))
    state = replace(state, fighters=tuple(fighters), round=e.round, exchange=1, step=0, declared=(), retreated=())
    from replay.rulesets.skirmish import draw

    return draw.finished(state)  # M50 (L650): a draw over the whole round is in hand


def fatigue(state: Fight, e: ev.Fatigue) -> Fight:
    f = state.fighter(e.fighter)
    since = 0 if e.kind == "interval" else f.rounds_since_fatigue
    return state.with_fighter(replace(f, fatigue=e.fatigue, rounds_since_fatigue=since))


def initiative(state: Fight, e: ev.Initiative) -> Fight:
    for fid, loss in e.reflex_loss.items():
        f = state.fighter(fid)
        state = state.with_fighter(replace(f, reflex_loss=(*f.reflex_loss, Timed(loss, state.round, 2, "initiative"))))
    for fid in e.bonus or {}:  # M58: the initiative bonus is used by this roll
        f = state.fighter(fid)
        state = state.with_fighter(replace(f, effects=tuple(x for x in f.effects if x.kind != "initiative_bonus")))
    return replace(state, holder=e.holder, distance=e.distance, engaged=True, reroll=False)


def exchange_started(state: Fight, e: ev.ExchangeStarted) -> Fight:
    fighters = tuple(replace(f, locked_R=0, locked_S=0, shield=None if f.shield is None else
                             replace(f.shield, used=False)) for f in state.fighters)
    attacked = tuple(d.actor for d in state.declared if d.step == "attack" and d.maneuver != "pass") \
        if e.exchange == 2 else ()
    return replace(state, fighters=fighters, exchange=e.exchange, step=1, declared=(), attacked_before=attacked)


STEP_AFTER = {"attack": 2, "defence": 4}


def declared(state: Fight, e: ev.DeclarationMade) -> Fight:
    if e.order.get("drop") and e.maneuver != "pass":  # M44 (L605): the caught weapon dropped, the catch over
        from replay.rulesets.skirmish.maneuvers import catch

        state = catch.dropped(state, e.actor, e.order["drop"])
    if e.order.get("draw") and not e.priced.get("failed"):  # M50: the weapon is in hand for this declaration
        from replay.rulesets.skirmish import draw

        state = draw.started(state, e.actor, e.order["draw"]) if e.maneuver == "pass" else \
            draw.drawn(state, e.actor, e.order["draw"])
    f = state.fighter(e.actor)
    paid_r, paid_s = int(e.priced.get("paid_R", 0)), int(e.priced.get("paid_S", 0))
    shield = f.shield
    if shield is not None and (e.order.get("weapon") == "shield" or e.maneuver == "shield_block"):
        shield = replace(shield, used=True)
    parried = f.used_for_parry
    if e.maneuver in ("parry", "counterattack", "knock_aside", "master_strike", "bind", "blade_catch") and \
            e.priced.get("weapon"):
        parried = (*parried, e.priced["weapon"])
    second = e.priced.get("second_defence_order") or {}
    if second.get("maneuver") in ("parry", "counterattack", "knock_aside") and e.priced["second_defence"].get("weapon"):
        parried = (*parried, e.priced["second_defence"]["weapon"])  # M06: the second defence's parry
    bonus = f.bonus_dice
    if e.step == "attack" and e.priced.get("bonus_dice"):  # M40: the bonus is used by this attack
        bonus = tuple(t for t in bonus if t.source != e.priced.get("weapon"))
    used = set(e.priced.get("bonus_effects") or ())  # Arrow, Assess, Grab flow: used by this declaration
    effects = tuple(x for x in f.effects if not (x.kind == "bonus" and x.ref in used))
    if e.order.get("grip") and e.priced.get("weapon") and not e.priced.get("failed"):  # M56: the new grip
        f = replace(f, weapons=tuple(replace(w, grip=e.order["grip"]) if w.id == e.priced["weapon"] else w
                                     for w in f.weapons))
    f = replace(f, spent_R=f.spent_R + paid_r, spent_S=f.spent_S + paid_s, shield=shield, used_for_parry=parried,
                bonus_dice=bonus, effects=effects, pain=f.pain + int(e.priced.get("pain_hold", 0)),
                spent_master=f.spent_master + int(e.priced.get("master_spent", 0)),
                spent_extraordinary=f.spent_extraordinary + int(e.priced.get("extraordinary_spent", 0)))
    decl = Declared(e.actor, e.exchange, e.step, e.maneuver, dict(e.order), dict(e.priced), e.forced is not None)
    step = state.step + 1
    if state.holder == "tie":
        step = 3 if e.step == "attack" else 5
    return replace(state.with_fighter(f), declared=(*state.declared, decl), step=min(step, 5))


def feint(state: Fight, e: ev.FeintInvoked) -> Fight:
    attacker = state.fighter(e.attacker)
    state = state.with_fighter(replace(attacker, spent_R=attacker.spent_R + e.activation))
    voided = next(d for d in state.declared if d.actor == e.defender and d.step == "defence" and d.maneuver != "pass"
                  and d.order.get("answers") in (None, e.attacker))  # in a melee group: the one answering him
    defender = state.fighter(e.defender)
    parried = list(defender.used_for_parry)
    if voided.maneuver == "parry" and voided.priced.get("weapon") in parried:  # C5: a voided parry locks nothing
        parried.reverse()
        parried.remove(voided.priced["weapon"])
        parried.reverse()
    r, s_ = e.locked["reflex"], e.locked["skill"]
    state = state.with_fighter(replace(defender, spent_R=defender.spent_R - r, spent_S=defender.spent_S - s_,
                                       locked_R=defender.locked_R + r, locked_S=defender.locked_S + s_,
                                       used_for_parry=tuple(parried)))
    declared = []
    for d in state.declared:
        if d is voided:
            continue
        if d.actor == e.attacker and d.step == "attack":
            d = Declared(d.actor, d.exchange, d.step, e.order["maneuver"], dict(e.order), dict(e.priced))
        declared.append(d)
    return replace(state, declared=tuple(declared))


def feint_check(state: Fight, e: ev.FeintCheck) -> Fight:
    f = state.fighter(e.defender)
    return state.with_fighter(replace(f, locked_R=f.locked_R - e.freed["reflex"], locked_S=f.locked_S
                                      - e.freed["skill"]))


def clash(state: Fight, e: ev.Clash) -> Fight:
    if e.skill_zero:
        f = state.fighter(e.skill_zero["fighter"])
        state = state.with_fighter(replace(f, skill_zero_round=e.skill_zero["round"]))
    bonus = e.counter_bonus
    if not bonus:
        return state
    f = state.fighter(bonus["fighter"])
    return state.with_fighter(replace(f, bonus_dice=(*f.bonus_dice, Timed(bonus["amount"], *bonus["until"],
                                                                            bonus["weapon"]))))


def hit(state: Fight, e: ev.Hit) -> Fight:
    target = state.fighter(e.target)
    sh = e.shield
    if sh and target.shield is not None:
        target = replace(target, shield=replace(target.shield, reliability=target.shield.reliability
                                                - sh["reliability_loss"],
                                                state="broken" if sh["broken"] else target.shield.state))
    if e.wound:
        target = wounded(target, e.wound)
    if e.nonlethal_shock:  # 6.5 step 6
        target = replace(target, shock=(*target.shock, Timed(e.nonlethal_shock["amount"], *e.nonlethal_shock["until"],
                                                             "non-lethal")))
    return state.with_fighter(target)


def effect(state: Fight, e: ev.Effect) -> Fight:
    """A maneuver's changes (5.4), applied in order."""
    for c in e.changes:
        op = c["op"]
        if op == "grapple":
            state = grappled(state, c["value"], e.actor)
            continue
        if op == "distance":  # a melee group keeps one distance per pair (4.2, L129), none of its own
            state = state if len(state.fighters) > 2 else replace(state, distance=c["value"])
            continue
        if op in ("check", "fall", "throw", "avoid"):  # told by the post (M53's avoider: the battle's), no change
            continue
        f = state.fighter(c["fighter"])
        if op == "effect":
            f = replace(f, effects=(*f.effects, Effect(c["kind"], c["amount"], tuple(c["start"]), tuple(c["until"]),
                                                       c.get("ref", ""), c.get("source", ""))))
        elif op == "spend":  # M15: the activation and the committed successes
            f = replace(f, spent_R=f.spent_R + c.get("reflex", 0), spent_master=f.spent_master + c.get("master", 0),
                        spent_extraordinary=f.spent_extraordinary + c.get("extraordinary", 0))
        elif op == "stance":
            f = replace(f, stance=c["stance"])
        elif op == "pain":
            f = replace(f, pain=max(0, f.pain + c["amount"]))
        elif op == "drop":
            f = replace(f, weapons=tuple(replace(w, hands=(), state=c.get("state", "dropped")) if w.id == c["weapon"]
                                         else w for w in f.weapons))
        elif op == "wound":
            f = wounded(f, c["wound"])
        elif op == "shock":
            f = replace(f, shock=(*f.shock, Timed(c["amount"], *c["until"], c.get("source", "maneuver"))))
        elif op == "held":
            f = replace(f, held=tuple(dict.fromkeys((*f.held, *c["zones"]))))
        elif op == "move":  # M22 (L421): the pass into the free cell and on
            f = replace(f, cell=(int(c["cell"][0]), int(c["cell"][1])), facing=c.get("facing") or f.facing)
        elif op == "release":  # M44 (L605): a blade catch over (freed, dropped or broken)
            from replay.rulesets.skirmish.maneuvers import catch

            f = catch.released(f, c["weapon"], {"freed": None}.get(c["how"], c["how"]))
        state = state.with_fighter(f)
    return state


def grappled(state: Fight, value: dict | None, actor: str = "") -> Fight:
    """5.8: a grapple formed (the wrestling pool from `start`, A-47) or broken (M73); in a melee group the one of its
    pair (broken: the one `actor` is in)."""
    if len(state.fighters) > 2:
        from replay.rulesets.skirmish import group_grapple

        return group_grapple.folded(state, value, actor)
    return replace(state, fighters=tuple(in_grapple(f, value) for f in state.fighters), grapple=value)


def in_grapple(f: Fighter, value: dict | None) -> Fighter:
    """One of a grapple's two fighters as the grapple `value` leaves him: its wrestling pool's start, his held zones and
    height bonus; None: the hold ends, and so do the pain holds (M59 "while the hold lasts")."""
    if value is None:
        return replace(f, grapple_from=None, held=(), wrestle_bonus=0,
                       effects=tuple(x for x in f.effects if x.kind != "pain_hold"))
    return replace(f, grapple_from=tuple(value["start"]), held=tuple(value.get("zones", ())) if f.id == value["held"]
                   else (), wrestle_bonus=int(value.get("bonus", {}).get(f.id, 0)))


def wounded(f: Fighter, w: dict) -> Fighter:
    """6.5 step 9: pain (permanent), shock (to the end of the next exchange), bleeding, falls and drops, death."""
    wound = Wound(w["zone"], w["precise"], w["type"], w["W"], w["level"], w["pain"], w["bleeding"],
                  tuple(w["flags"]) + tuple(c for c in w["consequences"] if c in ("crippled", "dying")))
    until_r, until_x = w["until"]
    f = replace(f, wounds=(*f.wounds, wound), pain=f.pain + w["pain"],
                shock=(*f.shock, Timed(w["shock"], until_r, until_x, "wound")) if w["shock"] else f.shock)
    conseq = w["consequences"]
    if "dead" in conseq:
        f = replace(f, status="dead", stance="lying")
    if "falls" in conseq:  # C18: a fall from a wound only sets the stance
        f = replace(f, stance="lying")
    if "drops" in conseq and w["zone"].endswith("_arm"):
        side = w["zone"].removesuffix("_arm")
        f = replace(f, weapons=tuple(replace(x, hands=(), state="dropped") if side in x.hands else x
                                     for x in f.weapons))
    return f


def blocked(state: Fight, e: ev.Blocked) -> Fight:
    f = state.fighter(e.defender)
    if e.shield and f.shield is not None and e.broken:
        f = replace(f, shield=replace(f.shield, state="broken"))
    if not e.shield and (e.broken or e.dropped):
        state_now = "broken" if e.broken else "hanging" if e.hanging else "dropped"
        f = replace(f, weapons=tuple(replace(w, hands=(), state=state_now) if w.id == e.item else w
                                     for w in f.weapons))
    if e.arm_wound:
        f = wounded(f, e.arm_wound)
    if e.shock:
        f = replace(f, shock=(*f.shock, Timed(e.shock["amount"], *e.shock["until"], "power blow")))
    state = state.with_fighter(f)
    if e.attacker_weapon_broken and e.attacker_item == "shield":  # a shield strike's shield (L523)
        a = state.fighter(e.attacker)
        if a.shield is not None:
            state = state.with_fighter(replace(a, shield=replace(a.shield, state="broken")))
    elif e.attacker_weapon_broken:
        a = state.fighter(e.attacker)
        weapon = next((w for w in a.weapons if w.hands and (e.attacker_item is None or w.id == e.attacker_item)),
                      None)
        if weapon is not None:
            a = replace(a, weapons=tuple(replace(w, hands=(), state="broken") if w is weapon else w
                                         for w in a.weapons))
            state = state.with_fighter(a)
    return state


def knocked_aside(state: Fight, e: ev.KnockedAside) -> Fight:
    if not e.dropped:
        return state
    f = state.fighter(e.attacker)
    fallen = "hanging" if e.hanging else "dropped"  # L689: on its wrist loop, by the option `wrist_loop_holds`
    return state.with_fighter(replace(f, weapons=tuple(replace(w, hands=(), state=fallen) if w.id == e.weapon
                                                       else w for w in f.weapons)))


def stood_up(state: Fight, e: ev.StoodUp) -> Fight:
    f = state.fighter(e.fighter)
    return state.with_fighter(replace(f, stance="standing")) if e.standing else state


def knockout(state: Fight, e: ev.Knockout) -> Fight:
    if not e.unconscious:
        return state
    f = state.fighter(e.fighter)
    return state.with_fighter(replace(f, status="unconscious" if f.status != "dead" else f.status, stance="lying"))


def exchange_ended(state: Fight, e: ev.ExchangeEnded) -> Fight:
    for d in state.declared:  # M56 (L703): a grip changed over the exchange is in place when it ends
        if d.maneuver == "pass" and d.order.get("grip") and d.priced.get("weapon"):
            f = state.fighter(d.actor)
            state = state.with_fighter(replace(f, weapons=tuple(
                replace(w, grip=d.order["grip"]) if w.id == d.priced["weapon"] else w for w in f.weapons)))
    line = {"round": state.round, "exchange": e.exchange, "holder": e.holder, "distance": e.distance,
            "why": list(e.why)}
    for lk in e.locks or ():  # 5.7: an unexpected attack's initiative lock, a hidden attack's initiative roll
        f = state.fighter(lk["fighter"])
        state = state.with_fighter(replace(f, effects=(*f.effects, Effect(lk["kind"], 1, tuple(lk["start"]),
                                                                          tuple(lk["until"]), "", "5.7"))))
    if e.retreated:  # 4.4, M45 (PROPOSED): out of the group's round; he leaves it at the field round's end
        state = replace(state, retreated=(*state.retreated, *e.retreated))
    if e.melee_ended:  # M45: a successful retreat ends the melee; meeting again is a new combat initiative
        return replace(state, holder=None, reroll=False, distance=None, engaged=False, step=0,
                       history=(*state.history, line), charge=None)
    return replace(state, holder=e.holder if not e.reroll else state.holder, reroll=e.reroll, distance=e.distance,
                   step=0, history=(*state.history, line), charge=None)  # a charge binds the first exchange only


def fallen(f: Fighter, was: str) -> Fighter:
    """6.5 step 10: a fighter the round's blood loss knocks out or kills falls, lying (as a knockout, C9)."""
    return replace(f, stance="lying") if f.status != was and f.status in ("unconscious", "dead") else f


def round_ended(state: Fight, e: ev.RoundEnded) -> Fight:
    fighters = tuple(fallen(replace(f, blood_loss=e.blood_loss[f.id], status=e.status[f.id]), f.status)
                     for f in state.fighters)
    return replace(state, fighters=fighters, closed=e.round)


def fight_ended(state: Fight, e: ev.FightEnded) -> Fight:
    return replace(state, result={"winner": e.winner, "out": dict(e.out)}, closed=state.round)


HANDLERS = {
    "skirmish.round_started": round_started,
    "skirmish.fatigue": fatigue,
    "skirmish.initiative": initiative,
    "skirmish.exchange_started": exchange_started,
    "skirmish.declared": declared,
    "skirmish.feint": feint,
    "skirmish.feint_check": feint_check,
    "skirmish.clash": clash,
    "skirmish.hit": hit,
    "skirmish.blocked": blocked,
    "skirmish.knocked_aside": knocked_aside,
    "skirmish.effect": effect,
    "skirmish.stood_up": stood_up,
    "skirmish.knockout": knockout,
    "skirmish.exchange_ended": exchange_ended,
    "skirmish.round_ended": round_ended,
    "skirmish.fight_ended": fight_ended,
}
