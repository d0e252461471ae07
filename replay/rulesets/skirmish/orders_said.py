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
        ru_zone = words.GENERAL_ZONES.get(value) if value not in words.ZONE_NAMES else None
        return tr(lang, f"зона «{ru_zone or words.zone_name(value, 'ru')}»",
                  f"the zone {words.zone_name(value, 'en').replace('_', ' ')}")
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
    if isinstance(order.get("then"), list) and order["then"]:  # M09, M10: the sweep's further targets in its order
        parts.append(tr(lang, "затем " + ", ".join(against(t, "ru", state) for t in order["then"]),
                        "then " + ", ".join(against(t, "en", state) for t in order["then"])))
    if order.get("also"):  # M24: the second adjacent target
        parts.append(tr(lang, "и " + against(order["also"], "ru", state), "and " + against(order["also"], "en", state)))
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
    """What a declaration does besides its maneuver: draw, drop, free a caught weapon, stand up, move (M53), break,
    assess."""
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
    to = order.get("to")
    if isinstance(to, list) and len(to) == 2:  # M53 (L679): a maneuverer's move in a melee of several fighters
        out.append(tr(lang, f"перемещается в ({to[0]}, {to[1]})", f"moves to ({to[0]}, {to[1]})"))
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
    answers = [against(order["answers"], lang, state)] if order.get("answers") and step in ("defence", "after_feint") \
        else []
    if maneuver == "pass":  # 4.4: in a melee of several fighters a defence names the attack it answers
        text = head + tr(lang, "пас", "pass") + "".join(f", {a}" for a in answers)
        more = extras(order, lang)
        return text + ("; " + ", ".join(more) if more else "") + "."
    said = [tr(lang, f"«{words.maneuver_inline(maneuver, 'ru')}»", f"“{words.maneuver_inline(maneuver, 'en')}”")]
    if maneuver == "protect_ally" and order.get("as"):  # M37 (L542): the Knock-aside or Block it is
        said.append(tr(lang, f"как «{words.maneuver_inline(str(order['as']), 'ru')}»",
                       f"as a “{words.maneuver_inline(str(order['as']), 'en')}”"))
    if maneuver == "protect_ally" and order.get("ally"):  # the ally protected where one attack comes at two
        said.append(tr(lang, f"защищая {named_in(order['ally'], 'accs', state)}",
                       f"protecting {fighter(order['ally'], 'en', state)}"))
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


def named_in(fid: Any, case: str, state: Any) -> str:
    """A fighter's Russian name in a case («в Зоряну», «от выстрела Всеслава»); a name that cannot be declined after
    «боец» in that case («в бойца Sir Pell»)."""
    return words.name_in_case(fighter(fid, "ru", state), case)


def into(fid: Any, state: Any) -> str:
    """ "в Зоряну", "во Всеслава" (a target after «в»)."""
    said = named_in(fid, "accs", state)
    return f"{words.vowelled('в', said)} {said}"


SIDE = {"left": ("левая", "left"), "right": ("правая", "right")}
LANDING = {"feet": ("приземляясь на ноги", "landing on the feet"), "lying": ("падая и приземляясь лёжа",
                                                                            "falling and landing lying")}


