"""Wrestling (spec 5.8, M51–M52, M59–M74) and falls (5.8.5), each from the rulebook's wording, and the spec's
T-06, T-13, T-20, T-22, T-29, T-30."""

from dataclasses import replace

from replay.rulesets.skirmish import check, pools
from replay.rulesets.skirmish.evolve import grappled
from replay.rulesets.skirmish.maneuvers.general import height_bonus
from replay.rulesets.skirmish.maneuvers.wrestling import envelop_zones, weight_mod
from replay.rulesets.skirmish.model import Declared, SkirmishOptions
from tests.skirmish.kit import Round, asked, fight, payloads

OPTIONS = SkirmishOptions()


def duel(rat=None, vse=None, **fields):
    """Unarmed wrestlers: RAT (wrestling 2) and VSE (wrestling 1) without weapons or shield."""
    return fight({"fighters": [{"sample": "RAT", "cell": [0, 0], "weapons": [], **(rat or {})},
                               {"sample": "VSE", "cell": [1, 0], "facing": "W", "weapons": [], "shield": None,
                                **(vse or {})}]}, **fields)


def holding(state, holder="RAT", held="VSE", grabbed="main_arm", zones=(), start=(1, 1)):
    """The state in a grapple formed before (the wrestling pool from `start`)."""
    return grappled(state, {"holder": holder, "held": held, "grabbed": grabbed, "zones": list(zones),
                            "ground": False, "start": list(start), "bonus": {}})


def codes(problems):
    return [p.split(" ", 1)[0] for p in problems]


def effects(stop, code):
    return [e for e in payloads(stop, "effect") if e["maneuver"] == code]


def op(effect, name):
    """The change of an effect with this op."""
    return next(c for c in effect["changes"] if c["op"] == name)


def wrestle(maneuver, **fields):
    return {"exchange": 1, "step": "attack", "maneuver": maneuver, "target": "VSE", "dice": {"reflex": 2},
            **fields}


def test_m51_a_grab_fails_the_opponents_maneuvers_holds_him_and_carries_its_successes_over():
    """L660: «Вы делаете рывок в сторону противника и пытаетесь захватить его руку или оружие, используя навык
    Борьбы по %5 сложности по Рефлексу»; the final successes are bonus dice on wrestling next exchange."""
    state = duel(holder="RAT", distance="short")
    stop = (Round().attack("VSE", "kick", "left_leg", reflex=2).attack("RAT", "grab", "right_arm", reflex=3)
            .declare("VSE", "defence").declare("RAT", "defence")
            .roll("RAT", "attack", [9, 8, 2]).roll("VSE", "attack", [9, 9])).resolve(state)
    grab = [d for d in payloads(stop, "declared") if d["maneuver"] == "grab"][0]["priced"]
    assert grab["difficulty"] == 5 and grab["activation"] == 1  # short = 1 category beyond hand
    clashes = payloads(stop, "clash")
    assert clashes[0]["opposed"]["final"] == 2 and "fails" in clashes[1]["cancelled"]
    assert stop.state.grapple["holder"] == "RAT" and stop.state.grapple["grabbed"] == "main_arm"
    assert stop.state.distance == "hand" and stop.state.grapple["start"] == [1, 2]
    rat = stop.state.fighter("RAT")
    assert pools.amount(rat, "bonus", 1, 2, "wrestling") == 2
    assert not pools.wrestling(rat, 1, 1) and pools.wrestling(rat, 1, 2)


def test_a_grab_needs_a_free_hand_and_no_long_weapon():
    """L656: no weapon in the hands except hand-length ones, and at least one free hand."""
    state = fight(holder="RAT", distance="hand", round=1, exchange=1)
    problems = check.declaration(state, "RAT", wrestle("grab", zone="right_arm"), OPTIONS)
    assert "condition_failed" in codes(problems) and "longsword" in " ".join(problems)


