"""Formation combat (spec 5.12, SOURCE L1175-1199; the section breaks off): forming up (A-57), partner pairs,
the drill cap (A-58) and the attack penalty against a partner pair (A-58b). Break-up, group combat and mounted
combat are not in the rulebook (A-59): they are GM rulings."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

STANDS = (10**6, 2)
"""A formation stands to the battle's end: the rulebook's break-up is missing (A-59)."""

SILENT = {
    "break_formation": "formation break-up («Распад строя»: the heading is the rulebook's last line)",
    "group_combat": "group combat («правила Группового боя» are referred to, not given)",
    "mounted": "mounted combat («верховой бой» is named in L10, never described)",
}


def silent(topic: str) -> str:
    """A-59: the message for what the rulebook does not contain."""
    return (f"A-59: the rulebook is silent on {SILENT[topic]}: the GM rules it (`battlelog ruling`, CP-50); "
            "nothing is appended")


def size_cap(tactics_successes: int, d6_total: int) -> int:
    """A-57 (L1177): the commander's Tactics check at %5 gives X successes; the formation holds at most Xd6
    warriors (the roll's total is a cap on size)."""
    return d6_total if tactics_successes > 0 else 0


def effective_etiquette(own: int, partner_master_successes: int) -> int:
    """L1191 (T-09): master successes in Army Etiquette raise the partner's skill by that amount."""
    return own + partner_master_successes


def drill_cap(etiquettes: list[int]) -> int:
    """A-58 (L1193): Reflex and Speed of everyone in the formation cannot exceed its lowest effective Army
    Etiquette."""
    return min(etiquettes)


def partner_penalty(penalties: tuple[int, int]) -> int:
    """A-58b (L1189): an attack on a partner pair takes the larger of the two partners' length penalties."""
    return max(penalties)


def reflex_held(fighter: Any, cap: int, round_: int) -> Any:
    """A-58 (L1193): a warrior's Reflex cannot exceed the drill cap: the points above it are lost (an effect
    `lose_R`, ref `drill_cap`, from the round the formation forms) for as long as it stands."""
    from replay.rulesets.skirmish.model import Effect

    over = fighter.char("reflex") - cap
    if over <= 0 or any(e.ref == "drill_cap" for e in fighter.effects):
        return fighter
    held = Effect("lose_R", over, (max(1, round_), 1), STANDS, ref="drill_cap", source="A-58")
    return replace(fighter, effects=(*fighter.effects, held))


def partner_cells(state: Any, fid: str) -> set[tuple[int, int]]:
    """L1189: two partners share a cell: the cells where a partner of `fid` stands alone (a third warrior may not
    join them)."""
    out = set()
    for f in state.fighters:
        if f.id != fid and state.partners(fid, f.id):
            others = [o for o in state.fighters if o.cell == f.cell and o.id not in (fid, f.id)]
            if not others:
                out.add(f.cell)
    return out


def in_cell(state: Any, fids: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
    """L1189, L1195: (fighter, his partner, the partner's weapon length) for each of `fids` whose formation partner
    stands in his cell, still on the field: the pair that covers each other and that an attacker meets as one."""
    from replay.rulesets.skirmish import costs

    out = []
    for fid in fids:
        f = state.fighter(fid)
        mate = next((o for o in state.fighters if o.id != fid and o.cell == f.cell and state.partners(fid, o.id)
                     and not state.gone(o.id)), None)
        if mate is not None and not state.gone(fid):
            out.append((fid, mate.id, costs.weapon_length(mate.weapon) if mate.weapon else "hand"))
    return tuple(out)


def covers(fight: Any, guard: str, ward: str) -> bool:
    """L1189: partners in one cell cover each other by the normal maneuver rules, without activating Protect ally
    (M37): no activation, no +1 difficulty, no level of its own."""
    mate = fight.partner_in_cell(ward)
    return mate is not None and mate[0] == guard


def against_partner(weapon_length: str, partner_length: str) -> int:
    """A-58b (PROPOSED reading): the length penalty an attack takes against the partner alone: the categories
    between the attack's weapon and the partner's, the distance his weapon holds (L129)."""
    from replay.rulesets.skirmish import data

    return abs(data.length_index(weapon_length) - data.length_index(partner_length))
