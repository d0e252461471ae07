"""The forum order parser: Russian as in the rulebook, or English; every error collected."""

from __future__ import annotations

from dataclasses import replace

from tests.knights.knights_kit import RULES, knight_spec, state


def battle():
    st = state([knight_spec("g", "alice", "forest", "bravery", (10, 10, "E"), name="Сэр Гавейн"),
                knight_spec("k", "alice", "rock", "mercy", None, name="Сэр Кай", accel=2),
                knight_spec("t", "bob", "water", "love", (18, 10, "W"), name="Dame Tide")])
    return st


def parse(text, actor="alice", st=None):
    return RULES.parse_order(text, st or battle(), actor)


def test_smooth_turn_left():
    p = parse("Сэр Гавейн: Плавный поворот, влево")
    assert p.errors == [] and p.order == {"knight": "g", "action": "smooth_turn", "turn_dir": "left"}


def test_full_ahead_without_a_name_when_one_knight_can_act():
    st = battle()
    st = replace(st, acted_last_turn=frozenset({"k", "ax2"}))
    p = parse("Полный вперёд!", st=st)
    assert p.errors == [] and p.order == {"knight": "g", "action": "full_ahead"}


def test_return_to_battle_with_place_and_facing():
    p = parse("Сэр Кай: Вернуться в бой! (1, 12) на восток")
    assert p.errors == [] and p.order == {"knight": "k", "action": "return_to_battle",
                                          "return_pose": {"x": 1, "y": 12, "f": 2}}


def test_english_with_lady_pickup():
    p = parse("Dame Tide: sharp turn right, pick up the lady", actor="bob")
    assert p.errors == [] and p.order == {"knight": "t", "action": "sharp_turn", "turn_dir": "right",
                                          "lady_pickup": True}


def test_every_error_is_collected():
    p = parse("Резкий разворот")
    assert p.order is None
    assert any("say «влево» or «вправо»" in e for e in p.errors)
    assert any(e.startswith("name the knight") for e in p.errors)


def test_unknown_action_and_rule_errors():
    assert parse("Сэр Гавейн: в атаку!").errors[0].startswith("no action found")
    p = parse("Сэр Кай: Полный вперёд!")
    assert p.errors == ["§1.1: Сэр Кай is in the Outflank: only «Вернуться в бой!» (return_to_battle) is allowed"]
    p = parse("Сэр Гавейн: Полный вперёд!", st=replace(battle(), acted_last_turn=frozenset({"g"})))
    assert p.errors == ["§1.4: Сэр Гавейн acted last turn; another knight of the lance can act (K22)"]


def test_user_text_names_are_matched_literally():
    st = state([knight_spec("x", "alice", "forest", "bravery", (10, 10, "E"), name="Sir [b]Bold[/b] (II)")])
    p = RULES.parse_order("Sir [b]Bold[/b] (II): drop speed", st, "alice")
    assert p.errors == [] and p.order == {"knight": "x", "action": "drop_speed"}


def test_concede():
    assert parse("Признаю поражение.").order == {"kind": "concede"}
