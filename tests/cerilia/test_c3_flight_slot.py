"""C3 (§10, binding), AMB-13, §5.5.5: a flight that reaches the reserve names the reserve slot it enters
(`reserve_slot` on its `rout_flight` choice, required, also for a forced flight); the named slot must be the lowest
free one. The right slot is what the hand-written flight records (D-Kn-1's forced flight D3>RD in round 4 enters RD-1);
a wrong or a missing one is refused through the CLI with one line naming the rule, nothing appended; with no choice
posted the flight waits for it, the request naming the slot to give."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "fixtures" / "cerilia" / "hand" / "flight.jsonl"


def _flight_choice(lines: list[str]) -> int:
    return next(n for n, line in enumerate(lines) if '"rout_flight"' in line and '"D-Kn-1"' in line
                and json.loads(line)["turn"] == 4)


def _log(tmp_path: Path, change: dict | None, drop: bool = False) -> Path:
    lines = HAND.read_text(encoding="utf-8").splitlines()
    k = _flight_choice(lines)
    if drop:
        del lines[k]
    elif change is not None:
        event = json.loads(lines[k])
        event["payload"] = {key: v for key, v in {**event["payload"], **change}.items() if v is not None}
        lines[k] = json.dumps(event)
    log = tmp_path / "g.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return log


def cli(tmp_path: Path, *args: str):
    return CliRunner().invoke(main, ["--db", str(tmp_path / "g.duckdb"), *args])


def test_the_recorded_flight_names_the_lowest_free_slot_and_is_accepted(tmp_path: Path) -> None:
    choice = json.loads(HAND.read_text(encoding="utf-8").splitlines()[_flight_choice(
        HAND.read_text(encoding="utf-8").splitlines())])
    assert choice["payload"] == {"name": "rout_flight", "value": "D3>RD", "stack": "D-Kn-1", "reserve_slot": 1}
    out = cli(tmp_path, "import", str(HAND))
    assert out.exit_code == 0, out.output
    state = json.loads(cli(tmp_path, "state", "cerilia-flight", "--turn", "4", "--json").output)
    assert next(s for s in state["stacks"] if s["id"] == "D-Kn-1")["location"] == "RD-1"


@pytest.mark.parametrize(("change", "said", "russian"), [
    ({"reserve_slot": 2}, "§5.5.5, C3 (AMB-13): the flight of D-Kn-1 enters RD-1, the lowest free slot, not RD-2",
     "бегство D-Kn-1 входит в RD-1, первый свободный слот, а не в RD-2"),
    ({"reserve_slot": None}, "§5.5.5, C3: the flight of D-Kn-1 reaches RD: its rout_flight choice names the reserve "
                             "slot it enters (reserve_slot, the lowest free: 1)",
     "§5.5.5, C3: бегство D-Kn-1 доходит до RD: его выбор rout_flight называет слот резерва, в который он входит"),
])
def test_a_wrong_or_missing_reserve_slot_is_refused_naming_the_rule(tmp_path: Path, change, said, russian) -> None:
    log = _log(tmp_path, change)
    out = cli(tmp_path, "import", str(log))
    assert out.exit_code != 0 and "Traceback" not in out.output, out.output
    assert said in out.output
    out = CliRunner().invoke(main, ["--db", str(tmp_path / "r.duckdb"), "--lang", "ru", "import", str(log)])
    assert out.exit_code != 0 and russian in out.output, out.output


def test_without_the_choice_the_flight_waits_and_a_choice_without_the_slot_is_refused(tmp_path: Path) -> None:
    lines = HAND.read_text(encoding="utf-8").splitlines()
    k = _flight_choice(lines)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:k]) + "\n", encoding="utf-8")
    assert cli(tmp_path, "import", str(cut)).exit_code == 0
    status = cli(tmp_path, "status", "cerilia-flight").output
    assert "waiting for bob: the flight path of D-Kn-1 and the RD slot it enters (reserve_slot, the lowest free: 1; " \
           "CP-12, C3)" in status, status
    head = cli(tmp_path, "head", "cerilia-flight").output
    args = ["choose", "cerilia-flight", "rout_flight", "D3>RD", "--actor", "bob", "--field", "stack=D-Kn-1"]
    out = cli(tmp_path, *args)
    assert out.exit_code != 0 and "Traceback" not in out.output, out.output
    assert out.output.strip().splitlines() == [
        "error: §5.5.5, C3: the flight of D-Kn-1 reaches RD: its rout_flight choice names the reserve slot it enters "
        "(reserve_slot, the lowest free: 1)"], out.output
    assert cli(tmp_path, "head", "cerilia-flight").output == head  # nothing appended
    out = cli(tmp_path, *args, "--field", "reserve_slot=1")
    assert out.exit_code == 0, out.output
