"""The nine things a GM hit playing live before the table's core, each as it was reported, now holding.

Each test plays through the `battlelog` command the way a GM types it (CliRunner on the real CLI, a DuckDB file in
tmp_path), and checks what the issue said went wrong: drawn dice, a seal ignored, a ruling that locks the game, a
choice without its context, an empty setup field, a text key field, a forced pick eating a free one, a signed roll
refused, an import that hides an illegal last turn.
"""

import json

import duckdb
import pytest
from click.testing import CliRunner

from cli.main import main
from tests.knights.knights_kit import choice, knight_spec, of, order, resolve, state
from tests.knights.test_mechanics import far_bob

SETUP = {"duelists": [
    {"id": "A", "name": "Арман", "traits": ["enduring", "wiry"]},
    {"id": "B", "name": "Бертран", "traits": ["weapon_control", "cautious"]},
]}
ATTACKS = json.dumps({"stack": ["attack", "attack", "attack", "attack", "initiative", "defense"], "stake": "all_in"})
RESTS = json.dumps({"stack": ["rest", "rest", "rest", "rest", "defense", "defense"], "stake": "low"})


@pytest.fixture
def gm(tmp_path):
    db = str(tmp_path / "g.duckdb")
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    invoke.db, invoke.tmp = db, tmp_path
    (tmp_path / "duelists.json").write_text(json.dumps(SETUP, ensure_ascii=False), encoding="utf-8")
    assert invoke("new", "d", "--ruleset", "duel", "--setup", str(tmp_path / "duelists.json")).exit_code == 0
    return invoke


def count(gm) -> int:
    con = duckdb.connect(gm.db)
    try:
        return con.execute("select count(*) from events").fetchall()[0][0]
    finally:
        con.close()


def ok(gm, *args):
    r = gm(*args)
    assert r.exit_code == 0, r.output
    return r.output


def refused(gm, *args, says):
    before = count(gm)
    r = gm(*args)
    assert r.exit_code != 0 and says in r.output, r.output
    assert count(gm) == before
    return r.output


def test_1_looking_at_the_game_draws_no_dice_and_closes_nothing(gm):
    ok(gm, "order", "d", "--actor", "A", "--json", ATTACKS)
    ok(gm, "order", "d", "--actor", "B", "--json", RESTS)
    before = count(gm)
    out = ok(gm, "resolve", "d")
    assert "waiting for A: roll 1d100 for stake [stake=all_in]" in out
    assert "waiting for B: roll 1d100 for stake [stake=low]" not in out or "waiting for B" in out
    assert count(gm) == before  # nothing drawn, nothing closed
    ok(gm, "status", "d")
    assert count(gm) == before
    ok(gm, "roll", "d", "--actor", "A", "1d100", "--stake", "all_in", "--result", "90", "--link", "post#1")
    ok(gm, "roll", "d", "--actor", "B", "1d100", "--stake", "low", "--result", "12")
    assert "turn 1 resolved" in ok(gm, "resolve", "d")


def test_2_a_seal_binds_and_the_same_order_twice_is_refused(gm):
    out = ok(gm, "order", "d", "--actor", "A", "--json", ATTACKS, "--seal")
    salt = out.split("salt ")[1].split()[0]
    refused(gm, "order", "d", "--actor", "A", "--json", RESTS, says="sealed at seq 2")
    ok(gm, "order", "d", "--actor", "A", "--json", ATTACKS, "--reveal", salt)
    refused(gm, "order", "d", "--actor", "A", "--json", RESTS, says="revealed at seq 3")
    ok(gm, "order", "d", "--actor", "B", "--json", RESTS)
    refused(gm, "order", "d", "--actor", "B", "--json", RESTS, says="already recorded at seq 4")
    out = ok(gm, "order", "d", "--actor", "A", "--json", RESTS, "--replace")
    assert "correction" in out
    log = [json.loads(line) for line in ok(gm, "log", "d", "--json").splitlines()]
    assert log[-1]["type"] == "correction" and log[-1]["payload"]["replaces"] == 3


