"""Issue 11: a Russian dispute packet never shows a forum reader a bare spec id. Every id it shows (A14, K54, A-20,
AMB-13, C15, CP-24, M44, L605, "§10 C11", "спецификация §5, шаг 6") is either explained where it stands ("A14: …")
or listed with its meaning under «Что значат обозначения». Checked on the rendered post of every recorded turn of
every ruleset."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from eventlog.store import Store
from replay import driver, importing
from replay.render import dispute, profiles
from replay.render import text as textlib
from replay.ruleset import get
from tests.test_profiles import problems

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("duel", "knights", "cerilia", "warband", "skirmish")
BARE = re.compile(r"(?<![\w§.\-])(?:(?:CP|AMB|AR)-[A-Z]?\d+|[AKC]-?\d+[a-z]?|M\d{2}|L\d+(?:[-–]L?\d+)?)(?![\w\-])"
                  r"|спецификаци[ия] §\d+(?:, шаги? [\d.–]+)?|§10 C\d+")
"""What a spec id looks like in a Russian post (written independently of dispute.SPEC_ID)."""
GLOSSARY = "Что значат обозначения"


def posts(rs: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(game and turn, the rendered Russian packet) of every recorded turn."""
    monkeypatch.setattr(dispute, "to_png", lambda svg, **kwargs: b"")  # the frames are not what is checked here
    out = []
    for path in sorted((ROOT / "fixtures" / rs).glob("*.jsonl")):
        with Store.open(tmp_path / f"{path.stem}.duckdb") as store:
            game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
            game = driver.load(store, game_id)
            for turn in sorted({e.turn for e in game.events if e.turn is not None}):
                packet = dispute.build(game, store, turn, None, "ru")
                parts = textlib.render_parts(packet.doc, profile="phpbb")
                for part in parts:  # every part a phpBB board takes as it is
                    assert problems(part, profiles.get("phpbb")) == [], f"{path.stem} turn {turn}"
                out.append((f"{path.stem} turn {turn}", "\n".join(parts)))
    return out


def board(rs: str) -> set[str]:
    said = json.loads((ROOT / "replay" / "rulesets" / rs / "data" / "clauses_ru.json").read_text(encoding="utf-8"))
    return set(said.get("_board", ()))


@pytest.mark.parametrize("rs", RULESETS)
def test_no_bare_spec_id_in_a_russian_dispute_packet(rs: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bare: list[str] = []
    names = board(rs)
    for where, post in posts(rs, tmp_path, monkeypatch):
        body, _, glossary = post.partition(GLOSSARY)
        explained = set(re.findall(r"\[\*\](.+?) — (?!обозначение спецификации правил, без описания)", glossary))
        for m in BARE.finditer(body):
            token = m.group(0)
            if token in names or re.match(r"(?: default)?(?::| —) \S", body[m.end():m.end() + 12]):
                continue  # a sector of the board; an id explained where it stands ("A14: …", "CP-12 default: …")
            if token not in explained:
                bare.append(f"{where}: {token} in …{body[max(0, m.start() - 50):m.end() + 20]}…")
    assert not bare, "\n".join(sorted(set(bare))[:40])


def test_the_check_can_fail(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An id a ruleset does not explain is reported: the glossary says it has no description."""
    warband = get("warband")
    known = dispute.meanings(warband, "ru")
    assert dispute.glossary(["C11", "C99"], known, "ru") == [
        "C11 — выбор владельца: по какой диагонали бежит лошадь (по умолчанию — вперёд-вправо)",
        "C99 — обозначение спецификации правил, без описания"]
    assert dispute.ids_shown("§4.3.5, §10 C11", ["попадание (первый враг, §10 C1): C2 → C3 (L120, A-20)"], known,
                             dispute.explained_only(warband, "ru"), frozenset({"C2", "C3"})) == [
        "§10 C11", "§10 C1", "L120", "A-20"]


def bare_ids(text: str, names: set[str]) -> list[str]:
    """The ids of a text neither explained where they stand nor listed with their meaning after «что значат
    обозначения»."""
    body, _, glossary = text.partition("что значат обозначения:")
    explained = set(re.findall(r"^ {2}(.+?) — (?!обозначение спецификации правил, без описания)", glossary, re.M))
    return [m.group(0) for m in BARE.finditer(body)
            if m.group(0) not in names and m.group(0) not in explained
            and not re.match(r"(?: default)?(?::| —) \S", body[m.end():m.end() + 12])]


@pytest.mark.parametrize("rs", RULESETS)
def test_explain_in_russian_says_what_its_ids_mean(rs: str, tmp_path: Path) -> None:
    """`explain --lang ru` of one resolution of each kind (type and rule) of a ruleset's recorded games."""
    from click.testing import CliRunner

    from cli.main import main
    from replay.fold import resolution_steps

    bare, shown = [], 0
    for path in sorted((ROOT / "fixtures" / rs).glob("*.jsonl"))[:3]:
        db = tmp_path / f"{path.stem}.duckdb"
        with Store.open(db) as store:
            game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=str(path))))
            game = driver.load(store, game_id)
        kinds: dict[str, int] = {}
        for event in game.events:
            if resolution_steps(game.ruleset, event) and event.type != "turn.closed":
                kinds.setdefault(f"{event.type} {json.dumps(event.payload.get('rule'), ensure_ascii=False)}",
                                 event.seq)
        for seq in kinds.values():
            out = CliRunner().invoke(main, ["--db", str(db), "explain", game_id, "--seq", str(seq), "--lang", "ru"])
            assert out.exit_code == 0, out.output
            shown += "что значат обозначения:" in out.output
            bare += [f"{path.stem} seq {seq}: {token}" for token in bare_ids(out.output, board(rs))]
    assert not bare, "\n".join(bare[:40])
    if rs in ("duel", "cerilia", "skirmish", "warband"):
        assert shown, f"no {rs} explanation needed its ids explained: the check saw nothing"


def test_an_id_with_a_letter_after_its_number_is_an_id_and_is_explained() -> None:
    """A-87b (the shield that parried a missile gives no cover) is one id, not «A-87» and a «b»."""
    skirmish = get("skirmish")
    known = dispute.meanings(skirmish, "ru")
    shown = dispute.ids_shown("", ["щит отбил снаряд (5.11, A-87b)"], known, dispute.explained_only(skirmish, "ru"),
                              frozenset())
    assert "A-87b" in shown and "A-87" not in shown
    assert not dispute.glossary(["A-87b"], known, "ru")[0].endswith("без описания")
