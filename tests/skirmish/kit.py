"""Helpers for the skirmish's tests: the SAMPLE fighters, hand-made inputs of one round, the round resolved."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Event
from replay.context import Stop, TurnInputs, run
from replay.rulesets.skirmish import Skirmish
from replay.rulesets.skirmish.model import Fight, SkirmishOptions

RULESET = Skirmish()
SETUP = {"fighters": [{"sample": "RAT", "cell": [0, 0]}, {"sample": "VSE", "cell": [1, 0], "facing": "W"}]}


def fight(setup: dict[str, Any] | None = None, **fields: Any) -> Fight:
    state = RULESET.initial(setup or SETUP, RULESET.options())
    return replace(state, **fields) if fields else state


def spear_vs_dagger() -> Fight:
    """Scenario S1: RAT with the spear (two hands), VSE with the dagger and no shield, VSE in the gambeson."""
    return fight({"fighters": [
        {"sample": "RAT", "weapons": [{"id": "spear", "type": "spear", "hands": ["right", "left"]}]},
        {"sample": "VSE", "cell": [1, 0], "weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}],
         "shield": None}]})


class Round:
    """Inputs of one round (turn), numbered from `seq`."""

    def __init__(self, turn: int = 1, seq: int = 10):
        self.turn, self.seq, self.events = turn, seq, []

    def add(self, type_: str, actor: str | None, payload: dict[str, Any]) -> Round:
        self.seq += 1
        self.events.append(Event("g", self.seq, type_, self.turn, actor, payload, None, "", "", ""))
        return self

    def roll(self, actor: str, purpose: str, faces: list[int], *, sides: int = 10, exchange: int = 1,
             dice: str | None = None) -> Round:
        notation = dice or f"{len(faces)}d{sides}"
        total = sum(faces) - (2 if notation == "2d6-2" else 0)
        return self.add("roll", actor, {"dice": notation, "purpose": purpose, "result": faces, "total": total,
                                        "source": "forum", "exchange": exchange})

    def declare(self, actor: str, step: str, maneuver: str = "pass", *, exchange: int = 1, **fields: Any) -> Round:
        return self.add("order", actor, {"exchange": exchange, "step": step, "maneuver": maneuver, **fields})

    def attack(self, actor: str, maneuver: str, zone: str, *, reflex: int = 0, skill: int = 0, exchange: int = 1,
               target: str | None = None, **fields: Any) -> Round:
        return self.declare(actor, "attack", maneuver, exchange=exchange, zone=zone,
                            target=target or ("VSE" if actor == "RAT" else "RAT"),
                            dice={"reflex": reflex, "skill": skill}, **fields)

    def defend(self, actor: str, maneuver: str, *, reflex: int = 0, skill: int = 0, exchange: int = 1,
               **fields: Any) -> Round:
        return self.declare(actor, "defence", maneuver, exchange=exchange, dice={"reflex": reflex, "skill": skill},
                            **fields)

    def choice(self, actor: str | None, name: str, value: Any, **key: Any) -> Round:
        return self.add("choice", actor, {"name": name, "value": value, **key})

    def resolve(self, state: Fight, options: SkirmishOptions | None = None) -> Stop:
        return run(RULESET.resolve, RULESET.evolve, state, self.turn, TurnInputs.of(self.turn, self.events),
                   options or RULESET.options(), "g")


def payloads(stop: Stop, kind: str) -> list[dict[str, Any]]:
    return [d.payload for d in stop.drafts if d.type == f"skirmish.{kind}"]


def asked(stop: Stop) -> list[tuple[str | None, str, dict[str, Any]]]:
    return [(r.actor, r.name, r.key_dict) for r in stop.requests]


def why_stopped(stop: Stop) -> str:
    return f"{stop.error} / {asked(stop)}"
