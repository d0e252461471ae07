"""Part 2: a loose fighter's forum post on the field parsed into the field order (field_parse.py), every error
collected; the acts' JSON is docs/skirmish.md's table. The status of a battle lists every player's request."""

from __future__ import annotations

from typing import Any

import pytest

from tests.skirmish.kit import RULESET
from tests.skirmish.test_part2 import problems, started

FIELD = {"stage": "field", "exchange": 1}


@pytest.mark.parametrize(("actor", "text", "order"), [
    ("BOR", "Иду шагом на (2,3)", {"act": "move", "gait": "walk", "path": [[2, 3]]}),
    ("RAT", "Бегу трусцой через (2,1), (3,1) на (4,1), лицом на восток",
     {"act": "move", "gait": "jog", "path": [[2, 1], [3, 1], [4, 1]], "facing": "E"}),
    ("BOR", "Крадусь тихим шагом на (2,3)", {"act": "move", "gait": "quiet_walk", "path": [[2, 3]]}),
    ("RAT", "Обмен 2: Walk via (2,1) to (3,1), facing E",
     {"act": "move", "gait": "walk", "path": [[2, 1], [3, 1]], "facing": "E", "exchange": 2}),
    ("MIR", "Достаю стрелу, ускорение 2", {"act": "draw", "speedup": 2}),
    ("MIR", "Натягиваю лук", {"act": "prepare"}),
    ("MIR", "Целюсь и стреляю в VSE, 3 кубика (3Н)",
     {"act": "aim", "shoot": {"target": "VSE", "dice": {"reflex": 0, "skill": 3}}}),
    ("MIR", "Стреляю в Бориса, 4 кубика (2Р+2Н), покупаю зона голова, опасность +1",
     {"act": "shoot", "target": "BOR", "dice": {"reflex": 2, "skill": 2}, "buys": ["zone:head", "danger:1"]}),
    ("MIR", "Shoot at RAT, 3 dice (1R+2S), buy zone leg, hidden, left",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 1, "skill": 2}, "buys": ["zone:leg"], "hidden": True,
      "side": "left"}),
    ("RAT", "Form up: BOR, MIR; partners BOR+MIR", {"act": "form", "members": ["BOR", "MIR"],
                                                    "partners": [["BOR", "MIR"]]}),
    ("RAT", "Покидаю поле боя", {"act": "flee"}),
    ("RAT", "Жду, лицом на юго-восток", {"act": "wait", "facing": "SE"}),
])
def test_a_field_post_reads_as_the_documented_order(actor: str, text: str, order: dict[str, Any]) -> None:
    parsed = RULESET.parse_order(text, started(), actor)
    assert parsed.errors == []
    assert parsed.order == {**FIELD, **order}


def test_intents_read_in_both_languages() -> None:
    assert RULESET.parse_order("Намерение: атака", started(), "RAT").order == {"stage": "intent", "intent": "attack"}
    assert RULESET.parse_order("Intent: defend", started(), "RAT").order == {"stage": "intent", "intent": "defend"}
    assert RULESET.parse_order("Намерение: не знаю", started(), "RAT").errors[0].startswith("4.1 (CP-01)")


def test_every_error_of_a_post_is_collected() -> None:
    out = RULESET.parse_order("Иду и стреляю в VSE, 3 кубика (2Р)", started(), "RAT").errors
    assert out[0].startswith("4.3: one act per field exchange") and out[1] == "4.5: 3 dice but the split (2Р) makes 2"
    out = RULESET.parse_order("Стреляю", started(), "MIR").errors
    assert [e.split(":")[0] for e in out] == ["5.6", "5.6"] and len(out) == 2
    assert RULESET.parse_order("Пляшу", started(), "RAT").errors[0].startswith("5.6, 5.7: no act named")
    assert "A-59" in RULESET.parse_order("Распад строя", started(), "RAT").errors[0]
    assert "3.6: facing" in RULESET.parse_order("Жду, лицом на юг", replace_grid("hex"), "RAT").errors[0]


def replace_grid(g: str) -> Any:
    from dataclasses import replace

    return replace(started(), grid=g)


def test_the_parser_does_not_choose_the_path() -> None:
    """A far cell without the cells between is an error naming 5.7, not a path the engine picks."""
    out = RULESET.parse_order("Иду шагом на (4,4)", started(), "RAT")
    assert out.order is None
    assert out.errors == ["5.7: (4, 4) is not next to (1, 1): name the path cell by cell («через (…), (…) на (…)»)"]


def test_a_parsed_act_meets_the_fields_check() -> None:
    """The parser reads words; the budget is the field's check (5.7)."""
    parsed = RULESET.parse_order("Иду шагом через (2,3) на (3,3)", started(), "BOR")
    assert parsed.errors == []
    assert problems(started(), "BOR", parsed.order) == [
        "5.7 (L52-58): a move longer than BOR's movement: 2 m, walk allows 1.75 m (Speed 7 × 1/4)"]


