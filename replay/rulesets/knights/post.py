"""The GM's post of a knights turn, in Russian (the rulebook's own terms) and English, as a markup-neutral `Doc`.

A regular turn: the revealed orders, then the Execution round by round (the initiative queue with its numbers and
tie-breaks, each step: who moved where, turns, the Outflank, the Lady), each Ram with its full arithmetic (Натиск and
Сопротивление with every modifier and its reason, halving rounded up, the comparison, the outcome and every push,
turn, Разгон change and lost function, with who chose it), Take the blow, the oaths fulfilled (and declined), the end
of the turn or of the battle, then the Honour table and the state table. Turn 0 tells the setup: roles, edges, the
knights, Limits, deployment and Ladies. The engine's `why` lines are language-neutral notes; this module says the
same things from the payloads' numbers, in the rulebook's words. Names and heraldry are user text: they go into the
`Doc` as plain strings and the renderer escapes them. Its terms, shared with `frame.py`, are in `words.py`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eventlog.envelope import Event
from eventlog.errors import ValidationError
from replay.render import ru
from replay.render.text import (
    Doc,
    Inline,
    b,
    check_spoiler,
    colour_name,
    i,
    ids_in_brackets,
    pick,
    s,
    spec_meanings,
    tr,
)
from replay.ruleset import TurnView
from replay.rulesets.knights import derive
from replay.rulesets.knights.events import (
    EVENTS,
    ActionEnd,
    Checks,
    Deploy,
    Edges,
    End,
    EndOfTurn,
    LadyPlaced,
    Limits,
    Move,
    Oath,
    Queue,
    Ram,
    Resolution,
    Reveal,
    Roles,
    TakeTheBlow,
    trusted,
)
from replay.rulesets.knights.evolve import evolve
from replay.rulesets.knights.model import Knight, State, data, kit_functions, module_of
from replay.rulesets.knights.words import (
    ACTION,
    ACTION_END,
    DESTROYED,
    DOMAIN,
    EDGE,
    END_REASON,
    FUNCTION,
    IN_LIMITS,
    OATH,
    OATH_SHORT,
    OUTCOME_MARK,
    PART,
    PART_TO,
    PART_WITH,
    ROLE,
    ROLL_PURPOSE,
    ROLL_SOURCE,
    SIDE,
    cell_text,
    chooser,
    facing,
    fallen,
    feet,
    function_name,
    lance_label,
    limits_word,
    location_word,
    name,
    name_as,
    names,
    names_as,
    num,
    outcome_name,
    point,
    pose_text,
    rect_text,
    sentence,
    toward,
    word,
)

if TYPE_CHECKING:
    from replay.rulesets.knights.parts import Effect


# --- one line per step (the frame's event line and the post's summary) -------------------------------------------


def step_text(event: Event, state: State, lang: str) -> str:
    """One sentence on what a resolution step did; `state` is the state before it (names, old values)."""
    try:
        return _step_text(event.type, trusted(event.type, event.payload), state, lang)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _raw(event)


def _raw(event: Event) -> str:
    why = event.payload.get("why") if isinstance(event.payload, dict) else None
    return f"{event.type}: " + "; ".join(str(w) for w in why) if why else event.type


def _step_text(kind: str, ev: Any, st: State, lang: str) -> str:
    if kind == "knights.roles":
        return roles_text(ev, st, lang)
    if kind == "knights.edges":
        return edges_text(ev, st, lang)
    if kind == "knights.limits":
        return limits_text(ev, st, lang)
    if kind == "knights.deploy":
        return deploy_text(ev, st, lang)
    if kind == "knights.lady":
        return lady_text(ev, st, lang)
    if kind == "knights.reveal":
        parts = [order_text(st, player, o, lang) for player, o in (said(ev, "orders") or {}).items()]
        return tr(lang, "Заявки вскрыты. ", "Orders revealed. ") + "; ".join(parts) + "."
    if kind == "knights.queue":
        return queue_text(ev, st, lang)
    if kind == "knights.move":
        return move_text(ev, st, lang)
    if kind == "knights.ram":
        return ram_summary(ev, st, lang)
    if kind == "knights.take_the_blow":
        return take_the_blow_text(ev, st, lang)
    if kind == "knights.action_end":
        return action_end_text(ev, st, lang)
    if kind == "knights.lady_drop":
        return tr(lang, f"{name(st, ev.knight)} ставит Леди ({name(st, str(ev.lady)[5:])}) на клетку "
                        f"{cell_text(ev.cell)}.",
                  f"{name(st, ev.knight)} sets the Lady ({name(st, str(ev.lady)[5:])}) down on cell "
                  f"{cell_text(ev.cell)}.")
    if kind == "knights.checks":
        return checks_text(ev, st, lang)
    if kind == "knights.oath":
        return oath_line(ev, st, lang, {})
    if kind == "knights.end_of_turn":
        return end_of_turn_text(ev, st, lang)
    if kind == "knights.end":
        return end_text(ev, st, lang)
    raise KeyError(kind)


def said(event: Resolution, field: str, fallback: Any = None) -> Any:
    """The event's field, or `fallback` where a GM ruling's partial payload leaves it out."""
    return getattr(event, field) if event.given(field) else fallback


def roles_text(ev: Roles, st: State, lang: str) -> str:
    how = tr(lang, f" (жребий 1к2 = {ev.lot})", f" (lot 1d2 = {ev.lot})") if said(ev, "lot") else tr(
        lang, " (по договорённости)", " (agreed)")
    return tr(lang, f"Вызывающий — {lance_label(st, ev.challenger)}, Отвечающий — "
                    f"{lance_label(st, ev.responder)}{how}.",
              f"Challenger: {lance_label(st, ev.challenger)}; Responder: {lance_label(st, ev.responder)}{how}.")


def edges_text(ev: Edges, st: State, lang: str) -> str:
    how = tr(lang, f" (жребий 1к2 = {ev.lot})", f" (lot 1d2 = {ev.lot})") if said(ev, "lot") else tr(
        lang, " (по договорённости)", " (agreed)")
    parts = [f"{lance_label(st, player)} — {word(EDGE, edge, lang)}"
             for player, edge in (said(ev, "edges") or {}).items()]
    return tr(lang, "Края поля: ", "Field edges: ") + "; ".join(parts) + how + "."


def limits_text(ev: Limits, st: State, lang: str) -> str:
    limits = said(ev, "limits") or []
    kind = said(ev, "domain") or (limits[0]["type"] if limits else "?")
    where = ", ".join(rect_text(x["rect"]) for x in limits)
    who, what = f"{name(st, ev.knight)} ({lance_label(st, ev.player)})", limits_word(kind, len(limits), lang)
    return tr(lang, f"{who} ставит {what}: {where}.", f"{who} places {what}: {where}.")


def deploy_text(ev: Deploy, st: State, lang: str) -> str:
    pose = said(ev, "pose")
    own = tr(lang, ", в своих Пределах", ", in its own Limits") if said(ev, "in_own_domain") else ""
    return tr(lang, f"{name(st, ev.knight)} выходит на поле: {point(pose, lang)}, Фронт {facing(pose['f'], lang)}, "
                    f"Скорость {said(ev, 'speed', '?')}{own}.",
              f"{name(st, ev.knight)} deploys at {point(pose, lang)} facing {facing(pose['f'], lang)}; "
              f"speed {said(ev, 'speed', '?')}{own}.")


def lady_text(ev: LadyPlaced, st: State, lang: str) -> str:
    her_id = said(ev, "her_knight") or str(said(ev, "lady", ""))[5:]
    her, her_ru = name(st, her_id), name_as(st, her_id, "gent", lang)
    who = lance_label(st, said(ev, "placed_by"))
    if said(ev, "carrier"):
        carrier = name(st, ev.carrier)
        return tr(lang, f"{who} размещает Леди {her_ru}: её несёт {carrier} — Похититель.",
                  f"{who} places {her}'s Lady: {carrier} carries her and is the Kidnapper.")
    return tr(lang, f"{who} ставит Леди {her_ru} на клетку {cell_text(said(ev, 'cell'))}.",
              f"{who} sets {her}'s Lady on cell {cell_text(said(ev, 'cell'))}.")


def order_text(st: State, player: str, o: dict[str, Any], lang: str) -> str:
    """One revealed order in a sentence: "Red Lance (alice): Sir Aster — «Полный вперёд!»"."""
    return f"{lance_label(st, player)}: " + order_action(st, o, lang, with_knight=True)


def order_action(st: State, o: dict[str, Any], lang: str, with_knight: bool = False) -> str:
    """The action of an order with its direction, pose, Lady intents."""
    kind = o.get("kind", "action")
    if kind == "pass":
        return tr(lang, "пас — ни один Рыцарь не может действовать", "pass — no knight can act")
    if kind == "concede":
        return tr(lang, "признаёт поражение", "concedes")
    text = word(ACTION, o.get("action"), lang)
    dirs = o.get("turn_dir")
    if dirs:
        dirs = dirs if isinstance(dirs, list) else [dirs]
        text += ", " + ", ".join(word(SIDE, x, lang) for x in dirs)
    if o.get("return_pose"):
        text += tr(lang, f" на {pose_text(o['return_pose'], lang)}", f" at {pose_text(o['return_pose'], lang)}")
    if o.get("lady_pickup"):
        text += tr(lang, "; поднять Леди по пути", "; pick up a Lady on the way")
    drop = o.get("lady_drop")
    if drop:
        timing = drop.get("timing", "before_execution")
        when = tr(lang, "до Исполнения", "before Execution") if timing == "before_execution" else tr(
            lang, f"после шага {timing.get('after_step')}", f"after step {timing.get('after_step')}")
        text += tr(lang, f"; {name(st, drop.get('carrier'))} сбрасывает Леди {when}",
                   f"; {name(st, drop.get('carrier'))} drops the Lady {when}")
    return f"{name(st, o.get('knight'))} — {text}" if with_knight else text


def initiative_parts(entry: dict[str, Any], lang: str) -> str:
    """ "4 + Скорость 2 = 6" (or "0" for Return to battle)."""
    table = data("actions")
    action = entry.get("action")
    ini = entry.get("initiative")
    if table["adds_speed"].get(action, False):
        base = table["initiative"].get(action, 0)
        return tr(lang, f"{base} + Скорость {entry.get('speed')} = {ini}",
                  f"{base} + speed {entry.get('speed')} = {ini}")
    return str(ini)


def queue_text(ev: Queue, st: State, lang: str) -> str:
    """A round's queue with its numbers and the tie-break that decided it (§1.4, K16)."""
    order = said(ev, "order") or []
    head = tr(lang, f"Раунд {said(ev, 'round')}: ", f"Round {said(ev, 'round')}: ")
    parts = [tr(lang, f"{name(st, e['knight'])} ({word(ACTION, e['action'], lang)}, шаг {e['step']}) — "
                      f"Инициатива {initiative_parts(e, lang)}",
                f"{name(st, e['knight'])} ({word(ACTION, e['action'], lang)}, step {e['step']}) — "
                f"initiative {initiative_parts(e, lang)}") for e in order]
    return head + "; ".join(parts) + ". " + tie_text(ev, st, lang)


