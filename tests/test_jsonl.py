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
from eventlog.jsonl import RawEvent, chain, export_lines, import_exported, parse_lines, stage_exported
from eventlog.store import Store, verify_chain

NOW = "2024-05-01T12:00:00.000000Z"


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
), min_size=1, max_size=6)


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
    return [Draft("game.created", {"ruleset": "duel@1"})] + [
        Draft("order", {"stack": ["ram", "hold"], "note": f"ход {k}", "stake": k}, turn=k, actor="AB"[k % 2])
        for k in range(1, n)]


def _plain(store: Store, text: str) -> int:
    """The plain way the bulk import stands for: parse_lines, chain from the stored head, import_events."""
    raw = parse_lines(text.splitlines())
    return store.import_events(chain(raw, head=store.head(raw[0].game) if raw else None, now=NOW))


def _outcome(tmp_path: Path, name: str, text: str, *, bulk: bool, before: str = "") -> tuple[object, list[Event]]:
    """(count imported or the problems raised, the events then stored) of one import into a new file."""
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
        return result, stored


def test_an_exported_log_imports_in_bulk_exactly_as_the_plain_way(tmp_path: Path) -> None:
    events, lines = _export(_drafts_of(40))
    text = "\n".join(lines) + "\n"
    with Store.open(tmp_path / "g.duckdb") as store:
        assert import_exported(store, text) == 40
        assert store.events("duel-1") == events
        assert list(export_lines(store.events("duel-1"))) == lines
        assert store.verify("duel-1") == 40


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


_events_40, _lines_40 = _export(_drafts_of(40))
_TEXT = "\n".join(_lines_40) + "\n"


def _swap(lines: list[str], i: int, j: int) -> list[str]:
    out = list(lines)
    out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize(("text", "before"), [
    pytest.param(_TEXT, "", id="clean"),
    pytest.param(_TEXT.replace('"note":"ход 7"', '"note":"ход 8"'), "", id="doctored payload"),
    pytest.param("\n".join(_swap(_lines_40, 9, 10)), "", id="two lines swapped"),
    pytest.param("\n".join(_lines_40[:20] + _lines_40[21:]), "", id="a line left out"),
    pytest.param("\n".join(_lines_40[:20] + _lines_40[19:]), "", id="a line twice"),
    pytest.param("\n".join(_lines_40[:5] + ["", "  ", "\u3000"] + _lines_40[5:]), "", id="blank lines"),
    pytest.param("\n".join(_lines_40[:5] + ['{"game": "duel-1",'] + _lines_40[5:]), "", id="not JSON"),
    pytest.param("\n".join(_lines_40[:5] + [_lines_40[5][:-1] + ',"colour":"red"}'] + _lines_40[6:]), "",
                 id="an unknown key"),
    pytest.param("\r\n".join(_lines_40), "", id="CRLF line ends"),
    pytest.param("\n".join(_lines_40[:8] + [_lines_40[8].replace("ход", "х\u2028од")] + _lines_40[9:]), "",
                 id="a raw U+2028 (str.splitlines splits there)"),
    pytest.param("\n".join(_lines_40[:3] + [line()] + _lines_40[3:]), "", id="one hand-written line"),
    pytest.param("\n".join(_lines_40[10:]), "\n".join(_lines_40[:10]), id="continues a stored game"),
    pytest.param("\n".join(_lines_40[10:]), "\n".join(_lines_40[:12]), id="overlaps a stored game"),
    pytest.param("\n".join(_lines_40[10:]), "\n".join(_lines_40[:8]), id="leaves a gap after a stored game"),
    pytest.param("\n".join(_lines_40[:5] + [_lines_40[5].replace('"turn":5', '"turn":5.0')] + _lines_40[6:]), "",
                 id="a float turn"),
    pytest.param("\n".join(_lines_40[:5] + [_lines_40[5].replace('"seq":6', '"seq":  6')] + _lines_40[6:]), "",
                 id="spaces"),
    pytest.param("\n".join(_lines_40[:5] + [_lines_40[5].replace(_events_40[5].hash, "abc")] + _lines_40[6:]), "",
                 id="a short hash"),
    pytest.param("\n".join(_lines_40[:5] + [_lines_40[5].replace(f'"prev":"{_events_40[4].hash}"', '"prev":"ab"')]
                           + _lines_40[6:]), "", id="a short prev"),
    pytest.param("\n".join(_lines_40[:39] + [_lines_40[39].replace(_events_40[39].hash, _events_40[39].hash[:60])]),
                 "", id="a short hash on the last line"),
])
def test_the_bulk_import_agrees_with_the_plain_way(tmp_path: Path, text: str, before: str) -> None:
    assert _outcome(tmp_path, "bulk", text, bulk=True, before=before) == \
        _outcome(tmp_path, "plain", text, bulk=False, before=before)


@settings(max_examples=40, deadline=None)
@given(drafts=_drafts)
def test_any_exported_log_imports_in_bulk_to_the_same_events(drafts: list[Draft]) -> None:
    events, lines = _export(drafts, game="игра")
    with Store.open(":memory:") as store:
        assert import_exported(store, "\n".join(lines)) == len(events)
        assert store.events("игра") == events
        assert store.verify("игра") == len(events)
