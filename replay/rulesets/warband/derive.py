"""Derived characteristics (§2.4): pure functions of a warrior, the data files and the clock. Never stored."""

from __future__ import annotations

import math

from replay.rulesets.warband import data
from replay.rulesets.warband.model import Warrior


def _effects(w: Warrior, name: str) -> float:
    return sum(e.modifiers.get(name, 0) for e in w.effects)


def n_protective(w: Warrior) -> int:
    """Working protective items (innate protection is not an item)."""
    return sum(1 for i in w.items() if data.item(i.kind)["category"] == "protective")


def mount_bonus(w: Warrior) -> float:
    """+10 cm for a plain or bone horse, +6 for an armoured horse (L30, L284); special mounts: Table 5."""
    return 0.0 if w.mount is None else float(data.mount(w.mount).get("mdd_bonus_cm", 0))


def mdd_base(w: Warrior) -> float:
    special = data.mount(w.mount).get("mdd_override_cm") if w.mount else None
    return float(special if special is not None else data.load("table1")["mdd_cm"][w.type])


def mdd(w: Warrior) -> float:
    """МДД = Table 1 − 2 cm per protective item + mount bonus + effects (L30, L282)."""
    penalty = data.const("protective_mdd_penalty_cm")
    return max(0.0, mdd_base(w) - penalty * n_protective(w) + mount_bonus(w) + _effects(w, "mdd"))


def charge_max(w: Warrior) -> float:
    """The longest charge: МДД, but −1 cm per protective item on a mammoth (L320, A-90)."""
    per_item = data.mount(w.mount).get("charge_penalty_per_protective_cm") if w.mount else None
    if per_item is None:
        return mdd(w)
    return max(0.0, mdd_base(w) - per_item * n_protective(w) + mount_bonus(w) + _effects(w, "mdd"))


def initiative(w: Warrior) -> int:
    return int(data.creature(w.type)["initiative"] + _effects(w, "initiative"))


def attack_strength(w: Warrior) -> int:
    return int(data.creature(w.type)["attack_strength"] + _effects(w, "attack_strength"))


def attacks(w: Warrior) -> int:
    bonus = data.mount(w.mount).get("attacks_bonus", 0) if w.mount else 0
    return max(0, int(data.creature(w.type)["attacks"] + bonus + _effects(w, "attacks")))


def health(w: Warrior) -> int:
    bonus = data.mount(w.mount).get("health_bonus", 0) if w.mount else 0
    return int(data.creature(w.type)["health"] + bonus)


def save_points(w: Warrior) -> int:
    items = sum(data.item(i.kind).get("save_points", 0) for i in w.items())
    innate = data.creature(w.type).get("innate_save_points", 0)
    ridden = data.mount(w.mount).get("save_points", 0) if w.mount else 0
    return int(items + innate + ridden + _effects(w, "save_points"))


def armour_save(w: Warrior) -> int | None:
    """The armour save's TN (SAMPLE rule §6.3: 7 − save points, at least 2+), or None without save points."""
    points = save_points(w)
    if points <= 0:
        return None
    t3 = data.load("table3")
    return max(t3["armour_save_min"], t3["armour_save_base"] - points)


def invulnerable_save(w: Warrior) -> int | None:
    """The invulnerable save's TN ("непробиваемый", §4.6, A-71): only from data — the creature, an item, an upgrade
    or an effect (`invulnerable_save`: a TN); the best (lowest) one counts, never below 2+. None without one."""
    found = [data.creature(w.type).get("invulnerable_save")]
    found += [data.item(i.kind).get("invulnerable_save") for i in w.items()]
    found += [data.load("races")["upgrades"][u].get("invulnerable_save") for u in w.upgrades]
    found += [e.modifiers.get("invulnerable_save") for e in w.effects]
    tns = [int(t) for t in found if t is not None]
    return max(2, min(tns)) if tns else None


def reach_kind(w: Warrior) -> str:
    """long with a long weapon (or a spear as the only weapon, §10 C13), else short (A-54)."""
    kinds = [i.kind for i in w.items()]
    if w.wielding in kinds:
        return "short" if w.wielding == "short_weapon" else "long"
    if "long_weapon" in kinds:
        return "long"
    if "spear" in kinds and "short_weapon" not in kinds:
        return "long"
    return "short"


def reach(w: Warrior) -> float:
    return float(data.const("reach_cm")[reach_kind(w)])


