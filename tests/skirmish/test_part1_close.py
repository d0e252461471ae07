"""Part 1's last rows: T-28 weapon length against the wielder's height checked when a game is created (L180), T-21's
general-initiative botch (L18, A-13), countertime at equal initiative as the GM's ruling (CP-50, A-31)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

from cli.main import main
from replay.rulesets.skirmish import battle, pools
from replay.rulesets.skirmish.model import Setup
from tests.skirmish.kit import RULESET, Round, payloads

ROOT = Path(__file__).resolve().parents[2]


def sheet(height: int, weapon: str, hands: list[str], **more) -> dict:
    return {"sample": "RAT", "cell": [0, 0], "height_cm": height,
            "weapons": [{"id": weapon, "type": weapon, "hands": hands, **more}]}


def duel_setup(rat: dict) -> dict:
    return {"fighters": [rat, {"sample": "VSE", "cell": [1, 0], "facing": "W"}]}


def test_t28_a_182_cm_wielder_holds_the_longsword_one_handed_and_the_halberd():
    """T-28: the longsword (120 cm) legal one-handed (≤ 136.5 cm); spears and similar (halberd 210) ≤ 364 cm."""
    for rat in (sheet(182, "longsword", ["right"]), sheet(182, "halberd", ["right", "left"]),
                sheet(182, "spear", ["right"])):
        Setup.model_validate(duel_setup(rat))


@pytest.mark.parametrize("rat, limit", [
    (sheet(150, "longsword", ["right"]), "one-handed: at most ¾ of the height, 112.5 cm"),
    (sheet(110, "longsword", ["right", "left"]), "two-handed: at most the height, 110 cm"),
    (sheet(110, "longsword", []), "two-handed: at most the height, 110 cm"),  # sheathed: the longest way
    (sheet(100, "halberd", ["right", "left"]), "a spear or similar weapon: at most 2 × the height, 200 cm"),
])
def test_t28_a_weapon_longer_than_its_wielder_may_hold_is_refused_naming_l180(rat, limit):
    problems = RULESET.validate_setup(duel_setup(rat))
    assert any(limit in p and "(L180, T-28" in p for p in problems), problems


def test_t28_a_two_handed_longsword_fits_a_wielder_too_short_for_it_one_handed():
    assert RULESET.validate_setup(duel_setup(sheet(150, "longsword", ["right", "left"]))) == []


def test_t28_the_gm_may_allow_the_length():
    assert RULESET.validate_setup(duel_setup(sheet(150, "longsword", ["right"], length_ruled=True))) == []


def test_t28_on_the_field_too():
    field = {"field": {"grid": "square", "width": 6, "height": 4},
             "fighters": [{**sheet(150, "longsword", ["right"]), "cell": [1, 1]},
                          {"sample": "VSE", "cell": [4, 1], "facing": "W"}]}
    assert any("(L180, T-28" in p for p in RULESET.validate_setup(field))


def _created(rat: dict) -> dict:
    return {"game": "skirmish-short", "type": "game.created", "at": "2026-12-05T19:00:00Z",
            "payload": {"ruleset": "skirmish@1", "setup": duel_setup(rat), "options": {},
                        "dice": {"policy": "forum"}}}


@pytest.mark.parametrize("lang, words", [("en", "too long for a wielder of 150 cm"),
                                         ("ru", "слишком длинное для бойца ростом 150 см")])
def test_t28_new_and_import_refuse_the_setup_and_create_nothing(tmp_path, lang, words):
    rat = sheet(150, "longsword", ["right"])
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps(duel_setup(rat)), encoding="utf-8")
    db = tmp_path / "g.duckdb"
    out = CliRunner().invoke(main, ["--db", str(db), "--lang", lang, "new", "g", "--ruleset", "skirmish",
                                    "--setup", str(setup)])
    assert out.exit_code == 2 and words in out.output and "L180, T-28" in out.output, out.output
    assert "[англ.]" not in out.output and "Traceback" not in out.output
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(_created(rat), ensure_ascii=False) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["--db", str(db), "--lang", lang, "import", str(log)])
    assert out.exit_code == 2 and words in out.output, out.output
    if db.exists():
        con = duckdb.connect(str(db), read_only=True)
        try:
            tables = {r[0] for r in con.execute("select table_name from information_schema.tables").fetchall()}
            assert "events" not in tables or con.execute("select count(*) from events").fetchall()[0][0] == 0
        finally:
            con.close()


# --- T-21, general initiative ---------------------------------------------------------------------------------------

def two_on_a_field(mir_reflex: int = 6) -> battle.Battle:
    state = RULESET.initial({"field": {"grid": "square", "width": 12, "height": 4}, "fighters": [
        {"sample": "RAT", "cell": [1, 1], "facing": "E"},
        {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": [9, 1], "facing": "W",
         "characteristics": {"reflex": mir_reflex, "strength": 4, "endurance": 5, "speed": 7}}]}, RULESET.options())
    assert isinstance(state, battle.Battle)
    return state


def rolled(state: battle.Battle, mir: list[int]) -> object:
    rnd = Round(turn=1)
    rnd.add("order", "RAT", {"stage": "intent", "intent": "attack"})
    rnd.add("order", "MIR", {"stage": "intent", "intent": "attack"})
    rnd.roll("RAT", "general_initiative", [9, 7, 5, 2, 3])
    rnd.roll("MIR", "general_initiative", mir)
    for e in rnd.events:
        if e.type == "roll":
            e.payload.pop("exchange")
    return rnd.resolve(state)


@pytest.mark.parametrize("faces, degree", [([1, 3, 2, 4, 2, 3], 1), ([1, 1, 2, 2, 3, 4], 2)])
def test_t21_a_general_initiative_botch_costs_reflex_in_the_first_combat_round(faces, degree):
    """T-21 (L18, A-13): general initiative net −1 → −1 reflex point in the first combat round after the roll;
    net −2 → −2; the round after it, the pool is whole again."""
    stop = rolled(two_on_a_field(), faces)
    gi = payloads(stop, "general_initiative")[0]
    assert gi["reflex_loss"] == {"MIR": degree} and gi["rolls"]["MIR"]["net"] == -degree
    mir = stop.state.fighter("MIR")
    assert pools.available(mir, 1, 1)[0] == 6 - degree and pools.available(mir, 1, 2)[0] == 6 - degree
    assert pools.available(mir, 2, 1)[0] == 6
    assert pools.available(stop.state.fighter("RAT"), 1, 1)[0] == 5


def test_t21_a_botch_that_empties_the_pool_leaves_no_declaration_in_the_first_round():
    """T-21: «If that makes the pool 0, attack and defence declarations are rejected» (L114): MIR, Reflex 1 and no
    skill with his weapon, botches by one; in the melee of the first round his pool is 0 and he cannot act."""
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.model import SkirmishOptions

    stop = rolled(two_on_a_field(mir_reflex=1), [1])
    mir = stop.state.fighter("MIR")
    mir = replace(mir, skills={**mir.skills, "swords": 0})
    assert pools.pool(mir, 1, 1) == 0 and pools.helpless(mir, 1, 1)
    pair = battle.new_pair(stop.state.with_fighter(mir), "RAT", "MIR")
    fight = replace(pair.fight, round=1, exchange=1, holder="RAT", distance="long")
    order = {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": "RAT", "zone": "upper_torso",
             "dice": {"reflex": 1, "skill": 0}}
    problems = check.declaration(fight, "MIR", order, SkirmishOptions())
    assert problems and problems[0].startswith("helpless (4.7.1, L114)")


# --- CP-50, countertime at equal initiative -----------------------------------------------------------------------

def tied():
    from tests.skirmish.kit import fight

    return fight({"fighters": [{"sample": "RAT", "cell": [0, 0], "skills": {"swords": 8}, "armour": []},
                               {"sample": "VSE", "cell": [1, 0], "facing": "W", "armour": [], "shield": None}]},
                 holder="tie", distance="long")


def tie_round(ruling: str | None) -> Round:
    rnd = (Round().attack("VSE", "chop", "upper_torso", skill=2)
           .attack("RAT", "countertime", "upper_torso", skill=3, attack_type="chop")
           .roll("VSE", "attack", [6, 2]).roll("RAT", "attack", [9, 9, 6]))
    if ruling is not None:
        rnd.choice(None, "countertime_tie", ruling, exchange=1, attacker="RAT")
    return rnd


def test_cp50_countertime_may_be_declared_blind_at_equal_initiative():
    """L275: «применяется во время вашей или равной инициативы (одновременный удар)»: at a tie the attacks are
    declared at once, so the countertime cannot name a visible attack; on the countertimer's own initiative it must."""
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.model import SkirmishOptions

    order = {"exchange": 1, "step": "attack", "maneuver": "countertime", "target": "VSE", "zone": "head",
             "attack_type": "chop", "dice": {"skill": 2}}
    assert check.declaration(replace(tied(), round=1, exchange=1), "RAT", order, SkirmishOptions()) == []
    own = replace(tied(), round=1, exchange=1, holder="RAT")
    assert any("M08, L275" in p for p in check.declaration(own, "RAT", order, SkirmishOptions()))


