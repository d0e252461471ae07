"""Skirmish's missile defences, the last two gaps of issue 9 (L1151-1153): one weapon stops one arrow in an exchange,
whoever shoots it (M87), and a grazing shot's final target whose bare hand parries meets what the grazes left of the
shot (M78 with M87). Given this field, these orders, rolls and choices, this happens."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from eventlog.envelope import Draft
from replay.render import i18n
from replay.render.i18n import UNTRANSLATED
from replay.rulesets.skirmish import battle, battle_check, messages
from replay.rulesets.skirmish import missile_defences as defences
from replay.rulesets.skirmish.model import Weapon
from tests.skirmish.kit import RULESET, Round, asked, payloads, why_stopped
from tests.skirmish.test_ranged_moves import act, roll

HAND = {"maneuver": "weapon_parry_missile", "dice": 4, "weapon": "hand"}


# --- M78 with M87: the final target's bare hand against what the grazes left (L1097, L1153, T-24) ------------------

def grazed_rat(monkeypatch: Any) -> battle.Battle:
    """The grazing field (VSE at (6, 2), MIR at (3, 2) facing away, RAT at (0, 2)) with RAT turned towards VSE, the
    rapier in his right hand, his left hand free, fist-fighting 6."""
    from tests.skirmish.test_ranged_moves import graze_field

    state = graze_field(monkeypatch)
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, facing="E", skills={**rat.skills, "swords": 6, "fist": 6}, weapons=(
        Weapon("rapier", "rapier", ("right",), "one_hand", "ready", None),)))


def graze_at(defence: Any) -> Round:
    """The shot's 6 successes: 6 − 1 (grazing shot) = 5; MIR's arm bought for 1 (4 left), MIR grazed (3 left)."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR", "buys": ["zone:arm"]}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    rnd.choice("RAT", "missile_defence", defence, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 2, 2, 2])  # 6 net
    roll(rnd, "VSE", "shot_zone", [6], "1d6", graze=1)
    return roll(rnd, "VSE", "zone", [3, 3], "2d6-2", graze=1)  # the arm bought: the forearm


def test_m78_the_final_targets_bare_hand_meets_the_successes_the_grazes_left(monkeypatch: Any) -> None:
    """T-24's run: 6 − 1 = 5, − 1 for MIR's arm = 4, − 1 for MIR grazed = 3 come at RAT. His bare hand's 4 (at %6)
    reach those 3 (not the shot's 6): it stops the arrow and the hand takes its damage 6 less the final 4 − 3 = 1."""
    rnd = graze_at(HAND)
    roll(rnd, "RAT", "missile_defence", [9, 8, 7, 6], shooter="VSE")
    stop = rnd.resolve(grazed_rat(monkeypatch))
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert "− 1 (MIR grazed) = 3" in p["why"] and "final = 3 − 4 defence = -1 (RAT)" in p["why"]
    assert "RAT's bare hand stops the projectile (4 against 3, M87)" in p["why"]
    assert p["defence"]["hand_final"] == 1 and "miss" not in p["why"]
    assert "D = 6 − 1 final successes of the parry = 5 (M87, L1153)" in p["why"]
    assert (p["wound"]["zone"], p["wound"]["precise"], p["wound"]["W"]) == ("left_arm", "hand", 5)
    assert stop.state.fighter("RAT").wounds[-1].precise == "hand"


def test_m78_a_bare_hand_short_of_what_the_grazes_left_lets_the_arrow_strike(monkeypatch: Any) -> None:
    """RAT's bare hand's 2 against the 3 left: the arrow strikes him with 3 − 2 = 1 final success, his zone rolled;
    the hand is not struck."""
    rnd = graze_at({**HAND, "dice": 2})
    roll(rnd, "RAT", "missile_defence", [9, 8], shooter="VSE")
    roll(rnd, "VSE", "shot_zone", [1], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [4, 4], "2d6-2", projectile=1)
    stop = rnd.resolve(grazed_rat(monkeypatch))
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    p = p[0]
    assert "final = 3 − 2 defence = 1 (RAT)" in p["why"] and p["final"] == 1
    assert "hand_final" not in p["defence"] and not any("bare hand" in w for w in p["why"])
    assert p["outcome"] == "hit" and p["wound"]["precise"] != "hand"


