"""A `Doc` as BBCode for one forum profile (replay/render/profiles/*.toml), with fallbacks for the tags a forum lacks.

Shipped BBCode profiles (NOTES.md, "Forums"; docs/forums.md):
- `phpbb`: phpBB 3.3's default tags (b, i, u, color, size, list, code, quote, img, url). Strike prints plain,
  a spoiler becomes `[quote="title"]`, a table an aligned monospace `[code]` block; sizes are percent.
- `dungeonmaster`: DM3 (b, i, u, s, pre, code, spoiler without a title, quote, img, ul/ol/li, `[link=…]`,
  `[private=…]`). No size: headings are bold. It rewrites `--` into a dash and newlines into breaks, so no `--`
  is written (a zero-width space goes between two hyphens, table rules are drawn with "─") and lists are one line.
- `mybb-ru`: the mybb.ru / rusff family, unconfirmed: `[s]` and `[spoiler=title]`; tables go to `[code]` and
  lists are plain "•" / "1." lines; sizes are px.

Escaping. BBCode has no standard escape, and `[noparse]` is core on neither family, so every `[` of user or
rules text is followed by a ZERO WIDTH SPACE (U+200B). A tag name must follow `[` directly on phpBB (s9e
TextFormatter) and on the PunBB-style regex parsers, so `[\u200bb]` and `[\u200b/code]` are never tags while
the reader still sees `[b]`. The same holds inside `[code]`, so a name cannot close the code block. Attribute
values (spoiler and quote titles) cannot carry `[`, `]` or `"` at all: those become `［`, `］` and `”`.
Bidirectional controls in names are isolated (`text.isolate_bidi`).
"""

from __future__ import annotations

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
    isolate_bidi,
    monospace_table,
)

ZWSP = "\u200b"
SAFE_URL = re.compile(r"https?://[^\s\[\]\"'<>\\]+")


def _bbcode_profiles() -> dict[str, Profile]:
    return {name: p for name, p in profilelib.known().items() if p.format == "bbcode"}


PROFILES: dict[str, Profile] = _bbcode_profiles()
"""The BBCode profiles by name (shipped and the user's, as read at import)."""


def escape(text: str, profile: Profile | None = None) -> str:
    """User or rules text that opens no tag: a zero-width space after every `[` (and between two hyphens where
    the forum rewrites `--`)."""
    text = isolate_bidi(text.replace("\r\n", "\n").replace("\r", "\n")).replace("[", "[" + ZWSP)
    if profile is not None and profile.rewrites_dashes:
        text = re.sub(r"-(?=-)", "-" + ZWSP, text)
    return text


def unescape(text: str) -> str:
    """Inverse of `escape` (for tests and for reading our own posts back)."""
    return text.replace("[" + ZWSP, "[").replace("-" + ZWSP + "-", "--").replace("-" + ZWSP + "-", "--")


def escape_attr(text: str) -> str:
    """A tag attribute value (a title): no brackets, quotes or line breaks that could end it."""
    table = str.maketrans({"[": "［", "]": "］", '"': "”", "\n": " ", "\r": " "})
    return isolate_bidi(text).translate(table).strip() or "…"


def link(item: Link, profile: Profile) -> str:
    """A link where the forum has a link tag and the address is plain http(s); else the text and the address."""
    text = escape(item.text, profile) or escape(item.url, profile)
    url_ok = SAFE_URL.fullmatch(item.url) is not None and not (profile.rewrites_dashes and "--" in item.url)
    if profile.link == "none" or not url_ok:
        return text if item.text == item.url else f"{text} ({escape(item.url, profile)})"
    return f"[{profile.link}={item.url}]{text}[/{profile.link}]"


def span(item: Inline, profile: Profile) -> str:
    """One inline run; styles the profile lacks print plain."""
    if isinstance(item, str):
        return escape(item, profile)
    if isinstance(item, Link):
        return link(item, profile)
    text = escape(item.text, profile)
    if not text:
        return ""
    tag = item.style if item.style in ("b", "i", "s") and item.style in profile.tags else ""
    return f"[{tag}]{text}[/{tag}]" if tag else text


