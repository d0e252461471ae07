"""cerilia under `--lang ru` (issue 11): every `why` line of every recorded game and every rule clause reads in
Russian with no Latin word left but stack and character ids, unit codes and signs (and a GM's own words, kept as
written); the English lines are exactly the log's; the CLI's refusals of the issue's bad inputs are one Russian
line each naming the rule; explain, dispute and the frames name steps and events in Russian."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay import driver
from replay.fold import resolution_steps
from replay.render import i18n
from replay.ruleset import get as get_ruleset
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.messages import EVENT_RU
from replay.rulesets.cerilia.words import PURPOSE
from tests.cerilia.test_bad_input import HAND

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "fixtures" / "cerilia").glob("*.jsonl"))
MARK = i18n.UNTRANSLATED["ru"]
RULE = re.compile(r"§\d|\bC\d{1,2}\b|TXT-\d|AMB-\d|CP-\d")


def _codes(game: driver.Game) -> list[str]:
    """What the Russian keeps as written: stack and character ids, players, unit codes, the scenario's id."""
    out = set(tables().units) | set(tables().characters)
    setup = game.events[0].payload.get("setup") or {}
    out |= set((setup.get("players") or {}).values()) | {str(setup.get("scenario", ""))}
    for event in game.events:
        for step in resolution_steps(game.ruleset, event):
            out |= set(re.findall(r"\b[AD]-[A-Za-z]+-\d+\b", json.dumps(step.payload)))
    return sorted((o for o in out if o), key=len, reverse=True)


def _gm_words(english: str) -> str | None:
    """A GM's own words in a recorded line: a ruling's hand-written arithmetic, a note after "GM: "."""
    if english.startswith("GM ruling: "):
        return english.removeprefix("GM ruling: ")
    head, sep, note = english.partition("GM: ")
    return sep + note if sep else None


def _load(store: Store, path: Path) -> driver.Game:
    return driver.load(store, next(iter(import_text(store, path.read_text(encoding="utf-8"), source=path.name))))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_why_line_and_rule_of_a_recorded_game_reads_in_russian(tmp_path: Path, path: Path) -> None:
    with Store.open(tmp_path / "g.duckdb") as store:
        game = _load(store, path)
    rs = game.ruleset
    codes = _codes(game)
    lines = 0
    for event in game.events:
        for step in resolution_steps(rs, event):
            recorded = [str(w) for w in step.payload.get("why", [])]
            assert i18n.why_lines(rs, step.payload, "en") == recorded  # English: exactly the log's lines
            russian = rs.why(step.payload, "ru")
            assert len(russian) == len(recorded)
            for english, said in zip(recorded, russian, strict=True):
                lines += 1
                assert not said.startswith(MARK), (english, said)
                bare = said
                gm = _gm_words(english)
                if gm is not None:
                    assert gm in said, (english, said)  # the GM's words kept as written, the frame around in Russian
                    bare = bare.replace(gm, "")
                for code in codes:
                    bare = re.sub(rf"(?<![\w-]){re.escape(code)}(?![\w-])", "", bare)
                bare = re.sub(r"\b[0-9a-f]{12}…", "", bare)  # a commitment's sha256, a code as it is
                assert not set(re.findall(r"[A-Za-z]{3,}", bare)) - {"seq"}, (english, said)  # the log's own word
                assert re.search(r"[а-яё]", said, re.I) or re.fullmatch(r"1d10: [AD \d,]+", said), (english, said)
            rule = step.payload.get("rule")
            if rule:
                (clause,) = i18n.translate_lines(rs, [str(rule)], "ru")
                assert not clause.startswith(MARK) and not re.search(r"\b(item|items|rule|fates)\b", clause), clause
    assert lines > 0


