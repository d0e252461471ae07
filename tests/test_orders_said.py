"""Issue 11, the dispute packet: every order of every recorded game is said in full sentences, in Russian and in
English, naming its units by name: never the compact key=value form, never JSON, and the Russian has no Latin words
but the names the game's setup gives (knights, lances, players, fighters, units)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.main import import_text
from eventlog.envelope import Event
from eventlog.store import Store
from replay import driver
from replay.fold import state_before
from replay.render.dispute import order_words
from replay.ruleset import get

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("duel", "knights", "cerilia", "warband", "skirmish")
PLAYERS_ACT = frozenset({"knights", "cerilia", "warband"})
"""Rulesets whose orders come from a player or a side (named as such); in the others the actor is the duelist or
the fighter, who is said by name, never by id."""
LATIN = re.compile(r"[A-Za-z][A-Za-z'’]*")


NAME_KEYS = frozenset({"name", "player", "players", "challenger"})
"""The setup fields that hold names (of knights, lances, duelists, sides, players, fighters)."""


def setup_names(value: Any, named: bool = False) -> set[str]:
    """Every name a game's setup gives: the names a sentence may write in Latin letters."""
    if isinstance(value, dict):
        return {s for k, v in value.items() for s in setup_names(v, named or k in NAME_KEYS)}
    if isinstance(value, list):
        return {s for v in value for s in setup_names(v, named)}
    return {value} if isinstance(value, str) and named else set()


def orders(tmp_path: Path, rs: str) -> Iterator[tuple[Any, Event, Any]]:
    """(game, order event, the state before its turn) of every order of every recorded game of a ruleset."""
    for n, path in enumerate(sorted((ROOT / "fixtures" / rs).glob("*.jsonl"))):
        with Store.open(tmp_path / f"{rs}{n}.duckdb") as store:
            game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
            game = driver.load(store, game_id)
        states: dict[int | None, Any] = {}
        for event in game.events:
            if event.type == "order" and isinstance(event.payload, dict):
                if event.turn not in states:
                    states[event.turn] = state_before(game, event.turn) if event.turn is not None else None
                yield game, event, states[event.turn]


def without(text: str, names: set[str]) -> str:
    """A text with every name taken out (names are user text: they may hold anything)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


@pytest.mark.parametrize("rs", RULESETS)
def test_every_recorded_order_is_said_in_sentences(rs: str, tmp_path: Path) -> None:
    ruleset = get(rs)
    said = 0
    for game, event, state in orders(tmp_path, rs):
        names = setup_names(game.events[0].payload.get("setup")) | ids_in(event.payload)
        if rs in PLAYERS_ACT:
            names.add(str(event.actor))
        for lang in ("ru", "en"):
            text = order_words(ruleset, event, event.payload, lang, state)
            where = f"{game.id} seq {event.seq} ({lang}): {text}"
            assert text.endswith((".", "!")) and text[:1].isupper(), where
            bare = without(text, names)
            assert "=" not in bare and "{" not in bare and '"' not in bare and "_" not in bare, where
            if lang == "ru":
                assert not LATIN.findall(bare), (LATIN.findall(bare), where)
        said += 1
    assert said, f"no recorded {rs} game has orders"


def ids_in(value: Any) -> set[str]:
    """The ids an order names (units "A-In-1", warriors "a1", sectors "C2", knights "r1"): its strings with a digit.
    Fighters' ids (no digit, "RAT") are not among them: a fighter is said by his name."""
    if isinstance(value, dict):
        return {s for v in value.values() for s in ids_in(v)}
    if isinstance(value, list):
        return {s for v in value for s in ids_in(v)}
    return {value} if isinstance(value, str) and any(c.isdigit() for c in value) else set()


def test_the_sentences_name_units_by_name_where_the_state_knows_them(tmp_path: Path) -> None:
    knights = get("knights")
    game, event, state = next((g, e, s) for g, e, s in orders(tmp_path, "knights")
                              if e.payload.get("action") == "smooth_turn")
    kid = event.payload["knight"]
    knight = state.knight(kid).name
    assert knight in order_words(knights, event, event.payload, "ru", state)
    assert f"{kid} " in order_words(knights, event, event.payload, "ru", None) + " "
    assert json.dumps(event.payload) not in order_words(knights, event, event.payload, "en", state)
    skirmish = get("skirmish")
    game, event, state = next((g, e, s) for g, e, s in orders(tmp_path, "skirmish") if e.payload.get("target"))
    said = order_words(skirmish, event, event.payload, "ru", state)
    assert said.startswith(f"В обмене {event.payload['exchange']} {state.fighter(event.actor).name['ru']}, "), said
    assert event.actor not in said and event.payload["target"] not in said, said
