"""A player's order in full sentences, in the rulebook's words (§4.2.3 the ledger, §4.3 Phase A, §5 Phases Б and В,
§3 Phase 0): who moves, deploys from the Reserve, joins or leaves a Unit, engages in Melee, charges, shoots, casts a
Spell, retreats; what a side buys and reveals. A unit is named by its code and card ("Отряд A-In-1 (Пехота)"), a
character by the name on its card ("Леди Ильзабет")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.render.text import tr
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import RESERVE
from replay.rulesets.cerilia.words import PHASE, SIDE

SIGN = {"Sw": ("Меч", "Sword"), "Sh": ("Щит", "Shield"), "B": ("Баннер", "Banner")}
"""§4.2.3 "1 - Меч, 2 - Щит, 3 - Баннер"."""


def _pair(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "ru" else pair[1]


def card_of(unit: str, state: Any) -> str | None:
    """A troop's unit-card code: the state's, or the code inside its id ("A-In-1" → "In")."""
    held = getattr(state, "units", {}).get(unit) if state is not None else None
    if held is not None:
        return str(held.card)
    parts = unit.split("-")
    return parts[1] if len(parts) == 3 else None


def unit(unit_id: Any, lang: str, state: Any = None) -> str:
    """ "Отряд A-In-1 (Пехота)" / "Infantry A-In-1"; a character by its card's name ("Леди Ильзабет")."""
    uid = str(unit_id)
    character = tables().characters.get(uid)
    if character is not None:
        return character.name_ru if lang == "ru" else character.name_en
    card = tables().units.get(card_of(uid, state) or "")
    if card is None:
        return tr(lang, f"Отряд {uid}", f"unit {uid}")
    return tr(lang, f"Отряд {uid} ({card.name_ru})", f"{card.name_en} {uid}")


def place(where: Any, lang: str) -> str:
    """A sector, or a side's Reserve ("резерв Атакующего")."""
    for side, reserve in RESERVE.items():
        if where == reserve:
            return tr(lang, f"Резерв {'Атакующего' if side == 'A' else 'Защищающего'}",
                      f"the {SIDE['en'][side]}'s Reserve")
    return str(where)


def path(steps: Any, lang: str) -> str:
    return " → ".join(place(s, lang) for s in steps or [])


def spell(spell_id: Any, lang: str) -> str:
    row = tables().spells.get(str(spell_id))
    return str(spell_id) if row is None else str(row["name_ru" if lang == "ru" else "name_en"])


def side_of(actor: Any, state: Any, lang: str) -> str:
    """ "Атакующий (alice)" (the player alone without a state)."""
    side = state.side_of(actor) if state is not None else None
    return f"{SIDE[lang][side]} ({actor})" if side in SIDE[lang] else str(actor)


def line_said(line: Mapping[str, Any], actor: Any, lang: str, state: Any) -> str:
    """One ledger line in a sentence."""
    verb = line.get("verb")
    who = unit(line.get("actor"), lang, state)
    target = unit(line.get("target"), lang, state)
    if verb == "move":
        return tr(lang, f"{who} перемещается: {path(line.get('path'), lang)}.",
                  f"{who} moves: {path(line.get('path'), lang)}.")
    if verb == "deploy":
        steps = list(line.get("path") or [])
        start, steps = (place(steps[0], lang), steps[1:]) if steps and steps[0] in RESERVE.values() else (
            tr(lang, "Резерва", "the Reserve"), steps)
        start = start.replace("Резерв ", "Резерва ", 1) if lang == "ru" else start
        text = tr(lang, f"{who} выходит из {start}: {path(steps, lang)}",
                  f"{who} deploys from {start}: {path(steps, lang)}")
        if line.get("reserve_slot") is not None:
            text += tr(lang, f" (ячейка Резерва {line['reserve_slot']})", f" (Reserve slot {line['reserve_slot']})")
        sign = line.get("sign")
        if sign == "roll":
            text += tr(lang, "; Знак определит бросок 1к3", "; its Sign is rolled on 1D3")
        elif sign in SIGN:
            text += tr(lang, f"; объявлен Знак «{SIGN[sign][0]}»", f"; declared Sign: {SIGN[sign][1]}")
        return text + "."
    if verb == "join":
        return tr(lang, f"{unit(line.get('character'), lang)} присоединяется: {unit(line.get('host'), lang, state)}.",
                  f"{unit(line.get('character'), lang)} joins the unit {unit(line.get('host'), lang, state)}.")
    if verb == "detach":
        return tr(lang, f"{unit(line.get('character'), lang)} отсоединяется ({who}) и перемещается: "
                        f"{path(line.get('path'), lang)}.",
                  f"{unit(line.get('character'), lang)} detaches from the unit {who} and moves: "
                  f"{path(line.get('path'), lang)}.")
    if verb == "declare_melee":
        return tr(lang, f"{who} вступает в Ближний Бой; цель — {target}.", f"{who} engages in Melee; target: {target}.")
    if verb == "choose_melee_target":
        return tr(lang, f"{who} выбирает цель Ближнего Боя: {target}.", f"{who} chooses its Melee target: {target}.")
    if verb == "declare_charge":
        return tr(lang, f"{who} совершает Кавалерийскую Атаку: {path(line.get('path'), lang)}; цель — {target}.",
                  f"{who} charges: {path(line.get('path'), lang)}; target: {target}.")
    if verb == "shoot":
        return tr(lang, f"{who} проводит Дальнобойную Атаку; цель — {target}.",
                  f"{who} makes a Ranged Attack; target: {target}.")
    if verb == "cast":
        return tr(lang, f"{who} применяет Заклинание «{spell(line.get('spell'), lang)}»; цель — {target}.",
                  f"{who} casts the Spell “{spell(line.get('spell'), lang)}”; target: {target}.")
    if verb == "mounted_retreat":
        return tr(lang, f"{who} совершает Конное Отступление в {place(line.get('to'), lang)}.",
                  f"{who} makes a Mounted Retreat to {place(line.get('to'), lang)}.")
    if verb == "voluntary_retreat":
        return tr(lang, f"{who} совершает Добровольное Отступление в {place(line.get('to'), lang)}.",
                  f"{who} retreats voluntarily to {place(line.get('to'), lang)}.")
    if verb == "rout_move":
        return tr(lang, f"{who} бежит: {path(line.get('path'), lang)}.",
                  f"{who} flees: {path(line.get('path'), lang)}.")
    if verb == "fall_back":
        return tr(lang, f"{who} отступает: {path(line.get('path'), lang)}.",
                  f"{who} falls back: {path(line.get('path'), lang)}.")
    if verb == "hold":
        return tr(lang, f"{who} стоит на месте.", f"{who} holds.")
    if verb == "morale_check":
        return tr(lang, f"{who} проходит проверку Морали.", f"{who} takes a morale check.")
    side = side_of(actor, state, lang)
    if verb == "concede":
        return tr(lang, f"{side} признает поражение.", f"{side} concedes.")
    if verb == "offer_draw":
        return tr(lang, f"{side} предлагает ничью.", f"{side} offers a draw.")
    if verb == "accept_draw":
        return tr(lang, f"{side} принимает ничью.", f"{side} accepts the draw.")
    return tr(lang, f"{who}: приказ {verb}.", f"{who}: order {verb}.")


