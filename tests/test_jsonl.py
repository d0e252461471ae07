"""JSONL import and export: every problem with its line, deterministic chaining, lossless round trips."""

from __future__ import annotations

import gc
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eventlog.envelope import GENESIS, Draft, Event
from eventlog.errors import ValidationError
from eventlog.jsonl import (
    RawEvent,
    chain,
    core_payload_problems,
    export_lines,
    import_exported,
    parse_lines,
    refuse_withheld,
    stage_exported,
    verify_lines,
)
from eventlog.store import Store, verify_chain

NOW = "2024-05-01T12:00:00.000000Z"
DUELS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "duel").glob("*.jsonl"))


def line(**fields: object) -> str:
    return json.dumps({"game": "duel-1", "type": "order", **fields}, ensure_ascii=False)


def _as_v1(events: list[Event]) -> list[Event]:
    """The same events in envelope v1 (as logs exported before v2 were), re-chained: no phase, visible or v."""
    out: list[Event] = []
    prev = events[0].prev if events else GENESIS
    for e in events:
        bare = Event(e.game, e.seq, e.type, e.turn, e.actor, e.payload, e.cause, e.at, prev, "")
        out.append(replace(bare, hash=bare.expected_hash()))
        prev = out[-1].hash
    return out


def test_lines_become_raw_events_and_blank_lines_are_skipped() -> None:
    raw = parse_lines([line(actor="A", payload={"stack": ["ram"]}), "", "   ", line(type="roll", turn=1)])
    assert [(r.type, r.line) for r in raw] == [("order", 1), ("roll", 4)]
    assert raw[0].payload == {"stack": ["ram"]} and raw[1].payload == {}


def test_every_problem_is_reported_with_its_line_and_field() -> None:
    lines = [
        line(),
        line(payload=[1, 2]),
        '{"game": "duel-1", "type": "order",',
        line(colour="red", turn="3"),
        json.dumps({"type": "order"}),
        "[1, 2]",
        line(game=""),
    ]
    with pytest.raises(ValidationError) as caught:
        parse_lines(lines, source="duel.jsonl")
    problems = caught.value.problems
    assert problems[0].startswith("duel.jsonl line 2: payload: Input should be")
    assert problems[1].startswith("duel.jsonl line 3: not valid JSON")
    assert "duel.jsonl line 4: turn: Input should be a valid integer" in problems
    assert "duel.jsonl line 4: colour: Extra inputs are not permitted" in problems
    assert "duel.jsonl line 5: game: Field required" in problems
    assert "duel.jsonl line 6: expected a JSON object with game, type and payload" in problems
    assert any(p.startswith("duel.jsonl line 7: game: String should have at least 1 character") for p in problems)
    assert not any("line 1:" in p for p in problems)


def test_a_line_cannot_claim_its_own_line_number() -> None:
    with pytest.raises(ValidationError, match="line 1: line: Extra inputs are not permitted"):
        parse_lines([line(line=9)])


def test_bulk_parsing_leaves_the_garbage_collector_as_it_found_it() -> None:
    assert gc.isenabled()
    parse_lines([line()] * 3)
    assert gc.isenabled()
    gc.disable()
    try:
        parse_lines([line()])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_stdin_problems_say_only_the_line() -> None:
    with pytest.raises(ValidationError, match=r"^line 1: cause: Input should be a valid integer"):
        parse_lines([line(cause=True)])


def test_chain_gives_seq_prev_and_hash_and_a_missing_at_takes_the_previous_one() -> None:
    raw = parse_lines([line(actor="A"), line(actor="B", at="2024-05-01T10:00:00.000000Z"), line(type="roll")])
    events = chain(raw, head=None, now=NOW)
    assert [e.seq for e in events] == [1, 2, 3]
    assert [e.at for e in events] == [NOW, "2024-05-01T10:00:00.000000Z", "2024-05-01T10:00:00.000000Z"]
    assert events[0].prev == GENESIS and events[2].prev == events[1].hash
    verify_chain(events)
    assert chain(raw, head=None, now=NOW) == events


