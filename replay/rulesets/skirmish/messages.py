"""The skirmish's English lines in Russian: its arithmetic (`why`, each line through `SENTENCES` and then the glossary
of `words.why_ru`), its problems (check.py's C15 codes and their sentences), its event types' names and its roll
purposes, as a catalogue (replay.render.i18n) over the words of `words.py`.

A line is said in Russian only when nothing English is left in it but names and ids; otherwise it is printed in
English, marked, as the core does for a line no catalogue knows."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from replay.render.i18n import UNTRANSLATED, Catalogue, decimal
from replay.render.text import plural
from replay.rulesets.skirmish import words
from replay.rulesets.skirmish.formation import silent as formation_silent

EVENT_RU = {
    "skirmish.round_started": "начало раунда", "skirmish.fatigue": "усталость",
    "skirmish.initiative": "боевая инициатива", "skirmish.exchange_started": "начало обмена",
    "skirmish.declared": "заявка", "skirmish.feint": "финт", "skirmish.feint_check": "проверка против финта",
    "skirmish.clash": "сшибка", "skirmish.hit": "попадание", "skirmish.blocked": "блок",
    "skirmish.knocked_aside": "сбив", "skirmish.effect": "действие маневра", "skirmish.stood_up": "попытка встать",
    "skirmish.knockout": "проверка потери сознания", "skirmish.exchange_ended": "итог обмена",
    "skirmish.round_ended": "конец раунда", "skirmish.fight_ended": "конец боя",
}
PURPOSE_RU = {
    "initiative": "на боевую инициативу", "attack": "на атаку", "attack2": "на вторую атаку",
    "defence": "на защиту", "defence2": "на вторую защиту", "redefence": "на новую защиту",
    "acrobatics": "на акробатику", "assess": "на оценку противника", "balance": "на равновесие",
    "body_language": "на язык тела", "demoralization": "на деморализацию", "endurance": "на выносливость",
    "fall_damage": "на урон от падения", "fall_endurance": "на выносливость при падении",
    "fall_zone": "на зону при падении", "fatigue": "на усталость", "fortitude": "на стойкость",
    "interception": "на перехват", "knockout": "на потерю сознания", "opposed": "встречный",
    "knockout_rounds": "на число раундов без сознания",
    "penetration": "на пробивание", "reactive": "на реакцию", "reliability": "на надёжность",
    "stability": "на устойчивость", "strength": "на Силу", "zone": "на зону", "empathy": "на эмпатию",
    "body": "на зону тела (по стойке)", "transfer": "на перевод",
}
_KIND_RU = {"attack": "атаки", "defence": "защиты", "general": "общий", "wrestling": "борьбы"}
STEP_RU = {"attack": "атаки", "defence": "защиты"}
def plural_rounds(n: int) -> str:
    return "раунд" if n % 10 == 1 and n % 100 != 11 else "раунда" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 \
        else "раундов"


def _sign(sign: str) -> str:
    """A term's sign as the arithmetic writes it: «+» or the minus «−»."""
    return "+" if sign == "+" else "−"


def _penalties(term: str | None) -> str:
    """ " -1 penalties" (a final's penalty term) as « − 1 (штрафы)»."""
    if not term:
        return ""
    m = re.fullmatch(r" ([+−-])(\d+) penalties", term)
    return f" {_sign(m.group(1))} {m.group(2)} (штрафы)" if m else term.replace("penalties", "(штрафы)")


_SUCCESSES = ("успех", "успеха", "успехов")
_WEATHER_RU = {"wind": "ветер", "rain": "дождь", "strong_wind": "сильный ветер", "downpour": "ливень",
               "snowfall": "снегопад"}


STATUS_RU = {"dead": "мёртв", "unconscious": "без сознания", "helpless": "беспомощен"}

SENTENCES: tuple[tuple[str, str], ...] = (
    # the shaft cut (M42, A-93)
    (r"(\w+)'s chopping knock-aside at (\w+)'s shaft: (\d+) final successes, at most the chop damage \(([^)]*)\)",
     r"рубящий сбив \1 по древку (\2): итог. успехов \3, не больше рубящего урона (\4)"),
    (r"→ the shaft is cut", "→ древко перерублено"),
    (r"→ the shaft holds; the Fortitude check follows", "→ древко выдержало; следует проверка Стойкости"),
    # zonal defence (CP-05, L203), the transfer feint (M15), the body roll (5.9.5)
    (r"^zonal defence: (\w+) committed no guard before the attack: nothing is guarded; ",
     r"зональная защита: \1 не выбрал охраняемую зону до атаки — ничего не охраняется; "),
    (r"^zonal defence: (\w+) guards (\w+); ", lambda m: f"зональная защита: {m.group(1)}, охраняемая зона — "
     f"{words.zone_name(m.group(2), 'ru')}; "),
    (r"the attack goes to (\w+) → dice doubled (\d+) → (\d+) \(free, (A-\d+)\)",
     lambda m: f"атака в зону «{words.zone_name(m.group(1), 'ru')}» → кубики удвоены {m.group(2)} → {m.group(3)} "
     f"(бесплатно, {m.group(4)})"),
    (r"the attack goes to (\w+) → dice halved (\d+) → ⌊(\d+)/2⌋ = (\d+)",
     lambda m: f"атака в зону «{words.zone_name(m.group(1), 'ru')}» → кубики уполовинены {m.group(2)} → "
     f"⌊{m.group(3)}/2⌋ = {m.group(4)}"),
    (r"^(\w+) reveals a transfer feint \((CP-\d+)\): (\d+) master \+ (\d+) extraordinary = (\d+) automatic successes "
     r"on the (\w+); activation (\d+) R \(1 \+ weight above medium\); a win deals no damage and carries over to "
     r"exchange 2",
     lambda m: f"{m.group(1)} открывает перевод ({m.group(2)}): {m.group(3)} мастерских + {m.group(4)} "
     f"экстраординарных = {m.group(5)} автом. успехов на «{_maneuver(m.group(6))}»; активация {m.group(7)} Р (1 + вес "
     "сверх среднего); победа не наносит урона и переносится во второй обмен"),
    (r"^phase 1 of (\w+)'s transfer feint fails: the (\d+) successes are lost, no phase 2",
     r"первая фаза перевода \1 не удалась: \2 успеха пропадают, второй фазы нет"),
    (r"(\d+) cm ≥ 3 × (\d+) cm: no zone is chosen; 1d6 \[(\d+)\] on the (\w+) column → (\w+)",
     lambda m: f"{m.group(1)} см ≥ 3 × {m.group(2)} см: зона не выбирается; 1к6 [{m.group(3)}] по столбцу "
     f"«{words.pick(words.STANCE_NAMES.get(m.group(4), (m.group(4),) * 2), 'ru')}» → "
     + ("промах" if m.group(5) == "miss" else words.zone_name(m.group(5), "ru"))),
    # a declaration and its price (resolve.declaration_why)
    (r"(\w+) passes the (attack|defence) step", lambda m: f"{m.group(1)}: пас на шаге {STEP_RU[m.group(2)]}"),
    (r"\(answered by a free check, not a defence \(([\d.]+)\)\)", r"(отвечает свободной проверкой, а не защитой (\1))"),
    (r"\(attacked this exchange \((A-\d+)\)\)", r"(уже атаковал в этом обмене (\1))"),
    (r"\(cannot act\)", "(не может действовать)"), (r"\(nothing to answer\)", "(нечего отражать)"),
    (r"\(a hidden attack not sensed \(([^)]*)\)\)", r"(скрытая атака не замечена (\1))"),
    (r"→ None ", "→ (цель не названа) "),
    (r"\bcost (\d+) dice", r"стоимость \1 куб."), (r"\+(\d+) above skill (\d+)", r"+\1 сверх умения \2"),
    (r"\+(\d+) length\b", r"+\1 за длину"), (r"\+(\d+) activation\b", r"+\1 активация"),
    (r"→ frees R(\d+) S(\d+) \(reflex first", r"→ освобождает Р\1 Н\2 (сначала рефлекс"),
    (r"\bR(\d+) S(\d+)\b", r"Р\1 Н\2"),
    (r", rolls (\d+)", r", бросает \1"), (r"; requires (\d+) \(", r"; требует \1 ("),
    (r"(\d+)→(\d+) cm\b", r"\1→\2 см"), (r"(\d+) cm\b", r"\1 см"),
    (r"throw with pain hold (\d+)", r"бросок с болевым захватом \1"),
    (r"(\w+) draws (\w+) \((M\d+), (\d+) R\)", r"\1 выхватывает \2 (\3, \4 Р)"),
    (r"(\w+) acts in a pain hold: pain \+(\d+)", r"\1 действует в болевом захвате: боль +\2"),
    (r"the GM corrects the difficulty: %(\d+) → %(\d+)", r"ГМ исправляет сложность: %\1 → %\2"),
    (r"(\w+) defends against a trusted attacker: \+1 difficulty",
     r"\1 защищается от того, кому доверяет: +1 к сложности"),
    # the surprise (5.7, CP-43) and the Empathy check
    (r"the GM rules the attack unexpected: only a block, the simple parry or an evasion, reflex points only; "
     r"initiative stays with the attacker",
     "ГМ признаёт атаку неожиданной: только блок, простое парирование или уклонение, только очками рефлекса; "
     "инициатива остаётся у атакующего"),
    (r"the GM rules the attack unexpected, by someone the victim trusts: only a block, the simple parry or an evasion,"
     r" reflex points only, \+1 difficulty; initiative stays with the attacker",
     "ГМ признаёт атаку неожиданной, от того, кому жертва доверяет: только блок, простое парирование или уклонение, "
     "только очками рефлекса, +1 к сложности; инициатива остаётся у атакующего"),
    (r"the GM rules the attack hidden: the victim needs 1 success on Empathy %6 to defend at all",
     "ГМ признаёт атаку скрытой: чтобы вообще защищаться, жертве нужен 1 успех Эмпатии %6"),
    (r"^(\w+) Empathy (\d+)d %6 ", r"\1: Эмпатия \2d %6 "),  # a hidden shot's target (A-61), as other rolls read
    (r"→ senses the hidden attack and may defend", "→ замечает скрытую атаку и может защищаться"),
    (r"→ does not sense the hidden attack: it is unopposed", "→ не замечает скрытую атаку: защиты нет"),
    (r"(\w+)'s hidden attack succeeded: the next round starts with initiative rolls \(L48, 5.3 step 5; general "
     r"initiative is part 2, so combat initiative is rolled\)",
     r"скрытая атака \1 удалась: следующий раунд начинается с бросков инициативы (L48, 5.3 шаг 5; общая инициатива — "
     r"часть 2, поэтому бросается боевая)"),
    (r"(\w+)'s attack was unexpected: initiative stays with the attacker in the next round, whatever the defence did",
     r"атака \1 была неожиданной: инициатива остаётся у атакующего и в следующем раунде, что бы ни сделала защита"),
    # the clash (5.1)
    (r"(-?\d+) − (\d+) required = (-?\d+)", r"\1 − \2 треб. = \3"), (r"\(no defence\)", "(без защиты)"),
    (r"→ tie: the attack fails", "→ ничья: атака не прошла"), (r"→ hit, final (\d+)", r"→ попадание, итог. \1"),
    (r"→ the defence wins, final (\d+)", r"→ защита успешна, итог. \1"), (r"\bvs attack (\d+)", r"против атаки \1"),
    (r"\bvs\b", "против"), (r"(\w+) free check:", r"\1 свободная проверка:"), (r"(\d+)d %(\d+)", r"\1к10 %\2"),
    (r"\((\d+) declared − (\d+) lost \(", r"(заявлено \1 − потеряно \2 ("),
    (r"\((\d+) declared − (\d+) pending reduction, ([\d.]+)\)", r"(заявлено \1 − снижение \2, \3)"),
    (r"→ automatic failure", "→ автоматический провал"), (r"→ stands up", "→ встаёт"),
    (r"→ stays down", "→ остаётся на земле"),
    (r"(\w+)'s (\w+) lands, final (\d+); (\w+)'s attack fails", r"\2 \1 проходит, итог. \3; атака \4 не удаётся"),
    (r"(\w+)'s (\w+) fails: (\w+)'s (\w+) succeeded", r"\2 \1 не удаётся: \4 \3 удался"),
    (r"(\w+) answers the second attack with", r"\1 отвечает на вторую атаку:"),
    (r"(\w+) puts (\d+) of the block's successes against this attack", r"\1 ставит против этой атаки \2 успеха блока"),
    (r"(\w+) allocates the shield block's (\d+) successes: (\d+) against the first attack, (\d+) against the second",
     r"\1 делит \2 успеха блока щитом: \3 против первой атаки, \4 против второй"),
    (r" \(by default: enough to beat the first\)", " (по умолчанию: сколько нужно, чтобы отбить первую)"),
    # initiative (4.2, 5.3)
    (r"^exchange (\d+): initiative tie", r"обмен \1: инициатива равная"),
    (r"^exchange (\d+): initiative (\w+)", r"обмен \1: инициатива у \2"),
    (r"^initiative: tie;", "инициатива: равная;"), (r"^initiative: (\w+);", r"инициатива: \1;"),
    (r"initiative unchanged \((\w+)\)", r"инициатива не меняется (\1)"),
    (r"(\w+) intercepts initiative", r"\1 перехватывает инициативу"),
    (r"(\w+) keeps initiative", r"\1 сохраняет инициативу"),
    (r"(\w+) loses initiative → (\w+) holds it", r"\1 теряет инициативу → она у \2"),
    (r"^round (\d+): pools restored", r"раунд \1: пулы восстановлены"),
    (r"(\w+) shield covers the carrying arm", r"щит \1 прикрывает руку, что его держит"),
    (r"\((CP-\d+) kept", r"(\1 оставлено"),
    (r"\bReflex\b", "Рефлекс"), (r"\bEmpathy\b", "Эмпатия"), (r"\bFortitude\b", "Стойкость"),
    (r"→ no fatigue", "→ без усталости"), (r"→ fatigue (\d+)", r"→ усталость \1"),
    # feints (M14)
    (r"(\w+) invokes a feint: (.+?) at (.+?), activation (\d+) R \((\d+) \+ weight above light\); %(\d+), "
     r"requires (\d+)",
     r"\1 объявляет финт: \2 в \3, активация \4 Р (\5 + вес сверх лёгкого); %\6, требует \7"),
    (r"(\w+)'s (\w+) is void; ", r"\2 \1 отменено; "), (r"\blocked\b", "закрыто"),
    # the end of the exchange, the round, the fight
    # countertime at equal initiative (M08, CP-50)
    (r"the GM rules (\w+)'s countertime at equal initiative is rolled against (\w+)'s attack \(CP-50, A-31\)",
     r"ГМ решает: контртемп \1 при равной инициативе бросается против атаки \2 (CP-50, A-31)"),
    (r"the GM rules (\w+)'s countertime at equal initiative is an ordinary blow, simultaneous with (\w+)'s \(CP-50\)",
     r"ГМ решает: контртемп \1 при равной инициативе — обычный удар, одновременный с ударом \2 (CP-50)"),
    # the check against a shield push (M57, L709; CP-36)
    (r"balance \(Acrobatics by Reflex\)", "равновесие (Акробатика по Рефлексу)"),
    (r"→ falls \(L709\)", "→ падает (L709)"),
    # the grip changed over an exchange (M56, L703)
    (r"(\w+) changes (\w+) to the (\w+) grip over this exchange: no reflex points \(M56, L703\); the new grip from "
     r"the next exchange",
     lambda m: f"{m.group(1)} меняет хват ({words.item_name(m.group(2), 'ru')}) на "
     f"«{words.grip_name(m.group(3), 'ru')}» за весь обмен: очков рефлекса нет (M56, L703); новый хват — со следующего "
     "обмена"),
    # the pass (M22, L421-423)
    (r"(\w+) passes (\w+) into (\(-?\d+, -?\d+\)) \(M22, L421\)", r"\1 проходит мимо \2 в клетку \3 (M22, L421)"),
    (r"(\w+) moves on to (\(-?\d+, -?\d+\)): (\d+) m of Speed (\d+) \(M22, L421\)",
     r"\1 продолжает движение до клетки \2: \3 м из Скорости \4 (M22, L421)"),
    (r"(\w+) ends the melee as a successful retreat would \(M22, L423\)",
     r"\1 прерывает схватку, как удачное отступление (M22, L423)"),
    (r"(\w+) sets the combat distance: (\w+) \(M22, L423, CP-17\)",
     lambda m: f"{m.group(1)} устанавливает боевую дистанцию: {words.distance_name(m.group(2), 'ru')} (M22, L423, "
     "CP-17)"),
    (r"(\w+)'s pass ends the melee \(M22, L423\); meeting again starts a new melee with combat initiative",
     r"проход \1 прерывает схватку (M22, L423); новая встреча — новая схватка с боевой инициативой"),
    (r"(\w+) retreats: the melee ends \(([^)]*)\); meeting again starts a new melee with combat initiative",
     r"\1 отступает: схватка окончена (\2); новая встреча — новая схватка с боевой инициативой"),
    (r"(\w+) bleeds (\d+): blood loss (\d+) \+ (\d+) = (\d+)", r"\1: кровотечение \2, потеря крови \3 + \4 = \5"),
    (r"(\w+) (dead|unconscious|helpless): (\w+) wins", lambda m: f"{m.group(1)}: {STATUS_RU[m.group(2)]} — побеждает "
     f"{m.group(3)}"),
    (r"knockout check \(shock\)", "проверка потери сознания (шок)"), (r"knockout check", "проверка потери сознания"),
    (r"→ unconscious", "→ без сознания"), (r"→ conscious", "→ в сознании"),
    (r"unconscious for 1d6 \[(\d)\] = (\d) rounds \(C9\)",
     lambda m: f"без сознания 1к6 [{m.group(1)}] = {m.group(2)} {plural_rounds(int(m.group(2)))} (C9)"),
    (r"a level-4 head or torso wound: unconscious until treated \(C9\)",
     "рана 4-го уровня в голову или корпус: без сознания до лечения (C9)"),
    (r"(\w+) wrestling block: the attack's difficulty \+(\d+)", r"\1 блок в борьбе: сложность атаки +\2"),
    # damage (6.5)
    (r"→ level (\d+) \+ (\d+) danger = (\d+)", r"→ ур. \1 + \2 опасность = \3"), (r"\(dead\)", "(смерть)"),
    (r"\(dying\)", "(при смерти)"), (r"\bno wound\b(?! from)", "раны нет"),
    (r"\b(chopping|crushing|cutting|piercing) (\d+)", lambda m: f"против {_DAMAGE_GEN[m.group(1)]} {m.group(2)}"),
    (r"\b(chopping|crushing|cutting|piercing)\b(?! armour)", lambda m: _DAMAGE_RU[m.group(1)]),
    (r"(\d+) ignored\b", r"\1 не в счёт"), (r"\(SAMPLE\)", "(образец)"), (r"\bsample_v(\d+)", r"образец v\1"),
    (r"a strike in wrestling", "удар в борьбе"), (r"→ keeps the weapon", "→ удержал оружие"),
    (r"→ drops the weapon", "→ роняет оружие"),
    (r"only half the armour counts", "учитывается только половина брони"),
    (r"\bbuys \(armour\):", "покупки (броня):"), (r"\bbuys:", "покупки:"), (r"\bignore armour\b", "игнор брони"),
    (r"\bprecise zone\b", "точная зона"), (r"\bdanger \+", "опасность +"), (r"\bPrecise attack\b", "Точная атака"),
    (r"\bpenetration (\d+)d6", r"пробивание \1к6"), (r"armour counts twice", "броня считается дважды"),
    (r"armour counts once", "броня считается один раз"),
    (r"\+(\d+) bonus dice on (\w+)'s attack with (\w+)",
     lambda m: f"+{m.group(1)} доп. куб. на атаку {m.group(2)} {words.item_in(m.group(3), 'ablt')}"),
    (r"(\d+) skill points usable of (\d+); (\d+) dice lost", r"можно использовать \1 навыка из \2; потеряно \3 куб."),
    (r"\bReliability\b", "Надёжность"), (r"\beffective (\d+)", r"итог \1"),
    (r"\? no\b", "? нет"), (r"\? yes\b", "? да"),
    (r"\bintact\b", "цел"),
)
_DAMAGE_RU = {"chopping": "рубящий", "crushing": "дробящий", "cutting": "секущий", "piercing": "колющий"}
_DAMAGE_GEN = {"chopping": "рубящего", "crushing": "дробящего", "cutting": "секущего", "piercing": "колющего"}
_SENTENCES = tuple((re.compile(p), r) for p, r in SENTENCES)
EXTRA_NAMES = {"boss": "умбон", "fist": "кулак", "hilt": "рукоять", "cm": "см"}
_LATIN = re.compile(r"[A-Za-z_]{3,}")


def say_why(line: str) -> str:
    """One recorded arithmetic line in Russian (may still hold English where the glossary has no word)."""
    for pattern, repl in _SENTENCES:
        line = pattern.sub(repl, line)  # type: ignore[arg-type]
    line = re.sub(r"\b(boss|fist|hilt)\b", lambda m: EXTRA_NAMES[m.group(1)], line)
    return words.why_ru(line)


def english_left(said: str, names: set[str]) -> set[str]:
    """Latin words of `said` that are not names or ids of the fight (RAT, VSE, a weapon's own id)."""
    return {w for w in _LATIN.findall(said) if w not in names} - {"min", "max"}


def why(payload: Mapping[str, Any], lang: str) -> list[str]:
    """`payload["why"]` in `lang`: each line in Russian, or in English marked when the glossary leaves English in
    it (names and ids of capital letters aside)."""
    from replay.render.i18n import chain

    recorded = payload.get("why", [])
    lines = [str(w) for w in recorded] if isinstance(recorded, list) else [str(recorded)]
    if lang != "ru":
        return lines
    out = []
    for line in lines:
        if line.startswith("GM: "):
            from replay.ruleset import get

            out.append(chain(lang, [get("skirmish")]).say(line, lang))
            continue
        said = say_why(line)
        left = {w for w in english_left(said, set()) if not w.isupper()}
        out.append(said if not left else UNTRANSLATED[lang] + line)
    return out


# --- problems (check.py, the C15 codes) --------------------------------------------------------------------------

CODE_RU = {
    "step_or_action": "шаг или действие", "cannot_pay": "не хватает очков", "skill_too_low": "умение ниже минимума",
    "out_of_reach": "вне досягаемости", "weapon_used_for_parry_this_round": "оружие уже парировало в этом раунде",
    "condition_failed": "условие маневра не выполнено", "restricted_by_opponent": "ограничено противником",
    "reflex_only": "только очками рефлекса", "unknown_maneuver": "неизвестный маневр",
    "helpless": "не может действовать", "zone_not_allowed": "зона недопустима",
    "difficulty_above_7": "сложность выше %7",
}
INPUT_RU = {"order": "приказ", "roll": "бросок", "choice": "выбор", "ruling": "решение ГМ"}

PROBLEM_SENTENCES: tuple[tuple[str, str], ...] = (
    (r"^(\w+)'s (attack|defence) declaration for exchange (\d+) is not asked now \(declarations go: the lower "
     r"initiative's attack, the higher's attack, the lower's defence, the higher's defence\)$",
     lambda m: f"заявка {STEP_RU[m.group(2)]} {m.group(1)} на обмен {m.group(3)} сейчас не запрашивается (порядок "
     "заявок: атака младшего по инициативе, атака старшего, защита младшего, защита старшего)"),
    (r"^costs R(\d+) S(\d+) \(dice (\d+), doubling (\d+), length (\d+), activation (\d+)\); available R(\d+) S(\d+)$",
     r"стоит Р\1 Н\2 (кубиков \3, удвоение \4, за длину \5, активация \6); доступно Р\7 Н\8"),
    (r"^(\w+) needs (\w+) (\d+), (\w+) has (\d+)$", lambda m: f"маневр «{_maneuver(m.group(1))}» требует навыка "
     f"«{words.skill_name(m.group(2), 'ru')}» {m.group(3)}, у {m.group(4)} — {m.group(5)}"),
    (r"^attack_type: (.+)$", lambda m: "тип атаки: " + " или ".join(
        dict.fromkeys(_attack_type(t) for t in m.group(1).split(" or ")))),
    (r"^masters: (\d+) to (\d+) master successes committed \((CP-\d+)\)$",
     r"мастерские успехи: заявлено \1, а доступно до \2 (\3)"),
    (r"^not with crushing weapons$", "не дробящим оружием"),
    (r"^(\d+) \+ (\w+) (\d+) = (\d+) cm ≤ ([\d.]+) × (\d+)$",
     lambda m: f"{m.group(1)} + {words.item_name(m.group(2), 'ru')} {m.group(3)} = {m.group(4)} см ≤ "
     f"{decimal(m.group(5), 'ru')} × {m.group(6)}"),
    (r"^(\w+)'s shield parried this round: no other defence with it$",
     r"щит \1 уже парировал в этом раунде: другой защиты им нет"),
    (r"^(M\d+) (\w+) is made with a weapon, not the shield \(PROPOSED, docs/skirmish\.md\); the shield makes the "
     r"simple parry \(M39, L555\)$",
     lambda m: f"{m.group(1)} «{_maneuver(m.group(2))}» делается оружием, а не щитом (предложено, docs/skirmish.md); "
     "щит делает простое парирование (M39, L555)"),
    (r"^(\w+) parried this round: no other defence with it$",
     lambda m: f"оружием «{words.item_name(m.group(1), 'ru')}» уже парировали в этом раунде: другой защиты им нет"),
    (r"^(M\d+) (\w+) is a wrestling maneuver: only in a grapple \(after a successful Grab, Leg dive or Pounce\)$",
     lambda m: f"{m.group(1)} «{_maneuver(m.group(2))}» — маневр борьбы: только в захвате (после удачного захвата, "
     "прохода в ноги или наскока)"),
    (r"^(\w+) holds none of the opponent's limbs$", r"\1 не держит ни одной конечности противника"),
    (r"^(\w+) cannot act \(status (\w+), pool (.+)\)$",
     lambda m: f"{m.group(1)} не может действовать (состояние: "
     f"{words.pick(words.STATUS_NAMES.get(m.group(2), (m.group(2),) * 2), 'ru')}, пул "
     f"{_pool_ru(m.group(3))})"),
    (r"^(\w+) is a (attack|defence|general|wrestling) maneuver, declared in the (attack|defence) step$",
     lambda m: f"«{_maneuver(m.group(1))}» — маневр {_KIND_RU.get(m.group(2), m.group(2))}, а заявлен на шаге "
     f"{STEP_RU[m.group(3)]}"),
    (r"^(\w+) attacked this exchange: one action per exchange, no defence as well$",
     r"\1 уже атаковал в этом обмене: одно действие за обмен, защиты к нему нет"),
    (r"^there is no attack to defend against$", "нет атаки, от которой защищаться"),
    (r"^at least one die to roll$", "бросить нужно хотя бы один кубик"),
    (r"^(\w+) has no ready shield$", r"у \1 нет готового щита"),
    (r"^(\w+) holds no ready weapon ?(\w*)$", lambda m: f"у {m.group(1)} нет готового оружия"
     + (f" «{words.item_name(m.group(2), 'ru')}»" if m.group(2) else "")),
    (r"^(\w+) is bound or beaten aside this exchange$",
     lambda m: words.agreed(words.item_name(m.group(1), "ru"), {"masc": "связан или отбит", "femn": "связана или "
                            "отбита", "neut": "связано или отбито"}) + " в этом обмене"),
    (r"^during wrestling the only evasion is Slip$", "в борьбе из уклонений возможна только свиля"),
    (r"^(\d+) cm ≥ 3 × (\d+) cm: no zone can be chosen; declare \"zone\": \"body\" \(the zone is rolled on the "
     r"stance table\)$", r'\1 см ≥ 3 × \2 см: зону выбрать нельзя; заявите "zone": "body" (зона бросается по '
     r"таблице стоек)"),
    (r"^zone: head, upper_torso, lower_torso, left_arm, right_arm, left_leg or right_leg$",
     "зона: голова, верхний корпус, нижний корпус, левая рука, правая рука, левая нога или правая нога"),
    (r"^no precise zone can be bought against a target a third of the attacker's height$",
     "против цели втрое ниже атакующего точную зону купить нельзя"),
    (r"^(\w+) is not on the (\w+) table \((.+)\)$",
     lambda m: f"зоны «{words.zone_name(m.group(1), 'ru')}» нет в таблице "
     f"«{words.zone_name(m.group(2), 'ru')}» ({', '.join(words.zone_name(z, 'ru') for z in m.group(3).split(', '))})"),
    (r"^(\w+) attacked in exchange (\d+): one action per exchange, no defence after it \(Attack with defence, M01, "
     r"declares both\)$",
     r"\1 атаковал в обмене \2: одно действие за обмен, защиты после атаки нет (Атака с защитой, M01, заявляет обе)"),
    (r"^against an unexpected attack only a block \(M34–M36\), the simple parry \(M39\) or an evasion \(M45–M48\), "
     r"not (\w+)$", lambda m: "против неожиданной атаки — только блок (M34–M36), простое парирование (M39) или "
     f"уклонение (M45–M48), а не «{_maneuver(m.group(1))}»"),
    (r"^against an unexpected attack the defence is paid with reflex points only \(this one takes (\d+) skill "
     r"points\)$", r"против неожиданной атаки защита оплачивается только очками рефлекса (эта берёт \1 очк. навыка)"),
)


def _pool_ru(pool: str) -> str:
    return re.sub(r"R(\d+) S(\d+)", r"Р\1 Н\2", pool)


_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in PROBLEM_SENTENCES)


# --- the maneuvers' conditions and the checks' other rejections (check.py, maneuvers/, draw.py), as parallel
# sentences over word tables; `_problem` tries these before the regexes above. A JSON field or value the player
# types stays as typed, in quotes.

def _mv(code: str) -> str | None:
    """A maneuver's code as its Russian name in quotes («Контратака»), without the (Р) mark; None: not a code."""
    if code != "pass" and code not in _maneuvers():
        return None
    return f"«{words.maneuver_name(code, 'ru').removesuffix(' (Р)')}»"


def _item(code: str) -> str | None:
    """A weapon or shield (id or type) by its Russian name in quotes; a GM's own id stays as written."""
    return f"«{words.item_name(code, 'ru')}»" if re.fullmatch(r"[\w-]+", code) else None


def _table(table: Mapping[str, str]) -> Any:
    return lambda code: table.get(code)


def _listed(table: Mapping[str, str], conj: str) -> Any:
    """"a, b or c" / "a or b" / "a, b, c" of codes -> the Russian words joined with `conj` before the last."""
    def said(text: str) -> str | None:
        items = [x.strip() for x in re.split(r",\s*|\s+or\s+|\s+and\s+", text) if x.strip()]
        out = [table.get(x) for x in items]
        if not out or any(x is None for x in out):
            return None
        out = list(dict.fromkeys(out))  # cut and slash are one blow in Russian
        return out[0] if len(out) == 1 else ", ".join(out[:-1]) + f" {conj} " + out[-1]  # type: ignore[arg-type]
    return said


BLOW_RU = {"thrust": "колющий", "chop": "рубящий", "cut": "секущий", "slash": "секущий", "crush": "дробящий"}
BLOW_GEN_PL = {"thrust": "колющих", "chop": "рубящих", "cut": "секущих", "slash": "секущих", "crush": "дробящих"}
LENGTH_RU = {k: v[0] for k, v in words.DISTANCE_RU.items()}
LENGTH_GEN = {k: v[1] for k, v in words.DISTANCE_RU.items()}
PLACE_RU = {"floor": "на полу", "scabbard": "в ножнах", "belt": "на поясе", "boot": "в сапоге", "back": "за спиной",
            "None": "нигде"}
PART_2_RU = {"moves past the opponent into a free cell on the grid (L415-423)":
             "проходит мимо противника в свободную клетку поля (L415-423)",
             "defends an ally from an adjacent cell (L537-542)": "защищает союзника из соседней клетки (L537-542)",
             "moves past the opponent among the field's other fighters and terrain (L415-423)":
             "проходит мимо противника среди других бойцов и местности поля (L415-423)"}

