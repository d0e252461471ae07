"""The rulebook's worked examples (spec §8, EX-1…EX-6) and the hand-computed scenarios (spec §9, D1…D5).

Each test reads: given this state, these orders and these rolls, this happens.
"""

from __future__ import annotations

import pytest

from replay.inputs import Inputs, Waiting
from replay.rulesets.duel.check import check_input
from replay.rulesets.duel.model import DuelOptions
from replay.rulesets.duel.resolve import resolve, strike
from tests.duel.duel_kit import (
    RULESET,
    Log,
    duelist,
    items,
    obtained,
    one,
    only,
    play,
    state,
    strikes,
)

# --- §8 worked examples ---------------------------------------------------------------------------------------------


def test_ex1_one_defense_parries_one_of_two_attacks_and_the_other_is_not_doubled():
    # "у противника получен 1 пункт защиты, а ты получил 2 пункта атаки, одна атака будет отражена,
    #  а урон от второй не удвоится"
    s = strike([(1, "attack"), (2, "attack")], [(1, "defense")], killer_blow=False)
    assert (s.E, s.P, s.U, s.m, s.damage) == (1, 1, 1, 1, 1)


def test_ex2_two_feints_and_two_attacks_against_two_defenses_deal_four():
    # "2 пункта финта + 2 пункта атаки vs 2 пункта защиты = 4 урона"
    s = strike([(1, "feint"), (2, "feint"), (3, "attack"), (4, "attack")], [(1, "defense"), (2, "defense")], False)
    assert (s.E, s.P, s.U, s.m, s.damage) == (0, 0, 2, 2, 4)


def test_ex2_in_a_whole_turn_four_damage_is_instant_death():
    s = state(duelist("A"), duelist("B"))
    log = Log().order("A", "FFAARR", "high").roll("A", 90).order("B", "DDRRII", "high").roll("B", 90)
    drafts, after = play(s, log)
    hit = strikes(drafts)[("A", "B")]
    assert (hit["E"], hit["damage"], hit["dead"]) == (0, 4, True)
    end = one(drafts, "duel.end_of_turn")
    assert end["sides"]["B"]["wound"] == "death"
    assert after.duelist("B").status == "dead"
    assert after.result == {"winner": "A"}
    assert RULESET.current_turn(after) is None


def test_ex3_all_in_budget_allows_two_rerolls_and_the_failure_costs_five():
    # "Запас сил 8 … Атака, Атака, Защита, Защита, Атака, Атака и ставку Mettre tout … не более 2 перебросов.
    #  Сделав 2 переброса и провалив бросок он выполнит 1 атаку и в сумме потратит 5 очков запаса сил"
    s = state(duelist("A"), duelist("B"))
    log = Log().order("A", "AADDAA", "all_in").roll("A", 30, "all_in").roll("A", 45, "all_in")
    log.roll("A", 12, "all_in")
    third = log.draft("roll", "A", {"dice": "1d100", "purpose": "stake", "result": [70], "total": 70,
                                    "stake": "all_in", "source": "forum"})
    assert check_input(s, log.recorded, third, DuelOptions()) == [
        "§4 Запас сил: reroll 3 would cost 4+6=10 > stamina 8"
    ]
    log.order("B", "DDRRII", "low").roll("B", 50)
    drafts, after = play(s, log)
    reveal = one(drafts, "duel.reveal")["sides"]["A"]
    assert [r["cost"] for r in reveal["rolls"]] == [0, 2, 2]
    assert obtained(reveal) == {1: "A"}
    spend = one(drafts, "duel.end_of_turn")["sides"]["A"]["spend"]
    assert (spend["rerolls"], spend["attacks"], spend["total"]) == (4, 1, 5)
    assert after.duelist("A").stamina == 3


def ex4_turn(b_roll: int):
    s = state(duelist("A"), duelist("B"), advantage="A")
    log = Log().order("A", "AADIII", "high").roll("A", 75).order("B", "DDIIAA", "high").roll("B", b_roll)
    return play(s, log)


