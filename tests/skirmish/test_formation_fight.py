"""A formation against a loose fighter (5.12, L1189-1195, A-58b), from the recorded fight `formation_fight`: Ratibor
forms Boris (a spear) and Gorazd (an arming sword) up as partners; Gorazd steps into Boris's cell; Dobrynya (a
longsword) comes within reach and Gorazd joins his melee. Dobrynya's chop at Boris takes the larger of its length
penalties against the two partners' weapons, and Gorazd covers his partner by the normal rules of a weapon block,
without Protect ally's activation or its +1 difficulty. Then what the rulebook does not contain (A-59) and the
issue's bad input, in English and in Russian, refused naming the rule with nothing appended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.render import i18n
from replay.ruleset import get as get_ruleset
from replay.rulesets.skirmish import formation
from replay.rulesets.skirmish.model import Fight

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish"
GAME = "skirmish-formation-fight"


def recorded() -> list[dict[str, Any]]:
    text = (FIXTURES / "formation_fight.jsonl").read_text(encoding="utf-8")
    return [json.loads(x) for x in text.splitlines() if x.strip()]


def declared(actor: str, turn: int = 2) -> list[dict[str, Any]]:
    return [e["payload"] for e in recorded() if e["type"] == "skirmish.declared" and e["turn"] == turn
            and e["payload"]["actor"] == actor]


def test_two_partners_in_one_cell_are_known_to_their_melee() -> None:
    moved = [e["payload"] for e in recorded() if e["type"] == "skirmish.moved" and e["payload"]["fighter"] == "GOR"]
    assert moved[0]["path"] == [[2, 2]]  # into his partner's cell (L1189)
    joined = [e["payload"] for e in recorded() if e["type"] == "skirmish.joined"]
    assert [(j["melee"], j["fighter"]) for j in joined] == [("DOB-BOR", "GOR")]


def test_an_attack_on_a_partner_pair_takes_the_larger_length_penalty() -> None:
    chop = declared("DOB")[0]
    # longsword (long) against the spear (long): 0; against the arming sword (medium): 1 (A-58b: the larger)
    assert chop["priced"]["partner_penalty"] == {"target": "BOR", "partner": "GOR", "own": 0, "against_partner": 1,
                                                 "penalty": 1}
    assert chop["priced"]["length_penalty"] == 1 and chop["priced"]["cost_points"] == 6
    assert "partner pair BOR+GOR: the larger of 0 and 1, 5.12 A-58b" in chop["why"][-1]
    thrust = next(d for d in declared("BOR") if d["maneuver"] == "thrust")  # Dobrynya stands alone
    assert "partner_penalty" not in thrust["priced"]


def test_a_partner_covers_without_activating_protect_ally() -> None:
    cover = next(d for d in declared("GOR") if d["step"] == "defence")
    assert cover["order"]["maneuver"] == "protect_ally" and cover["priced"]["partner_cover"] is True
    assert cover["priced"]["activation"] == 0 and "protect_activation" not in cover["priced"]
    assert not any("M37" in m for m in cover["priced"]["difficulty_mods"])  # no +1 of Protect ally
    assert cover["rule"] == ["4.4", "4.6", "5.12", "L1189"]
    assert cover["why"][0].startswith("GOR covers his partner BOR from DOB's attack")
    clash = next(e["payload"] for e in recorded() if e["type"] == "skirmish.clash" and e["turn"] == 2)
    assert "the defence wins" in " ".join(clash["why"])


def test_cover_is_for_partners_in_one_cell_only() -> None:
    from tests.skirmish.test_part2 import started

    state = started()
    a, b = state.fighter("RAT"), state.fighter("BOR")
    fight = Fight((a, b), partners=(("RAT", "BOR", "long"),))
    assert formation.covers(fight, "BOR", "RAT") and not formation.covers(fight, "RAT", "BOR")
    assert not formation.covers(Fight((a, b)), "BOR", "RAT")
    assert formation.against_partner("long", "medium") == 1 and formation.against_partner("hand", "very_long") == 4


def test_the_post_shows_the_pair_penalty_and_the_cover_in_both_languages(tmp_path: Path) -> None:
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "import", str(FIXTURES / "formation_fight.jsonl")]).exit_code == 0
    en = runner.invoke(main, ["--db", db, "--lang", "en", "post", GAME, "--turn", "2"]).output
    ru = runner.invoke(main, ["--db", db, "--lang", "ru", "post", GAME, "--turn", "2"]).output
    assert "(partner pair Boris+Gorazd: the larger of 0 and 1, A-58b)" in en
    assert "covers his partner Boris (formation, no Protect ally activated), Weapon block" in en
    assert "больший штраф из 0 и 1, A-58b" in ru and "прикрывает напарника" in ru


@pytest.mark.parametrize(("topic", "russian"), [
    ("mounted", "A-59: свод правил молчит о конном бое"),
    ("break_formation", "A-59: свод правил молчит о распаде строя"),
    ("group_combat", "A-59: свод правил молчит о групповом бое"),
])
def test_what_the_rulebook_lacks_is_refused_in_both_languages(tmp_path: Path, topic: str, russian: str) -> None:
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "import", str(FIXTURES / "hand" / "formation.jsonl")]).exit_code == 0
    before = runner.invoke(main, ["--db", db, "export", "skirmish-formation"]).output
    act = json.dumps({"exchange": 1, "stage": "field", "act": topic})
    en = runner.invoke(main, ["--db", db, "order", "skirmish-formation", "--actor", "RAT", "--json", act])
    ru = runner.invoke(main, ["--db", db, "--lang", "ru", "order", "skirmish-formation", "--actor", "RAT", "--json",
                              act])
    assert en.exit_code == 2 and "A-59: the rulebook is silent on" in en.output and "battlelog ruling" in en.output
    assert ru.exit_code == 2 and russian in ru.output and "решает ГМ" in ru.output
    assert runner.invoke(main, ["--db", db, "export", "skirmish-formation"]).output == before


def test_the_partner_is_asked_to_cover_in_both_languages(tmp_path: Path) -> None:
    lines = (FIXTURES / "hand" / "formation_fight.jsonl").read_text(encoding="utf-8").splitlines()
    upto = next(i for i, x in enumerate(lines) if '"protect_ally"' in x)
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(lines[:upto]) + "\n", encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "import", str(part)]).exit_code == 0
    en = runner.invoke(main, ["--db", db, "status", GAME]).output
    ru = runner.invoke(main, ["--db", db, "--lang", "ru", "status", GAME]).output
    assert "waiting for GOR: Cover your partner BOR (5.12, L1189: no Protect ally activated, no +1)" in en
    assert "GOR: прикрыть напарника BOR (5.12, L1189: без активации Защиты союзника, без +1)" in ru


def test_the_issues_bad_input_is_refused_in_russian_naming_the_rule(tmp_path: Path) -> None:
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "import", str(FIXTURES / "hand" / "formation.jsonl")]).exit_code == 0
    before = runner.invoke(main, ["--db", db, "export", "skirmish-formation"]).output

    def ru(actor: str, act: dict[str, Any]) -> str:
        out = runner.invoke(main, ["--db", db, "--lang", "ru", "order", "skirmish-formation", "--actor", actor,
                                   "--json", json.dumps({"exchange": 1, "stage": "field", **act})])
        assert out.exit_code == 2
        return out.output

    assert "5.7 (L52-58): путь длиннее движения RAT" in ru("RAT", {"act": "move", "path": [[2, 1], [3, 1], [4, 0]]})
    assert "5.12 (L1189): напарники BOR и MIR стоят порознь" in ru("RAT", {
        "act": "form", "members": ["BOR", "MIR"], "partners": [["BOR", "MIR"]]})
    assert "5.6.4, L62: BOR в схватке с VSE: в схватке не целятся" in ru("BOR", {"act": "aim"})
    assert runner.invoke(main, ["--db", db, "export", "skirmish-formation"]).output == before
    hidden = "5.7 (L44): a hidden attack on RAT, who sees VSE (VSE is not behind RAT)"  # test_part2's refusal
    assert i18n.localize(hidden, "ru", [get_ruleset("skirmish")]) == \
        "5.7 (L44): скрытая атака на RAT, который видит VSE (VSE не у него за спиной)"


def test_a_partner_in_the_cell_covers_against_a_shot_without_activation() -> None:
    from dataclasses import replace

    from tests.skirmish.kit import Round, payloads
    from tests.skirmish.test_formation import formed
    from tests.skirmish.test_ranged_moves import act, guarded_field, roll

    field = guarded_field([1, 2])
    field = field.with_fighter(replace(field.fighter("BOR"), cell=field.fighter("RAT").cell))
    field = formed(field, ["BOR", "RAT"], [["BOR", "RAT"]], 7)
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "RAT", act="wait")
    act(rnd, "BOR", act="wait")
    rnd.choice("RAT", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("BOR", "protect_ally", {"maneuver": "shield_parry_missile", "dice": 2}, exchange=1, shooter="VSE",
               target="RAT")
    roll(rnd, "VSE", "shot", [10, 9, 2, 2, 2, 2])
    roll(rnd, "BOR", "protect_ally", [9, 7], shooter="VSE", target="RAT")
    stop = rnd.resolve(field)
    p = payloads(stop, "shot")[0]
    assert "BOR covers his partner RAT (5.12, L1189: two partners in one cell, by the normal rules, without " \
           "activating Protect ally): shield parry missile %6, no activation" in p["why"]  # the parry %5 + 1 (M86)
    assert p["protectors"]["BOR"]["side"] == "partner" and p["protectors"]["BOR"]["activation"] == 0
    assert stop.state.fighter("BOR").spent_R == 2  # the dice, no activation (M83's 1R is not paid)
    from replay.rulesets.skirmish import messages

    said = messages.say_why(next(w for w in p["why"] if w.startswith("BOR covers")))
    assert said == "BOR прикрывает напарника RAT (5.12, L1189: два напарника в одной клетке, по обычным правилам, " \
        "без активации Защиты союзника): парирование щитом %6, без активации"


# --- the general initiative rolled again after a successful hidden attack (5.7, L48; 4.1 item 4) -------------------

def test_the_round_after_a_successful_hidden_shot_starts_with_general_initiative_rolls() -> None:
    from dataclasses import replace

    from tests.skirmish.kit import Round, asked, payloads
    from tests.skirmish.test_ranged_moves import act, field, hidden_shot, roll

    state = replace(field(4, target="ZOR", facing="W"), intents=(("ZOR", "attack"), ("VSE", "attack")))
    rnd = roll(hidden_shot([2, 3, 1, 4]), "ZOR", "knockout", [9, 9, 9, 9], shooter="VSE")
    act(rnd, "VSE", 2, act="wait")
    act(rnd, "ZOR", 2, act="wait")
    done = rnd.resolve(state)
    assert done.state.hidden_hit == "VSE's hidden shot at ZOR"  # unsensed (Empathy 0 successes) and it hit
    nxt = Round(turn=3)
    stop = nxt.resolve(done.state)
    assert {("ZOR", "general_initiative", (("round", 3),)), ("VSE", "general_initiative", (("round", 3),))} <= {
        (a, n, tuple(k.items())) for a, n, k in asked(stop)}  # asked of the players, nothing drawn
    assert payloads(stop, "general_initiative") == []
    roll(nxt, "ZOR", "general_initiative", [9, 8, 7, 6, 5, 1], round=3)
    roll(nxt, "VSE", "general_initiative", [2, 3, 1, 4, 2, 2], round=3)
    again = payloads(nxt.resolve(done.state), "general_initiative")[0]
    assert again["why"][0] == "round 3 starts with general initiative rolls after VSE's hidden shot at ZOR hit home " \
        "unsensed (5.7, L48)"
    assert again["chain"][0] == ["ZOR", 4] and "L48" in again["rule"]
    from replay.rulesets.skirmish import messages

    assert messages.say_why(again["why"][0]) == "раунд 3 начинается бросками общей инициативы: скрытый выстрел VSE " \
        "по ZOR попал незамеченным (5.7, L48)"


def test_a_sensed_hidden_shot_changes_no_initiative() -> None:
    from dataclasses import replace

    from tests.skirmish.test_ranged_moves import act, field, hidden_shot

    state = replace(field(4, target="ZOR", facing="W"), intents=(("ZOR", "attack"), ("VSE", "attack")))
    rnd = hidden_shot([7, 3, 2, 4])
    act(rnd, "VSE", 2, act="wait")
    act(rnd, "ZOR", 2, act="wait")
    assert rnd.resolve(state).state.hidden_hit is None


def test_an_unsensed_hidden_blow_in_a_melee_pair_that_wounds_sets_the_reroll() -> None:
    from dataclasses import replace

    from replay.rulesets.skirmish import battle
    from replay.rulesets.skirmish.model import Declared
    from tests.skirmish.test_part2 import started

    state = started()
    pair = battle.new_pair(state, "RAT", "VSE")
    state = replace(state, loose=tuple(f for f in state.loose if f.id not in ("RAT", "VSE")), pairs=(pair,))
    unsensed = Declared("VSE", 1, "defence", "pass", {}, {"empathy": {"sensed": False}})
    hit = {"attacker": "RAT", "target": "VSE", "wound": {"W": 3}}
    assert battle.hidden_unsensed(replace(pair.fight, declared=(unsensed,)), hit)
    assert not battle.hidden_unsensed(replace(pair.fight, declared=(replace(unsensed, priced={}),)), hit)
    seen = Declared("VSE", 1, "defence", "pass", {}, {"empathy": {"sensed": True}})
    assert not battle.hidden_unsensed(replace(pair.fight, declared=(seen,)), hit)


# --- a target in a crowd (5.6.5, L972) -------------------------------------------------------------------------------

def test_a_target_screened_by_a_crowd_costs_one_success_per_rank() -> None:
    from dataclasses import replace

    from replay.rulesets.skirmish import battle, field, messages
    from tests.skirmish.kit import payloads
    from tests.skirmish.test_part2 import archer, shot_round

    assert field.crowd_ranks("square", {(10, 2), (20, 2), (10, 5), (40, 2)}, (35, 2), (0, 2)) == 2  # on the line
    assert field.crowd_ranks("square", {(0, 2), (35, 2)}, (35, 2), (0, 2)) == 0  # their own cells are no ranks
    plain = payloads(shot_round(["zone:head"], [6, 3]).resolve(archer(35)), "shot")[0]
    crowded = replace(archer(35), terrain=(((10, 2), ("crowd",), 0.0), ((20, 2), ("crowd",), 0.0),
                                           ((10, 5), ("crowd",), 0.0)))
    p = payloads(shot_round(["zone:head"], [6, 3]).resolve(crowded), "shot")[0]
    assert "target in a crowd −2 (one per rank, L972)" in p["why"] and p["final"] == plain["final"] - 2
    assert messages.say_why("target in a crowd −2 (one per rank, L972)") == \
        "цель в толпе −2 (по одному за каждый ряд людей, L972)"
    setup = {"field": {"grid": "square", "width": 6, "height": 4, "terrain": [{"cell": [2, 2], "flags": ["crowd"]}]},
             "fighters": [{"sample": "RAT", "cell": [0, 0]}, {"sample": "VSE", "cell": [5, 3]}]}
    assert battle.BattleSetup.model_validate(setup).field.terrain[0].flags == ["crowd"]


# --- fleeing the battlefield out of a melee: a Retreat declared so (M45, L616, CP-19) --------------------------------

def edge_pair() -> Any:
    """RAT (1, 1) against VSE, who walked to (2, 0) on the field's edge: a melee pair from round 2; MIR far off."""
    from dataclasses import replace

    from tests.skirmish.kit import RULESET, Round
    from tests.skirmish.test_part2 import OPTIONS, order

    setup = {"field": {"grid": "square", "width": 8, "height": 4},
             "fighters": [{"sample": "RAT", "cell": [1, 1], "facing": "E"},
                          {"sample": "VSE", "cell": [3, 0], "facing": "W"},
                          {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": [7, 3],
                           "facing": "W"}]}
    state = replace(RULESET.initial(setup, OPTIONS), chain=(("RAT", 3), ("VSE", 1), ("MIR", 0)),
                    intents=(("RAT", "attack"), ("VSE", "attack"), ("MIR", "attack")))
    rnd = Round(turn=1)
    order(rnd, "RAT", 1, act="wait")
    order(rnd, "VSE", 1, act="move", gait="walk", path=[[2, 0]])
    order(rnd, "MIR", 1, act="wait")
    order(rnd, "MIR", 2, act="wait")
    return rnd.resolve(state).state


