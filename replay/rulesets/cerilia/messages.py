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
    "cerilia.deployed": "развёртывание", "cerilia.destroyed": "уничтожение",
    "cerilia.detached": "отсоединение", "cerilia.effect": "итог атак",
    "cerilia.fates": "судьбы персонажей", "cerilia.fell_back": "отступление по F",
    "cerilia.fortification_placed": "укрепление", "cerilia.friendly_selected": "проверка на Урон: цель",
    "cerilia.joined": "присоединение", "cerilia.melee_declared": "объявление ближнего боя",
    "cerilia.morale_checked": "проверка Морали", "cerilia.mounted_retreated": "конное отступление",
    "cerilia.moved": "перемещение", "cerilia.order_void": "приказ недействителен",
    "cerilia.pool_stocked": "пул отрядов", "cerilia.purchase_committed": "закупка запечатана",
    "cerilia.purchase_revealed": "список закупки раскрыт",
    "cerilia.retreated": "добровольное отступление",
    "cerilia.revealed": "скрытый стек обнаружен", "cerilia.round_started": "начало раунда",
    "cerilia.rout_fled": "бегство к резерву",
    "cerilia.rout_moved": "бегство", "cerilia.stalemate": "«никто не ходил», §5.8",
    "cerilia.target_chosen": "выбор цели", "cerilia.terrain_placed": "карта местности",
}

DECISION_RU = {
    "battle_end": "CP-18: ДМ засчитывает поражение стороне (значение A или D), объявляет ничью (draw) или "
                  "прекращает бой (end)",
    "attack_result": "CP-25: итог одной атаки (-, F, H, R, D), ключ {unit, target}",
    "character_survives": "CP-24: выживает ли присоединённый персонаж при Разгроме или уничтожении своего отряда "
                          "(true, по умолчанию, или false), ключ {character}",
}
"""The GM-overridable decisions (`Ruleset.decisions`, `battlelog rules`) in Russian, keyed by their names."""

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


def _d9(text: str) -> str | None:
    """An attack's D9, "4", or as the d10s it was read from (AMB-05), "4 (d10 10→ reroll 4)"."""
    if re.fullmatch(r"\d", text):
        return text
    m = re.fullmatch(r"(\d) \(d10 ((?:10→ reroll )*)(\d)\)", text)
    return None if m is None else f"{m.group(1)} (к10 {m.group(2).replace('→ reroll ', '→ переброс ')}{m.group(3)})"


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
    said = said.replace("(option ", "(вариант правил ")
    said = re.sub(r"§5\.4\.1 \((step_simultaneous|side_major)\)", r"§5.4.1 (вариант правил phase_b_order = \1)", said)
    codes = re.sub(r"\b(?:AMB|CP|TXT|MR|AR|[A-Z]{1,2})-?\d+\b|\bC\d+\b|\bA0\b|\b[a-z0-9]+(?:_[a-z0-9]+)+\b", "",
                   said)  # ids, and the options' names and values as `battlelog rules` writes them
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


FIELD_RU = {
    "effective": "действующий результат атаки", "result": "результат атаки", "results": "результаты атак",
    "routed": "разгромлен", "damage": "повреждения", "destroyed": "уничтожен", "sign": "знак", "card": "карта",
    "d9": "бросок D9", "mp": "очки передвижения", "sector": "сектор", "target": "цель", "outcome": "исход",
}
"""Payload fields in words, for an audit's differences (issue 11)."""

