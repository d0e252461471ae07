"""Dice anyone can verify: notation, engine derivation, uniformity, checks of recorded rolls."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eventlog.dice import (
    DiceSpec,
    check_result,
    die_from_value,
    engine_dice,
    new_seed,
    parse,
    rejection_limit,
    roll_payload,
    seed_hash,
    total,
    verify_rolls,
)
from eventlog.envelope import GENESIS, Event
from eventlog.errors import ValidationError

SEED = bytes(range(32))


@pytest.mark.parametrize(("notation", "count", "sides", "modifier"), [
    ("1d100", 1, 100, 0),
    ("d6", 1, 6, 0),
    ("D9", 1, 9, 0),
    ("1d3", 1, 3, 0),
    ("2d6-2", 2, 6, -2),
    ("3d6+1", 3, 6, 1),
    ("12d6", 12, 6, 0),
    ("D20", 1, 20, 0),
    ("2к6", 2, 6, 0),
    ("К6", 1, 6, 0),
    ("1д100", 1, 100, 0),
    ("Д9", 1, 9, 0),
    (" 2 d 6 − 1 ", 2, 6, -1),
    ("1000d2", 1000, 2, 0),
])
def test_parse_reads_the_notations_players_type(notation: str, count: int, sides: int, modifier: int) -> None:
    spec = parse(notation)
    assert (spec.count, spec.sides, spec.modifier) == (count, sides, modifier)
    assert parse(spec.notation) == spec
    assert parse(spec.canonical).canonical == spec.canonical


@pytest.mark.parametrize(("notation", "problem"), [
    ("0d6", "0 dice"),
    ("2d1", "at least 2 sides, not 1"),
    ("1d0", "at least 2 sides, not 0"),
    ("1001d6", "more than 1000"),
    ("2x6", "not dice notation"),
    ("", "not dice notation"),
    ("d", "not dice notation"),
    ("2d6+", "not dice notation"),
    ("-1d6", "not dice notation"),
])
def test_parse_names_the_notation_and_what_is_wrong(notation: str, problem: str) -> None:
    with pytest.raises(ValidationError, match=problem) as caught:
        parse(notation)
    assert repr(notation) in str(caught.value)


def test_engine_dice_follow_the_documented_derivation() -> None:
    """A third party with the seed re-derives a roll with nothing but hmac and the docstring."""
    spec = parse("3d6")
    expected, i = [], 0
    while len(expected) < 3:
        value = int.from_bytes(hmac.new(SEED, f"duel-1:17:{i}".encode(), hashlib.sha256).digest(), "big")
        i += 1
        if value < (2**256 // 6) * 6:
            expected.append(value % 6 + 1)
    assert engine_dice(SEED, "duel-1", 17, spec) == expected


def test_rejection_limit_is_the_largest_multiple_of_the_sides_within_256_bits() -> None:
    for sides in (2, 3, 6, 7, 9, 10, 20, 100, 1_000_000):
        limit = rejection_limit(sides)
        assert limit % sides == 0
        assert 0 <= 2**256 - limit < sides
    assert rejection_limit(2) == 2**256 and rejection_limit(3) == 2**256 - 1


def test_values_at_or_above_the_limit_are_rejected() -> None:
    limit = rejection_limit(6)
    assert die_from_value(limit - 1, 6) == 6
    assert die_from_value(limit, 6) is None
    assert die_from_value(2**256 - 1, 6) is None
    assert die_from_value(0, 6) == 1


def test_a_rejected_attempt_moves_on_to_the_next_i(monkeypatch: pytest.MonkeyPatch) -> None:
    import eventlog.dice as dice

    values = iter([2**256 - 1, 4, 2**256 - 2, 11])
    monkeypatch.setattr(dice, "attempt_value", lambda seed, game, seq, i: next(values))
    assert engine_dice(SEED, "g", 1, parse("2d6")) == [5, 6]


@settings(max_examples=200)
@given(seed=st.binary(min_size=32, max_size=32), game=st.text(min_size=1, max_size=12),
       seq=st.integers(1, 10**9), count=st.integers(1, 20), sides=st.integers(2, 1000))
def test_engine_dice_are_in_range_and_deterministic(seed: bytes, game: str, seq: int, count: int, sides: int) -> None:
    spec = DiceSpec(count, sides, 0, f"{count}d{sides}")
    dice = engine_dice(seed, game, seq, spec)
    assert len(dice) == count and all(1 <= d <= sides for d in dice)
    assert engine_dice(seed, game, seq, spec) == dice
    assert check_result(spec, dice) == []


def test_sixty_thousand_engine_d6_look_uniform() -> None:
    counts = Counter(engine_dice(SEED, "chi", 1, parse("1000d6")) + [
        d for seq in range(2, 61) for d in engine_dice(SEED, "chi", seq, parse("1000d6"))
    ])
    expected = 60_000 / 6
    chi_square = sum((counts[face] - expected) ** 2 / expected for face in range(1, 7))
    assert sum(counts.values()) == 60_000
    assert chi_square < 20.5  # 5 degrees of freedom: p = 0.001


def test_each_roll_of_a_game_is_drawn_from_its_own_seq() -> None:
    assert engine_dice(SEED, "g", 1, parse("10d100")) != engine_dice(SEED, "g", 2, parse("10d100"))
    assert engine_dice(SEED, "g", 1, parse("10d100")) != engine_dice(SEED, "h", 1, parse("10d100"))


def test_seeds_are_fresh_and_published_only_as_their_hash() -> None:
    seed = new_seed()
    assert len(seed) == 32 and seed != new_seed()
    assert seed_hash(seed) == hashlib.sha256(seed).hexdigest()


def test_total_and_check_result_of_a_forum_roll() -> None:
    spec = parse("2d6-2")
    assert total(spec, [3, 5]) == 6
    assert check_result(spec, [3, 5]) == []
    assert check_result(spec, [3]) == ["2d6-2 needs 2 dice, got 1"]
    assert check_result(spec, [3, 7]) == ["2d6-2: die #2 is 7, not in 1..6"]


def test_roll_payload_records_notation_purpose_dice_total_and_source() -> None:
    payload = roll_payload(parse("1d100"), [72], purpose="stake", source="forum",
                           link="https://forum.example/post/17", unit="Ромашка")
    assert payload == {"dice": "1d100", "purpose": "stake", "result": [72], "total": 72, "source": "forum",
                       "link": "https://forum.example/post/17", "unit": "Ромашка"}
    assert "link" not in roll_payload(parse("D9"), [9], purpose="p", source="manual")
    with pytest.raises(ValidationError, match="not one of engine, forum, manual"):
        roll_payload(parse("D9"), [9], purpose="p", source="guess")
    with pytest.raises(ValidationError, match="not in 1..9"):
        roll_payload(parse("D9"), [10], purpose="p", source="manual")


def _roll_event(seq: int, payload: dict[str, object], game: str = "duel-1") -> Event:
    return Event(game, seq, "roll", 1, "A", payload, None, "2024-05-01T10:00:00.000000Z", GENESIS, "")


def test_verify_rolls_catches_a_doctored_engine_roll() -> None:
    spec = parse("2d6")
    honest = engine_dice(SEED, "duel-1", 3, spec)
    doctored = [d % 6 + 1 for d in honest]
    created = Event("duel-1", 1, "game.created", None, None, {"seed_hash": seed_hash(SEED)}, None, "", GENESIS, "")
    events = [
        created,
        _roll_event(2, roll_payload(spec, engine_dice(SEED, "duel-1", 2, spec), purpose="stake", source="engine")),
        _roll_event(3, roll_payload(spec, doctored, purpose="stake", source="engine")),
        _roll_event(4, roll_payload(spec, [6, 6], purpose="stake", source="forum")),
    ]
    assert verify_rolls(events, SEED) == [f"seq 3: engine roll 2d6 recorded {doctored} but the seed gives {honest}"]


def test_verify_rolls_checks_totals_and_the_published_seed_hash() -> None:
    created = Event("duel-1", 1, "game.created", None, None, {"seed_hash": "0" * 64}, None, "", GENESIS, "")
    bad_total = _roll_event(2, {"dice": "2d6", "purpose": "p", "result": [1, 2], "total": 4, "source": "manual"})
    problems = verify_rolls([created, bad_total], SEED)
    assert problems == [
        "seq 1: the seed's sha256 does not match the seed_hash published here",
        "seq 2: total is 4 but the dice make 3",
    ]
    assert verify_rolls([bad_total], None) == ["seq 2: total is 4 but the dice make 3"]


def test_without_the_seed_engine_rolls_are_checked_only_for_shape() -> None:
    spec = parse("1d6")
    event = _roll_event(2, roll_payload(spec, [4], purpose="p", source="engine"))
    assert verify_rolls([event], None) == []
