"""Rulebook rows that no scenario reached: each test names the rule (source §, spec K-id or Clarification C-id) it
pins down. The traceability table in docs/knights.md ("Rules and where they are tested") points here."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from replay.inputs import Inputs, MissingInput, TurnInputs, Waiting
from replay.rulesets.knights import derive
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.check import check_limits, check_order
from replay.rulesets.knights.model import KnightsOptions, Lady, Pose
from replay.rulesets.knights.resolve import accounting, end_reason, loyalty
from replay.rulesets.knights.steps import Ctx
from tests.knights.knights_kit import RULES, choice, knight_spec, of, order, resolve, state

ALL_BUT_FULL_AHEAD = ("smooth_turn", "sharp_turn", "drop_speed", "raise_shields", "en_garde")


def far_bob(kid: str = "bx1"):
    return order("bob", knight=kid, action="drop_speed")


def far_alice(kid: str = "ax1"):
    return order("alice", knight=kid, action="drop_speed")


def pose(st, kid: str):
    p = st.knight(kid).pose
    return None if p is None else (p.x, p.y, p.f)


def asked(st0, inputs: list, options: KnightsOptions | None = None, limit: int = 12) -> list[tuple[str, str]]:
    """The choices a live resolution asks for, in order (C2): each answered by the recorded one, in turn."""
    seen: list[tuple[str, str]] = []
    given = list(inputs)
    pending = [x for x in given if x.type == "choice"]
    base = [x for x in given if x.type != "choice"]
    used: list = []
    for _ in range(limit):
        try:
            resolve(st0, 5, base + used, options, live=True)
            return seen
        except Waiting as w:
            seen.append((w.actor, w.what))
            name = w.what.split(" for ")[0].replace(" ", "_")
            nxt = next((c for c in pending if c.payload["name"] == name and c not in used), None)
            assert nxt is not None, (w.what, seen)
            used.append(nxt)
    raise AssertionError(seen)


# --- §6.2 Клятва Верности: «Принять удар за товарища!» ----------------------------------------------------------


def ks5():
    return state([knight_spec("E", "alice", "rock", "love", (7, 12, "E")),
                  knight_spec("L", "bob", "forest", "leadership", (11, 12, "E"), accel=0),
                  knight_spec("G", "bob", "water", "loyalty", (11, 15, "E"), accel=1)])


def ttb(step1: dict, direction: str = "N") -> list:
    return [order("alice", knight="E", action="full_ahead"), order("bob", knight="bx2", action="drop_speed"),
            choice("bob", "take_the_blow", "use", knight="G"),
            choice("bob", "take_the_blow_pose", step1, knight="G"),
            choice("bob", "take_the_blow_direction", direction, knight="G"),
            choice("alice", "push_direction", "E", knight="G"), choice("bob", "damage", "en_garde", knight="G")]


def test_take_the_blow_step_one_may_overlap_the_ally_by_less_than_half():
    # §6.2 step 1 "соприкасался Фронтом или Флангом", spec §5.8: touching, no ≥ ½ F² overlap with anyone (K59:
    # a standing overlap under ½ F² is touching). G's apex dips 0.5 F into L's apex: overlap 1/16 F².
    st0 = ks5()
    overlapping = Pose(12.5, 12, 6)
    assert 0 < g.overlap(derive.poly(overlapping), derive.poly(st0.knight("L").pose)) < 0.5
    drafts, _ = resolve(st0, 5, ttb(overlapping.json()))
    (tb,) = of(drafts, "knights.take_the_blow")
    assert tb["success"] and tb["step1"] == {"x": 12.5, "y": 12, "f": 6}
    # half a square foot or more is "occupying the ally's space" (§1.2): refused
    deep = Pose(11.5, 12, 6)
    assert g.overlap(derive.poly(deep), derive.poly(st0.knight("L").pose)) >= 0.5
    with pytest.raises(MissingInput, match="take_the_blow_pose"):
        resolve(st0, 5, ttb(deep.json()))


def test_take_the_blow_records_where_the_loyal_knight_and_the_ally_started():
    drafts, _ = resolve(ks5(), 5, ttb({"x": 13, "y": 12, "f": 6}))
    (tb,) = of(drafts, "knights.take_the_blow")
    assert tb["loyal_from"] == {"x": 11, "y": 15, "f": 2} and tb["ally_from"] == {"x": 11, "y": 12, "f": 2}
    assert tb["step1"] == {"x": 13, "y": 12, "f": 6} and tb["step2"]["ally_to"] == {"x": 11, "y": 10, "f": 2}
    assert tb["step3"] == tb["ally_from"] and tb["placed_by"] == "rule"
    assert tb["why"][0] == "step 1: G (11,15,E) → (13,12,W), touching L with its Front or Flank"


def walled(w2: tuple[float, float, str] = (11, 15.5, "N")):
    """K-S5 with Red's W1 above and W2 below L, G one foot east of L's apex: after step 1 only SE takes L 2 F clear of
    everyone but G; with W2 one half-foot higher no direction does."""
    return state([knight_spec("E", "alice", "rock", "love", (7, 12, "E")),
                  knight_spec("L", "bob", "forest", "leadership", (11, 12, "E"), accel=0),
                  knight_spec("G", "bob", "water", "loyalty", (14, 12, "W"), accel=1),
                  knight_spec("W1", "alice", "forest", "bravery", (11, 9, "S")),
                  knight_spec("W2", "alice", "water", "mercy", w2)])


def test_a_forced_take_the_blow_direction_is_applied_and_said_forced():
    # C1: one legal option → no choice event needed, "forced" in `why`
    st0 = walled()
    base = ttb({"x": 13, "y": 12, "f": 6})
    drafts, _ = resolve(st0, 5, [x for x in base if x.payload.get("name") != "take_the_blow_direction"])
    (tb,) = of(drafts, "knights.take_the_blow")
    assert tb["step2"]["dir"] == "SE" and tb["success"]
    assert tb["why"][1] == "step 2: L moves 2 F SE (forced)"
    with pytest.raises(MissingInput, match="take_the_blow_direction"):  # a recorded one must name it (C1)
        resolve(st0, 5, base)


def test_a_failed_rescue_rams_the_ally_and_still_counts_as_used():
    # §6.2 step 2 "Если такое передвижение невозможно, попытка спасения проваливается"; K46: used all the same
    st0 = walled((11, 15, "N"))
    inputs = [order("alice", knight="E", action="full_ahead"), order("bob", knight="bx2", action="drop_speed"),
              choice("bob", "take_the_blow", "use", knight="G"),
              choice("bob", "take_the_blow_pose", {"x": 13, "y": 12, "f": 6}, knight="G"),
              choice("alice", "push_direction", "E", knight="L"), choice("bob", "damage", "en_garde", knight="L")]
    drafts, st = resolve(st0, 5, inputs)
    (tb,) = of(drafts, "knights.take_the_blow")
    assert not tb["success"] and tb["step2"]["result"] == "failed" and tb["step3"] is None
    (r,) = of(drafts, "knights.ram")
    assert r["target"] == "L" and not r["loyalty_override"]
    assert pose(st, "G") == (13, 12, 6)  # G stays where step 1 put it
    assert st.knight("G").used_take_the_blow or st.knight("G").oath_count == 0  # reset at the end of the turn


def test_step_three_fallback_is_unreachable_a_two_foot_move_keeps_under_half_of_the_old_place():
    # docs/knights.md "Take the blow, step 3": after step 2 the only knight that can cover the ally's former pose
    # is the ally itself, moved by one 2 F lattice displacement (K2, K49); it keeps at most 3 − 2√2 ≈ 0.17 F².
    worst = 0.0
    for f in range(8):
        tri = g.triangle(0, 0, f)
        for gdir in range(8):
            dx, dy = g.displacement(2, gdir)
            worst = max(worst, g.overlap(tri, g.translate(tri, dx, dy)))
    assert worst == pytest.approx(3 - 2 * math.sqrt(2)) and worst < 0.5


def test_loyalty_counts_enemy_functions_damaged_this_turn_by_any_cause():
    # §6.2 Верность "+3 … за каждую Функцию Рыцаря из вражеского Лэнса, Повреждённую на том-же Ходу" (K50)
    st0 = ks5()
    st0 = replace(st0, knights=tuple(
        replace(k, used_take_the_blow=True, functions_lost=1, damaged=frozenset({"raise_shields"}),
                modules_destroyed=1) if k.id == "G" else
        replace(k, functions_lost=2) if k.id == "E" else k for k in st0.knights))
    ctx = Ctx(st0, Inputs(TurnInputs(5, ())), KnightsOptions(), 5)
    loyalty(ctx)
    (item,) = ctx.state.pending
    assert item["honor"] == 2 * 1 + 3 * 1 + 3 * 2
    assert item["terms"] == [{"kind": "functions_lost", "honor": 2, "count": 1, "per": 2},
                             {"kind": "modules_destroyed", "honor": 3, "count": 1, "per": 3},
                             {"kind": "enemy_functions", "honor": 6, "count": 2, "per": 3}]


# --- structured payloads (frame/post read data, not text) -------------------------------------------------------


def test_div_reason_is_null_without_halving_and_modifiers_carry_ids():
    from tests.knights.test_scenarios import ks1

    drafts, _ = resolve(ks1(), 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                                   choice("alice", "push_direction", "E", knight="T"),
                                   choice("alice", "sidestep", "left", knight="A")])
    (r,) = of(drafts, "knights.ram")
    for v in (r["impetus"], r["resistance"]):
        assert v["div"] == 1 and v["div_reason"] is None and v["halving"] is None
    assert r["resistance"]["mods"] == [
        {"value": 2, "reason": "target's Front nearest", "rule": "§4.3 Шаг 3", "applied": True,
         "kind": "front_nearest", "knight": "T", "part": "front", "toward": "A"},
        {"value": 1, "reason": "en garde (front)", "rule": "§4.3 Ан гард!", "applied": True,
         "kind": "en_garde", "side": "target", "knight": "T", "part": "front"}]


def test_halving_names_the_knight_whose_rear_is_nearest():
    from tests.knights.test_scenarios import ks2

    drafts, _ = resolve(ks2(), 5, [order("alice", knight="M", action="full_ahead"), far_bob(),
                                   choice("alice", "push_direction", "E", knight="V"),
                                   choice("alice", "spare", "spare", knight="M")])
    (r,) = of(drafts, "knights.ram")
    assert r["resistance"]["div"] == 2 and r["resistance"]["div_reason"] == "target's Rear nearest the attacker's Front"
    assert r["resistance"]["halving"] == {"knight": "V", "part": "rear", "toward": "M", "override": False}
    (dom,) = [m for m in r["impetus"]["mods"] if m["kind"] == "domain"]
    assert dom["domain"] == "rock" and dom["side"] == "attacker" and dom["knights"] == ["M"]
    (mercy,) = [o for o in of(drafts, "knights.oath") if o["oath"] == "mercy"]
    assert mercy["terms"] == [{"kind": "spared_broken", "honor": 5, "target": "V", "ram": 1}]


def test_every_fulfilment_in_the_recorded_games_carries_terms_that_add_up():
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "fixtures" / "knights"
    seen = 0
    for path in root.glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            e = json.loads(line)
            items = list(e["payload"].get("pending_add") or []) if e["type"].startswith("knights.") else []
            if e["type"] == "knights.oath" and e["payload"]["status"] == "accepted":
                items.append(e["payload"])
            for item in items:
                seen += 1
                assert item["terms"] and sum(t["honor"] for t in item["terms"]) == item["honor"], item
    assert seen > 20


# --- §4.3 Шаг 4: every outcome branch, in the order C2 asks its choices ----------------------------------------


def head_on():
    """K-S1's approach at accel 2 (speed 3 after step 1: I = 6 × 3 + 1 = 19) against a shield-less T at accel 0
    (mass 5, speed 1: R = 5 + 2 Front + 1 En Garde = 8): 19 ≥ 16, broken with its Front nearest."""
    return state([knight_spec("A", "alice", "rock", "mercy", (8, 12, "E"), accel=2),
                  knight_spec("T", "bob", "water", "bravery", (12, 12, "W"), accel=0, damaged=("raise_shields",))])


def test_target_broken_front_branch_pushes_2_zeroes_both_and_turns_the_attacker():
    # ◉ "её Фронт ближе…: 2Ф…; Разгон Цели 0; Разгон Атакующего 0 и он обязан повернуться на 45°"
    st0 = head_on()
    inputs = [order("alice", knight="A", action="full_ahead"), far_bob(),
              choice("alice", "push_direction", "E", knight="T"), choice("alice", "rotate", "left", knight="A"),
              choice("alice", "spare", "strike", knight="A"), choice("alice", "damage", "drop_speed", knight="T"),
              choice("bob", "damage", "sharp_turn", knight="T")]
    drafts, st = resolve(st0, 5, inputs)
    (r,) = of(drafts, "knights.ram")
    assert r["parts"]["tp"] == "front" and r["outcome"] == "target_broken"
    assert pose(st, "T") == (14, 12, 6) and st.knight("T").accel == 0
    assert pose(st, "A") == (10, 12, 1) and st.knight("A").accel == 0  # turned 45° left: E → NE
    assert st.knight("T").damaged >= {"drop_speed", "sharp_turn"}
    # C2: push, rotation, Mercy, then the Attacker's damage pick before the Target's
    assert [w for _, w in asked(st0, inputs)] == [
        "push direction for T (T)", "rotate for A (A)", "spare for A (A)", "damage for T (T)", "damage for T (T)"]


def test_target_broken_flank_branch_pushes_3_and_lowers_the_targets_accel():
    # ◉ "её Фланг ближе…: 3Ф…; Разгон Цели уменьшается на 1. Разгон Атакующего падает до 0."
    st0 = state([knight_spec("A", "alice", "rock", "bravery", (8, 12, "E"), accel=2),
                 knight_spec("T", "bob", "water", "mercy", (11, 12, "N"), accel=1)])
    drafts, st = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                                  choice("alice", "push_direction", "E", knight="T"),
                                  choice("bob", "damage", "drop_speed", knight="T")])
    (r,) = of(drafts, "knights.ram")
    assert r["parts"]["tp"] == "flank" and r["outcome"] == "target_broken"
    push = [e for e in r["effects"] if e["kind"] == "push"][0]
    assert push["distance"] == 3 and pose(st, "T") == (14, 12, 0)
    assert st.knight("T").accel == 0 and st.knight("A").accel == 0
    assert not [e for e in r["effects"] if e["kind"] == "rotate"]


def test_attacker_struck_on_a_flank_is_pushed_2_by_the_target_and_loses_a_function():
    # ◐ "соприкасается с Флангом или Тылом Цели: … 2Ф в направлении на выбор Цели. Разгон Атакующего 0, и одна
    # Функция Атакующего на выбор Атакующего повреждается."
    st0 = state([knight_spec("A", "alice", "rock", "bravery", (8, 12, "E"), accel=1),
                 knight_spec("T", "bob", "water", "mercy", (11, 11, "W"), accel=3)])
    drafts, st = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                                  choice("bob", "push_direction", "W", knight="A")])
    (r,) = of(drafts, "knights.ram")
    assert r["parts"]["tc"] == "flank" and r["outcome"] == "attacker_struck"
    assert pose(st, "A") == (9, 12, 2) and st.knight("A").accel == 0  # stopped at x 11, then 2 F west
    assert st.knight("A").damaged == frozenset({"raise_shields"}) and st.knight("T").accel == 3
    assert st.knight("T").honor == 1  # Bloodshed: T struck the attacker (§6.1)


def test_attacker_broken_pushed_by_the_target_then_two_functions_target_pick_first():
    # ○ "Разгон Атакующего 0. … 2Ф в направлении, выбранном Целью. Одна Функция Атакующего на выбор Цели…
    # Затем, одна Функция Атакующего на выбор Атакующего"
    st0 = state([knight_spec("A", "alice", "rock", "bravery", (8, 12, "E"), accel=0,
                             damaged=("raise_shields", "smooth_turn", "sharp_turn")),
                 knight_spec("T", "bob", "water", "mercy", (12, 12, "W"), accel=3)],
                limits=[("water", (11, 9, 13, 15))])
    inputs = [order("alice", knight="A", action="full_ahead"), far_bob(),
              choice("bob", "push_direction", "W", knight="A"), choice("bob", "damage", "drop_speed", knight="A"),
              choice("alice", "damage", "en_garde", knight="A")]
    drafts, st = resolve(st0, 5, inputs)
    (r,) = of(drafts, "knights.ram")
    assert r["outcome"] == "attacker_broken"
    dmg = [e for e in r["effects"] if e["kind"] == "damage"]
    assert (r["impetus"]["value"], r["resistance"]["value"]) == (13, 29)  # 3 × 4 + 1; 6 × 4 + 2 + 1 + 2 water
    assert [(e["function"], e["chosen_by"]) for e in dmg] == [("drop_speed", "bob"), ("en_garde", "alice")]
    assert pose(st, "A") == (8, 12, 2) and st.knight("A").accel == 0 and st.knight("T").honor == 2
    assert asked(st0, inputs) == [("bob", "push direction for A (A)"), ("bob", "damage for A (A)"),
                                  ("alice", "damage for A (A)")]


def test_c3_a_target_pushed_into_the_outflank_still_takes_the_rams_damage():
    st0 = state([knight_spec("A", "alice", "rock", "bravery", (18, 12, "E"), accel=2),
                 knight_spec("T", "bob", "water", "mercy", (22, 12, "W"), accel=0,
                             damaged=("raise_shields",))])
    drafts, st = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"), far_bob(),
                                  choice("alice", "push_direction", "E", knight="T"),
                                  choice("alice", "rotate", "left", knight="A"),
                                  choice("alice", "damage", "en_garde", knight="T"),
                                  choice("bob", "damage", "drop_speed", knight="T")])
    (r,) = of(drafts, "knights.ram")
    assert r["outcome"] == "target_broken"
    assert st.knight("T").location == "outflank"
    assert st.knight("T").damaged == frozenset({"raise_shields", "en_garde", "drop_speed"})


def test_step_5_the_attacker_stops_and_the_targets_own_action_goes_on():
    # §4.3 Шаг 5 "Продолжайте исполнять дальнейшие Шаги оставшихся Действий. Все Шаги Действий Атакующего
    # считаются уже исполненными." — T is acting too (Drop Speed), rammed in round 1, and still takes its steps
    st0 = state([knight_spec("A", "alice", "rock", "bravery", (10, 12, "E")),
                 knight_spec("T", "bob", "water", "mercy", (12, 12, "E"), accel=2)])
    drafts, st = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"),
                                  order("bob", knight="T", action="drop_speed"),
                                  choice("alice", "push_direction", "S", knight="T"),
                                  choice("bob", "damage", "en_garde", knight="T")])
    ends = {e["knight"]: e["reason"] for e in of(drafts, "knights.action_end")}
    assert ends == {"A": "ram", "T": "done"}
    types = [(d.type, d.payload.get("knight")) for d in drafts]
    rammed = types.index(("knights.ram", None))
    assert [i for i, t in enumerate(types) if t == ("knights.move", "A")] == [rammed - 1]  # A's step 1 only
    t_moves = [i for i, t in enumerate(types) if t == ("knights.move", "T")]
    assert len(t_moves) == 4 and t_moves[0] > rammed  # T, now at speed 4 (accel 2, damage 2), takes 4 steps
    assert st.knight("T").accel == 1  # and Drop Speed's −1 at its normal end


# --- §1.1, §1.3, §1.4, §2.2, §2.3, §5 ----------------------------------------------------------------------------


def test_an_outflank_knight_interacts_with_nobody():
    # §1.1 "никак не может взаимодействовать с другими Рыцарями"; K51: no Take the blow from the Outflank
    st0 = state([knight_spec("E", "alice", "rock", "love", (7, 12, "E")),
                 knight_spec("L", "bob", "forest", "leadership", (11, 12, "E"), accel=0),
                 knight_spec("G", "bob", "water", "loyalty", None)])
    drafts, _ = resolve(st0, 5, [order("alice", knight="E", action="full_ahead"),
                                 order("bob", knight="G", action="return_to_battle",
                                       return_pose={"x": 22, "y": 20, "f": 6}),
                                 choice("alice", "push_direction", "N", knight="L"),
                                 choice("bob", "damage", "en_garde", knight="L")])
    assert not of(drafts, "knights.take_the_blow")
    assert of(drafts, "knights.ram")[0]["target"] == "L"


def test_common_oaths_do_not_end_the_battle():
    # §1.3 "Общие Клятвы не учитываются для определения конца партии" (K53)
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))])
    st0 = replace(st0, knights=tuple(replace(k, honor=5) for k in st0.knights))  # Honor from common oaths only
    assert end_reason(st0, 5, KnightsOptions()) is None
    done = replace(st0, knights=tuple(replace(k, oath_count=1) if k.player == "alice" else k for k in st0.knights))
    assert end_reason(done, 5, KnightsOptions()) == "oaths"


def test_a_ram_cannot_be_declared():
    # §4.3 "Таран нельзя заявить в свой ход — другое Действие должно его вызвать"
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))])
    problems = check_order(st0, "alice", {"knight": "K", "action": "ram"}, KnightsOptions())
    assert problems and problems[0].startswith("order: action:")


def test_kx2_speed_is_never_above_9_nor_below_0():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (6, 12, "E"), accel=3, damaged=ALL_BUT_FULL_AHEAD),
                 knight_spec("P", "bob", "water", "love", (20, 12, "W"), accel=0)],
                limits=[("forest", (2, 9, 10, 15))], ladies=[Lady("lady:P", "P", carrier="P")])
    assert derive.speed(st0, st0.knight("K")) == 9
    p = st0.knight("P")
    assert derive.damage(st0, p) == -1 and derive.speed(st0, p) == 0  # K57: max(0, 0 − 1)


def test_kx3_mass_is_the_intact_functions():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (6, 12, "E"),
                             damaged=("raise_shields", "smooth_turn"))])
    k = st0.knight("K")
    assert derive.mass(st0, k) == 4 and derive.damage(st0, k) == 2


def test_kx9_the_domain_is_a_type_not_an_owner():
    # §2.3 "Рыцарь с "Лесным" Доменом будет получать бонусы, даже если находится во владениях вражеского Рыцаря"
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (6, 12, "E"))], limits=[("forest", (2, 9, 10, 15))])
    st0 = replace(st0, limits=tuple(replace(x, placed_by="b1") for x in st0.limits))
    assert derive.in_own_domain(st0, st0.knight("K")) and derive.speed(st0, st0.knight("K")) == 2


def test_accel_never_leaves_0_to_3():
    # §2.2 "Разгон не может быть более 3 и менее 0": Full Ahead at 3 stays 3; Drop Speed at 0 … is not allowed
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (4, 12, "E"), accel=3)])
    drafts, st = resolve(st0, 5, [order("alice", knight="K", action="full_ahead"), far_bob()])
    assert of(drafts, "knights.move")[0]["accel"] == 3


def test_forest_may_overlap_water_and_rock():
    # §5 Лесной "могут пересекаться с Водными и Скальными Пределами"
    st0 = RULES.initial({"lances": [
        {"player": "alice", "name": "R", "knights": [
            {"id": "r1", "name": "a", "domain": "forest", "oath": "bravery"},
            {"id": "r2", "name": "b", "domain": "rock", "oath": "mercy"},
            {"id": "r3", "name": "c", "domain": "water", "oath": "love"}]},
        {"player": "bob", "name": "B", "knights": [
            {"id": "b1", "name": "d", "domain": "forest", "oath": "bravery"},
            {"id": "b2", "name": "e", "domain": "rock", "oath": "mercy"},
            {"id": "b3", "name": "f", "domain": "water", "oath": "love"}]}],
        "challenger": "alice", "edges": {"alice": "left", "bob": "right"}}, KnightsOptions())
    from replay.rulesets.knights.model import Limit

    st0 = replace(st0, limits=(Limit("L1", "water", (0, 0, 2, 6), "r3"), Limit("L2", "rock", (4, 0, 8, 4), "r2")))
    assert check_limits(st0, "alice", {"knight": "r1", "rects": [[0, 0, 6, 8]]}) == []


# --- §6.2 Милосердие, Лидерство, Любовь; K40, K43 -------------------------------------------------------------


def test_mercy_spares_each_enemy_only_once_per_battle():
    # §6.2 "Каждого Рыцаря из вражеского Лэнса можно Пощадить лишь один раз за битву."
    from tests.knights.test_scenarios import ks2

    st0 = ks2()
    st0 = replace(st0, lances=tuple(replace(x, spared=frozenset({"V"})) if x.player == "alice" else x
                                    for x in st0.lances))
    drafts, st = resolve(st0, 5, [order("alice", knight="M", action="full_ahead"), far_bob(),
                                  choice("alice", "push_direction", "E", knight="V"),
                                  choice("alice", "damage", "en_garde", knight="V"),
                                  choice("bob", "damage", "drop_speed", knight="V")])
    (r,) = of(drafts, "knights.ram")
    assert not [e for e in r["effects"] if e["kind"] == "spare"] and not r["spared"]
    assert st.knight("M").mercy_uses == 0


def test_leadership_honor_best_of_the_first_group_plus_followers_touching_enemies():
    # §6.2 Лидерство: 2; +2 touching an enemy (instead +3 struck / +4 broke); +3 one follower touching, +8 both (K33)
    st0 = state([knight_spec("L", "alice", "forest", "leadership", (12, 12, "N")),
                 knight_spec("F1", "alice", "rock", "mercy", (11, 15, "N")),
                 knight_spec("F2", "alice", "water", "bravery", (13, 17, "N")),
                 knight_spec("X", "bob", "water", "bravery", (12, 10, "S")),
                 knight_spec("Y", "bob", "rock", "mercy", (9, 15, "N"))])
    drafts, st = resolve(st0, 5, [order("alice", knight="F2", action="drop_speed"),
                                  order("bob", knight="bx2", action="sharp_turn", turn_dir="left")])
    (oath,) = [o for o in of(drafts, "knights.oath") if o["oath"] == "leadership"]
    assert oath["honor"] == 2 + 2 + 3
    assert [t["kind"] for t in oath["terms"]] == ["base", "touching_enemy", "one_follower_touching"]
    assert oath["terms"][2]["followers"] == ["F1"]


def test_the_lady_token_is_a_limit_for_her_knight_only():
    # §6.2 Любовь "считающимся Пределом своего Рыцаря (и только его)" (K40)
    st0 = state([knight_spec("P", "alice", "water", "love", (10, 10, "N")),
                 knight_spec("Q", "bob", "water", "bravery", (14, 10, "N"))],
                ladies=[Lady("lady:P", "P", cell=(9, 10)), Lady("lady:Z", "Z", cell=(13, 10))])
    assert derive.in_own_domain(st0, st0.knight("P")) and derive.speed(st0, st0.knight("P")) == 2
    assert not derive.in_own_domain(st0, st0.knight("Q"))  # someone else's Lady counts for nobody but her knight


def test_a_once_only_oath_met_twice_in_a_turn_counts_once():
    # K43: the first accepted fulfilment counts, later ones are void; a declined one leaves the next open (K44)
    st0 = state([knight_spec("T", "bob", "water", "bravery", (12, 12, "W"))])
    items = tuple({"knight": "T", "oath": "bravery", "honor": h, "why": [f"{h}"], "ram": n,
                   "terms": [{"kind": "base", "honor": h}]} for n, h in ((1, 3), (2, 8), (3, 1)))
    st0 = replace(st0, pending=items, acting=("T",))
    ctx = Ctx(st0, Inputs(TurnInputs(5, (choice("bob", "oath", "decline", knight="T", oath="bravery"),))),
              KnightsOptions(), 5)
    accounting(ctx)
    statuses = [(d.payload["honor"], d.payload["status"]) for d in ctx.drafts if d.type == "knights.oath"]
    assert statuses == [(0, "declined"), (8, "accepted"), (0, "void")]


# --- Clarifications ------------------------------------------------------------------------------------------------


def test_c4_exactly_two_feet_is_within_formation_and_exact_speed_is_within_loyalty_range():
    st0 = state([knight_spec("L", "alice", "forest", "leadership", (12, 12, "N")),
                 knight_spec("F", "alice", "rock", "mercy", (12, 16, "N"))])
    assert g.dist(derive.poly(st0.knight("L").pose), derive.poly(st0.knight("F").pose)) == pytest.approx(2)
    assert derive.follows(st0, st0.knight("F"), st0.knight("L"))
    # Loyalty range: G at exactly speed 1 from L (K-S5) is eligible — the scenario's take the blow happens
    drafts, _ = resolve(ks5(), 5, ttb({"x": 13, "y": 12, "f": 6}))
    assert of(drafts, "knights.take_the_blow")


def test_k24_losing_the_running_actions_function_ends_that_action():
    # K24: T, rammed during its own Drop Speed, gives up drop_speed as its damage pick: its action ends there
    st0 = state([knight_spec("A", "alice", "rock", "bravery", (10, 12, "E")),
                 knight_spec("T", "bob", "water", "mercy", (12, 12, "E"), accel=2)])
    drafts, st = resolve(st0, 5, [order("alice", knight="A", action="full_ahead"),
                                  order("bob", knight="T", action="drop_speed"),
                                  choice("alice", "push_direction", "S", knight="T"),
                                  choice("bob", "damage", "drop_speed", knight="T")])
    ends = {e["knight"]: e["reason"] for e in of(drafts, "knights.action_end")}
    assert ends == {"A": "ram", "T": "function_damaged"}
    assert not [m for m in of(drafts, "knights.move") if m["knight"] == "T"]
    assert st.knight("T").accel == 2  # no trailing −1: the action was cut short (K20)
