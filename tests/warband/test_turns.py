"""§3 and §4.1: the preparation and the turn as phases with requests and forum dice; bad input named; the parser;
the contractual `state --json`."""

from __future__ import annotations

import json
from pathlib import Path

from cli.main import import_text
from eventlog.envelope import Draft
from eventlog.store import Store
from replay import audit, driver
from replay.context import TurnInputs, run
from replay.play import point
from replay.ruleset import Point, get
from replay.rulesets.warband import model

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "fixtures" / "warband" / "hand" / "skirmish.jsonl"
RS = get("warband@1")


def setup() -> dict:
    return json.loads(HAND.read_text(encoding="utf-8").splitlines()[0])["payload"]["setup"]


def inputs_of(turn: int, upto: int | None = None) -> TurnInputs:
    from eventlog.envelope import Event

    events = []
    for n, line in enumerate(HAND.read_text(encoding="utf-8").splitlines()[1:upto], 2):
        d = json.loads(line)
        if d["turn"] == turn:
            events.append(Event("g", n, d["type"], d["turn"], d["actor"], d["payload"], None, "", "", "", None, None,
                                2))
    return TurnInputs.of(turn, events)


def test_the_preparation_asks_weather_day_night_and_every_deployment_at_once():
    start = RS.initial(setup(), RS.options())
    stop = run(RS.resolve, RS.evolve, start, 0, TurnInputs(0), RS.options())
    asked = [(r.kind, r.actor, r.name, r.key_dict) for r in stop.requests]
    assert asked == [("choice", None, "weather", {}), ("choice", None, "day_night", {}),
                     ("order", "A", "order", {"stage": "deployment"}), ("order", "B", "order", {"stage": "deployment"})]
    assert stop.requests[0].default == "clear"
    assert stop.requests[1].default == {"day": 4, "night": 2, "first": "day"}


def test_the_turn_order_roll_re_rolls_ties_among_the_tied():
    start = RS.initial(setup(), RS.options())
    inputs = inputs_of(0, upto=5)
    events = list(inputs.events)
    from eventlog.envelope import Event

    def roll(seq: int, side: str, rnd: int, die: int) -> Event:
        return Event("g", seq, "roll", 0, side, {"dice": "1d6", "purpose": "turn_order", "result": [die],
                                                 "total": die, "source": "forum", "round": rnd},
                     None, "", "", "", None, None, 2)

    events += [roll(50, "A", 1, 3), roll(51, "B", 1, 3)]
    stop = run(RS.resolve, RS.evolve, start, 0, TurnInputs.of(0, events), RS.options())
    assert [(r.actor, r.key_dict) for r in stop.requests] == [("A", {"round": 2}), ("B", {"round": 2})]
    events += [roll(52, "A", 2, 1), roll(53, "B", 2, 5)]
    stop = run(RS.resolve, RS.evolve, start, 0, TurnInputs.of(0, events), RS.options())
    assert stop.requests == () and stop.state.order() == ["B", "A"]
    assert stop.state.turn == 1 and stop.state.status == "running"


def imported(tmp_path):
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, HAND.read_text(encoding="utf-8"), source=str(HAND))))
        return driver.load(store, game_id)


def test_the_hand_written_skirmish_imports_audits_clean_and_ends(tmp_path):
    game = imported(tmp_path)
    assert audit.audit(game).clean
    final = driver.fold(game)
    assert final.status == "ended" and final.turn == 2
    assert [w.id for w in final.warriors if w.status == "removed"] == ["a1", "b3"]
    assert final.warrior("b1").wounds == 1


def test_phases_are_stages_per_side_in_turn_order(tmp_path):
    game = imported(tmp_path)
    steps = driver.turn_steps(game, 1)
    assert steps.phases == ["movement:A", "movement:B", "ranged:A", "ranged:B", "melee:A", "melee:B", "end"]


def at_turn_1_start(tmp_path) -> tuple[object, Point]:
    """The game as it stands after the preparation, waiting for A's movement orders."""
    lines = HAND.read_text(encoding="utf-8").splitlines()
    head = [line for line in lines if json.loads(line).get("turn") in (None, 0)]
    with Store.open(tmp_path / "h.duckdb") as store:
        game_id = next(iter(import_text(store, "\n".join(head) + "\n", source="head")))
        game = driver.load(store, game_id)
    return game, point(game)


