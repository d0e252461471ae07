"""The GM's post of a round (or of one phase of it), ru and en: every declaration with its dice, cost and buys,
every roll's successes against its difficulty, the comparison and final successes, what they bought, initiative
changes and wounds with their damage arithmetic. It narrates from the payloads' numbers and never recomputes."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from replay.render import ru
from replay.render.i18n import decimal
from replay.render.text import Doc, Span, Spoiler, b, check_spoiler, i, spec_defaults, tr
from replay.ruleset import TurnView
from replay.rulesets.skirmish import data, pools, words
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish.messages import plural_rounds, say_why
from replay.rulesets.skirmish.model import Fight


def post(view: TurnView, lang: str) -> Doc:
    lang = "ru" if lang == "ru" else "en"
    after: Fight = view.after
    a, b_ = after.fighters
    names = fighter_names(after.fighters)
    doc = Doc().h(tr(lang, f"Раунд {view.turn}: " + ru.versus(a.name["ru"], b_.name["ru"]),
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
            doc.h(by_name(tr(lang, f"Обмен {e.exchange}", f"Exchange {e.exchange}") + " — " + tr(
                lang, f"инициатива: {holder(e.holder, lang)}", f"initiative: {holder(e.holder, lang)}"), names,
                lang), 3)
            continue
        text = narrate(e, lang)
        if text:
            lines.append(by_name(text, names, lang))
    flush(doc, lines)
    doc.h(tr(lang, "Положение", "Standing"), 3)
    standing(doc, after, lang)
    check(doc, view, lang)
    return doc


SPEC_ID = re.compile(r"(?<![\w-])(A-\d+b?|C\d{1,2}|CP-\d{2})(?![\w-])")
"""The spec's ids a post's lines cite: its defaults (A-08), clarifications (C9) and choice points (CP-17)."""
REFERENCES = ("Прочие ссылки в скобках: 4.2, 5.8.3 — разделы свода правил; L377 — строка 377 свода правил; M16 — "
              "номер маневра в каталоге (его название стоит рядом).",
              "Other references in brackets: 4.2, 5.8.3 — sections of the rulebook; L377 — line 377 of the rulebook; "
              "M16 — the maneuver's number in the catalogue (its name stands beside it).")


def check(doc: Doc, view: TurnView, lang: str) -> None:
    """The «Для проверки» spoiler: the log's events and last hash, every spec id the post cites (the defaults its
    resolutions relied on, and the A-, C- and CP- ids of its lines) with what it says, and how to read the other
    references: a forum reader does not know what "CP-17" or "L377" is."""
    cited = [str(d) for e in view.resolutions for d in e.payload.get("defaults") or []] + SPEC_ID.findall(text_of(doc))
    meanings = {**spec_defaults(data.DATA, lang, short=True), **choice_points(lang)}
    for d in {d for d in cited if d.endswith(" default")}:  # "CP-12 default": not chosen, its default applied
        base = d.removesuffix(" default")
        if base in meanings:
            meanings[base] += tr(lang, " (выбор не сделан — взято значение по умолчанию)",
                                 " (not chosen — its default applied)")
    cited = [d.removesuffix(" default") for d in cited]
    if lang == "ru":  # "6.5 step 6", a section's step, as «6.5, шаг 6»
        step = re.compile(r" step (\d+)$")
        meanings = {step.sub(r", шаг \1", k): v for k, v in meanings.items()}
        cited = [step.sub(r", шаг \1", d) for d in cited]
    check_spoiler(doc, view, lang, cited, meanings=meanings,
                  defaults_label=("Толкования правил и точки выбора, на которые опирается пост: ",
                                  "Rule interpretations and choice points the post relies on: "))
    if doc.blocks and isinstance(doc.blocks[-1], Spoiler):
        doc.blocks[-1].body.p(tr(lang, *REFERENCES))


@cache
def _choice_points() -> dict[str, list[str]]:
    return {k: v for k, v in json.loads((data.DATA / "choice_points.json").read_text(encoding="utf-8")).items()
            if k.startswith("CP-")}


def choice_points(lang: str) -> dict[str, str]:
    """The choice points (CP-17): who decides what the rules leave open, in `lang`."""
    return {k: words.pick(v, lang) for k, v in _choice_points().items()}


def text_of(doc: Doc) -> str:
    """Every word a post shows, as plain text (to find what it cites)."""
    out: list[str] = []
    for block in doc.blocks:
        for value in vars(block).values():
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, tuple):
                out += [x.text if isinstance(x, Span) else str(x) for row in value
                        for x in (row if isinstance(row, tuple) else (row,))]
    return "\n".join(out)


def fighter_names(fighters: Any) -> dict[str, dict[str, str]]:
    """Each fighter's id -> its names {ru, en} (the id where the setup gives no name)."""
    return {f.id: {lang: f.name.get(lang) or f.id for lang in ("ru", "en")} for f in fighters}


