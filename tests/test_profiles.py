"""Forum profiles: every post of every recorded game, for every profile, read back by real parsers.

BBCode goes through the `bbcode` package's tokenizer (it knows every tag any of our forums has, so a tag outside a
profile's whitelist shows up as a tag, not as text) with a balance and nesting check of its own (the package
auto-closes by itself); Markdown goes through markdown-it-py; Telegram's MarkdownV2 through a checker of its
documented rules. User text stays inert in every profile (a hypothesis property over hostile names).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import bbcode as bbcodelib
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from cli.main import main
from eventlog.store import Store
from replay import driver, importing, views
from replay.render import profiles
from replay.render.text import Doc, Link, Span, b, i, isolate_bidi, render, render_parts, s

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").glob("*/*.jsonl"))
PROFILES = sorted(profiles.known())
EVERY_TAG = ["b", "i", "u", "s", "color", "size", "font", "list", "*", "code", "quote", "img", "url", "link",
             "email", "spoiler", "pre", "ul", "ol", "li", "private", "table", "tr", "td", "th", "align", "center",
             "hide", "noparse", "tab", "attachment", "flash", "sub", "sup", "left", "right"]
HOSTILE = ["[b]", "[/b]", "[/code]", "[code]", "[link=javascript:alert(1)]x[/link]", "[url=http://e]y[/url]",
           "[private=B]", "[/private]", "[spoiler]", "[/spoiler]", "[*]", "||", "**", "__", "~", "~~", "`", "```",
           "<details>", "</details>", "<script>", "@everyone", "@here", "\u202e", "\u2066", "\u2069", "--", "---",
           "_", "*", "\\", "[x](http://e)", ".", "!", "#", "# ", "\n# h", "\n- li", "1.", ">", "|", "=", "{", "}",
           "&amp;", "Жан", "x", " "]
hostile = st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=8).map(lambda parts: "x" + "".join(parts) + "x")


# --- the posts of the recorded games -----------------------------------------------------------------------------

@lru_cache(maxsize=1)
def recorded_docs() -> tuple[tuple[str, Doc], ...]:
    """(label, post document) of every turn of every recorded game, in ru and en, public and GM."""
    import tempfile

    from replay.render.text import framed

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, path in enumerate(FIXTURES):
            with Store.open(Path(tmp) / f"g{n}.duckdb") as store:
                game_id = next(iter(importing.import_text(store, path.read_text(encoding="utf-8"),
                                                          source=str(path))))
                game = driver.load(store, game_id)
                for turn in driver.turns(game):
                    if not driver.turn_steps(game, turn).steps:
                        continue
                    for viewer in (None, "gm"):
                        view = views.turn_view(game, turn, store, viewer=viewer)
                        for lang in ("ru", "en"):
                            label = f"{path.parent.name}/{path.stem} turn {turn} {lang} {viewer or 'public'}"
                            out.append((label, framed(game.ruleset.post(view, lang), view, lang)))
    return tuple(out)


# --- checkers ----------------------------------------------------------------------------------------------------

def bbcode_parser() -> bbcodelib.Parser:
    parser = bbcodelib.Parser(install_defaults=False)
    for name in EVERY_TAG:
        parser.add_simple_formatter(name, "%(value)s", standalone=name == "*")
    return parser


PARSER = bbcode_parser()


def bbcode_problems(text: str, profile: profiles.Profile) -> list[str]:
    """Tags outside the profile's whitelist, and tags that do not close in order."""
    problems, stack = [], []
    for kind, name, _opts, raw in PARSER.tokenize(text):
        if kind not in (PARSER.TOKEN_TAG_START, PARSER.TOKEN_TAG_END):
            continue
        if name not in profile.tags:
            problems.append(f"{raw}: not a tag of {profile.name}")
        if name == "size" and kind == PARSER.TOKEN_TAG_START and profile.name == "phpbb" \
                and not 0 < int(_opts["size"]) <= 200:
            problems.append(f"{raw}: phpBB sizes are percents up to 200")
        if name == "*":
            continue
        if kind == PARSER.TOKEN_TAG_START:
            stack.append(name)
        elif not stack or stack[-1] != name:
            problems.append(f"{raw} closes {stack[-1] if stack else 'nothing'}")
        else:
            stack.pop()
    return problems + [f"[{name}] is never closed" for name in stack]


