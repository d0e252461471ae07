"""A duelist's forum post -> an order, with every problem collected.

Reads Russian or English, in a line ("1. Атака 2. Защита …", "Атака, Защита, …") or in a column, numbered
"1." "1)" "1:" "1 -" or not, with bullets or not; the stake ("Ставка: высокая", "ставка - all in", "Высокая ставка",
or "Mettre tout!" on a line of its own), traits ("Черта:"/"Черты:" with names separated by commas, "и" or lines;
"Контроль дистанции: атака" or "Контроль дистанции (атака)" gives the extra item; a "…парень из …" locality and a
passive trait the duelist owns are accepted) and the Острый язык roleplay ("Отыгрыш: …" / "Roleplay: …", to the
next keyword line; without one, the post's prose lines are the roleplay, with a note).
BBCode tags are stripped; case and "ё" do not matter; a signature below a "--" line is ignored; prose lines around
the stack (a greeting, "Заявка на ход 3.", a signature) are ignored with a note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
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
from replay.rulesets.duel.words import TRAIT_RU


def _key(word: str) -> str:
    """A word for lookup: lower case, ё -> е, no spaces, hyphens, dashes, underscores or punctuation."""
    word = word.lower().replace("ё", "е")
    return re.sub(r"[\s\-‐‑–—_.,;:!?\"'«»()*•…]+", "", word)


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
STAKE_NOISE = re.compile(r"(?<!\w)(ставк[аиуе]|stake)(?!\w)", re.IGNORECASE)

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
NO_TRAIT = {"нет", "none", "no", ""}
ACTIVATING = re.compile(r"^\s*(активирую|использую|применяю|activate|use)\s+", re.IGNORECASE)
LOCALITY = re.compile(r"(?<!\s)\s++(из|from)\s+.*$", re.IGNORECASE | re.DOTALL)  # "Здоровый парень из Гаскони"

BBCODE = re.compile(r"\[/?[a-zA-Z*]+(?:=[^\[\]\n]*)?\]")  # a value stops at "[": linear on "[a=[a=…"
SIGNATURE = re.compile(r"^\s*(--+|—+|–+|_{3,})\s*$")
KEYWORD = re.compile(
    r"(?<!\w)(ставка|stake|черты|черта|traits|trait|отыгрыш|roleplay|контроль дистанции|distance control"
    r"|стек|stack|тактика|tactic)\s*[:\-–—]",
    re.IGNORECASE,
)
SECTION = {
    "ставка": "stake", "stake": "stake", "черты": "trait", "черта": "trait", "traits": "trait", "trait": "trait",
    "отыгрыш": "roleplay", "roleplay": "roleplay", "контроль дистанции": "distance_control",
    "distance control": "distance_control", "стек": "stack", "stack": "stack", "тактика": "stack",
    "tactic": "stack",
}
BULLET = re.compile(r"^\s*[-*•·]\s+")
NUMBER = re.compile(r"(?<![\w.])(\d{1,2})\s*(?:[.):]|\s[-–—]|[-–—](?=\s|[^\W\d]))\s*")
PARENS = re.compile(r"\([^()]*\)")  # innermost: linear on a run of unclosed "("


MAX_ORDER = 50_000
"""Characters of a post the parser reads (a duelist's post, roleplay and all, is far shorter)."""


@dataclass
class _Post:
    """What the lines of a post hold, before the order is built."""

    entries: list[tuple[int | None, str]] = field(default_factory=list)  # (written number or None, word)
    stakes: list[str] = field(default_factory=list)
    traits: list[str] = field(default_factory=list)
    distance_control: list[str] = field(default_factory=list)
    roleplay: list[str] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)


