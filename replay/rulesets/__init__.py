"""One package per ruleset; each registers itself with `replay.ruleset.register` on import."""
