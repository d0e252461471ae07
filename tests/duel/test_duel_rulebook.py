"""The rulebook's harder corners, each as "given this state, these orders and rolls, this happens".

Budget at stamina <= 0 (A8, A9, A10, A34), leftovers and counters after a flip (A18), Непробиваемая защита
re-evaluated (A19), Здоровый парень in the flip check and at end of turn (A20), Острый язык with eating (A21, A31),
the 60-point penalty (A17), draw and concession (A27), and the rulebook bullets no other file tests by name.
"""

from __future__ import annotations

import pytest

from replay.rulesets.duel.check import check_input
from replay.rulesets.duel.model import DuelOptions
from tests.duel.duel_kit import Log, duelist, items, obtained, one, only, play, state, strikes


def turn(a_stack, a_roll, b_stack, b_roll, *, a=None, b=None, advantage=None, a_stake="high", b_stake="high",
         a_act=None, b_act=None, finish=None, **options):
    s = state(a or duelist("A"), b or duelist("B"), advantage=advantage)
    log = Log().order("A", a_stack, a_stake, **(a_act or {})).roll("A", a_roll)
    log.order("B", b_stack, b_stake, **(b_act or {})).roll("B", b_roll)
    if finish:
        log.choice(finish[0], "finish_off", finish[1])
    return play(s, log, **options)


def order_problems(s, stack, stake="low", actor="A", options=None, **activate):
    payload = {"stack": items(stack), "stake": stake}
    if activate:
        payload["activate"] = activate
    log = Log()
    return check_input(s, log.recorded, log.draft("order", actor, payload), options or DuelOptions())


# --- §4 "Если запас сил 0 или меньше…" (A8, A9, A10, A34) ----------------------------------------------------------

@pytest.mark.parametrize(("stack", "legal"), [
    ("ADDRRI", True), ("CDDRRI", True), ("DDRRII", True),
    ("ACDRRI", False), ("CCDRRI", False), ("AADRRI", False),
])
def test_at_zero_stamina_at_most_one_attack_or_counter_in_total(stack, legal):
    # "ты можешь запланировать в стек не больше 1 пункта атаки или контр-атаки" (A8: combined)
    assert (order_problems(state(duelist("A", stamina=0)), stack) == []) is legal


def test_at_zero_stamina_the_single_attack_waives_the_budget():
    # the budget sum would be 1 > 0, but "та самая 1 атака" may be declared
    assert order_problems(state(duelist("A", stamina=0)), "ADDRRI", stake="all_in") == []
    assert order_problems(state(duelist("A", stamina=-3)), "ADDRRI", stake="all_in") == []


def test_a34_distance_control_is_never_available_at_zero_stamina_and_costs_3_plus_its_attack():
    dc = ("distance_control", "wiry")
    assert order_problems(state(duelist("A", dc, stamina=0)), "DDRRII", distance_control="defense") == [
        "§4 Запас сил: no trait activation at stamina 0 (distance_control)"
    ]
    assert order_problems(state(duelist("A", dc, stamina=3)), "DDRRII", distance_control="defense") == []
    assert order_problems(state(duelist("A", dc, stamina=3)), "DDRRII", distance_control="attack") == [
        "§4 Запас сил: the order would cost 1+3=4 > stamina 3 (attacks and feints on success 1, traits 3)"
    ]


def test_a9_bonus_attacks_are_judged_by_the_stamina_at_the_start_of_the_turn():
    # B fails high, so A gets 2 bonus items (positions 3-4); A's attack at 3 is one of them.
    a_at_1 = duelist("A", ("wiry", "cautious"), stamina=1)
    drafts, after = turn("IRARRR", 50, "RRRRRR", 10, a=a_at_1, a_stake="low")
    side = one(drafts, "duel.reveal")["sides"]["A"]
    assert obtained(side) == {1: "I", 2: "R", 3: "A", 4: "R"}  # S0 = 1 > 0: the bonus attack is obtained
    assert after.duelist("A").stamina == 1 - 1 + 2 * 2  # it costs 1 even though stamina ends the payment at 0
    a_at_0 = duelist("A", ("wiry", "cautious"), stamina=0)
    drafts, after = turn("IRARRR", 50, "RRRRRR", 10, a=a_at_0, a_stake="low")
    side = one(drafts, "duel.reveal")["sides"]["A"]
    assert obtained(side) == {1: "I", 2: "R", 4: "R"}  # "не можешь получить пункты атак за проваленные врагом броски"
    assert after.duelist("A").stamina == 0 + 2 * 2


