"""The GM's rulings on a shot (issue 9): a shooter's serious internal hindrance (CP-40, 5.6.5, L962) — fewer dice
or a harder shot, never asked, checked at input naming its rule."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.render import i18n
from replay.render.i18n import UNTRANSLATED
from replay.ruleset import Draft
from replay.rulesets.skirmish import battle, battle_check, shot
from tests.skirmish.kit import RULESET, Round, asked, payloads, why_stopped
from tests.skirmish.test_part2 import archer, battle_state, order, setup, shot_round

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


# --- CP-41 (5.6.4, L956, T-26): the hurried aim's botch ----------------------------------------------------------

def hurried_archer(*, hurried: bool = True) -> battle.Battle:
    """VSE has aimed in haste (A-56: 1 s, −1 final success) at RAT 35 m away in clear weather (medium range −1):
    the shot's penalties are −2; MIR and BOR stand on VSE's side."""
    state = battle_state(setup([{"sample": "RAT", "cell": [0, 2], "facing": "W"},
                                {"sample": "VSE", "cell": [35, 2], "facing": "W",
                                 "ranged": {"weapon": "short_bow", "ammo": 4}},
                                {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"},
                                 "cell": [30, 5], "facing": "W"},
                                {"sample": "VSE", "id": "BOR", "name": {"ru": "Борис", "en": "Boris"},
                                 "cell": [20, 0], "facing": "W"}]))
    s = state.shooter("VSE")
    assert s is not None
    return replace(state.with_shooter("VSE", replace(s, stage="aimed", loss=1, hurried=hurried)),
                   chain=(("VSE", 2), ("RAT", 1)))


def hurried_round(faces: list[int]) -> Round:
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, buys=[])
    for fid in ("RAT", "MIR", "BOR"):
        order(rnd, fid, 1, act="wait")
    rnd.roll("VSE", "shot", faces)
    return rnd


def test_cp41_a_hurried_aim_that_leaves_the_shot_at_minus_one_sends_it_in_a_direction_the_gm_rolls() -> None:
    rnd = hurried_round([10, 3, 3, 3, 3, 2])  # 1 − 0 = 1; −1 medium range, −1 the hurried aim: −1
    stop = rnd.resolve(hurried_archer())
    assert (None, "stray_direction", {"exchange": 1, "shooter": "VSE"}) in asked(stop), why_stopped(stop)
    assert not payloads(stop, "shot")
    rnd.add("roll", None, {"dice": "1d8", "purpose": "stray_direction", "result": [3], "total": 3, "source": "forum",
                           "exchange": 1, "shooter": "VSE"})
    p = payloads(rnd.resolve(hurried_archer()), "shot")[0]
    assert p["botch"] == {"kind": "random_direction", "net": -1, "roll": 3, "direction": "E"}
    assert p["outcome"] == "miss" and p["wound"] is None
    assert "the hurried aim's lost success leaves the shot at -1: a critical failure (L956, A-56)" in p["why"]
    assert "the shot flies in a random direction: 1d8 [3] → E; what it meets there is the GM's ruling (CP-41)" \
        in p["why"]
    assert "CP-41" in p["rule"] and "A-56" in p["defaults"]


def test_cp41_at_minus_two_the_gm_chooses_the_ally_struck_and_its_zones_are_rolled() -> None:
    rnd = hurried_round([3, 3, 3, 3, 3, 2])  # 0; −2 with the penalties
    stop = rnd.resolve(hurried_archer())
    ask = next(r for r in stop.requests if r.name == "stray_ally")
    assert ask.actor is None and list(ask.options) == ["BOR", "MIR"]
    rnd.choice(None, "stray_ally", "MIR", exchange=1, shooter="VSE")
    for purpose, faces, dice_ in (("shot_zone", [4], "1d6"), ("zone", [4, 3], "2d6-2")):
        rnd.add("roll", "VSE", {"dice": dice_, "purpose": purpose, "result": faces, "source": "forum", "exchange": 1,
                                "ally": "MIR", "total": sum(faces) - (2 if dice_ == "2d6-2" else 0)})
    stop = rnd.resolve(hurried_archer())
    shots = payloads(stop, "shot")
    assert shots, why_stopped(stop)
    p = shots[0]
    assert p["outcome"] == "miss" and p["wound"] is None  # RAT is not struck
    assert p["botch"]["kind"] == "ally_hit" and p["botch"]["ally"] == "MIR" and p["botch"]["net"] == -2
    assert p["botch"]["wound"]["zone"] == "right_arm" and p["botch"]["wound"]["precise"] == "forearm"
    assert "zone 1d6 [4] (standing) → arm (5.5.2)" in p["why"]
    assert "the shot strikes VSE's ally MIR (CP-41, L956)" in p["why"]
    after = stop.state
    assert after.fighter("MIR").wounds and not after.fighter("RAT").wounds
    assert after.shooter("VSE").hurried is False  # type: ignore[union-attr]


def test_cp41_an_unhurried_aim_or_a_shot_above_zero_does_not_botch() -> None:
    p = payloads(hurried_round([10, 3, 3, 3, 3, 2]).resolve(hurried_archer(hurried=False)), "shot")[0]
    assert "botch" not in p and p["final"] == -1
    rnd = hurried_round([10, 9, 8, 3, 3, 2])  # 3 − 2 = 1: a hit
    rnd.roll("VSE", "shot_zone", [4], sides=6, dice="1d6")
    rnd.roll("VSE", "zone", [4, 3], dice="2d6-2")
    rnd.roll("VSE", "penetration", [6], sides=6, dice="1d6")
    p = payloads(rnd.resolve(hurried_archer()), "shot")[0]
    assert "botch" not in p and p["final"] == 1


def test_cp41_a_sped_up_aim_marks_the_shooter_hurried() -> None:
    state = hurried_archer(hurried=False)
    s = state.shooter("VSE")
    assert s is not None
    state = state.with_shooter("VSE", replace(s, stage="prepared", loss=0))
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="aim", speedup=2)
    for fid in ("RAT", "MIR", "BOR"):
        order(rnd, fid, 1, act="wait")
    rnd.roll("VSE", "speedup", [9, 2])
    stop = rnd.resolve(state)
    stage = payloads(stop, "ranged_stage")[0]
    assert stage["hurried"] is True and stage["loss"] == 1 and stage["stage"] == "aimed"
    assert stop.state.shooter("VSE").hurried is True


def test_cp41_the_botchs_lines_read_in_russian() -> None:
    from replay.rulesets.skirmish import messages

    assert messages.say_why("the shot flies in a random direction: 1d8 [3] → E; what it meets there is the GM's "
                            "ruling (CP-41)") == "выстрел уходит в случайном направлении: 1к8 [3] → восток; во что " \
                                                 "он попадёт там, решает ГМ (CP-41)"
    assert messages.say_why("the shot strikes VSE's ally MIR (CP-41, L956)") == \
        "выстрел VSE попадает в MIR, его союзника (CP-41, L956)"
    assert messages.say_why("the shot would strike an ally of VSE, but none stands on the field (CP-41)") == \
        "у VSE на поле нет союзника, в которого попал бы выстрел (CP-41)"
    assert "критический провал" in messages.say_why(
        "the hurried aim's lost success leaves the shot at -2: a critical failure (L956, A-56)")


def test_cp41_the_russian_post_declines_the_names_of_the_shooter_and_the_ally() -> None:
    from replay.rulesets.skirmish import messages, words

    names = {"VSE": {"ru": "Всеслав", "en": "Vseslav"}, "MIR": {"ru": "Мирон", "en": "Miron"}}
    line = messages.say_why("the shot strikes VSE's ally MIR (CP-41, L956)")
    assert words.by_name(line, names, "ru") == "выстрел Всеслава попадает в Мирона, его союзника (CP-41, L956)"
    line = messages.say_why("the shot would strike an ally of VSE, but none stands on the field (CP-41)")
    assert words.by_name(line, names, "ru").startswith("у Всеслава на поле нет союзника")


def test_cp41_with_no_ally_on_the_field_no_one_is_struck() -> None:
    state = archer(35, weather="none")
    s = state.shooter("VSE")
    assert s is not None
    state = state.with_shooter("VSE", replace(s, loss=1, hurried=True))
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, buys=[])
    order(rnd, "RAT", 1, act="wait")
    rnd.roll("VSE", "shot", [3, 3, 3, 3, 3, 1])  # −1; −3 with the penalties
    stop = rnd.resolve(state)
    shots = payloads(stop, "shot")
    assert shots, why_stopped(stop)
    assert shots[0]["botch"] == {"kind": "ally_hit", "net": -3, "ally": None}
    assert "the shot would strike an ally of VSE, but none stands on the field (CP-41)" in shots[0]["why"]
