"""An order and a setup are read as their pydantic schemas read them, whether or not the schema is asked
(model.read_order, model.read_duelists)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.rulesets.duel.boundary import OrderSchema, Setup
from replay.rulesets.duel.model import (
    ITEMS,
    LOCALITY_TRAITS,
    STAKES,
    TRAITS,
    Activate,
    Order,
    _well_formed_setup,
    new_duelist,
    read_duelists,
    read_order,
)

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


TRAIT = st.one_of(st.sampled_from(TRAITS), st.sampled_from(["Tough", "", 1]))
DUELIST = st.fixed_dictionaries({}, optional={
    "id": st.one_of(st.sampled_from(["A", "B", ""]), ANY),
    "name": st.one_of(st.sampled_from(["Арман", "B", ""]), ANY),
    "traits": st.one_of(st.lists(st.sampled_from(TRAITS), min_size=2, max_size=2, unique=True),
                        st.lists(TRAIT, max_size=3), ANY),
    "locality": st.one_of(st.dictionaries(st.one_of(st.sampled_from(sorted(LOCALITY_TRAITS)), TRAIT),
                                          st.one_of(st.sampled_from(["Гаскони"]), ANY), max_size=2), ANY),
    "nonesuch": ANY,
})


@st.composite
def _legal_duelist(draw: st.DrawFn, id_: str) -> dict[str, Any]:
    traits = draw(st.lists(st.sampled_from(TRAITS), min_size=2, max_size=2, unique=True))
    owned = sorted(LOCALITY_TRAITS & set(traits))
    duelist: dict[str, Any] = {"id": id_, "name": draw(st.sampled_from(["Арман", "B b", "x"])), "traits": traits}
    if owned and draw(st.booleans()):
        duelist["locality"] = {draw(st.sampled_from(owned)): draw(st.sampled_from(["Гаскони", ""]))}
    return duelist


@st.composite
def _near_legal(draw: st.DrawFn) -> dict[str, Any]:
    """A legal setup, sometimes with one value changed (the same ids, a wrong type, a trait not owned)."""
    a, b = draw(_legal_duelist("A")), draw(_legal_duelist(draw(st.sampled_from(["B", "A"]))))
    if draw(st.booleans()):
        field = draw(st.sampled_from(["id", "name", "traits", "locality"]))
        b = {**b, field: draw(st.one_of(ANY, st.just({"tough": "x"}), st.just(["hale", "hale"])))}
    return {"duelists": [a, b]}


SETUP = st.one_of(
    _near_legal(),
    st.fixed_dictionaries({"duelists": st.lists(DUELIST, min_size=1, max_size=3)}),
    st.fixed_dictionaries({"duelists": st.lists(DUELIST, min_size=2, max_size=2)}, optional={"nonesuch": ANY}),
    ANY)


def _duelists_by_schema(setup: Any) -> tuple[str, Any]:
    try:
        parsed = Setup.model_validate(setup)
    except ValueError as exc:
        return "error", str(exc)
    return "ok", tuple(new_duelist(d.id, d.name, d.traits, d.locality) for d in parsed.duelists)


def _duelists_read(setup: Any) -> tuple[str, Any]:
    try:
        return "ok", read_duelists(setup)
    except ValueError as exc:
        return "error", str(exc)


@settings(max_examples=800, deadline=None)
@given(SETUP)
def test_read_duelists_keeps_and_refuses_as_the_setup_schema_does(setup):
    assert _duelists_read(setup) == _duelists_by_schema(setup)


def test_a_well_formed_setup_is_taken_as_it_is():
    setup = {"duelists": [{"id": "A", "name": "Арман", "traits": ["cautious", "sharp_tongue"]},
                          {"id": "B", "name": "Бертран", "traits": ["hale", "distance_control"],
                           "locality": {"hale": "Гаскони"}}]}
    assert _well_formed_setup(setup) is not None
    a, b = read_duelists(setup)
    assert (a.id, a.traits, a.stamina, b.locality) == ("A", ("cautious", "sharp_tongue"), 8, {"hale": "Гаскони"})
    same_ids = {"duelists": [setup["duelists"][0], {**setup["duelists"][1], "id": "A"}]}
    assert _well_formed_setup(same_ids) is None
    assert _duelists_read(same_ids)[1].startswith("1 validation error for Setup\nduelists\n  Value error, the two")
