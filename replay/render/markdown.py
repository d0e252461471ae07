"""A `Doc` as Markdown for one profile: GitHub-flavoured (GFM tables, `<details>` spoilers), Discord or Telegram.

Dialects (replay/render/profiles/*.toml, docs/forums.md):
- `commonmark` (profile `markdown`): GFM tables, `<details>` spoilers where the profile allows HTML.
- `discord`: no tables (a fenced code block instead), `||spoiler||`, no HTML; a newline is a line break; `@` in
  text is followed by a zero-width space so that a name cannot mention `@everyone`.
- `telegram`: MarkdownV2 (`*bold*`, `_italic_`, `~strike~`, `||spoiler||`, ``` pre); no headings (bold lines) and
  no tables (pre blocks).

Escaping. Every ASCII punctuation character Markdown or GFM gives a meaning to is backslash-escaped wherever
it occurs, so no position-dependent rule (a leading `#`, `-`, `1.`, a setext `===`) can fire; `<`, `>` and
`&` are backslash-escaped too (GFM and Discord), so raw HTML or an entity in a name is inert and a reader of the
source sees `<`, not `&lt;`. A line break
inside text becomes a hard break (`\\` at the end of the line) and leading blanks are dropped, so text cannot start
a block or an indented code block. Telegram escapes exactly what MarkdownV2 asks: `_*[]()~`>#+-=|{}.!` and `\\`.
Bidirectional controls in names are isolated (`text.isolate_bidi`).
"""

from __future__ import annotations

import html
import re

from replay.render import profiles as profilelib
from replay.render.profiles import Profile
from replay.render.text import (
    Block,
    Bullets,
    Doc,
    Heading,
    Inline,
    Link,
    Para,
    Pre,
    Private,
    Span,
    Spoiler,
    Table,
    is_number,
    isolate_bidi,
    monospace_table,
)

ACTIVE = set("\\`*_{}[]()#+-.!|~=$")
"""Characters escaped with a backslash (all are ASCII punctuation, which CommonMark lets us escape)."""
DISCORD_ACTIVE = ACTIVE | set("<>")
TELEGRAM_ACTIVE = set("_*[]()~`>#+-=|{}.!\\")
"""What MarkdownV2 asks to escape everywhere outside code."""
MARKUP = set("<>&")
"""Backslash-escaped too in GFM (`\\<b\\>`): markdown-it-py renders it as the text `<b>` just as it does `&lt;b&gt;`,
and a reader who sees the source (a chat or a forum that shows Markdown as typed) reads `<b>`, not `&lt;b&gt;`."""
EMPHASIS = {"b": "**", "i": "*", "s": "~~"}
TELEGRAM_EMPHASIS = {"b": "*", "i": "_", "s": "~"}
SAFE_URL = re.compile(r"https?://[^\s<>\"'\\()\[\]`]+")
GFM = "markdown"


def _profile(profile: Profile | str | None) -> Profile:
    return profilelib.get(profile or GFM)


def _char(c: str, dialect: str) -> str:
    if dialect == "telegram":
        return f"\\{c}" if c in TELEGRAM_ACTIVE else c
    if dialect == "discord":
        if c == "@":
            return "@\u200b"
        return f"\\{c}" if c in DISCORD_ACTIVE else c
    return f"\\{c}" if c in ACTIVE or c in MARKUP else c


def escape(text: str, profile: Profile | str | None = None) -> str:
    """Text with no Markdown or HTML meaning; line breaks become hard breaks (GFM) or plain newlines (chats)."""
    dialect = _profile(profile).dialect
    text = isolate_bidi(re.sub(r"\r\n?", "\n", text))
    out = "".join(_char(c, dialect) for c in text)
    lines = [line.strip() for line in re.split(r"\n+", out)]
    joiner = "\\\n" if dialect == "commonmark" else "\n"
    return joiner.join(line for line in lines if line) if len(lines) > 1 else out


def unescape(text: str) -> str:
    """Inverse of `escape` on one-line text (for tests)."""
    return re.sub(r"\\(.)", r"\1", text).replace("@\u200b", "@")


def code_span(text: str, profile: Profile) -> str:
    """Inline code fenced with more backticks than any run inside it (Telegram: one backtick, escaped inside)."""
    text = isolate_bidi(text.replace("\n", " "))
    if not text:
        return ""
    if profile.dialect == "telegram":
        return "`" + re.sub(r"([`\\])", r"\\\1", text) + "`"
    if profile.dialect == "discord":
        text = text.replace("@", "@\u200b")  # a mention inside code is still no ping: never let it be one
    fence = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or text.strip() != text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def link(item: Link, profile: Profile) -> str:
    """`[text](address)` for a plain http(s) address; anything else prints as text."""
    text = escape(item.text or item.url, profile)
    if SAFE_URL.fullmatch(item.url) is None:
        return text if item.text == item.url else f"{text} ({escape(item.url, profile)})"
    return f"[{text}]({item.url})"


