"""A loose fighter's forum post on the field -> the canonical field order (docs/skirmish.md "Part 2", the acts'
table), every error collected. Russian as players write it, English too:

    Намерение: атака                                  Intent: defend
    Иду шагом на (2,1)                                Walk to (2,1)
    Бегу трусцой через (2,1), (3,1) на (4,1)          Jog via (2,1), (3,1) to (4,1), facing E
    Достаю стрелу, ускорение 2                        Draw an arrow, speed-up 2
    Натягиваю лук                                     Prepare the shot
    Целюсь и стреляю в VSE, 3 кубика (3Н)             Aim and shoot at VSE, 3 dice (3S)
    Стреляю в VSE, 4 кубика (2Р+2Н), покупаю зона голова, опасность +1
    Строю строй: BOR, RAT; пары BOR+RAT               Form up: BOR, RAT; partners BOR+RAT
    Покидаю поле боя                                  Flee
    Жду, лицом на восток                              Wait, facing W

«Обмен 2:» (Exchange 2:) in front names the field exchange; without it the post is for exchange 1 (or the one the
rules ask when the post comes through `post-in`). The parser reads words only: the legality of the act (the budget,
the path cell by cell, the stage, the range) is the field's check (battle_check.py), nothing is decided here."""

from __future__ import annotations

import re
from typing import Any

from replay.ruleset import Parsed
from replay.rulesets.skirmish import field as grid
from replay.rulesets.skirmish import formation, initiative, words
from replay.rulesets.skirmish.battle import Battle
from replay.rulesets.skirmish.parse import BUYS, DICE, dice_split

CELL = re.compile(r"\(\s*(-?\d+)\s*[,;]\s*(-?\d+)\s*\)")
EXCHANGE = re.compile(r"^\s*(?:обмен|exchange|x)\s*([0-9]+)\s*[:.\-—]?\s*", re.I)
INTENT = re.compile(r"^\s*(?:намерение|intent)\s*[:\-—]?\s*(.*)$", re.I | re.S)
SPEEDUP = re.compile(r"(?:ускорени\w*|ускоряю\w*|speed-?\s?up)\s*:?\s*(\d+)?", re.I)
FACING = re.compile(r"(?:лицом|повернувшись|поворачиваюсь|facing|face)\s*(?:на|к|в|to|towards)?\s*"
                    r"([A-Za-zА-Яа-яЁё-]+)", re.I)

INTENT_WORDS = (("атак", "attack"), ("attack", "attack"), ("защит", "defend"), ("оборон", "defend"),
                ("defen", "defend"), ("друго", "other"), ("прочее", "other"), ("иное", "other"), ("other", "other"))
"""4.1 (CP-01): the words of an intent."""

GAIT_WORDS = (("тихим шагом", "quiet_walk"), ("тихо", "quiet_walk"), ("краду", "quiet_walk"),
              ("quiet", "quiet_walk"), ("sneak", "quiet_walk"), ("ползк", "crawl"), ("ползу", "crawl"),
              ("crawl", "crawl"), ("трусц", "jog"), ("jog", "jog"), ("спринт", "sprint"), ("бегом", "sprint"),
              ("бегу", "sprint"), ("sprint", "sprint"), ("run", "sprint"), ("шаг", "walk"), ("иду", "walk"),
              ("walk", "walk"), ("move", "walk"), ("перемеща", "walk"), ("двигаюсь", "walk"))
"""5.7: the gaits in the players' words, the more particular first («тихим шагом» before «шагом», «бегу трусцой»
before «бегу»)."""

COMPASS = {"с": "N", "св": "NE", "в": "E", "юв": "SE", "ю": "S", "юз": "SW", "з": "W", "сз": "NW",
           "север": "N", "северо-восток": "NE", "восток": "E", "юго-восток": "SE", "юг": "S", "юго-запад": "SW",
           "запад": "W", "северо-запад": "NW"}
"""3.6: facings in Russian (the compass letters and the words, any case ending dropped)."""

