"""A GM's session with the `battlelog` command on a duel: the issue's bad inputs each get a message naming the rule
or field, a non-zero exit code, and nothing is appended; the good path produces state, posts, frames and audits."""

import json

import duckdb
import pytest
from click.testing import CliRunner

from cli.main import main
from replay.render.png import png_text

SETUP = {"duelists": [
    {"id": "A", "name": "Арман де Фуа", "traits": ["enduring", "wiry"]},
    {"id": "B", "name": "Бертран [b]Лис[/b]", "traits": ["weapon_control", "cautious"]},
]}


@pytest.fixture
def bl(tmp_path):
    db = str(tmp_path / "salle.duckdb")
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    invoke.db, invoke.tmp = db, tmp_path
    (tmp_path / "duelists.json").write_text(json.dumps(SETUP, ensure_ascii=False), encoding="utf-8")
    assert invoke("new", "salle-1", "--ruleset", "duel", "--setup", str(tmp_path / "duelists.json")).exit_code == 0
    return invoke


def events(bl):
    con = duckdb.connect(bl.db)
    try:
        return con.execute("select count(*) from events").fetchall()[0][0]
    finally:
        con.close()


def refused(bl, *args, says):
    before = events(bl)
    r = bl(*args)
    assert r.exit_code != 0, r.output
    assert says in r.output, r.output
    assert events(bl) == before
    return r


STACK_A = "1. Атака\n2. Атака\n3. Защита\n4. Инициатива\n5. Отдых\n6. Отдых\nСтавка: высокая"
STACK_B = json.dumps({"stack": ["defense", "defense", "initiative", "initiative", "attack", "attack"],
                      "stake": "high"})


def test_a_forum_post_becomes_an_order_and_a_turn_resolves(bl):
    assert bl("order", "salle-1", "--actor", "A", "--text", STACK_A).exit_code == 0
    assert bl("order", "salle-1", "--actor", "B", "--json", STACK_B).exit_code == 0
    assert bl("roll", "salle-1", "--actor", "A", "1d100", "--stake", "high", "--result", "75").exit_code == 0
    assert bl("roll", "salle-1", "--actor", "B", "1d100", "--stake", "high", "--result", "85").exit_code == 0
    r = bl("resolve", "salle-1")
    assert "turn 1 resolved" in r.output
    state = json.loads(bl("state", "salle-1", "--turn", "1", "--json").output)
    assert state["turn"] == 1 and state["advantage"] == "B" and state["result"] is None
    assert {k: state["duelists"]["B"][k] for k in ("stamina", "stamina_max", "wound_penalty", "status")} == {
        "stamina": 8, "stamina_max": 8, "wound_penalty": 0, "status": "active"}
    post = bl("post", "salle-1", "--turn", "1", "--format", "bbcode", "--lang", "ru").output
    assert "Бертран [\u200bb]Лис[\u200b/b]" in post and "Преимущество получает" in post
    png = bl.tmp / "t1.png"
    assert bl("render", "salle-1", "--turn", "1", "--step", "2", "-o", str(png)).exit_code == 0
    assert len(png_text(png.read_bytes())["battlelog:last-event-hash"]) == 64
    assert bl("audit", "salle-1").exit_code == 0


def test_five_items_are_refused(bl):
    refused(bl, "order", "salle-1", "--actor", "A", "--json", json.dumps({"stack": ["attack"] * 2 + ["rest"] * 3}),
            says="§1 Заявка: a stack has 6 items, not 5")


def test_five_attacks_are_refused(bl):
    refused(bl, "order", "salle-1", "--actor", "A", "--text",
            "1. Атака 2. Атака 3. Атака 4. Атака 5. Атака 6. Защита", says="at most 4 of a kind")


def test_a_trait_the_duelist_lacks_is_refused(bl):
    refused(bl, "order", "salle-1", "--actor", "A", "--text", STACK_A + "\nЧерта: Убийственный удар",
            says="killer_blow")