CONDITIONS: list[tuple[str, str]] = [
    # check.py: the catalogue, the step, the weapon in hand
    ("{m:w} has no difficulty with this weapon and attack", "у маневра {m:mv} нет сложности для этого оружия и атаки"),
    ("declare a basic attack (thrust, chop, slash, crush); the feint is invoked after the defender's parry (choice "
     "feint, CP-13)",
     "заявите базовую атаку (колющий, рубящий, секущий или дробящий удар); финт объявляется после парирования "
     "защитника (выбор \"feint\", CP-13)"),
    ("M49 counter_response is listed in the availability table but never described in the rulebook: disabled "
     "(A-25); a GM ruling may resolve one (CP-50)",
     "M49 «Контрответ» есть в таблице доступности, но в своде правил нигде не описан: отключен (A-25); такой маневр "
     "может разрешить решение ГМ (CP-50)"),
    ("{id:w} {m:w} {what:part2}: part 2 (several fighters on the grid); a GM ruling may resolve one (CP-50)",
     "{id} {m:mv} {what:part2}: это часть 2 (несколько бойцов на поле); такой маневр может разрешить решение ГМ "
     "(CP-50)"),
    ("{id:w} {m:w} is in the catalogue but its effects are not implemented yet (docs/skirmish.md); a GM ruling may "
     "resolve it",
     "{id} {m:mv} есть в каталоге, но его действие еще не реализовано (docs/skirmish.md); его может разрешить "
     "решение ГМ"),
    ("a slip adds at most Acrobatics {n:#} skill dice",
     "свиля добавляет кубиков навыка не больше уровня Акробатики ({n})"),
    ("{a:w} attacked in the previous exchange: no retreat from that opponent now",
     "{a} атаковал в прошлом обмене: отступить от этого противника сейчас нельзя"),
    ("a counterattack only in the first exchange of the round", "контратака — только в первом обмене раунда"),
    ("after the opponent's Arrow no {m:w} this exchange (no defence with an attacking element)",
     "после «Стрелы» противника в этом обмене нельзя применить {m:mv} (никаких защит с атакующим элементом)"),
    ("{m:w} is (Р): paid from reflex points only",
     "маневр {m:mv} помечен (Р): оплачивается только очками рефлекса"),
    ("difficulty %{a:#} > %7", "сложность %{a} выше предельной %7"),
    ("cutting a shaft needs a chopping knock-aside (a weapon that chops)",
     "чтобы перерубить древко, нужен рубящий сбив (оружием, которое рубит)"),
    ("only a shafted weapon's shaft can be cut", "перерубить можно только древко древкового оружия"),
    ("a block stops cuts, chops and crushes, not thrusts",
     "блок останавливает секущие, рубящие и дробящие удары, но не колющие"),
    ("target: the opponent's id", "\"target\": нужен идентификатор противника"),
    ("{a:w} is already standing", "{a} уже стоит"),
    ("standing up adds at most Acrobatics {n:#} skill points",
     "при подъеме очков навыка — не больше уровня Акробатики ({n})"),
    ("{w:w} binds the opponent's weapon: only thrusts with it this exchange",
     "оружие {w:item} связывает оружие противника: в этом обмене им можно только колоть"),
    ("{w:w} cannot {kind:w} (power_blow names attack_type: thrust, cut, chop or crush)",
     "оружие {w:item} не наносит {kind:blowacc} удар (для «Пробивающего удара» \"attack_type\": \"thrust\", "
     "\"cut\", \"chop\" или \"crush\")"),
    ("{w:w} cannot strike (power_blow names attack_type: thrust, cut, chop or crush)",
     "оружием {w:item} так не ударить (для «Пробивающего удара» \"attack_type\": \"thrust\", \"cut\", \"chop\" "
     "или \"crush\")"),
    ("{a:w} holds no ready weapon", "у {a} нет готового оружия"),
    # attack.py
    ("declare the attack part with \"with_defence\": true (Атака с защитой), then the defence part in the defence "
     "step", "заявите атакующую часть с \"with_defence\": true («Атака с защитой»), затем защитную часть — на шаге "
     "защиты"),
    ("the victim must lie on the ground and be at most twice the attacker's height",
     "жертва должна лежать на земле и быть не выше двух ростов атакующего"),
    ("countertime answers the opponent's declared attack: declare it after his attack (your own initiative; at equal "
     "initiative a GM ruling, CP-50)",
     "контртемп отвечает на заявленную атаку противника: заявляйте его после этой атаки (при своей инициативе; при "
     "равной — решение ГМ, CP-50)"),
    ("countertime on your own or equal initiative", "контртемп — только при своей или равной инициативе"),
    ("activation: 1 master or extraordinary success", "активация: 1 мастерский или экстраординарный успех"),
    ("activation: 1 extraordinary success of Reflex", "активация: 1 экстраординарный успех Рефлекса"),
    ("activation: 1 master success", "активация: 1 мастерский успех"),
    ("activation: 2 master successes", "активация: 2 мастерских успеха"),
    ("precise: a zone of the {z:w} table", "точная зона: из таблицы «{z:zone}»"),
    ("Batman with a weapon up to long", "батман — оружием не длиннее длинного"),
    ("{w:w} has no hook for trips", "у оружия {w:item} нет крюка для подсечек"),
    # the GM's price of a grip change (CP-31; maneuvers.general.grip_gm_price)
    ("grip_price is the GM's ruling (no --actor) keyed by exchange and fighter: the reflex points of a grip change "
     "the rulebook does not price, a whole number 0–9",
     "\"grip_price\" — решение ГМ (без указания бойца) по ключам \"exchange\" и \"fighter\": сколько очков рефлекса "
     "стоит смена хвата, которую правила не оценивают, целое число 0–9"),
    # what a free check is rolled with (CP-36; maneuvers.base.check_with)
    ("check_with is the checking fighter's choice keyed by exchange and check: reactive (wrestling or acrobatics), "
     "balance (agility or strength), stability (strength or acrobatics)",
     "\"check_with\" — выбор проверяющегося бойца по ключам \"exchange\" и \"check\": \"reactive\" (\"wrestling\" "
     "или \"acrobatics\"), \"balance\" (\"agility\" или \"strength\"), \"stability\" (\"strength\" или "
     "\"acrobatics\")"),
    # the grip changed over an exchange (M56, L703; check.exchange_grip_problems)
    ("the grip changes over the exchange with a pass in the attack step",
     "хват меняют за весь обмен пасом на шаге атаки"),
    ("a pass changes the grip over the exchange only with no reflex points left; with reflex points the grip change "
     "is a maneuver (L701)",
     "пас меняет хват за весь обмен, только когда очков рефлекса не осталось; с очками рефлекса смена хвата — маневр "
     "(L701)"),
    # countertime at equal initiative (M08, CP-50; counters.at_tie)
    ("countertime_tie is the GM's ruling (no --actor) on a countertime at equal initiative: against or strike, keyed "
     "by exchange and attacker",
     "\"countertime_tie\" — решение ГМ (без указания бойца) о контртемпе при равной инициативе: \"against\" или "
     "\"strike\", по ключам \"exchange\" и \"attacker\""),
    # the pass (M22, L418-423; passing.py)
    ("where a pass ends is chosen after the pass succeeds, when the rules ask for it",
     "где заканчивается проход, выбирают после его успеха, когда этого требуют правила"),
    ("{w:w} cannot cut: a pass is a cutting attack",
     "оружием {w:item} не нанести секущий удар, а проход — секущая атака"),
    ("in a grapple the fighters are in contact: no pass past the opponent (break free first, M73)",
     "в захвате бойцы в постоянном контакте: пройти мимо противника нельзя (сначала освободитесь от захвата, M73)"),
    ("no free cell is adjacent to both {a:w} and {b:w}: a pass needs one",
     "нет свободной клетки, соседней и с {a}, и с {b}: без нее прохода нет"),
    ("the cell {c} is not free and adjacent to both {a:w} and {b:w}; these are: {cells}",
     "клетка {c} не свободна или не соседствует и с {a}, и с {b}; подходят: {cells}"),
    ("the path goes from {c} to {d}: not the next cell, or the opponent's cell, which blocks the way",
     "путь идет из {c} в {d}: это не соседняя клетка или клетка противника, которая преграждает путь"),
    ("a move of {n:#} m is longer than {a:w}'s Speed {s:#}", "перемещение на {n} м больше Скорости {a} ({s})"),
    ("the path goes through {c}: off the field, blocked terrain or another fighter's cell blocks the way",
     "путь идет через {c}: край поля, непроходимая местность или клетка другого бойца преграждает путь"),
    ("{a:w} ends {n:#} m from {b:w}, beyond the reach of the {d:w} distance: a longer one, or end the melee",
     "{a} оказывается в {n} м от {b}, за пределами досягаемости {d:lengthgen} дистанции: выберите дистанцию длиннее "
     "или прервите схватку"),
    ("pass_through is {{\"cell\": [x, y], \"path\": [[x, y], …], \"facing\": \"N\"|\"E\"|\"S\"|\"W\", \"distance\": a "
     "length category or \"end\"}}: the cell adjacent to both, the cells moved on through (optional), the new facing "
     "(optional) and the combat distance, or the end of the melee",
     "\"pass_through\" — это {{\"cell\": [x, y], \"path\": [[x, y], …], \"facing\": \"N\"|\"E\"|\"S\"|\"W\", "
     "\"distance\": категория длины или \"end\"}}: клетка, соседняя с обоими, клетки дальнейшего пути (необязательно), "
     "новое направление взгляда (необязательно) и боевая дистанция или конец схватки"),
    ("a sword that allows a two-handed grip", "нужен меч, допускающий хват двумя руками"),
    ("a recursive strike goes to the head", "рекурсивный удар идет в голову"),
    ("the distance must exceed your weapon's length by two categories or more",
     "дистанция должна быть больше длины вашего оружия на две категории или больше"),
    ("run: jog or sprint", "\"run\": \"jog\" (легкий бег) или \"sprint\" (спринт)"),
    ("the attack dice come from skill points (all remaining reflex points are the activation)",
     "кубики атаки — из очков навыка (все оставшиеся очки рефлекса уходят на активацию)"),
    ("the two attacks use the two weapons", "две атаки наносятся двумя разными оружиями"),
    ("a weapon no heavier than light in each hand", "в каждой руке — оружие не тяжелее легкого"),
    ("attack with defence needs weapon skill {n:#}, {a:w} has {k:#}",
     "для «Атаки с защитой» нужен навык оружия {n}, у {a} — {k}"),
    ("attack with defence needs a second weapon or a shield", "для «Атаки с защитой» нужно второе оружие или щит"),
    ("destabilization at the start of the fight or as the first attack after a retreat",
     "дестабилизация — в начале боя или первой атакой после отступления"),
    ("{a:w} has no ready shield", "у {a} нет готового щита"),
    ("the shield has no offensive boss", "на щите нет умбона атакующей формы"),
    ("the shield has no sharpened rim", "у щита нет заточенной кромки"),
    ("shield strikes cannot reach the legs", "удары щитом не достают до ног"),
    ("the recursive grip first (Grip change, M56: \"grip\": \"recursive\")",
     "сначала хват за клинок («Смена хвата», M56: \"grip\": \"recursive\")"),
    ("a punch needs a free hand", "для удара рукой нужна свободная рука"),
    ("a {m:w} reaches at most {d:length} distance (the distance is {now:length})",
     "{m:mv} достает не дальше {d:lengthgen} дистанции (сейчас дистанция {now:length})"),
    ("a double attack needs a weapon in each hand", "для двойной атаки нужно оружие в каждой руке"),
    ("second: {{\"weapon\", \"attack_type\", \"zone\", \"dice\", \"buys\"}} — the attack with the other weapon",
     "\"second\": {{\"weapon\", \"attack_type\", \"zone\", \"dice\", \"buys\"}} — атака другим оружием"),
    ("both weapons must make this blow", "оба оружия должны уметь наносить этот удар"),
    ("Retreat cannot be the defence part", "отступление не может быть защитной частью"),
    ("the defence part uses a different weapon (or the shield) than the attack",
     "защитная часть идет другим оружием (или щитом), чем атака"),
    ("the opponent is more than 1.5 × your height", "противник выше вас больше чем в 1,5 раза"),
    ("{m:w}: first exchange only", "{m:mv}: только в первом обмене"),
    # counters.py, defence.py
    ("intercept: at least 1 reflex point for the interception roll",
     "\"intercept\": хотя бы 1 очко рефлекса на бросок перехвата"),
    ("attack_type: the blow (thrust, chop, slash, crush)",
     "\"attack_type\": удар (\"thrust\", \"chop\", \"slash\" или \"crush\")"),
    ("zone: where the sudden attack strikes", "\"zone\": куда бьет внезапная атака"),
    ("zone: where the counter-hit goes", "\"zone\": куда идет ответный удар"),
    ("delayed defence only when your initiative is higher",
     "отложенная защита — только когда ваша инициатива выше"),
    ("attack_type: a blow {w:w} can make", "\"attack_type\": удар, который может нанести оружие {w:item}"),
    ("the weapon needs a blade-catching mechanism", "у оружия должен быть механизм захвата клинка"),
    ("only against bladed weapons", "только против клинкового оружия"),
    ("an arrow adds at most Acrobatics {n:#} skill dice",
     "«Стрела» добавляет кубиков навыка не больше уровня Акробатики ({n})"),
    ("only against {kinds:blowsgen} attacks", "только против {kinds:blowsgen} атак"),
    # general.py
    ("a grab needs no weapon in the hands but hand-length ones ({held:items} held)",
     "для захвата в руках не должно быть оружия длиннее ручного (в руках: {held:items})"),
    ("a grab needs a free hand", "для захвата нужна свободная рука"),
    ("a defensive grab needs wrestling {n:#}, {a:w} has {k:#}",
     "для защитного захвата нужна Борьба {n}, у {a} — {k}"),
    ("a leg dive needs two free hands", "для прохода в ноги нужны две свободные руки"),
    ("the opponent is more than one height class taller", "противник выше вас больше чем на одну ростовую категорию"),
    ("{a:w} holds no weapon", "у {a} в руках нет оружия"),
    ("{w:w} is strapped or fixed: no disarm", "оружие {w:item} пристегнуто или закреплено: обезоружить нельзя"),
    ("check: 1 to {n:#} dice (Body Language + Empathy)",
     "\"check\": от 1 до {n} кубиков (Язык тела + Эмпатия)"),
    ("assess needs at least 1 skill point", "для оценки противника нужно хотя бы 1 очко навыка"),
    ("for: the maneuver that gets the bonus, or any",
     "\"for\": маневр, который получит бонус, или \"any\" (любой)"),
    ("grip: one of {w:w}'s grips ({grips:grips})",
     "\"grip\": один из хватов оружия {w:item} ({grips:grips})"),
    ("no weapon in hand", "в руке нет оружия"),
    ("{w:w} is already in the {g:w} grip", "оружие {w:item} уже в хвате «{g:grip}»"),
    ("a ready shield, not a buckler", "нужен готовый щит, не баклер"),
    ("at most Strength {n:#} dice", "кубиков не больше Силы ({n})"),
    ("demoralization at the start of the fight", "деморализация — только в начале боя"),
    ("etiquette: army, criminal, police",
     "\"etiquette\": \"army\" (армейский), \"criminal\" (криминальный) или \"police\" (полицейский)"),
    ("by: endurance or charisma", "\"by\": \"endurance\" (по Выносливости) или \"charisma\" (по Харизме)"),
    # transfer.py
    ("declare the basic attack (thrust, chop, slash or crush) and commit the transfer feint as your choice "
     "transfer_feint (exchange 1, sealed) before the defence",
     "заявите базовую атаку (колющий, рубящий, секущий или дробящий удар) и до защиты закрепите финт переводом своим "
     "выбором \"transfer_feint\" (обмен 1, запечатанно)"),
    ("a transfer feint is a basic attack (thrust, chop, slash or crush), not {m:w} after a feint (M14)",
     "финт переводом — это базовая атака (колющий, рубящий, секущий или дробящий удар), а не {m:mv} после финта "
     "(M14)"),
    ("a transfer feint is a basic attack (thrust, chop, slash or crush), not {m:w}",
     "финт переводом — это базовая атака (колющий, рубящий, секущий или дробящий удар), а не {m:mv}"),
    ("M15 transfer_feint needs {s:skill} {n:#}, {a:w} has {k:#}",
     "M15 «Финт переводом» требует навыка «{s:skill}» {n}, у {a} — {k}"),
    ("{n:#} master successes committed, {k:#} left in {s:skill}",
     "заявлено мастерских успехов: {n}, осталось по навыку «{s:skill}»: {k}"),
    ("{n:#} extraordinary successes committed, {k:#} left",
     "заявлено экстраординарных успехов: {n}, осталось: {k}"),
    ("the activation costs {n:#} reflex (1 + weight above medium); available R{k:#}",
     "активация стоит {n} рефлекса (1 + вес сверх среднего); доступно Р{k}"),
    ("the transfer feint (seq {s:#}) is committed after {a:w}'s defence declaration (seq {d:#}): commit it, sealed, "
     "before the defence",
     "финт переводом (seq {s}) закреплен после заявки защиты {a} (seq {d}): закрепляйте его запечатанно до защиты"),
    ("the transfer feint's phase 2 is a {m:w} with the opposite side of the weapon to {zones:zones}, not {o:w} to "
     "{z:w} (the GM decides symmetry: choice symmetric, CP-16)",
     "фаза 2 финта переводом — {m:mv} обратной стороной оружия в зону {zones:zones}, а не {o:mv} в зону "
     "«{z:zone}» (симметрию решает ГМ: выбор \"symmetric\", CP-16)"),
    ("the transfer feint's phase 2 is a {m:w} with the opposite side of the weapon to {zones:zones}, not {o:w} to "
     "None (the GM decides symmetry: choice symmetric, CP-16)",
     "фаза 2 финта переводом — {m:mv} обратной стороной оружия в зону {zones:zones}, а не {o:mv} без зоны "
     "(симметрию решает ГМ: выбор \"symmetric\", CP-16)"),
    ("{a:w} holds no weapon for the feint", "у {a} нет оружия для финта"),
    # wrestling.py
    ("zones: the zones to envelop, in order ({zones:envelop})",
     "\"zones\": зоны обхвата по порядку ({zones:envelop})"),
    ("a clinch after you grabbed a limb or were grabbed",
     "клинч — после того как вы захватили конечность или захватили вас"),
    ("limbs: 1, 2 or 4", "\"limbs\": 1, 2 или 4"),
    ("a hand or short weapon", "нужно ручное или короткое оружие"),
    ("strangling needs the opponent's neck held", "для удушения нужно держать шею противника"),
    ("variant: lethal or carotid", "\"variant\": \"lethal\" (насмерть) или \"carotid\" (сонная артерия)"),
    ("a wrestling block commits the whole remaining pool: \"dice\": {{\"reflex\": {r:#}, \"skill\": {s:#}}}",
     "борцовский блок забирает весь оставшийся пул: \"dice\": {{\"reflex\": {r}, \"skill\": {s}}}"),
    ("a defensive throw from sitting or standing", "защитный бросок — только сидя или стоя"),
    ("the opponent attacks at short distance or closer", "противник атакует с короткой дистанции или ближе"),
    ("a break free rolls pure Strength: commit Wrestling points only (\"dice\": {{\"skill\": n}})",
     "разрыв бросается чистой Силой: заявляйте только очки Борьбы (\"dice\": {{\"skill\": n}})"),
    ("{a:w} holds no part of the opponent", "{a} не держит противника ни за что"),
    ("during wrestling the only evasion is Slip: declare slip (a successful one intercepts initiative)",
     "в борьбе из уклонений возможна только свиля: заявите \"slip\" (удачная перехватывает инициативу)"),
    # draw.py (M50) and the opponent's maneuver (4.7.5)
    ("{a:w} has no weapon '{w:w}'", "у {a} нет оружия {w:item}"),
    ("{w:w} is already in hand", "оружие {w:item} уже в руке"),
    ("{w:w} is broken", "оружие {w:item} сломано"),
    ("{a:w}'s main hand is not free to draw {w:w}", "ведущая рука {a} не свободна, чтобы выхватить {w:item}"),
    ("{m:w}: against a finishing blow a lying fighter may only block or slip (M07, L271)",
     "{m:mv}: против добивающего удара лежащий может только блокировать или делать свилю (M07, L271)"),
    ("{m:w}: against a disorientation only dodges or a shield block (M18, L389)",
     "{m:mv}: против дезориентации — только уклонения или блок щитом (M18, L389)"),
    ("{m:w}: against a shield stun only dodges or a shield defence (M20)",
     "{m:mv}: против оглушения щитом — только уклонения или защита щитом (M20)"),
    ("{m:w}: a target of at most a quarter of the pouncer's mass may only dodge (M65, L826)",
     "{m:mv}: цель не тяжелее четверти массы нападающего может только уклоняться (M65, L826)"),
    ("{m:w}: a pounce is answered by a sudden attack, a block or a dodge (M65, L822)",
     "{m:mv}: на наскок отвечают внезапной атакой, блоком или уклонением (M65, L822)"),
    ("{m:w}: the head is held — no evasion of a headbutt with hold (M67, L850)",
     "{m:mv}: голова зафиксирована — от удара головой с фиксацией не уклониться (M67, L850)"),
    ("{m:w}: only a slip evades a headbutt with hold (M67, L850)",
     "{m:mv}: от удара головой с фиксацией уходят только свилей (M67, L850)"),
]


def _zone(code: str) -> str | None:
    said = words.zone_name(code, "ru")
    return said if said != code else None


def _zones(text: str) -> str | None:
    """"head or upper_torso" -> «голова» или «верхний корпус»."""
    said = _listed({z: f"«{words.zone_name(z, 'ru')}»" for z in (*words.ZONE_NAMES, *_precise())}, "или")(text)
    return said


def _precise() -> Mapping[str, Any]:
    from replay.rulesets.skirmish import data

    return data.body()["precise_names"]


def _items(text: str) -> str | None:
    names = [_item(x.strip()) for x in text.split(",")]
    return ", ".join(n for n in names if n) if all(names) else None


@cache
def conditions_ru() -> Catalogue:
    """The conditions' sentences (`CONDITIONS`) with their word tables."""
    return Catalogue(CONDITIONS, {
        "mv": _mv, "item": _item, "place": lambda p: PLACE_RU.get(p, f"«{p}»"),
        "items": _items, "part2": _table(PART_2_RU), "blowacc": _table(BLOW_RU),
        "blowsgen": _listed(BLOW_GEN_PL, "и"), "length": _table(LENGTH_RU), "lengthgen": _table(LENGTH_GEN),
        "zone": _zone, "zones": _zones,
        "grip": lambda g: words.GRIP_NAMES.get(g, (None,))[0],
        "grips": _listed({g: f"\"{g}\" ({ru})" for g, (ru, _) in words.GRIP_NAMES.items()}, "или"),
        "skill": lambda s: words.SKILL_NAMES.get(s),
        "envelop": _listed({z: f"\"{z}\" ({ru})" for z, ru in words.GENERAL_ZONES.items()}, "и")})


# --- what the skirmish's requests ask (`what` of an order, a roll, a choice or a reveal; `status`, a provisional
# post's "Ждём:"): parallel sentences over the conditions' word tables. Options and JSON a player types stay as typed.

REQUESTS: list[tuple[str, str]] = [
    # declarations and reveals
    ("{step:w} declaration, exchange {x:#}", "заявка {step:stepgen}, обмен {x}"),
    ("reveal of the sealed {step:w} declaration (seq {s:#})", "вскрыть запечатанную заявку {step:stepgen} (seq {s})"),
    ("reveal of {a:w}'s sealed guard (seq {s:#}; zonal defence, L203)",
     "вскрыть запечатанную охраняемую зону {a} (seq {s}; зональная защита, L203)"),
    ("reveal of {a:w}'s sealed transfer feint (seq {s:#}; M15, CP-15)",
     "вскрыть запечатанный финт переводом {a} (seq {s}; M15, CP-15)"),
    # the pool's rolls
    ("attack roll of {a:w} ({m:w}, %{tn:#})", "бросок атаки {a} ({m:mv}, %{tn})"),
    ("defence roll of {a:w} ({m:w}, %{tn:#})", "бросок защиты {a} ({m:mv}, %{tn})"),
    ("combat initiative of {a:w} (Reflex, %{tn:#})", "боевая инициатива {a} (Рефлекс, %{tn})"),
    ("fatigue check of {a:w} (Endurance)", "проверка усталости {a} (Выносливость)"),
    ("knockout check of {a:w} (Endurance %5)", "проверка потери сознания {a} (Выносливость %5)"),
    ("rounds {a:w} stays unconscious (1d6, C9)", "сколько раундов {a} пробудет без сознания (1к6, C9)"),
    ("{what} ({n:#}d, %{tn:#})", "{what:@} ({n}к10, %{tn})"),
    # free checks
    ("Empathy check of {a:w} against a hidden attack (free, %6, needs 1 success; 5.7)",
     "проверка Эмпатии {a} против скрытой атаки (бесплатно, %6, нужен 1 успех; 5.7)"),
    ("{l} of {a:w} against the {m:w} of {b:w} (free, %{tn:#})",  # a free check in a melee of several (group.py)
     "{l:checklabel}: {a} против маневра {m:mv} {b} (бесплатно, %{tn})"),
    ("Body Language by Empathy of {a:w} against the feint (%5, free)",
     "Язык тела по Эмпатии: {a} против финта (%5, бесплатно)"),
    ("Body Language by Empathy of {a:w} against the sudden attack (%5)",
     "Язык тела по Эмпатии: {a} против внезапной атаки (%5)"),
    ("Body Language by Empathy of {a:w} against the lightning attack",
     "Язык тела по Эмпатии: {a} против молниеносной атаки"),
    ("Body Language by Empathy of {a:w} studying {b:w} (delayed defence)",
     "Язык тела по Эмпатии: {a} изучает {b} (отложенная защита)"),
    ("reactive Wrestling or Acrobatics by Reflex of {a:w} against the trip",
     "реакция {a}: Борьба или Акробатика по Рефлексу против подсечки"),
    ("the leg dive's throw of {a:w}", "бросок {a} после прохода в ноги"),
    ("balance check of {a:w} (Agility or Strength) against the leg dive",
     "проверка равновесия {a} (Ловкость или Сила) против прохода в ноги"),
    ("Strength check of {a:w} to keep {w:w} against the disarm",
     "проверка Силы {a}: удержать {w:itemacc} против обезоруживания"),
    ("{a:w} assesses the opponent", "{a} оценивает противника"),
    ("Stability (Strength) of {a:w} against the shield push", "устойчивость (Сила) {a} против толчка щитом"),
    ("balance (Acrobatics by Reflex) of {a:w} against the shield push",
     "равновесие (Акробатика по Рефлексу) {a} против толчка щитом"),
    ("the GM's price in reflex points of {a:w}'s change to the {g:w} grip: the rulebook prices it by analogy, at the "
     "GM's discretion (M56, L701, CP-31); by analogy 1",
     "цену смены хвата {a} на «{g:grip}» в очках рефлекса назначает ГМ: правила велят оценивать по аналогии, на "
     "усмотрение Мастера (M56, L701, CP-31); по аналогии 1"),
    ("what {a:w} rolls for the {c:w} check (CP-36): {opts}", "чем {a} бросает {c:checkname} (CP-36): {opts:orlist}"),
    ("Endurance of {a:w} against the joint break", "Выносливость {a} против болевого залома"),
    ("Endurance of {a:w} against the strangling", "Выносливость {a} против удушения"),
    ("Fortitude of {a:w} against the pain hold (free, %5; successes cancel pain)",
     "Стойкость {a} против болевого захвата (бесплатно, %5; успехи снимают боль)"),
    ("Fortitude check of {a:w} to keep {w:w} against the knock-aside (%5, needs {n:#})",
     "проверка Стойкости {a}: удержать {w:itemacc} против сбива (%5, нужно {n})"),
    ("{label:checklabel} of {a:w} against the {m:w} (free, %{tn:#})",
     "{label:checklabel}: {a} против маневра {m:mv} (бесплатно, %{tn})"),
    ("interception roll of {a:w} (sudden attack, %{tn:#})", "бросок перехвата {a} (внезапная атака, %{tn})"),
    ("Reliability check of {w:w} ({r:#} + {n:#} dice, %5)", "проверка Надёжности: {w:itemnom} ({r} + {n} куб., %5)"),
    ("Fortitude check of {a:w} to keep {w:w} (%5, L525)", "проверка Стойкости {a}: удержать {w:itemacc} (%5, L525)"),
    ("Fortitude check of {a:w} against the power blow's shock (%{tn:#})",
     "проверка Стойкости {a} против шока от пробивающего удара (%{tn})"),
    ("Acrobatics by Reflex of {a:w} to tuck in ({cause}, %5)",
     "Акробатика по Рефлексу: {a} группируется при падении ({cause:fallcause}, %5)"),
    ("Endurance check of {a:w} against the fall (%5)", "проверка Выносливости {a} при падении (%5)"),
    ("the zone {a:w} falls on (1d6, stance table)", "зона, на которую падает {a} (1к6, таблица стоек)"),
    ("fall damage of {a:w} ({n:#}d6)", "урон от падения {a} ({n}к6)"),
    ("Etiquette ({kind:w}) by {by:w} of {a:w} (demoralization, %5)",
     "Этикет ({kind:etiquette}) по {by:stat} {a} (деморализация, %5)"),
    ("Etiquette by {by:w} of {a:w} (demoralization, %5)", "Этикет по {by:stat} {a} (деморализация, %5)"),
    ("Etiquette of {a:w} against the demoralization (%5)", "Этикет {a} против деморализации (%5)"),
    ("fear by Will of {a:w} against the demoralization (%5)", "страх по Воле: {a} против деморализации (%5)"),
    ("the zone {a:w}'s blow finds on the {st:w} column of the stance table (1d6, 5.9.5)",
     "зона, куда приходится удар {a}, по столбцу «{st:stance}» таблицы стоек (1к6, 5.9.5)"),
    ("precise zone on the {z:w} table (2d6−2) for {a:w}'s hit",
     "точная зона по таблице «{z:zone}» (2к6−2) для попадания {a}"),
    ("penetration roll for {a:w}'s hit ({p:w}, needs {n:#} with +{k:#})",
     "бросок пробивания для попадания {a} ({p:piece}, нужно {n} при +{k})"),
    ("how far {w:w} flies (2d6 m)", "как далеко отлетает {w:itemnom} (2к6 м)"),
    # choices
    ("invoke a feint against {a:w}'s parry (CP-13): \"no\" or {{\"maneuver\": thrust|chop|slash|crush, \"zone\": …, "
     "\"buys\": […]}}",
     "объявить финт против парирования {a} (CP-13): \"no\" или {{\"maneuver\": thrust|chop|slash|crush, \"zone\": …, "
     "\"buys\": […]}}"),
    ("which {n:#} locked points the Body Language check frees (C5)",
     "какие из закрытых очков освобождает проверка Языка тела (их {n}, C5)"),
    ("{a:w}: a free Fortitude check against the pain hold's {n:#} pain? (M59, L767)",
     "{a}: свободная проверка Стойкости против боли болевого захвата ({n})? (M59, L767)"),
    ("how {a:w}'s {n:#} shield-block successes are split between the two attacks (CP-29, A-42): [first, second]",
     "как {a} делит успехи блока щитом ({n}) между двумя атаками (CP-29, A-42): [первой, второй]"),
    ("how {a:w} spends {n:#} final successes (CP-04): a list like [\"precise:forehead\", \"danger:1\"]",
     "на что {a} тратит итоговые успехи ({n}) (CP-04): список вроде [\"precise:forehead\", \"danger:1\"]"),
    ("passive shield cover, up to {n:#} zones besides the carrying arm (CP-28)",
     "пассивное прикрытие щитом: до {n} зон, кроме руки со щитом (CP-28)"),
    ("the GM's difficulty for {a:w}'s {m:w} (CP-07; %2–%7)", "сложность от ГМ: {a}, {m:mv} (CP-07; %2–%7)"),
    ("{a:w}'s countertime at equal initiative meets {b:w}'s {m:w}, which he could not see (a simultaneous blow): the "
     "GM rules (CP-50): \"against\" — rolled against it, each success cancelling one (M08, L278; A-31), or "
     "\"strike\" — an ordinary blow, simultaneous with it",
     "контртемп {a} при равной инициативе встречает маневр {m:mv} {b}, которого он не мог видеть (одновременный удар); "
     "решает ГМ (CP-50): \"against\" — бросок против него, каждый успех отменяет один успех атаки (M08, L278; A-31), "
     "или \"strike\" — обычный удар, одновременный с ним"),
    ("where {a:w}'s pass past {b:w} ends (CP-18): the cell adjacent to both, the cells on within Speed {n:#}, the "
     "distance or the end of the melee (CP-17, L423)",
     "где заканчивается проход {a} мимо {b} (CP-18): клетка, соседняя с обоими, дальнейший путь в пределах Скорости "
     "{n}, боевая дистанция или конец схватки (CP-17, L423)"),
    ("combat distance after the sidestep (CP-17)", "боевая дистанция после увертки (CP-17)"),
    ("the combat distance after the arrow (CP-17)", "боевая дистанция после «Стрелы» (CP-17)"),
    ("the combat distance after the {m:w} (CP-17)", "боевая дистанция после маневра {m:mv} (CP-17)"),
    ("the distance after the Batman: hand or short (CP-17, M16)",
     "дистанция после батмана: ручная или короткая (CP-17, M16)"),
    ("where the push leaves the opponent, up to long (CP-17, M57)",
     "куда толчок отбрасывает противника, не дальше длинной дистанции (CP-17, M57)"),
    ("drop the bound weapon to escape the penalty (CP-12, M43)",
     "бросить связанное оружие, чтобы избежать штрафа (CP-12, M43)"),
    ("drop the beaten weapon to avoid the shock (CP-12, M16)",
     "бросить отбитое оружие, чтобы избежать шока (CP-12, M16)"),
    ("drop the weapon instead of the shock (A-34, CP-12, M19)", "выронить оружие вместо шока (A-34, CP-12, M19)"),
    ("{a:w}'s {n:#} Acrobatics successes: all on removing dice (2 each), or 1 on another zone (CP-21)",
     "успехи Акробатики {a} ({n}): все на снятие кубиков (по 2 на кубик) или 1 на другую зону (CP-21)"),
    ("{a:w}'s answer to the demoralization: Etiquette or fear by Will (CP-35)",
     "ответ {a} на деморализацию: Этикет или страх по Воле (CP-35)"),
    ("throw instead of the clinch with {n:#} dice, undefendable (M52, L673, T-30)",
     "бросок вместо клинча: {n} куб., без защиты (M52, L673, T-30)"),
    ("your own position after the throw; lying keeps the hold (CP-20)",
     "ваше положение после броска; лежа захват сохраняется (CP-20)"),
    ("fall with the victim to keep the hold (CP-20)", "упасть вместе с жертвой, чтобы сохранить захват (CP-20)"),
    ("the throw's {n:#} remaining successes: a pain hold or a joint break (CP-25, M62)",
     "оставшиеся успехи броска ({n}): болевой захват или болевой залом (CP-25, M62)"),
    ("is {a:w}'s attack unexpected, by a trusted attacker, or hidden? (CP-43, 5.7)",
     "атака {a} неожиданная, от того, кому доверяют, или скрытая? (CP-43, 5.7)"),
    ("the zones symmetric to {z:w} for {a:w}'s phase-2 blow (CP-16, M15)",
     "зоны, симметричные зоне «{z:zone}», для удара {a} в фазе 2 (CP-16, M15)"),
    # the rules of w5-s8a: the pickup, the stance view, the reverse side's damage, the thrower's zone
    ("Reflex check of {a:w} picking {w:w} up from the floor (free, %{tn:#}; M50, A-39)",
     "проверка Рефлекса {a}: поднять с пола {w:itemacc} (бесплатно, %{tn}; M50, A-39)"),
    ("the GM may adjust the stance table's zone for {a:w} (fall, 1d6 [{n:#}]) for a side or back view (CP-33, 5.5.2)",
     "ГМ может изменить зону по таблице стоек для {a} (падение, 1к6 [{n}]) при взгляде сбоку или сзади (CP-33, 5.5.2)"),
    ("the GM may adjust the stance table's zone for {a:w} (body, 1d6 [{n:#}]) for a side or back view (CP-33, 5.5.2)",
     "ГМ может изменить зону по таблице стоек для {a} (удар, 1к6 [{n}]) при взгляде сбоку или сзади (CP-33, 5.5.2)"),
    ("the rulebook gives no damage for the opposite side of the weapon (the back of the blade, a spear's butt; M15, "
     "L363): the GM rules the damage of {a:w}'s phase-2 {m:w}, e.g. {{\"damage\": 3, \"type\": \"crushing\"}}",
     "правила не дают урона обратной стороной оружия (обух клинка, пятка копья; M15, L363): урон удара {a} в фазе 2 "
     "({m:mv}) определяет ГМ, например {{\"damage\": 3, \"type\": \"crushing\"}}"),
    ("the throw's {n:#} final successes: all on height (+1 m per 2), or 1 on the zone the victim falls on "
     "(L787, CP-21)",
     "итоговые успехи броска ({n}): все на высоту (+1 м за 2) или 1 на зону, на которую падает жертва (L787, CP-21)"),
]
CHECK_NAME_RU = {"reactive": "проверку реакции", "balance": "проверку равновесия",
                 "stability": "проверку против толчка щитом"}
