"""The GM's post of a round (or of one phase of it), ru and en: every declaration with its dice, cost and buys,
every roll's successes against its difficulty, the comparison and final successes, what they bought, initiative
changes and wounds with their damage arithmetic. It narrates from the payloads' numbers and never recomputes."""

from __future__ import annotations

from typing import Any

from replay.render.text import Doc, b, i, tr
from replay.ruleset import TurnView
from replay.rulesets.skirmish import data, pools, words
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish.model import Fight


def post(view: TurnView, lang: str) -> Doc:
    lang = "ru" if lang == "ru" else "en"
    after: Fight = view.after
    a, b_ = after.fighters
    doc = Doc().h(tr(lang, f"Раунд {view.turn}: {a.name['ru']} — {b_.name['ru']}",
                     f"Round {view.turn}: {a.name['en']} vs {b_.name['en']}")
                  + (f" ({view.phase})" if view.phase else ""))
    for ruling in view.rulings:
        doc.p(i(tr(lang, "Решение мастера: ", "GM ruling: ")), str(ruling.payload.get("note") or ""))
    lines: list[Any] = []
    for event in view.resolutions:
        if event.type not in ev.EVENTS:
            continue
        e = ev.trusted(event.type, event.payload)
        if isinstance(e, ev.ExchangeStarted):
            flush(doc, lines)
            doc.h(tr(lang, f"Обмен {e.exchange}", f"Exchange {e.exchange}") + " — " + tr(
                lang, f"инициатива: {holder(e.holder, lang)}", f"initiative: {holder(e.holder, lang)}"), 3)
            continue
        text = narrate(e, lang)
        if text:
            lines.append(text)
    flush(doc, lines)
    doc.h(tr(lang, "Положение", "Standing"), 3)
    standing(doc, after, lang)
    return doc


def flush(doc: Doc, lines: list[Any]) -> None:
    if lines:
        doc.ul(list(lines))
        lines.clear()


def holder(h: str | None, lang: str) -> str:
    if h == "tie":
        return tr(lang, "равная (одновременно)", "equal (simultaneous)")
    return h or "—"


def roll_text(r: dict[str, Any], lang: str) -> str:
    if r.get("automatic_failure"):
        return tr(lang, "автоматический провал", "automatic failure")
    faces = ", ".join(map(str, r["faces"]))
    degree = abs(r["crit_degree"])
    crit = tr(lang, f", критический провал (степень {degree})", f", critical failure (degree {degree})") \
        if degree else ""
    return tr(lang, f"{len(r['faces'])}к10 %{r['difficulty']} [{faces}] → {r['hits']} − {r['ones']} = {r['net']}{crit}",
              f"{len(r['faces'])}d10 %{r['difficulty']} [{faces}] → {r['hits']} − {r['ones']} = {r['net']}{crit}")


