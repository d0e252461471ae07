"""M22 Pass (L415-423) between two fighters: «должна быть свободная клетка, граничащая и с противником и с
инициатором маневра» (L418); «В случае успеха, атакующий сдвигается в свободную клетку рядом с противником и может
продолжать движение (в пределах значения Скорость), если ничто ему не препятствует. Как и при обычных секущих ударах,
можно покупать дополнительное кровотечение» (L421); «Успешный проход устанавливает дистанцию боя на усмотрение
инициатора маневра или, как удачное отступление, прерывает схватку» (L423). Where the passer goes and what follows
are his choice `pass_through` (CP-18, CP-17): the rules wait for it."""

from __future__ import annotations

from replay.render import i18n
from replay.ruleset import FrameView
from replay.rulesets.skirmish import check, messages, post
from replay.rulesets.skirmish import events as ev
from replay.rulesets.skirmish import frame as F
from replay.rulesets.skirmish.maneuvers import passing
from replay.rulesets.skirmish.model import SkirmishOptions
from tests.skirmish.kit import Round, asked, fight, payloads

OPTIONS = SkirmishOptions()
PASS = {"exchange": 1, "step": "attack", "maneuver": "pass_through", "target": "VSE", "zone": "upper_torso",
        "dice": {"reflex": 1, "skill": 3}, "buys": ["bleeding:1"]}


def duel(rat=None, vse=None, **fields):
    """RAT (longsword, swords 5) at (0, 0) against VSE (arming sword and round shield) at (1, 0)."""
    return fight({"fighters": [{"sample": "RAT", "cell": [0, 0], **(rat or {})},
                               {"sample": "VSE", "cell": [1, 0], "facing": "W", **(vse or {})}]}, **fields)


def passed(state, choice=None):
    """RAT's pass in exchange 1 wins against VSE's parry; `choice` answers where it ends."""
    rnd = (Round().declare("VSE", "attack").attack("RAT", "pass_through", "upper_torso", reflex=1, skill=3,
                                                   buys=["bleeding:1"])
           .defend("VSE", "parry", skill=2).choice("RAT", "feint", "no", exchange=1)
           .roll("RAT", "attack", [9, 8, 8, 7]).roll("VSE", "defence", [2, 3]).roll("RAT", "zone", [3, 4], dice="2d6-2")
           .roll("RAT", "penetration", [6], dice="1d6"))
    if choice is not None:
        rnd.choice("RAT", "pass_through", choice, exchange=1)
    return rnd.resolve(state)


def test_the_free_cells_adjacent_to_both_are_the_four_beside_the_pair():
    """L418 on the duel's square grid: the fighters' own cells are not free."""
    state = duel()
    assert passing.free_cells(state, "RAT") == [(0, -1), (0, 1), (1, -1), (1, 1)]
    assert passing.free_cells(duel(vse={"cell": [1, 1]}), "RAT") == [(0, 1), (1, 0)]


def test_m22_is_a_cutting_attack_at_the_weapons_cut_difficulty_with_one_reflex_activation():
    state = duel(holder="RAT", distance="long", round=1, exchange=1)
    assert check.declaration(state, "RAT", PASS, OPTIONS) == []
    stop = passed(state)
    priced = next(d for d in payloads(stop, "declared") if d["maneuver"] == "pass_through")["priced"]
    assert priced["activation"] == 1 and priced["difficulty"] == 5
    hit = payloads(stop, "hit")[0]
    assert hit["damage_type"] == "cutting" and hit["bought"]["bleeding"] == 1


def test_a_successful_pass_waits_for_the_attackers_choice_and_never_picks_a_cell():
    state = duel(holder="RAT", distance="long")
    stop = passed(state)
    assert ("RAT", "pass_through", {"exchange": 1}) in asked(stop)
    request = next(r for r in stop.requests if r.name == "pass_through")
    assert request.options == ("(0, -1)", "(0, 1)", "(1, -1)", "(1, 1)")
    assert payloads(stop, "exchange_ended") == [] and stop.state.fighter("RAT").cell == (0, 0)


