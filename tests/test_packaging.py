"""What `pip install .` ships: every package of the source tree, its data files, and the recorded games."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("eventlog", "replay", "cli")
             for p in (ROOT / top).rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    assert "battlelog_fixtures" in listed


def test_the_recorded_games_ship_as_battlelog_fixtures():
    from cli.main import FIXTURES

    assert (FIXTURES / "duel" / "traits-3.jsonl").exists()
    assert (FIXTURES / "knights" / "battle.jsonl").exists()
