"""Grapples inside a melee of several fighters (4.4, 5.8, PROPOSED reading in docs/skirmish.md), on the recorded fight
`clinch` (Ratibor and Boris against Vseslav and Miron): a grab makes a grapple of its pair while the others fight
around them, part 1's wrestling plays it (the wrestling pool, the pain hold, flow, the break free); a third fighter's
attack on a grappler gets no bonus and is answered only with what wrestling leaves; a grappler strikes a third only
with what wrestling allows; the grapple ends when one of the two is out; the pounce on one or several targets (the
total mass, L826). Bad input is refused naming the rule, in English and Russian."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.store import Store
from replay import driver
from replay.rulesets.skirmish import group_grapple
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle
from tests.skirmish.test_bad_input import refused_at_import

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "skirmish"
GAME = "skirmish-clinch"


def hand() -> list[dict[str, Any]]:
    return [json.loads(x) for x in (FIXTURES / "hand" / "clinch.jsonl").read_text(encoding="utf-8").splitlines()]


def upto(turn: int, exchange: int | None = None) -> list[dict[str, Any]]:
    """The hand log up to `turn` (its exchanges up to `exchange`; None: the whole turn)."""
    return [e for e in hand() if e.get("turn") is None or e["turn"] < turn or e["turn"] == turn and (
        exchange is None or e["payload"].get("exchange", 99) <= exchange)]


def o(turn: int, actor: str, **p: Any) -> dict[str, Any]:
    return {"game": GAME, "type": "order", "turn": turn, "actor": actor, "payload": p}


def r(turn: int, actor: str, dice: str, purpose: str, result: list[int], **k: Any) -> dict[str, Any]:
    return {"game": GAME, "type": "roll", "turn": turn, "actor": actor,
            "payload": {"dice": dice, "purpose": purpose, "result": result,
                        "total": sum(result) - (2 if dice == "2d6-2" else 0), "source": "forum", **k}}


def played(log: list[dict[str, Any]]) -> tuple[list[Any], Battle]:
    """The events of the log's last turn and the battle after it (the open turn provisional)."""
    text = "\n".join(json.dumps(e, ensure_ascii=False) for e in log)
    with Store.open(":memory:") as store:
        gid = next(iter(import_text(store, text, source="test")))
        game = driver.load(store, gid)
        turn = log[-1]["turn"]
        after, steps = driver.state_at(game, turn)
        assert isinstance(after, Battle)
        if steps.provisional:
            return [s for _, s in steps.steps], after
        return [e for e in store.events(gid) if e.turn == turn], after


def of(events: list[Any], kind: str) -> list[dict[str, Any]]:
    return [e.payload for e in events if e.type == f"skirmish.{kind}"]


def group_of(state: Battle) -> Any:
    [pair] = state.pairs
    return pair.fight


# --- the grapple of a pair inside the group ---------------------------------------------------------------------

def test_a_grab_in_a_group_holds_its_pair_while_the_others_fight_on() -> None:
    events, after = played(upto(2))
    fight = group_of(after)
    assert fight.grapple is None and [(g["holder"], g["held"], g["grabbed"]) for g in fight.grapples] == [
        ("RAT", "VSE", "main_arm")]
    assert fight.grapples[0]["start"] == [2, 2]  # the wrestling pool from the next exchange
    assert {f.id: f.grapple_from for f in fight.fighters} == {"RAT": (2, 2), "VSE": (2, 2), "BOR": None, "MIR": None}
    # Miron's chop on Boris, beside them, is a clash of its own: 2 successes against the block's 3
    clash = next(c for c in of(events, "clash") if c["attacker"] == "MIR")
    assert clash["why"][-1] == "2 vs 3 → the defence wins, final 1"


