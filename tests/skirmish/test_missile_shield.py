"""Skirmish's shield after it parried an arrow (M86 with L559, L1147): «Щит или оружие, используемое для парирования,
нельзя использовать для других защитных маневров в этом раунде». A shield parry is a parry: its shield makes no other
defence that round (no new shield parry, as a target or as a guard, in a later exchange or in the same one), while its
one parry still answers several arrows of its exchange from its side with the successes it kept (L1147). A block is no
parry and M84's screen is passive cover: neither is locked (PROPOSED). Given this field, these orders, rolls and
choices, this happens."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft
from replay.render import i18n
from replay.render.i18n import UNTRANSLATED
from replay.rulesets.skirmish import battle, battle_check, check
from replay.rulesets.skirmish import missile_defences as defences
from replay.rulesets.skirmish.model import Declared, Shield
from tests.skirmish import test_missile_round as missile_round
from tests.skirmish.kit import RULESET, Round, asked, payloads, why_stopped
from tests.skirmish.test_missile_once import RAPIER, two_archers
from tests.skirmish.test_ranged_moves import act, roll

SHIELD_PARRY = {"maneuver": "shield_parry_missile", "dice": 2, "skill": 1}
SPENT_X1 = "RAT's shield parried VSE's arrow in exchange 1: no other defence with it this round"


def shielded() -> battle.Battle:
    """`two_archers` with the SAMPLE round shield on RAT's left arm (its parry %5, an arrow's %6; one passive zone
    and the arm: two arrows at most, L1147), the rapier in his right hand."""
    state = two_archers()
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, shield=Shield("round_shield", "round_shield", "left", 6, "ready", (),
                                                         False)))


def two_exchanges() -> Round:
    """VSE's arrow at RAT in exchange 1, parried by RAT's shield (3 successes at %6 against the shot's 3); MIR's
    arrow at RAT in exchange 2."""
    return missile_round.two_exchanges(SHIELD_PARRY)


def at_mir() -> Any:
    """Where the resolution waits in exchange 2: RAT's defence against MIR's arrow."""
    return missile_round.at_mir(shielded(), SHIELD_PARRY)


def answer(stop: Any, value: Any) -> list[str]:
    draft = Draft("choice", {"name": "missile_defence", "value": value, "exchange": 2, "shooter": "MIR"}, turn=2,
                  actor="RAT")
    return battle_check.check(stop.state, stop.requests, draft, RULESET.options())


# --- L559: the shield that parried an arrow makes no other defence this round ------------------------------------

def test_l559_a_shield_that_parried_an_arrow_in_exchange_1_parries_no_arrow_in_exchange_2() -> None:
    stop = at_mir()
    assert stop.state.parried == (("RAT", 1, "shield", "VSE", "RAT"),)  # the state says what is locked
    assert answer(stop, SHIELD_PARRY) == [f"weapon_used_for_parry_this_round (4.7.6, L559): {SPENT_X1}"]
    assert answer(stop, {**RAPIER, "dice": 2}) == []  # his rapier has parried nothing
    assert answer(stop, {"maneuver": "missile_dodge", "dice": 1}) == []  # an evasion needs no shield
    assert answer(stop, {"screen": ["upper_torso"]}) == []  # M84: passive cover, no parry (PROPOSED)
    assert answer(stop, {"maneuver": "missile_dodge", "dice": 1, "screen": ["upper_torso"]}) == []


def test_l559_the_request_names_the_spent_shield_and_offers_no_shield_parry() -> None:
    stop = at_mir()
    request = next(r for r in stop.requests if r.name == "missile_defence")
    assert str(request.what).endswith(f"(M84-M90); {SPENT_X1} (M86, L1147, L559)")
    assert "shield_parry_missile" not in request.options
    assert {"missile_dodge", "weapon_parry_missile"} <= set(request.options)
    fresh = Round(turn=2)
    act(fresh, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(fresh, "MIR", act="wait")
    act(fresh, "RAT", act="wait")
    ask = next(r for r in fresh.resolve(shielded()).requests if r.name == "missile_defence")
    assert "shield_parry_missile" in ask.options and "shield parried" not in str(ask.what)


def test_l559_the_engine_refuses_a_recorded_shield_parry_in_exchange_2_naming_the_rule_and_the_arrow() -> None:
    rnd = two_exchanges()
    seq = rnd.seq + 1
    rnd.choice("RAT", "missile_defence", SHIELD_PARRY, exchange=2, shooter="MIR")
    assert rnd.resolve(shielded()).error == (
        f"turn 2: RAT's defence against MIR's shot at seq {seq}: weapon_used_for_parry_this_round (4.7.6, L559): "
        f"{SPENT_X1}")


# --- L1147: one parry against several arrows from one side, still; a second parry of the exchange refused -----

def both_at_rat(allocated: int) -> Round:
    """Both archers shoot at RAT from the east in exchange 1, VSE first; RAT's shield parries VSE's arrow with 4
    successes (%6), `allocated` of them against it, the rest kept for MIR's."""
    rnd = Round(turn=2)
    for archer in ("VSE", "MIR"):
        act(rnd, archer, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "RAT", act="wait")
    rnd.choice("RAT", "missile_defence", {"maneuver": "shield_parry_missile", "dice": 3, "skill": 1}, exchange=1,
               shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 8, 2, 2, 2])
    roll(rnd, "RAT", "missile_defence", [9, 8, 7, 6], shooter="VSE")
    rnd.choice("RAT", "parry_allocation", allocated, exchange=1, shooter="VSE")
    return rnd


