"""Formation combat as played rules (5.12, L1189-1195, A-58, A-58b): the Reflex drill cap on the pools, two partners
per cell, partner cover without Protect ally, the attack penalty against a partner pair."""

from __future__ import annotations

from dataclasses import replace

from replay.rulesets.skirmish import battle, battle_events, formation, pools
from tests.skirmish.test_part2 import problems, started


def formed(state: battle.Battle, members: list[str], partners: list[list[str]], cap: int) -> battle.Battle:
    from eventlog.envelope import Event

    e = Event(seq=1, game="g", type="skirmish.formed", turn=1, actor=None, cause=None, at="", prev="", hash="",
              payload={"commander": "VSE", "members": members, "partners": partners, "cap": cap, "size": 4,
                       "why": [], "rule": ["5.12"], "defaults": []})
    return battle.evolve(state, e)  # type: ignore[return-value]


def test_the_drill_cap_holds_reflex_on_the_pools() -> None:
    state = replace(started(), round=1)
    before = pools.caps(state.fighter("BOR"), 1, 1)[0]
    assert before > 2
    after = formed(state, ["BOR", "RAT"], [["BOR", "RAT"]], 2)
    assert pools.caps(after.fighter("BOR"), 1, 1)[0] == 2  # Reflex ≤ the lowest effective Army Etiquette
    assert pools.caps(after.fighter("BOR"), 5, 2)[0] == 2  # for as long as the formation stands
    assert pools.caps(after.fighter("MIR"), 1, 1)[0] == pools.caps(state.fighter("MIR"), 1, 1)[0]  # not a member
    again = formed(after, ["BOR", "RAT"], [["BOR", "RAT"]], 2)
    assert pools.caps(again.fighter("BOR"), 1, 1)[0] == 2  # held once, not twice
    assert formation.reflex_held(state.fighter("BOR"), 99, 1) is state.fighter("BOR")  # a cap above: nothing


def test_two_partners_share_a_cell_a_third_does_not() -> None:
    state = replace(started(), loose=tuple(replace(f, cell=(1, 2)) if f.id == "BOR" else f for f in started().loose))
    move = {"exchange": 1, "stage": "field", "act": "move", "gait": "walk", "path": [[1, 1]]}
    assert problems(state, "BOR", move)  # one fighter per cell outside a formation
    paired = formed(state, ["BOR", "RAT"], [["BOR", "RAT"]], 7)
    assert formation.partner_cells(paired, "BOR") == {(1, 1)}
    assert problems(paired, "BOR", move) == []  # L1189: two partner warriors in each cell
    crowded = replace(paired, loose=tuple(replace(f, cell=(1, 1)) if f.id == "BOR" else f for f in paired.loose))
    assert formation.partner_cells(crowded, "MIR") == set()


def test_partners_in_one_cell_are_the_pair_a_melee_knows() -> None:
    state = formed(started(), ["BOR", "RAT"], [["BOR", "RAT"]], 7)
    assert formation.in_cell(state, ("BOR", "RAT", "MIR")) == ()  # apart: no pair in one cell
    shared = replace(state, loose=tuple(replace(f, cell=(1, 1)) if f.id == "BOR" else f for f in state.loose))
    assert formation.in_cell(shared, ("BOR", "RAT", "MIR")) == (("BOR", "RAT", "long"), ("RAT", "BOR", "long"))
    assert formation.partner_penalty((1, 3)) == 3  # A-58b: the larger
    assert battle_events.HANDLERS["skirmish.formed"] is battle_events.formed
