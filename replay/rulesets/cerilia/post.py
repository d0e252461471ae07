"""The DM's post of a round (or of one phase), ru and en: the orders revealed, each attack's lookup with its
arithmetic (value with its parts − defence with its parts = diff, the card, the roll, the target's sign, the result),
R/D over F spelled out, the other resolutions in the words of their payloads, and each side's ledger (§4.2.3).
Every number comes from a payload; nothing is recomputed."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from eventlog.envelope import Event
from replay.render import ru
from replay.render.text import Doc, b, board_names, check_spoiler, ids_in_brackets, signed, spec_meanings
from replay.ruleset import TurnView
from replay.rulesets.cerilia import PHASES
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.data import DATA, tables
from replay.rulesets.cerilia.events import trusted
from replay.rulesets.cerilia.model import Battle
from replay.rulesets.cerilia.view import location
from replay.rulesets.cerilia.words import (
    CHOICE,
    CHOICE_VALUE,
    KIND,
    PHASE,
    PURPOSE,
    REASON,
    RESULT,
    SIDE,
    part_name,
    spell_effect,
    tr,
    verb_word,
    void_reason,
)


def _parts(parts: list[list[Any]], lang: str = "en") -> str:
    head, *rest = parts or [["0", 0]]
    out = f"{head[1]} ({part_name(str(head[0]), lang)})"
    for name, n in rest:
        out += f" {'+' if n >= 0 else '−'} {abs(n)} ({part_name(str(name), lang)})"
    return out


def attack_line(p: Any, lang: str) -> str:
    """One lookup as a GM writes it: value (its parts) − defence (its parts) = diff, the card, the sign, the result."""
    kind = KIND[lang][p.kind]
    if p.roll is None:
        return tr(lang, f"{p.attacker} → {p.target} ({kind}): цель разгромлена — уничтожена без броска (AR-3)",
                  f"{p.attacker} → {p.target} ({kind}): the target is routed — destroyed without a roll (AR-3)")
    col = "" if p.col == p.diff else tr(lang, f" (колонка {signed(p.col)})", f" (column {signed(p.col)})")
    tail = RESULT[lang][p.result]
    if p.ruling is not None:
        tail = tr(lang, f"{RESULT[lang][p.computed]}; ДМ постановил: {RESULT[lang][p.result]} (seq {p.ruling})",
                  f"{RESULT[lang][p.computed]}; the DM rules {RESULT[lang][p.result]} (seq {p.ruling})")
    if p.effective != p.result:
        tail += tr(lang, " — стрелки игнорируют F", " — shooters ignore F")
    value = _parts(p.value_parts, lang)
    defence = _parts(p.defence_parts, lang)
    value = value if len(p.value_parts) == 1 else f"[{value}] = {p.value}"
    defence = defence if len(p.defence_parts) == 1 else f"[{defence}] = {p.defence}"
    return (f"{p.attacker} → {p.target} ({kind}): {tr(lang, 'атака', 'attack')} {value}; "
            f"{tr(lang, 'защита', 'defence')} {defence}; {p.value} − {p.defence} = {signed(p.diff)}{col}; "
            f"D9 = {p.roll}{_d10(getattr(p, 'd10', None), lang)} → {tr(lang, 'карточка', 'card')} {p.roll}, "
            f"{tr(lang, 'знак цели', 'target sign')} {p.target_sign} → {tail}")


def _d10(d10: list[int] | None, lang: str) -> str:
    """AMB-05: the d10s an attack's D9 was read from, each 10 rolled again: " (d10 10→ reroll 4)", «(к10 10→ переброс
    4)»."""
    if not d10:
        return ""
    return tr(lang, " (к10 ", " (d10 ") + tr(lang, "→ переброс ", "→ reroll ").join(str(x) for x in d10) + ")"


def effect_line(p: Any, lang: str) -> str:
    parts = [f"{p.stack}: {', '.join(p.results) or '—'}"]
    if p.destroyed and "D" not in p.results and p.damage_after > p.damage_before and not p.fallen:
        parts.append(tr(lang, f"повреждения {p.damage_before} → {p.damage_after}, больше максимума карточки: "
                              "уничтожен", f"damage {p.damage_before} → {p.damage_after}, above the card's maximum: "
                                           "destroyed"))
    elif p.destroyed and p.fallen:
        if p.damage_after != p.damage_before:
            parts.append(tr(lang, f"повреждения {p.damage_before} → {p.damage_after}",
                            f"damage {p.damage_before} → {p.damage_after}"))
    elif p.destroyed:
        parts.append(tr(lang, "уничтожен", "destroyed"))
    else:
        if p.damage_after != p.damage_before:
            parts.append(tr(lang, f"повреждения {p.damage_before} → {p.damage_after}",
                            f"damage {p.damage_before} → {p.damage_after}"))
        if p.routed:
            parts.append(tr(lang, "разгромлен", "routed"))
        if p.falls_back:
            parts.append(tr(lang, "отступит в фазе В (F)", "falls back in Phase C (F)"))
    if p.f_discarded:
        parts.append(tr(lang, "R/D выше F: свой F не действует, отряд не отступает",
                        "R/D beat F: its own F is discarded, it does not fall back"))
    if p.released:
        parts.append(tr(lang, f"{', '.join(p.released)} освобождаются и остаются в ячейке",
                        f"{', '.join(p.released)} detach and stay in the slot"))
    if p.fallen:
        parts.append(tr(lang, f"{', '.join(p.fallen)}: выбывает до конца боя (§5.6.4)",
                        f"{', '.join(p.fallen)}: removed from the field until the battle's end (§5.6.4)"))
    return "; ".join(parts)


def event_line(event: Event, lang: str) -> str:
    p = trusted(event.type, event.payload)
    t = event.type.removeprefix("cerilia.")
    if t == "attack":
        return attack_line(p, lang)
    if t == "effect":
        return effect_line(p, lang)
    if t == "battle_ended":
        why = REASON[lang].get(p.reason, p.reason)
        if p.draw:
            return tr(lang, f"Бой окончен ничьей: {why}", f"The battle ends in a draw: {why}")
        if p.winner is None:
            return tr(lang, f"Бой прекращён без победителя: {why}", f"The battle is ended without a winner: {why}")
        return tr(lang, f"Бой окончен: победил {SIDE['ru'][p.winner]} — {why}",
                  f"The battle is over: the {SIDE['en'][p.winner]} wins — {why}")
    words = _NARRATE.get(t)
    if words:
        return words(p, lang)
    if lang == "en":
        return "; ".join(event.payload.get("why") or [event.type])
    from replay.render.i18n import event_name, why_lines
    from replay.ruleset import get

    return "; ".join(why_lines(get("cerilia"), event.payload, lang) or [event_name(get("cerilia"), event.type, lang)])


def said_dice(notation: str, lang: str) -> str:
    """A roll's dice in the post's language: «1к3» in Russian, "1D3" as the log has it in English."""
    return ru.dice(notation) if lang == "ru" else notation


def _walk(p: Any, lang: str) -> str:
    out = f"{p.stack}: {'>'.join(p.path)} ({p.mp_cost} {tr(lang, 'ОП', 'MP')}) → {p.to}-{p.slot}"
    if getattr(p, "sign", None):
        how = tr(lang, "брошен 1к3 = " + str(p.sign_roll), "rolled 1D3 = " + str(p.sign_roll)) \
            if p.sign_method == "rolled" else tr(lang, "объявлен", "declared")
        out += tr(lang, f"; знак {p.sign} ({how})", f"; sign {p.sign} ({how})")
    if getattr(p, "cost", 0):
        out += tr(lang, f"; стоимость {p.cost}, развёрнуто на {p.spent_so_far}",
                  f"; cost {p.cost}, {p.spent_so_far} deployed so far")
    if p.entry:
        out += tr(lang, "; вошёл в сектор с Противником — движение окончено", "; entered an enemy-held sector: "
                  "its move ends")
    if getattr(p, "halted", False):
        out += tr(lang, "; местность останавливает его до конца раунда", "; the terrain halts it for the round")
    return out


_NARRATE = {
    "purchase_committed": lambda p, lang: tr(
        lang, f"{SIDE['ru'][p.side]} потратил {p.total_spent}; список закрыт (sha256 {p.commitment[:12]}…)",
        f"the {SIDE['en'][p.side]} spent {p.total_spent}; the list is sealed (sha256 {p.commitment[:12]}…)"),
    "pool_stocked": lambda p, lang: tr(lang, "резерв: ", "pool: ") + ", ".join(
        [u["id"] for u in p.units] + [c["id"] for c in p.characters]),
    "terrain_placed": lambda p, lang: tr(lang, f"местность «{_terrain(p.card, 'ru')}» в {p.sector}",
                                         f"terrain {_terrain(p.card, 'en')} in {p.sector}"),
    "fortification_placed": lambda p, lang: tr(lang, f"укрепление уровня {p.level} в {p.sector}",
                                               f"fortification level {p.level} in {p.sector}"),
    "deployed": _walk,
    "moved": _walk,
    "joined": lambda p, lang: tr(lang, f"{p.character} присоединяется к {p.host}", f"{p.character} joins {p.host}"),
    "detached": lambda p, lang: tr(lang, f"{p.character} отсоединяется → {p.to}-{p.slot}",
                                   f"{p.character} detaches → {p.to}-{p.slot}"),
    "melee_declared": lambda p, lang: tr(lang, f"{p.stack} вступает в ближний бой с {p.target}",
                                         f"{p.stack} engages {p.target} in melee"),
    "charge_declared": lambda p, lang: tr(
        lang, f"{p.stack} заявляет кавалерийскую атаку {'>'.join(p.path)} на {p.target} (исполнение в Б3)",
        f"{p.stack} declares a charge {'>'.join(p.path)} at {p.target} (carried out in B3)"),
    "order_void": lambda p, lang: tr(
        lang, f"{p.stack}: приказ «{verb_word(p.verb, 'ru')}» отменён ({void_reason(p.reason, 'ru')})",
        f"{p.stack}: the {p.verb} order is void ({void_reason(p.reason, 'en')})"),
    "target_chosen": lambda p, lang: (
        tr(lang, f"{p.stack} свободен", f"{p.stack} is free") if p.target is None else
        tr(lang, f"{p.stack} сражается с {p.target}", f"{p.stack} fights {p.target}")
        + {"auto": tr(lang, " (единственный противник)", " (its only attacker)"),
           "default": tr(lang, " (по умолчанию: нижняя ячейка)", " (default: the lowest slot)"),
           "chosen": tr(lang, " (выбор игрока)", " (the player's choice)")}.get(p.how, "")),
    "friendly_selected": lambda p, lang: tr(
        lang, f"проверка на Урон: с {p.target} в бою {', '.join(p.candidates)}"
              + (f"; D{p.n} = {p.roll} → {p.unit}" if p.roll else f" → {p.unit}"),
        f"friendly-fire check: {p.target} is engaged with {', '.join(p.candidates)}"
        + (f"; D{p.n} = {p.roll} → {p.unit}" if p.roll else f" → {p.unit}")),
    "destroyed": lambda p, lang: tr(lang, f"{p.stack} уничтожен: {CAUSE['ru'].get(p.cause, p.cause)}",
                                    f"{p.stack} is destroyed: {CAUSE['en'].get(p.cause, p.cause)}")
    + (tr(lang, f"; {', '.join(p.released)} остаются в секторе", f"; {', '.join(p.released)} stay in the sector")
       if getattr(p, "released", None) else ""),
    "rout_moved": lambda p, lang: tr(lang, f"{p.stack} бежит → {p.to}-{p.slot}", f"{p.stack} flees → {p.to}-{p.slot}"),
    "rout_fled": lambda p, lang: tr(lang, f"{p.stack} бежит в резерв: {'>'.join(p.path)} → {p.to}-{p.slot}",
                                    f"{p.stack} flees to its reserve: {'>'.join(p.path)} → {p.to}-{p.slot}"),
    "morale_checked": lambda p, lang: (
        tr(lang, f"{p.stack}: полная мораль — собирается без броска", f"{p.stack}: full morale — rallies, no roll")
        if p.auto else tr(
            lang, f"{p.stack}: проверка Морали к100 = {p.roll} → {p.drawn}: "
                  + ("пройдена, отряд собран" if p.passed else "провалена, остаётся разгромленным"),
            f"{p.stack}: morale check d100 = {p.roll} → {p.drawn}: "
            + ("passed, it rallies" if p.passed else "failed, it stays routed"))),
    "mounted_retreated": lambda p, lang: tr(lang, f"{p.stack}: конное отступление → {p.to}-{p.slot} (1 ОП)",
                                            f"{p.stack}: mounted retreat → {p.to}-{p.slot} (1 MP)"),
    "retreated": lambda p, lang: tr(lang, f"{p.stack} отступает добровольно → {p.to}-{p.slot} (1 ОП)",
                                    f"{p.stack} retreats voluntarily → {p.to}-{p.slot} (1 MP)"),
    "fell_back": lambda p, lang: tr(lang, f"{p.stack} отступает (F) → {p.to}-{p.slot}",
                                    f"{p.stack} falls back (F) → {p.to}-{p.slot}"),
    "revealed": lambda p, lang: tr(lang, f"{p.by} (Разведчики) обнаруживает скрытый отряд {p.stack} в {p.sector}",
                                   f"{p.by} (Scouts) finds the hidden {p.stack} in {p.sector}"),
    "charge_retargeted": lambda p, lang: tr(
        lang, f"{p.stack}: цель {p.old} ушла, владелец выбрал новую цель в том же секторе — {p.target}",
        f"{p.stack}: its target {p.old} is gone; its owner chose a new target in the same sector: {p.target}"),
    "stalemate": lambda p, lang: _stalemate(p, lang),
    "cast": lambda p, lang: _cast(p, lang),
    "purchase_revealed": lambda p, lang: tr(
        lang, f"{SIDE['ru'][p.side]} открывает список закупки: {_listed(p.units)} = {p.total}; "
              f"sha256 списка с солью совпадает с печатью Фазы 0 ({p.commitment[:12]}…)",
        f"the {SIDE['en'][p.side]} reveals its purchase list: {_listed(p.units)} = {p.total}; the sha256 of the list "
        f"and its salt matches the Phase 0 seal ({p.commitment[:12]}…)"),
    "fates": lambda p, lang: tr(lang, "Судьбы персонажей: ", "Fates: ") + (", ".join(
        f"{cid} — {FATE[lang][f]}" for cid, f in p.fates.items()) or tr(lang, "персонажей в бою не было",
                                                                        "no character took part")),
}
CAUSE = {"ru": {"attacked_while_routed": "атакован в состоянии Разгрома, без броска (AR-3)",
                "rout_blocked": "некуда бежать (MR-1, MR-3)", "fall_back_blocked": "некуда отступить (MR-1)",
                "flight_blocked": "нет пути в резерв (MR-1)"},
         "en": {"attacked_while_routed": "attacked while routed, no roll (AR-3)",
                "rout_blocked": "no way to flee (MR-1, MR-3)", "fall_back_blocked": "no way to fall back (MR-1)",
                "flight_blocked": "no way to its reserve (MR-1)"}}
FATE = {"ru": {"survives": "выживает", "captured": "в плену (помилование)", "out": "выбывает из игры"},
        "en": {"survives": "survives", "captured": "pardoned, captive", "out": "out of the game"}}


def _listed(units: list[dict[str, str]]) -> str:
    return ", ".join(f"{u['id']} ({tables().units[u['card']].cost})" if u["card"] in tables().units else u["id"]
                     for u in units) or "—"


def _terrain(card: str, lang: str) -> str:
    row = tables().terrain.get(card)
    return str(row[f"name_{lang}"]) if row else card


def _cast(p: Any, lang: str) -> str:
    spell = tables().spells.get(p.spell) or {"name_ru": p.spell, "name_en": p.spell}
    out = tr(lang, f"{p.caster}: {spell['name_ru']} → {p.target}: {spell_effect(p.effect, 'ru')} (без броска)",
             f"{p.caster} casts {spell['name_en']} on {p.target}: {spell_effect(p.effect, 'en')} (no roll)")
    if p.summoned:
        got = p.summoned
        how = tr(lang, f"1к3 = {got['sign_roll']}", f"1D3 = {got['sign_roll']}") if got["sign_roll"] else \
            tr(lang, "объявлен", "declared")
        out += tr(lang, f"; {got['id']} появляется в {p.target}-{got['slot']}, знак {got['sign']} ({how})",
                  f"; {got['id']} appears in {p.target}-{got['slot']}, sign {got['sign']} ({how})")
    return out


def _stalemate(p: Any, lang: str) -> str:
    rolls = ", ".join(f"{SIDE[lang][side]} {n}" for side, n in p.rolls.items())
    out = tr(lang, f"Никто не ходил (§5.8): 1к10 — {rolls}", f"Nobody moved (§5.8): 1d10 — {rolls}")
    for f in p.forcings:
        forced = {"A": "Атакующего", "D": "Защищающего"}[f["side"]]
        out += tr(lang, f"; {SIDE['ru'][f['by']]} заставляет {forced} направить отряды в {f['sector']}",
                  f"; the {SIDE['en'][f['by']]} forces the {SIDE['en'][f['side']]} into {f['sector']}")
    return out


def ledger_line(state: Battle, stack_id: str, lang: str) -> str:
    """`PkSh (E3-1; 0/1)` — the §4.2.3 state part of a stack's ledger line."""
    st = state.stacks[stack_id]
    names = [dv.char_card(c).name_ru if lang == "ru" else dv.char_card(c).name_en for c in dv.characters(state, st)]
    inner = "; ".join([*([", ".join(names)] if names and dv.troop(state, st) else []), location(st),
                       f"{dv.mp_available(state, st)}/{dv.mp_max(state, st)}"])
    extra = f" → {st.melee_target}" if st.melee_target else ""
    shown = str(dv.code(state, st)) if dv.sign(state, st) else dv.type_code(state, st)  # no sign before deployment
    return f"{shown} ({inner}){extra} · {st.id}"


