"""What a melee of several fighters plays beyond part 1's pair (4.4, PROPOSED readings in docs/skirmish.md), on the
recorded fight `ally` at the start of round 3 (Ratibor alone against Boris and Vseslav): the transfer feint (M15) on
one target of the group, A-09's forced pass recorded as part 1 records it, a sweep's further target's sudden attack
(M33) and a Retreat (M45) against several attacks one of which is a blow on several targets."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from eventlog.envelope import Event
from replay.context import TurnInputs, run
from replay.rulesets.skirmish import check, group
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle
from tests.skirmish.test_melee_maneuvers import attack, defence
from tests.skirmish.test_melee_retreat import played
from tests.skirmish.test_melee_shrinks import RULESET
from tests.skirmish.test_melee_sweep import Inputs, of, two_against_rat

PASS = {"step": "attack", "maneuver": "pass"}


def feinter() -> Battle:
    """Ratibor at swords 6 (M15's level, A-21) with one extraordinary Reflex success to commit."""
    state = two_against_rat()
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, skills={**rat.skills, "swords": 6}, extraordinary={"reflex": 1}))


def phase1() -> Inputs:
    """Exchange 1: Ratibor chops Boris with a transfer feint of 1 extraordinary success; Boris blocks with 3 dice."""
    return (Inputs().add("order", "RAT", attack("chop", zone="upper_torso"))
            .add("choice", "RAT", {"name": "transfer_feint", "value": {"master": 0, "extraordinary": 1},
                                   "exchange": 1})
            .add("order", "BOR", {"exchange": 1, **PASS}).add("order", "BOR", defence("weapon_block"))
            .roll("RAT", "attack", [9, 8, 7, 3, 2]).roll("BOR", "defence", [5, 2, 1], answers="RAT")
            .add("order", "VSE", {"exchange": 2, **PASS}))


def test_m15_phase_1_in_a_group_deals_no_damage_and_marks_the_target_for_phase_2() -> None:
    """L361: 3 successes of %5 and the 1 committed = 4 against the block's 1 − 1 = 0: final 4, no hit; the defence
    of exchange 2 against Ratibor loses 4 dice (A-33), and there is no combat initiative to keep (4.4)."""
    stop = phase1().resolve(feinter())
    assert stop.error is None
    reveal, settled = of(stop, "effect")
    assert reveal["changes"][0] == {"op": "spend", "fighter": "RAT", "reflex": 1, "master": 0, "extraordinary": 1}
    [clash] = of(stop, "clash")
    assert (clash["attack_roll"]["net"], clash["opposed"]["final"]) == (3 + 1, 4)  # the committed success (L361)
    assert not of(stop, "hit")
    lost = next(c for c in settled["changes"] if c["kind"] == "defence_lost_dice")
    assert (lost["fighter"], lost["amount"], lost["ref"]) == ("BOR", 4, "M15:RAT")
    assert "the group's order stays the general initiative chain (4.4)" in settled["why"][0]
    [ru] = msg.why(settled, "ru")
    assert "цепочкой общей инициативы" in ru and "против удара RAT" in ru and not msg.english_left(ru, {"RAT", "BOR"})


def test_m15_phase_2_in_a_group_strikes_the_same_target_whose_defence_against_it_loses_the_dice() -> None:
    inputs = phase1()
    fight = inputs.resolve(feinter()).state.pairs[0].fight
    elsewhere = attack("chop", zone="lower_torso", target="VSE", exchange=2)
    [problem] = group.declaration_problems(fight, "RAT", elsewhere, RULESET.options())
    assert problem == ("condition_failed (5.4.1 M15, L363, 4.4): the transfer feint's phase 2 is struck at BOR, whose "
                       "defence phase 1 beat, not at VSE")
    assert msg._problem(problem.split("): ", 1)[1]) == ("вторую фазу перевода наносят BOR, чью защиту побила первая "
                                                         "фаза, а не VSE")
    stop = (inputs.add("order", "RAT", attack("chop", zone="lower_torso", exchange=2, dice={"reflex": 1, "skill": 2}))
            .add("order", "BOR", {"exchange": 2, **PASS})
            .add("order", "VSE", {"exchange": 2, "step": "defence", "maneuver": "pass", "answers": "RAT"})
            .add("order", "BOR", defence("weapon_block", exchange=2, dice={"reflex": 2, "skill": 4}))
            .roll("RAT", "attack", [9, 2, 2], exchange=2).roll("BOR", "defence", [9, 9, 9, 9, 9, 9], answers="RAT",
                                                                exchange=2)
            .resolve(feinter()))
    block = next(d for d in of(stop, "declared") if d["actor"] == "BOR" and d["exchange"] == 2
                 and d["step"] == "defence")
    assert block["priced"]["lost_dice"] == 4
    clash = of(stop, "clash")[-1]
    assert clash["defence_roll"]["faces"] == [9, 9]  # 6 rolled, the last 4 lost
    assert (clash["attack_roll"]["net"], clash["defence_roll"]["net"]) == (2, 2)  # 1 success + 1 carried over
    assert [r.name for r in stop.requests] == ["reverse_damage"]  # L363: the GM's damage for the back of the blade