def narrate(e: ev.Resolution, lang: str) -> Any:
    if isinstance(e, ev.RoundStarted):
        covers = [cover_text(fid, c["zones"], lang) for fid, c in e.cover.items()]
        return tr(lang, f"Раунд {e.round}: очки восстановлены.", f"Round {e.round}: points restored.") + \
            (" " + "; ".join(covers) if covers else "")
    if isinstance(e, ev.Initiative):
        rolls = "; ".join(f"{fid} {roll_text(r, lang)}" for fid, r in e.rolls.items())
        loss = "".join(tr(lang, f"; {fid} теряет {n} рефлекса в этом раунде", f"; {fid} loses {n} reflex this round")
                       for fid, n in e.reflex_loss.items())
        return (b(tr(lang, "Боевая инициатива", "Combat initiative") + (tr(lang, " (переброс)", " (reroll)")
                                                                         if e.reroll else "") + ": "),
                f"{rolls} → {holder(e.holder, lang)}; " + tr(lang, "дистанция ", "distance ")
                + words.pick(words.LENGTH_NAMES[e.distance], lang) + loss)
    if isinstance(e, ev.DeclarationMade):
        return declaration_text(e, lang)
    if isinstance(e, ev.Clash):
        return clash_text(e, lang)
    if isinstance(e, ev.Hit):
        return hit_text(e, lang)
    if isinstance(e, ev.FeintInvoked):
        o, p = e.order, e.priced
        return (b(tr(lang, f"{e.attacker}: финт!", f"{e.attacker}: a feint!")), " " + tr(
            lang, f"{words.maneuver_name(o['maneuver'], 'ru')} → {words.zone_name(o['zone'], 'ru')}, %{p['difficulty']}"
            f", активация {e.activation}Р; защита {e.defender} отменена, закрыто Р{e.locked['reflex']} "
            f"Н{e.locked['skill']}",
            f"{words.maneuver_name(o['maneuver'], 'en')} → {words.zone_name(o['zone'], 'en')}, %{p['difficulty']}, "
            f"activation {e.activation}R; {e.defender}'s defence is void, R{e.locked['reflex']} S{e.locked['skill']} "
            "locked"))
    if isinstance(e, ev.FeintCheck):
        return tr(lang, f"{e.defender}: язык тела {roll_text(e.roll, lang)} → освобождено Р{e.freed['reflex']} "
                        f"Н{e.freed['skill']}",
                  f"{e.defender}: body language {roll_text(e.roll, lang)} → freed R{e.freed['reflex']} "
                  f"S{e.freed['skill']}")
    if isinstance(e, ev.StoodUp):
        return tr(lang, f"{e.fighter}: попытка встать {roll_text(e.roll, lang)} → "
                        + ("встаёт" if e.standing else "остаётся на земле"),
                  f"{e.fighter}: standing up {roll_text(e.roll, lang)} → "
                  + ("stands up" if e.standing else "stays down"))
    if isinstance(e, ev.KnockedAside):
        return tr(lang, f"{e.attacker}: стойкость {roll_text(e.roll, lang)} против сбива ({e.needed}) → "
                        + ("оружие падает на пол" if e.dropped else "оружие удержано"),
                  f"{e.attacker}: Fortitude {roll_text(e.roll, lang)} against the knock-aside ({e.needed}) → "
                  + ("the weapon falls to the floor" if e.dropped else "keeps the weapon"))
    if isinstance(e, ev.Blocked):
        return blocked_text(e, lang)
    if isinstance(e, ev.Effect):
        return effect_text(e, lang)
    if isinstance(e, ev.Knockout):
        return tr(lang, f"{e.fighter}: проверка потери сознания (Выносливость %5) {roll_text(e.roll, lang)} → "
                        + ("без сознания" if e.unconscious else "в сознании"),
                  f"{e.fighter}: knockout check (Endurance %5) {roll_text(e.roll, lang)} → "
                  + ("unconscious" if e.unconscious else "conscious"))
    if isinstance(e, ev.Fatigue):
        return tr(lang, f"{e.fighter}: бросок усталости {roll_text(e.roll, lang)} → "
                        + (f"усталость {e.fatigue}" if e.gained else "без усталости"),
                  f"{e.fighter}: fatigue check {roll_text(e.roll, lang)} → "
                  + (f"fatigue {e.fatigue}" if e.gained else "no fatigue"))
    if isinstance(e, ev.ExchangeEnded):
        if e.melee_ended:
            init = tr(lang, "отступление удалось — схватка окончена", "the retreat succeeds — the melee ends")
        elif e.reroll and any("M73" in w for w in e.why):
            init = tr(lang, "захват разорван — переброс боевой инициативы",
                      "the hold is broken — combat initiative is rerolled")
        elif e.reroll:
            init = tr(lang, "оба теряют инициативу — переброс боевой инициативы",
                      "both lose initiative — combat initiative is rerolled")
        elif e.holder != e.holder_before:
            init = tr(lang, f"инициатива переходит к {e.holder}", f"initiative passes to {e.holder}")
        else:
            init = tr(lang, f"инициатива остаётся: {holder(e.holder, lang)}",
                      f"initiative stays: {holder(e.holder, lang)}")
        dist = words.pick(words.LENGTH_NAMES[e.distance], lang) if e.distance else "—"
        return (b(tr(lang, "Итог обмена: ", "Exchange result: ")), init + tr(lang, f"; дистанция {dist}",
                                                                              f"; distance {dist}"))
    if isinstance(e, ev.RoundEnded):
        lost = "; ".join(tr(lang, f"{fid}: потеря крови {n}", f"{fid}: blood loss {n}")
                         for fid, n in e.blood_loss.items() if n)
        return tr(lang, "Конец раунда", "End of the round") + (f": {lost}" if lost else ".")
    if isinstance(e, ev.FightEnded):
        return b(tr(lang, f"Бой окончен: победил {e.winner}" if e.winner else "Бой окончен: никто не устоял",
                    f"The fight is over: {e.winner} wins" if e.winner else "The fight is over: no one stands"))
    return None


