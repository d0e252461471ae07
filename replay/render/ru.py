"""Russian that reads as written: names declined, words agreeing in gender and number.

Personal names go through pytrovich (the petrovich rules for first names and surnames: it declines "Никита" and
leaves "Рене", "Кабанье" or "Дюма" as they are, where petrovich 2 left "Никита" undeclined); the gender of a first
name, epithets ("Этьен Тонкий" → "Этьена Тонкого", "Матьё Кремень" → "Матьё Кремня") and the agreement of
ordinary words go through pymorphy3 with its Russian dictionaries. Anything that is not Russian words (Latin
script, digits, unknown shapes) cannot be analysed: `decline` returns None and the caller writes a construction
that needs no case, with the name in the nominative, never a guessed ending. Results are cached; the dictionaries
are loaded on the first Russian text, not on import.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
"""pymorphy's case names: именительный, родительный, дательный, винительный, творительный, предложный."""
GENDERS = ("masc", "femn")

PARTICLES = frozenset({"де", "да", "ди", "дю", "ла", "ле", "фон", "ван", "дер", "дель", "делла", "ибн", "бен",
                       "аль", "эль", "оглы", "кызы", "ду", "дос", "дас"})
"""Particles of a name that stay as they are ("Анри де Ла Моль" → "Анри де Ла Моля")."""
TITLES = {"сэр": "masc", "сир": "masc", "лорд": "masc", "господин": "masc", "барон": "masc", "граф": "masc",
          "шевалье": "masc", "sir": "masc", "lord": "masc", "lady": "femn", "dame": "femn", "madame": "femn",
          "леди": "femn", "дама": "femn", "госпожа": "femn", "мадам": "femn", "баронесса": "femn",
          "графиня": "femn"}
"""A title at the start of a name tells its gender even when the name cannot be declined ("Dame Vale")."""
_WORD = re.compile(r"(д')?([А-ЯЁ][а-яё]*(?:-[А-ЯЁ][а-яё]*)*)")


@cache
def _morph() -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


@cache
def _petrovich() -> tuple[Any, Any]:
    from pytrovich.detector import PetrovichGenderDetector
    from pytrovich.maker import PetrovichDeclinationMaker

    return PetrovichDeclinationMaker(), PetrovichGenderDetector()


def _pt_case(case: str) -> Any:
    from pytrovich.enums import Case

    return {"gent": Case.GENITIVE, "datv": Case.DATIVE, "accs": Case.ACCUSATIVE, "ablt": Case.INSTRUMENTAL,
            "loct": Case.PREPOSITIONAL}[case]


def _pt_gender(gender: str) -> Any:
    from pytrovich.enums import Gender

    return Gender.MALE if gender == "masc" else Gender.FEMALE


def _keep_capital(model: str, word: str) -> str:
    """word written with model's capitals (pymorphy answers in lower case)."""
    return "-".join(w[:1].upper() + w[1:] if m[:1].isupper() else w
                    for m, w in zip(model.split("-"), word.split("-"), strict=False))


# --- gender ------------------------------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def gender(name: str) -> str | None:
    """A person's grammatical gender from their name ("masc", "femn"), None when the name does not say."""
    words = name.split()
    if not words:
        return None
    title = TITLES.get(words[0].lower())
    if title:
        return title
    first = words[0]
    if not _WORD.fullmatch(first):
        return None
    found = {p.tag.gender for p in _morph().parse(first) if "Name" in p.tag and p.tag.case == "nomn"}
    if len(found) == 1 and found <= set(GENDERS):
        return found.pop()
    from pytrovich.enums import Gender

    detected = _petrovich()[1].detect(firstname=first)
    return {Gender.MALE: "masc", Gender.FEMALE: "femn"}.get(detected)


def gendered(name: str, masc: str, femn: str, unknown: str) -> str:
    """The form that agrees with the person's gender; `unknown` (a form that needs no gender) when it is not known."""
    return {"masc": masc, "femn": femn}.get(gender(name) or "", unknown)


