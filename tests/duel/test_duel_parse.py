"""parse_order: a duelist's forum post, Russian or English, in a line or a column, with every error collected."""

from __future__ import annotations

import pytest

from replay.rulesets.duel.parse import parse_order
from tests.duel.duel_kit import RULESET, duelist, items, state

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


def test_a_missing_stake_is_left_to_the_signed_roll_with_a_note_not_an_error():
    parsed = parse_order("Атака\nАтака\nЗащита\nЗащита\nОтдых\nОтдых", S, "A")
    assert parsed.errors == []
    assert "stake" not in parsed.order  # the signed roll declares it; both unsigned: high (A29)
    assert parsed.notes == [
        "§1.3 Ставка: no stake in the order: the signed roll declares it, an unsigned one counts as high "
        "(\"Бросок надо обязательно … подписать. По умолчанию считаю ставку высокой\", A29)"
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
        "§7 Черты: A lacks the trait wiry (Жилистый)",
        "§7 Острый язык: needs roleplay text after \"Отыгрыш:\" (\"Нужен отыгрыш\")",
        "§7 Черты: A lacks the trait distance_control (Контроль дистанции)",
    ]


def test_more_than_four_of_a_kind_and_bad_numbering():
    parsed = parse_order("1. Атака 2. Атака 3. Атака 5. Атака 6. Атака 7. Отдых", S, "A")
    assert "§1 Заявка: attack appears 5 times; at most 4 of a kind" in parsed.errors
    assert "§1 Заявка: positions are numbered 1, 2, 3, 5, 6, 7, not 1..6" in parsed.errors


def test_the_descriptor_parses_too_and_its_order_is_legal():
    parsed = RULESET.parse_order("1. Атака 2. Защита 3. Инициатива 4. Финт 5. Контр-атака 6. Отдых", S, "A")
    assert parsed.order is not None
    from replay.rulesets.duel.check import check_order
    from replay.rulesets.duel.model import DuelOptions

    assert check_order(S, "A", parsed.order, DuelOptions()) == []


# --- real forum posts: messy numbering, BBCode, signatures, stakes and traits written every which way --------------

MESSY = """[b]Заявка на ход 3.[/b]

1) [b]Атака[/b]
2) [i]финт[/i]
3 - Контратака
4. защита
5) ИНИЦИАТИВА
6) Отдых

ставка - all in
Черты: Убийственный удар, Острый язык
Отыгрыш: Сударь, ваша шпага ржавая!
А шляпа — и того хуже.

--
Шевалье д'Артаньян"""


def test_a_messy_forum_post_reads_every_numbering_style_the_stake_traits_and_roleplay():
    parsed = parse_order(MESSY, S, "A")
    assert parsed.errors == []
    assert parsed.order == {
        "stack": items("AFCDIR"), "stake": "all_in",
        "activate": {"killer_blow": True, "sharp_tongue": True,
                     "sharp_tongue_roleplay": "Сударь, ваша шпага ржавая!\nА шляпа — и того хуже."},
    }
    assert parsed.notes == ["§1 Заявка: lines not read as part of the order: 'Заявка на ход 3.'"]


@pytest.mark.parametrize("stack", [
    "1) Атака\n2) Атака\n3) Защита\n4) Защита\n5) Отдых\n6) Контратака",
    "1 - Атака\n2 - Атака\n3 – Защита\n4 — Защита\n5-Отдых\n6 -Контр-атака",
    "1: атака 2: АТАКА 3: защиту 4: Защита 5: отдых 6: контр-атаку",
    "1. Атака, 2. Атака, 3. Защита, 4. Защита, 5. Отдых, 6. Контр-Атака",
    "Атака, атака, защита; защита, отдых, контратака",
    "- Атака\n- Атака\n- Защита\n- Защита\n- Отдых\n- Контратака",
    "[b]Атака[/b]\n[i]Атака[/i]\nЗащита\nЗащита\nОтдых (восстановлю дыхание)\nКонтр-атака!",
])
def test_numbering_styles_and_separators(stack):
    parsed = parse_order(stack + "\nСтавка: малая", S, "A")
    assert parsed.errors == []
    assert parsed.order["stack"] == items("AADDRC")


def test_yo_and_e_are_the_same_letter():
    parsed = parse_order("Атака\nАтака\nЗащита\nЗащита\nОтдых\nОтдых\nСтавка: малая\nЧерта: острый язык\n"
                         "Отыгрыш: Ещё шаг, и всё!", S, "A")
    assert parsed.errors == []
    parsed = parse_order("1. Атака 2. Атака 3. Защита 4. Защита 5. Отдых 6. Отдых\nСтавка: вабанк", S, "A")
    assert parsed.order["stake"] == "all_in"


