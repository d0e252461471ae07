"""`--lang ru` for the skirmish's rejections (issue 8 bad input, issue 11): every sentence a maneuver's or a check's
`problem(...)` call can raise (check.py, maneuvers/*.py, and the sentences they pass on from draw.py and the
opponent's `answers`) is found in the source, filled with sample values, and must read in Russian through the
catalogue: not marked English, no Latin word left but the fighters' ids, the numbers as they stand.

A new sentence in the source with no Russian fails here; so does an f-string field this file has no sample for."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from replay.render import i18n
from replay.ruleset import get as get_ruleset
from replay.rulesets.skirmish import check

ROOT = Path(check.__file__).parent
SOURCES = [ROOT / "check.py", ROOT / "shot.py", ROOT / "missile_defences.py",
           *sorted((ROOT / "maneuvers").glob("*.py"))]
MARK = i18n.UNTRANSLATED["ru"]
IDS = {"RAT", "VSE"}
CODES = set(check.__dict__.get("C15_CODES", ())) or {
    "helpless", "step_or_action", "skill_too_low", "condition_failed", "restricted_by_opponent",
    "weapon_used_for_parry_this_round", "out_of_reach", "difficulty_above_7", "cannot_pay", "reflex_only",
    "zone_not_allowed"}

SAMPLES: dict[str, str] = {
    # who
    "actor_id": "RAT", "actor.id": "RAT", "draft.actor": "RAT", "att.actor": "VSE", "victim.id": "VSE",
    "f.id": "RAT", "att.order.get('target')": "VSE",
    # what
    "m": "protect_ally", "order['maneuver']": "parry", "att.maneuver": "parry", "maneuver": "chop",
    "code": "kick", "entry['id']": "M22", "entry['kind']": "attack", "order['step']": "defence",
    "p['step']": "attack", "p['exchange']": "2", "PART_2[m]": check.PART_2["protect_ally"],
    "mid": "M27", "line": "L460",
    # skills and numbers
    "skill_id": "swords", "skill": "swords", "entry['min_level']": "4", "entry()['min_level']": "6",
    "actor.skill(skill_id)": "3", "f.skill(skill)": "3", "actor.skill('acrobatics')": "2",
    "actor.skill('wrestling')": "2", "actor.char('strength')": "4", "left": "2", "limit": "5",
    "value['master']": "2", "value['extraordinary']": "1", "masters_left(f, skill)": "1",
    "extraordinary_left(f)": "0", "act": "2", "pools.available(f, state.round, state.exchange)[0]": "1",
    "event.cause or event.seq": "41", "defended": "38", "r": "3", "s": "2",
    "priced['paid_R']": "4", "priced['paid_S']": "3", "priced['dice_pool']": "5", "priced['doubling']": "1",
    "priced['length_penalty']": "1", "priced['activation']": "0", "avail_r": "2", "avail_s": "3",
    "priced['difficulty']": "8", "actor.status": "helpless", "pools.pool(actor, r, e)": "R0 S0",
    # bodies, weapons, zones
    "w.id": "arming_sword", "w.type": "arming_sword", "grip": "two_hands",
    "actor.height_cm": "180", "target.height_cm": "170", "top": "250", "share": "1.5",
    "data.weapon_type(w.type)['length_cm']": "70", "zone": "head", "general": "head",
    "buy.split(':', 1)[1]": "thigh", "', '.join(data.precise_zones(general))": "forehead, face, neck",
    "state.distance": "medium", "order.get('zone')": "head",
    "' or '.join(allowed)": "thrust or chop", "', '.join(kinds)": "cut, chop, crush",
    "', '.join(long)": "arming_sword", "', '.join(data.weapon_type(w.type).get('grips', []))": "one_hand, two_hands",
    "', '.join(ETIQUETTES)": "army, criminal, police",
    "', '.join(ENVELOP)": "main_arm, off_arm, leg, legs, torso, head",
    "order.get('weapon') or ''": "arming_sword", "kind or 'strike'": "thrust", "wid": "dagger",
    "w.location": "floor", "fid": "RAT", "busy[0]": "dagger",
    'held[0]': 'arming_sword',
    "order.get('free')": 'arming_sword',
    "other": "VSE", "other.id": "VSE", "cell_text(cell)": "(1, 1)", "cells": "(0, 1), (1, 1)",
    "cell_text(where)": "(1, 1)",
    "cell_text(nxt)": "(2, 1)", "shown": "(3, 3)", "moved": "9", "speed": "7", "gone": "3",
    "value['distance']": "long",
    "answer[0].replace('_', ' ')": 'XX',
    # shot.py: the shot and the missile defences (5.6, 5.4.6, 5.4.7)
    "s.ammo": "6", "others": "VSE", "target": "VSE", "kind": "short_bow", "state.fighter(fid).stance": "lying",
    "p.metres": "190", "extreme": "180", "p.difficulty": "8", "p.paid_R": "3", "p.paid_S": "3", "buy": "zone:wing",
    "', '.join(SHOT_MANEUVERS)": "double_shot, synchronous_throw", "', '.join(classes)": "short_bow, long_bow",
    "mcode": "M80", "mv": "double_shot", "second": "VSE", "target.id": "RAT", "skill_pts": "1", "t.id": "RAT", "n": "9",
    "', '.join(DEFENCES)": "missile_dodge, missile_slip, shield_parry_missile, weapon_parry_missile",
    "value.get('weapon')": "arming_sword", "t.skill(skill_id)": "4", "tn": "8", "guard": "RAT",
    "value.get('dice') or 0": "6", "s.skill": "bows", "SHOT_LEVEL": "4", "level": "3",
    "ranged.weapon(s.weapon)['damage_type']": "cutting", "acro": "4", "f.skill('acrobatics')": "3",
    "cost_r": "5", "cost_s": "3", "far.metres": "181", "w['projectile']": "arrow", "t.load": "medium",
    "value.get('skill')": "4", "t.skill('acrobatics')": "3",
    "minimum": "3", "strength": "5", "least": "6",
    "value": "tail", "zones": "head, upper_torso, arm, lower_torso, leg", "kind_": "danger",
    "weapon": "rapier", "x": "2",
    # M87 (L1151, L559): the arrow a weapon parried
    "arrow_words(t.id, shooter, target, k)": "VSE's arrow in exchange 1",
    "arrows": "VSE's arrow in exchange 1; VSE's arrow in exchange 2", "g": "RAT", "w": "rapier", "seq0": "15",
    "arrow_words(g, fid, t0, x)": "VSE's arrow in exchange 1",
    # 4.6: a target who guards another pays his answers to one shot from one pool
    "total_r": "8", "total_s": "0", "seqs": "16, 17",
    # L555, L559: a parry variant the shield does not make (PROPOSED)
    "SHIELD_PARRY_NOT[m]": "L584",
}
"""A value for each f-string field of a problem sentence, as the rules would fill it."""

def _line(path: Path, words: str) -> int:
    """The line of the source that holds `words` (a call site moves when lines are added above it)."""
    return next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if words in text)


OVERRIDES: dict[tuple[str, int], dict[str, str]] = {
    ("attack.py", _line(ROOT / "maneuvers" / "attack.py", "attack with defence needs weapon skill 4")): {"skill": "3"},
    ("attack.py", _line(ROOT / "maneuvers" / "attack.py", "reaches at most {limit} distance")): {"limit": "short"},
    ("transfer.py", _line(ROOT / "maneuvers" / "transfer.py", "the transfer feint's phase 2 is a")): {
        "' or '.join(allowed)": "head or upper_torso", "order.get('zone')": "lower_torso"},
    ("check.py", _line(ROOT / "check.py", "is not on the {general} table")): {
        "', '.join(data.precise_zones(general))": "ear, cheeks, forehead, mouth, nose, neck, eye"},
}
"""Samples for one call site (file name, line) where a field's name means something else."""


