"""Setup, order and state types of the mech-knight lances (rulebook 000_78d07a7512d04a1c.txt, spec rules/knights.md).

The pydantic models of boundary.py check what comes in (setup, orders) when it is not plainly well formed (a recorded
setup is read by `read_setup`, a plain order by `check._plain_order`, without pydantic); the state the reducer folds
is frozen slotted dataclasses.

Conventions
-----------
- Coordinates as in spec §2.1: the field is [0,24]×[0,24], x grows right, y grows DOWN (SVG). A pose is
  {"x": num, "y": num, "f": 0..7}: C = (x, y) is the midpoint of the triangle's altitude, f the facing
  (0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW). Numbers are rounded to 1e-9 and written as ints when whole.
  The triangle is apex A = C + u, right base corner BR = C − u + r, left BL = C − u − r, with u = unit(f),
  r = unit(f + 2) (geometry.triangle). Directions in choices are the names "N" "NE" … "NW".
- A limit is {"id": "L3", "type": "water"|"forest"|"rock", "rect": [x0, y0, x1, y1], "placed_by": knight id}
  (integer corners, x0 < x1, y0 < y1). A Lady token cell is [i, j] = the square [i, i+1] × [j, j+1].
- Functions: steed "full_ahead" "smooth_turn" "sharp_turn" "drop_speed"; armor "raise_shields"; weapon
  "en_garde"; a carried Lady adds the function "lady:<her knight id>" (data/kit.json).
- Players are the lances' `player` ids (the event actors). Knight ids are chosen in the setup.

Inputs (the public log format; see replay/inputs.py)
-----------------------------------------------------
Turn 0 (setup), in this order (check_input enforces it):
- roll  purpose "lot_roles" (actor null, "1d2"), only when the setup names no challenger: 1 = the first lance's
        player is the Challenger (§3.1).
- roll  purpose "lot_edges" (actor null, "1d2"), only when the setup gives no edges: 1 = the first lance's player
        owns the left edge (§3.3).
- order {"kind": "limits", "knight": id, "rects": [[x0, y0, x1, y1], ...]} — all Limits of one knight's Domain at
        once (water 3, rock 2, forest 1); players alternate, Challenger first, one knight per turn (§3.3, §5, K15).
- order {"kind": "deploy", "knight": id, "pose": {"x": int, "y": int, "f": 0..7}} — alternate, Challenger first
        (§3.3, K17).
- order {"kind": "lady", "lady": "lady:<knight>", "cell": [i, j]} or {"kind": "lady", "lady": ..., "carrier": id}
        — placed by her knight's opponent; Challenger first (§6.2 Любовь, K36).
- order {"kind": "concede"} at any time (any turn) ends the battle (§1.3, CP-K13).
Turns 1..24:
- order (actor = player): {"knight": id, "action": "full_ahead"|"smooth_turn"|"sharp_turn"|"drop_speed"|
        "return_to_battle", "turn_dir": "left"|"right" (smooth/sharp; a list of per-step directions for smooth_turn
        with option smooth_turn_dirs = "per_step"), "return_pose": pose (return_to_battle), "lady_pickup": bool,
        "lady_drop": null | {"carrier": id, "timing": "before_execution" | {"after_step": k}}}
        or {"kind": "pass"} (only when no knight can act, K23) or {"kind": "concede"}.
- roll  purpose "initiative_tie" (actor null, "1d2"): 1 = the Challenger's action first (K16).
- choice (actor = the player who decides), payload {"name": ..., "value": ..., key fields}. In the order asked
  within one ram (C2): target, take_the_blow (+ _pose, _direction, _place), en_garde / formation (optional),
  push_direction, rotate | sidestep, spare, damage (+ lady_cell). Names, keys and values:
    target               key knight = attacker      value: a candidate knight id               CP-K1
    take_the_blow        key knight = loyal knight  "use" | "decline"                           CP-K2
    take_the_blow_pose   key knight = loyal knight  pose touching the ally with Front/Flank    CP-K2a
    take_the_blow_direction key knight = loyal      direction (8 names)                         CP-K2b
    take_the_blow_place  key knight = loyal knight  pose touching the Attacker                  CP-K2c
    en_garde             key knight, ram = n        "apply" | "decline"; default "apply"        CP-K3
    formation            key knight, ram = n        "apply" | "decline"; default "apply"        CP-K3
    push_direction       key knight = mover         direction (pushes and `equal` moves)        CP-K4, CP-K11
    rotate               key knight = attacker      "left" | "right"                            CP-K5
    sidestep             key knight = attacker      "left" | "right"                            CP-K6
    spare                key knight = attacker      "spare" | "strike"                          CP-K8
    damage               key knight = damaged one   a legal function id                         CP-K7
    lady_cell            key lady                   [i, j]                                      CP-K9
    return_pose          key knight                 pose                                        CP-K12
    oath                 key knight, oath           "accept" | "decline"; default "accept"      CP-K10
  A choice with a single legal option is applied without an event, "forced" in `why` (C1).

Resolution events (resolve.py produces them in this order; each is one step of a turn's frames)
------------------------------------------------------------------------------------------------
Every payload carries "why" (list of str: the arithmetic as a GM writes it, language-neutral), "rule" (str: the
rulebook section, e.g. "§4.3 Таран") and "defaults" (list of the spec's K-ids relied on). Values are ABSOLUTE
results. Every event may carry these update maps, which `evolve` copies (a field left out keeps its value):
    "knights": {knight id: {"pose": pose|null, "location": "unplaced"|"field"|"outflank"|"fallen",
                            "accel": int, "damaged": [function ids], "honor": int, "oath_count": int,
                            "mercy_uses": int, "functions_lost": int, "modules_destroyed": int,
                            "last_module_destroyed": bool, "used_take_the_blow": bool,
                            "struck_enemy": bool, "broke_enemy": bool}}
    "ladies":  {lady id: {"cell": [i, j]|null, "carrier": knight id|null, "kidnapper": knight id|null}}
    "lances":  {player: {"role": "challenger"|"responder", "edge": "left"|"right", "spared": [knight ids]}}
    "limits_add":  [limit, ...]                       appended to the field's Limits
    "pending_add": [fulfilment, ...]                  oath fulfilments waiting for Accounting
    "rams_add":    [ram record, ...]                  this turn's rams (for oaths)
A fulfilment is {"knight", "oath", "honor", "why": [str], "ram": n|null, "terms": [term, ...]}: `terms` is the
honour as data, summing to "honor" (`why` says the same in words; posts need not parse it). A term is
{"kind", "honor": int, ...}, by oath:
    bravery     "broke"|"struck"|"equal"|"was_struck"|"was_broken" {"ram", "opponent"};
                "heavier_opponent" {"opponent", "opponent_mass", "mass"}; "outside_own_domain" {"domain"}
    mercy       "spared_struck"|"spared_broken" {"target", "ram"}
    love        "base" {"lady"}; "kidnapper_damaged" {"kidnapper", "damage"} (honor 0 when damage < 1)
    loyalty     "functions_lost"|"modules_destroyed"|"enemy_functions" {"count", "per"}; "last_module"
    leadership  "base" {"followers"}; one of "touching_enemy"|"struck"|"broke";
                "one_follower_touching"|"two_followers_touching" {"followers": the touching ones}
    conquest    "foreign_limits" {"types", "domain"}
    bloodshed   "struck"|"broke"|"equal" {"ram", "opponent"}
A ram record is {"n", "attacker", "target", "outcome", "spared", "enemy", "tc"}.

Turn 0 (one resolution of the whole setup, one event per decision, so each placement is a frame step):
knights.roles     challenger, responder: player; lot: 1|2|null (null = agreed)                  §3.1
knights.edges     edges: {player: "left"|"right"}; lot: 1|2|null                                §3.3
knights.limits    player, knight, domain, limits: [limit, ...]  (+ limits_add)                  §3.3, §5
knights.deploy    player, knight, pose, speed: int, in_own_domain: bool (+ knights)             §3.3
knights.lady      lady, her_knight, placed_by: player, cell: [i,j]|null, carrier: id|null,
                  kidnapper: id|null (+ ladies)                                                 §6.2 Любовь
knights.end_of_turn  (see below) closes turn 0: turn 0, next_turn 1, initial parameters in "knights".

Turns 1..24:
knights.reveal    turn; orders: {player: order | {"kind": "pass"}}; acting: [knight ids]          §1.4
knights.lady_drop knight (carrier), lady, cell: [i, j], voluntary: true (+ knights, ladies)      §6.2, K38
knights.queue     round: int; order: [{"player", "knight", "action", "step", "initiative", "speed", "mass"}]
                  highest first; decided_by: "initiative"|"speed"|"mass"|"die"|null; die: 1|2|null    §1.4, K16
knights.move      knight, player, action, step: int,
                  start: pose, path: [{"kind": "move", "dir": f, "distance": D, "delta": [dx, dy],
                                       "from": pose, "to": pose|null, "result": "clear"|"contact"|"outflank",
                                       "tau": num|null (stop or exit parameter; < 0 = backed off, K5),
                                       "exit": pose (where ½ F² crossed the edge, outflank only),
                                       "candidates": [ids], "pickups": [{"lady", "kidnapper"}], "love": bool}
                                      | {"kind": "rotate", "turn": -2|-1|1|2, "from": f, "to": f,
                                         "result": "done"|"cancelled"|"outflank", "blocked_by": [ids]}
                                      | {"kind": "place", "to": pose}   (return_to_battle)],
                  end: pose|null, location, accel: int, speed: int (after the step),
                  collision: null | {"candidates": [ids], "stop": pose, "tau": num},
                  pickup: null | {"lady", "kidnapper"} (the first), pickups: [same], love: bool (Love fulfilled
                  on entering the Outflank)
                  (+ knights, ladies, pending_add)                                                §4.1, §1.1
knights.take_the_blow  loyal, ally, attacker, ram: n, loyal_from: pose, ally_from: pose (both before step 1),
                  step1: pose, step2: {"dir": name|null, "ally_to": pose|null, "result": "done"|"failed",
                  "segment": move segment (done only)}, step3: pose|null, placed_by: "rule"|"opponent"|null,
                  success: bool (+ knights)                                                        §6.2 Верность
knights.ram       n: int (1.. within the turn), attacker, target, would_be_target, candidates: [ids],
                  chosen_by: player|null,
                  parts: {"tp", "ap", "tc", "ac": "front"|"flank"|"rear"}, loyalty_override: bool,
                  attacker_state / target_state: {"mass", "speed", "accel", "pose", "in_limits": {type: bool},
                                                 "formation": bool, "player"},
                  impetus:    {"base": int, "mass": int, "speed": int, "counted_speed": int,
                               "mods": [mod, ...], "div": 1|2,
                               "div_reason": str|null (null when div is 1),
                               "halving": null | {"knight": whose Rear is nearest, "part": "rear",
                                                  "toward": the other knight, "override": bool (Take the blow)},
                               "value": int},
                  resistance: {same shape; "counted_speed" is the speed counted (≥ 1, §4.3 Шаг 2)},
                  a mod is {"value": +n, "reason": str, "rule": str, "applied": bool, "kind", ...}:
                     "front_nearest" {"knight": the target, "part": "front", "toward": the attacker}
                     "domain" {"domain", "side": "attacker"|"target" (whose domain), "knight": named in reason,
                               "knights": [everyone of the two in those Limits]}
                     "en_garde" {"side", "knight", "part": "front"|"flank"}
                     "formation" {"side", "knight", "leaders": [leader ids of its active formations]}
                  outcome: "target_broken"|"target_struck"|"equal"|"attacker_struck"|"attacker_broken",
                  effects: [ordered list, each one of
                     {"kind": "push", "knight", "dir": name, "distance": D, "chosen_by": player|"forced",
                      "from": pose, "to": pose|null, "result": "clear"|"contact"|"outflank"}
                     {"kind": "sidestep", "knight", "side": "left"|"right", "chosen_by", "moves": [same as push]}
                     {"kind": "rotate", "knight", "side": "left"|"right"|null, "chosen_by", "to": pose,
                      "result": "done"|"blocked"}
                     {"kind": "accel", "knight", "from": int, "to": int}
                     {"kind": "spare", "knight", "target", "spared": bool}
                     {"kind": "damage", "knight", "function", "module", "chosen_by": player|"forced",
                      "destroyed": bool, "mass": int, "fallen": bool}
                     {"kind": "lady_token", "lady", "cell": [i, j], "chosen_by"}
                     {"kind": "outflank", "knight"}   {"kind": "love", "knight"}],
                  spared: bool, winner: id|null, loser: id|null
                  (+ knights, ladies, lances, pending_add, rams_add)                                 §4.3 Таран
knights.action_end knight, action, reason: "done"|"ram"|"outflank"|"fallen"|"function_damaged"|"accel_zero",
                  accel: int (after drop_speed's −1 when reason "done") (+ knights)                  §4.1, K20, K24
knights.checks    end-of-Execution checks: formations: {leader: [followers]} (+ pending_add)       §6.1, K35
knights.oath      knight, oath, honor: int (awarded), status: "accepted"|"declined"|"void", ram: n|null,
                  terms: the fulfilment's terms (what it offered), total: int (knight's honor) (+ knights)   §6
knights.end_of_turn turn, next_turn, acted_last_turn: [ids] (resets per-turn counters, rams, pending)   §1.4
knights.end       reason: "turns"|"no_capable"|"concession"|"oaths", winner: player, honor: {player: int},
                  bonuses: [{"knight", "honor", "kind": "kidnapper_fallen", "kidnapper", "why"}] (Love +4)
                  (+ knights)                                                                         §1.3
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Literal, get_args

from replay.ruleset import Options

if TYPE_CHECKING:
    from replay.rulesets.knights.boundary import Setup

DATA = Path(__file__).parent / "data"

Domain = Literal["water", "forest", "rock"]
PersonalOath = Literal["bravery", "mercy", "leadership", "love", "loyalty"]
Action = Literal["full_ahead", "smooth_turn", "sharp_turn", "drop_speed", "return_to_battle"]
TurnDir = Literal["left", "right"]
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
OUTCOMES = ("target_broken", "target_struck", "equal", "attacker_struck", "attacker_broken")
LAST_TURN = 24  # §1.3, K55

RESOLUTION_TYPES = frozenset({
    "knights.roles", "knights.edges", "knights.limits", "knights.deploy", "knights.lady",
    "knights.reveal", "knights.lady_drop", "knights.queue", "knights.move", "knights.take_the_blow",
    "knights.ram", "knights.action_end", "knights.checks", "knights.oath", "knights.end_of_turn", "knights.end",
})


@cache
def data(name: str) -> dict[str, Any]:
    """A table of data/ (kit, actions, limits, oaths)."""
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


@cache
def kit_functions() -> tuple[str, ...]:
    """The six functions of the fixed kit, steed first (§2.3, §4)."""
    return tuple(f for fs in data("kit")["modules"].values() for f in fs)


def module_of(function: str) -> str:
    """The module a function belongs to ("lady:<id>" for a carried Lady)."""
    if function.startswith("lady:"):
        return function
    for module, fs in data("kit")["modules"].items():
        if function in fs:
            return module
    raise KeyError(function)


# --- options -------------------------------------------------------------------------------------------------


class KnightsOptions(Options):
    """House-rule switches; every default is the spec's PROPOSED DEFAULT (see OPTION_DEFAULTS for the K-id)."""

    collision_overlap: Literal["path_max", "segment_end"] = "path_max"
    in_limits: Literal["half_area", "centre"] = "half_area"
    tie_die: Literal["once_per_turn", "each_tie"] = "once_per_turn"
    smooth_turn_dirs: Literal["single", "per_step"] = "single"
    accel_zero_check: Literal["planning", "execution"] = "planning"
    attacker_struck_front_damage: bool = False
    friendly_rams_score: bool = False
    formation_min_followers: Literal[1, 2] = 1
    conquest: Literal["any_foreign", "strict"] = "any_foreign"
    take_the_blow_limit: Literal["unlimited", "once_per_turn"] = "unlimited"
    capable: Literal["can_act", "not_fallen"] = "can_act"
    concession: Literal["loses", "honor"] = "loses"
    en_garde_vs_friend: bool = True


