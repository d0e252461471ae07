"""Several fighters in one melee on the field (4.4, A-09) and Protect ally (M37, L540-542, CP-30), from the recorded
fight `ally` (two against one: Ratibor and Boris against Vseslav): Boris comes within reach of Vseslav, already in
melee with Ratibor, and joins that melee; the group declares by the general initiative chain, each defence names the
attack it answers from one pool, resolution goes attack by attack in descending initiative; Boris protects Ratibor
with a weapon block at +1 difficulty and 1 reflex point of activation (a longsword, long). Then the issue's bad input
through `battlelog import`: an attack on a fighter not in the melee, a second defence against the same attack, and
Protect ally from a cell that does not touch both."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.rulesets.skirmish import battle, group
from replay.rulesets.skirmish.model import Declared, Fight
from tests.skirmish.test_bad_input import refused_at_import

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish"
GAME = "skirmish-ally"


def recorded() -> list[dict[str, Any]]:
    return [json.loads(x) for x in (FIXTURES / "ally.jsonl").read_text(encoding="utf-8").splitlines() if x.strip()]


def hand() -> list[dict[str, Any]]:
    return [json.loads(x) for x in (FIXTURES / "hand" / "ally.jsonl").read_text(encoding="utf-8").splitlines()]


def of(kind: str, turn: int | None = None) -> list[dict[str, Any]]:
    return [e["payload"] for e in recorded() if e["type"] == f"skirmish.{kind}" and turn in (None, e["turn"])]


def test_a_fighter_within_reach_of_an_enemy_in_melee_joins_that_melee() -> None:
    assert of("engaged")[0]["fighters"] == ["RAT", "VSE"]
    joined = of("joined")
    assert [(j["melee"], j["fighter"], j["group"]) for j in joined] == [("RAT-VSE", "BOR", "RAT-VSE-BOR")]
    assert joined[0]["why"][0].startswith("BOR comes within reach of VSE at (4, 3) and joins the melee")


def test_the_group_declares_attacks_lowest_initiative_first_then_defences() -> None:
    """Vseslav defends (no general initiative roll, L18): lowest, he declares his attack first; Ratibor and Boris
    (3 successes each) share one step; the defences follow in the same order."""
    phases = [(e["phase"], e["actor"] if e["type"] == "order" else e["payload"].get("actor"))
              for e in recorded() if e["type"] == "skirmish.declared" and e["turn"] == 2]
    assert phases[:5] == [("RAT-VSE-BOR:x1.s1", "VSE"), ("RAT-VSE-BOR:x1.s2", "RAT"), ("RAT-VSE-BOR:x1.s2", "BOR"),
                          ("RAT-VSE-BOR:x1.s4", "RAT"), ("RAT-VSE-BOR:x1.s4", "BOR")]


def test_the_defender_splits_one_pool_among_defences_each_naming_its_attack() -> None:
    x2 = [d for d in of("declared", 2) if d["exchange"] == 2 and d["step"] == "defence"]
    assert [(d["actor"], d["order"]["answers"], d["maneuver"]) for d in x2] == [
        ("VSE", "RAT", "shield_block"), ("VSE", "BOR", "sidestep")]
    assert sum(d["priced"]["paid_R"] for d in x2) == 4


def test_resolution_goes_attack_by_attack_in_descending_initiative_with_part_1s_arithmetic() -> None:
    clashes = [(c["exchange"], c["attacker"], c["target"], c["defence"] and c["defence"]["actor"])
               for c in of("clash", 2)]
    assert clashes == [(1, "VSE", "RAT", "BOR"), (2, "RAT", "VSE", "VSE"), (2, "BOR", "VSE", "VSE")]
    hits = of("hit", 2)
    assert [(h["attacker"], h["target"]) for h in hits] == [("BOR", "VSE")]


def test_m37_protect_ally_is_a_weapon_block_at_plus_one_with_activation_by_length() -> None:
    """L540-542: Boris's longsword is long: 1 reflex point of activation; a weapon block %4 + 1 = %5; the blow he
    stops hits his longsword, not Ratibor."""
    d = next(d for d in of("declared", 2) if d["order"].get("maneuver") == "protect_ally")
    assert (d["actor"], d["maneuver"], d["order"]["answers"], d["priced"]["protects"]) == (
        "BOR", "weapon_block", "VSE", "RAT")
    assert d["priced"]["protect_activation"] == 1 and d["priced"]["activation"] == 1
    assert d["priced"]["difficulty"] == 5 and "+1 protecting an ally (M37, L542)" in d["priced"]["difficulty_mods"]
    assert d["priced"]["paid_R"] == 3 + 1
    blocked = [b for b in of("blocked", 2) if b.get("defender") == "BOR" or b.get("actor") == "BOR"]
    assert blocked, of("blocked", 2)
    assert not [h for h in of("hit", 2) if h["target"] == "RAT"]


def test_the_protector_is_asked_only_from_a_cell_touching_both() -> None:
    """L540: Boris at (4, 3) touches Vseslav (5, 2) and Ratibor (4, 2); at (6, 3) he does not touch Ratibor."""
    created = hand()[0]["payload"]["setup"]
    state = battle.initial(battle.BattleSetup.model_validate(created))
    fighters = {f.id: f for f in state.fighters}
    fight = Fight((replace(fighters["RAT"], cell=(4, 2)), fighters["VSE"], replace(fighters["BOR"], cell=(4, 3))),
                  round=2, exchange=1)
    att = Declared("VSE", 1, "attack", "chop", {"target": "RAT"}, {"weapon": "arming_sword"}, False)
    fight = replace(fight, declared=(att,))
    assert [d.actor for d in group.protectable(fight, "square", "BOR")] == ["VSE"]
    far = fight.with_fighter(replace(fight.fighter("BOR"), cell=(6, 3)))
    assert group.protectable(far, "square", "BOR") == []
    assert group.protect_problems(far, "square", "BOR", att) == [
        "condition_failed (5.4 M37): BOR's cell (6, 3) does not touch RAT's (4, 2): Protect ally needs the "
        "protector beside both the attacker and the ally (L540)"]


def test_the_posts_tell_the_group_and_the_protection_in_both_languages(tmp_path) -> None:
    path = tmp_path / "ally.jsonl"
    path.write_text((FIXTURES / "ally.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    en = CliRunner().invoke(main, ["--db", db, "post", GAME, "--turn", "2", "--lang", "en"]).output
    ru = CliRunner().invoke(main, ["--db", db, "post", GAME, "--turn", "2", "--lang", "ru"]).output
    assert "Melee: Ratibor vs Vseslav vs Boris" in en
    assert "Boris — defence: Protect ally → Ratibor, Weapon block[/b] against Vseslav" in en
    assert "Exchange 1 — order by the general initiative (4.4)" in en
    assert "Борис — защита: Защита союзника → Ратибор, Блок оружием[/b] против Всеслава" in ru
    assert "Всеслав — защита: Увертка (Р)[/b] против Бориса" in ru
    assert "обмен 2 окончен: попаданий 1 из 2 атак" in ru
    one = CliRunner().invoke(main, ["--db", db, "post", GAME, "--turn", "1", "--lang", "ru"]).output
    assert "Борис входит в досягаемость Всеслава в (4, 3) и вступает в идущую схватку" in one
    assert "[англ.]" not in ru + one


# --- bad input through `battlelog import` -----------------------------------------------------------------------

def order(actor: str, turn: int, **payload: Any) -> dict[str, Any]:
    return {"game": GAME, "type": "order", "turn": turn, "actor": actor, "payload": payload}


def upto(log: list[dict[str, Any]], turn: int, pred: Any) -> list[dict[str, Any]]:
    """The log before its first line of `turn` that `pred` picks."""
    k = next(i for i, e in enumerate(log) if e.get("turn") == turn and pred(e))
    return log[:k]


def with_mir(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The fight with Miroslav, Vseslav's side, far from the melee: he defends (no roll) and waits."""
    created = json.loads(json.dumps(log[0]))
    created["payload"]["setup"]["fighters"].append({"sample": "VSE", "id": "MIR", "name": {"ru": "Мирослав",
                                                    "en": "Miroslav"}, "cell": [7, 5], "facing": "W"})
    turn1 = [e for e in log[1:] if e.get("turn") == 1]
    intents = [e for e in turn1 if e["payload"].get("stage") == "intent"]
    return [created, *intents, order("MIR", 1, stage="intent", intent="defend"), *turn1[len(intents):],
            order("MIR", 1, exchange=1, stage="field", act="wait"),
            order("MIR", 1, exchange=2, stage="field", act="wait"), *(e for e in log[1:] if e.get("turn") == 2)]