def by_name(line: Any, names: dict[str, dict[str, str]], lang: str) -> Any:
    """A post's line (a string, a styled span, or a tuple of them) calling the fighters by their names, declined in
    Russian (`words.by_name`); a span's words are read with the text before it, so a case is asked across spans."""
    if isinstance(line, tuple):
        out, before = [], ""
        for part in line:
            said = by_name_after(part, before, names, lang)
            out.append(said)
            before += part.text if isinstance(part, Span) else str(part)
        return tuple(out)
    return by_name_after(line, "", names, lang)


def by_name_after(part: Any, before: str, names: dict[str, dict[str, str]], lang: str) -> Any:
    if isinstance(part, Span):
        return Span(words.by_name(part.text, names, lang, before=before), part.style)
    return words.by_name(str(part), names, lang, before=before)


def named(f: Any, lang: str) -> str:
    """A fighter's name with its id, as players write it in their orders («Ратибор (RAT)»); the id alone when it is
    the name."""
    name = f.name.get(lang) or f.id
    return name if name == f.id else f"{name} ({f.id})"


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
    auto, penalty = r.get("auto_successes") or 0, r.get("success_penalties") or 0  # the net counts them: say so
    more = (tr(lang, f" + {auto} автом.", f" + {auto} automatic") if auto else "") + (
        tr(lang, f" − {penalty} штраф", f" − {penalty} penalty") if penalty else "")
    return tr(lang, f"{len(r['faces'])}к10 %{r['difficulty']} [{faces}] → {r['hits']} − {r['ones']}{more} = {r['net']}"
                    f"{crit}",
              f"{len(r['faces'])}d10 %{r['difficulty']} [{faces}] → {r['hits']} − {r['ones']}{more} = {r['net']}{crit}")


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
                + words.distance_name(e.distance, lang) + loss)
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
                        + ("оружие повисает на темляке" if e.hanging else "оружие падает на пол" if e.dropped
                           else "оружие удержано"),
                  f"{e.attacker}: Fortitude {roll_text(e.roll, lang)} against the knock-aside ({e.needed}) → "
                  + ("the weapon hangs on its loop" if e.hanging else "the weapon falls to the floor" if e.dropped
                     else "keeps the weapon"))
    if isinstance(e, ev.Blocked):
        return blocked_text(e, lang)
    if isinstance(e, ev.Effect):
        return effect_text(e, lang)
    if isinstance(e, ev.Knockout):
        return tr(lang, f"{e.fighter}: проверка потери сознания (Выносливость %5) {roll_text(e.roll, lang)} → "
                        + ("без сознания" if e.unconscious else "в сознании"),
                  f"{e.fighter}: knockout check (Endurance %5) {roll_text(e.roll, lang)} → "
                  + ("unconscious" if e.unconscious else "conscious")) + knockout_length(e, lang)
    if isinstance(e, ev.Fatigue):
        return tr(lang, f"{e.fighter}: бросок усталости {roll_text(e.roll, lang)} → "
                        + (f"усталость {e.fatigue}" if e.gained else "без усталости"),
                  f"{e.fighter}: fatigue check {roll_text(e.roll, lang)} → "
                  + (f"fatigue {e.fatigue}" if e.gained else "no fatigue"))
    if isinstance(e, ev.ExchangeEnded):
        if e.melee_ended and any("M22" in w for w in e.why):
            init = tr(lang, "проход удался — схватка окончена", "the pass succeeds — the melee ends")
        elif e.melee_ended:
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
            init = tr(lang, f"инициатива остаётся у {e.holder}" if e.holder and e.holder != "tie" else
                      f"инициатива остаётся: {holder(e.holder, lang)}",
                      f"initiative stays: {holder(e.holder, lang)}")
        dist = words.distance_name(e.distance, lang) if e.distance else "—"
        distance = "" if e.melee_ended and not e.distance else tr(lang, f"; дистанция {dist}", f"; distance {dist}")
        return (b(tr(lang, "Итог обмена: ", "Exchange result: ")), init + distance
                + "".join(lock_text(lock, lang) for lock in e.locks))
    if isinstance(e, ev.RoundEnded):
        lost = "; ".join(tr(lang, f"{fid}: потеря крови {n}", f"{fid}: blood loss {n}")
                         for fid, n in e.blood_loss.items() if n)
        return tr(lang, "Конец раунда", "End of the round") + (f": {lost}" if lost else ".")
    if isinstance(e, ev.FightEnded):
        return b(tr(lang, f"Бой окончен, победитель: {e.winner}" if e.winner else "Бой окончен: никто не устоял",
                    f"The fight is over: {e.winner} wins" if e.winner else "The fight is over: no one stands"))
    return None


