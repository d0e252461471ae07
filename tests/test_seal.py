"""Sealed simultaneous orders: the seal carries only the commitment, the reveal the order and its salt."""

from __future__ import annotations

import hashlib
import json

from hypothesis import given
from hypothesis import strategies as st

from eventlog.seal import check_reveal, commitment, new_salt, revealed, sealed

STACK = {"stack": ["ram", "turn_left", "ram", "retreat", "hold", "ram"], "unit": "Ромашка"}


def test_the_commitment_is_sha256_of_the_canonical_order_colon_salt() -> None:
    text = json.dumps(STACK, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + ":" + "ab12"
    assert commitment(STACK, "ab12") == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_the_commitment_ignores_key_order_but_not_content() -> None:
    reordered = {"unit": "Ромашка", "stack": list(STACK["stack"])}
    assert commitment(reordered, "s") == commitment(STACK, "s")
    assert commitment({**STACK, "unit": "Ёлка"}, "s") != commitment(STACK, "s")


def test_salts_are_fresh_16_byte_hex() -> None:
    salt = new_salt()
    assert len(salt) == 32 and int(salt, 16) >= 0 and salt != new_salt()


def test_the_sealed_payload_keeps_the_salt_secret() -> None:
    salt = new_salt()
    payload = sealed(STACK, salt)
    assert payload == {"commitment": commitment(STACK, salt)}
    assert salt not in json.dumps(payload)


def test_an_honest_reveal_matches_its_seal() -> None:
    salt = new_salt()
    assert check_reveal(sealed(STACK, salt), revealed(STACK, salt), sealed_seq=4) == []


def test_a_changed_order_does_not_match_its_seal() -> None:
    salt = new_salt()
    changed = {**STACK, "stack": ["ram"] * 6}
    assert check_reveal(sealed(STACK, salt), revealed(changed, salt), sealed_seq=4) == [
        "order.revealed does not match the seal of seq 4: the revealed order (or its salt) differs from the "
        "sealed one"
    ]


def test_a_wrong_salt_does_not_match_its_seal() -> None:
    assert check_reveal(sealed(STACK, "a"), revealed(STACK, "b"))


def test_missing_pieces_are_each_named() -> None:
    assert check_reveal({}, {"order": "ram"}, sealed_seq=2) == [
        "order.sealed of seq 2 carries no commitment",
        "order.revealed carries no order object",
        "order.revealed carries no salt",
    ]


@given(order=st.dictionaries(st.text(max_size=6), st.lists(st.sampled_from(["ram", "hold", "turn"]), max_size=6)),
       salt=st.text(min_size=1, max_size=40))
def test_any_order_revealed_with_its_salt_matches(order: dict[str, list[str]], salt: str) -> None:
    assert check_reveal(sealed(order, salt), revealed(order, salt)) == []
