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

Seed epochs: the seed of step 1 is the seed of the roll's **epoch**. Epoch 0's seed is the one `game.created`
commits to (`seed_hash`). `battlelog reveal` ends an epoch with a `seed.revealed` event whose payload is
`{"seed": <the epoch's seed, hex>, "epoch": k, "next_seed_hash": <sha256 hex of a fresh seed>}`: the fresh seed is
epoch k+1's, and every engine roll after that event derives from it (the same HMAC, the new key). A roll at seq S
belongs to the epoch begun by the last such event before S. A `seed.revealed` without `next_seed_hash` (written
before epochs) publishes the seed and the epoch goes on with it. Rolls of an epoch whose seed is not revealed yet
cannot be checked by anyone but the GM.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from eventlog.envelope import Event, Logged
from eventlog.errors import ValidationError

MAX_DICE = 1000
MAX_SIDES = 1_000_000
MAX_MODIFIER = 1_000_000
SOURCES = ("engine", "forum", "manual")
_SPACE = 2**256
MAX_DIGITS = 9
"""A dice notation's numbers have at most this many digits (bigger ones are refused before they are converted)."""
MAX_NOTATION = 40
_NOTATION = re.compile(r"^(\d*)([dDкКдД])(\d+)(?:([+\-−–])(\d+))?$")
_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


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
    if not isinstance(notation, str):
        raise ValidationError(f"dice {notation!r:.60}: not dice notation (expected a string such as 2d6-2, 1d100, D9)")
    spec = _PARSED.get(notation)
    if spec is None:
        spec = _parse(notation)
        if len(_PARSED) < _PARSED_MAX:
            _PARSED[notation] = spec
    return spec


_PARSED: dict[str, DiceSpec] = {}
"""Notations parsed already (a log repeats a handful of them tens of thousands of times; a DiceSpec is frozen)."""
_PARSED_MAX = 4096


def _parse(notation: str) -> DiceSpec:
    """`parse` of a string, uncached; only a valid notation returns (the cache keeps no errors)."""
    text = "".join(notation.split())
    if len(text) > MAX_NOTATION or _DIGITS.search(text):
        raise ValidationError(f"dice {notation[:60]!r}: too long for dice notation (numbers of at most {MAX_DIGITS} "
                              f"digits, e.g. 2d6-2; at most {MAX_DICE} dice of {MAX_SIDES} sides)")
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
    sides = spec.sides
    if len(dice) == spec.count and all(type(die) is int and 1 <= die <= sides for die in dice):
        return []
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


def _roll_problems(event: Event | Logged, seed: bytes | None) -> list[str]:
    """Problems with one roll event: notation, dice, total, and for engine rolls the derivation."""
    payload = event.payload
    try:
        spec = parse(payload.get("dice", ""))
    except ValidationError as error:
        return [f"seq {event.seq}: {p}" for p in error.problems]
    result = payload.get("result")
    if not isinstance(result, list):
        return [f"seq {event.seq}: roll has no result list"]
    where = f"seq {event.seq}"
    problems = [f"{where}: {p}" for p in check_result(spec, result)]
    if not problems and payload.get("total") != total(spec, result):
        problems.append(f"{where}: total is {payload.get('total')!r} but the dice make {total(spec, result)}")
    if payload.get("source") == "engine" and seed is not None:
        expected = engine_dice(seed, event.game, event.seq, spec)
        if result != expected:
            problems.append(f"{where}: engine roll {spec.notation} recorded {result} but the seed gives {expected}")
    return problems


def verify_rolls(events: Iterable[Event | Logged], seed: bytes | None) -> list[str]:
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


# --- seed epochs ---------------------------------------------------------------------------------------------------

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


