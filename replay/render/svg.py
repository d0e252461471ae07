"""SVG building blocks for every ruleset's frame: one visual language, deterministic output.

A frame is white, has a caption band (title on the left, "Ход N · шаг k/K" on the right), carries the hash of
the last event it reflects in `<metadata>`, a `<title>`, and a plain-text picture of the state in `<desc>` (the
fallback python-chess also gives). User strings only ever become text nodes or attribute values through
svgwrite, which escapes them; no XML is built from strings here. Ids are fixed names, so the same state gives
the same bytes.

Colours are the Okabe-Ito set (safe for the common colour-vision deficiencies); every distinction that matters
is also carried by a shape, a dash pattern or a hatch, so a frame still reads in monochrome print.
"""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

import svgwrite
from svgwrite.container import Group

from replay.render.text import isolate_bidi

FONT = "DejaVu Sans"
FONT_DIR = Path(__file__).parent / "fonts"
FONT_FILES = (FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf")
METADATA_NS = "urn:battlelog"
BAND = 40
"""Height of the caption band; a frame draws below it."""

# Okabe-Ito, by role.
INK = "#1a1a1a"
MUTED = "#6e6e6e"
FAINT = "#d9d9d9"
PAPER = "#ffffff"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
GREEN = "#009E73"
ORANGE = "#E69F00"
SKY = "#56B4E9"
YELLOW = "#F0E442"
PURPLE = "#CC79A7"
SIDES = (BLUE, VERMILLION)
"""The two sides of a duel or a battle: side 0 blue, side 1 vermillion."""
GOOD, BAD, HIGHLIGHT = GREEN, VERMILLION, ORANGE

HATCHES = {
    "diagonal": "M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6",
    "back": "M0,0 L8,8 M-2,6 L2,10 M6,-2 L10,2",
    "cross": "M0,8 L8,0 M0,0 L8,8",
    "horizontal": "M0,4 L8,4",
    "vertical": "M4,0 L4,8",
    "dots": "M3,3 h2 v2 h-2 z",
}
"""Hatch pattern paths on an 8×8 tile."""

TERRAIN = {
    "open": (PAPER, None),
    "forest": ("#cfe8d8", "cross"),
    "hill": ("#f3e0b5", "horizontal"),
    "water": ("#cfe4f3", "vertical"),
    "rough": ("#e4dccf", "dots"),
    "marsh": ("#d7e6e8", "back"),
    "road": ("#eeeeee", None),
}
"""Terrain kind -> (fill, hatch): each kind differs in hatch as well as in colour."""


def _tables(data: bytes) -> dict[str, int]:
    """Table tag -> offset of a TrueType font file."""
    count = struct.unpack(">H", data[4:6])[0]
    tables = {}
    for k in range(count):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * k : 28 + 16 * k])
        tables[tag.decode("latin-1")] = offset
    return tables


def font_chars(path: Path) -> set[int]:
    """The code points a font file draws (its Windows Unicode BMP cmap)."""
    data = path.read_bytes()
    return set(_cmap4(data, _tables(data)["cmap"]))


@lru_cache(maxsize=2)
def _advances(bold: bool) -> tuple[dict[int, int], int, int]:
    """Advance widths of the bundled font, read from its cmap (format 4) and hmtx tables."""
    data = FONT_FILES[bold].read_bytes()
    tables = _tables(data)
    units = struct.unpack(">H", data[tables["head"] + 18 : tables["head"] + 20])[0]
    n_metrics = struct.unpack(">H", data[tables["hhea"] + 34 : tables["hhea"] + 36])[0]
    hmtx = tables["hmtx"]
    widths = [struct.unpack(">H", data[hmtx + 4 * g : hmtx + 4 * g + 2])[0] for g in range(n_metrics)]
    glyphs = _cmap4(data, tables["cmap"])
    return {c: widths[min(g, n_metrics - 1)] for c, g in glyphs.items()}, units, widths[0]