def knockout_length(e: ev.Knockout, lang: str) -> str:
    """C9: how long the knockout lasts, from the payload (the 1d6 roll `knockout_rounds`, or until treated)."""
    if not e.unconscious:
        return ""
    if e.until_treated:
        return tr(lang, " до лечения (рана ур. 4 в голову или корпус, C9)",
                  " until treated (a level-4 head or torso wound, C9)")
    if e.rounds is None:
        return ""
    return tr(lang, f" на 1к6 = {e.rounds} {plural_rounds(e.rounds)} (C9)",
              f" for 1d6 = {e.rounds} round{'s' if e.rounds != 1 else ''} (C9)")


def lock_text(lock: dict[str, Any], lang: str) -> str:
    """5.3 steps 4-5 (L42, L48): what an unexpected or a successful hidden attack does to initiative."""
    fid, until = lock["fighter"], lock["until"]
    if lock["kind"] == "initiative_roll":
        return tr(lang, f"; скрытая атака {fid} удалась: раунд {until[0]} начинается с бросков инициативы",
                  f"; {fid}'s hidden attack succeeded: round {until[0]} starts with initiative rolls")
    return tr(lang, f"; атака {fid} была неожиданной: инициатива остаётся у атакующего до обмена "
                    f"{until[0]}.{until[1]}, что бы ни сделала защита",
              f"; {fid}'s attack was unexpected: initiative stays with the attacker to exchange {until[0]}.{until[1]}"
              ", whatever the defence did")


def cover_text(fid: str, zones: list[str], lang: str) -> str:
    more = ", ".join(words.zone_name(z, lang) for z in zones)
    return tr(lang, f"{fid}: щит прикрывает руку со щитом" + (f" и {more}" if more else ""),
              f"{fid}: the shield covers its arm" + (f" and {more}" if more else ""))


def declaration_text(e: ev.DeclarationMade, lang: str) -> Any:
    step = words.pick(words.STEP_NAMES[e.step], lang)
    if e.maneuver == "pass":
        why = {"cannot act": ("не может действовать", "cannot act"),
               "nothing to answer": ("нечего отражать", "nothing to answer"),
               "attacked this exchange (A-09)": ("атака в этом обмене уже была: одно действие за обмен",
                                                 "already attacked (one action per exchange)"),
               "answered by a free check, not a defence (5.4)": ("отвечает свободной проверкой",
                                                                 "answered by a free check"),
               "a hidden attack not sensed (5.7, L48)": ("скрытая атака не замечена (5.7)",
                                                         "a hidden attack not sensed (5.7)"),
               "changes the grip over this exchange (M56, L703)": ("меняет хват весь обмен (M56, L703)",
                                                                    "changes the grip over this exchange (M56)")}
        reason = f" ({words.pick(why[e.forced], lang)})" if e.forced in why else ""
        return (f"{e.actor} — {step}: " + tr(lang, "пас", "pass") + reason + empathy_text(e.priced, lang)
                + declared_why(e, lang))  # M50 (L650): a pass that draws over the whole round says so
    p, o = e.priced, e.order
    dice = o.get("dice") or {}
    further = [str(t) for t in (o.get("then") if isinstance(o.get("then"), list) else [])]  # M09, M10, M65 (L826)
    further += [str(o["also"])] if o.get("also") else []  # M24 (L441): the second target
    aimed = f" → {o['target']}" + "".join(f" → {t}" for t in further) if o.get("target") else ""
    target = (f"{aimed}," if aimed else " →") + f" {words.zone_name(o['zone'], lang)}" \
        if o.get("zone") else aimed  # a hold or a break free: on whom; a blow on several targets: each, in order
    if o.get("answers") and e.step == "defence":  # 4.4: a defence in a melee of several fighters names its attack
        target = tr(lang, f" против {o['answers']}", f" against {o['answers']}") + target
    name = words.maneuver_name(e.maneuver, lang)
    if o.get("maneuver") == "protect_ally" and p.get("partner_cover"):  # 5.12 (L1189): no Protect ally
        name = tr(lang, f"прикрывает напарника {p.get('protects')} (строй, без активации Защиты союзника), {name}",
                  f"covers his partner {p.get('protects')} (formation, no Protect ally activated), {name}")
    elif o.get("maneuver") == "protect_ally":  # M37: the protector's Knock-aside or Block for the ally
        name = f"{words.maneuver_name('protect_ally', lang)} → {p.get('protects')}, {name}"
    if o.get("hilt"):  # M50 (L648), M68 (L723): a hilt strike, D = Strength, crushing
        target += tr(lang, " (рукоятью)", " (with the hilt)")
    cost = [tr(lang, f"{p['dice_pool']} куб.", f"{p['dice_pool']} dice")]
    if p["doubling"]:
        cost.append(tr(lang, f"+{p['doubling']} сверх умения {p['skill_level']}",
                       f"+{p['doubling']} above skill {p['skill_level']}"))
    if p["length_penalty"]:
        cost.append(tr(lang, f"+{p['length_penalty']} за длину", f"+{p['length_penalty']} length")
                    + pair_penalty_text(p.get("partner_penalty"), lang))
    if p["activation"]:
        cost.append(tr(lang, f"+{p['activation']} активация", f"+{p['activation']} activation"))
    buys = ", ".join(buy_text(x, lang) for x in o.get("buys") or [])
    required = [say_why(w) for w in p["required_why"]] if lang == "ru" else p["required_why"]
    req = tr(lang, f"; требует {p['required_extra']} усп. до сравнения: {', '.join(required)}",
             f"; requires {p['required_extra']} before the comparison ({', '.join(p['required_why'])})") \
        if p["required_extra"] else ""
    return (b(f"{e.actor} — {step}: {name}"),
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
            + (tr(lang, f"; покупки: {buys}", f"; buys: {buys}") if buys else "")
            + surprise_text(p, lang) + empathy_text(p, lang) + declared_why(e, lang))


