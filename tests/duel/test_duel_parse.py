"""parse_order: a duelist's forum post, Russian or English, in a line or a column, with every error collected."""

from __future__ import annotations

import pytest

from replay.rulesets.duel.parse import parse_order
from tests.duel.test_duel_kit import RULESET, duelist, items, state

S = state(duelist("A", ("killer_blow", "sharp_tongue")), duelist("B", ("distance_control", "cautious")))


def test_the_rulebook_line_form_with_stake_and_trait_on_one_line():
    post = "1. Атака 2. Защита 3. Инициатива 4. Финт 5. Контр-атака 6. Отдых\nСтавка: высокая. Черта: Убийственный удар"
    parsed = parse_order(post, S, "A")
    assert parsed.errors == []
    assert parsed.order == {"stack": items("ADIFCR"), "stake": "high", "activate": {"killer_blow": True}}


def test_the_column_form_with_bbcode_and_mettre_tout():
    post = ("[b]1.[/b] атака\n2. [i]Защиту[/i]\n3. Контратака\n4. отдых\n5. ОТДЫХ\n6. Финт\n"
            "[color=red]Ставка: Mettre tout[/color]")
    parsed = parse_order(post, S, "A")
    assert parsed.errors == []
    assert parsed.order == {"stack": items("ADCRRF"), "stake": "all_in"}


def test_unnumbered_english_with_sharp_tongue_roleplay():
    post = ("Attack, attack, defense, feint, rest, counter\nStake: all in\nTrait: sharp tongue\n"
            "Roleplay: Your blade is\nrusty!")
    parsed = parse_order(post, S, "A")
    assert parsed.errors == []
    assert parsed.order["activate"] == {"sharp_tongue": True, "sharp_tongue_roleplay": "Your blade is\nrusty!"}
    assert parsed.order["stake"] == "all_in"


@pytest.mark.parametrize(("word", "stake"), [
    ("малая", "low"), ("низкая", "low"), ("Низкую", "low"), ("low", "low"), ("высокая", "high"),
    ("ва-банк", "all_in"), ("All-in", "all_in"), ("mettre tout", "all_in"),
])
def test_stake_words(word, stake):
    parsed = parse_order(f"Атака\nАтака\nЗащита\nЗащита\nОтдых\nОтдых\nСтавка: {word}", S, "A")
    assert parsed.order["stake"] == stake


def test_a_missing_stake_is_high_with_a_note_not_an_error():
    parsed = parse_order("Атака\nАтака\nЗащита\nЗащита\nОтдых\nОтдых", S, "A")
    assert parsed.errors == []
    assert parsed.order["stake"] == "high"
    assert parsed.notes == [
        "§1.3 Ставка: no stake given, counted as high (\"По умолчанию считаю ставку высокой\", A29)"
    ]


def test_distance_control_with_its_item():
    parsed = parse_order("1. Защита 2. Защита 3. Отдых 4. Отдых 5. Инициатива 6. Инициатива\n"
                         "Ставка: малая\nКонтроль дистанции: атака", S, "B")
    assert parsed.errors == []
    assert parsed.order["activate"] == {"distance_control": "attack"}


def test_every_error_of_a_post_is_collected():
    post = "1. Атака 2. Защита 3. атоко 4. Финт 5. Контр-атака 6. Отдых 7. Отдых\nСтавка: средняя\n" \
           "Черта: Летучий, Острый язык, Контроль дистанции (атака), Жилистый"
    parsed = parse_order(post, S, "A")
    assert parsed.order is None
    assert parsed.errors == [
        "§1 Заявка: position 3: unknown item 'атоко'",
        "§1 Заявка: a stack has 6 items, not 7",
        "§1.3 Ставка: unknown stake 'средняя' (малая, высокая, Mettre tout)",
        "§7 Черты: unknown trait 'Летучий'",
        "§7 Черты: 'Жилистый' is passive and needs no activation",
        "§7 Острый язык: needs roleplay text after \"Отыгрыш:\" (\"Нужен отыгрыш\")",
        "§7 Черты: A lacks the trait distance_control",
    ]


def test_more_than_four_of_a_kind_and_bad_numbering():
    parsed = parse_order("1. Атака 2. Атака 3. Атака 5. Атака 6. Атака 7. Отдых", S, "A")
    assert "§1 Заявка: attack appears 5 times; at most 4 of a kind" in parsed.errors
    assert "§1 Заявка: positions are numbered 1, 2, 3, 5, 6, 7, not 1..6" in parsed.errors


def test_the_descriptor_parses_too_and_its_order_is_legal():
    parsed = RULESET.parse_order("1. Атака 2. Защита 3. Инициатива 4. Финт 5. Контр-атака 6. Отдых", S, "A")
    assert parsed.order is not None
    from replay.rulesets.duel.model import DuelOptions
    from replay.rulesets.duel.resolve import check_order

    assert check_order(S, "A", parsed.order, DuelOptions()) == []