"""CP-36: the free checks a fighter may roll with one thing or another (maneuvers.base.CHECK_OPTIONS)."""
CHECK_LABEL_RU = {"Body Language by Empathy": "Язык тела по Эмпатии",
                  "reactive Wrestling/Acrobatics by Reflex": "реакция (Борьба или Акробатика по Рефлексу)"}
ETIQUETTE_RU = {"army": "армейский", "criminal": "криминальный", "police": "полицейский"}
STAT_RU = {"Endurance": "Выносливости", "Charisma": "Харизме", "Will": "Воле", "Reflex": "Рефлексу"}


def _fall_cause(cause: str) -> str | None:
    """Why a fighter falls ("the trip", "the defensive_throw", "the sidestep's critical failure (L609)")."""
    m = re.fullmatch(r"the ([\w ]+?)(?:'s critical failure \((L\d+)\))?", cause)
    if m is None:
        return None
    code = {"trip": "wrestling_trip"}.get(m.group(1), m.group(1).replace(" ", "_"))
    if code not in _maneuvers():
        return None
    name = words.maneuver_inline(code, "ru").lower()
    return f"критический провал: {name}, {m.group(2)}" if m.group(2) else name


def _request(text: str) -> str | None:
    """What a request asks, in Russian (None: no entry of REQUESTS says it whole)."""
    return requests_ru().match(text, _request)


@cache
def requests_ru() -> Catalogue:
    """What the requests ask, with the conditions' word tables and a few of their own."""
    tables = dict(conditions_ru().words)
    tables.update({
        "stepgen": _table(STEP_RU), "itemacc": lambda w: words.item_in(w, "accs"),
        "itemnom": lambda w: words.item_name(w, "ru"), "piece": lambda p: words.item_name(p, "ru"),
        "stance": lambda s: words.STANCE_NAMES.get(s, (None,))[0], "etiquette": _table(ETIQUETTE_RU),
        "stat": _table(STAT_RU), "fallcause": _fall_cause, "checklabel": _table(CHECK_LABEL_RU),
        "rstage": lambda k: RANGED_STAGE_RU.get(k, f'"{k}"'), "mdef": _table(MISSILE_DEFENCE_RU),
        "checkname": _table(CHECK_NAME_RU), "orlist": lambda t: t.replace('" or "', '" или "'),
        "eitherweapon": lambda w: _either_weapon(w), "actlist": _act_list, "arrow": lambda t: _arrow(t)})
    return Catalogue(REQUESTS, tables)


def _maneuver(code: str) -> str:
    return words.maneuver_name(code, "ru") if code == "pass" or code in _maneuvers() else code


def _maneuvers() -> Mapping[str, Any]:
    from replay.rulesets.skirmish import data

    return data.maneuvers()


def _attack_type(code: str) -> str:
    return {"chop": "рубящий", "cut": "секущий", "slash": "секущий", "thrust": "колющий", "crush": "дробящий"}.get(
        code, code)


SHIELD_LOCK = re.compile(r"^\w+'s shield ")
"""L559's refusal of a shield (melee, M86 or a guard's): its code is said «щит уже парировал», not «оружие»."""


def _shield_lock(text: str) -> str | None:
    """The sentence after `weapon_used_for_parry_this_round` when it is a shield's lock (None: a weapon's or a
    hand's, left to the code's own words)."""
    return _problem(text) if SHIELD_LOCK.match(text) else None


def _problem(text: str) -> str | None:
    """The sentence after a C15 code, in Russian (None: no entry says it whole): the conditions' parallel sentences
    first, then the regexes (an entry whose words have no Russian for a value leaves the line to the next)."""
    said = conditions_ru().match(text, lambda _: None)
    if said is not None:
        return said
    for pattern, repl in _PROBLEM_SENTENCES:
        m = pattern.fullmatch(text)
        if m is not None:
            said = repl(m) if callable(repl) else m.expand(repl)  # type: ignore[arg-type]
            if said is not None:
                return said
    return None


def _roll_what(text: str) -> str | None:
    """A roll request's words ("roll 4d10 for attack roll of VSE (slash, %5)", the key fields after it, which the
    Russian sentence leaves to the request's own listing)."""
    m = re.fullmatch(r"roll (\d+)d(\d+) for (\w+) roll of (\w+)(?: \((\w+), %(\d+)\))?( \[[^\]]*\])?", text)
    if m is None:
        return None
    purpose = PURPOSE_RU.get(m.group(3), m.group(3))
    more = f" ({_maneuver(m.group(5))}, %{m.group(6)})" if m.group(5) else ""
    return f"бросок {m.group(1)}к{m.group(2)} {purpose} от {m.group(4)}{more}"


def _rules(text: str) -> str | None:
    """A payload's `rule` list as the log writes it ("'4.2', 'L20-22'") as plain clause numbers (the rulebook's
    sections, its lines L…, the spec's maneuvers M…, choice points CP-…), or None when it holds anything else."""
    items = [re.sub(r" step (\d+)$", r" шаг \1", x.strip().strip("'")) for x in text.split(",")]
    clause = re.compile(r"(?:[\d.]+|L\d+(?:-\d+)?|M\d+|CP-\d+|[AT]-\d+\w?|C\d+)(?: (?:M\d+|шаг \d+))?")
    return ", ".join(items) if items and all(clause.fullmatch(x) for x in items) else None


PROBLEMS = [
    ("[{rules}]", "{rules:rules}"),
    # the field post parser (field_parse.py)
    ("3.6: facing «{f}»: one of {allowed} on a {g:w} grid (Russian С СВ В ЮВ Ю ЮЗ З СЗ or север, восток …)",
     "3.6: направление «{f}»: на поле с {g:gridgen} клетками — одно из {allowed:facings} (буквами или словами: "
     "север, северо-восток, восток …)"),
    ("5.6: the shot's dice and their split, e.g. «3 кубика (1Р+2Н)»: Р reflex, Н skill",
     "5.6: нужны кубики выстрела и их раскладка, например «3 кубика (1Р+2Н)»: Р — рефлекс, Н — навык"),
    ("5.5.2: «{part}» names no general zone (голова, корпус, рука, нога)",
     "5.5.2: в «{part}» не названа общая зона (голова, корпус, рука, нога)"),
    ("5.6: name the target of the shot by its id or name («Стреляю в VSE»)",
     "5.6: назовите цель выстрела по идентификатору или имени («Стреляю в VSE»)"),
    ("5.6: one target per shot ({ids} are named)", "5.6: у выстрела одна цель (названы: {ids})"),
    ("4.1 (CP-01): the intent is «атака», «защита» or «другое» (attack, defend, other)",
     "4.1 (CP-01): намерение — «атака», «защита» или «другое»"),
    ("4.3: exchange {x:#}: a round has field exchanges 1 and 2", "4.3: обмен {x}: в раунде на поле обмены 1 и 2"),
    ("5.6, 5.7: no act named: «иду шагом на (x,y)», «достаю стрелу», «натягиваю», «целюсь», «стреляю в …», «строю "
     "строй: …», «покидаю поле», «жду» (walk, draw, prepare, aim, shoot at, form up, flee, wait)",
     "5.6, 5.7: действие не названо: «иду шагом на (x,y)», «достаю стрелу», «натягиваю», «целюсь», «стреляю в …», "
     "«строю строй: …», «покидаю поле», «жду»"),
    ("4.3: one act per field exchange ({acts} are named; a stage may end in a shot: «целюсь и стреляю в …»)",
     "4.3: одно действие за обмен на поле (названы: {acts:acts}; этап стрельбы может закончиться выстрелом: «целюсь "
     "и стреляю в …»)"),
    ("5.7: name the cells of the path, e.g. «Иду шагом на (3,4)» or «через (2,4), (3,4) на (4,4)»",
     "5.7: назовите клетки пути, например «Иду шагом на (3,4)» или «через (2,4), (3,4) на (4,4)»"),
    ("5.6.1: the speed-up's dice, e.g. «ускорение 2» (reflex points of the %5 check)",
     "5.6.1: назовите кубики ускорения, например «ускорение 2» (очки рефлекса на проверку %5)"),
    ("5.7: ({a:#}, {b:#}) is not next to ({c:#}, {d:#}): name the path cell by cell («через (…), (…) на (…)»)",
     "5.7: ({a}, {b}) не соседняя с ({c}, {d}): назовите путь клетка за клеткой («через (…), (…) на (…)»)"),
    ("5.12: name the formation's warriors by id or name («Строю строй: BOR, RAT»)",
     "5.12: назовите воинов строя по идентификаторам или именам («Строю строй: BOR, RAT»)"),
    ("5.12 (L1189): partners «{chunk}»: two warriors each, e.g. «BOR+RAT»",
     "5.12 (L1189): напарники «{chunk}»: по два воина в паре, например «BOR+RAT»"),
    # the battle on the field's checks (battle_check.py, shot.py)
    ("4.1 (CP-01): intent is attack, defend or other",
     '4.1 (CP-01): намерение — "attack" (атака), "defend" (защита) или "other" (иное)'),
    ("4.1: intents are declared at the start of the battle", "4.1: намерения заявляют в начале боя"),
    ("5.6.4, L62: {a:w} is engaged in melee with {b:w}: no aiming in melee",
     "5.6.4, L62: {a} в схватке с {b}: в схватке не целятся"),
    ("L62: {a:w} is engaged in melee with {b:w}: in melee only maneuvers move or act (declare them with exchange and "
     "step)",
     "L62: {a} в схватке с {b}: в схватке двигаются и действуют только маневрами (заявка с exchange и step)"),
    ("4.3: exchange: 1 or 2", "4.3: обмен на поле — 1 или 2"),
    ("4.1: {a:w}'s act for exchange {x:#} is not asked now (the loose fighters act in each field exchange, in the "
     "order of the initiative chain)",
     "4.1: действие {a} в обмене {x} сейчас не запрашивается (свободные бойцы действуют в каждом обмене на поле, в "
     "порядке цепочки инициативы)"),
    ("4.4: {a:w} is not in melee (a declaration with a step is for a fighter engaged in a melee pair; a loose fighter "
     "acts with stage: field)",
     "4.4: {a} не в схватке (заявка с step — для бойца в паре схватки; свободный боец действует с stage: field)"),
    ("order: stage intent, stage field (an act) or a melee declaration (exchange and step)",
     "приказ: stage intent (намерение), stage field (действие на поле) или заявка в схватке (exchange и step)"),
    ("act: one of {acts} (5.6, 5.7, 5.12)", "действие (act) — одно из: {acts:actcodes} (5.6, 5.7, 5.12)"),
    ("helpless (4.7.1): {a:w} is {st:w}", "не может действовать (4.7.1): {a} — {st:status}"),
    ("5.7 (L44): a hidden attack on {t:w}, who sees {a:w} ({a} is not behind {t})",
     "5.7 (L44): скрытая атака на {t}, который видит {a} ({a} не у него за спиной)"),
    ("1.2.6, CP-19: {a:w} at ({x:#}, {y:#}) must stand on the field's edge to leave it",
     "1.2.6, CP-19: {a} в ({x}, {y}): покинуть поле можно только с его края"),
    ("5.6: {a:w} has no ranged weapon", "5.6: у {a} нет оружия для стрельбы"),
    ("5.6.1: {a:w} is still at the {k:w} ({d:#} of {n:#} s)", "5.6.1: {a} ещё занят этапом {k:rstage} ({d} из {n} с)"),
    ("5.6.1: {a:w}'s {k:w} needs the stage {need:w}, it is {st:w}",
     "5.6.1: для этапа {k:rstage} у {a} нужно состояние «{need:rstate}», а сейчас «{st:rstate}»"),
    ("5.6.2: {a:w} has no projectiles left", "5.6.2: у {a} не осталось снарядов"),
    ("5.7: gait is one of {g}", "5.7: аллюр (gait) — одно из: {g:gaitcodes}"),
    ("5.7: path is a list of cells [[x, y], …] walked in order",
     "5.7: путь (path) — список клеток [[x, y], …] в порядке движения"),
    ("3.6: facing is one of {allowed} on a {g:w} grid",
     "3.6: на поле с {g:gridgen} клетками направление — одно из {allowed:facings}"),
    ("5.7 (L54): {a:w} has 0 reflex points: no running", "5.7 (L54): у {a} 0 очков рефлекса: бежать нельзя"),
    ("5.7 (L56): {a:w} has 0 reflex points: only the quiet walk",
     "5.7 (L56): у {a} 0 очков рефлекса: только тихий шаг"),
    ("5.7 (L52-58): a move longer than {a:w}'s movement: {n:#} m, {g} allows {m:#} m (Speed {v:#} × {f}){cap}",
     "5.7 (L52-58): путь длиннее движения {a}: {n} м, а {g:gait} позволяет {m} м (Скорость {v} × {f}){cap:cap}"),
    ("L102: at ({x:#}, {y:#}) {a:w} comes within reach of {b:w}: melee begins there, the path ends at that cell",
     "L102: в ({x}, {y}) {a} входит в досягаемость {b}: там начинается схватка, путь кончается в этой клетке"),
    ("5.6.2: {a:w} has no drawn projectile (draw first: {n:#} left)",
     "5.6.2: у {a} нет извлечённого снаряда (сначала извлеките: осталось {n})"),
    ("5.6.3: {a:w}'s shot is not prepared yet (prepare it first, {w:w})",
     "5.6.3: выстрел {a} ещё не подготовлен (сначала подготовьте: {w:rweapon})"),
    ("5.6: target: one of {ids}", "5.6: цель (target) — одна из: {ids}"),
    ("5.6: {t:w} is out of the fight or off the field", "5.6: {t} выбыл из боя или покинул поле"),
    ("5.4.6: maneuver is one of double_shot, synchronous_throw (M80, M81)",
     '5.4.6: маневр выстрела — "double_shot" (двойной выстрел, M80) или "synchronous_throw" (синхронный бросок, '
     "M81)"),
    ("{m:w}: {mv:w} needs one of {classes}, not {w:w}",
     "{m}: маневр «{mv:shotmv}» — только с оружием: {classes:rclasses}; у стрелка — {w:rweapon}"),
    ("5.6.7: {a:w} cannot shoot a {c} {st:w}", "5.6.7: {a} не может стрелять ({c:rclass}) в стойке «{st:stance}»"),
    ("5.6.5: {t:w} is {d:#} m away, beyond the maximum range of the {w:w} ({r:#} m)",
     "5.6.5: до {t} {d} м — дальше предельной дальности ({w:rweapon}: {r} м)"),
    ("difficulty_above_7 (2.2): the shot's difficulty is %{n:#}", "сложность выше %7 (2.2): у выстрела %{n}"),
    ("cannot_pay (4.6): {a:w}'s answers to {f:w}'s shot cost {r:#}R + {s:#}S together (seq {seqs}), {g:w} has "
     "{ar:#}R + {as_:#}S",
     "не хватает очков (4.6): ответы {a} на выстрел {f} вместе стоят {r}Р + {s}Н (seq {seqs}), у {g} есть {ar}Р + "
     "{as_}Н"),
    ("cannot_pay (4.6): the shot costs {r:#}R + {s:#}S, {a:w} has {ar:#}R + {as_:#}S",
     "не хватает очков (4.6): выстрел стоит {r}Р + {s}Н, у {a} есть {ar}Р + {as_}Н"),
    ("cannot_pay (4.7.9): a shot rolls at least 1 die", "не хватает очков (4.7.9): выстрел бросает хотя бы 1 кубик"),
    ("buys: {b} is not a ranged purchase (zone:GENERAL, precise:ZONE, danger:N, penetration:N; 5.2.2)",
     "покупки: {b} — не покупка для стрельбы (zone:ОБЩАЯ_ЗОНА, precise:ЗОНА, danger:N, penetration:N; 5.2.2)"),
    ("5.12 (L1177): a formation is a commander and at least two warriors (members: [ids])",
     "5.12 (L1177): строй — это командир и хотя бы два воина (members: [идентификаторы])"),
    ("5.12: {m:w} is not a warrior of {a:w}'s side", "5.12: {m} — не воин стороны {a}"),
    ("5.12: {m:w} is engaged in melee", "5.12: {m} в схватке"),
    ("5.12 (L1189): partners {p}: two members of the formation", "5.12 (L1189): напарники {p} — два воина строя"),
    ("5.12 (L1189): partners {a:w} and {b:w} stand apart: partners share or touch a cell",
     "5.12 (L1189): напарники {a} и {b} стоят порознь: напарники занимают одну клетку или соседние"),
    # the order parser (parse.py, words.parse_buys)
    ("4.5: a declaration starts with «Атака:» or «Защита:» (Attack:/Defence:), or is «пас»",
     "4.5: заявка начинается со слов «Атака:» или «Защита:» либо состоит из слова «пас»"),
    ("5.4: no maneuver named (e.g. «рубящий удар», «парирование», «блок щитом»)",
     "5.4: маневр не назван (например, «рубящий удар», «парирование», «блок щитом»)"),
    ("4.5: the dice and their split, e.g. «4 кубика (2Р+2Н)»: Р reflex, Н skill",
     "4.5: нужны кубики и их раскладка, например «4 кубика (2Р+2Н)»: Р — рефлекс, Н — навык"),
    ("4.5: {n:#} dice but the split ({split}) makes {m:#}", "4.5: кубиков {n}, а раскладка ({split}) дает {m}"),
    ("L201: the zone: голова, верхний/нижний корпус, левая/правая рука, левая/правая нога",
     "L201: нужна зона: голова, верхний/нижний корпус, левая/правая рука, левая/правая нога"),
    ("{mid:w}: name the blow in brackets: рубящий, секущий, колющий or дробящий",
     "{mid}: назовите удар в скобках: рубящий, секущий, колющий или дробящий"),
    ("M50: name the weapon drawn (one the fighter carries sheathed)",
     "M50: назовите выхватываемое оружие (из того, что боец носит в ножнах)"),
    ("5.2.1: «{part}» is not a purchase (точная зона, опасность, пробитие, игнор брони, шок, кровотечение)",
     "5.2.1: «{part}» — не покупка (точная зона, опасность, пробитие, игнор брони, шок, кровотечение)"),
    ("5.5.1: «{part}» names no precise zone", "5.5.1: в «{part}» не названа точная зона"),
    ("line {n:#} ({kind:w} of {actor}, turn {t:#}): {rest}", "строка {n} ({kind:input} от {actor}, ход {t}): {rest:@}"),
    ("weapon_used_for_parry_this_round ({rule}): {rest}", "щит уже парировал в этом раунде ({rule}): "
     "{rest:shieldlock}"),  # L559 «Щит или оружие …»: the shield's lock says «щит»
    ("{code:w} ({rule}): {rest}", "{code:code} ({rule}): {rest:problem}"),
    ("payload.dice: the rules ask {a}d10 for {actor}: {what}, not {b}d10",
     "payload.dice: по правилам {actor} бросает {a}к10: {what:roll}, а не {b}к10"),
    # a setup's weapon too long for its wielder (model.length_problem, L180, T-28)
    ("setup: weapon {w:w} ({t:w}, {n:#} cm) is too long for a wielder of {h:#} cm: {how}, {lim:#} cm (L180, T-28; "
     "\"length_ruled\": true on the weapon if the GM allows it)",
     "настройка: оружие {w} ({t:weaponname}, {n} см) слишком длинное для бойца ростом {h} см: {how:howlong}, {lim} см "
     "(L180, T-28; \"length_ruled\": true у оружия, если ГМ разрешает такую длину)"),
    ("{what}", "{what:request}"),  # what a request asks (REQUESTS), last: any other line is left to the others
]
HOW_LONG_RU = {"one-handed: at most ¾ of the height": "одноручное — не длиннее ¾ роста",
               "two-handed: at most the height": "двуручное — не длиннее роста",
               "a spear or similar weapon: at most 2 × the height": "копье или подобное оружие — не длиннее 2 × роста",
               "a heavy pike or lance: at most 3 × the height": "тяжелая пика или кавалерийское копье — не длиннее "
                                                                  "3 × роста"}


@cache
def catalogue_ru() -> Catalogue:
    """The skirmish's catalogue in Russian: its problems, its event types and roll purposes (its `why` lines go
    through `why`, a glossary)."""
    return Catalogue(PROBLEMS, {"event": EVENT_RU, "purpose": PURPOSE_RU, "input": INPUT_RU, "code": CODE_RU,
                                "problem": _problem, "shieldlock": _shield_lock, "roll": _roll_what, "rules": _rules,
                                "decision": DECISION_RU,
                                "request": _request, "weaponname": lambda t: words.item_name(t, "ru"),
                                "anyweapon": lambda t: _either_weapon(t),
                                "howlong": HOW_LONG_RU, "gridgen": _table(GRID_RU), "facings": _facings,
                                "acts": _listed(ACT_RU, "и"), "status": _table(STATUS_RU), "rstage": _table(STAGE_RU),
                                "rstate": _table(SHOOTER_STATE_RU), "gait": _table(GAIT_NAME_RU), "cap": _cap,
                                "rweapon": _ranged_weapon, "rclass": _table(RANGED_CLASS_RU),
                                "rclasses": _listed(RANGED_CLASS_RU, "или"), "shotmv": _table(SHOT_MV_RU),
                                "actcodes": _codes(ACT_RU), "gaitcodes": _codes(GAIT_NAME_RU),
                                "stance": lambda x: words.pick(words.STANCE_NAMES[x], "ru") if x in
                                words.STANCE_NAMES else None,
                                "length": lambda x: LENGTH_RU.get(x.replace(" ", "_"))})


STAGE_RU = {"draw": "извлечения снаряда", "prepare": "подготовки выстрела", "aim": "прицеливания",
            "shoot": "выстрела"}
SHOOTER_STATE_RU = {"empty": "не готов", "drawn": "снаряд извлечён", "prepared": "готов", "aimed": "прицелился"}
GAIT_NAME_RU = {"walk": "шаг", "jog": "лёгкий бег", "sprint": "спринт", "quiet walk": "тихий шаг",
                "quiet_walk": "тихий шаг", "crawl": "ползание"}
RANGED_CLASS_RU = {"short_bow": "короткий лук", "long_bow": "длинный лук", "crossbow": "арбалет",
                   "javelin": "дротик", "knife": "метательный нож", "short bow": "короткий лук",
                   "long bow": "длинный лук"}
SHOT_MV_RU = {"jump_fall_throw": "Бросок в прыжке", "moving_shot": "Выстрел в движении",
              "jump_shot": "Выстрел в прыжке", "grazing_shot": "Выстрел по касательной",
              "through_shot": "Выстрел навылет",
              "double_shot": "Двойной выстрел", "synchronous_throw": "Синхронный бросок"}


def _codes(table: Mapping[str, str]) -> Any:
    """"move, draw" -> «move (движение), draw (извлечь снаряд)»: the values a player types, each with its meaning."""
    def said(text: str) -> str | None:
        items = [x.strip() for x in text.split(",") if x.strip()]
        return None if any(x not in table for x in items) else ", ".join(f"{x} ({table[x]})" for x in items)
    return said


def _ranged_weapon(kind: str) -> str | None:
    """A ranged weapon's id as its Russian name («короткий лук»)."""
    entry = words.data.table("ranged")["weapons"].get(kind)
    return None if entry is None else str(entry["name"]["ru"])


def _cap(text: str) -> str | None:
    """" (formation drill cap 2, A-58)" in Russian; nothing for nothing."""
    if not text:
        return ""
    m = re.fullmatch(r" \(formation drill cap (\d+), (A-\d+)\)", text)
    return None if m is None else f" (предел строя {m.group(1)}, {m.group(2)})"


GRID_RU = {"hex": "шестиугольными", "square": "квадратными"}
ACT_RU = {"move": "движение", "draw": "извлечь снаряд", "prepare": "подготовить выстрел", "aim": "целиться",
          "shoot": "выстрел", "form": "строй", "flee": "покинуть поле", "wait": "ждать",
          "break_formation": "распад строя", "group_combat": "групповой бой", "mounted": "верхом"}
"""A field exchange's acts (field_parse.ACT_WORDS) as a player says them."""


def _facings(codes: str) -> str | None:
    """"E NE NW" -> «В СВ СЗ»: a grid's facings in the Russian compass letters."""
    said = [words.FACING_RU.get(c, (None,))[0] for c in codes.split()]
    return None if not said or None in said else " ".join(str(x) for x in said)


# rules w5-s8a: the lines and problems of the blade catch after the catch (M44), the quick draw from the floor, of two
# weapons and the hilt strike (M50), the transfer feint's phase-2 damage (M15) and the rules of docs/skirmish.md
# marked w5-s8a; applied before the sentences above (they say these lines whole).
def _ru_item(item: str) -> str:
    return words.item_name(item, "ru")


def _caught(item: str) -> str:
    """«средний меч захвачен», «булава захвачена»: the participle agrees with the weapon's name."""
    return words.agreed(_ru_item(item), {"masc": "захвачен", "femn": "захвачена", "neut": "захвачено"})


