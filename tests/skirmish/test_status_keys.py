"""Issue 9: `battlelog status` shows every key field of a request on the field, the ones a GM types with `--field`
(`through=1`, `target=ZOR`, `exchange=1` …): a key is left out only where the request's words name it with its value
("act in exchange 1"), never because its value turns up elsewhere (the 1 of "1d6", the ZOR of "ZOR's shot")."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from cli.main import main
from replay.context import Request
from tests.legend_support import ROOT
from tests.skirmish.kit import Round, asked
from tests.skirmish.test_ranged_moves import act, guarded_field, line_field, roll


def shows_every_key(request: Request) -> bool:
    text = request.text(every_key=True)
    return all(f"{k}={v}" in text or re.search(rf"\b{k.replace('_', ' ')} {v}\b", text)
               for k, v in request.key_dict.items())


def test_a_key_value_seen_elsewhere_in_the_words_is_still_shown() -> None:
    zone = Request("roll", "VSE", "shot_zone", (("exchange", 2), ("through", 1)), dice="1d6",
                   what="VSE's hit zone on BOR (1d6, standing)")
    assert zone.text(every_key=True) == "VSE: VSE's hit zone on BOR (1d6, standing) [exchange=2, through=1]"
    guard = Request("roll", "BOR", "protect_ally", (("exchange", 1), ("shooter", "VSE"), ("target", "ZOR")),
                    dice="2d10", what="BOR protects ZOR: shield parry missile (%7, M83)")
    assert guard.text(every_key=True).endswith("[exchange=1, shooter=VSE, target=ZOR]")


def test_a_key_the_words_name_with_its_value_is_not_repeated() -> None:
    act_ = Request("order", "ZOR", "order", (("exchange", 1), ("stage", "field")),
                   what="act in exchange 1: move, draw, prepare, aim, shoot, form or wait (5.6, 5.7)")
    assert act_.text(every_key=True).endswith("(5.6, 5.7) [stage=field]")
    assert Request("roll", None, "rally", (("unit", 12),), dice="1d6", what="roll 1d6 for unit 12").text(
        every_key=True) == \
        "GM: roll 1d6 for unit 12"


def test_the_through_shots_next_target_and_a_guards_target_show_their_keys() -> None:
    """The requests of a through shot's next target (M79) and of a comrade's protection (M83), as the rules ask."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="ZOR", dice={"reflex": 2, "skill": 4}, maneuver="through_shot",
        next_targets=["MIR"])
    for fid in ("ZOR", "MIR", "BOR"):
        act(rnd, fid, act="wait")
    rnd.choice("ZOR", "missile_defence", "none", exchange=1, shooter="VSE")
    rnd.choice("MIR", "missile_defence", "none", exchange=1, shooter="VSE")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 7, 6, 2])
    roll(rnd, "VSE", "shot_zone", [4], "1d6", projectile=1)
    roll(rnd, "VSE", "zone", [1, 2], "2d6-2", projectile=1)
    stop = rnd.resolve(line_field())
    assert ("VSE", "shot_zone", {"exchange": 1, "through": 1}) in asked(stop)
    assert all(shows_every_key(r) for r in stop.requests), [r.text() for r in stop.requests]
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "RAT", act="wait")
    act(rnd, "BOR", act="wait")
    stop = rnd.resolve(guarded_field([0, 1]))
    assert ("BOR", "protect_ally", {"exchange": 1, "shooter": "VSE", "target": "RAT"}) in asked(stop)
    assert all(shows_every_key(r) for r in stop.requests), [r.text() for r in stop.requests]


def test_status_of_the_recorded_volley_shows_the_through_shots_key(tmp_path: Path) -> None:
    """fixtures/skirmish/volley.jsonl up to VSE's aimed through shot's first zone roll: `status` (English and Russian)
    names the next target's zone roll with `through=1`, the key a GM types with `battlelog roll … --field`."""
    lines = (ROOT / "fixtures" / "skirmish" / "volley.jsonl").read_text(encoding="utf-8").splitlines()
    upto = [json.loads(line) for line in lines if json.loads(line)["seq"] <= 99]
    path = tmp_path / "volley.jsonl"
    path.write_text("\n".join(json.dumps(e, ensure_ascii=False) for e in upto) + "\n", encoding="utf-8")
    db = str(tmp_path / "v.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    out = CliRunner().invoke(main, ["--db", db, "status", "skirmish-volley"]).output
    assert "waiting for VSE: VSE's hit zone on BOR (1d6, standing) [exchange=2, through=1]" in out, out
    out = CliRunner().invoke(main, ["--db", db, "--lang", "ru", "status", "skirmish-volley"]).output
    assert "(при вводе: exchange=2, through=1)" in out, out
