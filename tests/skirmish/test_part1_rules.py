"""The rules of issue 8 part 1 that came last: the blade catch after the catch (M44, L605), the quick draw from the
floor, of two weapons and the hilt-only strike (M50, L646–652, A-39), the transfer feint's phase-2 damage (M15, L363:
the rulebook gives none, the GM rules), the Reliability check of a block that stops a shield or unarmed strike (L515,
A-41, C7), and the wrestling rules of 5.8.2, 5.8.3 and 5.8.5 (docs/skirmish.md, abbreviation p8)."""

from __future__ import annotations

from dataclasses import replace

from replay.rulesets.skirmish import check, pools
from replay.rulesets.skirmish.maneuvers import catch
from replay.rulesets.skirmish.model import Effect, SkirmishOptions
from tests.skirmish.kit import Round, asked, fight, payloads, why_stopped

OPTIONS = SkirmishOptions()
CAUGHT = Effect("no_weapon", 0, (0, 1), (999, 2), "arming_sword", "blade_catch")


def catch_fight(**fields):
    """RAT (arming sword, rim shield) whose sword VSE's sword-breaker holds caught; VSE holds initiative."""
    state = fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0], "weapons": [{"id": "arming_sword", "type": "arming_sword",
                                                        "hands": ["right"]}],
         "shield": {"id": "rim_shield", "type": "rim_shield", "hand": "left"}, "armour": []},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, "armour": [],
         "weapons": [{"id": "sword_breaker", "type": "sword_breaker", "hands": ["right"]}]}]},
        holder="VSE", distance="hand", **fields)
    return state.with_fighter(replace(state.fighter("RAT"), effects=(CAUGHT,)))


def codes(problems):
    return [p.split(" ", 1)[0] for p in problems]


def effects(stop, code):
    return [e for e in payloads(stop, "effect") if e["maneuver"] == code]


# --- M44 blade catch ---------------------------------------------------------------------------------------------

def test_m44_the_caught_weapon_cannot_be_used_until_freed_by_maneuvering_at_6():
    """L605: «враг не может использовать захваченное оружие, пока не осуществит успешный бросок маневрирования против
    6-ой сложности»."""
    state = replace(catch_fight(), round=1, exchange=1, step=1)
    chop = {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "VSE", "zone": "upper_torso",
            "dice": {"skill": 2}}
    problems = check.declaration(state, "RAT", chop, OPTIONS)
    assert any(p.startswith("condition_failed (5.4.2 M44, L605)") and "free it first" in p for p in problems)
    free = {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "free": "arming_sword",
            "dice": {"reflex": 2, "skill": 1}}
    assert "reflex_only" in codes(check.declaration(state, "RAT", free, OPTIONS))  # M53 is (Р)
    stop = (Round().attack("RAT", "maneuvering", "upper_torso", reflex=2, free="arming_sword")
            .declare("VSE", "attack").roll("RAT", "attack", [7, 3])).resolve(catch_fight())
    decl = [d for d in payloads(stop, "declared") if d["actor"] == "RAT"][0]
    assert decl["priced"]["difficulty"] == 6
    freed = effects(stop, "maneuvering")[0]
    assert freed["changes"] == [{"op": "release", "fighter": "RAT", "weapon": "arming_sword", "how": "freed"}]
    assert "frees arming_sword" in freed["why"][0]
    rat = stop.state.fighter("RAT")
    assert catch.caught(rat) == [] and pools.usable(rat, rat.weapon, stop.state)


def test_m44_a_failed_maneuvering_roll_leaves_the_weapon_caught():
    stop = (Round().attack("RAT", "maneuvering", "upper_torso", reflex=2, free="arming_sword")
            .declare("VSE", "attack").roll("RAT", "attack", [6, 1])).resolve(catch_fight())
    assert effects(stop, "maneuvering")[0]["changes"] == []
    assert catch.caught(stop.state.fighter("RAT")) == ["arming_sword"]