# --- M87: one weapon stops one arrow in an exchange, whoever shoots it (L1151) -------------------------------------

RAPIER = {"maneuver": "weapon_parry_missile", "dice": 3, "weapon": "rapier"}


def two_archers() -> battle.Battle:
    """VSE at (4, 2) and MIR at (5, 3), both short bows aimed at RAT at (0, 2), who faces them: the SAMPLE rapier in
    his right hand (an arrow parried at %7), his left hand free (%6), swords and fist-fighting 6, Reflex 5."""
    from tests.skirmish.test_ranged_moves import ARCHER, field

    mir = {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": [5, 3], "facing": "W",
           "skills": ARCHER, "ranged": {"weapon": "short_bow", "ammo": 4}}
    state = field(4, more=[mir])
    s = state.shooter("MIR")
    assert s is not None
    state = replace(state.with_shooter("MIR", replace(s, stage="aimed")), chain=(("VSE", 3), ("MIR", 2), ("RAT", 1)))
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, skills={**rat.skills, "swords": 6, "fist": 6}, weapons=(
        Weapon("rapier", "rapier", ("right",), "one_hand", "ready", None),)))


def volley_at_rat(first: Any = RAPIER, shot: list[int] | None = None, parry: list[int] | None = None) -> Round:
    """Both archers shoot at RAT in exchange 1, VSE first; RAT answers VSE's arrow with `first`; by default the shot
    has 3 successes at the short bow's %5, the parry 3 at %7: the arrow parried."""
    rnd = Round(turn=2)
    for archer in ("VSE", "MIR"):
        act(rnd, archer, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "RAT", act="wait")
    rnd.choice("RAT", "missile_defence", first, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", shot or [10, 9, 8, 2, 2, 2])
    return roll(rnd, "RAT", "missile_defence", parry or [9, 8, 7], shooter="VSE")


def spent_rapier() -> Any:
    """Where the resolution waits after VSE's arrow: RAT's rapier parried it, MIR's arrow asks his defence."""
    stop = volley_at_rat().resolve(two_archers())
    assert payloads(stop, "shot")[0]["outcome"] == "miss", why_stopped(stop)
    assert ("RAT", "missile_defence", {"exchange": 1, "shooter": "MIR"}) in asked(stop)
    return stop


def test_m87_a_weapon_that_parried_an_arrow_is_refused_against_another_archers_arrow_in_that_exchange() -> None:
    stop = spent_rapier()
    assert stop.state.parried == (("RAT", 1, "rapier", "VSE", "RAT"),)
    draft = Draft("choice", {"name": "missile_defence", "value": RAPIER, "exchange": 1, "shooter": "MIR"}, turn=2,
                  actor="RAT")
    assert battle_check.check(stop.state, stop.requests, draft, RULESET.options()) == [
        "condition_failed (5.4.7 M87): one weapon stops one arrow (L1151): RAT's rapier already parried VSE's arrow in "
        "exchange 1"]
    hand = {"maneuver": "weapon_parry_missile", "dice": 2, "weapon": "hand"}  # 3R paid, 2R left of Reflex 5
    assert battle_check.check(stop.state, stop.requests, replace(draft, payload={**draft.payload, "value": hand}),
                              RULESET.options()) == []
    rnd = volley_at_rat()
    rnd.choice("RAT", "missile_defence", RAPIER, exchange=1, shooter="MIR")  # posted ahead: the resolution refuses it
    assert "RAT's defence against MIR's shot at seq 17: condition_failed (5.4.7 M87): one weapon stops one arrow " \
        "(L1151): RAT's rapier already parried VSE's arrow in exchange 1" in str(rnd.resolve(two_archers()).error)
    rat = stop.state.fighter("RAT")
    assert defences.spent_problems(stop.state, rat, "rapier", 2) == [  # the next exchange: no other defence (L559)
        "weapon_used_for_parry_this_round (4.7.6, L559): RAT's rapier parried VSE's arrow in exchange 1: no other "
        "defence with it this round"]


def test_m87_the_request_names_the_spent_weapon_and_offers_no_weapon_parry_with_none_left() -> None:
    stop = spent_rapier()
    request = next(r for r in stop.requests if r.name == "missile_defence")
    assert "weapon_parry_missile" in request.options  # the bare left hand is left
    assert str(request.what).endswith("(M84-M90); RAT's rapier parried VSE's arrow in exchange 1: no other defence "
                                      "with it this round (M87, L1151, L559)")
    both = replace(stop.state, parried=(("RAT", 1, "rapier", "VSE", "RAT"), ("RAT", 1, "hand", "MIR", "RAT")))
    rat = both.fighter("RAT")
    assert defences.parriers(stop.state, rat) == ["hand"] and defences.parriers(both, rat) == []
    assert "weapon_parry_missile" not in defences.defence_options(both, "RAT")  # nor in exchange 2 (L559)
    assert defences.defence_problems(both, "RAT", {**RAPIER, "weapon": "hand", "dice": 1}, 1, "MIR") == [
        "condition_failed (5.4.7 M87): one weapon stops one arrow (L1151): RAT has no bare hand left that has not "
        "parried an arrow this round (MIR's arrow in exchange 1)"]


def test_m87_the_other_bare_hand_parries_the_second_archers_arrow_and_takes_it() -> None:
    """RAT with both hands bare: his right (main) hand parries VSE's arrow, which rolled no success (a miss, the hand
    spent all the same); against MIR's arrow (3 successes) his left hand's 3 at %6 reach them: the arrow strikes the
    left hand, its damage less 3 − 3 = 0."""
    state = two_archers()
    state = state.with_fighter(replace(state.fighter("RAT"), weapons=()))
    bare = {"maneuver": "weapon_parry_missile", "dice": 2, "weapon": "hand"}
    rnd = volley_at_rat(bare, [2, 2, 2, 2, 2, 2], [9, 8])
    stop = rnd.resolve(state)
    first = payloads(stop, "shot")[0]
    assert first["outcome"] == "miss" and "hand_final" not in first["defence"]
    assert stop.state.parried == (("RAT", 1, "hand", "VSE", "RAT"),)
    assert defences.hands_left(stop.state, stop.state.fighter("RAT")) == ["left"]
    assert defences.defence_problems(stop.state, "RAT", {**bare, "dice": 3, "second": {"weapon": "hand", "dice": 1}},
                                     1, "MIR", pair=True) == [
        "condition_failed (5.4.7 M87): one weapon stops one arrow (L1151): RAT has no bare hand left that has not "
        "parried an arrow this round (VSE's arrow in exchange 1)"]  # two bare hands against a double shot: one spent
    rnd.choice("RAT", "missile_defence", {**bare, "dice": 3}, exchange=1, shooter="MIR")  # 3R left of Reflex 5
    roll(rnd, "MIR", "shot", [10, 9, 8, 2, 2, 2])
    roll(rnd, "RAT", "missile_defence", [9, 8, 7], shooter="MIR")
    roll(rnd, "RAT", "knockout", [9, 9, 9, 9, 9], shooter="MIR")
    stop = rnd.resolve(state)
    shots = payloads(stop, "shot")
    assert len(shots) == 2, why_stopped(stop)
    mir = shots[1]
    assert mir["defence"]["hand_final"] == 0
    assert "RAT's bare left hand parries: the projectile strikes the hand, its damage less the parry's final 0 (M87, " \
        "L1153)" in mir["why"]
    assert (mir["wound"]["zone"], mir["wound"]["precise"]) == ("left_arm", "hand")
    assert stop.state.parried == (("RAT", 1, "hand", "VSE", "RAT"), ("RAT", 1, "hand", "MIR", "RAT"))


def test_m83_a_guards_weapon_that_parried_an_arrow_for_his_ally_is_spent_for_that_exchange() -> None:
    """Gleb guards Yaropolk in front with the SAMPLE rapier (%7; from the flank %8 would be refused) and parries
    Ladimir's arrow: the rapier is spent in exchange 1, for his own defence and for guarding again alike."""
    from tests.skirmish.test_bodyguard import GLB, escort, volley

    state = escort({**GLB, "cell": [4, 2]}, crowd=False)
    glb = state.fighter("GLB")
    state = state.with_fighter(replace(glb, skills={**glb.skills, "swords": 6}, weapons=(
        Weapon("rapier", "rapier", ("right",), "one_hand", "ready", None),)))
    rnd = volley({"GLB": RAPIER}, {"reflex": 0, "skill": 3})
    roll(rnd, "LAD", "shot", [10, 9, 8])  # 3 at the short bow's %5
    roll(rnd, "GLB", "protect_ally", [9, 8, 7], shooter="LAD", target="YAR")
    stop = rnd.resolve(state)
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    assert p[0]["protectors"]["GLB"]["weapon"] == "rapier" and p[0]["outcome"] == "miss"
    assert stop.state.parried == (("GLB", 1, "rapier", "LAD", "YAR"),)
    spent = ["condition_failed (5.4.7 M87): one weapon stops one arrow (L1151): GLB's rapier already parried LAD's "
             "arrow at YAR in exchange 1"]
    assert defences.defence_problems(stop.state, "GLB", RAPIER, 1, "LAD") == spent
    assert defences.protect_problems(stop.state, "GLB", "YAR", "LAD", RAPIER, 1) == spent
    assert defences.spent_problems(stop.state, stop.state.fighter("GLB"), "rapier", 2) == [  # L559
        "weapon_used_for_parry_this_round (4.7.6, L559): GLB's rapier parried LAD's arrow at YAR in exchange 1: no "
        "other defence with it this round"]


def test_m87_the_spent_weapons_survive_the_json_state_and_the_round_end_clears_them() -> None:
    state = replace(two_archers(), parried=(("RAT", 1, "rapier", "VSE", "RAT"), ("RAT", 2, "hand", "MIR", "RAT")))
    raw = json.loads(json.dumps(battle.state_to_json(state)))
    assert raw["parried"] == [["RAT", 1, "rapier", "VSE", "RAT"], ["RAT", 2, "hand", "MIR", "RAT"]]
    assert battle.state_from_json(raw).parried == state.parried
    assert "parried" not in battle.state_to_json(two_archers())  # none: omitted
    ended = battle.state_from_json(raw)
    from replay.rulesets.skirmish import battle_events

    ended = battle_events.field_round_ended(ended, battle_events.FieldRoundEnded(
        round=2, why=[], rule=[], blood_loss={}, status={}))
    assert ended.parried == ()


def test_m87_one_weapon_one_arrow_reads_in_russian() -> None:
    said = i18n.chain("ru", (RULESET,)).say(
        "condition_failed (5.4.7 M87): one weapon stops one arrow (L1151): RAT's rapier already parried VSE's arrow "
        "in exchange 1", "ru")
    assert said.endswith("одним оружием можно отбить лишь одну стрелу (L1151): RAT уже парировал оружием «рапира» "
                         "стрелу VSE в обмене 1"), said
    assert messages._problem("one weapon stops one arrow (L1151): RAT has no bare hand left that has not parried an "
                             "arrow this round (VSE's arrow in exchange 2)") == \
        "одним оружием можно отбить лишь одну стрелу (L1151): у RAT не осталось свободной руки, ещё не парировавшей " \
        "стрелу в этом раунде (стрелу VSE в обмене 2)"
    what = str(spent_rapier().requests[0].what)
    assert str(messages._request(what)).endswith(
        "; RAT парировал оружием «рапира» стрелу VSE в обмене 1: других защит им в этом раунде нет (M87, L1151, L559)")
    hand = what.replace("RAT's rapier", "RAT's bare hand")
    assert str(messages._request(hand)).endswith("; RAT парировал голой рукой стрелу VSE в обмене 1: других защит ею "
                                                 "в этом раунде нет (M87, L1151, L559)")


ROOT = Path(__file__).resolve().parents[2]


def two_at_yaropolk(tmp_path: Path) -> tuple[str, str]:
    """The shipped `skirmishers` fight up to its first round's second exchange, with Vseslav's jump shot turned on
    Yaropolk, who parries it with his rapier (3 successes at %7 against the shot's 2): Zoryana's throw at him is
    next, and the resolution waits for his defence."""
    lines = (ROOT / "fixtures" / "skirmish" / "hand" / "skirmishers.jsonl").read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines[:26]:
        e = json.loads(line)
        p = e["payload"]
        if e["type"] == "order" and e["actor"] == "VSE" and e["turn"] == 1 and p.get("exchange") == 2:
            p["shoot"]["target"] = "YAR"
        elif e["type"] == "choice" and e["actor"] == "BOR" and p.get("exchange") == 2:
            e["actor"], e["payload"] = "YAR", {"name": "missile_defence", "value": RAPIER_YAR, "exchange": 2,
                                               "shooter": "VSE"}
        elif e["type"] == "roll" and e["actor"] == "BOR" and p.get("exchange") == 2:
            e["actor"], e["payload"] = "YAR", {"dice": "4d10", "purpose": "missile_defence", "result": [9, 8, 7, 7],
                                               "total": 31, "source": "forum", "exchange": 2, "shooter": "VSE"}
        out.append(json.dumps(e, ensure_ascii=False))
    path = tmp_path / "two.jsonl"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    db = str(tmp_path / "g.duckdb")
    imported = CliRunner().invoke(main, ["--db", db, "import", str(path)])
    assert imported.exit_code == 0, imported.output
    return db, imported.output


RAPIER_YAR = {"maneuver": "weapon_parry_missile", "dice": 2, "skill": 2, "weapon": "rapier"}


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "one weapon stops one arrow (L1151): YAR's rapier already parried VSE's arrow in exchange 2"),
    ("ru", "одним оружием можно отбить лишь одну стрелу (L1151): YAR уже парировал оружием «рапира» стрелу VSE в "
           "обмене 2")])
