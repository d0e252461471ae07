"""The rules: one turn's orders and stake rolls -> resolution events with their arithmetic (spec §5 Steps 0-10).

Inputs pulled, in this order: the order of each duelist (setup order), then each duelist's stake rolls
(`purpose "stake"`; the last one counts, one is drawn when none is recorded), the GM's Sharp Tongue verdicts
(never waited for), and at the end the winner's `finish_off` choice. A `concede` choice replaces the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, NamedTuple

from eventlog.envelope import Draft, Event, positional_maker
from replay.inputs import Inputs, Waiting
from replay.rulesets.duel.model import (
    ACTIVE,
    ATTACK,
    BONUS_TO_OPPONENT,
    COUNTER,
    DC_POSITION,
    DEAD,
    DEATH_DAMAGE,
    DEFENSE,
    FAILURE_COUNT,
    FEINT,
    FINISH_OFF_VALUES,
    HEAVY_DAMAGE,
    ID_POSITION,
    INCAPACITATED,
    INITIATIVE,
    ITEMS,
    PENALTY_LIMIT,
    REROLL_COST,
    REST,
    STACK_SIZE,
    STAKES,
    SUCCESS_COUNT,
    THRESHOLD,
    TRAIT_COST,
    WOUND_PENALTY,
    WOUND_STAMINA,
    Duelist,
    DuelOptions,
    DuelState,
    Order,
    Result,
    obtained_json,
    read_order,
)

Obtained = list[tuple[int, str]]
Emit = Callable[[Draft], Any]
"""Appends one resolution draft to the turn's (resolve's `emit`)."""

_draft = positional_maker(Draft)
"""Draft(type, payload, turn, actor, cause, phase, visible), every field given: the two drafts of every turn."""

LETTER = {ATTACK: "A", DEFENSE: "D", INITIATIVE: "I", FEINT: "F", COUNTER: "C", REST: "R"}


# --- small arithmetic of the rulebook ------------------------------------------------------------------------------

def fmt_stack(stack: list[str] | tuple[str, ...]) -> str:
    return "[" + ", ".join(LETTER[i] for i in stack) + "]"


def fmt_obtained(ob: Obtained | tuple[tuple[int, str], ...]) -> str:
    return _fmt_obtained(tuple(ob))


@lru_cache(maxsize=4096, typed=True)
def _fmt_obtained(ob: tuple[tuple[int, str], ...]) -> str:
    """`fmt_obtained` of an obtained set (a turn writes two or three; few sets recur through a whole duel)."""
    return "{" + ", ".join(f"{pos}: {LETTER[item]}" for pos, item in ob) + "}"


def count(ob: Obtained | tuple[tuple[int, str], ...], item: str) -> int:
    n = 0
    for _, i in ob:  # a plain loop: ~2x a list built and counted (~200,000 calls in a 14k-turn audit)
        if i == item:
            n += 1
    return n


def tally(ob: Obtained | tuple[tuple[int, str], ...]) -> dict[str, int]:
    """How many of each item `ob` holds (every item named, 0 for none): what `count` says, for all six at once."""
    n = dict.fromkeys(ITEMS, 0)
    for _, i in ob:
        n[i] += 1
    return n


def stake_rank(stake: str) -> int:
    return STAKES.index(stake)


def attacks_and_feints_on_success(stack: list[str], stake: str, distance_control: str | None) -> int:
    """AF_succ: attacks and feints in the declared top `success_count(stake)`, +1 for a DC attack (§4, A12)."""
    top = stack[:SUCCESS_COUNT[stake]]
    return top.count(ATTACK) + top.count(FEINT) + (1 if distance_control == ATTACK else 0)


def trait_cost(order: Order, sharp_tongue_accepted: bool = True) -> int:
    """T: Убийственный удар 2, Контроль дистанции 3, Острый язык 1 (a rejected roleplay costs nothing, A22)."""
    a = order.activate
    return (
        (TRAIT_COST["killer_blow"] if a.killer_blow else 0)
        + (TRAIT_COST["distance_control"] if a.distance_control else 0)
        + (TRAIT_COST["sharp_tongue"] if a.sharp_tongue and sharp_tongue_accepted else 0)
    )


def reroll_costs(stakes: list[str], by: str = "replaced") -> list[int]:
    """Cost of each roll: 0 for the first, then by the replaced roll's stake (A11) or the new one's."""
    if len(stakes) == 1:  # no reroll (most turns)
        return [0]
    return [0] + [
        REROLL_COST[stakes[i - 1] if by == "replaced" else stakes[i]] for i in range(1, len(stakes))
    ]


def sharp_tongue_reorder(stack: list[str]) -> tuple[list[str], int | None]:
    """§7 Острый язык: the first attack goes to position 1, the items above it shift down (A21)."""
    if ATTACK not in stack:
        return list(stack), None
    i = stack.index(ATTACK)
    return [ATTACK] + stack[:i] + stack[i + 1:], i + 1


def succeeds(roll: int, penalty: int, stake: str) -> bool:
    """§2: success when roll - wound penalty >= threshold (A1, A3)."""
    return roll - penalty >= THRESHOLD[stake]


def obtain(
    working: list[str], eaten: tuple[int, ...], base: int, bonus: int, s0: int,
    distance_control: str | None, impenetrable: bool,
) -> tuple[Obtained, list[int]]:
    """Spec §5 Step 4: the obtained items and the bonus attack positions skipped at S0 <= 0 (A9)."""
    ob: Obtained = []
    skipped: list[int] = []
    for pos in range(1, min(STACK_SIZE, base + bonus) + 1):
        item = working[pos - 1]
        if pos in eaten:
            continue
        # §4 "не можешь получить пункты атак за проваленные врагом броски"
        if pos > base and item == ATTACK and s0 <= 0:
            skipped.append(pos)
            continue
        ob.append((pos, item))
    if distance_control:  # §7 Контроль дистанции, "сверх стека" (A24)
        ob.append((DC_POSITION, distance_control))
    if impenetrable and count(ob, ATTACK) == 0:  # §7 Непробиваемая защита (A19)
        ob.append((ID_POSITION, DEFENSE))
    return ob, skipped


def drop_unaffordable(ob: Obtained, allowance: int) -> tuple[Obtained, Obtained]:
    """overspend = "drop_items" (A13): attacks and feints beyond `allowance`, lowest in the stack first."""
    kept: Obtained = []
    dropped: Obtained = []
    paid = 0
    for pos, item in ob:
        if item in (ATTACK, FEINT):
            if paid >= allowance:
                dropped.append((pos, item))
                continue
            paid += 1
        kept.append((pos, item))
    return kept, dropped


def _at(ob: Obtained, position: int) -> bool:
    """Whether an item was obtained at `position`."""
    return position in [pos for pos, _ in ob]  # a list of at most 8: ~2x `any` over a generator


_NOWHERE = float("inf")
"""The position of an item nobody has (comes after every position)."""


def first_position(ob: Obtained | list[tuple[int, str]], item: str) -> float:
    first = _NOWHERE
    for pos, i in ob:  # the least position holding `item` (a plain loop: ~2x min over a generator)
        if i == item and pos < first:
            first = pos
    return first


@dataclass(frozen=True)
class Strike:
    """Spec §5 Step 6, `strike(X -> Y)`."""

    N: int
    Phi: int
    D: int
    E: int
    P: int
    U: int
    m: int
    killer_blow: bool

    @property
    def damage(self) -> int:
        return self.U * self.m

    def why(self) -> str:
        base = 2 if self.E == 0 else 1
        m = f"{base}x2={self.m}" if self.killer_blow else f"{self.m}"
        return (
            f"N={self.N}, Phi={self.Phi}, D={self.D}, E=max(0,{self.D}-{self.Phi})={self.E}, "
            f"P=min({self.N},{self.E})={self.P}, U={self.N}-{self.P}={self.U}, m={m} -> {self.damage} damage"
        )


def strike(ob_x: Obtained, ob_y: Obtained, killer_blow: bool) -> Strike:
    """Attacks against defenses: feints put defenses out first, no effective defense doubles (§3)."""
    n, phi, d = count(ob_x, ATTACK), count(ob_x, FEINT), count(ob_y, DEFENSE)
    e = max(0, d - phi)
    p = min(n, e)
    m = (2 if e == 0 else 1) * (2 if killer_blow else 1)
    return Strike(n, phi, d, e, p, n - p, m, killer_blow)


def neutralized_positions(ob_y: Obtained, phi: int) -> list[int]:
    """Which of Y's defenses the feints put out: by convention the topmost ones."""
    return [pos for pos, i in ob_y if i == DEFENSE][:phi]