def test_ex4_the_advantage_holder_eats_a_defense_strikes_and_loses_the_advantage():
    # "он "съел" первую защиту в стеке противника и нанес 1 урон. Но B на конец хода получил 2 пункта
    #  инициативы, а A только 1. Преимущество переходит к B."
    drafts, after = ex4_turn(85)
    reveal = one(drafts, "duel.reveal")["sides"]
    assert reveal["B"]["eaten"] == [1]
    assert obtained(reveal["A"]) == {1: "A", 2: "A", 3: "D", 4: "I"}
    assert obtained(reveal["B"]) == {2: "D", 3: "I", 4: "I"}
    hit = strikes(drafts)[("A", "B")]
    assert (hit["N"], hit["D"], hit["E"], hit["P"], hit["U"], hit["damage"]) == (2, 1, 1, 1, 1, 1)
    flip = one(drafts, "duel.flip")
    assert (flip["effective"], flip["flipped"]) == (80, False)
    b, a = after.duelist("B"), after.duelist("A")
    assert (b.wound_penalty, b.stamina, b.stamina_max) == (5, 7, 7)
    assert (a.stamina, a.stamina_max) == (6, 8)
    assert after.advantage == "B"


def test_ex4_note_a_roll_of_62_flips_and_a_keeps_the_advantage():
    # spec note: with B rolling 60-64, B keeps only position 1, which is eaten
    drafts, after = ex4_turn(62)
    flip = one(drafts, "duel.flip")
    assert (flip["effective"], flip["flipped"], flip["obtained"]) == (57, True, [])
    assert after.advantage == "A"


def test_ex5_killer_blow_with_a_feint_against_one_defense_kills():
    # "1 пункт финта + 1 пункт атаки + активированный убийственный удар vs 1 пункт защиты = мгновенная смерть"
    s = strike([(1, "feint"), (2, "attack")], [(1, "defense")], killer_blow=True)
    assert (s.E, s.U, s.m, s.damage) == (0, 1, 4, 4)
    assert "m=2x2=4" in s.why()


def test_ex5_in_a_whole_turn_killer_blow_costs_two_and_kills():
    s = state(duelist("A", ("killer_blow", "wiry")), duelist("B"))
    log = Log().order("A", "FADRRR", "high", killer_blow=True).roll("A", 70)
    log.order("B", "DRRRII", "high").roll("B", 70)
    drafts, after = play(s, log)
    assert strikes(drafts)[("A", "B")]["damage"] == 4
    assert one(drafts, "duel.end_of_turn")["sides"]["A"]["spend"]["traits"] == 2
    assert after.result == {"winner": "A"}


def test_ex6_a_new_duelist_has_8_of_8_and_an_enduring_one_10_of_10():
    setup = {"duelists": [
        {"id": "A", "name": "Арман де Фуа", "traits": ["wiry", "cautious"]},
        {"id": "B", "name": "Гастон", "traits": ["enduring", "hale"], "locality": {"hale": "Гаскони"}},
    ]}
    s = RULESET.initial(setup, RULESET.options())
    assert (s.duelist("A").stamina, s.duelist("A").stamina_max) == (8, 8)
    assert (s.duelist("B").stamina, s.duelist("B").stamina_max) == (10, 10)
    assert (s.turn, s.advantage, s.result) == (0, None, None)
    assert RULESET.current_turn(s) == 1


# --- §9 D1: eating plus a first-strike flip -------------------------------------------------------------------------

def d1_turn(b_roll: int):
    s = state(
        duelist("A", ("wiry", "cautious")),
        duelist("B", ("tough", "weapon_control"), stamina=6, stamina_max=7, penalty=5),
        advantage="A",
    )
    log = Log().order("A", "IAADFR", "high").roll("A", 71).order("B", "ADCARR", "high").roll("B", b_roll)
    return play(s, log)


