"""The target's defences against a shot on the field (spec 5.4.7; SOURCE L1123-1173): the choice `missile_defence` and
its conditions (M84 shield screen, M85 pendulum, M86 shield parry, M87 weapon parry, M88 catch, M89 dodge, M90 slip),
and a comrade's protection (M83). Checked naming the rule; nothing is chosen here for anyone."""

from __future__ import annotations

from functools import partial
from typing import Any

from replay.context import Context, MissingInput, Waiting
from replay.rulesets.skirmish import data, pools, ranged
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish.battle import Battle
from replay.rulesets.skirmish.maneuvers import ranged as moves
from replay.rulesets.skirmish.maneuvers.base import extraordinary_left, problem


def missile_defence(ctx: Context, fid: str, target: str, x: int, why: list[str],
                    tag: dict[str, Any] | None = None, weights: str = "heavy_light",
                    pair: bool = False, answered: dict[tuple[str, str], int] | None = None
                    ) -> tuple[str, int, int, dict[str, Any]] | None:
    """The target's choice `missile_defence` keyed by exchange and shooter, asked before the dice of a target who
    sees the shooter (PROPOSED: the shooter is seen unless behind) and is not in melee: `none`, or {maneuver:
    missile_dodge (M89, %5, into_cover %4 and lying) | missile_slip (M90, %6) | shield_parry_missile (M86, the
    shield's parry +1) | weapon_parry_missile (M87, the weapon's parry of a thrust +2), dice (reflex points), skill
    (M86, M87: skill points), weapon (M87: an id or `hand`), into_cover, screen: [zones] (M84, the shield's passive
    cover for this shot; with or without a maneuver), missile_catch (M88), pendulum (M85: a jogging target, reflex
    dice and Acrobatics as `skill`)}; `weights` is the option `parry_weight_penalty` (M87: the arrow a light weapon,
    A-43). With `pair` (two projectiles of the shot at him, M80/M81) a weapon parry may name `second` {weapon, dice,
    skill}: another weapon (or bare hand) parrying the second projectile with its own roll (M87, L1153). A recorded
    answer the rules refuse stops the resolution naming the rule and its seq (`refuse`); `answered` collects the seq
    of the answer, by (fighter, target), for `one_weapon`. Returns (maneuver, dice, difficulty, extra) or None."""
    state = ctx.state
    t, f = state.fighter(target), state.fighter(fid)
    if t.out or state.pair_of(target) is not None:
        return None
    if grid.behind(state.grid, t.cell, t.facing, f.cell):
        why.append(f"{target} does not see {fid} (behind): no missile defence (M86-M90)")
        return None
    options = ["none", *defence_options(state, target)]
    two = pair and "weapon_parry_missile" in options
    ask = partial(ctx.ask, "missile_defence", actor=target, options=options + ([TWO_WEAPONS] if two else []),
                  default="none", accept=lambda v: not defence_problems(state, target, v, x, fid, weights, pair),
                  exchange=x, shooter=fid, **(tag or {}))
    used = spent_words(state, target)
    refuse(ctx, "missile_defence", target, target, f"{target}'s defence against {fid}'s shot", answered,
           lambda v: defence_problems(state, target, v, x, fid, weights, pair), exchange=x, shooter=fid, **(tag or {}))
    if two:  # M87 (L1153): two projectiles of the shot at him
        value, _ = ask(what=f"{target}'s defence against {fid}'s shot: none, or {{maneuver: missile_dodge|"
                            "missile_slip|shield_parry_missile|weapon_parry_missile|missile_catch|pendulum, dice: n "
                            "(reflex), skill: n (M85-M87), weapon: id (M87), into_cover: true|false, screen: [zones] "
                            "(M84)} (M84-M90); two projectiles at him: a weapon parry's second: {weapon, dice, skill} "
                            f"parries the second with another weapon, its own roll (M87, L1153){used}")
    else:
        value, _ = ask(what=f"{target}'s defence against {fid}'s shot: none, or {{maneuver: missile_dodge|"
                            "missile_slip|shield_parry_missile|weapon_parry_missile|missile_catch|pendulum, dice: n "
                            "(reflex), skill: n (M85-M87), weapon: id (M87), into_cover: true|false, screen: [zones] "
                            f"(M84)}} (M84-M90){used}")
    if value == "none":
        why.append(f"{target} does not defend")
        return None
    extra: dict[str, Any] = {}
    if value.get("screen") is not None:
        extra["screen"] = list(value["screen"])
        why.append(f"{target} screens {', '.join(extra['screen']) or 'only the carrying arm'} with the shield "
                   "(M84, L1135)")
    maneuver = value.get("maneuver")
    if maneuver is None:
        return "shield_screen", 0, 0, extra
    skill = int(value.get("skill") or 0)
    if skill:
        extra["skill"] = skill
    if maneuver == "weapon_parry_missile":
        extra["weapon"] = str(value["weapon"])
        if arrow_weight(state, target, value, weights):
            why.append(arrow_weight_why(state, target, value))
        if value.get("second") is not None:
            extra["second"] = second_parry(state, target, value, weights, why)
    return (str(maneuver), int(value.get("dice") or 0) + skill, defence_difficulty(state, target, value, fid, weights),
            extra)


DEFENCES = ("missile_dodge", "missile_slip", "shield_parry_missile", "weapon_parry_missile", "missile_catch",
            "pendulum")
"""The missile defences a target declares (M85-M90; M84's screen goes with any of them or alone)."""
REFLEX_ONLY = ("missile_dodge", "missile_catch")
"""(Р): paid with reflex points only (M88, M89, L1159-1167)."""
ACROBATIC = {"pendulum": "M85", "missile_slip": "M90"}
"""M85 (L1141), M90 (L1173 «Можно добавлять Акробатику»): reflex dice and Acrobatics points (`skill`, paid from the
skill points, at most the Acrobatics level); M90 otherwise reflex only."""
SKILLED = {"weapon_parry_missile": 6}
"""4.8 (A-23, PROPOSED): the minimum level of the parrying weapon's skill."""


UNEXPECTED = ("missile_dodge", "shield_parry_missile", "weapon_parry_missile")
"""5.7 (L40) against a caught projectile thrown back in the round after the catch (M88, L1161): «Защитой от
неожиданной атаки может быть только Блок, Парирование или Уклонение, но тратить можно только очки Рефлекса» — a
dodge, a shield's or a weapon's parry, reflex points only."""


