"""`battlelog export --archive DIR` (Parquet in hive layout) and `battlelog corpus … DIR --where SQL`."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from cli.main import main
from eventlog.store import COLUMNS, Store
from replay import corpus

ODD = ["a/b=c d", "ё ж%2F", "it's \"quoted\"", "..", "x\\y"]  # slashes, =, spaces, non-ASCII, quotes, a dot-dot


def _cli(db: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["--db", str(db), *args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The recorded knights and duel games, and a duel under each odd id."""
    path = tmp_path_factory.mktemp("archive") / "g.duckdb"
    for log in corpus.fixture_logs("knights") + corpus.fixture_logs("duel"):
        assert _cli(path, "import", str(log))[0] == 0
    for k, name in enumerate(ODD):
        assert _cli(path, "import", str(corpus.fixture_logs("duel")[k]), "--as", name)[0] == 0, name
    return path


@pytest.fixture(scope="module")
def archive(db: Path) -> Path:
    folder = db.parent / "arch"
    code, output = _cli(db, "export", "--archive", str(folder))
    assert code == 0, output
    return folder


def _games(path: Path) -> set[str]:
    """The game ids of the recorded logs in a folder."""
    return {json.loads(p.read_text(encoding="utf-8").splitlines()[0])["game"] for p in path.glob("*.jsonl")}


def _corpus(tmp_path: Path, *args: str) -> tuple[int, str, list[dict]]:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["corpus", *args, "--out", str(out)])
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines() if out.exists() else []
    return result.exit_code, result.output, [json.loads(line) for line in lines]


def _same(results: list[dict]) -> list[dict]:
    """Results without where they were read from and how long they took."""
    return sorted(({k: v for k, v in r.items() if k not in {"source", "seconds"}} for r in results),
                  key=lambda r: r["game"])


def test_the_layout_is_ruleset_then_game_and_each_file_carries_the_export_columns(db: Path, archive: Path) -> None:
    with Store.open(db) as store:
        games = store.games()
        keys = {g: store.events(g)[0].payload["ruleset"] for g in games}
    files = sorted(archive.rglob("*.parquet"))
    found = {}
    for f in files:
        game_dir, ruleset_dir = f.parent.name, f.parent.parent.name
        assert f.parent.parent.parent == archive
        assert game_dir.startswith("game=") and ruleset_dir.startswith("ruleset=")
        table = pq.read_table(f)
        assert tuple(table.column_names) == (*COLUMNS, "ruleset")
        assert set(table.column("game").to_pylist()) == {unquote(game_dir.removeprefix("game="))}
        assert set(table.column("ruleset").to_pylist()) == {unquote(ruleset_dir.removeprefix("ruleset="))}
        found[unquote(game_dir.removeprefix("game="))] = unquote(ruleset_dir.removeprefix("ruleset="))
    assert found == keys
    assert {"knights@1", "duel@1"} <= set(found.values())


def test_where_selects_exactly_the_knights_games_and_they_audit_as_the_jsonl_files(tmp_path: Path,
                                                                                   archive: Path) -> None:
    knights = corpus.fixture_logs("knights")
    code, output, results = _corpus(tmp_path, "verify", str(archive), "--where", "family = 'knights'")
    assert code == 0, output
    assert {r["game"] for r in results} == set(_games(knights[0].parent))
    code, _, from_archive = _corpus(tmp_path / "a", "audit", str(archive), "--where", "ruleset = 'knights@1'")
    code_jsonl, _, from_jsonl = _corpus(tmp_path / "j", "audit", *map(str, knights))
    assert code == code_jsonl == 1  # fixtures/knights/ruling.jsonl is not clean
    assert _same(from_archive) == _same(from_jsonl)
    code, output, results = _corpus(tmp_path / "n", "verify", str(archive), "--where", "events > 1000")
    assert code == 0 and results == [], output


def test_the_pool_and_ray_give_the_same_results_on_the_archive(archive: Path) -> None:
    todo = corpus.units([str(archive)], "family = 'knights'")
    assert all(Path(u.path).name.startswith("game=") for u in todo)  # each job reads its own partition
    alone = [corpus.result_json(r) for r in corpus.run_all("audit", todo, workers=1)]
    pooled = [corpus.result_json(r) for r in corpus.run_all("audit", todo, workers=2)]
    assert _same(alone) == _same(pooled)
    pytest.importorskip("ray")
    remote = [corpus.result_json(r) for r in corpus.run_all("audit", todo, engine="ray")]
    assert _same(alone) == _same(remote)


@pytest.mark.parametrize("where", ["nope = 1", "family = ", "1=1); SELECT 1; --",
                                   "game IN (SELECT * FROM read_csv('/etc/passwd'))"])
def test_a_bad_where_is_one_clear_error(tmp_path: Path, archive: Path, where: str) -> None:
    code, output, results = _corpus(tmp_path, "verify", str(archive), "--where", where)
    assert code == 2 and output.count("--where") >= 1 and "Traceback" not in output, output
    assert results == []


def test_a_where_that_selects_nothing_says_what_the_archive_holds(tmp_path: Path, archive: Path) -> None:
    code, output, results = _corpus(tmp_path, "verify", str(archive), "--where", "ruleset = 'knights'")
    assert code == 0 and results == [], output  # nothing selected is no error (a script's filter may match none)
    assert "selects none of the archive's 15 games" in output and "duel@1, knights@1" in output
    assert "family = 'knights'" in output
    result = CliRunner().invoke(main, ["--lang", "ru", "corpus", "verify", str(archive), "--where",
                                       "ruleset = 'knights'", "--out", str(tmp_path / "ru")])
    assert "не выбирает ни одной из 15 игр архива (их правила: duel@1, knights@1" in result.output, result.output