def test_chain_continues_from_the_head_of_the_game(tmp_path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        head = store.append("duel-1", 1, [Draft("game.created"), Draft("order", {"x": 1}, actor="A")])[-1]
        events = chain(parse_lines([line(actor="B"), line(actor="A")]), head=head, now=NOW)
        assert [e.seq for e in events] == [3, 4] and events[0].prev == head.hash
        store.import_events(events)
        verify_chain(store.events("duel-1"))


def test_carried_seq_prev_and_hash_must_agree_with_the_chain() -> None:
    good = chain(parse_lines([line(actor="A"), line(actor="B"), line(actor="C")]), head=None, now=NOW)
    lines = list(export_lines(good))
    edited = json.loads(lines[1])
    edited["actor"] = "Z"
    lines[1] = json.dumps(edited)
    gap = [lines[0], lines[2]]
    with pytest.raises(ValidationError) as caught:
        chain(parse_lines(lines), head=None, now=NOW)
    assert caught.value.problems == ["line 2: hash does not match the event's content"]
    with pytest.raises(ValidationError) as caught:
        chain(parse_lines(gap), head=None, now=NOW)
    assert caught.value.problems == [
        "line 2: seq is 3 but game duel-1 continues at seq 2",
        "line 2: prev does not match the hash of the event before it",
    ]


def test_several_games_chain_independently() -> None:
    events = chain(parse_lines([line(), line(game="duel-2"), line()]), head=None, now=NOW)
    assert [(e.game, e.seq) for e in events] == [("duel-1", 1), ("duel-2", 1), ("duel-1", 2)]


def test_raw_events_built_in_code_are_named_by_position() -> None:
    raw = [RawEvent(game="g", type="order"), RawEvent(game="g", type="order", seq=7)]
    with pytest.raises(ValidationError, match="event 2: seq is 7"):
        chain(raw, head=None, now=NOW)


def test_exported_lines_are_canonical_json_without_secrets(tmp_path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        store.set_secret("duel-1", b"\x07" * 32)
        events = store.append("duel-1", 1, [Draft("order", {"b": 1, "a": "Ё"}, actor="A")], at=NOW)
        lines = list(export_lines(store.events("duel-1")))
    assert lines == [
        f'{{"actor":"A","at":"{NOW}","cause":null,"game":"duel-1","hash":"{events[0].hash}",'
        f'"payload":{{"a":"Ё","b":1}},"phase":null,"prev":"{GENESIS}","seq":1,"turn":null,"type":"order",'
        f'"v":2,"visible":null}}'
    ]
    assert "07070707" not in lines[0]
    v1 = _as_v1(events)[0]
    assert list(export_lines([v1])) == [
        f'{{"actor":"A","at":"{NOW}","cause":null,"game":"duel-1","hash":"{v1.hash}",'
        f'"payload":{{"a":"Ё","b":1}},"prev":"{GENESIS}","seq":1,"turn":null,"type":"order"}}'
    ]


def test_exported_lines_survive_any_line_splitter() -> None:
    events = chain(parse_lines([line(payload={"note": "a\u2028b\x85c\u2029d"})]), head=None, now=NOW)
    text = "\n".join(export_lines(events))
    assert len(text.splitlines()) == 1
    assert chain(parse_lines(text.splitlines()), head=None, now=NOW) == events


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**62), 2**62) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=("Cs",)), max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=10,
)
_drafts = st.lists(st.builds(
    Draft,
    type=st.sampled_from(["order", "roll", "choice", "duel.exchange"]),
    payload=st.dictionaries(st.text(max_size=6), _values, max_size=4),
    turn=st.none() | st.integers(0, 50),
    actor=st.none() | st.text(min_size=1, max_size=6),
    cause=st.none() | st.integers(1, 100),
    phase=st.none() | st.text(max_size=6),
    visible=st.none() | st.lists(st.text(max_size=4), max_size=3).map(tuple),
).filter(lambda d: not core_payload_problems(d.type, d.payload)), min_size=1, max_size=6)
"""Logs a store can hold: `Store.append` refuses a core field of the wrong kind (a roll's `dice` list, …)."""