_W5_S8A_WHY: tuple[tuple[str, Any], ...] = (
    (r"\bsharp rim\b", "острый обод"), (r"\brim \((A-\d+)\)", r"обод (\1)"),
    (r"^blade catch: (\w+) is caught: (\w+) cannot use it until he frees it \(Maneuvering %6\), drops it or it breaks",
     lambda m: f"Захват клинка: {_caught(m.group(1))}: {m.group(2)} не может им пользоваться, пока не освободит "
     "оружие (маневрирование %6), не бросит его или оружие не сломается"),
    (r"→ (\w+) frees (\w+) from the blade catch", r"→ \1 освобождает \2 из захвата клинка"),
    (r"→ (\w+) stays caught", r"→ \1 остаётся в захвате"),
    (r"^(\w+) holds the caught (\w+): the distance stays (\w+), not (\w+)",
     lambda m: f"{m.group(1)} держит захваченное оружие ({_ru_item(m.group(2))}): дистанция остаётся "
     f"{m.group(3)}, а не {m.group(4)}"),
    (r"^(\w+) tries to break the caught (\w+): Strength ",
     lambda m: f"{m.group(1)} пытается сломать захваченное оружие ({_ru_item(m.group(2))}): Сила "),
    (r"≥ Reliability (\d+) → (\w+) breaks", r"≥ Надёжности \1 → \2 ломается"),
    (r"< Reliability (\d+): still caught", r"< Надёжности \1: всё ещё в захвате"),
    (r"^(\w+) drops the caught (\w+): the blade catch ends and the distance may increase",
     lambda m: f"{m.group(1)} бросает захваченное оружие ({_ru_item(m.group(2))}): захват клинка окончен, "
     "дистанцию можно увеличить"),
    (r"(\w+) draws (\w+) and (\w+) \((M\d+), two weapons: 2 × (\d+) = (\d+) R \((L\d+)\)\)",
     r"\1 выхватывает \2 и \3 (\4, два оружия: 2 × \5 = \6 Р (\7))"),
    (r"(\w+) draws (\w+) and (\w+) \((M\d+), two weapons for the price of one, (\d+) R \(Ambidexterity, (L\d+)\)\)",
     r"\1 выхватывает \2 и \3 (\4, два оружия по цене одного, \5 Р (двуправорукость, \6))"),
    (r" \(only a hilt strike this exchange, (L\d+)\)", r" (в этом обмене — только удар рукоятью, \1)"),
    (r"^(\w+) picks (\w+) up from the floor \((M\d+), (\d+) R\): Reflex ",
     r"\1 поднимает \2 с пола (\3, \4 Р): Рефлекс "),
    (r"→ in hand \((A-\d+)\)", r"→ в руке (\1)"),
    (r"→ fails: the declaration fails, the (\d+) R are spent \((A-\d+)\)",
     r"→ неудача: заявка не состоялась, \1 Р потрачены (\2)"),
    (r"^phase 1 wins with (\d+) final successes: no damage; (\w+) keeps initiative \(keep_on_success\); (\d+) "
     r"automatic successes on the phase-2 (\w+) in exchange 2, to ([\w, ]+?)( \(the GM's symmetry, (CP-\d+)\)| "
     r"\(PROPOSED symmetry; (CP-\d+) the GM's\)), with the opposite side of the weapon; (\w+)'s defence there loses "
     r"(\d+) dice",
     lambda m: f"фаза 1 удалась с {m.group(1)} итог. усп.: урона нет; {m.group(2)} сохраняет инициативу; "
     f"{m.group(3)} автом. успехов на «{_maneuver(m.group(4))}» фазы 2 в обмене 2, в зоны "
     + ", ".join(words.zone_name(z, "ru") for z in m.group(5).split(", "))
     + (f" (симметрию назначил ГМ, {m.group(7)})" if m.group(7) else f" (предложенная симметрия; {m.group(8)} — "
        "за ГМ)") + f", обратной стороной оружия; защита {m.group(9)} там теряет {m.group(10)} куб."),
    (r"^(\w+) reveals a transfer feint \((CP-\d+)\): (\d+) master \+ (\d+) extraordinary = (\d+) automatic successes "
     r"on the (\w+); activation (\d+) R \(1 \+ weight above medium\); a win deals no damage and carries over to "
     r"exchange (\d)",
     lambda m: f"{m.group(1)} открывает перевод ({m.group(2)}): {m.group(3)} мастерских + {m.group(4)} "
     f"экстраординарных = {m.group(5)} автом. успехов на «{_maneuver(m.group(6))}»; активация {m.group(7)} Р (1 + вес "
     f"сверх среднего); победа не наносит урона и переносится в обмен {m.group(8)}"),
    (r"\(M15 transfer feint's phase 1, (A-\d+)\)", r"(перевод M15, фаза 1, \1)"),
    (r"\bthrust at a limb (\d+)", r"укол в конечность \1"),
    (r"^flow: (\w+)'s (\d+) final successes → \+(\d+) wrestling dice in exchange (\d)",
     r"слитность движений: \2 итог. усп. \1 → +\3 куб. борьбы в обмене \4"),
    (r"^flow: (\w+)'s (\d+) final successes → \+(\d+) wrestling dice next round",
     r"слитность движений: \2 итог. усп. \1 → +\3 куб. борьбы в следующем раунде"),
    (r"\+(\d+) armour skill penalty \(([^;]*); ([\d.]+), (L\d+)\)", r"+\1 штраф доспеха к умениям (\2; \3, \4)"),
    (r"the zone the thrower chose → ", "зону выбрал бросающий → "),
    (r"(\d+) \+ ⌊\((\d+) − 1\)/2⌋, 1 success on the zone (\w+)", r"\1 + ⌊(\2 − 1)/2⌋, 1 успех на смену зоны: \3"),
    (r" changed by the GM \((CP-\d+)\)", r", изменена ГМ (\1)"),
    (r"^the GM adjusts the zone for a side or back view: (\w+) \((CP-\d+), ([\d.]+)\)",
     lambda m: "ГМ меняет зону для удара сбоку или сзади: " + ("промах" if m.group(1) == "miss" else
                                                               words.zone_name(m.group(1), "ru"))
     + f" ({m.group(2)}, {m.group(3)})"),
    (r": a hilt strike after the quick draw \((M\d+), (L\d+)\)", r": удар рукоятью после быстрого вооружения (\1, \2)"),
    (r"^D = (\d+) (crushing|chopping|cutting|piercing) = (\d+): the GM's ruling for the opposite side of the weapon "
     r"\(the rulebook gives none, (M\d+), (L\d+)\)",
     lambda m: f"D = {m.group(1)} ({_DAMAGE_RU[m.group(2)]}) = {m.group(3)}: решение ГМ для обратной стороны оружия "
     f"(в правилах урона нет, {m.group(4)}, {m.group(5)})"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _W5_S8A_WHY) + _SENTENCES

_W5_S8A_PROBLEMS: tuple[tuple[str, Any], ...] = (
    (r'^(\w+) is caught by the opponent\'s blade catch: free it first \(Maneuvering %6: "maneuvering" with "free": '
     r'"\w+"\) or drop it \("drop": "\w+"\)$',
     lambda m: f"«{words.item_name(m.group(1), 'ru')}» захвачено захватом клинка противника: сначала освободите его "
     '(маневрирование %6: "maneuvering" с "free") или бросьте ("drop")'),
    (r"^a hilt strike is the attack of a weapon longer than short drawn from its scabbard with this declaration$",
     "удар рукоятью — атака оружием длиннее короткого, выхваченным из ножен этой же заявкой"),
    (r'^(\w+) is drawn from its scabbard and is longer than short: this exchange it strikes only with the hilt '
     r'\(D = Strength\): declare "hilt": true$',
     lambda m: f"«{words.item_name(m.group(1), 'ru')}» выхвачено из ножен и длиннее короткого: в этом обмене им бьют "
     'только рукоятью (D = Сила): заявите "hilt": true'),
    (r'^a hilt strike is a basic attack \(thrust, chop, slash or crush\) with "hilt": true$',
     'удар рукоятью — базовая атака (колющий, рубящий, секущий или дробящий) с "hilt": true'),
    (r"^drop: only a caught weapon (\w+) holds is dropped with a declaration \(to increase the distance\)$",
     r'"drop": с заявкой бросают только захваченное оружие, которое держит \1 (чтобы увеличить дистанцию)'),
    (r'^(\w+) holds the caught (\w+): no retreat \(it increases the distance\) unless he drops it \("drop": "\w+"\)$',
     lambda m: f"{m.group(1)} держит захваченное «{words.item_name(m.group(2), 'ru')}»: отступать нельзя (это "
     'увеличивает дистанцию), пока он его не бросит ("drop")'),
    (r"^freeing a caught weapon is a Maneuvering roll in the attack step$",
     "освобождение захваченного оружия — бросок маневрирования на шаге атаки"),
    (r"^free: '?(\w+)'? is no caught weapon (\w+) holds$",
     lambda m: '"free": «' + words.item_name(m.group(1), "ru")
     + f"» — не захваченное оружие, которое держит {m.group(2)}"),
    (r"^Maneuvering is \(Р\): freeing the weapon is paid from reflex points only$",
     "маневрирование — (Р): освобождение оружия оплачивается только очками рефлекса"),
    (r'^breaking the caught weapon \("break": true\) is declared in the attack step$',
     'попытку сломать захваченное оружие ("break": true) заявляют на шаге атаки'),
    (r"^no weapon of the opponent is caught$", "никакое оружие противника не захвачено"),
    (r'^the break is a Strength check: no pool dice \("dice": \{"reflex": 0, "skill": 0\}\)$',
     'попытка сломать — проверка Силы: кубиков из пула нет ("dice": {"reflex": 0, "skill": 0})'),
    (r'^a blade catch is a defence; in the attack step only the attempt to break a caught weapon \("break": true\)$',
     'захват клинка — защита; на шаге атаки — только попытка сломать захваченное оружие ("break": true)'),
    (r"^draw: one weapon id, or a list of two different ones$", '"draw": одно оружие или список из двух разных'),
    (r"^(\w+) is at '(\w+)': the activation for other places is the GM's \((CP-\d+)\)$",
     r"\1 находится в месте «\2»: активацию для других мест назначает ГМ (\3)"),
    (r"^two weapons at once are drawn from where they are carried; a weapon on the floor is picked up alone "
     r"\(PROPOSED\)$", "два оружия сразу выхватывают оттуда, где их носят; оружие с пола поднимают отдельно "
                       "(предложено)"),
    (r"^(\w+) needs both hands free to draw two weapons$", r"чтобы выхватить два оружия, у \1 должны быть свободны "
                                                           r"обе руки"),
)
_PROBLEM_SENTENCES = _PROBLEM_SENTENCES + tuple((re.compile(p), r) for p, r in _W5_S8A_PROBLEMS)
PROBLEMS.extend([
    ('M15 (L363): reverse_damage is the GM\'s ruling (no --actor), keyed by exchange 2 and the attacker: the damage D '
     'and its type (crushing, chopping, cutting or piercing), as the text "D TYPE" or --json with "damage", "type" and '
     'an optional "penetration"',
     'M15 (L363): reverse_damage — решение ГМ (без --actor), по ключам exchange 2 и attacker: урон D и его тип '
     '(crushing, chopping, cutting или piercing) текстом "D ТИП" или --json с "damage", "type" и необязательным '
     '"penetration"'),
])
PURPOSE_RU["pickup"] = "на подъём оружия с пола"


DECISION_RU: dict[str, str] = {
    "general_initiative_reroll": "4.1, п. 4: общая инициатива бросается заново в начале раунда на поле (ключ round; "
                                 "значение true)"}
"""The GM-overridable decisions (`Ruleset.decisions`, `battlelog rules skirmish --lang ru`), by name: what each is, in
Russian (its other GM's words are requests: CP-07's difficulty, CP-43's surprise); a decision added to
`Skirmish.decisions` needs its line here (tests/skirmish/test_ru_rules.py checks)."""



# part 2 w5-s9: the battle on the field (battle_round.py, shot.py): its why lines, problems, events and purposes
_GAIT_RU = {"walks": "идёт шагом", "jogs": "бежит трусцой", "sprints": "бежит спринтом",
            "quiet walks": "идёт тихим шагом", "crawls": "ползёт"}
_STAGE_RU = {"drawn": "снаряд извлечён", "prepared": "выстрел подготовлен", "aimed": "прицел взят",
             "draws": "извлекает снаряд", "prepares": "готовит выстрел", "aims": "целится"}
_PLACE_RU = {"quiver back": "колчана за спиной", "at hand": "«под рукой»", "quiver belt": "колчана на поясе",
             "belt": "пояса", "pouch": "сумки"}
_BAND_RU = {"point blank": "в упор", "short": "короткая", "medium": "средняя", "long": "длинная",
            "extreme": "предельная"}
_INTENT_RU = {"attack": "атака", "defend": "защита", "other": "иное"}
_RANGED_RU = {"short bow": "короткий лук", "long bow": "длинный лук", "light crossbow": "лёгкий арбалет",
              "javelin": "дротик", "throwing knife": "метательный нож", "arrow": "стрела", "bolt": "болт",
              "throwing_knife": "метательный нож", "hunting bow": "охотничий лук"}
_HEIGHT_RU = {"adult": "взрослый", "child": "ребёнок/карлик", "giant": "великан"}
_PART2_SENTENCES: tuple[tuple[str, Any], ...] = (
    (r"^((?:\w+ (?:attack|defend|other)(?:, )?)+)$",
     lambda m: ", ".join(f"{x.split()[0]} — {_INTENT_RU[x.split()[1]]}" for x in m.group(1).split(", "))),
    (r"^initiative order: (.*)$", r"порядок действий: \1"),
    (r"^round (\d+): the loose fighters' pools restored \(L192\); order of actions: (.*)$",
     r"раунд \1: очки свободных бойцов восстановлены (L192); порядок действий: \2"),
    (r"^(\w+) (walks|jogs|sprints|quiet walks|crawls) (\d+) m of ([\d.]+) m \(Speed (\d+) × ([\d/]+)"
     r"(?: \+ ([\d/]+) carried)?\)(?: to \((\d+), (\d+)\))?, facing (\w+)$",
     lambda m: f"{m.group(1)} {_GAIT_RU[m.group(2)]} {m.group(3)} м из {decimal(m.group(4), 'ru')} м (Скорость "
               f"{m.group(5)} × {m.group(6)}" + (f" + {m.group(7)} перенесено" if m.group(7) else "") + ")"
               + (f" в ({m.group(8)}, {m.group(9)})" if m.group(8) else "")
               + f", лицом на {words.facing_name(m.group(10), 'ru', word=True)}"),
    (r"^([\d/]+) m carried to the next move \(A-63\)$", r"\1 м переносится на следующее движение (A-63)"),
    (r"^(\w+) ran: all reflex points are lost this round \(L54\)$",
     r"бег: у \1 все очки рефлекса в этом раунде потеряны (L54)"),
    (r"^(\w+) comes within reach of (\w+) at (\([\d, ]+\))–(\([\d, ]+\)): melee begins \(L102\); combat initiative "
     r"opens their first melee round \(C12\)$",
     r"\1 входит в досягаемость \2 (\3–\4): начинается схватка (L102); их первый раунд схватки открывает боевая "
     r"инициатива (C12)"),
    (r"^drawing from ([a-z ]+): (\d+) s( \(halved, rounded up\))? \(5\.6\.2\)$",
     lambda m: f"извлечение снаряда из {_PLACE_RU[m.group(1)]}: {m.group(2)} с"
               + (" (вдвое быстрее, с округлением вверх)" if m.group(3) else "") + " (5.6.2)"),
    (r"^critical failure: the projectile is dropped \(L929\)$", "критический провал: снаряд уронен (L929)"),
    (r"^preparing the shot: (\d+) s(?: \((\d+) s saved, −(\d+) final successes on the shot, 5\.6\.3\))? \(5\.6\.3\)$",
     lambda m: f"подготовка выстрела: {m.group(1)} с" + (f" (сэкономлено {m.group(2)} с, −{m.group(3)} итог. усп. "
                                                           "на выстреле, 5.6.3)" if m.group(2) else "") + " (5.6.3)"),
    (r"^aiming: (\d+) s( \(halved, −1 final success on the shot, A-56\))?; Accuracy \+(\d+) on the shot \(5\.6\.4\)$",
     lambda m: f"прицеливание: {m.group(1)} с" + (" (вдвое быстрее, −1 итог. успех на выстреле, A-56)"
                                                  if m.group(2) else "")
               + f"; Меткость +{m.group(3)} на выстреле (5.6.4)"),
    (r"^(\w+) (draws|prepares|aims): (\d+) of (\d+) s(?: → (drawn|prepared|aimed))?$",
     lambda m: f"{m.group(1)} {_STAGE_RU[m.group(2)]}: {m.group(3)} из {m.group(4)} с"
               + (f" → {_STAGE_RU[m.group(5)]}" if m.group(5) else "")),
    (r"^(\w+) speed-up: Reflex (\d+)d %5 (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+) \((\d+) reflex points spent, L929\)$",
     r"\1 ускоряется: Рефлекс \2к10 %5 \3 → \4 − \5 = \6 (потрачено очков рефлекса: \7, L929)"),
    (r"^(\w+) shoots ([a-z ]+) at (\w+) (\d+) m away: (point blank|short|medium|long|extreme) range$",
     lambda m: f"{m.group(1)} стреляет ({_RANGED_RU.get(m.group(2), m.group(2))}) в {m.group(3)} с {m.group(4)} м: "
               f"дистанция {_BAND_RU[m.group(5)]}"),
    (r"^dice (\d+) \((\d+)R \+ (\d+)S\)(?:, cost (\d+) \(×2 above (\w+) (\d+), A-08\))?"
     r"(?: \+ Accuracy (\d+) \(aimed, A-52\))?( \(aimed, but moved this round: no Accuracy, L1028\))?$",
     lambda m: f"кубиков {m.group(1)} ({m.group(2)}Р + {m.group(3)}Н)"
               + (f", цена {m.group(4)} (×2 выше навыка {m.group(6)}, A-08)" if m.group(4) else "")
               + (f" + Меткость {m.group(7)} (прицел, A-52)" if m.group(7) else "")
               + (" (прицел взят, но стрелок двигался в этом раунде: без Меткости, L1028)" if m.group(8) else "")),
    (r"^roll (\d+)d %(\d+) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$", r"бросок \1к10 %\2 \3 → \4 − \5 = \6"),
    (r"^(\w+) does not defend$", r"\1 не защищается"),
    (r"^(\w+) does not see (\w+) \(behind\): no missile defence \(M86-M90\)$",
     r"\1 не видит \2 (стрелок сзади): защиты от снаряда нет (M86-M90)"),
    (r"^(\w+) (missile dodge|missile slip) (\d+)d %(\d+) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$",
     lambda m: f"{m.group(1)}: {'уклонение' if m.group(2) == 'missile dodge' else 'свиля'} {m.group(3)}к10 "
               f"%{m.group(4)} {m.group(5)} → {m.group(6)} − {m.group(7)} = {m.group(8)}"),
    (r"^final = (-?\d+)( − \d+) defence( [+−-]\d+ penalties)? = (-?\d+)$",
     lambda m: f"итог = {m.group(1)}{m.group(2)} защита{_penalties(m.group(3))} = {m.group(4)}"),
    (r"^final = (-?\d+) ([+−-])(\d+) penalties = (-?\d+)$",
     lambda m: f"итог = {m.group(1)} {_sign(m.group(2))} {m.group(3)} (штрафы) = {m.group(4)}"),
    (r"^automatic failure \(5\.6\.5\)$", "автоматический провал (5.6.5)"),
    (r"^miss$", "промах"), (r"^the shot fails$", "выстрел не удался"),
    (r"^zone 1d6 \[(\d)\] \((standing|sitting|lying)\) → (\w+) \(5\.5\.2\)$",
     lambda m: f"зона 1к6 [{m.group(1)}] ({ {'standing': 'стоя', 'sitting': 'сидя', 'lying': 'лёжа'}[m.group(2)]}) → "
               + ("промах" if m.group(3) == "miss" else words.why_ru(m.group(3))) + " (5.5.2)"),
    (r"^prices \((adult|child|giant), (point blank|short|medium|long|extreme)\): zone (\d+), precise (\d+|—) "
     r"\(5\.6\.6\)$",
     lambda m: f"цены ({_HEIGHT_RU[m.group(1)]}, {_BAND_RU[m.group(2)]}): общая зона {m.group(3)}, точная "
               f"{m.group(4)} (5.6.6)"),
    (r"^zone → (\w+) \((\d+)\)$", lambda m: f"зона → {words.why_ru(m.group(1))} ({m.group(2)})"),
    (r"^(danger|penetration) \+(\d+) \((\d+)\)$",
     lambda m: f"{'опасность' if m.group(1) == 'danger' else 'пробитие'} +{m.group(2)} ({m.group(3)})"),
    (r"^(zone|precise|danger|penetration):(\w+) not bought \(C13\)$",
     lambda m: {"zone": "общая зона", "precise": "точная зона", "danger": "опасность",
                "penetration": "пробитие"}[m.group(1)] + " " + (words.why_ru(m.group(2)) if not m.group(2).isdigit()
                                                               else "+" + m.group(2)) + " не куплено (C13)"),
    (r"^precise 2d6−2 = (\d+) → (.+)$",
     lambda m: f"точная зона 2к6−2 = {m.group(1)} → "
               + ("промах (L98)" if m.group(2) == "miss (L98)" else words.why_ru(m.group(2)))),
    (r"^D = (\d+) \((arrow|bolt|javelin|bullet|throwing_knife)\)(?: ([+−-]\d+) \((point blank|short|medium|long|"
     r"extreme) range, A-51(?:, arc 1d6 \[(\d)\])?\))? = (-?\d+)$",
     lambda m: f"D = {m.group(1)} ({_RANGED_RU.get(m.group(2), m.group(2))})"
               + (f" {m.group(3)} (дистанция {_BAND_RU[m.group(4)]}, A-51"
                  + (f", навесом 1к6 [{m.group(5)}]" if m.group(5) else "") + ")" if m.group(3) else "")
               + f" = {m.group(6)}"),
    (r"^(poor visibility \+1 difficulty|target in a melee −1 success)$",
     lambda m: "плохая видимость +1 к сложности" if m.group(1).startswith("poor") else "цель в схватке −1 успех"),
    (r"^target (jogging|sprinting) −(\d+)( \(straight at or away\))?$",
     lambda m: f"цель бежит {'трусцой' if m.group(1) == 'jogging' else 'спринтом'} −{m.group(2)}"
               + (" (прямо на стрелка или от него)" if m.group(3) else "")),
    (r"^(point blank|short|medium|long|extreme) range -(\d+)$",
     lambda m: f"штраф за дистанцию ({_BAND_RU[m.group(1)]}): −{m.group(2)} {plural(int(m.group(2)), _SUCCESSES)}"),
    (r"^speed-ups −(\d+) \(5\.6\.3, 5\.6\.4\)$", r"ускорения −\1 (5.6.3, 5.6.4)"),
    (r"^double shot \(M80\): range penalty ×2, \+(\d) difficulty with a bow$",
     r"двойной выстрел (M80): штраф за дистанцию ×2, +\1 к сложности для лука"),
    (r"^synchronous throw \(M81\): \+(\d) difficulty( \(ambidextrous\))?$",
     lambda m: f"синхронный бросок (M81): +{m.group(1)} к сложности" + (" (амбидекстр)" if m.group(2) else "")),
    (r"^(wind|rain|strong_wind|downpour|snowfall) (-\d+)( ×2 \(arrows and bolts, L985\))? = (-\d+)$",
     lambda m: f"{_WEATHER_RU[m.group(1)]}: −{m.group(2)[1:]}" + (" ×2 (стрелы и болты, L985)" if m.group(3) else "")
     + f" = −{m.group(4)[1:]} {plural(int(m.group(4)[1:]), _SUCCESSES)}"),
    (r"^(hurricane|storm|blizzard): a light projectile fails automatically$",
     r"\1: лёгкий снаряд — автоматический провал"),
    (r"^(lying|sitting) with a ([a-z ]+) \+(\d+) difficulty \(5\.6\.7\)$",
     lambda m: f"{'лёжа' if m.group(1) == 'lying' else 'сидя'} ({m.group(2)}) +{m.group(3)} к сложности (5.6.7)"),
    (r"^no bleeding among the loose fighters$", "у свободных бойцов кровотечения нет"),
    (r"^melee over: (.+) \(the fighters are loose again\)$", r"схватка окончена: \1 (бойцы снова свободны)"),
    (r"^side (\w+) stands: (.+)$", lambda m: f"на ногах сторона «{words.side_name(m.group(1), 'ru')}»: {m.group(2)}"),
    (r"^no one stands$", "на ногах никого"),
    (r"^(.+) defend: no roll, they act after the attacks aimed at them \(L18\)$",
     r"\1 в защите: без броска, действуют после атак на них (L18)"),
    (r"\(critical failure −(\d+) reflex next round\)", r"(критический провал: −\1 рефлекса в следующем раунде)"),
    (r"^(\w+) Tactics (\d+)d %5 (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$", r"\1: Тактика \2к10 %5 \3 → \4 − \5 = \6"),
    (r"^size cap (\d+)d6 = (\d+) warriors \(A-57\)$", r"предел размера строя \1к6 = \2 воинов (A-57)"),
    (r"^no formation: fewer than two warriors \(5\.12\)$", "строя нет: меньше двух воинов (5.12)"),
    (r"^(\w+) Army Etiquette (\d+)(?: \+ (\d+) \((\w+)'s master successes, L1191\))? = (\d+)$",
     lambda m: f"{m.group(1)}: Армейский этикет {m.group(2)}"
               + (f" + {m.group(3)} (мастерские успехи {m.group(4)}, L1191)" if m.group(3) else "")
               + f" = {m.group(5)}"),
    (r"^drill cap: Reflex and Speed ≤ (\d+) \(A-58\)$", r"предел строя: Рефлекс и Скорость ≤ \1 (A-58)"),
    (r"^(\w+) is behind cover: exposed ([a-z_, ]+) \((waist-high cover, PROPOSED|CP-33)\)$",
     lambda m: f"{m.group(1)} за укрытием: открыты {', '.join(words.why_ru(z) for z in m.group(2).split(', '))} ("
               + ("укрытие по пояс, предложение спецификации" if m.group(3) != "CP-33" else "CP-33") + ")"),
    (r"^the projectile strikes the cover$", "снаряд попадает в укрытие"),
    (r"^(\w+)'s Speed (\d+) is held to the formation's drill cap (\d+) \(A-58\)$",
     r"Скорость \1 (\2) ограничена пределом строя \3 (A-58)"),
    (r"^(\w+) leaves the battlefield from \((\d+), (\d+)\) \(1\.2\.6, CP-19\)$",
     r"\1 покидает поле боя из (\2, \3) (1.2.6, CP-19)"),
    (r"^initiative unchanged \(tie\)$", "инициатива без изменений (равенство)"),  # a part 1 line met on the field
    (r"\(critical failure −(\d+) reflex this round\)", r"(критический провал: −\1 рефлекса в этом раунде)"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _PART2_SENTENCES) + _SENTENCES
EVENT_RU.update({
    "skirmish.intents": "намерения", "skirmish.general_initiative": "общая инициатива",
    "skirmish.field_round": "раунд на поле", "skirmish.moved": "передвижение", "skirmish.engaged": "начало схватки",
    "skirmish.ranged_stage": "этап стрельбы", "skirmish.shot": "выстрел", "skirmish.formed": "построение",
    "skirmish.field_round_ended": "конец раунда на поле", "skirmish.battle_ended": "конец боя на поле",
    "skirmish.fled": "побег с поля боя",
})
PURPOSE_RU.update({
    "general_initiative": "на общую инициативу", "speedup": "на ускорение", "shot": "на выстрел",
    "shot_zone": "на зону попадания (по стойке)", "arc": "на урон навесом", "missile_defence": "на защиту от снаряда",
    "tactics": "на тактику", "formation_size": "на размер строя", "rapid_fire": "на число стрел скоростной стрельбы",
})


# part 2: what the battle's requests ask (battle_round.py, shot.py)
RANGED_STAGE_RU = {"draw": "извлечения снаряда", "prepare": "подготовки выстрела", "aim": "прицеливания"}
MISSILE_DEFENCE_RU = {"missile dodge": "уклонение от снаряда", "missile slip": "ускользание от снаряда"}
REQUESTS.extend([
    ("intent at the start of the battle: attack, defend or other (4.1, CP-01)",
     'намерение в начале боя: "attack" (атака), "defend" (защита) или "other" (иное) (4.1, CP-01)'),
    ("act in exchange {x:#}: {acts} (5.6, 5.7)", "действие в обмене {x}: {acts:actlist} (5.6, 5.7)"),
    ("general initiative of {a:w} (Reflex, %5)", "общая инициатива {a} (Рефлекс, %5)"),
    ("{a:w}'s speed-up check of the {k:w} (Reflex, %5)", "проверка ускорения {a}: {k:rstage} (Рефлекс, %5)"),
    ("{b:w}'s defence against {a:w}'s shot: none, or {{maneuver: missile_dodge|missile_slip|shield_parry_missile|"
     "weapon_parry_missile|missile_catch|pendulum, dice: n (reflex), skill: n (M85-M87), weapon: id (M87), "
     "into_cover: true|false, screen: [zones] (M84)}} (M84-M90)",
     'защита {b} от выстрела {a}: "none" (нет) или'
     " {{maneuver: missile_dodge|missile_slip|shield_parry_missile|weapon_parry_missile|missile_catch|pendulum, "
     "dice: n (рефлекс), skill: n (навык, M85-M87), weapon: id (M87), into_cover: true|false, screen: [зоны] (M84)}} "
     "(M84-M90)"),
    ("{a:w}'s Tactics check to form up (%5, A-57)", "проверка Тактики {a}: построиться (%5, A-57)"),
    ("{a:w}'s shot at {b:w} (%{tn:#})", "выстрел {a} по {b} (%{tn})"),
    ("{b:w}'s zones exposed behind cover (CP-33, GM)", "зоны {b}, открытые из-за укрытия (CP-33, ГМ)"),
    ("{a:w}'s precise zone on {b:w} ({z:w})", "точная зона попадания {a} по {b} (таблица «{z:zone}»)"),
    ("the formation's size cap ({n:#}d6, A-57)", "предел размера строя ({n}к6, A-57)"),
    ("{b:w}'s {m} (%{tn:#})", "{m:mdef}: {b} (%{tn})"),
    ("{a:w}'s hit zone on {b:w} (1d6, {st:w})", "зона попадания {a} по {b} (1к6, стойка: {st:stance})"),
    ("{a:w}'s arc shot damage penalty (1d6, L994)", "штраф урона {a} при стрельбе навесом (1к6, L994)"),
])


# w5-s8d: the hilt strike in wrestling (L723) and the weapon hanging on its wrist loop (M50, L689)
_W5_S8D_WHY: tuple[tuple[str, Any], ...] = (
    (r": a hilt strike in wrestling \((L\d+)\)", r": удар рукоятью в борьбе (\1)"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _W5_S8D_WHY) + _SENTENCES
_W5_S8D_PROBLEMS: tuple[tuple[str, Any], ...] = (
    (r'^(\w+) is longer than short: in wrestling it strikes only with the hilt \(D = Strength, crushing, \+1 '
     r'difficulty\): declare "hilt": true$',
     lambda m: f"«{words.item_name(m.group(1), 'ru')}» длиннее короткого: в борьбе им бьют только рукоятью "
     '(D = Сила, дробящий урон, сложность +1): заявите "hilt": true'),
    (r"^a hilt strike in wrestling is the strike of a weapon longer than short$",
     "удар рукоятью в борьбе — удар оружием длиннее короткого"),
)
_PROBLEM_SENTENCES = _PROBLEM_SENTENCES + tuple((re.compile(p), r) for p, r in _W5_S8D_PROBLEMS)
REQUESTS.extend([
    ("Reflex check of {a:w} recovering {w:w} hanging on its wrist loop (free, %{tn:#}; M50, L689, A-39)",
     "проверка Рефлекса {a}: перехватить {w:itemacc}, висящее на темляке (бесплатно, %{tn}; M50, L689, A-39)"),
])
_W5_S8D_LOOP: tuple[tuple[str, Any], ...] = (
    (r"^(\w+) recovers (\w+) hanging on its wrist loop \((M\d+), (\d+) R, PROPOSED\): Reflex ",
     lambda m: f"{m.group(1)} перехватывает висящее на темляке оружие «{words.item_name(m.group(2), 'ru')}» "
     f"({m.group(3)}, {m.group(4)} Р, предложено): Рефлекс "),
    (r"→ (\w+) hangs on the wrist by its loop \((L\d+)\): Quick draw recovers it at %(\d) \((M\d+), (A-\d+)\)",
     lambda m: f"→ оружие «{words.item_name(m.group(1), 'ru')}» повисает на руке на темляке ({m.group(2)}): "
     f"быстрое вооружение возвращает его при %{m.group(3)} ({m.group(4)}, {m.group(5)})"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _W5_S8D_LOOP) + _SENTENCES
_PROBLEM_SENTENCES = _PROBLEM_SENTENCES + ((re.compile(
    r"^a weapon hanging on its wrist loop is recovered alone \((L\d+), PROPOSED\)$"),
    r"оружие, висящее на темляке, перехватывают отдельно (\1, предложено)"),)
_W5_S8D_ROUND: tuple[tuple[str, Any], ...] = (
    (r"^(\w+) draws ([\w ]+?) over the whole round: no reflex points \((M\d+), (L\d+)\); in hand from round (\d+)$",
     lambda m: f"{m.group(1)} выхватывает "
     + " и ".join(f"«{words.item_name(w, 'ru')}»" for w in m.group(2).split(" and "))
     + f" за целый раунд: очков рефлекса нет ({m.group(3)}, {m.group(4)}); в руке с раунда {m.group(5)}"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _W5_S8D_ROUND) + _SENTENCES
_PROBLEM_SENTENCES = _PROBLEM_SENTENCES + tuple((re.compile(p), r) for p, r in (
    (r"^a pass draws over the whole round only with no reflex points left; with reflex points the draw goes with a "
     r"maneuver \((L\d+)\)$",
     r"пас с выхватыванием за целый раунд — только когда очков рефлекса не осталось; с очками рефлекса оружие "
     r"выхватывают вместе с маневром (\1)"),
    (r"^the draw over the whole round is from where the weapon is carried; the floor and the wrist loop ask the "
     r"Reflex check \((A-\d+)\)$",
     r"за целый раунд выхватывают оружие оттуда, где его носят; с пола и с темляка — только с проверкой Рефлекса "
     r"(\1)"),
    (r"^(\w+) is drawing (\w+) over the whole round: he passes until the round ends$",
     lambda m: f"{m.group(1)} выхватывает «{words.item_name(m.group(2), 'ru')}» целый раунд: до конца раунда — "
     "только пас"),
))
_SENTENCES = ((re.compile(r"^(\w+) has a closed hilt: the Strength check at %(\d) \((L\d+)\)$"),
               lambda m: f"у оружия «{words.item_name(m.group(1), 'ru')}» закрытая рукоять: проверка Силы при "
               f"%{m.group(2)} ({m.group(3)})"),) + _SENTENCES
# w5-s8e
_SENTENCES = ((re.compile(r"^slip: (\w+)'s skill points are 0 for the rest of the round \((M\d+), (A-\d+)\)$"),
               r"свиля: у \1 до конца раунда 0 очков навыка (\2, \3)"),) + _SENTENCES
_SENTENCES = ((re.compile(r"^(\w+) draws (\w+) \((M\d+), (\d+) R, the GM's price \((CP-\d+)\)\)"),
               lambda m: f"{m.group(1)} выхватывает «{words.item_name(m.group(2), 'ru')}» ({m.group(3)}, "
               f"{m.group(4)} Р, цена ГМ ({m.group(5)}))"),) + _SENTENCES
REQUESTS.extend([
    ("the rulebook prices a quick draw only from a scabbard, a belt, a boot, the back or the floor (M50, L646): the GM "
     "rules the reflex points {a:w} pays to draw from '{p:w}' (CP-31), e.g. 1",
     "правила называют цену быстрого вооружения только из ножен, с пояса, из сапога, со спины или с пола (M50, "
     "L646): сколько очков рефлекса {a} платит, чтобы выхватить оружие из места, для которого цены нет, решает "
     "ГМ (CP-31), например 1"),
])
PROBLEMS.extend([
    ("M50 (L646, CP-31): draw_price is the GM's ruling (no --actor), keyed by exchange and fighter: the reflex points "
     "a quick draw from that place costs, a whole number from 0 to 9",
     "M50 (L646, CP-31): draw_price — решение ГМ (без --actor), по ключам exchange и fighter: сколько очков рефлекса "
     "стоит быстрое вооружение из этого места, целое число от 0 до 9"),
])
_SENTENCES = ((re.compile(r"^(\w+) cannot pay the GM's price of the quick draw, (\d+) R: the declaration costs R(\d+) "
                          r"S(\d+), available R(\d+) S(\d+) \(([\d.]+), (CP-\d+)\): the declaration is refused, "
                          r"nothing is spent$"),
               r"\1 не может заплатить цену ГМ за быстрое вооружение, \2 Р: заявка стоит Р\3 Н\4, доступно Р\5 Н\6 "
               r"(\7, \8): заявка отклонена, ничего не потрачено"),
              (re.compile(r"^(\w+) cannot pay the GM's price of the grip change, (\d+) R: the declaration costs R(\d+) "
                          r"S(\d+), available R(\d+) S(\d+) \(4\.7\.9, CP-31\): the declaration is refused, nothing "
                          r"is spent$"),
               r"\1 не может заплатить цену ГМ за смену хвата, \2 Р: заявка стоит Р\3 Н\4, доступно Р\5 Н\6 "
               r"(4.7.9, CP-31): заявка отклонена, ничего не потрачено")) + _SENTENCES  # M56 (L701, CP-31)
_SENTENCES = ((re.compile(r"^in wrestling the fighters are in contact: the distance stays hand, not (\w+) \((L\d+)\)$"),
               lambda m: "в борьбе противники в постоянном соприкосновении: дистанция остаётся ручной, а не "
               f"{words.distance_name(m.group(1), 'ru', 'nomn')} "
               f"({m.group(2)})"),) + _SENTENCES


# part 2 s9r: the ranged maneuvers on the field (shot.py): M80/M81's second projectile, the missile defences M84 and
# M86, the passive shield against missiles, a hidden shot's Empathy (A-61), the knockout after a ranged wound (C9)
_KNOCKOUT_TRIGGERS_RU = {"knockout_check": "рана головы или корпуса четвёртого уровня", "shock": "шок"}
_S9R_WHY: tuple[tuple[str, Any], ...] = (
    (r"^(\w+) screens ([a-z_, ]+) with the shield \(M84, L1135\)$",
     lambda m: f"{m.group(1)} прикрывает щитом " + ("только руку со щитом" if m.group(2) == "only the carrying arm"
                                                    else "зоны: " + ", ".join(words.zone_name(z, "ru")
                                                                   for z in m.group(2).split(", ")))
     + " (M84, L1135)"),
    (r"^second projectile \((M8[01])\) at (\w+)$", r"второй снаряд (\1) в \2"),
    (r"^final = (-?\d+)( − \d+) defence( [+−-]\d+ penalties)? = (-?\d+) \((\w+)\)$",
     lambda m: f"итог = {m.group(1)}{m.group(2)} защита{_penalties(m.group(3))} = {m.group(4)} (для {m.group(5)})"),
    (r"^final = (-?\d+) ([+−-])(\d+) penalties = (-?\d+) \((\w+)\)$",
     lambda m: f"итог = {m.group(1)} {_sign(m.group(2))} {m.group(3)} (штрафы) = {m.group(4)} (для {m.group(5)})"),
    (r"^a double shot: two arrows, the preparation time ×2 \(M80, L1109\)$",
     "двойной выстрел: две стрелы, время подготовки ×2 (M80, L1109)"),
    (r"^(\w+)'s shield broke under the first projectile: no passive cover$",
     r"щит \1 разбит первым снарядом: пассивной защиты нет"),
    (r"^(\w+)'s shield parried: no passive cover \(5\.11, A-87b\)$",
     r"щит \1 парировал: пассивной защиты нет (5.11, A-87b)"),
    (r"^(\w+) (shield|weapon) parry missile (\d+)d %(\d+) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$",
     lambda m: f"{m.group(1)}: парирование {'щитом' if m.group(2) == 'shield' else 'оружием'} {m.group(3)}к10 "
     f"%{m.group(4)} {m.group(5)} → {m.group(6)} − {m.group(7)} = {m.group(8)}"),
    (r"^(\w+) knockout check \(([a-z_, ]+)\): Endurance (\d+)d %5 (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+) → "
     r"(unconscious|conscious)$",
     lambda m: f"{m.group(1)}: проверка потери сознания ("
     + ", ".join(_KNOCKOUT_TRIGGERS_RU.get(t, t) for t in m.group(2).split(", "))
     + f"): Выносливость {m.group(3)}к10 %5 {m.group(4)} → {m.group(5)} − {m.group(6)} = {m.group(7)} → "
     + ("без сознания" if m.group(8) == "unconscious" else "в сознании")),
    (r"^(\w+) did not sense the hidden attack: no passive shield cover \(A-61\)$",
     r"\1 не заметил скрытую атаку: пассивной защиты щитом нет (A-61)"),
    (r"^passive (\w+) covers (\w+): D' = (\d+) − (\d+) = (\d+)(?:; reliability (\d+) → (\d+))?(; the shield breaks)?$",
     lambda m: f"пассивная защита ({words.item_name(m.group(1), 'ru')}) прикрывает зону «"
     f"{words.zone_name(m.group(2), 'ru')}»: D' = {m.group(3)} − {m.group(4)} = {m.group(5)}"
     + (f"; надёжность {m.group(6)} → {m.group(7)}" if m.group(6) else "")
     + ("; щит ломается" if m.group(8) else "")),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _S9R_WHY) + _SENTENCES
_CLASS_RU = {"short_bow": "короткий лук", "long_bow": "длинный лук", "crossbow": "арбалет", "javelin": "дротик",
             "knife": "метательный нож"}
_RANGED_SKILL_RU = {"bows": "луки", "crossbows": "арбалеты", "throwing": "метание"}
def _ranged_skill(code: str) -> str:
    return _RANGED_SKILL_RU.get(code) or words.skill_name(code, "ru")


_POSE_RU = {"lying": "лёжа", "sitting": "сидя", "standing": "стоя"}
_MISSILE_RU = {"double_shot": "двойной выстрел", "synchronous_throw": "синхронный бросок",
               "missile_dodge": "уклонение", "missile_slip": "свиля", "shield_parry_missile": "парирование щитом",
               "weapon_parry_missile": "парирование оружием"}


def _missile(code: str) -> str:
    return _MISSILE_RU.get(code) or _maneuver(code)


def _classes(text: str) -> str:
    return " или ".join(_CLASS_RU.get(c, c) for c in text.split(", "))


_S9R_PROBLEMS: tuple[tuple[str, Any], ...] = (
    (r"^(\w+) has no ranged weapon$", r"у \1 нет оружия дальнего боя"),
    (r"^(\w+) has no drawn projectile \(draw first: (\d+) left\)$",
     r"у \1 нет извлечённого снаряда (сначала извлеките снаряд: осталось \2)"),
    (r"^(\w+)'s shot is not prepared yet \(prepare it first\)$",
     r"выстрел \1 ещё не подготовлен (сначала подготовьте его)"),
    (r"^the target is another fighter on the field: (.+)$", r"цель — другой боец на поле: \1"),
    (r"^(\w+) is out of the fight or off the field$", r"\1 выбыл из боя или покинул поле"),
    (r"^the maneuver of a shot is one of ([\w, ]+)$",
     lambda m: "маневр выстрела — один из: " + ", ".join(_missile(c) for c in m.group(1).split(", "))),
    (r"^(\w+) cannot shoot a (\w+) (lying|sitting|standing)$",
     lambda m: f"{m.group(1)} не может стрелять {_POSE_RU[m.group(3)]} (оружие: "
     f"{_CLASS_RU.get(m.group(2), m.group(2))})"),
    (r"^(\w+) is (\d+) m away, beyond the maximum range of the (\w+) \((\d+) m\)$",
     lambda m: f"{m.group(1)} в {m.group(2)} м — дальше предельной дистанции (оружие: "
     f"{_CLASS_RU.get(m.group(3), m.group(3))}, {m.group(4)} м)"),
    (r"^the shot's difficulty is %(\d+)$", r"сложность выстрела %\1"),
    (r"^the (shot|defence) costs (\d+)R \+ (\d+)S, (\w+) has (\d+)R \+ (\d+)S$",
     lambda m: ("выстрел стоит" if m.group(1) == "shot" else "защита стоит")
     + f" {m.group(2)}Р + {m.group(3)}Н, у {m.group(4)} есть {m.group(5)}Р + {m.group(6)}Н"),
    (r"^a shot rolls at least 1 die$", "на выстрел бросают хотя бы 1 кубик"),
    (r"^(\S+) is not a ranged purchase \(zone:GENERAL, precise:ZONE, danger:N, penetration:N\)$",
     r'"\1" — не покупка дальнего боя ("zone:ЗОНА", "precise:ТОЧНАЯ_ЗОНА", "danger:N", "penetration:N")'),
    (r"^(\w+) needs one of ([\w, ]+), not (\w+)$",
     lambda m: f"маневру «{_missile(m.group(1))}» нужен {_classes(m.group(2))}, а не "
     f"{_CLASS_RU.get(m.group(3), m.group(3))}" if m.group(3) in _CLASS_RU else None),
    (r"^(\w+) has no second projectile left$", r"у \1 не осталось второго снаряда"),
    (r"^(double_shot|synchronous_throw|grazing_shot) needs (\w+) (\d+), (\w+) has (\d+)$",
     lambda m: f"маневру «{_missile(m.group(1))}» нужен навык «{_ranged_skill(m.group(2))}» {m.group(3)}, у "
     f"{m.group(4)} — {m.group(5)}"),
    (r"^(\w+) prepared one arrow: a double shot is prepared for twice the time \(prepare with double: true, "
     r"(L\d+)\)$",
     r'\1 подготовил одну стрелу: двойной выстрел готовят вдвое дольше (подготовка с "double": true, \2)'),
    (r"^a second target only for a synchronous throw$", "вторая цель бывает только у синхронного броска"),
    (r"^(\w+) is not another fighter on the field$", r"\1 — не другой боец на поле"),
    (r"^(\w+) stands more than 1 m from (\w+) \(two targets side by side, (L\d+)\)$",
     r"\1 стоит дальше 1 м от \2 (две цели рядом, \3)"),
    (r"^missile_defence is none or \{maneuver, dice, skill, into_cover, screen, weapon\}$",
     'защита от снаряда — "none" или {maneuver, dice, skill, into_cover, screen, weapon}'),
    (r"^(\w+) holds no ready weapon (\w+) no heavier than medium$",
     lambda m: f"у {m.group(1)} нет в руке готового оружия «{words.item_name(m.group(2), 'ru')}» не тяжелее "
     "среднего"),
    (r"^(\w+) moved this round: no weapon parry against a missile on the move \((L\d+)\)$",
     r"\1 двигался в этом раунде: в движении парировать снаряд оружием нельзя (\2)"),
    (r"^weapon_parry_missile needs (\w+) (\d+), (\w+) has (\d+)$",
     lambda m: f"парированию оружием нужен навык «{words.skill_name(m.group(1), 'ru')}» {m.group(2)}, у "
     f"{m.group(3)} — {m.group(4)}"),
    (r"^the weapon parry against a missile is %(\d+) \(the parry of a thrust \+2, (L\d+)\)$",
     r"парирование снаряда оружием — %\1 (парирование выпада +2, \2)"),
    (r"^the missile defence is one of ([\w, ]+)$",
     lambda m: "защита от снаряда — одна из: " + ", ".join(_missile(c) for c in m.group(1).split(", "))),
    (r"^(\w+) sprinted this round: a dodge needs moving at most half Speed \((L\d+)\)$",
     r"\1 бежал спринтом в этом раунде: уклонение — при движении не быстрее половины Скорости (\2)"),
    (r"^(\w+) ran this round: a shield parry needs moving at most a quarter of Speed \((L\d+)\)$",
     r"\1 бежал в этом раунде: парирование щитом — при движении не быстрее четверти Скорости (\2)"),
    (r"^a shield that parries gives no passive cover: no screen with it \(5\.11, (A-\d+b?)\)$",
     r"щит, которым парируют, не даёт пассивной защиты: заслона с ним нет (5.11, \1)"),
    (r"^a missile defence rolls at least 1 die \(dice: reflex points\)$",
     'на защиту от снаряда бросают хотя бы 1 кубик ("dice" — очки рефлекса)'),
    (r"^(\w+) is paid with reflex points only$", lambda m: f"«{_missile(m.group(1))}» оплачивается только очками "
     "рефлекса"),
    (r"^screen is a list of at most (\d+) declared zones besides the carrying arm$",
     r'заслон ("screen") — список не более чем из \1 заявленных зон помимо руки со щитом'),
)
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in _S9R_PROBLEMS) + _PROBLEM_SENTENCES
_S9R_PROTECT = {"shield parry missile": "парирование щитом", "weapon parry missile": "парирование оружием"}
_SENTENCES = ((re.compile(r"^(\w+) protects (\w+) from the (front|flank) \((M83), (L\d+)\): (shield parry missile|"
                          r"weapon parry missile) %(\d)( \(\+1 from the flank\))?, 1 reflex point of activation$"),
               lambda m: f"{m.group(1)} защищает {m.group(2)} " + ("спереди" if m.group(3) == "front" else "сбоку")
               + f" ({m.group(4)}, {m.group(5)}): {_S9R_PROTECT[m.group(6)]} %{m.group(7)}"
               + (" (+1 сбоку)" if m.group(8) else "") + ", активация 1 очко рефлекса"),) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) does not stand beside (\w+) on the side of the shot or on his flank \((L\d+)\)$",
     r"\1 не стоит рядом с \2 со стороны выстрела или сбоку (\3)"),
    (r"^protect_ally is none or a defence that is no evasion: \{maneuver: shield_parry_missile\|weapon_parry_missile, "
     r"dice, skill, weapon\}$",
     'защита союзника — "none" или защита, которая не уклонение: {maneuver: shield_parry_missile|'
     "weapon_parry_missile, dice, skill, weapon}"),
    (r"^protecting an ally costs 1R of activation besides the (\d+)R of the defence, (\w+) has (\d+)R$",
     r"защита союзника стоит 1Р активации сверх \1Р самой защиты, у \2 есть \3Р"),
    (r"^the protection is %(\d+)$", r"сложность защиты союзника %\1"),
)) + _PROBLEM_SENTENCES
REQUESTS.extend([
    ("{g:w} protects {b:w} against {a:w}'s shot: none, or {{maneuver: shield_parry_missile|weapon_parry_missile, dice: "
     "n (reflex), skill: n, weapon: id}} (M83; 1 reflex point of activation, +1 difficulty from the flank)",
     'защита союзника: {g} прикрывает {b} от выстрела {a}: "none" (нет) или {{maneuver: shield_parry_missile|'
     "weapon_parry_missile, dice: n (рефлекс), skill: n (навык), weapon: id}} (M83; активация 1 очко рефлекса, +1 к "
     "сложности сбоку)"),
    ("{g:w} protects {b:w}: {m} (%{tn:#}, M83)", "{g} защищает {b}: {m:mdef} (%{tn}, M83)"),
])
MISSILE_DEFENCE_RU.update({"shield parry missile": "парирование щитом от снаряда",
                           "weapon parry missile": "парирование оружием от снаряда"})