def test_where_needs_an_archive(tmp_path: Path, db: Path, archive: Path) -> None:
    logs = corpus.write_fixture_corpus(tmp_path / "logs", 2)
    code, output, _ = _corpus(tmp_path, "verify", str(tmp_path / "logs"), "--where", "1=1")
    assert code == 2 and "--where" in output and "archive" in output
    code, output, _ = _corpus(tmp_path, "verify", str(archive), str(logs[0]), "--where", "1=1")
    assert code == 2 and "--where" in output and logs[0].name in output
    with Store.open(db) as store:
        store.export_parquet(None, str(tmp_path / "all.parquet"))  # one file, not hive layout
    code, output, _ = _corpus(tmp_path, "verify", str(tmp_path / "all.parquet"), "--where", "1=1")
    assert code == 2 and "--where" in output and "not a battlelog archive" in output and "Traceback" not in output


def test_odd_ids_round_trip_exactly(tmp_path: Path, archive: Path) -> None:
    code, output, results = _corpus(tmp_path, "verify", str(archive), "--where", "family = 'duel'")
    assert code == 0, output
    assert set(ODD) <= {r["game"] for r in results} and all(r["ok"] for r in results)
    for name in ODD:
        quoted = name.replace("'", "''")
        code, output, results = _corpus(tmp_path / "one", "verify", str(archive), "--where", f"game = '{quoted}'")
        assert code == 0 and [r["game"] for r in results] == [name], output
    # without --where, the files of the archive are a corpus too, each game once
    code, output, results = _corpus(tmp_path / "all", "verify", str(archive))
    assert code == 0 and sorted(r["game"] for r in results) == sorted({r["game"] for r in results}), output


def test_an_archive_already_holding_the_games_is_refused_unless_replace(tmp_path: Path, db: Path) -> None:
    folder = tmp_path / "arch"
    assert _cli(db, "export", "knights-joust", "--archive", str(folder))[0] == 0
    before = sorted(folder.rglob("*"))
    code, output = _cli(db, "export", "--archive", str(folder))
    assert code == 2 and "knights-joust" in output and "--replace" in output and "Traceback" not in output
    assert sorted(folder.rglob("*")) == before  # nothing written
    assert _cli(db, "export", "knights-lady", "--archive", str(folder))[0] == 0  # another game is added
    assert {u.game for u in corpus.units([str(folder)], "true")} == {"knights-joust", "knights-lady"}
    code, output = _cli(db, "export", "--archive", str(folder), "--replace")
    assert code == 0, output
    with Store.open(db) as store:
        assert sorted(u.game for u in corpus.units([str(folder)], "true")) == store.games()
    assert len(list(folder.glob("*/game=knights-joust/*.parquet"))) == 1
    with Store.open(db) as store:  # a Parquet file of the same game loose in DIR is never removed
        store.export_parquet("knights-joust", str(folder / "loose.parquet"))
    code, output = _cli(db, "export", "--archive", str(folder), "--replace")
    assert code == 2 and "loose.parquet" in output and (folder / "loose.parquet").exists()
    assert len(list(folder.glob("*/game=knights-joust/*.parquet"))) == 1


def test_archive_is_the_gms_log_only(tmp_path: Path, db: Path) -> None:
    code, output = _cli(db, "export", "--archive", str(tmp_path / "a"), "--as", "alice")
    assert code == 2 and "--as" in output and not (tmp_path / "a").exists()
    code, output = _cli(db, "export", "--archive", str(tmp_path / "a"), "-o", str(tmp_path / "x"))
    assert code == 2 and "-o" in output and not (tmp_path / "a").exists()
    code, output = _cli(db, "export")
    assert code == 2 and "GAME" in output


def test_the_seed_kept_in_the_database_is_not_archived(tmp_path: Path) -> None:
    db = tmp_path / "g.duckdb"
    assert _cli(db, "import", str(corpus.fixture_logs("knights")[0]))[0] == 0
    seed = bytes(range(32))
    with Store.open(db) as store:
        game = store.games()[0]
        store.set_secret(game, seed)
    assert _cli(db, "export", "--archive", str(tmp_path / "a"))[0] == 0
    rows = [r for f in (tmp_path / "a").rglob("*.parquet") for r in pq.read_table(f).to_pylist()]
    assert rows and "seed" not in rows[0]
    assert seed.hex() not in json.dumps(rows) and seed.hex() not in json.dumps(rows).upper()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_parquet_file_that_is_no_export_is_named(tmp_path: Path, lang: str) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    (tmp_path / "junk.parquet").write_text("junk", encoding="utf-8")
    pq.write_table(pa.table({"x": [1]}), tmp_path / "other.parquet")
    for name in ("junk.parquet", "other.parquet"):
        result = CliRunner().invoke(main, ["--lang", lang, "corpus", "verify", str(tmp_path / name),
                                           "--out", str(tmp_path / "out")])
        assert result.exit_code == 2 and name in result.output and "Traceback" not in result.output, result.output
        assert ("not a Parquet export" if lang == "en" else "не выгрузка игр battlelog") in result.output