OPTION_DEFAULTS: dict[str, str] = {
    "collision_overlap": "K4",
    "in_limits": "K13",
    "tie_die": "K16",
    "smooth_turn_dirs": "K19",
    "accel_zero_check": "K21",
    "attacker_struck_front_damage": "K27",
    "friendly_rams_score": "K31",
    "formation_min_followers": "K32",
    "conquest": "K34",
    "take_the_blow_limit": "K51",
    "capable": "K52",
    "concession": "K54",
    "en_garde_vs_friend": "K63",
}


# --- the state -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pose:
    x: float
    y: float
    f: int

    def json(self) -> dict[str, Any]:
        return {"x": num(self.x), "y": num(self.y), "f": self.f}

    @staticmethod
    def of(data: dict[str, Any] | None) -> Pose | None:
        return None if data is None else Pose(float(data["x"]), float(data["y"]), int(data["f"]) % 8)


def num(v: float) -> float | int:
    """A coordinate as stored in events: rounded to 1e-9, an int when whole (spec §2.1 Numerics)."""
    r = round(float(v), 9)
    return int(r) if r == int(r) else r


@dataclass(frozen=True, slots=True)
class Knight:
    id: str
    player: str
    name: str
    heraldry: str
    domain: str
    oath: str
    pose: Pose | None = None
    location: str = "unplaced"
    accel: int = 1
    damaged: frozenset[str] = frozenset()
    honor: int = 0
    oath_count: int = 0
    mercy_uses: int = 0
    # per-turn counters (reset at the end of each turn)
    functions_lost: int = 0
    modules_destroyed: int = 0
    last_module_destroyed: bool = False
    used_take_the_blow: bool = False
    struck_enemy: bool = False
    broke_enemy: bool = False


