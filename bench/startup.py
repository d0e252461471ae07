"""Start-up, point commands and knights frames of two checkouts, interleaved, as whole processes.

Usage: python bench/startup.py BEFORE [AFTER] [--runs 7] [--events 100000] [--frames-only] [--json]

Each row runs every checkout in turn, `--runs` rounds; per checkout it prints the median wall time, the median CPU
time (user + system of the process, from wait4: the figure a busy machine disturbs least) and the peak RSS.

- `bare`: `python -c pass`; `help`: `battlelog --help`.
- `state --turn LATE`, `order --json`, `roll --result`, `resolve`, `post`, `render`: on the bench duel
  (`bench.duel_jsonl`), imported by EACH checkout's own `battlelog import` into its own database first (not
  timed): checkpoints are keyed by the ruleset's revision, so a database written by one checkout's code has no
  checkpoint another checkout's duel can read, and that checkout would replay the whole game. `order` runs on a
  fresh copy of the database, `roll` on a fresh copy that already holds A's order (the roll comes after the
  order), `resolve` on a fresh copy whose open turn has both orders and both stake rolls (it closes that turn);
  `post` writes the open turn's provisional post (A's order in), `render` the SVG frame of the latest closed turn.
- knights frames: `--_frames TREE` in a process of that checkout: the recorded battle
  (fixtures/knights/battle.jsonl) loaded, then CPU time (`time.process_time`) of: the last step of its latest
  turn drawn the first time (imports done, caches cold), the same frame again (median of 21, what bench.py
  reports), every frame of the game in order once each (median per frame), and PNGs (median of 5 of the same
  frame; the first; and every step of the latest turn once each).

Python is run with bytecode compiled beforehand (`compileall` of both checkouts): this environment sets
PYTHONDONTWRITEBYTECODE=1, under which every process would compile battlelog's modules from source (~100 ms).
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
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAME = "duel-bench"
ORDER = json.dumps({"stack": ["initiative", "defense", "rest", "rest", "defense", "initiative"], "stake": "high",
                    "activate": {}})


def run(cmd: list[str], tree: Path) -> tuple[float, float, float, int, str]:
    """(wall ms, CPU ms of the process, peak RSS MB, exit code, stderr tail) of one whole process."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    out = proc.stdout.read().decode() if proc.stdout else ""
    err = proc.stderr.read().decode() if proc.stderr else ""
    return (wall * 1000, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss / 1024,
            os.waitstatus_to_exitcode(status), err[-300:] or out)


def battlelog(*args: str) -> list[str]:
    return [sys.executable, "-m", "cli.main", *args]


def prepare(trees: dict[str, Path], work: Path, events: int) -> tuple[dict[str, Path], dict[str, Path], int]:
    """Per checkout: its database of the bench duel (its own import), a copy holding A's order (`ordered`), and
    one more whose open turn has every input (both orders and stake rolls: `<label>-complete.duckdb`)."""
    data = work / "duel.jsonl"  # written by a child: this process stays small (a child's peak RSS counts the
    # pages it shares with this one from the fork)
    subprocess.run([sys.executable, __file__, "x", "--_jsonl", str(data), "--events", str(events)], check=True)
    dbs, ordered = {}, {}
    for label, tree in trees.items():
        dbs[label], ordered[label] = work / f"{label}.duckdb", work / f"{label}-ordered.duckdb"
        _, cpu, _, rc, err = run(battlelog("--db", str(dbs[label]), "import", str(data)), tree)
        if rc:
            raise SystemExit(f"{label}: import failed: {err}")
        print(f"{label}: imported ({cpu / 1000:.1f} s CPU)", file=sys.stderr)
        shutil.copy(dbs[label], ordered[label])
        _, _, _, rc, err = run(battlelog("--db", str(ordered[label]), "order", GAME, "--actor", "A", "--json", ORDER),
                               tree)
        if rc:
            raise SystemExit(f"{label}: order failed: {err}")
        complete = work / f"{label}-complete.duckdb"
        shutil.copy(ordered[label], complete)
        for args in (["order", GAME, "--actor", "B", "--json", ORDER],
                     ["roll", GAME, "1d100", "--actor", "A", "--result", "72", "--stake", "high"],
                     ["roll", GAME, "1d100", "--actor", "B", "--result", "40", "--stake", "high"]):
            _, _, _, rc, err = run(battlelog("--db", str(complete), *args), tree)
            if rc:
                raise SystemExit(f"{label}: {args[0]} failed: {err}")
    late = events_late(dbs[next(iter(trees))])
    return dbs, ordered, late


def events_late(db: Path) -> int:
    """The latest closed turn of the bench duel (asked in a child: DuckDB would grow this process)."""
    query = (f"import _duckdb; c = _duckdb.connect({str(db)!r}); print(c.execute(\"SELECT max(turn) FROM events "
             f"WHERE game = '{GAME}' AND type = 'turn.closed'\").fetchall()[0][0]); c.close()")
    return int(subprocess.run([sys.executable, "-c", query], capture_output=True, text=True, check=True).stdout)


