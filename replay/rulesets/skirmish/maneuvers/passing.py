"""M22 Pass (spec 5.4.1, L415-423) between two fighters: a cutting attack that needs a free cell adjacent to both the
opponent and the initiator (L418); on success the attacker moves into that cell and may go on moving within his Speed
if nothing blocks the way (L421), then sets the combat distance or ends the melee as a successful Retreat would
(L423). Where he goes and what follows are his choice `pass_through` (CP-18, CP-17): the rules wait for it and never
pick a cell, a path or a distance.

The duel's map is a 1 m square grid with the two fighters' cells and nothing else on it (3.6): a cell is free when no
fighter stands in it; the eight neighbours are adjacent (PROPOSED for the diagonals, as on the field, field.py). A
melee pair on a hex field passes on its hexes: the six neighbours are adjacent, the facings are the hex field's."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import data, field
from replay.rulesets.skirmish.field import REACH_CELLS
from replay.rulesets.skirmish.maneuvers.base import Move, Problems, emit_effect, problem, register
from replay.rulesets.skirmish.model import Declared, Fight, Fighter, SkirmishOptions, Weapon

Cell = tuple[int, int]
FACINGS = ("N", "E", "S", "W")
"""The duel's and a square field's facings after a pass; a hex field's are its six (field.HEX_STEPS)."""
END = "end"
"""The `distance` of the choice that ends the melee as a successful Retreat (M45) would (L423)."""
KEYS = frozenset({"cell", "path", "facing", "distance"})
FORMAT = ('pass_through is {"cell": [x, y], "path": [[x, y], …], "facing": "N"|"E"|"S"|"W", "distance": a length '
          'category or "end"}: the cell adjacent to both, the cells moved on through (optional), the new facing '
          "(optional) and the combat distance, or the end of the melee")
HEX_FORMAT = FORMAT.replace('"N"|"E"|"S"|"W"', '"E"|"NE"|"NW"|"W"|"SW"|"SE"')


def facings(state: Fight) -> tuple[str, ...]:
    return tuple(field.HEX_STEPS) if state.grid == "hex" else FACINGS


def metres(a: Cell, b: Cell, grid: str = "square") -> int:
    """Cells between two cells of the grid, each 1 m (3.6; on squares the diagonal neighbour too, PROPOSED)."""
    return field.distance(grid, a, b)


def cell_text(c: Cell | list[int]) -> str:
    return f"({c[0]}, {c[1]})"


def blocked(state: Fight, cell: Cell) -> bool:
    """On the field (part 2): the cell is off the field, blocked terrain or another fighter's (L418, L421)."""
    off = state.bounds is not None and not (0 <= cell[0] < state.bounds[0] and 0 <= cell[1] < state.bounds[1])
    return off or cell in set(state.obstacles)


def free_cells(state: Fight, actor_id: str) -> list[Cell]:
    """L418: the cells adjacent to both the initiator and the opponent in which no fighter stands (on the field: nor
    blocked terrain, and on the field)."""
    me, other = state.fighter(actor_id).cell, state.opponent(actor_id).cell
    taken = {tuple(f.cell) for f in state.fighters}
    near = {field.neighbour(state.grid, me, d) for d in field.steps(state.grid)}
    return sorted(c for c in near - taken if metres(c, other, state.grid) == 1 and not blocked(state, c))


def pass_difficulty(state: Fight, actor: Fighter, order: dict[str, Any], w: Weapon | None,
                    options: SkirmishOptions) -> tuple[int | None, list[str]]:
    """The weapon's cut (L419: a cutting attack, as a Slash)."""
    rows = data.weapon_type(w.type)["attacks"] if w is not None else {}
    if "cut" not in rows:
        return None, []
    base = rows["cut"]["difficulty"]
    return base, [f"{w.type} cut %{base}"]  # type: ignore[union-attr]


def pass_conditions(state: Fight, actor: Fighter, order: dict[str, Any]) -> Problems:
    """L418: a free cell adjacent to both; L419: the weapon cuts; not in a grapple (L723: constant contact)."""
    out = []
    w = actor.weapon_by_id(order.get("weapon") or "") or actor.weapon
    if w is not None and "cut" not in data.weapon_type(w.type)["attacks"]:
        out.append(problem("condition_failed", "5.4.1 M22, L419", f"{w.type} cannot cut: a pass is a cutting attack"))
    if state.grapple is not None:
        out.append(problem("condition_failed", "5.4.1 M22, L723", "in a grapple the fighters are in contact: no pass "
                           "past the opponent (break free first, M73)"))
    elif not free_cells(state, actor.id):
        other = state.opponent(actor.id).id
        out.append(problem("condition_failed", "5.4.1 M22, L418", f"no free cell is adjacent to both {actor.id} and "
                           f"{other}: a pass needs one"))
    return out


