"""The melee parry with a shield (L551-559, spec "Parry, general"): L555 «Тяжелое оружие или щит против легкого и
наоборот повышают сложность парирования на 1» and L559 «Щит или оружие, используемое для парирования, нельзя
использовать для других защитных маневров в этом раунде» name the shield among what parries: its difficulty is the
shield's defence value (the SAMPLE data/shields.json holds one for every attack type), +1 for a heavy/light pair (A-43),
no length penalty (C4); the shield makes the simple parry (M39), the variants are a weapon's (PROPOSED); a shield that
parried makes no other defence that round (L559), unless a feint voided the parry (C5)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.render import i18n
from replay.rulesets.skirmish import check, model, parse
from replay.rulesets.skirmish.model import Declared, SkirmishOptions
from tests.skirmish.kit import RULESET, Round, fight, payloads
from tests.skirmish.test_maneuvers import OPTIONS, duel

PARRY = {"exchange": 1, "step": "defence", "maneuver": "parry", "weapon": "shield", "dice": {"reflex": 2}}


def chopped(state: model.Fight, weapon: str = "longsword", x: int = 1, **vse: Any) -> model.Fight:
    """RAT's chop at VSE in exchange `x` of round 1, VSE's fighter changed by `vse`."""
    chop = Declared("RAT", x, "attack", "chop", {"target": "VSE", "zone": "upper_torso", "weapon": weapon},
                    {"attack_type": "chop", "weapon": weapon})
    return replace(state.with_fighter(replace(state.fighter("VSE"), **vse)), round=1, exchange=x, declared=(chop,))


def priced(state: model.Fight, order: dict[str, Any]) -> dict[str, Any]:
    from replay.rulesets.skirmish import costs

    assert check.declaration(state, "VSE", order, OPTIONS) == []
    return costs.price(state, state.fighter("VSE"), order, OPTIONS)


# --- L555: the shield's difficulty ----------------------------------------------------------------------------------

def test_l555_a_round_shield_parries_a_chop_at_its_defence_value_with_no_length_penalty() -> None:
    state = chopped(duel(holder="RAT", distance="long"))
    p = priced(state, PARRY)
    assert (p["difficulty"], p["length_penalty"], p["weapon"], p["cost_points"]) == (5, 0, "shield", 2)
    assert p["difficulty_mods"] == ["round_shield parry vs chop %5 (L555)"]


def test_l555_a_heavy_shield_against_a_light_weapon_parries_one_harder() -> None:
    """A-43 (the literal reading): a heavy/light pair only; the SAMPLE large shield is heavy, the round one medium."""
    light = {"weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}]}
    large = chopped(duel(rat=light, vse={"shield": {"id": "large", "type": "large_shield"}}, holder="RAT",
                         distance="hand"), weapon="dagger")
    p = priced(large, PARRY)
    assert p["difficulty"] == 6 and p["difficulty_mods"] == ["large_shield parry vs chop %5 (L555)",
                                                             "+1 heavy/light pair (L553, A-43)"]
    round_ = chopped(duel(rat=light, holder="RAT", distance="hand"), weapon="dagger")
    assert priced(round_, PARRY)["difficulty"] == 5


def test_l555_the_weight_pair_counts_the_weapon_in_hand_when_the_attack_names_none() -> None:
    """An attack declared without a weapon strikes with the one in hand (`costs.weapon_of`): its weight counts."""
    light = {"weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}]}
    state = chopped(duel(rat=light, vse={"shield": {"id": "large", "type": "large_shield"}}, holder="RAT",
                         distance="hand"), weapon="dagger")
    state = replace(state, declared=tuple(replace(d, order={k: v for k, v in d.order.items() if k != "weapon"})
                                          for d in state.declared))
    assert priced(state, PARRY)["difficulty"] == 6


def test_l555_a_blow_with_the_shield_counts_the_shields_weight() -> None:
    """«Тяжелое оружие или щит против легкого»: RAT's heavy shield strikes, VSE parries with his light dagger."""
    rat = {"shield": {"id": "large", "type": "large_shield"}}
    vse = {"weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}], "shield": None}
    state = duel(rat=rat, vse=vse, holder="RAT", distance="hand")
    bash = Declared("RAT", 1, "attack", "thrust", {"target": "VSE", "zone": "upper_torso", "weapon": "shield"},
                    {"attack_type": "thrust", "weapon": "shield"})
    state = replace(state, round=1, exchange=1, declared=(bash,))
    p = priced(state, {**PARRY, "weapon": "dagger"})
    assert p["difficulty"] == 7 and p["difficulty_mods"] == ["dagger parry vs thrust %6",
                                                             "+1 heavy/light pair (L553, A-43)"]


def test_the_shields_parry_in_the_engine_stops_the_blow_intercepts_and_locks_the_shield() -> None:
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=3)
           .defend("VSE", "parry", reflex=2, skill=2, weapon="shield").choice("RAT", "feint", "no", exchange=1)
           .roll("RAT", "attack", [6, 2, 3]).roll("VSE", "defence", [8, 9, 2, 7]))
    stop = rnd.resolve(fight(holder="RAT", distance="long"))
    assert stop.error is None, stop.error
    parry = [d for d in payloads(stop, "declared") if d["maneuver"] == "parry"][0]["priced"]
    assert (parry["difficulty"], parry["length_penalty"], parry["weapon"]) == (5, 0, "shield")
    clash = payloads(stop, "clash")[0]
    assert clash["opposed"]["winner"] == "defence" and payloads(stop, "hit") == [] and payloads(stop, "blocked") == []
    assert payloads(stop, "exchange_ended")[0]["holder"] == "VSE"  # L561: a successful parry intercepts
    vse = stop.state.fighter("VSE")
    assert vse.used_for_parry == ("shield",)
    assert list(model.state_to_json(stop.state)["fighters"][1]["used_for_parry"]) == ["shield"]  # the state says so


