"""The Ram (§4.3 «Таран», spec §5.6) and Take the blow (§6.2 Клятва Верности, spec §5.8)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from replay.rulesets.knights import derive as d
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.damage import damage_function
from replay.rulesets.knights.derive import TYPES
from replay.rulesets.knights.model import DIR_NAMES, Knight, Pose, State, data
from replay.rulesets.knights.movement import dir_index, move, rotate, rotation_blocked, side_dir
from replay.rulesets.knights.steps import Batch, Ctx

ACCEL_MAX = 3  # §2.2: Разгон не может быть более 3 и менее 0


def clamp_accel(v: int) -> int:
    return max(0, min(ACCEL_MAX, v))


# --- Take the blow -------------------------------------------------------------------------------------------------


def loyal_knight(ctx: Ctx, target: Knight, attacker: Knight) -> Knight | None:
    """The friend of the would-be Target who may take the blow for it (§6.2 Верность, K51)."""
    st = ctx.state
    for k in st.knights:
        if (k.oath != "loyalty" or k.player != target.player or k.id in (target.id, attacker.id)
                or k.location != "field" or k.pose is None or target.pose is None):
            continue
        if ctx.options.take_the_blow_limit == "once_per_turn" and k.used_take_the_blow:
            continue
        if g.dist(d.poly(k.pose), d.poly(target.pose)) <= d.speed(st, k) + g.EPS_LEN:
            return k
    return None


def _pose_free(state: State, pose: Pose, ignore: tuple[str, ...]) -> bool:
    """On the field (less than ½ F² outside) and overlapping no knight by ½ F² or more."""
    p = d.poly(pose)
    if g.overlaps_half(g.outside(p)):
        return False
    return not any(g.overlaps_half(g.overlap(p, d.poly(o.pose)))  # type: ignore[arg-type]
                   for o in d.on_field(state, exclude=ignore))


def touching_pose_ok(state: State, pose: Pose, mover: str, other: str, parts: tuple[str, ...]) -> bool:
    """A pose where `mover` touches `other` with one of `parts`, on the field, overlapping nobody by ½ F² or more.

    Spec §5.8 step 1: touching(G, X) with contact_part(G, X) in {Front, Flank}, no ≥ ½ overlap with anyone, not in
    the Outflank — a standing overlap under ½ F² with X is touching too (K59), as everywhere else.
    """
    o = state.knight(other)
    if o.pose is None:
        return False
    p, q = d.poly(pose), d.poly(o.pose)
    if not g.touching(p, q):
        return False
    if parts and g.contact_part(p, q) not in parts:
        return False
    return _pose_free(state, pose, (mover,))


def touching_poses(state: State, mover: str, other: str, parts: tuple[str, ...]) -> list[dict[str, Any]]:
    """Candidate poses (half-F lattice around `other`, any facing) satisfying touching_pose_ok."""
    o = state.knight(other)
    assert o.pose is not None
    out = []
    steps = [k / 2 for k in range(-7, 8)]
    for f in range(8):
        for dx in steps:
            for dy in steps:
                pose = Pose(o.pose.x + dx, o.pose.y + dy, f)
                p = d.poly(pose)
                if g.dist(p, d.poly(o.pose)) > g.EPS_LEN:
                    continue
                if touching_pose_ok(state, pose, mover, other, parts):
                    out.append(pose.json())
    return out


def _as_pose(value: Any) -> Pose | None:
    try:
        return Pose.of(value) if isinstance(value, dict) else None
    except (KeyError, TypeError, ValueError):
        return None


def _ask_pose(ctx: Ctx, b: Batch, name: str, actor: str, mover: str, other: str, parts: tuple[str, ...]
              ) -> tuple[Pose | None, str]:
    """A pose choice checked by rule, not by list: any legal pose is accepted (CP-K2a, CP-K2c); (pose, how)."""
    def ok(v: Any) -> bool:
        pose = _as_pose(v)
        return pose is not None and touching_pose_ok(b.state, pose, mover, other, parts)

    if ctx.has_recorded(name, actor, knight=mover):
        value, how = ctx.ask(name, actor, [], accept=ok, knight=mover)
        return _as_pose(value), how
    options = touching_poses(b.state, mover, other, parts)
    if not options:
        return None, "none"
    value, how = ctx.ask(name, actor, options, accept=ok, knight=mover)
    return _as_pose(value), how


def _forced(how: str) -> str:
    return " (forced)" if how == "forced" else ""


def take_the_blow(ctx: Ctx, attacker: Knight, ally: Knight, loyal: Knight, n: int) -> str:
    """Steps 1–3 of «Принять удар за товарища!»; returns the ram's Target (the loyal knight on success)."""
    b = ctx.batch()
    why: list[str] = []
    defaults = ["K46", "K47", "K49", "K51"]
    front_flank = (g.FRONT, g.FLANK)
    ally_pose = ally.pose
    assert ally_pose is not None and loyal.pose is not None
    loyal_from = loyal.pose
    # Step 1: teleport to a pose touching the ally with Front or Flank.
    pose1, how = _ask_pose(ctx, b, "take_the_blow_pose", loyal.player, loyal.id, ally.id, front_flank)
    if pose1 is None:
        return ally.id
    b.knight(loyal.id, pose=pose1, used_take_the_blow=True)
    why.append(f"step 1: {loyal.name} {fmt_pose(loyal_from)} → {fmt_pose(pose1)}, touching {ally.name} with its "
               f"Front or Flank{_forced(how)}")
    # Step 2: the ally moves 2 F without turning, touching nobody but the loyal knight afterwards.
    legal = []
    for name in DIR_NAMES:
        trial = Batch(b.state)
        seg = move(trial, ally.id, 2, dir_index(name), ctx.options)
        if seg["result"] == "contact":
            continue
        moved = trial.state.knight(ally.id)
        if moved.pose is not None:
            mp = d.poly(moved.pose)
            if any(g.touching(mp, d.poly(o.pose)) for o in d.on_field(trial.state, exclude=(ally.id, loyal.id))):  # type: ignore[arg-type]
                continue
        legal.append(name)
    step2: dict[str, Any] = {"dir": None, "ally_to": None, "result": "failed"}
    step3 = None
    placed_by = None
    success = False
    if legal:
        dname, how = ctx.ask("take_the_blow_direction", loyal.player, legal, knight=loyal.id)
        seg = move(b, ally.id, 2, dir_index(dname), ctx.options)
        moved = b.state.knight(ally.id)
        step2 = {"dir": dname, "ally_to": None if moved.pose is None else moved.pose.json(),
                 "result": "done", "segment": seg}
        why.append(f"step 2: {ally.name} moves 2 F {dname}{_forced(how)}")
        # Step 3: the loyal knight stands where the ally stood (same C and facing, K47).
        if _pose_free(b.state, ally_pose, (loyal.id,)):
            pose3 = ally_pose
            placed_by = "rule"
        else:
            opp = ctx.state.opponent(loyal.player)
            pose3, how = _ask_pose(ctx, b, "take_the_blow_place", opp, loyal.id, attacker.id, ())
            placed_by = "opponent"
            why.append("step 3: the ally's former pose is taken; the Attacker's owner places the loyal knight"
                       + _forced(how))
        if pose3 is not None:
            b.knight(loyal.id, pose=pose3)
            step3 = pose3.json()
            success = True
            why.append(f"step 3: {loyal.name} → {fmt_pose(pose3)}; the ram is against {loyal.name}, Rear forced")
    else:
        why.append(f"step 2: no direction moves {ally.name} 2 F clear of everyone: the rescue fails (K46)")
    ctx.emit("knights.take_the_blow", {
        "loyal": loyal.id, "ally": ally.id, "attacker": attacker.id, "ram": n,
        "loyal_from": loyal_from.json(), "ally_from": ally_pose.json(), "step1": pose1.json(),
        "step2": step2, "step3": step3, "placed_by": placed_by, "success": success, "why": why,
    }, b, rule="§6.2 Клятва Верности", defaults=defaults)
    return loyal.id if success else ally.id


