"""The battle's own resolution events (part 2), one typed class each, and how each changes a `Battle`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ConfigDict

from eventlog.envelope import Event
from replay.rulesets.skirmish import ranged
from replay.rulesets.skirmish.battle import Battle, Formation, Pair, knocked_out, lose_reflex, new_pair
from replay.rulesets.skirmish.evolve import fallen


class Resolution(BaseModel):
    model_config = ConfigDict(extra="forbid")
    why: list[str]
    rule: list[str]
    defaults: list[str] = []


class Intents(Resolution):
    intents: dict[str, str]


class GeneralInitiative(Resolution):
    rolls: dict[str, dict[str, Any]]
    chain: list[tuple[str, int | None]]
    reflex_loss: dict[str, int] = {}
    skipped: list[str] = []


class FieldRound(Resolution):
    round: int
    picked_up: dict[str, str] = {}
    """M50 (L650): the weapons loose fighters picked up from the floor over the last round, in hand now."""


class Moved(Resolution):
    fighter: str
    exchange: int
    gait: str
    path: list[tuple[int, int]]
    facing: str
    metres: int
    budget: str
    carry: str
    ran: bool = False


class Engaged(Resolution):
    pair: str
    fighters: tuple[str, str]
    distance: str | None = None
    """M16/M25 from afar (A-85, A-102): the grid distance as a category, the pair's combat distance to start."""
    charge: dict[str, Any] | None = None


class Joined(Resolution):
    """4.4: a fighter comes within reach of an enemy already in melee and joins that melee (a melee group)."""

    melee: str
    fighter: str
    group: str
    among: list[str] = []
    """The equally near melees he chose from (choice `join_melee`), when there were several."""


class Stage(Resolution):
    fighter: str
    exchange: int
    stage: str
    busy: str | None
    done_s: int
    need_s: int
    loss: int
    ammo: int
    speedup_R: int = 0
    spent_R: int = 0
    double: bool | None = None
    """M80: a preparation for two arrows, twice the time (L1109); None leaves the shooter's as it was."""
    hurried: bool | None = None
    """A-56: an aim sped up (L956); None leaves the shooter's as it was."""
    rushed: int | None = None
    """5.6.3 (L950): the successes a sped-up preparation took off the shot so far; None leaves the shooter's."""
    pair: bool | None = None
    """M81 (L1115): the draw brings a second projectile into the other hand; None leaves the shooter's."""
    hurt: list[dict[str, Any]] = []
    """T-16 (L929): a speed-up check of the draw botched at degree 2 hurt the shooter: fighter, damage (1d6), outcome,
    wound (and hand, M81's other hand)."""
    knockouts: list[dict[str, Any]] = []
    """6.5 step 11, C9: the knockout checks of those wounds."""