def test_the_passer_moves_into_the_cell_goes_on_and_sets_the_distance():
    state = duel(holder="RAT", distance="long")
    stop = passed(state, {"cell": [1, 1], "path": [[2, 1], [2, 0]], "facing": "W", "distance": "medium"})
    assert stop.error is None, stop.error
    move = next(e for e in payloads(stop, "effect") if e["maneuver"] == "pass_through")
    assert move["changes"] == [{"op": "move", "fighter": "RAT", "cell": [2, 0], "path": [[1, 1], [2, 1], [2, 0]],
                                "facing": "W"}]
    rat = stop.state.fighter("RAT")
    assert rat.cell == (2, 0) and rat.facing == "W"
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["distance"] == "medium" and not ended["melee_ended"]


def test_the_pass_may_end_the_melee_as_a_successful_retreat_would():
    state = duel(holder="RAT", distance="long")
    stop = passed(state, {"cell": [0, 1], "path": [[0, 2], [0, 3]], "distance": "end"})
    ended = payloads(stop, "exchange_ended")[0]
    assert ended["melee_ended"] and ended["holder"] is None and ended["distance"] is None
    assert any("M22, L423" in w for w in ended["why"])
    assert stop.state.fighter("RAT").cell == (0, 3) and not stop.state.engaged


def test_a_failed_pass_moves_nobody_and_asks_nothing():
    state = duel(holder="RAT", distance="long")
    stop = (Round().declare("VSE", "attack").attack("RAT", "pass_through", "upper_torso", reflex=1, skill=3)
            .defend("VSE", "parry", skill=2).choice("RAT", "feint", "no", exchange=1)
            .roll("RAT", "attack", [2, 3, 1, 4]).roll("VSE", "defence", [9, 9])).resolve(state)
    assert "pass_through" not in [name for _, name, _ in asked(stop)]
    assert stop.state.fighter("RAT").cell == (0, 0)


def test_no_free_cell_adjacent_to_both_refuses_the_pass_naming_l418():
    state = duel(vse={"cell": [3, 0]}, holder="RAT", distance="long", round=1, exchange=1)
    problems = check.declaration(state, "RAT", PASS, OPTIONS)
    assert any(p.startswith("condition_failed (5.4.1 M22, L418)") for p in problems), problems


def test_a_pass_needs_professional_weapon_skill_four():
    state = duel(rat={"skills": {"swords": 3}}, holder="RAT", distance="long", round=1, exchange=1)
    assert [p.split(" ", 1)[0] for p in check.declaration(state, "RAT", PASS, OPTIONS)] == ["skill_too_low"]


def test_a_weapon_that_cannot_cut_cannot_pass():
    state = duel(rat={"weapons": [{"id": "spear", "type": "spear", "hands": ["right", "left"]}]}, holder="RAT",
                 distance="long", round=1, exchange=1)
    problems = check.declaration(state, "RAT", PASS, OPTIONS)
    assert any("5.4.1 M22, L419" in p for p in problems), problems


def test_bad_choices_are_refused_naming_the_rule():
    state = duel(holder="RAT", distance="long")
    waiting = passed(state)
    where = waiting.state
    bad = {
        "not adjacent to both": {"cell": [2, 0], "distance": "long"},
        "the opponent's cell": {"cell": [1, 1], "path": [[1, 0]], "distance": "long"},
        "beyond Speed": {"cell": [1, 1], "path": [[2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1], [8, 1]],
                         "distance": "end"},
        "out of reach of the distance": {"cell": [1, 1], "path": [[2, 1], [3, 1], [4, 1]], "distance": "long"},
        "no distance": {"cell": [1, 1]},
    }
    for name, value in bad.items():
        problems = check.check(where, waiting.requests, _choice(value), OPTIONS)
        assert problems and all("M22" in p for p in problems), (name, problems)
    assert check.check(where, waiting.requests, _choice({"cell": [1, 1], "distance": "short"}), OPTIONS) == []
    assert check.check(where, (), _choice({"cell": [1, 1], "distance": "short"}), OPTIONS)  # not asked now


