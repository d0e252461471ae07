"""A corpus of recorded games: import, audit, rerun or verify every game of many logs, one pure job per game.

The logs are JSONL files (a folder is searched for `*.jsonl`, a glob is expanded) or Parquet archives (as
`battlelog export --format parquet` writes them, one game or many). Each game is a job of its own on a process pool
over every core (the stdlib's ProcessPoolExecutor; Ray with `engine="ray"`, the optional extra
`battlelog[cluster]`); a game that fails is reported with its error and the others go on.
"""

from __future__ import annotations

import glob
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from eventlog.envelope import Event
from eventlog.errors import ValidationError

KINDS = ("import", "audit", "rerun", "verify")


@dataclass(frozen=True)
class Unit:
    """One game of the corpus: the file it is in and, for a Parquet archive, its id there."""

    path: str
    game: str | None = None


@dataclass
class Result:
    """What one job made of one game (`ok` False: `error` says why, and the run went on)."""

    source: str
    game: str | None
    ok: bool
    events: int = 0
    seconds: float = 0.0
    error: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Variant:
    """The rules a rerun re-resolves under: another ruleset key (None: the recorded one) and options."""

    ruleset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)


# --- finding the games ---------------------------------------------------------------------------------------

def units(paths: Sequence[str], where: str | None = None, notes: list[str] | None = None) -> list[Unit]:
    """The games of the paths: folders (every `*.jsonl` and `*.parquet` below them), globs and files; a Parquet
    file's games (a game of a hive archive, `…/game=<id>/`, is read from its partition folder).

    With `where`, the paths are a hive archive's (`battlelog export --archive`) and only the games the predicate
    selects are taken: see `select`."""
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.suffix in {".jsonl", ".parquet"})
        elif path.exists():
            files.append(path)
        else:
            matched = sorted(Path(p) for p in glob.glob(given, recursive=True))
            if not matched:
                raise ValidationError(f"{given}: no such file, folder or glob match")
            files += matched
    files = list(dict.fromkeys(files))
    if where is not None:
        if other := [f for f in files if f.suffix != ".parquet"]:
            raise ValidationError(f"--where: selects games of a Parquet archive, not of {other[0]} "
                                  f"({len(other)} such file(s) among the paths)")
        return select(files, where, notes)
    out: list[Unit] = []
    for f in files:
        if f.suffix == ".parquet":
            out += [Unit(str(f.parent) if f.parent.name.startswith("game=") else str(f), game)
                    for game in _parquet_games(f)]
        else:
            out.append(Unit(str(f)))
    return list(dict.fromkeys(out))


WHERE_COLUMNS = ("game", "ruleset", "family", "events", "started", "last")
"""What `--where` sees, one row a game: its id, ruleset key (`knights@1`), the key's name before `@` (`knights`),
how many events, and the `at` of its first and last event."""