def purchase(order: Mapping[str, Any], lang: str, state: Any) -> list[str]:
    """What a side buys in Phase 0 (§3): units, characters with their spells, terrain cards, its fortification."""
    out = []
    units = [_card_unit(u, lang) for u in order.get("units") or []]
    if units:
        out.append(tr(lang, "Отряды: ", "units: ") + ", ".join(units))
    characters = []
    for c in order.get("characters") or []:
        spells = [f"{spell(s, lang)} ×{n}" for s, n in (c.get("spells") or {}).items()]
        characters.append(unit(c.get("id"), lang) + (tr(lang, " (заклинания: ", " (spells: ") + ", ".join(spells)
                                                     + ")" if spells else ""))
    if characters:
        out.append(tr(lang, "Персонажи: ", "characters: ") + ", ".join(characters))
    terrain = [tr(lang, f"{_terrain(t.get('card'), lang)} в секторе {t.get('sector')}",
                  f"{_terrain(t.get('card'), lang)} in sector {t.get('sector')}") for t in order.get("terrain") or []]
    if terrain:
        out.append(tr(lang, "Карточки Местности: ", "terrain cards: ") + ", ".join(terrain))
    fort = order.get("fortification")
    if isinstance(fort, Mapping):
        out.append(tr(lang, f"Укрепления в секторе {fort.get('sector')}",
                      f"fortification in sector {fort.get('sector')}"))
    return out


def _card_unit(u: Mapping[str, Any], lang: str) -> str:
    card = tables().units.get(str(u.get("card")))
    named = (card.name_ru if lang == "ru" else card.name_en) if card is not None else str(u.get("card"))
    return tr(lang, f"{u.get('id')} ({named})", f"{named} {u.get('id')}")


def _terrain(card: Any, lang: str) -> str:
    row = tables().terrain.get(str(card))
    return str(card) if row is None else str(row["name_ru" if lang == "ru" else "name_en"])


def say(order: Mapping[str, Any], actor: Any, lang: str, state: Any = None) -> str:
    """A cerilia order in full sentences."""
    who, step = side_of(actor, state, lang), str(order.get("step", ""))
    if step == "P0":
        bought = purchase(order, lang, state)
        return tr(lang, f"{who} в Фазе 0 закупает: ", f"{who} buys in Phase 0: ") + "; ".join(bought) + "."
    if step == "reveal":
        return tr(lang, f"{who} вскрывает свою закупку: ", f"{who} reveals its purchase: ") + "; ".join(
            purchase(order, lang, state)) + "."
    lines = [line_said(line, actor, lang, state) for line in order.get("lines") or []]
    if not lines:
        when = PHASE[lang].get(step, step)
        return tr(lang, f"{who} не отдает приказов на шаге «{when}».", f"{who} gives no orders at «{when}».")
    return " ".join(lines)