class Shot(Resolution):
    shooter: str
    target: str
    exchange: int
    band: str
    metres: int
    spent_R: int
    spent_S: int
    outcome: str
    final: int
    wound: dict[str, Any] | None = None
    ammo: int
    defence: dict[str, Any] | None = None
    """The target's missile defence: maneuver, reflex dice paid, difficulty, and whether he went to the ground."""
    from_cell: tuple[int, int]
    to_cell: tuple[int, int]
    maneuver: str | None = None
    """The shot maneuver declared (M80 double_shot, M81 synchronous_throw), if any."""
    shield: dict[str, Any] | None = None
    """The target's passive shield cover on the hit zone (5.11): armour, reliability loss, broken."""
    second: dict[str, Any] | None = None
    """M80/M81: the second projectile: target, final, defence, outcome, wound, shield (and to_cell)."""
    empathy: dict[str, Any] | None = None
    """A hidden shot: the target's Empathy check at %6 (5.7); unsensed, no passive shield cover (A-61)."""
    move: dict[str, Any] | None = None
    """M75-M77: the check, the path moved or flown, the gait, the landing, its reflex and Acrobatics points."""
    grazed: list[dict[str, Any]] = []
    """M78: the secondary targets the projectile grazed or stuck in (target, final, defence, outcome, wound)."""
    through: list[dict[str, Any]] = []
    """M79: the next targets the projectile reached (target, final, defence, carried, outcome, wound, shield)."""
    protectors: dict[str, dict[str, Any]] | None = None
    """M83: the target's guards and their defences (maneuver, dice, difficulty, side, activation, skill, net)."""
    knockouts: list[dict[str, Any]] = []
    """6.5 step 11, C9: the knockout checks of the shot's wounds (fighter, triggers, roll, unconscious, rounds,
    until_treated)."""
    volley: dict[str, Any] | None = None
    """M82: this arrow of a rapid fire: arrow (its number; 0: none loosed), dice, most, left (points), net, check (the
    Reflex check, on the first), ended (the last)."""
    fatigue: dict[str, Any] | None = None
    """M82: the archer's extra fatigue check after the volley (fighter, roll, difficulty, gained, fatigue; 5.10)."""
    botch: dict[str, Any] | None = None
    """CP-41 (L956, T-26): a hurried aim's lost success botched the shot: kind (`random_direction`: the GM's roll
    and the direction; `ally_hit`: the ally the GM chose, and the hit's outcome, wound, shield)."""
    body_cover: dict[str, Any] | None = None
    """5.6.5 (L981): the bodyguard who covered the target with his body and took the hit instead: target (the
    guard), covers (the target), final, to_cell, outcome, wound, shield."""
    vehicle: dict[str, Any] | None = None
    """5.6.8 (L1036-1040, T-08): shot from a moving vehicle: speed, skill, level, with_target, dice taken off."""
    thrown_back: dict[str, Any] | None = None
    """M88 (L1159-1161): a caught projectile thrown back: its weapon kind and whether the throw is unexpected."""
    misfire: dict[str, Any] | None = None
    """5.6.3 (L950): a hurried preparation's lost successes botched the shot, which never leaves the weapon: kind
    (`weapon`: the Reliability check and whether the weapon is `dropped` or `broken_or_jammed`; `self`: the wound the
    shooter dealt himself, its outcome and shield)."""


class ThrowBack(Resolution):
    fighter: str
    exchange: int
    weapon: str
    caught_round: int
    unexpected: bool


class PickedUp(Resolution):
    fighter: str
    exchange: int
    weapon: str
    ranged: bool
    """The fighter's ranged weapon (dropped by a hurried preparation's botch, L950), or a melee weapon of his."""
    spent_R: int
    check: dict[str, Any]
    picked: bool
    whole_round: bool = False
    """M50 (L650): with no reflex points left the pick-up takes the whole round: the weapon in hand when the next
    round starts (no check)."""


class Formed(Resolution):
    commander: str
    members: list[str]
    partners: list[tuple[str, str]]
    cap: int
    size: int


class Fled(Resolution):
    fighter: str
    exchange: int
    cell: tuple[int, int]


class FieldRoundEnded(Resolution):
    round: int
    blood_loss: dict[str, int]
    status: dict[str, str]
    parted: list[str] = []
    left: dict[str, list[str]] = {}
    """4.4: the fighters out of the fight who leave a melee group that goes on, by group."""
    fatigue: dict[str, dict[str, Any]] = {}
    """M85, A-62: the extra fatigue checks of those who wove a pendulum or sprinted this round, by fighter (5.10)."""
    woke: list[str] = []
    """C9: the knocked-out fighters whose 1d6 rounds ran out this round: they come to, lying (C6)."""


class BattleEnded(Resolution):
    winner: str | None
    standing: list[str]


EVENTS: dict[str, type[Resolution]] = {
    "skirmish.intents": Intents, "skirmish.general_initiative": GeneralInitiative,
    "skirmish.field_round": FieldRound, "skirmish.moved": Moved, "skirmish.engaged": Engaged,
    "skirmish.joined": Joined,
    "skirmish.ranged_stage": Stage, "skirmish.shot": Shot, "skirmish.formed": Formed,
    "skirmish.field_round_ended": FieldRoundEnded, "skirmish.battle_ended": BattleEnded, "skirmish.fled": Fled,
    "skirmish.picked_up": PickedUp, "skirmish.throw_back": ThrowBack,
}


