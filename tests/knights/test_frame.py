"""The knights' frame: one picture per step, the spec's exact triangles, user text inert, deterministic output."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from eventlog.envelope import Event
from eventlog.jsonl import parse_lines
from replay import driver
from replay.render import png, svg
from replay.ruleset import FrameView, TurnView
from replay.rulesets.knights.evolve import apply
from replay.rulesets.knights.frame import CELL, FIELD_X, FIELD_Y, frame, triangle_px
from replay.rulesets.knights.model import Lady, Pose
from tests.knights.knights_kit import choice, knight_spec, order, resolve, state

NS = "{http://www.w3.org/2000/svg}"
EVIL = "<script>alert(1)</script> [b]Сэр[/b] **x**"
KNIGHTS = Path(__file__).resolve().parents[2] / "fixtures" / "knights"
JOUST = KNIGHTS / "hand" / "joust.jsonl"


def texts(out: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(out).iter(f"{NS}text")]


def joust(name: str | None = None, heraldry: str | None = None) -> driver.Game:
    """The hand-written joust (setup and four turns), optionally with Sir Aster renamed."""
    raw = parse_lines(JOUST.read_text(encoding="utf-8").splitlines())
    if name is not None or heraldry is not None:
        setup = raw[0].payload["setup"]
        knight = setup["lances"][0]["knights"][0]
        knight.update({k: v for k, v in (("name", name), ("heraldry", heraldry)) if v is not None})
    return driver.game_from_events(driver.record(raw, at="2026-01-01T00:00:00Z"))


# --- mid-battle scenarios (spec §9) as views, without a full log -------------------------------------------------


def scenario(st0: Any, inputs: list[Event], turn: int = 5) -> tuple[list[FrameView], TurnView]:
    """Every frame of one resolved turn of a kit state, and its post view."""
    drafts, _ = resolve(st0, turn, inputs)
    seq = max((e.seq for e in inputs), default=0)
    events = []
    for n, d in enumerate(drafts, 1):
        events.append(Event("g", seq + n, d.type, turn, d.actor, d.payload, None, "2024-01-01T00:00:00Z",
                            f"{seq + n - 1:064x}", f"{seq + n:064x}"))
    states = [st0]
    for e in events:
        states.append(apply(states[-1], e.type, e.payload))
    views = [FrameView(states[k], turn, k, len(events), tuple(inputs) + tuple(events[:k]),
                       (events[k - 1].hash if k else f"{seq:064x}"), "ru") for k in range(len(events) + 1)]
    return views, TurnView(st0, states[-1], turn, tuple(inputs), tuple(events))


def other(player: str, kid: str) -> Event:
    return order(player, knight=kid, action="drop_speed")


def ks1():
    st = state([knight_spec("A", "alice", "forest", "leadership", (8, 12, "E"), name="Sir Aster"),
                knight_spec("T", "bob", "water", "bravery", (12, 12, "W"), name="Dame Tide")])
    return scenario(st, [order("alice", knight="A", action="full_ahead"), other("bob", "bx1"),
                         choice("alice", "push_direction", "E", knight="T"),
                         choice("alice", "sidestep", "left", knight="A")])


def ks2(spare: str = "strike"):
    st = state([knight_spec("M", "alice", "rock", "mercy", (6, 6, "E"), accel=2, damaged=("raise_shields",),
                            name="Sir Moss"),
                knight_spec("V", "bob", "water", "leadership", (10, 6, "E"), accel=0, damaged=("raise_shields",),
                            name="Dame Vale")],
               limits=[("rock", (5, 4, 9, 8))])
    extra = [choice("alice", "damage", "en_garde", knight="V"), choice("bob", "damage", "drop_speed", knight="V")]
    return scenario(st, [order("alice", knight="M", action="full_ahead"), other("bob", "bx1"),
                         choice("alice", "push_direction", "E", knight="V"),
                         choice("alice", "spare", spare, knight="M"), *(extra if spare == "strike" else [])])


def ks3():
    st = state([knight_spec("P", "alice", "water", "love", (22, 22, "SE"), accel=2, name="Sir Pell"),
                knight_spec("Q", "bob", "rock", "bravery", (6, 12, "N"), accel=1,
                            damaged=("raise_shields", "sharp_turn"), name="Dame Quarry")],
               ladies=[Lady("lady:P", "P", None, "P", "Q")])
    return scenario(st, [order("alice", knight="P", action="full_ahead"),
                         order("bob", knight="Q", action="smooth_turn", turn_dir="right")])


def ks4():
    st = state([knight_spec("S", "alice", "forest", "bravery", (10, 10, "N"), damaged=("raise_shields",),
                            name="Sir Stone"),
                knight_spec("T", "bob", "water", "mercy", (11, 7, "S"), accel=0, name="Dame Tide")],
               limits=[("forest", (4, 8, 12, 14))])
    return scenario(st, [order("alice", knight="S", action="sharp_turn", turn_dir="left"), other("bob", "bx1"),
                         choice("bob", "push_direction", "E", knight="T"),
                         choice("alice", "damage", "drop_speed", knight="S"),
                         choice("alice", "push_direction", "S", knight="S")])


def ks5():
    st = state([knight_spec("E", "alice", "rock", "love", (7, 12, "E"), name="Sir Ector"),
                knight_spec("L", "bob", "forest", "leadership", (11, 12, "E"), accel=0, name="Dame Lyre"),
                knight_spec("G", "bob", "water", "loyalty", (11, 15, "E"), accel=1, name="Dame Gale")])
    return scenario(st, [order("alice", knight="E", action="full_ahead"),
                         order("bob", knight="bx2", action="drop_speed"),
                         choice("bob", "take_the_blow", "use", knight="G"),
                         choice("bob", "take_the_blow_pose", {"x": 13, "y": 12, "f": 6}, knight="G"),
                         choice("bob", "take_the_blow_direction", "N", knight="G"),
                         choice("alice", "push_direction", "E", knight="G"),
                         choice("bob", "damage", "en_garde", knight="G")])


def lady_token():
    """A Lady on a cell near her knight, picked up on the way (§6.2, K37)."""
    st = state([knight_spec("P", "alice", "water", "love", (4, 12, "E"), accel=1, name="Sir Pell"),
                knight_spec("Q", "bob", "rock", "bravery", (18, 12, "W"), accel=1, name="Dame Quarry")],
               ladies=[Lady("lady:P", "P", (7, 11), None, "Q")])
    return scenario(st, [order("alice", knight="P", action="full_ahead", lady_pickup=True), other("bob", "bx1")])


def fall():
    """A rear charge that breaks a knight with one function left: it falls (§2.2, mass 0)."""
    st = state([knight_spec("M", "alice", "rock", "mercy", (6, 6, "E"), accel=2, name="Sir Moss"),
                knight_spec("V", "bob", "water", "leadership", (10, 6, "E"), accel=0, name="Dame Vale",
                            damaged=("raise_shields", "en_garde", "smooth_turn", "sharp_turn", "drop_speed"))])
    return scenario(st, [order("alice", knight="M", action="full_ahead"), other("bob", "bx1"),
                         choice("alice", "push_direction", "E", knight="V"),
                         choice("alice", "spare", "strike", knight="M")])


def step_of(views: list[FrameView], kind: str, n: int = 0) -> FrameView:
    """The n-th frame whose current step is of a type."""
    found = [v for v in views if v.step and v.events[-1].type == kind]
    return found[n]


def points(out: str) -> list[list[tuple[float, float]]]:
    """Every polygon of the SVG as a list of points."""
    polys = []
    for node in ET.fromstring(out).iter(f"{NS}polygon"):
        pts = [tuple(float(v) for v in pair.split(",")) for pair in node.get("points", "").split()]
        polys.append(pts)
    return polys


# --- tests ---------------------------------------------------------------------------------------------------------


def test_a_frame_per_step_with_caption_hash_and_desc() -> None:
    g = joust()
    for turn in (0, 4):
        steps = driver.turn_steps(g, turn).count
        assert steps > 10
        for k in range(steps + 1):
            view = driver.frame_view(g, turn, k)
            out = frame(view)
            assert f"Ход {turn} · шаг {k}/{steps}" in texts(out)
            assert svg.last_event_hash(out) == view.last_hash
            assert svg.desc_text(out).startswith(f"Ход {turn} · шаг {k}/{steps} — Рыцари: Red Lance — Blue Lance")


def test_the_ruleset_draws_through_its_descriptor_in_the_views_language() -> None:
    g = joust()
    view = driver.frame_view(g, 1, 3, "en")
    out = g.ruleset.frame(view)
    assert f"Turn 1 · step 3/{view.steps}" in texts(out)
    assert "Oath of Leadership" in " ".join(texts(out))


def test_triangle_vertices_are_the_specs_exact_triangle() -> None:
    # spec §2.1: pose (5,5,N) gives A (5,4), BR (6,6), BL (4,6)
    def at(x: float, y: float) -> tuple[float, float]:
        return FIELD_X + x * CELL, FIELD_Y + y * CELL

    assert triangle_px(Pose(5, 5, 0)) == [at(5, 4), at(6, 6), at(4, 6)]
    a, br, bl = triangle_px(Pose(5, 5, 1))  # NE: A (5.7071, 4.2929), BR (5, 6.4142), BL (3.5858, 5)
    for got, want in ((a, at(5.7071, 4.2929)), (br, at(5, 6.4142)), (bl, at(3.5858, 5))):
        assert got == pytest.approx(want, abs=0.01)
    st = state([knight_spec("A", "alice", "forest", "leadership", (5, 5, "N"), name="Sir Aster"),
                knight_spec("T", "bob", "water", "bravery", (12, 12, "W"), name="Dame Tide")])
    out = frame(FrameView(st, 5, 0, 0, (), "0" * 64, "ru"))
    assert [at(5, 4), at(6, 6), at(4, 6)] in points(out)  # the knight's body is exactly that polygon


def test_user_text_is_only_ever_text() -> None:
    g = joust(name=EVIL, heraldry=EVIL)
    for turn, step in ((0, 5), (4, None)):
        out = frame(driver.frame_view(g, turn, step))
        root = ET.fromstring(out)  # well-formed
        assert not any(node.tag.endswith("script") for node in root.iter())
        assert "<script>" not in out and "&lt;script&gt;" in out
        assert any(t.startswith("<script>alert(1)") for t in texts(out))
        assert EVIL in svg.desc_text(out)
    assert "<script>" not in png.png_text(png.to_png(out, last_hash="a" * 64))["battlelog:last-event-hash"]


def test_frames_are_deterministic() -> None:
    a = frame(driver.frame_view(joust(), 4, 10))
    b = frame(driver.frame_view(joust(), 4, 10))
    assert a == b
    assert png.to_png(a) == png.to_png(b)


def test_setup_frames_show_limits_and_deployments_as_they_are_placed() -> None:
    g = joust()
    first_limits = driver.frame_view(g, 0, 3)  # roles, edges, then Sir Aster's forest
    assert first_limits.events[-1].type == "knights.limits"
    out = frame(first_limits)
    assert out.count("url(#hatch-cross-2b8a5a-cfe8d8)") == 2  # the forest on the field and in the legend
    assert "url(#hatch-vertical-2f7fb8-cfe4f3)\" fill-opacity" not in out  # no water yet
    assert "Sir Aster (Red Lance (alice)) ставит 1 Лесной Предел: (8,0)–(14,8)." in " ".join(texts(out))
    deployed = frame(driver.frame_view(g, 0, 9))
    assert "Sir Aster выходит на поле: (1,5), Фронт → В, Скорость 1." in " ".join(texts(deployed))
    assert "не выставлен" in texts(deployed)  # the others are still to come


def test_a_move_is_drawn_as_an_arrow_from_a_ghost() -> None:
    views, _ = ks1()
    view = step_of(views, "knights.move")
    out = frame(view)
    assert 'marker-end="url(#arrow-c03030)"' in out  # the red lance's arrow
    assert 'stroke-dasharray="5,3"' in out  # the ghost where the knight stood
    said = " ".join(texts(out))
    assert "Sir Aster («Полный вперёд!», шаг 1): Разгон 1 → 2; 2Ф к востоку (→): (8,12) → (10,12)." in said


def test_a_ram_is_marked_at_its_contact_point_with_its_outcome() -> None:
    views, _ = ks1()
    out = frame(step_of(views, "knights.ram"))
    said = texts(out)
    assert "Таран 1: ◑ Цель поражена" in said
    assert "Натиск 13 · Сопротивление 9" in said
    # the star sits at the contact point: the two apexes meet at (11,12)
    stars = [p for p in points(out) if len(p) == 20]
    cx, cy = FIELD_X + 11 * CELL, FIELD_Y + 12 * CELL
    assert any(abs(sum(x for x, _ in p) / 20 - cx) < 1 and abs(sum(y for _, y in p) / 20 - cy) < 1 for p in stars)


def test_the_outflank_band_lists_knights_off_the_field() -> None:
    views, _ = ks3()
    out = frame(views[-1])
    said = texts(out)
    assert "⇢ Аутфланк" in said  # where Sir Pell crossed the edge this turn
    assert any(t.startswith("в Аутфланке") for t in said)
    assert "♛" in said  # he carries his Lady, in the band too
    assert "1 Sir Pell" in svg.desc_text(out) and "в Аутфланке" in svg.desc_text(out)


def test_a_lady_token_and_a_carried_lady() -> None:
    views, _ = lady_token()
    def row_11(out: str) -> str:
        return next(line for line in svg.desc_text(out).splitlines() if line.startswith(" 11 "))[4:]

    before = frame(views[0])
    assert "♛" in texts(before)  # the token on cell [7,11]
    assert row_11(before)[7] == "L"
    after = frame(views[-1])
    assert "L" not in row_11(after)
    assert any("♛ своя Леди" in t for t in texts(after))  # Sir Pell carries his own Lady now


def test_take_the_blow_is_tagged() -> None:
    views, _ = ks5()
    out = frame(step_of(views, "knights.take_the_blow"))
    assert "принимает удар" in texts(out)
    assert 'stroke="#CC79A7"' in out  # the loyal knight's path


def test_a_fallen_knight_is_shown_where_it_fell() -> None:
    views, _ = fall()
    out = frame(step_of(views, "knights.ram"))
    assert "☠" in texts(out)
    assert any(t.startswith("☠ пал") for t in texts(out))


def test_a_gm_rulings_bare_payload_still_draws() -> None:
    views, _ = ks1()
    view = step_of(views, "knights.ram")
    bare = replace(view.events[-1], payload={"why": ["GM: Sir Aster wins"], "knights": {"T": {"accel": 0}}})
    out = frame(replace(view, events=view.events[:-1] + (bare,)))
    assert any("GM: Sir Aster wins" in t for t in texts(out))


def test_english_frame() -> None:
    views, _ = ks1()
    out = frame(step_of(views, "knights.ram"), lang="en")
    said = texts(out)
    assert "Turn 5 · step 8/13" in said
    assert "Ram 1: ◑ Target struck" in said and "Impetus 13 · Resistance 9" in said