def select(files: Sequence[Path], where: str, notes: list[str] | None = None) -> list[Unit]:
    """The games of a hive archive's Parquet files that the DuckDB predicate `where` selects, each read from its
    partition folder. The predicate runs on an in-memory connection holding one table of the archive's games
    (WHERE_COLUMNS), with file access switched off and the configuration locked: it can read no other file, write
    none and load nothing. Where it selects no game, `notes` gets a line naming the archive's rulesets."""
    import duckdb

    if not files:
        raise ValidationError("--where: no Parquet archive among the paths (battlelog export --archive DIR)")
    con = duckdb.connect(":memory:")
    try:
        try:
            con.execute(
                "CREATE TABLE archive AS SELECT game, any_value(ruleset) AS ruleset, "
                "split_part(any_value(ruleset), '@', 1) AS family, count(*)::INTEGER AS events, "
                "arg_min(\"at\", seq) AS started, arg_max(\"at\", seq) AS last, "
                "list(DISTINCT parse_dirpath(filename)) AS parts "
                "FROM read_parquet(?, hive_partitioning = true, filename = true, union_by_name = true) GROUP BY game",
                [[os.path.abspath(f) for f in files]])  # absolute: a job may run on another node
        except duckdb.Error as error:
            raise ValidationError(f"--where: the paths are not a battlelog archive ({_first_line(error)})") from error
        con.execute("SET enable_external_access = false")
        con.execute("SET lock_configuration = true")
        try:
            statements = con.extract_statements(f"SELECT game, parts FROM archive WHERE ({where}) ORDER BY game")
            if len(statements) != 1 or statements[0].type != duckdb.StatementType.SELECT:
                raise ValidationError(f"--where {where!r}: one predicate over {', '.join(WHERE_COLUMNS)}")
            rows = con.execute(statements[0]).fetchall()
        except duckdb.Error as error:
            raise ValidationError(f"--where {where!r}: {_first_line(error)} (it sees {', '.join(WHERE_COLUMNS)}, "
                                  "e.g. --where \"family = 'knights'\")") from error
        if not rows and notes is not None:  # a ruleset named without its version, most likely: say what there is
            games, rulesets = con.execute("SELECT count(*), string_agg(DISTINCT ruleset, ', ' ORDER BY ruleset) "
                                          "FROM archive").fetchone()
            notes.append(f"--where {where!r} selects none of the archive's {games} games (their rulesets: "
                         f"{rulesets}; family is a ruleset without its version, e.g. family = 'knights')")
    finally:
        con.close()
    out = []
    for game, parts in rows:
        if len(parts) != 1 or not Path(parts[0]).name.startswith("game="):
            raise ValidationError(f"--where: game {game!r} is not in one partition folder …/game=<id>/ "
                                  f"(found in {', '.join(sorted(parts))}); battlelog export --archive writes them")
        out.append(Unit(parts[0], game))
    return out


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _parquet_games(path: Path) -> list[str]:
    """The games of a Parquet file; ValidationError naming it where it is no battlelog export."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return sorted(set(pq.read_table(path, columns=["game"]).column("game").to_pylist()))
    except (pa.ArrowException, OSError, KeyError) as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ValidationError(f"{path}: not a Parquet export of battlelog games ({reason})") from error


def _parquet_events(unit: Unit) -> list[Event]:
    """A game's events from a Parquet archive (the events table's columns, payload as JSON text): one file, or a
    hive partition folder's files."""
    import pyarrow.parquet as pq

    path = Path(unit.path)
    files = sorted(path.glob("*.parquet")) if path.is_dir() else [path]
    rows = sorted((r for f in files for r in pq.read_table(f, filters=[("game", "=", unit.game)]).to_pylist()),
                  key=lambda r: r["seq"])
    return [Event(r["game"], r["seq"], r["type"], r["turn"], r["actor"], json.loads(r["payload"]), r["cause"],
                  r["at"], r["prev"], r["hash"], r.get("phase"),
                  None if r.get("visible") is None else tuple(json.loads(r["visible"])), r.get("v") or 1)
            for r in rows]


def _events(unit: Unit) -> list[Event]:
    """The unit's game, every seq, hash and link checked (`chain` checks a JSONL export's; `verify_chain` a Parquet
    archive's rows)."""
    from eventlog import jsonl
    from eventlog.store import verify_chain

    if unit.game is not None:
        events = _parquet_events(unit)
        verify_chain(events)
    else:
        raw = jsonl.parse_lines(Path(unit.path).read_text(encoding="utf-8").splitlines(), source=unit.path)
        if any(r.hash is None for r in raw):
            raise ValidationError(f"{unit.path}: a hand-written log (lines without hash); `corpus import` takes it")
        jsonl.refuse_withheld(raw)
        events = jsonl.chain(raw, head=None, now="")  # every line carries seq, prev and hash: each one checked
    if len({e.game for e in events}) != 1:
        raise ValidationError(f"{unit.path}: one game a file (it holds {len({e.game for e in events})})")
    return events