# --- the ram -------------------------------------------------------------------------------------------------------


def fmt_pose(p: Pose) -> str:
    return f"({_n(p.x)},{_n(p.y)},{DIR_NAMES[p.f]})"


def _n(v: float) -> str:
    r = round(v, 3)
    return str(int(r)) if r == int(r) else f"{r:g}"


@dataclass
class Side:
    """One participant at the moment of collision (R3 snapshot, K8)."""

    id: str
    name: str
    player: str
    mass: int
    speed: int
    accel: int
    pose: Pose
    in_limits: dict[str, bool]
    formation: bool
    en_garde: bool

    def json(self) -> dict[str, Any]:
        return {"mass": self.mass, "speed": self.speed, "accel": self.accel, "pose": self.pose.json(),
                "in_limits": self.in_limits, "formation": self.formation, "player": self.player}


def _side(ctx: Ctx, k: Knight) -> Side:
    st = ctx.state
    assert k.pose is not None
    return Side(k.id, k.name, k.player, d.mass(st, k), d.speed(st, k), k.accel, k.pose,
                {t: d.in_limits(st, k, t) for t in TYPES},
                d.in_formation(st, k, ctx.options.formation_min_followers), "en_garde" not in k.damaged)


def in_type(ctx: Ctx, k: Knight, kind: str) -> bool:
    return d.in_limits(ctx.state, k, kind)