def test_m44_the_victim_cannot_retreat_holding_the_caught_weapon_unless_he_drops_it():
    """L605: «Пока жертва удерживает захваченный клинок, она не может увеличить дистанцию боя: для этого ей
    необходимо бросить оружие»."""
    base = catch_fight()
    thrust = {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": "RAT", "zone": "upper_torso",
              "dice": {"skill": 2}}
    stop = Round().declare("RAT", "attack").add("order", "VSE", thrust).resolve(base)
    retreat = {"exchange": 1, "step": "defence", "maneuver": "retreat", "dice": {"reflex": 3}}
    problems = check.declaration(stop.state, "RAT", retreat, OPTIONS)
    assert any(p.startswith("condition_failed (5.4.2 M44, L605)") and "no retreat" in p for p in problems)
    assert check.declaration(stop.state, "RAT", {**retreat, "drop": "arming_sword"}, OPTIONS) == []
    assert "condition_failed" in codes(check.declaration(stop.state, "RAT", {**retreat, "drop": "rim_shield"},
                                                         OPTIONS))
    stop = (Round().declare("RAT", "attack").add("order", "VSE", thrust)
            .defend("RAT", "retreat", reflex=3, drop="arming_sword")
            .roll("VSE", "attack", [6, 2]).roll("RAT", "defence", [9, 9, 3])).resolve(base)
    rat = stop.state.fighter("RAT")
    assert rat.weapon_by_id("arming_sword").state == "dropped" and catch.caught(rat) == []
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["melee_ended"] is True
    line = [d for d in payloads(stop, "declared") if d["actor"] == "RAT" and d["step"] == "defence"][0]["why"][0]
    assert line.startswith("RAT drops the caught arming_sword: the blade catch ends")


def test_m44_a_distance_the_victims_own_maneuver_would_lengthen_stays():
    """The sidestepper chooses the distance (CP-17); holding the caught sword RAT cannot lengthen it (L605)."""
    thrust = {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": "RAT", "zone": "upper_torso",
              "dice": {"skill": 2}}
    stop = (Round().declare("RAT", "attack").add("order", "VSE", thrust)
            .defend("RAT", "sidestep", reflex=2)
            .roll("VSE", "attack", [6, 2]).roll("RAT", "defence", [9, 9])
            .choice("RAT", "distance", "long", exchange=1)).resolve(catch_fight())
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["distance"] == "hand"
    assert "RAT holds the caught arming_sword: the distance stays hand, not long (M44, L605)" in ended["why"]


def test_m44_strength_checks_accumulate_and_break_the_caught_weapon_at_its_reliability():
    """L605: «Захваченное оружие можно сломать успешным броском Силы %5 (сложность повышается на 1 за каждую
    категорию, на которую оружие инициатора маневра легче заблокированного) против величины Надежности захваченного
    оружия (успехи накапливаются)»: the sword-breaker (light) against the arming sword (medium, Reliability 7)."""
    brk = {"maneuver": "blade_catch", "break": True, "dice": {"reflex": 0, "skill": 0}}
    one = (Round().declare("RAT", "attack").declare("VSE", "attack", **brk)
           .roll("VSE", "attack", [9, 8, 6, 2]))
    stop = one.resolve(catch_fight())
    priced = [d for d in payloads(stop, "declared") if d["actor"] == "VSE"][0]["priced"]
    assert (priced["difficulty"], priced["dice_to_roll"], priced["cost_points"]) == (6, 4, 0)
    assert "+1: sword_breaker is 1 weight categories lighter than arming_sword (L605)" in priced["difficulty_mods"]
    first = effects(stop, "blade_catch")[0]
    assert first["why"] == ["VSE tries to break the caught arming_sword: Strength 4d %6 [9, 8, 6, 2] → 3 − 0 = 3; "
                            "0 + 3 = 3 < Reliability 7: still caught (M44, L605)"]
    assert catch.progress(stop.state.fighter("RAT"), "arming_sword") == 3
    stop = (one.declare("RAT", "attack", exchange=2).declare("VSE", "attack", exchange=2, **brk)
            .roll("VSE", "attack", [9, 9, 7, 7], exchange=2)).resolve(catch_fight())
    second = effects(stop, "blade_catch")[1]
    assert "3 + 4 = 7 ≥ Reliability 7 → arming_sword breaks" in second["why"][0]
    assert second["changes"][-1] == {"op": "release", "fighter": "RAT", "weapon": "arming_sword", "how": "broken"}
    rat = stop.state.fighter("RAT")
    assert rat.weapon_by_id("arming_sword").state == "broken" and catch.caught(rat) == []


def test_m44_a_break_attempt_needs_a_caught_weapon_and_no_pool_dice():
    state = replace(catch_fight(), round=1, exchange=1, step=1)
    state = state.with_fighter(replace(state.fighter("RAT"), effects=()))
    brk = {"exchange": 1, "step": "attack", "maneuver": "blade_catch", "break": True, "dice": {"reflex": 1}}
    problems = check.declaration(state, "VSE", brk, OPTIONS)
    assert any("no weapon of the opponent is caught" in p for p in problems)
    assert any("no pool dice" in p for p in problems)


