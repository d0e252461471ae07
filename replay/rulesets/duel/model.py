"""Setup, order and state types of the fencing duel (rulebook 004_12c8f6fcd0af5bdf.txt, spec rules/duel.md).

The rules read an order as a frozen dataclass (`Order`, made by `read_order`) and a setup's duelists as the state's
(`read_duelists`); the pydantic models in `boundary.py` check a setup at `new`, and a setup or an order that is not
already well formed, when a command first needs them; the state the reducer folds is plain frozen dataclasses.

Inputs (the public log format; see replay/inputs.py)
-----------------------------------------------------
- order  (actor = duelist id; a later order replaces an earlier one until the first stake roll, then it is
          fixed): {"stack": [6 items], "stake": "low"|"high"|"all_in" (optional: left out, the first signed
          roll declares it; neither signed: "high", A29),
          "activate": {"killer_blow": bool, "distance_control": null|"attack"|"defense", "sharp_tongue": bool,
                       "sharp_tongue_roleplay": str}, "link": optional str}
- roll   (actor = duelist id): {"dice": "1d100", "purpose": "stake", "result": [v], "total": v, "source": ...,
          "stake": "low"|"high"|"all_in"}. Every stake roll of the turn in log order; the last one counts, the
          earlier ones are rerolls (§4). A roll without "stake" keeps the previous roll's stake, the first one
          the order's stake (A29).
- choice "finish_off"           (actor = the winner): value "kill" | "spare" (CP-D4).
- choice "sharp_tongue_verdict" (actor = GM, i.e. null): value "accept" | "reject", key field "duelist" = who
          activated Острый язык (A22). No verdict recorded means "accept"; resolution never waits for one.
- choice "concede"              (actor = the duelist who yields): value "concede" (A27); ends the duel.

Resolution events (resolve.py produces them in this order; each is one step of a turn's frames)
------------------------------------------------------------------------------------------------
Every payload carries "why" (list of str: the arithmetic as a GM writes it), "rule" (str: the rulebook and
spec sections applied) and "defaults" (list of str: the PROPOSED DEFAULT ids relied on, e.g. ["A4", "A5"]).
Values are ABSOLUTE results (the new stamina, not a delta): `evolve` copies them; a GM ruling may assert any.
Items are "attack" "defense" "initiative" "feint" "counter" "rest"; positions are 1..6 (stack), 7 (the
Контроль дистанции item) and 8 (the Непробиваемая защита defense). An obtained set is a list of
[position, item] pairs in position order.

duel.reveal     (one per turn; actor null)
    turn: int
    advantage: id | null                      the advantage at the start of the turn
    sides: {id: {
        declared: [6 items]                   the stack as written
        working: [6 items]                    after the opponent's Острый язык (§7, A21)
        stake: stake                          the order's stake
        activate: {killer_blow: bool, distance_control: null|"attack"|"defense", sharp_tongue: bool}
        sharp_tongue: null | {target: id, verdict: "accept"|"reject", moved_from: int|null, bonus: 0|1}
        initiative_declared: int              initiative items written in the stack (used for eating)
        eaten: [] | [1]                       positions neutralized by the opponent's advantage (§5)
        rolls: [{value: int, stake: stake, cost: int, seq: int|null}]
                                              cost = stamina paid to replace the roll before it
                                              (0 for the first roll; A11)
        roll: int, final_stake: stake, threshold: int, wound_penalty: int, effective: int, success: bool
        base: int, bonus: int                 items from the own roll / extra items from the enemy's failure
        obtained: [[pos, item], ...]
        stamina_start: int                    S0
        dropped: [[pos, item], ...]           attack/feint items not obtained for lack of stamina
                                              (only with overspend = "drop_items", A13; else [])
    }}
    strike_order: {mode: "sequential"|"simultaneous"|"none", first: id|null, second: id|null, reason: str}

duel.strike     (one per duelist with at least one obtained attack, alive to strike; actor = attacker)
    attacker, defender: id
    N, Phi, D, E, P, U, m: int                spec §5 Step 6
    killer_blow: bool
    damage: int                               U * m
    damage_total: int                         the defender's damage this turn so far, this strike included
    parried: int                              = P (parried_by[defender])
    neutralized: [pos, ...]                   the defender's defense positions put out by feints (the topmost)
    simultaneous: bool
    dead: bool                                the defender is dead (damage_total >= 4)

duel.flip       (after a first strike that hurt a duelist whose roll had succeeded; actor = that duelist)
    duelist: id
    roll, wound_penalty, inturn_penalty, effective, threshold: int; stake: stake
    flipped: bool                             effective < threshold
    obtained: [[pos, item], ...]              the obtained set from now on (unchanged when not flipped)
    lost: [[pos, item], ...]                  what the flip took away

duel.counter    (one per duelist with an obtained counter-attack; actor = that duelist)
    attacker, defender: id
    k: int                                    counter-attacks (= items, at most 1 with counter_mode "single")
    items: int                                obtained counter items
    parried_by: int                           enemy attacks the attacker parried this turn
    successful: bool                          k >= 1 and parried_by >= 1
    cancelled: bool                           the attacker was killed before his counter (§5 Инициатива)
    leftover_before, blocked, leftover: int   the defender's leftover defenses L (A18) and how many counters
                                              they stopped
    weapon_control: int                       Контроль оружия bonus (+k, A26)
    damage: int, damage_total: int, dead: bool, simultaneous: bool

duel.end_of_turn (one per turn; actor null)
    turn: int
    sides: {id: {
        damage: int
        wound: "none"|"scratch"|"serious"|"heavy"|"death"      by the damage (§6, A35)
        hale: null | "scratch_ignored" | "heavy_as_scratch"    Здоровый парень (A20)
        tough: bool                           Суровый парень kept the stamina
        penalty_added: int, wound_penalty: int                the new total penalty
        wound_stamina: int                    stamina (and max) lost to the wound
        spend: {rerolls, traits, attacks, feints, total: int}
        rest: {items: int, per_item: int, gain: int}          gain after the cap (A14)
        stamina, stamina_max: int             new values
        status: "active"|"incapacitated"|"dead"
        hale_light_used, hale_heavy_used: bool
        initiative: {raw: int, pts: int, bonus: int}          bonus = Острый язык point (A21)
    }}
    advantage: id | null                      the advantage for the next turn
    advantage_reason: str
    result: null | "draw" | {"winner": id}

duel.finish_off (only when exactly one duelist is incapacitated and the other active; actor = winner)
    winner, loser: id; choice: "kill"|"spare"; status: the loser's status ("dead" after kill)

duel.concede    (instead of a turn's resolution when a duelist yields; actor = who yields)
    duelist: id, winner: id, result: {"winner": id}

The state's `trace` is the transient view of the turn being resolved (or just resolved): `duel.reveal` starts
it, each later event updates it, and the next turn's reveal replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from eventlog.envelope import positional_maker
from replay.ruleset import Options

# --- the glossary -------------------------------------------------------------------------------------------

ATTACK, DEFENSE, INITIATIVE = "attack", "defense", "initiative"
FEINT, COUNTER, REST = "feint", "counter", "rest"
ITEMS: tuple[str, ...] = (ATTACK, DEFENSE, INITIATIVE, FEINT, COUNTER, REST)
Item = Literal["attack", "defense", "initiative", "feint", "counter", "rest"]

STACK_SIZE = 6
MAX_OF_A_KIND = 4  # §1 "не больше 4!"
DC_POSITION = 7  # Контроль дистанции, "замыкает" стек (A24)
ID_POSITION = 8  # Непробиваемая защита

TRAITS: tuple[str, ...] = (
    "killer_blow",  # Убийственный удар
    "enduring",  # Выносливый
    "wiry",  # Жилистый
    "tough",  # Суровый парень из...
    "hale",  # Здоровый парень из...
    "weapon_control",  # Контроль оружия
    "distance_control",  # Контроль дистанции
    "hot_blooded",  # Горячий парень из...
    "sharp_tongue",  # Острый язык
    "impenetrable_defense",  # Непробиваемая защита
    "cautious",  # Осторожный
)
Trait = Literal[
    "killer_blow", "enduring", "wiry", "tough", "hale", "weapon_control", "distance_control", "hot_blooded",
    "sharp_tongue", "impenetrable_defense", "cautious",
]
LOCALITY_TRAITS = frozenset({"tough", "hale", "hot_blooded"})  # "…парень из… (название местности)"
TRAIT_COST = {"killer_blow": 2, "distance_control": 3, "sharp_tongue": 1}  # §7

LOW, HIGH, ALL_IN = "low", "high", "all_in"
STAKES: tuple[str, ...] = (LOW, HIGH, ALL_IN)  # ordered: all_in > high > low
Stake = Literal["low", "high", "all_in"]
THRESHOLD = {LOW: 40, HIGH: 60, ALL_IN: 80}  # §1.3
SUCCESS_COUNT = {LOW: 2, HIGH: 4, ALL_IN: 6}  # §2
FAILURE_COUNT = 1  # §2
BONUS_TO_OPPONENT = {LOW: 0, HIGH: 2, ALL_IN: 4}  # §2 "дополнительных пункта противника"
REROLL_COST = {LOW: 1, HIGH: 1, ALL_IN: 2}  # §4
DEFAULT_STAKE = HIGH  # §1.3 "По умолчанию считаю ставку высокой" (A29)

STAMINA = 8  # §4 "Изначально 8"
STAMINA_ENDURING = 10  # §7 Выносливый
DEATH_DAMAGE = 4  # §6
HEAVY_DAMAGE = 3  # §6
PENALTY_LIMIT = 60  # §6 "суммарный штраф к броску за раны достигает 60"
WOUND_PENALTY = {1: 5, 2: 10}  # §6 scratch, serious
WOUND_STAMINA = {1: 1, 2: 2}

ACTIVE, INCAPACITATED, DEAD = "active", "incapacitated", "dead"
FINISH_OFF_VALUES = ["kill", "spare"]
VERDICT_VALUES = ["accept", "reject"]
CONCEDE_VALUES = ["concede"]

RESOLUTION_TYPES = frozenset({
    "duel.reveal", "duel.strike", "duel.flip", "duel.counter", "duel.end_of_turn", "duel.finish_off",
    "duel.concede",
})


class DuelOptions(Options):
    """House-rule switches; each default is the spec's PROPOSED DEFAULT for the ambiguity it names."""

    counter_mode: Literal["per_item", "single"] = "per_item"
    """A16: each obtained counter item is a counter-attack ("per_item"), or one per duelist per turn."""
    low_stamina_limit: Literal["combined", "each"] = "combined"
    """A8: at stamina <= 0, at most 1 attack-or-counter in total, or at most 1 of each."""
    overspend: Literal["allow", "drop_items"] = "allow"
    """A13: obtained attacks and feints beyond the stamina are charged anyway, or are not obtained."""
    sharp_tongue_bonus_doubled: bool = True
    """A21: Горячий парень doubles the Острый язык initiative point too."""
    rest_cap: bool = True
    """A14: Rest never raises stamina above stamina_max."""
    simultaneous_flips: bool = False
    """A7: after simultaneous attacks, a roll that the damage makes fail flips too (for counters, rest, ...)."""
    flip_without_advantage: bool = True
    """A5: whoever strikes first by stack position (no advantage) also flips the other's roll."""
    first_attack: Literal["obtained", "declared"] = "obtained"
    """A6: strike order without advantage compares the first obtained attack, or the first declared one."""
    reroll_cost: Literal["replaced", "new"] = "replaced"
    """A11: a reroll costs by the stake of the roll it replaces, or by the new roll's stake (Осторожный)."""
    low_stamina_attack_charge: Literal["obtained", "declared"] = "obtained"
    """A10: the single attack at stamina <= 0 costs 1 when obtained, or whenever declared."""


