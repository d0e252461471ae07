"""The knights' English lines in Russian: their arithmetic (`why`), problems (check, parse) and step names, as a
catalogue of parallel sentences (replay.render.i18n) over the words of `words.py`.

Knights' and lances' names are user text in any script: the Russian puts them where no case ending is needed
("таран: Sir Aster → Dame Tide", "щадит Рыцаря Dame Vale")."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from replay.render.i18n import Catalogue, decimal, pydantic_ru
from replay.rulesets.knights.model import DIR_NAMES
from replay.rulesets.knights.words import (
    ACTION,
    ACTION_END,
    DESTROYED,
    DOMAIN,
    FUNCTION,
    IN_LIMITS,
    OATH,
    OATH_SHORT,
    OUTCOME,
    PART,
    ROLE,
    ROLL_PURPOSE,
    SIDE,
    TOWARD,
)

COMPASS_RU = dict(zip(DIR_NAMES, ("С", "СВ", "В", "ЮВ", "Ю", "ЮЗ", "З", "СЗ"), strict=True))
TOWARD_RU = dict(zip(DIR_NAMES, TOWARD[0], strict=True))
EVENT_RU = {
    "knights.roles": "роли", "knights.edges": "края поля", "knights.limits": "Пределы",
    "knights.deploy": "выход на поле",
    "knights.lady": "Леди", "knights.lady_drop": "Леди опущена", "knights.reveal": "вскрытие приказов",
    "knights.queue": "очередь", "knights.move": "движение", "knights.ram": "таран",
    "knights.take_the_blow": "«Принять удар за товарища!»", "knights.action_end": "конец действия",
    "knights.checks": "проверки Клятв", "knights.oath": "Клятва", "knights.end_of_turn": "конец хода",
    "knights.end": "конец игры",
}


def _first(table: dict[str, tuple[str, str]]) -> Callable[[str], str | None]:
    return lambda key: table[key][0] if key in table else None


def _pose(text: str) -> str:
    """ "(3,4,NE)" -> "(3,4,СВ)"; with a fraction "(3,4.5,NE)" -> "(3; 4,5; СВ)": the Russian decimal comma, so the
    coordinates apart by semicolons."""
    def said(m: re.Match[str]) -> str:
        x, y, f = m.group(1), m.group(2), COMPASS_RU[m.group(3)]
        return f"({decimal(x, 'ru')}; {decimal(y, 'ru')}; {f})" if "." in x + y else f"({x},{y},{f})"

    return re.sub(r"\((-?[\d.]+),(-?[\d.]+),(NE|NW|SE|SW|N|E|S|W)\)", said, text)


def _dest(text: str) -> str | None:
    """Where a segment of movement ends."""
    m = re.fullmatch(r"stops at (\S+) touching (.+) \(½ F²\)", text)
    if m:
        return f"останавливается в {_pose(m.group(1))}, касаясь: {m.group(2)} (½ кв. Ф)"
    m = re.fullmatch(r"the Outflank \(½ F² outside, (§[\d.]+)\)", text)
    if m:
        return f"Аутфланк (½ кв. Ф за краем, {m.group(1)})"
    return _pose(text) if re.fullmatch(r"\([-\d.]+,[-\d.]+,[NESW]{1,2}\)|\?", text) else None


def _seg(text: str) -> str | None:
    """ "3 F E Δ(3, 0): (1,2,E) → (4,2,E)" in Russian."""
    m = re.fullmatch(r"([\d.]+) F (NE|NW|SE|SW|N|E|S|W) Δ(\([^)]*\)): (\S+) → (.+)", text)
    if m is None:
        return None
    dest = _dest(m.group(5))
    if dest is None:
        return None
    return f"{decimal(m.group(1), 'ru')}Ф {COMPASS_RU[m.group(2)]} Δ{m.group(3)}: {_pose(m.group(4))} → {dest}"


def _mods(text: str) -> str | None:
    """The modifiers and halving of a ram's impetus or resistance: "; +1 en garde (front) (§4.3 Ан гард!)"…"""
    out, rest = "", text
    while rest:
        m = re.match(r"; ([+-]\d+) (.+?) \((§[^)]*)\)( declined)?(?=;|$)", rest)
        if m:
            reason = _reason(m.group(2))
            if reason is None:
                return None
            out += f"; {m.group(1)} {reason} ({m.group(3)})" + (" — отказ" if m.group(4) else "")
            rest = rest[m.end():]
            continue
        m = re.match(r"; (\d+)/2 rounded up \((.+)\)$", rest)
        if m:
            why = m.group(2).replace("target's Rear nearest the attacker's Front", "к Фронту атакующего ближе Тыл "
                                     "цели").replace(" (taking the blow)", " (принял удар за товарища)")
            if re.search(r"[A-Za-z]{3}", why):
                return None
            out += f"; {m.group(1)}/2 с округлением вверх ({why})"
            rest = rest[m.end():]
            continue
        return None
    return out