def test_3_a_ruling_that_leaves_out_the_end_of_the_turn_is_refused_and_render_never_crashes(gm):
    ok(gm, "order", "d", "--actor", "A", "--json", ATTACKS)
    ok(gm, "order", "d", "--actor", "B", "--json", RESTS)
    ruling = gm.tmp / "ruling.json"
    ruling.write_text(json.dumps({"note": "by hand", "events": [{"type": "duel.concede", "payload": {}}]}))
    out = refused(gm, "ruling", "d", "--turn", "1", "--file", str(ruling), says="ruling.events")
    assert "Traceback" not in out
    ok(gm, "roll", "d", "--actor", "A", "1d100", "--stake", "all_in", "--result", "90")
    ok(gm, "roll", "d", "--actor", "B", "1d100", "--stake", "low", "--result", "12")
    ok(gm, "resolve", "d")
    good = gm.tmp / "good.json"
    good.write_text(json.dumps({"note": "again", "events": [{"type": "duel.concede", "payload": {}}]}))
    refused(gm, "ruling", "d", "--turn", "1", "--file", str(good), says="a closed turn is amended with")
    ok(gm, "render", "d", "--turn", "1", "-o", str(gm.tmp / "t1.svg"))


def hand_written(path: str, drop) -> str:
    """A recorded game's inputs as a hand-written log (no seq/prev/hash), without the lines `drop` picks."""
    from pathlib import Path

    lines = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        e = json.loads(line)
        if e["type"] != "game.created" and (e["type"] not in ("order", "roll", "choice") or drop(e)):
            continue
        lines.append(json.dumps({k: e[k] for k in ("type", "game", "turn", "actor", "payload", "at")},
                                ensure_ascii=False))
    return "\n".join(lines) + "\n"


def test_4_a_finish_off_request_comes_with_the_turn_that_led_to_it(tmp_path):
    runner = CliRunner()
    db = str(tmp_path / "f.duckdb")
    log = tmp_path / "f.jsonl"
    log.write_text(hand_written("fixtures/duel/finish-off.jsonl", lambda e: e["payload"].get("name") == "finish_off"))
    r = runner.invoke(main, ["--db", db, "import", str(log)], catch_exceptions=False)
    assert r.exit_code == 0 and "finish off (kill, spare)" in r.output, r.output
    game = json.loads(log.read_text().splitlines()[0])["game"]
    status = runner.invoke(main, ["--db", db, "status", game], catch_exceptions=False).output
    assert "finish off (kill, spare)" in status and "provisional step" in status
    post = runner.invoke(main, ["--db", db, "post", game, "--format", "markdown", "--lang", "en"],
                         catch_exceptions=False).output
    assert "Provisional" in post and "finish off" in post
    assert "### Attacks" in post and "3 through" in post  # the turn that led to the choice is told
    svg = tmp_path / "open.svg"
    r = runner.invoke(main, ["--db", db, "render", game, "-o", str(svg)], catch_exceptions=False)
    assert r.exit_code == 0 and "provisional" in r.output
    assert "PROVISIONAL" in svg.read_text(encoding="utf-8") or "ПРЕДВАРИТЕЛЬНО" in svg.read_text(encoding="utf-8")


def test_5_knights_turn_0_shows_its_placements_while_it_waits(tmp_path):
    from pathlib import Path

    runner = CliRunner()
    db = str(tmp_path / "k.duckdb")
    hand = Path("fixtures/knights/hand/battle.jsonl").read_text(encoding="utf-8").splitlines()
    setup_lines = []
    for line in hand:
        data = json.loads(line)
        if data.get("turn") not in (None, 0):
            break
        setup_lines.append(line)
    placed = [json.loads(x) for x in setup_lines if json.loads(x).get("payload", {}).get("kind") == "deploy"]
    assert len(placed) >= 2
    cut = setup_lines[:-1]  # the setup is not complete: turn 0 stays open
    (tmp_path / "setup.jsonl").write_text("\n".join(cut) + "\n", encoding="utf-8")
    r = runner.invoke(main, ["--db", db, "import", str(tmp_path / "setup.jsonl")], catch_exceptions=False)
    assert r.exit_code == 0 and "waiting for" in r.output, r.output
    game = json.loads(cut[0])["game"]
    st = runner.invoke(main, ["--db", db, "state", game, "--json"], catch_exceptions=False)
    assert "provisional" in st.stderr
    knights = json.loads(st.stdout)["knights"]
    knights = knights.values() if isinstance(knights, dict) else knights
    assert [k for k in knights if k.get("pose")], st.stdout
    svg = tmp_path / "t0.svg"
    r = runner.invoke(main, ["--db", db, "render", game, "--turn", "0", "-o", str(svg)], catch_exceptions=False)
    assert r.exit_code == 0 and "provisional" in r.output, r.output