def bbcode_tags(text: str) -> list[str]:
    return [("/" if kind == PARSER.TOKEN_TAG_END else "") + name for kind, name, _o, _r in PARSER.tokenize(text)
            if kind in (PARSER.TOKEN_TAG_START, PARSER.TOKEN_TAG_END)]


MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def md_tokens(text: str) -> list[str]:
    """Block and inline token types, in order (text and breaks left out)."""
    out = []
    for token in MD.parse(text):
        out.append(token.type)
        for child in token.children or ():
            if child.type not in ("text", "softbreak", "hardbreak"):
                out.append(child.type + (child.content if child.type.startswith("html") else ""))
    return [t for t in out if t not in ("inline", "html_inline<br>")]  # a cell's line break is no structure


def markdown_problems(text: str, profile: profiles.Profile) -> list[str]:
    problems = []
    for token in MD.parse(text):
        if token.type == "table_open" and not profile.tables:
            problems.append("a table in a profile without tables")
        html = [token] if token.type == "html_block" else [c for c in token.children or () if c.type == "html_inline"]
        for h in html:
            tag = r"(</?details>|<summary>.*</summary>)"
            allowed = profile.html and (h.content == "<br>" or re.fullmatch(rf"\s*{tag}(\s*\n\s*{tag})*\s*", h.content))
            if not allowed:
                problems.append(f"raw HTML {h.content.strip()[:40]!r}")
    return problems


TELEGRAM_SPECIAL = set("_*[]()~`>#+-=|{}.!")
ENTITY_MARKS = ("||", "```", "*", "_", "~", "`")


def telegram_marks(text: str) -> list[str]:
    """MarkdownV2's unescaped marks in order (entity markers, link brackets, anything else special); raises on a
    special character that MarkdownV2 requires escaped and that is no mark."""
    out, k = [], 0
    in_pre = in_code = False
    while k < len(text):
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if in_pre or in_code:
            end = "```" if in_pre else "`"
            if text.startswith(end, k):
                out.append(end)
                in_pre = in_code = False
                k += len(end)
            else:
                k += 1
            continue
        mark = next((m for m in ENTITY_MARKS if text.startswith(m, k)), None)
        if mark is not None:
            out.append(mark)
            in_pre, in_code = mark == "```", mark == "`"
            k += len(mark)
            continue
        if c == "[":
            close = text.find("](", k)
            end = text.find(")", close)
            assert close > 0 and end > 0, f"a bare [ at {k}"
            out.append("[]()")
            k = end + 1
            continue
        assert c not in TELEGRAM_SPECIAL, f"unescaped {c!r} at {k}: {text[max(0, k - 20):k + 20]!r}"
        k += 1
    return out


def telegram_problems(text: str) -> list[str]:
    try:
        marks = telegram_marks(text)
    except AssertionError as exc:
        return [str(exc)]
    counts = {m: marks.count(m) for m in ENTITY_MARKS}
    return [f"{m} opened and never closed" for m, n in counts.items() if n % 2]


def problems(text: str, profile: profiles.Profile) -> list[str]:
    if profile.format == "bbcode":
        out = bbcode_problems(text, profile)
        if profile.rewrites_dashes and "--" in text:
            out.append("-- would become a dash")
        return out
    if profile.dialect == "telegram":
        return telegram_problems(text)
    return markdown_problems(text, profile)


# --- every recorded post, every profile ------------------------------------------------------------------------

@pytest.mark.parametrize("name", PROFILES)
def test_every_recorded_post_parses_cleanly_in_every_profile(name):
    profile = profiles.get(name)
    docs = recorded_docs()
    assert len(docs) > 100
    split = 0
    for label, doc in docs:
        parts = render_parts(doc, profile=profile)
        split += len(parts) > 1
        for n, part in enumerate(parts, 1):
            assert profile.limit is None or len(part) <= profile.limit, f"{label} part {n}: {len(part)} characters"
            assert problems(part, profile) == [], f"{label} part {n}"
            if len(parts) > 1:
                assert re.search(rf"\(\s*\\?\(?{n}/{len(parts)}\\?\)?", part[:40]) or f"{n}/{len(parts)}" in part[:40]
    if name in ("discord",):
        assert split, "some knights posts are longer than a Discord message and must come in parts"