def test_a_leg_dive_in_a_group_takes_its_pair_to_the_ground() -> None:
    """Ratibor, unarmed, dives for Vseslav's legs; Vseslav's balance [6, 3, 2, 2, 1] at %5 is 0 against 2 final
    successes: a ground clinch, both lying (L671), and a grapple of the two in the group."""
    log = upto(1)
    created = json.loads(json.dumps(log[0]))
    created["payload"]["setup"]["fighters"][0]["weapons"] = []
    dive = [o(2, "VSE", exchange=1, step="attack", maneuver="pass"), o(2, "MIR", exchange=1, step="attack",
                                                                      maneuver="pass"),
            o(2, "RAT", exchange=1, step="attack", maneuver="leg_dive", target="VSE", zone="left_leg",
              dice={"reflex": 2, "skill": 0}),
            o(2, "BOR", exchange=1, step="attack", maneuver="pass"),
            o(2, "VSE", exchange=1, step="defence", maneuver="pass", answers="RAT"),
            o(2, "MIR", exchange=1, step="defence", maneuver="pass", answers="RAT"),
            r(2, "RAT", "2d10", "attack", [9, 6], exchange=1),
            r(2, "VSE", "5d10", "balance", [6, 3, 2, 2, 1], exchange=1)]
    _, after = played([created, *log[1:], *dive])
    fight = group_of(after)
    assert [(g["holder"], g["held"], g["grabbed"], g["ground"]) for g in fight.grapples] == [
        ("RAT", "VSE", "legs", True)]
    assert (fight.fighter("RAT").stance, fight.fighter("VSE").stance) == ("lying", "lying")
    assert fight.fighter("MIR").grapple_from is None


def test_the_pain_hold_in_the_group_is_part_1s_with_the_grabs_dice_and_flow() -> None:
    events, _ = played(upto(2))
    pain = next(d for d in of(events, "declared") if d["maneuver"] == "pain_hold")["priced"]
    assert (pain["dice_to_roll"], pain["difficulty"]) == (5, 6)  # 3 committed + the grab's 2 final (L660); %5 +1 load
    hold = next(e for e in of(events, "effect") if e["maneuver"] == "pain_hold" and e["changes"][0]["kind"]
                == "pain_hold")
    assert hold["changes"][0]["amount"] == 3  # [9, 8, 6, 3, 2] at %6: 3 successes, undefended
    flow = next(e for e in of(events, "effect") if e["changes"] and e["changes"][0].get("kind") == "bonus"
                and e["exchange"] == 2)
    assert flow["changes"][0]["amount"] == 3 and flow["changes"][0]["start"] == [3, 1]


def test_a_third_fighters_attack_on_a_grappler_gets_no_bonus_and_says_so() -> None:
    events, _ = played(upto(2))
    chop = next(d for d in of(events, "declared") if d["actor"] == "BOR" and d["exchange"] == 2)["priced"]
    alone = next(d for d in of(played(upto(2, 1))[0], "declared") if d["actor"] == "MIR" and d["exchange"] == 1)
    assert chop["difficulty"] == alone["priced"]["difficulty"] == 5  # a chop's %5, nothing off for the hold
    note = next(e for e in of(events, "effect") if e["actor"] == "BOR")
    assert note["why"] == ["VSE wrestles with RAT: BOR's attack on him gets no bonus of its own; he answers it only "
                           "with a slip, a limb block, or a block, parry or knock-aside of a hand or short weapon or a "
                           "shield (PROPOSED, L723, L892)"]
    clash = next(c for c in of(events, "clash") if c["attacker"] == "BOR")
    assert clash["why"][-1] == "3 vs 1 → hit, final 2"  # [9, 7, 5, 4] %5 against the slip's [6, 3] %6


def test_a_grapplers_blow_at_a_third_is_halved_as_every_blow_in_wrestling() -> None:
    events, _ = played(upto(3, 1))
    hit = next(h for h in of(events, "hit") if h["attacker"] == "RAT")
    assert any("a strike in wrestling, L840" in w for w in hit["why"]), hit["why"]