def cover_text(fid: str, zones: list[str], lang: str) -> str:
    more = ", ".join(words.zone_name(z, lang) for z in zones)
    return tr(lang, f"{fid}: щит прикрывает руку со щитом" + (f" и {more}" if more else ""),
              f"{fid}: the shield covers its arm" + (f" and {more}" if more else ""))


def declaration_text(e: ev.DeclarationMade, lang: str) -> Any:
    step = words.pick(words.STEP_NAMES[e.step], lang)
    if e.maneuver == "pass":
        why = {"cannot act": ("не может действовать", "cannot act"),
               "nothing to answer": ("нечего отражать", "nothing to answer"),
               "attacked this exchange (A-09)": ("уже атаковал (одно действие за обмен)",
                                                 "already attacked (one action per exchange)"),
               "answered by a free check, not a defence (5.4)": ("отвечает свободной проверкой",
                                                                 "answered by a free check")}
        reason = f" ({words.pick(why[e.forced], lang)})" if e.forced in why else ""
        return f"{e.actor} — {step}: " + tr(lang, "пас", "pass") + reason
    p, o = e.priced, e.order
    dice = o.get("dice") or {}
    target = (f" → {o['target']}," if o.get("target") else " →") + f" {words.zone_name(o['zone'], lang)}" \
        if o.get("zone") else ""
    cost = [tr(lang, f"{p['dice_pool']} куб.", f"{p['dice_pool']} dice")]
    if p["doubling"]:
        cost.append(tr(lang, f"+{p['doubling']} сверх умения {p['skill_level']}",
                       f"+{p['doubling']} above skill {p['skill_level']}"))
    if p["length_penalty"]:
        cost.append(tr(lang, f"+{p['length_penalty']} за длину", f"+{p['length_penalty']} length"))
    if p["activation"]:
        cost.append(tr(lang, f"+{p['activation']} активация", f"+{p['activation']} activation"))
    buys = ", ".join(o.get("buys") or [])
    req = tr(lang, f"; требует {p['required_extra']} усп. до сравнения ({', '.join(p['required_why'])})",
             f"; requires {p['required_extra']} before the comparison ({', '.join(p['required_why'])})") \
        if p["required_extra"] else ""
    return (b(f"{e.actor} — {step}: {words.maneuver_name(e.maneuver, lang)}"),
            f"{target}; {dice.get('reflex', 0)}{tr(lang, 'Р', 'R')}+{dice.get('skill', 0)}{tr(lang, 'Н', 'S')}, "
            + tr(lang, "стоимость ", "cost ") + " ".join(cost) + f" = {p['cost_points']} "
            f"({tr(lang, 'Р', 'R')}{p['paid_R']} {tr(lang, 'Н', 'S')}{p['paid_S']}); %{p['difficulty']}, "
            + (tr(lang, f"свободная проверка {o['check']} куб.", f"a free check of {o['check']} dice")
               if o.get("check") and not p["dice_to_roll"] else
               tr(lang, f"бросает {p['dice_to_roll']}", f"rolls {p['dice_to_roll']}"))
            + (tr(lang, f" (Сила {p['strength_dice']})", f" (Strength {p['strength_dice']})")
               if p.get("strength_dice") else "") + req
            + (tr(lang, f"; болевой захват: боль +{p['pain_hold']}", f"; pain hold: pain +{p['pain_hold']}")
               if p.get("pain_hold") else "")
            + (tr(lang, f"; покупки: {buys}", f"; buys: {buys}") if buys else ""))


