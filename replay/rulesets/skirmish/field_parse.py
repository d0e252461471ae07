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
    Двойной выстрел в RAT, 4 кубика (1Р+3Н); второй: покупаю зона голова
    Синхронный бросок в VSE и RAT, 4 кубика (2Р+2Н)   Through shot at RAT, 6 dice (2R+4S); then BOR
    Выстрел по касательной в RAT, 6 кубиков (2Р+4Н); задеваю BOR, покупаю зона рука
    Стреляю в движении в RAT, 2 кубика (2Н); иду шагом на (7,4), проверка 1 кубик (1Р)
    Бегу на Всеслава через (2,2), (3,2) и бью с разбега (батман)
    Charge Vseslav: rushing attack, sprint, path (2,2), (3,2), (4,2)

and, through `post-in`, a loose fighter's defence against a shot or his protection of a comrade, as a choice:

    Защита от выстрела VSE: уклонение, 2 кубика (2Р)  Defence against VSE: screen head
    Защищаю RAT от выстрела VSE: парирование щитом, 2 кубика (2Р)

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
EACH_HAND = re.compile(r"в каждую руку|в обе руки|обеими руками|into each hand|into both hands|with both hands", re.I)
"""M81 (L1115): a draw into both hands («достаю по ножу в каждую руку, ускорение 2, другой рукой ускорение 1»): the
second speed-up named is the other hand's."""
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
    ("поднимаю", "pick_up"), ("подбираю", "pick_up"), ("pick up", "pick_up"), ("picks up", "pick_up"),
    ("достаю", "draw"), ("вынимаю", "draw"), ("выхватываю", "draw"), ("draw", "draw"),
    ("готовлю", "prepare"), ("натягиваю", "prepare"), ("накладываю", "prepare"), ("заряжаю", "prepare"),
    ("prepare", "prepare"), ("nock", "prepare"), ("load", "prepare"),
    ("целюсь", "aim"), ("прицел", "aim"), ("aim", "aim"),
    ("бросаю обратно", "throw_back"), ("метаю обратно", "throw_back"), ("throw back", "throw_back"),
    ("throw it back", "throw_back"),
    ("стреляю", "shoot"), ("выстрел в", "shoot"), ("бросаю", "shoot"), ("метаю", "shoot"), ("shoot", "shoot"),
    ("throw", "shoot"), ("loose", "shoot"),
    ("жду", "wait"), ("ожидаю", "wait"), ("стою", "wait"), ("wait", "wait"), ("hold", "wait"),
)
"""The acts in the players' words (5.6, 5.7, 5.12, 1.2.6); the silent topics of A-59 first."""

STAGES = ("draw", "prepare", "aim")


CHARGE_MANEUVERS: tuple[tuple[str, str], ...] = (
    (r"батман\w*|бэтмен\w*|batman|beat", "beat"),
    (r"стремительн\w* атак\w*|атак\w* с разбега|rushing[ -]attack", "rushing_attack"),
)
"""M16 (L369) and M25 (L445) in the players' words (the rulebook's names, «бэтмен» as players spell it)."""
CHARGE = r"атак\w* издали|атакую с разбега|charg\w*"
"""The act `charge` (A-85, A-102) in the players' words; a charge maneuver's name says it too."""
RUNS = (("трусц", "jog"), ("jog", "jog"), ("спринт", "sprint"), ("sprint", "sprint"))
"""CP-27: M25's run, jog or sprint, as the words name it (unnamed, the field's default sprint holds)."""


def codes_named(text: str, table: tuple[tuple[str, str], ...]) -> list[str]:
    """The codes of `table` whose words `text` names, each once, in the table's order; words taken by an earlier
    entry are not read again by a later one."""
    found: list[str] = []
    rest = text.lower()
    for pattern, code in table:
        if re.search(r"(?<![а-яёa-z])(?:" + pattern + ")", rest):
            rest = re.sub(pattern, " ", rest)
            found.append(code)
    return found


def charges_named(text: str) -> list[str]:
    """The charge maneuvers (M16, M25) a text names, each once."""
    return codes_named(text, CHARGE_MANEUVERS)


def acts_named(text: str) -> list[str]:
    """Every act the words of `text` name, in the order of ACT_WORDS, each once; «бегу с поля» is a flight, not a
    run; a move is named by a gait or a cell, unless the run is a charge («бегу на VSE, батман»)."""
    found: list[str] = []
    rest = text
    charging = charges_named(text) or re.search(r"(?<![а-яёa-z])(?:" + CHARGE + ")", text)
    if charging:
        found.append("charge")
        rest = re.sub(CHARGE, " ", rest)
    for phrase, act in ACT_WORDS:
        if re.search(r"(?<![а-яёa-z])" + re.escape(phrase), rest):
            rest = rest.replace(phrase, " ")
            if act not in found:
                found.append(act)
    shots = maneuvers_named(text)
    if shots and "shoot" not in found:
        found.append("shoot")  # «двойной выстрел в ZOR …»: the maneuver's name says it is a shot
    moving = any(m in MOVING for m in shots)
    if (gait_named(rest) is not None and "flee" not in found or CELL.search(rest) and not found) and not moving \
            and not charging:
        found.append("move")
    return found


