"""The ranged maneuvers M75-M90 (spec 5.4.6, 5.4.7; SOURCE L1071-1173) as rule functions: their difficulties,
penalties and what their successes do. Which of them an order can declare is listed in docs/skirmish.md."""

from __future__ import annotations

CATCH_DIFFICULTY = {"hand": 7, "short": 7, "medium": 6, "long": 5}
"""M88 (L1159): hand and short projectiles %7, medium %6, long %5; bullets and cannonballs cannot be caught."""


def jump_throw(base: int, net: int, crit_degree: int = 0) -> tuple[int | None, int]:
    """M75/M77 (L1077, T-25): (attack difficulty or None for an automatic failure, metres flown). Each 2
    successes of the acrobatic check fly 1 m with no penalty; a failure +1, a botch of degree 1 +2, degree 2 +3;
    above 7 the attack fails."""
    if net > 0:
        return base, net // 2
    bump = 1 if not crit_degree else 1 + crit_degree
    diff = base + bump
    return (None if diff > 7 else diff), 0


def moving_shot_metres(successes: int) -> int:
    """M76 (L1083): each success lets the shooter walk or run 1 m and shoot in the same exchange with no penalty."""
    return max(0, successes)


def grazing(net: int, secondary_costs: list[int]) -> tuple[int, list[str]]:
    """M78 (L1097, T-24): the successes left for the final target: −1 for the grazing shot, the zone correction of
    each secondary target paid, and −1 after each secondary target hit."""
    left, why = net - 1, [f"{net} − 1 (grazing shot) = {net - 1}"]
    for cost in secondary_costs:
        left -= cost
        why.append(f"− {cost} (secondary zone correction) = {left}")
        left -= 1
        why.append(f"− 1 (secondary target hit) = {left}")
    return left, why


def through(damage: int, zone_max_w: int, armour: int) -> int:
    """M79 (L1103, T-23): the damage carried to the next target: damage − (zone maximum + 2 × armour), 0 when it
    does not pass through; the shooter takes −5 successes for each next target."""
    return max(0, damage - (zone_max_w + 2 * armour))


THROUGH_PENALTY = 5


def double_shot(prep_s: int, range_successes: int, bow: bool) -> tuple[int, int, int]:
    """M80 (L1109, A-78): (preparation seconds ×2, range success penalty ×2, difficulty +1 with a bow)."""
    return 2 * prep_s, 2 * range_successes, 1 if bow else 0


def synchronous_throw(ambidextrous: bool) -> int:
    """M81 (L1115): +1 difficulty on the one attack roll, none for the ambidextrous."""
    return 0 if ambidextrous else 1


RAPID_FIRE_DIFFICULTY = 1
"""M82 (L1121): «сложность броска повышается на 1», for every arrow of the volley."""


def rapid_fire_most(check_net: int, ammo: int) -> int:
    """M82 (L1121): the most arrows of the volley, the Reflex check's net successes (0: none is loosed), no more than
    the arrows the archer has (the one on the string and the ammunition left)."""
    return max(0, min(check_net, 1 + ammo))


def next_arrow_dice(previous_net: int, points_left: int) -> int:
    """M82 (L1121, A-77): «бросок каждой следующей стрелы делается на основании успехов предыдущей»: the next arrow
    rolls the previous arrow's net successes, capped by the volley's points left; at 0 the volley stops."""
    return max(0, min(previous_net, points_left))


def protect_ally(base: int, from_side: bool, evasion: bool) -> int | None:
    """M83 (L1131, T-10): any defence but an evasion; +1 difficulty when the protector stands to the side rather
    than in front; None when the defence is an evasion (refused)."""
    if evasion:
        return None
    return base + (1 if from_side else 0)


def shield_parry(parry_difficulty: int) -> int:
    """M86 (L1147): the shield's melee parry difficulty +1."""
    return parry_difficulty + 1


def weapon_parry(parry_difficulty: int, piercing: bool) -> int:
    """M87 (L1153): the weapon's parry difficulty, +2 against piercing."""
    return parry_difficulty + (2 if piercing else 0)


def missile_catch(length: str, projectile: str) -> int | None:
    """M88 (L1159): the catch difficulty; None for bullets and cannonballs (they cannot be caught)."""
    if projectile in ("bullet", "cannonball"):
        return None
    return CATCH_DIFFICULTY.get(length, 7)


def missile_dodge(into_cover: bool, from_behind: bool) -> int:
    """M89 (L1167): off the line of fire %5, into cover or to the ground %4 (then lying); +1 against a shot in the
    back."""
    return (4 if into_cover else 5) + (1 if from_behind else 0)


def missile_slip(from_behind: bool) -> int:
    """M90 (L1173): %6, +1 against a shot in the back."""
    return 6 + (1 if from_behind else 0)


MISSILE_DEFENCES = ("missile_dodge", "missile_slip", "shield_parry_missile", "weapon_parry_missile", "missile_catch")
