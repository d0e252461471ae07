"""Issue 11: a skirmish frame's texts call the fighters by their names, as the post does («Бой окончен, победитель:
Ратибор», not «победитель: RAT»; the plain-text picture's attacks «Ратибор → Всеслав: …»); the English rule lines
do not make every fighter a man."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from eventlog.store import Store
from replay import driver, importing, views
from replay.rulesets.skirmish import frame

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl"))


def scenes(path: Path, lang: str) -> list[tuple[str, frame.Scene, dict[str, str]]]:
    """(turn and step, the scene, id -> name) of every step of a recorded fight."""
    out = []
    with Store.open(":memory:") as store:
        game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source="test")))
        game = driver.load(store, game_id)
        for turn in driver.closed_turns(game):
            last = views.frame_view(game, turn, None, lang, store)
            for step in range(last.steps + 1):
                view = views.frame_view(game, turn, step, lang, store)
                names = {f.id: f.name[lang] for f in view.state.fighters}
                out.append((f"{path.stem} turn {turn} step {step}", frame.scene(view), names))
    return out


@pytest.mark.parametrize("path", [p for p in GAMES if p.stem in ("tricks", "spear", "brawl", "holds", "catch")],
                         ids=lambda p: p.stem)
def test_a_frames_event_and_effects_call_fighters_by_name(path: Path) -> None:
    shown = arrows = 0
    for where, scene, names in scenes(path, "ru"):
        texts = [*scene.event, scene.hold, *(line for s in scene.sides for line in s.effects)]
        for fid, name in names.items():
            if fid == name:
                continue
            for text in texts:
                assert not re.search(rf"(?<![\w-]){fid}(?![\w-])", text), f"{where}: {text}"
            assert not [line for line in scene.desc.splitlines() if line.startswith(f"{fid} → ")], where
        shown += sum(bool(t) for t in texts)
        arrows += sum(" → " in line and line.split(" → ")[0] in names.values() for line in scene.desc.splitlines())
    assert shown and arrows


def test_the_fights_end_names_the_winner() -> None:
    said = [line for path in GAMES if path.stem in ("tricks", "spear")
            for _, scene, _ in scenes(path, "ru") for line in scene.event if line.startswith("Бой окончен")]
    assert said and all(line == "Бой окончен, победитель: Ратибор" for line in said), said


def test_the_headbutters_own_forehead_is_nobodys_his() -> None:
    from replay.rulesets.skirmish.messages import why

    lines = [line for path in GAMES if path.stem in ("brawl", "holds") for _, scene, _ in scenes(path, "en")
             for line in scene.event if "forehead" in line]
    assert lines and not [line for line in lines if re.search(r"\b(?:his|her|he|him)\b", line)], lines
    said = why({"why": ["headbutt: MIR takes Strength 3 − 1 final = 2 to their own forehead, non-lethal: shock "
                        "(M29, L474, 6.5 step 6)"]}, "ru")
    assert said and "в собственный лоб" in said[0] and "forehead" not in said[0], said