def shot(order: Mapping[str, Any], lang: str, state: Any) -> list[str]:
    """The parts of a shot (5.6.5, 5.4.6): its maneuver and target, the dice, the buys of each projectile, and what a
    maneuver names besides (a second target, the targets on the line of fire, the check and path on the move)."""
    first = []
    maneuver = str(order.get("maneuver") or "")
    if maneuver:
        name = words.RANGED_MANEUVERS.get(maneuver, (maneuver.replace("_", " "),) * 2)
        first.append(tr(lang, f"«{name[0]}»", f"“{name[1]}”"))
    if order.get("hidden"):
        first.append(tr(lang, "скрытно", "hidden"))
    if order.get("target"):
        first.append(tr(lang, into(order["target"], state), f"at {fighter(order['target'], 'en', state)}"))
    parts = [" ".join(first)] if first else []
    if order.get("side") in SIDE:
        parts.append(tr(lang, f"рука или нога при попадании — {SIDE[order['side']][0]}",
                        f"an arm or leg hit on the {order['side']}"))
    if isinstance(order.get("dice"), Mapping):
        parts.append(points(order["dice"], lang))
    if order.get("buys"):
        parts.append(tr(lang, "покупки: ", "buys: ") + ", ".join(buy(str(b), lang) for b in order["buys"]))
    if order.get("second_target"):
        parts.append(tr(lang, f"второй снаряд {into(order['second_target'], state)}",
                        f"the second projectile at {fighter(order['second_target'], 'en', state)}"))
    if order.get("buys2"):
        parts.append(tr(lang, "покупки второго снаряда: ", "the second projectile's buys: ")
                     + ", ".join(buy(str(b), lang) for b in order["buys2"]))
    if order.get("next_targets"):
        parts.append(tr(lang, "дальше по линии выстрела: ", "beyond on the line of fire: ")
                     + ", ".join(fighter(t, lang, state) for t in order["next_targets"]))
    for graze in order.get("graze") or []:
        if isinstance(graze, Mapping):
            buys = [buy(str(b), lang) for b in graze.get("buys") or []]
            parts.append(tr(lang, f"по касательной задевает: {fighter(graze.get('target'), 'ru', state)}",
                            f"grazing {fighter(graze.get('target'), 'en', state)}")
                         + (tr(lang, " (покупки: ", " (buys: ") + ", ".join(buys) + ")" if buys else ""))
    if isinstance(order.get("volley"), int) and not isinstance(order.get("volley"), bool):  # M82
        n = int(order["volley"])
        parts.append(tr(lang, f"на следующие стрелы {n} {plural(n, ('очко', 'очка', 'очков'))} навыка",
                        f"{n} skill point{'s' * (n != 1)} for the next arrows"))
    if isinstance(order.get("check"), Mapping):
        r, a = int(order["check"].get("reflex") or 0), int(order["check"].get("acrobatics") or 0)
        forms = ("очко", "очка", "очков")
        parts.append(tr(lang, f"проверка: {r} {plural(r, forms)} рефлекса"
                        + (f" и {a} {plural(a, forms)} Акробатики" if a else ""),
                        f"the check: {r} reflex point{'s' * (r != 1)}"
                        + (f" and {a} Acrobatics point{'s' * (a != 1)}" if a else "")))
    if order.get("path"):
        cells = " → ".join(f"({c[0]}, {c[1]})" for c in order["path"])
        gait = " " + _pick(GAIT[str(order["gait"])], lang) if order.get("gait") in GAIT else ""
        parts.append(tr(lang, f"путь{gait}: {cells}", f"the path{gait}: {cells}"))
    if order.get("landing") in LANDING:
        parts.append(_pick(LANDING[order["landing"]], lang))
    return parts


CHARGE_SAID = {"beat": ("Батман", "a Batman"), "rushing_attack": ("Стремительная атака", "a rushing attack")}
"""The attacks a loose fighter declares from afar (battle_check.CHARGES), as a post says them."""