def _render(node: ast.expr, src: str, where: tuple[str, int]) -> list[str]:
    """The sentences an argument can be: a literal, an f-string filled with samples, the branches of `a if c else b`
    and of `a + b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        out = [""]
        for part in node.values:
            if isinstance(part, ast.Constant):
                out = [o + str(part.value) for o in out]
                continue
            assert isinstance(part, ast.FormattedValue)
            expr = ast.get_source_segment(src, part.value) or ""
            samples = {**SAMPLES, **OVERRIDES.get(where, {})}
            assert expr in samples, f"{where}: no sample for the field {{{expr}}}"
            value = samples[expr]
            out = [o + (repr(value) if part.conversion == ord("r") else value) for o in out]
        return out
    if isinstance(node, ast.IfExp):
        return _render(node.body, src, where) + _render(node.orelse, src, where)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in _render(node.left, src, where) for b in _render(node.right, src, where)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rstrip":
        return [s.rstrip() for s in _render(node.func.value, src, where)]
    raise AssertionError(f"{where}: cannot read the sentence {ast.get_source_segment(src, node)!r}")


def _passed_on() -> list[str]:
    """Sentences another module hands to `problem(...)` through a variable: draw.problems (M50) and the
    opponent maneuvers' `answers` (4.7.5), rendered the same way."""
    out = []
    draw = ROOT / "draw.py"
    for path, prefix in ((draw, "condition_failed (5.4.3 M50): "), *(
            (p, "restricted_by_opponent (4.7.5): ") for p in sorted((ROOT / "maneuvers").glob("*.py")))):
        src = path.read_text(encoding="utf-8")
        for fn in ast.walk(ast.parse(src)):
            if not isinstance(fn, ast.FunctionDef) or not (fn.name == "problems" and path == draw
                                                           or fn.name.endswith("answers")):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Return) and node.value is not None:
                    values = node.value.elts if isinstance(node.value, ast.List) else [node.value]
                    for v in values:
                        if isinstance(v, ast.JoinedStr) or isinstance(v, ast.Constant) and isinstance(v.value, str):
                            out += [prefix + s for s in _render(v, src, (path.name, v.lineno))]
    return out


