"""The DuckDB event store: appends with expected seq, races, locks, tampering, imports, checkpoints."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eventlog.envelope import GENESIS, Draft, Event, canonical_json
from eventlog.errors import ChainError, ConflictError, LockedError
from eventlog.store import Store, verify_chain

AT = "2024-05-01T10:00:00.000000Z"


def order(actor: str, **fields: object) -> Draft:
    return Draft("order", {"maneuver": "ram", **fields}, turn=1, actor=actor)


def roll(value: int, turn: int = 1) -> Draft:
    return Draft("roll", {"dice": "1d100", "purpose": "stake", "result": [value], "total": value,
                          "source": "manual"}, turn=turn, actor="A")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.duckdb"


@pytest.fixture
def store(db: Path):
    with Store.open(db) as s:
        yield s


def test_a_new_file_has_no_games(store: Store) -> None:
    assert store.games() == []
    assert not store.exists("duel-1")
    assert store.head("duel-1") is None
    assert store.next_seq("duel-1") == 1
    assert store.events("duel-1") == []


def test_append_chains_the_drafts_from_genesis(store: Store) -> None:
    events = store.append("duel-1", 1, [Draft("game.created", {"ruleset": "duel@1"}), order("A")])
    assert [e.seq for e in events] == [1, 2]
    assert events[0].prev == GENESIS and events[1].prev == events[0].hash
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", e.at) for e in events)
    assert store.events("duel-1") == events
    assert store.head("duel-1") == events[1]
    assert store.next_seq("duel-1") == 3
    assert store.games() == ["duel-1"] and store.exists("duel-1")
    verify_chain(store.events("duel-1"))


def test_append_continues_the_chain_across_calls(store: Store) -> None:
    first = store.append("duel-1", 1, [order("A")], at=AT)
    second = store.append("duel-1", 2, [order("B"), roll(40)], at=AT)
    assert second[0].prev == first[0].hash
    assert store.event("duel-1", 3) == second[1]
    assert store.event("duel-1", 4) is None
    assert store.events("duel-1", from_seq=2, upto_seq=2) == [second[0]]


def test_a_stale_writer_gets_a_conflict_and_appends_nothing(store: Store) -> None:
    store.append("duel-1", 1, [order("A"), order("B")])
    with pytest.raises(ConflictError, match=r"game duel-1: expected to write seq 2 but the log is at seq 3"):
        store.append("duel-1", 2, [order("A")])
    assert store.next_seq("duel-1") == 3


class _RacingStore(Store):
    """A store that waits for its rival at the doorstep of COMMIT."""

    barrier: threading.Barrier

    def _commit(self, game: str, expected_seq: int) -> None:
        self.barrier.wait(timeout=10)
        super()._commit(game, expected_seq)


def test_two_writers_racing_for_the_same_seq_one_gets_a_conflict_at_commit(db: Path) -> None:
    with Store.open(db) as s:
        s.append("duel-1", 1, [order("A")])
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def write(actor: str) -> None:
        racer = _RacingStore.open(db)
        racer.barrier = barrier
        try:
            outcomes.append(racer.append("duel-1", 2, [order(actor)]))
        except ConflictError as error:
            outcomes.append(error)
        finally:
            racer.close()

    threads = [threading.Thread(target=write, args=(actor,)) for actor in "AB"]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=20)
    conflicts = [o for o in outcomes if isinstance(o, ConflictError)]
    assert len(outcomes) == 2 and len(conflicts) == 1
    assert "expected to write seq 2 but the log is at seq 3" in str(conflicts[0])
    assert isinstance(conflicts[0].__cause__, duckdb.Error), "the loser must be stopped by the key, at commit"
    with Store.open(db) as s:
        assert [e.seq for e in s.events("duel-1")] == [1, 2]
        verify_chain(s.events("duel-1"))


@pytest.mark.parametrize("bad", [
    Draft("order", {"stack": {"a set is not JSON"}}),
    Draft("order", {}, turn=2**40),
], ids=["payload not JSON", "turn beyond INTEGER"])
def test_a_batch_with_a_bad_row_appends_nothing(store: Store, bad: Draft) -> None:
    store.append("duel-1", 1, [order("A")])
    with pytest.raises(Exception):  # noqa: B017 - whatever the row's fault, the batch must vanish
        store.append("duel-1", 2, [order("B"), roll(5), bad])
    assert store.next_seq("duel-1") == 2
    assert store.append("duel-1", 2, [order("B")])[0].seq == 2


_HOLDER = """
import sys, time, duckdb
con = duckdb.connect(sys.argv[1])
print("ready", flush=True)
time.sleep(float(sys.argv[2]))
con.close()
"""


def _hold(db: Path, seconds: float) -> subprocess.Popen[str]:
    """Start another process that keeps the file locked for `seconds`."""
    proc = subprocess.Popen([sys.executable, "-c", _HOLDER, str(db), str(seconds)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def test_a_file_locked_by_another_process_raises_locked_after_retrying(db: Path) -> None:
    Store.open(db).close()
    holder = _hold(db, 30)
    try:
        started = time.monotonic()
        with pytest.raises(LockedError, match=re.escape(str(db))):
            Store.open(db, retry_seconds=0.4)
        assert time.monotonic() - started >= 0.3
    finally:
        holder.kill()
        holder.wait()


def test_a_lock_released_while_retrying_lets_the_open_succeed(db: Path) -> None:
    Store.open(db).close()
    holder = _hold(db, 0.5)
    try:
        with Store.open(db, retry_seconds=10) as s:
            assert s.next_seq("duel-1") == 1
    finally:
        holder.wait()


def test_a_payload_edited_with_raw_sql_is_named_by_verify(store: Store) -> None:
    store.append("duel-1", 1, [order("A"), order("B"), roll(40), roll(41)])
    store.con.execute("UPDATE events SET payload = ? WHERE game = 'duel-1' AND seq = 3",
                      [canonical_json({**store.event("duel-1", 3).payload, "total": 99})])  # type: ignore[union-attr]
    with pytest.raises(ChainError, match="edited behind battlelog's back") as caught:
        verify_chain(store.events("duel-1"))
    assert caught.value.seq == 3


def test_verify_names_a_missing_event_and_a_broken_link(store: Store) -> None:
    events = store.append("duel-1", 1, [order("A"), order("B"), roll(40)])
    with pytest.raises(ChainError) as gap:
        verify_chain([events[0], events[2]])
    assert gap.value.seq == 3
    relinked = Event(**{**events[1].to_dict(), "prev": GENESIS})
    with pytest.raises(ChainError) as link:
        verify_chain([events[0], relinked, events[2]])
    assert link.value.seq == 2


_payloads = st.dictionaries(
    st.text(min_size=1, max_size=8),
    st.recursive(
        st.none() | st.booleans() | st.integers(-(2**62), 2**62) | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(st.characters(exclude_categories=("Cs",))),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=8,
    ),
    max_size=5,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(payload=_payloads)
def test_payloads_round_trip_through_the_store(store: Store, payload: dict[str, object]) -> None:
    game = "игра-" + str(store.next_seq("games"))
    store.append("games", store.next_seq("games"), [Draft("game.created")])
    written = store.append(game, 1, [Draft("order", payload, actor="Ёж")])
    assert store.events(game) == written
    verify_chain(store.events(game))


def test_unicode_round_trips(store: Store) -> None:
    payload = {"unit": "Ромашка «Ёлка»", "note": "ram → 北", "emoji": "⚔️"}
    store.append("дуэль", 1, [Draft("order", payload, actor="Пётр")])
    assert store.events("дуэль")[0].payload == payload
    assert store.games() == ["дуэль"]


def test_turn_index_gives_the_first_and_last_seq_of_each_turn(store: Store) -> None:
    store.append("duel-1", 1, [Draft("game.created"), roll(1, turn=1), roll(2, turn=1), roll(3, turn=2),
                               Draft("turn.closed", turn=2), roll(4, turn=3)])
    assert store.turn_index("duel-1") == {1: (2, 3), 2: (4, 5), 3: (6, 6)}


def _events_for_checkpoints(store: Store, game: str = "duel-1", n: int = 30) -> None:
    """Checkpoints are read only where the log has the event they follow."""
    store.append(game, 1, [Draft("game.created")] + [roll(k % 6 + 1) for k in range(n - 1)])


def test_checkpoints_give_the_latest_at_or_before_a_seq_for_their_key(store: Store) -> None:
    _events_for_checkpoints(store)
    for seq in (10, 20, 30):
        store.put_checkpoint("duel-1", "duel@1:abc", seq, f'{{"at":{seq}}}')
    store.put_checkpoint("duel-1", "duel@2:abc", 25, "{}")
    assert store.checkpoint("duel-1", "duel@1:abc", 25) == (20, '{"at":20}')
    assert store.checkpoint("duel-1", "duel@1:abc", 30) == (30, '{"at":30}')
    assert store.checkpoint("duel-1", "duel@1:abc", 9) is None
    assert store.checkpoint("duel-1", "other", 99) is None
    store.put_checkpoint("duel-1", "duel@1:abc", 20, '{"again":true}')
    assert store.checkpoint("duel-1", "duel@1:abc", 25) == (20, '{"again":true}')
    store.drop_checkpoints("duel-1", "duel@1:abc")
    assert store.checkpoint("duel-1", "duel@1:abc", 99) is None
    assert store.checkpoint("duel-1", "duel@2:abc", 99) == (25, "{}")


def test_the_dice_seed_is_kept_apart_and_never_replaced(store: Store) -> None:
    assert store.secret("duel-1") is None
    store.set_secret("duel-1", b"\x00" * 32)
    store.set_secret("duel-1", b"\x00" * 32)
    assert store.secret("duel-1") == b"\x00" * 32
    with pytest.raises(ConflictError, match="already has a dice seed"):
        store.set_secret("duel-1", b"\x01" * 32)
    assert store.events("duel-1") == []


def test_import_inserts_chained_events_and_refuses_seqs_already_there(db: Path) -> None:
    with Store.open(db) as source:
        events = source.append("duel-1", 1, [order("A"), order("B"), roll(7), roll(8)], at=AT)
        source.delete_game("duel-1")
        assert source.import_events(events[:2]) == 2
        with pytest.raises(ConflictError, match="expected to write seq 2 but the log is at seq 3"):
            source.import_events(events[1:])
        with pytest.raises(ConflictError):
            source.import_events(events[3:])
        with pytest.raises(ChainError, match="seq 4: game duel-1: does not follow seq 4 of the same import"):
            source.import_events([events[2], events[3], events[3]])
        assert source.import_events(events[2:]) == 2
        assert source.events("duel-1") == events
        verify_chain(source.events("duel-1"))


def test_export_parquet_writes_the_events_with_json_payloads(store: Store, tmp_path: Path) -> None:
    events = store.append("duel-1", 1, [order("A"), roll(7)], at=AT)
    store.append("duel-2", 1, [order("B")], at=AT)
    out = tmp_path / "duel-1.parquet"
    store.export_parquet("duel-1", str(out))
    rows = duckdb.sql(f"SELECT seq, payload, hash FROM read_parquet('{out}') ORDER BY seq").fetchall()
    assert rows == [(e.seq, canonical_json(e.payload), e.hash) for e in events]
    everything = tmp_path / "all.parquet"
    store.export_parquet(None, str(everything))
    assert duckdb.sql(f"SELECT count(*) FROM read_parquet('{everything}')").fetchall() == [(3,)]


def test_closing_releases_the_file_for_the_next_command(db: Path) -> None:
    with Store.open(db) as s:
        s.append("duel-1", 1, [order("A")])
    done = subprocess.run([sys.executable, "-c", "import duckdb,sys; duckdb.connect(sys.argv[1]).close()", str(db)],
                          timeout=30)
    assert done.returncode == 0


# --- bulk reads, bulk checkpoints and the SQL verify -------------------------------------------------------------

def test_read_events_gives_the_events_of_some_types_in_seq_order(store: Store) -> None:
    events = store.append("duel-1", 1, [Draft("game.created"), order("A"), roll(3), Draft("duel.reveal", {"x": 1},
                                                                                      turn=1), roll(4)])
    store.append("duel-2", 1, [roll(5)])
    assert list(store.read_events("duel-1")) == events == store.events("duel-1")
    assert store.events_of_types("duel-1", ["roll", "duel.reveal"]) == [events[2], events[3], events[4]]
    assert store.events_of_types("duel-1", ["roll"], from_seq=4, upto_seq=5) == [events[4]]
    assert store.events_of_types("duel-1", []) == [] and store.events_of_types("duel-3", ["roll"]) == []
    assert store.count("duel-1") == 5 and store.count("duel-3") == 0


def test_checkpoints_are_written_together_and_replace_older_ones(store: Store) -> None:
    _events_for_checkpoints(store)
    store.put_checkpoint("duel-1", "k", 10, "old")
    assert store.put_checkpoints("duel-1", "k", [(10, "new"), (20, "x"), (30, "y")]) == 3
    assert store.put_checkpoints("duel-1", "k", []) == 0
    assert [store.checkpoint("duel-1", "k", s) for s in (15, 25, 99)] == [(10, "new"), (20, "x"), (30, "y")]


def _chain_error(events: list[Event]) -> str | None:
    try:
        verify_chain(events)
    except ChainError as error:
        return str(error)
    return None


def _store_error(store: Store, game: str) -> str | None:
    try:
        assert store.verify(game) == store.count(game)
    except ChainError as error:
        return str(error)
    return None


@pytest.mark.parametrize("edit", [
    "",
    "UPDATE events SET payload = replace(payload, '40', '41') WHERE seq = 3",
    "UPDATE events SET actor = 'Z' WHERE seq = 2",
    "UPDATE events SET prev = hash WHERE seq = 4",
    "UPDATE events SET prev = 'x' WHERE seq = 1",
    "DELETE FROM events WHERE seq = 3",
    "UPDATE events SET seq = 9 WHERE seq = 5",
    "UPDATE events SET turn = 2, \"at\" = 'later' WHERE seq = 5",
], ids=["clean", "payload", "actor", "prev", "first prev", "missing", "seq", "turn and at"])
def test_the_sql_verify_raises_what_verify_chain_raises(store: Store, edit: str) -> None:
    store.append("duel-1", 1, [Draft("game.created"), order("A"), roll(40), roll(41), order("B"), roll(42)])
    if edit:
        store.con.execute(edit)
    assert _store_error(store, "duel-1") == _chain_error(store.events("duel-1"))
    assert (edit == "") == (_store_error(store, "duel-1") is None)


def test_the_sql_verify_rechecks_in_python_what_sql_escapes_otherwise(store: Store) -> None:
    """DuckDB writes \\u001F where Python writes \\u001f: the SQL hash is wrong, Python's is right, it passes."""
    store.append("игра\x1f", 1, [Draft("order", {"note": "a\x1fb\u2028c", "n": 1.5e300}, actor="Ё\x01")])
    assert store.verify("игра\x1f") == 1