# --- M50 quick draw ----------------------------------------------------------------------------------------------

def floor_fight(**vse):
    """VSE's arming sword lies on the floor (disarmed), his dagger sheathed at the belt."""
    state = fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0], "armour": []},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, "armour": [], **vse,
         "weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": [], "state": "dropped"},
                     {"id": "dagger", "type": "dagger", "hands": [], "location": "belt", "state": "sheathed"}]}]},
        holder="RAT", distance="long")
    return state


def test_m50_a_weapon_on_the_floor_costs_three_reflex_and_a_reflex_check_at_5():
    """L646: «3 очка Рефлекса, если оружие на полу»; A-39: recovering it from the floor is a Reflex check at %5."""
    stop = (Round().attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="arming_sword")
            .roll("VSE", "pickup", [8, 3, 2, 2, 2, 2])).resolve(floor_fight())
    assert ("RAT", "order", {"exchange": 1, "step": "attack"}) in asked(stop), why_stopped(stop)
    decl = payloads(stop, "declared")[0]
    p = decl["priced"]
    assert p["activation"] == 3 and p["paid_R"] == 1 + 3 + p["length_penalty"]
    assert decl["why"][0] == ("VSE picks arming_sword up from the floor (M50, 3 R): Reflex 6d %5 [8, 3, 2, 2, 2, 2] → "
                              "1 − 0 = 1 → in hand (A-39)")
    assert "A-39" not in decl["defaults"]  # a success is the plain declaration
    assert stop.state.fighter("VSE").weapon.id == "arming_sword"


def test_m50_a_failed_pickup_fails_the_declaration_and_spends_the_three_reflex():
    stop = (Round().attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="arming_sword")
            .roll("VSE", "pickup", [4, 3, 2, 2, 1, 2])
            .attack("RAT", "thrust", "upper_torso", skill=2)).resolve(floor_fight())
    decl = payloads(stop, "declared")[0]
    assert decl["priced"]["failed"] is True and decl["priced"]["paid_R"] == 3 and decl["priced"]["paid_S"] == 0
    assert decl["why"] == ["VSE picks arming_sword up from the floor (M50, 3 R): Reflex 6d %5 [4, 3, 2, 2, 1, 2] → "
                           "0 − 1 = -1 → fails: the declaration fails, the 3 R are spent (A-39)"]
    vse = stop.state.fighter("VSE")
    assert vse.weapon_by_id("arming_sword").state == "dropped" and vse.spent_R == 3
    # his attack failed: RAT has nothing to answer, and VSE (who acted) no defence under A-09
    assert all(a != ("RAT", "order", {"exchange": 1, "step": "defence"}) for a in asked(stop))


def test_m50_two_weapons_at_once_double_the_activation_and_ambidexterity_draws_both_for_one():
    """L652: «При попытке достать два оружия одновременно стоимость активации маневра удваивается. Преимущество
    Двуправорукость дает возможность достать два оружия сразу по цене одного»."""
    two = {"weapons": [{"id": "a", "type": "dagger", "hands": [], "location": "belt", "state": "sheathed"},
                       {"id": "b", "type": "dagger", "hands": [], "location": "boot", "state": "sheathed"}]}
    for traits, cost, line in (([], 4, "two weapons: 2 × 2 = 4 R (L652)"),
                               (["ambidextrous"], 2, "two weapons for the price of one, 2 R (Ambidexterity, L652)")):
        state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0]},
                                    {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None,
                                     "traits": traits, **two}]}, holder="RAT", distance="short")
        stop = Round().attack("VSE", "thrust", "upper_torso", reflex=1, skill=1, draw=["a", "b"]).resolve(state)
        decl = payloads(stop, "declared")[0]
        assert decl["priced"]["activation"] == cost and decl["why"][0] == f"VSE draws a and b (M50, {line})"
        vse = stop.state.fighter("VSE")
        assert (vse.weapon_by_id("a").hands, vse.weapon_by_id("b").hands) == (("right",), ("left",))
    state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0]},
                                {"sample": "VSE", "cell": [1, 0], "facing": "W", **two}]}, holder="RAT",
                  distance="short", round=1, exchange=1, step=1)
    order = {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": "RAT", "zone": "upper_torso",
             "dice": {"reflex": 1}, "draw": ["a", "b"]}
    assert any("needs both hands free" in p for p in check.declaration(state, "VSE", order, OPTIONS))  # the shield


