"""The fencing duel (rulebook 004_12c8f6fcd0af5bdf.txt): a 6-item tactic stack, a d100 stake, stamina and traits.

The event payloads are documented at the top of `model.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from eventlog.envelope import Draft, Event
from replay.ruleset import FrameView, Options, Parsed, Point, Ruleset, TurnView, lazy_module, register
from replay.rulesets.duel import model
from replay.rulesets.duel.evolve import evolve
from replay.rulesets.duel.model import DuelOptions, DuelState

check = lazy_module("replay.rulesets.duel.check")  # imported when first used (a state read never uses them)
parse = lazy_module("replay.rulesets.duel.parse")
rules = lazy_module("replay.rulesets.duel.resolve")
events = lazy_module("replay.rulesets.duel.events")  # not `from … import` in validate_event: ~1 µs a payload

WHOLE = frozenset({"why", "rule", "defaults"})
"""The fields every resolution the rules emit carries: a payload without them is what a ruling asserts."""

if TYPE_CHECKING:
    from pydantic import BaseModel

    from replay.inputs import Inputs, TurnInputs
    from replay.render.i18n import Catalogue
    from replay.render.text import Doc



class Duel(Ruleset):
    """The duel's descriptor: identity, options and the decider's functions."""

    id: ClassVar[str] = "duel"
    version: ClassVar[int] = 1
    title: ClassVar[str] = "Дуэль: стек из 6 пунктов и ставка на к100"
    rulebook: ClassVar[str] = "004_12c8f6fcd0af5bdf.txt"
    OptionsModel: ClassVar[type[Options]] = DuelOptions
    option_defaults: ClassVar[dict[str, str]] = model.OPTION_DEFAULTS
    resolution_types: ClassVar[frozenset[str]] = model.RESOLUTION_TYPES
    plain_payloads: ClassVar[bool] = True  # tests/duel/test_plain_payloads.py
    default_roll_purpose: ClassVar[str | None] = "stake"

    # --- setup and state ---------------------------------------------------------------------------------------
    def setup_model(self) -> type[BaseModel]:
        from replay.rulesets.duel.boundary import Setup

        return Setup

    def initial(self, setup: dict[str, Any], options: Options) -> DuelState:
        return DuelState(duelists=model.read_duelists(setup))

    def state_json(self, state: DuelState) -> dict[str, Any]:
        return model.state_to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> DuelState:
        return model.state_from_json(data)

    def current_turn(self, state: DuelState) -> int | None:
        return None if state.over else state.turn + 1

    def actors(self, state: DuelState) -> list[str]:
        return list(state.ids)

    # --- inputs and the rules ----------------------------------------------------------------------------------
    def check_input(self, state: DuelState, turn: TurnInputs, draft: Draft, options: Options) -> list[str]:
        return check.check_input(state, turn, draft, self.own(options))

    def check(self, point: Point, draft: Draft, options: Options) -> list[str]:
        """As check_input; a finish-off choice is checked against where the core's resolution stands."""
        assert point.inputs is not None
        if draft.type == "choice" and draft.payload.get("name") == "finish_off":
            return check.check_choice(point.start, point.inputs, draft, self.own(options), stop=point)
        return check.check_input(point.start, point.inputs, draft, self.own(options))

    def resolve(self, state: DuelState, turn: int, inputs: Inputs, options: Options) -> list[Draft]:
        return rules.resolve(state, turn, inputs, self.own(options))

    def validate_event(self, type_: str, payload: dict[str, Any]) -> list[str]:
        """A resolution payload's problems ("field: message"): strict for one the rules wrote, partial for a ruling's.

        The core asks this both for recorded resolutions and for the events a GM ruling asserts. A payload carrying
        "why", "rule" and "defaults" (which every resolution the rules emit has) must be whole; any other is what a
        ruling asserts, which may leave fields out, but every field it gives must have the right type.
        """
        return events.validate_payload(type_, payload, partial=not payload.keys() >= WHOLE)

    evolve_reads: ClassVar[frozenset[str]] = frozenset({"type", "turn", "payload"})
    """The fields of an event `evolve` reads (`audit` takes the state its re-resolution folded for a turn whose steps
    match the log's in these fields, instead of folding the log's steps again)."""

    def evolve(self, state: DuelState, event: Event) -> DuelState:
        return evolve(state, event)

    # --- what people see ---------------------------------------------------------------------------------------
    def parse_order(self, text: str, state: DuelState, actor: str) -> Parsed:
        return parse.parse_order(text, state, actor)

    def frame(self, view: FrameView) -> str:
        from replay.rulesets.duel.frame import frame

        return frame(view, lang=view.lang)

    def post(self, view: TurnView, lang: str) -> Doc:
        from replay.rulesets.duel.post import post

        return post(view, lang)

    def actor_names(self, state: Any, lang: str) -> dict[str, str]:
        """Each duelist's id -> name: what a post's «Ждём:» list calls them."""
        return {d.id: d.name for d in state.duelists}

    def describe(self, event: Event, lang: str) -> str:
        if event.type == "order" and isinstance(event.payload, dict):
            return self.say_order(event.payload, event.actor, lang)
        return rules.describe(event, lang)

    def say_order(self, order: dict[str, Any], actor: str | None, lang: str, state: DuelState | None = None) -> str:
        """An order in full sentences, naming the duelist (by name when the state is given)."""
        from replay.rulesets.duel.orders_said import say

        return say(order, actor, lang, state)

    def catalogue(self, lang: str) -> Catalogue | None:
        """The duel's problems, arithmetic and step names in Russian (messages.py)."""
        if lang != "ru":
            return None
        from replay.rulesets.duel.messages import catalogue_ru

        return catalogue_ru()


register(Duel())