def tie_text(ev: Queue, st: State, lang: str) -> str:
    """Why the first action goes first."""
    order = said(ev, "order") or []
    if len(order) < 2:
        return tr(lang, "Действует один.", "Only one action is left.")
    a, c = order[0], order[1]
    first = name(st, a["knight"])
    by = said(ev, "decided_by")
    if by == "initiative":
        return tr(lang, f"Первым — {first}: Инициатива выше ({a['initiative']} > {c['initiative']}).",
                  f"{first} goes first: higher initiative ({a['initiative']} > {c['initiative']}).")
    if by == "speed":
        return tr(lang, f"Инициатива равна — первым более быстрый: {first} (Скорость {a['speed']} > {c['speed']}).",
                  f"Initiative ties; the faster goes first: {first} (speed {a['speed']} > {c['speed']}).")
    if by == "mass":
        return tr(lang, f"Инициатива и Скорость равны — первым более лёгкий: {first} (Масса {a['mass']} < "
                        f"{c['mass']}).",
                  f"Initiative and speed tie; the lighter goes first: {first} (mass {a['mass']} < {c['mass']}).")
    if by == "die":
        side = tr(lang, "Вызывающий", "the Challenger") if said(ev, "die") == 1 else tr(lang, "Отвечающий",
                                                                                      "the Responder")
        return tr(lang, f"Инициатива, Скорость и Масса равны — жребий 1к2 = {said(ev, 'die')}: первым {side}, {first} "
                        f"(один бросок на ход, K16).",
                  f"Initiative, speed and mass tie — lot 1d2 = {said(ev, 'die')}: {side} first, {first} "
                  f"(one roll per turn, K16).")
    return tr(lang, f"Первым — {first}.", f"{first} goes first.")


def segment_text(seg: dict[str, Any], st: State, lang: str, kid: Any = None) -> str:
    """One piece of a step's path: a move, a rotation or a placement (of knight `kid`)."""
    kind = seg.get("kind")
    if kind == "place":
        placed = ru.gendered(name(st, kid), "выставлен на", "выставлена на", "встает на")
        return tr(lang, f"{placed} {pose_text(seg.get('to'), lang)}", f"placed at {pose_text(seg.get('to'), lang)}")
    if kind == "rotate":
        turn = int(seg.get("turn", 0))
        angle, side = 45 * abs(turn), SIDE["left" if turn < 0 else "right"]
        res = seg.get("result")
        if res == "cancelled":
            return tr(lang, f"поворот на {angle}° {side[0]} отменён — мешает {names(st, seg.get('blocked_by'))} (K3)",
                      f"the {angle}° turn {side[1]} is cancelled: {names(st, seg.get('blocked_by'))} is in the way "
                      f"(K3)")
        text = tr(lang, f"поворот на {angle}° {side[0]}: Фронт {facing(seg.get('to'), lang)}",
                  f"turns {angle}° {side[1]}: facing {facing(seg.get('to'), lang)}")
        if res == "outflank":
            text += tr(lang, " — больше половины за краем: Аутфланк", " — half of it is off the field: the Outflank")
        return text
    dist = seg.get("distance", 0)
    src = point(seg.get("from"), lang)
    if not dist or seg.get("delta") == [0, 0]:
        return tr(lang, f"смещение на {dist}Ф — остаётся на месте", f"a {dist} F move: stays put")
    move = f"{feet(dist, lang)} {toward(seg.get('dir'), lang)}"
    delta = seg.get("delta") or []
    if isinstance(seg.get("dir"), int) and seg["dir"] % 2 == 1 and len(delta) == 2:
        move += tr(lang, f" (по диагонали: {abs(delta[0])} кл., K2)", f" (diagonal: {abs(delta[0])} cell(s), K2)")
    res = seg.get("result")
    if res == "outflank":
        return tr(lang, f"{move} от {src} — за край поля: Аутфланк", f"{move} from {src} — off the field: the Outflank")
    if res == "contact":
        back = tr(lang, ", отступив к точке первого касания (K5)", ", backed off to the first touch (K5)") if (
            seg.get("tau") is not None and float(seg["tau"]) < 0) else ""
        into = names_as(st, seg.get("candidates"), "accs", lang)
        return tr(lang, f"{move} от {src}: упирается в {into} и останавливается на "
                        f"{point(seg.get('to'), lang)}{back}",
                  f"{move} from {src}: runs into {names(st, seg.get('candidates'))} and stops at "
                  f"{point(seg.get('to'), lang)}{back}")
    return f"{move}: {src} → {point(seg.get('to'), lang)}"