def test_m15_declared_as_a_maneuver_in_a_group_says_how_to_commit_it() -> None:
    fight = two_against_rat().pairs[0].fight
    problems = group.declaration_problems(fight, "RAT", attack("transfer_feint", zone="upper_torso"),
                                          RULESET.options())
    assert "condition_failed (5.4.1 M15, CP-15): declare the basic attack (thrust, chop, slash or crush) and commit "\
        "the transfer feint as your choice transfer_feint (exchange 1, sealed) before the defence" in problems
    assert not any("not played in a melee of several fighters" in p for p in problems)




SWEEP_VSE_BOR = {"exchange": 1, "step": "attack", "maneuver": "circular_slash", "attack_type": "slash",
                 "target": "VSE", "then": ["BOR"], "zone": "upper_torso", "dice": {"reflex": 2, "skill": 4}}
SUDDEN = {"exchange": 1, "step": "defence", "maneuver": "sudden_attack", "answers": "RAT", "intercept": 1,
          "attack_type": "thrust", "zone": "head", "dice": {"reflex": 2, "skill": 2}}


def swept() -> Inputs:
    """Ratibor's circular slash (M10) on Vseslav, then Boris, who answers with a sudden attack (M33); the slash cuts
    Vseslav and goes on to Boris at full dice (L291, L304)."""
    return (Inputs().add("order", "RAT", SWEEP_VSE_BOR).add("order", "BOR", {"exchange": 1, **PASS})
            .add("order", "BOR", SUDDEN)
            .roll("RAT", "attack", [9, 8, 7, 6, 2, 2], target="VSE").roll("RAT", "zone", [3, 4], dice="2d6-2",
                                                                           target="VSE")
            .roll("RAT", "penetration", [6], dice="1d6", target="VSE")
            .roll("RAT", "attack", [9, 8, 7, 2, 2, 2], target="BOR").roll("BOR", "defence", [9, 7, 6, 2],
                                                                           answers="RAT"))


def test_m33_a_sweeps_further_target_intercepts_where_the_sweep_reaches_him() -> None:
    """The interception (1 die at %5: Ratibor's Reflex equals Boris's) is asked where the sweep reaches Boris, keyed
    by the attack it answers, as the first target's is."""
    stop = swept().resolve(two_against_rat())
    assert stop.error is None
    [sudden] = [d for d in of(stop, "declared") if d["actor"] == "BOR" and d["step"] == "defence"]
    assert (sudden["maneuver"], sudden["order"]["answers"]) == ("sudden_attack", "RAT")
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [
        ("BOR", "interception", {"exchange": 1, "answers": "RAT"}),
        ("RAT", "body_language", {"exchange": 1, "answers": "RAT"})]
    assert [c["target"] for c in of(stop, "clash")] == ["VSE"]


def test_m33_a_sweeps_further_target_who_intercepts_strikes_first_then_the_sweep_lands_on_him_undefended() -> None:
    stop = (swept().roll("BOR", "interception", [9], answers="RAT")
            .roll("RAT", "body_language", [3, 2, 2, 2, 4], answers="RAT").roll("BOR", "zone", [6, 6], dice="2d6-2")
            .resolve(two_against_rat()))
    interception = of(stop, "effect")[-1]
    assert interception["maneuver"] == "sudden_attack" and interception["why"][0].endswith(
        "[9] → 1 − 0 = 1 vs RAT Body Language 5d %5 [3, 2, 2, 2, 4] → 0 − 0 = 0 → BOR strikes first, undefended "
        "(M33, L505-507)")
    clashes = of(stop, "clash")
    assert [(c["attacker"], c["target"], c["defence"], c["opposed"]["final"]) for c in clashes] == [
        ("RAT", "VSE", None, 4), ("BOR", "RAT", None, 3 - 1), ("RAT", "BOR", None, 3)]  # the head costs 1 (A-23b)
    assert clashes[2]["attack_roll"]["faces"] == [9, 8, 7, 2, 2, 2]  # the sweep's 6 dice, none lost to Vseslav
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [("RAT", "zone", {"exchange": 1,
                                                                                       "target": "BOR"})]


