"""Retreat (M45, L613-620) out of a melee of several fighters (4.4, PROPOSED reading in docs/skirmish.md), on the
recorded fight `ally` (Ratibor and Boris against Vseslav) with its round 2 played otherwise: one Retreat roll answers
every attack aimed at the retreater (L616); if it beats each he takes no further part in the group's round and leaves
the group at the field round's end, loose in his cell (the group shrinks as when a fighter falls); declared as part of
fleeing from the field's edge (CP-19) he leaves the battlefield, as a pair's fighter does. Bad input is refused naming
the rule, in English and Russian."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay import driver
from replay.fold import state_before
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle
from tests.skirmish.test_bad_input import refused_at_import

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish"
GAME = "skirmish-ally"


def hand() -> list[dict[str, Any]]:
    return [json.loads(x) for x in (FIXTURES / "hand" / "ally.jsonl").read_text(encoding="utf-8").splitlines()]


def o(actor: str, **p: Any) -> dict[str, Any]:
    return {"game": GAME, "type": "order", "turn": 2, "actor": actor, "payload": p}


def r(actor: str, dice: str, purpose: str, result: list[int], **k: Any) -> dict[str, Any]:
    return {"game": GAME, "type": "roll", "turn": 2, "actor": actor,
            "payload": {"dice": dice, "purpose": purpose, "result": result, "total": sum(result), "source": "forum",
                        **k}}


def turn1(width: int = 8) -> list[dict[str, Any]]:
    log = hand()
    created = json.loads(json.dumps(log[0]))
    created["payload"]["setup"]["field"]["width"] = width
    return [created, *(e for e in log[1:] if e.get("turn") == 1)]


PASSES = [o("VSE", exchange=1, step="attack", maneuver="pass"), o("RAT", exchange=1, step="attack", maneuver="pass"),
          o("BOR", exchange=1, step="attack", maneuver="pass")]


def both_on_vse(retreat: list[int], **flee: Any) -> list[dict[str, Any]]:
    """Round 2: no attacks in exchange 1; in exchange 2 Ratibor and Boris attack Vseslav, who retreats answering
    Ratibor's attack (one roll for both)."""
    return [*PASSES, o("VSE", exchange=2, step="attack", maneuver="pass"),
            o("RAT", exchange=2, step="attack", maneuver="chop", target="VSE", zone="upper_torso",
              dice={"reflex": 1, "skill": 4}),
            o("BOR", exchange=2, step="attack", maneuver="thrust", target="VSE", zone="lower_torso",
              dice={"reflex": 0, "skill": 4}),
            o("VSE", exchange=2, step="defence", maneuver="retreat", answers="RAT", dice={"reflex": 5, "skill": 0},
              **flee),
            r("RAT", "5d10", "attack", [9, 7, 3, 2, 1], exchange=2),
            r("VSE", "5d10", "defence", retreat, exchange=2, answers="RAT"),
            r("BOR", "4d10", "attack", [9, 8, 6, 5], exchange=2)]


def boris_retreats() -> list[dict[str, Any]]:
    """Round 2: Vseslav chops at Boris in exchange 1; Boris retreats and beats it."""
    return [o("VSE", exchange=1, step="attack", maneuver="chop", target="BOR", zone="upper_torso",
              dice={"reflex": 0, "skill": 4}),
            o("RAT", exchange=1, step="attack", maneuver="pass"), o("BOR", exchange=1, step="attack", maneuver="pass"),
            o("BOR", exchange=1, step="defence", maneuver="retreat", answers="VSE", dice={"reflex": 4, "skill": 0}),
            r("VSE", "4d10", "attack", [7, 5, 6, 1], exchange=1),
            r("BOR", "4d10", "defence", [9, 9, 8, 7], exchange=1, answers="VSE")]


def played(log: list[dict[str, Any]]) -> tuple[list[Any], Battle]:
    """The events of the log's last turn and the battle after it."""
    text = "\n".join(json.dumps(e, ensure_ascii=False) for e in log)
    with Store.open(":memory:") as store:
        gid = next(iter(import_text(store, text, source="test")))
        game = driver.load(store, gid)
        turn = log[-1]["turn"]
        after = state_before(game, turn + 1)
        assert isinstance(after, Battle)
        return [e for e in store.events(gid) if e.turn == turn], after


def of(events: list[Any], kind: str) -> list[dict[str, Any]]:
    return [e.payload for e in events if e.type == f"skirmish.{kind}"]


def test_one_retreat_roll_answers_every_attack_and_takes_him_out_of_the_group() -> None:
    events, _ = played([*turn1(), *both_on_vse([10, 9, 9, 8, 8])])
    rolls = [e.payload for e in events if e.type == "roll" and e.actor == "VSE"]
    assert len(rolls) == 1  # L616: one roll
    clashes = of(events, "clash")
    assert [c["why"][1] for c in clashes] == ["VSE retreat: 5d %4 [10, 9, 9, 8, 8] → 5 − 0 = 5"] * 2
    assert [c["why"][2] for c in clashes] == ["1 vs 5 → the defence wins, final 4",
                                              "4 vs 5 → the defence wins, final 1"]
    ended = of(events, "exchange_ended")[-1]
    assert ended["retreated"] == ["VSE"] and "L620" in ended["rule"]
    [over] = of(events, "fight_ended")  # the last of his side: the group is over, everyone loose
    assert over["why"][-1] == "VSE retreated out of the melee (M45, L620)"
    assert of(events, "field_round_ended")[-1]["parted"] == ["RAT-VSE-BOR"]


