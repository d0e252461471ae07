"""Phase 0 (§3): secret purchase lists committed by hash, the Defender's terrain and fortification; what each viewer
sees (the pool is the owner's secret); the recorded skirmish through the CLI (post-in, status, state, post, render)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import main as cli
from replay.rulesets.cerilia.model import Setup, new_battle
from replay.rulesets.cerilia.setup import commitment
from tests.cerilia.kit import RULES, Log, of_type, resolve

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "fixtures" / "cerilia" / "hand" / "skirmish.jsonl"
UNITS_A = [{"id": "A-Kn-1", "card": "Kn"}, {"id": "A-In-1", "card": "In"}]
UNITS_D = [{"id": "D-In-1", "card": "In"}]


def _p0(**d):
    state = new_battle(Setup(players={"A": "alice", "D": "bob"}))
    log = Log(0).p0("A", units=UNITS_A, salt="salt-of-alice", characters=[{"id": "aerin", "spells": {}}])
    log.p0("D", **{"units": UNITS_D, "salt": "salt-of-bob", "terrain": [{"card": "forest", "sector": "B2"}],
                   "fortification": {"sector": "C3"}, **d})
    return state, resolve(state, log)


def test_phase0_commits_each_list_by_hash_and_stocks_the_pools_for_their_owners_only():
    _, stop = _p0()
    assert stop.error is None and stop.requests == ()
    committed = {p["side"]: p for p in of_type(stop, "purchase_committed")}
    assert committed["A"]["total_spent"] == 9 and committed["D"]["total_spent"] == 3
    assert committed["A"]["commitment"] == commitment(UNITS_A, "salt-of-alice")
    stocked = [d for d in stop.drafts if d.type == "cerilia.pool_stocked"]
    assert [d.visible for d in stocked] == [("alice",), ("bob",)]
    assert stop.state.terrain == {"B2": "forest"} and stop.state.fortification == {"sector": "C3", "level": 2}
    assert RULES.current_turn(stop.state) == 1


def test_c15_the_commitment_is_sha256_of_the_sorted_list_then_the_salt():
    import hashlib

    listed = '[{"card":"In","id":"A-In-1"},{"card":"Kn","id":"A-Kn-1"}]'
    assert commitment(UNITS_A, "s") == hashlib.sha256((listed + "s").encode()).hexdigest()


def test_phase0_problems_are_all_named():
    _, stop = _p0(units=[{"id": "D-Kn-1", "card": "Kn"}] * 2 + [{"id": "A-In-7", "card": "In"}],
                  terrain=[], fortification={"sector": "C2"})
    assert stop.error is not None
    for needle in ("twice", "A-In-7", "terrain card", "row 3"):
        assert needle in stop.error


def test_the_budget_is_checked_at_purchase_and_at_every_first_deployment():
    _, stop = _p0(units=[{"id": f"D-Kn-{n}", "card": "Kn"} for n in range(1, 5)])
    assert stop.error is not None and "above the budget 20" in stop.error
    from tests.cerilia.kit import battle, troop

    s = battle(1)  # a side whose declared total (3) is below its pool's cost: each first deployment is checked
    s.spent["A"] = 3
    troop(s, "A-Kn-1", "pool", sign=None)
    troop(s, "A-In-1", "pool", sign=None)
    knight = {"verb": "deploy", "actor": "A-Kn-1", "path": ["RA", "C1"], "sign": "Sh"}
    infantry = {"verb": "deploy", "actor": "A-In-1", "path": ["RA", "C1"], "sign": "Sh"}
    stop = resolve(s, Log(1).order("A", "A1", knight))
    assert stop.error is not None and "§3 rule 1: deploying A-Kn-1 (6) brings the cost deployed to 6, above the 3 " \
                                      "declared spent" in stop.error
    stop = resolve(s, Log(1).order("A", "A1", infantry))
    assert stop.error is None and [d["spent_so_far"] for d in of_type(stop, "deployed")] == [3]


def test_view_state_hides_the_opponents_pool_and_the_public_sees_no_pool():
    _, stop = _p0()
    state = stop.state
    alice = RULES.view_state(state, "alice")
    assert "A-Kn-1" in alice.stacks and "D-In-1" not in alice.stacks and "ilsabet" not in alice.units
    public = RULES.view_state(state, None)
    assert not any(s.location == "pool" for s in public.stacks.values())
    assert RULES.view_state(state, "gm") is state


def _cli(db: Path, *args: str, input: str | None = None):
    return CliRunner().invoke(cli, ["--db", str(db), *args], input=input, catch_exceptions=False)


def test_the_hand_written_skirmish_imports_and_a_forum_post_continues_it(tmp_path):
    db = tmp_path / "g.duckdb"
    assert _cli(db, "import", str(HAND)).exit_code == 0
    status = _cli(db, "status", "cerilia-skirmish")
    assert "the Attacker's Phase A post" in status.output
    post = "ArcSw1 (B2-1; 1/1) - перемещается - B2>B3\nKnSh (C2-2; 2/2) - moves - C2>C3\n"
    result = _cli(db, "post-in", "cerilia-skirmish", "--actor", "alice", "--text", post)
    assert result.exit_code == 0, result.output
    bad = _cli(db, "post-in", "cerilia-skirmish", "--actor", "bob",
               "--text", "PkSh (D3-1; 1/1) - moves - D3>C2>B2\nPkSh (D3-1; 1/1) - бьет - Kn C3-9")
    assert bad.exit_code != 0
    assert "line 1" in bad.output or "line 2" in bad.output
    state = json.loads(_cli(db, "state", "cerilia-skirmish", "--json").stdout)
    assert {s["id"]: s["location"] for s in state["stacks"]}["A-Kn-1"] == "C3-1"
    assert set(state) >= {"round", "phase", "outcome", "stacks"}
    assert set(state["stacks"][0]) >= {"id", "code", "location", "damage", "mp", "mp_max", "sign", "status",
                                       "melee_target", "characters"}


def test_post_and_render_as_a_player_show_that_players_view(tmp_path):
    db = tmp_path / "g.duckdb"
    _cli(db, "import", str(HAND))
    public = _cli(db, "post", "cerilia-skirmish", "--turn", "0", "--format", "markdown").output
    bob = _cli(db, "post", "cerilia-skirmish", "--turn", "0", "--format", "markdown", "--as", "bob").output
    assert "D\\-Pe\\-1" not in public and "D\\-Pe\\-1" in bob and "A\\-Pe\\-1" not in bob
    svg = tmp_path / "alice.svg"
    assert _cli(db, "render", "cerilia-skirmish", "--turn", "3", "-o", str(svg), "--as", "alice").exit_code == 0
    text = svg.read_text(encoding="utf-8")
    assert "A-Pe-1" in text and "D-Pe-1" not in text


def test_each_viewer_sees_its_own_pool_the_gm_both_and_the_public_neither(tmp_path):
    """The issue's hidden information: `state`, `post` and `render` as a player show that player's pool only, the
    GM's view shows both, the public thread neither; the Phase 0 posts (the lists) are their authors' alone."""
    db = tmp_path / "g.duckdb"
    assert _cli(db, "import", str(HAND)).exit_code == 0
    never = {"A": "A-Pe-1", "D": "D-Pe-1"}  # bought, never deployed in the skirmish
    for viewer, sees in ((None, set()), ("alice", {"A"}), ("bob", {"D"}), ("gm", {"A", "D"})):
        extra = ["--as", viewer] if viewer else []
        state = json.loads(_cli(db, "state", "cerilia-skirmish", "--turn", "3", "--json", *extra).output)
        ids = {s["id"] for s in state["stacks"]}
        svg = tmp_path / f"{viewer}.svg"
        assert _cli(db, "render", "cerilia-skirmish", "--turn", "3", "-o", str(svg), *extra).exit_code == 0
        drawn = svg.read_text(encoding="utf-8")
        post = _cli(db, "post", "cerilia-skirmish", "--turn", "0", "--format", "markdown", *extra).output
        for side, uid in never.items():
            assert (uid in ids) == (side in sees), (viewer, uid)
            assert (uid in drawn) == (side in sees), (viewer, uid)
            assert (uid.replace("-", "\\-") in post) == (side in sees), (viewer, uid)
        assert "alice-salt-7f3a" not in post and "bob-salt-91c2" not in post  # the salts stay sealed until the end