def _choice(value):
    from eventlog.envelope import Draft

    return Draft("choice", {"name": "pass_through", "value": value, "exchange": 1}, actor="RAT")


def test_the_post_tells_the_pass_in_both_languages_and_the_frame_shows_the_new_cell():
    state = duel(holder="RAT", distance="long")
    stop = passed(state, {"cell": [1, 1], "path": [[2, 1]], "facing": "N", "distance": "short"})
    effect = ev.Effect.model_validate(next(e for e in payloads(stop, "effect") if e["maneuver"] == "pass_through"))
    en = post.effect_text(effect, "en")[1]
    ru = post.effect_text(effect, "ru")[1]
    assert "RAT's path: (1, 1) → (2, 1), facing north" in en and "RAT passes VSE into (1, 1)" in en
    assert "путь RAT: (1, 1) → (2, 1), лицом на север" in ru and "проходит мимо VSE в клетку (1, 1)" in ru
    assert "устанавливает боевую дистанцию: короткая" in ru
    for line in messages.why(effect.model_dump(), "ru"):
        assert not line.startswith(i18n.UNTRANSLATED["ru"]) and not messages.english_left(line, {"RAT", "VSE"}), line
    ended = payloads(passed(state, {"cell": [0, 1], "distance": "end"}), "exchange_ended")[0]
    for line in messages.why(ended, "ru"):
        assert not line.startswith(i18n.UNTRANSLATED["ru"]) and not messages.english_left(line, {"RAT", "VSE"}), line
    view = FrameView(stop.state, 1, 0, 0, (), "0" * 64, "en")
    assert [s.cell for s in F.scene(view).sides] == [(2, 1), (1, 0)]
    svg = F.frame(view)
    assert "(2, 1)" in svg and "(1, 0)" in svg and "RAT Ratibor (cell 2, 1)" in F.desc(F.scene(view), "en")
    before = F.frame(FrameView(state, 1, 0, 0, (), "0" * 64, "en"))
    assert "(0, 0)" not in before  # two fighters side by side as ever: no coordinates shown


def field_pair(more=(), terrain=(), grid="square"):
    """RAT (1, 1) and VSE (2, 1) in a melee pair on an 8 × 4 field with `more` fighters and `terrain` cells blocked."""
    from dataclasses import replace

    from replay.rulesets.skirmish import battle
    from tests.skirmish.kit import RULESET

    state = RULESET.initial({"field": {"grid": grid, "width": 8, "height": 4,
                                       "terrain": [{"cell": list(c), "flags": ["blocked"]} for c in terrain]},
                             "fighters": [{"sample": "RAT", "cell": [1, 1], "facing": "E"},
                                          {"sample": "VSE", "cell": [2, 1], "facing": "W"}, *more]}, OPTIONS)
    assert isinstance(state, battle.Battle)
    return replace(state, loose=tuple(f for f in state.loose if f.id not in ("RAT", "VSE")),
                   pairs=(battle.new_pair(state, "RAT", "VSE"),))


BOR = {"sample": "RAT", "id": "BOR", "name": {"ru": "Борис", "en": "Boris"}, "cell": [1, 0], "facing": "E"}
MIR = {"sample": "VSE", "id": "MIR", "name": {"ru": "Мирон", "en": "Miron"}, "cell": [1, 2], "facing": "W"}