def _cmap4(data: bytes, cmap: int) -> dict[int, int]:
    """Code point -> glyph id from the Windows Unicode BMP subtable (format 4)."""
    n = struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]
    for k in range(n):
        platform, encoding, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * k : cmap + 12 + 8 * k])
        if (platform, encoding) == (3, 1):
            break
    else:
        return {}
    t = cmap + offset
    segs = struct.unpack(">H", data[t + 6 : t + 8])[0] // 2
    ends = struct.unpack(f">{segs}H", data[t + 14 : t + 14 + 2 * segs])
    starts_at = t + 16 + 2 * segs
    starts = struct.unpack(f">{segs}H", data[starts_at : starts_at + 2 * segs])
    deltas = struct.unpack(f">{segs}h", data[starts_at + 2 * segs : starts_at + 4 * segs])
    ranges_at = starts_at + 4 * segs
    ranges = struct.unpack(f">{segs}H", data[ranges_at : ranges_at + 2 * segs])
    out = {}
    for s in range(segs):
        for c in range(starts[s], ends[s] + 1):
            if c == 0xFFFF:
                continue
            if ranges[s] == 0:
                g = (c + deltas[s]) & 0xFFFF
            else:
                at = ranges_at + 2 * s + ranges[s] + 2 * (c - starts[s])
                g = struct.unpack(">H", data[at : at + 2])[0]
                g = (g + deltas[s]) & 0xFFFF if g else 0
            if g:
                out[c] = g
    return out


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


@lru_cache(maxsize=8192)
def clean(text: str) -> str:
    """Text without the characters XML 1.0 cannot hold (control codes, lone surrogates); "\\n" line ends; its
    bidirectional controls isolated (`text.isolate_bidi`), so a name cannot reverse the frame's own words.
    (Memoised: a game's frames write mostly the same words.)"""
    return isolate_bidi(_NOT_XML.sub("\ufffd", text.replace("\r\n", "\n").replace("\r", "\n")))


@lru_cache(maxsize=8192)
def _advance(text: str, bold: bool) -> int:
    """The sum of the glyph advances of text, in font units (memoised: frames measure the same words often)."""
    advances, _, missing = _advances(bold)
    return sum(advances.get(ord(c), missing) for c in text)


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Width of text set in the bundled DejaVu Sans at `size` px (no kerning)."""
    return _advance(text, bold) * size / _advances(bold)[1]


def fit(text: str, size: float, width: float, *, bold: bool = False) -> str:
    """Text cut with "…" so that it fits `width` px."""
    if text_width(text, size, bold=bold) <= width:
        return text
    while text and text_width(text + "…", size, bold=bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: float, width: float, *, bold: bool = False) -> list[str]:
    """Text broken into lines at spaces so that each fits `width` px (a too-long word is cut with "…")."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size, bold=bold) > width:
                lines.append(line)
                candidate = word
            line = candidate
        lines.append(fit(line, size, width, bold=bold))
    return lines


def new_drawing(
    width: int, height: int, *, title: str, caption: str, last_hash: str, desc_text: str,
    band_title: Any = None,
) -> svgwrite.Drawing:
    """A white frame with a caption band, `<title>`, `<desc>` and the last event's hash in `<metadata>` and, whole,
    in small print under the band's caption.

    `band_title(room)`, if given, writes the band's title for `room` px (a ruleset shortening each name in it
    rather than cutting the end); otherwise the title is cut with "…"."""
    dwg = svgwrite.Drawing(size=(width, height), profile="full", debug=False)
    dwg.viewbox(0, 0, width, height)
    dwg.attribs["font-family"] = FONT
    dwg.set_desc(title=clean(title), desc=clean(desc_text))
    mark = ET.Element("battlelog", {"xmlns": METADATA_NS, "last-event-hash": last_hash})
    dwg.set_metadata(mark)
    dwg.add(dwg.rect((0, 0), (width, height), fill=PAPER))
    dwg.add(dwg.rect((0, 0), (width, BAND), fill="#f2f2f2"))
    dwg.add(dwg.line((0, BAND), (width, BAND), stroke=FAINT, stroke_width=1))
    room = width - 32 - text_width(caption, 16, bold=True) - 24
    shown = band_title(room) if band_title is not None else title
    label(dwg, dwg, fit(shown, 16, room, bold=True), (16, 26), size=16, bold=True)
    label(dwg, dwg, caption, (width - 16, 26), size=16, bold=True, anchor="end")
    if last_hash:  # printed whole under the caption: a reader compares it with `battlelog head` or the post's
        label(dwg, dwg, last_hash, (width - 16, BAND - 3), size=7, anchor="end", fill=MUTED)
    return dwg


