"""Russian and English terms shared by the parser, the post and the frame (§1.2, §4.2.3)."""

from __future__ import annotations

VERBS: dict[str, dict[str, tuple[str, ...]]] = {
    # canonical verb: {"en": (how it is written, first the one the post prints), "ru": (…)}
    "move": {"en": ("moves", "move", "goes"), "ru": ("перемещается", "переходит", "идет", "идёт")},
    "deploy": {"en": ("deploys", "deploy"), "ru": ("выходит из резерва", "развертывается", "развёртывается")},
    "join": {"en": ("joins", "join"), "ru": ("присоединяется к", "присоединяется", "соединяется с")},
    "detach": {"en": ("detaches", "detach"), "ru": ("отсоединяется",)},
    "declare_melee": {"en": ("attacks", "melee", "attack", "attacks (melee)"),
                      "ru": ("бьет", "бьёт", "атакует", "вступает в ближний бой", "задействует против")},
    "choose_melee_target": {"en": ("fights", "choose_melee_target"), "ru": ("выбирает цель",)},
    "declare_charge": {"en": ("charges", "charge"),
                       "ru": ("кавалерийская атака", "совершает кавалерийскую атаку")},
    "mounted_retreat": {"en": ("mounted retreat",), "ru": ("конное отступление",)},
    "shoot": {"en": ("shoots", "shoot"), "ru": ("стреляет", "обстреливает")},
    "cast": {"en": ("casts", "cast"), "ru": ("кастует", "использует заклинание")},
    "rout_move": {"en": ("flees", "rout_move", "rout move"), "ru": ("бежит", "бежит (разгром)")},
    "fall_back": {"en": ("falls back", "fall_back", "fall back"), "ru": ("отступает (f)", "отступает")},
    "voluntary_retreat": {"en": ("retreats voluntarily", "voluntary_retreat"), "ru": ("отступает добровольно",)},
    "morale_check": {"en": ("morale check", "morale_check"), "ru": ("проверка морали",)},
    "concede": {"en": ("concedes", "concede"), "ru": ("признаю поражение",)},
    "offer_draw": {"en": ("offers a draw", "offer_draw"), "ru": ("предлагаю ничью",)},
    "accept_draw": {"en": ("accepts the draw", "accept_draw"), "ru": ("принимаю ничью", "согласен на ничью")},
    "hold": {"en": ("holds", "hold"), "ru": ("стоит",)},
}


def verb_of(text: str) -> str | None:
    """The canonical verb a written verb means (the longest synonym that matches the whole text)."""
    low = " ".join(text.lower().replace("ё", "е").split())
    best = None
    for verb, langs in VERBS.items():
        for word in (verb, *langs["en"], *langs["ru"]):
            w = word.replace("ё", "е")
            if low == w and (best is None or len(w) > best[1]):
                best = (verb, len(w))
    return best[0] if best else None


def verb_word(verb: str, lang: str) -> str:
    return VERBS[verb]["ru" if lang == "ru" else "en"][0]