PURPOSE_RU.update({"protect_ally": "на защиту союзника (M83)"})
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^final = (-?\d+)( − \d+ defence)?( [+−-]\d+ penalties)? − (\d+) through shot \((M79)\) = (-?\d+) \((\w+)\)$",
     lambda m: f"итог = {m.group(1)}" + (m.group(2).replace("defence", "защита") if m.group(2) else "")
     + _penalties(m.group(3)) + f" − {m.group(4)} выстрел навылет ({m.group(5)}) = {m.group(6)} (для {m.group(7)})"),
    (r"^through shot \((M79)\): (\d+) − \((\d+) \+ 2 × (\d+)\) = (-?\d+)(?: carried to (\w+)|(: the projectile "
     r"stops))$",
     lambda m: f"выстрел навылет ({m.group(1)}): {m.group(2)} − ({m.group(3)} + 2 × {m.group(4)}) = {m.group(5)}"
     + (f" уходит дальше в {m.group(6)}" if m.group(6) else ": снаряд застревает")),
    (r"^D = (\d+) carried through \((M79), (L\d+)\)$", r"D = \1: урон, ушедший навылет (\2, \3)"),
    (r"^miss \((\w+)\)$", r"промах (\1)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^a through shot needs a piercing projectile, not (\w+)$",
     lambda m: "выстрелу навылет нужен колющий снаряд, а не " + {"cutting": "режущий", "crushing": "дробящий",
                                                                 "chopping": "рубящий"}.get(m.group(1), m.group(1))),
    (r"^next_targets: the fighters on the line beyond the target, nearest first$",
     '"next_targets" — бойцы на линии выстрела за целью, ближний первым'),
    (r"^(\w+) does not stand on the line of fire beyond (\w+) \(nearest first\)$",
     r"\1 не стоит на линии выстрела за \2 (ближний первым)"),
    (r"^next targets only for a through shot$", "следующие цели бывают только у выстрела навылет"),
    (r"^(through_shot) needs (\w+) (\d+), (\w+) has (\d+)$",
     lambda m: f"маневру «выстрел навылет» нужен навык «{_ranged_skill(m.group(2))}» {m.group(3)}, у {m.group(4)} — "
     f"{m.group(5)}"),
)) + _PROBLEM_SENTENCES
_MISSILE_RU["through_shot"] = "выстрел навылет"
_MISSILE_RU.update({"jump_fall_throw": "бросок в прыжке или падении", "moving_shot": "выстрел в движении",
                    "jump_shot": "выстрел в прыжке"})
_GAIT_NAME_RU = {"walk": "шагом", "quiet_walk": "тихим шагом", "crawl": "ползком", "jog": "трусцой",
                 "sprint": "спринтом"}
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) (jump fall throw|moving shot|jump shot) \((M7[5-7])\): check (\d+)d %5 \((\d+)R(?: \+ (\d+) "
     r"Acrobatics)?\) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$",
     lambda m: f"{m.group(1)}: {_missile(m.group(2).replace(' ', '_'))} ({m.group(3)}): проверка {m.group(4)}к10 %5 "
     f"({m.group(5)}Р" + (f" + {m.group(6)} Акробатики" if m.group(6) else "") + f") {m.group(7)} → {m.group(8)} − "
     f"{m.group(9)} = {m.group(10)}"),
    (r"^(\d+) m (\w+), no penalty \((\d+) m free\)$",
     lambda m: f"{m.group(1)} м {_GAIT_NAME_RU[m.group(2)]} без штрафа (успехов проверки хватает на {m.group(3)} м)"),
    (r"^(\d+) m (\w+) with (\d+) m free of penalty: 5\.6\.8 method 2, dice −(\d+) \((\d+) m/s less Acrobatics "
     r"(\d+)\)(, \+1 difficulty \(½ Speed or more\))?$",
     lambda m: f"{m.group(1)} м {_GAIT_NAME_RU[m.group(2)]}, без штрафа {m.group(3)} м: 5.6.8, способ 2, кубиков "
     f"−{m.group(4)} ({m.group(5)} м/с минус Акробатика {m.group(6)})"
     + (", +1 к сложности (½ Скорости и быстрее)" if m.group(7) else "")),
    (r"^failed jump: \+(\d) difficulty(?: \(critical failure of degree (\d)\))?$",
     lambda m: f"неудачный прыжок: +{m.group(1)} к сложности"
     + (f" (критический провал степени {m.group(2)})" if m.group(2) else "")),
    (r"^flies (\d+) m of the (\d+) m declared \((\d+) m: 1 m for each 2 successes\)$",
     r"пролетает \1 м из заявленных \2 м (\3 м: 1 м за каждые 2 успеха)"),
    (r"^(\w+) lands lying \(a fall, (M75)\)$", r"\1 приземляется лёжа (падение, \2)"),
    (r"^the failed jump makes the attack %(\d), above 7: automatic failure \((T-25)\)$",
     r"из-за неудачного прыжка атака идёт по %\1, выше 7: автоматический провал (\2)"),
    (r"\(aimed, but (M7[5-7]): no Accuracy left\)", r"(прицел взят, но \1: Меткости не осталось)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^check, path, gait and landing only for a shot on the move \(M75, M76, M77\)$",
     '"check", "path", "gait" и "landing" — только у выстрела в движении или прыжке (M75, M76, M77)'),
    (r"^check: \{reflex: n, acrobatics: n\}, at least 1 reflex point$",
     'проверка ("check"): {reflex: n, acrobatics: n}, хотя бы 1 очко рефлекса'),
    (r"^a shot on the move adds no Acrobatics to its check$", "к проверке выстрела в движении Акробатику не добавляют"),
    (r"^(\d+) Acrobatics points, (\w+) has (\d+)$", r"очков Акробатики \1, у \2 — \3"),
    (r"^landing: feet, or lying after a fall \(M75 only\)$",
     'приземление ("landing"): "feet" (на ноги) или "lying" (лёжа, после падения, только M75)'),
    (r"^path: the cells walked or jumped, \[\[x, y\], …\]$",
     'путь ("path"): клетки, пройденные или пролетевшие, [[x, y], …]'),
)) + _PROBLEM_SENTENCES
REQUESTS.extend([
    ("{a:w}'s acrobatic check on the move (%5, {c:w})", "акробатическая проверка {a} в движении (%5, {c})"),
])
_SENTENCES = ((re.compile(r"^dice (\d+) \((\d+)R \+ (\d+)S\)(?:, cost (\d+) \(×2 above (\w+) (\d+), A-08\))? \(aimed, "
                          r"but (M7[5-7]): no Accuracy left\)$"),
               lambda m: f"кубиков {m.group(1)} ({m.group(2)}Р + {m.group(3)}Н)"
               + (f", цена {m.group(4)} (×2 выше навыка {m.group(6)}, A-08)" if m.group(4) else "")
               + f" (прицел взят, но {m.group(7)}: Меткости не осталось)"),) + _SENTENCES
MISSILE_DEFENCE_RU.update({"missile catch": "перехват снаряда"})
_MISSILE_RU["missile_catch"] = "перехват"
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) missile catch (\d+)d %(\d+) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$",
     r"\1: перехват \2к10 %\3 \4 → \5 − \6 = \7"),
    (r"^(\w+) catches the projectile \((M88)\)$", r"\1 ловит снаряд (\2)"),
    (r"^a tie: the projectile strikes (\w+)'s catching hand \((M88), (L\d+)\)$",
     r"равенство: снаряд ранит ловящую руку \1 (\2, \3)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^bullets and cannonballs cannot be caught \((L\d+)\)$", r"пули и ядра перехватить нельзя (\1)"),
    (r"^a missile catch costs 1 extraordinary success, (\w+) has none left$",
     r"перехват стоит 1 экстраординарный успех, у \1 их не осталось"),
)) + _PROBLEM_SENTENCES
_MISSILE_RU["grazing_shot"] = "выстрел по касательной"
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^grazing shot \((M78)\): (\d+) − 1 \(grazing shot\) = (-?\d+)$",
     r"выстрел по касательной (\1): \2 − 1 (выстрел по касательной) = \3"),
    (r"^− (\d+) \(zone correction on (\w+)\) = (-?\d+)$", r"− \1 (коррекция зоны у \2) = \3"),
    (r"^− 1 \((\w+) grazed\) = (-?\d+)$", r"− 1 (\1 задет) = \2"),
    (r"^(\w+) is not grazed \((-?\d+) − (\d+) defence = (-?\d+)\)$", r"\1 не задет (\2 − \3 защита = \4)"),
    (r"^(\w+) cannot be grazed: the projectile sticks in (\w+) \((M78)\)$",
     lambda m: f"зону «{words.zone_name(m.group(1), 'ru')}» нельзя задеть по касательной: снаряд застревает в "
     f"{m.group(2)} ({m.group(3)})"),
    (r"^the projectile does not reach (\w+)$", r"снаряд не долетает до \1"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^a grazing shot needs a projectile with a cutting head \(the (\w+) has none\)$",
     lambda m: f"выстрелу по касательной нужен снаряд с режущим наконечником (у снаряда «"
     f"{_RANGED_RU.get(m.group(1), m.group(1))}» его нет)"),
    (r"^graze: \[\{target, buys\}\], the secondary targets nearest first$",
     '"graze": [{target, buys}] — сопутствующие цели, ближняя первой'),
    (r"^(\w+) does not stand on the line of fire before (\w+) \(nearest first\)$",
     r"\1 не стоит на линии выстрела перед \2 (ближний первым)"),
    (r"^graze targets only for a grazing shot$", "сопутствующие цели бывают только у выстрела по касательной"),
)) + _PROBLEM_SENTENCES
MISSILE_DEFENCE_RU.update({"pendulum": "маятник"})
_MISSILE_RU["pendulum"] = "маятник"
_SENTENCES = ((re.compile(r"^(\w+) pendulum (\d+)d %(\d+) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$"),
               r"\1: маятник \2к10 %\3 \4 → \5 − \6 = \7"),) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) does not run at half Speed this round: a pendulum is woven at a jog \((L\d+)\)$",
     r"\1 не бежит в этом раунде на половине Скорости: маятник качают на бегу трусцой (\2)"),
    (r"^(\w+)'s load is (\w+): a pendulum needs a light load \((L\d+)\)$",
     lambda m: f"нагрузка {m.group(1)} — " + {"medium": "средняя", "heavy": "тяжёлая", "extreme": "предельная"}.get(
         m.group(2), m.group(2)) + f": маятнику нужна лёгкая нагрузка ({m.group(3)})"),
)) + _PROBLEM_SENTENCES
# issue 9: a field post's shot maneuvers (M75-M81) and missile defences (M83-M90) (field_parse.py)
PROBLEMS.extend([
    ("5.5.2: «{part}» names no general zone (голова, верхний корпус, нижний корпус, рука, нога; head, upper torso, "
     "lower torso, arm, leg)",
     "5.5.2: в «{part}» не названа общая зона (голова, верхний корпус, нижний корпус, рука, нога)"),
    ("5.4.6: one maneuver per shot ({mvs} are named)", "5.4.6: у выстрела один маневр (названо несколько)"),
    ("5.6: one target per shot ({ids} are named; the next targets of a through shot after «; дальше …», a grazed one "
     "after «; задеваю …», a synchronous throw's two «в VSE и RAT»)",
     "5.6: у выстрела одна цель (названы: {ids}; следующие цели выстрела навылет — после «; дальше …», задетая — "
     "после «; задеваю …», две цели синхронного броска — «в VSE и RAT»)"),
    ("5.4.6 M81: one second target ({ids} are named)", "5.4.6 M81: вторая цель одна (названы: {ids})"),
    ("5.4.6 M81: two second targets ({a}, {b})", "5.4.6 M81: названы две вторые цели ({a}, {b})"),
    ("5.4.6 M78: one grazed target after each «задеваю» (graze), e.g. «; задеваю MIR, покупаю зона рука»{more}",
     "5.4.6 M78: после каждого «задеваю» — одна задетая цель, например «; задеваю MIR, покупаю зона рука»"),
    ("5.4.6 {code:w}: name the cells walked or jumped after «;», e.g. «; иду шагом на (1,2), проверка 1 кубик (1Р)» "
     "(walk to (1,2), check 1 die (1R))",
     "5.4.6 {code}: назовите клетки пути или прыжка после «;», например «; иду шагом на (1,2), проверка 1 кубик "
     "(1Р)»"),
    ("5.4.6 {code:w}: the check's dice, e.g. «проверка 2 кубика (2Р)» or with Acrobatics «(2Р+1А)» (check 2 dice "
     "(2R), (2R+1A))",
     "5.4.6 {code}: назовите кубики проверки, например «проверка 2 кубика (2Р)» или с Акробатикой «(2Р+1А)»"),
    ("5.4.6 {code:w}: {n:#} dice but the check's split ({split}) makes {m:#} (Р reflex, А Acrobatics)",
     "5.4.6 {code}: кубиков проверки {n}, а раскладка ({split}) дает {m} (Р — рефлекс, А — Акробатика)"),
    ("5.4.6: a path and a check only for a shot on the move or in a jump (M75-M77): name it («выстрел в движении», "
     "«выстрел в прыжке», «бросок в прыжке»; shot on the move, jump shot, jump throw)",
     "5.4.6: путь и проверка — только у выстрела в движении или в прыжке (M75–M77): назовите его («выстрел в "
     "движении», «выстрел в прыжке», «бросок в прыжке»)"),
    ("5.4.7: a defence against a shot is a choice, not an act: post it with `battlelog post-in` (or give it with "
     "`battlelog choose`)",
     "5.4.7: защита от выстрела — выбор, а не действие: внесите её через `battlelog post-in` (или `battlelog "
     "choose`)"),
    ("5.4.7 M83: name the comrade you protect («Защищаю ZOR от выстрела VSE: …») (asked now: {ids})",
     "5.4.7 M83: назовите товарища, которого защищаете («Защищаю ZOR от выстрела VSE: …») (сейчас запрошены: "
     "{ids})"),
    ("5.4.7 M83: name the comrade you protect («Защищаю ZOR от выстрела VSE: …»)",
     "5.4.7 M83: назовите товарища, которого защищаете («Защищаю ZOR от выстрела VSE: …»)"),
    ("5.4.7: name the shooter («Защита от выстрела VSE: …», defence against VSE) (asked now: {ids})",
     "5.4.7: назовите стрелка («Защита от выстрела VSE: …») (сейчас запрошены: {ids})"),
    ("5.4.7: name the shooter («Защита от выстрела VSE: …», defence against VSE)",
     "5.4.7: назовите стрелка («Защита от выстрела VSE: …»)"),
    ("5.4.7: one fighter each ({ids} are named)", "5.4.7: по одному бойцу (названы: {ids})"),
    ("4.3: name the exchange («Обмен 2: {head} …»): no {what} against the shot is asked of {a:w} now",
     "4.3: назовите обмен («Обмен 2: {head} …»): сейчас у {a} не запрошена защита от выстрела"),
    ("4.3: name the exchange («Обмен 2: {head} …»): no {what} against {s:w} is asked of {a:w} now",
     "4.3: назовите обмен («Обмен 2: {head} …»): сейчас у {a} не запрошена защита от выстрела {s}"),
    ("5.4.7: one defence against a shot ({mvs} are named)", "5.4.7: защита от выстрела одна (названо несколько)"),
    ("5.4.7: the defence's dice and their split, e.g. «2 кубика (2Р)» or «3 кубика (2Р+1Н)»: Р reflex, Н skill (А "
     "Acrobatics for a pendulum or a slip)",
     "5.4.7: нужны кубики защиты и их раскладка, например «2 кубика (2Р)» или «3 кубика (2Р+1Н)»: Р — рефлекс, Н — "
     "навык (А — Акробатика у маятника и свили)"),
    ("5.4.7 M89: into cover or to the ground only with a dodge («уклонение в укрытие»)",
     "5.4.7 M89: в укрытие или на землю — только уклонением («уклонение в укрытие»)"),
    ("5.4.7 M87: one parrying weapon ({ids} are named)", "5.4.7 M87: парируют одним оружием (названы: {ids})"),
    ("5.4.7 M87: name the parrying weapon by its id or name («парирование оружием: меч»)",
     "5.4.7 M87: назовите оружие парирования по идентификатору или названию («парирование оружием: меч»)"),
    ("5.4.7 M83: a comrade protects with a parry, not a screen (M84 is the target's own)",
     "5.4.7 M83: товарищ защищает парированием, а не заслоном (заслон M84 — защита самой цели)"),
    ("5.4.7: name the defence: «уклонение», «свиля», «парирование щитом», «парирование оружием», «перехват», "
     "«маятник», «заслон щитом: …», «телом» or «нет» (dodge, slip, shield parry, weapon parry, catch, pendulum, "
     "screen: …, body cover, none)",
     "5.4.7: назовите защиту: «уклонение», «свиля», «парирование щитом», «парирование оружием», «перехват», "
     "«маятник», «заслон щитом: …», «телом» или «нет»"),
    ("5.4.7 M84: «{part}» names no zone (голова, верхний корпус, нижний корпус, левая рука, правая нога …; head, "
     "upper torso …)",
     "5.4.7 M84: в «{part}» не названа зона (голова, верхний корпус, нижний корпус, левая рука, правая нога …)"),
    ("5.4.7 M84: name the zones the shield screens («заслон щитом: голова») or «только рука» (arm only)",
     "5.4.7 M84: назовите зоны, которые закрывает щит («заслон щитом: голова»), или «только рука»"),
])