def test_a10_the_single_attack_at_negative_stamina_is_charged_when_obtained():
    # "если при запасе сил 0 или меньше заявляется та самая 1 атака, она все же расходует 1 пункт запаса сил"
    a = duelist("A", stamina=-2)
    drafts, after = turn("AIIIII", 50, "IIIIRR", 50, a=a, a_stake="low")
    assert one(drafts, "duel.end_of_turn")["sides"]["A"]["spend"]["attacks"] == 1
    assert after.duelist("A").stamina == -3


# --- §5 first strike and flip: leftovers and counters afterwards (A18) ----------------------------------------------

def test_a18_a_flipped_duelist_keeps_its_parries_for_the_counter_at_the_top_of_its_stack():
    # A (advantage) strikes 3 attacks into B's two defenses: 2 parried, 1 damage; B's 62 - 5 = 57 flips.
    # B keeps only position 1, a counter, which punishes both parried attacks: 1 x 2 = 2 damage.
    drafts, after = turn("AAARRR", 70, "CDDRRR", 62, advantage="A")
    hit = strikes(drafts)[("A", "B")]
    assert (hit["P"], hit["damage"]) == (2, 1)
    flip = one(drafts, "duel.flip")
    assert (flip["flipped"], flip["obtained"]) == (True, [[1, "counter"]])
    counter = one(drafts, "duel.counter")
    assert (counter["attacker"], counter["parried_by"], counter["leftover_before"], counter["damage"]) == (
        "B", 2, 0, 2)
    assert after.duelist("A").wound_penalty == 10


def test_a18_leftover_defenses_use_the_items_left_after_the_flip():
    # A (advantage): A A A D. B: C F D D (62). A deals 1, B flips to {1: C} and loses its feint, so A's defense
    # is not put out and stops B's counter (with the pre-flip feint it would have been neutralized: 2 damage).
    drafts, _ = turn("AAADRR", 70, "CFDDRR", 62, advantage="A")
    assert one(drafts, "duel.flip")["obtained"] == [[1, "counter"]]
    counter = one(drafts, "duel.counter")
    assert (counter["parried_by"], counter["leftover_before"], counter["blocked"], counter["damage"]) == (
        2, 1, 1, 0)


def test_a_flipped_second_striker_keeps_the_bonus_items_of_the_first_strikers_own_failure():
    # A (advantage) fails all-in: 1 item for A, 4 bonus for B. A's attack hurts B (no defense: 2 damage),
    # B's 70 - 10 = 60 >= 60 holds; with 69 it flips and keeps 1 + 4 items; A gets nothing for B's failure.
    drafts, _ = turn("ARRRRR", 50, "RARRRR", 69, advantage="A", a_stake="all_in")
    flip = one(drafts, "duel.flip")
    assert (flip["effective"], flip["flipped"]) == (59, True)
    assert [pos for pos, _ in flip["obtained"]] == [1, 2, 3, 4, 5]
    assert flip["lost"] == [[6, "rest"]]
    assert obtained(one(drafts, "duel.reveal")["sides"]["A"]) == {1: "A"}
    drafts, _ = turn("ARRRRR", 50, "RARRRR", 70, advantage="A", a_stake="all_in")
    assert one(drafts, "duel.flip")["flipped"] is False


# --- §7 Непробиваемая защита (A19) ----------------------------------------------------------------------------------

