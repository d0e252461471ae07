"""Small things a GM and players notice (skirmish part 2): a melee pair's bleeding counted once a round whatever ends
its fight (6.5 step 10), a group's exchange with no attack said as a reader would and a Break free (M73) not counted
as an attack, a grapple's end labelled «захват (5.8)» whatever began it, no Protect ally (M37) asked of or declared by
a fighter who is himself grappling, the group parser's errors in Russian, the answer `avoid_melee` (M53, L681) read
from a player's words, and a body cover (L981) named among the missile defences and in the legend."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cli.main import import_text, main
from eventlog.envelope import Draft, Event
from eventlog.store import Store
from replay import driver
from replay.context import Context, Request, TurnInputs
from replay.render import i18n
from replay.ruleset import get
from replay.rulesets.skirmish import Skirmish, battle_round, field_frame, field_parse, group, group_grapple
from replay.rulesets.skirmish import messages as msg
from replay.rulesets.skirmish.battle import Battle
from replay.rulesets.skirmish.field_parse import melee_group_order
from replay.rulesets.skirmish.model import SkirmishOptions, Wound
from replay.rulesets.skirmish.parse import parse_order
from tests.legend_support import frames
from tests.skirmish.test_field_melee import field
from tests.skirmish.test_group_grapple import group_of, of, played, upto

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "skirmish"
RULESET = Skirmish()
OPTIONS = SkirmishOptions()


def clinch2(turn: int, cut: Any = None) -> tuple[list[Any], Any]:
    """The hand log of `clinch2` up to `turn` (and, with `cut`, only the lines of that turn it keeps)."""
    log = [json.loads(x) for x in (FIXTURES / "hand" / "clinch2.jsonl").read_text(encoding="utf-8").splitlines()]
    return played([e for e in log if e.get("turn") is None or e["turn"] < turn
                   or e["turn"] == turn and (cut is None or cut(e))])


def localized(text: str) -> str:
    return i18n.localize(text, "ru", [get("skirmish")])


# --- 1. 6.5 step 10: a pair whose fight ended mid-round bleeds at the field round's end, once --------------------

def ended_pair() -> Battle:
    """RAT and VSE in a melee pair on the field, ZOR loose; VSE bleeds 2 (blood loss 1) and the pair's fight ended in
    this round's exchange 1 (VSE out), before the pair's own round end."""
    setup = {"field": {"grid": "square", "width": 10, "height": 6}, "fighters": [
        {"sample": "RAT", "cell": [4, 2], "facing": "E"}, {"sample": "VSE", "cell": [5, 2], "facing": "W"},
        {"sample": "VSE", "id": "ZOR", "cell": [1, 1], "facing": "E"}]}
    state = RULESET.initial(setup, RULESET.options())
    state = RULESET.evolve(state, Event("g", 10, "skirmish.engaged", 1, None, {
        "pair": "RAT-VSE", "fighters": ["RAT", "VSE"], "why": [], "rule": [], "defaults": []}, None, "", "", ""))
    assert isinstance(state, Battle)
    [pair] = state.pairs
    vse = replace(pair.fight.fighter("VSE"), blood_loss=1, status="unconscious",
                  wounds=(Wound("upper_torso", "shoulder_joint", "chopping", 6, 3, 3, 2),))
    fight = replace(pair.fight.with_fighter(vse), result={"winner": "RAT", "out": {"VSE": "unconscious"}})
    return state.with_pair(replace(pair, fight=fight))


def field_round_end(state: Battle, drafts: list[Draft]) -> dict[str, Any]:
    ctx = Context(TurnInputs.of(1, []), state, RULESET.evolve, "g", drafts=list(drafts))
    battle_round.round_end(ctx, 1, OPTIONS)
    return next(d.payload for d in ctx.drafts if d.type == "skirmish.field_round_ended")


def test_a_pairs_fight_ended_mid_round_bleeds_at_the_field_rounds_end() -> None:
    ended = field_round_end(ended_pair(), [])
    assert ended["blood_loss"]["VSE"] == 3, ended
    assert "VSE bleeds 2: blood loss 1 + 2 = 3" in ended["why"]
    assert ended["parted"] == ["RAT-VSE"]


def test_a_pair_whose_own_round_end_ran_does_not_bleed_twice() -> None:
    own = Draft("skirmish.round_ended", {"round": 1}, phase="RAT-VSE:end")
    ended = field_round_end(ended_pair(), [own])
    assert "VSE" not in ended["blood_loss"], ended
    assert not any("VSE bleeds" in w for w in ended["why"])


# --- 2. a group's exchange with no attack; a Break free is no attack -----------------------------------------------

def test_an_exchange_with_no_attack_says_so_and_a_break_free_is_not_counted() -> None:
    """`clinch2` round 3, exchange 2: Boris's and Vseslav's Break free (M73) and two passes: no attack."""
    events, _ = clinch2(3)
    ended = {e["exchange"]: e["why"][0] for e in of(events, "exchange_ended")}
    assert [d["maneuver"] for d in of(events, "declared") if d["exchange"] == 2 and d["step"] == "attack"
            and d["maneuver"] != "pass"] == ["break_free"]
    assert ended[2] == "exchange 2 over: no attacks this exchange; the group's order stays the general initiative " \
        "chain (4.4)"
    assert msg.say_why(ended[2]) == "обмен 2 окончен: в обмене никто не атаковал; порядок схватки — прежняя цепочка " \
        "общей инициативы (4.4)"
    assert ended[1].startswith("exchange 1 over: 1 of 1 attacks hit;"), ended  # Gorazd's chop counts as before


# --- 3. the grapple's end, whatever began it ------------------------------------------------------------------------

def test_a_grapple_ended_by_a_knockout_is_labelled_by_the_rule_of_grapples(tmp_path: Path) -> None:
    """`clinch2`: Ratibor's grapple with Vseslav began with a Leg dive (M52), not a Grab (M51)."""
    events, _ = clinch2(3)
    ended = next(e for e in of(events, "effect") if e["changes"] == [{"op": "grapple", "value": None}])
    assert ended["maneuver_id"] == group_grapple.GRAPPLE_ENDS == "5.8"
    db = str(tmp_path / "c.duckdb")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "import", str(FIXTURES / "clinch2.jsonl")]).exit_code == 0
    for lang, said in (("ru", "Ратибор — захват (5.8):"), ("en", "Ratibor — grapple (5.8):")):
        out = runner.invoke(main, ["--db", db, "--lang", lang, "post", "skirmish-clinch2", "--turn", "3"]).output
        line = next(x for x in out.splitlines() if "(5.8):" in x)
        assert said in line.replace("[b]", "").replace("[/b]", "") and "M51" not in line, line


