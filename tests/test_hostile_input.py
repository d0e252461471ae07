"""Hostile input at the boundary: repeated keys, non-canonical or non-JSON stored payloads, numbers and strings out
of every bound, fields of the wrong JSON kind — each refused with its line (or seq) and field, never a crash."""

import hashlib
import json

import duckdb
import pytest
from click.testing import CliRunner

import tests.core.toy  # noqa: F401  (registers the toy ruleset)
from cli.main import main
from eventlog import dice, jsonl
from eventlog.envelope import canonical_envelope_v2, canonical_json, envelope_hash, payload_hash
from eventlog.errors import ChainError, ValidationError
from eventlog.store import Store

CREATED = {"type": "game.created", "game": "h", "at": "2026-03-01T20:00:00Z",
           "payload": {"ruleset": "toy@1", "setup": {"players": ["A", "B"], "turns": 1}, "dice": {"policy": "forum"}}}


@pytest.fixture
def bl(tmp_path):
    db = str(tmp_path / "cli.duckdb")
    runner = CliRunner()

    def invoke(*args, db=db):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    invoke.db, invoke.tmp = db, tmp_path
    return invoke


def refused(result, *needles):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "bug in battlelog" not in result.output, result.output
    for needle in needles:
        assert needle in result.output, result.output
    return result.output


def import_lines(bl, lines, name="log.jsonl"):
    path = bl.tmp / name
    path.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n")
    return bl("import", str(path))


def ordered_game(bl):
    setup = bl.tmp / "setup.json"
    setup.write_text(json.dumps({"players": ["A", "B"], "turns": 2}))
    assert bl("new", "g", "--ruleset", "toy", "--setup", str(setup)).exit_code == 0
    assert bl("order", "g", "--actor", "A", "--text", "heads").exit_code == 0


# --- payload text must be canonical --------------------------------------------------------------------------------

def test_a_repeated_key_in_a_hand_written_log_is_refused_naming_the_line(bl):
    order = '{"type": "order", "game": "h", "turn": 1, "actor": "A", "payload": {"guess": "heads", "guess": "tails"}}'
    refused(import_lines(bl, [CREATED, order]), "line 2", "'guess' appears twice")
    with Store.open(bl.db) as store:
        assert store.games() == []


def _forge_last_line(exported: str, payload_text: str, hash_over: str) -> str:
    """The export with its last line's payload text replaced, hashed (v2) over the sha256 of `hash_over`."""
    lines = exported.splitlines()
    last = json.loads(lines[-1])
    canonical = canonical_json(last["payload"])
    body = canonical_envelope_v2(last["game"], last["seq"], last["type"], last["turn"], last["actor"],
                                 payload_hash(hash_over), last["cause"], last["at"], last["prev"], last["phase"],
                                 None if last["visible"] is None else tuple(last["visible"]))
    line = lines[-1].replace(f'"payload":{canonical}', f'"payload":{payload_text}')
    line = line.replace(last["hash"], envelope_hash(last["prev"], body))
    return "\n".join(lines[:-1] + [line]) + "\n"


@pytest.mark.parametrize("hashed", ["the text as written", "the canonical payload"])
def test_a_repeated_key_in_an_export_is_refused_however_it_was_hashed(bl, hashed):
    ordered_game(bl)
    exported = bl("export", "g").output
    twice = '{"guess":"tails","guess":"heads"}'
    forged = _forge_last_line(exported, twice, twice if hashed == "the text as written" else '{"guess":"heads"}')
    path = bl.tmp / "forged.jsonl"
    path.write_text(forged)
    refused(bl("--db", str(bl.tmp / "other.duckdb"), "import", str(path)), "line 2", "'guess' appears twice")
    with Store.open(bl.tmp / "other.duckdb") as store:
        assert store.games() == []


def test_a_non_canonical_payload_in_an_export_is_refused(bl):
    ordered_game(bl)
    exported = bl("export", "g").output
    spaced = '{"guess": "heads"}'
    path = bl.tmp / "spaced.jsonl"
    path.write_text(_forge_last_line(exported, spaced, spaced))
    refused(bl("--db", str(bl.tmp / "other.duckdb"), "import", str(path)), "line 2")


def _rewrite_stored_payload(db, seq, text):
    """Edit one stored payload and give it the hash SQL computes over the text as stored (a careful forger)."""
    con = duckdb.connect(db)
    try:
        game, type_, turn, actor, cause, at, prev, phase, visible = con.execute(
            'select game, type, turn, actor, cause, "at", prev, phase, visible from events where seq = ?',
            [seq]).fetchall()[0]
        body = canonical_envelope_v2(game, seq, type_, turn, actor, hashlib.sha256(text.encode()).hexdigest(), cause,
                                     at, prev, phase, None if visible is None else tuple(json.loads(visible)))
        con.execute("update events set payload = ?, hash = ? where seq = ?", [text, envelope_hash(prev, body), seq])
    finally:
        con.close()


def test_verify_names_a_stored_payload_with_a_repeated_key(bl):
    ordered_game(bl)
    _rewrite_stored_payload(bl.db, 2, '{"guess":"tails","guess":"heads"}')
    refused(bl("verify", "g"), "seq 2", "'guess' appears twice")
    with Store.open(bl.db) as store, pytest.raises(ChainError) as caught:
        store.verify("g")
    assert caught.value.seq == 2


