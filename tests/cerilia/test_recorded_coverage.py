"""The issue asks that across the recorded battles every verb, every card result and every choice point CP-01…CP-26
appears at least once. This reads the recorded exports themselves (fixtures/cerilia/*.jsonl): the verbs of the
posted order lines and of the choices, the results of every `cerilia.attack`, and for each CP the log evidence that
it was exercised (an input that made the decision, or the resolution that records it)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from replay.rulesets.cerilia.words import VERBS

ROOT = Path(__file__).resolve().parents[2]
Log = list[dict[str, Any]]
CHOICE_VERBS = {"rout_move": "rout_move", "fall_back": "fall_back", "morale_check": "morale_check"}
"""Phase C decisions are choices in the log (C6), spoken in a post as verbs (`бежит`, `отступает`)."""


def logs() -> dict[str, Log]:
    return {p.stem: [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line]
            for p in sorted((ROOT / "fixtures" / "cerilia").glob("*.jsonl"))}


def of(log: Log, type_: str) -> list[dict[str, Any]]:
    return [e["payload"] for e in log if e["type"] == type_]


def lines(log: Log) -> list[dict[str, Any]]:
    out = [line for p in of(log, "order") for line in p.get("lines") or []]
    return out + [line for p in of(log, "ruling") if isinstance((p.get("value") or {}), dict)
                  for line in (p.get("value") or {}).get("lines") or []]


def choices(log: Log, name: str) -> list[dict[str, Any]]:
    return [p for p in of(log, "choice") if p.get("name") == name]


def overrides(log: Log, name: str) -> list[dict[str, Any]]:
    return [p for p in of(log, "ruling") if (p.get("override") or {}).get("name") == name]


def entered(log: Log) -> set[tuple[int, str]]:
    return {(e["turn"], e["payload"]["stack"]) for e in log
            if e["type"] in ("cerilia.moved", "cerilia.deployed") and e["payload"].get("entry")}


EVIDENCE: dict[str, Callable[[Log], bool]] = {
    "CP-01": lambda g: {p["sign_method"] for p in of(g, "cerilia.deployed")} >= {"declared", "rolled"},
    "CP-02": lambda g: bool(of(g, "cerilia.terrain_placed")),
    "CP-03": lambda g: bool(of(g, "cerilia.fortification_placed")),
    "CP-04": lambda g: any(e["phase"] in ("A3", "A3_1") and (e["turn"], e["payload"]["target"]) in entered(g)
                           for e in g if e["type"] == "cerilia.melee_declared"),
    "CP-05": lambda g: any(p["how"] in ("chosen", "default") for p in of(g, "cerilia.target_chosen")),
    "CP-06": lambda g: bool(of(g, "cerilia.mounted_retreated")),
    "CP-07": lambda g: any(p["kind"] == "stationary" for p in of(g, "cerilia.attack")),
    "CP-08": lambda g: any(line.get("verb") == "shoot" for line in lines(g)),
    "CP-09": lambda g: any(p["roll"] is not None for p in of(g, "cerilia.friendly_selected")),
    "CP-10": lambda g: bool(choices(g, "fall_back")),
    "CP-11": lambda g: bool(choices(g, "rout_move")),
    "CP-12": lambda g: any(p["how"] in ("chosen", "default") for p in of(g, "cerilia.rout_fled")),
    "CP-14": lambda g: any(line.get("reserve_slot") is not None for line in lines(g))
    or any("-" in str(p.get("value")) and str(p.get("value"))[:2] in ("RA", "RD") for p in of(g, "choice")),
    "CP-13": lambda g: bool(of(g, "cerilia.retreated")),
    "CP-15": lambda g: any(not p.get("auto") for p in of(g, "cerilia.morale_checked")),
    "CP-16": lambda g: any(p["reason"] == "concession" for p in of(g, "cerilia.battle_ended")),
    "CP-17": lambda g: any(p["reason"] == "agreement" for p in of(g, "cerilia.battle_ended")),
    "CP-18": lambda g: bool(overrides(g, "battle_end")),
    "CP-19": lambda g: bool(choices(g, "stalemate_sector")),
    "CP-20": lambda g: bool(choices(g, "charge_target")),
    "CP-21": lambda g: bool(of(g, "cerilia.cast")),
    "CP-22": lambda g: bool(choices(g, "pardon")),
    "CP-23": lambda g: bool(of(g, "cerilia.joined")) and bool(of(g, "cerilia.detached")),
    "CP-24": lambda g: any(p.get("value") is False for p in overrides(g, "character_survives"))
    and any(p["fallen"] for p in of(g, "cerilia.effect")),
    "CP-25": lambda g: bool(overrides(g, "attack_result")),
    "CP-26": lambda g: any((p.get("request") or {}).get("kind") == "order" for p in of(g, "ruling")),
}


def test_every_choice_point_is_exercised_somewhere_in_the_recorded_battles():
    found = {cp: [name for name, log in logs().items() if test(log)] for cp, test in EVIDENCE.items()}
    assert set(EVIDENCE) == {f"CP-{n:02d}" for n in range(1, 27)}
    assert [cp for cp, where in found.items() if not where] == []


def test_every_verb_is_posted_somewhere_in_the_recorded_battles():
    said = {line.get("verb") for log in logs().values() for line in lines(log)}
    said |= {CHOICE_VERBS[p["name"]] for log in logs().values() for p in of(log, "choice") if p["name"] in CHOICE_VERBS}
    assert sorted(set(VERBS) - said) == []


def test_every_card_result_is_drawn_somewhere_in_the_recorded_battles():
    results = {p["result"] for log in logs().values() for p in of(log, "cerilia.attack") if p["roll"] is not None}
    assert results == {"-", "F", "H", "R", "D"}


def test_the_evidence_can_fail():
    """A log without the inputs and events of a CP shows none of it (each check looks at something real)."""
    empty: Log = []
    assert [cp for cp, test in EVIDENCE.items() if test(empty)] == []
