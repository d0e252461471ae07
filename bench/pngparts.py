"""Where the knights frame's PNG time goes: resvg's drawing, its PNG encoding, and what Pillow would add, in process.

Usage: python bench/pngparts.py [--runs 9] [--json]

The frame is the one bench.py and bench/startup.py time: the last step of the latest turn of the recorded battle
(fixtures/knights/battle.jsonl), in Russian. Each variant below is an SVG drawn by resvg as `png.to_png` draws it
(`resvg.render` with the options of the fonts `png.font_files` chooses for the frame, held in memory); the variants
run alternated, `--runs` rounds after one warm-up call each, and each figure is the median CPU time of one call
(`time.process_time`), in ms. resvg encodes the PNG inside that call and returns its bytes only, so its drawing and
its encoding are told apart by what is drawn and what is left to encode (results/2026-12-05-speed19.md ran this
with resvg-py, the binding before, whose figures were larger: see results/2026-12-05-speed20.md):

- `frame`: the frame as shipped.
- `covered`: the same SVG with an opaque white rect over the whole canvas at its end: resvg draws all of the frame
  (it culls nothing that is painted over) but encodes a blank canvas. frame − covered is what encoding the frame's
  pixels costs beyond encoding a blank canvas.
- `blank`: the frame's root element and its white background only; `transparent`: nothing drawn on the canvas.
  covered − blank is the drawing.
- `covered, no text` / `covered, text unfilled` / `covered, no hatch` / `covered, no grid`: covered, with the
  `<text>` elements taken out, or left unfilled (laid out, not drawn), or the rects filled with a hatch pattern taken
  out, or the grid's two groups: what drawing that content costs.
- `<region> covered`: the frame with a white rect over one region at its end (the caption band, the board, the
  panel, the box and legend under the board): frame − that is what encoding that region's pixels costs.
- `dynamic layer`: the frame without its static layer (the parts drawn once per game, `frame._drawn`: the band,
  the field under the pieces, the marks over the grid, the Limits' names) and without its white background, on a
  transparent canvas; `static layer`: those parts alone on the white background.

Then Pillow on the same process: decoding the frame's PNG, `alpha_composite` of the dynamic layer over the static
layer, and encoding the result (RGB) at compress levels 1, 6 and 9 (bytes given). The composite is compared with
the frame pixel by pixel (the largest difference of a channel, and how many pixels differ).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

WHITE = "#ffffff"
TEXT = re.compile(r"<text\b[^>]*>.*?</text>", re.S)
HATCHED = re.compile(r"<rect [^>]*url\(#hatch-[^>]*/>")
GRID = re.compile(r'<g stroke="#(?:bdbdbd|8f8f8f)".*?</g>', re.S)


def battle_frame() -> tuple[str, object]:
    """(the SVG, the frame view) of the battle's last step, as startup.py draws it."""
    from eventlog.store import Store
    from replay import driver, importing, views

    path = HERE.parent / "fixtures" / "knights" / "battle.jsonl"
    with Store.open(":memory:") as store:
        game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"), source=path.name)))
        game = driver.load(store, game_id)
        late = max(t for t in game.index.closed if driver.turn_steps(game, t).steps)
        view = views.frame_view(game, late, None, "ru", store)
    return game.ruleset.frame(view), view


def size_of(svg: str) -> tuple[int, int]:
    """(width, height) of the SVG's root element."""
    root = svg[svg.index("<svg") : svg.index(">", svg.index("<svg"))]
    size = dict(re.findall(r'\b(width|height)="([0-9.]+)"', root))
    return int(float(size["width"])), int(float(size["height"]))


def cover(svg: str, box: tuple[float, float, float, float]) -> str:
    """The SVG with an opaque white rect over `box` (x, y, width, height) drawn last."""
    x, y, w, h = box
    return svg.replace("</svg>", f'<rect fill="{WHITE}" x="{x}" y="{y}" width="{w}" height="{h}" />\n</svg>')


def layers(svg: str, view: object) -> tuple[str, str]:
    """(the dynamic layer on a transparent canvas, the static layer on white) of a knights frame."""
    from replay.rulesets.knights import frame as knights

    state = view.state  # type: ignore[attr-defined]
    turn = 0 if view.turn == 0 else 1  # type: ignore[attr-defined]
    static = [d.text for part in ("band", "field", "marks", "labels")
              for d in knights._drawn(part, "ru", turn, state.lances, state.limits)[0]]
    width, height = size_of(svg)
    background = f'<rect fill="{WHITE}" height="{height}" width="{width}" x="0" y="0" />'
    dynamic = svg.replace(background, "", 1)
    for text in static:
        if text not in dynamic:
            raise SystemExit("a static part of the frame is not in its SVG as drawn once: frame._drawn changed")
        dynamic = dynamic.replace(text, "", 1)
    head = svg[: svg.index(background)]
    return dynamic, head + background + "\n  " + "\n  ".join(static) + "\n</svg>\n"


