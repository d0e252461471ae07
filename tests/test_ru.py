"""Russian that reads as written: names declined (pytrovich, pymorphy3), words agreeing, and the fallback that
never writes a guessed ending."""

from __future__ import annotations

import pytest

from replay.render import ru

# The duelists of the recorded games and of the tests' rulebook examples, as a reader expects them after "против".
GENITIVE = [
    ("Бертран Здоровяк", "Бертрана Здоровяка"),
    ("Этьен Тонкий", "Этьена Тонкого"),
    ("Филипп Неутомимый", "Филиппа Неутомимого"),
    ("Жан-Батист Огненный", "Жана-Батиста Огненного"),
    ("Шарль д'Артаньяк", "Шарля д'Артаньяка"),
    ("Рене д'Обиньяк", "Рене д'Обиньяка"),  # Рене stays as it is; pymorphy alone says "Рена"
    ("Луи Кабанье", "Луи Кабанье"),  # pymorphy alone says "Кабаньего"
    ("Арман де Фуа", "Армана де Фуа"),
    ("Атос", "Атоса"),
    ("Бернажу", "Бернажу"),  # no gender known, but the form is the same for both
    ("Никита", "Никиты"),  # petrovich 2 leaves it undeclined
    ("Жанна Смирнова", "Жанны Смирновой"),
    ("Изольда Белокурая", "Изольды Белокурой"),
    ("Пётр Кот", "Петра Кота"),
    ("Анна Кот", "Анны Кот"),  # a woman's surname that is a masculine noun does not decline
]


@pytest.mark.parametrize(("name", "genitive"), GENITIVE)
def test_names_in_the_genitive(name: str, genitive: str) -> None:
    assert ru.decline(name, "gent") == genitive


def test_other_cases() -> None:
    assert ru.decline("Бертран Здоровяк", "datv") == "Бертрану Здоровяку"
    assert ru.decline("Жанна Смирнова", "accs") == "Жанну Смирнову"
    assert ru.decline("Этьен Тонкий", "ablt") == "Этьеном Тонким"
    assert ru.decline("Шарль д'Артаньяк", "loct") == "Шарле д'Артаньяке"
    assert ru.decline("Sir Pell", "nomn") == "Sir Pell"
    with pytest.raises(ValueError, match="unknown case"):
        ru.decline("Атос", "vocative")


@pytest.mark.parametrize("name", [
    "Sir Pell", "Dame Vale", "Red Lance",  # Latin script
    "Гастон <b>&\"", "R2-D2", "Жан  Двойной",  # not words, or not one space
    "Матьё Кремень",  # Матьё's gender is not known and "Кремень" declines for a man only
    "Анри де Ла Моль",  # the dictionary has Анри for both genders; "Моль" declines for a man only
])
def test_names_that_cannot_be_analysed_give_none(name: str) -> None:
    assert ru.decline(name, "gent") is None


def test_gender_from_the_name_or_its_title() -> None:
    assert ru.gender("Бертран Здоровяк") == "masc"
    assert ru.gender("Жанна") == "femn"
    assert ru.gender("Dame Vale") == "femn" and ru.gender("Sir Pell") == "masc"
    assert ru.gender("Бернажу") is None and ru.gender("") is None
    assert ru.gendered("Жанна", "убит", "убита", "смерть") == "убита"
    assert ru.gendered("Бернажу", "убит", "убита", "смерть") == "смерть"


def test_words_agree_with_nouns() -> None:
    assert ru.agree_with("потерян", ["Защита"]) == "потеряна"  # not "потерянна" (потерянный)
    assert ru.agree_with("потерян", ["Финт"]) == "потерян"
    assert ru.agree_with("потерян", ["Атака", "Защита"]) == "потеряны"
    assert ru.agree_with("снят", ["Контр-атака"]) == "снята"
    assert ru.agree("выбыл", "femn") == "выбыла"
    assert ru.agree("Убит", "femn") == "Убита"
    assert ru.agree("потерян", None) == "потерян"


@pytest.mark.parametrize(("notation", "said"), [
    ("1d2", "1к2"), ("1D3", "1к3"), ("2d6-2", "2к6−2"), ("1d100", "1к100"), ("4d10", "4к10"),
    ("D9", "D9"),  # cerilia's card draw, not a count of dice
    ("d10", "d10"),  # no count: it is a word of the text, left to the caller
])
def test_dice_are_written_as_russian_writes_them(notation: str, said: str) -> None:
    assert ru.dice(notation) == said


def test_no_rulesets_russian_defaults_keep_latin_dice_or_function_names() -> None:
    import json
    import re
    from pathlib import Path

    for path in sorted(Path(__file__).resolve().parent.parent.glob("replay/rulesets/*/data/defaults_ru.json")):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            assert not re.search(r"(?<![\w])\d*d\d+(?![\w])|\b(?:floor|round|ceil)\(", text), (path.parent.name, key)


def test_what_is_said_of_a_person_agrees_with_their_gender() -> None:
    assert ru.said_of("бежал", "Зоряна") == "бежала" and ru.said_of("отброшен", "Жанна Смирнова") == "отброшена"
    assert ru.said_of("бежал", "Ратибор") == "бежал"
    assert ru.said_of("бежит", "Зоряна") == "бежит" and ru.said_of("шок", "Зоряна") == "шок"
    assert ru.said_of("бежал", "Бернажу") == "бежал"  # the name does not tell: the word as it is
