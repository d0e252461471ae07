"""Audit and explain: re-resolve recorded turns from their recorded inputs and compare with what was recorded.

Each turn is re-resolved from the *recorded* state before it, so one disputed ruling shows up once, in its own turn,
instead of spreading into every later turn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eventlog.envelope import Draft, Event
from eventlog.errors import ValidationError
from eventlog.store import payload_equals
from replay.context import run
from replay.fold import WHOLE, Game, initial_state, resolution_steps, turn_inputs
from replay.ruleset import Ruleset


def diff_json(
    recorded: Any, computed: Any, path: str = "", names: tuple[str, str] = ("recorded", "rules"),
    asserted_only: bool = False,
) -> list[str]:
    """Lines naming each path where two JSON values differ: `path: recorded X, rules Y`.

    With `asserted_only`, keys the recorded side leaves out are not compared (a GM ruling asserts only some fields;
    the others keep their values).
    """
    if recorded == computed:  # equal values have no differing path (a C-level walk, not one call a node)
        return []
    a, b = names
    if isinstance(recorded, dict) and isinstance(computed, dict):
        out: list[str] = []
        for key in sorted(set(recorded) | set(computed), key=str):
            sub = f"{path}.{key}" if path else str(key)
            if asserted_only and key not in recorded:
                continue
            if key not in computed:
                out.append(f"{sub}: {a} {_short(recorded[key])}, {b}: absent")
            elif key not in recorded:
                out.append(f"{sub}: {a}: absent, {b} {_short(computed[key])}")
            else:
                out += diff_json(recorded[key], computed[key], sub, names, asserted_only)
        return out
    if isinstance(recorded, list) and isinstance(computed, list) and len(recorded) == len(computed):
        out = []
        for i, (x, y) in enumerate(zip(recorded, computed, strict=True)):
            out += diff_json(x, y, f"{path}[{i}]", names, asserted_only)
        return out
    if recorded != computed:
        return [f"{path or 'value'}: {a} {_short(recorded)}, {b} {_short(computed)}"]
    return []


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 120 else text[:117] + "..."


@dataclass
class Finding:
    """One disagreement (or ruling) in a turn."""

    turn: int
    kind: str  # "differs" | "ruling" | "unresolvable"
    seq: int | None
    lines: list[str] = field(default_factory=list)
    recorded_why: list[str] = field(default_factory=list)
    computed_why: list[str] = field(default_factory=list)


@dataclass
class AuditReport:
    game: str
    ruleset: str
    turns: int = 0
    findings: list[Finding] = field(default_factory=list)
    recorded_revision: str | None = None
    """The ruleset revision game.created recorded (None: recorded before revisions existed)."""
    revision: str = ""
    """The revision the audit re-resolved under (the code and data installed now)."""

    @property
    def revision_note(self) -> str | None:
        """What to say when the game was recorded under other rules than the audit's."""
        if self.recorded_revision is None:
            return f"recorded before rulesets had revisions; re-resolved under revision {self.revision[:12]}"
        if self.recorded_revision != self.revision:
            return (f"recorded under revision {self.recorded_revision[:12]} of {self.ruleset}; re-resolved under "
                    f"revision {self.revision[:12]} (the rules or their data changed since)")
        return None

    @property
    def clean(self) -> bool:
        return not any(f.kind in {"differs", "unresolvable"} for f in self.findings)


def _stepped(game: Game) -> list[tuple[Event, list[Event]]]:
    """Each log event with resolution steps, with its steps, in log order (the steps found once per event)."""
    rs = game.ruleset
    types = rs.resolution_types
    out = []
    for e in game.events:
        if e.type in types:
            out.append((e, [e]))
        elif e.type in WHOLE:
            steps = resolution_steps(rs, e)
            if steps:
                out.append((e, steps))
    return out


def _recorded_turns(game: Game, stepped: list[tuple[Event, list[Event]]] | None = None
                    ) -> list[tuple[int, list[Event]]]:
    """Each turn that has resolutions or a ruling, with its log events of those kinds, in log order."""
    order: list[int] = []
    by_turn: dict[int, list[Event]] = {}
    for e, _ in _stepped(game) if stepped is None else stepped:
        if e.turn is None:
            continue
        if e.turn not in by_turn:
            order.append(e.turn)
            by_turn[e.turn] = []
        by_turn[e.turn].append(e)
    return [(t, by_turn[t]) for t in order]


def _in_one_run(game: Game, stepped: list[tuple[Event, list[Event]]] | None = None) -> set[int]:
    """The turns whose log events with resolution steps follow one another with no other such event between them
    (folding them is folding one stretch of the log)."""
    runs: dict[int | None, int] = {}
    last: int | None | object = object()
    for e, _ in _stepped(game) if stepped is None else stepped:
        if e.turn != last:
            runs[e.turn] = runs.get(e.turn, 0) + 1
            last = e.turn
    return {t for t, n in runs.items() if t is not None and n == 1}


def _why(payload: dict[str, Any]) -> list[str]:
    why = payload.get("why", [])
    return [str(w) for w in why] if isinstance(why, list) else [str(why)]


