"""M16 (Batman, L369, A-85) and M25 (Rushing attack, L445, A-102) declared from afar by a loose fighter: the grid
distance is measured (≤ Speed; as a category, adjacent medium, 2 m very long, 3 m or more extremely long), the
attacker runs his path to within reach of the target, and the melee begins at that category, where part 1 prices and
checks the maneuver. Ratibor (Speed 7, longsword: long) and Vseslav (Speed 8, arming sword) stand on one row."""

from __future__ import annotations

from typing import Any

import pytest

from eventlog.envelope import Draft, Event
from replay.context import Context, TurnInputs
from replay.render import i18n
from replay.rulesets.skirmish import Skirmish, battle_check, battle_round, costs, data
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle
from replay.rulesets.skirmish.maneuvers import attack

RULESET = Skirmish()


def field(vse: int, *more: dict[str, Any]) -> Battle:
    wall = [{"cell": [4, 4], "flags": ["blocked"]}]
    state = RULESET.initial({"field": {"grid": "square", "width": 14, "height": 6, "terrain": wall}, "fighters": [
        {"sample": "RAT", "cell": [1, 2], "facing": "E"}, {"sample": "VSE", "cell": [vse, 2], "facing": "W"},
        *more]}, RULESET.options())
    assert isinstance(state, Battle)
    return state


def run(state: Battle, fid: str, p: dict[str, Any]) -> tuple[Context, list[str]]:
    problems = battle_check.act(state, fid, p, RULESET.options())
    ctx = Context(TurnInputs.of(1, []), state, RULESET.evolve, "g")
    if not problems:
        battle_round.charge(ctx, fid, p, 1, 0)
    return ctx, problems


def row(a: int, b: int) -> list[list[int]]:
    return [[x, 2] for x in range(a, b + 1)]


def test_a_beat_at_five_metres_starts_the_melee_at_extremely_long_and_part_1_prices_its_activation() -> None:
    ctx, problems = run(field(6), "RAT", {"act": "charge", "maneuver": "beat", "target": "VSE", "path": row(2, 5)})
    assert problems == []
    [moved] = [d.payload for d in ctx.drafts if d.type == "skirmish.moved"]
    [engaged] = [d.payload for d in ctx.drafts if d.type == "skirmish.engaged"]
    assert (moved["metres"], moved["budget"], moved["path"][-1]) == (4, "7", [5, 2])
    assert engaged["distance"] == "extremely_long" and engaged["charge"]["metres"] == 5
    pair = ctx.state.pair_of("RAT")
    assert pair is not None and pair.fight.distance == "extremely_long" and ctx.state.fighter("RAT").cell == (5, 2)
    # 1 reflex + 1 per category beyond long: extremely long is two beyond
    rat = pair.fight.fighter("RAT")
    assert attack.beat_activation(pair.fight, rat, {}) == 1 + data.length_index("extremely_long") - \
        data.length_index("long") == 3


def test_a_beat_beyond_speed_is_refused_naming_l369() -> None:
    _, problems = run(field(9), "RAT", {"act": "charge", "maneuver": "beat", "target": "VSE", "path": row(2, 8)})
    assert problems == ["5.4.1 M16 (L369, A-85): VSE is 8 m from RAT: too far for a distracting maneuver, the grid "
                        "distance must be ≤ RAT's Speed 7"]


@pytest.mark.parametrize(("vse", "ok"), [(3, False), (4, True)])
def test_a_rushing_attack_needs_the_grid_category_two_beyond_the_weapon(vse: int, ok: bool) -> None:
    """The longsword is long (index 3): 2 m is very long (4), one beyond; 3 m extremely long (5), two beyond."""
    state = field(vse)
    own = costs.weapon_length(state.fighter("RAT").weapon)  # type: ignore[arg-type]
    metres = vse - 1
    cat = battle_check.grid_category(metres)
    assert (data.length_index(cat) - data.length_index(own) >= 2) is ok
    ctx, problems = run(state, "RAT", {"act": "charge", "maneuver": "rushing_attack", "target": "VSE",
                                       "path": row(2, vse - 1), "run": "jog"})
    if ok:
        pair = ctx.state.pair_of("RAT")
        assert problems == [] and pair is not None and pair.fight.distance == cat == "extremely_long"
        # M25 (L447): the bonus ⌊run speed / 2⌋, jog = Speed/2: ⌊⌊7/2⌋/2⌋ = 1
        assert attack.rushing_bonus(pair.fight.fighter("RAT"), {"run": "jog"}) == 1
        assert attack.rushing_conditions(pair.fight, pair.fight.fighter("RAT"), {"attack_type": "chop", "run": "jog"}) \
            == []
    else:
        assert problems == ["5.4.1 M25 (L445, A-102): VSE is 2 m from RAT, very long distance: it must exceed RAT's "
                            "weapon length long by two categories or more"]


