"""docs/knights.md: its complete example is the lady fixture, verbatim, and it imports cleanly."""

from __future__ import annotations

import re
from pathlib import Path

from cli.main import import_text
from eventlog.store import Store
from replay import audit, driver
from replay.rulesets.knights.model import OPTION_DEFAULTS, RESOLUTION_TYPES

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "knights.md").read_text(encoding="utf-8")


def example() -> str:
    (block,) = re.findall(r"```jsonl\n(.*?)```", DOC, flags=re.S)
    return block


def test_the_example_is_the_lady_fixture_verbatim():
    assert example() == (ROOT / "fixtures" / "knights" / "hand" / "lady.jsonl").read_text(encoding="utf-8")


def test_the_example_imports_and_audits_clean(tmp_path):
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, example(), source="docs/knights.md")))
        game = driver.load(store, game_id)
    assert audit.audit(game).clean
    assert driver.fold(game).result["reason"] == "concession"


def test_the_doc_names_every_resolution_type_and_option():
    for t in RESOLUTION_TYPES:
        assert f"| `{t}` |" in DOC
    for option, kid in OPTION_DEFAULTS.items():
        assert re.search(rf"\| `{option}` \|.*\| {kid} \|", DOC), option


def test_the_doc_names_every_choice():
    from replay.rulesets.knights.check import CHOICES

    for name in CHOICES:
        assert f"| `{name}` |" in DOC, name


ABBREVIATIONS = {"rb": "test_rulebook", "sc": "test_scenarios", "ra": "test_rams", "tu": "test_turns",
                 "me": "test_mechanics", "oa": "test_oaths", "se": "test_setup", "ge": "test_geometry",
                 "co": "test_contact",
                 "fx": "test_fixtures", "bi": "test_bad_input"}


def test_the_traceability_table_has_every_rule_and_names_only_real_tests():
    table = DOC[DOC.index("## Rules and where they are tested"):]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    ids = {r[0].lstrip("| ").strip() for r in rows}
    assert {f"K{i}" for i in range(1, 64)} | {f"C{i}" for i in range(1, 6)} <= ids
    assert {"§0", "§1.1 field", "§3.1", "§3.2", "§5", "§6"} <= ids
    for r in rows[1:]:
        for ref in re.findall(r"(?:\b(\w\w)::|tests/knights/(\w+)\.py::)(test_\w+)", r[-1]):
            module = ABBREVIATIONS.get(ref[0], ref[1])
            source = (ROOT / "tests" / "knights" / f"{module}.py").read_text(encoding="utf-8")
            assert f"def {ref[2]}(" in source, (r[0], module, ref[2])