def _reason(text: str) -> str | None:
    m = re.fullmatch(r"en garde \((front|flank|rear)\)", text)
    if m:
        return f"«Ан гард!» ({PART[m.group(1)][0]})"
    m = re.fullmatch(r"(.+) in (water|forest|rock) Limits \((attacker|target)'s domain\)", text)
    if m:
        whose = "домен атакующего" if m.group(3) == "attacker" else "домен цели"
        return f"{m.group(1)} {IN_LIMITS[m.group(2)][0]} ({whose})"
    if text == "target's Front nearest":
        return "к атакующему ближе Фронт цели"
    return None


def _end(reason: str) -> str | None:
    if reason == "done":
        return "исполнено"
    return ACTION_END[reason][0] if reason in ACTION_END else None


def _picker(text: str) -> str | None:
    if text == "forced":
        return "вынужденно"
    m = re.fullmatch(r"(.+)'s pick", text)
    return f"выбор: {m.group(1)}" if m else None


def _destroyed(text: str) -> str | None:
    if not text:
        return ""
    m = re.fullmatch(r", (steed|armor|weapon) destroyed(, falls)?", text)
    if m is None:
        return None
    return f", {DESTROYED[m.group(1)][0]}" + (", Рыцарь падает" if m.group(2) else "")


def _extra(text: str) -> str | None:
    """What an order adds after its action: a side, or the pose of a return."""
    if not text:
        return ""
    m = re.fullmatch(r" (left|right)", text)
    if m:
        return " " + SIDE[m.group(1)][0]
    m = re.fullmatch(r" at (\S+)", text)
    return f" в {_pose(m.group(1))}" if m else None


def _domains(text: str) -> str | None:
    said = [DOMAIN.get(d.strip(), (None,))[0] for d in text.split(",")]
    return ", ".join(s for s in said if s) if all(said) else None


def _bravery(text: str) -> str | None:
    return {"broke": "разбил врага", "was broken": "был разбит", "struck": "поразил врага",
            "was struck": "был поражен", "equal": "равенство"}.get(text)


def _state(text: str) -> str | None:
    return {"broken": "разбит", "struck": "поражен"}.get(text)


def _kind(text: str) -> str | None:
    return {"concede": "признаю поражение", "pass": "пропуск"}.get(text)


def _result(text: str) -> str | None:
    return {"done": "исполнено", "clear": "свободно", "blocked": "заблокировано", "contact": "касание",
            "outflank": "Аутфланк", "cancelled": "отменено"}.get(text)


