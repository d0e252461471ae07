"""Nothing lost, nothing forged: the posted head anchors the log, checkpoints are anchored in the chain, engine dice
are checked epoch by epoch, and rolls against the dice policy are flagged."""

import json
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

import tests.core.toy  # noqa: F401  (registers the toy ruleset)
from cli.main import main
from eventlog.dice import engine_dice, parse, seed_hash
from eventlog.envelope import Draft, canonical_json, seal
from eventlog.store import Store


@pytest.fixture
def bl(tmp_path):
    db = str(tmp_path / "cli.duckdb")
    runner = CliRunner()

    def invoke(*args, db=db):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    invoke.db, invoke.tmp = db, tmp_path
    return invoke


def new_game(bl, dice="engine", turns=3):
    setup = bl.tmp / "setup.json"
    setup.write_text(json.dumps({"players": ["A", "B"], "turns": turns}))
    assert bl("new", "g", "--ruleset", "toy", "--setup", str(setup), "--dice", dice).exit_code == 0


def play_turn(bl, engine=True):
    assert bl("order", "g", "--actor", "A", "--text", "heads").exit_code == 0
    assert bl("order", "g", "--actor", "B", "--text", "tails").exit_code == 0
    rolled = bl("roll", "g", "1d2") if engine else bl("roll", "g", "1d2", "--result", "1")
    assert rolled.exit_code == 0, rolled.output
    assert bl("resolve", "g").exit_code == 0


@pytest.fixture
def played(bl):
    new_game(bl)
    play_turn(bl)
    play_turn(bl)
    return bl


def sql(bl, query, params=()):
    con = duckdb.connect(bl.db)
    try:
        return con.execute(query, list(params)).fetchall()
    finally:
        con.close()


def posted_head(bl):
    out = bl("head", "g")
    assert out.exit_code == 0
    line = out.output.strip()
    assert len(line.splitlines()) == 1
    game, word, anchor = line.split()
    assert (game, word) == ("g", "head")
    seq, digest = anchor.split(":")
    assert sql(bl, "select hash from events where game = 'g' and seq = ?", [int(seq)]) == [(digest,)]
    return anchor


# --- the head anchors the log ------------------------------------------------------------------------------------

def test_head_prints_seq_and_full_hash_and_verify_holds_the_log_to_it(played):
    anchor = posted_head(played)
    ok = played("verify", "g", "--head", anchor)
    assert ok.exit_code == 0, ok.output
    assert "anchor: --head" in ok.output and "it is the head" in ok.output
    play_turn(played)  # events appended since: the anchor still holds
    later = played("verify", "g", "--head", anchor)
    assert later.exit_code == 0 and "event(s) appended after it" in later.output
    assert played("verify", "g", "--head", "12:abc").exit_code == 2
    assert played("head", "nope").exit_code == 2


def test_a_truncated_log_fails_verify_head(played):
    anchor = posted_head(played)
    last = int(anchor.split(":")[0])
    sql(played, "delete from events where game = 'g' and seq >= ?", [last - 1])
    assert played("verify", "g").exit_code == 0  # the chain alone cannot see it
    r = played("verify", "g", "--head", anchor)
    assert r.exit_code == 2 and "truncated" in r.output


def test_a_correctly_chained_forged_append_fails_verify_head(played):
    anchor = posted_head(played)
    last = int(anchor.split(":")[0])
    sql(played, "delete from events where game = 'g' and seq = ?", [last])
    with Store.open(played.db) as store:
        store.append("g", last, [Draft("turn.closed", {"forged": True}, turn=2)])
    assert played("verify", "g").exit_code == 0
    r = played("verify", "g", "--head", anchor)
    assert r.exit_code == 2 and f"seq {last} has hash" in r.output


def test_a_rechained_tail_fails_verify_head(played):
    anchor = posted_head(played)
    with Store.open(played.db) as store:
        events = store.events("g")
    roll = next(e for e in events if e.type == "roll")
    forged, prev = [], events[roll.seq - 2].hash
    for e in events[roll.seq - 1:]:
        payload = dict(e.payload)
        if e.seq == roll.seq:
            payload["link"] = "doctored"
        event = seal("g", prev, e.seq, Draft(e.type, payload, e.turn, e.actor, e.cause, e.phase, e.visible), e.at)
        forged.append(event)
        prev = event.hash
    sql(played, "delete from events where game = 'g' and seq >= ?", [roll.seq])
    with Store.open(played.db) as store:
        store.import_events(forged)
    assert played("verify", "g").exit_code == 0
    r = played("verify", "g", "--head", anchor)
    assert r.exit_code == 2 and "rewritten" in r.output


