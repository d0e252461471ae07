"""The GM's post of a duel turn, in Russian (the rulebook's own terms) and English, as a markup-neutral `Doc`.

It tells the turn the way a GM writes it on a forum: the revealed stacks and stakes, the rolls and rerolls with
their costs, who strikes first and why, each strike's and counter-attack's arithmetic, flips, wounds, the stamina
accounting, the advantage for the next turn and the state table. Names, localities and roleplay are user text:
they go into the `Doc` as plain strings and the renderer escapes them. The phrases are shared with `frame.py`; the
terms are in `words.py`, and the payloads are read through their typed classes (`events.py`, which reads a payload
the log holds without pydantic).
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from eventlog.envelope import Event
from replay.render import ru
from replay.render.text import Doc, Inline, b, check_spoiler, i, ids_in_brackets, pick, s, signed, spec_meanings, tr
from replay.ruleset import TurnView
from replay.rulesets.duel.events import (
    Concede,
    Counter,
    EndOfTurn,
    EndSide,
    FinishOff,
    Flip,
    Resolution,
    Reveal,
    RevealSide,
    Strike,
    StrikeOrder,
    of,
)
from replay.rulesets.duel.model import DC_POSITION, ID_POSITION, DuelState
from replay.rulesets.duel.words import (
    STAKE,
    TRAIT,
    count,
    item_name,
    items_word,
    names,
    position,
    stake_name,
    status_name,
    versus,
    wound_name,
)

R = TypeVar("R", bound=Resolution)
DATA = Path(__file__).parent / "data"


# --- one line per step (the frame's event line and the post's summary) -------------------------------------------

def roll_line(side: RevealSide, lang: str) -> str:
    """The final roll against its threshold: "55 − 10 (штраф) = 45 ≥ 40, успех"."""
    roll, pen, eff, thr, ok = side.roll, side.wound_penalty, side.effective, side.threshold, side.success
    word = tr(lang, "успех", "success") if ok else tr(lang, "провал", "failure")
    calc = f"{roll} − {pen} ({tr(lang, 'штраф', 'penalty')}) = {eff}" if pen else str(roll)
    return f"{calc} {'≥' if ok else '<'} {thr}, {word}"


def strike_text(p: Strike, who: dict[str, str], lang: str) -> str:
    """A strike's arithmetic as one sentence."""
    att, dfd = who.get(p.attacker, p.attacker), who.get(p.defender, p.defender)
    n, phi, d, e, parried, u = p.N, p.Phi, p.D, p.E, p.P, p.U
    parts = [tr(lang, count(n, ("атака", "атаки", "атак")), f"{n} attack{'s' if n != 1 else ''}")]
    if phi:
        parts.append(tr(lang, count(phi, ("финт", "финта", "финтов")), f"{phi} feint{'s' if phi != 1 else ''}"))
    text = tr(lang, " и ", ", ").join(parts) + tr(lang, f" против {count(d, ('защиты', 'защит', 'защит'))}",
                                                  f" against {d} defense{'s' if d != 1 else ''}")
    if phi and d:
        text += tr(lang, f"; финты снимают {min(phi, d)}, действует {e}", f"; feints remove {min(phi, d)}, {e} left")
    text += tr(lang, f". Отражено {parried}, прошло {u}", f". {parried} parried, {u} through")
    if u:
        factors = []
        if e == 0:
            factors.append(tr(lang, "2 (защиты нет)", "2 (no defense)"))
        if p.killer_blow:
            factors.append(tr(lang, "2 (Убийственный удар)", "2 (killer blow)"))
        calc = " × ".join([str(u), *factors]) + f" = {p.damage}" if factors else str(p.damage)
        text += tr(lang, f". Урон: {calc}", f". Damage: {calc}")
    else:
        text += tr(lang, ": урона нет", ": no damage")
    return f"{att} → {dfd}: {text}."


