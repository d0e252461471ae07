"""Mechanics the scenarios do not reach: the Lady's pickup, drops and placement (§6.2 Любовь), Take the blow's
fallback placement (§6.2 Верность, step 3), re-choosing a Return pose (§1.1, K12), and every house-rule option of
KnightsOptions (each changes what it claims; the default is the same as giving no option)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.inputs import MissingInput, TurnInputs, Waiting
from replay.rulesets.knights import derive
from replay.rulesets.knights.check import return_problems
from replay.rulesets.knights.lady import lady_cells
from replay.rulesets.knights.model import KnightsOptions, Lady, Pose
from replay.rulesets.knights.resolve import end_reason
from tests.knights.knights_kit import RULES, choice, knight_spec, of, order, resolve, roll, setup, state


def far_bob(kid: str = "bx1"):
    return order("bob", knight=kid, action="drop_speed")


def pose(st, kid: str):
    p = st.knight(kid).pose
    return None if p is None else (p.x, p.y, p.f)


# --- the Lady (§6.2 Клятва Любви) --------------------------------------------------------------------------------


def lady_on_path():
    """Red K rides east along y = 10; Blue's Love knight Z's Lady stands on cell [12, 9], on K's path."""
    return state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E")),
                  knight_spec("Z", "bob", "water", "love", (20, 20, "W"))],
                 ladies=[Lady("lady:Z", "Z", cell=(12, 9))])


def test_passing_her_cell_with_the_declared_intent_picks_the_lady_up():
    drafts, st = resolve(lady_on_path(), 5, [order("alice", knight="K", action="full_ahead", lady_pickup=True),
                                             far_bob()])
    moves = [m for m in of(drafts, "knights.move") if m["knight"] == "K"]
    assert moves[0]["pickups"] == []  # step 1 (C 10 → 12) covers her cell by ¼ F² only
    assert moves[1]["pickup"] == {"lady": "lady:Z", "kidnapper": "K"}  # step 2 reaches ½ F² (K37)
    lady = st.lady("lady:Z")
    assert lady.carrier == "K" and lady.cell is None and lady.kidnapper == "K"  # the first enemy to lift her
    assert derive.mass(st, st.knight("K")) == 7  # she is a module: +1 Mass (K57)


def test_passing_her_cell_without_the_intent_leaves_her_there():
    drafts, st = resolve(lady_on_path(), 5, [order("alice", knight="K", action="full_ahead"), far_bob()])
    assert all(not m["pickups"] for m in of(drafts, "knights.move"))
    assert st.lady("lady:Z").cell == (12, 9) and st.lady("lady:Z").carrier is None


def test_her_own_knight_lifting_her_is_no_kidnapper():
    st0 = state([knight_spec("Z", "bob", "water", "love", (10, 10, "E"))],
                ladies=[Lady("lady:Z", "Z", cell=(12, 9))])
    _, st = resolve(st0, 5, [order("alice", knight="ax1", action="drop_speed"),
                             order("bob", knight="Z", action="full_ahead", lady_pickup=True)])
    assert st.lady("lady:Z").carrier == "Z" and st.lady("lady:Z").kidnapper is None


def carrier(accel: int = 1):
    """Red K carries Blue Z's Lady (mass 7, damage −1)."""
    return state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"), accel=accel),
                  knight_spec("Z", "bob", "water", "love", (20, 20, "W"))],
                 ladies=[Lady("lady:Z", "Z", carrier="K", kidnapper="K")])


def test_voluntary_drop_before_execution_lightens_the_carrier_for_the_whole_action():
    drop = {"carrier": "K", "timing": "before_execution"}
    drafts, st = resolve(carrier(), 5, [order("alice", knight="K", action="full_ahead", lady_drop=drop), far_bob(),
                                        choice("alice", "lady_cell", [8, 9], lady="lady:Z")])
    types = [d.type for d in drafts]
    assert types.index("knights.lady_drop") < types.index("knights.queue")
    (ev,) = of(drafts, "knights.lady_drop")
    assert ev["cell"] == [8, 9] and ev["voluntary"] and "K41" in ev["defaults"]  # Raise Shields intact: K41
    assert st.lady("lady:Z").cell == (8, 9) and st.lady("lady:Z").kidnapper == "K"
    # mass 6 → speed 2 after step 1's accel: two steps, 4 F
    assert pose(st, "K") == (14, 10, 2)


