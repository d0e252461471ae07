"""§3 rule 1 (AMB-10, C15): a side's purchase list may be sealed in Phase 0 (`battlelog order --seal`) and revealed
later against its seal; a reveal whose list differs from the sealed one is refused through the CLI with a one-line
error, a non-zero exit and nothing appended.

The refusal names the seal it was checked against (its seq), and the list sealed is accepted: a Phase 0 seal is found
in turn 0 (the core once read turn 0 as "no turn" and refused every reveal there)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

SETUP = {"scenario": "border-skirmish", "players": {"A": "alice", "D": "bob"}}
SEALED = {"step": "P0", "units": [{"id": "A-Kn-1", "card": "Kn"}, {"id": "A-In-1", "card": "In"}],
          "salt": "alice-salt", "characters": [{"id": "aerin", "spells": {}}]}
OTHER = {**SEALED, "units": [{"id": "A-Kn-1", "card": "Kn"}, {"id": "A-Kn-2", "card": "Kn"}]}


def cli(db: Path, *args: str):
    return CliRunner().invoke(main, ["--db", str(db), *args])


@pytest.fixture()
def sealed(tmp_path: Path) -> tuple[Path, str]:
    db = tmp_path / "g.duckdb"
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps(SETUP), encoding="utf-8")
    assert cli(db, "new", "g", "--ruleset", "cerilia", "--setup", str(setup)).exit_code == 0
    out = cli(db, "order", "g", "--actor", "alice", "--json", json.dumps(SEALED), "--field", "step=P0", "--seal")
    assert out.exit_code == 0, out.output
    salt = next(line.split()[1] for line in out.output.splitlines() if line.startswith("salt "))
    return db, salt


def reveal(db: Path, salt: str, order: dict) -> object:
    return cli(db, "order", "g", "--actor", "alice", "--turn", "0", "--json", json.dumps(order), "--field", "step=P0",
               "--reveal", salt)


def test_a_reveal_with_another_list_is_refused_in_one_line_and_nothing_is_appended(sealed):
    db, salt = sealed
    head = cli(db, "head", "g").output
    refused = reveal(db, salt, OTHER)
    assert refused.exit_code != 0 and "Traceback" not in refused.output
    assert len(refused.output.strip().splitlines()) == 1 and refused.output.startswith("error: order.revealed")
    assert cli(db, "head", "g").output == head


def test_the_refusal_says_the_list_differs_from_its_seal_and_the_true_list_is_accepted(sealed):
    db, salt = sealed
    refused = reveal(db, salt, OTHER)
    assert "does not match the seal" in refused.output, refused.output
    assert reveal(db, salt, SEALED).exit_code == 0