def test_a_pounce_on_one_target_in_the_group_starts_a_second_grapple() -> None:
    _, after = played(upto(3, 1))
    fight = group_of(after)
    assert sorted((g["holder"], g["held"], g["ground"]) for g in fight.grapples) == [
        ("MIR", "BOR", True), ("RAT", "VSE", False)]
    assert fight.fighter("BOR").stance == "lying"


def test_a_break_free_ends_only_its_own_grapple() -> None:
    events, after = played(upto(3))
    broke = next(e for e in of(events, "effect") if e["maneuver"] == "break_free" and e["actor"] == "VSE")
    assert {"op": "grapple", "value": None} in broke["changes"]  # [8, 6, 2, 1] pure Strength %5: 2 − 1 = 1
    fight = group_of(after)
    assert [(g["holder"], g["held"]) for g in fight.grapples] == [("MIR", "BOR")]  # [4, 3, 2, 2, 2]: 0, held
    assert fight.fighter("VSE").grapple_from is None and fight.fighter("RAT").grapple_from is None
    assert not [x for x in fight.fighter("VSE").effects if x.kind == "pain_hold"]  # M59: while the hold lasts


class Emitted:
    """A context that only collects what is emitted (group_grapple.loosen reads the state and emits)."""

    def __init__(self, state: Any) -> None:
        self.state, self.drafts = state, []

    def emit(self, draft: Any) -> Any:
        self.drafts.append(draft)
        return draft


def test_the_grapple_ends_when_one_of_the_two_is_out_of_the_fight() -> None:
    _, after = played(upto(3, 1))
    fight = group_of(after)
    out = fight.with_fighter(replace(fight.fighter("BOR"), status="unconscious"))
    ctx = Emitted(out)
    group_grapple.loosen(ctx, 2)  # type: ignore[arg-type]
    [draft] = ctx.drafts
    assert draft.payload["actor"] == "MIR" and draft.payload["changes"] == [{"op": "grapple", "value": None}]
    assert draft.payload["why"] == ["BOR is out of the fight (unconscious): MIR's grapple with him ends; MIR fights on "
                                    "in the melee (PROPOSED, 5.8, 4.4)"]
    left = group_grapple.folded(out, None, "MIR")
    assert [(g["holder"], g["held"]) for g in left.grapples] == [("RAT", "VSE")]
    assert left.fighter("MIR").grapple_from is None and left.fighter("RAT").grapple_from == (2, 2)


# --- the pounce on several targets (L826) ------------------------------------------------------------------------

def heavy_miron() -> list[dict[str, Any]]:
    """The fight with Miron at 210 kg (222 with his gear): twice Boris's 108 kg, not twice Boris's and Ratibor's."""
    log = upto(1)
    created = json.loads(json.dumps(log[0]))
    created["payload"]["setup"]["fighters"][3]["weight_kg"] = 210
    return [created, *log[1:]]


def pounce(then: list[str] | None = None) -> list[dict[str, Any]]:
    extra = {"then": then} if then else {}
    return [o(2, "VSE", exchange=1, step="attack", maneuver="pass"),
            o(2, "MIR", exchange=1, step="attack", maneuver="pounce", target="BOR", zone="upper_torso",
              dice={"reflex": 3, "skill": 1}, **extra),
            o(2, "RAT", exchange=1, step="attack", maneuver="pass"), o(2, "BOR", exchange=1, step="attack",
                                                                      maneuver="pass")]


def test_the_pounce_goes_by_the_total_mass_of_its_targets() -> None:
    one, _ = played([*heavy_miron(), *pounce()])
    two, _ = played([*heavy_miron(), *pounce(["RAT"])])
    alone = next(d for d in of(one, "declared") if d["actor"] == "MIR")["priced"]
    both = next(d for d in of(two, "declared") if d["actor"] == "MIR")["priced"]
    assert alone["difficulty"] == 4  # 222 / 108 = 2.06 ≥ 2: %5 − 1 (L826)
    assert both["difficulty"] == 5  # 222 / 216 = 1.03: %5, neither lighter nor twice (L826)
    assert "the targets' total mass 216 kg against 222 kg (L826)" in both["difficulty_mods"]