@dataclass(frozen=True, slots=True)
class Lance:
    player: str
    name: str
    color: str
    knights: tuple[str, ...]
    role: str | None = None
    edge: str | None = None
    spared: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Limit:
    id: str
    type: str
    rect: tuple[int, int, int, int]
    placed_by: str


@dataclass(frozen=True, slots=True)
class Lady:
    id: str
    her_knight: str
    cell: tuple[int, int] | None = None
    carrier: str | None = None
    kidnapper: str | None = None


@dataclass(frozen=True, slots=True)
class State:
    lances: tuple[Lance, Lance]
    knights: tuple[Knight, ...]
    turn: int = 0
    stage: str = "setup"  # setup | planning | execution | ended
    limits: tuple[Limit, ...] = ()
    ladies: tuple[Lady, ...] = ()
    acted_last_turn: frozenset[str] = frozenset()
    acting: tuple[str, ...] = ()
    rams: tuple[dict[str, Any], ...] = ()
    pending: tuple[dict[str, Any], ...] = ()
    result: dict[str, Any] | None = None
    lance_order: tuple[str, str] = field(default=("", ""))
    limits_rule: str = "half_area"  # option in_limits (K13), fixed at game creation

    # --- lookups ---
    def knight(self, kid: str) -> Knight:
        for k in self.knights:
            if k.id == kid:
                return k
        raise KeyError(kid)

    def lance(self, player: str) -> Lance:
        for lance in self.lances:
            if lance.player == player:
                return lance
        raise KeyError(player)

    def lady(self, lid: str) -> Lady:
        for lady in self.ladies:
            if lady.id == lid:
                return lady
        raise KeyError(lid)

    def opponent(self, player: str) -> str:
        a, b = (lance.player for lance in self.lances)
        return b if player == a else a

    def role_player(self, role: str) -> str | None:
        return next((lance.player for lance in self.lances if lance.role == role), None)

    def players(self) -> list[str]:
        return [lance.player for lance in self.lances]