def test_d1_eating_then_a_first_strike_flip_without_bonus_for_the_advantage_holder():
    drafts, after = d1_turn(68)
    reveal = one(drafts, "duel.reveal")["sides"]
    assert reveal["B"]["eaten"] == [1]
    assert obtained(reveal["A"]) == {1: "I", 2: "A", 3: "A", 4: "D"}
    assert obtained(reveal["B"]) == {2: "D", 3: "C", 4: "A"}
    hit = strikes(drafts)[("A", "B")]
    assert hit["why"][0] == "N=2, Phi=0, D=1, E=max(0,1-0)=1, P=min(2,1)=1, U=2-1=1, m=1 -> 1 damage"
    flip = one(drafts, "duel.flip")
    assert (flip["effective"], flip["flipped"], flip["obtained"]) == (58, True, [])
    assert "A4" in flip["defaults"]
    assert ("B", "A") not in strikes(drafts)
    assert only(drafts, "duel.counter") == []
    a, b = after.duelist("A"), after.duelist("B")
    assert (b.wound_penalty, b.stamina, b.stamina_max) == (10, 6, 7)
    assert (a.stamina, a.stamina_max) == (6, 8)
    assert one(drafts, "duel.end_of_turn")["sides"]["A"]["spend"]["attacks"] == 2
    assert after.advantage == "A"


def test_d1b_no_flip_then_a_weapon_control_counter_deals_two():
    drafts, after = d1_turn(71)
    flip = one(drafts, "duel.flip")
    assert (flip["effective"], flip["flipped"]) == (61, False)
    back = strikes(drafts)[("B", "A")]
    assert (back["N"], back["D"], back["E"], back["P"], back["damage"]) == (1, 1, 1, 1, 0)
    counter = one(drafts, "duel.counter")
    assert (counter["attacker"], counter["k"], counter["blocked"], counter["weapon_control"], counter["damage"]) == (
        "B", 1, 0, 1, 2)
    a, b = after.duelist("A"), after.duelist("B")
    assert (a.wound_penalty, a.stamina, a.stamina_max) == (10, 4, 6)
    assert (b.wound_penalty, b.stamina, b.stamina_max) == (10, 5, 7)
    assert after.advantage == "A"


# --- §9 D2: reroll budget with Осторожный, exact threshold, then play at 0 stamina ----------------------------------

def d2_state():
    return state(
        duelist("A", ("cautious", "wiry"), stamina=5, stamina_max=7, penalty=10),
        duelist("B", stamina=3, stamina_max=8),
    )


def test_d2_turn1_cautious_lowers_the_stake_within_the_budget():
    s = d2_state()
    log = Log().order("A", "AFARDR", "all_in").roll("A", 55, "all_in")

    def reroll(stake):
        return log.draft("roll", "A", {"dice": "1d100", "purpose": "stake", "result": [66], "total": 66,
                                       "stake": stake, "source": "forum"})

    assert check_input(s, log.recorded, reroll("all_in"), DuelOptions()) == []  # 3 + 2 = 5 <= 5
    assert check_input(s, log.recorded, reroll("high"), DuelOptions()) == []
    log.roll("A", 66, "high")
    assert check_input(s, log.recorded, reroll("high"), DuelOptions()) == [
        "§4 Запас сил: reroll 2 would cost 3+3=6 > stamina 5"
    ]
    assert check_input(s, log.recorded, reroll("low"), DuelOptions()) == []
    log.roll("A", 55, "low")
    assert check_input(s, log.recorded, reroll("low"), DuelOptions()) == [
        "§4 Запас сил: reroll 3 would cost 2+4=6 > stamina 5"
    ]
    log.order("B", "DRRIAD", "low").roll("B", 50)
    drafts, after = play(s, log)
    reveal = one(drafts, "duel.reveal")["sides"]
    assert (reveal["A"]["effective"], reveal["A"]["final_stake"], reveal["A"]["success"]) == (45, "low", True)
    assert obtained(reveal["A"]) == {1: "A", 2: "F"}
    assert obtained(reveal["B"]) == {1: "D", 2: "R"}
    hit = strikes(drafts)[("A", "B")]
    assert (hit["N"], hit["Phi"], hit["E"], hit["m"], hit["damage"]) == (1, 1, 0, 2, 2)
    flip = one(drafts, "duel.flip")
    assert (flip["effective"], flip["threshold"], flip["flipped"]) == (40, 40, False)
    a, b = after.duelist("A"), after.duelist("B")
    assert (b.wound_penalty, b.stamina, b.stamina_max) == (10, 2, 6)
    spend = one(drafts, "duel.end_of_turn")["sides"]["A"]["spend"]
    assert (spend["rerolls"], spend["attacks"], spend["feints"], spend["total"]) == (3, 1, 1, 5)
    assert (a.stamina, a.stamina_max) == (0, 7)
    assert after.advantage is None


