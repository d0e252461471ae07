"""`--lang ru` prints Russian: rules, audit and explain say their own words in Russian and name what each spec
default means; Russian posts carry no Latin stake names, colour codes or bare spec ids."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay import driver
from replay.render.text import render

ROOT = Path(__file__).resolve().parent.parent
ENGLISH_LABELS = ("arithmetic", "rule:", "proposed defaults", "turn ", "note:", "recorded", "clean", "from:",
                  "phases:", "rulebook", "revision", "decision a GM")


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("ru") / "g.duckdb")
    with Store.open(path) as store:
        for name in ("duel/ruling", "duel/traits-2", "knights/joust"):
            import_text(store, (ROOT / "fixtures" / f"{name}.jsonl").read_text(encoding="utf-8"), source=name)
    return path


def run(db: str, *args: str) -> str:
    result = CliRunner().invoke(main, ["--db", db, *args], catch_exceptions=False)
    assert "Traceback" not in result.output
    return result.output


@pytest.mark.parametrize("ruleset", ["duel", "knights"])
def test_rules_in_russian_say_what_each_default_means(db: str, ruleset: str) -> None:
    out = run(db, "rules", ruleset, "--lang", "ru")
    assert "свод правил" in out and "по умолчанию: " in out
    assert not any(label in out for label in ENGLISH_LABELS), out
    assert "sharp_tongue_bonus_doubled = true | false" in out or ruleset != "duel"


def test_audit_in_russian(db: str) -> None:
    out = run(db, "audit", "duel-ruling", "--lang", "ru")
    assert "шаг 3 (атака): урон (damage): записано 2, по правилам 1" in out
    assert "решение ГМ" in out and "НЕ чисто: расхождений: 2" in out
    assert not any(label in out for label in ENGLISH_LABELS), out
    # the arithmetic in Russian: the rules' lines all, the GM's hand-written English line kept and marked
    assert "      N=2, Φ=0, D=1, E=max(0,1−0)=1, P=min(2,1)=1, U=2−1=1, m=1 → урон 1" in out
    assert "      [англ.] GM: N=2, D=1, E=1, P=1, U=1 — Анри's parade came late" in out
    assert "      ГМ: B: урон 2 → серьезное ранение, штраф 0 + 10 = 10, запас сил и максимум −2" in out


def test_explain_in_russian(db: str) -> None:
    out = run(db, "explain", "duel-traits-2", "--seq", "33", "--lang", "ru")
    assert "A10: единственная атака при запасе сил 0 и меньше стоит 1, только если она получена" in out
    assert "[вариант правил low_stamina_attack_charge = obtained]" in out
    assert out.startswith("seq 33 (ход 4): ")


@pytest.mark.parametrize("name", ["duel/traits-1", "duel/traits-2", "duel/traits-3", "duel/death",
                                  "knights/joust", "knights/battle"])
def test_russian_posts_have_no_latin_stakes_colour_codes_or_bare_ids(tmp_path: Path, name: str) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(import_text(store, (ROOT / "fixtures" / f"{name}.jsonl").read_text(encoding="utf-8"),
                                        source=name)))
        game = driver.load(store, game_id)
    for turn in driver.turns(game):
        text = render(game.ruleset.post(driver.turn_view(game, turn), "ru"), "bbcode")
        assert "Mettre tout" not in text and not re.search(r"#[0-9a-fA-F]{6}\b", text)
        explained = set(re.findall(r"\b([AKC]\d+) — ", text))
        cited = set(re.findall(r"\b([AKC]\d+)\b", text))
        # an id a sentence cites ("один бросок на ход, K16") is explained in the post's "for checking" spoiler
        assert cited <= explained, (turn, sorted(cited - explained))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_rules_print_each_options_whole_text_not_cut_at_150_characters(lang: str) -> None:
    """warband's A-16 and A-88 say more than 150 characters in both languages: `rules` prints them whole (the
    terminal wraps them, as it wraps the command's other long lines), never cut mid-word with «…»."""
    from replay import ruleset as registry
    from replay.audit import defaults_catalogue

    rs = registry.get("warband")
    catalogue = defaults_catalogue(rs, lang)
    out = CliRunner().invoke(main, ["rules", "warband", "--lang", lang], catch_exceptions=False).output
    for ref in ("A-16", "A-88"):
        assert len(catalogue[ref]) > 150
        head = f"      {ref}, по умолчанию: " if lang == "ru" else f"      {ref}: "
        assert head + catalogue[ref] + "\n" in out, out
    assert "…\n" not in out
