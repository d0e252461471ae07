"""A player's forum post -> a turn order, every error collected (Russian as in the rulebook, or English).

"Сэр Гавейн: Плавный поворот, влево", "Полный вперёд!", "Dame Tide: sharp turn right, pick up the lady",
"Сэр Кай: Вернуться в бой! (1, 12) на восток". The knight may be left out when only one knight can act.
"""

from __future__ import annotations

import re
from typing import Any

from replay.ruleset import Parsed
from replay.rulesets.knights.model import DIR_NAMES, KnightsOptions, State
from replay.rulesets.knights.words import ACTIONS, CONCEDE, FACINGS, LEFT, PASS, PICKUP, RIGHT

MAX_ORDER = 50_000
"""Characters of a post the parser reads (a knight's order, with its roleplay, is far shorter)."""


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.casefold().replace("ё", "е")).strip()


def _has(text: str, words: tuple[str, ...]) -> bool:
    return any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text) for w in words)


def _knight(text: str, state: State, actor: str) -> tuple[str | None, str]:
    """The actor's knight named in the post (longest name wins), and the post without the name."""
    best = None
    for kid in state.lance(actor).knights:
        k = state.knight(kid)
        for label in (k.name, k.id):
            n = _norm(label)
            if n and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) and (best is None or len(n) > len(best[1])):
                best = (kid, n)
    if best is None:
        return None, text
    return best[0], text.replace(best[1], " ", 1)


def _facing(text: str) -> int | None:
    m = re.search(r"\bf\s*=\s*([a-z]{1,2}|\d)\b", text)
    if m:
        v = m.group(1).upper()
        return int(v) if v.isdigit() else (DIR_NAMES.index(v) if v in DIR_NAMES else None)
    for word in sorted(FACINGS, key=len, reverse=True):
        if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) and (len(word) > 2 or re.search(
                rf"(?:на|фронт|лицом|facing)\s+{re.escape(word)}(?!\w)", text)):
            return FACINGS[word]
    m = re.search(r"(?<!\w)(n|ne|e|se|s|sw|w|nw)(?!\w)", text)
    return DIR_NAMES.index(m.group(1).upper()) if m else None


def _pose(text: str) -> dict[str, Any] | None:
    m = re.search(r"x\s*=\s*(\d{1,3})\D+y\s*=\s*(\d{1,3})(?!\d)", text) or \
        re.search(r"\(\s*(\d{1,3})\s*[,;]\s*(\d{1,3})\s*\)", text)  # the field is 24 F: no number of 4,300 digits
    if not m:
        return None
    f = _facing(text[m.end():]) if _facing(text[m.end():]) is not None else _facing(text)
    return {"x": int(m.group(1)), "y": int(m.group(2)), "f": f}


def parse_order(text: str, state: State, actor: str, options: KnightsOptions | None = None) -> Parsed:
    """Read one order from a forum post; collect every problem, the rules' legality checks included."""
    from replay.rulesets.knights.check import check_order, legal_actions

    if len(text) > MAX_ORDER:
        return Parsed(None, [f"the post has {len(text):,} characters; at most {MAX_ORDER:,} are read"])
    errors: list[str] = []
    if actor not in state.players():
        return Parsed(None, [f"{actor!r} commands no lance ({', '.join(state.players())})"])
    t = _norm(text)
    if _has(t, CONCEDE):
        return Parsed({"kind": "concede"})
    if _has(t, PASS) and not any(_has(t, w) for w in ACTIONS.values()):
        order = {"kind": "pass"}
        return Parsed(order, check_order(state, actor, order, options or KnightsOptions()))
    kid, rest = _knight(t, state, actor)
    actions = [a for a, words in ACTIONS.items() if _has(rest, words)]
    if not actions:
        errors.append("no action found: write one of «Полный вперёд!», «Плавный поворот», «Резкий разворот», "
                      "«Сбросить скорость», «Вернуться в бой!» (§4.1, §1.1)")
    elif len(actions) > 1:
        errors.append(f"one action per turn (§1.3), found {', '.join(actions)}")
    if kid is None:
        legal = legal_actions(state, actor)
        if len(legal) == 1:
            kid = next(iter(legal))
        else:
            names = ", ".join(state.knight(k).name for k in state.lance(actor).knights)
            errors.append(f"name the knight ({names}): more than one can act (§1.4)")
    action = actions[0] if len(actions) == 1 else None
    order: dict[str, Any] = {"knight": kid, "action": action}
    if action in ("smooth_turn", "sharp_turn"):
        left, right = _has(rest, LEFT), _has(rest, RIGHT)
        if left == right:
            errors.append(f"{action}: say «влево» or «вправо» (left or right), chosen at planning (§4.1)")
        else:
            order["turn_dir"] = "left" if left else "right"
    if action == "return_to_battle":
        pose = _pose(rest)
        if pose is None or pose["f"] is None:
            errors.append("«Вернуться в бой!» needs a place and a facing, e.g. (1, 12) на восток (§1.1)")
        else:
            order["return_pose"] = pose
    if _has(rest, PICKUP):
        order["lady_pickup"] = True
    if errors:
        return Parsed(None, errors)
    return Parsed(order, check_order(state, actor, order, options or KnightsOptions()))