def test_m87_choose_refuses_the_spent_rapier_naming_the_rule_and_appends_nothing(tmp_path: Path, lang: str,
                                                                                 said: str) -> None:
    db, waiting = two_at_yaropolk(tmp_path)
    assert "waiting for YAR: YAR's defence against ZOR's shot" in waiting
    assert "YAR's rapier parried VSE's arrow in exchange 2: no other defence with it this round (M87, L1151, L559)" \
        in waiting
    assert "(none, missile_dodge, missile_slip)" in waiting  # his dagger sheathed, fist-fighting under 6: no parry
    state = CliRunner().invoke(main, ["--db", db, "state", "skirmish-skirmishers", "--json"]).output
    assert json.loads(state[state.index("{"):])["parried"] == [["YAR", 2, "rapier", "VSE", "YAR"]]
    before = CliRunner().invoke(main, ["--db", db, "log", "skirmish-skirmishers"]).output
    out = CliRunner().invoke(main, ["--db", db, "--lang", lang, "choose", "skirmish-skirmishers", "missile_defence",
                                    json.dumps(RAPIER_YAR), "--json", "--actor", "YAR", "--field", "exchange=2",
                                    "--field", "shooter=ZOR"])
    assert out.exit_code == 2 and said in out.output and "M87" in out.output, out.output
    assert "Traceback" not in out.output and UNTRANSLATED["ru"] not in out.output
    assert CliRunner().invoke(main, ["--db", db, "log", "skirmish-skirmishers"]).output == before
    ok = CliRunner().invoke(main, ["--db", db, "choose", "skirmish-skirmishers", "missile_defence",
                                   '{"maneuver": "missile_dodge", "dice": 1}', "--json", "--actor", "YAR", "--field",
                                   "exchange=2", "--field", "shooter=ZOR"])
    assert ok.exit_code == 0, ok.output
