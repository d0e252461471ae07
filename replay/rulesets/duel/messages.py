"""The duel's English lines in Russian: its problems (check, parse), its arithmetic (`why`) and its step names, as a
catalogue of parallel sentences (replay.render.i18n) over the words of `words.py`."""

from __future__ import annotations

import re
from functools import cache

from replay.render.i18n import Catalogue
from replay.rulesets.duel.words import ITEM, STAKE, STATUS, TRAIT_RU, WOUND

LETTER_RU = {"A": "А", "D": "З", "I": "И", "F": "Ф", "C": "К", "R": "О"}
"""Item letters of the arithmetic (Attack, Defense, Initiative, Feint, Counter, Rest) in Russian."""
EVENT_RU = {"duel.reveal": "вскрытие заявок", "duel.strike": "атака", "duel.flip": "флип (бросок после удара)",
            "duel.counter": "контр-атака", "duel.end_of_turn": "итоги хода", "duel.finish_off": "добивание",
            "duel.concede": "сдача"}


def _letters(text: str) -> str:
    """`{1: I, 2: A}` / `[A, D, R]` with Russian item letters."""
    return re.sub(r"\b([ADIFCR])\b", lambda m: LETTER_RU[m.group(1)], text)


def _item(name: str) -> str | None:
    """An item by its id ('attack') or its letter ('A')."""
    key = {"A": "attack", "D": "defense", "I": "initiative", "F": "feint", "C": "counter", "R": "rest"}.get(name, name)
    return ITEM[key][0] if key in ITEM else None


def _trait(name: str) -> str | None:
    return TRAIT_RU.get(name)


def _traits(names: str) -> str | None:
    said = [TRAIT_RU.get(n.strip()) for n in names.split(",")]
    return ", ".join(s for s in said if s) if all(said) else None


def _stake(name: str) -> str | None:
    name = name.strip("'\"")
    return STAKE[name][0] if name in STAKE else None


def _items(names: str) -> str | None:
    said = [_item(n.strip().strip("'\"")) for n in names.split(",")]
    return ", ".join(s for s in said if s) if all(said) else None


_WOUND_TAIL = [
    (r" ignored \(hale, first scratch\)", " не в счет (Здоровый парень, первая царапина)"),
    (r" counted as a scratch \(hale, first heavy wound\)", " считается царапиной (Здоровый парень, первое тяжелое)"),
    (r", penalty (\d+) \+ (\d+) = (\d+)", r", штраф \1 + \2 = \3"),
    (r", stamina and max -(\d+)", r", запас сил и максимум −\1"),
    (r", stamina kept \(tough\)", ", запас сил сохранен (Суровый парень)"),
    (r" -> (incapacitated|dead)", None),
    (r" \(penalty (\d+) >= (\d+)\)", r" (штраф \1 ≥ \2)"),
]


def _wound(text: str) -> str | None:
    """ "scratch, penalty 0 + 5 = 5, stamina and max -1 -> incapacitated" in Russian (the parts `_wound_why`
    writes, in its order)."""
    m = re.match(r"(none|scratch|serious|heavy|death)", text)
    if m is None:
        return None
    out, rest = WOUND[m.group(1)][0], text[m.end():]
    for pattern, said in _WOUND_TAIL:
        found = re.match(pattern, rest)
        if found is None:
            continue
        out += STATUS_WORD[found.group(1)] if said is None else found.expand(said)
        rest = rest[found.end():]
    return out if not rest else None


STATUS_WORD = {"incapacitated": " → " + STATUS["incapacitated"][0], "dead": " → " + STATUS["dead"][0]}


def _result(word: str) -> str | None:
    return {"success": "успех", "failure": "провал"}.get(word)


def _status(word: str) -> str | None:
    return STATUS[word][0] if word in STATUS else None


def _choice(word: str) -> str | None:
    return {"kill": "добить", "spare": "пощадить"}.get(word)


def _cmp(sign: str) -> str | None:
    return {">=": "≥", "<": "<", "<=": "≤", ">": ">"}.get(sign)


