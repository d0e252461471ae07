"""check_input: every illegal order, roll and choice is refused with a message naming its rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.rulesets.duel.check import check_input
from replay.rulesets.duel.model import DuelOptions
from tests.duel.duel_kit import Log, duelist, items, state

OPTIONS = DuelOptions()


def order_problems(payload, s=None, log=None, options=OPTIONS, actor="A"):
    log = log or Log()
    return check_input(s or state(), log.recorded, log.draft("order", actor, payload), options)


def roll_payload(value=50, stake=None, **changes):
    payload = {"dice": "1d100", "purpose": "stake", "result": [value], "total": value, "source": "forum"}
    if stake:
        payload["stake"] = stake
    return {**payload, **changes}


def roll_problems(log, payload, s=None, actor="A"):
    return check_input(s or state(), log.recorded, log.draft("roll", actor, payload), OPTIONS)


def choice_problems(log, actor, payload, s=None):
    return check_input(s or state(), log.recorded, log.draft("choice", actor, payload), OPTIONS)


# --- orders ---------------------------------------------------------------------------------------------------------

def test_a_legal_order_passes():
    assert order_problems({"stack": items("AADDIR"), "stake": "high"}) == []


@pytest.mark.parametrize(("stack", "problem"), [
    ("AADDI", "§1 Заявка: a stack has 6 items, not 5"),
    ("AADDIRR", "§1 Заявка: a stack has 6 items, not 7"),
    ("AAAAAD", "§1 Заявка: attack appears 5 times; at most 4 of a kind"),
])
def test_stack_size_and_kinds(stack, problem):
    assert problem in order_problems({"stack": items(stack)})


def test_an_unknown_item_is_named_with_its_position():
    assert order_problems({"stack": ["attack", "defense", "parade", "rest", "rest", "rest"]}) == [
        "§1 Заявка: position 3: unknown item 'parade' (attack, defense, initiative, feint, counter, rest)"
    ]


def test_every_problem_of_an_order_is_reported_at_once():
    problems = order_problems({"stack": items("AAAAA"), "stake": "huge", "activate": {"killer_blow": True}},
                              s=state(duelist("A", ("wiry", "cautious"))))
    assert problems == [
        "§1 Заявка: a stack has 6 items, not 5",
        "§1 Заявка: attack appears 5 times; at most 4 of a kind",
        "§1 Ставка: stake 'huge' is not low, high or all_in",
        "§7 Черты: A lacks the trait killer_blow (Убийственный удар)",
    ]


def test_a_bad_stake():
    assert order_problems({"stack": items("AADDIR"), "stake": "medium"}) == [
        "§1 Ставка: stake 'medium' is not low, high or all_in"
    ]


def test_a_missing_stake_is_high_and_legal():
    assert order_problems({"stack": items("AADDIR")}) == []


def test_trait_activation_needs_the_trait():
    s = state(duelist("A", ("wiry", "cautious")))
    assert order_problems({"stack": items("AADDIR"), "activate": {"distance_control": "attack"}}, s) == [
        "§7 Черты: A lacks the trait distance_control (Контроль дистанции)"
    ]


def test_distance_control_item_is_attack_or_defense():
    s = state(duelist("A", ("distance_control", "cautious")))
    problems = order_problems({"stack": items("DDDDIR"), "activate": {"distance_control": "feint"}}, s)
    assert problems == ["§7 Контроль дистанции: the extra item is attack or defense, not 'feint'"]


def test_sharp_tongue_needs_roleplay_text():
    s = state(duelist("A", ("sharp_tongue", "cautious")))
    act = {"sharp_tongue": True, "sharp_tongue_roleplay": "  "}
    assert order_problems({"stack": items("DDDDIR"), "activate": act}, s) == [
        "§7 Острый язык: needs roleplay text (\"Нужен отыгрыш\")"
    ]
    act["sharp_tongue_roleplay"] = "Вы держите шпагу как вилку, сударь."
    assert order_problems({"stack": items("DDDDIR"), "activate": act}, s) == []


def test_the_budget_at_declaration_counts_attacks_feints_on_success_and_traits():
    s = state(duelist("A", ("killer_blow", "cautious"), stamina=4))
    payload = {"stack": items("AFARRR"), "stake": "high", "activate": {"killer_blow": True}}
    assert order_problems(payload, s) == [
        "§4 Запас сил: the order would cost 3+2=5 > stamina 4 (attacks and feints on success 3, traits 2)"
    ]
    assert order_problems({**payload, "stake": "low"}, s) == []


def test_a_distance_control_attack_counts_in_the_budget():
    s = state(duelist("A", ("distance_control", "cautious"), stamina=4))
    payload = {"stack": items("ARRRII"), "activate": {"distance_control": "attack"}}
    assert order_problems(payload, s) == [
        "§4 Запас сил: the order would cost 2+3=5 > stamina 4 (attacks and feints on success 2, traits 3)"
    ]


def test_at_zero_stamina_one_attack_or_counter_in_total_by_default_one_of_each_as_an_option():
    s = state(duelist("A", stamina=0))
    payload = {"stack": items("ACDDRR"), "stake": "low"}
    assert order_problems(payload, s) == [
        "§4 Запас сил: at stamina 0 a stack holds at most 1 attack or counter in total, not 2 (A8)"
    ]
    assert order_problems(payload, s, options=DuelOptions(low_stamina_limit="each")) == []
    assert order_problems({"stack": items("AADDRR")}, s, options=DuelOptions(low_stamina_limit="each")) == [
        "§4 Запас сил: at stamina 0 a stack holds at most 1 attack and 1 counter, not 2 and 0 (A8 each)"
    ]


def test_at_negative_stamina_no_feint_and_no_trait_activation():
    s = state(duelist("A", ("killer_blow", "cautious"), stamina=-2))
    problems = order_problems({"stack": items("FDDRRR"), "activate": {"killer_blow": True}}, s)
    assert problems == ["§4 Запас сил: no feint at stamina -2",
                        "§4 Запас сил: no trait activation at stamina -2 (killer_blow)"]


def test_an_order_is_fixed_once_rolled_but_may_be_replaced_before():
    log = Log().order("A", "AADDIR")
    assert order_problems({"stack": items("DDDDIR")}, log=log) == []
    log.roll("A", 50)
    assert order_problems({"stack": items("DDDDIR")}, log=log) == [
        "§1 Заявка: A's order for turn 1 is fixed once rolled (roll seq 12)"
    ]


def test_an_out_duelist_gives_no_order():
    s = state(b=replace(duelist("B"), status="incapacitated"))
    assert order_problems({"stack": items("AADDIR")}, s, actor="B") == [
        "§6 Урон: B is incapacitated and takes no part any more"
    ]


def test_nothing_is_accepted_once_the_duel_is_over():
    s = replace(state(), result={"winner": "A"})
    assert order_problems({"stack": items("AADDIR")}, s) == ["§6: the duel is over (A won); no more inputs"]


# --- rolls ----------------------------------------------------------------------------------------------------------

def test_a_roll_after_the_order_passes():
    assert roll_problems(Log().order("A", "AADDIR"), roll_payload(50, "high")) == []


def test_a_roll_before_the_order():
    assert roll_problems(Log(), roll_payload(50)) == [
        "§1 Заявка: A has no order for turn 1 yet; the roll comes after the order"
    ]


@pytest.mark.parametrize(("changes", "problem"), [
    ({"purpose": "initiative"}, "§1 Ставка: the duel rolls only for the stake, not for 'initiative'"),
    ({"dice": "2d6"}, "§1 Ставка: the stake roll is 1d100, not '2d6'"),
    ({"result": [0], "total": 0}, "§1 Ставка: a d100 result is 1..100, not 0 (A1)"),
    ({"result": [101], "total": 101}, "§1 Ставка: a d100 result is 1..100, not 101 (A1)"),
    ({"result": [40, 2], "total": 42}, "§1 Ставка: a 1d100 roll has one die, not [40, 2]"),
    ({"result": [40], "total": 41}, "§1 Ставка: total 41 differs from the die 40"),
    ({"stake": "medium"}, "§1 Ставка: stake 'medium' is not low, high or all_in"),
])
def test_malformed_rolls(changes, problem):
    assert problem in roll_problems(Log().order("A", "AADDIR"), roll_payload(50, **changes))


def test_the_first_roll_carries_the_orders_stake():
    assert roll_problems(Log().order("A", "AADDIR", "high"), roll_payload(50, "low")) == [
        "§1 Ставка: the roll is labelled low but the order's stake is high"
    ]


def test_the_stake_cannot_change_between_rerolls_without_cautious():
    s = state(duelist("A", ("wiry", "killer_blow")))
    log = Log().order("A", "RRRRRR", "high").roll("A", 20, "high")
    assert roll_problems(log, roll_payload(50, "low"), s) == [
        "§4 Запас сил: the stake cannot change between rerolls (high -> low) without Осторожный"
    ]
    assert roll_problems(log, roll_payload(50, "high"), s) == []


def test_cautious_may_only_lower_the_stake():
    s = state(duelist("A", ("cautious", "wiry")))
    log = Log().order("A", "RRRRRR", "low").roll("A", 20, "low")
    assert roll_problems(log, roll_payload(50, "high"), s) == [
        "§7 Осторожный: a reroll may only lower the stake, not low -> high"
    ]


def test_the_reroll_budget_counts_traits_too():
    s = state(duelist("A", ("killer_blow", "cautious"), stamina=4))
    log = Log().order("A", "ARRRRR", "high", killer_blow=True).roll("A", 20, "high")
    assert roll_problems(log, roll_payload(50, "high"), s) == []
    log.roll("A", 30, "high")
    assert roll_problems(log, roll_payload(50, "high"), s) == [
        "§4 Запас сил: reroll 2 would cost 1+2+2=5 > stamina 4"
    ]


def test_a_roll_from_someone_who_is_not_a_duelist():
    assert roll_problems(Log(), roll_payload(50), actor="C") == ["duel: 'C' is not a duelist (A, B)"]


# --- choices --------------------------------------------------------------------------------------------------------

def test_a_gm_verdict_on_sharp_tongue():
    s = state(duelist("A", ("sharp_tongue", "wiry")))
    log = Log().order("A", "RRRRRR", sharp_tongue=True, sharp_tongue_roleplay="Ха!")
    ok = {"name": "sharp_tongue_verdict", "value": "reject", "duelist": "A"}
    assert choice_problems(log, None, ok, s) == []
    assert choice_problems(log, None, {**ok, "value": "maybe"}, s) == [
        "§7 Острый язык: the verdict is accept or reject, not 'maybe' (A22)"
    ]
    assert choice_problems(log, "B", ok, s) == ["§7 Острый язык: the GM judges the roleplay, not B (A22)"]
    assert choice_problems(log, None, {**ok, "duelist": "B"}, s) == [
        "§7 Острый язык: 'B' activated no Sharp Tongue in turn 1"
    ]


def test_a_concession():
    assert choice_problems(Log(), "A", {"name": "concede", "value": "concede"}) == []
    assert choice_problems(Log(), "A", {"name": "concede", "value": "yes"}) == [
        "§6: a concession has value 'concede', not 'yes' (A27)"
    ]


def test_an_unknown_choice():
    assert choice_problems(Log(), "A", {"name": "push_direction", "value": "N"}) == [
        "duel: unknown choice 'push_direction' (finish_off, sharp_tongue_verdict, concede)"
    ]


def finished_turn():
    """A takes 3 damage (4 attacks against 1 defense) and is out; B wins."""
    log = Log().order("A", "DRRRRR", "high").roll("A", 90).order("B", "AAAARR", "high").roll("B", 90)
    return state(advantage="B"), log


def test_finish_off_only_by_the_winner_when_the_rules_ask_for_it():
    s, log = finished_turn()
    assert choice_problems(log, "B", {"name": "finish_off", "value": "kill"}, s) == []
    assert choice_problems(log, "A", {"name": "finish_off", "value": "kill"}, s) == [
        "§6 Урон: only the winner (B) may finish off"
    ]
    assert choice_problems(log, "B", {"name": "finish_off", "value": "maim"}, s) == [
        "§6 Урон: finish_off is kill or spare, not 'maim'"
    ]
    log.choice("B", "finish_off", "spare")
    assert choice_problems(log, "B", {"name": "finish_off", "value": "kill"}, s) == [
        "§6 Урон: B already chose for turn 1"
    ]


def test_finish_off_when_nobody_is_out():
    log = Log().order("A", "DRRRRR", "high").roll("A", 90).order("B", "RRRRRR", "high").roll("B", 90)
    assert choice_problems(log, "B", {"name": "finish_off", "value": "kill"}) == [
        "§6 Урон: nobody is to be finished off in turn 1"
    ]


def test_finish_off_before_the_turn_is_complete_is_not_refused():
    log = Log().order("A", "DRRRRR", "high")
    assert choice_problems(log, "B", {"name": "finish_off", "value": "kill"}) == []
