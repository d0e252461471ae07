"""The warband's English lines in Russian: its arithmetic (`why`), its problems (check, parse), its event types'
names and roll purposes, as a catalogue of parallel sentences (replay.render.i18n) over the words of `words.py` and
the data files' Russian names.

Warriors', sides', guns' and terrain pieces' ids are user text: the Russian keeps them as written, where no case
ending is needed ("a1 → b2", "сторона B")."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from replay.render.i18n import Catalogue, decimal
from replay.rulesets.warband import data, words

EVENT_RU = {
    "warband.weather": "погода", "warband.day_night": "день и ночь", "warband.deployed": "расстановка",
    "warband.draft_order": "порядок драфта", "warband.draft_pick": "выбор в драфте",
    "warband.equipped": "снаряжение", "warband.draft_ended": "конец драфта", "warband.turn_order": "порядок ходов",
    "warband.stage_started": "начало стадии", "warband.move_rolled": "бросок движения",
    "warband.moved": "движение", "warband.stayed": "стоит на месте", "warband.jump": "прыжок",
    "warband.fell": "падение", "warband.dismounted": "спешивание", "warband.remounted": "посадка на скакуна",
    "warband.mount_ran": "скакун бежит", "warband.mount_stop": "остановка скакуна", "warband.untied": "отвязан",
    "warband.weapon_swapped": "смена оружия", "warband.talk": "разговор", "warband.shot": "выстрел",
    "warband.cast": "заклинание", "warband.gun_hit": "попадание орудия", "warband.gun_rotated": "поворот орудия",
    "warband.gun_fired": "выстрел орудия", "warband.gun_moved": "перемещение орудия",
    "warband.gun_captured": "захват орудия", "warband.sabotage_declared": "заявка порчи орудия",
    "warband.sabotage": "порча орудия", "warband.gun_shot": "выстрел по орудию", "warband.inspected": "осмотр",
    "warband.charge": "атака с разбега", "warband.pivot": "разворот", "warband.participants": "участники боя",
    "warband.initiative": "инициатива", "warband.dedicated": "распределение атак", "warband.attacks": "атаки",
    "warband.wound": "рана", "warband.fight_resolved": "итог боя", "warband.fight_cancelled": "бой отменен",
    "warband.durability": "износ снаряжения", "warband.engagement_ended": "конец сцепки",
    "warband.turn_ended": "конец хода", "warband.game_ended": "конец игры",
}
PURPOSE_RU = {
    "turn_order": "на порядок ходов", "draft_order": "на порядок драфта", "move_roll": "на движение",
    "to_wound": "на ранение", "save_cover": "спас-бросок за укрытие", "save_armour": "спас-бросок за доспехи",
    "save_invulnerable": "непробиваемый спас-бросок",
    "save_invulnerable_reroll": "переброс непробиваемого спас-броска", "save_burst": "спас-бросок от разрыва",
    "charge_roll": "на атаку с разбега", "initiative": "на инициативу", "disengage": "на выход из боя",
    "engaged_rolloff": "кому достается выстрел в сцепку", "gun_burst": "на разрыв орудия", "cast": "на заклинание",
    "miscast": "на провал заклинания", "runaway": "на бег скакуна", "diag_fb": "диагональ: вперед–назад",
    "diag_lr": "диагональ: влево–вправо", "stop_mount": "на остановку скакуна",
}
EDGE_RU = {"N": "С", "S": "Ю", "E": "В", "W": "З"}
COMPASS_RU = {"N": "С", "S": "Ю", "E": "В", "W": "З", "NE": "СВ", "NW": "СЗ", "SE": "ЮВ", "SW": "ЮЗ"}
DIRECTION_RU = {"away": "от своего края", "toward": "к своему краю", "right": "вправо", "left": "влево",
                "diagonal": "по диагонали", "stay": "на месте"}
STAGE_OF = {"deployment": "расстановка", "movement": "стадия движения", "ranged": "дальняя стадия",
            "melee": "стадия ближнего боя"}
DAY_RU = {"day": "день", "night": "ночь"}
DAY_ADJ = {"day": "дневной", "night": "ночной"}
SAVE_KIND = {"cover": "укрытие", "armour": "доспехи", "invulnerable": "непробиваемый", "burst": "разрыв"}
MOD_EN = {"sight": "обзор", "mdd": "МДД", "initiative": "инициатива", "attack_strength": "сила атаки",
          "attacks": "атаки", "save_points": "очки спас-броска", "invulnerable_save": "непробиваемый спас-бросок"}
STOP_RU = {"the warrior takes a wound": "воин получает рану",
           "the warrior loses 1 initiative and 1 attack strength": "воин теряет 1 инициативы и 1 силы атаки",
           "the warrior loses 1 initiative": "воин теряет 1 инициативы",
           "the mount stops at the end of its run": "скакун останавливается в конце своего бега",
           "the mount stops by the warrior": "скакун останавливается у воина",
           "the mount stops and the warrior is on it": "скакун остановлен, воин на нем"}
MISCAST_RU = {"no casting this turn and the next": "не колдовать в этот ход и в следующий",
              "no casting this turn and the next two": "не колдовать в этот ход и в два следующих",
              "this spell banned this turn and the next": "это заклинание запрещено в этот ход и в следующий",
              "this spell banned for the game": "это заклинание запрещено до конца игры",
              "only this spell for the rest of the game": "до конца игры только это заклинание",
              "a wound that ignores the armour save": "рана, от которой доспехи не спасают"}
ACT_RU = {"jump": "прыжок", "rotation": "поворот", "move": "движение", "capture": "захват орудия",
          "sabotage": "порча орудия", "cast": "заклинание", "disengagement": "выход из боя",
          "weapon swap": "смена оружия", "untying": "отвязывание скакуна", "deployment": "расстановка",
          "talk": "разговор", "dismount": "спешивание", "shot": "выстрел", "inspection": "осмотр"}
"""What an order of one warrior (gun, side) does, as a refusal of it names it: «ход 1: прыжок k1: …»."""
TARGET_RU = {"ally or self": "союзник или сам маг", "ally": "союзник", "enemy": "враг"}
FIGHT_KIND = {"a brawl": "замес", "a fight": "бой", "a duel": "дуэль"}
ID = r"[\w\-]+"
NUM = r"[-+−]?\d+(?:\.\d+)?"


@cache
def _thing(kind: str) -> str | None:
    """A creature, an item, a mount or a spell by its id, in Russian (None: none of them)."""
    for table in (data.creature, data.item, data.mount):
        try:
            said = table(kind).get("name_ru")
        except (KeyError, ValueError):
            continue
        if said:
            return str(said)
    spell = data.load("spells")["spells"].get(kind) if kind else None
    return str(spell["name_ru"]) if isinstance(spell, dict) and spell.get("name_ru") else None


def _things(text: str) -> str | None:
    said = [_thing(t.strip()) for t in text.split(",")]
    return ", ".join(s for s in said if s) if all(said) else None


def _table(table: dict[str, str]) -> Callable[[str], str | None]:
    return table.get


def _ids(text: str) -> str | None:
    """A list of ids ("a1, b2") kept as written."""
    one = r"(?:[A-Z]|[\w\-]*\d[\w\-]*)"  # a side's letter or an id with a number: never an English word
    return text if re.fullmatch(rf"{one}(?:, {one})*", text) else None


def _dists(text: str) -> str | None:
    """"a1–b1 1.23 cm, a1–b2 1.43 cm" with centimetres and decimal commas in Russian ("1,23 см")."""
    if not re.fullmatch(rf"{ID}–{ID} {NUM} cm(?:, {ID}–{ID} {NUM} cm)*", text):
        return None
    return re.sub(rf"({ID}–{ID}) ({NUM}) cm", lambda m: f"{m.group(1)} {decimal(m.group(2), 'ru')} см", text)


def _rolls(text: str) -> str | None:
    """"A 5, B 3" or "a2 5 + 3 = 8, b1 2 + 3 = 5": ids and numbers only."""
    if re.fullmatch(rf"{ID} [\d/]+(?:, {ID} [\d/]+)*", text) or \
            re.fullmatch(rf"{ID} \d+ [+−-] \d+ = -?\d+(?:, {ID} \d+ [+−-] \d+ = -?\d+)*", text):
        return text
    return None


def _alloc(text: str) -> str | None:
    """"1 to B, 1 to C" -> "1 на B, 1 на C"."""
    if not re.fullmatch(rf"\d+ to {ID}(?:, \d+ to {ID})*", text):
        return None
    return text.replace(" to ", " на ")


def _save(text: str) -> str | None:
    """`dice.save_text`: "no save" or "armour 6+: 3 failed, invulnerable 5+: 5, re-rolled 6 saved"."""
    if text == "no save":
        return "спас-броска нет"
    out = []
    for part in re.split(r", (?=[a-z]+ \d\+:)", text):
        m = re.fullmatch(r"([a-z]+) (\d)\+: (\d)(?:, re-rolled (\d))? (saved|failed)", part)
        if m is None or m.group(1) not in SAVE_KIND:
            return None
        again = f", переброшено {m.group(4)}" if m.group(4) else ""
        out.append(f"{SAVE_KIND[m.group(1)]} {m.group(2)}+: {m.group(3)}{again} "
                   + ("спасен" if m.group(5) == "saved" else "провал"))
    return ", ".join(out)


def _save_wound(text: str) -> str | None:
    """A save and what came of it: "armour 6+: 3 failed → wound 1/1, removed"."""
    save, arrow, tail = text.partition(" → ")
    said, after = _save(save.rstrip()), _wound_tail(arrow + tail)
    return None if said is None or after is None else said + after


def _wound_tail(text: str) -> str | None:
    """ " → wound 1/1, removed" / " → 1 wound (1/1), removed" / "" after a save."""
    if text.strip() == "":
        return ""
    m = re.fullmatch(r" → (?:wound (\d+)/(\d+)|(\d+) wound(?: \((\d+)/(\d+)\))?)(, removed)?", text.rstrip())
    if m is None:
        return None
    if m.group(1):
        out = f" → рана {m.group(1)}/{m.group(2)}"
    else:
        out = f" → ран: {m.group(3)}" + (f" ({m.group(4)}/{m.group(5)})" if m.group(4) else "")
    return out + (", выбыл" if m.group(6) else "")


def _mods(text: str) -> str | None:
    """"sight −5 cm, МДД −2 cm" / "mdd -2, initiative -1" / "invulnerable_save +5" in Russian."""
    out = []
    for part in text.split(", "):
        m = re.fullmatch(r"(sight|МДД|mdd|initiative|attack strength|attack_strength|attacks|save points|"
                         r"save_points|invulnerable_save|invulnerable save) ([-+−]?[\d.]+\+?)( cm)?", part)
        if m is None:
            return None
        name = {"МДД": "mdd", "attack strength": "attack_strength", "save points": "save_points",
                "invulnerable save": "invulnerable_save"}.get(m.group(1), m.group(1))
        out.append(f"{MOD_EN[name]} {decimal(m.group(2), 'ru').replace('-', '−')}" + (" см" if m.group(3) else ""))
    return ", ".join(out)


def _weather(label: str) -> str:
    return words.weather(label, "ru")


def _stage(word: str) -> str | None:
    return STAGE_OF.get(word)


def _day(word: str) -> str | None:
    return DAY_RU.get(word)


def _rule(text: str) -> str | None:
    """A rule clause ("§4.4.10, C26"): sections and catalogue ids, said as they are."""
    return text if re.fullmatch(r"[§\w.\- ]+(?:, [§\w.\- ]+)*", text) and "§" in text else None


WHY = [
    # §3 preparation, the draft, deployment
    ("round {n:#}: {rolls}", "круг {n}: {rolls:rolls}"),
    ("draft order: {order}", "порядок драфта: {order}"),
    ("turn order: {order}", "порядок ходов: {order}"),
    ("{side:w} won the roll and takes place {n:#} (C31)", "{side} выиграл бросок и занимает место {n} (C31)"),
    ("pick #{n:#}: {side:w} takes the {kind:w} {w:w}", "выбор №{n}: {side} берет {w} ({kind:thing})"),
    ("pick #{n:#}: {side:w} takes a {kind:w}", "выбор №{n}: {side} берет: {kind:thing}"),
    ("pick #{n:#}: {side:w} takes an {kind:w}", "выбор №{n}: {side} берет: {kind:thing}"),
    ("pick #{n:#}: {side:w} passes and picks no more", "выбор №{n}: {side} пасует и больше не выбирает"),
    ("{w:w} takes {kinds}", "{w} получает: {kinds:things}"),
    ("the draft ends; the pool is empty", "драфт окончен; пул пуст"),
    ("the GM declares the weather: {label} (no mechanical effect, A-20)",
     "ГМ объявляет погоду: {label:weather} (без игрового эффекта, A-20)"),
    ("the GM declares this turn's weather: {label} (no mechanical effect)",
     "ГМ объявляет погоду этого хода: {label:weather} (без игрового эффекта)"),
    ("the GM declares the weather: {label} ({mods} for every warrior until the next weather, A-20)",
     "ГМ объявляет погоду: {label:weather} ({mods:mods} для каждого воина до следующей погоды, A-20)"),
    ("the GM declares this turn's weather: {label} ({mods} for every warrior until the next weather, A-20)",
     "ГМ объявляет погоду этого хода: {label:weather} ({mods:mods} для каждого воина до следующей погоды, A-20)"),
    ("{a:#} day and {b:#} night turns in each 6, {first:w} first",
     "в каждых 6 ходах дневных {a}, ночных {b}; первым идет {first:day}"),
    ("{w:w} at ({x:#}, {y:#}) facing {f:#}°, {d:#} ≤ {lim:#} cm from edge {e:w}",
     "{w} в ({x}, {y}), лицом на {f}°, {d} ≤ {lim} см от края {e:edge}"),
    ("gun {g:w} at ({x:#}, {y:#}) facing {f:#}°", "орудие {g} в ({x}, {y}), жерлом на {f}°"),
    # stages and turns
    ("turn {t:#}, {stage:w} stage of {side:w} ({dn:w})", "ход {t}, {stage:stage} стороны {side} ({dn:day})"),
    ("turn {t:#} ends; turn {u:#} is {dn:w}", "ход {t} окончен; ход {u} — {dn:dayadj}"),
    ("the GM ends the game after turn {t:#}", "ГМ завершает игру после хода {t}"),
    ("sight {s:#} cm ({rest}), dispatchers {d:#}, a close look {c:#} (L120, A-20)",
     "обзор {s} см ({rest:sightwhy}), расчеты орудий {d}, осмотр вблизи {c} (L120, A-20)"),
    ("{a:w} sees {b:w} at {d:#} cm, within its sight of {s:#} cm ({why})",
     "{a} видит {b} на {d} см, в пределах обзора {s} см ({why:sightnote})"),
    # §4.2 movement
    ("{w:w}: MDD {m:#}, d6 {d:#}: {m} − {k:#}×(6 − {d}) = {r:#} cm",
     "{w}: МДД {m}, к6 {d}: {m} − {k}×(6 − {d}) = {r} см"),
    ("{w:w}: MDD {m:#}, d6 6: the whole {m} cm", "{w}: МДД {m}, к6 6: все {m} см"),
    ("{w:w}: path {p:#} ≤ {a:#} cm (MDD), ends at ({x:#}, {y:#}) facing {f:#}°",
     "{w}: путь {p} ≤ {a} см (МДД), конец в ({x}, {y}), лицом на {f}°"),
    ("{w:w}: path {p:#} ≤ {a:#} cm (the roll), ends at ({x:#}, {y:#}) facing {f:#}°",
     "{w}: путь {p} ≤ {a} см (по броску), конец в ({x}, {y}), лицом на {f}°"),
    ("{w:w} stays where it is", "{w} остается на месте"),
    ("{w:w} mounts {m:w} ({kind:w}); its move ends (A-38)",
     "{w} садится на {m} ({kind:thing}); его ход окончен (A-38)"),
    ("{w:w} dismounts, lets loose its {kind:w} at ({x:#}, {y:#}); on foot MDD {m:#}; the mount runs from the next turn",
     "{w} спешивается и отпускает скакуна ({kind:thing}) в ({x}, {y}); пешком МДД {m}; скакун побежит со "
     "следующего хода"),
    ("{w:w} dismounts, ties its {kind:w} at ({x:#}, {y:#}); on foot MDD {m:#} / 4 = {a:#} cm this stage",
     "{w} спешивается и привязывает скакуна ({kind:thing}) в ({x}, {y}); пешком МДД {m} / 4 = {a} см в эту стадию"),
    ("{w:w} swaps its {a:w} for its {b:w} (reach {r:#} cm)", "{w} меняет {a:thing} на {b:thing} (досягаемость {r} см)"),
    ("{a:w} whispers to {b:w}: {d:#} ≤ {r:#} cm, {s:#} s ({u:#} of {t:#} s this stage)",
     "{a} шепчет {b}: {d} ≤ {r} см, {s} с ({u} из {t} с за стадию)"),
    ("{a:w} talks to {b:w}: {d:#} ≤ {r:#} cm, {s:#} s ({u:#} of {t:#} s this stage)",
     "{a} говорит с {b}: {d} ≤ {r} см, {s} с ({u} из {t} с за стадию)"),
    ("{w:w} jumps {d:#} cm (MDD {m:#}, half {h:#})", "{w} прыгает на {d} см (МДД {m}, половина {h})"),
    ("d6 {d:#}: {m:#} − {k:#}×(6 − {d}) = {r:#} cm < {need:#}", "к6 {d}: {m} − {k}×(6 − {d}) = {r} см < {need}"),
    ("d6 {d:#}: {m:#} − {k:#}×(6 − {d}) = {r:#} cm ≥ {need:#}", "к6 {d}: {m} − {k}×(6 − {d}) = {r} см ≥ {need}"),
    ("fails: lands {d:#} cm along, at ({x:#}, {y:#}), z {z:#}; falls {h:#} cm",
     "неудача: приземляется через {d} см, в ({x}, {y}), z {z}; падает с {h} см"),
    ("fall {h:#} cm: level {n:#}; {mods} until the end of turn {t:#}",
     "падение с {h} см: уровень {n}; {mods:mods} до конца хода {t}"),
    ("{w:w}: {mods} until the end of turn {t:#}", "{w}: {mods:mods} до конца хода {t}"),
    # mounts
    ("{m:w}: distance d6 {d:#} → {c:#} cm; direction d6 {e:#}: {dir:w}",
     "{m}: расстояние к6 {d} → {c} см; направление к6 {e}: {dir:direction}"),
    ("wanted {want:w}; forward–back {a:#} → {ns:w}, left–right {b:#} → {ew:w}: {end:w}",
     "желаемое {want:compass}; вперед–назад {a} → {ns:compass}, влево–вправо {b} → {ew:compass}: {end:compass}"),
    ("runs to ({x:#}, {y:#})", "бежит в ({x}, {y})"),
    ("runs to ({x:#}, {y:#}), stopped by {who}", "бежит в ({x}, {y}), его останавливает {who}"),
    ("stays in place", "остается на месте"),
    ("{w:w} runs {d:#} cm to ({x:#}, {y:#}) into {m:w}'s way and may not move again this stage (L82); "
     "d6 {e:#}: {outcome}",
     "{w} пробегает {d} см до ({x}, {y}) наперерез {m} и в эту стадию больше не движется (L82); "
     "к6 {e}: {outcome:stop}"),
    ("{m:w} stands at ({x:#}, {y:#}); anyone may mount it", "{m} стоит в ({x}, {y}); сесть на него может любой"),
    ("{w:w} unties {m:w} ({s:w}'s {kind:w}); it runs from {s}'s next movement segment (turn {t:#}); {w} moves no "
     "more this stage (L82)",
     "{w} отвязывает {m} ({kind:thing} стороны {s}); он побежит со следующего движения стороны {s} (ход {t}); "
     "{w} в эту стадию больше не движется (L82)"),
    ("{w:w} is on {m:w} ({kind:w}) at ({x:#}, {y:#})", "{w} на {m} ({kind:thing}) в ({x}, {y})"),
    ("{m:w} runs on to ({x:#}, {y:#}), still running", "{m} бежит дальше, в ({x}, {y}), и не останавливается"),
    # §4.3 ranged
    ("{a:w} → {b:w}: {d:#} cm of {r:#} ({weapon:w}), > {h:#} → {tn:#}+; d6 {e:#}: hit",
     "{a} → {b}: {d} см из {r} ({weapon:thing}), > {h} → {tn}+; к6 {e}: попадание"),
    ("{a:w} → {b:w}: {d:#} cm of {r:#} ({weapon:w}), > {h:#} → {tn:#}+; d6 {e:#}: miss",
     "{a} → {b}: {d} см из {r} ({weapon:thing}), > {h} → {tn}+; к6 {e}: промах"),
    ("{a:w} → {b:w}: {d:#} cm of {r:#} ({weapon:w}), ≤ {h:#} → {tn:#}+; d6 {e:#}: hit",
     "{a} → {b}: {d} см из {r} ({weapon:thing}), ≤ {h} → {tn}+; к6 {e}: попадание"),
    ("{a:w} → {b:w}: {d:#} cm of {r:#} ({weapon:w}), ≤ {h:#} → {tn:#}+; d6 {e:#}: miss",
     "{a} → {b}: {d} см из {r} ({weapon:thing}), ≤ {h} → {tn}+; к6 {e}: промах"),
    ("as a shot: {d:#} cm of {r:#} → {tn:#}+; d6 {e:#}: hit", "как выстрел: {d} см из {r} → {tn}+; к6 {e}: попадание"),
    ("as a shot: {d:#} cm of {r:#} → {tn:#}+; d6 {e:#}: miss", "как выстрел: {d} см из {r} → {tn}+; к6 {e}: промах"),
    ("cover {c:#} % → no cover save", "укрытие {c} % → спас-броска за укрытие нет"),
    ("cover {c:#} % ({p:w}) → cover save {tn:#}+", "укрытие {c} % ({p}) → спас-бросок за укрытие {tn}+"),
    ("cover {c:#} % ({p:w}) → cover save {tn:#}+; GM ruling: {c} % instead of {o:#}",
     "укрытие {c} % ({p}) → спас-бросок за укрытие {tn}+; решение ГМ: {c} % вместо {o}"),
    ("{t:w}: cover {c:#} %, {sw}", "{t}: укрытие {c} %, {sw:savewound}"),
    ("{t:w} is engaged; roll-off {rolls}: the spell goes to {side:w}, at {w:w}",
     "{t} в сцепке; переброс {rolls:rolls}: заклинание достается стороне {side}, цель {w}"),
    ("{t:w} is engaged; roll-off {rolls}: the shot goes to {side:w}, at {w:w}",
     "{t} в сцепке; переброс {rolls:rolls}: выстрел достается стороне {side}, цель {w}"),
    ("{w:w} looks closely at {t:w} ({d:#} cm): {kinds}", "{w} осматривает {t} вблизи ({d} см): {kinds:things}"),
    ("{ids}: no enemy within reach either way; no longer engaged",
     "{ids:ids}: ни одного врага в досягаемости ни с одной стороны; сцепки больше нет"),
    # magic
    ("{w:w}: {spell:w} → {t:w}, attempt {k:#}, interval {lo:#}–{hi:#}; 2d6 {a:#} + {b:#} = {s:#}",
     "{w}: {spell:thing} → {t}, попытка {k}, интервал {lo}–{hi}; 2к6 {a} + {b} = {s}"),
    ("cast", "заклинание сотворено"),
    ("not cast", "заклинание не сотворено"),
    ("miscast, d6 {d:#}: {what}", "провал заклинания, к6 {d}: {what:miscast}"),
    ("{t:w} is {d:#} cm away, beyond {r:#} cm: the spell is wasted",
     "{t} в {d} см, дальше {r} см: заклинание пропадает"),
    ("{t:w} is {d:#} cm away, beyond {r:#} cm: the shot is wasted (spent)",
     "{t} в {d} см, дальше {r} см: выстрел пропадает (потрачен)"),
    ("{a:w} → {b:w}: {d:#} cm > {r:#} cm ({weapon:w}): no shot, no ammunition spent (A-52)",
     "{a} → {b}: {d} см > {r} см ({weapon:thing}): выстрела нет, заряд не потрачен (A-52)"),
    ("{a:w} → {g:w}: {d:#} cm > {r:#} cm: no shot (A-52)", "{a} → {g}: {d} см > {r} см: выстрела нет (A-52)"),
    ("{a:w} → {g:w}: {d:#} cm of {r:#} → {tn:#}+; d6 {e:#}: hit, {h:#} of {m:#}",
     "{a} → {g}: {d} см из {r} → {tn}+; к6 {e}: попадание, {h} из {m}"),
    ("{a:w} → {g:w}: {d:#} cm of {r:#} → {tn:#}+; d6 {e:#}: hit, {h:#} of {m:#}: {g} is destroyed",
     "{a} → {g}: {d} см из {r} → {tn}+; к6 {e}: попадание, {h} из {m}: {g} уничтожено"),
    ("{a:w} → {g:w}: {d:#} cm of {r:#} → {tn:#}+; d6 {e:#}: miss",
     "{a} → {g}: {d} см из {r} → {tn}+; к6 {e}: промах"),
    ("{g:w} turns from {a:#}° to {b:#}° (an enemy point-blank at its side); it may not rotate in turn {t:#}",
     "{g} поворачивается с {a}° на {b}° (враг в упор сбоку); в ходе {t} ему поворачиваться нельзя"),
    ("{d:w} moves {g:w} to ({x:#}, {y:#}), {o:#} ≤ 1 cm from its origin; {d} counts as moved: {g} does not fire "
     "this turn (L126)",
     "{d} сдвигает {g} в ({x}, {y}), {o} ≤ 1 см от исходного места; {d} считается двигавшимся: {g} в этот ход "
     "не стреляет (L126)"),
    ("{t:w} hit: {n:#} of {m:#}", "{t}: попаданий {n} из {m}"),
    ("{t:w} hit: {n:#} of {m:#}, destroyed and taken off the table",
     "{t}: попаданий {n} из {m}, разрушен и снят со стола"),
    ("{g:w} is dispatched by {w:w}", "{g} обслуживает {w}"),
    ("not carried: {kinds}", "не роздано: {kinds:things}"),
    ("the draft ends; nobody took {kinds}", "драфт окончен; никто не взял: {kinds:things}"),
    ("within half the MDD: no roll (L86)", "не дальше половины МДД: без броска (L86)"),
    ("fall {h:#} cm: level {n:#}; no effect", "падение с {h} см: уровень {n}; без последствий"),
    ("every item −{n:#} durability", "каждый предмет −{n} прочности"),
    ("no enemy can be struck: no fight (charges stay spent)",
     "бить некого: боя нет (атаки с разбега остаются потраченными)"),
    ("the charge fails: {w:w} stays where it is (A-76); the charge counts toward the 5",
     "атака с разбега не удалась: {w} остается на месте (A-76); она идет в счет пяти"),
    ("climbs onto {p:w} during the charge: −{n:#} attack in this fight (L204)",
     "залезает на {p} во время атаки с разбега: −{n} атаки в этом бою (L204)"),
    ("climbs the wall {p:w} with {t:w} on it or at it: −{n:#} initiative (A-78)",
     "лезет на стену {p}, на которой или у которой {t}: −{n} инициативы (A-78)"),
    ("−{n:#} initiative until the end of the fight (charge from {t:w}, L196-L202, A-77)",
     "−{n} к инициативе до конца боя (атака с разбега из {t}, L196-L202, A-77)"),
    ("{t:w} keeps its facing ({f:#}°)", "{t} не поворачивается ({f}°)"),
    ("{w:w} may move {a:#} cm (d6 {d:#}) and stays", "{w} может отойти на {a} см (к6 {d}) и остается"),
    ("fight {n} of {side:w} cannot be fought now: {rest}", "бой {n} стороны {side} сейчас невозможен: {rest:@}"),
    ("{w:w} looks closely at {t:w} ({d:#} cm): no equipment", "{w} осматривает {t} вблизи ({d} см): снаряжения нет"),
    ("{w:w}: 1 wound that ignores the armour save; {sw}",
     "{w}: 1 рана, от которой доспехи не спасают; {sw:savewound}"),
    # guns
    ("{a:w} works on {g:w} this ranged stage and does nothing else",
     "{a} обслуживает {g} в эту дальнюю стадию и больше ничего не делает"),
    ("{a:w} worked on {g:w}: {n:#} warrior(s) → 6/(7 − {n}) = {p:#}; {b:#} + {p} = {s:#} of 6",
     "{a} обслуживал {g}: воинов {n} → 6/(7 − {n}) = {p}; {b} + {p} = {s} из 6"),
    ("{g:w} aims at {t:w} ({d:#}° off its facing); burst d6 {e:#}: fires, the gun is destroyed, it bursts; "
     "{side:w} has fired {n:#} of {m:#}",
     "{g} целится в {t} ({d}° от своего направления); разрыв к6 {e}: выстрел, орудие уничтожено, его разрывает; "
     "сторона {side} выстрелила {n} из {m}"),
    ("{g:w} aims at {t:w} ({d:#}° off its facing); burst d6 {e:#}: fires; {side:w} has fired {n:#} of {m:#}",
     "{g} целится в {t} ({d}° от своего направления); разрыв к6 {e}: выстрел; сторона {side} выстрелила {n} из {m}"),
    ("{g:w} hits {t:w}", "{g} попадает в {t}"),
    ("hit {t:w}: {sw}", "попадание в {t}: {sw:savewound}"),
    ("hit {t:w} (the first enemy, knocked down: no cover, no armour save, §10 C1): {sw}",
     "попадание в {t} (первый враг, сбит с ног: без укрытия и без спас-броска за доспехи, §10 C1): "
     "{sw:savewound}"),
    ("burst: {w:w} ({d:#} cm), every save 1 better: {sw}",
     "разрыв: {w} ({d} см), каждый спас-бросок на 1 лучше: {sw:savewound}"),
    ("{a:w} captures {g:w} from {s:w}; it fires for {b:w} from turn {t:#}, its shots counting against {b}'s {n:#}",
     "{a} захватывает {g} у стороны {s}; оно стреляет за {b} с хода {t}, выстрелы идут в счет {n} выстрелов {b}"),
    # §4.4 melee
    ("{a:w} charges {b:w}: path {p:#} ≤ {m:#} cm", "{a} атакует с разбега {b}: путь {p} ≤ {m} см"),
    ("ends at ({x:#}, {y:#}), {d:#} cm from {b:w}", "останавливается в ({x}, {y}), в {d} см от {b}"),
    ("{b:w} turns to face {a:w} ({f:#}°)", "{b} поворачивается лицом к {a} ({f}°)"),
    ("{t:w} is rough terrain → d6 {d:#}: {m:#} − {k:#}×(6 − {d}) = {r:#} cm ≥ {need:#} needed",
     "{t} — пересеченная местность → к6 {d}: {m} − {k}×(6 − {d}) = {r} см ≥ нужных {need}"),
    ("{t:w} is rough terrain → d6 {d:#}: {m:#} − {k:#}×(6 − {d}) = {r:#} cm < {need:#} needed",
     "{t} — пересеченная местность → к6 {d}: {m} − {k}×(6 − {d}) = {r} см < нужных {need}"),
    ("−{n:#} initiative until the end of the fight (charge into {t:w}, L196-L202, A-77)",
     "−{n} к инициативе до конца боя (атака с разбега в {t}, L196-L202, A-77)"),
    ("{dists}", "{dists:dists}"),
    ("{kind}", "{kind:fight}"),
    ("{side:w} d6 {d:#}: {rolls}", "{side} к6 {d}: {rolls:rolls}"),
    ("winners (+1 attack, strike first): {ids}", "победители (+1 атака, бьют первыми): {ids:ids}"),
    ("nobody wins initiative", "инициативу никто не выиграл"),
    ("{side:w} dedicates its {n:#} attack(s): {alloc}", "{side} распределяет атаки ({n}): {alloc:alloc}"),
    ("{a:w} → {kind:w} of {side:w}: {n:#} attack(s), Table 2 {kind} {v:#} = {tn:#}+; dice {dice}: {h:#} hit(s)",
     "{a} → {kind:thing} стороны {side}: атак {n}, Таблица 2: {kind:thing} {v} = {tn}+; кости {dice}: "
     "попаданий {h}"),
    ("{a:w} → {kind:w}: {n:#} attack(s), Table 2 {kind} {v:#} = {tn:#}+; dice {dice}: {h:#} hit(s)",
     "{a} → {kind:thing}: атак {n}, Таблица 2: {kind:thing} {v} = {tn}+; кости {dice}: попаданий {h}"),
    ("{kind:w} hit #{n:#} from {a:w} → {b:w} (the only one): {sw}",
     "попадание №{n} по цели «{kind:thing}» от {a} → {b} (единственный): {sw:savewound}"),
    ("{kind:w} hit #{n:#} from {a:w} → {b:w}: {sw}",
     "попадание №{n} по цели «{kind:thing}» от {a} → {b}: {sw:savewound}"),
    ("{kind:w} hit #{n:#} from {a:w}: no {kind} of {side:w} left, the hit is lost (A-84)",
     "попадание №{n} по цели «{kind:thing}» от {a}: у стороны {side} такой цели не осталось, попадание "
     "пропадает (A-84)"),
    ("unsaved wounds: {rolls} → {side:w} wins", "неспасенные раны: {rolls:rolls} → побеждает {side}"),
    ("unsaved wounds: {rolls} → no winner", "неспасенные раны: {rolls:rolls} → победителя нет"),
    ("{side:w} is the only side left standing", "на ногах осталась только сторона {side}"),
    ("engaged: {pairs}", "в сцепке: {pairs:engaged}"),
    ("{w:w} (fights {fights}): {kind:w} {a:#}/{m:#} → {b:#}/{m}",
     "{w} (бои {fights}): {kind:thing} {a}/{m} → {b}/{m}"),
    ("{w:w} disengages: d6 {d:#}: {m:#} − {k:#}×(6 − {d}) = {r:#} cm; moves {p:#} cm to ({x:#}, {y:#}), "
     "terrain ignored",
     "{w} выходит из боя: к6 {d}: {m} − {k}×(6 − {d}) = {r} см; отходит на {p} см в ({x}, {y}), местность "
     "не в счет"),
    # saves
    ("{t:w}: {sw}", "{t}: {sw:savewound}"),
    ("{side:w}: {ids}", "{side}: {ids:ids}"),
]


def _engaged(text: str) -> str | None:
    """"a1 with b1; b1 with a1"."""
    if not re.fullmatch(rf"{ID} with {ID}(?:, {ID})*(?:; {ID} with {ID}(?:, {ID})*)*", text):
        return None
    return text.replace(" with ", " с ")


def _sightwhy(text: str) -> str | None:
    """"30 − 10 at night − 5 in the fog"."""
    out = text.replace(" at night", " ночью").replace(" in the fog", " в тумане").replace(" in the rain", " в дождь")
    return None if re.search(r"[A-Za-z]{3,}", out) else out


def _sightnote(text: str) -> str | None:
    """"night, fog; L120"."""
    out = re.sub(r"\b(night|day)\b", lambda m: DAY_RU[m.group(1)], text)
    out = re.sub(r"\b(clear|rain|fog|snow|wind)\b", lambda m: words.weather(m.group(1), "ru"), out)
    return None if re.search(r"[A-Za-z]{3,}", out) else out


PROBLEMS = [
    ("fight {n:#}: {rest}", "бой {n}: {rest:@}"),
    ("turn {t:#}: {w:w}'s move: {rest}", "ход {t}: движение {w}: {rest:@}"),
    ("turn {t:#}: {w:w}'s disengagement path is a list of [x, y] points",
     "ход {t}: путь выхода {w} из боя — список точек [x, y]"),
    ("turn {t:#}: {w:w}'s {act}: {rest}", "ход {t}: {act:act} {w}: {rest:@}"),
    ("turn {t:#}: {g:w}: {rest}", "ход {t}: {g}: {rest:@}"),
    # an order refused (check.py, space.py, falls.py, mounts.py, guns.py, magic.py, melee.py, draft.py, model.py)
    ("§4.3.11: the rulebook names a sprint (L20) but never defines it: sprint orders are refused (A-72); the GM may "
     "rule one",
     "§4.3.11: книга правил называет спринт (L20), но нигде его не определяет: приказы на спринт отклоняются (A-72); "
     "ГМ может вынести решение"),
    ("§3.3: every warrior of {side:w} is deployed; missing {ids}",
     "§3.3: расставляются все воины стороны {side}; не хватает: {ids:ids}"),
    ("§3.3: {ids} are not {side:w}'s warriors", "§3.3: {ids:ids} — не воины стороны {side}"),
    ("§3.3: a warrior is placed once", "§3.3: воин ставится один раз"),
    ("§3.3: {w} needs x and y in cm", "§3.3: для {w} нужны x и y в см"),
    ("§3.3: {w:w}'s base reaches {d:#} cm from edge {e:w}; at most {m:#} (L9)",
     "§3.3: подставка {w} заходит на {d} см от края {e:edge}; можно не больше {m} (L9)"),
    ("§3.3: {w:w} is off the table", "§3.3: {w} за пределами стола"),
    ("§3.3.5: {w:w} overlaps {o:w}", "§3.3.5: {w} заходит на {o}"),
    ("§3.3.5: {w:w} stands on impassable {t:w}", "§3.3.5: {w} стоит на непроходимом участке {t}"),
    ("§4.2.1: no warrior {w}", "§4.2.1: нет воина {w}"),
    ("§{s}: {w:w} is not {side:w}'s warrior in play", "§{s}: {w} — не воин стороны {side} в игре"),
    ("§{s}: {w:w} is not {side:w}'s warrior", "§{s}: {w} — не воин стороны {side}"),
    ("§4.2.1: one move order per warrior per stage (L28): {w:w} twice",
     "§4.2.1: один приказ на движение на воина за стадию (L28): {w} дважды"),
    ("§4.2.1: {w:w}'s path is a list of [x, y] points in cm", "§4.2.1: путь {w} — список точек [x, y] в см"),
    ("§4.2.10: one talks to another player's warrior, not to {w:w}",
     "§4.2.10: говорят с воином другого игрока, а не с {w}"),
    ("§4.2.10: mode is talk or whisper", "§4.2.10: mode — talk (разговор) или whisper (шепот)"),
    ("§4.2.10: {a:w} and {b:w} are {g:#} cm apart; a talk reaches {r:#} cm (L112)",
     "§4.2.10: между {a} и {b} {g} см; разговор слышен на {r} см (L112)"),
    ("§4.2.10: {a:w} and {b:w} are {g:#} cm apart; a whisper reaches {r:#} cm (L112)",
     "§4.2.10: между {a} и {b} {g} см; шепот слышен на {r} см (L112)"),
    ("§4.2.10: seconds is a whole positive number", "§4.2.10: seconds — целое положительное число"),
    ("§4.2.10: {side:w} has talked {n:#} s this stage; {m} more passes the 240 s (L112)",
     "§4.2.10: сторона {side} уже говорила {n} с в эту стадию; еще {m} — больше 240 с (L112)"),
    ("§4.2.10: intel names enemies in play; {i} is not one",
     "§4.2.10: в intel называют врагов в игре; {i} — не враг в игре"),
    ("§4.2.10: no warrior of {side:w} sees {i:w} now: it cannot be passed on (A-49)",
     "§4.2.10: ни один воин стороны {side} сейчас не видит {i}: передать это нельзя (A-49)"),
    ("§{s}: {w:w} is out of play", "§{s}: {w} вне игры"),
    ("§4.2.8: {w:w} tried to stop a mount or untied one: it moves no more this stage (L82)",
     "§4.2.8: {w} пытался остановить скакуна или отвязал его: в эту стадию он больше не движется (L82)"),
    ("§4.2.1.1: {w:w} has moved this stage (one move order, L28)",
     "§4.2.1.1: {w} уже двигался в эту стадию (один приказ на движение, L28)"),
    ("§4.2.1.1: {w:w} has moved this stage", "§4.2.1.1: {w} уже двигался в эту стадию"),
    ("§4.2.13: {w:w} is engaged with {ids}; the move takes it out of reach of all of them (L240)",
     "§4.2.13: {w} в сцепке с {ids:ids}; движение выводит его из досягаемости их всех (L240)"),
    ("§4.2.13: {w:w} is engaged; a move must let it strike more enemies ({a:#} → {b:#}) or bring it face to face "
     "(L240, A-48)",
     "§4.2.13: {w} в сцепке; движение должно дать ему бить больше врагов ({a} → {b}) или развернуть его лицом к "
     "врагу (L240, A-48)"),
    ("§4.2.13: {w:w} is engaged", "§4.2.13: {w} в сцепке"),
    ("C10: {w:w}'s facing is a number of degrees", "C10: направление {w} — число градусов"),
    ("§4.2.2: {w:w}'s path needs the movement roll ({reasons}): order `{w} roll` first (L38)",
     "§4.2.2: путь {w} требует броска движения ({reasons:@}): сначала прикажите `{w} roll` (L38)"),
    ("{t:w} is rough terrain", "{t} — пересеченная местность"),
    ("{t:w} is water (A-27)", "{t} — вода (A-27)"),
    ("climbs {h:#} cm onto {t:w}", "подъем на {h} см на {t}"),
    ("§4.2.1.2: {w:w}'s path is {p:#} cm > {m:#} cm (the roll)", "§4.2.1.2: путь {w} — {p} см > {m} см (бросок)"),
    ("§4.2.3: {t:w} is not climbable (A-28)", "§4.2.3: на {t} залезть нельзя (A-28)"),
    ("§4.2.3: only warriors on foot climb (L38, A-28); {w:w} rides",
     "§4.2.3: залезают только пешие воины (L38, A-28); {w} верхом"),
    ("§4.2.4: {w:w}'s jump is longer than its МДД {m:#} cm", "§4.2.4: прыжок {w} длиннее его МДД {m} см"),
    ("§2.1: {w:w} would end off the table at ({x:#}, {y:#})", "§2.1: {w} оказался бы за пределами стола в ({x}, {y})"),
    ("§4.2.1.3: the path crosses {t:w}, impassable (L44)",
     "§4.2.1.3: путь проходит через непроходимый участок {t} (L44)"),
    ("§4.2.1.3: {w:w} would end overlapping {o:w}'s base", "§4.2.1.3: {w} закончил бы движение на подставке {o}"),
    ("§4.2.6: the mount is placed in contact with {w:w}, not {g:#} cm away (A-32)",
     "§4.2.6: скакуна ставят в контакте с {w}, а не в {g} см от него (A-32)"),
    ("§4.2.6: the mount would overlap {o:w}", "§4.2.6: скакун зашел бы на {o}"),
    ("§4.2.8: {w:w} has {l:#} cm left this stage, not {d:#}", "§4.2.8: у {w} в эту стадию осталось {l} см, а не {d}"),
    ("§4.2.8: at ({x:#}, {y:#}) {w:w} is not in contact with {m:w}'s run",
     "§4.2.8: в ({x}, {y}) {w} не в контакте с путем бега {m}"),
    ("§4.2.9: {m:w} is {st:w} and {side:w}'s; one unties a tied enemy mount",
     "§4.2.9: {m} — {st:mountstate}, стороны {side}; отвязывают привязанного вражеского скакуна"),
    ("§4.2.9: {w:w} has moved {d:#} cm this stage; untying needs at most 1 cm (L82)",
     "§4.2.9: {w} прошел в эту стадию {d} см; чтобы отвязать, можно пройти не больше 1 см (L82)"),
    ("§{s}: {w:w} is not in contact with {g:w}", "§{s}: {w} не в контакте с {g}"),
    ("§4.2.11: only riders swap weapons (L272); {w:w} is on foot",
     "§4.2.11: оружие меняют только всадники (L272); {w} пеший"),
    ("§4.2.11: {w:w} carries no {k}", "§4.2.11: у {w} нет предмета {k}"),
    ("§4.2.11: {w:w} swaps melee weapon ↔ spear or short ↔ long, not {a} → {b}",
     "§4.2.11: {w} меняет оружие ближнего боя ↔ копье или короткое ↔ длинное, а не {a} → {b}"),
    ("§4.2.11: {w:w} is engaged; no swap (A-47)", "§4.2.11: {w} в сцепке; смены оружия нет (A-47)"),
    ("§4.2.11: {w:w} has swapped this turn (once a turn, A-47)",
     "§4.2.11: {w} уже менял оружие в этот ход (раз за ход, A-47)"),
    # shots, looks, guns
    ("§4.3.2: a shot names a shooter and a target warrior ({a} → {b})",
     "§4.3.2: выстрел называет стрелка и воина-цель ({a} → {b})"),
    ("§4.3.2: one shot per shooter per ranged stage (A-51): {w:w} twice",
     "§4.3.2: один выстрел на стрелка за дальнюю стадию (A-51): {w} дважды"),
    ("§4.3.1: {w:w} looks closely only within {l:#} cm with line of sight; {t:w} is {g:#} cm away (A-50)",
     "§4.3.1: {w} осматривает вблизи только в пределах {l} см и при линии видимости; {t} в {g} см (A-50)"),
    ("§4.3.2.1: {s:w} has no bow, crossbow or spear (L132)",
     "§4.3.2.1: у {s} нет ни лука, ни арбалета, ни копья (L132)"),
    ("§4.3.2.2: {s:w} has used its ranged action this stage (A-51)",
     "§4.3.2.2: {s} уже использовал свое дальнее действие в эту стадию (A-51)"),
    ("§4.3.2.2: {s:w} has shot {n:#} of {m:#} times (L162)", "§4.3.2.2: {s} уже выстрелил {n} раз из {m} (L162)"),
    ("§{s}: {g:w} is not an enemy gun in play", "§{s}: {g} — не вражеское орудие в игре"),
    ("§{s}: {t} is not an enemy in play", "§{s}: {t} — не враг в игре"),
    ("§4.3.1: {t:w} is {g:#} cm away, beyond {s:w}'s sight of {r:#} cm (L120)",
     "§4.3.1: {t} в {g} см, дальше обзора {s} в {r} см (L120)"),
    ("§4.3.1: {t:w} is {g:#} cm away, beyond {s:w}'s sight of {r:#} cm ({d:w}, L120)",
     "§4.3.1: {t} в {g} см, дальше обзора {s} в {r} см ({d:day}, L120)"),
    ("§4.3.1: {w:w} does not see {t:w} ({g:#} cm, sight {s:#})", "§4.3.1: {w} не видит {t} ({g} см, обзор {s})"),
    ("§{s}: {g:w} is not {side:w}'s gun in play", "§{s}: {g} — не орудие стороны {side} в игре"),
    ("§{s}: the dispatcher {d:w} is not in contact with {g:w}", "§{s}: расчет {d} не в контакте с {g}"),
    ("§4.3.5.2: the dispatcher {d:w} moved this turn: {g:w} does not fire (L126)",
     "§4.3.5.2: расчет {d} двигался в этот ход: {g} не стреляет (L126)"),
    ("§4.3.5.2: the dispatcher {d:w} fought in melee last turn: {g:w} does not fire (L126)",
     "§4.3.5.2: расчет {d} дрался в ближнем бою в прошлый ход: {g} не стреляет (L126)"),
    ("§4.3.5.3: {side:w} has fired its 8 gun shots of the game, whatever the gun (L126)",
     "§4.3.5.3: сторона {side} уже сделала свои 8 орудийных выстрелов за игру, из каких бы орудий ни было (L126)"),
    ("§4.3.5.4: {t:w} is {a:#}° off {g:w}'s facing; at most 90° (L126, A-64)",
     "§4.3.5.4: {t} в {a}° от направления {g}; можно не больше 90° (L126, A-64)"),
    ("§4.3.5.5: the dispatcher {d:w} does not see {t:w} ({g:#} cm, sight {s:#}) and no ally has told {side:w} of it "
     "this turn (L128, A-49)",
     "§4.3.5.5: расчет {d} не видит {t} ({g} см, обзор {s}), и в этот ход никто из союзников не сообщил о нем "
     "стороне {side} (L128, A-49)"),
    ("§4.3.5.6: {g:w} has fired this stage", "§4.3.5.6: {g} уже стреляло в эту стадию"),
    ("§4.3.8: {g:w} was captured this turn; it fires from the next (A-66)",
     "§4.3.8: {g} захвачено в этот ход; оно стреляет со следующего (A-66)"),
    ("§4.3.6: {g:w} rotated last turn; it may not rotate in this one (L126)",
     "§4.3.6: {g} поворачивалось в прошлый ход; в этот ему поворачиваться нельзя (L126)"),
    ("§4.3.6: {g:w} rotates only with an enemy point-blank at its side, outside its ±70° (L126)",
     "§4.3.6: {g} поворачивается, только когда враг в упор сбоку, вне его ±70° (L126)"),
    ("§4.3.6: {g:w} turns by at most 70°, not {a:#}°", "§4.3.6: {g} поворачивается не больше чем на 70°, а не на {a}°"),
    ("§4.2.12: the dispatcher {d:w} has moved this stage", "§4.2.12: расчет {d} уже двигался в эту стадию"),
    ("§4.2.12: {g:w} may not be more than 1 cm from its origin ({x:#}, {y:#}), not {o:#} (L126)",
     "§4.2.12: {g} можно сдвинуть не дальше 1 см от исходного места ({x}, {y}), а не на {o} (L126)"),
    ("§4.3.8: only a dispatcher captures guns (L126); {w:w} is none",
     "§4.3.8: орудия захватывает только расчет (L126); {w} — не расчет"),
    ("§4.3.8: {g:w}'s dispatcher {d:w} is still at it", "§4.3.8: расчет {d} все еще у орудия {g}"),
    ("§4.3.8: {ids} of {side:w} within 2 cm of {g:w} (A-66)",
     "§4.3.8: {ids:ids} стороны {side} в пределах 2 см от {g} (A-66)"),
    ("§4.3.7: no warrior {w} or no gun {g}", "§4.3.7: нет воина {w} или нет орудия {g}"),
    ("§4.3.7: a saboteur does nothing else in the stage (L126): {w:w} has another order",
     "§4.3.7: портящий орудие больше ничего не делает в эту стадию (L126): у {w} есть другой приказ"),
    # spells
    ("§4.3.9.1: {w:w} does not know {s:w}", "§4.3.9.1: {w} не знает заклинания «{s:thing}»"),
    ("§4.3.9.2: {w:w} has attempted {n:#} spells this turn; {m:#} a turn (L166)",
     "§4.3.9.2: {w} уже пытался сотворить заклинаний в этот ход: {n}; можно {m} за ход (L166)"),
    ("§4.3.9.3: {w:w} has attempted {s:w} this turn; the spells must differ (L166)",
     "§4.3.9.3: {w} уже пытался сотворить «{s:thing}» в этот ход; заклинания должны быть разными (L166)"),
    ("§4.3.10: {ban}", "§4.3.10: {ban:@}"),
    ("{w:w} may not cast until after turn {t:#} (miscast)", "{w} не колдует до конца хода {t} (провал заклинания)"),
    ("{s:w} is banned for {w:w} for the game", "«{s:thing}» запрещено для {w} до конца игры"),
    ("{s:w} is banned for {w:w} until the end of turn {t:#}", "«{s:thing}» запрещено для {w} до конца хода {t}"),
    ("{w:w} may cast only {s:w} (miscast 2)", "{w} может творить только «{s:thing}» (провал заклинания 2)"),
    ("§4.3.9: {s:w} targets {kind}; {t:w} is not one", "§4.3.9: цель «{s:thing}» — {kind:target}; {t} не такая цель"),
    ("§4.3.9.5: {t:w} is {d:#} cm away; {s:w} reaches {r:#} cm",
     "§4.3.9.5: {t} в {d} см; «{s:thing}» достает на {r} см"),
    # melee
    ("§4.4.5: a fight names its targets", "§4.4.5: в бою называют его цели"),
    ("§4.4.3.1: {w:w} is engaged and does not charge (L240)", "§4.4.3.1: {w} в сцепке и не атакует с разбега (L240)"),
    ("§4.4.3.2: {side:w} has made {n:#} charges this stage; at most 5 (L236)",
     "§4.4.3.2: сторона {side} уже провела атак с разбега в эту стадию: {n}; можно не больше 5 (L236)"),
    ("§4.4.3.3: {w:w} does not see {t:w} ({g:#} cm, sight {s:#}, L120)",
     "§4.4.3.3: {w} не видит {t} ({g} см, обзор {s}, L120)"),
    ("§4.4.4: {side:w} has attacked {ids} this stage already (L206, A-74)",
     "§4.4.4: сторона {side} уже атаковала {ids:ids} в эту стадию (L206, A-74)"),
    ("§4.4.4: {side:w} has attacked {ids} this stage already (A-74)",
     "§4.4.4: сторона {side} уже атаковала {ids:ids} в эту стадию (A-74)"),
    ("§4.4.3.5: {w:w}'s charge needs a path of [x, y] points",
     "§4.4.3.5: атаке с разбега {w} нужен путь из точек [x, y]"),
    ("§4.4.3.5: {w:w}'s charge is {l:#} cm > {m:#} cm (charge max)",
     "§4.4.3.5: атака с разбега {w} — {l} см > {m} см (предел атаки с разбега)"),
    ("§4.4.3.5: {a:w}'s charge ends {d:#} cm from {b:w}; it must end 1–{r:#} cm away (L194, L304, A-07)",
     "§4.4.3.5: атака с разбега {a} кончается в {d} см от {b}; она должна кончаться в 1–{r} см (L194, L304, A-07)"),
    ("§4.4.5: {t} is out of reach of the fight (§10 C10)", "§4.4.5: {t} вне досягаемости боя (§10 C10)"),
    ("§4.4.10: {w:w}'s path is {l:#} cm > {m:#} cm", "§4.4.10: путь {w} — {l} см > {m} см"),
    ("turn {t:#}: {w:w}'s disengagement: {rest}", "ход {t}: выход {w} из боя: {rest:@}"),
    ("C22: {side:w} has {n:#} attack(s) to dedicate, not {m:#}",
     "C22: у стороны {side} атак для распределения: {n}, а не {m}"),
    ("C23: {w} does not attack in this step", "C23: {w} не атакует на этом шаге"),
    ("C23: {w}'s attacks are a whole number", "C23: атаки {w} — целое число"),
    ("C23: {v} is not a creature type", "C23: {v} — не тип существа"),
    ("C23: {w:w} has {n:#} attack(s) to place, not {m:#}", "C23: у {w} атак для распределения: {n}, а не {m}"),
    ("§4.2.5, A-45: no free point to place {w:w} near ({x:#}, {y:#}); the GM rules it",
     "§4.2.5, A-45: нет свободного места, куда поставить {w} рядом с ({x}, {y}); решает ГМ"),
    ("C23: the attacks by side must be the dedication (C22): {alloc}",
     "C23: атаки по сторонам должны совпадать с распределением (C22): {alloc:alloc}"),
    # the draft and the warriors' equipment
    ("C03: {w} is not {side:w}'s warrior", "C03: {w} — не воин стороны {side}"),
    ("C03: {side:w} has drafted no (more) {k}", "C03: сторона {side} не брала в драфте (больше) {k}"),
    ("C03: {g} is not a gun {side:w} drafted", "C03: {g} — не орудие, взятое стороной {side} в драфте"),
    ("C03: the dispatcher {w} is not {side:w}'s warrior", "C03: расчет {w} — не воин стороны {side}"),
    ("C03: the gun {g:w} needs a dispatcher", "C03: орудию {g} нужен расчет"),
    ("C03 {w:w}: {rest}", "C03 {w}: {rest:@}"),
    ("§4.7.4: an archer has not quiver and armour together (L276)",
     "§4.7.4: у лучника не бывает колчана и доспеха одновременно (L276)"),
    ("§4.7: a {k:w} does not ride", "§4.7: {k:thing} не ездит верхом"),
    ("§4.7.2: only riders carry two melee weapons to swap (L272)",
     "§4.7.2: два оружия ближнего боя для смены носят только всадники (L272)"),
    ("§4.7.5: a starting mage or archer has at most {c:#} protective items when mounted (L278), not {n:#}",
     "§4.7.5: у стартового мага или лучника на лошади не больше {c} элементов защитного снаряжения (L278), а не {n}"),
    ("§4.7.5: a starting mage or archer has at most {c:#} protective items (L278), not {n:#}",
     "§4.7.5: у стартового мага или лучника не больше {c} элементов защитного снаряжения (L278), а не {n}"),
    # a setup refused (boundary.py)
    ("race {r} is not in data/races.json", "расы {r} нет в data/races.json"),
    ("{key:w} {bad} are not in data/{table:w}.json", "{key}: {bad} нет в data/{table}.json"),
    ("type {t} is not in Table 4 (data/table4.json): {kinds}", "типа {t} нет в Таблице 4 (data/table4.json): {kinds}"),
    ("items {b} are not in Table 3 (data/table3.json)", "предметов {b} нет в Таблице 3 (data/table3.json)"),
    ("mount {m} is not in Tables 3/5: {kinds}", "скакуна {m} нет в Таблицах 3/5: {kinds}"),
    ("sides: ids must differ", "sides: id должны различаться"),
    ("warriors: ids must differ", "warriors: id должны различаться"),
    ("warriors {ids}: side is not one of {sides}", "warriors {ids}: side — не из {sides}"),
    ("guns: ids differ from each other and from the warriors'", "guns: id различаются между собой и с id воинов"),
    ("draft: a pool (C01) is given exactly when the draft is classic or bundled (§3.1)",
     "draft: пул (C01) задается тогда и только тогда, когда драфт classic или bundled (§3.1)"),
    ("guns.{g}: its dispatcher {d} is a warrior of side {s}", "guns.{g}: его расчет {d} — воин стороны {s}"),
    ("pool: its units' and guns' ids differ from each other and from the warriors'",
     "pool: id его воинов и орудий различаются между собой и с id воинов"),
    # an order post the parser cannot read (parse.py)
    ("stage {s:w} (the stage the game waits in)", "стадия: {s:stage} (та, в которой ждет игра)"),
    ("a placement is `a1 at 10,5 facing 90`, not {line}", "расстановка пишется `a1 at 10,5 facing 90`, а не {line}"),
    ("a move is `a1: 20,30 -> 25,35 facing 90` or `a1 roll`, not {line}",
     "движение пишется `a1: 20,30 -> 25,35 facing 90` или `a1 roll`, а не {line}"),
    ("a jump names one landing point: `{w} jump 28,20`", "в прыжке называют одну точку приземления: `{w} jump 28,20`"),
    ("{w:w}'s move names the points of its path in cm (`20,30 -> 25,35`)",
     "в движении {w} называют точки его пути в см (`20,30 -> 25,35`)"),
    ("a shot is `a5 shoots b1` and a spell `m1 casts haste on k2`, not {line}",
     "выстрел пишется `a5 shoots b1`, а заклинание `m1 casts haste on k2`, а не {line}"),
    ("a fight is `fight: attackers a4; charge o2 b2 via 52,45.2; targets b2 b3`, not {line}",
     "бой пишется `fight: attackers a4; charge o2 b2 via 52,45.2; targets b2 b3`, а не {line}"),
    ("a charge is `charge o2 b2 via 52,45.2`, not {line}",
     "атака с разбега пишется `charge o2 b2 via 52,45.2`, а не {line}"),
    ("a fight's parts are attackers, charge and targets, not {line}",
     "части боя — attackers, charge и targets, а не {line}"),
    ("the path crosses {t:w}, impassable (L44)", "путь проходит через непроходимый участок {t} (L44)"),
    ("the path crosses {w:w}'s base (A-12)", "путь пересекает подставку {w} (A-12)"),
    ("{w:w} would end overlapping {o:w}'s base", "{w} закончил бы движение на подставке {o}"),
    ("{w:w} would end off the table at ({x:#}, {y:#})", "{w} оказался бы за пределами стола в ({x}, {y})"),
    ("§4.4.3.5: {rest}", "§4.4.3.5: {rest:@}"),
    ("{w:w}: {rest}", "{w}: {rest:@}"),
    ("{a}; {b}", "{a:@}; {b:@}"),
    ("§4.2.1.2: {w:w}'s path is {p:#} cm > {m:#} cm (МДД)", "§4.2.1.2: путь {w} — {p} см > {m} см (МДД)"),
    ("§4.2.1.3: the path crosses {w:w}'s base (A-12)", "§4.2.1.3: путь пересекает подставку {w} (A-12)"),
    ("§4.3.1: {a:w} has no line of sight to {b:w} (A-10)", "§4.3.1: у {a} нет линии видимости до {b} (A-10)"),
    ("§4.3.5.6: {g:w} fires once a ranged stage, not {n:#} times (A-51)",
     "§4.3.5.6: {g} стреляет раз за дальнюю стадию, а не {n} раз (A-51)"),
    ("§4.3.9.1: {w:w} is not {side:w}'s caster in play", "§4.3.9.1: {w} — не маг стороны {side} в игре"),
    ("§4.4.3.5: {a:w}'s charge ends {d:#} cm from {b:w}; it must end 1–2 cm away (L194, L304, A-07)",
     "§4.4.3.5: атака с разбега {a} кончается в {d} см от {b}; она должна кончаться в 1–2 см (L194, L304, A-07)"),
    ("§4.4.2: {a:w} can strike no enemy without a charge (L190)",
     "§4.4.2: {a} без атаки с разбега не достает ни одного врага (L190)"),
    ("§4.6, §4.4.8: no wound of {w:w} waits for {side:w}'s {kind:w} save now (it waits for: {rest})",
     "§4.6, §4.4.8: сейчас ни одна рана {w} не ждет спас-броска стороны {side} ({kind:savekind}) "
     "(игра ждет: {rest:@})"),
    ("§4.7.1: a king carries no protective item except innate (L270)",
     "§4.7.1: король не носит защитных предметов, кроме врожденных (L270)"),
    ("§4.7.3: no large shield for archers (L274)", "§4.7.3: лучникам нельзя большой щит (L274)"),
    ("§5.4: no roll {purpose} (rolls: {names})", "§5.4: броска {purpose} нет (броски: {names})"),
    # what a request asks for (the game waits for it)
    # the rolls a game waits for (the `what` of each request: `status`, the post's «Ждём»)
    ("{kind:w} save {tn:#}+ for {w:w}", "спас-бросок ({kind:savekind}) {tn}+ для {w}"),
    ("the forced re-roll of {w:w}'s invulnerable save {tn:#}+ (miscast 1)",
     "обязательный переброс непробиваемого спас-броска {w} {tn}+ (провал заклинания 1)"),
    ("jump roll for {w:w} ({d:#} cm)", "бросок на прыжок для {w} ({d} см)"),
    ("burst roll for {g:w}", "бросок на разрыв для {g}"),
    ("miscast table for {w:w}", "таблица провала заклинания для {w}"),
    ("{s:w} of {w:w} at {t:w} ({tn:#}+)", "«{s:thing}» от {w} по {t} ({tn}+)"),
    ("charge roll for {w:w} ({reasons})", "бросок на атаку с разбега для {w} ({reasons:@})"),
    ("disengagement roll of {side:w}", "бросок на выход из боя стороны {side}"),
    ("{w:w} tries to stop {m:w}", "{w} пытается остановить {m}"),
    ("movement roll for {w:w} (МДД {m:#})", "бросок движения для {w} (МДД {m})"),
    ("{s:w}'s shot at {t:w} ({tn:#}+)", "выстрел {s} по {t} ({tn}+)"),
    ("{w:w} casts {s:w} (attempt {k:#}: 3–{u:#})", "{w} творит «{s:thing}» (попытка {k}: 3–{u})"),
    ("{m:w} runs: the first die is the distance, the second the direction",
     "{m} бежит: первая кость — расстояние, вторая — направление"),
    ("initiative of {side:w} in fight {f}", "инициатива стороны {side} в бою {f}"),
    ("{w:w}'s {n:#} attack(s) at {vs:w} of {to:w} ({tn:#}+)",
     "атаки {w} ({n}) по цели «{vs:thing}» стороны {to} ({tn}+)"),
    ("{w:w}'s {n:#} attack(s) at {vs:w} ({tn:#}+)", "атаки {w} ({n}) по цели «{vs:thing}» ({tn}+)"),
    ("{m:w} forward–back", "{m}: вперед–назад"),
    ("{m:w} left–right", "{m}: влево–вправо"),
    ("turn-order roll (round {r:#})", "бросок на порядок ходов (круг {r})"),
    ("draft-order roll (round {r:#})", "бросок на порядок драфта (круг {r})"),
    ("roll-off for {w:w}'s shot into the fight (round {r:#})", "кому достается выстрел {w} в сцепку (круг {r})"),
    ("roll-off for {w:w}'s spell into the fight (round {r:#})", "кому достается заклинание {w} в сцепку (круг {r})"),
    ("roll-off for {w:w}'s fall into the fight (round {r:#})", "кому достается падение {w} в сцепку (круг {r})"),
    # the choices a game waits for (C-numbers of the spec's §10)
    ('C02: {side:w}\'s pick #{n:#}: "pass" or {{"unit": id}} / {{"item": kind}} / {{"gun": id}} from the pool',
     'C02: выбор №{n} стороны {side}: "pass" (пас) или {{"unit": id}} / {{"item": kind}} / {{"gun": id}} из пула'),
    ("C03: which of {side:w}'s warriors carry its drafted nothing and dispatch {guns}",
     "C03: какие воины стороны {side} обслуживают {guns:ids}"),
    ("C03: which of {side:w}'s warriors carry its drafted nothing", "C03: взятого в драфте у стороны {side} нет"),
    ("C03: which of {side:w}'s warriors carry its drafted {kinds} and dispatch {guns}",
     "C03: какие воины стороны {side} несут взятое в драфте ({kinds:things}) и обслуживают {guns:ids}"),
    ("C03: which of {side:w}'s warriors carry its drafted {kinds}",
     "C03: какие воины стороны {side} несут взятое в драфте: {kinds:things}"),
    ("C27: which protective item of {w:w} loses a durability point",
     "C27: какой защитный предмет {w} теряет очко прочности"),
    ('C18: where {g:w}\'s shot hit: {{"hits": [{{"w": id, "knocked_down": bool}}], "gun_hits": [gun ids], '
     '"terrain_hits": [piece ids]}}',
     'C18: куда попал выстрел {g}: {{"hits": [{{"w": id, "knocked_down": bool}}], "gun_hits": [id орудий], '
     '"terrain_hits": [id элементов местности]}}'),
    ("C21: does {t:w} turn to face {c:w}", "C21: поворачивается ли {t} лицом к {c}"),
    ("C22: how {side:w}'s {n:#} attack(s) in fight {f}, step {s:w} are dedicated to {enemy}: {{side: attacks}}",
     "C22: как атаки стороны {side} ({n}) в бою {f}, шаг {s}, распределяются между {enemy:ids}: "
     "{{сторона: атаки}}"),
    ("C23: {side:w}'s attacks by enemy type in fight {f}, step {s:w}: [[warrior, type, attacks, side], …]",
     "C23: атаки стороны {side} по типам врагов в бою {f}, шаг {s}: [[воин, тип, атаки, сторона], …]"),
    ("C23: {side:w}'s attacks by enemy type in fight {f}, step {s:w}: [[warrior, type, attacks], …]",
     "C23: атаки стороны {side} по типам врагов в бою {f}, шаг {s}: [[воин, тип, атаки], …]"),
    ("C24: which {vs:w} of {r:w} takes {vs} hit #{n:#} (from {a:w})",
     "C24: кто из «{vs:thing}» стороны {r} получает попадание №{n} (от {a})"),
    ("C25: does {side:w} roll to disengage after fight {f} or stay",
     "C25: бросает ли сторона {side} на выход из боя после боя {f} или остается"),
    ("C26: {w:w}'s disengagement path within {a:#} cm (or stay)",
     "C26: путь выхода {w} из боя в пределах {a} см (или stay — остаться)"),
    ("C11: the diagonal {side:w} wants {m:w} to run (its own frame)",
     "C11: диагональ, по которой сторона {side} хочет пустить {m} (в его собственной системе отсчета)"),
    ('C12: does {side:w} try to stop {m:w} (running ({x:#}, {y:#}) → ({x2:#}, {y2:#})): "none" or {{"w": one of '
     '{ids}, "at": [x, y]}}',
     'C12: пытается ли сторона {side} остановить {m} (бежит из ({x}, {y}) в ({x2}, {y2})): "none" (нет) или '
     '{{"w": один из {ids:ids}, "at": [x, y]}}'),
    ("C08: the weather of this turn", "C08: погода этого хода"),
    ("C30: does the GM end the game after this turn", "C30: заканчивает ли ГМ игру после этого хода"),
    ("C31: {side:w} won the turn-order roll: which place it takes (1 = first)",
     "C31: {side} выиграл бросок на порядок ходов: какое место он занимает (1 — первое)"),
    ("C09: {w:w}'s path within {a:#} cm (or stay)", "C09: путь {w} в пределах {a} см (или stay — стоять)"),
    ("{a:w}: {stage:w} orders of {side:w}", "{a}: приказы стороны {side}, {stage:stage}"),
    ("{stage:w} orders of {side:w}", "приказы стороны {side}, {stage:stage}"),
    # the GM-overridable decisions (`battlelog rules`)
    ("C16: the target's cover in % (key shooter, target)", "C16: укрытие цели в % (ключ: стрелок, цель)"),
    ("C33: the height in cm a failed jump falls from (warrior)",
     "C33: высота в см, с которой падает воин после неудачного прыжка (ключ: воин)"),
]

RULE = [("{rule}", "{rule:rule}")]


DECISION_RU = {
    "coverage": "C16: укрытие цели в % (ключ: стрелок, цель)",
    "fall_height": "C33: высота в см, с которой падает воин после неудачного прыжка (ключ: воин)",
}
"""The GM-overridable decisions (`Ruleset.decisions`, `battlelog rules warband --lang ru`) in Russian, by name."""


FIELD_RU = {
    "length": "длина пути", "path": "путь", "end": "конечная точка", "facing": "направление", "wounds": "раны",
    "hits": "попадания", "saves": "спасброски", "target": "цель", "outcome": "исход", "winner": "победитель",
}
"""Payload fields in words, for an audit's differences (issue 11)."""


@cache
def catalogue_ru() -> Catalogue:
    """The warband's catalogue in Russian."""
    table: dict[str, object] = {
        "thing": _thing, "things": _things, "ids": _ids, "dists": _dists, "rolls": _rolls, "alloc": _alloc,
        "save": _save, "savewound": _save_wound, "mods": _mods, "weather": _weather, "stage": _stage, "day": _day,
        "dayadj": _table(DAY_ADJ), "edge": _table(EDGE_RU), "compass": _table(COMPASS_RU),
        "direction": _table(DIRECTION_RU), "fight": _table(FIGHT_KIND), "engaged": _engaged,
        "stop": _table(STOP_RU), "miscast": _table(MISCAST_RU), "sightwhy": _sightwhy, "sightnote": _sightnote,
        "rule": _rule, "savekind": _table(SAVE_KIND), "target": _table(TARGET_RU), "act": _table(ACT_RU),
        "mountstate": _table({k: v[0] for k, v in words.MOUNT_STATE.items()}),
        "event": EVENT_RU, "purpose": PURPOSE_RU, "decision": DECISION_RU, "field": FIELD_RU,
    }
    return Catalogue(WHY + PROBLEMS + RULE, table)  # type: ignore[arg-type]