def _outcome(text: str) -> str | None:
    """The end of a strike order or initiative line."""
    m = re.fullmatch(r"(\S+) first", text)
    if m:
        return f"первым бьет {m.group(1)}"
    fixed = {"nobody attacks": "никто не атакует", "simultaneous": "одновременно",
             "tie, nobody has the advantage": "ничья, преимущества нет ни у кого",
             "nobody obtained initiative, the advantage stays with nobody":
                 "Инициативу никто не получил, преимущества нет ни у кого"}
    if text in fixed:
        return fixed[text]
    m = re.fullmatch(r"nobody obtained initiative, the advantage stays with (\S+)", text)
    if m:
        return f"Инициативу никто не получил, преимущество остается у {m.group(1)}"
    m = re.fullmatch(r"advantage (\S+)", text)
    return f"преимущество у {m.group(1)}" if m else None


WHY = [
    # Step 1, Острый язык
    ("{x}: sharp_tongue roleplay rejected by the GM -> no effect, no cost",
     "{x}: отыгрыш Острого языка отклонен ГМ → без эффекта и без траты"),
    ("sharp_tongue {x} -> {y}: no attack in {stack} -> +1 initiative",
     "Острый язык {x} → {y}: в {stack:letters} нет Атаки → +1 к Инициативе"),
    ("sharp_tongue {x} -> {y}: attack {k} -> 1, W[{y}] = {stack}",
     "Острый язык {x} → {y}: Атака с места {k} → на 1-е, W[{y}] = {stack:letters}"),
    # Step 2, eating
    ("eating: advantage {x}, declared initiative {a} <= {b} -> nothing eaten",
     "поедание: преимущество у {x}, заявленная Инициатива {a} ≤ {b} → ничего не съедено"),
    ("eating: advantage {x}, declared initiative {a} > {b} -> {y} position 1 ({item}) eaten",
     "поедание: преимущество у {x}, заявленная Инициатива {a} > {b} → у {y} съедено 1-е место ({item:item})"),
    # Step 3, the roll
    ("{x}: roll {r} after {n} reroll(s) - penalty {p} = {e} {cmp} {t} ({stake}) -> {result}",
     "{x}: бросок {r} после перебросов: {n}, − штраф {p} = {e} {cmp:cmp} {t} (ставка {stake:stake}) → {result:result}"),
    ("{x}: roll {r} - penalty {p} = {e} {cmp} {t} ({stake}) -> {result}",
     "{x}: бросок {r} − штраф {p} = {e} {cmp:cmp} {t} (ставка {stake:stake}) → {result:result}"),
    # Step 4, obtained items
    ("{x}: base {n} + bonus {b} ({y} failed {stake}) = {m} item(s){rest} -> OB[{x}] = {ob}",
     "{x}: основа {n} + бонус {b} ({y} провалил ставку {stake:stake}) = пунктов: {m}{rest:obtain} → "
     "OB[{x}] = {ob:letters}"),
    ("{x}: {n} item(s){rest} -> OB[{x}] = {ob}", "{x}: пунктов: {n}{rest:obtain} → OB[{x}] = {ob:letters}"),
    # Step 5, strike order
    ("strike order: advantage {x} -> {outcome}", "очередь ударов: преимущество у {x} → {outcome:outcome}"),
    ("strike order: no advantage, first attack {a} -> {outcome}",
     "очередь ударов: преимущества нет, первая Атака: {a} → {outcome:outcome}"),
    # Step 6, strikes and flips
    ("N={n}, Phi={phi}, D={d}, E=max(0,{d}-{phi})={e}, P=min({n},{e})={p}, U={n}-{p}={u}, m={m} -> {dmg} damage",
     "N={n}, Φ={phi}, D={d}, E=max(0,{d}−{phi})={e}, P=min({n},{e})={p}, U={n}−{p}={u}, m={m} → урон {dmg}"),
    ("dmg[{y}] = {n} >= 4 -> instant death, {z}'s pending counter-attack is cancelled",
     "урон[{y}] = {n} ≥ 4 → мгновенная смерть, ожидавшая контр-атака {z} отменена"),
    ("dmg[{y}] = {n} >= 4 -> instant death", "урон[{y}] = {n} ≥ 4 → мгновенная смерть"),
    ("dmg[{y}] = {n}", "урон[{y}] = {n}"),
    ("{x}: {r} - {p} - {q} = {e} {cmp} {t} ({stake}) -> no flip",
     "{x}: {r} − {p} − {q} = {e} {cmp:cmp} {t} (ставка {stake:stake}) → флипа нет"),
    ("{x}: {r} - {p} - {q} = {e} {cmp} {t} ({stake}) -> flip: {x} fails, keeps {k} item(s) from the top, "
     "OB[{x}] = {ob}; {y} gets no bonus, damage not recomputed",
     "{x}: {r} − {p} − {q} = {e} {cmp:cmp} {t} (ставка {stake:stake}) → флип: у {x} провал, остается пунктов "
     "сверху: {k}, OB[{x}] = {ob:letters}; {y} бонуса не получает, урон не пересчитывается"),
    # Step 7, counter-attacks
    ("{x} is dead: the counter-attack is cancelled", "{x} убит: контр-атака отменена"),
    ("{x}: k={k}, parried_by=0 -> no successful counter-attack", "{x}: k={k}, отражено=0 → успешной контр-атаки нет"),
    ("{x}: k={k}, parried_by={p}, blocked=min({k},L[{y}]={l})={b}, damage=({k}-{b})x{p}+{w} (weapon_control)={d}",
     "{x}: k={k}, отражено={p}, заблокировано=min({k},L[{y}]={l})={b}, урон=({k}−{b})×{p}+{w} "
     "(Контроль оружия)={d}"),
    ("{x}: k={k}, parried_by={p}, blocked=min({k},L[{y}]={l})={b}, damage=({k}-{b})x{p}={d}",
     "{x}: k={k}, отражено={p}, заблокировано=min({k},L[{y}]={l})={b}, урон=({k}−{b})×{p}={d}"),
    # Steps 8-10, the end of the turn
    ("{x}: damage {n} -> {wound}", "{x}: урон {n} → {wound:wound}"),
    ("{x}: stamina {s} - {t} (rerolls {r}, traits {tr}, attacks {a}, feints {f}) - {w} (wound) = {after}, "
     "rest {n}x{per} -> +{g} = {st}/{mx}",
     "{x}: запас сил {s} − {t} (перебросы {r}, черты {tr}, атаки {a}, финты {f}) − {w} (рана) = {after}, "
     "Отдых {n}×{per} → +{g} = {st}/{mx}"),
    ("initiative raw {a}; pts {p} -> {outcome}",
     "Инициатива: пунктов {a}; очков {p} → {outcome:outcome}"),
    ("{x}: stamina -> {st}", "{x}: запас сил → {st}"),
    ("both duelists are out -> draw", "оба дуэлянта вне боя → ничья"),
    ("{x} is {status} -> {y} wins", "{x}: {status:status} → побеждает {y}"),
    ("{x} concedes -> {y} wins", "{x} сдается → побеждает {y}"),
    ("{x} chooses to {choice} {y} -> {z} {status}", "{x} решает {choice:choice} {y} → {z}: {status:status}"),
]

