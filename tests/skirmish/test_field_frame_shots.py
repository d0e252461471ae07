"""Issue 9, the battle frame of ranged combat: every projectile of a shot is drawn (the second one of M80/M81, the
flight on to the next target of M79, a target grazed by M78), the path of a shot on the move or in a jump (M75-M77), the
defences against it (M84's screen, M83's protector), each with its legend entry; and eight fighters fit one frame.
Given a recorded fight (or a round resolved here), the frame shows this."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver, views
from replay.render import svg as S
from replay.ruleset import FrameView
from replay.rulesets.skirmish import field_frame
from tests.legend_support import NS, ROOT, board, legend_tail, size, tail_labels
from tests.skirmish.kit import RULESET, payloads, why_stopped
from tests.skirmish.test_ranged_moves import graze_field, graze_round, on_the_move, roll


@pytest.fixture(scope="module")
def volley(tmp_path_factory: pytest.TempPathFactory) -> Any:
    store = Store.open(Path(tmp_path_factory.mktemp("volley")) / "g.duckdb")
    text = (ROOT / "fixtures" / "skirmish" / "volley.jsonl").read_text(encoding="utf-8")
    game_id = next(iter(import_text(store, text, source="volley")))
    with store:
        return driver.load(store, game_id)


def last_frame(game: Any, turn: int, lang: str = "ru") -> tuple[FrameView, ET.Element]:
    view = views.frame_view(game, turn, driver.turn_steps(game, turn).count, lang)
    return view, ET.fromstring(game.ruleset.frame(view))


def badges(root: ET.Element) -> list[str]:
    return [e.text or "" for e in board(root) if e.tag == f"{NS}text" and e.get("fill") == S.INK
            and e.text in field_frame.BADGES.values()]


def shield_marks(root: ET.Element) -> list[tuple[str, str | None]]:
    return [(e.tag.removeprefix(NS), e.get("stroke-dasharray")) for e in board(root)
            if e.get("stroke") == field_frame.SHIELD]


def arrows(root: ET.Element) -> list[ET.Element]:
    return [e for e in board(root) if e.tag == f"{NS}line" and "marker-end" in e.attrib]


def test_the_double_shot_and_the_synchronous_throw_draw_their_second_projectiles_and_the_defences(volley) -> None:
    """Round 2 of the volley: ZOR's synchronous throw (M81) at VSE, who screens his head (M84); VSE's double shot
    (M80) at ZOR, whom BOR protects from the flank (M83)."""
    view, root = last_frame(volley, 2)
    shots = field_frame.scene(view).shots
    assert [(m.shooter, m.maneuver, [(f.kind, f.target, f.outcome) for f in m.flights]) for m in shots] == [
        ("ZOR", "synchronous_throw", [("second", "VSE", "miss")]), ("VSE", "double_shot", [("second", "ZOR", "hit")])]
    assert [(g.kind, g.fighter, g.target, g.detail) for m in shots for g in m.guards] == [
        ("screen", "VSE", "VSE", ("head",)), ("protect", "BOR", "ZOR", ("shield_parry_missile", "flank"))]
    assert sorted(badges(root)) == ["2", "2"]
    assert sorted(shield_marks(root), key=str) == [("line", "2,2"), ("path", "2,2"), ("path", None)]
    lines = arrows(root)
    assert len(lines) == 4  # two projectiles each way, none drawn over another
    assert len({(e.get("y1"), e.get("y2")) for e in lines}) == 4
    labels = tail_labels(root)
    for label in ("второй снаряд (M80, M81)", "заслон щитом (M84)", "защита союзника от выстрела (M83)"):
        assert label in labels, labels
    desc = field_frame.scene(view).desc
    assert "выстрел VSE → ZOR: короткая, попадание (двойной выстрел, M80)" in desc
    assert "  второй снаряд → ZOR: попадание" in desc and "  второй снаряд → VSE: промах" in desc
    assert "  VSE: заслон щитом (голова)" in desc and "  BOR защищает ZOR (парирование щитом, с фланга)" in desc


def test_the_through_shot_flies_on_to_the_comrade_behind(volley) -> None:
    """Round 4: VSE's aimed through shot (M79) from ZOR's fingers into BOR's shin behind her."""
    view, root = last_frame(volley, 4, "en")
    (shot,) = field_frame.scene(view).shots
    assert [(f.kind, f.target, f.start, f.end, f.outcome) for f in shot.flights] == [
        ("through", "BOR", (3, 2), (2, 2), "hit")]
    assert badges(root) == ["»"]
    assert "through, on to the next target (M79)" in tail_labels(root)
    assert "  through → BOR: hit" in field_frame.scene(view).desc


def test_a_shot_on_the_move_draws_its_walk_as_the_shots_and_not_as_a_path(volley) -> None:
    """Round 3: MIR walks her free metre and shoots (M76): the cells walked are the shot's, dotted, in her colour."""
    view, root = last_frame(volley, 3)
    (shot,) = field_frame.scene(view).shots
    assert shot.move == ((0, 2), (1, 2)) and not shot.jump
    mir = next(t for t in field_frame.scene(view).tokens if t.id == "MIR")
    assert mir.path == ((0, 2),)  # the round's path without the shot's cells
    colour = mir.color
    dotted = [e for e in board(root) if e.get("stroke-dasharray") == "1,4"]
    assert [(e.tag.removeprefix(NS), e.get("stroke")) for e in dotted] == [("polyline", colour)]
    assert not [e for e in board(root) if e.get("stroke-dasharray") == "6,4" and e.get("stroke") == colour]
    assert "путь выстрела в движении, в прыжке (M75–M77)" in tail_labels(root)
    assert "  путь MIR: (0, 2) → (1, 2)" in field_frame.scene(view).desc


