"""§3.1 the draft stage: the draft-order roll, picks one element at a time in draft order (C02), a pass ends a
side's picking, the equipment assignment under §4.7 (C03); then the preparation goes on as before."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from replay.rulesets.warband import draft, model
from tests.warband.helpers import Inputs, of_type, run


def pool_setup(mode: str = "classic") -> dict:
    return {"table": {"width": 80, "depth": 60}, "draft": mode,
            "sides": [{"id": "A", "home_edge": "S"}, {"id": "B", "home_edge": "N"}],
            "warriors": [{"id": "a0", "side": "A", "type": "king"}, {"id": "b0", "side": "B", "type": "king"}],
            "pool": {"units": [{"id": "u1", "type": "archer"}, {"id": "u2", "type": "knight"}],
                     "items": ["helmet", "bow", "large_shield"], "guns": ["g1"]}}


def start(mode: str = "classic"):
    return model.new_state(model.Setup.model_validate(pool_setup(mode)))


def prep(s, inputs):
    from replay.rulesets.warband import resolve
    from replay.rulesets.warband.model import WarbandOptions

    return run(s, inputs, lambda ctx: resolve.preparation(ctx, WarbandOptions()))


def test_a_pool_is_given_exactly_with_a_drafting_setup():
    bad = pool_setup()
    del bad["pool"]
    with pytest.raises(ValidationError, match="a pool"):
        model.Setup.model_validate(bad)
    assert start().warrior("u1").status == "pool" and start().gun("g1").side == ""


def test_the_draft_order_is_rolled_first_ties_again():
    ctx, waiting = prep(start(), Inputs(0))
    assert [(r.name, r.actor, r.key_dict) for r in waiting.requests] == [
        ("draft_order", "A", {"round": 1}), ("draft_order", "B", {"round": 1})]
    inputs = (Inputs(0).roll("A", "draft_order", 3, round=1).roll("B", "draft_order", 3, round=1)
              .roll("A", "draft_order", 2, round=2).roll("B", "draft_order", 5, round=2))
    ctx, waiting = prep(start(), inputs)
    assert of_type(ctx, "warband.draft_order")[0]["order"] == ["B", "A"]
    (req,) = waiting.requests
    assert (req.name, req.actor, req.key_dict, req.default) == ("draft_pick", "B", {"n": 1}, "pass")


def drafted(mode: str = "classic"):
    inputs = Inputs(0).roll("A", "draft_order", 5, round=1).roll("B", "draft_order", 2, round=1)
    inputs.choice("A", "draft_pick", {"unit": "u1"}, n=1).choice("B", "draft_pick", {"gun": "g1"}, n=2)
    inputs.choice("A", "draft_pick", {"item": "bow"}, n=3).choice("B", "draft_pick", {"unit": "u2"}, n=4)
    inputs.choice("A", "draft_pick", "pass", n=5).choice("B", "draft_pick", {"item": "helmet"}, n=6)
    inputs.choice("B", "draft_pick", "pass", n=7)
    return inputs


def test_txt_picks_go_round_in_draft_order_one_element_a_pick_and_a_pass_ends_a_side_s_picking():
    ctx, waiting = prep(start(), drafted())
    picks = [(p["n"], p["side"], p["kind"], p.get("element")) for p in of_type(ctx, "warband.draft_pick")]
    assert picks == [(1, "A", "unit", "u1"), (2, "B", "gun", "g1"), (3, "A", "item", "bow"), (4, "B", "unit", "u2"),
                     (5, "A", "pass", None), (6, "B", "item", "helmet"), (7, "B", "pass", None)]
    s = ctx.state
    assert s.warrior("u1").side == "A" and s.gun("g1").side == "B" and s.side("A").drafted_items == ("bow",)
    assert s.pool_items == ("large_shield",)
    (req,) = waiting.requests
    assert (req.name, req.actor) == ("equip", "A")
    assert req.default == {"items": {}, "dispatchers": {}}


def test_c03_equipment_is_checked_against_4_7_and_the_unpicked_leave_the_game():
    ctx, waiting = prep(start(), drafted())
    s = ctx.state
    assert draft.equip_problems(s, "A", {"items": {"a0": ["bow"]}}) == []
    assert draft.equip_problems(s, "B", {"items": {"b0": ["helmet"]}, "dispatchers": {"g1": "u2"}}) == [
        "C03 b0: §4.7.1: a king carries no protective item except innate (L270)"]
    assert draft.equip_problems(s, "B", {"items": {"u2": ["helmet"]}}) == ["C03: the gun g1 needs a dispatcher"]
    inputs = drafted().choice("A", "equip", {"items": {"u1": ["bow"]}}).choice(
        "B", "equip", {"items": {"u2": ["helmet"]}, "dispatchers": {"g1": "u2"}})
    ctx, waiting = prep(start(), inputs)
    (end,) = of_type(ctx, "warband.draft_ended")
    assert end["left"] == ["large_shield"]
    s = ctx.state
    assert [i.kind for i in s.warrior("u1").equipment] == ["bow"] and s.gun("g1").dispatcher == "u2"
    assert s.draft_done and [w.id for w in s.warriors] == ["a0", "b0", "u1", "u2"]
    asked = [(r.name, r.actor) for r in waiting.requests]
    assert asked[:2] == [("weather", None), ("day_night", None)] and ("order", "A") in asked


def test_c02_a_pick_not_in_the_pool_is_refused():
    s = start()
    assert draft.pick_problems(s, "A", {"unit": "zz"}) == ["C02: no unit 'zz' left in the pool (left: u1, u2)"]
    assert draft.pick_problems(s, "A", {"item": "bow"}) == []
    assert draft.pick_problems(s, "A", "maybe") == [
        'C02: a pick is "pass" or one of {"unit": id}, {"item": kind}, {"gun": id}']
