"""Issue 9: a player's forum post for the ranged combat of the field, in Russian and English: the shot maneuvers (M75-
M81) with their second projectile, next targets, grazed targets and the path and check of a shot on the move; the
target's missile defence and a comrade's protection (M83-M90) as choices. Every error of a post is collected; nothing
is chosen for the player. The texts and their JSON are docs/skirmish.md's."""

from __future__ import annotations

from typing import Any

import pytest

from replay.ruleset import Point
from replay.rulesets.skirmish import field_parse
from tests.skirmish.kit import RULESET, Round
from tests.skirmish.test_part2 import started
from tests.skirmish.test_ranged_moves import act, guarded_field

FIELD = {"stage": "field", "exchange": 1}


@pytest.mark.parametrize(("text", "order"), [
    ("Двойной выстрел в RAT, 4 кубика (1Р+3Н), покупаю зона верхний корпус; второй: покупаю зона голова",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 1, "skill": 3}, "maneuver": "double_shot",
      "buys": ["zone:upper_torso"], "buys2": ["zone:head"]}),
    ("Double shot at RAT, 4 dice (1R+3S), buy zone upper torso; second: buy zone head",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 1, "skill": 3}, "maneuver": "double_shot",
      "buys": ["zone:upper_torso"], "buys2": ["zone:head"]}),
    ("Натягиваю лук на двойной выстрел", {"act": "prepare", "double": True}),
    ("Prepare two arrows for a double shot", {"act": "prepare", "double": True}),
    ("Натягиваю лук и стреляю двойным выстрелом в Ратибора, 4 кубика (1Р+3Н)",
     {"act": "prepare", "shoot": {"target": "RAT", "dice": {"reflex": 1, "skill": 3}, "maneuver": "double_shot"}}),
    ("Синхронный бросок в VSE и RAT, 4 кубика (2Р+2Н)",
     {"act": "shoot", "target": "VSE", "second_target": "RAT", "dice": {"reflex": 2, "skill": 2},
      "maneuver": "synchronous_throw"}),
    ("Synchronous throw at VSE, 4 dice (2R+2S); second at RAT, buy zone leg",
     {"act": "shoot", "target": "VSE", "second_target": "RAT", "dice": {"reflex": 2, "skill": 2},
      "maneuver": "synchronous_throw", "buys2": ["zone:leg"]}),
    ("Синхронный бросок в VSE, 4 кубика (2Р+2Н); второй нож в VSE, покупаю зона нога",
     {"act": "shoot", "target": "VSE", "dice": {"reflex": 2, "skill": 2}, "maneuver": "synchronous_throw",
      "buys2": ["zone:leg"]}),
    ("Целюсь и стреляю навылет в RAT, 6 кубиков (2Р+4Н), покупаю зона рука, точная зона пальцы; дальше BOR",
     {"act": "aim", "shoot": {"target": "RAT", "dice": {"reflex": 2, "skill": 4}, "maneuver": "through_shot",
                              "buys": ["zone:arm", "precise:fingers"], "next_targets": ["BOR"]}}),
    ("Through shot at RAT, 6 dice (2R+4S); then BOR, VSE",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 2, "skill": 4}, "maneuver": "through_shot",
      "next_targets": ["BOR", "VSE"]}),
    ("Выстрел по касательной в RAT, 6 кубиков (2Р+4Н); задеваю Бориса, покупаю зона рука; задеваю VSE",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 2, "skill": 4}, "maneuver": "grazing_shot",
      "graze": [{"target": "BOR", "buys": ["zone:arm"]}, {"target": "VSE"}]}),
    ("Grazing shot at RAT, 6 dice (2R+4S); graze BOR, buy zone arm",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 2, "skill": 4}, "maneuver": "grazing_shot",
      "graze": [{"target": "BOR", "buys": ["zone:arm"]}]}),
    ("Стреляю в движении в RAT, 2 кубика (2Н); иду шагом на (7,4), проверка 1 кубик (1Р)",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 2}, "maneuver": "moving_shot",
      "path": [[7, 4]], "gait": "walk", "check": {"reflex": 1}}),
    ("Shot on the move at RAT, 2 dice (2S); jog via (7,4) to (6,4), check 2 dice (2R)",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 2}, "maneuver": "moving_shot",
      "path": [[7, 4], [6, 4]], "gait": "jog", "check": {"reflex": 2}}),
    ("Бросок в падении в RAT, 2 кубика (2Н); прыгаю через (7,4) на (6,4), проверка 3 кубика (2Р+1А)",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 2}, "maneuver": "jump_fall_throw",
      "path": [[7, 4], [6, 4]], "landing": "lying", "check": {"reflex": 2, "acrobatics": 1}}),
    ("Jump shot at RAT, 2 dice (2S); jump to (7,4), check 2 dice (1R+1A)",
     {"act": "shoot", "target": "RAT", "dice": {"reflex": 0, "skill": 2}, "maneuver": "jump_shot",
      "path": [[7, 4]], "check": {"reflex": 1, "acrobatics": 1}}),
])
def test_a_shot_maneuver_reads_as_the_documented_order(text: str, order: dict[str, Any]) -> None:
    parsed = RULESET.parse_order(text, started(), "MIR")
    assert parsed.errors == []
    assert parsed.order == {**FIELD, **order}


