"""A dispute packet: one forum post (and the PNG frames it names) that settles an argument about a turn or a step.

It holds the frames before and after, the orders as revealed with their seals checked, every die with its proof
(the engine's derivation once the seed is revealed, or the forum link), each resolution's arithmetic with the rule
it applies and the spec defaults it relied on (payload "why", "rule", "defaults"; the defaults' texts from the
ruleset's catalogue), what audit says about a recorded ruling (both arithmetics side by side), and the log's head
hash in full.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field, replace
from itertools import zip_longest
from pathlib import Path
from typing import Any

from eventlog import dice as dicelib
from eventlog import seal as seallib
from eventlog.envelope import Event
from eventlog.errors import ValidationError
from replay import views
from replay.audit import audit_turn, defaults_catalogue
from replay.fold import resolution_steps, state_before, turn_steps
from replay.render.i18n import AUDIT_KINDS_RU, compact, event_name, translate_lines, why_lines
from replay.render.png import to_png
from replay.render.text import Doc, Glossary, Link, b, code, tr
from replay.render.text import i as italic

SEALS = ("input.sealed", "order.sealed")
REVEALS = ("input.revealed", "order.revealed")


@dataclass
class Packet:
    doc: Doc
    files: dict[str, bytes] = field(default_factory=dict)
    """PNG file name -> bytes."""


def frames(game: Any, store: Any, turn: int, step: int | None, lang: str) -> tuple[list[tuple[str, str, Any]], int]:
    """(label, file name, view) of the frames before and after the disputed step, and the step."""
    last = views.frame_view(game, turn, None, lang, store)
    k = last.steps if step is None else step
    if not 0 <= k <= last.steps:
        raise ValidationError(f"--step: turn {turn} has steps 0..{last.steps}, not {k}")
    before = 0 if step is None else max(0, k - 1)
    out = []
    for label, at in ((tr(lang, "до", "before"), before), (tr(lang, "после", "after"), k)):
        view = views.frame_view(game, turn, at, lang, store)
        out.append((label, f"turn{turn:02d}-step{at}.png", view))
    return out, k


def _value_words(rs: Any, lang: str) -> Any:
    """A value of field `key` in the ruleset's words (its catalogue's word table named like the field), or None."""
    catalogue = rs.catalogue(lang) if lang != "en" else None
    if catalogue is None:
        return None

    def say(key: str, value: str) -> str | None:
        table = catalogue.words.get(key)
        if table is None:
            return None
        said = table(value) if callable(table) else table.get(value)
        return said if isinstance(said, str) and said else None

    return say


def order_words(rs: Any, e: Event, given: Any, lang: str, state: Any = None) -> str:
    """An order in words: the ruleset's own sentences (`say_order(order, actor, lang, state)`, naming units by the
    state's names, or `describe` of it as an `order` event), or, where the ruleset says no more than the event's
    name, the compact `key=value` form of it with values in the ruleset's words."""
    if not isinstance(given, dict):
        return compact(given)
    say = getattr(rs, "say_order", None)
    if callable(say):
        return str(say(given, e.actor, lang, state))
    as_order = replace(e, type="order", payload=given)
    said = rs.describe(as_order, lang).strip().rstrip(":").strip()
    if said and said not in {"order", "приказ", event_name(rs, "order", lang), e.type}:
        return said
    return compact(given, _value_words(rs, lang))


def seal_lines(rs: Any, events: list[Event], lang: str, state: Any = None) -> list[tuple[str, str, str | None]]:
    """(who and what, the order in words, the reveal checked against its seal) of every order of the turn; `state`
    (the state before the turn) lends the orders its names."""
    seals = {e.seq: e for e in events if e.type in SEALS}
    out: list[tuple[str, str, str | None]] = []
    for e in events:
        if e.type == "order":
            out.append((f"seq {e.seq} {e.actor}: " + tr(lang, "приказ (открыто)", "order (plain)"),
                        order_words(rs, e, e.payload, lang, state), None))
        elif e.type in REVEALS:
            sealed = seals.get(e.cause or -1)
            given = e.payload.get("input", e.payload.get("order"))
            salt = str(e.payload.get("salt", ""))
            computed = seallib.commitment(given, salt) if isinstance(given, dict) else ""
            promised = sealed.payload.get("commitment") if sealed else None
            verdict = (tr(lang, "совпадает с печатью", "matches the seal") + f" seq {sealed.seq}" if sealed and
                       computed == promised else tr(lang, "НЕ совпадает с печатью", "does NOT match the seal"))
            name = str(e.payload.get("name", "order"))
            out.append((f"seq {e.seq} {e.actor}: " + (tr(lang, "приказ", "order") if name == "order" else name)
                        + " " + tr(lang, "вскрыт", "revealed"), order_words(rs, e, given, lang, state),
                        f"{tr(lang, 'соль', 'salt')} {salt}\nsha256(canonical_json + \":\" + salt) = {computed}\n"
                        f"{tr(lang, 'печать', 'seal')}: {promised} → {verdict}"))
    return out