def validate_payload(type_: str, payload: dict[str, Any]) -> list[str]:
    from replay.ruleset import payload_problems

    return payload_problems(EVENTS, type_, payload, ruleset="skirmish")  # type: ignore[arg-type]


def apply(state: Battle, event: Event) -> Battle:
    e = EVENTS[event.type].model_validate(event.payload)
    return HANDLERS[event.type](state, e)  # type: ignore[operator]


def intents(state: Battle, e: Intents) -> Battle:
    return replace(state, intents=tuple(e.intents.items()))


def general_initiative(state: Battle, e: GeneralInitiative) -> Battle:
    for fid, degree in e.reflex_loss.items():  # A-13, C12: lost in the round following the roll (this one)
        state = state.with_fighter(lose_reflex(state.fighter(fid), degree, max(1, state.round + 1),
                                               "general_initiative"))
    return replace(state, chain=tuple((i, n) for i, n in e.chain), hidden_hit=None)


def field_round(state: Battle, e: FieldRound) -> Battle:
    for fid, wid in e.picked_up.items():
        state = in_hand(state, fid, wid)
    loose = tuple(replace(f, spent_R=0, spent_S=0, locked_R=0, locked_S=0) for f in state.loose)
    shooters = tuple((i, replace(s, speedup_R=0)) for i, s in state.shooters)
    return replace(state, loose=loose, shooters=shooters, round=e.round, exchange=1, moved=(), ran=(), shots=(),
                   parried=())


def moved(state: Battle, e: Moved) -> Battle:
    f = state.fighter(e.fighter)
    start = dict(state.moved).get(e.fighter) or (f.cell,)
    end = tuple(e.path[-1]) if e.path else f.cell
    f = replace(f, cell=end, facing=e.facing)  # type: ignore[arg-type]
    if e.ran:  # 5.7 (L54): after running all reflex points are lost
        from replay.rulesets.skirmish import pools

        cap_r, _ = pools.caps(f, state.round, e.exchange)
        f = replace(f, spent_R=max(f.spent_R, cap_r))
    paths = dict(state.moved)
    paths[e.fighter] = (*start, *(tuple(c) for c in e.path))  # type: ignore[assignment]
    carry = dict(state.carry)
    carry[e.fighter] = e.carry
    ran = (*tuple(r for r in state.ran if r[0] != e.fighter), (e.fighter, e.gait)) if e.ran else state.ran
    return replace(state.with_fighter(f), moved=tuple(paths.items()), carry=tuple(carry.items()), ran=ran,
                   exchange=e.exchange)


def engaged(state: Battle, e: Engaged) -> Battle:
    a, b = e.fighters
    pair = new_pair(state, a, b)
    if e.distance is not None:  # an attack from afar (M16, M25): part 1 plays it at the grid distance's category
        pair = replace(pair, fight=replace(pair.fight, distance=e.distance))
    if e.charge is not None:  # the charger declares the maneuver he charged with in the first exchange
        pair = replace(pair, fight=replace(pair.fight, charge=(a, str(e.charge["maneuver"]))))
    return replace(state, loose=tuple(f for f in state.loose if f.id not in (a, b)), pairs=(*state.pairs, pair))


def joined(state: Battle, e: Joined) -> Battle:
    """The melee becomes a group of several fighters (4.4): its fight holds them all; the part 1 initiative and
    distance of a pair no longer apply (the group goes by the general initiative chain, group.py)."""
    pair = next(p for p in state.pairs if p.id == e.melee)
    fight = replace(pair.fight, fighters=(*pair.fight.fighters, state.fighter(e.fighter)), holder=None, distance=None,
                    charge=None,
                    reroll=False, declared=(), step=0, grapple=None,
                    grapples=(*pair.fight.grapples, *((pair.fight.grapple,) if pair.fight.grapple else ())))
    group = Pair(e.group, fight, state.round)
    return replace(state, loose=tuple(f for f in state.loose if f.id != e.fighter),
                   pairs=tuple(group if p.id == e.melee else p for p in state.pairs))


