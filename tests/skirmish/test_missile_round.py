"""Skirmish's weapon parry against missiles for the rest of the round (M87, L559, L1151): a weapon that parried an arrow
makes no other defence that round; a parry posted before the arrow it is spent on is resolved is refused, when the
engine reaches it, naming the rule and the arrow; within one shot a fighter who is a target and a guard parries with
one weapon once. Given this field, these orders, rolls and choices, this happens."""
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
from replay.rulesets.skirmish import battle, battle_check
from replay.rulesets.skirmish import missile_defences as defences
from replay.rulesets.skirmish.model import Weapon
from tests.skirmish.kit import RULESET, Round, asked, payloads, why_stopped
from tests.skirmish.test_missile_once import RAPIER, two_archers
from tests.skirmish.test_ranged_moves import act, roll

ROOT = Path(__file__).resolve().parents[2]
SPENT_X1 = "RAT's rapier parried VSE's arrow in exchange 1: no other defence with it this round"


# --- L559: a weapon that parried an arrow makes no other defence this round ---------------------------------------

def two_exchanges(parry: dict[str, Any] = RAPIER) -> Round:
    """VSE's arrow at RAT in exchange 1, parried by RAT with `parry` (his rapier: 3 successes at %7 against the shot's
    3); MIR's arrow at RAT in exchange 2."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "MIR", act="wait")
    act(rnd, "RAT", act="wait")
    rnd.choice("RAT", "missile_defence", parry, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 8, 2, 2, 2])
    roll(rnd, "RAT", "missile_defence", [9, 8, 7], shooter="VSE")
    act(rnd, "VSE", 2, act="wait")
    act(rnd, "MIR", 2, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    return act(rnd, "RAT", 2, act="wait")


def at_mir(state: battle.Battle | None = None, parry: dict[str, Any] = RAPIER) -> Any:
    """Where the resolution waits in exchange 2: RAT's defence against MIR's arrow."""
    stop = two_exchanges(parry).resolve(state or two_archers())
    assert payloads(stop, "shot") and payloads(stop, "shot")[0]["outcome"] == "miss", why_stopped(stop)
    assert ("RAT", "missile_defence", {"exchange": 2, "shooter": "MIR"}) in asked(stop), why_stopped(stop)
    return stop


def test_l559_a_rapier_that_parried_an_arrow_in_exchange_1_parries_no_arrow_in_exchange_2() -> None:
    stop = at_mir()
    assert stop.state.parried == (("RAT", 1, "rapier", "VSE", "RAT"),)
    draft = Draft("choice", {"name": "missile_defence", "value": RAPIER, "exchange": 2, "shooter": "MIR"}, turn=2,
                  actor="RAT")
    assert battle_check.check(stop.state, stop.requests, draft, RULESET.options()) == [
        f"weapon_used_for_parry_this_round (4.7.6, L559): {SPENT_X1}"]
    hand = {"maneuver": "weapon_parry_missile", "dice": 2, "weapon": "hand"}  # his free left hand has not parried
    assert battle_check.check(stop.state, stop.requests, replace(draft, payload={**draft.payload, "value": hand}),
                              RULESET.options()) == []
    dodge = {"maneuver": "missile_dodge", "dice": 1}  # an evasion needs no weapon
    assert battle_check.check(stop.state, stop.requests, replace(draft, payload={**draft.payload, "value": dodge}),
                              RULESET.options()) == []


def test_l559_the_request_names_the_spent_rapier_and_offers_no_weapon_parry_with_nothing_left() -> None:
    stop = at_mir()
    request = next(r for r in stop.requests if r.name == "missile_defence")
    assert str(request.what).endswith(f"(M84-M90); {SPENT_X1} (M87, L1151, L559)")
    assert "weapon_parry_missile" in request.options  # the bare left hand is left
    state = two_archers()
    rat = state.fighter("RAT")
    clumsy = state.with_fighter(replace(rat, skills={**rat.skills, "fist": 2}))  # no bare-hand parry (4.8)
    request = next(r for r in at_mir(clumsy).requests if r.name == "missile_defence")
    assert "weapon_parry_missile" not in request.options and "missile_dodge" in request.options


def test_l559_the_engine_refuses_a_recorded_parry_with_the_spent_rapier_naming_the_rule_and_the_arrow() -> None:
    rnd = two_exchanges()
    seq = rnd.seq + 1
    rnd.choice("RAT", "missile_defence", RAPIER, exchange=2, shooter="MIR")
    assert two_exchanges().resolve(two_archers()).error is None
    assert rnd.resolve(two_archers()).error == (
        f"turn 2: RAT's defence against MIR's shot at seq {seq}: weapon_used_for_parry_this_round (4.7.6, L559): "
        f"{SPENT_X1}")


def test_l559_a_guards_rapier_that_parried_for_his_ally_in_exchange_1_guards_with_no_parry_in_exchange_2() -> None:
    """Gleb parried Ladimir's arrow at Yaropolk with his rapier in exchange 1: in exchange 2 he may not parry again
    with it, for Yaropolk or for himself, and the request protect_ally offers him no weapon parry."""
    from tests.skirmish.test_bodyguard import GLB, escort

    state = escort({**GLB, "cell": [4, 2]}, crowd=False)
    glb = state.fighter("GLB")
    state = state.with_fighter(replace(glb, skills={**glb.skills, "swords": 6}, weapons=(
        Weapon("rapier", "rapier", ("right",), "one_hand", "ready", None),)))
    state = replace(state, exchange=2, parried=(("GLB", 1, "rapier", "LAD", "YAR"),))
    said = ["weapon_used_for_parry_this_round (4.7.6, L559): GLB's rapier parried LAD's arrow at YAR in exchange 1: "
            "no other defence with it this round"]
    assert defences.protect_problems(state, "GLB", "YAR", "LAD", RAPIER, 2) == said
    assert defences.defence_problems(state, "GLB", RAPIER, 2, "LAD") == said
    assert defences.parriers(state, state.fighter("GLB")) == []  # no weapon, and a guard parries with no bare hand


def walked_up_after_a_parry() -> Any:
    """The round resolved where RAT parries VSE's arrow in exchange 1 with his rapier while MIR walks up to him."""
    state = two_archers()
    state = state.with_fighter(replace(state.fighter("MIR"), cell=(3, 3)))
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "MIR", act="move", gait="walk", path=[[2, 3], [1, 3]])
    act(rnd, "RAT", act="wait")
    rnd.choice("RAT", "missile_defence", RAPIER, exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 8, 2, 2, 2])
    roll(rnd, "RAT", "missile_defence", [9, 8, 7], shooter="VSE")
    act(rnd, "VSE", 2, act="wait")
    stop = rnd.resolve(state)
    assert stop.error is None and not stop.requests, why_stopped(stop)
    return stop