def test_m33_a_synchronous_attacks_second_target_intercepts_and_the_one_roll_lands_on_him_undefended() -> None:
    """M24 (L441): Ratibor's one roll on Vseslav and Boris; Boris answers with a sudden attack, loses the interception
    (0 against Ratibor's 1), so Ratibor's blow lands first and his own after, both undefended (L507)."""
    from tests.skirmish.test_melee_sweep import dual_wielding_rat

    sync = {"exchange": 1, "step": "attack", "maneuver": "synchronous_attack", "attack_type": "slash",
            "target": "VSE", "also": "BOR", "zone": "upper_torso", "dice": {"reflex": 2, "skill": 3}}
    stop = (Inputs().add("order", "RAT", sync).add("order", "BOR", {"exchange": 1, **PASS}).add("order", "BOR", SUDDEN)
            .roll("RAT", "attack", [9, 8, 7, 6, 5]).roll("BOR", "defence", [9, 7, 6, 2], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2", target="VSE")
            .roll("RAT", "penetration", [6], dice="1d6", target="VSE")
            .roll("BOR", "interception", [3], answers="RAT")
            .roll("RAT", "body_language", [7, 2, 2, 2, 2], answers="RAT")
            .resolve(dual_wielding_rat(two_against_rat())))
    assert stop.error is None
    assert of(stop, "effect")[-1]["why"][0].endswith("→ BOR's blow lands after RAT's (M33, L505-507)")
    assert [(c["attacker"], c["target"], c["defence"], c["attack_roll"]["faces"]) for c in of(stop, "clash")] == [
        ("RAT", "VSE", None, [9, 8, 7, 6, 5]), ("RAT", "BOR", None, [9, 8, 7, 6, 5])]
    assert [(r.actor, r.name, r.key_dict) for r in stop.requests] == [("RAT", "zone", {"exchange": 1,
                                                                                       "target": "BOR"})]


# --- Retreat (M45) against several attacks, one of them on several targets or double (L616) ----------------------

FRAY = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish" / "hand" / "fray.jsonl"


def fray_log() -> list[dict[str, Any]]:
    return [json.loads(x) for x in FRAY.read_text(encoding="utf-8").splitlines()]


def fray_round2() -> Battle:
    """The recorded fight `fray` at the start of round 2: Ratibor, Gorazd and Boris against Vseslav, Ladimir and
    Miroslav; Ratibor and Gorazd in one melee with Vseslav and Ladimir."""
    _, state = played([e for e in fray_log() if e.get("turn") in (None, 1)])
    return state


def o(actor: str, **p: Any) -> dict[str, Any]:
    return {"type": "order", "actor": actor, "payload": p}


def r(actor: str, dice: str, purpose: str, result: list[int], **k: Any) -> dict[str, Any]:
    return {"type": "roll", "actor": actor, "payload": {"dice": dice, "purpose": purpose, "result": result,
                                                        "total": sum(result), "source": "forum", "exchange": 1, **k}}


def round2(state: Battle, inputs: list[dict[str, Any]]) -> Any:
    """Round 2 of `fray` resolved from its recorded combat initiative rolls and these inputs."""
    game = fray_log()[0]["game"]
    init = [e for e in fray_log() if e.get("turn") == 2 and e["payload"].get("purpose") == "initiative"]
    events = [Event(game, 100 + i, e["type"], 2, e["actor"], e["payload"], None, "", "", "")
              for i, e in enumerate([*init, *inputs])]
    return run(RULESET.resolve, RULESET.evolve, state, 2, TurnInputs.of(2, events), RULESET.options(), game)


QUIET = [o("LAD", exchange=1, step="attack", maneuver="pass"), o("MIR", exchange=1, step="attack", maneuver="pass"),
         o("BOR", exchange=1, step="attack", maneuver="pass"), o("VSE", exchange=1, step="attack", maneuver="pass")]
GOR_CHOPS = o("GOR", exchange=1, step="attack", maneuver="chop", target="VSE", zone="upper_torso",
              dice={"reflex": 1, "skill": 3})
RAT_SWEEPS = o("RAT", exchange=1, step="attack", maneuver="circular_slash", attack_type="slash", target="VSE",
               then=["LAD"], zone="upper_torso", dice={"reflex": 2, "skill": 4})
LAD_SIDESTEPS = o("LAD", exchange=1, step="defence", maneuver="sidestep", answers="RAT", dice={"reflex": 2, "skill": 0})


def retreat(**kw: Any) -> dict[str, Any]:
    return o("VSE", exchange=1, step="defence", maneuver="retreat", answers="GOR", dice={"reflex": 4, "skill": 0}, **kw)


def sweep_and_chop(faces: list[int], **kw: Any) -> list[dict[str, Any]]:
    """Ratibor's circular slash on Vseslav, then Ladimir, and Gorazd's chop on Vseslav, who retreats answering the
    chop; Ladimir sidesteps the slash."""
    return [*QUIET, GOR_CHOPS, RAT_SWEEPS, retreat(**kw), LAD_SIDESTEPS,
            r("GOR", "4d10", "attack", [7, 3, 2, 2]), r("RAT", "6d10", "attack", [8, 6, 4, 3, 2, 2], target="VSE"),
            r("VSE", "4d10", "defence", faces, answers="GOR"),
            r("RAT", "6d10", "attack", [10, 9, 9, 8, 7, 6], target="LAD"),
            r("LAD", "2d10", "defence", [9, 9], answers="RAT"),
            r("RAT", "2d6-2", "zone", [5, 5], target="LAD"), r("LAD", "4d10", "knockout", [4, 3, 2, 1])]


def test_m45_one_retreat_roll_answers_a_sweep_and_another_attack_and_the_sweep_goes_on() -> None:
    """L616: Vseslav's one roll, 4 at %4, beats the slash (2) and the chop (1); a retreat is a dodge, so the slash
    goes on to Ladimir (L291); Vseslav leaves the group's round (L620)."""
    stop = round2(fray_round2(), sweep_and_chop([9, 8, 7, 6]))
    assert stop.error is None
    assert len([e for e in sweep_and_chop([9, 8, 7, 6]) if e["actor"] == "VSE" and e["type"] == "roll"]) == 1
    clashes = [(c["attacker"], c["target"], c["defence"]["maneuver"], c["why"][-1]) for c in of(stop, "clash")]
    assert clashes == [("RAT", "VSE", "retreat", "2 vs 4 → the defence wins, final 2"),
                       ("RAT", "LAD", "sidestep", "6 vs 2 → hit, final 4"),
                       ("GOR", "VSE", "retreat", "1 vs 4 → the defence wins, final 3")]
    assert of(stop, "exchange_ended")[0]["retreated"] == ["VSE"]


def test_m45_a_surrounded_retreater_recounts_his_roll_at_5_against_the_enemy_he_moves_towards() -> None:
    """L616: «уклонение от противника, с которым он сближается, проводится по %5 сложности (можно просто пересчитать
    общий бросок отступления)»: the same faces [9, 4, 4, 4], 4 successes at %4 against Gorazd's chop, 1 at %5
    against Ratibor's slash, which hits (2 vs 1); he stays in the group."""
    faces = [9, 4, 4, 4]
    stop = round2(fray_round2(), [*sweep_and_chop(faces, towards="RAT"), r("RAT", "2d6-2", "zone", [3, 4],
                                                                          target="VSE"),
                                  r("RAT", "1d6", "penetration", [4], target="VSE")])
    assert stop.error is None, stop.error
    by = {(c["attacker"], c["target"]): c for c in of(stop, "clash")}
    assert by[("RAT", "VSE")]["why"][1:] == ["VSE retreat: 4d %5 [9, 4, 4, 4] → 1 − 0 = 1",
                                             "2 vs 1 → hit, final 1"]
    assert by[("GOR", "VSE")]["why"][1:] == [  # the slash's wound shrinks his pending roll (5.1.6)
        "VSE retreat: 2d %4 (4 declared − 2 pending reduction, 5.1.6) [9, 4] → 2 − 0 = 2",
        "1 vs 2 → the defence wins, final 1"]
    assert not of(stop, "exchange_ended")[0].get("retreated")
    without = round2(fray_round2(), sweep_and_chop(faces))  # not moving towards anyone: %4 against both
    assert of(without, "exchange_ended")[0]["retreated"] == ["VSE"]


def test_m45_towards_names_one_of_at_least_two_attackers() -> None:
    stop = round2(fray_round2(), [*QUIET, GOR_CHOPS, o("RAT", exchange=1, step="attack", maneuver="pass")])
    fight = stop.state.pairs[0].fight if len(stop.state.pairs[0].fight.fighters) > 2 else stop.state.pairs[1].fight
    alone = group.retreat_problems(fight, "VSE", {"towards": "GOR"})
    assert alone == ["condition_failed (4.4, M45, L616): towards: VSE is attacked by GOR alone: he retreats away from "
                     "him, not surrounded (the %5 is against the enemy a surrounded fighter moves towards)"]
    assert group.retreat_problems(fight, "VSE", {"towards": "LAD"}) == [
        "condition_failed (4.4, M45, L616): towards: 'LAD' is not an enemy attacking VSE this exchange (GOR)"]
    for problem in [*alone, *group.retreat_problems(fight, "VSE", {"towards": "LAD"})]:
        ru = msg._problem(problem.split("): ", 1)[1])
        assert ru is not None and not msg.english_left(ru, {"VSE", "GOR", "LAD", "towards"}), problem


def test_m45_one_retreat_roll_answers_both_parts_of_a_double_attack_and_another_attack() -> None:
    """L265, L616: Gorazd's double attack (short sword and dagger) and Ratibor's chop on Vseslav; his one Retreat
    roll (named against Ratibor) is compared with each part and with the chop."""
    state = fray_round2()
    gor = state.fighter("GOR")
    state = state.with_fighter(replace(gor, weapons=tuple(
        replace(w, id="short_sword", type="short_sword", hands=("right",)) if w.id == "longsword"
        else replace(w, state="ready", hands=("left",)) for w in gor.weapons)))
    second = {"attack_type": "thrust", "zone": "lower_torso", "dice": {"reflex": 1, "skill": 1}}
    inputs = [*QUIET, o("GOR", exchange=1, step="attack", maneuver="double_attack", attack_type="slash", target="VSE",
                        zone="upper_torso", dice={"reflex": 1, "skill": 2}, second=second),
              o("RAT", exchange=1, step="attack", maneuver="chop", target="VSE", zone="upper_torso",
                dice={"reflex": 2, "skill": 3}),
              o("VSE", exchange=1, step="defence", maneuver="retreat", answers="RAT", dice={"reflex": 4, "skill": 0}),
              r("GOR", "3d10", "attack", [7, 2, 2]), r("GOR", "2d10", "attack2", [6, 2]),
              r("RAT", "5d10", "attack", [8, 6, 2, 2, 1]), r("VSE", "4d10", "defence", [9, 8, 7, 2], answers="RAT")]
    stop = round2(state, inputs)
    assert stop.error is None and [r.name for r in stop.requests] == ["order", "order"]  # exchange 2's attacks
    clashes = [(c["attacker"], c["maneuver"], c["why"]) for c in of(stop, "clash")]
    said = "VSE retreat: 4d %4 [9, 8, 7, 2] → 3 − 0 = 3"
    assert clashes == [
        ("RAT", "chop", ["RAT chop: 5d %5 [8, 6, 2, 2, 1] → 2 − 1 = 1", said, "1 vs 3 → the defence wins, final 2"]),
        ("GOR", "slash", ["GOR slash: 3d %5 [7, 2, 2] → 1 − 0 = 1", said, "1 vs 3 → the defence wins, final 2"]),
        ("GOR", "thrust", ["GOR thrust: 2d %6 [6, 2] → 1 − 0 = 1", said, "1 vs 3 → the defence wins, final 2"])]
    assert of(stop, "exchange_ended")[0]["retreated"] == ["VSE"]


# --- A-09 in a group: a forced pass recorded as part 1 records it ------------------------------------------------

def test_a09_a_defender_who_attacked_is_recorded_passing_the_defence_step_as_in_a_pair() -> None:
    """`fray` round 2, exchange 1: Vseslav chops at Gorazd and Gorazd at Vseslav; neither may defend (A-09), and each
    is recorded passing his defence step for that reason, in his own step, as part 1 records it (resolve.declare_all);
    Ladimir, who did not attack, answers Ratibor's sweep."""
    recorded = [e for e in fray_log() if e.get("turn") == 2 and e["payload"].get("purpose") != "initiative"]
    stop = round2(fray_round2(), [{"type": e["type"], "actor": e["actor"], "payload": e["payload"]}
                                  for e in recorded])
    assert stop.error is None
    passes = [(d.phase, d.payload["actor"], d.payload["why"]) for d in stop.drafts if d.type == "skirmish.declared"
              and d.payload["step"] == "defence" and d.payload["exchange"] == 1 and d.payload["forced"]
              and d.phase.startswith("RAT-VSE-GOR")]
    assert [(a, w) for _, a, w in passes] == [
        ("VSE", ["VSE passes the defence step (attacked this exchange (A-09))"]),
        ("GOR", ["GOR passes the defence step (attacked this exchange (A-09))"])]
    steps = [p.rsplit(".", 1)[1] for p, _, _ in passes]
    assert steps[0] < steps[1]  # each in his own defence step, lowest initiative first (4.4)
    clash = next(c for c in of(stop, "clash") if c["attacker"] == "GOR" and c["exchange"] == 1)
    assert clash["defence"] is None and "A-09" not in clash["defaults"]  # the event says it, not the clash
    said = msg.why({"why": passes[0][2]}, "ru")
    assert not msg.english_left(said[0], {"VSE"}), said


# --- 4.4 (L102): a move into reach of fighters already in melee joins it, however many it holds -----------------

def test_a_move_into_reach_of_a_melee_of_three_joins_it_as_a_fourth() -> None:
    """`fray` round 1: Gorazd joins Ratibor and Vseslav (a group of three), then Ladimir walks within reach of that
    group and joins it as its fourth (L102: melee begins when an opponent comes within a melee weapon's reach); the
    old refusal («a melee of three or more is NOT YET») is said nowhere."""
    recorded = [json.loads(x) for x in (FRAY.parents[1] / "fray.jsonl").read_text(encoding="utf-8").splitlines()]
    joined = [(e["payload"]["fighter"], e["payload"]["melee"], e["payload"]["group"]) for e in recorded
              if e["type"] == "skirmish.joined"]
    assert joined == [("GOR", "RAT-VSE", "RAT-VSE-GOR"), ("LAD", "RAT-VSE-GOR", "RAT-VSE-GOR-LAD")]
    state = fray_round2()
    assert [p.fight.ids for p in state.pairs if len(p.fight.ids) > 2] == [("RAT", "VSE", "GOR", "LAD")]
    assert not [t for t in msg.PROBLEMS if "melee of three or more" in t[0]]


# --- M50 Quick draw and M56 Grip change in a group --------------------------------------------------------------

def sheathed_rat() -> Battle:
    """Ratibor with his longsword in its scabbard, both hands free."""
    state = two_against_rat()
    rat = state.fighter("RAT")
    return state.with_fighter(replace(rat, weapons=tuple(
        replace(w, state="sheathed", location="scabbard", hands=()) if w.id == "longsword" else w
        for w in rat.weapons)))


def test_m50_a_quick_draw_alone_is_refused_saying_what_to_write_and_what_it_says_works() -> None:
    fight = sheathed_rat().pairs[0].fight
    order = {"exchange": 1, "step": "attack", "maneuver": "quick_draw", "draw": "longsword",
             "dice": {"reflex": 0, "skill": 0}}
    [problem] = group.declaration_problems(fight, "RAT", order, RULESET.options())
    assert problem == ("condition_failed (4.4, M50): quick_draw: declare the draw with the maneuver it arms: draw: "
                       "WEAPON on your attack or defence (M50, L646; a weapon longer than short drawn from its "
                       "scabbard strikes only with its hilt that exchange, hilt: true, L648), or a pass with draw when "
                       "no reflex points are left (L650)")
    ru = msg._problem(problem.split("): ", 1)[1])
    assert ru is not None and not msg.english_left(ru, {"draw", "hilt", "true"})
    stop = (Inputs().add("order", "RAT", attack("chop", draw="longsword", hilt=True, zone="upper_torso",
                                                dice={"reflex": 1, "skill": 2}))
            .add("order", "BOR", {"exchange": 1, **PASS}).add("order", "BOR", defence("weapon_block"))
            .roll("RAT", "attack", [9, 8, 7]).roll("BOR", "defence", [3, 2, 1], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2").roll("RAT", "penetration", [6], dice="1d6")
            .resolve(sheathed_rat()))
    assert stop.error is None, stop.error
    [drew] = [d for d in of(stop, "declared") if d["actor"] == "RAT"]
    assert drew["why"][0] == "RAT draws longsword (M50, 1 R) (only a hilt strike this exchange, L648)"
    assert drew["priced"]["paid_R"] == 1 + 1  # a die of reflex and the draw's activation from the scabbard (L646)
    [hit] = of(stop, "hit")
    assert hit["why"][1].startswith("D = Strength 5 = 5")  # L648: the hilt strike, damage = Strength


def test_m56_a_grip_change_alone_in_a_group_changes_the_grip_at_no_one() -> None:
    """L701: one hand ↔ two hands for 1 reflex; declared alone in the attack step it names no target and is settled
    by itself, as in a pair."""
    stop = (Inputs().add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "grip_change",
                                          "grip": "one_hand", "dice": {"reflex": 0, "skill": 0}})
            .add("order", "BOR", attack("chop", target="RAT", zone="upper_torso", dice={"reflex": 1, "skill": 2}))
            .roll("BOR", "attack", [3, 2, 1]).resolve(two_against_rat()))
    assert stop.error is None
    [changed] = [e for e in of(stop, "effect") if e["maneuver"] == "grip_change"]
    assert changed["why"] == ["grip change: longsword → one_hand (1 R, M56)"]
    assert stop.state.pairs[0].fight.fighter("RAT").weapon_by_id("longsword").grip == "one_hand"