def inturn_penalty(damage: int, d: Duelist) -> int:
    """The flip check's penalty for this turn's damage (A4), softened by Здоровый парень (A20)."""
    if damage <= 0:
        return 0
    if d.has("hale") and damage == 1 and not d.hale_light_used:
        return 0
    if d.has("hale") and damage == HEAVY_DAMAGE and not d.hale_heavy_used:
        return WOUND_PENALTY[1]
    return WOUND_PENALTY[min(damage, 2)]  # §6 "-10 к этому броску, если он бьет вторым" for 3


def leftover(n_x: dict[str, int], n_y: dict[str, int], parried_by_x: int) -> int:
    """L[X]: X's effective defenses not spent on parrying attacks (A18), from both sides' `tally` of their items."""
    return max(0, max(0, n_x[DEFENSE] - n_y[FEINT]) - parried_by_x)


# --- the per-turn record of one side (local to a resolution) -------------------------------------------------------

@dataclass(slots=True)
class Side:
    """One duelist's working values while a turn resolves (spec §2.3)."""

    d: Duelist
    order: Order
    order_seq: int | None
    rolls: list[tuple[int, str, int | None]]
    costs: list[int]
    s0: int
    st_verdict: str | None = None
    st_moved_from: int | None = None
    st_bonus: int = 0
    working: list[str] = field(init=False)
    """The stack after the opponent's Острый язык (set by `_reveal`'s Step 1, before anything reads it)."""
    eaten: tuple[int, ...] = ()
    success: bool = False
    base: int = 0
    bonus: int = 0
    ob: Obtained = field(init=False)
    """The obtained items (this and the three below are set by `_obtain`, before anything reads them)."""
    n: dict[str, int] = field(init=False)
    """`tally(ob)`, set with `ob`; read only (it may be shared)."""
    dropped: Obtained = field(init=False)
    skipped: list[int] = field(init=False)
    dmg: int = 0
    dead: bool = False
    parried_by: int = 0
    id: str = field(init=False)
    """The duelist's id (`d.id`; read hundreds of thousands of times in a long audit)."""
    roll: int = field(init=False)
    """The last roll's value (the one that counts; `rolls` never changes once the side is made)."""
    stake: str = field(init=False)
    """The last roll's stake."""
    roll_seq: int | None = field(init=False)
    """The seq of the last roll, else of the order (what the side's steps are caused by)."""

    def __post_init__(self) -> None:
        self.id = self.d.id
        self.roll, self.stake, seq = self.rolls[-1]
        self.roll_seq = seq if seq is not None else self.order_seq

    @property
    def st_accepted(self) -> bool:
        return self.order.activate.sharp_tongue and self.st_verdict != "reject"

    @property
    def traits_cost(self) -> int:
        return trait_cost(self.order, self.st_accepted)


def roll_value(payload: dict[str, Any]) -> int:
    total = payload.get("total")
    if total is None:
        total = sum(payload.get("result") or [0])
    return int(total)


def declared(order_payload: dict[str, Any], rolls: list[dict[str, Any]]) -> Order:
    """The order with its stake as declared (§1, A29): written in the order, else the first roll's label ("Бросок
    надо обязательно … подписать"), else high."""
    order = read_order(order_payload)
    if order_payload.get("stake") is None and rolls and rolls[0].get("stake"):
        return replace(order, stake=rolls[0]["stake"])
    return order


