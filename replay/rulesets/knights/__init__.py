"""Mech-knight lances on a 24×24 F field (rulebook 000_78d07a7512d04a1c.txt, spec rules/knights.md).

The event payloads are documented at the top of `model.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from eventlog.envelope import Draft, Event
from replay.ruleset import FrameView, Options, Parsed, Point, Ruleset, TurnView, register
from replay.rulesets.knights import model
from replay.rulesets.knights.evolve import evolve
from replay.rulesets.knights.model import KnightsOptions, State

if TYPE_CHECKING:
    from pydantic import BaseModel

    from replay.inputs import Inputs, TurnInputs
    from replay.render.i18n import Catalogue
    from replay.render.text import Doc



class Knights(Ruleset):
    """The knights' descriptor: identity, options and the decider's functions."""

    id: ClassVar[str] = "knights"
    version: ClassVar[int] = 1
    title: ClassVar[str] = "Боевое Крещение на Миринской Равнине: лэнсы мех-рыцарей, тараны и клятвы"
    rulebook: ClassVar[str] = "000_78d07a7512d04a1c.txt"
    OptionsModel: ClassVar[type[Options]] = KnightsOptions
    option_defaults: ClassVar[dict[str, str]] = model.OPTION_DEFAULTS
    resolution_types: ClassVar[frozenset[str]] = model.RESOLUTION_TYPES

    # --- setup and state ---------------------------------------------------------------------------------------
    def setup_model(self) -> type[BaseModel]:
        from replay.rulesets.knights.boundary import Setup

        return Setup

    def initial(self, setup: dict[str, Any], options: Options) -> State:
        parsed = model.read_setup(setup)
        state = model.new_state(parsed, self.own(options).in_limits)
        if parsed.challenger is not None or parsed.edges is not None:
            from dataclasses import replace

            lances = tuple(
                replace(
                    lance,
                    role=None if parsed.challenger is None
                    else ("challenger" if lance.player == parsed.challenger else "responder"),
                    edge=None if parsed.edges is None else parsed.edges[lance.player],
                )
                for lance in state.lances
            )
            state = replace(state, lances=(lances[0], lances[1]))
        return state

    def state_json(self, state: State) -> dict[str, Any]:
        from replay.rulesets.knights import derive

        return model.state_to_json(state, derive.mass, derive.speed, derive.lance_honor)

    def state_from_json(self, data: dict[str, Any]) -> State:
        return model.state_from_json(data)

    def current_turn(self, state: State) -> int | None:
        return None if state.result is not None else state.turn

    def actors(self, state: State) -> list[str]:
        return state.players()

    # --- inputs and the rules ----------------------------------------------------------------------------------
    def check_input(self, state: State, turn: TurnInputs, draft: Draft, options: Options) -> list[str]:
        from replay.rulesets.knights.check import check_input

        return check_input(state, turn, draft, self.own(options))

    def check(self, point: Point, draft: Draft, options: Options) -> list[str]:
        """Turn 0 checks a placement against the field where the setup waits (the core's point); other turns as
        check_input."""
        from replay.rulesets.knights.check import check_input, check_setup_at
        from replay.rulesets.knights.setup import expected_of

        if point.turn == 0 and point.start.result is None:
            waiting = tuple(r for r in point.requests if r.kind != "reveal")
            return check_setup_at(point.state, expected_of(waiting), draft)
        assert point.inputs is not None
        return check_input(point.start, point.inputs, draft, self.own(options))

    def resolve(self, state: State, turn: int, inputs: Inputs, options: Options) -> list[Draft]:
        from replay.rulesets.knights.resolve import resolve

        return resolve(state, turn, inputs, self.own(options))

    def validate_event(self, type_: str, payload: dict[str, Any]) -> list[str]:
        """A resolution payload's problems ("field: message"): strict for one the rules wrote, partial for a ruling's.

        The core asks this both for recorded resolutions and for the events a GM ruling asserts. A payload carrying
        "why", "rule" and "defaults" (which every resolution the rules emit has) must be whole; any other is what a
        ruling asserts, which may leave fields out, but every field it gives must have the right type.
        """
        from replay.rulesets.knights.events import validate_payload

        return validate_payload(type_, payload, partial=not {"why", "rule", "defaults"} <= payload.keys())

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    # --- what people see ---------------------------------------------------------------------------------------
    def parse_order(self, text: str, state: State, actor: str) -> Parsed:
        from replay.rulesets.knights.parse import parse_order

        return parse_order(text, state, actor)

    def frame(self, view: FrameView) -> str:
        from replay.rulesets.knights.frame import frame  # type: ignore[import-not-found]

        return frame(view, lang=view.lang)

    def post(self, view: TurnView, lang: str) -> Doc:
        from replay.rulesets.knights.post import post  # type: ignore[import-not-found]

        return post(view, lang)

    def describe(self, event: Event, lang: str) -> str:
        if event.type == "order" and isinstance(event.payload, dict):
            return self.say_order(event.payload, event.actor, lang)
        from replay.render.i18n import event_name, why_lines

        why = why_lines(self, event.payload, lang)
        name = event_name(self, event.type, lang)
        return f"{name}: {why[-1]}" if why else name

    def say_order(self, order: dict[str, Any], actor: str | None, lang: str, state: Any = None) -> str:
        """An order in full sentences, naming units by name when the state is given (orders_said.py)."""
        from replay.rulesets.knights.orders_said import say

        return say(order, actor, lang, state)

    def catalogue(self, lang: str) -> Catalogue | None:
        """The knights' arithmetic, problems and step names in Russian (messages.py)."""
        if lang != "ru":
            return None
        from replay.rulesets.knights.messages import catalogue_ru

        return catalogue_ru()


register(Knights())
