"""Across the recorded fights (fixtures/skirmish/*.jsonl) every implemented maneuver of M01–M74 is declared at least
once (issue 8, "Recorded games and tests"). A maneuver counts where a recorded order names it and the engine
accepted it: the order's `maneuver` (and a double attack's defence `second`), `with_defence` (M01), a `draw` (M50),
a `grip` change (M56), and a feint chosen against a parry (M14); each must also show up in a `skirmish.declared`
or `skirmish.feint` resolution of the same log.

M74 is a rule, not a maneuver (RULES): it counts where a Slip is declared inside a grapple.

The ones not in the set are named here, each as a strict xfail with its reason: the test fails as soon as one of
them is recorded (remove it from the list) or as soon as another one goes missing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.rulesets.skirmish import data

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl"))
CATALOGUE = data.table("maneuvers")["maneuvers"]

NOT_RECORDED: dict[str, str] = {
    "M15": "no recorded fight plays a Transfer feint yet",
}
"""Maneuvers no recorded fight declares yet, with why (those not implemented are named by the catalogue)."""


def order_codes(payload: dict[str, Any]) -> set[str]:
    """The catalogue codes one recorded order declares."""
    out: set[str] = set()
    m = payload.get("maneuver")
    if m and m != "pass":  # "pass" declines the step; it is not M22 Pass (which is not implemented)
        out.add(m)
    sec = payload.get("second")
    if isinstance(sec, dict) and sec.get("maneuver"):
        out.add(sec["maneuver"])
    if payload.get("with_defence"):
        out.add("attack_with_defence")
    if payload.get("draw"):
        out.add("quick_draw")
    if payload.get("grip") or payload.get("grip_change"):
        out.add("grip_change")
    return out


RULES: dict[str, str] = {"wrestling_evasion": "slip"}
"""M74 is no maneuver of its own but the rule of L890–892 (in wrestling the only evasion is Slip; a successful Sidestep
or Slip intercepts): it is recorded where a fight declares a Slip while a grapple holds (the rule applied)."""


def grapple_changes(e: dict[str, Any]) -> list[Any]:
    return [c["value"] for c in e["payload"].get("changes", ()) if isinstance(c, dict) and c.get("op") == "grapple"]


def rules_applied(events: list[dict[str, Any]]) -> set[str]:
    """The rule-only entries (RULES) whose maneuver a fight declares inside a grapple."""
    out: set[str] = set()
    in_grapple = False
    for e in events:
        for value in grapple_changes(e):
            in_grapple = value is not None
        if e["type"] == "skirmish.declared" and in_grapple:
            out |= {code for code, m in RULES.items() if e["payload"].get("maneuver") == m}
    return out


def recorded() -> dict[str, set[str]]:
    """code -> the fights that declare it (an order the engine priced, or a feint the engine invoked)."""
    seen: dict[str, set[str]] = {}
    for path in LOGS:
        events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        accepted = {e["payload"].get("maneuver") for e in events if e["type"] == "skirmish.declared"}
        accepted |= {"feint" for e in events if e["type"] == "skirmish.feint"}
        declared_orders = [e["payload"]["order"] for e in events if e["type"] == "skirmish.declared"]
        for e in events:
            codes: set[str] = set()
            if e["type"] == "order":
                codes = order_codes(e["payload"])
            elif e["type"] == "choice" and e["payload"].get("name") == "feint" and e["payload"]["value"] != "no":
                codes = {"feint"}
            for code in codes:
                if code in accepted or any(code in order_codes(o) for o in declared_orders):
                    seen.setdefault(code, set()).add(path.stem)
        for code in rules_applied(events):
            seen.setdefault(code, set()).add(path.stem)
    return seen


SEEN = recorded()


def expected_missing(m: dict[str, Any]) -> str | None:
    if m["id"] in NOT_RECORDED:
        return NOT_RECORDED[m["id"]]
    return None if m["implemented"] else f"{m['id']} is not implemented (docs/skirmish.md: NOT YET)"


@pytest.mark.parametrize("mid", [
    pytest.param(m["id"], id=f"{m['id']}-{m['code']}", marks=[pytest.mark.xfail(strict=True, reason=why)]
                 if (why := expected_missing(m)) else [])
    for m in CATALOGUE])
def test_every_maneuver_is_declared_in_a_recorded_fight(mid):
    m = data.maneuver_by_id(mid)
    assert m["code"] in SEEN, f"{mid} {m['code']} is declared in no recorded fight (fixtures/skirmish/*.jsonl)"


def test_the_set_names_only_catalogue_codes():
    """Every maneuver the recorded orders name is a catalogue code (a misspelt one would count for nothing)."""
    assert set(SEEN) <= set(data.maneuvers())


def test_the_list_of_maneuvers_not_recorded(capsys):
    """The maneuvers of M01–M74 not in the recorded set, printed with why; every one has its reason."""
    missing = [(m["id"], m["code"], expected_missing(m)) for m in CATALOGUE if m["code"] not in SEEN]
    with capsys.disabled():
        print("\nnot in the recorded fights:", ", ".join(f"{mid} {code} ({why})" for mid, code, why in missing))
    assert all(why for _, _, why in missing)
    assert len(missing) <= 8
