"""What loading the knights, cerilia and warband rulesets and a knights and a warband game's point commands cost.

Usage: python bench/rulesets.py BEFORE [AFTER] [--runs 7] [--json]

Whole processes, each checkout in turn, `--runs` rounds (interleaved); per checkout the median wall time, the median
CPU time (user + system of the process, from wait4: the figure a busy machine disturbs least) and the peak RSS.

- `bare`: `python -c pass`; `battlelog --help` (start-up); `import X`: `python -c "import replay.rulesets.X"` for
  knights, cerilia, warband.
- the recorded knights battle (fixtures/knights/battle.jsonl), imported by EACH checkout's own `battlelog import`
  into its own database (not timed; checkpoints are keyed by the ruleset's revision): `state --json` of the whole
  battle (440 events, over), and of the battle cut after alice's order of turn 12 (233 events: turn 12 open, bob's
  order missing; the state resolves the open turn as far as its inputs go); `order` of bob's recorded order of
  turn 12 (it drops a Lady, so pydantic reads it) and of a plain one (`{"action": "full_ahead", "knight": "b1"}`),
  each on a fresh copy of the cut battle's database.
- the recorded warband game fixtures/warband/nightfall.jsonl, likewise: `state --json` of the whole game (97 events,
  over) and of the game cut after A's movement order of turn 2 (67 events: turn 2 open, B's order missing); `order`
  of B's recorded movement order of turn 2 (`{"moves": [], "stage": "movement"}`) on a fresh copy of the cut game.

Both checkouts are `compileall`-ed first (this environment sets PYTHONDONTWRITEBYTECODE=1).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from startup import battlelog, run  # noqa: E402

GAME = "knights-battle"
CUT = 233  # events: turn 12 open, alice's order in
RECORDED = json.dumps({"action": "full_ahead", "knight": "b3",
                       "lady_drop": {"carrier": "b3", "timing": "before_execution"}})
PLAIN = json.dumps({"action": "full_ahead", "knight": "b1"})
WARBAND = "warband-nightfall"
WARBAND_CUT = 67  # events: turn 2 open, A's movement order in
WARBAND_ORDER = json.dumps({"moves": [], "stage": "movement"})


def prepare(trees: dict[str, Path], work: Path, game: str = "knights/battle.jsonl",
            cut_at: int = CUT) -> tuple[dict[str, Path], dict[str, Path]]:
    """Per checkout: its database of the whole game and of the cut one (its own import of each)."""
    battle = HERE.parent / "fixtures" / game
    stem = battle.stem
    cut = work / f"{stem}-cut.jsonl"
    cut.write_text("".join(battle.read_text(encoding="utf-8").splitlines(keepends=True)[:cut_at]), encoding="utf-8")
    whole, open_ = {}, {}
    for label, tree in trees.items():
        whole[label], open_[label] = work / f"{label}-{stem}-whole.duckdb", work / f"{label}-{stem}-open.duckdb"
        for db, log in ((whole[label], battle), (open_[label], cut)):
            _, _, _, rc, err = run(battlelog("--db", str(db), "import", str(log)), tree)
            if rc:
                raise SystemExit(f"{label}: import of {log.name} failed: {err}")
    return whole, open_


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default=str(HERE.parent))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    trees = {"before": Path(args.before).resolve(), "after": Path(args.after).resolve()}
    for tree in trees.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", "-x", r"\.venv|bench/out", str(tree)], check=True,
                       env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""}, stdout=subprocess.DEVNULL)
    rows: dict[str, dict[str, list[tuple[float, float, float, int, str]]]] = {}
    with tempfile.TemporaryDirectory(prefix="battlelog-rulesets-") as tmp:
        work = Path(tmp)
        whole, open_ = prepare(trees, work)
        w_whole, w_open = prepare(trees, work, "warband/nightfall.jsonl", WARBAND_CUT)

        def fresh(label: str, k: int, source: dict[str, Path] = open_) -> str:
            to = work / f"copy-{label}-{k}.duckdb"
            to.unlink(missing_ok=True)
            shutil.copy(source[label], to)
            return str(to)

        commands: dict[str, Callable[[str, int], list[str]]] = {
            "bare interpreter (python -c pass)": lambda label, k: [sys.executable, "-c", "pass"],
            "battlelog --help": lambda label, k: battlelog("--help"),
            **{f"import replay.rulesets.{rs}": (lambda rs: lambda label, k: [
                sys.executable, "-c", f"import replay.rulesets.{rs}"])(rs)  # noqa: B023 (bound by the outer lambda)
               for rs in ("knights", "cerilia", "warband")},
            "knights state --json (whole battle, over)": lambda label, k: battlelog(
                "--db", str(whole[label]), "state", GAME, "--json"),
            "knights state --json (turn 12 open)": lambda label, k: battlelog(
                "--db", str(open_[label]), "state", GAME, "--json"),
            "knights order (bob's recorded, a Lady drop)": lambda label, k: battlelog(
                "--db", fresh(label, k), "order", GAME, "--actor", "bob", "--json", RECORDED),
            "knights order (a plain one)": lambda label, k: battlelog(
                "--db", fresh(label, k), "order", GAME, "--actor", "bob", "--json", PLAIN),
            "warband state --json (nightfall, over)": lambda label, k: battlelog(
                "--db", str(w_whole[label]), "state", WARBAND, "--json"),
            "warband state --json (turn 2 open)": lambda label, k: battlelog(
                "--db", str(w_open[label]), "state", WARBAND, "--json"),
            "warband order (B's recorded movement order)": lambda label, k: battlelog(
                "--db", fresh(label, k, w_open), "order", WARBAND, "--actor", "B", "--json", WARBAND_ORDER),
        }
        for name, make in commands.items():
            rows[name] = {label: [] for label in trees}
            for k in range(args.runs):
                for label, tree in trees.items():
                    result = run(make(label, k), tree)
                    if result[3]:
                        raise SystemExit(f"{name} ({label}) failed: {result[4]}")
                    rows[name][label].append(result)
            print(f"{name}: done", file=sys.stderr)
    out = {name: {label: {"wall_ms": statistics.median(r[0] for r in runs),
                          "cpu_ms": statistics.median(r[1] for r in runs),
                          "cpu_ms_all": sorted(round(r[1], 1) for r in runs),
                          "rss_mb": statistics.median(r[2] for r in runs)}
                  for label, runs in per.items()} for name, per in rows.items()}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    for name, per in out.items():
        print(name)
        for label, f in per.items():
            print(f"  {label:6} wall {f['wall_ms']:7.1f} ms  CPU {f['cpu_ms']:7.1f} ms {f['cpu_ms_all']}  "
                  f"RSS {f['rss_mb']:5.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