def clash_text(e: ev.Clash, lang: str) -> Any:
    if e.cancelled:
        if "(L660)" in e.cancelled:  # M51/M52: a successful grab or leg dive
            return tr(lang, f"{e.attacker}: {words.maneuver_name(e.maneuver, 'ru')} не удаётся — противник "
                            "успешно захватил его (L660)", f"{e.attacker}: attack cancelled ({e.cancelled})")
        return tr(lang, f"{e.attacker}: атака отменена ({e.cancelled})", f"{e.attacker}: attack cancelled "
                  f"({e.cancelled})")
    assert e.attack_roll is not None and e.opposed is not None
    cut = e.reduced.get("attack", 0)
    parts = [f"{e.attacker} {roll_text(e.attack_roll, lang)}" + (tr(
        lang, f" (−{cut} куб. по 5.1.6)", f" (−{cut} dice, 5.1.6)") if cut else "")]
    if e.defence and e.defence_roll is not None:
        dcut = e.reduced.get("defence", 0)
        parts.append(f"{e.defence['actor']} ({words.maneuver_name(e.defence['maneuver'], lang)}) "
                     f"{roll_text(e.defence_roll, lang)}" + (tr(lang, f" (−{dcut} куб.)", f" (−{dcut} dice)")
                                                            if dcut else ""))
    if not e.defence and e.defence_roll is not None:  # a free check opposes it (Bluff, Throw, Trip)
        parts.append(f"{e.target} " + tr(lang, "(свободная проверка) ", "(free check) ")
                     + roll_text(e.defence_roll, lang))
    o = e.opposed
    left = f"{e.attack_roll['net']}" + (f" − {e.required_extra} = {o['attack_effective']}" if e.required_extra
                                        else "")
    right = str(o["defence_effective"]) if e.defence or e.defence_roll else tr(lang, "0 (без защиты)",
                                                                                  "0 (no defence)")
    if o["winner"] == "attack":
        verdict = tr(lang, f"попадание, итоговых успехов {o['final']}", f"hit, final successes {o['final']}")
    elif o["winner"] == "defence":
        verdict = tr(lang, f"защита успешна ({o['final']})", f"the defence wins ({o['final']})")
    else:
        verdict = tr(lang, "ничья — атака не прошла, инициатива не меняется", "tie — the attack fails, initiative "
                     "unchanged")
    return "; ".join(parts) + f"; {left} vs {right} → {verdict}"


def hit_text(e: ev.Hit, lang: str) -> Any:
    bought = bought_text(e.bought, lang, free_precise=e.maneuver == "precise_attack")
    zone = words.zone_name(e.precise, lang) if e.precise else tr(lang, "промах (0 на 2к6−2)", "miss (0 on 2d6−2)")
    how = tr(lang, " (куплена)", " (bought)") if e.zone_roll is None else f" (2{tr(lang, 'к', 'd')}6−2 = {e.zone_roll})"
    head = f"{e.target}: {zone}{how if e.precise else ''}"
    if bought:
        head += tr(lang, "; куплено: ", "; bought: ") + ", ".join(bought)
    if e.miss:
        return head
    parts = [f"D = {e.raw}" + (tr(lang, f" (пробивающий +{e.power_bonus})", f" (power +{e.power_bonus})")
                               if e.power_bonus else "")]
    if e.shield:
        parts.append(tr(lang, f"щит −{e.shield['armour']}", f"shield −{e.shield['armour']}"))
    arm = e.armour or {}
    if arm.get("effective"):
        piece = words.item_name(arm["piece"], lang)
        parts.append(tr(lang, f"броня ({piece}) −{arm['effective']}×{arm['k']}",
                        f"armour ({piece}) −{arm['effective']}×{arm['k']}"))
    if e.penetration:
        pen = e.penetration
        parts.append(tr(lang, f"пробивание 1к6 [{pen['face']}]+{pen['P']} vs {pen['tn']}",
                        f"penetration 1d6 [{pen['face']}]+{pen['P']} vs {pen['tn']}"))
    arithmetic = ", ".join(parts) + f" → W = {e.W}"
    w = e.wound
    if e.nonlethal_shock:
        n = e.nonlethal_shock["amount"]
        return f"{head}; {arithmetic}; " + tr(lang, f"нелетальный урон: шок {n}", f"non-lethal: shock {n}")
    if not w:
        return f"{head}; {arithmetic}; " + tr(lang, "раны нет", "no wound")
    wound = tr(lang, f"рана ур. {w['level']}: боль {w['pain']}, шок {w['shock']}, кровотечение {w['bleeding']}",
               f"wound level {w['level']}: pain {w['pain']}, shock {w['shock']}, bleeding {w['bleeding']}")
    extra = [*w["flags"], *w["consequences"]]
    return f"{head}; {arithmetic}; {wound}" + (f" [{', '.join(extra)}]" if extra else "")


