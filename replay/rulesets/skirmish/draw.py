"""Quick draw (M50, L644–652, A-39): a weapon drawn with the declaration it enables, in the same exchange, without
using the action; the activation costs reflex points by where the weapon is (L646): 1 from a scabbard or a belt, 2
from a boot or the back, 3 from the floor. A weapon on the floor is picked up with a free Reflex check at %5 (A-39,
the roll `pickup`, asked with the declaration): a failure spends the 3 R and the declaration fails. Two weapons at
once (`"draw": [first, second]`, the first into the main hand) double the activation (2 × the dearer placement,
PROPOSED); Ambidexterity draws both for the price of one (L652). A weapon longer than short drawn from its scabbard
strikes only with the hilt in that exchange (L648): its attack says `"hilt": true` and deals Strength, crushing.
A weapon with a wrist loop (the data's feature `wrist_loop`, SAMPLE) that a disarm takes from the hand hangs on the
wrist (state "hanging", L689): Quick draw recovers it with the free Reflex check `pickup` at %4 (A-39) for 1 R (by
analogy with the belt, L646 «по аналогии»: PROPOSED, CP-31 the GM's); a failure spends the 1 R and fails the
declaration, as from the floor."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.rulesets.skirmish import data
from replay.rulesets.skirmish.model import Fight, Fighter, SkirmishOptions, Weapon

COST = {"scabbard": 1, "belt": 1, "boot": 2, "back": 2}
"""Reflex points by placement (L646); other places ask the GM the price (CP-31, `gm_price`)."""
FLOOR = 3
"""L646: «3 очка Рефлекса, если оружие на полу»."""
PICKUP_TN = 5
"""A-39: recovering a weapon from the floor is a Reflex check at %5."""
LOOP_TN = 4
"""L689, A-39: «сложность броска быстрого вооружения понижается до %4» for a weapon hanging on its wrist loop."""
LOOP = 1
"""A weapon hanging on the wrist: 1 R, by analogy with the belt (L646 «по аналогии»; PROPOSED, CP-31 the GM's)."""


def looped(w: Weapon | None) -> bool:
    """The weapon has a wrist loop (the data's feature `wrist_loop`, SAMPLE; L689 «петлю на рукояти»)."""
    return w is not None and "wrist_loop" in data.weapon_type(w.type).get("features", [])


def loop_holds(w: Weapon | None, against: str, options: SkirmishOptions) -> tuple[bool, list[str]]:
    """Whether a weapon that a knock-aside or a block drops hangs on its wrist loop, and the line saying why: L689
    speaks of the disarm only, so it falls to the floor as L689 is written, or hangs by the option `wrist_loop_holds`
    (`knock_and_block`); recovered as the disarm's hanging weapon is (M50, %4)."""
    if w is None or not looped(w):
        return False, []
    if options.wrist_loop_holds == "knock_and_block":
        return True, [f"{w.id}'s loop holds against the {against} too (L689, house rule wrist_loop_holds): "
                      f"Quick draw recovers it at %{LOOP_TN} (M50, A-39)"]
    return False, [f"{w.id}'s loop holds against a disarm only (L689 as written, house rule wrist_loop_holds): "
                   "it falls to the floor"]


def ids(value: Any) -> list[str]:
    """The weapon ids a declaration's `draw` names (one id, or a list of two)."""
    if isinstance(value, list):
        return [str(v) for v in value]
    return [str(value)] if value else []


def on_floor(w: Weapon | None) -> bool:
    """On the floor, or picked up from it by this draw (`drawn` marks its location "floor")."""
    return w is not None and (w.state == "dropped" or w.location == "floor" and w.state != "hanging")


def floor_pickup(f: Fighter, value: Any) -> str | None:
    """The weapon a draw picks up from the floor (it needs the Reflex check), or None."""
    return next((wid for wid in ids(value) if on_floor(f.weapon_by_id(wid))), None)


def hanging(w: Weapon | None) -> bool:
    """Hanging on the wrist by its loop after a disarm (L689), or recovered from it by this draw (`drawn` marks its
    location "wrist_loop")."""
    return w is not None and (w.state == "hanging" or w.location == "wrist_loop" and w.state != "dropped")


def loop_recovery(f: Fighter, value: Any) -> str | None:
    """The weapon a draw recovers from its wrist loop (the Reflex check at %4), or None."""
    return next((wid for wid in ids(value) if hanging(f.weapon_by_id(wid))), None)


def elsewhere(w: Weapon | None) -> bool:
    """Carried at a place L646 gives no price for (not a scabbard, belt, boot or back, the floor or the wrist loop):
    the activation is the GM's (CP-31)."""
    return w is not None and bool(w.location) and not on_floor(w) and not hanging(w) and w.location not in COST


def one_cost(f: Fighter, wid: str, gm: int = 0) -> int:
    w = f.weapon_by_id(wid)
    if w is None:
        return 0
    if hanging(w):
        return LOOP
    if elsewhere(w):
        return gm
    return FLOOR if on_floor(w) else COST.get(w.location or "", 0)


PRICE_FORMAT = ("M50 (L646, CP-31): draw_price is the GM's ruling (no --actor), keyed by exchange and fighter: the "
                "reflex points a quick draw from that place costs, a whole number from 0 to 9")


def as_price(value: Any) -> int | None:
    """The GM's price of a draw from another place (CP-31): a whole number of reflex points, 0–9."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
        return None
    return value


def gm_price(ctx: Any, f: Fighter, order: dict[str, Any]) -> int | None:
    """CP-31: the rulebook prices the scabbard, the belt, the boot, the back and the floor only (L646); a weapon
    carried elsewhere asks the GM the price in reflex points (the choice `draw_price`, no --actor, no default: the
    rules wait for the ruling). None: no weapon of the draw is elsewhere."""
    place = next((w.location for w in (f.weapon_by_id(wid) for wid in ids(order.get("draw"))) if elsewhere(w)), None)
    if place is None:
        return None
    value, _ = ctx.ask("draw_price", actor=None, options=[], accept=lambda v: as_price(v) is not None,
                       what=f"the rulebook prices a quick draw only from a scabbard, a belt, a boot, the back or the "
                       f"floor (M50, L646): the GM rules the reflex points {f.id} pays to draw from '{place}' "
                       f"(CP-31), e.g. 1", exchange=order["exchange"], fighter=f.id)
    price = as_price(value)
    assert price is not None
    return price


def unaffordable(state: Fight, fid: str, order: dict[str, Any], priced: dict[str, Any]) -> str | None:
    """CP-31 with 4.7.9: the declaration was checked with the GM's price unknown (0); once the GM names it, the
    declaration must still be payable (the activation from reflex points, L205). If not, it is refused as check 9
    refuses it (nothing is spent: a refused declaration commits no points) and the fighter's step passes. The why line,
    or None when it is payable. `state` is the fight with the weapon drawn, `priced` the declaration priced with the
    GM's price."""
    from replay.rulesets.skirmish import check, pools

    if order.get("draw_price") is None or order.get("maneuver") in (None, "pass"):
        return None
    f = state.fighter(fid)
    if not check.payment(state, fid, order, priced, data.maneuvers()[order["maneuver"]]):
        return None
    avail_r, avail_s = pools.available(f, state.round, state.exchange)
    return (f"{fid} cannot pay the GM's price of the quick draw, {order['draw_price']} R: the declaration costs "
            f"R{priced['paid_R']} S{priced['paid_S']}, available R{avail_r} S{avail_s} (4.7.9, CP-31): the declaration "
            "is refused, nothing is spent")


def cost(f: Fighter, value: Any, gm: int = 0) -> int:
    """The activation in reflex points (L646; two weapons at once doubled, Ambidexterity not, L652); `gm`: the GM's
    price of a place the rulebook does not price (CP-31)."""
    wids = ids(value)
    if len(wids) < 2:
        return sum(one_cost(f, wid, gm) for wid in wids)
    dearest = max(one_cost(f, wid, gm) for wid in wids)
    return dearest if "ambidextrous" in f.traits else 2 * dearest


def cost_why(f: Fighter, value: Any, gm: int = 0) -> str:
    wids = ids(value)
    if len(wids) < 2:
        return f"{cost(f, value, gm)} R" + (" from the floor" if on_floor(f.weapon_by_id(wids[0])) else "")
    dearest = max(one_cost(f, wid, gm) for wid in wids)
    if "ambidextrous" in f.traits:
        return f"two weapons for the price of one, {dearest} R (Ambidexterity, L652)"
    return f"two weapons: 2 × {dearest} = {2 * dearest} R (L652)"


def hilt_only(f: Fighter, wid: str) -> bool:
    """L648: drawn from its scabbard and longer than short: only a hilt strike in this exchange."""
    w = f.weapon_by_id(wid)
    return w is not None and w.location == "scabbard" and not on_floor(w) and \
        data.length_index(data.weapon_type(w.type)["length"]) > data.length_index("short")


def problems(f: Fighter, value: Any) -> list[str]:
    """Why `value` cannot be drawn now (empty: it can)."""
    wids = ids(value)
    if not wids or len(wids) > 2 or len(set(wids)) != len(wids):
        return ["draw: one weapon id, or a list of two different ones"]
    out = []
    for wid in wids:
        w = f.weapon_by_id(wid)
        if w is None:
            out.append(f"{f.id} has no weapon {wid!r}")
        elif w.hands and w.state == "ready":
            out.append(f"{wid} is already in hand")
        elif w.state == "broken":
            out.append(f"{wid} is broken")
        elif not w.location and not on_floor(w) and not hanging(w):
            out.append(f"{wid} is at {w.location!r}: the activation for other places is the GM's (CP-31)")
    if out:
        return out
    held = {h for w in f.weapons if w.hands and w.state == "ready" for h in w.hands}
    if f.shield is not None and f.shield.state == "ready":
        held.add(f.shield.hand)
    if len(wids) == 2:
        if any(on_floor(f.weapon_by_id(wid)) for wid in wids):
            out.append("two weapons at once are drawn from where they are carried; a weapon on the floor is picked "
                       "up alone (PROPOSED)")
        if any(hanging(f.weapon_by_id(wid)) for wid in wids):
            out.append("a weapon hanging on its wrist loop is recovered alone (L689, PROPOSED)")
        if held:
            out.append(f"{f.id} needs both hands free to draw two weapons")
    elif f.main_hand in held:
        out.append(f"{f.id}'s main hand is not free to draw {wids[0]}")
    return out


def drawn(state: Fight, fid: str, value: Any) -> Fight:
    """The fight with the drawn weapon in the fighter's main hand (ready); a second one in the other hand."""
    f = state.fighter(fid)
    other = "left" if f.main_hand == "right" else "right"
    hands = dict(zip(ids(value), ((f.main_hand,), (other,)), strict=False))
    weapons = tuple(replace(w, hands=hands[w.id], state="ready", location="floor" if on_floor(w)
                           else "wrist_loop" if hanging(w) else w.location)
                    if w.id in hands else w for w in f.weapons)
    return state.with_fighter(replace(f, weapons=weapons))


def apply(state: Fight, fid: str, order: dict[str, Any]) -> tuple[Fight, dict[str, Any]]:
    """(the state after the draw, the order naming the drawn weapon) for a declaration with `draw`."""
    wids = ids(order.get("draw"))
    if not wids:
        return state, order
    return drawn(state, fid, order["draw"]), {**order, "weapon": order.get("weapon") or wids[0]}


def started(state: Fight, fid: str, value: Any) -> Fight:
    """M50 (L650): with no reflex points the weapon is drawn over one round: "drawing" until the next round starts."""
    f = state.fighter(fid)
    wids = ids(value)
    return state.with_fighter(replace(f, weapons=tuple(replace(w, state="drawing") if w.id in wids else w
                                                       for w in f.weapons)))


def finished(state: Fight) -> Fight:
    """The weapons drawn over the last round in hand (the first into the main hand)."""
    for f in state.fighters:
        wids = [w.id for w in f.weapons if w.state == "drawing"]
        if wids:
            state = drawn(state, f.id, wids if len(wids) > 1 else wids[0])
    return state