def test_m50_a_long_weapon_drawn_from_its_scabbard_strikes_only_with_the_hilt():
    """L648: «Если оружие извлекается из ножен и имеет категорию длины больше «короткого», то в текущем обмене вы
    сможете нанести удар только рукоятью (базовый урон равен силе)»."""
    sheathed = {"weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": [], "location": "scabbard",
                             "state": "sheathed"}], "shield": None}
    state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0], "armour": []},
                                {"sample": "VSE", "cell": [1, 0], "facing": "W", **sheathed}]},
                  holder="RAT", distance="medium")
    order = {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "RAT", "zone": "upper_torso",
             "dice": {"reflex": 1, "skill": 2}, "draw": "arming_sword"}
    problems = check.declaration(replace(state, round=1, exchange=1, step=1), "VSE", order, OPTIONS)
    assert any(p.startswith("condition_failed (5.4.3 M50, L648)") and '"hilt": true' in p for p in problems)
    stop = (Round().attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="arming_sword", hilt=True)
            .declare("RAT", "attack").defend("RAT", "pass")
            .roll("VSE", "attack", [9, 3, 2]).roll("VSE", "zone", [3, 4], dice="2d6-2")).resolve(state)
    decl = payloads(stop, "declared")[0]
    assert (decl["priced"]["attack_type"], decl["priced"]["damage_type"]) == ("crush", "crushing")
    assert decl["why"][0] == "VSE draws arming_sword (M50, 1 R) (only a hilt strike this exchange, L648)"
    hit = payloads(stop, "hit")[0]
    assert hit["raw"] == 4 and hit["damage_type"] == "crushing"
    assert "D = Strength 4 = 4: a hilt strike after the quick draw (M50, L648)" in hit["why"]
    later = {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "RAT", "zone": "upper_torso",
             "dice": {"skill": 2}, "hilt": True}
    assert "condition_failed" in codes(check.declaration(replace(state, round=1, exchange=1, step=1), "RAT", later,
                                                         OPTIONS))


# --- M15 the phase-2 blow's damage -------------------------------------------------------------------------------

def spearman():
    return fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0], "armour": []},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, "skills": {"spears": 6, "acrobatics": 3,
                                                                                     "body_language": 3},
         "weapons": [{"id": "spear", "type": "spear", "hands": ["right", "left"]}]}]},
        holder="VSE", distance="long")


def phase2():
    return (Round()
            .declare("RAT", "attack")
            .attack("VSE", "thrust", "head", reflex=2, skill=3)
            .choice("VSE", "transfer_feint", {"master": 0, "extraordinary": 1}, exchange=1)
            .defend("RAT", "sidestep", reflex=3)
            .roll("VSE", "attack", [9, 8, 7, 2, 3]).roll("RAT", "defence", [6, 2, 1])
            .declare("RAT", "attack", exchange=2)
            .attack("VSE", "thrust", "left_leg", skill=2, exchange=2)
            .defend("RAT", "pass", exchange=2)
            .roll("VSE", "attack", [8, 3], exchange=2))


def test_m15_the_phase_two_blow_asks_the_gm_for_its_damage_the_rulebook_gives_none():
    """L363: the phase-2 blow uses the opposite side of the weapon; the rulebook gives it no damage: the GM rules."""
    stop = phase2().resolve(spearman())
    req = [r for r in stop.requests if r.name == "reverse_damage"]
    assert req and req[0].actor is None and req[0].key_dict == {"exchange": 2, "attacker": "VSE"}, why_stopped(stop)
    assert "the rulebook gives no damage for the opposite side of the weapon" in req[0].what
    stop = (phase2().choice(None, "reverse_damage", {"damage": 3, "type": "crushing"}, exchange=2, attacker="VSE")
            .roll("VSE", "zone", [3, 4], dice="2d6-2", exchange=2)).resolve(spearman())
    hit = payloads(stop, "hit")[0]
    assert hit["raw"] == 3 and hit["damage_type"] == "crushing"
    assert ("D = 3 crushing = 3: the GM's ruling for the opposite side of the weapon (the rulebook gives none, M15, "
            "L363)") in hit["why"]


