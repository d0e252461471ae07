"""A player's forum post → drafts: ledger lines (§4.2.3, ru and en), the source's prose form («Пикинер в 3 E2
переходит в E3 и бьет Крестьян в 2»), pasted dice, all as one batch; every problem named with its line.

A ledger line: `PkSh (E2-3; 1/1) - move - E3`, `InSh* (Aerin; C2-2; 1/1) - бьет - Kn C2-1`,
`InB (RA; 1/1) - deploy - RA>B1` (a first deployment: the code's sign is the declared sign; a code without sign,
`In (RA; 1/1)`, rolls it with the next `1D3` of the post), `KnB (A1-1; 2/2) - charges - A1>A2 : Arc A2-1`,
`ArcB (B1-1; 0/1) - shoots - In B2-2`. A stack id may stand for the code and location (`A-In-1 - move - B1>B2`).
A dice line after a ledger line is that stack's roll (`D9: 7`; after a shoot, `1d3: 2` is its friendly-fire die);
`D9: 3 (A-Pk-1)` or `D9: 3 B2-1` names its unit. Phase C lines (`бежит - C1`, `отступает - D2`) are the choices.
"""

from __future__ import annotations

import re
from typing import Any

from eventlog import dice as dicelib
from eventlog.envelope import Draft
from replay.posts import parse_roll_line
from replay.ruleset import Parsed, ParsedPost, Point
from replay.rulesets.cerilia import board as bd
from replay.rulesets.cerilia import derive as dv
from replay.rulesets.cerilia.codes import normalise, parse_code
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import RESERVE, SECTORS, Battle, Stack
from replay.rulesets.cerilia.words import verb_of

_DASH = re.compile(r"\s+[-–—]\s+")
_LOC = re.compile(r"^(?P<place>[A-E][1-3]|RA|RD)(?:-(?P<slot>\d{1,2}))?$")
_MP = re.compile(r"^(?P<mp>\d+)\s*/\s*(?P<max>\d+)$")
_ID = re.compile(r"^[AD]-[A-Za-z]+-\d+$")
_PROSE = re.compile(r"^(?P<unit>[А-Яа-яЁё]+)\s+в\s+(?P<slot>\d+)\s+(?P<sector>[A-EА-Е][1-3])\s+(?P<rest>.+)$", re.I)
CHOICE_VERBS = {"rout_move": "rout_move", "fall_back": "fall_back"}
STEP_VERBS = {"A1", "A3", "A3_1", "AX1", "AX3", "AX3_1", "B_A", "B_D", "C_A", "C_D"}


class _Post:
    """The state of parsing one post: where its stacks stand after its own moves, the last stack named."""

    def __init__(self, state: Battle, side: str):
        self.state = state
        self.side = side
        self.moved: dict[str, str] = {}
        """stack id -> the sector this post moved it to."""
        self.last: str | None = None
        self.last_verb: str | None = None

    def place(self, stack: Stack) -> str:
        return self.moved.get(stack.id) or bd.place_of(stack.location)

    def own(self, loc: str, code: str | None) -> Stack | str:
        """The own stack at a location (`E2-3`), or (for `RA`) the first never-deployed one of the code's type."""
        m = _LOC.match(loc)
        if m is None:
            return f"§4.2.3: {loc!r} is no location (E2-3, RA-3, RA)"
        kind = _kind(code)
        if m["slot"] is None:
            if m["place"] != RESERVE[self.side]:
                return f"§4.2.3: {loc} needs its slot (E2-3)"
            pool = sorted((s for s in self.state.stacks.values() if s.side == self.side and s.location == "pool"
                           and (kind is None or dv.type_code(self.state, s) == kind)), key=lambda s: s.id)
            return pool[0] if pool else f"§4.2.3: no never-deployed {kind or 'unit'} in your pool"
        here = [s for s in self.state.stacks.values() if s.side == self.side and s.id not in self.moved
                and s.location == f"{m['place']}-{m['slot']}"]
        here.sort(key=lambda s: s.routed)
        if here:
            return here[0]
        arrived = [s for s in self.state.stacks.values() if self.moved.get(s.id) == m["place"]
                   and (kind is None or dv.type_code(self.state, s) == kind)]
        if len(arrived) == 1:
            return arrived[0]
        return f"§4.2.3: none of your stacks is at {loc}"

    def enemy(self, text: str, sector: str | None = None) -> Stack | str:
        """An enemy stack: an id, or `[state] SECTOR-SLOT` (its state need not be given), or `[state] SLOT`."""
        text = text.strip()
        if _ID.match(text) or text in self.state.stacks:
            st = self.state.stacks.get(text)
            return st if st is not None else f"§4.2.1: no stack {text}"
        words = text.split()
        loc = normalise(words[-1]) if words else ""
        m = _LOC.match(loc)
        if m is None and loc.isdigit() and sector:
            m = _LOC.match(f"{sector}-{loc}")
        if m is None or m["slot"] is None:
            return f"§4.2.3: {text!r} names no stack (E3-2, or an id)"
        found = bd.stack_at(self.state, m["place"], int(m["slot"]), bd.enemy_of(self.side))
        return found if found is not None else f"§4.2.3: no enemy stack at {m['place']}-{m['slot']}"


