"""Cerilia's English lines in Russian: the arithmetic of its resolutions (`why`), the problems the CLI prints most
(bad orders, rolls, ledger lines, purchases), its event types' and roll purposes' names, as a catalogue of parallel
sentences (replay.render.i18n) over the words of `words.py` and the data files' `name_ru`.

Stack ids (`A-In-1`), character ids (`aerin`), sector and slot names (`C2-1`, `RA`), unit codes (`Kn`) and signs
(`Sw`, `Sh`, `B`) are codes the players write in either language: the Russian keeps them as they are."""

from __future__ import annotations

import re
from functools import cache

from replay.render.i18n import Catalogue
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.words import KIND, PURPOSE, RESULT, SIDE, part_name, spell_effect

EVENT_RU = {
    "cerilia.attack": "атака", "cerilia.battle_ended": "конец боя", "cerilia.cast": "заклинание",
    "cerilia.charge_declared": "объявление кавалерийской атаки", "cerilia.charge_retargeted": "новая цель атаки",
    "cerilia.charge_void": "атака отменена", "cerilia.deployed": "развёртывание", "cerilia.destroyed": "уничтожение",
    "cerilia.detached": "отсоединение", "cerilia.detected": "обнаружение", "cerilia.effect": "итог атак",
    "cerilia.fates": "судьбы персонажей", "cerilia.fell_back": "отступление по F",
    "cerilia.fortification_placed": "укрепление", "cerilia.friendly_selected": "проверка на Урон: цель",
    "cerilia.joined": "присоединение", "cerilia.melee_declared": "объявление ближнего боя",
    "cerilia.morale_checked": "проверка Морали", "cerilia.mounted_retreated": "конное отступление",
    "cerilia.moved": "перемещение", "cerilia.order_void": "приказ недействителен",
    "cerilia.pool_stocked": "пул отрядов", "cerilia.purchase_committed": "закупка запечатана",
    "cerilia.purchase_revealed": "закупка вскрыта", "cerilia.retreated": "добровольное отступление",
    "cerilia.revealed": "вскрытие закупки", "cerilia.round_started": "начало раунда",
    "cerilia.rout_fled": "бегство в резерв",
    "cerilia.rout_moved": "бегство", "cerilia.stalemate": "«никто не ходил», §5.8",
    "cerilia.target_chosen": "выбор цели", "cerilia.terrain_placed": "карта местности",
}

_KIND_RU = {**KIND["ru"], "friendly": "проверка на Урон"}
_CHAR_KIND = {"ruler": "правитель", "lieutenant": "лейтенант"}


def _terrain(name: str) -> str | None:
    for rows in (tables().terrain, tables().fortifications):
        for key, row in rows.items():
            if name in (key, row.get("id"), row.get("name_en")):
                return str(row["name_ru"])
    return None


def _spell(name: str) -> str | None:
    return next((str(s["name_ru"]) for s in tables().spells.values() if name in (s["id"], s["name_en"])), None)


def _effect(text: str) -> str | None:
    return next((spell_effect(s["effect"], "ru") for s in tables().spells.values()
                 if spell_effect(s["effect"], "en") == text), None)


_PART = re.compile(r"(\d+) \(([^()]*)\)")


def _parts(text: str) -> str | None:
    """ "2 (In melee) + 1 (Lord Aerin) − 2 (In defence)" with each part's name in Russian."""
    said = _PART.sub(lambda m: f"{m.group(1)} ({part_name(m.group(2), 'ru')})", text)
    return said if re.fullmatch(r"[\d\s()+−\-\w.«»]+", said) else None


def _received(text: str) -> str | None:
    """ "H, R and holds F" / "nothing and holds F" / "D"."""
    m = re.fullmatch(r"(.+?)( and holds F)?", text)
    assert m is not None
    got = "ничего" if m.group(1) == "nothing" else m.group(1).replace(" and ", " и ")
    return got + (" и удерживает F" if m.group(2) else "")


