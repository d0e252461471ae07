"""The resolver's working parts: the context that emits events, choices, movement, rotation, damage, the Lady.

A `Batch` gathers the absolute changes of one resolution event while it is being worked out (a ram pushes, turns
and damages several knights before its event is emitted); `Ctx.emit` writes them into the event's payload and
folds the event with `evolve.apply`, so the resolver always stands on exactly the state the reducer will build.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from eventlog.envelope import Draft
from replay.inputs import Inputs, MissingInput, Waiting
from replay.rulesets.knights import derive as d
from replay.rulesets.knights import geometry as g
from replay.rulesets.knights.evolve import _updates, apply
from replay.rulesets.knights.model import DIR_NAMES, KnightsOptions, Pose, State, data, kit_functions, module_of


def jsonable(obj: Any) -> Any:
    """The payload as it will read back from the log (tuples become lists)."""
    return json.loads(json.dumps(obj, ensure_ascii=False))


@dataclass
class Batch:
    """Absolute changes of one event under construction, with the state they lead to."""

    state: State
    knights: dict[str, dict[str, Any]] = field(default_factory=dict)
    ladies: dict[str, dict[str, Any]] = field(default_factory=dict)
    lances: dict[str, dict[str, Any]] = field(default_factory=dict)
    pending: list[dict[str, Any]] = field(default_factory=list)
    rams: list[dict[str, Any]] = field(default_factory=list)

    def knight(self, kid: str, **changes: Any) -> None:
        changes = jsonable({k: (v.json() if isinstance(v, Pose) else sorted(v) if isinstance(v, frozenset) else v)
                            for k, v in changes.items()})
        self.knights.setdefault(kid, {}).update(changes)
        self.state = _updates(self.state, {"knights": {kid: changes}})

    def lady(self, lid: str, **changes: Any) -> None:
        changes = jsonable(changes)
        self.ladies.setdefault(lid, {}).update(changes)
        self.state = _updates(self.state, {"ladies": {lid: changes}})

    def lance(self, player: str, **changes: Any) -> None:
        changes = jsonable(changes)
        self.lances.setdefault(player, {}).update(changes)
        self.state = _updates(self.state, {"lances": {player: changes}})

    def fulfil(self, knight: str, oath: str, honor: int, why: list[str], ram: int | None = None,
               terms: list[dict[str, Any]] | None = None) -> None:
        """A fulfilment for Accounting: `why` is the text, `terms` the same sum as data ({"kind", "honor", …})."""
        terms = terms or [{"kind": "base", "honor": honor}]
        assert sum(t["honor"] for t in terms) == honor, (oath, terms, honor)
        item = {"knight": knight, "oath": oath, "honor": honor, "why": why, "ram": ram, "terms": jsonable(terms)}
        self.pending.append(item)
        self.state = _updates(self.state, {"pending_add": [item]})

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in (("knights", self.knights), ("ladies", self.ladies), ("lances", self.lances),
                            ("pending_add", self.pending), ("rams_add", self.rams)):
            if value:
                out[name] = value
        return out


@dataclass
class Ctx:
    """What one `resolve` call carries: the running state, the inputs, the options and the events so far."""

    state: State
    inputs: Inputs
    options: KnightsOptions
    turn: int
    drafts: list[Draft] = field(default_factory=list)
    rams: int = 0
    tie_die: int | None = None

    def batch(self) -> Batch:
        return Batch(self.state)

    def emit(self, type_: str, payload: dict[str, Any], batch: Batch | None = None, actor: str | None = None,
             rule: str = "", defaults: list[str] | None = None) -> dict[str, Any]:
        """Append a resolution event and fold it into the running state."""
        body = dict(payload)
        if batch is not None:
            body.update(batch.payload())
        body.setdefault("why", [])
        body.setdefault("rule", rule)
        body.setdefault("defaults", sorted(set(defaults or []), key=_kid))
        body = jsonable(body)
        self.drafts.append(Draft(type_, body, self.turn, actor))
        self.state = apply(self.state, type_, body)
        return body

    def name(self, kid: str) -> str:
        return self.state.knight(kid).name

    def has_recorded(self, name: str, actor: str | None, **key: Any) -> bool:
        """A recorded choice for this key is still unused."""
        return self.inputs.has_choice(name, actor=actor, **key)

    def ask(self, name: str, actor: str | None, options: list[Any], *, default: Any = None,
            accept: Callable[[Any], bool] | None = None, **key: Any) -> tuple[Any, str]:
        """A recorded choice, or the only option ("forced", C1), or the default ("default", K25, K44).

        With `accept`, any value it accepts is taken (poses, cells) and `options` are only shown when waiting.
        Returns (value, how) with how = "chosen" | "forced" | "default".
        """
        if not self.inputs.has_choice(name, actor=actor, **key):
            if default is not None:
                return default, "default"
            if len(options) == 1:
                return options[0], "forced"
        what = name.replace("_", " ") + _key_text(self.state, key)
        try:
            value = self.inputs.choice(name, actor=actor, options=[] if accept else options, what=what, **key)
        except Waiting:
            shown = options if len(options) <= 24 else [*options[:24], f"… {len(options) - 24} more"]
            raise Waiting(actor, what, shown) from None
        if accept is not None and not accept(value):
            raise MissingInput(f"turn {self.turn}: choice {name} of {actor} is {value!r}: not legal for {what}")
        return value, "chosen"


def _kid(kid: str) -> tuple[int, str]:
    digits = "".join(c for c in kid if c.isdigit())
    return (int(digits) if digits else 0, kid)


def _key_text(state: State, key: dict[str, Any]) -> str:
    parts = []
    for name, value in key.items():
        if name == "knight":
            try:
                parts.append(f"{state.knight(value).name} ({value})")
            except KeyError:
                parts.append(str(value))
        else:
            parts.append(f"{name} {value}")
    return f" for {', '.join(parts)}" if parts else ""


# --- movement (§5.2, §5.3, §1.1) ----------------------------------------------------------------------------------


def dir_index(name: str) -> int:
    return DIR_NAMES.index(name)


def side_dir(f: int, side: str) -> int:
    """Left is f − 2, right f + 2, relative to the mover's own facing (K10)."""
    return (f - 2) % 8 if side == "left" else (f + 2) % 8