KIND_TEXT = {
    "shock": ("шок {n}", "shock {n}"), "lose_R": ("−{n} рефлекса", "−{n} reflex"),
    "lose_S": ("−{n} навыка", "−{n} skill"), "no_weapon": ("{ref} нельзя использовать", "{ref} cannot be used"),
    "only_thrust": ("{ref}: только выпады", "{ref}: thrusts only"), "bonus": ("+{n} куб. ({ref})", "+{n} dice ({ref})"),
    "dodge_bonus": ("+{n} куб. на уклонения", "+{n} dice on dodges"),
    "no_attacking_defence": ("без защит с атакующим элементом", "no defence with an attacking element"),
    "success_penalty": ("−{n} успех на каждом броске до конца боя", "−{n} success on every roll for the fight"),
    "pain_hold": ("болевой захват {n}", "pain hold {n}"),
    "initiative_bonus": ("+{n} к броску инициативы", "+{n} on the initiative roll"),
}


HOLD_NAMES = {"main_arm": ("ведущая рука", "main arm"), "off_arm": ("вторая рука", "off arm"),
              "arms": ("обе руки", "both arms"), "torso": ("корпус", "torso"), "head": ("голова", "head"),
              "leg": ("нога", "leg"), "legs": ("обе ноги", "both legs")}
REF_NAMES = {"attack": ("на атаку", "on the attack"), "wrestling": ("на борьбу", "on wrestling"),
             "any": ("на любой маневр", "on any maneuver")}
CHECK_NAMES = {"strength": ("Сила", "Strength"), "stability": ("устойчивость (Сила)", "Stability (Strength)"),
               "balance": ("равновесие", "balance"), "reactive": ("реакция (Борьба/Акробатика)",
                                                                 "reactive Wrestling/Acrobatics"),
               "endurance": ("Выносливость", "Endurance"), "body_language": ("язык тела", "Body Language"),
               "assess": ("оценка", "assessment"), "demoralization": ("этикет / страх", "etiquette / fear")}


def ref_name(ref: str, lang: str) -> str:
    if ref in REF_NAMES:
        return words.pick(REF_NAMES[ref], lang)
    if ref in data.maneuvers():
        return tr(lang, "на ", "on ") + words.maneuver_name(ref, lang)
    return ref


def when(start: list[int], until: list[int], lang: str) -> str:
    if until[0] >= 999:
        return tr(lang, " до конца боя", " for the fight")
    a, z = f"{start[0]}.{start[1]}", f"{until[0]}.{until[1]}"
    return tr(lang, f" (обмен {a})" if a == z else f" (обмены {a}–{z})", f" (exchange {a})" if a == z else
              f" (exchanges {a}–{z})")


