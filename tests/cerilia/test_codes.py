"""§2.9 display codes (TXT-03): parsed greedily, Cyrillic С read as Latin C, printed canonically, round-tripping."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from replay.rulesets.cerilia.codes import Code, parse_code
from replay.rulesets.cerilia.data import SIGNS, type_codes

TXT03 = [
    ("InB", Code("In", "B"), "InB"),
    ("InSw2", Code("In", "Sw", 2), "InSw2"),
    ("InB1_R", Code("In", "B", 1, "R"), "InB1_R"),
    ("InB_F", Code("In", "B", 0, "F"), "InB_F"),
    ("KnSh2_F", Code("Kn", "Sh", 2, "F"), "KnSh2_F"),
    ("ArcSh*", Code("Arc", "Sh", 0, None, True), "ArcSh*"),
    ("ArcB1*", Code("Arc", "B", 1, None, True), "ArcB1*"),
    ("InSh*", Code("In", "Sh", 0, None, True), "InSh*"),
    ("\u0421B", Code("C", "B"), "CB"),
    ("\u0421MSw1_F*", Code("CM", "Sw", 1, "F", True), "CMSw1_F*"),
    ("[InB]", Code("In", "B", hidden=True), "[InB]"),
]


@pytest.mark.parametrize(("text", "code", "canonical"), TXT03, ids=[t[0] for t in TXT03])
def test_txt03_every_code_of_the_source_list_parses_and_prints_canonically(text, code, canonical):
    assert parse_code(text) == code
    assert str(parse_code(text)) == canonical


@pytest.mark.parametrize("bad", ["Xx", "InQ", "In", "InB0", "InB_X", "InB**", "[InB", "InB1R"])
def test_malformed_codes_are_refused_with_the_section(bad):
    with pytest.raises(ValueError, match="§2.9"):
        parse_code(bad)


def test_the_type_is_matched_greedily_cc_before_c():
    assert parse_code("CCSh").type == "CC" and parse_code("CSh").type == "C" and parse_code("CPB").type == "CP"


codes = st.builds(Code, st.sampled_from(type_codes()), st.sampled_from(SIGNS), st.integers(0, 12),
                  st.sampled_from([None, "R", "F"]), st.booleans(), st.booleans())


@given(codes)
def test_every_code_round_trips(code):
    assert parse_code(str(code)) == code
    assert parse_code(str(code).replace("C", "\u0421")) == code