def test_the_wrestling_pool_is_endurance_and_wrestling_and_envelop_halves_it():
    """A-47 and the Envelop table (L803–810): the main arm held halves skill and reflex points; both legs: reflex 0."""
    state = holding(duel(), zones=("main_arm",))
    vse = state.fighter("VSE")
    assert pools.caps(state.fighter("RAT"), 1, 1) == (5, 2)  # Endurance 5, wrestling 2
    assert pools.caps(vse, 1, 1) == (4 // 2, 1 // 2)
    legs = holding(duel(), zones=("legs",)).fighter("VSE")
    assert pools.caps(legs, 1, 1) == (0, 1)


def test_a_wrestling_maneuver_outside_wrestling_is_refused():
    state = duel(holder="RAT", distance="hand", round=1, exchange=1)
    problems = check.declaration(state, "RAT", wrestle("throw"), OPTIONS)
    assert codes(problems)[0] == "condition_failed" and "5.8.1" in problems[0]


def test_m63_envelop_t29():
    """T-29 (L801): «Если вы набрали только 1 итоговый успех…» — final 1 keeps the hold; 2 no new zone; 3 one; 5 two."""
    assert [envelop_zones(n) for n in (1, 2, 3, 5)] == [0, 0, 1, 2]
    state = replace(holding(duel(), start=(1, 1)), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "envelop", target="VSE",
                                                     zones=["legs", "head"], dice={"reflex": 3, "skill": 0})
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 9])).resolve(state)
    assert stop.state.grapple["zones"] == ["legs"]
    assert pools.caps(stop.state.fighter("VSE"), 1, 2)[0] == 0


def test_m61_a_throw_is_opposed_by_a_reactive_check_and_falls_from_one_metre_plus():
    """L785–789: the victim's free reactive Wrestling or Acrobatics by Reflex check; the victim falls from 1 m, +1 m
    per 2 final successes; the hold is kept only if the thrower falls too (CP-20)."""
    state = replace(holding(duel()), holder="RAT", distance="hand")
    rnd = (Round().declare("VSE", "attack").declare("RAT", "attack", "throw", target="VSE",
                                                    dice={"reflex": 4, "skill": 0}))
    stop = rnd.resolve(state)
    assert ("VSE", "opposed", {"exchange": 1}) in asked(stop)
    stop = (rnd.roll("RAT", "attack", [9, 9, 9, 9]).roll("VSE", "opposed", [2, 2, 2, 2, 2, 2, 2, 2, 2])
            .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [1], dice="1d6")
            .roll("VSE", "fall_endurance", [6, 2, 2, 2]).roll("VSE", "fall_damage", [3, 4, 2], dice="3d6")
            ).resolve(state)
    assert payloads(stop, "clash")[0]["opposed"]["final"] == 4
    throw = effects(stop, "throw")
    assert "from 3 m" in throw[0]["why"][0]
    fall = throw[1]
    assert op(fall, "stance") == {"op": "stance", "fighter": "VSE", "stance": "lying"}
    assert op(fall, "fall")["dice"] == 3 and op(throw[0], "throw")["metres"] == 3
    wound = op(fall, "wound")["wound"]
    assert wound["zone"] == "left_leg" and wound["W"] == 9 - 1
    assert stop.state.grapple is None and stop.state.fighter("VSE").stance == "lying"


def test_t06_a_fall_from_three_metres():
    """T-06 (L755): 3 m; Acrobatics 2 successes remove one die; zone 1d6 = 1 → legs; 2d6 = 4; Endurance 3 successes;
    no crushing armour on the legs → damage 1."""
    from replay.context import TurnInputs, run
    from replay.rulesets.skirmish.maneuvers.falls import fall
    from tests.skirmish.kit import RULESET

    state = duel(vse={"armour": []}, holder="RAT", distance="hand")
    rnd = (Round().roll("VSE", "acrobatics", [9, 9, 2, 2, 2, 2, 2, 2, 2]).roll("VSE", "fall_zone", [1], dice="1d6")
           .roll("VSE", "fall_endurance", [6, 6, 6, 2]).roll("VSE", "fall_damage", [1, 3], dice="2d6"))

    def resolve(s, turn, ctx, options):
        ctx.set_phase("x1.resolve")
        fall(ctx, 1, "VSE", 3, "a test", options, "throw")

    stop = run(resolve, RULESET.evolve, replace(state, round=1, exchange=1), 1, TurnInputs.of(1, rnd.events),
               OPTIONS, "g")
    eff = payloads(stop, "effect")[0]
    assert "−1 die" in eff["why"][0] and "leg" in eff["why"][1]
    assert op(eff, "wound")["wound"]["W"] == 1 and op(eff, "fall")["removed"] == 1