def parse_order(text: str, state: DuelState, actor: str) -> Parsed:
    """The order in a forum post, with every error found (unknown words, counts, traits the duelist lacks)."""
    if len(text) > MAX_ORDER:
        return Parsed(None, [f"§1 Заявка: the post has {len(text):,} characters; at most {MAX_ORDER:,} are read"])
    errors: list[str] = []
    notes: list[str] = []
    post = _read(text)
    stack = _stack(post, errors, notes)
    stake = _stake(post.stakes, errors, notes)
    activate = _activate(post.traits, post.distance_control[-1] if post.distance_control else None,
                         state, actor, errors, notes)
    if activate.get("sharp_tongue"):
        roleplay = "\n".join(post.roleplay).strip()
        if not roleplay and post.prose:
            roleplay = "\n".join(post.prose).strip()
            notes.append("§7 Острый язык: no \"Отыгрыш:\" line; the post's other lines are the roleplay")
        if not roleplay:
            errors.append("§7 Острый язык: needs roleplay text after \"Отыгрыш:\" (\"Нужен отыгрыш\")")
        activate["sharp_tongue_roleplay"] = roleplay
    errors += _owned(state, actor, activate)
    order: dict[str, Any] | None = {"stack": stack} if stake is None else {"stack": stack, "stake": stake}
    if activate:
        order["activate"] = activate
    if errors:
        order = None
    return Parsed(order, errors, notes)


# --- reading the lines ---------------------------------------------------------------------------------------------

def _read(text: str) -> _Post:
    """Sort the post's lines: stack entries, stake, traits, roleplay, prose (a signature below "--" is dropped)."""
    lines = BBCODE.sub("", text).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for i, line in enumerate(lines):
        if SIGNATURE.match(line):
            lines = lines[:i]
            break
    post = _Post()
    free: list[str | None] = []  # free-text lines in order; None for a blank line
    pending: str | None = None  # a keyword whose body is on the following line(s)
    for line in lines:
        if not line.strip():
            if pending == "roleplay":
                post.roleplay.append("")
            elif pending == "trait" and post.traits:
                pending = None
            free.append(None)
            continue
        parts = KEYWORD.split(line)
        head = parts[0]
        if pending is not None and len(parts) == 1:
            _section(post, pending, head, free)
            if pending in ("stake", "distance_control", "stack"):
                pending = None
            continue
        if pending == "roleplay" and head.strip():
            post.roleplay.append(head)
        elif head.strip():
            free.append(head)
        pending = None
        for keyword, body in zip(parts[1::2], parts[2::2], strict=True):
            name = SECTION[keyword.lower()]
            if body.strip():
                _section(post, name, body, free)
                pending = "roleplay" if name == "roleplay" else None
            else:
                pending = name
    _classify(free, post)
    return post


def _section(post: _Post, name: str, body: str, free: list[str | None]) -> None:
    if name == "stake":
        post.stakes.append(body)
    elif name == "trait":
        post.traits.append(body)
    elif name == "distance_control":
        post.distance_control.append(body)
    elif name == "roleplay":
        post.roleplay.append(body)
    else:  # "Стек: 1. Атака 2. …"
        free.append(body)


def _is_item(word: str) -> bool:
    return _item(word) is not None


def _item(word: str) -> str | None:
    return ITEM_WORDS.get(_key(PARENS.sub("", BULLET.sub("", word))))


def _stake_word(text: str) -> str | None:
    """"высокая", "Высокая ставка", "Mettre tout!", "all in (80+)" -> the stake id."""
    return STAKE_WORDS.get(_key(STAKE_NOISE.sub("", PARENS.sub("", text))))


def _classify(free: list[str | None], post: _Post) -> None:
    """Each free line is numbered entries, a line of items, a stake of its own, or prose."""
    kinds: list[tuple[str, Any]] = []  # ("entries", [...]) | ("stake", text) | ("prose", text) | ("blank", None)
    for line in free:
        if line is None:
            kinds.append(("blank", None))
            continue
        body = BULLET.sub("", line)
        first = NUMBER.match(body.lstrip())
        if first is not None:
            kinds.append(("entries", _numbered(body.lstrip())))
            continue
        pieces = [p for p in re.split(r"[,;]", body) if p.strip()]
        if any(_is_item(p) for p in pieces):
            kinds.append(("entries", [(None, p.strip()) for p in pieces]))
        elif _stake_word(body) is not None:
            kinds.append(("stake", body))
        else:
            kinds.append(("prose", line.strip()))
    for i, (kind, value) in enumerate(kinds):
        if kind == "entries":
            post.entries += value
        elif kind == "stake":
            post.stakes.append(value)
        elif kind == "prose":
            # a short line amid the stack's lines is a misspelt item, not prose
            before = i > 0 and kinds[i - 1][0] == "entries"
            after = i + 1 < len(kinds) and kinds[i + 1][0] == "entries"
            if before and after and len(value.split()) <= 3:
                post.entries.append((None, value))
            else:
                post.prose.append(value)


