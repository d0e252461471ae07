"""Issue 8: the recorded fight skirmish-loop (the wrist loop, the closed hilt, the draw over the whole round, the hilt
strike in wrestling) told in both languages: a disarmed sabre hangs on its loop (L689) and is not said to drop, and a
pass that draws over the whole round (L650) says so."""

from __future__ import annotations

from typing import Any

import pytest

from tests.skirmish.test_post_frame_catch import load, steps, told


@pytest.fixture(scope="module")
def loop(tmp_path_factory: pytest.TempPathFactory) -> Any:
    store, game = load(tmp_path_factory.mktemp("loop"), "loop")
    yield game
    store.close()


def test_a_disarmed_sabre_hangs_on_its_loop_and_is_not_dropped(loop):
    disarm = next(s.payload for s in steps(loop) if s.type == "skirmish.effect"
                  and any(c.get("state") == "hanging" for c in s.payload["changes"] if isinstance(c, dict)))
    en, ru = told("skirmish.effect", disarm, "en"), told("skirmish.effect", disarm, "ru")
    assert "VSE's Sabre hangs on its loop" in en and "drops" not in en
    assert "VSE: сабля повисает на темляке" in ru and "роняет" not in ru
    assert "closed hilt: the Strength check at %4 (L689)" in en and "закрытая рукоять" in ru


def test_a_pass_that_draws_over_the_whole_round_says_so(loop):
    decl = next(s.payload for s in steps(loop) if s.type == "skirmish.declared" and s.payload["maneuver"] == "pass"
                and s.payload["order"].get("draw"))
    en, ru = told("skirmish.declared", decl, "en"), told("skirmish.declared", decl, "ru")
    assert en == ("RAT — attack: pass; RAT draws arming_sword over the whole round: no reflex points (M50, L650); "
                  "in hand from round 2")
    assert "RAT выхватывает «средний меч» за целый раунд: очков рефлекса нет (M50, L650); в руке с раунда 2" in ru


def test_the_hilt_strike_in_wrestling_deals_half_the_strength_crushing(loop):
    decl = next(s.payload for s in steps(loop) if s.type == "skirmish.declared"
                and s.payload["maneuver"] == "grapple_weapon_strike" and s.payload["actor"] == "VSE")
    assert decl["order"]["hilt"] is True and decl["priced"]["difficulty"] == 6  # the sabre's chop %5 + 1 (L723)
    assert "→ RAT, upper torso (with the hilt);" in told("skirmish.declared", decl, "en")
    assert "→ RAT, верхний корпус (рукоятью);" in told("skirmish.declared", decl, "ru")
    hit = [s.payload for s in steps(loop) if s.type == "skirmish.hit" and s.payload.get("attacker") == "VSE"][-1]
    assert "D = Strength 4 = 4: a hilt strike in wrestling (L723)" in hit["why"]
    assert hit["damage_type"] == "crushing" and hit["raw"] == 2, hit  # Strength 4, halved in wrestling (L840)