def audit(game: Game) -> AuditReport:
    """Re-resolve every recorded turn under the game's pinned ruleset and options; report every difference."""
    rs = game.ruleset
    report = AuditReport(game.id, rs.key, recorded_revision=game.recorded_revision, revision=rs.revision)
    stepped = _stepped(game)  # the events without steps fold to nothing and are not recorded resolutions
    recorded_turns = dict(_recorded_turns(game, stepped))
    # A ruleset that says which fields of an event its reducer reads lets a turn whose re-resolved steps equal the
    # log's in those fields keep the state the re-resolution folded: folding the log's steps would give the same.
    reads = getattr(rs, "evolve_reads", None)
    one_run = _in_one_run(game, stepped) if reads is not None and reads <= {"type", "turn", "payload"} else set()
    folded: set[int] = set()
    state = initial_state(game)
    for e, steps in stepped:
        if e.seq in folded:
            continue
        if e.turn in recorded_turns:
            recorded = recorded_turns.pop(e.turn)
            findings, after = _audit_turn(game, state, e.turn, recorded, e.turn in one_run)
            report.findings += findings
            report.turns += 1
            if after is not None:
                state = after
                folded.update(r.seq for r in recorded)
                continue
        for s in steps:
            state = rs.evolve(state, s)
    return report


def audit_turn(game: Game, state: Any, turn: int, recorded: list[Event]) -> list[Finding]:
    """Findings of one turn: its rulings, and every step where the rules and the log part ways."""
    return _audit_turn(game, state, turn, recorded)[0]


def _audit_turn(game: Game, state: Any, turn: int, recorded: list[Event],
                reuse: bool = False) -> tuple[list[Finding], Any | None]:
    """`audit_turn`, and with `reuse` the state after the turn where the rules gave the log's very steps (their
    type, turn and payload), else None."""
    rs = game.ruleset
    out = [Finding(turn, "ruling", e.seq, [f"GM ruling: {e.payload.get('note') or '(no note)'}"])
           for e in recorded if e.type == "ruling"]
    stop = run(rs.resolve, rs.evolve, state, turn, turn_inputs(game, turn), game.options, game.id)
    if stop.requests or stop.error:
        why = stop.error or "; ".join(f"waiting for {r.text()}" for r in stop.requests)
        return out + [Finding(turn, "unresolvable", recorded[0].seq, [why])], None
    computed = list(stop.drafts)
    out += [Finding(turn, "unused", e.seq, [f"seq {e.seq} ({e.type} of {e.actor or 'GM'}) was recorded but nothing "
                                           "used it"]) for e in stop.unused]
    steps: list[Event] = []
    ruled: list[bool] = []  # each step's: whether a GM ruling asserts it
    types = rs.resolution_types
    for e in recorded:
        if e.type in types:  # a recorded resolution is its own one step (`resolution_steps`; most events)
            steps.append(e)
            ruled.append(False)
            continue
        found = resolution_steps(rs, e)
        steps += found
        ruled += [e.type == "ruling"] * len(found)
    if len(steps) == len(computed) and all(s.type == d.type and payload_equals(s, d.payload)
                                           for s, d in zip(steps, computed, strict=True)):
        # the log's very steps (what `compare` finds no difference in); their turns equal too, the same folds
        same = reuse and all(s.turn == d.turn for s, d in zip(steps, computed, strict=True))
        return out, stop.state if same else None
    return out + compare(turn, steps, computed, rs, ruled), None



def compare(turn: int, recorded: list[Event], computed: list[Draft], rs: Ruleset,
            ruled: list[bool] | None = None) -> list[Finding]:
    """Recorded resolution steps against the ones the rules give, aligned by event type (so a ruling that leaves
    out or adds a step shows that step, and the others are compared with their counterparts)."""
    import difflib

    out: list[Finding] = []
    a, b = [e.type for e in recorded], [d.type for d in computed]
    # The same steps (every clean turn): one run of equal types, as SequenceMatcher would say, without building it.
    opcodes = [("equal", 0, len(a), 0, len(b))] if a == b else \
        difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                rec, com = recorded[i], computed[j]
                if rec.payload == com.payload:  # equal, why and defaults included: no path differs (most steps)
                    continue
                asserted = bool(ruled and ruled[i])
                lines = [f"step {i + 1} {rec.type}: {d}"
                         for d in diff_json(_strip(rec.payload), _strip(com.payload), asserted_only=asserted)]
                if lines:
                    out.append(Finding(turn, "differs", rec.seq, lines, _why(rec.payload), _why(com.payload)))
            continue
        for i in range(i1, i2):
            rec = recorded[i]
            out.append(Finding(turn, "differs", rec.seq, [f"step {i + 1}: the log records {rec.type}, "
                                                          "the rules give no such step here"], _why(rec.payload), []))
        for j in range(j1, j2):
            com = computed[j]
            out.append(Finding(turn, "differs", None, [f"the rules give {com.type} (their step {j + 1}), "
                                                       "the log records no such step"], [], _why(com.payload)))
    return out