ACT_WORDS: tuple[tuple[str, str], ...] = (
    ("распад строя", "break_formation"), ("break formation", "break_formation"), ("break up", "break_formation"),
    ("групповой бой", "group_combat"), ("group combat", "group_combat"), ("верхом", "mounted"),
    ("mounted", "mounted"),
    ("покидаю поле", "flee"), ("с поля боя", "flee"), ("бегу с поля", "flee"), ("убегаю", "flee"),
    ("flee", "flee"), ("leave the field", "flee"),
    ("строй", "form"), ("строю", "form"), ("form", "form"),
    ("достаю", "draw"), ("вынимаю", "draw"), ("выхватываю", "draw"), ("draw", "draw"),
    ("готовлю", "prepare"), ("натягиваю", "prepare"), ("накладываю", "prepare"), ("заряжаю", "prepare"),
    ("prepare", "prepare"), ("nock", "prepare"), ("load", "prepare"),
    ("целюсь", "aim"), ("прицел", "aim"), ("aim", "aim"),
    ("стреляю", "shoot"), ("выстрел в", "shoot"), ("бросаю", "shoot"), ("метаю", "shoot"), ("shoot", "shoot"),
    ("throw", "shoot"), ("loose", "shoot"),
    ("жду", "wait"), ("ожидаю", "wait"), ("стою", "wait"), ("wait", "wait"), ("hold", "wait"),
)
"""The acts in the players' words (5.6, 5.7, 5.12, 1.2.6); the silent topics of A-59 first."""

STAGES = ("draw", "prepare", "aim")


def acts_named(text: str) -> list[str]:
    """Every act the words of `text` name, in the order of ACT_WORDS, each once; «бегу с поля» is a flight, not a
    run; a move is named by a gait or a cell."""
    found: list[str] = []
    rest = text
    for phrase, act in ACT_WORDS:
        if re.search(r"(?<![а-яёa-z])" + re.escape(phrase), rest):
            rest = rest.replace(phrase, " ")
            if act not in found:
                found.append(act)
    if gait_named(rest) is not None and "flee" not in found or CELL.search(rest) and not found:
        found.append("move")
    return found


def gait_named(text: str) -> str | None:
    return next((g for stem, g in GAIT_WORDS if re.search(r"(?<![а-яёa-z])" + re.escape(stem), text)), None)


def facing_named(text: str, state: Battle) -> tuple[str | None, list[str]]:
    """The facing a post names («лицом на восток», «facing E»), checked against the grid's directions."""
    m = FACING.search(text)
    if m is None:
        return None, []
    word = m.group(1).lower()
    code = COMPASS.get(word) or next((v for k, v in sorted(COMPASS.items(), key=lambda kv: -len(kv[0]))
                                      if len(k) > 2 and word.startswith(k)), None) or word.upper()
    allowed = grid.steps(state.grid)
    if code not in allowed:
        return None, [f"3.6: facing «{m.group(1)}»: one of {' '.join(allowed)} on a {state.grid} grid (Russian "
                      "С СВ В ЮВ Ю ЮЗ З СЗ or север, восток …)"]
    return code, []


def fighters_named(text: str, state: Battle, actor: str) -> list[str]:
    """The ids of the fighters a post names, by id or by name, in the order they stand in the text."""
    hits: list[tuple[int, str]] = []
    for f in state.fighters:
        if f.id == actor:
            continue
        names = [re.escape(f.id), *(name_pattern(n) for n in f.name.values() if n)]
        spots = [m.start() for n in names
                 for m in re.finditer(r"(?<![\wА-Яа-яЁё])" + n + r"(?![\wА-Яа-яЁё])", text, re.I)]
        if spots:
            hits.append((min(spots), f.id))
    return [fid for _, fid in sorted(hits)]


def name_pattern(name: str) -> str:
    """A fighter's name in any case ending («Борис», «Бориса», «Зоряну»): its stem without a final vowel, then up
    to three letters."""
    stem = name[:-1] if len(name) > 3 and name[-1].lower() in "аяоеиыуюьй" else name
    return re.escape(stem) + (r"[а-яё]{0,3}" if re.search(r"[А-Яа-яЁё]", name) else "")