def new_state(setup: Setup, limits_rule: str = "half_area") -> State:
    """The state before turn 0: lances and knights as declared, nothing on the field."""
    lances = []
    knights = []
    for ls in setup.lances:
        lances.append(Lance(ls.player, ls.name, ls.color, tuple(k.id for k in ls.knights)))
        for k in ls.knights:
            knights.append(Knight(k.id, ls.player, k.name, k.heraldry, k.domain, k.oath))
    ladies = tuple(
        Lady(f"lady:{k.id}", k.id) for k in knights if k.oath == "love"
    )
    return State(lances=(lances[0], lances[1]), knights=tuple(knights), ladies=ladies,
                 lance_order=(lances[0].player, lances[1].player), limits_rule=limits_rule)


def read_setup(setup: Any) -> Any:
    """The setup as `new_state` reads it (lances, their knights, challenger, edges as attributes).

    A recorded setup whose every value is of its field's exact type and that passes every check of
    `boundary.Setup` is read as it is, without pydantic; any other goes through `boundary.Setup`, so what is kept
    and every error message are pydantic's own.
    """
    if _exact_setup(setup):
        return SimpleNamespace(
            lances=[SimpleNamespace(player=ls["player"], name=ls["name"], color=ls.get("color", "#888888"),
                                    knights=[SimpleNamespace(id=k["id"], name=k["name"],
                                                             heraldry=k.get("heraldry", ""), domain=k["domain"],
                                                             oath=k["oath"]) for k in ls["knights"]])
                    for ls in setup["lances"]],
            challenger=setup.get("challenger"), edges=setup.get("edges"))
    from replay.rulesets.knights.boundary import Setup

    return Setup.model_validate(setup)


