"""Issue "On the forum", acceptance: a recorded game of each ruleset produces, for each profile, posts that the tests
validate; a GIF; a viewer page tested in Chromium (tests/test_viewer.py, over the same games); a dispute packet.

The pictures are written under the test's tmp folder (`--basetemp` keeps them) to be opened and looked at."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cli.main import main
from eventlog.store import Store
from replay import driver, importing
from replay.render import profiles
from replay.render.animate import PHPBB_ATTACHMENT
from tests.test_profiles import FIXTURES, problems, recorded_docs
from tests.test_viewer import GAMES as VIEWER_GAMES

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("cerilia", "duel", "knights", "skirmish", "warband")
GAMES = {"duel": ("duel/ruling.jsonl", "duel-ruling", 2), "knights": ("knights/joust.jsonl", "knights-joust", 4),
         "cerilia": ("cerilia/rout.jsonl", "cerilia-rout", 3),
         "skirmish": ("skirmish/shield.jsonl", "skirmish-shield", 1),
         "warband": ("warband/brawl.jsonl", "warband-brawl", 1)}
"""ruleset -> (fixture, game id, the turn animated and disputed)."""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("acceptance") / "g.duckdb"
    with Store.open(path) as store:
        for fixture, _, _ in GAMES.values():
            importing.import_text(store, (ROOT / "fixtures" / fixture).read_text(encoding="utf-8"), source=fixture)
    return path


def cli(db: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["--db", str(db), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_every_ruleset_has_a_recorded_game_in_each_acceptance_test() -> None:
    shipped = {p.name for p in (ROOT / "replay" / "rulesets").iterdir() if (p / "__init__.py").exists()}
    assert shipped == set(RULESETS) == set(GAMES) == set(VIEWER_GAMES)
    assert {p.parent.name for p in FIXTURES} >= set(RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", sorted(profiles.known()))
def test_the_posts_of_each_ruleset_pass_each_profile(ruleset: str, name: str) -> None:
    profile = profiles.get(name)
    docs = [(label, doc) for label, doc in recorded_docs() if label.startswith(f"{ruleset}/")]
    assert len(docs) >= 4, ruleset  # every turn, in ru and en, public and GM
    from replay.render.text import render_parts

    for label, doc in docs:
        for n, part in enumerate(render_parts(doc, profile=profile), 1):
            assert problems(part, profile) == [], f"{label} part {n}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_gif_of_a_turn_of_each_ruleset(db: Path, tmp_path: Path, ruleset: str) -> None:
    _, game_id, turn = GAMES[ruleset]
    out = tmp_path / f"{ruleset}-turn{turn}.gif"
    cli(db, "animate", game_id, "--turn", str(turn), "-o", str(out))
    data = out.read_bytes()
    assert data[:6] == b"GIF89a" and len(data) <= PHPBB_ATTACHMENT, len(data)
    im = Image.open(io.BytesIO(data))
    with Store.open(db) as store:
        game = driver.load(store, game_id)
    assert im.n_frames == driver.turn_steps(game, turn).count + 1
    sizes = set()
    for k in range(im.n_frames):
        im.seek(k)
        sizes.add(im.size)
    assert len(sizes) == 1 and min(sizes.pop()) >= 300


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("profile", "lang"), [("phpbb", "ru"), ("dungeonmaster", "ru"), ("markdown", "en")])
def test_a_dispute_packet_of_each_ruleset(db: Path, tmp_path: Path, ruleset: str, profile: str, lang: str) -> None:
    _, game_id, turn = GAMES[ruleset]
    out = tmp_path / f"{ruleset}-{profile}"
    cli(db, "dispute", game_id, "--turn", str(turn), "--profile", profile, "-o", str(out), "--lang", lang)
    suffix = ".md" if profiles.get(profile).format == "markdown" else ".txt"
    post = (out / f"post{suffix}").read_text(encoding="utf-8")
    assert problems(post, profiles.get(profile)) == []
    with Store.open(db) as store:
        head = store.head(game_id)
    assert head is not None and post.count(head.hash) >= 2  # the head, at the top and at the end
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert len(pngs) == 2 and all(name in post for name in pngs)  # as code: copied as it is
    for name in pngs:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    heading = {"ru": "Разбор спора", "en": "Dispute"}[lang]
    assert heading in post and re.search(r"seq \d+", post)
    orders = post[post.index({"ru": "Приказы", "en": "Orders"}[lang]):post.index({"ru": "Кости", "en": "Dice"}[lang])]
    assert '{"' not in orders and '{\\"' not in orders, orders  # the orders in words or key=value, never JSON
