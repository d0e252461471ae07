"""§4.2.3: ledger lines in both orders, every verb synonym of the spec's table (ru and en), a whole post with pasted
dice as one batch, every problem with its line."""

from __future__ import annotations

import pytest

from replay.context import Request, freeze
from replay.ruleset import Point
from replay.rulesets.cerilia.parse import parse_post
from replay.rulesets.cerilia.words import VERBS, verb_of
from tests.cerilia.kit import battle, troop

SPEC_TABLE = {  # §4.2.3, as printed
    "move": ["moves", "перемещается", "переходит", "идет"], "deploy": ["выходит из Резерва"],
    "join": ["joins", "присоединяется к", "соединяется с"], "detach": ["detaches", "отсоединяется"],
    "declare_melee": ["attacks (melee)", "бьет", "атакует", "вступает в Ближний Бой", "задействует против"],
    "choose_melee_target": ["fights", "выбирает цель"],
    "declare_charge": ["charges", "Кавалерийская Атака", "совершает Кавалерийскую Атаку"],
    "mounted_retreat": ["mounted retreat", "Конное Отступление"], "shoot": ["shoots", "стреляет", "обстреливает"],
    "cast": ["casts", "кастует", "использует Заклинание"], "rout_move": ["flees", "бежит", "бежит (Разгром)"],
    "fall_back": ["falls back", "отступает (F)"],
    "voluntary_retreat": ["retreats voluntarily", "отступает добровольно"],
    "morale_check": ["morale check", "проверка Морали"], "concede": ["concedes", "признаю Поражение"],
    "hold": ["holds", "стоит"],
}


@pytest.mark.parametrize(("verb", "word"), [(v, w) for v, ws in SPEC_TABLE.items() for w in ws])
def test_every_verb_synonym_of_the_table_reads_as_its_verb(verb, word):
    assert verb_of(word) == verb
    assert verb in VERBS


def _point(state, actor="alice", step="A1"):
    return Point(state.round + 1, state, state, None, requests=(Request("order", actor, "order",
                                                                        freeze({"step": step})),))


def _state():
    s = battle(2)
    troop(s, "A-Pk-1", "E2-3", "Sh")
    troop(s, "A-Kn-1", "A1-1", "B")
    troop(s, "A-Arc-1", "pool", None)
    troop(s, "D-Pe-1", "E3-2", "B")
    troop(s, "D-Arc-1", "A2-1", "Sw")
    return s


def test_the_canonical_ledger_form_and_the_sources_prose_give_the_same_order():
    s = _state()
    prose = parse_post("Пикинер в 3 E2 переходит в E3 и бьет Крестьян в 2", _point(s), "alice")
    ledger = parse_post("PkSh (E2-3; 1/1) - move - E3\nPkSh (E3-1; 0/1) - melee - Pe E3-2", _point(s), "alice")
    strip = [{k: v for k, v in ln.items() if k != "line"} for ln in prose.drafts[0].payload["lines"]]
    assert strip == [{k: v for k, v in ln.items() if k != "line"} for ln in ledger.drafts[0].payload["lines"]]


def test_a_whole_post_with_pasted_dice_is_one_batch():
    s = _state()
    text = ("ArcSw (RA; 1/1) - выходит из Резерва - RA>B1\n"
            "KnB (A1-1; 2/2) - charges - A1>A2 : Arc A2-1\n"
            "D9: 5\n"
            "Arc (RA; 1/1) - deploys - C1\n")
    parsed = parse_post(text.replace("Arc (RA", "A-Arc-1 (RA"), _point(s), "alice")
    assert parsed.errors == []
    order, roll = parsed.drafts[0], parsed.drafts[1]
    lines = order.payload["lines"]
    assert lines[0] == {"verb": "deploy", "actor": "A-Arc-1", "sign": "Sw", "path": ["RA", "B1"], "line": 1}
    assert lines[1] == {"verb": "declare_charge", "actor": "A-Kn-1", "path": ["A1", "A2"], "target": "D-Arc-1",
                        "line": 2}
    assert (roll.type, roll.payload["purpose"], roll.payload["unit"], roll.payload["total"]) == (
        "roll", "attack", "A-Kn-1", 5)


def test_a_first_deployment_without_a_sign_rolls_it_with_the_next_1d3():
    s = _state()
    parsed = parse_post("Arc (RA; 1/1) - deploys - B1\n1D3: 3", _point(s), "alice")
    assert parsed.errors == []
    assert parsed.drafts[0].payload["lines"][0]["sign"] == "roll"
    assert (parsed.drafts[1].payload["purpose"], parsed.drafts[1].payload["unit"]) == ("sign", "A-Arc-1")


