"""A `Doc` as BBCode for one forum profile, with fallbacks for the tags a forum lacks.

Profiles (NOTES.md, "Forums"):
- `phpbb`: phpBB core tags only (b, i, u, quote, url, img, size, color, code, list). Strike prints plain,
  a spoiler becomes `[quote="title"]`, a table an aligned monospace `[code]` block; sizes are percent.
- `mybb-ru`: the mybb.ru / rusff family (PunBB-derived). Adds `[s]` and `[spoiler=title]`. `table` and
  `list` are not confirmed there, so tables go to `[code]` and lists are plain "•" / "1." lines; sizes are px.
- `dungeonmaster`: DungeonMaster.ru runs its own engine whose tag set we could not confirm; it is treated
  like `mybb-ru` (b, i, s, spoiler, code, size). Change its profile if a forum shows a tag literally.

Escaping. BBCode has no standard escape, and `[noparse]` is core on neither family, so every `[` of user or
rules text is followed by a ZERO WIDTH SPACE (U+200B). A tag name must follow `[` directly on phpBB (s9e
TextFormatter) and on the PunBB-style regex parsers, so `[\u200bb]` and `[\u200b/code]` are never tags while
the reader still sees `[b]`. The same holds inside `[code]`, so a name cannot close the code block. Attribute
values (spoiler and quote titles) cannot carry `[`, `]` or `"` at all: those become `［`, `］` and `”`.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    monospace_table,
)

ZWSP = "\u200b"


@dataclass(frozen=True)
class Profile:
    """What a forum family's BBCode accepts."""

    name: str
    strike: bool
    spoiler: bool
    lists: bool
    sizes: tuple[int, int]
    """`[size=…]` of headings of level 1 and 2 (deeper headings are bold only)."""
    quoted_titles: bool
    """Whether a quote/spoiler title is written `="title"` (phpBB) or `=title` (PunBB family)."""


PROFILES: dict[str, Profile] = {
    "phpbb": Profile("phpbb", strike=False, spoiler=False, lists=True, sizes=(150, 120), quoted_titles=True),
    "mybb-ru": Profile("mybb-ru", strike=True, spoiler=True, lists=False, sizes=(18, 15),
                       quoted_titles=False),
    "dungeonmaster": Profile("dungeonmaster", True, True, False, (18, 15), False),
}


def escape(text: str) -> str:
    """User or rules text that opens no tag: a zero-width space after every `[`."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("[", "[" + ZWSP)


def unescape(text: str) -> str:
    """Inverse of `escape` (for tests and for reading our own posts back)."""
    return text.replace("[" + ZWSP, "[")


def escape_attr(text: str) -> str:
    """A tag attribute value (a title): no brackets, quotes or line breaks that could end it."""
    table = str.maketrans({"[": "［", "]": "］", '"': "”", "\n": " ", "\r": " "})
    return text.translate(table).strip() or "…"


def span(item: Inline, profile: Profile) -> str:
    """One inline run; styles the profile lacks print plain."""
    if isinstance(item, str):
        return escape(item)
    text = escape(item.text)
    if not text:
        return ""
    tag = {"b": "b", "i": "i", "s": "s" if profile.strike else ""}.get(item.style, "")
    return f"[{tag}]{text}[/{tag}]" if tag else text


def inline(spans: tuple[Inline, ...], profile: Profile) -> str:
    """A run of spans as one line of BBCode."""
    return "".join(span(s, profile) for s in spans)


def heading(block: Heading, profile: Profile) -> str:
    """A heading: bold, and larger for levels 1 and 2."""
    text = f"[b]{escape(block.text.replace(chr(10), ' '))}[/b]"
    if block.level <= 2:
        return f"[size={profile.sizes[block.level - 1]}]{text}[/size]"
    return text


def bullets(block: Bullets, profile: Profile) -> str:
    """A list: `[list]` where the forum has it, plain "•" or "1." lines otherwise."""
    items = [inline(item, profile) for item in block.items]
    if profile.lists:
        body = "\n".join(f"[*]{item}" for item in items)
        return f"[list{'=1' if block.ordered else ''}]\n{body}\n[/list]"
    marks = [f"{n}." if block.ordered else "•" for n in range(1, len(items) + 1)]
    return "\n".join(f"{mark} {item}" for mark, item in zip(marks, items, strict=True))


def code_block(text: str) -> str:
    """Monospace text in `[code]`; an escaped `[/code]` inside cannot close it."""
    return f"[code]{escape(text.rstrip())}[/code]"


def titled(title: str, body: str, profile: Profile) -> str:
    """A spoiler where the forum has one, else a titled quote."""
    tag = "spoiler" if profile.spoiler else "quote"
    value = escape_attr(title)
    attr = f'"{value}"' if profile.quoted_titles else value
    return f"[{tag}={attr}]\n{body}\n[/{tag}]"


def block(item: Block, profile: Profile) -> str:
    """One block of a post."""
    match item:
        case Heading():
            return heading(item, profile)
        case Para():
            return inline(item.spans, profile)
        case Bullets():
            return bullets(item, profile)
        case Table():
            return code_block(monospace_table(list(item.header), [list(r) for r in item.rows]))
        case Pre():
            return code_block(item.text)
        case Spoiler():
            return titled(item.title, render_doc(item.body, profile), profile)
    raise TypeError(f"not a block: {item!r}")


def render_doc(doc: Doc, profile: Profile) -> str:
    """Every block, separated by a blank line."""
    return "\n\n".join(block(b, profile) for b in doc.blocks)


def render(doc: Doc, profile: str = "phpbb") -> str:
    """A post as BBCode for a forum profile (`phpbb`, `mybb-ru`, `dungeonmaster`)."""
    if profile not in PROFILES:
        raise ValueError(f"unknown BBCode profile {profile!r} (known: {', '.join(PROFILES)})")
    return render_doc(doc, PROFILES[profile]) + "\n"


__all__ = ["PROFILES", "ZWSP", "Profile", "Span", "escape", "escape_attr", "render", "unescape"]
