"""Grapples in a melee of several fighters, polished (4.4, 5.8; docs/skirmish.md, "Grapples in a melee of several
fighters"): the short weapon's +1 in wrestling whoever the blow is aimed at (L840), the Envelop table's held arm
against a third fighter (5.8.4), no standing up out of a hold on the ground (L888), the break free without combat
initiative in a group (L888, 4.4), the pounce's further targets only in a group (L826), the group's refusals said in
Russian, the attacks a group's exchange counts, the off-hand blade catch (M44) and the Retreat's `towards` read from
the players' words (M45, L616)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from eventlog.envelope import Draft
from replay.rulesets.skirmish import check, costs, group, group_grapple
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.evolve import grappled
from replay.rulesets.skirmish.field_parse import melee_group_order
from replay.rulesets.skirmish.model import Declared, SkirmishOptions
from replay.rulesets.skirmish.parse import parse_order
from tests.skirmish.kit import fight
from tests.skirmish.test_group_grapple import group_of, of, played, upto
from tests.skirmish.test_group_more import Inputs, attack, two_against_rat
from tests.skirmish.test_melee_sweep import of as of_stop

OPTIONS = SkirmishOptions()


def thrust(target: str, weapon: str = "dagger", **more: Any) -> dict[str, Any]:
    return {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": target, "zone": "upper_torso",
            "weapon": weapon, "dice": {"reflex": 2, "skill": 0}, **more}


def holding_group(short: bool = False) -> Any:
    """The `clinch` melee after round 2: Ratibor holds Vseslav's main arm (wrestling from exchange 2 of round 2);
    with `short`, Ratibor's dagger is a short sword."""
    _, after = played(upto(2))
    fight_ = group_of(after)
    if short:
        rat = fight_.fighter("RAT")
        fight_ = fight_.with_fighter(replace(rat, weapons=tuple(replace(w, type="short_sword") for w in rat.weapons)))
    return fight_


# --- 1. L840: a short weapon is one harder in wrestling, whoever the blow is aimed at ------------------------------

def test_l840_a_grapplers_short_weapon_blow_at_a_third_fighter_is_one_harder() -> None:
    """L840-842: «Во время борьбы … сложность атаки коротким оружием вырастает на 1»: Ratibor wrestles with
    Vseslav, so his short sword's thrust at Miron is %5 + 1; Boris, who wrestles with no one, thrusts at %5."""
    fight_ = holding_group(short=True)
    seen = group.view(fight_, "RAT", "MIR")
    rat = seen.fighter("RAT")
    base, mods = costs.difficulty(seen, rat, thrust("MIR"), rat.weapon, OPTIONS)
    assert (base, mods[-1]) == (6, "+1 short weapon in wrestling (L840)")
    bor = fight_.fighter("BOR")
    sword = replace(bor.weapon, type="short_sword")
    other = group.view(fight_.with_fighter(replace(bor, weapons=(sword,))), "BOR", "MIR")
    assert costs.difficulty(other, other.fighter("BOR"), thrust("MIR", "longsword"), sword, OPTIONS)[0] == 5


def test_l840_a_hand_weapon_takes_no_plus_one_and_a_pair_in_a_grapple_takes_it_too() -> None:
    """The dagger is a hand weapon (L723: «ручное оружие (короткие кинжалы, кастеты)»): no +1; between the two of a
    pair the short sword's basic thrust is one harder as in a group (part 1's M68 already adds it)."""
    seen = group.view(holding_group(), "RAT", "MIR")
    assert costs.difficulty(seen, seen.fighter("RAT"), thrust("MIR"), seen.fighter("RAT").weapon, OPTIONS)[0] == 5
    pair = fight({"fighters": [{"sample": "RAT", "weapons": [{"id": "ss", "type": "short_sword", "hands": ["right"]}]},
                               {"sample": "VSE", "cell": [1, 0], "facing": "W", "weapons": [], "shield": None}]})
    pair = replace(grappled(pair, {"holder": "RAT", "held": "VSE", "grabbed": "main_arm", "zones": [],
                                   "ground": False, "start": [1, 1], "bonus": {}}),
                   round=1, exchange=1, holder="RAT", distance="hand")
    rat = pair.fighter("RAT")
    assert costs.difficulty(pair, rat, thrust("VSE", "ss"), rat.weapon, OPTIONS)[0] == 6


# --- 2. 5.8.4: the held arm cannot be used -----------------------------------------------------------------------

