"""Phase 0 (§3): the secret purchase lists with their commitments, characters and spell stocks, the Defender's
terrain cards and fortification.

A side's Phase 0 order (visible to its player only):
`{"step": "P0", "units": [{"id": "A-In-1", "card": "In"}, …], "salt": "…", "characters": [{"id": "aerin",
"spells": {}}], "terrain": [{"card": "hill", "sector": "C2"}], "fortification": {"sector": "C3"}}` (the last two
the Defender's only). The commitment (C15) is sha256(canonical JSON of the list sorted by id, then the salt).
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from eventlog.envelope import canonical_json
from replay.context import Context
from replay.rulesets.cerilia.board import free_slot
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.model import RESERVE, SECTORS, Battle, CeriliaOptions
from replay.rulesets.cerilia.steps import emit, orders_of, posts_checked, step_order

UNIT_ID = re.compile(r"^(?P<side>[AD])-(?P<card>[A-Za-z]+)-(?P<n>[1-9]\d*)$")


def commitment(units: list[dict[str, str]], salt: str) -> str:
    """C15: sha256 of the sorted {id, card} list's canonical JSON followed by the salt."""
    listed = sorted(({"id": u["id"], "card": u["card"]} for u in units), key=lambda u: u["id"])
    return hashlib.sha256((canonical_json(listed) + salt).encode("utf-8")).hexdigest()


def placement_problems(state: Battle, side: str, order: dict[str, Any], options: CeriliaOptions) -> list[str]:
    """AMB-08's alternative (option initial_placement = phase0_home_row): `placement` puts units of the list and
    characters straight into home-row sectors in Phase 0, each with its sign (declared, or `roll` with a 1D3)."""
    placed = order.get("placement") or []
    if not placed:
        return []
    if options.initial_placement != "phase0_home_row":
        return ["§3, AMB-08: units enter the field by deploying in Phase A (option initial_placement = "
                "phase0_home_row places them in Phase 0)"]
    ids = {str(u.get("id")) for u in order.get("units") or []} | {str(c.get("id")) for c in
                                                                   order.get("characters") or []}
    problems, seen = [], set()
    row = 1 if side == "A" else 3
    for p in placed:
        pid, sector, sign = str(p.get("id")), str(p.get("sector")), p.get("sign")
        if pid not in ids or pid in seen:
            problems.append(f"§3 (AMB-08): {pid!r} is not on your list, or is placed twice")
        if sector not in SECTORS or not sector.endswith(str(row)):
            problems.append(f"§3 (AMB-08): {pid} is placed in a sector of your home row (row {row}), not {sector!r}")
        if sign not in ("Sw", "Sh", "B", "roll") or (options.sign_assignment == "roll_only" and sign != "roll"):
            problems.append(f"§3 rule 3, CP-01: {pid}'s sign is Sw, Sh, B or roll"
                            + (" (option sign_assignment = roll_only: roll)" if options.sign_assignment == "roll_only"
                               else ""))
        seen.add(pid)
    return problems


def p0_problems(state: Battle, side: str, order: dict[str, Any]) -> list[str]:
    """Every problem of a side's Phase 0 order (§3 rules 1–5, §6.6, §6.7)."""
    problems = []
    units = order.get("units") or []
    seen: set[str] = set()
    cost = 0
    for u in units:
        m = UNIT_ID.match(str(u.get("id")))
        if m is None or m["side"] != side or m["card"] != u.get("card"):
            problems.append(f"§2.4: unit id {u.get('id')!r} is {side}-<card>-<n> with its card ({u.get('card')})")
        elif u["card"] not in tables().units:
            problems.append(f"§6.1: no unit card {u['card']!r}")
        elif u["id"] in seen:
            problems.append(f"§2.4: unit id {u['id']} twice")
        else:
            cost += tables().units[u["card"]].cost
        seen.add(str(u.get("id")))
    if cost > state.budget[side]:
        problems.append(f"§3 rule 1: the purchase costs {cost}, above the budget {state.budget[side]}")
    if not isinstance(order.get("salt"), str) or len(order["salt"]) < 8:
        problems.append("§3, C15: a salt of at least 8 characters seals the list")
    allowed = tables().scenarios[state.scenario]["characters"][side]
    for c in order.get("characters") or []:
        card = tables().characters.get(str(c.get("id")))
        if card is None or c.get("id") not in allowed:
            problems.append(f"§3 P0.2: {c.get('id')!r} is not one of your characters ({', '.join(allowed)})")
            continue
        for spell, n in (c.get("spells") or {}).items():
            if not card.can_cast or n > card.spells.get(spell, 0) or n < 0:
                problems.append(f"§6.6 (AMB-28): {card.id} may take at most {card.spells.get(spell, 0)} {spell}")
    terrain = order.get("terrain") or []
    fort = order.get("fortification")
    scenario = tables().scenarios[state.scenario]
    if side == "A":
        if terrain or fort:
            problems.append("§3 rules 4–5: only the Defender places terrain and fortification cards")
        return problems
    if len(terrain) != state.terrain_cards:
        problems.append(f"§3 rule 4 (AMB-11): the Defender places {state.terrain_cards} terrain card(s)")
    for t in terrain:
        card = tables().terrain.get(str(t.get("card")))
        if card is None or t.get("card") not in scenario["allowed_terrain"] \
                or card["terrain_type"] != scenario["terrain_type"]:
            problems.append(f"§3 rule 4: {t.get('card')!r} is no terrain card of the scenario's type "
                            f"({', '.join(scenario['allowed_terrain'])})")
        if t.get("sector") not in SECTORS:
            problems.append(f"§3 rule 4: {t.get('sector')!r} is no sector")
    if state.fortification_level is None and fort:
        problems.append("§3 rule 5: the scenario has no fortress or castle")
    if state.fortification_level is not None and (
            not fort or str(fort.get("sector", "")) not in SECTORS or not str(fort["sector"]).endswith("3")):
        problems.append("§3 rule 5 (AMB-12): the fortification goes in one sector of row 3 (A3–E3)")
    return problems


