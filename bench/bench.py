"""Figures of the event log on a real 100k-event duel, against the `eventsourcing` library on the same events.

Usage: python bench/bench.py [--events 100000] [--posts 200] [--repeat 3] [--json] [--no-eventsourcing]
       [--no-full-import]
Every figure runs in a fresh temporary directory; see bench/README.md for exactly what each one measures.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eventlog import jsonl  # noqa: E402
from eventlog.envelope import GENESIS, Draft, Event, seal  # noqa: E402
from eventlog.store import Store, verify_chain  # noqa: E402

GAME = "duel-bench"
NEWLINE = b"\n"
AT = "2026-01-01T10:00:00.000000Z"
OUT = Path(__file__).resolve().parent / "out"
GENERATOR = 2
"""Bump when `duel_log` or the export changes, so that cached logs are made again (2: envelope v2 events)."""

SETUP = {"duelists": [
    {"id": "A", "name": "Арман", "traits": ["enduring", "wiry"]},
    {"id": "B", "name": "Бертран", "traits": ["weapon_control", "cautious"]},
]}
STACKS = {
    "A": ["initiative", "defense", "rest", "rest", "defense", "initiative"],
    "B": ["defense", "initiative", "rest", "defense", "rest", "initiative"],
}
"""Defensive stacks: nobody ever attacks, so the duel never ends (no strikes, no flips: reveals and ends of turn)."""


@dataclass
class Figure:
    """One row of the table: our figure, theirs when there is one to compare, the issue's aim when it sets one."""

    name: str
    ours: float | None
    unit: str
    theirs: float | None = None
    ratio: float | None = None
    aim: str = ""
    met: bool | None = None
    note: str = ""


# --- the real duel log ----------------------------------------------------------------------------------------------

def duel_log(n: int) -> list[Event]:
    """A real duel of at least n events, played by the duel's own rules: every turn two orders and two stake rolls
    (recorded forum rolls), the resolution `resolve` makes (a reveal and an end of turn), and turn.closed."""
    from replay import ruleset as registry
    from replay.inputs import Inputs, TurnInputs

    rs = registry.get("duel@1")
    options = rs.options({})
    events = [seal(GAME, GENESIS, 1, Draft("game.created", {"ruleset": "duel@1", "options": {}, "setup": SETUP}), AT)]
    state = rs.initial(SETUP, options)

    def push(draft: Draft) -> Event:
        event = seal(GAME, events[-1].hash, events[-1].seq + 1, draft, AT)
        events.append(event)
        return event

    with _gc(pause=True):
        while len(events) < n:
            turn = rs.current_turn(state)
            value = 70 + turn % 30
            inputs = []
            for actor in "AB":
                inputs.append(push(Draft("order", {"stack": STACKS[actor], "stake": "high", "activate": {}},
                                         turn, actor)))
                inputs.append(push(Draft("roll", {"dice": "1d100", "purpose": "stake", "stake": "high",
                                                  "result": [value], "total": value, "source": "forum"},
                                         turn, actor)))
            for draft in rs.resolve(state, turn, Inputs(TurnInputs(turn, tuple(inputs))), options):
                state = rs.evolve(state, push(draft))
            push(Draft("turn.closed", {}, turn))
    return events


def as_v1(events: list[Event]) -> list[Event]:
    """The same events in envelope v1, chained again (a log as written before envelope v2: no phase, visible, v)."""
    out: list[Event] = []
    for e in events:
        bare = Event(e.game, e.seq, e.type, e.turn, e.actor, e.payload, e.cause, e.at, out[-1].hash if out else GENESIS,
                     "")
        out.append(replace(bare, hash=bare.expected_hash()))
    return out


def duel_jsonl(n: int, log: Callable[[str], None], envelope: int = 2) -> bytes:
    """The exported JSONL of `duel_log(n)` in that envelope version, cached under bench/out/ (made again when the
    generator changes)."""
    path = OUT / f"duel-{n}-v{GENERATOR}{'-envelope1' if envelope == 1 else ''}.jsonl"
    if path.exists():
        return path.read_bytes()
    log(f"generating a real duel of {n:,} events (cached as {path.relative_to(OUT.parent.parent)})")
    events = duel_log(n)
    data = ("\n".join(jsonl.export_lines(events if envelope == 2 else as_v1(events))) + "\n").encode("utf-8")
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return data


# --- helpers ----------------------------------------------------------------------------------------------------

def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds taken by fn() and its result."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


class _gc:
    """Pause the cyclic garbage collector in a with block when asked to."""

    def __init__(self, pause: bool):
        self.pause = pause

    def __enter__(self) -> None:
        self.was = gc.isenabled()
        if self.pause:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was:
            gc.enable()


def fresh(work: Path, name: str) -> Path:
    """A database path in the work directory that does not exist yet."""
    path = work / f"{name}.duckdb"
    for p in (path, path.with_name(path.name + ".wal")):
        p.unlink(missing_ok=True)
    return path


# --- 1. the interleaved rounds: bulk import, full replay, full import, eventsourcing --------------------------------

def import_once(work: Path, data: bytes, k: int) -> tuple[float, Path]:
    """Seconds of `jsonl.import_exported` of the whole file into a new database file, open and close included."""
    db = fresh(work, f"import-{k}")

    def run() -> int:
        """Open a new file, import every line (hashes and links verified), close it."""
        with Store.open(db) as store:
            imported = jsonl.import_exported(store, data, source="duel.jsonl")
        if imported is None:
            raise RuntimeError("the bench log was not taken for an export")
        return imported
    seconds, count = timed(run)
    if count != data.count(b"\n"):
        raise AssertionError(f"imported {count} events of {data.count(NEWLINE)}")
    return seconds, db


