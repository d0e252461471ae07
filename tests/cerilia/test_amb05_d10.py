"""AMB-05: a forum without a D9 rolls a d10 for an attack and rolls each 10 again, every roll recorded; the first
roll below 10 is the D9. The hand-written skirmish with its round-2 attack rolls as d10s resolves exactly as with D9s,
the attack's why line (English and Russian) and its post line showing the rerolled tens ("d10 10→ reroll 4");
a 10 without its reroll waits for the next d10 (the request says so); a D9 roll of 10 is still refused."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay import driver

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "fixtures" / "cerilia" / "hand" / "skirmish.jsonl"


def _as_d10(line: str, *totals: int) -> list[str]:
    event = json.loads(line)
    out = []
    for total in totals:
        event["payload"] = {**event["payload"], "dice": "1d10", "result": [total], "total": total}
        out.append(json.dumps(event, ensure_ascii=False))
    return out


def _rolled(lines: list[str], unit: str) -> int:
    return next(n for n, line in enumerate(lines) if '"purpose": "attack"' in line and f'"unit": "{unit}"' in line)


def _fold(tmp_path: Path, name: str, lines: list[str]) -> tuple[dict, driver.Game]:
    with Store.open(tmp_path / f"{name}.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, "\n".join(lines) + "\n", source=name))))
    return game.ruleset.state_json(driver.fold(game)), game


def test_d10_rolls_with_a_rerolled_ten_resolve_as_the_d9(tmp_path: Path) -> None:
    lines = HAND.read_text(encoding="utf-8").splitlines()
    plain, _ = _fold(tmp_path, "d9", lines)
    shot, melee = _rolled(lines, "A-Arc-1"), _rolled(lines, "A-In-1")
    d9_shot, d9_melee = (json.loads(lines[k])["payload"]["total"] for k in (shot, melee))
    changed = list(lines)
    changed[melee:melee + 1] = _as_d10(lines[melee], 10, 10, d9_melee)  # two 10s rerolled (melee: need_rolls)
    changed[shot:shot + 1] = _as_d10(lines[shot], d9_shot)  # a d10 below 10 is the D9 (a shot: one roll)
    state, game = _fold(tmp_path, "d10", changed)
    assert state == plain
    attacks = {e.payload["attacker"]: e for e in game.events if e.type == "cerilia.attack" and e.turn == 2}
    melee_attack, shot_attack = attacks["A-In-1"], attacks["A-Arc-1"]
    assert melee_attack.payload["roll"] == d9_melee and melee_attack.payload["d10"] == [10, 10, d9_melee]
    assert shot_attack.payload["d10"] == [d9_shot] and "AMB-05" in melee_attack.payload["defaults"]
    assert "d10" not in attacks["D-In-1"].payload and "AMB-05" not in attacks["D-In-1"].payload["defaults"]
    (why,) = melee_attack.payload["why"]
    assert f"; D9 = {d9_melee} (d10 10→ reroll 10→ reroll {d9_melee}), card {d9_melee} (s = " in why, why
    assert f"; D9 = {d9_shot} (d10 {d9_shot}), card" in shot_attack.payload["why"][0]
    (said,) = game.ruleset.why(melee_attack.payload, "ru")
    assert f"; D9 = {d9_melee} (к10 10→ переброс 10→ переброс {d9_melee}), карта {d9_melee} (s = " in said, said
    from replay.rulesets.cerilia.post import event_line

    assert f"D9 = {d9_melee} (d10 10→ reroll 10→ reroll {d9_melee}) → card" in event_line(melee_attack, "en")
    assert f"D9 = {d9_melee} (к10 10→ переброс 10→ переброс {d9_melee}) → карточка" in event_line(melee_attack, "ru")


def test_a_ten_without_its_reroll_waits_for_the_next_d10(tmp_path: Path) -> None:
    lines = HAND.read_text(encoding="utf-8").splitlines()
    melee = _rolled(lines, "A-In-1")
    turn = json.loads(lines[melee])["turn"]
    cut = [line for line in lines if (json.loads(line).get("turn") or 0) <= turn]
    k = _rolled(cut, "A-In-1")
    cut[k:k + 1] = _as_d10(cut[k], 10)
    with Store.open(tmp_path / "w.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, "\n".join(cut) + "\n", source="wait"))))
    db = str(tmp_path / "w.duckdb")
    out = CliRunner().invoke(main, ["--db", db, "status", game.id])
    assert "1d10" in out.output and "A-In-1" in out.output and "AMB-05" in out.output, out.output


def test_a_d10_attack_roll_is_accepted_and_a_d9_ten_refused(tmp_path: Path) -> None:
    lines = HAND.read_text(encoding="utf-8").splitlines()
    melee = _rolled(lines, "A-In-1")
    log = tmp_path / "g.jsonl"
    log.write_text("\n".join(lines[:melee]) + "\n", encoding="utf-8")
    db = str(tmp_path / "g.duckdb")
    run = CliRunner().invoke
    assert run(main, ["--db", db, "import", str(log)]).exit_code == 0
    args = ["--db", db, "roll", "cerilia-skirmish", "--actor", "alice", "--purpose", "attack", "--field",
            "unit=A-In-1"]
    out = run(main, [*args[:4], "1d10", *args[4:], "--result", "10"])
    assert out.exit_code == 0, out.output
    head = run(main, ["--db", db, "head", "cerilia-skirmish"]).output
    out = run(main, [*args[:4], "D9", *args[4:], "--result", "10"])
    assert out.exit_code != 0 and "Traceback" not in out.output and "error: " in out.output, out.output
    assert run(main, ["--db", db, "head", "cerilia-skirmish"]).output == head