def test_the_shipped_profiles():
    known = profiles.known()
    assert {"phpbb", "dungeonmaster", "mybb-ru", "markdown", "discord", "telegram"} <= set(known)
    assert known["phpbb"].limit == 60000 and "s" not in known["phpbb"].tags and "spoiler" not in known["phpbb"].tags
    assert known["discord"].limit == 2000 and known["telegram"].limit == 4096
    assert not known["mybb-ru"].confirmed
    dm = known["dungeonmaster"]
    assert "url" not in dm.tags and "link" in dm.tags and "private" in dm.tags and "size" not in dm.tags


def test_a_post_splits_at_sections_and_never_inside_a_tag():
    doc = Doc()
    for n in range(30):
        doc.h(f"Section {n}").p(b("bold " * 20), " text " * 30).table(["a", "b"], [["1", "2"]] * 12)
    for name in ("discord", "telegram"):
        profile = profiles.get(name)
        parts = render_parts(doc, profile=profile)
        assert len(parts) >= 3
        assert all(len(p) <= profile.limit and problems(p, profile) == [] for p in parts)
        assert parts[0].lstrip("\\").startswith("(1/")
        # each part but the first starts with a section (its heading right after the part number)
        assert all(re.match(r"\\?\(\d+/\d+\\?\)\n\n(#+ |\*)Section", p) for p in parts[1:]), parts[1][:60]
    big = Doc().table(["k", "v"], [[str(n), "x" * 50] for n in range(400)])
    parts = render_parts(big, profile=profiles.get("discord"))
    assert len(parts) > 5 and all(p.count("```") == 2 and "k | v" in p for p in parts)


def test_dungeonmaster_never_gets_a_double_hyphen():
    doc = Doc().p("2d6-2 -- a --- b").table(["Имя", "Запас"], [["Жан--Поль", "-2"]]).pre("x -- y")
    out = render(doc, "bbcode", "dungeonmaster")
    assert "--" not in out and "─┼─" in out and "2d6-2" in out


def test_links_and_private_blocks():
    doc = Doc().p(Link("бросок", "https://forum.example/t/9#p101"), " ", Link("x", "javascript:alert(1)"))
    doc.private(["B", "C]"], Doc().p("секрет"))
    assert "[url=https://forum.example/t/9#p101]бросок[/url]" in render(doc, "bbcode", "phpbb")
    dm = render(doc, "bbcode", "dungeonmaster")
    assert "[link=https://forum.example/t/9#p101]бросок[/link]" in dm and "[private=B,C]\nсекрет\n[/private]" in dm
    assert "javascript" not in dm.split("(")[0] and "[link=javascript" not in dm
    for name in PROFILES:
        if name != "dungeonmaster":
            assert "секрет" not in render_parts(doc, profile=name)[0], name
    assert "[бросок](https://forum.example/t/9#p101)" in render(doc, "markdown")


def test_a_gm_can_add_a_profile_without_code(tmp_path, monkeypatch):
    mine = tmp_path / "myforum.toml"
    mine.write_text('name = "myforum"\ntitle = "My board"\nformat = "bbcode"\ntags = ["b", "code"]\n'
                    'limit = 500\n', encoding="utf-8")
    profile = profiles.read(mine)
    out = render_parts(Doc().h("T").p(b("x"), i("y"), s("z")).table(["a"], [["1"]]), profile=profile)
    assert out == ["[b]T[/b]\n\n[b]x[/b]yz\n\n[code]a\n-\n1[/code]\n"]
    monkeypatch.setenv(profiles.ENV, str(tmp_path))
    assert "myforum" in profiles.load()
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\ntitle = "x"\nformat = "html"\nspoilers = 1\n', encoding="utf-8")
    with pytest.raises(ValueError, match="format = 'html'.*unknown key 'spoilers'|unknown key 'spoilers'"):
        profiles.read(bad)
    loaded = profiles.load()  # a bad file of the user's is skipped and named, the others still load
    assert "myforum" in loaded and "bad" not in loaded and any("bad.toml" in p for p in profiles.PROBLEMS)