def test_a_witness_post_or_frame_anchors_the_log(played):
    anchor = posted_head(played)
    post = played.tmp / "post.txt"
    post.write_text(f"[b]Turn 2[/b]\nthe log: {anchor}\n", encoding="utf-8")
    assert played("verify", "g", "--witness", str(post)).exit_code == 0
    from replay.render.svg import new_drawing

    png, svg = played.tmp / "t1.png", played.tmp / "t1.svg"
    drawn = played("render", "g", "--turn", "1", "-o", str(png))
    assert drawn.exit_code == 0, drawn.output
    turn_1_end = sql(played, "select hash from events where game = 'g' and seq = ?", [_turn_closed(played, 1)])[0][0]
    svg.write_text(new_drawing(40, 40, title="t", caption="c", last_hash=turn_1_end, desc_text="").tostring())
    for frame in (png, svg):
        ok = played("verify", "g", "--witness", str(frame))
        assert ok.exit_code == 0 and "frame): seq" in ok.output, ok.output
    # the log rewritten from turn 1 on: neither the post nor the frames are in it any more
    with Store.open(played.db) as store:
        events = store.events("g")
    first_roll = next(e for e in events if e.type == "roll").seq
    sql(played, "update events set hash = sha256(hash) where game = 'g' and seq >= ?", [first_roll])
    for witness in (post, png, svg):
        assert played("verify", "g", "--witness", str(witness)).exit_code == 2
    empty = played.tmp / "empty.txt"
    empty.write_text("nothing here")
    r = played("verify", "g", "--witness", str(empty))
    assert r.exit_code == 2 and "holds no head" in r.output


def test_verify_file_takes_a_head_too(played):
    anchor = posted_head(played)
    exported = played.tmp / "g.jsonl"
    exported.write_text(played("export", "g").output)
    assert played("verify", "--file", str(exported), "--head", anchor).exit_code == 0
    lines = exported.read_text().splitlines()
    exported.write_text("\n".join(lines[:-1]) + "\n")
    assert played("verify", "--file", str(exported), "--head", anchor).exit_code == 2


# --- checkpoints inside the chain ----------------------------------------------------------------------------------

def _turn_closed(bl, turn):
    return sql(bl, "select seq from events where game = 'g' and type = 'turn.closed' and turn = ?", [turn])[0][0]


def _sound_checkpoint(bl):
    """A checkpoint after turn 1, written as the store writes them (its state, honestly folded)."""
    from replay import driver

    with Store.open(bl.db) as store:
        g = driver.load(store, "g")
        seq = _turn_closed(bl, 1)
        state = canonical_json(g.ruleset.state_json(driver.fold(g, seq)))
        store.put_checkpoint("g", g.checkpoint_key, seq, state)
        return g.checkpoint_key, seq, state


def test_a_tampered_checkpoint_no_longer_changes_state(played):
    key, seq, state = _sound_checkpoint(played)
    honest = played("state", "g", "--turn", "2", "--step", "0", "--json").stdout
    assert sql(played, "select after_hash is not null, state_sha = sha256(state) from checkpoints") == [(True, True)]
    forged = json.loads(state)
    forged["score"] = {"A": 40, "B": 0}
    sql(played, "update checkpoints set state = ? where game = 'g' and seq = ?", [canonical_json(forged), seq])
    assert played("state", "g", "--turn", "2", "--step", "0", "--json").stdout == honest
    deep = played("verify", "g", "--deep")
    assert deep.exit_code == 2 and f"checkpoint after seq {seq}" in deep.output and "sha256" in deep.output
    # edited with its sha256 too: reads trust it, --deep refolds and names it
    sql(played, "update checkpoints set state_sha = sha256(state) where game = 'g'")
    assert json.loads(played("state", "g", "--turn", "2", "--step", "0", "--json").stdout)["score"]["A"] == 40
    deep = played("verify", "g", "--deep")
    assert deep.exit_code == 2 and "differs from the refold" in deep.output


