"""Figures of the event log: import, replay, seek, live append, verify, frames, and the eventsourcing anchor.

Usage: python bench/bench.py [--events 100000] [--posts 200] [--json]
Every figure runs in a fresh temporary directory; see bench/README.md for what each one measures.
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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eventlog.envelope import Draft, Event, canonical_json  # noqa: E402
from eventlog.jsonl import chain, parse_lines  # noqa: E402
from eventlog.store import Store, verify_chain  # noqa: E402

GAME = "duel-bench"
AT = "2024-05-01T10:00:00.000000Z"
CHECKPOINT_EVERY = 500
UNITS = ("Ромашка", "Iron Maiden")


@dataclass
class Figure:
    """One measured figure, with the issue's target when it has one."""

    name: str
    value: float | None
    unit: str
    target: str = ""
    met: bool | None = None
    note: str = ""


# --- the synthetic duel log --------------------------------------------------------------------------------------

def _turn_lines(turn: int) -> list[dict[str, Any]]:
    """One duel-like turn: two orders, four rolls, an exchange with its arithmetic, turn.closed (8 events)."""
    stake_a, stake_b = turn * 7 % 100 + 1, turn * 13 % 100 + 1
    order = {"maneuver": "ram", "stack": ["ram", "turn_left", "hold"], "stake": 3, "note": "в атаку, держать строй"}
    return [
        {"type": "order", "turn": turn, "actor": "A", "payload": {**order, "unit": UNITS[0]}},
        {"type": "order", "turn": turn, "actor": "B", "payload": {**order, "unit": UNITS[1], "maneuver": "evade"}},
        *({"type": "roll", "turn": turn, "actor": actor, "payload": {
            "dice": "1d100", "purpose": purpose, "result": [value], "total": value, "source": "engine",
            "unit": unit, "link": "https://forum.example/thread/42/post/17"}}
          for actor, unit, purpose, value in (("A", UNITS[0], "stake", stake_a), ("B", UNITS[1], "stake", stake_b),
                                              ("A", UNITS[0], "hit", stake_b), ("B", UNITS[1], "hit", stake_a))),
        {"type": "duel.exchange", "turn": turn, "actor": None, "cause": None, "payload": {
            "winner": "A" if stake_a >= stake_b else "B", "damage": abs(stake_a - stake_b) % 4,
            "why": f"stake {stake_a} vs {stake_b}; ram +2, evade -1; damage = |{stake_a}-{stake_b}| mod 4"}},
        {"type": "turn.closed", "turn": turn, "payload": {}},
    ]


def jsonl_text(n: int) -> list[str]:
    """n JSONL lines of one game, as a GM would import them (no seq, prev or hash)."""
    lines = [{"type": "game.created", "payload": {"ruleset": "duel@1", "setup": {"units": list(UNITS)},
                                                   "seed_hash": "0" * 64}}]
    turn = 0
    while len(lines) < n:
        turn += 1
        lines.extend(_turn_lines(turn))
    return [json.dumps({"game": GAME, "at": AT, **line}, ensure_ascii=False) for line in lines[:n]]


# --- helpers -----------------------------------------------------------------------------------------------------

def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds taken by fn() and its result."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


@dataclass(frozen=True, slots=True)
class Tally:
    """The trivial reducer's state: events folded, current turn, rolls seen, damage dealt."""

    events: int = 0
    turn: int = 0
    rolls: int = 0
    damage: int = 0


def tally(state: Tally, event: Event) -> Tally:
    """The trivial reducer: one new frozen state per event, as a real reducer makes."""
    return Tally(state.events + 1, event.turn if event.turn is not None else state.turn,
                 state.rolls + (event.type == "roll"), state.damage + event.payload.get("damage", 0))


def fold(state: Tally, events: Iterable[Event]) -> Tally:
    """Fold events with the trivial reducer."""
    for event in events:
        state = tally(state, event)
    return state


# --- 1. bulk import -----------------------------------------------------------------------------------------------