def test_the_pounces_difficulty_lines_read_in_russian() -> None:
    """M65 (L826, A-50, L830): the mass ratio's −1 on the pounce and +n on its defences, the lighter attacker's +1 and
    the combined maneuvers' +n, as a Russian reader sees them (the decimal comma)."""
    one, _ = played([*heavy_miron(), *pounce()])
    mods = next(d for d in of(one, "declared") if d["actor"] == "MIR")["priced"]["difficulty_mods"]
    assert "−1 mass ratio 2.06 ≥ 2 (L826)" in mods
    said = [msg.say_why(m) for m in mods]
    assert said == ["наскок %5 (L822)", "−1: соотношение масс 2,06 ≥ 2 (L826)"], said
    assert msg.say_why("+2 mass ratio ×3.10 (M65, L826)") == "+2: соотношение масс ×3,10 (M65, L826)"
    assert msg.say_why("+1 lighter attacker (A-50)") == "+1: нападающий легче цели (A-50)"
    assert msg.say_why("+2 combined maneuvers (L830)") == "+2 за совмещённые маневры (L830)"


POUNCED = [o(2, "BOR", exchange=1, step="defence", maneuver="pass", answers="MIR"),
           o(2, "RAT", exchange=1, step="defence", maneuver="pass", answers="MIR"),
           r(2, "MIR", "4d10", "attack", [9, 8, 7, 3], exchange=1),
           r(2, "MIR", "2d6-2", "zone", [5, 5], exchange=1, target="BOR"),
           r(2, "MIR", "1d6", "penetration", [3], exchange=1, target="BOR"),
           r(2, "MIR", "2d6-2", "zone", [5, 5], exchange=1, target="RAT"),
           r(2, "MIR", "1d6", "penetration", [3], exchange=1, target="RAT")]
"""Boris and Ratibor take Miron's pounce undefended; one attack roll, each hit's zone and penetration keyed by its
target."""


def test_a_pounce_on_two_targets_rolls_once_against_each_targets_defence() -> None:
    events, _ = played([*heavy_miron(), *pounce(["RAT"]), *POUNCED])
    clashes = [c for c in of(events, "clash") if c["attacker"] == "MIR"]
    assert [c["target"] for c in clashes] == ["BOR", "RAT"]
    assert [c["attack_roll"]["faces"] for c in clashes] == [[9, 8, 7, 3]] * 2  # one roll (as M24's, L441)
    assert [c["why"][-1] for c in clashes] == ["3 vs 0 (no defence) → hit, final 3"] * 2


def test_the_second_target_of_a_pounce_is_only_knocked_down() -> None:
    events, after = played([*heavy_miron(), *pounce(["RAT"]), *POUNCED])
    falls = [e for e in of(events, "effect") if e["maneuver"] == "pounce"]
    assert [[c["op"] for c in e["changes"]] for e in falls] == [["stance", "grapple", "distance"], ["stance"]]
    assert falls[1]["why"] == ["pounce: RAT is knocked down; MIR already wrestles with the first target he knocked "
                               "down (PROPOSED, L826)"]
    fight = group_of(after)
    assert [(g["holder"], g["held"]) for g in fight.grapples] == [("MIR", "BOR")]
    assert fight.fighter("RAT").stance == fight.fighter("BOR").stance == "lying"


# --- bad input ---------------------------------------------------------------------------------------------------

