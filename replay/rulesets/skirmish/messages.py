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

from replay.render.i18n import UNTRANSLATED, Catalogue
from replay.rulesets.skirmish import words

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
    (r"\+(\d+) bonus dice on (\w+)'s attack with (\w+)", r"+\1 доп. куб. на атаку \2 оружием \3"),
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
    (r"^(\w+) needs (\w+) (\d+), (\w+) has (\d+)$", lambda m: f"{_maneuver(m.group(1))} требует умения "
     f"«{words.skill_name(m.group(2), 'ru')}» {m.group(3)}, у {m.group(4)} — {m.group(5)}"),
    (r"^attack_type: (.+)$", lambda m: "тип атаки: " + " или ".join(
        dict.fromkeys(_attack_type(t) for t in m.group(1).split(" or ")))),
    (r"^masters: (\d+) to (\d+) master successes committed \((CP-\d+)\)$",
     r"мастерские успехи: заявлено \1, а доступно до \2 (\3)"),
    (r"^not with crushing weapons$", "не дробящим оружием"),
    (r"^(\d+) \+ (\w+) (\d+) = (\d+) cm ≤ ([\d.]+) × (\d+)$",
     lambda m: f"{m.group(1)} + {words.item_name(m.group(2), 'ru')} {m.group(3)} = {m.group(4)} см ≤ {m.group(5)} × "
     f"{m.group(6)}"),
    (r"^(\w+) parried this round: no other defence with it$",
     lambda m: f"оружием «{words.item_name(m.group(1), 'ru')}» уже парировали в этом раунде: другой защиты им нет"),
    (r"^(M\d+) (\w+) is a wrestling maneuver: only in a grapple \(after a successful Grab, Leg dive or Pounce\)$",
     lambda m: f"{m.group(1)} «{_maneuver(m.group(2))}» — маневр борьбы: только в захвате (после удачного захвата, "
     "прохода в ноги или наскока)"),
    (r"^(\w+) holds none of the opponent's limbs$", r"\1 не держит ни одной конечности противника"),
    (r"^(\w+) cannot act \(status (\w+), pool (.+)\)$",
     lambda m: f"{m.group(1)} не может действовать (состояние: "
     f"{words.pick(words.STATUS_NAMES.get(m.group(2), (m.group(2),) * 2), 'ru')}, пул {m.group(3)})"),
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
     lambda m: f"«{words.item_name(m.group(1), 'ru')}» в этом обмене связано или отбито"),
    (r"^during wrestling the only evasion is Slip$", "в борьбе из уклонений возможна только свиля"),
    (r"^(\d+) cm ≥ 3 × (\d+) cm: no zone can be chosen; declare \"zone\": \"body\" \(the zone is rolled on the "
     r"stance table\)$", r"\1 см ≥ 3 × \2 см: зону выбрать нельзя; заявите \"zone\": \"body\" (зона бросается по "
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
_PROBLEM_SENTENCES = tuple((re.compile(p), r) for p, r in PROBLEM_SENTENCES)


def _maneuver(code: str) -> str:
    return words.maneuver_name(code, "ru") if code == "pass" or code in _maneuvers() else code


def _maneuvers() -> Mapping[str, Any]:
    from replay.rulesets.skirmish import data

    return data.maneuvers()


def _attack_type(code: str) -> str:
    return {"chop": "рубящий", "cut": "секущий", "slash": "секущий", "thrust": "колющий", "crush": "дробящий"}.get(
        code, code)


def _problem(text: str) -> str | None:
    """The sentence after a C15 code, in Russian (None: no entry says it whole)."""
    for pattern, repl in _PROBLEM_SENTENCES:
        m = pattern.fullmatch(text)
        if m is not None:
            return repl(m) if callable(repl) else m.expand(repl)  # type: ignore[arg-type]
    return None


def _roll_what(text: str) -> str | None:
    """A roll request's words ("roll 4d10 for attack roll of VSE (slash, %5)")."""
    m = re.fullmatch(r"roll (\d+)d(\d+) for (\w+) roll of (\w+)(?: \((\w+), %(\d+)\))?", text)
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
    # the order parser (parse.py, words.parse_buys)
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
    ("{code:w} ({rule}): {rest}", "{code:code} ({rule}): {rest:problem}"),
    ("payload.dice: the rules ask {a}d10 for {actor}: {what}, not {b}d10",
     "payload.dice: по правилам {actor} бросает {a}к10: {what:roll}, а не {b}к10"),
]


@cache
def catalogue_ru() -> Catalogue:
    """The skirmish's catalogue in Russian: its problems, its event types and roll purposes (its `why` lines go
    through `why`, a glossary)."""
    return Catalogue(PROBLEMS, {"event": EVENT_RU, "purpose": PURPOSE_RU, "input": INPUT_RU, "code": CODE_RU,
                                "problem": _problem, "roll": _roll_what, "rules": _rules})


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
              "throwing_knife": "метательный нож"}