def pickup_text(pick_: dict[str, Any], mover: str, st: State, lang: str) -> str:
    lid = str(pick_.get("lady", ""))
    her = name(st, lid[5:])
    hers = "свою Леди" if lid[5:] == mover else f"Леди {name_as(st, lid[5:], 'gent', lang)}"
    text = tr(lang, f"{name(st, mover)} подбирает {hers}",
              f"{name(st, mover)} picks up {her}'s Lady")
    try:
        before = st.lady(lid).kidnapper
    except KeyError:
        before = None
    if pick_.get("kidnapper") == mover and before != mover:
        text += tr(lang, " и становится Похитителем", " and becomes the Kidnapper")
    return text


def accel_change(ev: Move | ActionEnd, st: State, kid: str) -> tuple[int | None, int | None]:
    """(Разгон before, after) of a step: from the engine's note "accel a → b", else from the state before it."""
    for w in ev.why or []:
        hit = re.search(r"accel (\d+) → (\d+)", str(w))
        if hit:
            return int(hit[1]), int(hit[2])
    try:
        old = st.knight(kid).accel
    except KeyError:
        old = None
    return old, said(ev, "accel")


def move_text(ev: Move, st: State, lang: str) -> str:
    """ "Sir Aster («Полный вперёд!», шаг 1): Разгон 1 → 2; 2Ф к востоку (→): (1,5) → (3,5). Скорость 2."."""
    kid = ev.knight
    head = tr(lang, f"{name(st, kid)} ({word(ACTION, said(ev, 'action'), lang)}, шаг {said(ev, 'step')}): ",
              f"{name(st, kid)} ({word(ACTION, said(ev, 'action'), lang)}, step {said(ev, 'step')}): ")
    parts = []
    old, accel = accel_change(ev, st, kid)
    moved_first = said(ev, "action") == "sharp_turn"  # Резкий разворот: accel 0 after its move
    if old is not None and accel is not None and accel != old and not moved_first:
        parts.append(tr(lang, f"Разгон {old} → {accel}", f"accel {old} → {accel}"))
    segments = [segment_text(seg, st, lang, said(ev, "knight")) for seg in said(ev, "path") or []]
    if said(ev, "action") == "sharp_turn" and said(ev, "step") == 2 and segments:
        segments[0] = tr(lang, "на Скорость в сторону прежнего Фронта: ",
                         "its speed toward the old Front: ") + segments[0]
    parts += segments
    if old is not None and accel is not None and accel != old and moved_first:
        parts.append(tr(lang, f"Разгон {old} → {accel}", f"accel {old} → {accel}"))
    for x in said(ev, "pickups") or []:
        parts.append(pickup_text(x, kid, st, lang))
    text = head + "; ".join(parts) + "."
    if said(ev, "love"):
        text += tr(lang, " Своя Леди унесена за край — Клятва Любви исполнена!",
                   " The Lady is carried off the field: the Oath of Love is fulfilled!")
    if said(ev, "collision"):
        text += tr(lang, " Таран!", " A ram!")
    elif said(ev, "location") == "field" and said(ev, "speed") is not None:
        text += tr(lang, f" Скорость {ev.speed}.", f" Speed {ev.speed}.")
    return text


def action_end_text(ev: ActionEnd, st: State, lang: str) -> str:
    who = name(st, said(ev, "knight"))
    reason = said(ev, "reason")
    act = word(ACTION, said(ev, "action"), lang)
    if reason == "done":
        old, new = accel_change(ev, st, said(ev, "knight"))
        if said(ev, "action") == "drop_speed" and old is not None and new is not None:
            return tr(lang, f"{who} завершает {act}: Разгон {old} → {new}.",
                      f"{who} completes {act}: accel {old} → {new}.")
        return tr(lang, f"{who} завершает {act}.", f"{who} completes {act}.")
    return f"{who}: {word(ACTION_END, reason, lang)}."


def take_the_blow_text(ev: TakeTheBlow, st: State, lang: str) -> str:
    """«Принять удар за товарища!» in its three steps (§6.2 Верность)."""
    loyal, ally, att = name(st, ev.loyal), name(st, ev.ally), name(st, said(ev, "attacker"))
    ally_acc, ally_gen = name_as(st, ev.ally, "accs", lang), name_as(st, ev.ally, "gent", lang)
    step2 = said(ev, "step2") or {}
    text = tr(lang, f"{loyal} принимает удар за {ally_acc}: встаёт на {pose_text(said(ev, 'step1'), lang)}, "
                    f"касаясь {ally_gen}",
              f"{loyal} takes the blow for {ally}: moves to {pose_text(said(ev, 'step1'), lang)}, touching {ally}")
    if step2.get("result") != "done":
        return text + tr(lang, f"; отвести {ally_acc} на 2Ф некуда — спасение не удалось, Таран идёт против "
                               f"{ally_gen} (K46: тот, за кого приняли удар, должен отойти).",
                         f"; {ally} cannot move 2 F clear — the rescue fails, the ram is against {ally} (K46).")
    text += tr(lang, f"; {ally} отходит на 2Ф {toward(step2.get('dir'), lang)} на {point(step2.get('ally_to'), lang)}",
               f"; {ally} moves 2 F {toward(step2.get('dir'), lang)} to {point(step2.get('ally_to'), lang)}")
    if said(ev, "placed_by") == "opponent":
        text += tr(lang, f"; место {ally_gen} занято — противник ставит {loyal} вплотную к "
                         f"{name_as(st, said(ev, 'attacker'), 'datv', lang)}: "
                         f"{pose_text(said(ev, 'step3'), lang)}",
                   f"; {ally}'s place is taken — the opponent sets {loyal} against {att}: "
                   f"{pose_text(said(ev, 'step3'), lang)}")
    elif said(ev, "step3"):
        text += tr(lang, f"; {loyal} встаёт на место {ally_gen}: {pose_text(said(ev, 'step3'), lang)}",
                   f"; {loyal} takes {ally}'s place: {pose_text(said(ev, 'step3'), lang)}")
    if said(ev, "success"):
        text += tr(lang, f". Цель Тарана теперь {loyal}; ближайшей к Фронту Атакующего частью считается Тыл (K48).",
                   f". {loyal} is now the target, and counts its Rear as nearest the attacker (K48).")
    else:
        text += "."
    return text


# --- the ram ---------------------------------------------------------------------------------------------------

_DOMAIN_MOD = re.compile(r"^(?P<who>.*) in (?P<kind>water|forest|rock) Limits \((?P<side>attacker|target)'s domain\)$")


def mod_reason(m: dict[str, Any], lang: str) -> str:
    """A modifier's reason in the rulebook's words (the engine writes it language-neutral)."""
    reason = str(m.get("reason", ""))
    if reason == "target's Front nearest":
        return tr(lang, "Фронт Цели ближе всего к Фронту Атакующего",
                  "the target's Front is nearest the attacker's Front")
    hit = _DOMAIN_MOD.match(reason)
    if hit:
        kind, side = hit["kind"], hit["side"]
        whose = tr(lang, "Атакующего", "attacker's") if side == "attacker" else tr(lang, "Цели", "target's")
        return tr(lang, f"{hit['who']} {pick(IN_LIMITS[kind], lang)} (Домен {whose})",
                  f"{hit['who']} {pick(IN_LIMITS[kind], lang)}, the {whose} domain")
    if reason.startswith("en garde"):
        part = reason[reason.find("(") + 1:reason.find(")")] if "(" in reason else ""
        how = ""
        if part in PART_WITH:
            how = tr(lang, f" (касание {PART_WITH[part][0]})", f" (touching {PART_WITH[part][1]})")
        return f"{word(FUNCTION, 'en_garde', lang)}{how}"
    if reason == "formation":
        return tr(lang, "в Формации (Клятва Лидерства)", "in formation (Oath of Leadership)")
    return reason