def test_every_error_of_a_shot_post_is_collected() -> None:
    out = RULESET.parse_order("Стреляю в движении в RAT, 3 кубика (2Н)", started(), "MIR").errors
    assert out == ["4.5: 3 dice but the split (2Н) makes 2",
                   "5.4.6 M76: name the cells walked or jumped after «;», e.g. «; иду шагом на (1,2), проверка 1 "
                   "кубик (1Р)» (walk to (1,2), check 1 die (1R))",
                   "5.4.6 M76: the check's dice, e.g. «проверка 2 кубика (2Р)» or with Acrobatics «(2Р+1А)» (check 2 "
                   "dice (2R), (2R+1A))"]
    out = RULESET.parse_order("Двойной выстрел навылет в RAT и BOR, 3 кубика (3Н); задеваю", started(), "MIR").errors
    assert out == ["5.4.6: one maneuver per shot (double_shot, through_shot are named)",
                   "5.6: one target per shot (RAT, BOR are named; the next targets of a through shot after «; дальше "
                   "…», a grazed one after «; задеваю …», a synchronous throw's two «в VSE и RAT»)",
                   "5.4.6 M78: one grazed target after each «задеваю» (graze), e.g. «; задеваю MIR, покупаю зона рука»"]


def test_the_parser_does_not_choose_a_path_nor_a_gait() -> None:
    """A far cell is an error (5.7); a gait not named is left out (the rules' walk applies, M76); a path without a
    shot on the move is an error naming M75-M77."""
    out = RULESET.parse_order("Стреляю в движении в RAT, 2 кубика (2Н); на (5,4), проверка 1 кубик (1Р)", started(),
                              "MIR")
    assert out.errors == ["5.7: (5, 4) is not next to (8, 4): name the path cell by cell («через (…), (…) на (…)»)"]
    order = RULESET.parse_order("Стреляю в движении в RAT, 2 кубика (2Н); на (7,4), проверка 1 кубик (1Р)", started(),
                                "MIR").order
    assert order is not None and "gait" not in order
    assert RULESET.parse_order("Стреляю в RAT, 2 кубика (2Н); через (7,4)", started(), "MIR").errors == [
        "5.4.6: a path and a check only for a shot on the move or in a jump (M75-M77): name it («выстрел в движении», "
        "«выстрел в прыжке», «бросок в прыжке»; shot on the move, jump shot, jump throw)"]


def test_the_recorded_volleys_shots_read_from_their_posts() -> None:
    """The orders of fixtures/skirmish/volley.jsonl with a maneuver, as their players would write them."""
    state = started()
    assert RULESET.parse_order("Целюсь и стреляю навылет в RAT, 6 кубиков (2Р+4Н), покупаю зона рука, точная зона "
                               "пальцы; дальше BOR", state, "MIR").order == {
        **FIELD, "act": "aim", "shoot": {"buys": ["zone:arm", "precise:fingers"], "dice": {"reflex": 2, "skill": 4},
                                         "maneuver": "through_shot", "next_targets": ["BOR"], "target": "RAT"}}
    assert RULESET.parse_order("Натягиваю лук и стреляю двойным выстрелом в RAT, 4 кубика (1Р+3Н), покупаю зона "
                               "верхний корпус; вторая стрела: покупаю зона голова", state, "MIR").order == {
        **FIELD, "act": "prepare", "shoot": {"buys": ["zone:upper_torso"], "buys2": ["zone:head"],
                                             "dice": {"reflex": 1, "skill": 3}, "maneuver": "double_shot",
                                             "target": "RAT"}}


def waiting() -> tuple[Any, Any]:
    """VSE shoots at RAT; BOR stands on RAT's flank: the rules ask RAT's missile defence and BOR's protection."""
    rnd = Round(turn=2)
    act(rnd, "VSE", act="shoot", target="RAT", dice={"reflex": 0, "skill": 3})
    act(rnd, "RAT", act="wait")
    act(rnd, "BOR", act="wait")
    stop = rnd.resolve(guarded_field([0, 1]))
    return stop.state, stop.requests


KEY = {"exchange": 1, "shooter": "VSE"}