SIDE = {"ru": {"A": "Атакующий", "D": "Защищающий"}, "en": {"A": "Attacker", "D": "Defender"}}
PHASE = {
    "ru": {"P0": "Фаза 0: закупка, местность, укрепление", "A1": "Фаза А: ход Атакующего",
           "A3": "Фаза А: ход Защищающего", "A3_1": "Фаза А: правка Атакующего", "A_close": "Фаза А: итог",
           "AX1": "Фаза А продлена (§5.8): Атакующий", "AX3": "Фаза А продлена (§5.8): Защищающий",
           "AX3_1": "Фаза А продлена (§5.8): правка Атакующего", "AX_close": "Фаза А продлена: итог",
           "B_A": "Фаза Б: Атакующий (по порядку постов)", "B_D": "Фаза Б: Защищающий (по порядку постов)",
           "B1": "Фаза Б: магия", "B2": "Фаза Б: стационарные выстрелы", "B3": "Фаза Б: кавалерийские атаки",
           "B4": "Фаза Б: ближний бой", "B5": "Фаза Б: мобильные выстрелы", "C_A": "Фаза В: Атакующий",
           "C_D": "Фаза В: Защищающий",
           "C1": "Фаза В: бегство", "C2": "Фаза В: отступления по F", "C3": "Фаза В: добровольные отступления",
           "C4": "Фаза В: проверки Морали", "C5": "Фаза В: конец раунда"},
    "en": {"P0": "Phase 0: purchase, terrain, fortification", "A1": "Phase A: Attacker's moves",
           "A3": "Phase A: Defender's moves", "A3_1": "Phase A: Attacker's edit", "A_close": "Phase A: close",
           "AX1": "Phase A extended (§5.8): Attacker", "AX3": "Phase A extended (§5.8): Defender",
           "AX3_1": "Phase A extended (§5.8): Attacker's edit", "AX_close": "Phase A extended: close",
           "B_A": "Phase B: the Attacker (post order)", "B_D": "Phase B: the Defender (post order)",
           "B1": "Phase B: magic", "B2": "Phase B: stationary shots", "B3": "Phase B: cavalry charges",
           "B4": "Phase B: melee", "B5": "Phase B: mobile shots", "C_A": "Phase C: Attacker",
           "C_D": "Phase C: Defender",
           "C1": "Phase C: rout moves", "C2": "Phase C: fall-backs", "C3": "Phase C: voluntary retreats",
           "C4": "Phase C: morale checks", "C5": "Phase C: end of round"},
}
RESULT = {"ru": {"-": "промах", "F": "F (отступление атакующего)", "H": "H (1 повреждение)",
                 "R": "R (повреждение и разгром)", "D": "D (уничтожен)"},
          "en": {"-": "miss", "F": "F (the attacker falls back)", "H": "H (1 damage)", "R": "R (damage and rout)",
                 "D": "D (destroyed)"}}
KIND = {"ru": {"stationary": "стационарный выстрел", "mobile": "мобильный выстрел", "friendly": "проверка на Урон",
               "charge": "кавалерийская атака", "melee": "ближний бой"},
        "en": {"stationary": "stationary shot", "mobile": "mobile shot", "friendly": "friendly-fire check",
               "charge": "cavalry charge", "melee": "melee"}}


def tr(lang: str, ru: str, en: str) -> str:
    return ru if lang == "ru" else en

REASON = {  # why a battle ended (battle_ended.reason)
    "ru": {"concession": "противник признал поражение", "agreement": "по согласию сторон",
           "no_units_on_field": "на Поле Боя не осталось отрядов (§5.9)", "dm_defeat": "поражение засчитано ДМом",
           "dm_draw": "по решению ДМа", "dm_ended": "бой прекращён ДМом",
           "stalemate_draw": "выпало 9 или 10 на 1к10 (§5.8)"},
    "en": {"concession": "the other side conceded", "agreement": "agreed by both sides",
           "no_units_on_field": "no units left on the field (§5.9)", "dm_defeat": "a defeat declared by the DM",
           "dm_draw": "declared by the DM", "dm_ended": "the DM ended the battle",
           "stalemate_draw": "a 9 or 10 on the 1d10 (§5.8)"},
}

PURPOSE = {"ru": {"attack": "атака", "sign": "знак", "friendly_fire": "проверка на Урон", "morale": "мораль",
                  "stalemate": "«никто не ходил», §5.8"},
           "en": {"attack": "attack", "sign": "sign", "friendly_fire": "friendly-fire check", "morale": "morale",
                  "stalemate": "nobody moved, §5.8"}}
PARAM_RU = {"melee": "ближний бой", "charge": "кав. атака", "missile": "дальний бой", "defence": "защита"}
KIND_RU = {"charge": "кав. атаки", "melee": "ближнего боя", "stationary": "выстрела", "mobile": "выстрела",
           "friendly": "выстрела"}