def test_cp50_at_equal_initiative_the_gm_rules_how_the_countertime_resolves():
    stop = tie_round(None).resolve(tied())
    request = next(r for r in stop.requests if r.name == "countertime_tie")
    assert request.actor is None and request.key_dict == {"exchange": 1, "attacker": "RAT"}
    assert request.options == ("against", "strike") and "CP-50" in request.what
    assert payloads(stop, "clash") == [] and payloads(stop, "hit") == []  # nothing resolved before the ruling
    from replay.rulesets.skirmish import messages

    said = messages._request(request.what)
    assert said is not None and "решает ГМ (CP-50)" in said


def test_cp50_the_gms_ruling_against_rolls_the_countertime_against_the_blind_attack():
    rnd = tie_round("against").roll("RAT", "zone", [3, 3], dice="2d6-2").roll("VSE", "knockout", [9, 9, 9, 9])
    stop = rnd.resolve(tied())
    assert stop.error is None and all(r.name != "countertime_tie" for r in stop.requests)
    clash = payloads(stop, "clash")[0]
    assert clash["maneuver"] == "countertime" and clash["defence"]["maneuver"] == "chop"
    assert clash["opposed"] == {"attack_effective": 3, "defence_effective": 1, "winner": "attack", "final": 2}
    assert [h["attacker"] for h in payloads(stop, "hit")] == ["RAT"]
    ruled = [e for e in payloads(stop, "effect") if e["maneuver"] == "countertime"][0]
    assert "A-31" in ruled["defaults"] and "rolled against VSE's attack (CP-50, A-31)" in ruled["why"][0]