def value_spans(label: str, v: dict[str, Any], halving: str, lang: str) -> tuple[Inline, ...]:
    """ "Натиск = Масса 6 × Скорость 3 = 18; +1 «Ан гард!» (…) = **19**" with halving and declined bonuses."""
    speed = v.get("speed")
    counted = v.get("counted_speed", speed)
    sp = tr(lang, f"Скорость {speed}", f"speed {speed}") if speed == counted else tr(
        lang, f"Скорость {speed} (считается {counted})", f"speed {speed} (counts as {counted})")
    spans: list[Inline] = [f"{label} = " + tr(lang, f"Масса {v.get('mass')}", f"mass {v.get('mass')}")
                           + f" × {sp} = {v.get('base')}"]
    total = int(v.get("base", 0))
    for m in v.get("mods") or []:
        bonus = f"{'+' if m.get('value', 0) >= 0 else '−'}{abs(int(m.get('value', 0)))} {mod_reason(m, lang)}"
        if m.get("applied", True):
            total += int(m.get("value", 0))
            spans.append(f"; {bonus}")
        else:
            spans += ["; ", s(bonus), tr(lang, " (отказ)", " (declined)")]
    if v.get("div", 1) > 1:
        if total != v.get("base"):
            spans.append(f" = {total}")
        spans.append(tr(lang, f"; {halving}: {total} / 2 с округлением вверх",
                        f"; {halving}: {total} / 2 rounded up"))
    spans += [" = ", b(str(v.get("value")))]
    return tuple(spans)


def comparison(i_: int, r_: int, outcome: str, lang: str) -> tuple[Inline, ...]:
    """The comparison of Step 4 and its outcome, in the rulebook's order (K28)."""
    rel = {"target_broken": f"{i_} ≥ 2 × {r_} = {2 * r_}", "target_struck": f"{r_} < {i_} < 2 × {r_} = {2 * r_}",
           "equal": f"{i_} = {r_}", "attacker_broken": f"{r_} ≥ 2 × {i_} = {2 * i_}",
           "attacker_struck": f"{i_} < {r_} < 2 × {i_} = {2 * i_}"}.get(outcome, f"{i_} : {r_}")
    head = tr(lang, f"Натиск {i_} против Сопротивления {r_}: {rel} → ", f"Impetus {i_} vs resistance {r_}: {rel} → ")
    return head, b(f"{OUTCOME_MARK.get(outcome, '')} {outcome_name(outcome, lang)}".strip()), "."


def ram_summary(ev: Ram, st: State, lang: str) -> str:
    """One sentence: who rams whom, the two values and the outcome."""
    att, tgt = name(st, ev.attacker), name(st, ev.target)
    i_, r_ = ev.impetus["value"], ev.resistance["value"]
    out = f"{OUTCOME_MARK.get(said(ev, 'outcome'), '')} {outcome_name(said(ev, 'outcome'), lang)}".strip()
    text = tr(lang, f"Таран {said(ev, 'n')}: {att} → {tgt}. Натиск {i_}, Сопротивление {r_}: {out}.",
              f"Ram {said(ev, 'n')}: {att} → {tgt}. Impetus {i_}, resistance {r_}: {out}.")
    effects = [effect_text(e, st, lang, ev) for e in said(ev, "effects") or []]
    effects = [e for e in effects if e]
    return text + (" " + sentence("; ".join(effects)) if effects else "")


def effect_text(e: Effect, st: State, lang: str, ram: Ram) -> str:
    """One effect of a ram's outcome (push, sidestep, turn, Разгон, Mercy, damage, Lady, Outflank)."""
    kind = e.get("kind")
    who = name(st, e.get("knight"))
    if kind == "push":
        how = chooser(e.get("chosen_by"), lang)
        text = tr(lang, f"{who} смещается на {feet(e.get('distance'), lang)} {toward(e.get('dir'), lang)} ({how})",
                  f"{who} moves {e.get('distance')} F {toward(e.get('dir'), lang)} ({how})")
        return text + move_result(e, lang)
    if kind == "sidestep":
        moves = e.get("moves") or []
        path = " → ".join([point(moves[0].get("from"), lang)]
                          + [point(m.get("to"), lang) for m in moves if m.get("to")]) if moves else ""
        side, how = word(SIDE, e.get("side"), lang), chooser(e.get("chosen_by"), lang)
        text = tr(lang, f"{who} смещается на 1Ф {side} ({how}), затем на 2Ф вперёд: {path}",
                  f"{who} sidesteps 1 F {side} ({how}), then 2 F forward: {path}")
        for m in moves:
            if m.get("result") in ("contact", "outflank"):
                text += move_result(m, lang)
        return text
    if kind == "rotate":
        if e.get("result") == "blocked" or not e.get("side"):
            return tr(lang, f"{who} не может повернуться ни влево, ни вправо — поворота нет (K29)",
                      f"{who} cannot turn either way: no turn (K29)")
        to = e.get("to") or {}
        return tr(lang, f"{who} обязан повернуться на 45°: {word(SIDE, e.get('side'), lang)} "
                        f"({chooser(e.get('chosen_by'), lang)}), Фронт {facing(to.get('f'), lang)}",
                  f"{who} must turn 45°: {word(SIDE, e.get('side'), lang)} ({chooser(e.get('chosen_by'), lang)}), "
                  f"facing {facing(to.get('f'), lang)}")
    if kind == "accel":
        if e.get("from") == e.get("to"):
            return tr(lang, f"Разгон {name_as(st, e.get('knight'), 'gent', lang)} остаётся {e.get('to')}",
                      f"{who}'s accel stays {e.get('to')}")
        return tr(lang, f"Разгон {name_as(st, e.get('knight'), 'gent', lang)}: {e.get('from')} → {e.get('to')}",
                  f"{who}'s accel {e.get('from')} → {e.get('to')}")
    if kind == "spare":
        target = name(st, e.get("target"))
        target_ru = name_as(st, e.get("target"), "accs", lang)
        if e.get("spared"):
            return tr(lang, f"{who} щадит {target_ru} (Клятва Милосердия): урона нет, победа не засчитывается",
                      f"{who} spares {target} (Oath of Mercy): no damage, no victory counted")
        return tr(lang, f"{who} не щадит {target_ru}", f"{who} does not spare {target}")
    if kind == "damage":
        fn = str(e.get("function", "?"))
        text = tr(lang, f"{who} теряет {function_name(fn, st, lang)} ({chooser(e.get('chosen_by'), lang)})",
                  f"{who} loses {function_name(fn, st, lang)} ({chooser(e.get('chosen_by'), lang)})")
        module = e.get("module") or (module_of(fn) if not fn.startswith("lady:") else fn)
        if e.get("destroyed") and str(module).startswith("lady:"):
            text += tr(lang, " — Леди сходит с борта", " — the Lady is set down")
        elif e.get("destroyed"):
            text += f" — {word(DESTROYED, module, lang)}"
        if e.get("mass") is not None:
            text += tr(lang, f"; Масса {e['mass']}", f"; mass {e['mass']}")
        if e.get("fallen"):
            text += tr(lang, f" — {who} {fallen(st, e.get('knight'), lang)}!" if ru.gender(who) else
                       f" — {who}: Рыцарь пал!", f" — {who} has fallen!")
        return text
    if kind == "lady_token":
        lid = str(e.get("lady", ""))
        return tr(lang, f"Леди {name_as(st, lid[5:], 'gent', lang)} ставится на клетку {cell_text(e.get('cell'))} "
                        f"({chooser(e.get('chosen_by'), lang)})",
                  f"{name(st, lid[5:])}'s Lady is set on cell {cell_text(e.get('cell'))} "
                  f"({chooser(e.get('chosen_by'), lang)})")
    if kind == "outflank":
        text = tr(lang, f"{who} оказывается в Аутфланке", f"{who} is in the Outflank")
        if e.get("love"):
            text += tr(lang, " со своей Леди — Клятва Любви исполнена!",
                       " with the Lady: the Oath of Love is fulfilled!")
        return text
    if kind == "love":
        return tr(lang, f"{who}: Клятва Любви исполнена", f"{who}: the Oath of Love is fulfilled")
    return str(e)


