"""Circular strike (M09) and circular slash (M10) on several targets in a melee of several fighters (L280-306, T-04,
CP-09, CP-10): from the recorded fight `ally` at the start of round 3, with Boris on Vseslav's side, Ratibor (a
longsword, long) sweeps over Vseslav and Boris. The first target, the zone and the order of the others are his
declaration (`target`, `zone`, `then`); each target gets its own attack roll (keyed by `target`) against his own
defence; a non-dodge defence that wins keeps the rest safe and its successes come off the dice; a chop goes on only
past a severed part, its severing damage off the rest; a cut goes on at full damage; a target of a height far from
the first's gets the GM's zone."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Event
from replay.context import Context, TurnInputs, run
from replay.rulesets.skirmish import group, sweep
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle
from replay.rulesets.skirmish.model import Declared
from tests.skirmish.test_melee_shrinks import RULESET, round3


def two_against_rat(**bor: Any) -> Battle:
    state = round3()
    return state.with_fighter(replace(state.fighter("BOR"), side="red", **bor))


class Inputs:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, kind: str, actor: str | None, payload: dict[str, Any]) -> Inputs:
        self.events.append(Event("g", 100 + len(self.events), kind, 3, actor, payload, None, "", "", ""))
        return self

    def roll(self, actor: str, purpose: str, faces: list[int], dice: str | None = None, **key: Any) -> Inputs:
        return self.add("roll", actor, {"dice": dice or f"{len(faces)}d10", "purpose": purpose, "result": faces,
                                        "total": sum(faces), "source": "forum", "exchange": 1, **key})

    def sweep(self, maneuver: str, blow: str, first: str, then: str, zone: str, **fields: Any) -> Inputs:
        self.add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": maneuver, "attack_type": blow,
                                  "target": first, "then": [then], "zone": zone,
                                  "dice": {"reflex": 2, "skill": 4}, **fields})
        return self.add("order", "BOR", {"exchange": 1, "step": "attack", "maneuver": "pass"})

    def block(self) -> Inputs:
        return self.add("order", "BOR", {"exchange": 1, "step": "defence", "maneuver": "weapon_block",
                                         "answers": "RAT", "dice": {"reflex": 2, "skill": 0}})

    def resolve(self, state: Battle) -> Any:
        return run(RULESET.resolve, RULESET.evolve, state, 3, TurnInputs.of(3, self.events), RULESET.options(), "g")


def of(stop: Any, kind: str) -> list[dict[str, Any]]:
    return [d.payload for d in stop.drafts if d.type == f"skirmish.{kind}"]


HIGH = [9, 8, 7, 6, 5, 2]


def test_m09_a_chop_that_severs_goes_on_with_the_severing_damage_off_the_next_target() -> None:
    stop = (Inputs().sweep("circular_strike", "chop", "VSE", "BOR", "right_arm", buys=["precise:forearm"]).block()
            .roll("RAT", "attack", HIGH, target="VSE").roll("RAT", "attack", HIGH, target="BOR")
            .roll("BOR", "defence", [5, 1], answers="RAT").roll("RAT", "penetration", [6], dice="1d6", target="BOR")
            .resolve(two_against_rat()))
    assert [(c["target"], c["opposed"]["winner"]) for c in of(stop, "clash")] == [("VSE", "attack"), ("BOR", "attack")]
    [effect] = of(stop, "effect")
    assert effect["why"] == ["the chop severed forearm of VSE: 7 damage comes off the rest (M09, L295)",
                             "the sweep goes on to the next target with 6 dice (M09, L291)"]
    hits = of(stop, "hit")
    assert hits[0]["wound"]["flags"][0] == "severed" and hits[0]["W"] == 8  # sever_gt 6 + 1, no armour on the arm
    assert hits[1]["target"] == "BOR" and hits[1]["raw"] == 8 - 7


def test_m09_a_chop_that_severs_nothing_stops_the_sweep() -> None:
    stop = (Inputs().sweep("circular_strike", "chop", "VSE", "BOR", "upper_torso").block()
            .roll("RAT", "attack", HIGH, target="VSE").roll("RAT", "zone", [4, 3], dice="2d6-2", target="VSE")
            .roll("RAT", "penetration", [5], dice="1d6", target="VSE").resolve(two_against_rat()))
    assert [c["target"] for c in of(stop, "clash")] == ["VSE"]
    assert of(stop, "effect")[0]["why"] == ["the chop did not sever what it hit on VSE: the sweep stops (M09, L295)"]
    assert not any(r.name == "attack" and r.key_dict.get("target") == "BOR" for r in stop.requests)


def test_a_defence_other_than_a_dodge_that_wins_keeps_the_rest_safe() -> None:
    stop = (Inputs().sweep("circular_strike", "chop", "BOR", "VSE", "upper_torso").block()
            .roll("RAT", "attack", [4, 3, 2, 2, 1, 1], target="BOR").roll("BOR", "defence", [9, 8], answers="RAT")
            .roll("BOR", "reliability", [5, 6, 2, 7, 1, 8, 3, 9, 4]).roll("BOR", "fortitude", [6, 7, 2, 3])
            .resolve(two_against_rat()))
    assert [(c["target"], c["opposed"]["winner"]) for c in of(stop, "clash")] == [("BOR", "defence")]
    assert of(stop, "effect")[0]["why"] == ["BOR's weapon_block stops the sweep: the other targets are safe (M09, "
                                            "L291)"]


def test_m10_a_cut_goes_on_at_full_damage_less_the_defenders_successes_in_dice() -> None:
    stop = (Inputs().sweep("circular_slash", "slash", "BOR", "VSE", "upper_torso").block()
            .roll("RAT", "attack", HIGH, target="BOR").roll("BOR", "defence", [9, 3], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2", target="BOR")
            .roll("RAT", "penetration", [6], dice="1d6", target="BOR").resolve(two_against_rat()))
    assert of(stop, "clash")[0]["opposed"]["winner"] == "attack"
    assert of(stop, "effect")[0]["why"] == [
        "BOR's 1 defence successes come off RAT's dice: 6 − 1 = 5 (M10, L291)",
        "the cut on BOR goes on at full damage (M10, L304)",
        "the sweep goes on to the next target with 5 dice (M10, L291)"]
    asked = [(r.actor, r.name, r.key_dict, r.dice) for r in stop.requests]
    assert ("RAT", "attack", {"exchange": 1, "target": "VSE"}, "5d10") in asked


def test_m09_a_crushing_blow_that_hits_stops_the_sweep() -> None:
    att = Declared("RAT", 1, "attack", "circular_strike", {"target": "VSE", "then": ["BOR"], "zone": "head"},
                   {"dice_to_roll": 5, "damage_type": "crushing"})
    ctx = Context(TurnInputs.of(3, []), round3().pairs[0].fight, RULESET.evolve, "g")
    go, why, left, cut = sweep.carry_on(ctx, 1, att, {"winner": "attack", "defence": None, "defence_roll": None},
                                        "VSE", 5, 0)
    assert (go, why, left, cut) == (False, ["the crushing blow hit VSE: the sweep stops (M09, L293)"], 5, 0)


def test_cp10_a_target_of_a_far_height_waits_for_the_gms_zone() -> None:
    stop = (Inputs().sweep("circular_strike", "chop", "VSE", "BOR", "right_arm", buys=["precise:forearm"]).block()
            .roll("RAT", "attack", HIGH, target="VSE").resolve(two_against_rat(height_cm=140)))
    [r] = [r for r in stop.requests if r.name == "circular_zone"]
    assert (r.actor, r.key_dict) == (None, {"exchange": 1, "attacker": "RAT", "target": "BOR"})
    assert r.what == "the zone RAT's sweep meets on BOR: 140 cm against the first target's 176 cm, zone right_arm " \
        "(CP-10)"


def test_t04_the_targets_are_within_reach_spaced_by_the_weapon_and_struck_once() -> None:
    fight = two_against_rat().pairs[0].fight
    order = {"exchange": 1, "step": "attack", "maneuver": "circular_strike", "attack_type": "chop", "target": "VSE",
             "zone": "head", "dice": {"reflex": 2, "skill": 4}}
    far = fight.with_fighter(replace(fight.fighter("BOR"), cell=(4, 4)))
    assert group.declaration_problems(far, "RAT", {**order, "then": ["BOR"]}, RULESET.options()) == [
        "out_of_reach (5.4 M09, L289): BOR at (4, 4) is beyond the reach of RAT's weapon"]
    assert group.declaration_problems(fight, "RAT", {**order, "then": ["VSE"]}, RULESET.options()) == [
        "condition_failed (5.4 M09): a sweep strikes each target once (L289)"]
    assert group.declaration_problems(fight, "RAT", {**order, "then": "BOR"}, RULESET.options()) == [
        "condition_failed (5.4 M09): then: the further targets in the sweep's order, a list of fighter ids (CP-09)"]
    apart = fight.with_fighter(replace(fight.fighter("BOR"), cell=(3, 2)))  # VSE (5, 2), BOR (3, 2): 2 m apart
    assert not [p for p in group.declaration_problems(apart, "RAT", {**order, "then": ["BOR"]}, RULESET.options())
                if "M09" in p]
    short = apart.with_fighter(replace(apart.fighter("RAT"), weapons=tuple(
        replace(w, type="arming_sword") if w.id == "longsword" else w for w in apart.fighter("RAT").weapons)))
    assert any("need a long weapon or longer, not medium" in p for p in group.declaration_problems(
        short, "RAT", {**order, "then": ["BOR"]}, RULESET.options()))


def test_the_sweep_is_said_in_russian() -> None:
    lines = ["the chop severed forearm of VSE: 7 damage comes off the rest (M09, L295)",
             "BOR's 1 defence successes come off RAT's dice: 6 − 1 = 5 (M10, L291)",
             "BOR's weapon_block stops the sweep: the other targets are safe (M09, L291)",
             "the sweep goes on to the next target with 5 dice (M10, L291)",
             "D = 8 + -7 (severing on the sweep, M09 L295) = 1"]
    said = msg.why({"why": lines}, "ru")
    assert not any(s.startswith(msg.UNTRANSLATED["ru"]) for s in said), said
    assert said[3] == "круговой удар идёт к следующей цели, кубиков: 5 (M10, L291)"
    assert msg.requests_ru().match("the zone RAT's sweep meets on BOR: 140 cm against the first target's 176 cm, "
                                   "zone right_arm (CP-10)", msg._request) is not None


def dual_wielding_rat(state: Battle) -> Battle:
    """Ratibor with a short sword in the right hand and the dagger in the left (two light weapons, M24)."""
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, weapons=tuple(
        replace(w, id="short_sword", type="short_sword", hands=("right",)) if w.id == "longsword"
        else replace(w, state="ready", hands=("left",)) for w in rat.weapons)))


def synchronous(also: str = "BOR") -> Inputs:
    inputs = Inputs().add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "synchronous_attack",
                                           "attack_type": "slash", "target": "VSE", "also": also,
                                           "zone": "upper_torso", "dice": {"reflex": 2, "skill": 3}})
    return inputs.add("order", "BOR", {"exchange": 1, "step": "attack", "maneuver": "pass"})


def test_m24_one_roll_against_two_adjacent_targets_each_with_his_own_defence_and_wound() -> None:
    stop = (synchronous().block().roll("RAT", "attack", [9, 8, 7, 6, 5]).roll("BOR", "defence", [5, 1], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2", target="VSE")
            .roll("RAT", "penetration", [6], dice="1d6", target="VSE")
            .roll("RAT", "zone", [4, 3], dice="2d6-2", target="BOR")
            .roll("RAT", "penetration", [6], dice="1d6", target="BOR")
            .resolve(dual_wielding_rat(two_against_rat())))
    clashes = of(stop, "clash")
    assert [(c["target"], c["attack_roll"]["faces"], c["opposed"]["winner"]) for c in clashes] == [
        ("VSE", [9, 8, 7, 6, 5], "attack"), ("BOR", [9, 8, 7, 6, 5], "attack")]
    assert clashes[1]["defence"] == {"actor": "BOR", "maneuver": "weapon_block"}
    hits = of(stop, "hit")
    assert [(h["target"], h["raw"]) for h in hits] == [("VSE", 6), ("BOR", 5)]  # short sword cut +1, dagger cut +0
    assert not [r for r in stop.requests if r.name == "attack"]  # one attack roll for both (L441)


def test_m24_the_second_target_stands_next_to_the_first() -> None:
    state = dual_wielding_rat(two_against_rat())
    fight = state.pairs[0].fight
    apart = fight.with_fighter(replace(fight.fighter("BOR"), cell=(3, 2)))  # RAT (4, 2) between VSE and BOR
    order = {"exchange": 1, "step": "attack", "maneuver": "synchronous_attack", "attack_type": "slash",
             "target": "VSE", "also": "BOR", "zone": "upper_torso", "dice": {"reflex": 1, "skill": 0}}
    assert group.declaration_problems(apart, "RAT", order, RULESET.options()) == [
        "condition_failed (5.4.1 M24, L441): BOR at (3, 2) does not stand next to VSE: two adjacent targets"]
    assert group.declaration_problems(fight, "RAT", {**order, "also": "VSE"}, RULESET.options()) == [
        "condition_failed (5.4.1 M24): also: two targets are two fighters (for two wounds on one target leave `also` "
        "out, L441)"]
    for said in ("BOR at (3, 2) does not stand next to VSE: two adjacent targets",
                 "also: two targets are two fighters (for two wounds on one target leave `also` out, L441)",
                 "BOR at (4, 4) is beyond the reach of RAT's weapon", "a sweep strikes each target once (L289)",
                 "M09 (L289): targets 2 m apart (one free cell) need a long weapon or longer, not medium"):
        ru = msg._problem(said)
        names = {"BOR", "VSE", "RAT", "M09", "M24", "L289", "L441", "also"}
        assert ru is not None and not msg.english_left(ru, names), ru


def test_a_protector_of_the_first_target_does_not_answer_the_sweep_for_a_further_target() -> None:
    """M37: a Protect ally answers the attack on the ally it protects; the sweep's further target still answers it
    for himself."""
    att = Declared("RAT", 1, "attack", "circular_strike", {"target": "VSE", "then": ["BOR"], "zone": "head"},
                   {"dice_to_roll": 5})
    guard = Declared("ZOR", 1, "defence", "weapon_block", {"maneuver": "protect_ally", "answers": "RAT"},
                     {"protects": "VSE"})
    fight = replace(two_against_rat().pairs[0].fight, declared=(att, guard))
    assert group.answered_by(fight, att) is guard
    assert group.answered_by(fight, sweep.turned(att, "BOR")) is None


def test_the_sweep_and_the_second_target_are_said_in_the_order_words() -> None:
    from replay.rulesets.skirmish.orders_said import say

    order = {"exchange": 1, "step": "attack", "maneuver": "circular_strike", "attack_type": "chop", "target": "VSE",
             "then": ["BOR"], "zone": "right_arm", "dice": {"reflex": 2, "skill": 4}}
    assert "against VSE, then against BOR, at the right arm" in say(order, "RAT", "en")
    assert "затем против противника по имени BOR" in say(order, "RAT", "ru")
    both = {**{k: v for k, v in order.items() if k != "then"}, "maneuver": "synchronous_attack", "also": "BOR"}
    assert "against VSE, and against BOR" in say(both, "RAT", "en")
