"""The bench's whole-process rows for two checkouts, interleaved: each command run before, then after, in turn.

Usage: python bench/compare.py BEFORE [AFTER] [--events 100000] [--runs 3] [--big-runs 1] [--sizes 1000,10000]
       [--corpus 1000] [--knights-corpus 0] [--only help,verify,...] [--json]
BEFORE and AFTER are checkouts (AFTER defaults to this one); their code runs first on PYTHONPATH. Each row gives,
per checkout, the median wall time, the median CPU time (user + system of the whole process tree: the figure a busy
machine disturbs least) and the peak RSS, from the same wrapper as bench.py's rows. `--big-runs`: rounds of the rows
on the whole `--events` game that read or write all of it (audit, rerun, import; 1 by default: they take seconds).
`--only`: the rows whose key is listed (bare, help, state, order, roll, verify, memory, audit, rerun, import, corpus).
See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench  # noqa: E402


def measure(trees: list[Path], make: object, runs: int, work: Path) -> list[list[bench.Run]]:
    """`runs` rounds of `make(tree, k)` (a command line) for each tree in turn; the runs per tree."""
    out: list[list[bench.Run]] = [[] for _ in trees]
    for k in range(runs):
        for i, tree in enumerate(trees):
            bench.TREE = tree
            out[i].append(bench.process(make(tree, k), work, check=False))  # type: ignore[operator]
    return out


def cells(runs: list[bench.Run]) -> dict[str, float | int | str]:
    """Median wall and CPU ms, peak RSS MB, and exit codes of one checkout's runs."""
    return {"wall_ms": statistics.median(r.seconds for r in runs) * 1000,
            "cpu_ms": statistics.median(r.cpu for r in runs) * 1000, "rss_mb": max(r.rss_mb for r in runs),
            "rc": ",".join(sorted({str(r.rc) for r in runs})), "err": runs[-1].err[-200:] if runs[-1].rc else ""}


def _key(name: str) -> str:
    """The `--only` key of a row: its name's first word (`battlelog --help`: help; `memory: …`: memory)."""
    first = name.split()[0].rstrip(":")
    return {"battlelog": "help"}.get(first, first)


