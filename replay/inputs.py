"""The names resolvers import: the context they pull inputs from (see replay.context)."""

from replay.context import Context, Inputs, MissingInput, Request, TurnInputs, Waiting

__all__ = ["Context", "Inputs", "MissingInput", "Request", "TurnInputs", "Waiting"]
