"""The new core end to end through the `battlelog` command, on the toy `table3@1` (tests/core/toy3.py): phases,
requests, forum dice, seals, batches, rulings, corrections, visibility and per-player exports."""

import json
import re

import duckdb
import pytest
from click.testing import CliRunner

import tests.core.toy3  # noqa: F401  (registers table3@1)
from cli.main import main

UNIT_DICE = [3, 4, 2, 5, 1, 6, 2, 3, 4, 4, 5, 1]
"""The GM's forum dice for units 1..12: strength A 14+rally, B 12+rally, C 14+rally."""


@pytest.fixture
def run(tmp_path):
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, ["--db", db, *args], input=input, catch_exceptions=False)

    invoke.db = db
    invoke.tmp = tmp_path
    return invoke


@pytest.fixture
def game(run):
    setup = run.tmp / "setup.json"
    setup.write_text(json.dumps({"players": ["A", "B", "C"], "turns": 2}))
    r = run("new", "g", "--ruleset", "table3", "--setup", str(setup))
    assert r.exit_code == 0 and "dice: forum" in r.output, r.output
    return run


def count(run, game="g"):
    con = duckdb.connect(run.db, read_only=True)
    try:
        return con.execute("select count(*) from events where game = ?", [game]).fetchall()[0][0]
    finally:
        con.close()


def ok(run, *args):
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.output


def refused(run, *args, says):
    """A bad input: non-zero exit, the message names the rule or field, nothing appended."""
    before = count(run)
    r = run(*args)
    assert r.exit_code != 0, r.output
    for s in [says] if isinstance(says, str) else says:
        assert s in r.output, r.output
    assert count(run) == before
    return r.output


def state(run, *args):
    """`state --json` (stderr's provisional note, mixed in by CliRunner, left out)."""
    return json.loads(ok(run, "state", "g", "--json", *args).splitlines()[-1])


def requests(run):
    return json.loads(ok(run, "status", "g", "--json"))["requests"]


def seal_c(run, text="attack A"):
    out = ok(run, "order", "g", "--actor", "C", "--text", text, "--seal")
    return re.search(r"salt ([0-9a-f]{32})", out).group(1)


def muster(run, *, sealed=True):
    """Every muster input of turn 1; returns C's salt (sealed) or None."""
    salt = seal_c(run) if sealed else None
    if not sealed:
        ok(run, "order", "g", "--actor", "C", "--text", "attack A")
    ok(run, "post-in", "g", "--actor", "A", "--text", "attack\n1d6: 4  https://forum.example/t/9#p101")
    ok(run, "order", "g", "--actor", "B", "--text", "hold")
    ok(run, "roll", "g", "1d6", "--actor", "B", "--purpose", "rally", "--result", "2")
    ok(run, "roll", "g", "1d6", "--actor", "C", "--purpose", "rally", "--result", "1")
    for unit, die in enumerate(UNIT_DICE, 1):
        ok(run, "roll", "g", "1d6", "--purpose", "unit", "--field", f"unit={unit}", "--result", str(die))
    return salt


def clash(run, salt, flank="C"):
    ok(run, "order", "g", "--actor", "C", "--text", "attack A", "--reveal", salt)
    ok(run, "choose", "g", "flank", flank, "--actor", "B")


# --- requests and forum dice ----------------------------------------------------------------------------------

def test_status_lists_every_request_of_every_actor_in_order_and_appends_nothing(game):
    before = count(game)
    text = ok(game, "status", "g")
    assert count(game) == before
    lines = text.splitlines()[1:]
    assert lines[:6] == ["waiting for A: order for turn 1", "waiting for B: order for turn 1",
                         "waiting for C: order for turn 1", "waiting for A: roll 1d6 for rally",
                         "waiting for B: roll 1d6 for rally", "waiting for C: roll 1d6 for rally"]
    assert lines[6:] == [f"waiting for GM: roll 1d6 for unit {u}" for u in range(1, 13)]
    units = [r for r in requests(game) if r["name"] == "unit"]
    assert [r["key"] for r in units] == [{"unit": u} for u in range(1, 13)]
    assert {(r["actor"], r["dice"], r["phase"]) for r in units} == {(None, "1d6", "muster")}
    assert count(game) == before