def halve_up(v: int, div: int) -> int:
    """Division after addition, rounded up; zero stays zero (§4.3 Шаг 3)."""
    return math.ceil(v / div) if div > 1 else v


def compare(i: int, r: int) -> str:
    """§4.3 Шаг 4 in the spec's order (K28)."""
    if i >= 2 * r:
        return "target_broken"
    if i > r:
        return "target_struck"
    if i == r:
        return "equal"
    if r >= 2 * i:
        return "attacker_broken"
    return "attacker_struck"


def _optional(ctx: Ctx, name: str, k: Side, n: int) -> bool:
    value, _ = ctx.ask(name, k.player, ["apply", "decline"], default="apply", knight=k.id, ram=n)
    return value == "apply"


def _value(base_mass: int, speed: int, counted: int, mods: list[dict[str, Any]], halving: dict[str, Any] | None,
           div_reason: str) -> dict[str, Any]:
    """Base, modifiers, then halving rounded up (§4.3 Шаг 3); `div_reason` and `halving` are null at div 1."""
    add = sum(m["value"] for m in mods if m["applied"])
    div = 2 if halving is not None else 1
    value = halve_up(base_mass * counted + add, div)
    return {"mass": base_mass, "speed": speed, "counted_speed": counted, "base": base_mass * counted,
            "mods": mods, "div": div, "div_reason": div_reason if halving is not None else None,
            "halving": halving, "value": value}


def _line(label: str, v: dict[str, Any]) -> str:
    speed = f"speed {v['speed']}" if v["speed"] == v["counted_speed"] else f"speed {v['speed']}→{v['counted_speed']}"
    s = f"{label} = mass {v['mass']} × {speed} = {v['base']}"
    for m in v["mods"]:
        s += f"; {m['value']:+d} {m['reason']} ({m['rule']})" + ("" if m["applied"] else " declined")
    total = v["base"] + sum(m["value"] for m in v["mods"] if m["applied"])
    if v["div"] > 1:
        s += f"; {total}/2 rounded up ({v['div_reason']})"
    return s + f" → {v['value']}"


