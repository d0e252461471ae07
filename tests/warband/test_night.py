"""Day and night (§2.9, L120) and the GM's weather (§2.10, A-20): what they decide, in the rules and in the recorded
game that crosses from a day into a night (fixtures/warband/hand/nightfall.jsonl)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from cli.main import import_text
from eventlog.store import Store
from replay import audit, driver
from replay.rulesets.warband import check, derive, resolve
from replay.rulesets.warband.evolve import evolve
from tests.warband.helpers import OPTIONS, Inputs, of_type, run, state, warrior

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "fixtures" / "warband" / "hand" / "nightfall.jsonl"
EXPORT = ROOT / "fixtures" / "warband" / "nightfall.jsonl"


def archers(gap: float):
    # a1 at (10, 10), b1 due north with `gap` cm between the bases; turn 4 is day and turn 5 night (4 / 2)
    return state(warrior("a1", "A", "archer", 10, 10, items=["bow"]),
                 warrior("b1", "B", "infantryman", 10, 10 + 2.5 + gap, 270), stage="ranged")


def fog(s, sight: float = -5, mdd: float | None = None):
    """The state after the GM's turn weather "fog" with its modifiers."""
    from eventlog.envelope import Event

    mods = {"sight": sight, **({"mdd": mdd} if mdd is not None else {})}
    e = resolve.weather_event({"label": "fog", "modifiers": mods}, "turn")
    return evolve(s, Event("g", 1, e.type, s.turn, None, e.model_dump(mode="json"), None, "", "", "", None, None, 2))


def test_weather_is_a_label_or_a_label_with_modifiers_and_a_bad_one_is_named():
    assert check.weather_problems("rain", "C04") == []
    assert check.weather_problems({"label": "fog", "modifiers": {"sight": -5, "mdd": -2}}, "C08") == []
    assert check.weather_problems("", "C04") == [
        'C04: the weather is a label ("clear", "rain") or {"label": "fog", "modifiers": {"sight": -5}}']
    assert check.weather_problems({"label": "fog", "modifiers": {"luck": 1}}, "C08") == [
        "§2.10: a weather's modifiers are numbers for sight, mdd, initiative, attack_strength, attacks, save_points "
        "(A-20)"]
    assert check.weather_problems({"label": "fog", "colour": "grey"}, "C08")


def test_a_weather_without_modifiers_changes_nothing_and_one_with_them_acts_on_every_warrior_until_the_next():
    s = archers(12.0)
    assert derive.sight(s.warrior("a1"), night=False) == 30
    foggy = fog(s, -5, -2)
    assert derive.sight(foggy.warrior("a1"), night=False) == 25
    assert derive.sight(foggy.warrior("a1"), night=True) == 15
    assert derive.sight(foggy.warrior("a1"), night=True, dispatcher=True) == 30
    assert derive.mdd(foggy.warrior("b1")) == derive.mdd(s.warrior("b1")) - 2
    cleared = evolve(foggy, _event(resolve.weather_event("clear", "turn"), s.turn))
    assert cleared.warriors == s.warriors and cleared.turn_weather == "clear"


def _event(e, turn: int):
    from eventlog.envelope import Event

    return Event("g", 1, e.type, turn, None, e.model_dump(mode="json"), None, "", "", "", None, None, 2)


def test_a_weather_event_without_modifiers_is_written_as_before():
    assert "modifiers" not in resolve.weather_event("clear", "game").model_dump(mode="json")
    assert resolve.weather_event("clear", "game").why == ["the GM declares the weather: clear (no mechanical "
                                                          "effect, A-20)"]


def test_at_night_in_the_fog_a_target_the_bow_reaches_is_out_of_sight():
    # 17 cm: in the bow's 20 cm, seen by day (30) and by night (20), not by night in the fog (15)
    s = archers(17.0)
    day, night = replace(s, turn=4), replace(s, turn=5)
    assert check.shot_problems(day, day.warrior("a1"), day.warrior("b1")) == []
    assert check.shot_problems(night, night.warrior("a1"), night.warrior("b1")) == []
    dark = fog(night)
    assert check.shot_problems(dark, dark.warrior("a1"), dark.warrior("b1")) == [
        "§4.3.1: b1 is 17.0 cm away, beyond a1's sight of 15 cm (night, L120)"]


def test_a_night_shot_says_the_sight_it_was_seen_within_and_a_day_shot_does_not():
    order = {"stage": "ranged", "shots": [{"w": "a1", "target": "b1"}]}
    for turn, sight in ((4, None), (5, 20.0)):
        s = replace(archers(12.0), turn=turn)
        ctx, waiting = run(s, Inputs(turn).roll("A", "to_wound", 1, warrior="a1"),
                           lambda ctx, s=s: resolve.ranged(ctx, "A", order, OPTIONS))
        assert waiting is None
        (shot,) = of_type(ctx, "warband.shot")
        assert shot.get("sight") == sight
        assert ("gap" in shot) == (sight is not None)