def part_name(name: str, lang: str) -> str:
    """A value part's name (the payload's, in English) in the post's language: "Arc missile", "1 damage", "Hill"."""
    if lang != "ru":
        return name
    from replay.rulesets.cerilia.data import tables

    head, _, tail = name.partition(" ")
    if tail in PARAM_RU:
        return f"{head} {PARAM_RU[tail]}"
    if tail == "damage" and head.isdigit():
        return f"{head} повр."
    if head == "vs" and tail in KIND_RU:
        return f"против {KIND_RU[tail]}"
    if name == "spell":
        return "заклинание"
    for rows in (tables().terrain.values(), tables().fortifications.values()):
        for row in rows:
            if row.get("name_en") == name:
                return str(row["name_ru"])
    for card in tables().characters.values():
        if card.name_en == name:
            return card.name_ru
    return name


def spell_effect(effect: dict, lang: str) -> str:
    """A spell card's effect in words: "H (1 damage)", "+1 melee, +1 defence until the round's end", "hidden"."""
    if "result" in effect:
        return RESULT[lang][str(effect["result"])]
    if "buff" in effect:
        parts = ", ".join(f"{int(n):+d} {PARAM_RU[k] if lang == 'ru' else k}" for k, n in effect["buff"].items())
        return parts + tr(lang, " до конца раунда", " until the round's end")
    if effect.get("hide"):
        return tr(lang, "отряд скрыт ([…])", "the stack is hidden ([…])")
    if "summon" in effect:
        return tr(lang, f"призыв отряда {effect['summon']}", f"summons a {effect['summon']} unit")
    if "set_terrain" in effect:
        terrain = effect["set_terrain"]
        return tr(lang, f"местность сектора → {terrain}", f"the sector's terrain → {terrain}")
    return ", ".join(f"{k}: {v}" for k, v in effect.items())

CHOICE = {  # a choice's name in a post (check.CHOICES)
    "ru": {"melee_target": "цель ближнего боя", "rout_move": "куда бежит", "fall_back": "куда отступает (F)",
           "rout_flight": "путь бегства", "morale_check": "проверка морали", "charge_target": "новая цель атаки",
           "stalemate_sector": "сектор по правилу 1к10", "pardon": "помилование"},
    "en": {"melee_target": "melee target", "rout_move": "rout move", "fall_back": "fall back",
           "rout_flight": "flight path", "morale_check": "morale check", "charge_target": "new charge target",
           "stalemate_sector": "1d10 sector", "pardon": "pardon"},
}
CHOICE_VALUE = {"ru": {"yes": "да", "no": "нет", "attempt": "проверять", "skip": "не проверять", "cancel": "отменить"},
                "en": {}}
VOID = {  # why an order became void at resolution (order_void.reason); a cast's reason is its problem's text
    "ru": {"attack_used": "атака Отряда в этом Раунде уже истрачена", "cancelled": "владелец отменил атаку",
           "engaged": "Отряд связан Ближним Боем",
           "not_eligible": "Отряд не может стрелять ни стационарно, ни мобильно",
           "revalidation": "путь или цель больше не законны", "routed": "Отряд разгромлен",
           "target_gone": "цели больше нет"},
    "en": {"attack_used": "the stack's attack this round is used", "cancelled": "its owner cancelled the charge",
           "engaged": "the stack is engaged in melee", "not_eligible": "it can shoot neither stationary nor mobile",
           "revalidation": "its path or target is no longer legal", "routed": "the stack is routed",
           "target_gone": "its target is gone"},
}


def void_reason(reason: str, lang: str) -> str:
    """An order_void reason in words; a cast's problem text keeps its section and, in Russian, says it in short."""
    if reason in VOID[lang]:
        return VOID[lang][reason]
    section = reason.partition(":")[0].partition(" (")[0].replace(" item ", ", п. ") if reason.startswith("§") else ""
    return tr(lang, "заклинание больше не законно" + (f", {section}" if section else ""), reason)