def unexpected(state: Battle, shooter: str | None) -> bool:
    """The shot under way is a caught projectile thrown back by `shooter` in the round after the catch (M88)."""
    return state.thrown is not None and state.thrown[0] == shooter and state.thrown[2]


def defence_options(state: Battle, target: str) -> list[str]:
    """The missile defences whose conditions the target meets now (L1147, L1151, L559, L1167, L1173); against an
    unexpected throw-back only a dodge or a parry (L40)."""
    if state.thrown is not None and state.thrown[2]:
        return [m for m in usual_options(state, target) if m in UNEXPECTED]
    return usual_options(state, target)


def usual_options(state: Battle, target: str) -> list[str]:
    t = state.fighter(target)
    gait = dict(state.ran).get(target)
    out = []
    if gait != "sprint":
        out.append("missile_dodge")
    out.append("missile_slip")
    if shield_ready(t) and gait is None and not shield_spent(state, target):
        out.append("shield_parry_missile")
    if target not in dict(state.moved) and parriers(state, t):
        out.append("weapon_parry_missile")
    if extraordinary_left(t) >= 1:
        out.append("missile_catch")
    if gait == "jog" and t.load == "light":
        out.append("pendulum")
    return out


def parrying(t: Any, wid: Any) -> Any:
    """M87 (L1153): a weapon in hand, ready, no heavier than medium."""
    w = t.weapon_by_id(str(wid)) if wid is not None else None
    if w is None or not w.hands or w.state != "ready" or data.weapon_type(w.type)["weight"] == "heavy":
        return None
    return w


TWO_WEAPONS = "two_weapons"
"""M87 (L1153 «Одним оружием можно отбить лишь одну стрелу. Если вы используете два оружия, чтобы отбить две стрелы, то
делаются отдельные броски парирования»): offered to a target two projectiles of one shot fly at (M80, M81): the weapon
parry's `second` {weapon, dice, skill} parries the second projectile with another weapon, its own roll."""
HAND = "hand"
"""M87 (L1153 «или даже руками»): `weapon: hand`, a parry with the bare hand."""
SHIELD = "shield"
"""M86 (L1147) with L559 «Щит или оружие, используемое для парирования, нельзя использовать для других защитных маневров
в этом раунде»: what `Battle.parried` names for a shield that parried an arrow."""
HAND_PARRY = 4
"""M87 with the bare hand (PROPOSED): the rulebook prices no parry of the hand; the arm block's %4 (M35, L531), +2
against the piercing projectile."""


def spent(state: Battle, fid: str) -> list[tuple[int, str, str, str]]:
    """M87 (L1151 «Одним оружием можно отбить лишь одну стрелу»; L559 «Щит или оружие, используемое для парирования,
    нельзя использовать для других защитных маневров в этом раунде»): the weapons (`hand`: a bare hand, once for
    each) that parried an arrow this round, at him or (M83) at an ally, whoever shot it, as (exchange, weapon,
    shooter, target). M87 is a parry (its difficulty the parry's, L1151, its weight penalty the parry's, L553), so
    such a weapon makes no other defence this round, another arrow's parry included (4.7.6, as in melee)."""
    return [(k, w, s, t) for i, k, w, s, t in state.parried if i == fid]


def arrow_words(fid: str, shooter: str, target: str, x: int) -> str:
    """Which arrow a weapon of `fid` parried: «VSE's arrow in exchange 1», «LAD's arrow at YAR in exchange 1» (a
    guard's, M83)."""
    return f"{shooter}'s arrow" + ("" if target == fid else f" at {target}") + f" in exchange {x}"


def hands_left(state: Battle, t: Any) -> list[str]:
    """The free hands that have not parried an arrow this round: the k-th bare-hand parry of a round is made with the
    k-th free hand, the main hand first (`free_hands`; L559 read for the hand as for a weapon, PROPOSED)."""
    return free_hands(t)[[w for _, w, _, _ in spent(state, t.id)].count(HAND):]


def parriers(state: Battle, t: Any) -> list[str]:
    """M87 (L1151, L1153, L559): what may still parry an arrow this round: each ready weapon in hand no heavier than
    medium that has not parried yet, and `hand` for each bare hand left (with fist-fighting at 6)."""
    used = {w for _, w, _, _ in spent(state, t.id)}
    out = [w.id for w in t.weapons if parrying(t, w.id) is not None and w.id not in used]
    return out + ([HAND] * len(hands_left(state, t)) if not hand_parry_problems(state, t) else [])


def shield_spent(state: Battle, fid: str) -> list[str]:
    """M86 with L559: the arrows (`arrow_words`) the fighter's shield parried this round, at him or (M83) at an ally.
    A shield parry is a parry (L1143-1147, L551-559), so its shield makes no other defence this round: no new shield
    parry, as a target or as a guard, in a later exchange or in this one; its one parry answers the arrows of its
    exchange from its side only with the successes it kept (L1147, `open_parry`). A block is no parry (L513, L553
    «в отличие от блока») and M84's screen is passive cover, no maneuver (L1135 «Вид пассивной защиты», L213): neither
    is locked (PROPOSED, docs/skirmish.md)."""
    return [arrow_words(fid, s, tg, k) for k, w, s, tg in spent(state, fid) if w == SHIELD]


def shield_spent_problems(state: Battle, t: Any) -> list[str]:
    """M86 with L559 (4.7.6): a shield that parried an arrow this round parries no other (`shield_spent`); the refusal
    names the arrows it parried."""
    arrows = "; ".join(shield_spent(state, t.id))
    if not arrows:
        return []
    return [problem("weapon_used_for_parry_this_round", "4.7.6, L559", f"{t.id}'s shield parried {arrows}: no other "
                    "defence with it this round")]


