"""The duel's turn post: the rulebook's terms, the arithmetic a GM writes, user text inert in every format."""

from __future__ import annotations

import html

from replay import driver
from replay.render import bbcode
from replay.render.text import Doc, Para, Span, plural, render
from replay.rulesets.duel.post import post
from tests.duel.test_frame import EVIL, d3, d5, duelist, game


def words(doc: Doc) -> str:
    """The post as Markdown without escapes, for reading assertions."""
    return html.unescape(render(doc, "markdown").replace("\\", ""))


def test_d3_tells_the_turn_in_the_rulebooks_words() -> None:
    text = words(post(driver.turn_view(d3(), 1), "ru"))
    assert "## Ход 1: Атос против Бернажу" in text
    assert "ставка ва-банк (80+). Бросок: 83 ≥ 80, успех → 6 пунктов сверху стека" in text
    assert "Убийственный удар (−2 запаса сил)" in text
    assert "Первый удар: Бернажу, второй: Атос. Преимущества нет, первая атака выше в стеке" in text
    assert "Атос → Бернажу: 2 атаки и 1 финт против 2 защит; финты снимают 1, действует 1. " \
           "Отражено 1, прошло 1. Урон: 1 × 2 (Убийственный удар) = 2." in text
    assert "Урон: 1 × 1 + 1 (Контроль оружия) = 2. **Мгновенная смерть!**" in text
    assert "Бернажу погибает: контр-атака отменена." in text  # a name without a gender
    assert "Запас сил: 8 − 2 (Убийственный удар) − 2 (атаки) − 1 (финты) = 3/8." in text
    assert "урон за ход 4 — **мгновенная смерть**" in text
    assert "**Победитель — Атос!**" in text
    assert "| Атос | 3/8 | 0 | в строю |" in text
    assert "| Бернажу | 7/8 | 0 | смерть |" in text
    assert "| 2 | Защита ✓ | Защита ✓ (снята финтом) |" in text


def test_eating_sharp_tongue_and_the_extra_attack() -> None:
    text = words(post(driver.turn_view(d5(), 2), "ru"))
    assert "| 1 | Атака — «съедена» | Инициатива ✓ |" in text
    assert "| 7 (сверх) | Атака ✓ |  |" in text
    assert "Острый язык — *Ваша шпага — вертел!* (−1): атака противника перенесена с 3-го места на 1-е." in text
    assert "«съедает» первый пункт противника (Атака)" in text
    assert "4 пункта сверху стека и 4 пункта за провал противника (но не больше 6)" in text
    assert "тяжелое ранение**, считается царапиной (Здоровый парень)" in text
    assert "Преимущество сохраняет Рошфор." in text


def test_rerolls_are_struck_through_with_their_cost() -> None:
    g = game([duelist("A", "Арамис", ["cautious", "wiry"]), duelist("B", "Жюссак", ["tough", "wiry"])],
             [{"A": ("AFARDR", "all_in", [(55, "all_in"), (66, "high"), (55, "low")], None),
               "B": ("DRRIAD", "low", [50], None)}])
    doc = post(driver.turn_view(g, 1), "ru")
    spans = [sp for blk in doc.blocks if hasattr(blk, "items") for item in blk.items for sp in item]
    assert Span("55", "s") in spans and Span("66", "s") in spans and Span("55", "b") in spans
    text = words(doc)
    assert "(заявлена ва-банк, Осторожный). Броски: ~~55~~, ~~66~~ (переброс −2), **55** (переброс −1)" in text
    assert "Запас сил: 8 − 3 (перебросы) − 1 (атаки) − 1 (финты) = 3/8" in text
    assert "Жюссак: бросок после ранения 50 − 0 − 10 = 40 ≥ 40, успех устоял." in text


