"""Sealed simultaneous orders: commit to an order now, reveal it when every side has committed.

`commitment(order, salt) = sha256(canonical_json(order) + ":" + salt)` in hex, over UTF-8 bytes.
The `order.sealed` event carries only the commitment, `{"commitment": "<hex>"}`; the salt stays with the player
until the reveal (published beside the hash, it would let anyone try every order of a small stack).
The `order.revealed` event carries `{"order": {...}, "salt": "..."}`, and anyone can recompute the commitment.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from eventlog.envelope import canonical_json


def new_salt() -> str:
    """16 random bytes in hex."""
    return secrets.token_hex(16)


def commitment(order: dict[str, Any], salt: str) -> str:
    """sha256 hex of canonical_json(order) + ":" + salt."""
    return hashlib.sha256((canonical_json(order) + ":" + salt).encode("utf-8")).hexdigest()


def sealed(order: dict[str, Any], salt: str) -> dict[str, str]:
    """The payload of an `order.sealed` event."""
    return {"commitment": commitment(order, salt)}


def revealed(order: dict[str, Any], salt: str) -> dict[str, Any]:
    """The payload of an `order.revealed` event."""
    return {"order": order, "salt": salt}


def check_reveal(
    sealed_payload: dict[str, Any], revealed_payload: dict[str, Any], *, sealed_seq: int | None = None
) -> list[str]:
    """Problems with a reveal against its seal; empty when the order and salt give the sealed commitment."""
    of = f" of seq {sealed_seq}" if sealed_seq is not None else ""
    sealed_hash = sealed_payload.get("commitment")
    order, salt = revealed_payload.get("order"), revealed_payload.get("salt")
    problems = []
    if not isinstance(sealed_hash, str):
        problems.append(f"order.sealed{of} carries no commitment")
    if not isinstance(order, dict):
        problems.append("order.revealed carries no order object")
    if not isinstance(salt, str):
        problems.append("order.revealed carries no salt")
    if problems:
        return problems
    if commitment(order, salt) != sealed_hash:
        return [f"order.revealed does not match the seal{of}: the revealed order (or its salt) differs "
                "from the sealed one"]
    return []