def test_the_arithmetic_of_an_attack_in_words() -> None:
    rs = get_ruleset("cerilia")
    why = ["A-In-1 → D-In-1 (melee): 2 (In melee) + 1 (Lord Aerin) − 2 (In defence) = +1; D9 = 8, card 8 (s = 9), "
           "target sign Sh → R",
           "A-Arc-1 → D-Arc-1 (stationary): 2 (Arc missile) − 2 (2 damage) − 1 (Arc defence) + 1 (spell) = -2; D9 = 3, "
           "card 3 (s = 1), target sign B → F (shooters ignore F)",
           "D-In-1 receives H, R and holds F", "R/D beat F: no fall back (§5.3.5)",
           "the Defender places forest in B2",
           "ilsabet casts Blessing on D-Arc-1: +1 melee, +1 charge, +1 missile, +1 defence until the round's end "
           "(no roll)"]
    assert rs.why({"why": why}, "ru") == [
        "A-In-1 → D-In-1 (ближний бой): 2 (In ближний бой) + 1 (Лорд Аэрин) − 2 (In защита) = +1; D9 = 8, карта 8 "
        "(s = 9), знак цели Sh → R",
        "A-Arc-1 → D-Arc-1 (стационарный выстрел): 2 (Arc дальний бой) − 2 (2 повр.) − 1 (Arc защита) + 1 "
        "(заклинание) = -2; D9 = 3, карта 3 (s = 1), знак цели B → F (стрелки не учитывают F)",
        "D-In-1 получает H, R и удерживает F", "R/D старше F: отступления нет (§5.3.5)",
        "Защищающий кладёт карту «Лес» в B2",
        "ilsabet творит «Благословение» на D-Arc-1: +1 ближний бой, +1 кав. атака, +1 дальний бой, +1 защита до "
        "конца раунда (без броска)"]
    assert rs.why({"why": ["the GM flips a coin"]}, "ru") == [MARK + "the GM flips a coin"]  # no guess


def test_event_types_and_roll_purposes_have_russian_names() -> None:
    rs = get_ruleset("cerilia")
    catalogue = rs.catalogue("ru")
    assert catalogue is not None and rs.catalogue("en") is None
    assert set(rs.resolution_types) == set(EVENT_RU)
    assert all(re.search(r"[а-яё]", i18n.event_name(rs, t, "ru")) for t in rs.resolution_types)
    assert i18n.event_name(rs, "cerilia.attack", "en") == "cerilia.attack"
    assert catalogue.words["purpose"] == PURPOSE["ru"]


# --- the CLI ------------------------------------------------------------------------------------------------------

def cli(db: Path, *args: str):
    result = CliRunner().invoke(main, ["--db", str(db), *args])
    assert "Traceback" not in result.output, result.output
    return result


