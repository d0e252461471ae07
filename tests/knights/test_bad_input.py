"""Bad input never appends: each is refused by `driver.append_input` with the rulebook section that forbids it."""

from __future__ import annotations

import pytest

from eventlog.envelope import Draft
from eventlog.errors import ValidationError
from eventlog.store import Store
from replay import driver
from replay.render.i18n import UNTRANSLATED, localize
from replay.ruleset import get as get_ruleset
from tests.knights.knights_kit import setup


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "k.duckdb") as s:
        yield s


def new_game(store: Store, game: str = "g") -> str:
    store.append(game, 1, [Draft("game.created", {"ruleset": "knights@1", "options": {}, "setup": setup()})])
    return game


def refused(store: Store, game: str, draft: Draft) -> list[str]:
    """The problems of a refused input; asserts that nothing was appended, and that each reads in Russian too."""
    before = len(store.events(game))
    with pytest.raises(ValidationError) as exc:
        driver.append_input(store, game, draft)
    assert len(store.events(game)) == before
    knights = get_ruleset("knights")
    for problem in exc.value.problems:
        assert not localize(problem, "ru", [knights]).startswith(UNTRANSLATED["ru"]), problem
    return exc.value.problems


def order(actor: str, turn: int, **payload) -> Draft:
    return Draft("order", payload, turn, actor)


LIMITS = [("alice", "r1", [[8, 0, 14, 8]]),
          ("bob", "b1", [[10, 10, 12, 16], [12, 10, 14, 16], [14, 10, 16, 16]]),
          ("alice", "r2", [[4, 16, 8, 20], [16, 18, 20, 22]]),
          ("bob", "b2", [[16, 16, 24, 22]]),
          ("alice", "r3", [[0, 10, 2, 16], [2, 10, 4, 16], [0, 0, 2, 6]]),
          ("bob", "b3", [[18, 10, 22, 14], [6, 20, 10, 24]])]
DEPLOY = [("alice", "r1", (1, 5, 2)), ("bob", "b1", (22, 5, 6)), ("alice", "r2", (1, 12, 2)),
          ("bob", "b2", (22, 12, 6)), ("alice", "r3", (1, 19, 2)), ("bob", "b3", (22, 19, 6))]


def place(store: Store, game: str, limits: int = 6, deploys: int = 0) -> None:
    for actor, kid, rects in LIMITS[:limits]:
        driver.append_input(store, game, order(actor, 0, kind="limits", knight=kid, rects=rects))
    for actor, kid, (x, y, f) in DEPLOY[:deploys]:
        driver.append_input(store, game, order(actor, 0, kind="deploy", knight=kid, pose={"x": x, "y": y, "f": f}))


# --- turn 0 -----------------------------------------------------------------------------------------------------


def test_a_limit_of_the_wrong_size(store):
    game = new_game(store)
    problems = refused(store, game, order("alice", 0, kind="limits", knight="r1", rects=[[8, 0, 14, 6]]))
    assert problems == ["§5 Домены: a forest limit is 6×8, not 6×6 (limit 1)"]


def test_rock_overlapping_water(store):
    game = new_game(store)
    place(store, game, limits=2)  # r1's forest, b1's three waters at x 10–16, y 10–16
    problems = refused(store, game, order("alice", 0, kind="limits", knight="r2",
                                          rects=[[9, 12, 13, 16], [16, 18, 20, 22]]))
    assert problems == ["§5 Домены: rock limit 1 [9, 12, 13, 16] overlaps the water limit L2 [10, 10, 12, 16]: "
                        "water and rock may not intersect",
                        "§5 Домены: rock limit 1 [9, 12, 13, 16] overlaps the water limit L3 [12, 10, 14, 16]: "
                        "water and rock may not intersect"]


def test_a_deployment_outside_the_2f_band(store):
    game = new_game(store)
    place(store, game)
    problems = refused(store, game, order("alice", 0, kind="deploy", knight="r1", pose={"x": 4, "y": 5, "f": 2}))
    assert problems == ["§3.3: Sir Aster at (4,5,E) is 3 F from the left edge, more than 2 F (K17)"]


def test_placements_out_of_turn(store):
    game = new_game(store)
    problems = refused(store, game, order("bob", 0, kind="limits", knight="b1",
                                          rects=[[10, 10, 12, 16], [12, 10, 14, 16], [14, 10, 16, 16]]))
    assert problems == ["§3.3: players alternate, Challenger first: next is alice: place the Limits of one knight "
                        "(§3.3)"]


# --- turns 1..24 --------------------------------------------------------------------------------------------------


def battle(store: Store) -> str:
    """A game after turn 1: r1 and b1 acted; the GM's ruling left r2 fallen and r3 at accel 0 without sharp_turn."""
    game = new_game(store)
    place(store, game, deploys=6)
    driver.append_input(store, game, order("bob", 0, kind="lady", lady="lady:r3", carrier="b3"))
    driver.resolve_pending(store, game)
    driver.append_ruling(store, game, 1, {"note": "GM: turn 1 as played on the forum", "events": [
        {"type": "knights.end_of_turn", "payload": {
            "turn": 1, "next_turn": 2, "acted_last_turn": ["b1", "r1"],
            "knights": {"r2": {"location": "fallen", "pose": None, "damaged": [
                "full_ahead", "smooth_turn", "sharp_turn", "drop_speed", "raise_shields", "en_garde"]},
                "r3": {"accel": 0, "damaged": ["raise_shields", "sharp_turn"]}},
            "why": ["GM: asserted"]}}]})
    return game


def test_an_order_for_the_knight_that_acted_last_turn(store):
    game = battle(store)
    assert refused(store, game, order("alice", 2, knight="r1", action="full_ahead")) == [
        "§1.4: Sir Aster acted last turn; another knight of the lance can act (K22)"]