SECTION = re.compile(r"§\s*\d+(?:\.\d+)*")


def clauses(rs: Any, lang: str) -> dict[str, Any]:
    """The rulebook's clauses a ruleset quotes, keyed by the rule ids its resolutions write ("§3", "§4.3 Таран",
    "5.4.2 M44", "L605"): its `clauses(lang)` if it has one, else `data/clauses_<lang>.json` beside it if there is
    one, else none. A value is the quote, or {"title": what the id means, "quote": the words}."""
    own = getattr(rs, "clauses", None)
    if callable(own):
        return dict(own(lang))
    path = Path(sys.modules[type(rs).__module__].__file__ or ".").parent / "data" / f"clauses_{lang}.json"
    said = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return {key: value for key, value in said.items() if not key.startswith("_")}


def board_names(rs: Any) -> frozenset[str]:
    """Names of the board a ruleset writes like spec ids (cerilia's sectors A1–E3): never read as ids."""
    path = Path(sys.modules[type(rs).__module__].__file__ or ".").parent / "data" / "clauses_ru.json"
    said = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return frozenset(said.get("_board", ()))


def rule_text(rule: Any) -> str:
    """A resolution's `rule` as one line (some rulesets write a list of ids)."""
    return "; ".join(map(str, rule)) if isinstance(rule, list | tuple) else str(rule)


def _id_pattern(key: str) -> re.Pattern[str]:
    """A rule id as a whole: "§4.3" is not found in "§4.3.2", nor "L60" in "L605", nor "4.3" in "5.4.3"."""
    return re.compile(r"(?<![\w.])" + re.escape(key) + r"(?!\w|\.\d)")


def cited_spans(rule: Any, keys: Any) -> list[tuple[int, int, str]]:
    """(start, end, key) of each key a rule cites, in the rule's one-line text; a longer key wins over one inside it
    ("§3.3 Нулевой Ход" over "§3.3")."""
    text = re.sub(r"§\s+", "§", rule_text(rule))
    taken: list[tuple[int, int, str]] = []
    for key in sorted(keys, key=len, reverse=True):
        for m in _id_pattern(re.sub(r"§\s+", "§", key)).finditer(text):
            if not any(a < m.end() and m.start() < b for a, b, _ in taken):
                taken.append((m.start(), m.end(), key))
    return sorted(taken)


def cited(rule: Any, keys: Any) -> list[str]:
    """The keys a rule cites, in the order it cites them, each once. A key that only qualifies the next one
    ("5.4.2" in "5.4.2 M44": the group of the maneuver M44) gives way to it: the specific rule is quoted."""
    text = re.sub(r"§\s+", "§", rule_text(rule))
    spans = cited_spans(rule, keys)
    starts = {a for a, _, _ in spans}
    kept = [key for a, b, key in spans if not (m := re.match(r"\s+", text[b:])) or b + m.end() not in starts]
    return list(dict.fromkeys(kept))


def quotes_of(rs: Any, rule: Any, lang: str) -> list[tuple[str, str]]:
    """(what the cited rule is, the rulebook's words) of each rule a resolution cites that the ruleset quotes in
    `lang`."""
    known = clauses(rs, lang)
    out: list[tuple[str, str]] = []
    for key in cited(rule, known):
        said = known[key]
        if isinstance(said, dict) and "quote" not in said:
            continue  # an id the ruleset explains but does not quote (a choice point, a step of the spec)
        title, quote = (said.get("title", key), said["quote"]) if isinstance(said, dict) else (key, said)
        if all(quote != q for _, q in out):  # two ids of one rule ("5.4.2 M44", "L605") quote it once
            out.append((str(title), str(quote)))
    return out


