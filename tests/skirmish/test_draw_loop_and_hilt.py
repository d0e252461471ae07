"""Issue 8, the last rules of two fighters: the hilt strike of a weapon longer than short in wrestling (L723) and the
quick draw of a weapon hanging on its wrist loop (M50, L689, A-39)."""

from __future__ import annotations

from dataclasses import replace

from replay.rulesets.skirmish import check
from replay.rulesets.skirmish.model import SkirmishOptions
from tests.skirmish.kit import Round, payloads
from tests.skirmish.test_wrestling import codes, duel, holding

OPTIONS = SkirmishOptions()
SWORD = {"weapons": [{"id": "sword", "type": "arming_sword", "hands": ["right"]}]}


def grappling(rat=None):
    return replace(holding(duel(rat=rat or SWORD), start=(1, 1)), holder="RAT", distance="hand")


def strike(**fields):
    return {"exchange": 1, "step": "attack", "maneuver": "grapple_weapon_strike", "target": "VSE",
            "zone": "upper_torso", "dice": {"reflex": 2}, "attack_type": "chop", **fields}


def test_l723_a_longer_weapon_strikes_in_wrestling_only_with_the_hilt():
    """L723: «В остальных случаях удары можно наносить только рукоятью ... (сложность удара повышается на 1)»."""
    state = grappling()
    refused = check.declaration(state, "RAT", strike(), OPTIONS)
    assert codes(refused) == ["condition_failed"] and "L723" in refused[0] and '"hilt": true' in refused[0]
    assert check.declaration(state, "RAT", strike(hilt=True), OPTIONS) == []
    dagger = grappling({"weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}]})
    wrong = check.declaration(dagger, "RAT", strike(hilt=True, attack_type="thrust"), OPTIONS)
    assert codes(wrong) == ["condition_failed"] and "L723" in wrong[0]


def test_l723_the_hilt_strike_is_one_harder_and_deals_half_the_strength_crushing():
    """The arming sword's chop %5 + 1 = %6 (L723); D = Strength, crushing, halved in wrestling (L840)."""
    state = grappling()
    stop = (Round().declare("VSE", "attack").attack("RAT", "grapple_weapon_strike", "upper_torso", reflex=2,
                                                    attack_type="chop", hilt=True)
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9]).roll("RAT", "zone", [3, 3], dice="2d6-2")
            .roll("RAT", "penetration", [6], dice="1d6")).resolve(state)
    hit = payloads(stop, "hit")[0]
    strength = state.fighter("RAT").char("strength")
    assert hit["raw"] == strength // 2
    assert hit["damage_type"] == "crushing", hit
    declared = [p for p in payloads(stop, "declared") if p.get("actor") == "RAT" and p.get("step") == "attack"]
    assert declared and declared[0]["priced"]["difficulty"] == 6, declared


def sabre_duel(state="ready"):
    """VSE holds the SAMPLE sabre with a wrist loop (or it hangs on his wrist after a disarm)."""
    from tests.skirmish.kit import fight

    hands = ["right"] if state == "ready" else []
    return fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0], "armour": [], "skills": {"swords": 6}},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, "armour": [],
         "weapons": [{"id": "sabre", "type": "sabre", "hands": hands, "state": state},
                     {"id": "dagger", "type": "dagger", "hands": [], "location": "belt", "state": "sheathed"}]}]},
        holder="RAT", distance="long")


def test_l689_a_disarmed_weapon_with_a_wrist_loop_hangs_on_the_wrist():
    """L689: «Если оружие врага имеет петлю на рукояти, то оно повисает на руке»: no flight, no floor; «Для закрытой
    рукояти уменьшается сложность броска Силы до %4» (the SAMPLE sabre has both)."""
    from tests.skirmish.test_maneuvers import effects

    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "disarm", target="VSE",
                                                     dice={"reflex": 0, "skill": 4})
            .defend("VSE", "sidestep", reflex=1)
            .roll("RAT", "attack", [9, 9, 9, 9]).roll("VSE", "defence", [2]).roll("VSE", "strength", [6, 2, 2, 2])
            ).resolve(sabre_duel())
    eff = effects(stop, "disarm")[0]
    assert eff["changes"][1:] == [{"op": "drop", "fighter": "VSE", "weapon": "sabre", "state": "hanging"}]
    assert any("hangs on the wrist by its loop (L689)" in w for w in eff["why"])
    assert "sabre has a closed hilt: the Strength check at %4 (L689)" in eff["why"]
    assert (eff["changes"][0]["difficulty"], eff["changes"][0]["net"]) == (4, 1)  # the closed hilt: %4 (L689)
    sabre = stop.state.fighter("VSE").weapon_by_id("sabre")
    assert stop.state.fighter("VSE").weapon is None and sabre.state == "hanging"