def test_resolve_with_missing_forum_rolls_draws_nothing_and_closes_nothing(game):
    ok(game, "order", "g", "--actor", "A", "--text", "attack")
    before = count(game)
    for args in (("resolve", "g"), ("resolve", "g", "--roll")):
        out = ok(game, *args)
        assert "turn 1 resolved" not in out and "engine roll" not in out
        assert "waiting for GM: roll 1d6 for unit 12" in out
        assert count(game) == before
    refused(game, "roll", "g", "1d6", "--purpose", "unit", "--field", "unit=1",
            says="dice: the game's dice policy for 'unit' is forum")


def test_a_roll_with_other_dice_than_the_request_is_refused_naming_both(game):
    out = refused(game, "roll", "g", "1d8", "--purpose", "unit", "--field", "unit=5", "--result", "7",
                  says=["payload.dice", "1d6", "1d8"])
    assert "unit 5" in out


def test_roll_field_unit_3_answers_the_request_for_unit_3(game):
    ok(game, "roll", "g", "1d6", "--purpose", "unit", "--field", "unit=3", "--result", "5")
    keys = [r["key"] for r in requests(game) if r["name"] == "unit"]
    assert {"unit": 3} not in keys and len(keys) == 11
    row = json.loads(ok(game, "log", "g", "--json").splitlines()[-1])
    assert row["payload"]["unit"] == 3  # the JSON number, not "3"
    refused(game, "roll", "g", "1d6", "--purpose", "unit", "--field", "unit=13", "--result", "5", says="§2: unit")


# --- seals, replacements, duplicates ----------------------------------------------------------------------------

def test_a_plain_order_after_a_seal_is_refused_and_replace_is_a_visible_correction(game):
    seal_c(game)
    refused(game, "order", "g", "--actor", "C", "--text", "hold B", says=["C's order is sealed at seq 2", "--replace"])
    ok(game, "order", "g", "--actor", "C", "--text", "hold B", "--replace")
    assert "correction" in game("log", "g").output.splitlines()[-1]
    last = json.loads(ok(game, "log", "g", "--json").splitlines()[-1])
    assert last["type"] == "correction" and last["payload"]["replaces"] == 2
    assert not any(r["kind"] == "reveal" for r in requests(game))  # the seal is replaced: nothing to reveal


def test_the_same_order_twice_is_refused(game):
    ok(game, "order", "g", "--actor", "A", "--text", "attack")
    refused(game, "order", "g", "--actor", "A", "--text", "attack", says="already recorded at seq 2")
    refused(game, "order", "g", "--actor", "A", "--text", "charge", says="§1: an order starts with attack or hold")
    refused(game, "order", "g", "--actor", "C", "--json", '{"stance": "attack"}', says="§1: C's order names the target")


def test_a_wrong_reveal_is_refused(game):
    salt = seal_c(game)
    refused(game, "order", "g", "--actor", "C", "--text", "attack B", "--reveal", salt,
            says="does not match the seal of seq 2")


# --- batches from forum posts ----------------------------------------------------------------------------------

def test_post_in_an_order_with_a_pasted_forum_roll_is_one_batch(game):
    out = ok(game, "post-in", "g", "--actor", "A", "--text", "attack\n1d6: 4")
    assert out.splitlines() == ["seq 2: order of A for turn 1", "seq 3: roll of A for turn 1"]
    rows = [json.loads(x) for x in ok(game, "log", "g", "--json").splitlines()]
    assert rows[-1]["payload"]["purpose"] == "rally" and rows[-1]["payload"]["total"] == 4


def test_a_pasted_roll_keeps_its_link_and_may_name_its_purpose(game):
    ok(game, "post-in", "g", "--actor", "B", "--text", "hold\n1d6: 5 (rally) https://forum.example/t/9#p102")
    roll = json.loads(ok(game, "log", "g", "--json").splitlines()[-1])["payload"]
    assert roll["link"] == "https://forum.example/t/9#p102" and roll["purpose"] == "rally" and roll["total"] == 5


