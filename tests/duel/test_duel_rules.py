"""One test (or a few) per rule of the duel and per house-rule option, each a small turn or a pure helper."""

from __future__ import annotations

import pytest

from eventlog.envelope import Event
from eventlog.errors import ValidationError
from replay.inputs import Inputs, Waiting
from replay.rulesets.duel.evolve import evolve
from replay.rulesets.duel.model import DuelOptions
from replay.rulesets.duel.resolve import (
    describe,
    next_advantage,
    obtain,
    resolve,
    result_of,
    sharp_tongue_reorder,
    succeeds,
    wound,
)
from tests.duel.duel_kit import (
    RULESET,
    Log,
    as_events,
    duelist,
    items,
    obtained,
    one,
    only,
    play,
    state,
    strikes,
)


def turn(a_stack: str, a_roll: int, b_stack: str, b_roll: int, *, a=None, b=None, advantage=None,
         a_stake="high", b_stake="high", a_act=None, b_act=None, finish=None, **options):
    s = state(a or duelist("A"), b or duelist("B"), advantage=advantage)
    log = Log().order("A", a_stack, a_stake, **(a_act or {})).roll("A", a_roll)
    log.order("B", b_stack, b_stake, **(b_act or {})).roll("B", b_roll)
    if finish:
        log.choice(finish[0], "finish_off", finish[1])
    return play(s, log, **options)


# --- §2 roll and obtained items -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("roll", "penalty", "stake", "expected"), [
    (40, 0, "low", True), (39, 0, "low", False), (60, 0, "high", True), (59, 0, "high", False),
    (80, 0, "all_in", True), (79, 0, "all_in", False), (70, 10, "high", True), (69, 10, "high", False),
])
def test_success_is_roll_minus_penalty_at_least_the_threshold(roll, penalty, stake, expected):
    assert succeeds(roll, penalty, stake) is expected


def test_bonus_items_come_from_the_own_stack_and_stop_at_position_6():
    ob, skipped = obtain(items("IRRRRA"), (), base=4, bonus=4, s0=5, distance_control=None, impenetrable=False)
    assert [p for p, _ in ob] == [1, 2, 3, 4, 5, 6]
    assert skipped == []


def test_an_eaten_position_stays_eaten_with_bonus_items():
    ob, _ = obtain(items("ADRRRR"), (1,), base=1, bonus=2, s0=5, distance_control=None, impenetrable=False)
    assert ob == [(2, "defense"), (3, "rest")]


def test_bonus_attacks_are_skipped_at_zero_stamina_but_not_the_own_one():
    ob, skipped = obtain(items("ADARRR"), (), base=1, bonus=2, s0=0, distance_control=None, impenetrable=False)
    assert ob == [(1, "attack"), (2, "defense")]
    assert skipped == [3]


def test_distance_control_item_is_always_obtained_at_position_7():
    ob, _ = obtain(items("ADRRRR"), (1,), base=1, bonus=0, s0=5, distance_control="defense", impenetrable=False)
    assert ob == [(7, "defense")]


def test_impenetrable_defense_only_without_obtained_attacks():
    ob, _ = obtain(items("RRRRRR"), (), base=1, bonus=0, s0=5, distance_control=None, impenetrable=True)
    assert ob == [(1, "rest"), (8, "defense")]
    ob, _ = obtain(items("ARRRRR"), (), base=1, bonus=0, s0=5, distance_control=None, impenetrable=True)
    assert ob == [(1, "attack")]


def test_a_failed_low_roll_gives_the_opponent_nothing_and_a_failed_high_gives_two():
    drafts, _ = turn("RRRRRR", 10, "IIRRRR", 90, a_stake="low")
    assert one(drafts, "duel.reveal")["sides"]["B"]["bonus"] == 0
    drafts, _ = turn("RRRRRR", 10, "IIRRRR", 90)
    assert obtained(one(drafts, "duel.reveal")["sides"]["B"]) == {1: "I", 2: "I", 3: "R", 4: "R", 5: "R", 6: "R"}