def replay_once(db: Path) -> tuple[float, int, Any]:
    """Seconds of open + `fold.replay_verified` (every event read and checked, the reducer's folded) + close."""
    from replay import fold

    def run() -> tuple[int, Any]:
        """Open the file, read and check every event, fold, close it."""
        with Store.open(db) as store:
            return fold.replay_verified(store, GAME)
    seconds, (read, state) = timed(run)
    return seconds, read, state


def replay_store_once(db: Path) -> tuple[float, int, Any]:
    """Seconds of open + `driver.replay_store` (only the reducer's events read, nothing checked) + close."""
    from replay import driver

    def run() -> Any:
        """Open the file, fold the reducer's events straight from the store, close it."""
        with Store.open(db) as store:
            return driver.replay_store(store, GAME)[1]
    seconds, state = timed(run)
    return seconds, 0, state


def reducer_events(db: Path) -> int:
    """How many events `replay_store` reads: the ruleset's resolution types, rulings and corrections."""
    from replay import fold

    with Store.open(db) as store:
        rs = fold.load_created(store, GAME).ruleset
        return len(store.events_of_types(GAME, rs.resolution_types | set(fold.WHOLE)))


def full_import_once(work: Path, data: bytes, k: int) -> tuple[float, Path]:
    """Seconds of `battlelog import`'s work (importing.import_text of the file's bytes) into a new file: every rule
    checked."""
    from replay import importing

    db = fresh(work, f"full-{k}")

    def run() -> int:
        """Open a new file, import the log with every input checked by the rules and checkpoints written."""
        with Store.open(db) as store:
            return len(importing.import_text(store, data, source="duel.jsonl")[GAME].events)
    seconds, count = timed(run)
    if count != data.count(NEWLINE):
        raise RuntimeError("import_text did not import the whole bench log")
    return seconds, db


def check_replay(db: Path, state: Any) -> int:
    """The replay's state must be the plain fold's (`fold(load(...))`); returns the events loaded."""
    from replay import driver

    with Store.open(db) as store:
        game = driver.load(store, GAME)
    if driver.fold(game) != state:
        raise AssertionError("the replay and fold(load()) disagree")
    return len(game.events)


# --- 3. seek with checkpoints ----------------------------------------------------------------------------------------

def seek_figures(db: Path, repeat: int = 20) -> tuple[list[Figure], Any, int]:
    """write_checkpoints, then the median of seeks to step 1 of late turns (store open, the game loaded once)."""
    from replay import driver

    with Store.open(db) as store:
        load_s, game = timed(lambda: driver.load(store, GAME))
        store.drop_checkpoints(GAME)
        write_s, written = timed(lambda: driver.write_checkpoints(store, game))
        late = max(driver.turns(game))
        turns = [late - k for k in range(repeat)]
        for turn in turns[:3]:  # each seek is checked against the plain fold
            if driver.seek(store, game, turn, 1) != driver.state_at(game, turn, 1)[0]:
                raise AssertionError(f"seek to turn {turn} disagrees with state_at")
        times = [timed(lambda t=t: driver.seek(store, game, t, 1))[0] * 1000 for t in turns]
    opens = [timed(lambda: Store.open(db).close())[0] * 1000 for _ in range(5)]
    seek_ms = statistics.median(times)
    return [
        Figure(f"seek to step 1 of a late turn ({late - repeat + 1}..{late})", seek_ms, "ms", aim="<= 10 ms",
               met=seek_ms <= 10, note=f"driver.seek, median of {repeat}, checkpoints every "
                                       f"{driver.CHECKPOINT_EVERY} events"),
        Figure("write_checkpoints (whole game, one transaction)", write_s * 1000, "ms",
               note=f"{written} checkpoints, the fold included"),
        Figure("load the whole game (driver.load)", load_s * 1000, "ms", note="what seek's callers hold already"),
        Figure("open the database file", statistics.median(opens), "ms", note="every CLI command pays it once"),
    ], game, late


# --- 4. live append ----------------------------------------------------------------------------------------------

def post_drafts(turn: int) -> list[Draft]:
    """A forum post's five events: both orders and stake rolls of a turn, and a GM note."""
    value = 70 + turn % 30
    drafts = []
    for actor in "AB":
        drafts.append(Draft("order", {"stack": STACKS[actor], "stake": "high", "activate": {}}, turn, actor))
        drafts.append(Draft("roll", {"dice": "1d100", "purpose": "stake", "stake": "high", "result": [value],
                                     "total": value, "source": "forum"}, turn, actor))
    drafts.append(Draft("note", {"text": "ходы приняты, броски записаны"}, turn))
    return drafts


def append_figures(db: Path, posts: int) -> list[Figure]:
    """Median and p95 of appending one post (5 events, expected-seq check, one transaction)."""
    times = []
    with Store.open(db) as store:
        seq = store.next_seq(GAME)
        turn = max(store.turn_index(GAME), default=0)
        for k in range(posts):
            seconds, events = timed(lambda k=k, seq=seq: store.append(GAME, seq, post_drafts(turn + 1 + k)))
            times.append(seconds * 1000)
            seq += len(events)
    median = statistics.median(times)
    return [
        Figure("append one post (5 events), median", median, "ms", aim="<= 5 ms", met=median <= 5,
               note=f"Store.append over {posts} posts, one commit (fdatasync) each"),
        Figure("append one post (5 events), p95", p95(times), "ms"),
    ]