# --- which parries a shield makes ------------------------------------------------------------------------------------

def test_the_shield_makes_the_simple_parry_and_no_variant() -> None:
    state = chopped(duel(holder="RAT", distance="long"))
    lines = {"counterattack": "M40, L568", "knock_aside": "M42, L584", "bind": "M43, L597", "blade_catch": "M44, L602",
             "master_strike": "M41, L576"}
    for m, rule in lines.items():
        said = check.declaration(state, "VSE", {**PARRY, "maneuver": m}, OPTIONS)
        assert f"condition_failed (5.4.2 {rule}): {rule.split(',')[0]} {m} is made with a weapon, not the shield " \
               "(PROPOSED, docs/skirmish.md); the shield makes the simple parry (M39, L555)" in said, said
    assert check.declaration(state, "VSE", {**PARRY, "weapon": "arming_sword", "maneuver": "knock_aside"},
                             OPTIONS) == []


def test_no_ready_shield_no_parry_with_it() -> None:
    state = chopped(duel(holder="RAT", distance="long"), shield=None)
    assert check.declaration(state, "VSE", PARRY, OPTIONS) == ["condition_failed (5.4.2 M36): VSE has no ready shield"]


# --- L559: the shield that parried -----------------------------------------------------------------------------------

def test_l559_a_shield_that_parried_neither_blocks_nor_parries_again_that_round() -> None:
    state = chopped(duel(holder="RAT", distance="long"), x=2, used_for_parry=("shield",))
    lock = "weapon_used_for_parry_this_round (4.7.6, L559): VSE's shield parried this round: no other defence with it"
    block = {**PARRY, "exchange": 2, "maneuver": "shield_block"}
    assert check.declaration(state, "VSE", block, OPTIONS) == [lock]
    assert check.declaration(state, "VSE", {**PARRY, "exchange": 2}, OPTIONS) == [lock]
    sword = {**PARRY, "exchange": 2, "weapon": "arming_sword"}
    assert check.declaration(state, "VSE", sword, OPTIONS) == []  # the weapon did not parry
    side = {"exchange": 2, "step": "defence", "maneuver": "sidestep", "dice": {"reflex": 2}}
    assert check.declaration(state, "VSE", side, OPTIONS) == []
    sword_used = chopped(duel(holder="RAT", distance="long"), x=2, used_for_parry=("arming_sword",))
    assert check.declaration(sword_used, "VSE", block, OPTIONS) == []  # the shield did not parry


def test_l559_the_engine_refuses_the_shields_block_in_exchange_2_before_anything_is_appended() -> None:
    one = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=3)
           .defend("VSE", "parry", reflex=2, skill=2, weapon="shield").choice("RAT", "feint", "no", exchange=1)
           .roll("RAT", "attack", [6, 2, 3]).roll("VSE", "defence", [8, 9, 2, 7]))
    stop = one.resolve(fight(holder="RAT", distance="long"))
    state = chopped(stop.state, x=2)
    state = replace(state, declared=tuple(replace(d, order={**d.order, "weapon": "longsword"}) for d in state.declared))
    said = check.declaration(state, "VSE", {**PARRY, "exchange": 2, "maneuver": "shield_block"}, OPTIONS)
    assert said == ["weapon_used_for_parry_this_round (4.7.6, L559): VSE's shield parried this round: no other "
                    "defence with it"]