def ram(ctx: Ctx, attacker_id: str, candidates: list[str], pickup: frozenset[str]) -> dict[str, Any]:
    """Resolve one ram to completion (§4.3 steps 1–5); emits knights.take_the_blow? and knights.ram."""
    ctx.rams += 1
    n = ctx.rams
    defaults = ["K5", "K6", "K7", "K8", "K9", "K10", "K25", "K26", "K28", "K61"]
    st = ctx.state
    attacker = st.knight(attacker_id)
    # R1: target selection (CP-K1), by the Attacker's opponent.
    chosen_by = None
    if len(candidates) > 1:
        opp = st.opponent(attacker.player)
        target_id, how = ctx.ask("target", opp, sorted(candidates), knight=attacker_id)
        chosen_by = opp if how == "chosen" else how
    else:
        target_id = candidates[0]
    would_be = target_id
    # R2: Take the blow.
    loyal = loyal_knight(ctx, st.knight(target_id), attacker)
    override = False
    if loyal is not None:
        use, _ = ctx.ask("take_the_blow", loyal.player, ["use", "decline"], knight=loyal.id)
        if use == "use":
            target_id = take_the_blow(ctx, attacker, st.knight(target_id), loyal, n)
            override = target_id == loyal.id
    st = ctx.state
    attacker, target = st.knight(attacker_id), st.knight(target_id)
    a, t = _side(ctx, attacker), _side(ctx, target)
    ap_, tp_ = d.poly(a.pose), d.poly(t.pose)
    parts = {"tp": g.closest_part(tp_, ap_[0]), "ap": g.closest_part(ap_, tp_[0]),
             "tc": g.contact_part(tp_, ap_), "ac": g.contact_part(ap_, tp_)}
    if override:
        parts["tp"] = parts["tc"] = g.REAR  # §6.2 Верность step 3, K48
        defaults.append("K48")
    enemy = attacker.player != target.player
    why: list[str] = [f"{a.name} rams {t.name}: target's part nearest the attacker's Front {parts['tp']}, "
                      f"attacker's part nearest the target's Front {parts['ap']}; contact {parts['ac']} → "
                      f"{parts['tc']}"]
    # R4–R5: impetus and resistance with their modifiers.
    i_mods: list[dict[str, Any]] = []
    r_mods: list[dict[str, Any]] = []
    if parts["tp"] == g.FRONT:
        r_mods.append({"value": 2, "reason": "target's Front nearest", "rule": "§4.3 Шаг 3", "applied": True,
                       "kind": "front_nearest", "knight": target_id, "part": g.FRONT, "toward": attacker_id})
    for side, owner, mods, label, order in (("attacker", attacker, i_mods, "attacker's domain", (a, t)),
                                            ("target", target, r_mods, "target's domain", (t, a))):
        inside = [s.id for s in order if in_type(ctx, st.knight(s.id), owner.domain)]
        if inside:
            who = a.name if inside[0] == attacker_id else t.name
            mods.append({"value": 2, "reason": f"{who} in {owner.domain} Limits ({label})", "rule": "§4.3 Шаг 3",
                         "applied": True, "kind": "domain", "domain": owner.domain, "side": side,
                         "knight": inside[0], "knights": inside})
    garde_ok = enemy or ctx.options.en_garde_vs_friend
    if not enemy:
        defaults.append("K63")
    for side, s, part, mods in (("attacker", a, parts["ac"], i_mods), ("target", t, parts["tc"], r_mods)):
        if s.en_garde and part in (g.FRONT, g.FLANK) and garde_ok:
            mods.append({"value": 1, "reason": f"en garde ({part})", "rule": "§4.3 Ан гард!",
                         "applied": _optional(ctx, "en_garde", s, n), "kind": "en_garde", "side": side,
                         "knight": s.id, "part": part})
    for side, s, value, mods in (("attacker", a, 1, i_mods), ("target", t, 2, r_mods)):
        if s.formation:
            mods.append({"value": value, "reason": "formation", "rule": "§6.2 Лидерство",
                         "applied": _optional(ctx, "formation", s, n), "kind": "formation", "side": side,
                         "knight": s.id, "leaders": d.leaders_of(st, st.knight(s.id),
                                                                 ctx.options.formation_min_followers)})
            defaults.append("K32")
    i_half = {"knight": attacker_id, "part": g.REAR, "toward": target_id, "override": False}
    r_half = {"knight": target_id, "part": g.REAR, "toward": attacker_id, "override": override}
    impetus = _value(a.mass, a.speed, a.speed, i_mods, i_half if parts["ap"] == g.REAR else None,
                     "attacker's Rear nearest the target's Front")
    resistance = _value(t.mass, t.speed, max(t.speed, 1), r_mods, r_half if parts["tp"] == g.REAR else None,
                        "target's Rear nearest the attacker's Front" + (" (taking the blow)" if override else ""))
    why += [_line("I", impetus), _line("R", resistance)]
    outcome = compare(impetus["value"], resistance["value"])
    why.append(_comparison(impetus["value"], resistance["value"], outcome))
    # R7–R9: the outcome's effects in the rulebook's order (C2).
    b = ctx.batch()
    eff = Effects(ctx, b, attacker_id, target_id, pickup)
    spared = eff.run(outcome, parts, enemy, n)
    defaults += eff.defaults
    # R10: bookkeeping.
    winner, loser = _winner(outcome, attacker_id, target_id)
    scores = enemy or ctx.options.friendly_rams_score
    if winner is not None and loser is not None and scores and not spared:
        flag = "broke_enemy" if outcome.endswith("broken") else "struck_enemy"
        b.knight(winner, **{flag: True})
    b.rams.append({"n": n, "attacker": attacker_id, "target": target_id, "outcome": outcome, "spared": spared,
                   "enemy": enemy, "tc": parts["tc"]})
    if parts["tc"] == g.FRONT and scores and not spared:
        for me, other in ((a, t), (t, a)):
            _bravery(b, me, other, outcome, me.id == attacker_id, n)
    body = ctx.emit("knights.ram", {
        "n": n, "attacker": attacker_id, "target": target_id, "would_be_target": would_be,
        "candidates": sorted(candidates), "chosen_by": chosen_by, "parts": parts, "loyalty_override": override,
        "attacker_state": a.json(), "target_state": t.json(), "impetus": impetus, "resistance": resistance,
        "outcome": outcome, "effects": eff.effects, "spared": spared, "winner": winner, "loser": loser,
        "why": why + eff.why,
    }, b, rule="§4.3 Таран", defaults=defaults)
    return body


