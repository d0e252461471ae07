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


# rules w5-s8a: the lines and problems of the blade catch after the catch (M44), the quick draw from the floor, of two
# weapons and the hilt strike (M50), the transfer feint's phase-2 damage (M15) and the rules of docs/skirmish.md
# marked w5-s8a; applied before the sentences above (they say these lines whole).
_W5_S8A_WHY: tuple[tuple[str, Any], ...] = (
    (r"\bsharp rim\b", "острый обод"), (r"\brim \((A-\d+)\)", r"обод (\1)"),
    (r"^blade catch: (\w+) is caught: (\w+) cannot use it until he frees it \(Maneuvering %6\), drops it or it breaks",
     r"Захват клинка: \1 захвачено: \2 не может им пользоваться, пока не освободит его (маневрирование %6), не бросит "
     r"или оно не сломается"),
    (r"→ (\w+) frees (\w+) from the blade catch", r"→ \1 освобождает \2 из захвата клинка"),
    (r"→ (\w+) stays caught", r"→ \1 остаётся в захвате"),
    (r"^(\w+) holds the caught (\w+): the distance stays (\w+), not (\w+)",
     r"\1 держит захваченное \2: дистанция остаётся \3, а не \4"),
    (r"^(\w+) tries to break the caught (\w+): Strength ", r"\1 пытается сломать захваченное \2: Сила "),
    (r"≥ Reliability (\d+) → (\w+) breaks", r"≥ Надёжности \1 → \2 ломается"),
    (r"< Reliability (\d+): still caught", r"< Надёжности \1: всё ещё в захвате"),
    (r"^(\w+) drops the caught (\w+): the blade catch ends and the distance may increase",
     r"\1 бросает захваченное \2: захват клинка окончен, дистанцию можно увеличить"),
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
     r"drop: с заявкой бросают только захваченное оружие, которое держит \1 (чтобы увеличить дистанцию)"),
    (r'^(\w+) holds the caught (\w+): no retreat \(it increases the distance\) unless he drops it \("drop": "\w+"\)$',
     lambda m: f"{m.group(1)} держит захваченное «{words.item_name(m.group(2), 'ru')}»: отступать нельзя (это "
     'увеличивает дистанцию), пока он его не бросит ("drop")'),
    (r"^freeing a caught weapon is a Maneuvering roll in the attack step$",
     "освобождение захваченного оружия — бросок маневрирования на шаге атаки"),
    (r"^free: '?(\w+)'? is no caught weapon (\w+) holds$",
     lambda m: f"free: «{words.item_name(m.group(1), 'ru')}» — не захваченное оружие, которое держит {m.group(2)}"),
    (r"^Maneuvering is \(Р\): freeing the weapon is paid from reflex points only$",
     "маневрирование — (Р): освобождение оружия оплачивается только очками рефлекса"),
    (r'^breaking the caught weapon \("break": true\) is declared in the attack step$',
     'попытку сломать захваченное оружие ("break": true) заявляют на шаге атаки'),
    (r"^no weapon of the opponent is caught$", "никакое оружие противника не захвачено"),
    (r'^the break is a Strength check: no pool dice \("dice": \{"reflex": 0, "skill": 0\}\)$',
     'попытка сломать — проверка Силы: кубиков из пула нет ("dice": {"reflex": 0, "skill": 0})'),
    (r'^a blade catch is a defence; in the attack step only the attempt to break a caught weapon \("break": true\)$',
     'захват клинка — защита; на шаге атаки — только попытка сломать захваченное оружие ("break": true)'),
    (r"^draw: one weapon id, or a list of two different ones$", "draw: одно оружие или список из двух разных"),
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