@pytest.mark.parametrize("post, says", [
    ("attack\n1d6: 9", "line 2"),                   # a die a d6 cannot show
    ("charge\n1d6: 4", "§1: an order starts"),      # the order line
    ("attack\n1d8: 4", "waits for no 1d8 roll"),    # a roll the game does not ask of A
    ("attack\n1d6: 4\n1d6: 5", "waits for no 1d6 roll"),  # one rally only
])
def test_one_bad_line_refuses_the_whole_post(game, post, says):
    refused(game, "post-in", "g", "--actor", "A", "--text", post, says=says)


# --- a whole turn: provisional views, a choice with a default, rulings -------------------------------------------

def test_the_open_turn_shows_provisional_steps_of_its_phases(game):
    muster(game)
    st = state(game, "--turn", "1", "--phase", "muster", "--step", "1")
    assert st["strength"] == {"A": 18, "B": 14, "C": 15} and st["intel"] is None
    assert state(game, "--turn", "1", "--phase", "muster", "--step", "0")["strength"] == {"A": 0, "B": 0, "C": 0}
    refused(game, "state", "g", "--turn", "1", "--phase", "muster", "--step", "3", says="--step")
    refused(game, "state", "g", "--turn", "1", "--phase", "clash", says="--phase")
    post = ok(game, "post", "g", "--phase", "muster", "--lang", "en")
    assert "Provisional" in post and "A: units 3+4+2+5 + rally 4 = 18" in post
    out = ok(game, "render", "g", "--turn", "1", "--phase", "muster", "--step", "1", "-o", str(game.tmp / "m.svg"))
    assert "step 1/2, provisional" in out
    assert count(game) == 19  # views append nothing


def test_a_choice_with_a_default_waits_and_a_gm_ruling_answers_it(game):
    salt = muster(game)
    refused(game, "choose", "g", "flank", "C", "--actor", "A", says="§4: the only choice is B's flank")
    ok(game, "order", "g", "--actor", "C", "--text", "attack A", "--reveal", salt)
    ask = [r for r in requests(game) if r["kind"] == "choice"]
    assert ask == [{"actor": "B", "default": "A", "key": {}, "kind": "choice", "name": "flank", "options": ["A", "C"],
                    "phase": "clash", "what": "which side B outflanks"}]
    assert "waiting for B: which side B outflanks (A, C); default if skipped: A" in ok(game, "status", "g")
    ok(game, "resolve", "g")
    assert ok(game, "status", "g").splitlines()[-1].startswith("waiting for B")  # the default is not applied
    timeout = game.tmp / "timeout.json"
    timeout.write_text(json.dumps({"request": {"kind": "choice", "actor": "B", "name": "flank", "key": {}},
                                   "value": "Z", "note": "B timed out"}))
    refused(game, "ruling", "g", "--file", str(timeout), says="ruling.value: 'Z' is not one of A, C")
    timeout.write_text(json.dumps({"request": {"kind": "choice", "actor": "B", "name": "flank", "key": {}},
                                   "value": "A", "note": "B timed out: the default"}))
    ok(game, "ruling", "g", "--file", str(timeout))
    assert "turn 1 resolved" in ok(game, "resolve", "g")
    clash_ = [json.loads(x) for x in ok(game, "log", "g", "--json").splitlines()
              if json.loads(x)["type"] == "table3.clash"][0]
    # A 18+2−3−2 = 15, B 14+1 = 15, C 15+2 = 17
    assert clash_["payload"]["totals"] == {"A": 15, "B": 15, "C": 17} and clash_["phase"] == "clash"


def test_a_choice_before_it_is_asked_is_refused(game):
    refused(game, "choose", "g", "flank", "A", "--actor", "B", says="§4: B chooses the flank in the clash")


def test_a_gm_override_of_the_computed_winner(game):
    salt = muster(game)
    clash(game, salt)
    bad = game.tmp / "bad.json"
    bad.write_text(json.dumps({"override": {"name": "loser", "key": {}}, "value": "A"}))
    refused(game, "ruling", "g", "--file", str(bad), says=["ruling.override.name", "winner"])
    ruling = game.tmp / "override.json"
    ruling.write_text(json.dumps({"override": {"name": "winner", "key": {}}, "value": "B", "note": "B's banner"}))
    ok(game, "ruling", "g", "--file", str(ruling))
    ok(game, "resolve", "g")
    assert state(game, "--turn", "1")["score"] == {"A": 0, "B": 1, "C": 0}
    clash_ = next(json.loads(x) for x in ok(game, "log", "g", "--json").splitlines()
                  if json.loads(x)["type"] == "table3.clash")
    assert clash_["payload"]["why"][-1] == "rules: A; GM ruling (seq 22): B"