def test_without_the_drop_the_lady_slows_the_carrier():
    _, st = resolve(carrier(), 5, [order("alice", knight="K", action="full_ahead"), far_bob()])
    assert pose(st, "K") == (12, 10, 2)  # mass 7: speed 1 after step 1, so one step only
    assert st.lady("lady:Z").carrier == "K"


def test_voluntary_drop_after_step_one_is_placed_from_the_new_pose():
    drop = {"carrier": "K", "timing": {"after_step": 1}}
    base = [order("alice", knight="K", action="full_ahead", lady_drop=drop), far_bob()]
    drafts, st = resolve(carrier(accel=2), 5, base + [choice("alice", "lady_cell", [12, 11], lady="lady:Z")])
    k_moves = [i for i, d in enumerate(drafts) if d.type == "knights.move" and d.payload["knight"] == "K"]
    drop_at = next(i for i, d in enumerate(drafts) if d.type == "knights.lady_drop")
    assert k_moves[0] < drop_at < k_moves[1]  # after K's step 1, before its step 2 (K38)
    assert st.lady("lady:Z").cell == (12, 11)
    # within 1 F of the pose after step 1 (12,10,E), not of the start: [8, 9] is too far by then
    with pytest.raises(MissingInput, match="lady_cell"):
        resolve(carrier(accel=2), 5, base + [choice("alice", "lady_cell", [8, 9], lady="lady:Z")])


def kidnapper_struck():
    """K-S1 with Blue's T carrying Red's Lady, its shields already down: T's pick may be the Lady."""
    return state([knight_spec("A", "alice", "forest", "love", (8, 12, "E")),
                  knight_spec("T", "bob", "water", "bravery", (12, 12, "W"), damaged=("raise_shields",))],
                 ladies=[Lady("lady:A", "A", carrier="T", kidnapper="T")])


def test_a_destroyed_lady_module_is_set_down_within_one_foot():
    base = [order("alice", knight="A", action="full_ahead"), far_bob(),
            choice("alice", "push_direction", "E", knight="T"), choice("alice", "sidestep", "left", knight="A"),
            choice("bob", "damage", "lady:A", knight="T")]
    drafts, st = resolve(kidnapper_struck(), 5, base + [choice("bob", "lady_cell", [15, 13], lady="lady:A")])
    (r,) = of(drafts, "knights.ram")
    assert r["outcome"] == "target_struck"
    token = [e for e in r["effects"] if e["kind"] == "lady_token"]
    assert token == [{"kind": "lady_token", "lady": "lady:A", "cell": [15, 13], "chosen_by": "bob"}]
    assert [15, 13] in lady_cells(st.knight("T").pose)  # T was pushed to (14,12): the cell is within 1 F
    lady = st.lady("lady:A")
    assert lady.cell == (15, 13) and lady.carrier is None and lady.kidnapper == "T"
    assert st.knight("T").damaged == frozenset({"raise_shields"})  # she is no function of T's (§6.2)
    assert st.knight("T").functions_lost == 0
    with pytest.raises(MissingInput, match="lady_cell"):
        resolve(kidnapper_struck(), 5, base + [choice("bob", "lady_cell", [18, 12], lady="lady:A")])


# --- Take the blow, step 3 fallback (§6.2 Верность, CP-K2c, K47) ----------------------------------------------------


def ks5():
    return state([knight_spec("E", "alice", "rock", "love", (7, 12, "E")),
                  knight_spec("L", "bob", "forest", "leadership", (11, 12, "E"), accel=0),
                  knight_spec("G", "bob", "water", "loyalty", (11, 15, "E"), accel=1)])


KS5_TTB = [
    order("alice", knight="E", action="full_ahead"), order("bob", knight="bx2", action="drop_speed"),
    choice("bob", "take_the_blow", "use", knight="G"),
    choice("bob", "take_the_blow_pose", {"x": 13, "y": 12, "f": 6}, knight="G"),
    choice("bob", "take_the_blow_direction", "N", knight="G"),
]


