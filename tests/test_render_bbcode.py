"""Forum BBCode: profiles, fallbacks, and user text that never opens a tag."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from replay.render import bbcode
from replay.render.text import Doc, Span, b, code, i, isolate_bidi, monospace_table, render, s

TAG = re.compile(r"\[(/?)([a-zA-Z*]+)(=[^\]\n]*)?\]")
PROFILES = list(bbcode.PROFILES)
EVIL = '<script>alert(1)</script> [b]Жан[/b] **x** [url=javascript:alert(1)]y[/url] [/code] [/spoiler]'

texts = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40) | st.sampled_from(
    [EVIL, "[", "]", "[[b]]", "[/quote]", "[*]", "[list]", "[size=200]", "[b", "[\u200bb]", "[code]x[/code]"]
)
styles = st.sampled_from(["", "b", "i", "s", "code"])
spans = st.builds(Span, texts, styles)


def tags(text: str) -> list[str]:
    """Every BBCode tag in text as a forum parser would see it (name only, attribute values dropped)."""
    return [m.group(1) + m.group(2).lower() for m in TAG.finditer(text)]


def blank(doc: Doc) -> Doc:
    """The same document with every non-empty user string replaced by "x"."""
    def t(text: str) -> str:
        return "x" if text else ""

    out = Doc()
    for blk in doc.blocks:
        match blk:
            case bbcode.Para():
                out.p(*(Span(t(sp.text), sp.style) if isinstance(sp, Span) else t(sp) for sp in blk.spans))
            case bbcode.Table():
                out.table([t(h) for h in blk.header], [[t(c) for c in r] for r in blk.rows])
            case bbcode.Pre():
                out.pre(t(blk.text))
            case bbcode.Spoiler():
                out.spoiler(t(blk.title), blank(blk.body))
            case bbcode.Heading():
                out.h(t(blk.text), blk.level)
            case bbcode.Bullets():
                out.ul([tuple(Span(t(x.text), x.style) if isinstance(x, Span) else t(x) for x in it)
                        for it in blk.items], blk.ordered)
    return out


@st.composite
def docs(draw: st.DrawFn) -> Doc:
    doc = Doc()
    for kind in draw(st.lists(st.sampled_from("hpltcS"), min_size=1, max_size=5)):
        if kind == "h":
            doc.h(draw(texts), draw(st.integers(1, 3)))
        elif kind == "p":
            doc.p(*draw(st.lists(spans | texts, max_size=4)))
        elif kind == "l":
            doc.ul(draw(st.lists(st.tuples(spans, texts), min_size=1, max_size=3)), draw(st.booleans()))
        elif kind == "t":
            n = draw(st.integers(1, 3))
            doc.table(draw(st.lists(texts, min_size=n, max_size=n)),
                      draw(st.lists(st.lists(texts, min_size=n, max_size=n), max_size=3)))
        elif kind == "c":
            doc.pre(draw(texts))
        else:
            doc.spoiler(draw(texts), Doc().p(draw(spans)))
    return doc


@given(texts, st.sampled_from(PROFILES))
def test_user_text_in_a_paragraph_opens_no_tag(text: str, profile: str) -> None:
    out = render(Doc().p(text), "bbcode", profile)
    assert tags(out) == []
    assert bbcode.unescape(out) == isolate_bidi(text.replace("\r\n", "\n").replace("\r", "\n")) + "\n"


@given(docs(), st.sampled_from(PROFILES))
def test_every_tag_comes_from_the_renderer(doc: Doc, profile: str) -> None:
    # The tags of a document are those of its skeleton: user text adds none, closes none.
    assert tags(render(doc, "bbcode", profile)) == tags(render(blank(doc), "bbcode", profile))


@given(texts)
def test_code_block_cannot_be_closed_from_inside(text: str) -> None:
    out = render(Doc().pre(text), "bbcode", "phpbb")
    assert out.lower().count("[/code]") == 1
    assert out.rstrip().endswith("[/code]")


def test_evil_name_prints_literally_everywhere() -> None:
    doc = Doc().p("Дуэлянт ", b(EVIL)).table(["Имя"], [[EVIL]]).spoiler(EVIL, Doc().p(EVIL))
    for profile in PROFILES:
        out = render(doc, "bbcode", profile)
        assert "[url=javascript" not in out
        assert "[b]Жан" not in out
        assert f"[b]{bbcode.escape(EVIL)}[/b]" in out
        assert out.replace(bbcode.ZWSP, "").count(EVIL) >= 2


def test_phpbb_falls_back_to_core_tags() -> None:
    doc = (Doc().h("Ход 3", 1).p(b("Жан"), " ", i("бьёт"), " ", s("старое"), " ", code("2×2"))
           .ul(["Атака", "Защита"]).ul(["раз"], ordered=True)
           .table(["Дуэлянт", "Запас сил"], [["Жан", "6/8"]]).spoiler("Броски", Doc().p("71")))
    out = render(doc, "bbcode", "phpbb")
    assert out == (
        "[size=150][b]Ход 3[/b][/size]\n\n"
        "[b]Жан[/b] [i]бьёт[/i] старое 2×2\n\n"
        "[list]\n[*]Атака\n[*]Защита\n[/list]\n\n"
        "[list=1]\n[*]раз\n[/list]\n\n"
        "[code]Дуэлянт | Запас сил\n--------+----------\nЖан     |       6/8[/code]\n\n"
        '[quote="Броски"]\n71\n[/quote]\n'
    )


def test_mybb_ru_has_spoilers_and_strike_but_no_lists() -> None:
    doc = Doc().h("Ход 3").p(s("старое")).ul(["Атака", "Защита"]).ul(["раз", "два"], ordered=True)
    doc.spoiler('Броски [b] "x"', Doc().p("71"))
    out = render(doc, "bbcode", "mybb-ru")
    assert out == (
        "[size=15][b]Ход 3[/b][/size]\n\n"
        "[s]старое[/s]\n\n"
        "• Атака\n• Защита\n\n"
        "1. раз\n2. два\n\n"
        "[spoiler=Броски ［b］ ”x”]\n71\n[/spoiler]\n"
    )
    assert render(doc, "bbcode", "dungeonmaster") == (
        "[b]Ход 3[/b]\n\n"
        "[s]старое[/s]\n\n"
        "[ul][li]Атака[/li][li]Защита[/li][/ul]\n\n"
        "[ol][li]раз[/li][li]два[/li][/ol]\n\n"
        "[b]Броски ［b］ ”x”[/b]\n[spoiler]\n71\n[/spoiler]\n"
    )


def test_monospace_table_aligns_cyrillic_by_characters() -> None:
    table = monospace_table(["Дуэлянт", "Штраф"], [["Жан-Батист", "5"], ["Пьер", "10"]])
    lines = table.splitlines()
    assert len({len(line) for line in lines}) == 1
    assert lines[2] == "Жан-Батист |     5"


def test_unknown_profile_and_format_are_named() -> None:
    with pytest.raises(ValueError, match="mybb-ru"):
        render(Doc().p("x"), "bbcode", "vbulletin")
    with pytest.raises(ValueError, match="markdown"):
        render(Doc().p("x"), "html")
