"""Appends and resolves read the game from its latest checkpoint on (`play.at_head`), once: on a game long enough to
have checkpoints, every append, refusal and resolution is the one the whole game read from seq 1 gives."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from eventlog.envelope import Draft
from eventlog.errors import ValidationError
from eventlog.store import Store
from replay import fold, play

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bench  # noqa: E402

GAME = bench.GAME
ORDER = {"stack": ["initiative", "defense", "rest", "rest", "defense", "initiative"], "stake": "high", "activate": {}}


def _roll(value: int, dice: str = "1d100") -> dict[str, Any]:
    return {"dice": dice, "purpose": "stake", "stake": "high", "result": [value], "total": value, "source": "forum"}


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real 2,000-event duel with its checkpoints (one every 500 events), its last turn closed."""
    db = tmp_path_factory.mktemp("long") / "long.duckdb"
    with Store.open(db) as store:
        store.import_events(bench.duel_log(2000))
        assert fold.write_checkpoints(store, fold.load(store, GAME)) >= 3
    return db


def _whole(store: Store, game_id: str) -> tuple[fold.Game, Any]:
    """What every append read before at_head: the whole game from seq 1, folded."""
    game = fold.load(store, game_id)
    return game, fold.fold(game)


def _steps(store: Store) -> list[tuple[str, Callable[[], Any]]]:
    a, b = Draft("order", ORDER, None, "A"), Draft("order", ORDER, None, "B")
    return [
        ("bad order", lambda: play.append_inputs(store, GAME, [Draft("order", {"stack": ["attack"]}, None, "A")])),
        ("closed turn", lambda: play.append_inputs(store, GAME, [Draft("order", ORDER, 3, "A")])),
        ("batch", lambda: play.append_inputs(store, GAME, [a, b])),
        ("twice", lambda: play.append_inputs(store, GAME, [a])),
        ("replace", lambda: play.replace_input(store, GAME, a)),
        ("engine roll", lambda: play.engine_roll(store, GAME, Draft("roll", {"dice": "1d100", "purpose": "stake"},
                                                                    None, "A"))),
        ("wrong dice", lambda: play.append_input(store, GAME, Draft("roll", _roll(3, "1d6"), None, "A"))),
        ("roll A", lambda: play.append_input(store, GAME, Draft("roll", _roll(71), None, "A"))),
        ("ruling turn", lambda: play.point(*play.at_head(store, GAME)).turn),
        ("roll B", lambda: play.append_input(store, GAME, Draft("roll", _roll(88), None, "B"))),
        ("resolve", lambda: play.resolve_pending(store, GAME)),
        ("checkpoints", lambda: [(c.key, c.seq, c.state) for c in store.checkpoint_rows(GAME)]),
        ("amend turn 2", lambda: play.append_inputs(store, GAME, [Draft("correction", {
            "turn": 2, "events": [{"type": "duel.end_of_turn", "payload": {}}], "note": "?"}, None, None)])),
        ("state", lambda: fold.fold(fold.load(store, GAME))),
    ]


def _outcomes(db: Path) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    with Store.open(db) as store:
        for name, step in _steps(store):
            try:
                result = step()
            except ValidationError as exc:
                result = ("refused", exc.problems)
            if isinstance(result, list) and result and hasattr(result[0], "hash"):
                result = [(e.seq, e.type, e.turn, e.actor, e.payload, e.phase, e.visible) for e in result]
            elif hasattr(result, "hash"):
                result = (result.seq, result.type, result.turn, result.actor, result.payload)
            elif isinstance(result, play.ResolveReport):
                result = ([(e.seq, e.type, e.payload) for e in result.appended], result.turns, result.waiting)
            out.append((name, result))
    return out


def test_appends_from_the_latest_checkpoint_are_those_of_the_whole_game(long_game: Path, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with Store.open(long_game) as store:
        span, _ = play.at_head(store, GAME)
        assert len(span.events) < 500 < store.count(GAME)  # the span is what is read, not the whole game
    shutil.copy(long_game, tmp_path / "span.duckdb")
    shutil.copy(long_game, tmp_path / "whole.duckdb")
    fast = _outcomes(tmp_path / "span.duckdb")
    monkeypatch.setattr(play, "at_head", _whole)
    slow = _outcomes(tmp_path / "whole.duckdb")
    assert [name for name, _ in fast] == [name for name, _ in slow]
    for (name, got), (_, want) in zip(fast, slow, strict=True):
        assert got == want, name
    kinds = dict(fast)
    assert kinds["bad order"][0] == "refused" and kinds["closed turn"][0] == "refused"
    assert kinds["twice"][0] == "refused" and kinds["engine roll"][0] == "refused"
    assert kinds["wrong dice"][0] == "refused"
    assert kinds["resolve"][1], "the turn was resolved and closed"


def test_views_of_the_open_turn_from_the_latest_checkpoint_are_the_whole_games(long_game: Path,
                                                                                tmp_path: Path) -> None:
    from replay import views

    db = tmp_path / "open.duckdb"
    shutil.copy(long_game, db)
    with Store.open(db) as store:
        play.append_inputs(store, GAME, [Draft("order", ORDER, None, "A"), Draft("order", ORDER, None, "B"),
                                         Draft("roll", _roll(71), None, "A")])
        span, now = play.at_head(store, GAME)
        whole = fold.load(store, GAME)
        turn = span.ruleset.current_turn(now)
        assert len(span.events) < len(whole.events) and turn == whole.ruleset.current_turn(fold.fold(whole))
        assert views.turn_view(span, turn, store, now=now) == views.turn_view(whole, turn, store)
        for step in (None, 0):
            fast = views.frame_view(span, turn, step, "en", store, now=now)
            slow = views.frame_view(whole, turn, step, "en", store)
            assert fast == slow and fast.provisional
            assert span.ruleset.frame(fast) == whole.ruleset.frame(slow)
        closed = turn - 1
        assert views.frame_view(span, closed, 1, "en", store) == views.frame_view(whole, closed, 1, "en", store)
        assert span.last_upto(span.events[-1].seq - 1) == whole.last_upto(whole.events[-1].seq - 1)


def test_a_closed_turns_one_query_read_is_what_the_separate_reads_give(long_game: Path, tmp_path: Path) -> None:
    """`load_closed_turn` (game.created, the turn's span and its turn.closed in one query) answers as `is_closed`,
    `load_created` and `turn_range` do, for every turn of the game, the open one, one past it and another game."""
    db = tmp_path / "g.duckdb"
    shutil.copy(long_game, db)
    with Store.open(db) as store:
        play.append_input(store, GAME, Draft("order", ORDER, None, "A"))  # the open turn now has an event
        game = fold.load(store, GAME)
        open_turn = play.point(game, fold.fold(game)).turn
        assert open_turn is not None
        created = fold.load_created(store, GAME)
        for turn in [*range(0, open_turn + 2), -1]:
            got = fold.load_closed_turn(store, GAME, turn)
            if not fold.is_closed(store, GAME, turn):
                assert got is None, turn
                continue
            assert got is not None, turn
            g, span = got
            assert span == store.turn_range(GAME, turn)
            assert g.events == created.events and g.options == created.options
            assert fold.seek(store, g, turn, None, span) == fold.seek(store, created, turn)
        assert fold.load_closed_turn(store, "no-such-game", 1) is None