def import_figure(db: Path, lines: list[str]) -> tuple[Figure, float]:
    """JSONL text -> parse_lines -> chain -> Store.import_events, one transaction."""
    def run() -> int:
        """Import the lines into the file."""
        with Store.open(db) as store:
            events = chain(parse_lines(lines), head=store.head(GAME), now=AT)
            return store.import_events(events)
    seconds, count = timed(run)
    return Figure("import (JSONL -> parse -> chain -> DuckDB)", count / seconds, "ev/s"), seconds


# --- 2. full replay -----------------------------------------------------------------------------------------------

def replay_figure(db: Path) -> Figure:
    """Read every event of the game from the store and fold it (the trivial reducer until pointed at the driver)."""
    # REAL FOLD: this folds with the trivial reducer `tally` (one new frozen state per event). To measure the real
    # duel fold, generate a real 100k-event duel log instead of `jsonl_text`, then here, importing lazily:
    #   from replay import driver
    #   game = driver.game_from_events(events)
    #   state = driver.fold_events(game.ruleset, driver.initial_state(game), events)
    def run() -> Tally:
        """Open, read, fold."""
        with Store.open(db) as store:
            return fold(Tally(), store.events(GAME))
    seconds, state = timed(run)
    return Figure("replay (open, read all, fold)", state.events / seconds, "ev/s", note="trivial reducer")


# --- 3. seek with checkpoints -------------------------------------------------------------------------------------

def write_checkpoints(db: Path) -> int:
    """Keep the trivial state every CHECKPOINT_EVERY events at turn ends; returns how many."""
    with Store.open(db) as store:
        state, mark, written = Tally(), 0, 0
        store.con.execute("BEGIN TRANSACTION")
        for event in store.events(GAME):
            state = tally(state, event)
            if event.type == "turn.closed" and event.seq - mark >= CHECKPOINT_EVERY:
                store.put_checkpoint(GAME, "tally@1", event.seq, canonical_json(asdict(state)))
                mark, written = event.seq, written + 1
        store.con.execute("COMMIT")
    return written


def seek(store: Store, turn: int, step: int) -> Tally:
    """The state at step `step` of `turn`: the turn's seqs, the nearest checkpoint, fold the tail."""
    first, last = store.turn_range(GAME, turn) or (1, 0)
    cp = store.checkpoint(GAME, "tally@1", first - 1)
    state, start = (Tally(), 1) if cp is None else (Tally(**json.loads(cp[1])), cp[0] + 1)
    return fold(state, store.events(GAME, from_seq=start, upto_seq=min(last, first + step - 1)))


def seek_figures(db: Path, repeat: int = 20) -> list[Figure]:
    """Median time of a seek to a late step, with the store open, and the time to open the file."""
    with Store.open(db) as store:
        late = max(store.turn_index(GAME))
        turns = [late - k for k in range(repeat)]
        times = [timed(lambda t=t: seek(store, t, 5))[0] * 1000 for t in turns]
        folded = seek(store, late, 5).events
    opens = [timed(lambda: Store.open(db).close())[0] * 1000 for _ in range(5)]
    return [
        Figure(f"seek to turn {late} step 5 (seq {folded})", statistics.median(times), "ms", "<= 10 ms",
               statistics.median(times) <= 10, "turn_range + checkpoint + fold the tail; median of 20"),
        Figure("open the database file", statistics.median(opens), "ms", note="every CLI command pays it once"),
    ]


# --- 4. live append -----------------------------------------------------------------------------------------------

def post_drafts(turn: int) -> list[Draft]:
    """A forum post's five events: the two orders and three rolls of a turn."""
    lines = _turn_lines(turn)[:5]
    return [Draft(x["type"], x["payload"], x["turn"], x["actor"]) for x in lines]


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
        Figure("append one post (5 events), median", median, "ms", "<= 5 ms", median <= 5,
               f"over {posts} posts, one commit each"),
        Figure("append one post (5 events), p95", p95(times), "ms"),
    ]


# --- 5. verify ----------------------------------------------------------------------------------------------------