def spent_problems(state: Battle, t: Any, weapon: Any, x: int, also: Any = None) -> list[str]:
    """M87 (L1151) and L559: `weapon` (with `also`, the first parry's, for the second) has not parried an arrow this
    round; a bare hand needs a free hand that has not (two bare hands, two). In the exchange of that parry the
    refusal names L1151 (one weapon stops one arrow), after it L559 (no other defence this round); both say which
    arrow it parried."""
    used = spent(state, t.id)
    if weapon == HAND:
        if len(hands_left(state, t)) >= (2 if also == HAND else 1):
            return []
        arrows = "; ".join(arrow_words(t.id, s, tg, k) for k, w, s, tg in used if w == HAND)
        if any(k == x for k, w, _, _ in used if w == HAND):
            return [problem("condition_failed", "5.4.7 M87", f"one weapon stops one arrow (L1151): {t.id} has no "
                            f"bare hand left that has not parried an arrow this round ({arrows})")]
        return [problem("weapon_used_for_parry_this_round", "4.7.6, L559", f"{t.id} has no bare hand left that has "
                        f"not parried an arrow this round ({arrows})")]
    hit = next(((k, s, tg) for k, w, s, tg in used if w == str(weapon)), None)
    if hit is None:
        return []
    k, shooter, target = hit
    if k == x:
        return [problem("condition_failed", "5.4.7 M87", f"one weapon stops one arrow (L1151): {t.id}'s {weapon} "
                        f"already parried {arrow_words(t.id, shooter, target, k)}")]
    return [problem("weapon_used_for_parry_this_round", "4.7.6, L559", f"{t.id}'s {weapon} parried "
                    f"{arrow_words(t.id, shooter, target, k)}: no other defence with it this round")]


def spent_words(state: Battle, fid: str) -> str:
    """What a request says of the weapons `fid` parried an arrow with this round (M87, L1151, L559) and of his shield
    (M86, L1147, L559), or nothing."""
    weapons = "".join(f"; {fid}'s " + ("bare hand" if w == HAND else w) + f" parried {arrow_words(fid, s, tg, k)}: "
                      "no other defence with it this round (M87, L1151, L559)" for k, w, s, tg in spent(state, fid)
                      if w != SHIELD)
    arrows = shield_spent(state, fid)
    return weapons + (f"; {fid}'s shield parried {'; '.join(arrows)}: no other defence with it this round (M86, "
                      "L1147, L559)" if arrows else "")


def refuse(ctx: Context, name: str, actor: str, defended: str, what: str,
           answered: dict[tuple[str, str], int] | None, problems: Any, /, **key: Any) -> None:
    """A recorded answer to the choice `name` (keyed by `key`) that the rules refuse stops the resolution with the
    rule it breaks, as the input check names it, and the answer's seq (to be replaced); with none recorded, nothing.
    The answer's seq goes into `answered` under (actor, the fighter he defends)."""
    recorded = ctx.next_choice(name, actor=actor, **key)
    if recorded is None:
        return
    if answered is not None:
        answered[(actor, defended)] = recorded.seq
    found = problems(recorded.payload.get("value"))
    if found:
        raise MissingInput(f"turn {ctx.turn}: {what} at seq {recorded.seq}: " + "; ".join(found))


def one_weapon(ctx: Context, fid: str, x: int, answers: dict[str, Any], guarded: dict[str, dict[str, Any]],
               answered: dict[tuple[str, str], int]) -> None:
    """M87 (L1151 «Одним оружием можно отбить лишь одну стрелу»): within one shot a fighter who is a target and the
    guard (M83) of another target, or the guard of two, parries with one weapon once: all the shot's answers are
    asked at once, before its parries are in the state, so the answer recorded later is refused here, naming the
    earlier one and the arrow it parries. His shield likewise parries once (M86 with L559: a guard's parry is another
    defensive maneuver than his own; a parry of the exchange answering with its kept successes is no new one)."""
    uses = []
    for t, answer in answers.items():
        if answer is not None and answer[0] == "weapon_parry_missile":
            uses += [(t, str(answer[3]["weapon"]), t)] + ([(t, str(answer[3]["second"]["weapon"]), t)]
                                                          if answer[3].get("second") else [])
        elif answer is not None and answer[0] == "shield_parry_missile" and "kept" not in answer[3]:
            uses.append((t, SHIELD, t))
    for t, by in guarded.items():
        uses += [(g, str(d["weapon"]), t) for g, d in by.items() if d.get("maneuver") == "weapon_parry_missile"]
        uses += [(g, SHIELD, t) for g, d in by.items() if d.get("maneuver") == "shield_parry_missile"]
    first: dict[tuple[str, str], tuple[str, int]] = {}
    for g, w, t in sorted(uses, key=lambda u: answered.get((u[0], u[2]), 0)):
        seq = answered.get((g, t), 0)
        if (g, w) in first and first[(g, w)][0] != t and w != HAND:
            t0, seq0 = first[(g, w)]
            what = f"{g}'s defence against {fid}'s shot" if g == t else \
                f"{g}'s protection of {t} against {fid}'s shot"
            if w == SHIELD:
                raise MissingInput(f"turn {ctx.turn}: {what} at seq {seq}: " + problem(
                    "weapon_used_for_parry_this_round", "4.7.6, L559", f"{g}'s shield already parries "
                    f"{arrow_words(g, fid, t0, x)} (seq {seq0}): no other defence with it this round"))
            raise MissingInput(f"turn {ctx.turn}: {what} at seq {seq}: " + problem(
                "condition_failed", "5.4.7 M87", f"one weapon stops one arrow (L1151): {g}'s {w} already parries "
                f"{arrow_words(g, fid, t0, x)} (seq {seq0})"))
        first.setdefault((g, w), (t, seq))


def answer_cost(answer: Any, guard: bool) -> tuple[int, int]:
    """The reflex and skill points one answer to a shot charges (as `battle_events.struck` and `guarded` pay them): a
    target's (maneuver, dice, difficulty, extra) with M87's second weapon, or a guard's protection with its
    activation."""
    if guard:
        skill = int(answer.get("skill") or 0)
        return int(answer["dice"]) - skill + int(answer.get("activation") or 0), skill
    extra = answer[3]
    second = extra.get("second") or {}
    skill = int(extra.get("skill") or 0) + int(second.get("skill") or 0)
    return int(answer[1]) + int(second.get("dice") or 0) - skill, skill