@settings(max_examples=60, deadline=None)
@given(drafts=_drafts)
def test_export_then_parse_then_chain_gives_back_the_same_events(drafts: list[Draft]) -> None:
    from eventlog.envelope import seal

    events, prev = [], GENESIS
    for seq, draft in enumerate(drafts, 1):
        events.append(seal("игра", prev, seq, draft, NOW))
        prev = events[-1].hash
    text = "\n".join(export_lines(events))
    assert chain(parse_lines(text.splitlines()), head=None, now="other") == events


# --- the bulk import of exported logs (import_exported, stage_exported) ---------------------------------------------

def _export(drafts: list[Draft], game: str = "duel-1") -> tuple[list[Event], list[str]]:
    """Events sealed from drafts, and their exported lines."""
    from eventlog.envelope import seal

    events, prev = [], GENESIS
    for seq, draft in enumerate(drafts, 1):
        events.append(seal(game, prev, seq, draft, NOW))
        prev = events[-1].hash
    return events, list(export_lines(events))


def _drafts_of(n: int) -> list[Draft]:
    """A game.created, then orders; every third one seen by its actor only, in phases (one with a non-ASCII name)."""
    return [Draft("game.created", {"ruleset": "duel@1"})] + [
        Draft("order", {"stack": ["ram", "hold"], "note": f"ход {k}", "stake": k}, turn=k, actor="AB"[k % 2],
              phase=None if k % 4 == 0 else ("приказы" if k % 4 == 1 else "orders"),
              visible=("AB"[k % 2],) if k % 3 == 0 else (() if k % 7 == 0 else None))
        for k in range(1, n)]


def _mixed(drafts: list[Draft], v1: int, game: str = "duel-1") -> tuple[list[Event], list[str]]:
    """A game begun before envelope v2 (its first `v1` events v1), continued after it (the rest v2): its export."""
    from eventlog.envelope import seal

    old = _as_v1(_export(drafts[:v1], game)[0])
    events, prev = list(old), old[-1].hash if old else GENESIS
    for seq, draft in enumerate(drafts[v1:], v1 + 1):
        events.append(seal(game, prev, seq, draft, NOW))
        prev = events[-1].hash
    return events, list(export_lines(events))


def _plain(store: Store, text: str) -> int:
    """The plain way the bulk import stands for: parse_lines, refuse_withheld, chain from the stored head,
    import_events."""
    raw = parse_lines(text.splitlines())
    refuse_withheld(raw)
    return store.import_events(chain(raw, head=store.head(raw[0].game) if raw else None, now=NOW))


def _rows(store: Store) -> list[tuple[object, ...]]:
    """Every stored row, every column (phase, visible and v included), in order."""
    return store.con.execute("SELECT * FROM events ORDER BY game, seq").fetchall()


def _outcome(tmp_path: Path, name: str, text: str, *, bulk: bool,
             before: str = "") -> tuple[object, list[Event], list[tuple[object, ...]]]:
    """(count imported or the problems raised, the events then stored, the rows then stored) of one import into
    a new file."""
    with Store.open(tmp_path / f"{name}-{int(bulk)}.duckdb") as store:
        if before:
            _plain(store, before)
        try:
            result: object = import_exported(store, text) if bulk else _plain(store, text)
            if result is None:
                result = _plain(store, text)
        except ValidationError as error:
            result = error.problems
        stored = store.events("duel-1")
        if stored:
            verify_chain(stored)
            assert store.verify("duel-1") == len(stored)
        return result, stored, _rows(store)


def test_an_exported_log_imports_in_bulk_exactly_as_the_plain_way(tmp_path: Path) -> None:
    events, lines = _export(_drafts_of(40))
    assert {e.v for e in events} == {2} and {e.phase for e in events} > {None} and {e.visible for e in events} > {None}
    text = "\n".join(lines) + "\n"
    with Store.open(tmp_path / "g.duckdb") as store:
        assert import_exported(store, text) == 40
        assert store.events("duel-1") == events
        assert list(export_lines(store.events("duel-1"))) == lines
        assert store.verify("duel-1") == 40
        bulk = _rows(store)
    assert _outcome(tmp_path, "plain", text, bulk=False) == (40, events, bulk)
    assert [row[-3:] for row in bulk[1:5]] == [("приказы", None, 2), ("orders", None, 2), ("orders", '["B"]', 2),
                                               (None, None, 2)]