def test_an_order_for_a_fallen_knight(store):
    game = battle(store)
    assert refused(store, game, order("alice", 2, knight="r2", action="full_ahead")) == [
        "§2.2: Sir Moss has fallen and cannot act"]


def test_an_action_whose_function_is_damaged(store):
    game = battle(store)
    assert refused(store, game, order("alice", 2, knight="r3", action="sharp_turn", turn_dir="left")) == [
        "§2.3: Sir Pell's sharp_turn is damaged: the action cannot be declared"]


def test_a_smooth_turn_at_zero_acceleration(store):
    game = battle(store)
    assert refused(store, game, order("alice", 2, knight="r3", action="smooth_turn", turn_dir="left")) == [
        "§4.1: smooth_turn is not allowed at accel 0 (Sir Pell) (K21)"]


def test_a_legal_order_is_appended(store):
    game = battle(store)
    before = len(store.events(game))
    driver.append_input(store, game, order("alice", 2, knight="r3", action="full_ahead"))
    assert len(store.events(game)) == before + 1


# --- strict input: no boolean or string for a number, a ruling's pose whole ------------------------------------------


@pytest.mark.parametrize(("pose", "problem"), [
    ({"x": True, "y": "3", "f": 2}, "pose.x must be a number, not a boolean True"),
    ({"x": 1, "y": "5", "f": 2}, "pose.y must be a number, not a string '5'"),
    ({"x": 1, "y": 5, "f": True}, "pose.f must be 0..7 or a direction name (N, NE, E, SE, S, SW, W, NW), not a bool"),
    ({"x": 1, "f": 2}, "pose.y is missing"),
    ({"x": 1e300, "y": 5, "f": 2}, "pose.x is out of bounds"),
    ([1, 5, 2], "pose must be an object"),
])
def test_a_deploy_pose_is_read_strictly_naming_its_field(store, pose, problem):
    game = new_game(store)
    place(store, game)
    problems = refused(store, game, order("alice", 0, kind="deploy", knight="r1", pose=pose))
    assert len(problems) == 1 and problems[0].startswith("§3.3: a deployment needs \"pose\""), problems
    assert problem in problems[0], problems


def test_a_deploy_pose_may_name_its_facing(store):
    game = new_game(store)
    place(store, game)
    driver.append_input(store, game, order("alice", 0, kind="deploy", knight="r1", pose={"x": 1, "y": 5, "f": "E"}))


@pytest.mark.parametrize(("field", "value"), [("lady_pickup", "yes"), ("lady_pickup", 1), ("knight", 7),
                                              ("turn_dir", True)])
def test_a_turn_order_is_read_strictly(store, field, value):
    game = battle(store)
    payload = {"knight": "r3", "action": "full_ahead", field: value}
    problems = refused(store, game, order("alice", 2, **payload))
    assert any(p.startswith(f"order: {field}") for p in problems), problems


def test_a_limit_corner_of_true_is_no_integer(store):
    game = new_game(store)
    problems = refused(store, game, order("alice", 0, kind="limits", knight="r1", rects=[[8, 0, 14, True]]))
    assert problems == ["§5 Домены: limit 1 must be [x0, y0, x1, y1] with integer corners (K14)"]


def test_a_lady_cell_of_booleans_is_refused(store):
    game = new_game(store)
    place(store, game, deploys=6)
    problems = refused(store, game, order("bob", 0, kind="lady", lady="lady:r3", cell=[True, False]))
    assert problems == ["§6.2 Любовь: cell [True, False] must be [i, j] with 0 ≤ i, j ≤ 23 (K36)"]


@pytest.mark.parametrize(("changes", "field"), [
    ({"pose": {"x": 3, "f": 2}}, "knights.r3.pose.y: Field required"),
    ({"pose": {"x": 3, "y": "12", "f": 2}}, "knights.r3.pose.y: Input should be a valid number"),
    ({"accel": True}, "knights.r3.accel: Input should be a valid integer"),
])
def test_a_rulings_update_map_is_whole_and_typed(store, changes, field):
    game = new_game(store)
    place(store, game, deploys=6)
    driver.append_input(store, game, order("bob", 0, kind="lady", lady="lady:r3", carrier="b3"))
    driver.resolve_pending(store, game)
    before = len(store.events(game))
    with pytest.raises(ValidationError) as exc:
        driver.append_ruling(store, game, 1, {"note": "GM", "events": [
            {"type": "knights.end_of_turn", "payload": {"turn": 1, "next_turn": 2, "knights": {"r3": changes}}}]})
    assert len(store.events(game)) == before
    assert any(field in p for p in exc.value.problems), exc.value.problems


def test_a_ruling_that_ends_a_turn_names_the_next(store):
    game = new_game(store)
    place(store, game, deploys=6)
    driver.append_input(store, game, order("bob", 0, kind="lady", lady="lady:r3", carrier="b3"))
    driver.resolve_pending(store, game)
    with pytest.raises(ValidationError) as exc:
        driver.append_ruling(store, game, 1, {"note": "GM", "events": [
            {"type": "knights.end_of_turn", "payload": {"turn": 1}}]})
    assert any("next_turn: Field required" in p for p in exc.value.problems), exc.value.problems


@pytest.mark.parametrize("kind", [[], {}, 5, None])
def test_a_setup_order_of_a_kind_that_is_no_word_is_refused(store, kind):
    """Found by the importer fuzz: "kind": [] reached a dict lookup (unhashable)."""
    game = new_game(store)
    problems = refused(store, game, order("alice", 0, kind=kind, knight="r1", rects=[[8, 0, 14, 8]]))
    assert problems == [f"§3: a setup order has kind limits, deploy, lady or concede, not {kind!r}"]
