"""Issue 11, "Everything printed with --lang ru is Russian": the CLI's own reports (status, import, resolve, head,
verify, corpus), the requests a game waits for, a GM decision's description in `rules`, the provisional post's
"for checking" spoiler and the --help screens; English output stays as it was."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import tests.core.toy3  # noqa: F401  (registers table3@1: a ruleset with a GM-overridable decision)
from cli import help_ru
from cli.main import main
from replay.render.i18n import Catalogue, decision_text
from tests.core.toy3 import Table3

ROOT = Path(__file__).resolve().parent.parent
CYRILLIC = re.compile("[А-Яа-яЁё]")


def cli(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False, env=env, prog_name="battlelog")
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def open_game(tmp_path: Path, fixture: str, lines: int) -> tuple[str, str, str]:
    """A database holding the first `lines` events of a recorded game (an open turn): (db, game, jsonl path)."""
    text = (ROOT / "fixtures" / f"{fixture}.jsonl").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(text[:lines]) + "\n", encoding="utf-8")
    game = re.search(r'"game":"([^"]+)"', text[0])
    assert game is not None
    return str(tmp_path / "g.duckdb"), game.group(1), str(path)


def assert_russian(out: str) -> None:
    for line in out.splitlines():
        if line.strip():
            assert "[англ.]" not in line and CYRILLIC.search(line), line


@pytest.mark.parametrize(("fixture", "lines", "waits"), [
    ("duel/finish-off", 14, "ждем: A: добить или пощадить (kill, spare)"),
    ("knights/joust", 60, "ждем: bob: приказ на ход 3 (Dame Tide: full_ahead/smooth_turn/sharp_turn/drop_speed, "
                          "Dame Quarry: full_ahead/smooth_turn/sharp_turn/drop_speed)"),
])
def test_import_status_head_verify_in_russian(tmp_path: Path, fixture: str, lines: int, waits: str) -> None:
    db, game, path = open_game(tmp_path, fixture, lines)
    code, imported = cli("--lang", "ru", "--db", db, "import", path)
    assert code == 0 and f"{game}: внесено событий: {lines}, разрешено ходов: " in imported
    assert_russian(imported)
    code, status = cli("--lang", "ru", "--db", db, "status", game)
    assert code == 0 and status.startswith(f"{game}: ход ") and "предварительных шагов пока: " in status
    assert waits in status.splitlines() or f"{game}: {waits}" in imported.splitlines(), (status, imported)
    assert_russian(status)
    code, head = cli("--lang", "ru", "--db", db, "head", game)
    assert code == 0 and re.fullmatch(rf"{game}, вершина журнала {lines}:[0-9a-f]{{64}}\n", head)
    code, verify = cli("--lang", "ru", "--db", db, "verify", game, "--deep", "--head", head.split()[-1])
    assert code == 0 and verify.startswith(f"цепочка хешей: событий сходится: {lines} (вершина: seq {lines} ")
    assert "якорь: --head " in verify and "это его вершина" in verify
    assert_russian(verify)


def test_english_reports_unchanged(tmp_path: Path) -> None:
    db, game, path = open_game(tmp_path, "duel/finish-off", 14)
    assert cli("--db", db, "import", path)[1].splitlines()[-1] == (
        f"{game}: waiting for A: finish off (kill, spare)")
    status = cli("--db", db, "status", game)[1].splitlines()
    assert status[0].startswith(f"{game}: turn ") and status[-1] == "waiting for A: finish off (kill, spare)"
    assert cli("--db", db, "head", game)[1].startswith(f"{game} head 14:")
    verify = cli("--db", db, "verify", game)[1]
    assert verify.startswith("hash chain: 14 events verify (head seq 14 ") and "engine dice: none in this log" in verify


def test_resolve_says_what_it_did_in_russian(tmp_path: Path) -> None:
    db, game, path = open_game(tmp_path, "knights/joust", 40)
    cli("--db", db, "import", path)
    code, out = cli("--lang", "ru", "--db", db, "resolve", game)
    assert code == 0 and out.splitlines()[0] == "ход 1 разрешен"
    assert "ждем: alice: приказ на ход 2 (" in out
    assert_russian(out)


@pytest.mark.parametrize("kind", ["verify", "audit"])
def test_corpus_summary_in_russian(tmp_path: Path, kind: str) -> None:
    result = CliRunner().invoke(main, ["--lang", "ru", "corpus", kind, str(ROOT / "fixtures" / "duel"), "--jobs",
                                       "1", "--out", str(tmp_path)])
    out = result.stdout
    assert out.startswith(f"корпус: {'проверка' if kind == 'verify' else 'аудит'}\nигр ") and "итоги по играм: " in out
    assert_russian(out)
    assert re.search(r"игр 6/6, с ошибкой 0, \d+,\d с", result.stderr)  # a decimal comma
    english = CliRunner().invoke(main, ["corpus", kind, str(ROOT / "fixtures" / "duel"), "--jobs", "1", "--out",
                                        str(tmp_path)]).stdout
    assert english.startswith(f"corpus {kind}\ngames ") and "per-game results: " in english


@pytest.mark.parametrize(("who", "said"), [
    ("Бертран", "победил Бертран"), ("Бертран Здоровяк", "победил Бертран Здоровяк"), ("Анна", "победила Анна"),
    ("Никита", "победил Никита"), ("Саша", "победитель: Саша"),  # Саша: either gender, so no verb to agree
    ("A", "победитель: A"), ("alice", "победитель: alice"), ("Sir Pell", "победил Sir Pell"),
    ("Dame Vale", "победила Dame Vale"), ("none (not over)", "не окончена"), ('{"draw": true}', "исход: draw=true"),
])
def test_a_rerun_winner_row_agrees_with_the_name_or_needs_no_agreement(who: str, said: str) -> None:
    """A corpus rerun's winners' share row: the verb agrees with a name that tells its gender (pymorphy3 and
    petrovich, or a title), a name that does not gets a construction without a verb; the value stays as it is."""
    from replay.render.i18n import _corpus_row

    row = _corpus_row(f"  winner {who}  50.0% -> 25.0%")
    assert row is not None and row.strip().startswith(said) and row.endswith("  50,0% -> 25,0%")
    assert "{" not in row


def test_a_rerun_summary_in_russian_names_the_winners(tmp_path: Path) -> None:
    variant = tmp_path / "v.toml"
    variant.write_text('ruleset = "duel@1"\n[options]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["--lang", "ru", "corpus", "rerun", str(ROOT / "fixtures" / "duel"), "--jobs",
                                       "1", "--out", str(tmp_path / "out"), "--variant", str(variant)])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line.startswith("  победи")]
    assert rows and all(re.match(r"  (победитель: \S+|победила? \S+)\s+\d+,\d% -> \d+,\d%$", r) for r in rows), rows
    assert_russian(result.stdout)


def test_a_decision_is_said_by_the_rulesets_word_table_or_marked_english() -> None:
    class Said(Table3):
        id = "table3said"

        def catalogue(self, lang: str) -> Catalogue | None:
            return Catalogue([], {"decision": {"winner": "кто выигрывает схватку (§5)"}}) if lang == "ru" else None

    assert decision_text(Said(), "winner", "ru") == "кто выигрывает схватку (§5)"
    assert decision_text(Said(), "winner", "en") == "who wins the clash (§5)"
    assert decision_text(Table3(), "winner", "ru") == "[англ.] who wins the clash (§5)"
    out = cli("rules", "table3", "--lang", "ru")[1]
    assert "  решение, которое ГМ может переопределить: winner — [англ.] who wins the clash (§5)" in out
    out = cli("rules", "table3")[1]
    assert "  decision a GM may override: winner — who wins the clash (§5)" in out


def test_provisional_post_never_shows_seq_zero(tmp_path: Path) -> None:
    db, game, path = open_game(tmp_path, "knights/joust", 40)
    cli("--db", db, "import", path)
    for lang, word in (("ru", "Предварительных шагов, еще не записанных в журнал: "),
                       ("en", "Provisional steps, not in the log yet: ")):
        out = cli("--db", db, "post", game, "--lang", lang)[1]
        assert not re.search(r"[#№]0\b", out), out
        assert re.search(r"[#№][1-9]\d*–[1-9]\d*,", out) and word in out
    out = cli("--db", db, "post", game, "--lang", "ru")[1]
    assert "[англ.]" not in out


def test_help_in_russian_lists_every_command_with_its_summary() -> None:
    code, out = cli("--lang", "ru", "--help")
    assert code == 0 and out.startswith("Использование: battlelog [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...")
    assert "Команды:" in out and "Параметры:" in out and "[англ.]" not in out
    assert "  status   Чего ждет игра: каждый запрос каждого участника" in out
    assert "Показать эту справку и выйти." in out and "  --wait ЧИСЛО " in out and "[по умолчанию: 3.0;" in out
    names = set(main.commands) | {f"corpus {n}" for n in main.commands["corpus"].commands}  # type: ignore[attr-defined]
    assert names == set(help_ru.COMMANDS), "every command needs its Russian summary in cli/help_ru.py"
    code, out = cli("status", "--help", env={"BATTLELOG_LANG": "ru"})
    assert out.startswith("Использование: battlelog status [ПАРАМЕТРЫ] ИГРА\n\n  Чего ждет игра:")
    assert "по-английски" not in out and "  --json      Запросы в JSON." in out
    code, out = cli("--help", env={"BATTLELOG_LANG": "en"})
    assert out.startswith("Usage: battlelog [OPTIONS] COMMAND [ARGS]...") and "Commands:" in out
    assert not CYRILLIC.search(out)


def _commands() -> list[tuple[str, object, list]]:
    return help_ru.every_option(main)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", [path for path, _, _ in _commands()], ids=lambda p: p or "battlelog")
def test_every_command_and_option_has_its_help_in_russian(path: str) -> None:
    """`battlelog --lang ru <cmd> --help` is Russian throughout: the command's whole text (paragraph for paragraph)
    and every option's help; the English help has no Russian in it."""
    command, options = next((cmd, opts) for p, cmd, opts in _commands() if p == path)
    english = [p for p in (command.help or "").split("\n\n") if p.strip()]  # type: ignore[attr-defined]
    assert path in help_ru.LONG, f"{path or 'battlelog'}: no Russian text in cli/help_ru.py LONG"
    assert len(help_ru.LONG[path].split("\n\n")) == len(english), f"{path}: a paragraph of its help is not said"
    for option in options:
        said = help_ru.option_help(path, option)
        assert said and CYRILLIC.search(said), f"{path} {option.opts[-1]}: no Russian help in cli/help_ru.py"
    args = [*path.split(), "--help"]
    code, out = cli("--lang", "ru", *args)
    assert code == 0 and out.startswith("Использование: battlelog")
    assert "[англ.]" not in out and "по-английски" not in out and "Usage" not in out and "[default" not in out
    assert not re.search(r"\[required\]|\bTEXT\b|\bINTEGER\b|\[OPTIONS\]", out), out
    for line in out.splitlines():  # every option row has Russian words after its names
        if line.startswith("  -") and "  " in line.strip():
            assert CYRILLIC.search(line), f"{path}: {line!r}"
    code, english_out = cli(*args, env={"BATTLELOG_LANG": "en"})
    assert code == 0 and english_out.startswith("Usage: battlelog") and not CYRILLIC.search(english_out)