def far_protector(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Boris starts at (7, 4) and walks to (6, 3): beside Vseslav (5, 2), not beside Ratibor (4, 2)."""
    created = json.loads(json.dumps(log[0]))
    created["payload"]["setup"]["fighters"][1].update(cell=[7, 4], facing="W")
    moved = [json.loads(json.dumps(e)) for e in log[1:]]
    for e in moved:
        if e["actor"] == "BOR" and e["payload"].get("act") == "move":
            e["payload"]["path"] = [[6, 3]]
    return [created, *moved]


def is_protect(e: dict[str, Any]) -> bool:
    return e["payload"].get("maneuver") == "protect_ally"


CASES = {
    "an attack on a fighter not in the melee": (
        lambda: upto(with_mir(hand()), 2, lambda e: e["actor"] == "RAT"),
        order("BOR", 2, exchange=1, step="attack", maneuver="thrust", target="MIR", zone="upper_torso",
              dice={"reflex": 0, "skill": 4}),
        ["4.4: BOR's attack names no target in this melee (one of VSE)"]),
    "a second defence against the same attack": (
        lambda: upto(hand(), 2, lambda e: e["type"] == "roll" and e["payload"].get("exchange") == 2),
        order("VSE", 2, exchange=2, step="defence", maneuver="sidestep", answers="RAT", dice={"reflex": 1, "skill": 0}),
        ["A-09: VSE already answers RAT's attack (one defence per incoming attack)"]),
    "a second defence beyond what is left of the one pool": (
        lambda: upto(hand(), 2, lambda e: e["payload"].get("answers") == "BOR" and e["type"] == "order"),
        order("VSE", 2, exchange=2, step="defence", maneuver="sidestep", answers="BOR", dice={"reflex": 5, "skill": 0}),
        ["4.4: VSE's defences together ask R7 S0, the pool has R5 S0 (one pool split among the defences)"]),
    "a defence that names no attack": (
        lambda: upto(hand(), 2, lambda e: e["type"] == "roll" and e["payload"].get("exchange") == 2),
        order("VSE", 2, exchange=2, step="defence", maneuver="sidestep", dice={"reflex": 1, "skill": 0}),
        ["4.4: VSE's defence names the attack it answers"]),
    "protect ally from a cell that does not touch both": (
        lambda: upto(far_protector(hand()), 2, is_protect),
        next(e for e in hand() if is_protect(e)),
        ["condition_failed (5.4 M37): BOR's cell (6, 3) does not touch RAT's (4, 2)"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_in_a_melee_of_several_is_refused_naming_the_rule(case: str, tmp_path: Path) -> None:
    base, bad, said = CASES[case]
    out, db, path = refused_at_import([*base(), bad], said, tmp_path)
    assert out.exit_code == 2, out.output
    ru = CliRunner().invoke(main, ["--db", db, "--lang", "ru", "import", str(path)])
    assert ru.exit_code == 2 and "[англ.]" not in ru.output and "engl" not in ru.output, ru.output


def test_m37_activation_by_weapon_length_l540() -> None:
    """L540: «3 очка рефлекса для короткого и ручного оружия, 2 для среднего оружия и щитов, 1 для длинного …»."""
    created = hand()[0]["payload"]["setup"]
    state = battle.initial(battle.BattleSetup.model_validate(created))
    fight = Fight(tuple(state.fighters), round=2, exchange=1)
    block = {"maneuver": "weapon_block"}
    assert group.protect_activation(fight, "RAT", {**block, "weapon": "longsword"}) == 1  # long
    assert group.protect_activation(fight, "RAT", {**block, "weapon": "dagger"}) == 3  # hand
    assert group.protect_activation(fight, "VSE", {**block, "weapon": "arming_sword"}) == 2  # medium
    assert group.protect_activation(fight, "VSE", {"maneuver": "shield_block", "weapon": "shield"}) == 2  # a shield


def test_a_fighter_out_ends_the_melee_of_several_and_the_battle_ends_with_one_side_standing() -> None:
    """Round 3: Vseslav, helpless, takes both blows and fails his knockout check; at the round's end the group's
    melee is over (its fighters loose again) and the blue side stands (6.5)."""
    (ended,) = of("fight_ended", 3)
    assert ended["out"] == {"VSE": "unconscious"} and ended["winner"] is None
    assert ended["why"] == ["VSE out: the melee of several fighters is over; standing: RAT, BOR (4.4)"]
    assert of("field_round_ended", 3)[0]["parted"] == ["RAT-VSE-BOR"]
    (battle_ended,) = of("battle_ended")
    assert (battle_ended["winner"], battle_ended["standing"]) == ("blue", ["RAT", "BOR"])