def test_audit_of_a_resolver_that_emits(game):
    salt = muster(game)
    clash(game, salt)
    ok(game, "resolve", "g")
    assert "clean" in ok(game, "audit", "g")


def test_a_whole_turn_ruling_must_reach_the_end_of_the_turn_and_is_the_last(game):
    muster(game)
    half = game.tmp / "half.json"
    half.write_text(json.dumps({"note": "by hand", "events": [
        {"type": "table3.muster", "payload": {"strength": {"A": 1, "B": 2, "C": 3}}}]}))
    refused(game, "ruling", "g", "--turn", "1", "--file", str(half),
            says=["ruling.events", "turn 1 is still open", "leave out the end of the turn"])
    whole = game.tmp / "whole.json"
    whole.write_text(json.dumps({"note": "by hand", "events": [
        {"type": "table3.muster", "payload": {"strength": {"A": 1, "B": 2, "C": 3}}},
        {"type": "table3.clash", "payload": {"totals": {"A": 1, "B": 2, "C": 3}, "winner": "C"}}]}))
    ok(game, "ruling", "g", "--turn", "1", "--file", str(whole))
    refused(game, "ruling", "g", "--turn", "1", "--file", str(whole),
            says=["turn: a ruling answers the open turn (2), not turn 1", "battlelog correct"])
    bad = game.tmp / "bad.json"
    bad.write_text(json.dumps({"events": [{"type": "table3.clash", "payload": {"winner": "Q"}}]}))
    refused(game, "ruling", "g", "--turn", "2", "--file", str(bad), says="ruling.events[0].payload.winner")


def test_a_correction_of_a_closed_turn_is_shown_by_its_post(game):
    salt = muster(game)
    clash(game, salt)
    ok(game, "resolve", "g")
    fix = game.tmp / "fix.json"
    fix.write_text(json.dumps({"note": "unit 12 was a 6, not a 1", "events": [
        {"type": "table3.muster", "payload": {"strength": {"A": 18, "B": 14, "C": 20}}}]}))
    ok(game, "correct", "g", "--turn", "1", "--file", str(fix))
    post = ok(game, "post", "g", "--turn", "1", "--lang", "en", "--format", "markdown")
    assert "Corrected by the GM" in post and "unit 12 was a 6, not a 1" in post
    assert state(game)["strength"]["C"] == 20
    refused(game, "correct", "g", "--turn", "2", "--file", str(fix), says="correction.turn")


# --- visibility ----------------------------------------------------------------------------------------------

def test_cs_secret_is_withheld_from_the_others(game):
    salt = muster(game)
    clash(game, salt)
    ok(game, "resolve", "g")
    rows = [json.loads(x) for x in ok(game, "log", "g", "--json", "--as", "gm").splitlines()]
    intel = next(r for r in rows if r["type"] == "table3.intel")
    assert intel["visible"] == ["C"] and intel["payload"]["weakest"] == "B"

    exported = ok(game, "export", "g", "--as", "A")
    line = next(json.loads(x) for x in exported.splitlines() if json.loads(x)["seq"] == intel["seq"])
    assert line["withheld"] is True and line["payload"] == {} and "weakest" not in exported
    path = game.tmp / "a.jsonl"
    path.write_text(exported)
    out = ok(game, "verify", "--file", str(path))
    assert "hash chain" in out and f"1 payload(s) withheld from this export (their hashes verify): seq {intel['seq']}" \
        in out
    assert "weakest" in ok(game, "export", "g", "--as", "C")

    for viewer in ("A", "B", None):
        args = ("--as", viewer) if viewer else ()
        assert "weakest" not in ok(game, "post", "g", "--turn", "1", "--lang", "en", *args)
        assert state(game, *args)["intel"] is None
        assert "weakest" not in ok(game, "log", "g", *args)
    for viewer in ("C", "gm"):
        assert "the scouts find B weakest" in ok(game, "post", "g", "--turn", "1", "--lang", "en", "--as", viewer)
        assert state(game, "--as", viewer)["intel"] == {"weakest": "B",
                                                                                          "strength": 14}


