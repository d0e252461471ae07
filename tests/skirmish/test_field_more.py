"""The field's later rules (issue 9, part 2): the hurried preparation's botch (5.6.3, L950), a weapon picked up from
the floor on the field (M50, A-39), the stray projectile drawn (CP-41), «щит» read as a word of its own."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver, views
from replay.rulesets.skirmish import battle, battle_check, field_frame, missile_defences
from tests.legend_support import NS, ROOT, tail_labels
from tests.skirmish.kit import RULESET, Round, asked, payloads, why_stopped
from tests.skirmish.test_field_frame_shots import badges
from tests.skirmish.test_part2 import battle_state, order, setup

# --- 5.6.3 (L950): the hurried preparation's botch ----------------------------------------------------------------

def rushed_archer(rushed: int = 2, *, hurried: bool = False) -> battle.Battle:
    """VSE prepared his short bow in haste (5.6.3: −`rushed` final successes) at RAT 35 m away in clear weather (medium
    range −1); MIR stands on VSE's side."""
    state = battle_state(setup([{"sample": "RAT", "cell": [0, 2], "facing": "W"},
                                {"sample": "VSE", "cell": [35, 2], "facing": "W",
                                 "ranged": {"weapon": "short_bow", "ammo": 4}},
                                {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"},
                                 "cell": [30, 5], "facing": "W"}]))
    s = state.shooter("VSE")
    assert s is not None
    s = replace(s, stage="aimed" if hurried else "prepared", loss=rushed + (1 if hurried else 0), rushed=rushed,
                hurried=hurried)
    return replace(state.with_shooter("VSE", s), chain=(("VSE", 2), ("RAT", 1)))


def rushed_round(faces: list[int]) -> Round:
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, buys=[])
    for fid in ("RAT", "MIR"):
        order(rnd, fid, 1, act="wait")
    rnd.roll("VSE", "shot", faces)
    return rnd


def test_l950_at_minus_one_the_weapon_makes_its_reliability_check_and_a_success_drops_it() -> None:
    rnd = rushed_round([10, 9, 3])  # 2 − 0 = 2; −1 medium range, −2 the hurried preparation: −1
    stop = rnd.resolve(rushed_archer())
    assert ("VSE", "reliability", {"exchange": 1, "shooter": "VSE"}) in asked(stop), why_stopped(stop)
    ask = next(r for r in stop.requests if r.name == "reliability")
    assert ask.dice == "4d10"  # the SAMPLE short bow's Reliability 4
    rnd.add("roll", "VSE", {"dice": "4d10", "purpose": "reliability", "result": [7, 2, 3, 4], "total": 16,
                            "source": "forum", "exchange": 1, "shooter": "VSE"})
    stop = rnd.resolve(rushed_archer())
    p = payloads(stop, "shot")[0]
    assert p["misfire"] == {"kind": "weapon", "net": -1, "reliability": {"dice": 4, "net": 1}, "weapon": "dropped"}
    assert p["outcome"] == "miss" and p["wound"] is None and "botch" not in p
    assert "the hurried preparation's lost successes leave the shot at -1: a critical failure, the shot never " \
           "leaves the weapon (L950)" in p["why"]
    assert "Reliability 4d %5 [7, 2, 3, 4] → 1 − 0 = 1: the weapon falls from his hands (L950)" in p["why"]
    assert "L950" in p["rule"] and "A-41" in p["defaults"]
    s = stop.state.shooter("VSE")
    assert s is not None and s.lost == "dropped" and s.rushed == 0 and s.stage == "empty"


def test_l950_a_failed_reliability_check_breaks_or_jams_the_weapon_and_no_stage_can_follow() -> None:
    rnd = rushed_round([10, 9, 3])
    rnd.add("roll", "VSE", {"dice": "4d10", "purpose": "reliability", "result": [4, 2, 3, 1], "total": 10,
                            "source": "forum", "exchange": 1, "shooter": "VSE"})
    stop = rnd.resolve(rushed_archer())
    p = payloads(stop, "shot")[0]
    assert p["misfire"]["weapon"] == "broken_or_jammed" and p["misfire"]["reliability"] == {"dice": 4, "net": -1}
    assert "Reliability 4d %5 [4, 2, 3, 1] → 0 − 1 = -1: the weapon breaks or jams, out of use; which of the two is " \
           "the GM's word (L950)" in p["why"]
    after = stop.state
    assert battle_check.stage_problems(after, "VSE", "draw") == ["5.6.3 (L950): VSE's short_bow is broken or jammed"]
    assert battle_check.pick_up_problems(after, "VSE", {"weapon": "short_bow"}) == \
        ["M50: VSE's short_bow is not on the floor"]


