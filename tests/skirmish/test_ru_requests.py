"""`--lang ru` for what the skirmish's requests ask (issue 11): every `what` a declaration, roll, choice or reveal
request of the skirmish can carry (found in the source: the `what=` of a request, a free check's words, the fifth
item of a roll ask) is filled with sample values and said through `request_text`: never English marked, no Latin word
left but the fighters' ids and what a player types (options, keys, JSON), the numbers as they stand."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from replay.context import Request
from replay.render import i18n
from replay.ruleset import get as get_ruleset
from replay.rulesets.skirmish import check

ROOT = Path(check.__file__).parent
SOURCES = [*sorted(ROOT.glob("*.py")), *sorted((ROOT / "maneuvers").glob("*.py"))]
MARK = i18n.UNTRANSLATED["ru"]

SAMPLES: dict[str, str] = {
    "step": "attack", "x": "1", "seal.seq": "12", "fid": "RAT", "i": "RAT", "t.id": "VSE", "a.id": "RAT",
    "victim.id": "VSE", "dfn.actor": "VSE", "att.actor": "RAT", "decl.actor": "RAT", "other.id": "VSE",
    "f.id": "RAT", "attacker": "RAT", "o['attack'].actor": "RAT", "w.id": "arming_sword", "item": "round_shield",
    "att.priced['weapon']": "arming_sword", "att.maneuver": "chop", "dfn.maneuver": "parry",
    "order['maneuver']": "chop", "code": "beat", "att.priced['difficulty']": "5", "dfn.priced['difficulty']": "6",
    "tns[i]": "4", "tn": "5", "tn_power": "5", "max(1, n)": "3", "pain": "2", "final": "3", "total": "4",
    "free": "3", "limit": "2", "pen_tn": "5", "p_total": "2", "piece": "gambeson", "general": "head",
    "target.stance": "lying", "zone": "head", "a.net": "3", "n": "3", "cause": "the trip",
    "rel": "6", "me.id": "RAT", "label": "Body Language by Empathy", "att.order['target']": "VSE",
    "a.order['target']": "VSE", "a.maneuver": "chop", "a.priced['difficulty']": "5", "d.actor": "VSE",
    "d.maneuver": "parry",
    "d.priced['difficulty']": "6",
    "kind": "army",
    "by.capitalize()": "Endurance", "what": "Endurance of VSE against the strangling",
    "f' ({kind})' if kind else ''": " (army)",
    "'Etiquette' if answer == 'etiquette' else 'fear by Will'": "fear by Will",
    "floor": "dagger",
    'draw.PICKUP_TN': '5',
    'wid': 'sabre', 'draw.LOOP_TN': '4',
    'on': 'fall',
    'listed': 'RAT-VSE, VSE-RAT',
    'face': '4', 'sides': '8',
    'target': 'VSE',
    'p.difficulty': '6',
    'c.net': '2',
    'o.id': 'VSE',
    "answer[0].replace('_', ' ')": 'missile dodge',
    'answer[2]': '5',
    't.stance': 'standing',
    'place': 'sleeve',
    "other": "VSE", "speed": "7", "a.actor": "RAT", "e.actor": "VSE", "e.maneuver": "chop",
    "check": "balance", "grip": "half_sword", "shown": '"agility" or "strength"', "text": "Stability (Strength)",
    't': 'VSE', 'g': 'RAT', 'mcode': 'M76', "guard['maneuver'].replace('_', ' ')": 'shield parry missile',
    "guard['difficulty']": '6',
    "net": "2", "', '.join(coming)": "VSE", "lid": "VSE",
    "used": "; RAT's rapier parried VSE's arrow at RAT in exchange 1: no other defence with it this round (M87, L1151, "
            "L559)",
}
"""A value for each f-string field of a request's words, as the rules would fill it."""


def _render(node: ast.expr, src: str, where: str) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        out = ""
        for part in node.values:
            if isinstance(part, ast.Constant):
                out += str(part.value)
                continue
            assert isinstance(part, ast.FormattedValue)
            expr = ast.get_source_segment(src, part.value) or ""
            assert expr in SAMPLES, f"{where}: no sample for the field {{{expr}}}"
            out += SAMPLES[expr]
        return [out]
    raise AssertionError(f"{where}: cannot read {ast.get_source_segment(src, node)!r}")


def asked() -> list[tuple[str, str, str]]:
    """(where, request kind, what) for every request's words in the skirmish's source."""
    out = []
    for path in SOURCES:
        src = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(src)):
            where = f"{path.name}:{getattr(node, 'lineno', 0)}"
            found: list[tuple[str, ast.expr]] = []
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                kind = "roll" if name in ("roll", "need_rolls") else "order" if name == "Request" else "choice"
                found += [(kind, kw.value) for kw in node.keywords if kw.arg == "what"
                          and not isinstance(kw.value, ast.Name)]
                if name == "check_roll" and len(node.args) >= 6:
                    found.append(("roll", node.args[5]))
            if isinstance(node, ast.Tuple) and len(node.elts) == 5 and isinstance(node.elts[3], ast.Dict) \
                    and isinstance(node.elts[4], ast.Constant | ast.JoinedStr):  # (dice, actor, purpose, key, what)
                found.append(("roll", node.elts[4]))
            for kind, value in found:
                out += [(where, kind, text) for text in _render(value, src, where)]
    return out


ALL = asked()


def test_the_scan_finds_the_requests():
    assert len(ALL) >= 55
    assert any(what.startswith("attack roll of") for _, _, what in ALL)


def _latin(said: str) -> set[str]:
    said = re.sub(r"\{[^{}]*\}|\[[^\[\]]*\]|\"[^\"]*\"", "", said)  # options, keys and JSON a player types
    said = re.sub(r"\(при вводе: [^()]*\)$", "", said)  # the key fields an answer is typed with
    said = re.sub(r"\b(?:[LMCT]\d+|CP-\d+|A-\d+b?|T-\d+)\b", "", said)
    return set(re.findall(r"[A-Za-z_]{2,}", said)) - {"RAT", "VSE", "seq"}


@pytest.mark.parametrize("where, kind, what", ALL, ids=[f"{w}-{i}" for i, (w, _, _) in enumerate(ALL)])
def test_every_request_reads_in_russian(where, kind, what):
    rs = get_ruleset("skirmish")
    request = Request(kind, "RAT", "attack" if kind == "roll" else "order", (("exchange", 1),),
                      dice="4d10" if kind == "roll" else None, what=what)
    said = i18n.request_text(request, "ru", [rs])
    assert MARK.strip() not in said, (where, what, said)
    assert not _latin(said), (where, what, said)
    numbers = re.findall(r"\d+", re.sub(r"\b(?:[LMCT]\d+|CP-\d+|A-\d+b?|T-\d+)\b|\d+d(?:6|10)\b", "", what))
    assert set(numbers) <= set(re.findall(r"\d+", said)), (where, what, said)