def roll_stakes(payloads: list[dict[str, Any]], order_stake: str) -> list[str]:
    """Each roll's stake: its label, else the previous roll's, the first one the order's (A29)."""
    out: list[str] = []
    for p in payloads:
        out.append(p.get("stake") or (out[-1] if out else order_stake))
    return out


def _prepare(d: Duelist, inputs: Inputs, turn: int, options: DuelOptions, events: list[Event]) -> Side:
    """Step 0 and the inputs: the order, every stake roll (`events`, read by `resolve`; one is pulled when none is
    recorded)."""
    event = inputs.order_event(d.id)
    if event is None:
        raise Waiting(d.id, f"order for turn {turn}")
    payload = event.payload
    if not events:
        events = [inputs.roll("1d100", actor=d.id, purpose="stake", **_signed(payload))]
    payloads = [e.payload for e in events]
    order = declared(payload, payloads)
    stakes = roll_stakes(payloads, order.stake)
    rolls = [(roll_value(e.payload), s, e.seq) for e, s in zip(events, stakes, strict=True)]
    return Side(d, order, event.seq, rolls, reroll_costs(stakes, options.reroll_cost), d.stamina)


def _signed(order_payload: dict[str, Any]) -> dict[str, Any]:
    """The key of a stake roll request: the order's stake where it names one (else the roll declares it, A29)."""
    return {"stake": order_payload["stake"]} if order_payload.get("stake") is not None else {}


def _verdict(inputs: Inputs, duelist_id: str) -> str | None:
    found = inputs.recorded.choices(name="sharp_tongue_verdict", duelist=duelist_id)
    inputs.used.update(e.seq for e in found)  # the last verdict counts; the earlier ones are read too
    return found[-1].payload.get("value") if found else None


def _payload(why: list[str], rule: str, defaults: list[str], **values: Any) -> dict[str, Any]:
    values["why"], values["rule"] = why, rule  # `values` is this call's own dict: the payload itself
    values["defaults"] = list(_ranked(tuple(defaults)))
    return values


@lru_cache(maxsize=1024, typed=True)
def _ranked(defaults: tuple[str, ...]) -> tuple[str, ...]:
    """The distinct default ids of `defaults` by their numbers ("A21" -> 21), as a payload lists them (each step
    appends them in a fixed order, so few lists recur)."""
    return tuple(sorted(set(defaults), key=lambda a: int(a[1:])))


def _last_seq(a: Side, b: Side) -> int | None:
    """The later of the two sides' last inputs (what a step of both is caused by)."""
    x, y = a.roll_seq, b.roll_seq
    if x is None:
        return y
    return x if y is None or x >= y else y


# --- the turn -------------------------------------------------------------------------------------------------------

def resolve(state: DuelState, turn: int, inputs: Inputs, options: DuelOptions) -> list[Draft]:
    """Spec §5: the resolution events of `turn`, in order."""
    shared = getattr(inputs, "drafts", None)
    drafts: list[Draft] = shared if isinstance(shared, list) else []
    # the core context's drafts: a turn that waits for the finish-off keeps (and shows) what led to it
    emit: Emit = inputs.emit if hasattr(inputs, "emit") else drafts.append

    conceded = _concession(state, turn, inputs)
    if conceded is not None:
        emit(conceded)
        return drafts
    inputs.need_orders(state.ids)
    stake_rolls = {d.id: inputs.rolls(d.id, "stake") for d in state.duelists}
    unrolled = [i for i, found in stake_rolls.items() if not found]
    if unrolled:  # both missing stake rolls are listed at once
        inputs.need_rolls([("1d100", i, "stake", _signed(inputs.order(i) or {})) for i in unrolled])
    first, second = state.duelists
    a = _prepare(first, inputs, turn, options, stake_rolls[first.id])
    b = _prepare(second, inputs, turn, options, stake_rolls[second.id])
    for x in (a, b):
        if x.order.activate.sharp_tongue:
            x.st_verdict = _verdict(inputs, x.id) or "accept"
    sides = {a.id: a, b.id: b}
    reveal = _reveal(state, turn, a, b, options)
    emit(reveal)
    _attacks(state, turn, sides, reveal.payload["strike_order"], options, emit)
    _counters(state, turn, sides, options, emit)
    end = _end_of_turn(state, turn, a, b, options)
    emit(end)
    result = end.payload["result"]
    if isinstance(result, dict):
        winner = result["winner"]
        loser = state.other(winner)
        if end.payload["sides"][loser]["status"] == INCAPACITATED:
            emit(_finish_off(turn, inputs, winner, loser))
    return drafts


def _concession(state: DuelState, turn: int, inputs: Inputs) -> Draft | None:
    """A27: a recorded `concede` ends the duel; the other duelist wins."""
    for e in inputs.recorded.choices(name="concede"):
        if e.actor in state.ids:
            inputs.used.add(e.seq)
            winner = state.other(e.actor)
            return Draft("duel.concede", _payload(
                [f"{e.actor} concedes -> {winner} wins"], "§6; spec §6 (concede)", ["A27"],
                duelist=e.actor, winner=winner, result={"winner": winner},
            ), turn, e.actor, e.seq)
    return None


