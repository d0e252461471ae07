"""The Cerilia boundary: the pydantic model of a setup (imported when a setup is checked, never to read a game)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import SIDES


class Setup(BaseModel):
    """`game.created` setup: the scenario (§6.8) and who plays which side."""

    model_config = ConfigDict(extra="forbid")

    scenario: str = "border-skirmish"
    players: dict[Literal["A", "D"], str] = Field(description="side -> player id")
    budget: dict[Literal["A", "D"], int] | None = None
    terrain_cards: int | None = None
    fortification_level: int | None = Field(default=None, description="overrides the scenario's level (0 = none)")

    @model_validator(mode="after")
    def _known(self) -> Setup:
        if self.scenario not in tables().scenarios:
            raise ValueError(f"§6.8: unknown scenario {self.scenario!r} (known: {', '.join(tables().scenarios)})")
        if set(self.players) != set(SIDES) or len(set(self.players.values())) != 2:
            raise ValueError("§1.1: players names two different players, for A (Attacker) and D (Defender)")
        return self
