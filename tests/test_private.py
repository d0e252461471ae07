"""Secrets on the forum: written from the GM's view, the events only some players may read go into DungeonMaster's
`[private=…]` for exactly those readers; forums without it leave them out; nothing private reaches the public view."""

from dataclasses import dataclass

from markdown_it import MarkdownIt

from replay.render.text import Doc, framed, render


@dataclass(frozen=True)
class Secret:
    seq: int
    type: str
    visible: tuple[str, ...] | None
    payload: dict


@dataclass(frozen=True)
class View:
    inputs: tuple = ()
    resolutions: tuple = ()
    viewer: str | None = None
    provisional: bool = False


INTEL = Secret(7, "table3.intel", ("C",), {"weakest": "B"})
WHISPER = Secret(5, "order", ("A", "B"), {"text": "[/private]x"})
PUBLIC = Secret(6, "table3.muster", None, {})


def describe(event: Secret, lang: str) -> str:
    return f"weakest {event.payload.get('weakest', '?')}" if event.type == "table3.intel" else "a whisper [/private]"


def test_the_gms_post_on_dungeonmaster_hides_each_secret_from_all_but_its_readers() -> None:
    doc = framed(Doc().p("Ход 1"), View(inputs=(WHISPER,), resolutions=(PUBLIC, INTEL), viewer="gm"), "ru", describe)
    out = render(doc, "bbcode", "dungeonmaster")
    assert "[private=A,B]\n[b]Только для: A, B[/b]" in out
    assert "[private=C]\n[b]Только для: C[/b]\n\n[ul][li]seq 7 table3.intel: weakest B[/li][/ul]\n[/private]" in out
    assert out.count("[/private]") == 2  # a reader's text cannot close the block early: it is escaped
    assert "table3.muster" not in out


def test_forums_without_private_leave_secrets_out() -> None:
    doc = framed(Doc().p("Ход 1"), View(resolutions=(INTEL,), viewer="gm"), "ru", describe)
    for fmt, profile in (("bbcode", "phpbb"), ("bbcode", "mybb-ru"), ("markdown", "markdown"),
                         ("markdown", "discord"), ("markdown", "telegram")):
        out = render(doc, fmt, profile)
        assert "weakest" not in out and "Только для" not in out, profile


def test_no_private_block_outside_the_gms_view() -> None:
    for viewer in (None, "C"):
        doc = framed(Doc().p("Ход 1"), View(resolutions=(INTEL,), viewer=viewer), "ru", describe)
        assert "[private" not in render(doc, "bbcode", "dungeonmaster")


def test_markdown_shows_angle_brackets_as_typed() -> None:
    """GFM gets `\\<b\\>`: markdown-it-py renders the text "<b>" (no HTML token), and a chat or forum that shows the
    source reads "<b>" too, not "&lt;b&gt;"."""
    out = render(Doc().p("Гастон <b>&\"Бретёр\""), "markdown")
    assert out.strip() == 'Гастон \\<b\\>\\&"Бретёр"'
    assert "&lt;" not in out and "&gt;" not in out and "&amp;" not in out
    tokens = MarkdownIt("commonmark").parse(out)
    assert not [t for t in tokens if t.type.startswith("html")]
    assert [c.type for c in tokens[1].children] == ["text"] and tokens[1].children[0].content.startswith("Гастон <b>&")