def enveloped(zones: tuple[str, ...]) -> Any:
    fight_ = holding_group()
    return fight_.with_fighter(replace(fight_.fighter("VSE"), held=zones))


def test_5_8_4_a_held_main_arm_neither_defends_against_a_third_nor_attacks_him() -> None:
    fight_ = enveloped(("main_arm",))
    block = {"exchange": 1, "step": "defence", "maneuver": "weapon_block", "answers": "BOR", "weapon": "dagger",
             "dice": {"reflex": 1, "skill": 0}}
    [refused] = group.declaration_problems(fight_, "VSE", block, OPTIONS)
    assert refused == ("condition_failed (4.4, 5.8.4, M34): weapon_block: his main arm is held (Envelop): the arm "
                       "cannot be used, so VSE neither attacks nor defends with his dagger (5.8.4, L803-810)")
    [struck] = group.declaration_problems(fight_, "VSE", thrust("BOR"), OPTIONS)
    assert "5.8.4" in struck and "dagger" in struck
    ru = msg._problem(refused.split(": ", 1)[1])
    assert ru and "рука" in ru and not msg.english_left(ru, {"VSE"}), ru


def test_5_8_4_the_off_arm_alone_only_halves_reflex_and_a_slip_needs_no_arm() -> None:
    """The table: «secondary arm: reflex points halved» (no «cannot be used»); a slip uses no weapon."""
    block = {"exchange": 1, "step": "defence", "maneuver": "weapon_block", "answers": "BOR", "weapon": "dagger",
             "dice": {"reflex": 1, "skill": 0}}
    assert group_grapple.problems(enveloped(("off_arm",)), "VSE", block, "square") == []
    slip = {"exchange": 1, "step": "defence", "maneuver": "slip", "answers": "BOR", "dice": {"reflex": 1, "skill": 0}}
    assert group_grapple.problems(enveloped(("main_arm", "off_arm")), "VSE", slip, "square") == []
    assert group_grapple.problems(enveloped(("main_arm", "off_arm")), "VSE", block, "square")


# --- 3. L888: no standing up out of a hold on the ground ---------------------------------------------------------

STAND = {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "stand_up": True, "dice": {"reflex": 2,
                                                                                                  "skill": 0}}


def test_l888_a_grappler_lying_in_a_pair_stands_up_only_out_of_the_hold() -> None:
    pair = fight({"fighters": [{"sample": "RAT", "weapons": []},
                               {"sample": "VSE", "cell": [1, 0], "facing": "W", "weapons": [], "shield": None}]})
    pair = replace(grappled(pair, {"holder": "RAT", "held": "VSE", "grabbed": "torso", "zones": [], "ground": True,
                                   "start": [1, 1], "bonus": {}}), round=1, exchange=1, holder="RAT", distance="hand")
    pair = pair.with_fighter(replace(pair.fighter("VSE"), stance="lying"))
    assert check.declaration(pair, "VSE", STAND, OPTIONS) == [
        "condition_failed (5.4.3 M53, L888): maneuvering: VSE lies wrestling with RAT: he stands up only once out of "
        "the hold (break free first, M73; PROPOSED)"]
    free = replace(pair, grapple=None)
    assert check.declaration(free.with_fighter(replace(free.fighter("VSE"), grapple_from=None)), "VSE", STAND,
                             OPTIONS) == []


def test_l888_a_grappler_lying_in_a_group_stands_up_only_out_of_the_hold() -> None:
    """Round 3 of `clinch`: Miron's pounce knocks Boris down into a grapple on the ground."""
    _, after = played(upto(3))
    fight_ = group_of(after)
    assert fight_.fighter("BOR").stance == "lying" and group_grapple.partner(fight_, "BOR") == "MIR"
    [refused] = group.declaration_problems(fight_, "BOR", STAND, OPTIONS)
    assert "L888" in refused and "BOR lies wrestling with MIR" in refused
    ru = msg._problem(refused.split(": ", 1)[1])
    assert ru and not msg.english_left(ru, {"BOR", "MIR"}), ru


# --- 4. L888 in a group: no combat initiative to reroll -----------------------------------------------------------

def test_m73_a_break_free_in_a_group_rerolls_no_combat_initiative() -> None:
    events, _ = played(upto(3))
    [freed] = [e for e in of(events, "effect") if e["maneuver"] == "break_free" and e["actor"] == "VSE"]
    assert freed["why"][0].endswith("the hold is broken, hand distance; the group's order stays the general "
                                    "initiative chain, no combat initiative to reroll (L888, 4.4)"), freed["why"]
    assert "4.4" in freed["rule"]
    [ru] = msg.why(freed, "ru")
    assert "перебрасывать боевую инициативу нечего" in ru and not msg.english_left(ru, {"VSE"}), ru
    ended = [e for e in of(events, "exchange_ended") if e["exchange"] == 2]
    assert ended and not ended[0]["reroll"]


