"""Russian posts narrate every maneuver effect's arithmetic in Russian, from the payload's numbers (issue 8, "What
the user sees"): each `why` line of a `skirmish.effect` is told in the rulebook's words with its numbers as they
stand, in every recorded fight."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from replay.render.text import render
from replay.rulesets.skirmish import words
from replay.rulesets.skirmish.messages import say_why
from replay.rulesets.skirmish.post import effect_text

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl"))
LATIN_OK = re.compile(r"^(?:[A-Z]{2,}|sample_v\d|vs|[LMCA]-?\d.*|CP-\d+)$")


def effects(path: Path) -> list[dict]:
    return [e["payload"] for e in map(json.loads, path.read_text(encoding="utf-8").splitlines())
            if e["type"] == "skirmish.effect"]


def latin_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z][A-Za-z_\-]*\d*", text) if len(w) > 2 and not LATIN_OK.match(w)]


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_every_effect_arithmetic_is_russian_with_its_numbers(path):
    payloads = effects(path)
    for p in payloads:
        for line in p["why"]:
            ru = say_why(line)  # as the post says it (post.effect_text)
            assert latin_words(ru) == [], (line, ru)
            assert re.findall(r"\d+", re.sub(r"(\d+)к10\b", r"\1", ru)) == re.findall(r"\d+", line), (line, ru)


def test_the_recorded_fights_have_effects_to_tell():
    assert sum(len(effects(p)) for p in LOGS) >= 40


def test_the_russian_effect_line_carries_the_arithmetic():
    """Bluff (M17, L385): the post says the 3 final successes and what they bought, in both languages."""
    from replay.rulesets.skirmish import events as ev

    payload = {"exchange": 1, "maneuver": "bluff", "maneuver_id": "M17", "actor": "RAT", "rule": ["5.4.1"],
               "defaults": [], "why": ["bluff: 3 final → VSE shock 3 in the next exchange (L385)"],
               "changes": [{"op": "effect", "fighter": "VSE", "kind": "shock", "amount": 3, "start": [1, 2],
                            "until": [1, 2], "ref": "", "source": "bluff"}]}
    e = ev.trusted("skirmish.effect", payload)
    ru = render(_doc(effect_text(e, "ru")), "bbcode")
    assert "VSE: шок 3 (обмен 1.2) — Блеф: 3 итог. → у VSE шок 3 в следующем обмене (L385)" in ru
    en = render(_doc(effect_text(e, "en")), "bbcode")
    assert "VSE: shock 3 (exchange 1.2) — bluff: 3 final → VSE shock 3 in the next exchange (L385)" in en


@pytest.mark.parametrize("line, told", [
    ("blade catch: arming_sword is caught (M44, L605)", "Захват клинка: средний меч захвачен (M44, L605)"),
    ("leg dive: RAT balance 5d %5 [9, 8, 2, 3, 4] → 2 − 0 = 2 vs 3 final → failed: a ground clinch",
     "Проход в ноги: RAT: равновесие 5к10 %5 [9, 8, 2, 3, 4] → 2 − 0 = 2 vs 3 итог. → провал: клинч на земле"),
    ("break free: VSE 4d %5 [6, 2, 2, 2] → 0 − 0 = 0 → still held", "Разрыв: VSE 4к10 %5 [6, 2, 2, 2] → 0 − 0 = 0 → "
                                                                   "захват не разорван"),
])
def test_templates_no_recorded_fight_shows_yet(line, told):
    assert words.why_ru(line) == told


def _doc(parts):
    from replay.render.text import Doc

    return Doc().ul([parts])
