"""The duel's recorded games show what they were recorded for (the log holds the resolutions as recorded)."""

from __future__ import annotations

from pathlib import Path

import pytest

from eventlog import jsonl
from replay import audit, driver, rerun
from replay.rulesets.duel.model import TRAITS

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "duel"


def recorded(name: str):
    lines = (FIXTURES / name).read_text(encoding="utf-8").splitlines()
    events = jsonl.chain(jsonl.parse_lines(lines, source=name), head=None, now="2024-01-01T00:00:00Z")
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
    game, per_item = recorded("traits-3.jsonl")
    assert per_item.result == {"winner": "B"}
    report = rerun.rerun(game, options={"counter_mode": "single"})
    assert [c.turn for c in report.changes] == [4]
    assert 'result: recorded {"winner": "B"}, variant null' in report.changes[0].lines


def test_the_gm_ruling_of_turn_2_folds_and_the_audit_reports_it():
    game, state = recorded("ruling.jsonl")
    (ruling,) = [e for e in game.events if e.type == "ruling"]
    assert ruling.turn == 2 and ruling.payload["note"].startswith("GM:")
    assert state.turn == 3
    report = audit.audit(game)
    assert not report.clean
    assert {f.turn for f in report.findings if f.kind == "differs"} == {2}
    by_the_rules = rerun.rerun(game)
    assert "B.wound_penalty" in " ".join(by_the_rules.changes[0].lines)
