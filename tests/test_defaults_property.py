"""The defaults a resolution names are the ones that decided it.

For each registered ruleset with recorded games in fixtures/<ruleset id>/, each recorded turn (without a GM ruling)
is re-resolved from its recorded state under every alternative of every house-rule option (each option settles one
PROPOSED DEFAULT, `Ruleset.option_defaults`). Where the alternative changes the turn, the first resolution step it
changes (its payload without why/rule/defaults, its type, or its existence) must name that option's default among its
`defaults`: that is what `explain`, `audit` and the dispute packet show. Later steps may change only as consequences
of the first and are not held to it.

A ruleset hooks in by having recorded games; an option whose values cannot be listed from its type (a number) adds
its alternatives to ALTERNATIVES below.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import audit, driver
from replay.context import run
from replay.fold import Game, initial_state, resolution_steps, turn_inputs
from replay.ruleset import all_rulesets

ROOT = Path(__file__).resolve().parent.parent
ALTERNATIVES: dict[tuple[str, str], list[Any]] = {
    ("warband", "front_arc_half_angle_deg"): [45.0, 135.0],
    ("warband", "second_rank_cone_deg"): [30.0, 60.0],
    ("warband", "step_cm"): [0.5, 2.0],
}
"""(ruleset id, option) -> values to try, for options whose type does not list them."""
KNOWN_MISSES: dict[str, str] = {}
"""Rulesets (or one recorded game, "ruleset-game") that fail the property today, marked strict xfail: a fix there
makes the mark fail, and the entry is removed."""


@dataclass(frozen=True)
class Miss:
    turn: int
    seq: int
    type: str
    default: str
    option: str
    value: Any

    def __str__(self) -> str:
        return (f"turn {self.turn} seq {self.seq} {self.type}: {self.option} = {self.value!r} changes it, "
                f"but it does not name {self.default}")


def alternatives(ruleset_id: str, model: Any, option: str) -> list[Any]:
    """Every value of an option other than its default: a Literal's values, both booleans, or ALTERNATIVES."""
    if (ruleset_id, option) in ALTERNATIVES:
        values = ALTERNATIVES[ruleset_id, option]
    else:
        hint = typing.get_type_hints(model)[option]
        if typing.get_origin(hint) is typing.Literal:
            values = list(typing.get_args(hint))
        elif hint is bool:
            values = [True, False]
        else:
            raise AssertionError(f"{ruleset_id}: option {option} ({hint}) needs its alternatives in ALTERNATIVES")
    default = model.model_fields[option].default
    return [v for v in values if v != default]


def first_change(recorded: list[Any], computed: list[Any]) -> int | None:
    """The index of the first recorded step the computed ones differ from (len(recorded) for an added step)."""
    for k, rec in enumerate(recorded):
        if k >= len(computed):
            return k
        com = computed[k]
        if rec.type != com.type or audit._strip(rec.payload) != audit._strip(com.payload):
            return k
    return len(recorded) if len(computed) > len(recorded) else None


def misses(game: Game) -> list[Miss]:
    """Every (turn, option) whose alternative changes a resolution that does not name the option's default."""
    return [change for change, named in changes(game) if not named]


def changes(game: Game) -> list[tuple[Miss, bool]]:
    """Every (turn, option) whose alternative changes a recorded resolution, and whether that resolution names the
    option's default: the cases where the property bites."""
    rs = game.ruleset
    recorded_turns = dict(audit._recorded_turns(game))
    out: list[tuple[Miss, bool]] = []
    state = initial_state(game)
    base = game.options.model_dump()
    for event in game.events:
        steps = resolution_steps(rs, event)
        if steps and event.turn in recorded_turns:
            recorded = recorded_turns.pop(event.turn)
            if not any(e.type == "ruling" for e in recorded):
                out += turn_changes(game, state, event.turn, [s for e in recorded for s in resolution_steps(rs, e)],
                                    base)
        for step in steps:
            state = rs.evolve(state, step)
    return out


