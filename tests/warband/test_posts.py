"""Posts of every recorded warband game in Russian and English, BBCode and Markdown; a whisper (§4.2.10) is in the
post and frame of its two players only; user text stays data."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver, views
from replay.render import text as textlib

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "fixtures" / "warband").glob("*.jsonl"))


def load(tmp_path, path: Path):
    with Store.open(tmp_path / f"{path.stem}.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        return driver.load(store, game_id)


def post(game, turn: int, lang: str, fmt: str, viewer: str | None = None) -> str:
    view = views.turn_view(game, turn, None, None, viewer)
    doc = game.ruleset.post(view, lang)
    return "".join(textlib.render_parts(textlib.framed(doc, view, lang, game.ruleset.describe), fmt, None))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_turn_posts_in_both_languages_and_both_formats(tmp_path, path):
    game = load(tmp_path, path)
    for turn in driver.turns(game):
        for lang, heading in (("ru", "Отряды"), ("en", "Warbands")):
            bb, md = post(game, turn, lang, "bbcode"), post(game, turn, lang, "markdown")
            assert heading in bb and heading in md
            assert "[b]" in bb and "**" in md and "[b]" not in md
            if turn > 0:
                assert ("Ход" if lang == "ru" else "Turn") in bb


def test_a_whisper_is_in_the_post_of_its_two_players_only(tmp_path):
    game = load(tmp_path, ROOT / "fixtures" / "warband" / "brawl.jsonl")
    seen = {who: "whispers to b1" in post(game, 1, "en", "markdown", who) for who in (None, "A", "B", "C")}
    assert seen == {None: False, "A": False, "B": True, "C": True}
    assert "шепчется с b1" in post(game, 1, "ru", "bbcode", "B")
    assert "шепчется" not in post(game, 1, "ru", "bbcode")


def test_a_whisper_is_in_the_frame_of_its_two_players_only(tmp_path):
    game = load(tmp_path, ROOT / "fixtures" / "warband" / "brawl.jsonl")
    talk = next(e for e in game.events if e.type == "warband.talk")
    steps = driver.turn_steps(game, 1).steps
    k = next(n for n, (_, s) in enumerate(steps, 1) if s.seq == talk.seq)
    public = game.ruleset.frame(views.frame_view(game, 1, k, "en"))
    told = game.ruleset.frame(views.frame_view(game, 1, k, "en", viewer="C"))
    assert "whispers" not in public and "whispers to b1" in told


def test_a_side_s_name_is_text_not_markup(tmp_path):
    path = ROOT / "fixtures" / "warband" / "hand" / "nightfall.jsonl"
    text = path.read_text(encoding="utf-8").replace('"name": "Дозор"', '"name": "[b]<script>*x*"', 1)
    mine = tmp_path / "n.jsonl"
    mine.write_text(text, encoding="utf-8")
    game = load(tmp_path, mine)
    md = post(game, 1, "en", "markdown")
    svg = game.ruleset.frame(views.frame_view(game, 1, None, "en"))
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "<script>" not in md