def test_a19_impenetrable_defense_appears_after_a_flip_takes_the_attacks_away():
    b = duelist("B", ("impenetrable_defense", "wiry"))
    drafts, _ = turn("AARRRR", 70, "DARRRR", 62, b=b, advantage="A")
    assert obtained(one(drafts, "duel.reveal")["sides"]["B"]) == {1: "D", 2: "A", 3: "R", 4: "R"}
    flip = one(drafts, "duel.flip")
    assert flip["obtained"] == [[1, "defense"], [8, "defense"]]
    assert "A19" in flip["defaults"]
    assert strikes(drafts)[("A", "B")]["damage"] == 1  # "урон не пересчитывается"


def test_a19_impenetrable_defense_cannot_be_eaten_but_a_feint_puts_it_out():
    # "вне зависимости от результатов броска и инициативы": B is eaten and fails, yet has the defense
    b = duelist("B", ("impenetrable_defense", "wiry"))
    drafts, _ = turn("IIARRR", 70, "ARRRRR", 10, b=b, advantage="A")
    assert one(drafts, "duel.reveal")["sides"]["B"]["eaten"] == [1]
    assert obtained(one(drafts, "duel.reveal")["sides"]["B"]) == {8: "D"}
    assert strikes(drafts)[("A", "B")]["P"] == 1
    drafts, _ = turn("FARRRR", 70, "RRRRRR", 70, b=b)
    hit = strikes(drafts)[("A", "B")]
    assert (hit["D"], hit["E"], hit["m"], hit["damage"], hit["neutralized"]) == (1, 0, 2, 2, [8])


# --- §7 Здоровый парень (A20) ---------------------------------------------------------------------------------------

def hale_b(**more):
    return duelist("B", ("hale", "wiry"), **more)


def test_a20_a_first_heavy_wound_costs_only_5_in_the_flip_check_and_ends_as_a_scratch():
    # 4 attacks against 1 defense: 3 damage. Hale: 66 - 5 = 61 >= 60, B holds and strikes back.
    drafts, after = turn("AAAARR", 70, "DARRRR", 66, b=hale_b(), advantage="A")
    flip = one(drafts, "duel.flip")
    assert (flip["inturn_penalty"], flip["effective"], flip["flipped"]) == (5, 61, False)
    assert strikes(drafts)[("B", "A")]["damage"] == 2
    end = one(drafts, "duel.end_of_turn")["sides"]["B"]
    assert (end["wound"], end["hale"], end["penalty_added"], end["wound_stamina"], end["status"]) == (
        "heavy", "heavy_as_scratch", 5, 1, "active")
    b = after.duelist("B")
    assert (b.wound_penalty, b.stamina, b.stamina_max, b.hale_heavy_used, b.hale_light_used) == (5, 7, 7, True, False)


def test_a20_a_second_heavy_wound_costs_10_in_the_flip_check_and_puts_him_out():
    drafts, after = turn("AAAARR", 70, "DARRRR", 66, b=hale_b(hale_heavy_used=True), advantage="A",
                         finish=("A", "spare"))
    flip = one(drafts, "duel.flip")
    assert (flip["inturn_penalty"], flip["flipped"]) == (10, True)
    assert ("B", "A") not in strikes(drafts)
    assert after.duelist("B").status == "incapacitated"
    assert after.result == {"winner": "A"}


def test_a20_a_used_first_scratch_costs_5_in_the_flip_check():
    drafts, _ = turn("AARRRR", 70, "DRRRRR", 61, b=hale_b(), advantage="A")
    assert (one(drafts, "duel.flip")["inturn_penalty"], one(drafts, "duel.flip")["flipped"]) == (0, False)
    drafts, _ = turn("AARRRR", 70, "DRRRRR", 61, b=hale_b(hale_light_used=True), advantage="A")
    assert (one(drafts, "duel.flip")["inturn_penalty"], one(drafts, "duel.flip")["flipped"]) == (5, True)


