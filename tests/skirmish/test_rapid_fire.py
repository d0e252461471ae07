"""Rapid fire (M82, L1121) played as a volley of arrows (our reading, A-77: docs/skirmish.md), the extra fatigue checks
it and a pendulum (M85, L1141, A-62) ask, and the SAMPLE hunting bow (M78) and rapier (M87) that make two more ranged
maneuvers reachable. Given this field, these orders and rolls, this happens."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.render import i18n
from replay.render.i18n import UNTRANSLATED
from replay.ruleset import get
from replay.rulesets.skirmish import data, missile_defences, ranged
from replay.rulesets.skirmish.maneuvers import ranged as moves
from tests.skirmish.kit import RULESET, Round, asked, payloads
from tests.skirmish.test_ranged_moves import ARCHER, act, field, roll

ROOT = Path(__file__).resolve().parents[2]


def strong(state: Any, strength: int = 6) -> Any:
    """VSE with Strength `strength` (the short bow's minimum is 3: rapid fire needs 6, L1121)."""
    vse = state.fighter("VSE")
    return state.with_fighter(replace(vse, characteristics={**vse.characteristics, "strength": strength}))


def volley(check: list[int], *, points: int = 2, first: list[int] | None = None) -> Round:
    """VSE (aimed, Accuracy 3) rapid-fires at RAT 4 m away: 2 skill dice on the first arrow, `points` for the next."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 2}, maneuver="rapid_fire", volley=points)
    act(rnd, "RAT", act="wait")
    roll(rnd, "VSE", "rapid_fire", check)
    rnd.choice("RAT", "missile_defence", {"maneuver": "missile_dodge", "dice": 1}, exchange=1, shooter="VSE", arrow=1)
    roll(rnd, "VSE", "shot", first or [9, 8, 7, 6, 7], arrow=1)  # 2 skill + 3 Accuracy, %6: 5
    roll(rnd, "RAT", "missile_defence", [2], shooter="VSE", arrow=1)
    roll(rnd, "VSE", "shot_zone", [4], "1d6", arrow=1)
    roll(rnd, "VSE", "zone", [3, 3], "2d6-2", arrow=1)
    roll(rnd, "VSE", "penetration", [4], "1d6", arrow=1)
    return rnd


def second_arrow(rnd: Round) -> Round:
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE", arrow=2)
    roll(rnd, "VSE", "shot", [9, 3], arrow=2)
    roll(rnd, "VSE", "shot_zone", [6], "1d6", arrow=2)
    roll(rnd, "VSE", "zone", [1, 1], "2d6-2", arrow=2)
    return roll(rnd, "VSE", "fatigue", [9, 9, 2, 1], maneuver="rapid_fire")


def test_m82_the_reflex_check_sets_the_most_arrows_and_the_next_arrow_rolls_the_last_ones_successes() -> None:
    state = strong(field(4))
    stop = second_arrow(volley([9, 8, 7, 2, 3, 1])).resolve(state)  # Reflex 6d10 %5: 3 − 1 = 2 arrows at most
    first, second = payloads(stop, "shot")
    assert first["volley"]["most"] == 2 and first["volley"]["check"]["roll"]["net"] == 2
    assert (first["volley"]["arrow"], first["volley"]["dice"], first["volley"]["net"]) == (1, 5, 5)
    assert "rapid fire (M82): +1 difficulty, 2 skill points committed to the next arrows (A-77)" in first["why"]
    assert first["spent_S"] == 4 and first["ammo"] == 4  # 2 dice and the volley's 2 points, charged with the first
    assert (second["volley"]["arrow"], second["volley"]["dice"], second["volley"]["left"]) == (2, 2, 0)
    assert second["spent_S"] == 0 and second["ammo"] == 3  # the second arrow comes off the ammunition
    assert second["why"][0] == ("rapid fire (M82): arrow 2 of at most 2, 2 dice (the net successes of arrow 1, capped "
                                "by the volley's points, A-77)")
    assert "roll 2d %6 [9, 3] → 1 − 0 = 1" in second["why"] and "dice 2 (0R + 2S)" not in second["why"]
    assert second["volley"]["ended"] and "the volley ends: 2 arrows (the Reflex check, L1121)" in second["why"]
    assert second["fatigue"]["gained"] == 0 and stop.state.fighter("VSE").spent_S == 4
    assert stop.state.shooter("VSE").stage == "empty" and stop.state.shooter("VSE").ammo == 3


def test_m82_each_arrow_is_defended_on_its_own_its_inputs_keyed_by_the_arrow() -> None:
    state = strong(field(4))
    waiting = volley([9, 8, 7, 2, 3, 1]).resolve(state)
    assert ("RAT", "missile_defence", {"arrow": 2, "exchange": 1, "shooter": "VSE"}) in asked(waiting)
    assert [p["volley"]["arrow"] for p in payloads(waiting, "shot")] == [1]  # the first arrow struck already
    rnd = volley([9, 8, 7, 2, 3, 1])
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE", arrow=2)
    assert asked(rnd.resolve(state)) == [("VSE", "shot", {"arrow": 2, "exchange": 1})]
    hurt = volley([9, 8, 7, 2, 3, 1])  # the first arrow's wound (pain 2, shock 2) leaves RAT no reflex to dodge
    hurt.choice("RAT", "missile_defence", {"maneuver": "missile_dodge", "dice": 1}, exchange=1, shooter="VSE", arrow=2)
    assert hurt.resolve(state).error == "turn 2: RAT's defence against VSE's shot at seq 20: cannot_pay (4.6): the " \
        "defence costs 1R + 0S, RAT has 0R + 1S"


def test_m82_a_shield_parry_keeps_successes_for_the_volleys_next_arrow() -> None:
    """M86 (L1147, CP-29): the target's one parry roll answers the volley's next arrow from the same side with the
    successes he kept; the allocation is asked because more arrows of the volley may follow."""
    state = strong(field(4, target="ZOR"))  # ZOR: a round shield (its passive zones and the arm: 2 arrows at most)
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 0, "skill": 2}, maneuver="rapid_fire", volley=2,
        buys=["zone:arm"], side="left")
    act(rnd, "ZOR", act="wait")
    roll(rnd, "VSE", "rapid_fire", [9, 8, 7, 2, 3, 1])
    rnd.choice("ZOR", "missile_defence", {"maneuver": "shield_parry_missile", "dice": 3, "skill": 1}, exchange=1,
               shooter="VSE", arrow=1)
    roll(rnd, "VSE", "shot", [9, 8, 7, 6, 7], arrow=1)
    roll(rnd, "ZOR", "missile_defence", [9, 8, 3, 2], shooter="VSE", arrow=1)  # %6: 2
    assert asked(rnd.resolve(state)) == [("ZOR", "parry_allocation", {"arrow": 1, "exchange": 1, "shooter": "VSE"})]
    rnd.choice("ZOR", "parry_allocation", 1, exchange=1, shooter="VSE", arrow=1)
    roll(rnd, "VSE", "shot_zone", [6], "1d6", arrow=1)
    roll(rnd, "VSE", "zone", [6, 3], "2d6-2", arrow=1)
    roll(rnd, "ZOR", "knockout", [9, 9, 9, 9], shooter="VSE", arrow=1)
    assert asked(rnd.resolve(state)) == [("VSE", "shot", {"arrow": 2, "exchange": 1})]  # no new defence asked
    roll(rnd, "VSE", "shot", [9, 3], arrow=2)  # %6: 1
    roll(rnd, "VSE", "fatigue", [9, 9, 2, 1], maneuver="rapid_fire")
    first, second = payloads(rnd.resolve(state), "shot")
    assert (first["defence"]["allocated"], first["defence"]["left"], first["final"]) == (1, 1, 5 - 1)
    assert (second["defence"]["dice"], second["defence"]["kept"], second["final"]) == (0, 1, 1 - 1)
    assert second["outcome"] == "miss" and second["volley"]["ended"]


def test_m82_a_reflex_check_without_a_success_looses_no_arrow_but_asks_the_fatigue_check() -> None:
    state = strong(field(4))
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 2}, maneuver="rapid_fire")
    act(rnd, "RAT", act="wait")
    roll(rnd, "VSE", "rapid_fire", [4, 3, 2, 2, 1, 9])  # 1 − 1 = 0
    waiting = rnd.resolve(state)
    assert ("VSE", "fatigue", {"exchange": 1, "maneuver": "rapid_fire"}) in asked(waiting)
    roll(rnd, "VSE", "fatigue", [1, 2, 3, 4], maneuver="rapid_fire")  # a failure: fatigue +1
    stop = rnd.resolve(state)
    (p,) = payloads(stop, "shot")
    assert p["outcome"] == "not_loosed" and p["volley"] == {"arrow": 0, "most": 0, "check": p["volley"]["check"]}
    assert "no arrow is loosed: the arrow stays on the string (L1121)" in p["why"]
    vse = stop.state.fighter("VSE")
    assert (vse.fatigue, vse.spent_S) == (1, 0) and stop.state.shooter("VSE").stage == "aimed"
    assert stop.state.shooter("VSE").ammo == 4


def test_m82_the_volley_stops_when_the_next_arrow_would_roll_no_die() -> None:
    state = strong(field(4))
    rnd = volley([9, 8, 7, 6, 5, 1], points=0)  # 4 arrows at most, but no point committed to the next ones
    roll(rnd, "VSE", "fatigue", [9, 9, 2, 1], maneuver="rapid_fire")
    (only,) = payloads(rnd.resolve(state), "shot")
    assert only["volley"]["ended"] and only["fatigue"] is not None
    assert "the volley ends: the next arrow would roll 0 dice (5 net successes, 0 points left, A-77)" in only["why"]


def test_m82_the_rule_functions() -> None:
    assert moves.rapid_fire_most(4, 1) == 2 and moves.rapid_fire_most(-1, 5) == 0 and moves.rapid_fire_most(3, 5) == 3
    assert moves.next_arrow_dice(4, 2) == 2 and moves.next_arrow_dice(1, 3) == 1 and moves.next_arrow_dice(0, 3) == 0


@pytest.mark.parametrize(("order", "said"), [
    ({"maneuver": "rapid_fire", "volley": -1}, "condition_failed (5.4.6 M82): volley: the skill points committed to "
     "the arrows after the first, a whole number of 0 or more (A-77)"),
    ({"volley": 2}, "condition_failed (5.4.6 M82): volley only for a rapid fire"),
    ({"maneuver": "rapid_fire", "volley": 3}, "cannot_pay (4.6): the shot costs 0R + 5S, VSE has 6R + 4S"),
])
def test_m82_a_bad_volley_is_refused_naming_the_rule(order: dict[str, Any], said: str) -> None:
    from replay.rulesets.skirmish import shot

    state = strong(field(4))
    out = shot.problems(state, "VSE", {"target": "RAT", "dice": {"reflex": 0, "skill": 2}, **order}, RULESET.options())
    assert out == [said]
    assert not i18n.localize(said, "ru", [get("skirmish")]).startswith(UNTRANSLATED["ru"])


def test_m82_the_volley_in_the_players_words() -> None:
    from tests.skirmish.test_part2 import started

    for text in ("Скоростная стрельба по RAT, 3 кубика (3Н); очередь 2 (2Н)",
                 "Rapid fire at RAT, 3 dice (3S); volley 2"):
        parsed = RULESET.parse_order(text, started(), "MIR")
        assert parsed.errors == [] and parsed.order["volley"] == 2 and parsed.order["maneuver"] == "rapid_fire"
    parsed = RULESET.parse_order("Скоростная стрельба по RAT, 3 кубика (3Н); очередь", started(), "MIR")
    assert parsed.errors == ["5.4.6 M82: the skill points of the next arrows after «; очередь», e.g. «; очередь 3 "
                             "(3Н)» (volley 3)"]
    assert i18n.localize(parsed.errors[0], "ru", [get("skirmish")]).startswith("5.4.6 M82: назовите очки навыка")


def test_m82_a_defence_post_answers_the_arrow_the_rules_ask_about() -> None:
    from replay.rulesets.skirmish import field_parse

    state = strong(field(4))
    waiting = volley([9, 8, 7, 2, 3, 1]).resolve(state)  # RAT is asked his defence against the second arrow
    for text in ("Защита от выстрела VSE: нет", "Defence against VSE: none"):
        assert field_parse.defence_choice(text, waiting.state, "RAT", waiting.requests) == (
            {"name": "missile_defence", "value": "none", "exchange": 1, "shooter": "VSE", "arrow": 2}, [])


def bad_volley(tmp_path: Path, lang: str) -> Any:
    """The recorded skirmishers' fight cut before Miron's rapid fire, given with a volley he cannot pay."""
    hand = (ROOT / "fixtures" / "skirmish" / "hand" / "skirmishers.jsonl").read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(hand) if '"rapid_fire"' in line and '"order"' in line)
    bad = json.loads(hand[cut])
    bad["payload"]["volley"] = 7
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([*hand[:cut], json.dumps(bad, ensure_ascii=False)]) + "\n", encoding="utf-8")
    db = tmp_path / f"{lang}.duckdb"
    return CliRunner().invoke(main, ["--db", str(db), "--lang", lang, "import", str(path)]), db


@pytest.mark.parametrize(("lang", "said"), [("en", "cannot_pay (4.6): the shot costs 2R + 9S, MIR has 6R + 4S"),
                                            ("ru", "не хватает очков (4.6)")])
def test_m82_an_unpayable_volley_is_refused_at_import_and_nothing_is_appended(tmp_path: Path, lang: str,
                                                                               said: str) -> None:
    out, db = bad_volley(tmp_path, lang)
    assert out.exit_code == 2 and said in out.output and "Traceback" not in out.output, out.output
    assert UNTRANSLATED["ru"] not in out.output
    listed = CliRunner().invoke(main, ["--db", str(db), "games"])
    assert "skirmish-skirmishers" not in listed.output


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "5.4.6 M82: the skill points of the next arrows after «; очередь»"),
    ("ru", "5.4.6 M82: назовите очки навыка на следующие стрелы после «; очередь»")])
def test_m82_a_volley_without_its_points_is_refused_from_the_players_post(tmp_path: Path, lang: str,
                                                                          said: str) -> None:
    hand = (ROOT / "fixtures" / "skirmish" / "hand" / "skirmishers.jsonl").read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(hand) if '"rapid_fire"' in line and '"order"' in line)
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(hand[:cut]) + "\n", encoding="utf-8")
    db = str(tmp_path / "g.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    before = CliRunner().invoke(main, ["--db", db, "log", "skirmish-skirmishers"]).output
    out = CliRunner().invoke(main, ["--db", db, "--lang", lang, "order", "skirmish-skirmishers", "--actor", "MIR",
                                    "--text", "Скоростная стрельба по Борису, 4 кубика (2Р+2Н); очередь"])
    assert out.exit_code == 2 and said in out.output and "Traceback" not in out.output, out.output
    assert CliRunner().invoke(main, ["--db", db, "log", "skirmish-skirmishers"]).output == before


# --- M85: a pendulum's fatigue checks as for sprinting (L1141, A-62) -------------------------------------------------

def recorded(name: str) -> list[dict[str, Any]]:
    text = (ROOT / "fixtures" / "skirmish" / f"{name}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_m85_a_pendulum_asks_an_extra_fatigue_check_at_the_rounds_end() -> None:
    events = recorded("skirmishers")
    woven = next(e for e in events if e["type"] == "skirmish.shot"
                 and (e["payload"]["defence"] or {}).get("maneuver") == "pendulum")
    ended = next(e for e in events if e["type"] == "skirmish.field_round_ended" and e["turn"] == woven["turn"])
    check = ended["payload"]["fatigue"][woven["payload"]["target"]]
    assert check["gained"] == (1 if check["roll"]["net"] <= 0 else 0) and check["difficulty"] == 5
    assert "A-62" in ended["payload"]["defaults"] and "M85" in ended["payload"]["rule"]
    asked_roll = next(e for e in events if e["type"] == "roll" and e["payload"]["purpose"] == "fatigue"
                      and e["actor"] == woven["payload"]["target"])
    assert asked_roll["payload"]["maneuver"] == "pendulum" and asked_roll["payload"]["exchange"] == 0


def test_m85_without_fatigue_rolls_no_check_is_asked() -> None:
    from replay.context import Context, TurnInputs, Waiting
    from replay.rulesets.skirmish import battle, battle_round
    from replay.rulesets.skirmish.model import SkirmishOptions
    from tests.skirmish.test_part2 import battle_state, two_by_two

    state = battle_state(two_by_two())
    ctx = Context(TurnInputs(1), state, battle.evolve, "g")
    battle_round.emit(ctx, "shot", {"shooter": "RAT", "target": "MIR", "exchange": 1, "band": "short", "metres": 5,
                                    "spent_R": 0, "spent_S": 0, "outcome": "not_loosed", "final": 0, "ammo": 0,
                                    "from_cell": [0, 0], "to_cell": [1, 1],
                                    "defence": {"maneuver": "pendulum", "dice": 1, "difficulty": 5}, "why": [],
                                    "rule": []})
    shot = ctx.drafts[-1]
    battle_round.round_end(ctx, 1, SkirmishOptions(fatigue_rolls=False))
    ended = next(d for d in ctx.drafts if d.type == "skirmish.field_round_ended")
    assert "fatigue" not in ended.payload and "MIR wove a pendulum" not in " ".join(ended.payload["why"])
    again = Context(TurnInputs(1), state, battle.evolve, "g")
    again.emit(shot)
    with pytest.raises(Waiting) as waited:
        battle_round.round_end(again, 1, SkirmishOptions())
    assert [(r.actor, r.name, r.key_dict) for r in waited.value.requests] == [
        ("MIR", "fatigue", {"exchange": 0, "maneuver": "pendulum"})]


# --- the SAMPLE hunting bow (M78) and rapier (M87) ------------------------------------------------------------------

def test_the_sample_hunting_bow_has_a_cutting_head_and_is_labelled_sample() -> None:
    bow = ranged.weapon("hunting_bow")
    assert bow["cutting_head"] is True and bow["sample_note"].startswith("SAMPLE")
    assert {k: v for k, v in bow.items() if k not in ("name", "cutting_head", "sample_note")} == \
        {k: v for k, v in ranged.weapon("short_bow").items() if k not in ("name", "cutting_head")}
    assert [k for k, w in data.table("ranged")["weapons"].items() if w["cutting_head"]] == ["hunting_bow"]


def test_m87_the_sample_rapier_parries_a_missile_at_7_and_every_other_weapon_at_8_or_more() -> None:
    from tests.skirmish.test_ranged_moves import field as shooting

    rapier = data.weapon_type("rapier")
    assert rapier["sample_note"].startswith("SAMPLE") and rapier["weight"] == "medium"
    assert moves.weapon_parry(rapier["defence"]["thrust"], True) == 7
    others = {k: moves.weapon_parry(w["defence"]["thrust"], True) for k, w in data.table("weapons")["weapons"].items()
              if k != "rapier" and w["weight"] != "heavy"}
    assert min(others.values()) == 8, others
    state = shooting(4, facing="E")
    rat = state.fighter("RAT")
    armed = replace(rat, skills={**rat.skills, "swords": 6},
                    weapons=(replace(rat.weapons[0], id="rapier", type="rapier", hands=("right",)),))
    value = {"maneuver": "weapon_parry_missile", "dice": 2, "skill": 1, "weapon": "rapier"}
    assert missile_defences.defence_problems(state.with_fighter(armed), "RAT", value, 1, "VSE") == []
    assert missile_defences.defence_difficulty(state.with_fighter(armed), "RAT", value) == 7


def test_the_skirmishers_fight_records_the_last_ranged_maneuvers() -> None:
    events = recorded("skirmishers")
    shots = [e["payload"] for e in events if e["type"] == "skirmish.shot"]
    assert {p.get("maneuver") for p in shots} >= {"jump_fall_throw", "jump_shot", "grazing_shot", "rapid_fire"}
    defences = {(p.get("defence") or {}).get("maneuver") for p in shots}
    assert defences >= {"pendulum", "weapon_parry_missile", "missile_catch", "missile_dodge"}
    parried = next(p for p in shots if (p.get("defence") or {}).get("maneuver") == "weapon_parry_missile")
    assert parried["defence"]["difficulty"] == 7 and parried["defence"]["weapon"] == "rapier"
    caught = next(p for p in shots if (p.get("defence") or {}).get("maneuver") == "missile_catch")
    assert caught["defence"]["caught"] and caught["outcome"] == "miss" and caught["volley"]["arrow"] == 1
    assert ARCHER["bows"] == 4