# --- the jobs (pure: a unit in, a Result out) -----------------------------------------------------------------

def job(kind: str, variant: Variant, unit: Unit) -> Result:
    """One game's job; any error becomes the Result's `error` (a failing game must not stop the corpus)."""
    start = time.perf_counter()
    try:
        game, events, data = JOBS[kind](unit, variant)
    except Exception as exc:  # noqa: BLE001 - the corpus boundary: report the game, go on with the others
        return Result(unit.path, unit.game, False, seconds=time.perf_counter() - start,
                      error=f"{type(exc).__name__}: {exc}")
    return Result(unit.path, game, True, events, time.perf_counter() - start, data=data)


def _verify(unit: Unit, _: Variant) -> tuple[str, int, dict[str, Any]]:
    events = _events(unit)
    return events[0].game, len(events), {"head": events[-1].hash}


def _audit(unit: Unit, _: Variant) -> tuple[str, int, dict[str, Any]]:
    from replay import audit
    from replay.fold import game_from_events

    events = _events(unit)
    report = audit.audit(game_from_events(events))
    differs = [f for f in report.findings if f.kind in {"differs", "unresolvable"}]
    return events[0].game, len(events), {"clean": report.clean, "turns": report.turns,
                                         "findings": [asdict(f) for f in report.findings],
                                         "differences": len(differs), "note": report.revision_note}


def _rerun(unit: Unit, variant: Variant) -> tuple[str, int, dict[str, Any]]:
    from replay import rerun
    from replay.fold import fold, game_from_events

    events = _events(unit)
    game = game_from_events(events)
    report = rerun.rerun(game, variant.ruleset, variant.options)
    recorded = game.ruleset.state_json(fold(game)).get("result")
    # No state change in any turn: the variant plays the game out as recorded. Up to the first turn it cannot
    # play, the rerun resolved exactly what `variant_result` would: its result there (or at the end) is the one.
    result, ended = (report.variant_result, report.lost_at) if report.changes or report.stopped else (recorded, None)
    return game.id, len(events), {
        "recorded": recorded, "variant": result, "variant_ended": ended, "changed": result != recorded,
        "first_divergence": report.changes[0].turn if report.changes else None, "turns": report.turns,
        "stopped": report.stopped, "rules": report.variant,
        "changes": [{"turn": c.turn, "lines": c.lines} for c in report.changes],
    }


def variant_result(game: Any, variant: Variant) -> tuple[Any, int | None]:
    """The game's result under the variant: its recorded inputs resolved turn by turn under the variant's rules
    until the variant's game ends (or can go no further on them); with the turn it stopped at, if it did."""
    from replay.context import run
    from replay.fold import game_from_events, initial_state, turn_inputs

    other = game_from_events(game.events, ruleset_key=variant.ruleset,
                             options={**game.options.model_dump(), **variant.options})
    rs = other.ruleset
    state = initial_state(other)
    for turn in [t for t in game.index.order if t in game.index.closed]:
        if rs.current_turn(state) != turn:
            return rs.state_json(state).get("result"), turn
        stop = run(rs.resolve, rs.evolve, state, turn, turn_inputs(game, turn), other.options, game.id)
        if stop.requests or stop.error:
            return rs.state_json(state).get("result"), turn
        state = stop.state
    return rs.state_json(state).get("result"), None


def _check_for_import(unit: Unit, _: Variant) -> tuple[str, int, dict[str, Any]]:
    """A log made ready to import: an export verified and every input checked, or a hand-written log recorded."""
    from eventlog import jsonl
    from replay import importing
    from replay.fold import now

    if unit.game is not None:
        events = _events(unit)
        importing.check_log(events)
    else:
        raw = jsonl.parse_lines(Path(unit.path).read_text(encoding="utf-8").splitlines(), source=unit.path)
        if any(r.hash is not None for r in raw):
            events = _events(unit)
            importing.check_log(events)
        else:
            events = importing.record(raw, at=now()).events
    return events[0].game, len(events), {"events_": events}