def inline(spans: tuple[Inline, ...], profile: Profile) -> str:
    """A run of spans as one line of BBCode."""
    return "".join(span(s, profile) for s in spans)


def heading(block: Heading, profile: Profile) -> str:
    """A heading: bold, and larger for levels 1 and 2 where the forum has `[size]`."""
    text = f"[b]{escape(block.text.replace(chr(10), ' '), profile)}[/b]"
    if block.level <= len(profile.heading_sizes) and "size" in profile.tags:
        return f"[size={profile.heading_sizes[block.level - 1]}]{text}[/size]"
    return text


def bullets(block: Bullets, profile: Profile) -> str:
    """A list: `[list]` or `[ul]`/`[ol]` where the forum has it, plain "•" or "1." lines otherwise."""
    items = [inline(item, profile) for item in block.items]
    if profile.lists == "list":
        body = "\n".join(f"[*]{item}" for item in items)
        return f"[list{'=1' if block.ordered else ''}]\n{body}\n[/list]"
    if profile.lists == "ul":
        tag = "ol" if block.ordered else "ul"
        sep = "" if profile.newline_breaks else "\n"
        body = sep.join(f"[li]{item.replace(chr(10), ' ')}[/li]" for item in items)
        return f"[{tag}]{sep}{body}{sep}[/{tag}]"
    marks = [f"{n}." if block.ordered else "•" for n in range(1, len(items) + 1)]
    return "\n".join(f"{mark} {item}" for mark, item in zip(marks, items, strict=True))


def code_block(text: str, profile: Profile) -> str:
    """Monospace text in `[code]`; an escaped `[/code]` inside cannot close it."""
    return f"[code]{escape(text.rstrip(), profile)}[/code]"


def table(block: Table, profile: Profile) -> str:
    """A table as an aligned monospace `[code]` block (no forum profile has tables)."""
    rule, cross = ("─", "┼") if profile.rewrites_dashes else ("-", "+")
    return code_block(monospace_table(list(block.header), [list(r) for r in block.rows], rule, cross), profile)


def titled(title: str, body: str, profile: Profile) -> str:
    """A spoiler where the forum has one (its title in bold before it if the spoiler takes none), else a titled
    quote."""
    value = escape_attr(title)
    if profile.spoiler == "untitled":
        return f"[b]{escape(value, profile)}[/b]\n[spoiler]\n{body}\n[/spoiler]"
    tag = "spoiler" if profile.spoiler == "titled" else "quote"
    attr = f'"{value}"' if profile.quoted_titles else value
    return f"[{tag}={attr}]\n{body}\n[/{tag}]"


def private(item: Private, profile: Profile) -> str | None:
    """A block for the named readers only; None (left out) on a forum that cannot hide it."""
    if not profile.private:
        return None
    names = [escape(re.sub(r"[\[\]\",=\s]", "", n), profile) for n in item.to]
    to = ",".join(n for n in names if n) or "GM"
    return f"[private={to}]\n{render_doc(item.body, profile)}\n[/private]"


def block(item: Block, profile: Profile) -> str | None:
    """One block of a post (None: nothing to write for this forum)."""
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
            return code_block(item.text, profile)
        case Spoiler():
            return titled(item.title, render_doc(item.body, profile), profile)
        case Private():
            return private(item, profile)
    raise TypeError(f"not a block: {item!r}")


def render_doc(doc: Doc, profile: Profile) -> str:
    """Every block, separated by a blank line."""
    return "\n\n".join(text for text in (block(b, profile) for b in doc.blocks) if text is not None)


def render(doc: Doc, profile: str | Profile = "phpbb") -> str:
    """A post as BBCode for a forum profile (`phpbb`, `dungeonmaster`, `mybb-ru`, or a user's)."""
    if isinstance(profile, str) and profile not in PROFILES:
        raise ValueError(f"unknown BBCode profile {profile!r} (known: {', '.join(PROFILES)})")
    chosen = profilelib.get(profile)
    if chosen.format != "bbcode":
        raise ValueError(f"forum profile {chosen.name!r} is {chosen.format}, not bbcode")
    return render_doc(doc, chosen) + "\n"


__all__ = ["PROFILES", "ZWSP", "Profile", "Span", "escape", "escape_attr", "render", "unescape"]
