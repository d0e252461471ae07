"""A forum post as a batch: the pasted forum rolls battlelog reads, the choices, and the rest as the order."""

import pytest

from replay.posts import parse_roll_line


@pytest.mark.parametrize("line, dice, result", [
    ("1d100: 72", "1d100", [72]),
    ("Бросок 1d100 = 72", "1d100", [72]),
    ("rolled 3d6: [2, 4, 6] = 12", "3d6", [2, 4, 6]),
    ("2d6: 3, 5 (8)", "2d6", [3, 5]),
    ("D9 → 7", "D9", [7]),
    ("1к6: 4", "1d6", [4]),
])
def test_a_pasted_forum_roll_is_read_with_its_dice(line, dice, result):
    roll = parse_roll_line(line)
    assert roll is not None and roll["dice"] == dice and roll["result"] == result
    assert roll["source"] == "forum" and roll["purpose"] is None


def test_a_roll_line_may_name_its_purpose_and_link():
    roll = parse_roll_line("1d100: 72 (stake) https://forum.example/t/5#p12")
    assert roll["purpose"] == "stake" and roll["link"] == "https://forum.example/t/5#p12"


def test_a_stated_total_is_kept_to_be_checked():
    assert parse_roll_line("rolled 3d6: [2, 4, 6] = 13")["stated_total"] == 13


@pytest.mark.parametrize("line", ["Атака, защита, отдых", "Ставка: высокая", "1. Атака", ""])
def test_order_lines_are_no_rolls(line):
    assert parse_roll_line(line) is None
