"""Inputs -> resolution events: turn 0 (setup.py) and turns 1..24 (§1.4 Ходы и Действия, spec §4–§6).

A turn: reveal, Lady drops, the step queue re-formed every round (knights.queue, knights.move …, rams inside
steps), the end-of-Execution checks, Accounting (one knights.oath per fulfilment), then the end checks.
Rolls asked, in order: "initiative_tie" (1d2, actor null) at the first full tie (K16).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventlog.envelope import Draft
from replay.context import Inputs, MissingInput, Waiting
from replay.rulesets.knights import derive as d
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.check import check_order, legal_actions, pose_of, return_problems
from replay.rulesets.knights.lady import lady_cells
from replay.rulesets.knights.model import (
    DIR_NAMES,
    LAST_TURN,
    KnightsOptions,
    Pose,
    State,
    data,
)
from replay.rulesets.knights.movement import move, rotate
from replay.rulesets.knights.ram import clamp_accel, fmt_pose, ram
from replay.rulesets.knights.setup import resolve_setup
from replay.rulesets.knights.steps import Ctx
from replay.rulesets.knights.words import key_label


def resolve(state: State, turn: int, inputs: Inputs, options: KnightsOptions) -> list[Draft]:
    """The resolution events of `turn`, each with its arithmetic in payload["why"]."""
    ctx = Ctx(state, inputs, options, turn, label=key_label)
    if turn == 0:
        resolve_setup(ctx)
    else:
        resolve_turn(ctx)
    left = [e for e in getattr(inputs, "unused", lambda: [])() if e.type == "choice"]
    if left:  # C1: a supplied choice must name the option the rules applied; nothing asked for it
        e = left[0]
        raise MissingInput(f"turn {turn}: choice {e.payload.get('name')} of {e.actor or 'GM'} at seq {e.seq} "
                           f"({e.payload.get('value')!r}) answers nothing the rules asked: where it was due the "
                           "only legal option was applied (C1), or no such choice arose")
    return ctx.drafts


# --- orders --------------------------------------------------------------------------------------------------------


@dataclass
class Act:
    """One declared action under way (resolver-local)."""

    player: str
    knight: str
    action: str
    dirs: list[str]
    return_pose: Pose | None
    drop: dict[str, Any] | None
    next: int = 1
    done: bool = False
    heading: int | None = None  # Sharp Turn: the facing noted in step 1


def _orders(ctx: Ctx, players: tuple[str, ...] | list[str]) -> dict[str, dict[str, Any]]:
    """Every lance's order; waits listing every player whose order (or its reveal) is missing."""
    out: dict[str, dict[str, Any]] = {}
    missing = []
    for player in players:
        try:
            out[player] = _order(ctx, player)
        except Waiting as waiting:
            missing += waiting.requests
    if missing:
        raise Waiting(requests=missing)
    return out


def _order(ctx: Ctx, player: str) -> dict[str, Any]:
    o = ctx.inputs.order(player)
    legal = legal_actions(ctx.state, player)
    if o is None:
        if not legal:
            return {"kind": "pass"}
        options = [f"{ctx.name(k)}: {'/'.join(a)}" for k, a in legal.items()]
        raise Waiting(requests=[ctx.inputs.missing_order(player, options=options)])
    errors = check_order(ctx.state, player, o, ctx.options)
    if errors:
        raise MissingInput(f"turn {ctx.turn}: {player}'s order is illegal: " + "; ".join(errors))
    return o


def _act(player: str, o: dict[str, Any]) -> Act:
    dirs = o.get("turn_dir")
    return Act(player, o["knight"], o["action"], dirs if isinstance(dirs, list) else [dirs] if dirs else [],
               pose_of(o.get("return_pose")), o.get("lady_drop"))


# --- the turn ------------------------------------------------------------------------------------------------------