def test_a20_the_downgraded_heavy_wound_leaves_the_first_scratch_to_be_ignored_later():
    s = state(duelist("A"), hale_b(), advantage="A")
    log = Log().order("A", "AAAARR", "high").roll("A", 70).order("B", "DARRRR", "high").roll("B", 66)
    _, s = play(s, log)
    # turn 2: A still holds the advantage (nobody obtained initiative) and deals 1: the first scratch is ignored
    log = Log(turn=2).order("A", "AARRRR", "low").roll("A", 70).order("B", "DRRRRR", "low").roll("B", 90)
    drafts, after = play(s, log)
    end = one(drafts, "duel.end_of_turn")["sides"]["B"]
    assert (end["damage"], end["hale"], end["penalty_added"]) == (1, "scratch_ignored", 0)
    assert after.duelist("B").wound_penalty == 5


def test_a20_hale_and_tough_a_downgraded_heavy_wound_takes_no_stamina():
    b = duelist("B", ("hale", "tough"))
    _, after = turn("AAAARR", 70, "DRRRRR", 90, b=b, advantage="A")
    assert (after.duelist("B").wound_penalty, after.duelist("B").stamina, after.duelist("B").stamina_max) == (5, 8, 8)


# --- §7 Острый язык and §5 eating (A21, A31) ------------------------------------------------------------------------

def test_a21_the_sharp_tongue_point_counts_as_obtained_initiative_and_takes_the_advantage():
    # Nobody obtains an initiative item, but A's Острый язык point (B wrote no attack) makes raw A = 1:
    # the "nobody obtained any" rule does not keep B's advantage.
    a = duelist("A", ("sharp_tongue", "wiry"))
    drafts, after = turn("DRRRRR", 70, "DDRRRR", 70, a=a, advantage="B",
                         a_act={"sharp_tongue": True, "sharp_tongue_roleplay": "Сударь, вы бледны."})
    assert one(drafts, "duel.end_of_turn")["sides"]["A"]["initiative"] == {"raw": 1, "pts": 1, "bonus": 1}
    assert after.advantage == "A"
    assert after.duelist("A").stamina == 8  # 8 - 1 (Острый язык) + 1 rest, capped at 8


def test_a21_both_sharp_tongues_each_reorder_the_others_stack():
    st = ("sharp_tongue", "wiry")
    act = {"sharp_tongue": True, "sharp_tongue_roleplay": "Ха!"}
    drafts, _ = turn("DRAIRR", 70, "IDDRAR", 70, a=duelist("A", st), b=duelist("B", st), a_act=act, b_act=act)
    sides = one(drafts, "duel.reveal")["sides"]
    assert sides["A"]["working"] == items("ADRIRR")
    assert sides["B"]["working"] == items("AIDDRR")
    assert (sides["A"]["sharp_tongue"]["moved_from"], sides["B"]["sharp_tongue"]["moved_from"]) == (5, 3)


def test_a31_eating_takes_position_1_even_when_it_is_a_rest():
    drafts, _ = turn("IIARRR", 70, "RDDARR", 70, advantage="A")
    side = one(drafts, "duel.reveal")["sides"]["B"]
    assert side["eaten"] == [1]
    assert obtained(side) == {2: "D", 3: "D", 4: "A"}


def test_a21_a31_sharp_tongue_moves_the_attack_to_the_top_where_the_advantage_holder_eats_it():
    a = duelist("A", ("sharp_tongue", "wiry"))
    drafts, after = turn("IIDRRR", 70, "DRRARR", 90, a=a, advantage="A",
                         a_act={"sharp_tongue": True, "sharp_tongue_roleplay": "Ха!"})
    side = one(drafts, "duel.reveal")["sides"]["B"]
    assert side["working"] == items("ADRRRR")
    assert side["eaten"] == [1]
    assert obtained(side) == {2: "D", 3: "R", 4: "R"}
    assert only(drafts, "duel.strike") == []
    assert "A31" in one(drafts, "duel.reveal")["defaults"]


# --- §6 the 60-point penalty (A17) ----------------------------------------------------------------------------------

