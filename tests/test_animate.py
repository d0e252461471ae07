"""An animated turn: one frame per step, every frame the same size, small enough for a phpBB attachment."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cli.main import main
from eventlog.store import Store
from replay import driver, importing
from replay.render.animate import PHPBB_ATTACHMENT, animate, step_pngs

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("animate") / "g.duckdb"
    with Store.open(path) as store:
        for fixture in ("duel/traits-3.jsonl", "knights/joust.jsonl"):
            importing.import_text(store, (ROOT / "fixtures" / fixture).read_text(encoding="utf-8"), source=fixture)
    return path


def frames_of(data: bytes) -> list[Image.Image]:
    im = Image.open(io.BytesIO(data))
    out = []
    for k in range(im.n_frames):
        im.seek(k)
        out.append(im.convert("RGB"))
    return out


def test_a_duel_turn_as_gif_and_apng(db, tmp_path):
    with Store.open(db) as store:
        game = driver.load(store, "duel-traits-3")
        pngs = step_pngs(game, 2, store=store)
    steps = driver.turn_steps(game, 2).count
    assert len(pngs) == steps + 1
    gif = animate(pngs, delay=700)
    assert gif.data[:6] == b"GIF89a" and gif.scale == 1.0 and len(gif.data) <= PHPBB_ATTACHMENT
    shown = frames_of(gif.data)
    assert len(shown) == steps + 1 and {f.size for f in shown} == {gif.size}
    assert Image.open(io.BytesIO(gif.data)).info["duration"] == 700
    assert gif.hashes == tuple(h for _, h in pngs) and set(gif.hashes) <= {e.hash for e in game.events}
    assert f"battlelog last-event-hash {gif.hashes[-1]}".encode() in gif.data
    apng = animate(pngs, fmt="apng", max_bytes=None)
    assert apng.data[:8] == b"\x89PNG\r\n\x1a\n" and b"acTL" in apng.data
    assert len(frames_of(apng.data)) == steps + 1
    # the last frame is the turn's screen, as `render` draws it
    rendered = Image.open(io.BytesIO(pngs[-1][0])).convert("RGB")
    assert shown[-1].size == rendered.size


def test_a_knights_turn_fits_a_phpbb_attachment(db, tmp_path):
    out = tmp_path / "t4.gif"
    result = CliRunner().invoke(main, ["--db", str(db), "animate", "knights-joust", "--turn", "4", "-o", str(out),
                                       "--delay", "900"])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert len(data) <= PHPBB_ATTACHMENT, len(data)
    shown = frames_of(data)
    with Store.open(db) as store:
        game = driver.load(store, "knights-joust")
    assert len(shown) == driver.turn_steps(game, 4).count + 1
    assert len({f.size for f in shown}) == 1
    assert "frames" in result.output and "KiB" in result.output
