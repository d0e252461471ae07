"""Issue 11: a Russian turn post never shows a forum reader a bare spec id. Every id it shows (K2, K54, CP-24, AR-3,
A-08, "CP-12 default") is explained in the same forum message: listed with its meaning ("K2 — …") in the «Для
проверки» spoiler of a whole post, or, when a short-message forum splits the post, in the note of the part that
shows it. The meanings cite ids too ("… (если ДМ не решит иначе, CP-24)"): those are explained as well. Checked on
every recorded turn of every ruleset, for every forum profile."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from eventlog.store import Store
from replay import driver, importing, views
from replay.render import profiles
from replay.render import text as textlib
from replay.render.split import note
from replay.render.text import Bullets, Doc, Glossary, Para

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("duel", "knights", "cerilia", "warband", "skirmish")
BARE = re.compile(r"(?<![\w§.\-])(?:(?:CP|AMB|AR)-[A-Z]?\d+|[AKC]-?\d+b?)(?![\w\-])")
"""What a spec id looks like in a post (written apart from the code's patterns). Skirmish's rulebook lines (L377)
and maneuver numbers (M16, beside the maneuver's name) are read by the paragraph its spoiler ends with, and
cerilia's sectors (A1–E3) are names of the board."""
PROFILES = sorted(profiles.known())


@cache
def russian_posts(rs: str) -> tuple[tuple[str, Doc, frozenset[str]], ...]:
    """(game and turn, the framed Russian post, the board's names) of every recorded turn of a ruleset."""
    out = []
    for path in sorted((ROOT / "fixtures" / rs).glob("*.jsonl")):
        with Store.open(":memory:") as store:
            game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
            game = driver.load(store, game_id)
            board = textlib.board_names(Path(driver.__file__).parent / "rulesets" / rs / "data")
            for turn in sorted({e.turn for e in game.events if e.turn is not None}):
                view = views.turn_view(game, turn, store)
                doc = textlib.framed(game.ruleset.post(view, "ru"), view, "ru", game.ruleset.describe)
                out.append((f"{path.stem} turn {turn}", doc, board))
    return tuple(out)


def bare_ids(message: str, board: frozenset[str]) -> list[str]:
    """The ids a forum message shows that it does not say the meaning of ("K2 — …", "CP-12 default — …")."""
    plain = message.replace("\\", "")  # Telegram's and Discord's escapes ("CP\-24")
    return [m.group(0) for m in BARE.finditer(plain) if m.group(0) not in board
            and not re.search(rf"(?<![\w\-]){re.escape(m.group(0))}(?: default)? — \S", plain)]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("rs", RULESETS)
def test_every_id_a_russian_post_shows_is_explained_in_the_same_message(rs: str, profile: str) -> None:
    bare, messages = [], 0
    for where, doc, board in russian_posts(rs):
        parts = textlib.render_parts(doc, profile=profile)
        messages += len(parts)
        for n, part in enumerate(parts, 1):
            bare += [f"{where} part {n}/{len(parts)}: {token}" for token in bare_ids(part, board)]
    assert messages
    assert not bare, "\n".join(sorted(set(bare))[:40])


def test_the_ids_the_posts_cite_are_there_to_be_checked() -> None:
    """The check above sees ids: knights' diagonal rounding (K2), cerilia's rout (AR-3) and its choice points
    cited inside another id's meaning (CP-24), each with its meaning."""
    said = {rs: "\n".join(textlib.render(doc, "bbcode", "phpbb") for _, doc, _ in russian_posts(rs))
            for rs in ("knights", "cerilia")}
    assert "(по диагонали: 1 кл., K2)" in said["knights"]
    assert "[*]K2 — ход по диагонали на D Ф смещает на D/√2 клеток по каждой оси" in said["knights"]
    assert "(AR-3)" in said["cerilia"] and "[*]AR-3 — Разгромленный Отряд уничтожается" in said["cerilia"]
    assert "CP-24)" in said["cerilia"] and "[*]CP-24 — решение ДМ" in said["cerilia"]


def test_a_split_post_explains_its_ids_in_the_part_that_shows_them() -> None:
    """A knights turn on Discord comes in several messages: the one that shows K2 says what it means."""
    where, doc, board = next(p for p in russian_posts("knights") if p[0] == "battle turn 12")
    parts = textlib.render_parts(doc, profile="discord")
    assert len(parts) > 2
    first = next(part for part in parts if "K2)" in part.replace("\\", ""))
    assert "*Обозначения в этой части:*" in first and "K2 — ход по диагонали" in first
    assert sum(part.count("K2 — ") for part in parts) == 1 + sum("K2)" in part.replace("\\", "") for part in parts)


def test_the_note_can_fail() -> None:
    """An id the part explains gets no note; one it does not gets one, with the ids its meaning cites."""
    glossary = Glossary("Обозначения в этой части", {"AMB-36": "персонажи переживают Отряд (CP-24)",
                                                     "CP-24": "решение ДМ", "K2": "диагональ"})
    shows = [Para(("уничтожен (AMB-36)",))]
    (title, listed) = note(shows, glossary)
    assert isinstance(listed, Bullets)
    assert [item[0] for item in listed.items] == ["AMB-36 — персонажи переживают Отряд (CP-24)", "CP-24 — решение ДМ"]
    assert note([*shows, Bullets((("AMB-36 — …",), ("CP-24 — …",)))], glossary) == []
    assert note([Para(("K25, 1к2, A-K2",))], glossary) == []
    assert bare_ids("ход (K2); [*]K20 — «Сбросить» …", frozenset()) == ["K2"]