@dataclass
class Epochs:
    """The seed epochs of a game's log (see the module docstring): commitments, revealed seeds, where each begins."""

    commitments: list[str | None]
    """epoch -> the sha256 hex its seed was committed to (None: game.created published no seed_hash)."""
    starts: list[int]
    """epoch -> the seq after which it begins (0 for epoch 0)."""
    revealed: dict[int, tuple[int, bytes]]
    """epoch -> (seq of its seed.revealed, the seed)."""
    problems: list[str]
    """Malformed or unfaithful seed.revealed events, each naming its seq and field."""

    def epoch_at(self, seq: int) -> int:
        """The epoch a roll at `seq` belongs to."""
        epoch = 0
        for k, start in enumerate(self.starts):
            if start < seq:
                epoch = k
        return epoch

    def epoch_of_seed(self, seed: bytes) -> int | None:
        """The epoch whose commitment `seed` fulfils, if any."""
        digest = seed_hash(seed)
        return next((k for k, c in enumerate(self.commitments) if c == digest), None)


def seed_epochs(events: Iterable[Event | Logged]) -> Epochs:
    """Read the seed epochs off a log: game.created's seed_hash, then every seed.revealed, each checked."""
    epochs = Epochs([None], [0], {}, [])
    for event in events:
        if event.type == "game.created":
            published = event.payload.get("seed_hash")
            epochs.commitments[0] = published if isinstance(published, str) else None
            if published is not None and not isinstance(published, str):
                epochs.problems.append(f"seq {event.seq}: game.created payload.seed_hash is not a hex string")
            continue
        if event.type != "seed.revealed":
            continue
        current = len(epochs.starts) - 1
        where = f"seq {event.seq}: seed.revealed"
        payload = event.payload
        text = payload.get("seed")
        try:
            seed = bytes.fromhex(text) if isinstance(text, str) and len(text) <= 1024 else None
        except ValueError:
            seed = None
        if not seed:
            epochs.problems.append(f"{where}: payload.seed is not the seed in hex digits")
        elif epochs.commitments[current] is not None and seed_hash(seed) != epochs.commitments[current]:
            epochs.problems.append(f"{where}: the seed's sha256 is not the one epoch {current} committed to "
                                   f"({str(epochs.commitments[current])[:16]}…)")
        elif current not in epochs.revealed:
            epochs.revealed[current] = (event.seq, seed)
        if "epoch" in payload and payload["epoch"] != current:
            epochs.problems.append(f"{where}: payload.epoch is {payload['epoch']!r}, but it ends epoch {current}")
        following = payload.get("next_seed_hash")
        if following is None:
            continue  # written before epochs: the seed is public now and the epoch goes on with it
        if not isinstance(following, str) or not _HEX64.match(following):
            epochs.problems.append(f"{where}: payload.next_seed_hash is not a sha256 in hex (64 digits 0-9a-f)")
            continue
        epochs.commitments.append(following)
        epochs.starts.append(event.seq)
    return epochs


@dataclass
class EngineCheck:
    """What `check_engine_rolls` found."""

    checked: dict[int, int]
    """epoch -> how many of its engine rolls were re-derived (all matched unless `problems` says otherwise)."""
    unchecked: dict[int, list[int]]
    """epoch -> the seqs of its engine rolls no known seed can check (not yet revealed)."""
    problems: list[str]


def check_engine_rolls(events: Sequence[Event | Logged], epochs: Epochs, seeds: dict[int, bytes]) -> EngineCheck:
    """Check every roll's dice and total, and re-derive each engine roll with the seed of its epoch (`seeds`)."""
    report = EngineCheck({}, {}, [])
    for event in events:
        if event.type != "roll":
            continue
        engine = event.payload.get("source") == "engine"
        epoch = epochs.epoch_at(event.seq)
        seed = seeds.get(epoch) if engine else None
        report.problems.extend(_roll_problems(event, seed))
        if engine and seed is not None:
            report.checked[epoch] = report.checked.get(epoch, 0) + 1
        elif engine:
            report.unchecked.setdefault(epoch, []).append(event.seq)
    return report