def test_l1147_the_shields_one_parry_still_answers_the_second_arrow_from_its_side_with_the_kept_successes() -> None:
    rnd = both_at_rat(3)
    stop = rnd.resolve(shielded())
    assert ("MIR", "shot", {"exchange": 1}) in asked(stop), why_stopped(stop)
    assert not any(r.name == "missile_defence" for r in stop.requests)  # the kept success answers MIR's arrow
    roll(rnd, "MIR", "shot", [10, 2, 2, 2, 2, 2])  # 1 success, less the 1 kept: a miss
    stop = rnd.resolve(shielded())
    mir = [p for p in payloads(stop, "shot") if p["shooter"] == "MIR"]
    assert mir and mir[0]["outcome"] == "miss" and mir[0]["defence"]["kept"] == 1, why_stopped(stop)
    assert stop.state.parried[:2] == (("RAT", 1, "shield", "VSE", "RAT"), ("RAT", 1, "shield", "MIR", "RAT"))


def test_l559_with_no_success_kept_the_second_arrow_of_the_exchange_gets_no_new_shield_parry() -> None:
    rnd = both_at_rat(4)
    stop = rnd.resolve(shielded())
    request = next((r for r in stop.requests if r.name == "missile_defence"), None)
    assert request is not None and request.key_dict == {"exchange": 1, "shooter": "MIR"}, why_stopped(stop)
    assert "shield_parry_missile" not in request.options
    seq = rnd.seq + 1
    rnd.choice("RAT", "missile_defence", SHIELD_PARRY, exchange=1, shooter="MIR")
    assert rnd.resolve(shielded()).error == (
        f"turn 2: RAT's defence against MIR's shot at seq {seq}: weapon_used_for_parry_this_round (4.7.6, L559): "
        f"{SPENT_X1}")


# --- M83: a guard's shield ---------------------------------------------------------------------------------------