SPEC_ID = re.compile(r"(?<![\w§.\-])(?:(?:CP|AMB|AR)-[A-Z]?\d+|[AKC]-?\d+[a-z]?|M\d{2}|L\d+(?:[-–]L?\d+)?)(?![\w\-])")
"""The specification's ids a resolution may show: defaults and clarifications (A14, A-20, K54, AMB-13, C15), choice
points (CP-24, C16), steps (A0), maneuvers (M44) and the rulebook's lines (L605, L20-22)."""
SECTION_ID = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w.])")
PAREN = re.compile(r"\(([^()]*)\)")
LINES = re.compile(r"L(\d+)(?:[-–]L?(\d+))?")


def meanings(rs: Any, lang: str) -> dict[str, tuple[str, str]]:
    """id -> (how the id is shown, what it means): the spec's defaults and clarifications (its catalogue), and the
    ruleset's clauses: the ids it quotes (a maneuver, a line, a section: its title) and the ids it only explains (an
    entry with no quote: a choice point, a step of the spec's procedure)."""
    out = {key: (key, text) for key, text in defaults_catalogue(rs, lang).items()}
    for key, said in {**clauses(rs, "ru"), **clauses(rs, lang)}.items():
        if isinstance(said, dict) and "title" in said:
            label = str(said.get("label", key)) if lang == "ru" else key  # labels are the Russian texts' words
            out[key] = (label, str(said["title"]))
            if label != key:  # the id as a translated text shows it ("спецификация §5, шаг 6")
                out[label] = out[key]
    return out


def explained_only(rs: Any, lang: str) -> list[str]:
    """The ids a ruleset explains without quoting the rulebook (its clauses' entries with no quote)."""
    said = {**clauses(rs, "ru"), **clauses(rs, lang)}
    entries = [(key, entry) for key, entry in said.items() if isinstance(entry, dict) and "quote" not in entry]
    return [key for key, _ in entries] + [str(entry["label"]) for _, entry in entries if "label" in entry]


def id_meaning(key: str, known: dict[str, tuple[str, str]], lang: str) -> tuple[str, str] | None:
    """(label, meaning) of one id: its entry, or for a line of the rulebook the line's number (and its heading)."""
    lines = LINES.fullmatch(key)
    if lines:
        a, b = lines.group(1), lines.group(2)
        where = tr(lang, f"строки {a}–{b} текста правил", f"lines {a}–{b} of the rulebook's text") if b else tr(
            lang, f"строка {a} текста правил", f"line {a} of the rulebook's text")
        heading = known.get(key, (key, ""))[1]
        return key, where + (f", {heading}" if heading else "")
    return known.get(key)


def ids_shown(rule: Any, lines: list[str], known: dict[str, tuple[str, str]], multiword: list[str],
              board: frozenset[str] = frozenset()) -> list[str]:
    """The spec ids a resolution shows: every id of its rule (an id of several words, "§10 C11", "spec §5 Step 6",
    counts as one), and the ids in brackets in its arithmetic, its heading, its defaults and its audit ("(K54)",
    "(L120, A-20)", "(5.8.3, L759)"); never the names of the board (`board`)."""
    words = [key for key in multiword if " " in key]

    def ids_in(text: str) -> list[str]:
        spans = cited_spans(text, words)
        return [key for _, _, key in spans] + [
            m.group(0) for m in SPEC_ID.finditer(re.sub(r"§\s+", "§", text))
            if m.group(0) not in board and not any(a <= m.start() < b for a, b, _ in spans)]

    found = ids_in(rule_text(rule)) if rule else []
    for line in lines:
        for group in PAREN.findall(line):
            found += ids_in(group) + [n for n in SECTION_ID.findall(group) if n in known]
    return list(dict.fromkeys(found))


def default_meaning(key: str, catalogue: dict[str, str], known: dict[str, tuple[str, str]], lang: str) -> str:
    """What a default a resolution names says: the catalogue's line, or for a choice point left to its default
    ("CP-12 default") the choice point's meaning."""
    if key in catalogue:
        return catalogue[key]
    choice = key.removesuffix(" default")
    if choice in known:
        return known[choice][1] + (tr(lang, " — принято значение по умолчанию", " — its default taken")
                                   if choice != key else "")
    return tr(lang, "(нет в каталоге)", "(not in the catalogue)")


def glossary(ids: list[str], known: dict[str, tuple[str, str]], lang: str) -> list[str]:
    """ "A-20 — what it means" for each id shown; an id nobody explains is said to be the spec's own."""
    out = []
    for key in ids:
        said = id_meaning(key, known, lang)
        label, meaning = said if said else (key, tr(lang, "обозначение спецификации правил, без описания",
                                                    "an id of the rules' specification, not described"))
        out.append(f"{label} — {meaning}")
    return out


