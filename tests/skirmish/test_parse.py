"""The declaration parser (docs/skirmish.md "Declarations"): a forum post -> the canonical order, every error."""

import pytest

from replay.rulesets.skirmish import parse
from tests.skirmish.kit import fight

STATE = fight(holder="RAT", distance="long", exchange=1, step=2)


def parsed(text, actor="RAT"):
    return parse.parse_order(text, STATE, actor)


def test_the_issues_example():
    out = parsed("Атака: рубящий удар в голову, 4 кубика (2Р+2Н), покупаю пробитие +1")
    assert out.errors == []
    assert out.order == {"exchange": 1, "step": "attack", "maneuver": "chop", "target": "VSE", "zone": "head",
                         "dice": {"reflex": 2, "skill": 2}, "buys": ["penetration:1"]}


@pytest.mark.parametrize(("text", "fields"), [
    ("Защита: парирование, 3 кубика (3Н)", {"step": "defence", "maneuver": "parry", "dice": {"reflex": 0, "skill": 3}}),
    ("Защита: блок щитом, 4 кубика (2Р+2Н)", {"maneuver": "shield_block", "weapon": "shield"}),
    ("Attack: chop head, 5 dice (5S), buy precise forehead, danger +1",
     {"maneuver": "chop", "buys": ["precise:forehead", "danger:1"]}),
    ("Атака: пробивающий удар (рубящий) в верхний корпус, 3 кубика (3Р)",
     {"maneuver": "power_blow", "attack_type": "chop", "zone": "upper_torso"}),
    ("Атака: выпад в левую ногу, 4 кубика (4Н), покупаю точная зона колено, опасность +1",
     {"maneuver": "thrust", "zone": "left_leg", "buys": ["precise:knee", "danger:1"]}),
    ("Атака: секущий удар в правую руку, 4 кубика (1Р+3Н), покупаю кровотечение +2",
     {"maneuver": "slash", "zone": "right_arm", "buys": ["bleeding:2"]}),
    ("Атака: выпад в верхний корпус, 5 кубиков (1Р+4Н), покупаю игнор брони",
     {"buys": ["ignore_armour:all"]}),
])
def test_declarations(text, fields):
    out = parsed(text)
    assert out.errors == []
    assert {k: out.order[k] for k in fields} == fields


def test_pass():
    assert parsed("Пас").order == {"exchange": 1, "step": "attack", "maneuver": "pass"}


def test_every_error_is_collected():
    out = parsed("Атака: удар в пятку, 3 кубика (2Р+2Н), покупаю славу")
    assert out.order is None
    assert len(out.errors) == 4
    assert any("maneuver" in e for e in out.errors) and any("split" in e for e in out.errors)
    assert any("zone" in e for e in out.errors) and any("славу" in e for e in out.errors)


def test_a_post_without_a_step_word_is_refused():
    out = parsed("рублю его")
    assert out.order is None and out.errors[0].startswith("4.5")


def test_retreat_and_counterattack_by_name():
    assert parsed("Защита: отступление, 3 кубика (3Р)").order["maneuver"] == "retreat"
    assert parsed("Защита: контратака, 4 кубика (1Р+3Н)").order["maneuver"] == "counterattack"


def test_standing_up():
    out = parsed("Атака: встаю, 2 кубика (1Р+1Н)")
    assert out.errors == [] and out.order["maneuver"] == "maneuvering" and out.order["stand_up"] is True


def test_drawing_a_weapon_with_the_attack():
    out = parsed("Атака: выхватываю кинжал, выпад в голову, 2 кубика (2Н)")
    assert out.errors == [] and out.order["draw"] == "dagger" and out.order["maneuver"] == "thrust"


def test_the_new_maneuvers_in_the_rulebooks_words():
    """Forum posts name the maneuvers by the rulebook's names; a maneuver made with a blow names it in brackets;
    wrestling techniques need no zone; a break free needs no pool dice."""
    from replay.rulesets.skirmish import parse
    from tests.skirmish.kit import fight

    state = fight(holder="RAT", distance="hand", round=1, exchange=1)

    def order(text):
        parsed = parse.parse_order(text, state, "RAT")
        assert parsed.errors == [], parsed.errors
        return parsed.order

    assert order("Атака: захват в правую руку, 2 кубика (2Р)")["maneuver"] == "grab"
    beat = order("Атака: батман (рубящий) в верхний корпус, 3 кубика (3Н)")
    assert (beat["maneuver"], beat["attack_type"], beat["zone"]) == ("beat", "chop", "upper_torso")
    throw = order("Атака: бросок, 3 кубика (3Р)")
    assert throw["maneuver"] == "throw" and "zone" not in throw
    assert order("Атака: разрыв")["dice"] == {"reflex": 0, "skill": 0}
    blow = order("Атака: концентрированный удар (колющий) в голову, 3 кубика (3Н), 2 мастерских успеха")
    assert blow["masters"] == 2 and blow["attack_type"] == "thrust"
    assert parse.parse_order("Атака: батман в верхний корпус, 3 кубика (3Н)", state, "RAT").errors == [
        "M16: name the blow in brackets: рубящий, секущий, колющий or дробящий"]
