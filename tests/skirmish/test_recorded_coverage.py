"""Across the recorded fights (fixtures/skirmish/*.jsonl) every implemented maneuver of M01–M74 is declared at least
once (issue 8, "Recorded games and tests"). A maneuver counts where a recorded order names it and the engine
accepted it: the order's `maneuver` (and a double attack's defence `second`), `with_defence` (M01), a `draw` (M50),
a `grip` change (M56), a feint chosen against a parry (M14) and a transfer feint committed (M15, the choice
`transfer_feint`); each must also show up in a `skirmish.declared`, `skirmish.feint` or (M15) `skirmish.effect`
resolution of the same log.

M74 is a rule, not a maneuver (RULES): it counts where a Slip is declared inside a grapple.

The ones not in the set are named here, each as a strict xfail with its reason: the test fails as soon as one of
them is recorded (remove it from the list) or as soon as another one goes missing. A maneuver the rulebook never
describes (M49, A-25) is no missing recording: its test is that it is refused naming A-25."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.rulesets.skirmish import data

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl"))
CATALOGUE = data.table("maneuvers")["maneuvers"]

NOT_RECORDED: dict[str, str] = {}
"""Maneuvers no recorded fight declares yet, with why (those not implemented are named by the catalogue)."""

NEVER_DESCRIBED: dict[str, str] = {"M49": "A-25"}
"""Maneuvers the rulebook lists but never describes: no fight can record them; the honest answer is their refusal,
naming the default that disables them (test_a_maneuver_the_rulebook_never_describes_is_refused_naming_why)."""


def order_codes(payload: dict[str, Any]) -> set[str]:
    """The catalogue codes one recorded order declares."""
    out: set[str] = set()
    m = payload.get("maneuver")
    if m and m != "pass":  # "pass" declines the step; M22 Pass is "pass_through"
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
        accepted |= {"transfer_feint" for e in events if e["type"] == "skirmish.effect"
                     and e["payload"]["maneuver"] == "transfer_feint"}  # M15: revealed and applied (CP-15)
        declared_orders = [e["payload"]["order"] for e in events if e["type"] == "skirmish.declared"]
        for e in events:
            codes: set[str] = set()
            if e["type"] == "order":
                codes = order_codes(e["payload"])
            elif e["type"] == "choice" and e["payload"].get("name") == "feint" and e["payload"]["value"] != "no":
                codes = {"feint"}
            elif e["type"] == "choice" and e["payload"].get("name") == "transfer_feint":
                codes = {"transfer_feint"}  # M15 is declared as a basic attack and committed by this choice
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
    for m in CATALOGUE if m["id"] not in NEVER_DESCRIBED])
def test_every_maneuver_is_declared_in_a_recorded_fight(mid):
    m = data.maneuver_by_id(mid)
    assert m["code"] in SEEN, f"{mid} {m['code']} is declared in no recorded fight (fixtures/skirmish/*.jsonl)"


@pytest.mark.parametrize("mid", sorted(NEVER_DESCRIBED))
def test_a_maneuver_the_rulebook_never_describes_is_refused_naming_why(mid):
    """M49 «контрответ» is listed in the availability table (L221–228) and never described (A-25): no recorded fight
    can declare it; declaring it is refused naming A-25, and the catalogue says so."""
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.model import Declared, SkirmishOptions
    from tests.skirmish.kit import fight

    m = data.maneuver_by_id(mid)
    assert not m["implemented"] and NEVER_DESCRIBED[mid] in m["effect"] and m["code"] not in SEEN
    state = fight(holder="VSE", distance="long", round=1, exchange=1, step=3)
    att = Declared("VSE", 1, "attack", "chop", {"target": "RAT", "zone": "upper_torso"}, {"attack_type": "chop",
                                                                                          "weapon": "arming_sword"})
    from dataclasses import replace

    order = {"exchange": 1, "step": "defence", "maneuver": m["code"], "dice": {"skill": 2}}
    problems = check.declaration(replace(state, declared=(att,)), "RAT", order, SkirmishOptions())
    assert problems == [f"condition_failed (5.4.2 {mid}, {NEVER_DESCRIBED[mid]}): {mid} {m['code']} is listed in the "
                        "availability table but never described in the rulebook: disabled (A-25); a GM ruling may "
                        "resolve one (CP-50)"]


def test_the_set_names_only_catalogue_codes():
    """Every maneuver the recorded orders name is a catalogue code (a misspelt one would count for nothing)."""
    assert set(SEEN) <= set(data.maneuvers())


def test_the_list_of_maneuvers_not_recorded(capsys):
    """The maneuvers of M01–M74 not in the recorded set, printed with why; every one has its reason."""
    missing = [(m["id"], m["code"], NEVER_DESCRIBED.get(m["id"]) and f"never described, {NEVER_DESCRIBED[m['id']]}"
                or expected_missing(m)) for m in CATALOGUE if m["code"] not in SEEN]
    with capsys.disabled():
        print("\nnot in the recorded fights:", ", ".join(f"{mid} {code} ({why})" for mid, code, why in missing))
    assert all(why for _, _, why in missing)
    assert len(missing) <= 8


# --- the ranged maneuvers M75–M90 (5.4.6, 5.4.7): a shot's `maneuver`, its target's `defence`, its guards ---------

RANGED: dict[str, str] = {
    "M75": "jump_fall_throw", "M76": "moving_shot", "M77": "jump_shot", "M78": "grazing_shot", "M79": "through_shot",
    "M80": "double_shot", "M81": "synchronous_throw", "M82": "rapid_fire", "M83": "protect_ally_ranged",
    "M84": "shield_screen", "M85": "pendulum", "M86": "shield_parry_missile", "M87": "weapon_parry_missile",
    "M88": "missile_catch", "M89": "missile_dodge", "M90": "missile_slip"}
"""The ranged maneuvers of the spec (5.4.6, 5.4.7) by id and code; they are not in data/maneuvers.json."""

RANGED_NOT_RECORDED: dict[str, str] = {}
"""The ranged maneuvers no recorded fight applies yet, with why: none (skirmishers.jsonl records M75, M77, M78, M82,
M85, M87 and M88; archery.jsonl and volley.jsonl the others)."""


def shot_codes(payload: dict[str, Any]) -> set[str]:
    """The ranged maneuvers one recorded `skirmish.shot` applied: its own, each target's defence and screen, M83."""
    out: set[str] = set()
    if payload.get("maneuver"):
        out.add(payload["maneuver"])
    for part in (payload, payload.get("second") or {}):
        defence = part.get("defence") or {}
        if defence.get("maneuver"):
            out.add(defence["maneuver"])
        if defence.get("screen") is not None:
            out.add("shield_screen")
        if part.get("protectors"):
            out.add("protect_ally_ranged")
    return out


def ranged_recorded() -> dict[str, set[str]]:
    """code -> the fights whose shots apply it (a resolution of the engine, from a recorded order or choice)."""
    seen: dict[str, set[str]] = {}
    for path in LOGS:
        for line in path.read_text(encoding="utf-8").splitlines():
            e = json.loads(line) if line.strip() else {}
            if e.get("type") == "skirmish.shot":
                for code in shot_codes(e["payload"]):
                    seen.setdefault(code, set()).add(path.stem)
    return seen


RANGED_SEEN = ranged_recorded()


@pytest.mark.parametrize("mid", [
    pytest.param(mid, id=f"{mid}-{code}", marks=[pytest.mark.xfail(strict=True, reason=RANGED_NOT_RECORDED[mid])]
                 if mid in RANGED_NOT_RECORDED else []) for mid, code in RANGED.items()])
def test_every_ranged_maneuver_is_applied_in_a_recorded_fight(mid):
    assert RANGED[mid] in RANGED_SEEN, f"{mid} {RANGED[mid]} is applied in no recorded fight"


def test_the_ranged_set_names_only_ranged_codes():
    assert set(RANGED_SEEN) <= set(RANGED.values()) | {"shield_screen"}
