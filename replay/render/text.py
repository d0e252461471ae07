"""A markup-neutral document for posts; the core renders it to BBCode (per forum profile) or Markdown.

Rulesets build a `Doc` from plain strings only; every string is user text or rules text and is escaped by the
renderer, so a duelist called `[b]x[/b]` or `**x**` prints literally.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Span:
    """A run of inline text: style is "" (plain), "b", "i", "s" (strike) or "code"."""

    text: str
    style: str = ""


Inline = str | Span


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Para:
    spans: tuple[Inline, ...]


@dataclass(frozen=True)
class Bullets:
    items: tuple[tuple[Inline, ...], ...]
    ordered: bool = False


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Pre:
    """Monospace text kept as is (arithmetic, ASCII pictures)."""

    text: str


@dataclass(frozen=True)
class Spoiler:
    title: str
    body: Doc


Block = Heading | Para | Bullets | Table | Pre | Spoiler


@dataclass
class Doc:
    """A post: a list of blocks, built with the methods below."""

    blocks: list[Block] = field(default_factory=list)

    def h(self, text: str, level: int = 2) -> Doc:
        self.blocks.append(Heading(text, level))
        return self

    def p(self, *spans: Inline) -> Doc:
        self.blocks.append(Para(tuple(spans)))
        return self

    def ul(self, items: list[tuple[Inline, ...] | Inline], ordered: bool = False) -> Doc:
        self.blocks.append(Bullets(tuple(i if isinstance(i, tuple) else (i,) for i in items), ordered))
        return self

    def table(self, header: list[str], rows: list[list[str]]) -> Doc:
        self.blocks.append(Table(tuple(header), tuple(tuple(str(c) for c in r) for r in rows)))
        return self

    def pre(self, text: str) -> Doc:
        self.blocks.append(Pre(text))
        return self

    def spoiler(self, title: str, body: Doc) -> Doc:
        self.blocks.append(Spoiler(title, body))
        return self


def b(text: str) -> Span:
    return Span(text, "b")


def i(text: str) -> Span:
    return Span(text, "i")


def s(text: str) -> Span:
    return Span(text, "s")


def code(text: str) -> Span:
    return Span(text, "code")