def main(argv: list[str] | None = None) -> int:
    """Run every row for both checkouts, print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--big-runs", type=int, default=1, help="rounds of audit, rerun and import of the whole game")
    parser.add_argument("--only", help="comma-separated row keys (bare, help, state, order, roll, verify, memory, "
                                       "audit, rerun, import, corpus); default: every row")
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--corpus", type=int, default=1000, help="duels of the corpus rerun (0: skip)")
    parser.add_argument("--knights-corpus", type=int, default=0, help="knights games of a corpus rerun (0: skip)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    trees = [Path(args.before).resolve(), Path(args.after).resolve()]
    for tree in trees:  # bytecode compiled beforehand, as bench/startup.py does (PYTHONDONTWRITEBYTECODE=1 here)
        subprocess.run([sys.executable, "-m", "compileall", "-q", "-x", r"\.venv|bench/out", str(tree)], check=True,
                       env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""}, stdout=subprocess.DEVNULL)
    keys = ({"bare", "help", "state", "order", "roll", "verify", "memory", "audit", "rerun", "import", "corpus"}
            if args.only is None else set(args.only.split(",")))

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    rows: list[tuple[str, list[dict[str, float | int | str]]]] = []
    with tempfile.TemporaryDirectory(prefix="battlelog-compare-") as tmp:
        work = Path(tmp)
        data = bench.duel_jsonl(args.events, log)
        db = bench.sized_db(work, args.events, log)
        with bench.Store.open(db) as store:
            late = max(store.turn_index(bench.GAME))
        sized = {size: bench.sized_db(work, size, log) for size in map(int, filter(None, args.sizes.split(",")))
                 if keys & {"audit", "rerun"}}
        house = work / "house.toml"
        house.write_text(bench.VARIANT, encoding="utf-8")
        path = work / "duel.jsonl"
        path.write_bytes(data)
        runs = args.runs
        order = json.dumps({"stack": bench.STACKS["A"], "stake": "high", "activate": {}})
        copies = {(t, k): work / f"append-{i}-{k}.duckdb" for i, t in enumerate(trees) for k in range(runs)}

        def copy(tree: Path, k: int) -> str:
            return str(copies[tree, k]) if copies[tree, k].exists() else str(bench.copy_db(db, copies[tree, k]))

        def row(name: str, make: object, n: int = runs) -> None:
            if _key(name) not in keys:
                return
            rows.append((name, [cells(r) for r in measure(trees, make, n, work)]))
            log(f"{name} done")

        cli = bench.battlelog
        row("bare interpreter (python -c pass)", lambda t, k: [sys.executable, "-c", "pass"], runs + 2)
        row("battlelog --help", lambda t, k: cli("--help"), runs + 2)
        row(f"state --turn {late} ({args.events:,} events)",
            lambda t, k: cli("--db", str(db), "state", bench.GAME, "--turn", str(late), "--json"))
        row("order --json (open turn)", lambda t, k: cli("--db", copy(t, k), "order", bench.GAME, "--actor", "A",
                                                         "--json", order))
        row("roll --result (open turn)", lambda t, k: cli("--db", copy(t, k), "roll", bench.GAME, "1d100",
                                                          "--actor", "A", "--result", "72", "--stake", "high"))
        row("verify", lambda t, k: cli("--db", str(db), "verify", bench.GAME))
        row(f"memory: replay_verified of {args.events:,} events (bench.py --_replay)",
            lambda t, k: [sys.executable, str(t / "bench" / "bench.py"), "--_replay", str(db)])
        for size, sdb in sized.items():
            row(f"audit ({size:,} events)", lambda t, k, sdb=sdb: cli("--db", str(sdb), "audit", bench.GAME))
            row(f"rerun ({size:,} events)", lambda t, k, sdb=sdb: cli("--db", str(sdb), "rerun", bench.GAME,
                                                                      "--variant", str(house)))
        big = args.big_runs
        row(f"audit ({args.events:,} events)", lambda t, k: cli("--db", str(db), "audit", bench.GAME), big)
        row(f"rerun ({args.events:,} events)", lambda t, k: cli("--db", str(db), "rerun", bench.GAME, "--variant",
                                                                str(house)), big)
        row(f"import ({args.events:,} events, every rule checked)",
            lambda t, k: cli("--db", str(bench.fresh(work, f"imported-{k}")), "import", str(path)), big)
        if args.corpus and "corpus" in keys:
            from replay import corpus

            corpus.write_fixture_corpus(work / "corpus", args.corpus)
            row(f"corpus rerun ({args.corpus:,} duels)",
                lambda t, k: cli("corpus", "rerun", str(work / "corpus"), "--variant", str(house), "--out",
                                 str(work / f"out-{k}")), 1)
        if args.knights_corpus and "corpus" in keys:
            from replay import corpus

            corpus.write_fixture_corpus(work / "knights", args.knights_corpus, kind="knights")
            (work / "knights.toml").write_text(bench.KNIGHTS_VARIANT, encoding="utf-8")
            row(f"corpus rerun ({args.knights_corpus:,} knights games)",
                lambda t, k: cli("corpus", "rerun", str(work / "knights"), "--variant", str(work / "knights.toml"),
                                 "--out", str(work / f"knights-out-{k}")), 1)
    if args.json:
        print(json.dumps({"trees": [str(t) for t in trees], "rows": rows}, indent=2))
        return 0
    head = ("row", "before wall", "CPU", "RSS", "after wall", "CPU", "RSS")
    lines = [head]
    for name, (a, b) in rows:
        def fmt(c: dict[str, float | int | str]) -> tuple[str, str, str]:
            bad = f" (exit {c['rc']})" if c["rc"] not in ("0", "1") else ""
            return f"{c['wall_ms']:,.0f} ms{bad}", f"{c['cpu_ms']:,.0f} ms", f"{c['rss_mb']:.0f} MB"
        lines.append((name, *fmt(a), *fmt(b)))
    widths = [max(len(r[i]) for r in lines) for i in range(len(head))]
    for r in lines:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