SHOT_MANEUVERS: tuple[tuple[str, str], ...] = (
    (r"двойн\w* выстрел\w*|двумя стрелами|double[ -]shot", "double_shot"),
    (r"синхронн\w* брос\w*|synchronous(?:ly)?[ -]throw\w*", "synchronous_throw"),
    (r"навылет|through[ -]shot|shoot through", "through_shot"),
    (r"по касательной|grazing[ -]shot|graze shot", "grazing_shot"),
    (r"в движении|на ходу|moving[ -]shot|(?:shot|shoot\w*) on the move", "moving_shot"),
    (r"(?:брос\w*|мета\w*) в прыжке|в падении|jump(?:ing)?[ -]throw|throw\w* while (?:jumping|falling)|"
     r"fall(?:ing)?[ -]throw", "jump_fall_throw"),
    (r"в прыжке|jump(?:ing)?[ -]shot|shoot\w* while jumping", "jump_shot"),
    (r"скоростн\w* стрельб\w*|rapid[ -]fire", "rapid_fire"),
)
"""5.4.6 (M75-M82): the shot maneuvers in the players' words (the rulebook's names, L1073-1121), a throw in a jump or
a fall (M75) before a shot in a jump (M77)."""
MOVING = ("jump_fall_throw", "moving_shot", "jump_shot")
"""M75-M77: shots on the move, with a path, a check and (M76) a gait."""


def maneuvers_named(text: str) -> list[str]:
    """The shot maneuvers a text names, each once; a throw in a jump is not also a shot in a jump."""
    return codes_named(text, SHOT_MANEUVERS)


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
GENERAL_WORDS = (("голов", "head"), ("head", "head"), ("верхн", "upper_torso"), ("upper", "upper_torso"),
                 ("нижн", "lower_torso"), ("lower", "lower_torso"), ("рук", "arm"), ("arm", "arm"), ("ног", "leg"),
                 ("leg", "leg"))
"""5.5.2: the general zones of a shot's purchase (data/body.json `general`): a torso is named upper or lower."""


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
                errors.append(f"5.5.2: «{part}» names no general zone (голова, верхний корпус, нижний корпус, рука, "
                              "нога; head, upper torso, lower torso, arm, leg)")
            else:
                out.append(f"zone:{general}")
        else:
            rest.append(part)
    buys, bad = words.parse_buys(", ".join(rest))
    errors += bad
    return out + buys


SEGMENTS = (("second", r"второй|вторая|второе|second"), ("next", r"дальше|далее|затем|then|next|beyond"),
            ("graze", r"задеваю|задевая|graze|grazing"), ("volley", r"очередь|volley"),
            ("move", r"иду|бегу|прыгаю|прыжок|падаю|приземляюсь|путь|через|на \(|проверка|walk|jog|run|sprint|jump|"
                     r"fall|land\w*|path|via|to \(|check"))
"""The further parts of a shot after «;»: the second projectile (M80, M81), the next targets of a through shot (M79),
a grazed target (M78), the skill points of a rapid fire's next arrows (M82), the path and check of a shot on the
move (M75-M77); a part that starts with none of these
words goes on the part before it («покупаю зона голова; опасность +1»)."""
CHECK = re.compile(r"(?:проверк\w*|check)\s*:?\s*(\d+)\s*(?:кубик\w*|куб\.?|dice|die)?\s*\(\s*([^)]*)\)", re.I)
LYING = r"лёжа|лежа|падаю|в падении|на спину|lying|falling|fall\b|prone"
FEET = r"на ноги|on (?:my|her|his) feet|on the feet|feet"


def segments(text: str) -> list[tuple[str, str]]:
    """A shot's text split at «;» into (kind, text): the main part, then each further part by its first word."""
    out: list[tuple[str, str]] = [("main", "")]
    for piece in text.split(";"):
        low = piece.strip().lower()
        kind = next((k for k, words_ in SEGMENTS if re.match(rf"(?:{words_})(?![а-яёa-z])", low)), None)
        if kind is None or out == [("main", "")]:
            out[-1] = (out[-1][0], f"{out[-1][1]}; {piece}" if out[-1][1] else piece)
        else:
            out.append((kind, piece))
    return out


def shot_order(text: str, state: Battle, actor: str, errors: list[str]) -> dict[str, Any]:
    """The shot of a post: its target, dice, purchases, the side of a limb hit, a hidden shot; its maneuver (M75-M81)
    and the parts after «;»: the second projectile's target and purchases, the next targets, the grazed targets with
    their purchases, the path and check of a shot on the move."""
    parts = segments(text)
    order = main_shot(parts[0][1], state, actor, errors)
    named = maneuvers_named(text)
    if len(named) > 1:
        errors.append(f"5.4.6: one maneuver per shot ({', '.join(named)} are named)")
    elif named:
        order["maneuver"] = named[0]
    targets = order.pop("_targets", [])
    if len(targets) == 2 and named == ["synchronous_throw"]:  # M81: «синхронный бросок в VSE и RAT»
        order["target"], order["second_target"] = targets
    elif len(targets) > 1:
        errors.append(f"5.6: one target per shot ({', '.join(targets)} are named; the next targets of a through shot "
                      "after «; дальше …», a grazed one after «; задеваю …», a synchronous throw's two «в VSE и RAT»)")
    elif targets:
        order["target"] = targets[0]
    for kind, part in parts[1:]:
        if kind == "second":
            second_part(part, order, state, actor, errors)
        elif kind == "next":
            order.setdefault("next_targets", []).extend(fighters_named(part, state, actor))
        elif kind == "graze":
            graze_part(part, order, state, actor, errors)
        elif kind == "volley":
            volley_part(part, order, errors)
    move_parts = " ; ".join(part for kind, part in parts[1:] if kind == "move")
    if named and named[0] in MOVING:
        on_the_move(named[0], text, move_parts, order, state, actor, errors)
    elif move_parts or CELL.search(text):
        errors.append("5.4.6: a path and a check only for a shot on the move or in a jump (M75-M77): name it "
                      "(«выстрел в движении», «выстрел в прыжке», «бросок в прыжке»; shot on the move, jump shot, "
                      "jump throw)")
    return order