def _comparison(i: int, r: int, outcome: str) -> str:
    sign = {"target_broken": f"I {i} ≥ 2R {2 * r}", "target_struck": f"R {r} < I {i} < 2R {2 * r}",
            "equal": f"I {i} = R {r}", "attacker_broken": f"R {r} ≥ 2I {2 * i}",
            "attacker_struck": f"I {i} < R {r} < 2I {2 * i}"}[outcome]
    return f"{sign} → {outcome}"


def _winner(outcome: str, a: str, t: str) -> tuple[str | None, str | None]:
    if outcome.startswith("target_"):
        return a, t
    if outcome.startswith("attacker_"):
        return t, a
    return None, None


def _bravery(b: Batch, me: Side, other: Side, outcome: str, attacking: bool, n: int) -> None:
    """Bravery: a ram in which the Attacker touches the Target's Front (§6.2 Храбрость)."""
    k = b.state.knight(me.id)
    if k.oath != "bravery" or k.oath_count > 0:
        return
    table = data("oaths")["bravery"]
    mine = {
        "target_broken": "broke" if attacking else "was_broken",
        "target_struck": "struck" if attacking else "was_struck",
        "equal": "equal",
        "attacker_struck": "was_struck" if attacking else "struck",
        "attacker_broken": "was_broken" if attacking else "broke",
    }[outcome]
    honor = table[mine]
    why = [f"Bravery ({me.name}): {mine.replace('_', ' ')} {table[mine]}"]
    terms: list[dict[str, Any]] = [{"kind": mine, "honor": table[mine], "ram": n, "opponent": other.id}]
    if other.mass > me.mass:
        honor += table["heavier_opponent"]
        why.append(f"+{table['heavier_opponent']} opponent's mass {other.mass} > own {me.mass}")
        terms.append({"kind": "heavier_opponent", "honor": table["heavier_opponent"], "opponent": other.id,
                      "opponent_mass": other.mass, "mass": me.mass})
    if not me.in_limits[k.domain]:
        honor += table["outside_own_domain"]
        why.append(f"+{table['outside_own_domain']} not in own {k.domain} Limits at the collision")
        terms.append({"kind": "outside_own_domain", "honor": table["outside_own_domain"], "domain": k.domain})
    why.append(f"= {honor}")
    b.fulfil(me.id, "bravery", honor, why, n, terms)