def variants(svg: str, view: object) -> dict[str, str]:
    from replay.render import svg as S
    from replay.rulesets.knights import frame as knights

    width, height = size_of(svg)
    whole = (0, 0, width, height)
    covered = cover(svg, whole)
    background = f'<rect fill="{WHITE}" height="{height}" width="{width}" x="0" y="0" />'
    head = svg[: svg.index(background)]
    board_top = S.BAND + 12
    dynamic, static = layers(svg, view)
    return {
        "frame": svg,
        "covered": covered,
        "blank": head + background + "\n</svg>\n",
        "transparent": head + "\n</svg>\n",
        "covered, no text": TEXT.sub("", covered),
        "covered, text unfilled": re.sub(r'(<text\b[^>]*?) fill="[^"]*"', r'\1 fill="none"', covered),
        "covered, no hatch": HATCHED.sub("", covered),
        "covered, no grid": GRID.sub("", covered),
        "caption band covered": cover(svg, (0, 0, width, board_top)),
        "board covered": cover(svg, (0, board_top, knights.BOARD_RIGHT, knights.BOARD_BOTTOM - board_top)),
        "panel covered": cover(svg, (knights.BOARD_RIGHT, board_top, width - knights.BOARD_RIGHT,
                                     knights.BOARD_BOTTOM - board_top)),
        "box and legend covered": cover(svg, (0, knights.BOARD_BOTTOM, width, height - knights.BOARD_BOTTOM)),
        "dynamic layer": dynamic,
        "static layer": static,
    }


def cpu_ms(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def pillow_figures(frame_png: bytes, dynamic_png: bytes, static_png: bytes, runs: int) -> dict[str, float]:
    from PIL import Image, ImageChops

    def load(png: bytes) -> Image.Image:
        image = Image.open(io.BytesIO(png))
        image.load()
        return image

    def encode(image: Image.Image, level: int) -> bytes:
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=level)
        return out.getvalue()

    static, dynamic = load(static_png).convert("RGBA"), load(dynamic_png).convert("RGBA")
    composite = Image.alpha_composite(static, dynamic).convert("RGB")
    jobs: dict[str, Callable[[], object]] = {
        "Pillow: decode the frame's PNG": lambda: load(frame_png),
        "Pillow: decode the dynamic layer's PNG": lambda: load(dynamic_png),
        "Pillow: alpha_composite (RGBA, full canvas)": lambda: Image.alpha_composite(static, dynamic),
    }
    for level in (1, 6, 9):
        jobs[f"Pillow: encode RGB, compress_level {level}"] = lambda level=level: encode(composite, level)
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(runs):
        for name, job in jobs.items():
            times[name].append(cpu_ms(job))
    figures = {name: statistics.median(t) for name, t in times.items()}
    for level in (1, 6, 9):
        figures[f"Pillow: bytes at compress_level {level}"] = len(encode(composite, level))
    frame = load(frame_png).convert("RGB")
    diff = ImageChops.difference(frame, composite).split()
    largest = ImageChops.lighter(ImageChops.lighter(diff[0], diff[1]), diff[2]).histogram()
    figures["composite vs frame: pixels that differ"] = sum(largest[1:])
    figures["composite vs frame: largest difference"] = max((v for v, n in enumerate(largest) if n), default=0)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    from replay.render import png

    svg, view = battle_frame()
    options = png._options(png.font_files(svg))

    def draw(source: str) -> bytes:
        return bytes(png.resvg.render(png.resvg.usvg.Tree.from_str(source, options), (1, 0, 0, 0, 1, 0)))

    sources = variants(svg, view)
    pngs = {name: draw(source) for name, source in sources.items()}  # the warm-up call of each
    times: dict[str, list[float]] = {name: [] for name in sources}
    for k in range(args.runs):
        for name, source in sources.items():
            times[name].append(cpu_ms(lambda source=source: draw(source)))
        print(f"round {k + 1} of {args.runs}", file=sys.stderr)
    figures: dict[str, float] = {name: statistics.median(t) for name, t in times.items()}
    figures.update(pillow_figures(pngs["frame"], pngs["dynamic layer"], pngs["static layer"], args.runs))
    texts = len(TEXT.findall(svg))
    if args.json:
        print(json.dumps({"texts": texts, "png_bytes": len(pngs["frame"]), "figures": figures}, indent=2))
        return 0
    print(f"knights frame: {texts} <text>, {len(pngs['frame']):,} bytes of PNG; CPU ms, medians of {args.runs}")
    for name, value in figures.items():
        print(f"  {name:48} {value:10,.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