# --- 5. L826: a pounce on several targets only in a melee of several fighters --------------------------------------

def test_l826_a_pounce_with_further_targets_in_a_pair_is_refused() -> None:
    state = replace(fight(), round=1, exchange=1, step=1, holder="RAT", distance="hand")
    draft = Draft("order", {"exchange": 1, "step": "attack", "maneuver": "pounce", "target": "VSE",
                                   "then": ["BOR"], "zone": "upper_torso", "dice": {"reflex": 3, "skill": 0}}, 1, "RAT")
    [refused] = check.check(state, (), draft, OPTIONS)
    assert refused.startswith("condition_failed (5.4.4 M65, L826, 4.4): then:")
    ru = msg._problem(refused.split(": ", 1)[1])
    assert ru and ru.startswith("\"then\": ") and not msg.english_left(ru, {"then"}), ru  # the field as typed


# --- 6. the group's refusals in Russian: no dead entries --------------------------------------------------------

def test_every_russian_group_refusal_is_one_the_group_still_produces_and_each_has_one() -> None:
    produced = {why for _, why in group.REFUSED.values()}
    assert set(msg._GROUP_REFUSED_RU) == produced
    for m in group.REFUSED:
        [problem] = group.refused(m)
        ru = msg._problem(problem.split(": ", 1)[1])
        assert ru and "не играется в схватке нескольких бойцов" in ru, problem


def test_standing_up_in_the_defence_step_says_where_maneuvering_is_declared() -> None:
    """Part 1's old «only standing up is implemented» no longer holds (M53 moves in a pair and a group)."""
    lying = fight()
    lying = replace(lying, round=1, exchange=1, step=3, holder="RAT", distance="short")
    lying = lying.with_fighter(replace(lying.fighter("VSE"), stance="lying"))
    problems = check.declaration(lying, "VSE", {**STAND, "step": "defence"}, OPTIONS)
    assert "condition_failed (5.4.3 M53): maneuvering is declared in the attack step" in problems
    assert not any("only standing up" in p for p in problems)


# --- 7. a group's exchange counts its attacks ------------------------------------------------------------------

def test_a_grip_change_alone_is_no_attack_in_the_exchanges_count() -> None:
    stop = (Inputs().add("order", "RAT", {"exchange": 1, "step": "attack", "maneuver": "grip_change",
                                          "grip": "one_hand", "dice": {"reflex": 0, "skill": 0}})
            .add("order", "BOR", attack("chop", target="RAT", zone="upper_torso", dice={"reflex": 1, "skill": 2}))
            .roll("BOR", "attack", [3, 2, 1]).resolve(two_against_rat()))
    [ended] = [e for e in of_stop(stop, "exchange_ended") if e["exchange"] == 1]
    assert ended["why"][0].startswith("exchange 1 over: 0 of 1 attacks hit;"), ended["why"]


# --- 8. M44: the off-hand sword-breaker catches ---------------------------------------------------------------------

def test_m44_an_off_hand_sword_breaker_catches_at_the_off_hands_plus_one() -> None:
    """L601-605: «оружие должно иметь специальный механизм для захвата» (no hand named): Vseslav's sword-breaker in
    his left hand catches Ratibor's thrust, +1 for the off hand (L141)."""
    state = fight({"fighters": [
        {"sample": "RAT", "weapons": [{"id": "sword", "type": "longsword", "hands": ["right"]}]},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None,
         "weapons": [{"id": "sabre", "type": "longsword", "hands": ["right"]},
                     {"id": "breaker", "type": "sword_breaker", "hands": ["left"]}]}]})
    state = replace(state, round=1, exchange=1, step=3, holder="RAT", distance="long",
                    declared=(Declared("RAT", 1, "attack", "thrust", {"target": "VSE", "zone": "upper_torso"},
                                       {"attack_type": "thrust", "weapon": "sword"}),))
    catch = {"exchange": 1, "step": "defence", "maneuver": "blade_catch", "weapon": "breaker",
             "dice": {"reflex": 2, "skill": 2}}
    problems = check.declaration(state, "VSE", catch, OPTIONS)
    assert not any("blade-catching" in p for p in problems), problems
    vse = state.fighter("VSE")
    base, mods = costs.difficulty(state, vse, catch, vse.weapon_by_id("breaker"), OPTIONS)
    assert mods[-1] == "+1 off hand (L141)"
    main = {**catch, "weapon": "sabre"}
    assert any("blade-catching" in p for p in check.declaration(state, "VSE", main, OPTIONS))