def counter_text(p: Counter, who: dict[str, str], lang: str) -> str:
    """A counter-attack's arithmetic as one sentence."""
    att, dfd = who.get(p.attacker, p.attacker), who.get(p.defender, p.defender)
    if p.cancelled:
        return tr(lang, ru.gendered(att, f"{att} убит — его контр-атака отменена.",
                                    f"{att} убита — её контр-атака отменена.",
                                    f"{att} погибает: контр-атака отменена."),
                  f"{att} is dead: the counter-attack is cancelled.")
    k, parried = p.k, p.parried_by
    if not p.successful:
        return tr(lang, f"{att}: контр-атака не удалась — ни одна атака противника не отражена.",
                  f"{att}'s counter-attack fails: {att} parried no attack.")
    text = tr(lang, f"{att} → {dfd}: отражено атак: {parried}, контр-атак: {k}",
              f"{att} → {dfd}: {k} counter-attack{'s' if k != 1 else ''} for {parried} parried attack"
              f"{'s' if parried != 1 else ''}")
    if p.blocked:
        text += tr(lang, f"; свободные защиты противника отбивают {p.blocked}",
                   f"; {dfd}'s spare defenses stop {p.blocked}")
    calc = f"({k} − {p.blocked}) × {parried}" if p.blocked else f"{k} × {parried}"
    if p.weapon_control:
        calc += tr(lang, f" + {p.weapon_control} (Контроль оружия)", f" + {p.weapon_control} (weapon control)")
    return text + tr(lang, f". Урон: {calc} = {p.damage}.", f". Damage: {calc} = {p.damage}.")


def flip_text(p: Flip, who: dict[str, str], lang: str) -> str:
    """Whether the damage turned a successful roll into a failure (§5)."""
    name = who.get(p.duelist, p.duelist)
    calc = f"{p.roll} − {p.wound_penalty} − {p.inturn_penalty} = {p.effective}"
    if p.flipped:
        items = [item_name(it, lang) for _, it in p.lost]
        lost = ", ".join(items) or "—"
        lost_ru = (f"{' и '.join([', '.join(items[:-1]), items[-1]] if len(items) > 1 else items)} "
                   f"{ru.agree_with('потерян', items)}." if items else "Ничего не потеряно.")
        return tr(lang, f"{name}: бросок после ранения {calc} < {p.threshold}, успех стал провалом. {lost_ru}",
                  f"{name}'s roll after the wound: {calc} < {p.threshold}, the success becomes a failure. "
                  f"Lost: {lost}.")
    return tr(lang, f"{name}: бросок после ранения {calc} ≥ {p.threshold}, успех устоял.",
              f"{name}'s roll after the wound: {calc} ≥ {p.threshold}, the success holds.")


def order_text(p: StrikeOrder, who: dict[str, str], lang: str, only: bool = False) -> str:
    """Who strikes first and why (`only`: the second has no attack)."""
    mode, first, second = p.mode, p.first, p.second
    if mode == "none":
        return tr(lang, "Атак нет ни у кого.", "Nobody attacks.")
    if mode == "simultaneous":
        return tr(lang, "Атаки идут обоюдно, одновременно.", "The attacks are simultaneous.")
    if only:
        return tr(lang, f"Атакует только {who.get(first, first)}.", f"Only {who.get(first, first)} attacks.")
    one, two = who.get(first, first), who.get(second, second)
    if lang == "ru" and (ru.gender(one) is None or ru.gender(two) is None):
        return f"Первый удар: {one}, второй: {two}."  # a name without a gender: "первым"/"первой" cannot agree
    return tr(lang, ru.gendered(one, f"Первым бьет {one}", f"Первой бьет {one}", "")
              + ru.gendered(two, f", вторым {two}.", f", второй — {two}.", ""),
              f"{one} strikes first, {two} second.")


def step_text(event: Event, who: dict[str, str], lang: str) -> str:
    """One sentence on what a resolution step did (the frame's event line)."""
    step = of(event)
    if isinstance(step, Reveal):
        parts = []
        for side_id, side in step.sides.items():
            got = len(side.obtained)
            parts.append(f"{who.get(side_id, side_id)}: {pick(STAKE[side.final_stake], lang)}, "
                         f"{roll_line(side, lang)}, {items_word(got, lang)}")
        return tr(lang, "Вскрытие. ", "Reveal. ") + "; ".join(parts) + ". " + order_text(step.strike_order, who, lang)
    if isinstance(step, Strike):
        text = tr(lang, "Атака: ", "Strike: ") + strike_text(step, who, lang)
        return text + (tr(lang, " Мгновенная смерть!", " Instant death!") if step.dead else "")
    if isinstance(step, Flip):
        return flip_text(step, who, lang)
    if isinstance(step, Counter):
        text = tr(lang, "Контр-атака: ", "Counter-attack: ") + counter_text(step, who, lang)
        return text + (tr(lang, " Мгновенная смерть!", " Instant death!") if step.dead else "")
    if isinstance(step, EndOfTurn):
        return (tr(lang, "Конец хода. ", "End of turn. ") + advantage_text(step, who, lang)
                + result_text(step, who, lang))
    if isinstance(step, FinishOff):
        return finish_text(step, who, lang)
    if isinstance(step, Concede):
        return concede_text(step, who, lang)
    return event.type