def ids_explained(rs: Any, rule: Any, lines: list[str], lang: str) -> list[str]:
    """ "id — what it means" of each spec id a resolution shows (its rule, and brackets in `lines`): for `explain`."""
    known = meanings(rs, lang)
    return glossary(ids_shown(rule, lines, known, explained_only(rs, lang), board_names(rs)), known, lang)


def seed_of(game: Any) -> bytes | None:
    revealed = next((e for e in game.events if e.type == "seed.revealed"), None)
    if revealed is None:
        return None
    try:
        return bytes.fromhex(str(revealed.payload.get("seed")))
    except ValueError:
        return None


def die_proof(game: Any, e: Event, seed: bytes | None, lang: str) -> tuple[str, str | None]:
    """A roll's proof: the engine derivation (or why it cannot be shown yet), or the forum link."""
    p = e.payload
    source = p.get("source")
    if source == "engine":
        if seed is None:
            return (tr(lang, "кости движка; зерно ещё не раскрыто (его sha256 в game.created: ",
                       "engine dice; the seed is not revealed yet (its sha256 in game.created: ")
                    + f"{game.events[0].payload.get('seed_hash')})", None)
        spec = dicelib.parse(str(p.get("dice")))
        expected = dicelib.engine_dice(seed, game.id, e.seq, spec)
        lines, i, got = [], 0, 0
        while got < spec.count:
            value = dicelib.attempt_value(seed, game.id, e.seq, i)
            die = dicelib.die_from_value(value, spec.sides)
            lines.append(f'HMAC-SHA256(seed, "{game.id}:{e.seq}:{i}") mod {spec.sides} + 1 = '
                         + (str(die) if die is not None else tr(lang, "отброшено", "rejected")))
            got += die is not None
            i += 1
        ok = expected == p.get("result")
        lines.append(f"{expected} {'=' if ok else '≠'} {p.get('result')}: "
                     + (tr(lang, "верно", "verified") if ok else tr(lang, "НЕ СХОДИТСЯ", "DOES NOT MATCH")))
        return tr(lang, "кости движка, вывод из раскрытого зерна:", "engine dice, derived from the revealed seed:"), \
            "\n".join(lines)
    link = p.get("link")
    said = tr(lang, SOURCE_RU.get(str(source), str(source)), str(source))
    if link:
        return f"{said}: {link}", None
    return f"{said}: " + tr(lang, "ссылка не записана", "no link recorded"), None


SOURCE_RU = {"forum": "бросок на форуме", "manual": "введено вручную", "engine": "кости движка"}


def _purpose(rs: Any, purpose: Any, lang: str) -> str:
    """A roll's purpose in the ruleset's words (its catalogue's word table "purpose"), or as recorded."""
    catalogue = rs.catalogue(lang) if lang != "en" else None
    words = catalogue.words.get("purpose") if catalogue is not None else None
    said = (words(str(purpose)) if callable(words) else words.get(str(purpose))) if words is not None else None
    return said or str(purpose)