def order_line(before: Battle, line: dict[str, Any], lang: str, moved: dict[str, tuple[str, int]] | None = None
               ) -> str:
    """One order line in the §4.2.3 ledger form, `InB (C1-1; 1/1) - moves - C1>C2`; `moved` holds where the post's
    earlier lines left a stack (its location and MP), and is updated by this line."""
    verb = line.get("verb", "?")
    if verb in ("concede", "offer_draw", "accept_draw"):  # §4.6: said by the player, not by a stack
        return verb_word(verb, lang)
    actor = str(line.get("actor"))
    head = actor
    if actor in before.stacks:
        st = before.stacks[actor]
        shown = str(dv.code(before, st)) if dv.sign(before, st) else dv.type_code(before, st)
        start = dv.mp_max(before, st) if before.phase != "P0" or before.round else dv.mp_available(before, st)
        loc, mp = (moved or {}).get(actor, (location(st), start))  # A0 resets every MP (§4.1)
        head = f"{shown} ({loc}; {mp}/{dv.mp_max(before, st)})"
    word = verb_word(verb, lang) if verb in _KNOWN else verb
    target = ">".join(line["path"]) if "path" in line else str(line.get("to") or "")
    if "target" in line:
        target = (f"{target} : " if target else "") + _target_text(before, str(line["target"]), moved)
    if "spell" in line:
        spell = tables().spells.get(str(line["spell"]))
        name = (spell["name_ru"] if lang == "ru" else spell["name_en"]) if spell else str(line["spell"])
        target = f"{name} > {_target_text(before, str(line.get('target')), moved)}"
    if verb == "detach":
        target = f"{line.get('character')} > " + ">".join(line.get("path") or [])
    if "host" in line:
        target = _target_text(before, str(line["host"]), moved)
    return f"{head} - {word}" + (f" - {target}" if target else "")


