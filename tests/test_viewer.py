"""The replay viewer, clicked through in a real headless browser (Playwright driving Debian's chromium): what it
shows is compared with the log, frame by frame; a per-player file holds nothing that player may not see."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import tests.core.toy3  # noqa: F401  (registers table3@1)
from cli.main import main
from eventlog.store import Store
from replay import driver, importing, views
from replay.render import viewer as viewerlib

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
GAMES = {"duel": ("duel/traits-3.jsonl", "duel-traits-3"), "knights": ("knights/joust.jsonl", "knights-joust"),
         "cerilia": ("cerilia/rout.jsonl", "cerilia-rout"), "skirmish": ("skirmish/shield.jsonl", "skirmish-shield"),
         "warband": ("warband/brawl.jsonl", "warband-brawl")}
"""A recorded game of each ruleset (the issue's acceptance: a viewer page of each, tested in Chromium)."""
needs_browser = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium "
                                   "(apt-get install chromium; .ci/run installs it)")


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("viewer") / "g.duckdb"
    with Store.open(path) as store:
        for fixture, _ in GAMES.values():
            importing.import_text(store, (ROOT / "fixtures" / fixture).read_text(encoding="utf-8"), source=fixture)
    return path


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def write_viewer(db: Path, game: str, out: Path, *extra: str) -> None:
    result = CliRunner().invoke(main, ["--db", str(db), "view", game, "-o", str(out), *extra])
    assert result.exit_code == 0, result.output


def expected_frames(db: Path, game_id: str) -> list[tuple[int, int, int, str]]:
    """(turn, step, steps, last hash) of every frame, from the log."""
    with Store.open(db) as store:
        game = driver.load(store, game_id)
        out = []
        for turn in driver.turns(game):
            first = views.frame_view(game, turn, 0, "ru", store)
            out += [(turn, k, first.steps, views.frame_view(game, turn, k, "ru", store).last_hash)
                    for k in range(first.steps + 1)]
    return out


def open_page(browser, path: Path, fragment: str = ""):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors, requests = [], []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.as_uri() + fragment)
    return page, errors, requests


