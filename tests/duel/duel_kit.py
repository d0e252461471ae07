"""Helpers for the duel's tests: states, hand-made input events, one turn resolved and folded.

Stacks are written in the spec's letters: A attack, D defense, I initiative, F feint, C counter, R rest.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft, Event
from replay.inputs import Inputs, TurnInputs
from replay.rulesets.duel import Duel
from replay.rulesets.duel.evolve import evolve
from replay.rulesets.duel.model import Duelist, DuelOptions, DuelState, starting_stamina
from replay.rulesets.duel.resolve import resolve

RULESET = Duel()
ITEM = {"A": "attack", "D": "defense", "I": "initiative", "F": "feint", "C": "counter", "R": "rest"}
LETTER = {v: k for k, v in ITEM.items()}


def items(letters: str) -> list[str]:
    return [ITEM[c] for c in letters.replace(" ", "").replace(",", "")]


def duelist(
    id: str, traits: tuple[str, ...] = ("cautious", "killer_blow"), stamina: int | None = None,
    stamina_max: int | None = None, penalty: int = 0, **more: Any,
) -> Duelist:
    full = starting_stamina(traits)
    return Duelist(
        id, f"Шевалье {id}", tuple(traits), {}, full if stamina is None else stamina,
        full if stamina_max is None else stamina_max, penalty, **more,
    )


def state(a: Duelist | None = None, b: Duelist | None = None, advantage: str | None = None,
          turn: int = 0) -> DuelState:
    return DuelState((a or duelist("A"), b or duelist("B")), turn=turn, advantage=advantage)


class Log:
    """Hand-made input events of one turn, numbered from `seq`."""

    def __init__(self, turn: int = 1, seq: int = 10):
        self.turn, self.seq, self.events = turn, seq, []

    def add(self, type: str, actor: str | None, payload: dict[str, Any]) -> Log:
        self.seq += 1
        self.events.append(Event("g", self.seq, type, self.turn, actor, payload, None, "", "", ""))
        return self

    def order(self, actor: str, stack: str, stake: str | None = "high", **activate: Any) -> Log:
        payload: dict[str, Any] = {"stack": items(stack)}
        if stake is not None:
            payload["stake"] = stake
        if activate:
            payload["activate"] = activate
        return self.add("order", actor, payload)

    def roll(self, actor: str, value: int, stake: str | None = None) -> Log:
        payload: dict[str, Any] = {"dice": "1d100", "purpose": "stake", "result": [value], "total": value,
                                   "source": "forum"}
        if stake is not None:
            payload["stake"] = stake
        return self.add("roll", actor, payload)

    def choice(self, actor: str | None, name: str, value: str, **key: Any) -> Log:
        return self.add("choice", actor, {"name": name, "value": value, **key})

    @property
    def recorded(self) -> TurnInputs:
        return TurnInputs(self.turn, tuple(self.events))

    def draft(self, type: str, actor: str | None, payload: dict[str, Any]) -> Draft:
        return Draft(type, payload, self.turn, actor)


def as_events(drafts: list[Draft], seq: int = 100) -> list[Event]:
    return [Event("g", seq + i, d.type, d.turn, d.actor, d.payload, d.cause, "", "", "") for i, d in enumerate(drafts)]


def fold(s: DuelState, drafts: list[Draft]) -> DuelState:
    for e in as_events(drafts):
        s = evolve(s, e)
    return s


def play(s: DuelState, log: Log, **options: Any) -> tuple[list[Draft], DuelState]:
    """Resolve the turn from the log's inputs and fold its events."""
    drafts = resolve(s, log.turn, Inputs(log.recorded), DuelOptions(**options))
    return drafts, fold(s, drafts)


def only(drafts: list[Draft], type: str) -> list[dict[str, Any]]:
    return [d.payload for d in drafts if d.type == type]


def one(drafts: list[Draft], type: str) -> dict[str, Any]:
    found = only(drafts, type)
    assert len(found) == 1, f"{len(found)} {type} events"
    return found[0]


def obtained(payload: dict[str, Any]) -> dict[int, str]:
    """An obtained set as {position: letter}."""
    return {pos: LETTER[item] for pos, item in payload["obtained"]}


def strikes(drafts: list[Draft]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(p["attacker"], p["defender"]): p for p in only(drafts, "duel.strike")}


def changed(d: Duelist, **values: Any) -> Duelist:
    return replace(d, **values)


def test_kit_letters_round_trip() -> None:
    assert items("IAADFR") == ["initiative", "attack", "attack", "defense", "feint", "rest"]
    assert "".join(LETTER[i] for i in items("C R")) == "CR"


def test_kit_log_numbers_events() -> None:
    log = Log(seq=4).order("A", "AAAADD").roll("A", 50)
    assert [e.seq for e in log.events] == [5, 6]