def main_shot(text: str, state: Battle, actor: str, errors: list[str]) -> dict[str, Any]:
    """The first part of a shot: the fighters named (`_targets`), the dice, the purchases, the side, hidden."""
    order: dict[str, Any] = {}
    buys_text = ""
    b = BUYS.search(text)
    if b:
        buys_text, text = b.group(1), text[: b.start()]
    targets = fighters_named(text, state, actor)
    if not targets:
        errors.append("5.6: name the target of the shot by its id or name («Стреляю в VSE»)")
    order["_targets"] = targets
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
    ride = VEHICLE.search(whole)
    if ride is not None:
        order["vehicle"] = vehicle_said(ride, whole, state, actor, errors)
    return order


VEHICLE = re.compile(r"(?:с|из|from (?:a |the )?|on (?:a |the )?)\s*(?:телег\w*|повозк\w*|дилижанс\w*|колесниц\w*|"
                     r"корабл\w*|лодк\w*|cart|wagon|coach|chariot|ship|boat)[^0-9;]*?(\d+)\s*(?:м/с|m/s)", re.I)
"""5.6.8 (L1036): a shot from a moving vehicle in the players' words: «с телеги, 5 м/с», from a cart at 5 m/s."""
ALONG = (r"цель (?:едет |движется )?(?:со мной|рядом|в ту же сторону)|"
         r"target (?:rides |moves )?(?:with me|alongside|the same way)")


def vehicle_said(ride: re.Match[str], text: str, state: Battle, actor: str, errors: list[str]) -> dict[str, Any]:
    """{speed, skill (a skill id of the sheet named in the text), with_target} of «с телеги 5 м/с, торговый_этикет,
    цель со мной» (from a cart at 5 m/s, trade_etiquette, target alongside)."""
    out: dict[str, Any] = {"speed": int(ride.group(1))}
    skills = state.fighter(actor).skills if actor in state.roster else {}
    named = [k for k in skills if re.search(r"(?<![а-яёa-z_])" + re.escape(k.lower()) + r"(?![a-z_])", text)]
    if len(named) > 1:
        errors.append(f"5.6.8 (T-08): one skill of the vehicle ({', '.join(named)} are named)")
    elif named:
        out["skill"] = named[0]
    if re.search(ALONG, text):
        out["with_target"] = True
    return out


def second_part(text: str, order: dict[str, Any], state: Battle, actor: str, errors: list[str]) -> None:
    """M80, M81: «второй нож в RAT, покупаю зона нога» — the second projectile's target (a synchronous throw's other
    target; the same one if none or the first is named) and its purchases (`buys2`)."""
    buys_text = ""
    b = BUYS.search(text)
    if b:
        buys_text, text = b.group(1), text[: b.start()]
    named = fighters_named(text, state, actor)
    if len(named) > 1:
        errors.append(f"5.4.6 M81: one second target ({', '.join(named)} are named)")
    elif named and named[0] != order.get("target"):
        if order.get("second_target") not in (None, named[0]):
            errors.append(f"5.4.6 M81: two second targets ({order['second_target']}, {named[0]})")
        order["second_target"] = named[0]
    buys = shot_buys(buys_text, errors)
    if buys:
        order["buys2"] = buys


VOLLEY = re.compile(r"(?:очередь|volley)\s*:?\s*(\d+)", re.I)


def volley_part(text: str, order: dict[str, Any], errors: list[str]) -> None:
    """M82: «очередь 3 (3Н)» (volley 3): the skill points committed to the arrows after the first (A-77)."""
    m = VOLLEY.search(text)
    if m is None:
        errors.append("5.4.6 M82: the skill points of the next arrows after «; очередь», e.g. «; очередь 3 (3Н)» "
                      "(volley 3)")
        return
    order["volley"] = int(m.group(1))


def graze_part(text: str, order: dict[str, Any], state: Battle, actor: str, errors: list[str]) -> None:
    """M78: «задеваю MIR, покупаю зона рука» — a secondary target on the line of fire, nearest first, with the
    purchases that correct his zone."""
    buys_text = ""
    b = BUYS.search(text)
    if b:
        buys_text, text = b.group(1), text[: b.start()]
    named = fighters_named(text, state, actor)
    if len(named) != 1:
        errors.append("5.4.6 M78: one grazed target after each «задеваю» (graze), e.g. «; задеваю MIR, покупаю зона "
                      "рука»" + (f" ({', '.join(named)} are named)" if named else ""))
        return
    entry: dict[str, Any] = {"target": named[0]}
    buys = shot_buys(buys_text, errors)
    if buys:
        entry["buys"] = buys
    order.setdefault("graze", []).append(entry)


