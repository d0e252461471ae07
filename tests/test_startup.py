"""Start-up: what a command imports before it works, and what opening a database costs (issue 12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import _duckdb
import pytest

from eventlog import store as store_module
from eventlog.store import Store
from replay import driver, fold, importing

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "fixtures" / "duel" / "traits-1.jsonl"
LAZY = ["replay.rulesets.duel.check", "replay.rulesets.duel.parse", "replay.rulesets.duel.resolve"]

RUN = f"""
import json, sys
LAZY = {LAZY!r}
from cli.main import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
lazy = {{name: type(sys.modules[name]).__name__ for name in LAZY if name in sys.modules}}
loaded = sorted(m for m in ("duckdb", "_duckdb", "pydantic", "pydantic_core", "pydantic_core._pydantic_core",
                            "replay.rulesets.duel.boundary", "replay.rulesets.duel.events", "replay.render.text",
                            "replay.render.profiles", "tomllib")
                if m in sys.modules and type(sys.modules[m]).__name__ != "_LazyModule")  # a lazy module: not run yet
print(json.dumps({{"lazy": lazy, "loaded": loaded}}))
"""


def _run(*args: str) -> dict[str, dict[str, str] | list[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("BATTLELOG_RULESETS", None)
    done = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_help_imports_no_database_no_pydantic_no_profiles():
    assert _run("--help")["loaded"] == []


def test_reading_a_state_runs_no_check_parse_or_resolve_module_and_no_duckdb_package(tmp_path):
    db = tmp_path / "d.duckdb"
    with Store.open(db) as store:
        game = next(iter(importing.import_text(store, DUEL.read_text(encoding="utf-8"), source=DUEL.name)))
        turn = max(driver.closed_turns(driver.load(store, game)))
    found = _run("--db", str(db), "state", game, "--turn", str(turn), "--json")
    assert found["lazy"] == {name: "_LazyModule" for name in LAZY}  # in sys.modules, never run
    assert "_duckdb" in found["loaded"] and "duckdb" not in found["loaded"]
    # an order given as JSON runs the check and the resolution (not the post parser): the real modules, on first use
    order = json.dumps({"stack": ["attack"] * 6})
    found = _run("--db", str(db), "order", game, "--actor", "A", "--dry-run", "--json", order)
    assert found["lazy"] == {LAZY[0]: "module", LAZY[1]: "_LazyModule", LAZY[2]: "module"}


def test_state_order_and_roll_of_a_duel_build_no_pydantic_model(tmp_path):
    """Options taken as recorded, orders and setups read without their schemas, events folded from their dicts:
    neither pydantic nor the pydantic_core package is imported (its compiled parser alone is), nor the duel's boundary
    and events modules; from a checkpoint, or from the start of a short game with strikes and counters."""
    sys.path.insert(0, str(ROOT / "bench"))
    import bench

    db = tmp_path / "long.duckdb"
    with Store.open(db) as store:
        store.import_events(bench.duel_log(1200))
        game = fold.load(store, bench.GAME)
        assert fold.write_checkpoints(store, game) >= 2
        turn = max(driver.closed_turns(game))
    order = json.dumps({"stack": ["defense", "initiative", "rest", "defense", "rest", "initiative"], "stake": "low",
                        "activate": {"killer_blow": False}})
    for args in (["state", bench.GAME, "--turn", str(turn), "--json"],
                 ["order", bench.GAME, "--actor", "A", "--json", order],
                 ["roll", bench.GAME, "1d100", "--actor", "A", "--result", "50", "--stake", "low"]):
        loaded = set(_run("--db", str(db), *args)["loaded"])
        assert "pydantic_core._pydantic_core" in loaded, args
        assert not loaded & {"pydantic", "pydantic_core", "replay.rulesets.duel.boundary",
                             "replay.rulesets.duel.events"}, args
    short = tmp_path / "short.duckdb"
    with Store.open(short) as store:
        short_game = ROOT / "fixtures" / "duel" / "traits-3.jsonl"
        game_id = next(iter(importing.import_text(store, short_game.read_text(encoding="utf-8"), source="t3")))
        game = driver.load(store, game_id)
        assert {"duel.strike", "duel.counter", "duel.flip"} <= {e.type for e in game.events}
        turn = max(driver.closed_turns(game))
    for args in (["state", game_id, "--turn", str(turn), "--json"], ["state", game_id, "--json"]):
        loaded = set(_run("--db", str(short), *args)["loaded"])
        assert "pydantic_core._pydantic_core" in loaded, args
        assert not loaded & {"pydantic", "pydantic_core", "replay.rulesets.duel.boundary",
                             "replay.rulesets.duel.events"}, args


def test_post_and_render_of_a_duel_import_no_pydantic(tmp_path):
    """A duel's post (of the open turn from its checkpoint, and of a closed turn with strikes, counters and a flip) and
    its frame read the payloads through the duel's event classes (`events.py`, LazyModels): pydantic is not imported."""
    sys.path.insert(0, str(ROOT / "bench"))
    import bench

    db = tmp_path / "long.duckdb"
    with Store.open(db) as store:
        store.import_events(bench.duel_log(1200))
        game = fold.load(store, bench.GAME)
        assert fold.write_checkpoints(store, game) >= 2
        turn = max(driver.closed_turns(game))
    short = tmp_path / "short.duckdb"
    with Store.open(short) as store:
        short_game = ROOT / "fixtures" / "duel" / "traits-3.jsonl"
        game_id = next(iter(importing.import_text(store, short_game.read_text(encoding="utf-8"), source="t3")))
        fought = max(e.turn for e in driver.load(store, game_id).events if e.type == "duel.counter")
    for where, args in ((db, ["post", bench.GAME]), (db, ["post", bench.GAME, "--turn", str(turn)]),
                        (db, ["render", bench.GAME, "--turn", str(turn), "-o", str(tmp_path / "a.svg")]),
                        (short, ["post", game_id, "--turn", str(fought), "--lang", "en"]),
                        (short, ["render", game_id, "--turn", str(fought), "-o", str(tmp_path / "b.svg")])):
        loaded = set(_run("--db", str(where), *args)["loaded"])
        assert not loaded & {"pydantic", "pydantic_core", "replay.rulesets.duel.boundary"}, args
        assert "replay.rulesets.duel.events" in loaded, args
    assert (tmp_path / "a.svg").read_text(encoding="utf-8").startswith("<")
    assert (tmp_path / "b.svg").read_text(encoding="utf-8").startswith("<")