def enter_outflank(b: Batch, kid: str) -> bool:
    """The knight leaves the field (§1.1); True when it carries her Lady under the Love oath (§6.2 Любовь)."""
    k = b.state.knight(kid)
    b.knight(kid, pose=None, location="outflank")
    mine = [lady for lady in b.state.ladies if lady.carrier == kid and lady.her_knight == kid]
    if not (k.oath == "love" and mine and k.oath_count == 0):
        return False
    lady = mine[0]
    table = data("oaths")["love"]
    honor = table["base"]
    why = [f"Love: {k.name} carries her Lady into the Outflank: {table['base']}"]
    terms: list[dict[str, Any]] = [{"kind": "base", "honor": table["base"], "lady": lady.id}]
    if lady.kidnapper is not None:
        kidnapper = b.state.knight(lady.kidnapper)
        dmg = d.damage(b.state, kidnapper)
        bonus = table["kidnapper_damaged"] if dmg >= 1 else 0
        honor += bonus
        terms.append({"kind": "kidnapper_damaged", "honor": bonus, "kidnapper": kidnapper.id, "damage": dmg})
        if dmg >= 1:
            why.append(f"+{table['kidnapper_damaged']} kidnapper {kidnapper.name} has damage {dmg} ≥ 1")
        else:
            why.append(f"+0 kidnapper {kidnapper.name} has damage {dmg}")
    why.append(f"= {honor}")
    b.fulfil(kid, "love", honor, why, terms=terms)
    return True


def _lady_tokens(state: State) -> list[tuple[str, g.Poly]]:
    return [(lady.id, g.rect(lady.cell[0], lady.cell[1], lady.cell[0] + 1, lady.cell[1] + 1))
            for lady in state.ladies if lady.cell is not None and lady.carrier is None]


def _pickups(b: Batch, kid: str, start: g.Poly, delta: tuple[float, float], until: float) -> list[dict[str, Any]]:
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


def move(b: Batch, kid: str, distance: int, gdir: int, options: KnightsOptions, pickup: bool = False
         ) -> dict[str, Any]:
    """Move a knight D F in direction g without turning (§5.2): clear, stopped at contact, or into the Outflank.

    Returns the path segment: {"kind": "move", "dir", "distance", "delta", "from", "to", "result", "tau",
    "candidates", "pickups", "love"}.
    """
    k = b.state.knight(kid)
    pose = k.pose
    assert pose is not None
    dx, dy = g.displacement(distance, gdir)
    seg: dict[str, Any] = {"kind": "move", "dir": gdir, "distance": distance, "delta": [dx, dy],
                           "from": pose.json(), "to": pose.json(), "result": "clear", "tau": None,
                           "candidates": [], "pickups": [], "love": False}
    if (dx, dy) == (0, 0):
        return seg
    start = d.poly(pose)
    delta = (float(dx), float(dy))
    end_only = options.collision_overlap == "segment_end"
    hits = {}
    for other in d.on_field(b.state, exclude=(kid,)):
        tau = g.first_half_overlap(start, delta, d.poly(other.pose), end_only)  # type: ignore[arg-type]
        if tau is not None:
            hits[other.id] = tau
    t_out = g.first_outside(start, delta)
    t_hit = min(hits.values(), default=None)
    if t_out is not None and (t_hit is None or t_out < t_hit - 1e-9):
        seg["tau"] = t_out
        if pickup:
            seg["pickups"] = _pickups(b, kid, start, delta, t_out)
        at = Pose(pose.x + t_out * dx, pose.y + t_out * dy, pose.f)
        seg.update(to=None, result="outflank", exit=at.json())
        seg["love"] = enter_outflank(b, kid)
        return seg
    if t_hit is not None:
        first = [oid for oid, t in hits.items() if t <= t_hit + 1e-9]
        tau_s = min(g.sweep_interval(start, delta, d.poly(b.state.knight(oid).pose))[0]  # type: ignore[index,arg-type]
                    for oid in first)
        stop = Pose(pose.x + tau_s * dx, pose.y + tau_s * dy, pose.f)
        stop = Pose(_snap(stop.x), _snap(stop.y), pose.f)
        sp = d.poly(stop)
        seg["candidates"] = sorted(oid for oid in hits
                                   if g.touching(sp, d.poly(b.state.knight(oid).pose)))  # type: ignore[arg-type]
        seg.update(to=stop.json(), result="contact", tau=tau_s)
        if pickup:
            seg["pickups"] = _pickups(b, kid, start, delta, max(0.0, tau_s))
        b.knight(kid, pose=stop)
        return seg
    end = Pose(pose.x + dx, pose.y + dy, pose.f)
    if pickup:
        seg["pickups"] = _pickups(b, kid, start, delta, 1.0)
    seg["to"] = end.json()
    b.knight(kid, pose=end)
    return seg


