"""B1 magic (§4.4.1, §5.4.2, §5.7.1): a character casts one spell of its stock a round, from a free stack on the
field; the spell card's effect applies without a roll (SAMPLE spells, data/spells.json)."""

from __future__ import annotations

from typing import Any

from replay.context import Context
from replay.rulesets.cerilia import board as bd
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import SECTORS, Battle, Stack
from replay.rulesets.cerilia.steps import emit
from replay.rulesets.cerilia.words import spell_effect


def caster_stack(state: Battle, caster: str) -> Stack | None:
    return next((s for s in state.stacks.values() if caster in s.members), None)


def can_cast_now(state: Battle, side: str) -> bool:
    """Whether `side` has a character that could cast a spell of its stock on some legal target this round (then
    its Phase B post is asked)."""
    targets = [*state.stacks, *SECTORS]
    for st in state.stacks.values():
        if st.side == side and bd.on_field(st) and not st.routed and not dv.engaged(state, st):
            for c in dv.characters(state, st):
                if not dv.char_card(c).can_cast or c.cast_this_round:
                    continue
                for spell, left in c.spell_stock.items():
                    if left and any(not cast_problems(state, side, {"actor": c.id, "spell": spell, "target": t})
                                    for t in targets):
                        return True
    return False


def cast_problems(state: Battle, side: str, line: dict[str, Any], roll_only: bool = False) -> list[str]:
    """§4.4.1 items 1–5 (checked when posted and again at B1); `roll_only`: option sign_assignment = roll_only."""
    caster = state.units.get(str(line.get("actor")))
    spell = tables().spells.get(str(line.get("spell")))
    if caster is None or caster.side != side or caster.kind != "character":
        return [f"§4.4.1: {line.get('actor')!r} is none of your characters (only characters cast, §5.6.3)"]
    if spell is None:
        return [f"§6.6: no spell {line.get('spell')!r} ({', '.join(tables().spells)})"]
    st = caster_stack(state, caster.id)
    problems = []
    if st is None or not bd.on_field(st):
        problems.append("§4.4.1 item 1: no spell from the reserve")
        return problems
    if "summon" in spell["effect"]:
        if str(spell["effect"]["summon"]) not in tables().units:
            problems.append(f"§5.7.2, §6.1: {spell['id']} summons {spell['effect']['summon']!r}, no unit card")
        if line.get("sign") not in ("Sw", "Sh", "B", "roll"):
            problems.append("§5.7.2, CP-01: a summoned unit takes its sign: Sw, Sh, B or roll (with a 1D3)")
        elif roll_only and line.get("sign") != "roll":
            problems.append("§3 rule 3 (option sign_assignment = roll_only): the summoned unit's sign is rolled with "
                            "1D3")
        target = str(line.get("target", ""))
        if target in SECTORS and bd.free_slot(state, target, side) is None:
            problems.append(f"§5.7.2: {target} has no free slot in your line")
    if not dv.char_card(caster).can_cast:
        problems.append(f"§5.6.3: {caster.id} cannot cast")
    if caster.cast_this_round:
        problems.append("§4.4.1 item 5: one spell per character per round")
    if caster.spell_stock.get(spell["id"], 0) < 1:
        problems.append(f"§4.4.1 item 1 (TXT-11): {caster.id}'s stock of {spell['id']} is exhausted (stock_exhausted)")
    if st.routed or dv.engaged(state, st):
        problems.append("§4.4.1 item 2 (AMB-27): the caster's stack must be free and not routed")
    if spell["category"] == "COMBAT" and st.attack_used is not None:
        problems.append("§4.4.1 item 3 (AMB-26): the stack has used its attack this round")
    here = bd.place_of(st.location)
    target = str(line.get("target", ""))
    if spell["target"] == "sector":
        fort = state.fortification
        if target not in SECTORS or (target != here and not bd.is_adjacent(here, target)):
            problems.append(f"§4.4.1 item 4: {spell['id']} targets the caster's sector or an adjacent one")
        elif fort and fort["sector"] == target:
            problems.append("AMB-54: a fortified sector cannot be targeted")
        return problems
    aim = state.stacks.get(target)
    if spell["target"] == "friendly_stack":
        if aim is None or aim.side != side or bd.place_of(aim.location) != here:
            problems.append(f"§4.4.1 item 4: {spell['id']} targets a friendly stack in {here}")
        elif spell["category"] == "PROTECTIVE" and spell["effect"].get("hide") and dv.engaged(state, aim):
            problems.append("§6.6: the veil hides a stack that is not engaged")
        return problems
    if aim is None or aim.side == side or aim.hidden or not bd.on_field(aim):
        problems.append("§4.4.1 item 4: a combat spell targets a visible enemy stack on the field")
    elif dv.engaged(state, aim):
        problems.append("§4.4.1 item 4 (TXT-12): no combat spell on a stack engaged in melee")
    elif bd.place_of(aim.location) != here and not bd.is_adjacent(here, bd.place_of(aim.location)):
        problems.append(f"§4.4.1 item 4: {aim.id} is out of range (own or adjacent sector)")
    else:
        fort = state.fortification
        if fort and fort["sector"] == bd.place_of(aim.location) and aim.side == "D" and \
                tables().fortifications[int(fort["level"])]["no_enemy_combat_spells"]:
            problems.append("§6.5: the castle bars enemy combat spells")
    return problems


