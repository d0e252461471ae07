"""The `battlelog` command end to end on the toy ruleset: what a GM types, what they get, and exit codes."""

import json

import duckdb
import pytest
from click.testing import CliRunner

from cli.main import main


@pytest.fixture
def run(tmp_path):
    db = str(tmp_path / "cli.duckdb")
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, ["--db", db, *args], input=input, catch_exceptions=False)

    invoke.db = db
    invoke.tmp = tmp_path
    return invoke


@pytest.fixture
def game(run):
    setup = run.tmp / "setup.json"
    setup.write_text(json.dumps({"players": ["A", "B"], "turns": 2}))
    result = run("new", "g", "--ruleset", "toy", "--setup", str(setup), "--dice", "engine")
    assert result.exit_code == 0, result.output
    return run


def count(run, game="g"):
    con = duckdb.connect(run.db)
    try:
        return con.execute("select count(*) from events where game = ?", [game]).fetchall()[0][0]
    finally:
        con.close()


def play_turn(run, a="heads", b="tails", coin="1"):
    assert run("order", "g", "--actor", "A", "--text", a).exit_code == 0
    assert run("order", "g", "--actor", "B", "--json", json.dumps({"guess": b})).exit_code == 0
    r = run("roll", "g", "1d2", "--result", coin, "--source", "forum", "--link", "post#12")
    assert r.exit_code == 0, r.output
    return run("resolve", "g")


def test_a_turn_from_orders_to_state(game):
    r = play_turn(game)
    assert r.output.splitlines() == ["turn 1 resolved", "waiting for A: order for turn 2",
                                     "waiting for B: order for turn 2"]
    state = json.loads(game("state", "g", "--json").output)
    assert state["score"] == {"A": 1, "B": 0}
    assert json.loads(game("state", "g", "--turn", "1", "--step", "0", "--json").output)["score"] == {"A": 0, "B": 0}


def test_engine_roll_then_verify_with_the_revealed_seed(game):
    game("order", "g", "--actor", "A", "--text", "heads")
    game("order", "g", "--actor", "B", "--text", "heads")
    r = game("roll", "g", "1d2")
    assert "engine" in r.output
    assert game("resolve", "g").exit_code == 0
    v = game("verify", "g")
    assert v.exit_code == 0 and "1 rolls re-derived from the seed, all match" in v.output
    exported = game("export", "g").output
    assert "seed.revealed" not in exported and '"seed":' not in exported
    assert game("reveal", "g").exit_code == 0
    assert '"seed":' in game("export", "g").output


def test_an_unparseable_post_lists_the_error_and_appends_nothing(game):
    before = count(game)
    r = game("order", "g", "--actor", "A", "--text", "edge")
    assert r.exit_code == 2 and "error: not a guess: 'edge'" in r.output
    assert count(game) == before


def test_audit_exit_codes_follow_the_findings(game):
    play_turn(game)
    assert game("audit", "g").exit_code == 0
    game("order", "g", "--actor", "A", "--text", "heads")
    game("order", "g", "--actor", "B", "--text", "heads")
    game("roll", "g", "1d2", "--result", "1")
    ruling = game.tmp / "ruling.json"
    ruling.write_text(json.dumps({"note": "B wins by fiat", "events": [
        {"type": "toy.flip", "payload": {"side": "heads", "score": {"A": 2, "B": 5}}},
        {"type": "toy.end", "payload": {"winner": "B"}}]}))
    assert game("ruling", "g", "--turn", "2", "--file", str(ruling)).exit_code == 0
    r = game("audit", "g")
    assert r.exit_code == 1
    assert "GM ruling: B wins by fiat" in r.output and "score.B: recorded 5, rules 1" in r.output


def test_export_then_import_round_trips_and_verifies(game):
    play_turn(game)
    exported = game("export", "g").output
    path = game.tmp / "g.jsonl"
    path.write_text(exported.replace('"game":"g"', '"game":"g2"'))
    r = game("import", str(path))
    assert r.exit_code != 0  # renaming the game breaks every hash
    assert "hash does not match" in r.output
    path.write_text(exported)
    r = game("--db", str(game.tmp / "other.duckdb"), "import", str(path))
    assert r.exit_code == 0, r.output