def span(item: Inline, profile: Profile | None = None) -> str:
    """One inline run; blanks around emphasised text stay outside the markers."""
    profile = _profile(profile)
    if isinstance(item, str):
        return escape(item, profile)
    if isinstance(item, Link):
        return link(item, profile)
    if item.style == "code":
        return code_span(item.text, profile)
    marker = (TELEGRAM_EMPHASIS if profile.dialect == "telegram" else EMPHASIS).get(item.style, "")
    core = item.text.strip()
    if not marker or not core:
        return escape(item.text, profile)
    lead = " " if item.text[:1].isspace() else ""
    tail = " " if item.text[-1:].isspace() else ""
    return f"{lead}{marker}{escape(core, profile)}{marker}{tail}"


def inline(spans: tuple[Inline, ...], profile: Profile | None = None) -> str:
    """A paragraph's spans, without leading blanks on any line."""
    text = "".join(span(s, profile) for s in spans)
    return "\n".join(line.lstrip() for line in text.split("\n"))


def cell(text: str) -> str:
    """A table cell: escaped, on one line (`|` is escaped too)."""
    return escape(text).replace("\\\n", "<br>")


def table(block: Table, profile: Profile | None = None) -> str:
    """A GFM table, all-number columns aligned right; a code block where the profile has no tables."""
    profile = _profile(profile)
    if not profile.tables:
        return fenced(monospace_table(list(block.header), [list(r) for r in block.rows]), profile)
    width = len(block.header)
    rows = [list(r) + [""] * (width - len(r)) for r in block.rows]
    right = [bool(rows) and all(is_number(r[k]) for r in rows if r[k]) for k in range(width)]
    lines = ["| " + " | ".join(cell(h) or " " for h in block.header) + " |"]
    lines.append("| " + " | ".join("---:" if r else "---" for r in right) + " |")
    lines += ["| " + " | ".join(cell(c) for c in r[:width]) + " |" for r in rows]
    return "\n".join(lines)


def fenced(text: str, profile: Profile | None = None) -> str:
    """A fenced code block that text cannot close."""
    profile = _profile(profile)
    text = isolate_bidi(text.rstrip())
    if profile.dialect == "telegram":
        return "```\n" + re.sub(r"([`\\])", r"\\\1", text) + "\n```"
    if profile.dialect == "discord":
        text = text.replace("@", "@\u200b")
    fence = "`" * max(3, max((len(r) for r in re.findall(r"`{3,}", text)), default=0) + 1)
    return f"{fence}text\n{text}\n{fence}"


def bullets(block: Bullets, profile: Profile | None = None) -> str:
    """A bullet or numbered list; continuation lines are indented under their item."""
    profile = _profile(profile)
    out = []
    for n, item in enumerate(block.items, 1):
        if profile.dialect == "telegram":
            mark = f"{n}\\." if block.ordered else "•"
        else:
            mark = f"{n}." if block.ordered else "-"
        out.append(f"{mark} " + inline(item, profile).replace("\n", "\n" + " " * (len(mark) + 1)))
    return "\n".join(out)


def heading(item: Heading, profile: Profile) -> str:
    """`#` headings, or a bold line where the profile has none."""
    text = item.text.replace("\n", " ")
    if not profile.headings:
        return span(Span(text, "b"), profile)
    depth = min(max(item.level, 1), 3 if profile.dialect == "discord" else 6)
    return "#" * depth + " " + escape(text, profile)


def spoiler(item: Spoiler, profile: Profile) -> str:
    """`<details>` where the profile allows HTML, `||…||` in chats, else a bold title over the text."""
    body = render_doc(item.body, profile).rstrip()
    if profile.spoiler == "details" and profile.html:
        title = html.escape(isolate_bidi(item.title.replace("\n", " ")), quote=False)
        return f"<details>\n<summary>{title}</summary>\n\n{body}\n\n</details>"
    title = span(Span(item.title.replace("\n", " ") or "…", "b"), profile)
    if profile.spoiler == "bars":
        return f"{title}\n||{body}||"
    return f"{title}\n\n{body}"


def block(item: Block, profile: Profile | None = None) -> str | None:
    """One block of a post (None: nothing to write for this profile)."""
    profile = _profile(profile)
    match item:
        case Heading():
            return heading(item, profile)
        case Para():
            return inline(item.spans, profile)
        case Bullets():
            return bullets(item, profile)
        case Table():
            return table(item, profile)
        case Pre():
            return fenced(item.text, profile)
        case Spoiler():
            return spoiler(item, profile)
        case Private():
            return None  # no Markdown profile can hide a block from some readers
    raise TypeError(f"not a block: {item!r}")


def render_doc(doc: Doc, profile: Profile) -> str:
    """Every block, separated by a blank line."""
    return "\n\n".join(text for text in (block(b, profile) for b in doc.blocks) if text is not None)


def render(doc: Doc, profile: Profile | str | None = None) -> str:
    """A post as Markdown for a profile (default: GitHub-flavoured): blocks separated by a blank line."""
    chosen = _profile(profile)
    if chosen.format != "markdown":
        raise ValueError(f"forum profile {chosen.name!r} is {chosen.format}, not markdown")
    return render_doc(doc, chosen) + "\n"


__all__ = ["Span", "escape", "render", "unescape"]