def _result_tail(text: str) -> str | None:
    """What follows "→ " in an attack line: the card's result and the notes on it."""
    m = re.fullmatch(r"([-FHRD])(?:; the DM rules ([-FHRD]) \(seq (\d+), CP-25\))?( \(shooters ignore F\))?"
                     r"( \(the same card\))?", text)
    if m is None:
        return None
    out = m.group(1)
    if m.group(2):
        out += f"; ДМ постановил {m.group(2)} (seq {m.group(3)}, CP-25)"
    if m.group(4):
        out += " (стрелки не учитывают F)"
    if m.group(5):
        out += " (та же карта)"
    return out


_RULE_WORDS = {"items": "пп.", "item": "п.", "rule": "правило", "fates": "судьбы", "obligation": "обязанность",
               "steps": "шаги", "step": "шаг"}


def _rule(text: str) -> str | None:
    """A rule clause ("§5.9 items 4–5, CP-18", "§3 rule 4, CP-02") in Russian; None when words other than the
    section vocabulary are left (then it is no clause but a sentence)."""
    said = re.sub(r"\b(items|item|rule|fates|obligation|steps|step)\b", lambda m: _RULE_WORDS[m.group(1)],
                  "§" + text)
    said = re.sub(r"(§[\d.]+) (правило|п\.|пп\.|шаги|шаг|судьбы)", r"\1, \2", said)
    codes = re.sub(r"\b(?:AMB|CP|TXT|MR|AR|[A-Z]{1,2})-?\d+\b|\bC\d+\b|\bA0\b", "", said)
    return None if re.search(r"[A-Za-z]", codes) else said[1:]


def _waits(text: str) -> str | None:
    """ " (it waits for: …)" after a refused post: the requests keep the log's words (the core says them)."""
    if not text:
        return ""
    m = re.fullmatch(r" \(it waits for: (.*)\)", text, re.S)
    return f" (игра ждёт: {m.group(1)})" if m else None


def _fall_tail(text: str) -> str | None:
    return {"": "", ", the DM's ruling, CP-24": ", по решению ДМа, CP-24"}.get(text)


def _said(text: str) -> str | None:
    return {"pardoned by the winner, captive": "помилован победителем, в плену",
            "not pardoned: out": "не помилован: выбывает"}.get(text)


def _though(text: str) -> str | None:
    return {"": "", " though fallen": ", хотя и пал"}.get(text)


WORDS = {"kind": _KIND_RU, "side": SIDE["ru"], "terrain": _terrain, "spell": _spell, "effect": _effect,
         "parts": _parts, "waits": _waits,
         "received": _received, "tail": _result_tail, "fall": _fall_tail, "said": _said,
         "though": _though, "char": _CHAR_KIND, "event": EVENT_RU, "purpose": PURPOSE["ru"],
         "result": RESULT["ru"], "rule": _rule}

