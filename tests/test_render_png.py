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