def move_result(m: dict[str, Any], lang: str) -> str:
    res = m.get("result")
    if res == "outflank":
        return tr(lang, f": {point(m.get('from'), lang)} → за край поля, в Аутфланк",
                  f": {point(m.get('from'), lang)} → off the field")
    if res == "contact":
        return tr(lang, f": {point(m.get('from'), lang)} → {point(m.get('to'), lang)}, "
                        f"остановлен касанием (Таран не вызывает Таран)",
                  f": {point(m.get('from'), lang)} → {point(m.get('to'), lang)}, stopped at contact "
                  "(no ram from a ram)")
    return f": {point(m.get('from'), lang)} → {point(m.get('to'), lang)}"


def ram_blocks(doc: Doc, ev: Ram, st: State, lang: str) -> None:
    """A ram as a GM writes it: who and where, Натиск and Сопротивление with every reason, comparison, effects."""
    att, tgt = name(st, ev.attacker), name(st, ev.target)
    doc.p(b(tr(lang, f"Таран {said(ev, 'n')}: {att} → {tgt}", f"Ram {said(ev, 'n')}: {att} → {tgt}")))
    items: list[tuple[Inline, ...]] = []
    cands = said(ev, "candidates") or []
    if len(cands) > 1:
        items.append((tr(lang, f"{att} касается сразу нескольких: {names(st, cands)}; Цель выбирает "
                               f"{said(ev, 'chosen_by') or '—'} (оппонент Атакующего).",
                         f"{att} touches several knights: {names(st, cands)}; the target is chosen by "
                         f"{said(ev, 'chosen_by') or '—'} (the attacker's opponent)."),))
    if said(ev, "would_be_target") and said(ev, "would_be_target") != said(ev, "target"):
        items.append((tr(lang, f"Таран шёл в {name_as(st, ev.would_be_target, 'accs', lang)}; удар принимает {tgt}.",
                         f"The ram was aimed at {name(st, ev.would_be_target)}, but {tgt} took the blow."),))
    parts = said(ev, "parts") or {}
    if parts:
        forced = tr(lang, " (принимает удар: Тыл по правилу)", " (takes the blow: Rear by rule)") if said(
            ev, "loyalty_override") else ""
        items.append((tr(lang, f"Касание: {word(PART, parts.get('ac'), lang)} {att} — к "
                               f"{PART_TO.get(parts.get('tc'), '?')} {tgt}{forced}. Ближе всего к Фронту Атакующего — "
                               f"{word(PART, parts.get('tp'), lang)} Цели; к Фронту Цели — "
                               f"{word(PART, parts.get('ap'), lang)} Атакующего.",
                         f"Contact: {att} {PART_WITH.get(parts.get('ac'), ('?', '?'))[1]}, {tgt} at its "
                         f"{word(PART, parts.get('tc'), lang)}{forced}. Nearest the attacker's Front: the target's "
                         f"{word(PART, parts.get('tp'), lang)}; nearest the target's Front: the attacker's "
                         f"{word(PART, parts.get('ap'), lang)}."),))
    imp, res = said(ev, "impetus") or {}, said(ev, "resistance") or {}
    if imp and "base" not in imp or res and "base" not in res:  # a GM ruling states the values only
        items.append((tr(lang, "Натиск ", "Impetus "), b(str(imp.get("value", "?"))),
                      tr(lang, ", Сопротивление ", ", resistance "), b(str(res.get("value", "?"))),
                      tr(lang, " — по решению ГМ.", " — as the GM ruled.")))
        imp = res = {}
    if imp:
        items.append(value_spans(tr(lang, "Натиск", "Impetus"), imp,
                                 tr(lang, "Тыл Атакующего ближе всего к Фронту Цели",
                                    "the attacker's Rear is nearest the target's Front"), lang))
    if res:
        halving = tr(lang, "Тыл Цели ближе всего к Фронту Атакующего",
                     "the target's Rear is nearest the attacker's Front")
        if said(ev, "loyalty_override"):
            halving = tr(lang, "Тыл принявшего удар считается ближайшим",
                         "the Rear of the knight taking the blow counts as nearest")
        items.append(value_spans(tr(lang, "Сопротивление", "Resistance"), res, halving, lang))
    stated_i, stated_r = (said(ev, "impetus") or {}).get("value"), (said(ev, "resistance") or {}).get("value")
    if stated_i is not None and stated_r is not None:
        items.append(comparison(int(stated_i), int(stated_r), str(said(ev, "outcome")), lang))
    elif said(ev, "outcome"):
        items.append((tr(lang, "Итог: ", "Outcome: "), b(outcome_name(ev.outcome, lang)), "."))
    items += [(sentence(effect_text(e, st, lang, ev)),) for e in said(ev, "effects") or []]
    if not said(ev, "effects"):
        items += [(line,) for line in updates_text(ev, st, lang)]
        items += [(i(str(w)),) for w in ev.why or [] if str(w).startswith("GM")]
    if said(ev, "outcome") == "attacker_struck" and parts.get("tc") == "front" and not any(
            e.get("kind") == "damage" for e in said(ev, "effects") or []):
        items.append((tr(lang, "Атакующий поражён в лоб: Функции не повреждаются (K27).",
                         "The attacker is struck head-on: no function is damaged (K27)."),))
    doc.ul(items)


def updates_text(ev: Resolution, st: State, lang: str) -> list[str]:
    """What an event sets on the knights, said plainly (for a GM ruling's events, which carry no effects list)."""
    out = []
    for kid, ch in (ev.knights or {}).items():
        if not isinstance(ch, dict):
            continue
        parts = []
        if "pose" in ch:
            parts.append(tr(lang, f"позиция {pose_text(ch['pose'], lang)}", f"at {pose_text(ch['pose'], lang)}")
                         if ch["pose"] else location_word(st, kid, ch.get("location", "outflank"), lang))
        if "accel" in ch:
            parts.append(tr(lang, f"Разгон {ch['accel']}", f"accel {ch['accel']}"))
        if ch.get("damaged"):
            lost = ", ".join(function_name(str(f), st, lang) for f in ch["damaged"])
            parts.append(tr(lang, f"повреждено: {lost}", f"damaged: {lost}"))
        if ch.get("location") == "fallen":
            parts.append(fallen(st, kid, lang))
        if "honor" in ch:
            parts.append(tr(lang, f"Честь {ch['honor']}", f"honour {ch['honor']}"))
        if parts:
            out.append(f"{name(st, kid)}: " + ", ".join(parts) + ".")
    return out


# --- oaths -----------------------------------------------------------------------------------------------------

_LEADERSHIP = {
    "touches an enemy": ("касается врага", "touches an enemy"),
    "struck an enemy this turn": ("поразил противника в этом ходу", "struck an enemy this turn"),
    "broke an enemy this turn": ("разбил противника в этом ходу", "broke an enemy this turn"),
    "one follower touches an enemy": ("один Рыцарь Формации касается врага", "one follower touches an enemy"),
    "both followers touch enemies": ("оба Рыцаря Формации касаются врагов", "both followers touch enemies"),
}
_BRAVERY = {"was_struck": ("поражение", "was struck"), "was_broken": ("разгром", "was broken"),
            "struck": ("противник поражён", "struck the opponent"), "equal": ("сравнялись", "equal"),
            "broke": ("противник разбит", "broke the opponent")}
Term = tuple[int, str]