WHY = [
    # Phase 0 (§3)
    ("{side} spends {n:#} of {m:#}; the list stays secret (sha256 commitment)",
     "{side} тратит {n} из {m}; список остаётся тайным (запечатан хешем)"),
    ("{side}'s pool: {ids}", "пул отрядов {side}: {ids}"),
    ("the Defender places {t} in {s}", "Защищающий кладёт карту «{t:terrain}» в {s}"),
    ("the Defender fortifies {s} (level {n:#})", "Защищающий укрепляет {s} (уровень {n})"),
    ("{c} is placed in {slot} in Phase 0; sign {rest}", "{c} поставлен в {slot} в Фазе 0; знак {rest:@}"),
    ("cost {c:#}: {n:#} of {m:#} deployed", "стоимость {c}: развёрнуто {n} из {m}"),
    ("round {n:#}: MP reset, per-round flags cleared", "раунд {n}: ОП восстановлены, отметки раунда сняты"),
    # signs and moves (§4.3)
    ("sign {s:w} (declared)", "знак {s} (объявлен)"),
    ("sign {s:w} (rolled, 1D3 = {n:#})", "знак {s} (брошен 1D3 = {n})"),
    ("{id}: {path} ({n:#} MP) → {slot} (lowest free slot)", "{id}: {path} ({n} ОП) → {slot} (первый свободный слот)"),
    ("enters {s}, held by the enemy: its move ends there (§5.2.2)",
     "входит в {s}, занятый противником: движение там кончается (§5.2.2)"),
    ("{s}'s terrain halts it for the rest of the round (AMB-15)",
     "местность {s} останавливает его до конца раунда (AMB-15)"),
    ("{c} joins {h} in {slot} (0 MP); the stack's MP is now the least of its members'",
     "{c} присоединяется к {h} в {slot} (0 ОП); ОП стека теперь — наименьшие из ОП его членов"),
    ("{c} leaves {h} → {slot} ({n:#} MP)", "{c} отсоединяется от {h} → {slot} ({n} ОП)"),
    ("{a} (Scouts) finds the hidden {t} in {s}", "{a} (Разведчики) находит скрытый отряд {t} в {s}"),
    ("{a} makes a mounted retreat {f} → {slot} (1 MP); its engagements end",
     "{a} совершает конное отступление {f} → {slot} (1 ОП); его ближние бои кончаются"),
    # melee and charges (§4.3.4–§4.3.10, §5.2)
    ("{a} attacks the routed {t}: destroyed without a roll", "{a} атакует разгромленный {t}: уничтожен без броска"),
    ("{a} attacks the routed {t}: destroyed, no roll; {b} stays free",
     "{a} атакует разгромленный {t}: уничтожен без броска; {b} остаётся свободен"),
    ("{a} engages {t} in {s}", "{a} вступает в ближний бой с {t} в {s}"),
    ("{a} is attacked by {b} alone and fights it", "{a} атакован только {b} и бьётся с ним"),
    ("{a}, attacked by {ids}, fights {b}", "{a}, атакованный {ids}, бьётся с {b}"),
    ("{a} is engaged with {ids} (slot order): {b} is checked",
     "{a} в ближнем бою с {ids} (по порядку слотов): проверяется {b}"),
    ("{a} is engaged with {ids} (slot order); D{k:#} = {n:#} → {b}",
     "{a} в ближнем бою с {ids} (по порядку слотов); D{k} = {n} → {b}"),
    ("{a} declares a charge {path} at {t}; it stays in {s} until B3 ({n:#} MP reserved)",
     "{a} объявляет кавалерийскую атаку {path} на {t}; стоит в {s} до B3 (в запасе {n} ОП)"),
    ("{a} charges {path} → {slot}", "{a} атакует {path} → {slot}"),
    ("{a} charges {t} in {s} instead of {u}", "{a} атакует {t} в {s} вместо {u}"),
    ("{a} charges {path} into {s}; it strikes {rest}", "{a} атакует {path} в {s}; бьёт {rest}"),
    ("{a}'s owner cancels the charge (no move, MP kept)",
     "владелец {a} отменяет атаку (без движения, ОП сохранены)"),
    ("{a} is engaged at A-close: its charge is void", "{a} связан ближним боем к итогу Фазы А: его атака отменена"),
    ("§4.3.9: the target is a visible enemy stack in {s}", "§4.3.9: цель — видимый стек противника в {s}"),
    # the battle-card lookup (§5.3)
    ("{a} → {t} ({k:kind}): {v:parts} = {d:#}; D9 = {r:#}, card {c:#} (s = {s:#}), target sign {g:w} → {tail:tail}",
     "{a} → {t} ({k:kind}): {v:parts} = {d}; D9 = {r}, карта {c} (s = {s}), знак цели {g} → {tail:tail}"),
    ("{a} → {t} ({k:kind}): {v:parts} = {d:#} (column {col:#}); D9 = {r:#}, card {c:#} (s = {s:#}), "
     "target sign {g:w} → {tail:tail}",
     "{a} → {t} ({k:kind}): {v:parts} = {d} (столбец {col}); D9 = {r}, карта {c} (s = {s}), знак цели {g} → "
     "{tail:tail}"),
    ("{a} receives {what:received}", "{a} получает {what:received}"),
    ("destroyed", "уничтожен"),
    ("destroyed (damage {n:#} > {m:#})", "уничтожен (повреждений {n} > {m})"),
    ("damage {n:#} → {m:#}", "повреждения {n} → {m}"),
    ("routed", "разгромлен"),
    ("must fall back in C2", "должен отступить в C2"),
    ("R/D beat F: no fall back (§5.3.5)", "R/D старше F: отступления нет (§5.3.5)"),
    ("{ids} detach and stay in the slot (§5.6.5)", "{ids} отсоединяются и остаются в слоте (§5.6.5)"),
    ("{ids} fall (removed until the battle's end, §5.6.4{t:fall})",
     "{ids}: пали (сняты до конца боя, §5.6.4{t:fall})"),
    ("{a}'s character cast a combat spell: the stack's one attack this round is used",
     "персонаж {a} сотворил боевое заклинание: единственная атака стека в этом раунде истрачена"),
    ("{a} is routed: it makes no attack", "{a} разгромлен: не атакует"),
    ("{a}'s target {t} is no longer a valid target", "цель {t} отряда {a} больше не законна"),
    # magic (§5.1)
    ("{c} casts {sp:spell} on {t}: {e:effect} (no roll)", "{c} творит «{sp:spell}» на {t}: {e:effect} (без броска)"),
    # Phase C (§4.5, §5.5)
    ("{a} flees {path} → {slot} (legal: {list})", "{a} бежит {path} → {slot} (законные: {list})"),
    ("{a} flees {path} → {slot} (shortest paths: {list})", "{a} бежит {path} → {slot} (кратчайшие пути: {list})"),
    ("{a} has no legal rout step from {s}: destroyed", "у {a} нет законного шага бегства из {s}: уничтожен"),
    ("{a} has no free path to {r}: destroyed", "у {a} нет свободного пути в {r}: уничтожен"),
    ("{a} falls back {f} → {slot} (legal: {list})", "{a} отступает {f} → {slot} (законные: {list})"),
    ("{a} retreats {f} → {slot} (1 MP)", "{a} отступает добровольно {f} → {slot} (1 ОП)"),
    ("{a} has full morale: it rallies", "у {a} полная Мораль: он собирается"),
    ("{a}: d100 = {n:#} → {g:w}; its card's morale signs {gs} → passed: it rallies",
     "{a}: d100 = {n} → {g}; знаки Морали его карты {gs} → пройдена: он собирается"),
    ("{a}: d100 = {n:#} → {g:w}; its card's morale signs {gs} → failed: it stays routed",
     "{a}: d100 = {n} → {g}; знаки Морали его карты {gs} → провалена: остаётся разгромлен"),
    # §5.8 nobody moved
    ("no stack changed its location in Phase A", "в Фазе А ни один стек не сменил места"),
    ("no stack is engaged and no charge is declared", "ни один стек не в ближнем бою, кавалерийских атак не объявлено"),
    ("neither side has a legal Phase B attack", "ни у одной стороны нет законной атаки в Фазе Б"),
    ("1d10: {rolls}; a 9 or 10 ends the battle in a draw", "1d10: {rolls}; 9 или 10 кончают бой ничьей"),
    ("1d10: {rolls}", "1d10: {rolls}"),
    ("{x:w} forces {y:w} into {s}: {ids} can reach it", "{x} вынуждает {y} войти в {s}: дойти туда могут {ids}"),
    ("{x:w} forces {y:w} into {s}: none can reach it; {ids} go as far as they get",
     "{x} вынуждает {y} войти в {s}: дойти не может никто; {ids} идут, насколько дойдут"),
    ("{x:w} forces {y:w} into {s}: no stack can move there: no effect",
     "{x} вынуждает {y} войти в {s}: туда не может пойти ни один стек: без последствий"),
    # the end (§5.9)
    ("{x:w} concedes", "{x} признаёт поражение"),
    ("both sides agree to a draw", "обе стороны согласны на ничью"),
    ("the DM declares {x:w} defeated: {note}", "ДМ засчитывает поражение {x}: {note}"),
    ("the DM declares {x:w} defeated", "ДМ засчитывает поражение {x}"),
    ("the DM declares a draw: {note}", "ДМ объявляет ничью: {note}"),
    ("the DM declares a draw", "ДМ объявляет ничью"),
    ("the DM ends the battle: {note}", "ДМ прекращает бой: {note}"),
    ("the DM ends the battle", "ДМ прекращает бой"),
    ("no character took part", "персонажей в бою не было"),
    ("{c:w} ({k:char} of the losing side): {s:said}", "{c} ({k:char} проигравшей стороны): {s:said}"),
    ("{c:w} ({k:char}): survives{t:though}", "{c} ({k:char}): выживает{t:though}"),
    ("{c:w} (lieutenant) fell in the battle: out, never pardoned",
     "{c} (лейтенант) пал в бою: выбывает без помилования"),
    ("{c:w} (lieutenant): his ruler {r:w} is out, so is he", "{c} (лейтенант): его правитель {r} выбыл, выбывает и он"),
    ("{c:w} (lieutenant): he and his ruler live: stays in the game",
     "{c} (лейтенант): он и его правитель живы: остаётся в игре"),
]

