"""The words of a bilingual text: the Russian or the English phrase, one of a pair, a Russian plural.

Apart from `replay.render.text` (which re-exports them) so that a ruleset's word lists load without the post
document's classes: a command that appends an order or a roll writes no post.
"""

from __future__ import annotations


def tr(lang: str, ru: str, en: str) -> str:
    """The Russian or the English phrase."""
    return ru if lang == "ru" else en


def pick(pair: tuple[str, str], lang: str) -> str:
    """One language of a (ru, en) pair."""
    return pair[0] if lang == "ru" else pair[1]


def plural(n: int, forms: tuple[str, str, str]) -> str:
    """A Russian noun agreeing with n: forms for 1, 2–4 and 5+ ("пункт", "пункта", "пунктов")."""
    k = abs(n) % 100
    if 11 <= k <= 14:
        return forms[2]
    return forms[0] if k % 10 == 1 else forms[1] if 2 <= k % 10 <= 4 else forms[2]
