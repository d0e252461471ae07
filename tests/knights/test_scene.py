"""scene.py: what a frame shows, as data — a move's arrow, a ram's marker, the caption, the legend."""

from __future__ import annotations

from dataclasses import replace

from replay.rulesets.knights.scene import scene
from tests.knights.test_frame import ks1, step_of


def test_a_move_is_an_arrow_from_where_the_knight_stood_to_where_it_ends() -> None:
    views, _ = ks1()
    shown = scene(step_of(views, "knights.move"))
    now = [m for m in shown.movers if m.current]
    assert [(m.knight, m.points[0], m.points[-1], m.induced) for m in now] == [("A", (8, 12), (10, 12), False)]
    assert [(kid, (pose.x, pose.y)) for kid, pose, _ in shown.ghosts] == [("A", (8, 12))]
    assert "A" in shown.lit and shown.current


def test_a_ram_marker_has_its_outcome_numbers_and_contact_point() -> None:
    views, _ = ks1()
    ram = next(r for r in scene(step_of(views, "knights.ram")).rams if r.current)
    assert (ram.n, ram.outcome, ram.impetus, ram.resistance) == (1, "target_struck", 13, 9)
    assert abs(ram.point[0] - 11) < 0.05 and abs(ram.point[1] - 12) < 0.05  # the two apexes meet at (11,12)


def test_the_caption_event_line_and_legend() -> None:
    views, _ = ks1()
    view = step_of(views, "knights.ram")
    shown, english = scene(view), scene(view, "en")
    assert shown.caption == "Ход 5 · шаг 8/13" and english.caption == "Turn 5 · step 8/13"
    assert shown.event_line.startswith("Ход 5 · шаг 8/13: Таран 1:")
    assert [k.limit for k in shown.legend.every() if k.limit] == ["water", "forest", "rock"]
    assert scene(views[0]).event_line == "Ход 5 · шаг 0/13: заявки приняты, ход ещё не исполнен."


def test_a_rulings_bare_ram_draws_no_marker_and_lights_nobody() -> None:
    views, _ = ks1()
    view = step_of(views, "knights.ram")
    bare = replace(view.events[-1], payload={"why": ["GM: Sir Aster wins"], "knights": {"T": {"accel": 0}}})
    shown = scene(replace(view, events=view.events[:-1] + (bare,)))
    assert not any(r.current for r in shown.rams) and shown.lit == set()
    assert shown.event_line.endswith("knights.ram: GM: Sir Aster wins")
