"""General initiative (spec 4.1, 3.8; SOURCE L18): intents, the Reflex roll at %5, the initiative chain and the
order of actions it sets; the declaration order of several fighters in one melee (4.4, PROPOSED generalisation)."""

from __future__ import annotations

INTENTS = ("attack", "defend", "other")
DIFFICULTY = 5


def chain(nets: dict[str, int], skipped: list[str], roster: list[str]) -> list[tuple[str, int | None]]:
    """3.8: highest net first; equal nets share a slot (they act simultaneously, L18), kept in roster order;
    defenders who skipped the roll come last with no entry (they act after the attacks aimed at them)."""
    rolled = sorted(nets, key=lambda i: (-nets[i], roster.index(i)))
    return [(i, nets[i]) for i in rolled] + [(i, None) for i in roster if i in skipped]


def slots(order: list[tuple[str, int | None]]) -> list[list[str]]:
    """The chain as slots of fighters acting at once (equal successes share a slot)."""
    out: list[list[str]] = []
    last: object = object()
    for fid, n in order:
        if out and n == last and n is not None:
            out[-1].append(fid)
        else:
            out.append([fid])
        last = n
    return out


def melee_declaration_order(initiative: dict[str, int]) -> tuple[list[list[str]], list[list[str]], list[str]]:
    """4.4, more than two fighters in one melee (PROPOSED): attack declarations in ascending initiative (ties in one
    sealed step), then defence declarations in ascending order; resolution in descending order. Returns (attack
    steps, defence steps, resolution order)."""
    levels = sorted(set(initiative.values()))
    steps = [[i for i in initiative if initiative[i] == v] for v in levels]
    resolution = [i for v in reversed(levels) for i in initiative if initiative[i] == v]
    return steps, [list(s) for s in steps], resolution