def verify_figure(db: Path) -> Figure:
    """verify_chain over every event of the game (read first, not timed)."""
    with Store.open(db) as store:
        events = store.events(GAME)
    seconds, _ = timed(lambda: verify_chain(events))
    return Figure("verify the hash chain", len(events) / seconds, "ev/s")


# --- 6. frames ----------------------------------------------------------------------------------------------------

def synthetic_frame() -> tuple[str, str]:
    """A ~200-element frame drawn with the shared SVG helpers (board, units, arrows, labels, legend)."""
    from replay.render import svg

    dwg = svg.new_drawing(800, 600, title="Дуэль: Ромашка против Iron Maiden", caption="turn 12 · step 3",
                          last_hash="0" * 64, desc_text="bench frame")
    for row in range(8):
        for col in range(10):
            kind = ("open", "forest", "hill", "water")[(row * 3 + col) % 4]
            dwg.add(dwg.rect((40 + col * 70, 60 + row * 60), (70, 60), fill=svg.terrain_fill(dwg, kind),
                             stroke="#999", stroke_width=1))
    for k in range(40):
        x, y = 60 + (k * 97) % 680, 80 + (k * 53) % 440
        dwg.add(dwg.circle((x, y), 14, fill="#c33" if k % 2 else "#36c", stroke="#000", stroke_width=2))
        svg.label(dwg, dwg, f"Отряд {k}", (x, y + 28), size=11, anchor="middle")
        if k % 2 == 0:
            svg.arrow(dwg, dwg, (x, y), (x + 40, y - 30), dashed=k % 4 == 0)
    return svg.to_string(dwg), "0" * 64


def frame_figures(repeat: int = 5) -> list[Figure]:
    """SVG and PNG times of a ~200-element frame; skipped with a note if the renderer is not importable."""
    try:
        from replay.render import png
        synthetic_frame()
    except Exception as error:  # noqa: BLE001 - any missing piece of the renderer skips the figure
        note = f"skipped: renderer not importable ({type(error).__name__}: {error})"
        return [Figure("frame SVG", None, "ms", note=note), Figure("frame PNG", None, "ms", "<= 150 ms", None, note)]
    svg_times = [timed(synthetic_frame)[0] * 1000 for _ in range(repeat)]
    text, last = synthetic_frame()
    png_times = [timed(lambda: png.to_png(text, last_hash=last))[0] * 1000 for _ in range(repeat)]
    png_ms = statistics.median(png_times)
    elements = sum(1 for _ in ElementTree.fromstring(text).iter())
    note = f"synthetic frame, {elements} elements; median of {repeat}"
    return [Figure("frame SVG (build + serialise)", statistics.median(svg_times), "ms", note=note),
            Figure("frame PNG (resvg)", png_ms, "ms", "<= 150 ms", png_ms <= 150, note)]


# --- 7. the eventsourcing library, same events --------------------------------------------------------------------

@functools.cache
def duel_aggregate() -> type:
    """The eventsourcing aggregate holding one game's events (defined once: the library registers its topic)."""
    from eventsourcing.domain import Aggregate, event

    class Duel(Aggregate):
        """One game: its creation event, then one Recorded event a log line."""

        def __init__(self, game: str, payload: dict[str, Any]):
            self.game, self.setup, self.events = game, payload, 1

        @event("Recorded")
        def record(self, type: str, turn: int | None, actor: str | None, payload: dict[str, Any],
                   at: str) -> None:
            """Record one event of the game."""
            self.events += 1

    return Duel


def eventsourcing_figures(workdir: Path, lines: list[str], *, paused_gc: bool) -> tuple[float, float]:
    """(save ev/s, reconstruct ev/s) of eventsourcing on SQLite: one aggregate holding the game's events."""
    from eventsourcing.application import Application

    Duel = duel_aggregate()  # noqa: N806 - a class
    db = workdir / f"eventsourcing-{int(paused_gc)}.sqlite"
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(db)})

    def save() -> Any:
        """Parse the lines, record them on one aggregate, save it in one go."""
        first, *rest = (json.loads(line) for line in lines)
        duel = Duel(first["game"], first["payload"])
        for x in rest:
            duel.record(x["type"], x.get("turn"), x.get("actor"), x["payload"], x["at"])
        app.save(duel)
        return duel.id

    with _gc(paused_gc):
        save_s, ident = timed(save)
        load_s, duel = timed(lambda: app.repository.get(ident))
    assert duel.events == len(lines)
    app.close()
    return len(lines) / save_s, len(lines) / load_s


