"""4.4 several fighters in one melee (PROPOSED): two swordsmen on one, the rules as pure functions."""

from __future__ import annotations

from replay.rulesets.skirmish import melee_group as g

SIDES = {"A": "red", "B": "red", "V": "blue"}


def atk(actor: str, target: str, r: int = 1, s: int = 3) -> dict:
    return {"actor": actor, "target": target, "dice": {"reflex": r, "skill": s}}


def dfn(actor: str, answers: str, r: int = 1, s: int = 2) -> dict:
    return {"actor": actor, "answers": answers, "dice": {"reflex": r, "skill": s}}


def test_an_attack_names_an_enemy_in_the_melee() -> None:
    assert g.attack_problems(SIDES, atk("A", "V")) == []
    assert "same side" in g.attack_problems(SIDES, atk("A", "B"))[0]
    assert "no target" in g.attack_problems(SIDES, {"actor": "A"})[0]


def test_the_defenders_pool_is_split_among_the_defences() -> None:
    attacks = [atk("A", "V"), atk("B", "V")]
    assert g.defence_problems(attacks, [dfn("V", "A"), dfn("V", "B")], "V", (2, 4)) == []
    over = g.defence_problems(attacks, [dfn("V", "A"), dfn("V", "B", s=3)], "V", (2, 4))
    assert over == ["4.4: V's defences together ask R2 S5, the pool has R2 S4 (one pool split among the defences)"]


def test_one_defence_per_incoming_attack_and_only_against_attacks_aimed_at_the_defender() -> None:
    attacks = [atk("A", "V")]
    assert "twice" in g.defence_problems(attacks, [dfn("V", "A", 0, 1), dfn("V", "A", 0, 1)], "V", (5, 5))[0]
    assert "not aimed" in g.defence_problems(attacks, [dfn("V", "B")], "V", (5, 5))[0]
    assert "A-09" in g.defence_problems([atk("V", "A"), atk("A", "V")], [dfn("V", "A")], "V", (5, 5))[0]


def test_resolution_goes_attack_by_attack_in_descending_initiative() -> None:
    attacks = [atk("A", "V"), atk("B", "V")]
    pairs = g.attack_pairs({"A": 1, "B": 3, "V": 2}, attacks, [dfn("V", "A")])
    assert [(a["actor"], d and d["answers"]) for a, d in pairs] == [("B", None), ("A", "A")]