def test_t22_a_dodges_critical_failure_is_a_fall_from_own_height():
    """T-22 (L609): degree 1 → a fall from your own height, 1d6 fall damage; the fighter ends up lying."""
    state = fight(holder="RAT", distance="long")
    rnd = (Round().declare("VSE", "attack").attack("RAT", "chop", "upper_torso", skill=1)
           .defend("VSE", "sidestep", reflex=2).roll("RAT", "attack", [2]).roll("VSE", "defence", [1, 3]))
    stop = rnd.resolve(state)
    assert ("VSE", "fall_zone", {"exchange": 1}) in asked(stop)
    stop = (rnd.roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [6], dice="1d6")
            .roll("VSE", "fall_endurance", [2, 2, 2, 2]).roll("VSE", "fall_damage", [2], dice="1d6")).resolve(state)
    assert stop.state.fighter("VSE").stance == "lying"


def test_t20_height_and_weight_in_wrestling():
    """T-20 (L729, L735): «За каждые 10 см разницы в росте борец получает +1 на его эффективную выносливость»; every
    full 30 kg of weight difference moves a throw's difficulty by 1; above %7 it is impossible."""
    a, b = fight().fighters
    assert height_bonus(replace(a, height_cm=196), replace(b, height_cm=176)) == {"RAT": 2}
    assert weight_mod(replace(a, weight_kg=80), replace(b, weight_kg=140))[0] == 2
    assert height_bonus(replace(a, height_cm=196, traits=("hulk",)), b, simplified=True) == {"RAT": 2}
    assert height_bonus(replace(a, traits=("dwarf",)), replace(b, traits=("giant",)), simplified=True) == {
        "RAT": -2, "VSE": 4}
    heavy = duel(vse={"weight_kg": 200}, round=1, exchange=1, holder="RAT", distance="hand")
    state = holding(heavy)
    problems = check.declaration(state, "RAT", wrestle("throw", dice={"reflex": 2}), OPTIONS)
    assert "difficulty_above_7" in codes(problems)  # 108 → 212 kg: +3, %5 +1 load → %9


def test_m59_a_pain_hold_hurts_the_held_fighter_when_he_acts():
    """L767: «за каждый успех на этом маневре вы причиняете 1 боль» when the opponent tries to break free or
    perform a technique."""
    state = replace(holding(duel()), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "pain_hold", target="VSE",
                                                     dice={"reflex": 3, "skill": 0})
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2])
            .declare("RAT", "attack", exchange=2)
            .declare("VSE", "attack", "break_free", dice={"reflex": 0, "skill": 0}, exchange=2)).resolve(state)
    brk = [d for d in payloads(stop, "declared") if d["maneuver"] == "break_free"][0]
    assert brk["priced"]["pain_hold"] == 2 and stop.state.fighter("VSE").pain == 2
    assert brk["priced"]["dice_to_roll"] == 4  # pure Strength 4 (M73)


def test_m73_break_free_breaks_the_hold_and_rerolls_initiative():
    """L888: «для разрыва захвата используется чистая Сила»; after a break combat initiative is rerolled."""
    state = replace(holding(duel(), holder="VSE", held="RAT"), holder="VSE", distance="hand")
    stop = (Round().declare("RAT", "attack", "break_free", dice={"reflex": 0, "skill": 1}).declare("VSE", "attack")
            .roll("RAT", "attack", [6, 2, 2, 2, 2, 2])
            .roll("RAT", "initiative", [5, 5, 5, 5, 5], exchange=2).roll("VSE", "initiative", [2] * 6, exchange=2)
            ).resolve(state)
    assert stop.state.grapple is None and stop.state.fighter("RAT").held == ()
    end = payloads(stop, "exchange_ended")[0]
    assert end["reroll"] and end["distance"] == "hand"
    assert payloads(stop, "initiative")[0]["exchange"] == 2


def test_m64_clinch_difficulty_by_limbs_takes_both_to_the_ground():
    """L814–816: one arm %4, two arms %5, arms and legs %6; the fight goes to the ground."""
    state = replace(holding(duel()), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "clinch", target="VSE", limbs=1,
                                                     dice={"reflex": 2, "skill": 0})
            .declare("VSE", "defence").roll("RAT", "attack", [5, 2])).resolve(state)
    assert [d for d in payloads(stop, "declared") if d["maneuver"] == "clinch"][0]["priced"]["difficulty"] == 4 + 1
    # +1: RAT's load is medium (L739)
    assert stop.state.grapple["ground"] is True
    assert (stop.state.fighter("RAT").stance, stop.state.fighter("VSE").stance) == ("lying", "lying")


