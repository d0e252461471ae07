"""Loading the knights, cerilia and warband rulesets, and reading knights and cerilia games, without pydantic.

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
