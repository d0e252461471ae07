"""A post longer than its forum's limit, split into numbered parts at section boundaries (never inside a tag).

A section starts at a heading. Sections are packed into parts in order; a section too long for one part is packed
block by block, and a block too long for one part is cut into smaller blocks of the same kind (a table by rows, each
part keeping the header; a code block or a list by lines; a spoiler by its blocks; a paragraph at spaces). Each part
is rendered as a whole document, so every tag it opens it also closes. A part that shows a spec id of the post's
glossary without explaining it ("K2 — …") ends with a note saying what it means: the meanings listed at the end of a
post are in its last part, and a reader of the first does not know what "K2" is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from replay.render.text import (
    Block,
    Bullets,
    Doc,
    Glossary,
    Heading,
    Para,
    Pre,
    Private,
    Spoiler,
    Table,
    i,
    id_pattern,
    plain_text,
    with_cited,
)

Draw = Callable[[Doc], str]
HEADER_ROOM = 40
"""Characters kept free in every part for its "(n/N)" line."""


def size(blocks: list[Block], draw: Draw) -> int:
    return len(draw(Doc(list(blocks))))


def sections(doc: Doc) -> list[list[Block]]:
    """The document's blocks, a new section at each heading."""
    out: list[list[Block]] = []
    for item in doc.blocks:
        if isinstance(item, Heading) or not out:
            out.append([])
        out[-1].append(item)
    return out


def halves(item: Block) -> list[Block]:
    """A block cut in two smaller blocks of its kind (or itself when it cannot be cut)."""
    match item:
        case Table() if len(item.rows) > 1:
            k = len(item.rows) // 2
            return [replace(item, rows=item.rows[:k]), replace(item, rows=item.rows[k:])]
        case Bullets() if len(item.items) > 1:
            k = len(item.items) // 2
            return [replace(item, items=item.items[:k]), replace(item, items=item.items[k:])]
        case Pre() if item.text.count("\n") >= 1:
            lines = item.text.split("\n")
            k = len(lines) // 2
            return [Pre("\n".join(lines[:k])), Pre("\n".join(lines[k:]))]
        case Spoiler() | Private() if len(item.body.blocks) > 1:
            k = len(item.body.blocks) // 2
            return [replace(item, body=Doc(item.body.blocks[:k])), replace(item, body=Doc(item.body.blocks[k:]))]
        case Spoiler() | Private() if len(item.body.blocks) == 1:
            inner = halves(item.body.blocks[0])
            if len(inner) > 1:
                return [replace(item, body=Doc([b])) for b in inner]
        case Para():
            text = "".join(s if isinstance(s, str) else s.text for s in item.spans)
            if len(text) > 1:
                cut = text.rfind(" ", 0, len(text) // 2 + 1)
                cut = cut if cut > 0 else len(text) // 2
                return [Para((text[:cut],)), Para((text[cut:].lstrip() or text[cut:],))]
    return [item]


def fitting(item: Block, draw: Draw, budget: int) -> list[Block]:
    """A block as blocks that each fit the budget."""
    if size([item], draw) <= budget:
        return [item]
    parts = halves(item)
    if len(parts) == 1:
        raise ValueError(f"a {type(item).__name__.lower()} of this post cannot be cut to fit {budget} characters")
    return [b for part in parts for b in fitting(part, draw, budget)]


def pack(groups: list[list[Block]], draw: Draw, budget: int) -> list[list[Block]]:
    """Groups of blocks packed in order into as few parts as fit the budget; a group too large is packed by block."""
    parts: list[list[Block]] = [[]]
    for group in groups:
        if size(parts[-1] + group, draw) <= budget:
            parts[-1] += group
        elif size(group, draw) <= budget:
            parts.append(list(group))
        else:
            for item in group:
                for piece in fitting(item, draw, budget):
                    if size(parts[-1] + [piece], draw) <= budget:
                        parts[-1].append(piece)
                    else:
                        parts.append([piece])
    return [p for p in parts if p]


def note(blocks: list[Block], glossary: Glossary | None) -> list[Block]:
    """What the spec ids the blocks show and do not explain mean (with the ids those meanings cite), as a titled
    list; nothing when every id they show is explained among them."""
    if glossary is None:
        return []
    text = plain_text(Doc(list(blocks)))
    shown = [key for key in glossary.meanings if key in text and id_pattern(key).search(text)]
    unexplained = [key for key in shown if f"{key} — " not in text]
    wanted = [key for key in with_cited(unexplained, glossary.meanings) if f"{key} — " not in text]
    if not wanted:
        return []
    return [Para((i(glossary.title + ":"),)), Bullets(tuple((f"{key} — {glossary.meanings[key]}",) for key in wanted))]


def split(doc: Doc, draw: Draw, limit: int) -> list[str]:
    """The post as numbered parts of at most `limit` characters each, each ending with the meanings of the ids it
    shows and does not explain."""
    def noted(part: Doc) -> str:
        return draw(Doc([*part.blocks, *note(part.blocks, doc.glossary)]))

    parts = pack(sections(doc), noted, limit - HEADER_ROOM)
    total = len(parts)
    out = [noted(Doc([Para((f"({n}/{total})",)), *blocks])) for n, blocks in enumerate(parts, 1)]
    longest = max(len(p) for p in out)
    if longest > limit:  # the header took more room than kept free: cannot happen with HEADER_ROOM
        raise ValueError(f"a part of {longest} characters is over the limit of {limit}")
    return out
