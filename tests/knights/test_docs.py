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
    from replay.rulesets.knights.resolve import CHOICES

    for name in CHOICES:
        assert f"| `{name}` |" in DOC, name