@pytest.mark.parametrize("path", DUELS, ids=[p.stem for p in DUELS])
def test_a_v1_export_imports_in_bulk_exactly_as_the_plain_way(tmp_path: Path, path: Path) -> None:
    """The duel fixtures were exported before envelope v2: v1 lines, stored with v 1, no phase, no visible."""
    text = path.read_text(encoding="utf-8")
    assert ',"v":' not in text
    game = json.loads(text.splitlines()[0])["game"]
    outcomes = []
    for bulk in (True, False):
        with Store.open(tmp_path / f"{int(bulk)}.duckdb") as store:
            count = import_exported(store, text) if bulk else _plain(store, text)
            assert store.verify(game) == count
            outcomes.append((count, store.events(game), _rows(store)))
    assert outcomes[0] == outcomes[1]
    count, events, rows = outcomes[0]
    assert count == len(text.splitlines()) and {row[-3:] for row in rows} == {(None, None, 1)}
    assert "\n".join(export_lines(events)) + "\n" == text


def test_a_game_begun_in_v1_and_continued_in_v2_imports_in_bulk_as_the_plain_way(tmp_path: Path) -> None:
    events, lines = _mixed(_drafts_of(30), 12)
    assert [e.v for e in events] == [1] * 12 + [2] * 18 and ',"v":' not in lines[11] and ',"v":2' in lines[12]
    text = "\n".join(lines) + "\n"
    bulk = _outcome(tmp_path, "mixed", text, bulk=True)
    assert bulk == _outcome(tmp_path, "mixed", text, bulk=False)
    assert bulk[:2] == (30, events)
    # and continued in bulk: the v1 part stored, the v2 part imported after it
    with Store.open(tmp_path / "continued.duckdb") as store:
        assert import_exported(store, "\n".join(lines[:12])) == 12
        assert import_exported(store, "\n".join(lines[12:])) == 18
        assert store.events("duel-1") == events and _rows(store) == bulk[2]


_WRONG_HASH = "hash does not match the event's content"


@pytest.mark.parametrize(("k", "old", "new", "problems"), [
    pytest.param(5, '"note":"ход 5"', '"note":"ход 6"', [_WRONG_HASH], id="payload"),
    pytest.param(5, '"phase":"приказы"', '"phase":"orders"', [_WRONG_HASH], id="phase"),
    pytest.param(5, '"phase":"приказы"', '"phase":null', [_WRONG_HASH], id="phase taken away"),
    pytest.param(4, '"phase":null', '"phase":"orders"', [_WRONG_HASH], id="phase added"),
    pytest.param(6, '"visible":["A"]', '"visible":["B"]', [_WRONG_HASH], id="visible"),
    pytest.param(6, '"visible":["A"]', '"visible":null', [_WRONG_HASH], id="visible made public"),
    pytest.param(6, '"visible":["A"]', '"visible":["A","B"]', [_WRONG_HASH], id="visible widened"),
    pytest.param(7, '"visible":[]', '"visible":null', [_WRONG_HASH], id="visible to nobody made public"),
    pytest.param(4, ',"v":2', ',"v":1', [_WRONG_HASH], id="v 1"),
    pytest.param(5, ',"v":2', ',"v":1', ["phase, visible and withheld need an envelope of v 2", _WRONG_HASH],
                 id="v 1 with a phase"),
])
def test_a_doctored_v2_line_is_named_by_its_line_and_nothing_is_imported(tmp_path: Path, k: int, old: str,
                                                                         new: str, problems: list[str]) -> None:
    _, lines = _mixed(_drafts_of(10), 2)
    assert lines[k].count(old) == 1
    lines[k] = lines[k].replace(old, new)
    text = "\n".join(lines)
    want = [f"line {k + 1}: {problem}" for problem in problems]
    with Store.open(tmp_path / "g.duckdb") as store:
        with pytest.raises(ValidationError) as caught:
            import_exported(store, text)
        assert caught.value.problems == want
        assert store.games() == [] and _rows(store) == []
    assert _outcome(tmp_path, "plain", text, bulk=False)[0] == want
    with pytest.raises(ValidationError) as caught:
        verify_lines(text)
    assert caught.value.problems == want


