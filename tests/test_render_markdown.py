"""Markdown posts: GFM tables, `<details>` spoilers, and user text with no Markdown or HTML meaning."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from replay.render import markdown
from replay.render.text import Doc, b, code, i, render, s

EVIL = "<script>alert(1)</script> [b]Жан[/b] **x** _y_ `z` ![i](u) # 1. - > | ~~w~~ &amp;"
ACTIVE = set("\\`*_{}[]()#+-.!|~=$<>&")
texts = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"), include_characters="\n\r\t "),
    max_size=40,
)
HTML = re.compile(r"<[^>]*>")


def inert(out: str) -> bool:
    """Every active character is backslash-escaped (or part of an entity &lt; &gt; &amp;, as HTML titles are)."""
    k = 0
    while k < len(out):
        c = out[k]
        if c == "\\":
            if k + 1 < len(out) and out[k + 1] != "\n":
                k += 2
                continue
            k += 1  # a hard line break
            continue
        if c == "&":
            entity = re.match(r"&(lt|gt|amp);", out[k:])
            if entity is None:
                return False
            k += len(entity.group(0))
            continue
        if c in ACTIVE:
            return False
        k += 1
    return True


@given(texts)
def test_user_text_in_a_paragraph_is_inert(text: str) -> None:
    out = render(Doc().p(text), "markdown").rstrip("\n")
    assert inert(out)
    if "\n" not in text and "\r" not in text:
        assert markdown.unescape(out) == text.lstrip()


@given(texts)
def test_no_line_of_user_text_starts_a_block(text: str) -> None:
    out = render(Doc().p(text), "markdown")
    for line in out.splitlines():
        assert not re.match(r"\s*([#>*+-]|\d+[.)]|={2,}|`{3,}|~{3,}|\|)", line), line
        assert not line.startswith((" ", "\t"))


@given(texts, texts)
def test_html_only_from_the_renderer(title: str, text: str) -> None:
    doc = Doc().p(b(text), i(text)).table(["a", text], [[text, "1"]]).spoiler(title, Doc().p(text)).pre(text)
    out = render(doc, "markdown")
    outside_code = re.sub(r"(`{3,})text\n.*?\n\1", "", out, flags=re.S)
    outside_code = re.sub(r"\\[<>&]", "", outside_code)  # a backslash-escaped < > & is text (markdown-it: "&lt;")
    assert set(HTML.findall(outside_code)) <= {"<details>", "</details>", "<summary>", "</summary>", "<br>"}


@given(texts)
def test_code_cannot_be_closed_from_inside(text: str) -> None:
    out = render(Doc().pre(text), "markdown")
    fence = out.split("text\n", 1)[0]
    assert out.rstrip("\n").endswith("\n" + fence)
    assert out.count(fence) == 2


def test_evil_name() -> None:
    out = render(Doc().p(EVIL), "markdown")
    assert out == (
        r"\<script\>alert\(1\)\</script\> \[b\]Жан\[/b\] \*\*x\*\* \_y\_ \`z\` \!\[i\]\(u\) \# 1\. \- "
        r"\> \| \~\~w\~\~ \&amp;" "\n"
    )
    assert markdown.unescape(out.strip()) == EVIL


def test_a_whole_post() -> None:
    doc = (
        Doc().h("Ход 3").p(b("Жан"), " бьёт ", i("Пьера"), ": ", s("старое"), " ", code("N − P = 1"))
        .ul(["Атака", ("Защита ", b("x"))]).ul(["раз"], ordered=True)
        .table(["Дуэлянт", "Запас сил", "Штраф"], [["Жан | 1", "6/8", "5"], ["Пьер", "-2/6", "10"]])
        .pre("71 − 0 = 71 ≥ 60\n```")
        .spoiler("Броски <b>", Doc().p("71"))
    )
    assert render(doc, "markdown") == (
        "## Ход 3\n\n"
        "**Жан** бьёт *Пьера*: ~~старое~~ `N − P = 1`\n\n"
        "- Атака\n- Защита **x**\n\n"
        "1. раз\n\n"
        "| Дуэлянт | Запас сил | Штраф |\n| --- | ---: | ---: |\n"
        "| Жан \\| 1 | 6/8 | 5 |\n| Пьер | \\-2/6 | 10 |\n\n"
        "````text\n71 − 0 = 71 ≥ 60\n```\n````\n\n"
        "<details>\n<summary>Броски &lt;b&gt;</summary>\n\n71\n\n</details>\n"
    )


def test_line_breaks_in_text_are_hard_breaks() -> None:
    assert render(Doc().p("раз\n# два\n\n   - три"), "markdown") == "раз\\\n\\# два\\\n\\- три\n"
    assert render(Doc().table(["a"], [["x\ny"]]), "markdown").endswith("| x<br>y |\n")