def test_cp50_the_gms_ruling_strike_makes_two_simultaneous_blows():
    rnd = tie_round("strike").roll("RAT", "zone", [3, 3], dice="2d6-2").roll("VSE", "zone", [4, 4], dice="2d6-2")
    stop = rnd.resolve(tied())
    clashes = payloads(stop, "clash")
    assert sorted((c["attacker"], c["defence"] is None) for c in clashes) == [("RAT", True), ("VSE", True)]
    assert sorted(h["attacker"] for h in payloads(stop, "hit")) == ["RAT", "VSE"]
    ruled = [e for e in payloads(stop, "effect") if e["maneuver"] == "countertime"][0]
    assert "ordinary blow, simultaneous with VSE's (CP-50)" in ruled["why"][0]
    from replay.rulesets.skirmish import messages

    assert messages.why(ruled, "ru")[0].startswith("ГМ решает: контртемп RAT при равной инициативе — обычный удар")


def test_cp50_the_ruling_is_the_gms_against_or_strike():
    from eventlog.envelope import Draft
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.model import SkirmishOptions

    where = tie_round(None).resolve(tied())
    for actor, value in (("RAT", "against"), (None, "maybe")):
        draft = Draft("choice", {"name": "countertime_tie", "value": value, "exchange": 1, "attacker": "RAT"},
                      actor=actor)
        problems = check.check(where.state, where.requests, draft, SkirmishOptions())
        assert problems and problems[0].startswith("condition_failed (5.4.1 M08, CP-50)")
    good = Draft("choice", {"name": "countertime_tie", "value": "strike", "exchange": 1, "attacker": "RAT"})
    assert check.check(where.state, where.requests, good, SkirmishOptions()) == []


