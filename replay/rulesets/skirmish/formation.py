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


def covers(state: Any, guard: str, ward: str) -> bool:
    """L1189: partners cover each other by the normal maneuver rules, without activating Protect ally (M37)."""
    return state.partners(guard, ward)


def pair_attack_penalty(state: Any, target: str, penalty_against: Any) -> int:
    """A-58b (L1195): an attack on a partner pair in one cell takes the larger of the length penalties against each
    partner's weapon; `penalty_against(fighter)` is the attack's length penalty against that fighter alone."""
    t = state.fighter(target)
    mates = [f for f in state.fighters if f.id != target and f.cell == t.cell and state.partners(target, f.id)]
    own = int(penalty_against(t))
    return partner_penalty((own, int(penalty_against(mates[0])))) if mates else own
