"""The recorded knights games (fixtures/knights/*.jsonl, recorded from the hand-written logs in
fixtures/knights/hand/) import, their chain verifies and their audit is clean (the ruling game: not clean, its GM
ruling reported), and together they play every action, ram outcome and oath.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.envelope import Event
from eventlog.store import Store, verify_chain
from replay import audit, driver
from replay.driver import Game
from replay.rulesets.knights.model import OUTCOMES

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "fixtures" / "knights").glob("*.jsonl"))
RULED = {"ruling"}


@cache
def imported(name: str) -> Game:
    """Import a fixture through `driver.record` (as `battlelog import` does) into a throw-away store."""
    import tempfile

    path = next(p for p in LOGS if p.stem == name)
    with tempfile.TemporaryDirectory() as tmp, Store.open(Path(tmp) / "g.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        return driver.load(store, game_id)


def steps(game: Game) -> list[Event]:
    """The resolution events the rules produced (a ruling's asserted events are not the rules')."""
    return [e for e in game.events if e.type.startswith("knights.")]


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_log_replays_and_audits(path):
    game = imported(path.stem)
    verify_chain(game.events)
    assert not any(e.seq is None for e in game.events)
    report = audit.audit(game)
    if path.stem in RULED:
        assert not report.clean
        rulings = [f for f in report.findings if f.kind == "ruling"]
        assert len(rulings) == 1 and rulings[0].lines[0].startswith("GM ruling: GM:")
    else:
        assert report.clean, report.findings
    state = driver.fold(game)
    assert state.result is not None  # every fixture plays to an end


def test_the_fixture_set_covers_every_action_outcome_and_oath():
    games = [imported(p.stem) for p in LOGS]
    events = [e for g in games for e in steps(g)]
    actions = Counter(e.payload["action"] for e in events if e.type == "knights.move")
    outcomes = Counter(e.payload["outcome"] for e in events if e.type == "knights.ram")
    oaths = Counter((e.payload["oath"], e.payload["status"]) for e in events if e.type == "knights.oath")
    assert set(actions) == {"full_ahead", "smooth_turn", "sharp_turn", "drop_speed", "return_to_battle"}
    assert set(outcomes) == set(OUTCOMES)
    accepted = {oath for oath, status in oaths if status == "accepted"}
    assert accepted == {"conquest", "bloodshed", "bravery", "mercy", "leadership", "love", "loyalty"}
    assert any(status == "declined" for _, status in oaths)


def test_the_battle_plays_to_a_decisive_end():
    game = imported("battle")
    events = steps(game)
    end = next(e.payload for e in events if e.type == "knights.end")
    # Red fulfilled Leadership, Mercy and Love: the battle ends on personal oaths (§1.3), Love's +4 included
    assert end["reason"] == "oaths" and end["winner"] == "alice"
    assert end["bonuses"] == [{"knight": "r3", "honor": 4, "kind": "kidnapper_fallen", "kidnapper": "b3",
                               "why": "Love: the kidnapper Dame Quarry has fallen: +4"}]
    state = driver.fold(game)
    assert state.knight("b3").location == "fallen"
    # the kidnapper's last function was full_ahead, the steed's last (§4.1)
    falls = [x for e in events if e.type == "knights.ram" for x in e.payload["effects"]
             if x["kind"] == "damage" and x["fallen"]]
    assert falls == [{"kind": "damage", "knight": "b3", "function": "full_ahead", "module": "steed",
                      "chosen_by": "forced", "destroyed": True, "mass": 0, "fallen": True}]
    # Raise Shields is always the first function lost (§4.2)
    first_loss: dict[str, str] = {}
    for e in events:
        for x in e.payload.get("effects", []):
            if x["kind"] == "damage":
                first_loss.setdefault(x["knight"], x["function"])
    assert set(first_loss.values()) == {"raise_shields"}


def test_the_battle_plays_the_lady_from_carried_to_delivered():
    events = steps(imported("battle"))
    (placed,) = [e.payload for e in events if e.type == "knights.lady"]
    assert placed["carrier"] == "b3" and placed["kidnapper"] == "b3"  # carried from turn 0: the Kidnapper
    (drop,) = [e.payload for e in events if e.type == "knights.lady_drop"]
    assert drop["knight"] == "b3" and drop["voluntary"]
    pickups = [p for e in events if e.type == "knights.move" for p in e.payload["pickups"]]
    assert pickups == [{"lady": "lady:r3", "kidnapper": "b3"}]  # her own knight lifts her: still b3's crime
    love = [e.payload for e in events if e.type == "knights.oath" and e.payload["oath"] == "love"]
    assert [(x["knight"], x["honor"], x["status"]) for x in love] == [("r3", 9, "accepted")]  # 7 + 2


def test_the_battle_goes_out_and_back_and_rounds_diagonals():
    events = steps(imported("battle"))
    moves = [e.payload for e in events if e.type == "knights.move"]
    out = {m["knight"] for m in moves if m["location"] == "outflank"}
    back = {m["knight"] for m in moves if m["action"] == "return_to_battle" and m["location"] == "field"}
    assert back and back <= out
    diagonal = [seg for m in moves for seg in m["path"]
                if seg["kind"] == "move" and seg["dir"] % 2 == 1 and seg["distance"] == 2]
    assert diagonal and all(abs(seg["delta"][0]) == abs(seg["delta"][1]) == 1 for seg in diagonal)  # K2


def test_the_lady_game_takes_the_blow():
    events = steps(imported("lady"))
    (tb,) = [e.payload for e in events if e.type == "knights.take_the_blow"]
    assert tb["success"] and tb["loyal"] == "b2" and tb["ally"] == "b3"
    ram = next(e.payload for e in events if e.type == "knights.ram" and e.payload["loyalty_override"])
    assert ram["would_be_target"] == "b3" and ram["target"] == "b2" and ram["parts"]["tp"] == "rear"
    loyalty = [e.payload for e in events if e.type == "knights.oath" and e.payload["oath"] == "loyalty"]
    assert [(x["knight"], x["honor"]) for x in loyalty] == [("b2", 7)]  # 2×2 functions + 3×1 module
    (placed,) = [e.payload for e in events if e.type == "knights.lady"]
    assert placed["cell"] == [19, 9] and placed["carrier"] is None  # a token on the field at turn 0
    pickups = [p for e in events if e.type == "knights.move" for p in e.payload["pickups"]]
    assert pickups == [{"lady": "lady:r1", "kidnapper": "b3"}]  # the first enemy to lift her


def test_the_ruled_ram_folds_and_differs_from_the_rules():
    game = imported("ruling")
    (ruling,) = [e for e in game.events if e.type == "ruling"]
    closed = game.events[game.events.index(ruling) + 1]
    assert closed.type == "turn.closed" and closed.turn == ruling.turn == 6
    asserted = ruling.payload["events"][0]["payload"]
    report = audit.audit(game)
    recomputed = audit.audit_turn(game, driver.fold(game, ruling.seq - 1), 6, [ruling])
    ram = next(f for f in recomputed if f.kind == "differs")
    assert ram.turn == 6 and [f.kind for f in report.findings if f.turn == 6][0] == "ruling"
    state = driver.fold(game, ruling.seq)
    assert state.turn == 7 and state.knight("r1").damaged == frozenset({"raise_shields"})
    assert asserted["outcome"] == "target_struck"  # the rules give attacker_broken (I 7, R 21)


def test_joust_ends_by_concession():
    game = imported("joust")
    state = driver.fold(game)
    assert state.result == {"reason": "concession", "winner": "alice", "honor": {"alice": 3, "bob": 6}}
    rams = [e for e in game.events if e.type == "knights.ram"]
    assert len(rams) == 1 and rams[0].payload["outcome"] == "attacker_struck"
    assert rams[0].payload["attacker_state"]["pose"] == {"x": 15, "y": 5, "f": 6}  # backed off to first contact (K5)