# --- an order as the rules read it ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Activate:
    """Trait activations of an order (§1.4 "использование которых надо заявлять")."""

    killer_blow: bool = False
    distance_control: str | None = None
    """None, "attack" or "defense"."""
    sharp_tongue: bool = False
    sharp_tongue_roleplay: str = ""


@dataclass(frozen=True, slots=True)
class Order:
    """A duelist's declaration for one turn (§1): the stack, the stake and trait activations."""

    stack: list[str]
    stake: str = DEFAULT_STAKE
    activate: Activate = field(default_factory=Activate)
    link: str | None = None


make_order = positional_maker(Order)
"""Order(stack, stake, activate, link), every field given (see positional_maker): two are read a turn."""
ORDER_FIELDS = frozenset({"stack", "stake", "activate", "link"})
_ACTIVATE_FIELDS = frozenset({"killer_blow", "distance_control", "sharp_tongue", "sharp_tongue_roleplay"})


def read_order(payload: Any) -> Order:
    """The order a payload declares, as `boundary.OrderSchema` reads it (raising its pydantic ValidationError):
    taken as it is when every value is already what the schema keeps (a well-formed order), else through it."""
    order = _well_formed(payload)
    if order is None:
        from replay.rulesets.duel.boundary import OrderSchema

        schema = OrderSchema.model_validate(payload)
        act = schema.activate
        order = Order(list(schema.stack), schema.stake,
                      Activate(act.killer_blow, act.distance_control, act.sharp_tongue, act.sharp_tongue_roleplay),
                      schema.link)
    return order


