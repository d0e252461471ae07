"""`table3@1`: a toy ruleset that uses every capability of the core, small enough to read as documentation.

Three players A, B, C and a GM. Units 1–4 are A's, 5–8 B's, 9–12 C's. A turn has two phases:

muster (§1–§3)
  §1 every player orders a stance, `attack` or `hold`; C also names the `target` of an ambush (`attack A`).
     C's order may be sealed (`battlelog order --seal`): it is a secret until the clash, where it is revealed.
  §2 every player rolls 1d6 `rally` on the forum; the GM rolls 1d6 for every unit (purpose `unit`, key `unit`).
     The dice policy is the game's (a forum game waits for them; nothing is ever drawn by looking).
  §3 a player's strength = the dice of their four units + their rally (event `table3.muster`, public); C's scouts
     then report the weakest of A and B to C alone (event `table3.intel`, visible to C; the state's `intel` is
     shown to C and the GM only).
clash (§4–§5)
  §4 C's order must be revealed; B chooses which side to outflank, `flank` = A or C (default A: the GM may rule
     the default on a forum time-out, it is never applied by itself).
  §5 total = strength + 2 for attack (+1 for hold), −3 for the player C ambushes, −2 for the one B outflanks;
     the `winner` is the highest total (ties: A before B before C), a computed decision the GM may override;
     the winner scores 1 (event `table3.clash`). After the last turn (setup `turns`) the best score wins
     (`table3.end`; a tie is a draw).

Requests, in the order the rules ask: muster — the orders (A, B, C; none from C while C's is sealed), the rallies
(A, B, C), the units 1..12 (GM), all at once; clash — C's reveal (if sealed) and B's flank, at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from eventlog.envelope import Draft, Event
from replay.context import Context, MissingInput, Waiting
from replay.render.text import Doc
from replay.ruleset import FrameView, Options, Parsed, Point, Ruleset, TurnView, register

PLAYERS = ("A", "B", "C")
UNITS = {"A": (1, 2, 3, 4), "B": (5, 6, 7, 8), "C": (9, 10, 11, 12)}
STANCES = {"attack": 2, "hold": 1}


@dataclass(frozen=True)
class TableState:
    turn: int
    """The last closed turn."""
    turns: int
    strength: dict[str, int]
    score: dict[str, int]
    intel: dict[str, Any] | None
    """C's secret: what C's scouts reported (None before any report, or for a viewer who may not see it)."""
    result: str | None


def _all(*asks: Callable[[], Any]) -> list[Any]:
    """Run several asks; when any waits, wait for everything they all miss at once (so `status` lists it all)."""
    out, missing = [], []
    for ask in asks:
        try:
            out.append(ask())
        except Waiting as w:
            missing += w.requests
    if missing:
        raise Waiting(requests=missing)
    return out


class Table3(Ruleset):
    id = "table3"
    version = 1
    title = "Three at the table (toy)"
    rulebook = "-"
    phases = ("muster", "clash")
    decisions = {"winner": "who wins the clash (§5)"}
    resolution_types = frozenset({"table3.muster", "table3.intel", "table3.clash", "table3.end"})

    # --- setup and state -----------------------------------------------------------------------------------
    def validate_setup(self, setup: dict[str, Any]) -> list[str]:
        problems = []
        if setup.get("players") != list(PLAYERS):
            problems.append('setup.players: exactly ["A", "B", "C"]')
        if not isinstance(setup.get("turns", 2), int) or not 1 <= setup.get("turns", 2) <= 9:
            problems.append("setup.turns: 1..9")
        return problems

    def initial(self, setup: dict[str, Any], options: Options) -> TableState:
        zero = dict.fromkeys(PLAYERS, 0)
        return TableState(0, int(setup.get("turns", 2)), zero, zero, None, None)

    def state_json(self, state: TableState) -> dict[str, Any]:
        return {"turn": state.turn, "turns": state.turns, "strength": state.strength, "score": state.score,
                "intel": state.intel, "result": state.result}

    def state_from_json(self, data: dict[str, Any]) -> TableState:
        return TableState(**data)

    def current_turn(self, state: TableState) -> int | None:
        return None if state.result is not None else state.turn + 1

    def actors(self, state: TableState) -> list[str]:
        return list(PLAYERS)

    def view_state(self, state: TableState, viewer: str | None) -> TableState:
        return state if viewer in ("C", "gm") else replace(state, intel=None)

    # --- inputs ------------------------------------------------------------------------------------------------
    def check(self, point: Point, draft: Draft, options: Options) -> list[str]:
        p, who = draft.payload, draft.actor
        if draft.type == "order":
            problems = [] if p.get("stance") in STANCES else ["§1: stance is attack or hold"]
            if who == "C" and p.get("target") not in ("A", "B"):
                problems.append("§1: C's order names the target of the ambush, A or B")
            if who != "C" and "target" in p:
                problems.append(f"§1: only C ambushes; {who}'s order has no target")
            return problems
        if draft.type == "roll":
            if p.get("dice") != "1d6":
                return [f"§2: a {p.get('purpose')} roll is 1d6, not {p.get('dice')}"]
            if p.get("purpose") == "rally":
                return [] if who in PLAYERS else ["§2: a rally is a player's roll (give --actor)"]
            if p.get("purpose") == "unit":
                if who is not None:
                    return ["§2: the GM rolls the units (no --actor)"]
                return [] if p.get("unit") in range(1, 13) else ["§2: unit is a number 1..12 (--field unit=3)"]
            return [f"§2: the rolls are rally and unit, not {p.get('purpose')!r}"]
        if draft.type == "choice":
            if p.get("name") != "flank" or who != "B":
                return ["§4: the only choice is B's flank"]
            if not any(r.kind == "choice" and r.name == "flank" for r in point.requests):
                return ["§4: B chooses the flank in the clash, once the muster is resolved (not asked yet)"]
            return [] if p.get("value") in ("A", "C") else ["§4: flank is A or C"]
        return []

    def parse_order(self, text: str, state: TableState, actor: str) -> Parsed:
        words = text.lower().split()
        if not words or words[0] not in STANCES:
            return Parsed(None, [f"§1: an order starts with attack or hold, not {text.strip()[:20]!r}"])
        order: dict[str, Any] = {"stance": words[0]}
        if actor == "C":
            if len(words) != 2 or words[1].upper() not in ("A", "B"):
                return Parsed(None, ["§1: C's order names the target of the ambush: `attack A`"])
            order["target"] = words[1].upper()
        elif len(words) != 1:
            return Parsed(None, [f"§1: {actor}'s order is one word, attack or hold"])
        return Parsed(order)

    # --- the rules ---------------------------------------------------------------------------------------------
    def resolve(self, state: TableState, turn: int, ctx: Context, options: Options) -> None:
        ctx.set_phase("muster")
        sealed = ctx.recorded.sealed()
        orders, rallies, units = _all(
            lambda: ctx.need_orders([p for p in PLAYERS if p not in sealed]),
            lambda: ctx.need_rolls([("1d6", p, "rally", {}) for p in PLAYERS]),
            lambda: ctx.need_rolls([("1d6", None, "unit", {"unit": u}, f"unit {u}") for u in range(1, 13)]),
        )
        rally = dict(zip(PLAYERS, (r.payload["total"] for r in rallies), strict=True))
        die = {u: r.payload["total"] for u, r in zip(range(1, 13), units, strict=True)}
        strength = {p: sum(die[u] for u in UNITS[p]) + rally[p] for p in PLAYERS}
        why = [f"{p}: units {'+'.join(str(die[u]) for u in UNITS[p])} + rally {rally[p]} = {strength[p]}"
               for p in PLAYERS]
        ctx.emit(Draft("table3.muster", {"strength": strength, "why": why, "rule": "§3"}))
        weakest = min(("A", "B"), key=lambda p: (strength[p], p))
        ctx.emit(Draft("table3.intel", {"weakest": weakest, "strength": strength[weakest],
                                        "why": [f"the scouts find {weakest} weakest ({strength[weakest]})"],
                                        "rule": "§3"}, visible=("C",)))

        ctx.set_phase("clash")
        c_order, flank = _all(
            lambda: ctx.need_orders(["C"])["C"],
            lambda: ctx.choice("flank", actor="B", options=["A", "C"], default="A", what="which side B outflanks"),
        )
        stance = {**{p: orders[p].payload["stance"] for p in orders}, "C": c_order.payload["stance"]}
        target = c_order.payload["target"]
        total = {p: strength[p] + STANCES[stance[p]] - 3 * (p == target) - 2 * (p == flank) for p in PLAYERS}
        computed = max(PLAYERS, key=lambda p: (total[p], -PLAYERS.index(p)))
        winner = ctx.decide("winner", computed)
        ruled = ctx.overridden("winner")
        if winner not in PLAYERS:
            raise MissingInput(f"turn {turn}: the ruling at seq {ruled.seq if ruled else '?'} makes {winner!r} the "
                               "winner, not one of A, B, C")
        why = [f"{p}: {strength[p]} + {STANCES[stance[p]]} ({stance[p]})" + (" − 3 (ambush)" if p == target else "")
               + (" − 2 (flanked)" if p == flank else "") + f" = {total[p]}" for p in PLAYERS]
        why.append(f"winner {computed}" if ruled is None else
                   f"rules: {computed}; GM ruling (seq {ruled.seq}): {winner}")
        ctx.emit(Draft("table3.clash", {"totals": total, "winner": winner, "why": why, "rule": "§5",
                                        "ruling": None if ruled is None else ruled.seq}))
        if turn == state.turns:
            score = {p: state.score[p] + (p == winner) for p in PLAYERS}
            best = [p for p in PLAYERS if score[p] == max(score.values())]
            ctx.emit(Draft("table3.end", {"winner": best[0] if len(best) == 1 else "draw", "why": [f"score {score}"],
                                          "rule": "§5"}))

    def validate_event(self, type_: str, payload: dict[str, Any]) -> list[str]:
        if type_ == "table3.clash" and payload.get("winner") not in PLAYERS:
            return ["winner: one of A, B, C"]
        if type_ == "table3.muster" and set(payload.get("strength") or {}) != set(PLAYERS):
            return ["strength: a number for each of A, B, C"]
        return []

    def evolve(self, state: TableState, event: Event) -> TableState:
        p = event.payload
        if event.type == "table3.muster":
            return replace(state, strength=dict(p["strength"]))
        if event.type == "table3.intel":
            return replace(state, intel={"weakest": p["weakest"], "strength": p["strength"]})
        if event.type == "table3.clash":
            score = {k: v + (k == p["winner"]) for k, v in state.score.items()}
            return replace(state, turn=event.turn, score=score)
        if event.type == "table3.end":
            return replace(state, result=p["winner"])
        raise ValueError(f"table3 has no event {event.type!r}")

    # --- what people see ---------------------------------------------------------------------------------------
    def frame(self, view: FrameView) -> str:
        from xml.sax.saxutils import escape

        s = self.state_json(view.state)
        return (f"<svg xmlns='http://www.w3.org/2000/svg'><text>turn {view.turn} step {view.step}/{view.steps}: "
                f"{escape(str(s['score']))} intel {escape(str(s['intel']))}</text></svg>")

    def post(self, view: TurnView, lang: str) -> Doc:
        doc = Doc().h(f"Turn {view.turn}" + (f", {view.phase}" if view.phase else ""))
        doc.ul([f"{e.actor or 'GM'}: {e.type} {e.payload}" for e in view.inputs] or ["(no inputs)"])
        for e in view.resolutions:  # what the core hands over for this viewer
            doc.p(f"{e.type}: " + "; ".join(e.payload.get("why", [])))
        after = self.state_json(view.after)
        doc.table(["", *PLAYERS], [["strength", *map(str, after["strength"].values())],
                                   ["score", *map(str, after["score"].values())]])
        return doc


TABLE3 = register(Table3())