def test_take_the_blow_step_three_falls_back_to_the_attackers_owner(monkeypatch):
    # "Если по каким-то причинам совершить эту перестановку невозможно, оппонент может переместить Рыцаря…".
    # From a legal position the ally's former place is always free after step 2 (a 2 F move keeps at most ⅛ F²
    # of it, and no third knight can stand on it), so the block is simulated on the place check itself.
    from replay.rulesets.knights import ram as ram_module

    former = Pose(11, 12, 2)
    real = ram_module._pose_free
    monkeypatch.setattr(ram_module, "_pose_free",
                        lambda state, p, ignore: p != former and real(state, p, ignore))
    with pytest.raises(Waiting) as waiting:
        resolve(ks5(), 5, KS5_TTB, live=True)
    assert waiting.value.actor == "alice" and waiting.value.what.startswith("take the blow place for G")
    place = choice("alice", "take_the_blow_place", {"x": 9, "y": 10.5, "f": 4}, knight="G")
    drafts, st = resolve(ks5(), 5, KS5_TTB + [place, choice("alice", "push_direction", "S", knight="G"),
                                              choice("bob", "damage", "en_garde", knight="G")])
    (tb,) = of(drafts, "knights.take_the_blow")
    assert tb["success"] and tb["placed_by"] == "opponent" and tb["step3"] == {"x": 9, "y": 10.5, "f": 4}
    (r,) = of(drafts, "knights.ram")
    assert r["target"] == "G" and r["loyalty_override"] and r["parts"]["tp"] == "rear"
    # a place not touching the Attacker is refused
    away = choice("alice", "take_the_blow_place", {"x": 9, "y": 8, "f": 4}, knight="G")
    with pytest.raises(MissingInput, match="take_the_blow_place"):
        resolve(ks5(), 5, KS5_TTB + [away])


# --- Return to battle, re-chosen (§1.1, CP-K12, K12) ----------------------------------------------------------------


def returning():
    """Red K is in the Outflank; Blue's Z rides toward the place K declared for its return."""
    return state([knight_spec("K", "alice", "forest", "bravery", None),
                  knight_spec("Z", "bob", "water", "mercy", (18, 10, "E"))])


RETURN = order("alice", knight="K", action="return_to_battle", return_pose={"x": 22, "y": 10, "f": 6})


def test_an_illegal_return_pose_is_chosen_again_by_its_owner():
    st0 = returning()
    assert return_problems(st0, "K", Pose(22, 10, 6)) == []  # legal at planning
    inputs = [RETURN, order("bob", knight="Z", action="drop_speed")]
    with pytest.raises(Waiting) as waiting:
        resolve(st0, 5, inputs, live=True)
    assert waiting.value.actor == "alice" and waiting.value.what == "return pose for K (K)"
    drafts, st = resolve(st0, 5, inputs + [choice("alice", "return_pose", {"x": 22, "y": 16, "f": 6}, knight="K")])
    move = [m for m in of(drafts, "knights.move") if m["knight"] == "K"][0]
    assert move["why"][0] == "the declared pose (22,10,W) is no longer legal"
    assert st.knight("K").pose == Pose(22, 16, 6) and st.knight("K").accel == 1


def test_the_new_return_pose_must_be_legal_too():
    inputs = [RETURN, order("bob", knight="Z", action="drop_speed"),
              choice("alice", "return_pose", {"x": 21, "y": 10, "f": 6}, knight="K")]
    with pytest.raises(MissingInput, match="return_pose"):
        resolve(returning(), 5, inputs)


# --- the options (§7 *(option)*: each changes what it claims; the default is no option) ---------------------------


def test_every_option_has_its_k_id_and_the_defaults_are_no_options():
    from replay.rulesets.knights.model import OPTION_DEFAULTS

    assert set(OPTION_DEFAULTS) == set(KnightsOptions.model_fields)
    defaults = {name: f.default for name, f in KnightsOptions.model_fields.items()}
    assert RULES.options({}) == KnightsOptions() == KnightsOptions(**defaults)


def crossing():
    """K (speed 6) turns sharply and slides 6 F north right through Z: clear at the start and at the end."""
    return state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "N"), accel=3,
                              damaged=("raise_shields", "en_garde", "smooth_turn")),
                  knight_spec("Z", "bob", "water", "mercy", (10, 7, "E"))])