DECLARED_WHY = (" drops the caught ", " up from the floor ", " hanging on its wrist loop ", " over the whole round: ",
                " cannot pay the GM's price ", " grip over this exchange: ", " is surrounded and retreats towards ")
"""The lines of a declaration's `why` the post tells: the caught weapon dropped (M44, L605) and the pickup from the
floor with its Reflex check (M50, A-39), a declaration refused at the GM's price of the draw (CP-31, 4.7.9), and a
surrounded retreater's way towards an enemy (M45, L616)."""


def declared_why(e: ev.DeclarationMade, lang: str) -> str:
    lines = [w for w in e.why if any(k in w for k in DECLARED_WHY)]
    return "".join("; " + (say_why(w) if lang == "ru" else w) for w in lines)


SURPRISE_TEXT = {"unexpected": ("ГМ: атака неожиданная — защита только блоком, простым парированием или уклонением, "
                                "только очками рефлекса; инициатива остаётся у атакующего (5.7)",
                                "the GM: an unexpected attack — only a block, the simple parry or an evasion, reflex "
                                "points only; initiative stays with the attacker (5.7)"),
                 "trusted": ("ГМ: атака неожиданная, от того, кому доверяют — защита только блоком, простым "
                             "парированием или уклонением, только очками рефлекса, +1 к сложности; инициатива "
                             "остаётся у атакующего (5.7)",
                             "the GM: unexpected, by someone trusted — only a block, the simple parry or an evasion, "
                             "reflex points only, +1 difficulty; initiative stays with the attacker (5.7)"),
                 "hidden": ("ГМ: атака скрытая — чтобы защищаться, нужен 1 успех Эмпатии %6 (5.7)",
                            "the GM: a hidden attack — 1 success on Empathy %6 is needed to defend (5.7)")}


def surprise_text(priced: dict[str, Any], lang: str) -> str:
    """CP-43 (5.7): the GM's word on an attack, from `priced["surprise"]`."""
    kind = priced.get("surprise")
    return f"; {words.pick(SURPRISE_TEXT[kind], lang)}" if kind in SURPRISE_TEXT else ""


def empathy_text(priced: dict[str, Any], lang: str) -> str:
    """5.7 (L46-48): the Empathy check before a hidden attack, from `priced["empathy"]`."""
    e = priced.get("empathy")
    if not e:
        return ""
    faces = ", ".join(map(str, e["faces"]))
    roll = f"{len(e['faces'])}{tr(lang, 'к', 'd')}10 %{e['difficulty']} [{faces}] → {e['hits']} − {e['ones']} = " \
           f"{e['net']}"
    return tr(lang, f"; Эмпатия {roll} → " + ("скрытая атака замечена" if e["sensed"] else "скрытая атака не замечена"),
              f"; Empathy {roll} → " + ("the hidden attack is sensed" if e["sensed"] else "the hidden attack is not "
                                        "sensed"))


BUY_NAMES = {"danger": ("опасность", "danger"), "penetration": ("пробивание", "penetration"),
             "shock": ("шок", "shock"), "bleeding": ("кровотечение", "bleeding")}


