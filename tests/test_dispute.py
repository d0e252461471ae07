"""The dispute packet: one post that settles an argument about a turn, checked against the log it came from."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from click.testing import CliRunner

import tests.core.toy3  # noqa: F401  (registers table3@1)
from cli.main import main
from eventlog import dice as dicelib
from eventlog.envelope import Event
from eventlog.store import Store
from replay import driver, importing
from replay.audit import defaults_catalogue
from replay.render import profiles
from replay.render.dispute import die_proof
from replay.render.png import HASH_KEY, png_text
from tests.test_profiles import problems
from tests.test_viewer import t3_log

ROOT = Path(__file__).resolve().parent.parent


def packet(tmp_path: Path, log: str, game: str, *args: str) -> tuple[Path, str]:
    db = tmp_path / "g.duckdb"
    with Store.open(db) as store:
        importing.import_text(store, log, source=game)
    out = tmp_path / "packet"
    result = CliRunner().invoke(main, ["--db", str(db), "dispute", game, *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


def test_a_disputed_ruling_shows_both_arithmetics_the_rules_and_the_head(tmp_path):
    log = (ROOT / "fixtures/duel/ruling.jsonl").read_text(encoding="utf-8")
    out, said = packet(tmp_path, log, "duel-ruling", "--turn", "2", "--profile", "phpbb", "--lang", "en")
    post = (out / "post.txt").read_text(encoding="utf-8")
    with Store.open(tmp_path / "g.duckdb") as store:
        game = driver.load(store, "duel-ruling")
    head = game.events[-1]
    assert f"seq {head.seq}" in post and head.hash in post
    assert problems(post, profiles.get("phpbb")) == []
    # both frames, each carrying the hash it was drawn from, named in the post
    pngs = sorted(out.glob("*.png"))
    assert [p.name for p in pngs] == ["turn02-step0.png", "turn02-step4.png"]
    for png in pngs:
        drawn_from = png_text(png.read_bytes())[HASH_KEY]
        assert png.name in post and drawn_from in post
    # the arithmetic, the rule and the defaults' own words
    catalogue = defaults_catalogue(game.ruleset)
    assert "Rule: [/b]§3 Атака" in post and catalogue["A14"].split(".")[0] in post
    # the audit: the ruling, and the recorded and the rules' arithmetic side by side
    assert "GM ruling" in post and "damage: recorded 2, rules 1" in post
    assert "m=2 -> 2 damage" in post and "m=1 -> 1 damage" in post
    assert "recorded" in post and "the rules" in post
    assert "post.txt" in said


def test_a_step_of_a_sealed_turn_on_dungeonmaster(tmp_path):
    out, _ = packet(tmp_path, t3_log(), "t3", "--turn", "1", "--step", "2", "--profile", "dungeonmaster")
    post = (out / "post.txt").read_text(encoding="utf-8")
    assert problems(post, profiles.get("dungeonmaster")) == []
    assert "совпадает с печатью seq" in post and "НЕ совпадает" not in post
    assert "5a1t5a1t5a1t5a1t" in post
    assert sorted(p.name for p in out.glob("*.png")) == ["turn01-step1.png", "turn01-step2.png"]
    assert "Шаг 2: " in post and "Шаг 1: " not in post


def test_an_engine_die_is_proved_from_the_revealed_seed():
    seed = bytes(range(32))
    spec = dicelib.parse("2d6")
    dice = dicelib.engine_dice(seed, "g", 7, spec)
    game = SimpleNamespace(id="g", events=[SimpleNamespace(payload={"seed_hash": dicelib.seed_hash(seed)})])
    roll = Event(game="g", seq=7, type="roll", turn=1, actor="A", payload=dicelib.roll_payload(
        spec, dice, purpose="x", source="engine"), cause=None, at="2026-01-01T00:00:00Z", prev="0" * 64, hash="1" * 64)
    said, derivation = die_proof(game, roll, seed, "en")
    assert "derived from the revealed seed" in said
    assert derivation.count('HMAC-SHA256(seed, "g:7:') >= 2 and derivation.endswith("verified")
    said, derivation = die_proof(game, roll, None, "en")
    assert derivation is None and dicelib.seed_hash(seed) in said


def _orders_section(post: str, start: str, end: str) -> str:
    return post[post.index(start):post.index(end)]


def test_revealed_orders_are_said_in_words_never_as_json(tmp_path):
    """The orders of the turn, plain and revealed, in the ruleset's sentences (naming the duelist by name) or, for a
    ruleset that says none, a compact key=value form: no JSON."""
    log = (ROOT / "fixtures/duel/ruling.jsonl").read_text(encoding="utf-8")
    for lang, start, end, said in (
            ("en", "Orders", "Dice", "Шарль д'Артаньяк declares the stack 1. Attack, 2. Defense, 3. Initiative, "
                                     "4. Rest, 5. Counter-attack, 6. Defense and the high stake (60+ on d100)."),
            ("ru", "Приказы", "Кости", "Шарль д'Артаньяк заявляет стек 1. Атака, 2. Защита, 3. Инициатива, "
                                       "4. Отдых, 5. Контр-атака, 6. Защита и высокую ставку (60+ на к100).")):
        (tmp_path / lang).mkdir()
        out, _ = packet(tmp_path / lang, log, "duel-ruling", "--turn", "1", "--profile", "phpbb", "--lang", lang)
        orders = _orders_section((out / "post.txt").read_text(encoding="utf-8"), start, end)
        assert "{" not in orders and '"' not in orders and "=" not in orders.replace("[size=120]", ""), orders
        assert said in orders, orders
    (tmp_path / "t3").mkdir()
    out, _ = packet(tmp_path / "t3", t3_log(), "t3", "--turn", "1", "--profile", "phpbb", "--lang", "ru")
    orders = _orders_section((out / "post.txt").read_text(encoding="utf-8"), "Приказы", "Кости")
    assert "{" not in orders and "приказ вскрыт[/b]: stance=attack; target=A" in orders
    assert "совпадает с печатью seq 2" in orders


def test_a_ruleset_that_says_its_orders_is_heard():
    from dataclasses import replace

    from replay.render.dispute import seal_lines
    from tests.core.toy3 import Table3

    class Said(Table3):
        def describe(self, event, lang):
            if event.type == "order":
                return tr_stance(event.payload, lang)
            return super().describe(event, lang)

    def tr_stance(payload, lang):
        return ("стойка: " if lang == "ru" else "stance: ") + str(payload.get("stance"))

    order = Event(game="g", seq=3, type="order", turn=1, actor="A", payload={"stance": "attack"}, cause=None,
                  at="2026-01-01T00:00:00Z", prev="0" * 64, hash="1" * 64)
    assert seal_lines(Said(), [order], "ru")[0][1] == "стойка: attack"
    assert seal_lines(Said(), [order], "en")[0][1] == "stance: attack"
    assert seal_lines(Table3(), [order], "en")[0][1] == "stance=attack"
    revealed = replace(order, seq=4, type="order.revealed", cause=None,
                       payload={"name": "order", "input": {"stance": "hold"}, "salt": "s"})
    title, said, proof = seal_lines(Said(), [revealed], "en")[0]
    assert said == "stance: hold" and "does NOT match the seal" in (proof or "")


def test_the_compact_form_of_a_payload():
    from replay.render.dispute import compact

    said = compact({"place": [{"w": "a1", "x": 20}, {"w": "a2", "x": 28.5}], "stage": "deployment",
                    "rects": [[8, 0, 14, 8], [1, 2, 3, 4]], "spells": {}, "ok": True, "none": None, "list": []})
    assert said == ("place=(w=a1, x=20) (w=a2, x=28.5); stage=deployment; rects=(8,0,14,8) (1,2,3,4); spells=—; "
                    "ok=true; none=—; list=—")
    assert compact({"stake": "high", "stack": ["attack"]}, lambda key, value: "высокая" if key == "stake" else None) \
        == "stake=высокая; stack=attack"


def test_the_rule_clause_a_resolution_applies_is_quoted_where_the_ruleset_quotes_it(tmp_path, monkeypatch):
    """A ruleset that gives its rulebook's clauses (`clauses(lang)`, or data/clauses_<lang>.json) has each section
    its resolutions name quoted in the packet under the rule; one that gives none gets the rule's name only."""
    from replay.render.dispute import quotes_of
    from replay.ruleset import get

    duel = get("duel")
    assert [s for s, _ in quotes_of(duel, "§3 Атака, Защита, Финт; §7 Убийственный удар", "ru")] == [
        "§3 Атака, Защита, Финт", "§7 Убийственный удар"]  # the rules' own sentences, not their sections' headings
    assert [s for s, _ in quotes_of(duel, "§4 Запас сил; §7 Черты", "ru")] == ["§4 Запас сил", "§7 Черты"]
    assert quotes_of(duel, "§3 Атака", "en") == []  # no English clauses: the rule's name only
    said = {"§3": "Атака наносит урон, если ее не отбила Защита.", "§7": "Убийственный удар добивает."}
    monkeypatch.setattr(type(duel), "clauses", lambda self, lang: said if lang == "ru" else {}, raising=False)
    assert quotes_of(duel, "§3 Атака; §7 Убийственный удар; §3 Атака", "ru") == list(said.items())
    log = (ROOT / "fixtures/duel/ruling.jsonl").read_text(encoding="utf-8")
    out, _ = packet(tmp_path, log, "duel-ruling", "--turn", "2", "--profile", "phpbb", "--lang", "ru")
    post = (out / "post.txt").read_text(encoding="utf-8")
    assert "[b]§3[/b]: [i]«Атака наносит урон, если ее не отбила Защита.»[/i]" in post
    assert problems(post, profiles.get("phpbb")) == []
