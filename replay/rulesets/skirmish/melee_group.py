"""Several fighters in one melee (spec 4.4, PROPOSED generalisation; A-09): the rules of a melee group as pure
functions; `group.py` plays them in the battle's round, where a fighter who comes within reach of an enemy already in
melee joins that melee (L102 «Схватка начинается автоматически, когда один из противников подходит на дистанцию
поражения оружия ближнего боя»; `battle_round.join`), however many it already holds.

An attack is `{"actor", "target", "dice": {"reflex", "skill"}}`; a defence is `{"actor", "answers", "dice"}` where
`answers` is the attacker whose attack it opposes (each defence names the attack it answers, 4.4)."""

from __future__ import annotations

from typing import Any

from replay.rulesets.skirmish import initiative


def attack_problems(sides: dict[str, str], attack: dict[str, Any]) -> list[str]:
    """4.4: an attack names its target, an enemy in the same melee."""
    actor, target = str(attack.get("actor")), attack.get("target")
    if target not in sides:
        return [f"4.4: {actor}'s attack names no target in this melee (one of "
                f"{', '.join(i for i in sides if sides[i] != sides.get(actor))})"]
    if sides[str(target)] == sides.get(actor):
        return [f"4.4: {actor} attacks {target}, who is on the same side"]
    return []


def defence_problems(attacks: list[dict[str, Any]], defences: list[dict[str, Any]], defender: str,
                     avail: tuple[int, int]) -> list[str]:
    """4.4, A-09: the defender answers attacks aimed at them, one defence per incoming attack, and the dice of all
    their defences together come out of one pool (avail_R, avail_S): the pool is split among the attackers."""
    aimed = {str(a["actor"]) for a in attacks if a.get("target") == defender}
    mine = [d for d in defences if d.get("actor") == defender]
    out = []
    if any(a.get("actor") == defender for a in attacks):
        out.append(f"A-09: {defender} attacked this exchange: no defence as well (one action per exchange)")
    seen: set[str] = set()
    for d in mine:
        who = str(d.get("answers"))
        if who not in aimed:
            out.append(f"4.4: {defender}'s defence answers {who}, whose attack is not aimed at {defender}")
        elif who in seen:
            out.append(f"A-09: {defender} answers {who}'s attack twice (one defence per incoming attack)")
        seen.add(who)
    r = sum(int(d.get("dice", {}).get("reflex", 0)) for d in mine)
    s = sum(int(d.get("dice", {}).get("skill", 0)) for d in mine)
    if r > avail[0] or s > avail[1]:
        out.append(f"4.4: {defender}'s defences together ask R{r} S{s}, the pool has R{avail[0]} S{avail[1]} "
                   "(one pool split among the defences)")
    return out


def attack_pairs(init: dict[str, int], attacks: list[dict[str, Any]],
                 defences: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """4.4: resolution in descending initiative, attack by attack: each attack with the defence answering it (None
    when its target did not defend it)."""
    _, _, order = initiative.melee_declaration_order(init)
    out = []
    for fid in order:
        for a in (a for a in attacks if a.get("actor") == fid):
            d = next((d for d in defences if d.get("actor") == a.get("target") and d.get("answers") == fid), None)
            out.append((a, d))
    return out