def test_a17_a_duelist_reaching_60_still_strikes_this_turn_then_is_out():
    # B at 55: low roll 100 - 55 = 45 succeeds. A (advantage) deals 1: flip check 100 - 55 - 5 = 40 >= 40 holds.
    # B strikes back (A has no defense: 2 damage), and at end of turn 55 + 5 = 60: "То же самое происходит".
    b = duelist("B", stamina=3, stamina_max=5, penalty=55)
    drafts, after = turn("AARRRR", 70, "DARRRR", 100, b=b, advantage="A", b_stake="low", finish=("A", "kill"))
    assert one(drafts, "duel.flip")["flipped"] is False
    assert strikes(drafts)[("B", "A")]["damage"] == 2
    end = one(drafts, "duel.end_of_turn")
    assert (end["sides"]["B"]["wound"], end["sides"]["B"]["wound_penalty"], end["sides"]["B"]["status"]) == (
        "scratch", 60, "incapacitated")
    assert "A17" in end["defaults"]
    assert end["result"] == {"winner": "A"}
    assert after.duelist("A").wound_penalty == 10
    assert after.duelist("B").status == "dead"  # finished off


# --- §6 end of the duel: draw and concession (A27) ------------------------------------------------------------------

def test_a27_both_heavily_wounded_is_a_draw_and_nobody_is_finished_off():
    # equal first attacks strike together; 4 attacks against 1 defense each: 3 damage each, both out
    drafts, after = turn("AAAADR", 90, "AAAADR", 90, a_stake="all_in", b_stake="all_in")
    assert [p["damage"] for p in only(drafts, "duel.strike")] == [3, 3]
    assert one(drafts, "duel.end_of_turn")["result"] == "draw"
    assert only(drafts, "duel.finish_off") == []
    assert {d.status for d in after.duelists} == {"incapacitated"}


def test_a27_dead_and_out_is_a_draw_too():
    # A (advantage) deals 3 to B (80 - 10 = 80 >= 80 holds), who strikes back with 4 killer-blow attacks into no
    # defense: A dies, B is out: draw.
    b = duelist("B", ("killer_blow", "wiry"))
    drafts, after = turn("AAAARR", 70, "DAAAAR", 90, b=b, advantage="A", b_stake="all_in",
                         b_act={"killer_blow": True})
    assert strikes(drafts)[("A", "B")]["damage"] == 3
    assert strikes(drafts)[("B", "A")]["dead"] is True
    assert after.result == "draw"
    assert only(drafts, "duel.finish_off") == []


def test_a27_a_concession_after_orders_and_rolls_replaces_the_turn():
    s = state()
    log = Log().order("A", "AAAARR").roll("A", 90).order("B", "DDRRRR").roll("B", 90).choice("A", "concede", "concede")
    drafts, after = play(s, log)
    assert [d.type for d in drafts] == ["duel.concede"]
    assert after.result == {"winner": "B"}
    gm = log.draft("choice", None, {"name": "concede", "value": "concede"})
    assert check_input(s, Log().recorded, gm, DuelOptions()) == ["duel: None is not a duelist (A, B)"]


# --- the rest of the ambiguities that had no test by name -----------------------------------------------------------

def test_a13_drop_items_an_unpaid_attack_is_not_obtained_so_impenetrable_defense_applies():
    # B at stamina 1 with a failed all-in from A gets 4 bonus items; only 1 attack can be paid. With "drop_items"
    # the unpaid attacks are not obtained; B's own attack at 1 is paid, so there is an attack and no extra defense.
    b = duelist("B", ("impenetrable_defense", "wiry"), stamina=1)
    drafts, _ = turn("RRRRRR", 10, "RRRRAA", 70, b=b, a_stake="all_in", b_stake="low", overspend="drop_items")
    side = one(drafts, "duel.reveal")["sides"]["B"]
    assert side["dropped"] == [[6, "attack"]]
    assert obtained(side) == {1: "R", 2: "R", 3: "R", 4: "R", 5: "A"}
    b = duelist("B", ("impenetrable_defense", "wiry"), stamina=1)
    drafts, _ = turn("RRRRRR", 10, "FRRRAA", 70, b=b, a_stake="all_in", b_stake="low", overspend="drop_items")
    side = one(drafts, "duel.reveal")["sides"]["B"]
    # the feint at 1 takes the only stamina point: both attacks are dropped, B obtained no attack -> {8: D}
    assert side["dropped"] == [[5, "attack"], [6, "attack"]]
    assert obtained(side) == {1: "F", 2: "R", 3: "R", 4: "R", 8: "D"}


