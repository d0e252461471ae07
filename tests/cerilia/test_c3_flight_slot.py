"""C3 (§10, binding), AMB-13: a `rout_flight` choice may name the reserve slot the flight enters (`reserve_slot`);
the named slot must be the lowest free one: the right slot changes nothing, a wrong one is refused with one line
naming the rule and nothing appended. (The hand-written flight: D-Kn-1's forced flight D3>RD in round 4 enters RD-1.)"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay import driver

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "fixtures" / "cerilia" / "hand" / "flight.jsonl"


def _with_choice(slot: int) -> list[str]:
    lines = HAND.read_text(encoding="utf-8").splitlines()
    last4 = max(n for n, line in enumerate(lines) if json.loads(line).get("turn") == 4)
    choice = {"game": "cerilia-flight", "type": "choice", "turn": 4, "actor": "bob",
              "payload": {"name": "rout_flight", "value": "D3>RD", "stack": "D-Kn-1", "reserve_slot": slot}}
    return [*lines[:last4 + 1], json.dumps(choice), *lines[last4 + 1:]]


def _state(tmp_path: Path, name: str, lines: list[str]) -> dict:
    with Store.open(tmp_path / f"{name}.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, "\n".join(lines) + "\n", source=name))))
        return game.ruleset.state_json(driver.fold(game))


def test_the_named_lowest_free_slot_is_accepted_and_changes_nothing(tmp_path: Path) -> None:
    plain = _state(tmp_path, "plain", HAND.read_text(encoding="utf-8").splitlines())
    assert _state(tmp_path, "named", _with_choice(1)) == plain


def test_a_wrong_reserve_slot_is_refused_naming_the_rule(tmp_path: Path) -> None:
    lines = _with_choice(2)
    log = tmp_path / "bad.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["--db", str(tmp_path / "g.duckdb"), "import", str(log)])
    assert out.exit_code != 0 and "Traceback" not in out.output, out.output
    assert "§5.5.5, C3 (AMB-13): the flight of D-Kn-1 enters RD-1, the lowest free slot, not RD-2" in out.output
    out = CliRunner().invoke(main, ["--db", str(tmp_path / "r.duckdb"), "--lang", "ru", "import", str(log)])
    assert "бегство D-Kn-1 входит в RD-1, первый свободный слот, а не в RD-2" in out.output, out.output
