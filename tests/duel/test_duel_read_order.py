"""An order is read as its pydantic schema reads it, whether or not the schema is asked (model.read_order)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.rulesets.duel.boundary import OrderSchema
from replay.rulesets.duel.model import ITEMS, STAKES, Activate, Order, read_order

ANY = st.one_of(st.none(), st.booleans(), st.integers(-1, 2), st.sampled_from(["", "x", "true", "1", "attack"]),
                st.floats(0, 1), st.lists(st.integers(0, 1), max_size=1))
ITEM = st.one_of(st.sampled_from(ITEMS), ANY, st.sampled_from(["Attack", "attack "]))
ACTIVATE = st.dictionaries(
    st.sampled_from(["killer_blow", "distance_control", "sharp_tongue", "sharp_tongue_roleplay", "nonesuch"]),
    st.one_of(ANY, st.sampled_from(["attack", "defense", "text"])), max_size=5)
ORDER = st.fixed_dictionaries({}, optional={
    "stack": st.one_of(st.lists(st.sampled_from(ITEMS), min_size=6, max_size=6), st.lists(ITEM, max_size=7),
                       st.tuples(st.sampled_from(ITEMS)), ANY),
    "stake": st.one_of(st.sampled_from(STAKES), ANY),
    "activate": st.one_of(ACTIVATE, ANY),
    "link": st.one_of(st.text(max_size=3), ANY),
    "nonesuch": ANY,
})


def _by_schema(payload: Any) -> tuple[str, Any]:
    try:
        schema = OrderSchema.model_validate(payload)
    except ValueError as exc:
        return "error", str(exc)
    a = schema.activate
    return "ok", (list(schema.stack), schema.stake, (a.killer_blow, a.distance_control, a.sharp_tongue,
                                                      a.sharp_tongue_roleplay), schema.link)


def _by_read_order(payload: Any) -> tuple[str, Any]:
    try:
        order = read_order(payload)
    except ValueError as exc:
        return "error", str(exc)
    a = order.activate
    return "ok", (order.stack, order.stake, (a.killer_blow, a.distance_control, a.sharp_tongue,
                                             a.sharp_tongue_roleplay), order.link)


@settings(max_examples=600, deadline=None)
@given(ORDER)
def test_read_order_keeps_refuses_and_coerces_as_the_schema_does(payload):
    got, want = _by_read_order(payload), _by_schema(payload)
    assert got == want
    if got[0] == "ok":  # the same values of the same types (True is not 1)
        assert [type(v) for v in got[1][2]] == [type(v) for v in want[1][2]]


def test_a_well_formed_order_is_taken_as_it_is_and_a_coerced_one_through_the_schema():
    plain = {"stack": ["attack", "defense", "rest", "rest", "feint", "counter"], "stake": None,
             "activate": {"killer_blow": True, "distance_control": "attack"}, "link": "post 12"}
    assert read_order(plain) == Order(plain["stack"], "high", Activate(True, "attack"), "post 12")
    assert read_order(plain).stack is not plain["stack"]
    coerced = {**plain, "activate": {"killer_blow": 1}}
    assert read_order(coerced).activate == Activate(killer_blow=True)
    assert type(read_order(coerced).activate.killer_blow) is bool
    assert dataclasses.replace(read_order(plain), stake="low").stake == "low"


def test_a_bad_order_raises_the_schema_s_error_word_for_word():
    bad = {"stack": ["attack"] * 6, "stake": "medium"}
    assert _by_read_order(bad)[0] == "error"
    assert _by_read_order(bad)[1].startswith("1 validation error for Order\nstake\n  Input should be 'low', 'high'")