def test_an_order_out_of_turn_order_is_refused_naming_what_is_waited_for(tmp_path):
    game, here = at_turn_1_start(tmp_path)
    assert [(r.actor, r.key_dict) for r in here.requests] == [("A", {"stage": "movement"})]
    problems = RS.check(here, Draft("order", {"stage": "movement", "moves": []}, 1, "B"), game.options)
    assert len(problems) == 1 and "§4.1" in problems[0] and "movement orders of A" in problems[0]


def test_every_problem_of_a_movement_order_is_named(tmp_path):
    game, here = at_turn_1_start(tmp_path)
    order = {"stage": "movement", "moves": [{"w": "a1", "path": [[35, 29]]}, {"w": "a2", "path": [[20, 40]]},
                                           {"w": "b1", "path": [[36, 40]]}, {"w": "zz", "path": [[1, 1]]}]}
    problems = RS.check(here, Draft("order", order, 1, "A"), game.options)
    assert any("a1's path needs the movement roll" in p and "t1 is rough terrain" in p for p in problems)
    assert any("a2's path is 30.00 cm > 13 cm" in p for p in problems)
    assert any("b1 is not A's warrior" in p for p in problems)
    assert any("no warrior 'zz'" in p for p in problems)


def test_the_parser_reads_a_stage_post_and_collects_every_error(tmp_path):
    game, here = at_turn_1_start(tmp_path)
    parsed = RS.parse_order("движение\na1 бросок\na2: 20,22 facing 90\na3: (52, 28) -> 53,30 лицом 45", here.state,
                            "A")
    assert parsed.errors == []
    assert parsed.order == {"stage": "movement", "moves": [
        {"w": "a1", "roll": True}, {"w": "a2", "path": [[20, 22]], "facing": 90},
        {"w": "a3", "path": [[52, 28], [53, 30]], "facing": 45}]}
    bad = RS.parse_order("movement\na1 somewhere\n!!\na2: 20,22", here.state, "A")
    assert len(bad.errors) == 2 and bad.errors[0].startswith("line 2") and bad.errors[1].startswith("line 3")
    melee = RS.parse_order("melee\nfight: attackers a4; charge o2 b2 via 52,39.2 52,45.2; targets b2 b3",
                           here.state, "A")
    assert melee.order == {"stage": "melee", "fights": [{"attackers": ["a4"], "targets": ["b2", "b3"], "charges": [
        {"w": "o2", "target": "b2", "path": [[52, 39.2], [52, 45.2]]}]}]}
    shots = RS.parse_order("ranged\na2 shoots b3\na3 стреляет в b1", here.state, "A")
    assert shots.order == {"stage": "ranged", "shots": [{"w": "a2", "target": "b3"}, {"w": "a3", "target": "b1"}]}


def test_the_parser_takes_the_stage_the_game_waits_in(tmp_path):
    _, here = at_turn_1_start(tmp_path)
    parsed = RS.parse_order("a2: 20,22", here.state, "A")
    assert parsed.order == {"stage": "movement", "moves": [{"w": "a2", "path": [[20, 22]]}]} and parsed.notes


CONTRACT_WARRIOR = {"id", "side", "pos", "facing", "wounds", "status", "mount", "engaged_with", "equipment"}


def test_state_json_has_the_contractual_fields_and_round_trips(tmp_path):
    game = imported(tmp_path)
    state = driver.state_at(game, 1)[0]
    data = RS.state_json(state)
    assert {"turn", "stage", "side", "clock", "weather"} <= set(data)
    assert data["clock"]["day_night"] in ("day", "night") and data["weather"] == {"game": "clear", "turn": "clear"}
    for w in data["warriors"]:
        assert set(w) >= CONTRACT_WARRIOR
        assert set(w["pos"]) == {"x", "y", "z"}
    assert RS.state_json(RS.state_from_json(json.loads(json.dumps(data)))) == data


