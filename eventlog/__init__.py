"""The log: event envelope, DuckDB store, hash chain, dice, sealed orders, import/export."""

from eventlog.envelope import GENESIS, Draft, Event, canonical_json, envelope_hash

__all__ = ["GENESIS", "Draft", "Event", "canonical_json", "envelope_hash"]