# --- M01, initiative from the parts ---------------------------------------------------------------------------------

def test_m01_each_part_is_rolled_on_its_own_and_initiative_comes_from_the_parts():
    """M01 (L236): «каждый из маневров может быть успешным или неудачным независимо»; Init from the parts: VSE's rim
    strike fails (a tie) while his parry with the sword wins, so the parry intercepts initiative (5.3, A-14)."""
    from tests.skirmish.test_maneuvers import duel

    state = duel(rat={"armour": []}, vse={"skills": {"swords": 4, "shields": 4}}, holder="RAT", distance="medium")
    rnd = (Round().attack("VSE", "shield_rim_strike", "upper_torso", reflex=2, weapon="shield", with_defence=True)
           .attack("RAT", "chop", "upper_torso", reflex=1, skill=2)
           .defend("VSE", "parry", skill=3, weapon="arming_sword")
           .choice("RAT", "feint", "no", exchange=1)
           .roll("VSE", "attack", [2, 3]).roll("RAT", "attack", [6, 2, 3]).roll("VSE", "defence", [8, 7, 6]))
    stop = rnd.resolve(state)
    clashes = {c["maneuver"]: c["opposed"] for c in payloads(stop, "clash")}
    assert clashes["shield_rim_strike"]["winner"] is None and clashes["chop"]["winner"] == "defence"
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["flags"] == {"RAT": "none", "VSE": "gain"} and ended["holder"] == "VSE"


# --- M27, the punch's accessories -----------------------------------------------------------------------------------

def punched(rat_weapons):
    from tests.skirmish.test_maneuvers import duel

    state = duel(rat={"weapons": rat_weapons}, vse={"shield": None, "armour": []}, holder="RAT", distance="hand")
    return (Round().declare("VSE", "attack").attack("RAT", "punch", "lower_torso", reflex=2)
            .declare("VSE", "defence")
            .roll("RAT", "attack", [6, 5]).roll("RAT", "zone", [3, 3], dice="2d6-2")
            .roll("VSE", "knockout", [9, 9, 9, 9, 9])).resolve(state)


def test_m27_a_knuckle_duster_removes_the_minus_one_and_makes_the_punch_lethal():
    """L464: «Может использоваться вместе с кастетом, перчаткой, обрывком цепи или катаром. Базовый урон равен силе с
    -1 штрафом. Использование аксессуаров позволяет избежать штрафа на урон»; L460: the accessories make it lethal."""
    bare = payloads(punched([]), "hit")[0]
    assert bare["raw"] == 4 and bare["wound"] is None and bare["nonlethal_shock"]
    hit = payloads(punched([{"id": "knuckles", "type": "knuckle_duster", "hands": ["right"]}]), "hit")[0]
    assert hit["raw"] == 5 and hit["wound"] is not None and not hit.get("nonlethal_shock")


def test_m27_a_katar_adds_its_bonus_from_the_data():
    """L464: «а катары дают бонус (см. их характеристики)»: the SAMPLE katar's punch_bonus 1."""
    stop = punched([{"id": "katar", "type": "katar", "hands": ["right"]}])
    hit = payloads(stop, "hit")[0]
    assert hit["raw"] == 5 + 1 and hit["wound"] is not None
    from replay.rulesets.skirmish import messages

    said = " ".join(messages.why(hit, "ru"))
    assert "катар +1" in said and not messages.english_left(said, {"RAT", "VSE"}), said


# --- CP-36, what a free check is rolled with --------------------------------------------------------------------------

def _dice_asked(stop, purpose):
    return [r.dice for r in stop.requests if r.kind == "roll" and r.name == purpose]