@pytest.mark.parametrize(("k", "old", "new", "problem"), [
    pytest.param(6, ',"v":2,', ',"v":3,', "v is 3; this battlelog reads envelope versions 1 and 2", id="v 3"),
    pytest.param(6, ',"v":2,', ',"v":2.0,', "v: Input should be a valid integer", id="v 2.0"),
    pytest.param(6, ',"v":2,', ',"v":"2",', "v: Input should be a valid integer", id="v a string"),
    pytest.param(6, ',"v":2,', ',', "phase, visible and withheld need an envelope of v 2", id="no v"),
    pytest.param(6, '"visible":["A"]', '"visible":[1]', "visible.0: Input should be a valid string",
                 id="visible not strings"),
    pytest.param(6, '"visible":["A"]', '"visible":{"A":1}', "visible: Input should be a valid array",
                 id="visible an object"),
    pytest.param(6, '"visible":["A"]', '"visible":"A"', "visible: Input should be a valid array",
                 id="visible a string"),
    pytest.param(4, '"phase":null', '"phase":7', "phase: Input should be a valid string", id="phase a number"),
    pytest.param(4, '"phase":null', '"phase":["x"]', "phase: Input should be a valid string", id="phase a list"),
])
def test_a_malformed_v2_line_is_refused_as_the_plain_way_refuses_it(tmp_path: Path, k: int, old: str, new: str,
                                                                    problem: str) -> None:
    _, lines = _export(_drafts_of(10))
    assert lines[k].count(old) == 1
    lines[k] = lines[k].replace(old, new)
    text = "\n".join(lines)
    bulk = _outcome(tmp_path, "bad", text, bulk=True)
    assert bulk == _outcome(tmp_path, "bad", text, bulk=False)
    assert isinstance(bulk[0], list) and any(p.startswith(f"line {k + 1}: {problem}") for p in bulk[0]), bulk[0]
    assert bulk[1:] == ([], [])


def _withheld_export(viewer: str = "A") -> tuple[list[Event], list[str], list[int]]:
    """A mixed v1/v2 game exported for one viewer: its events, the lines, the seqs withheld from that viewer."""
    events, _ = _mixed(_drafts_of(20), 3)
    lines = list(export_lines(events, viewer))
    hidden = [e.seq for e in events if e.v == 2 and not e.seen_by(viewer)]
    assert hidden and all('"withheld":true' in lines[seq - 1] for seq in hidden)
    return events, lines, hidden


def test_withheld_lines_are_not_imported_in_bulk_nor_the_plain_way(tmp_path: Path) -> None:
    _, lines, hidden = _withheld_export()
    text = "\n".join(lines) + "\n"
    want = [f"line {seq}: the payload was withheld from this export; import the GM's export" for seq in hidden]
    bulk = _outcome(tmp_path, "withheld", text, bulk=True)
    assert bulk == _outcome(tmp_path, "withheld", text, bulk=False) == (want, [], [])
    with Store.open(tmp_path / "g.duckdb") as store:
        with pytest.raises(ValidationError) as caught:
            stage_exported(store, text)
        assert caught.value.problems == want
    with pytest.raises(ValidationError, match="^event 2: the payload was withheld"):
        refuse_withheld([RawEvent(game="g", type="x"), RawEvent(game="g", type="x", withheld=True)])