def one_pool(ctx: Context, fid: str, x: int, answers: dict[str, Any], guarded: dict[str, dict[str, Any]],
             answered: dict[tuple[str, str], int]) -> None:
    """4.6 (C1): within one shot a fighter who is a target and the guard (M83) of another target, or the guard of two,
    pays all his answers from one pool, each checked alone against it when asked: in the order they were recorded,
    the first answer that takes the answers' reflex or skill points together beyond what he has is refused here,
    naming the rule, the points and the answers' seqs."""
    by: dict[str, list[tuple[int, str, tuple[int, int]]]] = {}
    for t, answer in answers.items():
        if answer is not None and (t, t) in answered:
            by.setdefault(t, []).append((answered[(t, t)], t, answer_cost(answer, guard=False)))
    for t, protectors in guarded.items():
        for g, d in protectors.items():
            if (g, t) in answered:
                by.setdefault(g, []).append((answered[(g, t)], t, answer_cost(d, guard=True)))
    for g, uses in by.items():
        if len(uses) < 2:
            continue
        avail_r, avail_s = pools.available(ctx.state.fighter(g), ctx.state.round, max(1, x))
        total_r = total_s = 0
        seqs = ""
        for seq, t, (r, s) in sorted(uses):
            total_r, total_s = total_r + r, total_s + s
            seqs += (", " if seqs else "") + str(seq)
            if total_r > avail_r or total_s > avail_s:
                what = f"{g}'s defence against {fid}'s shot" if g == t else \
                    f"{g}'s protection of {t} against {fid}'s shot"
                raise MissingInput(f"turn {ctx.turn}: {what} at seq {seq}: " + problem(
                    "cannot_pay", "4.6", f"{g}'s answers to {fid}'s shot cost {total_r}R + {total_s}S together (seq "
                    f"{seqs}), {g} has {avail_r}R + {avail_s}S"))


def free_hand(t: Any) -> str | None:
    """The hand a bare-hand parry (M87) uses: the main hand if it holds nothing, else the other (PROPOSED)."""
    return next(iter(free_hands(t)), None)


def free_hands(t: Any) -> list[str]:
    """The fighter's hands that hold nothing, the main hand first."""
    held = {h for w in t.weapons for h in w.hands} | ({t.shield.hand} if t.shield is not None
                                                       and t.shield.state == "ready" else set())
    other = "left" if t.main_hand == "right" else "right"
    return [h for h in (t.main_hand, other) if h not in held]


def shield_ready(f: Any) -> bool:
    return f.shield is not None and f.shield.state == "ready"


def arrow_weight(state: Battle, target: str, value: dict[str, Any], weights: str) -> int:
    """M87 (L1153): «стрела считается легким оружием» for the parry's weight penalty (L553): +1 when the parrying
    weapon's weight and light make a pair the option `parry_weight_penalty` counts (A-43: never with heavy_light, the
    weapon being no heavier than medium; +1 for a medium weapon with any_step)."""
    w = parrying(state.fighter(target), value.get("weapon"))
    if w is None:
        return 0
    pair = {data.weapon_type(w.type)["weight"], "light"}
    return int(pair == {"heavy", "light"} if weights == "heavy_light" else len(pair) > 1)


def arrow_weight_why(state: Battle, target: str, value: dict[str, Any]) -> str:
    w = parrying(state.fighter(target), value.get("weapon"))
    assert w is not None
    return (f"+1 difficulty: the arrow counts as a light weapon against {target}'s "
            f"{data.weapon_type(w.type)['weight']} {w.type} (M87, L1153, A-43)")


def defence_difficulty(state: Battle, target: str, value: dict[str, Any], shooter: str | None = None,
                       weights: str = "heavy_light") -> int:
    """M89 %5 (%4 into cover or to the ground), M90 %6, M86 the shield's parry difficulty +1, M87 the weapon's parry
    of a thrust +2 (+1 more when the arrow as a light weapon makes a weight pair under `weights`, A-43)."""
    maneuver = value.get("maneuver")
    if maneuver == "missile_dodge":
        return moves.missile_dodge(bool(value.get("into_cover")), False)
    if maneuver == "missile_slip":
        return moves.missile_slip(False)
    if maneuver == "pendulum":
        return 5  # M85 (L1141, PROPOSED %5)
    if maneuver == "missile_catch":
        tn = catch_difficulty(state, shooter)
        assert tn is not None
        return tn
    if maneuver == "weapon_parry_missile" and value.get("weapon") == HAND:
        return moves.weapon_parry(HAND_PARRY, True)
    if maneuver == "weapon_parry_missile":
        w = parrying(state.fighter(target), value.get("weapon"))
        assert w is not None
        return moves.weapon_parry(int(data.weapon_type(w.type)["defence"]["thrust"]), True) \
            + arrow_weight(state, target, value, weights)
    shield = state.fighter(target).shield
    assert shield is not None
    return moves.shield_parry(int(data.shield_type(shield.type)["defence"]))


