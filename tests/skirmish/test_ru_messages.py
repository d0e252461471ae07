"""`--lang ru` for the skirmish (issue 11): every `why` line of every recorded fight reads in Russian with no Latin word
left but the fighters' ids; English stays exactly what the log holds; the issue 8's bad inputs through the CLI give
Russian lines naming the rule; event types and roll purposes have Russian names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay import driver
from replay.fold import resolution_steps
from replay.render import i18n
from replay.ruleset import get as get_ruleset
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish import messages
from tests.skirmish.test_bad_input import CASES

ROOT = Path(__file__).resolve().parents[2]
MARK = i18n.UNTRANSLATED["ru"]
GAMES = sorted((ROOT / "fixtures" / "skirmish").rglob("*.jsonl"))


def _numbers(line: str) -> list[str]:
    """The numbers of a line, a die's sides aside ("5d %6" is "5к10 %6" in Russian)."""
    return re.findall(r"\d+", re.sub(r"(\d+)(?:d|к)(?:10|6)?\b", r"\1", line))


def _ids(setup: object) -> set[str]:
    """The fighters' ids and samples a setup gives (user text, kept as written)."""
    if isinstance(setup, dict):
        return {v for k, v in setup.items() if k in ("id", "sample") and isinstance(v, str)} | {
            x for v in setup.values() for x in _ids(v)}
    if isinstance(setup, list):
        return {x for v in setup for x in _ids(v)}
    return set()


@pytest.mark.parametrize("path", GAMES, ids=lambda p: str(p.relative_to(ROOT / "fixtures" / "skirmish")))
def test_every_why_line_of_every_recorded_fight_reads_in_russian(tmp_path: Path, path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"), source=path.name))))
    rs = game.ruleset
    ids = _ids(game.events[0].payload)
    lines = 0
    for event in game.events:
        for step in resolution_steps(rs, event):
            recorded = [str(w) for w in step.payload.get("why", [])]
            assert i18n.why_lines(rs, step.payload, "en") == recorded
            russian = i18n.why_lines(rs, step.payload, "ru")
            assert len(russian) == len(recorded)
            for english, said in zip(recorded, russian, strict=True):
                lines += 1
                assert not said.startswith(MARK), (english, said)
                latin = set(re.findall(r"[A-Za-z_]{3,}", said)) - ids - {"min", "max"}
                assert not latin, (english, said)
                assert _numbers(said) == _numbers(english), (english, said)
            assert i18n.event_name(rs, step.type, "ru") != step.type
            rule = step.payload.get("rule")
            if rule:
                said_rule = i18n.translate_lines(rs, [str(rule)], "ru")[0]
                assert not said_rule.startswith(MARK) and "'" not in said_rule, said_rule
            assert not rs.describe(step, "ru").startswith("skirmish."), step.type
    assert lines > 0


def test_the_numbers_of_a_line_stay_as_recorded() -> None:
    said = messages.why({"why": ["RAT: thrust → VSE upper_torso, %5, cost 3 dice +1 length (L129) = 4 (R2 S2), rolls 3",
                                 "3 − 1 required = 2 vs 0 (no defence) → hit, final 2",
                                 "VSE passes the defence step (nothing to answer)"]}, "ru")
    assert said == ["RAT: колющий → VSE верхний корпус, %5, стоимость 3 куб. +1 за длину (L129) = 4 (Р2 Н2), бросает 3",
                    "3 − 1 треб. = 2 против 0 (без защиты) → попадание, итог. 2",
                    "VSE: пас на шаге защиты (нечего отражать)"]


def test_a_line_the_glossary_cannot_say_whole_is_english_and_marked() -> None:
    rs = get_ruleset("skirmish")
    assert rs.why({"why": ["RAT juggles three knives"]}, "ru") == [MARK + "RAT juggles three knives"]
    assert rs.why({"why": ["RAT juggles three knives"]}, "en") == ["RAT juggles three knives"]
    assert rs.catalogue("en") is None


def test_the_surprise_the_allocation_and_the_shaft_cut_read_in_russian() -> None:
    from replay.rulesets.skirmish.maneuvers import surprise

    lines = [*surprise.WHY.values(),
             surprise.empathy_why("VSE", {"faces": [6, 2], "hits": 1, "ones": 0, "net": 1, "sensed": True}),
             surprise.empathy_why("VSE", {"faces": [2], "hits": 0, "ones": 0, "net": 0, "sensed": False}),
             "RAT allocates the shield block's 3 successes: 2 against the first attack, 1 against the second "
             "(by default: enough to beat the first) (CP-29, A-42)",
             "RAT puts 2 of the block's successes against this attack (CP-29)",
             "VSE's chopping knock-aside at spear's shaft: 3 final successes, at most the chop damage (Strength 4 + "
             "arming_sword chop +2 = 6) → 3 ≥ Reliability 3 → the shaft is cut (M42, L588, A-93)",
             "zonal defence: VSE guards head; the attack goes to head → dice doubled 3 → 6 (free, A-70) (L203)",
             "zonal defence: VSE committed no guard before the attack: nothing is guarded; the attack goes to "
             "upper_torso → dice halved 3 → ⌊3/2⌋ = 1 (L203)",
             "RAT reveals a transfer feint (CP-15): 1 master + 1 extraordinary = 2 automatic successes on the thrust; "
             "activation 1 R (1 + weight above medium); a win deals no damage and carries over to exchange 2 "
             "(L351-365)",
             "phase 1 of RAT's transfer feint fails: the 2 successes are lost, no phase 2 (A-33)",
             "300 cm ≥ 3 × 90 cm: no zone is chosen; 1d6 [4] on the lying column → lower_torso (5.9.5, L186, 5.5.2)"]
    for line in lines:
        said = messages.why({"why": [line]}, "ru")[0]
        assert not said.startswith(MARK), said
        assert not set(re.findall(r"[A-Za-z_]{3,}", said)) - {"RAT", "VSE"}, said


def test_roll_purposes_and_event_types_have_russian_names() -> None:
    rs = get_ruleset("skirmish")
    words = rs.catalogue("ru").words  # type: ignore[union-attr]
    from replay.rulesets.skirmish import battle_events  # part 2: the field's events

    assert set(words["event"]) == set(ev.EVENTS) | set(battle_events.EVENTS)
    purposes = set()
    for path in GAMES:
        for line in path.read_text(encoding="utf-8").splitlines():
            e = json.loads(line)
            if e["type"] == "roll":
                purposes.add(e["payload"]["purpose"])
    assert purposes <= set(words["purpose"])


@pytest.mark.parametrize("case", list(CASES))
def test_the_issue_8_bad_inputs_in_russian_name_the_rule(case: str, tmp_path: Path) -> None:
    base, bad, said = CASES[case]
    log = [*base(), *(bad if isinstance(bad, list) else [bad])]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(json.dumps(e, ensure_ascii=False) for e in log) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["--db", str(tmp_path / "t.duckdb"), "--lang", "ru", "import", str(path)])
    assert out.exit_code == 2 and "Traceback" not in out.output
    lines = out.output.strip().splitlines()
    assert lines and all(line.startswith(f"ошибка: строка {len(log)} (") for line in lines), out.output
    assert MARK not in out.output
    for line in lines:
        assert re.search(r"\((?:[\d.]+|[\d.]+ M\d+)(?:, [A-Z]+-?\d+)*\)", line) or "к10" in line, line
        latin = set(re.findall(r"[A-Za-z_]{3,}", line.replace("payload.dice", ""))) - {"RAT", "VSE"}
        assert not latin, line
    english = CliRunner().invoke(main, ["--db", str(tmp_path / "e.duckdb"), "import", str(path)])
    for words in said:
        assert words in english.output