def stage(state: Battle, e: Stage) -> Battle:
    s = state.shooter(e.fighter)
    assert s is not None
    s = replace(s, stage=e.stage, busy=e.busy, done_s=e.done_s, need_s=e.need_s, loss=e.loss, ammo=e.ammo,
                speedup_R=s.speedup_R + e.speedup_R, double=s.double if e.double is None else e.double,
                hurried=s.hurried if e.hurried is None else e.hurried,
                rushed=s.rushed if e.rushed is None else e.rushed, pair=s.pair if e.pair is None else e.pair)
    f = state.fighter(e.fighter)
    state = state.with_fighter(replace(f, spent_R=f.spent_R + e.spent_R))
    for h in e.hurt:  # T-16 (L929): the shooter hurt himself drawing
        state = struck(state, e.fighter, None, h.get("wound"), None)
    state = knocked(state, e.knockouts)
    return replace(state.with_shooter(e.fighter, s), exchange=e.exchange)


def shot(state: Battle, e: Shot) -> Battle:
    state = tired(state, e.fatigue)
    if e.outcome == "not_loosed":  # M82: a Reflex check of 0 successes: no arrow left the string
        return replace(state, exchange=e.exchange)
    if e.thrown_back:  # M88: the caught projectile leaves his hand; his own ranged weapon is as it was
        kind = str(e.thrown_back["weapon"])
        held = next(c for c in state.caught if c[0] == e.shooter and c[1] == kind)
        state = replace(state, caught=tuple(c for c in state.caught if c is not held), thrown=None)
    else:
        s = state.shooter(e.shooter)
        assert s is not None
        kind = s.weapon
        lost = (e.misfire or {}).get("weapon")  # L950: the botched preparation drops or breaks the weapon
        state = state.with_shooter(e.shooter, replace(
            s, stage="empty", busy=None, done_s=0, need_s=0, loss=0, ammo=e.ammo, ready=False, double=False,
            hurried=False, rushed=0, pair=False, lost=lost or s.lost,
            lost_at=tuple(e.from_cell) if lost == "dropped" else s.lost_at))
    state = caught(state, e, kind)
    f = state.fighter(e.shooter)
    state = state.with_fighter(replace(f, spent_R=f.spent_R + e.spent_R, spent_S=f.spent_S + e.spent_S))
    if e.move:
        state = on_the_move(state, e.shooter, e.move, e.exchange)
    state = struck(state, e.target, e.defence, e.wound, e.shield)
    state = guarded(state, e.protectors or {})
    if e.second:
        second = e.second
        own = second["target"] != e.target or (second["defence"] or {}).get("projectile") == 2  # M87: two weapons
        state = struck(state, second["target"], second["defence"] if own else None,
                       second.get("wound"), second.get("shield"))
        state = guarded(state, second.get("protectors") or {})
    if e.misfire and e.misfire.get("kind") == "self":  # L950: the hurried preparation hurt the shooter
        state = struck(state, e.shooter, None, e.misfire.get("wound"), e.misfire.get("shield"))
    if e.body_cover:  # L981: the bodyguard took the hit
        state = struck(state, e.body_cover["target"], None, e.body_cover.get("wound"), e.body_cover.get("shield"))
    if e.botch and e.botch.get("target"):  # CP-41: the hurried aim struck an ally
        state = struck(state, e.botch["target"], None, e.botch.get("wound"), e.botch.get("shield"))
    for nxt in (*e.grazed, *e.through):  # M78: grazed on the way; M79: the projectile flew on
        state = struck(state, nxt["target"], nxt["defence"], nxt.get("wound"), nxt.get("shield"))
        state = guarded(state, nxt.get("protectors") or {})
    state = knocked(state, e.knockouts)
    state = replace(state, parried=(*state.parried, *weapons_parried(e)))
    record = {"shooter": e.shooter, "target": e.target, "from": list(e.from_cell), "to": list(e.to_cell),
              "band": e.band, "outcome": e.outcome, "exchange": e.exchange}
    if e.empathy is not None and not e.empathy.get("sensed") and e.outcome == "hit":  # 5.7 (L48)
        state = replace(state, hidden_hit=f"{e.shooter}'s hidden shot at {e.target}")
    return replace(state, shots=(*state.shots, record), exchange=e.exchange)


