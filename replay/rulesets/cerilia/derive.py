"""Values derived from a stack (§2.6, §5.6): body, leader, combat card, sign, MP, display code, engagement."""

from __future__ import annotations

from replay.rulesets.cerilia.board import on_field
from replay.rulesets.cerilia.codes import Code
from replay.rulesets.cerilia.data import RANK_ORDER, CharacterCard, UnitCard, tables
from replay.rulesets.cerilia.model import Battle, Stack, Unit


def troop(state: Battle, stack: Stack) -> Unit | None:
    first = state.units[stack.members[0]]
    return first if first.kind == "troop" else None


def characters(state: Battle, stack: Stack) -> list[Unit]:
    return [state.units[m] for m in stack.members if state.units[m].kind == "character"]


def char_card(unit: Unit) -> CharacterCard:
    return tables().characters[unit.card]


def leader(state: Battle, stack: Stack) -> Unit | None:
    """§2.6: the highest rank, ties to the earliest join (AMB-32)."""
    chars = characters(state, stack)
    if not chars:
        return None
    return min(chars, key=lambda c: (-RANK_ORDER[char_card(c).rank], c.join_seq or 0, c.id))


def body(state: Battle, stack: Stack) -> Unit:
    found = troop(state, stack) or leader(state, stack)
    assert found is not None
    return found


def combat_card(state: Battle, stack: Stack) -> UnitCard:
    """The troop's card, or the Peasants card for a character group (TXT-27)."""
    t = troop(state, stack)
    return tables().units[t.card if t else "Pe"]


def sign(state: Battle, stack: Stack) -> str | None:
    """§5.6.2: the troop's sign, else the leader's."""
    return body(state, stack).sign


def mounted(state: Battle, stack: Stack) -> bool:
    return combat_card(state, stack).mounted


def mp_available(state: Battle, stack: Stack) -> int:
    """§2.6: the minimum over the members."""
    return min(state.units[m].mp for m in stack.members)


def mp_max(state: Battle, stack: Stack) -> int:
    return min(state.units[m].mp_max for m in stack.members)


def type_code(state: Battle, stack: Stack) -> str:
    t = troop(state, stack)
    if t is not None:
        return t.card
    lead = leader(state, stack)
    assert lead is not None
    return char_card(lead).rank


def code(state: Battle, stack: Stack) -> Code:
    """§2.9: the stack's display code (a group shows its leader's damage; `*` = more characters)."""
    t = troop(state, stack)
    chars = characters(state, stack)
    joined = bool(chars) if t else len(chars) > 1
    status = "R" if stack.routed else "F" if stack.fall_back_pending else None
    return Code(type_code(state, stack), sign(state, stack) or "?", body(state, stack).damage, status, joined,
                stack.hidden)


def attackers_of(state: Battle, stack: Stack) -> list[Stack]:
    """Enemy stacks whose melee target is this stack, in slot order."""
    from replay.rulesets.cerilia.board import slot_of

    found = [s for s in state.stacks.values() if s.melee_target == stack.id]
    return sorted(found, key=lambda s: (slot_of(s.location) or 0, s.id))


def engaged(state: Battle, stack: Stack) -> bool:
    """§2.7: has a melee target or is one."""
    return stack.melee_target is not None or bool(attackers_of(state, stack))


def engaged_with(state: Battle, a: Stack, b: Stack) -> bool:
    return a.melee_target == b.id or b.melee_target == a.id


def stationary_eligible(state: Battle, stack: Stack) -> bool:
    """§2.8: a shooter on the field, not routed, unmoved, not engaged at the round's start, attack unused; one that
    declared the melee itself keeps its first shot only if an enemy declared melee on it too (C10)."""
    return (combat_card(state, stack).missile is not None and on_field(stack) and not stack.routed
            and not stack.moved_this_round and not stack.engaged_at_round_start and stack.attack_used is None
            and not declared_alone(state, stack))


def declared_alone(state: Battle, stack: Stack) -> bool:
    """C10: the stack declared a melee this round and no enemy declared one on it."""
    return any(a == stack.id for a, _ in state.declared) and not any(t == stack.id for _, t in state.declared)


def mobile_eligible(state: Battle, stack: Stack) -> bool:
    """§2.8: a shooter that moved this round and was never engaged this round."""
    return (combat_card(state, stack).missile is not None and on_field(stack) and not stack.routed
            and stack.moved_this_round and not stack.engaged_this_round and stack.attack_used is None)


def first_shot(state: Battle, stack: Stack) -> bool:
    return stationary_eligible(state, stack)


def detects_hidden(state: Battle, stack: Stack) -> bool:
    """§5.7.3: a stack whose troop card detects hidden stacks (SAMPLE: Scouts)."""
    t = troop(state, stack)
    return t is not None and tables().units[t.card].detects_hidden
