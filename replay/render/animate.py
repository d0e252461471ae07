"""An animated turn: one frame per step (step 0 to the last), as a GIF (the safe default: hosts that re-encode
PNGs keep only an APNG's first frame) or an APNG, every frame the same size, drawn from the log like `render`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from PIL import Image

from replay import views
from replay.render.png import to_png
from replay.render.svg import mark_provisional

FORMATS = ("gif", "apng")
MIN_SCALE = 0.5
PHPBB_ATTACHMENT = 256 * 1024
"""phpBB's default attachment limit (NOTES.md, "Forums")."""


@dataclass(frozen=True)
class Animation:
    data: bytes
    frames: int
    size: tuple[int, int]
    hashes: tuple[str, ...]
    """The last event hash each frame was drawn from."""
    scale: float = 1.0
    """How much the frames were scaled down to fit the size limit."""


def step_pngs(game: Any, turn: int, *, lang: str = "ru", store: Any = None, phase: str | None = None,
              viewer: str | None = None, scale: float = 1.0) -> list[tuple[bytes, str]]:
    """(PNG, last event hash) of every step of a turn (or phase), step 0 first."""
    first = views.frame_view(game, turn, 0, lang, store, phase, viewer)
    out = []
    for k in range(first.steps + 1):
        view = first if k == 0 else views.frame_view(game, turn, k, lang, store, phase, viewer)
        svg = game.ruleset.frame(view)
        if view.provisional:
            svg = mark_provisional(svg, lang)
        out.append((to_png(svg, scale=scale), view.last_hash))
    return out


def same_size(images: list[Image.Image]) -> list[Image.Image]:
    """Every image on a white canvas of the largest width and height (a frame grows when a step adds lines)."""
    width = max(im.width for im in images)
    height = max(im.height for im in images)
    out = []
    for im in images:
        canvas = Image.new("RGB", (width, height), "white")
        canvas.paste(im.convert("RGB"), (0, 0))
        out.append(canvas)
    return out


def animate(pngs: list[tuple[bytes, str]], *, fmt: str = "gif", delay: int = 1200, colors: int = 64,
            max_bytes: int | None = PHPBB_ATTACHMENT) -> Animation:
    """The frames as one looping animation, `delay` ms per frame (the last one shown twice as long). When it would
    be larger than `max_bytes`, the frames are scaled down (to half at most) until it fits."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown animation format {fmt!r} (known: {', '.join(FORMATS)})")
    if not pngs:
        raise ValueError("a turn without frames")
    images = same_size([Image.open(io.BytesIO(png)) for png, _ in pngs])
    hashes = tuple(h for _, h in pngs)
    scale = 1.0
    while True:
        shown = images if scale == 1.0 else [im.resize((round(im.width * scale), round(im.height * scale)),
                                                       Image.Resampling.LANCZOS) for im in images]
        data = encode(shown, fmt, delay, colors, hashes[-1])
        if max_bytes is None or len(data) <= max_bytes or scale <= MIN_SCALE:
            return Animation(data, len(shown), shown[0].size, hashes, scale)
        # the size goes with the area: aim a little below the limit, then step down
        scale = max(MIN_SCALE, round(min(scale - 0.05, scale * (max_bytes / len(data)) ** 0.5 * 0.97), 2))


def encode(images: list[Image.Image], fmt: str, delay: int, colors: int, last_hash: str) -> bytes:
    """GIF (one palette for all frames, no dithering, so unchanged pixels stay unchanged) or APNG bytes."""
    durations = [delay] * (len(images) - 1) + [delay * 2]
    buf = io.BytesIO()
    if fmt == "gif":
        # the palette comes from the first and the last frame together, by octree: median cut on the last frame
        # alone lost the sides' small saturated marks (knights drawn grey)
        first, last = images[0], images[-1]
        both = Image.new("RGB", (first.width, first.height * 2), "white")
        both.paste(first, (0, 0))
        both.paste(last, (0, first.height))
        palette = both.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
        frames = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]
        frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                       optimize=True, disposal=1, comment=f"battlelog last-event-hash {last_hash}".encode())
    else:
        images[0].save(buf, format="PNG", save_all=True, append_images=images[1:], duration=durations, loop=0)
    return buf.getvalue()