def defence_problems(state: Battle, target: str, value: Any, x: int, shooter: str | None = None,
                     weights: str = "heavy_light", pair: bool | None = None) -> list[str]:
    """The target's `missile_defence` answer: its shape, the maneuver's conditions (M84, M86, M89, M90), the reflex
    (and for M86 skill) points it pays; M87's `second` weapon only where `pair` (two projectiles of the shot at him;
    None: not known yet, at input)."""
    if value == "none":
        return []
    if not isinstance(value, dict) or set(value) - {"maneuver", "dice", "skill", "into_cover", "screen", "weapon",
                                                    "second"}:
        return [problem("condition_failed", "5.4.7", "missile_defence is none or {maneuver, dice, skill, "
                        "into_cover, screen, weapon, second}")]
    t = state.fighter(target)
    out = []
    maneuver = value.get("maneuver")
    if maneuver is not None and maneuver not in DEFENCES:
        return [problem("condition_failed", "5.4.7", f"the missile defence is one of {', '.join(DEFENCES)}")]
    if unexpected(state, shooter) and maneuver is not None and maneuver not in UNEXPECTED:
        return [problem("condition_failed", "5.7 L40", "against an unexpected throw-back (M88, L1161) only a dodge, "
                        "a shield parry or a weapon parry")]
    if unexpected(state, shooter) and value.get("skill"):
        return [problem("reflex_only", "5.7 L40", "against an unexpected throw-back (M88, L1161) the defence is "
                        "paid with reflex points only")]
    gait = dict(state.ran).get(target)
    if maneuver == "missile_dodge" and gait == "sprint":
        out.append(problem("condition_failed", "5.4.7 M89", f"{target} sprinted this round: a dodge needs moving at "
                           "most half Speed (L1167)"))
    if maneuver == "shield_parry_missile":
        if not shield_ready(t):
            out.append(problem("condition_failed", "5.4.7 M86", f"{target} has no ready shield"))
        elif shield_spent(state, target):
            out += shield_spent_problems(state, t)
        elif gait is not None:
            out.append(problem("condition_failed", "5.4.7 M86", f"{target} ran this round: a shield parry needs "
                               "moving at most a quarter of Speed (L1147)"))
        elif value.get("screen") is not None:
            out.append(problem("condition_failed", "5.4.7 M84", "a shield that parries gives no passive cover: no "
                               "screen with it (5.11, A-87b)"))
    if maneuver == "weapon_parry_missile":
        out += weapon_parry_problems(state, t, value, weights) or spent_problems(state, t, value.get("weapon"), x)
        if out:
            return out
    if value.get("second") is not None:
        out += second_problems(state, t, value, weights, pair) or spent_problems(
            state, t, value["second"]["weapon"], x, value.get("weapon"))
        if out:
            return out
    if maneuver == "pendulum":
        if gait != "jog":
            return [problem("condition_failed", "5.4.7 M85", f"{target} does not run at half Speed this round: a "
                            "pendulum is woven at a jog (L1141)")]
        if t.load != "light":
            return [problem("condition_failed", "5.4.7 M85", f"{target}'s load is {t.load}: a pendulum needs a light "
                            "load (L1141)")]
    mid = ACROBATIC.get(str(maneuver))
    if mid is not None and int(value.get("skill") or 0) > t.skill("acrobatics"):
        return [problem("condition_failed", f"5.4.7 {mid}", f"{value.get('skill')} Acrobatics points, {target} has "
                        f"{t.skill('acrobatics')}")]
    if maneuver == "missile_catch":
        if catch_difficulty(state, shooter) is None:
            return [problem("condition_failed", "5.4.7 M88", "bullets and cannonballs cannot be caught (L1159)")]
        if extraordinary_left(t) < 1:
            return [problem("cannot_pay", "5.4.7 M88", f"a missile catch costs 1 extraordinary success, {target} "
                            "has none left")]
    n, skill_pts = value.get("dice"), value.get("skill") or 0
    if maneuver is not None and not (isinstance(n, int) and isinstance(skill_pts, int) and n >= 0 and skill_pts >= 0
                                     and n + skill_pts >= 1):
        out.append(problem("cannot_pay", "4.7.9", "a missile defence rolls at least 1 die (dice: reflex points)"))
    elif maneuver is not None:
        if skill_pts and maneuver in REFLEX_ONLY:
            out.append(problem("reflex_only", "5.4.7", f"{maneuver} is paid with reflex points only"))
        avail_r, avail_s = pools.available(t, state.round, max(1, x))
        second = value.get("second") or {}
        n, skill_pts = n + int(second.get("dice") or 0), skill_pts + int(second.get("skill") or 0)
        if n > avail_r or skill_pts > avail_s:
            out.append(problem("cannot_pay", "4.6", f"the defence costs {n}R + {skill_pts}S, {target} has "
                               f"{avail_r}R + {avail_s}S"))
    if value.get("screen") is not None:
        out += screen_problems(t, value["screen"])
    return out


def weapon_parry_problems(state: Battle, t: Any, value: dict[str, Any], weights: str = "heavy_light") -> list[str]:
    """M87 (L1153): a weapon in hand no heavier than medium, not moving this round, its skill at 6 (4.8, PROPOSED),
    the parry of a thrust +2 against the piercing projectile at most %7 (2.2); with `weapon: hand` a free hand and
    fist-fighting at 6 (%6, `HAND_PARRY`)."""
    if value.get("weapon") == HAND:
        return hand_parry_problems(state, t)
    w = parrying(t, value.get("weapon"))
    if w is None:
        return [problem("condition_failed", "5.4.7 M87", f"{t.id} holds no ready weapon {value.get('weapon')} no "
                        "heavier than medium")]
    if t.id in dict(state.moved):
        return [problem("condition_failed", "5.4.7 M87", f"{t.id} moved this round: no weapon parry against a "
                        "missile on the move (L1153)")]
    skill_id = data.weapon_type(w.type)["skill"]
    if t.skill(skill_id) < SKILLED["weapon_parry_missile"]:
        return [problem("skill_too_low", "4.8", f"weapon_parry_missile needs {skill_id} 6, {t.id} has "
                        f"{t.skill(skill_id)}")]
    tn = defence_difficulty(state, t.id, value, weights=weights)
    if tn > 7:
        return [problem("difficulty_above_7", "2.2", f"the weapon parry against a missile is %{tn} (the parry of a "
                        "thrust +2, L1153" + (", +1 the arrow as a light weapon, A-43" if arrow_weight(
                            state, t.id, value, weights) else "") + ")")]
    return []


def second_problems(state: Battle, t: Any, value: dict[str, Any], weights: str, pair: bool | None) -> list[str]:
    """M87 (L1153): the second parrying weapon: only against two projectiles of one shot at him (M80, M81), with a
    weapon parry; {weapon, dice (reflex), skill}, at least 1 die; another weapon than the first (a second bare hand
    needs both hands free), its own conditions."""
    second = value["second"]
    if pair is False:
        return [problem("condition_failed", "5.4.7 M87", "a second parrying weapon only against two projectiles of "
                        "one shot at him (M80, M81; L1153)")]
    if value.get("maneuver") != "weapon_parry_missile":
        return [problem("condition_failed", "5.4.7 M87", "a second parrying weapon only with a weapon parry "
                        "(weapon_parry_missile)")]
    if not isinstance(second, dict) or set(second) - {"weapon", "dice", "skill"} or "weapon" not in second or not all(
            isinstance(second.get(k, 0), int) and not isinstance(second.get(k, 0), bool) and second.get(k, 0) >= 0
            for k in ("dice", "skill")) or int(second.get("dice") or 0) + int(second.get("skill") or 0) < 1:
        return [problem("condition_failed", "5.4.7 M87", "second is {weapon: id or hand, dice: n (reflex), skill: "
                        "n}, at least 1 die")]
    if second["weapon"] == value.get("weapon") and (second["weapon"] != HAND or len(free_hands(t)) < 2):
        return [problem("condition_failed", "5.4.7 M87", f"one weapon parries one projectile (L1153): the second "
                        f"parry is made with another weapon than {value.get('weapon')}")]
    return weapon_parry_problems(state, t, {"maneuver": "weapon_parry_missile", **second}, weights)


