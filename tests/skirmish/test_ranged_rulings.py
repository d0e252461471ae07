"""The GM's rulings on a shot (issue 9): a shooter's serious internal hindrance (CP-40, 5.6.5, L962) — fewer dice
or a harder shot, never asked, checked at input naming its rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.render import i18n
from replay.render.i18n import UNTRANSLATED
from replay.ruleset import Draft
from replay.rulesets.skirmish import battle_check, shot
from tests.skirmish.kit import RULESET, payloads, why_stopped
from tests.skirmish.test_part2 import archer, shot_round

ROOT = Path(__file__).resolve().parents[2]


def test_cp40_without_a_ruling_the_shot_is_not_hindered_and_nothing_is_asked() -> None:
    stop = shot_round(["zone:head", "precise:eye"], [6, 3]).resolve(archer(35))
    p = payloads(stop, "shot")[0]
    assert p["final"] == 2
    assert not any("internal hindrance" in w for w in p["why"])


def test_cp40_the_gms_hindrance_takes_dice_off_and_adds_difficulty() -> None:
    rnd = shot_round(["zone:head"], [6, 3])
    rnd.choice(None, "hindrance", {"dice": 2, "difficulty": 1}, exchange=1, shooter="VSE")
    rnd.events[[e.payload.get("purpose") for e in rnd.events].index("shot")].payload.update(
        {"dice": "4d10", "result": [10, 9, 7, 6], "total": 32})
    rnd.roll("VSE", "penetration", [6], sides=6, dice="1d6")
    stop = rnd.resolve(archer(35))
    shots = payloads(stop, "shot")
    assert shots, why_stopped(stop)
    p = shots[0]
    # 3 skill dice + Accuracy 3 = 6, less 2: 4 dice; the short bow's %5 becomes %6
    assert "the GM rules an internal hindrance (CP-40, L962): −2 dice (6 → 4), +1 difficulty (%5 → %6)" in p["why"]
    assert "roll 4d %6 [10, 9, 7, 6] → 4 − 0 = 4" in p["why"]
    assert p["final"] == 1  # 4 − 3 (medium range −1, rain on arrows −2)


def test_cp40_a_hindrance_past_the_highest_difficulty_fails_the_shot() -> None:
    rnd = shot_round(["zone:head"], None)
    rnd.choice(None, "hindrance", {"difficulty": 3}, exchange=1, shooter="VSE")
    p = payloads(rnd.resolve(archer(35)), "shot")[0]
    assert "%8 is above 7: automatic failure (CP-40)" in p["why"]
    assert "the shot fails" in p["why"]


@pytest.mark.parametrize("value", [{"dice": -1}, {"dice": "2"}, {"difficulty": True}, {}, {"speed": 1}, 2])
def test_cp40_a_bad_hindrance_is_refused_naming_the_rule(value: object) -> None:
    draft = Draft("choice", {"name": "hindrance", "value": value, "exchange": 1, "shooter": "VSE"}, actor=None)
    assert battle_check.check(archer(35), (), draft, RULESET.options()) == [shot.HINDRANCE]


def test_cp40_a_hindrance_is_the_gms_and_names_a_shooter_on_the_field() -> None:
    ok = {"name": "hindrance", "value": {"dice": 1}, "exchange": 1, "shooter": "VSE"}
    assert battle_check.check(archer(35), (), Draft("choice", ok, actor=None), RULESET.options()) == []
    for payload, actor in (({**ok, "shooter": "NOBODY"}, None), ({**ok, "exchange": 3}, None), (ok, "VSE")):
        out = battle_check.check(archer(35), (), Draft("choice", payload, actor=actor), RULESET.options())
        assert out == [shot.HINDRANCE]


def test_cp40_the_refusal_and_the_shots_lines_read_in_russian() -> None:
    said = i18n.localize(shot.HINDRANCE, "ru", [RULESET])
    assert said.startswith("CP-40 (5.6.5, L962): внутренняя помеха — решение ГМа")
    from replay.rulesets.skirmish import messages

    line = "the GM rules an internal hindrance (CP-40, L962): −2 dice (6 → 4), +1 difficulty (%5 → %6)"
    assert messages.say_why(line) == "ГМ признаёт внутреннюю помеху (CP-40, L962): −2 куб. (6 → 4), +1 к сложности " \
                                     "(%5 → %6)"


def cut_before_the_volley(tmp_path: Path) -> str:
    """The skirmishers' fight imported up to MIR's rapid fire (turn 2): a shot the GM may hinder."""
    hand = (ROOT / "fixtures" / "skirmish" / "hand" / "skirmishers.jsonl").read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(hand) if '"rapid_fire"' in line and '"order"' in line)
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(hand[:cut]) + "\n", encoding="utf-8")
    db = str(tmp_path / "g.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    return db


@pytest.mark.parametrize(("lang", "said"), [("en", "CP-40 (5.6.5, L962): hindrance is the GM's ruling"),
                                            ("ru", "CP-40 (5.6.5, L962): внутренняя помеха — решение ГМа")])
def test_cp40_a_bad_hindrance_is_refused_at_input_and_nothing_is_appended(tmp_path: Path, lang: str,
                                                                          said: str) -> None:
    db = cut_before_the_volley(tmp_path)
    before = CliRunner().invoke(main, ["--db", db, "log", "skirmish-skirmishers"]).output
    out = CliRunner().invoke(main, ["--db", db, "--lang", lang, "choose", "skirmish-skirmishers", "hindrance",
                                    '{"dice": -1}', "--json", "--field", "exchange=1", "--field", "shooter=MIR"])
    assert out.exit_code == 2 and said in out.output and "Traceback" not in out.output, out.output
    assert UNTRANSLATED["ru"] not in out.output
    assert CliRunner().invoke(main, ["--db", db, "log", "skirmish-skirmishers"]).output == before
    ok = CliRunner().invoke(main, ["--db", db, "choose", "skirmish-skirmishers", "hindrance", '{"difficulty": 1}',
                                   "--json", "--field", "exchange=1", "--field", "shooter=MIR"])
    assert ok.exit_code == 0, ok.output