def test_cp36_the_thrown_fighter_chooses_wrestling_or_acrobatics_for_his_reactive_check():
    """L785: «реактивный бросок Борьбы или Акробатики по Рефлексу»: by default the larger (VSE: Acrobatics 3 +
    Reflex 6), or the one he names."""
    from tests.skirmish.test_wrestling import duel, holding

    state = replace(holding(duel()), holder="RAT", distance="hand")
    rnd = (Round().declare("VSE", "attack").declare("RAT", "attack", "throw", target="VSE",
                                                    dice={"reflex": 4, "skill": 0}))
    assert _dice_asked(rnd.resolve(state), "opposed") == ["9d10"]
    rnd.choice("VSE", "check_with", "wrestling", exchange=1, check="reactive")
    assert _dice_asked(rnd.resolve(state), "opposed") == ["7d10"]


def test_cp36_the_leg_dive_victim_chooses_agility_or_strength_for_balance():
    """L671: «бросок равновесия по Ловкости или Силе (нельзя использовать Акробатику)»."""
    from tests.skirmish.test_wrestling import duel

    state = duel(holder="RAT", distance="hand")
    rnd = (Round().declare("VSE", "attack").declare("RAT", "attack", "leg_dive", target="VSE", zone="left_leg",
                                                    dice={"reflex": 3, "skill": 0})
           .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 2]))
    assert _dice_asked(rnd.resolve(state), "balance") == ["5d10"]  # Agility 5 > Strength 4
    rnd.choice("VSE", "check_with", "strength", exchange=1, check="balance")
    assert _dice_asked(rnd.resolve(state), "balance") == ["4d10"]


def test_cp36_against_a_shield_push_stability_by_strength_or_balance_by_acrobatics():
    """L709: «бросок устойчивости по Силе или равновесия по Акробатике (Рф.)»: Strength unless he chooses."""
    from tests.skirmish.test_maneuvers import duel

    state = duel(holder="VSE", distance="hand")
    rnd = (Round().declare("RAT", "attack")
           .declare("VSE", "attack", "shield_push", target="RAT", weapon="shield", dice={"reflex": 3, "skill": 0})
           .declare("RAT", "defence").roll("VSE", "attack", [8, 7, 6]))
    rat = state.fighter("RAT")
    assert _dice_asked(rnd.resolve(state), "stability") == [f"{rat.char('strength')}d10"]
    rnd.choice("RAT", "check_with", "acrobatics", exchange=1, check="stability")
    stop = rnd.resolve(state)
    assert _dice_asked(stop, "stability") == [f"{rat.skill('acrobatics') + rat.char('reflex')}d10"]
    request = next(r for r in stop.requests if r.name == "stability")
    from replay.rulesets.skirmish import messages

    assert messages._request(request.what).startswith("равновесие (Акробатика по Рефлексу) RAT")


def test_cp36_the_choice_names_one_of_the_offered_ways():
    from eventlog.envelope import Draft
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.model import SkirmishOptions
    from tests.skirmish.test_maneuvers import duel

    state = duel(holder="VSE", distance="hand")
    for value, key in (("agility", "stability"), ("acrobatics", "balance"), ("wrestling", "nothing")):
        draft = Draft("choice", {"name": "check_with", "value": value, "exchange": 1, "check": key}, actor="RAT")
        problems = check.check(state, (), draft, SkirmishOptions())
        assert problems and problems[0].startswith("condition_failed (5.13 CP-36)")
    good = Draft("choice", {"name": "check_with", "value": "acrobatics", "exchange": 1, "check": "stability"},
                 actor="RAT")
    assert check.check(state, (), good, SkirmishOptions()) == []


# --- M56, the grip changed over an exchange (L703) ------------------------------------------------------------------