def resolve_turn(ctx: Ctx) -> None:
    st = ctx.state
    conceded = next((p for p in st.lance_order if (ctx.inputs.order(p) or {}).get("kind") == "concede"), None)
    orders = {p: ({"kind": "concede"} if p == conceded else ctx.inputs.order(p) or {"kind": "pass"})
              for p in st.lance_order} if conceded else _orders(ctx, st.lance_order)
    acts = [_act(p, o) for p, o in orders.items() if o.get("kind", "action") == "action"]
    ctx.emit("knights.reveal", {
        "turn": ctx.turn, "orders": orders, "acting": [a.knight for a in acts],
        "why": [_order_text(ctx.state, p, o) for p, o in orders.items()],
    }, rule="§1.4 Ходы и Действия", defaults=["K22", "K23"])
    if conceded is not None:
        end_battle(ctx, "concession", conceded=conceded)
        return
    pickup = frozenset(k for k in (a.knight for a in acts) if orders[ctx.state.knight(k).player].get("lady_pickup"))
    for a in acts:
        if a.drop and a.drop.get("timing", "before_execution") == "before_execution":
            lady_drop(ctx, a.drop["carrier"])
    execute(ctx, acts, pickup)
    end_of_execution(ctx)
    accounting(ctx)


def _order_text(state: State, player: str, o: dict[str, Any]) -> str:
    kind = o.get("kind", "action")
    if kind != "action":
        return f"{player}: {kind}"
    k = state.knight(o["knight"])
    extra = ""
    if o.get("turn_dir"):
        extra = f" {o['turn_dir']}"
    if o.get("return_pose"):
        p = pose_of(o["return_pose"])
        extra = f" at {fmt_pose(p)}" if p else ""
    return f"{player}: {k.name} — {o['action']}{extra}"


def has_step(ctx: Ctx, a: Act) -> bool:
    """Step k exists iff the current Speed ≥ k (K18); Sharp Turn has 2 steps, Return to battle 1."""
    k = ctx.state.knight(a.knight)
    if a.action == "return_to_battle":
        return a.next == 1
    if a.action == "sharp_turn":
        return a.next <= 2
    if a.next == 1:
        return True
    return d.speed(ctx.state, k) >= a.next


def interruption(ctx: Ctx, a: Act) -> str | None:
    """Why an action can go on no longer: fallen, Outflank, its function damaged (K20, K24), accel 0 (K21)."""
    k = ctx.state.knight(a.knight)
    if k.location == "fallen":
        return "fallen"
    if k.location == "outflank" and a.action != "return_to_battle":
        return "outflank"
    if a.action in k.damaged:
        return "function_damaged"
    if (ctx.options.accel_zero_check == "execution" and a.next == 1 and k.accel == 0
            and a.action in data("kit")["needs_accel"]):
        return "accel_zero"  # option accel_zero_check = "execution" (K21 alternative)
    return None


def finish(ctx: Ctx, a: Act, reason: str) -> None:
    """End an action; only a normal end of Drop Speed lowers accel (§4.1, K20)."""
    a.done = True
    k = ctx.state.knight(a.knight)
    b = ctx.batch()
    why = [f"{k.name}'s {a.action} ends ({reason})"]
    if reason == "done" and a.action == "drop_speed":
        b.knight(k.id, accel=clamp_accel(k.accel - 1))
        why.append(f"drop_speed: accel {k.accel} → {clamp_accel(k.accel - 1)}")
    ctx.emit("knights.action_end", {"knight": k.id, "action": a.action, "reason": reason,
                                    "accel": b.state.knight(k.id).accel, "why": why},
             b, rule="§4.1 Скакун", defaults=["K20", "K24"] if reason != "done" else ["K20"])


def _key(ctx: Ctx, a: Act) -> tuple[int, int, int]:
    k = ctx.state.knight(a.knight)
    return d.initiative(ctx.state, k, a.action), d.speed(ctx.state, k), d.mass(ctx.state, k)


