"""Properties of the whole pipeline on random duels: replay is deterministic, a rerun under the same rules changes
nothing, and illegal input never appends."""

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eventlog.envelope import Draft
from eventlog.errors import ValidationError
from eventlog.jsonl import RawEvent
from eventlog.store import Store
from replay import audit, driver, rerun

ITEMS = ["attack", "defense", "initiative", "feint", "counter", "rest"]
SETUP = {"duelists": [{"id": "A", "name": "Арман", "traits": ["enduring", "wiry"]},
                      {"id": "B", "name": "Бертран", "traits": ["weapon_control", "cautious"]}]}

stacks = st.lists(st.sampled_from(ITEMS), min_size=6, max_size=6).filter(
    lambda s: max(s.count(i) for i in ITEMS) <= 4)
turn_inputs = st.tuples(stacks, stacks, st.sampled_from(["low", "high", "all_in"]),
                        st.sampled_from(["low", "high", "all_in"]), st.integers(1, 100), st.integers(1, 100))


def hand_written(turns):
    """A hand-written duel log of the given turns, cut where an order would be illegal."""
    lines = [RawEvent(game="p", type="game.created", at="2026-01-01T00:00:00Z",
                      payload={"ruleset": "duel@1", "options": {}, "setup": SETUP})]
    for t, (sa, sb, ka, kb, ra, rb) in enumerate(turns, 1):
        for actor, stack, stake, roll in (("A", sa, ka, ra), ("B", sb, kb, rb)):
            lines.append(RawEvent(game="p", type="order", turn=t, actor=actor,
                                  payload={"stack": stack, "stake": stake}))
            lines.append(RawEvent(game="p", type="roll", turn=t, actor=actor, payload={
                "dice": "1d100", "purpose": "stake", "stake": stake, "result": [roll], "total": roll,
                "source": "forum"}))
    return lines


def record_legal_prefix(turns):
    """Record the longest prefix of turns that the rules accept (random stacks may overrun stamina)."""
    for n in range(len(turns), -1, -1):
        try:
            return driver.record(hand_written(turns[:n]), at="2026-01-01T00:00:00Z")
        except ValidationError:
            continue
    raise AssertionError("the empty game must record")


@settings(max_examples=40, deadline=None)
@given(st.lists(turn_inputs, min_size=1, max_size=5))
def test_recording_the_same_inputs_twice_gives_the_same_log(turns):
    first = record_legal_prefix(turns)
    again = record_legal_prefix(turns)
    assert [e.hash for e in first] == [e.hash for e in again]


@settings(max_examples=40, deadline=None)
@given(st.lists(turn_inputs, min_size=1, max_size=5))
def test_a_rerun_under_the_same_rules_changes_nothing_and_the_audit_is_clean(turns):
    game = driver.game_from_events(record_legal_prefix(turns))
    assert rerun.rerun(game).unchanged
    assert audit.audit(game).clean


words = st.one_of(st.sampled_from(ITEMS), st.sampled_from(["parry", "", "ATTACK", "атака"]), st.integers(0, 3))
orders = st.fixed_dictionaries({"stack": st.lists(words, min_size=0, max_size=8)},
                                optional={"stake": st.sampled_from(["low", "high", "all_in", "huge", 3]),
                                          "activate": st.fixed_dictionaries(
                                              {}, optional={"killer_blow": st.booleans(),
                                                            "distance_control": st.sampled_from([None, "attack"]),
                                                            "sharp_tongue": st.booleans()})})


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    with Store.open(tmp_path_factory.mktemp("prop") / "p.duckdb") as s:
        yield s


counter = itertools.count()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=orders, actor=st.sampled_from(["A", "B", "C"]), turn=st.sampled_from([None, 1, 2]))
def test_illegal_input_never_appends(store, order, actor, turn):
    game = f"g{next(counter)}"
    store.append(game, 1, [Draft("game.created", {"ruleset": "duel@1", "options": {}, "setup": SETUP})])
    try:
        event = driver.append_input(store, game, Draft("order", order, turn, actor))
    except ValidationError as exc:
        assert exc.problems and all(p.strip() for p in exc.problems)
        assert store.next_seq(game) == 2
    else:
        assert store.next_seq(game) == 3 and event.seq == 2
        assert len(order["stack"]) == 6 and set(order["stack"]) <= set(ITEMS) and actor in {"A", "B"}
