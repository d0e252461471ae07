"""A melee of several fighters that loses a fighter goes on with those still standing (4.4, our reading in
docs/skirmish.md): from the recorded fight `ally` (Ratibor and Boris against Vseslav) at the start of round 3, Boris
falls instead of Vseslav: the group does not end (Vseslav's side still stands), Boris leaves it at the field round's
end, and Ratibor and Vseslav fight on as an ordinary pair whose next round opens with part 1's combat initiative, each
die asked of its player. When Vseslav falls, one side has no one left and the melee ends, as recorded."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from cli.main import import_text
from eventlog.store import Store
from replay import driver
from replay.context import Context, TurnInputs, run
from replay.fold import state_before
from replay.rulesets.skirmish import Skirmish, battle_events, battle_round, group
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle

ROOT = Path(__file__).resolve().parents[2]
RULESET = Skirmish()


def round3() -> Battle:
    """The ally fight at the start of round 3: RAT, VSE and BOR in one melee group."""
    with Store.open(":memory:") as store:
        text = (ROOT / "fixtures" / "skirmish" / "ally.jsonl").read_text(encoding="utf-8")
        game = driver.load(store, next(iter(import_text(store, text, source="test"))))
    state = state_before(game, 3)
    assert isinstance(state, Battle) and [p.id for p in state.pairs] == ["RAT-VSE-BOR"]
    return state


def falls(state: Battle, fid: str) -> Battle:
    return state.with_fighter(replace(state.fighter(fid), status="unconscious"))


def ctx_on(state: Any, turn: int = 3) -> Context:
    return Context(TurnInputs.of(turn, []), state, RULESET.evolve, "g")


def test_a_fallen_fighter_does_not_end_the_group_while_his_side_still_stands() -> None:
    fight = falls(round3(), "BOR").pairs[0].fight
    ctx = ctx_on(fight)
    group.melee_over(ctx)
    assert ctx.drafts == []
    assert group.sides_standing(fight) == {fight.fighter("RAT").side, fight.fighter("VSE").side}
    assert len(group.sides_standing(fight)) == 2


def test_the_group_ends_when_one_side_has_no_one_left() -> None:
    fight = falls(round3(), "VSE").pairs[0].fight
    ctx = ctx_on(fight)
    group.melee_over(ctx)
    [ended] = [d.payload for d in ctx.drafts]
    assert ended["out"] == {"VSE": "unconscious"} and ended["rule"] == ["6.5", "4.4"]


def test_the_fallen_fighter_leaves_and_the_two_left_become_a_pair_with_combat_initiative_next_round() -> None:
    ctx = ctx_on(falls(round3(), "BOR"))
    battle_round.round_end(ctx, 3)
    [ended] = [d.payload for d in ctx.drafts if d.type == "skirmish.field_round_ended"]
    assert ended["parted"] == [] and ended["left"] == {"RAT-VSE-BOR": ["BOR"]}
    assert ended["why"][-2:] == ["BOR out of the fight: leaves the melee RAT — VSE — BOR; RAT, VSE fight on (4.4)",
                                 "RAT and VSE fight on as a pair from round 4: combat initiative opens its round "
                                 "(4.2, C12)"]
    assert not [d for d in ctx.drafts if d.type == "skirmish.battle_ended"]
    after = ctx.state
    [pair] = after.pairs
    assert (pair.id, pair.fight.ids, pair.fight.holder, pair.fight.distance) == ("RAT-VSE", ("RAT", "VSE"), None,
                                                                                   None)
    assert [f.id for f in after.loose] == ["BOR"]
    stop = run(RULESET.resolve, RULESET.evolve, after, 4, TurnInputs.of(4, []), RULESET.options(), "g")
    asked = {(r.actor, r.name) for r in stop.requests}
    assert {("RAT", "initiative"), ("VSE", "initiative")} <= asked, asked
    assert not any(r.actor == "BOR" for r in stop.requests)
    assert not [d for d in stop.drafts if d.type == "skirmish.exchange_started" and d.payload["holder"] is None]


def test_the_shrinking_lines_are_said_in_russian() -> None:
    lines = ["BOR out of the fight: leaves the melee RAT — VSE — BOR; RAT, VSE fight on (4.4)",
             "RAT and VSE fight on as a pair from round 4: combat initiative opens its round (4.2, C12)"]
    assert msg.why({"why": lines}, "ru") == [
        "выбыли из боя: BOR — покидают схватку: RAT — VSE — BOR; бьются дальше: RAT, VSE (4.4)",
        "RAT и VSE бьются дальше парой с раунда 4: раунд открывает боевая инициатива (4.2, C12)"]


def test_three_left_stay_a_group_named_by_those_left() -> None:
    state = round3()
    pair = state.pairs[0]
    bor = pair.fight.fighter("BOR")
    four = replace(pair, id="RAT-VSE-BOR-OLG",
                   fight=replace(pair.fight, fighters=(*pair.fight.fighters, replace(bor, id="OLG"))))
    left = battle_events.shrink(four, ["BOR"], 3)
    assert (left.id, left.fight.ids, left.since) == ("RAT-VSE-OLG", ("RAT", "VSE", "OLG"), pair.since)
    two = battle_events.shrink(pair, ["BOR"], 3)
    assert (two.id, two.fight.ids, two.since, two.fight.holder) == ("RAT-VSE", ("RAT", "VSE"), 3, None)
