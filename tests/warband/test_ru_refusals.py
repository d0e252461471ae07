"""An order the warband refuses is refused in Russian under `--lang ru`, every family of its check's lines (a warrior
of another side, a shot without a bow, a shot at an ally, a charge longer than its maximum with its centimetres in
decimal commas, a second move order for one warrior): one `ошибка:` line, no English left (the helper `refused`
of test_bad_input.py), nothing appended. tests/test_ru_refusals.py holds every such line of the code to Russian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.warband.test_bad_input import MARK, MOVEMENT, RANGED, game, order, refused

__all__ = ["game"]


def test_a_move_of_another_side_s_warrior(game):
    bl, _ = game
    refused(bl, order("A", {"stage": "movement", "moves": [{"w": "b1", "path": [[20, 30]]}]}),
            "§4.2.1", "b1 is not A's warrior")


def test_two_move_orders_for_one_warrior(game):
    bl, _ = game
    refused(bl, order("A", {"stage": "movement", "moves": [{"w": "a1", "path": [[20, 10]]},
                                                          {"w": "a1", "path": [[20, 8]]}]}),
            "§4.2.1", "one move order per warrior per stage (L28): a1 twice")


def test_a_shot_by_a_warrior_with_no_bow_and_a_shot_at_an_ally(game):
    bl, upto = game
    upto(MOVEMENT)
    refused(bl, order("A", {"stage": "ranged", "shots": [{"w": "a1", "target": "b1"}]}),
            "§4.3.2.1", "a1 has no bow, crossbow or spear (L132)")
    refused(bl, order("A", {"stage": "ranged", "shots": [{"w": "a2", "target": "a1"}]}),
            "§4.3.2.3", "a1 is not an enemy in play")


def test_a_charge_longer_than_its_maximum_in_centimetres_with_a_comma(game):
    bl, upto = game
    upto(MOVEMENT + RANGED)
    charge = {"attackers": [], "charges": [{"w": "a1", "target": "b1", "path": [[30, 12.5], [20, 22.5]]}],
              "targets": ["b1"]}
    english = bl(*order("A", {"stage": "melee", "fights": [charge]}))
    assert english.exit_code == 2 and "a1's charge is 24.15 cm > 15 cm (charge max)" in english.output
    russian = bl("--lang", "ru", *order("A", {"stage": "melee", "fights": [charge]}))
    lines = russian.output.strip().splitlines()
    assert russian.exit_code == 2 and len(lines) == len(english.output.strip().splitlines()), russian.output
    assert "ошибка: бой 1: §4.4.3.5: атака с разбега a1 — 24,15 см > 15 см (предел атаки с разбега)" in lines
    assert "ошибка: бой 1: §4.4.3.5: a1 закончил бы движение на подставке b1" in lines
    for line in lines:
        assert line.startswith("ошибка: ") and MARK not in line, line
        assert not re.findall(r"\b[A-Za-z_]{3,}\b", line), line


GAMES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "warband").glob("*.jsonl"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_request_a_warband_game_waits_for_reads_in_russian(tmp_path: Path, path: Path) -> None:
    """Each recorded game cut at a dozen points: what it waits for there (`status`, a post's «Ждём») in Russian —
    the rolls (a save, a shot, a charge roll, the turn order) and the choices (C02–C31), no English left."""
    from cli.main import import_text
    from eventlog.errors import ValidationError
    from eventlog.store import Store
    from replay import fold, play
    from replay.render.i18n import request_text

    lines = path.read_text(encoding="utf-8").splitlines()
    asked = 0
    for n in sorted({max(2, len(lines) * k // 12) for k in range(1, 12)}):
        with Store.open(tmp_path / f"{n}.duckdb") as store:
            try:
                (game,) = import_text(store, "\n".join(lines[:n]) + "\n", source=path.name)
            except ValidationError:  # a cut inside a turn its later inputs amend: no point to stand at
                continue
            g, start = fold.load_span(store, game)
        for request in play.point(g, start).requests:
            said = request_text(request, "ru", [g.ruleset], every_key=True)
            asked += 1
            assert MARK not in said, said
            prose = re.sub(r"\(при вводе: [^)]*\)|`[^`]*`|\"[^\"]*\"|\{[^{}]*\}", "", said)
            assert not re.search(r"\b[a-z]{3,}(?:'s)? [a-z]{3,}\b", prose), said
    assert asked > 0
