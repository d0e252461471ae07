"""Properties of random legal turns: resolution is deterministic, default options equal none, stamina adds up."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.inputs import Inputs
from replay.ruleset import Options
from replay.rulesets.duel.check import check_order
from replay.rulesets.duel.model import ITEMS, STAKES, TRAITS, DuelOptions
from replay.rulesets.duel.resolve import resolve
from tests.duel.duel_kit import RULESET, Log, as_events, duelist, fold, state

stacks = st.lists(st.sampled_from(ITEMS), min_size=6, max_size=6).filter(
    lambda s: all(s.count(i) <= 4 for i in ITEMS))
trait_pairs = st.lists(st.sampled_from(TRAITS), min_size=2, max_size=2, unique=True).map(tuple)


@st.composite
def turns(draw):
    """A start-of-turn state and a recorded turn whose orders are legal (finish_off recorded for both sides)."""
    sides = []
    for i in ("A", "B"):
        traits = draw(trait_pairs)
        full = 10 if "enduring" in traits else 8
        stamina_max = draw(st.integers(2, full))
        sides.append(duelist(i, traits, stamina=draw(st.integers(-2, stamina_max)), stamina_max=stamina_max,
                             penalty=draw(st.sampled_from([0, 5, 10, 20])),
                             hale_light_used=draw(st.booleans())))
    s = state(*sides, advantage=draw(st.sampled_from([None, "A", "B"])))
    log = Log()
    for d in s.duelists:
        stack = draw(stacks)
        stake = draw(st.sampled_from(STAKES))
        act = {}
        if "killer_blow" in d.traits and draw(st.booleans()):
            act["killer_blow"] = True
        if "distance_control" in d.traits and draw(st.booleans()):
            act["distance_control"] = draw(st.sampled_from(["attack", "defense"]))
        if "sharp_tongue" in d.traits and draw(st.booleans()):
            act.update(sharp_tongue=True, sharp_tongue_roleplay="Туше!")
        payload = {"stack": stack, "stake": stake, **({"activate": act} if act else {})}
        if check_order(s, d.id, payload, DuelOptions()):
            payload = {"stack": ["defense", "rest", "rest", "initiative", "defense", "rest"], "stake": stake}
        log.add("order", d.id, payload)
        log.roll(d.id, draw(st.integers(1, 100)), stake)
    for d in s.duelists:
        log.choice(d.id, "finish_off", draw(st.sampled_from(["kill", "spare"])))
    return s, log


@settings(max_examples=150, deadline=None)
@given(turns())
def test_resolution_is_deterministic(case):
    s, log = case
    first = resolve(s, 1, Inputs(log.recorded), DuelOptions())
    again = resolve(s, 1, Inputs(log.recorded), DuelOptions())
    assert first == again
    assert fold(s, first) == fold(s, again)


@settings(max_examples=100, deadline=None)
@given(turns())
def test_default_options_equal_no_options(case):
    s, log = case
    explicit = DuelOptions(**{name: field.default for name, field in DuelOptions.model_fields.items()})
    assert RULESET.resolve(s, 1, Inputs(log.recorded), Options()) == resolve(s, 1, Inputs(log.recorded), explicit)


@settings(max_examples=150, deadline=None)
@given(turns())
def test_stamina_accounting_adds_up(case):
    s, log = case
    drafts = resolve(s, 1, Inputs(log.recorded), DuelOptions())
    end = next(d.payload for d in drafts if d.type == "duel.end_of_turn")
    after = fold(s, drafts)
    for d in s.duelists:
        side = end["sides"][d.id]
        spend = side["spend"]
        assert spend["total"] == spend["rerolls"] + spend["traits"] + spend["attacks"] + spend["feints"]
        assert side["stamina"] == d.stamina - spend["total"] - side["wound_stamina"] + side["rest"]["gain"]
        assert side["stamina_max"] == d.stamina_max - side["wound_stamina"]
        assert 0 <= side["rest"]["gain"] <= side["rest"]["items"] * side["rest"]["per_item"]
        if d.stamina <= d.stamina_max:
            assert side["stamina"] <= side["stamina_max"]
        assert after.duelist(d.id).stamina == side["stamina"]
        assert side["wound_penalty"] >= d.wound_penalty


@settings(max_examples=100, deadline=None)
@given(turns())
def test_every_turn_folds_to_a_json_round_trippable_state_and_a_consistent_result(case):
    s, log = case
    drafts = resolve(s, 1, Inputs(log.recorded), DuelOptions())
    after = fold(s, drafts)
    assert RULESET.state_from_json(RULESET.state_json(after)) == after
    out = [d.id for d in after.duelists if d.status != "active"]
    if not out:
        assert after.result is None and RULESET.current_turn(after) == 2
    elif len(out) == 2:
        assert after.result == "draw"
    else:
        assert after.result == {"winner": next(d.id for d in after.duelists if d.id not in out)}
    for e in as_events(drafts):
        assert e.payload["why"] and e.payload["rule"]
