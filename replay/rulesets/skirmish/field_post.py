"""The GM's post of a battle round (part 2): the general initiative order, each melee pair's exchanges as part 1
tells them, each field exchange's moves, ranged stages and shots (their second of the round, modifiers and result),
the round's end, and the standing of every fighter. Narrated from the payloads' numbers and their `why` lines."""

from __future__ import annotations

from typing import Any

from replay.render.text import Doc, b, i, tr
from replay.ruleset import TurnView
from replay.rulesets.skirmish import battle_events, messages, pools, words
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish.battle import Battle, pair_id_of

LOST = {"dropped": ("на полу", "on the floor"), "broken_or_jammed": ("сломан или заклинил", "broken or jammed"),
        "picking": ("поднимает с пола весь раунд", "picking it up over the round")}
"""5.6.3 (L950): a ranged weapon a hurried preparation's botch dropped or broke, in the standing's Ranged column; M50
(L650): one picked up from the floor over the whole round."""
STAGES = {"empty": ("не готов", "empty"), "drawn": ("снаряд извлечён", "drawn"), "prepared": ("готов", "prepared"),
          "aimed": ("прицелился", "aimed")}


def said(payload: dict[str, Any], lang: str) -> list[str]:
    return messages.why(payload, lang)


def post(view: TurnView, lang: str) -> Doc:
    from replay.rulesets.skirmish.post import by_name, check, fighter_names, flush, holder, narrate

    lang = "ru" if lang == "ru" else "en"
    after: Battle = view.after
    names = fighter_names(after.fighters)
    doc = Doc().h(tr(lang, f"Раунд {view.turn}: бой на поле", f"Round {view.turn}: battle on the field")
                  + (f" ({view.phase})" if view.phase else ""))
    for ruling in view.rulings:
        doc.p(i(tr(lang, "Решение мастера: ", "GM ruling: ")), str(ruling.payload.get("note") or ""))
    lines: list[Any] = []
    section = None
    for event in view.resolutions:
        pid = pair_id_of(event)
        here = f"pair {pid}" if pid else (event.phase or "")
        if here != section and (pid or event.phase and event.phase.startswith("field.")
                                or event.type in ("skirmish.intents", "skirmish.general_initiative",
                                                  "skirmish.field_round_ended")):
            flush(doc, lines)
            section = here
            doc.h(by_name(heading(event, pid, lang), names, lang), 3)
        if pid is not None:
            if event.type not in ev.EVENTS:
                continue
            e = ev.trusted(event.type, event.payload)
            if (isinstance(e, (ev.ExchangeStarted, ev.ExchangeEnded)) and e.holder is None
                    or isinstance(e, ev.FightEnded)) and group(after, pid):
                lines.append(by_name(group_line(e, lang), names, lang))  # 4.4: the group goes by the general chain
                continue
            if isinstance(e, ev.ExchangeStarted):
                lines.append(by_name(b(tr(lang, f"Обмен {e.exchange}", f"Exchange {e.exchange}") + " — " + tr(
                    lang, f"инициатива: {holder(e.holder, lang)}", f"initiative: {holder(e.holder, lang)}")), names,
                    lang))
                continue
            text = narrate(e, lang)
            if text:
                lines.append(by_name(text, names, lang))
            continue
        if event.type in battle_events.EVENTS:
            text = field_line(event.type, event.payload, lang)
            if text:
                lines.append(by_name(text, names, lang))
    flush(doc, lines)
    doc.h(tr(lang, "Положение", "Standing"), 3)
    standing(doc, after, lang)
    check(doc, view, lang)
    return doc


def group(state: Battle, pid: str) -> bool:
    """A melee of several fighters (4.4): its id names three or more."""
    return pid.count("-") >= 2


def group_line(e: ev.ExchangeStarted | ev.ExchangeEnded | ev.FightEnded, lang: str) -> Any:
    """A melee group's exchange: its start in bold, its end in its words (no initiative holder: the general chain);
    the group's end: who is out, who stands."""
    if isinstance(e, ev.FightEnded):
        out = ", ".join(e.out)
        return b(tr(lang, f"Схватка нескольких бойцов окончена (4.4), выбыли: {out}",
                    f"The melee of several fighters is over (4.4), out: {out}"))
    if isinstance(e, ev.ExchangeStarted):
        return b(tr(lang, f"Обмен {e.exchange} — порядок по общей инициативе (4.4)",
                    f"Exchange {e.exchange} — order by the general initiative (4.4)"))
    return "; ".join(said(e.model_dump(), lang))


def heading(event: Any, pid: str | None, lang: str) -> str:
    if pid is not None:
        return tr(lang, f"Схватка: {pid.replace('-', ' — ')}", f"Melee: {pid.replace('-', ' vs ')}")
    if event.type == "skirmish.intents":
        return tr(lang, "Намерения (4.1)", "Intents (4.1)")
    if event.type == "skirmish.general_initiative":
        return tr(lang, "Общая инициатива", "General initiative")
    if event.type == "skirmish.field_round_ended":
        return tr(lang, "Конец раунда", "End of the round")
    x = str(event.phase).removeprefix("field.x")
    return tr(lang, f"Поле, обмен {x} (секунда {x} раунда)", f"Field, exchange {x} (second {x} of the round)")