# --- 5. verify ---------------------------------------------------------------------------------------------------

def verify_figures(db: Path, repeat: int) -> list[Figure]:
    """Store.verify (envelopes built by SQL, hashed by hashlib) and verify_chain (pure Python) over the whole game."""
    with Store.open(db) as store:
        count = store.count(GAME)
        sql = statistics.median(timed(lambda: store.verify(GAME))[0] for _ in range(repeat))
        events = store.events(GAME)
    python, _ = timed(lambda: verify_chain(events))
    return [
        Figure("verify the hash chain (Store.verify)", count / sql, "ev/s",
               note=f"every hash recomputed (hashlib), every link checked; median of {repeat}"),
        Figure("verify the hash chain (verify_chain, Python)", count / python, "ev/s",
               note="events already read; every payload re-serialised"),
    ]


# --- 6. frames -------------------------------------------------------------------------------------------------------

def frame_figures(db: Path, game: Any, turn: int, repeat: int = 5) -> list[Figure]:
    """SVG and PNG times of the real duel frame of a late turn (its steps in turn); skipped if resvg is missing."""
    from replay import driver

    try:
        from replay.render import png
    except Exception as error:  # noqa: BLE001 - any missing piece of the renderer skips the figure
        note = f"skipped: renderer not importable ({type(error).__name__}: {error})"
        return [Figure("frame SVG", None, "ms", note=note), Figure("frame PNG", None, "ms", aim="<= 150 ms",
                                                                   note=note)]
    rs = game.ruleset
    steps = driver.turn_steps(game, turn).count
    with Store.open(db) as store:  # as `battlelog render` does: the fold starts at the nearest checkpoint
        view_s, views = timed(lambda: [driver.frame_view(game, turn, k % (steps + 1), "ru", store)
                                       for k in range(repeat)])
    first_svg, _ = timed(lambda: rs.frame(views[0]))
    svg_times = [timed(lambda v=v: rs.frame(v))[0] * 1000 for v in views]
    svgs = [rs.frame(v) for v in views]
    png_times = [timed(lambda s=s, v=v: png.to_png(s, last_hash=v.last_hash))[0] * 1000
                 for s, v in zip(svgs, views, strict=True)]
    elements = max(sum(1 for _ in ElementTree.fromstring(s).iter()) for s in svgs)
    png_ms = statistics.median(png_times)
    return [
        Figure("frame SVG (duel frame, build + serialise)", statistics.median(svg_times), "ms",
               note=f"turn {turn}, steps 0..{steps}; up to {elements} elements; median of {repeat}; "
                    f"the first frame of the process {first_svg * 1000:.0f} ms (imports)"),
        Figure("frame PNG (resvg, bundled fonts)", png_ms, "ms", aim="<= 150 ms", met=png_ms <= 150,
               note=f"median of {repeat}"),
        Figure("frame view of a late step (driver.frame_view)", view_s * 1000 / repeat, "ms",
               note="the state folded from the nearest checkpoint, as `battlelog render` and `post` do"),
    ]



# --- 8. the eventsourcing library, same events -------------------------------------------------------------------


@functools.cache
def duel_aggregate() -> type:
    """The eventsourcing aggregate holding one game's events (defined once: the library registers its topic)."""
    from eventsourcing.domain import Aggregate, event

    class Duel(Aggregate):
        """One game: its creation event, then one Recorded event a log line."""

        def __init__(self, game: str, payload: dict[str, Any]):
            self.game, self.setup, self.events = game, payload, 1

        @event("Recorded")
        def record(self, type: str, turn: int | None, actor: str | None, cause: int | None,
                   payload: dict[str, Any], at: str) -> None:
            """Record one event of the game."""
            self.events += 1

    return Duel



def eventsourcing_run(work: Path, data: bytes, *, paused_gc: bool, k: int = 0) -> tuple[float, float]:
    """(save seconds, reconstruct seconds) of eventsourcing on SQLite: one aggregate holding the game's events.

    Save: every line `json.loads`-ed, recorded on one aggregate, one `app.save` (one transaction). Reconstruct:
    `repository.get` (no snapshots) builds every event object again and applies it. With `paused_gc` the cyclic
    GC is off for both, as our bulk loops turn it off for theirs."""
    from eventsourcing.application import Application

    Duel = duel_aggregate()  # noqa: N806 - a class
    db = work / f"eventsourcing-{int(paused_gc)}-{k}.sqlite"
    db.unlink(missing_ok=True)
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(db)})
    lines = data.splitlines()

    def save() -> Any:
        """Parse the lines, record them on one aggregate, save it in one go."""
        first, *rest = (json.loads(line) for line in lines)
        duel = Duel(first["game"], first["payload"])
        for x in rest:
            duel.record(x["type"], x.get("turn"), x.get("actor"), x.get("cause"), x["payload"], x["at"])
        app.save(duel)
        return duel.id

    with _gc(paused_gc):
        save_s, ident = timed(save)
        load_s, duel = timed(lambda: app.repository.get(ident))
    if duel.events != len(lines):
        raise AssertionError("eventsourcing lost events")
    app.close()
    db.unlink(missing_ok=True)
    return save_s, load_s


