"""The README's one test command is the one CI runs, and it runs the suite in parallel (pytest-xdist)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("Pass the tests:", 1)[1].split("```", 2)[1]
    return block.strip()


def test_ci_runs_the_readme_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert ci == readme_command()


def test_the_command_runs_the_suite_on_every_core():
    command = readme_command()
    assert re.search(r"\.venv/bin/pytest -n auto$", command)
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(dep.startswith("pytest-xdist") for dep in extras["test"])
