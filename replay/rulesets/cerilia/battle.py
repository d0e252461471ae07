"""The battle-card procedure (§5.3): attack value − defence value = diff, D9 picks the card, the target's sign the
row; and the simultaneous aggregation with R and D above F (§5.3.5)."""

from __future__ import annotations

from dataclasses import dataclass

from replay.rulesets.cerilia.board import place_of
from replay.rulesets.cerilia.data import RANK_ORDER, tables
from replay.rulesets.cerilia.derive import char_card, characters, combat_card, leader, sign, troop
from replay.rulesets.cerilia.model import Battle, Stack

PARAM = {"stationary": "missile", "mobile": "missile", "friendly": "missile", "charge": "charge", "melee": "melee"}
"""Which card parameter each physical attack uses (§5.3.1)."""
SHOOTING = frozenset({"stationary", "mobile", "friendly"})


@dataclass(frozen=True)
class Value:
    """A value with its parts as a GM writes them: [("In melee", 2), ("Aerin", 1)]."""

    total: int
    parts: tuple[tuple[str, int], ...]

    def text(self) -> str:
        head, *rest = self.parts or (("0", 0),)
        out = f"{head[1]} ({head[0]})"
        for name, n in rest:
            out += f" {'+' if n >= 0 else '−'} {abs(n)} ({name})"
        return out


def commander_bonus(state: Battle, stack: Stack, param: str, stacking: str = "max_per_param") -> tuple[str, int]:
    """§5.6.1: troop stacks only; the best bonus per parameter, not the sum (AMB-35)."""
    if troop(state, stack) is None:
        return "", 0
    chars = characters(state, stack)
    if stacking == "highest_rank_only":
        lead = leader(state, stack)
        chars = [lead] if lead is not None else []
    best = ("", 0)
    for c in chars:
        n = char_card(c).bonuses.get(param, 0)
        if n > best[1]:
            best = (char_card(c).name_en, n)
    return best


def _terrain(state: Battle, stack: Stack, sector: str, param: str, when: str) -> list[tuple[str, int]]:
    card = state.terrain.get(sector)
    if card is None:
        return []
    t = tables().terrain[card]
    unit = combat_card(state, stack)
    out = []
    for m in t["modifiers"]:
        units = m["units"]
        fits = (units == "all" or (units == "mounted" and unit.mounted) or (units == "foot" and not unit.mounted)
                or (isinstance(units, list) and unit.code in units))
        if m["param"] == param and m["when"] == when and fits:
            out.append((t["name_en"], int(m["delta"])))
    return out


def attack_value(state: Battle, attacker: Stack, target: Stack, kind: str, stacking: str = "max_per_param",
                 at: str | None = None) -> Value:
    """§5.3.2: card parameter + damage modifier + commander bonus + terrain; never below 0 (§6.1)."""
    param = PARAM[kind]
    card = combat_card(state, attacker)
    base = card.param(param)
    assert base is not None, f"{attacker.id} has no {param}"
    parts: list[tuple[str, int]] = [(f"{card.code} {param}", base)]
    damage = state.units[attacker.members[0]].damage if troop(state, attacker) else 0
    per = card.damage_modifiers.get(param, 0)
    if per and damage:
        parts.append((f"{damage} damage", per * damage))
    name, bonus = commander_bonus(state, attacker, param, stacking)
    if bonus:
        parts.append((name, bonus))
    own = at or place_of(attacker.location)
    parts += _terrain(state, attacker, own, param, "actor_in_sector")
    parts += _terrain(state, attacker, place_of(target.location), param, "target_in_sector")
    if kind == "charge":
        parts += _terrain(state, attacker, place_of(target.location), param, "attack_ends_in_sector")
    if attacker.buffs.get(param):
        parts.append(("spell", attacker.buffs[param]))
    total = max(0, sum(n for _, n in parts))
    return Value(total, tuple(parts))


def defence_value(state: Battle, target: Stack, kind: str, stacking: str = "max_per_param") -> Value:
    """§5.3.2: card defence + special defence vs the attack + commander bonus + fortification (C9)."""
    card = combat_card(state, target)
    parts: list[tuple[str, int]] = [(f"{card.code} defence", card.defence)]
    special = card.defence_vs.get("charge" if kind == "charge" else kind, 0)
    if special:
        parts.append((f"vs {kind}", special))
    name, bonus = commander_bonus(state, target, "defence", stacking)
    if bonus:
        parts.append((name, bonus))
    fort = state.fortification
    if fort and target.side == "D" and place_of(target.location) == fort["sector"]:
        level = tables().fortifications[int(fort["level"])]
        parts.append((level["name_en"], int(level["defence_bonus"])))
    parts += _terrain(state, target, place_of(target.location), "defence", "target_in_sector")
    if target.buffs.get("defence"):
        parts.append(("spell", target.buffs["defence"]))
    return Value(max(0, sum(n for _, n in parts)), tuple(parts))


@dataclass(frozen=True)
class Lookup:
    """One attack's lookup (§5.3.3)."""

    value: Value
    defence: Value
    diff: int
    roll: int
    col: int
    target_sign: str
    result: str


def lookup(state: Battle, attacker: Stack, target: Stack, kind: str, roll: int,
           stacking: str = "max_per_param", at: str | None = None) -> Lookup:
    value = attack_value(state, attacker, target, kind, stacking, at)
    defence = defence_value(state, target, kind, stacking)
    diff = value.total - defence.total
    card = tables().cards[roll]
    target_sign = sign(state, target) or "B"
    return Lookup(value, defence, diff, roll, card.column(diff), target_sign, card.lookup(diff, target_sign))


def effective(result: str, kind: str) -> str:
    """§5.3.4: shooters (and friendly-fire checks) ignore F."""
    return "-" if result == "F" and kind in SHOOTING else result


@dataclass(frozen=True)
class Outcome:
    """What a stack suffers from the results it received in one batch (§5.3.5)."""

    damage_in: int
    damage_after: int
    destroyed: bool
    routed: bool
    falls_back: bool
    f_discarded: bool


def aggregate(received: list[str], damage: int, max_damage: int, holds_f: bool, already_routed: bool = False
              ) -> Outcome:
    """§5.3.5 (AMB-58): damage adds up (#H + #R); any D destroys; overflow destroys; else any R routs; F only for a
    survivor that is not routed. `max_damage` < 0: a character group (each character judged on its own)."""
    damage_in = sum(1 for r in received if r in "HR")
    d_in = "D" in received
    r_in = "R" in received
    after = damage + damage_in
    destroyed = d_in or (max_damage >= 0 and after > max_damage)
    routed = not destroyed and (r_in or already_routed)
    falls_back = holds_f and not destroyed and not routed
    return Outcome(damage_in, after, destroyed, routed, falls_back, holds_f and not falls_back)


def rank_order(code: str) -> int:
    return RANK_ORDER.get(code, 0)