def test_m15_the_reverse_damage_ruling_is_the_gms_and_names_damage_and_type():
    from eventlog.envelope import Draft
    from replay.rulesets.skirmish.maneuvers import transfer

    state = spearman()
    assert transfer.as_reverse("3 crushing") == {"damage": 3, "type": "crushing", "penetration": 0}
    assert transfer.as_reverse({"damage": 3, "type": "blunt"}) is None
    bad = Draft("choice", {"name": "reverse_damage", "value": {"damage": 3, "type": "crushing"}, "exchange": 2,
                           "attacker": "VSE"}, actor="VSE")
    assert check.check(state, (), bad, OPTIONS) == [transfer.REVERSE_FORMAT]
    good = Draft("choice", {"name": "reverse_damage", "value": "3 crushing", "exchange": 2, "attacker": "VSE"})
    assert check.check(state, (), good, OPTIONS) == []


# --- the Reliability check of a block stopping a shield or unarmed strike ------------------------------------------

def test_a_block_stopping_an_unarmed_strike_asks_the_blocking_weapons_reliability_check():
    """A-41, C7: every blow stopped by a block asks the blocking item's Reliability check; a kick's D is
    Strength (M28)."""
    state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0], "armour": []},
                                {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None}]},
                  holder="RAT", distance="short")
    stop = (Round().declare("VSE", "attack").attack("RAT", "kick", "upper_torso", reflex=2)
            .defend("VSE", "weapon_block", reflex=3)
            .roll("RAT", "attack", [7, 2]).roll("VSE", "defence", [8, 8, 3])).resolve(state)
    assert ("VSE", "reliability", {"exchange": 1}) in asked(stop), why_stopped(stop)
    stop = (Round().declare("VSE", "attack").attack("RAT", "kick", "upper_torso", reflex=2)
            .defend("VSE", "weapon_block", reflex=3)
            .roll("RAT", "attack", [7, 2]).roll("VSE", "defence", [8, 8, 3])
            .roll("VSE", "reliability", [6, 2, 2, 2, 2, 2, 2, 2])
            .roll("VSE", "fortitude", [7, 2, 2])).resolve(state)  # D 5 > Strength 4 (L525)
    blocked = payloads(stop, "blocked")[0]
    assert blocked["item"] == "arming_sword" and blocked["raw"] == 5 and not blocked["broken"]
    assert blocked["attacker_item"] is None and not blocked["attacker_weapon_broken"]
    assert blocked["why"][0] == "D = Strength 5 = 5"


# --- every new line and problem reads in Russian ----------------------------------------------------------------

