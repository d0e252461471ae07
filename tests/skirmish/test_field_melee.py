"""Melee on the field beyond one group (part 2, issue 9): Maneuvering towards an enemy outside the melee and his
avoiding it (M53, L681). Ratibor (blue) at (4, 2) fights Vseslav (5, 2) and Boris (4, 3), both red; Zoran (red)
stands loose at (2, 2). Ratibor maneuvers to (3, 2), within reach of Zoran and still of Boris: Zoran answers with a
Maneuvering of his own, his reflex dice his choice and his roll (never drawn for him); at least as many successes
avoid the melee and Ratibor stays, fewer and Zoran joins the melee when its round is over (L102, 4.4). And the end
of a melee group decided at once (L620)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cli.main import import_text
from eventlog.envelope import Event
from eventlog.store import Store
from replay import driver
from replay.context import TurnInputs, run
from replay.rulesets.skirmish import Skirmish, battle, dice, group, pools
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle

ROOT = Path(__file__).resolve().parents[2]
RULESET = Skirmish()
SETUP = {"field": {"grid": "square", "width": 10, "height": 6}, "fighters": [
    {"sample": "RAT", "cell": [4, 2], "facing": "E"}, {"sample": "VSE", "cell": [5, 2], "facing": "W"},
    {"sample": "VSE", "id": "BOR", "cell": [4, 3], "facing": "N"},
    {"sample": "VSE", "id": "ZOR", "cell": [2, 2], "facing": "E"}]}


def field() -> Battle:
    """RAT against VSE and BOR in one melee group; ZOR loose; the general initiative chain already rolled."""
    state = RULESET.initial(SETUP, RULESET.options())
    for n, (kind, payload) in enumerate([
            ("skirmish.engaged", {"pair": "RAT-VSE", "fighters": ["RAT", "VSE"]}),
            ("skirmish.joined", {"melee": "RAT-VSE", "fighter": "BOR", "group": "RAT-VSE-BOR"})]):
        state = RULESET.evolve(state, Event("g", 10 + n, kind, 1, None, {**payload, "why": [], "rule": [],
                                                                           "defaults": []}, None, "", "", ""))
    assert isinstance(state, Battle) and [p.id for p in state.pairs] == ["RAT-VSE-BOR"]
    return replace(state, chain=(("RAT", 9), ("VSE", 7), ("BOR", 5), ("ZOR", 3)))


class Inputs:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, kind: str, actor: str | None, payload: dict[str, Any]) -> Inputs:
        self.events.append(Event("g", 100 + len(self.events), kind, 1, actor, payload, None, "", "", ""))
        return self

    def roll(self, actor: str, purpose: str, faces: list[int], **key: Any) -> Inputs:
        return self.add("roll", actor, {"dice": f"{len(faces)}d10", "purpose": purpose, "result": faces,
                                        "total": sum(faces), "source": "forum", "exchange": 1, **key})

    def resolve(self, state: Battle) -> Any:
        return run(RULESET.resolve, RULESET.evolve, state, 1, TurnInputs.of(1, self.events), RULESET.options(), "g")


def towards_zor(rat: list[int], answer: int | None = None, zor: list[int] | None = None) -> Inputs:
    inputs = Inputs().add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "to": [3, 2],
                                           "dice": {"reflex": len(rat), "skill": 0}})
    for fid in ("VSE", "BOR"):
        inputs.add("order", fid, {"exchange": 1, "step": "attack", "maneuver": "pass"})
    inputs.roll("RAT", "attack", rat)
    if answer is not None:
        inputs.add("choice", "ZOR", {"name": "avoid_melee", "value": answer, "exchange": 1, "fighter": "RAT"})
    if zor is not None:
        inputs.roll("ZOR", "avoid_melee", zor, fighter="RAT")
    for fid in ("RAT", "VSE", "BOR"):  # exchange 2: the melee round over, an arrival joins (L102)
        inputs.add("order", fid, {"exchange": 2, "step": "attack", "maneuver": "pass"})
    return inputs


def of(stop: Any, kind: str) -> list[dict[str, Any]]:
    return [d.payload for d in stop.drafts if d.type == f"skirmish.{kind}"]


def net(faces: list[int], tn: int = 4) -> int:
    return max(0, dice.count(faces, tn, ones_cancel=RULESET.options().ones_cancel_successes).net)


def test_m53_a_move_towards_an_enemy_outside_asks_him_his_reflex_dice_then_his_roll() -> None:
    state = field()
    stop = towards_zor([9, 3, 5]).resolve(state)
    [asked] = [r for r in stop.requests if r.name == "avoid_melee"]
    have = pools.available(state.fighter("ZOR"), 1, 1)[0]
    assert have > 2
    assert (asked.kind, asked.actor, asked.key_dict, asked.options) == (
        "choice", "ZOR", {"exchange": 1, "fighter": "RAT"}, tuple(range(have + 1)))
    assert asked.what == ("how many reflex dice ZOR rolls on Maneuvering to avoid the melee RAT moves towards him "
                          "(0: none; %4, M53, L681)")
    stop = towards_zor([9, 3, 5], 2).resolve(state)
    [asked] = [r for r in stop.requests if r.name == "avoid_melee"]
    assert (asked.kind, asked.actor, asked.dice) == ("roll", "ZOR", "2d10")
    assert not of(stop, "effect")  # nothing settled until his roll is in


def test_m53_fewer_successes_than_the_maneuverer_bring_the_enemy_outside_into_the_melee() -> None:
    rat, zor = [9, 3, 5], [4, 2]
    assert (net(rat), net(zor)) == (2, 1)
    stop = towards_zor(rat, 2, zor).resolve(field())
    [effect] = of(stop, "effect")
    assert {"op": "avoid", "fighter": "ZOR", "reflex": 2, "successes": 1, "avoided": False, "by": "RAT"} \
        in effect["changes"]
    assert effect["why"][3:] == [
        "ZOR maneuvers to avoid the melee: 2d %4 [4, 2] → 1 (M53, L681)",
        "ZOR 1 < 2: RAT comes within reach of ZOR, who joins the melee when this melee round is over (M53, L681, "
        "L102)",
        "RAT moves to (3, 2) (M53, L679)"]
    [joined] = of(stop, "joined")
    assert (joined["melee"], joined["fighter"], joined["group"]) == ("RAT-VSE-BOR", "ZOR", "RAT-VSE-BOR-ZOR")
    assert "L102" in joined["rule"] and "L681" in joined["rule"]
    assert [p.id for p in stop.state.pairs] == ["RAT-VSE-BOR-ZOR"] and not stop.state.loose
    assert stop.state.fighter("RAT").cell == (3, 2)
    assert stop.state.fighter("ZOR").spent_R == 2  # his reflex points rolled (L681, Маневрирование (Р))
    assert not [r for r in stop.requests if r.actor == "ZOR" and r.key_dict.get("stage") == "field"]


def test_m53_as_many_successes_avoid_the_melee_and_the_maneuverer_stays() -> None:
    rat, zor = [9, 3, 5], [9, 8]
    assert net(rat) == net(zor) == 2
    stop = towards_zor(rat, 2, zor).resolve(field())
    [effect] = of(stop, "effect")
    assert effect["why"][-1] == "ZOR 2 ≥ 2: ZOR avoids the melee; RAT stays in (4, 2) (M53, L681)"
    assert not [c for c in effect["changes"] if c["op"] == "move"]
    assert not of(stop, "joined")
    assert [p.id for p in stop.state.pairs] == ["RAT-VSE-BOR"] and [f.id for f in stop.state.loose] == ["ZOR"]
    assert stop.state.fighter("RAT").cell == (4, 2) and stop.state.fighter("ZOR").spent_R == 2
    # his successes still decide who may attack him next exchange (L681)
    assert [(c["fighter"], c["kind"]) for c in effect["changes"] if c["op"] == "effect"] == [
        ("VSE", "outmaneuvered"), ("BOR", "outmaneuvered")]


def test_m53_an_enemy_outside_who_rolls_no_die_counts_0() -> None:
    stop = towards_zor([9, 2, 2], 0).resolve(field())
    assert not [r for r in stop.requests if r.name == "avoid_melee"]
    [effect] = of(stop, "effect")
    assert effect["why"][-3:-1] == ["ZOR does not maneuver to avoid the melee: 0 successes (M53, L681)",
                                    "ZOR 0 < 1: RAT comes within reach of ZOR, who joins the melee when this melee "
                                    "round is over (M53, L681, L102)"]
    assert stop.state.fighter("ZOR").spent_R == 0 and [p.id for p in stop.state.pairs] == ["RAT-VSE-BOR-ZOR"]


def test_m53_a_maneuver_without_a_success_asks_the_enemy_outside_nothing() -> None:
    stop = towards_zor([2, 3, 1]).resolve(field())
    assert not [r for r in stop.requests if r.name == "avoid_melee"]
    assert not of(stop, "joined") and stop.state.fighter("RAT").cell == (4, 2)


def test_m53_his_answer_is_one_of_his_reflex_points() -> None:
    state = field()
    too_many = pools.available(state.fighter("ZOR"), 1, 1)[0] + 1
    stop = towards_zor([9, 3, 5], too_many).resolve(state)
    assert f"is {too_many}, not one of" in str(stop.error)


def order_to(cell: list[int]) -> dict[str, Any]:
    return {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "to": cell, "dice": {"reflex": 1, "skill": 0}}


def test_m53_the_cell_reaches_one_enemy_outside_at_a_time() -> None:
    state = field()
    olg = replace(state.fighter("ZOR"), id="OLG", cell=(3, 1))
    state = replace(state, loose=(*state.loose, olg), roster=(*state.roster, "OLG"))
    view = battle.on_the_field(state, state.pairs[0])
    [said] = group.declaration_problems(view, "RAT", order_to([3, 2]), RULESET.options(), state.grid)
    assert said == ("condition_failed (5.4.3 M53, L681): from (3, 2) RAT reaches ZOR and OLG outside the melee: he "
                    "moves towards one enemy outside it at a time (PROPOSED)")
    ru = msg._problem(said.split("): ", 1)[1])
    assert ru == ("из (3, 2) RAT достаёт ZOR и OLG вне схватки: маневрированием подходят к одному противнику вне "
                  "схватки за раз (предложено)")


def test_m53_a_cell_out_of_reach_of_the_melee_is_a_retreat_even_towards_an_enemy_outside() -> None:
    state = field()
    away = state.with_pair(replace(state.pairs[0], fight=state.pairs[0].fight.with_fighter(
        replace(state.fighter("BOR"), cell=(5, 3)))))
    view = battle.on_the_field(away, away.pairs[0])
    assert [o.id for o in view.outside] == ["ZOR"]
    [said] = group.declaration_problems(view, "RAT", order_to([3, 2]), RULESET.options(), away.grid)
    assert said.startswith("condition_failed (5.4.3 M53, M45): from (3, 2) RAT reaches no enemy of the melee")
    assert group.declaration_problems(battle.on_the_field(state, state.pairs[0]), "RAT", order_to([3, 2]),
                                      RULESET.options(), state.grid) == []


@pytest.mark.parametrize("avoided", [True, False])
def test_m53_the_answer_is_said_in_russian(avoided: bool) -> None:
    zor = [9, 8] if avoided else [4, 2]
    stop = towards_zor([9, 3, 5], 2, zor).resolve(field())
    [effect] = of(stop, "effect")
    said = msg.why(effect, "ru")
    assert said[3] == f"ZOR маневрирует, чтобы избежать схватки: 2к10 %4 {zor} → {net(zor)} (M53, L681)"
    assert said[4] == ("ZOR: 2 ≥ 2: ZOR избегает схватки; RAT остаётся в (4, 2) (M53, L681)" if avoided else
                       "ZOR: 1 < 2: RAT входит в досягаемость ZOR; тот вступит в схватку, когда этот раунд схватки "
                       "закончится (M53, L681, L102)")
    for what in ("how many reflex dice ZOR rolls on Maneuvering to avoid the melee RAT moves towards him (0: none; "
                 "%4, M53, L681)", "Maneuvering of ZOR to avoid the melee RAT moves towards him (%4, M53, L681)"):
        ru = msg.requests_ru().match(what, msg._request)
        assert ru is not None and not msg.english_left(ru, {"ZOR", "RAT", "M53", "L681"})
    if not avoided:
        [joined] = of(stop, "joined")
        assert msg.why(joined, "ru") == ["RAT маневрированием вошёл в досягаемость ZOR; тот не избежал схватки: ZOR "
                                         "вступает в неё, несколько бойцов в одной схватке (M53, L681, L102; 4.4)"]


# --- the end of a melee group decided at once (L620, 6.5) ---------------------------------------------------------

def ally_events() -> list[Any]:
    """The recorded fight `ally` from its hand log: in round 3 Vseslav, alone on his side, is knocked out in
    exchange 1."""
    with Store.open(":memory:") as store:
        text = (ROOT / "fixtures" / "skirmish" / "hand" / "ally.jsonl").read_text(encoding="utf-8")
        game = driver.load(store, next(iter(import_text(store, text, source="test"))))
    return list(game.events)


def test_the_last_of_a_side_out_ends_the_melee_after_that_exchange_not_at_the_rounds_end() -> None:
    turn3 = [e for e in ally_events() if e.turn == 3 and e.type.startswith("skirmish.")]
    [ended] = [e for e in turn3 if e.type == "skirmish.fight_ended"]
    assert ended.phase == "RAT-VSE-BOR:x1.resolve"
    assert ended.payload["out"] == {"VSE": "unconscious"}
    knocked = [e for e in turn3 if e.type == "skirmish.knockout" and e.payload.get("unconscious")]
    assert knocked and knocked[0].seq < ended.seq
    assert not [e for e in turn3 if ":x2" in (e.phase or "")]  # no second exchange is asked or played
    [bled] = [e for e in turn3 if e.type == "skirmish.round_ended"]  # the round's bleeding still runs (6.5 step 10)
    assert bled.seq > ended.seq and bled.phase == "RAT-VSE-BOR:end"
    assert [w for w in bled.payload["why"] if w.startswith("VSE bleeds")]


def test_a_fall_while_both_sides_stand_plays_the_round_on() -> None:
    from tests.skirmish.test_melee_shrinks import falls, round3

    state = falls(round3(), "BOR")
    stop = run(RULESET.resolve, RULESET.evolve, state, 3, TurnInputs.of(3, []), RULESET.options(), "g")
    assert stop.state.pairs[0].fight.result is None
    assert not of(stop, "fight_ended")
    assert [(r.kind, r.key_dict) for r in stop.requests] == [("order", {"exchange": 1, "step": "attack"})]


def test_m53_in_a_pair_on_the_field_an_enemy_outside_who_does_not_avoid_makes_it_a_group_of_three() -> None:
    """Ratibor and Vseslav a pair; Zoran loose at (3, 4). Ratibor maneuvers to (4, 3), still beside Vseslav and now
    beside Zoran; Zoran rolls 1 die, no success: the pair becomes the group Ratibor — Vseslav — Zoran."""
    setup = {"field": SETUP["field"], "fighters": [SETUP["fighters"][0], SETUP["fighters"][1],
                                                   {**SETUP["fighters"][3], "cell": [3, 4], "facing": "N"}]}
    state = RULESET.initial(setup, RULESET.options())
    state = RULESET.evolve(state, Event("g", 10, "skirmish.engaged", 1, None, {
        "pair": "RAT-VSE", "fighters": ["RAT", "VSE"], "why": [], "rule": [], "defaults": []}, None, "", "", ""))
    state = replace(state, chain=(("RAT", 9), ("VSE", 7), ("ZOR", 3)))
    inputs = Inputs().roll("RAT", "initiative", [9, 8, 7, 6, 5]).roll("VSE", "initiative", [3, 2, 2, 1, 1, 1])
    inputs.add("order", "VSE", {"exchange": 1, "step": "attack", "maneuver": "pass"})
    inputs.add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "to": [4, 3],
                                "dice": {"reflex": 3, "skill": 0}}).roll("RAT", "attack", [9, 6, 3])
    inputs.add("choice", "ZOR", {"name": "avoid_melee", "value": 1, "exchange": 1, "fighter": "RAT"})
    inputs.roll("ZOR", "avoid_melee", [2], fighter="RAT")
    for fid in ("VSE", "RAT"):
        inputs.add("order", fid, {"exchange": 2, "step": "attack", "maneuver": "pass"})
    stop = inputs.resolve(state)
    assert stop.error is None and not stop.requests
    [joined] = of(stop, "joined")
    assert (joined["melee"], joined["group"]) == ("RAT-VSE", "RAT-VSE-ZOR")
    assert [p.id for p in stop.state.pairs] == ["RAT-VSE-ZOR"] and stop.state.fighter("RAT").cell == (4, 3)