JOBS: dict[str, Callable[[Unit, Variant], tuple[str, int, dict[str, Any]]]] = {
    "verify": _verify, "audit": _audit, "rerun": _rerun, "import": _check_for_import,
}


# --- running them ------------------------------------------------------------------------------------------------

def run_all(kind: str, todo: Sequence[Unit], *, variant: Variant = Variant(), engine: str = "process",
            workers: int | None = None, progress: Callable[[int, int, int, float], None] | None = None,
            ) -> Iterator[Result]:
    """Every unit's Result, in the units' order, the jobs spread over `workers` processes (all cores)."""
    if kind not in JOBS:
        raise ValidationError(f"corpus: no job {kind!r} (jobs: {', '.join(KINDS)})")
    work = partial(job, kind, variant)
    start, failed = time.perf_counter(), 0
    results = _ray_map(work, todo) if engine == "ray" else _pool_map(work, todo, workers)
    for k, result in enumerate(results, 1):
        failed += not result.ok
        if progress is not None:
            progress(k, len(todo), failed, time.perf_counter() - start)
        yield result


def _pool_map(work: Callable[[Unit], Result], todo: Sequence[Unit], workers: int | None) -> Iterator[Result]:
    import gc
    import multiprocessing

    workers = workers or os.cpu_count() or 1
    if workers == 1 or len(todo) <= 1:
        yield from map(work, todo)
        return
    _warm()
    gc.freeze()  # the workers are forked: what the parent holds stays shared, the GC never touches it
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
    chunk = max(1, min(64, len(todo) // (workers * 8)))
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        yield from pool.map(work, todo, chunksize=chunk)


def _warm() -> None:
    """Import what every job needs once, before the workers fork, so that none of them imports it again."""
    from eventlog import jsonl, store  # noqa: F401
    from replay import audit, importing, rerun  # noqa: F401
    from replay import ruleset as registry

    registry.all_rulesets()


def _ray_map(work: Callable[[Unit], Result], todo: Sequence[Unit]) -> Iterator[Result]:
    """The jobs as Ray tasks (on the cluster `ray.init` finds, or a local one)."""
    try:
        import ray
    except ImportError as exc:
        raise ValidationError("--engine ray: Ray is not installed (pip install 'battlelog[cluster]')") from exc
    ray.init(ignore_reinit_error=True, log_to_driver=False)
    task = ray.remote(_run_one)  # Ray makes tasks of functions and classes only, not of a partial
    refs = [task.remote(work, u) for u in todo]
    for ref in refs:
        yield ray.get(ref)


def _run_one(work: Callable[[Unit], Result], unit: Unit) -> Result:
    """One job, as a Ray task runs it."""
    return work(unit)


# --- what a corpus run says ------------------------------------------------------------------------------------

def summary(kind: str, results: Sequence[Result], seconds: float) -> list[str]:
    """The summary table of a run (lines of text)."""
    ok = [r for r in results if r.ok]
    events = sum(r.events for r in ok)
    rows = [("games", f"{len(results):,}"), ("failed", f"{len(results) - len(ok):,}"),
            ("events", f"{events:,}"), ("seconds", f"{seconds:.2f}"),
            ("events/s", f"{events / seconds:,.0f}" if seconds else "-")]
    if kind == "audit":
        clean = sum(r.data["clean"] for r in ok)
        rows += [("clean", f"{clean:,}"), ("not clean", f"{len(ok) - clean:,}")]
    if kind == "rerun":
        changed = [r for r in ok if r.data["changed"]]
        diverged = Counter(r.data["first_divergence"] for r in ok if r.data["first_divergence"] is not None)
        rows += [("result changes", f"{len(changed):,} of {len(ok):,}"),
                 ("state diverges", f"{sum(diverged.values()):,} games")]
        rows += [(f"  first at turn {turn}", f"{n:,}") for turn, n in sorted(diverged.items())]
        rows += [(f"  winner {name}", share) for name, share in shares(ok)]
    width = max(len(name) for name, _ in rows)
    lines = [f"corpus {kind}"] + [f"{name.ljust(width)}  {value}" for name, value in rows]
    lines += [f"FAILED {r.source}{' ' + r.game if r.game and r.game not in r.source else ''}: {r.error}"
              for r in results if not r.ok]
    return lines


def outcome(result: Any) -> str:
    """A result as a winners' share names it: the winner's id, or what the result says (none: not over)."""
    if not result:
        return "none (not over)"
    if isinstance(result, dict) and "winner" in result:
        return str(result["winner"])
    return json.dumps(result, ensure_ascii=False, sort_keys=True)


def shares(ok: Sequence[Result]) -> list[tuple[str, str]]:
    """Each outcome's share of the games, recorded -> under the variant."""
    before = Counter(outcome(r.data["recorded"]) for r in ok)
    after = Counter(outcome(r.data["variant"]) for r in ok)
    total = len(ok) or 1
    return [(name, f"{before[name] / total:.1%} -> {after[name] / total:.1%}")
            for name in sorted(set(before) | set(after))]


def result_json(result: Result) -> dict[str, Any]:
    """A Result as one JSON object (the import job's events left out)."""
    out = asdict(result)
    out["data"] = {k: v for k, v in result.data.items() if k != "events_"}
    return out


def write_diff(folder: Path, result: Result) -> None:
    """A rerun's per-game diff: what changes, turn by turn, and the results."""
    if not result.ok or result.game is None:
        return
    d = result.data
    lines = [f"{result.game} ({result.source}) under {d['rules']}",
             f"recorded result: {outcome(d['recorded'])}; variant result: {outcome(d['variant'])}"
             + (f" (the variant stops at turn {d['variant_ended']})" if d["variant_ended"] else "")]
    for change in d["changes"]:
        lines.append(f"turn {change['turn']}:")
        lines += [f"  {line}" for line in change["lines"]]
    if not d["changes"]:
        lines.append("no state changes")
    (folder / f"{result.game}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


# --- a corpus made of the recorded fixtures (tests, bench) ------------------------------------------------------

def renamed(text: str, game_id: str) -> str:
    """An exported one-game log under another game id, chained again (the id is in every hash)."""
    from eventlog import jsonl

    raw = jsonl.parse_lines(text.splitlines())
    update = {"game": game_id, "seq": None, "prev": None, "hash": None, "v": None}
    events = jsonl.chain([r.model_copy(update=update) for r in raw], head=None, now="")
    return "\n".join(jsonl.export_lines(events)) + "\n"


def fixture_logs(kind: str = "duel") -> list[Path]:
    """The recorded games shipped with battlelog, of one ruleset family."""
    import importlib.util

    spec = importlib.util.find_spec("battlelog_fixtures")
    root = Path(next(iter(spec.submodule_search_locations))) if spec and spec.submodule_search_locations else \
        Path(__file__).resolve().parent.parent / "fixtures"
    return sorted((root / kind).glob("*.jsonl"))


def write_fixture_corpus(folder: Path, count: int, kind: str = "duel") -> list[Path]:
    """`count` logs in `folder`: the recorded games of `kind` in turn, each under a game id of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    logs = [(p.stem, p.read_text(encoding="utf-8")) for p in fixture_logs(kind)]
    out = []
    for k in range(count):
        stem, text = logs[k % len(logs)]
        path = folder / f"{stem}-{k:05d}.jsonl"
        path.write_text(renamed(text, f"{stem}-{k:05d}"), encoding="utf-8")
        out.append(path)
    return out


def iter_json(results: Iterable[Result]) -> Iterator[str]:
    """The Results as JSON lines."""
    for r in results:
        yield json.dumps(result_json(r), ensure_ascii=False, sort_keys=True)
