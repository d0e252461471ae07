"""Ranged combat rules (spec 5.6, 5.2.2; SOURCE L894-1069): range bands, stage times (drawing, preparing, aiming and
their speed-ups), the shooting modifiers (conditions, range, position, moving), the zone-correction prices by
target height and range, and the random general zone by stance. Pure functions over data/ranged.json."""

from __future__ import annotations

from math import ceil
from typing import Any

from replay.rulesets.skirmish import data

BANDS = ("point_blank", "short", "medium", "long", "extreme")
ARROWS = ("arrow", "bolt")


def tables() -> dict[str, Any]:
    return data.table("ranged")["tables"]


def weapon(kind: str) -> dict[str, Any]:
    return data.table("ranged")["weapons"][kind]


def band(kind: str, metres: int, *, halved: bool = False) -> str | None:
    """The range band of a shot at `metres` (5.6.5: the weapon's bands); None beyond the extreme range. `halved`:
    the position table halves the available ranges (5.6.7)."""
    for name in BANDS:
        limit = weapon(kind)["range_m"][name]
        if metres <= (limit // 2 if halved else limit):
            return name
    return None


def draw_seconds(placement: str, *, several: bool = False, speedup: bool = False) -> int:
    """5.6.2 (L920-938, T-16): the placement's time, ×2 for several projectiles in one hand; a successful Reflex
    check at %5 halves it, rounding up, never below 1 s."""
    base = tables()["draw_s"][placement] * (2 if several else 1)
    return max(1, ceil(base / 2)) if speedup else base


def prepare_seconds(kind: str, ready: bool, saved: int = 0, *, double: bool = False) -> tuple[int, int]:
    """5.6.3 (L940-950): (seconds, final successes lost): prep_ready_s when the weapon was ready, prep_scratch_s
    otherwise, twice that for a double shot (M80, L1109); each net success of the speed-up check saves 1 s (never
    below 1 s) and costs 1 final success."""
    base = weapon(kind)["prep_ready_s" if ready else "prep_scratch_s"] * (2 if double else 1)
    saved = max(0, min(saved, base - 1))
    return base - saved, saved


def aim_seconds(speedup: bool) -> tuple[int, int]:
    """5.6.4 (L952-956, A-56, T-26): aiming takes 1 round (2 s); a successful speed-up halves it to 1 s and costs
    1 final success; a failed check means the full 2 s with no loss."""
    return (1, 1) if speedup else (2, 0)


def aim_botch(net: int) -> str | None:
    """5.6.4 (T-26): the success lost to a speed-up making the attack net −1 sends the shot in a random direction;
    −2 hits an ally (CP-41)."""
    return "random_direction" if net == -1 else "ally_hit" if net <= -2 else None


def condition_mods(kind: str, conditions: dict[str, str], *, target_in_melee: bool = False, crowd_ranks: int = 0,
                   target_gait: str | None = None, straight: bool = False) -> tuple[int, int, bool, list[str]]:
    """5.6.5 (L962-985): (difficulty +, successes −, automatic failure, why). Poor visibility +1 difficulty;
    a target in melee −1 success; in a crowd −1 per rank; jogging −1 (0 straight at/away), sprinting −2 (−1);
    wind and precipitation by projectile mass, doubled for arrows and bolts."""
    w = weapon(kind)
    diff, succ, fail, why = 0, 0, False, []
    if conditions.get("visibility") == "poor":
        diff += 1
        why.append("poor visibility +1 difficulty")
    if target_in_melee:
        succ -= 1
        why.append("target in a melee −1 success")
    if crowd_ranks:
        succ -= crowd_ranks
        why.append(f"target in a crowd −{crowd_ranks} (one per rank, L972)")
    if target_gait in ("jog", "sprint"):
        n = (1 if target_gait == "jog" else 2) - (1 if straight else 0)
        if n:
            succ -= n
            why.append(f"target {'jogging' if target_gait == 'jog' else 'sprinting'} −{n}"
                       + (" (straight at or away)" if straight else ""))
    weather = conditions.get("weather", "none")
    light, heavy = tables()["weather"][weather]
    mod = light if w["projectile_mass_kg"] < 0.5 else heavy
    if mod == "fail":
        fail = True
        why.append(f"{weather}: a light projectile fails automatically")
    elif mod:
        times = 2 if w["projectile"] in ARROWS else 1
        succ += mod * times
        why.append(f"{weather} {mod}" + (" ×2 (arrows and bolts, L985)" if times == 2 else "") + f" = {mod * times}")
    return diff, succ, fail, why


def range_successes(b: str, *, double_shot: bool = False) -> int:
    """5.6.5 (L987-994): 0 / 0 / −1 / −2 / −4; a double shot doubles it (M80, A-78)."""
    return tables()["range_successes"][b] * (2 if double_shot else 1)


def range_damage(kind: str, b: str, arc_face: int | None = None) -> int:
    """5.6.5, A-51 (T-15): the damage column for arrows and bolts only: point-blank +1, medium −1, long −2, extreme
    −3; a bow at extreme range shoots in an arc, the penalty rolled: 1d6 1-2 → −3, 3-4 → −2, 5-6 → −1 (L994)."""
    w = weapon(kind)
    if w["projectile"] not in ARROWS:
        return 0
    if b == "extreme" and w.get("arc_at_extreme") and arc_face is not None:
        return tables()["arc_damage"][str(arc_face)]
    return tables()["range_damage"][b]


def height_class(height_cm: int) -> str:
    """5.6.6: child/dwarf under 140 cm, adult 140-250, giant over 250."""
    return "child" if height_cm < 140 else "giant" if height_cm > 250 else "adult"


def zone_costs(height_cm: int, b: str) -> tuple[int, int | None]:
    """5.6.6 (L1054-1069): (general-zone change, precise zone) in successes; None = not purchasable (A-55).
    Danger and penetration cost the precise-zone price; no correction below 1."""
    general, precise = tables()["zone_costs"][height_class(height_cm)][b]
    return max(1, general), None if precise is None else max(1, precise)


def stance_zone(stance: str, face: int) -> str | None:
    """5.5.2 (L1000-1006): the general zone of 1d6 by the target's stance; None is a miss."""
    return data.body()["stance_d6"][stance][str(face)]


def position_rule(kind: str, stance: str, dwarf: bool = False) -> tuple[int, bool, bool]:
    """5.6.7 (L1010-1022): (difficulty +, ranges halved, possible) of shooting from a stance by weapon class."""
    cls = weapon(kind)["class"]
    if stance == "lying":
        if cls == "crossbow":
            return 0, False, True
        if cls == "knife":
            return 0, True, True
        if cls == "short_bow":
            return 1, False, True
        return 0, False, False
    if stance == "sitting":
        if cls in ("crossbow", "short_bow", "knife"):
            return 0, False, True
        return 1, cls == "javelin", True
    return (1 if dwarf and cls in ("long_bow", "javelin") else 0), False, True


def moving_penalty(speed: int, acrobatics: int, faster_than_walk: bool) -> tuple[int, int]:
    """5.6.8 method 2 (L1030): (dice −, difficulty +): −(speed in m/s) less Acrobatics (not below 0); +1 difficulty
    when moving at ½ Speed or more."""
    return max(0, speed - acrobatics), 1 if faster_than_walk else 0


def vehicle_penalty(speed: int, skill: int, same_way: bool = False) -> int:
    """5.6.8 (L1036-1040, A-53, T-08): dice − max(0, speed − skill); a target moving the same way halves the speed
    (rounded down)."""
    return max(0, (speed // 2 if same_way else speed) - skill)


def mounted_penalty(effective_speed: int, riding_successes: int) -> int:
    """5.6.8 (L1044): the mount's effective Speed − successes on a Riding check."""
    return max(0, effective_speed - riding_successes)
