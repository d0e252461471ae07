"""Loading the knights, cerilia and warband rulesets, and reading knights, cerilia, duel and warband games, without
pydantic.

What is read without pydantic must be exactly what pydantic keeps: a recorded setup or a plain order taken as it is
equals its pydantic model's fields, and anything the plain reader does not take goes to pydantic (which refuses it
with its own message, or keeps what it coerces).
"""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from replay.rulesets.cerilia import model as cerilia_model
from replay.rulesets.cerilia.boundary import Setup as CeriliaSetup
from replay.rulesets.duel import events as duel_events
from replay.rulesets.knights import model as knights_model
from replay.rulesets.knights.boundary import Setup as KnightsSetup
from replay.rulesets.knights.boundary import TurnOrder
from replay.rulesets.knights.check import _plain_order
from replay.rulesets.knights.events import EVENTS, Move, Resolution

ROOT = Path(__file__).resolve().parents[1]


def recorded(ruleset: str, type_: str) -> list[dict[str, Any]]:
    out = []
    for path in sorted((ROOT / "fixtures" / ruleset).rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event["type"] == type_:
                out.append(event["payload"]["setup"] if type_ == "game.created" else event["payload"])
    return out


def test_loading_the_rulesets_and_reading_a_knights_game_import_no_pydantic() -> None:
    script = (
        "import json, sys\n"
        "import replay.rulesets.knights, replay.rulesets.cerilia\n"
        "from replay.ruleset import get\n"
        "from replay.rulesets.knights.evolve import apply\n"
        f"lines = open({str(ROOT / 'fixtures' / 'knights' / 'battle.jsonl')!r}, encoding='utf-8').read().splitlines()\n"
        "events = [json.loads(line) for line in lines]\n"
        "knights = get('knights')\n"
        "state = knights.initial(events[0]['payload']['setup'], knights.OptionsModel())\n"
        "for e in events[1:]:\n"
        "    state = apply(state, e['type'], e['payload'])\n"
        "assert state.result is not None\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('pydantic', 'typing_extensions')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def _model_fields(made: Any, names: Any) -> dict[str, Any]:
    return {name: _plain(getattr(made, name)) for name in names}


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return {k: _plain(v) for k, v in vars(value).items()}
    return value


def test_a_recorded_setup_reads_as_pydantic_keeps_it() -> None:
    for setup in recorded("knights", "game.created"):
        assert knights_model._exact_setup(setup)
        assert _plain(knights_model.read_setup(setup)) == _plain(KnightsSetup.model_validate(setup))
    for setup in recorded("cerilia", "game.created"):
        assert cerilia_model._exact_setup(setup)
        assert _plain(cerilia_model.read_setup(setup)) == _plain(CeriliaSetup.model_validate(setup))


def test_a_recorded_order_reads_as_pydantic_keeps_it() -> None:
    orders = [o for o in recorded("knights", "order") if o.get("kind", "action") == "action"]
    assert orders
    for order in orders:
        plain = _plain_order(order)
        if plain is not None:
            assert _plain(plain) == _model_fields(TurnOrder.model_validate(order), TurnOrder.model_fields)


_values = st.one_of(st.none(), st.booleans(), st.integers(-2, 9), st.floats(allow_nan=False, width=16),
                    st.sampled_from(["", "r1", "b1", "left", "right", "full_ahead", "sharp_turn", "action", "x",
                                     "water", "love", "mercy", "alice", "bob", "border-skirmish", "A", "D"]),
                    st.lists(st.sampled_from(["left", "right", 1, "up"]), max_size=3))


_coordinates = st.one_of(st.integers(-(2**60), 2**60), st.floats(allow_nan=False), st.booleans(), st.just("1"))
_poses = st.one_of(
    st.fixed_dictionaries({"x": _coordinates, "y": _coordinates, "f": st.one_of(st.integers(-1, 8), st.booleans())}),
    st.dictionaries(st.sampled_from(["x", "y", "f", "z"]), _coordinates, max_size=4))
_drops = st.one_of(
    st.fixed_dictionaries({"carrier": st.sampled_from(["r1", "b3"])},
                          optional={"timing": st.one_of(st.just("before_execution"), _values,
                                                        st.dictionaries(st.text(max_size=2), st.integers(0, 3)))}),
    st.dictionaries(st.sampled_from(["carrier", "timing", "when"]), _values, max_size=3))
_orders = st.builds(
    lambda base, extra: {**base, **extra},
    st.fixed_dictionaries({"knight": st.sampled_from(["r1", "b1"]),
                           "action": st.sampled_from(["full_ahead", "sharp_turn", "return_to_battle", "jump"])}),
    st.fixed_dictionaries({}, optional={"kind": _values, "turn_dir": _values, "lady_pickup": _values,
                                        "return_pose": st.none() | _poses, "lady_drop": st.none() | _drops,
                                        "other": _values}))


@settings(max_examples=500, deadline=None)
@given(_orders | st.dictionaries(st.sampled_from(["kind", "knight", "action", "turn_dir", "lady_pickup", "return_pose",
                                                  "lady_drop", "other"]), _values | _poses | _drops, max_size=6))
def test_an_order_the_plain_reader_takes_is_what_pydantic_keeps(order: dict[str, Any]) -> None:
    plain = _plain_order(order)
    if plain is None:
        return
    assert _plain(plain) == _model_fields(TurnOrder.model_validate(order), TurnOrder.model_fields)


def _mutations(setup: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A recorded setup with one value somewhere in it replaced (or a key added or removed)."""

    def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        out = [at]
        if isinstance(value, dict):
            for k, v in value.items():
                out += paths(v, (*at, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                out += paths(v, (*at, i))
        return out

    def mutate(path: tuple[Any, ...], value: Any, remove: bool, key: str) -> dict[str, Any]:
        copy = json.loads(json.dumps(setup))
        if not path:
            copy[key] = value
            return copy
        holder = copy
        for part in path[:-1]:
            holder = holder[part]
        if remove and isinstance(holder, dict):
            del holder[path[-1]]
        else:
            holder[path[-1]] = value
        return copy

    keys = st.sampled_from(["edges", "challenger", "budget", "terrain_cards", "fortification_level", "extra"])
    return st.builds(mutate, st.sampled_from(paths(setup)), _values | st.dictionaries(keys, _values, max_size=2),
                     st.booleans(), keys)


@pytest.mark.parametrize("ruleset", ["knights", "cerilia"])
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_setup_the_plain_reader_takes_is_what_pydantic_keeps(ruleset: str, data: st.DataObject) -> None:
    model, boundary = (knights_model, KnightsSetup) if ruleset == "knights" else (cerilia_model, CeriliaSetup)
    setup = data.draw(_mutations(recorded(ruleset, "game.created")[0]))
    if model._exact_setup(setup):
        assert _plain(model.read_setup(setup)) == _plain(boundary.model_validate(setup))
        return
    try:
        kept = boundary.model_validate(setup)
    except ValidationError as exc:
        with pytest.raises(ValidationError) as raised:
            model.read_setup(setup)
        assert str(raised.value) == str(exc)
    else:
        assert _plain(model.read_setup(setup)) == _plain(kept)


def test_an_event_class_is_a_lazy_model_with_pydantic_s_fields_and_messages() -> None:
    assert "why" in Move.model_fields and "path" in Move.model_fields
    assert all(issubclass(cls, Resolution) for cls in EVENTS.values())
    with pytest.raises(ValidationError) as raised:
        Move.validate({"path": [{"kind": "jump"}]})
    assert any(e["loc"][:2] == ("path", 0) for e in raised.value.errors())
    with pytest.raises(TypeError, match="frozen"):
        Move.trusted({}).knight = "r1"  # type: ignore[misc]
    event = Move.trusted({"knight": "r1", "path": [{"kind": "place"}]})
    for copied in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert type(copied) is Move and copied == event and copied.given("knight") and not copied.given("end")
    assert copy.deepcopy(event).path is not event.path


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"knight": st.just("r1"), "action": st.just("return_to_battle"),
                              "return_pose": _poses.filter(lambda p: p.keys() == {"x", "y", "f"})},
                             optional={"lady_drop": _drops}))
def test_a_return_pose_or_lady_drop_the_plain_reader_takes_is_what_pydantic_keeps(order: dict[str, Any]) -> None:
    plain = _plain_order(order)
    if plain is not None:
        assert _plain(plain) == _model_fields(TurnOrder.model_validate(order), TurnOrder.model_fields)


def test_loading_the_warband_ruleset_imports_no_pydantic_until_a_setup_or_event_is_read() -> None:
    script = (
        "import sys\n"
        "import replay.rulesets.warband\n"
        "from replay.ruleset import get\n"
        "warband = get('warband')\n"
        "assert warband.resolution_types and warband.OptionsModel().step_cm == 1.0\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('pydantic', 'typing_extensions')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def test_the_warband_s_listed_types_and_setup_models_are_its_events_and_boundary_s() -> None:
    from replay.ruleset import get
    from replay.rulesets.warband import boundary, events
    from replay.rulesets.warband import model as warband_model

    assert frozenset(events.EVENTS) == warband_model.RESOLUTION_TYPES
    assert warband_model.Setup is boundary.Setup is get("warband").setup_model()
    assert warband_model.WarriorSetup is boundary.WarriorSetup
    with pytest.raises(AttributeError):
        warband_model.NoSuchModel  # noqa: B018
    setup = recorded("warband", "game.created")[0]
    assert get("warband").validate_setup(setup) == []
    assert get("warband").validate_setup({**setup, "sides": setup["sides"][:1]})


# --- the duel: its resolution classes are LazyModels whose nested parts are LazyModels too ------------------------


def test_reading_a_duel_game_through_its_event_classes_imports_no_pydantic() -> None:
    script = (
        "import json, sys\n"
        "from eventlog.envelope import Event\n"
        "from replay.ruleset import get\n"
        "from replay.rulesets.duel import events\n"
        f"lines = open({str(ROOT / 'fixtures' / 'duel' / 'traits-3.jsonl')!r}, encoding='utf-8').read().splitlines()\n"
        "duel = get('duel')\n"
        "raw = [json.loads(line) for line in lines]\n"
        "state = duel.initial(raw[0]['payload']['setup'], duel.OptionsModel())\n"
        "read = 0\n"
        "for e in raw[1:]:\n"
        "    event = Event('g', e['seq'], e['type'], e['turn'], e.get('actor'), e['payload'], None, '', '', '')\n"
        "    state = duel.evolve(state, event)\n"
        "    typed = events.of(event)\n"
        "    if isinstance(typed, events.Reveal):\n"
        "        read += sum(s.activate.killer_blow in (True, False) and len(s.rolls) for s in typed.sides.values())\n"
        "assert read and state.turn\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('pydantic', 'typing_extensions')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def _duel_payloads() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted((ROOT / "fixtures" / "duel").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event["type"] in duel_events.EVENTS:
                out.append((event["type"], event["payload"]))
            elif event["type"] == "ruling":
                out += [(inner["type"], inner["payload"]) for inner in event["payload"]["events"]]
    return out


_DUEL = _duel_payloads()


def _typed_plain(value: Any) -> Any:
    """A duel event as plain data: each part's given fields (tuples as lists, as a trusted event keeps them)."""
    if isinstance(value, duel_events.Part):
        return {name: _typed_plain(getattr(value, name)) for name in type(value).model_fields if value.given(name)}
    if isinstance(value, list | tuple):
        return [_typed_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _typed_plain(v) for k, v in value.items()}
    return value


_duel_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.floats(allow_nan=False, width=16),
                         st.sampled_from(["", "A", "B", "x", "2", "attack", "high", "draw", "accept", "scratch"]),
                         st.lists(st.sampled_from([1, "attack", "rest", True]), max_size=3),
                         st.fixed_dictionaries({"winner": st.sampled_from(["A", 1])}))


@st.composite
def _duel_mutations(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A recorded duel payload with one value somewhere in it replaced, removed, or a key added."""
    kind, payload = draw(st.sampled_from(_DUEL))
    payload = json.loads(json.dumps(payload))
    holders: list[tuple[Any, Any]] = []

    def walk(value: Any) -> None:
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            holders.append((value, key))
            walk(inner)

    walk(payload)
    holder, key = draw(st.sampled_from(holders))
    how = draw(st.sampled_from(["replace", "remove", "add"]))
    if how == "remove" and isinstance(holder, dict):
        del holder[key]
    elif how == "add" and isinstance(holder, dict):
        holder["extra"] = draw(_duel_values)
    else:
        holder[key] = draw(_duel_values)
    return kind, payload


@settings(max_examples=400, deadline=None)
@given(_duel_mutations() | st.sampled_from(_DUEL))
def test_a_duel_payload_pydantic_takes_reads_trusted_as_pydantic_keeps_it(found: tuple[str, dict[str, Any]]) -> None:
    kind, payload = found
    cls = duel_events.EVENTS[kind]
    strict = duel_events.validate_payload(kind, payload)
    if strict:
        with pytest.raises(duel_events.PayloadError) as refused:
            cls.validate(payload)
        assert refused.value.problems == strict
        with pytest.raises(ValidationError):
            cls.model_validate(payload)
        assert duel_events.validate_payload(kind, payload, partial=True) == [
            p for p in strict if not p.endswith(": Field required")]
    else:
        assert _typed_plain(cls.trusted(payload)) == _typed_plain(cls.validate(payload))
    if not duel_events.validate_payload(kind, payload, partial=True):  # what a ruling may assert: read as given
        trusted = cls.trusted(payload)
        assert {name for name in cls.model_fields if trusted.given(name)} == payload.keys()
        for name in cls.model_fields.keys() - payload.keys():
            with pytest.raises(AttributeError, match=f"'{cls.__name__}' object has no attribute '{name}'"):
                getattr(trusted, name)


def test_a_duel_event_is_a_frozen_lazy_model_with_typed_nested_parts() -> None:
    kind, payload = next(found for found in _DUEL if found[0] == "duel.reveal")
    reveal = duel_events.trusted(kind, payload)
    side = next(iter(reveal.sides.values()))
    assert isinstance(reveal, duel_events.Reveal) and isinstance(side, duel_events.RevealSide)
    assert isinstance(side.activate, duel_events.Activation) and all(
        isinstance(r, duel_events.RollRecord) for r in side.rolls)
    assert isinstance(duel_events.Reveal.validate(payload).sides[next(iter(reveal.sides))].activate,
                      duel_events.Activation)
    assert reveal.sides is not payload["sides"] and payload["sides"] == json.loads(json.dumps(payload))["sides"]
    with pytest.raises(TypeError, match="frozen"):
        reveal.turn = 3  # type: ignore[misc]
    for copied in (copy.copy(reveal), copy.deepcopy(reveal), pickle.loads(pickle.dumps(reveal))):
        assert type(copied) is duel_events.Reveal and _typed_plain(copied) == _typed_plain(reveal)
    assert "obtained" in duel_events.RevealSide.model_fields and "why" in duel_events.Reveal.model_fields


# --- warband: its setup and its events read (and its events made) without pydantic when that is sure --------------


def test_reading_a_warband_game_and_making_its_events_import_no_pydantic() -> None:
    script = (
        "import json, sys\n"
        "from eventlog.envelope import Event\n"
        "from replay.ruleset import get\n"
        "from replay.rulesets.warband import events\n"
        f"lines = open({str(ROOT / 'fixtures' / 'warband' / 'nightfall.jsonl')!r}, encoding='utf-8')"
        ".read().splitlines()\n"
        "warband = get('warband')\n"
        "raw = [json.loads(line) for line in lines]\n"
        "state = warband.initial(raw[0]['payload']['setup'], warband.OptionsModel())\n"
        "for e in raw[1:]:\n"
        "    if e['type'] in events.EVENTS:\n"
        "        state = warband.evolve(state, Event('g', e['seq'], e['type'], e['turn'], e.get('actor'), e['payload'],"
        " None, '', '', ''))\n"
        "assert state.status == 'ended'\n"
        "made = events.Moved(warrior='a', path=[(0, 1)], length=1, allowance=2, rolled=False, facing=0, z=0, why=[],"
        " rule='')\n"
        "assert made.model_dump(mode='json')['path'] == [[0.0, 1.0]]\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('pydantic', 'typing_extensions')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def _warband_payloads() -> list[tuple[str, dict[str, Any]]]:
    from replay.rulesets.warband import events as warband_events

    out = []
    for path in sorted((ROOT / "fixtures" / "warband").rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event["type"] in warband_events.EVENTS:
                out.append((event["type"], event["payload"]))
    return out


_WARBAND = _warband_payloads()


def _exactly(value: Any) -> Any:
    """A value with every type spelled out (a float is not an int, a tuple not a list, a part names its class)."""
    if isinstance(value, list | tuple):
        return (type(value).__name__, [_exactly(v) for v in value])
    if isinstance(value, dict):
        return ("dict", {k: _exactly(v) for k, v in value.items()})
    if hasattr(value, "model_fields_set"):  # a pydantic model or a LazyModel: its class's name, fields and given set
        return (type(value).__name__, _exactly(dict(value.__dict__)), sorted(value.model_fields_set))
    return (type(value).__name__, value)


def _pydantic_dump(kept: Any, cls: Any, mode: str) -> dict[str, Any]:
    """pydantic's dump of what it kept, the `absent_when_none` fields left out while None (as events.py's classes)."""
    out = kept.model_dump(mode=mode)

    def drop(value: Any, part: Any) -> Any:
        for name in part.absent_when_none:
            if value.get(name) is None:
                value.pop(name, None)
        return value

    from replay.rulesets.warband import events as warband_events

    for base in type.mro(cls):
        for name in base.__dict__.get("__annotations__", {}):
            hint = str(base.__dict__["__annotations__"][name])
            for part in (warband_events.Save, warband_events.Pool, warband_events.Placement):
                if f"[{part.__name__}]" in hint and isinstance(out.get(name), list):
                    out[name] = [drop(v, part) for v in out[name]]
    return drop(out, cls)


def test_every_recorded_warband_payload_reads_and_dumps_plainly_as_pydantic_keeps_it() -> None:
    from replay.rulesets.warband import events as warband_events

    assert len(_WARBAND) > 200
    for kind, payload in _WARBAND:
        cls = warband_events.EVENTS[kind]
        plain = warband_events._plain(cls, payload)  # no fallback: a recorded payload is read without pydantic
        kept = cls.pydantic_model().model_validate(payload)
        assert _exactly(plain) == _exactly(kept), kind
        for mode in ("python", "json"):
            assert _exactly(plain.model_dump(mode)) == _exactly(_pydantic_dump(kept, cls, mode)), (kind, mode)
        assert plain.model_dump("json") == payload | {k: v for k, v in plain.model_dump("json").items()
                                                      if k not in payload}, kind


_warband_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.integers(2**53, 2**60),
                            st.floats(allow_nan=False, width=16), st.sampled_from(["", "A", "x", "2", "armour", "day"]),
                            st.lists(st.one_of(st.integers(0, 3), st.floats(0, 2, width=16), st.just("a")), max_size=3),
                            st.dictionaries(st.sampled_from(["a", "kind", "tn"]), st.integers(0, 3), max_size=2))


@st.composite
def _warband_mutations(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    kind, payload = draw(st.sampled_from(_WARBAND))
    payload = json.loads(json.dumps(payload))
    holders: list[tuple[Any, Any]] = []

    def walk(value: Any) -> None:
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            holders.append((value, key))
            walk(inner)

    walk(payload)
    if not holders:
        return kind, payload
    holder, key = draw(st.sampled_from(holders))
    how = draw(st.sampled_from(["replace", "remove", "add", "tuple"]))
    if how == "remove" and isinstance(holder, dict):
        del holder[key]
    elif how == "add" and isinstance(holder, dict):
        holder["extra"] = draw(_warband_values)
    elif how == "tuple" and isinstance(holder[key], list):
        holder[key] = tuple(holder[key])
    else:
        holder[key] = draw(_warband_values)
    return kind, payload


@settings(max_examples=500, deadline=None)
@given(_warband_mutations())
def test_a_warband_payload_reads_as_pydantic_keeps_it_or_is_refused_with_its_message(
        found: tuple[str, dict[str, Any]]) -> None:
    from replay.rulesets.warband import events as warband_events

    kind, payload = found
    cls = warband_events.EVENTS[kind]
    try:
        kept = cls.pydantic_model().model_validate(payload)
    except ValidationError as exc:
        with pytest.raises(ValidationError) as raised:
            warband_events.read(kind, payload)
        assert str(raised.value) == str(exc)
        with pytest.raises(ValidationError):
            cls(**payload)
        assert warband_events.validate_payload(kind, payload)
        return
    assert warband_events.validate_payload(kind, payload) == []
    for made in (warband_events.read(kind, payload), cls(**payload)):
        assert _exactly(made) == _exactly(kept)
        for mode in ("python", "json"):
            assert _exactly(made.model_dump(mode)) == _exactly(_pydantic_dump(kept, cls, mode)), mode


def _warband_setup_mutations(setup: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        out = [at]
        if isinstance(value, dict):
            for k, v in value.items():
                out += paths(v, (*at, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                out += paths(v, (*at, i))
        return out

    def mutate(path: tuple[Any, ...], value: Any, remove: bool, key: str) -> dict[str, Any]:
        copied = json.loads(json.dumps(setup))
        if not path:
            copied[key] = value
            return copied
        holder = copied
        for part in path[:-1]:
            holder = holder[part]
        if remove and isinstance(holder, dict | list) and not (isinstance(holder, list) and len(holder) < 2):
            del holder[path[-1]]
        else:
            holder[path[-1]] = value
        return copied

    keys = st.sampled_from(["terrain", "guns", "draft", "pool", "extra", "units", "items", "picks_per_side"])
    values = st.one_of(_values, st.integers(-1, 2000), st.sampled_from(
        ["humans", "elves", "S", "N", "sword", "armour", "horse", "classic", "bundled", "a1", "a 1", "A", "Z9",
         "abcdefghijklmnopq", "a\n"]),
        st.lists(st.sampled_from(["sword", "armour", "large_shield", "bow", "quiver", "nope"]), max_size=3),
        st.lists(st.lists(st.integers(0, 50), min_size=2, max_size=3), max_size=4),
        st.dictionaries(keys, _values, max_size=2))
    return st.builds(mutate, st.sampled_from(paths(setup)), values, st.booleans(), keys)


def test_every_recorded_warband_setup_reads_plainly_as_pydantic_keeps_it() -> None:
    from replay.rulesets.warband import model as warband_model
    from replay.rulesets.warband.boundary import Setup as WarbandSetup

    setups = recorded("warband", "game.created")
    assert len(setups) >= 14
    for setup in setups:
        plain = warband_model._plain_setup(setup)
        assert plain is not None
        assert _exactly(_plain(plain)) == _exactly(_plain(WarbandSetup.model_validate(setup)))


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_a_warband_setup_the_plain_reader_takes_is_what_pydantic_keeps(data: st.DataObject) -> None:
    from replay.rulesets.warband import model as warband_model
    from replay.rulesets.warband.boundary import Setup as WarbandSetup

    setups = recorded("warband", "game.created")
    setup = data.draw(_warband_setup_mutations(data.draw(st.sampled_from(setups))))
    plain = warband_model._plain_setup(setup)
    try:
        kept = WarbandSetup.model_validate(setup)
    except ValidationError as exc:
        assert plain is None
        with pytest.raises(ValidationError) as raised:
            warband_model.read_setup(setup)
        assert str(raised.value) == str(exc)
        return
    if plain is not None:
        assert _exactly(_plain(plain)) == _exactly(_plain(kept))
    assert _exactly(_plain(warband_model.read_setup(setup))) == _exactly(_plain(kept))


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_warband_event_made_with_its_parts_and_a_coerced_value_is_what_pydantic_makes(data: st.DataObject) -> None:
    """The rules pass nested parts as made objects; a value pydantic coerces (2.0 for an int) sends the whole event
    through pydantic, which must take the parts as their fields."""
    from replay.rulesets.warband import events as warband_events

    nested = [(k, p) for k, p in _WARBAND if any(isinstance(v, list) and v and isinstance(v[0], dict)
                                                  and k != "warband.gun_fired" for v in p.values())]
    assert nested
    kind, payload = data.draw(st.sampled_from(nested))
    cls = warband_events.EVENTS[kind]
    parts = {"saves": warband_events.Save, "pools": warband_events.Pool, "placements": warband_events.Placement,
             "guns": warband_events.Placement}
    made = {k: [parts[k].read(v) for v in value] if k in parts else value for k, value in payload.items()}
    whole = [k for k, v in payload.items() if type(v) is int and not isinstance(v, bool)]
    if whole and data.draw(st.booleans()):
        name = data.draw(st.sampled_from(whole))
        made[name] = float(payload[name])
    kept = cls.pydantic_model().model_validate({**made, **{k: payload[k] for k in parts if k in payload}})
    event = cls(**made)
    assert _exactly(event) == _exactly(kept)
    assert event.model_dump("json") == _pydantic_dump(kept, cls, "json")