def d2_turn2_state():
    return state(
        duelist("A", ("cautious", "wiry"), stamina=0, stamina_max=7, penalty=10),
        duelist("B", stamina=2, stamina_max=6, penalty=10),
        turn=1,
    )


@pytest.mark.parametrize(("stack", "problem"), [
    ("ACDDRI", "§4 Запас сил: at stamina 0 a stack holds at most 1 attack or counter in total, not 2 (A8)"),
    ("AFDDRR", "§4 Запас сил: no feint at stamina 0"),
])
def test_d2_turn2_orders_at_zero_stamina_that_are_illegal(stack, problem):
    log = Log(turn=2)
    draft = log.draft("order", "A", {"stack": items(stack), "stake": "low"})
    assert problem in check_input(d2_turn2_state(), log.recorded, draft, DuelOptions())


def test_d2_turn2_no_rerolls_at_zero_stamina():
    log = Log(turn=2).order("A", "DRARID", "low").roll("A", 30, "low")
    again = log.draft("roll", "A", {"dice": "1d100", "purpose": "stake", "result": [90], "total": 90,
                                    "stake": "low", "source": "forum"})
    assert check_input(d2_turn2_state(), log.recorded, again, DuelOptions()) == [
        "§4 Запас сил: no rerolls at stamina 0"
    ]


def test_d2_turn2_a_bonus_attack_is_skipped_at_zero_stamina_and_wiry_rest_gives_two():
    s = d2_turn2_state()
    log = Log(turn=2).order("A", "DRARID", "low").roll("A", 30).order("B", "DRRIAD", "high").roll("B", 55)
    assert check_input(s, Log(turn=2).recorded, log.draft("order", "A", log.events[0].payload), DuelOptions()) == []
    drafts, after = play(s, log)
    reveal = one(drafts, "duel.reveal")["sides"]
    assert (reveal["A"]["success"], reveal["B"]["success"]) == (False, False)
    assert (reveal["A"]["base"], reveal["A"]["bonus"]) == (1, 2)
    assert obtained(reveal["A"]) == {1: "D", 2: "R"}
    assert "A9" in one(drafts, "duel.reveal")["defaults"]
    assert obtained(reveal["B"]) == {1: "D"}
    assert only(drafts, "duel.strike") == []
    assert (after.duelist("A").stamina, after.duelist("B").stamina) == (2, 2)
    assert after.advantage is None
    assert after.turn == 2


# --- §9 D3: a counter-attack kill cancels the enemy counter ---------------------------------------------------------