def weapons_parried(e: Shot) -> list[tuple[str, int, str, str, str]]:
    """M87 (L1151, L559): the weapons (or bare hands) that parried the shot's projectiles, each with the shooter and
    the target it flew at: each target's and each guard's (M83) weapon parry, the second weapon of a parry with two
    (L1153); M86 (L1147, L559): the shield (`shield`) of each target's and guard's shield parry, a parry of the
    exchange answering this arrow with its kept successes too."""
    out = []
    answered = [(e.target, e.defence, e.protectors)]
    if e.second:
        own = e.second["target"] != e.target or (e.second["defence"] or {}).get("projectile") == 2
        answered.append((e.second["target"], e.second["defence"] if own else None, e.second.get("protectors")))
    answered += [(n["target"], n["defence"], n.get("protectors")) for n in (*e.grazed, *e.through)]
    for target, defence, protectors in answered:
        for fid, d in [(target, defence), *(protectors or {}).items()]:
            if (d or {}).get("maneuver") == "weapon_parry_missile" and d.get("weapon") is not None:
                out.append((str(fid), e.exchange, str(d["weapon"]), e.shooter, str(target)))
            elif (d or {}).get("maneuver") == "shield_parry_missile":
                out.append((str(fid), e.exchange, "shield", e.shooter, str(target)))
    return out


def tired(state: Battle, check: dict[str, Any] | None) -> Battle:
    """An extra fatigue check's result (5.10): the fighter's fatigue."""
    if not check:
        return state
    return state.with_fighter(replace(state.fighter(check["fighter"]), fatigue=int(check["fatigue"])))


def on_the_move(state: Battle, fid: str, move: dict[str, Any], x: int) -> Battle:
    """M75-M77: the check's reflex and Acrobatics points, the path moved (a run loses every reflex point, L54), a
    fall's landing lying (M75)."""
    from replay.rulesets.skirmish import pools

    f = state.fighter(fid)
    start = dict(state.moved).get(fid) or (f.cell,)
    f = replace(f, cell=tuple(move["to"]), spent_R=f.spent_R + move["spent_R"],  # type: ignore[arg-type]
                spent_S=f.spent_S + move["spent_S"], stance="lying" if move["landing"] == "lying" else f.stance)
    ran = dict(state.ran)
    if move.get("gait") in ("jog", "sprint"):
        cap_r, _ = pools.caps(f, state.round, x)
        f = replace(f, spent_R=max(f.spent_R, cap_r))
        ran[fid] = move["gait"]
    paths = dict(state.moved)
    if move["path"]:
        paths[fid] = (*start, *(tuple(c) for c in move["path"]))  # type: ignore[assignment]
    return replace(state.with_fighter(f), moved=tuple(paths.items()), ran=tuple(ran.items()))


def guarded(state: Battle, protectors: dict[str, dict[str, Any]]) -> Battle:
    """M83: each guard pays his defence's reflex and skill points and 1 reflex point of activation."""
    for g, d in protectors.items():
        f = state.fighter(g)
        skill = int(d.get("skill") or 0)
        state = state.with_fighter(replace(f, spent_R=f.spent_R + int(d["dice"]) - skill + int(d["activation"]),
                                           spent_S=f.spent_S + skill))
    return state