def queue(ctx: Ctx, live: list[Act], rnd: int) -> list[Act]:
    """Highest Initiative first; then higher Speed, lower Mass, then the 1d2 (§1.4, K16)."""
    keyed = [(a, _key(ctx, a)) for a in live]
    keyed.sort(key=lambda t: (-t[1][0], -t[1][1], t[1][2]))
    decided_by = None
    die = None
    why = []
    if len(keyed) == 2:
        (a1, k1), (a2, k2) = keyed
        if k1[0] != k2[0]:
            decided_by = "initiative"
        elif k1[1] != k2[1]:
            decided_by = "speed"
        elif k1[2] != k2[2]:
            decided_by = "mass"
        else:
            decided_by = "die"
            if ctx.tie_die is None or ctx.options.tie_die == "each_tie":
                ctx.tie_die = int(ctx.inputs.roll("1d2", actor=None, purpose="initiative_tie").payload["total"])
            die = ctx.tie_die
            ch = ctx.state.role_player("challenger")
            first = die == 1
            if (a1.player == ch) != first:
                keyed.reverse()
            why.append(f"full tie: 1d2 = {die} ({'Challenger' if first else 'Responder'} first)")
    for a, (ini, spd, mass) in keyed:
        why.insert(len(why) - (1 if die else 0), f"{ctx.name(a.knight)}: {a.action} step {a.next}, "
                   f"initiative {ini}, speed {spd}, mass {mass}")
    ctx.emit("knights.queue", {
        "round": rnd,
        "order": [{"player": a.player, "knight": a.knight, "action": a.action, "step": a.next,
                   "initiative": ini, "speed": spd, "mass": mass} for a, (ini, spd, mass) in keyed],
        "decided_by": decided_by, "die": die, "why": why,
    }, rule="§1.4 Ходы и Действия", defaults=["K16", "K18"])
    return [a for a, _ in keyed]


def execute(ctx: Ctx, acts: list[Act], pickup: frozenset[str]) -> None:
    """The step queue, re-formed every round with current values (§1.4; spec §5.5)."""
    rnd = 0
    while True:
        for a in acts:
            if not a.done:
                reason = interruption(ctx, a)
                if reason is not None:
                    finish(ctx, a, reason)
                elif not has_step(ctx, a):
                    finish(ctx, a, "done")
        live = [a for a in acts if not a.done]
        if not live:
            return
        rnd += 1
        for a in queue(ctx, live, rnd):
            if a.done:
                continue
            reason = interruption(ctx, a)
            if reason is not None:
                finish(ctx, a, reason)
                continue
            if not has_step(ctx, a):
                finish(ctx, a, "done")
                continue
            step(ctx, a, pickup)
            a.next += 1
            if a.drop and a.drop.get("timing") == {"after_step": a.next - 1}:
                lady_drop(ctx, a.drop["carrier"])


def _turn_of(a: Act) -> int:
    idx = min(a.next - 1, len(a.dirs) - 1)
    return -1 if a.dirs[idx] == "left" else 1


def step(ctx: Ctx, a: Act, pickup: frozenset[str]) -> None:
    """One step of an action (§4.1 Скакун, §1.1 Вернуться в бой!)."""
    k = ctx.state.knight(a.knight)
    b = ctx.batch()
    path: list[dict[str, Any]] = []
    why: list[str] = []
    defaults = ["K2", "K4", "K5", "K11", "K18"]
    start = k.pose
    if a.action == "return_to_battle":
        _return(ctx, a, k.id)
        return
    assert start is not None
    seg = None
    if a.action == "full_ahead" and a.next == 1:
        new = clamp_accel(k.accel + 1)
        b.knight(k.id, accel=new)
        why.append(f"accel {k.accel} → {new}")
    if a.action in ("full_ahead", "smooth_turn", "drop_speed"):
        seg = move(b, k.id, 2, start.f, ctx.options, pickup=k.id in pickup)
        path.append(seg)
        why.append(_seg_text(seg))
        if a.action == "smooth_turn" and seg["result"] == "clear":
            rot = rotate(b, k.id, _turn_of(a))
            path.append(rot)
            why.append(f"turn 45° {'left' if rot['turn'] < 0 else 'right'}: {rot['result']}")
            defaults.append("K3")
            if a.dirs and len(a.dirs) == 1:
                defaults.append("K19")
    elif a.action == "sharp_turn":
        if a.next == 1:
            a.heading = start.f
            turn = -2 if a.dirs[0] == "left" else 2
            rot = rotate(b, k.id, turn)
            path.append(rot)
            why.append(f"note the Front {DIR_NAMES[start.f]}; turn 90° {a.dirs[0]}: {rot['result']}")
            defaults.append("K3")
        else:
            spd = d.speed(b.state, b.state.knight(k.id))
            heading = a.heading if a.heading is not None else start.f
            seg = move(b, k.id, spd, heading, ctx.options, pickup=k.id in pickup)
            path.append(seg)
            why.append(f"move speed {spd} F toward {DIR_NAMES[heading]}: " + _seg_text(seg))
            if seg["result"] == "clear":
                cur = b.state.knight(k.id)
                b.knight(k.id, accel=0)
                why.append(f"accel {cur.accel} → 0")
    now = b.state.knight(k.id)
    love = any(p.get("love") for p in path)
    pickups = [x for p in path if p["kind"] == "move" for x in p.get("pickups", [])]
    collision = None
    if seg is not None and seg["result"] == "contact":
        collision = {"candidates": seg["candidates"], "stop": seg["to"], "tau": seg["tau"]}
    ctx.emit("knights.move", {
        "knight": k.id, "player": k.player, "action": a.action, "step": a.next, "start": start.json(),
        "path": path, "end": None if now.pose is None else now.pose.json(), "location": now.location,
        "accel": now.accel, "speed": d.speed(b.state, now), "collision": collision,
        "pickup": pickups[0] if pickups else None, "pickups": pickups, "love": love, "why": why,
    }, b, rule="§4.1 Скакун", defaults=defaults)
    if collision is not None:
        if collision["candidates"]:
            ram(ctx, k.id, collision["candidates"], pickup)
        finish(ctx, a, "ram")
    elif now.location == "outflank":
        finish(ctx, a, "outflank")