def advantage_text(p: EndOfTurn, who: dict[str, str], lang: str, before: str | None = None) -> str:
    """The initiative count and the advantage for the next turn."""
    sides = p.sides
    counts = []
    for side_id, side in sides.items():
        raw, pts = side.initiative.raw, side.initiative.pts
        counts.append(f"{who.get(side_id, side_id)} {raw}" + (f" × 2 = {pts}" if pts != raw and raw else ""))
    head = tr(lang, "Инициатива: ", "Initiative: ") + ", ".join(counts) + ". "
    adv = p.advantage
    raws = [side.initiative.raw for side in sides.values()]
    if not any(raws):
        keep = who.get(adv, adv) if adv else None
        return head + (tr(lang, f"Никто не получил инициативы: преимущество сохраняет {keep}. ",
                              f"Nobody obtained initiative: {keep} keeps the advantage. ") if keep else
                       tr(lang, "Никто не получил инициативы: преимущества нет. ",
                          "Nobody obtained initiative: no advantage. "))
    if adv is None:
        return head + tr(lang, "Поровну: преимущества нет ни у кого. ", "A tie: nobody has the advantage. ")
    name = who.get(adv, adv)
    if before is not None and before != adv:
        return head + tr(lang, f"Преимущество переходит: теперь его имеет {name}. ",
                         f"The advantage passes to {name}. ")
    if before == adv:
        return head + tr(lang, f"Преимущество сохраняет {name}. ", f"{name} keeps the advantage. ")
    return head + tr(lang, f"Преимущество получает {name}. ", f"{name} has the advantage. ")


def result_text(p: EndOfTurn, who: dict[str, str], lang: str) -> str:
    """The duel's result, if the turn ended it."""
    result = p.result
    if result is None:
        return ""
    if result == "draw":
        return tr(lang, "Оба выбыли: ничья.", "Both are out: a draw.")
    winner = who.get(result.winner, result.winner)
    return tr(lang, f"Победитель — {winner}!", f"{winner} wins!")


def finish_text(p: FinishOff, who: dict[str, str], lang: str) -> str:
    """The winner's choice over the incapacitated loser (CP-D4)."""
    winner, loser = who.get(p.winner, p.winner), who.get(p.loser, p.loser)
    if p.choice == "kill":
        return tr(lang, f"{winner} добивает {ru.gendered(loser, 'противника', 'противницу', 'противника')}, как "
                        f"кабанчика: {ru.gendered(loser, f'{loser} убит', f'{loser} убита', f'{loser} погибает')}. "
                        "Bon sang!",
                  f"{winner} finishes the opponent off: {loser} is dead. Bon sang!")
    return tr(lang, f"{winner} щадит {ru.gendered(loser, 'противника', 'противницу', 'противника')}: {loser} "
                    "остается в живых.", f"{winner} spares {loser}.")


def concede_text(p: Concede, who: dict[str, str], lang: str) -> str:
    """A duelist yields."""
    loser, winner = who.get(p.duelist, p.duelist), who.get(p.winner, p.winner)
    return tr(lang, f"{loser} сдается. Победитель — {winner}.", f"{loser} concedes. {winner} wins.")


# --- the post ------------------------------------------------------------------------------------------------

def first(events: tuple[Event, ...], kind: type[R]) -> R | None:
    """The first resolution of a class, typed."""
    found = next((e for e in events if e.type == kind.type), None)
    return None if found is None else kind.trusted(found.payload)


def stack_cell(side: RevealSide, pos: int, neutralized: set[int], lost: set[int], lang: str) -> str:
    """One stack position as the post's table shows it."""
    items = side.working or side.declared
    if pos > len(items):
        return ""
    item = items[pos - 1]
    obtained = {p for p, _ in side.obtained}
    text = item_name(item, lang)
    if pos in side.eaten:
        return text + tr(lang, f" — «{ru.agree_with('съеден', [text])}»", " — eaten")
    if pos in lost:
        return text + tr(lang, f" — {ru.agree_with('потерян', [text])}", " — lost")
    if pos in obtained:
        text += " ✓"
        if pos in neutralized:
            text += tr(lang, f" ({ru.agree_with('снят', [item_name(item, lang)])} финтом)", " (feinted)")
    return text