def has_long_weapon(w: Warrior) -> bool:
    return reach_kind(w) == "long"


def radius(w: Warrior) -> float:
    """Half the base: the creature's base on foot, the mounted base when riding (A-02)."""
    if w.mount:
        special = data.load("table5")["special_mounts"].get(w.mount)
        return (special or data.load("table4")["mounted_geometry"])["base_cm"] / 2
    return data.creature(w.type)["base_cm"] / 2


def height(w: Warrior) -> float:
    if w.mount:
        special = data.load("table5")["special_mounts"].get(w.mount)
        return (special or data.load("table4")["mounted_geometry"])["height_cm"]
    return data.creature(w.type)["height_cm"]


def sight(w: Warrior, night: bool, dispatcher: bool = False) -> float:
    """30 cm (dispatchers 45) by day, 10 cm less at night (L120, A-09), plus the GM's weather modifier (A-20)."""
    base = data.const("sight_cm")["dispatcher" if dispatcher else "ordinary"]
    return max(0.0, base - (data.const("night_sight_reduction_cm") if night else 0) + _effects(w, "sight"))


def inspect_range(night: bool) -> float:
    return data.const("inspect_cm")["night" if night else "day"]


def missile(w: Warrior) -> str | None:
    """The warrior's missile weapon (bow, crossbow or spear), or None (L132)."""
    for i in w.items():
        if data.item(i.kind)["category"] == "missile_weapon":
            return i.kind
    return None


def shots_cap(w: Warrior) -> int:
    return data.const("shots_per_shooter") + sum(data.item(i.kind).get("shots_bonus", 0) for i in w.items())


def max_spells(w: Warrior) -> int:
    """Two spells a turn (L166); an upgrade may raise it (A-67)."""
    n = data.creature(w.type).get("max_spells_per_turn", data.const("spells_per_turn"))
    for u in w.upgrades:
        n = max(n, data.load("races")["upgrades"][u].get("max_spells_per_turn", n))
    return int(n)


def casting_upper(k: int) -> int:
    """§4.3.9 (A-68): the k-th spell of a turn is cast on 3..U(k), U = 7 − Σ_{j<k} ceil(j/2): 7, 6, 5, 3, 1 …"""
    return 7 - sum(math.ceil(j / 2) for j in range(1, k))


# --- the movement roll (§4.2.2) --------------------------------------------------------------------------------

def rough_k(m: float, mode: str = "floor6") -> int:
    """The multiplier of the missing points (A-23): floor(M/6) (at least 1), or the literal tiers."""
    if mode == "floor6":
        return max(1, math.floor(m / 6 + 1e-9))
    if mode == "literal" and m > 0 and abs(m / 6 - round(m / 6)) < 1e-9:
        return round(m / 6)
    return 1 if m <= 12 else 2 if m <= 18 else 3 if m <= 24 else 4


def rough_allowance(m: float, die: int, mode: str = "floor6") -> tuple[float, int]:
    """(allowance, k): M − k·(6 − d), never below 0; a 6 gives the whole M (L38-L42)."""
    k = rough_k(m, mode)
    return max(0.0, m - k * (6 - die)), k


# --- to-wound (§4.4.7, Table 2) ----------------------------------------------------------------------------------

def to_wound_tn(attacker: Warrior, defender_type: str) -> tuple[int | None, str]:
    """(TN or None when it cannot wound, the arithmetic) of a melee attack against a type (SAMPLE rule A-83)."""
    t2 = data.load("table2")
    base = t2["to_wound"][defender_type]
    pen = t2["penetration"].get(attacker.type, 0)
    shift = math.floor((attack_strength(attacker) - data.creature(attacker.type)["attack_strength"]) / 2)
    raw = base - pen - shift
    why = f"Table 2 {defender_type} {base}"
    if pen:
        why += f" − {pen} ({attacker.type} penetration)"
    if shift:
        why += f" − ({shift}) (attack strength {attack_strength(attacker)})"
    if raw > t2["tn_impossible_above"]:
        return None, why + f" = {raw} > 6: cannot wound"
    tn = max(t2["tn_min"], raw)
    return tn, why + f" = {tn}+"


def cover_save_tn(coverage: float) -> int | None:
    """§4.3.3: 25 % → 6+, 50 % → 5+, 75 % → 4+ (L150-L154), below 25 % none."""
    for pct, tn in data.const("cover_save_by_pct"):
        if coverage >= pct - 1e-9:
            return tn
    return None