def _stops():
    brk = {"maneuver": "blade_catch", "break": True, "dice": {"reflex": 0, "skill": 0}}
    thrust = {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": "RAT", "zone": "upper_torso",
              "dice": {"skill": 2}}
    two = {"weapons": [{"id": "a", "type": "dagger", "hands": [], "location": "belt", "state": "sheathed"},
                       {"id": "b", "type": "dagger", "hands": [], "location": "boot", "state": "sheathed"}]}
    sheathed = {"weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": [], "location": "scabbard",
                             "state": "sheathed"}], "shield": None}
    yield (Round().attack("RAT", "maneuvering", "upper_torso", reflex=2, free="arming_sword")
           .declare("VSE", "attack").roll("RAT", "attack", [7, 3])).resolve(catch_fight())
    yield (Round().attack("RAT", "maneuvering", "upper_torso", reflex=2, free="arming_sword")
           .declare("VSE", "attack").roll("RAT", "attack", [6, 1])).resolve(catch_fight())
    yield (Round().declare("RAT", "attack").add("order", "VSE", thrust)
           .defend("RAT", "retreat", reflex=3, drop="arming_sword")
           .roll("VSE", "attack", [6, 2]).roll("RAT", "defence", [9, 9, 3])).resolve(catch_fight())
    yield (Round().declare("RAT", "attack").add("order", "VSE", thrust).defend("RAT", "sidestep", reflex=2)
           .roll("VSE", "attack", [6, 2]).roll("RAT", "defence", [9, 9])
           .choice("RAT", "distance", "long", exchange=1)).resolve(catch_fight())
    yield (Round().declare("RAT", "attack").declare("VSE", "attack", **brk).roll("VSE", "attack", [9, 8, 6, 2])
           .declare("RAT", "attack", exchange=2).declare("VSE", "attack", exchange=2, **brk)
           .roll("VSE", "attack", [9, 9, 7, 7], exchange=2)).resolve(catch_fight())
    yield (Round().attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="arming_sword")
           .roll("VSE", "pickup", [8, 3, 2, 2, 2, 2])).resolve(floor_fight())
    yield (Round().attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="arming_sword")
           .roll("VSE", "pickup", [4, 3, 2, 2, 1, 2])).resolve(floor_fight())
    for traits in ([], ["ambidextrous"]):
        state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0]},
                                    {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None,
                                     "traits": traits, **two}]}, holder="RAT", distance="short")
        yield Round().attack("VSE", "thrust", "upper_torso", reflex=1, skill=1, draw=["a", "b"]).resolve(state)
    state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0], "armour": []},
                                {"sample": "VSE", "cell": [1, 0], "facing": "W", **sheathed}]},
                  holder="RAT", distance="medium")
    yield (Round().attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="arming_sword", hilt=True)
           .declare("RAT", "attack").defend("RAT", "pass")
           .roll("VSE", "attack", [9, 3, 2]).roll("VSE", "zone", [3, 4], dice="2d6-2")).resolve(state)
    yield (phase2().choice(None, "reverse_damage", {"damage": 3, "type": "crushing"}, exchange=2, attacker="VSE")
           .roll("VSE", "zone", [3, 4], dice="2d6-2", exchange=2)).resolve(spearman())
    from tests.skirmish.test_wrestling import duel, holding

    state = replace(holding(duel()), holder="RAT", distance="hand")
    yield (Round().declare("VSE", "attack").declare("RAT", "attack", "throw", target="VSE", dice={"reflex": 4})
           .roll("RAT", "attack", [9, 9, 9, 2]).roll("VSE", "opposed", [2] * 9)
           .choice("RAT", "throw_zone", "head", exchange=1)
           .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_endurance", [2, 2, 2, 2])
           .roll("VSE", "fall_damage", [3, 4], dice="2d6")).resolve(state)
    yield (Round().declare("VSE", "attack").declare("RAT", "attack", "throw", target="VSE", dice={"reflex": 4})
           .roll("RAT", "attack", [9, 2, 2, 2]).roll("VSE", "opposed", [2] * 9)
           .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [1], dice="1d6")
           .roll("VSE", "fall_endurance", [2, 2, 2, 2])
           .choice(None, "stance_zone", "upper_torso", exchange=1, fighter="VSE", on="fall")
           .roll("VSE", "fall_damage", [3], dice="1d6")).resolve(state)
    yield (Round().declare("VSE", "attack").declare("RAT", "attack", "pain_hold", target="VSE", dice={"reflex": 3})
           .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2])
           .declare("VSE", "attack", exchange=2)
           .declare("RAT", "attack", "envelop", target="VSE", zones=["head"], dice={"reflex": 1}, exchange=2)
           .declare("VSE", "defence", exchange=2).roll("RAT", "attack", [9, 2, 2], exchange=2)).resolve(state)


def test_every_new_why_line_reads_in_russian():
    import re

    from replay.render.i18n import UNTRANSLATED
    from replay.rulesets.skirmish import messages

    lines = 0
    for stop in _stops():
        for d in stop.drafts:
            for english in d.payload.get("why", []):
                said = messages.why({"why": [english]}, "ru")[0]
                lines += 1
                assert not said.startswith(UNTRANSLATED["ru"]), english
                assert not set(re.findall(r"[A-Za-z_]{3,}", said)) - {"RAT", "VSE"}, (english, said)
    assert lines > 100


PROBLEM_CASES = [
    (replace(catch_fight(), round=1, exchange=1, step=1), "RAT",
     {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "VSE", "zone": "upper_torso",
      "dice": {"skill": 2}}),
    (replace(catch_fight(), round=1, exchange=1, step=1), "RAT",
     {"exchange": 1, "step": "attack", "maneuver": "maneuvering", "free": "rim_shield", "dice": {"skill": 1}}),
    (replace(catch_fight(), round=1, exchange=1, step=1), "VSE",
     {"exchange": 1, "step": "attack", "maneuver": "blade_catch", "dice": {"skill": 1}}),
    (replace(catch_fight(), round=1, exchange=1, step=1), "VSE",
     {"exchange": 1, "step": "attack", "maneuver": "blade_catch", "break": True, "dice": {"skill": 1}}),
    (replace(catch_fight(), round=1, exchange=1, step=1), "RAT",
     {"exchange": 1, "step": "attack", "maneuver": "kick", "target": "VSE", "zone": "upper_torso",
      "dice": {"reflex": 1}, "drop": "rim_shield"}),
    (replace(floor_fight(), round=1, exchange=1, step=1), "VSE",
     {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "RAT", "zone": "upper_torso",
      "dice": {"reflex": 1}, "draw": ["arming_sword", "dagger"]}),
    (replace(floor_fight(), round=1, exchange=1, step=1), "VSE",
     {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "RAT", "zone": "upper_torso",
      "dice": {"reflex": 1}, "draw": ["dagger", "dagger"]}),
    (replace(floor_fight(), round=1, exchange=1, step=1), "VSE",
     {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": "RAT", "zone": "upper_torso",
      "dice": {"reflex": 1}, "draw": "dagger", "hilt": True}),
]


