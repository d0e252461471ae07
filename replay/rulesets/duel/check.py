"""Input legality: is this order, roll or choice allowed now? Every problem named with the rule it breaks.

`check_input` is the ruleset's check of one draft appended to the open turn; the rules themselves (what the inputs
resolve to) are in `resolve.py`.
"""

from __future__ import annotations

from typing import Any

from eventlog.envelope import Draft
from replay.context import Request, TurnInputs, run
from replay.rulesets.duel.model import (
    ACTIVE,
    ATTACK,
    CONCEDE_VALUES,
    COUNTER,
    DEFENSE,
    FEINT,
    FINISH_OFF_VALUES,
    ITEMS,
    MAX_OF_A_KIND,
    ORDER_FIELDS,
    STACK_SIZE,
    STAKES,
    VERDICT_VALUES,
    Duelist,
    DuelOptions,
    DuelState,
    Order,
    Result,
    read_order,
)
from replay.rulesets.duel.resolve import (
    attacks_and_feints_on_success,
    declared,
    reroll_costs,
    resolve,
    roll_stakes,
    stake_rank,
    trait_cost,
)
from replay.rulesets.duel.words import TRAIT_RU


def check_input(state: DuelState, turn: TurnInputs, draft: Draft, options: DuelOptions) -> list[str]:
    """Every problem with appending `draft` to the open turn, each naming its rule."""
    if state.over:
        return [f"§6: the duel is over ({_result_text(state.result)}); no more inputs"]
    if draft.type in ("order", "order.revealed"):
        payload = draft.payload.get("order", {}) if draft.type == "order.revealed" else draft.payload
        return _actor_problems(state, draft.actor) or _order_after_roll(turn, draft.actor) or check_order(
            state, draft.actor or "", payload, options)
    if draft.type == "order.sealed":
        return _actor_problems(state, draft.actor) or _order_after_roll(turn, draft.actor)
    if draft.type == "roll":
        return _actor_problems(state, draft.actor) or check_roll(state, turn, draft, options)
    if draft.type == "choice":
        return check_choice(state, turn, draft, options)
    return []


def _result_text(result: Result) -> str:
    return "draw" if result == "draw" else f"{result['winner']} won" if isinstance(result, dict) else "ongoing"


def _actor_problems(state: DuelState, actor: str | None) -> list[str]:
    if actor not in state.ids:
        return [f"duel: {actor!r} is not a duelist ({', '.join(state.ids)})"]
    d = state.duelist(actor)
    if d.status != ACTIVE:
        return [f"§6 Урон: {actor} is {d.status} and takes no part any more"]
    return []


def _order_after_roll(turn: TurnInputs, actor: str | None) -> list[str]:
    """Decided here: an order is fixed once its stake roll is made (the reroll budget depends on it)."""
    rolls = turn.rolls(actor, "stake")
    if rolls:
        return [f"§1 Заявка: {actor}'s order for turn {turn.turn} is fixed once rolled (roll seq {rolls[0].seq})"]
    return []


def check_order(state: DuelState, actor: str, payload: dict[str, Any], options: DuelOptions) -> list[str]:
    """§1 and §4: the stack, the stake, trait activations and the stamina budget at declaration."""
    problems: list[str] = []
    unknown = set(payload) - ORDER_FIELDS
    if unknown:
        problems.append(f"§1 Заявка: unknown field(s) {', '.join(sorted(unknown))}")
    stack = payload.get("stack")
    if not isinstance(stack, list):
        return problems + ["§1 Заявка: the order needs a stack of 6 items"]
    if len(stack) != STACK_SIZE:
        problems.append(f"§1 Заявка: a stack has 6 items, not {len(stack)}")
    for pos, item in enumerate(stack, 1):
        if item not in ITEMS:
            problems.append(f"§1 Заявка: position {pos}: unknown item {item!r} ({', '.join(ITEMS)})")
    for item in ITEMS:
        if stack.count(item) > MAX_OF_A_KIND:
            problems.append(f"§1 Заявка: {item} appears {stack.count(item)} times; at most 4 of a kind")
    stake = payload.get("stake") or "high"
    if stake not in STAKES:
        problems.append(f"§1 Ставка: stake {stake!r} is not low, high or all_in")
    act = payload.get("activate") or {}
    if isinstance(act, dict):
        problems += _activation_problems(state.duelist(actor), act)
    else:
        problems.append("§7 Черты: activate is a set of trait switches")
    try:
        order = read_order(payload)
    except ValueError as exc:  # the order schema's (pydantic's) ValidationError
        return problems or [f"§1 Заявка: {exc}"]
    # every problem at once: the stamina budget too, whenever the order reads (§4)
    return problems + _budget_problems(state.duelist(actor), order, options)