def as_cell(value: Any) -> Cell | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                   for v in value):
        return int(value[0]), int(value[1])
    return None


def choice_problems(state: Fight, actor_id: str, value: Any) -> Problems:
    """The attacker's choice after a successful pass (CP-18, CP-17), where the rules ask it: every problem named."""
    if not isinstance(value, dict) or set(value) - KEYS or as_cell(value.get("cell")) is None \
            or not isinstance(value.get("path", []), list) or value.get("facing", "E") not in facings(state) \
            or value.get("distance") not in (*data.LENGTHS, END):
        said = HEX_FORMAT if state.grid == "hex" else FORMAT
        return [problem("condition_failed", "5.4.1 M22, CP-18", said)]
    actor, other = state.fighter(actor_id), state.opponent(actor_id)
    cell = as_cell(value["cell"])
    assert cell is not None
    out = []
    if cell not in free_cells(state, actor_id):
        cells = ", ".join(cell_text(c) for c in free_cells(state, actor_id))
        out.append(problem("condition_failed", "5.4.1 M22, L418", f"the cell {cell_text(cell)} is not free and "
                           f"adjacent to both {actor_id} and {other.id}; these are: {cells}"))
    where = cell
    for step in value.get("path", []):
        nxt = as_cell(step)
        if nxt is None or metres(where, nxt, state.grid) != 1 or nxt == other.cell:
            shown = cell_text(nxt) if nxt is not None else str(step)
            out.append(problem("condition_failed", "5.4.1 M22, L421", f"the path goes from {cell_text(where)} to "
                               f"{shown}: not the next cell, or the opponent's cell, which blocks the way"))
            break
        if blocked(state, nxt):
            out.append(problem("condition_failed", "5.4.1 M22, L421", f"the path goes through {cell_text(nxt)}: off "
                               "the field, blocked terrain or another fighter's cell blocks the way"))
            break
        where = nxt
    moved, speed = 1 + len(value.get("path", [])), actor.char("speed")
    if moved > max(1, speed):
        out.append(problem("condition_failed", "5.4.1 M22, L421", f"a move of {moved} m is longer than "
                           f"{actor_id}'s Speed {speed}"))
    gone = metres(where, other.cell, state.grid)
    if value["distance"] != END and gone > REACH_CELLS[value["distance"]]:
        out.append(problem("condition_failed", "5.4.1 M22, A-65", f"{actor_id} ends {gone} m from {other.id}, "
                           f"beyond the reach of the {value['distance']} distance: a longer one, or end the melee"))
    return out


def pass_after(ctx: Any, x: int, o: dict[str, Any], options: SkirmishOptions) -> dict[str, Any]:
    """On success (L421-423): the attacker's choice of the cell, the path on and the distance (or the end of the
    melee); the move as a `skirmish.effect`."""
    att: Declared = o["attack"]
    if o["winner"] != "attack" or ctx.state.fighter(att.actor).out:
        return {}
    state = ctx.state
    other = state.opponent(att.actor).id
    speed = state.fighter(att.actor).char("speed")
    shown = [cell_text(c) for c in free_cells(state, att.actor)]
    value, _ = ctx.ask("pass_through", actor=att.actor, options=shown,
                       accept=lambda v: not choice_problems(state, att.actor, v),
                       what=f"where {att.actor}'s pass past {other} ends (CP-18): the cell adjacent to both, the "
                            f"cells on within Speed {speed}, the distance or the end of the melee (CP-17, L423)",
                       exchange=x)
    cell = as_cell(value["cell"])
    assert cell is not None
    path = [list(c) for c in value.get("path", [])]
    end = [*cell] if not path else path[-1]
    change: dict[str, Any] = {"op": "move", "fighter": att.actor, "cell": list(end), "path": [list(cell), *path]}
    if value.get("facing"):
        change["facing"] = value["facing"]
    why = [f"{att.actor} passes {other} into {cell_text(cell)} (M22, L421)"]
    if path:
        why.append(f"{att.actor} moves on to {cell_text(end)}: {1 + len(path)} m of Speed {speed} (M22, L421)")
    if value["distance"] == END:
        why.append(f"{att.actor} ends the melee as a successful retreat would (M22, L423)")
    else:
        why.append(f"{att.actor} sets the combat distance: {value['distance']} (M22, L423, CP-17)")
    emit_effect(ctx, x, "pass_through", att.actor, [change], why, ["5.4.1", "M22", "L421", "L423", "CP-18"])
    if value["distance"] == END:
        return {"ends_melee": att.actor}
    return {"distance": value["distance"]}


register(Move("pass_through", difficulty=pass_difficulty, conditions=pass_conditions, after=pass_after))