def rounds(work: Path, data: bytes, repeat: int, with_eventsourcing: bool, with_full_import: bool,
           log: Callable[[str], None]) -> tuple[dict[str, list[float]], Path, Path | None, Any]:
    """Every in-process job once a round, `repeat` rounds, the order rotated each round (ours and theirs
    interleaved, so the machine's mood falls on both); the seconds of each job's runs."""
    times: dict[str, list[float]] = {}
    last: dict[str, Any] = {}

    def ours_import(k: int) -> None:
        seconds, last["db"] = import_once(work, data, k)
        times.setdefault("import", []).append(seconds)

    def ours_replay(k: int) -> None:
        if "db" not in last:
            ours_import(k)
        seconds, read, last["state"] = replay_once(last["db"])
        last["read"] = read
        times.setdefault("replay", []).append(seconds)
        seconds, _, state = replay_store_once(last["db"])
        if state != last["state"]:
            raise AssertionError("replay_store and replay_verified disagree")
        times.setdefault("replay_store", []).append(seconds)

    def ours_full(k: int) -> None:
        seconds, last["full_db"] = full_import_once(work, data, k)
        times.setdefault("full_import", []).append(seconds)

    def theirs(paused: bool) -> Callable[[int], None]:
        def job(k: int) -> None:
            save_s, load_s = eventsourcing_run(work, data, paused_gc=paused, k=k)
            times.setdefault(f"es_save_{'paused' if paused else 'gc'}", []).append(save_s)
            times.setdefault(f"es_load_{'paused' if paused else 'gc'}", []).append(load_s)
        return job

    jobs: list[tuple[str, Callable[[int], None]]] = [("import", ours_import), ("replay", ours_replay)]
    if with_full_import:
        jobs.append(("full import", ours_full))
    if with_eventsourcing:
        jobs += [("eventsourcing, GC on", theirs(False)), ("eventsourcing, GC paused", theirs(True))]
    for k in range(repeat):
        for name, job in jobs[k % len(jobs):] + jobs[:k % len(jobs)]:
            job(k)
            log(f"round {k + 1}/{repeat}: {name}")
    return times, last["db"], last.get("full_db"), last


def rounds_figures(times: dict[str, list[float]], count: int, read: int, reducer: int,
                   repeat: int) -> list[Figure]:
    """The rows of the interleaved rounds: ours against eventsourcing with its GC on and paused."""
    def rate(key: str) -> float | None:
        return count / statistics.median(times[key]) if key in times else None

    runs = f"median of {repeat} interleaved runs"
    out = []
    for gc_name, key in (("GC on", "gc"), ("GC paused", "paused")):
        save, load = rate(f"es_save_{key}"), rate(f"es_load_{key}")
        out.append(compared(f"bulk import, log layer, vs eventsourcing save ({gc_name})", rate("import") or 0, save,
                            15, note=f"{runs}; read {count:,} lines, every hash and link checked, {count:,} "
                                     "inserted; ours pauses the GC inside its bulk loops"))
        out.append(compared(f"full replay, every event read and checked, vs eventsourcing reconstruct ({gc_name})",
                            read / statistics.median(times["replay"]), load, 10,
                            note=f"{runs}; fold.replay_verified: read {read:,} events, every seq, link and hash "
                                 "checked (the hash over the payload bytes as stored; their canonical form is "
                                 "Store.verify's check), every payload parsed, each resolution payload through "
                                 f"the ruleset's validate_event, {reducer:,} folded"))
        if "full_import" in times:
            out.append(compared(f"full `battlelog import` work (importing.import_text) vs eventsourcing save "
                                f"({gc_name})", rate("full_import") or 0, save, 5,
                                note=f"{runs}; in process, from the file's bytes: the log layer's checks, then "
                                     "every input checked by the duel's rules (check_log: a turn resolved for "
                                     "each input whose check reads the resolution: the stake rolls' dice), one "
                                     "insert, checkpoints in one transaction"))
    out.append(Figure("reducer-only replay (driver.replay_store)", count / statistics.median(times["replay_store"]),
                      "ev/s", note=f"{runs}; reads only the {reducer:,} reducer events of {count:,} and checks "
                                   f"nothing: the rate counts all {count:,}, as the old bench did (not comparable)"))
    return out


# --- 9. the CLI as whole processes ------------------------------------------------------------------------------

_WRAP = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"seconds": seconds, "rss_kb": usage.ru_maxrss, "cpu": usage.ru_utime + usage.ru_stime,
                  "rc": done.returncode, "err": done.stderr.decode()[-400:]}))