@needs_browser
@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_clicking_through_a_recorded_game_shows_the_log(browser, db, tmp_path, ruleset):
    fixture, game_id = GAMES[ruleset]
    out = tmp_path / f"{ruleset}.html"
    write_viewer(db, game_id, out)
    frames = expected_frames(db, game_id)
    page, errors, requests = open_page(browser, out)
    with Store.open(db) as store:
        game = driver.load(store, game_id)
    # every frame, by the next button: the caption, the hash it was drawn from, the URL hash
    for n, (turn, step, steps, last_hash) in enumerate(frames):
        if n:
            page.click("#next")
        assert page.text_content("#where").startswith(f"ход {turn} · шаг {step}/{steps}")  # --lang ru, the default
        assert page.text_content("#hash") == last_hash
        assert page.url.endswith(f"#t={turn}&k={step}")
        assert page.eval_on_selector("#frame svg", "s => s.querySelector('metadata').innerHTML").count(last_hash)
        if n == 1:
            page.screenshot(path=str(tmp_path / f"{ruleset}-first.png"))
    # the keyboard: Home, End, arrows, PageUp
    page.keyboard.press("Home")
    assert page.text_content("#hash") == frames[0][3]
    page.keyboard.press("End")
    assert page.text_content("#hash") == frames[-1][3]
    page.keyboard.press("ArrowLeft")
    assert page.text_content("#hash") == frames[-2][3]
    page.keyboard.press("PageUp")
    turns = sorted({f[0] for f in frames})
    assert page.text_content("#where").startswith(f"ход {turns[-2]} · шаг 0/")
    # jump by turn and step; the post of the turn names its turn; the log has every event
    middle = turns[len(turns) // 2]
    page.select_option("#turn", str(middle))
    page.select_option("#step", "1")
    assert page.url.endswith(f"#t={middle}&k=1")
    want = next(f for f in frames if f[0] == middle and f[1] == 1)
    assert page.text_content("#hash") == want[3]
    assert re.search(rf"(Ход|Раунд|Turn|Round) {middle}\b", page.text_content("#post"))  # the rulebook's own word
    assert page.locator("#logtable tr").count() == len(game.events)
    page.screenshot(path=str(tmp_path / f"{ruleset}-turn{middle}.png"), full_page=True)
    # a link to a step opens on that step
    link, *_ = open_page(browser, out, f"#t={middle}&k=1")
    assert link.text_content("#hash") == want[3]
    # what happened since A's last order
    actor = sorted({e.actor for e in game.events if e.actor})[0]
    last = max(e.seq for e in game.events if e.actor == actor and e.type in viewerlib.INPUTS)
    page.select_option("#who", actor)
    page.click("#since")
    assert page.locator("#sincelist li").count() == sum(1 for e in game.events if e.seq > last)
    assert f"seq {last}" in page.text_content("#sinceout")
    # autoplay moves on by itself
    page.keyboard.press("Home")
    page.select_option("#speed", "250")
    page.click("#play")
    for _ in range(50):  # the page's policy forbids eval, so wait_for_function cannot run: poll
        if "шаг 0/" not in page.text_content("#where"):
            break
        page.wait_for_timeout(100)
    assert "шаг 0/" not in page.text_content("#where")
    page.click("#play")
    assert errors == []
    assert all(u.startswith(("file:", "data:", "about:")) for u in requests), requests
    assert (tmp_path / f"{ruleset}-first.png").stat().st_size > 10_000


def t3_log() -> str:
    doc = (ROOT / "docs" / "log-format.md").read_text(encoding="utf-8")
    return doc.split("<!-- example: table3 -->\n```jsonl\n", 1)[1].split("```", 1)[0]


def test_a_players_file_holds_only_what_that_player_may_see(tmp_path):
    with Store.open(tmp_path / "t3.duckdb") as store:
        importing.import_text(store, t3_log(), source="t3")
        game = driver.load(store, "t3")
        secret = next(e for e in game.events if e.type == "table3.intel")
        for_a = viewerlib.build(game, store, viewer="A")
        for_c = viewerlib.build(game, store, viewer="C")
    data_a = json.loads(for_a.split('type="application/json">', 1)[1].split("</script>", 1)[0])
    row = next(e for e in data_a["log"] if e["seq"] == secret.seq)
    assert json.loads(row["payload"]) == {"withheld": True}
    assert '\\"weakest\\"' not in for_a and '"weakest"' not in for_a and "weakest" in for_c
    assert "intel B" not in for_a  # the frame drawn for A shows no intel


def test_names_cannot_break_out_of_the_page(tmp_path):
    page = viewerlib.script_json({"x": "</script><script>alert(1)</script><!--"})
    assert "</script" not in page and "<!--" not in page
    assert "&lt;script" in viewerlib.post_html(__import__("replay.render.text", fromlist=["Doc"]).Doc().p(
        "<script>alert(1)</script>"))


def test_a_hostile_name_stays_text_in_the_viewer(tmp_path):
    evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)> **b** [b]x[/b] \u202eRLO'
    lines = []
    for raw in (ROOT / "fixtures/duel/traits-3.jsonl").read_text(encoding="utf-8").splitlines():
        event = json.loads(raw)
        if event["type"] not in ("game.created", "order", "roll", "choice"):
            continue
        if event["type"] == "game.created":
            for duelist in event["payload"]["setup"]["duelists"]:
                duelist["name"] = f"{duelist['id']} {evil}"
        lines.append(json.dumps({k: v for k, v in event.items() if k not in ("seq", "prev", "hash", "v")},
                                ensure_ascii=False))
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(importing.import_text(store, "\n".join(lines), source="evil")))
        page = viewerlib.build(driver.load(store, game_id), store)
    assert page.count("<script") == 2 and page.count("</script>") == 2
    assert "<img" not in page and "\u202e" not in page
    data = json.loads(page.split('type="application/json">', 1)[1].split("</script>", 1)[0])
    assert all("<img" not in html and "<script" not in html for html in data["posts"].values())
    assert all("<img" not in f["svg"] and "<script" not in f["svg"] for f in data["frames"])


def test_the_viewers_own_words_follow_its_language(tmp_path):
    with Store.open(tmp_path / "g.duckdb") as store:
        importing.import_text(store, (ROOT / "fixtures/duel/traits-3.jsonl").read_text(encoding="utf-8"), source="d")
        game = driver.load(store, "duel-traits-3")
        pages = {lang: viewerlib.build(game, store, lang=lang) for lang in ("ru", "en")}
    data = {lang: json.loads(page.split('<script id="data" type="application/json">', 1)[1].split("</script>")[0])
            for lang, page in pages.items()}
    assert data["ru"]["words"]["step"] == "шаг" and data["en"]["words"]["step"] == "step"
    assert pages["ru"].startswith('<!DOCTYPE html>\n<html lang="ru">') and '<html lang="en">' in pages["en"]
