"""A whole forum post as a batch of inputs: pasted forum rolls, choices, and the order the rest of the post holds.

What any ruleset gets unless it parses posts itself (`Ruleset.parse_post`):
- a pasted forum roll: a line holding dice notation and the dice, as forum rollers print them, e.g.
  `1d100: 72`, `Бросок 2d6 = 3, 5 (8)`, `rolled 3d6: [2, 4, 6] = 12`, `D9 → 7`; it may name its purpose
  (`1d100: 72 (stake)`, `для stake`) — if not, the batch gives it to the first request for those dice that the
  game waits for from that actor when the roll's turn comes in the batch (`purpose` left null until then);
  a link on the line (http…) is kept as the roll's `link`;
- a choice: `choice: NAME = VALUE` or `выбор: NAME = VALUE` (with `key=value` fields after a `;`);
- every other line: the order, parsed by the ruleset's `parse_order` (a GM's post holds no order).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from eventlog import dice as dicelib
from eventlog.envelope import Draft
from eventlog.errors import ValidationError

if TYPE_CHECKING:
    from replay.ruleset import ParsedPost, Point, Ruleset

MAX_POST = 200_000
"""Characters a post may have (a forum post is far shorter)."""

_ROLL = re.compile(  # possessive quantifiers (*+, ++): no backtracking into a run of spaces (linear in the line)
    r"(?P<dice>\b\d{0,3}[dDкК]\d{1,4}(?:\s*+[+-]\s*+\d{1,4})?)\s*+"
    r"(?:[:=]|->|→|—|–|\bresult\b|\bрезультат\b|\brolled\b)?\s*+"
    r"\[?\s*+(?P<vals>\d{1,5}(?:\s*+[,;]\s*+\d{1,5}|\s++\d{1,5})*+)\s*+\]?"
    r"(?:\s*+(?:=|\()\s*+(?P<total>-?\d{1,6})\s*+\)?)?",
)
_PURPOSE = re.compile(r"(?:\((?P<p1>[a-z_][a-z0-9_]*)\)|\b(?:for|для)\s+(?P<p2>[a-z_][a-z0-9_]*))", re.I)
_LINK = re.compile(r"https?://\S+")
_CHOICE = re.compile(r"^\s*+(?:choice|выбор)\s*+:\s*+(?P<name>[\w.-]+)\s*+=(?P<rest>.*)$", re.I)


def parse_roll_line(line: str) -> dict[str, Any] | None:
    """A pasted forum roll as a roll payload without purpose (or with the one it names), or None."""
    text = line.replace("к", "d").replace("К", "d")
    match = _ROLL.search(text)
    if match is None:
        return None
    try:
        spec = dicelib.parse(re.sub(r"\s+", "", match.group("dice")))
    except ValidationError:
        return None
    values = [int(v) for v in re.findall(r"\d+", match.group("vals"))]
    total = match.group("total")
    if len(values) == spec.count + 1 and total is None:
        values, total = values[:-1], str(values[-1])
    payload: dict[str, Any] = {"dice": spec.notation, "purpose": None, "result": values, "source": "forum"}
    if total is not None:
        payload["stated_total"] = int(total)
    purpose = _PURPOSE.search(text[match.end():] + " " + text[:match.start()])
    if purpose:
        payload["purpose"] = purpose.group("p1") or purpose.group("p2")
    link = _LINK.search(line)
    if link:
        payload["link"] = link.group(0)
    return payload


def _choice(match: re.Match[str]) -> dict[str, Any] | None:
    """A choice line's payload: `choice: NAME = VALUE` with `; key=value, …` after it; None if VALUE is empty."""
    value, _, keys = match.group("rest").partition(";")
    if not value.strip():
        return None
    payload: dict[str, Any] = {"name": match.group("name"), "value": _json_or_text(value.strip())}
    for pair in keys.split(","):
        if "=" in pair:
            key, field = pair.split("=", 1)
            payload[key.strip()] = _json_or_text(field.strip())
    return payload


def _json_or_text(text: str) -> Any:
    """JSON if it is JSON a log can hold (not 5,000 digits nor 5,000 brackets deep), else the text."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError, an integer of too many digits, nesting too deep
        return text


def parse_post(ruleset: Ruleset, text: str, point: Point, actor: str | None) -> ParsedPost:
    """The default `Ruleset.parse_post` (see the module docstring)."""
    from replay.ruleset import ParsedPost

    if len(text) > MAX_POST:
        return ParsedPost([], [f"the post has {len(text)} characters; at most {MAX_POST} are read"])
    drafts: list[Draft] = []
    errors: list[str] = []
    rest: list[str] = []
    for n, line in enumerate(text.splitlines(), 1):
        choice = _CHOICE.match(line)
        payload = _choice(choice) if choice else None
        if payload is not None:
            drafts.append(Draft("choice", payload, None, actor))
            continue
        roll = parse_roll_line(line) if "d" in line.lower() or "к" in line.lower() else None
        if roll is not None:
            spec = dicelib.parse(roll["dice"])
            problems = dicelib.check_result(spec, roll["result"])
            stated = roll.pop("stated_total", None)
            total = dicelib.total(spec, roll["result"]) if not problems else None
            if stated is not None and total is not None and stated != total:
                problems.append(f"the dice {roll['result']} make {total}, the post says {stated}")
            if problems:
                errors += [f"line {n}: {p}" for p in problems]
                continue
            roll["total"] = total
            drafts.append(Draft("roll", roll, None, actor))
            continue
        rest.append(line)
    notes: list[str] = []
    body = "\n".join(rest).strip()
    if body and actor is not None:
        parsed = ruleset.parse_order(body, point.state, actor)
        errors += parsed.errors
        notes += parsed.notes
        if parsed.order is not None and not parsed.errors:
            drafts.insert(0, Draft("order", parsed.order, None, actor))
    elif body:
        errors.append("the GM's post holds text that is no roll or choice: " + body.splitlines()[0][:60])
    return ParsedPost(drafts, errors, notes)


def match_roll(draft: Draft, point: Point, taken: set[tuple[Any, ...]], default_purpose: str | None) -> Draft:
    """A pasted roll without purpose, given the first matching request the game waits for (or the ruleset's
    main roll purpose); ValidationError when none fits."""
    from dataclasses import replace

    p = draft.payload
    for r in point.requests:
        ident = (r.kind, r.actor, r.name, r.key)
        if r.kind == "roll" and r.actor == draft.actor and ident not in taken and r.dice \
                and dicelib.parse(r.dice).notation == p["dice"]:
            taken.add(ident)
            return replace(draft, payload={**p, "purpose": r.name, **r.key_dict})
    if default_purpose:
        return replace(draft, payload={**p, "purpose": default_purpose})
    raise ValidationError(f"a pasted roll {p['dice']} = {p['result']}: the game waits for no {p['dice']} roll from "
                          f"{draft.actor or 'the GM'} here (name its purpose on the line: `(purpose)`)")
