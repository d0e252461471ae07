"""A loose fighter whose move ends within reach of enemies of two melees joins the one with the nearest enemy (4.4);
when enemies of several melees are equally near, which one he joins is his choice `join_melee` (a request keyed by
exchange, its options the melees), never the engine's: Boris walks up between the melees Ratibor — Vseslav and
Zoran — Olga, one cell from Vseslav and from Zoran."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from eventlog.envelope import Event
from replay.context import Context, MissingInput, TurnInputs, Waiting
from replay.rulesets.skirmish import Skirmish, battle_check, battle_round
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle

RULESET = Skirmish()
SETUP = {"field": {"grid": "square", "width": 8, "height": 6}, "fighters": [
    {"sample": "RAT", "cell": [1, 2], "facing": "E"}, {"sample": "VSE", "cell": [2, 2], "facing": "W"},
    {"sample": "VSE", "id": "ZOR", "cell": [4, 2], "facing": "E"},
    {"sample": "RAT", "id": "OLG", "cell": [5, 2], "facing": "W"},
    {"sample": "RAT", "id": "BOR", "cell": [3, 4], "facing": "N",
     "weapons": [{"id": "halberd", "type": "halberd", "hands": ["right", "left"]}]}]}


def two_melees() -> Battle:
    state = RULESET.initial(SETUP, RULESET.options())
    for n, (a, b) in enumerate([("RAT", "VSE"), ("ZOR", "OLG")]):
        state = RULESET.evolve(state, Event("g", 10 + n, "skirmish.engaged", 1, None, {
            "pair": f"{a}-{b}", "fighters": [a, b], "why": [], "rule": [], "defaults": []}, None, "", "", ""))
    assert isinstance(state, Battle) and [p.id for p in state.pairs] == ["RAT-VSE", "ZOR-OLG"]
    return state


def walk(path: list[list[int]], *choices: Any) -> Context:
    inputs = [Event("g", 20 + n, "choice", 1, "BOR", {"name": "join_melee", "value": v, "exchange": 1}, None, "",
                    "", "") for n, v in enumerate(choices)]
    ctx = Context(TurnInputs.of(1, inputs), two_melees(), RULESET.evolve, "g")
    battle_round.move(ctx, "BOR", {"act": "move", "path": path, "gait": "walk"}, 1, 0)
    return ctx


def joined(ctx: Context) -> dict[str, Any]:
    [payload] = [d.payload for d in ctx.drafts if d.type == "skirmish.joined"]
    return payload


def test_equally_near_enemies_of_two_melees_ask_the_fighter_which_he_joins() -> None:
    with pytest.raises(Waiting) as waiting:
        walk([[3, 3], [3, 2]])
    [r] = waiting.value.requests
    assert (r.actor, r.name, r.key_dict, r.options) == ("BOR", "join_melee", {"exchange": 1}, ("RAT-VSE", "ZOR-OLG"))
    assert r.what == "which melee BOR joins: enemies of RAT-VSE, ZOR-OLG are equally near (4.4)"


def test_his_choice_decides_the_melee_he_joins() -> None:
    ctx = walk([[3, 3], [3, 2]], "ZOR-OLG")
    p = joined(ctx)
    assert (p["melee"], p["group"], p["among"]) == ("ZOR-OLG", "ZOR-OLG-BOR", ["RAT-VSE", "ZOR-OLG"])
    assert p["why"][-1] == "BOR chose the melee ZOR — OLG of the equally near melees: RAT — VSE; ZOR — OLG (4.4)"
    assert [q.id for q in ctx.state.pairs] == ["RAT-VSE", "ZOR-OLG-BOR"]


def test_a_choice_that_names_no_equally_near_melee_is_refused() -> None:
    with pytest.raises(MissingInput, match="choice join_melee of BOR .* is 'RAT-OLG', not one of RAT-VSE, ZOR-OLG"):
        walk([[3, 3], [3, 2]], "RAT-OLG")


def test_the_nearest_enemy_decides_without_asking() -> None:
    """From (2, 3) Boris's halberd (very long) reaches Vseslav (1 cell) and Zoran (2 cells): the nearer decides
    (4.4)."""
    state = two_melees()
    there = state.with_fighter(replace(state.fighter("BOR"), cell=(2, 3)))
    bor = there.fighter("BOR")
    reach = [grid.distance(there.grid, bor.cell, there.fighter(o).cell) <= battle_check.reach_between(
        bor, there.fighter(o)) for o in ("VSE", "ZOR")]
    assert reach == [True, True]
    assert battle_check.melees_within_reach(there, "BOR") == [("RAT-VSE", "VSE")]
    p = joined(walk([[2, 3]]))
    assert (p["melee"], p["group"]) == ("RAT-VSE", "RAT-VSE-BOR") and "among" not in p


def test_the_request_and_the_choice_are_said_in_russian() -> None:
    assert msg.requests_ru().match("which melee BOR joins: enemies of RAT-VSE, ZOR-OLG are equally near (4.4)",
                                   msg._request) == ("в какую схватку вступает BOR: враги в схватках RAT-VSE, "
                                                     "ZOR-OLG одинаково близко (4.4)")
    assert msg.why({"why": ["BOR chose the melee ZOR — OLG of the equally near melees: RAT — VSE; ZOR — OLG (4.4)"]},
                   "ru") == ["BOR выбирает схватку: ZOR — OLG, из одинаково близких: RAT — VSE; ZOR — OLG (4.4)"]