def test_l559_a_guards_shield_that_parried_for_his_ally_is_spent_for_the_round() -> None:
    """Boris parried Ladimir's arrow at Yaropolk with his shield (M83): the state holds it; in exchange 2 he parries
    with it neither for Yaropolk nor for himself, and the request protect_ally offers him no shield parry."""
    from tests.skirmish.test_bodyguard import BOR, GLB, escort, volley

    rnd = volley({"BOR": {"maneuver": "shield_parry_missile", "dice": 2}, "GLB": {"maneuver": "body_cover", "dice": 2}},
                 {"reflex": 0, "skill": 3})
    roll(rnd, "LAD", "shot", [10, 9, 4])
    roll(rnd, "BOR", "protect_ally", [9, 2], shooter="LAD", target="YAR")
    roll(rnd, "GLB", "protect_ally", [8, 7], shooter="LAD", target="YAR")
    stop = rnd.resolve(escort(BOR, GLB))
    assert stop.error is None, why_stopped(stop)
    assert stop.state.parried == (("BOR", 1, "shield", "LAD", "YAR"),)
    state = replace(stop.state, exchange=2)
    said = ["weapon_used_for_parry_this_round (4.7.6, L559): BOR's shield parried LAD's arrow at YAR in exchange 1: "
            "no other defence with it this round"]
    value = {"maneuver": "shield_parry_missile", "dice": 1}
    assert defences.protect_problems(state, "BOR", "YAR", "LAD", value, 2) == said
    assert defences.defence_problems(state, "BOR", value, 2, "LAD") == said
    assert "shield_parry_missile" not in defences.usual_options(state, "BOR")


def test_m83_the_request_protect_ally_offers_a_shield_parry_only_with_a_shield_that_has_parried_none() -> None:
    """Ladimir's arrow at Yaropolk in exchange 1, parried by Boris's shield (M83); Zar's arrow at Yaropolk in
    exchange 2: Boris is asked to protect him again, with no shield parry offered and the spent shield named; Gleb,
    who has no shield, is offered none in either exchange."""
    from tests.skirmish.test_bodyguard import BOR, GLB, escort

    zar = {"sample": "VSE", "id": "ZAR", "side": "red", "cell": [9, 3], "facing": "W",
           "skills": {"swords": 4, "bows": 4}, "ranged": {"weapon": "short_bow", "ammo": 4}}
    state = escort(BOR, GLB, zar, crowd=False)
    s = state.shooter("ZAR")
    assert s is not None
    state = replace(state.with_shooter("ZAR", replace(s, stage="prepared")), chain=(("LAD", 3), ("ZAR", 2)))
    rnd = Round(turn=2)
    act(rnd, "LAD", act="shoot", target="YAR", dice={"reflex": 0, "skill": 3})
    for fid in ("ZAR", "YAR", "BOR", "GLB"):
        act(rnd, fid, act="wait")
    offered = {r.actor: r.options for r in rnd.resolve(state).requests if r.name == "protect_ally"}
    assert "shield_parry_missile" in offered["BOR"] and "shield_parry_missile" not in offered["GLB"]
    rnd.choice("YAR", "missile_defence", "none", exchange=1, shooter="LAD")
    rnd.choice("BOR", "protect_ally", {"maneuver": "shield_parry_missile", "dice": 2}, exchange=1, shooter="LAD",
               target="YAR")
    rnd.choice("GLB", "protect_ally", "none", exchange=1, shooter="LAD", target="YAR")
    roll(rnd, "LAD", "shot", [10, 9, 4])
    roll(rnd, "BOR", "protect_ally", [9, 8], shooter="LAD", target="YAR")
    act(rnd, "LAD", 2, act="wait")
    act(rnd, "ZAR", 2, act="shoot", target="YAR", dice={"reflex": 0, "skill": 3})
    for fid in ("YAR", "BOR", "GLB"):
        act(rnd, fid, 2, act="wait")
    stop = rnd.resolve(state)
    assert stop.state.parried == (("BOR", 1, "shield", "LAD", "YAR"),), why_stopped(stop)
    asked_now = {r.actor: r for r in stop.requests if r.name == "protect_ally"}
    assert "BOR" in asked_now, why_stopped(stop)
    assert asked_now["BOR"].key_dict == {"exchange": 2, "shooter": "ZAR", "target": "YAR"}
    assert "shield_parry_missile" not in asked_now["BOR"].options
    assert str(asked_now["BOR"].what).endswith("; BOR's shield parried LAD's arrow at YAR in exchange 1: no other "
                                               "defence with it this round (M86, L1147, L559)")


# --- one shot: a grazed target who guards the final target with his shield (M78, M83, M86; L559) ----------------