def oath_terms(ev: Oath, st: State, lang: str, rams: dict[int, Ram]) -> list[Term] | None:
    """How an oath's Honour adds up, as (value, reason) terms, from the ram records and the engine's notes (§6)."""
    oath = said(ev, "oath")
    why = [str(w) for w in ev.why or []]
    ram = rams.get(said(ev, "ram")) if said(ev, "ram") is not None else None
    if oath == "conquest":
        hit = re.search(r"ends in (.+) Limits, not its own (\w+)", " ".join(why))
        if hit:
            kinds = [x.strip() for x in hit[1].split(",")]
            where = tr(lang, " и ", " and ").join(pick(IN_LIMITS[x], lang) for x in kinds if x in IN_LIMITS)
            return [(1, tr(lang, f"в конце хода {where}, не своего Домена ({word(DOMAIN, hit[2], lang)})",
                           f"ends the turn {where}, not its own ({word(DOMAIN, hit[2], lang)}) domain"))]
    if oath == "bloodshed" and ram is not None:
        n, outcome = said(ram, "n"), said(ram, "outcome")
        if outcome == "equal":
            return [(2, tr(lang, f"сравнялись в Таране {n}", f"equal in ram {n}"))]
        value = 2 if str(outcome).endswith("broken") else 1
        return [(value, tr(lang, f"победа в Таране {n} ({outcome_name(outcome, lang)})",
                           f"won ram {n} ({outcome_name(outcome, lang)})"))]
    if oath == "bravery" and ram is not None:
        return _bravery(ev, ram, st, lang)
    if oath == "mercy" and ram is not None:
        broken = said(ram, "outcome") == "target_broken"
        target = name(st, said(ram, "target"))
        return [(5 if broken else 3, tr(lang, f"пощажена {'разбитая' if broken else 'поражённая'} Цель {target} "
                                              f"(Таран {said(ram, 'n')})",
                                         f"spared the {'broken' if broken else 'struck'} target {target} "
                                         f"(ram {said(ram, 'n')})"))]
    if oath == "leadership" and why:
        terms: list[Term] = [(2, tr(lang, "ведёт Формацию из двух Рыцарей", "leads a formation of two"))]
        for w in why[1:]:
            hit = re.match(r"^\+(\d+) (.+)$", w)
            if hit and hit[2] in _LEADERSHIP:
                terms.append((int(hit[1]), pick(_LEADERSHIP[hit[2]], lang)))
        return terms
    if oath == "love" and why:
        terms = [(7, tr(lang, "уносит свою Леди в Аутфланк", "carries the Lady into the Outflank"))]
        for w in why[1:]:
            hit = re.match(r"^\+(\d+) kidnapper .* has damage (-?\d+)", w)
            if hit and int(hit[1]):
                terms.append((int(hit[1]), tr(lang, f"Урон Похитителя {hit[2]} ≥ 1",
                                              f"the kidnapper's damage {hit[2]} ≥ 1")))
        return terms
    if oath == "loyalty" and why:
        hit = re.search(r"(\d+)×(\d+) functions \+ (\d+)×(\d+) modules \+ (\d+)×(\d+) enemy functions \+ (\d+) last "
                        r"module", why[0])
        if hit:
            a, fl, bm, md, c, ef, last = (int(x) for x in hit.groups())
            terms = [(a * fl, tr(lang, f"потеряно Функций: {fl} × {a}", f"{fl} functions lost × {a}"))]
            if md:
                terms.append((bm * md, tr(lang, f"уничтожено Модулей: {md} × {bm}", f"{md} modules destroyed × {bm}")))
            if ef:
                terms.append((c * ef, tr(lang, f"повреждено Функций врагов: {ef} × {c}",
                                         f"{ef} enemy functions damaged × {c}")))
            if last:
                terms.append((last, tr(lang, "уничтожен последний Модуль", "the last module destroyed")))
            return terms
    return None


def _bravery(ev: Oath, ram: Ram, st: State, lang: str) -> list[Term] | None:
    """Bravery's Honour from the ram it came from: the outcome for this knight, +2 heavier foe, +2 off own ground."""
    kid = said(ev, "knight")
    attacking = kid == said(ram, "attacker")
    me = said(ram, "attacker_state" if attacking else "target_state") or {}
    other = said(ram, "target_state" if attacking else "attacker_state") or {}
    mine = {"target_broken": "broke" if attacking else "was_broken",
            "target_struck": "struck" if attacking else "was_struck", "equal": "equal",
            "attacker_struck": "was_struck" if attacking else "struck",
            "attacker_broken": "was_broken" if attacking else "broke"}.get(str(said(ram, "outcome")))
    table = data("oaths")["bravery"]
    try:
        domain = st.knight(str(kid)).domain
    except KeyError:
        return None
    if mine is None or not me:
        return None
    terms: list[Term] = [(table[mine], tr(lang, f"{_BRAVERY[mine][0]} в Таране {said(ram, 'n')}",
                                          f"{_BRAVERY[mine][1]} in ram {said(ram, 'n')}"))]
    if other.get("mass", 0) > me.get("mass", 0):
        terms.append((table["heavier_opponent"], tr(lang, f"Масса противника {other['mass']} больше своей {me['mass']}",
                                                    f"the opponent's mass {other['mass']} > own {me['mass']}")))
    if not (me.get("in_limits") or {}).get(domain, False):
        terms.append((table["outside_own_domain"], tr(lang, "не в Пределах своего Домена",
                                                      "not in its own domain's Limits")))
    return terms


def oath_line(ev: Oath, st: State, lang: str, rams: dict[int, Ram]) -> str:
    """ "Клятва Храбрости — Dame Tide: 1 (поражение в Таране 1) + 2 (…) = +3 Чести (всего 3)."."""
    head = f"{word(OATH, said(ev, 'oath'), lang)} — {name(st, said(ev, 'knight'))}: "
    terms = oath_terms(ev, st, lang, rams)
    status = said(ev, "status")
    honour = int(said(ev, "honor") or 0)
    if terms is not None and status == "accepted" and sum(v for v, _ in terms) != honour:
        terms = None  # the notes and the number disagree (a GM ruling): say what the log says
    if terms is None:
        detail = "; ".join(str(w) for w in ev.why or [])
        sums = f"{detail} → " if detail else ""
    elif len(terms) == 1:
        sums = f"{terms[0][1]} → "
    else:
        sums = " + ".join(f"{v} ({why})" for v, why in terms) + f" = {sum(v for v, _ in terms)} → "
    if status == "declined":
        return head + sums + tr(lang, "отказ: Честь не начислена, Клятва остаётся открытой (§6).",
                                "declined: no Honour, the oath stays open (§6).")
    if status == "void":
        return head + sums + tr(lang, "Клятва уже исполнена — не засчитывается (K43).",
                                "the oath is already fulfilled: void (K43).")
    return head + sums + tr(lang, f"+{honour} Чести (всего {said(ev, 'total')}).",
                            f"+{honour} Honour (total {said(ev, 'total')}).")


def checks_text(ev: Checks, st: State, lang: str) -> str:
    """The end-of-Execution checks in one sentence (the frame's line)."""
    forms = formations_text(ev, st, lang)
    found = [f"{word(OATH_SHORT, x.get('oath'), lang)} — {name(st, x.get('knight'))} (+{x.get('honor')})"
             for x in ev.pending_add or []]
    text = tr(lang, "Конец Исполнения: ", "End of Execution: ")
    text += (tr(lang, "исполнены Клятвы: ", "oaths met: ") + ", ".join(found)) if found else tr(
        lang, "ни одна Клятва не исполнена", "no oath is met")
    return text + (f". {forms}" if forms else "") + "."


def formations_text(ev: Checks, st: State, lang: str) -> str:
    forms = said(ev, "formations") or {}
    if not forms:
        return ""
    parts = [tr(lang, f"{name(st, leader)} ведёт {names_as(st, fs, 'accs', lang)}",
                f"{name(st, leader)} leads {names(st, fs)}")
             for leader, fs in forms.items()]
    return tr(lang, "Формации: ", "Formations: ") + "; ".join(parts)


def end_of_turn_text(ev: EndOfTurn, st: State, lang: str) -> str:
    if said(ev, "turn") == 0:
        return tr(lang, "Расстановка окончена: начальные Параметры заданы, впереди ход 1.",
                  "Setup done: initial parameters set; turn 1 is next.")
    acted = names(st, ev.acted_last_turn)
    honour = ", ".join(f"{lance.name} {derive.lance_honor(st, lance.player)}" for lance in st.lances)
    return tr(lang, f"Конец хода {said(ev, 'turn')}. Походили: {acted or 'никто'}. Честь: {honour}.",
              f"End of turn {said(ev, 'turn')}. Acted: {acted or 'nobody'}. Honour: {honour}.")


