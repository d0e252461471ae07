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


# --- 1. bulk import: the log layer ---------------------------------------------------------------------------------

def import_runs(work: Path, data: bytes, repeat: int) -> tuple[list[float], int]:
    """Seconds of `jsonl.import_exported` of the whole file into a new database file, open and close included."""
    times, count = [], 0
    for k in range(repeat):
        db = fresh(work, f"import-{k}")

        def run(db: Path = db) -> int:
            """Open a new file, import every line (hashes and links verified), close it."""
            with Store.open(db) as store:
                imported = jsonl.import_exported(store, data, source="duel.jsonl")
            if imported is None:
                raise RuntimeError("the bench log was not taken for an export")
            return imported
        seconds, count = timed(run)
        times.append(seconds)
    return times, count


# --- 2. full replay --------------------------------------------------------------------------------------------------

def replay_runs(db: Path, repeat: int) -> tuple[list[float], int, Any]:
    """Seconds of open + `driver.replay_store` (the duel reducer over the whole game) + close; events in the game."""
    from replay import driver

    with Store.open(db) as store:
        count = store.count(GAME)
    times, state = [], None
    for _ in range(repeat):
        def run() -> Any:
            """Open the file, fold the whole game from the store, close it."""
            with Store.open(db) as store:
                return driver.replay_store(store, GAME)[1]
        seconds, state = timed(run)
        times.append(seconds)
    return times, count, state


def check_replay(db: Path, state: Any) -> int:
    """The fast replay's state must be the plain fold's (`fold(load(...))`); returns the events loaded."""
    from replay import driver

    with Store.open(db) as store:
        game = driver.load(store, GAME)
    if driver.fold(game) != state:
        raise AssertionError("replay_store and fold(load()) disagree")
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
    """Store.verify (hashes in SQL, doubtful rows in Python) and verify_chain (pure Python) over the whole game."""
    with Store.open(db) as store:
        count = store.count(GAME)
        sql = statistics.median(timed(lambda: store.verify(GAME))[0] for _ in range(repeat))
        events = store.events(GAME)
    python, _ = timed(lambda: verify_chain(events))
    return [
        Figure("verify the hash chain (Store.verify)", count / sql, "ev/s",
               note=f"every hash recomputed in SQL, every link checked; median of {repeat}"),
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


# --- 7. the full `battlelog import` -----------------------------------------------------------------------------------

def full_import_figures(work: Path, data: bytes, count: int) -> list[Figure]:
    """`battlelog import` as the command runs it (cli.main.import_text): rules checked, checkpoints written."""
    from cli.main import import_text

    text = data.decode("utf-8")
    with _gc(pause=False):
        with Store.open(fresh(work, "full")) as store:
            seconds, imported = timed(lambda: import_text(store, text, source="duel.jsonl"))
        if len(imported[GAME]) != count:
            raise RuntimeError("import_text did not import the whole bench log")
    return [Figure("full `battlelog import` (cli.main.import_text)", count / seconds, "ev/s",
                   note="the log layer's bulk verification, then every input checked by the duel's rules "
                        "(check_log), one insert, checkpoints in one transaction")]


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


def eventsourcing_run(work: Path, data: bytes, *, paused_gc: bool) -> tuple[float, float]:
    """(save seconds, reconstruct seconds) of eventsourcing on SQLite: one aggregate holding the game's events."""
    from eventsourcing.application import Application

    Duel = duel_aggregate()  # noqa: N806 - a class
    db = work / f"eventsourcing-{int(paused_gc)}.sqlite"
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
    return save_s, load_s


# --- the run -------------------------------------------------------------------------------------------------------

def compared(name: str, ours: float, theirs: float | None, aim: float | None, unit: str = "ev/s",
             note: str = "") -> Figure:
    """A figure with theirs and the ratio ours / theirs (and its aim, if any)."""
    ratio = None if not theirs else ours / theirs
    met = None if aim is None or ratio is None else ratio >= aim
    return Figure(name, ours, unit, theirs, ratio, "" if aim is None else f">= {aim:g}x", met, note)


def run(n: int, posts: int, repeat: int, with_eventsourcing: bool, with_full_import: bool,
        log: Callable[[str], None], envelope: int = 2) -> list[Figure]:
    """Every figure, in a fresh temporary directory."""
    data = duel_jsonl(n, log, envelope)
    count = data.count(b"\n")
    log(f"{count:,} events, {len(data) / count:.0f} bytes a line on average")
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="battlelog-bench-") as tmp:
        work = Path(tmp)
        es = {}
        if with_eventsourcing:
            for paused in (False, True):
                runs = [eventsourcing_run(work, data, paused_gc=paused) for _ in range(max(1, repeat // 2))]
                es[paused] = (count / statistics.median(s for s, _ in runs),
                              count / statistics.median(r for _, r in runs))
            log("eventsourcing done")
        import_times, imported = import_runs(work, data, repeat)
        if imported != count:
            raise AssertionError(f"imported {imported} of {count} events")
        log("import done")
        db = work / f"import-{repeat - 1}.duckdb"
        replay_times, events, state = replay_runs(db, repeat)
        loaded = check_replay(db, state)
        if loaded != events:
            raise AssertionError("the game does not have the events it was given")
        log("replay done (and equal to fold(load()))")
        ours_import, ours_replay = count / statistics.median(import_times), events / statistics.median(replay_times)
        plain, paused = es.get(False, (None, None)), es.get(True, (None, None))
        figures.append(compared("bulk import, log layer (JSONL -> verified -> DuckDB)", ours_import, plain[0], 15,
                                note=f"median of {repeat}; theirs: eventsourcing save, GC as shipped"))
        figures.append(compared("full replay (open, read, fold with the duel reducer)", ours_replay, plain[1], 10,
                                note=f"median of {repeat}; theirs: eventsourcing reconstruct, GC as shipped"))
        if with_eventsourcing:
            figures.append(compared("bulk import vs eventsourcing with GC paused", ours_import, paused[0], 15,
                                    note="as our bulk loops do"))
            figures.append(compared("full replay vs eventsourcing with GC paused", ours_replay, paused[1], 10))
        figures.extend(verify_figures(db, repeat))
        seeks, game, late = seek_figures(db)
        figures.extend(seeks)
        log("seek done")
        figures.extend(frame_figures(db, game, late - 1))
        log("frames done")
        figures.extend(append_figures(db, posts))
        log("append done")
        if with_full_import:
            for figure in full_import_figures(work, data, count):
                figures.append(compared(figure.name, figure.ours or 0, plain[0], None, note=figure.note))
            log("full import done")
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
    parser.add_argument("--repeat", type=int, default=3, help="runs of import and replay (the median is shown)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-eventsourcing", action="store_true", help="skip the eventsourcing comparison")
    parser.add_argument("--no-full-import", action="store_true", help="skip the full `battlelog import` figures")
    parser.add_argument("--envelope", type=int, choices=(1, 2), default=2,
                        help="the log's envelope version (1: as exported before envelope v2, for older figures)")
    args = parser.parse_args(argv)

    def log(message: str) -> None:
        """Progress to stderr."""
        print(message, file=sys.stderr, flush=True)
    figures = run(args.events, args.posts, max(1, args.repeat), not args.no_eventsourcing, not args.no_full_import,
                  log, args.envelope)
    if args.json:
        print(json.dumps({"events": args.events, "envelope": args.envelope, "python": sys.version.split()[0],
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
