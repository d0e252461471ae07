"""The frame stays readable with 40 warriors on the table (the issue): every base drawn to scale without overlap,
every id label present and no two labels on top of each other, the legend and caption kept."""

from __future__ import annotations

import json
import re

from cli.main import import_text
from eventlog.store import Store
from replay import driver

KINDS = ["infantryman", "archer", "knight", "ogre", "mage"]


def crowd_log() -> str:
    """Two lines of 20 warriors each, 3.2 cm apart (ogres 5 cm), facing each other 8 cm apart on a 120 × 80 table."""
    warriors, place_a, place_b = [], [], []
    for side, y, facing, places in (("A", 16.0, 90, place_a), ("B", 64.0, 270, place_b)):
        x = 6.0
        for i in range(20):
            kind = KINDS[i % len(KINDS)]
            wid = f"{side.lower()}{i + 1}"
            warriors.append({"id": wid, "side": side, "type": kind,
                             "equipment": ["bow"] if kind == "archer" else ["short_weapon"]})
            step = 5.2 if kind == "ogre" else 3.4
            places.append({"w": wid, "x": round(x, 2), "y": y + (2 if i % 2 else 0), "facing": facing})
            x += step + (1.2 if KINDS[(i + 1) % len(KINDS)] == "ogre" else 0)
    setup = {"table": {"width": 120, "depth": 80}, "sides": [{"id": "A", "name": "Север", "home_edge": "S"},
                                                              {"id": "B", "name": "Юг", "home_edge": "N"}],
             "warriors": warriors,
             "terrain": [{"id": "t1", "name": "холм", "polygon": [[50, 30], [70, 30], [70, 45], [50, 45]],
                          "height": 4}]}
    lines = [{"game": "warband-crowd", "type": "game.created", "at": "2026-12-01T23:00:00Z",
              "payload": {"ruleset": "warband@1", "options": {}, "setup": setup, "dice": {"policy": "forum"}}},
             {"game": "warband-crowd", "type": "choice", "turn": 0, "actor": None,
              "payload": {"name": "weather", "value": "clear"}},
             {"game": "warband-crowd", "type": "choice", "turn": 0, "actor": None,
              "payload": {"name": "day_night", "value": {"day": 4, "night": 2, "first": "day"}}},
             {"game": "warband-crowd", "type": "order", "turn": 0, "actor": "A",
              "payload": {"stage": "deployment", "place": place_a}},
             {"game": "warband-crowd", "type": "order", "turn": 0, "actor": "B",
              "payload": {"stage": "deployment", "place": place_b}}]
    for side, die in (("A", 5), ("B", 2)):
        lines.append({"game": "warband-crowd", "type": "roll", "turn": 0, "actor": side,
                      "payload": {"dice": "1d6", "purpose": "turn_order", "result": [die], "total": die,
                                  "source": "forum", "round": 1}})
    return "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)


def crowd_frame(tmp_path) -> str:
    with Store.open(tmp_path / "c.duckdb") as store:
        game_id = next(iter(import_text(store, crowd_log(), source="crowd")))
        game = driver.load(store, game_id)
    return game.ruleset.frame(driver.frame_view(game, 0))


def test_forty_warriors_are_all_drawn_with_their_labels_apart_and_over_every_base(tmp_path):
    from replay.render.svg import text_width

    svg = crowd_frame(tmp_path)
    ids = [f"{s}{i}" for s in "ab" for i in range(1, 21)]
    labels = {}
    for m in re.finditer(r'<text([^>]*)>(([ab]\d+)(?: [^<]*)?)</text>', svg):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
        if attrs.get("font-size") == "9":
            labels[m.group(3)] = (float(attrs["x"]), float(attrs["y"]), attrs.get("text-anchor", "start"),
                                  m.group(2), m.start())
    assert sorted(labels) == sorted(ids)
    boxes = {}
    for w, (x, y, anchor, text, _) in labels.items():
        width = text_width(text, 9)
        left = x - width / 2 if anchor == "middle" else x if anchor == "start" else x - width
        boxes[w] = (left, y - 9, left + width, y)
    for a in ids:  # no two tags on top of each other
        for b in ids:
            if a < b:
                ax0, ay0, ax1, ay1 = boxes[a]
                bx0, by0, bx1, by1 = boxes[b]
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (a, b)
    bases = [m.start() for m in re.finditer(r'<circle[^>]*fill-opacity="0.85"', svg)]
    assert len(bases) == 40
    # every tag is drawn after every base, with a halo: a neighbour's base never hides it
    assert all(pos > max(bases) for *_, pos in labels.values())
    assert all('paint-order="stroke"' in svg[pos:pos + 200] for *_, pos in labels.values())
    assert "Север (A)" in svg and "Юг (B)" in svg
