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


def with_deltas(monkeypatch, **deltas: int) -> None:
    """SAMPLE races with a `draft_total_delta` each (A-17): `humans` for A, `northern` for B."""
    from replay.rulesets.warband import data

    real = data.load

    def load(name: str):
        table = real(name)
        if name != "races":
            return table
        races = {k: dict(v) for k, v in table["races"].items()}
        for race, d in deltas.items():
            races[race]["draft_total_delta"] = d
        return {**table, "races": races}

    monkeypatch.setattr(data, "load", load)


def totals_start(picks: int | None = 2):
    setup = pool_setup()
    setup["sides"][1]["race"] = "northern"
    if picks is not None:
        setup["pool"]["picks_per_side"] = picks
    return model.new_state(model.Setup.model_validate(setup))


def test_a17_a_race_s_draft_total_delta_gives_it_more_or_fewer_picks_than_the_scenario_s_total(monkeypatch):
    with_deltas(monkeypatch, humans=1, northern=-1)
    inputs = Inputs(0).roll("A", "draft_order", 5, round=1).roll("B", "draft_order", 2, round=1)
    inputs.choice("A", "draft_pick", {"unit": "u1"}, n=1).choice("B", "draft_pick", {"gun": "g1"}, n=2)
    inputs.choice("A", "draft_pick", {"item": "bow"}, n=3).choice("A", "draft_pick", {"unit": "u2"}, n=5)
    ctx, waiting = prep(totals_start(2), inputs)
    picks = [(p["n"], p["side"], p["kind"], p.get("element")) for p in of_type(ctx, "warband.draft_pick")]
    # 2 a side: A (humans +1) makes 3, B (northern −1) makes 1; a side at its total is asked no more
    assert picks == [(1, "A", "unit", "u1"), (2, "B", "gun", "g1"), (3, "A", "item", "bow"), (4, "B", "done", None),
                     (5, "A", "unit", "u2"), (6, "A", "done", None)]
    done = of_type(ctx, "warband.draft_pick")
    assert done[3]["why"] == ["pick #4: B has made its 1 pick(s): the scenario's 2 a side -1 for its race (northern); "
                              "it picks no more"] and done[3]["defaults"] == ["A-17"]
    assert ctx.state.side("B").draft_passed and ctx.state.pool_items == ("helmet", "large_shield")
    assert all(r.name != "draft_pick" for r in waiting.requests)


def test_a17_without_the_scenario_s_total_the_picks_go_on_until_a_pass_whatever_the_delta(monkeypatch):
    with_deltas(monkeypatch, humans=-1)
    ctx, _ = prep(totals_start(None), drafted())
    assert [p["kind"] for p in of_type(ctx, "warband.draft_pick")] == ["unit", "gun", "item", "unit", "pass", "item",
                                                                        "pass"]


def test_a17_a_total_of_nothing_lets_a_side_pick_nothing(monkeypatch):
    with_deltas(monkeypatch, northern=-3)
    inputs = Inputs(0).roll("A", "draft_order", 5, round=1).roll("B", "draft_order", 2, round=1)
    inputs.choice("A", "draft_pick", {"unit": "u1"}, n=1)
    ctx, waiting = prep(totals_start(2), inputs)
    assert [(p["side"], p["kind"]) for p in of_type(ctx, "warband.draft_pick")] == [("A", "unit"), ("B", "done")]
    (req,) = waiting.requests
    assert (req.name, req.actor, req.key_dict) == ("draft_pick", "A", {"n": 3})


def test_a17_the_scenario_s_total_is_a_whole_number_of_picks():
    setup = pool_setup()
    setup["pool"]["picks_per_side"] = -1
    with pytest.raises(ValidationError, match="picks_per_side"):
        model.Setup.model_validate(setup)


def test_a17_the_post_says_a_side_made_all_its_picks(monkeypatch):
    from eventlog.envelope import Event
    from replay.rulesets.warband import post

    with_deltas(monkeypatch, northern=-3)
    inputs = Inputs(0).roll("A", "draft_order", 5, round=1).roll("B", "draft_order", 2, round=1)
    ctx, _ = prep(totals_start(2), inputs.choice("A", "draft_pick", {"unit": "u1"}, n=1))
    (d,) = [d for d in ctx.drafts if d.type == "warband.draft_pick" and d.payload["kind"] == "done"]
    e = Event("g", 1, d.type, 0, None, d.payload, None, "", "", "", None, None, 2)
    assert post.narrate(e, "ru") == ["выбор #2: B сделал все свои выборы и больше не выбирает"]
    assert post.narrate(e, "en") == d.payload["why"]