def _reveal(state: DuelState, turn: int, a: Side, b: Side, options: DuelOptions) -> Draft:
    """Steps 1-5: Sharp Tongue, eating, roll evaluation, obtained items, strike order."""
    why: list[str] = []
    defaults: list[str] = []
    for x in (a, b):
        if x.order.activate.sharp_tongue and x.st_verdict == "reject":
            defaults.append("A22")
            why.append(f"{x.id}: sharp_tongue roleplay rejected by the GM -> no effect, no cost")
    # Step 1 - Острый язык
    for x in (a, b):
        x.working = list(x.order.stack)
    for x, y in ((a, b), (b, a)):
        if not x.st_accepted:
            continue
        defaults.append("A21")
        y.working, x.st_moved_from = sharp_tongue_reorder(list(y.order.stack))
        if x.st_moved_from is None:
            x.st_bonus = 1
            why.append(f"sharp_tongue {x.id} -> {y.id}: no attack in {fmt_stack(y.order.stack)} -> +1 initiative")
        else:
            why.append(
                f"sharp_tongue {x.id} -> {y.id}: attack {x.st_moved_from} -> 1, W[{y.id}] = {fmt_stack(y.working)}"
            )
    # Step 2 - eating (declared initiative, "не получил, а именно указал")
    h = state.advantage
    if h is not None:
        x, y = (a, b) if h == a.id else (b, a)
        ix, iy = x.order.stack.count(INITIATIVE), y.order.stack.count(INITIATIVE)
        if ix > iy:
            y.eaten = (1,)
            if x.st_moved_from is not None:
                defaults.append("A31")
            why.append(
                f"eating: advantage {x.id}, declared initiative {ix} > {iy} -> "
                f"{y.id} position 1 ({LETTER[y.working[0]]}) eaten"
            )
        else:
            why.append(f"eating: advantage {x.id}, declared initiative {ix} <= {iy} -> nothing eaten")
    # Step 3 - roll evaluation
    for x in (a, b):
        x.success, line = _evaluated(x.id, x.roll, len(x.rolls) - 1, x.d.wound_penalty, x.stake)
        why.append(line)
    defaults += ["A1", "A3"]
    if len(a.rolls) > 1 or len(b.rolls) > 1:
        defaults.append("A11")  # the reroll costs the reveal records
    # Step 4 - obtained items
    for x, y in ((a, b), (b, a)):
        _obtain(x, y, x.success, options)
        if x.bonus:
            defaults.append("A2")
        if x.skipped:
            defaults.append("A9")
        if x.order.activate.distance_control:
            defaults.append("A24")
        if _at(x.ob, ID_POSITION):
            defaults.append("A19")
        if x.dropped:
            defaults.append("A13")
        why.append(_obtain_why(x, y))
    # Step 5 - strike order
    order = strike_order(state.advantage, a, b, options)
    why.append(f"strike order: {order['reason']}")
    if state.advantage is None and order["mode"] != "none":
        defaults.append("A6")
    sides = {a.id: _side_payload(a, b.id), b.id: _side_payload(b, a.id)}
    return _draft("duel.reveal", _payload(
        why, "§1 Заявка; §2 Результат броска; §5 Инициатива; §7 Черты; spec §5 Steps 1-5", defaults,
        turn=turn, advantage=state.advantage, sides=sides, strike_order=order,
    ), turn, None, _last_seq(a, b), None, None)


@lru_cache(maxsize=4096, typed=True)  # typed: a penalty of 5.0 is written as such, not as 5
def _evaluated(duelist: str, roll: int, rerolls: int, penalty: int, stake: str) -> tuple[bool, str]:
    """Step 3 for one side: whether the roll succeeds (`succeeds`), and its line (a duel has few distinct ones)."""
    success = roll - penalty >= THRESHOLD[stake]
    rr = f" after {rerolls} reroll(s)" if rerolls else ""
    return success, (f"{duelist}: roll {roll}{rr} - penalty {penalty} = {roll - penalty} {'>=' if success else '<'} "
                     f"{THRESHOLD[stake]} ({stake}) -> {'success' if success else 'failure'}")


def _obtain(x: Side, y: Side, success: bool, options: DuelOptions) -> None:
    """obtain(X, success) of spec Step 4, with `y.success` the opponent's initial evaluation."""
    x.base = SUCCESS_COUNT[x.stake] if success else FAILURE_COUNT
    x.bonus = 0 if y.success else BONUS_TO_OPPONENT[y.stake]
    ob, skipped, x.n = _obtained(tuple(x.working), x.eaten, x.base, x.bonus, x.s0,
                                 x.order.activate.distance_control, "impenetrable_defense" in x.d.traits)
    x.ob, x.skipped = list(ob), list(skipped)
    x.dropped = []
    if options.overspend == "drop_items":
        allowance = x.s0 - sum(x.costs) - x.traits_cost if x.s0 > 0 else 1
        x.ob, x.dropped = drop_unaffordable(x.ob, allowance)
        # a dropped attack is not obtained: without any attack left, Непробиваемая защита applies (A19)
        if (x.dropped and x.d.has("impenetrable_defense") and count(x.ob, ATTACK) == 0
                and all(pos != ID_POSITION for pos, _ in x.ob)):
            x.ob.append((ID_POSITION, DEFENSE))
        x.n = tally(x.ob)


@lru_cache(maxsize=4096, typed=True)
def _obtained(working: tuple[str, ...], eaten: tuple[int, ...], base: int, bonus: int, s0: int,
              distance_control: str | None, impenetrable: bool,
              ) -> tuple[tuple[tuple[int, str], ...], tuple[int, ...], dict[str, int]]:
    """`obtain` of these values, and its `tally` (never changed by its readers), made once per distinct values."""
    ob, skipped = obtain(list(working), eaten, base, bonus, s0, distance_control, impenetrable)
    return tuple(ob), tuple(skipped), tally(ob)


def _obtain_why(x: Side, y: Side) -> str:
    return _obtain_line(x.id, x.base, x.bonus, y.id, y.stake, x.eaten, tuple(x.skipped), x.s0, tuple(x.dropped),
                        tuple(x.ob))


@lru_cache(maxsize=4096, typed=True)
def _obtain_line(duelist: str, base: int, bonus: int, other: str, other_stake: str, eaten: tuple[int, ...],
                 skipped: tuple[int, ...], s0: int, dropped: tuple[tuple[int, str], ...],
                 ob: tuple[tuple[int, str], ...]) -> str:
    """Step 4's line for one side (made once per distinct values: few recur through a duel)."""
    if bonus:
        n = min(STACK_SIZE, base + bonus)
        text = f"{duelist}: base {base} + bonus {bonus} ({other} failed {other_stake}) = {n} item(s)"
    else:
        text = f"{duelist}: {base} item(s)"
    if eaten:
        text += ", position 1 eaten"
    if skipped:
        text += f", bonus attack(s) at {', '.join(map(str, skipped))} skipped (stamina {s0} <= 0)"
    if dropped:
        text += f", {fmt_obtained(dropped)} dropped (not enough stamina)"
    return text + f" -> OB[{duelist}] = {fmt_obtained(ob)}"


