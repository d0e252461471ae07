"""Warband skirmish in centimetres (rulebook 003_0638df2fa3f3e7ef.txt, spec rules/warband.md): round bases on a
table with terrain, d6, day and night, a to-wound roll for every attack and a save for every wound.

Rooms: model (options, state), boundary (the setup's pydantic model), data (the data files), geometry and space
(the table), derive (the characteristics), check, resolve (preparation and the stages), melee (the fight), dice (forum
dice and saves), events, evolve, parse, words, post, frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from eventlog.envelope import Draft, Event
from replay.ruleset import FrameView, Options, Parsed, Point, Ruleset, TurnView, register
from replay.rulesets.warband import model
from replay.rulesets.warband.model import State, WarbandOptions

if TYPE_CHECKING:
    from pydantic import BaseModel

    from replay.context import Context, TurnInputs
    from replay.render.i18n import Catalogue
    from replay.render.text import Doc


class Warband(Ruleset):
    """The warband's descriptor: identity, options and the decider's functions."""

    id: ClassVar[str] = "warband"
    version: ClassVar[int] = 1
    title: ClassVar[str] = "Отряды: миниатюры в сантиметрах, d6, день и ночь"
    rulebook: ClassVar[str] = "003_0638df2fa3f3e7ef.txt"
    OptionsModel: ClassVar[type[Options]] = WarbandOptions
    option_defaults: ClassVar[dict[str, str]] = model.OPTION_DEFAULTS
    resolution_types: ClassVar[frozenset[str]] = model.RESOLUTION_TYPES
    phases: ClassVar[tuple[str, ...]] = ("preparation", "movement:<side>", "ranged:<side>", "melee:<side>", "end")
    decisions: ClassVar[dict[str, str]] = {"coverage": "C16: the target's cover in % (key shooter, target)",
                                           "fall_height": "C33: the height in cm a failed jump falls from (warrior)"}

    def setup_model(self) -> type[BaseModel]:
        from replay.rulesets.warband.boundary import Setup

        return Setup

    def initial(self, setup: dict[str, Any], options: Options) -> State:
        return model.new_state(model.read_setup(setup))

    def state_json(self, state: State) -> dict[str, Any]:
        return model.state_to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> State:
        return model.state_from_json(data)

    def current_turn(self, state: State) -> int | None:
        return None if state.status == "ended" else state.turn

    def actors(self, state: State) -> list[str]:
        return [s.id for s in state.sides]

    def check_input(self, state: State, turn: TurnInputs, draft: Draft, options: Options) -> list[str]:
        return []

    def check(self, point: Point, draft: Draft, options: Options) -> list[str]:
        from replay.rulesets.warband.check import check

        return check(point, draft, _options(options))

    def resolve(self, state: State, turn: int, inputs: Context, options: Options) -> None:
        from replay.rulesets.warband.resolve import resolve

        resolve(state, turn, inputs, _options(options))

    def validate_event(self, type_: str, payload: dict[str, Any]) -> list[str]:
        from replay.rulesets.warband import events

        return events.validate_payload(type_, payload)

    def view_state(self, state: State, viewer: str | None) -> State:
        return state

    def evolve(self, state: State, event: Event) -> State:
        from replay.rulesets.warband.evolve import evolve

        return evolve(state, event)

    def parse_order(self, text: str, state: State, actor: str) -> Parsed:
        from replay.rulesets.warband.parse import parse_order

        return parse_order(text, state, actor)

    def frame(self, view: FrameView) -> str:
        from replay.rulesets.warband.frame import frame

        return frame(view)

    def post(self, view: TurnView, lang: str) -> Doc:
        from replay.rulesets.warband.post import post

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
        from replay.rulesets.warband.orders_said import say

        return say(order, actor, lang, state)

    def catalogue(self, lang: str) -> Catalogue | None:
        """The warband's arithmetic, problems, step names and roll purposes in Russian (messages.py)."""
        if lang != "ru":
            return None
        from replay.rulesets.warband.messages import catalogue_ru

        return catalogue_ru()


def _options(options: Options) -> WarbandOptions:
    return options if isinstance(options, WarbandOptions) else WarbandOptions(**options.model_dump())


register(Warband())
