"""`--field` values are read as JSON (n=3 is the number 3), except where the open request holds the key as text."""

from cli.main import _parse_fields, as_requested
from replay.context import Request


def _choice(key: dict, actor: str | None = "A", name: str = "pools") -> Request:
    return Request("choice", actor, name, tuple(key.items()))


def test_a_number_that_the_open_request_holds_as_text_is_taken_as_that_text() -> None:
    pairs = ("fight=1.1", "n=3")
    key = _parse_fields(pairs)
    assert key == {"fight": 1.1, "n": 3}
    got = as_requested(key, pairs, [_choice({"fight": "1.1", "n": 3})], "choice", "pools", "A")
    assert got == {"fight": "1.1", "n": 3}


def test_without_such_a_request_the_json_reading_stands() -> None:
    pairs = ("fight=1.1",)
    key = _parse_fields(pairs)
    others = [_choice({"fight": "1.1"}, actor="B"), _choice({"fight": "1.1"}, name="dedication"),
              Request("roll", "A", "pools", (("fight", "1.1"),)), _choice({"fight": 1.1})]
    assert as_requested(key, pairs, others, "choice", "pools", "A") == {"fight": 1.1}