def extra_cell(side: RevealSide, pos: int, neutralized: set[int], lang: str) -> str:
    """Position 7 or 8 (an item granted by a trait), if obtained."""
    for p, item in side.obtained:
        if p == pos:
            name = item_name(item, lang)
            return name + " ✓" + (tr(lang, f" ({ru.agree_with('снят', [name])} финтом)", " (feinted)")
                                  if p in neutralized else "")
    return ""


def stacks_table(doc: Doc, reveal: Reveal, view: TurnView, who: dict[str, str], lang: str) -> None:
    """The revealed stacks side by side, with what each duelist obtained."""
    ids = list(view.before.ids)
    sides = reveal.sides
    neutralized: dict[str, set[int]] = {d: set() for d in ids}
    lost: dict[str, set[int]] = {d: set() for d in ids}
    for step in map(of, view.resolutions):
        if isinstance(step, Strike):
            neutralized[step.defender].update(step.neutralized)
        elif isinstance(step, Flip) and step.flipped:
            lost[step.duelist].update(p for p, _ in step.lost)
    rows = [[str(pos)] + [stack_cell(sides[d], pos, neutralized[d], lost[d], lang) for d in ids]
            for pos in range(1, 7)]
    for pos in (DC_POSITION, ID_POSITION):
        cells = [extra_cell(sides[d], pos, neutralized[d], lang) for d in ids]
        if any(cells):
            rows.append([tr(lang, f"{pos} (сверх)", f"{pos} (extra)"), *cells])
    doc.table(["#", *[who[d] for d in ids]], rows)
    doc.p(i(tr(lang, "✓ — пункт получен; «съеден» — нейтрализован преимуществом противника.",
               "✓ — item obtained; eaten — neutralized by the opponent's advantage.")))


def roleplay(view: TurnView, who_id: str) -> str:
    """The Острый язык roleplay text of a duelist's order (user text)."""
    for e in view.inputs:
        if e.type == "order" and e.actor == who_id:
            return str(e.payload.get("activate", {}).get("sharp_tongue_roleplay", ""))
    return ""


def side_bullets(reveal: Reveal, view: TurnView, who: dict[str, str], lang: str) -> list[tuple[Inline, ...]]:
    """Per duelist: stake, rolls with rerolls and their costs, the result, bonus items, activations, eating."""
    out: list[tuple[Inline, ...]] = []
    ids = list(view.before.ids)
    for d in ids:
        side = reveal.sides[d]
        other = ids[1 - ids.index(d)]
        spans: list[Inline] = [b(who[d]), tr(lang, f": ставка {stake_name(side.final_stake, lang)}",
                                              f": stake {stake_name(side.final_stake, lang)}")]
        if side.stake != side.final_stake:
            spans.append(tr(lang, f" (заявлена {pick(STAKE[side.stake], lang)}, Осторожный)",
                            f" (declared {pick(STAKE[side.stake], lang)}, cautious)"))
        rolls = side.rolls
        if len(rolls) > 1:
            spans.append(tr(lang, ". Броски: ", ". Rolls: "))
            for k, r in enumerate(rolls):
                spans += [", " if k else "", s(str(r.value)) if k < len(rolls) - 1 else b(str(r.value))]
                if r.cost:
                    spans.append(tr(lang, f" (переброс −{r.cost})", f" (reroll −{r.cost})"))
            spans.append(tr(lang, ". Итог: ", ". Result: "))
        else:
            spans.append(tr(lang, ". Бросок: ", ". Roll: "))
        spans.append(roll_line(side, lang) + " → ")
        spans.append(tr(lang, f"{items_word(side.base, lang)} сверху стека",
                        f"{items_word(side.base, lang)} from the top"))
        if side.bonus:
            spans.append(tr(lang, f" и {items_word(side.bonus, lang)} за провал противника",
                            f" and {items_word(side.bonus, lang)} for the opponent's failure"))
        if side.base + side.bonus > 6:
            spans.append(tr(lang, " (но не больше 6)", " (but no more than 6)"))
        got = len([p for p, _ in side.obtained if p <= 6])
        if got != min(6, side.base + side.bonus):
            spans.append(tr(lang, f"; получено {got}", f"; {got} obtained"))
        spans.append(".")
        out.append(tuple(spans))
        notes = activations(side, reveal, d, other, view, who, lang)
        out.extend(notes)
    return out