def test_t13_pounce_mass_ratios():
    """T-13 (L826, L830): 180 kg against 90 kg: %4 and the target's non-dodge defences +1; 400 against 90: only
    dodges; Pounce + Strike + Rushing attack: +2."""
    from replay.rulesets.skirmish import costs

    def state(kg):
        return duel(rat={"weight_kg": kg, "gear_kg": 0}, vse={"weight_kg": 90, "gear_kg": 0}, round=1, exchange=1,
                    holder="RAT", distance="hand")

    order = wrestle("pounce", zone="upper_torso")
    s180 = state(180)
    assert costs.price(s180, s180.fighter("RAT"), order, OPTIONS)["difficulty"] == 4 + 1  # +1 load
    assert costs.price(s180, s180.fighter("RAT"), {**order, "with": ["strike", "rushing_attack"]},
                       OPTIONS)["difficulty"] == 4 + 1 + 2
    att = Declared("RAT", 1, "attack", "pounce", {"target": "VSE", "zone": "upper_torso"}, {"attack_type": "crush"})
    s400 = replace(state(400), declared=(att,))
    block = {"exchange": 1, "step": "defence", "maneuver": "limb_block", "dice": {"reflex": 2}}
    assert "restricted_by_opponent" in codes(check.declaration(s400, "VSE", block, OPTIONS))
    sidestep = {"exchange": 1, "step": "defence", "maneuver": "sidestep", "dice": {"reflex": 2}}
    assert check.declaration(s400, "VSE", sidestep, OPTIONS) == []


def test_t30_leg_dive_with_five_successes_offers_the_throw():
    """T-30 (L673): «Наличие 5 и более итоговых успехов позволяет инициатору маневра не переводить бой в партер, а
    осуществить Бросок»; the engine offers the choice."""
    state = duel(rat={"skills": {"wrestling": 6}}, holder="RAT", distance="hand")
    rnd = (Round().declare("VSE", "attack").declare("RAT", "attack", "leg_dive", target="VSE", zone="left_leg",
                                                    dice={"reflex": 5, "skill": 0})
           .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 9, 9, 9]))
    stop = rnd.resolve(state)
    assert ("VSE", "balance", {"exchange": 1}) in asked(stop)  # the default (no throw) applies by itself
    stop = (rnd.choice("RAT", "leg_dive_throw", "yes", exchange=1)).resolve(state)
    assert ("RAT", "throw", {"exchange": 1}) in asked(stop)


def test_m52_a_failed_balance_check_is_a_ground_clinch_with_bonus_dice_next_round():
    """L671: check made — a standing clinch, the successes lost; failed — both on the ground, bonus Wrestling dice
    next round equal to the final successes."""
    state = duel(holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "leg_dive", target="VSE", zone="left_leg",
                                                     dice={"reflex": 3, "skill": 0})
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2]).roll("VSE", "balance", [2, 2, 6, 2, 1])
            ).resolve(state)
    assert stop.state.grapple["ground"] and stop.state.fighter("VSE").stance == "lying"
    assert pools.amount(stop.state.fighter("RAT"), "bonus", 2, 1, "wrestling") == 2


def test_m70_a_wrestling_block_raises_the_attackers_difficulty_and_takes_initiative_on_his_failure():
    """L874: «Если Выносливость обороняющегося равна или больше Выносливости атакующего, то он может уйти в глухую
    оборону» — +1 difficulty; a failed attack passes initiative to the defender."""
    state = replace(holding(duel(vse={"characteristics": {"reflex": 6, "strength": 4, "endurance": 5}}),
                            start=(1, 1)), holder="RAT", distance="hand")
    vse = state.fighter("VSE")
    r, s = pools.available(vse, 1, 1)
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "pain_hold", target="VSE",
                                                     dice={"reflex": 2, "skill": 0})
            .declare("VSE", "defence", "wrestling_block", dice={"reflex": r, "skill": s})
            .roll("RAT", "attack", [6, 2])).resolve(state)
    clash = payloads(stop, "clash")[0]
    assert clash["attack_roll"]["difficulty"] == 5 + 1 + 1 and clash["opposed"]["winner"] is None
    assert payloads(stop, "exchange_ended")[0]["holder"] == "VSE"