def label(
    dwg: svgwrite.Drawing,
    parent: svgwrite.base.BaseElement,
    text: str,
    at: tuple[float, float],
    *,
    size: float = 14,
    bold: bool = False,
    anchor: str = "start",
    fill: str = INK,
    strike: bool = False,
    **extra: str | float,
) -> svgwrite.text.Text:
    """A text node (svgwrite escapes its content) added to parent."""
    node = dwg.text(clean(text), insert=at, font_size=size, fill=fill, **extra)
    if bold:
        node["font-weight"] = "bold"
    if anchor != "start":
        node["text-anchor"] = anchor
    parent.add(node)
    if strike:
        w = text_width(text, size, bold=bold)
        x0 = at[0] - (w if anchor == "end" else w / 2 if anchor == "middle" else 0)
        y = at[1] - size * 0.32
        parent.add(dwg.line((x0 - 1, y), (x0 + w + 1, y), stroke=fill, stroke_width=max(1.0, size / 10)))
    return node


def hatch(dwg: svgwrite.Drawing, kind: str, color: str = INK, background: str | None = None) -> str:
    """A hatch pattern (defined once per kind and colour); returns its `url(#…)` paint."""
    pid = f"hatch-{kind}-{color.lstrip('#').lower()}-{(background or 'none').lstrip('#').lower()}"
    if not _has_def(dwg, pid):
        pat = dwg.pattern(id=pid, size=(8, 8), patternUnits="userSpaceOnUse")
        if background:
            pat.add(dwg.rect((0, 0), (8, 8), fill=background))
        pat.add(dwg.path(d=HATCHES[kind], stroke=color, stroke_width=1.2, fill=color if kind == "dots" else "none"))
        dwg.defs.add(pat)
    return f"url(#{pid})"


def terrain_fill(dwg: svgwrite.Drawing, kind: str) -> str:
    """The paint of a terrain kind: its colour with its hatch over it."""
    fill, pattern = TERRAIN.get(kind, TERRAIN["open"])
    return hatch(dwg, pattern, "#7a7a7a", fill) if pattern else fill


def arrowhead(dwg: svgwrite.Drawing, color: str) -> str:
    """An arrowhead marker in a colour (defined once); returns its `url(#…)`."""
    mid = f"arrow-{color.lstrip('#').lower()}"
    if not _has_def(dwg, mid):
        marker = dwg.marker(id=mid, insert=(7, 5), size=(4, 4), orient="auto", markerUnits="strokeWidth")
        marker.viewbox(0, 0, 10, 10)
        marker.add(dwg.path(d="M0,0 L10,5 L0,10 z", fill=color))
        dwg.defs.add(marker)
    return f"url(#{mid})"


def arrow(
    dwg: svgwrite.Drawing,
    parent: svgwrite.base.BaseElement,
    start: tuple[float, float],
    end: tuple[float, float],
    *,
    color: str = INK,
    width: float = 3,
    dashed: bool = False,
) -> None:
    """A straight arrow from start to end."""
    line = dwg.line(start, end, stroke=color, stroke_width=width, marker_end=arrowhead(dwg, color))
    if dashed:
        line["stroke-dasharray"] = "8,5"
    parent.add(line)


def _has_def(dwg: svgwrite.Drawing, ident: str) -> bool:
    return any(e.attribs.get("id") == ident for e in dwg.defs.elements)


@dataclass(frozen=True)
class Swatch:
    """One legend entry: a label and how its mark looks (box, line, dash or arrow)."""

    label: str
    fill: str = PAPER
    stroke: str = INK
    kind: str = "box"
    hatch: str | None = None
    text: str = ""
    """A character drawn in the box (a letter code)."""
    dashed: bool = False
    crossed: bool = False
    dash: str | None = None
    """A line's dash pattern as the board draws it ("6,3"); default: solid, or 4,3 for a "dash"."""
    width: float | None = None
    """A line's stroke width as the board draws it; default 3."""
    colors: tuple[str, ...] = ()
    """A mark the board draws in several colours (one per side, or one per item): a line or an arrow is drawn once
    per colour, stacked; a box is filled with a stripe of each."""
    facing: bool = False
    """Stacked arrows face each other, the first pointing right and the next left, as two sides' arrows between
    them on the board."""
    ink: str = INK
    """The colour of `text` in a box."""


DASHED_ARROW_SWATCH = 30
"""Width of a dashed arrow's legend mark: a dash, a gap and a dash of the board's 8,5 pattern, then the head."""


