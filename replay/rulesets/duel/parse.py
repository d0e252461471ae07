"""A duelist's forum post -> an order, with every problem collected.

Reads Russian or English, numbered in a line ("1. Атака 2. Защита …") or in a column, with or without numbers;
the stake ("Ставка: высокая", "Stake: all in"), traits ("Черта: Убийственный удар", "Контроль дистанции: атака")
and the Sharp Tongue roleplay ("Отыгрыш: …" / "Roleplay: …", to the end of the post or the next keyword line).
BBCode tags are stripped; case and "ё" do not matter.
"""

from __future__ import annotations

import re
from typing import Any

from replay.ruleset import Parsed
from replay.rulesets.duel.model import (
    ATTACK,
    COUNTER,
    DEFAULT_STAKE,
    DEFENSE,
    FEINT,
    INITIATIVE,
    ITEMS,
    MAX_OF_A_KIND,
    REST,
    STACK_SIZE,
    DuelState,
)


def _key(word: str) -> str:
    """A word for lookup: lower case, ё -> е, no spaces, hyphens, dashes, underscores or end punctuation."""
    word = word.lower().replace("ё", "е")
    return re.sub(r"[\s\-‐‑–—_.,;:!?\"'«»()]+", "", word)


ITEM_WORDS = {
    _key(w): item for item, words in {
        ATTACK: ["атака", "атаку", "attack", "attaque"],
        DEFENSE: ["защита", "защиту", "defense", "defence", "parry", "парад"],
        INITIATIVE: ["инициатива", "инициативу", "initiative"],
        FEINT: ["финт", "feint"],
        COUNTER: ["контр-атака", "контратака", "контр-атаку", "контратаку", "counter", "counter-attack",
                  "counterattack", "рипост", "riposte"],
        REST: ["отдых", "rest"],
    }.items() for w in words
}

STAKE_WORDS = {
    _key(w): stake for stake, words in {
        "low": ["малая", "малую", "низкая", "низкую", "low"],
        "high": ["высокая", "высокую", "high"],
        "all_in": ["mettre tout", "метр ту", "ва-банк", "вабанк", "all in", "all-in", "all_in", "олл-ин"],
    }.items() for w in words
}

TRAIT_WORDS = {
    _key(w): trait for trait, words in {
        "killer_blow": ["убийственный удар", "killer blow", "killer_blow"],
        "distance_control": ["контроль дистанции", "distance control", "distance_control"],
        "sharp_tongue": ["острый язык", "sharp tongue", "sharp_tongue"],
    }.items() for w in words
}
PASSIVE_TRAITS = {
    _key(w): trait for trait, words in {
        "enduring": ["выносливый", "enduring"], "wiry": ["жилистый", "wiry"], "tough": ["суровый парень", "tough"],
        "hale": ["здоровый парень", "hale"], "weapon_control": ["контроль оружия", "weapon control"],
        "hot_blooded": ["горячий парень", "hot-blooded", "hot blooded"],
        "impenetrable_defense": ["непробиваемая защита", "impenetrable defense"],
        "cautious": ["осторожный", "cautious"],
    }.items() for w in words
}

BBCODE = re.compile(r"\[/?[a-zA-Z*]+(?:=[^\]]*)?\]")
KEYWORD = re.compile(
    r"(ставка|stake|черты|черта|traits|trait|отыгрыш|roleplay|контроль дистанции|distance control)\s*[:\-–—]",
    re.IGNORECASE,
)
SECTION = {
    "ставка": "stake", "stake": "stake", "черты": "trait", "черта": "trait", "traits": "trait", "trait": "trait",
    "отыгрыш": "roleplay", "roleplay": "roleplay", "контроль дистанции": "distance_control",
    "distance control": "distance_control",
}
NUMBERED = re.compile(r"(\d+)\s*[.)]\s*([^\d\n]*)")


def sections(text: str) -> tuple[str, dict[str, list[str]]]:
    """The stack text (before the first "keyword:") and the text after each keyword, up to the next one."""
    parts = KEYWORD.split(BBCODE.sub("", text).replace("\r\n", "\n"))
    found: dict[str, list[str]] = {}
    for keyword, body in zip(parts[1::2], parts[2::2], strict=True):
        found.setdefault(SECTION[keyword.lower()], []).append(body)
    return parts[0], found