@pytest.fixture(scope="module")
def round2(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hand-written skirmish after round 1 (as tests/cerilia/test_bad_input.py), and the Phase B post point."""
    folder = tmp_path_factory.mktemp("ru-bad")
    lines = HAND.read_text(encoding="utf-8").splitlines(keepends=True)
    for name, n in (("a1", 7), ("b", 9)):
        log = folder / f"{name}.jsonl"
        log.write_text("".join(lines[:n]), encoding="utf-8")
        assert cli(folder / f"{name}.duckdb", "import", str(log)).exit_code == 0
    return folder


def _order(step: str, *lines: dict) -> tuple[str, ...]:
    return ("order", "cerilia-skirmish", "--actor", "alice" if step != "A3" else "bob", "--json",
            json.dumps({"step": step, "lines": list(lines)}))


BAD = [
    ("a1", _order("A1", {"verb": "move", "actor": "A-In-1", "path": ["C1", "C2"]},
                  {"verb": "move", "actor": "A-In-1", "path": ["C2", "C3"]}),
     "строка 2 (move A-In-1): §4.3.3: C2>C3: нужно ОП: 1; у A-In-1 их 0",
     "line 2 (move A-In-1): §4.3.3: C2>C3 needs 1 MP; A-In-1 has 0"),
    ("a1", _order("A1", {"verb": "move", "actor": "A-Kn-1", "path": ["D1", "D2", "RD"]}),
     "§4.3.3: RD — не сектор (в резерв входят только бегством или отступлением)",
     "§4.3.3: RD is no sector (a reserve is entered only by rout or retreat)"),
    ("a1", _order("A1", {"verb": "declare_charge", "actor": "A-In-1", "path": ["C1", "C2", "C3"],
                         "target": "D-In-1"}),
     "§4.3.9: у In нет параметра кавалерийской атаки", "§4.3.9: In has no charge parameter"),
    ("b", _order("B_A", {"verb": "shoot", "actor": "A-In-1", "target": "D-In-1"}),
     "§4.4.2: у A-In-1 нет параметра дальнего боя", "§4.4.2: A-In-1 has no missile parameter"),
    ("a1", ("roll", "cerilia-skirmish", "1d100", "--actor", "alice", "--purpose", "morale", "--field", "unit=A-In-1",
            "--result", "40"),
     "§4.5.4: A-In-1 не разгромлен; проверка Морали делается только в резерве после разгрома (Фаза В)",
     "§4.5.4: A-In-1 is not routed; a morale check is made only in the reserve after a rout"),
    ("a1", ("post-in", "cerilia-skirmish", "--actor", "alice", "--text", "InSh (C1-1; 1/1) - move - C2"),
     "§4.2.3: в строке учёта InSh, но по записанному состоянию A-In-1 — InB в C1-1",
     "§4.2.3: the ledger says InSh but A-In-1 is InB at C1-1 in the recorded state"),
]


@pytest.mark.parametrize(("db", "args", "russian", "english"), BAD, ids=lambda v: v if isinstance(v, str) else "")
def test_a_bad_input_is_one_russian_line_naming_the_rule(round2: Path, db: str, args: tuple[str, ...], russian: str,
                                                          english: str) -> None:
    path = round2 / f"{db}.duckdb"
    head = cli(path, "head", "cerilia-skirmish").output
    out = cli(path, "--lang", "ru", *args)
    lines = out.output.strip().splitlines()
    assert out.exit_code == 2 and len(lines) == 1, out.output
    assert lines[0].startswith("ошибка: ") and russian in lines[0] and RULE.search(lines[0]), out.output
    assert MARK not in out.output and not re.search(r"\b(needs|has|the|is|no)\b", lines[0]), out.output
    out = cli(path, *args)
    assert out.exit_code == 2 and out.output.startswith("error: ") and english in out.output, out.output
    assert cli(path, "head", "cerilia-skirmish").output == head  # nothing appended


def test_a_purchase_over_the_budget_in_russian(tmp_path: Path) -> None:
    db = tmp_path / "g.duckdb"
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"scenario": "border-skirmish", "players": {"A": "alice", "D": "bob"}}))
    assert cli(db, "new", "cerilia-skirmish", "--ruleset", "cerilia", "--setup", str(setup)).exit_code == 0
    units = [{"id": f"A-Kn-{n}", "card": "Kn"} for n in range(1, 5)]
    out = cli(db, "--lang", "ru", "order", "cerilia-skirmish", "--actor", "alice", "--json",
              json.dumps({"step": "P0", "units": units, "salt": "s", "characters": []}))
    assert out.exit_code == 2 and "ошибка: A: §3, правило 1: закупка стоит 24, больше бюджета 20" in out.output, \
        out.output


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ru-games") / "g.duckdb"
    with Store.open(path) as store:
        for source in GAMES:
            import_text(store, source.read_text(encoding="utf-8"), source=source.name)
    return path


def test_explain_and_dispute_speak_russian(games: Path, tmp_path: Path) -> None:
    out = cli(games, "--lang", "ru", "log", "cerilia-skirmish").output
    seq = next(line.split()[0] for line in out.splitlines() if "cerilia.attack" in line)
    out = cli(games, "explain", "cerilia-skirmish", "--seq", seq, "--lang", "ru")
    assert out.exit_code == 0 and out.output.startswith(f"seq {seq} (ход ") and "атака: " in out.output, out.output
    assert MARK not in out.output and "знак цели" in out.output, out.output
    code = cli(games, "dispute", "cerilia-ruling", "--turn", "4", "--profile", "phpbb", "-o", str(tmp_path / "d"),
               "--lang", "ru").exit_code
    assert code == 0
    post = (tmp_path / "d" / "post.txt").read_text(encoding="utf-8")
    assert MARK not in post and "cerilia.attack" not in post and "(not in the catalogue)" not in post
    assert "(нет в каталоге)" not in post and "Правило: [/b]§" in post


def test_a_frame_under_ru_is_russian(games: Path, tmp_path: Path) -> None:
    out = tmp_path / "f.svg"
    assert cli(games, "render", "cerilia-skirmish", "--turn", "2", "--step", "1", "-o", str(out),
               "--lang", "ru").exit_code == 0
    svg = out.read_text(encoding="utf-8")
    texts = [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<text[^>]*>.*?</text>", svg, re.S)]
    assert "раунд 2: ОП восстановлены, отметки раунда сняты" in texts
    assert not any("MP reset" in t or "Attacker" in t or "routed" in t for t in texts)
    assert cli(games, "render", "cerilia-skirmish", "--turn", "2", "--step", "1", "-o", str(out),
               "--lang", "en").exit_code == 0
    assert "round 2: MP reset, per-round flags cleared" in out.read_text(encoding="utf-8")


PROBLEMS = [  # concrete problems as the checks write them (phase_a, phase_b, phase_c, magic, setup, check)
    "line 3 (deploy A-Kn-1): §4.3.2: the first step out of RA is into the home row (row 1), not C2",
    "line 1 (move A-In-1): §4.3.1: A-In-1 is engaged in melee; only free stacks move",
    "line 1 (move A-In-1): §2.2: C1>D2 is no orthogonal step (no diagonal moves)",
    "line 2 (move A-Kn-1): §4.3.3 rule 4: C2 holds the enemy; the move cannot pass through it",
    "line 1 (declare_charge A-Kn-1): §4.3.9 (TXT-34): C1>C2>D2>D3 turns 2 times; a charge turns once at most",
    "line 1 (declare_charge A-Kn-1): §6.5, C8: no enemy charge into a fortification of level ≥ 2",
    "line 1 (mounted_retreat D-Kn-1): §4.3.8 item 2: no enemy entered D3 in A1",
    "line 1 (join aerin): §4.3.4 (AMB-31): a character detaches only while its host is free",
    "line 2 (shoot A-Arc-1): §4.4.2 (AMB-06): D-In-1 in E3 is out of range",
    "line 1 (voluntary_retreat A-In-1): §4.5.3 item 5: B1 is not a retreat destination (C1, A1)",
    "§4.4.1 item 1 (TXT-11): ilsabet's stock of fireball is exhausted (stock_exhausted)",
    "§4.4.1 item 4 (TXT-12): no combat spell on a stack engaged in melee",
    "A: §3 (AMB-08): 'A-In-9' is not on your list, or is placed twice",
    "D: §3 rule 4 (AMB-11): the Defender places 2 terrain card(s)",
    "§4.1: the game does not ask for your C_A post now (§4.5.3: no stack of yours may retreat voluntarily now)",
    "§4.2.1: an order names its step (A1, A3), not 'Z9'",
    "line 2: §4.2.3: 'летит' is no verb of the table (e.g. move, бьет, стреляет, бежит)",
    "line 1: §2.9: 'Xy' starts with no known type code (Arc, In, Kn, Pe, Pk, Rd, Sc)",
    "§5.8 (CP-19): D must send at least one stack into C3 (D-Pk-1, D-In-1 can go)",
    "§1.1: players names two different players, for A (Attacker) and D (Defender)",
    "§5.9 (CP-22): a pardon names its character (--field character=ilsabet)",
]


def test_a_rule_clause_naming_an_option_says_so() -> None:
    rs = get_ruleset("cerilia")
    assert i18n.translate_lines(rs, ["§5.4.1 (side_major), §5.4.5, §5.3.5", "§3 rule 4, CP-02"], "ru") == [
        "§5.4.1 (вариант правил phase_b_order = side_major), §5.4.5, §5.3.5", "§3, правило 4, CP-02"]


@pytest.mark.parametrize("english", PROBLEMS)
def test_a_problem_of_every_part_of_the_rules_reads_in_russian(english: str) -> None:
    rs = get_ruleset("cerilia")
    said = i18n.localize(english, "ru", [rs])
    assert not said.startswith(MARK) and re.search(r"[а-яё]{3,}", said), said
    bare = re.sub(r"\b[AD]-[A-Za-z]+-\d+\b|\b(?:AMB|TXT)-\d+\b|\b(?:Arc|aerin|ilsabet|sign_assignment|roll_only|"
                  r"declare_charge|mounted_retreat|voluntary_retreat|deploy|move|join|shoot|players)\b|--field \S+", "",
                  said)  # ids, verbs and fields as a command line or a setup writes them
    assert not re.findall(r"[A-Za-z]{3,}", bare), said
    assert re.findall(r"§[\d.]+|AMB-\d+|TXT-\d+|C\d+", said) == re.findall(r"§[\d.]+|AMB-\d+|TXT-\d+|C\d+", english)
    assert i18n.localize(english, "en", [rs]) == english


def test_the_gm_decisions_are_described_in_russian_by_rules() -> None:
    rs = get_ruleset("cerilia")
    for name, english in rs.decisions.items():
        said = i18n.decision_text(rs, name, "ru")
        assert not said.startswith(MARK) and re.search(r"[а-яё]", said) and said != english, (name, said)
        assert said.split(":")[0] == english.split(":")[0]  # the same CP id leads both
    out = CliRunner().invoke(main, ["--lang", "ru", "rules", "cerilia"]).output
    assert "battle_end — CP-18: ДМ засчитывает поражение стороне" in out, out
    assert MARK not in out


def _requests_of_the_recorded_battles() -> list:
    """Every request the recorded battles wait for along the way: each turn resolved from its start with its inputs
    cut after each one (what `battlelog status` lists while the turn is posted)."""
    from eventlog.envelope import Event
    from replay.context import TurnInputs, run
    from replay.fold import game_from_events, state_before, turn_inputs, turns

    found = {}
    for path in GAMES:
        events = [Event(**{k: v for k, v in json.loads(line).items() if k in Event.__dataclass_fields__})
                  for line in path.read_text(encoding="utf-8").splitlines()]
        game = game_from_events(events)
        rs = game.ruleset
        for turn in turns(game):
            start, inputs = state_before(game, turn), turn_inputs(game, turn)
            for k in range(len(inputs.events) + 1):
                cut = TurnInputs.of(turn, inputs.events[:k])
                stop = run(rs.resolve, rs.evolve, start, turn, cut, game.options, game.id)
                for r in stop.requests:
                    found.setdefault((r.kind, r.name, r.what), r)
    return list(found.values())


def test_every_request_of_the_recorded_battles_reads_in_russian() -> None:
    rs = get_ruleset("cerilia")
    requests = _requests_of_the_recorded_battles()
    names = {(r.kind, r.name) for r in requests}
    assert {("order", "order"), ("roll", "attack"), ("roll", "sign"), ("choice", "pardon"),
            ("choice", "rout_flight"), ("roll", "stalemate"), ("choice", "morale_check")} <= names, names
    assert len(requests) >= 25
    for r in requests:
        said = i18n.request_text(r, "ru", [rs])
        assert MARK not in said and re.search(r"[а-яё]", said), (r.what, said)


@pytest.mark.parametrize(("kind", "name", "dice", "what", "russian"), [
    ("roll", "attack", "D9", "D9 melee of A-In-1", "D9 ближнего боя A-In-1"),
    ("roll", "attack", "1d10", "D9 melee of A-In-1 (a d10: a 10 is rolled again, AMB-05)",
     "D9 ближнего боя A-In-1 (бросок к10: 10 перебрасывается, AMB-05)"),
    ("roll", "morale", "1d100", "d100 morale of D-Arc-1", "проверка Морали D-Arc-1: к100"),
    ("choice", "melee_target", None, "which attacker D-In-1 fights (CP-05)", "с кем из нападающих сражается D-In-1"),
    ("choice", "rout_flight", None, "the flight path of D-In-1 (CP-12)", "путь бегства D-In-1 (CP-12)"),
    ("order", "order", None, "the Attacker's A3.1 edit (answers to entries)", "правка Атакующего в А3.1"),
    ("order", "order", None, "the Defender's AX3 post (§5.8: forced into C1)", "пост Защищающего AX3 (§5.8: принуждён"),
    ("order", "order", None, "D's Phase C post (voluntary retreats)", "пост Фазы В стороны D"),
    ("order", "order", None, "A's purchase list revealed (§3 rule 1)", "раскрытие списка закупки стороны A"),
])
def test_every_kind_of_request_reads_in_russian(kind, name, dice, what, russian) -> None:
    from replay.context import Request

    said = i18n.request_text(Request(kind, "alice", name, dice=dice, what=what), "ru", [get_ruleset("cerilia")])
    assert russian in said and MARK not in said, said