def test_a_checkpoint_of_a_rewritten_event_is_not_read(played):
    _, seq, _ = _sound_checkpoint(played)
    honest = played("state", "g", "--turn", "2", "--step", "0", "--json").stdout
    sql(played, "update checkpoints set after_hash = sha256(after_hash)")
    assert played("state", "g", "--turn", "2", "--step", "0", "--json").stdout == honest
    assert "folded after another event" in played("verify", "g", "--deep").output


def test_verify_deep_passes_a_sound_game(played):
    _sound_checkpoint(played)
    ok = played("verify", "g", "--deep")
    assert ok.exit_code == 0 and "checkpoints: 1 compared" in ok.output, ok.output


def test_an_old_database_keeps_working_and_its_checkpoints_are_ignored_then_rewritten(played):
    key, seq, state = _sound_checkpoint(played)
    seed = sql(played, "select seed from secrets")[0][0]
    con = duckdb.connect(played.db)
    con.execute("drop table secrets")
    con.execute("create table secrets (game VARCHAR PRIMARY KEY, seed BLOB NOT NULL)")
    con.execute("insert into secrets values ('g', ?)", [seed])
    con.execute("drop table checkpoints")
    con.execute("create table checkpoints (game VARCHAR NOT NULL, key VARCHAR NOT NULL, seq BIGINT NOT NULL, "
                "state VARCHAR NOT NULL, PRIMARY KEY (game, key, seq))")
    con.execute("insert into checkpoints values ('g', ?, ?, '{\"forged\":1}')", [key, seq])
    con.close()
    honest = played("state", "g", "--json").output
    assert played("verify", "g").exit_code == 0
    assert sql(played, "select game, epoch from secrets") == [("g", 0)]
    assert played("state", "g", "--turn", "2", "--step", "0", "--json").exit_code == 0
    with Store.open(played.db) as store:
        assert store.checkpoint("g", key, 10**6) is None
        assert store.secret("g") == bytes(seed)
        from replay import driver

        store.put_checkpoints("g", key, [(seq, state)])  # as the next resolve's write_checkpoints does
        assert store.checkpoint("g", key, 10**6) == (seq, state)
        assert driver.load(store, "g")
    assert played("state", "g", "--json").output == honest


# --- seed epochs ---------------------------------------------------------------------------------------------------

def test_reveal_ends_an_epoch_and_later_engine_rolls_derive_from_the_next_seed(played):
    first_seed = sql(played, "select seed from secrets where epoch = 0")[0][0]
    r = played("reveal", "g")
    assert r.exit_code == 0 and "epoch 0" in r.output
    reveal = json.loads(played("log", "g", "--json").output.splitlines()[-1])
    assert reveal["type"] == "seed.revealed" and reveal["payload"]["seed"] == bytes(first_seed).hex()
    assert reveal["payload"]["epoch"] == 0
    next_seed = bytes(sql(played, "select seed from secrets where epoch = 1")[0][0])
    assert reveal["payload"]["next_seed_hash"] == seed_hash(next_seed)
    play_turn(played)
    with Store.open(played.db) as store:
        assert store.secret("g") == next_seed and store.epoch("g") == 1
        late = [e for e in store.events("g") if e.type == "roll" and e.seq > reveal["seq"]]
    assert late and all(e.payload["result"] == engine_dice(next_seed, "g", e.seq, parse("1d2")) for e in late)
    gm = played("verify", "g")
    assert gm.exit_code == 0 and "3 rolls re-derived from the seed of each epoch, all match" in gm.output
    assert "unrevealed seed of epoch 1 kept in this database" in gm.output
    # a player's copy: epoch 0 checks against the revealed seed, epoch 1 is not yet checkable
    exported = played.tmp / "g.jsonl"
    exported.write_text(played("export", "g").output)
    other = str(played.tmp / "player.duckdb")
    assert played("import", str(exported), db=other).exit_code == 0
    public = played("verify", "g", db=other)
    assert public.exit_code == 0, public.output
    assert "2 rolls re-derived" in public.output and "epoch 1: 1 rolls not yet checkable" in public.output
    assert played("reveal", "g").exit_code == 0
    exported.write_text(played("export", "g").output)
    again = str(played.tmp / "again.duckdb")
    assert played("import", str(exported), db=again).exit_code == 0
    final = played("verify", "g", db=again)
    assert final.exit_code == 0 and "3 rolls re-derived" in final.output and "not yet" not in final.output