def test_l950_at_minus_two_the_weapon_hurts_the_shooter_in_a_zone_of_the_ranged_table() -> None:
    rnd = rushed_round([10, 3, 3])  # 1; −1 medium range, −2 the hurried preparation: −2
    stop = rnd.resolve(rushed_archer())
    assert ("VSE", "shot_zone", {"exchange": 1, "misfire": "VSE"}) in asked(stop), why_stopped(stop)
    for purpose, faces, dice_ in (("shot_zone", [4], "1d6"), ("zone", [4, 3], "2d6-2")):
        rnd.add("roll", "VSE", {"dice": dice_, "purpose": purpose, "result": faces, "source": "forum", "exchange": 1,
                                "misfire": "VSE", "total": sum(faces) - (2 if dice_ == "2d6-2" else 0)})
    stop = rnd.resolve(rushed_archer())
    shots = payloads(stop, "shot")
    assert shots, why_stopped(stop)
    p = shots[0]
    assert p["outcome"] == "miss" and p["wound"] is None  # RAT is not struck: the arrow never flew
    m = p["misfire"]
    assert m["kind"] == "self" and m["net"] == -2 and m["outcome"] == "hit"
    assert m["wound"]["zone"] == "right_arm" and m["wound"]["precise"] == "forearm"
    assert "D = 6 (arrow) = 6" in p["why"]  # the short bow's arrow at short range: no range modifier
    assert stop.state.fighter("VSE").wounds and not stop.state.fighter("RAT").wounds
    s = stop.state.shooter("VSE")
    assert s is not None and s.lost is None  # the weapon stays in hand


def test_l950_a_shot_the_preparation_leaves_above_zero_takes_the_aims_botch_instead() -> None:
    # 2 − 0 = 2; −1 medium range, −1 the hurried preparation: 0 before the aim, −1 the hurried aim: −1 (L956)
    rnd = rushed_round([10, 9, 3, 3, 3, 2])  # 3 skill dice + Accuracy 3 (aimed)
    stop = rnd.resolve(rushed_archer(1, hurried=True))
    assert (None, "stray_direction", {"exchange": 1, "shooter": "VSE"}) in asked(stop), why_stopped(stop)
    assert not any(name == "reliability" for _, name, _ in asked(stop))


def test_l950_an_unhurried_preparation_never_misfires() -> None:
    p = payloads(rushed_round([10, 3, 3]).resolve(rushed_archer(0)), "shot")[0]
    assert "misfire" not in p and p["final"] == 0


def test_l950_a_sped_up_preparation_says_its_lost_successes_on_the_shooter() -> None:
    state = rushed_archer(0)
    s = state.shooter("VSE")
    assert s is not None
    state = state.with_shooter("VSE", replace(s, stage="drawn", ready=False, loss=0))
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="prepare", speedup=2)
    for fid in ("RAT", "MIR"):
        order(rnd, fid, 1, act="wait")
    rnd.roll("VSE", "speedup", [9, 7])  # 2 successes, the short bow's 2 s from scratch: 1 s saved (never below 1)
    stop = rnd.resolve(state)
    stage = payloads(stop, "ranged_stage")[0]
    assert stage["rushed"] == 1 and stage["loss"] == 1 and stage["stage"] == "prepared"
    assert stop.state.shooter("VSE").rushed == 1  # type: ignore[union-attr]


# --- M50 (L646, A-39) on the field: a weapon picked up from the floor --------------------------------------------

