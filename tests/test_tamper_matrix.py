"""The tamper matrix: every column of a stored event edited behind battlelog's back, and a row deleted, inserted,
swapped or truncated away, and every checkpoint column edited — each caught by `verify` (truncation by `verify
--head` against the posted head, checkpoints by `verify --deep`), naming the seq; reads never take a bad checkpoint.

A column the played game leaves null (`phase`, `visible`, `cause`) is given a value: nulls are hashed too.
"""

from __future__ import annotations

import json

import duckdb
import pytest
from click.testing import CliRunner

import tests.core.toy  # noqa: F401  (registers the toy ruleset)
from cli.main import main
from eventlog.envelope import canonical_json
from eventlog.store import COLUMNS, Store


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """A played toy game (two turns, engine dice, a checkpoint) in a database copied for each case."""
    tmp = tmp_path_factory.mktemp("tamper")
    db = str(tmp / "pristine.duckdb")
    runner = CliRunner()

    def bl(*args):
        result = runner.invoke(main, ["--db", db, *args], catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
        return result

    setup = tmp / "setup.json"
    setup.write_text(json.dumps({"players": ["A", "B"], "turns": 3}))
    bl("new", "g", "--ruleset", "toy", "--setup", str(setup), "--dice", "engine")
    for _ in range(2):
        bl("order", "g", "--actor", "A", "--text", "heads")
        bl("order", "g", "--actor", "B", "--text", "tails")
        bl("roll", "g", "1d2")
        bl("resolve", "g")
    from replay import driver

    with Store.open(db) as store:
        game = driver.load(store, "g")
        closed = [e.seq for e in game.events if e.type == "turn.closed"]
        state = canonical_json(game.ruleset.state_json(driver.fold(game, closed[0])))
        store.put_checkpoint("g", game.checkpoint_key, closed[0], state)
    head = bl("head", "g").output.split()[-1]
    return tmp, db, head


@pytest.fixture
def case(pristine, tmp_path):
    """(run a battlelog command, run SQL) on a fresh copy of the played game."""
    import shutil

    _, source, head = pristine
    db = str(tmp_path / "case.duckdb")
    shutil.copy(source, db)
    runner = CliRunner()

    def bl(*args):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    def sql(query, params=()):
        con = duckdb.connect(db)
        try:
            return con.execute(query, list(params)).fetchall()
        finally:
            con.close()

    bl.head = head
    return bl, sql


def caught(result, *needles):
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output and "bug in battlelog" not in result.output, result.output
    for needle in needles:
        assert needle in result.output, result.output


def middle(sql) -> int:
    """The seq of an order in turn 2 (a row with a turn, an actor and a payload, events before and after it)."""
    return sql("select min(seq) from events where game = 'g' and type = 'order' and turn = 2")[0][0]


EDITS = {
    "game": "'h'",
    "seq": "seq + 1000",
    "type": "'choice'",
    "turn": "turn + 1",
    "actor": "'B'",
    "payload": "replace(payload, 'heads', 'tails')",
    "cause": "1",
    "at": "'2031-01-01T00:00:00Z'",
    "prev": "sha256(prev)",
    "hash": "sha256(hash)",
    "phase": "'forged'",
    "visible": "'[\"A\"]'",
    "v": "3 - v",
}


def test_the_matrix_covers_every_column():
    assert set(EDITS) == set(COLUMNS)


@pytest.mark.parametrize("column", sorted(EDITS))
def test_an_edited_column_is_caught_naming_the_seq(case, column):
    bl, sql = case
    seq = middle(sql)
    before = sql(f'select "{column}" from events where game = \'g\' and seq = ?', [seq])
    sql(f'update events set "{column}" = {EDITS[column]} where game = \'g\' and seq = ?', [seq])
    assert sql(f'select "{column}" from events where game = \'g\' and seq in (?, ?)', [seq, seq + 1000]) != before
    caught(bl("verify", "g"), f"seq {seq}")


def test_a_deleted_row_is_caught(case):
    bl, sql = case
    seq = middle(sql)
    sql("delete from events where game = 'g' and seq = ?", [seq])
    caught(bl("verify", "g"), f"expected seq {seq}")


def test_an_inserted_row_is_caught(case):
    bl, sql = case
    seq = middle(sql)
    sql("update events set seq = -(seq + 1) where game = 'g' and seq >= ?", [seq])  # make room, as a forger would
    sql("update events set seq = -seq where game = 'g' and seq < 0")
    sql('insert into events select game, ?, type, turn, actor, replace(payload, \'heads\', \'tails\'), cause, "at", '
        "prev, hash, phase, visible, v from events where game = 'g' and seq = ?", [seq, seq + 1])
    caught(bl("verify", "g"), f"seq {seq}")


def test_two_swapped_rows_are_caught(case):
    bl, sql = case
    seq = middle(sql)
    sql("update events set seq = -1 where game = 'g' and seq = ?", [seq])
    sql("update events set seq = ? where game = 'g' and seq = ?", [seq, seq + 1])
    sql("update events set seq = ? where game = 'g' and seq = -1", [seq + 1])
    caught(bl("verify", "g"), f"seq {seq}")


def test_swapped_payloads_are_caught(case):
    bl, sql = case
    seq = middle(sql)
    a, b = (sql("select payload from events where game = 'g' and seq = ?", [s])[0][0] for s in (seq, seq + 1))
    sql("update events set payload = ? where game = 'g' and seq = ?", [b, seq])
    sql("update events set payload = ? where game = 'g' and seq = ?", [a, seq + 1])
    caught(bl("verify", "g"), f"seq {seq}")


@pytest.mark.parametrize("keep", [1, 2, 5])
def test_a_truncated_log_is_caught_against_the_posted_head(case, keep):
    bl, sql = case
    last = int(bl.head.split(":")[0])
    sql("delete from events where game = 'g' and seq > ?", [last - keep])
    assert bl("verify", "g").exit_code == 0  # the chain alone cannot see a clean cut
    caught(bl("verify", "g", "--head", bl.head), "truncated")


CHECKPOINT_EDITS = {
    "state": ("replace(state, '\"score\"', '\"score\" ')", "sha256"),
    "state_sha": ("sha256(state_sha)", "sha256"),
    "after_hash": ("sha256(after_hash)", "folded after another event"),
    "seq": ("seq + 1", "checkpoint after seq"),
}


def test_the_checkpoint_matrix_covers_every_column_a_forger_could_use(case):
    _, sql = case
    columns = {row[0] for row in sql("select column_name from information_schema.columns "
                                     "where table_name = 'checkpoints'")}
    assert columns - {"game", "key"} == set(CHECKPOINT_EDITS)


@pytest.mark.parametrize("column", sorted(CHECKPOINT_EDITS))
def test_an_edited_checkpoint_is_not_read_and_verify_deep_names_it(case, column):
    bl, sql = case
    honest = bl("state", "g", "--turn", "2", "--step", "0", "--json").stdout
    edit, needle = CHECKPOINT_EDITS[column]
    sql(f"update checkpoints set {column} = {edit} where game = 'g'")
    assert bl("state", "g", "--turn", "2", "--step", "0", "--json").stdout == honest
    caught(bl("verify", "g", "--deep"), needle)


def test_a_forged_checkpoint_with_its_own_sha_is_caught_by_the_refold(case):
    bl, sql = case
    state = json.loads(sql("select state from checkpoints where game = 'g'")[0][0])
    state["score"] = {"A": 40, "B": 0}
    sql("update checkpoints set state = ?, state_sha = sha256(?) where game = 'g'", [canonical_json(state)] * 2)
    caught(bl("verify", "g", "--deep"), "differs from the refold")


def test_the_untouched_copy_verifies(case):
    bl, _ = case
    ok = bl("verify", "g", "--deep", "--head", bl.head)
    assert ok.exit_code == 0, ok.output