def _side_payload(x: Side, target: str) -> dict[str, Any]:
    order = x.order
    act = order.activate
    sharp = None
    if act.sharp_tongue:
        sharp = {"target": target, "verdict": x.st_verdict, "moved_from": x.st_moved_from, "bonus": x.st_bonus}
    roll, stake = x.roll, x.stake
    penalty = x.d.wound_penalty
    return {
        "declared": list(order.stack), "working": list(x.working), "stake": order.stake,
        "activate": {"killer_blow": act.killer_blow, "distance_control": act.distance_control,
                     "sharp_tongue": act.sharp_tongue},
        "sharp_tongue": sharp,
        "initiative_declared": order.stack.count(INITIATIVE),
        "eaten": list(x.eaten),
        "rolls": [{"value": v, "stake": s, "cost": c, "seq": q} for (v, s, q), c in zip(x.rolls, x.costs, strict=True)],
        "roll": roll, "final_stake": stake, "threshold": THRESHOLD[stake],
        "wound_penalty": penalty, "effective": roll - penalty, "success": x.success,
        "base": x.base, "bonus": x.bonus, "obtained": obtained_json(x.ob), "stamina_start": x.s0,
        "dropped": obtained_json(x.dropped),
    }


def strike_order(advantage: str | None, a: Side, b: Side, options: DuelOptions) -> dict[str, Any]:
    """Step 5: the advantage holder first, else the earlier first attack; equal positions are simultaneous."""
    if advantage is not None:
        f, s = (a, b) if advantage == a.id else (b, a)
        return {"mode": "sequential", "first": f.id, "second": s.id, "reason": f"advantage {f.id} -> {f.id} first"}
    fa, fb = _first_attack(a, options), _first_attack(b, options)
    text = (f"no advantage, first attack {a.id}={'-' if fa == _NOWHERE else int(fa)}, "
            f"{b.id}={'-' if fb == _NOWHERE else int(fb)}")
    if fa == fb == _NOWHERE:
        return {"mode": "none", "first": None, "second": None, "reason": text + " -> nobody attacks"}
    if fa == fb:
        return {"mode": "simultaneous", "first": None, "second": None, "reason": text + " -> simultaneous"}
    f, s = (a, b) if fa < fb else (b, a)
    return {"mode": "sequential", "first": f.id, "second": s.id, "reason": text + f" -> {f.id} first"}


def _first_attack(x: Side, options: DuelOptions) -> float:
    """fa[X]: the first obtained attack (A6), or the first declared one with `first_attack = "declared"`."""
    first = first_position(x.ob, ATTACK)
    if first == _NOWHERE or options.first_attack != "declared":  # no attack obtained: none to strike with
        return first
    listed = [(p, i) for p, i in enumerate(x.working, 1)]
    if x.order.activate.distance_control == ATTACK:
        listed.append((DC_POSITION, ATTACK))
    return first_position(listed, ATTACK)


def _strike(turn: int, x: Side, y: Side, simultaneous: bool) -> Draft:
    s = strike(x.ob, y.ob, x.order.activate.killer_blow)
    y.parried_by = s.P
    y.dmg += s.damage
    if y.dmg >= DEATH_DAMAGE:
        y.dead = True
    why = [s.why(), f"dmg[{y.id}] = {y.dmg}" + (" >= 4 -> instant death" if y.dead else "")]
    defaults = ["A7"] if simultaneous else []
    if y.dead and y.dmg > DEATH_DAMAGE:
        defaults.append("A35")
    if s.killer_blow:
        defaults.append("A23")
    return Draft("duel.strike", _payload(
        why, "§3 Атака, Защита, Финт; §7 Убийственный удар; §6 Урон; spec §5 Step 6", defaults,
        attacker=x.id, defender=y.id, N=s.N, Phi=s.Phi, D=s.D, E=s.E, P=s.P, U=s.U, m=s.m,
        killer_blow=s.killer_blow, damage=s.damage, damage_total=y.dmg, parried=s.P,
        neutralized=neutralized_positions(y.ob, s.Phi), simultaneous=simultaneous, dead=y.dead,
    ), turn, x.id, x.roll_seq)


def _flip(turn: int, f: Side, s: Side, options: DuelOptions, advantage: str | None) -> Draft | None:
    """Step 6.3: the first striker's damage can turn the other's success into a failure (§5, A4, A5)."""
    if s.dead or not s.success or s.dmg == 0:
        return None
    pen = inturn_penalty(s.dmg, s.d)
    effective = s.roll - s.d.wound_penalty - pen
    flipped = effective < THRESHOLD[s.stake]
    before = list(s.ob)
    if flipped:
        _obtain(s, f, False, options)
    lost = [item for item in before if item not in s.ob]
    verdict = (
        f"-> flip: {s.id} fails, keeps {s.base} item(s) from the top, OB[{s.id}] = {fmt_obtained(s.ob)}; "
        f"{f.id} gets no bonus, damage not recomputed"
        if flipped else "-> no flip"
    )
    why = [
        f"{s.id}: {s.roll} - {s.d.wound_penalty} - {pen} = {effective} {'<' if flipped else '>='} "
        f"{THRESHOLD[s.stake]} ({s.stake}) {verdict}"
    ]
    defaults = ["A4"] + (["A5"] if advantage is None else [])
    if s.d.has("hale") and pen != WOUND_PENALTY[min(s.dmg, 2)]:
        defaults.append("A20")
    if flipped and any(pos == ID_POSITION for pos, _ in s.ob):
        defaults.append("A19")
    return Draft("duel.flip", _payload(
        why, "§5 Инициатива (first strike); §6 Урон; spec §5 Step 6.3", defaults,
        duelist=s.id, roll=s.roll, wound_penalty=s.d.wound_penalty, inturn_penalty=pen, effective=effective,
        threshold=THRESHOLD[s.stake], stake=s.stake, flipped=flipped, obtained=obtained_json(s.ob),
        lost=obtained_json(lost),
    ), turn, s.id, s.roll_seq)