def _seg_text(seg: dict[str, Any]) -> str:
    src = pose_of(seg["from"])
    dst = pose_of(seg["to"]) if seg["to"] else None
    text = f"{seg['distance']} F {DIR_NAMES[seg['dir']]} Δ{tuple(seg['delta'])}: {fmt_pose(src) if src else '?'}"
    if seg["result"] == "outflank":
        return text + " → the Outflank (½ F² outside, §1.1)"
    if seg["result"] == "contact":
        return text + f" → stops at {fmt_pose(dst) if dst else '?'} touching {', '.join(seg['candidates'])} (½ F²)"
    return text + f" → {fmt_pose(dst) if dst else '?'}"


def _return(ctx: Ctx, a: Act, kid: str) -> None:
    """«Вернуться в бой!»: placed within 2 F of an edge, ≥ 1 F from everyone; accel 1 (§1.1, K12)."""
    k = ctx.state.knight(kid)
    pose = a.return_pose
    why = []
    defaults = ["K12", "K62"]
    if pose is None or return_problems(ctx.state, kid, pose):
        why.append(f"the declared pose {fmt_pose(pose) if pose else '—'} is no longer legal")
        options = legal_returns(ctx.state, kid)

        def ok(v: Any) -> bool:
            p = pose_of(v)
            return p is not None and not return_problems(ctx.state, kid, p)

        if not options:
            pose = None
        else:
            value, _ = ctx.ask("return_pose", k.player, options, accept=ok, knight=kid)
            pose = pose_of(value)
    b = ctx.batch()
    if pose is None:
        why.append(f"no legal place: {k.name} stays in the Outflank (K12)")
        path: list[dict[str, Any]] = []
    else:
        b.knight(kid, pose=pose, location="field", accel=1)
        why.append(f"{k.name} returns at {fmt_pose(pose)}, accel 1")
        path = [{"kind": "place", "to": pose.json()}]
    now = b.state.knight(kid)
    ctx.emit("knights.move", {
        "knight": kid, "player": k.player, "action": "return_to_battle", "step": 1, "start": None, "path": path,
        "end": None if now.pose is None else now.pose.json(), "location": now.location, "accel": now.accel,
        "speed": d.speed(b.state, now), "collision": None, "pickup": None, "pickups": [], "love": False, "why": why,
    }, b, rule="§1.1 «Вернуться в бой!»", defaults=defaults)


def legal_returns(state: State, kid: str) -> list[dict[str, Any]]:
    """Every legal return pose (integer C, 8 facings)."""
    out = []
    for x in range(1, g.SIZE):
        for y in range(1, g.SIZE):
            if min(x, y, g.SIZE - x, g.SIZE - y) > 4:
                continue
            for f in range(8):
                pose = Pose(x, y, f)
                if not return_problems(state, kid, pose):
                    out.append(pose.json())
    return out


