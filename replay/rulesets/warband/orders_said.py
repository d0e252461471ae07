"""A side's order in full sentences, in the rulebook's words (§4.1 the stages of a turn, §4.2 movement, §4.3
shooting, magic and siege guns, §4.4 melee, §3 deployment): who goes where, whom they shoot or cast at, which gun
aims where, who charges whom. A warrior is named by its name, or by its creature type and id ("рыцарь a1")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.render.text import tr
from replay.rulesets.warband import data
from replay.rulesets.warband.words import item, spell

STAGE_SAID = {"deployment": ("расстановку", "deployment"), "movement": ("стадию движения", "movement stage"),
              "ranged": ("дальнюю стадию", "ranged stage"), "melee": ("стадию ближнего боя", "melee stage")}
DISMOUNT = {"tie": ("спешивается и привязывает скакуна", "dismounts and ties the mount"),
            "loose": ("спешивается и отпускает скакуна", "dismounts and lets the mount loose")}


def cm(value: Any) -> str:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    return f"{number:g}"


def point(p: Any) -> str:
    """ "(20, 8)" from [x, y] or {"x", "y"}."""
    if isinstance(p, Mapping):
        return f"({cm(p.get('x'))}, {cm(p.get('y'))})"
    if isinstance(p, list | tuple) and len(p) >= 2:
        return f"({cm(p[0])}, {cm(p[1])})"
    return str(p)


def path(points: Any) -> str:
    return " → ".join(point(p) for p in points or [])


def warrior(wid: Any, lang: str, state: Any) -> str:
    """A warrior's name, or its creature type and id ("рыцарь a1" / "knight a1")."""
    found = state.warrior(str(wid)) if state is not None and state.has(str(wid)) else None
    if found is None:
        return tr(lang, f"воин {wid}", f"warrior {wid}")
    if found.name and found.name != found.id:
        return str(found.name)
    kind = data.creature(found.type).get("name_ru", found.type) if lang == "ru" else found.type
    return f"{kind} {wid}"


def gun(gid: Any, lang: str) -> str:
    return tr(lang, f"орудие {gid}", f"gun {gid}")


def side(actor: Any, state: Any) -> str:
    """The side's name ("Серые (A)"), or its id without a state."""
    if state is not None:
        try:
            return f"{state.side(str(actor)).name} ({actor})"
        except (KeyError, StopIteration):
            pass
    return str(actor)


def facing(value: Any, lang: str) -> str:
    return tr(lang, f", лицом на {cm(value)}°", f", facing {cm(value)}°") if value is not None else ""


def move_said(mv: Mapping[str, Any], lang: str, state: Any) -> str:
    who = warrior(mv.get("w"), lang, state)
    parts = []
    if mv.get("roll"):
        parts.append(tr(lang, "бросает кубик на движение", "rolls for its move"))
    if mv.get("swap"):
        swap = str(mv["swap"])
        parts.append(tr(lang, f"берёт в руки {item(swap, 'ru')}", f"swaps to its {item(swap, 'en')}"))
    if mv.get("untie"):
        parts.append(tr(lang, f"отвязывает скакуна {mv['untie']}", f"unties the mount {mv['untie']}"))
    if mv.get("dismount") in DISMOUNT:
        parts.append(tr(lang, f"{DISMOUNT[mv['dismount']][0]} в точке {point(mv.get('mount_at'))}",
                        f"{DISMOUNT[mv['dismount']][1]} at {point(mv.get('mount_at'))}"))
    if mv.get("jump"):
        parts.append(tr(lang, f"прыгает в {point(mv['jump'])}", f"jumps to {point(mv['jump'])}"))
    if mv.get("path"):
        parts.append(tr(lang, f"идёт по пути {path(mv['path'])}", f"moves along {path(mv['path'])}"))
    if mv.get("remount"):
        parts.append(tr(lang, f"садится на скакуна {mv['remount']}", f"remounts {mv['remount']}"))
    said = ", ".join(parts) or tr(lang, "стоит на месте", "stays put")
    return f"{who} {said}{facing(mv.get('facing'), lang)}."