WORDS = {"kind": _KIND_RU, "side": SIDE["ru"], "terrain": _terrain, "spell": _spell, "effect": _effect,
         "parts": _parts, "waits": _waits, "d9": _d9,
         "received": _received, "tail": _result_tail, "fall": _fall_tail, "said": _said,
         "though": _though, "char": _CHAR_KIND, "event": EVENT_RU, "purpose": PURPOSE["ru"],
         "result": RESULT["ru"], "rule": _rule, "decision": DECISION_RU, "field": FIELD_RU}

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
    ("sign {s:w} (rolled, 1D3 = {n:#})", "знак {s} (брошен 1к3 = {n})"),
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
    ("{a} → {t} ({k:kind}): {v:parts} = {d:#}; D9 = {r:d9}, card {c:#} (s = {s:#}), target sign {g:w} → "
     "{tail:tail}",
     "{a} → {t} ({k:kind}): {v:parts} = {d}; D9 = {r:d9}, карта {c} (s = {s}), знак цели {g} → {tail:tail}"),
    ("{a} → {t} ({k:kind}): {v:parts} = {d:#} (column {col:#}); D9 = {r:d9}, card {c:#} (s = {s:#}), "
     "target sign {g:w} → {tail:tail}",
     "{a} → {t} ({k:kind}): {v:parts} = {d} (столбец {col}); D9 = {r:d9}, карта {c} (s = {s}), знак цели {g} → "
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
     "{a}: к100 = {n} → {g}; знаки Морали его карты {gs} → пройдена: он собирается"),
    ("{a}: d100 = {n:#} → {g:w}; its card's morale signs {gs} → failed: it stays routed",
     "{a}: к100 = {n} → {g}; знаки Морали его карты {gs} → провалена: остаётся разгромлен"),
    # §5.8 nobody moved
    ("no stack changed its location in Phase A", "в Фазе А ни один стек не сменил места"),
    ("no stack is engaged and no charge is declared", "ни один стек не в ближнем бою, кавалерийских атак не объявлено"),
    ("neither side has a legal Phase B attack", "ни у одной стороны нет законной атаки в Фазе Б"),
    ("1d10: {rolls}; a 9 or 10 ends the battle in a draw", "1к10: {rolls}; 9 или 10 кончают бой ничьей"),
    ("1d10: {rolls}", "1к10: {rolls}"),
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
    # after the battle (§3 rule 1)
    ("{side:w} reveals its list: {listed} = {n:#} of {m:#}",
     "{side:side} открывает свой список: {listed} = {n} из {m}"),
    ("sha256 of the list and its salt = {h}, its Phase 0 commitment: it matches",
     "хеш списка с солью = {h}, как в печати Фазы 0: совпадает"),
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
    ("§3 rule 1: a reveal lists the units bought, each {{id, card}}",
     "§3, правило 1: раскрытие перечисляет купленные отряды, каждый {{id, card}}"),
    ("§3 rule 1, C15: a reveal gives the salt that sealed the list",
     "§3, правило 1, C15: раскрытие называет соль, которой запечатан список"),
    ("§3 rule 1 (C15): {side:w}'s revealed list and salt do not match its Phase 0 commitment (sha256 {a} ≠ {b})",
     "§3, правило 1 (C15): раскрытые список и соль стороны {side} не совпадают с её печатью Фазы 0 "
     "(sha256 {a} ≠ {b})"),
    ("§3 rule 1, §6.1: no unit card {c}", "§3, правило 1, §6.1: нет карты отряда {c}"),
    ("§3 rule 1: {side:w}'s revealed list costs {n:#}, not the {m} committed",
     "§3, правило 1: раскрытый список стороны {side} стоит {n}, а не запечатанные {m}"),
    ("{side:w}'s purchase list revealed (§3 rule 1)", "раскрытие списка закупки стороны {side} (§3, правило 1)"),
    ("§5.9 (CP-22): a pardon names its character (--field character=ilsabet)",
     "§5.9 (CP-22): помилование называет своего персонажа (--field character=ilsabet)"),
    ("§5.8 (CP-19): a stalemate_sector choice names its forcing side, yours (--field forcing=A)",
     "§5.8 (CP-19): выбор stalemate_sector называет вынуждающую сторону, вашу (--field forcing=A)"),
    ("§6.8: unknown scenario {sc} (known: {known})", "§6.8: неизвестный сценарий {sc} (известны: {known})"),
    ("§1.1: players names two different players, for A (Attacker) and D (Defender)",
     "§1.1: в players — два разных игрока: A (Атакующий) и D (Защищающий)"),
    ("§3, AMB-08: units enter the field by deploying in Phase A (option initial_placement = phase0_home_row places "
     "them in Phase 0)",
     "§3, AMB-08: отряды выходят на Поле Боя развёртыванием в Фазе А (вариант правил initial_placement = "
     "phase0_home_row ставит их в Фазе 0)"),
    ("§2.4: unit id {u} is {x:w}-<card>-<n> with its card ({c})",
     "§2.4: id отряда {u} — {x}-<карта>-<n> с его картой ({c})"),
    ("§3 rule 4: {c} is no terrain card of the scenario's type ({ts})",
     "§3, правило 4: {c} — не карта местности типа этого сценария ({ts})"),
    ("§3 rule 3, CP-01: {p}'s sign is Sw, Sh, B or roll (option sign_assignment = roll_only: roll)",
     "§3, правило 3, CP-01: знак {p} — Sw, Sh, B или roll (вариант правил sign_assignment = roll_only: roll)"),
    ("§3 rule 3, CP-01: {p}'s sign is Sw, Sh, B or roll", "§3, правило 3, CP-01: знак {p} — Sw, Sh, B или roll"),
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
    # Phase A (§4.3): deploy, move, join, melee, charge, mounted retreat
    ("§4.2.2: {verb} is no Phase A order here (Phase A: {verbs})",
     "§4.2.2: {verb} — здесь не приказ Фазы А (Фаза А: {verbs})"),
    ("§4.2.1: {a} is none of your stacks", "§4.2.1: {a} — не ваш стек"),
    ("§4.1 (AMB-23): the A3.1 edit adds no new moves", "§4.1 (AMB-23): правка A3.1 не добавляет новых ходов"),
    ("§5.8: the Attacker's AX1 post holds only the forced moves",
     "§5.8: пост Атакующего AX1 содержит только вынужденные ходы"),
    ("§5.8: the Defender's AX3 post holds the forced moves and the answers to the Attacker's entries",
     "§5.8: пост Защищающего AX3 содержит вынужденные ходы и ответы на входы Атакующего"),
    ("§4.3.2: {a} is not in {r:w} (it is at {where})", "§4.3.2: {a} не в {r} (он в {where})"),
    ("§4.3.2: {a} is routed; it must pass a morale check first (§4.5.4)",
     "§4.3.2: {a} разгромлен; сначала он должен пройти проверку Морали (§4.5.4)"),
    ("§4.3.2 (AMB-42): it entered the reserve this round and cannot leave it in the same round",
     "§4.3.2 (AMB-42): он вошёл в резерв в этом раунде и не может выйти из него в том же раунде"),
    ("§4.3.2, C3: name the reserve slot it leaves ({where})",
     "§4.3.2, C3: назовите слот резерва, из которого он выходит ({where})"),
    ("§4.3.2: {a} is in {where}, not in slot {named}", "§4.3.2: {a} в {where}, а не в слоте {named}"),
    ("§4.3.2: a deploy path starts at {r:w}, then a sector of the home row",
     "§4.3.2: путь развёртывания начинается в {r}, затем — сектор домашнего ряда"),
    ("§4.3.2: the first step out of {r:w} is into the home row (row {n:#}), not {s}",
     "§4.3.2: первый шаг из {r} — в домашний ряд (ряд {n}), а не в {s}"),
    ("§4.3.2, CP-01: a first deployment declares the sign (Sw, Sh, B) or rolls it (sign: roll, with a 1D3)",
     "§4.3.2, CP-01: при первом развёртывании знак объявляют (Sw, Sh, B) или бросают (sign: roll, 1к3)"),
    ("§3 rule 3 (option sign_assignment = roll_only): the sign is rolled with 1D3",
     "§3, правило 3 (вариант правил sign_assignment = roll_only): знак бросается 1D3"),
    ("§3 rule 3: the sign is Sw, Sh, B or roll, not {g}", "§3, правило 3: знак — Sw, Sh, B или roll, а не {g}"),
    ("§3 rule 1: deploying {a} ({c:#}) brings the cost deployed to {n:#}, above the {m:#} declared spent",
     "§3, правило 1: развёртывание {a} ({c}) доводит стоимость развёрнутого до {n}, больше заявленных {m}"),
    ("§4.3.3: a move has at least one step", "§4.3.3: в перемещении хотя бы один шаг"),
    ("§4.3.3: the path starts where {a} stands ({s}), not {t}", "§4.3.3: путь начинается там, где стоит {a} ({s}), "
     "а не в {t}"),
    ("§4.3.3: {a} is not on the field (deploy it from the reserve)",
     "§4.3.3: {a} не на Поле Боя (разверните его из резерва)"),
    ("§4.3.1: {a} is routed and may only flee", "§4.3.1: {a} разгромлен и может только бежать"),
    ("§4.3.1: {a} is engaged in melee; only free stacks move",
     "§4.3.1: {a} связан ближним боем; перемещаются только свободные стеки"),
    ("§4.3.3 (AMB-15): {a} halted in slowing terrain this round",
     "§4.3.3 (AMB-15): {a} остановлен замедляющей местностью в этом раунде"),
    ("§4.3.3 rule 6: {a} entered an enemy-held sector this round; it leaves next round",
     "§4.3.3, правило 6: {a} в этом раунде вошёл в сектор противника; выйдет в следующем"),
    ("§2.2: {a}>{b} is no orthogonal step (no diagonal moves)",
     "§2.2: {a}>{b} — не шаг по прямой (по диагонали не ходят)"),
    ("§4.3.3 rule 4: {x} holds the enemy; the move cannot pass through it",
     "§4.3.3, правило 4: в {x} противник; сквозь него не пройти"),
    ("§4.3.3 rule 4: {x}'s terrain stops or bars {a}",
     "§4.3.3, правило 4: местность {x} останавливает или не пускает {a}"),
    ("§6.4: {s}'s terrain is impassable for mounted stacks", "§6.4: местность {s} непроходима для конных стеков"),
    ("§6.4: {s}'s terrain is impassable for foot stacks", "§6.4: местность {s} непроходима для пеших стеков"),
    ("§2.2: {s} has no free slot in your line", "§2.2: в вашей линии {s} нет свободного слота"),
    ("§4.3.4: only characters join (two troop units never merge)",
     "§4.3.4: присоединяются только персонажи (два отряда войск не сливаются)"),
    ("§4.3.4: {c} is not in {a}", "§4.3.4: {c} не в {a}"),
    ("§4.3.4: {h} is none of your other stacks", "§4.3.4: {h} — не другой ваш стек"),
    ("§5.6.6: a routed stack neither joins nor is joined",
     "§5.6.6: разгромленный стек не присоединяется, и к нему не присоединяются"),
    ("§4.3.1: {a} is engaged; only free stacks join", "§4.3.1: {a} связан боем; присоединяются только свободные стеки"),
    ("§4.3.4: {h} is not in {a}'s sector", "§4.3.4: {h} не в секторе {a}"),
    ("§4.3.4: {c} is no character joined to {a}", "§4.3.4: {c} — не персонаж, присоединённый к {a}"),
    ("§4.3.4 (AMB-31): a character detaches only while its host is free",
     "§4.3.4 (AMB-31): персонаж отсоединяется, только пока его стек свободен"),
    ("§4.3.4: {c} has {n:#} MP, the path needs {m:#}", "§4.3.4: у {c} ОП: {n}, путь требует {m}"),
    ("§4.3.3: {path} is no orthogonal path from {s}", "§4.3.3: {path} — не путь по прямым из {s}"),
    ("§4.3.5: only stacks on the field declare melee", "§4.3.5: ближний бой объявляют только стеки на Поле Боя"),
    ("§4.3.1: a routed stack may only flee", "§4.3.1: разгромленный стек может только бежать"),
    ("§4.3.5: {a} is already engaged", "§4.3.5: {a} уже в ближнем бою"),
    ("§4.3.1, §4.3.5 item 1: {a} is engaged by {b}; only free stacks declare melee (it fights its attacker, or "
     "chooses among several, §4.3.7)",
     "§4.3.1, §4.3.5, п. 1: {a} атакован {b}; ближний бой объявляют только свободные стеки (он бьётся со своим "
     "атакующим или выбирает из нескольких, §4.3.7)"),
    ("§4.3.5: {t} is no enemy stack you can see", "§4.3.5: {t} — не видимый вам стек противника"),
    ("§4.3.5: {t} is in {s}, not in {h}", "§4.3.5: {t} в {s}, а не в {h}"),
    ("§4.3.7: {a} already fights {t} and keeps it", "§4.3.7: {a} уже бьётся с {t} и остаётся с ним"),
    ("§4.3.7: {a} chooses among its attackers ({ids})", "§4.3.7: {a} выбирает из своих атакующих ({ids})"),
    ("§4.3.9: {a} must be free, not routed, not halted, on the field",
     "§4.3.9: {a} должен быть свободен, не разгромлен, не остановлен и на Поле Боя"),
    ("§4.3.9: it entered an enemy-held sector this round", "§4.3.9: он в этом раунде вошёл в сектор противника"),
    ("§4.3.9 (TXT-34): the path starts at {s} and has a step", "§4.3.9 (TXT-34): путь начинается в {s} и имеет шаг"),
    ("§4.3.9: {path} is no orthogonal path", "§4.3.9: {path} — не путь по прямым"),
    ("§4.3.9 (TXT-34): {path} turns {n:#} times; a charge turns once at most",
     "§4.3.9 (TXT-34): {path} поворачивает {n} раз(а); атака поворачивает не больше одного раза"),
    ("§4.3.9 item 5: {x} blocks the charge", "§4.3.9, п. 5: {x} преграждает атаку"),
    ("the game waits for no Phase A, B or C post from you now (it waits for: {reqs})",
     "игра сейчас не ждет от вас поста Фазы А, Б или В (она ждет: {reqs:@})"),
    ("the game waits for no Phase A, B or C post from you now", "игра сейчас не ждет от вас поста Фазы А, Б или В"),
    ("CP-18: the ruling at seq {n:#} ends the battle with {v}; the value is the side declared defeated (A or D), draw, "
     "or end",
     "CP-18: решение под seq {n} заканчивает бой значением {v}; значение — сторона, которой засчитано поражение "
     "(A или D), draw (ничья) или end (бой прекращен)"),
    ("C4: {s} already has its sign {g:w} (sign_already_assigned)",
     "C4: у {s} уже есть знак {g} (sign_already_assigned)"),
    ("§6.4: no charge into {t:terrain}", "§6.4: в местность «{t:terrain}» не атакуют"),
    ("§6.5, C8: no enemy charge into a fortification of level ≥ 2",
     "§6.5, C8: в укрепление уровня ≥ 2 противник не атакует"),
    ("§4.3.9: {s} has no free slot in your line", "§4.3.9: в вашей линии {s} нет свободного слота"),
    ("§4.2.2: one charge declaration per round", "§4.2.2: одно объявление кавалерийской атаки за раунд"),
    ("§4.3.8 item 1: only mounted stacks make a mounted retreat",
     "§4.3.8, п. 1: конное отступление совершают только конные стеки"),
    ("§4.3.8 item 7: the Defender in A3, the Attacker in A3.1", "§4.3.8, п. 7: Защищающий — в A3, Атакующий — в A3.1"),
    ("§4.3.8 item 2: no enemy entered {s} in {step}", "§4.3.8, п. 2: в {step} противник не входил в {s}"),
    ("§4.3.8 item 2 (AMB-21): a mounted enemy entered too", "§4.3.8, п. 2 (AMB-21): вошёл и конный противник"),
    ("§4.3.8 item 3 (AMB-22): an enemy that was here at the start of Phase A engages it",
     "§4.3.8, п. 3 (AMB-22): с ним бьётся противник, бывший здесь в начале Фазы А"),
    ("§4.3.8 item 4: it needs 1 MP", "§4.3.8, п. 4: нужно 1 ОП"),
    ("§4.3.8 item 5: one mounted retreat a round", "§4.3.8, п. 5: одно конное отступление за раунд"),
    ("§4.3.8 item 6 (AMB-21): {t} is no sector adjacent to {s} (never a reserve)",
     "§4.3.8, п. 6 (AMB-21): {t} — не соседний с {s} сектор (и никогда не резерв)"),
    ("§4.3.8 item 6: {t} holds the enemy, bars horses or has no free slot",
     "§4.3.8, п. 6: в {t} противник, конным туда нельзя или нет свободного слота"),
    # Phase B (§4.4, §5.4) and Phase C (§4.5)
    ("§4.2.2: Phase B posts shoot and cast", "§4.2.2: в постах Фазы Б стреляют и колдуют"),
    ("§4.4.2: the target is a visible enemy stack on the field (TXT-32: never in a reserve)",
     "§4.4.2: цель — видимый стек противника на Поле Боя (TXT-32: никогда не в резерве)"),
    ("§4.4.2 (AMB-06): {t} in {s} is out of range", "§4.4.2 (AMB-06): {t} в {s} вне досягаемости"),
    ("§4.3.9 item 6: {a} is no longer free in {s}", "§4.3.9, п. 6: {a} в {s} больше не свободен"),
    ("§4.5: a Phase C post holds voluntary retreats of your stacks",
     "§4.5: пост Фазы В содержит добровольные отступления ваших стеков"),
    ("§4.5.3 (TXT-20): only an engaged stack with no F, not routed, with 1 MP left, retreats voluntarily, once a "
     "round",
     "§4.5.3 (TXT-20): добровольно отступает только связанный боем стек без F, не разгромленный, с 1 ОП в запасе, "
     "раз за раунд"),
    ("§4.5.3 item 5: {to} is not a retreat destination (none)",
     "§4.5.3, п. 5: {to} — не место отступления (таких мест нет)"),
    ("§4.5.3 item 5: {to} is not a retreat destination ({legal})",
     "§4.5.3, п. 5: {to} — не место отступления ({legal})"),
    ("§5.5.5, C3: the flight of {a} reaches {r}: its rout_flight choice names the reserve slot it enters "
     "(reserve_slot, the lowest free: {n:#})",
     "§5.5.5, C3: бегство {a} доходит до {r}: его выбор rout_flight называет слот резерва, в который он входит "
     "(reserve_slot, первый свободный: {n})"),
    ("the flight path of {a} and the {r} slot it enters (reserve_slot, the lowest free: {n:#}; CP-12, C3)",
     "путь бегства {a} и слот {r}, в который он входит (reserve_slot, первый свободный: {n}; CP-12, C3)"),
    ("§5.5.5, C3 (AMB-13): the flight of {a} enters {slot}, the lowest free slot, not {named}",
     "§5.5.5, C3 (AMB-13): бегство {a} входит в {slot}, первый свободный слот, а не в {named}"),
    ("§5.5.5: the lowest free slot of {s} is {slot}, not {named}",
     "§5.5.5: первый свободный слот {s} — {slot}, а не {named}"),
    # magic (§4.4.1, §5.7, §6.6)
    ("§4.4.1: {c} is none of your characters (only characters cast, §5.6.3)",
     "§4.4.1: {c} — не ваш персонаж (колдуют только персонажи, §5.6.3)"),
    ("§6.6: no spell {sp} ({ids})", "§6.6: нет заклинания {sp} ({ids})"),
    ("§4.4.1 item 1: no spell from the reserve", "§4.4.1, п. 1: из резерва не колдуют"),
    ("§5.7.2, §6.1: {sp:spell} summons {u}, no unit card", "§5.7.2, §6.1: «{sp:spell}» призывает {u}: такой карты "
     "отряда нет"),
    ("§5.7.2, CP-01: a summoned unit takes its sign: Sw, Sh, B or roll (with a 1D3)",
     "§5.7.2, CP-01: призванный отряд получает знак: Sw, Sh, B или roll (1D3)"),
    ("§3 rule 3 (option sign_assignment = roll_only): the summoned unit's sign is rolled with 1D3",
     "§3, правило 3 (вариант правил sign_assignment = roll_only): знак призванного отряда бросается 1D3"),
    ("§5.7.2: {s} has no free slot in your line", "§5.7.2: в вашей линии {s} нет свободного слота"),
    ("§5.6.3: {c} cannot cast", "§5.6.3: {c} не колдует"),
    ("§4.4.1 item 5: one spell per character per round", "§4.4.1, п. 5: одно заклинание на персонажа за раунд"),
    ("§4.4.1 item 1 (TXT-11): {c}'s stock of {sp:spell} is exhausted (stock_exhausted)",
     "§4.4.1, п. 1 (TXT-11): запас «{sp:spell}» у {c} исчерпан"),
    ("§4.4.1 item 2 (AMB-27): the caster's stack must be free and not routed",
     "§4.4.1, п. 2 (AMB-27): стек колдующего должен быть свободен и не разгромлен"),
    ("§4.4.1 item 3 (AMB-26): the stack has used its attack this round",
     "§4.4.1, п. 3 (AMB-26): стек уже истратил свою атаку в этом раунде"),
    ("§4.4.1 item 4: {sp:spell} targets the caster's sector or an adjacent one",
     "§4.4.1, п. 4: «{sp:spell}» нацеливается на сектор колдующего или соседний"),
    ("AMB-54: a fortified sector cannot be targeted", "AMB-54: на укреплённый сектор не колдуют"),
    ("§4.4.1 item 4: {sp:spell} targets a friendly stack in {s}", "§4.4.1, п. 4: «{sp:spell}» — на свой стек в {s}"),
    ("§6.6: the veil hides a stack that is not engaged", "§6.6: Пелена скрывает стек, не связанный боем"),
    ("§4.4.1 item 4: a combat spell targets a visible enemy stack on the field",
     "§4.4.1, п. 4: боевое заклинание — на видимый стек противника на Поле Боя"),
    ("§4.4.1 item 4 (TXT-12): no combat spell on a stack engaged in melee",
     "§4.4.1, п. 4 (TXT-12): боевое заклинание не творят на стек в ближнем бою"),
    ("§4.4.1 item 4: {a} is out of range (own or adjacent sector)",
     "§4.4.1, п. 4: {a} вне досягаемости (свой или соседний сектор)"),
    ("§6.5: the castle bars enemy combat spells", "§6.5: замок не пускает боевые заклинания противника"),
    # the forum ledger line (§4.2.3) and display codes (§2.9)
    ("line {n:#}: {rest}", "строка {n}: {rest:@}"),
    ("the GM's post holds only rolls and choices", "пост ГМа содержит только броски и выборы"),
    ("§4.2.3: {loc} is no location (E2-3, RA-3, RA)", "§4.2.3: {loc} — не место (E2-3, RA-3, RA)"),
    ("§4.2.3: {loc} needs its slot (E2-3)", "§4.2.3: у {loc} нужен слот (E2-3)"),
    ("§4.2.3: no never-deployed unit in your pool", "§4.2.3: в вашем пуле нет неразвёрнутых отрядов"),
    ("§4.2.3: no never-deployed {k:w} in your pool", "§4.2.3: в вашем пуле нет неразвёрнутого {k}"),
    ("§4.2.3: none of your stacks is at {loc}", "§4.2.3: ни один ваш стек не стоит в {loc}"),
    ("§4.2.1: no stack {t}", "§4.2.1: нет стека {t}"),
    ("§4.2.3: {t} names no stack (E3-2, or an id)", "§4.2.3: {t} не называет стек (E3-2 или id)"),
    ("§4.2.3: no enemy stack at {loc}", "§4.2.3: в {loc} нет стека противника"),
    ("§4.2.3: a ledger line is `state (location; mp/max) - verb - target`",
     "§4.2.3: строка учёта — `состояние (место; ОП/макс.) - глагол - цель`"),
    ("§4.2.3: {v} is no verb of the table (e.g. move, бьет, стреляет, бежит)",
     "§4.2.3: {v} — не глагол из таблицы (например, переходит, бьет, стреляет, бежит)"),
    ("§4.2.3: {v} is no verb of the table", "§4.2.3: {v} — не глагол из таблицы"),
    ("§4.2.3: {h} is no `state (location; mp/max)`", "§4.2.3: {h} — не `состояние (место; ОП/макс.)`"),
    ("§4.2.1: {a} is none of your stacks", "§4.2.1: {a} — не ваш стек"),
    ("§4.2.3: {h} gives no location (E2-3, RA-3, RA)", "§4.2.3: в {h} не указано место (E2-3, RA-3, RA)"),
    ("§4.3.4: join whom?", "§4.3.4: к кому присоединиться?"),
    ("§4.4.1: cast on what?", "§4.4.1: на что колдовать?"),
    ("§4.3.4: {c} is not joined to {a} (none)", "§4.3.4: {c} не присоединён к {a} (персонажей нет)"),
    ("§4.3.4: {c} is not joined to {a} ({ids})", "§4.3.4: {c} не присоединён к {a} ({ids})"),
    ("§4.2.2: {v} is NOT YET implemented by this engine", "§4.2.2: {v} движок ПОКА НЕ поддерживает"),
    ("§4.2.3: cannot read {c}", "§4.2.3: не прочесть {c}"),
    ("§4.4.3: a pasted roll follows the line of its stack or names it (D9: 7 (A-In-1))",
     "§4.4.3: вставленный бросок идёт за строкой своего стека или называет его (D9: 7 (A-In-1))"),
    ("§2.9: {t} starts with no known type code ({codes})", "§2.9: {t} не начинается с известного кода типа ({codes})"),
    ("§2.9: {t}: after {k:w} comes a sign Sw, Sh or B", "§2.9: {t}: после {k} идёт знак Sw, Sh или B"),
    ("§2.9: {t}: after the sign come only damage, _R or _F, and *",
     "§2.9: {t}: после знака идут только повреждения, _R или _F и *"),
    # rolls and choices (§4.4.3, §5.10)
    ("§4.4.3: rolls are {ps}, not {p}", "§4.4.3: броски — {ps}, а не {p}"),
    ("§5.10: the choices are {cs}, not {c}", "§5.10: выборы — {cs}, а не {c}"),
    ("§5.10: a {c:w} choice names its stack (--field stack=A-In-1)",
     "§5.10: выбор {c} называет свой стек (--field stack=A-In-1)"),
    # §5.8 nobody moved
    ("§5.8 (CP-19): the forced moves go into {s}, or as far as they get along a shortest path",
     "§5.8 (CP-19): вынужденные ходы идут в {s} или насколько дойдут по кратчайшему пути"),
    ("§5.8 (CP-19): the forced moves go into {s}", "§5.8 (CP-19): вынужденные ходы идут в {s}"),
    ("§5.8 (CP-19): {x:w} must send at least one stack into {s} ({ids} can go)",
     "§5.8 (CP-19): {x} должен послать в {s} хотя бы один стек (могут пойти {ids})"),
    ("§5.8 (CP-19): {x:w} must send at least one stack into {s} ({ids} can go, as far as it gets)",
     "§5.8 (CP-19): {x} должен послать в {s} хотя бы один стек (могут пойти {ids}, насколько дойдут)"),
    ("A's AX3.1 edit: {rest}", "правка Атакующего AX3.1: {rest:@}"),
    ("{x:w}'s {step:w} post: {rest}", "пост {x} {step}: {rest:@}"),
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


