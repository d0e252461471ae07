"""cerilia in Russian: `battlelog rules cerilia --lang ru` says what every option's default means in Russian (the
catalogue data/defaults_ru.json), `explain` and `audit --lang ru` name the defaults in Russian, and the catalogues
cover every default a cerilia resolution can name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay.rulesets.cerilia.data import DATA
from replay.rulesets.cerilia.model import OPTION_DEFAULTS

ROOT = Path(__file__).resolve().parents[2]
CODE = ROOT / "replay" / "rulesets" / "cerilia"
ENGLISH = ("phases:", "rulebook", "revision", "decision a GM", "Resolution order", "side by side", "Option `")
CYRILLIC = re.compile(r"[а-яё]", re.I)


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("ru") / "g.duckdb")
    with Store.open(path) as store:
        for name in ("skirmish", "ruling"):
            source = ROOT / "fixtures" / "cerilia" / f"{name}.jsonl"
            import_text(store, source.read_text(encoding="utf-8"), source=str(source))
    return path


def run(db: str, *args: str) -> str:
    result = CliRunner().invoke(main, ["--db", db, *args], catch_exceptions=False)
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return result.output


def catalogue(name: str) -> dict[str, str]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def test_rules_in_russian_describe_every_option_in_russian(db: str):
    out = run(db, "rules", "cerilia", "--lang", "ru")
    lines = out.splitlines()
    assert "свод правил 001_fcc1230880e0e5cf.txt" in lines[0] and lines[1].startswith("  фазы: ")
    for option, amb in OPTION_DEFAULTS.items():
        k = next(n for n, line in enumerate(lines) if line.startswith(f"  {option} = "))
        said = lines[k + 1]
        assert said.startswith(f"      {amb}, по умолчанию: "), said
        text = said.split("по умолчанию: ", 1)[1]
        assert CYRILLIC.search(text) and text.rstrip("…") in catalogue("defaults_ru.json")[amb], said
    assert not any(label in out for label in ENGLISH), out


def test_rules_in_english_keep_the_specs_words(db: str):
    out = run(db, "rules", "cerilia")
    assert "      AMB-09: A sign is declared or rolled. — Either method" in out
    assert "по умолчанию" not in out


def test_every_default_a_resolution_can_name_is_in_both_catalogues():
    named = set()
    for path in CODE.glob("*.py"):
        named |= set(re.findall(r'"((?:AMB-\d\d)|(?:C\d{1,2}))"', path.read_text(encoding="utf-8")))
    for path in (ROOT / "fixtures" / "cerilia").glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            named |= set(json.loads(line)["payload"].get("defaults") or [])
    english, russian = catalogue("defaults.json"), catalogue("defaults_ru.json")
    assert {f"AMB-{n:02d}" for n in range(1, 63)} | {f"C{n}" for n in range(1, 17)} == set(english) == set(russian)
    assert "AMB-01" in named and "C13" in named and named <= set(russian)
    assert all(CYRILLIC.search(text) for text in russian.values())


def test_explain_names_a_default_in_russian(db: str):
    out = run(db, "explain", "cerilia-skirmish", "--seq", "16", "--lang", "ru")
    assert "AMB-09: Знак при первом развёртывании объявляется или бросается 1к3" in out, out


def test_audit_in_russian_names_the_ruling(db: str):
    result = CliRunner().invoke(main, ["--db", db, "audit", "cerilia-ruling", "--lang", "ru"])
    out = result.output
    assert result.exit_code != 0 and "Traceback" not in out  # a ruling against the rules: not clean
    assert "ход 4, seq 71: решение ГМ" in out and 'записано "H", по правилам "R"' in out, out