def fleeing_round(flee: bool) -> Any:
    from tests.skirmish.kit import Round

    rnd = (Round(turn=2).roll("RAT", "initiative", [9, 9, 9, 9, 9]).roll("VSE", "initiative", [1, 2, 3, 4, 2, 2])
           .declare("VSE", "attack").attack("RAT", "chop", "upper_torso", reflex=1, skill=3))
    rnd.add("order", "VSE", {"exchange": 1, "step": "defence", "maneuver": "retreat", "dice": {"reflex": 3, "skill": 0},
                             **({"flee": True} if flee else {})})
    return (rnd.choice("RAT", "feint", "no", exchange=1).roll("RAT", "attack", [5, 2, 3, 1])
            .roll("VSE", "defence", [9, 8, 7]))


def test_a_retreat_declared_as_fleeing_leaves_the_battlefield() -> None:
    from tests.skirmish.kit import payloads

    state = edge_pair()
    assert [p.id for p in state.pairs] == ["VSE-RAT"]
    stop = fleeing_round(True).resolve(state)
    fled = payloads(stop, "fled")
    assert fled and fled[0]["fighter"] == "VSE" and fled[0]["cell"] == [2, 0] and "CP-19" in fled[0]["rule"]
    assert stop.state.gone("VSE") and "VSE" in stop.state.fled
    from replay.rulesets.skirmish import messages

    assert messages.say_why(fled[0]["why"][0]) == "VSE заявил отступление из схватки как бегство: он покидает поле " \
        "боя из (2, 0) (M45, L616, CP-19)"
    plain = fleeing_round(False).resolve(state)
    assert payloads(plain, "fled") == [] and not plain.state.gone("VSE")  # a plain retreat only ends the melee


