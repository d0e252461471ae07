"""What battlelog prints in English, said in another language: problems (errors), the arithmetic of resolutions
(their `why` lines) and the names of resolution steps.

The log and the code keep English (a `why` line is recorded as the rules wrote it; a problem is raised as a string).
A *catalogue* says those English lines in another language: each entry is a pair of parallel sentences,

    ("a stack has 6 items, not {n}", "в стеке 6 пунктов, а не {n}")

where `{name}` in the English one matches any text, maybe none (the shortest that lets the whole line match; `{n:#}`
only a number, `{name:w}` only one word) and in the translation puts that text back: as it was (`{n}`), through one
of the catalogue's word tables (`{stake:stake}`), or translated again by the same catalogues (`{rest:@}`, for a line
that wraps another). `{{` and `}}` are braces.

The core has its own catalogue (`_CORE_RU_ENTRIES`: the CLI's, the log's and the driver's messages); a ruleset
adds its own through `Ruleset.catalogue(lang)` (default: `data/messages_<lang>.json` beside it, see docs/forums.md).
A line that no catalogue knows is printed in English, marked (`[англ.]`), never guessed at.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from replay.context import says as key_said

if TYPE_CHECKING:
    from replay.ruleset import Ruleset

Words = Mapping[str, str] | Callable[[str], str]
UNTRANSLATED = {"ru": "[англ.] "}
"""The mark of a line printed in English because no catalogue has words for it."""

_FIELD = re.compile(r"\{\{|\}\}|\{(\w+)(?::([\w@#]+))?\}")
KINDS = {"#": r"[-+−]?\d+(?:[.,]\d+)?", "w": r"\w+"}
"""What a field of an English sentence may match besides any text: `{n:#}` a number, `{name:w}` one word (an id)."""


def decimal(number: object, lang: str) -> str:
    """A number as `lang` writes it: Russian puts a comma before the fraction («3,5 м»), English a point; a float is
    written as short as it reads (`:g`), an int or a text of digits as it is."""
    text = f"{number:g}" if isinstance(number, float) else str(number)
    return re.sub(r"(?<=\d)\.(?=\d)", ",", text) if lang == "ru" else text


def figures(text: str, lang: str) -> str:
    """A report's figures as `lang` writes them: Russian groups thousands with a space and puts a comma before the
    fraction («12 345», «1,23 с», «50,0%»); English as written («12,345», «1.23 s»)."""
    if lang != "ru":
        return text
    grouped = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", " ", text)
    return re.sub(r"(?<=\d)\.(?=\d)", ",", grouped)


_DECIMAL_PAIR = re.compile(r"\(([-−]?\d+(?:,\d+)?), ([-−]?\d+(?:,\d+)?)\)")


def decimal_pairs(line: str) -> str:
    """A Russian line's pairs of numbers «(30, 34,5)» written «(30; 34,5)» once a decimal comma would make the comma
    between them ambiguous; pairs of whole numbers stay «(2, 3)»."""
    return _DECIMAL_PAIR.sub(lambda m: f"({m.group(1)}; {m.group(2)})" if "," in m.group(1) + m.group(2)
                             else m.group(0), line)


def _pattern(english: str) -> re.Pattern[str]:
    """The regex of an English sentence with `{name}` fields (each the shortest text that lets the line match)."""
    out, pos, seen = [], 0, set()
    for m in _FIELD.finditer(english):
        out.append(re.escape(english[pos:m.start()]))
        token = m.group(0)
        if token in ("{{", "}}"):
            out.append(re.escape(token[0]))
        elif m.group(1) in seen:
            out.append(f"(?P={m.group(1)})")
        else:
            seen.add(m.group(1))
            out.append(f"(?P<{m.group(1)}>{KINDS.get(m.group(2) or '', '.*?')})")
        pos = m.end()
    out.append(re.escape(english[pos:]))
    return re.compile("".join(out), re.DOTALL)


@dataclass(frozen=True)
class Catalogue:
    """English lines -> one other language: entries of parallel sentences, and the word tables their fields use."""

    entries: Sequence[tuple[str, str]]
    words: Mapping[str, Words] = field(default_factory=dict)

    def __post_init__(self) -> None:
        compiled = []
        for english, translated in self.entries:
            pattern = _pattern(english)
            names = set(pattern.groupindex)
            used = {m.group(1) for m in _FIELD.finditer(translated) if m.group(1)}
            if not used <= names:
                raise ValueError(f"catalogue entry {english!r}: the translation names {sorted(used - names)}, "
                                 "which the English does not")
            tables = {m.group(2) for m in _FIELD.finditer(translated) if m.group(2) not in (None, "@", "#", "w")}
            if not tables <= set(self.words):
                raise ValueError(f"catalogue entry {english!r}: no word table {sorted(tables - set(self.words))}")
            numbers = frozenset(m.group(1) for m in _FIELD.finditer(english) if m.group(2) == "#")
            compiled.append((pattern, translated, numbers))
        object.__setattr__(self, "_compiled", tuple(compiled))

    def match(self, line: str, again: Callable[[str], str | None]) -> str | None:
        """`line` translated by the first entry whose English matches it whole (None: no entry does)."""
        for pattern, translated, numbers in self._compiled:  # type: ignore[attr-defined]
            m = pattern.fullmatch(line)
            if m is None:
                continue
            values = {k: decimal(v, "ru") if k in numbers else v for k, v in m.groupdict().items()}
            out = self._fill(translated, values, again)
            if out is not None:
                return decimal_pairs(out)
        return None

    def _fill(self, translated: str, values: dict[str, str], again: Callable[[str], str | None]) -> str | None:
        parts: list[str] = []
        pos = 0
        for m in _FIELD.finditer(translated):
            parts.append(translated[pos:m.start()])
            pos = m.end()
            if m.group(0) in ("{{", "}}"):
                parts.append(m.group(0)[0])
                continue
            value, table = values[m.group(1)], m.group(2)
            if table in KINDS:
                table = None
            if table == "@":
                said = again(value)
                if said is None:
                    return None  # the wrapped line is unknown: another entry may read the whole line differently
                parts.append(said)
            elif table is not None:
                words = self.words[table]
                said = words(value) if callable(words) else words.get(value)
                if said is None:
                    return None
                parts.append(said)
            else:
                parts.append(value)
        parts.append(translated[pos:])
        return "".join(parts)


@dataclass(frozen=True)
class Chain:
    """Catalogues tried in order; a field marked `@` is translated by the whole chain again."""

    catalogues: tuple[Catalogue, ...]

    def translate(self, line: str) -> str | None:
        """`line` in the catalogues' language, or None when none of them has words for it."""
        for catalogue in self.catalogues:
            said = catalogue.match(line, self.translate)
            if said is not None:
                return said
        return None

    def say(self, line: str, lang: str) -> str:
        """`line` translated, or the English line marked as such."""
        said = self.translate(line)
        return said if said is not None else UNTRANSLATED.get(lang, "") + line


def load(path: Path) -> Catalogue | None:
    """A catalogue file: {"entries": [[english, translated], …], "words": {table: {english: translated}}}."""
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return Catalogue([tuple(e) for e in data.get("entries", [])], data.get("words", {}))  # type: ignore[misc]


def chain(lang: str, rulesets: Iterable[Ruleset] = ()) -> Chain:
    """The catalogues of `lang`: each ruleset's, then the core's (the rulesets first: their words are the more
    precise)."""
    return _chain(lang, tuple(rulesets))