@pytest.mark.parametrize(("line", "stake"), [
    ("ставка - all in", "all_in"), ("Mettre tout!", "all_in"), ("Ставка: Mettre tout!", "all_in"),
    ("Высокая ставка", "high"), ("Ставка: высокая ставка", "high"), ("малая ставка", "low"),
    ("STAKE: LOW", "low"), ("Ставка — Mettre tout (80+)", "all_in"), ("Ставка:\nнизкая", "low"),
])
def test_a_stake_written_any_way_and_even_on_a_line_of_its_own(line, stake):
    # before: "Mettre tout!" without "Ставка:" was dropped and the order silently became a high stake
    parsed = parse_order("1. Атака 2. Атака 3. Защита 4. Защита 5. Отдых 6. Отдых\n" + line, S, "A")
    assert parsed.errors == []
    assert parsed.order["stake"] == stake


def test_two_different_stakes_are_an_error():
    parsed = parse_order("Атака, Атака, Защита, Защита, Отдых, Отдых\nСтавка: малая\nMettre tout!", S, "A")
    assert parsed.errors == ["§1.3 Ставка: one stake per turn, not low and all_in"]


def test_traits_in_russian_plural_with_locality_and_passive_traits_the_duelist_owns():
    b = duelist("B", ("distance_control", "hale"))
    s = state(duelist("A"), b)
    parsed = parse_order("Атака, Защита, Защита, Отдых, Отдых, Инициатива\nСтавка: малая\n"
                         "Черты: Контроль дистанции (защита), Здоровый парень из Гаскони", s, "B")
    assert parsed.errors == []
    assert parsed.order["activate"] == {"distance_control": "defense"}
    assert parsed.notes == ["§7 Черты: 'Здоровый парень из Гаскони' is passive and needs no activation"]


def test_traits_in_a_column_and_distance_control_on_its_own_line():
    parsed = parse_order("Атака, Защита, Защита, Отдых, Отдых, Инициатива\nСтавка: малая\n"
                         "Черты:\n- Убийственный удар\n- Острый язык\n\nОтыгрыш:\nВаша шпага ржавая!", S, "A")
    assert parsed.errors == []
    assert parsed.order["activate"] == {"killer_blow": True, "sharp_tongue": True,
                                        "sharp_tongue_roleplay": "Ваша шпага ржавая!"}
    parsed = parse_order("Атака, Защита, Защита, Отдых, Отдых, Инициатива\nКонтроль дистанции - атаку", S, "B")
    assert parsed.errors == []
    assert parsed.order["activate"] == {"distance_control": "attack"}


def test_a_trailing_signature_and_a_greeting_are_not_items():
    post = ("Сударь, извольте!\n\n1. Атака\n2. Атака\n3. Защита\n4. Защита\n5. Отдых\n6. Отдых\nСтавка: малая\n\n"
            "С уважением, Арман")
    parsed = parse_order(post, S, "A")
    assert parsed.errors == []
    assert parsed.order == {"stack": items("AADDRR"), "stake": "low"}
    assert parsed.notes == ["§1 Заявка: lines not read as part of the order: 'Сударь, извольте!', "
                            "'С уважением, Арман'"]


def test_a_misspelt_item_in_a_column_is_an_error_at_its_position():
    parsed = parse_order("Атака\nАтоко\nЗащита\nЗащита\nОтдых\nОтдых\nСтавка: малая", S, "A")
    assert parsed.errors == ["§1 Заявка: position 2: unknown item 'Атоко'"]


def test_a_missing_item_names_the_lines_that_were_not_read():
    parsed = parse_order("Атака\nАтака\nЗащита\nЗащита\nОтдых\nОтдыхх\nСтавка: малая", S, "A")
    assert parsed.errors == ["§1 Заявка: a stack has 6 items, not 5 (lines not read as items: 'Отдыхх')"]


def test_sharp_tongue_roleplay_may_be_the_posts_prose():
    post = "Ваша шпага ржавая, сударь!\n\nАтака, Атака, Защита, Защита, Отдых, Отдых\nЧерта: Острый язык"
    parsed = parse_order(post, S, "A")
    assert parsed.errors == []
    assert parsed.order["activate"]["sharp_tongue_roleplay"] == "Ваша шпага ржавая, сударь!"
    assert "§7 Острый язык: no \"Отыгрыш:\" line; the post's other lines are the roleplay" in parsed.notes


def test_every_error_of_a_messy_post_is_collected_at_once():
    post = ("[b]1)[/b] Атака\n2) Атака\n3 - Атака\n4. Атака\n5) Атака\n6) Финт\n"
            "Ставка - средняя\nЧерты: Выносливый, Контроль дистанции, Острый язык\n--\nАрман")
    parsed = parse_order(post, S, "A")
    assert parsed.order is None
    assert parsed.errors == [
        "§1 Заявка: attack appears 5 times; at most 4 of a kind",
        "§1.3 Ставка: unknown stake 'средняя' (малая, высокая, Mettre tout)",
        "§7 Черты: A lacks the trait enduring (Выносливый)",
        "§7 Контроль дистанции: name the extra item, attack or defense, not '' (e.g. \"Контроль дистанции: атака\")",
        "§7 Острый язык: needs roleplay text after \"Отыгрыш:\" (\"Нужен отыгрыш\")",
        "§7 Черты: A lacks the trait distance_control (Контроль дистанции)",
    ]