def change_text(c: dict[str, Any], lang: str) -> str:
    """One state change of a maneuver (`skirmish.effect`), from its numbers."""
    op = c["op"]
    if op == "effect":
        ru, en = KIND_TEXT.get(c["kind"], (c["kind"], c["kind"]))
        ref = c.get("ref") or ""
        text = tr(lang, ru, en).format(n=c["amount"], ref=ref_name(ref, lang) if c["kind"] == "bonus" else
                                       words.item_name(ref, lang))
        if c["kind"] in ("success_penalty", "initiative_bonus") and c["until"][0] >= 999:
            return f"{c['fighter']}: {text}"
        if c["kind"] == "pain_hold":
            return f"{c['fighter']}: {text}" + tr(lang, ", пока длится захват", " while the hold lasts")
        return f"{c['fighter']}: {text}{when(c['start'], c['until'], lang)}"
    if op == "stance":
        return f"{c['fighter']}: " + words.pick(words.STANCE_NAMES[c["stance"]], lang)
    if op == "pain":
        return tr(lang, f"{c['fighter']}: боль +{c['amount']}", f"{c['fighter']}: pain +{c['amount']}")
    if op == "shock":
        return tr(lang, f"{c['fighter']}: шок {c['amount']}", f"{c['fighter']}: shock {c['amount']}")
    if op == "drop":
        item = words.item_name(c["weapon"], lang)
        return tr(lang, f"{c['fighter']} роняет: {item}", f"{c['fighter']} drops {item}")
    if op == "wound":
        w = c["wound"]
        return tr(lang, f"{c['fighter']}: рана ур. {w['level']} ({words.zone_name(w['precise'], 'ru')}, W {w['W']}): "
                        f"боль {w['pain']}, шок {w['shock']}",
                  f"{c['fighter']}: wound level {w['level']} ({words.zone_name(w['precise'], 'en')}, W {w['W']}): "
                  f"pain {w['pain']}, shock {w['shock']}")
    if op == "grapple":
        g = c["value"]
        if g is None:
            return tr(lang, "захват разорван", "the hold is broken")
        zones = ", ".join(words.pick(HOLD_NAMES.get(z, (z, z)), lang) for z in [g.get("grabbed"), *g.get("zones", [])]
                          if z)
        return tr(lang, f"{g['holder']} держит {g['held']} ({zones})" + ("; партер" if g.get("ground") else ""),
                  f"{g['holder']} holds {g['held']} ({zones})" + ("; on the ground" if g.get("ground") else ""))
    if op == "distance":
        return tr(lang, "дистанция ", "distance ") + words.pick(words.LENGTH_NAMES[c["value"]], lang)
    if op == "check":
        name = words.pick(CHECK_NAMES.get(c["purpose"], (c["purpose"], c["purpose"])), lang)
        faces = ", ".join(map(str, c["faces"]))
        need = tr(lang, f" (нужно {c['needed']})", f" (needs {c['needed']})") if c.get("needed") is not None else ""
        return f"{c['fighter']}: {name} {len(c['faces'])}{tr(lang, 'к', 'd')}10 %{c['difficulty']} [{faces}] → " \
               f"{c['net']}{need}"
    if op == "fall":
        faces = ", ".join(map(str, c["faces"]))
        cut = tr(lang, f", акробатика {c['acrobatics']}: −{c['removed']} куб.",
                 f", Acrobatics {c['acrobatics']}: −{c['removed']} dice") if c["removed"] else ""
        zone = words.zone_name(c["precise"], lang)
        if not c["dice"]:
            return tr(lang, f"{c['fighter']} падает с {c['metres']} м{cut}; зона {zone}; кубиков урона не осталось",
                      f"{c['fighter']} falls from {c['metres']} m{cut}; zone {zone}; no damage dice left")
        return tr(lang, f"{c['fighter']} падает с {c['metres']} м{cut}; зона {zone}; {c['dice']}к6 [{faces}] = "
                        f"{c['total']} − успехи Выносливости {c['endurance']} − броня {c['armour']} = {c['W']}",
                  f"{c['fighter']} falls from {c['metres']} m{cut}; zone {zone}; {c['dice']}d6 [{faces}] = "
                  f"{c['total']} − Endurance successes {c['endurance']} − armour {c['armour']} = {c['W']}")
    if op == "throw":
        return tr(lang, f"{c['fighter']} брошен с высоты {c['metres']} м (1 + ⌊{c['final']}/2⌋)"
                        + ("; захват сохранён" if c["hold_kept"] else "; захват потерян"),
                  f"{c['fighter']} is thrown from {c['metres']} m (1 + ⌊{c['final']}/2⌋)"
                  + ("; the hold is kept" if c["hold_kept"] else "; the hold is lost"))
    return op