@pytest.mark.parametrize("counter_mode", ["per_item", "single"])
def test_d3_a_counter_attack_kill_cancels_the_enemy_counter(counter_mode):
    s = state(
        duelist("A", ("weapon_control", "killer_blow")),
        duelist("B", ("tough", "wiry"), stamina=6, stamina_max=8),
    )
    log = Log().order("A", "FDCDAA", "all_in", killer_blow=True).roll("A", 83)
    log.order("B", "ADDCAI", "high").roll("B", 77)
    drafts, after = play(s, log, counter_mode=counter_mode)
    reveal = one(drafts, "duel.reveal")
    assert reveal["strike_order"]["first"] == "B"
    assert obtained(reveal["sides"]["A"]) == {1: "F", 2: "D", 3: "C", 4: "D", 5: "A", 6: "A"}
    assert obtained(reveal["sides"]["B"]) == {1: "A", 2: "D", 3: "D", 4: "C"}
    assert [(p["attacker"], p["damage"]) for p in only(drafts, "duel.strike")] == [("B", 0), ("A", 2)]
    hit = strikes(drafts)[("A", "B")]
    assert (hit["N"], hit["Phi"], hit["D"], hit["E"], hit["P"], hit["U"], hit["m"]) == (2, 1, 2, 1, 1, 1, 2)
    assert only(drafts, "duel.flip") == []
    first, second = only(drafts, "duel.counter")
    assert (first["attacker"], first["blocked"], first["damage"], first["damage_total"], first["dead"]) == (
        "A", 0, 2, 4, True)
    assert (second["attacker"], second["cancelled"], second["damage"]) == ("B", True, 0)
    assert after.result == {"winner": "A"}
    assert after.duelist("B").status == "dead"
    assert (after.duelist("A").stamina, after.duelist("A").stamina_max) == (3, 8)
    assert only(drafts, "duel.finish_off") == []


# --- §9 D4: Sharp Tongue bonus, hot-blooded doubling, Impenetrable Defense, a tie -----------------------------------

def d4_turn(**options):
    s = state(
        duelist("A", ("sharp_tongue", "hot_blooded"), stamina=6, stamina_max=8),
        duelist("B", ("impenetrable_defense", "enduring")),
        advantage="A",
    )
    log = Log().order("A", "DIRADR", "high", sharp_tongue=True, sharp_tongue_roleplay="Ваш клинок тупее шуток!")
    log.roll("A", 61).order("B", "IIIIDC", "high").roll("B", 88)
    log.choice(None, "sharp_tongue_verdict", "accept", duelist="A")
    return play(s, log, **options)


def test_d4_sharp_tongue_bonus_is_doubled_and_the_tie_clears_the_advantage():
    drafts, after = d4_turn()
    reveal = one(drafts, "duel.reveal")["sides"]
    assert reveal["A"]["sharp_tongue"] == {"target": "B", "verdict": "accept", "moved_from": None, "bonus": 1}
    assert reveal["B"]["working"] == reveal["B"]["declared"]
    assert reveal["B"]["eaten"] == []
    assert obtained(reveal["A"]) == {1: "D", 2: "I", 3: "R", 4: "A"}
    assert obtained(reveal["B"]) == {1: "I", 2: "I", 3: "I", 4: "I", 8: "D"}
    hit = strikes(drafts)[("A", "B")]
    assert (hit["N"], hit["D"], hit["E"], hit["P"], hit["damage"]) == (1, 1, 1, 1, 0)
    assert only(drafts, "duel.counter") == []
    end = one(drafts, "duel.end_of_turn")
    assert end["sides"]["A"]["initiative"] == {"raw": 2, "pts": 4, "bonus": 1}
    assert end["sides"]["B"]["initiative"] == {"raw": 4, "pts": 4, "bonus": 0}
    assert (after.duelist("A").stamina, after.duelist("B").stamina) == (5, 10)
    assert after.advantage is None


def test_d4_sensitivity_an_undoubled_bonus_gives_b_the_advantage():
    drafts, after = d4_turn(sharp_tongue_bonus_doubled=False)
    assert one(drafts, "duel.end_of_turn")["sides"]["A"]["initiative"]["pts"] == 3
    assert after.advantage == "B"


# --- §9 D5: Sharp Tongue moves an attack that is then eaten; all-in failure; Distance Control; hale -----------------