WHY = [
    ("{k}: {action} step {n}, initiative {i}, speed {s}, mass {m}",
     "{k}: {action:action}, шаг {n}, Инициатива {i}, скорость {s}, масса {m}"),
    ("{k}'s {action} ends ({reason})", "{k}: {action:action} — конец ({reason:end})"),
    ("drop_speed: accel {a} → {b}", "«Сбросить скорость»: ускорение {a} → {b}"),
    ("accel {a} → {b}", "ускорение {a} → {b}"),
    ("full tie: 1d2 = {d} ({role} first)", "полное равенство: 1d2 = {d} (первым — {role:role})"),
    ("turn 45° {side}: {result}", "поворот на 45° {side:side}: {result:result}"),
    ("note the Front {dir}; turn 90° {side}: {result}",
     "Фронт был {dir:compass}; поворот на 90° {side:side}: {result:result}"),
    ("move speed {s:#} F toward {dir}: {seg}", "движение на скорость {s}Ф {dir:toward}: {seg:seg}"),
    ("{seg}", "{seg:seg}"),
    ("the declared pose {p} is no longer legal", "заявленная позиция {p:pose} больше не допустима"),
    ("no legal place: {k} stays in the Outflank (K12)", "допустимого места нет: {k} остается в Аутфланке (K12)"),
    ("{k} returns at {p}, accel 1", "{k}: возвращение в бой в {p:pose}, ускорение 1"),
    ("{k} sets the Lady down on cell {c}", "{k}: Леди опущена на клетку {c}"),
    ("Conquest: {k} ends in {domains} Limits, not its own {d}: {h}",
     "Покорение: {k} заканчивает ход в чужих Пределах ({domains:domains}), не в своих ({d:domain}): {h}"),
    ("Bloodshed: {k} equal in ram {n}: {h}", "Кровопролитие: {k}, таран {n}, равенство: {h}"),
    ("Bloodshed: {k} broke an enemy in ram {n}: {h}", "Кровопролитие: {k}, таран {n}, враг разбит: {h}"),
    ("Bloodshed: {k} struck an enemy in ram {n}: {h}", "Кровопролитие: {k}, таран {n}, враг поражен: {h}"),
    ("Leadership: {k} leads {names}: {h}", "Лидерство: {k} ведет за собой: {names}: {h}"),
    ("+{n} touches an enemy", "+{n} касается врага"),
    ("+{n} struck an enemy this turn", "+{n} поразил врага в этом ходу"),
    ("+{n} broke an enemy this turn", "+{n} разбил врага в этом ходу"),
    ("+{n} one follower touches an enemy", "+{n} один из ведомых касается врага"),
    ("+{n} both followers touch enemies", "+{n} оба ведомых касаются врагов"),
    ("+{n} kidnapper {k} has damage {d} ≥ 1", "+{n} у Похитителя ({k}) урон {d} ≥ 1"),
    ("+{n} kidnapper {k} has damage {d}", "+{n} у Похитителя ({k}) урон {d}"),
    ("+{n} opponent's mass {a} > own {b}", "+{n} масса противника {a} > своей {b}"),
    ("+{n} not in own {d} Limits at the collision", "+{n} при столкновении не в своих Пределах ({d:domain})"),
    ("= {h}", "= {h}"),
    ("Loyalty: {a}×{b} functions + {c}×{d} modules + {e}×{f} enemy functions + {g} last module = {h}",
     "Верность: {a}×{b} Функций + {c}×{d} модулей + {e}×{f} Функций врага + {g} за последний модуль = {h}"),
    ("void: {oath} already fulfilled (K43)", "не в счет: Клятва ({oath:oath_short}) уже исполнена (K43)"),
    ("declined by {p} (§6)", "отказ игрока {p} (§6)"),
    ("acted: nobody", "действовали: никто"),
    ("acted: {names}", "действовали: {names}"),
    ("{lance} ({p}): honor {n}", "{lance} ({p}): Честь {n}"),
    ("{lance}: honor {n}", "{lance}: Честь {n}"),
    ("Love: the kidnapper {k} has fallen: +{b}", "Любовь: Похититель ({k}) пал: +{b}"),
    ("Love: {k} carries her Lady into the Outflank: {b}", "Любовь: {k} уносит свою Леди в Аутфланк: {b}"),
    ("{p} concedes: {w} wins (K54)", "{p} признает поражение: побеждает {w} (K54)"),
    ("more honor wins; a tie goes to the Responder ({r}): {w} wins",
     "побеждает тот, у кого больше Чести; при равенстве — Отвечающий ({r}): побеждает {w}"),
    ("step 1: {k} {a} → {b}, touching {ally} with its Front or Flank (forced)",
     "шаг 1: {k} {a:pose} → {b:pose}, касание Фронтом или Флангом: {ally} (вынужденно)"),
    ("step 1: {k} {a} → {b}, touching {ally} with its Front or Flank",
     "шаг 1: {k} {a:pose} → {b:pose}, касание Фронтом или Флангом: {ally}"),
    ("step 2: no direction moves {ally} 2 F clear of everyone: the rescue fails (K46)",
     "шаг 2: нет направления, в котором {ally} отходит на 2Ф от всех: спасение не удалось (K46)"),
    ("step 2: {ally} moves 2 F {dir} (forced)", "шаг 2: {ally} отходит на 2Ф {dir:toward} (вынужденно)"),
    ("step 2: {ally} moves 2 F {dir}", "шаг 2: {ally} отходит на 2Ф {dir:toward}"),
    ("step 3: {k} → {p}; the ram is against {t}, Rear forced",
     "шаг 3: {k} → {p:pose}; цель тарана — {t}, Тыл — вынужденно"),
    ("{label:w} = mass {m:#} × speed {s} = {base:#}{mods} → {v:#}",
     "{label:ir} = масса {m} × скорость {s} = {base}{mods:mods} → {v}"),
    ("{a} rams {t}: target's part nearest the attacker's Front {tp}, attacker's part nearest the target's Front {ap}; "
     "contact {ac} → {tc}",
     "таран: {a} → {t}: у цели к Фронту атакующего ближе — {tp:part}, у атакующего к Фронту цели — {ap:part}; "
     "касание: {ac:part} → {tc:part}"),
    ("Bravery ({k}): {mine} {n:#}", "Храбрость ({k}): {mine:bravery} {n}"),
    ("{k} moves {d:#} F {dir}: {result}", "{k}: сдвиг на {d}Ф {dir:toward}: {result:result}"),
    ("{k} sidesteps 1 F {side}, then 2 F forward", "{k}: шаг в сторону на 1Ф {side:side}, затем на 2Ф вперед"),
    ("{k} cannot turn either way: no rotation (K29)", "{k}: повернуть нельзя ни в одну сторону — поворота нет (K29)"),
    ("{k} turns 45° {side} (forced)", "{k}: поворот на 45° {side:side} (вынужденно)"),
    ("{k} turns 45° {side}", "{k}: поворот на 45° {side:side}"),
    ("{k} accel {a} → {b}", "{k}: ускорение {a} → {b}"),
    ("{k} loses {function:w} ({who}); mass {m:#}{destroyed}",
     "{k}: потеряна Функция {function:function} ({who:picker}); масса {m}{destroyed:destroyed}"),
    ("her Lady is set down on cell {c}", "ее Леди опущена на клетку {c}"),
    ("Mercy: {a} spares {t}, {kind}: {h}", "Милосердие: {a} щадит Рыцаря {t} ({kind:state}): {h}"),
    ("{a} spares {t}: no damage (§6.2 Милосердие)", "{a} щадит Рыцаря {t}: урона нет (§6.2 Милосердие)"),
    ("lot 1d2 = {d}: {p} is the Challenger (1 = the first lance's player)",
     "жребий 1d2 = {d}: {p} — Вызывающий (1 — игрок первого Лэнса)"),
    ("agreed: {p} is the Challenger", "по договоренности: {p} — Вызывающий"),
    ("lot 1d2 = {d}: {p} owns the left edge (1 = the first lance's player)",
     "жребий 1d2 = {d}: левый край — у игрока {p} (1 — игрок первого Лэнса)"),
    ("agreed: {p} owns the left edge", "по договоренности: левый край — у игрока {p}"),
    ("{k} ({d}) places {n} Limit(s): {cells}", "{k} ({d:domain}): выставлено Пределов: {n}: {cells}"),
    ("{k} ({d}, oath {o}) deploys at {p}: mass {m}, accel {a}, speed {s} (+1 own domain)",
     "{k} ({d:domain}, {o:oath}) выходит на поле в {p:pose}: масса {m}, ускорение {a}, скорость {s} "
     "(+1 свой домен)"),
    ("{k} ({d}, oath {o}) deploys at {p}: mass {m}, accel {a}, speed {s}",
     "{k} ({d:domain}, {o:oath}) выходит на поле в {p:pose}: масса {m}, ускорение {a}, скорость {s}"),
    ("{c} carries {her}'s Lady and becomes the Kidnapper",
     "{c} уносит Леди Рыцаря {her} и становится Похитителем"),
    ("{her}'s Lady is placed on cell {c}", "Леди Рыцаря {her} — на клетке {c}"),
    ("{k}: mass {m}, damage {d}, accel {a}, speed {s}", "{k}: масса {m}, урон {d}, ускорение {a}, скорость {s}"),
    ("no common oath or Leadership met", "ни общей Клятвы, ни Лидерства не исполнено"),
    ("GM ruling closes turn {n}", "решение ГМ закрывает ход {n}"),
    ("{p}: {k} — {action:w}{extra}", "{p}: {k} — {action:action}{extra:extra}"),
    ("{p}: {kind}", "{p}: {kind:kind}"),
    ("{sign} → {outcome}", "{sign} → {outcome:outcome}"),
]