def test_a_roll_without_stake_label_keeps_the_order_stake():
    s = state()
    log = Log().order("A", "RRRRRR", "low").add("roll", "A", {"dice": "1d100", "purpose": "stake", "result": [45],
                                                              "total": 45, "source": "forum"})
    log.order("B", "RRRRRR", "high").roll("B", 70)
    drafts, _ = play(s, log)
    side = one(drafts, "duel.reveal")["sides"]["A"]
    assert (side["final_stake"], side["success"]) == ("low", True)


def test_an_order_without_stake_counts_as_high():
    drafts, _ = turn("RRRRRR", 59, "RRRRRR", 90, a_stake=None)
    side = one(drafts, "duel.reveal")["sides"]["A"]
    assert (side["stake"], side["threshold"], side["success"]) == ("high", 60, False)


# --- §7 Острый язык and §5 eating -----------------------------------------------------------------------------------

def test_sharp_tongue_moves_the_first_attack_to_the_top():
    assert sharp_tongue_reorder(items("DRAFAI")) == (items("ADRFAI"), 3)
    assert sharp_tongue_reorder(items("DRRFII")) == (items("DRRFII"), None)


def test_a_rejected_sharp_tongue_has_no_effect_and_no_cost():
    a = duelist("A", ("sharp_tongue", "wiry"))
    s = state(a, duelist("B"))
    log = Log().order("A", "RRRRRR", "high", sharp_tongue=True, sharp_tongue_roleplay="…").roll("A", 70)
    log.order("B", "DDAARR", "high").roll("B", 70).choice(None, "sharp_tongue_verdict", "reject", duelist="A")
    drafts, after = play(s, log)
    side = one(drafts, "duel.reveal")["sides"]
    assert side["B"]["working"] == side["B"]["declared"]
    assert side["A"]["sharp_tongue"]["verdict"] == "reject"
    assert one(drafts, "duel.end_of_turn")["sides"]["A"]["spend"]["traits"] == 0
    assert after.duelist("A").stamina == 8


def test_eating_compares_declared_initiative_without_hot_blooded_doubling():
    a = duelist("A", ("hot_blooded", "wiry"))
    drafts, _ = turn("IIRRRR", 70, "IIDRRR", 70, a=a, advantage="A")
    assert one(drafts, "duel.reveal")["sides"]["B"]["eaten"] == []
    drafts, _ = turn("IIIRRR", 70, "IIDRRR", 70, a=a, advantage="A")
    assert one(drafts, "duel.reveal")["sides"]["B"]["eaten"] == [1]


def test_without_advantage_nothing_is_eaten():
    drafts, _ = turn("IIIIRR", 70, "DRRRRR", 70)
    assert one(drafts, "duel.reveal")["sides"]["B"]["eaten"] == []


# --- §5 strike order and flips --------------------------------------------------------------------------------------

def test_equal_first_attacks_strike_simultaneously_and_both_can_die():
    drafts, after = turn("FFAARR", 90, "FFAARR", 90)
    assert one(drafts, "duel.reveal")["strike_order"]["mode"] == "simultaneous"
    assert [p["simultaneous"] for p in only(drafts, "duel.strike")] == [True, True]
    assert only(drafts, "duel.flip") == []
    assert after.result == "draw"
    assert {d.status for d in after.duelists} == {"dead"}


def test_simultaneous_flips_option_checks_both_rolls():
    drafts, _ = turn("AADRRR", 61, "AADRRR", 61)
    assert only(drafts, "duel.flip") == []
    drafts, after = turn("AADRRR", 61, "AADRRR", 61, simultaneous_flips=True)
    flips = only(drafts, "duel.flip")
    assert sorted(f["duelist"] for f in flips) == ["A", "B"]
    assert all(f["flipped"] and f["obtained"] == [[1, "attack"]] for f in flips)
    assert [p["damage"] for p in only(drafts, "duel.strike")] == [1, 1]


def test_without_advantage_the_earlier_attack_strikes_first_and_flips():
    drafts, _ = turn("ADRRRR", 70, "RARRRR", 62)
    assert one(drafts, "duel.reveal")["strike_order"]["first"] == "A"
    flip = one(drafts, "duel.flip")
    assert (flip["duelist"], flip["flipped"]) == ("B", True)
    assert "A5" in flip["defaults"]


