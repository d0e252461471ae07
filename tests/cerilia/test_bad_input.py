"""The issue's bad-input list, through the CLI, on the hand-written skirmish after round 1 (or a fresh game for the
purchase): each input gets one error line per problem naming its rule (a section, a C or a TXT id), a non-zero exit,
and nothing is appended (the head is unchanged). The after-battle reveal that does not match its commitment is
tests/cerilia/test_reveal.py (a Phase 0 post sealed with --seal: tests/cerilia/test_purchase_reveal.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "fixtures" / "cerilia" / "hand" / "skirmish.jsonl"
RULE = re.compile(r"§\d|\bC\d{1,2}\b|TXT-\d|AMB-\d")


def cli(db: Path, *args: str):
    return CliRunner().invoke(main, ["--db", str(db), *args])


@pytest.fixture(scope="module")
def round2(tmp_path_factory) -> Path:
    """The skirmish with rounds 0 and 1 resolved; round 2 waits for the Attacker's A1 post."""
    folder = tmp_path_factory.mktemp("bad")
    log = folder / "round1.jsonl"
    log.write_text("".join(HAND.read_text(encoding="utf-8").splitlines(keepends=True)[:7]), encoding="utf-8")
    db = folder / "g.duckdb"
    assert cli(db, "import", str(log)).exit_code == 0
    return db


def refused(db: Path, *args: str) -> list[str]:
    head = cli(db, "head", "cerilia-skirmish").output
    out = cli(db, *args)
    assert out.exit_code != 0 and "Traceback" not in out.output, out.output
    lines = out.output.strip().splitlines()
    assert lines and all(line.startswith("error: ") and RULE.search(line) for line in lines), out.output
    assert cli(db, "head", "cerilia-skirmish").output == head  # nothing appended
    russian = cli(db, "--lang", "ru", *args).output.strip().splitlines()  # the same refusal, read in Russian
    assert len(russian) == len(lines) and all(line.startswith("ошибка: ") and "[англ.]" not in line
                                              for line in russian), russian
    return lines


def order(db: Path, actor: str, step: str, *lines: dict) -> list[str]:
    return refused(db, "order", "cerilia-skirmish", "--actor", actor, "--json",
                   json.dumps({"step": step, "lines": list(lines)}))


def test_an_order_for_a_unit_with_no_mp_left(round2):
    (line,) = order(round2, "alice", "A1", {"verb": "move", "actor": "A-In-1", "path": ["C1", "C2"]},
                    {"verb": "move", "actor": "A-In-1", "path": ["C2", "C3"]})
    assert "line 2 (move A-In-1): §4.3.3: C2>C3 needs 1 MP; A-In-1 has 0" in line


def test_a_move_into_the_opponents_reserve(round2):
    (line,) = order(round2, "alice", "A1", {"verb": "move", "actor": "A-Kn-1", "path": ["D1", "D2", "RD"]})
    assert "§4.3.3: RD is no sector (a reserve is entered only by rout or retreat)" in line


def test_a_charge_by_a_unit_that_cannot_charge(round2):
    (line,) = order(round2, "alice", "A1", {"verb": "declare_charge", "actor": "A-In-1", "path": ["C1", "C2", "C3"],
                                            "target": "D-In-1"})
    assert "§4.3.9: In has no charge parameter" in line


def test_a_shot_by_a_unit_without_a_missile_parameter(round2, tmp_path):
    # round 2 of the skirmish as recorded, up to the Phase B posts (the shooters are asked for theirs)
    lines = HAND.read_text(encoding="utf-8").splitlines(keepends=True)[:9]
    log = tmp_path / "round2.jsonl"
    log.write_text("".join(lines), encoding="utf-8")
    db = tmp_path / "g.duckdb"
    assert cli(db, "import", str(log)).exit_code == 0
    (line,) = order(db, "alice", "B_A", {"verb": "shoot", "actor": "A-In-1", "target": "D-In-1"})
    assert "§4.4.2: A-In-1 has no missile parameter" in line