PROBLEMS: list[tuple[str, str]] = [
    ("name the knight ({names}): more than one can act (§1.4)",
     "назовите Рыцаря ({names}): действовать может не один (§1.4)"),
    ("no action found: write one of «Полный вперёд!», «Плавный поворот», «Резкий разворот», «Сбросить скорость», "
     "«Вернуться в бой!» (§4.1, §1.1)",
     "действие не найдено: напишите одно из «Полный вперёд!», «Плавный поворот», «Резкий разворот», "
     "«Сбросить скорость», «Вернуться в бой!» (§4.1, §1.1)"),
    ("one action per turn (§1.3), found {actions}", "одно действие за ход (§1.3), а найдено: {actions:actions}"),
    ("{action:w}: say «влево» or «вправо» (left or right), chosen at planning (§4.1)",
     "{action:action}: напишите «влево» или «вправо» — сторону выбирают при планировании (§4.1)"),
    ("«Вернуться в бой!» needs a place and a facing, e.g. (1, 12) на восток (§1.1)",
     "для «Вернуться в бой!» нужны место и направление, например (1, 12) на восток (§1.1)"),
    ("turn {t:#}: choice {name} of GM at seq {n:#} ({v}) answers nothing the rules asked: where it was due the only "
     "legal option was applied (C1), or no such choice arose",
     "ход {t}: выбор {name} от ГМ под seq {n} ({v}) не отвечает ни на что, о чем спрашивали правила: где он был "
     "нужен, применен единственный допустимый вариант (C1), или такого выбора не возникало"),
    ("turn {t:#}: choice {name} of {p} at seq {n:#} ({v}) answers nothing the rules asked: where it was due the only "
     "legal option was applied (C1), or no such choice arose",
     "ход {t}: выбор {name} от {p} под seq {n} ({v}) не отвечает ни на что, о чем спрашивали правила: где он был "
     "нужен, применен единственный допустимый вариант (C1), или такого выбора не возникало"),
    ("turn {n}: {p}'s order is illegal: {rest}", "ход {n}: приказ игрока {p} недопустим: {rest:@}"),
    ("turn {n:#}: {p}'s {kind:w} order is illegal: {rest}",
     "ход {n}: приказ игрока {p} ({kind:orderkind}) недопустим: {rest:@}"),
    ("order from {p}, who commands no lance ({players})", "приказ от {p}, а он не командует Лэнсом ({players})"),
    ("unknown choice {name} (known: {known})", "неизвестный выбор {name} (известны: {known})"),
    ("choice {name}: {v} is not one of {allowed}", "выбор {name}: {v} — не из {allowed}"),
    ("order: {field}: {msg}", "приказ: {field}: {msg:pydantic}"),
    ("§1.3: the battle is over", "§1.3: бой окончен"),
    ("§1.4: the only roll of a turn is the initiative tie 1d2, not {p}",
     "§1.4: единственный бросок хода — жребий 1d2 при равенстве в очереди, а не {p}"),
    ("§1.4: the tie roll is 1d2, not {t}", "§1.4: жребий при равенстве — 1d2, а не {t}"),
    ("§1.3: a player with a knight able to act must declare an action (K23): {legal}",
     "§1.3: игрок, у которого есть Рыцарь, способный действовать, обязан заявить действие (K23): {legal:legal}"),
    ("§1.2: the two lances need two different players", "§1.2: у двух Лэнсов должны быть два разных игрока"),
    ("knight ids repeat: {ids}", "id Рыцарей повторяются: {ids}"),
    ("§3.2 Стартовые Лэнсы: oaths repeat within lance {lance}: {oaths}",
     "§3.2 Стартовые Лэнсы: в Лэнсе {lance} клятвы повторяются: {oaths:oaths}"),
    ("§3.1: challenger {p} is not a player ({players})", "§3.1: Вызывающий {p} — не игрок ({players})"),
    ("§3.3: edges must give each player one of left and right",
     "§3.3: edges должны дать каждому игроку один из краев: left (левый) или right (правый)"),
    ("§1.2: {k} is not a knight of {p}'s lance ({mine})", "§1.2: {k} — не Рыцарь из Лэнса игрока {p} ({mine})"),
    ("§3.3: {k} is not a knight of {p}'s lance ({mine})", "§3.3: {k} — не Рыцарь из Лэнса игрока {p} ({mine})"),
    ("§2.2: {k} has fallen and cannot act", "§2.2: {k} пал(а) и действовать не может"),
    ("§1.1: {k} is in the Outflank: only «Вернуться в бой!» (return_to_battle) is allowed",
     "§1.1: {k} — в Аутфланке: можно только «Вернуться в бой!» (return_to_battle)"),
    ("§1.1: «Вернуться в бой!» is only for knights in the Outflank; {k} is on the field",
     "§1.1: «Вернуться в бой!» — только для Рыцарей в Аутфланке, а {k} на поле"),
    ("§1.4: {k} acted last turn; another knight of the lance can act (K22)",
     "§1.4: {k} действовал(а) в прошлом ходу, а другой Рыцарь Лэнса может действовать (K22)"),
    ("§2.3: {k}'s {act:w} is damaged: the action cannot be declared",
     "§2.3: {k}: Функция {act:action} повреждена — действие нельзя заявить"),
    ("§4.1: {act:w} is not allowed at accel 0 ({k}) (K21)",
     "§4.1: {act:action} нельзя при ускорении 0 ({k}) (K21)"),
    ("§4.1: {act:w} needs turn_dir left or right, chosen at planning",
     "§4.1: для {act:action} нужен turn_dir left или right (влево или вправо), выбранный при планировании"),
    ("§4.1: one turn_dir for the whole action (K19)", "§4.1: один turn_dir на все действие (K19)"),
    ("§1.1: return_to_battle needs return_pose {{x, y, f}}",
     "§1.1: для return_to_battle нужна return_pose {{x, y, f}}"),
    ("§6.2 Любовь: {c} is not one of {p}'s knights", "§6.2 Любовь: {c} — не из Рыцарей игрока {p}"),
    ("§6.2 Любовь: {c} carries no Lady", "§6.2 Любовь: {c} не несет Леди"),
    ("§6.2 Любовь: {c} is not on the field (K39)", "§6.2 Любовь: {c} — не на поле (K39)"),
    ("§6.2 Любовь: {c} is not on the field", "§6.2 Любовь: {c} — не на поле"),
    ("§6.2 Любовь: lady_drop timing is \"before_execution\" or {{\"after_step\": k}} (K38)",
     "§6.2 Любовь: lady_drop — \"before_execution\" (до исполнения) или {{\"after_step\": k}} (после шага k) (K38)"),
    ("§1.1: the return pose needs integer x and y (K12)", "§1.1: у места возвращения x и y целые (K12)"),
    ("§1.1: return pose {p} is not fully inside the field (K12)",
     "§1.1: место возвращения {p:pose} не целиком на поле (K12)"),
    ("§1.1: return pose {p} is {e:#} F from the nearest edge, more than 2 F",
     "§1.1: место возвращения {p:pose} в {e}Ф от ближайшего края, дальше 2Ф"),
    ("§1.1: return pose {p} is {g:#} F from {k}, closer than 1 F",
     "§1.1: место возвращения {p:pose} в {g}Ф от Рыцаря {k}, ближе 1Ф"),
    ("§3.3: the setup is complete; nothing more is placed in turn 0",
     "§3.3: подготовка окончена; в ходе 0 больше ничего не ставится"),
    ("§3: the next setup input is {what}, not a {p} roll", "§3: следующий ввод подготовки — {what}, а не бросок {p}"),
    ("§3: a lot is 1d2, not {t}", "§3: жребий — 1d2, а не {t}"),
    ("§3: turn 0 takes setup orders and lots, not {t}",
     "§3: в ходе 0 принимаются приказы подготовки и жребии, а не {t}"),
    ("§3: a setup order has kind limits, deploy, lady or concede, not {k}",
     "§3: приказ подготовки — limits, deploy, lady или concede, а не {k}"),
    ("§3: first {what}", "§3: сначала {what}"),
    ("§3.3: players alternate, Challenger first: next is {p}: {what}",
     "§3.3: игроки ходят по очереди, первым Вызывающий: сейчас {p}: {what}"),
    ("§3.3: the Limits of {k} are already placed", "§3.3: Пределы Рыцаря {k} уже выставлены"),
    ("§5 Домены: a {d:w} Domain places {n} Limit(s) at once, not {m} (§3.3)",
     "§5 Домены: {d:domain} Домен ставит сразу Пределов: {n}, а не {m} (§3.3)"),
    ("§5 Домены: limit {i} must be [x0, y0, x1, y1] with integer corners (K14)",
     "§5 Домены: Предел {i} — [x0, y0, x1, y1] с целыми углами (K14)"),
    ("§5 Домены: limit {i} {r} needs x0 < x1 and y0 < y1",
     "§5 Домены: у Предела {i} {r} должно быть x0 < x1 и y0 < y1"),
    ("§5 Домены: a {d:w} limit is {a}×{b}, not {w}×{h} (limit {i})",
     "§5 Домены: {d:domain} Предел — {a}×{b}, а не {w}×{h} (Предел {i})"),
    ("§5 Домены: limit {i} {r} goes beyond the field's edge (K14)",
     "§5 Домены: Предел {i} {r} выходит за край поля (K14)"),
    ("§5 Домены: {d:w} limit {i} {r} overlaps the {foe:w} limit {lid} {lr}: water and rock may not intersect",
     "§5 Домены: {d:domain} Предел {i} {r} налегает на {foe:domain} Предел {lid} {lr}: Водные и Скальные не "
     "пересекаются"),
    ("§5 Домены: water limit {i} {r} touches neither another water limit nor the field's edge (K14)",
     "§5 Домены: Водный Предел {i} {r} не касается ни другого Водного Предела, ни края поля (K14)"),
    ("§3.3: {k}'s pose must have integer x and y (K1)", "§3.3: у позиции Рыцаря {k} x и y целые (K1)"),
    ("§3.3: {k} at {p} is not fully inside the field (K17)", "§3.3: {k} в {p:pose} — не целиком на поле (K17)"),
    ("§3.3: {k} at {p} is {n:#} F from the left edge, more than 2 F (K17)",
     "§3.3: {k} в {p:pose} — в {n}Ф от левого края, дальше 2Ф (K17)"),
    ("§3.3: {k} at {p} is {n:#} F from the right edge, more than 2 F (K17)",
     "§3.3: {k} в {p:pose} — в {n}Ф от правого края, дальше 2Ф (K17)"),
    ("§1.2: {k} at {p} would overlap {o} (C5: touching is fine)",
     "§1.2: {k} в {p:pose} налег(ла) бы на Рыцаря {o} (C5: касаться можно)"),
    ("§3.3: {k} is already deployed", "§3.3: {k} уже на поле"),
    ("§3.3: a deployment needs \"pose\": {{\"x\": int, \"y\": int, \"f\": 0..7}}: {problem}",
     "§3.3: для выхода на поле нужна \"pose\": {{\"x\": целое, \"y\": целое, \"f\": 0..7}}: {problem}"),
    ("§6.2 Любовь: no Lady {lid} (ladies: {ids})", "§6.2 Любовь: нет Леди {lid} (Леди: {ids})"),
    ("§6.2 Любовь: {her}'s Lady is placed by the opponent, not by {p}",
     "§6.2 Любовь: Леди Рыцаря {her} ставит противник, а не {p}"),
    ("§6.2 Любовь: {lid} is already placed", "§6.2 Любовь: {lid} уже поставлена"),
    ("§6.2 Любовь: give either \"cell\": [i, j] or \"carrier\": knight id",
     "§6.2 Любовь: укажите либо \"cell\": [i, j], либо \"carrier\": id Рыцаря"),
    ("§6.2 Любовь: cell {c} must be [i, j] with 0 ≤ i, j ≤ 23 (K36)",
     "§6.2 Любовь: клетка {c} — [i, j], где 0 ≤ i, j ≤ 23 (K36)"),
    ("§6.2 Любовь: the carrier {c} must be one of {p}'s knights",
     "§6.2 Любовь: носитель {c} должен быть Рыцарем игрока {p}"),
    # what a request waits for (`battlelog status`, a provisional post's "Ждём:"): the choice, then its key
    ("{name} for {key}", "{name:ask}: {key:askkey}"),
    ("{name}", "{name:ask}"),
    ("place the Limits of one knight (§3.3)", "выставить Пределы одного Рыцаря (§3.3)"),
    ("deploy one knight within {n:#} F of the own edge (§3.3)",
     "выставить одного Рыцаря не дальше {n}Ф от своего края (§3.3)"),
]
ASK_RU = {"damage": "какую функцию повредить", "lady cell": "клетка Леди", "oath": "клятва",
          "push direction": "направление толчка", "return pose": "положение при возвращении в бой",
          "rotate": "поворот", "sidestep": "шаг в сторону", "spare": "пощадить или добить",
          "take the blow": "принять ли удар", "take the blow direction": "направление, в котором принять удар",
          "target": "цель"}
