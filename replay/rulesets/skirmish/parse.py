"""A player's declaration post -> the canonical order (docs/skirmish.md "Declarations"), every error collected.

    Атака: рубящий удар в голову, 4 кубика (2Р+2Н), покупаю пробитие +1
    Защита: парирование, 3 кубика (3Н)
    Attack: chop head, 5 dice (5S), buy precise forehead, danger +1
    Пас
"""

from __future__ import annotations

import re
from typing import Any

from replay.ruleset import Parsed
from replay.rulesets.skirmish import data, words
from replay.rulesets.skirmish.model import Fight

STEP = re.compile(r"^\s*(атака|защита|attack|defence|defense)\s*[:\-—]?\s*(.*)$", re.I | re.S)
DICE = re.compile(r"(\d+)\s*(?:кубик\w*|куб\.?|dice|die|d)?\s*\(\s*([^)]*)\)", re.I)
SPLIT = re.compile(r"(\d+)\s*([РрRrНнSs])")
BUYS = re.compile(r"(?:покупаю|покупка|buys?|buying)\s*:?\s*(.*)$", re.I | re.S)
SHIELD = re.compile(r"(?<![а-яёa-z])(?:щит|shield)", re.I)
"""A shield named as a word of its own («щитом», shield), never inside another («защита», «защищаю»)."""


def dice_split(dice: re.Match[str], errors: list[str]) -> dict[str, int]:
    """4.5: «4 кубика (2Р+2Н)» -> {"reflex": 2, "skill": 2}; a split that does not add up to the count is an error."""
    split = {"reflex": 0, "skill": 0}
    for n, letter in SPLIT.findall(dice.group(2)):
        split["reflex" if letter.lower() in "рr" else "skill"] += int(n)
    if sum(split.values()) != int(dice.group(1)):
        errors.append(f"4.5: {dice.group(1)} dice but the split ({dice.group(2)}) makes {sum(split.values())}")
    return split


def parse_order(text: str, state: Fight, actor: str) -> Parsed:
    body = " ".join(text.strip().split())
    errors: list[str] = []
    if body.lower().rstrip(".!") in words.PASS:
        step = "defence" if state.step >= 3 else "attack"
        return Parsed({"exchange": max(1, state.exchange), "step": step, "maneuver": "pass"})
    m = STEP.match(body)
    if m is None:
        return Parsed(None, ["4.5: a declaration starts with «Атака:» or «Защита:» (Attack:/Defence:), or is «пас»"])
    step = "attack" if m.group(1).lower() in ("атака", "attack") else "defence"
    rest = m.group(2)
    order: dict[str, Any] = {"exchange": max(1, state.exchange), "step": step}
    buys_text = ""
    b = BUYS.search(rest)
    if b:
        buys_text, rest = b.group(1), rest[: b.start()]
    lowered = rest.lower()
    maneuver = words.find_maneuver(lowered)
    if maneuver is None:
        errors.append("5.4: no maneuver named (e.g. «рубящий удар», «парирование», «блок щитом»)")
    elif maneuver == "pass":
        order["maneuver"] = "pass"
        return Parsed(order, errors)
    else:
        order["maneuver"] = maneuver
    from replay.rulesets.skirmish.maneuvers.base import move

    mv = move(maneuver) if maneuver else None
    dice = DICE.search(rest)
    if dice is None and mv is not None and not mv.pool_dice or dice is None and maneuver == "break_free":
        order["dice"] = {"reflex": 0, "skill": 0}  # no pool dice (a free check, Break free's Strength)
    elif dice is None:
        errors.append("4.5: the dice and their split, e.g. «4 кубика (2Р+2Н)»: Р reflex, Н skill")
    else:
        order["dice"] = dice_split(dice, errors)
    if maneuver == "maneuvering":
        order["stand_up"] = True
    elif step == "attack" or maneuver in words.NEEDS_BLOW:
        zone = words.find_zone(lowered)
        wants_zone = mv is None or mv.zone
        if zone is None and wants_zone:
            errors.append("L201: the zone: голова, верхний/нижний корпус, левая/правая рука, левая/правая нога")
        elif zone is not None:
            order["zone"] = zone
        order["target"] = state.opponent(actor).id if actor in state.ids else None
        kind = words.find_attack_type(lowered)
        if maneuver in words.NEEDS_BLOW:
            if kind is None:
                mid = data.maneuvers()[maneuver]["id"] if maneuver else ""
                errors.append(f"{mid}: name the blow in brackets: рубящий, секущий, колющий or дробящий")
            order["attack_type"] = kind
    for key, pattern in words.FIELD_PATTERNS:
        found = re.search(pattern, lowered)
        if found:
            order[key] = int(found.group(1)) if found.group(1).isdigit() else found.group(1)
    if SHIELD.search(lowered):
        order["weapon"] = "shield"
    if ("выхватыва" in lowered or "достаю" in lowered or "draw" in lowered) and actor in state.ids:
        drawn = words.find_weapon(lowered, state.fighter(actor))
        if drawn is None:
            errors.append("M50: name the weapon drawn (one the fighter carries sheathed)")
        else:
            order["draw"] = drawn
    buys, bad = words.parse_buys(buys_text)
    errors += bad
    if buys:
        order["buys"] = buys
    return Parsed(None if errors else order, errors)