@cache
def _chain(lang: str, rulesets: tuple[Ruleset, ...]) -> Chain:
    own = [c for c in (rs.catalogue(lang) for rs in rulesets) if c is not None]
    if lang != "ru":
        return Chain(tuple(own))

    def name(type_: str) -> str:
        said = next((n for n in (_event_word(rs, type_, lang) for rs in rulesets) if n), None)
        return said or CORE_EVENTS[lang].get(type_) or type_

    # said before any ruleset's words: a GM's line wraps a ruleset's ("ГМ" first), and a batch item's place is the
    # core's form, which a ruleset's looser "line {n} ({what})" would otherwise take with its English inside
    def field(path: str) -> str:
        return field_words(rulesets, path, lang)

    early = Catalogue([("GM: {rest}", "ГМ: {rest:@}"),
                       ("line {n:#} ({kind:w} of {actor}, turn {t:#}): {rest}",
                        "строка {n} ({kind:type} от {actor}, ход {t}): {rest:@}")], {"type": name})
    return Chain((early, *own, Catalogue(_CORE_RU_ENTRIES, {"kind": AUDIT_KINDS_RU, "type": name,
                                                       "json": json_detail_ru, "pydantic": pydantic_ru,
                                                       "gm": _gm_ru, "source": _ROLL_SOURCE_RU,
                                                       "corpus": CORPUS_KINDS_RU, "field": field,
                                                       "policy": _DICE_POLICY_RU, "rollsource": _ROLL_SOURCES_RU,
                                                       "dice": dice_ru, "fieldpath": _field_path,
                                                       "sealkey": _seal_key, "value": _value_ru,
                                                       "postpiece": _POST_PIECE_RU,
                                                       "figures": lambda t: figures(t, "ru")})))


CORE_FIELDS_RU = {
    "result": "результат", "outcome": "исход", "winner": "победитель", "why": "расчёт", "rule": "правило",
    "defaults": "толкования правил", "damage": "урон", "total": "сумма", "value": "значение", "events": "события",
}
"""Payload fields most rulesets write, in words (a ruleset's catalogue table "field" says its own first)."""


def field_words(rulesets: Iterable[Ruleset], path: str, lang: str) -> str:
    """A payload field's path as an audit shows it in `lang`: its meaning in words from the rulesets' catalogues
    (their word table "field", asked for the path's last two names, then its last: "pose.x", "x") or the core's
    table, with the path itself beside it («урон (sides.B.damage)»); a path nobody names stays as it is."""
    if lang == "en":
        return path
    names = [n for n in re.split(r"[.\[\]]+", path) if n and not n.isdigit()]
    asked = [".".join(names[-2:]), names[-1]] if len(names) > 1 else names
    tables = [t for t in (rs.catalogue(lang) for rs in rulesets) if t is not None]
    for key in asked:
        for catalogue in tables:
            table = catalogue.words.get("field")
            said = (table(key) if callable(table) else table.get(key)) if table is not None else None
            if said:
                return f"{said} ({path})"
    said = CORE_FIELDS_RU.get(asked[-1]) if lang == "ru" and asked else None
    return f"{said} ({path})" if said else path


def dice_ru(notation: str) -> str:
    """Dice as a Russian forum writes them: 1d100 -> 1к100, 2d6-2 -> 2к6-2."""
    return re.sub(r"(?<![A-Za-z])(\d*)d(\d+)", r"\1к\2", notation)


_DICE_POLICY_RU = {"forum": "бросают игроки на форуме", "engine": "проверяемые кости движка"}
_ROLL_SOURCES_RU = {"forum": "на форуме", "manual": "введено вручную", "engine": "кости движка"}


def _gm_ru(who: str) -> str:
    return "ГМ" if who in ("GM", "the GM") else who


def loaded_rulesets() -> list[Ruleset]:
    """The rulesets imported so far (a command imports only its game's): whose words an error may need."""
    from replay import ruleset as registry

    return list(registry._REGISTRY.values())  # noqa: SLF001 - the registry's own view, read only


def localize(line: str, lang: str, rulesets: Iterable[Ruleset] | None = None) -> str:
    """A message (an error, a note) in `lang`: English stays English; otherwise translated, or marked English."""
    if lang == "en":
        return line
    return chain(lang, loaded_rulesets() if rulesets is None else rulesets).say(line, lang)


def why_lines(ruleset: Ruleset, payload: Mapping[str, Any], lang: str) -> list[str]:
    """A resolution's recorded arithmetic in `lang` (through the ruleset's `why` hook)."""
    if lang != "en":
        return ruleset.why(payload, lang)
    why = payload.get("why", [])
    return [str(w) for w in why] if isinstance(why, list) else [str(why)]


def translate_lines(ruleset: Ruleset, lines: Sequence[str], lang: str) -> list[str]:
    """Lines in `lang` by the ruleset's and the core's catalogues; a line with words for none stays English, marked.
    A line already written in the language (a GM's note in Russian) is kept as it is."""
    if lang == "en":
        return list(lines)
    words = chain(lang, [ruleset])
    return [line if _already(line, lang) and words.translate(line) is None else words.say(line, lang)
            for line in lines]


def _already(line: str, lang: str) -> bool:
    """The line is mostly in `lang`'s script already (Russian: more Cyrillic letters than Latin ones)."""
    if lang != "ru":
        return False
    cyrillic = len(re.findall(r"[А-Яа-яЁё]", line))
    return cyrillic > len(re.findall(r"[A-Za-z]", line))


def event_name(ruleset: Ruleset, type_: str, lang: str) -> str:
    """A resolution event type in words (`duel.strike` -> "удар"), or the type itself when the ruleset has none."""
    if lang == "en":
        return type_
    return _event_word(ruleset, type_, lang) or CORE_EVENTS.get(lang, {}).get(type_) or type_


def _event_word(ruleset: Ruleset, type_: str, lang: str) -> str | None:
    """The ruleset's name for an event type: its catalogue's word table "event"."""
    catalogue = ruleset.catalogue(lang)
    names = catalogue.words.get("event") if catalogue is not None else None
    if names is None:
        return None
    return names(type_) if callable(names) else names.get(type_)


_JSON_RU = {
    "expected value": "ожидалось значение", "expecting value": "ожидалось значение",
    "expected ident": "ожидалось значение: true, false, null, число или строка",
    "eof while parsing a value": "текст кончился, не дойдя до значения",
    "eof while parsing an object": "текст кончился внутри объекта",
    "eof while parsing a list": "текст кончился внутри списка",
    "eof while parsing a string": "текст кончился внутри строки", "trailing comma": "лишняя запятая в конце",
    "key must be a string": "ключ должен быть строкой",
    "expecting property name enclosed in double quotes": "ожидалось имя поля в двойных кавычках",
    "expected `,` or `}`": "ожидалась `,` или `}`", "expected `,` or `]`": "ожидалась `,` или `]`",
    "expected `:`": "ожидалось `:`", "expecting ':' delimiter": "ожидалось `:`",
    "expecting ',' delimiter": "ожидалась `,`",
    "trailing characters": "лишние знаки после значения", "extra data": "лишние знаки после значения",
    "invalid escape": "неверная экранировка", "invalid control character": "недопустимый управляющий знак",
    "unterminated string starting at": "незакрытая строка",
}
_PYDANTIC_RU = {
    "field required": "поле обязательно", "input should be a valid integer": "нужно целое число",
    "input should be a valid string": "нужна строка", "input should be a valid dictionary": "нужен объект",
    "input should be a valid list": "нужен список", "input should be a valid boolean": "нужно true или false",
    "extra inputs are not permitted": "лишнее поле", "input should be a valid number": "нужно число",
    "input should be a valid dictionary or instance of a model": "нужен объект",
}


def json_detail_ru(detail: str) -> str:
    """A JSON parser's complaint ("expected value at line 1 column 2") in Russian; a phrase it does not know is kept
    in English, marked."""
    m = re.fullmatch(r"(.+?)(?::? (?:at )?line (\d+) column (\d+)(?: \(char \d+\))?)?", detail.strip())
    assert m is not None
    said = _JSON_RU.get(m.group(1).lower())
    where = f", строка {m.group(2)}, столбец {m.group(3)}" if m.group(2) else ""
    return (said if said else f"англ.: {m.group(1)}") + where


def pydantic_ru(message: str) -> str | None:
    """A pydantic message in Russian (None: not one it knows)."""
    said = _PYDANTIC_RU.get(message.strip().lower())
    if said is None and message.startswith("Input should be "):  # Input should be 'a' or 'b'
        said = "допустимо: " + message.removeprefix("Input should be ").replace(" or ", " или ")
    return said


