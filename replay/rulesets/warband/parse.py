"""A player's stage post → one stage order, every problem collected with its line (docs/warband.md, "Orders").

    movement                      (or движение; left out: the stage the game waits in)
    a1: 20,30 -> 25,35 facing 90  a path of points in cm, then the final facing (лицом)
    a2 roll                       the movement roll first (бросок); the path follows as the choice `path`
    k1 jump 28,20                 a jump to a landing point (прыжок на)
    k1 dismount tie at 20,5.5: 20,13    dismount (tie | loose; спешивается привязав / отпустив в …), then the path
    k1: 20,16.5 remount k1_mount  a move that ends by mounting (садится на)
    k1: 20,30 swaps to long_weapon  a rider's weapon swap (меняет на; short_weapon, long_weapon, spear)
    b1: 24,20.5 unties a9_mount   untying a tied enemy mount after at most 1 cm (отвязывает; the path may be left out)
    a1 whispers to b2 30s         a talk (talks / whispers, говорит / шепчет) and its seconds
    ranged
    a5 shoots b1                  (стреляет, >)
    m1 casts haste on k2          (колдует … на …)
    g1 fires at o1                a siege gun (залп по)
    melee
    fight: attackers a4; charge o2 b2 via 52,45.2; targets b2 b3
    deployment
    a1 at 10,5 facing 90
"""

from __future__ import annotations

import re
from typing import Any

from replay.ruleset import Parsed
from replay.rulesets.warband.model import State
from replay.rulesets.warband.words import STAGE_WORDS

NUM = r"-?\d+(?:[.,]\d+)?"
POINT = re.compile(rf"\(?\s*({NUM})\s*[,;]\s*({NUM})\s*\)?")
POINT_SEP = re.compile(rf"\(?\s*{NUM}\s*,\s*{NUM}\s*\)?")
FACING = re.compile(rf"(?:facing|лицом|f)\s*({NUM})", re.I)
ID = r"[a-z][a-z0-9_]*"
TALK = re.compile(rf"^({ID})\s+(talks|whispers|говорит|шепчет)\s+(?:to\s+|с\s+)?({ID})\s+(\d+)\s*(?:s|с|сек)?$",
                  re.I)


def _num(text: str) -> float:
    value = float(text.replace(",", "."))
    return int(value) if value.is_integer() else value


def _points(text: str) -> list[list[float]]:
    return [[_num(m.group(1)), _num(m.group(2))] for m in re.finditer(rf"\(?\s*({NUM})\s*,\s*({NUM})\s*\)?", text)]


def parse_order(text: str, state: State, actor: str) -> Parsed:
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    stage = None
    if lines and lines[0][1].lower().rstrip(":") in STAGE_WORDS:
        stage = STAGE_WORDS[lines[0][1].lower().rstrip(":")]
        lines = lines[1:]
    elif lines and lines[0][1].lower() in ("pass", "пас"):
        lines = lines[1:]
    notes = []
    if stage is None:
        stage = "deployment" if state.stage == "preparation" else state.stage
        notes.append(f"stage {stage} (the stage the game waits in)")
    order: dict[str, Any] = {"stage": stage}
    errors: list[str] = []
    key = {"deployment": "place", "movement": "moves", "ranged": "shots", "melee": "fights"}[stage]
    order[key] = []
    for n, line in lines:
        if line.lower() in ("pass", "пас"):
            continue
        talk = TALK.match(line)
        if talk and stage == "movement":
            order.setdefault("talks", []).append(
                {"speaker": talk.group(1).lower(), "listener": talk.group(3).lower(),
                 "mode": "whisper" if talk.group(2).lower() in ("whispers", "шепчет") else "talk",
                 "seconds": int(talk.group(4))})
            continue
        try:
            item = PARSERS[stage](line)
            if "cast" in item:
                order.setdefault("casts", []).append(item["cast"])
            elif "gun" in item:
                order.setdefault("guns", []).append(item["gun"])
            else:
                order[key].append(item)
        except ValueError as exc:
            errors.append(f"line {n}: {exc}")
    return Parsed(None if errors else order, errors, notes)


def _deploy(line: str) -> dict[str, Any]:
    m = re.match(rf"^({ID})\s*(?:at|@|:|на)?\s*(.*)$", line, re.I)
    pts = _points(m.group(2)) if m else []
    if not m or len(pts) != 1:
        raise ValueError(f"a placement is `a1 at 10,5 facing 90`, not {line!r}")
    out: dict[str, Any] = {"w": m.group(1).lower(), "x": pts[0][0], "y": pts[0][1]}
    f = FACING.search(m.group(2))
    if f:
        out["facing"] = _num(f.group(1))
    return out


