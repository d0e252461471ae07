"""Issue 8 fixes of the post and the frame: the end of a blade catch (`release`, M44) and the declaration lines of a
drop (M44) and of a pickup from the floor (M50) told in both languages, the GM's ruled damage of a phase-2 blow (M15
`reverse_damage`), a caught weapon listed once in the frame with its break progress, and the frame's distance in the
words the post uses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver
from replay.fold import resolution_steps
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish import frame as F
from replay.rulesets.skirmish import words
from replay.rulesets.skirmish.post import narrate

ROOT = Path(__file__).resolve().parents[2]


def plain(told: Any) -> str:
    parts = told if isinstance(told, tuple) else (told,)
    return "".join(p if isinstance(p, str) else p.text for p in parts)


def load(tmp: Path, name: str) -> Any:
    path = ROOT / "fixtures" / "skirmish" / f"{name}.jsonl"
    store = Store.open(tmp / "g.duckdb")
    game = driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"), source=path.name))))
    return store, game


@pytest.fixture(scope="module")
def catch(tmp_path_factory: pytest.TempPathFactory) -> Any:
    store, game = load(tmp_path_factory.mktemp("catch"), "catch")
    yield game
    store.close()


def steps(game: Any) -> list[Any]:
    return [s for e in game.events for s in resolution_steps(game.ruleset, e)]


def told(type_: str, payload: dict[str, Any], lang: str) -> str:
    return plain(narrate(ev.trusted(type_, payload), lang))


@pytest.mark.parametrize(("how", "ru", "en"), [
    ("freed", "освобождён", "arming_sword freed"), ("dropped", "брошен", "arming_sword dropped"),
    ("broken", "сломан", "arming_sword broken")])
def test_the_end_of_a_blade_catch_is_told(catch, how, ru, en):
    effect = next(s.payload for s in steps(catch) if s.type == "skirmish.effect")
    p = {**effect, "changes": [{"op": "release", "fighter": "RAT", "weapon": "arming_sword", "how": how}]}
    said_ru, said_en = told("skirmish.effect", p, "ru"), told("skirmish.effect", p, "en")
    assert "release" not in said_ru and "release" not in said_en
    assert f"RAT: захват клинка окончен, средний меч {ru}" in said_ru
    assert f"RAT: the blade catch ends, {en}".replace("arming_sword", "Arming sword") in said_en


def test_a_drop_and_a_pickup_from_the_floor_are_told(catch):
    decl = next(s.payload for s in steps(catch) if s.type == "skirmish.declared" and s.payload["maneuver"] != "pass")
    drop = "RAT drops the caught arming_sword: the blade catch ends and the distance may increase (M44, L605)"
    pick = "RAT picks arming_sword up from the floor (M50, 3 R): Reflex 4d %5 [9, 6, 2, 1] → 2 − 1 = 1 → in hand (A-39)"
    assert "drops" not in told("skirmish.declared", decl, "en")
    p = {**decl, "why": [drop, pick, *decl["why"]]}
    en, ru = told("skirmish.declared", p, "en"), told("skirmish.declared", p, "ru")
    assert drop in en and pick in en
    assert "бросает захваченное оружие (средний меч): захват клинка окончен" in ru
    assert "поднимает" in ru and "с пола (M50, 3 Р): Рефлекс" in ru and "→ в руке (A-39)" in ru


def test_the_gms_ruled_damage_is_said(tmp_path, catch):
    store, game = load(tmp_path, "transfer")
    with store:
        hit = next(s.payload for s in steps(game) if s.type == "skirmish.hit" and s.payload["exchange"] == 2)
    assert "D = 4 (damage ruled by the GM)" in told("skirmish.hit", hit, "en")
    assert "D = 4 (урон определил ГМ)" in told("skirmish.hit", hit, "ru")
    other = next(s.payload for s in steps(catch) if s.type == "skirmish.hit")
    assert "GM" not in told("skirmish.hit", other, "en") and "ГМ" not in told("skirmish.hit", other, "ru")


def test_a_caught_weapon_is_one_line_with_its_break_progress(catch):
    seen = []
    for turn in driver.turns(catch):
        for k in range(1, len(driver.turn_steps(catch, turn).steps) + 1):
            for lang in ("ru", "en"):
                rat = F.scene(driver.frame_view(catch, turn, k, lang=lang)).sides[0]
                caught = [x for x in rat.effects if "нельзя использовать" in x or "cannot be used" in x]
                assert len(caught) <= 1, rat.effects
                seen += caught
    assert "средний меч нельзя использовать до конца боя" in seen
    assert "средний меч нельзя использовать до конца боя (сломать: 2 из 7)" in seen
    assert "Arming sword cannot be used for the fight (break: 2 of 7)" in seen


def test_the_frame_names_distances_as_the_post_does(catch):
    shown = {F.scene(driver.frame_view(catch, turn, lang=lang)).distance: lang
             for turn in driver.turns(catch) for lang in ("ru", "en")}
    assert "ручная" in shown and "рука" not in shown
    assert words.distance_name("extremely_long", "ru") == "крайне длинная"