# --- names -------------------------------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def decline(name: str, case: str) -> str | None:
    """A person's name in a case ("Бертран Здоровяк", "gent" → "Бертрана Здоровяка"); None when it cannot be
    analysed (not Russian words, or a gender the name does not tell and its form depends on) — write a construction
    that needs no case."""
    if case not in CASES:
        raise ValueError(f"unknown case {case!r} (known: {', '.join(CASES)})")
    words = name.split(" ")
    if case == "nomn" or not words or any(not w for w in words):
        return name if case == "nomn" else None
    sex = gender(name)
    if sex is not None:
        return _decline(words, sex, case)
    forms = {_decline(words, "masc", case), _decline(words, "femn", case)}
    return forms.pop() if len(forms) == 1 else None  # a gender the name does not tell, unless it does not matter


def _decline(words: list[str], sex: str, case: str) -> str | None:
    out, first, after_particle = [], True, False
    for word in words:
        if word.lower() in PARTICLES:
            out.append(word)
            after_particle = True
            continue
        match = _WORD.fullmatch(word)
        if match is None:
            return None
        prefix, body = match.group(1) or "", match.group(2)
        if first:
            form = _first_name(body, sex, case)
            first = False
        else:
            form = (None if after_particle or prefix else _epithet(body, sex, case)) or _surname(body, sex, case)
        if form is None:
            return None
        out.append(prefix + form)
    return " ".join(out)


def _first_name(word: str, sex: str, case: str) -> str:
    from pytrovich.enums import NamePart

    return _keep_capital(word, _petrovich()[0].make(NamePart.FIRSTNAME, _pt_gender(sex), _pt_case(case), word))


def _surname(word: str, sex: str, case: str) -> str:
    from pytrovich.enums import NamePart

    return _keep_capital(word, _petrovich()[0].make(NamePart.LASTNAME, _pt_gender(sex), _pt_case(case), word))


def _epithet(word: str, sex: str, case: str) -> str | None:
    """A nickname that is a dictionary word: an adjective agreeing with the person ("Тонкий" → "Тонкого"), or a
    noun of the person's gender in the case ("Кремень" → "Кремня"); None for anything else (a surname)."""
    morph = _morph()
    if not morph.word_is_known(word.lower()):
        return None
    for parse in morph.parse(word.lower()):
        tag = parse.tag
        if tag.case != "nomn" or tag.number != "sing" or "Name" in tag or "Surn" in tag or "Patr" in tag:
            continue
        if tag.POS == "ADJF" and tag.gender == sex:
            form = parse.inflect({case, sex, "sing"} | ({"anim"} if case == "accs" else set()))
        elif tag.POS == "NOUN" and (tag.gender == sex or "Ms-f" in tag):  # "Кремень"; no man's nickname for a woman
            form = parse.inflect({case, "sing"})
        else:
            continue
        return None if form is None else _keep_capital(word, form.word)
    return None


def names_in(names: list[str], case: str) -> list[str] | None:
    """Several names in one case, or None when any of them cannot be declined."""
    forms = [decline(n, case) for n in names]
    return None if any(f is None for f in forms) else [f for f in forms if f is not None]


# --- words agreeing ----------------------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def noun_gender(noun: str) -> str | None:
    """The gender of a noun or a term ("Защита" → "femn", "Контр-атака" → "femn": the last word of a compound)."""
    last = re.split(r"[\s-]", noun.strip())[-1].lower()
    for parse in _morph().parse(last):
        if parse.tag.POS == "NOUN" and parse.tag.case == "nomn" and parse.tag.number == "sing":
            return parse.tag.gender
    return None


