"""Russian and English terms shared by the post, the frame and the parser (the rulebook's own words in Russian)."""

from __future__ import annotations

from replay.rulesets.warband import data

STAGE = {"preparation": ("Подготовка", "Preparation"), "movement": ("Движение", "Movement"),
         "ranged": ("Дальняя стадия", "Ranged stage"), "melee": ("Ближний бой", "Melee"),
         "end": ("Конец хода", "End of turn")}
DAY = {False: ("день", "day"), True: ("ночь", "night")}
STATUS = {"active": ("в строю", "active"), "removed": ("выбыл", "removed"),
          "pool": ("в пуле драфта", "in the draft pool")}
SAVE = {"cover": ("за укрытие", "cover"), "armour": ("за доспехи", "armour"),
        "invulnerable": ("непробиваемый", "invulnerable"), "burst": ("от разрыва", "burst")}
WEATHER = {"clear": ("ясно", "clear"), "rain": ("дождь", "rain"), "fog": ("туман", "fog"), "snow": ("снег", "snow"),
           "wind": ("ветер", "wind")}
"""The usual labels in both languages; any other label is the GM's own text, shown as written."""
MODIFIER = {"sight": ("обзор {v} см", "sight {v} cm"), "mdd": ("МДД {v} см", "МДД {v} cm"),
            "initiative": ("инициатива {v}", "initiative {v}"), "attack_strength": ("сила атаки {v}",
                                                                                  "attack strength {v}"),
            "attacks": ("атаки {v}", "attacks {v}"), "save_points": ("очки спас-броска {v}", "save points {v}")}
"""A weather's or an effect's modifiers (§2.10, §2.13) in words."""
DECISION = {"coverage": ("укрытие, %", "coverage, %"), "fall_height": ("высота падения, см", "fall height, cm")}
"""The computed values a GM may override (C16, C33) in words."""


def modifier(name: str, value: float, lang: str) -> str:
    if name == "invulnerable_save":  # not a change but a save: 5 is 5+
        return pick(("непробиваемый спас-бросок", "invulnerable save"), lang) + f" {value:g}+"
    v = f"{value:+g}".replace("-", "−")
    return pick(MODIFIER.get(name, (name + " {v}", name + " {v}")), lang).format(v=v)


def weather(label: str | None, lang: str) -> str:
    if not label:
        return "—"
    pair = WEATHER.get(label.strip().lower())
    return pick(pair, lang) if pair else label
MOUNT_STATE = {"running": ("бежит", "running"), "standing": ("стоит", "standing"), "tied": ("привязана", "tied"),
               "loose": ("без всадника", "loose"), "ridden": ("под всадником", "ridden")}
"""A riderless mount's state as its frame label says it."""
DIAGONAL_RU = {"NE": "вперёд-вправо", "NW": "вперёд-влево", "SE": "назад-вправо", "SW": "назад-влево"}
"""A runaway mount's diagonal in its own frame (C11: NE is forward-right), as a reader says it."""
KIND = {"fight": ("бой", "fight"), "duel": ("дуэль", "duel"), "brawl": ("замес", "brawl"), "none": ("нет боя", "none")}

STAGE_WORDS = {"movement": "movement", "движение": "movement", "ranged": "ranged", "стрельба": "ranged",
               "дальняя": "ranged", "melee": "melee", "ближний": "melee", "бой": "melee",
               "deployment": "deployment", "расстановка": "deployment"}


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "ru" else pair[1]


def creature(kind: str, lang: str) -> str:
    return data.creature(kind).get("name_ru", kind) if lang == "ru" else kind


def item(kind: str, lang: str) -> str:
    return data.item(kind).get("name_ru", kind) if lang == "ru" else kind.replace("_", " ")


def spell(name: str, lang: str) -> str:
    """A spell by its id in `lang` (the rulebook's Russian name; the id itself if the data has none)."""
    if lang != "ru":
        return name
    said = data.load("spells")["spells"].get(name)
    return str(said["name_ru"]) if isinstance(said, dict) and said.get("name_ru") else name


def phase_title(phase: str | None, lang: str) -> str:
    if not phase:
        return ""
    stage, _, side = phase.partition(":")
    title = pick(STAGE.get(stage, (stage, stage)), lang)
    return f"{title}: {side}" if side else title


TYPE_LETTER = {"infantryman": "П", "archer": "Л", "mage": "М", "knight": "Р", "ogre": "О", "king": "К"}
TYPE_LETTER_EN = {"infantryman": "I", "archer": "A", "mage": "M", "knight": "K", "ogre": "O", "king": "R"}


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """"1 атака, 2 атаки, 5 атак"."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} {one}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {few}"
    return f"{n} {many}"
