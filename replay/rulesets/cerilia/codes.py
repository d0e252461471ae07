"""§2.9 display codes: `[` type sign [damage] [`_` R|F] [`*`] `]`, parsed greedily and printed canonically."""

from __future__ import annotations

import re
from dataclasses import dataclass

from replay.rulesets.cerilia.data import SIGNS, type_codes

CYRILLIC = str.maketrans({"С": "C", "с": "c", "В": "B", "М": "M", "Р": "P", "К": "K", "Н": "H", "Т": "T"})
"""Cyrillic look-alikes of the Latin letters the codes use (the source writes «СB» with a Cyrillic С)."""


@dataclass(frozen=True)
class Code:
    type: str
    sign: str
    damage: int = 0
    status: str | None = None
    """"R" (routed) or "F" (falling back by result)."""
    joined: bool = False
    hidden: bool = False

    def __str__(self) -> str:
        body = f"{self.type}{self.sign}{self.damage or ''}"
        if self.status:
            body += f"_{self.status}"
        if self.joined:
            body += "*"
        return f"[{body}]" if self.hidden else body


def normalise(text: str) -> str:
    """§2.9: Cyrillic С (and other look-alikes) read as Latin."""
    return text.strip().translate(CYRILLIC)


def parse_code(text: str) -> Code:
    """A display code; ValueError naming what is wrong."""
    raw = normalise(text)
    hidden = raw.startswith("[") and raw.endswith("]")
    body = raw[1:-1] if hidden else raw
    kind = next((t for t in type_codes() if body.startswith(t)), None)
    if kind is None:
        raise ValueError(f"§2.9: {text!r} starts with no known type code ({', '.join(sorted(type_codes()))})")
    rest = body[len(kind):]
    sign = next((s for s in sorted(SIGNS, key=len, reverse=True) if rest.startswith(s)), None)
    if sign is None:
        raise ValueError(f"§2.9: {text!r}: after {kind} comes a sign Sw, Sh or B")
    match = re.fullmatch(r"(?P<dmg>[1-9]\d*)?(?:_(?P<status>[RF]))?(?P<star>\*)?", rest[len(sign):])
    if match is None:
        raise ValueError(f"§2.9: {text!r}: after the sign come only damage, _R or _F, and *")
    return Code(kind, sign, int(match["dmg"] or 0), match["status"], bool(match["star"]), hidden)
