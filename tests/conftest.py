"""The suite's hypothesis settings: no per-example deadline. Speed is measured in bench/, never by a timed test; a
deadline would only make a property fail on a busy machine (xdist workers, a shared CI runner)."""

from hypothesis import settings

settings.register_profile("battlelog", deadline=None)
settings.load_profile("battlelog")