def swatch(dwg: svgwrite.Drawing, parent: svgwrite.base.BaseElement, item: Swatch, x: float, y: float) -> None:
    """The 18×14 mark of a legend entry at (x, y) (top-left); a dashed arrow's is DASHED_ARROW_SWATCH wide."""
    if item.kind == "box":
        fill = hatch(dwg, item.hatch, item.stroke, item.fill) if item.hatch else item.fill
        for n, stripe in enumerate(item.colors):  # an item's tints side by side, under the box's outline
            width = 18 / len(item.colors)
            parent.add(dwg.rect((round(x + n * width, 2), y), (round(width, 2), 14), fill=stripe))
        box = dwg.rect((x, y), (18, 14), fill="none" if item.colors else fill, stroke=item.stroke,
                       stroke_width=item.width or 1.2, rx=2)
        if item.dashed:
            box["stroke-dasharray"] = item.dash or "3,2"
        parent.add(box)
        if item.crossed:
            parent.add(dwg.path(d=f"M{x + 2},{y + 2} L{x + 16},{y + 12} M{x + 2},{y + 12} L{x + 16},{y + 2}",
                                stroke=INK, stroke_width=1.5))
        if item.text:
            label(dwg, parent, item.text, (x + 9, y + 11), size=10, bold=True, anchor="middle", fill=item.ink)
        return
    colors = item.colors or (item.stroke,)
    step = 10 / (len(colors) - 1) if len(colors) > 1 else 0
    for n, color in enumerate(colors):
        at = y + (7 if len(colors) == 1 else 2 + n * step)
        if item.kind == "arrow":
            # a dashed arrow's swatch is long enough for its pattern (8 on, 5 off) to show two dashes, as on the board
            end = x + (DASHED_ARROW_SWATCH - 9 if item.dashed else 12)
            back = item.facing and n % 2 == 1
            start, stop = ((end + 6, at), (x + 3, at)) if back else ((x, at), (end, at))
            arrow(dwg, parent, start, stop, color=color, width=2.5 if len(colors) == 1 else 2, dashed=item.dashed)
        else:
            line = dwg.line((x, at), (x + 18, at), stroke=color, stroke_width=item.width or 3)
            if item.dash or item.kind == "dash":
                line["stroke-dasharray"] = item.dash or "4,3"
            parent.add(line)


E = TypeVar("E")


class Legend(Generic[E]):
    """A frame's legend that follows its drawing: each entry is declared with the key of the mark it names, the
    frame calls `drew(key)` where it draws that mark, and `shown()` is the entries whose mark was drawn, in the order
    they were declared. A key drawn that no entry names is kept in `unnamed` (a test asserts there is none), so an
    entry appears exactly when its mark is on the board. `every()` is all the entries: the room a game's frames
    keep for the legend, so that every frame of a game has the same size whatever it draws. An entry is a `Swatch`,
    or a ruleset's own mark (anything with a `label`) that its frame draws itself."""

    def __init__(self, entries: Iterable[tuple[str, E]]):
        self.entries: dict[str, E] = dict(entries)
        self.drawn: set[str] = set()
        self.unnamed: set[str] = set()

    def drew(self, key: str) -> None:
        """The mark named `key` is on the board."""
        self.drawn.add(key)
        if key not in self.entries:
            self.unnamed.add(key)

    def shown(self) -> list[E]:
        return [item for key, item in self.entries.items() if key in self.drawn]

    def every(self) -> list[E]:
        return list(self.entries.values())

    def keys_shown(self) -> list[str]:
        return [key for key in self.entries if key in self.drawn]


def legend_if(*entries: tuple[bool, Swatch]) -> list[Swatch]:
    """The entries whose mark is drawn, for a frame that knows its marks up front: `legend_if((bool(sc.sight),
    Swatch("sight", …)), …)`."""
    return [item for drawn, item in entries if drawn]


def legend_height(items: Sequence[Swatch], *, width: float, size: float = 12) -> float:
    """The height `legend` would use for `items` within `width` (nothing drawn)."""
    return legend(svgwrite.Drawing(), items, (0, 0), width=width, size=size)


def legend(
    dwg: svgwrite.Drawing, items: Sequence[Swatch], at: tuple[float, float], *, width: float, size: float = 12
) -> float:
    """Legend entries flowed left to right within `width`; returns the height used."""
    x0, y0 = at
    x, y, row = x0, y0, size + 8
    for item in items:
        mark = 6 + (DASHED_ARROW_SWATCH if item.kind == "arrow" and item.dashed else 18)
        w = mark + text_width(item.label, size) + 18
        if x > x0 and x + w > x0 + width:
            x, y = x0, y + row
        group = Group()
        swatch(dwg, group, item, x, y + (row - 14) / 2 - 4)
        label(dwg, group, item.label, (x + mark, y + row / 2 + size * 0.35 - 4), size=size, fill=INK)
        dwg.add(group)
        x += w
    return y - y0 + row


