"""Unexpected and hidden attacks (spec 5.7, 5.3 steps 4–5; SOURCE L38–48; A-60, A-61; CP-43).

The GM says whether an attack is unexpected (the victim sees the attacker but does not expect it), unexpected by
someone the victim trusts, or hidden (the victim does not see the attacker): a GM choice `surprise` keyed by the
exchange and the attacker, default "none" (a normal attack), recorded before the victim's defence.

- Unexpected (L40): the only defences are a block (M34–M36), the simple parry (M39) or an evasion (M45–M48) (A-60),
  paid with reflex points only; a trusted attacker adds +1 to the defence's difficulty. Initiative stays with the
  attacker whatever the defence did, to the end of the next round (L42, 5.3 step 4).
- Hidden (L46–48), "a kind of unexpected attack": the victim first rolls Empathy at %6 (free) and needs one success
  to defend at all (then as against an unexpected attack); without it the attack is unopposed and the shield's passive
  cover does not work, armour always does (A-61). The round after a successful hidden attack starts with initiative
  rolls: general initiative (4.1) is part 2, so for two fighters in melee it is the combat-initiative roll.
"""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import dice
from replay.rulesets.skirmish.model import Fight, SkirmishOptions

KINDS = ("none", "unexpected", "trusted", "hidden")
"""The GM's answer (CP-43): a normal attack, unexpected, unexpected by a trusted attacker, hidden."""
DEFENCES = frozenset({"weapon_block", "limb_block", "shield_block", "parry", "retreat", "arrow_evasion", "sidestep",
                      "slip"})
"""A-60: any block (M34–M36), the simple parry (M39), any evasion (M45–M48)."""
WHY = {"unexpected": "the GM rules the attack unexpected: only a block, the simple parry or an evasion, reflex "
                     "points only; initiative stays with the attacker (CP-43, 5.7, L40-42, A-60)",
       "trusted": "the GM rules the attack unexpected, by someone the victim trusts: only a block, the simple parry "
                  "or an evasion, reflex points only, +1 difficulty; initiative stays with the attacker (CP-43, 5.7, "
                  "L40-42, A-60)",
       "hidden": "the GM rules the attack hidden: the victim needs 1 success on Empathy %6 to defend at all "
                 "(CP-43, 5.7, L44-48)"}


def ask(ctx: Any, attacker: str, x: int) -> str:
    """CP-43: the GM's word on this attack; "none" applies by itself when the GM says nothing."""
    value, _ = ctx.ask("surprise", actor=None, options=list(KINDS), default="none", applies=True,
                       what=f"is {attacker}'s attack unexpected, by a trusted attacker, or hidden? (CP-43, 5.7)",
                       exchange=x, attacker=attacker)
    return str(value)


def of(state: Fight, defender: str) -> str | None:
    """The surprise of the attack `defender` answers this exchange (None: a normal attack)."""
    from replay.rulesets.skirmish.costs import incoming

    att = incoming(state, defender)
    kind = att.priced.get("surprise") if att is not None else None
    return str(kind) if kind else None


def problems(state: Fight, defender: str, order: dict[str, Any], priced: dict[str, Any], *,
             payment: bool = False) -> list[str]:
    """The defence against an unexpected (or sensed hidden) attack: a block, the simple parry or an evasion
    (4.7 check 5), paid from reflex only (check 9, `payment`) (L40, A-60)."""
    kind = of(state, defender)
    if kind is None:
        return []
    out = []
    m = order["maneuver"]
    if m not in DEFENCES and not payment:
        out.append(f"restricted_by_opponent (5.7, L40, A-60): against an unexpected attack only a block (M34–M36), "
                   f"the simple parry (M39) or an evasion (M45–M48), not {m}")
    if priced.get("paid_S"):
        out.append(f"reflex_only (5.7, L40): against an unexpected attack the defence is paid with reflex points "
                   f"only (this one takes {priced['paid_S']} skill points)")
    return out


def difficulty_bump(state: Fight, defender: str) -> int:
    """L40: +1 to the defence against a trusted attacker."""
    return 1 if of(state, defender) == "trusted" else 0


def empathy_asks(state: Fight, ids: list[str], x: int, options: SkirmishOptions) -> list[tuple[Any, ...]]:
    return [(f"{max(1, state.fighter(fid).char('empathy'))}d{options.pool_die_sides}", fid, "empathy",
             {"exchange": x}, f"Empathy check of {fid} against a hidden attack (free, %6, needs 1 success; 5.7)")
            for fid in ids]


def empathy(roll: Any, options: SkirmishOptions) -> dict[str, Any]:
    counted = dice.count(roll.payload["result"], 6, ones_cancel=options.ones_cancel_successes)
    return {"faces": list(counted.faces), "difficulty": 6, "hits": counted.hits, "ones": counted.ones,
            "net": counted.net, "sensed": counted.net >= 1}


def empathy_why(fid: str, e: dict[str, Any]) -> str:
    return (f"{fid} Empathy {len(e['faces'])}d %6 {e['faces']} → {e['hits']} − {e['ones']} = {e['net']} → "
            + ("senses the hidden attack and may defend (5.7, L46)" if e["sensed"] else
               "does not sense the hidden attack: it is unopposed (5.7, L48)"))


def unsensed(state: Fight, target: str) -> bool:
    """A-61: a hidden attack the victim did not sense: no passive shield cover (armour always counts)."""
    return any(d.actor == target and d.step == "defence" and (d.priced.get("empathy") or {}).get("sensed") is False
               for d in state.declared)


def locks(state: Fight, outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """5.3 steps 4–5 after this exchange: an unexpected attack locks initiative with its attacker to the end of the
    next round; a successful hidden attack makes the next round start with an initiative roll."""
    from replay.rulesets.skirmish.resolve import succeeded

    out = []
    for d in state.declared:
        kind = d.priced.get("surprise") if d.step == "attack" else None
        if not kind:
            continue
        if kind == "hidden" and succeeded(d, outcomes):
            out.append({"fighter": d.actor, "kind": "initiative_roll", "start": [state.round + 1, 1],
                        "until": [state.round + 1, 1], "why": f"{d.actor}'s hidden attack succeeded: the next round "
                        "starts with initiative rolls (L48, 5.3 step 5; general initiative is part 2, so combat "
                        "initiative is rolled)"})
        else:
            out.append({"fighter": d.actor, "kind": "initiative_lock", "start": [state.round, state.exchange],
                        "until": [state.round + 1, 2], "why": f"{d.actor}'s attack was unexpected: initiative stays "
                        "with the attacker in the next round, whatever the defence did (L42, 5.3 step 4)"})
    return out