def _strip(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload without its explanation fields (why, rule, defaults): what the rules decided."""
    return {k: v for k, v in payload.items() if k not in {"why", "rule", "defaults"}}


# --- explain ---------------------------------------------------------------------------------------------------

def defaults_catalogue(ruleset: Ruleset, lang: str = "en") -> dict[str, str]:
    """The spec's PROPOSED DEFAULTS of a ruleset (id -> one line), from its data/defaults.json if it has one; in
    Russian from data/defaults_ru.json where the ruleset has it."""
    import importlib

    from replay.render.text import spec_defaults

    module = importlib.import_module(type(ruleset).__module__)
    return spec_defaults(Path(module.__file__ or "").parent / "data", lang)


@dataclass
class Explanation:
    seq: int
    type: str
    turn: int | None
    headline: str
    rule: str
    why: list[str]
    defaults: list[tuple[str, str, str]]  # (id, what it says, the option and value in force, if any)
    causes: list[str]


def input_words(rs: Any, event: Any, lang: str) -> str:
    """An input as `explain` names what a resolution came from, in `lang`'s words: an order in the ruleset's
    sentences (as dispute packets say it), a roll as the forum writes it («1к100 = [71], на ставку; stake=high;
    на форуме»), anything else in the compact key=value form with values in the ruleset's words; never JSON."""
    from replay.render.dispute import SOURCE_RU, _purpose, _value_words, order_words
    from replay.render.i18n import compact, dice_ru

    payload = event.payload if isinstance(event.payload, dict) else {}
    if event.type == "roll":
        rest = {k: v for k, v in payload.items() if k not in {"dice", "result", "total", "purpose", "source", "link"}}
        return (f"{dice_ru(str(payload.get('dice')))} = {compact(payload.get('result'))}"
                + (f", {_purpose(rs, payload['purpose'], lang)}" if payload.get("purpose") else "")
                + (f"; {compact(rest, _value_words(rs, lang))}" if rest else "")
                + f"; {SOURCE_RU.get(str(payload.get('source')), str(payload.get('source')))}")
    if event.type == "order":
        return order_words(rs, event, payload.get("order", payload), lang)
    if event.type == "choice" and "name" in payload:  # the choice's name and key fields are typed as they stand
        rest = {k: v for k, v in payload.items() if k not in {"name", "value"}}
        value = payload.get("value")
        said = compact(value, _value_words(rs, lang), str(payload["name"])) if not isinstance(value, dict) else (
            "(" + compact(value, _value_words(rs, lang)) + ")")
        return f"{payload['name']} = {said}" + (f" ({compact(rest, _value_words(rs, lang))})" if rest else "")
    return compact(payload, _value_words(rs, lang))


def explain(game: Game, seq: int, lang: str = "en") -> Explanation:
    """Why the resolution at `seq` came out as it did: its arithmetic, the rule, the defaults it relied on."""
    event = next((e for e in game.events if e.seq == seq), None)
    if event is None:
        raise ValidationError(f"seq: game {game.id!r} has no event {seq}")
    rs = game.ruleset
    steps = resolution_steps(rs, event)
    if not steps:
        raise ValidationError(f"seq {seq} is a {event.type}, not a resolution; explain takes a resolution "
                              "or ruling seq (see `battlelog log`)")
    catalogue = defaults_catalogue(rs, lang)
    by_default = {v: k for k, v in rs.option_defaults.items()}
    options = game.options.model_dump(mode="json")
    why: list[str] = []
    ids: list[str] = []
    rules: list[str] = []
    from replay.render.i18n import translate_lines, why_lines

    for s in steps:
        why += why_lines(rs, s.payload, lang)
        ids += [d for d in s.payload.get("defaults", []) if d not in ids]
        if s.payload.get("rule") and s.payload["rule"] not in rules:
            rules.append(str(s.payload["rule"]))
    rules = translate_lines(rs, rules, lang)
    defaults = []
    for d in ids:
        opt = by_default.get(d)
        value = options.get(opt)  # in the log's form: true, not Python's True
        shown = value if isinstance(value, str) else json.dumps(value)
        if lang == "ru" and isinstance(value, bool):  # a switch said in words, its name (typed) beside
            shown = "да" if value else "нет"
        defaults.append((d, catalogue.get(d, ""), f"{opt} = {shown}" if opt in options else ""))
    causes = []
    cause = next((e for e in game.events if e.seq == event.cause), None) if event.cause else None
    ru = lang == "ru"
    if cause is not None:
        from replay.render.i18n import event_name

        who = cause.actor or ("ГМ" if ru else "GM")
        said = input_words(rs, cause, lang) if ru else json.dumps(cause.payload, ensure_ascii=False, sort_keys=True)
        causes.append(f"seq {cause.seq} {event_name(rs, cause.type, lang)} {'от' if ru else 'by'} {who}: {said}")
    headline = "; ".join(rs.describe(s, lang) for s in steps)
    if event.type == "ruling":
        note = event.payload.get("note") or ("без пояснения" if ru else "no note")
        headline = f"{'решение ГМ' if ru else 'GM ruling'} ({note}): {headline}"
    return Explanation(seq, event.type, event.turn, headline, "; ".join(rules), why, defaults, causes)
