"""Issue 11: with `--lang ru` the core commands say their own lines in Russian — `new` and `roll`, the audit's
differing fields (in words, the path beside), `explain`'s option switches and the inputs a resolution came from
(never JSON), and an open turn's «Ждём:» list (the actors by name, the typed keys after «при вводе:»); English
output stays as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"duelists": [{"id": "A", "name": "Арман де Фуа", "traits": ["enduring", "wiry"]},
                      {"id": "B", "name": "Бертран Лис", "traits": ["weapon_control", "cautious"]}]}
ORDER = json.dumps({"stack": ["attack", "attack", "defense", "initiative", "rest", "rest"], "stake": "high"})


def bl(db: str, *args: str, codes: tuple[int, ...] = (0,)) -> str:
    result = CliRunner().invoke(main, ["--db", db, *args], catch_exceptions=False)
    assert result.exit_code in codes, result.output
    return result.output


@pytest.fixture
def salle(tmp_path: Path) -> tuple[str, str]:
    """A new duel (its `new` line in Russian) with A's order in: it waits for B's order."""
    db, setup = str(tmp_path / "s.duckdb"), tmp_path / "duelists.json"
    setup.write_text(json.dumps(SETUP, ensure_ascii=False), encoding="utf-8")
    said = bl(db, "--lang", "ru", "new", "salle", "--ruleset", "duel", "--setup", str(setup))
    bl(db, "order", "salle", "--actor", "A", "--json", ORDER)
    return db, said


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("ru") / "g.duckdb")
    with Store.open(path) as store:
        for name in ("duel/ruling", "duel/finish-off", "duel/death", "knights/ruling", "cerilia/ruling",
                     "warband/ruling", "skirmish/transfer"):
            import_text(store, (ROOT / "fixtures" / f"{name}.jsonl").read_text(encoding="utf-8"), source=name)
    return path


def test_new_says_in_russian_that_the_game_is_created(salle: tuple[str, str]) -> None:
    _, said = salle
    assert re.fullmatch(r"salle: игра по своду правил duel@1 создана \(seq 1\); кости: бросают игроки на форуме; "
                        r"хеш зерна костей движка [0-9a-f]{64}\n", said), said


def test_new_in_english_is_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "d.json").write_text(json.dumps(SETUP, ensure_ascii=False), encoding="utf-8")
    said = bl(str(tmp_path / "e.duckdb"), "new", "g", "--ruleset", "duel", "--setup", str(tmp_path / "d.json"))
    assert re.fullmatch(r"g: duel@1 game created \(seq 1\); dice: forum; engine dice seed hash [0-9a-f]{64}\n", said)


def test_roll_says_in_russian_who_rolled_what(salle: tuple[str, str]) -> None:
    db, _ = salle
    said = bl(db, "--lang", "ru", "roll", "salle", "--actor", "A", "1d100", "--stake", "high", "--result", "72",
              "--link", "https://forum/post/1")
    assert said == "seq 3: бросает A: 1к100 = [72] (сумма 72, на форуме)\n", said
    again = bl(db, "--lang", "ru", "roll", "salle", "--actor", "A", "1d100", "--stake", "high", "--result", "70",
               "--replace")
    assert again.endswith("(сумма 70, на форуме) — заменяет seq 3\n"), again
    bl(db, "order", "salle", "--actor", "B", "--json", ORDER)
    english = bl(db, "roll", "salle", "--actor", "B", "1d100", "--stake", "high", "--result", "5")
    assert english == "seq 6: B rolled 1d100 = [5] (total 5, forum)\n", english


def test_a_sealed_roll_says_its_salt_in_russian(salle: tuple[str, str]) -> None:
    db, _ = salle
    sealed = bl(db, "--lang", "ru", "roll", "salle", "--actor", "A", "1d100", "--stake", "high", "--result", "9",
                "--seal")
    assert re.fullmatch(r"seq 3: запечатанный бросок, бросает A; соль \S+ \(вскрыть: --reveal\)\n", sealed), sealed


def test_an_open_turns_post_calls_the_actors_by_name_and_says_what_is_typed(salle: tuple[str, str]) -> None:
    db, _ = salle
    bl(db, "order", "salle", "--actor", "B", "--json", ORDER)
    post = bl(db, "post", "salle", "--lang", "ru")
    waiting = post[post.index("Ждём:"):]
    assert "[*]Арман де Фуа: бросок 1к100 на ставку (при вводе: stake=high — высокая)" in waiting, waiting
    assert "[*]Бертран Лис: бросок 1к100 на ставку (при вводе: stake=high — высокая)" in waiting, waiting
    assert "[​stake" not in waiting
    english = bl(db, "post", "salle", "--lang", "en")
    assert "[*]A: roll 1d100 for stake [​stake=high]" in english


def test_the_audit_names_the_differing_fields_in_words(recorded: str) -> None:
    said = {game: bl(recorded, "audit", game, "--lang", "ru", codes=(1,)) for game in
            ("duel-ruling", "knights-ruling", "cerilia-ruling", "warband-ruling")}
    assert "шаг 3 (атака): урон (damage): записано 2, по правилам 1" in said["duel-ruling"]
    assert "шаг 4 (итоги хода): максимум запаса сил (sides.B.stamina_max): записано 8, по правилам 9" in \
        said["duel-ruling"]
    assert "шаг 1 (таран): Натиск (impetus.value): записано 22, по правилам 7" in said["knights-ruling"]
    assert "положение по x (knights.b1.pose.x)" in said["knights-ruling"]
    assert 'действующий результат атаки (effective): записано "H", по правилам "R"' in said["cerilia-ruling"]
    assert "длина пути (length): записано 8,0, по правилам 6,0" in said["warband-ruling"]  # the decimal comma
    assert "(бросок от ГМ) записано, но не понадобилось" in said["knights-ruling"]
    for out in said.values():  # every differing field said in words
        for line in re.findall(r"^ +шаг \d+ \([^)]*\): (.+?): (?:записано|в записи нет)", out, re.M):
            assert re.fullmatch(r"[^()]*[а-яА-Я][^()]* \(\S+\)", line), line
    english = bl(recorded, "audit", "duel-ruling", codes=(1,))
    assert "step 3 duel.attack: damage: recorded 2, rules 1" in english or "damage: recorded 2, rules 1" in english


def test_explain_says_the_input_in_words_not_json(recorded: str) -> None:
    roll = bl(recorded, "explain", "duel-death", "--seq", "7", "--lang", "ru")
    assert "из: seq 4 бросок от A: 1к100 = 72, на ставку; stake=высокая; бросок на форуме" in roll, roll
    choice = bl(recorded, "explain", "duel-finish-off", "--seq", "19", "--lang", "ru")
    assert "из: seq 15 выбор от A: finish_off = kill" in choice, choice
    order = bl(recorded, "explain", "skirmish-transfer", "--seq", "25", "--lang", "ru")
    assert "transfer_feint = (extraordinary=0; master=1) (exchange=1)" in order
    for out in (roll, choice, order):
        assert "{" not in out and '"' not in out, out
    assert '{"dice": "1d100", "purpose": "stake"' in bl(recorded, "explain", "duel-death", "--seq", "7")


def test_explain_says_a_switch_in_words(recorded: str) -> None:
    """A house-rule switch in force is said «да»/«нет» in Russian, its name (typed with --option) beside."""
    from replay import driver
    from replay.audit import explain

    with Store.open(recorded) as store:
        game = driver.load(store, "skirmish-transfer")
    seq = next(e.seq for e in game.events if "A-02" in (e.payload.get("defaults") or []))
    said = {d: opt for d, _, opt in explain(game, seq, "ru").defaults}
    assert said["A-02"] in ("ones_cancel_successes = да", "ones_cancel_successes = нет"), said
    assert {d: opt for d, _, opt in explain(game, seq, "en").defaults}["A-02"].endswith(("= true", "= false"))