def on_the_move(maneuver: str, text: str, move_text: str, order: dict[str, Any], state: Battle, actor: str,
                errors: list[str]) -> None:
    """M75-M77: the cells walked or jumped (cell by cell from the shooter's cell), M76's gait when named, M75's
    landing lying after a fall, and the check's dice «проверка 2 кубика (2Р+1А)» (reflex, Acrobatics)."""
    code = {"jump_fall_throw": "M75", "moving_shot": "M76", "jump_shot": "M77"}[maneuver]
    path = [[int(a), int(b)] for a, b in CELL.findall(move_text)]
    if not path:
        errors.append(f"5.4.6 {code}: name the cells walked or jumped after «;», e.g. «; иду шагом на (1,2), проверка "
                      "1 кубик (1Р)» (walk to (1,2), check 1 die (1R))")
    else:
        order["path"] = path
        errors += gaps(state, actor, [(c[0], c[1]) for c in path])
    if maneuver == "moving_shot":
        spoken = move_text.lower()
        for pattern, _ in SHOT_MANEUVERS:
            spoken = re.sub(pattern, " ", spoken)
        gait = gait_named(re.sub(CHECK.pattern, " ", spoken, flags=re.I))
        if gait is not None:
            order["gait"] = gait
    lowered = text.lower()
    if re.search(rf"(?<![а-яёa-z])(?:{LYING})", lowered):
        order["landing"] = "lying"
    elif re.search(rf"(?<![а-яёa-z])(?:{FEET})", lowered):
        order["landing"] = "feet"
    m = CHECK.search(move_text) or CHECK.search(text)
    if m is None:
        errors.append(f"5.4.6 {code}: the check's dice, e.g. «проверка 2 кубика (2Р)» or with Acrobatics «(2Р+1А)» "
                      "(check 2 dice (2R), (2R+1A))")
        return
    check = {"reflex": 0}
    for n, letter in re.findall(r"(\d+)\s*([РрRrАаAa])", m.group(2)):
        check["reflex" if letter.lower() in "рr" else "acrobatics"] = check.get(
            "reflex" if letter.lower() in "рr" else "acrobatics", 0) + int(n)
    if sum(check.values()) != int(m.group(1)):
        errors.append(f"5.4.6 {code}: {m.group(1)} dice but the check's split ({m.group(2)}) makes "
                      f"{sum(check.values())} (Р reflex, А Acrobatics)")
    order["check"] = check


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
    if is_defence(body):
        return Parsed(None, ["5.4.7: a defence against a shot is a choice, not an act: post it with `battlelog "
                             "post-in` (or give it with `battlelog choose`)"])
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
        if kind == "draw" and EACH_HAND.search(lowered):  # M81 (L1115): a projectile into each hand
            speedups = [int(m.group(1)) for m in SPEEDUP.finditer(body) if m.group(1) is not None]
            order["second"] = {"speedup": speedups[1]} if len(speedups) > 1 else {}
        elif kind == "draw" and re.search(r"стрелы|болты|дротики|несколько|several|arrows|bolts|javelins", lowered):
            order["several"] = True
        if kind == "prepare" and shoots and prepares_double(body, state, actor):
            order["double"] = True  # M80 (L1109): two arrows prepared for twice the time, the shot not yet loosed
        elif shoots:
            order["shoot"] = shot_order(body[shot_start(lowered):], state, actor, errors)
    elif kind == "shoot":
        order.update(shot_order(body, state, actor, errors))
    elif kind == "form":
        order.update(form_order(body, state, actor, errors))
    elif kind == "throw_back":  # M88: the caught projectile thrown back, as a plain throw
        order.update(shot_order(body, state, actor, errors))
    elif kind == "charge":
        order.update(charge_order(body, state, actor, errors))
    elif kind == "pick_up":
        weapon = floor_weapon(lowered, state, actor, errors)
        if weapon is not None:
            order["weapon"] = weapon
    if facing is not None and kind in ("move", "wait"):
        order["facing"] = facing
    return Parsed(None if errors else order, errors)


def charge_order(body: str, state: Battle, actor: str, errors: list[str]) -> dict[str, Any]:
    """A charge (M16, M25 declared from afar, A-85, A-102): its maneuver, its one target, its path cell by cell and
    M25's run when named; the legality (the distance, the budget, the reach) is the field's check."""
    order: dict[str, Any] = {}
    lowered = body.lower()
    named = charges_named(lowered)
    if len(named) > 1:
        errors.append(f"5.4.1: one maneuver per charge ({', '.join(named)} are named)")
    elif not named:
        errors.append("5.4.1: name the charge's maneuver: «батман» (M16, A-85) or «стремительная атака» (M25, "
                      "A-102); beat or rushing attack")
    else:
        order["maneuver"] = named[0]
    targets = fighters_named(body, state, actor)
    if len(targets) != 1:
        errors.append("5.4.1: one target per charge, by its id or name («Бегу на VSE, батман»)"
                      + (f" ({', '.join(targets)} are named)" if targets else ""))
    else:
        order["target"] = targets[0]
    run = next((g for stem, g in RUNS if re.search(r"(?<![а-яёa-z])" + stem, lowered)), None)
    if run is not None and named == ["rushing_attack"]:
        order["run"] = run
    elif run is not None and named == ["beat"]:
        errors.append("5.4.1 M16 (L369, A-85): a beat runs within Speed: jog or sprint only for a rushing attack "
                      "(M25, CP-27)")
    path = [[int(a), int(b)] for a, b in CELL.findall(body)]
    if not path:
        errors.append("5.7: name the cells of the charge's path to within reach of the target, e.g. «через (2,2), "
                      "(3,2)» (path (2,2), (3,2))")
    else:
        order["path"] = path
        errors += gaps(state, actor, [(c[0], c[1]) for c in path])
    return order


def shot_start(lowered: str) -> int:
    """Where the shot of a stage begins: its verb («стреляю», shoot) or its maneuver's name («двойной выстрел»)."""
    spots = [m.start() for m in (re.search(r"стреля|shoot|throw|loose|бросаю|метаю", lowered),
                                 *(re.search(pattern, lowered) for pattern, _ in SHOT_MANEUVERS)) if m]
    return min(spots)


DOUBLE_PREPARE = r"двойн\w* выстрел\w*|две стрелы|двумя стрелами|double[ -]shot|two arrows"


def prepares_double(body: str, state: Battle, actor: str) -> bool:
    """M80: «Натягиваю лук на двойной выстрел» (prepare two arrows) names no shot verb, no target and no dice: the
    preparation for two arrows (`double`), not a shot."""
    lowered = body.lower()
    return (re.search(DOUBLE_PREPARE, lowered) is not None and maneuvers_named(lowered) in ([], ["double_shot"])
            and not re.search(r"стреля|shoot|throw|loose|бросаю|метаю", lowered)
            and not fighters_named(body, state, actor) and DICE.search(body) is None)


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


# --- the target's defences against a shot (5.4.7, M83-M90): choices, not acts ----------------------------------------

DEFENCE = re.compile(r"^\s*(?:(?:обмен|exchange)\s*(\d+)\s*[:.\-—]?\s*)?(?:защита от выстрела|защищаюсь от выстрела|"
                     r"защита от броска|defen[cs]e against|defending against)(?![а-яёa-z])", re.I)
