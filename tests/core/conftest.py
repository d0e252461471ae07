import pytest

import tests.core.toy  # noqa: F401  (registers the toy ruleset)
from eventlog.envelope import Draft
from eventlog.store import Store


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "t.duckdb") as s:
        yield s


@pytest.fixture
def toy_game(store):
    """A toy game `g` with a known engine-dice seed."""
    store.set_secret("g", b"\x01" * 32)
    store.append("g", 1, [Draft("game.created", {"ruleset": "toy@1", "options": {},
                                                "setup": {"players": ["A", "B"], "turns": 2}})])
    return store
