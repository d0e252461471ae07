"""A ruleset's house-rule switches (`Options`), checked as pydantic checks them, without pydantic on the read path.

A ruleset declares its options as a pydantic model is declared: annotated class attributes with their defaults
(`Literal[...]`, `bool`, `int`, `float`, `str`; `pydantic.Field(...)` for constraints). Reading or appending to a
game builds its options from the values `game.created` recorded, each already of its field's exact type: they are
taken as they are, and pydantic is not imported. Any other value (a `new --option`, a variant file, a value pydantic
would coerce or refuse, an unknown name, a field with constraints or validators) goes through a pydantic model
built from the same declaration the first time one is needed, so the values kept and every error message are
pydantic's own.
"""

from __future__ import annotations

import copy
import sys
import typing
from typing import Any, ClassVar

_SCALARS = (str, bool, int, float, type(None))


class _OptionsType(type):
    @property
    def model_fields(cls) -> dict[str, Any]:
        """The fields of the pydantic model of the options (name -> FieldInfo: annotation, default), as pydantic's."""
        return cls.pydantic_model().model_fields  # type: ignore[attr-defined, no-any-return]


class Options(metaclass=_OptionsType):
    """House-rule switches of a ruleset; every field's default is the spec's PROPOSED DEFAULT."""

    _defaults: ClassVar[dict[str, Any]] = {}
    """field name -> its default, in declaration order (a pydantic FieldInfo's default for a `Field(...)`)."""
    _required: ClassVar[frozenset[str]] = frozenset()
    _fields: ClassVar[tuple[str, ...]] = ()
    """Every field's name, in declaration order."""
    _own: ClassVar[bool] = True
    """Every field is a plain default, and the class declares no pydantic validator: exact values need no model (else
    every instance is made, and dumped, by the pydantic model)."""
    _exact_types: ClassVar[dict[str, frozenset[Any] | type] | None] = None
    _model: ClassVar[type | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        defaults: dict[str, Any] = {}
        required: set[str] = set()
        order: dict[str, None] = {}
        own = True
        for klass in reversed(cls.__mro__):
            if not (isinstance(klass, _OptionsType) and klass is not Options):
                continue
            for name, hint in klass.__dict__.get("__annotations__", {}).items():
                if name.startswith("_") or "ClassVar" in str(hint):
                    continue
                order[name] = None
                if name not in klass.__dict__:
                    required.add(name)
                    defaults.pop(name, None)
                    continue
                value = klass.__dict__[name]
                required.discard(name)
                if _is_pydantic(value):  # Field(default, ge=..., ...)
                    own = False
                    value = value.default
                defaults[name] = value
            if any(_is_pydantic(v) for n, v in klass.__dict__.items() if n not in defaults and n not in _OWN_NAMES):
                own = False  # a validator, a model_config: pydantic decides
        cls._defaults, cls._required, cls._fields, cls._own = defaults, frozenset(required), tuple(order), own
        cls._exact_types, cls._model = None, None

    def __init__(self, **values: Any) -> None:
        if not self._own or (values and not self._exact(values)) or self._required - values.keys():
            values = self.pydantic_model()(**values).__dict__  # raises pydantic's ValidationError
        fields = {name: values[name] if name in values else _fresh(self._defaults[name]) for name in self._fields}
        object.__setattr__(self, "__dict__", fields)

    @classmethod
    def _exact(cls, values: dict[str, Any]) -> bool:
        """Whether every value is already what pydantic would keep: a known field, of its exact type."""
        if cls._exact_types is None:
            cls._exact_types = {name: _exact_type(hint) for name, hint in _hints(cls).items()}
        for name, value in values.items():
            want = cls._exact_types.get(name)
            if type(value) not in _SCALARS:
                return False
            if isinstance(want, frozenset):
                if (type(value), value) not in want:
                    return False
            elif want is None or type(value) is not want:
                return False
        return True

    @classmethod
    def pydantic_model(cls) -> type:
        """The pydantic model of these options (frozen, extra fields forbidden), built on first use."""
        if cls.__dict__.get("_model") is None:
            from pydantic import BaseModel, ConfigDict

            namespace: dict[str, Any] = {"__module__": cls.__module__, "__qualname__": cls.__qualname__,
                                         "__doc__": cls.__doc__, "__annotations__": _hints(cls, extras=True),
                                         "model_config": ConfigDict(extra="forbid", frozen=True)}
            for klass in reversed(cls.__mro__):
                if isinstance(klass, _OptionsType) and klass is not Options:
                    namespace.update({n: v for n, v in klass.__dict__.items()
                                      if not (n.startswith("__") or n in _OWN_NAMES)})
            cls._model = type(BaseModel)(cls.__name__, (BaseModel,), namespace)
        return cls._model  # type: ignore[return-value]

    def model_dump(self, *, mode: str = "python", exclude_defaults: bool = False) -> dict[str, Any]:
        """The values by name, in declaration order (as pydantic's `model_dump`)."""
        if not (self._own and all(type(v) in _SCALARS for v in self.__dict__.values())):
            made = self.pydantic_model().model_construct(**self.__dict__)  # type: ignore[attr-defined]
            return made.model_dump(mode=mode, exclude_defaults=exclude_defaults)  # type: ignore[no-any-return]
        if exclude_defaults:
            return {n: v for n, v in self.__dict__.items() if n in self._required or v != self._defaults[n]}
        return dict(self.__dict__)

    def __setattr__(self, name: str, value: Any) -> None:
        raise TypeError(f"{type(self).__name__} is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise TypeError(f"{type(self).__name__} is frozen: {name} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in self.__dict__.items())})"


_OWN_NAMES = frozenset(n for n in Options.__dict__ if not n.startswith("__"))


def _is_pydantic(value: Any) -> bool:
    """A pydantic object in a class body (a FieldInfo, a validator): only there if pydantic is imported already."""
    return "pydantic" in sys.modules and type(value).__module__.partition(".")[0] == "pydantic"


def _fresh(default: Any) -> Any:
    return default if type(default) in _SCALARS else copy.deepcopy(default)


def _hints(cls: type, *, extras: bool = False) -> dict[str, Any]:
    """The options' fields and their annotations, evaluated in the modules that declare them."""
    hints = typing.get_type_hints(cls, include_extras=extras)
    return {name: hints[name] for name in cls._fields}  # type: ignore[attr-defined]


def _exact_type(hint: Any) -> frozenset[Any] | type | None:
    """What a value must be to be kept as it is: (type, value) pairs of a Literal, a plain type, or None (ask
    pydantic)."""
    if typing.get_origin(hint) is typing.Literal:
        return frozenset((type(arg), arg) for arg in typing.get_args(hint))
    return hint if hint in (str, bool, int, float) else None