OBTAIN_TAIL = [
    (r", position 1 eaten", ", 1-е место съедено"),
    (r", bonus attack\(s\) at ([\d, ]+) skipped \(stamina (-?\d+) <= 0\)",
     r", бонусные Атаки на местах \1 пропущены (запас сил \2 ≤ 0)"),
    (r", (\{[^}]*\}) dropped \(not enough stamina\)", None),
]


def _obtain(text: str) -> str | None:
    """The middle of an obtained-items line (eaten, skipped, dropped), in Russian."""
    out, rest = "", text
    for pattern, said in OBTAIN_TAIL:
        found = re.match(pattern, rest)
        if found is None:
            continue
        out += f", {_letters(found.group(1))} сброшены (не хватает запаса сил)" if said is None else found.expand(said)
        rest = rest[found.end():]
    return out if not rest else None


PROBLEMS = [
    ("§6: the duel is over ({result}); no more inputs",
     "§6: дуэль окончена ({result:over}); ввод больше не принимается"),
    ("duel: {actor} is not a duelist ({ids})", "дуэль: {actor} — не дуэлянт ({ids})"),
    ("§7 Черты: a duelist has exactly 2 distinct traits, not {t} (A28)",
     "§7 Черты: у дуэлянта ровно 2 разные черты, а не {t} (A28)"),
    ("a duel has exactly 2 duelists, not {n:#}", "в дуэли ровно 2 дуэлянта, а не {n}"),
    ("the two duelists need distinct ids, both are {id}", "у двух дуэлянтов должны быть разные id, а у обоих {id}"),
    ("§7 Черты: a locality belongs to a '…парень из…' trait, not {t:w}",
     "§7 Черты: местность дается только черте «…парень из…», а не черте «{t:trait}»"),
    ("§7 Черты: locality given for {t:w}, which the duelist lacks",
     "§7 Черты: местность дана для черты «{t:trait}», которой у дуэлянта нет"),
    ("§6 Урон: {actor} is {status} and takes no part any more", "§6 Урон: {actor}: {status:status}, в дуэли больше "
     "не участвует"),
    ("§1 Заявка: {actor}'s order for turn {turn} is fixed once rolled (roll seq {seq})",
     "§1 Заявка: приказ {actor} на ход {turn} уже не меняется — бросок сделан (бросок seq {seq})"),
    ("§1 Заявка: unknown field(s) {fields}", "§1 Заявка: неизвестные поля: {fields}"),
    ("§1 Заявка: the order needs a stack of 6 items", "§1 Заявка: в приказе нужен стек из 6 пунктов"),
    ("§1 Заявка: a stack has 6 items, not {n} (lines not read as items: {lines})",
     "§1 Заявка: в стеке 6 пунктов, а не {n} (строки, не прочитанные как пункты: {lines})"),
    ("§1 Заявка: a stack has 6 items, not {n}", "§1 Заявка: в стеке 6 пунктов, а не {n}"),
    ("§1 Заявка: position {pos}: unknown item {item} ({items})",
     "§1 Заявка: место {pos}: неизвестный пункт {item} ({items:items})"),
    ("§1 Заявка: position {pos}: unknown item {item}", "§1 Заявка: место {pos}: неизвестный пункт {item}"),
    ("§1 Заявка: positions are numbered {shown}, not 1..{n}", "§1 Заявка: места пронумерованы {shown}, а не 1..{n}"),
    ("§1 Заявка: {item} appears {n} times; at most 4 of a kind",
     "§1 Заявка: {item:item} — {n} раз; одного пункта не больше 4"),
    ("§1 Заявка: lines not read as part of the order: {lines}",
     "§1 Заявка: строки, не прочитанные как приказ: {lines}"),
    ("§1 Заявка: the post has {n} characters; at most {m} are read",
     "§1 Заявка: в сообщении {n} знаков; читается не больше {m}"),
    ("§1 Заявка: {actor} has no order for turn {turn} yet; the roll comes after the order",
     "§1 Заявка: у {actor} еще нет приказа на ход {turn}; бросок делается после приказа"),
    ("§1 Заявка: {detail}", "§1 Заявка: {detail:@}"),
    ("§1 Ставка: stake {stake} is not low, high or all_in",
     "§1 Ставка: ставка {stake} — не малая (low), не высокая (high) и не ва-банк (all_in)"),
    ("§1 Ставка: the duel rolls only for the stake, not for {purpose}",
     "§1 Ставка: в дуэли бросают только на ставку (stake), а не на {purpose}"),
    ("§1 Ставка: the stake roll is 1d100, not {dice}", "§1 Ставка: бросок на ставку — 1к100, а не {dice}"),
    ("§1 Ставка: a 1d100 roll has one die, not {result}", "§1 Ставка: в броске 1к100 одна кость, а не {result}"),
    ("§1 Ставка: a d100 result is 1..100, not {r} (A1)", "§1 Ставка: на к100 выпадает 1..100, а не {r} (A1)"),
    ("§1 Ставка: a d100 total is 1..100, not {r} (A1)", "§1 Ставка: итог к100 — 1..100, а не {r} (A1)"),
    ("§1 Ставка: total {t} differs from the die {r}", "§1 Ставка: итог {t} не равен выпавшему {r}"),
    ("§1 Ставка: the roll is labelled {new} but the order's stake is {old}",
     "§1 Ставка: бросок подписан ставкой {new:stake}, а в приказе ставка {old:stake}"),
    ("§1.3 Ставка: no stake in the order: the signed roll declares it, an unsigned one counts as high "
     "(\"{quote}\", A29)",
     "§1.3 Ставка: ставки в приказе нет: ее объявляет подписанный бросок, неподписанный считается высокой "
     "(«{quote}», A29)"),
    ("§1.3 Ставка: unknown stake {stake} (малая, высокая, Mettre tout)",
     "§1.3 Ставка: неизвестная ставка {stake} (малая, высокая, ва-банк)"),
    ("§1.3 Ставка: one stake per turn, not {stakes}", "§1.3 Ставка: одна ставка на ход, а не {stakes}"),
    ("§7 Черты: activate is a set of trait switches", "§7 Черты: activate — набор включаемых черт"),
    ("§7 Черты: unknown activation(s) {names}", "§7 Черты: неизвестные черты для включения: {names}"),
    ("§7 Черты: {actor} lacks the trait {trait} ({ru})", "§7 Черты: у {actor} нет черты «{ru}»"),
    ("§7 Черты: {word} is passive and needs no activation", "§7 Черты: {word} — пассивная черта, ее не включают"),
    ("§7 Черты: unknown trait {word}", "§7 Черты: неизвестная черта {word}"),
    ("§7 Контроль дистанции: the extra item is attack or defense, not {item}",
     "§7 Контроль дистанции: дополнительный пункт — Атака или Защита, а не {item}"),
    ("§7 Контроль дистанции: name the extra item, attack or defense, not {item} (e.g. \"Контроль дистанции: атака\")",
     "§7 Контроль дистанции: назовите дополнительный пункт, Атаку или Защиту, а не {item} "
     "(например, «Контроль дистанции: атака»)"),
    ("§7 Острый язык: needs roleplay text (\"Нужен отыгрыш\")", "§7 Острый язык: нужен отыгрыш («Нужен отыгрыш»)"),
    ("§7 Острый язык: needs roleplay text after \"Отыгрыш:\" (\"Нужен отыгрыш\")",
     "§7 Острый язык: нужен отыгрыш после «Отыгрыш:» («Нужен отыгрыш»)"),
    ("§7 Острый язык: no \"Отыгрыш:\" line; the post's other lines are the roleplay",
     "§7 Острый язык: строки «Отыгрыш:» нет; отыгрыш — остальные строки сообщения"),
    ("§7 Острый язык: the verdict is accept or reject, not {v} (A22)",
     "§7 Острый язык: решение — accept (принять) или reject (отклонить), а не {v} (A22)"),
    ("§7 Острый язык: the GM judges the roleplay, not {actor} (A22)",
     "§7 Острый язык: отыгрыш оценивает ГМ, а не {actor} (A22)"),
    ("§7 Острый язык: {target} activated no Sharp Tongue in turn {turn}",
     "§7 Острый язык: {target} не включал Острый язык в ходе {turn}"),
    ("§7 Осторожный: a reroll may only lower the stake, not {a} -> {b}",
     "§7 Осторожный: переброс может только понизить ставку, а не {a:stake} → {b:stake}"),
    ("§4 Запас сил: at stamina {s} a stack holds at most 1 attack or counter in total, not {n} (A8)",
     "§4 Запас сил: при запасе сил {s} в стеке всего не больше 1 Атаки или Контр-атаки, а не {n} (A8)"),
    ("§4 Запас сил: at stamina {s} a stack holds at most 1 attack and 1 counter, not {a} and {c} (A8 each)",
     "§4 Запас сил: при запасе сил {s} в стеке не больше 1 Атаки и 1 Контр-атаки, а не {a} и {c} (A8)"),
    ("§4 Запас сил: no feint at stamina {s}", "§4 Запас сил: при запасе сил {s} Финта нет"),
    ("§4 Запас сил: no trait activation at stamina {s} ({names})",
     "§4 Запас сил: при запасе сил {s} черты не включаются ({names:traits})"),
    ("§4 Запас сил: the order would cost {af}+{t}={sum} > stamina {s} (attacks and feints on success {af2}, "
     "traits {t2})",
     "§4 Запас сил: приказ стоил бы {af}+{t}={sum} > запаса сил {s} (атаки и финты при успехе {af2}, черты {t2})"),
    ("§4 Запас сил: no rerolls at stamina {s}", "§4 Запас сил: при запасе сил {s} перебросов нет"),
    ("§4 Запас сил: the stake cannot change between rerolls ({a} -> {b}) without Осторожный",
     "§4 Запас сил: без черты Осторожный ставка между перебросами не меняется ({a:stake} → {b:stake})"),
    ("§4 Запас сил: reroll {k} would cost {parts}={sum} > stamina {s}",
     "§4 Запас сил: переброс {k} стоил бы {parts}={sum} > запаса сил {s}"),
    ("§6: a concession has value 'concede', not {v} (A27)", "§6: у сдачи значение 'concede', а не {v} (A27)"),
    ("§6 Урон: finish_off is kill or spare, not {v}", "§6 Урон: finish_off — kill (добить) или spare (пощадить), "
     "а не {v}"),
    ("§6 Урон: {actor} is not a duelist", "§6 Урон: {actor} — не дуэлянт"),
    ("§6 Урон: {actor} already chose for turn {turn}", "§6 Урон: {actor} уже выбрал на ход {turn}"),
    ("§6 Урон: only the winner ({actor}) may finish off", "§6 Урон: добить может только победитель ({actor})"),
    ("§6 Урон: the finish-off of turn {turn} is already chosen", "§6 Урон: добивание в ходе {turn} уже выбрано"),
    ("§6 Урон: nobody is to be finished off in turn {turn}", "§6 Урон: в ходе {turn} добивать некого"),
    ("duel: unknown choice {name} (finish_off, sharp_tongue_verdict, concede)",
     "дуэль: неизвестный выбор {name} (finish_off, sharp_tongue_verdict, concede)"),
]