# several fighters in one melee (4.4, group.py) and Protect ally (M37): their why lines, problems and requests
_GROUP_WHY: tuple[tuple[str, Any], ...] = (
    (r"^(\w+) comes within reach of (\w+) at \((\d+), (\d+)\) and joins the melee under way: several fighters in one "
     r"melee \(4\.4\)$",
     r"\1 входит в досягаемость \2 в (\3, \4) и вступает в идущую схватку: несколько бойцов в одной схватке (4.4)"),
    (r"^exchange (\d): several fighters in one melee: attacks declared lowest initiative first \(([^)]*)\), then "
     r"defences in the same order, each naming the attack it answers; resolution highest first \(([^)]*)\)$",
     r"обмен \1: несколько бойцов в одной схватке: атаки заявляют от низшей инициативы (\2), затем защиты в том же "
     r"порядке, каждая называет атаку, которую отражает; исполнение от высшей (\3)"),
    (r"^exchange (\d) over: (\d+) of (\d+) attacks hit; the group's order stays the general initiative chain "
     r"\(4\.4\)$",
     r"обмен \1 окончен: попаданий \2 из \3 атак; порядок схватки — прежняя цепочка общей инициативы (4.4)"),
    (r"^(\w+) protects (\w+) from (\w+)'s attack \(M37\): steps partly into (\w+)'s cell and answers with (\w+), \+1 "
     r"difficulty, activation (\d) R by weapon length \(L540-542\)$",
     lambda m: f"{m.group(1)} защищает союзника {m.group(2)} от атаки {m.group(3)} (M37): частично заходит в клетку "
     f"{m.group(4)} и отвечает маневром «{_maneuver(m.group(5))}», сложность +1, активация {m.group(6)} Р по длине "
     "оружия (L540-542)"),
    (r"\+1 protecting an ally \(M37, L542\)", "+1 защита союзника (M37, L542)"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _GROUP_WHY) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+)'s cell \((\d+), (\d+)\) does not touch (\w+)'s \((\d+), (\d+)\): Protect ally needs the protector "
     r"beside both the attacker and the ally \(L540\)$",
     r"клетка \1 (\2, \3) не касается клетки \4 (\5, \6): защищающий союзника должен стоять рядом и с атакующим, и "
     r"с союзником (L540)"),
    (r"^as: the protector's defence is knock_aside, weapon_block or shield_block \(L542\)$",
     '"as": защита союзника — это "knock_aside" (сбив), "weapon_block" (блок оружием) или "shield_block" (блок '
     "щитом) (L542)"),
    (r"^answers: '(\w+)' makes no attack on an ally of (\w+) this exchange$",
     r"answers: \1 в этом обмене не атакует союзника \2"),
    (r"^(\w+) attacked this exchange: one action per exchange, no Protect ally as well$",
     r"\1 уже атаковал в этом обмене: одно действие за обмен, защиты союзника не будет"),
    (r"^(\w+)'s attack on (\w+) is already answered by (\w+) \(one defence per incoming attack\)$",
     r"атаку \1 на \2 уже отражает \3 (одна защита на каждую атаку)"),
    (r"^(\w+) attacked in exchange (\d): one action per exchange, no defence as well$",
     r"\1 уже атаковал в обмене \2: одно действие за обмен, защиты не будет"),
    (r"^protect_ally needs weapon skill (\d) \(PROPOSED, A-23\), (\w+) has (\d+)$",
     r"защите союзника нужно умение оружия \1 (предложено, A-23), у \2 — \3"),
    (r"^difficulty %(\d) with the \+1 of Protect ally > %7$", r"сложность %\1 с +1 защиты союзника больше %7"),
    (r"^costs R(\d+) S(\d+) with Protect ally's activation (\d); available R(\d+) S(\d+)$",
     r"стоит Р\1 Н\2 с активацией защиты союзника \3; доступно Р\4 Н\5"),
    (r"^(\w+): in a melee of several fighters the basic attacks are played now \(([a-z_, ]+)\); other attacks NOT "
     r"YET$",
     lambda m: f"«{_maneuver(m.group(1))}»: в схватке нескольких бойцов пока играются только простые атаки ("
     + ", ".join(f"«{_maneuver(c)}»" for c in m.group(2).split(", ")) + "); другие атаки — ещё НЕТ"),
    (r"^(\w+): in a melee of several fighters these defences are played now \(([a-z_, ]+)\); other defences NOT "
     r"YET$",
     lambda m: f"«{_maneuver(m.group(1))}»: в схватке нескольких бойцов пока играются только эти защиты ("
     + ", ".join(f"«{_maneuver(c)}»" for c in m.group(2).split(", ")) + "); другие защиты — ещё НЕТ"),
)) + _PROBLEM_SENTENCES
PROBLEMS.extend([
    ("4.4: {a:w}'s defence names the attack it answers (answers: the attacker)",
     "4.4: защита {a} называет атаку, которую отражает (answers: атакующий)"),
    ("4.4: {a:w}'s defence names the attack it answers (answers: the attacker; attacks on {b:w}: {c})",
     "4.4: защита {a} называет атаку, которую отражает (answers: атакующий; атакуют {b}: {c})"),
    ("A-09: {a:w} already answers {b:w}'s attack (one defence per incoming attack)",
     "A-09: {a} уже отражает атаку {b} (одна защита на каждую атаку)"),
    ("4.4: {a:w}'s attack declaration for exchange {x:#} is not asked now (in a melee of several fighters the "
     "attacks are declared lowest initiative first, then the defences, each answering an attack aimed at the "
     "defender)",
     "4.4: заявка атаки {a} в обмене {x} сейчас не запрашивается (в схватке нескольких бойцов атаки заявляют от "
     "низшей инициативы, затем защиты, каждая против атаки на защищающегося)"),
    ("4.4: {a:w}'s defence declaration for exchange {x:#} against {b:w} is not asked now (in a melee of several "
     "fighters the attacks are declared lowest initiative first, then the defences, each answering an attack aimed "
     "at the defender)",
     "4.4: заявка защиты {a} против {b} в обмене {x} сейчас не запрашивается (в схватке нескольких бойцов атаки "
     "заявляют от низшей инициативы, затем защиты, каждая против атаки на защищающегося)"),
    ("4.4: {a:w}'s attack names no target in this melee (one of {c})",
     "4.4: атака {a} не называет цели в этой схватке (одна из: {c})"),
    ("4.4: {a:w} attacks {b:w}, who is on the same side", "4.4: {a} атакует {b}, а это своя сторона"),
    ("4.4: {a:w}'s defence answers {b:w}, whose attack is not aimed at {c:w}",
     "4.4: защита {a} отвечает {b}, а его атака направлена не на {c}"),
    ("A-09: {a:w} answers {b:w}'s attack twice (one defence per incoming attack)",
     "A-09: {a} дважды отражает атаку {b} (одна защита на каждую атаку)"),
    ("A-09: {a:w} attacked this exchange: no defence as well (one action per exchange)",
     "A-09: {a} атаковал в этом обмене: защиты не будет (одно действие за обмен)"),
    ("4.4: {a:w}'s defences together ask R{r:#} S{s:#}, the pool has R{pr:#} S{ps:#} (one pool split among the "
     "defences)",
     "4.4: защиты {a} вместе требуют Р{r} Н{s}, в запасе Р{pr} Н{ps} (один запас делится между защитами)"),
    ("4.4: {a:w}'s defence roll names the attack it answers (--field answers=ATTACKER)",
     "4.4: бросок защиты {a} называет атаку, которую отражает (--field answers=АТАКУЮЩИЙ)"),
])
REQUESTS.extend([
    ("defence declaration against {b:w}'s attack, exchange {x:#} (answers: {c:w}; pass to take it undefended)",
     "заявка защиты против атаки {b}, обмен {x} (answers: {c}; pass — принять без защиты)"),
    ("Protect ally (M37): {a:w} is attacked by {b:w}, exchange {x:#} (maneuver protect_ally, as knock_aside, "
     "weapon_block or shield_block, answers: {c:w}; or pass)",
     "защита союзника (M37): {b} атакует {a}, обмен {x} (maneuver protect_ally, as — knock_aside, weapon_block или "
     "shield_block, answers: {c}; или pass)"),
    ("attack roll of {a:w} on {b:w} ({m:w}, %{tn:#})", "бросок атаки {a} по {b} ({m:mv}, %{tn})"),
    ("defence roll of {a:w} against {b:w} ({m:w}, %{tn:#})", "бросок защиты {a} против {b} ({m:mv}, %{tn})"),
])
EVENT_RU.update({"skirmish.joined": "вступление в схватку"})
_SENTENCES = ((re.compile(r"^([\w, ]+) out: the melee of several fighters is over; standing: ([\w, ]+) \(4\.4\)$"),
               lambda m: f"выбыли: {m.group(1)}; схватка нескольких бойцов окончена; на ногах: "
               + ("никого" if m.group(2) == "none" else m.group(2)) + " (4.4)"),) + _SENTENCES

# --- ranged combat on the field, part 2 (s9x): blood loss falls, zone caps, shield parries of several arrows,
# rapid fire ---------------------------------------------------------------------------------------------------------
_S9X_WHY: tuple[tuple[str, Any], ...] = (
    (r"→ unconscious, falls \(lying\)", "→ без сознания, падает (лёжа)"),
    (r"(W = [^,→]*), zone cap (\d+)", r"\1, предел зоны \2"),
    (r"^(\w+)'s shield parry of this exchange answers (\w+)'s arrow too: (\d+) successes kept \(M86, L1147, CP-29\)$",
     r"парирование щитом \1 в этом обмене отражает и стрелу \2: оставлено успехов — \3 (M86, L1147, CP-29)"),
    (r"^(\w+) sets (\d+) of the parry's (\d+) successes against (\w+)'s arrow, (\d+) kept for the next arrows from the "
     r"([A-Z]+) \(M86, CP-29\)$",
     r"\1 направляет \2 из \3 успехов парирования против стрелы \4, \5 оставлено для следующих стрел с направления \6 "
     r"(M86, CP-29)"),
    (r"^(\w+)'s shield parried this exchange: no passive cover for the rest of it \(5\.11, A-87b\)$",
     r"щит \1 уже парировал в этом обмене: пассивной защиты до конца обмена нет (5.11, A-87b)"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _S9X_WHY) + _SENTENCES
_LIMB_RU = {"arm": "рука", "leg": "нога"}
_S9X_PROBLEMS: tuple[tuple[str, Any], ...] = (
    (r"^(\S+) is not a general zone of the stance table \(([\w, ]+)\)$",
     lambda m: f'"{m.group(1)}" — не общая зона таблицы стоек ('
     + ", ".join(f"«{_zone(z) or _LIMB_RU.get(z, z)}»" for z in m.group(2).split(", ")) + ")"),
    (r"^(\S+) is not a precise zone of the body's tables$", r'"\1" — не точная зона таблиц тела'),
    (r"^rapid_fire needs Strength (\d+) \(twice the (\w+)'s minimum (\d+), L1121\), (\w+) has (\d+)$",
     lambda m: f"скоростной стрельбе нужна Сила {m.group(1)} (вдвое больше наименьшей для оружия "
     f"«{_CLASS_RU.get(m.group(2), m.group(2))}» — {m.group(3)}, L1121), у {m.group(4)} — {m.group(5)}"
     if m.group(2) in _CLASS_RU else None),
    (r"^volley only for a rapid fire$", 'очередь ("volley") бывает только у скоростной стрельбы'),
    (r"^volley: the skill points committed to the arrows after the first, a whole number of 0 or more \(A-77\)$",
     '"volley" — очки навыка на стрелы после первой, целое число от 0 (A-77)'),
    (r"^(danger|penetration):(\S+): (?:danger|penetration) is bought by a whole number of 1 or more$",
     lambda m: f'"{m.group(1)}:{m.group(2)}": ' + ("опасность" if m.group(1) == "danger" else "пробивание")
     + " покупают целым числом от 1"),
)
_PROBLEM_SENTENCES = _PROBLEM_SENTENCES + tuple((re.compile(p), r) for p, r in _S9X_PROBLEMS)
REQUESTS.extend([
    ("{a:w}'s shield parry: how many of its {n:#} successes against {b:w}'s arrow (the rest kept for the arrows of {c} "
     "from the same side this exchange; M86, CP-29)",
     "парирование щитом {a}: сколько из {n} успехов против стрелы {b} (остальные — для стрел {c} с той же стороны в "
     "этом обмене; M86, CP-29)"),
])
SHOT_MV_RU["rapid_fire"] = "Скоростная стрельба"
_MISSILE_RU["rapid_fire"] = "скоростная стрельба"
# rapid fire played (M82, L1121, A-77) and the field's extra fatigue checks (5.10; M85, A-62)
_VOLLEY_WHY: tuple[tuple[str, Any], ...] = (
    (r"^(\w+)'s rapid fire \(M82\): Reflex (\d+)d %5 (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+): at most (\d+) arrows "
     r"\(L1121\)$", lambda m: f"{m.group(1)}: скоростная стрельба (M82), Рефлекс {m.group(2)}к10 %5 {m.group(3)} → "
     f"{m.group(4)} − {m.group(5)} = {m.group(6)}: стрел не больше {m.group(7)} (L1121)"),
    (r"^no arrow is loosed: the arrow stays on the string \(L1121\)$",
     "ни одна стрела не выпущена: стрела остаётся на тетиве (L1121)"),
    (r"^rapid fire \(M82\): arrow (\d+) of at most (\d+), (\d+) dice$",
     r"скоростная стрельба (M82): стрела \1 (всего не больше \2), кубиков \3"),
    (r"^rapid fire \(M82\): arrow (\d+) of at most (\d+), (\d+) dice \(the net successes of arrow (\d+), capped by the "
     r"volley's points, A-77\)$",
     r"скоростная стрельба (M82): стрела \1 (всего не больше \2), кубиков \3 (чистые успехи стрелы \4, не больше "
     r"оставшихся очков очереди, A-77)"),
    (r"^rapid fire \(M82\): \+(\d+) difficulty$", r"скоростная стрельба (M82): сложность +\1"),
    (r"^rapid fire \(M82\): \+(\d+) difficulty, (\d+) skill points committed to the next arrows \(A-77\)$",
     r"скоростная стрельба (M82): сложность +\1, на следующие стрелы отведено очков навыка: \2 (A-77)"),
    (r"^the volley ends: (\d+) arrows \(the Reflex check, L1121\)$",
     r"очередь окончена: стрел — \1 (бросок Рефлекса, L1121)"),
    (r"^the volley ends: the next arrow would roll 0 dice \((-?\d+) net successes, (\d+) points left, A-77\)$",
     r"очередь окончена: у следующей стрелы было бы 0 кубиков (чистых успехов \1, очков осталось \2, A-77)"),
    (r"^the volley ends: no arrow left$", "очередь окончена: стрел не осталось"),
    (r"^the volley ends: (\w+) is out of the fight$", r"очередь окончена, вне боя: \1"),
    (r"^(\w+) extra fatigue check: Endurance (\d+)d %(\d+) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+) → "
     r"(no fatigue|fatigue \+1) \(5\.10\)$",
     lambda m: f"{m.group(1)}: внеочередная проверка усталости, Выносливость {m.group(2)}к10 %{m.group(3)} "
     f"{m.group(4)} → {m.group(5)} − {m.group(6)} = {m.group(7)} → "
     + ("без усталости" if m.group(8) == "no fatigue" else "усталость +1") + " (5.10)"),
    (r"^(\w+) wove a pendulum this round: a fatigue check as after a sprint \(M85, L1141, A-62\)$",
     r"\1: маятник в этом раунде — проверка усталости, как после спринта (M85, L1141, A-62)"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _VOLLEY_WHY) + _SENTENCES
PROBLEMS.extend([
    ("5.4.6 M82: the skill points of the next arrows after «; очередь», e.g. «; очередь 3 (3Н)» (volley 3)",
     "5.4.6 M82: назовите очки навыка на следующие стрелы после «; очередь», например «; очередь 3 (3Н)»"),
])
REQUESTS.extend([
    ("{a:w}'s Reflex check for the most arrows of a rapid fire (free, %5, M82)",
     "бросок Рефлекса {a} — сколько стрел в скоростной стрельбе (бесплатно, %5, M82)"),
    ("extra fatigue check of {a:w} (Endurance)", "внеочередная проверка усталости {a} (Выносливость)"),
])


# --- a melee of several fighters that shrinks (4.4) --------------------------------------------------------------
_SHRINK_SENTENCES = (
    (r"^([\w, ]+) out of the fight: leaves the melee ([\w —]+); ([\w, ]+) fight on \(4\.4\)$",
     r"выбыли из боя: \1 — покидают схватку: \2; бьются дальше: \3 (4.4)"),
    (r"^(\w+) and (\w+) fight on as a pair from round (\d+): combat initiative opens its round \(4\.2, C12\)$",
     r"\1 и \2 бьются дальше парой с раунда \3: раунд открывает боевая инициатива (4.2, C12)"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _SHRINK_SENTENCES) + _SENTENCES
_JOIN_SENTENCES = (
    (r"^(\w+) chose the melee ([\w —]+) of the equally near melees: ([\w —;]+) \(4\.4\)$",
     r"\1 выбирает схватку: \2, из одинаково близких: \3 (4.4)"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _JOIN_SENTENCES) + _SENTENCES
REQUESTS.extend([
    ("which melee {a:w} joins: enemies of {c} are equally near (4.4)",
     "в какую схватку вступает {a}: враги в схватках {c} одинаково близко (4.4)"),
])

# --- circular strike and slash on several targets (M09, M10) ---------------------------------------------------
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+): in a melee of several fighters these attacks are played now \(([a-z_, ]+)\); other attacks NOT YET$",
     lambda m: f"«{_maneuver(m.group(1))}»: в схватке нескольких бойцов пока играются только эти атаки ("
     + ", ".join(f"«{_maneuver(c)}»" for c in m.group(2).split(", ")) + "); другие атаки — ещё НЕТ"),
    (r"^then: the further targets in the sweep's order, a list of fighter ids \(CP-09\)$",
     "then: следующие цели в порядке удара, список бойцов (CP-09)"),
    (r"^a sweep strikes each target once \(L289\)$", "круговой удар поражает каждую цель один раз (L289)"),
    (r"^(\w+) at \((\d+), (\d+)\) is beyond the reach of (\w+)'s weapon$",
     r"\1 в (\2, \3) — вне досягаемости оружия \4"),
    (r"^M09 \(L289\): at most (\d) targets with a (\w+) weapon$",
     lambda m: f"M09 (L289): не больше {m.group(1)} целей с оружием длины «{LENGTH_RU.get(m.group(2), m.group(2))}»"),
    (r"^M09 \(L289\): targets (\d+) m apart cannot be struck in one circle$",
     r"M09 (L289): цели в \1 м друг от друга нельзя поразить одним круговым ударом"),
    (r"^M09 \(L289\): targets 2 m apart \(one free cell\) need a long weapon or longer, not (\w+)$",
     lambda m: "M09 (L289): для целей в 2 м друг от друга (одна свободная клетка) нужно длинное оружие или длиннее, "
     f"а не «{LENGTH_RU.get(m.group(1), m.group(1))}»"),
)) + _PROBLEM_SENTENCES
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+)'s blow on (\w+) is void: the sweep stops \((M09|M10)\)$", r"удар \1 по \2 отменён: круговой удар "
     r"прерван (\3)"),
    (r"^(\w+)'s (\w+) stops the sweep: the other targets are safe \((M09|M10), L291\)$",
     lambda m: f"{m.group(1)} — «{_maneuver(m.group(2))}» останавливает круговой удар: остальные цели в безопасности "
     f"({m.group(3)}, L291)"),
    (r"^(\w+)'s (\d+) defence successes come off (\w+)'s dice: (\d+) − (\d+) = (-?\d+) \((M09|M10), L291\)$",
     r"успехи защиты \1 (\2) вычитаются из кубиков \3: \4 − \5 = \6 (\7, L291)"),
    (r"^the crushing blow hit (\w+): the sweep stops \((M09), L293\)$",
     r"дробящий удар попал в \1: круговой удар прерван (\2, L293)"),
    (r"^the chop did not sever what it hit on (\w+): the sweep stops \((M09), L295\)$",
     r"рубящий удар не отсёк поражённую часть тела \1: круговой удар прерван (\2, L295)"),
    (r"^the chop severed (\w+) of (\w+): (\d+) damage comes off the rest \((M09), L295\)$",
     lambda m: f"рубящий удар отсёк {words.why_ru(m.group(1))} ({m.group(2)}): урон по остальным целям меньше на "
     f"{m.group(3)} ({m.group(4)}, L295)"),
    (r"^the cut on (\w+) goes on at full damage \((M10), L304\)$",
     r"порез по \1 идёт дальше с полным уроном (\2, L304)"),
    (r"^(\w+) has no dice left for the sweep: it stops \((M09|M10), L291\)$",
     r"у \1 не осталось кубиков: круговой удар прерван (\2, L291)"),
    (r"^the sweep goes on to the next target with (\d+) dice \((M09|M10), L291\)$",
     r"круговой удар идёт к следующей цели, кубиков: \1 (\2, L291)"),
    (r"^D = (\d+) \+ -(\d+) \(severing on the sweep, (M09) L295\) = (-?\d+)$",
     r"D = \1 − \2 (отсечение на круговом ударе, \3 L295) = \4"),
)) + _SENTENCES
REQUESTS.extend([
    ("the zone {a:w}'s sweep meets on {b:w}: {h:#} cm against the first target's {g:#} cm, zone {z:w} (CP-10)",
     "зона, куда круговой удар {a} приходится по {b}: рост {h} см против {g} см у первой цели, зона {z:zone} "
     "(CP-10)"),
])
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) at \((\d+), (\d+)\) does not stand next to (\w+): two adjacent targets$",
     r"\1 в (\2, \3) не стоит рядом с \4: нужны две соседние цели"),
    (r"^also: two targets are two fighters \(for two wounds on one target leave `also` out, L441\)$",
     "also: две цели — это два разных бойца (для двух ран одной цели поле also не нужно, L441)"),
)) + _PROBLEM_SENTENCES

# formation combat (5.12, formation.py): the partner pair's length penalty, partner cover, what the rulebook lacks
_FORMATION_WHY: tuple[tuple[str, Any], ...] = (
    (r"\(L129; partner pair (\w+)\+(\w+): the larger of (\d+) and (\d+), 5\.12 A-58b\)",
     r"(L129; пара напарников \1+\2: больший из \3 и \4, 5.12 A-58b)"),
    (r"^(\w+) covers his partner (\w+) from (\w+)'s attack: two partners in one cell cover each other by the normal "
     r"rules, without activating Protect ally \(5\.12, L1189\): (\w+), no \+1, no activation$",
     lambda m: f"{m.group(1)} прикрывает напарника {m.group(2)} от атаки {m.group(3)}: два напарника в одной клетке "
     f"прикрывают друг друга по обычным правилам, без активации Защиты союзника (5.12, L1189): "
     f"«{_maneuver(m.group(4))}», без +1 и без активации"),
    (r"^(\w+) covers his partner (\w+) \(5\.12, L1189: two partners in one cell, by the normal rules, without "
     r"activating Protect ally\): ([\w ]+) %(\d), no activation$",
     lambda m: f"{m.group(1)} прикрывает напарника {m.group(2)} (5.12, L1189: два напарника в одной клетке, по "
     f"обычным правилам, без активации Защиты союзника): {_S9R_PROTECT.get(m.group(3), m.group(3))} %{m.group(4)}, "
     "без активации"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _FORMATION_WHY) + _SENTENCES
REQUESTS.extend([
    ("Cover your partner {a:w} (5.12, L1189: no Protect ally activated, no +1): {a:w} is attacked by {b:w}, exchange "
     "{x:#} (maneuver protect_ally, as knock_aside, weapon_block or shield_block, answers: {c:w}; or pass)",
     "прикрыть напарника {a} (5.12, L1189: без активации Защиты союзника, без +1): {b} атакует {a}, обмен {x} "
     "(maneuver protect_ally, as — knock_aside, weapon_block или shield_block, answers: {c}; или pass)"),
])
_SILENT_RU = {
    "break_formation": "распаде строя (заголовок «Распад строя» — последняя строка свода)",
    "group_combat": "групповом бое («правила Группового боя» упомянуты, но не даны)",
    "mounted": "конном бое («верховой бой» назван в L10 и нигде не описан)",
}
PROBLEMS.extend([(formation_silent(topic),
                  f"A-59: свод правил молчит о {said}: это решает ГМ (`battlelog ruling`, CP-50); ничего не "
                  "добавлено") for topic, said in _SILENT_RU.items()])
_SENTENCES = ((re.compile(r"^round (\d+) starts with general initiative rolls after (\w+)'s hidden (shot at|attack on) "
                          r"(\w+) hit home unsensed \(5\.7, L48\)$"),
               lambda m: f"раунд {m.group(1)} начинается бросками общей инициативы: скрытый "
               f"{'выстрел' if m.group(3) == 'shot at' else 'удар'} {m.group(2)} по {m.group(4)} попал незамеченным "
               "(5.7, L48)"),) + _SENTENCES
_SENTENCES = ((re.compile(r"^target in a crowd −(\d+) \(one per rank, L972\)$"),
               lambda m: f"цель в толпе −{m.group(1)} (по одному за каждый ряд людей, L972)"),) + _SENTENCES
_SENTENCES = ((re.compile(r"^(\w+)'s retreat out of the melee was declared as fleeing: he leaves the battlefield from "
                          r"\((\d+), (\d+)\) \(M45, L616, CP-19\)$"),
               r"\1 заявил отступление из схватки как бегство: он покидает поле боя из (\2, \3) (M45, L616, CP-19)"),
              ) + _SENTENCES
PROBLEMS.extend([
    ("CP-19: flee is true (a Retreat declared as part of fleeing the battlefield) or left out",
     "CP-19: flee — true (отступление, заявленное как часть бегства с поля боя) или не указывается"),
    ("M45 (L616, CP-19): fleeing out of a melee is declared with a Retreat (M45), a defence",
     "M45 (L616, CP-19): бегство из схватки заявляется отступлением (M45) на шаге защиты"),
    ("1.2.6, CP-19: {a:w} at ({x:#}, {y:#}) must stand on the field's edge to retreat off it",
     "1.2.6, CP-19: {a} в ({x}, {y}) должен стоять на краю поля, чтобы отступить с него"),
])
_SENTENCES = ((re.compile(r"^(\w+) stands in (\w+)'s cell as his formation partner: he is in the melee with him, "
                          r"several fighters in one melee \(5\.12, L1189; 4\.4\)$"),
               r"\1 стоит в клетке \2 как его напарник по строю: он в схватке вместе с ним, несколько бойцов в одной "
               r"схватке (5.12, L1189; 4.4)"),) + _SENTENCES
# --- part 1's maneuvers in a melee of several fighters; maneuvering against several (M53) -------------------------
_GROUP_REFUSED_RU = {
    "it answers the attack of a pair's other fighter on your own or equal combat initiative (L275), and a melee "
    "group has no combat initiative (its order is the general chain)":
        "он отвечает на атаку второго бойца пары при своей или равной боевой инициативе (L275), а в схватке "
        "нескольких бойцов боевой инициативы нет (порядок — цепочка общей инициативы)",
    "its effect sets a pair's distance (CP-17), and a melee group keeps one distance per pair, the longer weapon "
    "(4.2, L129)":
        "его действие задаёт дистанцию пары (CP-17), а в схватке нескольких бойцов дистанция каждой пары — по более "
        "длинному оружию (4.2, L129)",
    "its effect is the combat initiative of the next exchange, which a melee group does not have (its order is the "
    "general chain)":
        "его действие — боевая инициатива следующего обмена, а в схватке нескольких бойцов её нет (порядок — "
        "цепочка общей инициативы)",
    "it is played on a pair's higher combat initiative (L546), and a melee group has no combat initiative (its "
    "order is the general chain)":
        "его играют при более высокой боевой инициативе в паре (L546), а в схватке нескольких бойцов боевой "
        "инициативы нет (порядок — цепочка общей инициативы)",
}
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+): not played in a melee of several fighters: (.+)$",
     lambda m: f"«{_maneuver(m.group(1))}» не играется в схватке нескольких бойцов: {_GROUP_REFUSED_RU[m.group(2)]}"
     if m.group(2) in _GROUP_REFUSED_RU else None),
    (r"^maneuvering is declared in the attack step$", "маневрирование заявляют на шаге атаки"),
    (r"^maneuvering names no target: its successes are compared with every enemy's in the melee$",
     "маневрирование не называет цели: его успехи сравнивают с успехами каждого противника в схватке"),
    (r"^maneuvering \(Р\) is rolled with reflex points only$", "маневрирование (Р) бросают только очками рефлекса"),
    (r"^maneuvering rolls at least one reflex die$", "на маневрирование нужен хотя бы один кубик рефлекса"),
    (r"^costs R(\d+); available R(\d+)$", r"стоит Р\1; доступно Р\2"),
    (r"^(\w+) out-maneuvered (\w+) in the exchange before: (\w+) cannot attack (\w+) in this exchange$",
     r"\1 переманеврировал \2 в прошлом обмене: \3 не может атаковать \4 в этом обмене"),
)) + _PROBLEM_SENTENCES
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) maneuvers: (\d+)d %(\d) \[([\d, ]*)\] → (-?\d+) \(M53, L681\)$",
     r"\1 маневрирует: \2d %\3 [\4] → \5 (M53, L681)"),
    (r"^(\w+) (\d+|0 \(no maneuvering\)) < (\d+): (\w+) cannot attack (\w+) in the next exchange \(M53, L681\)$",
     lambda m: f"{m.group(1)}: {m.group(2).replace('(no maneuvering)', '(не маневрировал)')} < {m.group(3)}: "
     f"{m.group(4)} не может атаковать {m.group(5)} в следующем обмене (M53, L681)"),
    (r"^(\w+) (\d+|0 \(no maneuvering\)) ≥ (\d+): (\w+) may attack (\w+) in the next exchange \(M53, L681\)$",
     lambda m: f"{m.group(1)}: {m.group(2).replace('(no maneuvering)', '(не маневрировал)')} ≥ {m.group(3)}: "
     f"{m.group(4)} может атаковать {m.group(5)} в следующем обмене (M53, L681)"),
    (r"maneuvering %(\d) against (\d+) opponents? \(M53, L681\)",
     r"маневрирование %\1 против противников: \2 (M53, L681)"),
)) + _SENTENCES
REQUESTS.extend([
    ("Protect ally (M37): {a:w} and {b:w} are attacked by {c:w}, exchange {x:#} (maneuver protect_ally, as "
     "knock_aside, weapon_block or shield_block, answers: {d:w}, ally: the one protected; or pass)",
     "защита союзника (M37): {c} атакует {a} и {b}, обмен {x} (maneuver protect_ally, as — knock_aside, "
     "weapon_block или shield_block, answers: {d}, ally — кого защищаете; или pass)"),
])
_SENTENCES = ((re.compile(r" \(knockout_check\)$"), " (проверка потери сознания)"),) + _SENTENCES
_PROBLEM_SENTENCES = ((re.compile(r"^(\w+)'s attack with defence has one defence part, already declared against "
                                  r"(\w+)$"),
                       r"у атаки с защитой \1 одна защитная часть, она уже заявлена против \2"),) + _PROBLEM_SENTENCES


# --- the field's fatigue after a sprint and waking from a knockout (A-62, C9) ------------------------------------
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) sprinted this round: an extra fatigue check at the round's end \(5\.7, A-62\)$",
     r"\1: спринт в этом раунде — внеочередная проверка усталости в конце раунда (5.7, A-62)"),
    (r"^(\w+) comes to: unconscious for (\d+) rounds? since round (\d+) \(C9\); lying, stands up as an act \(C6\)$",
     lambda m: f"{m.group(1)} приходит в себя: без сознания {m.group(2)} {plural_rounds(int(m.group(2)))} с раунда "
     f"{m.group(3)} (C9); лежит, встаёт действием (C6)"),
    (r"^(\w+)'s (\d+) rounds? unconscious are over, but blood loss (\d+) keeps him unconscious \(6\.5 step 10\)$",
     lambda m: f"{m.group(1)}: {m.group(2)} {plural_rounds(int(m.group(2)))} без сознания прошли, но кровопотеря "
     f"{m.group(3)} не даёт прийти в себя (6.5, шаг 10)"),
)) + _SENTENCES
_WEIGHT_RU = {"light": "лёгкое", "medium": "среднее", "heavy": "тяжёлое"}
_ARROW_WEIGHT = (
    (r"^\+1 difficulty: the arrow counts as a light weapon against (\w+)'s (light|medium|heavy) ([\w-]+) "
     r"\(M87, L1153, A-43\)$",
     lambda m: f"+1 к сложности: стрела считается лёгким оружием, а {_item(m.group(3))} у {m.group(1)} — "
     f"{_WEIGHT_RU[m.group(2)]} оружие (M87, L1153, A-43)"),
    (r"^the weapon parry against a missile is %(\d+) \(the parry of a thrust \+2, (L\d+), \+1 the arrow as a light "
     r"weapon, A-43\)$",
     r"парирование снаряда оружием — %\1 (парирование выпада +2, \2, +1: стрела — лёгкое оружие, A-43)"),
)
_SENTENCES = tuple((re.compile(p), r) for p, r in _ARROW_WEIGHT) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in _ARROW_WEIGHT) + _PROBLEM_SENTENCES
_SENTENCES = ((re.compile(r"^round (\d+) starts with general initiative rolls by the GM's ruling \(4\.1\)$"),
               r"раунд \1 начинается с бросков общей инициативы по решению мастера (4.1)"),) + _SENTENCES
