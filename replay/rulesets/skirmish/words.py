"""Russian and English terms shared by the post, the frame and the parser (the rulebook's own words first)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from replay.rulesets.skirmish import data

PASS = frozenset({"пас", "пасс", "пропуск", "pass"})

# Phrases a player writes for a maneuver, longest first (the catalogue's names are found too).
MANEUVER_PHRASES: tuple[tuple[str, str], ...] = (
    ("пробивающий удар", "power_blow"), ("power blow", "power_blow"),
    ("рубящий удар", "chop"), ("рублю", "chop"), ("chop", "chop"),
    ("секущий удар", "slash"), ("slash", "slash"), ("cut", "slash"),
    ("дробящий удар", "crush"), ("crush", "crush"),
    ("колющий удар", "thrust"), ("выпад", "thrust"), ("укол", "thrust"), ("thrust", "thrust"),
    ("блок щитом", "shield_block"), ("shield block", "shield_block"),
    ("блок оружием", "weapon_block"), ("weapon block", "weapon_block"), ("блок", "weapon_block"),
    ("парирование", "parry"), ("парирую", "parry"), ("parry", "parry"),
    ("увертка", "sidestep"), ("увёртка", "sidestep"), ("уклонение", "sidestep"), ("sidestep", "sidestep"),
    ("отступлени", "retreat"), ("отступаю", "retreat"), ("retreat", "retreat"),
    ("встаю", "maneuvering"), ("подъём", "maneuvering"), ("stand up", "maneuvering"),
    ("свиля", "slip"), ("slip", "slip"), ("сбив", "knock_aside"), ("knock-aside", "knock_aside"),
    ("контратака", "counterattack"), ("counterattack", "counterattack"),
    ("пас", "pass"), ("pass", "pass"),
)
ATTACK_TYPES = (("рубящ", "chop"), ("chop", "chop"), ("секущ", "cut"), ("cut", "cut"), ("slash", "cut"),
                ("колющ", "thrust"), ("thrust", "thrust"), ("дробящ", "crush"), ("crush", "crush"))
ZONES = (
    ("левую руку", "left_arm"), ("левая рука", "left_arm"), ("правую руку", "right_arm"), ("правая рука", "right_arm"),
    ("левую ногу", "left_leg"), ("левая нога", "left_leg"), ("правую ногу", "right_leg"), ("правая нога", "right_leg"),
    ("верхний корпус", "upper_torso"), ("нижний корпус", "lower_torso"), ("голов", "head"),
    ("left arm", "left_arm"), ("right arm", "right_arm"), ("left leg", "left_leg"), ("right leg", "right_leg"),
    ("upper torso", "upper_torso"), ("lower torso", "lower_torso"), ("head", "head"),
    ("left_arm", "left_arm"), ("right_arm", "right_arm"), ("left_leg", "left_leg"), ("right_leg", "right_leg"),
    ("upper_torso", "upper_torso"), ("lower_torso", "lower_torso"),
)
ZONE_NAMES = {"head": ("голова", "head"), "upper_torso": ("верхний корпус", "upper torso"),
              "lower_torso": ("нижний корпус", "lower torso"), "left_arm": ("левая рука", "left arm"),
              "right_arm": ("правая рука", "right arm"), "left_leg": ("левая нога", "left leg"),
              "right_leg": ("правая нога", "right leg")}
BUY_WORDS = (("точн", "precise"), ("precise", "precise"), ("опасност", "danger"), ("danger", "danger"),
             ("пробити", "penetration"), ("penetration", "penetration"), ("игнор", "ignore_armour"),
             ("ignore", "ignore_armour"), ("шок", "shock"), ("shock", "shock"), ("кровотеч", "bleeding"),
             ("bleeding", "bleeding"))
LENGTH_NAMES = {"hand": ("рука", "hand"), "short": ("короткая", "short"), "medium": ("средняя", "medium"),
                "long": ("длинная", "long"), "very_long": ("очень длинная", "very long"),
                "extremely_long": ("предельно длинная", "extremely long")}
STANCE_NAMES = {"standing": ("стоит", "standing"), "sitting": ("сидит", "sitting"), "lying": ("лежит", "lying")}
STATUS_NAMES = {"ok": ("в строю", "ok"), "helpless": ("беспомощен", "helpless"),
                "unconscious": ("без сознания", "unconscious"), "dead": ("мёртв", "dead")}
FLAG_NAMES = {"decapitated": "голова отсечена", "severed": "конечность отсечена", "fractured": "перелом",
              "dead": "смерть", "dying": "при смерти", "crippled": "калечащая рана",
              "knockout_check": "проверка потери сознания", "falls": "падает", "drops": "роняет оружие"}
STEP_NAMES = {"attack": ("атака", "attack"), "defence": ("защита", "defence")}


def maneuver_phrases() -> list[tuple[str, str]]:
    """Every phrase that names a maneuver: the players' words above and the catalogue's names (ru with and without
    their bracketed part, en, the code)."""
    out = list(MANEUVER_PHRASES)
    for m in data.maneuvers().values():
        ru, en = m["name"]["ru"].lower(), m["name"]["en"].lower()
        out += [(ru, m["code"]), (ru.split(" (")[0], m["code"]), (en, m["code"]), (en.split(" (")[0], m["code"]),
                (m["code"], m["code"])]
    return out


def find_maneuver(text: str) -> str | None:
    """The maneuver a post names: the longest phrase found in it wins («бросок с болевым захватом» is M62, not the
    Throw or the Pain hold; «захват (защитный)» M71, not the Grab)."""
    best: tuple[int, str | None] = (0, None)
    for phrase, code in maneuver_phrases():  # at equal length the first listed wins (players' words, then M01…)
        if phrase and phrase in text and len(phrase) > best[0]:
            best = (len(phrase), code)
    return best[1]


def find_attack_type(text: str) -> str | None:
    return next((kind for stem, kind in ATTACK_TYPES if stem in text), None)


def find_zone(text: str) -> str | None:
    return next((zone for phrase, zone in ZONES if phrase in text), None)


def precise_by_name(text: str) -> str | None:
    """A precise zone named in a buy: its code, English name or Russian name (a one-word name by its stem)."""
    names = data.body()["precise_names"]
    tokens = re.findall(r"[\w]+", text.lower())
    for code, (ru, en) in names.items():
        if code in tokens or (" " in en and en in text) or en in tokens or (" " in ru and ru in text):
            return code
        stem = ru if len(ru) <= 4 else ru[:-1]
        if " " not in ru and any(t.startswith(stem) for t in tokens):
            return code
    return None


def parse_buys(text: str) -> tuple[list[str], list[str]]:
    """«пробитие +1, опасность +1, точная зона лоб» -> ["penetration:1", "danger:1", "precise:forehead"]."""
    buys, errors = [], []
    for part in filter(None, (p.strip().lower() for p in re.split(r"[,;]", text))):
        kind = next((k for stem, k in BUY_WORDS if stem in part), None)
        number = re.search(r"\+?(\d+)", part)
        if kind is None:
            zone = precise_by_name(part)
            if zone:
                buys.append(f"precise:{zone}")
            else:
                errors.append(f"5.2.1: «{part}» is not a purchase (точная зона, опасность, пробитие, игнор брони, "
                              "шок, кровотечение)")
        elif kind == "precise":
            zone = precise_by_name(part.replace("точная зона", "").replace("precise", ""))
            if zone is None:
                errors.append(f"5.5.1: «{part}» names no precise zone")
            else:
                buys.append(f"precise:{zone}")
        elif kind == "ignore_armour":
            buys.append(f"ignore_armour:{number.group(1) if number else 'all'}")
        else:
            buys.append(f"{kind}:{number.group(1) if number else 1}")
    return buys, errors


def find_weapon(text: str, fighter: object) -> str | None:
    """The id of a carried, not held, weapon the text names (by its id or its type's ru/en name)."""
    for w in getattr(fighter, "weapons", ()):
        if w.hands and w.state == "ready":
            continue
        name = data.weapon_type(w.type)["name"]
        if w.id in text or name["en"].lower() in text or name["ru"].lower()[:-1] in text:
            return w.id
    return None


RANGED_MANEUVERS = {
    "jump_fall_throw": ("Бросок в прыжке/падении", "Throw while jumping or falling"),
    "moving_shot": ("Выстрел в движении", "Shot on the move"), "jump_shot": ("Выстрел в прыжке", "Jump shot"),
    "grazing_shot": ("Выстрел по касательной", "Grazing shot"), "through_shot": ("Выстрел навылет", "Through shot"),
    "double_shot": ("Двойной выстрел", "Double shot"), "synchronous_throw": ("Синхронный бросок", "Synchronous throw"),
    "rapid_fire": ("Скоростная стрельба", "Rapid fire"),
    "protect_ally_ranged": ("Защита союзника", "Protect ally"), "shield_screen": ("Заслон щитом", "Shield screen"),
    "pendulum": ("Маятник", "Pendulum"), "shield_parry_missile": ("Парирование щитом", "Shield parry"),
    "weapon_parry_missile": ("Парирование оружием", "Weapon parry"), "missile_catch": ("Перехват", "Missile catch"),
    "missile_dodge": ("Уклонение", "Missile dodge"), "missile_slip": ("Свиля", "Missile slip"),
    "body_cover": ("Прикрытие телом", "Body cover"),
}
"""The ranged maneuvers (5.4.6, 5.4.7: M75–M90) by the rulebook's names, without the (Р) mark; a bodyguard's body
cover (L981, «прикрывать его своим телом»), which the rulebook names no maneuver for."""


def maneuver_name(code: str, lang: str) -> str:
    if code == "pass":
        return "пас" if lang == "ru" else "pass"
    return data.maneuvers()[code]["name"]["ru" if lang == "ru" else "en"]


INLINE_NAMES = {"limb_block": "блок рукой или ногой", "weapon_trip": "подсечка оружием",
                "wrestling_trip": "подсечка в борьбе", "wrestling_grab_defence": "защитный захват",
                "grapple_weapon_strike": "удар оружием в борьбе", "wrestling_evasion": "уклонение в борьбе",
                "envelop": "обхват в клинче"}
"""Russian names whose catalogue form carries a bracket («Блок рукой (ногой)»), said without it where the name itself
stands in brackets («RAT (блок рукой или ногой)»), so no brackets nest."""


def maneuver_inline(code: str, lang: str) -> str:
    """A maneuver's name to stand inside brackets or before its id: no (Р) mark, no bracket of its own."""
    if lang == "ru" and code in INLINE_NAMES:
        name = INLINE_NAMES[code]
        return name[0].upper() + name[1:]
    return maneuver_name(code, lang).removesuffix(" (Р)")


def flag_name(flag: str, lang: str) -> str:
    """A wound's flag or consequence (damage.thresholds, damage.consequences); English keeps the id."""
    return FLAG_NAMES.get(flag, flag) if lang == "ru" else flag


def zone_name(code: str, lang: str) -> str:
    pair = ZONE_NAMES.get(code) or tuple(data.body()["precise_names"].get(code, (code, code)))
    return pair[0] if lang == "ru" else pair[1]


def pick(pair: tuple[str, str] | list[str], lang: str) -> str:
    return pair[0] if lang == "ru" else pair[1]


SKILL_NAMES = {"swords": "мечи", "knives": "ножи", "spears": "копья", "maces": "булавы", "polearms": "древковое",
               "fist": "кулачный бой", "wrestling": "борьба", "acrobatics": "акробатика"}


def skill_name(code: str, lang: str) -> str:
    return SKILL_NAMES.get(code, code) if lang == "ru" else code


NEEDS_BLOW = frozenset({"power_blow", "finishing_blow", "countertime", "circular_strike", "circular_slash",
                        "lightning_attack", "concentrated_blow", "beat", "destabilization", "weapon_trip",
                        "synchronous_attack", "rushing_attack", "precise_attack", "sudden_attack", "master_strike",
                        "grapple_weapon_strike"})
"""Maneuvers made with a blow, named in the post in brackets: «батман (рубящий) в верхний корпус»."""

FIELD_PATTERNS = (
    ("masters", r"(\d+) мастерск"), ("masters", r"(\d+) master"),
    ("intercept", r"перехват (\d+)"), ("intercept", r"intercept (\d+)"),
    ("grip", r"хват (recursive|half_sword|two_hands|one_hand)"),
    ("limbs", r"(\d+) конечност"), ("limbs", r"(\d+) limb"),
)
"""Declaration fields a post may name: «2 мастерских успеха», «перехват 2», «3 конечности»."""


# --- names of things a fighter carries ---------------------------------------------------------------------------

GRIP_NAMES = {"one_hand": ("одной рукой", "one hand"), "two_hands": ("двумя руками", "two hands"),
              "half_sword": ("полумеч", "half-sword"), "reverse": ("обратный хват", "reverse grip"),
              "recursive": ("хват за клинок", "recursive grip"), "pommel": ("за навершие", "pommel grip")}


def item_name(item: str, lang: str) -> str:
    """A weapon, shield or armour piece by its id: its type's name when the id is a type of the data (the SAMPLE
    sheets name their weapons by type), else the id itself (a GM's own name)."""
    for table, key in (("weapons", "weapons"), ("shields", "shields"), ("armour", "armour")):
        entry = data.table(table)[key].get(item)
        if entry is not None:
            return entry["name"]["ru" if lang == "ru" else "en"].lower() if lang == "ru" else entry["name"]["en"]
    return item


def grip_name(grip: str, lang: str) -> str:
    return pick(GRIP_NAMES.get(grip, (grip, grip)), lang)


# --- the GM's arithmetic of a maneuver's effect, in Russian --------------------------------------------------------

GENERAL_ZONES = {"arm": "рука", "leg": "нога", "torso": "корпус", "head": "голова", "main_arm": "ведущая рука",
                 "off_arm": "вторая рука", "legs": "обе ноги"}
LENGTH_WORDS = "|".join(sorted(LENGTH_NAMES, key=len, reverse=True))
DISTANCE_RU = {"hand": ("ручная", "ручной", "ручную"), "short": ("короткая", "короткой", "короткую"),
               "medium": ("средняя", "средней", "среднюю"), "long": ("длинная", "длинной", "длинную"),
               "very_long": ("очень длинная", "очень длинной", "очень длинную"),
               "extremely_long": ("крайне длинная", "крайне длинной", "крайне длинную")}
"""The combat distance as the rulebook says it (4.2: «ручная дистанция», «на короткой дистанции»): nominative,
genitive, accusative of the adjective agreeing with «дистанция»."""


def distance_name(code: str, lang: str, case: str = "nomn") -> str:
    """A combat distance (a length category) agreeing with «дистанция» in `case` (nomn, gent, accs)."""
    if lang != "ru":
        return pick(LENGTH_NAMES.get(code, (code, code)), lang)
    forms = DISTANCE_RU.get(code)
    return forms[("nomn", "gent", "accs").index(case)] if forms else code

BLOW_NOM = {"cut": "секущий", "slash": "секущий", "chop": "рубящий", "thrust": "колющий", "crush": "дробящий"}
CAUGHT = {"masc": "захвачен", "femn": "захвачена", "neut": "захвачено"}
BROKEN = {"masc": "сломан", "femn": "сломана", "neut": "сломано"}
INTACT = {"masc": "цел", "femn": "цела", "neut": "цело"}
FREED = {"masc": "освобождён", "femn": "освобождена", "neut": "освобождено"}
DROPPED = {"masc": "брошен", "femn": "брошена", "neut": "брошено"}

WHY_RU: tuple[tuple[str, Any], ...] = (
    # dice and checks
    (r"(?:vs|против) (\d+) needed", r"при нужных \1"),
    (r"(\w+) takes (.+?) to (?:his|their) own forehead", r"\1 получает удар в собственный лоб: \2"),
    (r"(⌊[^⌋]*⌋ = )(\d+) new zones", r"новых зон \1\2"),
    (r"(\d+)d %(\d+) \[", r"\1к10 %\2 ["),
    (r"(\d+)d6\b", r"\1к6"), (r"(\d+)d10\b", r"\1к10"),
    (r"−(\d+) di(?:e|ce) \(2 successes each\)", r"−\1 куб. (по 2 успеха)"),
    (r"\(the ([a-z_]+)'s critical failure \(L609\)\)", r"(критический провал: \1, L609)"),
    (r"\(the ([a-z_]+)\)", r"(\1)"), (r"\bhand distance\b", "ручная дистанция"), (r"\bstep (\d+)", r"шаг \1"),
    (r"(\w+) reactive check", r"\1: проверка реакции"), (r"(\w+) (balance|Strength) (\d+)(?:d|к10) %",
                                                          lambda m: f"{m.group(1)}: "
                                                          f"{'равновесие' if m.group(2) == 'balance' else 'Сила'} "
                                                          f"{m.group(3)}к10 %"),
    (r"reactive check", "проверка реакции"), (r"reactive Wrestling or Acrobatics by Reflex", "реакция"),
    (r"Body Language", "язык тела"), (r"Stability", "устойчивость"), (r"Strength", "Сила"),
    (r"Endurance", "Выносливость"), (r"Acrobatics", "акробатика"), (r"\bbalance\b", "равновесие"),
    (r"interception", "перехват"),
    # falls and throws
    (r"(\w+) falls \(([^)]*\)?)\): (\d+) m", r"\1 падает (\2): \3 м"),
    (r"falls as from (\d+) m", r"падает как с \1 м"),
    (r"\(critical failure doubles it\)", "(критический провал — вдвое)"),
    (r"is thrown from (\d+) m", r"брошен с \1 м"), (r"ends standing", "остаётся на ногах"),
    (r"ends lying", "оказывается на земле"), (r"ends sitting", "оказывается сидя"),
    (r"no wound from the fall", "падение без раны"), (r"fall damage", "урон от падения"),
    (r"crushing armour (\d+) \((\w+)\)", r"броня против дробящего \1 (\2)"),
    (r"the hold is kept", "захват сохранён"), (r"the hold is lost", "захват потерян"),
    (r"the hold is broken", "захват разорван"), (r"still held", "захват не разорван"),
    (r"combat initiative is rerolled", "переброс боевой инициативы"),
    (r"keeps the feet", "устоял на ногах"), (r"keeps the weapon", "удержал оружие"),
    (r"falls to the floor \(Quick draw picks it up\)", "падает на пол (поднять — Быстрое выхватывание)"),
    (r"falls to the floor", "падает на пол"), (r"flies (\d+) m", r"отлетает на \1 м"),
    # wounds and damage
    (r"W (\d+) → level (\d+)", r"W \1 → ур. \2"), (r"\blevel (\d+)", r"ур. \1"),
    (r"non-lethal", "нелетально"), (r"to (?:his|their) own forehead", "себе в лоб"), (r"(\w+) takes ", r"\1 получает "),
    (r"the blow hits (\w+)'s (\w+) \((\w+)\)", r"удар приходится \1: \2 (\3)"),
    (r"neck armour", "броня шеи"), (r"\barmour\b", "броня"), (r"the breath is cut", "дыхание перекрыто"),
    (r"joint break at (\w+) \((\w+)\)", r"перелом сустава: \1 (\2)"), (r"not broken", "не сломан"),
    (r"\bbroken\b", "сломан"), (r"needed", "нужно"),
    # what the final successes buy
    (r"(\d+) final successes", r"\1 итог. усп."), (r"(\d+) final", r"\1 итог."), (r"(\d+) successes", r"\1 усп."),
    (r"from the next exchange", "со следующего обмена"),
    (r"in this and the next exchange", "в этом и следующем обмене"), (r"in the next exchange", "в следующем обмене"),
    (r"next exchange", "в следующем обмене"), (r"this exchange", "в этом обмене"),
    (r"next round", "в следующем раунде"), (r"for the rest of the round", "до конца раунда"),
    (r"(\d+) new zones", r"\1 нов. зон"), (r"pain hold (\d+)", r"болевой захват \1"),
    (r"\+(\d+) dice on dodges", r"+\1 куб. на уклонения"), (r"\+(\d+) wrestling dice", r"+\1 куб. борьбы"),
    (r"\+(\d+) dice on (\w+)'s attack", r"+\1 куб. на атаку \2"),
    (r"\+(\d+) dice on (\w+)", lambda m: f"+{m.group(1)} куб. на " + (
        f"«{maneuver_inline(m.group(2), 'ru')}»" if m.group(2) in data.maneuvers() else m.group(2))),
    (r"(?:(?<=→ )|(?<=; )|^)(\w+) shock (\d+)\b", r"у \1 шок \2"),
    (r"\+ ([a-z_]+) (cut|slash|chop|thrust|crush) \+(\d+)",
     lambda m: f"+ {BLOW_NOM[m.group(2)]} удар {item_in(m.group(1), 'gent')} +{m.group(3)}"),
    (r"\+(\d+) on the next initiative roll", r"+\1 к следующему броску инициативы"),
    (r"(\w+) wins with (\d+)", r"\1 побеждает с \2"),
    (r"(\w+) has no parry, sudden attack, disarm, grab or knock-aside then",
     r"у \1 тогда нет парирования, внезапной атаки, обезоруживания, захвата и сбива"),
    (r"(\w+) gives initiative to (\w+)", r"\1 отдаёт инициативу \2"),
    (r"(\w+) closes to (" + LENGTH_WORDS + r")",
     lambda m: f"{m.group(1)} сближается до {distance_name(m.group(2), 'ru', 'gent')} дистанции"),
    (r"pushed to (" + LENGTH_WORDS + r")",
     lambda m: f"отброшен на {distance_name(m.group(1), 'ru', 'accs')} дистанцию"),
    (r"neither uses the weapons involved then", "тогда оба не могут пустить в ход сцепившееся оружие"),
    (r"(\w+) may only thrust with (\w+)",
     lambda m: f"{m.group(1)} может только колоть {item_in(m.group(2), 'ablt')}"),
    (r"(\w+) loses (\d+) reflex and (\d+) skill points", r"\1 теряет \2 рефлекса и \3 навыка"),
    (r"and cannot use (\w+)", lambda m: f"и не может использовать {item_in(m.group(1), 'accs')}"),
    (r"(\w+) holds (\w+)'s (\w+)", r"\1 держит \2: \3"), (r"distance (" + LENGTH_WORDS + r")",
                                                             lambda m: f"дистанция {distance_name(m.group(1), 'ru')}"),
    (r"\bwrestling\b", "борьба"), (r"then", "тогда"),
    (r"every other maneuver of (\w+) в этом обмене fails", r"все прочие маневры \1 в этом обмене не удаются"),
    (r"(\w+) takes (\w+) to the ground and immobilises him", r"\1 валит \2 на землю и обездвиживает"),
    (r"валит (\w+) на землю", r"валит \1 на землю"),
    (r"(\w+) получает (\w+) to the ground and immobilises him", r"\1 валит \2 на землю и обездвиживает"),
    (r"is knocked down", "сбит с ног"), (r"(\w+)'s (\d+) итог\. усп\. counter-hit (\w+) at once, undefended",
                                         r"\2 итог. усп. \1 — немедленный ответный удар по \3 без защиты"),
    (r"(\w+)'s blow lands after (\w+)'s", r"удар \1 приходится после удара \2"),
    (r"(\w+)'s blow lands first", r"удар \1 приходится первым"),
    (r"(\w+) получает (\d+) pain whenever he breaks free or performs a technique",
     r"\1 получает \2 боли всякий раз, когда вырывается или проводит прием"),
    (r"(?:the )?\b([a-z_]+) is caught", lambda m: agreed(item_name(m.group(1), "ru"), CAUGHT)),
    (r"(\w+) → (\w+) \((\d+) R, M56\)", r"\1 → \2 (\3 Р, M56)"),
    (r"\bshock\b", "шок"), (r"\bpain\b", "боль"), (r"\bbleeding\b", "кровотечение"),
    (r"\bzone\b", "зона"), (r"throw with (\d+) dice", r"бросок \1 куб."), (r"\bthrow\b", "бросок"),
    (r"\bfailed\b", "провал"), (r"\bmade\b", "выдержано"), (r"a ground clinch", "клинч на земле"),
    (r"a standing clinch", "клинч стоя"), (r"both on the ground", "оба на земле"),
    (r"the successes lost", "успехи пропадают"), (r"\bdice\b", "куб."), (r"\bcarotid\b", "сонная артерия"),
    (r"\blethal\b", "насмерть"), (r"\bcut\b", "секущий"), (r"\bchop\b", "рубящий"), (r"\bthrust\b", "колющий"),
    (r"\bcrush\b", "дробящий"),
)
_WHY_RU = tuple((re.compile(p), r) for p, r in WHY_RU)


HEAD_ALIASES = {"arrow": "arrow_evasion", "trip": "wrestling_trip", "throw with pain hold": "throw_with_hold",
                "headbutt": "headbutt", "joint break": "joint_break"}


def why_ru(line: str) -> str:
    """One line of a maneuver's arithmetic (`why`, English as the GM's log writes it) in Russian: its numbers as
    they stand, the words from a fixed glossary (zone, maneuver, weapon and distance names from the data)."""
    head, sep, rest = line.partition(": ")
    code = head.strip().split(" (")[0]
    code = HEAD_ALIASES.get(code, code.replace(" ", "_"))
    if sep and code in data.maneuvers():
        variant = head.partition(" (")[2].rstrip(")")
        name = data.maneuvers()[code]["name"]["ru"].removesuffix(" (Р)")
        line = name + (f" ({why_ru(variant)})" if variant else "") + ": " + rest
    for pattern, repl in _WHY_RU:
        line = pattern.sub(repl, line)
    names = {**{k: v[0] for k, v in ZONE_NAMES.items()}, **{k: v[0] for k, v in data.body()["precise_names"].items()},
             **GENERAL_ZONES, **{k: v[0] for k, v in LENGTH_NAMES.items()}, **{k: v[0] for k, v in GRIP_NAMES.items()},
             "trip": "подсечка"}
    line = re.sub(r"\b[a-z]+(?:_[a-z]+)*\b", lambda m: names.get(m.group(0)) or (
        maneuver_inline(m.group(0), "ru").lower() if m.group(0) in data.maneuvers() else
        item_name(m.group(0), "ru")), line)
    return line


# --- agreement and cases of Russian names (pymorphy3): «средний меч захвачен», «булава сломана», «средним мечом» --

@cache
def _morph() -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def _head(name: str) -> tuple[int, Any] | None:
    """(index, parse) of the head noun of a Russian noun phrase in the nominative («средний меч»: 1, «меч»), every
    word before it an adjective agreeing with it; None when the dictionary does not know the phrase that well."""
    morph = _morph()
    words_ = name.split()
    for i, word in enumerate(words_):
        low = word.lower()
        if not morph.word_is_known(low):
            return None
        nouns = [p for p in morph.parse(low) if {"NOUN", "nomn", "sing"} <= p.tag.grammemes]
        noun = next((p for p in nouns if "inan" in p.tag.grammemes), nouns[0] if nouns else None)  # a thing
        if noun is None:
            continue
        before = words_[:i]
        if all(any({"ADJF", "nomn", noun.tag.gender} <= p.tag.grammemes for p in morph.parse(w.lower()))
               for w in before):
            return i, noun
        return None
    return None


def gender(name: str) -> str | None:
    """masc, femn or neut: the grammatical gender of a Russian name's head noun (None: not known)."""
    head = _head(name)
    return head[1].tag.gender if head else None


def agreed(name: str, forms: Mapping[str, str]) -> str:
    """`name` with the word of its gender («средний меч захвачен», «булава захвачена»); a name the dictionary does not
    know takes the neuter after «оружие» («оружие «шпаголом» захвачено»), never a wrong ending."""
    g = gender(name)
    return f"{name} {forms[g]}" if g in forms else f"оружие «{name}» {forms['neut']}"


def inflected(name: str, case: str) -> str | None:
    """A Russian noun phrase in `case` (gent, datv, accs, ablt, loct): «средний меч» -> «средним мечом» (ablt); None
    when it cannot be analysed."""
    head = _head(name)
    if head is None:
        return None
    i, noun = head
    if case == "accs" and noun.tag.gender != "femn":
        return name  # a thing: its accusative is its nominative (the dictionary may know «бастард» as a person)
    morph, words_ = _morph(), name.split()
    out = []
    for k, word in enumerate(words_):
        if k < i:
            parse = next(p for p in morph.parse(word.lower()) if {"ADJF", "nomn", noun.tag.gender} <= p.tag.grammemes)
        elif k == i:
            parse = noun
        else:
            out.append(word)
            continue
        said = parse.inflect({case, "sing"})
        if said is None:
            return None
        out.append(said.word[0].upper() + said.word[1:] if word[0].isupper() else said.word)
    return " ".join(out)


def item_in(item: str, case: str) -> str:
    """A weapon or shield (id) by its Russian name in `case`; a name that cannot be declined is quoted after a noun
    that can («оружием «шпаголом»»)."""
    name = item_name(item, "ru")
    said = inflected(name, case)
    if said is not None:
        return said
    return {"gent": "оружия", "datv": "оружию", "accs": "оружие", "ablt": "оружием", "loct": "оружии"}.get(
        case, "оружие") + f" «{name}»"


# --- fighters by their names: «инициатива переходит к Всеславу», «у Зоряны шок 3», «Ratibor's blow» -------------

CASE_AFTER = {
    # prepositions
    "у": "gent", "от": "gent", "до": "gent", "для": "gent", "против": "gent", "без": "gent", "из": "gent",
    "после": "gent", "кроме": "gent", "к": "datv", "по": "datv", "в": "accs", "через": "accs", "про": "accs",
    "с": "ablt", "со": "ablt", "над": "ablt", "под": "ablt", "перед": "ablt", "между": "ablt", "о": "loct",
    "об": "loct", "при": "loct",
    # a noun whose fighter it is: «удар Ратибора», «защита Всеслава», «Скорость Бориса», «3 итог. усп. Ратибора»
    "атака": "gent", "атаки": "gent", "атаку": "gent", "удар": "gent", "удара": "gent", "защита": "gent",
    "защиты": "gent", "заявка": "gent", "перевода": "gent", "перевод": "gent", "выстрел": "gent",
    "выстрела": "gent", "сбив": "gent", "щит": "gent", "скорость": "gent", "досягаемость": "gent",
    "маневры": "gent", "тактики": "gent", "зоны": "gent", "попадания": "gent", "усп": "gent", "ускорения": "gent",
    "рефлекса": "gent", "путь": "gent",
    "мимо": "gent",
    "атаковать": "accs",
    # verbs and their objects: «удар приходится Всеславу», «прикрывает напарника Бориса», «держит Всеслава», «валит
    # Ратибора на землю», «защищает Зоряну», «не видит Мирославу»
    "приходится": "datv", "напарника": "accs", "держит": "accs", "валит": "accs", "защищает": "accs", "видит": "accs",
}
"""The case of a fighter's name after the word before it (lower case): a preposition's, a noun's genitive of whom it
is, a verb's object. A name after any other word keeps its id (the standing table names it): never a guessed case."""
CASE_AFTER_TWO = {("отдаёт", "инициативу"): "datv"}
"""Two words before a name that ask a case the last one alone does not («отдаёт инициативу Всеславу»)."""
LABEL = re.compile(r"(?:^|[.;:—→(,=|★]|\*\*)\s*$")
"""Where a name stands as a label, in the nominative: the start of a line or a sentence, after «:», «;», «—», «→»,
«,», «(»."""
_LAST_WORDS = re.compile(r"(?:([А-Яа-яЁё]+) )?([А-Яа-яЁё]+)\.? $")


def name_case(before: str) -> str | None:
    """The case a fighter's name takes after `before` (the text preceding it), None when it is not known."""
    last = _LAST_WORDS.search(before)
    if last is not None:
        two = (str(last.group(1) or "").lower(), last.group(2).lower())
        case = CASE_AFTER_TWO.get(two) or CASE_AFTER.get(two[1])
        if case is not None:
            return case
    return "nomn" if LABEL.search(before) else None


def name_in_case(name: str, case: str) -> str:
    """A fighter's Russian name in `case`; a name that cannot be declined follows «боец» in that case, itself in the
    nominative («у бойца Sir Pell»): never a wrong ending."""
    from replay.render import ru

    return name if case == "nomn" else ru.name_in(name, case, "боец")


def agreeing(word: str, name: str) -> str:
    """A past verb or short form just after a fighter's name, agreeing with the fighter («Зоряна бежала», «Зоряна
    отброшена»; `ru.said_of`)."""
    from replay.render import ru

    return ru.said_of(word, name)


def by_name(text: str, names: Mapping[str, Mapping[str, str]], lang: str, *, before: str = "") -> str:
    """`text` with each fighter's id (RAT) in it replaced by the fighter's name (`names`: id -> {ru, en}). English
    writes the name as it is; Russian declines it in the case the words before it ask (`name_case`: «к Всеславу»,
    «у Зоряны»), the nominative where it is a label («Всеслав — атака»), with a past form just after it agreeing
    («Зоряна бежала»); where the case is not known the id stays. `before`: the text the line has before `text` (a
    case is asked across a bold span). One pass: a name holding an id is not read again; a letter of the arithmetic
    («W = 6») or a facing («facing E») is not a fighter."""
    ids = sorted((i for i in names if i), key=len, reverse=True)
    if not ids or not text:
        return text
    found = re.compile(r"(?:(?<![\w-])([ВвСс]) )?(?<![\w-])(?<!facing )(?<!лицом на )("
                       + "|".join(map(re.escape, ids)) + r")(?![\w-])(?! = )( [А-Яа-яЁё]+)?")
    ru_ = lang == "ru"

    def said(m: re.Match[str]) -> str:
        prep, fid, after = m.group(1) or "", m.group(2), m.group(3) or ""
        name = names[fid].get("ru" if ru_ else "en") or fid
        lead = prep + " " if prep else ""
        if not ru_:
            return lead + name + after
        case = name_case(before + text[:m.start(2)])
        if case is None:
            return lead + fid + after
        if case == "nomn" and after:
            after = " " + agreeing(after[1:], name)
        form = name_in_case(name, case)
        return (vowelled(prep, form) + " " if prep else "") + form + after

    return found.sub(said, text)


def vowelled(preposition: str, word: str) -> str:
    """«в», «с» as «во», «со» before two consonants they would run into («во Всеслава», «со Святославом»)."""
    clash = {"в": "вф", "с": "сзшж"}.get(preposition.lower(), "")
    consonants = "бвгджзйклмнпрстфхцчшщ"
    if len(word) > 1 and word[0].lower() in clash and word[1].lower() in consonants:
        return preposition + "о"
    return preposition


# --- the field's words in Russian: facings and sides ------------------------------------------------------------

FACING_RU = {"N": ("С", "север"), "NE": ("СВ", "северо-восток"), "E": ("В", "восток"), "SE": ("ЮВ", "юго-восток"),
             "S": ("Ю", "юг"), "SW": ("ЮЗ", "юго-запад"), "W": ("З", "запад"), "NW": ("СЗ", "северо-запад")}
"""3.6: a facing as the Russian compass letters and word (the post's parser reads both)."""


def facing_name(code: str, lang: str, *, word: bool = False) -> str:
    """A facing (E) in Russian: «В», or the word «восток»; English keeps the code."""
    if lang != "ru" or code not in FACING_RU:
        return code
    return FACING_RU[code][1 if word else 0]


def side_name(side: str, lang: str) -> str:
    """A side as a reader calls it: a colour code or an English colour word said in Russian, in the plural of the
    side's fighters («синие», «темно-красные»); a side's own name as written."""
    from replay.render import ru
    from replay.render.text import PALETTE, colour_name

    if lang != "ru":
        return colour_name(side, lang)
    colour = next((ru_ for _, ru_, en in PALETTE if en == side.strip().lower()), None)
    if colour is None and colour_name(side, "ru") != side:
        colour = colour_name(side, "ru")
    return side if colour is None else " ".join(ru.agree(w, number="plur") for w in colour.split())