def dropped_bow(at: tuple[int, int] = (35, 2)) -> battle.Battle:
    """VSE's short bow fell from his hands at (35, 2) in a botched hurried preparation (L950)."""
    state = rushed_archer(0)
    s = state.shooter("VSE")
    assert s is not None
    return state.with_shooter("VSE", replace(s, stage="empty", lost="dropped", lost_at=at))


def pick_up_round(faces: list[int]) -> Round:
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="pick_up", weapon="short_bow")
    for fid in ("RAT", "MIR"):
        order(rnd, fid, 1, act="wait")
    rnd.roll("VSE", "pickup", faces)
    return rnd


def test_m50_a_dropped_bow_bars_every_stage_until_it_is_picked_up() -> None:
    state = dropped_bow()
    assert battle_check.stage_problems(state, "VSE", "draw") == [
        "5.6.3 (L950): VSE's short_bow lies on the floor at (35, 2): pick it up first (pick_up, M50)"]
    assert battle_check.pick_up_problems(state, "VSE", {"weapon": "short_bow"}) == []
    assert battle_check.pick_up_problems(dropped_bow((34, 2)), "VSE", {"weapon": "short_bow"}) == [
        "M50: VSE's short_bow lies at (34, 2): he picks it up standing there"]
    assert battle_check.pick_up_problems(state, "VSE", {"weapon": "dagger"}) == [
        "M50: VSE has no weapon 'dagger' on the floor"]


def test_m50_picking_up_costs_three_reflex_and_a_reflex_check_at_5() -> None:
    state = dropped_bow()
    n = state.fighter("VSE").char("reflex")
    stop = pick_up_round([5] + [2] * (n - 1)).resolve(state)
    p = payloads(stop, "picked_up")
    assert p, why_stopped(stop)
    assert p[0]["picked"] is True and p[0]["spent_R"] == 3 and p[0]["check"] == {"dice": n, "net": 1}
    assert p[0]["why"] == [f"VSE picks short_bow up from the floor: 3 R (M50, L646); Reflex {n}d %5 "
                           f"{[5] + [2] * (n - 1)} → 1 − 0 = 1: in hand"]
    after = stop.state
    s = after.shooter("VSE")
    assert s is not None and s.lost is None and s.lost_at is None
    assert after.fighter("VSE").spent_R == state.fighter("VSE").spent_R + 3
    assert battle_check.stage_problems(after, "VSE", "draw") == []


def test_m50_a_failed_pickup_spends_the_three_reflex_and_leaves_the_weapon_on_the_floor() -> None:
    state = dropped_bow()
    n = state.fighter("VSE").char("reflex")
    stop = pick_up_round([4] * n).resolve(state)
    p = payloads(stop, "picked_up")[0]
    assert p["picked"] is False and p["why"][0].endswith("→ 0 − 0 = 0: he fails, the 3 R are spent (A-39)")
    s = stop.state.shooter("VSE")
    assert s is not None and s.lost == "dropped"
    assert stop.state.fighter("VSE").spent_R == state.fighter("VSE").spent_R + 3


def test_m50_a_melee_weapon_on_the_floor_is_picked_up_into_the_main_hand() -> None:
    state = rushed_archer(0)
    f = state.fighter("RAT")
    w = f.weapons[0]
    state = state.with_fighter(replace(f, weapons=(replace(w, hands=(), state="dropped"), *f.weapons[1:])))
    assert battle_check.pick_up_problems(state, "RAT", {"weapon": w.id}) == []
    n = f.char("reflex")
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="wait")
    order(rnd, "RAT", 1, act="pick_up", weapon=w.id)
    order(rnd, "MIR", 1, act="wait")
    rnd.roll("RAT", "pickup", [9] * n)
    stop = rnd.resolve(state)
    assert payloads(stop, "picked_up")[0]["ranged"] is False, why_stopped(stop)
    held = stop.state.fighter("RAT").weapon_by_id(w.id)
    assert held is not None and held.state == "ready" and held.hands == (f.main_hand,)


def test_m50_picking_up_reads_from_the_players_words() -> None:
    from replay.rulesets.skirmish.field_parse import parse_field_order

    state = dropped_bow()
    parsed = parse_field_order("Поднимаю лук с земли", state, "VSE")
    assert parsed.order == {"exchange": 1, "stage": "field", "act": "pick_up", "weapon": "short_bow"}, parsed.errors
    assert parse_field_order("Pick up the short bow", state, "VSE").order["weapon"] == "short_bow"  # type: ignore[index]
    assert parse_field_order("Поднимаю", state, "VSE").errors[0].startswith("M50: name the one weapon")


