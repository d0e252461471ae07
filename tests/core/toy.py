"""A toy ruleset for testing the core without any real rulebook: guess the coin.

Each turn both players order a guess ("heads"/"tails"), the GM rolls 1d2 (1 = heads), every right guess scores 1.
Option `points` (default 1) is what a right guess scores. The game ends after `turns` turns (setup field), and a
tie at the end is settled by a `tiebreak` choice of the GM.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from eventlog.envelope import Draft, Event
from replay.inputs import Inputs, TurnInputs
from replay.render.text import Doc
from replay.ruleset import FrameView, Options, Parsed, Ruleset, TurnView, register


class ToyOptions(Options):
    points: int = 1


@dataclass(frozen=True, slots=True)
class ToyState:
    turn: int
    turns: int
    score: tuple[tuple[str, int], ...]
    result: str | None


class Toy(Ruleset):
    id = "toy"
    version = 1
    title = "Guess the coin"
    rulebook = "-"
    OptionsModel = ToyOptions
    option_defaults = {"points": "T1"}
    default_roll_purpose = "coin"
    resolution_types = frozenset({"toy.flip", "toy.end"})

    def validate_setup(self, setup: dict[str, Any]) -> list[str]:
        players, turns = setup.get("players"), setup.get("turns", 3)
        problems = [] if isinstance(players, list) and len(players) == 2 and len(set(map(repr, players))) == 2 and all(
            isinstance(p, str) and p for p in players) else ["setup.players: two player ids"]
        if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 1000:
            problems.append("setup.turns: a number of turns, 1 to 1000")
        return problems

    def initial(self, setup: dict[str, Any], options: Options) -> ToyState:
        return ToyState(0, int(setup.get("turns", 3)), tuple((p, 0) for p in setup["players"]), None)

    def state_json(self, state: ToyState) -> dict[str, Any]:
        return {"turn": state.turn, "turns": state.turns, "score": dict(state.score), "result": state.result}

    def state_from_json(self, data: dict[str, Any]) -> ToyState:
        return ToyState(data["turn"], data["turns"], tuple(data["score"].items()), data["result"])

    def current_turn(self, state: ToyState) -> int | None:
        return None if state.result is not None else state.turn + 1

    def actors(self, state: ToyState) -> list[str]:
        return [p for p, _ in state.score]

    def check_input(self, state: ToyState, turn: TurnInputs, draft: Draft, options: Options) -> list[str]:
        if draft.type == "order" and draft.payload.get("guess") not in ("heads", "tails"):
            return ["§1: guess is heads or tails"]
        if draft.type == "roll" and draft.payload.get("dice") != "1d2":
            return ["§2: the coin is 1d2"]
        return []

    def resolve(self, state: ToyState, turn: int, inputs: Inputs, options: Options) -> list[Draft]:
        orders = inputs.need_orders([p for p, _ in state.score])
        guesses = {p: e.payload["guess"] for p, e in orders.items()}
        coin = inputs.roll("1d2", actor=None, purpose="coin")
        side = "heads" if coin.payload["result"][0] == 1 else "tails"
        score = {p: s + (options.points if guesses[p] == side else 0) for p, s in state.score}
        out = [Draft("toy.flip", {"side": side, "score": score, "why": [f"1d2={coin.payload['result'][0]} -> {side}"],
                                  "rule": "§2", "defaults": ["T1"]}, turn, None, coin.seq)]
        if turn == state.turns:
            a, b = score.values()
            if a != b:
                winner = max(score, key=score.__getitem__)
            else:
                winner = inputs.choice("tiebreak", actor=None, options=list(score))
            out.append(Draft("toy.end", {"winner": winner, "why": [f"score {score}"], "rule": "§3",
                                         "defaults": []}, turn))
        return out

    def evolve(self, state: ToyState, event: Event) -> ToyState:
        if event.type == "toy.flip":
            return replace(state, turn=event.turn, score=tuple(event.payload["score"].items()))
        if event.type == "toy.end":
            return replace(state, result=event.payload["winner"])
        raise ValueError(event.type)

    def parse_order(self, text: str, state: ToyState, actor: str) -> Parsed:
        word = text.strip().lower()
        return Parsed({"guess": word}) if word in {"heads", "tails"} else Parsed(None, [f"not a guess: {text!r}"])

    def frame(self, view: FrameView) -> str:
        return f"<svg><desc>{view.turn}/{view.step}</desc></svg>"

    def post(self, view: TurnView, lang: str) -> Doc:
        return Doc().h(f"Turn {view.turn}").p(str(self.state_json(view.after)["score"]))


TOY = register(Toy())
