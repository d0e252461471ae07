"""The skirmish's posts call fighters by their names (issue 11): in English as the setup writes them, in Russian
declined in the case each sentence asks («инициатива переходит к Всеславу», «у Ратибора шок 2»), a past form after a
woman's name agreeing («Зоряна бежала»), a name that cannot be declined after «боец» in the case («у бойца Sir
Pell»), never a guessed ending; markup and bidirectional controls in a name stay inert."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver
from replay.render.text import render
from replay.rulesets.skirmish import words

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "fixtures" / "skirmish").glob("*.jsonl"))
NAMES = {"RAT": {"ru": "Ратибор", "en": "Ratibor"}, "VSE": {"ru": "Всеслав", "en": "Vseslav"},
         "ZOR": {"ru": "Зоряна", "en": "Zoryana"}, "PEL": {"ru": "Sir Pell", "en": "Sir Pell"},
         "SV": {"ru": "Святослав", "en": "Svyatoslav"}}


@pytest.mark.parametrize("line, said", [
    ("инициатива переходит к VSE; дистанция короткая", "инициатива переходит к Всеславу; дистанция короткая"),
    ("инициатива остаётся у RAT", "инициатива остаётся у Ратибора"),
    ("Батман: RAT сближается до короткой дистанции; у VSE шок 3",
     "Батман: Ратибор сближается до короткой дистанции; у Всеслава шок 3"),
    ("Отложенная защита: VSE отдаёт инициативу RAT", "Отложенная защита: Всеслав отдаёт инициативу Ратибору"),
    ("RAT держит VSE: правая рука", "Ратибор держит Всеслава: правая рука"),
    ("3 итог. усп. RAT → +3 куб.", "3 итог. усп. Ратибора → +3 куб."),
    ("удар приходится ZOR: левая рука", "удар приходится Зоряне: левая рука"),
    ("ZOR стреляет (лук) в VSE с 13 м", "Зоряна стреляет (лук) во Всеслава с 13 м"),  # «во» before «Вс»
    ("схватка с SV", "схватка со Святославом"),
    ("Толчок щитом: ZOR отброшен на ручную дистанцию", "Толчок щитом: Зоряна отброшена на ручную дистанцию"),
    ("ZOR бежал с поля", "Зоряна бежала с поля"), ("RAT бежал с поля", "Ратибор бежал с поля"),
    ("бег: у ZOR все очки рефлекса потеряны", "бег: у Зоряны все очки рефлекса потеряны"),
    ("инициатива остаётся у PEL", "инициатива остаётся у бойца Sir Pell"),  # cannot be declined: «боец» takes the case
    ("переходит к PEL", "переходит к бойцу Sir Pell"),
    ("PEL — атака: Выпад → ZOR, голова", "Sir Pell — атака: Выпад → Зоряна, голова"),  # labels: the nominative
    ("порядок действий: RAT, VSE=ZOR", "порядок действий: Ратибор, Всеслав=Зоряна"),
    ("нечто VSE странное", "нечто VSE странное"),  # a case not known: the id stays, never a guessed ending
])
def test_a_name_takes_the_case_the_words_before_it_ask(line: str, said: str) -> None:
    assert words.by_name(line, NAMES, "ru") == said


def test_english_writes_the_names_as_they_are() -> None:
    assert words.by_name("RAT's hidden attack; initiative passes to VSE", NAMES, "en") == \
        "Ratibor's hidden attack; initiative passes to Vseslav"


def test_a_name_holding_an_id_is_not_read_again() -> None:
    names = {"RAT": {"ru": "VSE RAT", "en": "VSE RAT"}, "VSE": {"ru": "Всеслав", "en": "Vseslav"}}
    assert words.by_name("RAT — атака, VSE — атака", names, "ru") == "VSE RAT — атака, Всеслав — атака"
    assert words.by_name("RAT attacks VSE", names, "en") == "VSE RAT attacks Vseslav"


def test_an_id_inside_a_word_or_a_code_is_not_a_name() -> None:
    assert words.by_name("RATS, VSE-1, M16", NAMES, "en") == "RATS, VSE-1, M16"


def test_a_side_and_a_facing_are_said_in_russian() -> None:
    assert (words.side_name("blue", "ru"), words.side_name("#c03030", "ru"), words.side_name("Орда", "ru")) == \
        ("синие", "красные", "Орда")
    assert (words.facing_name("SW", "ru"), words.facing_name("W", "ru", word=True), words.facing_name("W", "en")) \
        == ("ЮЗ", "запад", "W")


# --- every recorded fight --------------------------------------------------------------------------------------

def _posts(text: str) -> dict[str, str]:
    """Each closed turn's post of an imported log: {"<turn> <lang> <format>": text}."""
    with Store.open(":memory:") as store:
        game_id = next(iter(import_text(store, text, source="test")))
        game = driver.load(store, game_id)
    out = {}
    for turn in driver.turns(game):
        if not driver.turn_steps(game, turn).steps:
            continue
        view = driver.turn_view(game, turn)
        for lang in ("ru", "en"):
            doc = game.ruleset.post(view, lang)
            out[f"{turn} {lang} bbcode"] = render(doc, "bbcode", "mybb-ru")
            out[f"{turn} {lang} markdown"] = render(doc, "markdown")
    return out