def turn_changes(game: Game, state: Any, turn: int, recorded: list[Any],
                 base: dict[str, Any]) -> list[tuple[Miss, bool]]:
    rs = game.ruleset
    out = []
    for option, default in rs.option_defaults.items():
        if option not in base:
            continue
        for value in alternatives(rs.id, rs.OptionsModel, option):
            if base[option] != rs.OptionsModel.model_fields[option].default:
                continue  # a game recorded under a house rule: its own choice, not the default, decided it
            options = rs.options({**base, option: value})
            stop = run(rs.resolve, rs.evolve, state, turn, turn_inputs(game, turn), options, game.id)
            computed = list(stop.drafts)  # on an error, the steps made before it: the first step not made changed
            k = first_change(recorded, computed)
            if k is None and stop.error:
                k = min(len(computed), len(recorded) - 1)
            if k is None:
                continue
            step = recorded[min(k, len(recorded) - 1)]
            named = default in (step.payload.get("defaults") or [])
            out.append((Miss(turn, step.seq, step.type, default, option, value), named))
    return out


def recorded_games() -> list[Any]:
    params = []
    for rs in all_rulesets():
        for path in sorted((ROOT / "fixtures" / rs.id).glob("*.jsonl")):
            marks = []
            known = KNOWN_MISSES.get(f"{rs.id}-{path.stem}") or KNOWN_MISSES.get(rs.id)
            if known:
                marks.append(pytest.mark.xfail(strict=True, reason=known))
            params.append(pytest.param(path, id=f"{rs.id}-{path.stem}", marks=marks))
    return params


@pytest.mark.parametrize("path", recorded_games())
def test_every_option_that_decides_a_resolution_is_among_its_defaults(path: Path, tmp_path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        game = driver.load(store, game_id)
    found = misses(game)
    assert not found, "\n".join(map(str, found))


def test_the_property_can_fail(tmp_path: Path) -> None:
    """A resolution that forgets a default it relied on is caught: duel traits-1, turn 4, where an attack declared
    but not obtained at stamina 0 costs nothing by A10 (declared-charging would make the stamina −1)."""
    path = ROOT / "fixtures" / "duel" / "traits-1.jsonl"
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        game = driver.load(store, game_id)
    assert misses(game) == []
    end = next(e for e in game.events if e.type == "duel.end_of_turn" and e.turn == 4)
    end.payload["defaults"] = [d for d in end.payload["defaults"] if d != "A10"]
    assert [str(m) for m in misses(game)] == [
        f"turn 4 seq {end.seq} duel.end_of_turn: low_stamina_attack_charge = 'declared' changes it, "
        "but it does not name A10"]


def load_game(path: Path, tmp_path: Path) -> Game:
    with Store.open(tmp_path / f"{path.parent.name}-{path.stem}.duckdb") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
        return driver.load(store, game_id)


@pytest.mark.parametrize("ruleset_id", ["duel", "knights", "cerilia", "warband", "skirmish"])
def test_the_property_bites_in_every_ruleset(ruleset_id: str, tmp_path: Path) -> None:
    """In every ruleset some option's alternative changes a recorded resolution (the property is not vacuous there),
    and a resolution that stops naming the default that decided it is caught: the first such resolution of the
    ruleset's recorded games, with that default taken out of its `defaults`, is reported as a miss."""
    decided: dict[str, int] = {}
    for path in sorted((ROOT / "fixtures" / ruleset_id).glob("*.jsonl")):
        game = load_game(path, tmp_path)
        found = changes(game)
        for change, _ in found:
            decided[change.option] = decided.get(change.option, 0) + 1
        if not found:
            continue
        change = found[0][0]
        step = next(e for e in game.events if e.seq == change.seq)
        step.payload["defaults"] = [d for d in step.payload.get("defaults") or [] if d != change.default]
        assert str(change) in [str(m) for m in misses(game)], f"{path.stem}: {change} not caught"
        break
    else:
        raise AssertionError(f"no option's alternative changes any recorded {ruleset_id} resolution")
    assert decided, ruleset_id