# --- M22 Pass inside a group ---------------------------------------------------------------------------------------

def passing_rat() -> Inputs:
    """Round 3 of `ally`, Ratibor at (4, 2) against Vseslav at (5, 2) and Boris at (4, 3): Ratibor passes Boris, who
    blocks; 4 successes against −1 (a one cancels, A-02): a hit, final 4."""
    return (Inputs().add("order", "RAT", attack("pass_through", zone="upper_torso", dice={"reflex": 2, "skill": 3}))
            .add("order", "BOR", {"exchange": 1, **PASS}).add("order", "BOR", defence("weapon_block"))
            .roll("RAT", "attack", [9, 8, 7, 6, 2]).roll("BOR", "defence", [3, 2, 1], answers="RAT")
            .roll("RAT", "zone", [4, 3], dice="2d6-2").roll("RAT", "penetration", [6], dice="1d6"))


def test_m22_a_pass_in_a_group_offers_only_cells_no_fighter_of_the_group_holds() -> None:
    """L418: the cells beside both Ratibor (4, 2) and Boris (4, 3) are (3, 2), (3, 3), (5, 2) and (5, 3); Vseslav
    stands in (5, 2), so it is not offered, and a choice naming it is refused."""
    stop = passing_rat().resolve(two_against_rat())
    [ask] = stop.requests
    assert (ask.actor, ask.name, ask.options) == ("RAT", "pass_through", ("(3, 2)", "(3, 3)", "(5, 3)"))
    stop = (passing_rat().add("choice", "RAT", {"name": "pass_through", "value": {"cell": [5, 2], "distance": "end"},
                                                "exchange": 1}).resolve(two_against_rat()))
    assert stop.error is not None and "choice pass_through of RAT" in stop.error


