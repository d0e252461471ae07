"""The 5 × 3 board (§2.1–§2.3): sectors, adjacency, directions, slots, and the predicates of §2.8."""

from __future__ import annotations

from replay.rulesets.cerilia.model import COLUMNS, LINE_SLOTS, RESERVE, RESERVE_SLOTS, SECTORS, SIDES, Battle, Stack


def enemy_of(side: str) -> str:
    return "D" if side == "A" else "A"


def col_row(sector: str) -> tuple[int, int]:
    return COLUMNS.index(sector[0]), int(sector[1])


def sector_at(col: int, row: int) -> str | None:
    return f"{COLUMNS[col]}{row}" if 0 <= col < 5 and 1 <= row <= 3 else None


def home_row(side: str) -> int:
    return 1 if side == "A" else 3


def adjacent(x: str) -> list[str]:
    """§2.2: orthogonal neighbours; RA touches row 1, RD row 3 (AMB-07)."""
    if x in RESERVE.values():
        row = 1 if x == "RA" else 3
        return [f"{c}{row}" for c in COLUMNS]
    c, r = col_row(x)
    out = [s for s in (sector_at(c - 1, r), sector_at(c + 1, r), sector_at(c, r - 1), sector_at(c, r + 1)) if s]
    if r == 1:
        out.append("RA")
    if r == 3:
        out.append("RD")
    return out


def is_adjacent(a: str, b: str) -> bool:
    return b in adjacent(a)


def forward(side: str) -> int:
    """§2.1: A moves south (+1 row), D north (−1)."""
    return 1 if side == "A" else -1


def back_of(x: str, side: str) -> str | None:
    """The sector (or own reserve) behind x for `side`."""
    c, r = col_row(x)
    r2 = r - forward(side)
    if r2 == 0 or r2 == 4:
        return RESERVE[side]
    return sector_at(c, r2)


def retreat_directions(x: str, side: str) -> list[tuple[str, str]]:
    """MR-2: back, west, east (never forward), as (direction, place)."""
    c, r = col_row(x)
    out = [("back", back_of(x, side)), ("west", sector_at(c - 1, r)), ("east", sector_at(c + 1, r))]
    return [(d, p) for d, p in out if p]


# --- places and slots ------------------------------------------------------------------------------------------

def place_of(location: str) -> str:
    """The sector or reserve of a location (`C2-1` -> C2, `RA-3` -> RA, pool -> pool)."""
    return location.split("-")[0]


def slot_of(location: str) -> int | None:
    parts = location.split("-")
    return int(parts[1]) if len(parts) == 2 else None


def on_field(stack: Stack) -> bool:
    return place_of(stack.location) in SECTORS


def stacks_at(state: Battle, place: str, side: str | None = None) -> list[Stack]:
    """Stacks standing in a sector or reserve slot (optionally one side's), in slot order."""
    found = [s for s in state.stacks.values() if place_of(s.location) == place and (side is None or s.side == side)]
    return sorted(found, key=lambda s: (slot_of(s.location) or 0, s.id))


def free_slot(state: Battle, place: str, side: str) -> int | None:
    """§2.2: the lowest free slot of `side`'s line (or reserve); None when full."""
    taken = {slot_of(s.location) for s in stacks_at(state, place, side)}
    size = RESERVE_SLOTS if place in RESERVE.values() else LINE_SLOTS
    return next((n for n in range(1, size + 1) if n not in taken), None)


def stack_at(state: Battle, place: str, slot: int, side: str) -> Stack | None:
    """The stack in a slot of `side`'s line; while a routed troop and its released group share a slot, the
    non-routed one (C12)."""
    here = [s for s in stacks_at(state, place, side) if slot_of(s.location) == slot]
    here.sort(key=lambda s: s.routed)
    return here[0] if here else None


# --- predicates of §2.8 ----------------------------------------------------------------------------------------

def enemy_present(state: Battle, x: str, side: str) -> bool:
    return any(not s.hidden for s in stacks_at(state, x, enemy_of(side)))


def friend_present(state: Battle, x: str, side: str) -> bool:
    return bool(stacks_at(state, x, side))


def terrain_of(state: Battle, x: str) -> dict | None:
    from replay.rulesets.cerilia.data import tables

    card = state.terrain.get(x)
    return None if card is None else tables().terrain[card]


def impassable(state: Battle, x: str, mounted: bool) -> bool:
    t = terrain_of(state, x)
    return bool(t) and ("mounted" if mounted else "foot") in t["impassable_for"]


def slows(state: Battle, x: str, mounted: bool) -> bool:
    t = terrain_of(state, x)
    return bool(t) and ("mounted" if mounted else "foot") in t["halts"]


def rout_ok(state: Battle, x: str, stack: Stack, mounted: bool) -> bool:
    """A routed stack may go to x: own reserve, or a passable sector with no enemy (AR-5/AR-6) and a free slot."""
    if x in RESERVE.values():
        return x == RESERVE[stack.side]
    return (not impassable(state, x, mounted) and not enemy_present(state, x, stack.side)
            and free_slot(state, x, stack.side) is not None)


def fallback_ok(state: Battle, x: str, stack: Stack, mounted: bool, into_mixed: bool = True) -> bool:
    """A falling-back stack may go to x: not a reserve (AR-1), passable, not enemy-only (AR-6), a free slot."""
    if x in RESERVE.values() or impassable(state, x, mounted) or free_slot(state, x, stack.side) is None:
        return False
    if not enemy_present(state, x, stack.side):
        return True
    return into_mixed and friend_present(state, x, stack.side)


def in_range(shooter_sector: str, target_sector: str, king: bool = False) -> bool:
    """§2.8 (AMB-06): own or orthogonally adjacent sector, never a reserve."""
    if target_sector not in SECTORS:
        return False
    if shooter_sector == target_sector or is_adjacent(shooter_sector, target_sector):
        return True
    if king:
        (c1, r1), (c2, r2) = col_row(shooter_sector), col_row(target_sector)
        return abs(c1 - c2) <= 1 and abs(r1 - r2) <= 1
    return False


__all__ = ["SIDES", "enemy_of", "adjacent", "free_slot", "stacks_at", "place_of", "slot_of"]