def test_a12_the_budget_counts_the_declared_stack_and_a13_the_reordered_one_is_charged():
    # B's budget at declaration: top 2 of [R, R, A, ...] hold no attack (0 <= 1). A's Острый язык moves the
    # attack to the top; B obtains it and pays for it anyway (A13 "allow").
    a = duelist("A", ("sharp_tongue", "wiry"))
    b = duelist("B", stamina=1, stamina_max=8)
    assert order_problems(state(a, b), "RRAIII", actor="B") == []
    drafts, after = turn("DDRRRR", 70, "RRAIII", 50, a=a, b=b, b_stake="low",
                         a_act={"sharp_tongue": True, "sharp_tongue_roleplay": "Ха!"})
    assert obtained(one(drafts, "duel.reveal")["sides"]["B"]) == {1: "A", 2: "R"}
    assert one(drafts, "duel.end_of_turn")["sides"]["B"]["spend"]["attacks"] == 1
    assert after.duelist("B").stamina == 1 - 1 + 1


def test_a15_the_maximum_has_no_floor():
    b = duelist("B", stamina=1, stamina_max=1, penalty=40)
    _, after = turn("ARRRRR", 70, "DRRRRR", 10, b=b, a_stake="low", b_stake="low")  # 1 attack vs 1 defense: 0
    assert after.duelist("B").stamina_max == 1
    _, after = turn("FARRRR", 70, "DRRRRR", 50, b=b, a_stake="low", b_stake="low")  # feint + attack: 2 damage
    # a serious wound at 1/1: 1 - 2 = -1, and the maximum -1 too; Rest cannot lift stamina above it
    assert (after.duelist("B").stamina, after.duelist("B").stamina_max) == (-1, -1)


def test_a28_a_duelist_has_exactly_two_distinct_traits():
    from tests.duel.duel_kit import RULESET

    def setup(traits_b, **more):
        return {"duelists": [{"id": "A", "name": "Арман", "traits": ["wiry", "cautious"]},
                             {"id": "B", "name": "Гастон", "traits": traits_b, **more}]}

    assert RULESET.validate_setup(setup(["hale", "tough"], locality={"hale": "Гаскони"})) == []
    assert RULESET.validate_setup(setup(["hale"])) == [
        "duelists.1.traits: §7 Черты: a duelist has exactly 2 distinct traits, not ['hale'] (A28)"]
    assert RULESET.validate_setup(setup(["hale", "hale"])) == [
        "duelists.1.traits: §7 Черты: a duelist has exactly 2 distinct traits, not ['hale', 'hale'] (A28)"]


def test_a33_a_duelist_killed_mid_turn_still_has_his_end_of_turn_bookkeeping():
    b = duelist("B", ("hot_blooded", "wiry"))
    drafts, after = turn("FAARRR", 90, "IIAARR", 70, b=b)  # A's first attack at 2, B's at 3: A first, 4 damage
    end = one(drafts, "duel.end_of_turn")["sides"]
    assert end["A"]["status"] == "active" and end["B"]["status"] == "dead"
    assert end["B"]["spend"]["attacks"] == 2
    assert end["B"]["initiative"] == {"raw": 2, "pts": 4, "bonus": 0}
    assert after.advantage == "B"


