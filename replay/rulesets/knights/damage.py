"""Function damage (§2.3, §4.2, §5.7): which functions a hit may take, and taking one (a Lady, a module, a fall)."""

from __future__ import annotations

from typing import Any

from replay.rulesets.knights import derive as d
from replay.rulesets.knights.lady import place_lady
from replay.rulesets.knights.model import Pose, State, data, kit_functions, module_of
from replay.rulesets.knights.steps import Batch, Ctx


def legal_damage(state: State, kid: str) -> list[str]:
    """The functions a hit may take: Raise Shields first (§4.2), Full Ahead last of the steed (§4.1)."""
    k = state.knight(kid)
    kit = data("kit")
    intact = [f for f in kit_functions() if f not in k.damaged]
    intact += [lady.id for lady in state.ladies if lady.carrier == kid]
    if kit["shield"] in intact:
        return [kit["shield"]]
    guards = kit["protected_last"]["full_ahead"]
    if any(f in intact for f in guards):
        intact = [f for f in intact if f != "full_ahead"]
    return intact


def damage_function(ctx: Ctx, b: Batch, kid: str, chooser: str, last_pose: Pose | None) -> list[dict[str, Any]]:
    """One function of K is damaged, picked by `chooser` (§5.7, CP-K7); returns the effects."""
    k = b.state.knight(kid)
    if k.location == "fallen":
        return []
    legal = legal_damage(b.state, kid)
    if not legal:
        return []
    fn, how = ctx.ask("damage", chooser, legal, knight=kid)
    effects: list[dict[str, Any]] = []
    effect: dict[str, Any] = {"kind": "damage", "knight": kid, "function": fn, "module": module_of(fn),
                              "chosen_by": chooser if how == "chosen" else how, "destroyed": False}
    effects.append(effect)
    if fn.startswith("lady:"):
        effect["destroyed"] = True
        pose = k.pose or last_pose
        if pose is not None:
            effects.append(place_lady(ctx, b, fn, kid, pose))
        else:
            b.lady(fn, carrier=None)
    else:
        damaged = k.damaged | {fn}
        module = module_of(fn)
        destroyed = all(f in damaged for f in data("kit")["modules"][module])
        b.knight(kid, damaged=damaged, functions_lost=k.functions_lost + 1,
                 modules_destroyed=k.modules_destroyed + (1 if destroyed else 0))
        effect["destroyed"] = destroyed
    now = b.state.knight(kid)
    effect["mass"] = d.mass(b.state, now)
    effect["fallen"] = effect["mass"] == 0
    if effect["fallen"]:
        b.knight(kid, location="fallen", pose=None, last_module_destroyed=True)  # §2.2: Mass 0, the knight falls
    return effects
