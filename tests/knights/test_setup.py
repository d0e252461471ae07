"""§3 Подготовка к бою: roles, edges, Limits, deployment and Ladies in turn 0, with their legality."""

from __future__ import annotations

import pytest

from eventlog.envelope import Draft
from replay.inputs import Inputs, TurnInputs, Waiting
from replay.rulesets.knights import derive
from replay.rulesets.knights.model import KnightsOptions
from tests.knights.knights_kit import RULES, event, of, resolve, roll, setup

LIMITS = [
    ("alice", {"kind": "limits", "knight": "r1", "rects": [[8, 0, 14, 8]]}),
    ("bob", {"kind": "limits", "knight": "b1", "rects": [[10, 10, 12, 16], [12, 10, 14, 16], [14, 10, 16, 16]]}),
    ("alice", {"kind": "limits", "knight": "r2", "rects": [[4, 16, 8, 20], [16, 18, 20, 22]]}),
    ("bob", {"kind": "limits", "knight": "b2", "rects": [[16, 16, 24, 22]]}),
    ("alice", {"kind": "limits", "knight": "r3", "rects": [[0, 10, 2, 16], [2, 10, 4, 16], [0, 0, 2, 6]]}),
    ("bob", {"kind": "limits", "knight": "b3", "rects": [[18, 10, 22, 14], [6, 20, 10, 24]]}),
]
DEPLOY = [
    ("alice", {"kind": "deploy", "knight": "r1", "pose": {"x": 1, "y": 5, "f": 2}}),
    ("bob", {"kind": "deploy", "knight": "b1", "pose": {"x": 22, "y": 5, "f": 6}}),
    ("alice", {"kind": "deploy", "knight": "r2", "pose": {"x": 1, "y": 12, "f": 2}}),
    ("bob", {"kind": "deploy", "knight": "b2", "pose": {"x": 22, "y": 12, "f": 6}}),
    ("alice", {"kind": "deploy", "knight": "r3", "pose": {"x": 1, "y": 19, "f": 2}}),
    ("bob", {"kind": "deploy", "knight": "b3", "pose": {"x": 22, "y": 19, "f": 6}}),
]
LADY = [("bob", {"kind": "lady", "lady": "lady:r3", "cell": [12, 3]})]


def inputs(items):
    return [event("order", p, 0, a) for a, p in items]


def initial(**over):
    return RULES.initial(setup(**over), KnightsOptions())


def check(state, recorded, actor, payload, type_="order"):
    return RULES.check_input(state, TurnInputs(0, tuple(recorded)), Draft(type_, payload, 0, actor),
                             KnightsOptions())


def test_the_whole_setup_resolves_as_one_turn_0():
    drafts, st = resolve(initial(), 0, inputs(LIMITS + DEPLOY + LADY))
    types = [d.type for d in drafts]
    assert types == (["knights.roles", "knights.edges"] + ["knights.limits"] * 6 + ["knights.deploy"] * 6
                     + ["knights.lady", "knights.end_of_turn"])
    assert st.turn == 1 and RULES.current_turn(st) == 1
    assert len(st.limits) == 1 + 3 + 2 + 1 + 3 + 2  # K15: one placement per knight, 12 rectangles
    assert all(k.location == "field" and k.accel == 1 for k in st.knights)
    # KX-1: mass 6, damage 0, accel 1, speed 1 (none starts in its own Limits here)
    assert all(derive.mass(st, k) == 6 and derive.speed(st, k) == 1 for k in st.knights)
    assert st.lady("lady:r3").cell == (12, 3)


def test_speed_two_when_deployed_in_own_limits():
    # KX-1 (b): r3 (water) deployed on its own water Limits [0,2]×[10,16] ∪ [2,4]×[10,16]
    deploy = [x if x[1]["knight"] != "r3" else ("alice", {"kind": "deploy", "knight": "r3",
                                                          "pose": {"x": 1, "y": 14, "f": 2}}) for x in DEPLOY]
    drafts, st = resolve(initial(), 0, inputs(LIMITS + deploy + LADY))
    d = [p for p in of(drafts, "knights.deploy") if p["knight"] == "r3"][0]
    assert d["in_own_domain"] and d["speed"] == 2


