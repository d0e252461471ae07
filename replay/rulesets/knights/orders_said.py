"""A player's order in full sentences, in the rulebook's words (§1.4 Стадия Планирования, §3.3 Нулевой Ход, §6.2
Клятва Любви): which Knight takes which Action, where a Knight enters the Field, which Limits it places, where a
Lady is placed, and a concession. Knights are named by name when the state is at hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.render.text import tr
from replay.rulesets.knights.words import (
    ACTION,
    DOMAIN,
    SIDE,
    cell_text,
    facing,
    lance_label,
    limits_word,
    name,
    name_as,
    point,
    rect_text,
    word,
)


def knight(state: Any, kid: Any) -> str:
    """A knight's name (its id without a state)."""
    return name(state, kid) if state is not None else str(kid)


def knight_as(state: Any, kid: Any, case: str, lang: str) -> str:
    return name_as(state, kid, case, lang) if state is not None else str(kid)


def player(state: Any, actor: Any) -> str:
    """ "Red Lance (alice)" (the player without a state)."""
    return lance_label(state, actor) if state is not None else str(actor)


def pose_words(pose: Mapping[str, Any], lang: str) -> str:
    """ "в клетку (3,12), Фронтом → В" / "at (3,12), facing → E"."""
    return tr(lang, f"в клетку {point(pose, lang)}, Фронтом {facing(pose.get('f'), lang)}",
              f"at {point(pose, lang)}, facing {facing(pose.get('f'), lang)}")


def action_said(order: Mapping[str, Any], state: Any, lang: str) -> str:
    """ "Sir Aster выполняет Действие «Плавный поворот» влево; по пути поднимет Леди."."""
    who = knight(state, order.get("knight"))
    action = word(ACTION, order.get("action"), lang)
    text = tr(lang, f"{who} выполняет Действие {action}", f"{who} takes the Action “{action}”")
    dirs = order.get("turn_dir")
    if dirs:
        dirs = dirs if isinstance(dirs, list) else [dirs]
        text += " " + tr(lang, "", "turning ") + ", ".join(word(SIDE, x, lang) for x in dirs)
    if isinstance(order.get("return_pose"), Mapping):
        text += tr(lang, " и возвращается ", " and returns ") + pose_words(order["return_pose"], lang)
    text += "."
    if order.get("lady_pickup"):
        text += tr(lang, f" По пути {who} поднимет Леди, через клетку которой пройдет.",
                   f" On the way {who} picks up a Lady whose cell it passes.")
    drop = order.get("lady_drop")
    if isinstance(drop, Mapping):
        timing = drop.get("timing", "before_execution")
        step = timing.get("after_step") if isinstance(timing, Mapping) else None
        when = tr(lang, "до Исполнения", "before Execution") if step is None else tr(
            lang, f"после своего {step}-го Шага", f"after its step {step}")
        text += tr(lang, f" {knight(state, drop.get('carrier'))} ставит несомую Леди на Поле {when}.",
                   f" {knight(state, drop.get('carrier'))} sets the Lady it carries down on the Field {when}.")
    return text


def limits_said(order: Mapping[str, Any], actor: Any, state: Any, lang: str) -> str:
    """ "Red Lance (alice) ставит Пределы Рыцаря Sir Aster (Лесной Домен): (0,16)–(6,24)."."""
    rects = [rect_text(r) for r in order.get("rects") or []]
    kid = order.get("knight")
    domain = getattr(state.knight(str(kid)), "domain", None) if state is not None and _known(state, kid) else None
    owner = knight_as(state, kid, "gent", lang)
    if domain in DOMAIN:
        what = limits_word(str(domain), len(rects), lang)
        what = what.replace("1 ", tr(lang, "", "a "), 1) if len(rects) == 1 else what
        return tr(lang, f"{player(state, actor)} ставит по Домену {owner} {what}: {', '.join(rects)}.",
                  f"{player(state, actor)} places, for {owner}'s Domain, {what}: {', '.join(rects)}.")
    return tr(lang, f"{player(state, actor)} ставит Пределы по Домену {owner}: {', '.join(rects)}.",
              f"{player(state, actor)} places Limits for {owner}'s Domain: {', '.join(rects)}.")


def lady_said(order: Mapping[str, Any], actor: Any, state: Any, lang: str) -> str:
    """ "Blue Lance (bob) размещает Леди Рыцаря Sir Pell: её несет Dame Quarry." / "…ставит… на клетку (19,9)."."""
    her = str(order.get("lady", ""))
    her = her[5:] if her.startswith("lady:") else her
    who, hers = player(state, actor), knight_as(state, her, "gent", lang)
    hers_en = knight(state, her)
    if order.get("carrier"):
        carrier = knight(state, order["carrier"])
        return tr(lang, f"{who} размещает Леди {hers}: её несет {carrier}.",
                  f"{who} places {hers_en}'s Lady: {carrier} carries her.")
    return tr(lang, f"{who} ставит Леди {hers} на клетку {cell_text(order.get('cell'))}.",
              f"{who} sets {hers_en}'s Lady on cell {cell_text(order.get('cell'))}.")


def _known(state: Any, kid: Any) -> bool:
    try:
        state.knight(str(kid))
    except KeyError:
        return False
    return True


def say(order: Mapping[str, Any], actor: Any, lang: str, state: Any = None) -> str:
    """A knights order in full sentences."""
    kind = order.get("kind", "action")
    if kind == "concede":
        return tr(lang, f"{player(state, actor)} признает поражение.", f"{player(state, actor)} concedes.")
    if kind == "pass":
        return tr(lang, f"{player(state, actor)} пропускает ход: ни один Рыцарь не может действовать.",
                  f"{player(state, actor)} passes: no Knight can act.")
    if kind == "deploy":
        pose = order.get("pose") if isinstance(order.get("pose"), Mapping) else {}
        return tr(lang, f"{knight(state, order.get('knight'))} выходит на Поле {pose_words(pose, lang)}.",
                  f"{knight(state, order.get('knight'))} enters the Field {pose_words(pose, lang)}.")
    if kind == "limits":
        return limits_said(order, actor, state, lang)
    if kind == "lady":
        return lady_said(order, actor, state, lang)
    return action_said(order, state, lang)
