"""A Russian frame of a skirmish says everything in Russian (issue 11): weapon, grip, stance, status, zone, maneuver
and wound-flag names from the data's Russian names, the text picture (`<desc>`) too; only the fighters' ids and the
hash line stay Latin. Every step of every recorded fight is drawn."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl"))


def texts(svg: str) -> str:
    """Every text node of the drawing (labels, title, desc), the hashes removed."""
    svg = re.sub(r"<metadata.*?</metadata>", "", svg, flags=re.S)
    return re.sub(r"\b[0-9a-f]{64}\b", "", html.unescape(" ".join(re.findall(r">([^<>]+)<", svg))))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_russian_frame_of_a_recorded_fight_is_russian(tmp_path: Path, path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"), source=path.name))))
    ids = {f["sample"] for f in game.events[0].payload["setup"]["fighters"] if "sample" in f} | {
        f["id"] for f in game.events[0].payload["setup"]["fighters"] if "id" in f}
    drawn = 0
    for turn in driver.turns(game):
        for step in range(len(driver.turn_steps(game, turn).steps) + 1):
            text = texts(game.ruleset.frame(driver.frame_view(game, turn, step, lang="ru")))
            latin = set(re.findall(r"[A-Za-z_]{3,}", text)) - ids - {"min", "max"}
            assert not latin, (turn, step, sorted(latin))
            drawn += 1
    assert drawn > 10
    english = texts(game.ruleset.frame(driver.frame_view(game, 1, 0, lang="en")))
    assert "Round 1" in english and "standing" in english  # the English frame stays English
