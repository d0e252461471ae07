"""The rules and the replayer: ruleset protocol, driver, audit, rerun, rendering helpers."""