def test_verify_names_a_stored_payload_that_is_not_canonical(bl):
    ordered_game(bl)
    _rewrite_stored_payload(bl.db, 2, '{"guess": "heads"}')
    refused(bl("verify", "g"), "seq 2", "canonical")


def test_a_stored_payload_that_is_not_json_is_named_not_a_crash(bl):
    ordered_game(bl)
    con = duckdb.connect(bl.db)
    con.execute("update events set payload = '{not json' where seq = 2")
    con.close()
    refused(bl("verify", "g"), "seq 2", "not valid JSON")
    for command in (["log", "g"], ["state", "g"], ["status", "g"], ["export", "g"]):
        refused(bl(*command), "seq 2")


# --- every integer and string bounded at the boundary ----------------------------------------------------------------

def _line(**changes):
    event = {"type": "order", "game": "h", "turn": 1, "actor": "A", "payload": {"guess": "heads"}}
    event.update(changes)
    return event


@pytest.mark.parametrize(("line", "field"), [
    (_line(turn=10**20), "turn"),
    (_line(cause=-(10**30)), "cause"),
    (_line(seq=10**19), "seq"),
    (_line(actor="A" * 1000), "actor"),
    (_line(game="h" * 1000), "game"),
    (_line(visible=["A"] * 20_000, v=2), "visible"),
    ('{"type": "order", "game": "h", "turn": ' + "9" * 5000 + ', "payload": {}}', "line 1"),
    ({**CREATED, "payload": {**CREATED["payload"], "ruleset": []}}, "payload.ruleset"),
    (_line(type="roll", payload={"dice": "1d2", "purpose": "coin", "result": [1], "total": 1, "source": []}),
     "payload.source"),
    (_line(type="roll", payload={"dice": "1d2", "purpose": "coin", "result": [[1]], "total": 1}), "payload.result[0]"),
    (_line(type="input.sealed", payload={"kind": [], "name": "order", "key": {}, "commitment": "0" * 64}),
     "payload.kind"),
    (_line(type="ruling", actor=None, payload={"note": "x", "events": 5}), "payload.events"),
    (_line(type="ruling", actor=None, payload={"note": "x", "events": [1]}), "payload.events[0]"),
    (_line(type="ruling", actor=None, payload={"request": {"kind": "choice", "name": {}, "key": {}}, "value": 1}),
     "payload.request.name"),
    (_line(type="correction", payload={"replaces": 10**30, "input": {}}), "payload.replaces"),
    (_line(type="seed.revealed", payload={"seed": 5}), "payload.seed"),
])
def test_parse_lines_bounds_every_field_and_names_it(line, field):
    text = line if isinstance(line, str) else json.dumps(line)
    with pytest.raises(ValidationError) as caught:
        jsonl.parse_lines([text])
    assert any(p.startswith("line 1: ") and field in p for p in caught.value.problems), caught.value.problems


@pytest.mark.parametrize(("change", "field"), [
    ({"turn": 10**20}, "turn"),
    ({"payload": {"guess": "heads", "source": []}, "type": "roll"}, "payload.source"),
])
def test_a_hand_written_log_out_of_bounds_is_refused_naming_line_and_field(bl, change, field):
    refused(import_lines(bl, [CREATED, _line(**change)]), "line 2", field)


@pytest.mark.parametrize(("payload", "field"), [
    ({**CREATED["payload"], "ruleset": []}, "payload.ruleset"),
    ({**CREATED["payload"], "setup": 5}, "payload.setup"),
])
def test_a_bad_game_created_is_refused_naming_its_field(bl, payload, field):
    refused(import_lines(bl, [{**CREATED, "payload": payload}]), "line 1", field)


def test_an_export_with_a_turn_beyond_the_column_is_refused_by_line(bl):
    ordered_game(bl)
    exported = bl("export", "g").output
    path = bl.tmp / "big.jsonl"
    path.write_text(exported.replace('"turn":1,', f'"turn":{10**20},'))
    refused(bl("--db", str(bl.tmp / "other.duckdb"), "import", str(path)), "line 2", "turn")


@pytest.mark.parametrize("notation", ["1d" + "9" * 30, "9" * 12 + "d6", "1d6+" + "9" * 5000,
                                      "2d6" + " " * 10 + "-2" * 30])
def test_dice_notation_of_many_digits_is_refused_before_conversion(notation):
    with pytest.raises(ValidationError) as caught:
        dice.parse(notation)
    assert "dice" in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize("notation", [[], {}, 5, None])
def test_dice_notation_that_is_not_text_is_refused(notation):
    with pytest.raises(ValidationError):
        dice.parse(notation)


def test_roll_with_a_notation_of_many_digits_is_refused_on_the_command_line(bl):
    ordered_game(bl)
    refused(bl("roll", "g", "1d" + "9" * 40, "--result", "1"), "dice")
    refused(bl("roll", "g", "99999d6", "--result", "1"), "more than 1000")


def test_verify_rolls_of_a_hostile_log_names_seqs():
    from eventlog.envelope import Event

    def roll(seq, payload):
        return Event("g", seq, "roll", 1, "A", payload, None, "t", "0" * 64, "", None, None, 2)

    problems = dice.verify_rolls([roll(2, {"dice": [], "result": [1]}), roll(3, {"dice": "1d6", "result": 5}),
                                  roll(4, {"dice": "1d" + "9" * 50, "result": [1]})], None)
    assert [p.split(":")[0] for p in problems] == ["seq 2", "seq 3", "seq 4"]