# --- «щит» is a word of its own (parse.py) ------------------------------------------------------------------------

def test_a_defence_saying_zashchishchayu_names_no_shield() -> None:
    from replay.rulesets.skirmish.parse import SHIELD

    assert SHIELD.search("защищаю союзника блоком оружием") is None
    assert SHIELD.search("защита: уклонение") is None
    assert SHIELD.search("блок щитом") is not None and SHIELD.search("shield block") is not None
    assert SHIELD.search("щит") is not None


def test_a_declaration_saying_zashchishchayu_keeps_its_weapon_and_a_shield_block_takes_the_shield() -> None:
    from replay.rulesets.skirmish.parse import parse_order
    from tests.skirmish.kit import fight

    state = fight()
    said = parse_order("Защита: защита союзника блоком оружием, 3 кубика (1Р+2Н)", state, "VSE").order
    assert said is not None and said.get("weapon") != "shield"
    blocked = parse_order("Защита: блок щитом, 2 кубика (2Р)", state, "VSE").order
    assert blocked is not None and blocked["weapon"] == "shield"


# --- CP-41 drawn: the hurried aim's stray projectile (field_frame) -------------------------------------------------

def test_cp41_the_frame_draws_the_stray_projectile_in_the_direction_the_gm_rolled(tmp_path: Path) -> None:
    """Rout, round 3: LAD's hurried shot at RAT 2 m away botches at −1 and the GM rolls SW; LAD stands on the 6×6
    field's south edge at (5, 5), so the grey dashed arrow with its «!» runs south-west off the field, its head just
    past the edge."""
    game = rout(tmp_path)
    view = views.frame_view(game, 3, driver.turn_steps(game, 3).count, "ru")
    shown = field_frame.scene(view)
    stray = [f for m in shown.shots for f in m.flights if f.kind == "stray"]
    assert [(f.target, f.start, f.end, f.outcome) for f in stray] == [("SW", (5, 5), (4, 6), "miss")]
    size = field_frame.cell_size(shown)
    a, b = field_frame.flight_line(shown, size, stray[0])
    bottom = field_frame.MAP_Y + 8 + size * 6  # the field's south edge
    assert 0 < b[1] - bottom < 20 and b[0] < a[0] and b[1] > a[1]  # south-west, just past the edge (drawn 9 px aside)
    root = ET.fromstring(game.ruleset.frame(view))
    assert "!" in badges(root)
    assert "торопливый выстрел ушёл в сторону (CP-41)" in tail_labels(root)
    assert "ушёл в сторону → юго-запад" in (root.find(f"{NS}desc").text or "")  # type: ignore[union-attr]


def test_cp41_a_stray_shot_stops_at_the_fields_edge_or_the_shots_distance() -> None:
    state = battle_state(setup([{"sample": "RAT", "cell": [0, 2], "facing": "W"},
                                {"sample": "VSE", "cell": [5, 2], "facing": "W"}], width=8, height=5))
    assert field_frame.stray_end(state, (5, 2), "E", 5) == (8, 2)  # off the field after 2 cells: the first cell off
    assert field_frame.stray_end(state, (5, 2), "W", 3) == (2, 2)  # the shot's 3 m
    assert field_frame.stray_end(state, (7, 2), "E", 4) == (8, 2)


def test_the_legend_keeps_room_only_for_what_the_game_can_draw() -> None:
    duel = battle_state(setup([{"sample": "RAT", "cell": [0, 2], "facing": "E"},
                               {"sample": "VSE", "cell": [5, 2], "facing": "W"}]))
    assert field_frame.game_marks(duel) == field_frame.SHOT_MARKS | {"sweep", "formation"}
    archers = rushed_archer(0)  # RAT alone against VSE and MIR, VSE with a bow
    assert field_frame.game_marks(archers) == frozenset()  # RAT has two enemies: he may sweep; VSE and MIR may form
    keyed = field_frame.legend_items("en", field_frame.colours(duel), state=duel)
    assert "sweep" not in keyed.entries and "shot:hit" not in keyed.entries and "pair" in keyed.entries
    assert set(field_frame.legend_items("en", field_frame.colours(duel)).entries) - set(keyed.entries) == \
        field_frame.SHOT_MARKS | {"sweep", "formation"}


