"""The ru/en terms shared by post, frame, parse and explain: the rulebook's words, plural forms and names.

A table maps a key to its (ru, en) pair; `word` picks one. Names and heraldry are user text: they are returned as
plain strings and escaped by the renderer.
"""

from __future__ import annotations

from typing import Any

from replay.render import ru
from replay.render.i18n import decimal
from replay.render.lang import pick, plural, tr
from replay.rulesets.knights.model import DIR_NAMES, State

ACTION = {
    "full_ahead": ("«Полный вперёд!»", "Full ahead!"),
    "smooth_turn": ("«Плавный поворот»", "Smooth turn"),
    "sharp_turn": ("«Резкий разворот»", "Sharp turn"),
    "drop_speed": ("«Сбросить скорость»", "Drop speed"),
    "return_to_battle": ("«Вернуться в бой!»", "Return to battle!"),
}


FUNCTION = {
    **{k: v for k, v in ACTION.items() if k != "return_to_battle"},
    "raise_shields": ("«Поднять щиты!»", "Raise shields!"),
    "en_garde": ("«Ан гард!»", "En garde!"),
}


MODULE = {"steed": ("Скакун", "Steed"), "armor": ("Броня", "Armour"), "weapon": ("Оружие", "Weapon")}


DESTROYED = {"steed": ("Скакун уничтожен", "the steed is destroyed"),
             "armor": ("Броня уничтожена", "the armour is destroyed"),
             "weapon": ("Оружие уничтожено", "the weapon is destroyed")}


DOMAIN = {"water": ("Водный", "water"), "forest": ("Лесной", "forest"), "rock": ("Скальный", "rock")}


IN_LIMITS = {"water": ("в Водных Пределах", "in water Limits"), "forest": ("в Лесных Пределах", "in forest Limits"),
             "rock": ("в Скальных Пределах", "in rock Limits")}


LIMIT_WORD = {  # one, 2–4, 5+ (ru); one, many (en)
    "water": (("Водный Предел", "Водных Предела", "Водных Пределов"), ("water Limit", "water Limits")),
    "forest": (("Лесной Предел", "Лесных Предела", "Лесных Пределов"), ("forest Limit", "forest Limits")),
    "rock": (("Скальный Предел", "Скальных Предела", "Скальных Пределов"), ("rock Limit", "rock Limits")),
}


OATH = {
    "bravery": ("Клятва Храбрости", "Oath of Bravery"),
    "mercy": ("Клятва Милосердия", "Oath of Mercy"),
    "leadership": ("Клятва Лидерства", "Oath of Leadership"),
    "love": ("Клятва Любви", "Oath of Love"),
    "loyalty": ("Клятва Верности", "Oath of Loyalty"),
    "conquest": ("Клятва Покорения", "Oath of Conquest"),
    "bloodshed": ("Клятва Кровопролития", "Oath of Bloodshed"),
}


OATH_SHORT = {"bravery": ("Храбрость", "Bravery"), "mercy": ("Милосердие", "Mercy"),
              "leadership": ("Лидерство", "Leadership"), "love": ("Любовь", "Love"),
              "loyalty": ("Верность", "Loyalty"), "conquest": ("Покорение", "Conquest"),
              "bloodshed": ("Кровопролитие", "Bloodshed")}


PART = {"front": ("Фронт", "Front"), "flank": ("Фланг", "Flank"), "rear": ("Тыл", "Rear")}


PART_TO = {"front": "Фронту", "flank": "Флангу", "rear": "Тылу"}


PART_WITH = {"front": ("Фронтом", "with its Front"), "flank": ("Флангом", "with a Flank"),
             "rear": ("Тылом", "with its Rear")}


OUTCOME = {
    "target_broken": ("Цель разбита", "Target broken"),
    "target_struck": ("Цель поражена", "Target struck"),
    "equal": ("Сравнялись", "Equal"),
    "attacker_struck": ("Атакующий поражён", "Attacker struck"),
    "attacker_broken": ("Атакующий разбит", "Attacker broken"),
}


OUTCOME_MARK = {"target_broken": "◉", "target_struck": "◑", "equal": "⊖", "attacker_struck": "◐",
                "attacker_broken": "○"}
"""The rulebook's outcome marks (◉ ◑ ⦵ ◐ ○); ⊖ stands for ⦵, which the bundled font lacks."""


ARROW = ("↑", "↗", "→", "↘", "↓", "↙", "←", "↖")