_DOMAINS, _OATHS = frozenset(get_args(Domain)), frozenset(get_args(PersonalOath))


def _name(value: Any) -> bool:
    return type(value) is str and value != ""


def _exact_setup(setup: Any) -> bool:
    """Whether `boundary.Setup` would accept this setup and keep every value of it as it is."""
    if type(setup) is not dict or not setup.keys() <= {"lances", "challenger", "edges"}:
        return False
    lances = setup.get("lances")
    if type(lances) is not list or len(lances) != 2:
        return False
    for ls in lances:
        if (type(ls) is not dict or not ls.keys() <= {"player", "name", "color", "knights"}
                or not (_name(ls.get("player")) and _name(ls.get("name")))
                or type(ls.get("color", "")) is not str or type(ls.get("knights")) is not list
                or len(ls["knights"]) != 3):
            return False
        for k in ls["knights"]:
            if (type(k) is not dict or not k.keys() <= {"id", "name", "heraldry", "domain", "oath"}
                    or not (_name(k.get("id")) and _name(k.get("name"))) or type(k.get("heraldry", "")) is not str
                    or type(k.get("domain")) is not str or k["domain"] not in _DOMAINS
                    or type(k.get("oath")) is not str or k["oath"] not in _OATHS):
                return False
        if len({k["oath"] for k in ls["knights"]}) != 3:
            return False
    players = [ls["player"] for ls in lances]
    ids = [k["id"] for ls in lances for k in ls["knights"]]
    if len(set(players)) != 2 or len(set(ids)) != len(ids):
        return False
    challenger, edges = setup.get("challenger"), setup.get("edges")
    if challenger is not None and (type(challenger) is not str or challenger not in players):
        return False
    return edges is None or (type(edges) is dict and all(type(v) is str for v in edges.values())
                             and set(edges) == set(players) and set(edges.values()) == {"left", "right"})


