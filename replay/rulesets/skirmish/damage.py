"""What final successes buy (spec 5.2.1, C13) and the SAMPLE damage model `sample_v1` (spec 6.5): raw damage,
passive shield, armour, the penetration roll, net damage, wound level, thresholds and effects by level."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from replay.rulesets.skirmish import data
from replay.rulesets.skirmish.model import Fighter

ARMOUR_ITEMS = ("ignore_armour",)


@dataclass
class Bought:
    """The purchases made from final successes, in the order they were paid."""

    precise: str | None = None
    danger: int = 0
    penetration: int = 0
    ignore: int = 0
    shock: int = 0
    bleeding: int = 0
    spent: int = 0
    lines: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"precise": self.precise, "danger": self.danger, "penetration": self.penetration,
                "ignore_armour": self.ignore, "shock": self.shock, "bleeding": self.bleeding, "spent": self.spent,
                "lines": self.lines}


def buy_zone_and_steps(final: int, buys: list[str], damage_type: str | None, weapon_pen: int) -> Bought:
    """Pass 1 over the ordered list (5.2.1 step 2): every item but the armour-dependent ones, each bought only if
    enough successes remain (C13: an unaffordable item is skipped and the list goes on; danger always charged)."""
    out = Bought()
    for buy in buys:
        kind, _, amount = buy.partition(":")
        left = final - out.spent
        if kind == "precise":
            if out.precise is None and left >= 1:
                out.precise, out.spent = amount, out.spent + 1
                out.lines.append(f"precise zone {amount} (1)")
        elif kind == "danger":
            n = min(int(amount), left)
            if n:
                out.danger, out.spent = out.danger + n, out.spent + n
                out.lines.append(f"danger +{n} ({n})")
        elif kind == "penetration":
            n = min(int(amount), left, max(0, 3 - weapon_pen - out.penetration))
            if n:
                out.penetration, out.spent = out.penetration + n, out.spent + n
                out.lines.append(f"penetration +{n} ({n}; total ≤ 3, A-15b)")
        elif kind == "shock" and damage_type == "crushing":
            n = min(int(amount), left)
            if n:
                out.shock, out.spent = out.shock + n, out.spent + n
                out.lines.append(f"shock +{n} ({n})")
        elif kind == "bleeding" and damage_type == "cutting":
            n = min(int(amount), left)
            if n:
                out.bleeding, out.spent = out.bleeding + n, out.spent + n
                out.lines.append(f"bleeding +{n} ({n})")
    return out


def armour_of(target: Fighter, precise: str, damage_type: str) -> tuple[int, int | None, str | None]:
    """(protection, pen_tn, piece) of the worn piece covering a precise zone (C3); the best when several do."""
    best: tuple[int, int | None, str | None] = (0, None, None)
    for piece in target.armour:
        kind = data.armour_type(piece)
        if precise in kind["covers"] and kind["protection"][damage_type] > best[0]:
            best = (kind["protection"][damage_type], kind["pen_tn"], piece)
    return best


def buy_ignore(final: int, buys: list[str], bought: Bought, damage_type: str | None, armour: int) -> None:
    """Pass 2 (C13: armour-dependent items judged against the final precise zone): ignore armour, piercing only,
    1 success per point, partial purchase allowed (A-15)."""
    if damage_type != "piercing":
        return
    for buy in buys:
        kind, _, amount = buy.partition(":")
        if kind != "ignore_armour":
            continue
        want = armour - bought.ignore if amount == "all" else int(amount)
        n = max(0, min(want, final - bought.spent, armour - bought.ignore))
        if n:
            bought.ignore, bought.spent = bought.ignore + n, bought.spent + n
            bought.lines.append(f"ignore armour {n} ({n})")


def raw_damage(attacker: Fighter, weapon_type: str, grip: str | None, attack_type: str, maneuver: str,
               leftover: int) -> tuple[int, int, list[str]]:
    """Step 1: Strength + the attack's damage modifier + grip modifier + maneuver bonus; returns (D, the power-blow
    bonus taken from leftover successes, why)."""
    kind = data.weapon_type(weapon_type)
    mod = kind["attacks"][attack_type]["damage_mod"]
    grip_mod = kind.get("grip_mods", {}).get(grip or "", {}).get("damage_mod", 0)
    strength = attacker.char("strength")
    bonus = min(leftover, strength // 2) if maneuver == "power_blow" else 0
    parts = [f"Strength {strength}", f"{weapon_type} {attack_type} {mod:+d}"]
    if grip_mod:
        parts.append(f"grip {grip} {grip_mod:+d}")
    if bonus:
        parts.append(f"power blow +{bonus} (≤ ⌊{strength}/2⌋, L320)")
    total = strength + mod + grip_mod + bonus
    return total, bonus, [f"D = {' + '.join(parts)} = {total}"]


def w_text(uncapped: int, cap: int, *, subtracted: bool) -> str:
    """Step 8's end of the «W = …» line: « = W» after a subtraction (nothing when nothing was subtracted: «W = 6»),
    and, when the zone's maximum holds the wound down, «, zone cap N»."""
    said = f" = {uncapped}" if subtracted else ""
    return said if uncapped <= cap else said + f", zone cap {cap}"


def level_of(w: int) -> int:
    """Step 7: W 1–2 → 1, 3–4 → 2, 5–6 → 3, 7–8 → 4, 9+ → 5."""
    for low, high, level in data.damage_model()["wound_levels"]:
        if low <= w <= high:
            return level
    return 0


def effects(level: int, damage_type: str) -> dict[str, int]:
    """Step 9: pain, shock and bleeding of a wound level (crushing bleeds only from level 4)."""
    model = data.damage_model()
    row = dict(model["effects"][str(level)])
    if damage_type == "crushing":
        row["bleeding"] = model["crushing_bleeding"] if level >= model["crushing_bleeds_from_level"] else 0
    return row


def thresholds(precise: str, damage_type: str, w: int) -> list[str]:
    """Step 8: severed (chopping above sever_gt; the neck: decapitation) and fractured (crushing above
    fracture_gt)."""
    zone = data.damage_model()["zones"][precise]
    flags = []
    if damage_type == "chopping" and zone["sever_gt"] is not None and w > zone["sever_gt"]:
        flags.append("decapitated" if precise == "neck" else "severed")
    if damage_type == "crushing" and zone["fracture_gt"] is not None and w > zone["fracture_gt"]:
        flags.append("fractured")
    return flags


def consequences(general: str, level: int, flags: list[str]) -> list[str]:
    """Step 9's "other" column: what a level-4 or level-5 wound does by zone."""
    out = []
    if "decapitated" in flags:
        return ["dead"]
    if level >= 5:
        if general in ("head", "upper_torso"):
            out.append("dead")
        elif general == "lower_torso":
            out.append("dying")
        else:
            out.append("crippled")
    elif level == 4:
        out.append("knockout_check" if general in ("head", "upper_torso", "lower_torso") else "crippled")
    if "crippled" in out or "severed" in flags or "fractured" in flags:
        out.append("falls" if general == "leg" else "drops")
    return out