RULE = [
    ("§5 Инициатива (first strike); {rules}", "§5 Инициатива (первый удар); {rules:@}"),
    ("{rules}; spec §{n} Steps {a}-{b}", "{rules}; спецификация §{n}, шаги {a}–{b}"),
    ("{rules}; spec §{n} Step {a} ({what})", "{rules}; спецификация §{n}, шаг {a} ({what})"),
    ("{rules}; spec §{n} Step {a}", "{rules}; спецификация §{n}, шаг {a}"),
    ("§6; spec §6 (concede)", "§6; спецификация §6 (сдача)"),
    # what a request waits for (`battlelog status`, a provisional post's "Ждём:")
    ("finish off", "добить или пощадить"),
    ("sharp tongue verdict", "вердикт об остром языке"),
    ("concede", "сдаться ли"),
]


def _over(text: str) -> str | None:
    if text == "draw":
        return "ничья"
    m = re.fullmatch(r"(\S+) won", text)
    return f"победил {m.group(1)}" if m else None


FIELD_RU = {
    "damage": "урон", "damage_total": "урон всего", "m": "множитель атаки m", "penalty_added": "добавленный штраф",
    "stamina": "запас сил", "stamina_max": "максимум запаса сил", "wound": "рана", "wound_penalty": "штраф от раны",
    "wound_stamina": "запас сил, потерянный от раны", "penalty": "штраф", "initiative": "инициатива",
    "points": "пункты", "stake": "ставка", "status": "состояние", "result": "результат", "winner": "победитель",
}
"""Payload fields in words, for an audit's differences (issue 11)."""


@cache
def catalogue_ru() -> Catalogue:
    """The duel's catalogue in Russian."""
    words = {
        "letters": _letters, "item": _item, "items": _items, "trait": _trait, "traits": _traits, "stake": _stake,
        "wound": _wound, "result": _result, "status": _status, "choice": _choice, "cmp": _cmp, "outcome": _outcome,
        "obtain": _obtain, "over": _over, "event": EVENT_RU, "purpose": {"stake": "на ставку"}, "field": FIELD_RU,
    }
    return Catalogue(WHY + PROBLEMS + RULE, words)
