"""Russian that reads as written in the skirmish's posts (issue 11): a weapon's name agrees in gender with what is said
of it and takes its case (pymorphy3), a name the dictionary does not know falls back to a construction that needs
neither; the knockout's rounds are told; distances agree with «дистанция»; no brackets nest; the recorded fights'
Russian posts hold none of the machine-made forms they once had."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver
from replay.render.text import render
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish import post, words

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl"))


@pytest.mark.parametrize("item, caught, broken, intact", [
    ("arming_sword", "средний меч захвачен", "средний меч сломан", "средний меч цел"),
    ("mace", "булава захвачена", "булава сломана", "булава цела"),
    ("spear", "копьё захвачено", "копьё сломано", "копьё цело"),
    ("round_shield", "круглый щит захвачен", "круглый щит сломан", "круглый щит цел"),
    ("rim_shield", "щит с заточенной кромкой захвачен", "щит с заточенной кромкой сломан",
     "щит с заточенной кромкой цел"),
    # not in the dictionary: the neuter of «оружие», never a guessed ending
    ("sword_breaker", "оружие «шпаголом» захвачено", "оружие «шпаголом» сломано", "оружие «шпаголом» цело"),
])
def test_a_weapon_agrees_with_what_is_said_of_it(item, caught, broken, intact):
    name = words.item_name(item, "ru")
    assert words.agreed(name, words.CAUGHT) == caught
    assert words.agreed(name, words.BROKEN) == broken
    assert words.agreed(name, words.INTACT) == intact


@pytest.mark.parametrize("item, ablt, accs", [
    ("arming_sword", "средним мечом", "средний меч"), ("mace", "булавой", "булаву"),
    ("longsword", "бастардом", "бастард"),  # a thing, not the person the dictionary also knows
    ("halberd", "алебардой", "алебарду"), ("spear", "копьём", "копьё"),
    ("sword_breaker", "оружием «шпаголом»", "оружие «шпаголом»"),
])
def test_a_weapon_takes_its_case(item, ablt, accs):
    assert words.item_in(item, "ablt") == ablt
    assert words.item_in(item, "accs") == accs


@pytest.mark.parametrize("line, told", [
    ("blade catch: mace is caught (M44, L605)", "Захват клинка: булава захвачена (M44, L605)"),
    ("VSE may only thrust with arming_sword next exchange", "VSE может только колоть средним мечом в следующем обмене"),
    ("bind: RAT loses 2 reflex and 2 skill points next exchange and cannot use halberd (L597)",
     "Завязывание: RAT теряет 2 рефлекса и 2 навыка в следующем обмене и не может использовать алебарду (L597)"),
    ("shield push: RAT pushed to hand", "Толчок щитом: RAT отброшен на ручную дистанцию"),
    ("beat: RAT closes to short (M16, CP-17)", "Батман: RAT сближается до короткой дистанции (M16, CP-17)"),
])
def test_the_gms_arithmetic_agrees(line, told):
    assert words.why_ru(line) == told


def knockout(**over):
    base = {"fighter": "VSE", "exchange": 1, "triggers": ["shock"], "unconscious": True, "rounds": 4,
            "roll": {"faces": [3, 2, 2, 1], "difficulty": 5, "hits": 0, "ones": 1, "net": -1, "crit_degree": 1,
                     "automatic_failure": False}, "why": [], "rule": [], "defaults": []}
    return ev.Knockout.model_validate({**base, **over})


@pytest.mark.parametrize("over, ru, en", [
    ({}, "без сознания на 1к6 = 4 раунда (C9)", "unconscious for 1d6 = 4 rounds (C9)"),
    ({"rounds": 1}, "без сознания на 1к6 = 1 раунд (C9)", "unconscious for 1d6 = 1 round (C9)"),
    ({"rounds": 5}, "без сознания на 1к6 = 5 раундов (C9)", "unconscious for 1d6 = 5 rounds (C9)"),
    ({"rounds": None, "until_treated": True}, "без сознания до лечения", "unconscious until treated"),
])
def test_the_knockout_rounds_are_told(over, ru, en):
    assert ru in post.narrate(knockout(**over), "ru")
    assert en in post.narrate(knockout(**over), "en")


def test_a_conscious_fighter_gets_no_rounds():
    said = post.narrate(knockout(unconscious=False, rounds=None), "ru")
    assert said.endswith("→ в сознании")


@pytest.fixture(scope="module")
def russian_posts(tmp_path_factory) -> dict[str, str]:
    """Every recorded fight's posts in Russian (BBCode, mybb-ru), one text per fight."""
    out = {}
    for path in GAMES:
        with Store.open(tmp_path_factory.mktemp("ru") / "g.duckdb") as store:
            game = driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"),
                                                            source=path.name))))
        out[path.stem] = "\n".join(render(game.ruleset.post(driver.turn_view(game, t), "ru"), "bbcode", "mybb-ru")
                                   for t in driver.turns(game) if driver.turn_steps(game, t).steps)
    return out


MACHINE_MADE = [
    (r"меч захвачено|меч сломано|булава цел\b|булава сломан\b", "a weapon's gender"),
    (r"дистанци[ия] (?:рука|короткая|средняя|длинная)\b(?! —)(?=[^;]*сближается)|до дистанции \w+ая|"
     r"на дистанцию \w+ая", "a distance's case"),
    (r"оружием (?:средний|короткий|булава|копьё|бастард)", "an instrumental"),
    (r"дистанция рука\b", "the rulebook's «ручная дистанция»"),
    (r"инициатива остаётся: [A-Z]", "«остаётся у X»"),
    (r"\([^()]*\([^()]*\)[^()]*\)", "nested brackets"),
    (r"\[англ\.\]", "English marked"),
]


@pytest.mark.parametrize("pattern, what", MACHINE_MADE, ids=[w for _, w in MACHINE_MADE])
def test_no_recorded_post_reads_as_machine_made(russian_posts, pattern, what):
    found = {name: re.findall(pattern, text) for name, text in russian_posts.items()}
    assert not {k: v for k, v in found.items() if v}, what


def test_the_recorded_tricks_fight_tells_its_knockout(russian_posts):
    assert "→ без сознания на 1к6 = 4 раунда (C9)" in russian_posts["tricks"]