def test_post_takes_a_profile_file(tmp_path):
    db = tmp_path / "g.duckdb"
    with Store.open(db) as store:
        importing.import_text(store, (ROOT / "fixtures/duel/traits-3.jsonl").read_text(encoding="utf-8"),
                              source="traits-3")
    mine = tmp_path / "tiny.toml"
    mine.write_text('name = "tiny"\ntitle = "x"\nformat = "markdown"\ndialect = "discord"\ntables = false\n'
                    'html = false\nspoiler = "bars"\nlimit = 600\n', encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(main, ["--db", str(db), "post", "duel-traits-3", "--turn", "2", "--profile-file",
                                  str(mine)])
    assert result.exit_code == 0, result.output
    assert "part 2/" in result.stderr and "(1/" in result.stdout
    result = runner.invoke(main, ["--db", str(db), "post", "duel-traits-3", "--turn", "2", "--profile", "telegram"])
    assert result.exit_code == 0 and telegram_problems(result.stdout) == []
    result = runner.invoke(main, ["--db", str(db), "post", "duel-traits-3", "--turn", "2", "--profile", "discord",
                                  "--format", "bbcode"])
    assert result.exit_code == 2 and "markdown, not bbcode" in result.stderr


# --- user text stays inert ---------------------------------------------------------------------------------------

def post_with(name: str) -> Doc:
    """A post in which a user's name stands in every place a ruleset puts user text."""
    return (Doc().h(f"Ход 1: {name}").p(b(name), " бьёт ", i(name), " ", s(name), " ", Span(name, "code"))
            .p(Link(name, "https://forum.example/p/1"))
            .ul([name, (b(name), name)]).ul([name], ordered=True).table(["#", name], [["1", name], [name, "-2"]])
            .pre(name).spoiler(name, Doc().p(name)).private([name], Doc().p(name)))


def skeleton(text: str, profile: profiles.Profile) -> list[str]:
    if profile.format == "bbcode":
        return bbcode_tags(text)
    if profile.dialect == "telegram":
        return telegram_marks(text)
    return md_tokens(text)


@settings(max_examples=60, deadline=None)
@given(hostile, st.sampled_from(PROFILES))
def test_hostile_names_are_inert(name, profile_name):
    profile = profiles.get(profile_name)
    evil = render(post_with(name), profile.format, profile)
    plain = render(post_with("x"), profile.format, profile)
    assert all(problems(part, profile) == [] for part in render_parts(post_with(name), profile=profile))
    assert skeleton(evil, profile) == skeleton(plain, profile)
    assert "@everyone" not in evil.replace("\\", "") or profile.dialect != "discord"
    assert "\u202e" not in evil


def test_bidi_controls_cannot_reach_past_a_name():
    name = "\u202eAlice\u2067x"
    assert isolate_bidi(name) == "Alice\u2067x\u2069"
    assert isolate_bidi("\u2069a\u2066b\u2069\u2069") == "a\u2066b\u2069"
    assert isolate_bidi("Жан") == "Жан"
    for profile in PROFILES:
        out = render_parts(Doc().p(f"{name} бьёт"), profile=profile)[0]
        assert "\u202e" not in out and out.count("\u2067") == out.count("\u2069")


def test_a_hostile_duelist_posts_inertly_end_to_end(tmp_path):
    """The duel traits-3 recorded game, retyped by hand with hostile names, imported and posted everywhere."""
    evil = "[b]Жан[/b] ||x|| **y** @everyone \u202eRLO [link=javascript:1]z[/link] -- _a_"
    lines = []
    for raw in (ROOT / "fixtures/duel/traits-3.jsonl").read_text(encoding="utf-8").splitlines():
        event = json.loads(raw)
        if event["type"] not in ("game.created", "order", "roll", "choice"):
            continue
        if event["type"] == "game.created":
            for duelist in event["payload"]["setup"]["duelists"]:
                duelist["name"] = f"{duelist['id']} {evil}"
        lines.append(json.dumps({k: v for k, v in event.items() if k not in ("seq", "prev", "hash", "v")},
                                ensure_ascii=False))
    with Store.open(tmp_path / "g.duckdb") as store:
        game_id = next(iter(importing.import_text(store, "\n".join(lines), source="evil")))
        game = driver.load(store, game_id)
        view = views.turn_view(game, 2, store)
    doc = game.ruleset.post(view, "ru")
    for name in PROFILES:
        profile = profiles.get(name)
        for part in render_parts(doc, profile=profile):
            assert problems(part, profile) == [], name
            assert "\u202e" not in part
            if profile.format == "bbcode":
                assert "[b]Жан" not in part and "[link=javascript" not in part


def test_a_name_with_a_right_to_left_override_cannot_reverse_the_frame():
    from replay.render.svg import clean

    assert clean("\u202eЖан бьёт") == "Жан бьёт"
    assert clean("\u2067שלום") == "\u2067שלום\u2069"
