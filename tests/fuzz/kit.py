"""The parsers under test, each called as battlelog calls it, and the hypothesis settings of the fuzz targets.

`FUZZ` is the profile "fuzz-ci" (a few dozen inputs a target, seconds in CI) unless BATTLELOG_FUZZ=1 picks "fuzz"
(10,000 inputs a target; `bench/fuzz.sh` runs it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings

from replay import posts
from replay.ruleset import Point
from tests.duel.duel_kit import RULESET as DUEL
from tests.duel.duel_kit import state as duel_state
from tests.knights.knights_kit import RULES as KNIGHTS
from tests.knights.knights_kit import knight_spec
from tests.knights.knights_kit import state as knights_battle_state

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
          HealthCheck.function_scoped_fixture]
settings.register_profile("fuzz", max_examples=10_000, deadline=None, suppress_health_check=_QUIET,
                          print_blob=True)
settings.register_profile("fuzz-ci", max_examples=40, deadline=None, suppress_health_check=_QUIET,
                          derandomize=True)
FUZZ = settings.get_profile("fuzz" if os.environ.get("BATTLELOG_FUZZ") == "1" else "fuzz-ci")

DUEL_STATE = duel_state()
KNIGHTS_STATE = knights_battle_state([
    knight_spec("r1", "alice", "forest", "leadership", (3, 12, "E"), name="Sir Aster"),
    knight_spec("r2", "alice", "rock", "mercy", None, name="Sir Moss"),
    knight_spec("b1", "bob", "water", "bravery", (20, 12, "W"), name="Dame Tide"),
])


def duel(text: str) -> Any:
    return DUEL.parse_order(text, DUEL_STATE, "A")


def knights(text: str) -> Any:
    return KNIGHTS.parse_order(text, KNIGHTS_STATE, "alice")


def duel_post(text: str) -> Any:
    return posts.parse_post(DUEL, text, Point(1, DUEL_STATE, DUEL_STATE, None), "A")


def knights_post(text: str) -> Any:
    return posts.parse_post(KNIGHTS, text, Point(1, KNIGHTS_STATE, KNIGHTS_STATE, None), "alice")


PARSERS: dict[str, Callable[[str], Any]] = {"duel": duel, "knights": knights, "duel post": duel_post,
                                            "knights post": knights_post, "roll line": posts.parse_roll_line}