"""
"""Runs one command as its only child: its wall time, and its peak RSS and CPU time (user + system) from
getrusage(RUSAGE_CHILDREN) (in a process with one child, that child's: the largest RSS of its tree, the CPU time
of the whole tree, the workers it waited for included)."""

VARIANT = 'name = "single counter"\nruleset = "duel@1"\n\n[options]\ncounter_mode = "single"\n'
"""The house rules every rerun figure uses (A16: one counter-attack per duelist per turn)."""


@dataclass
class Run:
    """One whole process: wall seconds, peak RSS (MB), exit code, the end of its stderr and its CPU seconds."""

    seconds: float
    rss_mb: float
    rc: int
    err: str
    cpu: float = 0.0


TREE = Path(__file__).resolve().parent.parent
"""The checkout whose `battlelog` the whole-process rows run (`--tree`: another one, e.g. an older commit's)."""


def battlelog(*args: str) -> list[str]:
    """The command line of `battlelog ARGS`: `python -m cli.main` with TREE first on the path (so `--tree` picks
    the code, not the installed script)."""
    return [sys.executable, "-m", "cli.main", *args]


def process(cmd: list[str], cwd: Path, *, check: bool = True) -> Run:
    """Run `cmd` as a whole process under the wrapper; its wall time and peak RSS."""
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(TREE)}
    out = subprocess.run([sys.executable, "-c", _WRAP, *cmd], cwd=cwd, env=env, capture_output=True, text=True,
                         check=True)
    data = json.loads(out.stdout)
    run = Run(data["seconds"], data["rss_kb"] / 1024, data["rc"], data["err"], data["cpu"])
    if check and run.rc != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {run.rc}: {run.err}")
    return run


def medians(runs: list[Run]) -> tuple[float, float]:
    """(median wall ms, max peak RSS MB) of runs."""
    return statistics.median(r.seconds for r in runs) * 1000, max(r.rss_mb for r in runs)


def cpu_ms(runs: list[Run]) -> float:
    """The median CPU time (user + system, the whole process tree) of runs, in ms."""
    return statistics.median(r.cpu for r in runs) * 1000


def copy_db(db: Path, to: Path) -> Path:
    """A copy of a database file (and its WAL, if any) to write to."""
    import shutil

    for p in (to, to.with_name(to.name + ".wal")):
        p.unlink(missing_ok=True)
    shutil.copyfile(db, to)
    wal = db.with_name(db.name + ".wal")
    if wal.exists():
        shutil.copyfile(wal, to.with_name(to.name + ".wal"))
    return to