def test_verify_lines_verifies_a_withheld_export_and_lists_what_was_withheld() -> None:
    events, lines, hidden = _withheld_export()
    other = _export(_drafts_of(4), game="duel-2")[0]
    text = "\n".join(lines[:10] + list(export_lines(other)) + lines[10:]) + "\n"
    report = verify_lines(text)
    assert report.events == len(events) + 4
    assert report.withheld == {"duel-1": hidden, "duel-2": []}
    assert report.heads == {"duel-1": (events[-1].seq, events[-1].hash), "duel-2": (4, other[-1].hash)}
    assert verify_lines(text.encode()) == report
    full = verify_lines("\n".join(export_lines(events)))
    assert full.withheld == {"duel-1": []} and full.heads == {"duel-1": report.heads["duel-1"]}


@pytest.mark.parametrize(("edit", "problem"), [
    pytest.param(lambda x: x.replace('"payload_hash":"', '"payload_hash":"0'), "hash does not match",
                 id="payload_hash"),
    pytest.param(lambda x: x.replace('"payload":{}', '"payload":{"stake":1}'), "a withheld payload must be empty",
                 id="a payload slipped in"),
    pytest.param(lambda x: x.replace(',"withheld":true', ''), "payload_hash goes only with a withheld payload",
                 id="withheld taken away"),
    pytest.param(lambda x: x.replace('"visible":["B"]', '"visible":["A"]'), "hash does not match", id="visible"),
])
def test_verify_lines_names_a_doctored_withheld_line(edit, problem: str) -> None:
    _, lines, hidden = _withheld_export()
    k = hidden[0] - 1
    lines[k] = edit(lines[k])
    with pytest.raises(ValidationError) as caught:
        verify_lines("\n".join(lines))
    assert caught.value.problems[0].startswith(f"line {k + 1}: {problem}"), caught.value.problems


def test_verify_lines_names_the_first_bad_line_and_wants_whole_exported_games() -> None:
    events, lines = _mixed(_drafts_of(12), 4)
    bad = list(lines)
    bad[2] = bad[2].replace('"stake":2', '"stake":3')
    bad[8] = bad[8].replace('"stake":8', '"stake":3')
    with pytest.raises(ValidationError) as caught:
        verify_lines("\n".join(bad))
    assert caught.value.problems == ["line 3: hash does not match the event's content",
                                     "line 9: hash does not match the event's content"]
    with pytest.raises(ValidationError, match="^line 1: seq is 5 but game duel-1 continues at seq 1"):
        verify_lines("\n".join(lines[4:]))
    with pytest.raises(ValidationError, match=r"^line 2: not an exported line \(no seq, prev, at, hash\)"):
        verify_lines("\n".join([lines[0], line()]))


def test_a_doctored_payload_is_named_by_its_line_and_nothing_is_imported(tmp_path: Path) -> None:
    _, lines = _export(_drafts_of(10))
    lines[6] = lines[6].replace('"stake":6', '"stake":9')
    with Store.open(tmp_path / "g.duckdb") as store:
        with pytest.raises(ValidationError) as caught:
            import_exported(store, "\n".join(lines))
        assert caught.value.problems == ["line 7: hash does not match the event's content"]
        assert store.events("duel-1") == [] and store.games() == []


def test_lines_sql_refuses_are_rechecked_in_python(tmp_path: Path) -> None:
    """An escaped U+2028 (as export writes it), a spaced-out line, keys out of order: the same events."""
    events, lines = _export(_drafts_of(6) + [Draft("note", {"text": "a\u2028b", "z": 1, "a": [1.5, "\x1f"]})])
    assert "\\u2028" in lines[-1]
    spaced = json.dumps(json.loads(lines[3]), indent=None, separators=(", ", ": "), sort_keys=False)
    reordered = json.dumps(dict(reversed(json.loads(lines[4]).items())), ensure_ascii=False)
    lines[3], lines[4] = spaced, reordered
    with Store.open(tmp_path / "g.duckdb") as store:
        assert import_exported(store, "\n".join(lines)) == 7
        assert store.events("duel-1") == events
        assert store.verify("duel-1") == 7