def test_the_cli_takes_a_field_post_and_status_lists_every_player(tmp_path: Any) -> None:
    """`order --text` routes a loose fighter's post to the field parser; bad text names its rule, exits non-zero and
    appends nothing; while the pairs wait, `status` lists the loose commander's act too."""
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from cli.main import main

    root = Path(__file__).resolve().parents[2]
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()

    def run(*args: str) -> Any:
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    assert run("import", str(root / "fixtures" / "skirmish" / "hand" / "formation.jsonl")).exit_code == 0
    status = run("status", "skirmish-formation").output
    assert "waiting for RAT: act in exchange 1" in status, status  # the loose commander, while the pairs wait
    assert "waiting for VSE: roll" in status and "waiting for BOR: roll" in status
    r = run("order", "skirmish-formation", "--actor", "RAT", "--text", "Жду, лицом на восток", "--dry-run")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output.splitlines()[-1]) == {"act": "wait", "exchange": 1, "facing": "E", "stage": "field"}
    r = run("order", "skirmish-formation", "--actor", "RAT", "--text", "Иду шагом на (9,9)")
    assert r.exit_code != 0 and "5.7: (9, 9) is not next to" in r.output
    before = run("status", "skirmish-formation", "--json").output
    r = run("order", "skirmish-formation", "--actor", "RAT", "--text", "Пляшу")
    assert r.exit_code != 0 and "no act named" in r.output
    assert run("status", "skirmish-formation", "--json").output == before


def group_state(tmp_path: Any, upto: str) -> Any:
    """The recorded fight `formation_fight` (Dobrynya against the partners Boris and Gorazd in one melee) imported up
    to the first line holding `upto`, as a battle state."""
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from cli.main import main
    from replay.rulesets.skirmish import battle

    lines = (Path(__file__).resolve().parents[2] / "fixtures" / "skirmish" / "hand" / "formation_fight.jsonl"
             ).read_text(encoding="utf-8").splitlines()
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(lines[:next(i for i, x in enumerate(lines) if upto in x)]) + "\n", encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(part)]).exit_code == 0
    out = CliRunner().invoke(main, ["--db", db, "state", "skirmish-formation-fight", "--json"]).output
    return battle.state_from_json(json.loads(out.splitlines()[-1]))


@pytest.mark.parametrize(("text", "keys"), [
    ("Атака: рубящий удар в Бориса, верхний корпус, 5 кубиков (2Р+3Н)", {"target": "BOR"}),
    ("Attack: chop at Gorazd, upper torso, 5 dice (2R+3S)", {"target": "GOR"}),
    ("Атака: круговой удар (рубящий) по Горазду, правая рука, 5 кубиков (2Р+3Н), затем Бориса",
     {"maneuver": "circular_strike", "target": "GOR", "then": ["BOR"]}),
    ("Attack: circular strike (chop) at GOR, right arm, 5 dice (2R+3S); then BOR",
     {"maneuver": "circular_strike", "target": "GOR", "then": ["BOR"]}),
    ("Attack: synchronous attack (chop) at BOR, upper torso, 5 dice (2R+3S); also GOR",
     {"maneuver": "synchronous_attack", "target": "BOR", "also": "GOR"}),
    ("Атака: синхронная атака (рубящий) в Бориса, верхний корпус, 5 кубиков (2Р+3Н), а также Горазда",
     {"maneuver": "synchronous_attack", "target": "BOR", "also": "GOR"}),
])
def test_an_attack_in_a_melee_of_several_names_its_targets(tmp_path: Any, text: str, keys: dict[str, Any]) -> None:
    state = group_state(tmp_path, '"step": "attack"')
    parsed = RULESET.parse_order(text, state, "DOB")
    assert parsed.errors == [] and parsed.order is not None
    assert {k: parsed.order.get(k) for k in keys} == keys
    assert ("then" in parsed.order) == ("then" in keys) and ("also" in parsed.order) == ("also" in keys)


@pytest.mark.parametrize("text", [
    "Защита: прикрываю напарника Бориса от Добрыни блоком оружием, 3 кубика (1Р+2Н)",
    "Защита: защита союзника BOR от DOB, блок оружием, 3 кубика (1Р+2Н)",
    "Defence: cover my partner Boris against Dobrynya, weapon block, 3 dice (1R+2S)",
    "Defence: protect ally Boris from Dobrynya with a weapon block, 3 dice (1R+2S)",
])
def test_a_protection_in_a_melee_of_several_names_its_defence_and_attacker(tmp_path: Any, text: str) -> None:
    state = group_state(tmp_path, '"protect_ally"')
    parsed = RULESET.parse_order(text, state, "GOR")
    assert parsed.errors == []
    assert parsed.order == {"exchange": 1, "step": "defence", "maneuver": "protect_ally", "as": "weapon_block",
                            "answers": "DOB", "dice": {"reflex": 1, "skill": 2}}


def test_a_defence_in_a_melee_of_several_answers_the_attacker_named(tmp_path: Any) -> None:
    state = group_state(tmp_path, '"protect_ally"')
    for text in ("Защита: блок оружием против Добрыни, 3 кубика (1Р+2Н)", "Defence: weapon block against DOB, "
                 "3 dice (1R+2S)"):
        parsed = RULESET.parse_order(text, state, "BOR")
        assert parsed.order is not None and parsed.order["answers"] == "DOB", text  # the one enemy anyway


def test_the_group_keys_the_words_leave_open_are_errors(tmp_path: Any) -> None:
    state = group_state(tmp_path, '"step": "attack"')
    assert RULESET.parse_order("Атака: рубящий удар, верхний корпус, 5 кубиков (2Р+3Н)", state, "DOB").errors == [
        "4.4: name the target of the attack (in this melee: BOR, GOR)"]
    assert RULESET.parse_order("Attack: circular strike (chop) at GOR, right arm, 5 dice (2R+3S); then", state,
                               "DOB").errors == ["M09: «затем …» (then …) names the further targets of the sweep"]
    (tmp_path / "g").mkdir()
    guard = group_state(tmp_path / "g", '"protect_ally"')
    assert RULESET.parse_order("Защита: прикрываю напарника Бориса от Добрыни парированием, 3 кубика (1Р+2Н)", guard,
                               "GOR").errors[0].startswith("M37 (L542): name the defence that protects")