CONDITIONS.extend([
    ("pass_through is {{\"cell\": [x, y], \"path\": [[x, y], …], \"facing\": \"E\"|\"NE\"|\"NW\"|\"W\"|\"SW\"|"
     "\"SE\", \"distance\": a length category or \"end\"}}: the cell adjacent to both, the cells moved on through "
     "(optional), the new facing (optional) and the combat distance, or the end of the melee",
     "\"pass_through\" — это {{\"cell\": [x, y], \"path\": [[x, y], …], \"facing\": \"E\"|\"NE\"|\"NW\"|\"W\"|"
     "\"SW\"|\"SE\", \"distance\": категория длины или \"end\"}}: клетка, соседняя с обоими, клетки дальнейшего пути "
     "(необязательно), новое направление взгляда (необязательно) и боевая дистанция или конец схватки"),
])
# --- the leader's Tactics bonus on Maneuvering in a melee of several fighters (M53, L681, A-108) -------------------
REQUESTS.extend([
    ("Tactics by Wits of {a:w}, his side's leader, for Maneuvering (free, %5, M53, A-108)",
     "Тактика по Сообразительности: {a} — лидер своей стороны, на маневрирование (бесплатно, %5, M53, A-108)"),
])
PURPOSE_RU["leader_tactics"] = "на тактику лидера"
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+), (\w+)'s side's leader: Tactics by Wits (\d+)d %5 \[([\d, ]*)\] → (\d+) − (\d+) = (-?\d+): \+(\d+) dice "
     r"on Maneuvering this round \(M53, L681, A-108\)$",
     r"\1, лидер своей стороны: Тактика по Сообразительности \3к10 %5 [\4] → \5 − \6 = \7: +\8 куб. на маневрирование "
     r"в этом раунде (M53, L681, A-108)"),
    (r"^(\w+), (\w+)'s side's leader, is out of the fight: 0 successes \(M53, L681\)$",
     r"\1, лидер своей стороны, выбыл из боя: 0 успехов (M53, L681)"),
    (r"^(\w+), (\w+)'s side's leader, has no Tactics or Wits dice: 0 successes \(M53, L681\)$",
     r"\1, лидер своей стороны: кубиков Тактики и Сообразительности нет, 0 успехов (M53, L681)"),
)) + _SENTENCES
# --- moving while maneuvering in a melee of several fighters (M53, L679) ------------------------------------------
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^to: the cell he moves to, \[x, y\]$", "to — клетка, в которую он перемещается, [x, y]"),
    (r"^(\w+) moves one cell while maneuvering: \((\d+), (\d+)\) does not touch his cell \((\d+), (\d+)\)$",
     r"маневрируя, \1 перемещается на одну клетку: (\2, \3) не соседствует с его клеткой (\4, \5)"),
    (r"^cell \((-?\d+), (-?\d+)\) is off the field, blocked or taken$",
     r"клетка (\1, \2) вне поля, непроходима или занята"),
    (r"^from \((-?\d+), (-?\d+)\) (\w+) reaches no enemy of the melee: leaving it is a Retreat \(M45\)$",
     r"из (\1, \2) \3 не достаёт ни одного противника схватки: выйти из неё — это отступление (M45)"),
)) + _PROBLEM_SENTENCES
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) moves to \((\d+), (\d+)\) \(M53, L679\)$", r"\1 перемещается в (\2, \3) (M53, L679)"),
    (r"^(\w+) stays in \((\d+), (\d+)\): no success \(M53, L679\)$",
     r"\1 остаётся в (\2, \3): нет успехов (M53, L679)"),
    (r"^(\w+) stays: \((\d+), (\d+)\) was taken first \(M53, L679\)$",
     r"\1 остаётся на месте: (\2, \3) заняли раньше (M53, L679)"),
)) + _SENTENCES
# --- a blade catch in a melee of several fighters (M44, L605) -----------------------------------------------------
_PROBLEM_SENTENCES = ((re.compile(r"^(\w+) holds the caught (\w+): he moves only after freeing or dropping it$"),
                       lambda m: f"{m.group(1)}: {words.agreed(words.item_name(m.group(2), 'ru'), words.CAUGHT)}; "
                                 "перемещаться он может, лишь освободив оружие или бросив его"),) + _PROBLEM_SENTENCES
# --- a wound's flags and consequences after its level, as `resolve.hurt` and `shot` write them (6.5) ---------------
_SENTENCES = ((re.compile(r" \(((?:" + "|".join(words.FLAG_NAMES) + r")(?:, (?:" + "|".join(words.FLAG_NAMES)
                          + r"))*)\)$"),
               lambda m: " (" + ", ".join(words.FLAG_NAMES[w] for w in m.group(1).split(", ")) + ")"),) + _SENTENCES
# --- the GM's ruling on a shooter's internal hindrance (CP-40, 5.6.5, L962) -----------------------------------------
PROBLEMS.append((
    "CP-40 (5.6.5, L962): hindrance is the GM's ruling (no --actor) on a shooter's serious internal hindrance (a "
    "wounded arm, a grave illness), keyed by exchange and shooter; its value (--json) has \"dice\" (taken off the "
    "shot) or \"difficulty\" (added), whole numbers 0 or more",
    "CP-40 (5.6.5, L962): внутренняя помеха — решение ГМа (без --actor) о серьёзной внутренней помехе стрелку "
    "(ранение руки, тяжёлая болезнь), с ключами exchange и shooter; в её значении (--json) \"dice\" (снятые с "
    "выстрела кубики) или \"difficulty\" (прибавка к сложности), целые числа от 0"))
REQUESTS.extend([
    ("the GM's ruling on {a:w}'s internal hindrance to the shot (CP-40, 5.6.5): dice taken off, difficulty added",
     "решение ГМа о внутренней помехе выстрелу {a} (CP-40, 5.6.5): снятые кубики, прибавка к сложности"),
])
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^the GM rules an internal hindrance \(CP-40, L962\): ", "ГМ признаёт внутреннюю помеху (CP-40, L962): "),
    (r"−(\d+) dice \((\d+) → (\d+)\)", r"−\1 куб. (\2 → \3)"),
    (r"\+(\d+) difficulty \(%(\d+) → %(\d+)\)", r"+\1 к сложности (%\2 → %\3)"),
    (r"^%(\d+) is above (\d+): automatic failure \(CP-40\)$", r"%\1 выше \2: автоматический провал (CP-40)"),
)) + _SENTENCES
# --- the hurried aim's botch (CP-41, 5.6.4, L956, T-26) -------------------------------------------------------------
PURPOSE_RU["stray_direction"] = "на направление ушедшего выстрела"
REQUESTS.extend([
    ("the GM's roll for the direction of {a:w}'s stray shot (1d{n:#}, CP-41, L956)",
     "бросок ГМа на направление ушедшего выстрела {a} (1к{n}, CP-41, L956)"),
    ("the GM's choice of the ally {a:w}'s hurried shot strikes (CP-41, L956)",
     "выбор ГМа: в какого союзника попадает торопливый выстрел {a} (CP-41, L956)"),
])
_STRAY_RU = {"N": "север", "NE": "северо-восток", "E": "восток", "SE": "юго-восток", "S": "юг", "SW": "юго-запад",
             "W": "запад", "NW": "северо-запад"}
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^the hurried aim's lost success leaves the shot at (-?\d+): a critical failure \(L956, A-56\)$",
     r"успех, потерянный на ускоренном прицеливании, оставляет выстрел на \1: критический провал (L956, A-56)"),
    (r"^the shot flies in a random direction: 1d(\d+) \[(\d+)\] → (N|NE|E|SE|S|SW|W|NW); what it meets there is "
     r"the GM's ruling \(CP-41\)$",
     lambda m: f"выстрел уходит в случайном направлении: 1к{m.group(1)} [{m.group(2)}] → {_STRAY_RU[m.group(3)]}; "
               "во что он попадёт там, решает ГМ (CP-41)"),
    (r"^the shot would strike an ally of (\w+), but none stands on the field \(CP-41\)$",
     r"у \1 на поле нет союзника, в которого попал бы выстрел (CP-41)"),
    (r"^the shot strikes (\w+)'s ally (\w+) \(CP-41, L956\)$", r"выстрел \1 попадает в \2, его союзника (CP-41, L956)"),
)) + _SENTENCES
# --- a Retreat out of a melee of several fighters (M45, L616, L620; 4.4, PROPOSED) --------------------------------
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) retreats out of the melee: he takes no further part in it and leaves it at the round's end "
     r"\(M45, L620\)$",
     r"\1 отступает из схватки: дальше он в ней не участвует и покидает её в конце раунда (M45, L620)"),
    (r"^(\w+) retreated: leaves the melee ([\w —]+) and stands loose in his cell; ([\w, ]+) fight on "
     r"\(M45, L620, 4\.4\)$",
     r"\1 отступил: покидает схватку \2 и остаётся свободным в своей клетке; бьются дальше: \3 (M45, L620, 4.4)"),
    (r"^([\w, ]+) retreated out of the melee \(M45, L620\)$", r"отступили из схватки: \1 (M45, L620)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^retreat: (\w+) already defends this exchange; one Retreat roll answers every attack aimed at him \(L616\), "
     r"so it is his only defence$",
     r"отступление: \1 уже защищается в этом обмене; один бросок отступления действует против всех атак на него "
     r"(L616), поэтому других защит у него нет"),
    (r"^retreat: NOT YET against (\w+)'s (\w+) \(a double attack or a blow on several targets\) together with "
     r"another attack$",
     lambda m: f"отступление: ПОКА НЕ поддерживается против маневра «{words.maneuver_name(m.group(2), 'ru')}» "
     f"{m.group(1)} (двойная атака или удар по нескольким целям) вместе с другой атакой"),
    (r"^(\w+) retreated out of this melee \(L620\): no attack on him in it$",
     r"\1 отступил из этой схватки (L620): атаковать его в ней нельзя"),
)) + _PROBLEM_SENTENCES
# --- the hurried preparation's botch (5.6.3, L950) and a weapon picked up from the floor on the field (M50) ---------


def _either_weapon(code: str) -> str:
    """A weapon id a field line names: a ranged weapon's kind («короткий лук») or a melee weapon («кинжал»)."""
    return _ranged_weapon(code) or words.item_name(code, "ru")


ACT_RU["pick_up"] = "поднять оружие"
EVENT_RU["skirmish.picked_up"] = "оружие поднято с пола"
REQUESTS.extend([
    ("{a:w}'s Reliability check of the weapon jammed in a hurried preparation ({n:#}d %5, L950)",
     "проверка надёжности оружия {a} после торопливой подготовки ({n}к %5, L950)"),
    ("{a:w}'s Reflex check picking {w:w} up from the floor (%{n:#}, M50, A-39)",
     "проверка Рефлекса {a}: поднять с пола {w:eitherweapon} (%{n}, M50, A-39)"),
])
PROBLEMS.extend([
    ("5.6.3 (L950): {a:w}'s {w:w} lies on the floor at ({x:#}, {y:#}): pick it up first (pick_up, M50)",
     "5.6.3 (L950): {w:rweapon} {a} лежит на полу в ({x}, {y}): сначала поднимите его (pick_up, M50)"),
    ("5.6.3 (L950): {a:w}'s {w:w} is broken or jammed", "5.6.3 (L950): {w:rweapon} {a} сломан или заклинил"),
    ("M50: {a:w}'s {w:w} is not on the floor", "M50: {w:rweapon} {a} не лежит на полу"),
    ("M50: {a:w}'s {w:w} lies at ({x:#}, {y:#}): he picks it up standing there",
     "M50: {w:rweapon} {a} лежит в ({x}, {y}): поднять его можно, только стоя там"),
    ("M50: {a:w} has no weapon '{w:w}' on the floor", "M50: у {a} нет на полу оружия «{w}»"),
    ("M50 (L646): picking a weapon up from the floor costs {n:#} reflex points; {a:w} has {m:#}",
     "M50 (L646): поднять оружие с пола стоит {n} очка Рефлекса, а у {a} их {m}"),
    ("M50: name the one weapon picked up from the floor by its id or name («поднимаю лук», pick up the short_bow)",
     "M50: назовите одно оружие, которое поднимаете с пола, по id или названию («поднимаю лук»)"),
    ("M50: name the one weapon picked up from the floor by its id or name («поднимаю лук», pick up the short_bow) "
     "({named} are named)",
     "M50: назовите одно оружие, которое поднимаете с пола, по id или названию («поднимаю лук»; названы: {named})"),
])
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^the hurried preparation's lost successes leave the shot at (-?\d+): a critical failure, the shot never "
     r"leaves the weapon \(L950\)$",
     r"успехи, потерянные на ускоренной подготовке, оставляют выстрел на \1: критический провал, выстрел так и не "
     r"сделан (L950)"),
    (r"^Reliability (\d+)d %5 (\[[\d, ]*\]) → (\d+) − (\d+) = (-?\d+): the weapon falls from his hands \(L950\)$",
     r"Надёжность \1к %5 \2 → \3 − \4 = \5: оружие выпадает из рук (L950)"),
    (r"^Reliability (\d+)d %5 (\[[\d, ]*\]) → (\d+) − (\d+) = (-?\d+): the weapon breaks or jams, out of use; which "
     r"of the two is the GM's word \(L950\)$",
     r"Надёжность \1к %5 \2 → \3 − \4 = \5: оружие сломано или заклинило и больше не стреляет; что именно — решает "
     r"ГМ (L950)"),
    (r"^the weapon hurts (\w+) through the careless preparation: the zone by the ranged table \(L950\)$",
     r"оружие ранит \1 из-за неаккуратной подготовки: зона — по таблице попаданий дальнего боя (L950)"),
    (r"^(\w+) picks (\w+) up from the floor: (\d+) R \(M50, L646\); Reflex (\d+)d %(\d) (\[[\d, ]*\]) → (\d+) − (\d+) "
     r"= (-?\d+): (in hand|he fails, the \d+ R are spent \(A-39\))$",
     lambda m: f"{m.group(1)} поднимает с пола {_either_weapon(m.group(2))}: {m.group(3)} Р (M50, L646); Рефлекс "
               f"{m.group(4)}к %{m.group(5)} {m.group(6)} → {m.group(7)} − {m.group(8)} = {m.group(9)}: "
               + ("оружие в руке" if m.group(10) == "in hand" else
                  f"не вышло, {m.group(3)} Р потрачены (A-39)")),
)) + _SENTENCES
VEHICLE_SKILL_RU = {"trade_etiquette": "торговый этикет", "sea_etiquette": "морской этикет",
                    "driving": "управление транспортом", "riding": "верховая езда"}
"""L1038: the skills that go with a vehicle, in the rulebook's words (a sheet's other skill ids as written)."""


def _vehicle_skill(code: str) -> str:
    return VEHICLE_SKILL_RU.get(code) or words.SKILL_NAMES.get(code) or code


_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^shooting from a vehicle at (\d+) m/s( \(the target moves with it: half the speed, L1036\))?(?:, (\w+) (\d+))?"
     r": −(\d+) dice \(5\.6\.8, L1036-1040, T-08\)$",
     lambda m: f"стрельба с движущегося транспорта: {m.group(1)} м/с"
               + (" (цель движется вместе с ним: половина скорости, L1036)" if m.group(2) else "")
               + (f", {_vehicle_skill(m.group(3))} {m.group(4)}" if m.group(3) else "")
               + f": −{m.group(5)} куб. (5.6.8, L1036-1040, "
               "T-08)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r'^vehicle is \{"speed": m/s, "skill": a skill of the sheet, "with_target": true\|false\}$',
     r'транспорт ("vehicle") — {"speed": м/с, "skill": умение с листа персонажа, "with_target": true|false}'),
    (r"^the vehicle's speed is a whole number of m/s, 0 or more$",
     r"скорость транспорта — целое число м/с, от 0"),
    (r"^(\w+) has no skill '(\w+)' on his sheet$",
     lambda m: f'у {m.group(1)} на листе нет умения "{m.group(2)}"'
               + (f" ({_vehicle_skill(m.group(2))})" if _vehicle_skill(m.group(2)) != m.group(2) else "")),
    (r"^with_target is true or false$", r'"with_target" — true или false'),
    (r"^a shot from a vehicle is not a shot on the move \(M75-M77\)$",
     r"выстрел с транспорта — не выстрел в движении (M75-M77)"),
)) + _PROBLEM_SENTENCES
ACT_RU["throw_back"] = "бросить обратно перехваченное"
EVENT_RU["skirmish.throw_back"] = "бросок перехваченным оружием"
PROBLEMS.extend([
    ("M88 (L1161): {a:w} holds no caught projectile to throw back",
     "M88 (L1161): у {a} нет перехваченного снаряда, чтобы бросить его обратно"),
    ("M88 (L1161): a caught projectile is thrown back as a plain throw (no maneuver, not hidden)",
     "M88 (L1161): перехваченный снаряд бросают обратно простым броском (без маневра, не скрытно)"),
])
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^against an unexpected throw-back \(M88, L1161\) only a dodge, a shield parry or a weapon parry$",
     r"против неожиданного броска перехваченным оружием (M88, L1161) — только уклонение, парирование щитом или "
     r"парирование оружием"),
    (r"^against an unexpected throw-back \(M88, L1161\) the defence is paid with reflex points only$",
     r"против неожиданного броска перехваченным оружием (M88, L1161) защита оплачивается только очками Рефлекса"),
)) + _PROBLEM_SENTENCES
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) throws back the ([\w ]+) he caught in round (\d+) \(M88, L1161\)(: in the round after the catch the "
     r"throw is unexpected, the target defends only with a dodge, a shield parry or a weapon parry, reflex points "
     r"only \(L40\))?$",
     lambda m: f"{m.group(1)} бросает обратно {_RANGED_ACC.get(m.group(2), m.group(2))}, перехваченный в раунде "
               f"{m.group(3)} (M88, L1161)"
               + (": в раунде после перехвата бросок неожиданный — цель защищается только уклонением, парированием "
                  "щитом или оружием и только очками Рефлекса (L40)" if m.group(4) else "")),
)) + _SENTENCES
_RANGED_ACC = {"javelin": "дротик", "throwing knife": "метательный нож"}
"""M88: a caught throwing weapon, as «бросает обратно …» says it."""

# --- a melee of several fighters, part 2 (issue 9): the transfer feint, retreat, sweeps and A-09 in a group -----
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^phase 1 wins with (\d+) final successes: no damage; the group's order stays the general initiative chain "
     r"\(4\.4\); (\d+) automatic successes on the phase-2 (\w+) in exchange 2, to ([\w, ]+?)( \(the GM's symmetry, "
     r"(CP-\d+)\)| \(PROPOSED symmetry; (CP-\d+) the GM's\)), with the opposite side of the weapon; (\w+)'s defence "
     r"there loses (\d+) dice \((A-\d+)\) against (\w+)'s blow$",
     lambda m: f"фаза 1 удалась с {m.group(1)} итог. усп.: урона нет; порядок схватки остаётся цепочкой общей "
     f"инициативы (4.4); {m.group(2)} автом. успехов на «{_maneuver(m.group(3))}» фазы 2 в обмене 2, в зоны "
     + ", ".join(words.zone_name(z, "ru") for z in m.group(4).split(", "))
     + (f" (симметрию назначил ГМ, {m.group(6)})" if m.group(6) else f" (предложенная симметрия; {m.group(7)} — "
        "за ГМ)") + f", обратной стороной оружия; защита {m.group(8)} там теряет {m.group(9)} куб. ({m.group(10)}) "
     f"против удара {m.group(11)}"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^the transfer feint's phase 2 is struck at (\w+), whose defence phase 1 beat, not at (\w+)$",
     r"вторую фазу перевода наносят \1, чью защиту побила первая фаза, а не \2"),
)) + _PROBLEM_SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^towards: '(\w+)' is not an enemy attacking (\w+) this exchange \(([\w, ]+)\)$",
     r"towards: \1 не атакует \2 в этом обмене (атакуют: \3)"),
    (r"^towards: (\w+) is attacked by (\w+) alone: he retreats away from him, not surrounded \(the %5 is against the "
     r"enemy a surrounded fighter moves towards\)$",
     r"towards: на \1 нападает один \2: он отступает от него, а не из окружения (%5 — против противника, к которому "
     r"сближается окружённый)"),
)) + _PROBLEM_SENTENCES
_PROBLEM_SENTENCES = ((re.compile(
    r"^quick_draw: declare the draw with the maneuver it arms: draw: WEAPON on your attack or defence \(M50, L646; a "
    r"weapon longer than short drawn from its scabbard strikes only with its hilt that exchange, hilt: true, L648\), "
    r"or a pass with draw when no reflex points are left \(L650\)$"),
    "«Быстрое вооружение» заявляют вместе с маневром, для которого достают оружие: draw: ОРУЖИЕ в заявке атаки или "
    "защиты (M50, L646; оружие длиннее короткого, извлечённое из ножен, в этом обмене бьёт только рукоятью — hilt: "
    "true, L648), либо пас с draw, когда очков рефлекса не осталось (L650)"),) + _PROBLEM_SENTENCES
_SENTENCES = ((re.compile(r"^(\w+) passes out of the melee as a successful retreat would: he takes no further part in "
                          r"it and leaves it at the round's end \(M22, L423, L620\)$"),
               r"\1 проходом выходит из схватки, как при удачном отступлении: дальше он в ней не участвует и покидает "
               r"её в конце раунда (M22, L423, L620)"),) + _SENTENCES
_SENTENCES = ((re.compile(r"^(\w+) is surrounded and retreats towards (\w+): against (\w+)'s attack the same roll is "
                          r"recounted one step harder \(M45, L616\)$"),
               r"\1 в окружении и отступает к \2: против атаки \3 тот же бросок пересчитывают на ступень "
               r"сложнее (M45, L616)"),) + _SENTENCES
_PROBLEM_SENTENCES = ((re.compile(r"^towards: only a retreater surrounded in a melee of several fighters names the "
                                  r"enemy he moves towards; in a pair he retreats from his one opponent$"),
                       "противника, к которому он сближается, отступающий называет только в окружении, в схватке "
                       "нескольких бойцов; в паре отступают от единственного противника"),) + _PROBLEM_SENTENCES
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"→ (\w+) strikes first, undefended \(M33, L505-507\)$", r"→ \1 бьёт первым, без защиты (M33, L505-507)"),
    (r"→ (\w+)'s blow lands after (\w+)'s \(M33, L505-507\)$",
     r"→ удар \1 приходится после удара \2 (M33, L505-507)"),
)) + _SENTENCES
_SENTENCES = ((re.compile(r" \+ grip (recursive|half_sword|two_hands|one_hand) ([+-]\d+)"),
               lambda m: f" + хват {words.grip_name(m.group(1), 'ru')} {m.group(2)}"),) + _SENTENCES

# --- grapples in a melee of several fighters (4.4, 5.8, PROPOSED; group_grapple.py) --------------------------------
_GRAPPLE_DEFENCES_RU = ("свилей, блоком рукой или ногой либо блоком, парированием или сбивом ручного или короткого "
                        "оружия или щита")
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) wrestles with (\w+)( on the ground)?: (\w+)'s attack on him gets no bonus of its own; he answers it only "
     r"with a slip, a limb block, or a block, parry or knock-aside of a hand or short weapon or a shield \(PROPOSED, "
     r"L723, L892\)$",
     lambda m: f"{m.group(1)} борется с {m.group(2)}{' в партере' if m.group(3) else ''}: атака {m.group(4)} на него "
     f"не получает своей прибавки; он отвечает на неё только {_GRAPPLE_DEFENCES_RU} (предложено, L723, L892)"),
    (r"^(\w+)'s (\w+) against (\w+) fails: (\w+)'s (\w+) succeeded \(L660\): every other maneuver of the held fighter "
     r"this exchange fails \(PROPOSED\)$",
     lambda m: f"{_mv(m.group(2))} {m.group(1)} против {m.group(3)} не удаётся: {_mv(m.group(5))} "
     f"{m.group(4)} удался (L660): все прочие маневры захваченного в этом обмене проваливаются (предложено)"),
    (r"^(\w+) is out of the fight \((dead|unconscious|helpless)\): (\w+)'s grapple with him ends; (\w+) fights on in "
     r"the melee \(PROPOSED, 5\.8, 4\.4\)$",
     lambda m: f"{m.group(1)} выбыл из боя ({STATUS_RU[m.group(2)]}): захват с ним кончается; "
     f"{m.group(4)} бьётся в схватке дальше (предложено, 5.8, 4.4)"),  # the holder heads the line (post)
    (r"^pounce: (\w+) is knocked down; (\w+) already wrestles with the first target he knocked down \(PROPOSED, "
     r"L826\)$",
     r"наскок: \1 сбит с ног; \2 уже борется с первой целью, которую сбил (предложено, L826)"),
    (r"^the targets' total mass (\d+) kg against (\d+) kg \(L826\)$",
     r"суммарная масса целей \1 кг против \2 кг (L826)"),
    # M65 (L826, A-50, L830): the pounce's difficulty and its defences' modifiers (maneuvers/wrestling.py)
    (r"^−1 mass ratio ([\d.]+) ≥ 2 \(L826\)$",
     lambda m: f"−1: соотношение масс {decimal(m.group(1), 'ru')} ≥ 2 (L826)"),
    (r"^\+(\d+) mass ratio ×([\d.]+) \(M65, L826\)$",
     lambda m: f"+{m.group(1)}: соотношение масс ×{decimal(m.group(2), 'ru')} (M65, L826)"),
    (r"^\+1 lighter attacker \(A-50\)$", "+1: нападающий легче цели (A-50)"),
    (r"^\+(\d+) combined maneuvers \(L830\)$", r"+\1 за совмещённые маневры (L830)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+): (\w+) wrestles with (\w+): he attacks (\w+) only with a punch, a kick, a headbutt or a blow of a hand "
     r"or short weapon \(L723, PROPOSED\)$",
     lambda m: f"{_mv(m.group(1))}: {m.group(2)} борется с {m.group(3)}: {m.group(4)} он атакует только "
     "ударом кулака, ногой, головой или ударом ручного или короткого оружия (L723, предложено)"),
    (r"^(\w+): (\w+) wrestles with (\w+): his ([\w-]+) is longer than short, and in wrestling it serves only by the "
     r"hilt \(L723, PROPOSED\)$",
     lambda m: f"{_mv(m.group(1))}: {m.group(2)} борется с {m.group(3)}: его «{_ru_item(m.group(4))}» "
     "длиннее короткого, а в борьбе таким оружием бьют только рукоятью (L723, предложено)"),
    (r"^(\w+): (\w+) does not grapple with (\w+): wrestling is played between the two of a grapple \(PROPOSED, "
     r"5\.8\)$",
     lambda m: f"{_mv(m.group(1))}: {m.group(2)} не в захвате с {m.group(3)}: борьба идёт между двумя "
     "бойцами одного захвата (предложено, 5.8)"),
    (r"^(\w+): (\w+) wrestles with (\w+): against (\w+)'s attack he defends only with a slip, a limb block, or a "
     r"block, parry or knock-aside of a hand or short weapon or a shield \(L723, L892, PROPOSED\)$",
     lambda m: f"{_mv(m.group(1))}: {m.group(2)} борется с {m.group(3)}: от атаки {m.group(4)} он защищается "
     f"только {_GRAPPLE_DEFENCES_RU} (L723, L892, предложено)"),
    (r"^protect_ally: (\w+)'s (\w+) on (\w+) is a technique inside their grapple, no blow an ally steps in front of "
     r"\(PROPOSED, L540\)$",
     lambda m: f"{_mv('protect_ally')}: {_mv(m.group(2))} {m.group(1)} против {m.group(3)} — приём "
     "внутри их захвата, а не удар, под который можно встать за союзника (предложено, L540)"),
    (r"^then: the further targets of the pounce, a list of fighter ids$",
     "then: следующие цели наскока, список id бойцов"),
    (r"^a pounce falls on each target once$", "наскок обрушивается на каждую цель один раз"),
    (r"^(\w+) at \((\d+), (\d+)\) does not stand next to (\w+): a pounce is a maneuver at hand distance$",
     r"\1 в (\2, \3) не стоит рядом с \4: наскок — маневр на ручной дистанции"),
    (r"^maneuvering: (\w+) wrestles with (\w+): their bodies are in contact \(L723\), he moves no cell by "
     r"Maneuvering \(PROPOSED\)$",
     r"маневрирование: \1 борется с \2: их тела соприкасаются (L723), маневрированием он не сходит с клетки "
     r"(предложено)"),
    (r"^(\w+): (\w+) already wrestles with (\w+): a fighter is in one grapple at most \(PROPOSED, L723\)$",
     lambda m: f"{_mv(m.group(1))}: {m.group(2)} уже борется с {m.group(3)}: боец может быть только в одном "
     "захвате (предложено, L723)"),
)) + _PROBLEM_SENTENCES
_SENTENCES = ((re.compile(r"\(as a kick, (M65)\)"), r"(как удар ногой, \1)"),) + _SENTENCES

# --- issue 9: the acts a field request lists (battle_round.open_acts), a bodyguard's body cover (L981, CP-40) ---------
def _act_list(text: str) -> str | None:
    """"move, draw or wait" (a field request's acts) as «"move" (движение), "draw" (извлечь снаряд) или "wait"»."""
    codes = [c.strip() for c in re.split(r",\s*|\s+or\s+", text) if c.strip()]
    if not codes or any(c not in ACT_RU for c in codes):
        return None
    said = [f'"{c}" ({ACT_RU[c]})' for c in codes]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " или " + said[-1]


_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) covers (\w+) with his body from the (front|flank) \(L981, M83\): Reflex %(\d+)"
     r"( \(\+1 from the flank\))?, 1 reflex point of activation$",
     lambda m: f"{m.group(1)} защищает {m.group(2)} своим телом " + ("спереди" if m.group(3) == "front" else "сбоку")
     + f" (L981, M83): Рефлекс %{m.group(4)}" + (" (+1 сбоку)" if m.group(5) else "") + ", активация 1 очко рефлекса"),
    (r"^(\w+) covers his partner (\w+) with his body \(L981; 5\.12, L1189\): Reflex %(\d+), no activation$",
     r"\1 прикрывает своим телом напарника \2 (L981; 5.12, L1189): Рефлекс %\3, без активации"),
    (r"^(\w+) body cover (\d+)d %(\d+) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$",
     r"\1: прикрытие телом \2к10 %\3 \4 → \5 − \6 = \7"),
    (r"^(\w+) comes between (\w+) and the shot \(body cover, L981\): the projectile strikes him with the final "
     r"(-?\d+)$", r"\1 встаёт между \2 и выстрелом (прикрытие телом, L981): снаряд попадает в него, итог \3"),
    (r"^(\w+) does not come between (\w+) and the shot in time \(body cover: no success, L981\)$",
     r"\1 не успевает встать между \2 и выстрелом (прикрытие телом: нет успехов, L981)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) covers (\w+) with his body only against a plain shot at him alone \(no second projectile, through or "
     r"grazing shot\)$",
     r"\1 прикрывает \2 телом только от простого выстрела в него одного (не от второго снаряда, выстрела навылет "
     r"или по касательной)"),
    (r"^body cover is \{maneuver: body_cover, dice: n\}: n reflex points, 1 at least, no skill points$",
     'прикрытие телом — {maneuver: body_cover, dice: n}: n очков рефлекса, не меньше 1, без очков навыка'),
)) + _PROBLEM_SENTENCES
REQUESTS.extend([
    ("{g:w} protects {b:w} against {a:w}'s shot: none, or {{maneuver: shield_parry_missile|weapon_parry_missile, dice: "
     "n (reflex), skill: n, weapon: id}} (M83; 1 reflex point of activation, +1 difficulty from the flank), or "
     "{{maneuver: body_cover, dice: n (reflex)}} (L981: he takes the hit)",
     'защита союзника: {g} прикрывает {b} от выстрела {a}: "none" (нет) или {{maneuver: shield_parry_missile|'
     "weapon_parry_missile, dice: n (рефлекс), skill: n (навык), weapon: id}} (M83; активация 1 очко рефлекса, +1 к "
     'сложности сбоку), или {{maneuver: body_cover, dice: n (рефлекс)}} (L981: прикрыть телом, приняв попадание '
     "на себя)"),
])
MISSILE_DEFENCE_RU.update({"body cover": "прикрытие телом"})

