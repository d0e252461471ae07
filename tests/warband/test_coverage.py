"""The issue's "across the set every procedure of §5.2, every choice point and every die of the catalogue at least
once", read from the recorded games themselves (fixtures/warband/*.jsonl): a game removed or re-recorded without
one of them fails here. What no recorded game holds yet is listed in NOT_RECORDED (and in docs/warband.md); the
list must be exact, so recording one of them fails the test until it leaves the list."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "fixtures" / "warband").glob("*.jsonl"))

Event = dict[str, Any]


def _type(t: str) -> Callable[[Event], bool]:
    return lambda e: e["type"] == t


def _choice(name: str) -> Callable[[Event], bool]:
    return lambda e: e["type"] == "choice" and e["payload"].get("name") == name


def _roll(purpose: str, **has: bool) -> Callable[[Event], bool]:
    return lambda e: e["type"] == "roll" and e["payload"].get("purpose") == purpose and all(
        (k in e["payload"]) == v for k, v in has.items())


def _order(key: str, stage: str | None = None) -> Callable[[Event], bool]:
    return lambda e: e["type"] == "order" and bool(e["payload"].get(key)) and stage in (None, e["payload"].get("stage"))


def _move(*keys: str) -> Callable[[Event], bool]:
    return lambda e: e["type"] == "order" and any(k in m for m in e["payload"].get("moves", []) for k in keys)


def _stage(stage: str) -> Callable[[Event], bool]:
    return lambda e: e["type"] == "warband.stage_started" and e["payload"]["stage"] == stage


def _override(name: str) -> Callable[[Event], bool]:
    return lambda e: e["type"] == "ruling" and (e["payload"].get("override") or {}).get("name") == name


def _setup(key: str) -> Callable[[Event], bool]:
    return lambda e: e["type"] == "game.created" and bool(e["payload"]["setup"].get(key))


PROCEDURES: dict[str, Callable[[Event], bool]] = {
    "P-SETUP": _type("warband.turn_order"), "P-TURN": _type("warband.turn_ended"), "P-MOVE": _stage("movement"),
    "R-MOVE": _type("warband.moved"), "R-FALL": _type("warband.fell"), "R-RUNAWAY": _type("warband.mount_ran"),
    "P-RANGED": _stage("ranged"), "R-SHOT": _type("warband.shot"), "R-GUN": _type("warband.gun_fired"),
    "R-CAST": _type("warband.cast"), "P-MELEE": _stage("melee"), "R-FIGHT": _type("warband.fight_resolved"),
    "R-SAVE": lambda e: e["type"] == "roll" and str(e["payload"].get("purpose")).startswith("save_"),
    "R-DURABILITY": _type("warband.durability"), "R-SABOTAGE-TICK": _type("warband.sabotage"),
    "P-END": _type("warband.turn_ended"),
}
"""§5.2, each by the event (or forum roll) that shows it ran."""

CHOICES: dict[str, Callable[[Event], bool]] = {
    "C01": _setup("pool"), "C02": _choice("draft_pick"), "C03": _choice("equip"), "C04": _choice("weather"),
    "C05": _choice("day_night"), "C06": _setup("terrain"), "C07": _order("place", "deployment"),
    "C08": _choice("turn_weather"), "C09": _choice("path"), "C10": _move("facing"), "C11": _choice("diagonal"),
    "C12": _choice("stop_mount"), "C13": _move("dismount", "remount", "untie"), "C14": _order("talks", "movement"),
    "C15": _order("shots", "ranged"), "C16": lambda e: _choice("coverage")(e) or _override("coverage")(e),
    "C17": lambda e: _order("guns", "ranged")(e) or _order("rotations", "ranged")(e),
    "C18": _choice("gun_impact"), "C19": _order("casts", "ranged"), "C20": _order("fights", "melee"),
    "C21": _choice("pivot"), "C22": _choice("dedicate"), "C23": _choice("pools"), "C24": _choice("allocate"),
    "C25": _choice("disengage"), "C26": _choice("disengage_path"), "C27": _choice("durability"),
    "C28": _order("sabotage"), "C29": _type("ruling"), "C30": _choice("game_end"), "C31": _choice("turn_position"),
    "C32": _order("captures", "ranged"), "C33": lambda e: _override("fall_height")(e) or _choice("fall_height")(e),
    "C34": _move("swap"),
}
"""§5.3, each by the input that makes it: a choice, an order's part, the setup or a GM ruling."""

DICE: dict[str, Callable[[Event], bool]] = {
    "draft_order": _roll("draft_order"), "turn_order": _roll("turn_order"), "move_roll": _roll("move_roll"),
    "charge_roll": _roll("charge_roll"), "disengage": _roll("disengage"), "runaway": _roll("runaway"),
    "diag_fb": _roll("diag_fb"), "diag_lr": _roll("diag_lr"), "stop_mount": _roll("stop_mount"),
    "to_wound (shot)": _roll("to_wound", fight=False, spell=False),
    "to_wound (spell)": _roll("to_wound", spell=True), "to_wound (melee)": _roll("to_wound", fight=True),
    "save_cover": _roll("save_cover"), "save_armour": _roll("save_armour"),
    "save_invulnerable": _roll("save_invulnerable"), "save_invulnerable_reroll": _roll("save_invulnerable_reroll"),
    "save_burst": _roll("save_burst"), "gun_burst": _roll("gun_burst"), "cast": _roll("cast"),
    "miscast": _roll("miscast"), "initiative": _roll("initiative"), "engaged_rolloff": _roll("engaged_rolloff"),
}
"""§5.4's catalogue (to_wound in its three uses), each by a forum roll of that purpose."""

NOT_RECORDED: set[str] = set()
"""What no recorded game holds yet (each is tested on its own in tests/warband, not in a recorded game)."""


def recorded() -> list[Event]:
    return [json.loads(line) for path in GAMES for line in path.read_text(encoding="utf-8").splitlines()]


def covered() -> dict[str, set[str]]:
    events = recorded()
    return {kind: {name for name, seen in table.items() if any(seen(e) for e in events)}
            for kind, table in (("procedures", PROCEDURES), ("choices", CHOICES), ("dice", DICE))}


def test_the_catalogues_are_the_spec_s():
    assert list(CHOICES) == [f"C{i:02d}" for i in range(1, 35)]
    spec = (ROOT.parent / "shared" / "rules" / "warband.md")
    if spec.exists():  # the spec's own lists, where the shared folder is beside the checkout
        text = spec.read_text(encoding="utf-8")
        procs = text[text.index("### 5.2 Procedures"):text.index("### 5.3")]
        names = {line.split("(")[0].strip() for line in procs.splitlines() if line[:2] in ("P-", "R-")}
        assert names == set(PROCEDURES)


def test_every_procedure_choice_point_and_die_is_in_a_recorded_game_but_the_listed_ones():
    found = covered()
    missing = {n for kind, table in (("procedures", PROCEDURES), ("choices", CHOICES), ("dice", DICE))
               for n in table if n not in found[kind]}
    assert missing == NOT_RECORDED


def test_the_coverage_can_fail():
    events = [e for e in recorded() if e["type"] != "warband.fell"]
    assert not any(PROCEDURES["R-FALL"](e) for e in events)
    assert any(PROCEDURES["R-FALL"](e) for e in recorded())