# --- the fast canonical-form check of `verify` (eventlog.envelope.surely_canonical) -----------------------------

def test_pydantic_core_writes_every_character_as_canonical_json_does() -> None:
    """surely_canonical rests on this: pydantic-core's serialiser and canonical_json spell every code point alike."""
    from pydantic_core import to_json

    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    assert to_json(every) == canonical_json(every).encode("utf-8")
    assert to_json({every: [every]}) == canonical_json({every: [every]}).encode("utf-8")


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(value=st.dictionaries(st.text(max_size=4), _json_values, max_size=5),
       spelling=st.sampled_from(["canonical", "unsorted", "spaces", "ascii", "indent"]))
def test_surely_canonical_never_says_yes_to_a_text_canonical_json_would_refuse(value: dict, spelling: str) -> None:
    import json

    from eventlog.envelope import surely_canonical

    text = {"canonical": canonical_json(value),
            "unsorted": json.dumps(value, ensure_ascii=False, separators=(",", ":")),
            "spaces": json.dumps(value, ensure_ascii=False, sort_keys=True),
            "ascii": json.dumps(value, sort_keys=True, separators=(",", ":")),
            "indent": json.dumps(value, ensure_ascii=False, sort_keys=True, indent=1)}[spelling]
    if surely_canonical(text.encode("utf-8")):
        assert canonical_json(json.loads(text)) == text


