"""The GM's post of a turn or of one phase (a stage of one side), ru and en, narrated from the payloads' numbers."""

from __future__ import annotations

from typing import Any

from eventlog.envelope import Event
from replay.render.i18n import decimal, decimal_pairs
from replay.render.text import Doc, b, plural, tr
from replay.ruleset import TurnView
from replay.rulesets.warband import data, derive, words
from replay.rulesets.warband import events as ev
from replay.rulesets.warband.model import State


def post(view: TurnView, lang: str) -> Doc:
    doc = Doc()
    title = tr(lang, "Подготовка", "Preparation") if view.turn == 0 else f"{tr(lang, 'Ход', 'Turn')} {view.turn}"
    if view.phase:
        title += " — " + words.phase_title(view.phase, lang)
    doc.h(title)
    after: State = view.after
    if view.turn > 0:
        day = words.pick(words.DAY[after.clock.is_night(view.turn)], lang)
        doc.p(f"{tr(lang, 'Время суток', 'Time of day')}: {day}"
              f"; {tr(lang, 'погода', 'weather')}: {words.weather(after.turn_weather or after.weather, lang)}")
    orders = [e for e in view.inputs if e.type == "order"]
    if view.phase and ":" in view.phase:
        stage, _, side = view.phase.partition(":")
        orders = [e for e in orders if e.actor == side and e.payload.get("stage") == stage]
    if orders:
        doc.p(b(tr(lang, "Приказы", "Orders")))
        doc.ul([f"{e.actor}: {order_text(e.payload, lang)}" for e in orders])
    for r in view.rulings:
        what = r.payload.get("override") or r.payload.get("request")
        head = tr(lang, "Решение ведущего", "GM ruling")
        if isinstance(what, dict) and what.get("name"):
            head += f" ({words.pick(words.DECISION.get(what['name'], (what['name'], what['name'])), lang)}: " \
                f"{r.payload.get('value')!r})"
        elif r.payload.get("events"):
            head += tr(lang, " (ход разрешён вручную)", " (the turn resolved by hand)")
        doc.p(b(head), f": {r.payload['note']}" if r.payload.get("note") else "")
    phase, lines = None, []

    def flush() -> None:  # a stage where nothing happened gets no heading
        if lines:
            if phase is not None and not view.phase:
                doc.p(b(words.phase_title(phase, lang)))
            doc.ul(lines)

    said_sight: set[str] = set()  # the night's sight is said once a post, not at every stage
    for e in view.resolutions:
        if e.phase != phase and e.phase is not None and not view.phase:
            flush()
            phase, lines = e.phase, []
        told = narrate(e, lang)
        if told and e.type == ev.StageStarted.type and e.payload.get("sight"):
            told, line = told[1:], told[0]
            told = ([line] if line not in said_sight else []) + told
            said_sight.add(line)
        lines += told
    flush()
    doc.p(b(tr(lang, "Отряды", "Warbands")))
    doc.table(*state_table(after, lang))
    return doc