def test_every_recorded_payload_validates():
    lines = (ROOT / "fixtures" / "warband" / "skirmish.jsonl").read_text(encoding="utf-8").splitlines()
    types = set()
    for line in lines:
        e = json.loads(line)
        if e["type"].startswith("warband."):
            assert RS.validate_event(e["type"], e["payload"]) == [], e["type"]
            assert e["payload"]["why"] and e["payload"]["rule"]
            types.add(e["type"])
    assert {"warband.deployed", "warband.turn_order", "warband.moved", "warband.shot", "warband.charge",
            "warband.wound", "warband.fight_resolved"} <= types


def test_setup_problems_are_named():
    bad = setup()
    bad["warriors"][0]["type"] = "dragon"
    bad["warriors"][1]["equipment"] = ["helmet", "large_shield"]
    problems = RS.validate_setup(bad)
    assert any("dragon" in p for p in problems) and any("large shield" in p for p in problems)


def test_a_setup_with_the_king_in_armour_is_refused():
    s = setup()
    s["warriors"].append({"id": "k1", "side": "A", "type": "king", "equipment": ["armour"]})
    assert any("§4.7.1" in p for p in RS.validate_setup(s))


def test_model_options_name_their_ambiguity():
    assert set(model.OPTION_DEFAULTS) == set(model.WarbandOptions.model_fields)


