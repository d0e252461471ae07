"""What the fast paths promise: a command imports only what it uses, the import folds the log once, the replay
checks what it says, and the knights' static layer is the same XML however warm its cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eventlog.envelope import canonical_json
from eventlog.errors import ChainError, ValidationError
from eventlog.store import Store
from replay import driver, fold, importing, views

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "fixtures" / "duel" / "traits-1.jsonl"
KNIGHTS = ROOT / "fixtures" / "knights" / "battle.jsonl"

IMPORTED = """
import json, sys
from cli.main import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
rulesets = sorted({m.split(".")[2] for m in sys.modules if m.startswith("replay.rulesets.")})
heavy = sorted(m for m in ("pyarrow", "structlog", "asyncio", "svgwrite") if m in sys.modules)
print(json.dumps({"rulesets": rulesets, "heavy": heavy}))
"""


def _imported(*args: str) -> dict[str, list[str]]:
    """The ruleset packages and heavy modules a `battlelog ARGS` process imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("BATTLELOG_RULESETS", None)
    run = subprocess.run([sys.executable, "-c", IMPORTED, *args], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def _duel_db(tmp_path: Path) -> tuple[str, str, int]:
    db = tmp_path / "d.duckdb"
    with Store.open(db) as store:
        game = next(iter(importing.import_text(store, DUEL.read_text(encoding="utf-8"), source=DUEL.name)))
        closed = max(driver.closed_turns(driver.load(store, game)))
    return str(db), game, closed


def test_point_commands_import_only_the_games_ruleset_and_no_pyarrow_or_structlog(tmp_path):
    db, game, turn = _duel_db(tmp_path)
    for args in (["--db", db, "state", game, "--turn", str(turn), "--json"],
                 ["--db", db, "state", game],
                 ["--db", db, "games"]):
        found = _imported(*args)
        assert found["rulesets"] in ([], ["duel"]), (args, found)
        assert found["heavy"] == [], (args, found)
    assert _imported("--help") == {"rulesets": [], "heavy": []}


def test_an_order_imports_no_other_ruleset(tmp_path):
    db, game, _ = _duel_db(tmp_path)
    found = _imported("--db", db, "order", game, "--actor", "A", "--dry-run", "--json",
                      json.dumps({"stack": ["attack"] * 6}))
    assert found["rulesets"] == ["duel"] and "pyarrow" not in found["heavy"] and "structlog" not in found["heavy"]


def test_the_registry_imports_a_package_when_its_id_is_asked_for():
    script = ("import sys; from replay import ruleset; a = ruleset.get('knights@1').key; "
              "b = sorted({m.split('.')[2] for m in sys.modules if m.startswith('replay.rulesets.')}); "
              "c = len(ruleset.all_rulesets()); print(a, b, c)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    key, *rest = run.stdout.split(" ", 1)
    assert key == "knights@1"
    assert rest[0].startswith("['knights'] ")
    assert int(rest[0].rsplit(" ", 1)[1]) >= 5


def test_an_unknown_ruleset_names_every_known_one():
    from eventlog.errors import ValidationError
    from replay import ruleset

    with pytest.raises(ValidationError) as error:
        ruleset.get("nonesuch@1")
    assert all(key in str(error.value) for key in ("duel@1", "knights@1", "warband@1"))


def test_import_writes_the_checkpoints_a_second_fold_would(tmp_path, monkeypatch):
    """The rule check's walk keeps the checkpoint states: they are the ones write_checkpoints folds afresh."""
    monkeypatch.setattr(fold, "CHECKPOINT_EVERY", 15)
    for path in (DUEL, KNIGHTS):
        with Store.open(tmp_path / f"{path.stem}.duckdb") as store:
            game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
            imported = [(c.key, c.seq, c.state) for c in store.checkpoint_rows(game_id)]
            store.drop_checkpoints(game_id)
            written = fold.write_checkpoints(store, driver.load(store, game_id))
            refolded = [(c.key, c.seq, c.state) for c in store.checkpoint_rows(game_id)]
        assert len(imported) == written >= 2
        assert imported == refolded


def test_replay_verified_checks_the_stored_bytes_and_leaves_their_form_to_verify(tmp_path):
    db, game, _ = _duel_db(tmp_path)
    with Store.open(db) as store:
        read, state = fold.replay_verified(store, game)
        assert read == store.count(game) and state == driver.fold(driver.load(store, game))
        # an input edited behind battlelog's back: its hash no longer matches it
        store.con.execute("UPDATE events SET actor = 'Z' WHERE game = ? AND seq = 3", [game])
        with pytest.raises(ChainError) as error:
            fold.replay_verified(store, game)
        assert error.value.seq == 3
    (tmp_path / "x").mkdir()
    db2, game2, _ = _duel_db(tmp_path / "x")
    with Store.open(db2) as store:
        # the same payload spelt with a space, the chain rehashed over it: the replay's bytes match their hash,
        # and Store.verify names the payload that is not in canonical form
        text = store.con.execute("SELECT payload FROM events WHERE game = ? AND seq = 2", [game2]).fetchall()[0][0]
        spaced = text.replace(":", ": ", 1)
        store.con.execute("UPDATE events SET payload = ? WHERE game = ? AND seq = 2", [spaced, game2])
        _rehash(store, game2)
        fold.replay_verified(store, game2)
        with pytest.raises(ChainError) as error:
            store.verify(game2)
        assert error.value.seq == 2


def test_replay_verified_reads_each_hidden_payloads_audience_and_names_one_edited(tmp_path):
    """The visible texts are read once a game (a game has a few): every event still carries its own, and one
    edited behind battlelog's back, after events with the same text, is named by its hash."""
    path = ROOT / "fixtures" / "cerilia" / "decisive.jsonl"
    with Store.open(tmp_path / "c.duckdb") as store:
        game = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
        hidden = store.con.execute("SELECT seq, visible FROM events WHERE game = ? AND visible IS NOT NULL "
                                   "ORDER BY seq", [game]).fetchall()
        assert len(hidden) == 4 and len({text for _, text in hidden}) == 2
        read, state = fold.replay_verified(store, game)
        assert read == store.count(game) and state == driver.fold(driver.load(store, game))
        last, text = hidden[-1]
        other = next(t for _, t in hidden if t != text)
        store.con.execute("UPDATE events SET visible = ? WHERE game = ? AND seq = ?", [other, game, last])
        with pytest.raises(ChainError) as error:
            fold.replay_verified(store, game)
        assert error.value.seq == last


@pytest.mark.parametrize(("change", "problem"), [
    (lambda p: p.update(turn="1"), "payload.turn: Input should be a valid integer"),
    (lambda p: p.pop("strike_order"), "payload.strike_order: Field required"),
    (lambda p: p["sides"]["A"].update(colour="red"), "payload.sides.A.colour: Extra inputs are not permitted"),
    (lambda p: p["sides"]["B"]["activate"].update(killer_blow=1), "payload.sides.B.activate.killer_blow: Input "
                                                                  "should be a valid boolean"),
], ids=["wrong type", "missing", "extra", "deep"])
def test_replay_verified_names_a_forged_resolution_payloads_problem(tmp_path, change, problem):
    """A resolution payload forged behind battlelog's back with its chain rehashed over it: the hashes match, the
    ruleset's check names the field."""
    db, game, _ = _duel_db(tmp_path)
    with Store.open(db) as store:
        seq, text = store.con.execute("SELECT seq, payload FROM events WHERE game = ? AND type = 'duel.reveal' "
                                      "ORDER BY seq LIMIT 1", [game]).fetchall()[0]
        payload = json.loads(text)
        change(payload)
        store.con.execute("UPDATE events SET payload = ? WHERE game = ? AND seq = ?",
                          [canonical_json(payload), game, seq])
        _rehash(store, game)
        with pytest.raises(ValidationError) as error:
            fold.replay_verified(store, game)
        assert str(error.value) == f"seq {seq} (duel.reveal): {problem}"


def _rehash(store: Store, game: str) -> None:
    """Recompute every hash from seq 2 on over the payload bytes as stored (what a forger would do)."""
    import hashlib

    from eventlog.envelope import canonical_envelope, canonical_envelope_v2

    rows = store.rows(game)
    prev = rows[0][8]
    for seq, type_, turn, actor, blob, cause, at, _, _, phase, visible, v in rows[1:]:
        seen = None if visible is None else tuple(json.loads(visible))
        envelope = (canonical_envelope_v2(game, seq, type_, turn, actor, hashlib.sha256(blob).hexdigest(), cause, at,
                                          prev, phase, seen) if v >= 2 else
                    canonical_envelope(game, seq, type_, turn, actor, blob.decode(), cause, at, prev))
        digest = hashlib.sha256((prev + envelope).encode()).hexdigest()
        store.con.execute("UPDATE events SET prev = ?, hash = ? WHERE game = ? AND seq = ?", [prev, digest, game, seq])
        prev = digest


def test_knights_frames_are_the_same_with_a_cold_or_warm_static_layer(tmp_path):
    from replay.rulesets.knights import frame as knights_frame

    with Store.open(tmp_path / "k.duckdb") as store:
        game_id = next(iter(importing.import_text(store, KNIGHTS.read_text(encoding="utf-8"), source=KNIGHTS.name)))
        game = driver.load(store, game_id)
    rs = game.ruleset
    shown = [(t, k) for t in driver.turns(game) for k in (0, driver.turn_steps(game, t).count)]
    warm = {}
    for turn, step in shown:
        warm[turn, step] = rs.frame(views.frame_view(game, turn, step, "ru"))
    assert knights_frame._drawn.cache_info().hits > 0
    for turn, step in reversed(shown):
        knights_frame._drawn.cache_clear()
        assert rs.frame(views.frame_view(game, turn, step, "ru")) == warm[turn, step], (turn, step)
    assert "battlelog-drawn" not in "".join(warm.values())


def test_replay_verified_names_a_forged_input_that_is_not_json_wherever_it_repeats(tmp_path):
    """Repeated short payloads are parsed once: a forged one is still named, at its first seq, and a game whose
    inputs repeat replays to the state of the whole fold."""
    db, game, _ = _duel_db(tmp_path)
    with Store.open(db) as store:
        rows = store.con.execute("SELECT seq FROM events WHERE game = ? AND type IN ('order', 'roll') ORDER BY seq",
                                 [game]).fetchall()
        first, second = rows[1][0], rows[-1][0]
        for seq in (first, second):
            store.con.execute("UPDATE events SET payload = '{\"a\":' WHERE game = ? AND seq = ?", [game, seq])
        _rehash(store, game)
        with pytest.raises(ChainError) as error:
            fold.replay_verified(store, game)
        assert error.value.seq == first and "not valid JSON" in str(error.value)
        store.con.execute("UPDATE events SET payload = '{\"a\":1}' WHERE game = ? AND seq = ?", [game, first])
        _rehash(store, game)
        with pytest.raises(ChainError) as error:
            fold.replay_verified(store, game)
        assert error.value.seq == second


def test_a_whole_game_read_is_frozen_before_any_collection():
    """`load_frozen`: the events read are out of the collector's sight before it runs again (no collection over
    them), and the collector is on again afterwards, off if it was off."""
    script = """
import gc, json, sys
from eventlog.store import Store
from replay import fold, importing
sys.path.insert(0, "bench")
import bench
with Store.open(":memory:") as store:
    store.import_events(bench.duel_log(1200))
    game_id = bench.GAME
    gc.collect()
    gc.unfreeze()
    before = sum(s["collections"] for s in gc.get_stats())
    game = fold.load_frozen(store, game_id)
    after = sum(s["collections"] for s in gc.get_stats())
    print(json.dumps([after - before, gc.get_freeze_count() > 20 * len(game.events), gc.isenabled()]))
    gc.disable()
    fold.load_frozen(store, game_id)
    print(json.dumps(gc.isenabled()))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.strip().splitlines()[-2:]
    assert json.loads(first) == [0, True, True]
    assert json.loads(second) is False