def build(game: Any, store: Any, turn: int, step: int | None = None, lang: str = "ru") -> Packet:
    """The dispute packet of a turn (or of one step of it)."""
    rs = game.ruleset
    ts = turn_steps(game, turn)
    if not ts.events:
        raise ValidationError(f"--turn: game {game.id!r} has no events in turn {turn}")
    shown, k = frames(game, store, turn, step, lang)
    packet = Packet(Doc())
    doc = packet.doc
    where = tr(lang, f"ход {turn}", f"turn {turn}") + (tr(lang, f", шаг {k}", f", step {k}") if step else "")
    doc.h(tr(lang, f"Разбор спора: {where}", f"Dispute: {where}"), 1)
    head = game.events[-1]
    doc.p(f"{game.id} · {rs.key} · " + tr(lang, "ревизия правил ", "rules revision ") + rs.revision)
    doc.p(b(tr(lang, "Голова лога", "Log head")), f": seq {head.seq}, ", code(head.hash))

    doc.h(tr(lang, "Кадры", "Frames"))
    items = []
    for label, name, view in shown:
        svg = rs.frame(view)
        packet.files[name] = to_png(svg, last_hash=view.last_hash)
        items.append((b(label), " — ", code(name), ": " + tr(lang, "шаг", "step") + f" {view.step}/{view.steps}, "
                      + tr(lang, "нарисован по событию с хешем ", "drawn from the event with hash ") + view.last_hash))
    doc.ul(items)

    events = list(ts.events)
    before = state_before(game, turn, store, ts)
    doc.h(tr(lang, "Приказы", "Orders"))
    orders = seal_lines(rs, events, lang, before)
    for title, said, proof in orders:
        doc.p(b(title), ": ", said)
        if proof:
            doc.pre(proof)
    if not orders:
        doc.p(tr(lang, "Приказов в этом ходе нет.", "No orders in this turn."))

    doc.h(tr(lang, "Кости", "Dice"))
    seed = seed_of(game)
    rolls = [e for e in events if e.type == "roll"]
    for e in rolls:
        p = e.payload
        proof, derivation = die_proof(game, e, seed, lang)
        line = [b(f"seq {e.seq} {e.actor or tr(lang, 'ГМ', 'GM')}"),
                f": {_purpose(rs, p.get('purpose'), lang)} {p.get('dice')} = {p.get('result')} "
                f"({tr(lang, 'итог', 'total')} {p.get('total')}); "]
        link = p.get("link")
        line.append(Link(str(link), str(link)) if link and p.get("source") != "engine" else proof)
        doc.p(*line)
        if derivation:
            doc.pre(derivation)
    if not rolls:
        doc.p(tr(lang, "Бросков в этом ходе нет.", "No rolls in this turn."))

    doc.h(tr(lang, "Разрешение", "Resolution"))
    catalogue = defaults_catalogue(rs, lang)
    known, only, board = meanings(rs, lang), explained_only(rs, lang), board_names(rs)
    shown: list[str] = []
    steps = [s for _, s in ts.steps]
    chosen = steps if not step else steps[k - 1:k]
    for s in chosen:
        p = s.payload
        n = steps.index(s) + 1
        heading, why = rs.describe(s, lang), why_lines(rs, p, lang)
        doc.p(b(tr(lang, f"Шаг {n}: ", f"Step {n}: ") + heading), f" (seq {s.seq}, {event_name(rs, s.type, lang)})")
        doc.pre("\n".join(why) or "—")
        shown += ids_shown(p.get("rule"), [heading, *why], known, only, board)
        if p.get("rule"):
            doc.p(b(tr(lang, "Правило: ", "Rule: ")), translate_lines(rs, [str(p["rule"])], lang)[0])
            for section, quoted in quotes_of(rs, p["rule"], lang):
                doc.p(b(section), ": ", italic(f"«{quoted}»"))
        used = list(p.get("defaults") or [])
        if used:
            doc.p(b(tr(lang, "Умолчания спецификации:", "Spec defaults relied on:")))
            doc.ul([f"{d}: {default_meaning(d, catalogue, known, lang)}" for d in used])
            shown += ids_shown(None, [catalogue.get(d, "") for d in used], known, only, board)

    doc.h(tr(lang, "Аудит", "Audit"))
    recorded = [e for e in events if resolution_steps(rs, e)]
    findings = audit_turn(game, before, turn, recorded) if recorded else []
    if not [f for f in findings if f.kind != "unused"]:
        doc.p(tr(lang, "Аудит: записанное разрешение совпадает с правилами.",
                 "Audit: the recorded resolution is what the rules give."))
    for f in findings:
        kind = AUDIT_KINDS_RU.get(f.kind, f.kind) if lang == "ru" else f.kind
        lines = translate_lines(rs, f.lines, lang)
        doc.p(b(kind + (f" (seq {f.seq})" if f.seq else "")), ": " + "; ".join(lines))
        recorded_why = translate_lines(rs, f.recorded_why, lang)
        computed_why = translate_lines(rs, f.computed_why, lang)
        if f.recorded_why or f.computed_why:
            doc.table([tr(lang, "записано", "recorded"), tr(lang, "по правилам", "the rules")],
                      [[a or "", c or ""] for a, c in zip_longest(recorded_why, computed_why)])
        shown += ids_shown(None, [*lines, *recorded_why, *computed_why], known, only, board)
    ids = list(dict.fromkeys(shown))
    if ids:
        doc.h(tr(lang, "Что значат обозначения", "What the ids mean"))
        doc.ul(glossary(ids, known, lang))
        said = [pair for pair in (id_meaning(key, known, lang) for key in ids) if pair]
        doc.glossary = Glossary(tr(lang, "Обозначения в этой части", "The ids in this part"), dict(said))
    doc.p(b(tr(lang, "Голова лога", "Log head")), f": seq {head.seq} ", code(head.hash))
    return packet