AUDIT_KINDS_RU = {"differs": "расхождение с правилами", "ruling": "решение ГМ", "unresolvable": "не разрешается",
                  "unused": "не использовано"}
def _field_path(text: str) -> str | None:
    """A setup's field as pydantic names it ("duelists.0.traits"): JSON keys, kept as written."""
    return text if re.fullmatch(r"\w+(?:\.\w+)*", text) else None


def _value_ru(text: str) -> str:
    """A payload's value in an audit's difference: a lone number with the Russian decimal comma («8,0»); anything
    else (a list, an object, a text) as written."""
    return decimal(text, "ru") if re.fullmatch(r"[-−]?\d+\.\d+", text) else text


_POST_PIECE_RU = {"heading": "Заголовок", "para": "Абзац", "bullets": "Список", "table": "Таблицу", "pre": "Блок кода",
                  "spoiler": "Спойлер", "private": "Личную часть"}
"""A post's block in words (the accusative: «Таблицу этого поста не разрезать…»)."""


def _seal_key(text: str) -> str | None:
    """An input a seal stands for ("A's order", "GM's roll move_roll [warrior=a1]"): its kind in words, the actor, the
    request's name and key as written."""
    m = re.fullmatch(r"(.+?)'s (order|roll|choice)((?: [\w.]+)?(?: \[.*\])?)", text)
    if m is None:
        return None
    who = "ГМ" if m.group(1) == "GM" else m.group(1)
    return f"{CORE_EVENTS['ru'][m.group(2)]}{m.group(3)} от {who}"


CORE_EVENTS = {"ru": {"order": "приказ", "roll": "бросок", "choice": "выбор", "ruling": "решение ГМ",
                      "input.sealed": "запечатанный ввод", "input.revealed": "вскрытый ввод",
                      "game.created": "создание игры", "turn.closed": "конец хода", "correction": "поправка"}}

_CORE_RU_ENTRIES: list[tuple[str, str]] = [
    # a log's lines (import)
    ("line {n:#} setup: {rest}", "строка {n}, setup: {rest:@}"),
    ("seq {n:#} setup: {rest}", "seq {n}, setup: {rest:@}"),
    ("{where} line {n}: not valid JSON ({detail})", "{where}, строка {n}: это не правильный JSON ({detail:json})"),
    ("{where} line {n}: {field}: {msg}", "{where}, строка {n}: {field}: {msg:pydantic}"),
    ("{where} line {n}: {rest}", "{where}, строка {n}: {rest:@}"),
    ("line {n} ({what}): {rest}", "строка {n} ({what}): {rest:@}"),
    ("line {n}: {rest}", "строка {n}: {rest:@}"),
    ("seq {seq} ({type}): {rest}", "seq {seq} ({type}): {rest:@}"),
    # the CLI: files and the database
    ("--db: the database file {path} does not exist (nothing was created; a new game is started with `battlelog "
     "new`, a log brought in with `battlelog import`)",
     "--db: файла базы данных {path} нет (ничего не создано; новая игра начинается командой `battlelog new`, "
     "журнал вносится командой `battlelog import`)"),
    ("--db: {rest}", "--db: {rest:@}"),
    ("{path}: no such file", "{path}: такого файла нет"),
    ("{path}: is a directory, not a file", "{path}: это папка, а не файл"),
    ("{path}: not UTF-8 text ({reason} at byte {n})", "{path}: не текст UTF-8 ({reason} в байте {n})"),
    ("{path}: cannot be read ({reason})", "{path}: не читается ({reason})"),
    ("{what}: not valid JSON ({detail})", "{what}: это не правильный JSON ({detail:json})"),
    ("{path}: not valid {fmt}: {detail}", "{path}: это не правильный {fmt}: {detail}"),
    ("{path}: expected an object at the top level", "{path}: на верхнем уровне должен быть объект"),
    ("no game {game} in this database (see `battlelog games`)",
     "в этой базе нет игры {game} (см. `battlelog games`)"),
    ("game {game} already exists in {db}", "игра {game} уже есть в {db}"),
    ("unknown ruleset {key} (known: {known})", "неизвестный свод правил {key} (известны: {known})"),
    ("{key} option {name}: {msg} (see `battlelog rules {id}`)",
     "{key}, вариант правил {name}: {msg:pydantic} (см. `battlelog rules {id}`)"),
    ("{key} options: {detail}", "варианты правил {key}: {detail}"),
    ("give the order with --file, --text or --json", "дайте приказ через --file, --text или --json"),
    ("the post holds no order", "в сообщении нет приказа"),
    ("unexpected argument {arg}", "лишний аргумент {arg}"),
    ("--{key} needs a value", "--{key}: нужно значение"),
    ("{what} {pair}: expected key=value", "{what} {pair}: ожидается ключ=значение"),
    ("{what}: expected a JSON object", "{what}: ожидается объект JSON"),
    # the driver: where an input may go
    ("turn: turn {turn} is closed (the current turn is {current}); amend it with `battlelog correct`",
     "turn: ход {turn} закрыт (идет ход {current}); поправка — командой `battlelog correct`"),
    ("turn: turn {turn} is not open yet (the current turn is {current})",
     "turn: ход {turn} еще не начат (идет ход {current})"),
    ("actor: {actor} is not in this game (actors: {actors}; the GM gives no --actor)",
     "actor: {actor} не участвует в этой игре (участники: {actors}; ГМ не указывает --actor)"),
    ("game {game} is over ({result}); nothing more can be appended",
     "игра {game} окончена ({result}); в нее больше ничего не записать"),
    ("this order of {actor} is already recorded at seq {seq} (sent twice?)",
     "этот приказ {actor} уже записан под seq {seq} (отправлен дважды?)"),
    ("type: {type} is not an input (order, roll, choice, input.sealed, input.revealed, correction, ruling)",
     "type: {type} — не ввод (order, roll, choice, input.sealed, input.revealed, correction, ruling)"),
    ("turn {turn} has no events in game {game}", "в игре {game} у хода {turn} нет событий"),
    ("turn {turn} has steps 0..{n}, not {k}", "у хода {turn} шаги 0..{n}, а не {k}"),
    ("waiting for {what}", "ждем: {what}"),
    ("seq {seq:#} is a {type}, not a resolution; explain takes a resolution or ruling seq (see `battlelog log`)",
     "seq {seq} — {type:type}, а не разрешение; explain берет seq разрешения или решения ГМ (см. `battlelog log`)"),
    ("seq: game {game} has no event {seq}", "seq: в игре {game} нет события {seq}"),
    ("payload.dice: {rest}", "payload.dice: {rest:@}"),
    ("payload.result: {rest}", "payload.result: {rest:@}"),
    ("the dice {result} make {n}, the post says {total}", "кости {result} дают {n}, а в посте сказано {total}"),
    ("payload.total: the dice {result} of {dice} make {n}, not {total}",
     "payload.total: кости {result} при {dice:dice} дают {n}, а не {total}"),
    ("{rest} (seal at seq {seq})", "{rest:@} (печать под seq {seq})"),
    ("ruling.events: {rest}", "ruling.events: {rest:@}"),
    # audit and explain (the core's own lines)
    ("step {k} {type}: {field}: recorded {a}, rules {b}",
     "шаг {k} ({type:type}): {field:field}: записано {a:value}, по правилам {b:value}"),
    ("step {k} {type}: {field}: recorded: absent, rules {b}",
     "шаг {k} ({type:type}): {field:field}: в записи нет, по правилам {b:value}"),
    ("step {k} {type}: {field}: recorded {a}, rules: absent",
     "шаг {k} ({type:type}): {field:field}: записано {a:value}, по правилам нет"),
    ("step {k}: the log records {type}, the rules give no such step here",
     "шаг {k}: в журнале записан шаг «{type:type}», по правилам такого шага здесь нет"),
    ("the rules give {type} (their step {k}), the log records no such step",
     "по правилам здесь шаг «{type:type}» (их шаг {k}), в журнале такого шага нет"),
    ("GM ruling: (no note)", "решение ГМ (без пояснения)"),
    ("GM ruling: {note}", "решение ГМ: {note}"),
    ("seq {seq} ({type} of {actor}) was recorded but nothing used it",
     "seq {seq} ({type:type} от {actor:gm}) записано, но не понадобилось"),
]