@pytest.mark.parametrize(("text", "fast"), [
    ('{"a":1,"b":[true,null,"x"]}', True),
    ('{"b":1,"a":2}', False),  # keys out of order
    ('{"a":1,"a":2}', False),  # a repeated key
    ('{"a": 1}', False),
    ('{"a":1.5}', False),  # floats go the slow way (canonical, but not shown here)
    ('{"a":1e+16}', False),
    ('{"a":"\\u00e9"}', False),  # an escape canonical_json does not write
    ('{"a":"é\\n\\u001f"}', True),
    ('[1,2]', False),  # not an object
    ('{"a":"\\ud800"}', False),  # a lone surrogate
    ('{"a":', False),
])
def test_surely_canonical_cases(text: str, fast: bool) -> None:
    from eventlog.envelope import surely_canonical

    assert surely_canonical(text.encode("utf-8")) is fast


def test_orjson_writes_every_character_and_key_order_as_canonical_json_does() -> None:
    """_orjson_canonical rests on this: orjson, sorting keys, spells every code point, integer and key order alike."""
    import orjson

    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    keys = {chr(c): c for c in (0, 0x1F, 0x7F, 0xE9, 0x2028, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF)}
    for value in ({every: [every]}, keys, {"a": [-(2**63), 2**64 - 1, 0, -1, True, False, None, {}, []]}):
        assert orjson.dumps(value, option=orjson.OPT_SORT_KEYS) == canonical_json(value).encode("utf-8")