PROTECT = re.compile(r"^\s*(?:(?:обмен|exchange)\s*(\d+)\s*[:.\-—]?\s*)?(?:не\s+)?(?:защищаю|прикрываю|protect\w*|"
                     r"(?:do not|don't) protect)(?![а-яёa-z])", re.I)
DEFENCE_WORDS = ((r"уклон\w*|ныря\w*|dodg\w*", "missile_dodge"), (r"свил\w*|slip\w*", "missile_slip"),
                 (r"парир\w* щит\w*|щит\w* парир\w*|shield parry|parry with (?:the |my )?shield",
                  "shield_parry_missile"),
                 (r"парир\w* оружи\w*|оружи\w* парир\w*|парир\w* (?!щит)\w+|weapon parry|parry with",
                  "weapon_parry_missile"),
                 (r"перехват\w*|ловлю|catch\w*", "missile_catch"), (r"маятник\w*|pendulum", "pendulum"),
                 (r"(?:прикрыва\w*|закрыва\w*|собой|своим) тел\w*|телом|body cover|with (?:my |his )?body",
                  "body_cover"))
"""5.4.7: the missile defences in the players' words (M85-M90), a shield's parry before a weapon's; a bodyguard's body
cover (L981: «прикрываю телом»)."""
NONE_WORDS = r"нет|без защиты|не защищаюсь|не защищаю|не прикрываю|none|no defen[cs]e|(?:do not|don't) protect"
SCREEN = re.compile(r"(?:заслон\w*|закрываюсь|закрываю|прикрываюсь)\s+щит\w*|screen\w*", re.I)
INTO_COVER = r"в укрыти\w*|на землю|падаю|into cover|to the ground|drop\w*"
ARM_ONLY = r"только рук\w*|без зон|arm only|only the (?:carrying )?arm|no zones?"


def is_defence(line: str) -> bool:
    """Whether a post's line is a defence against a shot (M84-M90) or a comrade's protection (M83)."""
    return DEFENCE.match(line) is not None or PROTECT.match(line) is not None


def defence_choice(line: str, state: Battle, actor: str,
                   requests: Any = ()) -> tuple[dict[str, Any] | None, list[str]]:
    """A loose fighter's defence against a shot as the choice `missile_defence` (M84-M90), or his protection of a
    comrade as `protect_ally` (M83), keyed by exchange and shooter (and the comrade):

        Защита от выстрела VSE: уклонение в укрытие, 2 кубика (2Р)      Defence against VSE: dodge, 2 dice (2R)
        Защита от выстрела ZOR: заслон щитом: голова, верхний корпус  Defence against ZOR: screen head
        Защищаю ZOR от выстрела VSE: парирование щитом, 2 кубика (2Р)  Protect ZOR from VSE: shield parry, 2 dice (2R)

    The exchange and the shooter not named are the ones of the open request, when there is exactly one (and its
    arrow, a rapid fire's, M82); the defence is never chosen here."""
    text = " ".join(line.strip().split())
    errors: list[str] = []
    protect = DEFENCE.match(text) is None
    head = DEFENCE.match(text) or PROTECT.match(text)
    assert head is not None
    exchange = int(head.group(1)) if head.group(1) else None
    rest = text[head.end():]
    split = re.search(r"[:—]|\s-\s|,", rest)
    header, body = (rest[:split.start()], rest[split.end():]) if split else (rest, "")
    name = "protect_ally" if protect else "missile_defence"
    key: dict[str, Any] = {}
    if protect:
        ward, _, tail = (re.split(r"(?i)(\bот\b|\bfrom\b|\bagainst\b)", header, maxsplit=1) + ["", ""])[:3]
        wards, shooters = fighters_named(ward, state, actor), fighters_named(tail, state, actor)
    else:
        wards, shooters = [], fighters_named(header, state, actor)
    open_ = [dict(r.key_dict) for r in requests if r.kind == "choice" and r.actor == actor and r.name == name]
    if protect:
        key["target"] = one_named(wards, "5.4.7 M83: name the comrade you protect («Защищаю ZOR от выстрела VSE: …»)",
                                  [k["target"] for k in open_ if k.get("target")], errors)
        open_ = [k for k in open_ if k.get("target") in (None, key["target"])]
    key["shooter"] = one_named(shooters, "5.4.7: name the shooter («Защита от выстрела VSE: …», defence against VSE)",
                               [k["shooter"] for k in open_ if k.get("shooter")], errors)
    asked = sorted({int(k["exchange"]) for k in open_ if k.get("shooter") == key["shooter"] and "exchange" in k})
    if exchange is None and len(asked) == 1:
        exchange = asked[0]
    if exchange is None:
        what = "protection" if protect else "defence"
        errors.append(f"4.3: name the exchange («Обмен 2: {text[head.start():head.end()].strip()} …»): no {what} "
                      f"against {key['shooter'] or 'the shot'} is asked of {actor} now")
    arrows = sorted({int(k["arrow"]) for k in open_ if k.get("shooter") == key["shooter"]
                     and k.get("exchange") == exchange and "arrow" in k})
    if len(arrows) == 1:  # M82: the arrow of a rapid fire the rules ask about
        key["arrow"] = arrows[0]
    refused = re.search(r"(?<![а-яёa-z])(?:не|do not|don't)\s", head.group(0).lower()) is not None
    value = "none" if refused and not body.strip() else defence_value(body, state, actor, protect, errors)
    if errors:
        return None, errors
    return {"name": name, "value": value, "exchange": exchange, **key}, []


def one_named(named: list[str], missing: str, asked: list[str], errors: list[str]) -> str | None:
    """The one fighter a defence names, else the one its open requests name; else an error."""
    if len(named) > 1:
        errors.append(f"5.4.7: one fighter each ({', '.join(named)} are named)")
        return None
    if named:
        return named[0]
    if len(set(asked)) == 1:
        return asked[0]
    errors.append(missing + (f" (asked now: {', '.join(sorted(set(asked)))})" if asked else ""))
    return None


