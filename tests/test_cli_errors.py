"""No tracebacks, ever: every bad file, bad value or bad database is one line naming it, exit 2; anything unexpected
is one line saying it is a bug in battlelog (the traceback only under -v)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import tests.core.toy  # noqa: F401  (registers the toy ruleset)
from cli import main as climain
from cli.main import BUG_EXIT, main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def bl(tmp_path):
    db = str(tmp_path / "cli.duckdb")
    runner = CliRunner()

    def invoke(*args, db=db, env=None):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False, env=env)

    invoke.db, invoke.tmp = db, tmp_path
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"players": ["A", "B"], "turns": 2}))
    assert invoke("new", "g", "--ruleset", "toy", "--setup", str(setup), "--dice", "engine").exit_code == 0
    return invoke


def one_line_error(result, *needles: str, code: int = 2) -> str:
    """The result failed with `code` and one `error:` line that names every needle; no traceback."""
    assert result.exit_code == code, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.output
    assert "Traceback" not in result.output
    for needle in needles:
        assert needle in errors[0], result.output
    return errors[0]


@pytest.fixture
def bad_files(tmp_path):
    binary = tmp_path / "latin1.txt"
    binary.write_bytes("ставка: высокая".encode("cp1251"))
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"missing": str(tmp_path / "nope.json"), "not UTF-8": str(binary), "a directory": str(folder)}


@pytest.mark.parametrize("kind", ["missing", "not UTF-8", "a directory"])
@pytest.mark.parametrize("command", ["import", "new --setup", "order --file", "ruling --file"])
def test_a_bad_input_file_is_one_line_naming_it(bl, bad_files, kind, command):
    path = bad_files[kind]
    args = {"import": ["import", path],
            "new --setup": ["new", "h", "--ruleset", "toy", "--setup", path],
            "order --file": ["order", "g", "--actor", "A", "--file", path],
            "ruling --file": ["ruling", "g", "--file", path]}[command]
    one_line_error(bl(*args), path)


def test_order_json_that_is_not_an_object(bl):
    one_line_error(bl("order", "g", "--actor", "A", "--json", "[1]"), "--json")


def test_a_ruling_whose_events_are_not_objects(bl):
    ruling = bl.tmp / "ruling.json"
    ruling.write_text(json.dumps({"note": "x", "events": [1]}))
    one_line_error(bl("ruling", "g", "--file", str(ruling)), "events[0]")


def test_verify_with_a_seed_that_is_not_hex(bl):
    one_line_error(bl("verify", "g", "--seed", "zz"), "--seed")


def test_db_at_a_missing_folder_a_text_file_and_a_directory(bl, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    for db, says in [(str(tmp_path / "no" / "such" / "x.duckdb"), "does not exist"), (str(text), "not a DuckDB"),
                     (str(tmp_path), "is a directory")]:
        new = ["new", "h", "--ruleset", "toy", "--setup", str(tmp_path / "setup.json")]
        for args in (["games"], ["verify", "g"], new):
            line = one_line_error(bl(*args, db=db), "--db")
            assert says in line, line
    assert text.read_text() == "not a database\n"


def test_export_parquet_to_a_missing_folder(bl):
    one_line_error(bl("export", "g", "--format", "parquet", "-o", "/nonexistent/x"), "/nonexistent/x")


@pytest.mark.parametrize(("payload", "field"), [
    ({"seed": ["not", "hex"]}, "payload.seed"),
    ({"seed": "zz"}, "payload.seed"),
    ({}, "payload.seed"),
    ({"seed": "the real one", "next_seed_hash": 7}, "payload.next_seed_hash"),
])
def test_a_malformed_seed_revealed_is_named_by_seq_and_field(bl, payload, field):
    from eventlog.envelope import Draft, seal
    from eventlog.store import Store, utc_now

    with Store.open(bl.db) as store:
        if payload.get("seed") == "the real one":
            payload = {**payload, "seed": store.secret("g").hex()}
        # written past Store.append (which refuses it), as a hand-edited database or a forged import would hold it
        last = store.events("g")[-1]
        store.import_events([seal("g", last.hash, 2, Draft("seed.revealed", payload), utc_now())])
    one_line_error(bl("verify", "g"), "seq 2", field)


def test_wait_is_a_global_option_and_an_environment_variable(bl, monkeypatch):
    seen = []
    real = climain.Store.open

    def spy(path, *, retry_seconds=3.0):
        seen.append(retry_seconds)
        return real(path, retry_seconds=retry_seconds)

    monkeypatch.setattr(climain.Store, "open", staticmethod(spy))
    assert bl("games").exit_code == 0
    assert bl("--wait", "0.5", "games").exit_code == 0
    assert bl("games", env={"BATTLELOG_WAIT": "7"}).exit_code == 0
    assert seen == [3.0, 0.5, 7.0]
    assert bl("--wait", "soon", "games").exit_code == 2


def test_a_locked_database_waits_only_as_long_as_told(bl):
    import time

    import duckdb

    holder = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
                               "print('held', flush=True); time.sleep(30)", bl.db], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        start = time.monotonic()
        result = bl("--wait", "0.3", "games")
        assert time.monotonic() - start < 3
        assert result.exit_code == 4 and "locked" in result.output and "0.3 s" in result.output
    finally:
        holder.kill()
        holder.wait()
    assert duckdb  # imported for the child's sake only


def test_an_unexpected_exception_is_one_line_saying_it_is_a_bug(bl, monkeypatch):
    def broken(self, game):
        raise ZeroDivisionError("division by zero")

    from eventlog.store import Store

    monkeypatch.setattr(Store, "tip", broken)
    result = bl("head", "g")
    line = one_line_error(result, "bug in battlelog", "`battlelog head`", "ZeroDivisionError", "report",
                          code=BUG_EXIT)
    assert "-v" in line and "Traceback" not in result.output
    verbose = bl("-v", "head", "g")
    assert verbose.exit_code == BUG_EXIT
    assert "Traceback" in verbose.output and "bug in battlelog" in verbose.output


def test_a_real_run_prints_no_traceback(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    for args in (["--db", str(text), "games"], ["--db", str(tmp_path / "x" / "y.duckdb"), "new", "g", "--ruleset",
                                                 "duel", "--setup", str(tmp_path / "missing.json")],
                 ["--db", str(tmp_path / "z.duckdb"), "import", str(tmp_path)]):
        run = subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True, text=True, env=env,
                             cwd=ROOT, timeout=60)
        assert run.returncode == 2, run.stderr
        assert "Traceback" not in run.stderr and run.stderr.startswith("error: "), run.stderr
        assert len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_type_confused_rulings_and_orders_are_refused_by_field_not_by_a_bug(tmp_path):
    """A ruling whose request kind or actor is a list, an order whose field is a list: exit 2, field named."""
    import json

    from click.testing import CliRunner

    from cli.main import main

    runner = CliRunner()
    db = str(tmp_path / "t.duckdb")
    setup = tmp_path / "s.json"
    setup.write_text(json.dumps({"players": ["A", "B"], "turns": 2}))
    assert runner.invoke(main, ["--db", db, "new", "g", "--ruleset", "toy", "--setup", str(setup)]).exit_code == 0
    for body in ({"request": {"kind": [], "name": "x", "key": {}}, "value": 1},
                 {"request": {"kind": "choice", "actor": [], "name": "x", "key": {}}, "value": 1}):
        f = tmp_path / "r.json"
        f.write_text(json.dumps(body))
        r = runner.invoke(main, ["--db", db, "ruling", "g", "--file", str(f)])
        assert r.exit_code == 2 and "ruling.request" in r.output, r.output
    r = runner.invoke(main, ["--db", db, "order", "g", "--actor", "A", "--json", '{"guess": []}'])
    assert r.exit_code == 2 and "guess" in r.output, r.output