def test_l559_the_melee_that_begins_after_a_parry_of_an_arrow_is_fought_the_next_round_with_the_lock_gone() -> None:
    """Why no melee defence can meet the lock: a round plays every melee pair's round before the field's two
    exchanges (battle_round.resolve), a fighter in melee is asked no missile defence, and a pair that comes together
    in a field exchange fights from the next round (C12), when `parried` has been cleared. RAT parries VSE's arrow in
    exchange 1 and MIR walks up to him in that exchange: their melee is MIR-RAT's next round."""
    stop = walked_up_after_a_parry()
    kinds = [d.type for d in stop.drafts]
    assert kinds.index("skirmish.shot") < kinds.index("skirmish.engaged") < kinds.index("skirmish.field_round_ended")
    assert not any(d.phase and d.phase.startswith("MIR-RAT:") for d in stop.drafts)  # no melee this round
    assert [p.id for p in stop.state.pairs] == ["MIR-RAT"] and stop.state.parried == ()


# --- a parry posted before the arrow its weapon is spent on is resolved (M87, L1151) ----------------------------

def test_m87_a_parry_posted_ahead_is_refused_naming_the_rule_and_the_arrow_the_rapier_parried() -> None:
    from tests.skirmish.test_missile_once import volley_at_rat

    rnd = volley_at_rat()
    seq = rnd.seq + 1
    rnd.choice("RAT", "missile_defence", RAPIER, exchange=1, shooter="MIR")  # posted ahead of VSE's arrow
    assert rnd.resolve(two_archers()).error == (
        f"turn 2: RAT's defence against MIR's shot at seq {seq}: condition_failed (5.4.7 M87): one weapon stops one "
        "arrow (L1151): RAT's rapier already parried VSE's arrow in exchange 1")


