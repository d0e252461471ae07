"""`--lang ru` says errors and arithmetic in Russian (replay.render.i18n): the core's messages (files, the database,
a log's lines, where an input may go), the duel's and the knights' problems, `why` lines, rule clauses and step names.
English stays exactly as it was; a line no catalogue knows prints in English, marked [англ.]."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay import driver
from replay.fold import resolution_steps
from replay.render import i18n
from replay.ruleset import Ruleset
from replay.ruleset import get as get_ruleset

ROOT = Path(__file__).resolve().parent.parent
MARK = i18n.UNTRANSLATED["ru"]
COMPLETE = ("duel", "knights")


def _games(ruleset: str) -> list[Path]:
    return sorted((ROOT / "fixtures" / ruleset).glob("*.jsonl"))


def _user_names(setup: object) -> set[str]:
    """Every name and id a setup gives (user text the Russian keeps as written)."""
    out: set[str] = set()
    if isinstance(setup, dict):
        for key, value in setup.items():
            if key in ("name", "id", "player") and isinstance(value, str):
                out.add(value)
            out |= _user_names(value)
    elif isinstance(setup, list):
        for value in setup:
            out |= _user_names(value)
    return out


@pytest.mark.parametrize("path", [p for r in COMPLETE for p in _games(r)], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_why_line_of_the_complete_rulesets_reads_in_russian(tmp_path: Path, path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        game = driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"), source=path.name))))
    rs = game.ruleset
    names = sorted(_user_names(game.events[0].payload), key=len, reverse=True)
    lines = 0
    for event in game.events:
        for step in resolution_steps(rs, event):
            recorded = [str(w) for w in step.payload.get("why", [])]
            assert i18n.why_lines(rs, step.payload, "en") == recorded  # English: exactly what the log holds
            russian = rs.why(step.payload, "ru")
            assert len(russian) == len(recorded)
            for english, said in zip(recorded, russian, strict=True):
                lines += 1
                if said.startswith(MARK):  # only a GM's hand-written line may be left in English, and it is marked
                    assert english.startswith("GM: ") and said == MARK + english
                    continue
                bare = said
                for name in names:
                    bare = bare.replace(name, "")
                latin = set(re.findall(r"[A-Za-z_]{3,}", bare)) - {"min", "max"}
                assert not latin, (english, said)
            rule = step.payload.get("rule")
            if rule:
                said_rule = i18n.translate_lines(rs, [str(rule)], "ru")[0]
                assert not re.search(r"\b(spec|Step|Steps|first strike)\b", said_rule), said_rule
    assert lines > 0


def test_the_duel_arithmetic_in_words() -> None:
    duel = get_ruleset("duel")
    why = ["A: roll 74 after 1 reroll(s) - penalty 0 = 74 >= 60 (high) -> success",
           "B: base 4 + bonus 2 (A failed high) = 6 item(s), position 1 eaten -> OB[B] = {1: D, 2: C}",
           "B: damage 2 -> serious, penalty 0 + 10 = 10, stamina kept (tough) -> incapacitated",
           "initiative raw A=0, B=0; pts A=0, B=0 -> nobody obtained initiative, the advantage stays with A"]
    assert duel.why({"why": why}, "ru") == [
        "A: бросок 74 после перебросов: 1, − штраф 0 = 74 ≥ 60 (ставка высокая) → успех",
        "B: основа 4 + бонус 2 (A провалил ставку высокая) = пунктов: 6, 1-е место съедено → OB[B] = {1: З, 2: К}",
        "B: урон 2 → серьезное ранение, штраф 0 + 10 = 10, запас сил сохранен (Суровый парень) → выбыл из боя",
        "Инициатива: пунктов A=0, B=0; очков A=0, B=0 → Инициативу никто не получил, преимущество остается у A",
    ]


def test_a_line_no_catalogue_knows_is_english_and_marked() -> None:
    duel = get_ruleset("duel")
    assert duel.why({"why": ["the GM flips a coin"]}, "ru") == [MARK + "the GM flips a coin"]
    assert duel.why({"why": ["ГМ: монетка решила"]}, "ru") == ["ГМ: монетка решила"]  # already Russian: as it is
    assert i18n.localize("something new went wrong", "ru", [duel]) == MARK + "something new went wrong"
    assert i18n.localize("something new went wrong", "en", [duel]) == "something new went wrong"


def test_a_catalogue_refuses_a_translation_naming_what_the_english_does_not() -> None:
    with pytest.raises(ValueError, match="names"):
        i18n.Catalogue([("a {x} b", "а {y} б")])
    with pytest.raises(ValueError, match="word table"):
        i18n.Catalogue([("a {x} b", "а {x:nowhere} б")])
    said = i18n.Catalogue([("{n:#} of {what}", "{n} из {what:thing}")], {"thing": {"cats": "кошек"}})
    assert i18n.Chain((said,)).translate("3 of cats") == "3 из кошек"
    assert i18n.Chain((said,)).translate("3 of dogs") is None  # a word the table lacks: no guess


def test_a_ruleset_adopts_russian_with_a_data_file_and_no_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The optional hook: a ruleset package with data/messages_ru.json gets its lines said in Russian."""
    package = tmp_path / "houserules"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from replay.ruleset import Ruleset\n\nclass House(Ruleset):\n    id = 'house'\n    version = 1\n",
        encoding="utf-8")
    (package / "data" / "messages_ru.json").write_text(json.dumps({
        "entries": [["{who} hits for {n:#}", "{who} бьет на {n}"],
                    ["§1: {unit} is {state}", "§1: {unit} {state:state}"]],
        "words": {"state": {"routed": "бежит"}, "event": {"house.hit": "удар"}},
    }, ensure_ascii=False), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    house: Ruleset = importlib.import_module("houserules").House()
    try:
        assert house.why({"why": ["Ann hits for 3", "Bob hides"]}, "ru") == ["Ann бьет на 3", MARK + "Bob hides"]
        assert house.why({"why": ["Ann hits for 3"]}, "en") == ["Ann hits for 3"]
        assert i18n.localize("§1: Red is routed", "ru", [house]) == "§1: Red бежит"
        assert i18n.event_name(house, "house.hit", "ru") == "удар"
        assert get_ruleset("duel").catalogue("en") is None
    finally:
        sys.modules.pop("houserules", None)


def test_a_ruleset_without_words_prints_english_marked() -> None:
    from tests.core.toy import Toy

    toy = Toy()
    assert toy.catalogue("ru") is None
    assert toy.why({"why": ["A hits B for 2"]}, "ru") == [MARK + "A hits B for 2"]


# --- the CLI's errors -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("ru-errors") / "g.duckdb")
    joust = (ROOT / "fixtures/knights/hand/joust.jsonl").read_text(encoding="utf-8").splitlines()
    with Store.open(path) as store:
        import_text(store, (ROOT / "fixtures/duel/traits-2.jsonl").read_text(encoding="utf-8"), source="duel")
        # the joust up to its turn 1, which waits for orders
        import_text(store, "\n".join(line for line in joust if '"turn": 1,' not in line and '"turn": 0,' in line
                                     or '"game.created"' in line) + "\n", source="joust")
    return path


def run(db: str, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["--db", db, *args], catch_exceptions=False, env=env)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _russian_errors(out: str) -> list[str]:
    lines = out.strip().splitlines()
    assert lines and all(line.startswith("ошибка: ") for line in lines), out
    assert MARK not in out, out
    return lines


BAD_LOG = '{"game": "x", "seq": 1}\nnot json\n'


@pytest.mark.parametrize(("args", "russian", "english"), [
    (("order", "duel-traits-2", "--actor", "A", "--text", "Атака Атака Атака Атака Атака Защита"),
     "в стеке 6 пунктов, а не 0", "a stack has 6 items, not 0"),
    (("order", "duel-traits-2", "--actor", "C", "--text", "Атака"), "дуэль: 'C' — не дуэлянт (A, B)",
     "duel: 'C' is not a duelist (A, B)"),
    (("order", "duel-traits-2", "--actor", "A", "--turn", "2", "--json",
      '{"stack": ["attack", "defense", "attack", "defense", "rest", "rest"], "stake": "high"}'),
     "ход 2 закрыт (идет ход 6)",
     "turn 2 is closed (the current turn is 6)"),
    (("roll", "duel-traits-2", "1d100", "--actor", "A", "--result", "50", "--stake", "high"),
     "у A еще нет приказа на ход 6", "A has no order for turn 6 yet"),
    (("order", "knights-joust", "--actor", "alice", "--text", "Sir Aster — полный вперёд"), None, None),
    (("order", "knights-joust", "--actor", "alice", "--text", "полный вперёд"),
     "назовите Рыцаря (Sir Aster, Sir Moss, Sir Pell): действовать может не один (§1.4)",
     "name the knight (Sir Aster, Sir Moss, Sir Pell): more than one can act (§1.4)"),
    (("order", "knights-joust", "--actor", "bob", "--text", "Dame Tide: стою"), "действие не найдено",
     "no action found"),
    (("order", "knights-joust", "--actor", "bob", "--json", '{"kind": "pass"}'),
     "обязан заявить действие (K23): Dame Tide: «Полный вперёд!»",
     "must declare an action (K23): Dame Tide: full_ahead"),
    (("order", "knights-joust", "--actor", "bob", "--json", "{not json"), "--json: это не правильный JSON",
     "--json: not valid JSON"),
    (("import", "/nowhere/game.jsonl"), "/nowhere/game.jsonl: такого файла нет", "/nowhere/game.jsonl: no such file"),
    (("explain", "duel-traits-2", "--seq", "2"), "seq 2 — приказ, а не разрешение",
     "seq 2 is a order, not a resolution"),
])
def test_errors_in_russian_and_in_english(db: str, args: tuple[str, ...], russian: str | None,
                                          english: str | None) -> None:
    if russian is None:  # a legal order (checked with --dry-run so that nothing is appended)
        code, out = run(db, "--lang", "ru", *args, "--dry-run")
        assert code == 0, out
        return
    code, out = run(db, "--lang", "ru", *args)
    assert code == 2 and russian in "\n".join(_russian_errors(out)), out
    code, out = run(db, *args)
    assert code == 2 and out.startswith("error: ") and english in out, out


def test_a_malformed_log_line_and_a_missing_database_in_russian(db: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(BAD_LOG, encoding="utf-8")
    code, out = run(db, "--lang", "ru", "import", str(bad))
    assert code == 2
    assert _russian_errors(out) == [
        f"ошибка: {bad}, строка 1: type: поле обязательно",
        f"ошибка: {bad}, строка 2: это не правильный JSON (ожидалось значение: true, false, null, число или строка, "
        "строка 1, столбец 2)"]
    missing = str(tmp_path / "none.duckdb")
    code, out = run(missing, "games", env={"BATTLELOG_LANG": "ru"})
    assert code == 2 and _russian_errors(out)[0].startswith(f"ошибка: --db: файла базы данных {missing} нет")
    assert not Path(missing).exists()
    code, out = run(missing, "games")
    assert out.startswith(f"error: --db: the database file {missing} does not exist")


def test_battlelog_lang_is_every_commands_default_and_a_commands_own_lang_wins(db: str) -> None:
    _, out = run(db, "--lang", "ru", "explain", "duel-traits-2", "--seq", "8")
    assert out.startswith("seq 8 (ход 1): атака A → B: урон 0") and "спецификация §5, шаг 6" in out
    _, out = run(db, "--lang", "ru", "explain", "duel-traits-2", "--seq", "8", "--lang", "en")
    assert out.startswith("seq 8 (turn 1): strike A -> B: 0 damage") and "spec §5 Step 6" in out
    _, out = run(db, "explain", "duel-traits-2", "--seq", "8")
    assert "N=1, Phi=0, D=2, E=max(0,2-0)=2, P=min(1,2)=1, U=1-1=0, m=1 -> 0 damage" in out
    _, out = run(db, "explain", "duel-traits-2", "--seq", "33", "--lang", "ru")
    assert "[вариант правил rest_cap = да]" in out  # a switch in words (issue 11), not Python's True nor JSON
    assert "из: seq 31 бросок от B: " in out


def test_the_knights_explain_and_dispute_name_their_steps_in_russian(tmp_path: Path) -> None:
    path = str(tmp_path / "k.duckdb")
    with Store.open(path) as store:
        import_text(store, (ROOT / "fixtures/knights/joust.jsonl").read_text(encoding="utf-8"), source="joust")
    _, out = run(path, "explain", "knights-joust", "--seq", "91", "--lang", "ru")
    assert out.startswith("seq 91 (ход 4): таран: ")
    assert "  I 19 < R 29 < 2I 38 → Атакующий поражён" in out
    assert "  таран: Dame Tide → Sir Aster: у цели к Фронту атакующего ближе — Фронт" in out
    code, out = run(path, "dispute", "knights-joust", "--turn", "4", "--profile", "phpbb", "-o", str(tmp_path / "d"),
                    "--lang", "ru")
    assert code == 0, out
    post = (tmp_path / "d" / "post.txt").read_text(encoding="utf-8")
    assert "(seq 91, таран)" in post and "knights.ram" not in post and MARK not in post


def test_a_requests_default_and_key_read_as_the_log_writes_them() -> None:
    from replay.context import Request

    said = Request("choice", "A", "x", default={"b": 1, "a": True}).text()
    assert said == 'A: x; default if skipped: {"a": true, "b": 1}'
    assert Request("choice", "A", "x", default=False).text() == "A: x; default if skipped: false"
    assert Request("choice", "A", "x", default="stay").text() == "A: x; default if skipped: stay"


def test_bad_options_at_new_are_one_line_each_naming_the_option(tmp_path: Path) -> None:
    setup = tmp_path / "setup.json"
    created = (ROOT / "fixtures/duel/traits-1.jsonl").read_text(encoding="utf-8").splitlines()[0]
    setup.write_text(json.dumps(json.loads(created)["payload"]["setup"]), encoding="utf-8")
    db = str(tmp_path / "g.duckdb")
    args = ("new", "g", "--ruleset", "duel", "--setup", str(setup), "--option", "counter_mode=bogus",
            "--option", "nonsense=1")
    code, out = run(db, *args)
    assert code == 2 and out.splitlines() == [
        "error: duel@1 option counter_mode: Input should be 'per_item' or 'single' (see `battlelog rules duel`)",
        "error: duel@1 option nonsense: Extra inputs are not permitted (see `battlelog rules duel`)"]
    code, out = run(db, "--lang", "ru", *args)
    assert code == 2 and _russian_errors(out)[0] == (
        "ошибка: duel@1, вариант правил counter_mode: допустимо: 'per_item' или 'single' (см. `battlelog rules duel`)")
    assert not Path(db).exists()  # nothing was created


@pytest.mark.parametrize("turn", [0, 1, 7, 12])
def test_an_illegal_knights_order_of_any_turn_reads_in_russian(turn: int) -> None:
    """The knights' "turn N: P's KIND order is illegal: …" (setup and later turns alike) in Russian for every N, the
    kind of the order said in words; the kindless form too; an unknown kind stays English, marked (never guessed)."""
    knights = get_ruleset("knights")
    rest = "§1.3: the battle is over"
    said = i18n.localize(f"turn {turn}: alice's limits order is illegal: {rest}", "ru", [knights])
    assert said == f"ход {turn}: приказ игрока alice (Пределы) недопустим: §1.3: бой окончен"
    said = i18n.localize(f"turn {turn}: bob's deploy order is illegal: {rest}", "ru", [knights])
    assert said == f"ход {turn}: приказ игрока bob (выход на поле) недопустим: §1.3: бой окончен"
    said = i18n.localize(f"turn {turn}: bob's order is illegal: {rest}", "ru", [knights])
    assert said == f"ход {turn}: приказ игрока bob недопустим: §1.3: бой окончен"
    said = i18n.localize(f"turn {turn}: bob's ambush order is illegal: {rest}", "ru", [knights])
    assert said.startswith("[англ.] turn ")