def test_fleeing_out_of_a_melee_is_refused_off_the_edge_or_without_a_retreat() -> None:
    from dataclasses import replace

    from eventlog.envelope import Draft
    from replay.context import Request, freeze
    from replay.rulesets.skirmish import battle_check
    from tests.skirmish.kit import RULESET
    from tests.skirmish.test_part2 import OPTIONS

    state = edge_pair()
    asked_now = (Request("order", "VSE", "order", freeze({"exchange": 1, "step": "defence"})),)

    def check(st: Any, **p: Any) -> list[str]:
        return battle_check.check(st, asked_now, Draft("order", {"exchange": 1, "step": "defence", **p}, actor="VSE"),
                                  OPTIONS)

    sidestep = check(state, maneuver="sidestep", dice={"reflex": 2, "skill": 0}, flee=True)
    assert sidestep == ["M45 (L616, CP-19): fleeing out of a melee is declared with a Retreat (M45), a defence"]
    pair = state.pairs[0]
    inland = state.with_pair(replace(pair, fight=pair.fight.with_fighter(replace(pair.fight.fighter("VSE"),
                                                                                  cell=(2, 2)))))
    said = check(inland, maneuver="retreat", dice={"reflex": 3, "skill": 0}, flee=True)
    assert said == ["1.2.6, CP-19: VSE at (2, 2) must stand on the field's edge to retreat off it"]
    assert i18n.localize(said[0], "ru", [RULESET]) == "1.2.6, CP-19: VSE в (2, 2) должен стоять на краю поля, чтобы " \
        "отступить с него"
    parsed = RULESET.parse_order("Защита: отступление, 3 кубика (3Р), бегу с поля боя", state, "VSE")
    assert parsed.order is not None and parsed.order["maneuver"] == "retreat" and parsed.order["flee"] is True
    assert "flee" not in (RULESET.parse_order("Defence: retreat, 3 dice (3R)", state, "VSE").order or {})


