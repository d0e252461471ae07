"""Forum profiles as data: what each forum engine or chat accepts, one TOML file per forum (docs/forums.md).

The profiles shipped with battlelog are the `*.toml` files beside this module. A GM adds one without code: a TOML
file in a folder named by `$BATTLELOG_PROFILES` (several folders separated by the path separator) or in
`~/.config/battlelog/profiles/`, or one file given to `battlelog post --profile-file`. A user profile with a
shipped profile's name replaces it.
"""

from __future__ import annotations

import os
import sys
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
ENV = "BATTLELOG_PROFILES"
USER_DIR = Path("~/.config/battlelog/profiles")

CHOICES = {
    "format": ("bbcode", "markdown"),
    "lists": ("list", "ul", "none"),
    "spoiler": ("titled", "untitled", "none", "details", "bars"),
    "quote_title": ("quoted", "bare"),
    "link": ("url", "link", "none"),
    "dialect": ("commonmark", "discord", "telegram"),
}


@dataclass(frozen=True)
class Profile:
    """What one forum or chat accepts, and how a post is written for it."""

    name: str
    title: str
    format: str
    """ "bbcode" or "markdown"."""
    confirmed: bool = True
    """False: the tag set is a guess from what the forum's editor offers (marked as such in `post --help`)."""
    limit: int | None = None
    """Characters a post (message) may have; a longer post is split into numbered parts."""
    # BBCode
    tags: tuple[str, ...] = ()
    """Every tag name the renderer may write for this forum (the tests check each post against it)."""
    heading_sizes: tuple[int, ...] = ()
    """`[size=…]` of headings of level 1 and 2; empty: headings are bold only."""
    lists: str = "none"
    spoiler: str = "none"
    quote_title: str = "quoted"
    link: str = "none"
    private: bool = False
    """`[private=A,B]` hides a block from everyone not named (DM3)."""
    rewrites_dashes: bool = False
    """The engine turns `--` into a dash: no `--` may reach it (a zero-width space goes between the hyphens)."""
    newline_breaks: bool = False
    """Every newline becomes a line break: lists are written on one line."""
    # Markdown
    dialect: str = "commonmark"
    tables: bool = True
    html: bool = True
    headings: bool = True
    title_ru: str = ""
    """The title in Russian (`battlelog --lang ru post --help`); empty: the title as written."""
    source: str = ""
    """The file the profile was read from."""

    @property
    def strike(self) -> bool:
        return "s" in self.tags

    @property
    def quoted_titles(self) -> bool:
        return self.quote_title == "quoted"

    @property
    def sizes(self) -> tuple[int, ...]:
        return self.heading_sizes


def parse(data: dict[str, Any], source: str) -> Profile:
    """A profile from a TOML table, every problem named with the file."""
    known = {f.name: f for f in fields(Profile)}
    problems = [f"unknown key {k!r}" for k in data if k not in known or k == "source"]
    for key in ("name", "title", "format"):
        if key not in data:
            problems.append(f"missing key {key!r}")
    for key, allowed in CHOICES.items():
        if key in data and data[key] not in allowed:
            problems.append(f"{key} = {data[key]!r}: expected one of {', '.join(allowed)}")
    if "limit" in data and (not isinstance(data["limit"], int) or data["limit"] < 200):
        problems.append("limit: expected a number of characters of at least 200")
    if problems:
        raise ValueError(f"forum profile {source}: " + "; ".join(problems))
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    return Profile(**values, source=source)


def read(path: str | Path) -> Profile:
    """One profile file."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"forum profile {path}: {exc}") from exc
    return parse(data, str(path))


def folders() -> list[Path]:
    """Where profiles are looked for, shipped ones first (a later one with the same name wins)."""
    extra = [Path(p) for p in os.environ.get(ENV, "").split(os.pathsep) if p]
    return [HERE, USER_DIR.expanduser(), *extra]


PROBLEMS: list[str] = []
"""User profile files that could not be read (skipped, so that one bad file does not stop every command)."""


def load() -> dict[str, Profile]:
    """Every profile by name: the shipped ones, then the user's (a user file that cannot be read is skipped and
    named in PROBLEMS and on stderr)."""
    out: dict[str, Profile] = {}
    for folder in folders():
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                profile = read(path)
            except ValueError as exc:
                if folder == HERE:
                    raise
                PROBLEMS.append(str(exc))
                print(f"warning: {exc} (skipped)", file=sys.stderr)
                continue
            out[profile.name] = profile
    return out


_CACHE: dict[str, Profile] = {}


def known() -> dict[str, Profile]:
    """The profiles (read once per process)."""
    if not _CACHE:
        _CACHE.update(load())
    return _CACHE


def get(name: str | Profile) -> Profile:
    """A profile by name (or the profile itself)."""
    if isinstance(name, Profile):
        return name
    profiles = known()
    if name not in profiles:
        raise ValueError(f"unknown forum profile {name!r} (known: {', '.join(sorted(profiles))})")
    return profiles[name]


def names(fmt: str | None = None) -> list[str]:
    """The profile names (of one format)."""
    return [n for n, p in known().items() if fmt is None or p.format == fmt]