def order_text(p: dict[str, Any], lang: str) -> str:
    """A stage order in the words of the post (a whisper is left out: only its two players see it, §4.2.10)."""
    stage = p.get("stage", "?")
    parts: list[str] = []
    for gm in p.get("gun_moves", []):
        parts.append(f"{gm['g']} → ({n(gm['x'], lang=lang)}, {n(gm['y'], lang=lang)})")
    for m in p.get("moves", []):
        bits = []
        if "swap" in m:
            bits.append(tr(lang, "берёт ", "takes ") + words.item(m["swap"], lang))
        if "dismount" in m:
            bits.append(tr(lang, "спешивается", "dismounts"))
        if m.get("roll"):
            bits.append(tr(lang, "бросок на движение", "movement roll"))
        if "jump" in m:
            jump = m["jump"]
            bits.append(tr(lang, "прыжок на", "jumps to") + f" ({n(jump[0], lang=lang)}, {n(jump[1], lang=lang)})")
        if m.get("path"):
            bits.append("→ " + " → ".join(f"({n(x, lang=lang)}, {n(y, lang=lang)})" for x, y in m["path"]))
        if "remount" in m:
            bits.append(tr(lang, "садится на ", "mounts ") + m["remount"])
        if "untie" in m:
            bits.append(tr(lang, "отвязывает ", "unties ") + m["untie"])
        parts.append(f"{m['w']} " + ", ".join(bits))
    for t in p.get("talks", []):
        if t.get("mode") == "whisper":
            continue
        parts.append(f"{t['speaker']} {tr(lang, 'говорит с', 'talks to')} {t['listener']}, {t['seconds']} "
                     + tr(lang, "с", "s"))
    for c in p.get("captures", []):
        parts.append(f"{c['w']} {tr(lang, 'захватывает', 'captures')} {c['g']}")
    for r in p.get("rotations", []):
        parts.append(f"{r['g']} {tr(lang, 'поворот на', 'turns to')} {n(r['facing'], lang=lang)}°")
    for g in p.get("guns", []):
        parts.append(f"{g['g']} {tr(lang, 'стреляет по', 'fires at')} {g['aim']}")
    for sh in p.get("shots", []):
        parts.append(f"{sh['w']} {tr(lang, 'стреляет в', 'shoots')} {sh['target']}")
    for c in p.get("casts", []):
        spell = f"«{words.spell(c['spell'], 'ru')}»" if lang == "ru" else c["spell"]
        parts.append(f"{c['w']} {tr(lang, 'колдует', 'casts')} {spell} {tr(lang, 'на', 'on')} {c['target']}")
    for i in p.get("inspects", []):
        parts.append(f"{i['w']} {tr(lang, 'рассматривает', 'inspects')} {i['target']}")
    for f in p.get("fights", []):
        bits = []
        if f.get("attackers"):
            bits.append(tr(lang, "атакуют ", "attackers ") + ", ".join(f["attackers"]))
        bits += [tr(lang, "рывок ", "charge ") + f"{c['w']} → {c['target']}" for c in f.get("charges", [])]
        bits.append(tr(lang, "цели ", "targets ") + ", ".join(f.get("targets", [])))
        parts.append(tr(lang, "бой: ", "fight: ") + "; ".join(bits))
    for sb in p.get("sabotage", []):
        parts.append(f"{sb['w']} {tr(lang, 'разрушает', 'sabotages')} {sb['g']}")
    for pl in p.get("place", []):
        parts.append(f"{pl.get('w', pl.get('g'))} ({n(pl['x'], lang=lang)}, {n(pl['y'], lang=lang)})")
    title = words.pick(words.STAGE.get(stage, (stage, stage)), lang) if stage != "deployment" else \
        tr(lang, "Расстановка", "Deployment")
    said = f"{title}: " + ("; ".join(parts) if parts else tr(lang, "пас", "pass"))
    return decimal_pairs(said) if lang == "ru" else said


def _saves(saves: list[ev.Save] | list[dict[str, Any]], lang: str) -> str:
    if not saves:
        return tr(lang, "спас-броска нет", "no save")
    made = [s if isinstance(s, ev.Save) else ev.Save(**s) for s in saves]
    return ", ".join(f"{tr(lang, 'спас', 'save')} {words.pick(words.SAVE[s.kind], lang)} {s.tn}+: {s.die}"
                     + (f", {tr(lang, 'переброс', 're-rolled')} {s.reroll}" if s.reroll is not None else "") + " "
                     + (tr(lang, "спасён", "saved") if s.saved else tr(lang, "провал", "failed")) for s in made)


def narrate(event: Event, lang: str) -> list[str]:
    """The event in words, from its payload's numbers (never recomputed)."""
    e = ev.read(event.type, event.payload)
    if lang != "ru":
        if isinstance(e, ev.StageStarted):
            return list(e.why[1:])
        return list(e.why) if not isinstance(e, ev.GunHit) else []
    return [decimal_pairs(line) for line in _ru(e)]


def n(value: float, spec: str = "g", lang: str = "ru") -> str:
    """A measure as `lang` writes it: Russian puts a comma before its fraction («34,5 см»)."""
    return decimal(format(value, spec), lang)