def _move(line: str) -> dict[str, Any]:
    m = re.match(rf"^({ID})\s*:?\s*(.*)$", line, re.I)
    if not m:
        raise ValueError(f"a move is `a1: 20,30 -> 25,35 facing 90` or `a1 roll`, not {line!r}")
    wid, rest = m.group(1).lower(), m.group(2)
    if rest.strip().lower() in ("roll", "бросок"):
        return {"w": wid, "roll": True}
    dis = re.match(rf"^(?:dismount|спешивается)\s+(tie|loose|привязав|отпустив)\s+(?:at|в)\s+({NUM}\s*,\s*{NUM})"
                   r"\s*(?::|;)?\s*(.*)$", rest.strip(), re.I)
    if dis:
        mode = {"привязав": "tie", "отпустив": "loose"}.get(dis.group(1).lower(), dis.group(1).lower())
        out_d: dict[str, Any] = {"w": wid, "dismount": mode, "mount_at": _points(dis.group(2))[0],
                                 "path": _points(FACING.sub("", dis.group(3)))}
        f = FACING.search(dis.group(3))
        if f:
            out_d["facing"] = _num(f.group(1))
        return out_d
    swap = re.search(r"\b(?:swaps to|swap to|swaps|меняет на)\s+(short_weapon|long_weapon|spear)\s*$", rest.strip(),
                     re.I)
    if swap:
        rest = rest[:rest.lower().rfind(swap.group(0).lower())]
        if not _points(rest):
            return {"w": wid, "swap": swap.group(1).lower()}
    untie = re.search(rf"\b(?:unties|untie|отвязывает)\s+({ID})\s*$", rest.strip(), re.I)
    if untie:
        rest = rest[:rest.lower().rfind(untie.group(0).lower())]
        if not _points(rest):
            return {"w": wid, "untie": untie.group(1).lower()}
    remount = re.search(rf"\b(?:remount|садится на)\s+({ID})\s*$", rest.strip(), re.I)
    if remount:
        rest = rest[:rest.lower().rfind(remount.group(0).lower())]
    jump = re.match(r"^(?:jumps?|прыжок|прыгает)\s+(?:to\s+|на\s+)?(.*)$", rest.strip(), re.I)
    if jump:
        pts = _points(FACING.sub("", jump.group(1)))
        if len(pts) != 1:
            raise ValueError(f"a jump names one landing point: `{wid} jump 28,20`")
        out_j: dict[str, Any] = {"w": wid, "jump": pts[0]}
        f = FACING.search(jump.group(1))
        if f:
            out_j["facing"] = _num(f.group(1))
        return out_j
    f = FACING.search(rest)
    pts = _points(FACING.sub("", rest))
    if not pts:
        raise ValueError(f"{wid}'s move names the points of its path in cm (`20,30 -> 25,35`)")
    out: dict[str, Any] = {"w": wid, "path": pts}
    if f:
        out["facing"] = _num(f.group(1))
    if remount:
        out["remount"] = remount.group(1).lower()
    if untie:
        out["untie"] = untie.group(1).lower()
    if swap:
        out["swap"] = swap.group(1).lower()
    return out


def _shot(line: str) -> dict[str, Any]:
    g = re.match(rf"^({ID})\s+(?:fires at|fires|стреляет из орудия в|залп по)\s+({ID})\s*$", line, re.I)
    if g:
        return {"gun": {"g": g.group(1).lower(), "aim": g.group(2).lower()}}
    c = re.match(rf"^({ID})\s+(?:casts|колдует)\s+(\w+)\s+(?:on|at|на|в)\s+({ID})\s*$", line, re.I)
    if c:
        return {"cast": {"w": c.group(1).lower(), "spell": c.group(2).lower(), "target": c.group(3).lower()}}
    m = re.match(rf"^({ID})\s*(?:shoots|стреляет(?:\s+в)?|>|->|→)\s*({ID})\s*$", line, re.I)
    if not m:
        raise ValueError(f"a shot is `a5 shoots b1` and a spell `m1 casts haste on k2`, not {line!r}")
    return {"w": m.group(1).lower(), "target": m.group(2).lower()}


def _fight(line: str) -> dict[str, Any]:
    m = re.match(r"^(?:fight|бой)\s*:?\s*(.*)$", line, re.I)
    if not m:
        raise ValueError(f"a fight is `fight: attackers a4; charge o2 b2 via 52,45.2; targets b2 b3`, not {line!r}")
    out: dict[str, Any] = {"attackers": [], "charges": [], "targets": []}
    for part in filter(None, (p.strip() for p in m.group(1).split(";"))):
        word, _, rest = part.partition(" ")
        word = word.lower()
        if word in ("attackers", "атакуют"):
            out["attackers"] += [w.lower() for w in re.findall(ID, rest, re.I)]
        elif word in ("targets", "цели"):
            out["targets"] += [w.lower() for w in re.findall(ID, rest, re.I)]
        elif word in ("charge", "рывок"):
            c = re.match(rf"^({ID})\s+(?:->\s*|→\s*|на\s+)?({ID})\s+(?:via|через)\s+(.*)$", rest.strip(), re.I)
            pts = _points(c.group(3)) if c else []
            if not c or not pts:
                raise ValueError(f"a charge is `charge o2 b2 via 52,45.2`, not {part!r}")
            out["charges"].append({"w": c.group(1).lower(), "target": c.group(2).lower(), "path": pts})
        else:
            raise ValueError(f"a fight's parts are attackers, charge and targets, not {part!r}")
    return out


PARSERS = {"deployment": _deploy, "movement": _move, "ranged": _shot, "melee": _fight}
