"""The skirmish end to end through the `battlelog` command: a new game, forum posts with declarations and pasted
forum rolls, the requests `status` lists, the contractual `state --json`, posts, frames, the hand-written log."""

import json
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SETUP = {"fighters": [{"sample": "RAT", "cell": [0, 0], "weapons": [{"id": "spear", "type": "spear",
                                                                      "hands": ["right", "left"]}]},
                      {"sample": "VSE", "cell": [1, 0], "facing": "W",
                       "weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}], "shield": None}]}


@pytest.fixture
def run(tmp_path):
    db = str(tmp_path / "t.duckdb")
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, ["--db", db, *args], catch_exceptions=False)

    invoke.db, invoke.tmp = db, tmp_path
    return invoke


def ok(run, *args):
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.output


def count(run):
    con = duckdb.connect(run.db, read_only=True)
    try:
        return con.execute("select count(*) from events").fetchall()[0][0]
    finally:
        con.close()


@pytest.fixture
def game(run):
    setup = run.tmp / "setup.json"
    setup.write_text(json.dumps(SETUP), encoding="utf-8")
    ok(run, "new", "g", "--ruleset", "skirmish", "--setup", str(setup))
    return run


def requests(run):
    return [(r["actor"], r["kind"], r["name"], r["key"]) for r in json.loads(ok(run, "status", "g", "--json"))
            ["requests"]]


def state(run):
    return json.loads(ok(run, "state", "g", "--json").splitlines()[-1])


def test_combat_initiative_is_asked_of_both_at_once_and_nothing_is_drawn(game):
    assert requests(game) == [("RAT", "roll", "initiative", {"exchange": 1}),
                              ("VSE", "roll", "initiative", {"exchange": 1})]
    before = count(game)
    ok(game, "resolve", "g")
    assert count(game) == before


def test_a_round_from_forum_posts(game):
    ok(game, "post-in", "g", "--actor", "RAT", "--text", "5d10: 7, 4, 2, 9, 1")
    ok(game, "post-in", "g", "--actor", "VSE", "--text", "6d10: 6, 8, 3, 5, 10, 2")
    assert requests(game) == [("RAT", "order", "order", {"exchange": 1, "step": "attack"})]
    ok(game, "post-in", "g", "--actor", "RAT", "--text",
       "Атака: выпад в верхний корпус, 5 кубиков (1Р+4Н), покупаю игнор брони\n5d10: 9, 5, 5, 1, 3")
    ok(game, "post-in", "g", "--actor", "VSE", "--text", "пас")
    ok(game, "post-in", "g", "--actor", "VSE", "--text", "Защита: парирование, 3 кубика (3Н)\n3d10: 6, 2, 7")
    assert requests(game) == [("RAT", "choice", "feint", {"exchange": 1})]
    ok(game, "post-in", "g", "--actor", "RAT", "--text", "choice: feint = no; exchange=1")
    assert requests(game) == [("RAT", "order", "order", {"exchange": 2, "step": "attack"})]
    s = state(game)
    vse = next(f for f in s["fighters"] if f["id"] == "VSE")["view"]
    assert vse["pool"] == {"reflex": 6, "skill": 4, "skill_id": "knives", "spent": {"reflex": 3, "skill": 3},
                           "locked": {"reflex": 0, "skill": 0}, "avail_R": 3, "avail_S": 1}
    assert vse["initiative"] is True and vse["distance"] == "long" and vse["status"] == "ok"
    assert s["fight"] == {"round": 1, "exchange": 2, "step": 1, "initiative": "VSE", "distance": "long",
                          "result": None, "grapple": None}
    post = ok(game, "post", "g", "--turn", "1", "--lang", "ru")
    assert "ничья" in post and "Парирование" in post


def test_an_illegal_declaration_names_every_problem_and_appends_nothing(game):
    ok(game, "post-in", "g", "--actor", "RAT", "--text", "5d10: 7, 4, 2, 9, 1")
    ok(game, "post-in", "g", "--actor", "VSE", "--text", "6d10: 6, 8, 3, 5, 10, 2")
    before = count(game)
    r = game("order", "g", "--actor", "RAT", "--text", "Атака: выпад в голову, 12 кубиков (6Р+6Н), покупаю точная "
             "зона колено")
    assert r.exit_code != 0
    assert "cannot_pay" in r.output and "zone_not_allowed" in r.output
    r = game("order", "g", "--actor", "VSE", "--text", "Защита: парирование, 3 кубика (3Н)")
    assert r.exit_code != 0 and "step_or_action" in r.output
    r = game("post-in", "g", "--actor", "RAT", "--text", "Атака: выпад в верхний корпус, 5 кубиков (1Р+4Н)\n"
             "4d10: 9, 5, 5, 1")
    assert r.exit_code != 0 and "rolls 5d10, not 4d10" in r.output
    assert count(game) == before


def test_the_hand_written_log_imports_and_its_audit_is_clean(run):
    out = ok(run, "import", str(ROOT / "fixtures" / "skirmish" / "hand" / "spear.jsonl"))
    assert "2 turns resolved" in out
    assert "clean" in ok(run, "audit", "skirmish-spear")
    s = json.loads(ok(run, "state", "skirmish-spear", "--json").splitlines()[-1])
    assert s["fight"]["result"] == {"winner": "RAT", "out": {"VSE": "dead"}}
    vse = next(f for f in s["fighters"] if f["id"] == "VSE")["view"]
    assert set(vse) == {"pool", "initiative", "distance", "stance", "weapons", "wounds", "fatigue", "pain", "shock",
                        "bleeding", "blood_loss", "status", "wrestling", "held", "enveloped", "effects"}
    assert vse["wounds"]["upper_torso"][1]["level"] == 5 and vse["status"] == "dead"
    assert "Бой окончен" in ok(run, "post", "skirmish-spear", "--turn", "2")
    png = run.tmp / "f.png"
    ok(run, "render", "skirmish-spear", "--turn", "1", "--phase", "x2.resolve", "-o", str(png))
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_a_feint_chosen_on_the_command_line(game):
    ok(game, "post-in", "g", "--actor", "RAT", "--text", "5d10: 7, 4, 2, 9, 1")
    ok(game, "post-in", "g", "--actor", "VSE", "--text", "6d10: 6, 8, 3, 5, 10, 2")
    ok(game, "post-in", "g", "--actor", "RAT", "--text", "Атака: выпад в верхний корпус, 4 кубика (4Н)")
    ok(game, "post-in", "g", "--actor", "VSE", "--text", "пас")
    ok(game, "post-in", "g", "--actor", "VSE", "--text", "Защита: парирование, 3 кубика (3Н)")
    r = game("choose", "g", "feint", "thrust tail", "--actor", "RAT", "--field", "exchange=1")
    assert r.exit_code != 0
    ok(game, "choose", "g", "feint", "thrust left_leg precise:knee", "--actor", "RAT", "--field", "exchange=1")
    assert requests(game) == [("VSE", "roll", "body_language", {"exchange": 1})]
    s = state(game)
    assert next(f for f in s["fighters"] if f["id"] == "VSE")["view"]["pool"]["locked"] == {"reflex": 3, "skill": 3}


def test_the_wrestling_and_shield_fights_import_and_audit_clean(run):
    """The recorded fights of fixtures/skirmish/hand: wrestling (grab, throw with a GM ruling, a fall, pain hold,
    break free) and long weapon against sword and shield (feint, shield block, knock-aside, bind, sidestep)."""
    out = ok(run, "import", str(ROOT / "fixtures" / "skirmish" / "hand" / "wrestle.jsonl"))
    assert "2 turns resolved" in out and "clean" in ok(run, "audit", "skirmish-wrestle")
    s = json.loads(ok(run, "state", "skirmish-wrestle", "--json").splitlines()[-1])
    vse = next(f for f in s["fighters"] if f["id"] == "VSE")["view"]
    assert s["fight"]["grapple"] is None and vse["pain"] == 5 and vse["stance"] == "lying"  # C3: no gambeson
    assert vse["wounds"]["left_arm"][0]["precise"] == "forearm" and not vse["wrestling"]
    assert "Решение мастера" in ok(run, "post", "skirmish-wrestle", "--turn", "1")
    out = ok(run, "import", str(ROOT / "fixtures" / "skirmish" / "hand" / "shield.jsonl"))
    assert "2 turns resolved" in out and "clean" in ok(run, "audit", "skirmish-shield")
    s = json.loads(ok(run, "state", "skirmish-shield", "--json").splitlines()[-1])
    assert s["fight"]["initiative"] == "VSE" and s["fight"]["distance"] == "long"
    assert "Завязывание (M43)" in ok(run, "post", "skirmish-shield", "--turn", "2")
    out = ok(run, "import", str(ROOT / "fixtures" / "skirmish" / "hand" / "tricks.jsonl"))
    assert "2 turns resolved" in out and "clean" in ok(run, "audit", "skirmish-tricks")
    s = json.loads(ok(run, "state", "skirmish-tricks", "--json").splitlines()[-1])
    assert s["fight"]["result"] == {"winner": "RAT", "out": {"VSE": "unconscious"}}
