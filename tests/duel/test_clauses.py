"""Issue 11, the dispute packet: every rulebook section a recorded duel's resolution cites (its `rule`) has a
Russian quote in data/clauses_ru.json, and every quote is the rulebook's own words (it occurs in the seed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from replay.render.dispute import SECTION, clauses
from replay.rulesets.duel import Duel

ROOT = Path(__file__).resolve().parents[2]
SEED = Path("/work/shared/seeds/004_12c8f6fcd0af5bdf.txt")


def cited() -> set[str]:
    out: set[str] = set()
    for path in (ROOT / "fixtures" / "duel").glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            rule = json.loads(line).get("payload", {}).get("rule") if line.strip() else None
            if isinstance(rule, str):
                out |= {re.sub(r"\s+", "", m.group(0)) for m in SECTION.finditer(rule)}
    return out


def test_every_cited_section_has_a_quote() -> None:
    sections = cited()
    assert sections, "the recorded duels cite no section"
    assert sections <= set(clauses(Duel(), "ru")), sorted(sections - set(clauses(Duel(), "ru")))


def test_every_quote_is_verbatim_from_the_rulebook() -> None:
    seed = SEED.read_text(encoding="utf-8") if SEED.is_file() else None
    if seed is None:
        import pytest
        pytest.skip("the rulebook seeds are not on this machine")
    for section, said in clauses(Duel(), "ru").items():
        if isinstance(said, dict) and "quote" not in said:
            continue  # an id of the spec explained, not a clause quoted ("spec §5 Step 6", "CP-D4")
        assert (said["quote"] if isinstance(said, dict) else said) in seed, section
