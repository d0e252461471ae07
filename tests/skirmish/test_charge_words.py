"""The field act `charge` (M16 Batman, L369, A-85; M25 Rushing attack, L445, A-102) as players and the GM meet it: the
act request lists it exactly when the fighter could charge someone. Ratibor (Speed 7, longsword: long) and Vseslav
(Speed 8, arming sword) stand on one row; a halberd is very long."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from replay.render import i18n
from replay.rulesets.skirmish import battle_check, check, costs, model, pools
from replay.rulesets.skirmish.battle_round import open_acts
from tests.skirmish.kit import Round
from tests.skirmish.test_bodyguard import escort
from tests.skirmish.test_field_reach import RULESET, field, run

HALBERD = {"weapons": [{"id": "halberd", "type": "halberd", "hands": ["right", "left"]}], "shield": None}


def halberdier(vse: int) -> object:
    """Ratibor with a halberd (very long): M25 needs two categories beyond it, more than extremely long (A-102)."""
    state = field(vse)
    rat = state.fighter("RAT")
    hal = RULESET.initial({"field": {"grid": "square", "width": 14, "height": 6}, "fighters": [
        {"sample": "RAT", "cell": [1, 2], "facing": "E", **HALBERD}, {"sample": "VSE", "cell": [vse, 2]}]},
        RULESET.options())
    return state.with_fighter(replace(rat, weapons=hal.fighter("RAT").weapons))  # type: ignore[attr-defined]


def test_the_request_lists_charge_when_a_beat_or_a_rushing_attack_is_open() -> None:
    near, far = field(6), field(10)  # 5 m ≤ Speed 7: M16; 9 m: only M25 (extremely long, two beyond long)
    assert battle_check.charge_target_problems(far, "RAT", {"maneuver": "beat", "target": "VSE"}) != []
    assert battle_check.charge_target_problems(far, "RAT", {"maneuver": "rushing_attack", "target": "VSE"}) == []
    assert open_acts(near, "RAT")[-1] == open_acts(far, "RAT")[-1] == "charge"


def test_the_request_leaves_charge_out_when_nobody_can_be_charged() -> None:
    """A halberd is very long: M25 never two categories beyond it; M16 only within Speed 7 (L369)."""
    near, far = halberdier(8), halberdier(9)  # 7 m and 8 m
    assert costs.weapon_length(near.fighter("RAT").weapon) == "very_long"  # type: ignore[attr-defined]
    assert "charge" in open_acts(near, "RAT")
    assert "charge" not in open_acts(far, "RAT")


def test_the_request_says_charge_in_both_languages() -> None:
    stop = Round(turn=2).resolve(escort())  # Yaropolk 6 m from Ladimir: within his Speed 7 (M16)
    [req] = [r for r in stop.requests if r.actor == "YAR"]
    assert req.what == "act in exchange 1: move, wait or charge (5.6, 5.7)"
    said = i18n.request_text(req, "ru", [RULESET])
    assert 'действие в обмене 1: "move" (движение), "wait" (ждать) или "charge" (атака издали) (5.6, 5.7)' in said
    assert i18n.UNTRANSLATED["ru"] not in said


# --- a charge in a player's words (field_parse.charge_order) ---------------------------------------------------------

ROW = [[2, 2], [3, 2], [4, 2], [5, 2]]


@pytest.mark.parametrize(("vse", "text", "order"), [
    (6, "Бегу на Всеслава через (2,2), (3,2), (4,2), (5,2) и бью с разбега (бэтмен)",
     {"maneuver": "beat", "target": "VSE", "path": ROW}),
    (6, "Charge Vseslav: rushing attack, sprint, path (2,2), (3,2), (4,2), (5,2)",
     {"maneuver": "rushing_attack", "target": "VSE", "run": "sprint", "path": ROW}),
    (5, "Обмен 2: стремительная атака на VSE трусцой через (2,2), (3,2), (4,2)",  # 3 m of Speed 7 × 1/2
     {"maneuver": "rushing_attack", "target": "VSE", "run": "jog", "path": ROW[:3], "exchange": 2}),
    (6, "Атакую издали Всеслава: батман, через (2,2), (3,2), (4,2), (5,2)",
     {"maneuver": "beat", "target": "VSE", "path": ROW}),
])
def test_a_charge_post_reads_as_the_documented_order(vse: int, text: str, order: dict[str, Any]) -> None:
    state = field(vse)
    parsed = RULESET.parse_order(text, state, "RAT")
    assert parsed.errors == []
    assert parsed.order == {"stage": "field", "exchange": 1, "act": "charge", **order}
    assert battle_check.act(state, "RAT", parsed.order, RULESET.options()) == []  # the field's check takes it


def test_every_error_of_a_charge_post_is_collected_nothing_guessed() -> None:
    state = field(6)
    parsed = RULESET.parse_order("Бегу на Всеслава и бью с разбега (бэтмен)", state, "RAT")
    assert parsed.order is None
    assert parsed.errors == ["5.7: name the cells of the charge's path to within reach of the target, e.g. «через "
                             "(2,2), (3,2)» (path (2,2), (3,2))"]
    parsed = RULESET.parse_order("Charge, jog, path (2,2), (4,2)", state, "RAT")
    assert parsed.order is None
    assert parsed.errors[:2] == [
        "5.4.1: name the charge's maneuver: «батман» (M16, A-85) or «стремительная атака» (M25, A-102); beat or "
        "rushing attack",
        "5.4.1: one target per charge, by its id or name («Бегу на VSE, батман»)"]
    assert parsed.errors[2].startswith("5.7: (4, 2) is not next to (2, 2)")
    parsed = RULESET.parse_order("Батман и стремительная атака на VSE спринтом через (2,2)", state, "RAT")
    assert parsed.errors == ["5.4.1: one maneuver per charge (beat, rushing_attack are named)"]
    parsed = RULESET.parse_order("Батман на VSE трусцой через (2,2)", state, "RAT")
    assert parsed.errors == ["5.4.1 M16 (L369, A-85): a beat runs within Speed: jog or sprint only for a rushing "
                             "attack (M25, CP-27)"]
    parsed = RULESET.parse_order("Бегу на VSE, батман, и стреляю в VSE через (2,2)", state, "RAT")
    assert parsed.errors[0].startswith("4.3: one act per field exchange (charge, shoot are named")


def test_a_plain_run_is_still_a_move_and_the_charge_errors_are_said_in_russian() -> None:
    state = field(6)
    assert RULESET.parse_order("Бегу через (2,2), (3,2)", state, "RAT").order == {
        "stage": "field", "exchange": 1, "act": "move", "gait": "sprint", "path": [[2, 2], [3, 2]]}
    cat = i18n.chain("ru", (RULESET,))
    for text in ("Charge", "Батман и стремительная атака на VSE и RAT трусцой"):
        for error in RULESET.parse_order(text, state, "RAT").errors:
            said = cat.say(error, "ru")
            assert said != error and i18n.UNTRANSLATED["ru"] not in said, error


# --- the charger's maneuver in the melee's first exchange (check.charged_problems) ----------------------------------

def charged(maneuver: str, vse: int = 6) -> Any:
    """Ratibor charges Vseslav from afar; the melee pair's fight as part 1 meets it."""
    p: dict[str, Any] = {"act": "charge", "maneuver": maneuver, "target": "VSE", "path": ROW[:vse - 2]}
    ctx, problems = run(field(vse), "RAT", p)
    assert problems == []
    pair = ctx.state.pair_of("RAT")
    assert pair is not None
    return pair.fight