def test_lady_carried_at_turn_0_makes_a_kidnapper():
    lady = [("bob", {"kind": "lady", "lady": "lady:r3", "carrier": "b3"})]
    _, st = resolve(initial(), 0, inputs(LIMITS + DEPLOY + lady))
    assert st.lady("lady:r3").carrier == "b3" and st.lady("lady:r3").kidnapper == "b3"
    assert derive.mass(st, st.knight("b3")) == 7  # KX-3: carrying a Lady at full health


def test_roles_and_edges_by_lot():
    st = initial(challenger=None, edges=None)
    lots = [roll("lot_roles", 2, turn=0), roll("lot_edges", 1, turn=0)]
    # 2: bob (the second lance) is the Challenger and places first; 1: alice owns the left edge
    assert check(st, [], "alice", LIMITS[0][1]) == ["§3: first roll 1d2 for lot_roles (§3.1, §3.3)"]
    assert check(st, lots, "alice", LIMITS[0][1]) == [
        "§3.3: players alternate, Challenger first: next is bob: place the Limits of one knight (§3.3)"]
    drafts, st2 = resolve(st, 0, lots + inputs(LIMITS + DEPLOY + LADY))
    assert of(drafts, "knights.roles")[0]["challenger"] == "bob"
    assert of(drafts, "knights.edges")[0]["edges"] == {"alice": "left", "bob": "right"}
    assert [p["player"] for p in of(drafts, "knights.limits")][:2] == ["bob", "alice"]
    assert st2.lance("bob").role == "challenger"