def defence_value(body: str, state: Battle, actor: str, protect: bool, errors: list[str]) -> Any:
    """The answer: "none", or {maneuver, dice (reflex), skill, weapon (M87), into_cover (M89), screen (M84)}."""
    lowered = body.lower().strip(" .!")
    if re.fullmatch(rf"(?:{NONE_WORDS})", lowered):
        return "none"
    value: dict[str, Any] = {}
    screen = SCREEN.search(body)
    main = body[:screen.start()] if screen else body
    found = [code for pattern, code in DEFENCE_WORDS if re.search(rf"(?<![а-яёa-z])(?:{pattern})", main.lower())]
    found = found[:1] if found[:2] == ["shield_parry_missile", "weapon_parry_missile"] else found
    if len(found) > 1:
        errors.append(f"5.4.7: one defence against a shot ({', '.join(found)} are named)")
    if found:
        value["maneuver"] = found[0]
        dice = DICE.search(main)
        if dice is None:
            errors.append("5.4.7: the defence's dice and their split, e.g. «2 кубика (2Р)» or «3 кубика (2Р+1Н)»: Р "
                          "reflex, Н skill (А Acrobatics for a pendulum or a slip)")
        else:
            split = {"reflex": 0, "skill": 0}
            for n, letter in re.findall(r"(\d+)\s*([РрRrНнSsАаAa])", dice.group(2)):
                split["reflex" if letter.lower() in "рr" else "skill"] += int(n)
            if sum(split.values()) != int(dice.group(1)):
                errors.append(f"4.5: {dice.group(1)} dice but the split ({dice.group(2)}) makes {sum(split.values())}")
            value["dice"] = split["reflex"]
            if split["skill"]:
                value["skill"] = split["skill"]
        if re.search(rf"(?<![а-яёa-z])(?:{INTO_COVER})", main.lower()):
            if found[0] != "missile_dodge":
                errors.append("5.4.7 M89: into cover or to the ground only with a dodge («уклонение в укрытие»)")
            value["into_cover"] = True
        if found[0] == "weapon_parry_missile":
            parry_weapons(main, state, actor, value, errors)
    if screen is not None:
        if protect:
            errors.append("5.4.7 M83: a comrade protects with a parry, not a screen (M84 is the target's own)")
        value["screen"] = screen_zones(body[screen.end():], errors)
    if not value and not errors:
        errors.append("5.4.7: name the defence: «уклонение», «свиля», «парирование щитом», «парирование оружием», "
                      "«перехват», «маятник», «заслон щитом: …», «телом» or «нет» (dodge, slip, shield parry, weapon "
                      "parry, catch, pendulum, screen: …, body cover, none)")
    return value


def floor_weapon(text: str, state: Battle, actor: str, errors: list[str]) -> str | None:
    """M50 on the field: the weapon of his own a fighter picks up («Поднимаю лук с земли», pick up the short bow), by
    its id or its name in any case ending: his ranged weapon or one of his melee weapons."""
    from replay.rulesets.skirmish import data, ranged

    if actor not in state.roster:
        return None
    spoken: list[tuple[str, list[str]]] = []
    s = state.shooter(actor)
    if s is not None:
        name = ranged.weapon(s.weapon)["name"]
        spoken.append((s.weapon, [s.weapon.lower(), name["en"].lower(), *(w for w in name["ru"].lower().split()
                                                                         if len(w) > 2)]))
    for w in state.fighter(actor).weapons:
        name = data.weapon_type(w.type)["name"]
        spoken.append((str(w.id), [w.id.lower(), name["en"].lower(), *(x for x in name["ru"].lower().split()
                                                                        if len(x) > 2)]))
    named = [wid for wid, said in spoken
             if any(re.search(r"(?<![а-яёa-z_])" + name_pattern(word), text) for word in said)]
    if len(named) != 1:
        errors.append("M50: name the one weapon picked up from the floor by its id or name («поднимаю лук», pick up "
                      "the short_bow)" + (f" ({', '.join(named)} are named)" if named else ""))
        return None
    return named[0]


BARE_HAND = re.compile(r"(?<![а-яёa-z_])(?:рук(?:ой|ами|а|у)|hands?)(?![а-яёa-z_])", re.I)
"""M87 (L1153 «или даже руками»): the bare hand as the parrying «weapon» («парирую рукой», parry with my hand)."""


def parry_weapons(text: str, state: Battle, actor: str, value: dict[str, Any], errors: list[str]) -> None:
    """M87: the parrying weapon into `value`; with two dice groups (L1153: two weapons against two projectiles, each
    its own roll) the weapon named before the first group parries the first projectile and the one after it the
    second («парирую мечом, 2 кубика (2Р), и кинжалом, 2 кубика (1Р+1Н)» → weapon, second {weapon, dice, skill})."""
    groups = list(DICE.finditer(text))
    if len(groups) != 2:
        weapon = parrying_weapon(text.lower(), state, actor, errors)
        if weapon is not None:
            value["weapon"] = weapon
        return
    first = parrying_weapon(text[:groups[0].end()].lower(), state, actor, errors)
    second = parrying_weapon(text[groups[0].end():].lower(), state, actor, errors)
    split = {"reflex": 0, "skill": 0}
    for n, letter in re.findall(r"(\d+)\s*([РрRrНнSs])", groups[1].group(2)):
        split["reflex" if letter.lower() in "рr" else "skill"] += int(n)
    if sum(split.values()) != int(groups[1].group(1)):
        errors.append(f"4.5: {groups[1].group(1)} dice but the split ({groups[1].group(2)}) makes "
                      f"{sum(split.values())}")
    if first is not None and second is not None:
        value["weapon"] = first
        value["second"] = {"weapon": second, "dice": split["reflex"],
                           **({"skill": split["skill"]} if split["skill"] else {})}