def _target_text(state: Battle, sid: str, moved: dict[str, tuple[str, int]] | None = None) -> str:
    """A target as the ledger writes it, `InSh C2-1`, where the post's earlier lines left it (a sector as it is)."""
    st = state.stacks.get(sid)
    if st is None or not dv.sign(state, st):
        return sid
    return f"{dv.code(state, st)} {(moved or {}).get(sid, (location(st), 0))[0]}"


def _moves(resolutions: tuple[Event, ...]) -> dict[str, list[tuple[str, int]]]:
    """Each stack's movement results of the turn in order, (location, MP spent)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for e in resolutions:
        if e.type in ("cerilia.moved", "cerilia.deployed"):
            out.setdefault(e.payload["stack"], []).append((f"{e.payload['to']}-{e.payload['slot']}",
                                                           int(e.payload["mp_cost"])))
    return out


_KNOWN = {"cast", "move", "deploy", "join", "detach", "declare_melee", "choose_melee_target", "declare_charge", "shoot",
          "hold", "rout_move", "fall_back", "voluntary_retreat", "mounted_retreat"}


def phase_short(step: str, lang: str) -> str:
    """An order's phase as a reader calls it («Фаза А», «Фаза А продлена»), not its id (A1, B_D); an unknown id as
    it is."""
    said = PHASE[lang].get(step)
    if said is None:
        return step
    edit = tr(lang, ", правка", ", edit") if step.endswith("_1") else ""  # A3_1: the Attacker's edit of Phase A
    return said.split(":")[0].replace(" (§5.8)", "") + edit


def post(view: TurnView, lang: str) -> Doc:
    before: Battle = view.before
    after: Battle = view.after
    doc = Doc()
    title = tr(lang, "Фаза 0", "Phase 0") if view.turn == 0 else tr(lang, f"Раунд {view.turn}", f"Round {view.turn}")
    if view.before.outcome is not None:  # the after-battle turn: the reveals, the pardons, the fates (§3, §5.9)
        title = tr(lang, "После боя", "After the battle")
    if view.phase:
        title += f" · {PHASE[lang].get(view.phase, view.phase)}"
    doc.h(title)
    orders = [e for e in view.inputs if e.type == "order" and e.payload.get("step") not in ("P0", "reveal")]
    if orders:
        doc.p(b(tr(lang, "Приказы", "Orders")))
        items = []
        results = _moves(view.resolutions)
        moved: dict[str, tuple[str, int]] = {}
        for e in orders:
            side = after.side_of(e.actor) or "?"
            lines = e.payload.get("lines") or []
            step = str(e.payload.get("step"))
            step = tr(lang, "в любой момент", "at any time") if step == "any" else phase_short(step, lang)
            head = f"{SIDE[lang].get(side, side)} ({step})"
            said = []
            for ln in lines:
                said.append(order_line(before, ln, lang, moved))
                sid = str(ln.get("actor"))
                if ln.get("verb") in ("move", "deploy") and results.get(sid) and sid in before.stacks:
                    loc, cost = results[sid].pop(0)
                    left = moved.get(sid, (None, dv.mp_max(before, before.stacks[sid])))[1]
                    moved[sid] = (loc, max(0, left - cost))
            items.append(f"{head}: " + ("; ".join(said) or tr(lang, "без приказов", "no orders")))
        doc.ul(items)
    rolls = [e for e in view.inputs if e.type == "roll"]
    if rolls:
        doc.p(b(tr(lang, "Броски", "Rolls")))
        doc.ul([f"{e.actor}: {said_dice(str(e.payload.get('dice')), lang)} = {e.payload.get('total')} ("
                + ", ".join(str(x) for x in (PURPOSE[lang].get(str(e.payload.get("purpose")), e.payload.get("purpose")),
                                             e.payload.get("unit")) if x) + ")" for e in rolls])
    chosen = [e for e in view.inputs if e.type == "choice"]
    if chosen:
        doc.p(b(tr(lang, "Выборы", "Choices")))
        doc.ul([f"{e.actor}: {CHOICE[lang].get(str(e.payload.get('name')), e.payload.get('name'))} ("
                + ", ".join(_choice_key(k, v, lang) for k, v in sorted(e.payload.items(), key=lambda kv: (
                    kv[0] == "reserve_slot", kv[0])) if k not in ("name", "value"))
                + f") = {CHOICE_VALUE[lang].get(str(e.payload.get('value')), e.payload.get('value'))}" for e in chosen])
    if view.rulings:  # CP-18, CP-25, CP-26: what the GM ruled, in the GM's words
        doc.p(b(tr(lang, "Решения ДМа", "GM rulings")))
        doc.ul([f"seq {e.seq}: " + (str(e.payload.get("note") or "") or tr(lang, "без пояснения", "no note"))
                + (f" ({(e.payload.get('override') or {}).get('name')} = {_value(e.payload.get('value'))})"
                   if e.payload.get("override") else "") for e in view.rulings])
    shown = [e for e in view.resolutions if e.type.startswith("cerilia.") and e.type != "cerilia.round_started"]
    phases: dict[str, list[Event]] = {}
    for e in shown:
        phases.setdefault(e.phase or "", []).append(e)
    for phase, events in phases.items():
        if view.before.outcome is not None:  # the after-battle turn (its steps are recorded at C5)
            doc.p(b(tr(lang, "Списки закупки и судьбы персонажей", "The purchase lists and the fates")))
            doc.ul([event_line(e, lang) for e in events])
            continue
        doc.p(b(PHASE[lang].get(phase, phase) if phase else tr(lang, "Постановлено ДМом (весь ход)",
                                                                  "As the GM ruled it (the whole turn)")))
        doc.ul([event_line(e, lang) for e in events])
    for side in ("A", "D"):
        ids = sorted(s.id for s in after.stacks.values() if s.side == side)
        if ids:
            doc.p(b(tr(lang, f"Учёт: {SIDE['ru'][side]}", f"Ledger: {SIDE['en'][side]}")))
            doc.ul([ledger_line(after, sid, lang) for sid in ids])
    if after.outcome:
        doc.p(b(event_line_outcome(after, lang)))
    logged = replace(view, resolutions=tuple(e for e in view.resolutions if e.seq))  # a provisional draft has no seq
    meanings = spec_meanings(DATA, lang)
    names = board_names(DATA) | {p for phase in PHASES for p in (phase, phase.split("_")[0])}  # sectors C1, phase C1
    check_spoiler(doc, logged, lang, [d for e in view.resolutions for d in e.payload.get("defaults") or []]
                  + ids_in_brackets(doc, meanings, names), meanings=meanings, names=names,
                  defaults_label=("Толкования правил и точки выбора, на которые опирается пост: ",
                                  "Rule interpretations and choice points the post relies on: "))
    return doc


def _choice_key(key: str, value: Any, lang: str) -> str:
    """A choice's key value as the post shows it; the reserve slot a flight enters (C3) is said as a slot."""
    return tr(lang, f"слот {value}", f"slot {value}") if key == "reserve_slot" else f"{value}"


def _value(value: Any) -> str:
    """A ruled value as the log writes it (`false`, not Python's `False`)."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def event_line_outcome(state: Battle, lang: str) -> str:
    o = state.outcome or {}
    why = REASON[lang].get(str(o.get("reason")), str(o.get("reason")))
    if o.get("draw"):
        return tr(lang, f"Итог: ничья ({why})", f"Outcome: a draw ({why})")
    if o.get("winner") is None:
        return tr(lang, f"Итог: бой прекращён без победителя ({why})", f"Outcome: ended without a winner ({why})")
    return tr(lang, f"Итог: победил {SIDE['ru'][o['winner']]} ({why})",
              f"Outcome: the {SIDE['en'][o['winner']]} wins ({why})")