def test_option_flip_without_advantage_off_means_no_flip_by_stack_position():
    drafts, _ = turn("ARRRRR", 70, "RARRRR", 62, flip_without_advantage=False)
    assert only(drafts, "duel.flip") == []
    assert ("B", "A") in strikes(drafts)


def test_option_first_attack_declared_compares_written_attacks():
    # A fails and obtains only the Контроль дистанции attack (position 7); its written first attack is at 3
    a = duelist("A", ("distance_control", "wiry"))
    kwargs = dict(a=a, a_act={"distance_control": "attack"}, b_stake="all_in")
    drafts, _ = turn("DRARRR", 10, "RRRRAR", 90, **kwargs)
    assert one(drafts, "duel.reveal")["strike_order"]["first"] == "B"
    drafts, _ = turn("DRARRR", 10, "RRRRAR", 90, first_attack="declared", **kwargs)
    assert one(drafts, "duel.reveal")["strike_order"]["first"] == "A"


def test_a_dead_first_target_does_not_strike_back():
    drafts, after = turn("FAARRR", 70, "RRRAAA", 70, a=duelist("A", ("killer_blow", "wiry")),
                         a_act={"killer_blow": True})
    assert list(strikes(drafts)) == [("A", "B")]
    assert after.duelist("B").status == "dead"


def test_a_heavy_wounded_second_striker_still_strikes():
    # 4 attacks against 1 defense: 3 unparried, not doubled
    drafts, after = turn("AAAARR", 70, "DARRRR", 90, advantage="A", finish=("A", "spare"))
    first = strikes(drafts)[("A", "B")]
    assert first["damage"] == 3
    assert one(drafts, "duel.flip")["inturn_penalty"] == 10
    assert strikes(drafts)[("B", "A")]["damage"] == 2
    assert after.duelist("B").status == "incapacitated"
    assert after.duelist("A").wound_penalty == 10


# --- §3 counter-attacks ---------------------------------------------------------------------------------------------

def test_counter_mode_per_item_two_counters_two_parries_deal_four_single_deals_two():
    for mode, damage in (("per_item", 4), ("single", 2)):
        drafts, _ = turn("AARRRR", 70, "DDCCRR", 70, counter_mode=mode)
        counter = one(drafts, "duel.counter")
        assert (counter["parried_by"], counter["damage"]) == (2, damage), mode


def test_one_leftover_defense_stops_a_whole_counter():
    drafts, _ = turn("ADDRRR", 70, "DACRRR", 70, advantage="A")
    counter = one(drafts, "duel.counter")
    assert (counter["leftover_before"], counter["blocked"], counter["damage"]) == (1, 1, 0)


def test_a_counter_is_never_doubled_nor_killer_blown():
    a = duelist("A", ("killer_blow", "wiry"))
    drafts, _ = turn("DCRRRR", 70, "ARRRRR", 70, a=a, a_act={"killer_blow": True})
    counter = one(drafts, "duel.counter")
    assert (counter["leftover_before"], counter["damage"]) == (0, 1)


def test_weapon_control_adds_one_even_when_the_counter_is_blocked():
    a = duelist("A", ("weapon_control", "wiry"))
    drafts, _ = turn("DCRRRR", 70, "ADDRRR", 70, a=a)
    counter = one(drafts, "duel.counter")
    assert (counter["blocked"], counter["weapon_control"], counter["damage"]) == (1, 1, 1)


def test_an_unsuccessful_counter_gets_no_weapon_control_bonus():
    a = duelist("A", ("weapon_control", "wiry"))
    drafts, _ = turn("DCRRRR", 70, "RRRRRR", 70, a=a)
    counter = one(drafts, "duel.counter")
    assert (counter["successful"], counter["damage"]) == (False, 0)


def test_counters_at_equal_positions_are_simultaneous():
    # both fail all-in: 1 item + 4 bonus each = A D D C C; one leftover defense blocks one of two counters
    drafts, after = turn("ADDCCC", 70, "ADDCCC", 70, a_stake="all_in", b_stake="all_in")
    counters = only(drafts, "duel.counter")
    assert [(c["simultaneous"], c["k"], c["blocked"], c["damage"]) for c in counters] == [(True, 2, 1, 1)] * 2
    assert "A25" in counters[0]["defaults"]


