"""Audit keeps the state its re-resolution folded for a turn whose steps are the log's very steps (the duel's reducer
reads only an event's type, turn and payload): the findings are those of folding the log's steps, turn by turn."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from eventlog.envelope import Event
from eventlog.store import Store
from replay import audit, fold, importing, rerun
from replay.rulesets.duel import Duel

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "fixtures" / "duel").glob("*.jsonl"))
sys.path.insert(0, str(ROOT / "bench"))
import bench  # noqa: E402


def _audits(events: list[Event], monkeypatch: pytest.MonkeyPatch) -> tuple[audit.AuditReport, audit.AuditReport, int]:
    """The audit as shipped, the audit folding every recorded step itself, and how many turns kept the state."""
    kept = 0
    inner = audit._audit_turn

    def counting(*args: object, **kwargs: object) -> object:
        nonlocal kept
        findings, after = inner(*args, **kwargs)  # type: ignore[arg-type]
        kept += after is not None
        return findings, after

    with monkeypatch.context() as m:
        m.setattr(audit, "_audit_turn", counting)
        shipped = audit.audit(fold.game_from_events(events))
    with monkeypatch.context() as m:
        m.setattr(Duel, "evolve_reads", None)
        plain = audit.audit(fold.game_from_events(events))
    return shipped, plain, kept


def _events(path: Path) -> list[Event]:
    with Store.open(":memory:") as store:
        game = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
        return list(fold.load(store, game).events)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_recorded_duel_audits_alike_either_way(path: Path, monkeypatch: pytest.MonkeyPatch):
    shipped, plain, _ = _audits(_events(path), monkeypatch)
    assert shipped.findings == plain.findings and shipped.turns == plain.turns


def test_a_long_duel_keeps_the_state_and_a_changed_turn_is_folded_from_the_log(monkeypatch: pytest.MonkeyPatch):
    events = bench.duel_log(1500)
    shipped, plain, kept = _audits(events, monkeypatch)
    assert shipped.clean and shipped.findings == plain.findings == [] and kept == shipped.turns > 200
    # the log's end of turn 3 says A kept one more stamina than the rules give: turn 3 differs, and turn 4, audited
    # from the state the log records, starts from that stamina (the rules' own state would make it clean)
    at = next(i for i, e in enumerate(events) if e.type == "duel.end_of_turn" and e.turn == 3)
    payload = json.loads(json.dumps(events[at].payload))
    payload["sides"]["A"]["stamina"] += 1
    events[at] = replace(events[at], payload=payload)
    shipped, plain, kept = _audits(events, monkeypatch)
    assert shipped.findings == plain.findings
    assert {f.turn for f in shipped.findings} >= {3, 4}
    assert kept < shipped.turns


VARIANTS = [{}, {"counter_mode": "single"}, {"overspend": "drop_items"}, {"first_attack": "declared"},
            {"simultaneous_flips": True}, {"flip_without_advantage": False}]


def _reruns(events: list[Event], options: dict[str, object],
            monkeypatch: pytest.MonkeyPatch) -> tuple[rerun.RerunReport, rerun.RerunReport, int]:
    """The rerun as shipped, the rerun folding every recorded turn itself, and minus how many turns the shipped one
    folded from the log."""
    kept = 0
    folds = rerun.fold_events

    def counting(*args: object) -> object:
        nonlocal kept
        kept -= 1
        return folds(*args)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        m.setattr(rerun, "fold_events", counting)
        shipped = rerun.rerun(fold.game_from_events(events), None, options)
    with monkeypatch.context() as m:
        m.setattr(Duel, "evolve_reads", None)
        plain = rerun.rerun(fold.game_from_events(events), None, options)
    return shipped, plain, kept


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_recorded_duel_reruns_alike_either_way(path: Path, monkeypatch: pytest.MonkeyPatch):
    events = _events(path)
    for options in VARIANTS:
        shipped, plain, _ = _reruns(events, options, monkeypatch)
        assert shipped == plain, options


def test_a_long_duel_reruns_alike_and_a_changed_turn_is_folded_from_the_log(monkeypatch: pytest.MonkeyPatch):
    events = bench.duel_log(1500)
    shipped, plain, kept = _reruns(events, {"counter_mode": "single"}, monkeypatch)
    assert shipped == plain and shipped.unchanged and kept == 0  # no turn folded from the log
    at = next(i for i, e in enumerate(events) if e.type == "duel.end_of_turn" and e.turn == 3)
    payload = json.loads(json.dumps(events[at].payload))
    payload["sides"]["A"]["stamina"] += 1
    events[at] = replace(events[at], payload=payload)
    shipped, plain, kept = _reruns(events, {"counter_mode": "single"}, monkeypatch)
    assert shipped == plain and {c.turn for c in shipped.changes} >= {3}
    assert kept < 0
