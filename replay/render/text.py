"""A markup-neutral document for posts; the core renders it to BBCode (per forum profile) or Markdown.

Rulesets build a `Doc` from plain strings only; every string is user text or rules text and is escaped by the
renderer, so a duelist called `[b]x[/b]` or `**x**` prints literally.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from replay.render.lang import pick, plural, tr  # noqa: F401  (here for the modules that import them from here)


@dataclass(frozen=True)
class Span:
    """A run of inline text: style is "" (plain), "b", "i", "s" (strike) or "code"."""

    text: str
    style: str = ""


@dataclass(frozen=True)
class Link:
    """A link: text, and an http(s) address (anything else prints as text)."""

    text: str
    url: str


Inline = str | Span | Link


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


@dataclass(frozen=True)
class Private:
    """A block only the named readers may see (DM3's `[private=…]`); profiles without it leave it out."""

    to: tuple[str, ...]
    body: Doc


Block = Heading | Para | Bullets | Table | Pre | Spoiler | Private


@dataclass(frozen=True)
class Glossary:
    """What the spec ids a post shows mean (id -> meaning), and the title of the note a part of a split post ends
    with when it shows an id that the part itself does not explain."""

    title: str
    meanings: dict[str, str]


@dataclass
class Doc:
    """A post: a list of blocks, built with the methods below, and the meanings of the spec ids it shows."""

    blocks: list[Block] = field(default_factory=list)
    glossary: Glossary | None = None

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

    def private(self, to: list[str], body: Doc) -> Doc:
        self.blocks.append(Private(tuple(to), body))
        return self


def b(text: str) -> Span:
    return Span(text, "b")


def i(text: str) -> Span:
    return Span(text, "i")


def s(text: str) -> Span:
    return Span(text, "s")


def code(text: str) -> Span:
    return Span(text, "code")


# --- words of a bilingual post -----------------------------------------------------------------------------------

def spec_defaults(data_dir: Any, lang: str, short: bool = False) -> dict[str, str]:
    """A ruleset's PROPOSED DEFAULTS (id -> what it says) from its data/defaults.json, in Russian from
    data/defaults_ru.json where it has one (ids it lacks keep the English). `short`: the English entry's first
    part only (its question), for posts."""
    import json

    folder = Path(data_dir)
    path = folder / "defaults.json"
    out: dict[str, str] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    if short:
        out = {k: v.split(" — ", 1)[0] for k, v in out.items()}
    ru = folder / "defaults_ru.json"
    if lang == "ru" and ru.exists():
        out.update(json.loads(ru.read_text(encoding="utf-8")))
    return out


def spec_meanings(data_dir: Any, lang: str) -> dict[str, str]:
    """Every spec id a ruleset's posts may cite, with what it means in `lang`: its defaults (`spec_defaults`, short)
    and the ids its data/clauses_<lang>.json explains with a title (choice points CP-24, clarifications AR-3)."""
    import json

    out = spec_defaults(data_dir, lang, short=True)
    path = Path(data_dir) / f"clauses_{lang}.json"
    said = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    out.update({key: str(entry["title"]) for key, entry in said.items()
                if SPEC_ID_SHAPE.fullmatch(key) and isinstance(entry, dict) and "title" in entry})
    return out


def board_names(data_dir: Any) -> frozenset[str]:
    """The names of a ruleset's board written like spec ids (cerilia's sectors A1–E3: data/clauses_ru.json's
    "_board"), never read as ids."""
    import json

    path = Path(data_dir) / "clauses_ru.json"
    return frozenset(json.loads(path.read_text(encoding="utf-8")).get("_board", ())) if path.is_file() else frozenset()


def check_spoiler(doc: Doc, view: Any, lang: str, defaults: list[str], *,
                  defaults_label: tuple[str, str] = ("Толкования правил (спорные места): ",
                                                     "Rule interpretations used: "),
                  meanings: dict[str, str] | None = None, names: frozenset[str] = frozenset()) -> None:
    """The "for checking" spoiler every post ends with: the log's events the turn shows, the hash of the last, and
    the spec defaults its resolutions relied on (each with what it says, given `meanings`: a reader does not know
    what "A14" is), with every id those meanings cite in turn (never one of `names`: the board's sectors, the
    phases, which a ruleset may write like ids). The meanings listed go on the post's glossary, so a
    part of a post split for a short-message forum explains the ids it shows (`replay.render.split`)."""
    shown = [*view.inputs, *view.resolutions]
    events = [e for e in shown if e.seq > 0]  # a provisional step is a draft (seq 0): not in the log yet
    drafts = len(shown) - len(events)
    if not shown:
        return
    body = Doc()
    if events:
        seqs = sorted(e.seq for e in events)
        last = max(events, key=lambda e: e.seq)
        body.p(tr(lang, f"События журнала №{seqs[0]}–{seqs[-1]}, хеш последнего: ",
                  f"Log events #{seqs[0]}–{seqs[-1]}, last hash: "), last.hash[:16] + "…")
    if drafts:
        body.p(tr(lang, f"Предварительных шагов, еще не записанных в журнал: {drafts}",
                  f"Provisional steps, not in the log yet: {drafts}"))
    ids = sorted(set(defaults), key=lambda x: (len(x), x))
    if meanings:
        ids = sorted(with_cited(ids, meanings, names), key=lambda x: (len(x), x))
        listed = {d: meanings[d] for d in ids if meanings.get(d)}
        if listed:
            doc.glossary = Glossary(tr(lang, "Обозначения в этой части", "The ids in this part"),
                                    {**(doc.glossary.meanings if doc.glossary else {}), **listed})
    if ids and meanings:
        body.p(pick(defaults_label, lang).rstrip(": ") + ":")
        body.ul([f"{d} — {meanings[d]}" if meanings.get(d) else d for d in ids])
    elif ids:
        body.p(pick(defaults_label, lang) + ", ".join(ids))
    doc.spoiler(tr(lang, "Для проверки", "For checking"), body)


SPEC_ID_SHAPE = re.compile(r"(?:(?:CP|AMB|AR)-[A-Z]?\d+|[AKC]-?\d+b?|M\d{2})")
"""What a spec id looks like (A14, A-08, K54, C9, CP-24, AMB-13, AR-3, M44): only such keys of a meanings table
are looked for inside other meanings (not sections like "5.8.2", which a post's references explain)."""


def id_pattern(key: str) -> re.Pattern[str]:
    """An id as a whole token: "K2" is not found in "K25", "1к2" or "A-K2"."""
    return re.compile(r"(?<![\w§.\-])" + re.escape(key) + r"(?![\w\-])")


def with_cited(ids: list[str], meanings: dict[str, str], names: frozenset[str] = frozenset()) -> list[str]:
    """The ids, and after them every spec id their meanings cite that `meanings` explains, and so on
    ("AMB-36 — … (если ДМ не решит иначе, CP-24)" brings CP-24); `names` are not ids ("move in C1": a phase)."""
    out = list(dict.fromkeys(ids))
    shaped = [key for key in meanings if SPEC_ID_SHAPE.fullmatch(key) and key not in names]
    k = 0
    while k < len(out):
        said = meanings.get(out[k]) or ""
        out += [key for key in shaped if key not in out and key in said and id_pattern(key).search(said)]
        k += 1
    return out


def ids_in_brackets(doc: Doc, meanings: dict[str, str], board: frozenset[str] = frozenset()) -> list[str]:
    """The ids of `meanings` a post cites in brackets ("(по диагонали: 1 кл., K2)", "(AR-3)"), in the order it
    cites them; never a name of the board (cerilia's sectors A1–E3)."""
    shaped = [key for key in meanings if SPEC_ID_SHAPE.fullmatch(key) and key not in board]
    out: list[str] = []
    for group in re.findall(r"\(([^()]*)\)", plain_text(doc)):
        out += sorted((key for key in shaped if key in group and id_pattern(key).search(group)),
                      key=lambda key: group.index(key))
    return list(dict.fromkeys(out))


def plain_text(doc: Doc) -> str:
    """Every word of a document, spoilers and private blocks included, as plain text (to find what it cites)."""
    out: list[str] = []

    def inline(spans: tuple[Inline, ...]) -> str:
        return "".join(x if isinstance(x, str) else x.text for x in spans)

    for block in doc.blocks:
        match block:
            case Heading():
                out.append(block.text)
            case Para():
                out.append(inline(block.spans))
            case Bullets():
                out += [inline(item) for item in block.items]
            case Table():
                out += [" | ".join(row) for row in (block.header, *block.rows)]
            case Pre():
                out.append(block.text)
            case Spoiler():
                out += [block.title, plain_text(block.body)]
            case Private():
                out.append(plain_text(block.body))
    return "\n".join(out)


def signed(n: int) -> str:
    """A number with a typographic minus."""
    return f"−{-n}" if n < 0 else str(n)


# --- rendering -------------------------------------------------------------------------------------------------

FORMATS = ("bbcode", "markdown")


def render(doc: Doc, fmt: str, profile: Any = None) -> str:
    """A post as forum text: fmt "bbcode" or "markdown", for a forum profile (replay.render.profiles; default
    phpbb for BBCode, GitHub-flavoured Markdown for Markdown). The whole post, however long (see `render_parts`)."""
    return _renderer(fmt, profile)(doc)


def render_parts(doc: Doc, fmt: str | None = None, profile: Any = None) -> list[str]:
    """A post as the forum messages it takes: one, or numbered parts split at section boundaries when it is
    longer than the profile's limit (never inside a tag)."""
    chosen = _profile(fmt, profile)
    draw = _renderer(chosen.format, chosen)
    whole = draw(doc)
    if chosen.limit is None or len(whole) <= chosen.limit:
        return [whole]
    from replay.render.split import split

    return split(doc, draw, chosen.limit)


def _profile(fmt: str | None, profile: Any) -> Any:
    from replay.render import profiles

    if profile is None:
        return profiles.get("markdown" if fmt == "markdown" else "phpbb")
    chosen = profiles.get(profile)
    if fmt is not None and chosen.format != fmt:
        if isinstance(profile, str) and fmt == "markdown" and profile == "phpbb":
            return profiles.get("markdown")  # the old default profile argument of a Markdown render
        raise ValueError(f"forum profile {chosen.name!r} is {chosen.format}, not {fmt}")
    return chosen


def _renderer(fmt: str, profile: Any) -> Any:
    if fmt not in FORMATS:
        raise ValueError(f"unknown post format {fmt!r} (known: {', '.join(FORMATS)})")
    if fmt == "bbcode" and isinstance(profile, str):
        from replay.render import bbcode

        if profile not in bbcode.PROFILES:  # the BBCode profiles are named in the message
            raise ValueError(f"unknown BBCode profile {profile!r} (known: {', '.join(bbcode.PROFILES)})")
    chosen = _profile(fmt, profile)
    if chosen.format == "bbcode":
        from replay.render import bbcode

        return lambda doc: bbcode.render(doc, chosen)
    from replay.render import markdown

    return lambda doc: markdown.render(doc, chosen)


# --- names at the boundary ----------------------------------------------------------------------------------------

EMBEDDINGS = frozenset("\u202a\u202b\u202c\u202d\u202e")
"""LRE, RLE, PDF, LRO, RLO: they reorder everything after them (an unclosed RLO reverses the tool's own text)."""
ISOLATES = frozenset("\u2066\u2067\u2068")
"""LRI, RLI, FSI; PDI (U+2069) closes one."""
PDI = "\u2069"


def isolate_bidi(text: str) -> str:
    """Text whose bidirectional controls reach no further than itself: embeddings and overrides removed, isolates
    kept only when balanced on their line (a stray PDI dropped, an open isolate closed at the end of its line).
    Text without such controls is returned as it is."""
    if not any(c in EMBEDDINGS or c in ISOLATES or c == PDI for c in text):
        return text
    return "\n".join(_isolate_line(line) for line in text.split("\n"))


def _isolate_line(line: str) -> str:
    out, depth = [], 0
    for c in line:
        if c in EMBEDDINGS:
            continue
        if c in ISOLATES:
            depth += 1
        elif c == PDI:
            if not depth:
                continue
            depth -= 1
        out.append(c)
    return "".join(out) + PDI * depth


def display_width(text: str) -> int:
    """Columns text takes in a monospace font: combining and format marks 0, East Asian wide 2, others 1."""

    def w(c: str) -> int:
        if unicodedata.combining(c) or unicodedata.category(c) == "Cf":
            return 0
        return 2 if unicodedata.east_asian_width(c) in "WF" else 1

    return sum(w(c) for c in text)


def is_number(text: str) -> bool:
    """A count, a signed number or a ratio like "-2/6" (right-aligned in tables)."""
    return re.fullmatch(r"[-+−]?\d+(?:[.,]\d+)?(?:/[-+−]?\d+)?", text.strip()) is not None


def monospace_table(header: list[str], rows: list[list[str]], rule: str = "-", cross: str = "+") -> str:
    """A table as aligned monospace lines (`[code]` blocks, plain-text pictures); numbers align right. The line
    under the header is drawn with `rule` and `cross` (a forum that turns "--" into a dash gets "─" and "┼")."""
    width = len(header)
    grid = [[c.replace("\n", " ") for c in header]]
    grid += [[c.replace("\n", " ") for c in r] + [""] * (width - len(r)) for r in rows]
    cols = [max(display_width(r[k]) for r in grid) for k in range(width)]
    right = [bool(rows) and all(is_number(r[k]) for r in grid[1:] if r[k]) for k in range(width)]

    def pad(text: str, k: int) -> str:
        fill = " " * (cols[k] - display_width(text))
        return fill + text if right[k] else text + fill

    lines = [" | ".join(pad(r[k], k) for k in range(width)).rstrip() for r in grid]
    lines.insert(1, f"{rule}{cross}{rule}".join(rule * c for c in cols))
    return "\n".join(lines)


# --- what the core adds to every post --------------------------------------------------------------------------

def framed(doc: Doc, view: Any, lang: str, describe: Any = None, names: dict[str, str] | None = None) -> Doc:
    """A ruleset's post with what the core knows around it: a provisional turn says so and lists what it waits for
    (in Russian calling the actors by `names`, id -> name, where the ruleset gives them);
    a closed turn amended later names its corrections. Written from the GM's view (`post --as gm`), the turn's
    events that only some players may read go into `[private=…]` blocks for exactly those readers (`describe(event,
    lang)`: one line each); a forum without `[private]` leaves the blocks out."""
    out = Doc(glossary=doc.glossary)
    if getattr(view, "provisional", False):
        out.p(b(tr(lang, "Предварительно:", "Provisional:")),
              tr(lang, " ход ещё открыт, показано то, что следует из уже записанных приказов и бросков.",
                 " the turn is still open; this is what the orders and rolls recorded so far give."))
    out.blocks += doc.blocks
    requests = getattr(view, "requests", ())
    if requests:
        out.p(b(tr(lang, "Ждём:", "Waiting for:")))
        from replay.render.i18n import loaded_rulesets, request_text

        out.ul([request_text(r, lang, loaded_rulesets(), names) for r in requests])
    if getattr(view, "viewer", None) == "gm":
        secret: dict[tuple[str, ...], list[Any]] = {}
        for e in (*getattr(view, "inputs", ()), *getattr(view, "resolutions", ())):
            if getattr(e, "visible", None) is not None:
                secret.setdefault(tuple(e.visible), []).append(e)
        for readers, events in secret.items():
            body = Doc().p(b(tr(lang, "Только для: ", "Only for: ") + ", ".join(readers)))
            body.ul([f"seq {e.seq} {e.type}" + (f": {describe(e, lang)}" if describe else "") for e in events])
            out.private(list(readers), body)
    corrections = getattr(view, "corrections", ())
    for c in corrections:
        note = str(c.payload.get("note") or tr(lang, "без пояснения", "no note"))
        out.p(b(tr(lang, "Исправлено мастером", "Corrected by the GM")),
              f" (seq {c.seq}, {tr(lang, 'ход', 'turn')} {c.turn}): {note}")
    return out


# --- colours in words --------------------------------------------------------------------------------------------

PALETTE = (
    ((0, 0, 0), "черный", "black"), ((255, 255, 255), "белый", "white"), ((128, 128, 128), "серый", "grey"),
    ((200, 40, 40), "красный", "red"), ((120, 10, 20), "темно-красный", "dark red"),
    ((235, 130, 30), "оранжевый", "orange"), ((235, 205, 40), "желтый", "yellow"),
    ((40, 160, 60), "зеленый", "green"), ((10, 90, 40), "темно-зеленый", "dark green"),
    ((30, 165, 170), "бирюзовый", "teal"), ((45, 80, 195), "синий", "blue"), ((110, 170, 235), "голубой", "light blue"),
    ((20, 30, 100), "темно-синий", "navy"), ((125, 55, 165), "фиолетовый", "purple"),
    ((235, 125, 175), "розовый", "pink"), ((130, 80, 40), "коричневый", "brown"),
)
"""A few colours a reader names; a colour code is said as the nearest of them."""
HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def colour_name(colour: str, lang: str) -> str:
    """ "#c03030" → "красный" / "red": what a forum reader calls a colour code; other text as it is."""
    if not HEX_COLOUR.fullmatch(colour.strip()):
        return colour
    digits = colour.strip()[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    rgb = tuple(int(digits[k:k + 2], 16) for k in (0, 2, 4))
    best = min(PALETTE, key=lambda p: sum((a - b) ** 2 for a, b in zip(p[0], rgb, strict=True)))
    return best[1] if lang == "ru" else best[2]


# --- what a name and a colour must be -----------------------------------------------------------------------------

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters that are letters or symbols by category but draw nothing (Hangul fillers, the blank Braille cell)."""
CSS_COLOURS = frozenset(line.strip() for line in (Path(__file__).parent / "colours.txt").read_text().splitlines()
                        if line.strip() and not line.startswith("#"))
"""The SVG/CSS colour keywords (colours.txt)."""


def name_problem(text: str) -> str | None:
    """Why a name cannot be shown (blank, or only invisible characters), or None."""
    if not text.strip():
        return "is blank"
    if not any(unicodedata.category(c)[0] in "LNPS" and c not in BLANK_LETTERS for c in text):
        return "has no visible character (only spaces, controls or invisible marks)"
    return None


def colour_problem(text: str) -> str | None:
    """Why a colour is not one a frame can draw (#rgb, #rrggbb or an SVG colour keyword), or None."""
    if HEX_COLOUR.fullmatch(text) or text.lower() in CSS_COLOURS:
        return None
    return f"{text!r} is not a colour (#rgb, #rrggbb or an SVG colour name such as 'red')"


def setup_problems(setup: Any, path: str = "setup") -> list[str]:
    """Every name in a setup that is blank or invisible, and every colour that is not a colour (any `name`,
    `color` or `colour` field at any depth), naming its path."""
    out: list[str] = []
    if isinstance(setup, dict):
        for key, value in setup.items():
            here = f"{path}.{key}"
            if isinstance(value, str) and key == "name":
                problem = name_problem(value)
                out += [f"{here}: the name {problem}"] if problem else []
            elif isinstance(value, str) and key in ("color", "colour"):
                problem = colour_problem(value)
                out += [f"{here}: {problem}"] if problem else []
            else:
                out += setup_problems(value, here)
    elif isinstance(setup, list):
        for k, value in enumerate(setup):
            out += setup_problems(value, f"{path}[{k}]")
    return out
