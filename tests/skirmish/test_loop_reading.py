"""L689 reads the wrist loop under Disarm (M54) only: «Если оружие врага имеет петлю на рукояти, то оно повисает на
руке». The rulebook says nothing of a loop under a knock-aside (M42, L584: «оружие падает на пол») or a block (M34);
the engine reads L689 as written (PROPOSED, docs/skirmish.md M50): there the weapon falls to the floor (the option
`wrist_loop_holds: "knock_and_block"` lets the loop hold there too: test_wrist_loop_option.py)."""

from __future__ import annotations

from tests.skirmish.kit import payloads, why_stopped
from tests.skirmish.test_rules3 import knock_aside_round

SABRE = {"weapons": [{"id": "sabre", "type": "sabre", "hands": ["right"]}]}


def test_l689_a_sabre_knocked_aside_falls_to_the_floor_its_loop_holds_only_against_a_disarm():
    state, rnd = knock_aside_round(SABRE, ("chop", "upper_torso", {"reflex": 1}), [9, 9, 9], [2])
    stop = rnd.choice("VSE", "feint", "no", exchange=1).roll("VSE", "fortitude", [2, 2, 2]).resolve(state)
    knocked = payloads(stop, "knocked_aside")
    assert knocked and knocked[0]["dropped"], why_stopped(stop)
    assert stop.state.fighter("VSE").weapon_by_id("sabre").state == "dropped"  # not "hanging"