def _well_formed(payload: Any) -> Order | None:
    """`payload` as an Order when the schema would keep each of its values unchanged; None: ask the schema."""
    if type(payload) is not dict or not payload.keys() <= ORDER_FIELDS:
        return None
    stack, stake, link = payload.get("stack"), payload.get("stake"), payload.get("link")
    # every item a str (checked first: a set of them is then hashable) and one of the six
    if type(stack) is not list or not (_STR.issuperset(map(type, stack)) and _ITEM_SET.issuperset(stack)):
        return None
    if stake is None:
        stake = DEFAULT_STAKE  # A29 (the schema's "before" validator)
    elif type(stake) is not str or stake not in STAKES:
        return None
    if link is not None and type(link) is not str:
        return None
    if "activate" not in payload:
        return make_order(list(stack), stake, _NO_ACTIVATION, link)
    act = payload["activate"]
    if type(act) is dict and not act:  # `"activate": {}`, what most orders say
        return make_order(list(stack), stake, _NO_ACTIVATION, link)
    if type(act) is not dict or not act.keys() <= _ACTIVATE_FIELDS:
        return None
    killer_blow, sharp_tongue = act.get("killer_blow", False), act.get("sharp_tongue", False)
    distance_control, roleplay = act.get("distance_control"), act.get("sharp_tongue_roleplay", "")
    if (type(killer_blow) is not bool or type(sharp_tongue) is not bool or type(roleplay) is not str
            or not (distance_control is None or (type(distance_control) is str
                                                 and distance_control in (ATTACK, DEFENSE)))):
        return None
    if killer_blow or sharp_tongue or distance_control is not None or roleplay:
        return make_order(list(stack), stake, Activate(killer_blow, distance_control, sharp_tongue, roleplay), link)
    return make_order(list(stack), stake, _NO_ACTIVATION, link)