def test_every_new_problem_reads_in_russian():
    import re

    from replay.render import i18n
    from replay.ruleset import get as get_ruleset
    from replay.rulesets.skirmish.maneuvers import transfer

    rs = [get_ruleset("skirmish")]
    said = []
    for state, actor, order in PROBLEM_CASES:
        problems = check.declaration(state, actor, order, OPTIONS)
        assert problems, order
        said += problems
    retreat = {"exchange": 1, "step": "defence", "maneuver": "retreat", "dice": {"reflex": 3}}
    thrust = {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": "RAT", "zone": "upper_torso",
              "dice": {"skill": 2}}
    stop = Round().declare("RAT", "attack").add("order", "VSE", thrust).resolve(catch_fight())
    said += check.declaration(stop.state, "RAT", retreat, OPTIONS)
    sheathed = {"weapons": [{"id": "arming_sword", "type": "arming_sword", "hands": [], "location": "scabbard",
                             "state": "sheathed"}], "shield": None}
    state = fight({"fighters": [{"sample": "RAT", "cell": [0, 0]}, {"sample": "VSE", "cell": [1, 0], **sheathed}]},
                  holder="RAT", distance="medium", round=1, exchange=1, step=1)
    said += check.declaration(state, "VSE", {**thrust, "draw": "arming_sword"}, OPTIONS)
    said += check.declaration(state, "VSE", {**thrust, "maneuver": "power_blow", "attack_type": "chop",
                                             "draw": "arming_sword", "hilt": True}, OPTIONS)
    said.append(transfer.REVERSE_FORMAT)
    keys = {"RAT", "VSE", "maneuvering", "free", "drop", "hilt", "true", "dice", "reflex", "skill", "break",
            "draw", "reverse_damage", "actor", "exchange", "attacker", "crushing", "chopping", "cutting", "piercing",
            "json", "damage", "type", "penetration"}
    for english in dict.fromkeys(said):
        ru = i18n.localize(english, "ru", rs)
        assert not ru.startswith(i18n.UNTRANSLATED["ru"]), english
        assert not set(re.findall(r"[A-Za-z_]{3,}", ru)) - keys, (english, ru)


# --- wrestling: 5.8.2 armour skill penalty, 5.8.3 flow, 5.8.5 the thrower's zone, CP-33 -------------------------

def wrestlers(**fields):
    from tests.skirmish.test_wrestling import duel, holding

    return replace(holding(duel()), holder="RAT", distance="hand", **fields)


def test_582_the_armour_skill_penalty_for_the_wrestling_maneuvers_the_gm_names():
    """L739: «часть борцовских маневров получают дополнительный штраф от доспеха и нагрузки (равных их штрафу на
    умения)»: which ones is the GM's (setup armour_penalty); RAT's mail over gambeson has skill penalty 1."""
    from replay.rulesets.skirmish import costs

    order = {"exchange": 1, "step": "attack", "maneuver": "pain_hold", "target": "VSE", "dice": {"reflex": 2}}
    plain = wrestlers(round=1, exchange=1)
    rat = plain.fighter("RAT")
    base, _ = costs.difficulty(plain, rat, order, None, OPTIONS)
    ruled = replace(plain, armour_penalty=("pain_hold",))
    tn, mods = costs.difficulty(ruled, rat, order, None, OPTIONS)
    assert tn == base + 1 and "+1 armour skill penalty (mail_over_gambeson 1; 5.8.2, L739)" in mods
    assert costs.difficulty(ruled, rat, {**order, "maneuver": "envelop", "zones": []}, None, OPTIONS)[0] == base
    from replay.rulesets.skirmish.model import Setup, state_to_json

    assert "armour_penalty" not in state_to_json(plain)
    assert list(state_to_json(ruled)["armour_penalty"]) == ["pain_hold"]
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="armour_penalty: thrust are no wrestling maneuvers"):
        Setup.model_validate({"fighters": [{"sample": "RAT"}, {"sample": "VSE"}], "armour_penalty": ["thrust"]})


