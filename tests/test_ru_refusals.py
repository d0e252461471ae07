"""A finder of English left in Russian refusals: every problem a ruleset's code can raise or append (each
`problems.append(...)`, each `raise …Error(...)` with English text, read from the source) is said under `--lang ru`
and must not come out English. The f-strings' fields are filled with sample values (an id, a side's letter, a
number, a decimal) in every combination until one reads in Russian: a line that reads in Russian for none of them is
English left for a Russian reader.

The scan reads the modules of warband, knights, cerilia and duel, and the core's (cli/, replay/, replay/render/,
eventlog/). Skirmish is not held to it here (`english_left(_modules("replay/rulesets/skirmish"), [skirmish])` lists
what it finds there)."""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from replay.render import i18n
from replay.ruleset import get as get_ruleset

ROOT = Path(__file__).resolve().parent.parent
MARK = i18n.UNTRANSLATED["ru"]
SAMPLES = ("a1", "A", "3", "3.5", "a1, b2")
"""What a field of an f-string is filled with: an id, a side, a whole number, a decimal, a list of ids."""
SENTENCE = re.compile(r"[A-Za-z]{2,}[ ,'’]+[A-Za-z]{2,}")
"""Two Latin words in a row: an English sentence (the literal text of a problem, with its fields taken out)."""
INTERNAL = re.compile(r"has no attribute|unknown resolution type|unknown knight|no check of|object has no|"
                      r"^data/|^battle card|^morale table|^battle cards|is frozen|arg is an empty|no module named|"
                      r"^catalogue entry|^PNG |^unknown case|positional_maker")
"""Programming errors and data-file checks: never a player's input, never printed to one."""
NOT_PROBLEMS = {"why", "notes", "lines", "steps", "said", "parts"}
"""Lists a resolution's arithmetic is built in (its `why` lines are held to Russian by the recorded games' tests)."""
CALLS = {"append", "MissingInput", "ValueError", "ParseError", "CheckError", "InputError", "BadInput", "UsageError",
         "ClickException"}


HINTS = {r"home_edge": ("N", "W"), r"\.state\b": ("tied", "running"), r"^name$": ("haste",),
         r"kind\.replace": ("ally or self", "enemy"), r"^kind$": ("infantryman", "mage", "limits"),
         r"^mode$": ("talk", "whisper"),
         r"join\(reasons\)": ("t1 is rough terrain; climbs 2.5 cm onto t2",),
         r"^act(ion)?$": ("full_ahead", "smooth_turn"), r"join\(actions\)": ("full_ahead, smooth_turn",),
         r"domain$": ("water",), r"^foe$": ("rock",), r"join\(oaths\)": ("bravery, mercy, bravery",),
         r"join\(used\)": ("killer_blow, sharp_tongue",), r"^trait$": ("tough",),
         r"spell\['id'\]|^spell$": ("fireball",),
         r"name_en": ("Forest",),
         r"^(e|exc|err|error|problem|why)$|\.error$|join\((problems|errors)\)|^str\(e":
             ("a game's first event must be game.created",), r"^waits$": ("waiting for order",),
         r"what or name": ("C08: the weather of this turn",), r"type\(item\)": ("table", "para"),
         r"to \{s\}": ("1 to B, 2 to C",),
         r"r\.text\(\)": ("A: roll 1d6 for turn-order roll (round 1)",),
         r"_key_text": ("A's order", "GM's roll move_roll [warrior=a1]"), r"^state$": ("sealed at seq 3",),
         r"actor or 'the GM'": ("A",)}
"""Fields whose value a word table reads (an edge, a mount's state, a spell, a creature, an action, an oath, a trait)
or a line of another catalogue entry (the reasons a path needs the movement roll, an error wrapped in another):
samples of real values, by the field's expression in the code."""
Part = str | tuple[str, ...]


def _samples(value: ast.expr) -> tuple[str, ...]:
    """What one field of an f-string may be: both texts of `'a' if … else 'b'`, a hint's real values, or SAMPLES."""
    if isinstance(value, ast.IfExp):  # both branches, a field inside one of them a number
        return tuple("".join(str(v.value) if isinstance(v, ast.Constant) else "3" for v in
                             (branch.values if isinstance(branch, ast.JoinedStr) else [branch]))
                     for branch in (value.body, value.orelse))
    source = ast.unparse(value)
    for pattern, said in HINTS.items():
        if re.search(pattern, source):
            return said
    return SAMPLES


def _templates(node: ast.expr) -> Iterator[list[Part]]:
    """A message's text as parts: literal text, or the sample values of a field of an f-string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield [node.value]
    elif isinstance(node, ast.JoinedStr):
        yield [v.value if isinstance(v, ast.Constant) else _samples(v.value)  # type: ignore[attr-defined]
               for v in node.values]
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        for left in _templates(node.left):
            for right in _templates(node.right):
                yield left + right
    else:  # a text made otherwise ("; ".join(problems)): a field
        yield [_samples(node)]


def messages(path: Path) -> Iterator[tuple[int, list[Part]]]:
    """The English problems a module appends or raises, with their lines."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        fn = node.func
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
        if name not in CALLS and not name.endswith("Error"):
            continue
        if name == "append" and getattr(fn.value, "id", "") in NOT_PROBLEMS:  # type: ignore[union-attr]
            continue
        for parts in _templates(node.args[0]):
            literal = " ".join(p for p in parts if isinstance(p, str))
            if SENTENCE.search(literal) and not INTERNAL.search(literal):
                yield node.lineno, parts