def test_l559_a_grazed_target_who_guards_the_final_target_parries_with_his_shield_once(monkeypatch: Any) -> None:
    from tests.skirmish.test_missile_round import guard_on_the_line

    state = guard_on_the_line(monkeypatch)
    mir = state.fighter("MIR")
    state = state.with_fighter(replace(mir, shield=Shield("round_shield", "round_shield", "left", 6, "ready", (),
                                                          False)))
    shield = {"maneuver": "shield_parry_missile", "dice": 2}
    for guard_first in (False, True):
        rnd, own, guard = grazed_and_guarding(guard_first, shield, shield)
        if guard_first:
            said = (f"turn 2: MIR's defence against VSE's shot at seq {own}: weapon_used_for_parry_this_round (4.7.6, "
                    f"L559): MIR's shield already parries VSE's arrow at RAT in exchange 1 (seq {guard}): no other "
                    "defence with it this round")
        else:
            said = (f"turn 2: MIR's protection of RAT against VSE's shot at seq {guard}: weapon_used_for_parry_this_"
                    f"round (4.7.6, L559): MIR's shield already parries VSE's arrow in exchange 1 (seq {own}): no "
                    "other defence with it this round")
        assert rnd.resolve(state).error == said


# --- a block is no parry; the shield's melee parry is locked --------------------------------------------------

def test_a_shield_block_locks_nothing_and_a_melee_parry_with_the_shield_locks_it() -> None:
    """L513, L553 «в отличие от блока»: a block is no parry, so a shield that blocked blocks again (M36 stops several
    blows, L535); the shield parries in melee too (L555, L559; tests/skirmish/test_shield_parry.py), and a shield that
    parried blocks no more that round."""
    from tests.skirmish.test_maneuvers import OPTIONS, duel

    state = duel(holder="RAT", distance="medium")
    chop = Declared("RAT", 1, "attack", "chop", {"target": "VSE", "zone": "upper_torso"},
                    {"attack_type": "chop", "weapon": "longsword"})
    vse = state.fighter("VSE")
    blocked = replace(state.with_fighter(replace(vse, used_for_parry=())), round=1, exchange=2, declared=(chop,))
    block = {"exchange": 2, "step": "defence", "maneuver": "shield_block", "weapon": "shield", "dice": {"reflex": 2}}
    assert check.declaration(blocked, "VSE", block, OPTIONS) == []
    parry = {**block, "maneuver": "parry"}
    assert check.declaration(blocked, "VSE", parry, OPTIONS) == []
    parried = blocked.with_fighter(replace(vse, used_for_parry=("shield",)))
    assert check.declaration(parried, "VSE", block, OPTIONS) == [
        "weapon_used_for_parry_this_round (4.7.6, L559): VSE's shield parried this round: no other defence with it"]


# --- Russian ---------------------------------------------------------------------------------------------------

def test_the_shields_refusals_and_request_read_in_russian() -> None:
    say = i18n.chain("ru", (RULESET,)).say
    assert say(f"weapon_used_for_parry_this_round (4.7.6, L559): {SPENT_X1}", "ru") == (
        "щит уже парировал в этом раунде (4.7.6, L559): RAT парировал щитом стрелу VSE в обмене 1: других защит им в "
        "этом раунде нет")
    assert say("turn 2: MIR's protection of RAT against VSE's shot at seq 17: weapon_used_for_parry_this_round "
               "(4.7.6, L559): MIR's shield already parries VSE's arrow in exchange 1 (seq 16): no other defence with "
               "it this round", "ru") == (
        "ход 2: защита MIR, прикрывающего RAT, от выстрела VSE в seq 17: щит уже парировал в этом раунде (4.7.6, "
        "L559): MIR уже парирует щитом стрелу VSE в обмене 1 (seq 16): других защит им в этом раунде нет")
    assert say("weapon_used_for_parry_this_round (4.7.6, L559): BOR's shield parried LAD's arrow at YAR in exchange 1; "
               "MIR's arrow in exchange 1: no other defence with it this round", "ru").endswith(
        "BOR парировал щитом стрелу LAD, летевшую в YAR, в обмене 1; стрелу MIR в обмене 1: других защит им в этом "
        "раунде нет")
    said = str(say(str(at_mir().requests[0].what), "ru"))
    assert said.endswith("; RAT парировал щитом стрелу VSE в обмене 1: других защит им в этом раунде нет (M86, L1147, "
                         "L559)"), said
    assert UNTRANSLATED["ru"] not in said