# the CLI's own reports (status, import, resolve, head, verify, corpus): what a user reads on stdout and stderr
_CLI_RU_ENTRIES: list[tuple[str, str]] = [
    ("{game}: {key} game created (seq {seq:#}); dice: {policy:w}; engine dice seed hash {h:w}",
     "{game}: игра по своду правил {key} создана (seq {seq}); кости: {policy:policy}; хеш зерна костей движка {h}"),
    ("seq {seq:#}: sealed roll of {who}; salt {salt:w} (reveal with --reveal)",
     "seq {seq}: запечатанный бросок, бросает {who:gm}; соль {salt} (вскрыть: --reveal)"),
    ("seq {seq:#}: {who} rolled {dice} = {result} (total {total}, {source:w}) — replaces seq {n:#}",
     "seq {seq}: бросает {who:gm}: {dice:dice} = {result} (сумма {total}, {source:rollsource}) — заменяет seq {n}"),
    ("seq {seq:#}: {who} rolled {dice} = {result} (total {total}, {source:w})",
     "seq {seq}: бросает {who:gm}: {dice:dice} = {result} (сумма {total}, {source:rollsource})"),
    ("{game}: the game is over", "{game}: игра окончена"),
    ("the game is over", "игра окончена"),
    ("nothing to resolve", "разрешать нечего"),
    ("turn {t:#} resolved", "ход {t} разрешен"),
    ("{game}: turn {t:#}, {k:#} provisional step(s) so far", "{game}: ход {t}, предварительных шагов пока: {k}"),
    ("turn {t:#}: choice {name:w} of {who} at seq {seq:#} is {v}, not one of {opts}",
     "ход {t}: выбор {name} ({who:gm}) в seq {seq} — {v}, а можно только {opts}"),
    ("turn {t:#}: the roll at seq {seq:#} is {dice} but the rules ask {want} for {who}'s {purpose:w}",
     "ход {t}: бросок в seq {seq} — {dice:dice}, а правила просят {want:dice} ({who:gm}, {purpose})"),
    ("cannot go on: {err} (replace that input with --replace)",
     "дальше не пойти: {err:@} (замените этот ввод с --replace)"),
    ("complete: `battlelog resolve` closes the turn", "все на месте: ход закроет `battlelog resolve`"),
    ("note: provisional (the open turn resolved as far as its recorded inputs go; nothing appended)",
     "примечание: предварительно (открытый ход разрешен настолько, насколько хватает записанного; ничего не "
     "добавлено)"),
    ("note: {rest}", "примечание: {rest:@}"),
    ("seq {seq:#}: engine roll for {who} ({purpose}): {result}",
     "seq {seq}: бросок движка для {who:gm} ({purpose}): {result}"),
    ("{game}: imported {n:#} events, {k:#} turns resolved", "{game}: внесено событий: {n}, разрешено ходов: {k}"),
    ("{game} head {seq:#}:{digest:w}", "{game}, вершина журнала {seq}:{digest}"),
    # verify
    ("{game}: hash chain: {n:#} events verify (head seq {seq:#} {digest:w})",
     "{game}: цепочка хешей: событий сходится: {n} (вершина: seq {seq} {digest})"),
    ("hash chain: {n:#} events verify (head seq {seq:#} {digest:w})",
     "цепочка хешей: событий сходится: {n} (вершина: seq {seq} {digest})"),
    ("{game}: {n:#} payload(s) withheld from this export (their hashes verify): seq {seqs}",
     "{game}: скрыто в этой выгрузке содержимое событий: {n} (их хеши сходятся): seq {seqs}"),
    ("flag: seq {seq:#}: {why}", "отметка: seq {seq}: {why:@}"),
    # a roll's problems (eventlog.dice), each after the seq (and the game, in a file) it names
    ("total is {a} but the dice make {b:#}", "сумма {a}, а кости дают {b}"),
    ("roll has no result list", "у броска нет списка выпавших костей"),
    ("engine roll {dice} recorded {a} but the seed gives {b}",
     "бросок движка {dice:dice} записан как {a}, а зерно дает {b}"),
    ("{dice} needs {n:#} dice, got {k:#}", "{dice:dice} — нужно костей: {n}, дано: {k}"),
    ("{dice}: die #{n:#} is {v}, not in 1..{m:#}", "{dice:dice}: кость №{n} — {v}, а не от 1 до {m}"),
    ("{game}: seq {seq:#}: {rest}", "{game}: seq {seq}: {rest:@}"),
    ("seq {seq:#}: {rest}", "seq {seq}: {rest:@}"),
    ("an engine roll for {who}, but the dice policy of '{purpose}' is forum",
     "бросок движка для {who:gm}, а по правилам костей игры «{purpose}» бросают на форуме"),
    ("a {source:w} roll by {actor}, but the dice policy of '{purpose}' is engine (verifiable engine dice)",
     "бросок {source:source} от {actor}, а по правилам костей игры «{purpose}» бросает движок (проверяемые кости)"),
    ("engine dice: {n:#} rolls re-derived from the seed of each epoch, all match",
     "кости движка: бросков выведено заново из зерна каждой эпохи: {n}, все сходятся"),
    ("engine dice: {n:#} rolls re-derived from the seed of each epoch",
     "кости движка: бросков выведено заново из зерна каждой эпохи: {n}"),
    ("engine dice: {n:#} rolls re-derived from the seed, all match",
     "кости движка: бросков выведено заново из зерна: {n}, все сходятся"),
    ("engine dice: {n:#} rolls re-derived from the seed", "кости движка: бросков выведено заново из зерна: {n}"),
    ("engine dice: {n:#} of them from the unrevealed seed of epoch {k:#} kept in this database: not yet checkable by "
     "others (`battlelog reveal` publishes it)",
     "кости движка: из них {n} — от нераскрытого зерна эпохи {k}, хранимого в этой базе: другим пока не проверить "
     "(`battlelog reveal` его публикует)"),
    ("engine dice: epoch {k:#}: {n:#} rolls not yet checkable (its seed is not revealed; seq {seqs})",
     "кости движка: эпоха {k}: бросков пока не проверить: {n} (ее зерно не раскрыто; seq {seqs})"),
    ("engine dice: none in this log", "кости движка: в этом журнале их нет"),
    ("checkpoints: {n:#} compared with a refold of the log; {k:#} under another ruleset revision or options (never "
     "read for this game)",
     "контрольные точки: сверено с новой сверткой журнала: {n}; под другой ревизией правил или вариантами: {k} (для "
     "этой игры не читаются)"),
    ("checkpoints: {n:#} compared with a refold of the log",
     "контрольные точки: сверено с новой сверткой журнала: {n}"),
    ("seq {seq:#}: seed of epoch {k:#} revealed ({seed}); later engine rolls derive from a {rest}",
     "seq {seq}: зерно эпохи {k} раскрыто ({seed}); дальнейшие броски движка выводятся из {rest:@}"),
    ("anchor: {where}: in the log; {n:#} event(s) appended after it",
     "якорь: {where}: есть в журнале; после него записано событий: {n}"),
    ("anchor: {where}: in the log; it is the head", "якорь: {where}: есть в журнале; это его вершина"),
    ("anchor: {where}: seq {seq:#} of the log; {n:#} event(s) appended after it",
     "якорь: {where}: seq {seq} журнала; после него записано событий: {n}"),
    ("anchor: {where}: seq {seq:#} of the log; it is the head", "якорь: {where}: seq {seq} журнала; это его вершина"),
    ("{where}: the log ends at seq {last:#}, before the anchored seq {seq:#} (truncated?)",
     "{where}: журнал кончается на seq {last}, раньше закрепленного seq {seq} (обрезан?)"),
    ("{where}: the log's seq {seq:#} has hash {h}, not the anchored one (that hash is at seq {other:#})",
     "{where}: у seq {seq} журнала хеш {h}, а не закрепленный (тот хеш — у seq {other})"),
    ("{where}: the log's seq {seq:#} has hash {h}, not the anchored one (the log was rewritten at or before that seq "
     "since the anchor was posted)",
     "{where}: у seq {seq} журнала хеш {h}, а не закрепленный (журнал переписан на этом seq или раньше, после того "
     "как якорь был опубликован)"),
    ("{where}: no event of the log has the hash {h} (rewritten, or another game)",
     "{where}: ни у одного события журнала нет хеша {h} (журнал переписан, или это другая игра)"),
    ("no game {game} in this database", "в этой базе нет игры {game}"),
    ("name the GAME to verify (or give --file)", "назовите игру (GAME), которую проверить (или дайте --file)"),
    # corpus
    ("\r{kind:corpus}: {done} games, {failed} failed, {s} s",
     "\r{kind:corpus}: игр {done:figures}, с ошибкой {failed:figures}, {s:figures} с"),
    ("corpus {kind:corpus}", "корпус: {kind:corpus}"),
    ("per-game results: {path}; diffs: {diffs}", "итоги по играм: {path}; различия: {diffs}"),
    ("per-game results: {path}", "итоги по играм: {path}"),
    ("--where {w} selects none of the archive's {n:#} games (their rulesets: {r}; family is a ruleset without its "
     "version, e.g. family = 'knights')",
     "--where {w} не выбирает ни одной из {n} игр архива (их правила: {r}; family — правила без версии, например "
     "family = 'knights')"),
    ("FAILED {what}: {error}", "ОШИБКА {what}: {error:@}"),
]
CORPUS_KINDS_RU = {"verify": "проверка", "audit": "аудит", "rerun": "перепрогон", "import": "импорт"}
CORPUS_ROWS_RU = {"games": "игр", "failed": "с ошибкой", "events": "событий", "seconds": "секунд",
                  "events/s": "событий/с", "clean": "чисто", "not clean": "не чисто",
                  "result changes": "исход изменился", "state diverges": "состояние расходится"}