def test_the_provisional_open_turn_hides_cs_secret_too(game):
    muster(game)
    assert "weakest" not in ok(game, "post", "g", "--lang", "en", "--as", "A")
    assert "the scouts find B weakest" in ok(game, "post", "g", "--lang", "en", "--as", "C")
    assert state(game, "--as", "B")["intel"] is None
    assert state(game, "--as", "C")["intel"]["weakest"] == "B"


# --- the database and import ---------------------------------------------------------------------------------

def test_a_read_only_command_on_a_missing_db_fails_and_creates_nothing(run, tmp_path):
    missing = tmp_path / "nope.duckdb"
    for args in (("status", "g"), ("log", "g"), ("state", "g"), ("export", "g"), ("games",)):
        r = run("--db", str(missing), *args)
        assert r.exit_code != 0 and "--db: the database file" in r.output, r.output
        assert not missing.exists()
        r = run(*args, "--db", str(missing))
        assert r.exit_code != 0 and not missing.exists()


def test_db_after_the_subcommand(game):
    ok(game, "order", "g", "--actor", "A", "--text", "attack")
    r = CliRunner().invoke(main, ["status", "g", "--db", game.db], catch_exceptions=False)
    assert r.exit_code == 0 and "waiting for B: order for turn 1" in r.output
    assert "waiting for A: order" not in r.output


def test_import_as_newid_of_an_export(game):
    salt = muster(game)
    clash(game, salt)
    ok(game, "resolve", "g")
    path = game.tmp / "g.jsonl"
    path.write_text(ok(game, "export", "g"))
    refused(game, "import", str(path), says="already exists")
    out = ok(game, "import", str(path), "--as", "g2")
    assert out.splitlines()[0] == f"g2: imported {count(game)} events, 1 turns resolved"
    assert json.loads(ok(game, "state", "g2", "--json", "--as", "gm")) == state(game, "--as", "gm")
    assert ok(game, "verify", "g2").startswith("hash chain")


def test_a_per_player_export_verifies_but_does_not_import(game):
    salt = muster(game)
    clash(game, salt)
    ok(game, "resolve", "g")
    path = game.tmp / "a.jsonl"
    path.write_text(ok(game, "export", "g", "--as", "A"))
    before = count(game)
    r = game("import", str(path), "--as", "ga")
    assert r.exit_code != 0 and count(game) == before and count(game, "ga") == 0


def test_keyed_rolls_can_be_sealed_one_by_one(game):
    ok(game, "roll", "g", "1d6", "--purpose", "unit", "--field", "unit=1", "--result", "3", "--seal")
    ok(game, "roll", "g", "1d6", "--purpose", "unit", "--field", "unit=2", "--result", "3", "--seal")


# --- docs/log-format.md ----------------------------------------------------------------------------------------

def test_the_example_log_of_the_format_doc_imports(run):
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "log-format.md").read_text(encoding="utf-8")
    example = doc.split("<!-- example: table3 -->\n```jsonl\n", 1)[1].split("```", 1)[0]
    path = run.tmp / "t3.jsonl"
    path.write_text(example)
    r = run("import", str(path))
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == ["t3: imported 27 events, 1 turns resolved", "t3: the game is over"]
    gm = json.loads(run("state", "t3", "--json", "--as", "gm").output)
    assert gm == {"turn": 1, "turns": 1, "strength": {"A": 18, "B": 14, "C": 15}, "score": {"A": 0, "B": 1, "C": 0},
                  "intel": {"weakest": "B", "strength": 14}, "result": "B"}
    assert json.loads(run("state", "t3", "--json", "--as", "A").output)["intel"] is None
    rows = [json.loads(x) for x in run("log", "t3", "--json", "--as", "gm").output.splitlines()]
    assert [x["type"] for x in rows[-5:]] == ["table3.muster", "table3.intel", "table3.clash", "table3.end",
                                              "turn.closed"]
    assert rows[-3]["payload"]["ruling"] == 22 and rows[-4]["visible"] == ["C"]
