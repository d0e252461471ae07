"""The knights' boundary: the pydantic models of a setup and an order (the payloads documented in model.py).

Imported when a setup or an order is checked, never to read a game.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from replay.rulesets.knights.model import Action, Domain, PersonalOath, TurnDir

# --- setup and orders ----------------------------------------------------------------------------


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)  # no "3" or true for a number


class KnightSetup(_In):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    heraldry: str = ""
    domain: Domain
    oath: PersonalOath


class LanceSetup(_In):
    player: str = Field(min_length=1)
    name: str = Field(min_length=1)
    color: str = "#888888"
    knights: list[KnightSetup] = Field(min_length=3, max_length=3)  # §3.2

    @model_validator(mode="after")
    def _oaths_distinct(self) -> LanceSetup:
        oaths = [k.oath for k in self.knights]
        if len(set(oaths)) != len(oaths):
            raise ValueError(f"§3.2 Стартовые Лэнсы: oaths repeat within lance {self.name!r}: {', '.join(oaths)}")
        return self


class Setup(_In):
    lances: list[LanceSetup] = Field(min_length=2, max_length=2)
    challenger: str | None = None
    edges: dict[str, Literal["left", "right"]] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Setup:
        players = [lance.player for lance in self.lances]
        if len(set(players)) != 2:
            raise ValueError("§1.2: the two lances need two different players")
        ids = [k.id for lance in self.lances for k in lance.knights]
        if len(set(ids)) != len(ids):
            raise ValueError(f"knight ids repeat: {', '.join(ids)}")
        if self.challenger is not None and self.challenger not in players:
            raise ValueError(f"§3.1: challenger {self.challenger!r} is not a player ({', '.join(players)})")
        if self.edges is not None and (set(self.edges) != set(players) or len(set(self.edges.values())) != 2):
            raise ValueError("§3.3: edges must give each player one of left and right")
        return self


class PoseIn(_In):
    x: float
    y: float
    f: int = Field(ge=0, le=7)


class LadyDrop(_In):
    carrier: str
    timing: Literal["before_execution"] | dict[str, int] = "before_execution"


class TurnOrder(_In):
    kind: Literal["action"] = "action"
    knight: str
    action: Action
    turn_dir: TurnDir | list[TurnDir] | None = None
    return_pose: PoseIn | None = None
    lady_pickup: bool = False
    lady_drop: LadyDrop | None = None