def second_parry(state: Battle, target: str, value: dict[str, Any], weights: str, why: list[str]) -> dict[str, Any]:
    """M87 (L1153): the second weapon's parry as the shot counts it: weapon, dice (reflex and skill), skill,
    difficulty."""
    second = {"maneuver": "weapon_parry_missile", **value["second"]}
    skill = int(second.get("skill") or 0)
    if arrow_weight(state, target, second, weights):
        why.append(arrow_weight_why(state, target, second))
    return {"weapon": str(second["weapon"]), "dice": int(second.get("dice") or 0) + skill,
            **({"skill": skill} if skill else {}),
            "difficulty": defence_difficulty(state, target, second, weights=weights)}


def hand_parry_problems(state: Battle, t: Any) -> list[str]:
    """M87 with the bare hand (L1153): a free hand, not moving this round, fist-fighting at 6 (4.8, PROPOSED)."""
    if free_hand(t) is None:
        return [problem("condition_failed", "5.4.7 M87", f"{t.id} has no free hand to parry with (L1153)")]
    if t.id in dict(state.moved):
        return [problem("condition_failed", "5.4.7 M87", f"{t.id} moved this round: no weapon parry against a "
                        "missile on the move (L1153)")]
    level = t.skill("fist")
    if level < SKILLED["weapon_parry_missile"]:
        return [problem("skill_too_low", "4.8", f"weapon_parry_missile with the bare hand needs fist 6, {t.id} has "
                        f"{level}")]
    return []


def catch_difficulty(state: Battle, shooter: str | None) -> int | None:
    """M88 (L1159): %7 for arrows, throwing knives and other hand and short projectiles, %6 medium, %5 long; None
    for bullets and cannonballs (the SAMPLE projectile lengths, data/ranged.json)."""
    s = state.shooter(str(shooter)) if shooter is not None else None
    thrown = state.thrown[1] if state.thrown is not None and state.thrown[0] == shooter else None  # M88 thrown back
    if s is None and thrown is None:
        return 7
    w = ranged.weapon(thrown or s.weapon)  # type: ignore[union-attr]
    return moves.missile_catch(str(w.get("projectile_length", "short")), str(w["projectile"]))


def screen_problems(t: Any, zones: Any) -> list[str]:
    """M84 (L1135, 5.11): a ready shield; the zones it covers besides the carrying arm, at most its passive zones."""
    if not shield_ready(t):
        return [problem("condition_failed", "5.4.7 M84", f"{t.id} has no ready shield")]
    limit = int(data.shield_type(t.shield.type)["passive_zones"])
    if not isinstance(zones, list) or not all(z in data.body()["declared"] for z in zones) or len(zones) > limit:
        return [problem("zone_not_allowed", "5.4.7 M84", f"screen is a list of at most {limit} declared zones "
                        "besides the carrying arm")]
    return []


def protect_side(state: Battle, guard: str, target: str, fid: str) -> str | None:
    """M83 (L1131, PROPOSED reading of «со стороны атаки или сбоку»): where the guard's cell touches the target's,
    seen from the target towards the shooter: `front` within 30° of the line of fire, `flank` up to 120° from it,
    None behind or apart."""
    from math import hypot

    g, t, s = state.fighter(guard), state.fighter(target), state.fighter(fid)
    if g.cell == t.cell and state.partners(guard, target):  # 5.12 (L1189): partners in one cell cover each other
        return "partner"
    if grid.distance(state.grid, g.cell, t.cell) != 1:
        return None
    (tx, ty), (gx, gy), (sx, sy) = (grid.centre(state.grid, c) for c in (t.cell, g.cell, s.cell))
    cos = ((gx - tx) * (sx - tx) + (gy - ty) * (sy - ty)) / max(1e-9, hypot(gx - tx, gy - ty) * hypot(sx - tx, sy - ty))
    return "front" if cos > 0.866 else "flank" if cos >= -0.5 - 1e-9 else None


def guards(state: Battle, fid: str, target: str, x: int = 1) -> list[str]:
    """M83: the target's loose allies able to act (the activation's reflex point and a die to pay) who see the
    shooter and stand in front of him or on his flank."""
    t = state.fighter(target)
    return [g.id for g in state.loose if g.id not in (target, fid) and g.side == t.side and not state.gone(g.id)
            and state.pair_of(g.id) is None and not grid.behind(state.grid, g.cell, g.facing, state.fighter(fid).cell)
            and protect_side(state, g.id, target, fid) is not None and can_guard(state, g, x)]


def can_guard(state: Battle, g: Any, x: int) -> bool:
    avail_r, avail_s = pools.available(g, state.round, max(1, x))
    return avail_r >= 1 and avail_r + avail_s >= 2


PROTECTIONS = ("shield_parry_missile", "weapon_parry_missile")
"""M83 (L1131): any defence but an evasion (M89 dodge and M90 slip are evasions)."""
BODY_COVER = "body_cover"
"""5.6.5 (L981): «…или прикрывать его своим телом, делая броски соответствующих маневров»: a bodyguard covers the
target with his body (Protect ally, M37/M83, applied to a shot: he takes the hit instead)."""
BODY_COVER_DIFFICULTY = 5
"""L981 names no maneuver for the body cover (PROPOSED): a Reflex roll at %5, the missile dodge's off the line of fire
(M89, L1167) made into it, +1 from the flank (M83)."""