def test_option_collision_overlap_segment_end_lets_a_long_move_pass_through():
    from replay.inputs import Inputs

    class FirstOption(Inputs):
        def choice(self, name, *, actor, options, **key):  # type: ignore[override]
            return options[0] if options else super().choice(name, actor=actor, options=options, **key)

    orders = (order("alice", knight="K", action="sharp_turn", turn_dir="right"), far_bob())
    drafts = RULES.resolve(crossing(), 5, FirstOption(TurnInputs(5, orders)), KnightsOptions())
    move = [d.payload for d in drafts if d.type == "knights.move" and d.payload["knight"] == "K"][1]
    assert move["collision"]["candidates"] == ["Z"]  # K4: the overlap along the path reaches ½ F²
    drafts, st = resolve(crossing(), 5, list(orders), KnightsOptions(collision_overlap="segment_end"))
    assert not of(drafts, "knights.ram") and st.knight("K").pose == Pose(10, 4, 2)


def test_option_in_limits_centre():
    # K (forest) at (10,10,S): C on the Limit's corner, but only ¼ F² of the triangle inside (K13)
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "S"))],
                limits=[("forest", (10, 10, 16, 18))])
    assert derive.speed(st0, st0.knight("K")) == 1
    centre = RULES.initial(setup(), KnightsOptions(in_limits="centre"))
    st1 = replace(st0, limits_rule=centre.limits_rule)
    assert derive.speed(st1, st1.knight("K")) == 2


def tie_state():
    return state([knight_spec("K", "alice", "forest", "bravery", (5, 10, "E")),
                  knight_spec("Z", "bob", "forest", "mercy", (18, 14, "W"))])


def test_option_tie_die_each_tie_rolls_again():
    orders = [order("alice", knight="K", action="full_ahead"), order("bob", knight="Z", action="full_ahead")]
    drafts, _ = resolve(tie_state(), 5, orders + [roll("initiative_tie", 2)])
    assert [q["die"] for q in of(drafts, "knights.queue")] == [2, 2]  # K16: one 1d2 per turn
    each = KnightsOptions(tie_die="each_tie")
    with pytest.raises(Waiting, match="initiative tie"):  # the second tie's die is a request, never drawn
        resolve(tie_state(), 5, orders + [roll("initiative_tie", 2)], each)
    drafts, _ = resolve(tie_state(), 5, orders + [roll("initiative_tie", 2), roll("initiative_tie", 1)], each)
    queues = of(drafts, "knights.queue")
    assert [q["die"] for q in queues] == [2, 1]
    assert [q["order"][0]["knight"] for q in queues] == ["Z", "K"]


def test_option_smooth_turn_dirs_per_step():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"), accel=2)])  # speed 2: two steps
    o = {"knight": "K", "action": "smooth_turn", "turn_dir": ["left", "right"]}
    from eventlog.envelope import Draft

    def check(options):
        return RULES.check_input(st0, TurnInputs(5, ()), Draft("order", o, 5, "alice"), options)

    assert check(KnightsOptions()) == ["§4.1: one turn_dir for the whole action (K19)"]
    per_step = KnightsOptions(smooth_turn_dirs="per_step")
    assert check(per_step) == []
    _, st = resolve(st0, 5, [order("alice", **o), far_bob()], per_step)
    assert st.knight("K").pose == Pose(13, 9, 2)  # E → 2 F → NE, 2 F NE (1,−1) → E
    _, st = resolve(st0, 5, [order("alice", knight="K", action="smooth_turn", turn_dir="left"), far_bob()])
    assert st.knight("K").pose == Pose(13, 9, 0)  # one direction: E → NE → N


def test_option_accel_zero_check_execution_stops_an_action_begun_at_accel_zero():
    # Red K declares Drop Speed at accel 1; Blue's faster Z breaks it first, dropping its accel to 0 (K21)
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (12, 12, "W")),
                 knight_spec("Z", "bob", "water", "mercy", (10, 12, "E"), accel=2)])
    inputs = [order("alice", knight="K", action="drop_speed"), order("bob", knight="Z", action="full_ahead"),
              choice("bob", "push_direction", "N", knight="K"), choice("bob", "rotate", "left", knight="Z"),
              choice("bob", "spare", "strike", knight="Z"), choice("alice", "damage", "en_garde", knight="K")]
    drafts, st = resolve(st0, 5, inputs)
    assert of(drafts, "knights.ram")[0]["outcome"] == "target_broken" and st.knight("K").accel == 0
    ends = [e["reason"] for e in of(drafts, "knights.action_end") if e["knight"] == "K"]
    assert ends == ["done"]  # K21 default: checked at planning only, so the Drop Speed still runs
    drafts, _ = resolve(st0, 5, inputs, KnightsOptions(accel_zero_check="execution"))
    assert [e["reason"] for e in of(drafts, "knights.action_end") if e["knight"] == "K"] == ["accel_zero"]


