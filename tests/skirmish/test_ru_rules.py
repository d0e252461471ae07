"""`battlelog --lang ru rules skirmish` (issue 11): every line Russian or an id a reader types; every GM-overridable
decision of the skirmish described through its catalogue's `decision` word table, none printed English marked."""

from __future__ import annotations

import re

from click.testing import CliRunner

from cli.main import main
from replay.render import i18n
from replay.ruleset import get as get_ruleset
from replay.rulesets.skirmish import messages

MARK = i18n.UNTRANSLATED["ru"]


def test_every_decision_of_the_skirmish_has_russian_words():
    rs = get_ruleset("skirmish")
    assert set(messages.DECISION_RU) == set(rs.decisions)
    for name in rs.decisions:
        said = i18n.decision_text(rs, name, "ru")
        assert not said.startswith(MARK) and re.search("[а-яё]{4}", said), name


def test_the_catalogue_gives_the_decision_table():
    catalogue = get_ruleset("skirmish").catalogue("ru")
    assert catalogue is not None and catalogue.words["decision"] is messages.DECISION_RU


def test_rules_in_russian_print_nothing_english_marked():
    out = CliRunner().invoke(main, ["--lang", "ru", "rules", "skirmish"])
    assert out.exit_code == 0, out.output
    assert MARK not in out.output
    told = [line for line in out.output.splitlines() if "решение, которое ГМ может переопределить" in line]
    assert len(told) == len(get_ruleset("skirmish").decisions)
