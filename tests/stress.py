"""Writers racing and imports killed: the two stress loops behind tests/test_stress.py and bench/stress.py.

`python -m tests.stress race --writers 2 --appends 150` — writer processes append to one game at once, each
opening the database for every append as a battlelog command does (`--burst N`: N appends per open), waiting for
the lock and retrying a lost race for the next seq; afterwards the chain must verify (0 forks) and every append a
writer was told succeeded must be in the log with its hash (0 lost).

`python -m tests.stress kill --kills 50 --turns 1000` — `battlelog import` of an exported log of two games is
SIGKILLed at a random moment, again and again, into one database, until `--kills` kills have landed while it ran;
after every kill the database must open, and each round's games must be both absent or both whole and verified
(0 partial games, 0 half-imported logs).

Each prints one line of figures and exits 1 if anything was lost, forked or left partial.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from eventlog.envelope import Draft
from eventlog.errors import ConflictError, LockedError
from eventlog.jsonl import chain, export_lines, parse_lines
from eventlog.store import Store

ROOT = Path(__file__).resolve().parent.parent
TOY = "tests.core.toy"
"""The toy ruleset (guess the coin) the loops play: registered in a battlelog process through BATTLELOG_RULESETS."""


def environment() -> dict[str, str]:
    """A battlelog subprocess's environment: this checkout first on the path, the toy ruleset registered."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["BATTLELOG_RULESETS"] = TOY
    return env


# --- writers racing --------------------------------------------------------------------------------------------

def write(db: str, game: str, appends: int, tag: str, burst: int = 1) -> None:
    """One writer: `appends` events, each its own transaction, `burst` of them per open of the database (1: one
    open–append–close each, as battlelog commands do); prints "seq hash marker" per acknowledged append."""
    done = 0
    while done < appends:
        try:
            with Store.open(db, retry_seconds=60) as store:
                for _ in range(min(burst, appends - done)):
                    marker = f"{tag}-{done}"
                    try:
                        draft = Draft("order", {"marker": marker}, 1, tag)
                        event = store.append(game, store.next_seq(game), [draft])[0]
                    except ConflictError:
                        continue
                    print(event.seq, event.hash, marker, flush=True)
                    done += 1
        except LockedError:
            continue


