"""Every PROPOSED DEFAULT and clarification of the skirmish (data/defaults.json), and every id a recorded fight's
payloads cite as a default (the SAMPLE damage model `sample_v1` among them), has its Russian words
(data/defaults_ru.json): `explain --lang ru` and the dispute packet never print an id without saying what it means."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from cli.main import main
from replay import ruleset as registry
from replay.audit import defaults_catalogue
from replay.rulesets.skirmish import data

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(data.__file__).parent / "data"
SECTIONS = re.compile(r"\d+(?:\.\d+)+(?: step \d+)?|CP-\d+(?: default)?")
"""Rule sections and choice points a payload lists among its defaults (the rulebook's own text, not a default)."""


def test_every_id_of_the_defaults_has_russian_words():
    en = json.loads((DATA / "defaults.json").read_text(encoding="utf-8"))
    ru = defaults_catalogue(registry.get("skirmish@1"), "ru")
    missing = sorted(k for k in en if not re.search("[а-яё]{3}", ru.get(k, "")) or ru[k] == en[k])
    assert missing == []


def test_every_default_a_recorded_fight_cites_has_russian_words():
    ru = defaults_catalogue(registry.get("skirmish@1"), "ru")
    cited: set[str] = set()
    for path in sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            e = json.loads(line)
            if e["type"].startswith("skirmish."):
                cited |= {d for d in e["payload"].get("defaults", []) if not SECTIONS.fullmatch(d)}
    assert "sample_v1" in cited and len(cited) > 30
    assert sorted(d for d in cited if not re.search("[а-яё]{3}", ru.get(d, ""))) == []


def test_the_damage_model_is_told_as_the_sample_it_is():
    said = defaults_catalogue(registry.get("skirmish@1"), "ru")[data.damage_model()["id"]]
    assert said.startswith("ОБРАЗЕЦ") and "damage_sample_v1.json" in said


def test_explain_in_russian_names_the_damage_model(tmp_path):
    path = ROOT / "fixtures" / "skirmish" / "tricks.jsonl"
    db = str(tmp_path / "g.duckdb")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    seq = next(json.loads(line)["seq"] for line in path.read_text(encoding="utf-8").splitlines()
               if "sample_v1" in json.loads(line)["payload"].get("defaults", []))
    out = runner.invoke(main, ["--db", db, "--lang", "ru", "explain", "skirmish-tricks", "--seq", str(seq)])
    assert out.exit_code == 0, out.output
    line = next(x for x in out.output.splitlines() if "sample_v1" in x)
    assert "ОБРАЗЕЦ модели урона" in line, out.output


def test_explain_in_english_names_the_damage_model(tmp_path):
    """The English catalogue has the SAMPLE damage model too (it printed blank)."""
    assert defaults_catalogue(registry.get("skirmish@1"), "en")["sample_v1"].startswith("SAMPLE damage model")
    path = ROOT / "fixtures" / "skirmish" / "tricks.jsonl"
    db = str(tmp_path / "g.duckdb")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    seq = next(json.loads(line)["seq"] for line in path.read_text(encoding="utf-8").splitlines()
               if "sample_v1" in json.loads(line)["payload"].get("defaults", []))
    out = runner.invoke(main, ["--db", db, "explain", "skirmish-tricks", "--seq", str(seq)])
    assert out.exit_code == 0, out.output
    line = next(x for x in out.output.splitlines() if "sample_v1" in x)
    assert "SAMPLE damage model" in line, out.output