class _gc:
    """Pause the cyclic garbage collector in a with block when asked to."""

    def __init__(self, pause: bool):
        self.pause = pause

    def __enter__(self) -> None:
        if self.pause:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        gc.enable()


# --- the run -------------------------------------------------------------------------------------------------------

def ratio(name: str, ours: float, theirs: float, target: float, note: str = "") -> Figure:
    """ours / theirs as a figure with its target."""
    value = ours / theirs
    return Figure(name, value, "x", f">= {target:g}x", value >= target, note)


def run(n: int, posts: int, with_eventsourcing: bool, log: Callable[[str], None]) -> list[Figure]:
    """Every figure, in a fresh temporary directory."""
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="battlelog-bench-") as tmp:
        work = Path(tmp)
        db = work / "bench.duckdb"
        lines = jsonl_text(n)
        log(f"{n} events, {sum(map(len, lines)) / n:.0f} bytes a line on average")
        imported, _ = import_figure(db, lines)
        figures.append(imported)
        log("import done")
        replayed = replay_figure(db)
        figures.append(replayed)
        figures.append(verify_figure(db))
        log(f"{write_checkpoints(db)} checkpoints written")
        figures.extend(seek_figures(db))
        figures.extend(append_figures(db, posts))
        log("append done")
        figures.extend(frame_figures())
        if with_eventsourcing:
            es_save, es_load = eventsourcing_figures(work, lines, paused_gc=False)
            figures += [Figure("eventsourcing 9 / SQLite: save", es_save, "ev/s", note="one aggregate, one save"),
                        Figure("eventsourcing 9 / SQLite: reconstruct", es_load, "ev/s", note="repository.get")]
            log("eventsourcing done")
            gs_save, gs_load = eventsourcing_figures(work, lines, paused_gc=True)
            figures += [Figure("eventsourcing, GC paused: save", gs_save, "ev/s", note="as our bulk loops do"),
                        Figure("eventsourcing, GC paused: reconstruct", gs_load, "ev/s")]
            figures += [
                ratio("import ratio (ours / eventsourcing)", imported.value or 0, es_save, 15),
                ratio("replay ratio (ours / eventsourcing)", replayed.value or 0, es_load, 10),
                ratio("import ratio vs eventsourcing, GC paused", imported.value or 0, gs_save, 15),
                ratio("replay ratio vs eventsourcing, GC paused", replayed.value or 0, gs_load, 10),
            ]
    return figures


def table(figures: list[Figure]) -> Iterator[str]:
    """The figures as an aligned text table."""
    width = max(len(f.name) for f in figures)
    for f in figures:
        value = "—" if f.value is None else (f"{f.value:,.0f}" if f.unit == "ev/s" else f"{f.value:,.2f}")
        mark = "" if f.met is None else (" ok" if f.met else " MISSED")
        target = f"  target {f.target}{mark}" if f.target else ""
        note = f"  ({f.note})" if f.note else ""
        yield f"{f.name:<{width}}  {value:>12} {f.unit:<4}{target}{note}"


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run, print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--posts", type=int, default=200)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-eventsourcing", action="store_true", help="skip the eventsourcing comparison")
    args = parser.parse_args(argv)

    def log(message: str) -> None:
        """Progress to stderr."""
        print(message, file=sys.stderr, flush=True)
    figures = run(args.events, args.posts, not args.no_eventsourcing, log)
    if args.json:
        print(json.dumps({"events": args.events, "figures": [asdict(f) for f in figures]}, ensure_ascii=False,
                         indent=2))
    else:
        print(f"battlelog bench: {args.events:,} events, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
        print("\n".join(table(figures)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
