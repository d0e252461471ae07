"""A `Doc` as GitHub-flavoured Markdown: GFM tables, `<details>` spoilers, all active characters escaped.

Escaping. Every ASCII punctuation character Markdown or GFM gives a meaning to is backslash-escaped wherever
it occurs, so no position-dependent rule (a leading `#`, `-`, `1.`, a setext `===`) can fire; `<`, `>` and
`&` become HTML entities, so raw HTML in a name is inert. A line break inside text becomes a hard break (`\\`
at the end of the line) and leading blanks are dropped, so text cannot start a block or an indented code block.
"""

from __future__ import annotations

import html
import re

from replay.render.text import (
    Block,
    Bullets,
    Doc,
    Heading,
    Inline,
    Para,
    Pre,
    Span,
    Spoiler,
    Table,
    is_number,
)

ACTIVE = set("\\`*_{}[]()#+-.!|~=$")
"""Characters escaped with a backslash (all are ASCII punctuation, which CommonMark lets us escape)."""
ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
EMPHASIS = {"b": "**", "i": "*", "s": "~~"}


def escape(text: str) -> str:
    """Text with no Markdown or HTML meaning; line breaks become hard breaks."""
    text = re.sub(r"\r\n?", "\n", text)
    out = "".join(ENTITIES.get(c) or (f"\\{c}" if c in ACTIVE else c) for c in text)
    lines = [line.strip() for line in re.split(r"\n+", out)]
    return "\\\n".join(line for line in lines if line) if len(lines) > 1 else out


def unescape(text: str) -> str:
    """Inverse of `escape` on one-line text (for tests)."""
    text = re.sub(r"\\(.)", r"\1", text)
    return html.unescape(text)


def code_span(text: str) -> str:
    """Inline code fenced with more backticks than any run inside it."""
    text = text.replace("\n", " ")
    if not text:
        return ""
    fence = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or text.strip() != text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def span(item: Inline) -> str:
    """One inline run; blanks around emphasised text stay outside the markers."""
    if isinstance(item, str):
        return escape(item)
    if item.style == "code":
        return code_span(item.text)
    marker = EMPHASIS.get(item.style, "")
    core = item.text.strip()
    if not marker or not core:
        return escape(item.text)
    lead = " " if item.text[:1].isspace() else ""
    tail = " " if item.text[-1:].isspace() else ""
    return f"{lead}{marker}{escape(core)}{marker}{tail}"


def inline(spans: tuple[Inline, ...]) -> str:
    """A paragraph's spans, without leading blanks on any line."""
    text = "".join(span(s) for s in spans)
    return "\n".join(line.lstrip() for line in text.split("\n"))


def cell(text: str) -> str:
    """A table cell: escaped, on one line (`|` is escaped too)."""
    return escape(text).replace("\\\n", "<br>")


def table(block: Table) -> str:
    """A GFM table; all-number columns align right."""
    width = len(block.header)
    rows = [list(r) + [""] * (width - len(r)) for r in block.rows]
    right = [bool(rows) and all(is_number(r[k]) for r in rows if r[k]) for k in range(width)]
    lines = ["| " + " | ".join(cell(h) or " " for h in block.header) + " |"]
    lines.append("| " + " | ".join("---:" if r else "---" for r in right) + " |")
    lines += ["| " + " | ".join(cell(c) for c in r[:width]) + " |" for r in rows]
    return "\n".join(lines)


def fenced(text: str) -> str:
    """A fenced code block that text cannot close."""
    fence = "`" * max(3, max((len(r) for r in re.findall(r"`{3,}", text)), default=0) + 1)
    return f"{fence}text\n{text.rstrip()}\n{fence}"


def bullets(block: Bullets) -> str:
    """A bullet or numbered list; continuation lines are indented under their item."""
    out = []
    for n, item in enumerate(block.items, 1):
        mark = f"{n}." if block.ordered else "-"
        out.append(f"{mark} " + inline(item).replace("\n", "\n" + " " * (len(mark) + 1)))
    return "\n".join(out)


def block(item: Block) -> str:
    """One block of a post."""
    match item:
        case Heading():
            return "#" * min(max(item.level, 1), 6) + " " + escape(item.text.replace("\n", " "))
        case Para():
            return inline(item.spans)
        case Bullets():
            return bullets(item)
        case Table():
            return table(item)
        case Pre():
            return fenced(item.text)
        case Spoiler():
            title = html.escape(item.title.replace("\n", " "), quote=False)
            return f"<details>\n<summary>{title}</summary>\n\n{render(item.body).rstrip()}\n\n</details>"
    raise TypeError(f"not a block: {item!r}")


def render(doc: Doc) -> str:
    """A post as Markdown: blocks separated by a blank line."""
    return "\n\n".join(block(b) for b in doc.blocks) + "\n"


__all__ = ["Span", "escape", "render", "unescape"]
