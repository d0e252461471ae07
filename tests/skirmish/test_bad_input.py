"""The issue's bad-input list through `battlelog import` of a recorded fight cut short with one bad line: a declaration
out of turn order, dice beyond the pool, a maneuver below its minimum skill, a head attack out of reach, a parry with
a weapon that parried this round, a wrestling maneuver outside wrestling, a second action under the one-action rule,
a roll with the wrong number of dice, a pass (M22) with no free cell beside both or into a cell not beside both.
Each: a message naming the rule (a C15 code and a section or maneuver id), a non-zero exit, nothing appended, no
traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duckdb
import pytest
from click.testing import CliRunner

from cli.main import main

HAND = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish" / "hand"


def lines(name: str) -> list[dict]:
    return [json.loads(x) for x in (HAND / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


def order(game: str, turn: int, actor: str, **payload) -> dict:
    return {"game": f"skirmish-{game}", "type": "order", "turn": turn, "actor": actor, "payload": payload}


def roll(game: str, turn: int, actor: str, purpose: str, faces: list[int], exchange: int = 1) -> dict:
    return {"game": f"skirmish-{game}", "type": "roll", "turn": turn, "actor": actor,
            "payload": {"dice": f"{len(faces)}d10", "purpose": purpose, "result": faces, "total": sum(faces),
                        "source": "forum", "exchange": exchange}}


def attack(maneuver: str, zone: str = "upper_torso", target: str = "VSE", x: int = 1, **more) -> dict:
    return {"exchange": x, "step": "attack", "maneuver": maneuver, "target": target, "zone": zone, **more}


def tall(log: list[dict]) -> list[dict]:
    """The brawl with Vseslav 3 m tall: Ratibor's short mace cannot reach his head at medium distance."""
    created = json.loads(json.dumps(log[0]))
    created["payload"]["setup"]["fighters"][1]["height_cm"] = 300
    return [created, *log[1:]]


def dual_round_3(log: list[dict]) -> list[dict]:
    """The dual up to its round 3, exchange 2 (RAT parried both attacks of a double attack in exchange 1)."""
    k = next(i for i, e in enumerate(log) if e.get("turn") == 3 and e["payload"].get("exchange") == 2)
    return log[:k]


def apart(log: list[dict]) -> list[dict]:
    """The pass fight with Vseslav three cells away: no cell is adjacent to both (L418)."""
    created = json.loads(json.dumps(log[0]))
    created["payload"]["setup"]["fighters"][1]["cell"] = [3, 0]
    return [created, *log[1:]]


def choice(game: str, turn: int, actor: str, name: str, value, **key) -> dict:
    return {"game": f"skirmish-{game}", "type": "choice", "turn": turn, "actor": actor,
            "payload": {"name": name, "value": value, **key}}


CASES = {
    "out of turn": (lambda: lines("masters")[:3], order("masters", 1, "RAT", exchange=1, step="defence",
                                                        maneuver="parry", dice={"reflex": 1, "skill": 2}),
                    ["step_or_action (4.4"]),
    "dice beyond the pool": (lambda: lines("masters")[:3], order("masters", 1, "VSE", **attack(
        "slash", target="RAT", dice={"reflex": 6, "skill": 8})), ["cannot_pay (4.6)"]),
    "below the minimum skill": (lambda: lines("brawl")[:3], order("brawl", 1, "RAT", **attack(
        "concentrated_blow", attack_type="crush", masters=1, dice={"reflex": 1, "skill": 2})),
                                ["skill_too_low (4.8", "M13"]),
    "a head out of reach": (lambda: tall(lines("brawl"))[:3], order("brawl", 1, "RAT", **attack(
        "crush", zone="head", dice={"reflex": 1, "skill": 2})), ["out_of_reach"]),
    "a parry with a weapon that parried": (lambda: dual_round_3(lines("dual")), [
        order("dual", 3, "VSE", **attack("thrust", target="RAT", x=2, dice={"reflex": 1, "skill": 1})),
        order("dual", 3, "RAT", exchange=2, step="attack", maneuver="pass"),
        order("dual", 3, "RAT", exchange=2, step="defence", maneuver="parry", dice={"reflex": 1, "skill": 1})],
        ["weapon_used_for_parry_this_round (4.7.6"]),
    "wrestling outside wrestling": (lambda: lines("masters")[:3], order("masters", 1, "VSE", **attack(
        "pain_hold", target="RAT", dice={"reflex": 2, "skill": 0})), ["condition_failed (5.8.1", "M59"]),
    "a second action": (lambda: lines("masters")[:5], order("masters", 1, "VSE", exchange=1, step="defence",
                                                           maneuver="parry", dice={"reflex": 1, "skill": 1}),
                        ["step_or_action (4.4, A-09)"]),
    "a pass with no free cell beside both": (lambda: apart(lines("pass"))[:4], order("pass", 1, "RAT", **attack(
        "pass_through", dice={"reflex": 1, "skill": 3})), ["condition_failed (5.4.1 M22, L418)"]),
    "a pass into a cell not beside both": (lambda: lines("pass")[:10], choice(
        "pass", 1, "RAT", "pass_through", {"cell": [2, 0], "distance": "long"}, exchange=1),
        ["condition_failed (5.4.1 M22, L418)"]),
    "a roll of the wrong dice": (lambda: lines("masters")[:5], roll("masters", 1, "VSE", "attack", [9, 2, 3]),
                                 ["4d10", "3d10"]),
}


def refused_at_import(log: list[dict], said: list[str], tmp_path: Path) -> tuple[Any, str, Path]:
    """`battlelog import` of `log` is refused at its last line with a message holding each of `said`, no traceback,
    and nothing appended: (the result, the database, the log's file)."""
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(json.dumps(e, ensure_ascii=False) for e in log) + "\n", encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    out = CliRunner().invoke(main, ["--db", db, "import", str(path)])
    assert out.exit_code != 0, out.output
    assert "Traceback" not in out.output and isinstance(out.exception, SystemExit)
    assert all(line.startswith(f"error: line {len(log)} (") for line in out.output.strip().splitlines())
    for words in said:
        assert words in out.output, out.output
    if Path(db).exists():
        con = duckdb.connect(db, read_only=True)
        try:
            tables = {r[0] for r in con.execute("select table_name from information_schema.tables").fetchall()}
            assert "events" not in tables or con.execute("select count(*) from events").fetchall()[0][0] == 0
        finally:
            con.close()
    return out, db, path


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_refused_naming_the_rule_and_nothing_is_appended(case, tmp_path):
    base, bad, said = CASES[case]
    refused_at_import([*base(), *(bad if isinstance(bad, list) else [bad])], said, tmp_path)