def knocked(state: Battle, checks: list[dict[str, Any]]) -> Battle:
    """C9: each failed knockout check lays its fighter out, unconscious and lying."""
    for k in checks:
        if k["unconscious"]:
            t = state.fighter(k["fighter"])
            state = state.with_fighter(replace(t, status="unconscious" if t.status != "dead" else t.status,
                                               stance="lying"))
            state = knocked_out(state, k)
    return state


def struck(state: Battle, target: str, defence: dict[str, Any] | None, wound: dict[str, Any] | None,
           shield: dict[str, Any] | None) -> Battle:
    """A target's missile defence paid (M86: reflex and skill; M89/M90: reflex, a dive into cover ends lying), M84's
    screen kept as the shield's cover (C16), the passive shield's loss (5.11, C8) and the wound."""
    from replay.rulesets.skirmish.evolve import wounded

    t = state.fighter(target)
    if defence:
        skill = int(defence.get("skill") or 0)
        t = replace(t, spent_R=t.spent_R + int(defence["dice"]) - skill, spent_S=t.spent_S + skill,
                    stance="lying" if defence.get("lying") else t.stance,
                    spent_extraordinary=t.spent_extraordinary + (1 if defence["maneuver"] == "missile_catch" else 0))
        if defence.get("screen") is not None and t.shield is not None:
            t = replace(t, shield=replace(t.shield, cover=tuple(defence["screen"])))
    if shield and t.shield is not None:
        t = replace(t, shield=replace(t.shield, reliability=t.shield.reliability - shield["reliability_loss"],
                                      state="broken" if shield["broken"] else t.shield.state))
    if wound:
        t = wounded(t, wound)
    return state.with_fighter(t)


def formed(state: Battle, e: Formed) -> Battle:
    from replay.rulesets.skirmish import formation

    fm = Formation(e.commander, tuple(e.members), tuple(tuple(p) for p in e.partners), e.cap, e.size)  # type: ignore[misc]
    for fid in e.members:  # Reflex held to the drill cap for as long as the formation stands (the whole battle)
        state = state.with_fighter(formation.reflex_held(state.fighter(fid), e.cap, state.round))
    return replace(state, formations=(*tuple(x for x in state.formations if x.commander != e.commander), fm))


def throw_back(state: Battle, e: ThrowBack) -> Battle:
    """M88: the caught projectile's throw under way (its target's defence is asked next)."""
    return replace(state, thrown=(e.fighter, e.weapon, e.unexpected), exchange=e.exchange)


def caught(state: Battle, e: Shot, kind: str) -> Battle:
    """M88 (L1159-1161): a target who caught a throwing weapon holds it (an arrow, a bolt or a bullet is not thrown
    back by hand: not kept)."""
    if ranged.weapon(kind)["skill"] != "throwing":
        return state
    defences = [(e.target, e.defence), *((x["target"], x.get("defence")) for x in (e.second, *e.through, *e.grazed)
                                          if x)]
    for target, d in defences:
        if d and d.get("caught"):
            state = replace(state, caught=(*state.caught, (str(target), kind, state.round)))
    return state


def picked_up(state: Battle, e: PickedUp) -> Battle:
    """M50 (L646, A-39): the 3 R spent; on a success the weapon is in his main hand (a ranged one back in use)."""
    f = state.fighter(e.fighter)
    f = replace(f, spent_R=f.spent_R + e.spent_R)
    if e.whole_round:  # L650: picking it up over the round
        return whole_round_pick(state, f, e)
    if e.picked and not e.ranged:
        f = replace(f, weapons=tuple(replace(w, hands=(f.main_hand,), state="ready", location="floor")
                                     if w.id == e.weapon else w for w in f.weapons))
    state = replace(state.with_fighter(f), exchange=e.exchange)
    s = state.shooter(e.fighter)
    if e.picked and e.ranged and s is not None:
        state = state.with_shooter(e.fighter, replace(s, lost=None, lost_at=None))
    return state