@settings(max_examples=300, deadline=None)
@given(value=st.dictionaries(st.text(max_size=4), _json_values, max_size=5),
       spelling=st.sampled_from(["canonical", "unsorted", "spaces", "ascii", "orjson"]),
       parsed=st.booleans())
def test_orjson_check_claims_only_canonical_texts(value: dict, spelling: str, parsed: bool) -> None:
    """Whatever the spelling (orjson's own included: 1e16 where canonical_json writes 1e+16), a text the orjson
    check claims is canonical_json of what it parses to, given the parsed value or not."""
    import json

    import orjson

    from eventlog.envelope import _orjson_canonical

    try:
        orjson_text = orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    except TypeError:  # an integer beyond 64 bits
        orjson_text = canonical_json(value)
    text = {"canonical": canonical_json(value), "orjson": orjson_text,
            "unsorted": json.dumps(value, ensure_ascii=False, separators=(",", ":")),
            "spaces": json.dumps(value, ensure_ascii=False, sort_keys=True),
            "ascii": json.dumps(value, sort_keys=True, separators=(",", ":"))}[spelling]
    if _orjson_canonical(text.encode("utf-8"), json.loads(text) if parsed else None):
        assert canonical_json(json.loads(text)) == text
        assert not any(type(v) is float for v in _leaves(json.loads(text)))