def _attacks(
    state: DuelState, turn: int, sides: dict[str, Side], order: dict[str, Any], options: DuelOptions, emit: Emit,
) -> None:
    """Step 6: the strikes in the order of Step 5, with the flip check after a first strike."""
    if order["mode"] == "simultaneous":
        a, b = (sides[i] for i in state.ids)
        for x, y in ((a, b), (b, a)):
            emit(_strike(turn, x, y, True))
        if options.simultaneous_flips:
            for x, y in ((a, b), (b, a)):
                flip = _flip(turn, y, x, options, state.advantage)
                if flip is not None:
                    emit(flip)
        return
    if order["mode"] == "none":
        return
    f, s = sides[order["first"]], sides[order["second"]]
    if f.n[ATTACK]:
        emit(_strike(turn, f, s, False))
        if state.advantage is not None or options.flip_without_advantage:
            flip = _flip(turn, f, s, options, state.advantage)
            if flip is not None:
                emit(flip)
    if not s.dead and s.n[ATTACK]:
        emit(_strike(turn, s, f, False))


def _counters(state: DuelState, turn: int, sides: dict[str, Side], options: DuelOptions, emit: Emit) -> None:
    """Step 7: counter-attacks after all attacks; a kill cancels the victim's pending counter."""
    a, b = (sides[i] for i in state.ids)
    takers = [x for x in (a, b) if x.n[COUNTER]]
    if not takers:
        return
    left = {a.id: leftover(a.n, b.n, a.parried_by), b.id: leftover(b.n, a.n, b.parried_by)}
    simultaneous = False
    if len(takers) == 2:
        if state.advantage is not None:
            takers.sort(key=lambda x: x.id != state.advantage)
        else:
            fa, fb = first_position(a.ob, COUNTER), first_position(b.ob, COUNTER)
            simultaneous = fa == fb
            takers.sort(key=lambda x: first_position(x.ob, COUNTER))
    dead_before = {x.id: x.dead for x in (a, b)}
    for x in takers:
        y = sides[state.other(x.id)]
        cancelled = dead_before[x.id] if simultaneous else x.dead
        emit(_counter(turn, x, y, left, options, cancelled, simultaneous))


def _counter(
    turn: int, x: Side, y: Side, left: dict[str, int], options: DuelOptions, cancelled: bool, simultaneous: bool,
) -> Draft:
    """counter(X -> Y) of spec Step 7."""
    items = x.n[COUNTER]
    k = min(items, 1) if options.counter_mode == "single" else items
    successful = k >= 1 and x.parried_by >= 1 and not cancelled
    l_before = left[y.id]
    blocked = bonus = damage = 0
    defaults = ["A16", "A18"] + (["A25"] if simultaneous else [])
    if cancelled:
        why = [f"{x.id} is dead: the counter-attack is cancelled"]
    elif not successful:
        why = [f"{x.id}: k={k}, parried_by=0 -> no successful counter-attack"]
    else:
        blocked = min(k, l_before)
        left[y.id] = l_before - blocked
        damage = (k - blocked) * x.parried_by
        text = f"{x.id}: k={k}, parried_by={x.parried_by}, blocked=min({k},L[{y.id}]={l_before})={blocked}, "
        text += f"damage=({k}-{blocked})x{x.parried_by}"
        if x.d.has("weapon_control"):
            bonus = k
            damage += bonus
            text += f"+{bonus} (weapon_control)"
            defaults.append("A26")
        why = [text + f"={damage}"]
        y.dmg += damage
        if y.dmg >= DEATH_DAMAGE and not y.dead:
            y.dead = True
            why.append(f"dmg[{y.id}] = {y.dmg} >= 4 -> instant death"
                       + ("" if simultaneous else f", {y.id}'s pending counter-attack is cancelled"))
        else:
            why.append(f"dmg[{y.id}] = {y.dmg}")
    return Draft("duel.counter", _payload(
        why, "§3 Контр-атака; §5 Инициатива; §7 Контроль оружия; spec §5 Step 7", defaults,
        attacker=x.id, defender=y.id, k=k, items=items, parried_by=x.parried_by, successful=successful,
        cancelled=cancelled, leftover_before=l_before, blocked=blocked, leftover=left[y.id],
        weapon_control=bonus, damage=damage, damage_total=y.dmg, dead=y.dead, simultaneous=simultaneous,
    ), turn, x.id, x.roll_seq)


# --- end of turn ----------------------------------------------------------------------------------------------------

class Wound(NamedTuple):
    """Step 8 for one duelist: the category, the trait adjustments and the new values (a named tuple: one is made
    per duelist per turn, ~40x cheaper than a frozen dataclass)."""

    category: str
    hale: str | None
    penalty_added: int
    stamina_loss: int
    status: str
    hale_light_used: bool
    hale_heavy_used: bool
    wound_penalty: int


_CATEGORY = {0: "none", 1: "scratch", 2: "serious", 3: "heavy"}
"""The wound category of each damage below death (§6)."""


def wound(d: Duelist, damage: int, dead: bool) -> Wound:
    """§6 Урон, with Суровый парень and Здоровый парень (A20); the 60-point check at end of turn (A17)."""
    return _wound(damage, dead, d.hale_light_used, d.hale_heavy_used, d.wound_penalty, "hale" in d.traits,
                  "tough" in d.traits)


