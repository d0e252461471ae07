"""PNG from a frame's SVG, for forums that cannot show SVG, with the last event's hash in a `tEXt` chunk.

resvg (the `resvg` binding) draws with the bundled DejaVu fonts only (no system font is loaded), so a PNG is the
same on every machine. The fonts are read once a process and handed to resvg as bytes: given a file, resvg reads it
again for every text element it lays out (~15 ms of a knights frame of 224 texts). A frame whose every character the
common subset of those fonts holds (fonts/README.md) is drawn with the subset: the same glyphs, kerning and names,
so the same PNG, read in 0.2 ms instead of 2 and laid out ~2 ms faster.
"""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache
from pathlib import Path

import resvg

from replay.render.svg import FONT, FONT_DIR, FONT_FILES, font_chars

COMMON_FILES = (FONT_DIR / "DejaVuSans-common.ttf", FONT_DIR / "DejaVuSans-Bold-common.ttf")
"""The subset of FONT_FILES (regular, bold) that most frames need: fonts/README.md says how it was made."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"
HASH_KEY = "battlelog:last-event-hash"


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def text_chunk(keyword: str, text: str) -> bytes:
    """A `tEXt` chunk (Latin-1 keyword of 1–79 characters, Latin-1 text)."""
    if not 1 <= len(keyword) <= 79:
        raise ValueError(f"PNG keyword must have 1-79 characters: {keyword!r}")
    return chunk(b"tEXt", keyword.encode("latin-1") + b"\0" + text.encode("latin-1"))


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, data) of every chunk of a PNG, checking the signature."""
    if not png.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    out, at = [], len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        out.append((png[at + 4 : at + 8], png[at + 8 : at + 8 + length]))
        at += 12 + length
    return out


def with_text(png: bytes, keyword: str, text: str) -> bytes:
    """The PNG with a `tEXt` chunk inserted right after IHDR."""
    end = len(SIGNATURE) + 12 + struct.unpack(">I", png[8:12])[0]
    if png[12:16] != b"IHDR":
        raise ValueError("PNG does not start with IHDR")
    return png[:end] + text_chunk(keyword, text) + png[end:]


@lru_cache(maxsize=1)
def common_chars() -> frozenset[str]:
    """The characters both common fonts draw, and the XML white space (never drawn as a glyph)."""
    regular, bold = (font_chars(path) for path in COMMON_FILES)
    return frozenset(map(chr, regular & bold)) | frozenset("\t\n\r")


def font_files(svg: str) -> tuple[str, ...]:
    """The common fonts when they hold every character of the SVG (its markup and `<desc>` included, so a frame may
    get the whole fonts without need, never the subset with a need), else the whole bundled fonts."""
    files = COMMON_FILES if set(svg) <= common_chars() else FONT_FILES
    return tuple(str(f) for f in files)


def to_png(svg: str, *, last_hash: str | None = None, scale: float = 1.0) -> bytes:
    """Raster a frame with the bundled fonts; the last event's hash goes in a `tEXt` chunk."""
    tree = resvg.usvg.Tree.from_str(svg, _options(font_files(svg)))
    width, height = tree.int_size()
    size = (_scaled(width, scale), _scaled(height, scale))
    png = bytes(resvg.render(tree, (size[0] / width, 0, 0, 0, size[1] / height, 0), bg_size=size))
    return png if last_hash is None else with_text(png, HASH_KEY, last_hash)


@lru_cache(maxsize=2)
def _options(files: tuple[str, ...]) -> resvg.usvg.Options:
    """resvg's options with these fonts alone, read into memory once (the default options load no system font)."""
    options = resvg.usvg.Options.default()
    for path in files:
        options.load_font_data(Path(path).read_bytes())
    options.font_family = FONT
    return options


def _scaled(side: int, scale: float) -> int:
    """A side of the canvas scaled as resvg sizes a zoomed picture: the product in single precision, rounded half
    away from zero (0.75 × 1198 = 898.5 → 899); the picture is stretched to fill it."""
    if scale == 1.0:
        return side
    return int(_single(side * _single(scale)) + 0.5)


def _single(x: float) -> float:
    """x rounded to the nearest single-precision float."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def png_text(png: bytes) -> dict[str, str]:
    """keyword -> text of every `tEXt` chunk."""
    out = {}
    for kind, data in chunks(png):
        if kind == b"tEXt":
            key, _, value = data.partition(b"\0")
            out[key.decode("latin-1")] = value.decode("latin-1")
    return out