def dice_named(text: str, errors: list[str]) -> dict[str, int] | None:
    m = DICE.search(text)
    if m is None:
        errors.append("5.6: the shot's dice and their split, e.g. «3 кубика (1Р+2Н)»: Р reflex, Н skill")
        return None
    return dice_split(m, errors)


HIDDEN = r"скрытн\w*|незаметн\w*|из засады|hidden|unseen"
LEFT = r"слева|в левую|по левой|left side|left"
RIGHT = r"справа|в правую|по правой|right side|right"
FLAGS = rf"(?:{HIDDEN}|{LEFT}|{RIGHT})"
GENERAL_WORDS = (("голов", "head"), ("head", "head"), ("корпус", "torso"), ("torso", "torso"), ("рук", "arm"),
                 ("arm", "arm"), ("ног", "leg"), ("leg", "leg"))


def shot_buys(text: str, errors: list[str]) -> list[str]:
    """5.2.2: «покупаю зона голова, опасность +1, точная зона лоб» -> zone:head, danger:1, precise:forehead."""
    out: list[str] = []
    rest: list[str] = []
    for part in filter(None, (p.strip().lower() for p in re.split(r"[,;]", text))):
        if re.fullmatch(FLAGS, part):
            continue  # a flag of the shot (hidden, the side), not a purchase
        if re.match(r"^(?:зона|зону|zone)\b", part):
            general = next((g for stem, g in GENERAL_WORDS if stem in part), None)
            if general is None:
                errors.append(f"5.5.2: «{part}» names no general zone (голова, корпус, рука, нога)")
            else:
                out.append(f"zone:{general}")
        else:
            rest.append(part)
    buys, bad = words.parse_buys(", ".join(rest))
    errors += bad
    return out + buys


def shot_order(text: str, state: Battle, actor: str, errors: list[str]) -> dict[str, Any]:
    """The shot of a post: its target, dice, purchases, the side of a limb hit, a hidden shot."""
    order: dict[str, Any] = {}
    buys_text = ""
    b = BUYS.search(text)
    if b:
        buys_text, text = b.group(1), text[: b.start()]
    targets = fighters_named(text, state, actor)
    if not targets:
        errors.append("5.6: name the target of the shot by its id or name («Стреляю в VSE»)")
    elif len(targets) > 1:
        errors.append(f"5.6: one target per shot ({', '.join(targets)} are named)")
    else:
        order["target"] = targets[0]
    dice = dice_named(text, errors)
    if dice is not None:
        order["dice"] = dice
    buys = shot_buys(buys_text, errors)
    if buys:
        order["buys"] = buys
    whole = (text + " " + buys_text).lower()
    if re.search(rf"(?<![а-яёa-z])(?:{LEFT})", whole):
        order["side"] = "left"
    elif re.search(rf"(?<![а-яёa-z])(?:{RIGHT})", whole):
        order["side"] = "right"
    if re.search(HIDDEN, whole):
        order["hidden"] = True
    return order