def field_act(order: Mapping[str, Any], who: str, lang: str, state: Any) -> str:
    """ "В обмене 1 Ратибор идёт шагом: (7, 2) → (6, 2), лицом на запад."."""
    act = str(order.get("act"))
    head = tr(lang, f"В обмене {order.get('exchange')} {who} ", f"Exchange {order.get('exchange')}: {who} ")
    speedup = int(order.get("speedup") or 0)
    hurry = tr(lang, f", ускоряясь ({speedup} {plural(speedup, ('кубик', 'кубика', 'кубиков'))})",
               f", hurrying ({speedup} dice)") if speedup else ""
    facing = tr(lang, f", лицом на {FACING[order['facing']][0]}", f", facing {FACING[order['facing']][1]}") \
        if order.get("facing") in FACING else ""
    if act == "move":
        cells = " → ".join(f"({c[0]}, {c[1]})" for c in order.get("path") or [])
        gait = _pick(GAIT.get(str(order.get("gait")), (str(order.get("gait")),) * 2), lang)
        return head + tr(lang, f"перемещается {gait}: {cells}", f"moves {gait}: {cells}") + facing + "."
    if act == "charge":  # M16/M25 declared from afar
        cells = " → ".join(f"({c[0]}, {c[1]})" for c in order.get("path") or [])
        name = CHARGE_SAID.get(str(order.get("maneuver")), (str(order.get("maneuver")),) * 2)
        run = {"sprint": (", спринтом", ", sprinting"), "jog": (", трусцой", ", jogging")}.get(
            str(order.get("run") or "sprint") if order.get("maneuver") == "rushing_attack" else "", ("", ""))
        target = fighter(str(order.get("target")), lang, state)
        return head + tr(lang, f"атакует издали: {name[0]}, цель — {target}, разбег {cells}{run[0]}",
                         f"attacks from afar: {name[1]} at {target}, running {cells}{run[1]}") + "."
    if act == "draw":
        several = tr(lang, " (несколько в одну руку)", " (several into one hand)") if order.get("several") else ""
        second = order.get("second")
        if isinstance(second, Mapping):  # M81 (L1115): a projectile into each hand, each hand's own speed-up
            m = int(second.get("speedup") or 0)
            other = tr(lang, f", другой рукой ускоряясь ({m} {plural(m, ('кубик', 'кубика', 'кубиков'))})",
                       f", the other hand hurrying ({m} dice)") if m else ""
            return head + tr(lang, "извлекает по снаряду в каждую руку", "draws a projectile into each hand") \
                + hurry + other + "."
        return head + tr(lang, "извлекает снаряд", "draws a projectile") + several + hurry + "."
    if act in ("prepare", "aim"):
        loosed = order.get("shoot") if isinstance(order.get("shoot"), Mapping) else {}
        verb = {"prepare": ("готовит выстрел", "readies a shot"), "aim": ("целится", "aims")}[act]
        text = head + _pick(verb, lang) + (tr(lang, " двумя стрелами", " with two arrows") if order.get("double")
                                            else "") + hurry
        parts = shot(loosed, lang, state)
        if parts:
            text += tr(lang, "; когда закончит, стреляет: ", "; when done, shoots: ") + "; ".join(parts)
        return text + "."
    if act == "shoot":
        parts = shot(order, lang, state)
        return head + tr(lang, "стреляет", "shoots") + hurry + (": " + "; ".join(parts) if parts else "") + "."
    if act == "form":
        members = [fighter(m, lang, state) for m in order.get("members") or []]
        pairs = [" и ".join(fighter(m, lang, state) for m in pair) if lang == "ru" else
                 " and ".join(fighter(m, lang, state) for m in pair) for pair in order.get("partners") or []]
        text = head + tr(lang, "строит строй: ", "forms up: ") + ", ".join(members)
        if pairs:
            text += tr(lang, "; в паре: ", "; partners: ") + "; ".join(pairs)
        return text + "."
    if act in ACT:
        return head + _pick(ACT[act], lang) + hurry + facing + "."
    return head + tr(lang, "действует не по правилам поля", "acts outside the field's acts") + "."


CHECK_WITH = {"wrestling": ("Борьбой", "Wrestling"), "acrobatics": ("Акробатикой", "Acrobatics"),
              "agility": ("Ловкостью", "Agility"), "strength": ("Силой", "Strength")}
CHECKS = {"reactive": ("проверку реакции", "the reactive check"),
          "balance": ("проверку равновесия", "the balance check"),
          "stability": ("проверку устойчивости", "the stability check")}
TIE = {"against": ("контртемп бросается против атаки противника, каждый успех отменяет один его успех",
                   "the countertime is rolled against the opponent's attack, each success cancelling one"),
       "strike": ("контртемп — простой удар, одновременный с ударом противника",
                  "the countertime is an ordinary blow, simultaneous with the opponent's")}
