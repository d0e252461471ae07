"""The frame (a scene of plain data, then its drawing) and the post, ru and en, read from the payloads."""

from replay.context import as_event
from replay.render import svg as S
from replay.render.text import render
from replay.ruleset import FrameView, TurnView
from replay.rulesets.skirmish import frame as F
from tests.skirmish.kit import RULESET, Round, fight, payloads
from tests.skirmish.test_scenarios import s3_exchange_two


def s3():
    start = fight(holder="VSE", distance="long")
    stop = s3_exchange_two().resolve(start)
    return start, stop, tuple(as_event("g", d) for d in stop.drafts)


def view_at(start, events, k, lang="ru"):
    state = start
    for e in events[:k]:
        state = RULESET.evolve(state, e)
    return FrameView(state, 1, k, len(events), events[:k], "f" * 64, lang)


def test_the_frame_shows_both_fighters_pools_and_wounds():
    start, stop, events = s3()
    k = next(n for n, e in enumerate(events, 1) if e.type == "skirmish.hit")
    shown = F.scene(view_at(start, events, k))
    rat, vse = shown.sides
    assert rat.holder and not vse.holder and shown.distance == "длинная"
    assert vse.zones == {"upper_torso": 2} and vse.pain == 2 and vse.shock == 2 and vse.bleeding == 1
    assert rat.pool["spent"] == {"reflex": 5, "skill": 5} and vse.shield.startswith("круглый щит R5")
    assert [a[:2] for a in shown.arrows] == [("VSE", "RAT"), ("RAT", "VSE")]
    assert "W = 3" in shown.event[0]
    svg = F.frame(view_at(start, events, k))
    assert S.last_event_hash(svg) == "f" * 64
    assert "RAT" in S.desc_text(svg) and "правая часть груди" in svg


def test_the_frame_escapes_names():
    start = fight({"fighters": [{"sample": "RAT", "name": {"ru": "<b>&", "en": "<b>&"}}, {"sample": "VSE"}]})
    svg = F.frame(FrameView(start, 1, 0, 0, (), "0" * 64, "en"))
    assert "<b>&" not in svg and "&lt;b&gt;&amp;" in svg


def test_the_post_tells_dice_comparison_buys_and_damage_in_both_languages():
    start, stop, events = s3()
    view = TurnView(start, stop.state, 1, (), events)
    ru = render(RULESET.post(view, "ru"), "markdown")
    en = render(RULESET.post(view, "en"), "markdown")
    assert "Обмен 2" in ru and "инициатива переходит к Ратибору" in ru and "переброс" in ru
    assert "D \\= 10 \\(пробивающий \\+2\\), щит −5" in ru and "рана ур\\. 2" in ru
    assert "(−3 куб. по 5.1.6)".replace(".", "\\.").replace("(", "\\(").replace(")", "\\)") in ru
    assert "3 vs 4 → the defence wins" in en and "wound level 2: pain 2, shock 2, bleeding 1" in en
    assert "fatigue check 4d10 %5 \\[3, 1, 2, 6\\] → 1 − 1 \\= 0 → fatigue 1" in en


def test_leftover_successes_of_a_slash_become_bleeding():
    state = fight(holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").attack("RAT", "slash", "right_arm", skill=5).declare("VSE", "defence")
            .roll("RAT", "attack", [9, 9, 9, 2, 2]).roll("RAT", "zone", [1, 2], dice="2d6-2")).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["precise"] == "fingers" and hit["leftover_sink"] == "bleeding"
    assert hit["raw"] == 7 and hit["W"] == 4  # the fingers' max_w (SAMPLE)
    assert hit["wound"]["level"] == 2 and hit["wound"]["bleeding"] == 1 + 3  # level 2 bleeds 1, +3 leftover ≤ W


def test_a_crippled_leg_lays_the_fighter_down():
    state = fight(holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").attack("RAT", "chop", "left_leg", skill=5, buys=["precise:knee",
                                                                                               "danger:2"])
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9, 9, 9, 2])
            .roll("VSE", "knockout", [9, 9, 9, 9])).resolve(state)
    hit = payloads(stop, "hit")[0]
    assert hit["wound"]["level"] == 5 and "crippled" in hit["wound"]["consequences"]
    assert stop.state.fighter("VSE").stance == "lying"


def test_the_post_tells_a_stopped_blow():
    from tests.skirmish.test_scenarios import s2_round

    state, rnd = s2_round([4, 2, 7, 5])
    stop = rnd.roll("VSE", "reliability", [9, 3, 5, 1, 6, 2]).resolve(state)
    view = TurnView(state, stop.state, 1, (), tuple(as_event("g", d) for d in stop.drafts))
    assert "круглый щит принимает D = 8" in render(RULESET.post(view, "ru"), "bbcode")
    assert "reliability 6d10 %5" in render(RULESET.post(view, "en"), "bbcode")


def test_the_post_tells_a_feint():
    from tests.skirmish.test_scenarios import s4_round

    state = fight(holder="VSE", distance="medium")
    stop = s4_round().resolve(state)
    view = TurnView(state, stop.state, 1, (), tuple(as_event("g", d) for d in stop.drafts))
    ru = render(RULESET.post(view, "ru"), "bbcode")
    assert "Ратибор: финт!" in ru and "закрыто Р0 Н4" in ru and "освобождено Р0 Н2" in ru