def cli_figures(work: Path, db: Path, data: bytes, n: int, count: int, late: int, repeat: int, sizes: list[int],
                es_save: float | None, log: Callable[[str], None]) -> list[Figure]:
    """Every CLI row as whole processes: start-up, state, order, roll, import, verify, audit and rerun by size."""
    runs = max(3, repeat)
    figures: list[Figure] = []
    bare_ms, _ = medians([process([sys.executable, "-c", "pass"], work) for _ in range(runs + 2)])
    figures.append(Figure("bare interpreter (`python -c pass`)", bare_ms, "ms",
                          note=f"whole process, median of {runs + 2}: the machine's mood, to scale the rows below"))
    helps = [process(battlelog("--help"), work) for _ in range(runs + 2)]
    (help_ms, help_rss), help_cpu = medians(helps), cpu_ms(helps)
    figures.append(Figure("`battlelog --help` start-up", help_ms, "ms", aim="<= 150 ms", met=help_ms <= 150,
                          note=f"whole process, median of {runs + 2}; CPU {help_cpu:.0f} ms; peak RSS "
                               f"{help_rss:.0f} MB; the start-up the rows below are measured over"))
    main_db = ["--db", str(db)]

    def row(name: str, cmd: list[str], aim_ms: float | None, what: str, n: int = runs,
            setup: Callable[[int], list[str]] | None = None) -> None:
        done = [process(battlelog(*(setup(k) if setup else main_db), *cmd), work) for k in range(n)]
        ms, rss = medians(done)
        over = ms - help_ms
        figures.append(Figure(name, ms, "ms", aim="" if aim_ms is None else f"start-up + <= {aim_ms:g} ms",
                              met=None if aim_ms is None else over <= aim_ms,
                              note=f"whole process, median of {n}; {over:+.0f} ms over start-up; CPU "
                                   f"{cpu_ms(done):.0f} ms (start-up's {help_cpu:.0f}); peak RSS {rss:.0f} MB; "
                                   f"{what}"))

    row(f"`battlelog state --turn {late}` (a closed late turn)", ["state", GAME, "--turn", str(late), "--json"], 50,
        "the state after the turn, printed as JSON")
    copies = [copy_db(db, work / f"append-{k}.duckdb") for k in range(runs)]
    order = json.dumps({"stack": STACKS["A"], "stake": "high", "activate": {}})
    row("`battlelog order` (one order of the open turn, --json)", ["order", GAME, "--actor", "A", "--json", order],
        20, "checked against the rules where the open turn stands, appended; a fresh copy of the database each run",
        setup=lambda k: ["--db", str(copies[k])])
    row("`battlelog roll` (one recorded stake roll of the open turn)",
        ["roll", GAME, "1d100", "--actor", "A", "--result", "72", "--stake", "high"], 20,
        "checked and appended after that order, in the same copies", setup=lambda k: ["--db", str(copies[k])])
    log("cli: state, order, roll done")

    path = work / "duel.jsonl"
    path.write_bytes(data)
    imports = [process(battlelog("--db", str(fresh(work, f"cli-import-{k}")), "import", str(path)), work)
               for k in range(max(1, repeat // 2 + 1))]
    seconds, rss = statistics.median(r.seconds for r in imports), max(r.rss_mb for r in imports)
    figures.append(compared("`battlelog import` (every rule checked), whole process, vs eventsourcing save",
                            count / seconds, es_save, 5,
                            note=f"median of {len(imports)}; start-up included; CPU {cpu_ms(imports) / 1000:.2f} s; "
                                 f"peak RSS {rss:.0f} MB; theirs: eventsourcing save in process, GC on"))
    verifies = [process(battlelog(*main_db, "verify", GAME), work) for _ in range(runs)]
    seconds, rss = statistics.median(r.seconds for r in verifies), max(r.rss_mb for r in verifies)
    figures.append(Figure("`battlelog verify`, whole process", count / seconds, "ev/s", aim=">= 500k ev/s",
                          met=count / seconds >= 500_000,
                          note=f"median of {runs}; start-up included; CPU {cpu_ms(verifies) / 1000:.2f} s; peak "
                               f"RSS {rss:.0f} MB; every hash and link checked, engine rolls re-derived"))
    log("cli: import, verify done")

    house = work / "house.toml"
    house.write_text(VARIANT, encoding="utf-8")
    for size in sizes:
        sized = db if size == n else sized_db(work, size, log)
        events = count if size == count else size_count(sized)
        for name, cmd in (("audit", ["audit", GAME]), ("rerun", ["rerun", GAME, "--variant", str(house)])):
            n = 1 if events > 20_000 else runs
            done = [process(battlelog("--db", str(sized), *cmd), work, check=False) for _ in range(n)]
            bad = [r for r in done if r.rc not in (0, 1)]
            if bad:
                raise RuntimeError(f"{name} exited {bad[0].rc}: {bad[0].err}")
            seconds, rss = statistics.median(r.seconds for r in done), max(r.rss_mb for r in done)
            figures.append(Figure(f"`battlelog {name}`, {events:,} events", events / seconds, "ev/s",
                                  aim=">= 50k ev/s", met=events / seconds >= 50_000,
                                  note=f"whole process, median of {n}: {seconds:.2f} s (CPU {cpu_ms(done) / 1000:.2f}"
                                       f" s), start-up included; peak RSS {rss:.0f} MB"))
        log(f"cli: audit and rerun of {size:,} events done")
    return figures


def sized_db(work: Path, size: int, log: Callable[[str], None]) -> Path:
    """A database holding the bench duel of `size` events (rules checked, checkpoints written)."""
    from replay import importing

    db = fresh(work, f"sized-{size}")
    with Store.open(db) as store:
        importing.import_text(store, duel_jsonl(size, log), source="duel.jsonl")
    return db


def size_count(db: Path) -> int:
    with Store.open(db) as store:
        return store.count(GAME)


# --- 10. memory of a replay, ours and theirs, as whole processes --------------------------------------------------

def memory_figures(work: Path, db: Path, data: bytes, count: int) -> list[Figure]:
    """Peak RSS of a process that replays the game (ours: fold.replay_verified) and of one that reconstructs it
    (eventsourcing's repository.get, from a file a first process saved)."""
    me = str(Path(__file__).resolve())
    ours = process([sys.executable, me, "--_replay", str(db)], work)
    out = [Figure(f"memory, replaying {count:,} events (fold.replay_verified)", ours.rss_mb, "MB", aim="<= 150 MB",
                  met=ours.rss_mb <= 150, note="peak RSS of the whole process (interpreter and imports included), "
                                               f"{ours.seconds:.2f} s")]
    try:
        import eventsourcing  # noqa: F401
    except ImportError:
        return out
    path, sqlite = work / "es.jsonl", work / "es-memory.sqlite"
    path.write_bytes(data)
    sqlite.unlink(missing_ok=True)
    process([sys.executable, me, "--_es-save", str(sqlite), str(path)], work)
    theirs = process([sys.executable, me, "--_es-load", str(sqlite)], work)
    out[0].theirs = theirs.rss_mb
    out[0].note += f"; theirs: eventsourcing's reconstruct in a process of its own, {theirs.seconds:.2f} s"
    return out


def _replay_process(db: str) -> None:
    """The process `memory_figures` measures: replay the bench game, print how many events were read."""
    from replay import fold

    with Store.open(db) as store:
        read, _ = fold.replay_verified(store, GAME)
    print(read)


def _es_save_process(sqlite: str, path: str) -> None:
    from eventsourcing.application import Application

    Duel = duel_aggregate()  # noqa: N806 - a class
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": sqlite})
    first, *rest = (json.loads(line) for line in Path(path).read_bytes().splitlines())
    duel = Duel(first["game"], first["payload"])
    for x in rest:
        duel.record(x["type"], x.get("turn"), x.get("actor"), x.get("cause"), x["payload"], x["at"])
    app.save(duel)
    Path(sqlite + ".id").write_text(str(duel.id))
    app.close()


def _es_load_process(sqlite: str) -> None:
    from uuid import UUID

    from eventsourcing.application import Application
    from eventsourcing.utils import register_topic

    Duel = duel_aggregate()  # noqa: N806 - a class
    topic = f"{__name__}:duel_aggregate.<locals>.Duel"  # as the saving process (also __main__) named it
    for suffix, cls in (("", Duel), (".Created", Duel.Created), (".Recorded", Duel.Recorded)):
        register_topic(topic + suffix, cls)
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": sqlite})
    duel = app.repository.get(UUID(Path(sqlite + ".id").read_text()))
    print(duel.events)
    app.close()


# --- 11. knights frames -------------------------------------------------------------------------------------------

def knights_figures(work: Path, repeat: int = 5) -> list[Figure]:
    """SVG and PNG of the knights frame of the latest turn of the recorded battle (its last step)."""
    from replay import driver, importing, views
    from replay.render import png

    path = Path(__file__).resolve().parent.parent / "fixtures" / "knights" / "battle.jsonl"
    with Store.open(fresh(work, "knights")) as store:
        game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
        game = driver.load(store, game_id)
        late = max(t for t in game.index.closed if driver.turn_steps(game, t).steps)
        view = views.frame_view(game, late, None, "ru", store)
        every = [views.frame_view(game, t, s, "ru", store) for t in sorted(game.index.closed)
                 for s in range(1, len(driver.turn_steps(game, t).steps) + 1)]
    first, svg = timed(lambda: game.ruleset.frame(view))
    each_ms = statistics.median(timed(lambda v=v: game.ruleset.frame(v))[0] * 1000 for v in every)
    svg_ms = statistics.median(timed(lambda: game.ruleset.frame(view))[0] * 1000 for _ in range(repeat))
    png.to_png(svg, last_hash=view.last_hash)
    png_ms = statistics.median(timed(lambda: png.to_png(svg, last_hash=view.last_hash))[0] * 1000
                               for _ in range(repeat))
    elements = sum(1 for _ in ElementTree.fromstring(svg).iter())
    return [
        Figure(f"knights frame SVG, turn {late} (last step)", svg_ms, "ms", aim="<= 5 ms", met=svg_ms <= 5,
               note=f"ruleset.frame: build + serialise, {elements} elements; median of {repeat} after a first "
                    f"({first * 1000:.0f} ms, imports included)"),
        Figure(f"knights frame SVG, each of the game's {len(every)} frames once", each_ms, "ms", aim="<= 5 ms",
               met=each_ms <= 5, note="ruleset.frame of every step of every turn in order, once each (what drawing "
                                      "a game's frames costs: the static layer and cards reused); median"),
        Figure(f"knights frame PNG, turn {late}", png_ms, "ms", aim="<= 150 ms", met=png_ms <= 150,
               note=f"replay.render.png.to_png (resvg, bundled fonts); median of {repeat} after a first"),
    ]


# --- 12. a corpus rerun -------------------------------------------------------------------------------------------

KNIGHTS_VARIANT = '[options]\ncollision_overlap = "segment_end"\n'
"""The house rule the knights corpus rerun uses (K-overlap measured at the segment's end, not the path's maximum)."""


def corpus_figures(work: Path, games: int, log: Callable[[str], None], kind: str = "duel") -> list[Figure]:
    """`battlelog corpus rerun DIR --variant house.toml` over `games` recorded games of `kind` (the fixtures,
    renamed): the duels under counter_mode = single, the knights games under collision_overlap = segment_end."""
    try:
        from replay import corpus
    except ImportError:
        return [Figure(f"corpus rerun, {games:,} {kind} games", None, "s", aim="<= 20 s",
                       note="skipped: no corpus command in this battlelog")]
    folder = work / f"corpus-{kind}"
    corpus.write_fixture_corpus(folder, games, kind=kind)
    house = work / f"house-{kind}.toml"
    house.write_text(VARIANT if kind == "duel" else KNIGHTS_VARIANT, encoding="utf-8")
    done = process(battlelog("corpus", "rerun", str(folder), "--variant", str(house), "--out",
                             str(work / f"corpus-out-{kind}")), work)
    log(f"{kind} corpus rerun done")
    aim = 20 if kind == "duel" else 60
    what = "duels" if kind == "duel" else "knights games (the four recorded ones in turn: battle, joust, lady, ruling)"
    rule = "counter_mode = single" if kind == "duel" else "collision_overlap = segment_end"
    return [Figure(f"`battlelog corpus rerun` of {games:,} {what} under a variant", done.seconds, "s",
                   aim=f"<= {aim} s", met=done.seconds <= aim,
                   note=f"whole process on {os.cpu_count()} cores (process pool); CPU {done.cpu:.1f} s over "
                        f"the whole tree; peak RSS (largest process) {done.rss_mb:.0f} MB; every file parsed and "
                        f"its chain checked, each game re-resolved under {rule}, per-game diffs written")]


# --- the run -------------------------------------------------------------------------------------------------------

def compared(name: str, ours: float, theirs: float | None, aim: float | None, unit: str = "ev/s",
             note: str = "") -> Figure:
    """A figure with theirs and the ratio ours / theirs (and its aim, if any)."""
    ratio = None if not theirs else ours / theirs
    met = None if aim is None or ratio is None else ratio >= aim
    return Figure(name, ours, unit, theirs, ratio, "" if aim is None else f">= {aim:g}x", met, note)


def run(n: int, posts: int, repeat: int, with_eventsourcing: bool, with_full_import: bool,
        log: Callable[[str], None], envelope: int = 2, with_cli: bool = True, corpus: int = 1000,
        sizes: list[int] | None = None, cli_only: bool = False, knights_corpus: int = 0) -> list[Figure]:
    """Every figure, in a fresh temporary directory."""
    data = duel_jsonl(n, log, envelope)
    count = data.count(b"\n")
    log(f"{count:,} events, {len(data) / count:.0f} bytes a line on average")
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="battlelog-bench-") as tmp:
        work = Path(tmp)
        if cli_only:
            return cli_only_figures(work, data, n, count, repeat, sizes, corpus, log, knights_corpus)
        times, db, full_db, last = rounds(work, data, repeat, with_eventsourcing, with_full_import, log)
        if check_replay(db, last["state"]) != count or last["read"] != count:
            raise AssertionError("the replay did not read the whole game")
        reducer = reducer_events(db)
        figures.extend(rounds_figures(times, count, last["read"], reducer, repeat))
        log("rounds done (the replay equal to fold(load()))")
        figures.extend(verify_figures(db, repeat))
        seeks, game, late = seek_figures(db)
        figures.extend(seeks)
        log("seek done")
        figures.extend(frame_figures(db, game, late - 1))
        figures.extend(knights_figures(work))
        log("frames done")
        figures.extend(append_figures(db, posts))
        log("append done")
        if with_cli:
            cli_db = full_db if full_db is not None else sized_db(work, n, log)
            es_save = count / statistics.median(times["es_save_gc"]) if "es_save_gc" in times else None
            figures.extend(cli_figures(work, cli_db, data, n, count, late, repeat,
                                       sizes or [s for s in (1_000, 10_000) if s < n] + [n], es_save, log))
            figures.extend(memory_figures(work, cli_db, data, count))
            log("memory done")
            if corpus:
                figures.extend(corpus_figures(work, corpus, log))
            if knights_corpus:
                figures.extend(corpus_figures(work, knights_corpus, log, "knights"))
    return figures


def cli_only_figures(work: Path, data: bytes, n: int, count: int, repeat: int, sizes: list[int] | None,
                     corpus: int, log: Callable[[str], None], knights_corpus: int = 0) -> list[Figure]:
    """`--cli-only`: the whole-process rows, the memory row and the corpus rerun (no eventsourcing ratio)."""
    db = sized_db(work, n, log)
    with Store.open(db) as store:
        late = max(store.turn_index(GAME))
    figures = cli_figures(work, db, data, n, count, late, repeat,
                          sizes or [s for s in (1_000, 10_000) if s < n] + [n], None, log)
    figures.extend(memory_figures(work, db, data, count))
    if corpus:
        figures.extend(corpus_figures(work, corpus, log))
    if knights_corpus:
        figures.extend(corpus_figures(work, knights_corpus, log, "knights"))
    return figures


def _cell(value: float | None, unit: str) -> str:
    """A value as the table shows it."""
    if value is None:
        return "—"
    if unit == "ev/s":
        return f"{value:,.0f} ev/s"
    if unit == "x":
        return f"{value:.1f}x"
    return f"{value:,.2f} {unit}"


def table(figures: list[Figure]) -> Iterator[str]:
    """The figures as an aligned text table, notes below."""
    rows = [("figure", "ours", "theirs", "ratio", "aim", "met?")]
    for f in figures:
        met = "" if f.met is None else ("yes" if f.met else "NO")
        rows.append((f.name, _cell(f.ours, f.unit), _cell(f.theirs, f.unit) if f.theirs else "",
                     _cell(f.ratio, "x") if f.ratio else "", f.aim, met))
    widths = [max(len(r[i]) for r in rows) for i in range(6)]
    for k, r in enumerate(rows):
        yield "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        if k == 0:
            yield "  ".join("-" * w for w in widths)
    yield ""
    for f in figures:
        if f.note:
            yield f"- {f.name}: {f.note}"




def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run, print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--posts", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds (the median is shown)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-eventsourcing", action="store_true", help="skip the eventsourcing comparison")
    parser.add_argument("--no-full-import", action="store_true", help="skip the full `battlelog import` figures")
    parser.add_argument("--no-cli", action="store_true", help="skip the whole-process CLI figures")
    parser.add_argument("--corpus", type=int, default=1000, help="duels in the corpus rerun (0: skip it)")
    parser.add_argument("--knights-corpus", type=int, default=0,
                        help="knights games in a second corpus rerun (0, the default: skip it)")
    parser.add_argument("--sizes", help="game sizes of the audit and rerun rows, e.g. 1000,10000,100000")
    parser.add_argument("--envelope", type=int, choices=(1, 2), default=2,
                        help="the log's envelope version (1: as exported before envelope v2, for older figures)")
    parser.add_argument("--cli-only", action="store_true", help="only the whole-process rows (and memory, corpus)")
    parser.add_argument("--tree", help="run the `battlelog` of this checkout in the whole-process rows")
    parser.add_argument("--_replay", help=argparse.SUPPRESS)
    parser.add_argument("--_es-save", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--_es-load", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args._replay:
        _replay_process(args._replay)
        return 0
    if args._es_save:
        _es_save_process(*args._es_save)
        return 0
    if args._es_load:
        _es_load_process(args._es_load)
        return 0

    def log(message: str) -> None:
        """Progress to stderr."""
        print(message, file=sys.stderr, flush=True)
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else None
    global TREE
    TREE = Path(args.tree).resolve() if args.tree else TREE
    figures = run(args.events, args.posts, max(1, args.repeat), not args.no_eventsourcing, not args.no_full_import,
                  log, args.envelope, not args.no_cli, args.corpus, sizes, args.cli_only, args.knights_corpus)
    if args.json:
        print(json.dumps({"events": args.events, "envelope": args.envelope, "tree": str(TREE),
                          "python": sys.version.split()[0],
                          "cpus": os.cpu_count(),
                          "figures": [asdict(f) for f in figures]}, ensure_ascii=False, indent=2))
    else:
        print(f"battlelog bench: a real duel of {args.events:,} events (envelope v{args.envelope}), "
              f"Python {sys.version.split()[0]}, "
              f"{os.cpu_count()} CPUs")
        print("\n".join(table(figures)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
