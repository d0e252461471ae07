"""The hand-written knights logs replay under the rules, their chain verifies and their audit is clean.

They sit in fixtures/knights/pending/ until the knights frame and post exist; the recorded-games suite (which also
snapshots posts and frames) picks up fixtures/*/*.jsonl only.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store, verify_chain
from replay import audit, driver

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "fixtures" / "knights").rglob("*.jsonl"))


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_log_replays_and_audits_clean(path, tmp_path):
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        game = driver.load(store, game_id)
    verify_chain(game.events)
    report = audit.audit(game)
    assert report.clean, report.findings
    state = driver.fold(game)
    assert game.ruleset.current_turn(state) is None or state.turn >= 1


def test_joust_ends_by_concession(tmp_path):
    path = ROOT / "fixtures" / "knights" / "pending" / "joust.jsonl"
    with Store.open(tmp_path / "g.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"), source="joust"))))
    state = driver.fold(game)
    assert state.result == {"reason": "concession", "winner": "alice", "honor": {"alice": 3, "bob": 6}}
    rams = [e for e in game.events if e.type == "knights.ram"]
    assert len(rams) == 1 and rams[0].payload["outcome"] == "attacker_struck"
    assert rams[0].payload["attacker_state"]["pose"] == {"x": 15, "y": 5, "f": 6}  # backed off to first contact (K5)