def _activation_problems(d: Duelist, act: dict[str, Any]) -> list[str]:
    problems = []
    unknown = set(act) - {"killer_blow", "distance_control", "sharp_tongue", "sharp_tongue_roleplay"}
    if unknown:
        problems.append(f"§7 Черты: unknown activation(s) {', '.join(sorted(unknown))}")
    for trait in ("killer_blow", "distance_control", "sharp_tongue"):
        if act.get(trait) and not d.has(trait):
            problems.append(f"§7 Черты: {d.id} lacks the trait {trait} ({TRAIT_RU[trait]})")
    if act.get("distance_control") not in (None, ATTACK, DEFENSE):
        problems.append(f"§7 Контроль дистанции: the extra item is attack or defense, not {act['distance_control']!r}")
    if act.get("sharp_tongue") and not str(act.get("sharp_tongue_roleplay") or "").strip():
        problems.append("§7 Острый язык: needs roleplay text (\"Нужен отыгрыш\")")
    return problems


def _budget_problems(d: Duelist, order: Order, options: DuelOptions) -> list[str]:
    """§4 Запас сил at declaration (S0 = stamina at the start of the turn, A9, A12) and at S0 <= 0 (A8)."""
    s0 = d.stamina
    stack = order.stack
    if s0 <= 0:
        problems = []
        attacks, counters = stack.count(ATTACK), stack.count(COUNTER)
        if options.low_stamina_limit == "combined" and attacks + counters > 1:
            problems.append(
                f"§4 Запас сил: at stamina {s0} a stack holds at most 1 attack or counter in total, "
                f"not {attacks + counters} (A8)"
            )
        if options.low_stamina_limit == "each" and (attacks > 1 or counters > 1):
            problems.append(
                f"§4 Запас сил: at stamina {s0} a stack holds at most 1 attack and 1 counter, "
                f"not {attacks} and {counters} (A8 each)"
            )
        if FEINT in stack:
            problems.append(f"§4 Запас сил: no feint at stamina {s0}")
        act = order.activate
        used = [t for t in ("killer_blow", "distance_control", "sharp_tongue") if getattr(act, t)]
        if used:
            problems.append(f"§4 Запас сил: no trait activation at stamina {s0} ({', '.join(used)})")
        return problems
    af = attacks_and_feints_on_success(stack, order.stake, order.activate.distance_control)
    t = trait_cost(order)
    if af + t > s0:
        return [f"§4 Запас сил: the order would cost {af}+{t}={af + t} > stamina {s0} "
                f"(attacks and feints on success {af}, traits {t})"]
    return []


def check_roll(state: DuelState, turn: TurnInputs, draft: Draft, options: DuelOptions) -> list[str]:
    """A stake roll: 1d100 in 1..100, after the order, its stake label and the reroll budget (§4)."""
    p = draft.payload
    actor = draft.actor or ""
    problems = []
    if p.get("purpose") != "stake":
        problems.append(f"§1 Ставка: the duel rolls only for the stake, not for {p.get('purpose')!r}")
    if str(p.get("dice", "")).lower() not in ("1d100", "d100"):
        problems.append(f"§1 Ставка: the stake roll is 1d100, not {p.get('dice')!r}")
    result = p.get("result")
    if result is not None and (not isinstance(result, list) or len(result) != 1):
        problems.append(f"§1 Ставка: a 1d100 roll has one die, not {result!r}")
    elif result is not None and not all(isinstance(v, int) and 1 <= v <= 100 for v in result):
        problems.append(f"§1 Ставка: a d100 result is 1..100, not {result[0]!r} (A1)")
    total = p.get("total")
    if total is not None and (not isinstance(total, int) or not 1 <= total <= 100):
        problems.append(f"§1 Ставка: a d100 total is 1..100, not {total!r} (A1)")
    elif total is not None and isinstance(result, list) and len(result) == 1 and result[0] != total:
        problems.append(f"§1 Ставка: total {total} differs from the die {result[0]}")
    if p.get("stake") is not None and p.get("stake") not in STAKES:
        problems.append(f"§1 Ставка: stake {p.get('stake')!r} is not low, high or all_in")
    if problems:
        return problems
    order_payload = turn.order(actor)
    if order_payload is None:
        return [f"§1 Заявка: {actor} has no order for turn {turn.turn} yet; the roll comes after the order"]
    previous = [e.payload for e in turn.rolls(actor, "stake")]
    order = declared(order_payload, previous + [p])
    stakes = roll_stakes(previous + [p], order.stake)
    return _reroll_problems(state.duelist(actor), order, stakes, options)