def test_m74_during_wrestling_only_slip_evades():
    """L892: «во время борьбы вам доступна только Свиля»."""
    att = Declared("RAT", 1, "attack", "pain_hold", {"target": "VSE"}, {"attack_type": None})
    state = replace(holding(duel(vse={"skills": {"fist": 4}}), start=(1, 1)), round=1, exchange=1,
                    declared=(att,), holder="RAT", distance="hand")
    sidestep = {"exchange": 1, "step": "defence", "maneuver": "sidestep", "dice": {"reflex": 1}}
    assert "condition_failed" in codes(check.declaration(state, "VSE", sidestep, OPTIONS))
    slip = {"exchange": 1, "step": "defence", "maneuver": "slip", "dice": {"reflex": 1}}
    assert check.declaration(state, "VSE", slip, OPTIONS) == []


def test_m69_strangle_carotid_shock():
    """L864: «вместо урона жертва получает шок: Сила душителя + итоговые успехи - успехи на броске Выносливости
    жертвы - броня»."""
    state = replace(holding(duel(vse={"armour": []}), grabbed="head"), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "strangle", target="VSE",
                                                     dice={"reflex": 3, "skill": 0})
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2]).roll("VSE", "endurance", [6, 2, 2, 2])
            ).resolve(state)
    change = op(effects(stop, "strangle")[0], "shock")
    assert change["op"] == "shock" and change["amount"] == 5 + 2 - 1 - 0


def test_m60_a_joint_break_short_of_the_fracture_threshold_is_pain():
    """L775: «количество успехов для перелома…» equals the crushing damage that breaks the zone; the victim subtracts
    a free Endurance check; otherwise pain = the final successes."""
    state = replace(holding(duel()), holder="RAT", distance="hand")
    rnd = (Round().declare("VSE", "attack").declare("RAT", "attack", "joint_break", target="VSE", zone="right_arm",
                                                    dice={"reflex": 4, "skill": 0})
           .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 9, 2]))
    stop = rnd.roll("VSE", "endurance", [6, 2, 2, 2]).resolve(state)
    change = op([e for e in payloads(stop, "effect") if e["maneuver"] == "joint_break"][0], "pain")
    assert change == {"op": "pain", "fighter": "VSE", "amount": 3}  # 3 − 1 = 2 < 6 needed (elbow 5 + 1)


def test_m62_a_throw_with_pain_hold_needs_one_extra_success_and_keeps_the_hold():
    """L793: one extra success; the remaining successes make a pain hold."""
    state = replace(holding(duel()), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "throw_with_hold", target="VSE",
                                                     dice={"reflex": 3, "skill": 0})
            .roll("RAT", "attack", [9, 9, 9]).roll("VSE", "opposed", [2] * 9)
            .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [5], dice="1d6")
            .roll("VSE", "fall_endurance", [6, 6, 2, 2]).roll("VSE", "fall_damage", [1], dice="1d6")).resolve(state)
    clash = payloads(stop, "clash")[0]
    assert clash["required_extra"] == 1 and clash["opposed"]["final"] == 2
    assert pools.amount(stop.state.fighter("VSE"), "pain_hold", 1, 2) == 2
    assert stop.state.grapple is not None


def test_m65_a_pounce_knocks_down_with_a_kicks_damage_and_starts_wrestling():
    """L822–830: Wrestling by Endurance at %5 against the target's defence; the target takes damage as from a kick
    and is knocked down."""
    state = duel(vse={"armour": []}, holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").attack("RAT", "pounce", "upper_torso", reflex=2)
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9]).roll("RAT", "zone", [3, 3], dice="2d6-2")
            ).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["raw"] == 5 and hit["nonlethal_shock"]["amount"] == 5
    assert stop.state.fighter("VSE").stance == "lying" and stop.state.grapple["holder"] == "RAT"


def test_m66_a_trip_is_opposed_by_the_reactive_check_and_loses_the_hold_unless_he_falls_too():
    """L836–838: unarmed trip %4 at hand distance; the victim falls as from 1 m; the hold is lost if the attacker
    does not fall with the victim."""
    state = replace(holding(duel()), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "wrestling_trip", target="VSE",
                                                     dice={"reflex": 2, "skill": 0})
            .roll("RAT", "attack", [9, 9]).roll("VSE", "opposed", [2] * 9)
            .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [5], dice="1d6")
            .roll("VSE", "fall_endurance", [6, 6, 2, 2]).roll("VSE", "fall_damage", [1], dice="1d6")).resolve(state)
    assert [d for d in payloads(stop, "declared") if d["maneuver"] == "wrestling_trip"][0]["priced"]["difficulty"] \
        == 4 + 1  # + load
    assert stop.state.grapple is None and stop.state.fighter("VSE").stance == "lying"