def test_a39_quick_draw_recovers_the_hanging_weapon_with_a_reflex_check_at_4():
    """L689 «сложность броска быстрого вооружения понижается до %4», A-39; 1 R by analogy (L646, PROPOSED)."""
    stop = (Round().attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="sabre")
            .roll("VSE", "pickup", [4, 3, 2, 2, 2, 2])).resolve(sabre_duel("hanging"))
    decl = payloads(stop, "declared")[0]
    assert decl["priced"]["activation"] == 1 and not decl["priced"].get("failed")
    assert decl["why"][0] == ("VSE recovers sabre hanging on its wrist loop (M50, 1 R, PROPOSED): Reflex 6d %4 "
                              "[4, 3, 2, 2, 2, 2] → 1 − 0 = 1 → in hand (A-39)")
    assert stop.state.fighter("VSE").weapon.id == "sabre"


def test_a39_a_failed_recovery_from_the_loop_spends_the_reflex_and_fails_the_declaration():
    stop = (Round().attack("VSE", "chop", "upper_torso", reflex=1, skill=2, draw="sabre")
            .roll("VSE", "pickup", [3, 3, 2, 2, 2, 2])
            .attack("RAT", "thrust", "upper_torso", skill=2)).resolve(sabre_duel("hanging"))
    decl = payloads(stop, "declared")[0]
    assert decl["priced"]["failed"] is True and decl["priced"]["paid_R"] == 1
    assert decl["why"][0].endswith("→ 0 − 0 = 0 → fails: the declaration fails, the 1 R are spent (A-39)")
    assert stop.state.fighter("VSE").weapon is None


def test_a_hanging_weapon_is_recovered_alone():
    order = {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "RAT", "zone": "upper_torso",
             "dice": {"reflex": 1, "skill": 2}, "draw": ["sabre", "dagger"]}
    problems = check.declaration(sabre_duel("hanging"), "VSE", order, OPTIONS)
    assert any("recovered alone (L689" in p for p in problems), problems


def test_the_last_place_a_weapon_was_recovered_from_does_not_price_the_next_draw():
    """A weapon recovered from its loop and later dropped lies on the floor (3 R); one picked up from the floor and
    later disarmed hangs on its loop (1 R)."""
    from replay.rulesets.skirmish import draw
    from replay.rulesets.skirmish.model import Weapon

    was_looped = Weapon("sabre", "sabre", (), "one_hand", "dropped", "wrist_loop")
    was_on_floor = Weapon("sabre", "sabre", (), "one_hand", "hanging", "floor")
    assert (draw.on_floor(was_looped), draw.hanging(was_looped)) == (True, False)
    assert (draw.on_floor(was_on_floor), draw.hanging(was_on_floor)) == (False, True)


def spent(state, fid="VSE"):
    """`fid` with no reflex points left this round."""
    f = state.fighter(fid)
    return state.with_fighter(replace(f, spent_R=f.spent_R + 99))


def test_l650_with_no_reflex_points_the_draw_takes_the_whole_round():
    """L650: «В случае отсутствия очков Рефлекса, персонаж извлекает оружие за один раунд»: a pass with `draw`;
    the dagger is in hand when the next round starts, and until then he does nothing else."""
    from replay.rulesets.skirmish import draw
    from tests.skirmish.test_part1_rules import floor_fight

    order = {"exchange": 1, "step": "attack", "maneuver": "pass", "draw": "dagger"}
    with_reflex = check.declaration(floor_fight(), "VSE", order, OPTIONS)
    assert codes(with_reflex) == ["condition_failed"] and "L650" in with_reflex[0]
    state = spent(floor_fight())
    assert check.declaration(state, "VSE", order, OPTIONS) == []
    floor = check.declaration(state, "VSE", {**order, "draw": "arming_sword"}, OPTIONS)
    assert codes(floor) == ["condition_failed"] and "A-39" in floor[0]
    no_reflex = dict(state.fighter("VSE").characteristics, reflex=0)  # no reflex points from the round's start
    stop = Round().declare("VSE", "attack", draw="dagger").resolve(floor_fight(characteristics=no_reflex))
    decl = next(p for p in payloads(stop, "declared") if p["actor"] == "VSE")
    assert decl["why"][0] == ("VSE draws dagger over the whole round: no reflex points (M50, L650); in hand from "
                              "round 2")
    drawing = stop.state
    assert drawing.fighter("VSE").weapon is None and drawing.fighter("VSE").weapon_by_id("dagger").state == "drawing"
    chop = {"exchange": 2, "step": "attack", "maneuver": "chop", "target": "RAT", "zone": "upper_torso",
            "dice": {"skill": 1}}
    busy = check.declaration(drawing, "VSE", chop, OPTIONS)
    assert codes(busy) == ["condition_failed"] and "L650" in busy[0]
    assert draw.finished(drawing).fighter("VSE").weapon.id == "dagger"