def _fillings(parts: list[Part]) -> Iterator[str]:
    fields = [p for p in parts if not isinstance(p, str)]
    for values in itertools.islice(itertools.product(*fields), 20000):
        it = iter(values)
        yield "".join(p if isinstance(p, str) else next(it) for p in parts)


def english_left(paths: list[Path], rulesets: list[object]) -> list[str]:
    """Each problem of `paths` that reads in Russian for no filling of its fields: "file:line: text"."""
    left = []
    for path in paths:
        for line, parts in messages(path):
            if not any(not i18n.localize(text, "ru", rulesets).startswith(MARK)  # type: ignore[arg-type]
                       for text in _fillings(parts)):
                shown = "".join(p if isinstance(p, str) else "{}" for p in parts)
                where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
                left.append(f"{where}:{line}: {shown}")
    return left


def _modules(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).glob("*.py") if p.name not in ("messages.py", "words.py"))


@pytest.mark.parametrize("ruleset", ["warband", "knights", "cerilia", "duel"])
def test_every_refusal_of_a_ruleset_reads_in_russian(ruleset: str) -> None:
    left = english_left(_modules(f"replay/rulesets/{ruleset}"), [get_ruleset(ruleset)])
    assert not left, "\n".join(left)


def test_every_refusal_of_the_core_reads_in_russian() -> None:
    every = [get_ruleset(r) for r in ("warband", "knights", "cerilia", "duel")]  # as a command says a game's errors
    left = english_left(_modules("cli") + _modules("replay") + _modules("replay/render") + _modules("eventlog"), every)
    assert not left, "\n".join(left)


def test_the_finder_finds_english(tmp_path: Path) -> None:
    """The finder is honest: an English problem no catalogue knows is found, a translated one is not."""
    warband = get_ruleset("warband")
    assert i18n.localize("§4.7.3: no large shield for archers (L274)", "ru", [warband]).startswith("§4.7.3: ")
    probe = tmp_path / "probe.py"
    probe.write_text('problems = []\nproblems.append(f"§9.9: {1} flies over the moon")\n'
                     'problems.append("§4.7.3: no large shield for archers (L274)")\n', encoding="utf-8")
    assert [line.split(": ", 1)[1] for line in english_left([probe], [warband])] == ["§9.9: {} flies over the moon"]


# --- the same lines through the command line: each family refused in Russian, as a reader sees it ----------------

def _russian_refusal(tmp_path: Path, args: list[str], english: str, russian: str) -> None:
    from click.testing import CliRunner

    from cli.main import main

    db = str(tmp_path / "g.duckdb")
    runner = CliRunner()
    said = {lang: runner.invoke(main, ["--db", db, "--lang", lang, *args]) for lang in ("en", "ru")}
    assert said["en"].exit_code == 2 and english in said["en"].output, said["en"].output
    assert said["ru"].exit_code == 2 and "Traceback" not in said["ru"].output, said["ru"].output
    lines = said["ru"].output.strip().splitlines()
    assert russian in lines, said["ru"].output
    assert all(line.startswith("ошибка: ") and MARK not in line for line in lines), said["ru"].output


def _duel_setup(tmp_path: Path, **duelist: object) -> str:
    import json

    first = json.loads((ROOT / "fixtures/duel/traits-2.jsonl").read_text(encoding="utf-8").splitlines()[0])
    for key in ("seq", "prev", "hash"):
        first.pop(key, None)
    first["game"] = "duel-bad"
    first["payload"]["setup"]["duelists"][0].update(duelist)
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(first, ensure_ascii=False) + "\n", encoding="utf-8")
    return str(path)


def test_a_setup_refused_in_russian_keeps_its_line_and_field(tmp_path: Path) -> None:
    _russian_refusal(tmp_path, ["import", _duel_setup(tmp_path, traits=["tough", "tough"])],
                     "line 1 setup: duelists.0.traits: §7 Черты: a duelist has exactly 2 distinct traits",
                     "ошибка: строка 1, setup: duelists.0.traits: §7 Черты: у дуэлянта ровно 2 разные черты, а не "
                     "['tough', 'tough'] (A28)")


def test_a_log_edited_behind_battlelog_s_back_is_refused_in_russian(tmp_path: Path) -> None:
    lines = (ROOT / "fixtures/duel/traits-2.jsonl").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([lines[0].replace("Жан-Батист", "Жан"), *lines[1:]]) + "\n", encoding="utf-8")
    _russian_refusal(tmp_path, ["import", str(path)], "line 1: hash does not match the event's content",
                     "ошибка: строка 1: hash не совпадает с содержимым события")


@pytest.mark.parametrize(("args", "english", "russian"), [
    (["roll", "duel-traits-2", "1d100", "--actor", "A", "--seal", "--replace", "--result", "5"],
     "--seal, --reveal and --replace exclude each other", "ошибка: --seal, --reveal и --replace друг друга исключают"),
    (["render", "duel-traits-2", "--turn", "1", "-o", "frame.txt"], "the file must end in .svg or .png",
     "ошибка: -o frame.txt: файл должен оканчиваться на .svg или .png"),
    (["roll", "duel-traits-2", "2x6", "--actor", "A", "--result", "5"], "dice '2x6': not dice notation",
     "ошибка: кости '2x6': это не запись костей (ожидалось NdM, dM, DM, NdM+K или NdM-K, например 2d6-2, 1d100, D9)"),
])
def test_the_command_line_s_own_refusals_in_russian(tmp_path: Path, args: list[str], english: str,
                                                    russian: str) -> None:
    from click.testing import CliRunner

    from cli.main import main

    db = str(tmp_path / "g.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(ROOT / "fixtures/duel/traits-2.jsonl")]).exit_code == 0
    _russian_refusal(tmp_path, args, english, russian)