def sentences() -> list[tuple[str, str]]:
    """(where, the whole problem line) for every `problem(code, section, text)` call of the checks."""
    out: list[tuple[str, str]] = []
    for path in SOURCES:
        src = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(src)):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "problem"
                    and len(node.args) == 3):
                continue
            where = (path.name, node.lineno)
            code, section, text = node.args
            if isinstance(text, ast.Name):  # passed on: see _passed_on
                continue
            for c in _render(code, src, where):
                for sec in _render(section, src, where):
                    out += [(f"{path.name}:{node.lineno}", f"{c} ({sec}): {t}") for t in _render(text, src, where)]
    out += [("passed on", line) for line in _passed_on()]
    return out


def _latin(said: str) -> set[str]:
    """Latin words left in a Russian line: not the fighters' ids, the rule references (L460, M27, CP-26, A-46b,
    T-07, C6), the log's seq numbers, or the JSON a player types (quoted)."""
    said = re.sub(r'\{[^{}]*\}|"[^"]*"', "", said)  # a JSON example the player types
    said = re.sub(r"\b(?:[LMCT]\d+|CP-\d+|A-\d+b?|T-\d+)\b", "", said)
    return set(re.findall(r"[A-Za-z_]{2,}", said)) - IDS - {"docs", "skirmish", "md", "seq", "true", "false"}


def _numbers(line: str) -> list[str]:
    """The numbers of a line, rule references aside, in any order (Russian may put them elsewhere)."""
    return sorted(re.findall(r"\d+", re.sub(r"\b(?:[LMCT]\d+|CP-\d+|A-\d+b?|T-\d+)\b", "", line)))


ALL = sentences()


def test_the_scan_finds_the_checks_sentences():
    assert len(ALL) >= 130
    codes = {line.split(" (", 1)[0] for _, line in ALL}
    assert codes <= CODES and "condition_failed" in codes
    assert sum(line.startswith("condition_failed") for _, line in ALL) >= 100


@pytest.mark.parametrize("where, english", ALL, ids=[f"{w}-{i}" for i, (w, _) in enumerate(ALL)])
def test_every_rejection_reads_in_russian(where: str, english: str) -> None:
    rs = get_ruleset("skirmish")
    said = i18n.localize(english, "ru", [rs])
    assert not said.startswith(MARK), (where, english)
    assert not _latin(said), (where, english, said)
    assert _numbers(said) == _numbers(english), (where, english, said)
    assert i18n.localize(english, "en", [rs]) == english