CHOICE_NAMES = {
    "distance": ("дистанцию боя", "the combat distance"), "feint": ("финт", "the feint"),
    "freed": ("как снять отвлечение финта", "how the feint's distraction is lifted"),
    "drop": ("бросить ли оружие", "whether to drop the weapon"), "position": ("положение", "the position"),
    "leg_dive_throw": ("бросок после прохода в ноги", "the throw after a leg dive"),
    "transfer_feint": ("финт переводом", "the transfer feint"), "symmetric": ("зоны симметричного удара",
                                                                              "the zones of the symmetric blow"),
    "tuck_in": ("как сгруппироваться при падении", "how to tuck in the fall"),
    "allocation": ("раздел успехов блока", "the split of the block's successes"),
    "parry_allocation": ("раздел успехов парирования стрел", "the split of the parry's successes among the arrows"),
    "reverse_damage": ("урон обратной стороной оружия", "the damage of the weapon's other side"),
    "throw_zone": ("зону падения при броске", "the zone of the throw's fall"),
    "stance_zone": ("зону по стойке", "the stance-table zone"), "surprise": ("внезапность атаки", "the surprise"),
    "difficulty": ("сложность заявки", "the declaration's difficulty"), "answer": ("ответ на деморализацию",
                                                                                "the answer to demoralization"),
    "resist_pain": ("сопротивляться ли боли", "whether to resist the pain"),
    "remainder": ("на что пустить остаток успехов", "what the remaining successes do"),
    "cover": ("зоны, которые прикрывает щит", "the zones the shield covers"),
    "exposed": ("зоны, открытые из укрытия", "the zones shown from cover"),
    "hindrance": ("внутреннюю помеху стрелку", "the shooter's internal hindrance"),
    "stray_ally": ("союзника, в которого попадает выстрел", "the ally the stray shot strikes"),
}
"""What a choice decides, said after «выбирает» / "chooses" (a choice with its own sentence is not here)."""
VALUE_WORDS = {"yes": ("да", "yes"), "no": ("нет", "no"), "none": ("ничего", "none"), "height": ("высота", "height"),
               "dice": ("кубики", "dice"), "difficulty": ("сложность", "difficulty"),
               "etiquette": ("Этикет", "Etiquette"), "will": ("Воля", "Will"),
               "pain_hold": ("болевой захват", "pain hold"), "joint_break": ("перелом", "joint break"),
               "unexpected": ("неожиданная атака", "unexpected"), "trusted": ("атака того, кому доверяют", "trusted"),
               "hidden": ("скрытая атака", "hidden"), "standing": ("стоя", "standing"), "sitting": ("сидя", "sitting"),
               "lying": ("лёжа", "lying"), "miss": ("промах", "miss")}


