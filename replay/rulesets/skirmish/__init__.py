"""Skirmish (rulebook 002_da0fbfc52b52bf29.txt, «Боевая система»), part 1: two fighters in melee.

A turn is a round of two exchanges; each exchange is four declaration steps and a resolution (phases `x1.s1` …
`x2.resolve`). The spec is /work/shared/rules/skirmish.md; what is implemented is listed in docs/skirmish.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from eventlog.envelope import Draft, Event
from replay.ruleset import FrameView, Options, Parsed, ParsedPost, Point, Ruleset, TurnView, lazy_module, register
from replay.rulesets.skirmish import battle, battle_events, events, model
from replay.rulesets.skirmish.evolve import evolve
from replay.rulesets.skirmish.model import Fight, SkirmishOptions

check = lazy_module("replay.rulesets.skirmish.check")  # imported when first used (a state read never uses them)
parse = lazy_module("replay.rulesets.skirmish.parse")
field_parse = lazy_module("replay.rulesets.skirmish.field_parse")  # part 2: a loose fighter's post
rules = lazy_module("replay.rulesets.skirmish.resolve")
battle_check = lazy_module("replay.rulesets.skirmish.battle_check")  # part 2: the field
battle_round = lazy_module("replay.rulesets.skirmish.battle_round")

if TYPE_CHECKING:
    from collections.abc import Mapping

    from replay.context import Context, TurnInputs
    from replay.render.i18n import Catalogue
    from replay.render.text import Doc

PHASES = ("initiative", *(f"x1.s{n}" for n in range(1, 5)), "x1.resolve", "x2.initiative",
          *(f"x2.s{n}" for n in range(1, 5)), "x2.resolve", "end")


class Skirmish(Ruleset):
    """The skirmish's descriptor: identity, options, phases and the decider's functions."""

    id: ClassVar[str] = "skirmish"
    version: ClassVar[int] = 1
    title: ClassVar[str] = "Боевая система: схватка один на один"
    rulebook: ClassVar[str] = "002_da0fbfc52b52bf29.txt"
    OptionsModel: ClassVar[type[Options]] = SkirmishOptions
    option_defaults: ClassVar[dict[str, str]] = model.OPTION_DEFAULTS
    resolution_types: ClassVar[frozenset[str]] = frozenset(events.EVENTS) | frozenset(battle_events.EVENTS)
    SetupModel: ClassVar[type[BaseModel] | None] = model.Setup
    phases: ClassVar[tuple[str, ...]] = PHASES
    default_roll_purpose: ClassVar[str | None] = None
    decisions: ClassVar[dict[str, str]] = {
        "general_initiative_reroll": "4.1 item 4: reroll general initiative at the start of a round on the field "
                                     "(key round; value true)"}

    # --- setup and state ---------------------------------------------------------------------------------------
    def validate_setup(self, setup: dict[str, Any]) -> list[str]:
        if "field" not in setup:
            return super().validate_setup(setup)
        from pydantic import ValidationError as PydanticError

        from replay.ruleset import pydantic_problems

        try:
            battle.BattleSetup.model_validate(setup)
        except PydanticError as exc:  # part 2: a battle on a field
            return pydantic_problems(exc)
        from replay.render.text import setup_problems

        return setup_problems(setup)

    def initial(self, setup: dict[str, Any], options: Options) -> Fight | battle.Battle:
        if "field" in setup:  # part 2: several fighters on a grid (battle.py)
            return battle.initial(battle.BattleSetup.model_validate(setup))
        return model.initial(model.Setup.model_validate(setup))

    def state_json(self, state: Fight | battle.Battle) -> dict[str, Any]:
        if isinstance(state, battle.Battle):
            return battle.state_to_json(state)
        return model.state_to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> Fight | battle.Battle:
        if "roster" in data:
            return battle.state_from_json(data)
        return model.state_from_json(data)

    def current_turn(self, state: Fight) -> int | None:
        return None if state.result is not None else state.closed + 1

    def actors(self, state: Fight) -> list[str]:
        return list(state.ids)

    # --- inputs and the rules ----------------------------------------------------------------------------------
    def check_input(self, state: Fight, turn: TurnInputs, draft: Draft, options: Options) -> list[str]:
        if isinstance(state, battle.Battle):
            return battle_check.check(state, (), draft, _options(options))
        return check.check(state, (), draft, _options(options))

    def check(self, point: Point, draft: Draft, options: Options) -> list[str]:
        """Declarations are checked where resolution waits for them (pools change during the round)."""
        if isinstance(point.state, battle.Battle):
            return battle_check.check(point.state, point.requests, draft, _options(options))
        return check.check(point.state, point.requests, draft, _options(options))

    def resolve(self, state: Fight, turn: int, inputs: Context, options: Options) -> None:
        if isinstance(state, battle.Battle):
            return battle_round.resolve(state, turn, inputs, _options(options))
        rules.resolve(state, turn, inputs, _options(options))

    def validate_event(self, type_: str, payload: dict[str, Any]) -> list[str]:
        if type_ in battle_events.EVENTS:
            return battle_events.validate_payload(type_, payload)
        return events.validate_payload(type_, payload)

    def evolve(self, state: Fight, event: Event) -> Fight:
        if isinstance(state, battle.Battle):
            return battle.evolve(state, event)  # type: ignore[return-value]
        return evolve(state, event)

    # --- what people see ---------------------------------------------------------------------------------------
    def parse_order(self, text: str, state: Fight, actor: str) -> Parsed:
        if isinstance(state, battle.Battle):
            pair = state.pair_of(actor)
            if pair is None:  # a loose fighter: an intent or a field act (field_parse.py)
                return field_parse.parse_field_order(text, state, actor)
            parsed = field_parse.fleeing_retreat(text, parse.parse_order(text, pair.fight, actor))
            if len(pair.fight.fighters) > 2:  # 4.4: the keys of a melee of several fighters
                return field_parse.melee_group_order(text, parsed, state, actor)
            return parsed
        return parse.parse_order(text, state, actor)

    def parse_post(self, text: str, point: Point, actor: str | None) -> ParsedPost:
        return parse.parse_post(self, text, point, actor)

    def frame(self, view: FrameView) -> str:
        from replay.rulesets.skirmish.frame import frame

        if isinstance(view.state, battle.Battle):
            from replay.rulesets.skirmish.field_frame import frame as field_frame

            return field_frame(view)

        return frame(view)

    def post(self, view: TurnView, lang: str) -> Doc:
        from replay.rulesets.skirmish.post import post

        if isinstance(view.after, battle.Battle):
            from replay.rulesets.skirmish.field_post import post as field_post

            return field_post(view, lang)

        return post(view, lang)

    def actor_names(self, state: Any, lang: str) -> dict[str, str]:
        """Each fighter's id -> name in `lang`: what a post's «Ждём:» list calls them."""
        return {f.id: f.name.get(lang) or f.id for f in state.fighters}

    def describe(self, event: Event, lang: str) -> str:
        if event.type == "order" and isinstance(event.payload, dict):
            return self.say_order(event.payload, event.actor, lang)
        why = event.payload.get("why") or []
        if lang == "ru":
            from replay.rulesets.skirmish import messages

            said = messages.why({"why": why[:1]}, lang)
            return f"{messages.EVENT_RU.get(event.type, event.type)}: {said[0] if said else ''}"
        return f"{event.type}: {why[0] if why else ''}"

    def say_order(self, order: dict[str, Any], actor: str | None, lang: str, state: Any = None) -> str:
        """An order in full sentences, naming units by name when the state is given (orders_said.py)."""
        from replay.rulesets.skirmish.orders_said import say

        return say(order, actor, lang, state)

    # --- words in other languages (messages.py) -----------------------------------------------------------------
    def catalogue(self, lang: str) -> Catalogue | None:
        if lang != "ru":
            return None
        from replay.rulesets.skirmish.messages import catalogue_ru

        return catalogue_ru()

    def why(self, payload: Mapping[str, Any], lang: str) -> list[str]:
        from replay.rulesets.skirmish.messages import why

        return why(payload, lang)


def _options(options: Options) -> SkirmishOptions:
    return options if isinstance(options, SkirmishOptions) else SkirmishOptions(**options.model_dump())


register(Skirmish())
