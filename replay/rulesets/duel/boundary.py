"""What comes in to a duel, checked with pydantic: the `game.created` setup and a duelist's order.

Kept apart from `model.py` (the glossary, the order as the rules read it and the state the reducer folds) so that
reading a duel builds no pydantic model: a command imports this module when it first checks a setup, or an order
that `model.read_order` cannot take as it is.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from replay.rulesets.duel.model import DEFAULT_STAKE, LOCALITY_TRAITS, Item, Stake, Trait


class DuelistSetup(BaseModel):
    """One duelist as created before turn 1 (§7 "Выбери 2", A28)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Annotated[str, Field(min_length=1)]
    name: Annotated[str, Field(min_length=1)]
    traits: list[Trait]
    locality: dict[Trait, str] = Field(default_factory=dict)

    @field_validator("traits")
    @classmethod
    def _two_distinct(cls, traits: list[str]) -> list[str]:
        if len(traits) != 2 or len(set(traits)) != 2:
            raise ValueError(f"§7 Черты: a duelist has exactly 2 distinct traits, not {traits} (A28)")
        return traits

    @model_validator(mode="after")
    def _locality_for_owned(self) -> DuelistSetup:
        for trait in self.locality:
            if trait not in LOCALITY_TRAITS:
                raise ValueError(f"§7 Черты: a locality belongs to a '…парень из…' trait, not {trait}")
            if trait not in self.traits:
                raise ValueError(f"§7 Черты: locality given for {trait}, which the duelist lacks")
        return self


class Setup(BaseModel):
    """The `game.created` setup: exactly two duelists."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    duelists: list[DuelistSetup]

    @field_validator("duelists")
    @classmethod
    def _two(cls, duelists: list[DuelistSetup]) -> list[DuelistSetup]:
        if len(duelists) != 2:
            raise ValueError(f"a duel has exactly 2 duelists, not {len(duelists)}")
        if duelists[0].id == duelists[1].id:
            raise ValueError(f"the two duelists need distinct ids, both are {duelists[0].id!r}")
        return duelists


class ActivateSchema(BaseModel):
    """Trait activations of an order (§1.4 "использование которых надо заявлять"): what `model.Activate` holds."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Activate")

    killer_blow: bool = False
    distance_control: Literal["attack", "defense"] | None = None
    sharp_tongue: bool = False
    sharp_tongue_roleplay: str = ""


class OrderSchema(BaseModel):
    """A duelist's declaration for one turn (§1): the stack, the stake and trait activations; `model.read_order`
    reads a payload through it into a `model.Order`."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Order")

    stack: list[Item]
    stake: Stake = DEFAULT_STAKE
    activate: ActivateSchema = Field(default_factory=ActivateSchema)
    link: str | None = None

    @field_validator("stake", mode="before")
    @classmethod
    def _default_stake(cls, stake: Any) -> Any:
        return DEFAULT_STAKE if stake is None else stake  # A29