X2 = upto(2, 1)
"""The fight to the end of round 2's first exchange: Ratibor holds Vseslav."""
CASES = {
    "a grappler's sidestep against a third's attack": (
        lambda: upto(2)[:-7],
        o(2, "VSE", exchange=2, step="defence", maneuver="sidestep", answers="BOR", dice={"reflex": 2, "skill": 0}),
        ["condition_failed (4.4, 5.8, L892, M47): sidestep: VSE wrestles with RAT: against BOR's attack he defends "
         "only with a slip"]),
    "a grappler's longsword against a third": (
        lambda: [*upto(3, 1), *(e for e in hand() if e.get("turn") == 3 and e["type"] == "order"
                                and e["payload"].get("exchange") == 2 and e["actor"] in ("VSE", "RAT"))],
        o(3, "BOR", exchange=2, step="attack", maneuver="chop", target="VSE", zone="upper_torso",
          dice={"reflex": 0, "skill": 2}),
        ["condition_failed (4.4, 5.8, L723, M03): chop: BOR wrestles with MIR: his longsword is longer than short, "
         "and in wrestling it serves only by the hilt (L723, PROPOSED)"]),
    "a wrestling technique on a fighter he does not grapple with": (
        lambda: [*X2, o(2, "VSE", exchange=2, step="attack", maneuver="pass"),
                 o(2, "MIR", exchange=2, step="attack", maneuver="pass")],
        o(2, "RAT", exchange=2, step="attack", maneuver="pain_hold", target="MIR", dice={"reflex": 2, "skill": 0}),
        ["condition_failed (4.4, 5.8, L723, M59): pain_hold: RAT wrestles with VSE: he attacks MIR only with a punch"]),
    "a grab on a fighter already held": (
        lambda: [*X2, o(2, "VSE", exchange=2, step="attack", maneuver="pass"),
                 o(2, "MIR", exchange=2, step="attack", maneuver="pass")],
        o(2, "BOR", exchange=2, step="attack", maneuver="grab", target="VSE", zone="left_arm",
          dice={"reflex": 2, "skill": 0}),
        ["condition_failed (4.4, 5.8, M51): grab: VSE already wrestles with RAT: a fighter is in one grapple at most "
         "(PROPOSED, L723)"]),
    "a pain hold by one who grapples no one": (
        lambda: [*X2, o(2, "VSE", exchange=2, step="attack", maneuver="pass")],
        o(2, "MIR", exchange=2, step="attack", maneuver="pain_hold", target="BOR", dice={"reflex": 2, "skill": 0}),
        ["condition_failed (4.4, 5.8, M59): pain_hold: MIR does not grapple with BOR: wrestling is played between "
         "the two of a grapple (PROPOSED, 5.8)"]),
    "protect ally against a hold": (
        lambda: [*upto(2)[:-7], o(2, "VSE", exchange=2, step="defence", maneuver="pass", answers="RAT"),
                 o(2, "VSE", exchange=2, step="defence", maneuver="pass", answers="BOR")],
        o(2, "MIR", exchange=2, step="defence", maneuver="protect_ally", **{"as": "weapon_block"}, answers="RAT",
          dice={"reflex": 2, "skill": 0}),
        ["protect_ally: RAT's pain_hold on VSE is a technique inside their grapple"]),
    "a grappler's move by Maneuvering": (
        lambda: [*X2, o(2, "VSE", exchange=2, step="attack", maneuver="pass"),
                 o(2, "MIR", exchange=2, step="attack", maneuver="pass")],
        o(2, "RAT", exchange=2, step="attack", maneuver="maneuvering", to=[3, 2], dice={"reflex": 1, "skill": 0}),
        ["condition_failed (4.4, 5.8, M53): maneuvering: RAT wrestles with VSE: their bodies are in contact (L723), "
         "he moves no cell by Maneuvering (PROPOSED)"]),
    "a pounce falling twice on one target": (
        lambda: [*upto(1), o(2, "VSE", exchange=1, step="attack", maneuver="pass")],
        o(2, "MIR", exchange=1, step="attack", maneuver="pounce", target="BOR", then=["BOR"], zone="upper_torso",
          dice={"reflex": 3, "skill": 1}),
        ["condition_failed (5.4.4 M65, L826): a pounce falls on each target once"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_about_a_grapple_in_a_group_is_refused_naming_the_rule(case: str, tmp_path: Path) -> None:
    base, bad, said = CASES[case]
    out, db, path = refused_at_import([*base(), bad], said, tmp_path)
    assert out.exit_code == 2, out.output
    ru = CliRunner().invoke(main, ["--db", db, "--lang", "ru", "import", str(path)])
    assert ru.exit_code == 2 and "[англ.]" not in ru.output and "engl" not in ru.output, ru.output


# --- Russian -----------------------------------------------------------------------------------------------------

def test_the_grapple_lines_are_said_in_russian() -> None:
    lines = ["VSE wrestles with RAT on the ground: BOR's attack on him gets no bonus of its own; he answers it only "
             "with a slip, a limb block, or a block, parry or knock-aside of a hand or short weapon or a shield "
             "(PROPOSED, L723, L892)",
             "VSE's sidestep against BOR fails: RAT's grab succeeded (L660): every other maneuver of the held fighter "
             "this exchange fails (PROPOSED)",
             "BOR is out of the fight (unconscious): MIR's grapple with him ends; MIR fights on in the melee "
             "(PROPOSED, 5.8, 4.4)"]
    said = msg.why({"why": lines}, "ru")
    assert said == [
        "VSE борется с RAT в партере: атака BOR на него не получает своей прибавки; он отвечает на неё только свилей, "
        "блоком рукой или ногой либо блоком, парированием или сбивом ручного или короткого оружия или щита "
        "(предложено, L723, L892)",
        "«Увертка» VSE против BOR не удаётся: «Захват» RAT удался (L660): все прочие маневры захваченного в этом "
        "обмене проваливаются (предложено)",
        "BOR выбыл из боя (без сознания): захват с ним кончается; MIR бьётся в схватке дальше (предложено, 5.8, "
        "4.4)"]


def test_the_post_tells_the_grapple_in_the_group_in_russian_with_names(tmp_path: Path) -> None:
    path = tmp_path / "clinch.jsonl"
    path.write_text((FIXTURES / "clinch.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    db = str(tmp_path / "t.duckdb")
    assert CliRunner().invoke(main, ["--db", db, "import", str(path)]).exit_code == 0
    ru = CliRunner().invoke(main, ["--db", db, "--lang", "ru", "post", GAME, "--turn", "2"])
    assert ru.exit_code == 0, ru.output
    assert "Всеслав борется с Ратибором: атака Бориса на него не получает своей прибавки" in ru.output
    assert "[англ.]" not in ru.output


# --- a grapple as the melee grows and shrinks ---------------------------------------------------------------------

def test_a_pair_that_a_third_joins_keeps_its_grapple_and_a_group_that_shrinks_to_it_holds_on() -> None:
    from replay.rulesets.skirmish import battle_events as be
    from replay.rulesets.skirmish.battle import Pair

    _, after = played(upto(2))
    group = group_of(after)
    [hold] = group.grapples
    pair = Pair("RAT-VSE", replace(group, fighters=(group.fighter("RAT"), group.fighter("VSE")), grapple=hold,
                                   grapples=()), 2)
    joined = be.joined(replace(after, pairs=(pair,), loose=(group.fighter("BOR"), group.fighter("MIR"))),
                       be.Joined(melee="RAT-VSE", fighter="BOR", group="RAT-VSE-BOR", why=[], rule=[]))
    [grown] = joined.pairs
    assert grown.fight.grapple is None and grown.fight.grapples == (hold,)
    back = be.shrink(grown, ["BOR"], 3)
    assert back.id == "RAT-VSE" and back.fight.grapple == hold and back.fight.grapples == ()
    gone = be.shrink(Pair("RAT-VSE-BOR-MIR", group, 1), ["VSE"], 3)
    assert gone.fight.grapples == () and gone.fight.grapple is None
