"""§3 rule 1 (AMB-10, C15): after the battle each side reveals its purchase list and salt (step `reveal`), checked
against the commitment sealed in Phase 0 and the total spent. Every finished recorded battle holds both reveals in
its after-battle turn, before the fates; a reveal that does not match is refused through the CLI in one line naming
§3 rule 1 (in Russian under --lang ru), nothing appended; the after-battle turn asks both reveals and the winner's
pardon at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.rulesets.cerilia.model import Setup, new_battle
from replay.rulesets.cerilia.reveal import reveal_problems
from replay.rulesets.cerilia.setup import commitment

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "cerilia"
FINISHED = ("decisive", "flight", "rout", "ruling")


def _events(game: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / f"{game}.jsonl").read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("game", FINISHED)
def test_every_finished_recorded_battle_reveals_both_lists_after_the_battle(game):
    events = _events(game)
    ended = next(e for e in events if e["type"] == "cerilia.battle_ended")
    committed = {e["payload"]["side"]: e["payload"] for e in events if e["type"] == "cerilia.purchase_committed"}
    stocked = {e["payload"]["side"]: e["payload"]["units"] for e in events if e["type"] == "cerilia.pool_stocked"}
    revealed = [e for e in events if e["type"] == "cerilia.purchase_revealed"]
    fates = next(e for e in events if e["type"] == "cerilia.fates")
    assert [e["payload"]["side"] for e in revealed] == ["A", "D"]
    for e in revealed:
        p = e["payload"]
        assert e["turn"] == ended["turn"] + 1 == fates["turn"] and e["seq"] < fates["seq"]
        assert e["visible"] is None  # public, unlike the pool
        assert p["commitment"] == committed[p["side"]]["commitment"] == commitment(p["units"], p["salt"])
        assert p["total"] == committed[p["side"]]["total_spent"]
        assert sorted(p["units"], key=lambda u: u["id"]) == sorted(stocked[p["side"]], key=lambda u: u["id"])
        assert p["rule"] == "§3 rule 1, C15" and p["why"][-1].endswith("it matches")
    orders = [e for e in events if e["type"] == "order" and e["payload"].get("step") == "reveal"]
    assert sorted(e["actor"] for e in orders) == ["alice", "bob"] and all(e["visible"] is None for e in orders)


def cli(db: Path, *args: str):
    return CliRunner().invoke(main, ["--db", str(db), *args])


@pytest.fixture()
def awaiting(tmp_path: Path) -> Path:
    """The decisive battle up to its after-battle turn: the reveals and the pardon not yet posted."""
    hand = (FIXTURES / "hand" / "decisive.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["payload"].get("step") for line in hand[-2:]] == ["reveal", "reveal"]
    log = tmp_path / "g.jsonl"
    log.write_text("\n".join(hand[:-3]) + "\n", encoding="utf-8")
    db = tmp_path / "g.duckdb"
    assert cli(db, "import", str(log)).exit_code == 0
    return db


BOB = {"step": "reveal", "units": [{"id": "D-In-1", "card": "In"}, {"id": "D-Arc-1", "card": "Arc"},
                                   {"id": "D-Pe-1", "card": "Pe"}], "salt": "bob-salt-03b9"}


def test_the_after_battle_turn_asks_both_reveals_and_the_pardon_at_once(awaiting):
    out = cli(awaiting, "status", "cerilia-decisive").output
    assert "waiting for alice: A's purchase list revealed (§3 rule 1)" in out
    assert "waiting for bob: D's purchase list revealed (§3 rule 1)" in out
    assert "pardons ilsabet" in out


@pytest.mark.parametrize("change", [
    {"salt": "bob-salt-0000"},
    {"units": BOB["units"][:2]},
    {"units": [*BOB["units"][:2], {"id": "D-Pe-1", "card": "Pk"}]},
])
def test_a_reveal_that_does_not_match_the_commitment_is_refused_in_one_line_naming_the_rule(awaiting, change):
    head = cli(awaiting, "head", "cerilia-decisive").output
    for lang, said in (("en", "error: §3 rule 1 (C15): D's revealed list and salt do not match its Phase 0 "
                              "commitment (sha256 "),
                       ("ru", "ошибка: §3, правило 1 (C15): раскрытые список и соль стороны D не совпадают с её "
                              "печатью Фазы 0 (sha256 ")):
        out = cli(awaiting, "--lang", lang, "order", "cerilia-decisive", "--actor", "bob", "--json",
                  json.dumps({**BOB, **change}))
        assert out.exit_code != 0 and "Traceback" not in out.output, out.output
        lines = out.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(said), out.output
        assert cli(awaiting, "head", "cerilia-decisive").output == head  # nothing appended
    assert cli(awaiting, "order", "cerilia-decisive", "--actor", "bob", "--json", json.dumps(BOB)).exit_code == 0


def test_the_true_reveals_and_the_pardon_close_the_battle_with_the_fates(awaiting):
    alice = {"step": "reveal", "units": [{"id": "A-Kn-1", "card": "Kn"}, {"id": "A-In-1", "card": "In"},
                                         {"id": "A-Arc-1", "card": "Arc"}], "salt": "alice-salt-7c1e"}
    for actor, order in (("alice", alice), ("bob", BOB)):
        assert cli(awaiting, "order", "cerilia-decisive", "--actor", actor, "--json", json.dumps(order)).exit_code == 0
    assert "pardons ilsabet" in cli(awaiting, "status", "cerilia-decisive").output
    out = cli(awaiting, "choose", "cerilia-decisive", "pardon", "yes", "--actor", "alice", "--field",
              "character=ilsabet")
    assert out.exit_code == 0, out.output
    assert "complete" in cli(awaiting, "status", "cerilia-decisive").output
    assert cli(awaiting, "resolve", "cerilia-decisive").exit_code == 0
    state = json.loads(cli(awaiting, "state", "cerilia-decisive", "--json").output)
    assert state["battle"]["fates"] == {"aerin": "survives", "ilsabet": "captured"}
    assert "over" in cli(awaiting, "status", "cerilia-decisive").output


def test_a_revealed_list_costing_other_than_the_committed_total_is_named():
    """The hash matches but the cards now cost otherwise (a GM's replaced card): the total is checked too."""
    state = new_battle(Setup(players={"A": "alice", "D": "bob"}))
    units = [{"id": "A-In-1", "card": "In"}, {"id": "A-Kn-1", "card": "Kn"}]
    state.commitment["A"] = commitment(units, "alice-salt-1")
    state.spent["A"] = 7
    assert reveal_problems(state, "A", {"units": units, "salt": "alice-salt-1"}) == [
        "§3 rule 1: A's revealed list costs 9, not the 7 committed"]
    state.spent["A"] = 9
    assert reveal_problems(state, "A", {"units": units, "salt": "alice-salt-1"}) == []
    assert reveal_problems(state, "A", {"units": "A-In-1", "salt": "x"}) == [
        "§3 rule 1: a reveal lists the units bought, each {id, card}"]


def test_a_reveal_before_the_battle_ends_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "g.duckdb"
    assert cli(db, "import", str(FIXTURES / "hand" / "skirmish.jsonl")).exit_code == 0  # round 4 is open
    head = cli(db, "head", "cerilia-skirmish").output
    out = cli(db, "order", "cerilia-skirmish", "--actor", "alice", "--json",
              json.dumps({"step": "reveal", "units": [], "salt": "alice-salt-7f3a"}))
    assert out.exit_code != 0 and out.output.strip().splitlines() == [
        "error: §4.1: the game does not ask for your reveal post now (it waits for: alice: the Attacker's Phase A "
        "post [step=A1])"], out.output
    assert cli(db, "head", "cerilia-skirmish").output == head


def test_once_the_lists_are_revealed_the_public_sees_the_never_deployed_units(tmp_path: Path) -> None:
    db = tmp_path / "g.duckdb"
    assert cli(db, "import", str(FIXTURES / "flight.jsonl")).exit_code == 0

    def public(turn: int) -> set[str]:
        out = cli(db, "state", "cerilia-flight", "--turn", str(turn), "--json").output
        return {s["id"] for s in json.loads(out)["stacks"]}

    assert not {"A-Pe-1", "D-Pe-1"} & public(7)  # the battle is over, the lists not yet revealed
    assert {"A-Pe-1", "D-Pe-1"} <= public(8)
