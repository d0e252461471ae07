"""L723: in wrestling the fighters are in constant contact, the distance minimal: an attack that wins inside a grapple
does not set the distance to its weapon's length (3.7, C10) while the grapple holds. The recorded loop fight, round 3:
VSE's hilt strike with the sabre (medium) hits in the grapple, which goes on: the distance stays hand."""

from __future__ import annotations

import json
from pathlib import Path

from replay.rulesets.skirmish.messages import say_why

LOOP = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish" / "loop.jsonl"


def events():
    return [json.loads(line) for line in LOOP.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_l723_a_hilt_strike_that_wins_in_the_grapple_leaves_the_distance_hand():
    evs = events()
    ended = [e["payload"] for e in evs if e["type"] == "skirmish.exchange_ended"]
    last = ended[-1]
    assert last["distance"] == "hand", last
    assert "in wrestling the fighters are in contact: the distance stays hand, not medium (L723)" in last["why"]
    grapples = [c["value"] for e in evs for c in e["payload"].get("changes", ()) if isinstance(c, dict)
                and c.get("op") == "grapple"]
    assert grapples and grapples[-1] is not None  # the grapple still holds


def test_l723_the_distance_line_reads_in_russian():
    assert say_why("in wrestling the fighters are in contact: the distance stays hand, not medium (L723)") == \
        "в борьбе противники в постоянном соприкосновении: дистанция остаётся ручной, а не средняя (L723)"