@lru_cache(maxsize=4096, typed=True)
def _wound(damage: int, dead: bool, light: bool, heavy: bool, wound_penalty: int, hale_trait: bool,
           tough: bool) -> Wound:
    """`wound` of what it reads of the duelist (made once per distinct values: a named tuple, never changed)."""
    hale = None
    if dead or damage >= DEATH_DAMAGE:
        return Wound("death", None, 0, 0, DEAD, light, heavy, wound_penalty)
    category = _CATEGORY[damage]
    effect = damage
    if hale_trait and damage == 1 and not light:
        hale, light, effect = "scratch_ignored", True, 0
    elif hale_trait and damage == HEAVY_DAMAGE and not heavy:
        hale, heavy, effect = "heavy_as_scratch", True, 1
    if effect == HEAVY_DAMAGE:
        status = INCAPACITATED
        added = loss = 0
    else:
        status = ACTIVE
        added = WOUND_PENALTY.get(effect, 0)
        loss = 0 if tough else WOUND_STAMINA.get(effect, 0)
    penalty = wound_penalty + added
    if penalty >= PENALTY_LIMIT:
        status = INCAPACITATED
    return Wound(category, hale, added, loss, status, light, heavy, penalty)


def initiative_points(x: Side, options: DuelOptions) -> tuple[int, int]:
    """raw and pts of Step 9.3 (Горячий парень doubles; the Острый язык point too by default, A21)."""
    n = x.n[INITIATIVE]
    mult = 2 if x.d.has("hot_blooded") else 1
    raw = n + x.st_bonus
    pts = raw * mult if options.sharp_tongue_bonus_doubled else n * mult + x.st_bonus
    return raw, pts


def next_advantage(
    advantage: str | None, ids: tuple[str, str], raw: dict[str, int], pts: dict[str, int],
) -> tuple[str | None, str]:
    """§5: more points take the advantage, a tie clears it, nobody obtaining any keeps it (A32)."""
    a, b = ids
    return _next_advantage(advantage, a, b, raw[a], raw[b], pts[a], pts[b])


@lru_cache(maxsize=1024, typed=True)
def _next_advantage(advantage: str | None, a: str, b: str, raw_a: int, raw_b: int, pts_a: int, pts_b: int,
                    ) -> tuple[str | None, str]:
    """`next_advantage` of the two sides' values (one turn's; few recur through a duel)."""
    text = f"initiative raw {a}={raw_a}, {b}={raw_b}; pts {a}={pts_a}, {b}={pts_b}"
    after = _advantage_after(advantage, a, b, {a: raw_a, b: raw_b}, {a: pts_a, b: pts_b})
    if raw_a == raw_b == 0:
        return after, text + f" -> nobody obtained initiative, the advantage stays with {advantage or 'nobody'}"
    if after is None:
        return None, text + " -> tie, nobody has the advantage"
    return after, text + f" -> advantage {after}"


def _advantage_after(advantage: str | None, a: str, b: str, raw: dict[str, int], pts: dict[str, int]) -> str | None:
    """`next_advantage`'s holder, without its words."""
    if raw[a] == raw[b] == 0:
        return advantage
    if pts[a] == pts[b]:
        return None
    return a if pts[a] > pts[b] else b


def result_of(statuses: dict[str, str]) -> Result:
    """§6: one side out -> the other wins; both out -> draw (A27); else the duel goes on."""
    out = [k for k, v in statuses.items() if v != ACTIVE]
    if not out:
        return None
    if len(out) == 2:
        return "draw"
    return {"winner": next(k for k in statuses if k not in out)}


def _end_of_turn(state: DuelState, turn: int, a: Side, b: Side, options: DuelOptions) -> Draft:
    """Steps 8-10: wounds, stamina, rest, initiative, the end check."""
    why: list[str] = []
    defaults: list[str] = ["A14", "A33"]
    sides: dict[str, dict[str, Any]] = {}
    raw: dict[str, int] = {}
    pts: dict[str, int] = {}
    statuses: dict[str, str] = {}
    for x in (a, b):
        w = wound(x.d, x.dmg, x.dead)
        if w.hale:
            defaults.append("A20")
        if w.category == "death" and x.dmg > DEATH_DAMAGE:
            defaults.append("A35")
        if w.status == INCAPACITATED and w.category != "heavy":
            defaults.append("A17")
        why.append(_wound_why(x, w))
        spend, overspent = _spend(x, options)
        if overspent:
            defaults.append("A13")
        if x.s0 <= 0 and (spend["attacks"] or ATTACK in x.order.stack):
            defaults.append("A10")  # charged when obtained; the other reading charges a declared one too
        if len(x.rolls) > 1:
            defaults.append("A11")
        traits = x.d.traits
        max_new = x.d.stamina_max - w.stamina_loss
        after = x.s0 - spend["total"] - w.stamina_loss
        per_item = 2 if "wiry" in traits else 1
        items = x.n[REST]
        gain = items * per_item
        if options.rest_cap:
            gain = max(0, min(gain, max_new - after))
        stamina = after + gain
        why.append(_stamina_line(x.id, x.s0, spend["total"], spend["rerolls"], spend["traits"], spend["attacks"],
                                 spend["feints"], w.stamina_loss, after, items, per_item, gain, stamina, max_new))
        if x.order.activate.killer_blow:
            defaults.append("A23")  # its 2 stamina are paid even if no attack lands
        raw[x.id], pts[x.id] = initiative_points(x, options)
        if x.st_bonus:
            defaults.append("A21")
        statuses[x.id] = w.status
        sides[x.id] = {
            "damage": x.dmg, "wound": w.category, "hale": w.hale,
            "tough": "tough" in traits and w.penalty_added > 0,
            "penalty_added": w.penalty_added, "wound_penalty": w.wound_penalty,
            "wound_stamina": w.stamina_loss,
            "spend": spend,
            "rest": {"items": items, "per_item": per_item, "gain": gain},
            "stamina": stamina, "stamina_max": max_new, "status": w.status,
            "hale_light_used": w.hale_light_used, "hale_heavy_used": w.hale_heavy_used,
            "initiative": {"raw": raw[x.id], "pts": pts[x.id], "bonus": x.st_bonus},
        }
    advantage, reason = next_advantage(state.advantage, (a.id, b.id), raw, pts)
    if raw[a.id] == raw[b.id] == 0 or _advantage_after(state.advantage, a.id, b.id, raw, raw) != advantage:
        defaults.append("A32")  # the "nobody obtained" test on raw counts; the comparison on doubled points
    why.append(reason)
    result = result_of(statuses)
    if result == "draw":
        defaults.append("A27")
        why.append("both duelists are out -> draw")
    elif result is not None:
        why.append(f"{state.other(result['winner'])} is {statuses[state.other(result['winner'])]} -> "
                   f"{result['winner']} wins")
    return _draft("duel.end_of_turn", _payload(
        why, "§4 Запас сил; §5 Инициатива; §6 Урон; §7 Черты; spec §5 Steps 8-10", defaults,
        turn=turn, sides=sides, advantage=advantage, advantage_reason=reason, result=result,
    ), turn, None, _last_seq(a, b), None, None)