def test_a_reroll_beyond_the_budget_is_refused(bl):
    order = {"stack": ["attack", "attack", "defense", "defense", "attack", "attack"], "stake": "all_in"}
    assert bl("order", "salle-1", "--actor", "B", "--json", json.dumps(order)).exit_code == 0
    for value in ("30", "45", "12"):  # EX-3: the first roll and two rerolls fit in 8 stamina
        assert bl("roll", "salle-1", "--actor", "B", "1d100", "--stake", "all_in", "--result", value).exit_code == 0
    refused(bl, "roll", "salle-1", "--actor", "B", "1d100", "--stake", "all_in", "--result", "90", says="§4")


def test_a_roll_for_a_closed_turn_is_refused(bl):
    test_a_forum_post_becomes_an_order_and_a_turn_resolves(bl)
    refused(bl, "roll", "salle-1", "--turn", "1", "--actor", "A", "1d100", "--result", "50",
            says="turn: turn 1 is closed")


def test_a_malformed_jsonl_line_is_refused(bl):
    path = bl.tmp / "bad.jsonl"
    path.write_text('{"type":"game.created","game":"x","payload":{"ruleset":"duel@1","setup":{}}}\n'
                    '{"type":"order","game":"x","turn":"one","payload":{}}\n', encoding="utf-8")
    refused(bl, "import", str(path), says="line 2: turn")


def test_a_sealed_order_revealed_with_another_stack_is_refused(bl):
    r = bl("order", "salle-1", "--actor", "A", "--seal", "--text", STACK_A)
    assert r.exit_code == 0
    salt = next(line.split()[1] for line in r.output.splitlines() if line.startswith("salt "))
    other = STACK_A.replace("2. Атака", "2. Защита")
    refused(bl, "order", "salle-1", "--actor", "A", "--reveal", salt, "--text", other, says="does not match")
    assert bl("order", "salle-1", "--actor", "A", "--reveal", salt, "--text", STACK_A).exit_code == 0


def test_an_edit_behind_the_tools_back_is_named_by_verify(bl):
    test_a_forum_post_becomes_an_order_and_a_turn_resolves(bl)
    con = duckdb.connect(bl.db)
    con.execute("update events set payload = replace(payload, '75', '95') where seq = 4")
    con.close()
    r = bl("verify", "salle-1")
    assert r.exit_code != 0 and "seq 4" in r.output


def test_an_unknown_option_and_a_bad_setup_are_refused(tmp_path):
    runner = CliRunner()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"duelists": [{"id": "A", "name": "x", "traits": ["wiry"]}]}))
    r = runner.invoke(main, ["--db", str(tmp_path / "x.duckdb"), "new", "g", "--ruleset", "duel", "--setup", str(bad)])
    assert r.exit_code == 2 and "duelists" in r.output
    good = tmp_path / "good.json"
    good.write_text(json.dumps(SETUP))
    r = runner.invoke(main, ["--db", str(tmp_path / "x.duckdb"), "new", "g", "--ruleset", "duel", "--setup",
                             str(good), "--option", "counter_mode=triple"])
    assert r.exit_code == 2 and "counter_mode" in r.output


def test_parquet_export(bl):
    test_a_forum_post_becomes_an_order_and_a_turn_resolves(bl)
    out = bl.tmp / "g.parquet"
    assert bl("export", "salle-1", "--format", "parquet", "-o", str(out)).exit_code == 0
    con = duckdb.connect()
    rows = con.execute(f"select count(*), max(seq) from read_parquet('{out}')").fetchall()[0]
    assert rows[0] == rows[1] == events(bl)


def test_the_documented_hand_written_log_imports_and_audits_clean(tmp_path):
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "docs" / "examples" / "duel-hand-written.jsonl"
    runner = CliRunner()
    db = str(tmp_path / "doc.duckdb")
    r = runner.invoke(main, ["--db", db, "import", str(example)])
    assert r.exit_code == 0 and "2 turns resolved" in r.output
    game = r.output.split(":")[0]
    assert runner.invoke(main, ["--db", db, "audit", game]).exit_code == 0
