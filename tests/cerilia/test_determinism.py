"""Replaying the recorded skirmish gives the same states in separate processes with different hash seeds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import hashlib, sys, tempfile
from pathlib import Path
from cli.main import import_text
from eventlog.envelope import canonical_json
from eventlog.store import Store
from replay import driver
with tempfile.TemporaryDirectory() as tmp:
    with Store.open(Path(tmp) / "g.duckdb") as store:
        gid = next(iter(import_text(store, Path(sys.argv[1]).read_text(encoding="utf-8"), source="x")))
        game = driver.load(store, gid)
        states = [game.ruleset.state_json(driver.state_at(game, t)[0]) for t in driver.turns(game)]
print(hashlib.sha256(canonical_json(states).encode()).hexdigest())
"""


def test_replay_is_deterministic_across_processes():
    fixture = ROOT / "fixtures" / "cerilia" / "hand" / "skirmish.jsonl"
    digests = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", SCRIPT, str(fixture)], capture_output=True, text=True, env=env,
                             cwd=ROOT, check=True)
        digests.add(out.stdout.strip().splitlines()[-1])
    assert len(digests) == 1