"""The knights' choices (`ask` names, spaced) as a request names them."""


def _ask_key(text: str) -> str | None:
    """ "Dame Quarry (b1)", "knight k2, lady l1": what a request is keyed by; a bare key name in Russian."""
    return re.sub(r"\b(knight|lady)\b", lambda m: {"knight": "Рыцарь", "lady": "Леди"}[m.group(1)], text)


def _actions(text: str) -> str | None:
    said = [ACTION.get(a.strip(), (None,))[0] for a in text.split(",")]
    return ", ".join(s for s in said if s) if all(said) else None


def _legal(text: str) -> str | None:
    """ "Sir Aster: full_ahead, drop_speed, Sir Moss: …" with the actions in Russian."""
    return re.sub(r"\b(full_ahead|smooth_turn|sharp_turn|drop_speed|return_to_battle)\b",
                  lambda m: ACTION[m.group(1)][0], text)


ORDER_KIND_RU = {"limits": "Пределы", "deploy": "выход на поле", "lady": "Леди"}
"""The kinds of a turn-0 order (check.CHECKS) in Russian."""


FIELD_RU = {
    "impetus.value": "Натиск", "resistance.value": "Сопротивление", "impetus": "Натиск", "resistance": "Сопротивление",
    "pose.x": "положение по x", "pose.y": "положение по y", "pose.f": "направление", "pose": "положение",
    "accel": "Разгон", "speed": "Скорость", "mass": "Масса", "damage": "Урон", "damaged": "повреждён",
    "functions_lost": "потерянные Функции", "modules_destroyed": "уничтоженные модули", "outcome": "исход",
    "honour": "Честь", "initiative": "Инициатива", "result": "результат", "winner": "победитель",
}
"""Payload fields in words, for an audit's differences (issue 11)."""