def parse_order(text: str, state: DuelState, actor: str) -> Parsed:
    """The order in a forum post, with every error found (unknown words, counts, traits the duelist lacks)."""
    errors: list[str] = []
    notes: list[str] = []
    stack_text, found = sections(text)
    stack = _stack(stack_text, errors)
    stake = _stake(found.get("stake", [None])[-1], errors, notes)
    dc = found.get("distance_control")
    activate = _activate(found.get("trait", []), dc[-1] if dc else None, errors)
    if activate.get("sharp_tongue"):
        roleplay = "\n".join(found.get("roleplay", [])).strip()
        if not roleplay:
            errors.append("§7 Острый язык: needs roleplay text after \"Отыгрыш:\" (\"Нужен отыгрыш\")")
        activate["sharp_tongue_roleplay"] = roleplay
    errors += _owned(state, actor, activate)
    order: dict[str, Any] | None = {"stack": stack, "stake": stake}
    if activate:
        order["activate"] = activate
    if errors:
        order = None
    return Parsed(order, errors, notes)


def _stack(body: str, errors: list[str]) -> list[str]:
    """The items, from numbered entries when there are any, else one per line, comma or semicolon."""
    numbered = NUMBERED.findall(body)
    if numbered:
        words = [w for _, w in numbered]
        numbers = [int(n) for n, _ in numbered]
        if numbers != list(range(1, len(numbers) + 1)):
            errors.append(f"§1 Заявка: positions are numbered {', '.join(map(str, numbers))}, not 1..{len(numbers)}")
    else:
        words = [w for w in re.split(r"[\n,;]", body) if w.strip()]
    stack: list[str] = []
    for pos, word in enumerate(words, 1):
        item = ITEM_WORDS.get(_key(word))
        if item is None:
            errors.append(f"§1 Заявка: position {pos}: unknown item {word.strip()!r}")
            stack.append(word.strip())
        else:
            stack.append(item)
    if len(stack) != STACK_SIZE:
        errors.append(f"§1 Заявка: a stack has 6 items, not {len(stack)}")
    for item in ITEMS:
        if stack.count(item) > MAX_OF_A_KIND:
            errors.append(f"§1 Заявка: {item} appears {stack.count(item)} times; at most 4 of a kind")
    return stack


def _stake(text: str | None, errors: list[str], notes: list[str]) -> str:
    if text is None or not text.strip():
        notes.append("§1.3 Ставка: no stake given, counted as high (\"По умолчанию считаю ставку высокой\", A29)")
        return DEFAULT_STAKE
    stake = STAKE_WORDS.get(_key(text))
    if stake is None:
        errors.append(f"§1.3 Ставка: unknown stake {text.strip()!r} (малая, высокая, Mettre tout)")
        return DEFAULT_STAKE
    return stake


def _activate(texts: list[str], dc_text: str | None, errors: list[str]) -> dict[str, Any]:
    """Trait activations: names separated by commas or "и"/"and"; "Контроль дистанции: атака" gives the item."""
    activate: dict[str, Any] = {}
    for text in texts:
        for word in re.split(r",|;|\s+и\s+|\s+and\s+", text):
            if not word.strip():
                continue
            name, _, choice = word.partition("(")
            trait = TRAIT_WORDS.get(_key(name))
            if trait is None:
                known = PASSIVE_TRAITS.get(_key(name))
                if known:
                    errors.append(f"§7 Черты: {word.strip()!r} is passive and needs no activation")
                else:
                    errors.append(f"§7 Черты: unknown trait {word.strip()!r}")
                continue
            if trait == "distance_control":
                activate[trait] = _dc_item(choice, errors)
            else:
                activate[trait] = True
    if dc_text is not None:
        activate["distance_control"] = _dc_item(dc_text, errors)
    return activate


def _dc_item(text: str, errors: list[str]) -> str | None:
    item = ITEM_WORDS.get(_key(text.rstrip(")")))
    if item in (ATTACK, DEFENSE):
        return item
    errors.append(f"§7 Контроль дистанции: name the extra item, attack or defense, not {text.strip(' )')!r} "
                  "(e.g. \"Контроль дистанции: атака\")")
    return None


def _owned(state: DuelState, actor: str, activate: dict[str, Any]) -> list[str]:
    if actor not in state.ids:
        return [f"duel: {actor!r} is not a duelist ({', '.join(state.ids)})"]
    d = state.duelist(actor)
    return [
        f"§7 Черты: {actor} lacks the trait {trait}" for trait in activate
        if trait != "sharp_tongue_roleplay" and not d.has(trait)
    ]