def test_an_enemy_who_engages_one_partner_meets_both() -> None:
    """5.12 (L1189): two partners in one cell: the enemy who comes within reach of one is in melee with both (the
    partner joins, 4.4), so the partner can cover him."""
    from dataclasses import replace

    from replay.rulesets.skirmish import messages
    from tests.skirmish.kit import Round, payloads
    from tests.skirmish.test_formation import formed
    from tests.skirmish.test_part2 import order, started

    state = formed(started(), ["BOR", "RAT"], [["BOR", "RAT"]], 7)
    state = state.with_fighter(replace(state.fighter("BOR"), cell=(1, 1)))
    state = state.with_fighter(replace(state.fighter("VSE"), cell=(3, 1)))
    rnd = Round(turn=1)
    order(rnd, "RAT", 1, act="wait")
    order(rnd, "VSE", 1, act="move", gait="walk", path=[[2, 1]])
    order(rnd, "MIR", 1, act="wait")
    order(rnd, "BOR", 1, act="wait")
    order(rnd, "MIR", 2, act="wait")
    stop = rnd.resolve(state)
    assert [p["pair"] for p in payloads(stop, "engaged")] == ["VSE-RAT"]
    joined = payloads(stop, "joined")
    assert [(j["melee"], j["fighter"], j["group"]) for j in joined] == [("VSE-RAT", "BOR", "VSE-RAT-BOR")]
    assert joined[0]["why"][0] == "BOR stands in RAT's cell as his formation partner: he is in the melee with him, " \
        "several fighters in one melee (5.12, L1189; 4.4)"
    assert "L1189" in joined[0]["rule"]
    assert messages.say_why(joined[0]["why"][0]).startswith("BOR стоит в клетке RAT как его напарник по строю")
    group = stop.state.pairs[0]
    assert group.fight.partners == (("RAT", "BOR", "long"), ("BOR", "RAT", "long"))


def test_the_new_state_fields_round_trip_and_are_left_out_when_empty() -> None:
    from dataclasses import replace

    from replay.rulesets.skirmish import battle, model
    from tests.skirmish.test_part2 import started

    state = replace(started(), hidden_hit="VSE's hidden shot at RAT")
    assert battle.state_from_json(battle.state_to_json(state)).hidden_hit == "VSE's hidden shot at RAT"
    assert "hidden_hit" not in battle.state_to_json(started())
    fight = battle.new_pair(state, "RAT", "VSE").fight
    assert not {"partners", "obstacles", "bounds"} & set(model.state_to_json(fight))
    full = replace(fight, partners=(("RAT", "BOR", "long"),), obstacles=((1, 2),), bounds=(5, 5))
    back = model.state_from_json(model.state_to_json(full))
    assert (back.partners, back.obstacles, back.bounds) == (full.partners, full.obstacles, full.bounds)