def test_the_gm_may_set_the_turn_s_weather(tmp_path):
    lines = HAND.read_text(encoding="utf-8").splitlines()
    extra = json.dumps({"game": "warband-skirmish", "type": "choice", "turn": 1, "actor": None,
                        "payload": {"name": "turn_weather", "value": "туман"}}, ensure_ascii=False)
    at = next(i for i, line in enumerate(lines) if json.loads(line).get("turn") == 1)
    text = "\n".join([*lines[:at], extra, *lines[at:]]) + "\n"
    with Store.open(tmp_path / "w.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, text, source="weather"))))
    state = driver.state_at(game, 1)[0]
    assert (state.weather, state.turn_weather) == ("clear", "туман")


def talk_state():
    from tests.warband.helpers import state, warrior

    return state(warrior("a1", "A", "infantryman", 10, 10), warrior("b1", "B", "infantryman", 10, 26.4),
                 warrior("b2", "B", "infantryman", 10, 19.9), warrior("b3", "B", "infantryman", 10, 27.6))


def test_txt27_talk_reaches_15_cm_and_a_whisper_7_5():
    from replay.rulesets.warband import check

    s = talk_state()  # gaps from a1: b1 13.9, b2 7.4, b3 15.1
    assert check.talk_problems(s, "A", {"speaker": "a1", "listener": "b1", "mode": "talk", "seconds": 30}) == []
    assert check.talk_problems(s, "A", {"speaker": "a1", "listener": "b2", "mode": "whisper", "seconds": 30}) == []
    assert "15.1 cm apart" in check.talk_problems(s, "A", {"speaker": "a1", "listener": "b3", "seconds": 30})[0]
    assert check.talk_problems(s, "A", {"speaker": "a1", "listener": "b1", "mode": "whisper", "seconds": 30})


def test_txt28_four_minutes_of_talk_a_stage():
    from dataclasses import replace

    from replay.rulesets.warband import check

    s = talk_state()
    s = s.with_side(replace(s.side("A"), talk_seconds_used=230))
    (problem,) = check.talk_problems(s, "A", {"speaker": "a1", "listener": "b1", "seconds": 20})
    assert "240 s" in problem


def test_a_whisper_is_visible_to_the_two_players_only():
    from replay.rulesets.warband import resolve
    from tests.warband.helpers import OPTIONS, Inputs, run

    s = talk_state()
    order = {"stage": "movement", "moves": [], "talks": [{"speaker": "a1", "listener": "b2", "mode": "whisper",
                                                          "seconds": 40}]}
    ctx, waiting = run(s, Inputs(2), lambda ctx: resolve.movement(ctx, "A", order, OPTIONS))
    assert waiting is None
    (draft,) = ctx.drafts
    assert draft.type == "warband.talk" and draft.visible == ("A", "B")
    assert ctx.state.side("A").talk_seconds_used == 40
    parsed = RS.parse_order("movement\na1 шепчет с b2 40 с", s, "A")
    assert parsed.order == {"stage": "movement", "moves": [], "talks": [
        {"speaker": "a1", "listener": "b2", "mode": "whisper", "seconds": 40}]}


def test_a_player_s_forum_post_carries_the_order_and_the_pasted_roll(tmp_path):
    from click.testing import CliRunner

    from cli.main import main as cli

    lines = HAND.read_text(encoding="utf-8").splitlines()
    head = [line for line in lines if json.loads(line).get("turn") in (None, 0)]
    (tmp_path / "head.jsonl").write_text("\n".join(head) + "\n", encoding="utf-8")
    db = str(tmp_path / "p.duckdb")
    run_cli = CliRunner().invoke
    assert run_cli(cli, ["--db", db, "import", str(tmp_path / "head.jsonl")]).exit_code == 0
    (tmp_path / "post.txt").write_text("движение\na1 бросок\na2: 20,22 лицом 90\n1d6: 4\n", encoding="utf-8")
    out = run_cli(cli, ["--db", db, "post-in", "warband-skirmish", "--actor", "A", "--file",
                        str(tmp_path / "post.txt")])
    assert out.exit_code == 0, out.output
    status = run_cli(cli, ["--db", db, "status", "warband-skirmish"]).output
    assert "A: C09: a1's path within 9 cm (or stay)" in status and "default if skipped: stay" in status
    (tmp_path / "bad.txt").write_text("1d6: 4 (move_roll)\n", encoding="utf-8")
    bad = run_cli(cli, ["--db", db, "post-in", "warband-skirmish", "--actor", "A", "--file",
                        str(tmp_path / "bad.txt")])
    assert bad.exit_code != 0 and "names its warrior" in bad.output


def test_a_sprint_order_is_refused_naming_a_72(tmp_path):
    game, here = at_turn_1_start(tmp_path)
    order = {"stage": "movement", "moves": [], "sprints": [{"w": "a1"}]}
    problems = RS.check(here, Draft("order", order, 1, "A"), game.options)
    assert problems == ["§4.3.11: the rulebook names a sprint (L20) but never defines it: sprint orders are refused "
                        "(A-72); the GM may rule one"]


def test_a_sabotage_beside_a_move_of_the_same_warrior_is_refused(tmp_path):
    game, here = at_turn_1_start(tmp_path)
    order = {"stage": "movement", "moves": [{"w": "a1", "roll": True}], "sabotage": [{"w": "a1", "g": "g1"}]}
    problems = RS.check(here, Draft("order", order, 1, "A"), game.options)
    assert "§4.3.7: a saboteur does nothing else in the stage (L126): a1 has another order" in problems
    assert "§4.3.7: a1 is not in contact with g1" in problems


def test_c31_with_the_option_the_winner_of_the_turn_order_roll_picks_its_place():
    from replay.rulesets.warband import resolve
    from replay.rulesets.warband.model import WarbandOptions
    from tests.warband.helpers import Inputs, of_type, run
    from tests.warband.helpers import state as make

    s = make({"id": "a1", "side": "A", "type": "infantryman", "x": 5, "y": 5, "facing": 90, "equipment": [],
              "mount": None}, sides="ABC")
    inputs = (Inputs(0).roll("A", "turn_order", 6, round=1).roll("B", "turn_order", 4, round=1)
              .roll("C", "turn_order", 2, round=1))
    ctx, waiting = run(s, inputs, lambda ctx: resolve.turn_order(ctx, winner_chooses=True))
    (req,) = waiting.requests
    assert (req.name, req.actor, req.default, req.options) == ("turn_position", "A", "1", ("1", "2", "3"))
    ctx, waiting = run(s, inputs.choice("A", "turn_position", "3"),
                       lambda ctx: resolve.turn_order(ctx, winner_chooses=True))
    assert waiting is None and of_type(ctx, "warband.turn_order")[0]["order"] == ["B", "C", "A"]
    assert WarbandOptions().turn_order_winner_chooses is False