def test_on_the_field_other_fighters_and_terrain_block_a_pass():
    """L418, L421 on the field: the field's other fighters and blocked terrain are no free cells and block the way on;
    the field's edge too."""
    from replay.rulesets.skirmish import battle

    state = field_pair([BOR, MIR], terrain=[(2, 2)])
    fight = battle.on_the_field(state, state.pairs[0])
    assert passing.free_cells(fight, "RAT") == [(2, 0)]  # (1, 0) Boris, (1, 2) Miron, (2, 2) blocked
    assert passing.free_cells(state.pairs[0].fight, "RAT") == [(1, 0), (1, 2), (2, 0), (2, 2)]  # the duel's view
    assert passing.choice_problems(fight, "RAT", {"cell": [2, 2], "distance": "long"}) == [
        "condition_failed (5.4.1 M22, L418): the cell (2, 2) is not free and adjacent to both RAT and VSE; these are: "
        "(2, 0)"]
    assert passing.choice_problems(fight, "RAT", {"cell": [2, 0], "path": [[2, -1]], "distance": "end"}) == [
        "condition_failed (5.4.1 M22, L421): the path goes through (2, -1): off the field, blocked terrain or another "
        "fighter's cell blocks the way"]
    assert passing.choice_problems(fight, "RAT", {"cell": [2, 0], "path": [[3, 0], [3, 1]], "distance": "end"}) == []
    walled = field_pair([BOR, MIR], terrain=[(2, 2), (2, 0)])
    said = passing.pass_conditions(battle.on_the_field(walled, walled.pairs[0]), walled.fighter("RAT"), PASS)
    assert said == ["condition_failed (5.4.1 M22, L418): no free cell is adjacent to both RAT and VSE: a pass needs "
                    "one"]


def test_on_the_field_a_pass_is_checked_where_the_field_stands():
    """battle_check gives part 1's check the field around the pair: a pass with a free cell is no longer refused, one
    without is refused naming L418, on squares and on hexes."""
    from eventlog.envelope import Draft
    from replay.rulesets.skirmish import battle_check
    from tests.skirmish.kit import RULESET

    def refused(state):
        from dataclasses import replace

        from replay.context import Request, freeze

        pair = state.pairs[0]
        state = state.with_pair(replace(pair, fight=replace(pair.fight, round=1, exchange=1, step=1, holder="VSE",
                                                            distance="long", engaged=True)))
        asked_now = (Request("order", "RAT", "order", freeze({"exchange": 1, "step": "attack"})),)
        return battle_check.check(state, asked_now, Draft("order", PASS, actor="RAT"), OPTIONS)

    assert refused(field_pair([BOR, MIR], terrain=[(2, 2)])) == []
    assert refused(field_pair([BOR, MIR], terrain=[(2, 2), (2, 0)])) == [
        "condition_failed (5.4.1 M22, L418): no free cell is adjacent to both RAT and VSE: a pass needs one"]
    assert refused(field_pair(grid="hex")) == []  # on hexes too: (2, 0) and (2, 2) touch both
    assert refused(field_pair(grid="hex", terrain=[(2, 0), (2, 2)])) == [
        "condition_failed (5.4.1 M22, L418): no free cell is adjacent to both RAT and VSE: a pass needs one"]
    blocked = "condition_failed (5.4.1 M22, L421): the path goes through (2, -1): off the field, blocked terrain or " \
        "another fighter's cell blocks the way"
    assert i18n.localize(blocked, "ru", [RULESET]).endswith("край поля, непроходимая местность или клетка другого "
                                                              "бойца преграждает путь")


def test_no_pass_in_a_grapple_l723():
    """L723: in wrestling the fighters are in constant contact: a pass past the opponent is refused."""
    from dataclasses import replace

    from tests.skirmish.test_wrestling import holding

    state = replace(holding(duel()), holder="RAT", distance="hand", round=1, exchange=1)
    problems = check.declaration(state, "RAT", PASS, OPTIONS)
    assert any(p.startswith("condition_failed (5.4.1 M22, L723)") for p in problems), problems


