"""Fuzz the importer: real logs (an exported duel, an exported and a hand-written toy game, a hand-written knights
joust) with one hostile edit each — a field anywhere replaced by a value of any JSON kind or size, a line deleted,
repeated or moved, the text cut short, a line of garbage, a key written twice — imported through `battlelog
import`'s path. Each must import whole (then verify and fold) or be refused with a battlelog error, leaving the
database as it was; nothing else may escape (a TypeError, KeyError or DuckDB error is a bug found)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tests.core.toy  # noqa: F401  (registers the toy ruleset)
from eventlog.errors import BattlelogError
from eventlog.jsonl import parse_lines
from eventlog.store import Store
from replay import driver, importing
from tests.fuzz.kit import FUZZ
from tests.stress import toy_hand, toy_log

FIXTURES = Path(__file__).resolve().parent.parent.parent / "fixtures"
LOGS = {
    "duel export": (FIXTURES / "duel" / "traits-1.jsonl").read_text(encoding="utf-8").splitlines(),
    "toy export": toy_log(3),
    "toy hand": toy_hand(3, seed=2),
    "knights hand": (FIXTURES / "knights" / "hand" / "joust.jsonl").read_text(encoding="utf-8").splitlines(),
}
HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=10**18, max_value=10**30),
    st.floats(allow_nan=False), st.text(max_size=20), st.just("x" * 5000), st.just("9" * 5000),
    st.lists(st.integers(), max_size=3), st.just([]), st.just({}), st.dictionaries(st.text(max_size=5),
                                                                                 st.integers(), max_size=2),
    st.sampled_from(["heads", "tails", "A", "B", "order", "roll", "turn.closed", "game.created", "ruling", "1d2",
                     "engine", "forum", "-1", "0" * 64, "2026-13-45T99:99:99Z", "\u202e", "\x00"]),
)


@pytest.fixture(scope="module")
def store():
    with Store.open(":memory:") as s:
        yield s


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (keys of objects, indices of lists), the value itself included."""
    out = [here]
    if isinstance(value, dict):
        for key, inner in value.items():
            out += _paths(inner, (*here, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            out += _paths(inner, (*here, i))
    return out


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    return [_replace(v, rest, new) if i == head else v for i, v in enumerate(value)]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(LOGS)))
    lines = list(LOGS[name])
    i = draw(st.integers(0, len(lines) - 1))
    how = draw(st.sampled_from(["value", "value", "value", "delete", "repeat", "move", "cut", "garbage", "twice"]))
    if how == "value":
        row = json.loads(lines[i])
        path = draw(st.sampled_from(_paths(row)[1:]))
        lines[i] = json.dumps(_replace(row, path, draw(HOSTILE)))
    elif how == "delete":
        del lines[i]
    elif how == "repeat":
        lines.insert(i, lines[i])
    elif how == "move":
        lines.insert(draw(st.integers(0, len(lines) - 1)), lines.pop(i))
    elif how == "cut":
        text = "\n".join(lines)
        return name + " cut", text[:draw(st.integers(0, len(text)))]
    elif how == "garbage":
        lines.insert(i, draw(st.one_of(st.text(max_size=30), st.sampled_from(["{", "[]", "null", "{}", '"x"',
                                                                              "\ufeff{}", "5"]))))
    else:  # a key written twice: readers would disagree about its value
        row = json.loads(lines[i])
        key = draw(st.sampled_from(sorted(row)))
        lines[i] = json.dumps(row)[:-1] + f", {json.dumps(key)}: {json.dumps(draw(HOSTILE))}}}"
    return f"{name} {how} line {i + 1}", "\n".join(lines) + "\n"


def test_every_log_imports_unmutated(store):
    for name, lines in LOGS.items():
        out = importing.import_text(store, "\n".join(lines) + "\n", source=name)
        for game in out:
            store.delete_game(game)
    assert store.games() == []


@FUZZ
@given(mutated())
def test_fuzz_the_importer(store, case):
    what, text = case
    try:
        out = importing.import_text(store, text, source="fuzz")
    except BattlelogError as exc:
        assert str(exc), what
        assert store.games() == [], f"{what}: a refused import left {store.games()}"
        return
    try:
        for game_id in out:
            assert store.verify(game_id) == store.count(game_id)
            game = driver.load(store, game_id)
            driver.fold(game)
    finally:
        for game_id in out:
            store.delete_game(game_id)


@FUZZ
@given(st.lists(st.one_of(st.text(max_size=40), st.sampled_from(LOGS["toy hand"] + LOGS["toy export"][:3]),
                          HOSTILE.map(json.dumps)), max_size=6))
def test_fuzz_the_line_parser(lines):
    try:
        raw = parse_lines(lines, source="fuzz")
    except BattlelogError as exc:
        assert str(exc)
        return
    assert all(r.game and r.type for r in raw)