def rout(tmp_path: Path) -> Any:
    store = Store.open(tmp_path / "g.duckdb")
    text = (ROOT / "fixtures" / "skirmish" / "rout.jsonl").read_text(encoding="utf-8")
    game_id = next(iter(import_text(store, text, source="rout")))
    with store:
        return driver.load(store, game_id)


# --- T-08 (5.6.8, L1036-1040, A-53): a shot from a moving vehicle as an order -------------------------------------

def carter() -> battle.Battle:
    """VSE on a cart with Trade etiquette 4 (L1038) shoots at RAT 35 m away (medium range −1)."""
    state = battle_state(setup([{"sample": "RAT", "cell": [0, 2], "facing": "W"},
                                {"sample": "VSE", "cell": [35, 2], "facing": "W",
                                 "skills": {"swords": 4, "bows": 3, "trade_etiquette": 4},
                                 "ranged": {"weapon": "short_bow", "ammo": 4}}]))
    s = state.shooter("VSE")
    assert s is not None
    return replace(state.with_shooter("VSE", replace(s, stage="prepared")), chain=(("VSE", 2), ("RAT", 1)))


def cart_round(ride: dict[str, Any], faces: list[int]) -> Round:
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, buys=[], vehicle=ride)
    order(rnd, "RAT", 1, act="wait")
    rnd.roll("VSE", "shot", faces)
    return rnd


@pytest.mark.parametrize(("ride", "dice", "said"), [
    ({"speed": 5, "skill": "trade_etiquette"}, 2, "shooting from a vehicle at 5 m/s, trade_etiquette 4: −1 dice"),
    ({"speed": 5}, 0, None),  # 5 − 0 takes all 3 dice: refused below
    ({"speed": 5, "with_target": True}, 1, "shooting from a vehicle at 5 m/s (the target moves with it: half the "
                                          "speed, L1036): −2 dice"),
    ({"speed": 3, "skill": "trade_etiquette"}, 3, "shooting from a vehicle at 3 m/s, trade_etiquette 4: −0 dice"),
])
def test_t08_the_vehicles_speed_less_the_skill_comes_off_the_dice(ride: dict[str, Any], dice: int,
                                                                   said: str | None) -> None:
    state = carter()
    refused = battle_check.act(state, "VSE", {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 3},
                                              "vehicle": ride}, RULESET.options())
    if said is None:
        assert refused == ["cannot_pay (4.7.9): a shot rolls at least 1 die"]
        return
    assert refused == []
    faces = [9] + [2] * (dice - 1)  # 1 success, −1 medium range: a miss, no zone asked
    stop = cart_round(ride, faces).resolve(state)
    p = payloads(stop, "shot")
    assert p, why_stopped(stop)
    assert f"{said} (5.6.8, L1036-1040, T-08)" in p[0]["why"]
    assert f"roll {dice}d %5 {faces} → 1 − 0 = 1" in p[0]["why"]
    assert p[0]["vehicle"]["dice"] == 3 - dice and "A-53" in p[0]["defaults"]


@pytest.mark.parametrize(("ride", "said"), [
    ({"speed": -1}, "the vehicle's speed is a whole number of m/s, 0 or more"),
    ({"speed": True}, "the vehicle's speed is a whole number of m/s, 0 or more"),
    ({"speed": 2, "skill": "sailing"}, "VSE has no skill 'sailing' on his sheet"),
    ({"speed": 2, "with_target": "yes"}, "with_target is true or false"),
    ({"speed": 2, "seats": 4}, "vehicle is {\"speed\": m/s"),
])
def test_t08_a_bad_vehicle_is_refused_naming_the_rule(ride: dict[str, Any], said: str) -> None:
    out = battle_check.act(carter(), "VSE", {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 3},
                                             "vehicle": ride}, RULESET.options())
    assert len(out) == 1 and out[0].startswith("condition_failed (5.6.8 T-08): ") and said in out[0], out


