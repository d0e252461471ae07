"""Zonal defence (spec 4.4, L203, A-70; CP-05): a fight setting (`"zonal_defence": true` in the setup). Each
defender secretly commits the zone he guards, his choice `guard` keyed by the exchange (best `--seal`ed), before the
attack he answers is declared: head, upper_torso, arm, lower_torso, left_leg or right_leg (the die faces 6 5 4 3 2 1 of
L203 are accepted too). After the defence steps it is revealed: an attack at the guarded zone doubles the defence's
dice, any other halves them (rounded down); the doubled dice cost nothing (A-70). A defender who committed no guard
before the attack guards nothing: his dice are halved."""

from __future__ import annotations

from typing import Any

from replay.context import MissingInput, Request, Waiting, freeze
from replay.rulesets.skirmish import costs, pools
from replay.rulesets.skirmish.maneuvers.base import emit_effect
from replay.rulesets.skirmish.model import Declared, Fight

GUARDS = ("head", "upper_torso", "arm", "lower_torso", "left_leg", "right_leg")
FACES = {"6": "head", "5": "upper_torso", "4": "arm", "3": "lower_torso", "2": "left_leg", "1": "right_leg"}


def as_guard(value: Any) -> str | None:
    v = str(value).strip()
    v = FACES.get(v, v)
    return v if v in GUARDS else None


def covers(guard: str, zone: str | None) -> bool:
    return zone is not None and (guard == zone or guard == "arm" and zone in ("left_arm", "right_arm"))


def reveal(ctx: Any, x: int) -> None:
    """After the defence steps: each defender's guard, revealed and judged against the attack's zone."""
    state = ctx.state
    if not state.zonal:
        return
    for dfn in [d for d in state.declared if d.step == "defence" and d.maneuver != "pass"]:
        att = costs.incoming(state, dfn.actor)
        if att is None:
            continue
        key = {"exchange": x}
        seal = ctx.recorded.seal_for("choice", dfn.actor, "guard", key)
        if seal is not None:
            req = Request("reveal", dfn.actor, "guard", freeze(key), what=f"reveal of {dfn.actor}'s sealed guard "
                          f"(seq {seal.seq}; zonal defence, L203)", phase=ctx.phase, seal=seal.seq)
            ctx.asked.append(req)
            raise Waiting(requests=[req])
        found = ctx.recorded.choices(dfn.actor, "guard", **key)
        attack_order = ctx.recorded.order_for(att.actor, exchange=x, step="attack")
        guard, why = None, f"{dfn.actor} committed no guard before the attack: nothing is guarded"
        if found:
            event = found[-1]
            ctx.used.add(event.seq)
            guard = as_guard(event.payload.get("value"))
            if guard is None:
                raise MissingInput(f"turn {ctx.turn}: {dfn.actor}'s guard at seq {event.seq}: one of "
                                   f"{', '.join(GUARDS)} (or the die face 6–1, L203)")
            committed = event.cause or event.seq
            if attack_order is not None and committed > attack_order.seq:
                raise MissingInput(f"turn {ctx.turn}: {dfn.actor}'s guard at seq {committed} (L203, CP-05): the "
                                   f"guard is committed secretly before the attack it answers (seq "
                                   f"{attack_order.seq})")
            why = f"{dfn.actor} guards {guard}"
        zone = att.order.get("zone")
        hit = guard is not None and covers(guard, zone)
        n = int(dfn.priced["dice_to_roll"])
        rolled = 2 * n if hit else n // 2
        r = state.round
        emit_effect(ctx, x, dfn.maneuver, dfn.actor, [
            {"op": "effect", "fighter": dfn.actor, "kind": "guard", "amount": rolled - n, "start": [r, x],
             "until": [r, x], "ref": guard or "", "source": "zonal defence"}],
            [f"zonal defence: {why}; the attack goes to {zone} → " + (
                f"dice doubled {n} → {rolled} (free, A-70)" if hit else f"dice halved {n} → ⌊{n}/2⌋ = {rolled}")
             + " (L203)"], ["4.4", "L203"], ["A-70", "CP-05"])


def rolled(state: Fight, decl: Declared) -> int:
    """The dice a declaration rolls: its dice_to_roll, changed by a revealed guard (zonal defence)."""
    n = int(decl.priced["dice_to_roll"])
    if decl.step != "defence" or not state.zonal:
        return n
    return n + pools.amount(state.fighter(decl.actor), "guard", state.round, state.exchange)