def casts(ctx: Context, orders: dict[str, list[dict[str, Any]]]) -> None:
    """B1: the Attacker's casts, then the Defender's, in post order; a spell that became illegal is void."""
    from replay.rulesets.cerilia.phase_b import apply_results

    for side in ("A", "D"):
        for line in orders.get(side, []):
            if line.get("verb") != "cast":
                continue
            problems = cast_problems(ctx.state, side, line)
            if problems:
                emit(ctx, "order_void", {"stack": str(line.get("actor")), "verb": "cast", "reason": problems[0]},
                     rule="§5.1.2, §4.4.1", why=problems)
                continue
            spell = tables().spells[line["spell"]]
            target = str(line["target"])
            effect = dict(spell["effect"])
            summoned = _summon(ctx, side, line, str(effect["summon"])) if "summon" in effect else None
            emit(ctx, "cast", {"caster": line["actor"], "spell": spell["id"], "category": spell["category"],
                               "target": target, "effect": effect, **({"summoned": summoned} if summoned else {})},
                 rule="§5.4.2, §6.6" + (", §5.7.2, CP-01" if summoned else ""),
                 defaults=["AMB-26", "AMB-27"] + (["AMB-09"] if summoned and summoned["sign_method"] == "declared"
                                                  else []),
                 why=f"{line['actor']} casts {spell['name_en']} on {target}: {spell_effect(effect, 'en')} (no roll)"
                 + (f"; {summoned['id']} appears in {target}-{summoned['slot']}, sign {summoned['sign']}"
                    if summoned else ""))
            if "result" in effect:
                aim = ctx.state.stacks.get(target)
                if aim is not None:
                    apply_results(ctx, target, ["D"] if aim.routed else [effect["result"]], False, "§5.4.2, §5.3.6")


def _summon(ctx: Context, side: str, line: dict[str, Any], card: str) -> dict[str, Any]:
    """§5.7.2: the summoned troop's id (the side's next of its card), slot (lowest free) and sign (CP-01)."""
    from replay.rulesets.cerilia.phase_a import SIGN_OF_ROLL

    state: Battle = ctx.state
    n = 1
    while f"{side}-{card}-{n}" in state.units:
        n += 1
    uid = f"{side}-{card}-{n}"
    roll = None
    sign = str(line["sign"])
    if sign == "roll":
        roll = int(ctx.roll("1D3", actor=state.player(side), purpose="sign", what=f"1D3 sign of {uid}",
                            unit=uid).payload["total"])
        sign = SIGN_OF_ROLL[roll]
    return {"id": uid, "card": card, "slot": bd.free_slot(state, str(line["target"]), side), "sign": sign,
            "sign_method": "rolled" if roll else "declared", "sign_roll": roll}