def activations(side: RevealSide, reveal: Reveal, d: str, other: str, view: TurnView,
                who: dict[str, str], lang: str) -> list[tuple[Inline, ...]]:
    """Trait activations and eating of one duelist, one bullet each."""
    out: list[tuple[Inline, ...]] = []
    act = side.activate
    if act.killer_blow:
        out.append((b(who[d]), tr(lang, ": Убийственный удар (−2 запаса сил): урон от непробитых атак ×2.",
                                  ": killer blow (−2 stamina): damage of unparried attacks ×2.")))
    if act.distance_control:
        out.append((b(who[d]), tr(lang, f": Контроль дистанции (−3 запаса сил): "
                                        f"{item_name(act.distance_control, lang)} сверх стека.",
                                  f": distance control (−3 stamina): an extra "
                                  f"{item_name(act.distance_control, lang)}.")))
    st = side.sharp_tongue
    if st:
        text = roleplay(view, d)
        line: list[Inline] = [b(who[d]), tr(lang, ": Острый язык", ": sharp tongue")]
        if text:
            line += [" — ", i(text)]
        if st.verdict == "reject":
            line.append(tr(lang, ". ГМ не принял отыгрыш: без эффекта и без затрат.",
                            ". The GM rejected the roleplay: no effect, no cost."))
        elif st.moved_from:
            line.append(tr(lang, f" (−1): атака противника перенесена с {st.moved_from}-го места на 1-е.",
                            f" (−1): {who[other]}'s attack moves from position {st.moved_from} to 1."))
        else:
            line.append(tr(lang, " (−1): у противника нет атак в стеке, +1 инициатива в конце хода.",
                            f" (−1): {who[other]} has no attack, +1 initiative at the end of the turn."))
        out.append(tuple(line))
    if reveal.sides[other].eaten:
        mine, theirs = side.initiative_declared, reveal.sides[other].initiative_declared
        working = reveal.sides[other].working
        eaten = item_name(working[0], lang) if working else "?"
        out.append((b(who[d]), tr(lang, f": преимущество и инициативы в стеке больше ({mine} против {theirs}): "
                                        f"«съедает» первый пункт противника ({eaten}).",
                                  f": holds the advantage and wrote more initiative ({mine} vs {theirs}): "
                                  f"eats {who[other]}'s first item ({eaten}).")))
    return out


def first_attacks(reveal: Reveal) -> dict[str, int | None]:
    """duelist id -> the position of the first obtained attack (7 for Контроль дистанции), None without one."""
    return {d: min((p for p, it in side.obtained if it == "attack"), default=None)
            for d, side in reveal.sides.items()}


def strike_reason(reveal: Reveal, who: dict[str, str], lang: str) -> str:
    """Who strikes first, and why (§5 Инициатива)."""
    p, adv = reveal.strike_order, reveal.advantage
    firsts = first_attacks(reveal)
    only = p.mode == "sequential" and firsts.get(p.second or "") is None
    if p.mode != "none" and all(pos is None for pos in firsts.values()):
        return tr(lang, "Полученных атак нет ни у кого.", "Nobody obtained an attack.")
    text = order_text(p, who, lang, only)
    if p.mode == "none":
        return text
    if adv and p.mode == "sequential" and p.first == adv:
        return text + tr(lang, f" {who.get(adv, adv)} имеет преимущество и наносит атаки первым.",
                         f" {who.get(adv, adv)} holds the advantage and strikes first.")
    if only:
        return text
    where = ", ".join(f"{who.get(d, d)} — {position(pos, lang) if pos else tr(lang, 'атак нет', 'no attack')}"
                      for d, pos in firsts.items())
    if p.mode == "simultaneous":
        return text + tr(lang, f" Первые атаки на одном месте ({where}).", f" First attacks level ({where}).")
    return text + tr(lang, f" Преимущества нет, первая атака выше в стеке: {where}.",
                     f" No advantage; the first attack higher in the stack strikes first: {where}.")


