"""The duel's hand-written fixture logs resolve under the rules to the outcomes they were written for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eventlog import jsonl
from replay import audit, driver
from replay.rulesets.duel.model import TRAITS

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "duel"


def recorded(name: str, extra: list[dict] | None = None):
    lines = (FIXTURES / name).read_text(encoding="utf-8").splitlines()
    if extra:
        lines += [json.dumps(x, ensure_ascii=False) for x in extra]
    events = driver.record(jsonl.parse_lines(lines, source=name), at="2024-01-01T00:00:00Z")
    game = driver.game_from_events(events)
    return game, driver.fold(game)


def resolutions(game, type: str) -> list[dict]:
    return [e.payload for e in game.events if e.type == type]


def test_death_ends_with_an_eight_point_killer_blow_in_turn_2():
    game, state = recorded("death.jsonl")
    assert state.result == {"winner": "A"} and state.turn == 2
    assert state.duelist("B").status == "dead"
    assert state.duelist("B").name == 'Гастон <b>&"Бретёр"'
    kill = resolutions(game, "duel.strike")[-1]
    assert (kill["killer_blow"], kill["m"], kill["damage"], kill["dead"]) == (True, 4, 8, True)


def test_finish_off_three_damage_puts_b_out_and_a_kills_him():
    game, state = recorded("finish-off.jsonl")
    assert resolutions(game, "duel.end_of_turn")[-1]["sides"]["B"]["wound"] == "heavy"
    assert [f["choice"] for f in resolutions(game, "duel.finish_off")] == ["kill"]
    assert (state.finish_off, state.duelist("B").status, state.result) == ("kill", "dead", {"winner": "A"})


TRAIT_GAMES = ["traits-1.jsonl", "traits-2.jsonl", "traits-3.jsonl"]


def test_the_trait_games_cover_all_eleven_traits_with_four_or_more_turns():
    seen = set()
    for name in TRAIT_GAMES:
        game, state = recorded(name)
        assert state.turn >= 4, name
        for d in game.setup["duelists"]:
            seen.update(d["traits"])
    assert seen == set(TRAITS)


def test_the_trait_games_hold_rerolls_and_a_cautious_lowering():
    stakes = []
    for name in TRAIT_GAMES:
        game, _ = recorded(name)
        for reveal in resolutions(game, "duel.reveal"):
            for side in reveal["sides"].values():
                if len(side["rolls"]) > 1:
                    stakes.append([r["stake"] for r in side["rolls"]])
    assert any(s[0] == s[-1] for s in stakes)
    assert ["all_in", "high"] in stakes and ["high", "low"] in stakes


def sides(game, type: str) -> list[dict]:
    return [side for r in resolutions(game, type) for side in r["sides"].values()]


def sharp_tongue_moved_an_attack(game) -> bool:
    return any(s["sharp_tongue"] and s["sharp_tongue"]["moved_from"] for s in sides(game, "duel.reveal"))


def hale_ignored_a_scratch(game) -> bool:
    return any(s["hale"] == "scratch_ignored" for s in sides(game, "duel.end_of_turn"))


def a_roll_flipped(game) -> bool:
    return any(f["flipped"] for f in resolutions(game, "duel.flip"))


def tough_kept_stamina(game) -> bool:
    return any(s["tough"] for s in sides(game, "duel.end_of_turn"))


def weapon_control_hit_through_a_block(game) -> bool:
    return any(c["weapon_control"] and c["blocked"] for c in resolutions(game, "duel.counter"))


@pytest.mark.parametrize(("name", "effect"), [
    ("traits-1.jsonl", sharp_tongue_moved_an_attack),
    ("traits-1.jsonl", hale_ignored_a_scratch),
    ("traits-2.jsonl", a_roll_flipped),
    ("traits-2.jsonl", tough_kept_stamina),
    ("traits-3.jsonl", weapon_control_hit_through_a_block),
])
def test_each_trait_game_shows_its_traits_at_work(name, effect):
    game, _ = recorded(name)
    assert effect(game)


def test_traits_3_turn_4_depends_on_the_counter_mode():
    lines = (FIXTURES / "traits-3.jsonl").read_text(encoding="utf-8").splitlines()
    created = json.loads(lines[0])
    created["payload"]["options"] = {"counter_mode": "single"}
    single = [json.dumps(created, ensure_ascii=False)] + [x for x in lines[1:] if '"finish_off"' not in x]
    game = driver.game_from_events(driver.record(jsonl.parse_lines(single), at="2024-01-01T00:00:00Z"))
    assert driver.fold(game).result is None
    _, per_item = recorded("traits-3.jsonl")
    assert per_item.result == {"winner": "B"}


def test_the_gm_ruling_of_turn_2_folds_and_the_audit_reports_it():
    lines = (FIXTURES / "ruling-inputs.jsonl").read_text(encoding="utf-8").splitlines()
    ruling = json.loads((FIXTURES / "ruling-turn2.json").read_text(encoding="utf-8"))
    assert ruling["note"].startswith("GM:")
    game_id = json.loads(lines[0])["game"]
    turn3 = [x for x in lines if json.loads(x).get("turn") == 3]
    before = [x for x in lines if json.loads(x).get("turn") != 3]
    marks = [{"game": game_id, "type": "ruling", "turn": 2, "actor": None, "payload": ruling},
             {"game": game_id, "type": "turn.closed", "turn": 2, "actor": None, "payload": {}}]
    text = before + [json.dumps(m, ensure_ascii=False) for m in marks] + turn3
    game = driver.game_from_events(driver.record(jsonl.parse_lines(text), at="2024-01-01T00:00:00Z"))
    state = driver.fold(game)
    assert state.turn == 3
    report = audit.audit(game)
    assert not report.clean
    assert any(f.kind == "differs" and f.turn == 2 for f in report.findings)
    _, by_the_rules = recorded("ruling-inputs.jsonl")
    assert state.duelist("B").wound_penalty != by_the_rules.duelist("B").wound_penalty