def test_t08_a_shot_from_a_cart_reads_from_the_players_words() -> None:
    from replay.rulesets.skirmish.field_parse import parse_field_order

    parsed = parse_field_order("Стреляю в RAT с телеги, 5 м/с, trade_etiquette, 3 кубика (3Н)", carter(), "VSE")
    assert parsed.order is not None, parsed.errors
    assert parsed.order["vehicle"] == {"speed": 5, "skill": "trade_etiquette"}
    said = parse_field_order("Shoot at RAT from a cart at 4 m/s, target alongside, 3 dice (3S)", carter(), "VSE")
    assert said.order is not None and said.order["vehicle"] == {"speed": 4, "with_target": True}, said.errors


def test_t08_the_refusals_and_the_line_read_in_russian() -> None:
    from replay.render import i18n
    from replay.rulesets.skirmish import messages

    assert messages.say_why("shooting from a vehicle at 5 m/s, trade_etiquette 4: −1 dice (5.6.8, L1036-1040, "
                            "T-08)").startswith("стрельба с движущегося транспорта: 5 м/с")
    out = battle_check.act(carter(), "VSE", {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 3},
                                             "vehicle": {"speed": -1}}, RULESET.options())
    assert i18n.UNTRANSLATED["ru"] not in i18n.localize(out[0], "ru", [RULESET])


# --- the recorded ambush (fixtures/skirmish/ambush.jsonl) ----------------------------------------------------------

def ambush(tmp_path: Path) -> Any:
    store = Store.open(tmp_path / "g.duckdb")
    text = (ROOT / "fixtures" / "skirmish" / "ambush.jsonl").read_text(encoding="utf-8")
    game_id = next(iter(import_text(store, text, source="ambush")))
    with store:
        return driver.load(store, game_id)


def test_the_ambush_records_the_misfire_the_pickup_the_cart_and_the_ally_struck(tmp_path: Path) -> None:
    """Round 1: Ladimir's hurried crossbow misfires and falls (L950), Vseslav shoots from his cart (T-08); round 2:
    Ladimir picks the crossbow up (M50), Vseslav catches Gorazd's javelin (M88), Miron's hurried aim strikes his ally
    Vseslav (CP-41); round 3: Vseslav throws the javelin back at Gorazd, unexpected (M88, L1161)."""
    game = ambush(tmp_path)
    shots = [e.payload for e in game.events if e.type == "skirmish.shot"]
    assert [(p["shooter"], p["target"], p.get("misfire", {}).get("weapon"), (p.get("vehicle") or {}).get("dice"),
             (p.get("botch") or {}).get("ally"), (p.get("defence") or {}).get("caught"), p.get("thrown_back"))
            for p in shots] == [
        ("LAD", "VSE", "dropped", None, None, None, None), ("VSE", "RAT", None, 1, None, None, None),
        ("GOR", "VSE", None, None, None, True, None), ("MIR", "RAT", None, None, "VSE", None, None),
        ("VSE", "GOR", None, None, None, None, {"weapon": "javelin", "unexpected": True})]
    picked = [e.payload for e in game.events if e.type == "skirmish.picked_up"]
    assert [(p["fighter"], p["weapon"], p["picked"]) for p in picked] == [("LAD", "light_crossbow", True)]
    view = views.frame_view(game, 1, driver.turn_steps(game, 1).count, "ru")
    assert [(m.shooter, m.target) for m in field_frame.scene(view).shots] == [("VSE", "RAT")]  # the bolt never flew
    view = views.frame_view(game, 2, driver.turn_steps(game, 2).count, "ru")
    assert [(f.kind, f.target, f.outcome) for m in field_frame.scene(view).shots for f in m.flights] == [
        ("stray", "VSE", "hit")]


def test_a_dropped_weapon_survives_the_json_state() -> None:
    state = dropped_bow()
    raw = json.loads(json.dumps(battle.state_to_json(state)))  # as `state --json` prints it
    shooter = dict(raw["shooters"])["VSE"]
    assert shooter["lost"] == "dropped" and shooter["lost_at"] == [35, 2] and "rushed" not in shooter
    assert "lost" not in dict(raw["shooters"]).get("MIR", {})
    back = battle.state_from_json(raw)
    assert back.shooter("VSE") == state.shooter("VSE")