def whole_round_pick(state: Battle, f: Any, e: PickedUp) -> Battle:
    """M50 (L650): the weapon being picked up over the round: a melee weapon `drawing`, the ranged one `picking`."""
    if not e.ranged:
        f = replace(f, weapons=tuple(replace(w, state="drawing", location="floor") if w.id == e.weapon else w
                                     for w in f.weapons))
    state = replace(state.with_fighter(f), exchange=e.exchange)
    s = state.shooter(e.fighter)
    if e.ranged and s is not None:
        state = state.with_shooter(e.fighter, replace(s, lost="picking"))
    return state


def in_hand(state: Battle, fid: str, wid: str) -> Battle:
    """M50 (L650): the weapon picked up over the last round is in his hand (a melee one in the main hand)."""
    s = state.shooter(fid)
    if s is not None and s.weapon == wid and s.lost == "picking":
        return state.with_shooter(fid, replace(s, lost=None, lost_at=None))
    f = state.fighter(fid)
    return state.with_fighter(replace(f, weapons=tuple(replace(w, hands=(f.main_hand,), state="ready",
                                                               location="floor") if w.id == wid else w
                                                       for w in f.weapons)))


def fled(state: Battle, e: Fled) -> Battle:
    return replace(state, fled=(*state.fled, e.fighter), exchange=e.exchange)


def field_round_ended(state: Battle, e: FieldRoundEnded) -> Battle:
    for check in e.fatigue.values():
        state = tired(state, check)
    for fid, loss in e.blood_loss.items():
        f = state.fighter(fid)
        state = state.with_fighter(fallen(replace(f, blood_loss=loss, status=e.status.get(fid, f.status)), f.status))
    for fid in e.woke:  # C9: he comes to where he lies
        state = state.with_fighter(replace(state.fighter(fid), status="ok"))
    state = replace(state, knocked_out=tuple(k for k in state.knocked_out if k[1] + k[2] > e.round))
    keep, freed = [], list(state.loose)
    for p in state.pairs:
        if p.id in e.parted:
            freed.extend(p.fight.fighters)
        elif p.id in e.left:
            freed.extend(f for f in p.fight.fighters if f.id in e.left[p.id])
            keep.append(shrink(p, e.left[p.id], e.round))
        else:
            keep.append(p)
    order = {fid: i for i, fid in enumerate(state.roster)}
    loose = tuple(sorted(freed, key=lambda f: order[f.id]))
    return replace(state, loose=loose, pairs=tuple(keep), closed=e.round, exchange=0, parried=())


def shrink(pair: Pair, out: list[str], round_: int) -> Pair:
    """4.4 (our reading): the group without those out; two left are an ordinary pair from the next round, part 1's
    combat initiative opening its round (no holder, no distance yet: 4.2, C12)."""
    fighters = tuple(f for f in pair.fight.fighters if f.id not in out)
    fight = replace(pair.fight, fighters=fighters, declared=(), step=0)
    fight = replace(fight, grapples=tuple(g for g in fight.grapples if not {g["holder"], g["held"]} & set(out)))
    if len(fighters) == 2:  # a grapple of the two left is their pair's (5.8)
        fight = replace(fight, holder=None, distance=None, reroll=False, grapple=next(iter(fight.grapples), None),
                        grapples=())
    return Pair("-".join(f.id for f in fighters), fight, round_ if len(fighters) == 2 else pair.since)


def battle_ended(state: Battle, e: BattleEnded) -> Battle:
    return replace(state, result={"winner": e.winner, "standing": list(e.standing)}, closed=state.round)


HANDLERS = {
    "skirmish.intents": intents, "skirmish.general_initiative": general_initiative,
    "skirmish.field_round": field_round, "skirmish.moved": moved, "skirmish.engaged": engaged,
    "skirmish.joined": joined,
    "skirmish.ranged_stage": stage, "skirmish.shot": shot, "skirmish.formed": formed,
    "skirmish.field_round_ended": field_round_ended, "skirmish.battle_ended": battle_ended, "skirmish.fled": fled,
    "skirmish.picked_up": picked_up, "skirmish.throw_back": throw_back,
}