@pytest.mark.parametrize(("english", "russian"), [
    ("helpless (4.7.1, L114): VSE cannot act (status unconscious, pool 0/0)",
     "не может действовать (4.7.1, L114): VSE не может действовать (состояние: без сознания, пул 0/0)"),
    ("step_or_action (4.4): parry is a defence maneuver, declared in the attack step",
     "шаг или действие (4.4): «Парирование» — маневр защиты, а заявлен на шаге атаки"),
    ("zone_not_allowed (5.5.1): forehead is not on the upper_torso table (chest_left, chest_right)",
     "зона недопустима (5.5.1): зоны «лоб» нет в таблице «верхний корпус» (левая часть груди, правая часть груди)"),
    ("condition_failed (5.4.2 M36): RAT has no ready shield", "условие маневра не выполнено (5.4.2 M36): у RAT нет "
     "готового щита"),
    ("restricted_by_opponent (5.7, L40, A-60): against an unexpected attack only a block (M34–M36), the simple parry "
     "(M39) or an evasion (M45–M48), not chop",
     "ограничено противником (5.7, L40, A-60): против неожиданной атаки — только блок (M34–M36), простое парирование "
     "(M39) или уклонение (M45–M48), а не «Рубящий удар»"),
])
def test_problems_in_russian(english: str, russian: str) -> None:
    rs = [get_ruleset("skirmish")]
    assert i18n.localize(english, "ru", rs) == russian
    assert i18n.localize(english, "en", rs) == english


def test_a_problem_the_catalogue_cannot_say_is_english_marked() -> None:
    line = "condition_failed (5.4): something new"
    assert i18n.localize(line, "ru", [get_ruleset("skirmish")]) == MARK + line


@pytest.mark.parametrize(("text", "russian", "english"), [
    ("Атака: в голову, 2 кубика (1Р+1Н)", "5.4: маневр не назван", "5.4: no maneuver named"),
    ("Атака: выпад в голову", "4.5: нужны кубики и их раскладка", "4.5: the dice and their split"),
    ("Атака: выпад в голову, 4 кубика (1Р+1Н)", "4.5: кубиков 4, а раскладка (1Р+1Н) дает 2",
     "4.5: 4 dice but the split (1Р+1Н) makes 2"),
    ("Атака: выпад в голову, 2 кубика (1Р+1Н), покупаю славу +1", "5.2.1: «славу +1» — не покупка",
     "5.2.1: «славу +1» is not a purchase"),
])
def test_a_declaration_posts_problems_in_russian(tmp_path: Path, text: str, russian: str, english: str) -> None:
    game = ROOT / "fixtures" / "skirmish" / "hand" / "spear.jsonl"
    db = str(tmp_path / "g.duckdb")
    with Store.open(db) as store:
        import_text(store, game.read_text(encoding="utf-8").splitlines()[0] + "\n", source="spear")
    name = json.loads(game.read_text(encoding="utf-8").splitlines()[0])["game"]
    out = CliRunner().invoke(main, ["--db", db, "--lang", "ru", "order", name, "--actor", "RAT", "--text", text])
    assert out.exit_code == 2 and russian in out.output and MARK not in out.output, out.output
    out = CliRunner().invoke(main, ["--db", db, "order", name, "--actor", "RAT", "--text", text])
    assert out.exit_code == 2 and english in out.output, out.output
