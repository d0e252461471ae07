"""`battlelog corpus`: every game of many logs, one job a game on a process pool; a failing game does not stop it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from eventlog.store import Store
from replay import corpus

VARIANT = 'ruleset = "duel@1"\n[options]\ncounter_mode = "single"\n'


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """12 recorded duels (the six fixtures twice), each under a game id of its own."""
    folder = tmp_path_factory.mktemp("corpus") / "logs"
    corpus.write_fixture_corpus(folder, 12)
    return folder


def _table(output: str) -> dict[str, str]:
    """The summary table's rows: name -> value."""
    rows = [line.split("  ", 1) for line in output.splitlines() if "  " in line and not line.startswith(" ")]
    return {name.strip(): value.strip() for name, value in rows}


def _run(tmp_path: Path, *args: str) -> tuple[int, str, list[dict]]:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["--db", str(tmp_path / "g.duckdb"), "corpus", *args, "--out", str(out)])
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines() if out.exists() else []
    return result.exit_code, result.output, [json.loads(line) for line in lines]


def test_a_renamed_fixture_is_the_same_game_under_another_id(logs: Path) -> None:
    fixture = corpus.fixture_logs()[0]
    first = json.loads(fixture.read_text(encoding="utf-8").splitlines()[0])
    renamed = [json.loads(line) for line in corpus.renamed(fixture.read_text(encoding="utf-8"), "x").splitlines()]
    assert {e["game"] for e in renamed} == {"x"} and renamed[0]["payload"] == first["payload"]
    assert len(list(logs.glob("*.jsonl"))) == 12


def test_verify_checks_every_game(tmp_path: Path, logs: Path) -> None:
    code, output, results = _run(tmp_path, "verify", str(logs))
    assert code == 0, output
    assert len(results) == 12 and all(r["ok"] for r in results)
    assert _table(output)["games"] == "12" and _table(output)["failed"] == "0"


def test_audit_finds_the_disputed_ruling_and_only_it(tmp_path: Path, logs: Path) -> None:
    code, output, results = _run(tmp_path, "audit", str(logs / "*.jsonl"))
    assert code == 1, output  # fixtures/duel/ruling.jsonl records a GM ruling the rules disagree with
    assert len(results) == 12 and all(r["ok"] for r in results)
    assert {r["game"] for r in results if not r["data"]["clean"]} == {"ruling-00002", "ruling-00008"}
    assert _table(output)["not clean"] == "2"


def test_rerun_says_which_games_change_result_and_where_they_diverge(tmp_path: Path, logs: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(VARIANT, encoding="utf-8")
    code, output, results = _run(tmp_path, "rerun", str(logs), "--variant", str(house))
    assert code == 0, output
    changed = [r for r in results if r["data"]["changed"]]
    assert _table(output)["result changes"] == f"{len(changed)} of 12"
    assert changed, "the variant changes the result of some recorded duels"
    for r in results:
        diff = (tmp_path / "out" / "diffs" / f"{r['game']}.txt").read_text(encoding="utf-8")
        assert (r["data"]["first_divergence"] is None) == ("no state changes" in diff)
        if r["data"]["changed"]:
            assert r["data"]["first_divergence"] is not None
    assert "winner" in output


def test_a_failing_game_is_reported_and_the_others_go_on(tmp_path: Path, logs: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    for path in sorted(logs.glob("*.jsonl"))[:3]:
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    bad = sorted(folder.glob("*.jsonl"))[1]
    lines = bad.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"turn":1', '"turn":2', 1)
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, output, results = _run(tmp_path, "audit", str(folder))
    assert code == 1
    assert [r["ok"] for r in results] == [True, False, True]
    assert "FAILED" in output and bad.name in output and "hash does not match" in results[1]["error"]


def test_import_puts_every_game_in_the_database_once(tmp_path: Path, logs: Path) -> None:
    code, output, results = _run(tmp_path, "import", str(logs))
    assert code == 0, output
    with Store.open(tmp_path / "g.duckdb") as store:
        assert sorted(store.games()) == sorted(r["game"] for r in results)
        assert all(store.count(r["game"]) == r["events"] for r in results)
    code, output, results = _run(tmp_path, "import", str(logs))
    assert code == 1 and all("already exists" in r["error"] for r in results)


def test_a_parquet_archive_is_a_corpus_too(tmp_path: Path, logs: Path) -> None:
    db = tmp_path / "g.duckdb"
    assert _run(tmp_path, "import", str(logs))[0] == 0
    with Store.open(db) as store:
        store.export_parquet(None, str(tmp_path / "all.parquet"))
    code, output, results = _run(tmp_path, "verify", str(tmp_path / "all.parquet"))
    assert code == 0, output
    assert len(results) == 12 and all(r["ok"] for r in results)


def test_the_pool_gives_what_one_process_gives(logs: Path) -> None:
    todo = corpus.units([str(logs)])
    variant = corpus.Variant("duel@1", {"counter_mode": "single"})
    alone = [corpus.result_json(r) for r in corpus.run_all("rerun", todo, variant=variant, workers=1)]
    pooled = [corpus.result_json(r) for r in corpus.run_all("rerun", todo, variant=variant, workers=2)]
    for a, b in zip(alone, pooled, strict=True):
        a.pop("seconds"), b.pop("seconds")
    assert alone == pooled


def test_ray_runs_the_same_jobs(logs: Path) -> None:
    pytest.importorskip("ray")
    todo = corpus.units([str(logs)])[:3]
    alone = [corpus.result_json(r) for r in corpus.run_all("verify", todo, workers=1)]
    remote = [corpus.result_json(r) for r in corpus.run_all("verify", todo, engine="ray")]
    for a, b in zip(alone, remote, strict=True):
        a.pop("seconds"), b.pop("seconds")
    assert alone == remote


def test_without_ray_the_ray_engine_says_how_to_get_it(tmp_path: Path, logs: Path, monkeypatch) -> None:
    import builtins

    real = builtins.__import__

    def no_ray(name: str, *args, **kwargs):
        if name == "ray":
            raise ImportError("no ray here")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_ray)
    code, output, _ = _run(tmp_path, "verify", str(logs), "--engine", "ray")
    assert code == 2 and "battlelog[cluster]" in output


VARIANTS = {"duel": [corpus.Variant("duel@1", {"counter_mode": "single"}), corpus.Variant(None, {"rest_cap": False})],
            "knights": [corpus.Variant(None, {"collision_overlap": "segment_end"}),
                        corpus.Variant(None, {"in_limits": "centre"}),  # battle: turn 9 cannot be played
                        corpus.Variant(None, {"tie_die": "each_tie"})]}  # every game: turn 1 asks another roll


@pytest.mark.parametrize("kind", ["duel", "knights"])
def test_the_rerun_report_carries_the_variant_result_a_second_resolution_finds(kind: str) -> None:
    # the corpus job takes the variant's result (and the turn it stopped at) from the rerun instead of resolving
    # the game again under the variant (`variant_result`, kept as the oracle)
    from replay import rerun
    from replay.fold import game_from_events

    stopped = 0
    for path in corpus.fixture_logs(kind):
        game = game_from_events(corpus._events(corpus.Unit(str(path))))
        for variant in VARIANTS[kind]:
            report = rerun.rerun(game, variant.ruleset, variant.options)
            assert (report.variant_result, report.lost_at) == corpus.variant_result(game, variant), path.name
            stopped += report.lost_at is not None
    assert stopped == (5 if kind == "knights" else 0)
