"""Pictures a forum can show in a row: every frame of one game has the same size (duel, knights, warband, cerilia,
skirmish), long names are shortened each in its place (both duelists stay named in the band), and
overlapping knights' badges do not pile up."""

import json
import re
from pathlib import Path

import pytest

from cli.main import import_text
from eventlog.store import Store
from replay import driver, views
from replay.render import svg
from replay.rulesets.knights.frame import free_spot

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["duel/traits-1", "duel/traits-2", "duel/traits-3", "duel/death", "duel/finish-off", "duel/ruling",
         "knights/joust", "knights/lady", "knights/ruling",
         "warband/brawl", "warband/gunline", "warband/nightfall", "warband/overrides", "warband/ruling",
         "warband/siege", "warband/skirmish",
         "cerilia/decisive", "cerilia/flight", "cerilia/rout", "cerilia/ruling", "cerilia/skirmish"]
SKIRMISH = sorted(p.stem for p in (ROOT / "fixtures" / "skirmish").glob("*.jsonl"))
BADGE = re.compile(r'<rect fill="[^"]*" height="15" rx="7.5" stroke="[^"]*" stroke-width="1.2" '
                   r'width="([\d.]+)" x="([-\d.]+)" y="([-\d.]+)" />')


def load(tmp_path: Path, text: str, name: str):
    store = Store.open(tmp_path / f"{name.replace('/', '_')}.duckdb")
    game_id = next(iter(import_text(store, text, source=name)))
    return store, driver.load(store, game_id)


def frames(game, lang: str = "ru"):
    for turn in driver.turns(game):
        for k in range(driver.turn_steps(game, turn).count + 1):
            yield turn, k, game.ruleset.frame(views.frame_view(game, turn, k, lang))


def size(frame: str) -> tuple[str, str]:
    found = re.search(r'<svg[^>]*height="([\d.]+)"[^>]*width="([\d.]+)"', frame)
    assert found
    return found.group(2), found.group(1)


@pytest.mark.parametrize("name", GAMES)
def test_every_frame_of_a_game_has_the_same_size(tmp_path: Path, name: str) -> None:
    store, game = load(tmp_path, (ROOT / "fixtures" / f"{name}.jsonl").read_text(encoding="utf-8"), name)
    with store:
        sizes = {size(frame) for _, _, frame in frames(game)}
    assert len(sizes) == 1, sizes


@pytest.mark.parametrize("name", [f"skirmish/{stem}" for stem in SKIRMISH])
def test_skirmish_frames_of_a_game_have_the_same_size(tmp_path: Path, name: str) -> None:
    test_every_frame_of_a_game_has_the_same_size(tmp_path, name)


