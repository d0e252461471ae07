"""Nothing lost under races and kills, in CI's few seconds (tests/stress.py; `python bench/stress.py` runs the long
loops): two writer processes racing for one game, and `battlelog import` SIGKILLed mid-way."""

from __future__ import annotations

from tests.stress import kill_loop, race


def test_two_writer_processes_fork_nothing_and_lose_no_acknowledged_append(tmp_path):
    figures = race(str(tmp_path / "race.duckdb"), writers=2, appends=150, burst=10)
    assert figures == {"writers": 2, "appends": 300, "events": 301, "forks": 0, "lost": 0}


def test_an_import_killed_mid_way_leaves_no_partial_game(tmp_path):
    figures = kill_loop(str(tmp_path / "kill.duckdb"), kills=3, turns=200, work=tmp_path, seed=3)
    assert figures["partial"] == 0, figures
    assert figures["kills"] == 3 and figures["committed"] >= 1, figures  # the first round runs whole
