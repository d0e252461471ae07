"""House-rule options: checked as their pydantic model checks them, without building it for recorded values."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import Field, field_validator

from eventlog.errors import ValidationError
from replay import ruleset as registry
from replay.options import Options
from replay.ruleset import pydantic_problems

ROOT = Path(__file__).resolve().parent.parent
RULESETS = [rs.key for rs in registry.all_rulesets() if type(rs).__module__.startswith("replay.rulesets.")]
"""The shipped rulesets (not the toy ones other test modules register while the suite is collected)."""
VALUES: list[Any] = [True, False, 0, 1, 2, 7, 12, 25, -1, 1.0, 2.5, 90.0, "x", "", "true", "no", "1", "2.5", None,
                     [1], {"a": 1}, (1,)]


def _by_pydantic(options: type[Options], values: dict[str, Any]) -> tuple[str, Any]:
    """What the options' own pydantic model makes of `values`: ("ok", the values and their types) or ("error", …)."""
    try:
        made = options.pydantic_model()(**values)
    except ValueError as exc:
        return "error", pydantic_problems(exc, "options")
    return "ok", [(k, v, type(v)) for k, v in made.model_dump().items()]


def _by_options(options: type[Options], values: dict[str, Any]) -> tuple[str, Any]:
    try:
        made = options(**values)
    except ValueError as exc:
        return "error", pydantic_problems(exc, "options")
    return "ok", [(k, v, type(v)) for k, v in made.model_dump().items()]


def _cases(options: type[Options]) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = [{}, {"nonesuch": 1}]
    for name, field in options.model_fields.items():
        extra = list(typing.get_args(field.annotation)) if typing.get_origin(field.annotation) is Literal else []
        cases += [{name: value} for value in VALUES + extra]
        cases.append({name: field.default, "nonesuch": 2})
    names = list(options.model_fields)
    cases.append({n: options.model_fields[n].default for n in names})
    return cases


@pytest.mark.parametrize("key", RULESETS)
def test_every_value_of_every_option_is_kept_or_refused_as_the_pydantic_model_does(key):
    options = registry.get(key).OptionsModel
    for values in _cases(options):
        assert _by_options(options, values) == _by_pydantic(options, values), values


@pytest.mark.parametrize("key", RULESETS)
def test_options_dump_compare_and_travel_as_before(key):
    rs = registry.get(key)
    defaults = rs.options()
    assert defaults.model_dump(mode="json", exclude_defaults=True) == {}
    assert list(defaults.model_dump()) == list(rs.OptionsModel.model_fields)  # declaration order
    name, field = next(iter(rs.OptionsModel.model_fields.items()))
    other = [v for v in ([True, False] if field.annotation is bool else typing.get_args(field.annotation))
             if v != field.default]
    if other:
        changed = rs.options({name: other[0]})
        assert changed.model_dump(mode="json", exclude_defaults=True) == {name: other[0]}
        assert changed != defaults and changed == rs.options({name: other[0]})
        assert hash(changed) == hash(rs.options({name: other[0]}))
        assert pickle.loads(pickle.dumps(changed)) == changed
    assert rs.own(Options()) == defaults
    with pytest.raises(TypeError):
        defaults.x = 1  # type: ignore[attr-defined]


def test_a_bad_option_names_itself_as_pydantic_words_it():
    with pytest.raises(ValidationError) as err:
        registry.get("duel@1").options({"counter_mode": "both", "nonesuch": True})
    assert str(err.value) == (
        "duel@1 option counter_mode: Input should be 'per_item' or 'single' (see `battlelog rules duel`); "
        "duel@1 option nonesuch: Extra inputs are not permitted (see `battlelog rules duel`)")


class _House(Options):
    """A GM's own options: constraints and a validator, which pydantic alone applies."""

    mode: Literal["a", "b"] = "a"
    dice: int = Field(10, ge=6, le=20)
    label: str = "x"
    tags: list[str] = Field(default_factory=list)

    @field_validator("label")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.upper()


def test_constraints_and_validators_of_a_plugins_options_are_pydantic_s():
    assert _House().model_dump() == {"mode": "a", "dice": 10, "label": "x", "tags": []}  # defaults: not validated
    assert _House().tags is not _House().tags
    assert _House(label="y").label == "Y"
    assert _House(label="y", tags=["a"]).model_dump(mode="json", exclude_defaults=True) == {"label": "Y", "tags": ["a"]}
    assert _House(dice=12).dice == 12
    with pytest.raises(ValueError, match="greater than or equal to 6"):
        _House(dice=5)
    assert [n for n in _House.model_fields] == ["mode", "dice", "label", "tags"]


def test_a_subclass_of_options_adds_to_its_parents_fields():
    class More(_House):
        extra: bool = False

    assert More(extra=True, mode="b").model_dump() == {"mode": "b", "dice": 10, "label": "x", "tags": [], "extra": True}
    with pytest.raises(ValueError, match="Extra inputs"):
        _House(extra=True)


def test_recorded_options_build_no_pydantic_model():
    """A game's options as game.created recorded them (exact JSON values): no pydantic import at all."""
    script = ("import sys; from replay import ruleset; "
              "rs = ruleset.get('duel@1'); o = rs.options({'counter_mode': 'single', 'rest_cap': False}); "
              "w = ruleset.get('warband@1').options({'step_cm': 2.0, 'fall_mode': 'literal'}); "
              "print(o.counter_mode, o.rest_cap, w.step_cm, 'pydantic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:3] == ["single", "False", "2.0"]
    # warband's package imports pydantic for its own setup models; the duel's reading alone imports none
    script = ("import sys; from replay import ruleset; "
              "o = ruleset.get('duel@1').options({'counter_mode': 'single'}); print('pydantic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False"]