class Effects:
    """The movements, accel changes, Mercy and damage of one outcome (§4.3 Шаг 4, spec R7–R9)."""

    def __init__(self, ctx: Ctx, b: Batch, attacker: str, target: str, pickup: frozenset[str]):
        self.ctx, self.b, self.a, self.t, self.pickup = ctx, b, attacker, target, pickup
        self.effects: list[dict[str, Any]] = []
        self.why: list[str] = []
        self.defaults: list[str] = []
        self.last_pose: dict[str, Pose | None] = {kid: b.state.knight(kid).pose for kid in (attacker, target)}

    def player(self, kid: str) -> str:
        return self.b.state.knight(kid).player

    def name(self, kid: str) -> str:
        return self.b.state.knight(kid).name

    def alive_on_field(self, kid: str) -> bool:
        return self.b.state.knight(kid).location == "field"

    def push(self, kid: str, distance: int, chooser: str) -> None:
        """The knight moves D F without turning in a direction the chooser picks (K9); induced: no ram."""
        if not self.alive_on_field(kid):
            return
        dname, how = self.ctx.ask("push_direction", self.player(chooser), list(DIR_NAMES), knight=kid)
        seg = self._move(kid, distance, dir_index(dname))
        self.effects.append({"kind": "push", "knight": kid, "dir": dname, "distance": distance,
                             "chosen_by": self.player(chooser) if how == "chosen" else how, **seg})
        self.why.append(f"{self.name(kid)} moves {distance} F {dname}: {seg['result']}")

    def _move(self, kid: str, distance: int, gdir: int) -> dict[str, Any]:
        before = self.b.state.knight(kid).pose
        seg = move(self.b, kid, distance, gdir, self.ctx.options, pickup=kid in self.pickup)
        if seg["result"] == "outflank":
            self.last_pose[kid] = before
            self.effects.append({"kind": "outflank", "knight": kid, "love": seg["love"]})
        elif self.b.state.knight(kid).pose is not None:
            self.last_pose[kid] = self.b.state.knight(kid).pose
        return {"from": seg["from"], "to": seg["to"], "result": seg["result"], "pickups": seg["pickups"]}

    def sidestep(self, kid: str, chooser: str) -> None:
        """1 F left or right, then 2 F forward, without turning (§4.3 Шаг 4; K10)."""
        if not self.alive_on_field(kid):
            return
        side, how = self.ctx.ask("sidestep", self.player(chooser), ["left", "right"], knight=kid)
        f = self.b.state.knight(kid).pose.f  # type: ignore[union-attr]
        moves = [self._move(kid, 1, side_dir(f, side))]
        if self.alive_on_field(kid):
            moves.append(self._move(kid, 2, f))
        self.effects.append({"kind": "sidestep", "knight": kid, "side": side,
                             "chosen_by": self.player(chooser) if how == "chosen" else how, "moves": moves})
        self.why.append(f"{self.name(kid)} sidesteps 1 F {side}, then 2 F forward")
        self.defaults.append("K10")

    def turn45(self, kid: str) -> None:
        """The Attacker must turn 45° left or right, its choice; a blocked side is not offered (K29, C1)."""
        if not self.alive_on_field(kid):
            return
        sides = [s for s, t in (("left", -1), ("right", 1)) if not rotation_blocked(self.b.state, kid, t)]
        self.defaults.append("K29")
        if not sides:
            self.effects.append({"kind": "rotate", "knight": kid, "side": None, "chosen_by": "forced",
                                 "to": self.b.state.knight(kid).pose.json(), "result": "blocked"})  # type: ignore[union-attr]
            self.why.append(f"{self.name(kid)} cannot turn either way: no rotation (K29)")
            return
        side, how = self.ctx.ask("rotate", self.player(kid), sides, knight=kid)
        step = rotate(self.b, kid, -1 if side == "left" else 1)
        pose = self.b.state.knight(kid).pose
        self.effects.append({"kind": "rotate", "knight": kid, "side": side,
                             "chosen_by": self.player(kid) if how == "chosen" else how,
                             "to": None if pose is None else pose.json(), "result": step["result"]})
        if step["result"] == "outflank":
            self.effects.append({"kind": "outflank", "knight": kid, "love": step["love"]})
        self.why.append(f"{self.name(kid)} turns 45° {side}" + (" (forced)" if how == "forced" else ""))

    def accel(self, kid: str, value: int) -> None:
        k = self.b.state.knight(kid)
        new = clamp_accel(value)
        self.b.knight(kid, accel=new)
        self.effects.append({"kind": "accel", "knight": kid, "from": k.accel, "to": new})
        self.why.append(f"{k.name} accel {k.accel} → {new}")

    def hurt(self, kid: str, chooser: str) -> None:
        effects = damage_function(self.ctx, self.b, kid, self.player(chooser), self.last_pose.get(kid))
        for e in effects:
            self.effects.append(e)
            if e["kind"] == "damage":
                who = "forced" if e["chosen_by"] == "forced" else f"{self.name(chooser)}'s pick"
                self.why.append(f"{self.name(kid)} loses {e['function']} ({who}); mass {e['mass']}"
                                + (f", {e['module']} destroyed" if e["destroyed"] else "")
                                + (", falls" if e["fallen"] else ""))
            elif e["kind"] == "lady_token":
                self.why.append(f"her Lady is set down on cell {e['cell']}")

    def mercy(self, outcome: str, enemy: bool, n: int) -> bool:
        """Mercy: the Attacker may spare a struck or broken enemy Target (§6.2 Милосердие, K30)."""
        st = self.b.state
        a, t = st.knight(self.a), st.knight(self.t)
        lance = st.lance(a.player)
        if not (a.oath == "mercy" and outcome in ("target_struck", "target_broken") and enemy
                and t.id not in lance.spared and a.mercy_uses < data("oaths")["uses"]["mercy"]):
            return False
        value, _ = self.ctx.ask("spare", a.player, ["spare", "strike"], knight=a.id)
        self.defaults.append("K30")
        self.effects.append({"kind": "spare", "knight": a.id, "target": t.id, "spared": value == "spare"})
        if value != "spare":
            return False
        self.b.lance(a.player, spared=sorted(lance.spared | {t.id}))
        self.b.knight(a.id, mercy_uses=a.mercy_uses + 1)
        table = data("oaths")["mercy"]
        kind = "broken" if outcome == "target_broken" else "struck"
        honor = table[kind]
        self.b.fulfil(a.id, "mercy", honor, [f"Mercy: {a.name} spares {t.name}, {kind}: {honor}"], n,
                      [{"kind": f"spared_{kind}", "honor": honor, "target": t.id, "ram": n}])
        self.why.append(f"{a.name} spares {t.name}: no damage (§6.2 Милосердие)")
        return True

    def run(self, outcome: str, parts: dict[str, str], enemy: bool, n: int) -> bool:
        a, t = self.a, self.t
        st = self.b.state
        ka, kt = st.knight(a), st.knight(t)
        spared = False
        if outcome == "target_broken":
            distance = {g.FRONT: 2, g.FLANK: 3, g.REAR: 4}[parts["tp"]]
            self.push(t, distance, a)
            if parts["tp"] == g.FRONT:
                self.accel(t, 0)
            elif parts["tp"] == g.FLANK:
                self.accel(t, kt.accel - 1)
            self.accel(a, 0)
            if parts["tp"] == g.FRONT:
                self.turn45(a)
            spared = self.mercy(outcome, enemy, n)
            if not spared:
                self.hurt(t, a)
                self.hurt(t, t)
        elif outcome == "target_struck":
            self.push(t, 2, a)
            self.accel(t, kt.accel - 1)
            self.accel(a, ka.accel - 1)
            if parts["tc"] == g.FRONT:
                self.sidestep(a, a)
            spared = self.mercy(outcome, enemy, n)
            if not spared:
                self.hurt(t, t)
        elif outcome == "equal":
            self.hurt(t, t)
            self.push(t, 1, t)
            self.hurt(a, a)
            self.push(a, 1, a)
            self.accel(t, 0)
            self.accel(a, 0)
        elif outcome == "attacker_struck":
            if parts["tc"] == g.FRONT:
                self.sidestep(a, t)
                self.accel(a, 0)
                self.accel(t, kt.accel - 1)
                self.defaults.append("K27")
                if self.ctx.options.attacker_struck_front_damage:
                    self.hurt(a, a)
            else:
                self.push(a, 2, t)
                self.accel(a, 0)
                self.hurt(a, a)
        else:  # attacker_broken
            self.accel(a, 0)
            self.push(a, 2, t)
            self.hurt(a, t)
            self.hurt(a, a)
        return spared