def test_live_setup_waits_for_the_next_placement():
    ins = Inputs(TurnInputs(0, tuple(inputs(LIMITS[:3]))), draw=lambda d: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(Waiting) as w:
        RULES.resolve(initial(), 0, ins, KnightsOptions())
    assert w.value.actor == "bob" and "Limits" in w.value.what and w.value.options == ["b2", "b3"]


# --- bad setup input -------------------------------------------------------------------------------------------


def test_water_limit_of_wrong_size():
    st = initial()
    bad = {"kind": "limits", "knight": "b1", "rects": [[10, 10, 13, 16], [12, 10, 14, 16], [14, 10, 16, 16]]}
    problems = check(st, inputs(LIMITS[:1]), "bob", bad)
    assert problems == ["§5 Домены: a water limit is 2×6, not 3×6 (limit 1)"]


def test_water_may_not_overlap_rock():
    st = initial()
    bad = {"kind": "limits", "knight": "r3", "rects": [[10, 10, 12, 16], [0, 0, 2, 6], [2, 0, 4, 6]]}
    done = inputs(LIMITS[:4])
    ok = check(st, done, "alice", LIMITS[4][1])
    assert ok == []
    rock_done = inputs(LIMITS[:4])  # r2's rock at [4,16,8,20] and [16,18,20,22]
    bad = {"kind": "limits", "knight": "r3", "rects": [[4, 14, 6, 20], [0, 0, 2, 6], [2, 0, 4, 6]]}
    problems = check(st, rock_done, "alice", bad)
    assert problems[0] == ("§5 Домены: water limit 1 [4, 14, 6, 20] overlaps the rock limit L5 [4, 16, 8, 20]: "
                           "water and rock may not intersect")


def test_water_must_touch_water_or_the_edge():
    st = initial()
    bad = {"kind": "limits", "knight": "r3", "rects": [[0, 10, 2, 16], [5, 2, 7, 8], [0, 0, 2, 6]]}
    problems = check(st, inputs(LIMITS[:4]), "alice", bad)
    assert problems == ["§5 Домены: water limit 2 [5, 2, 7, 8] touches neither another water limit nor the "
                        "field's edge (K14)"]


def test_corner_contact_is_not_touching():
    st = initial()
    bad = {"kind": "limits", "knight": "r3", "rects": [[0, 10, 2, 16], [2, 16, 4, 22], [0, 0, 2, 6]]}
    problems = check(st, inputs(LIMITS[:4]), "alice", bad)
    assert any("water limit 2" in p for p in problems)


def test_wrong_count_and_beyond_the_edge():
    st = initial()
    assert check(st, [], "alice", {"kind": "limits", "knight": "r1", "rects": []}) == [
        "§5 Домены: a forest Domain places 1 Limit(s) at once, not 0 (§3.3)"]
    problems = check(st, [], "alice", {"kind": "limits", "knight": "r1", "rects": [[20, 0, 26, 8]]})
    assert problems == ["§5 Домены: limit 1 [20, 0, 26, 8] goes beyond the field's edge (K14)"]


def test_limits_alternate_challenger_first():
    st = initial()
    assert check(st, [], "bob", LIMITS[1][1])[0].startswith("§3.3: players alternate, Challenger first: next is alice")
    assert check(st, inputs(LIMITS[:1]), "alice", LIMITS[2][1])[0].startswith(
        "§3.3: players alternate, Challenger first: next is bob")


def test_deployment_outside_the_2f_band():
    st = initial()
    bad = {"kind": "deploy", "knight": "r1", "pose": {"x": 4, "y": 5, "f": 2}}
    assert check(st, inputs(LIMITS), "alice", bad) == [
        "§3.3: Sir Aster at (4,5,E) is 3 F from the left edge, more than 2 F (K17)"]
    right = {"kind": "deploy", "knight": "b1", "pose": {"x": 20, "y": 5, "f": 6}}
    assert check(st, inputs(LIMITS + DEPLOY[:1]), "bob", right) == [
        "§3.3: Dame Tide at (20,5,W) is 3 F from the right edge, more than 2 F (K17)"]


def test_diagonal_deployment_counts_the_nearest_point():
    # K17: nearest point within 2 F, so a diagonal knight fits
    st = initial()
    ok = {"kind": "deploy", "knight": "r1", "pose": {"x": 2, "y": 5, "f": 1}}
    assert check(st, inputs(LIMITS), "alice", ok) == []


def test_deployment_overlap_and_outside():
    st = initial()
    done = inputs(LIMITS + DEPLOY[:2])
    overlap = {"kind": "deploy", "knight": "r2", "pose": {"x": 1, "y": 6, "f": 2}}
    assert check(st, done, "alice", overlap) == [
        "§1.2: Sir Moss at (1,6,E) would overlap Sir Aster (C5: touching is fine)"]
    touching = {"kind": "deploy", "knight": "r2", "pose": {"x": 1, "y": 7, "f": 2}}
    assert check(st, done, "alice", touching) == []
    outside = {"kind": "deploy", "knight": "r2", "pose": {"x": 0, "y": 12, "f": 2}}
    assert check(st, done, "alice", outside) == ["§3.3: Sir Moss at (0,12,E) is not fully inside the field (K17)"]


def test_lady_is_placed_by_the_opponent():
    st = initial()
    done = inputs(LIMITS + DEPLOY)
    assert check(st, done, "alice", {"kind": "lady", "lady": "lady:r3", "cell": [1, 1]})[0].startswith(
        "§3.3: players alternate")
    assert check(st, done, "bob", {"kind": "lady", "lady": "lady:r3", "carrier": "r1"}) == [
        "§6.2 Любовь: the carrier 'r1' must be one of bob's knights"]
    assert check(st, done, "bob", {"kind": "lady", "lady": "lady:r3", "cell": [24, 1]}) == [
        "§6.2 Любовь: cell [24, 1] must be [i, j] with 0 ≤ i, j ≤ 23 (K36)"]


def test_setup_validation():
    bad = setup()
    bad["lances"][0]["knights"][1]["oath"] = "leadership"
    problems = RULES.validate_setup(bad)
    assert len(problems) == 1 and "§3.2" in problems[0]
    assert RULES.validate_setup(setup()) == []