def test_a_flip_and_the_advantage_holder_striking_first() -> None:
    g = game([duelist("A", "Портос", ["wiry", "cautious"]), duelist("B", "Каюзак", ["tough", "weapon_control"])],
             [{"A": ("IIDRRR", "high", [75], None), "B": ("DRRRDR", "low", [45], None)},
              {"A": ("IAADFR", "high", [71], None), "B": ("ADCARR", "high", [62], None)}])
    first = words(post(driver.turn_view(g, 1), "ru"))
    assert "Инициатива: Портос 2, Каюзак 0. Преимущество получает Портос." in first
    text = words(post(driver.turn_view(g, 2), "ru"))
    assert "Преимущество на начало хода: **Портос**." in text
    assert "Первым бьет Портос, вторым Каюзак. Портос имеет преимущество и наносит атаки первым." in text
    assert "Каюзак: бросок после ранения 62 − 0 − 5 = 57 < 60, успех стал провалом. " \
           "Защита, Контр-атака и Атака потеряны." in text
    assert "| 2 | Атака ✓ | Защита — потеряна |" in text
    assert "Суровый парень: запас сил не снимается" in text


def test_a_heavy_wound_and_the_finish_off() -> None:
    g = game([duelist("A", "Атос", ["wiry", "cautious"]), duelist("B", "Бернажу", ["wiry", "cautious"])],
             [{"A": ("AAAADR", "high", [90], None), "B": ("DRRRIR", "high", [90], None)}],
             choices=((1, "A", "finish_off", "kill"),))
    text = words(post(driver.turn_view(g, 1), "ru"))
    assert "урон за ход 3 — **тяжелое ранение**" in text
    assert "**Вне боя.**" in text  # "Бернажу" does not tell a gender: "выбыл"/"выбыла"
    assert "**Атос добивает противника, как кабанчика: Бернажу погибает. Bon sang!**" in text


def test_english_post() -> None:
    text = words(post(driver.turn_view(d3(), 1), "en"))
    assert "## Turn 1: Атос vs Бернажу" in text
    assert "stake all-in (80+). Roll: 83 ≥ 80, success → 6 items from the top." in text
    assert "Damage: 1 × 2 (killer blow) = 2." in text
    assert "| Duelist | Stamina | Penalty | Status |" in text


def test_user_text_is_inert_in_bbcode_and_markdown() -> None:
    g = game([duelist("A", EVIL, ["hot_blooded", "sharp_tongue"], hot_blooded="[url=javascript:x]Тулузы[/url]"),
              duelist("B", "Пьер", ["enduring", "cautious"])],
             [{"A": ("DIRADR", "high", [61], {"sharp_tongue": True, "sharp_tongue_roleplay": "[i]x[/i] <b>y</b>"}),
               "B": ("IIIIDC", "high", [88], None)}])
    doc = post(driver.turn_view(g, 1), "ru")
    for profile in bbcode.PROFILES:
        out = render(doc, "bbcode", profile)
        assert "[b]Жан" not in out and "[i]x" not in out and "[url=javascript" not in out
        assert out.replace(bbcode.ZWSP, "").count("[b]Жан[/b]") >= 3
    md = render(doc, "markdown")
    assert "<script>" not in md and "<b>" not in md and "**x**" not in md
    assert r"\<script\>alert\(1\)\</script\> \[b\]Жан\[/b\] \*\*x\*\*" in md
    # names reach the document only as plain strings
    paras = [blk for blk in doc.blocks if isinstance(blk, Para)]
    assert all(isinstance(sp, str | Span) for blk in paras for sp in blk.spans)


def test_posts_are_deterministic() -> None:
    assert post(driver.turn_view(d3(), 1), "ru") == post(driver.turn_view(d3(), 1), "ru")


def test_russian_plurals() -> None:
    assert [plural(n, ("пункт", "пункта", "пунктов")) for n in (1, 2, 5, 11, 21, 24)] == [
        "пункт", "пункта", "пунктов", "пунктов", "пункт", "пункта"]
