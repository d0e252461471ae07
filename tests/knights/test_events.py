"""events.py: every recorded resolution payload validates as its typed event; a wrong one is refused by field."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from replay.ruleset import get as get_ruleset
from replay.rulesets.knights.events import EVENTS, Move, Ram, trusted, validate_payload
from replay.rulesets.knights.model import RESOLUTION_TYPES

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "knights"


def recorded() -> list[tuple[str, int, str, dict]]:
    """(file, seq, type, payload) of every resolution event in the recorded games (not a ruling's asserted ones)."""
    out = []
    for path in sorted(FIXTURES.rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event["type"] in RESOLUTION_TYPES:
                out.append((path.relative_to(FIXTURES).as_posix(), event["seq"], event["type"], event["payload"]))
    return out


def first(type_: str) -> dict:
    return copy.deepcopy(next(p for _, _, t, p in recorded() if t == type_))


def test_every_resolution_type_has_one_class():
    assert set(EVENTS) == RESOLUTION_TYPES
    assert all(cls.type == t for t, cls in EVENTS.items())


def test_every_recorded_resolution_payload_validates():
    events = recorded()
    assert {t for _, _, t, _ in events} == RESOLUTION_TYPES  # the fixtures exercise every type
    problems = [(f, seq, t, validate_payload(t, p)) for f, seq, t, p in events]
    assert [x for x in problems if x[3]] == []


def test_a_missing_field_is_refused_by_name():
    ram = first("knights.ram")
    del ram["attacker"]
    assert validate_payload("knights.ram", ram) == ["attacker: Field required"]


def test_a_wrong_type_is_refused_naming_the_nested_field():
    ram = first("knights.ram")
    ram["n"] = "one"
    ram["impetus"]["value"] = "big"
    problems = validate_payload("knights.ram", ram)
    assert [p.split(":")[0] for p in problems] == ["n", "impetus.value"]
    move = first("knights.move")
    move["path"][0]["kind"] = "fly"
    assert [p.split(":")[0] for p in validate_payload("knights.move", move)] == ["path.0"]


def test_an_unknown_field_or_type_is_refused():
    end = first("knights.end")
    end["winer"] = "alice"
    assert validate_payload("knights.end", end) == ["winer: Extra inputs are not permitted"]
    assert validate_payload("knights.jump", {})[0].startswith("type: 'knights.jump' is not a knights resolution")


def test_trusted_reads_the_payload_as_validated_does():
    for type_ in ("knights.ram", "knights.move", "knights.end_of_turn"):
        payload = first(type_)
        fast, checked = trusted(type_, payload), EVENTS[type_].validate(payload)
        assert type(fast) is type(checked)
        assert {f: getattr(fast, f) for f in type(fast).model_fields} == dict(checked)
    move = trusted("knights.move", first("knights.move"))
    assert isinstance(move, Move) and move.ladies == {} and move.rams_add == []  # defaults for what it leaves out
    with pytest.raises(AttributeError):
        Ram.trusted({"n": 1}).attacker  # noqa: B018 (a required field it lacks)


def test_events_are_frozen():
    event = EVENTS["knights.roles"].validate(first("knights.roles"))
    with pytest.raises(Exception, match="frozen"):
        event.lot = 2  # type: ignore[misc]


def ruled() -> list[tuple[str, int, str, dict]]:
    """(file, seq, type, payload) of every event a GM ruling or correction asserts in the recorded games."""
    out = []
    for path in sorted(FIXTURES.rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event["type"] in ("ruling", "correction"):
                out += [(path.relative_to(FIXTURES).as_posix(), event.get("seq", 0), inner["type"], inner["payload"])
                        for inner in event["payload"]["events"]]
    return out


def ruled_ram() -> dict:
    return copy.deepcopy(next(p for f, _, t, p in ruled() if f == "ruling.jsonl" and t == "knights.ram"))


def test_a_ruling_may_assert_a_partial_payload_but_not_a_wrong_type():
    ram = ruled_ram()
    assert validate_payload("knights.ram", ram, partial=True) == []
    assert "parts: Field required" in validate_payload("knights.ram", ram)
    ram["impetus"]["value"] = "big"
    assert [p.split(":")[0] for p in validate_payload("knights.ram", ram, partial=True)] == ["impetus.value"]


def test_validate_event_is_strict_for_the_rules_and_partial_for_a_ruling():
    knights = get_ruleset("knights")
    assert ruled() and all(knights.validate_event(t, p) == [] for _, _, t, p in ruled())
    assert all(knights.validate_event(t, p) == [] for _, _, t, p in recorded())
    whole = first("knights.ram")
    del whole["parts"]  # the rules wrote it (why, rule, defaults): it must be whole
    assert knights.validate_event("knights.ram", whole) == ["parts: Field required"]


def test_validate_event_refuses_a_wrong_type_in_a_rulings_payload_by_field():
    ram = ruled_ram()
    ram["outcome"] = "smashed"
    ram["knights"]["r1"]["accel"] = "fast"
    problems = get_ruleset("knights").validate_event("knights.ram", ram)
    assert [p.split(":")[0] for p in problems] == ["knights.r1.accel", "outcome"]