SHOT_NAMES = {"jump_fall_throw": ("бросок в прыжке, M75", "Throw while jumping (M75)"),
              "moving_shot": ("выстрел в движении, M76", "Shot on the move (M76)"),
              "jump_shot": ("выстрел в прыжке, M77", "Jump shot (M77)"),
              "grazing_shot": ("выстрел по касательной, M78", "Grazing shot (M78)"),
              "through_shot": ("выстрел навылет, M79", "Through shot (M79)"),
              "double_shot": ("двойной выстрел, M80", "Double shot (M80)"),
              "synchronous_throw": ("синхронный бросок, M81", "Synchronous throw (M81)"),
              "rapid_fire": ("скоростная стрельба, M82", "Rapid fire (M82)")}
"""A shot's maneuver: in Russian in brackets after «Выстрел Всеслава по Зоряне», which declines the names."""


def field_line(kind: str, p: dict[str, Any], lang: str) -> Any:
    lines = said(p, lang)
    if kind == "skirmish.field_round":
        return None
    if kind == "skirmish.shot":
        result = {"hit": tr(lang, "попадание", "hit"), "miss": tr(lang, "промах", "miss"),
                  "no_wound": tr(lang, "попадание без раны", "hit, no wound"),
                  "not_loosed": tr(lang, "стрела не выпущена", "no arrow loosed"),
                  "covered": tr(lang, "телохранитель прикрыл телом", "a bodyguard took it")}[p["outcome"]]
        ru, en = SHOT_NAMES.get(p.get("maneuver") or "", ("", "Shot"))
        if p.get("thrown_back"):  # M88: a caught projectile thrown back
            ru, en = "перехваченным оружием, M88", "Throw-back (M88)"
        arrow = (p.get("volley") or {}).get("arrow")
        if arrow:  # M82: each arrow of the volley is a shot of its own
            ru, en = f"{ru}, стрела {arrow}", f"{en}, arrow {arrow},"
        return (b(tr(lang, f"Выстрел {p['shooter']} по {p['target']}" + (f" ({ru})" if ru else "") + f": {result}.",
                     f"{en} {p['shooter']} → {p['target']}: {result}.")), " " + "; ".join(lines))
    if kind == "skirmish.joined":
        return (b(tr(lang, "Схватка: ", "Melee: ") + " — ".join(p["group"].split("-")) + "."), " " + "; ".join(lines))
    if kind == "skirmish.engaged":
        return (b(tr(lang, "Схватка: ", "Melee: ") + " — ".join(p["fighters"]) + "."), " " + "; ".join(lines))
    return "; ".join(lines)


def standing(doc: Doc, state: Battle, lang: str) -> None:
    from replay.rulesets.skirmish.model import Fight
    from replay.rulesets.skirmish.post import fighter_names, status_name

    names = fighter_names(state.fighters)
    header = [tr(lang, "Боец", "Fighter"), tr(lang, "Клетка", "Cell"), tr(lang, "Схватка", "Melee"),
              tr(lang, "Рефлекс", "Reflex"), tr(lang, "Навык", "Skill"), tr(lang, "Стрельба", "Ranged"),
              tr(lang, "Раны", "Wounds"), tr(lang, "Состояние", "Status")]
    rows = []
    for f in state.fighters:
        pair = state.pair_of(f.id)
        fight = pair.fight if pair is not None else Fight((f, f), round=state.round, exchange=max(1, state.exchange))
        v = pools.fighter_view(fight, f)
        p = v["pool"]
        s = state.shooter(f.id)
        wounds = ", ".join(f"{words.zone_name(w.precise, lang)} {w.level}" for w in f.wounds) or "—"
        name, side = f.name.get(lang) or f.id, words.side_name(f.side, lang)
        rows.append([f"{name} ({f.id}, {side})" if name != f.id else f"{f.id} ({side})",
                     f"{f.cell[0]}, {f.cell[1]} {words.facing_name(f.facing, lang)}",
                     ", ".join(names.get(e, {}).get(lang) or e for e in state.engaged_with(f.id)) or "—",
                     f"{p['avail_R']}/{p['reflex']}", f"{p['avail_S']}/{p['skill']}",
                     "—" if s is None else f"{words.pick(LOST.get(s.lost or '') or STAGES[s.stage], lang)}, {s.ammo}",
                     wounds,
                     fled(f, lang) if f.id in state.fled else status_name(v["status"], f, lang)])
    doc.table(header, rows)


def fled(fighter: Any, lang: str) -> str:
    """«бежал с поля», agreeing with the fighter («бежала»)."""
    return tr(lang, words.agreeing("бежал", fighter.name.get("ru") or fighter.id) + " с поля", "fled the field")
