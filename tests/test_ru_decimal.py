"""Russian writes a number's fraction after a comma («3,5 м»): the problem and `why` lines, posts and reports that
carry a fraction say it so in Russian, in every ruleset; clause numbers («5.7», «§4.2.10») and ids stay as written,
and a pair of coordinates with a fraction is parted by a semicolon («(30; 34,5)»)."""

from __future__ import annotations

from replay.render import i18n
from replay.ruleset import get


def ru(line: str, ruleset: str | None = None) -> str:
    return i18n.localize(line, "ru", [get(ruleset)] if ruleset else [])


def test_a_number_and_a_report_figure_in_russian() -> None:
    assert i18n.decimal(3.5, "ru") == "3,5" and i18n.decimal("112.5", "ru") == "112,5"
    assert i18n.decimal(3.5, "en") == "3.5" and i18n.decimal(4, "ru") == "4" and i18n.decimal(2.0, "ru") == "2"
    assert i18n.figures("12,345 events, 1.23 s, 50.0% -> 25.0%", "ru") == "12 345 events, 1,23 s, 50,0% -> 25,0%"
    assert i18n.decimal_pairs("в (30, 34,5) и (2, 3)") == "в (30; 34,5) и (2, 3)"


def test_skirmish_problem_lines_give_distances_with_a_comma() -> None:
    assert ru("5.7 (L52-58): a move longer than MIR's movement: 4 m, walk allows 2.5 m (Speed 10 × 1/4)",
              "skirmish") == "5.7 (L52-58): путь длиннее движения MIR: 4 м, а шаг позволяет 2,5 м (Скорость 10 × 1/4)"
    assert ru("rushing_attack (5.7, CP-27): a run of 6 m is longer than RAT's 3.5 m at a jog (Speed 7 × 1/2)",
              "skirmish").startswith("rushing_attack (5.7, CP-27): разбег 6 м длиннее, чем 3,5 м у RAT")
    said = ru("setup: weapon spear (spear, 250 cm) is too long for a wielder of 150 cm: one-handed: at most ¾ of the "
              "height, 112.5 cm (L180, T-28; \"length_ruled\": true on the weapon if the GM allows it)", "skirmish")
    assert "не длиннее ¾ роста, 112,5 см (L180, T-28;" in said


def test_skirmish_why_lines_give_fractions_with_a_comma() -> None:
    from replay.rulesets.skirmish import messages

    assert messages.why({"why": ["D = ⌊7 × 1.5⌋ = 10 (size multiplier, 5.9.1, L164)",
                                 "RAT walks 2 m of 2.5 m (Speed 10 × 1/4), facing E"]}, "ru") == [
        "D = ⌊7 × 1,5⌋ = 10 (множитель размера, 5.9.1, L164)", "RAT идёт шагом 2 м из 2,5 м (Скорость 10 × 1/4), лицом "
        "на восток"]


def test_warband_lines_give_centimetres_and_places_with_a_comma() -> None:
    warband = get("warband")
    assert warband.why({"why": ["b4 at (30, 34.5) facing 270°, 12.75 ≤ 20 cm from edge N",
                                "a1–b1 1.23 cm, a1–b2 1.43 cm"]}, "ru") == [
        "b4 в (30; 34,5), лицом на 270°, 12,75 ≤ 20 см от края С", "a1–b1 1,23 см, a1–b2 1,43 см"]
    assert warband.why({"why": ["a1 at (20, 8) facing 90°, 10 ≤ 20 cm from edge S"]}, "ru") == [
        "a1 в (20, 8), лицом на 90°, 10 ≤ 20 см от края Ю"]  # whole numbers: the pair as it was


def test_knights_poses_with_a_fraction_give_a_comma_and_semicolons() -> None:
    knights = get("knights")
    said = knights.why({"why": ["move speed 2 F toward W: 2 F W Δ(-2, 0): (12.471,12,W) → (10.471,12,W)"]}, "ru")
    assert said == ["движение на скорость 2Ф к западу: 2Ф З Δ(-2, 0): (12,471; 12; З) → (10,471; 12; З)"], said
    whole = knights.why({"why": ["move speed 2 F toward W: 2 F W Δ(-2, 0): (13,12,W) → (11,12,W)"]}, "ru")
    assert whole == ["движение на скорость 2Ф к западу: 2Ф З Δ(-2, 0): (13,12,З) → (11,12,З)"], whole
    from replay.rulesets.knights.words import point

    assert point({"x": 12.47, "y": 5}, "ru") == "(12,47; 5)" and point({"x": 13, "y": 5}, "ru") == "(13,5)"
    assert point({"x": 12.47, "y": 5}) == "(12.47,5)"


def test_a_corpus_summary_in_russian_groups_thousands_and_puts_a_comma_in_fractions() -> None:
    from replay.render.i18n import _corpus_row

    assert _corpus_row("seconds        1.23") == f"{'секунд':22}  1,23"
    assert _corpus_row("events         12,345") == f"{'событий':22}  12 345"
    assert ru("\raudit: 1,234/5,678 games, 0 failed, 12.5 s") == "\rаудит: игр 1 234/5 678, с ошибкой 0, 12,5 с"
