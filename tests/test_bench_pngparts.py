"""bench/pngparts.py runs on the knights frame, and its split of the frame into a static layer (drawn once per game)
and a dynamic one is the frame: the two drawn and composited by Pillow look as the frame does."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pngparts():
    spec = importlib.util.spec_from_file_location("battlelog_pngparts", ROOT / "bench" / "pngparts.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def test_the_layers_composited_look_as_the_frame_and_every_figure_is_given(capsys):
    pngparts = _pngparts()
    assert pngparts.main(["--runs", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    figures = out["figures"]
    assert out["texts"] > 100 and out["png_bytes"] > 10_000
    for name in ("frame", "covered", "blank", "transparent", "covered, no text", "covered, text unfilled",
                 "covered, no hatch", "covered, no grid", "board covered", "dynamic layer", "static layer",
                 "Pillow: encode RGB, compress_level 6"):
        assert figures[name] > 0, name
    assert figures["composite vs frame: largest difference"] <= 2
    assert figures["composite vs frame: pixels that differ"] < 0.02 * 1198 * 1065


def test_the_dynamic_layer_holds_no_static_part_and_the_static_layer_every_one():
    pngparts = _pngparts()
    svg, view = pngparts.battle_frame()
    dynamic, static = pngparts.layers(svg, view)
    assert "А У Т Ф Л А Н К" not in dynamic and "А У Т Ф Л А Н К" in static  # the band
    limits = re.compile(r'fill="url\(#hatch-[^"]*\)" fill-opacity="0.85"')  # the field's Limits, not the legend's
    assert not limits.search(dynamic) and limits.search(static)
    assert 'stroke="#bdbdbd"' not in dynamic and 'stroke="#bdbdbd"' in static  # the grid
    assert len(pngparts.TEXT.findall(dynamic)) + len(pngparts.TEXT.findall(static)) == len(pngparts.TEXT.findall(svg))
