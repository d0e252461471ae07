"""docs/skirmish.md: its complete example is the hand-written fixture, verbatim, and imports cleanly; it names
every resolution type and option; its traceability table names only real tests."""

from __future__ import annotations

import re
from pathlib import Path

from cli.main import import_text
from eventlog.store import Store
from replay import audit, driver
from replay.rulesets.skirmish import events
from replay.rulesets.skirmish.model import OPTION_DEFAULTS, SkirmishOptions

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "skirmish.md").read_text(encoding="utf-8")
ABBREVIATIONS = {"sc": "test_scenarios", "ru": "test_rules", "di": "test_dice", "ch": "test_check", "pa": "test_parse",
                 "ca": "test_catalogue", "cl": "test_cli", "ti": "test_tie", "fp": "test_frame_post",
                 "do": "test_docs", "ma": "test_maneuvers", "wr": "test_wrestling", "r3": "test_rules3",
                 "p1": "test_part1_fixes", "p8": "test_part1_rules", "p2": "test_part2",
                 "dl": "test_draw_loop_and_hilt", "pl": "test_post_loop", "gp": "test_draw_gm_price",
                 "wd": "test_wrestling_distance", "lr": "test_loop_reading",
                 "mg": "test_melee_group", "ms": "test_melee_several",
                 "sh": "test_melee_shrinks", "mr": "test_melee_retreat", "mj": "test_melee_join",
                 "sw": "test_melee_sweep", "mm": "test_melee_maneuvers",
                 "fo": "test_formation", "ff": "test_formation_fight", "fq": "test_field_parse",
                 "ps": "test_pass_through",
                 "pc": "test_part1_close", "rm": "test_ranged_moves", "fr": "test_field_parse_ranged",
                 "fs": "test_field_frame_shots", "sk": "test_status_keys", "fw": "test_field_fatigue_and_waking",
                 "rg": "test_ranged_gaps", "rf": "test_rapid_fire",
                 "rr": "test_ranged_rulings", "fm": "test_field_more",
                 "gx": "test_group_more",
                 "gg": "test_group_grapple",
                 "bg": "test_bodyguard",
                 "gl": "test_group_polish",
                 "fl": "test_field_melee",
                 "fd": "test_field_reach",
                 "cw": "test_charge_words",
                 "ml": "test_missile_last", "m2": "test_missile_more",
                 "mf": "test_missile_final", "wl": "test_wrist_loop_option", "mo": "test_missile_once",
                 "mx": "test_missile_round", "xs": "test_missile_shield", "sp": "test_shield_parry"}


def example() -> str:
    (block,) = re.findall(r"```jsonl\n(.*?)```", DOC, flags=re.S)
    return block


def test_the_example_is_the_hand_written_fixture_verbatim():
    assert example() == (ROOT / "fixtures" / "skirmish" / "hand" / "spear.jsonl").read_text(encoding="utf-8")


def test_the_example_imports_and_audits_clean(tmp_path):
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, example(), source="docs/skirmish.md")))
        game = driver.load(store, game_id)
    assert audit.audit(game).clean
    assert driver.fold(game).result == {"winner": "RAT", "out": {"VSE": "dead"}}


def test_the_doc_names_every_resolution_type_and_option():
    for t in events.EVENTS:
        assert f"| `{t}` |" in DOC, t
    for option in SkirmishOptions.model_fields:
        assert f"| `{option}` |" in DOC, option
    for option, ref in OPTION_DEFAULTS.items():
        assert re.search(rf"\| `{option}` \|.*\| {re.escape(ref)} \|", DOC), option


def test_the_traceability_table_names_only_real_tests_and_every_clarification():
    table = DOC[DOC.index("## Rules and where they are tested"):]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    ids = " ".join(r[0] for r in rows)
    for c in range(1, 19):
        assert re.search(rf"\bC{c}\b", ids), f"C{c}"
    for t in ("T-01", "T-14", "T-19", "T-21", "T-27", "S1", "S2", "S3", "S4"):
        assert t in ids
    named = 0
    for r in rows[1:]:
        for abbr, test in re.findall(r"\b(\w\w)::(test_\w+)", r[-1]):
            source = (ROOT / "tests" / "skirmish" / f"{ABBREVIATIONS[abbr]}.py").read_text(encoding="utf-8")
            assert f"def {test}(" in source, (r[0], abbr, test)
            named += 1
    assert named > 100
    for n in range(1, 75):  # every maneuver has its row
        assert re.search(rf"\bM{n:02d}\b", ids), f"M{n:02d}"