# --- 4.6: one pool for a target who guards another in one shot ---------------------------------------------------

def grazed_and_guarding(guard_first: bool, own: dict[str, Any], guard: dict[str, Any]) -> tuple[Round, int, int]:
    """VSE's grazing shot through MIR at RAT; RAT makes no defence, MIR answers as the grazed target with `own` and
    as RAT's guard with `guard`, recorded in the order given. Returns the round and the seqs of his defence and his
    protection."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR", "buys": []}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    seqs = {}
    for name in (("protect_ally", "missile_defence") if guard_first else ("missile_defence", "protect_ally")):
        seqs[name] = rnd.seq + 1
        rnd.choice("MIR", name, guard if name == "protect_ally" else own, exchange=1, shooter="VSE",
                   **({"target": "RAT"} if name == "protect_ally" else {}))
    return rnd, seqs["missile_defence"], seqs["protect_ally"]


def overspent(guard_first: bool, dodge: int) -> tuple[Round, int, int]:
    """MIR (6R + 6S) dodges with `dodge` reflex points as the grazed target and parries for RAT with his rapier (2R
    and 1R of activation): `grazed_and_guarding`."""
    return grazed_and_guarding(guard_first, {"maneuver": "missile_dodge", "dice": dodge}, {**RAPIER, "dice": 2})


def test_4_6_a_target_who_guards_another_in_one_shot_pays_both_answers_from_one_pool(monkeypatch: Any) -> None:
    from replay.rulesets.skirmish import pools
    from tests.skirmish.test_missile_round import guard_on_the_line

    state = guard_on_the_line(monkeypatch)
    assert pools.available(state.fighter("MIR"), 2, 1) == (6, 6)
    rnd, own, guard = overspent(guard_first=False, dodge=5)  # 5R, then 2R + 1R: 8R of his 6R
    assert defences.defence_problems(state, "MIR", {"maneuver": "missile_dodge", "dice": 5}, 1, "VSE") == []
    assert defences.protect_problems(state, "MIR", "RAT", "VSE", {**RAPIER, "dice": 2}, 1) == []  # each alone pays
    assert rnd.resolve(state).error == (
        f"turn 2: MIR's protection of RAT against VSE's shot at seq {guard}: cannot_pay (4.6): MIR's answers to VSE's "
        f"shot cost 8R + 0S together (seq {own}, {guard}), MIR has 6R + 6S")
    rnd, own, guard = overspent(guard_first=True, dodge=5)  # the later-recorded answer is the one refused
    assert rnd.resolve(state).error == (
        f"turn 2: MIR's defence against VSE's shot at seq {own}: cannot_pay (4.6): MIR's answers to VSE's shot cost "
        f"8R + 0S together (seq {guard}, {own}), MIR has 6R + 6S")
    rnd, _, _ = overspent(guard_first=False, dodge=3)  # 3R + 3R: the whole pool, paid
    stop = rnd.resolve(state)
    assert stop.error is None and ("VSE", "shot", {"exchange": 1}) in asked(stop), why_stopped(stop)


def test_4_6_the_refusal_of_the_answers_together_reads_in_russian() -> None:
    say = i18n.chain("ru", (RULESET,)).say
    assert say("turn 2: MIR's protection of RAT against VSE's shot at seq 17: cannot_pay (4.6): MIR's answers to VSE's "
               "shot cost 8R + 0S together (seq 16, 17), MIR has 6R + 6S", "ru") == (
        "ход 2: защита MIR, прикрывающего RAT, от выстрела VSE в seq 17: не хватает очков (4.6): ответы MIR на выстрел "
        "VSE вместе стоят 8Р + 0Н (seq 16, 17), у MIR есть 6Р + 6Н")