def lady_drop(ctx: Ctx, carrier: str) -> None:
    """The owner damages the carried Lady at will (ignoring Raise Shields, K41) and sets her within 1 F (K38)."""
    k = ctx.state.knight(carrier)
    ladies = [lady for lady in ctx.state.ladies if lady.carrier == carrier]
    if not ladies or k.pose is None or k.location != "field":
        return
    lady = ladies[0]
    b = ctx.batch()
    cells = lady_cells(k.pose)
    cell, _ = ctx.ask("lady_cell", k.player, cells,
                      accept=lambda c: isinstance(c, list) and c in cells, lady=lady.id)
    b.lady(lady.id, carrier=None, cell=list(cell))
    ctx.emit("knights.lady_drop", {"knight": carrier, "lady": lady.id, "cell": list(cell), "voluntary": True,
                                   "why": [f"{k.name} sets the Lady down on cell {list(cell)}"]},
             b, rule="§6.2 Клятва Любви", defaults=["K38", "K39", "K41"])


# --- end of Execution, Accounting, the end -------------------------------------------------------------------------


def _touches_enemy(state: State, kid: str) -> bool:
    k = state.knight(kid)
    if k.pose is None or k.location != "field":
        return False
    p = d.poly(k.pose)
    return any(g.touching(p, d.poly(o.pose)) for o in d.on_field(state) if o.player != k.player)  # type: ignore[arg-type]


def end_of_execution(ctx: Ctx) -> None:
    """Conquest, Bloodshed and Leadership on the final positions (§6.1, §6.2 Лидерство, K31, K34, K35)."""
    st = ctx.state
    b = ctx.batch()
    why: list[str] = []
    oaths = data("oaths")
    for kid in st.acting:
        k = st.knight(kid)
        if k.location != "field":
            continue
        foreign = [t for t in d.TYPES if t != k.domain and d.in_limits(st, k, t)]
        own = d.in_limits(st, k, k.domain)
        if foreign and not (ctx.options.conquest == "strict" and own):
            b.fulfil(kid, "conquest", oaths["conquest"], [f"Conquest: {k.name} ends in {', '.join(foreign)} "
                                                          f"Limits, not its own {k.domain}: {oaths['conquest']}"],
                     terms=[{"kind": "foreign_limits", "honor": oaths["conquest"], "types": foreign,
                             "domain": k.domain}])
    for r in st.rams:
        if r["spared"] or not (r["enemy"] or ctx.options.friendly_rams_score):
            continue
        outcome = r["outcome"]
        if outcome == "equal":
            for kid in (r["attacker"], r["target"]):
                other = r["target"] if kid == r["attacker"] else r["attacker"]
                b.fulfil(kid, "bloodshed", oaths["bloodshed"]["equal"],
                         [f"Bloodshed: {st.knight(kid).name} equal in ram {r['n']}: {oaths['bloodshed']['equal']}"],
                         r["n"], [{"kind": "equal", "honor": oaths["bloodshed"]["equal"], "ram": r["n"],
                                   "opponent": other}])
            continue
        winner = r["attacker"] if outcome.startswith("target_") else r["target"]
        kind = "broke" if outcome.endswith("broken") else "struck"
        loser = r["target"] if winner == r["attacker"] else r["attacker"]
        b.fulfil(winner, "bloodshed", oaths["bloodshed"][kind],
                 [f"Bloodshed: {st.knight(winner).name} {kind} an enemy in ram {r['n']}: "
                  f"{oaths['bloodshed'][kind]}"], r["n"],
                 [{"kind": kind, "honor": oaths["bloodshed"][kind], "ram": r["n"], "opponent": loser}])
    formations: dict[str, list[str]] = {}
    table = oaths["leadership"]
    for leader in st.knights:
        fs = d.followers(st, leader)
        if fs:
            formations[leader.id] = [f.id for f in fs]
        if leader.oath != "leadership" or leader.oath_count > 0 or len(fs) < 2:
            continue
        honor = table["base"]
        lines = [f"Leadership: {leader.name} leads {', '.join(f.name for f in fs)}: {table['base']}"]
        terms: list[dict[str, Any]] = [{"kind": "base", "honor": table["base"], "followers": [f.id for f in fs]}]
        best = max([(table["touching_enemy"], "touches an enemy", "touching_enemy")] * _touches_enemy(st, leader.id)
                   + [(table["struck"], "struck an enemy this turn", "struck")] * leader.struck_enemy
                   + [(table["broke"], "broke an enemy this turn", "broke")] * leader.broke_enemy,
                   default=(0, "", ""))
        if best[0]:
            honor += best[0]
            lines.append(f"+{best[0]} {best[1]}")
            terms.append({"kind": best[2], "honor": best[0]})
        touching = [f.id for f in fs if _touches_enemy(st, f.id)]
        if len(touching) == 1:
            honor += table["one_follower_touching"]
            lines.append(f"+{table['one_follower_touching']} one follower touches an enemy")
            terms.append({"kind": "one_follower_touching", "honor": table["one_follower_touching"],
                          "followers": touching})
        elif len(touching) >= 2:
            honor += table["two_followers_touching"]
            lines.append(f"+{table['two_followers_touching']} both followers touch enemies")
            terms.append({"kind": "two_followers_touching", "honor": table["two_followers_touching"],
                          "followers": touching})
        lines.append(f"= {honor}")
        b.fulfil(leader.id, "leadership", honor, lines, terms=terms)
    why += [" ".join(x["why"]) for x in b.pending]
    ctx.emit("knights.checks", {"formations": formations, "why": why or ["no common oath or Leadership met"]},
             b, rule="§6.1 Общие Клятвы, §6.2 Лидерство", defaults=["K31", "K32", "K33", "K34", "K35"])


