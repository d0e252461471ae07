"""The fast paths the bench measures give what the plain paths give, and the bench itself runs.

- driver.replay_store (reducer's events only, straight from the store) == fold(load(...));
- driver.import_exported (hashes verified in bulk, rules by check_log) == cli.main.import_plain, errors included;
- driver.seek and write_checkpoints on a generated duel == state_at;
- bench.run on a small duel gives every figure, and --json prints them.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from cli.main import check_log, import_plain, import_text
from eventlog import jsonl
from eventlog.envelope import GENESIS, Event
from eventlog.errors import ValidationError
from eventlog.store import Store
from replay import driver

ROOT = Path(__file__).resolve().parent.parent
DUELS = sorted((ROOT / "fixtures" / "duel").glob("*.jsonl"))


def _bench():
    spec = importlib.util.spec_from_file_location("battlelog_bench", ROOT / "bench" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


bench = _bench()


@pytest.fixture(scope="module")
def small_duel() -> bytes:
    """An exported real duel of ~700 events, made by the bench's generator."""
    return ("\n".join(jsonl.export_lines(bench.duel_log(700))) + "\n").encode()


@pytest.mark.parametrize("path", DUELS, ids=[p.stem for p in DUELS])
def test_replay_store_folds_what_fold_of_load_folds(tmp_path: Path, path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
        game, state = driver.replay_store(store, game_id)
        full = driver.load(store, game_id)
        assert state == driver.fold(full)
        assert game.id == game_id and game.ruleset is full.ruleset and game.setup == full.setup
        assert [e.type for e in game.events] == ["game.created"]


def test_replay_store_of_a_missing_game_says_so(tmp_path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store, pytest.raises(ValidationError, match="no game 'nope'"):
        driver.replay_store(store, "nope")


def _import(db: Path, text: str, *, bulk: bool) -> tuple[object, list, list]:
    """(result or problems, stored events, stored checkpoints) of a full import."""
    with Store.open(db) as store:
        try:
            if bulk:
                result = driver.import_exported(store, text, source="x.jsonl", check=check_log)
                assert result is not None
            else:
                result = import_plain(store, text, source="x.jsonl")
            outcome: object = {game: events for game, events in result.items()}
        except ValidationError as error:
            outcome = error.problems
        games = store.games()
        events = [e for g in games for e in store.events(g)]
        checkpoints = store.con.execute("SELECT * FROM checkpoints ORDER BY ALL").fetchall()
    return outcome, events, checkpoints


def _upgraded(text: str, start: int) -> str:
    """The exported (v1) fixture as if the game had gone on in envelope v2 from its line `start` (1-based) on:
    those events sealed again, orders in phase "orders" and seen by their actor only."""
    from eventlog.envelope import Draft, seal

    out: list[Event] = []
    for k, line in enumerate(text.splitlines(), 1):
        e = json.loads(line)
        if k < start:
            out.append(Event(e["game"], e["seq"], e["type"], e["turn"], e["actor"], e["payload"], e["cause"],
                             e["at"], e["prev"], e["hash"]))
            continue
        order = e["type"] == "order"
        draft = Draft(e["type"], e["payload"], e["turn"], e["actor"], e["cause"], "orders" if order else None,
                      (e["actor"],) if order else None)
        out.append(seal(e["game"], out[-1].hash if out else GENESIS, e["seq"], draft, e["at"]))
    return "\n".join(jsonl.export_lines(out)) + "\n"


_FORMATS = {"v1": lambda text: text, "v2": lambda text: _upgraded(text, 1),
            "v1 then v2": lambda text: _upgraded(text, len(text.splitlines()) // 2)}


@pytest.mark.parametrize("fmt", list(_FORMATS))
@pytest.mark.parametrize("path", DUELS, ids=[p.stem for p in DUELS])
def test_the_bulk_full_import_equals_the_plain_one(tmp_path: Path, path: Path, fmt: str, monkeypatch) -> None:
    monkeypatch.setattr(driver, "CHECKPOINT_EVERY", 5)
    text = _FORMATS[fmt](path.read_text(encoding="utf-8"))
    bulk = _import(tmp_path / "bulk.duckdb", text, bulk=True)
    assert bulk == _import(tmp_path / "plain.duckdb", text, bulk=False)
    assert {e.v for e in bulk[1]} == {"v1": {1}, "v2": {2}, "v1 then v2": {1, 2}}[fmt]
    assert "\n".join(jsonl.export_lines(bulk[1])) + "\n" == text


def _edits(text: str) -> dict[str, str]:
    from eventlog.envelope import canonical_envelope, canonical_envelope_v2, canonical_json, envelope_hash, payload_hash

    lines = text.splitlines()
    order = next(i for i, x in enumerate(lines) if '"type":"order"' in x)
    e = json.loads(lines[order])
    # The line as export writes it, but for its payload keys, written in reverse, and a hash made over that text
    # (v2: that text's sha256): right for the text, wrong for the canonical envelope.
    unsorted = json.dumps(dict(reversed(e["payload"].items())), ensure_ascii=False, separators=(",", ":"))
    assert unsorted != canonical_json(e["payload"])
    if e.get("v") == 2:
        body = canonical_envelope_v2(e["game"], e["seq"], e["type"], e["turn"], e["actor"], payload_hash(unsorted),
                                     e["cause"], e["at"], e["prev"], e["phase"], e["visible"])
        forged = lines[order].replace(f',"payload":{canonical_json(e["payload"])},', f',"payload":{unsorted},', 1)
        forged = forged.replace(e["hash"], envelope_hash(e["prev"], body), 1)
    else:
        body = canonical_envelope(e["game"], e["seq"], e["type"], e["turn"], e["actor"], unsorted, e["cause"],
                                  e["at"], e["prev"])
        forged = body.replace(',"payload":', f',"hash":"{envelope_hash(e["prev"], body)}","payload":', 1)
    assert forged != lines[order]
    roll = next(i for i, x in enumerate(lines) if '"type":"roll"' in x)
    return {
        "a doctored roll": "\n".join(lines[:roll] + [lines[roll].replace('"result":[', '"result":[1')]
                                     + lines[roll + 1:]),
        "a hash over unsorted payload keys": "\n".join(lines[:order] + [forged] + lines[order + 1:]),
        "the same, last": "\n".join(lines[:order] + [forged]),
        "a line left out": "\n".join(lines[:order] + lines[order + 1:]),
    }


@pytest.mark.parametrize("fmt", list(_FORMATS))
@pytest.mark.parametrize("edit", ["a doctored roll", "a hash over unsorted payload keys", "the same, last",
                                  "a line left out"])
def test_the_bulk_full_import_refuses_what_the_plain_one_refuses(tmp_path: Path, edit: str, fmt: str) -> None:
    text = _edits(_FORMATS[fmt](DUELS[0].read_text(encoding="utf-8")))[edit]
    bulk = _import(tmp_path / "bulk.duckdb", text, bulk=True)
    assert bulk == _import(tmp_path / "plain.duckdb", text, bulk=False)
    assert isinstance(bulk[0], list) and bulk[1] == []


def test_an_import_of_a_game_already_there_is_refused(tmp_path: Path) -> None:
    text = DUELS[0].read_text(encoding="utf-8")
    with Store.open(tmp_path / "g.duckdb") as store:
        driver.import_exported(store, text, source="x", check=check_log)
        with pytest.raises(ValidationError, match="already exists in this database"):
            driver.import_exported(store, text, source="x", check=check_log)


def test_a_hand_written_log_goes_the_plain_way(tmp_path: Path) -> None:
    hand = '{"game": "g", "type": "game.created", "payload": {"ruleset": "duel@1"}}\n'
    with Store.open(tmp_path / "g.duckdb") as store:
        assert driver.import_exported(store, hand, source="x", check=check_log) is None


def test_a_generated_duel_replays_seeks_and_checkpoints_like_the_plain_fold(tmp_path: Path, small_duel: bytes,
                                                                             monkeypatch) -> None:
    monkeypatch.setattr(driver, "CHECKPOINT_EVERY", 50)
    with Store.open(tmp_path / "g.duckdb") as store:
        imported = driver.import_exported(store, small_duel, source="duel.jsonl", check=check_log)
        assert imported is not None
        game = driver.load(store, bench.GAME)
        assert driver.replay_store(store, bench.GAME)[1] == driver.fold(game)
        key = game.checkpoint_key
        assert store.checkpoint(bench.GAME, key, 10**9) is not None
        written = store.con.execute("SELECT seq, state FROM checkpoints ORDER BY seq").fetchall()
        store.drop_checkpoints(bench.GAME)
        assert driver.write_checkpoints(store, game) == len(written)
        assert store.con.execute("SELECT seq, state FROM checkpoints ORDER BY seq").fetchall() == written
        for turn in (1, 37, max(driver.turns(game))):
            for step in (0, 1, None):
                assert driver.seek(store, game, turn, step) == driver.state_at(game, turn, step)[0]
        with pytest.raises(ValidationError, match="has no events"):
            driver.seek(store, game, 10**6)


def test_the_bench_runs_and_prints_its_table(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench, "OUT", tmp_path / "out")
    assert bench.main(["--events", "1500", "--posts", "5", "--repeat", "1", "--json", "--corpus", "4",
                       "--knights-corpus", "2", "--sizes", "1000"]) == 0
    report = json.loads(capsys.readouterr().out)
    figures = {f["name"]: f for f in report["figures"]}
    assert any(name.startswith("bulk import") and f["theirs"] and f["ratio"] for name, f in figures.items())
    assert any(name.startswith("full replay") and f["theirs"] and f["ratio"] for name, f in figures.items())
    assert all(f["ours"] is not None for f in figures.values() if not f["note"].startswith("skipped"))
    assert any(name.startswith("`battlelog corpus rerun` of 2 knights games") and "collision_overlap" in f["note"]
               for name, f in figures.items())
    assert list((tmp_path / "out").glob("duel-1500-*.jsonl"))
    assert report["envelope"] == 2 and b',"v":2,' in next((tmp_path / "out").glob("duel-1500-*.jsonl")).read_bytes()
    assert bench.main(["--events", "1500", "--posts", "5", "--repeat", "1", "--no-eventsourcing",
                       "--no-full-import", "--no-cli", "--envelope", "1"]) == 0
    table = capsys.readouterr().out
    assert "figure" in table and "aim" in table and "met?" in table and "(envelope v1)" in table
    assert b',"v":' not in (tmp_path / "out" / f"duel-1500-v{bench.GENERATOR}-envelope1.jsonl").read_bytes()


RECORDED = DUELS + sorted((ROOT / "fixtures" / "knights").glob("*.jsonl"))


@pytest.mark.parametrize("path", RECORDED, ids=[f"{p.parent.name}-{p.stem}" for p in RECORDED])
def test_a_span_from_a_checkpoint_views_what_the_whole_game_views(tmp_path: Path, path: Path, monkeypatch) -> None:
    from replay import fold, play, views

    monkeypatch.setattr(fold, "CHECKPOINT_EVERY", 7)
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
        whole = driver.load(store, game_id)
        span, start = fold.load_span(store, game_id)
        assert span.events[-1] == whole.events[-1] and len(span.events) < len(whole.events)
        here, there = play.point(span, start), play.point(whole)
        assert (here.turn, here.state, here.drafts, here.requests) == (there.turn, there.state, there.drafts,
                                                                       there.requests)
        for turn in sorted(whole.index.closed):
            assert fold.is_closed(store, game_id, turn)
            part, _ = fold.load_span(store, game_id, turn)
            assert views.turn_view(part, turn, store) == views.turn_view(whole, turn, store)
            assert views.frame_view(part, turn, None, "en", store) == views.frame_view(whole, turn, None, "en", store)
        assert not fold.is_closed(store, game_id, max(whole.index.by_turn) + 1)


def test_replay_verified_reads_and_checks_every_event(tmp_path: Path, small_duel: bytes, monkeypatch) -> None:
    from eventlog.errors import ChainError
    from replay import fold

    monkeypatch.setattr(fold, "REPLAY_CHUNK", 64)
    with Store.open(tmp_path / "g.duckdb") as store:
        driver.import_exported(store, small_duel, source="duel.jsonl", check=check_log)
        read, state = fold.replay_verified(store, bench.GAME)
        assert read == store.count(bench.GAME) and state == driver.fold(driver.load(store, bench.GAME))
        store.con.execute("UPDATE events SET payload = '{\"text\":\"x\"}' WHERE game = ? AND seq = 100",
                          [bench.GAME])
        with pytest.raises(ChainError) as error:
            fold.replay_verified(store, bench.GAME)
        assert error.value.seq == 100
