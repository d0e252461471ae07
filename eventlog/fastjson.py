"""pydantic-core's JSON parser and serialiser (`from_json`, `to_json`) without the pydantic_core package around them.

Importing `pydantic_core` runs its `core_schema` module, which (through typing_extensions' `deprecated`) imports
asyncio: ~35 ms of every command's start-up, for two functions of its compiled module. This loads that module
(`pydantic_core._pydantic_core`) alone, as the package would, and registers it under its own name: the package,
imported later by pydantic, finds it there and uses the same module object. Where it is not found so, the package is
imported as usual.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

_NAME = "pydantic_core._pydantic_core"


def _compiled() -> ModuleType:
    if _NAME in sys.modules:
        return sys.modules[_NAME]
    package = importlib.util.find_spec("pydantic_core")  # finds, does not run, the package
    spec = importlib.machinery.PathFinder.find_spec(_NAME, package.submodule_search_locations) if package else None
    if spec is None or spec.loader is None:  # pragma: no cover - a pydantic-core laid out otherwise
        import pydantic_core

        return pydantic_core._pydantic_core  # type: ignore[attr-defined, no-any-return]
    module = importlib.util.module_from_spec(spec)
    sys.modules[_NAME] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:  # pragma: no cover
        del sys.modules[_NAME]
        raise
    return module


_core = _compiled()
from_json: Callable[..., Any] = _core.from_json
to_json: Callable[..., bytes] = _core.to_json
