"""The knights' turn post: the rulebook's terms, a ram's full arithmetic, the honour that sums, user text inert."""

from __future__ import annotations

import html
from dataclasses import replace

from eventlog.envelope import Event
from replay import driver
from replay.render import bbcode
from replay.render.text import Doc, Table, render
from replay.rulesets.knights import derive
from replay.rulesets.knights.post import post
from tests.knights.knights_kit import choice
from tests.knights.test_frame import EVIL, fall, joust, ks1, ks2, ks3, ks4, ks5, lady_token, scenario


def words(doc: Doc) -> str:
    """The post as Markdown without escapes, for reading assertions."""
    return html.unescape(render(doc, "markdown").replace("\\", ""))


def test_the_ram_shows_its_full_arithmetic() -> None:
    text = words(post(driver.turn_view(joust(), 4), "ru"))
    assert "**Таран 1: Dame Tide → Sir Aster**" in text
    assert "Касание: Фронт Dame Tide — к Фронту Sir Aster." in text
    assert "Натиск = Масса 6 × Скорость 3 = 18; +1 «Ан гард!» (касание Фронтом) = **19**" in text
    assert ("Сопротивление = Масса 6 × Скорость 4 = 24; +2 Фронт Цели ближе всего к Фронту Атакующего; "
            "+2 Sir Aster в Лесных Пределах (Домен Цели); +1 «Ан гард!» (касание Фронтом) = **29**") in text
    assert "Натиск 19 против Сопротивления 29: 19 < 29 < 2 × 19 = 38 → **◐ Атакующий поражён**." in text
    assert ("Dame Tide смещается на 1Ф влево (выбор alice), затем на 2Ф вперёд: (15,5) → (15,6) → (13,6)."
            in text)
    assert "Разгон Рыцаря Dame Tide: 3 → 0." in text and "Разгон Рыцаря Sir Aster: 3 → 2." in text
    assert "Атакующий поражён в лоб: Функции не повреждаются (K27)." in text


def test_halving_rounds_up_and_domains_add_two() -> None:
    text = words(post(ks2()[1], "ru"))  # spec K-S2, the branch without Mercy
    assert "Натиск = Масса 5 × Скорость 5 = 25; +2 Sir Moss в Скальных Пределах (Домен Атакующего); " \
           "+1 «Ан гард!» (касание Фронтом) = **28**" in text
    assert "Сопротивление = Масса 5 × Скорость 1 = 5; Тыл Цели ближе всего к Фронту Атакующего: " \
           "5 / 2 с округлением вверх = **3**" in text
    assert "28 ≥ 2 × 3 = 6 → **◉ Цель разбита**" in text
    assert "Dame Vale смещается на 4Ф к востоку (→) (выбор alice): (10,6) → (14,6)." in text
    assert "Dame Vale теряет «Ан гард!» (выбор alice) — Оружие уничтожено; Масса 4." in text
    assert "Dame Vale теряет «Сбросить скорость» (выбор bob); Масса 3." in text
    assert "Клятва Кровопролития — Sir Moss: победа в Таране 1 (Цель разбита) → +2 Чести (всего 2)." in text


def test_mercy_spares_and_scores() -> None:
    text = words(post(ks2("spare")[1], "ru"))
    assert "Sir Moss щадит Рыцаря Dame Vale (Клятва Милосердия): урона нет, победа не засчитывается." in text
    assert "теряет" not in text.split("### Клятвы")[0].split("Таран 1")[1]
    assert "Клятва Милосердия — Sir Moss: пощажена разбитая Цель Dame Vale (Таран 1) → +5 Чести" in text


def test_attackers_rear_halves_the_impetus_and_speed_zero_counts_as_one() -> None:
    text = words(post(ks4()[1], "ru"))  # spec K-S4
    assert "Касание: Тыл Sir Stone — к Фронту Dame Tide." in text
    assert "Натиск = Масса 5 × Скорость 3 = 15; +2 Sir Stone в Лесных Пределах (Домен Атакующего) = 17; " \
           "Тыл Атакующего ближе всего к Фронту Цели: 17 / 2 с округлением вверх = **9**" in text
    assert "Сопротивление = Масса 6 × Скорость 0 (считается 1) = 6" in text
    assert "9 = 9 → **⊖ Сравнялись**" in text
    assert "Клятва Храбрости — Sir Stone: 6 (сравнялись в Таране 1) + 2 (Масса противника 6 больше своей 5) " \
           "= 8 → +8 Чести (всего 8)." in text
    assert "Dame Tide теряет «Поднять щиты!» (единственный вариант) — Броня уничтожена; Масса 5." in text