def test_m22_a_pass_in_a_group_that_ends_the_melee_takes_the_passer_out_as_a_retreat_would() -> None:
    """L421-423: through (5, 3) on to (7, 3), 3 m of Speed 7, then «прерывает схватку» as a successful Retreat: he
    leaves the group's round, and, the last of his side, the melee is over."""
    stop = (passing_rat().add("choice", "RAT", {"name": "pass_through", "value": {
        "cell": [5, 3], "path": [[6, 3], [7, 3]], "distance": "end"}, "exchange": 1}).resolve(two_against_rat()))
    assert stop.error is None
    [moved] = [e for e in of(stop, "effect") if e["maneuver"] == "pass_through"]
    assert moved["changes"][0] == {"op": "move", "fighter": "RAT", "cell": [7, 3], "path": [[5, 3], [6, 3], [7, 3]]}
    ended = of(stop, "exchange_ended")[0]
    assert ended["retreated"] == ["RAT"] and "L423" in ended["rule"]
    assert ended["why"][-1] == ("RAT passes out of the melee as a successful retreat would: he takes no further part "
                                "in it and leaves it at the round's end (M22, L423, L620)")
    [ru] = msg.why({"why": ended["why"][-1:]}, "ru")
    assert not msg.english_left(ru, {"RAT"}), ru
    assert of(stop, "fight_ended")  # the last of his side (4.4)