# --- 4. M37: a grappler protects no ally --------------------------------------------------------------------------

def test_a_grappler_is_not_asked_to_protect_an_ally_and_is_refused_naming_the_rule() -> None:
    """`clinch2` round 3, exchange 1: Miron holds Boris (his Pounce); Gorazd chops at Miron's ally Vseslav beside
    them."""
    _, after = clinch2(3, lambda e: e["type"] == "order" and e["payload"].get("step") == "attack"
                       and e["payload"]["exchange"] == 1)
    fight = group_of(after)
    assert group_grapple.partner(fight, "MIR") == "BOR"
    assert any(d.actor == "GOR" and d.order.get("target") == "VSE" for d in fight.declared)
    assert group.protectable(fight, after.grid, "MIR") == []
    order = {"exchange": 1, "step": "defence", "maneuver": "protect_ally", "as": "weapon_block", "answers": "GOR",
             "dice": {"reflex": 2, "skill": 0}}
    [refused] = group.protect_declaration_problems(fight, "MIR", order, OPTIONS, after.grid)
    assert refused == "condition_failed (4.4, 5.8, M37): protect_ally: MIR wrestles with BOR: their bodies are in " \
        "contact (L723), he does not step into an ally's cell to protect him (L540, PROPOSED)"
    ru = msg._problem(refused.split(": ", 1)[1])
    assert ru is not None and "M37" not in ru and "L540" in ru and not msg.english_left(ru, {"MIR", "BOR"}), ru


# --- 5. the group parser's errors in Russian --------------------------------------------------------------------------

