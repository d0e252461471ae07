"""Input legality: an order, roll or choice is checked by resolving the open turn with it added, where resolution
stands; every rule it breaks is named (nothing is appended when there is one)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from eventlog.envelope import Draft
from replay.context import Context, MissingInput, TurnInputs, Waiting, as_event, run
from replay.rulesets.cerilia.model import Battle, CeriliaOptions

if TYPE_CHECKING:
    from replay.ruleset import Point, Ruleset

STEPS = frozenset({"P0", "A1", "A3", "A3_1", "AX1", "AX3", "AX3_1", "B_A", "B_D", "C_A", "C_D", "any", "reveal"})
ROLLS = {"sign": "1D3", "attack": "D9", "friendly_fire": None, "morale": "1d100", "stalemate": "1d10"}
CHOICES = {"melee_target": "CP-05", "rout_move": "CP-11", "fall_back": "CP-10", "rout_flight": "CP-12",
           "morale_check": "CP-15", "charge_target": "CP-20", "stalemate_sector": "CP-19", "pardon": "CP-22"}
_PROBE_SEQ = 10**12


def check_draft(ruleset: Ruleset, point: Point | None, start: Battle, inputs: TurnInputs, draft: Draft,
                options: CeriliaOptions) -> list[str]:
    problems = _shape(start, draft) or _morale(point.state if point is not None else start, draft)
    if problems:
        return problems
    turn = inputs.turn
    probe = replace(as_event("", replace(draft, turn=turn)), seq=_PROBE_SEQ)
    before = run(ruleset.resolve, ruleset.evolve, start, turn, inputs, options)
    after, used, waits = _probe(ruleset, start, turn, replace(inputs, events=(*inputs.events, probe)), options)
    if after and "; ".join(after) != before.error:
        return after  # each problem whole (a problem's own "; " is no break between problems)
    if draft.type == "order" and not used and draft.payload.get("step") != "any":
        step = str(draft.payload.get("step"))
        why = {"B_": " (§4.4: no stack of yours can shoot and no character can cast now; an engaged shooter "
                     "without its first shot, C10, fights in melee)",
               "C_": " (§4.5.3: no stack of yours may retreat voluntarily now)"}.get(step[:2], "")
        return [f"§4.1: the game does not ask for your {step} post now{why}"
                + (f" (it waits for: {'; '.join(r.text() for r in waits)})" if waits else "")]
    return []


def _probe(ruleset: Ruleset, start: Battle, turn: int, inputs: TurnInputs, options: CeriliaOptions
           ) -> tuple[list[str] | None, bool, list[Any]]:
    """Resolve with the probe added: the problems it meets, whether the probe was read, what it waits for."""
    from replay.rulesets.cerilia.steps import OrderProblems

    ctx = Context(inputs, start, ruleset.evolve, "")
    try:
        ruleset.resolve(start, turn, ctx, options)
    except Waiting as w:
        return None, _PROBE_SEQ in ctx.used, list(w.requests)
    except MissingInput as exc:
        return (exc.problems if isinstance(exc, OrderProblems) else [str(exc)]), True, []
    return None, _PROBE_SEQ in ctx.used, []


def _morale(state: Battle, draft: Draft) -> list[str]:
    """§4.5.4, §5.5.6: a morale roll is for a routed stack (in its reserve by Phase C), where resolution stands."""
    if draft.type != "roll" or draft.payload.get("purpose") != "morale":
        return []
    unit = str(draft.payload.get("unit"))
    stack = state.stacks.get(unit)
    if stack is None or not stack.routed:
        return [f"§4.5.4: {unit} is not routed; a morale check is made only in the reserve after a rout (Phase C)"]
    return []


def _shape(state: Battle, draft: Draft) -> list[str]:
    p: dict[str, Any] = draft.payload
    side = state.side_of(draft.actor)
    if draft.type == "order":
        if side is None:
            return ["§1.1: orders come from the Attacker's or the Defender's player"]
        step = p.get("step")
        if step not in STEPS:
            return [f"§4.2.1: an order names its step ({', '.join(sorted(STEPS))}), not {step!r}"]
        if step in ("A1", "A3_1", "AX1", "AX3_1") and side != "A" or step in ("A3", "AX3") and side != "D":
            return [f"§4.1: step {step} is the {'Attacker' if step not in ('A3', 'AX3') else 'Defender'}'s"]
        if step[:2] in ("B_", "C_") and step[2:] != side:
            return [f"§4.1: your Phase {step[0]} post is {step[:2]}{side}"]
        if step not in ("P0", "reveal") and not isinstance(p.get("lines"), list):
            return ["§4.2.1: a post's order holds its lines (a list)"]
        return []
    if draft.type == "roll":
        purpose = p.get("purpose")
        if purpose not in ROLLS:
            return [f"§4.4.3: rolls are {', '.join(ROLLS)}, not {purpose!r}"]
        want = ROLLS[purpose]
        d10 = purpose == "attack" and str(p.get("dice", "")).replace(" ", "").lower() in ("1d10", "d10")  # AMB-05
        if want and str(p.get("dice", "")).upper() != want.upper() and not d10:
            return [f"§4.4.3: a {purpose} roll is {want}, not {p.get('dice')}"]
        if not p.get("unit") and purpose != "stalemate":
            return [f"§4.4.3: a {purpose} roll names its unit (--field unit=A-In-1)"]
        return []
    if draft.type == "choice":
        if p.get("name") not in CHOICES:
            return [f"§5.10: the choices are {', '.join(CHOICES)}, not {p.get('name')!r}"]
        if p.get("name") == "pardon":
            return [] if p.get("character") else ["§5.9 (CP-22): a pardon names its character (--field "
                                                   "character=ilsabet)"]
        if p.get("name") == "stalemate_sector":
            return [] if p.get("forcing") == side else ["§5.8 (CP-19): a stalemate_sector choice names its forcing "
                                                         "side, yours (--field forcing=A)"]
        if not p.get("stack"):
            return [f"§5.10: a {p.get('name')} choice names its stack (--field stack=A-In-1)"]
    return []