def _numbered(line: str) -> list[tuple[int | None, str]]:
    """"1. Атака 2) Защита, 3 - Финт" -> [(1, "Атака"), (2, "Защита"), (3, "Финт")]; empty entries are skipped."""
    marks = list(NUMBER.finditer(line))
    out: list[tuple[int | None, str]] = []
    for m, nxt in zip(marks, [*marks[1:], None], strict=True):
        word = line[m.end():nxt.start() if nxt else len(line)].strip(" \t,;")
        if word:
            out.append((int(m.group(1)), word))
    return out


# --- building the order --------------------------------------------------------------------------------------------

def _stack(post: _Post, errors: list[str], notes: list[str]) -> list[str]:
    """The items in the written order, every unknown word and count problem reported."""
    stack: list[str] = []
    for pos, (_, word) in enumerate(post.entries, 1):
        item = _item(word)
        if item is None:
            errors.append(f"§1 Заявка: position {pos}: unknown item {word.strip()!r}")
            stack.append(word.strip())
        else:
            stack.append(item)
    numbers = [n for n, _ in post.entries]
    if any(n is not None for n in numbers) and numbers != list(range(1, len(numbers) + 1)):
        shown = ", ".join("-" if n is None else str(n) for n in numbers)
        errors.append(f"§1 Заявка: positions are numbered {shown}, not 1..{len(numbers)}")
    if len(stack) != STACK_SIZE:
        text = f"§1 Заявка: a stack has 6 items, not {len(stack)}"
        if post.prose:
            text += " (lines not read as items: " + ", ".join(repr(p) for p in post.prose) + ")"
        errors.append(text)
    elif post.prose:
        notes.append("§1 Заявка: lines not read as part of the order: " + ", ".join(repr(p) for p in post.prose))
    for item in ITEMS:
        if stack.count(item) > MAX_OF_A_KIND:
            errors.append(f"§1 Заявка: {item} appears {stack.count(item)} times; at most 4 of a kind")
    return stack


def _stake(texts: list[str], errors: list[str], notes: list[str]) -> str | None:
    if not texts:
        notes.append("§1.3 Ставка: no stake in the order: the signed roll declares it, an unsigned one counts as "
                     "high (\"Бросок надо обязательно … подписать. По умолчанию считаю ставку высокой\", A29)")
        return None
    stakes = []
    for text in texts:
        stake = _stake_word(text)
        if stake is None:
            errors.append(f"§1.3 Ставка: unknown stake {text.strip()!r} (малая, высокая, Mettre tout)")
        elif stake not in stakes:
            stakes.append(stake)
    if len(stakes) > 1:
        errors.append(f"§1.3 Ставка: one stake per turn, not {' and '.join(stakes)}")
    return stakes[0] if stakes else DEFAULT_STAKE


def _activate(texts: list[str], dc_text: str | None, state: DuelState, actor: str, errors: list[str],
              notes: list[str]) -> dict[str, Any]:
    """Trait activations: names separated by commas, "и"/"and" or lines; "Контроль дистанции (атака)" gives the item."""
    activate: dict[str, Any] = {}
    owner = state.duelist(actor) if actor in state.ids else None
    for text in texts:
        for word in re.split(r",|;|\n|(?<!\s)\s++и\s+|(?<!\s)\s++and\s+", text):
            word = ACTIVATING.sub("", BULLET.sub("", word)).strip()
            name, _, choice = word.partition("(")
            name = LOCALITY.sub("", name)
            if _key(name) in NO_TRAIT:
                continue
            trait = TRAIT_WORDS.get(_key(name))
            if trait is None:
                known = PASSIVE_TRAITS.get(_key(name))
                if known and owner is not None and owner.has(known):
                    notes.append(f"§7 Черты: {word!r} is passive and needs no activation")
                elif known:
                    errors.append(f"§7 Черты: {actor} lacks the trait {known} ({TRAIT_RU[known]})")
                else:
                    errors.append(f"§7 Черты: unknown trait {word!r}")
                continue
            if trait == "distance_control":
                if choice or dc_text is None:
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
        f"§7 Черты: {actor} lacks the trait {trait} ({TRAIT_RU[trait]})" for trait in activate
        if trait != "sharp_tongue_roleplay" and not d.has(trait)
    ]