def test_m22_a_pass_in_a_group_that_keeps_the_melee_moves_him_and_he_fights_on() -> None:
    stop = (passing_rat().add("choice", "RAT", {"name": "pass_through", "value": {"cell": [5, 3], "distance": "long"},
                                                "exchange": 1})
            .add("order", "VSE", {"exchange": 2, **PASS}).resolve(two_against_rat()))
    assert stop.error is None
    assert not of(stop, "exchange_ended")[0].get("retreated")
    fight = stop.state.pairs[0].fight
    assert fight.fighter("RAT").cell == (5, 3) and fight.ids == ("RAT", "VSE", "BOR")


def test_m50_a_pass_with_draw_in_a_group_is_checked_as_in_a_pair_and_draws_over_the_round() -> None:
    """L650: «В случае отсутствия очков Рефлекса, персонаж извлекает оружие за один раунд»: with reflex points left
    the pass with draw is refused (the draw goes with a maneuver, L646); with none it draws over the whole round."""
    order = {"exchange": 1, "step": "attack", "maneuver": "pass", "draw": "longsword"}
    assert group.declaration_problems(sheathed_rat().pairs[0].fight, "RAT", order, RULESET.options()) == [
        "condition_failed (5.4.3 M50, L650): a pass draws over the whole round only with no reflex points left; with "
        "reflex points the draw goes with a maneuver (L646)"]
    state = sheathed_rat()
    rat = state.fighter("RAT")
    spent = state.with_fighter(replace(rat, characteristics={**rat.characteristics, "reflex": 0}))
    stop = Inputs().add("order", "RAT", order).add("order", "BOR", {"exchange": 1, **PASS}).resolve(spent)
    assert stop.error is None
    [drew] = [d for d in of(stop, "declared") if d["actor"] == "RAT"]
    assert drew["why"] == ["RAT draws longsword over the whole round: no reflex points (M50, L650); in hand from "
                           "round 4", "RAT passes the attack step"]