_ROLL_SOURCE_RU = {"forum": "на форуме", "manual": "вручную"}


def _corpus_row(line: str) -> str | None:
    """A row of the corpus summary ("games      12", "  winner A   50.0% -> 25.0%"): its label in Russian, the
    value as it is (None: not such a row)."""
    m = re.fullmatch(r"(\s*)(\S(?:.*?\S)?) {2,}(\S.*)", line)
    if m is None:
        return None
    indent, label, value = m.groups()
    said = CORPUS_ROWS_RU.get(label)
    if said is None:
        turn, winner = re.fullmatch(r"first at turn (\d+)", label), re.fullmatch(r"winner (.+)", label)
        if turn is None and winner is None:
            return None
        said = f"впервые на ходу {turn.group(1)}" if turn else _winner_ru(winner.group(1) if winner else "")
    value = re.sub(r"^(\d[\d,]*) of (\d[\d,]*)$", r"\1 из \2", value)
    value = re.sub(r"^(\d[\d,]*) games$", r"игр: \1", value)
    return f"{(indent + said).ljust(22)}  {figures(value, 'ru')}"


def _winner_ru(who: str) -> str:
    """A winners' share row's label: the verb agreeing with the winner's name ("победил Бертран", "победила Анна"),
    or, where the name does not tell its gender (an id, a Latin name), a construction that needs none ("победитель:
    A"); a result without a winner in the compact key=value form ("исход: draw=true")."""
    if who == "none (not over)":
        return "не окончена"
    if who.startswith("{"):
        try:
            result = json.loads(who)
        except ValueError:
            result = who
        return f"исход: {compact(result)}"
    from replay.render.ru import gendered

    return gendered(who, f"победил {who}", f"победила {who}", f"победитель: {who}")


def compact(value: Any, words: Callable[[str, str], str | None] | None = None, key: str = "") -> str:
    """A payload in a compact `key=value` form ("stack=attack,defense; stake=high"), never JSON: a list of values
    joined by commas, a nested object in parentheses; `words(key, value)` may say a value in the reader's language."""
    if isinstance(value, dict):
        pairs = [f"{k}={compact(v, words, str(k))}" for k, v in value.items()]
        return "; ".join(pairs) if not key else ("(" + ", ".join(pairs) + ")" if pairs else "—")
    if isinstance(value, list):
        if not value:
            return "—"
        if all(not isinstance(v, (dict, list)) for v in value):
            return ",".join(compact(v, words, key) for v in value)
        return " ".join(compact(v, words, key) if isinstance(v, dict) else f"({compact(v, words, key)})"
                        for v in value)
    if value is None:
        return "—"
    text = str(value).lower() if isinstance(value, bool) else str(value)
    said = words(key, text) if words is not None and key else None
    return said or text


def request_text(request: Any, lang: str, rulesets: Iterable[Ruleset] = (),
                 names: Mapping[str, str] | None = None, *, every_key: bool = False) -> str:
    """What a request asks ('B: finish off (kill, spare); default if skipped: spare', `Request.text`) in `lang`:
    the ruleset's words for what it asks where its catalogue has them (its purpose word table for a roll), the core's
    for an order or a reveal; what no catalogue knows stays English, marked. Options and key values are ids a
    reader types, and stay as written; `names` (id -> name) calls the actors by name in the words, never in what
    is typed (the keys after «при вводе:», the options); `every_key` (what `status` lists): as `Request.framed`."""
    if lang == "en":
        return str(request.text(every_key=every_key))
    rulesets = tuple(rulesets)
    words = chain(lang, rulesets)
    what = request.what or request.name.replace("_", " ")
    said = words.translate(what)
    if said is None and request.kind == "roll":
        plain = re.fullmatch(rf"(?:roll {re.escape(str(request.dice))} for )?(.+?)", what)
        said = _purpose_word(rulesets, request.name, lang) if plain and plain.group(1) == request.name.replace(
            "_", " ") else None
        said = said if said is not None else words.translate(plain.group(1)) if plain else None
    if said is None:
        said = UNTRANSLATED.get(lang, "") + what
    if request.kind == "roll" and request.dice and str(request.dice) not in said:
        dice = re.sub(r"(?<![A-Za-z])(\d*)d(\d+)", r"\1к\2", str(request.dice))  # the forum's Russian «4к10»
        said = f"бросок {dice} {said}" if said.startswith("на ") else f"бросок {dice}: {said}"
    keys = _typed_keys(request, said, words, every_key)
    said = by_names(said, names)
    if keys:
        said += f" (при вводе: {keys})"
    actor = (names or {}).get(request.actor, request.actor) if request.actor else None
    asked = replace(request, key=(), actor=actor)
    return str(asked.framed(said, more="еще {n}", default="если пропущено, по умолчанию", gm="ГМ"))


def by_names(text: str, names: Mapping[str, str] | None) -> str:
    """Words with the actors' ids (whole tokens) replaced by their names."""
    for actor, name in sorted((names or {}).items(), key=lambda pair: -len(pair[0])):
        if name and name != actor:
            text = re.sub(rf"(?<![\w\-=]){re.escape(actor)}(?![\w\-=])", lambda m, n=name: n, text)
    return text


def _typed_keys(request: Any, said: str, words: Chain, every_key: bool = False) -> str:

    """The key fields an answer is typed with ("stake=all_in"), each with its value in words where a catalogue's
    table of that name has them ("stake=all_in — ва-банк"); those whose value the words already show are left
    out (`every_key`: only those the words name with their value, "exchange 1", as `Request.framed`)."""
    out = []
    for key, value in request.key:
        typed = value if isinstance(value, str) else json.dumps(list(value) if isinstance(value, tuple) else value,
                                                                ensure_ascii=False, sort_keys=True)
        if (key_said(said, key, typed) if every_key else typed in said):
            continue
        word = None
        for catalogue in words.catalogues:
            table = catalogue.words.get(key)
            word = (table(typed) if callable(table) else table.get(typed)) if table is not None else None
            if isinstance(word, str) and word and word != typed:
                break
            word = None
        out.append(f"{key}={typed}" + (f" — {word}" if word else ""))
    return ", ".join(out)


