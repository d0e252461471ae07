"""Every recorded game gives the same states, posts, frames and audit in separate processes with different hash
seeds (PYTHONHASHSEED): set and dict orders that leak into an output show up here. The same run twice in one
process cannot find them, since both runs share one hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").glob("*/*.jsonl"))
SEEDS = ("0", "1")

SCRIPT = """
import hashlib, json, sys, tempfile
from pathlib import Path
from eventlog.envelope import canonical_json
from eventlog.store import Store
from replay import audit, driver, importing
from replay.render.text import render

out = {}
with tempfile.TemporaryDirectory() as tmp:
    for k, name in enumerate(sys.argv[1:]):
        path = Path(name)
        with Store.open(Path(tmp) / f"g{k}.duckdb") as store:
            game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
            game = driver.load(store, game_id)
            rs = game.ruleset
            parts = {"audit": [[f.kind, f.seq] for f in audit.audit(game).findings]}
            for turn in driver.turns(game):
                parts[f"state {turn}"] = rs.state_json(driver.state_at(game, turn)[0])
                if driver.turn_steps(game, turn).steps:
                    parts[f"post {turn}"] = render(rs.post(driver.turn_view(game, turn), "ru"), "bbcode")
                    parts[f"frame {turn}"] = rs.frame(driver.frame_view(game, turn))
        out[f"{path.parent.name}/{path.name}"] = hashlib.sha256(canonical_json(parts).encode()).hexdigest()
print(json.dumps(out, sort_keys=True))
"""


RANDOM_DUELS = """
import hashlib, json, random
from tests.test_properties import ITEMS, record_legal_prefix

rng = random.Random(20261201)
logs = []
for _ in range(40):
    turns = []
    for _ in range(rng.randint(1, 5)):
        stacks = [[rng.choice(ITEMS) for _ in range(6)] for _ in "AB"]
        stakes = [rng.choice(["low", "high", "all_in"]) for _ in "AB"]
        turns.append((*stacks, *stakes, rng.randint(1, 100), rng.randint(1, 100)))
    logs.append([e.hash for e in record_legal_prefix(turns)])
print(hashlib.sha256(json.dumps(logs).encode()).hexdigest())
"""
"""The property of tests/test_properties.py (recording the same inputs gives the same log) on 40 random duels,
drawn from a fixed seed so that every process records the same ones."""


def _run(script: str, args: list[str]) -> dict[str, str]:
    """The script's JSON output under each hash seed, the processes run side by side."""
    procs = {}
    for seed in SEEDS:
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        procs[seed] = subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    outs = {}
    for seed, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, stderr[-2000:]
        outs[seed] = stdout.strip().splitlines()[-1]
    return outs


def test_the_harness_sees_a_hash_seed_dependence():
    """The check below can fail: an output that depends on the hash seed differs between these processes."""
    outs = _run("import json; print(json.dumps(list({'duel', 'knights', 'cerilia', 'warband', 'skirmish'})))", [])
    assert len(set(outs.values())) > 1


def test_every_recorded_game_is_the_same_under_every_hash_seed():
    outs = _run(SCRIPT, [str(p) for p in FIXTURES])
    digests = {seed: json.loads(out) for seed, out in outs.items()}
    first = digests[SEEDS[0]]
    assert len(first) == len(FIXTURES)
    for seed, found in digests.items():
        differ = sorted(name for name in first if found.get(name) != first[name])
        assert not differ, f"PYTHONHASHSEED={seed} changes {differ}"


def test_random_duels_record_the_same_log_under_every_hash_seed():
    outs = _run(RANDOM_DUELS, [])
    assert len(set(outs.values())) == 1, outs