def yaropolk_ahead(tmp_path: Path) -> tuple[str, str]:
    """The shipped `skirmishers` fight with Vseslav's jump shot turned on Yaropolk, who answers it with his rapier and
    posts the rapier against Zoryana's throw too before Vseslav's arrow is resolved; the input check passes it (the
    state does not hold the first parry yet). Returns the database and the choice's seq."""
    from tests.skirmish.test_missile_once import RAPIER_YAR

    lines = (ROOT / "fixtures" / "skirmish" / "hand" / "skirmishers.jsonl").read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines[:24] + lines[25:26]:  # Yaropolk's parry roll against Vseslav's arrow left out
        e = json.loads(line)
        p = e["payload"]
        if e["type"] == "order" and e["actor"] == "VSE" and e["turn"] == 1 and p.get("exchange") == 2:
            p["shoot"]["target"] = "YAR"
        elif e["type"] == "choice" and e["actor"] == "BOR" and p.get("exchange") == 2:
            e["actor"], e["payload"] = "YAR", {"name": "missile_defence", "value": RAPIER_YAR, "exchange": 2,
                                               "shooter": "VSE"}
        out.append(json.dumps(e, ensure_ascii=False))
    path = tmp_path / "ahead.jsonl"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    db = str(tmp_path / "g.duckdb")
    imported = CliRunner().invoke(main, ["--db", db, "import", str(path)])
    assert imported.exit_code == 0 and "YAR's defence against VSE's shot" not in imported.output, imported.output
    ahead = CliRunner().invoke(main, ["--db", db, "choose", "skirmish-skirmishers", "missile_defence",
                                      json.dumps(RAPIER_YAR), "--json", "--actor", "YAR", "--field", "exchange=2",
                                      "--field", "shooter=ZOR"])
    assert ahead.exit_code == 0, ahead.output
    seq = int(ahead.output.split("seq ")[1].split(":")[0].split()[0])
    rolled = CliRunner().invoke(main, ["--db", db, "roll", "skirmish-skirmishers", "4d10", "--actor", "YAR",
                                       "--purpose", "missile_defence", "--result", "9,8,7,7", "--field", "exchange=2",
                                       "--field", "shooter=VSE"])
    assert rolled.exit_code == 0, rolled.output
    return db, str(seq)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "cannot go on: turn 1: YAR's defence against ZOR's shot at seq {seq}: condition_failed (5.4.7 M87): one "
           "weapon stops one arrow (L1151): YAR's rapier already parried VSE's arrow in exchange 2 (replace that "
           "input with --replace)"),
    ("ru", "дальше не пойти: ход 1: защита YAR от выстрела ZOR в seq {seq}: условие маневра не выполнено (5.4.7 M87): "
           "одним оружием можно отбить лишь одну стрелу (L1151): YAR уже парировал оружием «рапира» стрелу VSE в "
           "обмене 2 (замените этот ввод с --replace)")])
def test_m87_status_names_the_rule_and_the_arrow_when_the_parry_posted_ahead_is_reached(tmp_path: Path, lang: str,
                                                                                       said: str) -> None:
    db, seq = yaropolk_ahead(tmp_path)
    out = CliRunner().invoke(main, ["--db", db, "--lang", lang, "status", "skirmish-skirmishers"])
    assert said.format(seq=seq) in out.output, out.output
    assert "Traceback" not in out.output and UNTRANSLATED["ru"] not in out.output


# --- one shot: a grazed target who guards the final target (M78, M83, M87; L1151) --------------------------------

def guard_on_the_line(monkeypatch: Any) -> battle.Battle:
    """The grazing field with MIR on RAT's side at (1, 2), on the line of fire in front of RAT (0, 2), facing VSE at
    (6, 2): a grazed target and RAT's guard in one shot; both hold the SAMPLE rapier, swords 6."""
    from tests.skirmish.test_ranged_moves import graze_field

    state = graze_field(monkeypatch)
    rat, mir = state.fighter("RAT"), state.fighter("MIR")
    rapier = (Weapon("rapier", "rapier", ("right",), "one_hand", "ready", None),)
    state = state.with_fighter(replace(rat, facing="E", skills={**rat.skills, "swords": 6}, weapons=rapier))
    return state.with_fighter(replace(mir, side=rat.side, cell=(1, 2), facing="E",
                                      skills={**mir.skills, "swords": 6}, weapons=rapier))