def test_m67_a_headbutt_with_hold_is_halved_and_only_a_slip_evades_it():
    """L850: as a headbutt with the damage halved (a strike in wrestling, L840); only Slip evades it."""
    att = Declared("RAT", 1, "attack", "fixed_headbutt", {"target": "VSE", "zone": "head"}, {"attack_type": "crush"})
    state = replace(holding(duel(vse={"skills": {"fist": 4}})), round=1, exchange=1, declared=(att,),
                    holder="RAT", distance="hand")
    block = {"exchange": 1, "step": "defence", "maneuver": "limb_block", "dice": {"reflex": 1}}
    assert "restricted_by_opponent" in codes(check.declaration(state, "VSE", block, OPTIONS))
    stop = (Round().declare("VSE", "attack").attack("RAT", "fixed_headbutt", "head", reflex=2)
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9]).roll("RAT", "zone", [3, 3], dice="2d6-2")
            ).resolve(replace(holding(duel(vse={"armour": []})), holder="RAT", distance="hand"))
    hit = payloads(stop, "hit")[0]
    assert hit["raw"] == 5 // 2 and "wrestling" in " ".join(hit["why"])


def test_m68_a_weapon_strike_in_a_grapple_counts_half_the_armour():
    """L854: «учитывается лишь половина брони»; the damage is halved (L840)."""
    state = replace(holding(duel(rat={"weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}]}),
                            start=(1, 1)), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").attack("RAT", "grapple_weapon_strike", "upper_torso", reflex=2,
                                                    attack_type="thrust")
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9]).roll("RAT", "zone", [3, 3], dice="2d6-2")
            .roll("RAT", "penetration", [6], dice="1d6")).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["raw"] == (5 + 1) // 2 and any("half the armour" in w for w in hit["why"])


def test_m71_m72_defensive_grab_and_defensive_throw():
    """L878: a defensive grab makes the attacking maneuver fail; L882: a defensive throw from sitting or standing
    when the opponent attacks at short distance or closer, %5, no hold needed."""
    att = Declared("RAT", 1, "attack", "pain_hold", {"target": "VSE"}, {"attack_type": None})
    state = replace(holding(duel(vse={"skills": {"wrestling": 4}}), holder="RAT"), round=1, exchange=1,
                    declared=(att,), holder="RAT", distance="hand")
    grab = {"exchange": 1, "step": "defence", "maneuver": "wrestling_grab_defence", "dice": {"reflex": 2}}
    assert check.declaration(state, "VSE", grab, OPTIONS) == []
    throw = {"exchange": 1, "step": "defence", "maneuver": "defensive_throw", "dice": {"reflex": 2}}
    assert check.declaration(state, "VSE", throw, OPTIONS) == []
    lying = state.with_fighter(replace(state.fighter("VSE"), stance="lying"))
    assert "condition_failed" in codes(check.declaration(lying, "VSE", throw, OPTIONS))


def test_effect_payloads_validate_by_their_changes_op():
    """`skirmish.effect` changes are typed by op: the ones resolution writes validate, an unknown op or a bad
    stance is named."""
    from replay.rulesets.skirmish import events

    state = replace(holding(duel()), holder="RAT", distance="hand")
    stop = (Round().declare("VSE", "attack").declare("RAT", "attack", "throw", target="VSE",
                                                     dice={"reflex": 2, "skill": 0})
            .roll("RAT", "attack", [9, 9]).roll("VSE", "opposed", [2] * 9)
            .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [5], dice="1d6")
            .roll("VSE", "fall_endurance", [6, 6, 2, 2]).roll("VSE", "fall_damage", [1, 6], dice="2d6")).resolve(state)
    made = payloads(stop, "effect")
    assert made and all(events.validate_payload("skirmish.effect", p) == [] for p in made)
    bad = {**made[0], "changes": [{"op": "teleport", "fighter": "VSE"}]}
    assert events.validate_payload("skirmish.effect", bad)
    worse = {**made[0], "changes": [{"op": "stance", "fighter": "VSE", "stance": "flying"}]}
    assert events.validate_payload("skirmish.effect", worse)
