"""Formation combat (spec 5.12, SOURCE L1175-1199; the section breaks off): forming up (A-57), partner pairs,
the drill cap (A-58) and the attack penalty against a partner pair (A-58b). Break-up, group combat and mounted
combat are not in the rulebook (A-59): they are GM rulings."""

from __future__ import annotations

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
