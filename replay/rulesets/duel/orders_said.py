"""A duelist's order in full sentences, in the rulebook's words (§1 Заявка): the stack, the stake, the traits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.render.text import pick, tr
from replay.rulesets.duel.model import DEFAULT_STAKE, THRESHOLD
from replay.rulesets.duel.words import ITEM, TRAIT, item_name

STAKE_ACCS = {"low": ("малую ставку", "the low stake"), "high": ("высокую ставку", "the high stake"),
              "all_in": ("ставку ва-банк", "the all-in stake")}
"""The stake as the object of "заявляет" (§1.3: "малая ставка", "высокая ставка", Mettre tout said "ва-банк")."""


def who(actor: Any, state: Any) -> str:
    """The duelist's name (the actor id when no state is at hand)."""
    for duelist in getattr(state, "duelists", ()) or ():
        if duelist.id == actor:
            return str(duelist.name)
    return str(actor)


def stack_text(stack: list[Any], lang: str) -> str:
    """ "1. Атака, 2. Защита, …"."""
    return ", ".join(f"{n}. {item_name(item, lang) if item in ITEM else item}" for n, item in enumerate(stack, 1))


def stake_text(stake: Any, lang: str) -> str:
    """ "высокую ставку (60+ на к100)"."""
    key = str(stake or DEFAULT_STAKE)
    if key not in STAKE_ACCS:
        return tr(lang, f"ставку {key}", f"the stake {key}")
    return pick(STAKE_ACCS[key], lang) + tr(lang, f" ({THRESHOLD[key]}+ на к100)", f" ({THRESHOLD[key]}+ on d100)")


def traits_text(activate: Mapping[str, Any], lang: str) -> list[str]:
    """The traits the order uses (§1.4 "черты… использование которых надо заявлять")."""
    out = []
    for trait, value in activate.items():
        if not value or trait not in TRAIT:
            continue  # sharp_tongue_roleplay is the player's own text, said in their post
        name = pick(TRAIT[trait], lang)
        if trait == "distance_control" and value in ITEM:
            out.append(tr(lang, f"черту «{name}» (лишний пункт: {item_name(value, 'ru')})",
                          f"the trait “{name}” (an extra item: {item_name(value, 'en')})"))
        else:
            out.append(tr(lang, f"черту «{name}»", f"the trait “{name}”"))
    return out


def say(order: Mapping[str, Any], actor: Any, lang: str, state: Any = None) -> str:
    """ "Шарль д'Артаньяк заявляет стек 1. Атака, … и высокую ставку (60+ на к100)."."""
    name = who(actor, state)
    stack = list(order.get("stack") or [])
    text = tr(lang, f"{name} заявляет стек {stack_text(stack, 'ru')} и {stake_text(order.get('stake'), 'ru')}",
              f"{name} declares the stack {stack_text(stack, 'en')} and {stake_text(order.get('stake'), 'en')}")
    used = traits_text(order.get("activate") or {}, lang)
    if used:
        text += tr(lang, "; использует ", "; uses ") + ", ".join(used)
    return text + "."