_STR, _ITEM_SET = frozenset({str}), frozenset(ITEMS)
_NO_ACTIVATION = Activate()
"""An order activating nothing (frozen: every such order shares it)."""


OPTION_DEFAULTS = {
    "counter_mode": "A16", "low_stamina_limit": "A8", "overspend": "A13", "sharp_tongue_bonus_doubled": "A21",
    "rest_cap": "A14", "simultaneous_flips": "A7", "flip_without_advantage": "A5", "first_attack": "A6",
    "reroll_cost": "A11", "low_stamina_attack_charge": "A10",
}


# --- the state the reducer folds (frozen slotted dataclasses) -----------------------------------------------

@dataclass(frozen=True, slots=True)
class Duelist:
    """A duelist between turns (spec §2.1)."""

    id: str
    name: str
    traits: tuple[str, ...]
    locality: dict[str, str]
    stamina: int
    stamina_max: int
    wound_penalty: int = 0
    status: str = ACTIVE
    hale_light_used: bool = False
    hale_heavy_used: bool = False

    def has(self, trait: str) -> bool:
        return trait in self.traits


@dataclass(frozen=True, slots=True)
class SideTrace:
    """What one duelist has this turn, as far as the turn is resolved (spec §2.3)."""

    declared: tuple[str, ...] = ()
    working: tuple[str, ...] = ()
    stake: str = DEFAULT_STAKE
    activate: dict[str, Any] = field(default_factory=dict)
    sharp_tongue: dict[str, Any] | None = None
    eaten: tuple[int, ...] = ()
    rolls: tuple[dict[str, Any], ...] = ()
    roll: int = 0
    final_stake: str = DEFAULT_STAKE
    success: bool = False
    flipped: bool = False
    obtained: tuple[tuple[int, str], ...] = ()
    neutralized: tuple[int, ...] = ()
    stamina_start: int = 0
    damage: int = 0
    parried_by: int = 0
    dead: bool = False