def test_the_queue_shows_initiative_and_every_tie_break() -> None:
    g = joust()
    first = words(post(driver.turn_view(g, 1), "ru"))
    assert "Sir Aster («Полный вперёд!», шаг 1) — Инициатива 4 + Скорость 1 = 5" in first
    assert "Инициатива, Скорость и Масса равны — жребий 1к2 = 1: первым Вызывающий, Sir Aster" in first
    third = words(post(driver.turn_view(g, 3), "ru"))
    assert "Инициатива равна — первым более быстрый: Sir Aster (Скорость 2 > 0)." in third
    assert "Dame Quarry («Резкий разворот», шаг 2): на Скорость в сторону прежнего Фронта: " \
           "смещение на 0Ф — остаётся на месте; Разгон 1 → 0." in third
    later = words(post(ks3()[1], "ru"))
    assert "Первым — Sir Pell: Инициатива выше (6 > 5)." in later


def test_orders_steps_and_the_outflank() -> None:
    text = words(post(ks3()[1], "ru"))  # spec K-S3
    assert "| Blue Lance (bob) | Dame Quarry | «Плавный поворот», вправо |" in text
    assert "Sir Pell («Полный вперёд!», шаг 1): Разгон 2 → 3; 2Ф к юго-востоку (↘) (по диагонали: 1 кл., K2): " \
           "(22,22) → (23,23). Скорость 2." in text
    assert "от (23,23) — за край поля: Аутфланк. Своя Леди унесена за край — Клятва Любви исполнена!" in text
    assert "Клятва Любви — Sir Pell: 7 (уносит свою Леди в Аутфланк) + 2 (Урон Похитителя 2 ≥ 1) = 9 → " \
           "+9 Чести (всего 9)." in text
    # K60: no domain off the field in text
    assert "| Sir Pell | — | — | 3 | 2 | 7 | в Аутфланке, несёт свою Леди |" in text


def test_take_the_blow_and_loyalty() -> None:
    text = words(post(ks5()[1], "ru"))  # spec K-S5
    assert "**Принять удар за товарища!** Dame Gale принимает удар за Рыцаря Dame Lyre: встаёт на (13,12) ←" in text
    assert "Dame Lyre отходит на 2Ф к северу (↑) на (11,10); " \
           "Dame Gale встаёт на место Рыцаря Dame Lyre: (11,12) →." in text
    assert "Таран шёл в Рыцаря Dame Lyre; удар принимает Dame Gale." in text
    assert "Тыл принявшего удар считается ближайшим: 6 / 2 с округлением вверх = **3**" in text
    assert "Клятва Верности — Dame Gale: 4 (потеряно Функций: 2 × 2) + 6 (уничтожено Модулей: 2 × 3) = 10 → " \
           "+10 Чести (всего 10)." in text


def test_a_lady_picked_up_on_the_way() -> None:
    text = words(post(lady_token()[1], "ru"))
    assert "Sir Pell подбирает свою Леди" in text
    assert "Леди Рыцаря Sir Pell: её несёт Sir Pell; Похититель — Dame Quarry." in text


def test_a_fall() -> None:
    text = words(post(fall()[1], "ru"))
    assert "Dame Vale теряет «Полный вперёд!» (единственный вариант) — Скакун уничтожен; Масса 0 — " \
           "Dame Vale пала!" in text
    assert "| Dame Vale | — | — | 0 | — | 0 | пала |" in text


def test_a_declined_oath_stays_open() -> None:
    views, tv = ks1()
    st = tv.before
    _, tv = scenario(st, [*tv.inputs, choice("bob", "oath", "decline", knight="T", oath="bravery")])
    text = words(post(tv, "ru"))
    assert "Клятва Храбрости — Dame Tide: 1 (поражение в Таране 1) + 2 (не в Пределах своего Домена) = 3 → " \
           "отказ: Честь не начислена, Клятва остаётся открытой (§6)." in text


def test_the_honour_table_sums() -> None:
    g = joust()
    for turn in driver.turns(g):
        if not driver.turn_steps(g, turn).steps:
            continue
        view = driver.turn_view(g, turn)
        doc = post(view, "ru")
        table = next(b for b in doc.blocks if isinstance(b, Table) and b.header[-1] == "Честь")
        for lance in view.after.lances:
            rows = [r for r in table.rows if r[0] == lance.name]
            knights, total = rows[:-1], rows[-1]
            assert total[1] == "Итого"
            assert sum(int(r[2]) for r in knights) == int(total[2]) == derive.lance_honor(view.after, lance.player)
    assert "| Blue Lance | Итого | 6 |" in words(post(driver.turn_view(g, 4), "ru"))


