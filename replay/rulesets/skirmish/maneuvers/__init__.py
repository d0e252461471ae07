"""The maneuvers' code, one `Move` per catalogue entry (base.Move): attack.py (M01–M33), defence.py (M34–M49),
general.py (M50–M58), wrestling.py (M59–M74). The basic attacks, blocks, parry, counterattack, knock-aside,
sidestep, slip, retreat, quick draw and standing up keep their rules in costs.py and resolve.py (the general
procedure); the modules here register what each further maneuver adds."""

from __future__ import annotations

GENERAL_PROCEDURE = frozenset({"thrust", "chop", "slash", "crush", "power_blow", "feint", "weapon_block",
                               "shield_block", "parry", "counterattack", "knock_aside", "retreat", "sidestep", "slip",
                               "quick_draw", "maneuvering", "protect_ally"})
"""The maneuvers whose rules live in the general procedure (costs.py, resolve.py, feint.py, draw.py; Protect ally,
M37, in a melee of several fighters: group.py)."""

_loaded = False


def load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from replay.rulesets.skirmish.maneuvers import (  # noqa: F401
        attack,
        counters,
        defence,
        general,
        passing,
        transfer,
        wrestling,
    )