def _reroll_problems(d: Duelist, order: Order, stakes: list[str], options: DuelOptions) -> list[str]:
    """§4: the stake stays (Осторожный may lower it) and every reroll stays within the stamina."""
    new = stakes[-1]
    if len(stakes) == 1:
        if new != order.stake:
            return [f"§1 Ставка: the roll is labelled {new} but the order's stake is {order.stake}"]
        return []
    k = len(stakes) - 1
    prev = stakes[-2]
    if d.stamina <= 0:
        return [f"§4 Запас сил: no rerolls at stamina {d.stamina}"]
    if new != prev and not d.has("cautious"):
        return [f"§4 Запас сил: the stake cannot change between rerolls ({prev} -> {new}) without Осторожный"]
    if stake_rank(new) > stake_rank(prev):
        return [f"§7 Осторожный: a reroll may only lower the stake, not {prev} -> {new}"]
    af = attacks_and_feints_on_success(order.stack, new, order.activate.distance_control)
    t = trait_cost(order)
    r = sum(reroll_costs(stakes, options.reroll_cost))
    if af + t + r > d.stamina:
        parts = f"{af}+{t}+{r}" if t else f"{af}+{r}"
        return [f"§4 Запас сил: reroll {k} would cost {parts}={af + t + r} > stamina {d.stamina}"]
    return []


def check_choice(state: DuelState, turn: TurnInputs, draft: Draft, options: DuelOptions,
                 stop: Any = None) -> list[str]:
    """finish_off (the winner), sharp_tongue_verdict (the GM, A22), concede (an active duelist, A27).

    `stop`: where the turn's resolution stands, when the caller knows it (the core's point); else it is found."""
    name, value = draft.payload.get("name"), draft.payload.get("value")
    if name == "sharp_tongue_verdict":
        if value not in VERDICT_VALUES:
            return [f"§7 Острый язык: the verdict is accept or reject, not {value!r} (A22)"]
        if draft.actor in state.ids:
            return [f"§7 Острый язык: the GM judges the roleplay, not {draft.actor} (A22)"]
        target = draft.payload.get("duelist")
        order = turn.order(target) if target in state.ids else None
        if order is None or not (order.get("activate") or {}).get("sharp_tongue"):
            return [f"§7 Острый язык: {target!r} activated no Sharp Tongue in turn {turn.turn}"]
        return []
    if name == "concede":
        if value not in CONCEDE_VALUES:
            return [f"§6: a concession has value 'concede', not {value!r} (A27)"]
        return _actor_problems(state, draft.actor)
    if name == "finish_off":
        if value not in FINISH_OFF_VALUES:
            return [f"§6 Урон: finish_off is kill or spare, not {value!r}"]
        if draft.actor not in state.ids:
            return [f"§6 Урон: {draft.actor!r} is not a duelist"]
        if turn.choices(draft.actor, "finish_off"):
            return [f"§6 Урон: {draft.actor} already chose for turn {turn.turn}"]
        if stop is not None:
            return finish_off_problems(stop.requests, stop.drafts, turn.turn, draft)
        return _finish_off_due(state, turn, draft, options)
    return [f"duel: unknown choice {name!r} (finish_off, sharp_tongue_verdict, concede)"]


def _finish_off_due(state: DuelState, turn: TurnInputs, draft: Draft, options: DuelOptions) -> list[str]:
    """Where the turn's resolution stands (the core's `run`): the choice must be the one the rules ask for."""
    from replay.rulesets.duel.evolve import evolve

    stop = run(resolve, evolve, state, turn.turn, turn, options)
    return finish_off_problems(stop.requests, stop.drafts, turn.turn, draft)


def finish_off_problems(requests: tuple[Request, ...], drafts: tuple[Draft, ...], turn: int,
                        draft: Draft) -> list[str]:
    """A finish-off choice where resolution stands: asked of the winner, or not yet due (taken for later)."""
    asked = next((r for r in requests if r.kind == "choice" and r.name == "finish_off"), None)
    if asked is not None:
        return [] if asked.actor == draft.actor else [f"§6 Урон: only the winner ({asked.actor}) may finish off"]
    if requests:
        return []  # the turn is not resolved that far yet: nothing to compare with
    done = [d for d in drafts if d.type == "duel.finish_off"]
    if done:
        return [f"§6 Урон: the finish-off of turn {turn} is already chosen"]
    return [f"§6 Урон: nobody is to be finished off in turn {turn}"]