def test_6_a_key_field_is_json_so_n_3_is_the_number_3():
    from cli.main import _parse_fields

    assert _parse_fields(("n=3", "unit=K1", "who=\"3\"")) == {"n": 3, "unit": "K1", "who": "3"}


def test_7_a_forced_pick_leaves_the_recorded_free_pick_to_the_second_damage_on_the_same_knight():
    # a ram against a friend that breaks him: alice picks twice on F, the first pick forced (Raise Shields, C1)
    st0 = state([knight_spec("A", "alice", "forest", "bravery", (8, 12, "E"), accel=2),
                 knight_spec("F", "alice", "water", "mercy", (12, 12, "E"))])
    inputs = [order("alice", knight="A", action="full_ahead"), far_bob(),
              choice("alice", "push_direction", "N", knight="F"), choice("alice", "damage", "smooth_turn", knight="F")]
    drafts, _ = resolve(st0, 5, inputs)
    (ram,) = of(drafts, "knights.ram")
    picks = [(e["function"], e["chosen_by"]) for e in ram["effects"] if e["kind"] == "damage"]
    assert ram["outcome"] == "target_broken"
    assert picks == [("raise_shields", "forced"), ("smooth_turn", "alice")]


def test_8_a_signed_low_roll_declares_the_stake_an_order_left_out(gm):
    unsigned = json.dumps({"stack": ["attack", "defense", "rest", "rest", "rest", "rest"]})
    ok(gm, "order", "d", "--actor", "A", "--json", unsigned)
    ok(gm, "roll", "d", "--actor", "A", "1d100", "--stake", "low", "--result", "40")
    ok(gm, "order", "d", "--actor", "B", "--json", RESTS)
    ok(gm, "roll", "d", "--actor", "B", "1d100", "--stake", "low", "--result", "40")
    ok(gm, "resolve", "d")
    log = [json.loads(line) for line in ok(gm, "log", "d", "--json").splitlines()]
    reveal = next(e for e in log if e["type"] == "duel.reveal")
    assert reveal["payload"]["sides"]["A"]["final_stake"] == "low"


def test_9_import_fails_on_an_illegal_last_turn_and_lists_what_it_waits_for(tmp_path):
    runner = CliRunner()
    created = {"type": "game.created", "game": "h", "at": "2026-03-01T20:00:00Z",
               "payload": {"ruleset": "duel@1", "options": {}, "setup": SETUP}}
    orders = [{"type": "order", "game": "h", "turn": 1, "actor": a, "payload": json.loads(s)}
              for a, s in (("A", ATTACKS), ("B", RESTS))]
    owed = tmp_path / "owed.jsonl"
    owed.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in [created, *orders]) + "\n")
    r = runner.invoke(main, ["--db", str(tmp_path / "a.duckdb"), "import", str(owed)], catch_exceptions=False)
    assert r.exit_code == 0 and "h: waiting for A: roll 1d100 for stake" in r.output, r.output
    bad = [*orders, {"type": "roll", "game": "h", "turn": 1, "actor": "A",
                     "payload": {"dice": "2d6", "purpose": "stake", "result": [3, 4], "total": 7, "source": "forum"}}]
    illegal = tmp_path / "illegal.jsonl"
    illegal.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in [created, *bad]) + "\n")
    db = tmp_path / "b.duckdb"
    r = runner.invoke(main, ["--db", str(db), "import", str(illegal)], catch_exceptions=False)
    assert r.exit_code == 2 and "1d100" in r.output, r.output
    con = duckdb.connect(str(db))
    try:
        assert con.execute("select count(*) from events").fetchall()[0][0] == 0
    finally:
        con.close()