def test_every_problem_is_named_with_its_line():
    s = _state()
    parsed = parse_post("PkSh (E2-3; 1/1) - move - E3\nPkSh (E9-1; 1/1) - move - E3\nKnB (A1-1; 2/2) - dances\n"
                        "D9: 12", _point(s), "alice")
    assert [e.split(":")[0] for e in parsed.errors] == ["line 2", "line 3", "line 4"]


def test_phase_c_lines_are_the_choices_and_a_post_out_of_turn_is_refused():
    s = _state()
    s.stacks["A-Pk-1"].routed = True
    parsed = parse_post("PkSh_R (E2-3; 1/1) - бежит - D2", Point(3, s, s, None), "alice")
    (choice,) = parsed.drafts
    assert choice.type == "choice" and choice.payload == {"name": "rout_move", "value": "D2", "stack": "A-Pk-1"}
    out_of_turn = parse_post("PkSh_R (E2-3; 1/1) - move - E3", Point(3, s, s, None), "alice")
    assert out_of_turn.errors and "waits for no Phase A, B or C post" in out_of_turn.errors[0]


def test_a_pasted_1d10_is_the_players_nobody_moved_roll_and_a_forced_post_is_its_ax_step():
    s = _state()
    asked = Point(s.round + 1, s, s, None, requests=(Request("roll", "alice", "stalemate", freeze({}), dice="1d10"),))
    parsed = parse_post("1d10: 4", asked, "alice")
    assert parsed.errors == []
    (roll,) = parsed.drafts
    assert (roll.type, roll.payload["purpose"], roll.payload["total"], "unit" in roll.payload) == (
        "roll", "stalemate", 4, False)
    forced = parse_post("PkSh (E2-3; 1/1) - move - E1", _point(s, step="AX1"), "alice")
    assert forced.errors == [] and forced.drafts[0].payload["step"] == "AX1"


def test_a_ledger_line_whose_code_contradicts_the_recorded_state_is_refused():
    s = _state()
    for said in ("PkSh2", "PkB", "PkSh_R"):
        parsed = parse_post(f"{said} (E2-3; 1/1) - move - E3", _point(s), "alice")
        assert parsed.errors == [f"line 1: §4.2.3: the ledger says {said} but A-Pk-1 is PkSh at E2-3 in the recorded "
                                 "state"], parsed.errors
    assert parse_post("PkSh (E2-3; 1/1) - move - E3", _point(s), "alice").errors == []


def test_a_detach_line_names_the_character_and_its_path():
    from tests.cerilia.kit import character

    s = _state()
    character(s, "aerin", "A", host="A-Kn-1")
    parsed = parse_post("KnB* (A1-1; 2/2) - отсоединяется - aerin > A1>B1", _point(s), "alice")
    assert parsed.errors == []
    (order,) = parsed.drafts
    assert order.payload["lines"] == [{"verb": "detach", "actor": "A-Kn-1", "character": "aerin",
                                       "path": ["A1", "B1"], "line": 1}]
    stays = parse_post("KnB* (A1-1; 2/2) - detaches - aerin", _point(s), "alice")
    assert stays.drafts[0].payload["lines"][0]["character"] == "aerin" and "path" not in \
        stays.drafts[0].payload["lines"][0]
    wrong = parse_post("KnB* (A1-1; 2/2) - detaches - gavan", _point(s), "alice")
    assert wrong.errors == ["line 1: §4.3.4: gavan is not joined to A-Kn-1 (aerin)"]


def test_a_morale_check_line_is_its_choice_and_a_pasted_1d100_is_the_attempt():
    s = _state()
    troop(s, "A-In-1", "RA-1", "B", damage=1, routed=True, rout_round=2, rout_first_move_done=True,
          reserve_entry_round=2)
    here = Point(3, s, s, None)
    rolled = parse_post("InB1_R (RA-1; 1/1) - проверка морали\n1d100: 40", here, "alice")
    assert rolled.errors == []
    (roll,) = rolled.drafts
    assert (roll.type, roll.payload["purpose"], roll.payload["unit"], roll.payload["total"]) == \
        ("roll", "morale", "A-In-1", 40)
    asked = parse_post("InB1_R (RA-1; 1/1) - morale check", here, "alice")
    assert [(d.type, d.payload) for d in asked.drafts] == [
        ("choice", {"name": "morale_check", "value": "attempt", "stack": "A-In-1"})]
    skipped = parse_post("InB1_R (RA-1; 1/1) - проверка морали - пропуск", here, "alice")
    assert skipped.drafts[0].payload["value"] == "skip"