def test_a_warband_event_longer_than_the_box_is_cut_with_a_mark_and_kept_whole_in_desc(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from replay.rulesets.warband import frame as warband_frame

    name = "warband/nightfall"
    store, game = load(tmp_path, (ROOT / "fixtures" / f"{name}.jsonl").read_text(encoding="utf-8"), name)
    with store:
        normal = {size(frame) for _, _, frame in frames(game)}
        monkeypatch.setattr(warband_frame, "EVENT_LINES", 1)
        cut = [frame for _, _, frame in frames(game)]
    assert len(normal) == 1 and len({size(frame) for frame in cut}) == 1
    assert float(size(cut[0])[1]) == float(next(iter(normal))[1]) - 18  # one line of the box less
    marked = [frame for frame in cut if re.search(r">[^<>]*…</text>", frame)]
    assert marked  # nightfall has two-line events: with room for one, they end in "…"
    for frame in marked:
        shown = re.findall(r">([^<>]*…)</text>", frame)[-1].rstrip("…").rstrip()
        assert shown and shown in svg.desc_text(frame).replace("\n", " ")


@pytest.mark.parametrize(("name", "module"), [("skirmish/transfer", "frame"), ("skirmish/archery", "field_frame")])
def test_a_skirmish_event_longer_than_the_box_is_cut_with_a_mark_and_kept_whole_in_desc(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, module: str) -> None:
    import importlib

    layout = importlib.import_module(f"replay.rulesets.skirmish.{module}")
    store, game = load(tmp_path, (ROOT / "fixtures" / f"{name}.jsonl").read_text(encoding="utf-8"), name)
    with store:
        normal = {size(frame) for _, _, frame in frames(game)}
        monkeypatch.setattr(layout, "EVENT_LINES", 1)
        cut = [frame for _, _, frame in frames(game)]
    step = 18 if module == "frame" else 17
    assert len(normal) == 1 and len({size(frame) for frame in cut}) == 1
    lines = 3 if module == "frame" else 4  # the box's usual lines (EVENT_LINES before the patch)
    assert float(size(cut[0])[1]) == float(next(iter(normal))[1]) - step * (lines - 1)  # room for one line only
    box_line = r'<text fill="#1a1a1a" font-size="1[23]" x="28"[^>]*>([^<>]*…)</text>'  # the event box's lines
    marked = [frame for frame in cut if re.search(box_line, frame)]
    assert marked  # the game has events of several lines: with room for one, they end in "…"
    for frame in marked:
        shown = re.findall(box_line, frame)[-1].rstrip("…").rstrip()
        assert shown and shown in svg.desc_text(frame).replace("\n", " ")


@pytest.mark.parametrize("name", ["knights/joust", "knights/lady", "knights/ruling", "knights/battle"])
def test_knights_badges_never_cover_each_other(tmp_path: Path, name: str) -> None:
    store, game = load(tmp_path, (ROOT / "fixtures" / f"{name}.jsonl").read_text(encoding="utf-8"), name)
    with store:
        for turn, k, frame in frames(game):
            boxes = [tuple(map(float, m.groups())) for m in BADGE.finditer(frame)]
            for i, (w1, x1, y1) in enumerate(boxes):
                for w2, x2, y2 in boxes[i + 1:]:
                    apart = x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + 15 <= y2 or y2 + 15 <= y1
                    assert apart, (turn, k, (w1, x1, y1), (w2, x2, y2))


def test_a_badge_on_a_taken_spot_steps_aside() -> None:
    placed: list[tuple[float, float, float]] = []
    spots = [(100.0, 100.0), (100.0, 110.0), (120.0, 100.0)]
    assert free_spot(spots, 15.0, placed) == (100.0, 100.0)
    assert free_spot(spots, 15.0, placed) == (120.0, 100.0)  # (100, 110) would still cover the first
    assert free_spot(spots, 15.0, placed) == (100.0, 100.0)  # nowhere free: the knight's own spot


def test_long_names_are_shortened_each_in_its_place(tmp_path: Path) -> None:
    lines = [json.loads(line) for line in (ROOT / "fixtures" / "duel" / "traits-1.jsonl").read_text().splitlines()]
    hand = [{k: v for k, v in e.items() if k not in ("seq", "hash", "prev", "cause")} for e in lines
            if not e["type"].startswith("duel.") and e["type"] != "turn.closed"]
    duelists = hand[0]["payload"]["setup"]["duelists"]
    duelists[0]["name"] = "Жан-Батист-Поклен де Мольер дю Плесси-Ришельё Великолепный"
    duelists[1]["name"] = "Бертран Здоровяк из Гаскони, сын мельника и гроза всех трактиров от Тулузы до По"
    text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in hand)
    store, game = load(tmp_path, text, "long")
    with store:
        shown = [frame for _, _, frame in frames(game)]
    band = [t for t in re.findall(r">([^<>]*)</text>", shown[1]) if t.startswith("Дуэль: ")]
    assert band and band[0].startswith("Дуэль: Жан-Батист") and " — Бертран" in band[0] and band[0].endswith("…")
    assert svg.text_width(band[0], 16, bold=True) < 900 - 200
    assert "Тулузы до По" in svg.desc_text(shown[1])  # the whole names stay in the frame's text alternative
    assert len({size(frame) for frame in shown}) == 1