def parse_field_order(text: str, state: Battle, actor: str, exchange: int | None = None) -> Parsed:
    """A loose fighter's post: an intent (4.1) or one act of a field exchange; `exchange` is the one the rules
    ask, when known (a post's «Обмен N:» wins)."""
    body = " ".join(text.strip().split())
    errors: list[str] = []
    m = INTENT.match(body)
    if m:
        said = m.group(1).lower()
        intent = next((v for stem, v in INTENT_WORDS if stem in said), None)
        if intent is None:
            return Parsed(None, ["4.1 (CP-01): the intent is «атака», «защита» or «другое» (attack, defend, other)"])
        assert intent in initiative.INTENTS
        return Parsed({"stage": "intent", "intent": intent})
    x = EXCHANGE.match(body)
    if x:
        body = body[x.end():]
        if int(x.group(1)) not in (1, 2):
            errors.append(f"4.3: exchange {x.group(1)}: a round has field exchanges 1 and 2")
    lowered = body.lower()
    order: dict[str, Any] = {"exchange": int(x.group(1)) if x else exchange or 1, "stage": "field"}
    acts = acts_named(lowered)
    silent = [a for a in acts if a in formation.SILENT]
    if silent:
        return Parsed(None, [formation.silent(silent[0])])
    if not acts:
        return Parsed(None, ["5.6, 5.7: no act named: «иду шагом на (x,y)», «достаю стрелу», «натягиваю», "
                             "«целюсь», «стреляю в …», «строю строй: …», «покидаю поле», «жду» (walk, draw, "
                             "prepare, aim, shoot at, form up, flee, wait)"])
    shoots = "shoot" in acts
    main = [a for a in acts if a != "shoot"] if shoots and any(a in STAGES for a in acts) else acts
    if len(main) > 1:
        errors.append(f"4.3: one act per field exchange ({', '.join(main)} are named; a stage may end in a shot: "
                      "«целюсь и стреляю в …»)")
    kind = main[0]
    order["act"] = kind
    facing, bad = facing_named(body, state)
    errors += bad
    if kind == "move":
        order["gait"] = gait_named(lowered.split("лицом")[0].split("facing")[0]) or "walk"
        order["path"] = [[int(a), int(b)] for a, b in CELL.findall(body)]
        if not order["path"]:
            errors.append("5.7: name the cells of the path, e.g. «Иду шагом на (3,4)» or «через (2,4), (3,4) на "
                          "(4,4)»")
        else:
            errors += gaps(state, actor, [(c[0], c[1]) for c in order["path"]])
    elif kind in STAGES:
        s = SPEEDUP.search(body)
        if s:
            if s.group(1) is None:
                errors.append("5.6.1: the speed-up's dice, e.g. «ускорение 2» (reflex points of the %5 check)")
            else:
                order["speedup"] = int(s.group(1))
        if kind == "draw" and re.search(r"стрелы|болты|дротики|несколько|several|arrows|bolts|javelins", lowered):
            order["several"] = True
        if shoots:
            order["shoot"] = shot_order(body[re.search(r"стреля|shoot|throw|loose|бросаю|метаю",
                                                       lowered).start():], state, actor, errors)  # type: ignore[union-attr]
    elif kind == "shoot":
        order.update(shot_order(body, state, actor, errors))
    elif kind == "form":
        order.update(form_order(body, state, actor, errors))
    if facing is not None and kind in ("move", "wait"):
        order["facing"] = facing
    return Parsed(None if errors else order, errors)


def gaps(state: Battle, actor: str, path: list[tuple[int, int]]) -> list[str]:
    """5.7: a path goes cell by cell; a post that names only a far cell is told to name the cells between (the
    engine does not choose the way for the player)."""
    if actor not in state.roster:
        return []
    here = state.fighter(actor).cell
    for cell in path:
        if grid.distance(state.grid, here, cell) > 1:
            return [f"5.7: ({cell[0]}, {cell[1]}) is not next to ({here[0]}, {here[1]}): name the path cell by cell "
                    "(«через (…), (…) на (…)»)"]
        here = cell
    return []


def form_order(text: str, state: Battle, actor: str, errors: list[str]) -> dict[str, Any]:
    """5.12: «Строю строй: A, B, C; пары A+B» — the members, then the partner pairs (after «пары»/«partners»)."""
    head, _, tail = (re.split(r"(?i)(пары|партн[её]ры|partners)", text, maxsplit=1) + ["", ""])[:3]
    members = fighters_named(head, state, actor)
    order: dict[str, Any] = {"members": members}
    if not members:
        errors.append("5.12: name the formation's warriors by id or name («Строю строй: BOR, RAT»)")
    if tail:
        pairs = []
        for chunk in re.split(r"[,;]| и | and ", tail):
            ids = fighters_named(chunk, state, actor)
            if not ids:
                continue
            if len(ids) != 2:
                errors.append(f"5.12 (L1189): partners «{chunk.strip()}»: two warriors each, e.g. «BOR+RAT»")
            else:
                pairs.append(ids)
        order["partners"] = pairs
    return order