def test_a_run_longer_than_the_gait_allows_is_refused() -> None:
    """A jog is Speed × 1/2 = 3.5 m: a 6 m run to Vseslav at 7 m is refused; a sprint (7 m) is not."""
    p = {"act": "charge", "maneuver": "rushing_attack", "target": "VSE", "path": row(2, 7), "run": "jog"}
    _, problems = run(field(8), "RAT", p)
    assert problems == ["5.4.1 M25 (5.7, CP-27): a run of 6 m is longer than RAT's 3.5 m at a jog (Speed 7 × 1/2)"]
    said = i18n.chain("ru", (RULESET,)).say(problems[0], "ru")
    assert said == ("5.4.1 M25 (5.7, CP-27): разбег 6 м длиннее, чем 3,5 м у RAT при аллюре «лёгкий бег» (Скорость 7 × "
                    "1/2)")
    assert run(field(8), "RAT", {**p, "run": "sprint"})[1] == []


def test_refusals_name_the_rule_not_loose_blocked_out_of_reach() -> None:
    state = field(6, {"sample": "RAT", "id": "OLG", "cell": [7, 2], "facing": "W"})
    state = RULESET.evolve(state, Event("g", 10, "skirmish.engaged", 1, None, {
        "pair": "OLG-VSE", "fighters": ["OLG", "VSE"], "why": [], "rule": [], "defaults": []}, None, "", "", ""))
    assert isinstance(state, Battle)
    _, problems = run(state, "RAT", {"act": "charge", "maneuver": "beat", "target": "VSE", "path": row(2, 5)})
    assert problems == ["5.4.1 M16 (A-85, A-102): VSE is not loose: he fights in the melee OLG-VSE; the grid distance "
                        "holds only for fighters not yet engaged"]
    _, problems = run(field(6), "RAT", {"act": "charge", "maneuver": "beat", "target": "VSE",
                                        "path": [[2, 3], [3, 4], [4, 4]]})
    assert problems == ["5.4.1 M16: the path to VSE is blocked: 3.6: cell (4, 4) is blocked terrain"]
    _, problems = run(field(6), "RAT", {"act": "charge", "maneuver": "beat", "target": "VSE", "path": row(2, 3)})
    assert problems == ["5.4.1 M16 (L102): the path ends at (3, 2), out of reach of VSE: a charge runs to within reach "
                        "of its target"]
    _, problems = run(field(6), "RAT", {"act": "charge", "maneuver": "feint", "target": "VSE", "path": row(2, 5)})
    assert problems == ["charge: maneuver beat (M16) or rushing_attack (M25): the attacks declared from afar (A-85, "
                        "A-102)"]


def test_the_refusals_and_the_lines_are_said_in_russian() -> None:
    cat = i18n.chain("ru", (RULESET,))
    said = cat.say("5.4.1 M16 (L369, A-85): VSE is 8 m from RAT: too far for a distracting maneuver, the grid "
                   "distance must be ≤ RAT's Speed 7", "ru")
    assert said == ("5.4.1 M16 (L369, A-85): VSE в 8 м от RAT: слишком далеко для отвлекающего маневра, дистанция по "
                    "полю должна быть не больше Скорости RAT (7)")
    said = cat.say("5.4.1 M25 (L445, A-102): VSE is 2 m from RAT, very long distance: it must exceed RAT's weapon "
                   "length long by two categories or more", "ru")
    assert said == ("5.4.1 M25 (L445, A-102): VSE в 2 м от RAT, дистанция очень длинная: она должна превышать длину "
                    "оружия RAT (длинная) на две категории и более")
    ctx, _ = run(field(6), "RAT", {"act": "charge", "maneuver": "beat", "target": "VSE", "path": row(2, 5)})
    [engaged] = [d.payload for d in ctx.drafts if d.type == "skirmish.engaged"]
    [line] = msg.why(engaged, "ru")
    assert line.startswith("RAT заявляет Батман (M16) против VSE в 5 м, ещё не в схватке: дистанция по полю как "
                           "категория — крайне длинная (A-65, A-85)")


