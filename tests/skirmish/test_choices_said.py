"""A skirmish choice (a Pass's cell and distance, a missile defence, an ally's protection, the GM's countertime ruling
and prices, what a free check is rolled with) is said in a full sentence in Russian and English, naming fighters by
their declined names: a sealed choice revealed in a dispute packet reads as the orders do. So do the shot's fields of a
field order (the maneuver, the second projectile's buys, the targets beyond, the check and path on the move)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver
from replay.fold import state_before
from replay.rulesets.skirmish import words
from replay.rulesets.skirmish.orders_said import say
from tests.test_orders_said import LATIN, setup_names, without

ROOT = Path(__file__).resolve().parents[2]


def recorded(fixture: str, kind: str) -> list[tuple[object, dict, object, set[str]]]:
    """(actor, payload, the state before its turn, the setup's names) of every event of a kind in a recorded fight."""
    with Store.open(":memory:") as store:
        game_id = next(iter(import_text(store, (ROOT / "fixtures" / "skirmish" / fixture).read_text(encoding="utf-8"),
                                        source="test")))
        game = driver.load(store, game_id)
    names = setup_names(game.events[0].payload.get("setup"))
    return [(e.actor, e.payload, state_before(game, e.turn), names) for e in game.events if e.type == kind]


def sentence(text: str, names: set[str], lang: str) -> None:
    bare = without(text, names)
    assert text[:1].isupper() and text.endswith("."), text
    assert not any(c in bare for c in '={}"_'), text
    if lang == "ru":
        assert not LATIN.findall(bare), (LATIN.findall(bare), text)


@pytest.mark.parametrize("fixture", sorted(p.name for p in (ROOT / "fixtures" / "skirmish").glob("*.jsonl")))
def test_every_recorded_choice_is_said_in_a_sentence(fixture: str) -> None:
    for actor, payload, state, names in recorded(fixture, "choice"):
        for lang in ("ru", "en"):
            sentence(say(payload, actor, lang, state), names, lang)


def test_a_pass_says_the_cell_the_path_and_the_distance_or_the_end() -> None:
    (_, first, state, _), (_, second, _, _) = [r for r in recorded("pass.jsonl", "choice")]
    assert say(first, "RAT", "ru", state) == ("В обмене 1 Ратибор после прохода встаёт в клетку (1, 1), идёт дальше: "
                                              "(2, 1), лицом на запад; дистанция боя — средняя.")
    assert say(second, "RAT", "en", state).endswith("facing west, and ends the melee, as a successful retreat.")


def test_missile_defences_and_an_allys_protection_name_the_shooter_in_his_case() -> None:
    said = [say(p, actor, "ru", state) for actor, p, state, _ in recorded("volley.jsonl", "choice")]
    assert "В обмене 1 Зоряна защищается от выстрела Всеслава: «Парирование щитом», 2 кубика рефлекса." in said
    assert ("В обмене 1 Борис прикрывает Зоряну от выстрела Всеслава (защита союзника): «Парирование щитом», "
            "2 кубика рефлекса.") in said
    assert "В обмене 1 Всеслав защищается от выстрела Зоряны: заслон щитом: голова." in said
    assert "В обмене 2 Борис не защищается от выстрела Всеслава." in said


@pytest.mark.parametrize(("actor", "payload", "ru", "en"), [
    (None, {"exchange": 2, "name": "countertime_tie", "attacker": "RAT", "value": "strike"},
     "В обмене 2 ГМ решает о контртемпе Ратибора при равной инициативе: контртемп — простой удар, одновременный с "
     "ударом противника.", "Exchange 2: the GM rules on Ratibor's countertime at equal initiative: the countertime is "
     "an ordinary blow, simultaneous with the opponent's."),
    (None, {"exchange": 1, "name": "countertime_tie", "attacker": "VSE", "value": "against"},
     "В обмене 1 ГМ решает о контртемпе Всеслава при равной инициативе: контртемп бросается против атаки противника, "
     "каждый успех отменяет один его успех.", None),
    ("VSE", {"exchange": 1, "name": "check_with", "check": "stability", "value": "acrobatics"},
     "В обмене 1 Всеслав делает проверку устойчивости Акробатикой.",
     "Exchange 1: Vseslav rolls the stability check with Acrobatics."),
    ("RAT", {"exchange": 2, "name": "check_with", "check": "reactive", "value": "wrestling"},
     "В обмене 2 Ратибор делает проверку реакции Борьбой.", None),
    (None, {"exchange": 1, "name": "grip_price", "fighter": "RAT", "value": 2},
     "В обмене 1 ГМ назначает цену смены хвата для Ратибора: 2 очка рефлекса.",
     "Exchange 1: the GM prices Ratibor's grip change at 2 reflex points."),
    (None, {"exchange": 1, "name": "draw_price", "fighter": "VSE", "value": 1},
     "В обмене 1 ГМ назначает цену быстрого извлечения оружия для Всеслава: 1 очко рефлекса.",
     "Exchange 1: the GM prices Vseslav's quick draw at 1 reflex point."),
    ("RAT", {"exchange": 1, "name": "feint", "value": "thrust left_leg danger:1"},
     "В обмене 1 Ратибор делает финт: «Выпад», в левую ногу; покупки: опасность +1.", None),
])
def test_the_gms_rulings_and_a_fighters_choices_are_sentences(actor: str | None, payload: dict, ru: str,
                                                              en: str | None) -> None:
    (_, _, state, names), *_ = recorded("brawl.jsonl", "order")
    assert say(payload, actor, "ru", state) == ru
    if en is not None:
        assert say(payload, actor, "en", state) == en
    for lang in ("ru", "en"):
        sentence(say(payload, actor, lang, state), names, lang)


def test_a_shots_fields_are_said() -> None:
    text = "\n".join(say(p, actor, "ru", state) for actor, p, state, _ in recorded("volley.jsonl", "order"))
    assert "готовит выстрел двумя стрелами." in text
    assert "«Двойной выстрел» в Зоряну; 1 очко рефлекса и 3 очка навыка; покупки: зона «верхний корпус»; покупки " \
           "второго снаряда: зона «голова»." in text
    assert "«Синхронный бросок» во Всеслава" in text
    assert "скрытно в Зоряну; рука или нога при попадании — левая" in text
    assert "«Выстрел навылет» в Зоряну; 2 очка рефлекса и 4 очка навыка; покупки: зона «рука», точная зона " \
           "«пальцы»; дальше по линии выстрела: Борис." in text
    assert "Мирослава стреляет: «Выстрел в движении» в Зоряну; 0 очков рефлекса и 2 очка навыка; проверка: 1 очко " \
           "рефлекса; путь шагом: (1, 2)." in text
    assert "Зоряна извлекает снаряд (несколько в одну руку)." in text and "Борис ждёт, лицом на восток." in text
    assert not re.search(r"зона «(?:arm|leg|torso)»", text)


@pytest.mark.parametrize(("line", "said"), [
    ("RAT проходит мимо VSE в клетку (1, 1)", "Ратибор проходит мимо Всеслава в клетку (1, 1)"),
    ("Борис защищает ZOR сбоку", "Борис защищает Зоряну сбоку"),
    ("ZOR не видит VSE (стрелок сзади)", "Зоряна не видит Всеслава (стрелок сзади)"),
    ("итог = 8 − 5 выстрел навылет (M79) = 3 (для RAT)", "итог = 8 − 5 выстрел навылет (M79) = 3 (для Ратибора)"),
])
def test_the_new_lines_of_a_pass_and_a_volley_decline_the_names(line: str, said: str) -> None:
    names = {"RAT": {"ru": "Ратибор"}, "VSE": {"ru": "Всеслав"}, "ZOR": {"ru": "Зоряна"}}
    assert words.by_name(line, names, "ru") == said