def end_bullets(p: EndOfTurn, view: TurnView, reveal: Reveal | None, who: dict[str, str],
                lang: str) -> list[tuple[Inline, ...]]:
    """Per duelist: damage and wound, stamina accounting, rest."""
    out: list[tuple[Inline, ...]] = []
    for d in view.before.ids:
        side = p.sides[d]
        spans: list[Inline] = [b(who[d]), ": "]
        dmg, wound = side.damage, side.wound
        if dmg:
            spans += [tr(lang, f"урон за ход {dmg} — ", f"{dmg} damage this turn — "), b(wound_name(wound, lang))]
            if side.hale == "scratch_ignored":
                spans.append(tr(lang, ", но первая царапина не в счет (Здоровый парень)",
                                ", but the first scratch is ignored (hale)"))
            elif side.hale == "heavy_as_scratch":
                spans.append(tr(lang, ", считается царапиной (Здоровый парень)", ", counted as a scratch (hale)"))
            if side.penalty_added:
                spans.append(tr(lang, f": штраф +{side.penalty_added} (итого {side.wound_penalty})",
                                f": penalty +{side.penalty_added} (now {side.wound_penalty})"))
            if side.tough:
                spans.append(tr(lang, "; Суровый парень: запас сил не снимается",
                                "; tough: no stamina lost"))
            spans.append(". ")
        else:
            spans.append(tr(lang, "без урона. ", "no damage. "))
        if side.status != "dead":
            spans.append(stamina_line(side, reveal, d, lang, view.before.duelist(d).stamina_max))
        elif spans[-1].endswith(". "):
            spans[-1] = spans[-1].rstrip()
        status = side.status
        if status != "active" and wound != "death":
            said = status_name(status, lang, who[d])
            spans += [" ", b(said[:1].upper() + said[1:] + ".")]
        out.append(tuple(spans))
    return out


def stamina_line(side: EndSide, reveal: Reveal | None, d: str, lang: str, max_before: int | None = None) -> str:
    """ "Запас сил: 8 − 2 (атаки) − 1 (рана) + 1 (отдых) = 6/7", saying why the maximum fell when it did."""
    line = _stamina_line(side, reveal, d, lang)
    if max_before is not None and side.stamina_max != max_before and side.wound_stamina:
        line = line[:-1] + tr(lang, f" (максимум {signed(max_before)} → {signed(side.stamina_max)}: рана отнимает "
                                    f"{side.wound_stamina} и от запаса, и от его максимума).",
                              f" (maximum {signed(max_before)} → {signed(side.stamina_max)}: a wound takes "
                              f"{side.wound_stamina} from the stamina and from its maximum).")
    return line


def _stamina_line(side: EndSide, reveal: Reveal | None, d: str, lang: str) -> str:
    if reveal is None:
        return tr(lang, f"Запас сил {side.stamina}/{side.stamina_max}.",
                  f"Stamina {side.stamina}/{side.stamina_max}.")
    spend = side.spend
    parts = [str(reveal.sides[d].stamina_start)]
    act = reveal.sides[d].activate
    used = [t for t in ("killer_blow", "distance_control", "sharp_tongue") if getattr(act, t)]
    traits = ", ".join(pick(TRAIT[t], lang) for t in used) or tr(lang, "черты", "traits")
    labels = {"rerolls": ("перебросы", "rerolls"), "traits": (traits, traits),
              "attacks": ("атаки", "attacks"), "feints": ("финты", "feints")}
    for key, label in labels.items():
        if getattr(spend, key):
            parts.append(f"− {getattr(spend, key)} ({pick(label, lang)})")
    if side.wound_stamina:
        parts.append(f"− {side.wound_stamina} ({tr(lang, 'рана', 'wound')})")
    rest = side.rest
    if rest.items:
        per = f" × {rest.per_item}" if rest.per_item != 1 else ""
        capped = tr(lang, ", не выше максимума", ", capped") if rest.gain < rest.items * rest.per_item else ""
        parts.append(f"+ {rest.gain} ({tr(lang, 'отдых', 'rest')} {rest.items}{per}{capped})")
    calc = " ".join(parts) if len(parts) > 1 else ""
    result = f"{signed(side.stamina)}/{signed(side.stamina_max)}"
    return tr(lang, "Запас сил: ", "Stamina: ") + (f"{calc} = {result}." if calc else f"{result}.")