def _snap(v: float) -> float:
    """Coordinates are stored to 1e-9 (§2.1 Numerics); lattice values stay exact."""
    r = round(v, 9)
    return float(round(r)) if abs(r - round(r)) < 1e-9 else r


def rotate(b: Batch, kid: str, turn: int) -> dict[str, Any]:
    """Turn about C by turn × 45° (§5.3, K3): cancelled if it would overlap a knight by ≥ ½ F²."""
    k = b.state.knight(kid)
    pose = k.pose
    assert pose is not None
    new = Pose(pose.x, pose.y, (pose.f + turn) % 8)
    p = d.poly(new)
    blocked = sorted(o.id for o in d.on_field(b.state, exclude=(kid,))
                     if g.overlaps_half(g.overlap(p, d.poly(o.pose))))  # type: ignore[arg-type]
    step: dict[str, Any] = {"kind": "rotate", "turn": turn, "from": pose.f, "to": pose.f, "result": "done",
                            "blocked_by": blocked, "love": False}
    if blocked:
        step["result"] = "cancelled"
        return step
    step["to"] = new.f
    b.knight(kid, pose=new)
    if g.overlaps_half(g.outside(p)):
        step["result"] = "outflank"
        step["love"] = enter_outflank(b, kid)
    return step


def rotation_blocked(state: State, kid: str, turn: int) -> bool:
    k = state.knight(kid)
    assert k.pose is not None
    p = d.poly(Pose(k.pose.x, k.pose.y, (k.pose.f + turn) % 8))
    return any(g.overlaps_half(g.overlap(p, d.poly(o.pose))) for o in d.on_field(state, exclude=(kid,)))  # type: ignore[arg-type]


# --- function damage (§2.3, §4.2, §5.7) -----------------------------------------------------------------------------


def legal_damage(state: State, kid: str) -> list[str]:
    """The functions a hit may take: Raise Shields first (§4.2), Full Ahead last of the steed (§4.1)."""
    k = state.knight(kid)
    kit = data("kit")
    intact = [f for f in kit_functions() if f not in k.damaged]
    intact += [lady.id for lady in state.ladies if lady.carrier == kid]
    if kit["shield"] in intact:
        return [kit["shield"]]
    guards = kit["protected_last"]["full_ahead"]
    if any(f in intact for f in guards):
        intact = [f for f in intact if f != "full_ahead"]
    return intact


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


def damage_function(ctx: Ctx, b: Batch, kid: str, chooser: str, last_pose: Pose | None) -> list[dict[str, Any]]:
    """One function of K is damaged, picked by `chooser` (§5.7, CP-K7); returns the effects."""
    k = b.state.knight(kid)
    if k.location == "fallen":
        return []
    legal = legal_damage(b.state, kid)
    if not legal:
        return []
    fn, how = ctx.ask("damage", chooser, legal, knight=kid)
    effects: list[dict[str, Any]] = []
    effect: dict[str, Any] = {"kind": "damage", "knight": kid, "function": fn, "module": module_of(fn),
                              "chosen_by": chooser if how == "chosen" else how, "destroyed": False}
    effects.append(effect)
    if fn.startswith("lady:"):
        effect["destroyed"] = True
        pose = k.pose or last_pose
        if pose is not None:
            effects.append(place_lady(ctx, b, fn, kid, pose))
        else:
            b.lady(fn, carrier=None)
    else:
        damaged = k.damaged | {fn}
        module = module_of(fn)
        destroyed = all(f in damaged for f in data("kit")["modules"][module])
        b.knight(kid, damaged=damaged, functions_lost=k.functions_lost + 1,
                 modules_destroyed=k.modules_destroyed + (1 if destroyed else 0))
        effect["destroyed"] = destroyed
    now = b.state.knight(kid)
    effect["mass"] = d.mass(b.state, now)
    effect["fallen"] = effect["mass"] == 0
    if effect["fallen"]:
        b.knight(kid, location="fallen", pose=None, last_module_destroyed=True)  # §2.2: Mass 0, the knight falls
    return effects
