"""Russian and English terms shared by the post, the frame and the parser (the rulebook's own words first)."""

from __future__ import annotations

import re

from replay.rulesets.skirmish import data

PASS = frozenset({"пас", "пасс", "пропуск", "pass"})

# Phrases a player writes for a maneuver, longest first (the catalogue's names are found too).
MANEUVER_PHRASES: tuple[tuple[str, str], ...] = (
    ("пробивающий удар", "power_blow"), ("power blow", "power_blow"),
    ("рубящий удар", "chop"), ("рублю", "chop"), ("chop", "chop"),
    ("секущий удар", "slash"), ("slash", "slash"), ("cut", "slash"),
    ("дробящий удар", "crush"), ("crush", "crush"),
    ("колющий удар", "thrust"), ("выпад", "thrust"), ("укол", "thrust"), ("thrust", "thrust"),
    ("блок щитом", "shield_block"), ("shield block", "shield_block"),
    ("блок оружием", "weapon_block"), ("weapon block", "weapon_block"), ("блок", "weapon_block"),
    ("парирование", "parry"), ("парирую", "parry"), ("parry", "parry"),
    ("увертка", "sidestep"), ("увёртка", "sidestep"), ("уклонение", "sidestep"), ("sidestep", "sidestep"),
    ("отступлени", "retreat"), ("отступаю", "retreat"), ("retreat", "retreat"),
    ("встаю", "maneuvering"), ("подъём", "maneuvering"), ("stand up", "maneuvering"),
    ("свиля", "slip"), ("slip", "slip"), ("сбив", "knock_aside"), ("knock-aside", "knock_aside"),
    ("контратака", "counterattack"), ("counterattack", "counterattack"),
    ("пас", "pass"), ("pass", "pass"),
)
ATTACK_TYPES = (("рубящ", "chop"), ("chop", "chop"), ("секущ", "cut"), ("cut", "cut"), ("slash", "cut"),
                ("колющ", "thrust"), ("thrust", "thrust"), ("дробящ", "crush"), ("crush", "crush"))
ZONES = (
    ("левую руку", "left_arm"), ("левая рука", "left_arm"), ("правую руку", "right_arm"), ("правая рука", "right_arm"),
    ("левую ногу", "left_leg"), ("левая нога", "left_leg"), ("правую ногу", "right_leg"), ("правая нога", "right_leg"),
    ("верхний корпус", "upper_torso"), ("нижний корпус", "lower_torso"), ("голов", "head"),
    ("left arm", "left_arm"), ("right arm", "right_arm"), ("left leg", "left_leg"), ("right leg", "right_leg"),
    ("upper torso", "upper_torso"), ("lower torso", "lower_torso"), ("head", "head"),
    ("left_arm", "left_arm"), ("right_arm", "right_arm"), ("left_leg", "left_leg"), ("right_leg", "right_leg"),
    ("upper_torso", "upper_torso"), ("lower_torso", "lower_torso"),
)
ZONE_NAMES = {"head": ("голова", "head"), "upper_torso": ("верхний корпус", "upper torso"),
              "lower_torso": ("нижний корпус", "lower torso"), "left_arm": ("левая рука", "left arm"),
              "right_arm": ("правая рука", "right arm"), "left_leg": ("левая нога", "left leg"),
              "right_leg": ("правая нога", "right leg")}
BUY_WORDS = (("точн", "precise"), ("precise", "precise"), ("опасност", "danger"), ("danger", "danger"),
             ("пробити", "penetration"), ("penetration", "penetration"), ("игнор", "ignore_armour"),
             ("ignore", "ignore_armour"), ("шок", "shock"), ("shock", "shock"), ("кровотеч", "bleeding"),
             ("bleeding", "bleeding"))
LENGTH_NAMES = {"hand": ("рука", "hand"), "short": ("короткая", "short"), "medium": ("средняя", "medium"),
                "long": ("длинная", "long"), "very_long": ("очень длинная", "very long"),
                "extremely_long": ("предельно длинная", "extremely long")}
STANCE_NAMES = {"standing": ("стоит", "standing"), "sitting": ("сидит", "sitting"), "lying": ("лежит", "lying")}
STATUS_NAMES = {"ok": ("в строю", "ok"), "helpless": ("беспомощен", "helpless"),
                "unconscious": ("без сознания", "unconscious"), "dead": ("мёртв", "dead")}
STEP_NAMES = {"attack": ("атака", "attack"), "defence": ("защита", "defence")}