def _fighters(text: str) -> list[dict]:
    return json.loads(text.splitlines()[0])["payload"]["setup"]["fighters"]


def _outside_the_table_and_notes(post: str) -> str:
    """A post's lines but the standing table's rows (which give each name with its id, as orders write it) and the
    GM's notes (the GM's own words)."""
    keep = []
    for line in post.splitlines():
        if line.startswith("|") or "Решение мастера" in line or "GM ruling" in line:
            continue
        keep.append(line)
    post = "\n".join(keep)
    return re.sub(r"\[code\].*?\[/code\]", "", post, flags=re.S)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_recorded_fights_posts_call_every_fighter_by_name(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    ids = {f.get("id") or f["sample"] for f in _fighters(text)}
    for key, post in _posts(text).items():
        body = _outside_the_table_and_notes(post)
        left = {i for i in ids if re.search(rf"(?<![\w-]){i}(?![\w-])", body)}
        assert not left, (key, left)
        said = {("Ратибор" if " ru " in key else "Ratibor") if (f.get("id") or f["sample"]) == "RAT"
                else (f.get("name") or {}).get("ru" if " ru " in key else "en", "") for f in _fighters(text)}
        assert any(name and name[:4] in body for name in said), key  # names stand where the ids stood


def test_the_brawl_declines_its_fighters_in_russian() -> None:
    posts = _posts((ROOT / "fixtures" / "skirmish" / "brawl.jsonl").read_text(encoding="utf-8"))
    ru = posts["1 ru markdown"]
    assert "## Раунд 1: Ратибор против Всеслава" in ru
    assert "инициатива переходит к Всеславу" in ru and "у Ратибора шок 2 в следующем обмене" in ru
    assert "инициатива остаётся у Всеслава" in ru and "| Ратибор \\(RAT\\) |" in ru
    en = posts["1 en markdown"]
    assert "## Round 1: Ratibor vs Vseslav" in en and "initiative passes to Vseslav" in en


def test_the_archery_battle_tells_a_womans_shots() -> None:
    posts = _posts((ROOT / "fixtures" / "skirmish" / "archery.jsonl").read_text(encoding="utf-8"))
    ru = "\n".join(v for k, v in posts.items() if " ru markdown" in k)
    assert "**Выстрел Зоряны по Всеславу: попадание\\.**" in ru
    assert "Зоряна стреляет \\(короткий лук\\) во Всеслава" in ru
    assert "Всеслав стреляет \\(короткий лук\\) в Зоряну" in ru
    assert "лицом на восток" in ru and "Зоряна \\(ZOR, синие\\) | 13, 2 З" in ru
    assert not re.search(r"лицом на [A-Z]|\d+, \d+ [NSEW]{1,2} \|", ru)  # no Latin facing left


# --- names a reader did not choose: a woman, a name that cannot be declined, markup and bidi controls ---------

HOSTILE = "[b]Пелл[/b] **x** \u202eevil"


def _renamed(fixture: str, names: list[dict[str, str]]) -> str:
    """The hand-written log of a recorded fight with its fighters renamed (the rules resolve it again on import)."""
    lines = (ROOT / "fixtures" / "skirmish" / "hand" / fixture).read_text(encoding="utf-8").splitlines()
    created = json.loads(lines[0])
    for fighter, name in zip(created["payload"]["setup"]["fighters"], names, strict=False):
        fighter["name"] = name
    return "\n".join([json.dumps(created, ensure_ascii=False), *lines[1:]]) + "\n"


@pytest.fixture(scope="module")
def renamed() -> dict[str, str]:
    return _posts(_renamed("brawl.jsonl", [{"ru": "Зоряна", "en": "Zoryana"}, {"ru": "Sir Pell", "en": "Sir Pell"}]))


def test_a_name_that_cannot_be_declined_follows_a_noun_that_can(renamed: dict[str, str]) -> None:
    ru = renamed["1 ru markdown"]
    assert "## Раунд 1: Зоряна — Sir Pell" in ru  # «против» would need Sir Pell's genitive
    assert "инициатива переходит к бойцу Sir Pell" in ru and "у Зоряны шок 2" in ru
    assert not re.search(r"Sir Pell[а-яё]", ru)  # never an ending glued to it


def test_a_womans_status_agrees(renamed: dict[str, str]) -> None:
    table = [line for line in renamed["1 ru markdown"].splitlines() if line.startswith("| Зоряна")]
    assert table and table[0].endswith("| беспомощна |")


@pytest.mark.parametrize("fixture", ["brawl.jsonl", "archery.jsonl"])
def test_markup_and_bidi_controls_in_a_name_stay_inert(fixture: str) -> None:
    posts = _posts(_renamed(fixture, [{"ru": HOSTILE, "en": HOSTILE}, {"ru": "Зоряна", "en": "Zoryana"}]))
    for key, post in posts.items():
        assert "\u202e" not in post, key
        if "bbcode" in key:
            assert "[b]Пелл" not in post and "[/b] **x**" not in post, key
        else:
            assert "**x**" not in post and "\\*\\*x\\*\\*" in post, key
    assert "бойцу [\u200bb]Пелл" in posts["1 ru bbcode"] or "бойца [\u200bb]Пелл" in posts["1 ru bbcode"]


def test_a_facing_in_a_move_is_a_russian_word() -> None:
    from replay.rulesets.skirmish import messages

    (said,) = messages.why({"why": ["VSE quiet walks 1 m of 1.33333 m (Speed 8 × 1/6) to (1, 5), facing E"]}, "ru")
    assert said == "VSE идёт тихим шагом 1 м из 1,33333 м (Скорость 8 × 1/6) в (1, 5), лицом на восток"
    (said,) = messages.why({"why": ["MIR jogs 2 m of 2.5 m (Speed 5 × 1/2), facing SW"]}, "ru")
    assert said == "MIR бежит трусцой 2 м из 2,5 м (Скорость 5 × 1/2), лицом на юго-запад"


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_spec_id_a_post_cites_is_said_in_its_check_spoiler(path: Path) -> None:
    from replay.render.text import Spoiler
    from replay.rulesets.skirmish.post import SPEC_ID, text_of

    with Store.open(":memory:") as store:
        game_id = next(iter(import_text(store, path.read_text(encoding="utf-8"), source="test")))
        game = driver.load(store, game_id)
    for turn in driver.closed_turns(game):
        for lang in ("ru", "en"):
            doc = game.ruleset.post(driver.turn_view(game, turn), lang)
            *body, spoiler = doc.blocks
            assert isinstance(spoiler, Spoiler)
            said = text_of(spoiler.body)
            for cited in set(SPEC_ID.findall(text_of(type(doc)(body)))):
                assert re.search(rf"(?m)^{cited} — \w", said), (turn, lang, cited)
            assert ("строка 377 свода правил" if lang == "ru" else "line 377 of the rulebook") in said


def test_an_order_that_is_not_a_declaration_is_refused_in_russian() -> None:
    from replay.render.i18n import localize
    from replay.ruleset import get
    from replay.rulesets.skirmish import parse
    from tests.skirmish.kit import fight

    (problem,) = parse.parse_order("атакую колющим в голову", fight(), "RAT").errors
    assert localize(problem, "ru", [get("skirmish")]) == \
        "4.5: заявка начинается со слов «Атака:» или «Защита:» либо состоит из слова «пас»"


@pytest.mark.parametrize(("actor", "text", "grid"), [
    ("RAT", "Намерение: не знаю", "square"), ("RAT", "Иду и стреляю в VSE, 3 кубика (2Р)", "square"),
    ("MIR", "Стреляю", "square"), ("RAT", "Пляшу", "square"), ("RAT", "Жду, лицом на юг", "hex"),
    ("RAT", "Иду шагом на (4,4)", "square"), ("RAT", "Обмен 3: жду", "square"), ("RAT", "Иду шагом", "square"),
    ("MIR", "Стреляю в VSE и BOR, 3 кубика (1Р+2Н)", "square"),
    ("MIR", "Стреляю в VSE, 3 кубика (1Р+2Н), покупаю зона живот", "square"),
    ("MIR", "Достаю стрелу, ускорение", "square"), ("RAT", "Строю строй", "square"),
    ("RAT", "Строю строй: BOR, MIR; пары BOR", "square"),
])
def test_a_field_posts_problems_are_said_in_russian(actor: str, text: str, grid: str) -> None:
    from dataclasses import replace

    from replay.render.i18n import UNTRANSLATED, localize
    from tests.skirmish.kit import RULESET
    from tests.skirmish.test_part2 import started

    problems = RULESET.parse_order(text, replace(started(), grid=grid), actor).errors
    assert problems
    for problem in problems:
        said = localize(problem, "ru", [RULESET])
        assert not said.startswith(UNTRANSLATED["ru"]), said
        assert not re.search(r"\b(?:the|name|of|is|are|or|one)\b", said), said


FIELD_ORDERS = [
    ("BOR", {"act": "move", "gait": "walk", "path": [[2, 3], [3, 3]]}),
    ("BOR", {"act": "move", "gait": "run", "path": [[2, 3]]}),
    ("BOR", {"act": "move", "gait": "walk", "path": "north"}),
    ("BOR", {"act": "move", "gait": "walk", "path": [[2, 3]], "facing": "UP"}),
    ("MIR", {"act": "shoot", "target": "BOR", "dice": {"reflex": 0, "skill": 3}}),
    ("MIR", {"act": "shoot", "target": "NOBODY", "dice": {"reflex": 0, "skill": 3}}),
    ("MIR", {"act": "aim"}), ("MIR", {"act": "prepare"}),
    ("RAT", {"act": "draw"}), ("RAT", {"act": "dance"}), ("RAT", {"act": "flee"}),
    ("RAT", {"act": "form", "members": ["BOR", "VSE"], "partners": [["BOR", "VSE"]]}),
    ("RAT", {"act": "form", "members": []}),
]


@pytest.mark.parametrize(("actor", "order"), FIELD_ORDERS)
def test_the_battles_checks_are_said_in_russian(actor: str, order: dict) -> None:
    from replay.render.i18n import UNTRANSLATED, localize
    from tests.skirmish.kit import RULESET
    from tests.skirmish.test_part2 import problems, started

    found = problems(started(), actor, {"exchange": 1, "stage": "field", **order})
    assert found
    for problem in found:
        said = localize(problem, "ru", [RULESET])
        assert not said.startswith(UNTRANSLATED["ru"]), said
        assert not re.search(r"\b(?:the|is|are|has|of|one|needs|stage|no)\b", said), said


def test_a_one_letter_id_is_not_read_in_the_arithmetic_or_a_facing() -> None:
    names = {"W": {"ru": "Вадим", "en": "Vadim"}, "E": {"ru": "Ева", "en": "Eva"}}
    assert words.by_name("E: W = 6 − 2×1; W walks, facing E", names, "en") == "Eva: W = 6 − 2×1; Vadim walks, facing E"
    assert words.by_name("инициатива у W; W = 6", names, "ru") == "инициатива у Вадима; W = 6"


ROLL_SUM = re.compile(r"→ (\d+) − (\d+)(?: \+ (\d+) (?:автом\.|automatic))?(?: − (\d+) (?:штраф|penalty))? = (-?\d+)")


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_rolls_arithmetic_in_a_post_adds_up(path: Path) -> None:
    """A roll's line says every term of its net (automatic successes, penalties), so a reader can add it up."""
    posts = _posts(path.read_text(encoding="utf-8"))
    sums = [m for key, post in posts.items() if "bbcode" in key for m in ROLL_SUM.finditer(post.replace("\u200b", ""))]
    assert sums
    for m in sums:
        hits, ones, auto, penalty, net = (int(x or 0) for x in m.groups())
        assert hits - ones + auto - penalty == net, m.group(0)


def test_a_roll_with_fewer_dice_than_declared_says_why() -> None:
    posts = _posts((ROOT / "fixtures" / "skirmish" / "tricks.jsonl").read_text(encoding="utf-8"))
    assert "Ратибор (Удар мастера) 2к10 %5 [\u200b9, 9] → 2 − 0 = 2 (заявлено 4 − потеряно 2: M11 язык тела)" in \
        posts["1 ru bbcode"]
    assert "(4 declared − 2 lost: M11 Body Language)" in posts["1 en bbcode"]