def test_a36_a_heavy_wound_from_a_counter_does_not_cancel_the_victims_own_counter():
    # No advantage. B strikes first (attack at 1): 3 attacks into A's 3 defenses, all parried. A's attack at 5 is
    # parried by B's defense. Counters: A's at 2 before B's at 4. A's counter punishes 3 parried attacks: 3 damage,
    # a heavy wound, not death, so B's counter still strikes (1 damage).
    drafts, after = turn("DCDDAR", 90, "AAACDR", 90, a_stake="all_in", b_stake="all_in", finish=("A", "spare"))
    first, second = only(drafts, "duel.counter")
    assert (first["attacker"], first["parried_by"], first["damage"], first["dead"]) == ("A", 3, 3, False)
    assert (second["attacker"], second["cancelled"], second["damage"]) == ("B", False, 1)
    assert after.duelist("B").status == "incapacitated"
    assert after.duelist("A").wound_penalty == 5
    assert after.result == {"winner": "A"}


def test_an_order_with_a_trait_problem_still_reports_its_budget():
    # every error at once: the roleplay is missing AND the stack would cost more than the stamina
    a = duelist("A", ("sharp_tongue", "killer_blow"), stamina=3)
    assert order_problems(state(a), "AFAARR", stake="high", sharp_tongue=True) == [
        "§7 Острый язык: needs roleplay text (\"Нужен отыгрыш\")",
        "§4 Запас сил: the order would cost 4+1=5 > stamina 3 (attacks and feints on success 4, traits 1)",
    ]


# --- rulebook bullets without a test by name ------------------------------------------------------------------------

@pytest.mark.parametrize(("a_stack", "b_stack", "b_roll", "advantage", "why"), [
    ("ARRRRR", "RRRRRR", 90, None, "no defense in the stack"),
    ("ARRRRR", "RRRRDR", 90, None, "the defense at 5 is not obtained by a high success"),
    ("FARRRR", "DRRRRR", 90, None, "the defense is neutralized by the feint"),
    ("IARRRR", "DRRRRR", 90, "A", "the defense is eaten by the advantage holder"),
])
def test_an_attack_against_no_defense_at_all_deals_double(a_stack, b_stack, b_roll, advantage, why):
    # §3 "Если у противника совсем нет защиты (либо пунктов защиты нет в стеке, либо они не были получены…,
    #     либо нейтрализованы финтом, либо "съедены" инициативой) урон за каждую атаку удваивается"
    drafts, _ = turn(a_stack, 90, b_stack, b_roll, advantage=advantage, a_stake="low")
    hit = strikes(drafts)[("A", "B")]
    assert (hit["E"], hit["m"], hit["damage"]) == (0, 2, 2), why


def test_counters_cost_no_stamina_and_a_successful_roll_may_be_rerolled_into_a_failure():
    # §4 "На контр-атаку не тратишь"; "Перебросить можно даже удачный бросок"; "Всегда принимается последний"
    s = state(duelist("A"), duelist("B"))
    log = Log().order("A", "DCCRRR", "high").roll("A", 90).roll("A", 20)
    log.order("B", "ARRRRR", "high").roll("B", 90)
    drafts, after = play(s, log)
    side = one(drafts, "duel.reveal")["sides"]["A"]
    assert (side["roll"], side["success"], obtained(side)) == (20, False, {1: "D"})
    spend = one(drafts, "duel.end_of_turn")["sides"]["A"]["spend"]
    assert (spend["rerolls"], spend["total"]) == (1, 1)


def test_a_parried_counter_attack_cannot_be_counter_attacked():
    # §3 "нельзя контр-атаковать отбитую контр-атаку - только атаку". Simultaneous attacks, each parried.
    # B's counter (position 3, first) is stopped by A's leftover defense; A's counter punishes only B's parried
    # attack: parried_by 1, so 1 damage, not 2.
    drafts, _ = turn("ADDCRR", 90, "ADCRRR", 90)
    first, second = only(drafts, "duel.counter")
    assert (first["attacker"], first["successful"], first["blocked"], first["damage"]) == ("B", True, 1, 0)
    assert (second["attacker"], second["parried_by"], second["blocked"], second["damage"]) == ("A", 1, 0, 1)