def test_on_the_field_a_pair_passes_into_a_free_cell_of_the_field():
    """A melee pair's round on the field (part 1's procedure): the pass's choice offers the field's free cells only
    (the blocked terrain at (4, 2) is none of them) and the passer moves there, ending the melee (L421, L423)."""
    from tests.skirmish.test_part2 import order, started

    rnd = Round(turn=1)
    order(rnd, "RAT", 1, act="move", gait="jog", path=[[2, 1], [3, 1], [4, 1]])
    order(rnd, "VSE", 1, act="move", gait="walk", path=[[5, 1]])
    for who, x in (("MIR", 1), ("BOR", 1), ("MIR", 2), ("BOR", 2)):
        order(rnd, who, x, act="wait")
    engaged = rnd.resolve(started()).state
    nxt = (Round(turn=2).roll("RAT", "initiative", [9, 9, 9, 9, 9]).roll("VSE", "initiative", [1, 2, 3, 4, 2, 2])
           .declare("VSE", "attack").attack("RAT", "pass_through", "upper_torso", reflex=1, skill=3)
           .declare("VSE", "defence").choice("RAT", "feint", "no", exchange=1).roll("RAT", "attack", [9, 8, 8, 7])
           .roll("RAT", "zone", [3, 4], dice="2d6-2").roll("RAT", "penetration", [6], dice="1d6"))
    ask = next(r for r in nxt.resolve(engaged).requests if r.name == "pass_through")
    assert ask.actor == "RAT" and list(ask.options) == ["(4, 0)", "(5, 0)", "(5, 2)"]
    nxt.choice("RAT", "pass_through", {"cell": [4, 2], "distance": "end"}, exchange=1)
    assert "not legal" in (nxt.resolve(engaged).error or "")  # blocked terrain: refused, never picked for him
    nxt.events.pop()
    nxt.choice("RAT", "pass_through", {"cell": [5, 2], "distance": "end"}, exchange=1)
    stop = nxt.resolve(engaged)
    moved = [p for p in payloads(stop, "effect") if p.get("maneuver") == "pass_through"]
    assert moved and moved[0]["changes"][0]["cell"] == [5, 2]
    assert stop.state.fighter("RAT").cell == (5, 2)


def test_on_a_hex_field_a_pair_passes_through_a_hex_touching_both():
    """L418 on hexes: the two hexes touching both fighters are the free cells; the path goes hex by hex, the facing
    is one of the hex field's six; bad choices are refused naming the rule, in Russian too."""
    from replay.rulesets.skirmish import battle
    from tests.skirmish.kit import RULESET

    state = field_pair(grid="hex")
    fight = battle.on_the_field(state, state.pairs[0])
    assert fight.grid == "hex" and passing.free_cells(fight, "RAT") == [(2, 0), (2, 2)]
    assert passing.choice_problems(fight, "RAT", {"cell": [2, 0], "path": [[3, 0]], "facing": "SW",
                                                  "distance": "medium"}) == []
    assert passing.choice_problems(fight, "RAT", {"cell": [1, 0], "distance": "end"}) == [
        "condition_failed (5.4.1 M22, L418): the cell (1, 0) is not free and adjacent to both RAT and VSE; these are: "
        "(2, 0), (2, 2)"]
    assert passing.choice_problems(fight, "RAT", {"cell": [2, 0], "path": [[4, 0]], "distance": "end"}) == [
        "condition_failed (5.4.1 M22, L421): the path goes from (2, 0) to (4, 0): not the next cell, or the "
        "opponent's cell, which blocks the way"]
    wrong = passing.choice_problems(fight, "RAT", {"cell": [2, 0], "facing": "N", "distance": "end"})
    assert wrong == ["condition_failed (5.4.1 M22, CP-18): " + passing.HEX_FORMAT]
    said = i18n.localize(wrong[0], "ru", [RULESET])
    assert '"NE"|"NW"' in said and not said.startswith(i18n.UNTRANSLATED["ru"]), said
    from replay.rulesets.skirmish import model

    assert model.state_to_json(fight)["grid"] == "hex" and model.state_from_json(model.state_to_json(fight)).grid == \
        "hex"
    square = field_pair()
    assert "grid" not in model.state_to_json(battle.on_the_field(square, square.pairs[0]))  # squares: as before