# --- M88 (L1159-1161): a caught projectile thrown back, unexpected in the round after the catch --------------------

def javelineer() -> battle.Battle:
    """RAT, with Throwing 3 and a javelin ready to throw, faces VSE 4 m away (short range, no modifier)."""
    state = battle_state(setup([{"sample": "RAT", "cell": [0, 2], "facing": "E",
                                 "skills": {"swords": 4, "throwing": 3},
                                 "ranged": {"weapon": "javelin", "ammo": 2, "placement": "at_hand"}},
                                {"sample": "VSE", "cell": [4, 2], "facing": "W"}]))
    s = state.shooter("RAT")
    assert s is not None
    return replace(state.with_shooter("RAT", replace(s, stage="prepared")), chain=(("RAT", 2), ("VSE", 1)))


def catch_round() -> Round:
    rnd = Round(turn=2)
    order(rnd, "RAT", 1, act="shoot", target="VSE", dice={"reflex": 0, "skill": 3}, buys=[])
    order(rnd, "VSE", 1, act="wait")
    rnd.choice("VSE", "missile_defence", {"maneuver": "missile_catch", "dice": 2}, exchange=1, shooter="RAT")
    rnd.roll("RAT", "shot", [6, 2, 2])  # 1 success
    rnd.add("roll", "VSE", {"dice": "2d10", "purpose": "missile_defence", "result": [9, 8], "total": 17,
                            "source": "forum", "exchange": 1, "shooter": "RAT"})
    return rnd


def caught_javelin() -> battle.Battle:
    stop = catch_round().resolve(javelineer())
    assert payloads(stop, "shot"), why_stopped(stop)
    return stop.state


def test_m88_a_caught_javelin_stays_in_the_catchers_hand() -> None:
    stop = catch_round().resolve(javelineer())
    p = payloads(stop, "shot")[0]
    assert p["defence"]["caught"] is True and p["outcome"] == "miss"
    assert stop.state.caught == (("VSE", "javelin", 2),)
    raw = json.loads(json.dumps(battle.state_to_json(stop.state)))
    assert raw["caught"] == [["VSE", "javelin", 2]] and "thrown" not in raw
    assert battle.state_from_json(raw).caught == stop.state.caught


def throw_round(turn: int, defence: Any = "none") -> Round:
    rnd = Round(turn=turn)
    order(rnd, "RAT", 1, act="wait")
    order(rnd, "VSE", 1, act="throw_back", target="RAT", dice={"reflex": 2, "skill": 0}, buys=[])
    if defence is not None:
        rnd.choice("RAT", "missile_defence", defence, exchange=1, shooter="VSE")
    return rnd


def test_m88_thrown_back_in_the_round_after_the_catch_the_throw_is_unexpected() -> None:
    state = caught_javelin()
    stop = throw_round(3, None).resolve(state)
    ask = next(r for r in stop.requests if r.name == "missile_defence")
    assert ask.actor == "RAT" and "missile_slip" not in ask.options and "missile_catch" not in ask.options
    assert "missile_dodge" in ask.options
    waiting = stop.state
    assert waiting.thrown == ("VSE", "javelin", True)
    assert missile_defences.defence_problems(waiting, "RAT", {"maneuver": "missile_slip", "dice": 2}, 1, "VSE") == [
        "condition_failed (5.7 L40): against an unexpected throw-back (M88, L1161) only a dodge, a shield parry or a "
        "weapon parry"]
    assert missile_defences.defence_problems(waiting, "RAT", {"maneuver": "missile_dodge", "dice": 1, "skill": 1}, 1,
                                             "VSE") == [
        "reflex_only (5.7 L40): against an unexpected throw-back (M88, L1161) the defence is paid with reflex points "
        "only"]
    assert missile_defences.defence_problems(waiting, "RAT", {"maneuver": "missile_dodge", "dice": 1}, 1, "VSE") == []
    rnd = throw_round(3)
    rnd.roll("VSE", "shot", [9, 3])  # 1 success, %5: at 4 m short range
    rnd.roll("VSE", "shot_zone", [3], sides=6, dice="1d6")
    rnd.roll("VSE", "zone", [4, 4], dice="2d6-2")
    rnd.roll("VSE", "penetration", [6], sides=6, dice="1d6")
    stop = rnd.resolve(state)
    shots = payloads(stop, "shot")
    assert shots, why_stopped(stop)
    p = shots[0]
    assert p["thrown_back"] == {"weapon": "javelin", "unexpected": True} and "L40" in p["rule"]
    assert "VSE throws back the javelin he caught in round 2 (M88, L1161): in the round after the catch the throw " \
           "is unexpected, the target defends only with a dodge, a shield parry or a weapon parry, reflex points " \
           "only (L40)" in payloads(stop, "throw_back")[0]["why"]
    after = stop.state
    assert after.caught == () and after.thrown is None
    assert after.shooter("VSE") is None and after.shooter("RAT") == state.shooter("RAT")  # no bow of his changed
    assert p["spent_R"] == 4  # 2 reflex dice, doubled above his Throwing 0
    assert after.fighter("VSE").spent_R == 4


