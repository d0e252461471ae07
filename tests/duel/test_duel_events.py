"""The typed resolution events: every recorded payload validates, a wrong or missing field is refused by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.ruleset import get as get_ruleset
from replay.rulesets.duel import events
from replay.rulesets.duel.events import EVENTS, PayloadError, Reveal, Strike, validate_payload
from replay.rulesets.duel.model import RESOLUTION_TYPES

FIXTURES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "duel").glob("*.jsonl"))


def resolutions(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """(type, payload) of every resolution in a recorded log, a ruling's asserted events included."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event["type"] in RESOLUTION_TYPES:
            out.append((event["type"], event["payload"]))
        elif event["type"] == "ruling":
            out += [(inner["type"], inner["payload"]) for inner in event["payload"]["events"]]
    return out


def plain(value: Any) -> Any:
    """A typed event as plain data, tuples as lists (a trusted event keeps the payload's lists)."""
    if isinstance(value, events.Part):
        return {name: plain(getattr(value, name)) for name in type(value).model_fields}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def strike(**changes: Any) -> dict[str, Any]:
    payload = {"attacker": "A", "defender": "B", "N": 2, "Phi": 0, "D": 1, "E": 1, "P": 1, "U": 1, "m": 1,
               "killer_blow": False, "damage": 1, "damage_total": 1, "parried": 1, "neutralized": [],
               "simultaneous": False, "dead": False, "why": ["…"], "rule": "§3", "defaults": []}
    return {**payload, **changes}


def test_every_resolution_type_has_its_class():
    assert set(EVENTS) == RESOLUTION_TYPES
    assert all(cls.type == kind for kind, cls in EVENTS.items())


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_recorded_resolution_payload_validates(path: Path):
    found = resolutions(path)
    assert found
    for kind, payload in found:
        assert validate_payload(kind, payload) == [], kind
        assert plain(events.trusted(kind, payload)) == plain(EVENTS[kind].validate(payload)), kind


def test_the_fixtures_hold_every_type_but_concede():
    kinds = {kind for path in FIXTURES for kind, _ in resolutions(path)}
    assert kinds == RESOLUTION_TYPES - {"duel.concede"}


def test_a_wrong_field_type_is_refused_naming_the_field():
    assert validate_payload("duel.strike", strike(damage="2")) == ["damage: Input should be a valid integer"]
    with pytest.raises(PayloadError) as refused:
        Strike.validate(strike(dead=1))
    assert refused.value.problems == ["dead: Input should be a valid boolean"]


def test_a_missing_field_is_refused_naming_it_even_deep_inside():
    payload = strike()
    del payload["damage_total"]
    assert validate_payload("duel.strike", payload) == ["damage_total: Field required"]
    (kind, reveal), *_ = resolutions(FIXTURES[0])
    side = dict(reveal["sides"]["A"])
    del side["obtained"]
    problems = validate_payload(kind, {**reveal, "sides": {**reveal["sides"], "A": side}})
    assert problems == ["sides.A.obtained: Field required"]


def test_an_unknown_field_or_type_is_refused():
    assert validate_payload("duel.strike", strike(colour="red")) == ["colour: Extra inputs are not permitted"]
    assert validate_payload("duel.parry", {})[0].startswith("type: 'duel.parry' is not a duel resolution")


def test_a_partial_ruling_payload_is_forgiven_its_missing_fields_not_its_wrong_ones():
    assert validate_payload("duel.strike", {"attacker": "A", "defender": "B", "damage": 2}, partial=True) == []
    assert validate_payload("duel.strike", {"damage": "2"}, partial=True) == ["damage: Input should be a valid integer"]


def test_a_trusted_event_is_typed_all_the_way_down_and_knows_what_it_was_given():
    (kind, payload), *_ = resolutions(FIXTURES[0])
    reveal = events.trusted(kind, payload)
    assert isinstance(reveal, Reveal)
    assert reveal.sides["A"].activate.killer_blow in (True, False)
    assert reveal.strike_order.mode in ("sequential", "simultaneous", "none")
    partial = Strike.trusted({"attacker": "A", "defender": "B"})
    assert partial.given("attacker") and not partial.given("damage_total")


def asserted() -> list[tuple[str, dict[str, Any]]]:
    """(type, payload) of every event a GM ruling asserts in the recorded duels."""
    out = []
    for path in FIXTURES:
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event["type"] == "ruling":
                out += [(inner["type"], inner["payload"]) for inner in event["payload"]["events"]]
    return out


def test_validate_event_takes_every_recorded_and_asserted_payload():
    duel = get_ruleset("duel")
    assert asserted()
    for path in FIXTURES:
        for kind, payload in resolutions(path):
            assert duel.validate_event(kind, payload) == [], kind


def test_validate_event_is_partial_for_a_ruling_and_names_a_wrong_type():
    duel = get_ruleset("duel")
    assert duel.validate_event("duel.strike", {"attacker": "A", "damage": 2}) == []
    assert duel.validate_event("duel.strike", {"attacker": "A", "damage": "2"}) == [
        "damage: Input should be a valid integer"]
    whole = strike()
    del whole["damage_total"]  # the rules wrote it (why, rule, defaults): it must be whole
    assert duel.validate_event("duel.strike", whole) == ["damage_total: Field required"]