def parrying_weapon(text: str, state: Battle, actor: str, errors: list[str]) -> str | None:
    """M87: the one weapon of the fighter's a text names, by its id or its type's name in any case ending
    («бастардом», «кинжалом», longsword), or his bare hand (`hand`: «парирую рукой», parry with my hand)."""
    from replay.rulesets.skirmish import data
    from replay.rulesets.skirmish.missile_defences import HAND

    if actor not in state.roster:
        return None
    named = []
    for w in state.fighter(actor).weapons:
        name = data.weapon_type(w.type)["name"]
        spoken = [w.id.lower(), name["en"].lower(), *(word for word in name["ru"].lower().split() if len(word) > 2)]
        if any(re.search(r"(?<![а-яёa-z_])" + name_pattern(word), text) for word in spoken):
            named.append(str(w.id))
    if not named and re.search(BARE_HAND, text):  # «левой рукой парирую кинжалом»: the hand only holds the dagger
        named.append(HAND)
    if len(named) > 1:
        errors.append(f"5.4.7 M87: one parrying weapon ({', '.join(named)} are named)")
        errors.append("5.4.7 M87 (L1153): two weapons parry two projectiles, each with its own dice: «парирую мечом, "
                      "2 кубика (2Р), и кинжалом, 2 кубика (1Р+1Н)»")
    elif not named:
        errors.append("5.4.7 M87: name the parrying weapon by its id or name («парирование оружием: меч»)")
    return named[0] if len(named) == 1 else None


def screen_zones(text: str, errors: list[str]) -> list[str]:
    """M84: «заслон щитом: голова, верхний корпус» -> ["head", "upper_torso"]; «только рука» (arm only): []."""
    zones: list[str] = []
    rest = text.strip(" :.-—")
    if re.fullmatch(rf"(?:{ARM_ONLY})", rest.lower()):
        return []
    for part in filter(None, (p.strip() for p in re.split(r",|;| и | and ", rest.lower()))):
        zone = words.find_zone(part)
        if zone is None:
            errors.append(f"5.4.7 M84: «{part}» names no zone (голова, верхний корпус, нижний корпус, левая рука, "
                          "правая нога …; head, upper torso …)")
        else:
            zones.append(zone)
    if not zones and not errors:
        errors.append("5.4.7 M84: name the zones the shield screens («заслон щитом: голова») or «только рука» (arm "
                      "only)")
    return zones


def defence_lines(text: str, state: Battle, actor: str | None, requests: Any) -> tuple[list[dict[str, Any]], list[str],
                                                                                       str]:
    """A loose fighter's post: its defence lines as choice payloads (every error with its line), and the rest of the
    post (its act, rolls and `choice:` lines) for the usual reading."""
    if actor is None or not isinstance(state, Battle) or actor not in state.roster or state.pair_of(actor) is not None:
        return [], [], text
    choices: list[dict[str, Any]] = []
    errors: list[str] = []
    rest: list[str] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not is_defence(line) and not AVOID.search(line):
            rest.append(line)
            continue
        payload, bad = defence_choice(line, state, actor, requests) if is_defence(line) else \
            avoid_choice(line, actor, requests)
        errors += [f"line {n}: {e}" for e in bad]
        if payload is not None:
            choices.append(payload)
    return choices, errors, "\n".join(rest)


AVOID = re.compile(r"(?:уклоняюсь|уклониться|избегаю|избежать)\s+(?:от\s+)?схватк\w*|avoid(?:ing|s)?\s+the\s+melee",
                   re.I)
"""M53 (L681): an enemy outside a melee answers a maneuverer who moves towards him, «уклоняюсь от схватки, 2 кубика»."""
AVOID_DICE = re.compile(r"(\d+)\s*(?:кубик\w*|куб\.?|к(?=\s|$|[,.;(])|dice|die|d\b)", re.I)
AVOID_NOT = re.compile(r"(?<![а-яёa-z])(?:не|do not|don't)\s+(?:уклоняюсь|избегаю|avoid)", re.I)


def avoid_choice(line: str, actor: str, requests: Any = ()) -> tuple[dict[str, Any] | None, list[str]]:
    """The answer `avoid_melee` (M53, L681) of an enemy outside a melee whom a maneuverer moves towards: his reflex
    dice, «уклоняюсь от схватки, 2 кубика» (avoid the melee, 2 dice), «не уклоняюсь от схватки» (0), keyed by the
    open request (its exchange and the maneuverer). The dice are never chosen here."""
    text = " ".join(line.strip().split())
    open_ = [dict(r.key_dict) for r in requests if r.kind == "choice" and r.actor == actor
             and r.name == "avoid_melee"]
    if len(open_) != 1:
        return None, ["M53 (L681): no avoiding the melee is asked of " + actor + " now" if not open_ else
                      "M53 (L681): several answers to avoid a melee are asked of " + actor + " now"]
    dice = AVOID_DICE.search(text[AVOID.search(text).end():])  # type: ignore[union-attr]
    if AVOID_NOT.search(text) and dice is None:
        return {"name": "avoid_melee", "value": 0, **open_[0]}, []
    if dice is None:
        return None, ["M53 (L681): the reflex dice rolled to avoid the melee, e.g. «уклоняюсь от схватки, 2 кубика» "
                      "(avoid the melee, 2 dice; 0: none)"]
    return {"name": "avoid_melee", "value": int(dice.group(1)), **open_[0]}, []


# --- a declaration in a melee of several fighters (4.4): target, answers, as, then, also -------------------------