def test_m88_a_later_throw_back_is_a_throw_like_any_other() -> None:
    stop = throw_round(4, None).resolve(caught_javelin())
    ask = next(r for r in stop.requests if r.name == "missile_defence")
    assert "missile_slip" in ask.options and stop.state.thrown == ("VSE", "javelin", False)


def test_m88_only_a_caught_throwing_weapon_is_thrown_back() -> None:
    assert battle_check.act(javelineer(), "VSE", {"act": "throw_back", "target": "RAT",
                                                  "dice": {"reflex": 2, "skill": 0}}, RULESET.options()) == [
        "M88 (L1161): VSE holds no caught projectile to throw back"]
    state = replace(caught_javelin(), round=3)
    assert battle_check.act(state, "VSE", {"act": "throw_back", "target": "RAT", "dice": {"reflex": 2, "skill": 0},
                                           "maneuver": "synchronous_throw"}, RULESET.options()) == [
        "M88 (L1161): a caught projectile is thrown back as a plain throw (no maneuver, not hidden)"]
    assert battle_check.act(state, "VSE", {"act": "throw_back", "target": "RAT", "dice": {"reflex": 2, "skill": 0}},
                            RULESET.options()) == []


def test_m88_a_throw_back_reads_from_the_players_words_and_in_russian() -> None:
    from replay.rulesets.skirmish import messages
    from replay.rulesets.skirmish.field_parse import parse_field_order

    state = replace(caught_javelin(), round=3)
    parsed = parse_field_order("Бросаю обратно перехваченный дротик в RAT, 2 кубика (2Р)", state, "VSE")
    assert parsed.order == {"exchange": 1, "stage": "field", "act": "throw_back", "target": "RAT",
                            "dice": {"reflex": 2, "skill": 0}}, parsed.errors
    said = parse_field_order("Throw back the javelin at RAT, 2 dice (2R)", state, "VSE").order
    assert said is not None and said["act"] == "throw_back"
    assert messages.say_why("VSE throws back the javelin he caught in round 2 (M88, L1161)") == \
        "VSE бросает обратно дротик, перехваченный в раунде 2 (M88, L1161)"


def test_m88_the_frame_shows_the_caught_javelin_and_ranges_the_throw_back_as_a_javelin(tmp_path: Path) -> None:
    game = ambush(tmp_path)
    shown = field_frame.scene(views.frame_view(game, 2, driver.turn_steps(game, 2).count, "ru"))
    assert next(t for t in shown.tokens if t.id == "VSE").weapon.endswith("перехвачен: дротик")
    shown = field_frame.scene(views.frame_view(game, 3, None, "en", phase="field.x1"))  # its last step
    assert shown.bands is not None and shown.bands[0] == "VSE"
    assert dict(shown.bands[1])["short"] == 10  # the javelin's short range, not his bow's
    assert "caught" not in next(t for t in shown.tokens if t.id == "VSE").weapon  # thrown