def grazing(guard_first: bool) -> tuple[Round, int, int]:
    """VSE's grazing shot through MIR at RAT; MIR answers it with his rapier as a grazed target and as RAT's guard,
    in the order given. Returns the round and the seqs of MIR's defence and his protection."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR", "buys": []}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    mir = {**RAPIER, "dice": 2}
    seqs = {}
    for name in (("protect_ally", "missile_defence") if guard_first else ("missile_defence", "protect_ally")):
        seqs[name] = rnd.seq + 1
        rnd.choice("MIR", name, mir, exchange=1, shooter="VSE", **({"target": "RAT"} if name == "protect_ally"
                                                                    else {}))
    return rnd, seqs["missile_defence"], seqs["protect_ally"]


def test_m87_a_grazed_target_who_guards_the_final_target_parries_with_his_rapier_once(monkeypatch: Any) -> None:
    state = guard_on_the_line(monkeypatch)
    assert "MIR" in defences.guards(state, "VSE", "RAT")
    rnd, own, guard = grazing(guard_first=False)
    assert rnd.resolve(state).error == (
        f"turn 2: MIR's protection of RAT against VSE's shot at seq {guard}: condition_failed (5.4.7 M87): one weapon "
        f"stops one arrow (L1151): MIR's rapier already parries VSE's arrow in exchange 1 (seq {own})")
    rnd, own, guard = grazing(guard_first=True)  # the later answer is refused, whichever it is
    assert rnd.resolve(state).error == (
        f"turn 2: MIR's defence against VSE's shot at seq {own}: condition_failed (5.4.7 M87): one weapon stops one "
        f"arrow (L1151): MIR's rapier already parries VSE's arrow at RAT in exchange 1 (seq {guard})")


def test_m87_a_grazed_target_who_guards_with_a_dodge_of_his_own_is_asked_nothing_more(monkeypatch: Any) -> None:
    """One parry with the rapier and a dodge of his own are two answers the rules take: the shot goes on to its
    dice."""
    state = guard_on_the_line(monkeypatch)
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR", "buys": []}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "missile_defence", {"maneuver": "missile_dodge", "dice": 1}, exchange=1, shooter="VSE")
    rnd.choice("MIR", "protect_ally", {**RAPIER, "dice": 2}, exchange=1, shooter="VSE", target="RAT")
    stop = rnd.resolve(state)
    assert stop.error is None and ("VSE", "shot", {"exchange": 1}) in asked(stop), why_stopped(stop)


def test_the_refusals_read_in_russian() -> None:
    say = i18n.chain("ru", (RULESET,)).say
    assert say(f"weapon_used_for_parry_this_round (4.7.6, L559): {SPENT_X1}", "ru") == (
        "оружие уже парировало в этом раунде (4.7.6, L559): RAT парировал оружием «рапира» стрелу VSE в обмене 1: "
        "других защит им в этом раунде нет")
    assert say("turn 2: MIR's protection of RAT against VSE's shot at seq 17: condition_failed (5.4.7 M87): one "
               "weapon stops one arrow (L1151): MIR's rapier already parries VSE's arrow in exchange 1 (seq 16)",
               "ru") == (
        "ход 2: защита MIR, прикрывающего RAT, от выстрела VSE в seq 17: условие маневра не выполнено (5.4.7 M87): "
        "одним оружием можно отбить лишь одну стрелу (L1151): MIR уже парирует оружием «рапира» стрелу VSE в обмене "
        "1 (seq 16)")
    assert say("condition_failed (5.4.7 M87): one weapon stops one arrow (L1151): GLB's rapier already parried LAD's "
               "arrow at YAR in exchange 1", "ru").endswith(
        "GLB уже парировал оружием «рапира» стрелу LAD, летевшую в YAR, в обмене 1")
    assert say("weapon_used_for_parry_this_round (4.7.6, L559): RAT has no bare hand left that has not parried an "
               "arrow this round (VSE's arrow in exchange 1; MIR's arrow at BOR in exchange 1)", "ru").endswith(
        "(4.7.6, L559): у RAT не осталось свободной руки, ещё не парировавшей стрелу в этом раунде (стрелу VSE в "
        "обмене 1; стрелу MIR, летевшую в BOR, в обмене 1)")
    what = str(at_mir().requests[0].what)
    assert str(i18n.chain("ru", (RULESET,)).say(what, "ru")).endswith(
        "; RAT парировал оружием «рапира» стрелу VSE в обмене 1: других защит им в этом раунде нет (M87, L1151, "
        "L559)")