def test_setup_post_tells_roles_edges_limits_deployment_and_ladies() -> None:
    text = words(post(driver.turn_view(joust(), 0), "ru"))
    assert "## Ход 0 — расстановка: Red Lance — Blue Lance" in text
    assert "Вызывающий — Red Lance (alice), Отвечающий — Blue Lance (bob) (по договорённости)." in text
    assert "Края поля: Red Lance (alice) — левый край; Blue Lance (bob) — правый край (по договорённости)." in text
    assert "| Red Lance | Sir Aster | a green oak | Лесной | Клятва Лидерства |" in text
    assert "Dame Tide (Blue Lance (bob)) ставит 3 Водных Предела: (10,10)–(12,16), (12,10)–(14,16), (14,10)–(16,16)." \
        in text
    assert "Sir Aster выходит на поле: (1,5), Фронт → В, Скорость 1." in text
    assert "Blue Lance (bob) размещает Леди Рыцаря Sir Pell: её несёт Dame Quarry — Похититель." in text
    assert "| Dame Quarry | (22,19) | ← З | 1 | 0 | 7 | на поле, несёт Леди Рыцаря Sir Pell |" in text


def test_the_concession_ends_the_battle() -> None:
    text = words(post(driver.turn_view(joust(), 5), "ru"))
    assert "| Blue Lance (bob) | — | признаёт поражение |" in text
    assert "| Red Lance (alice) | — | — (противник сдался, заявка не нужна) |" in text
    assert "Бой окончен: Blue Lance (bob) признаёт поражение." in text
    assert "**Победитель — Red Lance (alice)!** (сдавшийся проигрывает, K54)" in text


def test_a_gm_ruling_is_said_and_quoted() -> None:
    view = driver.turn_view(joust(), 4)
    ruling = Event("g", 999, "ruling", 4, None, {"note": "Dame Tide скользит по льду", "events": []}, None, "", "", "")
    text = words(post(replace(view, rulings=(ruling,)), "ru"))
    assert "*Ход разрешён решением ГМ, а не расчётом по правилам:* «Dame Tide скользит по льду»" in text
    english = words(post(replace(view, rulings=(ruling,)), "en"))
    assert "*This turn was resolved by a GM ruling, not by the rules' arithmetic:* “Dame Tide скользит по льду”" \
        in english


def test_a_rulings_bare_events_print_their_notes() -> None:
    view = driver.turn_view(joust(), 4)
    bare = [replace(e, payload={"why": ["GM: the ram is void"]}) if e.type == "knights.ram" else e
            for e in view.resolutions]
    text = words(post(replace(view, resolutions=tuple(bare)), "ru"))
    assert "knights.ram: GM: the ram is void" in text


def test_user_text_is_inert_in_bbcode_and_markdown() -> None:
    doc = post(driver.turn_view(joust(name=EVIL, heraldry=EVIL), 4), "ru")
    for profile in bbcode.PROFILES:
        out = render(doc, "bbcode", profile)
        assert "[b]Сэр[/b]" not in out and "[\u200bb]Сэр[\u200b/b]" in out
        assert "<script>" in bbcode.unescape(out)
    md = render(doc, "markdown")
    assert "<script>" not in md and "\\<script\\>" in md
    assert "**x**" not in md.replace("\\*\\*x\\*\\*", "")


def test_english_post() -> None:
    text = words(post(driver.turn_view(joust(), 4), "en"))
    assert "## Turn 4: Red Lance vs Blue Lance" in text
    assert "Impetus = mass 6 × speed 3 = 18; +1 En garde! (touching with its Front) = **19**" in text
    assert "Impetus 19 vs resistance 29: 19 < 29 < 2 × 19 = 38 → **◐ Attacker struck**." in text
    assert "Oath of Bravery — Dame Tide: 1 (was struck in ram 1) + 2 (not in its own domain's Limits) = 3 → " \
           "+3 Honour (total 3)." in text
    assert "| Knight | Position | Facing | Accel | Speed | Mass | Where |" in text


def test_posts_are_deterministic() -> None:
    a = render(post(driver.turn_view(joust(), 4), "ru"), "bbcode", "mybb-ru")
    b = render(post(driver.turn_view(joust(), 4), "ru"), "bbcode", "mybb-ru")
    assert a == b


def test_every_spec_scenario_posts_in_both_languages() -> None:
    for build in (ks1, ks2, ks3, ks4, ks5, lady_token, fall):
        _, tv = build()
        for lang in ("ru", "en"):
            assert render(post(tv, lang), "bbcode", "mybb-ru")
