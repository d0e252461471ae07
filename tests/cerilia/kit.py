"""Building Cerilia battles for tests: stacks placed as a scenario's table gives them, inputs as the log holds
them, a turn resolved through the core's `run` (nothing appended, nothing drawn)."""

from __future__ import annotations

from typing import Any

from eventlog.envelope import Event
from replay.context import TurnInputs, run
from replay.ruleset import get
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import Battle, Setup, Stack, Unit, new_battle

RULES = get("cerilia@1")
PLAYERS = {"A": "alice", "D": "bob"}


def battle(round_: int = 1, fortification: dict[str, Any] | None = None, terrain: dict[str, str] | None = None
           ) -> Battle:
    state = new_battle(Setup(players=PLAYERS))
    state.round = round_ - 1
    state.spent = {"A": 20, "D": 20}
    state.commitment = {"A": "x", "D": "x"}
    state.fortification = fortification
    state.terrain = dict(terrain or {})
    return state


def troop(state: Battle, uid: str, location: str, sign: str | None = "B", damage: int = 0, target: str | None = None,
          since: int | None = None, **flags: Any) -> Stack:
    """A troop stack `A-In-1` at `C2-1` (or `pool`, `RA-1`)."""
    side, card, _ = uid.split("-")
    mp = tables().units[card].mp
    state.units[uid] = Unit(uid, side, "troop", card, sign=sign, damage=damage, mp=mp, mp_max=mp,
                            ever_deployed=location != "pool")
    stack = Stack(uid, side, [uid], location=location, melee_target=target, engaged_since=since, **flags)
    state.stacks[uid] = stack
    return stack


def character(state: Battle, cid: str, side: str, host: str | None = None, location: str = "pool",
              sign: str | None = "B", damage: int = 0) -> None:
    card = tables().characters[cid]
    state.join_counter += 1
    state.units[cid] = Unit(cid, side, "character", cid, sign=sign, damage=damage, mp=card.mp, mp_max=card.mp,
                            join_seq=state.join_counter, spell_stock=dict(card.spells))
    if host is None:
        state.stacks[cid] = Stack(cid, side, [cid], location=location)
    else:
        state.stacks[host].members.append(cid)


class Log:
    """Inputs of one turn as the log holds them (seq from 100 on)."""

    def __init__(self, turn: int):
        self.turn = turn
        self.events: list[Event] = []

    def _add(self, type_: str, actor: str | None, payload: dict[str, Any]) -> Log:
        seq = 100 + len(self.events)
        self.events.append(Event("t", seq, type_, self.turn, actor, payload, None, "", "", "", None, None, 2))
        return self

    def order(self, side: str, step: str, *lines: dict[str, Any]) -> Log:
        return self._add("order", PLAYERS[side], {"step": step, "lines": list(lines)})

    def p0(self, side: str, **payload: Any) -> Log:
        return self._add("order", PLAYERS[side], {"step": "P0", **payload})

    def d9(self, side: str, unit: str, value: int) -> Log:
        return self._add("roll", PLAYERS[side], {"dice": "D9", "purpose": "attack", "result": [value],
                                                 "total": value, "source": "forum", "unit": unit})

    def roll(self, side: str, dice: str, purpose: str, unit: str, value: int) -> Log:
        return self._add("roll", PLAYERS[side], {"dice": dice, "purpose": purpose, "result": [value],
                                                 "total": value, "source": "forum", "unit": unit})

    def choice(self, side: str, name: str, stack: str, value: Any) -> Log:
        return self._add("choice", PLAYERS[side], {"name": name, "value": value, "stack": stack})

    def reveals(self, state: Battle) -> Log:
        """Both sides' after-battle reveals (§3 rule 1) of the troops `state` holds; the state's commitments and
        totals are set to match them, as Phase 0 would have sealed them."""
        from replay.rulesets.cerilia.setup import commitment

        for side in ("A", "D"):
            units = [{"id": u.id, "card": u.card} for u in state.units.values() if u.kind == "troop" and u.side == side]
            salt = f"{side}-salt-of-the-kit"
            state.commitment[side] = commitment(units, salt)
            state.spent[side] = sum(tables().units[u["card"]].cost for u in units)
            self._add("order", PLAYERS[side], {"step": "reveal", "units": units, "salt": salt})
        return self

    def ruling(self, **payload: Any) -> Log:
        return self._add("ruling", None, payload)

    def inputs(self) -> TurnInputs:
        return TurnInputs.of(self.turn, self.events)


def resolve(state: Battle, log: Log, options: dict[str, Any] | None = None):
    """The core's run of one turn: (stop, end state, resolution payloads by type)."""
    stop = run(RULES.resolve, RULES.evolve, state, log.turn, log.inputs(), RULES.options(options))
    return stop


def of_type(stop, name: str) -> list[dict[str, Any]]:
    return [d.payload for d in stop.drafts if d.type == f"cerilia.{name}"]


def at(stop, sid: str) -> str | None:
    st = stop.state.stacks.get(sid)
    return None if st is None else st.location
