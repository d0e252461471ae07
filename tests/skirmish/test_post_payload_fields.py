"""The GM's post narrates the payload fields the rules record for the surprise (CP-43, 5.7), the Empathy check before
a hidden attack, the initiative locks, the body roll against a much shorter target (5.9.5), a spend change and the
transfer and guard effects (M15, CP-05), the allocated block successes (CP-29) and the shaft cut (M42, A-93), in
both languages, from the payload's numbers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver
from replay.fold import resolution_steps
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish.post import narrate

ROOT = Path(__file__).resolve().parents[2]


def plain(told: Any) -> str:
    parts = told if isinstance(told, tuple) else (told,)
    return "".join(p if isinstance(p, str) else p.text for p in parts)


def latin(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_]{3,}", text)) - {"RAT", "VSE"}


@pytest.fixture(scope="module")
def steps(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """One recorded payload of each type (the spear fight), to vary."""
    path = ROOT / "fixtures" / "skirmish" / "spear.jsonl"
    with Store.open(tmp_path_factory.mktemp("spear") / "g.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"), source=path.name))))
    out: dict[str, dict[str, Any]] = {}
    for event in game.events:
        for step in resolution_steps(game.ruleset, event):
            key = step.type + (":" + step.payload["step"] if step.type == "skirmish.declared" else "")
            if key == "skirmish.declared:attack" and step.payload["maneuver"] == "pass":
                continue
            out.setdefault(key, step.payload)
    return out


def told(type_: str, payload: dict[str, Any], lang: str) -> str:
    return plain(narrate(ev.trusted(type_, payload), lang))


def test_the_surprise_of_an_attack(steps):
    p = steps["skirmish.declared:attack"]
    for kind, ru, en in (("unexpected", "атака неожиданная", "an unexpected attack"),
                         ("trusted", "+1 к сложности", "+1 difficulty"), ("hidden", "Эмпатии %6", "Empathy %6")):
        q = {**p, "priced": {**p["priced"], "surprise": kind}}
        assert ru in told("skirmish.declared", q, "ru") and en in told("skirmish.declared", q, "en")
    assert "ГМ:" not in told("skirmish.declared", p, "ru")


def test_the_empathy_check_before_a_hidden_attack(steps):
    p = steps["skirmish.declared:attack"]
    sensed = {"faces": [7, 2], "difficulty": 6, "hits": 1, "ones": 0, "net": 1, "sensed": True}
    q = {**p, "step": "defence", "priced": {**p["priced"], "empathy": sensed}}
    assert "Эмпатия 2к10 %6 [7, 2] → 1 − 0 = 1 → скрытая атака замечена" in told("skirmish.declared", q, "ru")
    assert "Empathy 2d10 %6 [7, 2] → 1 − 0 = 1 → the hidden attack is sensed" in told("skirmish.declared", q, "en")
    missed = {"actor": "VSE", "exchange": 1, "step": "defence", "maneuver": "pass", "order": {}, "why": [], "rule": [],
              "priced": {"cost_points": 0, "paid_R": 0, "paid_S": 0, "empathy": {**sensed, "faces": [2, 1],
                                                                                   "hits": 0, "ones": 1, "net": -1,
                                                                                   "sensed": False}},
              "forced": "a hidden attack not sensed (5.7, L48)"}
    said = told("skirmish.declared", missed, "ru")
    assert said == "VSE — защита: пас (скрытая атака не замечена (5.7)); Эмпатия 2к10 %6 [2, 1] → 0 − 1 = -1 → " \
                   "скрытая атака не замечена"
    assert not latin(said)


def test_the_initiative_locks(steps):
    p = {**steps["skirmish.exchange_ended"], "locks": [
        {"fighter": "RAT", "kind": "initiative_lock", "start": [1, 1], "until": [2, 2], "why": "…"},
        {"fighter": "VSE", "kind": "initiative_roll", "start": [2, 1], "until": [2, 1], "why": "…"}]}
    ru, en = told("skirmish.exchange_ended", p, "ru"), told("skirmish.exchange_ended", p, "en")
    assert "атака RAT была неожиданной: инициатива остаётся у атакующего до обмена 2.2" in ru
    assert "скрытая атака VSE удалась: раунд 2 начинается с бросков инициативы" in ru
    assert "RAT's attack was unexpected: initiative stays with the attacker to exchange 2.2" in en
    assert "VSE's hidden attack succeeded: round 2 starts with initiative rolls" in en


def test_the_body_roll_against_a_much_shorter_target(steps):
    p = {**steps["skirmish.hit"], "body_roll": {"face": 4, "stance": "lying", "general": "lower_torso"}}
    assert "зона не выбирается, 1к6 [4] по столбцу «лежит» → нижний корпус" in told("skirmish.hit", p, "ru")
    assert "no zone is chosen, 1d6 [4] on the lying column → lower torso" in told("skirmish.hit", p, "en")


def effect(changes: list[dict[str, Any]], why: list[str] | None = None) -> dict[str, Any]:
    return {"exchange": 1, "maneuver": "knock_aside", "maneuver_id": "M42", "actor": "VSE", "changes": changes,
            "why": why or [], "rule": [], "defaults": []}


def test_the_shaft_cut_is_a_broken_weapon_not_a_dropped_one():
    p = effect([{"op": "drop", "fighter": "RAT", "weapon": "spear", "state": "broken"}])
    assert "RAT: копьё сломано (древко перерублено)" in told("skirmish.effect", p, "ru")
    assert "RAT's Spear is broken (the shaft is cut)" in told("skirmish.effect", p, "en")
    dropped = effect([{"op": "drop", "fighter": "RAT", "weapon": "spear"}])
    assert "RAT роняет: копьё" in told("skirmish.effect", dropped, "ru")


def test_a_spend_change_and_the_new_effect_kinds():
    p = effect([{"op": "spend", "fighter": "RAT", "reflex": 2, "master": 1, "extraordinary": 1},
                {"op": "effect", "fighter": "RAT", "kind": "transfer_feint", "amount": 2, "start": [1, 1],
                 "until": [1, 1], "ref": "thrust:upper_torso"},
                {"op": "effect", "fighter": "RAT", "kind": "transfer_phase2", "amount": 0, "start": [1, 2],
                 "until": [1, 2], "ref": "thrust:lower_torso"},
                {"op": "effect", "fighter": "VSE", "kind": "defence_lost_dice", "amount": 3, "start": [1, 2],
                 "until": [1, 2], "ref": "M15"},
                {"op": "effect", "fighter": "VSE", "kind": "guard", "amount": 3, "start": [1, 1], "until": [1, 1],
                 "ref": "head"}])
    ru, en = told("skirmish.effect", p, "ru"), told("skirmish.effect", p, "en")
    assert "RAT тратит Р2, мастерских успехов 1, экстраординарных успехов 1" in ru
    assert "RAT spends R2, 1 master successes, 1 extraordinary successes" in en
    assert "2 автом. успехов перевода на Выпад → верхний корпус" in ru
    assert "вторая фаза перевода: Выпад → нижний корпус" in ru and "защита теряет 3 куб. (перевод)" in ru
    assert "зональная защита (голова): +3 куб." in ru and "zonal defence (head): +3 dice" in en
    assert not latin(ru.replace("Выпад", ""))


def test_the_allocated_block_successes_in_russian():
    p = effect([], ["RAT allocates the shield block's 3 successes: 2 against the first attack, 1 against the second "
                    "(by default: enough to beat the first) (CP-29, A-42)"])
    ru = told("skirmish.effect", p, "ru")
    assert "RAT делит 3 успеха блока щитом: 2 против первой атаки, 1 против второй" in ru and not latin(ru)
