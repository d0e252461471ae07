"""The defaults cerilia names only where they decide something (AMB-01, AMB-06, AMB-09, AMB-24, AMB-48) are named
exactly there: across the recorded battles, a turn whose resolutions name one of them changes under some alternative
of its option, and a turn that does not name it does not change (tests/test_defaults_property.py holds the first half
for every ruleset; this holds the second, so that a default is never named for nothing)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import audit, driver
from replay.context import run
from replay.fold import Game, initial_state, resolution_steps, turn_inputs

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "fixtures" / "cerilia").glob("*.jsonl"))
CONDITIONAL = {"AMB-01": ("phase_b_order", ["side_major", "step_simultaneous"]),
               "AMB-06": ("ranged_adjacency", ["king"]),
               "AMB-09": ("sign_assignment", ["roll_only"]),
               "AMB-24": ("charge_move_timing", ["phase_a"]),
               "AMB-48": ("phase_c_order", ["step_major"])}


def load(path: Path, tmp: Path) -> Game:
    with Store.open(tmp / "g.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        return driver.load(store, game_id)


def turns(game: Game) -> list[tuple[int, Any, list[Any]]]:
    """Each recorded turn without a GM ruling: its number, the state it starts from, its resolution steps."""
    rs = game.ruleset
    recorded = dict(audit._recorded_turns(game))
    out, state = [], initial_state(game)
    for event in game.events:
        steps = resolution_steps(rs, event)
        if steps and event.turn in recorded:
            inputs = recorded.pop(event.turn)
            if not any(e.type == "ruling" for e in inputs):
                out.append((event.turn, state, [s for e in inputs for s in resolution_steps(rs, e)]))
        for step in steps:
            state = rs.evolve(state, step)
    return out


def changes(game: Game, turn: int, state: Any, recorded: list[Any], option: str, value: Any) -> bool:
    rs = game.ruleset
    stop = run(rs.resolve, rs.evolve, state, turn, turn_inputs(game, turn),
               rs.options({**game.options.model_dump(), option: value}), game.id)
    if stop.error:
        return True
    computed = list(stop.drafts)
    if len(computed) != len(recorded):
        return True
    return any(r.type != c.type or audit._strip(r.payload) != audit._strip(c.payload)
               for r, c in zip(recorded, computed, strict=True))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_conditional_default_is_named_exactly_where_its_alternative_changes_the_turn(path: Path, tmp_path: Path):
    game = load(path, tmp_path)
    named_somewhere = set()
    for turn, state, recorded in turns(game):
        named = {d for step in recorded for d in step.payload.get("defaults") or []}
        for default, (option, values) in CONDITIONAL.items():
            changed = any(changes(game, turn, state, recorded, option, v) for v in values)
            assert (default in named) == changed, f"turn {turn}: {default} named {default in named}, " \
                                                  f"{option} alternatives change it: {changed}"
            named_somewhere |= {default} & named
    assert "AMB-09" in named_somewhere  # every battle declares a sign in round 1: the test is not vacuous


def test_each_conditional_default_is_named_somewhere_in_the_recorded_set():
    named = {d for path in GAMES for line in path.read_text(encoding="utf-8").splitlines()
             for d in json.loads(line)["payload"].get("defaults") or []}
    assert set(CONDITIONAL) <= named
