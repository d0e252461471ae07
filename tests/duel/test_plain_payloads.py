"""The duel's `plain_payloads`: every payload its resolver writes is plain JSON without floats (dicts with str keys,
lists, str, int, bool, None), under every option; `audit` and `rerun` rely on it to compare a recorded resolution's
stored text with the bytes of the payload the rules give (`payload_equals`) instead of parsing the text."""

from __future__ import annotations

import sys
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eventlog.store import Store
from replay import audit, fold, importing, rerun
from replay.context import run
from replay.inputs import Inputs
from replay.rulesets.duel import Duel
from replay.rulesets.duel.model import DuelOptions
from replay.rulesets.duel.resolve import resolve
from tests.duel.test_duel_properties import turns

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "fixtures" / "duel").glob("*.jsonl"))
sys.path.insert(0, str(ROOT / "bench"))
import bench  # noqa: E402

VARIANTS: list[dict[str, Any]] = [
    {"counter_mode": "single"},
    {"overspend": "drop_items", "first_attack": "declared"},
    {"flip_without_advantage": False, "simultaneous_flips": True, "rest_cap": False},
    {"reroll_cost": "new", "low_stamina_attack_charge": "declared", "sharp_tongue_bonus_doubled": False,
     "low_stamina_limit": "each"},
]


def not_plain(value: Any, path: str = "payload") -> list[str]:
    """Where `value` holds anything but dicts with str keys, lists, str, int, bool and None (a float, a tuple, …)."""
    kind = type(value)
    if kind is dict:
        return [f"{path}: key {key!r}" for key in value if type(key) is not str] + [
            found for key, item in value.items() for found in not_plain(item, f"{path}.{key}")]
    if kind is list:
        return [found for i, item in enumerate(value) for found in not_plain(item, f"{path}[{i}]")]
    return [] if value is None or kind in (str, int, bool) else [f"{path}: {kind.__name__} {value!r}"]


def test_not_plain_names_what_is_not_plain():
    assert not_plain({"a": [1, "x", None, True, {"b": []}]}) == []
    assert not_plain({"a": (1, 2), "b": [0.5], 3: None, "c": {"d": float("nan")}}) == [
        "payload: key 3", "payload.a: tuple (1, 2)", "payload.b[0]: float 0.5", "payload.c.d: float nan"]


def _resolved(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[Any]:
    """The drafts of every turn `module` (audit or rerun) resolves while the test runs."""
    drafts: list[Any] = []

    def noting(*args: Any, **kwargs: Any) -> Any:
        stop = run(*args, **kwargs)
        drafts.extend(stop.drafts)
        return stop

    monkeypatch.setattr(module, "run", noting)
    return drafts


def _problems(drafts: list[Any]) -> list[str]:
    return [f"{d.type} of turn {d.turn}: {found}" for d in drafts for found in not_plain(d.payload)]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_payload_of_the_recorded_duels_is_plain_under_every_variant(path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch):
    with Store.open(":memory:") as store:
        game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
        game = fold.load(store, game_id)
    audited = _resolved(monkeypatch, audit)
    audit.audit(game)
    rerun_drafts = _resolved(monkeypatch, rerun)
    for options in VARIANTS:
        rerun.rerun(game, None, options)
    assert audited and rerun_drafts and Duel.plain_payloads
    assert _problems(audited) == [] and _problems(rerun_drafts) == []


def test_every_payload_of_a_long_duel_is_plain(monkeypatch: pytest.MonkeyPatch):
    game = fold.game_from_events(bench.duel_log(1500))
    drafts = _resolved(monkeypatch, audit)
    audit.audit(game)
    assert len(drafts) > 400 and _problems(drafts) == []


def _option_values(annotation: Any) -> st.SearchStrategy[Any]:
    return st.booleans() if annotation is bool else st.sampled_from(typing.get_args(annotation))


options = st.fixed_dictionaries({name: _option_values(field.annotation)
                                 for name, field in DuelOptions.model_fields.items()}).map(lambda o: DuelOptions(**o))


@settings(max_examples=200, deadline=None)
@given(turns(), options)
def test_every_payload_of_a_random_turn_is_plain_under_random_options(case, duel_options):
    s, log = case
    drafts = resolve(s, 1, Inputs(log.recorded), duel_options)
    assert drafts and _problems(drafts) == []
