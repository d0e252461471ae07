"""The read classes of posts and frames (`reads.py`) are those of `events.py` without pydantic: the same classes,
fields and nesting, and every recorded payload reads the same through both."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from eventlog.envelope import Event
from replay.rulesets.duel import events, reads
from replay.rulesets.duel.model import RESOLUTION_TYPES

FIXTURES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "duel").glob("*.jsonl"))


def _parts(module: Any, base: type) -> dict[str, type]:
    return {name: cls for name, cls in vars(module).items()
            if isinstance(cls, type) and issubclass(cls, base) and cls.__module__ == module.__name__}


def _annotated(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        names += [n for n, a in vars(klass).get("__annotations__", {}).items()
                  if not str(a).startswith("ClassVar") and n not in names]
    return names


def test_the_same_classes_with_the_same_fields_and_nesting():
    typed, plain = _parts(events, events.Part), _parts(reads, reads.Part)
    assert set(typed) == set(plain)
    for name, cls in typed.items():
        assert _annotated(plain[name]) == list(cls.model_fields), name
        assert {k: (kind, part.__name__) for k, (kind, part) in plain[name].nested.items()} == \
            {k: (kind, part.__name__) for k, (kind, part) in cls.nested.items()}, name
    assert {t: c.__name__ for t, c in reads.READS.items()} == {t: c.__name__ for t, c in events.EVENTS.items()}


def _same(typed: Any, plain: Any, where: str) -> None:
    if isinstance(typed, events.Part):
        assert type(plain).__name__ == type(typed).__name__, where
        for name in type(typed).model_fields:
            assert plain.given(name) == typed.given(name), f"{where}.{name}"
            if typed.given(name):
                _same(getattr(typed, name), getattr(plain, name), f"{where}.{name}")
            else:
                with pytest.raises(AttributeError):
                    getattr(plain, name)
        return
    assert type(plain) is type(typed), where
    if isinstance(typed, list):
        assert len(plain) == len(typed), where
        for i, (t, p) in enumerate(zip(typed, plain, strict=True)):
            _same(t, p, f"{where}[{i}]")
    elif isinstance(typed, dict):
        assert list(plain) == list(typed), where
        for k in typed:
            _same(typed[k], plain[k], f"{where}[{k}]")
    else:
        assert plain == typed, where


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_recorded_resolution_reads_the_same(path: Path):
    seen = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        e = json.loads(line)
        found = [(e["type"], e["payload"])] if e["type"] in RESOLUTION_TYPES else \
            [(i["type"], i["payload"]) for i in e["payload"]["events"]] if e["type"] == "ruling" else []
        for kind, payload in found:
            event = Event("g", 1, kind, 1, None, payload, None, "", "", "")
            _same(events.of(event), reads.of(event), kind)
            seen += 1
    assert seen


def test_a_field_a_ruling_left_out_is_absent_as_in_the_typed_class():
    payload = {"attacker": "A", "defender": "B", "damage": 2}
    typed, plain = events.Strike.trusted(payload), reads.Strike.trusted(payload)
    _same(typed, plain, "strike")
    with pytest.raises(AttributeError, match="'Strike' object has no attribute 'N'"):
        plain.N  # noqa: B018
    with pytest.raises(AttributeError, match="'Strike' object has no attribute 'N'"):
        typed.N  # noqa: B018
    assert reads.of(Event("g", 1, "order", 1, "A", {}, None, "", "", "")) is None
