"""Bodyguards against a shot (5.6.5, L981): «в случае, если цель закрывают телохранители, они могут блокировать
направленные в него снаряды или прикрывать его своим телом, делая броски соответствующих маневров (штраф
сохраняется)». A guard beside the target blocks with a defence (M83) or covers him with his body (`body_cover`): a
Reflex roll at %5 (+1 from the flank), 1 reflex point of activation; a success takes the hit in the target's place
with the shot's final successes, the crowd's penalty kept. And the small things of the field: the acts a field request
lists, a flight's badge in the legend. Given this field, these orders, rolls and choices, this happens."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from eventlog.envelope import Draft
from replay.context import Request
from replay.render import i18n
from replay.render import svg as S
from replay.rulesets.skirmish import battle, battle_check, field_frame, messages
from replay.rulesets.skirmish import missile_defences as defences
from replay.rulesets.skirmish.battle_round import open_acts
from tests.skirmish.kit import RULESET, Round, payloads, why_stopped
from tests.skirmish.test_ranged_moves import act, roll

OPTIONS = RULESET.options()
YAR = {"sample": "RAT", "id": "YAR", "name": {"ru": "Ярополк", "en": "Yaropolk"}, "side": "blue", "cell": [3, 2],
       "facing": "E"}
BOR = {"sample": "VSE", "id": "BOR", "name": {"ru": "Борис", "en": "Boris"}, "side": "blue", "cell": [4, 2],
       "facing": "E"}
"""In front of Yaropolk on the line of fire, with the SAMPLE round shield (VSE's) on his left arm."""
GLB = {"sample": "RAT", "id": "GLB", "name": {"ru": "Глеб", "en": "Gleb"}, "side": "blue", "cell": [4, 3],
       "facing": "E"}
"""On Yaropolk's flank (45° off the line of fire from LAD), no shield; 5 reflex points in round 2."""


def escort(*guards: dict[str, Any], crowd: bool = True, stage: str = "prepared") -> battle.Battle:
    """Yaropolk at (3, 2) with his guards; Ladimir at (9, 2) with a short bow at `stage`; a crowd in the column x = 6
    between them (one rank on the line of fire)."""
    terrain = [{"cell": [6, y], "flags": ["crowd"]} for y in range(6)] if crowd else []
    lad = {"sample": "VSE", "id": "LAD", "side": "red", "cell": [9, 2], "facing": "W",
           "skills": {"swords": 4, "bows": 4}, "ranged": {"weapon": "short_bow", "ammo": 4}}
    state = RULESET.initial({"field": {"grid": "square", "width": 12, "height": 6, "terrain": terrain},
                             "fighters": [YAR, *guards, lad]}, OPTIONS)
    assert isinstance(state, battle.Battle)
    s = state.shooter("LAD")
    assert s is not None
    return replace(state.with_shooter("LAD", replace(s, stage=stage)), chain=(("LAD", 2),), round=2)


def volley(guard_answers: dict[str, Any], dice: dict[str, int]) -> Round:
    """LAD shoots at YAR in exchange 1; YAR does not defend; each guard answers as given."""
    rnd = Round(turn=2)
    act(rnd, "LAD", act="shoot", target="YAR", dice=dice)
    for fid in ("YAR", *guard_answers):
        act(rnd, fid, act="wait")
    rnd.choice("YAR", "missile_defence", "none", exchange=1, shooter="LAD")
    for g, answer in guard_answers.items():
        rnd.choice(g, "protect_ally", answer, exchange=1, shooter="LAD", target="YAR")
    return rnd


def done(stop: Any) -> bool:
    """Exchange 1 resolved: nothing failed, only exchange 2's acts are asked."""
    return stop.error is None and all(r.key_dict.get("exchange") == 2 for r in stop.requests)


def struck_rolls(rnd: Round) -> Round:
    """The hit's rolls (the shooter's): the arm (1d6 4), the forearm (2d6−2 = 5), penetration 5."""
    roll(rnd, "LAD", "shot_zone", [4], dice="1d6")
    roll(rnd, "LAD", "zone", [4, 3], dice="2d6-2")
    return roll(rnd, "LAD", "penetration", [5], dice="1d6")


# --- the body cover (L981) -----------------------------------------------------------------------------------------

def test_l981_a_body_cover_that_succeeds_takes_the_hit_with_the_crowds_penalty_kept() -> None:
    rnd = volley({"GLB": {"maneuver": "body_cover", "dice": 2}}, {"reflex": 0, "skill": 3})
    roll(rnd, "LAD", "shot", [10, 9, 8])
    roll(rnd, "GLB", "protect_ally", [7, 6], shooter="LAD", target="YAR")
    stop = struck_rolls(rnd).resolve(escort(GLB))
    assert done(stop), why_stopped(stop)
    p = payloads(stop, "shot")[0]
    assert "GLB covers YAR with his body from the flank (L981, M83): Reflex %6 (+1 from the flank), 1 reflex point " \
           "of activation" in p["why"]
    assert "GLB body cover 2d %6 [7, 6] → 2 − 0 = 2" in p["why"]
    assert "target in a crowd −1 (one per rank, L972)" in p["why"]  # L981: «штраф сохраняется»
    assert "final = 3 -1 penalties = 2" in p["why"]  # the body cover takes nothing off the shot
    assert "GLB comes between YAR and the shot (body cover, L981): the projectile strikes him with the final 2" \
        in p["why"]
    assert p["final"] == 2 and p["outcome"] == "covered" and p["wound"] is None
    cover = p["body_cover"]
    assert (cover["target"], cover["covers"], cover["final"], cover["outcome"]) == ("GLB", "YAR", 2, "hit")
    assert cover["wound"]["precise"] == "forearm" and cover["to_cell"] == [4, 3]
    assert "L981" in p["rule"] and p["protectors"]["GLB"]["net"] == 2
    gleb, yaropolk = stop.state.fighter("GLB"), stop.state.fighter("YAR")
    assert [w.precise for w in gleb.wounds] == ["forearm"] and yaropolk.wounds == ()
    assert gleb.spent_R == 3  # 2 dice + 1 activation


def test_l981_a_body_cover_without_a_success_leaves_the_shot_to_the_target() -> None:
    rnd = volley({"GLB": {"maneuver": "body_cover", "dice": 2}}, {"reflex": 0, "skill": 3})
    roll(rnd, "LAD", "shot", [10, 9, 8])
    roll(rnd, "GLB", "protect_ally", [5, 3], shooter="LAD", target="YAR")
    stop = struck_rolls(rnd).resolve(escort(GLB))
    assert done(stop), why_stopped(stop)
    p = payloads(stop, "shot")[0]
    assert "GLB does not come between YAR and the shot in time (body cover: no success, L981)" in p["why"]
    assert "body_cover" not in p and p["outcome"] == "hit" and p["wound"]["precise"] == "forearm"
    assert stop.state.fighter("GLB").wounds == () and len(stop.state.fighter("YAR").wounds) == 1
    assert stop.state.fighter("GLB").spent_R == 3  # the points are spent all the same


def test_l981_a_shield_bearer_blocks_and_the_rest_of_the_shot_strikes_the_one_who_covers() -> None:
    rnd = volley({"BOR": {"maneuver": "shield_parry_missile", "dice": 2}, "GLB": {"maneuver": "body_cover", "dice": 2}},
                 {"reflex": 1, "skill": 3})
    roll(rnd, "LAD", "shot", [10, 9, 8, 7])
    roll(rnd, "BOR", "protect_ally", [9, 2], shooter="LAD", target="YAR")
    roll(rnd, "GLB", "protect_ally", [8, 7], shooter="LAD", target="YAR")
    stop = struck_rolls(rnd).resolve(escort(BOR, GLB))
    assert done(stop), why_stopped(stop)
    p = payloads(stop, "shot")[0]
    assert "BOR protects YAR from the front (M83, L1131): shield parry missile %6, 1 reflex point of activation" \
        in p["why"]  # the round shield's parry %5 + 1 (M86), in front: no +1
    assert "final = 4 − 1 defence -1 penalties = 2" in p["why"]  # 4 successes, the shield's 1, the crowd's rank
    assert p["body_cover"]["final"] == 2 and p["body_cover"]["target"] == "GLB"
    assert stop.state.fighter("BOR").spent_R == 3 and stop.state.fighter("GLB").spent_R == 3


def test_l981_a_shot_the_defences_leave_at_zero_strikes_no_one() -> None:
    rnd = volley({"BOR": {"maneuver": "shield_parry_missile", "dice": 2}, "GLB": {"maneuver": "body_cover", "dice": 2}},
                 {"reflex": 0, "skill": 3})
    roll(rnd, "LAD", "shot", [10, 9, 4])
    roll(rnd, "BOR", "protect_ally", [9, 2], shooter="LAD", target="YAR")
    roll(rnd, "GLB", "protect_ally", [8, 7], shooter="LAD", target="YAR")
    stop = rnd.resolve(escort(BOR, GLB))
    assert done(stop), why_stopped(stop)
    p = payloads(stop, "shot")[0]
    assert p["final"] == 0 and p["outcome"] == "miss" and "body_cover" not in p  # 2 − 1 − 1 = 0
    assert stop.state.fighter("GLB").wounds == () and stop.state.fighter("YAR").wounds == ()


def test_l981_of_two_bodies_in_the_way_the_one_with_more_successes_takes_it_at_the_same_distance() -> None:
    state = escort(BOR, GLB)
    from replay.rulesets.skirmish import field as grid

    shooter = state.fighter("LAD").cell
    assert grid.distance(state.grid, state.fighter("BOR").cell, shooter) == \
        grid.distance(state.grid, state.fighter("GLB").cell, shooter)
    cover = {"maneuver": "body_cover"}
    why: list[str] = []
    assert defences.body_cover(state, "LAD", "YAR", {"BOR": {**cover, "net": 1}, "GLB": {**cover, "net": 2}},
                               why) == "GLB"
    assert defences.body_cover(state, "LAD", "YAR", {"BOR": {**cover, "net": 2}, "GLB": {**cover, "net": 2}},
                               why) == "BOR"  # then the roster's order
    assert defences.body_cover(state, "LAD", "YAR", {"BOR": {**cover, "net": 0}}, why) is None
    assert why == ["BOR does not come between YAR and the shot in time (body cover: no success, L981)"]


# --- who may intervene, and the refusals -------------------------------------------------------------------------

def test_l981_the_guards_request_offers_the_body_cover_and_reads_in_russian() -> None:
    rnd = volley({}, {"reflex": 0, "skill": 3})
    act(rnd, "GLB", act="wait")
    stop = rnd.resolve(escort(GLB))
    asked = [r for r in stop.requests if r.name == "protect_ally"]
    assert [(r.actor, r.key_dict) for r in asked] == [("GLB", {"exchange": 1, "shooter": "LAD", "target": "YAR"})]
    assert "body_cover" in (asked[0].options or ()) and asked[0].what.endswith(
        ", or {maneuver: body_cover, dice: n (reflex)} (L981: he takes the hit)")
    said = i18n.request_text(asked[0], "ru", [RULESET])
    assert i18n.UNTRANSLATED["ru"] not in said and "L981: прикрыть телом, приняв попадание на себя" in said


def test_l981_a_guard_behind_the_target_is_not_asked() -> None:
    behind = {**GLB, "cell": [2, 2]}
    assert defences.guards(escort(behind), "LAD", "YAR") == []
    assert defences.guards(escort(GLB), "LAD", "YAR") == ["GLB"]


def test_l981_the_refusals_name_the_rule() -> None:
    state = escort(GLB)

    def refused(value: Any, body: bool = True, guard_state: battle.Battle = state) -> list[str]:
        return defences.protect_problems(guard_state, "GLB", "YAR", "LAD", value, 1, body=body)

    cover = {"maneuver": "body_cover", "dice": 2}
    assert refused(cover) == []
    assert refused(cover, body=False) == [
        "condition_failed (5.6.5 L981): GLB covers YAR with his body only against a plain shot at him alone (no second "
        "projectile, through or grazing shot)"]
    shape = ["condition_failed (5.6.5 L981): body cover is {maneuver: body_cover, dice: n}: n reflex points, 1 at "
             "least, no skill points"]
    assert refused({**cover, "skill": 1}) == shape and refused({**cover, "dice": 0}) == shape
    assert refused({**cover, "dice": 4}) == []
    assert refused({**cover, "dice": 5}) == [
        "cannot_pay (5.4.7 M83): protecting an ally costs 1R of activation besides the 5R of the defence, GLB has 5R"]
    assert refused({"maneuver": "shield_parry_missile", "dice": 1}) == [
        "condition_failed (5.4.7 M86): GLB has no ready shield"]  # no shield for a block
    apart = escort({**GLB, "cell": [0, 5]})
    assert refused(cover, guard_state=apart) == [
        "condition_failed (5.4.7 M83): GLB does not stand beside YAR on the side of the shot or on his flank (L1131)"]
    for problem in (*refused(cover, body=False), *shape, *refused({**cover, "dice": 5}), *refused(cover,
                                                                                                  guard_state=apart)):
        said = i18n.localize(problem, "ru", [RULESET])
        assert not said.startswith(i18n.UNTRANSLATED["ru"]), problem
        rule = problem.split(":")[0].split(" ", 1)[1]  # "(5.6.5 L981)"
        assert said.split(":")[0].endswith(rule) and problem.split(": ", 1)[1] not in said, (problem, said)


def test_l981_at_input_a_body_cover_is_refused_only_where_the_open_request_does_not_offer_it() -> None:
    state = escort(GLB)
    key = (("exchange", 1), ("shooter", "LAD"), ("target", "YAR"))
    draft = Draft("choice", {"name": "protect_ally", "value": {"maneuver": "body_cover", "dice": 2}, "exchange": 1,
                             "shooter": "LAD", "target": "YAR"}, turn=2, actor="GLB")
    plain = Request("choice", "GLB", "protect_ally", key, options=("none", "shield_parry_missile",
                                                                   "weapon_parry_missile", "body_cover"))
    through = replace(plain, options=("none", "shield_parry_missile", "weapon_parry_missile"))
    assert battle_check.check(state, (plain,), draft, OPTIONS) == []
    assert battle_check.check(state, (), draft, OPTIONS) == []  # posted ahead: the resolution checks it when it asks
    assert battle_check.check(state, (through,), draft, OPTIONS) == [
        "condition_failed (5.6.5 L981): GLB covers YAR with his body only against a plain shot at him alone (no second "
        "projectile, through or grazing shot)"]


def test_l981_the_lines_of_a_body_cover_read_in_russian() -> None:
    assert messages.say_why("GLB covers YAR with his body from the flank (L981, M83): Reflex %6 (+1 from the flank), "
                            "1 reflex point of activation") == \
        "GLB защищает YAR своим телом сбоку (L981, M83): Рефлекс %6 (+1 сбоку), активация 1 очко рефлекса"
    assert messages.say_why("GLB body cover 2d %6 [7, 6] → 2 − 0 = 2") == \
        "GLB: прикрытие телом 2к10 %6 [7, 6] → 2 − 0 = 2"
    assert messages.say_why("GLB comes between YAR and the shot (body cover, L981): the projectile strikes him with "
                            "the final 2") == \
        "GLB встаёт между YAR и выстрелом (прикрытие телом, L981): снаряд попадает в него, итог 2"
    assert messages.say_why("GLB does not come between YAR and the shot in time (body cover: no success, L981)") == \
        "GLB не успевает встать между YAR и выстрелом (прикрытие телом: нет успехов, L981)"
    assert messages.say_why("GLB covers his partner YAR with his body (L981; 5.12, L1189): Reflex %5, no "
                            "activation") == \
        "GLB прикрывает своим телом напарника YAR (L981; 5.12, L1189): Рефлекс %5, без активации"


def test_l981_the_body_cover_reads_from_the_guards_words_and_is_said_in_the_post() -> None:
    from replay.rulesets.skirmish import field_parse, orders_said

    rnd = volley({}, {"reflex": 0, "skill": 3})
    act(rnd, "GLB", act="wait")
    stop = rnd.resolve(escort(GLB))
    cover = {"name": "protect_ally", "value": {"maneuver": "body_cover", "dice": 2}, "exchange": 1, "target": "YAR",
             "shooter": "LAD"}
    for said in ("Защищаю Ярополка от выстрела LAD: прикрываю телом, 2 кубика (2Р)",
                 "Защищаю YAR: закрываю своим телом, 2 кубика (2Р)", "Protect YAR from LAD: body cover, 2 dice (2R)"):
        assert field_parse.defence_choice(said, stop.state, "GLB", stop.requests) == (cover, []), said
    mixed, errors = field_parse.defence_choice("Защищаю YAR: телом, 2 кубика (1Р+1Н)", stop.state, "GLB", stop.requests)
    assert errors == [] and mixed is not None  # read as written; the check refuses the skill point naming L981
    draft = Draft("choice", mixed, turn=2, actor="GLB")
    assert battle_check.check(stop.state, stop.requests, draft, OPTIONS) == [
        "condition_failed (5.6.5 L981): body cover is {maneuver: body_cover, dice: n}: n reflex points, 1 at least, no "
        "skill points"]
    assert orders_said.missile_defence(cover["value"], "ru", None) == "«Прикрытие телом», 2 кубика рефлекса"
    assert orders_said.missile_defence(cover["value"], "en", None) == "“Body cover”, 2 reflex dice"


def test_l981_the_frame_ends_the_projectile_in_the_bodyguard() -> None:
    rnd = volley({"GLB": {"maneuver": "body_cover", "dice": 2}}, {"reflex": 0, "skill": 3})
    roll(rnd, "LAD", "shot", [10, 9, 8])
    roll(rnd, "GLB", "protect_ally", [7, 6], shooter="LAD", target="YAR")
    stop = struck_rolls(rnd).resolve(escort(GLB))
    p = payloads(stop, "shot")[0]
    cells = {f.id: f.cell for f in stop.state.fighters}
    m = field_frame.missile(p, cells, cells["LAD"])
    assert (m.target, m.end, m.outcome, m.body) == ("YAR", (4, 3), "hit", "GLB")
    assert field_frame.shot_lines(m, "en")[:2] == ["shot LAD → YAR: short, a bodyguard took it",
                                                   "  GLB covered YAR with his body: hit"]
    assert field_frame.shot_lines(m, "ru")[1] == "  GLB прикрыл YAR телом: попадание"


# --- the acts a field request lists ----------------------------------------------------------------------------------

def test_a_field_request_lists_exactly_the_acts_open_to_the_fighter() -> None:
    state = escort(BOR, GLB)
    # every one of them could charge an enemy from afar (M16/M25, A-85, A-102): tests/skirmish/test_charge_words.py
    assert open_acts(state, "LAD") == ["move", "aim", "shoot", "wait", "charge"]  # prepared: no draw, no preparation
    assert open_acts(state, "YAR") == ["move", "form", "wait", "charge"]  # no ranged weapon; two comrades to form up
    s = state.shooter("LAD")
    assert s is not None
    dropped = state.with_shooter("LAD", replace(s, lost="dropped", lost_at=(9, 2)))
    assert open_acts(dropped, "LAD") == ["move", "wait", "pick_up", "charge"]  # M50: pick it up first (L950)
    caught = replace(state, caught=(("YAR", "javelin", 2),))
    assert open_acts(caught, "YAR") == ["move", "form", "wait", "throw_back", "charge"]  # M88
    edge = state.with_fighter(replace(state.fighter("YAR"), cell=(0, 2)))
    assert open_acts(edge, "YAR") == ["move", "form", "flee", "wait", "charge"]  # 1.2.6: from the field's edge
    alone = escort()
    assert open_acts(alone, "YAR") == ["move", "wait", "charge"]


def test_the_field_requests_say_their_acts_in_both_languages() -> None:
    state = escort(BOR, GLB)
    s = state.shooter("LAD")
    assert s is not None
    state = state.with_shooter("LAD", replace(s, lost="dropped", lost_at=(9, 2)))
    stop = Round(turn=2).resolve(state)
    what = {r.actor: r.what for r in stop.requests}
    assert what["LAD"] == "act in exchange 1: move, wait, pick_up or charge (5.6, 5.7)"
    assert what["YAR"] == "act in exchange 1: move, form, wait or charge (5.6, 5.7)"
    said = i18n.request_text(next(r for r in stop.requests if r.actor == "LAD"), "ru", [RULESET])
    assert ('действие в обмене 1: "move" (движение), "wait" (ждать), "pick_up" (поднять оружие) или "charge" (атака '
            'издали) (5.6, 5.7)') in said
    assert i18n.UNTRANSLATED["ru"] not in said


def test_the_dead_m50_message_is_gone() -> None:
    assert not any("picking up is NOT YET" in english for english, _ in messages.PROBLEMS)


# --- the legend's badges ------------------------------------------------------------------------------------------

def test_a_badge_in_the_legend_is_outlined_as_the_board_outlines_it() -> None:
    def shown(*outcomes: str) -> Any:
        flights = tuple(field_frame.Flight("stray", "S", (0, 0), (1, 1), o) for o in outcomes)
        return SimpleNamespace(shots=[SimpleNamespace(flights=flights)])

    assert field_frame.badge_colour(shown("miss"), "stray") == S.MUTED == field_frame.shot_colour("miss")
    assert field_frame.badge_colour(shown("hit"), "stray") == S.ORANGE == field_frame.shot_colour("hit")
    assert field_frame.badge_colour(shown("miss", "hit"), "stray") == S.ORANGE
    assert field_frame.badge_colour(shown("miss"), "through") == S.ORANGE  # no flight of that kind: the hit's colour
    assert field_frame.badge_colour(None, "stray") == S.ORANGE