def state_table(doc: Doc, state: DuelState, lang: str) -> None:
    """Duelist, запас сил/макс, штраф, статус."""
    rows = []
    for d in state.duelists:
        status = status_name(d.status, lang, d.name)
        if state.advantage == d.id and not state.over:
            status += tr(lang, ", преимущество", ", advantage")
        rows.append([d.name, f"{signed(d.stamina)}/{signed(d.stamina_max)}", str(d.wound_penalty), status])
    doc.table([tr(lang, "Дуэлянт", "Duelist"), tr(lang, "Запас сил", "Stamina"), tr(lang, "Штраф", "Penalty"),
               tr(lang, "Статус", "Status")], rows)


def post(view: TurnView, lang: str) -> Doc:
    """The GM's post of one turn."""
    lang = "ru" if lang == "ru" else "en"
    who = names(view.after)
    ids = list(view.before.ids)
    doc = Doc().h(tr(lang, "Ход ", "Turn ") + f"{view.turn}: {versus(who[ids[0]], who[ids[1]], lang)}")
    for ruling in view.rulings:
        note = str(ruling.payload.get("note") or "")
        doc.p(i(tr(lang, "Ход разрешен решением ГМ, а не расчетом по правилам", "This turn was resolved by a GM "
                   "ruling, not by the rules' arithmetic") + (": " if note else ".")), *([note] if note else []))
    reveal = first(view.resolutions, Reveal)
    concede = first(view.resolutions, Concede)
    if concede is not None:
        doc.p(b(concede_text(concede, who, lang)))
    if reveal is not None:
        adv = reveal.advantage
        doc.p(tr(lang, "Преимущество на начало хода: ", "Advantage at the start of the turn: "),
              b(who[adv]) if adv else tr(lang, "ни у кого", "nobody"), ".")
        doc.h(tr(lang, "Заявки", "Orders"), 3)
        stacks_table(doc, reveal, view, who, lang)
        doc.h(tr(lang, "Ставки и броски", "Stakes and rolls"), 3)
        doc.ul(side_bullets(reveal, view, who, lang))
        doc.h(tr(lang, "Атаки", "Attacks"), 3)
        doc.p(strike_reason(reveal, who, lang))
        exchange(doc, view, who, lang)
    end = first(view.resolutions, EndOfTurn)
    if end is not None:
        doc.h(tr(lang, "Итог хода", "End of the turn"), 3)
        doc.ul(end_bullets(end, view, reveal, who, lang))
        if end.result is None:
            doc.p(advantage_text(end, who, lang, before=view.before.advantage).strip())
        else:
            doc.p(b(result_text(end, who, lang)))
    finish = first(view.resolutions, FinishOff)
    if finish is not None:
        doc.p(b(finish_text(finish, who, lang)))
    doc.h(tr(lang, "Положение", "Standing"), 3)
    state_table(doc, view.after, lang)
    check(doc, view, lang)
    return doc


def exchange(doc: Doc, view: TurnView, who: dict[str, str], lang: str) -> None:
    """Strikes, flips and counter-attacks in the order they were resolved."""
    lines: list[tuple[Inline, ...]] = []
    counters: list[tuple[Inline, ...]] = []
    death = (b(tr(lang, " Мгновенная смерть!", " Instant death!")),)
    for step in map(of, view.resolutions):
        if isinstance(step, Strike):
            lines.append((strike_text(step, who, lang), *(death if step.dead else ())))
        elif isinstance(step, Flip):
            lines.append((flip_text(step, who, lang),))
        elif isinstance(step, Counter):
            counters.append((counter_text(step, who, lang), *(death if step.dead else ())))
    if lines:
        doc.ul(lines)
    doc.h(tr(lang, "Контр-атаки", "Counter-attacks"), 3)
    if counters:
        doc.ul(counters)
    else:
        doc.p(tr(lang, "Контр-атак нет.", "No counter-attacks."))


def check(doc: Doc, view: TurnView, lang: str) -> None:
    """The core's "for checking" spoiler, with the rules' defaults the turn's resolutions relied on."""
    steps = [step for step in map(of, view.resolutions) if step is not None]
    meanings = spec_meanings(DATA, lang)
    check_spoiler(doc, view, lang, [d for step in steps if step.given("defaults") for d in step.defaults]
                  + ids_in_brackets(doc, meanings), meanings=meanings)