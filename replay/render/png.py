"""PNG from a frame's SVG, for forums that cannot show SVG, with the last event's hash in a `tEXt` chunk.

resvg draws with the bundled DejaVu fonts only (system fonts skipped), so a PNG is the same on every machine. A
frame whose every character the common subset of those fonts holds (fonts/README.md) is drawn with the subset: the
same glyphs, kerning and names, so the same PNG, but resvg reads the font file again for every text element, and
the subset is a third of the size (~8 ms less on a knights frame of 224 texts).
"""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache

import resvg_py

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
    png = bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            font_files=list(font_files(svg)),
            skip_system_fonts=True,
            font_family=FONT,
            sans_serif_family=FONT,
            zoom=scale if scale != 1.0 else None,
        )
    )
    return png if last_hash is None else with_text(png, HASH_KEY, last_hash)


def png_text(png: bytes) -> dict[str, str]:
    """keyword -> text of every `tEXt` chunk."""
    out = {}
    for kind, data in chunks(png):
        if kind == b"tEXt":
            key, _, value = data.partition(b"\0")
            out[key.decode("latin-1")] = value.decode("latin-1")
    return out
