"""Every recorded game in fixtures/ is a test: it imports, verifies, replays, audits as expected, and its per-turn
states, posts and frames are held by snapshots. A rule change shows up here as a snapshot diff, to be read.

Each game's snapshots are files of their own under __snapshots__/test_recorded_games/, named by ruleset and game:
its states as JSON, its posts as the forum text itself, one SVG per turn; a diff of one game is read on its own.

A recorded game whose file name contains "ruling" holds a GM ruling against the rules: its audit must report it.
"""

import json
from pathlib import Path

import pytest
from syrupy.extensions.image import SVGImageSnapshotExtension
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from cli.main import import_text
from eventlog.store import Store, verify_chain
from replay import audit, driver
from replay.render.text import render

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").glob("*/*.jsonl"))
SNAPSHOTS = Path(__file__).resolve().parent / "__snapshots__" / "test_recorded_games"


class StatesSnapshot(SingleFileSnapshotExtension):
    """A game's per-turn states as one JSON file (json.dumps itself: nothing is dropped or coerced on the way)."""

    _write_mode = WriteMode.TEXT
    file_extension = "json"

    def serialize(self, data, **kwargs):  # type: ignore[no-untyped-def, override]
        return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


class PostsSnapshot(SingleFileSnapshotExtension):
    """A game's posts in one text file, each under a header line: read as a forum reader would read them."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"

    def serialize(self, data, **kwargs):  # type: ignore[no-untyped-def, override]
        return "".join(f"===== {name} =====\n{text}\n" for name, text in data.items())


def fixture_id(path: Path) -> str:
    return f"{path.parent.name}-{path.stem}"


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Each recorded game imported once into its own database."""
    loaded = {}
    for path in FIXTURES:
        db = tmp_path_factory.mktemp("recorded") / "g.duckdb"
        with Store.open(db) as store:
            game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
            loaded[fixture_id(path)] = driver.load(store, game_id)
    return loaded


def recorded(path: Path) -> pytest.param:
    return pytest.param(fixture_id(path), id=fixture_id(path))


ALL = [recorded(p) for p in FIXTURES]


@pytest.mark.parametrize("name", ALL)
def test_the_chain_verifies_and_every_turn_is_closed(games, name):
    game = games[name]
    verify_chain(game.events)
    resolved = {e.turn for e in game.events if driver.resolution_steps(game.ruleset, e)}
    assert resolved == driver.closed_turns(game)


@pytest.mark.parametrize("name", ALL)
def test_audit_is_clean_unless_the_game_records_a_ruling(games, name):
    report = audit.audit(games[name])
    if "ruling" in name:
        assert not report.clean
        assert any(f.kind == "ruling" for f in report.findings)
        assert any(f.kind == "differs" and f.recorded_why and f.computed_why for f in report.findings)
    else:
        assert report.clean, report.findings
        unused = [(f.turn, f.seq) for f in report.findings if f.kind == "unused"]
        assert [f for f in report.findings if f.kind != "unused"] == []
        # knights-lady recorded a tie roll in turn 2 that the queue never needed (no full tie): audit says so
        assert unused == ([(2, 49)] if name == "knights-lady" else [])


@pytest.mark.parametrize("name", ALL)
def test_per_turn_states(games, name, snapshot):
    game = games[name]
    states = {f"turn {turn:02d}": game.ruleset.state_json(driver.state_at(game, turn)[0])
              for turn in driver.turns(game)}
    assert states == snapshot(extension_class=StatesSnapshot)


@pytest.mark.parametrize("name", ALL)
def test_posts(games, name, snapshot):
    game = games[name]
    posts = {}
    for turn in driver.turns(game):
        if not driver.turn_steps(game, turn).steps:
            continue
        view = driver.turn_view(game, turn)
        posts[f"turn {turn} ru bbcode mybb-ru"] = render(game.ruleset.post(view, "ru"), "bbcode", "mybb-ru")
        posts[f"turn {turn} en markdown"] = render(game.ruleset.post(view, "en"), "markdown")
    assert posts == snapshot(extension_class=PostsSnapshot)


def screens(game):
    """The screen of each turn: the frame of its last step."""
    return {turn: game.ruleset.frame(driver.frame_view(game, turn))
            for turn in driver.turns(game) if driver.turn_steps(game, turn).steps}


@pytest.mark.parametrize("name", ALL)
def test_frames(games, name, snapshot):
    for turn, svg in screens(games[name]).items():
        assert svg == snapshot(extension_class=SVGImageSnapshotExtension, name=f"turn{turn:02d}")


@pytest.mark.parametrize("name", ALL)
def test_replay_is_deterministic(games, name):
    game = games[name]
    first = [game.ruleset.state_json(driver.state_at(game, t)[0]) for t in driver.turns(game)]
    again = driver.game_from_events(game.events)
    assert first == [again.ruleset.state_json(driver.state_at(again, t)[0]) for t in driver.turns(again)]


def test_no_orphaned_snapshot_files(games):
    """syrupy forgets single-file snapshots of vanished test cases; every frame file must belong to a game's turn."""
    expected = {f"test_frames[{name}][turn{turn:02d}].svg" for name, game in games.items()
                for turn in screens(game)}
    expected |= {f"test_per_turn_states[{name}].json" for name in games}
    expected |= {f"test_posts[{name}].txt" for name in games}
    found = {p.name for p in SNAPSHOTS.glob("*") if p.is_file()} if SNAPSHOTS.exists() else set()
    assert found - expected == set(), "orphaned snapshot files: delete them"
