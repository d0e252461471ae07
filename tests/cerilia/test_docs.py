"""docs/cerilia.md: its example is the hand-written skirmish verbatim and imports cleanly; it names every resolution
type, option and choice; its traceability table covers every section, choice point, default and clarification and
names only real tests."""

from __future__ import annotations

import re
from pathlib import Path

from cli.main import import_text
from eventlog.store import Store
from replay import audit, driver
from replay.rulesets.cerilia.check import CHOICES
from replay.rulesets.cerilia.events import RESOLUTION_TYPES
from replay.rulesets.cerilia.model import OPTION_DEFAULTS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "cerilia.md").read_text(encoding="utf-8")
ABBREVIATIONS = {"sc": "test_scenarios", "ex": "test_examples", "co": "test_codes", "da": "test_data",
                 "pa": "test_parse", "sv": "test_setup_and_views", "fp": "test_frame_post", "do": "test_docs",
                 "wi": "test_widened", "dn": "test_defaults_named",
                 "rc": "test_recorded_coverage", "we": "test_worked_examples", "ru": "test_ru_messages",
                 "d10": "test_amb05_d10", "c3": "test_c3_flight_slot",
                 "rv": "test_reveal", "bi": "test_bad_input"}


def example() -> str:
    (block,) = re.findall(r"```jsonl\n(.*?)```", DOC, flags=re.S)
    return block


def test_the_example_is_the_hand_fixture_verbatim():
    assert example() == (ROOT / "fixtures" / "cerilia" / "hand" / "skirmish.jsonl").read_text(encoding="utf-8")


def test_the_example_imports_and_audits_clean(tmp_path):
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, example(), source="docs/cerilia.md")))
        game = driver.load(store, game_id)
    assert audit.audit(game).clean
    state = driver.fold(game)
    assert state.round == 3 and "D-In-1" not in state.stacks and not state.stacks["D-Arc-1"].routed


def test_the_doc_names_every_resolution_type_option_and_choice():
    for t in RESOLUTION_TYPES:
        assert f"| `{t}` |" in DOC, t
    for option, amb in OPTION_DEFAULTS.items():
        assert re.search(rf"\| `{option}` \|.*\| {amb} \|", DOC), option
    for name in CHOICES:
        assert f"| `{name}` |" in DOC, name


def test_the_traceability_table_has_every_rule_and_names_only_real_tests():
    table = DOC[DOC.index("## Rules and where they are tested"):]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    ids = {r[0].lstrip("| ").strip() for r in rows}
    assert {f"CP-{i:02d}" for i in range(1, 27)} <= ids
    assert {f"AMB-{i:02d}" for i in range(1, 63)} <= ids
    assert {f"C{i}" for i in range(1, 17)} <= ids
    assert {"§2.2", "§2.9", "§3 rule 1", "§4.2.3", "§4.3.6", "§5.3.5", "§5.4.5", "§5.4.7", "§5.9"} <= ids
    for r in rows:
        for abbr, name in re.findall(r"\b(\w\w\w?)::(test_\w+)", r[-1]):
            source = (ROOT / "tests" / "cerilia" / f"{ABBREVIATIONS[abbr]}.py").read_text(encoding="utf-8")
            assert f"def {name}(" in source, (r[0], abbr, name)
        for module, function in re.findall(r"\b([a-z_]+):([A-Za-z_]+)\b", r[-2]):
            path = ROOT / "replay" / "rulesets" / "cerilia" / f"{module}.py"
            if path.exists():
                assert re.search(rf"^(def|class) {function}\b|^{function} = ", path.read_text(encoding="utf-8"),
                                 re.M), (r[0], module, function)