# gp: grapples in a melee of several fighters, polished (group_grapple.py, check.py, wrestling.py): the held arm
# (5.8.4), no standing up in a hold (L888), the break free without combat initiative in a group (L888, 4.4), the
# pounce's further targets only in a group (L826)
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+): (his main arm is|both arms are) held \(Envelop\): the arm cannot be used, so (\w+) neither attacks nor "
     r"defends with his ([\w-]+) \(5\.8\.4, L803-810\)$",
     lambda m: f"{_mv(m.group(1))}: " + ("его ведущая рука захвачена" if m.group(2).startswith("his") else
                                        "обе его руки захвачены") + f" (обхват): рука не может использоваться, "
     f"поэтому {m.group(3)} не атакует и не защищается оружием «{_ru_item(m.group(4))}» (5.8.4, L803-810)"),
    (r"^maneuvering: (\w+) lies wrestling with (\w+): he stands up only once out of the hold \(break free first, M73; "
     r"PROPOSED\)$",
     r"маневрирование: \1 лежит в борьбе с \2: встать он может, только выйдя из захвата (сначала разрыв, M73; "
     r"предложено)"),
    (r"^then: a pounce falls on several targets only in a melee of several fighters; in a pair its one target is the "
     r"opponent$",
     "\"then\": наскок на несколько целей — только в схватке нескольких бойцов; в паре его единственная цель — "
     "противник"),
)) + _PROBLEM_SENTENCES
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"the group's order stays the general initiative chain, no combat initiative to reroll \(L888, 4\.4\)",
     "порядок схватки — прежняя цепочка общей инициативы, перебрасывать боевую инициативу нечего (L888, 4.4)"),
)) + _SENTENCES

# --- Maneuvering towards an enemy outside the melee and his avoiding it (M53, L681) -----------------------------------
REQUESTS.extend([
    ("how many reflex dice {a:w} rolls on Maneuvering to avoid the melee {b:w} moves towards him (0: none; %{n:#}, "
     "M53, L681)",
     "сколько кубиков рефлекса {a} бросает на маневрирование, чтобы избежать схватки, к которой его подводит {b} "
     "(0 — не бросает; %{n}, M53, L681)"),
    ("Maneuvering of {a:w} to avoid the melee {b:w} moves towards him (%{n:#}, M53, L681)",
     "маневрирование {a}, чтобы избежать схватки, к которой его подводит {b} (%{n}, M53, L681)"),
])
PURPOSE_RU["avoid_melee"] = "на маневрирование, чтобы избежать схватки"
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) maneuvers to avoid the melee: (\d+)d %(\d) \[([\d, ]*)\] → (-?\d+) \(M53, L681\)$",
     r"\1 маневрирует, чтобы избежать схватки: \2d %\3 [\4] → \5 (M53, L681)"),
    (r"^(\w+) does not maneuver to avoid the melee: 0 successes \(M53, L681\)$",
     r"\1 не маневрирует, чтобы избежать схватки: 0 успехов (M53, L681)"),
    (r"^(\w+) (\d+) ≥ (\d+): (\w+) avoids the melee; (\w+) stays in \((\d+), (\d+)\) \(M53, L681\)$",
     r"\1: \2 ≥ \3: \4 избегает схватки; \5 остаётся в (\6, \7) (M53, L681)"),
    (r"^(\w+) (\d+) < (\d+): (\w+) comes within reach of (\w+), who joins the melee when this melee round is over "
     r"\(M53, L681, L102\)$",
     r"\1: \2 < \3: \4 входит в досягаемость \5; тот вступит в схватку, когда этот раунд схватки закончится "
     r"(M53, L681, L102)"),
    (r"^(\w+)'s Maneuvering brought him within reach of (\w+), who did not avoid the melee: (\w+) joins it, several "
     r"fighters in one melee \(M53, L681, L102; 4\.4\)$",
     r"\1 маневрированием вошёл в досягаемость \2; тот не избежал схватки: \3 вступает в неё, несколько бойцов в "
     r"одной схватке (M53, L681, L102; 4.4)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^from \((-?\d+), (-?\d+)\) (\w+) reaches ([\w ]+) outside the melee: he moves towards one enemy outside it at "
     r"a time \(PROPOSED\)$",
     lambda m: f"из ({m.group(1)}, {m.group(2)}) {m.group(3)} достаёт {m.group(4).replace(' and ', ' и ')} вне "
     "схватки: маневрированием подходят к одному противнику вне схватки за раз (предложено)"),
)) + _PROBLEM_SENTENCES
# the group's exchange with no attack, a grappler asked to protect no ally (M37), the group parser's errors, the
# answer to a maneuverer read from a post (M53, L681)
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^exchange (\d) over: no attacks this exchange; the group's order stays the general initiative chain \(4\.4\)$",
     r"обмен \1 окончен: в обмене никто не атаковал; порядок схватки — прежняя цепочка общей инициативы (4.4)"),
)) + _SENTENCES
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^protect_ally: (\w+) wrestles with (\w+): their bodies are in contact \(L723\), he does not step into an "
     r"ally's cell to protect him \(L540, PROPOSED\)$",
     lambda m: f"{_mv('protect_ally')}: {m.group(1)} борется с {m.group(2)}: их тела в контакте (L723), он не "
     "заходит в клетку союзника, чтобы защитить его (L540, предложено)"),
)) + _PROBLEM_SENTENCES
PROBLEMS.extend([
    ("M45 (L616): «к …» (towards …) names the one enemy he retreats towards",
     "M45 (L616): после «к …» назовите одного противника, к которому он отступает"),
    ("4.4: name the target of the attack (in this melee: {ids})", "4.4: назовите цель атаки (в этой схватке: {ids})"),
    ("M09: «затем …» (then …) names the further targets of the sweep",
     "M09: после «затем …» назовите следующие цели удара"),
    ("M24: «также …» (also …) names one second target", "M24: после «также …» назовите одну вторую цель"),
    ("M37 (L542): name the defence that protects: «блоком оружием», «блоком щитом» or «сбивом» (weapon block, shield "
     "block, knock-aside)",
     "M37 (L542): назовите защиту, которой прикрываете союзника: «блоком оружием», «блоком щитом» или «сбивом»"),
    ("4.4: name the attacker the defence answers, «против …» (against …; in this melee: {ids})",
     "4.4: назовите атакующего, от которого эта защита, «против …» (в этой схватке: {ids})"),
    ("M53 (L681): no avoiding the melee is asked of {id:w} now", "M53 (L681): у {id} сейчас не спрашивают, "
     "уклоняется ли он от схватки"),
    ("M53 (L681): several answers to avoid a melee are asked of {id:w} now",
     "M53 (L681): у {id} сейчас спрашивают несколько ответов на маневрирование к нему: ответьте выбором с ключом"),
    ("M53 (L681): the reflex dice rolled to avoid the melee, e.g. «уклоняюсь от схватки, 2 кубика» (avoid the melee, "
     "2 dice; 0: none)",
     "M53 (L681): нужны кубики рефлекса на маневрирование, чтобы избежать схватки, например «уклоняюсь от схватки, 2 "
     "кубика» (0 — не уклоняется)"),
])

PROBLEMS.extend([  # M16 and M25 declared from afar by a loose fighter (A-85, A-102)
    ("charge: maneuver beat (M16) or rushing_attack (M25): the attacks declared from afar (A-85, A-102)",
     "charge (атака издали): маневр beat (Батман, M16) или rushing_attack (Стремительная атака, M25) — атаки, "
     "заявляемые издали (A-85, A-102)"),
    ("{r}, CP-27: run: jog or sprint", "{r}, CP-27: бег (run) — jog (лёгкий бег) или sprint (спринт)"),
    ("{r}: target: an enemy on the field", "{r}: цель (target) — противник на поле"),
    ("{r}: {a:w} is out of the fight", "{r}: {a} выбыл из боя"),
    ("{r} (A-85, A-102): {t:w} is not loose: he fights in the melee {p:w}; the grid distance holds only for fighters "
     "not yet engaged",
     "{r} (A-85, A-102): {t} не свободен: он бьётся в схватке {p}; дистанция по полю считается только для бойцов, "
     "ещё не вступивших в схватку"),
    ("{r} (L369, A-85): {t:w} is {n:#} m from {a:w}: too far for a distracting maneuver, the grid distance must be ≤ "
     "{b:w}'s Speed {s:#}",
     "{r} (L369, A-85): {t} в {n} м от {a}: слишком далеко для отвлекающего маневра, дистанция по полю должна быть "
     "не больше Скорости {b} ({s})"),
    ("{r} (L445, A-102): {t:w} is {n:#} m from {a:w}, {c:length} distance: it must exceed {b:w}'s weapon length "
     "{l:length} by two categories or more",
     "{r} (L445, A-102): {t} в {n} м от {a}, дистанция {c:length}: она должна превышать длину оружия {b} "
     "({l:length}) на две категории и более"),
    ("{r}: the path to {t:w} is blocked: {rest}", "{r}: путь к {t} прегражден: {rest:@}"),
    ("{r} (L102): the path ends at ({x:#}, {y:#}), out of reach of {t:w}: a charge runs to within reach of its target",
     "{r} (L102): путь кончается в ({x}, {y}), вне досягаемости {t}: атака издали доводит до досягаемости цели"),
    ("{r} (5.7, L369, A-85): a run of {n:#} m is longer than {a:w}'s Speed {s:#}",
     "{r} (5.7, L369, A-85): разбег {n} м длиннее Скорости {a} ({s})"),
    ("{r} (5.7, CP-27): a run of {n:#} m is longer than {a:w}'s {m:#} m at a {g:w} (Speed {s:#} × {f})",
     "{r} (5.7, CP-27): разбег {n} м длиннее, чем {m} м у {a} при аллюре «{g:gait}» (Скорость {s} × {f})"),
    ("L102: at ({x:#}, {y:#}) {b:w} is nearer to {a:w} than {t:w}: melee begins with him",
     "L102: в ({x}, {y}) {b} ближе к {a}, чем {t}: схватка начинается с ним"),
])
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) runs (\d+) m of ([\d.]+) m \((.*)\) at (\w+) for a (beat|rushing attack)( to \((\d+), (\d+)\))?, "
     r"facing (\w+)$",
     lambda m: f"{m.group(1)} пробегает {m.group(2)} м из {decimal(m.group(3), 'ru')} м ("
     + m.group(4).replace("Speed", "Скорость").replace(" at a sprint", ", спринт").replace(" at a jog", ", трусца")
     + f") к {m.group(5)} для " + ("Батмана" if m.group(6) == "beat" else "Стремительной атаки")
     + (f" до ({m.group(8)}, {m.group(9)})" if m.group(7) else "")
     + f", лицом на {words.facing_name(m.group(10), 'ru', word=True)}"),
    (r"^(\w+) declares a (beat|rushing attack) \((M\d+)\) on (\w+) (\d+) m away, not yet engaged: the grid distance as "
     r"a category is ([\w ]+) \(A-65, (A-\d+)\); melee begins \(L102\) at [\w ]+ distance, where part 1 plays the "
     r"(beat|rushing attack)$",
     lambda m: f"{m.group(1)} заявляет " + ("Батман" if m.group(2) == "beat" else "Стремительную атаку")
     + f" ({m.group(3)}) против {m.group(4)} в {m.group(5)} м, ещё не в схватке: дистанция по полю как категория — "
     f"{LENGTH_RU.get(m.group(6).replace(' ', '_'), m.group(6))} (A-65, {m.group(7)}); схватка начинается (L102) на "
     f"{LENGTH_GEN.get(m.group(6).replace(' ', '_'), m.group(6))} дистанции, где маневр играет часть 1 (поединок)"),
)) + _SENTENCES
PROBLEMS.extend([  # a strike on several targets onto another melee (M09, M10, M24; 4.4, PROPOSED)
    ("{r} (L285-304, 4.4, PROPOSED): {t:w} fights in the melee {o}, not in {a:w}'s melee {m}: a strike on several "
     "targets goes over the enemies of its own melee; a blow does not join two melees (a move into reach does, L102)",
     "{r} (L285-304, 4.4, предложено): {t} бьётся в схватке {o}, а не в схватке {a} ({m}): удар по нескольким целям "
     "проходит по противникам своей схватки; удар не соединяет две схватки (их соединяет только подход на "
     "досягаемость, L102)"),
    ("{r} (L285-304, 4.4): {a:w}'s melee {m} is a pair: his one opponent is the only target; a strike on several "
     "targets is played in a melee of several fighters",
     "{r} (L285-304, 4.4): схватка {a} ({m}) — пара: единственная цель — его противник; удар по нескольким целям "
     "играется в схватке нескольких бойцов"),
])
ACT_RU["charge"] = "атака издали"  # M16 and M25 declared from afar (A-85, A-102)
_SENTENCES = ((re.compile(r"^initiative: (\w+)$"),  # combat initiative where the distance was already set (a charge)
               lambda m: "инициатива: " + ("ничья" if m.group(1) == "tie" else m.group(1))),) + _SENTENCES
_SENTENCES = ((re.compile(r"^(\w+)'s weapon defence loses (\d+) dice against the rushing attack \(M25\)$"),
               lambda m: f"защита оружием у {m.group(1)} теряет {m.group(2)} "
                         f"{plural(int(m.group(2)), ('кубик', 'кубика', 'кубиков'))} против Стремительной атаки "
                         "(M25)"),) + _SENTENCES
_SENTENCES = ((re.compile(r" lost \(M25 rushing attack\)\)"), " lost (Стремительная атака, M25))"),) + _SENTENCES
PROBLEMS.extend([  # a charge in a player's words (field_parse.charge_order, A-85, A-102)
    ("5.4.1: one maneuver per charge ({ms} are named)", "5.4.1: у атаки издали один маневр (названы: {ms})"),
    ("5.4.1: name the charge's maneuver: «батман» (M16, A-85) or «стремительная атака» (M25, A-102); beat or rushing "
     "attack",
     "5.4.1: назовите маневр атаки издали: «батман» (M16, A-85) или «стремительная атака» (M25, A-102)"),
    ("5.4.1: one target per charge, by its id or name («Бегу на VSE, батман») ({ids} are named)",
     "5.4.1: у атаки издали одна цель, по идентификатору или имени («Бегу на VSE, батман») (названы: {ids})"),
    ("5.4.1: one target per charge, by its id or name («Бегу на VSE, батман»)",
     "5.4.1: у атаки издали одна цель, по идентификатору или имени («Бегу на VSE, батман»)"),
    ("5.4.1 M16 (L369, A-85): a beat runs within Speed: jog or sprint only for a rushing attack (M25, CP-27)",
     "5.4.1 M16 (L369, A-85): разбег батмана — в пределах Скорости: трусца или спринт — только для стремительной "
     "атаки (M25, CP-27)"),
    ("5.7: name the cells of the charge's path to within reach of the target, e.g. «через (2,2), (3,2)» (path (2,2), "
     "(3,2))",
     "5.7: назовите клетки пути атаки издали до досягаемости цели, например «через (2,2), (3,2)»"),
])
_CHARGED = re.compile(r"^(\w+) charged from afar for a (beat|rushing attack): in the melee's first exchange he "
                      r"declares it \(maneuver (\w+)\), not (\w+)$")
_PROBLEM_SENTENCES = ((_CHARGED, lambda m: f"{m.group(1)} атаковал издали ради "
                       + ("Батмана" if m.group(2) == "beat" else "Стремительной атаки")
                       + ": в первом обмене схватки он заявляет именно этот маневр, а не "
                       + (_mv(m.group(4)) or m.group(4))),) + _PROBLEM_SENTENCES
# M87 with the bare hand (L1153): its refusals and its lines
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) has no free hand to parry with \((L\d+)\)$", r"у \1 нет свободной руки для парирования (\2)"),
    (r"^weapon_parry_missile with the bare hand needs fist (\d+), (\w+) has (\d+)$",
     lambda m: f"парированию голой рукой нужен навык «{words.skill_name('fist', 'ru')}» {m.group(1)}, у {m.group(2)} "
     f"— {m.group(3)}"),
    (r"^a bare hand parries only the arrow at its own owner \(L1153 with L1131, PROPOSED\)$",
     "голая рука парирует только стрелу, летящую в её хозяина (L1153 с L1131, предложено)"),
)) + _PROBLEM_SENTENCES
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+)'s bare (right|left) hand parries: the projectile strikes the hand, its damage less the parry's final "
     r"(\d+) \(M87, L1153\)$",
     lambda m: f"{m.group(1)} парирует голой {'правой' if m.group(2) == 'right' else 'левой'} рукой: снаряд попадает "
     f"в кисть, его урон меньше на итоговые успехи парирования, {m.group(3)} (M87, L1153)"),
    (r"^D = (\d+) − (\d+) final successes of the parry = (\d+) \(M87, L1153\)$",
     r"D = \1 − \2 итоговых успеха парирования = \3 (M87, L1153)"),
)) + _SENTENCES
# M87 with two weapons (L1153) and the bare hand struck by a second, a through or a grazing shot's projectile
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^a second parrying weapon only against two projectiles of one shot at him \(M80, M81; L1153\)$",
     "второе оружие парирует только второй из двух снарядов одного выстрела в него (M80, M81; L1153)"),
    (r"^a second parrying weapon only with a weapon parry \(weapon_parry_missile\)$",
     "второе оружие — только при парировании оружием (\"weapon_parry_missile\")"),
    (r"^second is \{weapon: id or hand, dice: n \(reflex\), skill: n\}, at least 1 die$",
     '"second" — {weapon: оружие или hand (рука), dice: n (рефлекс), skill: n (навык)}, не меньше 1 кубика'),
    (r"^one weapon parries one projectile \((L\d+)\): the second parry is made with another weapon than ([\w-]+)$",
     lambda m: f"одним оружием можно отбить лишь одну стрелу ({m.group(1)}): второе парирование — другим оружием, не "
     f"«{words.item_name(m.group(2), 'ru')}»"),
    (r"^missile_defence is none or \{maneuver, dice, skill, into_cover, screen, weapon, second\}$",
     'защита от снаряда — "none" или {maneuver, dice, skill, into_cover, screen, weapon, second}'),
)) + _PROBLEM_SENTENCES
PROBLEMS.extend([
    ("5.4.7 M87 (L1153): two weapons parry two projectiles, each with its own dice: «парирую мечом, 2 кубика (2Р), и "
     "кинжалом, 2 кубика (1Р+1Н)»",
     "5.4.7 M87 (L1153): два оружия парируют два снаряда, у каждого свои кубики: «парирую мечом, 2 кубика (2Р), и "
     "кинжалом, 2 кубика (1Р+1Н)»"),
])
REQUESTS.extend([
    ("{b:w}'s defence against {a:w}'s shot: none, or {{maneuver: missile_dodge|missile_slip|shield_parry_missile|"
     "weapon_parry_missile|missile_catch|pendulum, dice: n (reflex), skill: n (M85-M87), weapon: id (M87), "
     "into_cover: true|false, screen: [zones] (M84)}} (M84-M90); two projectiles at him: a weapon parry's second: "
     "{{weapon, dice, skill}} parries the second with another weapon, its own roll (M87, L1153)",
     'защита {b} от выстрела {a}: "none" (нет) или'
     " {{maneuver: missile_dodge|missile_slip|shield_parry_missile|weapon_parry_missile|missile_catch|pendulum, "
     "dice: n (рефлекс), skill: n (навык, M85-M87), weapon: id (M87), into_cover: true|false, screen: [зоны] (M84)}} "
     "(M84-M90); в него летят два снаряда: при парировании оружием {{\"second\": {{weapon, dice, skill}}}} — "
     "второй снаряд парирует другое оружие, своим броском (M87, L1153)"),
])
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^one weapon parries one projectile: (\w+)'s parry answers the first, the second flies on without it "
     r"\(M87, L1153\)$",
     r"одним оружием можно отбить лишь одну стрелу: парирование \1 отвечает на первый снаряд, второй летит дальше "
     r"без него (M87, L1153)"),
    (r"^(\w+) parries the second projectile with the ([\w-]+): its own roll \(M87, L1153\)$",
     lambda m: f"{m.group(1)} парирует второй снаряд " + ("голой рукой" if m.group(2) == "hand" else
                                                         f"оружием «{words.item_name(m.group(2), 'ru')}»")
     + ": отдельным броском (M87, L1153)"),
    (r"^final = (-?\d+)( − \d+) defence( [+−-]\d+ penalties)? = (-?\d+) \((\w+), second projectile\)$",
     lambda m: f"итог = {m.group(1)}{m.group(2)} защита{_penalties(m.group(3))} = {m.group(4)} (для {m.group(5)}, "
     "второй снаряд)"),
    (r"^final = (-?\d+) ([+−-])(\d+) penalties = (-?\d+) \((\w+), second projectile\)$",
     lambda m: f"итог = {m.group(1)} {_sign(m.group(2))} {m.group(3)} (штрафы) = {m.group(4)} (для {m.group(5)}, "
     "второй снаряд)"),
    (r"^final = (-?\d+) \((\w+), second projectile\)$", r"итог = \1 (для \2, второй снаряд)"),
    (r"^(\w+)'s bare hand stops the projectile \((\d+) against (\d+), M87\)$",
     r"голая рука \1 останавливает снаряд (\2 против \3, M87)"),
)) + _SENTENCES
# M81: each hand's draw and its own speed-up (L1115, T-16)
REQUESTS.extend([
    ("{a:w}'s speed-up check of the first hand's draw (Reflex, %5, M81)",
     "проверка ускорения {a}: извлечение снаряда первой рукой (Рефлекс, %5, M81)"),
    ("{a:w}'s speed-up check of the other hand's draw (Reflex, %5, M81)",
     "проверка ускорения {a}: извлечение снаряда другой рукой (Рефлекс, %5, M81)"),
])
PROBLEMS.extend([
    ("M81 (L1115): second is {{\"speedup\": n}}: the other hand draws a second projectile for a synchronous throw, "
     "with its own speed-up check of n reflex dice (0: none)",
     "M81 (L1115): second — {{\"speedup\": n}}: другая рука достаёт второй снаряд для синхронного броска, со своей "
     "проверкой ускорения из n кубиков рефлекса (0 — без неё)"),
    ("M81 (L1115): a projectile into each hand only for a synchronous throw of throwing weapons, not a {k}",
     "M81 (L1115): снаряд в каждую руку — только для синхронного броска метательного оружия, а не: {k:rclass}"),
    ("M81 (L1115): several projectiles into one hand or one into each hand, not both",
     "M81 (L1115): несколько снарядов в одну руку или по одному в каждую, но не то и другое"),
    ("5.6.2: {a:w} has {n:#} projectiles left: a draw into both hands needs two",
     "5.6.2: у {a} осталось снарядов: {n}; чтобы достать в обе руки, нужно два"),
    ("M81 (T-16): both hands' speed-up checks roll {n:#} dice, more than {a:w}'s Reflex {r:#}",
     "M81 (T-16): проверки ускорения обеих рук — {n} кубиков, больше Рефлекса {a} ({r})"),
    ("4.7.9: both hands' speed-up checks cost {n:#} reflex points, {a:w} has {r:#}",
     "4.7.9: проверки ускорения обеих рук стоят {n} очков рефлекса, у {a} — {r}"),
])
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) speed-up, hand ([12]): Reflex (\d+)d %5 (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+) \((\d+) reflex points "
     r"spent, L929\)$",
     lambda m: f"{m.group(1)}, ускорение {'первой' if m.group(2) == '1' else 'другой'} руки: Рефлекс {m.group(3)}к10 "
     f"%5 {m.group(4)} → {m.group(5)} − {m.group(6)} = {m.group(7)} (потрачено очков рефлекса: {m.group(8)}, L929)"),
    (r"^(\w+) is ambidextrous: one check for both hands' draws \(M81\)$",
     r"\1 — двурукий: одна проверка на извлечение обеими руками (M81)"),
    (r"^the other hand draws a second projectile from ([\w ]+): (\d+) s( \(halved, rounded up\))? \(5\.6\.2, M81\)$",
     lambda m: f"другая рука достаёт второй снаряд из {_PLACE_RU[m.group(1)]}: {m.group(2)} с"
     + (" (вдвое быстрее, с округлением вверх)" if m.group(3) else "") + " (5.6.2, M81)"),
    (r"^critical failure of the other hand: its projectile is dropped \(L929\)$",
     "критический провал другой руки: её снаряд выпадает (L929)"),
    (r"^both hands draw at once: (\d+) s, the slower hand's \(M81, PROPOSED\)$",
     r"обе руки достают снаряды одновременно: \1 с, по более медленной руке (M81, предложено)"),
    (r"^second projectile \((M8[01])\) at (\w+), drawn into the other hand \(M81, T-16\)$",
     r"второй снаряд (\1) в \2, извлечённый другой рукой (M81, T-16)"),
    (r"^(\w+) throws one projectile: the second, drawn into the other hand, goes back \(M81, PROPOSED\)$",
     r"\1 бросает один снаряд: второй, извлечённый другой рукой, убирается обратно (M81, предложено)"),
)) + _SENTENCES
# T-16: the degree-2 botch of the draw's speed-up hurts the shooter (L929)
REQUESTS.extend([
    ("{a:w}'s damage hurting himself drawing a projectile (1d6, T-16, L929)",
     "урон {a}, ранившего себя при извлечении снаряда (1к6, T-16, L929)"),
])
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^critical failure of degree 2: (\w+) hurts himself drawing the projectile \(L929\): 1d6 \[(\d)\] damage, its "
     r"zone rolled \(5\.5\.2; T-16, PROPOSED\)$",
     r"критический провал второй степени: \1 ранит себя, доставая снаряд (L929): урон 1к6 [\2], зона бросается "
     r"(5.5.2; T-16, предложено)"),
    (r"^D = (\d+) \(1d6, the drawing botch; T-16, PROPOSED\)$", r"D = \1 (1к6, провал извлечения; T-16, предложено)"),
)) + _SENTENCES
# L650 on the field: with no reflex points the pick-up takes the whole round
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^(\w+) has no reflex points left: he picks (\w+) up from the floor over the whole round, in hand when the next "
     r"round starts; he waits until then \(M50, L650; no Reflex check, PROPOSED\)$",
     lambda m: f"у {m.group(1)} не осталось очков рефлекса: он поднимает с пола {_either_weapon(m.group(2))} весь "
     "раунд, оружие будет в руке к началу следующего раунда; до тех пор он ждёт (M50, L650; без проверки Рефлекса, "
     "предложено)"),
    (r"^(\w+) has (\w+) in hand: picked up from the floor over the last round \(M50, L650\)$",
     lambda m: f"у {m.group(1)} в руке {_either_weapon(m.group(2))}: поднято с пола за прошлый раунд (M50, L650)"),
)) + _SENTENCES
PROBLEMS.extend([
    ("M50 (L650): {a:w} is picking {w:anyweapon} up from the floor over the whole round: he waits until the round "
     "ends",
     "M50 (L650): {a} поднимает с пола {w:anyweapon} весь раунд: до конца раунда он ждёт"),
    ("M50 (L650): {a:w} is picking his {w:rweapon} up from the floor over the whole round",
     "M50 (L650): {a} поднимает с пола своё оружие ({w:rweapon}) весь раунд"),
])
# L689 off the disarm: the option `wrist_loop_holds` lets the loop hold a weapon knocked aside or dropped by a block
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"→ the weapon hangs on the wrist by its loop$", "→ оружие повисает на руке на темляке"),
    (r"^(\w+)'s loop holds against the (knock-aside|block) too \((L\d+), house rule wrist_loop_holds\): Quick draw "
     r"recovers it at %(\d) \((M\d+), (A-\d+)\)$",
     lambda m: f"оружие «{words.item_name(m.group(1), 'ru')}» повисает на темляке и "
     f"{'при сбиве' if m.group(2) == 'knock-aside' else 'при блоке'} ({m.group(3)}, домашнее правило): быстрое "
     f"вооружение возвращает его при %{m.group(4)} ({m.group(5)}, {m.group(6)})"),
    (r"^(\w+)'s loop holds against a disarm only \((L\d+) as written, house rule wrist_loop_holds\): it falls to the "
     r"floor$",
     lambda m: f"темляк держит оружие «{words.item_name(m.group(1), 'ru')}» только при обезоруживании ({m.group(2)} "
     "как написано, домашнее правило): оно падает на пол"),
)) + _SENTENCES
# 5.9.1 (L164): a creature's size multiplier, a fraction written with a comma in Russian
_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^D = ⌊(\d+) × ([\d.]+)⌋ = (\d+) \(size multiplier, 5\.9\.1, L164\)$",
     lambda m: f"D = ⌊{m.group(1)} × {decimal(m.group(2), 'ru')}⌋ = {m.group(3)} (множитель размера, 5.9.1, L164)"),
)) + _SENTENCES
# M87 (L1151, L559): one weapon stops one arrow, whoever shoots it, and makes no other defence that round; M86's
# shield (L1147, L559) none either
ARROW = r"(\w+)'s arrow(?: at (\w+))? in exchange (\d+)"
"""Which arrow a weapon parried (`missile_defences.arrow_words`): the shooter, the target it flew at (a guard's)."""


def _arrow(text: str) -> str | None:
    """«VSE's arrow in exchange 1», «LAD's arrow at YAR in exchange 1»; several joined by «; »."""
    said = []
    for part in text.split("; "):
        m = re.fullmatch(ARROW, part)
        if m is None:
            return None
        said.append(f"стрелу {m.group(1)}" + (f", летевшую в {m.group(2)}," if m.group(2) else "")
                    + f" в обмене {m.group(3)}")
    return "; ".join(said)


def _spent_weapon(m: re.Match[str], tense: str) -> str | None:
    arrow = _arrow(m.group(3))
    return None if arrow is None else f"{m.group(1)} {tense} оружием «{words.item_name(m.group(2), 'ru')}» {arrow}"


_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in (
    (r"^one weapon stops one arrow \(L1151\): (\w+)'s ([\w-]+) already parried (.+)$",
     lambda m: None if _spent_weapon(m, "уже парировал") is None else
     "одним оружием можно отбить лишь одну стрелу (L1151): " + str(_spent_weapon(m, "уже парировал"))),
    (r"^one weapon stops one arrow \(L1151\): (\w+)'s ([\w-]+) already parries (.+) \(seq (\d+)\)$",
     lambda m: None if _spent_weapon(m, "уже парирует") is None else
     "одним оружием можно отбить лишь одну стрелу (L1151): " + str(_spent_weapon(m, "уже парирует"))
     + f" (seq {m.group(4)})"),
    (r"^(\w+)'s shield already parries (.+) \(seq (\d+)\): no other defence with it this round$",  # one shot
     lambda m: None if _arrow(m.group(2)) is None else
     f"{m.group(1)} уже парирует щитом {_arrow(m.group(2))} (seq {m.group(3)}): других защит им в этом раунде нет"),
    (r"^(\w+)'s shield parried (.+): no other defence with it this round$",  # M86 with L559
     lambda m: None if _arrow(m.group(2)) is None else
     f"{m.group(1)} парировал щитом {_arrow(m.group(2))}: других защит им в этом раунде нет"),
    (r"^(\w+)'s ([\w-]+) parried (.+): no other defence with it this round$",
     lambda m: None if _spent_weapon(m, "парировал") is None else
     str(_spent_weapon(m, "парировал")) + ": других защит им в этом раунде нет"),
    (r"^(?:one weapon stops one arrow \(L1151\): )?(\w+) has no bare hand left that has not parried an arrow this "
     r"round \((.+)\)$",
     lambda m: None if _arrow(m.group(2)) is None else
     ("одним оружием можно отбить лишь одну стрелу (L1151): " if m.group(0).startswith("one weapon") else "")
     + f"у {m.group(1)} не осталось свободной руки, ещё не парировавшей стрелу в этом раунде ({_arrow(m.group(2))})"),
)) + _PROBLEM_SENTENCES
REQUESTS.extend([
    ("{q:@}; {a:w}'s shield parried {arrow}: no other defence with it this round (M86, L1147, L559)",
     "{q:@}; {a} парировал щитом {arrow:arrow}: других защит им в этом раунде нет (M86, L1147, L559)"),
    ("{q:@}; {a:w}'s bare hand parried {arrow}: no other defence with it this round (M87, L1151, L559)",
     "{q:@}; {a} парировал голой рукой {arrow:arrow}: других защит ею в этом раунде нет (M87, L1151, L559)"),
    ("{q:@}; {a:w}'s {w:w} parried {arrow}: no other defence with it this round (M87, L1151, L559)",
     "{q:@}; {a} парировал оружием «{w:eitherweapon}» {arrow:arrow}: других защит им в этом раунде нет (M87, L1151, "
     "L559)"),
])
PROBLEMS.extend([
    ("turn {t:#}: {a:w}'s defence against {s:w}'s shot at seq {n:#}: {rest}",
     "ход {t}: защита {a} от выстрела {s} в seq {n}: {rest:@}"),
    ("turn {t:#}: {g:w}'s protection of {a:w} against {s:w}'s shot at seq {n:#}: {rest}",
     "ход {t}: защита {g}, прикрывающего {a}, от выстрела {s} в seq {n}: {rest:@}"),
])