@lru_cache(maxsize=4096, typed=True)
def _stamina_line(duelist: str, s0: int, total: int, rerolls: int, traits: int, attacks: int, feints: int, loss: int,
                  after: int, items: int, per_item: int, gain: int, stamina: int, max_new: int) -> str:
    """Step 9's line for one side (made once per distinct values: few recur through a duel)."""
    return (f"{duelist}: stamina {s0} - {total} (rerolls {rerolls}, traits {traits}, attacks {attacks}, "
            f"feints {feints}) - {loss} (wound) = {after}, rest {items}x{per_item} -> +{gain} = {stamina}/{max_new}")


def _wound_why(x: Side, w: Wound) -> str:
    text = f"{x.id}: damage {x.dmg} -> {w.category}"
    if w.hale == "scratch_ignored":
        text += " ignored (hale, first scratch)"
    elif w.hale == "heavy_as_scratch":
        text += " counted as a scratch (hale, first heavy wound)"
    if w.penalty_added:
        text += f", penalty {x.d.wound_penalty} + {w.penalty_added} = {w.wound_penalty}"
    if w.stamina_loss:
        text += f", stamina and max -{w.stamina_loss}"
    elif w.penalty_added and x.d.has("tough"):
        text += ", stamina kept (tough)"
    if w.status != ACTIVE:
        text += f" -> {w.status}"
        if w.wound_penalty >= PENALTY_LIMIT and w.category not in ("heavy", "death"):
            text += f" (penalty {w.wound_penalty} >= {PENALTY_LIMIT})"
    return text


def _spend(x: Side, options: DuelOptions) -> tuple[dict[str, int], bool]:
    """Step 9.1: rerolls + traits + obtained attacks and feints (§4 "реально полученные"), and whether the obtained
    attacks and feints overspend the budget of a successful roll (A13)."""
    attacks = x.n[ATTACK]
    if x.s0 <= 0 and options.low_stamina_attack_charge == "declared" and ATTACK in x.order.stack:
        attacks = max(attacks, 1)  # A10, the other reading: "заявляется та самая 1 атака"
    feints = x.n[FEINT]
    rerolls = sum(x.costs)
    traits = x.traits_cost
    total = rerolls + traits + attacks + feints
    # no attack or feint obtained overspends no budget (one is never negative): most turns of a defensive duel
    overspent = x.s0 > 0 and attacks + feints > 0 and attacks + feints > attacks_and_feints_on_success(
        x.order.stack, x.stake, x.order.activate.distance_control)
    return {"rerolls": rerolls, "traits": traits, "attacks": attacks, "feints": feints, "total": total}, overspent


def _finish_off(turn: int, inputs: Inputs, winner: str, loser: str) -> Draft:
    """CP-D4: the winner may finish off the incapacitated loser ("заколоть, как кабанчика")."""
    chosen = inputs.choice_event("finish_off", actor=winner, options=FINISH_OFF_VALUES)
    value = chosen.payload["value"]
    status = DEAD if value == "kill" else INCAPACITATED
    return Draft("duel.finish_off", _payload(
        [f"{winner} chooses to {value} {loser} -> {loser} {status}"], "§6 Урон; spec §5 Step 10 (CP-D4)", ["A27"],
        winner=winner, loser=loser, choice=value, status=status,
    ), turn, winner, chosen.seq)


# --- one line per event (explain, audit) ----------------------------------------------------------------------------

def describe(event: Event, lang: str) -> str:
    """What a resolution event is, in one line."""
    p = event.payload
    ru = lang == "ru"
    t = event.type
    if t == "duel.reveal":
        return f"ход {p.get('turn')}: вскрытие заявок" if ru else f"turn {p.get('turn')}: orders revealed"
    if t == "duel.strike":
        return (f"атака {p['attacker']} → {p['defender']}: урон {p['damage']}" if ru
                else f"strike {p['attacker']} -> {p['defender']}: {p['damage']} damage")
    if t == "duel.flip":
        state = ("бросок стал провалом" if ru else "roll now fails") if p.get("flipped") else (
            "бросок устоял" if ru else "roll holds")
        return f"{p['duelist']}: {state}"
    if t == "duel.counter":
        return (f"контр-атака {p['attacker']} → {p['defender']}: урон {p['damage']}" if ru
                else f"counter-attack {p['attacker']} -> {p['defender']}: {p['damage']} damage")
    if t == "duel.end_of_turn":
        return (f"конец хода {p.get('turn')}: преимущество {p.get('advantage') or 'ни у кого'}" if ru
                else f"end of turn {p.get('turn')}: advantage {p.get('advantage') or 'nobody'}")
    if t == "duel.finish_off":
        if ru:  # a construction that needs no case of the loser's name
            return f"{p['winner']} → {p['loser']}: " + ("добивание" if p["choice"] == "kill" else "пощада")
        return f"{p['winner']}: {p['choice']} {p['loser']}"
    if t == "duel.concede":
        return (f"{p['duelist']} сдаётся, победил {p['winner']}" if ru
                else f"{p['duelist']} concedes, {p['winner']} wins")
    return t