PROBLEMS = [
    ("line {n:#} ({what}): {rest}", "строка {n} ({what}): {rest:@}"),
    # Phase 0 (§3)
    ("§3 rule 1: the purchase costs {n:#}, above the budget {m:#}",
     "§3, правило 1: закупка стоит {n}, больше бюджета {m}"),
    ("§3, C15: a salt of at least 8 characters seals the list",
     "§3, C15: список запечатывает соль не короче 8 знаков"),
    ("§3 (AMB-08): {pid} is not on your list, or is placed twice",
     "§3 (AMB-08): {pid} нет в вашем списке, или он поставлен дважды"),
    ("§3 (AMB-08): {pid} is placed in a sector of your home row (row {row:#}), not {sector}",
     "§3 (AMB-08): {pid} ставится в сектор вашего домашнего ряда (ряд {row}), а не в {sector}"),
    ("§2.4: unit id {u} twice", "§2.4: id отряда {u} дважды"),
    ("§6.1: no unit card {c}", "§6.1: нет карты отряда {c}"),
    ("§3 P0.2: {c} is not one of your characters ({ids})", "§3 P0.2: {c} — не ваш персонаж ({ids})"),
    ("§6.6 (AMB-28): {c} may take at most {n:#} {sp:spell}",
     "§6.6 (AMB-28): {c} может взять не больше {n} × «{sp:spell}»"),
    ("§3 rules 4–5: only the Defender places terrain and fortification cards",
     "§3, правила 4–5: карты местности и укрепления кладёт только Защищающий"),
    ("§3 rule 4 (AMB-11): the Defender places {n:#} terrain card(s)",
     "§3, правило 4 (AMB-11): Защищающий кладёт карт местности: {n}"),
    ("§3 rule 4: {s} is no sector", "§3, правило 4: {s} — не сектор"),
    ("§3 rule 5: the scenario has no fortress or castle", "§3, правило 5: в сценарии нет крепости или замка"),
    ("§3 rule 5 (AMB-12): the fortification goes in one sector of row 3 (A3–E3)",
     "§3, правило 5 (AMB-12): укрепление ставится в один сектор ряда 3 (A3–E3)"),
    # the orders (§4)
    ("§1.1: orders come from the Attacker's or the Defender's player",
     "§1.1: приказы отдают игроки Атакующего и Защищающего"),
    ("§4.1: the game does not ask for your {step:w} post now (§4.4: no stack of yours can shoot and no character can "
     "cast now; an engaged shooter without its first shot, C10, fights in melee){waits:waits}",
     "§4.1: игра сейчас не ждёт вашего поста {step} (§4.4: сейчас ни один ваш стек не может стрелять и ни один "
     "персонаж — колдовать; связанный ближним боем стрелок без права первого выстрела, C10, бьётся врукопашную)"
     "{waits:waits}"),
    ("§4.1: the game does not ask for your {step:w} post now (§4.5.3: no stack of yours may retreat voluntarily now)"
     "{waits:waits}",
     "§4.1: игра сейчас не ждёт вашего поста {step} (§4.5.3: сейчас ни один ваш стек не может добровольно "
     "отступить){waits:waits}"),
    ("§4.1: the game does not ask for your {step:w} post now{waits:waits}",
     "§4.1: игра сейчас не ждёт вашего поста {step}{waits:waits}"),
    ("§4.1: step {step:w} is the Attacker's", "§4.1: шаг {step} — Атакующего"),
    ("§4.1: step {step:w} is the Defender's", "§4.1: шаг {step} — Защищающего"),
    ("§4.1: your Phase {ph:w} post is {step:w}", "§4.1: ваш пост Фазы {ph} — {step}"),
    ("§4.2.1: an order names its step ({steps}), not {step}",
     "§4.2.1: приказ называет свой шаг ({steps}), а не {step}"),
    ("§4.2.1: a post's order holds its lines (a list)", "§4.2.1: приказ поста содержит его строки (список)"),
    ("{path} needs {n:#} MP; {a} has {m:#}", "{path}: нужно ОП: {n}; у {a} их {m}"),
    ("§4.3.3: {rest}", "§4.3.3: {rest:@}"),
    ("{s} is no sector (a reserve is entered only by rout or retreat)",
     "{s} — не сектор (в резерв входят только бегством или отступлением)"),
    ("§4.3.9: {code:w} has no charge parameter", "§4.3.9: у {code} нет параметра кавалерийской атаки"),
    ("§4.3.9: the path needs {n:#} MP; {a} has {m:#}", "§4.3.9: путь требует ОП: {n}; у {a} их {m}"),
    ("{head}: §4.4.2: {a} has no missile parameter", "{head}: §4.4.2: у {a} нет параметра дальнего боя"),
    ("§4.4.2: {a} has no missile parameter", "§4.4.2: у {a} нет параметра дальнего боя"),
    ("{head}: §4.2.1: {a} is none of your stacks", "{head}: §4.2.1: {a} — не ваш стек"),
    ("§4.3.6 (obligation): {n:#} enemy stack(s) entered {s}; at least {k:#} of your free stacks there ({ids}) "
     "must engage them, {m:#} did",
     "§4.3.6 (обязанность): в {s} вошли стеки противника: {n}; хотя бы {k} из ваших свободных стеков там ({ids}) "
     "должны вступить с ними в ближний бой, вступило {m}"),
    ("§4.5.4: {a} is not routed; a morale check is made only in the reserve after a rout (Phase C)",
     "§4.5.4: {a} не разгромлен; проверка Морали делается только в резерве после разгрома (Фаза В)"),
    ("§4.2.3: the ledger says {said} but {a} is {held} at {where} in the recorded state",
     "§4.2.3: в строке учёта {said}, но по записанному состоянию {a} — {held} в {where}"),
    ("§2.9: {said} is no display code of {a}", "§2.9: {said} — не код отображения {a}"),
    ("§4.4.3: a {p:purpose} roll names its unit (--field unit=A-In-1)",
     "§4.4.3: бросок «{p:purpose}» называет свой отряд (--field unit=A-In-1)"),
    ("§4.4.3: a {p:purpose} roll is {want}, not {got}", "§4.4.3: бросок «{p:purpose}» — это {want}, а не {got}"),
]


RULE = [("§{rest}", "§{rest:rule}"), ("{x:w}: {rest}", "{x}: {rest:@}")]


@cache
def catalogue_ru() -> Catalogue:
    return Catalogue([*WHY, *PROBLEMS, *RULE], WORDS)