def test_the_group_parsers_errors_read_in_russian() -> None:
    _, after = played(upto(1))
    fight = group_of(after)
    cases = [("VSE", "Защита: отступление, 3 кубика (3Р), против Бориса, к лесу",
              "M45 (L616): после «к …» назовите одного противника, к которому он отступает"),
             ("RAT", "Атака: укол в верхний корпус, 3 кубика (3Р)", "4.4: назовите цель атаки (в этой схватке: "),
             ("VSE", "Защита: блок оружием, 3 кубика (3Р)", "4.4: назовите атакующего, от которого эта защита")]
    for fid, text, said in cases:
        parsed = melee_group_order(text, parse_order(text, fight, fid), after, fid)
        assert parsed.order is None and parsed.errors, parsed
        ru = localized(parsed.errors[-1])
        assert ru.startswith(said), ru
        assert not msg.english_left(ru, {"VSE", "BOR", "MIR", "RAT"}), ru
    for english in ("M09: «затем …» (then …) names the further targets of the sweep",
                    "M24: «также …» (also …) names one second target",
                    "M37 (L542): name the defence that protects: «блоком оружием», «блоком щитом» or «сбивом» "
                    "(weapon block, shield block, knock-aside)"):
        assert localized(english) != english and not msg.english_left(localized(english), set())


# --- 6. M53 (L681): the answer avoid_melee in the player's words ----------------------------------------------------

ASKED = Request("choice", "ZOR", "avoid_melee", (("exchange", 2), ("fighter", "RAT")), options=(0, 1, 2, 3))


def test_avoid_melee_is_read_from_the_players_words() -> None:
    for text, n in (("Уклоняюсь от схватки, 2 кубика", 2), ("avoid the melee, 3 dice", 3),
                    ("Не уклоняюсь от схватки", 0)):
        assert field_parse.avoid_choice(text, "ZOR", [ASKED]) == (
            {"name": "avoid_melee", "value": n, "exchange": 2, "fighter": "RAT"}, []), text


def test_avoid_melee_without_dice_or_request_is_an_error_in_both_languages() -> None:
    payload, errors = field_parse.avoid_choice("Уклоняюсь от схватки", "ZOR", [ASKED])
    assert payload is None and errors[0].startswith("M53 (L681): the reflex dice rolled to avoid the melee")
    assert localized(errors[0]).startswith("M53 (L681): нужны кубики рефлекса")
    payload, errors = field_parse.avoid_choice("Уклоняюсь от схватки, 2 кубика", "ZOR", [])
    assert payload is None and localized(errors[0]) == "M53 (L681): у ZOR сейчас не спрашивают, уклоняется ли он " \
        "от схватки"


def test_avoid_melee_is_read_from_a_whole_post() -> None:
    state = field()
    choices, errors, rest = field_parse.defence_lines("Уклоняюсь от схватки, 2 кубика (2Р)", state, "ZOR", [ASKED])
    assert (choices, errors, rest.strip()) == ([{"name": "avoid_melee", "value": 2, "exchange": 2, "fighter": "RAT"}],
                                               [], "")


# --- 7. «телом» among the missile defences; the body cover's own legend entry --------------------------------------

def test_a_defence_naming_none_lists_the_body_cover() -> None:
    errors: list[str] = []
    assert not field_parse.defence_value("как-нибудь", field(), "ZOR", False, errors)
    assert "«телом»" in errors[-1] and "body cover" in errors[-1], errors
    assert "«телом» или «нет»" in localized(errors[-1])


def test_the_body_cover_has_its_own_legend_entry_when_drawn() -> None:
    keyed = field_frame.legend_items("en", {})
    assert keyed.entries["body_cover"].label == "body cover (L981)"
    assert field_frame.legend_items("ru", {}).entries["body_cover"].label == "прикрытие телом (L981)"
    with Store.open(":memory:") as store:
        gid = next(iter(import_text(store, (FIXTURES / "escort.jsonl").read_text(encoding="utf-8"), source="t")))
        game = driver.load(store, gid)
        svgs = [svg for *_, svg in frames(game, "en")]
    drawn = [s for s in svgs if f'stroke-dasharray="{field_frame.BODY_DASH}"' in s]
    assert drawn and all("body cover (L981)" in s for s in drawn)
    assert not any("body cover (L981)" in s for s in svgs if s not in drawn)