@lru_cache(maxsize=4096)
def agree(word: str, gender: str | None = None, number: str = "sing", case: str | None = None) -> str:
    """An adjective or participle (full or short) agreeing in gender and number ("потерян", femn → "потеряна";
    plur → "потеряны"); the word as given when pymorphy cannot inflect it."""
    wanted: set[str] = {"plur"} if number == "plur" else {gender} if gender in ("masc", "femn", "neut") else set()
    if case:
        wanted.add(case)
    if not wanted:
        return word
    rank = {"PRTS": 0, "PRTF": 1, "VERB": 2, "ADJS": 3, "ADJF": 4}  # "потерян" is потерять's, not потерянный's
    parses = sorted((p for p in _morph().parse(word.lower()) if p.tag.POS in rank), key=lambda p: rank[p.tag.POS])
    for parse in parses:
        form = parse.inflect(wanted)
        if form is not None:
            return _keep_capital(word, form.word)
    return word


def said_of(word: str, name: str) -> str:
    """A past verb or short form said of a person, agreeing with the name's gender («бежал», «Зоряна» → «бежала»;
    «отброшен» → «отброшена»); the word as it is when the name does not tell the gender or the word is no such form
    (a present verb, a noun)."""
    sex = gender(name)
    if sex is None or sex == "masc":
        return word
    forms = ("VERB", "PRTS", "ADJS")
    if not any(p.tag.POS in forms and p.tag.gender == "masc" and p.tag.number == "sing"
               for p in _morph().parse(word.lower())):
        return word
    return agree(word, sex)


def agree_with(word: str, nouns: list[str]) -> str:
    """`word` agreeing with a list of nouns it says something of ("Атака" → "потеряна"; two nouns → "потеряны")."""
    if len(nouns) != 1:
        return agree(word, number="plur")
    return agree(word, noun_gender(nouns[0]))


@lru_cache(maxsize=4096)
def noun(word: str, case: str, number: str = "sing") -> str:
    """A common noun in a case and number ("Рыцарь", "datv" → "Рыцарю"); as given when pymorphy cannot."""
    for parse in _morph().parse(word.lower()):
        if parse.tag.POS == "NOUN" and parse.tag.case == "nomn":
            form = parse.inflect({case, number})
            if form is not None:
                return _keep_capital(word, form.word)
    return word


def name_in(name: str, case: str, title: str) -> str:
    """A name in a case, or, when it cannot be declined, the title noun in that case with the name beside it in the
    nominative ("щадит Бертрана" / "щадит Рыцаря Sir Pell"): a construction that needs no case of the name."""
    declined = decline(name, case)
    return declined if declined is not None else f"{noun(title, case)} {name}"


def names_in_case(names: list[str], case: str, title: str) -> str:
    """Several names in a case ("упирается в Бертрана, Гастона"), or the title noun before them in the nominative
    ("упирается в Рыцарей Sir Pell, Dame Vale")."""
    forms = names_in(names, case)
    if forms is not None:
        return ", ".join(forms)
    if len(names) == 1:
        return name_in(names[0], case, title)
    return f"{noun(title, case, 'plur')} {', '.join(names)}"


def versus(a: str, b: str, person: bool = True) -> str:
    """ "Бертран против Гастона" for people whose second name declines; "Red Lance — Blue Lance" otherwise (a
    team's name is a phrase of any shape: it is never declined)."""
    declined = decline(b, "gent") if person else None
    return f"{a} против {declined}" if declined else f"{a} — {b}"


# --- numbers and dice as Russian writes them -----------------------------------------------------------------------

_DICE = re.compile(r"(?<![\w])(\d*)[dD](\d+)(?![\w])")


def dice(notation: str) -> str:
    """Dice notation as a Russian post writes it: "1d2" → "1к2", "1D3" → "1к3", "2d6-2" → "2к6−2"; text that is
    not a die ("D9", a card, has no count) as it is."""
    said = _DICE.sub(lambda m: f"{m.group(1)}к{m.group(2)}" if m.group(1) else m.group(0), notation)
    return said.replace("-", "−") if said != notation else notation
