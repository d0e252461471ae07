"""Building warband states and recorded inputs the way the rulebook's examples give them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Event
from replay.context import Context, TurnInputs, Waiting
from replay.rulesets.warband import model
from replay.rulesets.warband.evolve import evolve
from replay.rulesets.warband.model import State, WarbandOptions

OPTIONS = WarbandOptions()


def warrior(wid: str, side: str, kind: str, x: float, y: float, facing: float = 90.0, *, items: list[str] | None = None,
            mount: str | None = None) -> dict[str, Any]:
    return {"id": wid, "side": side, "type": kind, "x": x, "y": y, "facing": facing, "equipment": items or [],
            "mount": mount}


def state(*warriors: dict[str, Any], terrain: list[dict[str, Any]] | None = None, turn: int = 2,
          stage: str = "movement", sides: str = "AB") -> State:
    """Sides A (home edge S) and B (home edge N) — C (E) and D (W) when asked — on a 120 × 90 table, the warriors
    deployed where given, day."""
    edges = {"A": "S", "B": "N", "C": "E", "D": "W"}
    setup = {"table": {"width": 120, "depth": 90},
             "sides": [{"id": x, "home_edge": edges[x]} for x in sides],
             "warriors": [{k: w[k] for k in ("id", "side", "type", "equipment", "mount")} for w in warriors],
             "terrain": terrain or []}
    s = model.new_state(model.Setup.model_validate(setup))
    s = replace(s, turn=turn, stage=stage, status="running",
                sides=tuple(replace(x, turn_order_pos=i) for i, x in enumerate(s.sides, 1)))
    for w in warriors:
        s = s.with_warrior(replace(s.warrior(w["id"]), x=w["x"], y=w["y"], facing=w["facing"], deployed=True))
    return s


class Inputs:
    """Recorded inputs of one turn, written like a GM types them."""

    def __init__(self, turn: int):
        self.turn = turn
        self.events: list[Event] = []

    def _add(self, type_: str, actor: str | None, payload: dict[str, Any]) -> Inputs:
        seq = len(self.events) + 10
        self.events.append(Event("g", seq, type_, self.turn, actor, payload, None, "", "", "", None, None, 2))
        return self

    def order(self, actor: str, **payload: Any) -> Inputs:
        return self._add("order", actor, payload)

    def roll(self, actor: str | None, purpose: str, *dice: int, **key: Any) -> Inputs:
        return self._add("roll", actor, {"dice": f"{len(dice)}d6", "purpose": purpose, "result": list(dice),
                                         "total": sum(dice), "source": "forum", **key})

    def choice(self, actor: str | None, name: str, value: Any, **key: Any) -> Inputs:
        return self._add("choice", actor, {"name": name, "value": value, **key})

    def context(self, start: State) -> Context:
        return Context(TurnInputs.of(self.turn, self.events), start, evolve, "g")


def run(start: State, inputs: Inputs, step: Any) -> tuple[Context, Waiting | None]:
    """Run `step(ctx)`; returns the context and the Waiting it stopped at (or None)."""
    ctx = inputs.context(start)
    try:
        step(ctx)
    except Waiting as w:
        return ctx, w
    return ctx, None


def of_type(ctx: Context, type_: str) -> list[dict[str, Any]]:
    return [d.payload for d in ctx.drafts if d.type == type_]