# --- JSON ------------------------------------------------------------------------------------------------------

_COUNTERS = ("functions_lost", "modules_destroyed", "last_module_destroyed", "used_take_the_blow",
             "struck_enemy", "broke_enemy")


def knight_json(k: Knight, mass: int, speed: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": k.id, "player": k.player, "name": k.name, "heraldry": k.heraldry, "domain": k.domain, "oath": k.oath,
        "pose": None if k.pose is None else k.pose.json(), "location": k.location, "accel": k.accel,
        "mass": mass, "speed": None if k.location == "fallen" else speed, "damage": 6 - mass, "honor": k.honor,
        "functions": {f: ("damaged" if f in k.damaged else "intact") for f in kit_functions()},
        "damaged": sorted(k.damaged), "oath_count": k.oath_count, "mercy_uses": k.mercy_uses,
    }
    for c in _COUNTERS:
        out[c] = getattr(k, c)
    return out


def knight_from_json(d: dict[str, Any]) -> Knight:
    return Knight(
        d["id"], d["player"], d["name"], d.get("heraldry", ""), d["domain"], d["oath"], Pose.of(d.get("pose")),
        d["location"], int(d["accel"]), frozenset(d.get("damaged", ())), int(d.get("honor", 0)),
        int(d.get("oath_count", 0)), int(d.get("mercy_uses", 0)),
        **{c: d.get(c, 0 if c in ("functions_lost", "modules_destroyed") else False) for c in _COUNTERS},
    )


