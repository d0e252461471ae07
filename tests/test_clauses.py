"""Issue 11, the dispute packet: each ruleset quotes its rulebook (data/clauses_ru.json), word for word, and every
rule id a recorded resolution cites finds its quote, so a packet shows the clause a ruling applied."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from replay.render.dispute import cited, cited_spans, clauses, quotes_of, rule_text
from replay.ruleset import get

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path("/work/shared/seeds")
RULESETS = ("duel", "knights", "cerilia", "warband", "skirmish")
RULE_IDS = {
    "duel": r"(?<!spec )§\d+(?:\.\d+)*",
    "knights": r"§\d+(?:\.\d+)*",
    "cerilia": r"§\d+(?:\.\d+)*",
    "warband": r"§(?!10\b)\d+(?:\.\d+)*",
    "skirmish": r"(?<![\w.])(?:\d+(?:\.\d+)+|M\d{2}|L\d+(?:-\d+)?)(?![\w.])",
}
"""The rulebook ids each ruleset writes in a resolution's `rule`. Not among them: the spec's own references, which
cite no rulebook clause (the duel's "spec §5 Step 6", the warband's clarifications "§10 C11", ids like C15, CP-02,
A-65, AR-3)."""


def recorded_rules(rs: str) -> dict[str, str]:
    """rule (as one line) -> the first recorded game and seq that cites it."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "fixtures" / rs).glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line) if line.strip() else {}
            rule = event.get("payload", {}).get("rule") if isinstance(event.get("payload"), dict) else None
            if rule:
                out.setdefault(rule_text(rule), f"{path.stem} seq {event['seq']}")
    return out


@pytest.mark.parametrize("rs", RULESETS)
def test_every_rule_id_a_recorded_resolution_cites_has_its_quote(rs: str) -> None:
    known = clauses(get(rs), "ru")
    rules = recorded_rules(rs)
    assert rules, f"no recorded {rs} resolution cites a rule"
    missing = []
    for rule, where in rules.items():
        spans = cited_spans(rule, known)
        for m in re.finditer(RULE_IDS[rs], re.sub(r"§\s+", "§", rule)):
            if not any(a <= m.start() and m.end() <= b for a, b, _ in spans):
                missing.append(f"{m.group(0)} in {rule!r} ({where})")
        # a rule quotes the rulebook, unless all it cites is the spec's own (the skirmish's SAMPLE damage model)
        assert quotes_of(get(rs), rule, "ru") or all("quote" not in known[key] for key in cited(rule, known)), (
            rule, where)
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("rs", RULESETS)
def test_every_quote_is_the_rulebooks_own_words(rs: str) -> None:
    ruleset = get(rs)
    seed_path = SEEDS / ruleset.rulebook
    if not seed_path.is_file():
        pytest.skip("the rulebook seeds are not on this machine")
    seed = " ".join(seed_path.read_text(encoding="utf-8").split())
    for key, said in clauses(ruleset, "ru").items():
        quote = said.get("quote") if isinstance(said, dict) else said
        assert quote is None or " ".join(quote.split()) in seed, key  # no quote: an id explained, not quoted
        title = said.get("title", key) if isinstance(said, dict) else key
        assert re.search(r"[а-яё]", title, re.I), f"{key}: the title says what the id means in Russian"


def test_the_specific_rule_is_quoted_over_its_heading() -> None:
    """A maneuver cited with its group ("5.4.2 M44") is quoted by the maneuver; a longer id wins over one inside it;
    "§4.3" is not "§4.3.2", nor "L60" "L605"."""
    keys = {"5.4.2": "g", "M44": "m", "L605": "l", "§3.3": "a", "§3.3 Нулевой Ход": "b", "§4.3": "c", "L60": "x"}
    assert cited(["5.4.2 M44", "L605"], keys) == ["M44", "L605"]
    assert cited(["5.4.2", "L605"], keys) == ["5.4.2", "L605"]
    assert cited("§3.3 Нулевой Ход; §3.3, §4.3.2", keys) == ["§3.3 Нулевой Ход", "§3.3"]
    skirmish = get("skirmish")
    assert [t for t, _ in quotes_of(skirmish, ["5.4.2 M44", "L605"], "ru")] == ["маневр «Захват клинка»"]