def _leaves(node: object) -> list[object]:
    if isinstance(node, dict):
        return [leaf for v in node.values() for leaf in _leaves(v)]
    if isinstance(node, list):
        return [leaf for v in node for leaf in _leaves(v)]
    return [node]


@pytest.mark.parametrize(("text", "claimed"), [
    ('{"a":1,"b":[true,null,"x"],"c":{"d":-5,"e":""}}', True),
    ('{"a":"é\\n\\u001f\\"\\\\"}', True),
    ('{"a":"3.5 шага","b":"7e0e"}', False),  # a digit before `.` or `e`, in a string: not claimed (slow way)
    ('{"a":1e16}', False), ('{"a":1.5}', False), ('{"a":1E5}', False), ('{"a":-0.0}', False),
    ('{"a":123456789012345678901234567890}', False),  # beyond 64 bits: canonical, not shown here
    ('{"b":1,"a":2}', False), ('{"a":1,"a":1}', False), ('{"a": 1}', False), ('{"a":"\\u00e9"}', False),
    ('{"a":-0}', False), ('[1,2]', False), ('{"a":"\\ud800"}', False), ('{"a":', False), ('{"a":NaN}', False),
])
def test_orjson_check_cases(text: str, claimed: bool) -> None:
    import json

    from eventlog.envelope import _orjson_canonical, surely_canonical

    assert _orjson_canonical(text.encode("utf-8")) is claimed
    if claimed:
        assert _orjson_canonical(text.encode("utf-8"), json.loads(text)) is True
        assert surely_canonical(text.encode("utf-8")) is True


def test_verify_names_a_payload_edited_into_another_spelling(tmp_path: Path) -> None:
    """The fast check passes over nothing: an unsorted, a float-spelt and a spaced payload are still named."""
    with Store.open(tmp_path / "v.duckdb") as store:
        store.append("g", 1, [Draft("note", {"a": 1, "b": 2.5}, None, None), Draft("note", {"x": "y"}, None, None),
                              Draft("note", {"c": [1, {"d": 1, "e": "é"}]}, None, None)])
        assert store.payload_problems("g") == {}
        for seq, text in [(1, '{"b":2.5,"a":1}'), (2, '{"x": "y"}'), (3, '{"c":[1,{"e":"é","d":1}]}')]:
            store.con.execute("UPDATE events SET payload = ? WHERE game = 'g' AND seq = ?", [text, seq])
        problems = store.payload_problems("g")
    assert sorted(problems) == [1, 2, 3]
    assert all("canonical JSON form" in why for why in problems.values())