def end_text(ev: End, st: State, lang: str) -> str:
    reason = word(END_REASON, said(ev, "reason"), lang)
    honour = ", ".join(f"{st.lance(pl).name} {h}" if pl in st.players() else f"{pl} {h}"
                       for pl, h in (said(ev, "honor") or {}).items())
    winner = lance_label(st, said(ev, "winner"))
    return tr(lang, f"Бой окончен: {reason}. Честь: {honour}. Победитель — {winner}!",
              f"The battle is over: {reason}. Honour: {honour}. {winner} wins!")


# --- the post --------------------------------------------------------------------------------------------------


def title_text(state: State, turn: int, lang: str) -> str:
    a, c = (lance.name for lance in state.lances)
    if turn == 0:
        return tr(lang, f"Ход 0 — расстановка: {ru.versus(a, c, person=False)}", f"Turn 0 — setup: {a} vs {c}")
    return tr(lang, f"Ход {turn}: {ru.versus(a, c, person=False)}", f"Turn {turn}: {a} vs {c}")


def guarded(fn: Callable[[], None], doc: Doc, event: Event) -> None:
    """Render one event; a GM ruling's hand-written payload that lacks a field prints its notes instead."""
    mark = len(doc.blocks)
    try:
        fn()
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        del doc.blocks[mark:]
        doc.p(_raw(event))


def post(view: TurnView, lang: str) -> Doc:
    """The GM's post of one turn."""
    lang = "ru" if lang == "ru" else "en"
    st = view.after
    doc = Doc().h(title_text(st, view.turn, lang))
    for ruling in view.rulings:
        note = str(ruling.payload.get("note") or "")
        said = tr(lang, "Ход разрешён решением ГМ, а не расчётом по правилам",
                  "This turn was resolved by a GM ruling, not by the rules' arithmetic")
        quoted = tr(lang, f"«{note}»", f"“{note}”")
        doc.p(i(said + (": " if note else ".")), *([quoted] if note else []))
    if view.turn == 0:
        setup_sections(doc, view, lang)
    else:
        turn_sections(doc, view, lang)
    doc.h(tr(lang, "Честь", "Honour"), 3)
    honour_table(doc, st, lang)
    doc.h(tr(lang, "Положение", "Standing"), 3)
    state_table(doc, st, lang)
    check(doc, view, lang)
    return doc


def walk(view: TurnView) -> list[tuple[Event, State]]:
    """Each resolution with the state just before it (old values, names)."""
    out = []
    cur = view.before
    for e in view.resolutions:
        out.append((e, cur))
        # a step the reducer refuses (a hand-written ruling's event naming an unknown knight or field) leaves the
        # state as it was
        with contextlib.suppress(ValidationError):
            cur = evolve(cur, e)
    return out


def setup_sections(doc: Doc, view: TurnView, lang: str) -> None:
    """Turn 0: roles, edges, lances and knights, Limits, deployment, Ladies (§3)."""
    st = view.after
    steps = walk(view)
    doc.h(tr(lang, "Лэнсы", "Lances"), 3)
    lines: list[tuple[Inline, ...]] = []
    for e, before in steps:
        if e.type in ("knights.roles", "knights.edges"):
            lines.append((step_text(e, before, lang),))
    for lance in st.lances:
        role = word(ROLE, lance.role, lang) if lance.role else "?"
        edge = word(EDGE, lance.edge, lang) if lance.edge else "?"
        lines.append((b(lance.name), f" ({lance.player}): {role}, {edge}, " + tr(lang, "цвет канта — ", "edge colour ")
                      + colour_name(lance.color, lang) + "."))
    doc.ul(lines)
    rows = []
    for lance in st.lances:
        for kid in lance.knights:
            k = st.knight(kid)
            rows.append([lance.name, k.name, k.heraldry or "—", word(DOMAIN, k.domain, lang), word(OATH, k.oath, lang)])
    doc.table([tr(lang, "Лэнс", "Lance"), tr(lang, "Рыцарь", "Knight"), tr(lang, "Геральдика", "Heraldry"),
               tr(lang, "Домен", "Domain"), tr(lang, "Клятва", "Oath")], rows)
    sections = (("knights.limits", tr(lang, "Пределы", "Limits")),
                ("knights.deploy", tr(lang, "Расстановка", "Deployment")),
                ("knights.lady", tr(lang, "Леди", "Ladies")))
    for kind, heading in sections:
        items = [(e, before) for e, before in steps if e.type == kind]
        if not items:
            continue
        doc.h(heading, 3)
        doc.ul([(step_text(e, before, lang),) for e, before in items])
    end = [(e, before) for e, before in steps if e.type == "knights.end"]
    for e, before in end:
        doc.p(b(step_text(e, before, lang)))


def turn_sections(doc: Doc, view: TurnView, lang: str) -> None:
    """Turns 1..24: orders, Execution round by round, oaths, the end of the turn."""
    steps = walk(view)
    reveal = next((e for e, _ in steps if e.type == "knights.reveal"), None)
    doc.h(tr(lang, "Заявки", "Orders"), 3)
    orders = (said(Reveal.trusted(reveal.payload), "orders") if reveal is not None else None) or {
        e.actor: e.payload for e in view.inputs if e.type == "order"}
    rows = []
    conceded = any(o.get("kind") == "concede" for o in orders.values())
    for player, o in orders.items():
        kind = o.get("kind", "action")
        knight = name(view.before, o.get("knight")) if kind == "action" else "—"
        action = order_action(view.before, o, lang)
        if conceded and kind == "pass":
            action = tr(lang, "— (противник сдался, заявка не нужна)", "— (the opponent conceded)")
        rows.append([lance_label(view.before, player), knight, action])
    if rows:
        doc.table([tr(lang, "Игрок", "Player"), tr(lang, "Рыцарь", "Knight"), tr(lang, "Действие", "Action")], rows)
    else:
        doc.p(tr(lang, "Заявок нет.", "No orders."))
    for r in (e for e in view.inputs if e.type == "roll"):
        purpose = word(ROLL_PURPOSE, r.payload.get("purpose"), lang)
        src = r.payload.get("source")
        dice = r.payload.get("dice", "")
        doc.p(tr(lang, f"Бросок {ru.dice(dice)}, {purpose}: ", f"Roll {dice}, {purpose}: "),
              b(str(r.payload.get("total"))), f" ({word(ROLL_SOURCE, src, lang)})" if src else "", ".")
    execution = [(e, before) for e, before in steps
                 if e.type in ("knights.queue", "knights.move", "knights.ram", "knights.take_the_blow",
                               "knights.action_end", "knights.lady_drop")]
    rams = {int(said(ram, "n", 0)): ram for ram in (Ram.trusted(e.payload) for e, _ in steps if e.type == Ram.type)}
    if execution:
        doc.h(tr(lang, "Исполнение", "Execution"), 3)
        execution_blocks(doc, execution, lang)
    checks = [(e, before) for e, before in steps if e.type == "knights.checks"]
    oaths = [(e, before) for e, before in steps if e.type == "knights.oath"]
    if checks or oaths:
        doc.h(tr(lang, "Клятвы и Честь", "Oaths and Honour"), 3)
        for e, before in checks:
            forms = formations_text(Checks.trusted(e.payload), before, lang)
            if forms:
                doc.p(forms + ".")
        if oaths:
            doc.ul([(oath_line(Oath.trusted(e.payload), before, lang, rams),) for e, before in oaths])
        else:
            doc.p(tr(lang, "В этом ходу ни одна Клятва не исполнена.", "No oath is fulfilled this turn."))
    for e, before in steps:
        if e.type == "knights.end_of_turn":
            doc.h(tr(lang, "Итог хода", "End of the turn"), 3)
            guarded(lambda e=e, before=before: end_of_turn_blocks(doc, EndOfTurn.trusted(e.payload), before, lang),
                    doc, e)
        elif e.type == "knights.end":
            doc.h(tr(lang, "Конец боя", "End of the battle"), 3)
            guarded(lambda e=e, before=before: end_blocks(doc, End.trusted(e.payload), before, lang), doc, e)