@dataclass(frozen=True, slots=True)
class TurnTrace:
    """The transient view of one turn: both sides, the strike order and the last strike or counter."""

    turn: int
    advantage: str | None
    sides: dict[str, SideTrace]
    strike_order: dict[str, Any] = field(default_factory=dict)
    last: dict[str, Any] | None = None
    """The payload of the last duel.strike or duel.counter, with its "type"."""
    ended: bool = False


Result = dict[str, str] | str | None
"""None while the duel goes on; "draw" when both are out (A27); {"winner": id} otherwise."""


@dataclass(frozen=True, slots=True)
class DuelState:
    """The duel between events: the two duelists, the last resolved turn, the advantage and the result."""

    duelists: tuple[Duelist, Duelist]
    turn: int = 0
    """The last resolved turn (0 before turn 1)."""
    advantage: str | None = None
    result: Result = None
    finish_off: str | None = None
    """"kill" or "spare" once the winner chose (CP-D4)."""
    trace: TurnTrace | None = None

    def duelist(self, duelist_id: str) -> Duelist:
        for d in self.duelists:
            if d.id == duelist_id:
                return d
        raise KeyError(duelist_id)

    def other(self, duelist_id: str) -> str:
        a, b = self.duelists
        return b.id if duelist_id == a.id else a.id

    @property
    def ids(self) -> tuple[str, str]:
        return self.duelists[0].id, self.duelists[1].id

    @property
    def over(self) -> bool:
        return self.result is not None


make_duelist = positional_maker(Duelist)
make_side = positional_maker(SideTrace)
make_trace = positional_maker(TurnTrace)
make_state = positional_maker(DuelState)


def starting_stamina(traits: tuple[str, ...] | list[str]) -> int:
    """8, or 10 with Выносливый (§4, §7)."""
    return STAMINA_ENDURING if "enduring" in traits else STAMINA


def new_duelist(id_: str, name: str, traits: list[str], locality: dict[str, str]) -> Duelist:
    """A fresh duelist at full stamina (EX-6)."""
    stamina = starting_stamina(traits)
    return Duelist(id_, name, tuple(traits), dict(locality), stamina, stamina)


def read_duelists(setup: Any) -> tuple[Duelist, Duelist]:
    """The two duelists of a `game.created` setup, as `boundary.Setup` reads it (raising its pydantic
    ValidationError): taken as they are when the setup is well formed, else through the schema."""
    given = _well_formed_setup(setup)
    if given is None:
        from replay.rulesets.duel.boundary import Setup

        given = [(d.id, d.name, d.traits, d.locality) for d in Setup.model_validate(setup).duelists]
    a, b = (new_duelist(*duelist) for duelist in given)
    return a, b


_DUELIST_SETUP_FIELDS = frozenset({"id", "name", "traits", "locality"})


def _well_formed_setup(setup: Any) -> list[tuple[str, str, list[str], dict[str, str]]] | None:
    """The duelists of `setup` when the schema would keep each value unchanged and its rules hold (two duelists with
    distinct ids, two distinct traits each, a locality only for an owned '…парень из…' trait); None: ask it."""
    if type(setup) is not dict or setup.keys() != {"duelists"}:
        return None
    duelists = setup["duelists"]
    if type(duelists) is not list or len(duelists) != 2:
        return None
    out = []
    for d in duelists:
        if type(d) is not dict or not {"id", "name", "traits"} <= d.keys() <= _DUELIST_SETUP_FIELDS:
            return None
        id_, name, traits, locality = d["id"], d["name"], d["traits"], d.get("locality", {})
        if type(id_) is not str or not id_ or type(name) is not str or not name:
            return None
        if type(traits) is not list or not all(type(t) is str and t in TRAITS for t in traits):
            return None
        if len(traits) != 2 or traits[0] == traits[1]:
            return None
        if type(locality) is not dict or not all(type(k) is str and k in LOCALITY_TRAITS and k in traits
                                                 and type(v) is str for k, v in locality.items()):
            return None
        out.append((id_, name, list(traits), dict(locality)))
    return None if out[0][0] == out[1][0] else out


