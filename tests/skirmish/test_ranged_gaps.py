"""Ranged combat on the field, the gaps closed after part 2: a fighter the round's blood loss knocks out falls (6.5
step 10), a zone bought by a shot must be a zone of the table (5.5.2), a zone's wound cap is said in the shot's
arithmetic (6.5 step 8), a shield parry against several arrows (M86, CP-29, A-87b), rapid fire (M82)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.context import Context, TurnInputs
from replay.rulesets.skirmish import battle, battle_round, messages
from replay.rulesets.skirmish import resolve as rules
from replay.rulesets.skirmish.evolve import evolve
from replay.rulesets.skirmish.model import Wound
from tests.skirmish.kit import RULESET, fight
from tests.skirmish.test_part2 import battle_state, two_by_two

OPTIONS = RULESET.options()


def bleeding(state: Any, fid: str, amount: int, loss: int) -> Any:
    wound = Wound("torso", "belly", "cutting", 2, 1, 0, amount)
    return state.with_fighter(replace(state.fighter(fid), wounds=(wound,), blood_loss=loss))


# --- 6.5 step 10: knocked out by blood loss, the fighter falls ---------------------------------------------------

def test_a_loose_fighter_knocked_out_by_blood_loss_falls() -> None:
    state = battle_state(two_by_two())
    endurance = state.fighter("MIR").char("endurance")
    state = bleeding(state, "MIR", 2, 2 * endurance - 1)  # one more round of bleeding passes 2 × Endurance
    ctx = Context(TurnInputs(1), state, battle.evolve, "g")
    battle_round.round_end(ctx, 1)
    mir = ctx.state.fighter("MIR")
    assert (mir.status, mir.stance) == ("unconscious", "lying")
    assert ctx.state.fighter("RAT").stance == "standing"  # no bleeding: nothing changes
    line = next(w for w in ctx.drafts[0].payload["why"] if w.startswith("MIR"))
    assert line.endswith("→ unconscious, falls (lying)")
    assert messages.why({"why": [line]}, "ru") == [f"MIR: кровотечение 2, потеря крови {2 * endurance - 1} + 2 = "
                                                   f"{2 * endurance + 1} → без сознания, падает (лёжа)"]


def test_a_duelist_knocked_out_by_blood_loss_falls() -> None:
    state = fight()
    endurance = state.fighter("VSE").char("endurance")
    state = bleeding(state, "VSE", 1, 2 * endurance - 1)
    ctx = Context(TurnInputs(1), state, evolve, "g")
    rules.round_end(ctx, OPTIONS)
    vse = ctx.state.fighter("VSE")
    assert (vse.status, vse.stance) == ("unconscious", "lying")
    assert any(w.endswith("→ unconscious, falls (lying)") for w in ctx.drafts[0].payload["why"])


def test_a_fighter_already_lying_or_bleeding_below_the_threshold_keeps_his_stance() -> None:
    state = bleeding(battle_state(two_by_two()), "MIR", 1, 0)
    ctx = Context(TurnInputs(1), state, battle.evolve, "g")
    battle_round.round_end(ctx, 1)
    assert (ctx.state.fighter("MIR").status, ctx.state.fighter("MIR").stance) == ("ok", "standing")


# --- 5.2.2, 5.6.6: a shot buys only zones of the tables ----------------------------------------------------------

def shot_problems(buys: list[str], **more: Any) -> list[str]:
    from tests.skirmish.test_part2 import archer, problems

    return problems(archer(30), "VSE", {"exchange": 1, "stage": "field", "act": "shoot", "target": "RAT",
                                        "dice": {"reflex": 0, "skill": 3}, "buys": buys, **more})


def test_a_shot_buying_an_unknown_general_zone_is_refused_naming_the_rule() -> None:
    assert shot_problems(["zone:tail"]) == ["zone_not_allowed (5.2.2): tail is not a general zone of the stance table "
                                            "(head, upper_torso, arm, lower_torso, leg)"]
    assert shot_problems(["zone:head", "precise:eye"]) == []  # the tables' own zones are bought


def test_a_shot_buying_an_unknown_precise_zone_or_a_bad_number_is_refused() -> None:
    assert shot_problems(["precise:wing", "danger:two", "penetration:0"]) == [
        "zone_not_allowed (5.5.1): wing is not a precise zone of the body's tables",
        "zone_not_allowed (5.6.6): danger:two: danger is bought by a whole number of 1 or more",
        "zone_not_allowed (5.6.6): penetration:0: penetration is bought by a whole number of 1 or more"]


def test_the_refused_purchases_read_in_russian() -> None:
    said = [messages._problem(p.split(": ", 1)[1]) for p in shot_problems(["zone:tail", "precise:wing", "danger:x"])]
    assert said == ['"tail" — не общая зона таблицы стоек («голова», «верхний корпус», «рука», «нижний корпус», '
                    "«нога»)", '"wing" — не точная зона таблиц тела',
                    '"danger:x": опасность покупают целым числом от 1']



# --- 6.5 step 8: the zone's wound cap is said ---------------------------------------------------------------------

def test_a_shot_capped_by_the_zones_maximum_says_so() -> None:
    from tests.skirmish.kit import payloads
    from tests.skirmish.test_part2 import archer, shot_round

    stop = shot_round(["zone:arm", "precise:fingers"], None).resolve(archer(4))
    p = payloads(stop, "shot")[0]
    assert p["wound"]["precise"] == "fingers" and p["wound"]["W"] == 4  # D 7, fingers cap 4
    assert "W = 7, zone cap 4 → level 2: pain 2, shock 2, bleeding 1" in p["why"]
    assert messages.why({"why": ["W = 7, zone cap 4 → level 2: pain 2, shock 2, bleeding 1"]}, "ru") == [
        "W = 7, предел зоны 4 → ур. 2: боль 2, шок 2, кровотечение 1"]


def test_a_melee_hit_capped_by_the_zones_maximum_says_so_after_the_armour() -> None:
    from tests.skirmish.kit import payloads, spear_vs_dagger
    from tests.skirmish.test_scenarios import s1_exchange_one

    # scenario S1's second exchange, the thrust aimed at the arm (1 required, L207): 2d6−2 = 2, the hand
    rnd = (s1_exchange_one()
           .attack("RAT", "thrust", "right_arm", reflex=3, exchange=2, buys=["ignore_armour:all"])
           .declare("VSE", "attack", exchange=2)
           .defend("VSE", "sidestep", reflex=3, exchange=2)
           .roll("RAT", "attack", [5, 5, 6], exchange=2).roll("VSE", "defence", [5, 8, 1], exchange=2)
           .roll("RAT", "zone", [1, 3], dice="2d6-2", exchange=2)
           .roll("RAT", "penetration", [2], sides=6, exchange=2))
    stop = rnd.resolve(spear_vs_dagger())
    hit = payloads(stop, "hit")[0]
    assert hit["precise"] == "hand" and hit["W"] == 6
    line = next(w for w in hit["why"] if w.startswith("W = "))
    assert ", zone cap 6 → level 3" in line and line.startswith("W = 7") and "= 6," not in line, line


def test_an_uncapped_wound_keeps_its_equation() -> None:
    from replay.rulesets.skirmish import damage

    assert damage.w_text(4, 4, subtracted=True) == " = 4"
    assert damage.w_text(6, 4, subtracted=False) == ", zone cap 4"
    assert damage.w_text(7, 4, subtracted=True) == " = 7, zone cap 4"


# --- M86 against several arrows (L1147, CP-29), A-87b -----------------------------------------------------------

def two_archers(mir_cell: list[int]) -> Any:
    from tests.skirmish.test_ranged_moves import ARCHER, field

    mir = {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": mir_cell, "facing": "W",
           "skills": ARCHER, "ranged": {"weapon": "short_bow", "ammo": 4}}
    state = field(4, target="ZOR", more=[mir])  # ZOR at (0, 2) facing east, a round shield; VSE at (4, 2)
    s = state.shooter("MIR")
    return replace(state.with_shooter("MIR", replace(s, stage="aimed")), chain=(("VSE", 3), ("MIR", 2), ("ZOR", 1)))


def volley_at_zor(*, allocation: int | None, mir_defence: Any = None) -> Any:
    from tests.skirmish.kit import Round
    from tests.skirmish.test_ranged_moves import act, roll

    rnd = Round(turn=2)
    for archer in ("VSE", "MIR"):
        act(rnd, archer, act="shoot", target="ZOR", dice={"reflex": 0, "skill": 3}, buys=["zone:arm"], side="left")
    act(rnd, "ZOR", act="wait")
    rnd.choice("ZOR", "missile_defence", {"maneuver": "shield_parry_missile", "dice": 3, "skill": 1}, exchange=1,
               shooter="VSE")
    if mir_defence is not None:
        rnd.choice("ZOR", "missile_defence", mir_defence, exchange=1, shooter="MIR")
    roll(rnd, "ZOR", "missile_defence", [9, 8, 3, 2], shooter="VSE")  # %6: 2 successes
    if allocation is not None:
        rnd.choice("ZOR", "parry_allocation", allocation, exchange=1, shooter="VSE")
    for archer in ("VSE", "MIR"):
        roll(rnd, archer, "shot", [10, 9, 8, 7, 2, 2])  # %5: 4
        roll(rnd, archer, "shot_zone", [6], "1d6")
        roll(rnd, archer, "zone", [6, 3], "2d6-2")
        roll(rnd, "ZOR", "knockout", [9, 9, 9, 9], shooter=archer)
    return rnd


def test_m86_one_parry_roll_answers_two_arrows_from_one_side_its_successes_allocated_by_the_defender() -> None:
    from tests.skirmish.kit import asked, payloads

    state = two_archers([5, 3])  # MIR shoots from the east too
    waiting = volley_at_zor(allocation=None).resolve(state)
    assert ("ZOR", "parry_allocation", {"exchange": 1, "shooter": "VSE"}) in asked(waiting)  # a request, no default
    stop = volley_at_zor(allocation=1).resolve(state)
    vse, mir = payloads(stop, "shot")
    assert vse["defence"]["allocated"] == 1 and vse["defence"]["left"] == 1 and vse["final"] == 4 - 1
    assert "ZOR sets 1 of the parry's 2 successes against VSE's arrow, 1 kept for the next arrows from the E (M86, " \
           "CP-29)" in vse["why"]
    assert mir["defence"]["dice"] == 0 and mir["defence"]["kept"] == 1 and mir["final"] == 4 - 1  # no new roll
    assert "ZOR's shield parry of this exchange answers MIR's arrow too: 1 successes kept (M86, L1147, CP-29)" \
        in mir["why"]
    zor = stop.state.fighter("ZOR")
    assert (zor.spent_R, zor.spent_S) == (3, 1)  # the parry paid once
    other = volley_at_zor(allocation=0).resolve(state)
    assert [p["final"] for p in payloads(other, "shot")] == [4, 2]  # all kept for the second arrow


def test_a87b_an_arrow_from_another_side_finds_the_shield_without_cover_for_the_rest_of_the_exchange() -> None:
    from tests.skirmish.kit import payloads

    state = two_archers([0, 6])  # MIR shoots from the south: not the parry's side, no allocation asked
    stop = volley_at_zor(allocation=None, mir_defence="none").resolve(state)
    vse, mir = payloads(stop, "shot")
    assert vse["final"] == 4 - 2 and "allocated" not in vse["defence"]
    assert mir["defence"] is None
    assert "ZOR's shield parried this exchange: no passive cover for the rest of it (5.11, A-87b)" in mir["why"]
    assert not any("passive round_shield" in w for w in mir["why"])


def test_the_several_arrows_lines_read_in_russian() -> None:
    lines = ["ZOR sets 1 of the parry's 2 successes against VSE's arrow, 1 kept for the next arrows from the E (M86, "
             "CP-29)", "ZOR's shield parry of this exchange answers MIR's arrow too: 1 successes kept (M86, L1147, "
             "CP-29)", "ZOR's shield parried this exchange: no passive cover for the rest of it (5.11, A-87b)"]
    assert messages.why({"why": lines}, "ru") == [
        "ZOR направляет 1 из 2 успехов парирования против стрелы VSE, 1 оставлено для следующих стрел с направления E "
        "(M86, CP-29)", "парирование щитом ZOR в этом обмене отражает и стрелу MIR: оставлено успехов — 1 (M86, "
        "L1147, CP-29)", "щит ZOR уже парировал в этом обмене: пассивной защиты до конца обмена нет (5.11, A-87b)"]
    said = messages._request("ZOR's shield parry: how many of its 2 successes against VSE's arrow (the rest "
                                      "kept for the arrows of MIR from the same side this exchange; M86, CP-29)")
    assert said is not None and said.startswith("парирование щитом ZOR: сколько из 2 успехов против стрелы VSE"), said


# --- M82 rapid fire (L1121): its conditions checked (the volley played: test_rapid_fire.py) ---------------

def rapid_fire_problems(strength: int, weapon: str = "short_bow") -> list[str]:
    from replay.rulesets.skirmish import shot
    from tests.skirmish.test_ranged_moves import field

    state = field(4, weapon=weapon)
    vse = state.fighter("VSE")
    state = state.with_fighter(replace(vse, characteristics={**vse.characteristics, "strength": strength}))
    return shot.problems(state, "VSE", {"target": "RAT", "dice": {"reflex": 0, "skill": 3}, "maneuver": "rapid_fire"},
                         OPTIONS)


def test_m82_needs_a_bow_and_twice_its_minimum_strength() -> None:
    assert rapid_fire_problems(5) == ["condition_failed (5.4.6 M82): rapid_fire needs Strength 6 (twice the "
                                      "short_bow's minimum 3, L1121), VSE has 5"]
    assert rapid_fire_problems(9, "throwing_knife")[0] == ("condition_failed (5.4.6 M82): rapid_fire needs one of "
                                                           "short_bow, long_bow, not knife")


def test_m82_in_the_players_words_reads_as_the_rapid_fire_maneuver() -> None:
    from tests.skirmish.test_part2 import started

    for text in ("Скоростная стрельба по RAT, 3 кубика (3Н)", "Rapid fire at RAT, 3 dice (3S)"):
        parsed = RULESET.parse_order(text, started(), "MIR")
        assert parsed.errors == [] and parsed.order["maneuver"] == "rapid_fire", parsed