def test_c5_a_shield_parry_voided_by_a_feint_does_not_lock_the_shield() -> None:
    rnd = (Round()
           .attack("RAT", "chop", "upper_torso", skill=5, buys=["precise:chest_right"])
           .declare("VSE", "attack")
           .defend("VSE", "parry", skill=4, weapon="shield")
           .choice("RAT", "feint", {"maneuver": "thrust", "zone": "left_leg", "buys": ["precise:knee", "danger:1"]},
                   exchange=1)
           .roll("VSE", "body_language", [5, 9, 3, 2, 1, 6, 4]))
    stop = rnd.resolve(fight(holder="VSE", distance="medium"))
    voided = [d for d in payloads(stop, "declared") if d["maneuver"] == "parry"]
    assert voided[0]["priced"]["weapon"] == "shield" and payloads(stop, "feint")[0]["defender"] == "VSE"
    assert stop.state.fighter("VSE").used_for_parry == ()
    block = {"exchange": 1, "step": "after_feint", "maneuver": "shield_block", "weapon": "shield",
             "dice": {"reflex": 2, "skill": 2}}
    assert check.declaration(stop.state, "VSE", block, SkirmishOptions()) == []


# --- the players' words and Russian ---------------------------------------------------------------------------------

def test_the_forum_parser_reads_a_parry_with_the_shield() -> None:
    state = chopped(duel(holder="RAT", distance="long"))
    state = replace(state, step=3)
    for text in ("Защита: парирую щитом, 2 кубика (2Р)", "Defence: parry with the shield, 2 dice (2R)"):
        order = parse.parse_order(text, state, "VSE").order
        assert order is not None and (order["maneuver"], order["weapon"], order["dice"]) == (
            "parry", "shield", {"reflex": 2, "skill": 0}), (text, order)
        assert check.declaration(state, "VSE", order, OPTIONS) == []


def test_the_shields_lock_and_the_variants_refusal_read_in_russian() -> None:
    say = i18n.chain("ru", (RULESET,)).say
    assert say("weapon_used_for_parry_this_round (4.7.6, L559): VSE's shield parried this round: no other defence "
               "with it", "ru") == ("щит уже парировал в этом раунде (4.7.6, L559): щит VSE уже парировал в этом "
                                    "раунде: другой защиты им нет")
    assert say("weapon_used_for_parry_this_round (4.7.6, L559): RAT's shield parried VSE's arrow in exchange 1: no "
               "other defence with it this round", "ru").startswith("щит уже парировал в этом раунде (4.7.6, L559): ")
    assert say("weapon_used_for_parry_this_round (4.7.6, L559): longsword parried this round: no other defence with "
               "it", "ru").startswith("оружие уже парировало в этом раунде (4.7.6, L559): ")
    assert say("condition_failed (5.4.2 M42, L584): M42 knock_aside is made with a weapon, not the shield (PROPOSED, "
               "docs/skirmish.md); the shield makes the simple parry (M39, L555)", "ru") == (
        "условие маневра не выполнено (5.4.2 M42, L584): M42 «Сбив» делается оружием, а не щитом (предложено, "
        "docs/skirmish.md); щит делает простое парирование (M39, L555)")


# --- a melee parry and a missile parry never meet in one round --------------------------------------------------------

def test_l559_a_fighter_who_parried_in_melee_is_asked_no_missile_defence_that_round() -> None:
    """Why the melee lock needs no M86/M87 counterpart: a round plays its melee pairs before the field's exchanges, a
    fighter in a pair is asked no missile defence (`missile_defences.missile_defence`; nor guards an ally, `guards`
    takes loose fighters only), and a pair parts only at the round's end (`battle_round.round_end`, read, not run
    here), even when its fight ended in exchange 1. RAT, in melee with MIR, parried with his shield and his rapier
    there and his fight is over; VSE shoots at him in a field exchange of that round: nothing is asked of him."""
    from types import SimpleNamespace

    from replay.rulesets.skirmish import missile_defences
    from tests.skirmish.test_missile_round import walked_up_after_a_parry

    stop = walked_up_after_a_parry()
    pair = stop.state.pairs[0]
    rat = replace(pair.fight.fighter("RAT"), used_for_parry=("shield", "rapier"))
    over = replace(pair, fight=replace(pair.fight.with_fighter(rat), result={"winner": "RAT"}))
    battle = replace(stop.state, pairs=(over,), round=3)
    why: list[str] = []
    assert battle.pair_of("RAT") is not None
    assert missile_defences.missile_defence(SimpleNamespace(state=battle), "VSE", "RAT", 1, why) is None and why == []