def pair_penalty_text(pair: dict[str, Any] | None, lang: str) -> str:
    """5.12 (L1195, A-58b): the larger length penalty of a partner pair in one cell."""
    if not pair:
        return ""
    return tr(lang, f" (пара напарников — {pair['target']}, {pair['partner']}: больший штраф из {pair['own']} и "
                    f"{pair['against_partner']}, A-58b)",
              f" (partner pair {pair['target']}+{pair['partner']}: the larger of {pair['own']} and "
              f"{pair['against_partner']}, A-58b)")


def buy_text(buy: str, lang: str) -> str:
    """A declared purchase ("precise:chest_left", "danger:1", "ignore_armour:all") in words; English keeps the
    declaration's own form."""
    if lang != "ru":
        return buy
    kind, _, value = buy.partition(":")
    if kind == "precise":
        return f"точная зона {words.zone_name(value, lang)}"
    if kind == "ignore_armour":
        return "игнор брони" + ("" if value == "all" else f" {value}")
    if kind in BUY_NAMES:
        return f"{words.pick(BUY_NAMES[kind], lang)} +{value}"
    return buy


def plain_name(code: str, lang: str) -> str:
    """A maneuver's name inside brackets or a heading: without the rulebook's (Р) mark, so no brackets nest
    («RAT (Увертка)», «Увертка (M47)»)."""
    return words.maneuver_inline(code, lang)


def clash_text(e: ev.Clash, lang: str) -> Any:
    if e.cancelled:
        if "(L660)" in e.cancelled:  # M51/M52: a successful grab or leg dive
            return tr(lang, f"{e.attacker}: {words.maneuver_name(e.maneuver, 'ru')} не удаётся — противник "
                            "успешно захватил его (L660)", f"{e.attacker}: attack cancelled ({e.cancelled})")
        return tr(lang, f"{e.attacker}: атака отменена ({e.cancelled})", f"{e.attacker}: attack cancelled "
                  f"({e.cancelled})")
    assert e.attack_roll is not None and e.opposed is not None
    cut = e.reduced.get("attack", 0)
    parts = [f"{e.attacker}{':' if e.attack_roll.get('automatic_failure') and lang == 'ru' else ''} "
             f"{roll_text(e.attack_roll, lang)}"
             + (cut_text(e, e.attacker, e.maneuver, lang) or tr(lang, f" (−{cut} куб. по 5.1.6)",
                                                                f" (−{cut} dice, 5.1.6)") if cut else "")]
    if e.defence and e.defence_roll is not None:
        dcut = e.reduced.get("defence", 0)
        parts.append(f"{e.defence['actor']} ({plain_name(e.defence['maneuver'], lang)}) "
                     f"{roll_text(e.defence_roll, lang)}"
                     + (cut_text(e, e.defence["actor"], e.defence["maneuver"], lang)
                        or tr(lang, f" (−{dcut} куб.)", f" (−{dcut} dice)") if dcut else ""))
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
        verdict = tr(lang, f"защита успешна, итоговых успехов {o['final']}", f"the defence wins ({o['final']})")
    else:
        verdict = tr(lang, "ничья — атака не прошла, инициатива не меняется", "tie — the attack fails, initiative "
                     "unchanged")
    return "; ".join(parts) + f"; {left} {tr(lang, 'против', 'vs')} {right} → {verdict}"


