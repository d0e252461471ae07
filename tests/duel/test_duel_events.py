"""The typed resolution events: every recorded payload validates, a wrong or missing field is refused by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.ruleset import get as get_ruleset
from replay.ruleset import payload_problems
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


# --- `fits`: the check of a whole payload that spares pydantic, never taking what pydantic refuses --------------------

def concede() -> dict[str, Any]:
    return {"duelist": "B", "winner": "A", "result": {"winner": "A"}, "why": ["B yields"], "rule": "A27",
            "defaults": []}


def samples() -> list[tuple[str, dict[str, Any]]]:
    """One recorded whole payload of each type (a strike with neutralized attacks and a reveal with obtained items
    lost among them), and a concession."""
    found: dict[str, dict[str, Any]] = {}
    for path in FIXTURES:
        for kind, payload in resolutions(path):
            if {"why", "rule", "defaults"} <= payload.keys() and kind not in found:
                found[kind] = payload
    return [*found.items(), ("duel.concede", concede())]


def pydantic_problems(kind: str, payload: Any) -> list[str]:
    return payload_problems({kind: EVENTS[kind].pydantic_model()}, kind, payload, ruleset="duel")


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside a payload (a dict's keys, a list's positions), outermost first."""
    out = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            out += paths(inner, (*path, key))
    elif isinstance(value, list):
        for k, inner in enumerate(value):
            out += paths(inner, (*path, k))
    return out


def changed(payload: Any, path: tuple[Any, ...], make: Any) -> Any:
    """A deep copy of the payload with the value at `path` replaced by `make(value)` (deleted when it is DELETE)."""
    copy = json.loads(json.dumps(payload))
    *outer, last = path
    holder = copy
    for key in outer:
        holder = holder[key]
    new = make(holder[last])
    if new is DELETE:
        del holder[last]
    else:
        holder[last] = new
    return copy


DELETE = object()
WRONG = [None, True, False, 0, 7, -2**70, 1.0, 2.5, "", "A", "attack", "draw", [], [1, "rest"], [1], [1, "rest", 2],
         ["rest", 1], [[1, "rest"]], ["x"], {}, {"winner": "A"}]
"""Values put in place of each value of a payload: every JSON kind, and the ones that fit some field."""


@pytest.mark.parametrize(("kind", "payload"), samples(), ids=lambda x: x if isinstance(x, str) else "")
def test_fits_agrees_with_pydantic_on_every_value_made_wrong_missing_or_extra(kind: str, payload: dict[str, Any]):
    assert events.fits(kind, payload) and pydantic_problems(kind, payload) == []
    refused = {"wrong": 0, "missing": 0, "extra": 0}
    for path in paths(payload):
        where = ".".join(str(part) for part in path)
        in_pair = any(part in ("obtained", "dropped", "lost") for part in path[:-1])
        for wrong in WRONG:
            bad = changed(payload, path, lambda _, wrong=wrong: wrong)
            problems = pydantic_problems(kind, bad)
            assert validate_payload(kind, bad) == problems
            if problems:
                refused["wrong"] += 1
                assert not events.fits(kind, bad), (where, wrong)
                assert all(p.startswith(where) for p in problems), (where, wrong, problems)
            elif not in_pair:  # pydantic reads an obtained pair lax ([1.0, "rest"]): `fits` may leave it to pydantic
                assert events.fits(kind, bad), (where, wrong)
        missing = changed(payload, path, lambda _: DELETE)
        problems = pydantic_problems(kind, missing)
        assert events.fits(kind, missing) == (problems == []), where
        if problems and isinstance(path[-1], str):  # a field left out (not a list's value)
            refused["missing"] += 1
            assert validate_payload(kind, missing) == [f"{where}: Field required"]
            assert validate_payload(kind, missing, partial=True) == []
    for path in [(), *paths(payload)]:
        holder = payload
        for part in path:
            holder = holder[part]
        if isinstance(holder, dict):
            extra = changed({"root": payload}, ("root", *path), lambda value: {**value, "colour": "red"})["root"]
            problems = pydantic_problems(kind, extra)
            assert events.fits(kind, extra) == (problems == []), path
            if problems:
                refused["extra"] += 1
                where = ".".join(str(part) for part in (*path, "colour"))
                assert validate_payload(kind, extra) == problems
                assert problems == [f"{where}: Extra inputs are not permitted"] or path[-1] == "sides", problems
    assert all(refused.values()), refused


def test_fits_refuses_what_is_not_a_payload_of_its_type():
    assert not events.fits("duel.parry", strike())
    assert not events.fits("duel.strike", [strike()])
    assert not events.fits("duel.strike", {**strike(), "why": ("…",)})  # strict: a JSON array reads as a list only
    assert events.fits("duel.strike", strike(N=2**80))  # pydantic takes a big int: so does fits
    assert pydantic_problems("duel.strike", strike(N=2**80)) == []


def test_fits_is_made_from_the_annotations_and_refuses_a_type_it_does_not_know():
    source = events.fits_source()
    for cls in EVENTS.values():
        assert f"def fits_{cls.__name__}(v):" in source
        assert all(f"f_{name}" in source for name in cls.model_fields)
    assert "def fits_RollRecord(v):" in source and "def fits_Initiative(v):" in source
    with pytest.raises(TypeError, match="no check of a payload field typed"):
        events._check(float, "f_x", 0)
    with pytest.raises(TypeError, match="no check of a payload field typed"):
        events._check(tuple[int, int], "f_x", 0)
