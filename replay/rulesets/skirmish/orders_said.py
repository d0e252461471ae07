"""A fighter's order in full sentences, in the rulebook's words: an intent (4.1), an act on the field (moving at a
gait, drawing, readying and aiming a missile weapon, forming up: 5.6, 5.7, 5.12), and a declaration of the battle
(4.4–4.7, 5.4): the maneuver, the blow, the target and the zone, the reflex and skill points put in, the buys.
Fighters are named by name ("Ратибор"), declined where the sentence needs a case and the name allows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.render import ru
from replay.render.text import plural, tr
from replay.rulesets.skirmish import words

BLOW = {"chop": ("рубящий удар", "a chop"), "cut": ("секущий удар", "a slash"), "slash": ("секущий удар", "a slash"),
        "thrust": ("колющий удар", "a thrust"), "crush": ("дробящий удар", "a crushing blow")}
ZONE_ACCS = {"head": "голову", "upper_torso": "верхний корпус", "lower_torso": "нижний корпус",
             "left_arm": "левую руку", "right_arm": "правую руку", "left_leg": "левую ногу", "right_leg": "правую ногу",
             "torso": "корпус", "arm": "руку", "leg": "ногу", "legs": "ноги", "main_arm": "ведущую руку",
             "off_arm": "вторую руку"}
"""A hit zone after «в» (the rulebook's «атака в голову»)."""
GAIT = {"walk": ("шагом", "at a walk"), "quiet_walk": ("тихим шагом", "at a quiet walk"),
        "crawl": ("ползком", "crawling"), "jog": ("трусцой", "at a jog"), "sprint": ("бегом", "at a sprint")}
FACING = {"N": ("север", "north"), "NE": ("северо-восток", "north-east"), "E": ("восток", "east"),
          "SE": ("юго-восток", "south-east"), "S": ("юг", "south"), "SW": ("юго-запад", "south-west"),
          "W": ("запад", "west"), "NW": ("северо-запад", "north-west")}
INTENT = {"attack": ("атака", "attack"), "defend": ("защита", "defence"), "other": ("иное действие", "something else")}
BUY = {"danger": ("опасность", "danger"), "penetration": ("пробивание", "penetration"), "shock": ("шок", "shock"),
       "bleeding": ("кровотечение", "bleeding")}
STEP = {"attack": ("шаг атаки", "attack step"), "defence": ("шаг защиты", "defence step"),
        "after_feint": ("защита заново после финта", "defence again after a feint")}
LIMB = {"arm": ("рукой", "with an arm"), "leg": ("ногой", "with a leg")}
VARIANT = {"carotid": ("на сонную артерию", "on the carotid"), "lethal": ("насмерть", "to kill")}
ACT = {"wait": ("ждёт", "waits"), "flee": ("покидает поле боя", "leaves the field"),
       "break_formation": ("распускает строй", "breaks up the formation"),
       "group_combat": ("вступает в групповой бой", "joins the group combat"),
       "mounted": ("действует верхом", "acts mounted")}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "ru" else pair[1]


def fighter(fid: Any, lang: str, state: Any) -> str:
    """A fighter's name in `lang` (the id without a state, or when the state does not know him)."""
    try:
        found = state.fighter(str(fid)) if state is not None else None
    except StopIteration:
        found = None
    if found is None:
        return str(fid)
    return str(found.name.get(lang) or found.name.get("ru") or fid)


def against(fid: Any, lang: str, state: Any) -> str:
    """ "против Всеслава" (or "против противника: Vse" where the name cannot be declined) / "against Vseslav"."""
    name = fighter(fid, lang, state)
    if lang != "ru":
        return f"against {name}"
    declined = ru.decline(name, "gent")
    return f"против {declined}" if declined is not None else f"против противника по имени {name}"


def points(dice: Mapping[str, Any], lang: str) -> str:
    """ "1 очко рефлекса и 3 очка навыка" / "1 reflex point and 3 skill points"."""
    r, s = int(dice.get("reflex", 0) or 0), int(dice.get("skill", 0) or 0)
    forms = ("очко", "очка", "очков")
    return tr(lang, f"{r} {plural(r, forms)} рефлекса и {s} {plural(s, forms)} навыка",
              f"{r} reflex point{'s' * (r != 1)} and {s} skill point{'s' * (s != 1)}")


def buy(said: str, lang: str) -> str:
    """A declared purchase ("precise:chest_left", "danger:1", "ignore_armour:all", "zone:head") in words."""
    kind, _, value = said.partition(":")
    if kind == "precise":
        return tr(lang, f"точная зона «{words.zone_name(value, 'ru')}»",
                  f"the precise zone {words.zone_name(value, 'en')}")
    if kind == "zone":
        return tr(lang, f"зона «{words.zone_name(value, 'ru')}»", f"the zone {words.zone_name(value, 'en')}")
    if kind == "ignore_armour":
        return tr(lang, "игнор брони" + ("" if value == "all" else f" {value}"),
                  "ignore armour" + ("" if value == "all" else f" {value}"))
    if kind in BUY:
        return f"{_pick(BUY[kind], lang)} +{value}"
    return said.replace("_", " ").replace(":", " ")


def item(code: Any, lang: str, case: str = "nomn") -> str:
    """A weapon by its name, in a Russian case where the sentence needs one ("выхватывает саблю")."""
    if lang == "ru" and case != "nomn":
        return words.item_in(str(code), case).replace("_", " ")
    return words.item_name(str(code), lang).replace("_", " ")


def blow(order: Mapping[str, Any], lang: str, state: Any) -> list[str]:
    """The parts of a declaration after its maneuver: blow, target, zone, grip and the rest."""
    parts = []
    if order.get("attack_type") in BLOW:
        parts.append(_pick(BLOW[order["attack_type"]], lang))
    if order.get("hilt"):
        parts.append(tr(lang, "рукоятью", "with the hilt"))
    if order.get("target"):
        parts.append(against(order["target"], lang, state))
    if order.get("zone"):
        zone = str(order["zone"])
        parts.append(tr(lang, f"в {ZONE_ACCS.get(zone, words.zone_name(zone, 'ru'))}",
                        f"at the {words.zone_name(zone, 'en')}".replace("_", " ")))
    if order.get("zones"):
        zones = [str(z) for z in order["zones"]]
        parts.append(tr(lang, "в " + " и ".join(ZONE_ACCS.get(z, z) for z in zones),
                        "at the " + " and ".join(z.replace("_", " ") for z in zones)))
    if order.get("precise"):
        parts.append(tr(lang, f"точно в зону «{words.zone_name(str(order['precise']), 'ru')}»",
                        f"precisely at the {words.zone_name(str(order['precise']), 'en')}"))
    if order.get("grip"):
        parts.append(tr(lang, f"хват: {words.grip_name(str(order['grip']), 'ru')}",
                        f"grip: {words.grip_name(str(order['grip']), 'en')}"))
    if order.get("limb") in LIMB:
        parts.append(_pick(LIMB[order["limb"]], lang))
    if order.get("limbs"):
        n = int(order["limbs"])
        parts.append(tr(lang, f"{n} {plural(n, ('конечностью', 'конечностями', 'конечностями'))}",
                        f"with {n} limb{'s' * (n != 1)}"))
    if order.get("variant") in VARIANT:
        parts.append(_pick(VARIANT[order["variant"]], lang))
    if order.get("weapon") == "shield":
        parts.append(tr(lang, "щитом", "with the shield"))
    elif order.get("weapon"):
        parts.append(tr(lang, f"оружие: {item(order['weapon'], 'ru')}", f"with the {item(order['weapon'], 'en')}"))
    if order.get("run"):
        parts.append(tr(lang, f"с разбега ({_pick(GAIT.get(str(order['run']), (str(order['run']),) * 2), 'ru')})",
                        f"on the run ({_pick(GAIT.get(str(order['run']), (str(order['run']),) * 2), 'en')})"))
    if order.get("with_defence"):
        parts.append(tr(lang, "с защитой", "with defence"))
    if order.get("intercept"):
        parts.append(tr(lang, f"перехват {order['intercept']}", f"intercept {order['intercept']}"))
    if order.get("masters"):
        n = int(order["masters"])
        parts.append(tr(lang, f"{n} {plural(n, ('мастерский успех', 'мастерских успеха', 'мастерских успехов'))}",
                        f"{n} master success{'es' * (n != 1)}"))
    return parts


def extras(order: Mapping[str, Any], lang: str) -> list[str]:
    """What a declaration does besides its maneuver: draw, drop, free a caught weapon, stand up, break, assess."""
    out = []
    if order.get("draw"):
        out.append(tr(lang, f"выхватывает {item(order['draw'], 'ru', 'accs')}",
                      f"draws the {item(order['draw'], 'en')}"))
    if order.get("drop"):
        out.append(tr(lang, f"бросает {item(order['drop'], 'ru', 'accs')}",
                      f"drops the {item(order['drop'], 'en')}"))
    if order.get("free"):
        out.append(tr(lang, f"высвобождает {item(order['free'], 'ru', 'accs')}",
                      f"frees the {item(order['free'], 'en')}"))
    if order.get("stand_up"):
        out.append(tr(lang, "встаёт", "stands up"))
    if order.get("break"):
        out.append(tr(lang, "ломает захваченный клинок", "breaks the caught blade"))
    if order.get("check"):
        n = int(order["check"])
        what = order.get("for")
        about = tr(lang, f" (для маневра «{words.maneuver_inline(str(what), 'ru')}»)",
                   f" (for “{words.maneuver_inline(str(what), 'en')}”)") if what and what != "any" else ""
        out.append(tr(lang, f"проверяет {n} {plural(n, ('кубиком', 'кубиками', 'кубиками'))}{about}",
                      f"checks with {n} dice{about}"))
    return out


def declaration(order: Mapping[str, Any], who: str, lang: str, state: Any) -> str:
    """ "В обмене 1 Ратибор в шаге атаки: «Батман», дробящий удар, против Всеслава в правую руку; 1 очко рефлекса…"."""
    step = str(order.get("step", "attack"))
    x = order.get("exchange")
    said_step = _pick(STEP.get(step, (step, step.replace("_", " "))), lang)
    head = tr(lang, f"В обмене {x} {who}, {said_step}: ", f"Exchange {x}, {who}, {said_step}: ")
    maneuver = str(order.get("maneuver", "pass"))
    answers = [against(order["answers"], lang, state)] if order.get("answers") and step == "defence" else []
    if maneuver == "pass":  # 4.4: in a melee of several fighters a defence names the attack it answers
        text = head + tr(lang, "пас", "pass") + "".join(f", {a}" for a in answers)
        more = extras(order, lang)
        return text + ("; " + ", ".join(more) if more else "") + "."
    said = [tr(lang, f"«{words.maneuver_inline(maneuver, 'ru')}»", f"“{words.maneuver_inline(maneuver, 'en')}”")]
    if maneuver == "protect_ally" and order.get("as"):  # M37 (L542): the Knock-aside or Block it is
        said.append(tr(lang, f"как «{words.maneuver_inline(str(order['as']), 'ru')}»",
                       f"as a “{words.maneuver_inline(str(order['as']), 'en')}”"))
    said += blow(order, lang, state) + answers
    text = head + ", ".join(said)
    if isinstance(order.get("dice"), Mapping):
        text += "; " + points(order["dice"], lang)
    if order.get("buys"):
        text += tr(lang, "; покупки: ", "; buys: ") + ", ".join(buy(str(b), lang) for b in order["buys"])
    second = order.get("second")
    if isinstance(second, Mapping):
        other = [tr(lang, f"«{words.maneuver_inline(str(second['maneuver']), 'ru')}»",
                    f"“{words.maneuver_inline(str(second['maneuver']), 'en')}”")] if second.get("maneuver") else []
        other += blow(second, lang, state)
        if isinstance(second.get("dice"), Mapping):
            other.append(points(second["dice"], lang))
        text += tr(lang, "; вторым оружием: ", "; with the other weapon: ") + ", ".join(other)
    more = extras(order, lang)
    return text + ("; " + ", ".join(more) if more else "") + "."


def field_act(order: Mapping[str, Any], who: str, lang: str, state: Any) -> str:
    """ "В обмене 1 Ратибор идёт шагом: (7, 2) → (6, 2), лицом на запад."."""
    act = str(order.get("act"))
    head = tr(lang, f"В обмене {order.get('exchange')} {who} ", f"Exchange {order.get('exchange')}: {who} ")
    speedup = int(order.get("speedup") or 0)
    hurry = tr(lang, f", ускоряясь ({speedup} {plural(speedup, ('кубик', 'кубика', 'кубиков'))})",
               f", hurrying ({speedup} dice)") if speedup else ""
    if act == "move":
        cells = " → ".join(f"({c[0]}, {c[1]})" for c in order.get("path") or [])
        gait = _pick(GAIT.get(str(order.get("gait")), (str(order.get("gait")),) * 2), lang)
        text = head + tr(lang, f"перемещается {gait}: {cells}", f"moves {gait}: {cells}")
        if order.get("facing") in FACING:
            text += tr(lang, f", лицом на {FACING[order['facing']][0]}", f", facing {FACING[order['facing']][1]}")
        return text + "."
    if act == "draw":
        return head + tr(lang, "достаёт оружие", "draws a weapon") + hurry + "."
    if act in ("prepare", "aim", "shoot"):
        shot = order.get("shoot") if isinstance(order.get("shoot"), Mapping) else {}
        verb = {"prepare": ("готовит выстрел", "readies a shot"), "aim": ("целится", "aims"),
                "shoot": ("стреляет", "shoots")}[act]
        text = head + _pick(verb, lang) + hurry
        if shot.get("target"):
            text += tr(lang, f", цель — {fighter(shot['target'], 'ru', state)}",
                       f" at {fighter(shot['target'], 'en', state)}")
        if isinstance(shot.get("dice"), Mapping):
            text += "; " + points(shot["dice"], lang)
        if shot.get("buys"):
            text += tr(lang, "; покупки: ", "; buys: ") + ", ".join(buy(str(b), lang) for b in shot["buys"])
        return text + "."
    if act == "form":
        members = [fighter(m, lang, state) for m in order.get("members") or []]
        pairs = [" и ".join(fighter(m, lang, state) for m in pair) if lang == "ru" else
                 " and ".join(fighter(m, lang, state) for m in pair) for pair in order.get("partners") or []]
        text = head + tr(lang, "строит строй: ", "forms up: ") + ", ".join(members)
        if pairs:
            text += tr(lang, "; в паре: ", "; partners: ") + "; ".join(pairs)
        return text + "."
    if act in ACT:
        return head + _pick(ACT[act], lang) + hurry + "."
    return head + tr(lang, f"действует: {act}", f"acts: {act}").replace("_", " ") + "."


def say(order: Mapping[str, Any], actor: Any, lang: str, state: Any = None) -> str:
    """A skirmish order in full sentences."""
    who = fighter(actor, lang, state)
    if order.get("stage") == "intent":
        intent = _pick(INTENT.get(str(order.get("intent")), (str(order.get("intent")),) * 2), lang)
        return tr(lang, f"{who} заявляет намерение: {intent}.", f"{who} declares the intent: {intent}.")
    if order.get("stage") == "field":
        return field_act(order, who, lang, state)
    return declaration(order, who, lang, state)
