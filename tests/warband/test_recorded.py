"""The hand-written three-side game (fixtures/warband/hand/brawl.jsonl) through `battlelog import`: a classic draft,
a rider's weapon swap and a loose horse, a whisper, a brawl with its dedication (C22), a runaway stopped and
ridden (C12); its audit is clean and its export is the recorded one."""

from __future__ import annotations

import json
from pathlib import Path

from cli.main import import_text
from eventlog.store import Store
from replay import audit, driver

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "fixtures" / "warband" / "hand" / "brawl.jsonl"
EXPORT = ROOT / "fixtures" / "warband" / "brawl.jsonl"


def imported(tmp_path, path: Path = HAND):
    with Store.open(tmp_path / "b.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        return driver.load(store, game_id)


def test_the_hand_written_brawl_imports_audits_clean_and_ends(tmp_path):
    game = imported(tmp_path)
    assert audit.audit(game).clean
    final = driver.fold(game)
    assert final.status == "ended" and final.turn == 3
    assert [w.id for w in final.warriors] == ["a1", "a2", "b1", "c1", "u1"]
    assert [w.id for w in final.warriors if w.status == "removed"] == ["a2", "b1"]
    assert final.warrior("u1").mount == "horse" and final.mounts == ()
    assert [i.kind for i in final.warrior("u1").equipment] == ["bow"]
    assert final.warrior("a1").wielding == "short_weapon"


def test_the_brawl_s_resolutions_are_the_ones_the_rules_give(tmp_path):
    game = imported(tmp_path)
    by_type: dict[str, list[dict]] = {}
    for e in game.events:
        by_type.setdefault(e.type, []).append(e.payload)
    assert by_type["warband.draft_order"][0]["order"] == ["A", "B", "C"]
    assert [p["kind"] for p in by_type["warband.draft_pick"]] == ["unit", "item", "pass", "item"]
    (parts,) = by_type["warband.participants"]
    assert parts["kind"] == "brawl" and set(parts["sides"]) == {"A", "B", "C"}
    assert by_type["warband.dedicated"][0]["attacks"] == {"B": 1, "C": 1}
    (stop,) = by_type["warband.mount_stop"]
    assert (stop["warrior"], stop["die"], stop["mount_after"]) == ("u1", 6, "ridden")
    whisper = next(e for e in game.events if e.type == "warband.talk")
    assert whisper.payload["mode"] == "whisper" and set(whisper.visible or ()) == {"B", "C"}


def test_the_recorded_brawl_is_the_export_of_the_hand_written_one(tmp_path):
    def bare(type_: str, payload: dict) -> tuple[str, dict]:  # the revision follows the code; the rest may not
        return type_, {k: v for k, v in payload.items() if k != "revision"}

    game = imported(tmp_path)
    recorded = [json.loads(line) for line in EXPORT.read_text(encoding="utf-8").splitlines()]
    assert [bare(e["type"], e["payload"]) for e in recorded] == [bare(e.type, e.payload) for e in game.events]
    for e in recorded:
        if e["type"].startswith("warband."):
            assert e["payload"]["why"] and e["payload"]["rule"], e["type"]


def test_the_recorded_ruling_game_reports_the_gm_s_turn_beside_what_the_rules_compute(tmp_path):
    game = imported(tmp_path, ROOT / "fixtures" / "warband" / "hand" / "ruling.jsonl")
    report = audit.audit(game)
    assert not report.clean
    assert [f.kind for f in report.findings] == ["ruling", "differs"]
    assert driver.fold(game).warrior("a2").pos == (12.0, 22.0)


def test_a_save_rolled_for_a_wound_that_was_not_allocated_is_refused_naming_the_rule(tmp_path):
    from eventlog.envelope import Draft
    from replay.play import point
    from replay.ruleset import get

    lines = HAND.read_text(encoding="utf-8").splitlines()
    upto = next(n for n, line in enumerate(lines) if '"save_armour"' in line)
    with Store.open(tmp_path / "h.duckdb") as store:
        game_id = next(iter(import_text(store, "\n".join(lines[:upto]) + "\n", source="head")))
        here = point(driver.load(store, game_id))
    key = {"fight": "1.1", "step": "A", "pool": "infantryman", "hit": 1}
    roll = {"dice": "1d6", "purpose": "save_armour", "result": [4], "total": 4, "source": "forum", **key}
    rs = get("warband@1")
    refused = rs.check(here, Draft("roll", {**roll, "warrior": "c1"}, 1, "C"), rs.options())
    assert len(refused) == 1 and refused[0].startswith("§4.6, §4.4.8: no wound of c1 waits for C's armour save")
    assert rs.check(here, Draft("roll", {**roll, "warrior": "b1"}, 1, "B"), rs.options()) == []


def test_the_post_of_a_turn_the_gm_resolved_by_hand_says_so_with_the_gm_s_note(tmp_path):
    from replay.render.text import render

    game = imported(tmp_path, ROOT / "fixtures" / "warband" / "hand" / "ruling.jsonl")
    text = render(game.ruleset.post(driver.turn_view(game, 2), "ru"), "bbcode")
    assert "[b]Решение ведущего (ход разрешён вручную)[/b]: the GM resolves turn 2 by hand" in text
    assert "a2 проходит 8,0 см из 13 до (12, 22)" in text


def test_the_hand_written_siege_imports_audits_clean_with_its_jump_fall_gun_burst_and_climb(tmp_path):
    game = imported(tmp_path, ROOT / "fixtures" / "warband" / "hand" / "siege.jsonl")
    assert audit.audit(game).clean
    by_type: dict[str, list[dict]] = {}
    for e in game.events:
        by_type.setdefault(e.type, []).append(e.payload)
    (jump,) = by_type["warband.jump"]
    assert (jump["success"], jump["fall_height"]) == (False, 10)
    (fell,) = by_type["warband.fell"]
    assert (fell["level"], fell["modifiers"]) == (1, {"mdd": -2, "initiative": -1})
    (gun,) = by_type["warband.gun_fired"]
    assert (gun["burst_die"], gun["fired"], gun["destroyed"]) == (5, True, True)
    assert [i["bare"] for i in gun["impacts"]] == [True]
    assert by_type["warband.fight_resolved"][0]["disengage"] == "roll"
    final = driver.fold(game)
    assert final.status == "ended" and final.warrior("a1").z == 10 and final.gun("g1").status == "destroyed"
    assert [w.id for w in final.warriors if w.status == "removed"] == ["b1", "b2"]


def test_the_recorded_gunline_is_its_hand_written_log_and_holds_what_the_others_lack(tmp_path):
    """fixtures/warband/hand/gunline.jsonl: the winner of the turn-order roll takes its place (C31), sabotage and its
    tick, a gun's burst on 5 with its dispatcher's burst save, a ward then a miscast 1 and the forced re-roll of the
    invulnerable save, a fight whose attacks are placed by type (C23) and whose hit is allocated (C24), a loose
    horse's diagonal run (C11, the two sub-rolls), a capture by a dispatcher."""
    hand = ROOT / "fixtures" / "warband" / "hand" / "gunline.jsonl"
    game = imported(tmp_path, hand)
    assert audit.audit(game).clean
    recorded = [json.loads(line) for line in (ROOT / "fixtures" / "warband" / "gunline.jsonl").read_text(
        encoding="utf-8").splitlines()]
    bare = [(e["type"], {k: v for k, v in e["payload"].items() if k != "revision"}) for e in recorded]
    assert bare == [(e.type, {k: v for k, v in e.payload.items() if k != "revision"}) for e in game.events]
    by_type: dict[str, list[dict]] = {}
    for e in game.events:
        by_type.setdefault(e.type, []).append(e.payload)
    (tick,) = by_type["warband.sabotage"]
    assert (tick["gun"], tick["progress"], tick["destroyed"]) == ("g1", 1.0, False)
    fired = by_type["warband.gun_fired"][0]
    assert (fired["burst_die"], fired["destroyed"]) == (5, True)
    assert fired["bursts"][0]["saves"] == [{"kind": "burst", "tn": 6, "die": 6, "saved": True}]
    miscast = by_type["warband.cast"][1]
    assert (miscast["result"], miscast["miscast"], miscast["wounded"]) == ("miscast", 1, False)
    assert miscast["saves"] == [{"kind": "invulnerable", "tn": 5, "die": 5, "saved": True, "reroll": 6}]
    (wound,) = by_type["warband.wound"]
    assert (wound["warrior"], wound["removed"]) == ("b3", True)
    (ran,) = by_type["warband.mount_ran"]
    assert ran["diagonal"] == {"wanted": "NW", "fb": 4, "lr": 5, "runs": "NW"}
    (captured,) = by_type["warband.gun_captured"]
    assert [captured[k] for k in ("gun", "before_side", "side", "dispatcher")] == ["g1", "B", "A", "a4"]
    final = driver.fold(game)
    assert final.gun("g1").side == "A" and final.order() == ["A", "B"]


def test_the_recorded_overrides_game_takes_the_gm_s_fall_height_and_coverage_through_the_log(tmp_path):
    """fixtures/warband/hand/overrides.jsonl: the GM overrides two computed values as rulings in the log, the fall
    height of a failed jump (C33) and a shot's coverage (C16); the rules resolve with them, so the audit is clean."""
    game = imported(tmp_path, ROOT / "fixtures" / "warband" / "hand" / "overrides.jsonl")
    assert audit.audit(game).clean
    rulings = [e.payload["override"]["name"] for e in game.events if e.type == "ruling"]
    assert rulings == ["fall_height", "coverage"]
    (jump,) = [e.payload for e in game.events if e.type == "warband.jump"]
    (fell,) = [e.payload for e in game.events if e.type == "warband.fell"]
    assert (jump["fall_height"], fell["height"], fell["wounds"]) == (12.0, 12.0, 0)
    (shot,) = [e.payload for e in game.events if e.type == "warband.shot"]
    assert shot["coverage"] == 25 and shot["saves"][0]["kind"] == "cover" and shot["saves"][0]["tn"] == 6
    assert "GM ruling: 25 % instead of" in " ".join(shot["why"])
    recorded = [json.loads(line) for line in (ROOT / "fixtures" / "warband" / "overrides.jsonl").read_text(
        encoding="utf-8").splitlines()]
    assert [e["type"] for e in recorded] == [e.type for e in game.events]


def test_the_gm_s_overrides_are_the_ruleset_s_decisions():
    from replay.rulesets.warband import Warband

    assert set(Warband.decisions) == {"coverage", "fall_height"}