def protect_problems(state: Battle, guard: str, target: str, fid: str, value: Any, x: int,
                     weights: str = "heavy_light", body: bool = False) -> list[str]:
    """M83 (L1131): the guard's `protect_ally` answer: a defence that is no evasion, its own conditions (M86, M87),
    1 reflex point of activation on top of its dice, the difficulty +1 from the flank at most %7; with `body` (a plain
    shot at this target) also the body cover (L981)."""
    if value == "none":
        return []
    side = protect_side(state, guard, target, fid) if target in state.roster and fid in state.roster else None
    if side is None:
        return [problem("condition_failed", "5.4.7 M83", f"{guard} does not stand beside {target} on the side of "
                        "the shot or on his flank (L1131)")]
    if isinstance(value, dict) and value.get("maneuver") == BODY_COVER:
        return body_cover_problems(state, guard, target, value, x, side, body)
    if not isinstance(value, dict) or value.get("maneuver") not in PROTECTIONS or "screen" in value \
            or "second" in value:
        return [problem("condition_failed", "5.4.7 M83", "protect_ally is none or a defence that is no evasion: "
                        "{maneuver: shield_parry_missile|weapon_parry_missile, dice, skill, weapon}")]
    if value.get("weapon") == HAND:
        return [problem("condition_failed", "5.4.7 M83", "a bare hand parries only the arrow at its own owner (L1153 "
                        "with L1131, PROPOSED)")]
    out = defence_problems(state, guard, value, x, weights=weights)
    if out:
        return out
    avail_r, _ = pools.available(state.fighter(guard), state.round, max(1, x))
    if int(value.get("dice") or 0) + (0 if side == "partner" else 1) > avail_r:
        out.append(problem("cannot_pay", "5.4.7 M83", f"protecting an ally costs 1R of activation besides the "
                           f"{value.get('dice') or 0}R of the defence, {guard} has {avail_r}R"))
    tn = defence_difficulty(state, guard, value, weights=weights) + (1 if side == "flank" else 0)
    if tn > 7:
        out.append(problem("difficulty_above_7", "2.2", f"the protection is %{tn}"))
    return out


def body_cover_problems(state: Battle, guard: str, target: str, value: dict[str, Any], x: int, side: str,
                        body: bool) -> list[str]:
    """L981 (PROPOSED): a body cover answers a plain shot at this one target (not a second projectile, a through or a
    grazing shot); its dice are reflex points only, 1 at least, with 1 reflex point of activation (none between
    partners, 5.12) on top."""
    if not body:
        return [problem("condition_failed", "5.6.5 L981", f"{guard} covers {target} with his body only against a "
                        "plain shot at him alone (no second projectile, through or grazing shot)")]
    dice_ = value.get("dice")
    if set(value) - {"maneuver", "dice"} or not isinstance(dice_, int) or isinstance(dice_, bool) or dice_ < 1:
        return [problem("condition_failed", "5.6.5 L981", "body cover is {maneuver: body_cover, dice: n}: n reflex "
                        "points, 1 at least, no skill points")]
    avail_r, _ = pools.available(state.fighter(guard), state.round, max(1, x))
    if dice_ + (0 if side == "partner" else 1) > avail_r:
        return [problem("cannot_pay", "5.4.7 M83", f"protecting an ally costs 1R of activation besides the "
                        f"{value.get('dice') or 0}R of the defence, {guard} has {avail_r}R")]
    return []


def protection(ctx: Context, fid: str, target: str, x: int, why: list[str],
               tag: dict[str, Any] | None = None, weights: str = "heavy_light",
               body: bool = False, answered: dict[tuple[str, str], int] | None = None) -> dict[str, dict[str, Any]]:
    """M83 (L1131, T-10): each guard's choice `protect_ally` keyed by exchange, shooter and target, asked before the
    dice with the target's own defence: `none` or a defence that is no evasion; from the flank +1 difficulty. With
    `body` (a plain shot at this target) a guard may cover him with his body instead (L981, `body_cover`); a weapon
    parry is offered only while a weapon of his has parried no arrow this round (M87, L1151, L559), a shield parry only
    with a ready shield that has parried none (M86, L559)."""
    state = ctx.state
    out: dict[str, dict[str, Any]] = {}
    waiting: list[Any] = []
    for g in guards(state, fid, target, x):
        what = f"{g} protects {target} against {fid}'s shot: none, or {{maneuver: shield_parry_missile|" \
               "weapon_parry_missile, dice: n (reflex), skill: n, weapon: id} (M83; 1 reflex point of activation, " \
               "+1 difficulty from the flank)" + (", or {maneuver: body_cover, dice: n (reflex)} (L981: he takes the " \
                                                 "hit)" if body else "") + spent_words(state, g)
        armed = any(w != HAND for w in parriers(state, state.fighter(g)))  # a guard parries with no bare hand
        shielded = shield_ready(state.fighter(g)) and not shield_spent(state, g)  # M86 with L559
        offered = [m for m in PROTECTIONS if m == "weapon_parry_missile" and armed
                   or m == "shield_parry_missile" and shielded]
        try:
            refuse(ctx, "protect_ally", g, target, f"{g}'s protection of {target} against {fid}'s shot", answered,
                   lambda v, g=g: protect_problems(state, g, target, fid, v, x, weights, body), exchange=x,
                   shooter=fid, target=target, **(tag or {}))
            value, _ = ctx.ask("protect_ally", actor=g, options=["none", *offered, *([BODY_COVER] if body else [])],
                               default="none",
                               accept=lambda v, g=g: not protect_problems(state, g, target, fid, v, x, weights, body),
                               what=what, exchange=x, shooter=fid, target=target, **(tag or {}))
        except Waiting as w:
            waiting.extend(w.requests)
            continue
        if value == "none":
            continue
        side = protect_side(state, g, target, fid)
        if value["maneuver"] == BODY_COVER:
            tn = BODY_COVER_DIFFICULTY + (1 if side == "flank" else 0)
            out[g] = {"maneuver": BODY_COVER, "dice": int(value["dice"]), "difficulty": tn, "side": side,
                      "activation": 0 if side == "partner" else 1}
            why.append(f"{g} covers his partner {target} with his body (L981; 5.12, L1189): Reflex %{tn}, no "
                       "activation" if side == "partner" else
                       f"{g} covers {target} with his body from the {side} (L981, M83): Reflex %{tn}"
                       + (" (+1 from the flank)" if side == "flank" else "") + ", 1 reflex point of activation")
            continue
        skill = int(value.get("skill") or 0)
        if value["maneuver"] == "weapon_parry_missile" and arrow_weight(state, g, value, weights):
            why.append(arrow_weight_why(state, g, value))
        tn = moves.protect_ally(defence_difficulty(state, g, value, weights=weights), side == "flank", False)
        assert tn is not None
        out[g] = {"maneuver": str(value["maneuver"]), "dice": int(value.get("dice") or 0) + skill, "difficulty": tn,
                  "side": side, "activation": 0 if side == "partner" else 1, **({"skill": skill} if skill else {}),
                  **({"weapon": str(value["weapon"])} if value.get("weapon") else {})}
        if side == "partner":
            why.append(f"{g} covers his partner {target} (5.12, L1189: two partners in one cell, by the normal rules, "
                       f"without activating Protect ally): {value['maneuver'].replace('_', ' ')} %{tn}, no activation")
            continue
        why.append(f"{g} protects {target} from the {side} (M83, L1131): {value['maneuver'].replace('_', ' ')} %{tn}"
                   + (" (+1 from the flank)" if side == "flank" else "") + ", 1 reflex point of activation")
    if waiting:
        raise Waiting(requests=waiting)
    return out