def _kind(code: str | None) -> str | None:
    if not code:
        return None
    try:
        return parse_code(code).type
    except ValueError:
        return next((t for t in sorted({*tables().units, "CC", "CM", "CP", "C"}, key=len, reverse=True)
                     if normalise(code).startswith(t)), None)


def _path(post: _Post, stack: Stack, text: str) -> list[str]:
    parts = [normalise(p).upper() for p in re.split(r"\s*>\s*", text.strip()) if p.strip()]
    start = RESERVE[stack.side] if stack.location == "pool" or bd.place_of(stack.location) in RESERVE.values() \
        else post.place(stack)
    return parts if parts and parts[0] == start else [start, *parts]


def _line(post: _Post, text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """One ledger line → order lines (a line may hold a move and a melee), or its problems."""
    prose = _PROSE.match(text.strip())
    if prose:
        return _prose(post, prose)
    whole = verb_of(text.strip().rstrip(".!"))
    if whole in ("concede", "offer_draw", "accept_draw"):
        return [{"verb": whole}], []
    parts = _DASH.split(text.strip())
    if len(parts) < 2:
        return [], ["§4.2.3: a ledger line is `state (location; mp/max) - verb - target`"]
    head, verb_text, target = parts[0], parts[1], " - ".join(parts[2:])
    verb = verb_of(verb_text)
    if verb is None:
        return [], [f"§4.2.3: {verb_text!r} is no verb of the table (e.g. move, бьет, стреляет, бежит)"]
    m = re.match(r"^(?P<state>[^\s(]+)\s*(?:\((?P<inner>[^)]*)\))?$", head.strip())
    if m is None:
        return [], [f"§4.2.3: {head!r} is no `state (location; mp/max)`"]
    state_text, inner = m["state"], m["inner"]
    if _ID.match(state_text) or state_text in post.state.stacks:
        stack = post.state.stacks.get(state_text)
        if stack is None or stack.side != post.side:
            return [], [f"§4.2.1: {state_text} is none of your stacks"]
    else:
        fields = [f.strip() for f in (inner or "").split(";") if f.strip()]
        locs = [f for f in fields if _LOC.match(normalise(f).upper()) or f.upper() in RESERVE.values()]
        if not locs:
            return [], [f"§4.2.3: {head!r} gives no location (E2-3, RA-3, RA)"]
        found = post.own(normalise(locs[0]).upper(), state_text)
        if isinstance(found, str):
            return [], [found]
        stack = found
        wrong = _contradiction(post, stack, state_text)
        if wrong:
            return [], [wrong]
    return _order(post, stack, verb, state_text, target)


def _contradiction(post: _Post, stack: Stack, state_text: str) -> str | None:
    """§4.2.3: the ledger's state code against the recorded state (type, sign, damage, status; `*` and `[ ]` change
    within a post and are not compared); None when they agree or the stack has no sign yet."""
    if dv.sign(post.state, stack) is None:
        return None
    try:
        said = parse_code(state_text)
    except ValueError:
        return None if state_text == dv.type_code(post.state, stack) else \
            f"§2.9: {state_text!r} is no display code of {stack.id}"
    if said.sign is None:
        return None
    held = dv.code(post.state, stack)
    if (said.type, said.sign, said.damage, said.status) != (held.type, held.sign, held.damage, held.status):
        return (f"§4.2.3: the ledger says {state_text} but {stack.id} is {held} at {stack.location} in the recorded "
                "state")
    return None


def _order(post: _Post, stack: Stack, verb: str, state_text: str, target: str) -> tuple[list[dict[str, Any]],
                                                                                         list[str]]:
    post.last, post.last_verb = stack.id, verb
    line: dict[str, Any] = {"verb": verb, "actor": stack.id}
    if verb in ("move", "deploy"):
        if stack.location == "pool" or bd.place_of(stack.location) in RESERVE.values():
            line["verb"] = verb = "deploy"
            if stack.location != "pool":
                line["reserve_slot"] = bd.slot_of(stack.location)
            elif dv.body(post.state, stack).sign is None:
                try:
                    line["sign"] = parse_code(state_text).sign
                except ValueError:
                    line["sign"] = "roll"
        line["path"] = _path(post, stack, target)
        post.moved[stack.id] = line["path"][-1]
        return [line], []
    if verb in ("declare_melee", "shoot", "choose_melee_target"):
        enemy = post.enemy(target, post.place(stack))
        if isinstance(enemy, str):
            return [], [enemy]
        return [{**line, "target": enemy.id}], []
    if verb == "declare_charge":
        path_text, _, target_text = target.partition(":")
        enemy = post.enemy(target_text or "", None)
        if isinstance(enemy, str):
            return [], [enemy]
        return [{**line, "path": _path(post, stack, path_text), "target": enemy.id}], []
    if verb == "join":
        host = post.own(normalise(target.split()[-1]).upper(), None) if target.strip() else "§4.3.4: join whom?"
        if isinstance(host, str):
            return [], [host]
        return [{**line, "character": stack.members[-1], "host": host.id}], []
    if verb in CHOICE_VERBS:
        to = normalise(target).upper()
        return [{"choice": CHOICE_VERBS[verb], "stack": stack.id, "value": to}], []
    if verb == "cast":  # `CMSw (D3-1; 4/4) - кастует - fireball > In C2-1` (§4.2.3: spell " > " target)
        spell, _, aim = target.partition(">")
        caster = stack.members[-1] if dv.troop(post.state, stack) is None else (
            dv.characters(post.state, stack)[-1].id if dv.characters(post.state, stack) else stack.id)
        aim = aim.strip()
        if re.fullmatch(r"[A-EА-Е][1-3]", normalise(aim).upper()):
            return [{**line, "actor": caster, "spell": spell.strip().lower(), "target": normalise(aim).upper()}], []
        found = post.own(normalise(aim.split()[-1]).upper(), None) if aim else "§4.4.1: cast on what?"
        if isinstance(found, str):
            found = post.enemy(aim)
        if isinstance(found, str):
            return [], [found]
        return [{**line, "actor": caster, "spell": spell.strip().lower(), "target": found.id}], []
    if verb in ("voluntary_retreat", "mounted_retreat"):
        return [{**line, "to": normalise(target).upper()}], []
    if verb == "hold":
        return [line], []
    if verb == "detach":  # `InSh* (C2-1; 1/1) - отсоединяется - aerin > C2>C1` (the character, then its path)
        who, _, path = target.partition(" > ")
        chars = [c.id for c in dv.characters(post.state, stack)]
        character = who.strip().lower() or (chars[-1] if chars else "")
        if character not in chars:
            return [], [f"§4.3.4: {character or '?'} is not joined to {stack.id} ({', '.join(chars) or 'none'})"]
        return [{**line, "character": character, **({"path": _path(post, stack, path)} if path.strip() else {})}], []
    if verb == "morale_check":  # `ArcB1_R (RA-1; 1/1) - проверка морали` (+ its 1d100), or `… - skip`
        skip = target.strip().lower() in ("skip", "пропуск", "пропускает", "нет", "no")
        return [{"choice": "morale_check", "stack": stack.id, "value": "skip" if skip else "attempt"}], []
    return [], [f"§4.2.2: {verb} is NOT YET implemented by this engine"]


def _prose(post: _Post, m: re.Match[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """«Пикинер в 3 E2 переходит в E3 и бьет Крестьян в 2» (slot first, then sector; TXT-01)."""
    sector = normalise(m["sector"]).upper()
    found = post.own(f"{sector}-{m['slot']}", _unit_word(m["unit"]))
    if isinstance(found, str):
        return [], [found]
    stack = found
    out: list[dict[str, Any]] = []
    for clause in re.split(r"\s+и\s+", m["rest"].strip()):
        cm = re.match(r"^(?P<verb>.+?)\s+(?:в\s+)?(?P<obj>(?:[А-Яа-яЁё]+\s+)?(?:в\s+)?\d+(?:\s+[A-EА-Е][1-3])?"
                      r"|[A-EА-Е][1-3])$", clause.strip())
        if cm is None:
            return [], [f"§4.2.3: cannot read {clause!r}"]
        verb = verb_of(cm["verb"])
        if verb is None:
            return [], [f"§4.2.3: {cm['verb']!r} is no verb of the table"]
        obj = cm["obj"]
        if verb in ("move", "deploy"):
            lines, problems = _order(post, stack, verb, _unit_word(m["unit"]) or "", normalise(obj).upper())
        else:
            slot = re.search(r"(\d+)(?:\s+([A-EА-Е][1-3]))?$", obj)
            assert slot is not None
            where = normalise(slot[2]).upper() if slot[2] else post.place(stack)
            lines, problems = _order(post, stack, verb, "", f"{where}-{slot[1]}")
        if problems:
            return [], problems
        out += lines
    return out, []


def _unit_word(word: str) -> str | None:
    """A Russian unit name (any case) → its card code, by the first five letters of the card's name."""
    low = word.lower()[:5]
    return next((c.code for c in tables().units.values() if c.name_ru.lower()[:5] == low), None)


def _bind_roll(post: _Post, line: str, payload: dict[str, Any]) -> str | None:
    """Give a pasted roll its purpose and unit: named on the line, else the stack of the line before (a 1d10 is
    the player's §5.8 roll and has no unit)."""
    if dicelib.parse(payload["dice"]).sides == 10:
        payload.update(purpose="stalemate")
        return None
    named = re.search(r"\b([AD]-[A-Za-z]+-\d+)\b", line)
    loc = re.search(r"\b([A-E][1-3]-\d{1,2})\b", normalise(line))
    unit = named[1] if named else None
    if unit is None and loc is not None:
        found = post.own(loc[1], None)
        unit = found.id if isinstance(found, Stack) else None
    unit = unit or post.last
    if unit is None:
        return "§4.4.3: a pasted roll follows the line of its stack or names it (D9: 7 (A-In-1))"
    spec = dicelib.parse(payload["dice"])
    if spec.sides == 100:
        payload.update(purpose="morale", unit=unit)
    elif spec.sides == 9:
        payload.update(purpose="attack", unit=unit)
    elif spec.sides == 3 and post.last_verb == "deploy" and not named:
        payload.update(purpose="sign", unit=unit, dice="1D3")
    elif post.last_verb == "shoot" or spec.sides not in (3, 9):
        payload.update(purpose="friendly_fire", unit=unit)
    else:
        payload.update(purpose="sign", unit=unit, dice="1D3")
    return None


def _step(point: Point, actor: str) -> str | None:
    for r in point.requests:
        if r.kind == "order" and r.actor == actor:
            return str(r.key_dict.get("step"))
    return None


def parse_post(text: str, point: Point, actor: str | None) -> ParsedPost:
    """The whole post as one batch: the step's order (its ledger lines), its rolls, its Phase C choices."""
    state: Battle = point.state
    side = state.side_of(actor)
    errors: list[str] = []
    lines: list[dict[str, Any]] = []
    rolls: list[Draft] = []
    choices: list[Draft] = []
    post = _Post(state, side or "A")
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        roll = parse_roll_line(line) if re.search(r"\d\s*[dDкК]\s*\d|\b[dDкК]\d", line) else None
        if roll is not None and not _DASH.search(line):
            spec = dicelib.parse(roll["dice"])
            problems = dicelib.check_result(spec, roll["result"])
            stated = roll.pop("stated_total", None)
            if not problems and stated is not None and stated != dicelib.total(spec, roll["result"]):
                problems.append(f"the dice {roll['result']} make {dicelib.total(spec, roll['result'])}, "
                                f"the post says {stated}")
            if not problems:
                roll["total"] = dicelib.total(spec, roll["result"])
                bound = _bind_roll(post, line, roll)
                if bound:
                    problems.append(bound)
            errors += [f"line {n}: {p}" for p in problems]
            if not problems:
                rolls.append(Draft("roll", roll, None, actor))
            continue
        if side is None:
            errors.append(f"line {n}: the GM's post holds only rolls and choices")
            continue
        found, problems = _line(post, line)
        errors += [f"line {n}: {p}" for p in problems]
        for f in found:
            if "choice" in f:
                choices.append(Draft("choice", {"name": f["choice"], "value": f["value"], "stack": f["stack"]},
                                     None, actor))
            else:
                lines.append({**f, "line": n})  # the post's line, for the problems the rules find later
    rolled = {r.payload.get("unit") for r in rolls if r.payload.get("purpose") == "morale"}
    choices = [c for c in choices if not (c.payload["name"] == "morale_check" and c.payload["value"] == "attempt"
                                          and c.payload["stack"] in rolled)]  # §5.5.6: the posted d100 is the attempt
    drafts: list[Draft] = []
    step = _step(point, actor) if actor else None
    said = [ln for ln in lines if ln["verb"] in ("concede", "offer_draw", "accept_draw")]
    if said:  # §4.6: anytime orders are a post of their own
        drafts.append(Draft("order", {"step": "any", "lines": said}, None, actor))
        lines = [ln for ln in lines if ln not in said]
    if lines:
        if step is None or step not in STEP_VERBS:
            errors.append("the game waits for no Phase A, B or C post from you now"
                          + (f" (it waits for: {'; '.join(r.text() for r in point.requests)})" if point.requests
                             else ""))
        else:
            drafts.append(Draft("order", {"step": step, "lines": lines}, None, actor))
    elif step in STEP_VERBS:  # a post with no order lines is the step's post all the same ("no orders")
        drafts.append(Draft("order", {"step": step, "lines": []}, None, actor))
    return ParsedPost([*drafts, *rolls, *choices], errors, [])


def parse_order(text: str, state: Battle, actor: str) -> Parsed:
    """A post's ledger lines as order lines (without the step, which the post's place in the turn gives)."""
    side = state.side_of(actor)
    if side is None:
        return Parsed(None, ["§1.1: orders come from the Attacker's or the Defender's player"])
    post = _Post(state, side)
    lines: list[dict[str, Any]] = []
    errors: list[str] = []
    for n, raw in enumerate(text.splitlines(), 1):
        if raw.strip():
            found, problems = _line(post, raw)
            lines += found
            errors += [f"line {n}: {p}" for p in problems]
    return Parsed(None if errors else {"lines": lines}, errors)


__all__ = ["parse_post", "parse_order", "SECTORS"]