def test_a_doctored_engine_roll_of_a_revealed_epoch_is_named(played):
    played("reveal", "g")
    with Store.open(played.db) as store:
        events = store.events("g")
    roll = next(e for e in events if e.type == "roll")
    wrong = 3 - roll.payload["result"][0]
    rechained, prev = [], "0" * 64
    for e in events:  # a forger with the whole log rewrites the roll and re-chains everything after it
        payload = {**e.payload, "result": [wrong], "total": wrong} if e.seq == roll.seq else e.payload
        sealed = seal("g", prev, e.seq, Draft(e.type, payload, e.turn, e.actor, e.cause, e.phase, e.visible), e.at)
        rechained.append(sealed)
        prev = sealed.hash
    forged = str(played.tmp / "forged.duckdb")
    with Store.open(forged) as store:
        store.import_events(rechained)
    r = played("verify", "g", db=forged)
    assert r.exit_code == 2 and f"seq {roll.seq}: engine roll 1d2 recorded [{wrong}]" in r.output


def test_verify_seed_checks_the_epoch_it_commits_to(played):
    seed = bytes(sql(played, "select seed from secrets where epoch = 0")[0][0])
    exported = played.tmp / "g.jsonl"
    exported.write_text(played("export", "g").output)
    other = str(played.tmp / "player.duckdb")
    assert played("import", str(exported), db=other).exit_code == 0
    assert "not yet checkable" in played("verify", "g", db=other).output
    r = played("verify", "g", "--seed", seed.hex(), db=other)
    assert r.exit_code == 0 and "2 rolls re-derived from the seed, all match" in r.output
    wrong = played("verify", "g", "--seed", "ab" * 32, db=other)
    assert wrong.exit_code == 2 and "every seed commitment" in wrong.output


# --- rolls against the dice policy -----------------------------------------------------------------------------------

def test_rolls_against_the_dice_policy_are_flagged_not_failed(bl):
    new_game(bl, dice="forum")
    with Store.open(bl.db) as store:
        seed = store.secret("g")
        spec = parse("1d2")
        for actor in ("A", None):
            seq = store.next_seq("g")
            result = engine_dice(seed, "g", seq, spec)
            store.append("g", seq, [Draft("roll", {"dice": "1d2", "purpose": "coin", "result": result,
                                                   "total": sum(result), "source": "engine"}, 1, actor)])
    r = bl("verify", "g")
    assert r.exit_code == 0, r.output
    flags = [line for line in r.output.splitlines() if line.startswith("flag:")]
    assert len(flags) == 2 and all("dice policy of 'coin' is forum" in f for f in flags)


def test_a_players_forum_roll_in_an_engine_game_is_flagged(bl):
    new_game(bl, dice="engine")
    with Store.open(bl.db) as store:
        store.append("g", 2, [Draft("roll", {"dice": "1d2", "purpose": "coin", "result": [1], "total": 1,
                                             "source": "forum"}, 1, "A"),
                              Draft("roll", {"dice": "1d2", "purpose": "coin", "result": [2], "total": 2,
                                             "source": "manual"}, 1, None)])
    r = bl("verify", "g")
    assert r.exit_code == 0
    flags = [line for line in r.output.splitlines() if line.startswith("flag:")]
    assert flags == ["flag: seq 2: a forum roll by A, but the dice policy of 'coin' is engine (verifiable engine dice)"]


def test_a_game_recorded_before_dice_policies_has_no_policy_flags(tmp_path):
    from click.testing import CliRunner

    from cli.main import main

    runner = CliRunner()
    db = str(tmp_path / "old.duckdb")
    fixture = Path(__file__).resolve().parent.parent / "fixtures" / "duel" / "traits-3.jsonl"
    assert runner.invoke(main, ["--db", db, "import", str(fixture)]).exit_code == 0
    r = runner.invoke(main, ["--db", db, "verify", "duel-traits-3"])
    assert r.exit_code == 0 and "flag:" not in r.output, r.output