def test_m56_with_no_reflex_points_the_grip_changes_over_one_exchange():
    """L703: «В случае отсутствия очков Рефлекса, персонаж меняет хват за один обмен»: RAT, no reflex points left,
    passes exchange 1 changing his longsword to one hand; he is not asked to defend; from exchange 2 the grip is his."""
    from replay.rulesets.skirmish import check, post
    from replay.rulesets.skirmish import events as ev
    from replay.rulesets.skirmish.model import SkirmishOptions
    from tests.skirmish.test_maneuvers import duel

    state = duel(holder="VSE", distance="long")
    rat = state.fighter("RAT")
    state = state.with_fighter(replace(rat, spent_R=rat.char("reflex")))  # 5.1: his reflex points are spent
    change = {"exchange": 1, "step": "attack", "maneuver": "pass", "grip": "one_hand"}
    at = replace(state, round=1, exchange=1)
    assert check.declaration(at, "RAT", change, SkirmishOptions()) == []
    fresh = replace(duel(holder="VSE", distance="long"), round=1, exchange=1)
    refused = check.declaration(fresh, "RAT", change, SkirmishOptions())
    assert refused and refused[0].startswith("condition_failed (5.4.3 M56, L703)")
    no_reflex = duel(rat={"characteristics": {**rat.characteristics, "reflex": 0}}, holder="VSE", distance="long")
    stop = (Round().add("order", "RAT", change)
            .attack("VSE", "chop", "upper_torso", skill=2)
            .roll("VSE", "attack", [2, 2])).resolve(no_reflex)
    declared = payloads(stop, "declared")
    passed = [d for d in declared if d["actor"] == "RAT"]
    assert passed[0]["order"].get("grip") == "one_hand" and "L703" in passed[0]["why"][0]
    assert passed[1]["forced"] == "changes the grip over this exchange (M56, L703)"
    assert stop.state.fighter("RAT").weapon.grip == "one_hand"
    text = post.declaration_text(ev.DeclarationMade.model_validate(passed[0]), "ru")
    assert "меняет хват (бастард) на «одной рукой» за весь обмен" in text
    assert "меняет хват весь обмен" in post.declaration_text(ev.DeclarationMade.model_validate(passed[1]), "ru")


# --- M21, the weapon trip as the wrestling trip ----------------------------------------------------------------------

def hooked():
    from tests.skirmish.test_maneuvers import duel

    return duel(rat={"weapons": [{"id": "halberd", "type": "halberd", "hands": ["right", "left"]}],
                     "skills": {"polearms": 6, "swords": 5}}, vse={"shield": None}, holder="RAT", distance="long")


def test_m21_a_weapon_trip_is_opposed_by_the_reactive_check_not_a_defence():
    """L411: «Аналогична подсечке в борьбе»; spec M21: opposed by the victim's free reactive Wrestling or Acrobatics by
    Reflex check (as M66): VSE is not asked for a defence, his check is the other side of the comparison."""
    rnd = (Round().declare("VSE", "attack").attack("RAT", "weapon_trip", "left_leg", reflex=2, skill=2,
                                                   attack_type="chop"))
    stop = rnd.resolve(hooked())
    assert ("VSE", "opposed", {"exchange": 1}) in [(r.actor, r.name, r.key_dict) for r in stop.requests]
    defence = [d for d in payloads(stop, "declared") if d["actor"] == "VSE" and d["step"] == "defence"]
    assert defence and defence[0]["forced"] == "answered by a free check, not a defence (5.4)"
    stop = (rnd.roll("RAT", "attack", [9, 8, 7, 3]).roll("VSE", "opposed", [9, 2, 3, 4, 2, 3, 2, 4, 3])
            .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [4], dice="1d6")
            .roll("VSE", "fall_endurance", [9, 9, 9, 9]).roll("VSE", "fall_damage", [1], dice="1d6")).resolve(hooked())
    clash = payloads(stop, "clash")[0]
    assert clash["opposed"]["winner"] == "attack" and clash["defence_roll"] is not None
    trip = [e for e in payloads(stop, "effect") if e["maneuver"] == "weapon_trip"]
    assert "weapon_trip: VSE falls as from 1 m (L836)" in trip[0]["why"]
    assert stop.state.fighter("VSE").stance == "lying"