def frame_of(stop: Any, lang: str = "ru") -> tuple[FrameView, ET.Element]:
    view = FrameView(stop.state, 2, len(stop.drafts), len(stop.drafts), tuple(stop.drafts), "0" * 64, lang)
    return view, ET.fromstring(RULESET.frame(view))


def test_a_grazed_target_is_badged_and_the_projectile_goes_on(monkeypatch) -> None:
    stop = graze_round().resolve(graze_field(monkeypatch))
    assert payloads(stop, "shot"), why_stopped(stop)
    view, root = frame_of(stop)
    (shot,) = field_frame.scene(view).shots
    assert (shot.end, shot.outcome) == ((0, 2), "hit")  # on to RAT
    assert [(f.kind, f.target, f.end) for f in shot.flights] == [("graze", "MIR", (3, 2))]
    assert badges(root) == ["~"]
    assert "задет по касательной (M78)" in tail_labels(root)


def test_a_projectile_stuck_in_a_grazed_target_ends_there(monkeypatch) -> None:
    from tests.skirmish.kit import Round
    from tests.skirmish.test_ranged_moves import act

    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 2, "skill": 4}, maneuver="grazing_shot",
        graze=[{"target": "MIR"}])
    act(rnd, "RAT", act="wait")
    act(rnd, "MIR", act="wait")
    roll(rnd, "VSE", "shot", [10, 9, 9, 8, 8, 7, 2, 2, 2])
    roll(rnd, "VSE", "shot_zone", [5], "1d6", graze=1)
    roll(rnd, "VSE", "zone", [3, 4], "2d6-2", graze=1)
    roll(rnd, "VSE", "penetration", [6], "1d6", graze=1)
    stop = rnd.resolve(graze_field(monkeypatch))
    assert payloads(stop, "shot"), why_stopped(stop)
    (shot,) = field_frame.scene(frame_of(stop)[0]).shots
    assert shot.end == (3, 2) and shot.outcome == payloads(stop, "shot")[0]["grazed"][0]["outcome"]


def test_a_jump_throw_is_drawn_as_an_arc_over_the_cells_flown() -> None:
    state, rnd = on_the_move("jump_fall_throw", {"reflex": 2, "acrobatics": 1}, [[5, 2], [4, 2]], [9, 7, 6],
                             weapon="throwing_knife", landing="lying")
    roll(rnd, "VSE", "shot", [4, 2])
    stop = rnd.resolve(state)
    assert payloads(stop, "shot"), why_stopped(stop)
    view, root = frame_of(stop, "en")
    (shot,) = field_frame.scene(view).shots
    assert shot.jump and shot.move == ((6, 2), (5, 2))  # flew 1 m of the 2 declared
    arcs = [e for e in board(root) if e.tag == f"{NS}path" and e.get("stroke-dasharray") == "1,4"]
    assert len(arcs) == 1 and " Q" in arcs[0].get("d", "")
    assert "moved or jumped to shoot (M75–M77)" in tail_labels(root)
    assert "  VSE jumped: (6, 2) → (5, 2)" in field_frame.scene(view).desc


EIGHT = {"field": {"grid": "square", "width": 16, "height": 10, "terrain": [{"cell": [8, 4], "flags": ["cover"]}]},
         "fighters": [
             *({"sample": "VSE", "id": f"R{n}", "name": {"ru": f"Ратник {n}", "en": f"Warrior {n}"}, "side": "red",
                "cell": [1, 1 + 2 * n], "facing": "E",
                **({"ranged": {"weapon": "short_bow", "ammo": 6, "placement": "at_hand"}} if n % 2 else {})}
               for n in range(4)),
             *({"sample": "RAT", "id": f"B{n}", "name": {"ru": f"Боец {n}", "en": f"Fighter {n}"}, "side": "blue",
                "cell": [14, 1 + 2 * n], "facing": "W"} for n in range(4))]}


def test_eight_fighters_fit_one_frame_each_with_its_panel() -> None:
    """The issue's frame "compact enough for eight fighters": eight tokens on the map, eight panels in two rows of
    four inside the frame's width, the ladder's room for eight, every frame of the battle one size."""
    state = RULESET.initial(EIGHT, RULESET.options())
    view = FrameView(state, 1, 0, 0, (), "0" * 64, "ru")
    root = ET.fromstring(RULESET.frame(view))
    width = float(root.get("width", "0"))
    panels = [e for e in board(root) if e.tag == f"{NS}rect" and e.get("height") == str(field_frame.PANEL_H)]
    assert len(panels) == 8
    assert len({float(e.get("y", "0")) for e in panels}) == 2
    assert all(float(e.get("x", "0")) >= 16 and float(e.get("x", "0")) + field_frame.PANEL_W <= width - 16
               for e in panels)
    ids = {e.text for e in board(root) if e.tag == f"{NS}text" and e.get("fill") == S.PAPER}
    assert {f"R{n}" for n in range(4)} | {f"B{n}" for n in range(4)} <= ids
    assert size(root) == size(ET.fromstring(RULESET.frame(FrameView(state, 1, 0, 0, (), "0" * 64, "en"))))
    assert legend_tail(root)