def find_maneuver(text: str) -> str | None:
    for phrase, code in MANEUVER_PHRASES:
        if phrase in text:
            return code
    for m in data.maneuvers().values():
        if m["name"]["ru"].lower().split(" (")[0] in text or m["name"]["en"].lower() in text or m["code"] in text:
            return m["code"]
    return None


def find_attack_type(text: str) -> str | None:
    return next((kind for stem, kind in ATTACK_TYPES if stem in text), None)


def find_zone(text: str) -> str | None:
    return next((zone for phrase, zone in ZONES if phrase in text), None)


def precise_by_name(text: str) -> str | None:
    """A precise zone named in a buy: its code, English name or Russian name (a one-word name by its stem)."""
    names = data.body()["precise_names"]
    tokens = re.findall(r"[\w]+", text.lower())
    for code, (ru, en) in names.items():
        if code in tokens or (" " in en and en in text) or en in tokens or (" " in ru and ru in text):
            return code
        stem = ru if len(ru) <= 4 else ru[:-1]
        if " " not in ru and any(t.startswith(stem) for t in tokens):
            return code
    return None


def parse_buys(text: str) -> tuple[list[str], list[str]]:
    """«пробитие +1, опасность +1, точная зона лоб» -> ["penetration:1", "danger:1", "precise:forehead"]."""
    buys, errors = [], []
    for part in filter(None, (p.strip().lower() for p in re.split(r"[,;]", text))):
        kind = next((k for stem, k in BUY_WORDS if stem in part), None)
        number = re.search(r"\+?(\d+)", part)
        if kind is None:
            zone = precise_by_name(part)
            if zone:
                buys.append(f"precise:{zone}")
            else:
                errors.append(f"5.2.1: «{part}» is not a purchase (точная зона, опасность, пробитие, игнор брони, "
                              "шок, кровотечение)")
        elif kind == "precise":
            zone = precise_by_name(part.replace("точная зона", "").replace("precise", ""))
            if zone is None:
                errors.append(f"5.5.1: «{part}» names no precise zone")
            else:
                buys.append(f"precise:{zone}")
        elif kind == "ignore_armour":
            buys.append(f"ignore_armour:{number.group(1) if number else 'all'}")
        else:
            buys.append(f"{kind}:{number.group(1) if number else 1}")
    return buys, errors


def find_weapon(text: str, fighter: object) -> str | None:
    """The id of a carried, not held, weapon the text names (by its id or its type's ru/en name)."""
    for w in getattr(fighter, "weapons", ()):
        if w.hands and w.state == "ready":
            continue
        name = data.weapon_type(w.type)["name"]
        if w.id in text or name["en"].lower() in text or name["ru"].lower()[:-1] in text:
            return w.id
    return None


def maneuver_name(code: str, lang: str) -> str:
    if code == "pass":
        return "пас" if lang == "ru" else "pass"
    return data.maneuvers()[code]["name"]["ru" if lang == "ru" else "en"]


def zone_name(code: str, lang: str) -> str:
    pair = ZONE_NAMES.get(code) or tuple(data.body()["precise_names"].get(code, (code, code)))
    return pair[0] if lang == "ru" else pair[1]


def pick(pair: tuple[str, str] | list[str], lang: str) -> str:
    return pair[0] if lang == "ru" else pair[1]


SKILL_NAMES = {"swords": "мечи", "knives": "ножи", "spears": "копья", "maces": "булавы", "polearms": "древковое",
               "fist": "кулачный бой", "wrestling": "борьба", "acrobatics": "акробатика"}


def skill_name(code: str, lang: str) -> str:
    return SKILL_NAMES.get(code, code) if lang == "ru" else code


NEEDS_BLOW = frozenset({"power_blow", "finishing_blow", "countertime", "circular_strike", "circular_slash",
                        "lightning_attack", "concentrated_blow", "beat", "destabilization", "weapon_trip",
                        "synchronous_attack", "rushing_attack", "precise_attack", "sudden_attack", "master_strike",
                        "grapple_weapon_strike"})
"""Maneuvers made with a blow, named in the post in brackets: «батман (рубящий) в верхний корпус»."""

FIELD_PATTERNS = (
    ("masters", r"(\d+) мастерск"), ("masters", r"(\d+) master"),
    ("intercept", r"перехват (\d+)"), ("intercept", r"intercept (\d+)"),
    ("grip", r"хват (recursive|half_sword|two_hands|one_hand)"),
    ("limbs", r"(\d+) конечност"), ("limbs", r"(\d+) limb"),
)
"""Declaration fields a post may name: «2 мастерских успеха», «перехват 2», «3 конечности»."""