def test_a_hand_written_log_imports_and_its_turns_resolve(run):
    lines = [
        {"type": "game.created", "game": "h", "at": "2026-01-01T00:00:00Z",
         "payload": {"ruleset": "toy@1", "setup": {"players": ["A", "B"], "turns": 2}}},
        {"type": "order", "game": "h", "turn": 1, "actor": "A", "payload": {"guess": "heads"}},
        {"type": "order", "game": "h", "turn": 1, "actor": "B", "payload": {"guess": "tails"}},
        {"type": "roll", "game": "h", "turn": 1, "payload": {"dice": "1d2", "purpose": "coin", "result": [2],
                                                             "total": 2, "source": "forum"}},
        {"type": "order", "game": "h", "turn": 2, "actor": "A", "payload": {"guess": "heads"}},
    ]
    path = run.tmp / "h.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines))
    r = run("import", str(path))
    assert r.output.strip().splitlines() == ["h: imported 7 events, 1 turns resolved",
                                             "h: waiting for B: order for turn 2"]
    assert json.loads(run("state", "h", "--json").output)["score"] == {"A": 0, "B": 1}


def test_a_malformed_line_is_named_and_nothing_is_imported(run):
    path = run.tmp / "bad.jsonl"
    path.write_text('{"type": "game.created", "game": "b", "payload": {"ruleset": "toy@1", "setup": '
                    '{"players": ["A", "B"]}}}\n{"type": "order", "game": "b", "payload": [1]}\n{oops\n')
    r = run("import", str(path))
    assert r.exit_code == 2
    assert "line 2: payload: Input should be an object" in r.output
    assert "line 3: not valid JSON" in r.output
    assert run("games").output == ""


def test_an_edit_behind_the_tools_back_is_found_at_its_seq(game):
    play_turn(game)
    con = duckdb.connect(game.db)
    con.execute("""update events set payload = '{"guess":"tails"}' where game = 'g' and seq = 2""")
    con.close()
    r = game("verify", "g")
    assert r.exit_code != 0 and "seq 2" in r.output


def test_explain_and_rerun(game):
    play_turn(game)
    flip = next(json.loads(line) for line in game("log", "g", "--json").output.splitlines()
                if json.loads(line)["type"] == "toy.flip")
    r = game("explain", "g", "--seq", str(flip["seq"]))
    assert "1d2=1 -> heads" in r.output and "T1" in r.output and "points = 1" in r.output
    variant = game.tmp / "house.toml"
    variant.write_text('[options]\npoints = 2\n')
    r = game("rerun", "g", "--variant", str(variant))
    assert "score.A: recorded 1, variant 2" in r.output


def test_a_keyed_order_is_sealed_under_its_key_and_leaves_the_others_free(game):
    r = game("order", "g", "--actor", "A", "--text", "heads", "--field", "exchange=1", "--seal")
    assert r.exit_code == 0, r.output
    salt = r.output.split("salt ")[1].split()[0]
    assert game("order", "g", "--actor", "A", "--text", "tails", "--field", "exchange=2").exit_code == 0
    before = count(game)
    r = game("order", "g", "--actor", "A", "--text", "tails", "--field", "exchange=1")
    assert r.exit_code == 2 and "sealed at seq 2" in r.output and count(game) == before
    r = game("order", "g", "--actor", "A", "--text", "heads", "--field", "exchange=1", "--reveal", salt)
    assert r.exit_code == 0, r.output


def test_a_choice_value_may_be_json(game):
    play_turn(game)
    r = game("choose", "g", "tiebreak", '{"who": "A", "n": 3}', "--json")
    assert "not valid JSON" not in r.output
    r = game("choose", "g", "tiebreak", "{oops", "--json")
    assert r.exit_code == 2 and "not valid JSON" in r.output
