"""Part 2 of the skirmish: the battle on a field (4.1, 5.6, 5.7, 5.12) — the spec's worked examples T-04, T-08-T-10,
T-15, T-16, T-18, T-23-T-26 and scenario S5 (parts A and B), the general initiative, movement, melee pair by pair,
the contractual `state --json` fields, bad input named by its rule."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from replay.rulesets.skirmish import battle, battle_check, dice, field, formation, initiative, ranged
from replay.rulesets.skirmish.maneuvers import ranged as moves
from tests.skirmish.kit import RULESET, Round, asked, payloads, why_stopped

OPTIONS = RULESET.options()


def setup(fighters: list[dict[str, Any]], **fld: Any) -> dict[str, Any]:
    return {"field": {"grid": "square", "width": 200, "height": 8, **fld}, "fighters": fighters}


def two_by_two() -> dict[str, Any]:
    return setup([{"sample": "RAT", "cell": [1, 1], "facing": "E"},
                  {"sample": "RAT", "id": "BOR", "name": {"ru": "Борис", "en": "Boris"}, "cell": [1, 3]},
                  {"sample": "VSE", "cell": [6, 1], "facing": "W"},
                  {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": [8, 4],
                   "facing": "W", "ranged": {"weapon": "short_bow", "ammo": 6, "placement": "at_hand"}}],
                 width=10, height=6, terrain=[{"cell": [4, 2], "flags": ["blocked"]}])


def battle_state(s: dict[str, Any], **fields: Any) -> battle.Battle:
    state = RULESET.initial(s, OPTIONS)
    assert isinstance(state, battle.Battle)
    return replace(state, **fields) if fields else state


def order(rnd: Round, actor: str, x: int, **fields: Any) -> Round:
    return rnd.add("order", actor, {"exchange": x, "stage": "field", **fields})


# --- the worked examples (spec 8) ------------------------------------------------------------------------------

def test_t04_circular_strike_spacing() -> None:
    assert field.circular_spacing("short", [1]) == []
    assert field.circular_spacing("long", [1, 1]) == []
    assert field.circular_spacing("medium", [1, 1])  # three targets with a medium weapon
    assert field.circular_spacing("long", [2]) == []
    assert "need a long weapon" in field.circular_spacing("medium", [2])[0]
    for length in ("hand", "medium", "long", "extremely_long"):
        assert field.circular_spacing(length, [3]), length


def test_t08_shooting_from_a_moving_cart() -> None:
    assert ranged.vehicle_penalty(5, 5) == 0
    assert ranged.vehicle_penalty(5, 4) == 1  # the formula, not the example
    assert ranged.vehicle_penalty(5, 0, same_way=True) == 2
    assert ranged.vehicle_penalty(5, 4, same_way=True) == 0


def test_t09_partner_bonus_and_drill_cap() -> None:
    a = formation.effective_etiquette(2, dice.master_successes(8))
    assert a == 3
    assert formation.drill_cap([a, 5, 4]) == 3


def test_t10_protect_ally_against_missiles() -> None:
    assert moves.protect_ally(5, from_side=True, evasion=False) == 6
    assert moves.protect_ally(5, from_side=False, evasion=False) == 5
    assert moves.protect_ally(5, from_side=False, evasion=True) is None


def test_t15_arc_shot_at_extreme_range() -> None:
    assert [ranged.range_damage("short_bow", "extreme", f) for f in (2, 4, 6)] == [-3, -2, -1]
    assert ranged.range_successes("extreme") == -4
    assert ranged.range_damage("javelin", "long") == 0  # arrows and bolts only


def test_t16_drawing_projectiles() -> None:
    assert ranged.draw_seconds("quiver_back") == 2
    assert ranged.draw_seconds("quiver_back", speedup=True) == 1
    assert ranged.draw_seconds("quiver_belt") == 1
    assert ranged.draw_seconds("quiver_belt", speedup=True) == 1
    assert ranged.draw_seconds("quiver_back", several=True) == 4
    assert ranged.draw_seconds("quiver_back", several=True, speedup=True) == 2


def test_t18_maneuvering_difficulty() -> None:
    assert field.maneuvering_difficulty(2) == 4
    assert [field.maneuvering_difficulty(n) for n in (3, 5)] == [5, 5]
    assert field.maneuvering_difficulty(6) == 6
    assert field.leader_bonus(2) == 2


def test_t23_through_shot() -> None:
    assert moves.through(20, 14, 3) == 0
    assert moves.through(24, 14, 3) == 4
    assert moves.THROUGH_PENALTY == 5


def test_t24_grazing_shot() -> None:
    left, why = moves.grazing(6, [2])
    assert left == 2
    assert why[0] == "6 − 1 (grazing shot) = 5"


def test_t25_throw_while_jumping() -> None:
    assert moves.jump_throw(5, 4) == (5, 2)
    assert moves.jump_throw(5, 0) == (6, 0)
    assert moves.jump_throw(5, -1, crit_degree=1) == (7, 0)
    assert moves.jump_throw(5, -2, crit_degree=2) == (None, 0)


def test_t26_aim_speed_up() -> None:
    assert ranged.aim_seconds(True) == (1, 1)
    assert ranged.aim_seconds(False) == (2, 0)
    assert ranged.aim_botch(-1) == "random_direction"
    assert ranged.aim_botch(-2) == "ally_hit"
    assert ranged.aim_botch(0) is None


def test_zone_cost_table() -> None:
    assert ranged.zone_costs(182, "medium") == (2, 3)
    assert ranged.zone_costs(182, "point_blank") == (1, 1)
    assert ranged.zone_costs(182, "extreme") == (3, None)
    assert ranged.zone_costs(300, "point_blank") == (2, 1)


# --- scenario S5 -----------------------------------------------------------------------------------------------

def archer(distance: int, *, weather: str = "rain") -> battle.Battle:
    state = battle_state({**setup([{"sample": "RAT", "cell": [0, 2], "facing": "W"},
                                   {"sample": "VSE", "cell": [distance, 2], "facing": "W",
                                    "ranged": {"weapon": "short_bow", "ammo": 4}}]),
                          "conditions": {"weather": weather}})
    s = state.shooter("VSE")
    assert s is not None
    return replace(state.with_shooter("VSE", replace(s, stage="aimed")), chain=(("VSE", 2), ("RAT", 1)))


def shot_round(buys: list[str], zone_faces: list[int] | None) -> Round:
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, buys=buys)
    order(rnd, "RAT", 1, act="wait")
    rnd.roll("VSE", "shot", [10, 9, 6, 5, 5, 2])
    rnd.roll("VSE", "shot_zone", [3], sides=6, dice="1d6")
    if zone_faces:
        rnd.roll("VSE", "zone", zone_faces, dice="2d6-2")
    return rnd


def test_s5_part_a_medium_range_in_rain() -> None:
    stop = shot_round(["zone:head", "precise:eye"], [6, 3]).resolve(archer(35))
    shot = payloads(stop, "shot")
    assert shot, why_stopped(stop)
    p = shot[0]
    assert p["band"] == "medium"
    assert "dice 3 (0R + 3S) + Accuracy 3 (aimed, A-52)" in p["why"]
    assert "rain -1 ×2 (arrows and bolts, L985) = -2" in p["why"]
    assert p["final"] == 2
    assert "zone 1d6 [3] (standing) → lower_torso (5.5.2)" in p["why"]
    assert "prices (adult, medium): zone 2, precise 3 (5.6.6)" in p["why"]
    assert "zone → head (2)" in p["why"]
    assert "precise:eye not bought (C13)" in p["why"]  # 3 needed, none left (S5 A step 7)
    assert p["wound"]["precise"] == "nose"
    assert p["wound"]["W"] == 5 and p["wound"]["level"] == 3
    # RAT faces away: he cannot see the shooter, so no missile defence is asked
    assert not any(name == "missile_defence" for _, name, _ in asked(stop))


def test_s5_part_b_point_blank() -> None:
    stop = shot_round(["zone:head", "precise:eye", "danger:1"], None).resolve(archer(4))
    p = payloads(stop, "shot")[0]
    assert p["band"] == "point_blank"
    assert p["final"] == 3
    assert "prices (adult, point blank): zone 1, precise 1 (5.6.6)" in " ".join(p["why"]).replace("_", " ")
    assert p["wound"]["precise"] == "eye"
    assert p["wound"]["W"] == 7 and p["wound"]["level"] == 5
    assert "dead" in p["wound"]["consequences"]


def test_a_target_who_sees_the_shooter_is_asked_for_a_missile_defence() -> None:
    state = archer(35)
    rat = state.fighter("RAT")
    state = state.with_fighter(replace(rat, facing="E"))
    stop = shot_round(["zone:head"], [6, 3]).resolve(state)
    assert ("RAT", "missile_defence", {"exchange": 1, "shooter": "VSE"}) in asked(stop)


def test_a_missile_dodge_subtracts_its_successes() -> None:
    state = archer(35)
    state = state.with_fighter(replace(state.fighter("RAT"), facing="E"))
    rnd = shot_round([], [6, 3])
    rnd.choice("RAT", "missile_defence", {"maneuver": "missile_dodge", "dice": 2}, exchange=1, shooter="VSE")
    rnd.add("roll", "RAT", {"dice": "2d10", "purpose": "missile_defence", "result": [7, 2], "total": 9,
                            "source": "forum", "exchange": 1, "shooter": "VSE"})
    rnd.roll("VSE", "penetration", [6], sides=6, dice="1d6")
    p = payloads(rnd.resolve(state), "shot")[0]
    assert "RAT missile dodge 2d %5 [7, 2] → 1 − 0 = 1" in p["why"]
    assert p["final"] == 1  # 5 − 1 dodge − 3 penalties


# --- the start of the battle, movement, melee pair by pair -----------------------------------------------------

def test_intents_then_general_initiative_ordered_by_successes() -> None:
    rnd = Round(turn=1)
    for fid, intent in (("RAT", "attack"), ("BOR", "defend"), ("VSE", "attack"), ("MIR", "other")):
        rnd.add("order", fid, {"stage": "intent", "intent": intent})
    stop = rnd.resolve(battle_state(two_by_two()))
    assert sorted(a for a, name, _ in asked(stop)) == ["MIR", "RAT", "VSE"]  # BOR defends: no roll (L18)
    rnd.roll("RAT", "general_initiative", [9, 7, 5, 2, 3], exchange=0)
    rnd.roll("VSE", "general_initiative", [8, 5, 3, 2, 2, 6], exchange=0)
    rnd.roll("MIR", "general_initiative", [1, 1, 2, 2, 3, 4], exchange=0)
    for e in rnd.events:
        if e.type == "roll":
            e.payload.pop("exchange")
    stop = rnd.resolve(battle_state(two_by_two()))
    gi = payloads(stop, "general_initiative")[0]
    assert [list(x) for x in gi["chain"]] == [["RAT", 3], ["VSE", 3], ["MIR", -2], ["BOR", None]]
    assert gi["reflex_loss"] == {"MIR": 2}
    assert "initiative order: RAT=VSE, MIR, BOR" in gi["why"]
    assert initiative.slots([("RAT", 3), ("VSE", 3), ("MIR", -2), ("BOR", None)]) == [["RAT", "VSE"], ["MIR"],
                                                                                      ["BOR"]]


def test_melee_declaration_order_of_several_fighters() -> None:
    attacks, defences, resolution = initiative.melee_declaration_order({"A": 3, "B": 1, "C": 3})
    assert attacks == [["B"], ["A", "C"]] and defences == attacks
    assert resolution == ["A", "C", "B"]


def started(**fields: Any) -> battle.Battle:
    return battle_state(two_by_two(), chain=(("RAT", 3), ("VSE", 3), ("MIR", 1), ("BOR", 0)), **fields)


def test_a_move_ends_within_reach_and_melee_begins_pair_by_pair() -> None:
    rnd = Round(turn=1)
    order(rnd, "RAT", 1, act="move", gait="jog", path=[[2, 1], [3, 1], [4, 1]])
    order(rnd, "VSE", 1, act="move", gait="walk", path=[[5, 1]])
    order(rnd, "MIR", 1, act="draw")
    order(rnd, "BOR", 1, act="move", gait="walk", path=[[2, 3]])
    stop = rnd.resolve(started())
    moved = payloads(stop, "moved")
    assert moved[0]["why"][0] == "RAT jogs 3 m of 3.5 m (Speed 7 × 1/2) to (4, 1), facing E"
    assert moved[0]["carry"] == "1/2" and moved[0]["ran"]
    assert payloads(stop, "engaged")[0]["fighters"] == ["VSE", "RAT"]
    assert stop.state.engaged_with("RAT") == ["VSE"]
    # exchange 2 asks only the loose fighters
    assert sorted(a for a, _, key in asked(stop) if key.get("exchange") == 2) == ["BOR", "MIR"]
    assert stop.state.fighter("RAT").spent_R == 5  # L54: running spends every reflex point


def test_the_next_round_fights_the_pair_by_part_1s_procedure() -> None:
    state = started()
    rnd = Round(turn=1)
    order(rnd, "RAT", 1, act="move", gait="jog", path=[[2, 1], [3, 1], [4, 1]])
    order(rnd, "VSE", 1, act="move", gait="walk", path=[[5, 1]])
    order(rnd, "MIR", 1, act="wait")
    order(rnd, "BOR", 1, act="wait")
    order(rnd, "MIR", 2, act="wait")
    order(rnd, "BOR", 2, act="wait")
    stop = rnd.resolve(state)
    assert stop.requests == () and stop.error is None, why_stopped(stop)
    after = stop.state
    nxt = Round(turn=2).resolve(after)
    assert ("RAT", "initiative", {"exchange": 1}) in asked(nxt)
    assert ("VSE", "initiative", {"exchange": 1}) in asked(nxt)
    assert all(r.phase == "initiative" for r in nxt.requests if r.actor in ("RAT", "VSE"))
    # while the pair waits, the loose fighters are asked their first field act too (status lists every player)
    loose = sorted((r.actor, r.phase) for r in nxt.requests if r.actor not in ("RAT", "VSE"))
    assert loose == [("BOR", "field.x1"), ("MIR", "field.x1")]
    assert all(key == {"exchange": 1, "stage": "field"} for a, _, key in asked(nxt) if a in ("BOR", "MIR"))
    assert all((d.phase or "").startswith("VSE-RAT:") for d in nxt.drafts if d.type == "skirmish.round_started")


# --- bad input: each names its rule ----------------------------------------------------------------------------

def problems(state: battle.Battle, actor: str, payload: dict[str, Any]) -> list[str]:
    from eventlog.envelope import Draft
    from replay.context import Request, freeze

    key = {"exchange": payload.get("exchange"), "stage": payload.get("stage")}
    req = Request("order", actor, "order", freeze(key))
    return battle_check.check(state, (req,), Draft("order", payload, actor=actor), OPTIONS)


def test_a_move_longer_than_the_movement_is_refused() -> None:
    out = problems(started(), "BOR", {"exchange": 1, "stage": "field", "act": "move", "gait": "walk",
                                      "path": [[2, 3], [3, 3]]})
    assert out == ["5.7 (L52-58): a move longer than BOR's movement: 2 m, walk allows 1.75 m (Speed 7 × 1/4)"]


def test_a_path_through_a_wall_or_past_an_enemy_is_refused() -> None:
    state = started()
    assert "blocked" in problems(state, "BOR", {"exchange": 1, "stage": "field", "act": "move", "gait": "jog",
                                                "path": [[2, 3], [3, 2], [4, 2]]})[0]
    out = problems(state, "VSE", {"exchange": 1, "stage": "field", "act": "move", "gait": "sprint",
                                  "path": [[5, 1], [4, 1], [3, 1], [2, 1], [3, 0]]})
    assert out == ["L102: at (2, 1) VSE comes within reach of RAT: melee begins there, the path ends at that cell"]
    assert problems(state, "VSE", {"exchange": 1, "stage": "field", "act": "move", "gait": "sprint",
                                   "path": [[5, 1], [4, 1], [3, 1], [2, 1]]}) == []


def test_a_shot_without_a_drawn_projectile_is_refused() -> None:
    out = problems(started(), "MIR", {"exchange": 1, "stage": "field", "act": "shoot", "target": "BOR",
                                      "dice": {"reflex": 0, "skill": 3}})
    assert out == ["condition_failed (5.6.2): MIR has no drawn projectile (draw first: 6 left)"]


def test_a_shot_beyond_the_maximum_range_is_refused() -> None:
    state = archer(190)
    out = problems(state, "VSE", {"exchange": 1, "stage": "field", "act": "shoot", "target": "RAT",
                                  "dice": {"reflex": 0, "skill": 3}})
    assert out == ["out_of_reach (5.6.5): RAT is 190 m away, beyond the maximum range of the short_bow (180 m)"]


def test_aiming_while_engaged_in_melee_is_refused() -> None:
    state = started()
    state = battle_events_engage(state, "MIR", "BOR")
    out = problems(state, "MIR", {"exchange": 1, "stage": "field", "act": "aim"})
    assert out == ["5.6.4, L62: MIR is engaged in melee with BOR: no aiming in melee"]


def battle_events_engage(state: battle.Battle, a: str, b: str) -> battle.Battle:
    from eventlog.envelope import Event

    payload = {"pair": f"{a}-{b}", "fighters": [a, b], "why": ["test"], "rule": ["4.2"]}
    return battle.evolve(state, Event("g", 1, "skirmish.engaged", 1, None, payload, None, "", "", ""))


def test_a_formation_of_fighters_who_are_not_partners_is_refused() -> None:
    out = problems(started(), "RAT", {"exchange": 1, "stage": "field", "act": "form", "members": ["BOR", "VSE"],
                                      "partners": [["BOR", "VSE"]]})
    assert "5.12: VSE is not a warrior of RAT's side" in out
    assert any(p.startswith("5.12 (L1189): partners") for p in out)


def test_a_hidden_attack_on_a_fighter_who_sees_the_attacker_is_refused() -> None:
    state = archer(10)
    state = state.with_fighter(replace(state.fighter("RAT"), facing="E"))
    out = problems(state, "VSE", {"exchange": 1, "stage": "field", "act": "shoot", "target": "RAT", "hidden": True,
                                  "dice": {"reflex": 0, "skill": 3}})
    assert out == ["5.7 (L44): a hidden attack on RAT, who sees VSE (VSE is not behind RAT)"]


@pytest.mark.parametrize("topic", ["mounted", "break_formation", "group_combat"])
def test_what_the_rulebook_does_not_contain_is_a_gm_ruling(topic: str) -> None:
    out = problems(started(), "RAT", {"exchange": 1, "stage": "field", "act": topic})
    assert out[0].startswith("A-59: the rulebook is silent on")
    assert "battlelog ruling" in out[0]


def test_a_melee_declaration_by_a_loose_fighter_is_refused() -> None:
    from eventlog.envelope import Draft

    out = battle_check.check(started(), (), Draft("order", {"exchange": 1, "step": "attack", "maneuver": "chop"},
                                                  actor="BOR"), OPTIONS)
    assert out[0].startswith("4.4: BOR is not in melee")


# --- geometry and state ----------------------------------------------------------------------------------------

def test_hex_and_square_distances_and_sight() -> None:
    assert field.distance("square", (0, 0), (3, 2)) == 3
    assert field.distance("hex", (0, 0), (1, 2)) == 2  # odd-r offset rows
    assert field.distance("hex", (0, 0), (1, 1)) == 2
    assert field.behind("square", (5, 5), "E", (3, 5))
    assert not field.behind("square", (5, 5), "E", (5, 3))  # the flank is seen
    assert field.facing_towards("hex", (0, 0), (0, 1)) == "SE"


def test_state_json_carries_the_contractual_fields_and_round_trips() -> None:
    state = battle_events_engage(started(), "MIR", "BOR")
    raw = RULESET.state_json(state)
    mir = next(f for f in raw["fighters"] if f["id"] == "MIR")
    assert mir["cell"] == {"x": 8, "y": 4} and mir["facing"] == "W"
    assert mir["engaged_with"] == ["BOR"] and mir["ammo"] == 6 and mir["ranged_stage"] == "empty"
    assert raw["initiative_order"][0] == {"fighter": "RAT", "successes": 3}
    back = RULESET.state_from_json(raw)
    assert RULESET.state_json(back) == raw


def test_a_setup_without_a_field_is_the_duel_of_part_1() -> None:
    from replay.rulesets.skirmish.model import Fight

    duel = RULESET.initial({"fighters": [{"sample": "RAT", "cell": [0, 0]}, {"sample": "VSE", "cell": [1, 0]}]},
                           OPTIONS)
    assert isinstance(duel, Fight)
    assert RULESET.validate_setup({"field": {"grid": "octagon"}, "fighters": []})
    assert any("one fighter per cell" in p for p in RULESET.validate_setup(setup(
        [{"sample": "RAT", "cell": [1, 1]}, {"sample": "VSE", "cell": [1, 1]}])))


# --- through the command line and the docs ---------------------------------------------------------------------

def test_bad_field_orders_exit_non_zero_naming_the_rule_and_append_nothing(tmp_path) -> None:
    import json
    from pathlib import Path

    import duckdb
    from click.testing import CliRunner

    from cli.main import main

    root = Path(__file__).resolve().parents[2]
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()

    def run(*args: str) -> Any:
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    def count() -> int:
        con = duckdb.connect(db, read_only=True)
        try:
            return con.execute("select count(*) from events").fetchall()[0][0]
        finally:
            con.close()

    assert run("import", str(root / "fixtures" / "skirmish" / "hand" / "formation.jsonl")).exit_code == 0
    before = count()
    long_move = {"exchange": 1, "stage": "field", "act": "move", "gait": "walk", "path": [[2, 1], [3, 1], [4, 0]]}
    r = run("order", "skirmish-formation", "--actor", "RAT", "--json", json.dumps(long_move))
    assert r.exit_code != 0 and "5.7 (L52-58): a move longer than RAT's movement" in r.output
    r = run("order", "skirmish-formation", "--actor", "BOR", "--json", json.dumps(
        {"exchange": 1, "stage": "field", "act": "aim"}))
    assert r.exit_code != 0 and "BOR is engaged in melee with VSE: no aiming in melee" in r.output
    r = run("order", "skirmish-formation", "--actor", "RAT", "--json", json.dumps(
        {"exchange": 1, "stage": "field", "act": "mounted"}))
    assert r.exit_code != 0 and "A-59: the rulebook is silent on mounted combat" in r.output
    assert count() == before
    state = json.loads(run("state", "skirmish-formation", "--json").output.splitlines()[-1])
    assert [p["id"] for p in state["pairs"]] == ["MIR-GOR", "VSE-BOR"]
    assert state["formations"][0]["cap"] == 2


def test_the_doc_names_every_event_of_the_field() -> None:
    from pathlib import Path

    from replay.rulesets.skirmish import battle_events

    doc = (Path(__file__).resolve().parents[2] / "docs" / "skirmish.md").read_text(encoding="utf-8")
    for t in battle_events.EVENTS:
        assert f"| `{t}` |" in doc, t


def test_a_fighter_on_the_edge_flees_the_battlefield_and_the_other_side_stands() -> None:
    state = battle_state(setup([{"sample": "RAT", "cell": [0, 2], "facing": "W"},
                                {"sample": "VSE", "cell": [6, 2], "facing": "W"}], width=10),
                         chain=(("RAT", 2), ("VSE", 1)))
    assert problems(state, "VSE", {"exchange": 1, "stage": "field", "act": "flee"}) == [
        "1.2.6, CP-19: VSE at (6, 2) must stand on the field's edge to leave it"]
    rnd = Round(turn=1)
    order(rnd, "RAT", 1, act="flee")
    order(rnd, "VSE", 1, act="wait")
    stop = rnd.resolve(state)
    assert payloads(stop, "fled")[0]["why"] == ["RAT leaves the battlefield from (0, 2) (1.2.6, CP-19)"]
    assert asked(stop) == [("VSE", "order", {"exchange": 2, "stage": "field"})]
    order(rnd, "VSE", 2, act="wait")
    stop = rnd.resolve(state)
    assert payloads(stop, "battle_ended")[0]["winner"] == "red"
    assert RULESET.current_turn(stop.state) is None


def test_m80_double_shot_doubles_the_range_penalty_and_adds_one_with_a_bow() -> None:
    rnd = Round(turn=2)
    order(rnd, "VSE", 1, act="shoot", target="RAT", dice={"reflex": 0, "skill": 3}, buys=[], maneuver="double_shot")
    order(rnd, "RAT", 1, act="wait")
    rnd.roll("VSE", "shot", [10, 9, 6, 5, 5, 2])
    rnd.roll("VSE", "shot_zone", [3], sides=6, dice="1d6")
    rnd.roll("VSE", "zone", [6, 3], dice="2d6-2")
    state = archer(35)
    state = state.with_shooter("VSE", replace(state.shooter("VSE"), double=True))  # type: ignore[arg-type]
    vse = state.fighter("VSE")
    state = state.with_fighter(replace(vse, skills={**vse.skills, "bows": 4}))  # M78-M82: level 4 (4.8)
    p = payloads(rnd.resolve(state), "shot")[0]
    assert p["maneuver"] == "double_shot" and "M80" in p["rule"] and "A-78" in p["defaults"]
    assert "double shot (M80): range penalty ×2, +1 difficulty with a bow" in p["why"]
    assert "medium range -2" in p["why"]
    assert "roll 6d %6 [10, 9, 6, 5, 5, 2] → 3 − 0 = 3" in p["why"]  # the short bow's %5 + 1
    assert p["final"] == -1 and p["outcome"] == "miss"  # 3 − 2 rain − 2 (medium range doubled)


def test_a_shot_maneuver_needs_its_weapon() -> None:
    from replay.rulesets.skirmish import shot
    from replay.rulesets.skirmish.model import SkirmishOptions

    order_ = {"target": "RAT", "dice": {"reflex": 0, "skill": 3}, "maneuver": "synchronous_throw"}
    assert shot.problems(archer(35), "VSE", order_, SkirmishOptions()) == [
        "condition_failed (5.4.6 M81): synchronous_throw needs one of knife, javelin, not short_bow"]
    assert shot.problems(archer(35), "VSE", {**order_, "maneuver": "leap"}, SkirmishOptions())[0].startswith(
        "condition_failed (5.4.6): the maneuver of a shot is one of jump_fall_throw, moving_shot, jump_shot, "
        "double_shot, synchronous_throw, through_shot")


def test_the_post_names_a_shot_maneuver() -> None:
    from replay.rulesets.skirmish import field_post

    p = {"shooter": "VSE", "target": "RAT", "outcome": "miss", "maneuver": "double_shot", "why": ["miss"], "rule": []}
    assert "Double shot (M80) VSE → RAT: miss." in str(field_post.field_line("skirmish.shot", p, "en"))
    assert "Выстрел VSE по RAT (двойной выстрел, M80): промах." in str(field_post.field_line("skirmish.shot", p, "ru"))


def test_a_wound_with_nothing_subtracted_says_w_once() -> None:
    from replay.rulesets.skirmish import damage

    assert damage.w_text(6, 9, subtracted=False) == ""  # «W = 6», not «W = 6 = 6»
    assert damage.w_text(6, 9, subtracted=True) == " = 6"  # «W = 10 − 4×1 (…) = 6»
    assert damage.w_text(12, 9, subtracted=False) == ", zone cap 9"
    assert damage.w_text(12, 9, subtracted=True) == " = 12, zone cap 9"
