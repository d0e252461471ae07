"""docs/warband.md: its example is the hand-written skirmish verbatim; it names every event, option and choice;
its traceability table names only real tests; the data files say what is SAMPLE."""

from __future__ import annotations

import re
from pathlib import Path

from replay.rulesets.warband import data, events
from replay.rulesets.warband.check import CHOICES
from replay.rulesets.warband.model import OPTION_DEFAULTS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "warband.md").read_text(encoding="utf-8")
MODULES = {"rb": "test_rulebook", "me": "test_melee", "ma": "test_magic", "fa": "test_falls", "gu": "test_guns",
           "mo": "test_mounts", "sa": "test_saves", "dr": "test_draft", "re": "test_recorded",
           "ge": "test_geometry", "tu": "test_turns", "dc": "test_docs", "ni": "test_night",
           "cv": "test_coverage", "bi": "test_bad_input", "cr": "test_crowd",
           "po": "test_posts", "ru": "test_ru_messages", "rr": "test_ru_refusals"}


def test_the_example_is_the_hand_written_skirmish_verbatim():
    (block,) = re.findall(r"```jsonl\n(.*?)```", DOC, flags=re.S)
    assert block == (ROOT / "fixtures" / "warband" / "hand" / "skirmish.jsonl").read_text(encoding="utf-8")


def test_the_doc_names_every_resolution_type_option_and_choice():
    for t in events.EVENTS:
        assert f"| `{t}` |" in DOC, t
    for option, aid in OPTION_DEFAULTS.items():
        assert re.search(rf"\| `{option}` \|.*\| {aid} \|", DOC), option
    for name in CHOICES:
        assert f"| `{name}` |" in DOC, name


def test_the_traceability_table_covers_every_choice_point_and_names_only_real_tests():
    table = DOC[DOC.index("## Rules and where they are tested"):]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]
    ids = {r[0].lstrip("| ").split(" ")[0] for r in rows}
    assert {f"C{i:02d}" for i in range(1, 35)} <= ids
    assert {"§3.1", "§3.2", "§3.3", "§3.4", "§4.1", "§4.2.1", "§4.2.2", "§4.3.2", "§4.3.3", "§4.4.7",
            "§4.4.8", "§4.6", "§4.7"} <= ids
    for r in rows:
        if "NOT YET" not in r[1]:
            assert re.search(r"\w\w::test_", r[-1]), r[0]
        for mod, name in re.findall(r"\b(\w\w)::(test_\w+)", r[-1]):
            source = (ROOT / "tests" / "warband" / f"{MODULES[mod]}.py").read_text(encoding="utf-8")
            assert f"def {name}(" in source, (r[0], name)


def test_the_constants_are_the_rulebook_s_and_sample_data_says_so():
    assert data.load("constants")["sample"] is False
    assert data.const("deploy_depth_cm") == 20 and data.const("charges_per_side") == 5
    assert data.const("reach_cm") == {"short": 2, "long": 3}
    assert data.const("effective_range_cm") == {"bow": 20, "crossbow": 20, "spear": 10}
    for name in data.FILES[1:]:
        table = data.load(name)
        assert table["sample"] is True and "SAMPLE" in table["note"], name


def test_the_defaults_catalogue_says_every_default_in_english_and_in_russian():
    import json

    folder = ROOT / "replay" / "rulesets" / "warband" / "data"
    en = json.loads((folder / "defaults.json").read_text(encoding="utf-8"))
    ru = json.loads((folder / "defaults_ru.json").read_text(encoding="utf-8"))
    assert list(en) == [f"A-{i:02d}" for i in range(1, 91)] and set(ru) == set(en)
    assert all(re.search("[а-яё]", v) for v in ru.values())
    named = {d for path in (ROOT / "fixtures" / "warband").glob("*.jsonl")
             for line in path.read_text(encoding="utf-8").splitlines()
             for d in json.loads(line)["payload"].get("defaults") or []}
    code = {m for path in (ROOT / "replay" / "rulesets" / "warband").glob("*.py")
            for m in re.findall(r'"(A-\d\d)"', path.read_text(encoding="utf-8"))}
    assert named and named <= set(ru) and code <= set(ru)


def test_rules_in_russian_print_every_option_s_default_in_russian():
    from click.testing import CliRunner

    from cli.main import main
    from replay.rulesets.warband.model import WarbandOptions

    out = CliRunner().invoke(main, ["rules", "warband", "--lang", "ru"], catch_exceptions=False).output
    assert "свод правил 003_0638df2fa3f3e7ef.txt" in out and "фазы: " in out
    for option, aid in OPTION_DEFAULTS.items():
        assert option in WarbandOptions.model_fields
        line = next(x for x in out.splitlines() if x.strip().startswith(f"{aid}, по умолчанию: "))
        assert re.search("[а-яё]{4}", line), line
    assert "A-81, по умолчанию: в дуэли убитый проигравший не бьёт" in out
    english = CliRunner().invoke(main, ["rules", "warband"], catch_exceptions=False).output
    assert "A-81: Do warriors killed by the initiative winner strike back? — in a duel" in english