def test_the_stage_says_the_sight_of_the_night_and_of_the_weather():
    s = fog(replace(archers(12.0), turn=5))
    assert resolve.sight_now(s) == {"ordinary": 15.0, "dispatcher": 30.0, "inspect": 5}
    assert resolve.sight_why(s, resolve.sight_now(s)) == \
        "sight 15 cm (30 − 10 at night − 5 in the fog), dispatchers 30, a close look 5 (L120, A-20)"
    assert resolve.sight_now(replace(archers(12.0), turn=4)) is None


def imported(tmp_path):
    with Store.open(tmp_path / "n.duckdb") as store:
        game_id = next(iter(import_text(store, HAND.read_text(encoding="utf-8"), source=str(HAND))))
        return driver.load(store, game_id)


def test_the_hand_written_night_battle_imports_audits_clean_and_is_the_recorded_export(tmp_path):
    game = imported(tmp_path)
    assert audit.audit(game).clean
    final = driver.fold(game)
    assert final.status == "ended" and final.turn == 3  # turn 2 played, then ended
    assert not final.clock.is_night(1) and final.clock.is_night(2)
    recorded = [json.loads(line) for line in EXPORT.read_text(encoding="utf-8").splitlines()]
    bare = [(e["type"], {k: v for k, v in e["payload"].items() if k != "revision"}) for e in recorded]
    assert bare == [(e.type, {k: v for k, v in e.payload.items() if k != "revision"}) for e in game.events]


def test_in_the_night_battle_the_night_and_the_fog_decide_who_may_shoot_and_how_far_one_moves(tmp_path):
    game = imported(tmp_path)
    by_turn: dict[int, list] = {}
    for e in game.events:
        if e.type == "warband.shot":
            by_turn.setdefault(e.turn, []).append(e.payload)
    # by day the archers shoot at 16.5 cm and no sight is in question; at night in the fog the sight is 15 cm, so
    # a2 first closes to 11.5 cm, and both shots say they were seen within it
    assert [(p["shooter"], p["distance"], p.get("sight")) for p in by_turn[1]] == [("a2", 16.5, None),
                                                                                  ("b2", 16.5, None)]
    assert [(p["shooter"], p["distance"], p["sight"], p["gap"]) for p in by_turn[2]] == [
        ("a2", 11.5, 15.0, 11.5), ("b2", 11.5, 15.0, 11.5)]
    assert all("A-20" in p["defaults"] for p in by_turn[2])
    moved = next(e.payload for e in game.events if e.type == "warband.moved" and e.turn == 2)
    assert (moved["warrior"], moved["allowance"]) == ("a2", 13.0)  # МДД 15, −2 in the fog
    started = [e.payload for e in game.events if e.type == "warband.stage_started"]
    assert {p["night"] for p in started if "sight" in p} == {True}
    assert all("sight" not in p for p in started if not p["night"])
    cast = next(e.payload for e in game.events if e.type == "warband.cast" and e.turn == 2)
    assert (cast["declared"], cast["target"], cast["rolloff"]) == ("b1", "b1", {"A": [5], "B": [3]})


def test_a81_a_phase_b_without_phase_a_casualties_does_not_name_it(tmp_path):
    game = imported(tmp_path)
    attacks = [e.payload for e in game.events if e.type == "warband.attacks"]
    assert len(attacks) == 4 and not any("A-81" in p["defaults"] for p in attacks)


def test_a_warrior_the_spell_removes_engages_nobody_from_that_event_on(tmp_path):
    """The fight's b1, removed by a1's side's firebolt in the ranged stage, keeps no engagement list (its enemy a1
    loses it at the engagement check that follows, warband.engagement_ended)."""
    game = imported(tmp_path)
    rs = game.ruleset
    s = rs.initial(game.events[0].payload["setup"], rs.options(game.events[0].payload.get("options")))
    seen = []
    for e in game.events[1:]:
        if e.type not in rs.resolution_types:
            continue
        s = evolve(s, e)
        if e.type in ("warband.cast", "warband.engagement_ended") and e.turn == 2:
            seen.append((e.type, s.warrior("b1").status, s.warrior("b1").engaged_with, s.warrior("a1").engaged_with))
    assert seen == [("warband.cast", "removed", (), ("b1",)), ("warband.engagement_ended", "removed", (), ())]