def value_words(value: Any, lang: str) -> str:
    """A choice's value in words: a number, a yes or no, a zone, a distance, a list of them, or a mapping's
    numbers and words."""
    if isinstance(value, bool):
        return _pick(VALUE_WORDS["yes" if value else "no"], lang)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple):
        return ", ".join(value_words(v, lang) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{value_words(k, lang)} {value_words(v, lang)}" for k, v in value.items())
    text = str(value)
    if text in VALUE_WORDS:
        return _pick(VALUE_WORDS[text], lang)
    if text in words.LENGTH_NAMES:
        return words.distance_name(text, lang)
    if text in words.ZONE_NAMES:
        return words.zone_name(text, lang)
    if text in words.GENERAL_ZONES:
        return words.GENERAL_ZONES[text] if lang == "ru" else text.replace("_", " ")
    if text in KEY_WORDS:
        return _pick(KEY_WORDS[text], lang)
    return text if lang != "ru" else f"«{words.why_ru(text)}»"


KEY_WORDS = {"master": ("мастерских успехов", "master successes"),
             "extraordinary": ("экстраординарных успехов", "extraordinary successes"), "damage": ("урон", "damage"),
             "type": ("тип", "type"), "penetration": ("пробивание", "penetration"), "reflex": ("рефлекс", "reflex"),
             "skill": ("навык", "skill"), "crushing": ("дробящий", "crushing"), "chopping": ("рубящий", "chopping"),
             "cutting": ("секущий", "cutting"), "piercing": ("колющий", "piercing")}
"""The words of a choice's mapping (a transfer feint's successes, a reverse blow's damage)."""


def missile_defence(value: Any, lang: str, state: Any) -> str:
    """A defence against a missile (M84–M90) or an ally's (M83): «Парирование щитом», 2 кубика рефлекса…"""
    if not isinstance(value, Mapping):
        return ""
    said = []
    if value.get("maneuver"):
        name = words.RANGED_MANEUVERS.get(str(value["maneuver"]), (str(value["maneuver"]).replace("_", " "),) * 2)
        said.append(tr(lang, f"«{name[0]}»", f"“{name[1]}”"))
    dice, skill = int(value.get("dice") or 0), int(value.get("skill") or 0)
    if dice:
        said.append(tr(lang, f"{dice} {plural(dice, ('кубик', 'кубика', 'кубиков'))} рефлекса",
                       f"{dice} reflex {'die' if dice == 1 else 'dice'}"))
    if skill:
        said.append(tr(lang, f"{skill} {plural(skill, ('очко', 'очка', 'очков'))} навыка",
                       f"{skill} skill point{'s' * (skill != 1)}"))
    if value.get("weapon") == "hand":  # M87 (L1153): the bare hand
        said.append(tr(lang, "голой рукой", "with the bare hand"))
    elif value.get("weapon"):
        said.append(tr(lang, f"оружие: {item(value['weapon'], 'ru')}", f"with the {item(value['weapon'], 'en')}"))
    second = value.get("second")
    if isinstance(second, Mapping) and second.get("weapon"):  # M87 (L1153): the second projectile's own parry
        n2, s2 = int(second.get("dice") or 0), int(second.get("skill") or 0)
        hand = second["weapon"] == "hand"
        said.append(tr(lang, "второй снаряд — "
                       + ("голой рукой" if hand else f"оружием: {item(second['weapon'], 'ru')}")
                       + f", {n2 + s2} {plural(n2 + s2, ('кубик', 'кубика', 'кубиков'))}",
                       "the second projectile with the " + ("bare hand" if hand else item(second['weapon'], 'en'))
                       + f", {n2 + s2} {'die' if n2 + s2 == 1 else 'dice'}"))
    if value.get("into_cover"):
        said.append(tr(lang, "в укрытие, ложась на землю", "into cover, going down"))
    if value.get("screen"):
        said.append(tr(lang, "заслон щитом: ", "shield screen: ")
                    + ", ".join(words.zone_name(str(z), lang).replace("_", " ") for z in value["screen"]))
    return ", ".join(said)


def feint(value: Any, lang: str, state: Any) -> str:
    """CP-13: the feint an attacker makes of his parried attack: «делает финт: «Выпад», в левую ногу; покупки: …», or
    none; the text form ("thrust left_leg precise:knee danger:1") read word by word."""
    if value in (None, "no", False):
        return tr(lang, "не делает финта", "makes no feint")
    if isinstance(value, str):
        tokens = value.split()
        value = {"maneuver": tokens[0] if tokens else None,
                 "zone": next((t for t in tokens[1:] if ":" not in t), None),
                 "buys": [t for t in tokens[1:] if ":" in t]}
    if not isinstance(value, Mapping):
        return tr(lang, "делает финт", "feints")
    said = []
    if value.get("maneuver"):
        said.append(tr(lang, f"«{words.maneuver_inline(str(value['maneuver']), 'ru')}»",
                       f"“{words.maneuver_inline(str(value['maneuver']), 'en')}”"))
    said += blow({"zone": value.get("zone")}, lang, state)
    text = tr(lang, "делает финт: ", "feints: ") + ", ".join(said)
    if value.get("buys"):
        text += tr(lang, "; покупки: ", "; buys: ") + ", ".join(buy(str(b), lang) for b in value["buys"])
    return text


def choice(p: Mapping[str, Any], actor: Any, lang: str, state: Any) -> str:
    """A choice the rules asked for, in a sentence: who decided what (the GM where no fighter is named)."""
    name, value, x = str(p.get("name")), p.get("value"), p.get("exchange")
    who = fighter(actor, lang, state) if actor else tr(lang, "ГМ", "the GM")
    head = tr(lang, f"В обмене {x} {who} " if x is not None else f"{who} ",
              f"Exchange {x}: {who} " if x is not None else f"{who} ")
    if not head[:1].isupper():
        head = head[:1].upper() + head[1:]
    if name == "pass_through" and isinstance(value, Mapping):
        cell = value.get("cell") or ["?", "?"]
        text = head + tr(lang, f"после прохода встаёт в клетку ({cell[0]}, {cell[1]})",
                         f"passes into the cell ({cell[0]}, {cell[1]})")
        if value.get("path"):
            cells = " → ".join(f"({c[0]}, {c[1]})" for c in value["path"])
            text += tr(lang, f", идёт дальше: {cells}", f", goes on: {cells}")
        if value.get("facing") in FACING:
            text += tr(lang, f", лицом на {FACING[value['facing']][0]}", f", facing {FACING[value['facing']][1]}")
        if value.get("distance") == "end":
            return text + tr(lang, ", и прерывает схватку, как удачное отступление.",
                             ", and ends the melee, as a successful retreat.")
        return text + tr(lang, f"; дистанция боя — {words.distance_name(str(value.get('distance')), 'ru')}.",
                         f"; the combat distance: {words.distance_name(str(value.get('distance')), 'en')}.")
    if name == "feint":
        return head + feint(value, lang, state) + "."
    if name == "join_melee" and isinstance(value, str):  # 4.4: the melee's id spells its fighters
        them = " — ".join(fighter(i, lang, state) for i in value.split("-"))
        return head + tr(lang, f"вступает в схватку: {them}.", f"joins the melee {them}.")
    shooter = p.get("shooter")
    if name == "stray_ally" and isinstance(value, str):  # CP-41: the ally a hurried aim's shot strikes, by name
        return head + tr(lang, f"выбирает союзника, в которого попадает торопливый выстрел "
                               f"{named_in(shooter, 'gent', state)}: {fighter(value, 'ru', state)}.",
                         f"chooses the ally {fighter(shooter, 'en', state)}'s hurried shot strikes: "
                         f"{fighter(value, 'en', state)}.")
    if name == "missile_defence":
        against_ = tr(lang, f"от выстрела {named_in(shooter, 'gent', state)}",
                      f"against {fighter(shooter, 'en', state)}'s shot")
        if not isinstance(value, Mapping):
            return head + tr(lang, f"не защищается {against_}.", f"does not defend {against_}.")
        return head + tr(lang, f"защищается {against_}: ", f"defends {against_}: ") + \
            missile_defence(value, lang, state) + "."
    if name == "protect_ally":
        whom = tr(lang, f"{named_in(p.get('target'), 'accs', state)} от выстрела {named_in(shooter, 'gent', state)}",
                  f"{fighter(p.get('target'), 'en', state)} against {fighter(shooter, 'en', state)}'s shot")
        if not isinstance(value, Mapping):
            return head + tr(lang, f"не прикрывает {whom}.", f"does not protect {whom}.")
        return head + tr(lang, f"прикрывает {whom} (защита союзника): ", f"protects {whom} (protect ally): ") + \
            missile_defence(value, lang, state) + "."
    if name == "countertime_tie":
        ruled = TIE.get(str(value), (value_words(value, "ru"), value_words(value, "en")))
        return head + tr(lang, f"решает о контртемпе {named_in(p.get('attacker'), 'gent', state)} при равной "
                               f"инициативе: {ruled[0]}.",
                         f"rules on {fighter(p.get('attacker'), 'en', state)}'s countertime at equal initiative: "
                         f"{ruled[1]}.")
    if name == "check_with":
        check = CHECKS.get(str(p.get("check")), (str(p.get("check")), str(p.get("check"))))
        way = CHECK_WITH.get(str(value), (value_words(value, "ru"), value_words(value, "en")))
        return head + tr(lang, f"делает {check[0]} {way[0]}.", f"rolls {check[1]} with {way[1]}.")
    if name in ("grip_price", "draw_price"):
        what = tr(lang, "смены хвата" if name == "grip_price" else "быстрого извлечения оружия",
                  "grip change" if name == "grip_price" else "quick draw")
        n = int(value) if isinstance(value, int) else value
        points_ = tr(lang, f"{n} {plural(n, ('очко', 'очка', 'очков'))} рефлекса" if isinstance(n, int) else f"{n}",
                     f"{n} reflex point{'s' * (n != 1)}" if isinstance(n, int) else f"{n}")
        return head + tr(lang, f"назначает цену {what} для {named_in(p.get('fighter'), 'gent', state)}: {points_}.",
                         f"prices {fighter(p.get('fighter'), 'en', state)}'s {what} at {points_}.")
    what = CHOICE_NAMES.get(name, (tr("ru", "решение", ""), name.replace("_", " ")))
    return head + tr(lang, f"выбирает {what[0]}: {value_words(value, 'ru')}.",
                     f"chooses {what[1]}: {value_words(value, 'en')}.")


def say(order: Mapping[str, Any], actor: Any, lang: str, state: Any = None) -> str:
    """A skirmish order, or a choice the rules asked for (a sealed one revealed), in full sentences."""
    if "name" in order and "value" in order and "stage" not in order:  # a choice the rules asked for
        return choice(order, actor, lang, state)
    who = fighter(actor, lang, state)
    if order.get("stage") == "intent":
        intent = _pick(INTENT.get(str(order.get("intent")), (str(order.get("intent")),) * 2), lang)
        return tr(lang, f"{who} заявляет намерение: {intent}.", f"{who} declares the intent: {intent}.")
    if order.get("stage") == "field":
        return field_act(order, who, lang, state)
    return declaration(order, who, lang, state)