@pytest.mark.parametrize(("actor", "text", "choice"), [
    ("RAT", "Защита от выстрела VSE: уклонение, 2 кубика (2Р)",
     {"name": "missile_defence", "value": {"maneuver": "missile_dodge", "dice": 2}}),
    ("RAT", "Защита от выстрела Всеслава: уклонение в укрытие, 2 кубика (2Р)",
     {"name": "missile_defence", "value": {"maneuver": "missile_dodge", "dice": 2, "into_cover": True}}),
    ("RAT", "Defence against VSE's shot: slip, 3 dice (3R)",
     {"name": "missile_defence", "value": {"maneuver": "missile_slip", "dice": 3}}),
    ("RAT", "Защита от выстрела: перехват, 1 кубик (1Р)",
     {"name": "missile_defence", "value": {"maneuver": "missile_catch", "dice": 1}}),
    ("RAT", "Защита от выстрела VSE: парирование бастардом, 3 кубика (1Р+2Н)",
     {"name": "missile_defence", "value": {"maneuver": "weapon_parry_missile", "dice": 1, "skill": 2,
                                           "weapon": "longsword"}}),
    ("RAT", "Defence against VSE: parry with the dagger, 2 dice (1R+1S)",
     {"name": "missile_defence", "value": {"maneuver": "weapon_parry_missile", "dice": 1, "skill": 1,
                                           "weapon": "dagger"}}),
    ("RAT", "Защита от выстрела VSE: маятник, 3 кубика (2Р+1А)",
     {"name": "missile_defence", "value": {"maneuver": "pendulum", "dice": 2, "skill": 1}}),
    ("RAT", "Защита от выстрела VSE: нет", {"name": "missile_defence", "value": "none"}),
    ("RAT", "Defence against VSE: none", {"name": "missile_defence", "value": "none"}),
    ("RAT", "Обмен 2: защита от выстрела VSE: заслон щитом: голова, верхний корпус",
     {"name": "missile_defence", "value": {"screen": ["head", "upper_torso"]}, "exchange": 2}),
    ("RAT", "Defence against VSE: dodge, 2 dice (2R); screen head",
     {"name": "missile_defence", "value": {"maneuver": "missile_dodge", "dice": 2, "screen": ["head"]}}),
    ("RAT", "Защита от выстрела VSE: заслон щитом: только рука", {"name": "missile_defence", "value": {"screen": []}}),
    ("BOR", "Защищаю RAT от выстрела VSE: парирование щитом, 2 кубика (2Р)",
     {"name": "protect_ally", "value": {"maneuver": "shield_parry_missile", "dice": 2}, "target": "RAT"}),
    ("BOR", "Protect Ratibor from VSE's shot: shield parry, 2 dice (2R)",
     {"name": "protect_ally", "value": {"maneuver": "shield_parry_missile", "dice": 2}, "target": "RAT"}),
    ("BOR", "Не защищаю Ратибора", {"name": "protect_ally", "value": "none", "target": "RAT"}),
])
def test_a_defence_post_reads_as_its_choice(actor: str, text: str, choice: dict[str, Any]) -> None:
    state, requests = waiting()
    assert field_parse.defence_choice(text, state, actor, requests) == ({**KEY, **choice}, [])


def test_every_error_of_a_defence_is_collected_and_nothing_is_chosen() -> None:
    state, requests = waiting()
    assert field_parse.defence_choice("Защита от выстрела VSE: свиля и уклонение, 2 кубика (2Р+1Н)", state, "RAT",
                                      requests) == (None, [
        "5.4.7: one defence against a shot (missile_dodge, missile_slip are named)",
        "4.5: 2 dice but the split (2Р+1Н) makes 3"])
    assert field_parse.defence_choice("Защита от выстрела VSE: парирование оружием, 2 кубика (1Р+1Н)", state, "RAT",
                                      requests) == (None, [
        "5.4.7 M87: name the parrying weapon by its id or name («парирование оружием: меч»)"])
    assert field_parse.defence_choice("Защита от выстрела VSE: свиля в укрытие; заслон щитом: пятка", state, "RAT",
                                      requests) == (None, [
        "5.4.7: the defence's dice and their split, e.g. «2 кубика (2Р)» or «3 кубика (2Р+1Н)»: Р reflex, Н skill (А "
        "Acrobatics for a pendulum or a slip)",
        "5.4.7 M89: into cover or to the ground only with a dodge («уклонение в укрытие»)",
        "5.4.7 M84: «пятка» names no zone (голова, верхний корпус, нижний корпус, левая рука, правая нога …; head, "
        "upper torso …)"])
    assert field_parse.defence_choice("Защита от выстрела VSE: прыгаю", state, "RAT", requests)[1][0].startswith(
        "5.4.7: name the defence:")
    assert field_parse.defence_choice("Защищаю от выстрела VSE: заслон щитом: голова", state, "BOR", requests) == (
        None, ["5.4.7 M83: a comrade protects with a parry, not a screen (M84 is the target's own)"])
    # the shooter not named and not asked: the player names him, the parser does not guess
    assert field_parse.defence_choice("Защита от выстрела: уклонение, 1 кубик (1Р)", state, "RAT", ()) == (None, [
        "5.4.7: name the shooter («Защита от выстрела VSE: …», defence against VSE)",
        "4.3: name the exchange («Обмен 2: Защита от выстрела …»): no defence against the shot is asked of RAT now"])


