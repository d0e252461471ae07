"""Inputs are pulled, not pushed: a resolver asks for the orders, rolls and choices it needs.

Recorded inputs are matched by who and what for (`actor`, `purpose` or choice `name`, plus any key fields such as
the unit concerned) and by their order within that key, never by their position in the log. Live, a missing roll is
drawn from the game's engine dice; a missing choice stops resolution with a `Waiting` naming who must choose what.

Payload conventions (the public log format):
- order:          the ruleset's order fields (`order.revealed` carries {"order": {...}, "salt": "..."})
- roll:           {"dice": "1d100", "purpose": "stake", "result": [72], "total": 72, "source": "engine|forum|manual",
                   "link": optional, plus key fields (e.g. "unit") and ruleset fields (e.g. "stake")}
- choice:         {"name": "finish_off", "value": "kill", plus key fields}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from eventlog.envelope import Draft, Event
from eventlog.errors import BattlelogError


class Waiting(BattlelogError):
    """Resolution needs an input nobody has given yet (live play)."""

    exit_code = 5

    def __init__(self, actor: str | None, what: str, options: list[Any] | None = None):
        self.actor, self.what, self.options = actor, what, list(options or [])
        opts = f" ({', '.join(map(str, self.options))})" if self.options else ""
        super().__init__(f"waiting for {actor or 'GM'}: {what}{opts}")


class MissingInput(BattlelogError):
    """Replay or audit found no recorded input where the resolver asked for one."""


def _matches(payload: dict[str, Any], key: dict[str, Any]) -> bool:
    return all(payload.get(k) == v for k, v in key.items())


@dataclass(frozen=True)
class TurnInputs:
    """The inputs recorded for one turn, in log order (sealed orders already paired with their reveals)."""

    turn: int
    events: tuple[Event, ...] = ()

    def orders(self) -> dict[str, Event]:
        """actor -> the order in force (a later order of the same actor replaces an earlier one)."""
        out: dict[str, Event] = {}
        for e in self.events:
            if e.type == "order" and e.actor is not None:
                out[e.actor] = e
        return out

    def order(self, actor: str) -> dict[str, Any] | None:
        e = self.orders().get(actor)
        return None if e is None else e.payload

    def orders_of(self, actor: str) -> list[Event]:
        """Every order of `actor` in log order (for turns where one player gives several, like a setup turn)."""
        return [e for e in self.events if e.type == "order" and e.actor == actor]

    def sealed(self) -> dict[str, Event]:
        """actor -> the latest `order.sealed` that has no matching reveal yet."""
        out: dict[str, Event] = {}
        for e in self.events:
            if e.type == "order.sealed" and e.actor is not None:
                out[e.actor] = e
            elif e.type == "order" and e.actor in out and e.cause == out[e.actor].seq:
                del out[e.actor]
        return out

    def rolls(self, actor: str | None = None, purpose: str | None = None, **key: Any) -> list[Event]:
        return [
            e for e in self.events
            if e.type == "roll"
            and (actor is None or e.actor == actor)
            and (purpose is None or e.payload.get("purpose") == purpose)
            and _matches(e.payload, key)
        ]

    def choices(self, actor: str | None = None, name: str | None = None, **key: Any) -> list[Event]:
        return [
            e for e in self.events
            if e.type == "choice"
            and (actor is None or e.actor == actor)
            and (name is None or e.payload.get("name") == name)
            and _matches(e.payload, key)
        ]


Draw = Callable[[Draft], Event]
"""Live dice: given a roll draft without result, append-to-be the engine roll and return it as an event."""


@dataclass
class Inputs:
    """What a resolver pulls from. `draw` is set in live play; without it a missing roll is an error."""

    recorded: TurnInputs
    draw: Draw | None = None
    drawn: list[Event] = field(default_factory=list)
    _used: dict[tuple[Any, ...], int] = field(default_factory=dict)

    @property
    def turn(self) -> int:
        return self.recorded.turn

    @property
    def live(self) -> bool:
        return self.draw is not None

    def order(self, actor: str) -> dict[str, Any] | None:
        return self.recorded.order(actor)

    def order_event(self, actor: str) -> Event | None:
        return self.recorded.orders().get(actor)

    def rolls(self, actor: str, purpose: str, **key: Any) -> list[Event]:
        """Every recorded roll for (actor, purpose, key), in order (rerolls included)."""
        return self.recorded.rolls(actor, purpose, **key) + [
            e for e in self.drawn if e.actor == actor and e.payload.get("purpose") == purpose
            and _matches(e.payload, key)
        ]

    def roll(self, dice: str, *, actor: str | None, purpose: str, **key: Any) -> Event:
        """The next unused roll for (actor, purpose, key); live, a fresh engine roll when none is recorded."""
        k = ("roll", actor, purpose, tuple(sorted(key.items())))
        i = self._used.get(k, 0)
        found = self.rolls(actor, purpose, **key) if actor is not None else [
            e for e in self.recorded.rolls(None, purpose, **key) + self.drawn
            if e.payload.get("purpose") == purpose and _matches(e.payload, key)
        ]
        self._used[k] = i + 1
        if i < len(found):
            return found[i]
        if self.draw is None:
            what = ", ".join(f"{a}={b}" for a, b in key.items())
            raise MissingInput(
                f"turn {self.turn}: no recorded roll {dice} for {actor or 'GM'}, purpose {purpose}"
                + (f" ({what})" if what else "") + f" (#{i + 1})"
            )
        event = self.draw(Draft("roll", {"dice": dice, "purpose": purpose, **key}, self.turn, actor))
        self.drawn.append(event)
        return event

    def has_choice(self, name: str, *, actor: str | None, **key: Any) -> bool:
        """Whether a recorded choice for (name, actor, key) is still unused."""
        k = ("choice", actor, name, tuple(sorted(key.items())))
        return len(self.recorded.choices(actor, name, **key)) > self._used.get(k, 0)

    def choice(self, name: str, *, actor: str | None, options: list[Any], what: str | None = None,
               **key: Any) -> Any:
        """The next recorded choice `name` of `actor` (matched by key); stops with Waiting when none is left.

        `what` is how the Waiting message names the decision (default: the name with spaces).
        """
        return self.choice_event(name, actor=actor, options=options, what=what, **key).payload.get("value")

    def choice_event(self, name: str, *, actor: str | None, options: list[Any], what: str | None = None,
                     **key: Any) -> Event:
        """Like `choice`, but the recorded event itself (for a resolution's `cause`)."""
        k = ("choice", actor, name, tuple(sorted(key.items())))
        i = self._used.get(k, 0)
        found = self.recorded.choices(actor, name, **key)
        self._used[k] = i + 1
        if i < len(found):
            value = found[i].payload.get("value")
            if options and value not in options:
                raise MissingInput(
                    f"turn {self.turn}: choice {name} of {actor} is {value!r}, not one of "
                    + ", ".join(map(str, options))
                )
            return found[i]
        if self.draw is None:
            raise MissingInput(f"turn {self.turn}: no recorded choice {name} for {actor or 'GM'}")
        raise Waiting(actor, what or name.replace("_", " "), options)
