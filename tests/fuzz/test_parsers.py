"""Every parser of forum text is linear in its input, bounds it with a clear message, and never raises.

The duel's and knights' order parsers, the core's post parser (pasted forum rolls and choices, replay/posts.py) with
each ruleset behind it, a pasted roll line, and dice notation. The timing cases are the inputs that were quadratic
or worse (a run of unclosed "(" took 5.4 s at 100k characters; "1d6" and 1,000 spaces took 7 s); each must now
parse 48k characters well under a second.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eventlog import dice
from eventlog.errors import ValidationError
from eventlog.jsonl import core_payload_problems
from replay import posts
from replay.rulesets.duel import parse as duel_parse
from replay.rulesets.knights import parse as knights_parse
from tests.fuzz.kit import FUZZ, PARSERS, duel, duel_post, knights

SIZE = 48_000
RUNS = ["(", "[a=", "[b]", " ", "a ", "1. ", "(1,", "x=1", "x=1y", "f ", "1d6 ", "1d6: 1 ", "choice: a = x ",
        " и ", "из ", "Атака, ", "1.\n", "(((((1", "ставка "]
CASES = [("", run) for run in RUNS] + [
    ("Черты: ", "[a="), ("Черты: ", " и "), ("Черты: ", "из "), ("choice: a = ", "("), ("choice: a = ", " "),
    ("Sir Aster: Вернуться в бой! ", "(1,"), ("Sir Aster: Вернуться в бой! ", "x=1"), ("1d6", " "), ("1d6:", "1 ")]


def hostile(prefix: str, run: str, size: int = SIZE) -> str:
    return prefix + run * ((size - len(prefix)) // len(run))


@pytest.mark.parametrize("name", sorted(PARSERS))
def test_every_parser_is_linear_on_runs_that_were_quadratic(name):
    parse = PARSERS[name]
    slow = []
    for prefix, run in CASES:
        start = time.perf_counter()
        parse(hostile(prefix, run))
        took = time.perf_counter() - start
        if took > 1.0:
            slow.append(f"{prefix!r} + {run!r} × {SIZE}: {took:.2f} s")
    assert not slow, slow


@pytest.mark.parametrize("run", ["1d6" + " " * 20_000 + "x", "choice: a = x" + " " * 40_000 + "y", "a" + " " * 40_000])
def test_a_long_run_of_spaces_is_linear(run):
    for parse in PARSERS.values():
        start = time.perf_counter()
        parse(run)
        assert time.perf_counter() - start < 1.0, (parse, run[:20])


def test_an_order_beyond_the_bound_is_refused_saying_so():
    text = "Атака " * 10_000
    assert duel(text).order is None
    assert duel(text).errors == [f"§1 Заявка: the post has {len(text):,} characters; at most 50,000 are read"]
    assert knights(text).errors == [f"the post has {len(text):,} characters; at most 50,000 are read"]
    assert duel_parse.MAX_ORDER == knights_parse.MAX_ORDER == 50_000


def test_a_post_beyond_the_bound_is_refused_saying_so():
    text = "a" * (posts.MAX_POST + 1)
    parsed = duel_post(text)
    assert parsed.drafts == [] and parsed.errors == [f"the post has {len(text)} characters; at most 200000 are read"]


def test_a_knights_place_of_4300_digits_is_no_place_not_a_crash():
    parsed = knights("Sir Moss: Вернуться в бой! (" + "1" * 5000 + ", 12) на восток")
    assert parsed.order is None and "needs a place and a facing" in parsed.errors[0]


@pytest.mark.parametrize("value", ["1" * 5000, "[" * 5000, "-" + "9" * 4400])
def test_a_choice_value_json_cannot_hold_stays_text(value):
    parsed = duel_post(f"choice: a = {value}")
    assert parsed.drafts[0].payload["value"] == value


def test_a_choice_line_is_read_as_before():
    parsed = duel_post("choice: push_direction = \"E\"; knight=r1, n=3\nВыбор: spare = spare")
    assert [d.payload for d in parsed.drafts] == [{"name": "push_direction", "value": "E", "knight": "r1", "n": 3},
                                                  {"name": "spare", "value": "spare"}]


# --- fuzz targets: never raise, and what they give is what the log can hold ------------------------------------------

TOKENS = ["Атака", "Защита", "Финт", "Отдых", "Инициатива", "Контратака", "attack", "1.", "2)", "3 -", "(", ")",
          "[b]", "[/b]", "[url=", "]", "Ставка:", "высокая", "Mettre tout!", "Черты:", "Отыгрыш:", "Контроль дистанции",
          "Острый язык", " и ", "из", "--", "\n", " ", ",", ";", "Sir Aster", "Sir Moss", "Полный вперёд!",
          "Плавный поворот", "влево", "вправо", "Вернуться в бой!", "(1, 12)", "x=1 y=12", "на восток", "f=E",
          "подобрать даму", "сдаюсь", "пас", "1d100: 72", "2d6 = 3, 5 (8)", "rolled 3d6: [2, 4, 6] = 12", "D9 → 7",
          "1к6: 4", "(stake)", "для stake", "https://f.example/t/1", "choice: spare = spare", "выбор: a = [1, 2]",
          "choice: x = 1; n=2", "ё", "\u202e", "\x00", "9" * 30, "0", "-1", "+", "d"]
FORUM_TEXT = st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)), max_size=40).map("".join)


def _holdable(payload: dict) -> None:
    """The payload round-trips through JSON unchanged (no tuple, no NaN, no non-string key)."""
    assert json.loads(json.dumps(payload)) == payload


@FUZZ
@given(FORUM_TEXT)
def test_fuzz_the_duel_parser(text):
    parsed = duel(text)
    assert all(isinstance(e, str) for e in parsed.errors)
    if parsed.order is not None:
        assert not parsed.errors
        _holdable(parsed.order)


@FUZZ
@given(FORUM_TEXT)
def test_fuzz_the_knights_parser(text):
    parsed = knights(text)
    assert all(isinstance(e, str) for e in parsed.errors)
    if parsed.order is not None:
        _holdable(parsed.order)


@FUZZ
@given(FORUM_TEXT, st.sampled_from(["duel post", "knights post"]))
def test_fuzz_the_post_parser(text, which):
    parsed = PARSERS[which](text)
    assert all(isinstance(e, str) for e in parsed.errors)
    for draft in parsed.drafts:
        _holdable(draft.payload)
        assert core_payload_problems(draft.type, draft.payload) == [], draft
        if draft.type == "roll":
            spec = dice.parse(draft.payload["dice"])
            assert dice.check_result(spec, draft.payload["result"]) == []
            assert draft.payload["total"] == dice.total(spec, draft.payload["result"])


@FUZZ
@given(st.one_of(FORUM_TEXT, st.text(max_size=60)))
def test_fuzz_the_roll_line(line):
    roll = posts.parse_roll_line(line)
    if roll is not None:
        _holdable(roll)
        assert roll["source"] == "forum" and all(isinstance(v, int) for v in roll["result"])


NOTATION = st.one_of(st.text(max_size=50), st.from_regex(r"\A\d{0,12}[dDкК]\d{0,12}([+-]\d{0,12})?\Z"),
                     st.integers(), st.none(), st.lists(st.integers(), max_size=3))


@FUZZ
@given(NOTATION)
def test_fuzz_dice_notation(notation):
    try:
        spec = dice.parse(notation)
    except ValidationError as exc:
        assert exc.problems and all(isinstance(p, str) for p in exc.problems)
        return
    assert 1 <= spec.count <= dice.MAX_DICE and 1 <= spec.sides <= dice.MAX_SIDES
    assert dice.parse(spec.notation) == spec