def phase0(ctx: Context, options: CeriliaOptions | None = None) -> None:
    ctx.set_phase("P0")
    state: Battle = ctx.state
    full: dict[str, dict[str, Any]] = {}

    def post(side: str) -> list[dict[str, Any]]:
        step_order(ctx, side, "P0", f"{side}'s Phase 0 post (purchase)")
        found = [e for e in orders_of(ctx, state.player(side)) if e.payload.get("step") == "P0"]
        full[side] = found[-1].payload
        return []

    def problems(side: str, _: list[dict[str, Any]]) -> list[str]:
        return [f"{side}: {p}" for p in p0_problems(state, side, full[side])
                + placement_problems(state, side, full[side], options or CeriliaOptions())]

    posts_checked(ctx, ["A", "D"], post, problems)
    for side in ("A", "D"):
        order = full[side]
        units = sorted(order.get("units") or [], key=lambda u: u["id"])
        total = sum(tables().units[u["card"]].cost for u in units)
        emit(ctx, "purchase_committed", {"side": side, "total_spent": total,
                                         "commitment": commitment(units, order["salt"])},
             rule="§3 P0.2, rule 1, C15", defaults=["AMB-10", "AMB-11"],
             why=f"{side} spends {total} of {state.budget[side]}; the list stays secret (sha256 commitment)")
        emit(ctx, "pool_stocked", {"side": side, "units": [{"id": u["id"], "card": u["card"]} for u in units],
                                   "characters": [{"id": c["id"], "spells": c.get("spells") or {}}
                                                  for c in order.get("characters") or []]},
             rule="§3 rule 2", defaults=["AMB-10"], visible=(state.player(side),),
             why=f"{side}'s pool: " + ", ".join(u["id"] for u in units)
             + "".join(f", {c['id']}" for c in order.get("characters") or []))
    defender = full["D"]
    for t in defender.get("terrain") or []:
        emit(ctx, "terrain_placed", {"card": t["card"], "sector": t["sector"]}, rule="§3 rule 4, CP-02",
             defaults=["AMB-11"], why=f"the Defender places {t['card']} in {t['sector']}")
    fort = defender.get("fortification")
    if fort and state.fortification_level is not None:
        emit(ctx, "fortification_placed", {"level": state.fortification_level, "sector": fort["sector"]},
             rule="§3 rule 5, CP-03", defaults=["AMB-12"],
             why=f"the Defender fortifies {fort['sector']} (level {state.fortification_level})")
    place(ctx, full)


def place(ctx: Context, full: dict[str, dict[str, Any]]) -> None:
    """The Phase 0 placements (option initial_placement = phase0_home_row), the Attacker's then the Defender's."""
    from replay.rulesets.cerilia.phase_a import SIGN_OF_ROLL

    placed = [(side, p) for side in ("A", "D") for p in full[side].get("placement") or []]
    rolled = [(side, p) for side, p in placed if p["sign"] == "roll"]
    events = ctx.need_rolls([("1D3", ctx.state.player(side), "sign", {"unit": p["id"]}, f"1D3 sign of {p['id']}")
                             for side, p in rolled])
    rolls = {p["id"]: int(e.payload["total"]) for (_, p), e in zip(rolled, events, strict=True)}
    for side, p in placed:
        state: Battle = ctx.state
        unit = state.units[p["id"]]
        roll = rolls.get(p["id"])
        sign = SIGN_OF_ROLL[roll] if roll else p["sign"]
        cost = tables().units[unit.card].cost if unit.kind == "troop" else 0
        slot = free_slot(state, p["sector"], side)
        assert slot is not None
        emit(ctx, "deployed", {"stack": p["id"], "card": unit.card, "to": p["sector"], "slot": slot,
                               "path": [RESERVE[side], p["sector"]], "mp_cost": 0, "sign": sign,
                               "sign_method": "rolled" if roll else "declared", "sign_roll": roll, "cost": cost,
                               "spent_so_far": state.deployed_cost[side] + cost, "entry": False, "step": "P0"},
             rule="§3, §2.2 (option initial_placement = phase0_home_row)",
             defaults=["AMB-13"] + ([] if roll else ["AMB-09"]),
             why=f"{p['id']} is placed in {p['sector']}-{slot} in Phase 0; sign {sign} "
                 + (f"(1D3 = {roll})" if roll else "(declared)"))
