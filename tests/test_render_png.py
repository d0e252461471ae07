"""PNG from SVG: bundled fonts only, the last event's hash in a tEXt chunk right after IHDR."""

from __future__ import annotations

import struct
import time
import zlib

import pytest

from replay.render import png, svg

HASH = "0123456789abcdef" * 4


def frame(elements: int = 200) -> str:
    dwg = svg.new_drawing(900, 560, title="Дуэль: Жан против Пьера", caption="Ход 3 · шаг 2/5", last_hash=HASH,
                          desc_text="Жан 6/8")
    for k in range(elements // 2):
        x, y = 20 + (k % 20) * 43, 60 + (k // 20) * 40
        dwg.add(dwg.rect((x, y), (38, 30), fill=svg.terrain_fill(dwg, ["forest", "hill", "open"][k % 3]),
                         stroke=svg.INK))
        svg.label(dwg, dwg, f"Ж{k}", (x + 19, y + 20), size=12, anchor="middle")
    return svg.to_string(dwg)


def test_png_carries_the_hash_right_after_ihdr() -> None:
    out = png.to_png(frame(20), last_hash=HASH)
    kinds = [k for k, _ in png.chunks(out)]
    assert kinds[:2] == [b"IHDR", b"tEXt"]
    assert png.png_text(out) == {"battlelog:last-event-hash": HASH}


def test_text_chunk_crc_is_valid() -> None:
    out = png.to_png(frame(4), last_hash=HASH)
    at = 33  # signature 8 + IHDR 25
    (length,) = struct.unpack(">I", out[at : at + 4])
    body = out[at + 4 : at + 8 + length]
    (crc,) = struct.unpack(">I", out[at + 8 + length : at + 12 + length])
    assert crc == zlib.crc32(body)


def test_png_is_deterministic_and_sized() -> None:
    a, b = png.to_png(frame(40)), png.to_png(frame(40))
    assert a == b
    width, height = struct.unpack(">II", a[16:24])
    assert (width, height) == (900, 560)
    big = png.to_png(frame(4), scale=2.0)
    assert struct.unpack(">II", big[16:24]) == (1800, 1120)
    assert png.png_text(a) == {}


def test_not_a_png() -> None:
    with pytest.raises(ValueError):
        png.png_text(b"GIF89a")


def test_typical_frame_renders_fast_enough() -> None:
    source = frame(200)
    png.to_png(source)
    start = time.perf_counter()
    for _ in range(3):
        png.to_png(source, last_hash=HASH)
    assert (time.perf_counter() - start) / 3 < 1.0  # ~50 ms here; generous for slow CI machines


def _last_frame(path: str, lang: str) -> str:
    """The SVG frame of the latest closed turn of a recorded game, as `battlelog render` draws it."""
    from pathlib import Path

    from eventlog.store import Store
    from replay import driver, importing, views

    source = Path(__file__).resolve().parent.parent / "fixtures" / path
    with Store.open(":memory:") as store:
        game_id = next(iter(importing.import_text(store, source.read_text(encoding="utf-8"), source=source.name)))
        game = driver.load(store, game_id)
        view = views.frame_view(game, max(game.index.closed), None, lang, store)
    return game.ruleset.frame(view)


def _drawn_with_whole_fonts(source: str) -> bytes:
    tree = png.resvg.usvg.Tree.from_str(source, png._options(tuple(str(f) for f in svg.FONT_FILES)))
    return bytes(png.resvg.render(tree, (1, 0, 0, 0, 1, 0)))


@pytest.mark.parametrize(("path", "lang"), [("knights/battle.jsonl", "ru"), ("knights/lady.jsonl", "en"),
                                            ("duel/death.jsonl", "ru"), ("warband/nightfall.jsonl", "en"),
                                            ("cerilia/decisive.jsonl", "ru")])
def test_common_fonts_draw_the_same_png_as_the_whole_fonts(path: str, lang: str) -> None:
    source = _last_frame(path, lang)
    assert png.font_files(source) == tuple(str(f) for f in png.COMMON_FILES)
    assert png.to_png(source) == _drawn_with_whole_fonts(source)


def test_a_character_outside_the_common_fonts_gets_the_whole_fonts() -> None:
    dwg = svg.new_drawing(300, 120, title="t", caption="c", last_hash=HASH, desc_text="d")
    svg.label(dwg, dwg, "Sir Æthelred", (10, 80), size=14)  # Æ is in the common fonts
    assert png.font_files(svg.to_string(dwg)) == tuple(str(f) for f in png.COMMON_FILES)
    svg.label(dwg, dwg, "Ǆ", (10, 100), size=14)  # U+01C4 (Latin Extended-B): in DejaVu, not in the subset
    source = svg.to_string(dwg)
    assert png.font_files(source) == tuple(str(f) for f in svg.FONT_FILES)
    drawn = png.to_png(source)
    assert drawn == _drawn_with_whole_fonts(source)
    assert drawn != _drawn_with_whole_fonts(source.replace("Ǆ", ""))  # the letter was drawn


def test_the_common_fonts_are_subsets_of_the_whole_fonts() -> None:
    for common, whole in zip(png.COMMON_FILES, svg.FONT_FILES, strict=True):
        assert svg.font_chars(common) <= svg.font_chars(whole)
        assert {ord("Ж"), ord("ё"), ord("→"), ord("♛"), ord("☠"), ord("✗")} <= svg.font_chars(common)


def test_only_the_bundled_fonts_are_loaded() -> None:
    for files in (png.COMMON_FILES, svg.FONT_FILES):
        assert png._options(tuple(str(f) for f in files)).list_fonts() == [svg.FONT]


@pytest.mark.parametrize(("side", "scale", "expected"), [(1198, 0.75, 899), (101, 0.5, 51), (333, 0.5, 167),
                                                          (101, 1.25, 126), (1198, 1.33, 1593), (900, 2.0, 1800),
                                                          (560, 1.0, 560)])
def test_a_zoomed_side_is_sized_as_resvg_sizes_it(side: int, scale: float, expected: int) -> None:
    """The sizes resvg-py's `zoom` gave these sides (half away from zero, in single precision): an animation scaled
    to fit a forum's limit keeps the size it had."""
    assert png._scaled(side, scale) == expected


def test_a_scaled_frame_fills_its_canvas() -> None:
    dwg = svg.new_drawing(101, 51, title="t", caption="c", last_hash=HASH, desc_text="d")
    dwg.add(dwg.rect((90, 45), (11, 6), fill="#000000"))  # the bottom right corner only
    out = png.to_png(svg.to_string(dwg), scale=0.75)
    assert struct.unpack(">II", out[16:24]) == (76, 38)
    from io import BytesIO

    from PIL import Image

    image = Image.open(BytesIO(out)).convert("RGB")
    assert image.getpixel((74, 36)) == (0, 0, 0)  # the picture scaled to the canvas, not cut to it
    assert image.getpixel((60, 30)) != (0, 0, 0)