KEYED = frozenset({"attack", "defence", "redefence", "body_language", "reliability", "fortitude", "power_shock",
                   "initiative", "zone", "penetration", "knockout", "fatigue"})


def parse_post(ruleset: Any, text: str, point: Any, actor: str | None) -> Any:
    """A whole post (replay.posts): a declaration with its pasted forum roll — the roll is that declaration's
    (purpose attack or defence, its exchange), as forum players roll when they declare; a roll naming a purpose
    gets the open exchange."""
    from dataclasses import replace

    from eventlog.envelope import Draft
    from replay.posts import parse_post as core_parse_post
    from replay.ruleset import ParsedPost
    from replay.rulesets.skirmish.field_parse import defence_lines

    defences, bad, text = defence_lines(text, point.state, actor, point.requests)  # M83-M90: choices in words
    parsed = core_parse_post(ruleset, text, point, actor) if text.strip() or not defences else ParsedPost([])
    parsed = ParsedPost([field_exchange_asked(d, text, point) for d in parsed.drafts]
                        + [Draft("choice", p, None, actor) for p in defences], bad + parsed.errors, parsed.notes)
    order = next((d.payload for d in parsed.drafts if d.type == "order"), None)
    drafts, given = [], False
    for d in parsed.drafts:
        p = d.payload
        if d.type == "roll" and p.get("purpose") is None and order and order.get("maneuver") != "pass" and not given:
            purpose = "redefence" if order["step"] == "after_feint" else order["step"]
            d, given = replace(d, payload={**p, "purpose": purpose, "exchange": order["exchange"]}), True
        elif d.type == "roll" and p.get("purpose") in KEYED and "exchange" not in p:
            d = replace(d, payload={**p, "exchange": max(1, point.state.exchange) if p["purpose"] != "fatigue" else
                                    p.get("exchange", 0)})
        drafts.append(d)
    return ParsedPost(drafts, parsed.errors, parsed.notes)


def field_exchange_asked(draft: Any, text: str, point: Any) -> Any:
    """A field act whose post names no «Обмен N:» goes to the field exchange the rules ask of its actor."""
    from dataclasses import replace

    from replay.rulesets.skirmish.field_parse import EXCHANGE

    p = draft.payload
    if draft.type != "order" or p.get("stage") != "field" or any(EXCHANGE.match(line) for line in text.splitlines()):
        return draft
    asked = [dict(r.key_dict)["exchange"] for r in point.requests if r.kind == "order" and r.actor == draft.actor
             and dict(r.key_dict).get("stage") == "field"]
    return replace(draft, payload={**p, "exchange": asked[0]}) if asked and p["exchange"] not in asked else draft