def test_a_retreat_that_beats_only_one_attack_keeps_him_in_the_group() -> None:
    hit = [e for e in hand() if e.get("turn") == 2 and e["type"] == "roll" and e["payload"]["purpose"] in ("zone",
                                                                                                       "penetration")]
    events, after = played([*turn1(), *both_on_vse([9, 8, 5, 4, 1]), *hit])  # 2 successes: beats 1, not 4
    assert [c["why"][2].split(" → ")[1].split(",")[0] for c in of(events, "clash")] == ["the defence wins", "hit"]
    assert not any(e.get("retreated") for e in of(events, "exchange_ended"))
    assert [p.id for p in after.pairs] == ["RAT-VSE-BOR"]


def test_the_retreater_leaves_and_the_group_shrinks_to_a_pair() -> None:
    x2 = [o("VSE", exchange=2, step="attack", maneuver="pass"), o("RAT", exchange=2, step="attack", maneuver="pass")]
    events, after = played([*turn1(), *boris_retreats(), *x2])
    assert of(events, "exchange_ended")[0]["retreated"] == ["BOR"]
    asked2 = [d["actor"] for d in of(events, "declared") if d["exchange"] == 2]
    assert "BOR" not in asked2 and {"RAT", "VSE"} <= set(asked2)  # no further part in the round (L620)
    end = of(events, "field_round_ended")[-1]
    assert end["left"] == {"RAT-VSE-BOR": ["BOR"]} and end["parted"] == []
    assert "BOR retreated: leaves the melee RAT — VSE — BOR and stands loose in his cell; RAT, VSE fight on " \
        "(M45, L620, 4.4)" in end["why"]
    assert [p.id for p in after.pairs] == ["RAT-VSE"] and [f.id for f in after.loose] == ["BOR"]
    assert after.fighter("BOR").cell == (4, 3)


def test_a_retreat_declared_as_fleeing_from_the_edge_takes_him_off_the_battlefield() -> None:
    events, after = played([*turn1(width=6), *both_on_vse([10, 9, 9, 8, 8], flee=True)])
    [fled] = of(events, "fled")
    assert fled["fighter"] == "VSE" and fled["cell"] == [5, 2] and "CP-19" in fled["rule"]
    assert "VSE" in after.fled


def test_the_retreat_lines_are_said_in_russian() -> None:
    lines = ["VSE retreats out of the melee: he takes no further part in it and leaves it at the round's end (M45, "
             "L620)", "BOR retreated: leaves the melee RAT — VSE — BOR and stands loose in his cell; RAT, VSE fight on "
             "(M45, L620, 4.4)", "VSE retreated out of the melee (M45, L620)"]
    said = msg.why({"why": lines}, "ru")
    assert said == ["VSE отступает из схватки: дальше он в ней не участвует и покидает её в конце раунда (M45, L620)",
                    "BOR отступил: покидает схватку RAT — VSE — BOR и остаётся свободным в своей клетке; бьются "
                    "дальше: RAT, VSE (M45, L620, 4.4)", "отступили из схватки: VSE (M45, L620)"]


CASES = {
    "a retreat after another defence": (
        lambda: [*turn1(), *both_on_vse([1])[:6],
                 o("VSE", exchange=2, step="defence", maneuver="sidestep", answers="RAT",
                   dice={"reflex": 1, "skill": 0})],
        o("VSE", exchange=2, step="defence", maneuver="retreat", answers="BOR", dice={"reflex": 2, "skill": 0}),
        ["condition_failed (4.4, M45): retreat: VSE already defends this exchange"]),
    "an attack on a fighter who retreated out of the melee": (
        lambda: [*turn1(), *boris_retreats()],
        o("VSE", exchange=2, step="attack", maneuver="chop", target="BOR", zone="upper_torso",
          dice={"reflex": 0, "skill": 4}),
        ["condition_failed (4.4, M45): BOR retreated out of this melee (L620): no attack on him in it"]),
    "fleeing by a retreat away from the field's edge": (
        lambda: [*turn1(), *both_on_vse([1])[:6]],
        o("VSE", exchange=2, step="defence", maneuver="retreat", answers="RAT", dice={"reflex": 5, "skill": 0},
          flee=True),
        ["1.2.6, CP-19: VSE at (5, 2) must stand on the field's edge"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_about_a_retreat_in_a_group_is_refused_naming_the_rule(case: str, tmp_path: Path) -> None:
    base, bad, said = CASES[case]
    out, db, path = refused_at_import([*base(), bad], said, tmp_path)
    assert out.exit_code == 2, out.output
    ru = CliRunner().invoke(main, ["--db", db, "--lang", "ru", "import", str(path)])
    assert ru.exit_code == 2 and "[англ.]" not in ru.output and "engl" not in ru.output, ru.output


def test_the_post_tells_the_retreat_and_the_flight_in_russian_with_names(tmp_path: Path) -> None:
    path = tmp_path / "flee.jsonl"
    log = [*turn1(width=6), *both_on_vse([10, 9, 9, 8, 8], flee=True)]
    path.write_text("\n".join(json.dumps(e, ensure_ascii=False) for e in log) + "\n", encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    ru = CliRunner().invoke(main, ["--db", db, "--lang", "ru", "post", GAME, "--turn", "2"])
    assert ru.exit_code == 0, ru.output
    assert "Всеслав отступает из схватки: дальше он в ней не участвует и покидает её в конце раунда" in ru.output
    assert "Всеслав заявил отступление из схватки как бегство: он покидает поле боя из (5, 2)" in ru.output
    assert "[англ.]" not in ru.output