# --- 9. M45 (L616): «отступаю к Ратибору» ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["Защита: отступление, 3 кубика (3Р), против Бориса, к Ратибору",
                                  "Защита: отступление к Ратибору против Бориса, 3 кубика (3Р)",
                                  "Defence: retreat, 3 dice (3R), against Boris, towards Ratibor"])
def test_m45_the_retreats_towards_is_read_from_the_players_words(text: str) -> None:
    _, after = played(upto(1))
    fid = "VSE"
    parsed = melee_group_order(text, parse_order(text, group_of(after), fid), after, fid)
    assert parsed.errors == [] and parsed.order is not None, parsed.errors
    assert (parsed.order["maneuver"], parsed.order["answers"], parsed.order["towards"]) == ("retreat", "BOR", "RAT")


def test_m45_towards_naming_no_one_of_the_melee_is_an_error() -> None:
    _, after = played(upto(1))
    text = "Защита: отступление, 3 кубика (3Р), против Бориса, к лесу"
    parsed = melee_group_order(text, parse_order(text, group_of(after), "VSE"), after, "VSE")
    assert parsed.order is None and any(re.search(r"M45 \(L616\)", e) for e in parsed.errors)


# --- 11. the recorded `clinch2`: a leg dive, a pounce on two targets, a grapple ended by a knockout ---------------

CLINCH2 = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish"


def clinch2(turn: int) -> tuple[list[Any], Any]:
    log = [json.loads(x) for x in (CLINCH2 / "hand" / "clinch2.jsonl").read_text(encoding="utf-8").splitlines()]
    return played([e for e in log if e.get("turn") is None or e["turn"] <= turn])


def test_clinch2_a_leg_dive_in_the_group_takes_its_pair_to_the_ground() -> None:
    events, after = clinch2(2)
    dive = next(e for e in of(events, "effect") if e["maneuver"] == "leg_dive")
    assert any("a ground clinch" in w for w in dive["why"]), dive["why"]
    fight_ = group_of(after)
    assert {(g["holder"], g["held"], g["grabbed"], g["ground"]) for g in fight_.grapples} == {
        ("RAT", "VSE", "legs", True), ("MIR", "BOR", "torso", True)}


def test_clinch2_a_pounce_on_two_targets_grapples_the_first_and_knocks_the_second_down() -> None:
    events, after = clinch2(2)
    pounce = next(d for d in of(events, "declared") if d["maneuver"] == "pounce")
    assert pounce["order"]["then"] == ["GOR"]
    assert [c["target"] for c in of(events, "clash") if c["attacker"] == "MIR"] == ["BOR", "GOR"]
    fight_ = group_of(after)
    assert (fight_.fighter("BOR").stance, fight_.fighter("GOR").stance) == ("lying", "lying")
    assert group_grapple.partner(fight_, "GOR") is None


def test_clinch2_the_grapple_ends_when_the_held_fighter_is_knocked_out() -> None:
    events, after = clinch2(3)
    [ko] = of(events, "knockout")
    assert (ko["fighter"], ko["unconscious"]) == ("VSE", True)
    ended = next(e for e in of(events, "effect") if e["changes"] == [{"op": "grapple", "value": None}]
                 and e["actor"] == "RAT")
    assert ended["exchange"] == 1 and ended["why"][0].startswith("VSE is out of the fight (unconscious)")
    assert group_grapple.partner(group_of(after), "RAT") is None and "VSE" not in group_of(after).ids


def test_clinch2_audits_clean(tmp_path: Path) -> None:
    db = str(tmp_path / "c.duckdb")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "import", str(CLINCH2 / "clinch2.jsonl")]).exit_code == 0
    out = runner.invoke(main, ["--db", db, "audit", "skirmish-clinch2"])
    assert out.exit_code == 0 and "clean" in out.output, out.output
    ru = runner.invoke(main, ["--db", db, "--lang", "ru", "post", "skirmish-clinch2", "--turn", "2"]).output
    assert "Наскок[/b] → Борис → Горазд" in ru or "Наскок** → Борис → Горазд" in ru, ru
