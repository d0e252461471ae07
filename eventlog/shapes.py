"""The payload fields the log itself reads (game.created, rolls, seals, rulings, corrections, …), checked by kind.

Kept apart from `eventlog.jsonl` (which builds pydantic models and imports DuckDB's whole package) so that an
append (`Store.append`, `replay.play`) checks them without importing the bulk importer.
"""

from __future__ import annotations

from typing import Any

# --- the payload fields the log itself reads (the rulesets' own fields are their schemas' business) -------------

_STR, _INT, _OBJ, _LIST = "a string", "an integer", "an object", "a list"
_CORE_FIELDS: dict[str, dict[str, str]] = {
    "game.created": {"ruleset": _STR, "revision": _STR, "seed_hash": _STR, "setup": _OBJ, "options": _OBJ,
                     "dice": _OBJ},
    "roll": {"dice": _STR, "purpose": _STR, "source": _STR, "link": _STR, "result": _LIST, "total": _INT},
    "choice": {"name": _STR},
    "input.sealed": {"kind": _STR, "name": _STR, "key": _OBJ, "commitment": _STR},
    "input.revealed": {"kind": _STR, "name": _STR, "key": _OBJ, "salt": _STR},
    "order.sealed": {"commitment": _STR},
    "order.revealed": {"order": _OBJ, "salt": _STR},
    "ruling": {"events": _LIST, "note": _STR, "request": _OBJ, "override": _OBJ},
    "correction": {"events": _LIST, "note": _STR, "input": _OBJ, "replaces": _INT, "turn": _INT},
    "seed.revealed": {"seed": _STR, "epoch": _INT, "next_seed_hash": _STR},
    "turn.closed": {"unused": _LIST},
}
_MAX_TEXT = 100_000
_MAX_NUMBER = 10**15
_MAX_ITEMS = 100_000


def _kind_problem(value: Any, kind: str) -> str | None:
    """Why `value` is not of `kind` (or is beyond its bound), or None; null passes (it reads as absent)."""
    if value is None:
        return None
    if kind == _STR:
        if not isinstance(value, str):
            return f"expected {kind}, not {_json_kind(value)}"
        return None if len(value) <= _MAX_TEXT else f"longer than {_MAX_TEXT} characters"
    if kind == _INT:
        if type(value) is not int:
            return f"expected {kind}, not {_json_kind(value)}"
        return None if abs(value) <= _MAX_NUMBER else f"{value} is beyond ±{_MAX_NUMBER}"
    if kind == _OBJ:
        return None if isinstance(value, dict) else f"expected {kind}, not {_json_kind(value)}"
    if not isinstance(value, list):
        return f"expected {kind}, not {_json_kind(value)}"
    return None if len(value) <= _MAX_ITEMS else f"more than {_MAX_ITEMS} items"


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {str: "a string", int: "a number", float: "a number", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__)


def core_payload_problems(type_: str, payload: dict[str, Any]) -> list[str]:
    """Problems with the payload fields of the log's own event types (game.created, roll, seals, ruling, …).

    Each names its field (`payload.kind: expected a string, not a list`); fields a type does not name, and the
    rulesets' own event types, are left to the rules. A present field of the wrong JSON kind would otherwise
    reach code that hashes or sums it."""
    fields = _CORE_FIELDS.get(type_)
    if not fields:
        return []
    problems = []
    for name, kind in fields.items():
        if name in payload:
            problem = _kind_problem(payload[name], kind)
            if problem is not None:
                problems.append(f"payload.{name}: {problem}")
    if type_ == "roll" and isinstance(payload.get("result"), list):
        for n, die in enumerate(payload["result"]):
            problem = _kind_problem(die, _INT)
            if problem is not None:
                problems.append(f"payload.result[{n}]: {problem}")
                break
    if type_ in ("ruling", "correction") and isinstance(payload.get("events"), list):
        for n, inner in enumerate(payload["events"]):
            if not isinstance(inner, dict):
                problems.append(f"payload.events[{n}]: expected an object with type and payload, not "
                                f"{_json_kind(inner)}")
                continue
            for name, kind in (("type", _STR), ("payload", _OBJ)):
                problem = _kind_problem(inner[name], kind) if name in inner else None
                if problem is not None:
                    problems.append(f"payload.events[{n}].{name}: {problem}")
    for part in ("request", "override", "input"):
        inner = payload.get(part)
        if type_ in ("ruling", "correction") and isinstance(inner, dict):
            for name, kind in (("kind", _STR), ("name", _STR), ("key", _OBJ), ("type", _STR), ("payload", _OBJ)):
                problem = _kind_problem(inner[name], kind) if name in inner else None
                if problem is not None:
                    problems.append(f"payload.{part}.{name}: {problem}")
            actor = inner.get("actor")
            if actor is not None and not isinstance(actor, str):
                problems.append(f"payload.{part}.actor: expected a string or null, not {_json_kind(actor)}")
    return problems
