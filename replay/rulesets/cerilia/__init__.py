"""Cerilia: sector battles of the Attacker and the Defender on a 5 × 3 board (rulebook 001_fcc1230880e0e5cf.txt,
spec rules/cerilia.md). Inputs, requests and events are documented in docs/cerilia.md and `resolve.py`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from eventlog.envelope import Draft, Event
from replay.ruleset import FrameView, Options, Parsed, ParsedPost, Point, Ruleset, TurnView, register
from replay.rulesets.cerilia import model
from replay.rulesets.cerilia.events import RESOLUTION_TYPES, validate_payload
from replay.rulesets.cerilia.evolve import evolve
from replay.rulesets.cerilia.model import Battle, CeriliaOptions

if TYPE_CHECKING:
    from pydantic import BaseModel

    from replay.context import Context, TurnInputs
    from replay.render.i18n import Catalogue
    from replay.render.text import Doc

PHASES = ("P0", "A1", "A3", "A3_1", "A_close", "AX1", "AX3", "AX3_1", "AX_close", "B_A", "B_D", "B1", "B2", "B3",
          "B4", "B5", "C_A", "C_D", "C1", "C2", "C3", "C4", "C5")


class Cerilia(Ruleset):
    """The descriptor: identity, options, phases and the decider's functions."""

    id: ClassVar[str] = "cerilia"
    version: ClassVar[int] = 1
    title: ClassVar[str] = "Cerilia: битва секторов, Атакующий против Защищающего"
    rulebook: ClassVar[str] = "001_fcc1230880e0e5cf.txt"
    OptionsModel: ClassVar[type[Options]] = CeriliaOptions
    option_defaults: ClassVar[dict[str, str]] = model.OPTION_DEFAULTS
    resolution_types: ClassVar[frozenset[str]] = RESOLUTION_TYPES
    phases: ClassVar[tuple[str, ...]] = PHASES
    default_roll_purpose: ClassVar[str | None] = None
    decisions: ClassVar[dict[str, str]] = {
        "battle_end": "CP-18: the DM declares a side defeated (value A or D), a draw (draw) or ends the battle (end)",
        "attack_result": "CP-25: the result of one attack (-, F, H, R, D), key {unit, target}",
        "character_survives": "CP-24: whether a joined character survives its troop's rout or destruction "
                              "(true, the default, or false), key {character}",
    }

    # --- setup and state ---------------------------------------------------------------------------------------
    def setup_model(self) -> type[BaseModel]:
        from replay.rulesets.cerilia.boundary import Setup

        return Setup

    def initial(self, setup: dict[str, Any], options: Options) -> Battle:
        return model.new_battle(model.read_setup(setup))

    def state_json(self, state: Battle) -> dict[str, Any]:
        from replay.rulesets.cerilia.view import state_json

        return state_json(state)

    def state_from_json(self, data: dict[str, Any]) -> Battle:
        return model.battle_from_json(data["battle"])

    def current_turn(self, state: Battle) -> int | None:
        if state.outcome is not None:  # the after-battle turn (reveals, pardons, fates) until the fates are known
            return state.round + 1 if state.fates is None else None
        if state.spent["A"] is None or state.spent["D"] is None:
            return 0
        return state.round + 1

    def actors(self, state: Battle) -> list[str]:
        return [state.players["A"], state.players["D"]]

    def view_state(self, state: Battle, viewer: str | None) -> Battle:
        from replay.rulesets.cerilia.view import view_state

        return view_state(state, viewer)

    # --- inputs and the rules ----------------------------------------------------------------------------------
    def check_input(self, state: Battle, turn: TurnInputs, draft: Draft, options: Options) -> list[str]:
        from replay.rulesets.cerilia.check import check_draft

        return check_draft(self, None, state, turn, draft, _options(options))

    def check(self, point: Point, draft: Draft, options: Options) -> list[str]:
        from replay.rulesets.cerilia.check import check_draft

        assert point.inputs is not None
        return check_draft(self, point, point.start, point.inputs, draft, _options(options))

    def resolve(self, state: Battle, turn: int, inputs: Context, options: Options) -> None:
        from replay.rulesets.cerilia.resolve import resolve

        resolve(state, turn, inputs, _options(options))

    def evolve(self, state: Battle, event: Event) -> Battle:
        return evolve(state, event)

    def validate_event(self, type_: str, payload: dict[str, Any]) -> list[str]:
        return validate_payload(type_, payload)

    # --- what people see ---------------------------------------------------------------------------------------
    def parse_order(self, text: str, state: Battle, actor: str) -> Parsed:
        from replay.rulesets.cerilia.parse import parse_order

        return parse_order(text, state, actor)

    def parse_post(self, text: str, point: Point, actor: str | None) -> ParsedPost:
        from replay.rulesets.cerilia.parse import parse_post

        return parse_post(text, point, actor)

    def frame(self, view: FrameView) -> str:
        from replay.rulesets.cerilia.frame import frame

        return frame(replace(view, state=self.view_state(view.state, view.viewer)))

    def post(self, view: TurnView, lang: str) -> Doc:
        from replay.rulesets.cerilia.post import post

        return post(replace(view, before=self.view_state(view.before, view.viewer),
                            after=self.view_state(view.after, view.viewer)), lang)

    def catalogue(self, lang: str) -> Catalogue | None:
        """Cerilia's arithmetic, problems, event types and roll purposes in Russian (messages.py)."""
        if lang != "ru":
            return None
        from replay.rulesets.cerilia.messages import catalogue_ru

        return catalogue_ru()

    def describe(self, event: Event, lang: str) -> str:
        if event.type == "order" and isinstance(event.payload, dict):
            return self.say_order(event.payload, event.actor, lang)
        if lang == "en":
            why = event.payload.get("why") or []
            return f"{event.type}: {why[0]}" if why else event.type
        from replay.render.i18n import event_name, why_lines

        said = why_lines(self, event.payload, lang)
        name = event_name(self, event.type, lang)
        return f"{name}: {said[0]}" if said else name

    def say_order(self, order: dict[str, Any], actor: str | None, lang: str, state: Any = None) -> str:
        """An order in full sentences, naming units by name when the state is given (orders_said.py)."""
        from replay.rulesets.cerilia.orders_said import say

        return say(order, actor, lang, state)



def _options(options: Options) -> CeriliaOptions:
    """The options (a bare `Options` means every default)."""
    return options if isinstance(options, CeriliaOptions) else CeriliaOptions(**options.model_dump())


register(Cerilia())