def test_simultaneous_counters_can_kill_each_other():
    w = ("weapon_control", "wiry")
    drafts, after = turn("ADCCCR", 90, "ADCCCR", 90, a=duelist("A", w), b=duelist("B", w), a_stake="all_in",
                         b_stake="all_in")
    assert [c["damage"] for c in only(drafts, "duel.counter")] == [(3 - 0) * 1 + 3] * 2
    assert after.result == "draw"


def test_without_advantage_the_earlier_counter_goes_first():
    drafts, _ = turn("ADCRRR", 70, "ADRCRR", 70)
    assert [c["attacker"] for c in only(drafts, "duel.counter")] == ["A", "B"]


# --- §6 wounds ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("damage", "category", "penalty", "stamina", "status"), [
    (0, "none", 0, 0, "active"), (1, "scratch", 5, 1, "active"), (2, "serious", 10, 2, "active"),
    (3, "heavy", 0, 0, "incapacitated"), (4, "death", 0, 0, "dead"), (6, "death", 0, 0, "dead"),
])
def test_wound_categories(damage, category, penalty, stamina, status):
    w = wound(duelist("A"), damage, dead=damage >= 4)
    assert (w.category, w.penalty_added, w.stamina_loss, w.status) == (category, penalty, stamina, status)


def test_tough_keeps_stamina_but_takes_the_penalty():
    w = wound(duelist("A", ("tough", "wiry")), 2, dead=False)
    assert (w.penalty_added, w.stamina_loss) == (10, 0)


def test_hale_ignores_the_first_scratch_only():
    first = wound(duelist("A", ("hale", "wiry")), 1, dead=False)
    assert (first.hale, first.penalty_added, first.stamina_loss, first.hale_light_used) == (
        "scratch_ignored", 0, 0, True)
    second = wound(duelist("A", ("hale", "wiry"), hale_light_used=True), 1, dead=False)
    assert (second.hale, second.penalty_added, second.stamina_loss) == (None, 5, 1)


def test_hale_counts_the_first_heavy_wound_as_a_scratch_and_the_second_as_heavy():
    first = wound(duelist("A", ("hale", "wiry")), 3, dead=False)
    assert (first.hale, first.status, first.penalty_added, first.hale_heavy_used, first.hale_light_used) == (
        "heavy_as_scratch", "active", 5, True, False)
    second = wound(duelist("A", ("hale", "wiry"), hale_heavy_used=True), 3, dead=False)
    assert second.status == "incapacitated"


def test_a_penalty_reaching_60_takes_the_duelist_out_at_end_of_turn():
    w = wound(duelist("A", penalty=55), 1, dead=False)
    assert (w.wound_penalty, w.status) == (60, "incapacitated")
    w = wound(duelist("A", penalty=50), 1, dead=False)
    assert (w.wound_penalty, w.status) == (55, "active")


def test_hale_in_turn_penalty_for_the_flip_check():
    b = duelist("B", ("hale", "wiry"))
    drafts, _ = turn("AARRRR", 70, "DRRRRR", 61, b=b, advantage="A")
    flip = one(drafts, "duel.flip")
    assert (flip["inturn_penalty"], flip["flipped"]) == (0, False)


# --- §4 stamina, rest, spending -------------------------------------------------------------------------------------

def test_rest_is_capped_at_the_maximum_after_costs():
    # "at 8/8 with a 2-point spend and 1 Rest the result is 7, not 6" (A14)
    drafts, after = turn("AARRRR", 99, "DDDDRR", 99, b_stake="low")
    assert after.duelist("A").stamina == 8  # 8 - 2 + 2 rests, capped at 8
    drafts, after = turn("AARIII", 99, "DDDDRR", 99, b_stake="low")
    assert after.duelist("A").stamina == 7


def test_rest_cap_off_lets_rest_exceed_the_maximum():
    _, after = turn("RRRRII", 99, "RRRRII", 99, rest_cap=False)
    assert after.duelist("A").stamina == 12