def loyalty(ctx: Ctx) -> None:
    """Loyalty: used Take the blow and lost a function this turn (§6.2 Верность, K46, K50)."""
    st = ctx.state
    table = data("oaths")["loyalty"]
    b = ctx.batch()
    for k in st.knights:
        if k.oath != "loyalty" or k.oath_count > 0 or not k.used_take_the_blow or k.functions_lost < 1:
            continue
        enemy = sum(o.functions_lost for o in st.knights if o.player != k.player)
        honor = (table["per_function"] * k.functions_lost + table["per_module"] * k.modules_destroyed
                 + table["per_enemy_function"] * enemy + (table["last_module"] if k.last_module_destroyed else 0))
        terms: list[dict[str, Any]] = [
            {"kind": kind, "honor": per * count, "count": count, "per": per}
            for kind, per, count in (("functions_lost", table["per_function"], k.functions_lost),
                                     ("modules_destroyed", table["per_module"], k.modules_destroyed),
                                     ("enemy_functions", table["per_enemy_function"], enemy))
            if count or kind == "functions_lost"]
        if k.last_module_destroyed:
            terms.append({"kind": "last_module", "honor": table["last_module"]})
        b.fulfil(k.id, "loyalty", honor, [
            f"Loyalty: {table['per_function']}×{k.functions_lost} functions + {table['per_module']}×"
            f"{k.modules_destroyed} modules + {table['per_enemy_function']}×{enemy} enemy functions + "
            f"{table['last_module'] if k.last_module_destroyed else 0} last module = {honor}"], terms=terms)
    if b.pending:
        ctx.emit("knights.checks", {"formations": {}, "why": [" ".join(x["why"]) for x in b.pending]},
                 b, rule="§6.2 Клятва Верности", defaults=["K46", "K50"])