# --- M53 Maneuvering between the two fighters of a pair (L677-681) -----------------------------------------------

def test_m53_in_a_pair_the_maneuverer_outmaneuvers_the_opponent_who_did_not_and_moves_one_cell() -> None:
    """A duel, RAT at (0, 0) with initiative, VSE at (1, 0): Vseslav maneuvers with 2 reflex dice at %4 (L681: one
    opponent) to (1, 1); 2 successes against Ratibor's 0 (he did not maneuver): Ratibor may not attack him in
    exchange 2, and Vseslav stands in (1, 1), still within reach."""
    from tests.skirmish.kit import RULESET as DUEL
    from tests.skirmish.kit import Round, fight, payloads

    state = fight(holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack", "maneuvering", dice={"reflex": 2, "skill": 0}, to=[1, 1])
           .attack("RAT", "chop", "upper_torso", skill=3).declare("VSE", "defence")
           .roll("VSE", "attack", [8, 6]).roll("RAT", "attack", [3, 2, 2]).declare("VSE", "attack", exchange=2))
    stop = rnd.resolve(state)
    assert stop.error is None
    [declared] = [d for d in payloads(stop, "declared") if d["maneuver"] == "maneuvering"]
    assert (declared["priced"]["difficulty"], declared["priced"]["paid_R"]) == (4, 2)
    [settled] = [e for e in payloads(stop, "effect") if e["maneuver"] == "maneuvering"]
    assert settled["why"] == ["VSE maneuvers: 2d %4 [8, 6] → 2 (M53, L681)",
                              "RAT 0 (no maneuvering) < 2: RAT cannot attack VSE in the next exchange (M53, L681)",
                              "VSE moves to (1, 1) (M53, L679)"]
    assert stop.state.fighter("VSE").cell == (1, 1)
    chop = {"exchange": 2, "step": "attack", "maneuver": "chop", "target": "VSE", "zone": "upper_torso",
            "dice": {"reflex": 0, "skill": 3}}
    assert check.declaration(stop.state, "RAT", chop, DUEL.options()) == [
        "condition_failed (5.4.3 M53, L681): VSE out-maneuvered RAT in the exchange before: RAT cannot attack VSE in "
        "this exchange"]


def test_m53_in_a_pair_a_move_is_one_reflex_only_cell_within_reach() -> None:
    from tests.skirmish.kit import RULESET as DUEL
    from tests.skirmish.kit import fight

    state = fight(holder="RAT", distance="long")
    far = {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "dice": {"reflex": 1, "skill": 1},
           "to": [3, 0]}
    assert check.declaration(state, "VSE", far, DUEL.options()) == [
        "condition_failed (5.4.3 M53, L679): VSE moves one cell while maneuvering: (3, 0) does not touch his cell "
        "(1, 0)", "condition_failed (5.4.3 M53): maneuvering (Р) is rolled with reflex points only"]
    away = {**far, "to": [2, 0], "dice": {"reflex": 1, "skill": 0}}
    assert check.declaration(state, "VSE", away, DUEL.options()) == [
        "condition_failed (5.4.3 M53, M45): from (2, 0) VSE reaches no enemy of the melee: leaving it is a Retreat "
        "(M45)"]
