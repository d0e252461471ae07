"""Test helpers for the knights ruleset: build states as the spec's scenarios state them, run turns."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft, Event
from replay.inputs import Inputs, TurnInputs
from replay.rulesets.knights import Knights
from replay.rulesets.knights.evolve import apply
from replay.rulesets.knights.model import KnightsOptions, Lady, Limit, Pose, State, kit_functions

RULES = Knights()
DIRS = {"N": 0, "NE": 1, "E": 2, "SE": 3, "S": 4, "SW": 5, "W": 6, "NW": 7}


def setup(**over: Any) -> dict[str, Any]:
    """A legal game.created setup: red (alice) and blue (bob), three knights each."""
    base: dict[str, Any] = {
        "lances": [
            {"player": "alice", "name": "Red Lance", "color": "#c03030", "knights": [
                {"id": "r1", "name": "Sir Aster", "heraldry": "a green oak", "domain": "forest", "oath": "leadership"},
                {"id": "r2", "name": "Sir Moss", "heraldry": "grey peaks", "domain": "rock", "oath": "mercy"},
                {"id": "r3", "name": "Sir Pell", "heraldry": "waves", "domain": "water", "oath": "love"},
            ]},
            {"player": "bob", "name": "Blue Lance", "color": "#3050c0", "knights": [
                {"id": "b1", "name": "Dame Tide", "heraldry": "a blue wave", "domain": "water", "oath": "bravery"},
                {"id": "b2", "name": "Dame Vale", "heraldry": "pines", "domain": "forest", "oath": "loyalty"},
                {"id": "b3", "name": "Dame Quarry", "heraldry": "a rock", "domain": "rock", "oath": "leadership"},
            ]},
        ],
        "challenger": "alice",
        "edges": {"alice": "left", "bob": "right"},
    }
    base.update(over)
    return base


def knight_spec(kid: str, player: str, domain: str, oath: str, pose: tuple[float, float, str] | None,
                accel: int = 1, damaged: tuple[str, ...] = (), name: str | None = None,
                location: str | None = None) -> dict[str, Any]:
    return {"id": kid, "player": player, "domain": domain, "oath": oath, "pose": pose, "accel": accel,
            "damaged": damaged, "name": name or kid, "location": location}


def state(knights: list[dict[str, Any]], limits: list[tuple[str, tuple[int, int, int, int]]] | None = None,
          turn: int = 5, ladies: list[Lady] | None = None, acted: tuple[str, ...] = ()) -> State:
    """A mid-battle state: red = alice (Challenger, left edge), blue = bob (Responder, right edge).

    The scenario's knights fill each lance's slots in order; empty slots get reserve knights parked far away.
    """
    st = RULES.initial(setup(), KnightsOptions())
    parked = {"alice": [(3, 3, 4), (3, 20, 0), (6, 3, 4)], "bob": [(21, 3, 4), (18, 3, 4), (15, 3, 4)]}
    out = []
    for lance in st.lances:
        mine = [s for s in knights if s["player"] == lance.player]
        for slot, kid in enumerate(lance.knights):
            k = st.knight(kid)
            if slot >= len(mine):
                x, y, f = parked[lance.player][slot]
                out.append(replace(k, id=f"{lance.player[0]}x{slot}", name=f"Reserve {lance.player} {slot}",
                                   oath=f"reserve{slot}", pose=Pose(x, y, f), location="field"))
                continue
            spec = mine[slot]
            pose = spec["pose"]
            out.append(replace(
                k, id=spec["id"], name=spec["name"], domain=spec["domain"], oath=spec["oath"],
                pose=None if pose is None else Pose(pose[0], pose[1], DIRS[pose[2]]),
                location=spec["location"] or ("field" if pose is not None else "outflank"),
                accel=spec["accel"], damaged=frozenset(spec["damaged"]),
            ))
    lances = tuple(replace(lance, knights=tuple(k.id for k in out if k.player == lance.player))
                   for lance in st.lances)
    lim = tuple(Limit(f"L{i + 1}", t, r, "") for i, (t, r) in enumerate(limits or []))
    return replace(st, knights=tuple(out), lances=(lances[0], lances[1]), limits=lim, ladies=tuple(ladies or []),
                   turn=turn, stage="planning", acted_last_turn=frozenset(acted))


_SEQ = [0]


def event(type_: str, payload: dict[str, Any], turn: int, actor: str | None) -> Event:
    _SEQ[0] += 1
    return Event("g", _SEQ[0], type_, turn, actor, payload, None, "2024-01-01T00:00:00Z", "0" * 64, "0" * 64)


def order(actor: str, turn: int = 5, **payload: Any) -> Event:
    return event("order", payload, turn, actor)


def choice(actor: str, name: str, value: Any, turn: int = 5, **key: Any) -> Event:
    return event("choice", {"name": name, "value": value, **key}, turn, actor)


def roll(purpose: str, total: int, turn: int = 5, actor: str | None = None) -> Event:
    return event("roll", {"dice": "1d2", "purpose": purpose, "result": [total], "total": total,
                          "source": "manual"}, turn, actor)


def resolve(st: State, turn: int, inputs: list[Event], options: KnightsOptions | None = None,
            live: bool = False) -> tuple[list[Draft], State]:
    """Resolve a turn from recorded inputs; return the drafts and the folded state."""
    def draw(d: Draft) -> Event:
        raise AssertionError("no engine dice in tests")

    ins = Inputs(TurnInputs(turn, tuple(inputs)), draw=draw if live else None)
    drafts = RULES.resolve(st, turn, ins, options or KnightsOptions())
    for d in drafts:
        st = apply(st, d.type, d.payload)
    return drafts, st


def of(drafts: list[Draft], type_: str) -> list[dict[str, Any]]:
    return [d.payload for d in drafts if d.type == type_]


def full_kit() -> tuple[str, ...]:
    return kit_functions()