# --- a strike on several targets whose further target fights in another melee (M09, M10, M24; PROPOSED) ----------

def two_melees(joined: bool = False) -> Battle:
    """Ratibor (1, 2) fights Vseslav (2, 2); Zoran (2, 3), Vseslav's side, fights Olga (3, 3); Zoran stands within
    reach of Ratibor's longsword (1 cell, diagonal). With `joined`, Boris (1, 3) has joined Ratibor's melee."""
    more: list[dict[str, Any]] = [{"sample": "VSE", "id": "ZOR", "cell": [2, 3], "facing": "E"},
                                  {"sample": "RAT", "id": "OLG", "cell": [3, 3], "facing": "W"}]
    if joined:
        more.append({"sample": "VSE", "id": "BOR", "cell": [1, 3], "facing": "N"})
    state = field(2, *more)
    engaged = [("RAT", "VSE"), ("ZOR", "OLG")]
    for n, (a, b) in enumerate(engaged):
        state = RULESET.evolve(state, Event("g", 10 + n, "skirmish.engaged", 1, None, {
            "pair": f"{a}-{b}", "fighters": [a, b], "why": [], "rule": [], "defaults": []}, None, "", "", ""))
    if joined:
        state = RULESET.evolve(state, Event("g", 12, "skirmish.joined", 1, None, {
            "melee": "RAT-VSE", "fighter": "BOR", "group": "RAT-VSE-BOR", "why": [], "rule": [], "defaults": []},
            None, "", "", ""))
    assert isinstance(state, Battle)
    return state


def declared(state: Battle, **order: Any) -> list[str]:
    draft = Draft("order", {"exchange": 1, "step": "attack", "attack_type": "slash", "zone": "upper_torso",
                            "dice": {"reflex": 2, "skill": 2}, **order}, turn=2, actor="RAT")
    return battle_check.check(state, (), draft, RULESET.options())


@pytest.mark.parametrize("joined", [False, True])
def test_a_sweep_onto_an_enemy_of_another_melee_is_refused_naming_why(joined: bool) -> None:
    state = two_melees(joined)
    rat, zor = state.fighter("RAT"), state.fighter("ZOR")
    assert grid.distance(state.grid, rat.cell, zor.cell) <= battle_check.reach_between(rat, zor)  # within reach
    melee = "RAT-VSE-BOR" if joined else "RAT-VSE"
    for maneuver, mid, key, value in (("circular_strike", "M09", "then", ["ZOR"]),
                                      ("circular_slash", "M10", "then", ["ZOR"]),
                                      ("synchronous_attack", "M24", "also", "ZOR")):
        problems = declared(state, maneuver=maneuver, target="VSE", **{key: value})
        assert problems == [f"5.4.1 {mid} (L285-304, 4.4, PROPOSED): ZOR fights in the melee ZOR-OLG, not in RAT's "
                            f"melee {melee}: a strike on several targets goes over the enemies of its own melee; a "
                            "blow does not join two melees (a move into reach does, L102)"]
        said = i18n.chain("ru", (RULESET,)).say(problems[0], "ru")
        assert said.startswith(f"5.4.1 {mid} (L285-304, 4.4, предложено): ZOR бьётся в схватке ZOR-OLG, а не в "
                               f"схватке RAT ({melee})")


def test_in_a_pair_a_sweep_has_no_further_target() -> None:
    problems = declared(two_melees(), maneuver="circular_strike", target="VSE", then=["VSE"])
    assert problems == ["5.4.1 M09 (L285-304, 4.4): RAT's melee RAT-VSE is a pair: his one opponent is the only "
                        "target; a strike on several targets is played in a melee of several fighters"]