def bar(
    dwg: svgwrite.Drawing,
    parent: svgwrite.base.BaseElement,
    x: float,
    y: float,
    w: float,
    h: float,
    value: int,
    maximum: int,
    *,
    lo: int | None = None,
    hi: int | None = None,
    color: str = GREEN,
) -> None:
    """A pip bar of an integer resource from lo to hi: value filled, capacity outlined, below zero hatched."""
    lo = min(0, value, maximum) if lo is None else min(lo, value, maximum, 0)
    hi = max(1, value, maximum) if hi is None else max(hi, value, maximum, 1)
    pip = w / (hi - lo)
    for k in range(lo, hi):
        px = x + (k - lo) * pip
        filled = (0 <= k < value) or (value <= k < 0)
        inside = (0 <= k < maximum) or (maximum <= k < 0)
        if filled and k >= 0:
            fill = color
        elif filled:
            fill = hatch(dwg, "diagonal", BAD, "#fbe3d6")
        else:
            fill = PAPER if inside else "#efefef"
        stroke = INK if inside else "#b0b0b0"
        parent.add(dwg.rect((px + 1, y), (pip - 2, h), fill=fill, stroke=stroke, stroke_width=1, rx=2))
    if lo < 0:
        zx = x + (0 - lo) * pip
        parent.add(dwg.line((zx, y - 3), (zx, y + h + 3), stroke=INK, stroke_width=2))


def _indent(node: ET.Element, depth: int = 0) -> None:
    """Pretty-print whitespace between elements, never inside text elements (it would show)."""
    if node.tag in ("text", "title", "desc") or not len(node):
        return
    pad = "\n" + "  " * (depth + 1)
    node.text = pad
    for child in node:
        _indent(child, depth + 1)
        child.tail = pad
    node[-1].tail = "\n" + "  " * depth


def to_string(dwg: svgwrite.Drawing) -> str:
    """The drawing as an SVG document, one element per line, byte-identical for the same drawing."""
    from replay.render import svgtext

    try:
        return '<?xml version="1.0" encoding="utf-8"?>\n' + svgtext.document(dwg) + "\n"
    except svgtext.Unwritten:
        return tree_string(dwg)


def tree_string(dwg: svgwrite.Drawing) -> str:
    """`to_string` through ElementTree (svgwrite's `get_xml`, `_indent`, `ET.tostring`): the reference it matches."""
    root = dwg.get_xml()
    _indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def last_event_hash(svg: str) -> str | None:
    """The `last-event-hash` a frame's `<metadata>` carries, or None."""
    root = ET.fromstring(svg)
    for node in root.iter(f"{{{METADATA_NS}}}battlelog"):
        return node.get("last-event-hash")
    return None


def desc_text(svg: str) -> str:
    """The plain-text picture a frame's `<desc>` carries."""
    node = ET.fromstring(svg).find("{http://www.w3.org/2000/svg}desc")
    return "" if node is None or node.text is None else node.text


def caption_text(view: Any, lang: str) -> str:
    """ "Ход N · шаг k/K" (with the phase where the frame addresses one: "Ход N · фаза B4 · шаг k/K")."""
    phase = getattr(view, "phase", None)
    ru_phase, en_phase = (f" · фаза {phase}", f" · phase {phase}") if phase else ("", "")
    return (f"Ход {view.turn}{ru_phase} · шаг {view.step}/{view.steps}" if lang == "ru"
            else f"Turn {view.turn}{en_phase} · step {view.step}/{view.steps}")


def mark_provisional(svg: str, lang: str) -> str:
    """A frame of an open turn, marked across its top edge as provisional (not yet in the log)."""
    text = "ПРЕДВАРИТЕЛЬНО: ход открыт, не в журнале" if lang == "ru" else "PROVISIONAL: the turn is open, not logged"
    root = re.search(r"<svg\b[^>]*>", svg)
    size = {k: float(v) for k, v in re.findall(r'\b(width|height)="([0-9.]+)', root.group(0))} if root else {}
    width, height = size.get("width", 600.0), size.get("height", 400.0)
    w = text_width(text, 12, bold=True) + 16
    x, y = width - w - 6, height - 26
    mark = (f'<g class="provisional"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="20" rx="3" fill="#ffffff" '
            f'stroke="#b00020" stroke-width="1.5"/><text x="{x + 8:.1f}" y="{y + 14:.1f}" font-family="{FONT}" '
            f'font-size="12" font-weight="bold" fill="#b00020">{text}</text></g>\n')
    at = svg.rfind("</svg>")
    return svg if at < 0 else svg[:at] + mark + svg[at:]