def obtained_json(obtained: tuple[tuple[int, str], ...] | list[tuple[int, str]]) -> list[list[Any]]:
    return list(map(list, obtained))  # each [pos, item] pair a list of its own


def obtained_from_json(data: list[list[Any]]) -> tuple[tuple[int, str], ...]:
    return tuple([(int(pos), str(item)) for pos, item in data])


# --- state as plain JSON (what `state --json` prints and checkpoints store) ----------------------------------------

def duelist_json(d: Duelist) -> dict[str, Any]:
    return {
        "id": d.id, "name": d.name, "traits": list(d.traits), "locality": dict(d.locality),
        "stamina": d.stamina, "stamina_max": d.stamina_max, "wound_penalty": d.wound_penalty,
        "status": d.status, "hale_light_used": d.hale_light_used, "hale_heavy_used": d.hale_heavy_used,
    }


def side_json(s: SideTrace) -> dict[str, Any]:
    return {
        "declared": list(s.declared), "working": list(s.working), "stake": s.stake,
        "activate": dict(s.activate), "sharp_tongue": s.sharp_tongue, "eaten": list(s.eaten),
        "rolls": [dict(r) for r in s.rolls], "roll": s.roll, "final_stake": s.final_stake,
        "success": s.success, "flipped": s.flipped, "obtained": obtained_json(s.obtained),
        "neutralized": list(s.neutralized), "stamina_start": s.stamina_start, "damage": s.damage,
        "parried_by": s.parried_by, "dead": s.dead,
    }


def side_from_json(data: dict[str, Any]) -> SideTrace:
    return SideTrace(
        declared=tuple(data["declared"]), working=tuple(data["working"]), stake=data["stake"],
        activate=dict(data["activate"]), sharp_tongue=data["sharp_tongue"], eaten=tuple(data["eaten"]),
        rolls=tuple(dict(r) for r in data["rolls"]), roll=data["roll"], final_stake=data["final_stake"],
        success=data["success"], flipped=data["flipped"], obtained=obtained_from_json(data["obtained"]),
        neutralized=tuple(data["neutralized"]), stamina_start=data["stamina_start"], damage=data["damage"],
        parried_by=data["parried_by"], dead=data["dead"],
    )


def state_to_json(state: DuelState) -> dict[str, Any]:
    """The state as plain JSON; `order` keeps the duelists' setup order under sorted keys."""
    t = state.trace
    return {
        "turn": state.turn,
        "advantage": state.advantage,
        "result": state.result,
        "finish_off": state.finish_off,
        "order": list(state.ids),
        "duelists": {d.id: duelist_json(d) for d in state.duelists},
        "trace": None if t is None else {
            "turn": t.turn, "advantage": t.advantage, "ended": t.ended,
            "sides": {k: side_json(v) for k, v in t.sides.items()},
            "strike_order": dict(t.strike_order), "last": t.last,
        },
    }


def state_from_json(data: dict[str, Any]) -> DuelState:
    """Inverse of `state_to_json`."""
    duelists = tuple(
        Duelist(
            id=d["id"], name=d["name"], traits=tuple(d["traits"]), locality=dict(d["locality"]),
            stamina=d["stamina"], stamina_max=d["stamina_max"], wound_penalty=d["wound_penalty"],
            status=d["status"], hale_light_used=d["hale_light_used"], hale_heavy_used=d["hale_heavy_used"],
        )
        for d in (data["duelists"][i] for i in data["order"])
    )
    t = data.get("trace")
    trace = None if t is None else TurnTrace(
        turn=t["turn"], advantage=t["advantage"], ended=t["ended"],
        sides={k: side_from_json(v) for k, v in t["sides"].items()},
        strike_order=dict(t["strike_order"]), last=t["last"],
    )
    return DuelState(
        duelists=(duelists[0], duelists[1]), turn=data["turn"], advantage=data["advantage"],
        result=data["result"], finish_off=data.get("finish_off"), trace=trace,
    )