# --- M86 against several arrows (L1147, CP-29) and the shield's cover lost for the exchange (A-87b) ----------------

def arrow_side(state: Battle, target: str, shooter: str) -> str:
    """M86 (L1147, PROPOSED): the side an arrow comes from, the compass direction from the target to the shooter."""
    return grid.facing_towards(state.grid, state.fighter(target).cell, state.fighter(shooter).cell)


def parry_limit(t: Any) -> int:
    """M86 (L1147): at most as many arrows as the zones the shield covers, its passive zones and the carrying arm
    (C8)."""
    return int(data.shield_type(t.shield.type)["passive_zones"]) + 1 if t.shield is not None else 0


def parries(ctx: Context, target: str, x: int) -> list[dict[str, Any]]:
    """The target's shield parries against the shots of exchange `x` so far (the turn's shot events)."""
    return [d.payload["defence"] for d in ctx.drafts if d.type == "skirmish.shot"
            and d.payload.get("exchange") == x and d.payload.get("target") == target
            and (d.payload.get("defence") or {}).get("maneuver") == "shield_parry_missile"]


def open_parry(ctx: Context, fid: str, target: str, x: int,
               why: list[str]) -> tuple[str, int, int, dict[str, Any]] | None:
    """M86 (L1147, CP-29): a shield parry of this exchange that kept successes for further arrows from the same side
    and has parried fewer arrows than the shield covers zones answers this arrow too: no new roll, no new cost."""
    for d in reversed(parries(ctx, target, x)):
        if d.get("left") is None:
            return None
        side = arrow_side(ctx.state, target, fid)
        if d["left"] <= 0 or d.get("side") != side or d["arrows"] >= d["limit"]:
            return None
        why.append(f"{target}'s shield parry of this exchange answers {fid}'s arrow too: {d['left']} successes kept "
                   "(M86, L1147, CP-29)")
        return "shield_parry_missile", 0, int(d["difficulty"]), {"kept": d["left"], "arrows": d["arrows"] + 1,
                                                                 "limit": d["limit"], "side": side}
    return None


def arrows_coming(ctx: Context, fid: str, target: str, x: int, side: str) -> list[str]:
    """The fighters acting after `fid` in exchange `x` whose orders shoot at `target` from the same side (L1147)."""
    from replay.rulesets.skirmish.battle_round import acting

    order = acting(ctx.state)
    later = order[order.index(fid) + 1:] if fid in order else []
    acts: dict[str, dict[str, Any]] = {}
    for e in ctx.recorded.events:  # a later order of the same actor for the exchange replaces an earlier one
        if e.type == "order" and e.actor in later and e.payload.get("exchange") == x \
                and e.payload.get("stage") == "field":
            acts[str(e.actor)] = e.payload
    out = []
    for actor, p in sorted(acts.items(), key=lambda kv: later.index(kv[0])):
        shot = p if p.get("act") == "shoot" else p.get("shoot") if isinstance(p.get("shoot"), dict) else None
        if shot is not None and shot.get("target") == target and arrow_side(ctx.state, target, actor) == side:
            out.append(actor)
    return out


def share_parry(ctx: Context, fid: str, target: str, x: int, net: int, detail: dict[str, Any],
                why: list[str], tag: dict[str, Any] | None = None, volley: int = 0) -> int:
    """M86 (L1147, CP-29): one parry roll against several arrows from one side, its successes allocated by the
    defender: when more arrows at him from that side are declared later in the exchange and the shield covers more
    zones, the choice `parry_allocation` (keyed by exchange and shooter, and a rapid fire's arrow) says how many go
    against this arrow; the rest are kept for the next. The `volley` arrows a rapid fire may still loose (M82) come
    from the same side. Returns the successes against this arrow."""
    t = ctx.state.fighter(target)
    side = str(detail.get("side") or arrow_side(ctx.state, target, fid))
    arrows, limit = int(detail.get("arrows", 1)), int(detail.get("limit", parry_limit(t)))
    coming = ([fid] if volley > 0 else []) + arrows_coming(ctx, fid, target, x, side) \
        if arrows < limit and net > 0 else []
    if not coming:
        if "kept" in detail:
            detail.update(allocated=net, left=0)
        return net
    value, _ = ctx.ask("parry_allocation", actor=target, options=list(range(net + 1)),
                       what=f"{target}'s shield parry: how many of its {net} successes against {fid}'s arrow (the rest "
                            f"kept for the arrows of {', '.join(coming)} from the same side this exchange; M86, CP-29)",
                       exchange=x, shooter=fid, **(tag or {}))
    allocated = int(value)
    detail.update(allocated=allocated, left=net - allocated, arrows=arrows, limit=limit, side=side)
    why.append(f"{target} sets {allocated} of the parry's {net} successes against {fid}'s arrow, {net - allocated} "
               f"kept for the next arrows from the {side} (M86, CP-29)")
    return allocated


def parried_this_exchange(ctx: Context, target: str, x: int) -> bool:
    """A-87b (5.11): a shield that parried in this exchange gives no passive cover for the rest of it."""
    return bool(parries(ctx, target, x))


def body_cover(state: Battle, fid: str, target: str, protectors: dict[str, dict[str, Any]],
               why: list[str]) -> str | None:
    """L981 (PROPOSED): the bodyguard whose body cover succeeded (1 net success at least) takes the hit instead of the
    target; of several, the projectile meets first the one nearest the shooter (then the one with more successes,
    then the first on the roster)."""
    covering = [g for g, d in protectors.items() if d["maneuver"] == BODY_COVER and d["net"] >= 1]
    for g, d in protectors.items():
        if d["maneuver"] == BODY_COVER and d["net"] < 1:
            why.append(f"{g} does not come between {target} and the shot in time (body cover: no success, L981)")
    if not covering:
        return None
    shooter = state.fighter(fid).cell
    return min(covering, key=lambda g: (grid.distance(state.grid, state.fighter(g).cell, shooter),
                                        -int(protectors[g]["net"]), state.roster.index(g)))
