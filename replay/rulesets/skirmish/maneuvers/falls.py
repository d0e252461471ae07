"""Falls (spec 5.8.5, L741–755, A-29): `fall_damage = (metres)d6 − Endurance successes − crushing armour of the zone
hit`, the zone by 1d6 on the stance table (standing column), an Acrobatics by Reflex check to tuck in (2 successes
remove one die; 1 changes the zone: the faller's choice `tuck_in`, CP-21, by default all on dice). Every die is a forum
roll."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import damage, data, dice
from replay.rulesets.skirmish.maneuvers.base import emit_effect, next_exchange
from replay.rulesets.skirmish.model import SkirmishOptions

STANCE_ZONES = ("head", "upper_torso", "arm", "lower_torso", "leg")


def stance_zone(ctx: Any, x: int, fid: str, on: str, face: int, rolled: str | None) -> tuple[str | None, bool]:
    """CP-33 (5.5.2, L998): the stance table is for a frontal view; for a blow or fall from the side or behind the
    GM may adjust the zone: the GM's choice `stance_zone` (no --actor; keyed by exchange, fighter and `on`: `fall`
    or `body`), a zone (or `miss`, for a blow); by default the table's zone (applied by the rules). Returns (the zone,
    whether the GM changed it)."""
    legal = [*STANCE_ZONES] + (["miss"] if on == "body" else [])
    value, how = ctx.ask("stance_zone", actor=None, options=legal, default=rolled or "miss", applies=True,
                         accept=lambda v: v in legal, what=f"the GM may adjust the stance table's zone for {fid} "
                         f"({on}, 1d6 [{face}]) for a side or back view (CP-33, 5.5.2)", exchange=x, fighter=fid,
                         on=on)
    if how == "default" or value == (rolled or "miss"):
        return rolled, False
    return (None if value == "miss" else str(value)), True


SIDE = {"arm": "left_arm", "leg": "left_leg"}
"""PROPOSED: a fall on "an arm" or "a leg" lands on the left one; the precise zone is the middle row (5) of the
general zone's 2d6−2 table."""


def fall_zone(general: str) -> tuple[str, str]:
    declared = SIDE.get(general, general)
    return declared, data.precise_zone(general, 5) or data.precise_zones(general)[0]


def fall(ctx: Any, x: int, fid: str, metres: int, cause: str, options: SkirmishOptions,
         code: str, zone: str | None = None) -> dict[str, Any]:
    """Ask the fall's rolls and emit its wound (crushing, sample_v1 levels); the fighter ends up lying. `zone`: the
    zone a thrower chose with one of his final successes (L787): then no zone is rolled."""
    f = ctx.state.fighter(fid)
    sides = options.pool_die_sides
    asks = [(f"{max(1, f.skill('acrobatics') + f.char('reflex'))}d{sides}", fid, "acrobatics", {"exchange": x},
             f"Acrobatics by Reflex of {fid} to tuck in ({cause}, %5)"),
            (f"{max(1, f.char('endurance'))}d{sides}", fid, "fall_endurance", {"exchange": x},
             f"Endurance check of {fid} against the fall (%5)")]
    if zone is None:
        asks.insert(1, ("1d6", fid, "fall_zone", {"exchange": x}, f"the zone {fid} falls on (1d6, stance table)"))
    rolls = ctx.need_rolls(asks)
    acro, endurance = rolls[0], rolls[-1]
    zone_roll = rolls[1] if zone is None else None
    a = dice.count(acro.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    e = dice.count(endurance.payload["result"], 5, ones_cancel=options.ones_cancel_successes)
    general = zone if zone_roll is None else data.body()["stance_d6"]["standing"][str(zone_roll.payload["total"])]
    by_gm = False
    if zone_roll is not None:
        found, by_gm = stance_zone(ctx, x, fid, "fall", zone_roll.payload["total"], general)
        general = found or general
    zones = sorted({z for z in data.body()["stance_d6"]["standing"].values() if z})
    spend, how = ("dice", "default") if a.net < 1 else ctx.ask(
        "tuck_in", actor=fid, options=["dice", *zones], default="dice", applies=True,
        what=f"{fid}'s {a.net} Acrobatics successes: all on removing dice (2 each), or 1 on another zone (CP-21)",
        exchange=x)
    moved = spend != "dice" and spend != general
    if moved:
        general = str(spend)
    removed = min(metres, max(0, a.net - (1 if moved else 0)) // 2)
    n = max(1, metres) - removed
    declared, precise = fall_zone(general)
    armour, _, piece = damage.armour_of(f, precise, "crushing")
    why = [f"{fid} falls ({cause}): {metres} m → {metres}d6; Acrobatics {len(a.faces)}d %5 {list(a.faces)} → {a.net}"
           + (f": −{removed} die (2 successes each)" if removed else ""),
           ("the zone the thrower chose" if zone_roll is None else
            f"zone 1d6 [{zone_roll.payload['total']}]" + (" changed by the GM (CP-33)" if by_gm else "")) + " → " + (
               f"{general} ({precise})" if not moved else f"moved to {general} ({precise}) with 1 success (CP-21)")]
    changes: list[dict[str, Any]] = [{"op": "stance", "fighter": fid, "stance": "lying"}]
    w, total, hurt_faces = 0, 0, []
    if n > 0:
        hurt = ctx.roll(f"{n}d6", actor=fid, purpose="fall_damage", what=f"fall damage of {fid} ({n}d6)", exchange=x)
        total, hurt_faces = hurt.payload["total"], list(hurt.payload["result"])
        w = max(0, total - max(0, e.net) - armour)
        why.append(f"fall damage {n}d6 {hurt.payload['result']} = {total} − Endurance {max(0, e.net)} − " + (
            f"crushing armour {armour} ({piece})" if piece else "armour 0") + f" = {w}")
    changes.append({"op": "fall", "fighter": fid, "metres": metres, "dice": n, "removed": removed,
                    "acrobatics": a.net, "zone": general, "precise": precise, "faces": hurt_faces, "total": total,
                    "endurance": max(0, e.net), "armour": armour, "W": w})
    if w > 0:
        level = damage.level_of(w)
        eff = damage.effects(level, "crushing")
        flags = damage.thresholds(precise, "crushing", w)
        wound = {"zone": declared, "precise": precise, "type": "crushing", "W": w, "level": level, "pain": eff["pain"],
                 "shock": eff["shock"], "bleeding": eff["bleeding"], "flags": flags,
                 "consequences": damage.consequences(general, level, flags),
                 "until": list(next_exchange(ctx.state.round, x))}
        changes.append({"op": "wound", "fighter": fid, "wound": wound})
        why.append(f"W {w} → level {level}: pain {eff['pain']}, shock {eff['shock']}")
    else:
        why.append("no wound from the fall")
    emit_effect(ctx, x, code, fid, changes, why,
                ["5.8.5", "L741-755"], ["A-29", "sample_v1"])
    return {"W": w, "dice": n, "removed": removed, "zone": general}