def _oaths(text: str) -> str | None:
    """"honour, faith, honour": the oaths of a lance, each in Russian."""
    said = [_first(OATH)(o) for o in text.split(", ")]
    return None if None in said else ", ".join(str(o) for o in said)


@cache
def catalogue_ru() -> Catalogue:
    """The knights' catalogue in Russian."""
    words = {
        "action": _first({**ACTION, **FUNCTION}), "function": _first(FUNCTION), "end": _end,
        "role": {"Challenger": ROLE["challenger"][0], "Responder": ROLE["responder"][0]},
        "side": _first(SIDE), "result": _result, "compass": COMPASS_RU, "toward": TOWARD_RU, "seg": _seg,
        "pose": _pose, "domains": _domains, "domain": _first(DOMAIN), "oath": _first(OATH),
        "oath_short": _first(OATH_SHORT), "oaths": _oaths, "part": _first(PART), "mods": _mods, "bravery": _bravery,
        "picker": _picker, "destroyed": _destroyed, "state": _state, "extra": _extra, "kind": _kind,
        "outcome": _first(OUTCOME), "ir": {"I": "I", "R": "R"},
        "event": EVENT_RU, "purpose": _first(ROLL_PURPOSE), "actions": _actions, "legal": _legal,
        "ask": ASK_RU, "askkey": _ask_key, "orderkind": ORDER_KIND_RU, "field": FIELD_RU,
        "pydantic": lambda m: pydantic_ru(m) or f"англ.: {m}",
    }
    return Catalogue(WHY + PROBLEMS, words)