MODULES = """
import json, sys
from cli.main import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(name for name, m in sys.modules.items() if type(m).__name__ != "_LazyModule")))
"""


def _modules(*args: str) -> set[str]:
    """The modules a command ran (imported and not left lazy), in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("BATTLELOG_RULESETS", None)
    done = subprocess.run([sys.executable, "-c", MODULES, *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_state_of_a_finished_game_imports_no_resolution_and_a_knights_order_no_text_renderer(tmp_path):
    """A game that is over has no open turn to resolve: `state` imports neither `replay.play` nor the resolution
    context nor the dice (nor pkgutil, the ruleset being looked up by its name). A knights order imports its
    resolution, whose words need `replay.render.lang` only, not the forum text renderer."""
    battle = ROOT / "fixtures" / "knights" / "battle.jsonl"
    lines = battle.read_text(encoding="utf-8").splitlines(keepends=True)
    whole, cut = tmp_path / "whole.duckdb", tmp_path / "cut.duckdb"
    for db, text in ((whole, "".join(lines)), (cut, "".join(lines[:233]))):  # cut: turn 12 open, bob to order
        with Store.open(db) as store:
            game = next(iter(importing.import_text(store, text, source=battle.name)))
    over = _modules("--db", str(whole), "state", game, "--json")
    assert "replay.rulesets.knights" in over
    assert not over & {"replay.play", "replay.context", "eventlog.dice", "pkgutil"}  # pkgutil: no listing of the
    # ruleset packages to find the one a game names
    still = _modules("--db", str(cut), "state", game, "--json")  # open: resolved as far as its inputs go
    assert {"replay.play", "replay.context"} <= still
    ordered = _modules("--db", str(cut), "order", game, "--actor", "bob", "--json",
                       json.dumps({"action": "full_ahead", "knight": "b1"}))
    assert {"replay.rulesets.knights.resolve", "replay.rulesets.knights.words", "replay.render.lang"} <= ordered
    assert "replay.render.text" not in ordered


def test_a_lazy_module_is_the_real_module_once_read():
    script = (f"import sys; from replay import ruleset; ruleset.get('duel@1'); m = sys.modules[{LAZY[0]!r}]; "
              "a = type(m).__name__; f = m.check_input; print(a, type(m).__name__, f.__module__)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["_LazyModule", "module", LAZY[0]]


def test_a_lazy_module_that_does_not_exist_is_an_import_error():
    from replay.ruleset import lazy_module

    with pytest.raises(ImportError):
        lazy_module("replay.rulesets.duel.nonesuch")


def test_a_current_database_opens_without_any_schema_statement(tmp_path, monkeypatch):
    db = tmp_path / "d.duckdb"
    Store.open(db).close()

    def no_ddl(con: object) -> None:
        raise AssertionError("the schema was upgraded on a current database")

    monkeypatch.setattr(store_module, "_upgrade", no_ddl)
    monkeypatch.setattr(store_module, "SCHEMA", "SELECT error('the schema was run again')")
    with Store.open(db) as store:
        assert store.games() == []


def test_a_database_of_an_older_battlelog_is_still_brought_up_to_date(tmp_path):
    db = tmp_path / "old.duckdb"
    con = _duckdb.connect(str(db))
    con.execute("CREATE TABLE events (game VARCHAR NOT NULL, seq BIGINT NOT NULL, type VARCHAR NOT NULL, "
                "turn INTEGER, actor VARCHAR, payload VARCHAR NOT NULL, cause BIGINT, \"at\" VARCHAR NOT NULL, "
                "prev VARCHAR NOT NULL, hash VARCHAR NOT NULL, PRIMARY KEY (game, seq))")
    con.execute("CREATE TABLE secrets (game VARCHAR PRIMARY KEY, seed BLOB NOT NULL)")
    con.execute("INSERT INTO secrets VALUES ('g', 'x'::BLOB)")
    con.execute("CREATE TABLE checkpoints (game VARCHAR NOT NULL, key VARCHAR NOT NULL, seq BIGINT NOT NULL, "
                "state VARCHAR NOT NULL, PRIMARY KEY (game, key, seq))")
    con.close()
    with Store.open(db) as store:
        assert {"phase", "visible", "v"} <= store_module._columns(store.con, "events")
        assert store.epoch_secret("g", 0) == b"x"
        assert {"after_hash", "state_sha"} <= store_module._columns(store.con, "checkpoints")


def test_an_order_imports_neither_the_dice_nor_the_seals(tmp_path):
    """An order given in the open draws no die and checks no seal: `replay.play` imports the dice and the seals
    where a roll or a reveal needs them, not at its top. A roll still reads its dice."""
    sys.path.insert(0, str(ROOT / "bench"))
    import bench

    db = tmp_path / "duel.duckdb"
    with Store.open(db) as store:
        store.import_events(bench.duel_log(40))
    order = json.dumps({"stack": ["defense", "initiative", "rest", "defense", "rest", "initiative"], "stake": "low",
                        "activate": {"killer_blow": False}})
    ordered = _modules("--db", str(db), "order", bench.GAME, "--actor", "A", "--json", order)
    assert "replay.play" in ordered
    assert not ordered & {"eventlog.dice", "eventlog.seal", "secrets", "hmac"}
    rolled = _modules("--db", str(db), "roll", bench.GAME, "1d100", "--actor", "A", "--result", "50", "--stake", "low")
    assert {"replay.play", "eventlog.dice"} <= rolled


def test_a_rulesets_revision_covers_its_files_by_name_and_bytes_in_name_order(tmp_path):
    """A ruleset's revision (`package_revision`, read with `os.scandir`) is the sha256 its definition gives (here
    with `Path.rglob`): every code and data file below the package, `__pycache__` left out, as its relative name and
    bytes in path order. Files in a new subfolder, one of another suffix and one in `__pycache__` are checked on a
    copy of the duel package."""
    import hashlib
    import shutil

    from replay import ruleset as registry
    from replay.ruleset import _REVISION_SUFFIXES, package_revision

    def by_definition(root: Path) -> str:
        digest = hashlib.sha256()
        for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in _REVISION_SUFFIXES
                           and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
        return digest.hexdigest()

    for rs in registry.all_rulesets():
        root = Path(sys.modules[type(rs).__module__].__file__ or ".").parent
        assert rs.revision == by_definition(root), rs.key
    copy = tmp_path / "duel"
    shutil.copytree(Path(sys.modules[type(registry.get("duel")).__module__].__file__ or ".").parent, copy)
    (copy / "data" / "more").mkdir()
    (copy / "data" / "more" / "a-b.json").write_text("{}", encoding="utf-8")
    (copy / "data" / "a.b.csv").write_text("x", encoding="utf-8")
    (copy / "data" / "skipped.bin").write_bytes(b"\0")
    (copy / "__pycache__").mkdir(exist_ok=True)  # a fresh checkout may have none yet
    (copy / "__pycache__" / "stray.py").write_text("", encoding="utf-8")
    assert package_revision(str(copy)) == by_definition(copy)
    (copy / "data" / "more" / "a-b.json").write_text("{ }", encoding="utf-8")
    assert package_revision(str(copy)) == by_definition(copy)