TOWARD = (("к северу", "к северо-востоку", "к востоку", "к юго-востоку", "к югу", "к юго-западу", "к западу",
           "к северо-западу"),
          ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"))


COMPASS = (("С", "СВ", "В", "ЮВ", "Ю", "ЮЗ", "З", "СЗ"), DIR_NAMES)


SIDE = {"left": ("влево", "left"), "right": ("вправо", "right")}


ROLE = {"challenger": ("Вызывающий", "Challenger"), "responder": ("Отвечающий", "Responder")}


EDGE = {"left": ("левый край", "left edge"), "right": ("правый край", "right edge")}


LOCATION = {"field": ("на поле", "on the field"), "outflank": ("в Аутфланке", "in the Outflank"),
            "fallen": ("пал", "fallen"), "unplaced": ("не выставлен", "not deployed")}


END_REASON = {
    "turns": ("сыграны все 24 хода", "all 24 turns are played"),
    "no_capable": ("в одном из Лэнсов не осталось дееспособных Рыцарей", "a lance has no capable knight left"),
    "concession": ("один из игроков признал поражение", "a player conceded"),
    "oaths": ("все Рыцари одного Лэнса исполнили свои Личные Клятвы",
              "every knight of one lance has fulfilled a personal oath"),
}


ROLL_PURPOSE = {"initiative_tie": ("жребий при полном равенстве в очереди", "the initiative tie lot"),
                "lot_roles": ("жребий ролей", "the lot for roles"), "lot_edges": ("жребий краёв", "the lot for edges")}


ROLL_SOURCE = {"forum": ("на форуме", "on the forum"), "engine": ("проверяемые кости движка", "engine dice"),
               "manual": ("вручную", "by hand")}


ACTION_END = {
    "ram": ("Таран завершает действие — его оставшиеся Шаги считаются исполненными",
            "the ram ends the action: its remaining steps count as done"),
    "outflank": ("действие прервано: Аутфланк", "the action ends: the Outflank"),
    "fallen": ("действие прервано: Рыцарь пал", "the action ends: the knight has fallen"),
    "function_damaged": ("действие прервано: его Функция повреждена (K24)",
                         "the action ends: its function is damaged (K24)"),
    "accel_zero": ("действие не начинается: Разгон 0 (K21)", "the action cannot start: accel 0 (K21)"),
}


def word(table: dict[str, tuple[str, str]], key: Any, lang: str) -> str:
    """A term from a (ru, en) table, or the key itself when the table lacks it (a GM ruling may say anything)."""
    pair = table.get(str(key))
    return pick(pair, lang) if pair else str(key)


def num(v: Any) -> str:
    """A coordinate: whole numbers plain, others to two decimals."""
    try:
        r = round(float(v), 2)
    except (TypeError, ValueError):
        return "?"
    return str(int(r)) if r == int(r) else f"{r:g}"


def point(p: Any, lang: str = "en") -> str:
    """ "(13,5)" from a pose dict; in Russian a fraction takes a decimal comma, and then the coordinates are apart
    by a semicolon, "(12,47; 5)" (whole cells stay "(13,5)")."""
    if not isinstance(p, dict):
        return "—"
    x, y = num(p.get("x")), num(p.get("y"))
    if lang == "ru" and "." in x + y:
        return f"({decimal(x, 'ru')}; {decimal(y, 'ru')})"
    return f"({x},{y})"


def facing(f: Any, lang: str) -> str:
    """ "→ В" / "→ E"."""
    try:
        k = int(f) % 8
    except (TypeError, ValueError):
        return "?"
    return f"{ARROW[k]} {COMPASS[0 if lang == 'ru' else 1][k]}"


def pose_text(p: Any, lang: str) -> str:
    """ "(13,5) →"."""
    if not isinstance(p, dict):
        return "—"
    return f"{point(p, lang)} {ARROW[int(p.get('f', 0)) % 8]}"


def toward(d: Any, lang: str) -> str:
    """A direction given as an index or a name: "к востоку (→)" / "east (→)"."""
    k = d if isinstance(d, int) else DIR_NAMES.index(d) if d in DIR_NAMES else None
    if k is None:
        return str(d)
    return f"{TOWARD[0 if lang == 'ru' else 1][k % 8]} ({ARROW[k % 8]})"


def sentence(text: str) -> str:
    """Text ending with a full stop (unless it already ends a sentence)."""
    return text if text.endswith((".", "!", "?")) else text + "."


def feet(n: Any, lang: str) -> str:
    return tr(lang, f"{decimal(n, 'ru')}Ф", f"{n} F")


def function_name(fn: str, state: State, lang: str) -> str:
    """«Поднять щиты!»; a carried Lady's function is "Леди <her knight>"."""
    if fn.startswith("lady:"):
        return tr(lang, f"Леди ({name(state, fn[5:])})", f"the Lady ({name(state, fn[5:])})")
    return word(FUNCTION, fn, lang)


def limits_word(kind: str, n: int, lang: str) -> str:
    """ "3 Водных Предела" / "3 water Limits"."""
    forms = LIMIT_WORD.get(kind)
    if forms is None:
        return f"{n} {kind}"
    return f"{n} " + (plural(n, forms[0]) if lang == "ru" else forms[1][0 if n == 1 else 1])


def name(state: State, kid: Any) -> str:
    """A knight's name (its id when the state does not know it)."""
    try:
        return state.knight(str(kid)).name
    except KeyError:
        return str(kid)


def names(state: State, ids: Any) -> str:
    return ", ".join(name(state, k) for k in (ids or []))


def name_as(state: State, kid: Any, case: str, lang: str) -> str:
    """A knight's name in a Russian case ("щадит Бертрана"); a name that cannot be declined follows "Рыцарь" in
    that case ("щадит Рыцаря Sir Pell"). English: the name."""
    return ru.name_in(name(state, kid), case, "Рыцарь") if lang == "ru" else name(state, kid)


def names_as(state: State, ids: Any, case: str, lang: str) -> str:
    """Several knights' names in a Russian case (see `name_as`)."""
    listed = [name(state, k) for k in (ids or [])]
    return ru.names_in_case(listed, case, "Рыцарь") if lang == "ru" and listed else ", ".join(listed)


def location_word(state: State, kid: Any, location: str, lang: str) -> str:
    """Where a knight is, agreeing with it in Russian ("пала", "не выставлена"; genderless if the name tells none)."""
    if lang == "ru" and location == "fallen":
        return fallen(state, kid, lang)
    if lang == "ru" and location == "unplaced":
        return ru.gendered(name(state, kid), "не выставлен", "не выставлена", "еще не на поле")
    return word(LOCATION, location, lang)


def fallen(state: State, kid: Any, lang: str) -> str:
    """ "пал" / "пала" agreeing with the knight ("вне боя" when the name tells no gender); "fallen"."""
    return ru.gendered(name(state, kid), "пал", "пала", "вне боя") if lang == "ru" else "fallen"


def lance_label(state: State, player: Any) -> str:
    """ "Red Lance (alice)"."""
    try:
        return f"{state.lance(str(player)).name} ({player})"
    except KeyError:
        return str(player)


def chooser(by: Any, lang: str) -> str:
    """Who made a choice: a player, the only legal option (C1) or the default (K25, K44)."""
    if by == "forced":
        return tr(lang, "единственный вариант", "the only option")
    if by == "default":
        return tr(lang, "по умолчанию", "by default")
    if by in (None, ""):
        return tr(lang, "без выбора", "no choice")
    return tr(lang, f"выбор {by}", f"{by}'s choice")


def outcome_name(outcome: Any, lang: str) -> str:
    return word(OUTCOME, outcome, lang)


def rect_text(r: Any) -> str:
    """ "(8,0)–(14,8)"."""
    x0, y0, x1, y1 = r
    return f"({x0},{y0})–({x1},{y1})"


def cell_text(c: Any) -> str:
    return f"({c[0]},{c[1]})" if isinstance(c, list | tuple) and len(c) == 2 else str(c)


# --- what a player may write in a forum post (parse.py) ------------------------------------------------------


ACTIONS: dict[str, tuple[str, ...]] = {
    "full_ahead": ("полный вперед", "полный ход", "full ahead"),
    "smooth_turn": ("плавный поворот", "smooth turn"),
    "sharp_turn": ("резкий разворот", "резкий поворот", "sharp turn"),
    "drop_speed": ("сбросить скорость", "сброс скорости", "drop speed"),
    "return_to_battle": ("вернуться в бой", "возвращение в бой", "return to battle"),
}


CONCEDE = ("признаю поражение", "сдаюсь", "concede", "i yield")


PASS = ("пропуск", "пас", "pass")


LEFT = ("влево", "налево", "left")


RIGHT = ("вправо", "направо", "right")


PICKUP = ("поднять леди", "подобрать леди", "поднимаю леди", "pick up the lady", "pick up lady", "pickup lady")


FACINGS: dict[str, int] = {
    "север": 0, "северо-восток": 1, "восток": 2, "юго-восток": 3, "юг": 4, "юго-запад": 5, "запад": 6,
    "северо-запад": 7, "north": 0, "northeast": 1, "east": 2, "southeast": 3, "south": 4, "southwest": 5,
    "west": 6, "northwest": 7,
    "с": 0, "св": 1, "в": 2, "юв": 3, "ю": 4, "юз": 5, "з": 6, "сз": 7,
}


def key_label(state: State, key: str, value: Any) -> str | None:
    """A request key as a waiting message names it: "Sir Aster (r1)" for a knight; None for the plain "name value"."""
    if key != "knight":
        return None
    try:
        return f"{state.knight(value).name} ({value})"
    except KeyError:
        return str(value)