def test_a_post_with_a_defence_gives_its_choice_to_the_batch_and_an_act_stays_an_order() -> None:
    state, requests = waiting()
    point = Point(2, state, state, None, (), requests)
    parsed = RULESET.parse_post("Защита от выстрела VSE: уклонение, 2 кубика (2Р)\nЖду, лицом на восток", point,
                                "RAT")
    assert parsed.errors == []
    assert [(d.type, d.payload) for d in parsed.drafts] == [
        ("order", {**FIELD, "act": "wait", "facing": "E"}),
        ("choice", {"name": "missile_defence", "value": {"maneuver": "missile_dodge", "dice": 2}, **KEY})]
    bad = RULESET.parse_post("Защита от выстрела VSE: уклонение\nПляшу", point, "RAT")
    assert bad.errors[0] == ("line 1: 5.4.7: the defence's dice and their split, e.g. «2 кубика (2Р)» or «3 кубика "
                             "(2Р+1Н)»: Р reflex, Н skill (А Acrobatics for a pendulum or a slip)")
    assert bad.errors[1].startswith("5.6, 5.7: no act named")
    assert RULESET.parse_order("Защита от выстрела VSE: нет", state, "RAT").errors == [
        "5.4.7: a defence against a shot is a choice, not an act: post it with `battlelog post-in` (or give it with "
        "`battlelog choose`)"]


RANGED_POSTS = [
    ("MIR", "Стреляю в движении в RAT, 3 кубика (2Н)"),
    ("MIR", "Двойной выстрел навылет в RAT и BOR, 3 кубика (3Н); задеваю"),
    ("MIR", "Стреляю в RAT, 2 кубика (2Н); через (7,4)"),
    ("MIR", "Бросок в прыжке в RAT, 2 кубика (2Н); прыгаю на (7,4), проверка 3 кубика (2Р)"),
    ("MIR", "Выстрел по касательной в RAT, 4 кубика (4Н), покупаю зона корпус; задеваю BOR и VSE"),
    ("MIR", "Синхронный бросок в VSE, 2 кубика (2Н); второй в RAT и BOR"),
    ("RAT", "Защита от выстрела VSE: нет"),
]
DEFENCE_POSTS = [
    ("RAT", "Защита от выстрела VSE: свиля и уклонение, 2 кубика (2Р+1Н)", ()),
    ("RAT", "Защита от выстрела VSE: парирование оружием, 2 кубика (1Р+1Н)", ()),
    ("RAT", "Защита от выстрела VSE: парирование кинжалом и бастардом, 2 кубика (1Р+1Н)", ()),
    ("RAT", "Защита от выстрела VSE: свиля в укрытие; заслон щитом: пятка", ()),
    ("RAT", "Защита от выстрела VSE: заслон щитом", ()),
    ("RAT", "Защита от выстрела VSE: прыгаю", ()),
    ("BOR", "Защищаю от выстрела VSE: заслон щитом: голова", ()),
    ("RAT", "Защита от выстрела: уклонение, 1 кубик (1Р)", None),
    ("RAT", "Защита от выстрела VSE и BOR: уклонение, 1 кубик (1Р)", None),
    ("BOR", "Защищаю от выстрела: парирование щитом, 1 кубик (1Р)", None),
]


def test_every_new_error_reads_in_russian_naming_its_rule() -> None:
    """Each error of a ranged post has its Russian words (messages.py), its rule kept, no English left marked."""
    from replay.render import i18n
    from replay.ruleset import get as get_ruleset

    rs = [get_ruleset("skirmish")]
    state, requests = waiting()
    errors = [e for actor, text in RANGED_POSTS for e in RULESET.parse_order(text, started(), actor).errors]
    errors += [e for actor, text, asked_ in DEFENCE_POSTS
               for e in field_parse.defence_choice(text, state, actor, () if asked_ is None else requests)[1]]
    assert len(errors) >= 20
    for english in errors:
        said = i18n.localize(english, "ru", rs)
        assert not said.startswith(i18n.UNTRANSLATED["ru"]), english
        assert said.split(":")[0] == english.split(":")[0], (english, said)  # the rule it names