def frames_figures() -> dict[str, float]:
    """The knights frame figures of this process's checkout (see the module docstring), CPU ms."""
    from eventlog.store import Store
    from replay import driver, importing, views
    from replay.render import png

    path = Path.cwd() / "fixtures" / "knights" / "battle.jsonl"
    with Store.open(":memory:") as store:
        game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
        game = driver.load(store, game_id)
        late = max(t for t in game.index.closed if driver.turn_steps(game, t).steps)
        turns = [t for t in sorted(game.index.closed) if driver.turn_steps(game, t).steps]
        every = [views.frame_view(game, t, s, "ru", store) for t in turns
                 for s in range(1, len(driver.turn_steps(game, t).steps) + 1)]
        view = views.frame_view(game, late, None, "ru", store)
    frame = game.ruleset.frame

    def cpu(fn: object) -> float:
        start = time.process_time()
        fn()  # type: ignore[operator]
        return (time.process_time() - start) * 1000

    first = cpu(lambda: frame(view))
    again = statistics.median(cpu(lambda: frame(view)) for _ in range(21))
    svg = frame(view)
    each = statistics.median(cpu(lambda v=v: frame(v)) for v in every)
    png_first = cpu(lambda: png.to_png(svg, last_hash=view.last_hash))
    png_again = statistics.median(cpu(lambda: png.to_png(svg, last_hash=view.last_hash)) for _ in range(5))
    steps = [(frame(v), v.last_hash) for v in every if v.turn == late]
    png_steps = statistics.median(cpu(lambda s=s, h=h: png.to_png(s, last_hash=h)) for s, h in steps)
    return {"svg_first": first, "svg_same": again, f"svg_each_of_{len(every)}": each, "png_first": png_first,
            "png_same": png_again, f"png_each_of_{len(steps)}_steps": png_steps}


def cells(runs: list[tuple[float, float, float, int, str]]) -> dict[str, object]:
    return {"wall_ms": statistics.median(r[0] for r in runs), "cpu_ms": statistics.median(r[1] for r in runs),
            "rss_mb": max(r[2] for r in runs), "cpu_runs": sorted(round(r[1]) for r in runs),
            "rc": sorted({r[3] for r in runs})}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default=str(HERE.parent))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--frames-only", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--_frames", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--_jsonl", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args._jsonl:
        sys.path.insert(0, str(HERE))
        import bench

        Path(args._jsonl).write_bytes(bench.duel_jsonl(args.events, lambda m: print(m, file=sys.stderr)))
        return 0
    if args._frames:
        print(json.dumps(frames_figures()))
        return 0
    trees = {"before": Path(args.before).resolve(), "after": Path(args.after).resolve()}
    for tree in trees.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", "-x", r"\.venv|bench/out", str(tree)], check=True,
                       env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""}, stdout=subprocess.DEVNULL)
    rows: dict[str, dict[str, list[tuple[float, float, float, int, str]]]] = {}
    frames: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
    with tempfile.TemporaryDirectory(prefix="battlelog-startup-") as tmp:
        work = Path(tmp)
        commands: dict[str, object] = {}
        if not args.frames_only:
            dbs, ordered, late = prepare(trees, work, args.events)

            def fresh(src: Path, label: str, k: int) -> str:
                to = work / f"copy-{label}-{k}.duckdb"
                shutil.copy(src, to)
                return str(to)

            commands = {
                "bare interpreter (python -c pass)": lambda label, k: [sys.executable, "-c", "pass"],
                "battlelog --help": lambda label, k: battlelog("--help"),
                f"state --turn {late} --json": lambda label, k: battlelog("--db", str(dbs[label]), "state", GAME,
                                                                          "--turn", str(late), "--json"),
                "order --json (open turn)": lambda label, k: battlelog("--db", fresh(dbs[label], label, k), "order",
                                                                       GAME, "--actor", "A", "--json", ORDER),
                "roll --result (after the order)": lambda label, k: battlelog(
                    "--db", fresh(ordered[label], label, k), "roll", GAME, "1d100", "--actor", "A", "--result", "72",
                    "--stake", "high"),
                "resolve (the open turn complete)": lambda label, k: battlelog(
                    "--db", fresh(work / f"{label}-complete.duckdb", label, k), "resolve", GAME),
                "post (the open turn, provisional)": lambda label, k: battlelog("--db", str(ordered[label]), "post",
                                                                                GAME),
                f"render --turn {late} -o x.svg": lambda label, k: battlelog(
                    "--db", str(dbs[label]), "render", GAME, "--turn", str(late), "-o", str(work / f"{label}.svg")),
            }
        for k in range(args.runs):
            for name, make in commands.items():
                for label, tree in trees.items():
                    rows.setdefault(name, {}).setdefault(label, []).append(run(make(label, k), tree))  # type: ignore[operator]
            if k < 3:
                for label, tree in trees.items():
                    _, _, _, rc, out = run([sys.executable, str(HERE / "startup.py"), "x", "--_frames"], tree)
                    if rc:
                        raise SystemExit(f"{label}: frames failed: {out}")
                    frames[label].append(json.loads(out.strip().splitlines()[-1]))
            print(f"round {k + 1} of {args.runs} done (load {os.getloadavg()[0]:.1f})", file=sys.stderr)
    table = {name: {label: cells(runs) for label, runs in per.items()} for name, per in rows.items()}
    figures = {label: {key: statistics.median(f[key] for f in runs) for key in runs[0]}
               for label, runs in frames.items() if runs}
    if args.json:
        print(json.dumps({"trees": {k: str(v) for k, v in trees.items()}, "rows": table, "frames": figures}, indent=2))
        return 0
    for name, per in table.items():
        line = "   ".join(f"{label} {c['wall_ms']:6,.0f} ms wall {c['cpu_ms']:6,.0f} ms CPU {c['rss_mb']:4.0f} MB"
                           + ("" if c["rc"] == [0] else f" exit {c['rc']}") for label, c in per.items())
        print(f"{name:38} {line}")
    for label, fig in figures.items():
        print(f"knights frames, {label} (CPU ms, medians of processes): "
              + ", ".join(f"{k} {v:.1f}" for k, v in fig.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