def effect_text(e: ev.Effect, lang: str) -> Any:
    """What a maneuver did beyond the hit: its changes in both languages, and the GM's arithmetic (`why`)."""
    name = f"{words.maneuver_name(e.maneuver, lang)} ({e.maneuver_id})"
    changes = "; ".join(change_text(c, lang) for c in e.changes) or tr(lang, "без последствий", "no change")
    why = [words.why_ru(w) for w in e.why] if lang == "ru" else list(e.why)
    return (b(f"{e.actor} — {name}: "), changes + (" — " + "; ".join(why) if why else ""))


def blocked_text(e: ev.Blocked, lang: str) -> str:
    r = e.reliability_roll
    item = words.item_name(e.item, lang)
    out = tr(lang, f"{e.defender}: удар остановлен, {item} принимает D = {e.raw}; надёжность "
                   f"{roll_text(r, lang)} → {e.effective}; " + ("сломан" if e.broken else "цел"),
             f"{e.defender}: the blow is stopped, {item} takes D = {e.raw}; reliability {roll_text(r, lang)} → "
             f"{e.effective}; " + ("broken" if e.broken else "intact"))
    if e.arm_wound:
        out += tr(lang, f"; в руку проходит {e.arm_wound['W']}", f"; {e.arm_wound['W']} through to the arm")
    if e.attacker_weapon_broken:
        out += tr(lang, f"; оружие {e.attacker} сломано", f"; {e.attacker}'s weapon breaks")
    if e.dropped:
        out += tr(lang, "; оружие выронено", "; the weapon is dropped")
    if e.shock:
        out += tr(lang, f"; шок {e.shock['amount']}", f"; shock {e.shock['amount']}")
    return out


def bought_text(bought: dict[str, Any], lang: str, *, free_precise: bool = False) -> list[str]:
    """What the final successes bought, from the payload's numbers (5.2.1); a Precise attack's zone is free (M26)."""
    out = []
    if bought.get("precise"):
        n = 0 if free_precise else 1
        out.append(tr(lang, f"точная зона {words.zone_name(bought['precise'], lang)} ({n})",
                      f"precise zone {words.zone_name(bought['precise'], lang)} ({n})"))
    for key, ru, en in (("danger", "опасность", "danger"), ("penetration", "пробивание", "penetration"),
                        ("ignore_armour", "игнор брони", "ignore armour"), ("shock", "шок", "shock"),
                        ("bleeding", "кровотечение", "bleeding")):
        n = bought.get(key, 0)
        if n:
            out.append(tr(lang, f"{ru} +{n} ({n})", f"{en} +{n} ({n})"))
    return out


def standing(doc: Doc, state: Fight, lang: str) -> None:
    header = [tr(lang, "Боец", "Fighter"), tr(lang, "Рефлекс", "Reflex"), tr(lang, "Навык", "Skill"),
              tr(lang, "Усталость", "Fatigue"), tr(lang, "Боль", "Pain"), tr(lang, "Шок", "Shock"),
              tr(lang, "Кровотечение", "Bleeding"), tr(lang, "Раны", "Wounds"), tr(lang, "Состояние", "Status")]
    rows = []
    for f in state.fighters:
        v = pools.fighter_view(state, f)
        p = v["pool"]
        wounds = ", ".join(f"{words.zone_name(w.precise, lang)} {w.level}" for w in f.wounds) or "—"
        rows.append([f"{f.id}" + (" ★" if state.holder == f.id else ""), f"{p['avail_R']}/{p['reflex']}",
                     f"{p['avail_S']}/{p['skill']}", str(v["fatigue"]), str(v["pain"]), str(v["shock"]),
                     str(v["bleeding"]), wounds, words.pick(words.STATUS_NAMES.get(v["status"], (v["status"],) * 2),
                                                            lang)])
    doc.table(header, rows)