_HEIGHT_RU = {"adult": "взрослый", "child": "ребёнок/карлик", "giant": "великан"}
_PART2_SENTENCES: tuple[tuple[str, Any], ...] = (
    (r"^((?:\w+ (?:attack|defend|other)(?:, )?)+)$",
     lambda m: ", ".join(f"{x.split()[0]} — {_INTENT_RU[x.split()[1]]}" for x in m.group(1).split(", "))),
    (r"^initiative order: (.*)$", r"порядок действий: \1"),
    (r"^round (\d+): the loose fighters' pools restored \(L192\); order of actions: (.*)$",
     r"раунд \1: очки свободных бойцов восстановлены (L192); порядок действий: \2"),
    (r"^(\w+) (walks|jogs|sprints|quiet walks|crawls) (\d+) m of ([\d.]+) m \(Speed (\d+) × ([\d/]+)"
     r"(?: \+ ([\d/]+) carried)?\)(?: to \((\d+), (\d+)\))?, facing (\w+)$",
     lambda m: f"{m.group(1)} {_GAIT_RU[m.group(2)]} {m.group(3)} м из {m.group(4).replace('.', ',')} м (Скорость "
               f"{m.group(5)} × {m.group(6)}" + (f" + {m.group(7)} перенесено" if m.group(7) else "") + ")"
               + (f" в ({m.group(8)}, {m.group(9)})" if m.group(8) else "") + f", лицом на {m.group(10)}"),
    (r"^([\d/]+) m carried to the next move \(A-63\)$", r"\1 м переносится на следующее движение (A-63)"),
    (r"^(\w+) ran: all reflex points are lost this round \(L54\)$",
     r"\1 бежал: все очки рефлекса в этом раунде потеряны (L54)"),
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
     r"\1 не видит \2 (тот сзади): защиты от снаряда нет (M86-M90)"),
    (r"^(\w+) (missile dodge|missile slip) (\d+)d %(\d+) (\[[^\]]*\]) → (\d+) − (\d+) = (-?\d+)$",
     lambda m: f"{m.group(1)}: {'уклонение' if m.group(2) == 'missile dodge' else 'свиля'} {m.group(3)}к10 "
               f"%{m.group(4)} {m.group(5)} → {m.group(6)} − {m.group(7)} = {m.group(8)}"),
    (r"^final = (-?\d+)( − \d+) defence( [+−-]\d+ penalties)? = (-?\d+)$",
     lambda m: f"итог = {m.group(1)}{m.group(2)} защита" + (f"{m.group(3).replace('penalties', 'штрафы')}"
                                                            if m.group(3) else "") + f" = {m.group(4)}"),
    (r"^final = (-?\d+) ([+−-]\d+) penalties = (-?\d+)$", r"итог = \1 \2 штрафы = \3"),
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
    (r"^(point blank|short|medium|long|extreme) range (-\d+)$", lambda m: f"дистанция {_BAND_RU[m.group(1)]} "
                                                                         f"{m.group(2)}"),
    (r"^speed-ups −(\d+) \(5\.6\.3, 5\.6\.4\)$", r"ускорения −\1 (5.6.3, 5.6.4)"),
    (r"^(wind|rain|strong_wind|downpour|snowfall) (-\d+)( ×2 \(arrows and bolts, L985\))? = (-\d+)$",
     lambda m: f"{ {'wind': 'ветер', 'rain': 'дождь', 'strong_wind': 'сильный ветер', 'downpour': 'ливень', 'snowfall': 'снегопад'}[m.group(1)]} {m.group(2)}"  # noqa: E501
               + (" ×2 (стрелы и болты, L985)" if m.group(3) else "") + f" = {m.group(4)}"),
    (r"^(hurricane|storm|blizzard): a light projectile fails automatically$",
     r"\1: лёгкий снаряд — автоматический провал"),
    (r"^(lying|sitting) with a ([a-z ]+) \+(\d+) difficulty \(5\.6\.7\)$",
     lambda m: f"{'лёжа' if m.group(1) == 'lying' else 'сидя'} ({m.group(2)}) +{m.group(3)} к сложности (5.6.7)"),
    (r"^no bleeding among the loose fighters$", "у свободных бойцов кровотечения нет"),
    (r"^melee over: (.+) \(the fighters are loose again\)$", r"схватка окончена: \1 (бойцы снова свободны)"),
    (r"^side (\w+) stands: (.+)$", r"на ногах сторона \1: \2"), (r"^no one stands$", "на ногах никого"),
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
    "tactics": "на тактику", "formation_size": "на размер строя",
})