def test_m21_a_critical_failure_of_the_reactive_check_doubles_the_fall():
    stop = (Round().declare("VSE", "attack").attack("RAT", "weapon_trip", "left_leg", reflex=2, skill=2,
                                                    attack_type="chop")
            .roll("RAT", "attack", [9, 8, 7, 3]).roll("VSE", "opposed", [1, 1, 2, 3, 2, 3, 2, 4, 3])
            .roll("VSE", "acrobatics", [2] * 9).roll("VSE", "fall_zone", [4], dice="1d6")
            .roll("VSE", "fall_endurance", [9, 9, 9, 9]).roll("VSE", "fall_damage", [1, 1], dice="2d6")
            ).resolve(hooked())
    trip = [e for e in payloads(stop, "effect") if e["maneuver"] == "weapon_trip"]
    assert "weapon_trip: VSE falls as from 2 m (critical failure doubles it) (L836)" in trip[0]["why"]


# --- CP-31, the GM's price of a grip change the rulebook does not price (L701) ---------------------------------------

def half_sword(price=None):
    from tests.skirmish.test_maneuvers import duel

    rnd = Round().declare("VSE", "attack", "grip_change", grip="half_sword", dice={"reflex": 0, "skill": 0})
    if price is not None:
        rnd.choice(None, "grip_price", price, exchange=1, fighter="VSE")
    rnd.declare("RAT", "attack")
    return rnd.resolve(duel(holder="RAT", distance="short"))


def test_cp31_a_grip_change_the_rulebook_does_not_price_costs_one_by_analogy():
    """L701: «остальные случаи, по аналогии и на усмотрение Мастера»: the sword's half-sword grip, 1 R by analogy when
    the GM names no price."""
    stop = half_sword()
    priced = next(d for d in payloads(stop, "declared") if d["maneuver"] == "grip_change")["priced"]
    assert priced["activation"] == 1
    assert stop.state.fighter("VSE").weapon.grip == "half_sword"


def test_cp31_the_gm_names_the_price_of_the_grip_change():
    by_analogy = next(d for d in payloads(half_sword(), "declared") if d["maneuver"] == "grip_change")["priced"]
    priced = next(d for d in payloads(half_sword(2), "declared") if d["maneuver"] == "grip_change")["priced"]
    assert priced["activation"] == 2 and priced["paid_R"] == by_analogy["paid_R"] + 1


def test_cp31_a_gm_price_he_cannot_pay_refuses_the_grip_change_nothing_spent():
    from replay.rulesets.skirmish import messages

    stop = half_sword(9)
    decl = next(d for d in payloads(stop, "declared") if d["maneuver"] == "grip_change")
    assert decl["priced"]["refused"] and decl["priced"]["paid_R"] == 0 and "5.4.3 M56" in decl["rule"]
    assert decl["why"][0].startswith("VSE cannot pay the GM's price of the grip change, 9 R")
    assert messages.why(decl, "ru")[0].startswith("VSE не может заплатить цену ГМ за смену хвата, 9 Р")
    assert stop.state.fighter("VSE").weapon.grip == "one_hand"


def test_cp31_a_priced_grip_change_asks_no_price_and_the_price_is_the_gms_whole_number():
    from eventlog.envelope import Draft
    from replay.rulesets.skirmish import check
    from replay.rulesets.skirmish.maneuvers.general import grip_listed
    from replay.rulesets.skirmish.model import SkirmishOptions
    from tests.skirmish.test_maneuvers import duel

    state = duel()
    assert grip_listed(state.fighter("RAT").weapon, "one_hand") and grip_listed(state.fighter("RAT").weapon,
                                                                                 "recursive")
    assert not grip_listed(state.fighter("VSE").weapon, "half_sword")
    for actor, value in (("VSE", 2), (None, "two"), (None, 12)):
        draft = Draft("choice", {"name": "grip_price", "value": value, "exchange": 1, "fighter": "VSE"}, actor=actor)
        problems = check.check(state, (), draft, SkirmishOptions())
        assert problems and problems[0].startswith("condition_failed (5.4.3 M56, CP-31)")
    ok = Draft("choice", {"name": "grip_price", "value": 2, "exchange": 1, "fighter": "VSE"})
    assert check.check(state, (), ok, SkirmishOptions()) == []
