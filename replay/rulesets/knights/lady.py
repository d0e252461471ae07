"""The Lady (§6.2 Клятва Любви): her token picked up on the way, the cells she may be set down on, setting her down."""

from __future__ import annotations

import math
from typing import Any

from replay.rulesets.knights import derive as d
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.model import Pose, State
from replay.rulesets.knights.steps import Batch, Ctx


def _lady_tokens(state: State) -> list[tuple[str, g.Poly]]:
    return [(lady.id, g.rect(lady.cell[0], lady.cell[1], lady.cell[0] + 1, lady.cell[1] + 1))
            for lady in state.ladies if lady.cell is not None and lady.carrier is None]


def pickups(b: Batch, kid: str, start: g.Poly, delta: tuple[float, float], until: float) -> list[dict[str, Any]]:
    """Ladies whose cell the mover covers by ≥ ½ F² on the traversed path pick-up (§6.2, K37)."""
    found = []
    for lid, cell in _lady_tokens(b.state):
        tau = g.first_half_overlap(start, delta, cell)
        if tau is not None and tau <= until + 1e-12:
            found.append((tau, lid))
    out = []
    for _, lid in sorted(found):
        lady = b.state.lady(lid)
        mover = b.state.knight(kid)
        her = b.state.knight(lady.her_knight)
        kidnapper = lady.kidnapper
        if kidnapper is None and mover.player != her.player:
            kidnapper = kid
        b.lady(lid, cell=None, carrier=kid, kidnapper=kidnapper)
        out.append({"lady": lid, "kidnapper": kidnapper})
    return out


def lady_cells(pose: Pose) -> list[list[int]]:
    """Cells fully inside the field within 1 F of the carrier (§6.2, K39)."""
    p = d.poly(pose)
    xs = [v[0] for v in p]
    ys = [v[1] for v in p]
    out = []
    for i in range(max(0, math.floor(min(xs)) - 2), min(g.SIZE, math.ceil(max(xs)) + 2)):
        for j in range(max(0, math.floor(min(ys)) - 2), min(g.SIZE, math.ceil(max(ys)) + 2)):
            if g.rect_dist(p, (i, j, i + 1, j + 1)) <= 1 + g.EPS_LEN:
                out.append([i, j])
    return out


def place_lady(ctx: Ctx, b: Batch, lid: str, carrier: str, pose: Pose) -> dict[str, Any]:
    """The Lady becomes a token within 1 F of her carrier, on a cell his owner picks (CP-K9)."""
    owner = b.state.knight(carrier).player
    cells = lady_cells(pose)
    cell, how = ctx.ask("lady_cell", owner, cells, accept=lambda c: _is_cell(c) and list(c) in cells, lady=lid)
    b.lady(lid, cell=list(cell), carrier=None)
    return {"kind": "lady_token", "lady": lid, "cell": list(cell), "chosen_by": owner if how == "chosen" else how}


def _is_cell(c: Any) -> bool:
    return isinstance(c, list | tuple) and len(c) == 2 and all(isinstance(v, int) for v in c)