def test_english_help_is_as_written_in_main() -> None:
    """The English screens keep the command's docstring and each option's own help, word for word."""
    code, out = cli("order", "--help")
    assert "Record a player's order, parsed from their forum post (every error is listed\n  at once)." in out
    assert "--turn INTEGER  Turn (default: the open turn)." in out and "Show this message and exit." in out


def test_a_missing_russian_option_help_prints_the_english_marked() -> None:
    import click

    from cli.main import BattlelogCommand

    @click.command(cls=BattlelogCommand)
    @click.option("--weather", help="What the sky does.")
    def weather(weather: str) -> None:
        """Say the weather."""

    result = CliRunner().invoke(weather, ["--help"], env={"BATTLELOG_LANG": "ru"}, prog_name="battlelog weather")
    assert "[англ.] What the sky does." in result.output and "[англ.] Say the weather." in result.output


def test_russian_help_imports_no_renderer_nor_database() -> None:
    script = ("import sys; from cli.main import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
              "print(sorted(m for m in ('duckdb', '_duckdb', 'pydantic', 'replay.render.i18n', 'replay.render.text')"
              " if m in sys.modules))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BATTLELOG_LANG": "ru"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Команды:" in done.stdout and done.stdout.strip().splitlines()[-1] == "[]"


def test_a_knights_choice_request_in_russian() -> None:
    from replay.context import Request
    from replay.render.i18n import request_text
    from replay.ruleset import get

    knights = get("knights")
    push = Request("choice", "bob", "push_direction", (), what="push direction for Sir Aster (r1)",
                   options=("N", "S"))
    assert request_text(push, "ru", [knights]) == "bob: направление толчка: Sir Aster (r1) (N, S)"
    limits = Request("choice", "bob", "limits", (), what="place the Limits of one knight (§3.3)")
    assert request_text(limits, "ru", [knights]) == "bob: выставить Пределы одного Рыцаря (§3.3)"
    unknown = Request("choice", None, "weather", (), what="the weather")
    assert request_text(unknown, "ru", [knights]) == "ГМ: [англ.] the weather"
    assert request_text(push, "en", [knights]) == push.text()


@pytest.mark.parametrize("how", ["option", "environment"])
def test_an_unknown_language_is_refused_in_one_message_naming_lang(how, tmp_path):
    """`battlelog --lang` and $BATTLELOG_LANG take ru or en; anything else: a usage error naming --lang, exit 2."""
    args = ["--db", str(tmp_path / "g.duckdb"), "status", "g"]
    result = (CliRunner().invoke(main, ["--lang", "xx", *args]) if how == "option"
              else CliRunner().invoke(main, args, env={"BATTLELOG_LANG": "xx"}))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "'--lang'" in result.output and "'xx'" in result.output
    assert not (tmp_path / "g.duckdb").exists()


@pytest.mark.parametrize(("args", "russian", "english"), [
    (("order", "g"), "ошибка: не задан обязательный параметр '--actor'.", "Error: Missing option '--actor'."),
    (("ordr",), "ошибка: нет такой команды: 'ordr'. (может быть, одно из: 'order', 'render'?)",
     "Error: No such command 'ordr'."),
    (("state", "g", "--turn", "x"), "ошибка: недопустимое значение '--turn': 'x' — не целое число.",
     "Error: Invalid value for '--turn': 'x' is not a valid integer."),
    (("status",), "ошибка: не задан аргумент 'ИГРА'.", "Error: Missing argument 'GAME'."),
    (("order", "g", "--actor"), "ошибка: параметру '--actor' нужно значение.",
     "Error: Option '--actor' requires an argument."),
    (("export", "g", "--format", "xml"), "ошибка: недопустимое значение '--format': 'xml' — не из 'jsonl', 'parquet'.",
     "Error: Invalid value for '--format': 'xml' is not one of 'jsonl', 'parquet'."),
])
def test_clicks_usage_errors_in_russian(args: tuple[str, ...], russian: str, english: str, tmp_path: Path) -> None:
    """A usage error (a missing option, an unknown command, a bad value) under --lang ru: the Russian usage line,
    where the help is, and the error in Russian, exit 2; in English as click writes it."""
    db = str(tmp_path / "none.duckdb")
    result = CliRunner().invoke(main, ["--db", db, "--lang", "ru", *args], prog_name="battlelog")
    assert result.exit_code == 2 and russian in result.output, result.output
    assert "Error" not in result.output and "Try '" not in result.output and "[англ.]" not in result.output
    result = CliRunner().invoke(main, ["--db", db, *args], env={"BATTLELOG_LANG": "en"}, prog_name="battlelog")
    assert result.exit_code == 2 and english in result.output and not CYRILLIC.search(result.output)
    assert not Path(db).exists()


def test_a_usage_error_no_pattern_reads_is_english_marked() -> None:
    assert help_ru.usage_error_ru("The moon is made of cheese.") == "[англ.] The moon is made of cheese."


def test_a_roll_request_says_its_dice_as_the_forum_writes_them_and_state_notes_provisional_in_russian(
        tmp_path: Path) -> None:
    """Under --lang ru a waited roll reads «бросок 3к10» (the forum's Russian dice, which a roll line accepts too),
    and `state` of an open turn notes that it is provisional in Russian."""
    db, game, path = open_game(tmp_path, "skirmish/spear", 12)
    assert cli("--db", db, "import", path)[0] == 0
    code, status = cli("--lang", "ru", "--db", db, "status", game)
    assert code == 0 and "ждем: RAT: бросок 3к10: бросок атаки RAT" in status and "3d10" not in status, status
    english = cli("--db", db, "status", game)[1]
    assert "3d10" in english, english
    result = CliRunner().invoke(main, ["--lang", "ru", "--db", db, "state", game, "--json"], prog_name="battlelog")
    assert result.exit_code == 0
    assert "примечание: предварительно (открытый ход разрешен настолько" in result.stderr, result.stderr
