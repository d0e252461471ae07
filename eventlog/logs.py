"""structlog, imported when something first logs: a command that logs nothing does not import it (structlog's
package imports its stdlib integration, and with it logging and asyncio: ~30 ms of every start-up, NOTES.md)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

_setup: list[Callable[[], None]] = []


def configure_later(setup: Callable[[], None]) -> None:
    """Run `setup` (which configures structlog) just before the first logger is handed out."""
    _setup[:] = [setup]


def get_logger(name: str) -> Any:
    """The configured structlog logger `name`, or one writing to stderr when nobody configured structlog."""
    import structlog

    while _setup:
        _setup.pop()()
    if structlog.is_configured():
        return structlog.get_logger(name)
    return structlog.wrap_logger(structlog.PrintLogger(sys.stderr))


class Lazy:
    """A logger that is looked up (and structlog imported) at its first call."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, method: str) -> Any:
        return getattr(get_logger(self._name), method)
