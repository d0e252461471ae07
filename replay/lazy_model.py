"""Typed payload classes declared as pydantic models are, without pydantic on the read path (`LazyModel`).

A resolution event's class declares its fields as a pydantic model does: annotations (strings: the module uses
`from __future__ import annotations`) and plain defaults, `factory(list)` for a default made fresh, and the model's
configuration as a plain dict (`model_config`). Reading a payload the log already holds (`trusted`) wraps it as it
is, so loading a ruleset and folding its log never import pydantic. Checking a payload from outside (`validate`,
`model_validate`) goes through a pydantic model built from the same declaration the first time one is needed, so
what it keeps and every error message are pydantic's own.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Self


class factory:  # noqa: N801 (used as pydantic's Field(default_factory=...) is)
    """A field's default made by calling `make` (pydantic's `Field(default_factory=make)`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


class _LazyModelType(type):
    @property
    def model_fields(cls) -> dict[str, Any]:
        """The fields of the pydantic model (name -> FieldInfo), as pydantic's."""
        return cls.pydantic_model().model_fields  # type: ignore[attr-defined, no-any-return]


class LazyModel(metaclass=_LazyModelType):
    """A frozen payload class: its instance reads the payload's dict in place; pydantic checks it on demand."""

    __slots__ = ("__dict__", "_fields_set")

    model_config: ClassVar[dict[str, Any]] = {}
    """pydantic's model configuration, as a plain dict (inherited, as pydantic's is)."""
    annotation_names: ClassVar[Callable[[], dict[str, Any]]] = staticmethod(dict)
    """Names the annotations need besides their module's own (imported when the pydantic model is first built)."""
    _own_fields: ClassVar[dict[str, Any]] = {}
    """The fields this class declares: name -> its default as declared (`_REQUIRED` when none)."""
    _model: ClassVar[type | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own: dict[str, Any] = {}
        for name, hint in cls.__dict__.get("__annotations__", {}).items():
            if name.startswith("_") or "ClassVar" in str(hint) or name == "model_config":
                continue
            default = cls.__dict__.get(name, _REQUIRED)
            own[name] = default
            if isinstance(default, factory):  # a trusted event reads a default it lacks here (never mutate it)
                type.__setattr__(cls, name, default.make())
        cls._own_fields, cls._model = own, None

    @classmethod
    def trusted(cls, payload: dict[str, Any]) -> Self:
        """The event of a payload the rules wrote, unchecked and uncopied (it reads the payload in place).

        A field the payload leaves out reads as its default; one without a default raises AttributeError.
        """
        obj = _new(cls)
        _set(obj, "__dict__", payload)
        _set(obj, "_fields_set", None)
        return obj

    @classmethod
    def validate(cls, payload: Any) -> Self:
        """The event of a payload from outside; raises pydantic's ValidationError naming each bad field."""
        checked = cls.pydantic_model().model_validate(payload)  # type: ignore[attr-defined]
        obj = _new(cls)
        _set(obj, "__dict__", dict(checked.__dict__))
        _set(obj, "_fields_set", frozenset(checked.model_fields_set))
        return obj

    model_validate = validate

    @classmethod
    def pydantic_model(cls) -> type:
        """The pydantic model of this class (its bases' models as its bases), built on first use."""
        if cls.__dict__.get("_model") is None:
            from pydantic import BaseModel, Field

            parent = next(b for b in cls.__mro__[1:] if isinstance(b, _LazyModelType))
            base = BaseModel if parent is LazyModel else parent.pydantic_model()
            names = {**vars(sys.modules[cls.__module__]), **cls.annotation_names()}
            namespace: dict[str, Any] = {
                "__module__": cls.__module__, "__qualname__": cls.__qualname__, "__doc__": cls.__doc__,
                "__annotations__": {name: _evaluated(cls.__dict__["__annotations__"][name], names)
                                    for name in cls._own_fields}}
            if "model_config" in cls.__dict__:
                namespace["model_config"] = dict(cls.model_config)
            for name, default in cls._own_fields.items():
                if isinstance(default, factory):
                    namespace[name] = Field(default_factory=default.make)
                elif default is not _REQUIRED:
                    namespace[name] = default
            cls._model = type(BaseModel)(cls.__name__, (base,), namespace)
        return cls._model  # type: ignore[return-value]

    @property
    def model_fields_set(self) -> set[str]:
        """The fields the payload gave (pydantic's `model_fields_set`)."""
        given = self._fields_set
        return set(self.__dict__ if given is None else given)

    def given(self, name: str) -> bool:
        """Whether the payload had this field (a GM ruling may leave some out)."""
        given = self._fields_set
        return name in (self.__dict__ if given is None else given)

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        return iter(self.__dict__.items())

    def __setattr__(self, name: str, value: Any) -> None:
        raise TypeError(f"{type(self).__name__} is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise TypeError(f"{type(self).__name__} is frozen: {name} cannot be deleted")

    def __reduce__(self) -> tuple[Any, ...]:  # copy, deepcopy and pickle (its __setattr__ refuses)
        return _rebuild, (type(self), self.__dict__, self._fields_set)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in self.__dict__.items())})"


def _rebuild(cls: type[LazyModel], values: dict[str, Any], given: frozenset[str] | None) -> LazyModel:
    obj = _new(cls)
    _set(obj, "__dict__", values)
    _set(obj, "_fields_set", given)
    return obj


def _evaluated(hint: Any, names: dict[str, Any]) -> Any:
    return eval(hint, names) if isinstance(hint, str) else hint  # noqa: S307 (the class's own annotation)


_REQUIRED = object()
_new = object.__new__
_set = object.__setattr__