def hit_text(e: ev.Hit, lang: str) -> Any:
    bought = bought_text(e.bought, lang, free_precise=e.maneuver == "precise_attack")
    zone = words.zone_name(e.precise, lang) if e.precise else tr(lang, "промах (0 на 2к6−2)", "miss (0 on 2d6−2)")
    how = tr(lang, " (куплена)", " (bought)") if e.zone_roll is None else f" (2{tr(lang, 'к', 'd')}6−2 = {e.zone_roll})"
    head = f"{e.target}: {zone}{how if e.precise else ''}" + body_roll_text(e.body_roll, lang)
    if bought:
        head += tr(lang, "; куплено: ", "; bought: ") + ", ".join(bought)
    if e.miss:
        return head
    parts = [f"D = {e.raw}" + (tr(lang, f" (пробивающий +{e.power_bonus})", f" (power +{e.power_bonus})")
                               if e.power_bonus else "")
             + (tr(lang, " (урон определил ГМ)", " (damage ruled by the GM)") if gm_damage(e) else "")]
    if e.shield:
        parts.append(tr(lang, f"щит −{e.shield['armour']}", f"shield −{e.shield['armour']}"))
    arm = e.armour or {}
    if arm.get("effective"):
        piece = words.item_name(arm["piece"], lang)
        parts.append(tr(lang, f"броня ({piece}) −{arm['effective']}×{arm['k']}",
                        f"armour ({piece}) −{arm['effective']}×{arm['k']}"))
    if e.penetration:
        pen = e.penetration
        parts.append(tr(lang, f"пробивание 1к6 [{pen['face']}]+{pen['P']} против {pen['tn']}",
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
    extra = [words.flag_name(x, lang) for x in (*w["flags"], *w["consequences"])]
    return f"{head}; {arithmetic}; {wound}" + (f" [{', '.join(extra)}]" if extra else "")


def cut_text(e: ev.Clash, actor: str, maneuver: str, lang: str) -> str:
    """Why a roll has fewer dice than declared, from the clash's arithmetic: « (заявлено 4 − потеряно 2: M11 язык
    тела)», « (4 declared − 2 pending reduction, 5.1.6)»; "" when the arithmetic does not say."""
    head = f"{actor} {maneuver}: "
    for line in e.why:
        m = re.match(r"\d+d %\d+ (\(\d+ declared − .*\)) \[", line.removeprefix(head)) if line.startswith(head) \
            else None
        if m:
            said = say_why(m.group(1)) if lang == "ru" else m.group(1)
            return " " + re.sub(r" \(([^()]*)\)\)$", r": \1)", said)  # no brackets nest: «потеряно 2: M11 …»
    return ""


def gm_damage(e: ev.Hit) -> bool:
    """The damage D is the GM's ruling (M15 `reverse_damage`, L363): its line in the hit's `why` says so."""
    return any(w.startswith("D = ") and "the GM's ruling" in w for w in e.why)


def body_roll_text(roll: dict[str, Any] | None, lang: str) -> str:
    """5.9.5 (L186): against a target a third of the attacker's height the zone is rolled on the stance table."""
    if not roll:
        return ""
    stance = words.pick(words.STANCE_NAMES.get(roll["stance"], (roll["stance"],) * 2), lang)
    found = words.zone_name(roll["general"], lang) if roll.get("general") else tr(lang, "промах", "miss")
    return tr(lang, f" (цель втрое ниже: зона не выбирается, 1к6 [{roll['face']}] по столбцу «{stance}» → {found})",
              f" (a target a third the height: no zone is chosen, 1d6 [{roll['face']}] on the {stance} column → "
              f"{found})")


KIND_TEXT = {
    "shock": ("шок {n}", "shock {n}"), "lose_R": ("−{n} рефлекса", "−{n} reflex"),
    "lose_S": ("−{n} навыка", "−{n} skill"), "no_weapon": ("{ref} нельзя использовать", "{ref} cannot be used"),
    "outmaneuvered": ("не может атаковать {ref}", "cannot attack {ref}"),
    "leader_bonus": ("+{n} куб. на маневрирование (лидер — {ref})", "+{n} dice on Maneuvering (leader {ref})"),
    "only_thrust": ("{ref}: только выпады", "{ref}: thrusts only"), "bonus": ("+{n} куб. ({ref})", "+{n} dice ({ref})"),
    "dodge_bonus": ("+{n} куб. на уклонения", "+{n} dice on dodges"),
    "no_attacking_defence": ("без защит с атакующим элементом", "no defence with an attacking element"),
    "success_penalty": ("−{n} успех на каждом броске до конца боя", "−{n} success on every roll for the fight"),
    "pain_hold": ("болевой захват {n}", "pain hold {n}"),
    "initiative_bonus": ("+{n} к броску инициативы", "+{n} on the initiative roll"),
    "transfer_feint": ("{n} автом. успехов перевода на {ref}", "{n} automatic transfer successes on {ref}"),
    "transfer_auto": ("{n} автом. успехов на атаке второй фазы перевода", "{n} automatic successes on the phase-2 "
                      "attack"),
    "transfer_phase2": ("вторая фаза перевода: {ref}", "transfer phase 2: {ref}"),
    "defence_lost_dice": ("защита теряет {n} куб. (перевод)", "the defence loses {n} dice (transfer)"),
    "guard": ("зональная защита ({ref}): {n:+} куб.", "zonal defence ({ref}): {n:+} dice"),
    "initiative_lock": ("инициатива закреплена", "initiative locked"),
    "initiative_roll": ("раунд начинается с бросков инициативы", "the round starts with initiative rolls"),
}


def transfer_ref(ref: str, lang: str) -> str:
    """A transfer feint's "maneuver:zone,zone" in words."""
    code, _, zones = ref.partition(":")
    name = words.maneuver_name(code, lang) if code in data.maneuvers() else code
    return name + (" → " + ", ".join(words.zone_name(z, lang) for z in zones.split(",") if z) if zones else "")


HOLD_NAMES = {"main_arm": ("ведущая рука", "main arm"), "off_arm": ("вторая рука", "off arm"),
              "arms": ("обе руки", "both arms"), "torso": ("корпус", "torso"), "head": ("голова", "head"),
              "leg": ("нога", "leg"), "legs": ("обе ноги", "both legs")}
REF_NAMES = {"attack": ("на атаку", "on the attack"), "wrestling": ("на борьбу", "on wrestling"),
             "any": ("на любой маневр", "on any maneuver")}
CHECK_NAMES = {"strength": ("Сила", "Strength"), "stability": ("устойчивость (Сила)", "Stability (Strength)"),
               "balance": ("равновесие", "balance"), "reactive": ("реакция (Борьба/Акробатика)",
                                                                 "reactive Wrestling/Acrobatics"),
               "endurance": ("Выносливость", "Endurance"), "body_language": ("язык тела", "Body Language"),
               "assess": ("оценка", "assessment"), "interception": ("перехват", "interception"),
               "demoralization": ("этикет / страх", "etiquette / fear")}


def ref_name(ref: str, lang: str) -> str:
    if ref in REF_NAMES:
        return words.pick(REF_NAMES[ref], lang)
    if ref in data.maneuvers():
        return tr(lang, f"на «{plain_name(ref, lang)}»", f"on {words.maneuver_name(ref, lang)}")
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
        shown = ref_name(ref, lang) if c["kind"] == "bonus" else transfer_ref(ref, lang) if c["kind"] in (
            "transfer_feint", "transfer_phase2") else words.zone_name(ref, lang) if c["kind"] == "guard" else \
            words.item_in(ref, "accs") if c["kind"] == "no_weapon" and lang == "ru" else words.item_name(ref, lang)
        text = tr(lang, ru, en).format(n=c["amount"], ref=shown)
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
        if c.get("state") == "broken":  # M42: the shaft cut
            return tr(lang, f"{c['fighter']}: {words.agreed(item, words.BROKEN)} (древко перерублено)",
                      f"{c['fighter']}'s {item} is broken (the shaft is cut)")
        if c.get("state") == "hanging":  # L689: a disarmed weapon with a wrist loop hangs on the wrist
            return tr(lang, f"{c['fighter']}: {item} повисает на темляке", f"{c['fighter']}'s {item} hangs on its loop")
        return tr(lang, f"{c['fighter']} роняет: {item}", f"{c['fighter']} drops {item}")
    if op == "release":  # M44 (L605): the blade catch over, the caught weapon freed, dropped or broken
        item = words.item_name(c["weapon"], lang)
        forms = {"freed": words.FREED, "dropped": words.DROPPED, "broken": words.BROKEN}[c["how"]]
        en = {"freed": "freed", "dropped": "dropped", "broken": "broken"}[c["how"]]
        return tr(lang, f"{c['fighter']}: захват клинка окончен, {words.agreed(item, forms)}",
                  f"{c['fighter']}: the blade catch ends, {item} {en}")
    if op == "spend":  # M15: the activation and the committed successes
        parts = [tr(lang, f"Р{c.get('reflex', 0)}", f"R{c.get('reflex', 0)}")]
        if c.get("master"):
            parts.append(tr(lang, f"мастерских успехов {c['master']}", f"{c['master']} master successes"))
        if c.get("extraordinary"):
            parts.append(tr(lang, f"экстраординарных успехов {c['extraordinary']}",
                            f"{c['extraordinary']} extraordinary successes"))
        return tr(lang, f"{c['fighter']} тратит ", f"{c['fighter']} spends ") + ", ".join(parts)
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
        return tr(lang, "дистанция ", "distance ") + words.distance_name(c["value"], lang)
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
        height = decimal(c["metres"], "ru")  # «1,5 м»
        if not c["dice"]:
            return tr(lang, f"{c['fighter']} падает с {height} м{cut}; зона: {zone}; кубиков урона не осталось",
                      f"{c['fighter']} falls from {c['metres']} m{cut}; zone {zone}; no damage dice left")
        return tr(lang, f"{c['fighter']} падает с {height} м{cut}; зона: {zone}; {c['dice']}к6 [{faces}] = "
                        f"{c['total']} − успехи Выносливости {c['endurance']} − броня {c['armour']} = {c['W']}",
                  f"{c['fighter']} falls from {c['metres']} m{cut}; zone {zone}; {c['dice']}d6 [{faces}] = "
                  f"{c['total']} − Endurance successes {c['endurance']} − armour {c['armour']} = {c['W']}")
    if op == "move":  # M22 (L421): the pass into the free cell and on
        cells = " → ".join(f"({x}, {y})" for x, y in c["path"])
        facing = tr(lang, f", лицом на {FACING_RU[c['facing']]}", f", facing {FACING_EN[c['facing']]}") \
            if c.get("facing") else ""
        return tr(lang, f"путь {c['fighter']}: {cells}{facing}", f"{c['fighter']}'s path: {cells}{facing}")
    if op == "avoid":  # M53 (L681): the enemy outside the melee answers the maneuverer's move towards him
        n = c["successes"]
        spent = tr(lang, f"Р{c['reflex']}, успехов {n}", f"R{c['reflex']}, {n} success{'' if n == 1 else 'es'}")
        return tr(lang, f"{c['fighter']} {'избегает схватки' if c['avoided'] else 'не избегает схватки'} с {c['by']} "
                        f"({spent})",
                  f"{c['fighter']} {'avoids' if c['avoided'] else 'does not avoid'} the melee with {c['by']} "
                  f"({spent})")
    if op == "throw":
        return tr(lang, f"{c['fighter']} брошен с высоты {decimal(c['metres'], 'ru')} м (1 + ⌊{c['final']}/2⌋)"
                        + ("; захват сохранён" if c["hold_kept"] else "; захват потерян"),
                  f"{c['fighter']} is thrown from {c['metres']} m (1 + ⌊{c['final']}/2⌋)"
                  + ("; the hold is kept" if c["hold_kept"] else "; the hold is lost"))
    return op


FACING_RU = {"N": "север", "E": "восток", "S": "юг", "W": "запад"}
FACING_EN = {"N": "north", "E": "east", "S": "south", "W": "west"}


def effect_text(e: ev.Effect, lang: str) -> Any:
    """What a maneuver did beyond the hit: its changes in both languages, and the GM's arithmetic (`why`)."""
    name = f"{plain_name(e.maneuver, lang)} ({e.maneuver_id})" if e.maneuver_id != "5.8" else \
        tr(lang, "захват (5.8)", "grapple (5.8)")  # a grapple's end, whatever began it (group_grapple.loosen)
    changes = "; ".join(change_text(c, lang) for c in e.changes) or tr(lang, "без последствий", "no change")
    why = [say_why(w) for w in e.why] if lang == "ru" else list(e.why)
    return (b(f"{e.actor} — {name}: "), changes + (" — " + "; ".join(why) if why else ""))


def blocked_text(e: ev.Blocked, lang: str) -> str:
    r = e.reliability_roll
    item = words.item_name(e.item, lang)
    out = tr(lang, f"{e.defender}: удар остановлен, {item} принимает D = {e.raw}; надёжность "
                   f"{roll_text(r, lang)} → {e.effective}; " + words.agreed(item, words.BROKEN if e.broken else
                                                                            words.INTACT),
             f"{e.defender}: the blow is stopped, {item} takes D = {e.raw}; reliability {roll_text(r, lang)} → "
             f"{e.effective}; " + ("broken" if e.broken else "intact"))
    if e.arm_wound:
        out += tr(lang, f"; в руку проходит {e.arm_wound['W']}", f"; {e.arm_wound['W']} through to the arm")
    if e.attacker_weapon_broken:
        out += tr(lang, f"; оружие {e.attacker} сломано", f"; {e.attacker}'s weapon breaks")
    if e.dropped and e.hanging:  # L689 and the option `wrist_loop_holds`
        out += tr(lang, "; оружие повисает на темляке", "; the weapon hangs on its loop")
    elif e.dropped:
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
    for key, said_ru, en in (("danger", "опасность", "danger"), ("penetration", "пробивание", "penetration"),
                             ("ignore_armour", "игнор брони", "ignore armour"), ("shock", "шок", "shock"),
                             ("bleeding", "кровотечение", "bleeding")):
        n = bought.get(key, 0)
        if n:
            out.append(tr(lang, f"{said_ru} +{n} ({n})", f"{en} +{n} ({n})"))
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
        rows.append([named(f, lang) + (" ★" if state.holder == f.id else ""), f"{p['avail_R']}/{p['reflex']}",
                     f"{p['avail_S']}/{p['skill']}", str(v["fatigue"]), str(v["pain"]), str(v["shock"]),
                     str(v["bleeding"]), wounds, status_name(v["status"], f, lang)])
    doc.table(header, rows)


def status_name(status: str, fighter: Any, lang: str) -> str:
    """A fighter's status in words, agreeing in Russian with the fighter («беспомощна», «мертва»)."""
    word = words.pick(words.STATUS_NAMES.get(status, (status,) * 2), lang)
    return words.agreeing(word, fighter.name.get("ru") or fighter.id) if lang == "ru" and " " not in word else word