def ranged_said(order: Mapping[str, Any], lang: str, state: Any) -> list[str]:
    """Shots, spells, guns turned and fired, guns sabotaged and captured, warriors inspected (§4.3)."""
    def who(wid: Any) -> str:
        return warrior(wid, lang, state)

    out = []
    for shot in order.get("shots") or []:
        out.append(tr(lang, f"{who(shot.get('w'))} стреляет; цель — {who(shot.get('target'))}.",
                      f"{who(shot.get('w'))} shoots at {who(shot.get('target'))}."))
    for cast in order.get("casts") or []:
        name = str(cast.get("spell"))
        out.append(tr(lang, f"{who(cast.get('w'))} творит заклинание «{spell(name, 'ru')}»; "
                            f"цель — {who(cast.get('target'))}.",
                      f"{who(cast.get('w'))} casts “{name}” on {who(cast.get('target'))}."))
    for rotation in order.get("rotations") or []:
        turned = gun(rotation.get("g"), lang).capitalize()
        out.append(tr(lang, f"{turned} разворачивают на {cm(rotation.get('facing'))}°.",
                      f"{turned} is turned to {cm(rotation.get('facing'))}°."))
    for fire in order.get("guns") or []:
        fired = gun(fire.get("g"), lang).capitalize()
        out.append(tr(lang, f"{fired} стреляет; цель — {who(fire.get('aim'))}.",
                      f"{fired} fires at {who(fire.get('aim'))}."))
    for act in order.get("sabotage") or []:
        out.append(tr(lang, f"{who(act.get('w'))} портит {gun(act.get('g'), lang)}.",
                      f"{who(act.get('w'))} sabotages {gun(act.get('g'), lang)}."))
    for act in order.get("captures") or []:
        out.append(tr(lang, f"{who(act.get('w'))} захватывает {gun(act.get('g'), lang)}.",
                      f"{who(act.get('w'))} captures {gun(act.get('g'), lang)}."))
    for act in order.get("inspects") or []:
        out.append(tr(lang, f"{who(act.get('w'))} осматривает {who(act.get('target'))}.",
                      f"{who(act.get('w'))} inspects {who(act.get('target'))}."))
    return out


def fight_said(fight: Mapping[str, Any], lang: str, state: Any) -> str:
    """ "Бой: рыцарь a2 делает рывок на пехотинца b1 по пути (30, 33); атакуют: …; цели: …."."""
    parts = []
    for charge in fight.get("charges") or []:
        runner, target = warrior(charge.get("w"), lang, state), warrior(charge.get("target"), lang, state)
        parts.append(tr(lang, f"{runner} делает рывок по пути {path(charge.get('path'))}, цель — {target}",
                        f"{runner} charges along {path(charge.get('path'))} at {target}"))
    attackers = [warrior(w, lang, state) for w in fight.get("attackers") or []]
    if attackers:
        parts.append(tr(lang, "атакуют ", "attacking: ") + ", ".join(attackers))
    targets = [warrior(w, lang, state) for w in fight.get("targets") or []]
    if targets:
        parts.append(tr(lang, "цели боя — ", "targets: ") + ", ".join(targets))
    return tr(lang, "Бой: ", "Fight: ") + "; ".join(parts) + "."


def say(order: Mapping[str, Any], actor: Any, lang: str, state: Any = None) -> str:
    """A warband order in full sentences."""
    stage = str(order.get("stage", ""))
    who = side(actor, state)
    out: list[str] = []
    for placed in order.get("place") or []:
        what = warrior(placed.get("w"), lang, state) if placed.get("g") is None else gun(placed.get("g"), lang)
        out.append(tr(lang, f"Расстановка: {what} — в {point(placed)}{facing(placed.get('facing'), lang)}.",
                      f"{what} is deployed at {point(placed)}{facing(placed.get('facing'), lang)}."))
    for mv in order.get("moves") or []:
        out.append(move_said(mv, lang, state))
    for gm in order.get("gun_moves") or []:
        out.append(tr(lang, f"{gun(gm.get('g'), lang).capitalize()} перекатывают в {point(gm)}.",
                      f"{gun(gm.get('g'), lang).capitalize()} is rolled to {point(gm)}."))
    for talk in order.get("talks") or []:
        how = ("шепчет", "whispers to") if talk.get("mode") == "whisper" else ("говорит", "talks to")
        speaker, listener = warrior(talk.get("speaker"), lang, state), warrior(talk.get("listener"), lang, state)
        out.append(tr(lang, f"{speaker} {how[0]} {talk.get('seconds')} с; слушает {listener}.",
                      f"{speaker} {how[1]} {listener} for {talk.get('seconds')} s."))
    out += ranged_said(order, lang, state)
    out += [fight_said(fight, lang, state) for fight in order.get("fights") or []]
    if not out:
        pair = STAGE_SAID.get(stage, (stage, stage))
        return tr(lang, f"Сторона {who} пропускает {pair[0]}: приказов нет.",
                  f"{who} passes the {pair[1]}: no orders.")
    return " ".join(sentence[:1].upper() + sentence[1:] for sentence in out)