def attack(maneuver: str) -> dict[str, Any]:
    return {"exchange": 1, "step": "attack", "maneuver": maneuver,
            **({} if maneuver == "pass" else {"dice": {"reflex": 1, "skill": 2}})}


@pytest.mark.parametrize(("maneuver", "other", "rule"), [
    ("beat", "pass", "5.4.1 M16, L369, A-85"), ("beat", "lightning_attack", "5.4.1 M16, L369, A-85"),
    ("rushing_attack", "beat", "5.4.1 M25, L445, A-102")])
def test_the_charger_declares_the_maneuver_he_charged_with_in_the_first_exchange(maneuver: str, other: str,
                                                                                  rule: str) -> None:
    fight = charged(maneuver)
    assert fight.charge == ("RAT", maneuver)
    name = "beat" if maneuver == "beat" else "rushing attack"
    said = check.declaration(fight, "RAT", attack(other), RULESET.options())
    assert said == [f"condition_failed ({rule}): RAT charged from afar for a {name}: in the melee's first exchange he "
                    f"declares it (maneuver {maneuver}), not {other}"]
    ru = i18n.chain("ru", (RULESET,)).say(said[0], "ru")
    assert "RAT атаковал издали ради" in ru and "в первом обмене схватки" in ru and i18n.UNTRANSLATED["ru"] not in ru
    own = check.declaration(fight, "RAT", attack(maneuver), RULESET.options())
    assert not any("charged from afar" in p for p in own)
    # the target is free, and after the first exchange so is the charger
    assert check.charged_problems(fight, "VSE", {"exchange": 1, "step": "attack", "maneuver": "pass"}) == []
    later = replace(fight, history=({"exchange": 1},))
    assert check.charged_problems(later, "RAT", {"exchange": 2, "step": "attack", "maneuver": other}) == []


def test_the_charge_survives_the_json_state_and_a_plain_melee_has_none() -> None:
    fight = charged("beat")
    raw = model.state_to_json(fight)
    assert raw["charge"] == ["RAT", "beat"] or raw["charge"] == ("RAT", "beat")
    assert model.state_from_json(raw).charge == ("RAT", "beat")
    plain = replace(fight, charge=None)
    assert "charge" not in model.state_to_json(plain)
    assert check.charged_problems(plain, "RAT", {"exchange": 1, "step": "attack", "maneuver": "pass"}) == []


def test_a_charger_who_can_no_longer_pay_his_maneuver_may_pass() -> None:
    """A-26: the Batman from extremely long asks 1 + 2 reflex; a charger left with fewer (a wound, a shot since the
    charge) may pass, so the melee never waits for a declaration no one can make; with them he may not."""
    fight = charged("beat")
    rat = fight.fighter("RAT")
    need = 1 + max(0, data_length(fight.distance) - data_length("long"))
    assert need == 3 and fight.distance == "extremely_long"
    have = pools.available(rat, fight.round, 1)[0]
    assert have >= need
    assert check.charged_problems(fight, "RAT", attack("pass")) != []
    spent = fight.with_fighter(replace(rat, spent_R=rat.spent_R + have - need + 1))
    assert pools.available(spent.fighter("RAT"), fight.round, 1)[0] == need - 1
    assert check.charged_problems(spent, "RAT", attack("pass")) == []
    assert check.charged_problems(spent, "RAT", attack("lightning_attack")) != []


def data_length(name: str | None) -> int:
    from replay.rulesets.skirmish import data

    return data.length_index(name or "long")