def friendly():
    return state([knight_spec("A", "alice", "forest", "bravery", (8, 12, "E")),
                  knight_spec("F", "alice", "water", "mercy", (12, 12, "W"))])


FRIENDLY = [order("alice", knight="A", action="full_ahead"), far_bob(),
            choice("alice", "push_direction", "E", knight="F"), choice("alice", "sidestep", "left", knight="A")]


def test_option_friendly_rams_score():
    _, st = resolve(friendly(), 5, FRIENDLY)
    assert st.knight("A").honor == 0  # K31
    _, st = resolve(friendly(), 5, FRIENDLY, KnightsOptions(friendly_rams_score=True))
    assert st.knight("A").honor == 1 + 4 + 2  # Bloodshed struck 1; Bravery struck 4, +2 outside own Limits


def test_option_en_garde_vs_friend():
    drafts, _ = resolve(friendly(), 5, FRIENDLY)
    r = of(drafts, "knights.ram")[0]
    assert r["impetus"]["value"] == 13 and r["resistance"]["value"] == 9  # K63: +1 each against a friend too
    drafts, _ = resolve(friendly(), 5, FRIENDLY, KnightsOptions(en_garde_vs_friend=False))
    r = of(drafts, "knights.ram")[0]
    assert r["impetus"]["value"] == 12 and r["resistance"]["value"] == 8


def test_option_formation_min_followers():
    # a leader with ONE follower: the formation is active by default (K32), not with option 2
    st0 = state([knight_spec("L", "alice", "forest", "leadership", (8, 12, "E")),
                 knight_spec("F1", "alice", "rock", "mercy", (7, 10, "E")),
                 knight_spec("T", "bob", "water", "bravery", (12, 12, "W"))])
    base = [order("alice", knight="L", action="full_ahead"), far_bob(),
            choice("alice", "push_direction", "E", knight="T"), choice("alice", "sidestep", "left", knight="L")]
    drafts, _ = resolve(st0, 5, base)
    assert of(drafts, "knights.ram")[0]["attacker_state"]["formation"]
    drafts, _ = resolve(st0, 5, base, KnightsOptions(formation_min_followers=2))
    r = of(drafts, "knights.ram")[0]
    assert not r["attacker_state"]["formation"] and r["impetus"]["value"] == 13


def test_option_take_the_blow_limit_once_per_turn():
    used = ks5()
    used = replace(used, knights=tuple(replace(k, used_take_the_blow=True) if k.id == "G" else k
                                       for k in used.knights))
    drafts, _ = resolve(used, 5, KS5_TTB + [choice("alice", "push_direction", "E", knight="G"),
                                            choice("bob", "damage", "en_garde", knight="G")])
    assert of(drafts, "knights.take_the_blow")  # K51: any number of times
    once = KnightsOptions(take_the_blow_limit="once_per_turn")
    drafts, _ = resolve(used, 5, KS5_TTB[:2] + [choice("alice", "push_direction", "E", knight="L"),
                                                choice("bob", "damage", "en_garde", knight="L")], once)
    assert not of(drafts, "knights.take_the_blow") and of(drafts, "knights.ram")[0]["target"] == "L"


def test_option_capable_not_fallen():
    # Blue's knights stand on the field with their steeds destroyed: alive, but no action to declare (K52)
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))])
    steed = ("full_ahead", "smooth_turn", "sharp_turn", "drop_speed")
    st0 = replace(st0, knights=tuple(replace(k, damaged=frozenset(steed)) if k.player == "bob" else k
                                     for k in st0.knights))
    assert end_reason(st0, 5, KnightsOptions()) == "no_capable"
    assert end_reason(st0, 5, KnightsOptions(capable="not_fallen")) is None
