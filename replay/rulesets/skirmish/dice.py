"""The dice core (spec 2.2–2.5, PROPOSED DEFAULT A-01/A-02): pool rolls of d10 against a difficulty, ones cancel
successes, critical failures of degree 1–2, opposed rolls and required extra successes. Faces always come from a
recorded roll; nothing here draws."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PoolRoll:
    """One pool roll counted (spec 2.2 step 3–5, 2.6)."""

    faces: tuple[int, ...]
    difficulty: int
    hits: int
    ones: int
    auto: int
    penalty: int
    net: int
    automatic_failure: bool = False

    @property
    def crit_degree(self) -> int:
        """0, or the degree (1–2) of a critical failure: net below zero (L18, L950)."""
        return 0 if self.automatic_failure or self.net >= 0 else min(2, -self.net)

    @property
    def outcome(self) -> str:
        if self.net >= 1:
            return "success"
        return "critical_failure" if self.crit_degree else "failure"

    def to_json(self) -> dict[str, object]:
        return {"faces": list(self.faces), "difficulty": self.difficulty, "hits": self.hits, "ones": self.ones,
                "auto_successes": self.auto, "success_penalties": self.penalty, "net": self.net,
                "crit_degree": self.crit_degree, "automatic_failure": self.automatic_failure}


def effective_difficulty(base: int, mods: int = 0, *, floor: int = 2) -> int:
    """Spec 2.2 step 1: base + modifiers, never below the floor (2; dodges 4)."""
    return max(floor, base + mods)


def count(faces: list[int] | tuple[int, ...], difficulty: int, *, auto: int = 0, penalty: int = 0,
          ones_cancel: bool = True, max_difficulty: int = 7) -> PoolRoll:
    """Spec 2.2: hits = faces ≥ D, ones = faces equal to 1, net = hits − ones + auto − penalties; D above 7 after
    the declaration is an automatic failure (net 0, no critical failure)."""
    if difficulty > max_difficulty:
        return PoolRoll(tuple(faces), difficulty, 0, 0, 0, 0, 0, automatic_failure=True)
    hits = sum(1 for f in faces if f >= difficulty)
    ones = sum(1 for f in faces if f == 1) if ones_cancel else 0
    return PoolRoll(tuple(faces), difficulty, hits, ones, auto, penalty, hits - ones + auto - penalty)


def zero_dice(difficulty: int) -> PoolRoll:
    """A pending roll reduced to 0 dice: an automatic failure (spec 5.1.6)."""
    return PoolRoll((), difficulty, 0, 0, 0, 0, 0, automatic_failure=True)


@dataclass(frozen=True)
class Opposed:
    """Spec 2.3–2.4: the comparison of an acting roll and the roll opposing it."""

    attack_effective: int
    defence_effective: int
    winner: str | None
    """"attack", "defence" or None (a tie)."""
    final: int

    def to_json(self) -> dict[str, object]:
        return {"attack_effective": self.attack_effective, "defence_effective": self.defence_effective,
                "winner": self.winner, "final": self.final}


def opposed(attack_net: int, defence_net: int | None, *, required: int = 0, mode: str = "cost") -> Opposed:
    """Spec 2.3 with 2.4: required successes are a cost before the comparison (mode `cost`, A-04) or a threshold
    (mode `threshold`: success needs net − required > defence, final = net − defence). No defence: compare with 0."""
    eb = 0 if defence_net is None else max(0, defence_net)
    if mode == "threshold":
        ea = max(0, attack_net)
        if attack_net - required > eb:
            return Opposed(ea, eb, "attack", ea - eb)
        if eb > max(0, attack_net - required):
            return Opposed(ea, eb, "defence", eb - max(0, attack_net - required))
        return Opposed(ea, eb, None, 0)
    ea = max(0, attack_net - required)
    if ea > eb:
        return Opposed(ea, eb, "attack", ea - eb)
    if eb > ea:
        return Opposed(ea, eb, "defence", eb - ea)
    return Opposed(ea, eb, None, 0)


def master_successes(level: int) -> int:
    """Spec 2.5 (A-03): master successes of a skill = max(0, level − 7)."""
    return max(0, level - 7)