GROUP_PROTECT = re.compile(r"(?:защит\w* союзник\w*|прикрыва\w* напарник\w*|прикрыва\w* союзник\w*|protect\w*(?: an)? "
                     r"ally|protect_ally|cover\w*(?: my| his)? partner)", re.I)
"""M37 (and a partner's cover, 5.12): the protection named; the defence it is, `as`, is the other maneuver named."""
THEN = re.compile(r"(?:затем|потом|дальше|далее|then)\b", re.I)
ALSO = re.compile(r"(?:также|а также|и ещё|и еще|also)\b", re.I)
TOWARDS = re.compile(r"(?<![\wА-Яа-яЁё])(?:к|ко|towards|toward)\s", re.I)
"""M45 (L616): a surrounded retreater's way out, «отступаю к Ратибору» (retreat towards Ratibor)."""
ANSWERS = re.compile(r"(?<![\wА-Яа-яЁё])(?:против|от атаки|от удара|от|against|from)\s", re.I)


def melee_group_order(text: str, parsed: Parsed, state: Battle, actor: str) -> Parsed:
    """A fighter's declaration in a melee of several fighters (4.4; docs/skirmish.md "A melee of several fighters"):
    part 1's order with the group's keys read from the same words: an attack's `target` (the enemy named first),
    `then` (M09/M10: «затем …», then …, the further targets in the sweep's order), `also` (M24: «также …», also …,
    the second target); a defence's `answers` (the attacker, «против …», against …), a Retreat's `towards` (M45, L616:
    «к …», towards …, the enemy he moves towards) and Protect ally's `as` (the
    defence it is: «защищаю союзника BOR от DOB блоком оружием»). Nothing is chosen: a key the words leave open where
    several are possible is an error."""
    from replay.rulesets.skirmish import group

    pair = state.pair_of(actor)
    order = dict(parsed.order) if parsed.order else None
    if pair is None or order is None or order.get("maneuver") == "pass" and order.get("step") == "attack":
        return parsed
    body = " ".join(text.strip().split())
    side = state.fighter(actor).side
    enemies = [f.id for f in pair.fight.fighters if f.side != side]
    errors: list[str] = []
    head, then_text, also_text = body, None, None
    for pattern, slot in ((ALSO, "also"), (THEN, "then")):
        m = pattern.search(head)
        if m:
            tail = head[m.end():]
            head = head[:m.start()]
            if slot == "also":
                also_text = tail
            else:
                then_text = tail
    if order.get("maneuver") == "retreat" and TOWARDS.search(head):  # M45 (L616): the enemy he retreats towards
        found = TOWARDS.search(head)
        assert found is not None
        tail = head[found.end():]
        cut = ANSWERS.search(tail)  # «к Ратибору, против Бориса»: the attacker answered follows
        towards = [f for f in fighters_named(tail[:cut.start()] if cut else tail, state, actor) if f in enemies]
        head = head[:found.start()] + (" " + tail[cut.start():] if cut else "")
        if len(towards) != 1:
            errors.append("M45 (L616): «к …» (towards …) names the one enemy he retreats towards")
        else:
            order["towards"] = towards[0]
    named = [f for f in fighters_named(head, state, actor) if f in pair.fight.ids]
    if order["step"] == "attack":
        foes = [f for f in named if f in enemies]
        if foes:
            order["target"] = foes[0]
        elif len(enemies) == 1:
            order["target"] = enemies[0]
        else:
            order.pop("target", None)
            errors.append(f"4.4: name the target of the attack (in this melee: {', '.join(enemies)})")
        if then_text is not None:
            order["then"] = [f for f in fighters_named(then_text, state, actor) if f in pair.fight.ids]
            if not order["then"]:
                errors.append("M09: «затем …» (then …) names the further targets of the sweep")
        if also_text is not None:
            also = [f for f in fighters_named(also_text, state, actor) if f in pair.fight.ids]
            if len(also) != 1:
                errors.append("M24: «также …» (also …) names one second target")
            else:
                order["also"] = also[0]
        return Parsed(None if errors else order, [*parsed.errors, *errors])
    protect = GROUP_PROTECT.search(body)
    if protect or order.get("maneuver") == "protect_ally":
        rest = GROUP_PROTECT.sub(" ", body) if protect else body.lower().replace("защита союзника", " ")
        under = words.find_maneuver(re.sub(r"^\s*(?:защита|defence|defense)\s*[:\-—]?", " ", rest.lower()))
        if under not in group.PROTECT_AS:
            errors.append("M37 (L542): name the defence that protects: «блоком оружием», «блоком щитом» or «сбивом» "
                          "(weapon block, shield block, knock-aside)")
        else:
            order["maneuver"], order["as"] = "protect_ally", under
    answering = ANSWERS.search(head)
    after = [f for f in fighters_named(head[answering.end():], state, actor) if f in enemies] if answering else []
    foes = after or [f for f in named if f in enemies]
    if foes:
        order["answers"] = foes[0]
    elif len(enemies) == 1:
        order["answers"] = enemies[0]
    else:
        errors.append(f"4.4: name the attacker the defence answers, «против …» (against …; in this melee: "
                      f"{', '.join(enemies)})")
    return Parsed(None if errors else order, [*parsed.errors, *errors])


FLEE = re.compile(r"покидаю поле|с поля боя|бегу с поля|убегаю|побег|flee|leave the (?:battle)?field", re.I)
"""M45 (L616, CP-19): a Retreat declared as part of fleeing the battlefield, in the players' words."""


def fleeing_retreat(text: str, parsed: Parsed) -> Parsed:
    """A melee declaration «Защита: отступление, 3 кубика (3Р), бегу с поля боя» (Defence: retreat …, flee): the
    Retreat declared as part of fleeing (`flee: true`); the check says whether he can (the field's edge)."""
    order = parsed.order
    if order is None or not FLEE.search(text):
        return parsed
    return Parsed({**order, "flee": True}, parsed.errors)