def execution_blocks(doc: Doc, execution: list[tuple[Event, State]], lang: str) -> None:
    """Rounds with their queues; steps as bullets; rams as their own blocks."""
    bullets: list[tuple[Inline, ...]] = []

    def flush() -> None:
        if bullets:
            doc.ul(list(bullets))
            bullets.clear()

    for e, before in execution:
        if e.type == "knights.queue":
            flush()
            guarded(lambda e=e, before=before: queue_block(doc, Queue.trusted(e.payload), before, lang), doc, e)
        elif e.type == "knights.ram":
            flush()
            guarded(lambda e=e, before=before: ram_blocks(doc, Ram.trusted(e.payload), before, lang), doc, e)
        elif e.type == "knights.take_the_blow":
            flush()
            doc.p(b(tr(lang, "Принять удар за товарища!", "Take the blow!")), " ", step_text(e, before, lang))
        else:
            bullets.append((step_text(e, before, lang),))
    flush()


def queue_block(doc: Doc, ev: Queue, st: State, lang: str) -> None:
    """ "**Раунд n.** the queue"."""
    doc.p(b(tr(lang, f"Раунд {ev.round}.", f"Round {ev.round}.")), " ", queue_body(ev, st, lang))


def queue_body(ev: Queue, st: State, lang: str) -> str:
    """The queue of a round without its "Раунд n:" head."""
    text = queue_text(ev, st, lang)
    return text.split(": ", 1)[1] if ": " in text else text


def end_of_turn_blocks(doc: Doc, ev: EndOfTurn, st: State, lang: str) -> None:
    acted = names(st, ev.acted_last_turn)
    doc.p(tr(lang, f"Походили: {acted or 'никто'}. В ходу {said(ev, 'next_turn')} они не действуют, если в их Лэнсе "
                   f"есть другой Рыцарь, способный действовать (§1.4).",
             f"Acted: {acted or 'nobody'}. They cannot act in turn {said(ev, 'next_turn')} unless no other knight of "
             f"their lance can (§1.4)."))


def end_blocks(doc: Doc, ev: End, st: State, lang: str) -> None:
    reason = word(END_REASON, said(ev, "reason"), lang)
    if said(ev, "reason") == "concession" and ev.conceded:
        who = lance_label(st, ev.conceded)
        reason = tr(lang, f"{who} признаёт поражение", f"{who} concedes")
    doc.p(tr(lang, f"Бой окончен: {reason}.", f"The battle is over: {reason}."))
    for bonus in ev.bonuses or []:
        doc.p(tr(lang, f"{name(st, bonus.get('knight'))}: +{bonus.get('honor')} Чести по Клятве Любви — "
                       f"Похититель пал.",
                 f"{name(st, bonus.get('knight'))}: +{bonus.get('honor')} Honour (Love): the kidnapper has fallen."))
    honour = ", ".join(f"{lance_label(st, pl)} — {h}" for pl, h in (said(ev, "honor") or {}).items())
    if honour:
        doc.p(tr(lang, f"Честь: {honour}.", f"Honour: {honour}."))
    rule = ""
    if said(ev, "reason") == "concession":
        rule = tr(lang, " (сдавшийся проигрывает, K54)", " (conceding loses, K54)")
    else:
        rule = tr(lang, " (при равенстве Чести побеждает Отвечающий)", " (a tie goes to the Responder)")
    winner = lance_label(st, said(ev, "winner"))
    doc.p(b(tr(lang, f"Победитель — {winner}!", f"{winner} wins!")),
          rule)


def honour_table(doc: Doc, st: State, lang: str) -> None:
    """Lance, knight, Honour; a total row per lance."""
    rows = []
    for lance in st.lances:
        for kid in lance.knights:
            k = st.knight(kid)
            rows.append([lance.name, k.name, str(k.honor)])
        rows.append([lance.name, tr(lang, "Итого", "Total"), str(derive.lance_honor(st, lance.player))])
    doc.table([tr(lang, "Лэнс", "Lance"), tr(lang, "Рыцарь", "Knight"), tr(lang, "Честь", "Honour")], rows)


def where_text(st: State, k: Knight, lang: str) -> str:
    """Location, with the Lady a knight carries."""
    text = location_word(st, k.id, k.location, lang)
    carried = [lady for lady in st.ladies if lady.carrier == k.id]
    for lady in carried:
        hers = "свою Леди" if lady.her_knight == k.id else f"Леди {name_as(st, lady.her_knight, 'gent', lang)}"
        text += tr(lang, f", несёт {hers}",
                   f", carries {name(st, lady.her_knight)}'s Lady")
    return text


def state_table(doc: Doc, st: State, lang: str) -> None:
    """Knight, position, facing, Разгон, Скорость, Масса, where; then the damaged functions and the Ladies."""
    rows = []
    for k in st.knights:
        on = k.location == "field" and k.pose is not None
        pos = f"({num(k.pose.x)},{num(k.pose.y)})" if on and k.pose else "—"
        face = facing(k.pose.f, lang) if on and k.pose else "—"
        speed = "—" if k.location == "fallen" else str(derive.speed(st, k))
        rows.append([k.name, pos, face, str(k.accel), speed, str(derive.mass(st, k)), where_text(st, k, lang)])
    doc.table([tr(lang, "Рыцарь", "Knight"), tr(lang, "Позиция", "Position"), tr(lang, "Фронт", "Facing"),
               tr(lang, "Разгон", "Accel"), tr(lang, "Скорость", "Speed"), tr(lang, "Масса", "Mass"),
               tr(lang, "Где", "Where")], rows)
    hurt = []
    for k in st.knights:
        lost = [f for f in kit_functions() if f in k.damaged]
        if lost:
            hurt.append((b(k.name), ": " + ", ".join(function_name(f, st, lang) for f in lost)
                         + tr(lang, f" (Урон {derive.damage(st, k)})", f" (damage {derive.damage(st, k)})")))
    if hurt:
        doc.p(tr(lang, "Повреждённые Функции:", "Damaged functions:"))
        doc.ul(hurt)
    ladies = []
    for lady in st.ladies:
        her = name(st, lady.her_knight) if lang != "ru" else name_as(st, lady.her_knight, "gent", lang)
        if lady.carrier:
            carrier = name(st, lady.carrier)
            text = tr(lang, f"Леди {her}: её несёт {carrier}", f"{her}'s Lady: carried by {carrier}")
        elif lady.cell:
            cell = cell_text(lady.cell)
            text = tr(lang, f"Леди {her}: на клетке {cell}", f"{her}'s Lady: on cell {cell}")
        else:
            text = tr(lang, f"Леди {her}: ещё не размещена", f"{her}'s Lady: not placed yet")
        if lady.kidnapper:
            text += tr(lang, f"; Похититель — {name(st, lady.kidnapper)}", f"; kidnapper: {name(st, lady.kidnapper)}")
        ladies.append((text + ".",))
    if ladies:
        doc.ul(ladies)


def check(doc: Doc, view: TurnView, lang: str) -> None:
    """The core's "for checking" spoiler, with the spec defaults the turn's resolutions relied on."""
    steps = [EVENTS[e.type].trusted(e.payload) for e in view.resolutions if e.type in EVENTS]
    meanings = spec_meanings(Path(__file__).parent / "data", lang)
    check_spoiler(doc, view, lang, [str(d) for step in steps for d in step.defaults or []]
                  + ids_in_brackets(doc, meanings),
                  defaults_label=("Толкования правил (спорные места спецификации): ", "Rule interpretations used: "),
                  meanings=meanings)