def _forge_as_sql_builds(store: Store, game: str, seq: int) -> None:
    """Set the row's hash to the sha256 of the envelope text `Store.verify`'s SQL builds for it (a forger who knows
    the SQL): wherever that text is not the canonical envelope, verify must still refuse the row."""
    from eventlog import store as module

    head = (f"CASE WHEN v >= 2 THEN {module._ENVELOPE_V2_HEAD} || sha256(payload) || {module._ENVELOPE_V2_TAIL} "
            f"ELSE {module._ENVELOPE_V1} END")
    store.con.execute(f"UPDATE events SET hash = sha256({head}) WHERE game = $1 AND seq = $3",
                      [game, canonical_json(game), seq])


@pytest.mark.parametrize("edit", [
    "UPDATE events SET actor = 'A\",\"x\":\"y' WHERE seq = 2",
    "UPDATE events SET \"at\" = 'then\\now' WHERE seq = 2",
    "UPDATE events SET type = 'order' || chr(31) WHERE seq = 2",
    "UPDATE events SET phase = 'a\"' WHERE seq = 2",
    "UPDATE events SET visible = '[\"A\", \"B\"]' WHERE seq = 2",
    "UPDATE events SET visible = '[\"A\",\"B\\u0041\"]' WHERE seq = 2",
    "UPDATE events SET visible = '[\"A\",\"B\"]' WHERE seq = 2",
], ids=["actor quote", "at backslash", "type control", "phase quote", "visible spaced", "visible escaped",
        "visible canonical"])
def test_verify_refuses_a_row_hashed_over_the_text_sql_builds_where_it_is_not_canonical(store: Store,
                                                                                       edit: str) -> None:
    """The fast path hashes an envelope SQL builds with plain quotes; a row it could build otherwise than
    `canonical_envelope_v2` is re-checked in Python, so a forged hash over SQL's text is refused as verify_chain
    refuses it (and a row whose text is canonical passes, as verify_chain lets it)."""
    store.append("g", 1, [Draft("game.created"), Draft("order", {"a": 1}, actor="A"), Draft("order", {"b": 2})])
    store.con.execute(edit)
    _forge_as_sql_builds(store, "g", 2)
    store.con.execute("UPDATE events SET prev = (SELECT hash FROM events WHERE seq = 2) WHERE seq = 3")
    _forge_as_sql_builds(store, "g", 3)
    expected = _chain_error(store.events("g"))
    assert _store_error(store, "g") == expected
    assert (expected is None) == edit.endswith("'[\"A\",\"B\"]' WHERE seq = 2")


def test_verify_checks_v1_and_v2_envelopes_in_one_game_as_verify_chain_does(store: Store) -> None:
    """A log begun under envelope v1 and continued under v2: each row hashed by its own format; an edit of either is
    named as verify_chain names it."""
    events: list[Event] = []
    for seq, (type_, payload, v) in enumerate([("game.created", {"x": "é"}, 1), ("order", {"a": [1, 2]}, 1),
                                               ("order", {"b": None}, 2), ("roll", {"dice": "1d6"}, 2)], 1):
        bare = Event("mixed", seq, type_, 1, "A", payload, None, "2026-01-01T00:00:00Z",
                     events[-1].hash if events else GENESIS, "", None, None, v)
        events.append(Event(**{**{f: getattr(bare, f) for f in bare.__slots__}, "hash": bare.expected_hash()}))
    store.import_events(events)
    assert store.verify("mixed") == 4
    for edit in ("UPDATE events SET payload = '{\"a\":[1,3]}' WHERE seq = 2",
                 "UPDATE events SET actor = 'B' WHERE seq = 1", "UPDATE events SET turn = 2 WHERE seq = 4"):
        store.con.execute("BEGIN TRANSACTION")
        store.con.execute(edit)
        assert _store_error(store, "mixed") == _chain_error(store.events("mixed")) is not None
        store.con.execute("ROLLBACK")