def _ru(e: ev.Resolution) -> list[str]:  # noqa: PLR0911 - one sentence per event type
    if isinstance(e, ev.StageStarted):
        out = []
        if e.sight:
            out.append(("Ночь" if e.night else "День") + f": обзор {n(e.sight['ordinary'])} см, у диспетчеров "
                       f"{n(e.sight['dispatcher'])}, рассмотреть внимательно — {n(e.sight['inspect'])} см")
        return out + (["Расстояния до врагов: " + ", ".join(f"{a}–{b} {n(g)} см" for a, b, g in e.gaps)]
                      if e.gaps else [])
    if isinstance(e, ev.Weather):
        if e.modifiers:
            return [f"Погода: {words.weather(e.weather, 'ru')}: " + ", ".join(
                words.modifier(k, v, "ru") for k, v in e.modifiers.items())
                + " каждому воину, пока ведущий не объявит другую погоду"]
        return [f"Погода: {words.weather(e.weather, 'ru')} (механических эффектов нет)"]
    if isinstance(e, ev.DayNight):
        day = f"{e.day_turns} {plural(e.day_turns, ('дневной', 'дневных', 'дневных'))}"
        night = f"{e.night_turns} {plural(e.night_turns, ('ночной', 'ночных', 'ночных'))}"
        return [f"Сутки: из 6 ходов {day} и {night}, первым идёт {'день' if e.first == 'day' else 'ночь'}"]
    if isinstance(e, ev.Deployed):
        return [f"{p.warrior}: ({n(p.x)}, {n(p.y)}), лицом {n(p.facing)}°, {n(p.depth)} см от края"
                for p in e.placements] \
            + [f"орудие {g.warrior}: ({n(g.x)}, {n(g.y)}), ось {n(g.facing)}°" for g in e.guns]
    if isinstance(e, ev.DraftOrder):
        return [f"Очерёдность разбора: {' → '.join(e.order)} (броски: "
                + ", ".join(f"{s} {'/'.join(map(str, r))}" for s, r in e.rolls.items()) + ")"]
    if isinstance(e, ev.DraftPick):
        if e.kind == "pass":
            return [f"выбор #{e.n}: {e.side} пасует и больше не выбирает"]
        if e.kind == "done":
            return [f"выбор #{e.n}: {e.side} сделал все свои выборы и больше не выбирает"]
        what = {"unit": "бойца", "item": "снаряжение", "gun": "орудие"}[e.kind]
        shown = words.item(str(e.element), "ru") if e.kind == "item" else e.element
        return [f"выбор #{e.n}: {e.side} берёт {what} {shown}"]
    if isinstance(e, ev.Equipped):
        return [f"{w}: {', '.join(words.item(k, 'ru') for k in ks)}" for w, ks in e.items.items()] \
            + [f"{g}: диспетчер {w}" for g, w in e.dispatchers.items()] \
            + ([f"{e.side} не раздал: {', '.join(words.item(k, 'ru') for k in e.unassigned)}"] if e.unassigned else [])
    if isinstance(e, ev.DraftEnded):
        return ["Разбор окончен" + (f"; не взяли: {', '.join(e.left)}" if e.left else "; пул пуст")]
    if isinstance(e, ev.TurnOrder):
        return [f"Очередность хода: {' → '.join(e.order)} (броски: "
                + ", ".join(f"{s} {'/'.join(map(str, r))}" for s, r in e.rolls.items()) + ")"]
    if isinstance(e, ev.MoveRolled):
        return [f"{e.warrior}: бросок на движение {e.die}, МДД {n(e.m)} − {e.k}×(6 − {e.die}) = {n(e.allowance)} см"]
    if isinstance(e, ev.Moved):
        end = e.path[-1]
        return [f"{e.warrior} проходит {n(e.length, '.1f')} см из {n(e.allowance)} до ({n(end[0])}, {n(end[1])}),"
                f" лицом {n(e.facing)}°" + (f", на высоте {n(e.z)} см" if e.z else "")]
    if isinstance(e, ev.Jump):
        return [f"{e.warrior} прыгает на {n(e.distance, '.1f')} см (МДД {n(e.mdd)})"
                + (f", бросок {e.die}: {n(e.allowance)} см" if e.die is not None else ", без броска")
                + (" — удачно" if e.success else f" — не долетает, падает с {n(e.fall_height)} см")
                + (("; бросок боя: " + ", ".join(f"{s} {'/'.join(map(str, r))}" for s, r in e.rolloff.items())
                    if e.rolloff else "")
                   + f"; падает на {e.landed_on} (без вреда, если ведущий не решит иначе), ставится в ближайшую "
                   f"свободную точку ({n(e.end[0])}, {n(e.end[1])})" if e.landed_on else "")]
    if isinstance(e, ev.Fell):
        return [f"{e.warrior}: падение с {n(e.height)} см, уровень {e.level}; "
                + (", ".join(words.modifier(k, v, "ru") for k, v in e.modifiers.items()) or "без последствий")
                + (f" до конца хода {e.until}" if e.modifiers else "")
                + (f"; ран {e.wounds}" if e.wounds or e.saves else "") + (", выбывает" if e.removed else "")]
    if isinstance(e, ev.Dismounted):
        return [f"{e.warrior} спешивается, {'привязывает' if e.mode == 'tie' else 'отпускает'} {e.mount} "
                f"в ({n(e.at[0])}, {n(e.at[1])}); на этот ход {n(e.allowance)} см"]
    if isinstance(e, ev.Remounted):
        return [f"{e.warrior} садится на {e.mount}"]
    if isinstance(e, ev.MountRan):
        way = {1: "от хозяина", 2: "к хозяину", 3: "вправо", 4: "влево", 5: "по диагонали", 6: "стоит на месте"}
        return [f"{e.mount} бежит: к6 {e.distance_die} → {2 * e.distance_die} см, к6 {e.direction_die} — "
                f"{way[e.direction_die]}"
                + (f" (хотели {words.DIAGONAL_RU[e.diagonal['wanted']]}; вперёд–назад к6 {e.diagonal['fb']}, "
                   f"вправо–влево к6 {e.diagonal['lr']}: бежит {words.DIAGONAL_RU[e.diagonal['runs']]})"
                   if e.diagonal else "")
                + ("" if e.direction_die == 6 else f" → ({n(e.end[0])}, {n(e.end[1])})")
                + (", покидает стол" if e.lost else "")]
    if isinstance(e, ev.Talk):
        how = "шепчется с" if e.mode == "whisper" else "говорит с"
        return [f"{e.speaker} {how} {e.listener}: {n(e.gap, '.1f')} см, "
                f"{e.seconds} с (всего {e.used} из 240 с)"]
    if isinstance(e, ev.Stayed):
        return [f"{e.warrior} остаётся на месте"]
    if isinstance(e, ev.Shot):
        head = f"{e.shooter} стреляет в {e.target}: {n(e.distance, '.1f')} см из {n(e.range)}"
        if not e.taken:
            return [head + " — дальше дальности действительного огня, выстрел не осуществляется"]
        out = []
        if e.sight is not None and e.gap is not None:
            out.append(f"{e.shooter} видит {e.declared or e.target}: {n(e.gap)} см при обзоре {n(e.sight)} см")
        if e.declared:
            out.append(f"{e.declared} завязан в бою; бросок: " + ", ".join(
                f"{s} {'/'.join(map(str, r))}" for s, r in e.rolloff.items()) + f" — выстрел достаётся {e.target}")
        if e.tn is None:
            return [*out, head + " — дальше дальности, выстрел потрачен"]
        out.append(head + f", нужно {e.tn}+, выпало {e.die} — " + ("попадание" if e.hit else "промах"))
        if e.hit:
            out.append(f"{e.target}: укрытие {n(e.coverage)} %, {_saves(e.saves, 'ru')}"
                       + ("" if not e.wounded else " — рана" + (", выбывает" if e.removed else "")))
        return out
    if isinstance(e, ev.Cast):
        head = (f"{e.caster} колдует «{words.spell(e.spell, 'ru')}» на {e.target}: попытка {e.k}, "
                f"интервал 3–{e.upper}, 2к6 {e.dice[0]} + {e.dice[1]} = {sum(e.dice)}")
        if e.result == "miscast":
            return [head + f" — провал заклинания, к6 {e.miscast}" + (f"; {_saves(e.saves, 'ru')}" if e.saves else "")
                + (" — рана магу" if e.wounded else "")]
        if e.result == "not_cast":
            return [head + " — не сотворено"]
        into = (f"; {e.declared} завязан в бою, бросок: " + ", ".join(
            f"{s} {'/'.join(map(str, r))}" for s, r in e.rolloff.items()) + f" — заклинание достаётся {e.target}"
            if e.declared else "")
        if e.tn is None and not into:
            return [head + " — сотворено: " + ", ".join(words.modifier(k, v, "ru") for k, v in e.effect.items())
                    + f" до конца хода {e.until}"]
        if e.tn is None:
            return [head + " — сотворено" + into + f"; {e.target} дальше дальности, заклинание потрачено"]
        return [head + " — сотворено" + into
                + f"; как выстрел: {n(e.distance, '.1f')} см, нужно {e.tn}+, выпало {e.die}"
                + (f"; {_saves(e.saves, 'ru')}" if e.die is not None and e.die >= e.tn else " — промах")
                + (" — рана" + (", выбывает" if e.removed else "") if e.wounded else "")]
    if isinstance(e, ev.GunHit):
        return []
    if isinstance(e, ev.GunRotated):
        return [f"{e.gun} разворачивается с {n(e.before)}° на {n(e.facing)}°"]
    if isinstance(e, ev.GunFired):
        out = [f"{e.gun} (диспетчер {e.dispatcher}) целится в {e.aim}, {n(e.off_deg)}° от оси; кубик разрыва "
               f"{e.burst_die}: " + ("выстрел" if e.fired else "выстрела нет")
               + (", орудие уничтожено" if e.destroyed else "") + f"; выстрелов {e.side}: {e.shots_used} из 8"]
        out += [f"попадание в {i['warrior']}" + (" (сбит с ног: без спас-бросков)" if i["bare"] else "")
                + (" — рана" if i["wounded"] else " — спасён") for i in e.impacts]
        out += [f"разрыв: {b['warrior']}, все спас-броски на 1 лучше: {_saves(b['saves'], 'ru')}"
                + (" — рана" + (", выбывает" if b["removed"] else "") if b["wounded"] else "")
                for b in e.bursts]
        return out
    if isinstance(e, ev.GunMoved):
        return [f"{e.dispatcher} сдвигает {e.gun} в ({n(e.end[0])}, {n(e.end[1])}), {n(e.from_origin, '.2f')} см от "
                "начального "
                "места; в этот ход орудие не стреляет"]
    if isinstance(e, ev.GunCaptured):
        return [f"{e.dispatcher} захватывает {e.gun} у {e.before_side}: теперь оно {e.side}, "
                "стреляет со следующего хода"]
    if isinstance(e, ev.SabotageDeclared):
        return [f"{w} разрушает {g} и в эту стадию ничего больше не делает" for w, g in e.saboteurs.items()]
    if isinstance(e, ev.Sabotage):
        return [(f"{e.gun}: работали {', '.join(e.counted)}, +{n(e.step)} → {n(e.progress)} из 6" if e.counted
                 else f"{e.gun}: никто не работал, {n(e.progress)} из 6") + (" — орудие уничтожено" if e.destroyed
                                                                          else "")]
    if isinstance(e, ev.GunShot):
        if not e.taken:
            return [f"{e.shooter} стреляет в {e.gun}: {n(e.distance, '.1f')} см из {n(e.range)} — дальше дальности"]
        return [f"{e.shooter} стреляет в {e.gun}: {n(e.distance, '.1f')} см, нужно {e.tn}+, выпало {e.die} — "
                + (f"попадание, {e.hits} из 4" if e.die is not None and e.tn is not None and e.die >= e.tn
                   else "промах") + (" — орудие уничтожено" if e.destroyed else "")]
    if isinstance(e, ev.MountStop):
        return [f"{e.warrior} бросается наперерез {e.mount} ({n(e.moved, '.1f')} см), к6 {e.die}: "
                + {1: "получает рану", 2: "−1 инициатива и −1 сила атаки до конца хода",
                   3: "−1 инициатива до конца хода", 4: "лошадь останавливается в конце пробега",
                   5: "лошадь останавливается у воина", 6: "лошадь остановлена, воин в седле"}[e.die]
                + (f"; {_saves(e.saves, 'ru')}" if e.die == 1 else "")
                + ((" — рана" + (", выбывает" if e.removed else "")) if e.wounded else "")]
    if isinstance(e, ev.Untied):
        return [f"{e.warrior} отвязывает {e.mount} ({e.owner_side}); она побежит с хода {e.runs_turn}"]
    if isinstance(e, ev.Inspected):
        return [f"{e.warrior} внимательно рассматривает {e.target}: "
                + (", ".join(words.item(k, "ru") if k in data.item_kinds() else k for k in e.equipment)
                   or "снаряжения нет")]
    if isinstance(e, ev.WeaponSwapped):
        return [f"{e.warrior} меняет {words.item(e.before, 'ru')} на {words.item(e.to, 'ru')}"]
    if isinstance(e, ev.Dedicated):
        return [f"{e.side} посвящает атаки: " + ", ".join(f"{s} — {n}" for s, n in e.attacks.items())]
    if isinstance(e, ev.Charge):
        if e.success:
            return [f"{e.charger}: рывок к {e.target}, {n(e.length, '.1f')} см из {n(e.charge_max)}"
                    + (f" (бросок {e.die}: {n(e.allowance)} см)" if e.die else "")
                    + f", зазор {n(e.end_gap, '.2f')} см"
                    + (f", −{e.initiative_penalty} инициативы" if e.initiative_penalty else "")]
        return [f"{e.charger}: рывок к {e.target} не удался (бросок {e.die}: {n(e.allowance)} см), остаётся на месте"]
    if isinstance(e, ev.Pivot):
        return [f"{e.warrior} " + (f"разворачивается на {n(e.facing)}°" if e.pivoted else "не разворачивается")]
    if isinstance(e, ev.Participants):
        return [f"Бой {e.fight} ({words.pick(words.KIND[e.kind], 'ru')}): "
                + "; ".join(f"{s}: {', '.join(ids)}" for s, ids in e.sides.items())
                + (f"; второй ряд: {', '.join(e.second_rank)}" if e.second_rank else "")]
    if isinstance(e, ev.Initiative):
        return ["Инициатива: " + ", ".join(f"{s} {d}" for s, d in e.rolls.items()) + "; "
                + ", ".join(f"{w} {v}" for w, v in e.scores.items())
                + (f"; побеждают {', '.join(e.winners)} (+1 атака, бьют первыми)" if e.winners else "; победителя нет")]
    if isinstance(e, ev.Attacks):
        return [f"{p.warrior} → {words.creature(p.vs, 'ru')}" + (f" ({p.to})" if p.to else "")
                + f": {words.plural_ru(p.attacks, 'атака', 'атаки', 'атак')}, "
                + (f"нужно {p.tn}+ (табл. 2), кубики {', '.join(map(str, p.dice))}: пробитий {p.hits}"
                   if p.tn is not None else "ранить не может") for p in e.pools]
    if isinstance(e, ev.Wound):
        if e.warrior is None:
            return [f"{words.creature(e.pool, 'ru')}, пробитие #{e.hit} от {e.attacker}: некому принять, потеряно"]
        return [f"{words.creature(e.pool, 'ru')}, пробитие #{e.hit} от {e.attacker} → {e.warrior}: "
                f"{_saves(e.saves, 'ru')}" + ("" if not e.wounded else " — рана" + (", выбывает" if e.removed else ""))]
    if isinstance(e, ev.FightResolved):
        return [f"Итог боя {e.fight}: раны " + ", ".join(f"{s} {n}" for s, n in e.wounds_by_side.items())
                + (f"; победа {e.winner}" if e.winner else "; победителя нет")
                + ({"stay": ", остаются на месте", "roll": ", бросок на расхождение", "none": ""}[e.disengage])]
    if isinstance(e, ev.FightCancelled):
        return [f"Бой {e.fight} не состоялся: " + "; ".join(e.problems)]
    if isinstance(e, ev.Durability):
        return [f"{e.warrior}: {words.item(e.item, 'ru')} теряет очко прочности, {e.before} → {e.after}"
                + (", сломано" if e.broken else "")]
    if isinstance(e, ev.EngagementEnded):
        return [f"{', '.join(e.warriors)}: врагов в досягаемости нет, больше не завязаны"]
    if isinstance(e, ev.TurnEnded):
        return [f"Ход окончен; ход {e.next_turn} — {'ночь' if e.night else 'день'}"]
    if isinstance(e, ev.GameEnded):
        return ["Игра окончена: " + ("ведущий завершает игру" if e.reason == "the GM ends the game" else e.reason)]
    return []


def state_table(state: State, lang: str) -> tuple[list[str], list[list[str]]]:
    header = [tr(lang, "воин", "warrior"), tr(lang, "сторона", "side"), tr(lang, "тип", "type"),
              tr(lang, "место, см", "pos, cm"), tr(lang, "раны", "wounds"), tr(lang, "МДД", "MDD"),
              tr(lang, "состояние", "status")]
    rows = []
    for w in state.warriors:
        apart = "; " if lang == "ru" and any(v != int(v) for v in (w.x, w.y, w.z or 0)) else ", "  # «30; 34,5»
        pos = apart.join([n(w.x, lang=lang), n(w.y, lang=lang)] + ([f"z {n(w.z, lang=lang)}"] if w.z else [])) \
            if w.deployed else "—"
        rows.append([w.id, w.side, words.creature(w.type, lang), pos, f"{w.wounds}/{derive.health(w)}",
                     n(derive.mdd(w), lang=lang), words.pick(words.STATUS[w.status], lang)
                     + (f" ⚔ {','.join(w.engaged_with)}" if w.engaged_with and w.active else "")])
    return header, rows