def test_wiry_rests_two_per_item():
    _, after = turn("AFRRII", 99, "RRRRII", 99, a=duelist("A", ("wiry", "cautious"), stamina=4))
    assert after.duelist("A").stamina == 4 - 2 + 4


def test_overspend_allow_charges_bonus_attacks_even_below_zero():
    a = duelist("A", stamina=1)
    drafts, after = turn("IIIIAA", 70, "RRRRRR", 10, a=a, a_stake="high")
    assert one(drafts, "duel.end_of_turn")["sides"]["A"]["spend"]["attacks"] == 2
    assert after.duelist("A").stamina == -1


def test_overspend_drop_items_does_not_obtain_unpaid_attacks():
    a = duelist("A", stamina=1)
    drafts, after = turn("IIIIAA", 70, "RRRRRR", 10, a=a, overspend="drop_items")
    side = one(drafts, "duel.reveal")["sides"]["A"]
    assert side["dropped"] == [[6, "attack"]]
    assert after.duelist("A").stamina == 0


def test_the_single_attack_at_zero_stamina_costs_one_when_obtained():
    a = duelist("A", stamina=0)
    _, after = turn("ARRRRR", 70, "RRRRRR", 70, a=a)
    assert after.duelist("A").stamina == 0 - 1 + 3  # rests at 2, 3, 4


def test_option_low_stamina_attack_charge_declared_charges_an_unobtained_attack():
    a = duelist("A", stamina=0)
    _, default = turn("RRRRRA", 70, "RRRRRR", 70, a=a)
    _, declared = turn("RRRRRA", 70, "RRRRRR", 70, a=a, low_stamina_attack_charge="declared")
    assert (default.duelist("A").stamina, declared.duelist("A").stamina) == (4, 3)


def test_option_reroll_cost_new_charges_the_new_rolls_stake():
    a = duelist("A", ("cautious", "wiry"))
    s = state(a, duelist("B"))
    log = Log().order("A", "RRRRRR", "all_in").roll("A", 10, "all_in").roll("A", 70, "high")
    log.order("B", "RRRRRR", "low").roll("B", 90)
    replaced = one(play(s, log)[0], "duel.end_of_turn")["sides"]["A"]["spend"]["rerolls"]
    new = one(play(s, log, reroll_cost="new")[0], "duel.end_of_turn")["sides"]["A"]["spend"]["rerolls"]
    assert (replaced, new) == (2, 1)


# --- §5 initiative and §6 end ---------------------------------------------------------------------------------------

def test_advantage_rules():
    ids = ("A", "B")
    assert next_advantage("A", ids, {"A": 0, "B": 0}, {"A": 0, "B": 0})[0] == "A"
    assert next_advantage("A", ids, {"A": 1, "B": 1}, {"A": 1, "B": 1})[0] is None
    assert next_advantage(None, ids, {"A": 1, "B": 2}, {"A": 2, "B": 2})[0] is None
    assert next_advantage(None, ids, {"A": 2, "B": 1}, {"A": 2, "B": 1})[0] == "A"


def test_hot_blooded_doubles_obtained_initiative_at_end_of_turn():
    drafts, after = turn("IRRRRR", 70, "IIRRRR", 70, a=duelist("A", ("hot_blooded", "wiry")))
    assert one(drafts, "duel.end_of_turn")["sides"]["A"]["initiative"]["pts"] == 2
    assert after.advantage is None


def test_result_of_statuses():
    assert result_of({"A": "active", "B": "active"}) is None
    assert result_of({"A": "active", "B": "dead"}) == {"winner": "A"}
    assert result_of({"A": "incapacitated", "B": "dead"}) == "draw"


def test_a_concession_ends_the_duel_without_orders():
    s = state()
    log = Log().choice("B", "concede", "concede")
    drafts, after = play(s, log)
    assert [d.type for d in drafts] == ["duel.concede"]
    assert drafts[0].cause == log.events[0].seq
    assert after.result == {"winner": "A"}
    assert RULESET.current_turn(after) is None


# --- inputs: pulled, waited for, drawn ------------------------------------------------------------------------------

def test_a_missing_order_waits_for_that_duelist():
    log = Log().order("A", "RRRRRR").roll("A", 50)
    with pytest.raises(Waiting, match="order for turn 1") as waiting:
        resolve(state(), 1, Inputs(log.recorded), DuelOptions())
    assert waiting.value.actor == "B"