def test_a_hand_written_log_is_not_taken_for_an_export(tmp_path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        assert import_exported(store, "\n".join([line(), line(actor="B")])) is None
        assert stage_exported(store, line()) is None
        assert store.games() == []


def test_a_bulk_import_continues_a_stored_game(tmp_path: Path) -> None:
    events, lines = _export(_drafts_of(12))
    with Store.open(tmp_path / "g.duckdb") as store:
        assert import_exported(store, "\n".join(lines[:5])) == 5
        assert import_exported(store, "\n".join(lines[5:]).encode()) == 7
        assert store.events("duel-1") == events
        with pytest.raises(ValidationError) as caught:
            import_exported(store, "\n".join(lines[3:5]))
        assert caught.value.problems == [
            "line 1: seq is 4 but game duel-1 continues at seq 13",
            "line 1: prev does not match the hash of the event before it",
        ]
        assert store.events("duel-1") == events


def _swap(lines: list[str], i: int, j: int) -> list[str]:
    out = list(lines)
    out[i], out[j] = out[j], out[i]
    return out


def _cases(events: list[Event], lines: list[str], v: str) -> list[object]:
    """(text, before) of imports the bulk way must take exactly as the plain way, on one export."""
    text = "\n".join(lines) + "\n"
    cases = [
        (text, "", "clean"),
        (text.replace('"note":"ход 7"', '"note":"ход 8"'), "", "doctored payload"),
        ("\n".join(_swap(lines, 9, 10)), "", "two lines swapped"),
        ("\n".join(lines[:20] + lines[21:]), "", "a line left out"),
        ("\n".join(lines[:20] + lines[19:]), "", "a line twice"),
        ("\n".join(lines[:5] + ["", "  ", "\u3000"] + lines[5:]), "", "blank lines"),
        ("\n".join(lines[:5] + ['{"game": "duel-1",'] + lines[5:]), "", "not JSON"),
        ("\n".join(lines[:5] + [lines[5][:-1] + ',"colour":"red"}'] + lines[6:]), "", "an unknown key"),
        ("\r\n".join(lines), "", "CRLF line ends"),
        ("\n".join(lines[:8] + [lines[8].replace("ход", "х\u2028од")] + lines[9:]), "",
         "a raw U+2028 (str.splitlines splits there)"),
        ("\n".join(lines[:3] + [line()] + lines[3:]), "", "one hand-written line"),
        ("\n".join(lines[10:]), "\n".join(lines[:10]), "continues a stored game"),
        ("\n".join(lines[10:]), "\n".join(lines[:12]), "overlaps a stored game"),
        ("\n".join(lines[10:]), "\n".join(lines[:8]), "leaves a gap after a stored game"),
        ("\n".join(lines[:5] + [lines[5].replace('"turn":5', '"turn":5.0')] + lines[6:]), "", "a float turn"),
        ("\n".join(lines[:5] + [lines[5].replace('"seq":6', '"seq":  6')] + lines[6:]), "", "spaces"),
        ("\n".join(lines[:5] + [lines[5].replace(events[5].hash, "abc")] + lines[6:]), "", "a short hash"),
        ("\n".join(lines[:5] + [lines[5].replace(f'"prev":"{events[4].hash}"', '"prev":"ab"')] + lines[6:]), "",
         "a short prev"),
        ("\n".join(lines[:39] + [lines[39].replace(events[39].hash, events[39].hash[:60])]), "",
         "a short hash on the last line"),
    ]
    return [pytest.param(text, before, id=f"{v} {name}") for text, before, name in cases]


_events_40, _lines_40 = _export(_drafts_of(40))
_v1_events_40 = _as_v1([replace(e, phase=None, visible=None) for e in _events_40])
_mixed_events_40, _mixed_lines_40 = _mixed(_drafts_of(40), 15)


@pytest.mark.parametrize(("text", "before"), _cases(_events_40, _lines_40, "v2")
                         + _cases(_v1_events_40, list(export_lines(_v1_events_40)), "v1")
                         + _cases(_mixed_events_40, _mixed_lines_40, "v1 then v2"))
def test_the_bulk_import_agrees_with_the_plain_way(tmp_path: Path, text: str, before: str) -> None:
    assert _outcome(tmp_path, "bulk", text, bulk=True, before=before) == \
        _outcome(tmp_path, "plain", text, bulk=False, before=before)


@settings(max_examples=40, deadline=None)
@given(drafts=_drafts, v1=st.integers(0, 6))
def test_any_exported_log_imports_in_bulk_to_the_same_events(drafts: list[Draft], v1: int) -> None:
    """Any log, its first `v1` events in envelope v1 (which has no phase or visible), the rest v2."""
    drafts = [Draft(d.type, d.payload, d.turn, d.actor, d.cause) if k < v1 else d for k, d in enumerate(drafts)]
    events, lines = _mixed(drafts, min(v1, len(drafts)), game="игра")
    text = "\n".join(lines)
    with Store.open(":memory:") as store:
        assert import_exported(store, text) == len(events)
        assert store.events("игра") == events
        assert store.verify("игра") == len(events)
        rows = _rows(store)
    with Store.open(":memory:") as store:
        assert _plain(store, text) == len(events) and _rows(store) == rows
    assert verify_lines(text).heads == {"игра": (events[-1].seq, events[-1].hash)}


@pytest.mark.parametrize("v1", [0, 15, 40], ids=["v2", "v1 then v2", "v1"])
def test_a_clean_export_takes_the_one_pass_way(tmp_path: Path, monkeypatch, v1: int) -> None:
    """Python's scan and SQL agree on every clean line, v1 or v2: no line is staged and re-checked."""
    from eventlog import jsonl

    drafts = [replace(d, phase=None, visible=None) if k < v1 else d for k, d in enumerate(_drafts_of(40))]
    events, lines = _mixed(drafts, v1)

    def no_stage(*args: object) -> None:
        raise AssertionError("the one-pass import staged the lines")

    monkeypatch.setattr(jsonl, "_stage", no_stage)
    with Store.open(tmp_path / "g.duckdb") as store:
        assert import_exported(store, "\n".join(lines)) == 40
        assert store.events("duel-1") == events


def _forged(text: str) -> str:
    """A v2 line given the hash the bulk scan computes over its own bytes (what a forger would write)."""
    import hashlib

    data = text.encode()
    h, p = data.index(b',"hash":"'), data.rindex(b',"prev":"')
    ph = data.rindex(b',"phase":', 0, p)
    payload = hashlib.sha256(data[h + 85:ph]).hexdigest().encode()
    envelope = data[:h] + b',"payload":"' + payload + b'"' + data[ph:]
    digest = hashlib.sha256(data[p + 9:p + 73] + envelope).hexdigest()
    return (data[:h + 9] + digest.encode() + data[h + 73:]).decode()


@pytest.mark.parametrize(("old", "new"), [
    pytest.param('"visible":["A"]', '"visible":[1]', id="visible not strings"),
    pytest.param('"visible":["A"]', '"visible":{"A":1}', id="visible an object"),
    pytest.param('"visible":["A"]', '"visible":[["A"]]', id="visible nested"),
    pytest.param('"phase":"orders"', '"phase":7', id="phase a number"),
    pytest.param(',"v":2,', ',"v":"2",', id="v a string"),
    pytest.param(',"v":2,', ',"v":3,', id="v 3"),
])
def test_a_line_hashed_over_its_own_wrong_values_is_refused_as_the_plain_way(tmp_path: Path, old: str,
                                                                             new: str) -> None:
    _, lines = _export(_drafts_of(7))
    assert lines[6].count(old) == 1
    text = "\n".join(lines[:6] + [_forged(lines[6].replace(old, new))])
    bulk = _outcome(tmp_path, "forged", text, bulk=True)
    assert bulk == _outcome(tmp_path, "forged", text, bulk=False)
    assert isinstance(bulk[0], list) and bulk[1:] == ([], [])
    assert _forged(lines[6]) == lines[6]


def test_the_store_refuses_a_core_field_of_the_wrong_kind_so_its_export_imports_again() -> None:
    with Store.open(":memory:") as store:
        store.append("g", 1, [Draft("order", {})])
        with pytest.raises(ValidationError, match=r"event 3 \(roll\): payload.dice: expected a string, not a list"):
            store.append("g", 2, [Draft("order", {}), Draft("roll", {"dice": []})])
        assert store.next_seq("g") == 2  # all or nothing
