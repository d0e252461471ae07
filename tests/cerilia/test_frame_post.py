"""The screen's scene (plain data) and the post's words: what a GM reads, from the payloads' numbers."""

from __future__ import annotations

from eventlog.envelope import Draft
from replay.context import as_event
from replay.render.text import render
from replay.ruleset import FrameView, TurnView
from replay.rulesets.cerilia.frame import frame, scene
from replay.rulesets.cerilia.post import post
from tests.cerilia.kit import RULES, resolve
from tests.cerilia.test_scenarios import s1, s4


def _events(stop):
    return tuple(as_event("t", d) for d in stop.drafts)


def test_the_scene_shows_every_stack_with_its_code_slot_and_decorations_and_the_current_step():
    state, log = s4()
    stop = resolve(state, log)
    events = _events(stop)
    view = FrameView(stop.state, 7, len(events), len(events), events, "h", "en", phase="B5")
    sc = scene(view)
    chips = {c.id: c for c in sc.chips}
    assert (chips["A-In-2"].code, chips["A-In-2"].place, chips["A-In-2"].slot) == ("InSh1", "B2", 3)
    assert chips["A-In-2"].current and chips["A-Pk-1"].melee == "continuing"
    assert ("A-Pk-1", "D-In-1", False) in sc.arrows
    assert sc.caption == "Round 7 · Phase B: mobile shots · step 13/13"
    assert "B2-3 A InSh1 → D-In-1" in sc.desc
    svg = frame(view)
    assert "InSh1" in svg and "Phase B: mobile shots" in svg


def test_the_post_spells_out_each_lookup_and_r_over_f():
    state, log = s1()
    stop = resolve(state, log)
    view = TurnView(state, stop.state, 3, tuple(log.events), _events(stop))
    ru = render(post(view, "ru"), "markdown")
    en = render(post(view, "en"), "markdown")
    assert "D\\-Pk\\-1 → A\\-In\\-1 (ближний бой)".replace("(", "\\(").replace(")", "\\)") in ru
    assert "2 − 2 \\= 0; D9 \\= 8 → card 8, target sign B → R" in en
    assert "R/D beat F: its own F is discarded, it does not fall back" in en
    assert "R/D выше F" in ru
    assert "InB1\\_R \\(C1\\-1; 1/1\\) · A\\-In\\-1" in en
    assert RULES.describe(as_event("t", stop.drafts[-1]), "en").startswith("cerilia.")


def test_a_void_order_and_a_terrain_card_are_said_in_the_posts_language():
    from replay.rulesets.cerilia.post import event_line

    void = as_event("", Draft("cerilia.order_void", {"stack": "A-Arc-1", "verb": "shoot", "reason": "target_gone",
                                                     "why": [], "rule": "§5.1.2", "defaults": []}))
    assert event_line(void, "ru") == "A-Arc-1: приказ «стреляет» отменён (цели больше нет)"
    assert event_line(void, "en") == "A-Arc-1: the shoot order is void (its target is gone)"
    cast = as_event("", Draft("cerilia.order_void", {"stack": "maelis", "verb": "cast", "reason": "§4.4.1 item 2 "
                                                     "(AMB-27): the caster's stack must be free", "why": [],
                                                     "rule": "§5.1.2", "defaults": []}))
    assert event_line(cast, "ru") == "maelis: приказ «кастует» отменён (заклинание больше не законно, §4.4.1, п. 2)"
    hill = as_event("", Draft("cerilia.terrain_placed", {"card": "hill", "sector": "C2", "why": [], "rule": "§3",
                                                         "defaults": []}))
    assert (event_line(hill, "ru"), event_line(hill, "en")) == ("местность «Холм» в C2", "terrain Hill in C2")
