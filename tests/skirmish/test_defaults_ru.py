"""The skirmish's catalogue of PROPOSED DEFAULTS and clarifications (data/defaults.json from the spec, in Russian from
data/defaults_ru.json): `battlelog rules skirmish --lang ru` tells every option's default in Russian, and every
A- and C-id a recorded fight's payloads rely on has its Russian words."""

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
SPEC_IDS = 116 + 18  # A-01 … A-116 of spec §7 (with A-46b) and C1 … C18 of §11


def catalogue(lang: str) -> dict[str, str]:
    return defaults_catalogue(registry.get("skirmish@1"), lang)


def test_rules_in_russian_tell_every_option_default():
    out = CliRunner().invoke(main, ["rules", "skirmish", "--lang", "ru"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert "(свод правил 002_da0fbfc52b52bf29.txt;" in lines[0] and lines[1].startswith("  фазы: initiative")
    told = [line for line in lines if ", по умолчанию: " in line]
    refs = registry.get("skirmish@1").option_defaults
    assert len(told) == len(refs) == 9
    for line in told:
        ref, said = line.strip().split(", по умолчанию: ")
        assert said == catalogue("ru")[ref] and re.search("[а-я]{4}", said) and ref in refs.values()
    assert "A-04, по умолчанию: «дополнительные успехи» — цена" in out.output


def test_rules_in_english_tell_the_spec_words():
    out = CliRunner().invoke(main, ["rules", "skirmish"])
    assert "A-04: Are \"additional successes\" a cost or a threshold? — extra_success_mode: cost" in out.output
    assert "A-43: Parry weight penalty. — Literal: +1 only for a heavy/light pair." in out.output


def test_the_catalogue_holds_every_spec_id_and_russian_only_for_known_ones():
    en = json.loads((DATA / "defaults.json").read_text(encoding="utf-8"))
    ru = json.loads((DATA / "defaults_ru.json").read_text(encoding="utf-8"))
    ids = {k for k in en if re.fullmatch(r"A-\d+[a-z]?|C\d+", k)}
    assert len(ids) >= SPEC_IDS and {"A-01", "A-116", "C1", "C18"} <= ids
    assert set(ru) <= set(en) | {data.damage_model()["id"]}  # the SAMPLE damage model's id, which payloads cite
    assert all(re.search("[а-яё]{3}", text) for text in ru.values())


def test_every_default_a_recorded_fight_relies_on_is_told_in_russian():
    used: set[str] = set()
    for path in sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            e = json.loads(line)
            if e["type"].startswith("skirmish."):
                used |= {d for d in e["payload"].get("defaults", []) if re.fullmatch(r"A-\d+[a-z]?|C\d+", d)}
    ru = catalogue("ru")
    assert len(used) > 30
    assert sorted(d for d in used if not re.search("[а-яё]", ru.get(d, ""))) == []


def test_rules_tell_each_options_whole_text_in_both_languages():
    """`battlelog rules` printed an option's text cut at 150 characters, mid-word: it prints the whole of it, on its
    line, as the command's other lines, for the terminal to wrap."""
    refs = registry.get("skirmish@1").option_defaults
    for lang, head in (("en", ": "), ("ru", ", по умолчанию: ")):
        out = CliRunner().invoke(main, ["rules", "skirmish", "--lang", lang]).output
        told = {line.strip().split(head, 1)[0]: line.strip().split(head, 1)[1] for line in out.splitlines()
                if line.startswith("      ") and head in line}
        assert told == {ref: catalogue(lang)[ref] for ref in refs.values()}, out
        assert "…" not in out
    assert len(catalogue("en")["L689"]) > 150 and len(catalogue("en")["A-08"]) > 150  # the lines that were cut