def accounting(ctx: Ctx) -> None:
    """Every fulfilment of the turn, each accepted or declined (CP-K10), then the end checks (§1.4, §6)."""
    loyalty(ctx)
    oaths = data("oaths")
    order = oaths["order"]
    pending = sorted(enumerate(ctx.state.pending), key=lambda t: (order.index(t[1]["oath"]), t[0]))
    for _, item in pending:
        st = ctx.state
        k = st.knight(item["knight"])
        personal = item["oath"] not in ("conquest", "bloodshed")
        b = ctx.batch()
        if personal and k.oath_count >= oaths["uses"][item["oath"]]:
            status, honor = "void", 0
            why = item["why"] + [f"void: {item['oath']} already fulfilled (K43)"]
        else:
            value, how = ctx.ask("oath", k.player, ["accept", "decline"], default="accept",
                                 knight=k.id, oath=item["oath"])
            status = "accepted" if value == "accept" else "declined"
            honor = item["honor"] if status == "accepted" else 0
            why = item["why"] + ([f"declined by {k.player} (§6)"] if status == "declined" else [])
            changes: dict[str, Any] = {"honor": k.honor + honor}
            if personal and status == "accepted":
                changes["oath_count"] = k.oath_count + 1
            b.knight(k.id, **changes)
        ctx.emit("knights.oath", {
            "knight": k.id, "oath": item["oath"], "honor": honor, "status": status, "ram": item.get("ram"),
            "terms": item.get("terms") or [{"kind": "base", "honor": item["honor"]}],
            "total": b.state.knight(k.id).honor, "why": why,
        }, b, rule="§6 Клятвы", defaults=["K43", "K44"])
    reason = end_reason(ctx.state, ctx.turn, ctx.options)
    if reason is not None:
        end_battle(ctx, reason)
        return
    st = ctx.state
    acted = sorted(st.acting)
    ctx.emit("knights.end_of_turn", {
        "turn": ctx.turn, "next_turn": ctx.turn + 1, "acted_last_turn": acted,
        "why": [f"acted: {', '.join(st.knight(k).name for k in acted) or 'nobody'}"]
               + [f"{lance.name}: honor {d.lance_honor(st, lance.player)}" for lance in st.lances],
    }, rule="§1.4 Стадия Учета")


def end_reason(state: State, turn: int, options: KnightsOptions) -> str | None:
    """§1.3: 24 turns, no capable knights, all personal oaths fulfilled (K52, K53, K55)."""
    for lance in state.lances:
        if not any(d.capable(state, state.knight(k), options.capable) for k in lance.knights):
            return "no_capable"
    for lance in state.lances:
        if all(state.knight(k).oath_count >= 1 for k in lance.knights):
            return "oaths"
    if turn >= LAST_TURN:
        return "turns"
    return None


def end_battle(ctx: Ctx, reason: str, conceded: str | None = None) -> None:
    """The final count: Love +4 bonuses, then more Honor wins, the Responder on a tie (§1.3, §6.2, K54)."""
    st = ctx.state
    b = ctx.batch()
    bonuses = []
    bonus = data("oaths")["love"]["kidnapper_fallen"]
    for lady in st.ladies:
        her = st.knight(lady.her_knight)
        kidnapper = None if lady.kidnapper is None else st.knight(lady.kidnapper)
        if her.oath == "love" and her.oath_count >= 1 and kidnapper is not None and kidnapper.location == "fallen":
            b.knight(her.id, honor=b.state.knight(her.id).honor + bonus)
            bonuses.append({"knight": her.id, "honor": bonus, "kind": "kidnapper_fallen", "kidnapper": kidnapper.id,
                            "why": f"Love: the kidnapper {kidnapper.name} has fallen: +{bonus}"})
    honor = {lance.player: d.lance_honor(b.state, lance.player) for lance in st.lances}
    ch, rs = st.role_player("challenger"), st.role_player("responder")
    why = [f"{lance.name} ({lance.player}): honor {honor[lance.player]}" for lance in st.lances]
    defaults = ["K42"]
    if reason == "concession" and conceded is not None and ctx.options.concession == "loses":
        winner = st.opponent(conceded)
        why.append(f"{conceded} concedes: {winner} wins (K54)")
        defaults.append("K54")
    else:
        a, bb = st.lance_order
        if ch is None or rs is None:
            ch, rs = a, bb
        winner = ch if honor[ch] > honor[rs] else rs
        why.append(f"more honor wins; a tie goes to the Responder ({rs}): {winner} wins")
    ctx.emit("knights.end", {"reason": reason, "winner": winner, "honor": honor, "bonuses": bonuses,
                             "conceded": conceded, "why": why}, b, rule="§1.3 Структура боя", defaults=defaults)