def lady_json(lady: Lady) -> dict[str, Any]:
    return {"id": lady.id, "her_knight": lady.her_knight, "cell": None if lady.cell is None else list(lady.cell),
            "carrier": lady.carrier, "kidnapper": lady.kidnapper}


def limit_json(limit: Limit) -> dict[str, Any]:
    return {"id": limit.id, "type": limit.type, "rect": list(limit.rect), "placed_by": limit.placed_by}


def limit_of(d: dict[str, Any]) -> Limit:
    x0, y0, x1, y1 = (int(v) for v in d["rect"])
    return Limit(d["id"], d["type"], (x0, y0, x1, y1), d.get("placed_by", ""))


def state_to_json(state: State, mass: Any, speed: Any, lance_honor: Any) -> dict[str, Any]:
    """The state as plain JSON; `mass`, `speed`, `lance_honor` are the derived-value functions (rules.py)."""
    return {
        "turn": state.turn, "stage": state.stage,
        "lances": [
            {"player": lance.player, "name": lance.name, "color": lance.color, "knights": list(lance.knights),
             "role": lance.role, "edge": lance.edge, "spared": sorted(lance.spared),
             "honor": lance_honor(state, lance.player)}
            for lance in state.lances
        ],
        "knights": [knight_json(k, mass(state, k), speed(state, k)) for k in state.knights],
        "limits": [limit_json(limit) for limit in state.limits],
        "ladies": [lady_json(lady) for lady in state.ladies],
        "acted_last_turn": sorted(state.acted_last_turn),
        "acting": list(state.acting),
        "rams": list(state.rams),
        "pending": list(state.pending),
        "result": state.result,
        "limits_rule": state.limits_rule,
    }


def state_from_json(d: dict[str, Any]) -> State:
    lances = tuple(
        Lance(x["player"], x["name"], x["color"], tuple(x["knights"]), x.get("role"), x.get("edge"),
              frozenset(x.get("spared", ())))
        for x in d["lances"]
    )
    return State(
        lances=(lances[0], lances[1]),
        knights=tuple(knight_from_json(k) for k in d["knights"]),
        turn=int(d["turn"]), stage=d["stage"],
        limits=tuple(limit_of(x) for x in d.get("limits", ())),
        ladies=tuple(
            Lady(x["id"], x["her_knight"], None if x.get("cell") is None else (int(x["cell"][0]), int(x["cell"][1])),
                 x.get("carrier"), x.get("kidnapper"))
            for x in d.get("ladies", ())
        ),
        acted_last_turn=frozenset(d.get("acted_last_turn", ())),
        acting=tuple(d.get("acting", ())),
        rams=tuple(d.get("rams", ())),
        pending=tuple(d.get("pending", ())),
        result=d.get("result"),
        lance_order=(lances[0].player, lances[1].player),
        limits_rule=d.get("limits_rule", "half_area"),
    )