def _purpose_word(rulesets: Sequence[Ruleset], purpose: str, lang: str) -> str | None:
    for rs in rulesets:
        catalogue = rs.catalogue(lang)
        table = catalogue.words.get("purpose") if catalogue is not None else None
        said = (table(purpose) if callable(table) else table.get(purpose)) if table is not None else None
        if said:
            return str(said)
    return None


def decision_text(ruleset: Ruleset, name: str, lang: str) -> str:
    """What a GM-overridable decision is (`Ruleset.decisions[name]`) in `lang`: the ruleset's catalogue word table
    "decision" (keyed by the decision's name) if it has one, else the English, marked."""
    english = ruleset.decisions.get(name, "")
    if lang == "en":
        return english
    catalogue = ruleset.catalogue(lang)
    table = catalogue.words.get("decision") if catalogue is not None else None
    said = (table(name) if callable(table) else table.get(name)) if table is not None else None
    return str(said) if said else UNTRANSLATED.get(lang, "") + english


_CORE_RU_ENTRIES += [
    ("order for turn {n:#}", "приказ на ход {n}"),
    ("order", "приказ"),
    ("--turn: the game is over; name the turn to post", "--turn: игра окончена; назовите ход, пост которого нужен"),
    ("turn {t:#} cannot be resolved from the log: {rest}", "ход {t} не разрешить по журналу: {rest:@}"),
    ("reveal of the sealed order (seq {n:#})", "вскрыть запечатанный приказ (seq {n})"),
    *_CLI_RU_ENTRIES,
    # the archive (battlelog export --archive, corpus --where)
    ("--as: an archive is the GM's complete log; a per-player export is JSONL",
     "--as: архив — полный журнал ГМ; выгрузка для игрока — только JSONL"),
    ("-o: --archive writes to its folder DIR; give one of them",
     "-o: --archive пишет в свою папку DIR; укажите одно из двух"),
    ("--replace: only with --archive DIR", "--replace: только вместе с --archive DIR"),
    ("GAME: which game to export (or --archive DIR for every game)",
     "GAME: какую игру выгрузить (или --archive DIR для всех игр)"),
    ("--where: no Parquet archive among the paths (battlelog export --archive DIR)",
     "--where: среди путей нет архива Parquet (battlelog export --archive DIR)"),
    ("--where: selects games of a Parquet archive, not of {f} ({n:#} such file(s) among the paths)",
     "--where: выбирает игры архива Parquet, а не файла {f} (таких файлов среди путей: {n})"),
    ("--where: game {g} is not in one partition folder …/game=<id>/ (found in {p}); battlelog export --archive writes "
     "them", "--where: игра {g} лежит не в одной папке раздела …/game=<id>/ (найдена в {p}); такие папки пишет "
     "battlelog export --archive"),
    ("{f}: not a Parquet export of battlelog games ({e})", "{f}: не выгрузка игр battlelog в Parquet ({e})"),
    ("--where: the paths are not a battlelog archive ({e})", "--where: эти пути — не архив battlelog ({e})"),
    ("--where {w}: one predicate over {c}", "--where {w}: нужно одно условие над столбцами {c}"),
    ("--where {w}: {e} (it sees {c}, e.g. --where \"family = 'knights'\")",
     "--where {w}: {e} (условие видит столбцы {c}, например --where \"family = 'knights'\")"),
    ("--archive {d}: is a file, not a folder", "--archive {d}: это файл, а не папка"),
    ("--archive {d}: the folder {p} does not exist", "--archive {d}: папки {p} нет"),
    ("--archive {d}: already holds {n:#} of these games ({g}); --replace rewrites them, nothing was written",
     "--archive {d}: уже содержит игры из выгружаемых ({n}: {g}); --replace перепишет их; ничего не записано"),
    ("--archive {d}: holds some of these games outside a partition folder …/game=<id>/ ({f}); --replace removes "
     "partition folders only, nothing was written",
     "--archive {d}: часть этих игр лежит вне папок разделов …/game=<id>/ ({f}); --replace удаляет только папки "
     "разделов; ничего не записано"),
    ("--archive {d}: holds Parquet files that are not a battlelog archive ({e}); nothing was written",
     "--archive {d}: содержит файлы Parquet, которые не архив battlelog ({e}); ничего не записано"),
    ("--archive {d}: cannot be written ({e})", "--archive {d}: не удалось записать ({e})"),
    # the CLI's refusals of its own options (cli/main.py)
    ("-o {p}: the file must end in .svg or .png", "-o {p}: файл должен оканчиваться на .svg или .png"),
    ("--turn: the game is over; name the turn to draw", "--turn: игра окончена; назовите ход, который рисовать"),
    ("-o {p}: the folder {d} does not exist", "-o {p}: папки {d} нет"),
    ("--head {h}: expected SEQ:HASH, the seq and the 64 hex digits of the hash `battlelog head` prints",
     "--head {h}: ожидалось SEQ:HASH — seq и 64 шестнадцатеричные цифры хеша, как их печатает `battlelog head`"),
    ("{p}: a damaged PNG ({why})", "{p}: поврежденный PNG ({why})"),
    ("{p}: the PNG carries no last-event hash (a frame `battlelog render` drew has one, in a tEXt chunk {k})",
     "{p}: в PNG нет хеша последнего события (в кадре, нарисованном `battlelog render`, он есть, в блоке tEXt {k})"),
    ("{p}: neither a PNG nor UTF-8 text ({why} at byte {n})", "{p}: это ни PNG, ни текст UTF-8 ({why} в байте {n})"),
    ("{p}: not well-formed SVG ({why})", "{p}: это не правильно составленный SVG ({why})"),
    ("{p}: the SVG carries no last-event hash in its metadata", "{p}: в метаданных SVG нет хеша последнего события"),
    ("{p}: holds no head (SEQ:HASH, as `battlelog head` prints it) and no 64-hex hash",
     "{p}: в нем нет ни вершины (SEQ:HASH, как ее печатает `battlelog head`), ни хеша из 64 шестнадцатеричных цифр"),
    ("seed: the seed this database keeps for epoch {e} does not match its commitment ({h}…)",
     "seed: зерно эпохи {e} в этой базе не сходится со своим обязательством ({h}…)"),
    ("--seed: the seed is hex digits", "--seed: зерно — шестнадцатеричные цифры"),
    ("--seed: its sha256 differs from every seed commitment of the log (game.created's seed_hash {h}…, and each "
     "seed.revealed's next_seed_hash)",
     "--seed: его sha256 не совпадает ни с одним обязательством зерна в журнале (seed_hash в game.created {h}… и "
     "next_seed_hash каждого seed.revealed)"),
    ("checkpoint after seq {n:#}: {rest} (it is not read)", "контрольная точка после seq {n}: {rest:@} (ее не читают)"),
    ("checkpoint after seq {n:#}: its state differs from the refold of the log (edited with its sha256; `state` "
     "and `post` read it until it is rewritten)",
     "контрольная точка после seq {n}: ее состояние расходится с повторной сверткой журнала (изменена вместе со "
     "своим sha256; `state` и `post` читают ее, пока она не перезаписана)"),
    ("{p}: a line without hash is a hand-written log; verify takes an export",
     "{p}: строка без хеша — журнал, написанный вручную; verify берет выгрузку"),
    ("--head/--witness: {p} holds {n:#} games; anchors need one",
     "--head/--witness: в {p} игр: {n}; якорям нужна одна"),
    ("game {g}: this database holds no seed for it", "игра {g}: в этой базе нет ее зерна"),
    ("--as: a per-player export is JSONL", "--as: выгрузка для игрока — это JSONL"),
    ("-o: parquet needs an output file", "-o: для parquet нужен выходной файл"),
    ("--out {p}: cannot be made a folder ({why})", "--out {p}: папку не создать ({why})"),
    ("--dice-purpose {v}: expected PURPOSE=forum or PURPOSE=engine",
     "--dice-purpose {v}: ожидалось PURPOSE=forum или PURPOSE=engine"),
    ("--seal, --reveal and --replace exclude each other", "--seal, --reveal и --replace друг друга исключают"),
    ("--purpose: say what the roll is for", "--purpose: скажите, на что бросок"),
    ("--seal, --reveal and --replace take a --result", "--seal, --reveal и --replace требуют --result"),
    ("--result {v}: die values separated by commas", "--result {v}: значения костей через запятую"),
    ("--json: VALUE {v} is not valid JSON", "--json: VALUE {v} — это не правильный JSON"),
    ("give the post with --file or --text", "дайте пост через --file или --text"),
    ("the post holds no order, roll or choice", "в посте нет ни приказа, ни броска, ни выбора"),
    ("--phase and --step go with --turn", "--phase и --step даются вместе с --turn"),
    # the log, the corpus and the variants (replay/)
    ("{p}: a hand-written log (lines without hash); `corpus import` takes it",
     "{p}: журнал, написанный вручную (строки без хеша); его берет `corpus import`"),
    ("{p}: one game a file (it holds {n:#})", "{p}: одна игра на файл (а в нем {n})"),
    ("corpus: no job {j} (jobs: {jobs})", "corpus: нет задания {j} (задания: {jobs})"),
    ("--engine ray: Ray is not installed (pip install 'battlelog[cluster]')",
     "--engine ray: Ray не установлен (pip install 'battlelog[cluster]')"),
    ("{p}: no such file, folder or glob match", "{p}: нет такого файла, папки или совпадения по шаблону"),
    ("a game's first event must be game.created", "первое событие игры должно быть game.created"),
    ("--phase: turn {t:#} has no phase {p} (its phases: {ps})", "--phase: у хода {t} нет фазы {p} (его фазы: {ps})"),
    ("payload.events[{i:#}].type: not a resolution of {rs}", "payload.events[{i}].type: не разрешение свода {rs}"),
    ("payload.events[{i:#}].payload: an object", "payload.events[{i}].payload: нужен объект"),
    ("line {n:#}: a hand-written log holds one game and no seq/hash (import an exported log as it is)",
     "строка {n}: в журнале, написанном вручную, одна игра и нет seq/hash (выгрузку вносят как есть)"),
    ("--as: the log holds {n:#} games; --as renames a one-game log",
     "--as: в журнале игр: {n}; --as переименовывает журнал с одной игрой"),
    # seals, rulings and corrections (replay/play.py)
    ("payload.commitment: a seal carries the sha256 hex of the input and a salt",
     "payload.commitment: печать несет sha256 (hex) ввода и соли"),
    ("payload.kind: a seal names the kind of input it seals (order, roll, choice)",
     "payload.kind: печать называет вид запечатанного ввода (order, roll, choice)"),
    ("payload.name and payload.key: the request the sealed input answers",
     "payload.name и payload.key: запрос, на который отвечает запечатанный ввод"),
    ("{k} is already sealed at seq {n:#}: only the reveal of that seal counts (a replacement is `--replace`, a "
     "visible correction)",
     "{k:sealkey} уже запечатан под seq {n}: в счет идет только вскрытие той печати (замена — `--replace`, видимая "
     "поправка)"),
    ("{k} was already given in the open at seq {n:#}: there is nothing left to seal",
     "{k:sealkey} уже дан открыто под seq {n}: запечатывать нечего"),
    ("{t}: {k} has no seal in turn {n:#}", "{t}: у {k:sealkey} нет печати в ходе {n}"),
    ("{t}: the seal at seq {n:#} is already revealed", "{t}: печать под seq {n} уже вскрыта"),
    ("{k} is sealed at seq {n:#} and revealed at seq {m:#}: a plain input cannot replace it (`--replace` appends a "
     "visible correction)",
     "{k:sealkey} запечатан под seq {n} и вскрыт под seq {m}: простой ввод его не заменяет (`--replace` добавляет "
     "видимую поправку)"),
    ("{k} is sealed at seq {n:#}: a plain input cannot replace it (`--replace` appends a visible correction)",
     "{k:sealkey} запечатан под seq {n}: простой ввод его не заменяет (`--replace` добавляет видимую поправку)"),
    ("actor: a ruling is the GM's (give no --actor)", "actor: решение выносит ГМ (--actor не давайте)"),
    ('ruling.request: {{"kind": "order|roll|choice", "actor": …, "name": …, "key": {{…}}}} of the request it '
     'answers',
     'ruling.request: {{"kind": "order|roll|choice", "actor": …, "name": …, "key": {{…}}}} запроса, на который '
     'оно отвечает'),
    ("ruling.value: the answer the GM rules", "ruling.value: ответ, который выносит ГМ"),
    ('ruling.override: {{"name": …, "key": {{…}}}} of the decision it overrides',
     'ruling.override: {{"name": …, "key": {{…}}}} решения, которое оно пересматривает'),
    ("ruling.override.name: {n} is not a decision of {rs} a GM can override (its decisions: {ds})",
     "ruling.override.name: {n} — не решение свода {rs}, которое ГМ может пересмотреть (его решения: {ds})"),
    ("ruling.value: the value the GM rules instead", "ruling.value: значение, которое ГМ выносит взамен"),
    ("ruling: a granular ruling has `request` or `override`",
     "ruling: у точечного решения есть `request` или `override`"),
    ("correction.replaces: seq {n:#} is not an input of the open turn",
     "correction.replaces: seq {n} — не ввод открытого хода"),
    ("correction: seq {n:#} is {a}'s input, not {b}'s", "correction: seq {n} — ввод {a}, а не {b}"),
    ("correction.turn: the closed turn it amends", "correction.turn: закрытый ход, который она исправляет"),
    ("correction.events: they do not apply to the current state: {rest}",
     "correction.events: к текущему состоянию они не применяются: {rest:@}"),
    ("correction.events: they move the game to another turn; a correction amends the state, the open turn stays open",
     "correction.events: они переводят игру в другой ход; поправка исправляет состояние, открытый ход остается "
     "открытым"),
    ('{w}: the list of resolution events asserted, each {{"type": …, "payload": {{…}}}}',
     '{w}: список утверждаемых событий разрешения, каждое {{"type": …, "payload": {{…}}}}'),
    ("{w}[{i:#}].type: {k} is not a resolution of {rs} ({types})",
     "{w}[{i}].type: {k} — не разрешение свода {rs} ({types})"),
    ("{w}[{i:#}].payload: an object", "{w}[{i}].payload: нужен объект"),
    ("dice: the game's dice policy for {p} is forum: the players roll on the forum and the result is recorded with "
     "--result (start a game with --dice engine, or --dice-purpose PURPOSE=engine, for engine dice)",
     "dice: правило костей игры для {p} — forum: игроки бросают на форуме, а итог записывают через --result "
     "(для костей движка начните игру с --dice engine или --dice-purpose PURPOSE=engine)"),
    ("game {g} has no engine dice seed in this database (imported game?); record the roll with --result and "
     "--source forum|manual",
     "у игры {g} в этой базе нет зерна костей движка (игра внесена импортом?); запишите бросок через --result и "
     "--source forum|manual"),
    ("turn: a ruling answers the open turn ({t:#}), not turn {u:#}; a closed turn is amended with `battlelog correct`",
     "turn: решение отвечает открытому ходу ({t}), а не ходу {u}; закрытый ход исправляют через `battlelog correct`"),
    ("ruling.events: they do not apply to the state of turn {t:#}: {rest}",
     "ruling.events: к состоянию хода {t} они не применяются: {rest:@}"),
    ("game {g} is over; nothing can be replaced", "игра {g} окончена; заменять нечего"),
    ("--replace: {a} has no {k} in turn {t:#} to replace", "--replace: у {a} нет ввода {k} в ходе {t}, чтобы заменить"),
    ("a pasted roll {d} = {r}: the game waits for no {d} roll from the GM here (name its purpose on the line: "
     "`(purpose)`)",
     "вставленный бросок {d} = {r}: игра здесь не ждет броска {d} от ГМ (назовите его цель в строке: `(purpose)`)"),
    ("a pasted roll {d} = {r}: the game waits for no {d} roll from {a} here (name its purpose on the line: "
     "`(purpose)`)",
     "вставленный бросок {d} = {r}: игра здесь не ждет броска {d} от {a} (назовите его цель в строке: `(purpose)`)"),
    ("variant {v}: unknown keys {ks} (allowed: ruleset, options, name, description)",
     "variant {v}: неизвестные ключи {ks} (можно: ruleset, options, name, description)"),
    ("variant {v}: [options] must be a table", "variant {v}: [options] должно быть таблицей"),
    ("${v}: cannot import ruleset module {m}: {why}", "${v}: модуль свода {m} не импортировать: {why}"),
    ("--step: {t} has steps 0..{n:#}, not {k}", "--step: у {t} шаги 0..{n}, а не {k}"),
    # the log's own checks (eventlog/): dice notation, seeds, lines of a log, the database
    ("dice {d}: not dice notation (expected a string such as 2d6-2, 1d100, D9)",
     "кости {d}: это не запись костей (ожидалась строка вроде 2d6-2, 1d100, D9)"),
    ("dice {d}: too long for dice notation (numbers of at most {n:#} digits, e.g. 2d6-2; at most {m:#} dice of {s:#} "
     "sides)",
     "кости {d}: слишком длинно для записи костей (числа не длиннее {n} цифр, например 2d6-2; не больше {m} костей "
     "по {s} граней)"),
    ("dice {d}: not dice notation (expected NdM, dM, DM, NdM+K or NdM-K, e.g. 2d6-2, 1d100, D9)",
     "кости {d}: это не запись костей (ожидалось NdM, dM, DM, NdM+K или NdM-K, например 2d6-2, 1d100, D9)"),
    ("dice {d}: {n:#} dice (at least 1)", "кости {d}: костей {n} (нужна хотя бы 1)"),
    ("dice {d}: {n:#} dice is more than {m:#}", "кости {d}: костей {n} — больше {m}"),
    ("dice {d}: a die needs at least 2 sides, not {n:#}", "кости {d}: у кости хотя бы 2 грани, а не {n}"),
    ("dice {d}: {n:#} sides is more than {m:#}", "кости {d}: граней {n} — больше {m}"),
    ("dice {d}: modifier {n:#} is beyond ±{m:#}", "кости {d}: модификатор {n} вне ±{m}"),
    ("roll source {s} is not one of {ss}", "источник броска {s} — не из {ss}"),
    ("seq {n:#}: the seed's sha256 does not match the seed_hash published here",
     "seq {n}: sha256 зерна не совпадает с опубликованным здесь seed_hash"),
    ("seq {n:#}: game.created payload.seed_hash is not a hex string",
     "seq {n}: payload.seed_hash в game.created — не шестнадцатеричная строка"),
    ("{w}: payload.seed is not the seed in hex digits", "{w}: payload.seed — не зерно в шестнадцатеричных цифрах"),
    ("{w}: the seed's sha256 is not the one epoch {e:#} committed to ({h}…)",
     "{w}: sha256 зерна — не тот, что обещан в эпохе {e} ({h}…)"),
    ("{w}: payload.epoch is {e}, but it ends epoch {c:#}", "{w}: payload.epoch — {e}, а заканчивается эпоха {c}"),
    ("{w}: payload.next_seed_hash is not a sha256 in hex (64 digits 0-9a-f)",
     "{w}: payload.next_seed_hash — не sha256 в hex (64 цифры 0-9a-f)"),
    ("not a line battlelog reads ({why})", "это не строка, которую читает battlelog ({why})"),
    ("key {k} appears twice in one object (readers would disagree about its value)",
     "ключ {k} дважды в одном объекте (читатели разошлись бы в его значении)"),
    ("seq is {s:#} but game {g} continues at seq {n:#}", "seq {s}, а игра {g} продолжается с seq {n}"),
    ("prev does not match the hash of the event before it", "prev не совпадает с хешем предыдущего события"),
    ("hash does not match the event's content", "hash не совпадает с содержимым события"),
    ("{p}: not valid UTF-8 ({why} at byte {n:#})", "{p}: это не правильный UTF-8 ({why} в байте {n})"),
    ("not an exported line (no {keys})", "это не строка выгрузки (нет {keys})"),
    ("the payload is withheld but its payload_hash is missing", "payload скрыт, но его payload_hash нет"),
    ("a withheld payload must be empty (the chain does not cover it)",
     "скрытый payload должен быть пуст (цепочка его не покрывает)"),
    ("payload_hash goes only with a withheld payload", "payload_hash дается только со скрытым payload"),
    ("order.sealed{of} carries no commitment", "в order.sealed{of} нет обязательства (commitment)"),
    ("order.revealed carries no order object", "в order.revealed нет объекта приказа"),
    ("order.revealed carries no salt", "в order.revealed нет соли"),
    ("payload.events[{n:#}]: expected an object with type and payload, not {k}",
     "payload.events[{n}]: ожидался объект с type и payload, а не {k}"),
    ("payload.{p:w}.actor: expected a string or null, not {k}",
     "payload.{p}.actor: ожидалась строка или null, а не {k}"),
    ("database {p} is locked by another process (still locked after {s:#} s); close the other battlelog command or "
     "program using it and try again",
     "база {p} занята другим процессом (все еще занята через {s} с); закройте другую команду battlelog или "
     "программу, которая ее держит, и попробуйте снова"),
    ("database {p}: is a directory, not a database file", "база {p}: это папка, а не файл базы"),
    ("database {p}: the folder {d} does not exist", "база {p}: папки {d} нет"),
    ("database {p}: cannot be read ({why})", "база {p}: не читается ({why})"),
    ("database {p}: not a DuckDB database file (a battlelog database is made by `battlelog new` or `battlelog "
     "import`)",
     "база {p}: это не файл базы DuckDB (базу battlelog создают `battlelog new` или `battlelog import`)"),
    ("database {p}: cannot be used ({why})", "база {p}: ею нельзя пользоваться ({why})"),
    ("game {g}: expected to write seq {e:#} but the log is at seq {a:#} (a stale writer?)",
     "игра {g}: ожидалась запись seq {e}, а журнал уже на seq {a} (устаревший писатель?)"),
    ("import: some of these seqs are already in the log ({why})", "import: часть этих seq уже есть в журнале ({why})"),
    ("game {g} already has a dice seed; its engine rolls depend on it",
     "у игры {g} уже есть зерно костей; от него зависят ее броски движка"),
    ("game {g}: this database holds no seed for its seed epoch {e:#}", "игра {g}: в этой базе нет зерна ее эпохи {e}"),
    ("-o {p}: cannot be written ({why})", "-o {p}: не записать ({why})"),
    # frames, posts and animations (replay/render/)
    ("unknown animation format {f} (known: {fs})", "неизвестный формат анимации {f} (известны: {fs})"),
    ("a turn without frames", "ход без кадров"),
    ("unknown BBCode profile {f} (known: {fs})", "неизвестный профиль BBCode {f} (известны: {fs})"),
    ("forum profile {f} is {k}, not {m}", "профиль форума {f} — {k}, а не {m}"),
    ("--turn: game {g} has no events in turn {t:#}", "--turn: у игры {g} нет событий в ходе {t}"),
    ("a part of {n:#} characters is over the limit of {m:#}", "часть из {n} знаков больше предела {m}"),
    ("a {what} of this post cannot be cut to fit {n:#} characters",
     "{what:postpiece} этого поста не разрезать так, чтобы уложиться в {n} знаков"),
    ("unknown post format {f} (known: {fs})", "неизвестный формат поста {f} (известны: {fs})"),
    ("turn {t:#}: choice {name} of {actor} is {v}: not legal for {what}",
     "ход {t}: выбор {name} от {actor:gm} — {v}: недопустим для «{what:@}»"),
    ("ruling.value: {v} is not one of {opts}", "ruling.value: {v} — не из {opts}"),
    ("the GM's post holds text that is no roll or choice: {t}", "в посте ГМ есть текст — не бросок и не выбор: {t}"),
    ("{path}: {rest}", "{path:fieldpath}: {rest:@}"),  # a setup's field (pydantic's path) before a ruleset's line
]