def test_a_defender_post_the_obligation_forbids(tmp_path):
    # round 2: the Attacker's knights enter D3, where the Defender's pikemen stand free: they must engage, not leave
    lines = HAND.read_text(encoding="utf-8").splitlines(keepends=True)[:7]
    log = tmp_path / "round2.jsonl"
    log.write_text("".join(lines), encoding="utf-8")
    db = tmp_path / "g.duckdb"
    assert cli(db, "import", str(log)).exit_code == 0
    assert cli(db, "order", "cerilia-skirmish", "--actor", "alice", "--json", json.dumps(
        {"step": "A1", "lines": [{"verb": "move", "actor": "A-Kn-1", "path": ["D1", "D2", "D3"]}]})).exit_code == 0
    (line,) = order(db, "bob", "A3", {"verb": "move", "actor": "D-Pk-1", "path": ["D3", "E3"]})
    assert "§4.3.6 (obligation): 1 enemy stack(s) entered D3; at least 1 of your free stacks there (D-Pk-1) must " \
           "engage them, 0 did" in line


def test_a_morale_check_outside_the_reserve(round2):
    (line,) = refused(round2, "roll", "cerilia-skirmish", "1d100", "--actor", "alice", "--purpose", "morale",
                      "--field", "unit=A-In-1", "--result", "40")
    assert "§4.5.4: A-In-1 is not routed; a morale check is made only in the reserve after a rout" in line


def test_a_ledger_line_whose_state_code_contradicts_the_recorded_state(round2):
    (line,) = refused(round2, "post-in", "cerilia-skirmish", "--actor", "alice", "--text",
                      "InSh (C1-1; 1/1) - move - C2")
    assert "§4.2.3: the ledger says InSh but A-In-1 is InB at C1-1 in the recorded state" in line


def test_a_purchase_over_the_budget(tmp_path):
    db = tmp_path / "g.duckdb"
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"scenario": "border-skirmish", "players": {"A": "alice", "D": "bob"}}))
    assert cli(db, "new", "cerilia-skirmish", "--ruleset", "cerilia", "--setup", str(setup)).exit_code == 0
    units = [{"id": f"A-Kn-{n}", "card": "Kn"} for n in range(1, 5)]
    lines = refused(db, "order", "cerilia-skirmish", "--actor", "alice", "--json",
                    json.dumps({"step": "P0", "units": units, "salt": "s", "characters": []}))
    assert any("§3 rule 1" in line and "above the budget" in line for line in lines), lines


def test_a_deploy_over_the_budget(tmp_path):
    """§3 rule 1: the cost of the units deployed so far may not pass the total declared spent. The rulebook's players
    tell the DM only their totals (§3 P0.2): here the GM recorded Phase 0 by hand (a whole-turn ruling), A's total 3
    with a knight (6) in its pool, so the knight's first deployment is refused and the infantry's (3) is not."""
    db = tmp_path / "g.duckdb"
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"scenario": "border-skirmish", "players": {"A": "alice", "D": "bob"}}))
    assert cli(db, "new", "cerilia-skirmish", "--ruleset", "cerilia", "--setup", str(setup)).exit_code == 0

    def event(type_: str, **payload: object) -> dict:
        return {"type": f"cerilia.{type_}", "payload": {**payload, "why": ["the total as told to the DM"],
                                                         "rule": "§3 P0.2", "defaults": []}}

    ruling = tmp_path / "p0.json"
    ruling.write_text(json.dumps({"note": "GM: the players told me their totals only", "events": [
        event("purchase_committed", side="A", total_spent=3, commitment="0" * 64),
        event("pool_stocked", side="A", units=[{"id": "A-Kn-1", "card": "Kn"}, {"id": "A-In-1", "card": "In"}],
              characters=[]),
        event("purchase_committed", side="D", total_spent=3, commitment="1" * 64),
        event("pool_stocked", side="D", units=[{"id": "D-In-1", "card": "In"}], characters=[])]}))
    assert cli(db, "ruling", "cerilia-skirmish", "--file", str(ruling)).exit_code == 0
    (line,) = order(db, "alice", "A1", {"verb": "deploy", "actor": "A-Kn-1", "path": ["RA", "C1"], "sign": "Sh"})
    assert "line 1 (deploy A-Kn-1): §3 rule 1: deploying A-Kn-1 (6) brings the cost deployed to 6, above the 3 " \
           "declared spent" in line
    ok = cli(db, "order", "cerilia-skirmish", "--actor", "alice", "--json", json.dumps(
        {"step": "A1", "lines": [{"verb": "deploy", "actor": "A-In-1", "path": ["RA", "C1"], "sign": "Sh"}]}))
    assert ok.exit_code == 0, ok.output