REQUESTS = [
    # what a request asks for (`battlelog status`, the posts' "waiting for")
    ("the Attacker's Phase A post", "пост Атакующего в Фазе А"),
    ("the Defender's Phase A post", "пост Защищающего в Фазе А"),
    ("the Attacker's A3.1 edit (answers to entries)", "правка Атакующего в А3.1 (ответы на вход в его сектора)"),
    ("the Attacker's AX3.1 edit (answers to entries)", "правка Атакующего в AX3.1 (ответы на вход в его сектора)"),
    ("the Attacker's {st:w} post (§5.8: forced into {s:w})", "пост Атакующего {st} (§5.8: принуждён идти в {s})"),
    ("the Defender's {st:w} post (§5.8: forced into {s:w})", "пост Защищающего {st} (§5.8: принуждён идти в {s})"),
    ("the Attacker's {st:w} post (§5.8: answers to the forced entries)",
     "пост Атакующего {st} (§5.8: ответы на вынужденный вход)"),
    ("the Defender's {st:w} post (§5.8: answers to the forced entries)",
     "пост Защищающего {st} (§5.8: ответы на вынужденный вход)"),
    ("{side:w}'s Phase 0 post (purchase)", "пост Фазы 0 стороны {side} (закупка)"),
    ("{side:w}'s Phase B post (shots)", "пост Фазы Б стороны {side} (стрельба и магия)"),
    ("{side:w}'s Phase C post (voluntary retreats)", "пост Фазы В стороны {side} (добровольные отступления)"),
    ("{what} (a d10: a 10 is rolled again, AMB-05)", "{what:@} (бросок к10: 10 перебрасывается, AMB-05)"),
    ("D9 attack of {a}", "D9 атаки {a}"),
    ("D9 melee of {a}", "D9 ближнего боя {a}"),
    ("1D3 sign of {a}", "Знак {a}: 1D3"),
    ("d100 morale of {a}", "проверка Морали {a}: к100"),
    ("1d10 of {side:w} (§5.8, nobody moved)", "1к10 стороны {side} (§5.8, никто не ходил)"),
    ("D{n:#} friendly-fire check of {a}'s shot (CP-09)", "D{n} проверки на Урон от выстрела {a} (CP-09)"),
    ("{a}'s charge: a new target in {s}, or cancel (CP-20)", "кавалерийская атака {a}: новая цель в {s} или отмена "
     "(CP-20)"),
    ("the flight path of {a} (CP-12)", "путь бегства {a} (CP-12)"),
    ("whether {a} tries a morale check (CP-15)", "пробует ли {a} пройти проверку Морали (CP-15)"),
    ("which attacker {a} fights (CP-05)", "с кем из нападающих сражается {a} (CP-05)"),
    ("where {a} flees (CP-11)", "куда бежит {a} (CP-11)"),
    ("where {a} falls back (CP-10)", "куда отступает {a} (CP-10)"),
    ("the lower sector A forces the enemy into (CP-19)", "сектор нижнего ряда, куда A гонит противника (CP-19)"),
    ("the upper sector D forces the enemy into (CP-19)", "сектор верхнего ряда, куда D гонит противника (CP-19)"),
    ("whether the {w:w} pardons {c:w} and takes him captive (CP-22)",
     "помилует ли {w} персонажа {c}, взяв его в плен (CP-22)"),
]

RULE = [("§{rest}", "§{rest:rule}"), ("{x:w}: {rest}", "{x}: {rest:@}")]


@cache
def catalogue_ru() -> Catalogue:
    return Catalogue([*REQUESTS, *WHY, *PROBLEMS, *RULE], WORDS)