def d5_turn(a_traits=("distance_control", "hale"), finish: str | None = None, live: bool = False):
    s = state(
        duelist("A", a_traits),
        duelist("B", ("sharp_tongue", "wiry"), stamina=6, stamina_max=8),
        advantage="B",
    )
    log = Log().order("A", "DRAFAI", "all_in", distance_control="attack").roll("A", 35)
    log.order("B", "IIADCR", "high", sharp_tongue=True, sharp_tongue_roleplay="Сударь, вы фехтуете как торговка!")
    log.roll("B", 70)
    if finish:
        log.choice("B", "finish_off", finish)
    if live:
        return resolve(s, 1, Inputs(log.recorded, draw=lambda d: None), DuelOptions()), None
    return play(s, log)


def test_d5_the_moved_attack_is_eaten_the_dc_attack_parried_and_hale_softens_the_heavy_wound():
    drafts, after = d5_turn()
    reveal = one(drafts, "duel.reveal")
    sides = reveal["sides"]
    assert sides["A"]["working"] == ["attack", "defense", "rest", "feint", "attack", "initiative"]
    assert sides["B"]["sharp_tongue"]["moved_from"] == 3
    assert sides["A"]["eaten"] == [1]
    assert obtained(sides["A"]) == {7: "A"}
    assert (sides["B"]["base"], sides["B"]["bonus"]) == (4, 4)
    assert obtained(sides["B"]) == {1: "I", 2: "I", 3: "A", 4: "D", 5: "C", 6: "R"}
    assert {"A21", "A31", "A24", "A2"} <= set(reveal["defaults"])
    assert reveal["strike_order"]["first"] == "B"
    assert [(p["attacker"], p["damage"]) for p in only(drafts, "duel.strike")] == [("B", 2), ("A", 0)]
    assert only(drafts, "duel.flip") == []
    counter = one(drafts, "duel.counter")
    assert (counter["attacker"], counter["damage"], counter["damage_total"]) == ("B", 1, 3)
    end = one(drafts, "duel.end_of_turn")["sides"]["A"]
    assert (end["wound"], end["hale"]) == ("heavy", "heavy_as_scratch")
    a, b = after.duelist("A"), after.duelist("B")
    assert (a.status, a.wound_penalty, a.stamina, a.stamina_max) == ("active", 5, 3, 7)
    assert (a.hale_heavy_used, a.hale_light_used) == (True, False)
    assert (b.stamina, b.stamina_max) == (6, 8)
    assert after.advantage == "B"
    assert after.result is None


def test_d5_without_hale_a_is_out_and_b_may_finish_him_off():
    drafts, after = d5_turn(a_traits=("distance_control", "cautious"), finish="kill")
    end = one(drafts, "duel.end_of_turn")
    assert end["sides"]["A"]["status"] == "incapacitated"
    assert end["result"] == {"winner": "B"}
    finish = one(drafts, "duel.finish_off")
    assert (finish["winner"], finish["loser"], finish["choice"]) == ("B", "A", "kill")
    assert after.duelist("A").status == "dead"
    assert after.finish_off == "kill"


def test_d5_without_hale_sparing_leaves_a_incapacitated():
    _, after = d5_turn(a_traits=("distance_control", "cautious"), finish="spare")
    assert (after.duelist("A").status, after.finish_off, after.result) == ("incapacitated", "spare", {"winner": "B"})


def test_d5_without_hale_live_play_waits_for_the_finish_off_choice():
    with pytest.raises(Waiting) as waiting:
        d5_turn(a_traits=("distance_control", "cautious"), live=True)
    assert (waiting.value.actor, waiting.value.options) == ("B", ["kill", "spare"])


def test_d5_without_hale_replay_without_the_choice_is_a_request():
    with pytest.raises(Waiting, match="finish off"):
        d5_turn(a_traits=("distance_control", "cautious"))