def test_a_missing_roll_is_a_request_with_the_orders_stake_never_a_draw():
    log = Log().order("A", "RRRRRR", "low").order("B", "RRRRRR", "high").roll("B", 50)
    with pytest.raises(Waiting) as waiting:
        resolve(state(), 1, Inputs(log.recorded), DuelOptions())
    [request] = waiting.value.requests
    assert (request.kind, request.actor, request.name, request.dice, request.key_dict) == \
        ("roll", "A", "stake", "1d100", {"stake": "low"})


def test_the_last_roll_counts_and_causes_point_at_inputs():
    log = Log().order("A", "ARRRRR", "low").roll("A", 10, "low").roll("A", 50, "low")
    log.order("B", "RRRRRR", "low").roll("B", 50)
    drafts, _ = play(state(), log)
    assert one(drafts, "duel.reveal")["sides"]["A"]["roll"] == 50
    strike_draft = next(d for d in drafts if d.type == "duel.strike")
    assert strike_draft.cause == log.events[2].seq
    assert all(d.cause is not None for d in drafts)


def test_every_payload_carries_why_rule_and_defaults():
    drafts, _ = turn("AADCRR", 70, "ADCRRR", 62, advantage="A")
    assert [d.type for d in drafts] == [
        "duel.reveal", "duel.strike", "duel.flip", "duel.strike", "duel.counter", "duel.end_of_turn"]
    for d in drafts:
        assert d.payload["why"] and all(isinstance(line, str) for line in d.payload["why"])
        assert "§" in d.payload["rule"]
        assert all(a.startswith("A") for a in d.payload["defaults"])


# --- the reducer ----------------------------------------------------------------------------------------------------

def test_the_reducer_copies_absolute_values_and_keeps_what_a_ruling_leaves_out():
    s = state()
    ruling = {"turn": 1, "sides": {"A": {"stamina": 3}}, "advantage": "B", "result": None}
    after = evolve(s, Event("g", 1, "duel.end_of_turn", 1, None, ruling, None, "", "", ""))
    assert (after.duelist("A").stamina, after.duelist("A").stamina_max, after.duelist("B").stamina) == (3, 8, 8)
    assert (after.turn, after.advantage) == (1, "B")


def test_the_reducer_ignores_core_events_and_refuses_unknown_duel_types():
    s = state()
    assert evolve(s, Event("g", 1, "turn.closed", 1, None, {}, None, "", "", "")) is s
    with pytest.raises(ValidationError):
        evolve(s, Event("g", 1, "duel.parry", 1, None, {}, None, "", "", ""))


def test_the_trace_follows_the_turn_step_by_step():
    s = state(advantage="A")
    log = Log().order("A", "AADRRR", "high").roll("A", 90).order("B", "DCRRRR", "high").roll("B", 90)
    drafts = resolve(s, 1, Inputs(log.recorded), DuelOptions())
    steps = [s]
    for e in as_events(drafts):
        steps.append(evolve(steps[-1], e))
    after_reveal, after_strike = steps[1], steps[2]
    assert after_reveal.trace.sides["B"].damage == 0
    assert after_strike.trace.sides["B"].damage == 1
    assert after_strike.trace.last["type"] == "duel.strike"
    assert steps[-1].trace.ended and steps[-1].turn == 1


def test_state_json_round_trips_mid_turn_and_after():
    s = state(advantage="A")
    log = Log().order("A", "AADRRR", "high").roll("A", 90).order("B", "DCRRRR", "high").roll("B", 90)
    drafts = resolve(s, 1, Inputs(log.recorded), DuelOptions())
    for e in as_events(drafts):
        s = evolve(s, e)
        assert RULESET.state_from_json(RULESET.state_json(s)) == s


def test_describe_names_the_event_in_both_languages():
    drafts, _ = turn("AARRRR", 70, "RRRRRR", 70)
    e = as_events([d for d in drafts if d.type == "duel.strike"])[0]
    assert describe(e, "en") == "strike A -> B: 4 damage"
    assert describe(e, "ru") == "атака A → B: урон 4"