def race(db: str, writers: int, appends: int, burst: int = 1) -> dict[str, int]:
    """Run `writers` writer processes at once on a fresh game; return the figures (forks and lost must be 0)."""
    with Store.open(db) as store:
        store.append("race", 1, [Draft("game.created", {"ruleset": "toy@1", "options": {},
                                                        "setup": {"players": ["A", "B"], "turns": 1}})])
    procs = [subprocess.Popen([sys.executable, "-m", "tests.stress", "writer", db, "race", str(appends), f"w{i}",
                               "--burst", str(burst)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment(),
                              cwd=ROOT)
             for i in range(writers)]
    acknowledged: list[tuple[int, str, str]] = []
    for proc in procs:
        out, _ = proc.communicate(timeout=600)
        if proc.returncode != 0:
            raise RuntimeError(f"a writer failed with exit code {proc.returncode}")
        acknowledged += [(int(seq), digest, marker) for seq, digest, marker in (line.split() for line in
                                                                                  out.splitlines())]
    with Store.open(db) as store:
        events = {e.seq: e for e in store.events("race")}
        store.verify("race")  # raises ChainError on a fork or a gap
    lost = sum(1 for seq, digest, marker in acknowledged
               if seq not in events or events[seq].hash != digest or events[seq].payload.get("marker") != marker)
    seqs = [seq for seq, _, _ in acknowledged]
    return {"writers": writers, "appends": len(acknowledged), "events": len(events),
            "forks": len(seqs) - len(set(seqs)), "lost": lost}


# --- imports killed --------------------------------------------------------------------------------------------

def toy_hand(turns: int, seed: int = 7) -> list[str]:
    """A hand-written toy game of `turns` turns: the orders and the GM's forum roll of each turn (no seq, no hash)."""
    lines = [json.dumps({"game": "t", "type": "game.created", "at": "2026-03-01T20:00:00Z", "payload": {
        "ruleset": "toy@1", "setup": {"players": ["A", "B"], "turns": turns}, "dice": {"policy": "forum"}}})]
    rng = random.Random(seed)
    for turn in range(1, turns + 1):
        lines += [json.dumps({"game": "t", "type": "order", "turn": turn, "actor": actor,
                              "payload": {"guess": rng.choice(["heads", "tails"])}}) for actor in ("A", "B")]
        die = rng.randint(1, 2)
        lines.append(json.dumps({"game": "t", "type": "roll", "turn": turn, "payload": {
            "dice": "1d2", "purpose": "coin", "result": [die], "total": die, "source": "forum"}}))
    return lines


def toy_log(turns: int) -> list[str]:
    """The exported lines of a toy game of `turns` turns (orders, a forum roll, resolution, turn.closed each)."""
    import tests.core.toy  # noqa: F401  (registers the toy ruleset in this process)
    from replay.importing import record

    lines = toy_hand(turns)
    imported = record(parse_lines(lines, source="toy"), at="2026-03-01T20:00:00Z")
    if imported.requests:  # a tie at the end waits for the GM's tiebreak
        lines.append(json.dumps({"game": "t", "type": "choice", "turn": turns,
                                 "payload": {"name": "tiebreak", "value": "A"}}))
        imported = record(parse_lines(lines, source="toy"), at="2026-03-01T20:00:00Z")
    assert not imported.requests and imported.over
    return list(export_lines(imported.events))


def renamed(lines: list[str], game: str) -> list[str]:
    """The same exported game under another id (rechained: the id is in every hash)."""
    raw = [r.model_copy(update={"game": game, "seq": None, "prev": None, "hash": None, "v": None})
           for r in parse_lines(lines, source="toy")]
    return list(export_lines(chain(raw, head=None, now="2026-03-01T20:00:00Z")))


def kill_loop(db: str, kills: int, turns: int, work: Path, seed: int = 1) -> dict[str, int]:
    """Import two-game logs into `db` and SIGKILL each import at a random moment; return the figures."""
    base = toy_log(turns)
    rng = random.Random(seed)
    env = environment()
    figures = {"kills": 0, "rounds": 0, "committed": 0, "absent": 0, "partial": 0, "events": len(base)}
    took = None
    for round_ in range(4 * kills + 1):  # until `kills` kills have landed mid-import (an import may finish first)
        if round_ and figures["kills"] >= kills:
            break
        games = [f"k{round_}a", f"k{round_}b"]
        path = work / f"round{round_}.jsonl"
        path.write_text("\n".join(renamed(base, games[0]) + renamed(base, games[1])) + "\n", encoding="utf-8")
        command = [sys.executable, "-m", "cli.main", "--db", db, "--wait", "60", "import", str(path)]
        start = time.monotonic()
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        if took is None:  # the first round runs whole: its time scales the kills
            _, err = proc.communicate(timeout=600)
            if proc.returncode != 0:
                raise RuntimeError(f"the import failed: {err.decode(errors='replace')}")
            took = time.monotonic() - start
        else:
            time.sleep(rng.uniform(0.05, 0.95) * took)
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                figures["kills"] += 1
            proc.communicate(timeout=600)
        figures["rounds"] += 1
        path.unlink()
        with Store.open(db, retry_seconds=60) as store:
            counts = [store.count(game) for game in games]
            for game, count in zip(games, counts, strict=True):
                if count:
                    store.verify(game)
        if counts == [len(base)] * 2:
            figures["committed"] += 1
        elif counts == [0, 0]:
            figures["absent"] += 1
        else:
            figures["partial"] += 1
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.stress", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    writer = sub.add_parser("writer")
    writer.add_argument("db")
    writer.add_argument("game")
    writer.add_argument("appends", type=int)
    writer.add_argument("tag")
    writer.add_argument("--burst", type=int, default=1)
    racing = sub.add_parser("race", help="writer processes racing for one game")
    racing.add_argument("--writers", type=int, default=2)
    racing.add_argument("--appends", type=int, default=150, help="appends per writer")
    racing.add_argument("--burst", type=int, default=1, help="appends per open of the database (1: as commands do)")
    racing.add_argument("--db", default=None)
    killing = sub.add_parser("kill", help="imports SIGKILLed at random moments")
    killing.add_argument("--kills", type=int, default=50)
    killing.add_argument("--turns", type=int, default=1000, help="turns of each imported game (5 events a turn)")
    killing.add_argument("--db", default=None)
    args = parser.parse_args(argv)
    if args.command == "writer":
        write(args.db, args.game, args.appends, args.tag, args.burst)
        return 0
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "stress.duckdb")
        if args.command == "race":
            figures = race(db, args.writers, args.appends, args.burst)
            bad = figures["forks"] or figures["lost"]
        else:
            figures = kill_loop(db, args.kills, args.turns, Path(tmp))
            bad = figures["partial"]
    print(" ".join(f"{k}={v}" for k, v in figures.items()))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