@pytest.mark.parametrize("edit", [
    "",
    "UPDATE events SET payload = replace(payload, '42', '43') WHERE seq = 6",
    "UPDATE events SET payload = '{\"a\":1,\"a\":2}' WHERE seq = 5",
    "UPDATE events SET hash = CASE WHEN hash LIKE 'f%' THEN 'e' ELSE 'f' END || substr(hash, 2) WHERE seq = 6",
    "DELETE FROM events WHERE seq = 5",
    "UPDATE events SET seq = 9 WHERE seq = 6",
], ids=["clean", "payload", "repeated key", "hash", "missing", "seq"])
def test_verify_read_in_chunks_names_what_verify_chain_names(store: Store, edit: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast way reads the game in chunks of seqs: an edit in a later chunk is found and named as in one read."""
    from eventlog import store as module

    monkeypatch.setattr(module, "_VERIFY_CHUNK", 2)
    store.append("duel-1", 1, [Draft("game.created"), order("A"), roll(40), roll(41), order("B"), roll(42)])
    if edit:
        store.con.execute(edit)
    expected = _chain_error(store.events("duel-1"))
    if "repeated" in edit or "'{" in edit:
        expected = "seq 5: stored payload: key 'a' appears twice in one object (readers would disagree about its value)"
    assert _store_error(store, "duel-1") == expected
    assert (edit == "") == (expected is None)


def test_logged_reads_the_fields_events_of_types_reads(store: Store) -> None:
    """`Store.logged` (what `battlelog verify`'s dice checks read) gives each event of the types asked, in seq order,
    with the game, seq, type, actor and payload `events_of_types` gives it; equal payload texts parsed once."""
    store.append("duel-1", 1, [Draft("game.created", {"seed_hash": "ab" * 32}), order("A"), roll(40), roll(40),
                               order("B"), roll(41, turn=2), Draft("roll", {"dice": "1d6", "result": [3], "total": 3,
                                                                            "source": "engine"}, turn=2)])
    types = {"game.created", "roll"}
    logged = store.logged("duel-1", types)
    assert [tuple(entry) for entry in logged] == [(e.game, e.seq, e.type, e.actor, e.payload)
                                                  for e in store.events_of_types("duel-1", types)]
    assert [entry.seq for entry in logged] == [1, 3, 4, 6, 7]
    assert logged[1].payload is logged[2].payload  # the same text, parsed once
    assert logged[2].payload is not logged[3].payload
    assert store.logged("duel-1", ()) == []
    assert store.logged("duel-1", {"order"})[1].actor == "B"


@pytest.mark.parametrize("chunk", [16384, 2])
@pytest.mark.parametrize("at", [1, 2, 4, 6])
def test_verify_refuses_a_broken_link_whose_hashes_are_all_forged(store: Store, chunk: int, at: int,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A prev edited and every hash from there on forged over the edited chain: each row's hash matches its own
    envelope, so only the link check can tell; verify names the seq as verify_chain does (in one read and in
    chunks, the broken link inside a chunk or at its start)."""
    import dataclasses

    from eventlog import store as module

    monkeypatch.setattr(module, "_VERIFY_CHUNK", chunk)
    store.append("duel-1", 1, [Draft("game.created"), order("A"), roll(40), roll(41), order("B"), roll(42)])
    forged, prev = [], "e" * 64
    for event in store.events("duel-1")[at - 1:]:
        event = dataclasses.replace(event, prev=prev)
        event = dataclasses.replace(event, hash=event.expected_hash())
        forged.append(event)
        prev = event.hash
    for event in forged:
        store.con.execute("UPDATE events SET prev = ?, hash = ? WHERE game = ? AND seq = ?",
                          [event.prev, event.hash, event.game, event.seq])
    expected = _chain_error(store.events("duel-1"))
    assert expected == (f"seq {at}: prev does not match the hash of seq {at - 1} (edited behind battlelog's back?)"
                        if at > 1 else "seq 1: the first event's prev is not the genesis hash")
    assert _store_error(store, "duel-1") == expected


def test_verify_of_a_game_in_chunks_sets_duckdb_threads_back(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """verify reads a big game's chunks with DuckDB on one thread, then gives the connection its thread count back
    (also when it refuses the chain)."""
    from eventlog import store as module

    monkeypatch.setattr(module, "_VERIFY_CHUNK", 2)
    store.con.execute("SET threads = 3")
    store.append("duel-1", 1, [Draft("game.created"), order("A"), roll(40), roll(41), order("B"), roll(42)])
    assert store.verify("duel-1") == 6
    assert store.con.execute("SELECT current_setting('threads')").fetchall()[0][0] == 3
    store.con.execute("UPDATE events SET payload = replace(payload, '41', '43') WHERE seq = 4")
    with pytest.raises(ChainError):
        store.verify("duel-1")
    assert store.con.execute("SELECT current_setting('threads')").fetchall()[0][0] == 3
