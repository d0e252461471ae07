"""Russian posts of every recorded game read as Russian writes (issue 11): dice as «1к3», «к6», never the Latin
«1D3» or «d6» (cerilia's D9 card draw is the rulebook's own word); no compass letters for directions a reader says in
words. The GM's own notes are the GM's words and are left out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver
from replay.render.text import render

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "fixtures").glob("*/*.jsonl"))
LATIN_DICE = re.compile(r"(?<![\w])\d*d\d+(?![\w])|(?<![\w])\d+D\d+(?![\w])")


def russian_posts(path: Path) -> list[str]:
    with Store.open(":memory:") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source="test")))
        game = driver.load(store, game_id)
    return [render(game.ruleset.post(driver.turn_view(game, turn), "ru"), "markdown")
            for turn in driver.turns(game) if driver.turn_steps(game, turn).steps]


def without_gm_notes(post: str) -> str:
    """The post without what the GM wrote (a ruling's note, an English line the GM typed)."""
    return "\n".join(line for line in post.splitlines() if "GM" not in line and "Решение мастера" not in line)


@pytest.mark.parametrize("path", GAMES, ids=[f"{p.parent.name}-{p.stem}" for p in GAMES])
def test_a_russian_post_writes_dice_in_russian(path: Path) -> None:
    for post in russian_posts(path):
        text = re.sub(r"\b[0-9a-f]{16}…", "", without_gm_notes(post).replace("\\", ""))  # a hash is no dice
        assert not LATIN_DICE.search(text), LATIN_DICE.search(text)


def test_the_rolls_the_posts_list_are_in_russian_dice() -> None:
    knights = "\n".join(russian_posts(ROOT / "fixtures" / "knights" / "lady.jsonl"))
    assert "Бросок 1к2, жребий при полном равенстве в очереди" in knights
    cerilia = "\n".join(russian_posts(ROOT / "fixtures" / "cerilia" / "decisive.jsonl"))
    assert "alice: 1к3 \\= 1 \\(знак, A\\-Kn\\-1\\)" in cerilia and "брошен 1к3 \\= 1" in cerilia


def test_cerilias_orders_name_their_phase_not_its_id() -> None:
    posts = "\n".join(russian_posts(ROOT / "fixtures" / "cerilia" / "decisive.jsonl"))
    assert "Атакующий \\(Фаза А\\): A\\-In\\-1" in posts and "Защищающий \\(Фаза Б\\)" in posts
    assert not re.search(r"(?:Атакующий|Защищающий) \\\((?:A1|A3|B_A|B_D|C_A|C_D)", posts)


@pytest.mark.parametrize("path", sorted((ROOT / "fixtures" / "knights").glob("*.jsonl")), ids=lambda p: p.stem)
def test_knights_arithmetic_in_russian_measures_in_the_rulebooks_f(path: Path) -> None:
    """The rulebook writes «2Ф», «½ кв. Ф»; the Russian arithmetic (explain, audit) does too, not the Latin F."""
    from replay.render.i18n import why_lines

    with Store.open(":memory:") as store:
        game = driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"), source="test"))))
    said = [line for e in game.events if e.type.startswith("knights.")
            for line in why_lines(game.ruleset, e.payload, "ru") if "GM" not in line]
    assert any(re.search(r"\dФ", line) for line in said)
    assert not [line for line in said if re.search(r"\d F\b|F²", line)]
