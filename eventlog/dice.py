"""Dice anyone can verify: notation, engine rolls from a per-game seed, checks of recorded rolls.

Notation: `NdM`, `dM`, `DM` (one die), `NdM+K`, `NdM-K`; `к`, `К`, `д`, `Д` may stand for `d`.

Engine rolls, exactly (so that anyone holding the revealed seed can re-derive them):
1. The seed is 32 random bytes kept secret by the GM; `game.created` carries `sha256(seed)` in hex.
2. A roll event of game `G` (its id, as in the log) at sequence number `S` draws attempt values for
   i = 0, 1, 2, …: `value_i = int.from_bytes(HMAC-SHA256(key=seed, msg=f"{G}:{S}:{i}".encode("utf-8")), "big")`
   (S and i in decimal, no padding). Each attempt, accepted or not, uses the next i.
3. For an M-sided die, let `limit = (2**256 // M) * M`. An attempt with `value_i >= limit` is rejected and the
   die takes the next attempt; otherwise the die is `value_i % M + 1`. This makes every face exactly equally
   likely.
4. The N dice of `NdM` are the first N accepted attempts, in order; the total is their sum plus the modifier.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from eventlog.envelope import Event
from eventlog.errors import ValidationError

MAX_DICE = 1000
MAX_SIDES = 1_000_000
MAX_MODIFIER = 1_000_000
SOURCES = ("engine", "forum", "manual")
_SPACE = 2**256
_NOTATION = re.compile(r"^(\d*)([dDкКдД])(\d+)(?:([+\-−–])(\d+))?$")


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """A parsed dice notation: `count` dice of `sides` sides, plus `modifier`."""

    count: int
    sides: int
    modifier: int
    notation: str

    def __str__(self) -> str:
        return self.notation

    @property
    def canonical(self) -> str:
        """The notation in plain `NdM±K` form."""
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"


def parse(notation: str) -> DiceSpec:
    """Parse dice notation; ValidationError names the notation and what is wrong with it."""
    text = "".join(str(notation).split())
    match = _NOTATION.match(text)
    if match is None:
        raise ValidationError(
            f"dice {notation!r}: not dice notation (expected NdM, dM, DM, NdM+K or NdM-K, e.g. 2d6-2, 1d100, D9)"
        )
    count_text, _, sides_text, sign, mod_text = match.groups()
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    modifier = int(mod_text or 0) * (-1 if sign and sign != "+" else 1)
    problems = []
    if count < 1:
        problems.append(f"dice {notation!r}: {count} dice (at least 1)")
    if count > MAX_DICE:
        problems.append(f"dice {notation!r}: {count} dice is more than {MAX_DICE}")
    if sides < 2:
        problems.append(f"dice {notation!r}: a die needs at least 2 sides, not {sides}")
    if sides > MAX_SIDES:
        problems.append(f"dice {notation!r}: {sides} sides is more than {MAX_SIDES}")
    if abs(modifier) > MAX_MODIFIER:
        problems.append(f"dice {notation!r}: modifier {modifier} is beyond ±{MAX_MODIFIER}")
    if problems:
        raise ValidationError(problems)
    return DiceSpec(count, sides, modifier, text)


def new_seed() -> bytes:
    """A fresh 32-byte secret seed for a game's engine dice."""
    return secrets.token_bytes(32)


def seed_hash(seed: bytes) -> str:
    """sha256 of the seed in hex: what `game.created` publishes."""
    return hashlib.sha256(seed).hexdigest()


def rejection_limit(sides: int) -> int:
    """Attempt values at or above this are rejected: the largest multiple of `sides` not above 2**256."""
    return (_SPACE // sides) * sides


def die_from_value(value: int, sides: int) -> int | None:
    """The die an attempt value gives, or None when rejection sampling rejects it."""
    return None if value >= rejection_limit(sides) else value % sides + 1


def attempt_value(seed: bytes, game: str, seq: int, i: int) -> int:
    """value_i = HMAC-SHA256(seed, f"{game}:{seq}:{i}") read as a big-endian integer."""
    digest = hmac.new(seed, f"{game}:{seq}:{i}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big")


def engine_dice(seed: bytes, game: str, seq: int, spec: DiceSpec) -> list[int]:
    """The dice of an engine roll at (game, seq), derived as the module docstring says."""
    dice: list[int] = []
    i = 0
    while len(dice) < spec.count:
        die = die_from_value(attempt_value(seed, game, seq, i), spec.sides)
        i += 1
        if die is not None:
            dice.append(die)
    return dice


def total(spec: DiceSpec, dice: Iterable[int]) -> int:
    """Sum of the dice plus the modifier."""
    return sum(dice) + spec.modifier


def check_result(spec: DiceSpec, dice: list[int]) -> list[str]:
    """Problems with a roll's dice for its notation (count, range); empty when it fits."""
    problems = []
    if len(dice) != spec.count:
        problems.append(f"{spec.notation} needs {spec.count} dice, got {len(dice)}")
    for n, die in enumerate(dice, 1):
        if type(die) is not int or not 1 <= die <= spec.sides:
            problems.append(f"{spec.notation}: die #{n} is {die!r}, not in 1..{spec.sides}")
    return problems


def roll_payload(
    spec: DiceSpec, dice: list[int], *, purpose: str, source: str, link: str | None = None, **extra: Any
) -> dict[str, Any]:
    """The payload of a `roll` event; ValidationError when the dice do not fit the notation."""
    problems = check_result(spec, dice)
    if source not in SOURCES:
        problems.append(f"roll source {source!r} is not one of {', '.join(SOURCES)}")
    if problems:
        raise ValidationError(problems)
    payload: dict[str, Any] = {
        "dice": spec.notation, "purpose": purpose, "result": list(dice), "total": total(spec, dice),
        "source": source,
    }
    if link is not None:
        payload["link"] = link
    payload.update(extra)
    return payload


def _roll_problems(event: Event, seed: bytes | None) -> list[str]:
    """Problems with one roll event: notation, dice, total, and for engine rolls the derivation."""
    payload = event.payload
    where = f"seq {event.seq}"
    try:
        spec = parse(payload.get("dice", ""))
    except ValidationError as error:
        return [f"{where}: {p}" for p in error.problems]
    result = payload.get("result")
    if not isinstance(result, list):
        return [f"{where}: roll has no result list"]
    problems = [f"{where}: {p}" for p in check_result(spec, result)]
    if not problems and payload.get("total") != total(spec, result):
        problems.append(f"{where}: total is {payload.get('total')!r} but the dice make {total(spec, result)}")
    if payload.get("source") == "engine" and seed is not None:
        expected = engine_dice(seed, event.game, event.seq, spec)
        if result != expected:
            problems.append(f"{where}: engine roll {spec.notation} recorded {result} but the seed gives {expected}")
    return problems


def verify_rolls(events: Iterable[Event], seed: bytes | None) -> list[str]:
    """Check every roll's dice and total and, given the seed, re-derive every engine roll; problems name the seq."""
    problems: list[str] = []
    for event in events:
        if event.type == "game.created" and seed is not None:
            published = event.payload.get("seed_hash")
            if published is not None and published != seed_hash(seed):
                problems.append(f"seq {event.seq}: the seed's sha256 does not match the seed_hash published here")
        elif event.type == "roll":
            problems.extend(_roll_problems(event, seed))
    return problems