def test_583_a_techniques_final_successes_flow_on_as_bonus_dice():
    """L759: «после успешного захвата, итоговые успехи при проведении маневра/приема в первом/втором обмене
    переводятся в виде бонусных кубиков во второй обмен/следующий раунд» (A-96: besides its own effect)."""
    state = wrestlers()
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "pain_hold", target="VSE",
                                                     dice={"reflex": 3})
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2])).resolve(state)
    flowed = [e for e in effects(stop, "pain_hold") if e["why"][0].startswith("flow")]
    assert flowed[0]["changes"] == [{"op": "effect", "fighter": "RAT", "kind": "bonus", "amount": 2, "start": [1, 2],
                                     "until": [1, 2], "ref": "wrestling", "source": "flow"}]
    assert flowed[0]["why"] == ["flow: RAT's 2 final successes → +2 wrestling dice in exchange 2 (5.8.3, L759)"]
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "pain_hold", target="VSE",
                                                     dice={"reflex": 3})
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2])
            .declare("VSE", "attack", exchange=2)
            .declare("RAT", "attack", "envelop", target="VSE", zones=["head"], dice={"reflex": 1}, exchange=2)
            .declare("VSE", "defence", exchange=2).roll("RAT", "attack", [9, 2, 2], exchange=2)).resolve(state)
    envelop = [d for d in payloads(stop, "declared") if d["maneuver"] == "envelop"][0]["priced"]
    assert envelop["bonus_dice"] == 2 and envelop["dice_to_roll"] == 3
    nxt = [e for e in effects(stop, "envelop") if e["why"][0].startswith("flow")][0]["changes"][0]
    assert (nxt["amount"], nxt["start"], nxt["until"]) == (1, [2, 1], [2, 2])  # exchange 2 → the next round


def test_585_the_thrower_may_spend_one_final_success_on_the_fall_zone():
    """L787–789: «Добавить к "высоте падения" 1 м — 2; Сменить зону падения — 1»: with 3 final successes and the
    zone changed to the head, the fall is from 1 + ⌊(3 − 1)/2⌋ = 2 m, and no zone is rolled."""
    state = wrestlers()
    rnd = (Round().declare("VSE", "attack").declare("RAT", "attack", "throw", target="VSE", dice={"reflex": 4})
           .roll("RAT", "attack", [9, 9, 9, 2]).roll("VSE", "opposed", [2] * 9)
           .choice("RAT", "throw_zone", "head", exchange=1)
           .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_endurance", [2, 2, 2, 2])
           .roll("VSE", "fall_damage", [3, 4], dice="2d6"))
    stop = rnd.resolve(state)
    assert stop.error is None and not stop.requests or all(r.name != "fall_zone" for r in stop.requests), \
        why_stopped(stop)
    throw = effects(stop, "throw")
    assert throw[0]["why"][0].startswith("throw: VSE is thrown from 2 m (1 + ⌊(3 − 1)/2⌋, 1 success on the zone "
                                         "head, L787)")
    fall = next(c for c in throw[1]["changes"] if c["op"] == "fall")
    assert (fall["zone"], fall["metres"], fall["dice"]) == ("head", 2, 2)
    assert "the zone the thrower chose → head" in throw[1]["why"][1]
    default = (Round().declare("VSE", "attack").declare("RAT", "attack", "throw", target="VSE", dice={"reflex": 4})
               .roll("RAT", "attack", [9, 9, 9, 2]).roll("VSE", "opposed", [2] * 9)).resolve(state)
    assert ("VSE", "fall_zone", {"exchange": 1}) in asked(default)  # all on height by default: the zone is rolled


def test_cp33_the_gm_may_adjust_a_stance_table_zone_for_a_side_or_back_view():
    """5.5.2 (L998): «таблица прописана для стрельбы — анфас. При стрельбе в профиль или сзади Мастер может
    корректировать зоны попадания»: the GM's choice stance_zone on a fall's 1d6."""
    state = wrestlers()
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "throw", target="VSE", dice={"reflex": 4})
            .roll("RAT", "attack", [9, 2, 2, 2]).roll("VSE", "opposed", [2] * 9)
            .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [1], dice="1d6")
            .roll("VSE", "fall_endurance", [2, 2, 2, 2])
            .choice(None, "stance_zone", "upper_torso", exchange=1, fighter="VSE", on="fall")
            .roll("VSE", "fall_damage", [3], dice="1d6")).resolve(state)
    fall = effects(stop, "throw")[1]
    assert next(c for c in fall["changes"] if c["op"] == "fall")["zone"] == "upper_torso"
    assert "zone 1d6 [1] changed by the GM (CP-33) → upper_torso" in fall["why"][1]
