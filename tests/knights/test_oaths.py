"""§6 Клятвы and §1.3: Conquest, Leadership, the Love bonus at the final count, and the end of the battle."""

from __future__ import annotations

from dataclasses import replace

from replay.rulesets.knights.model import KnightsOptions, Lady
from tests.knights.knights_kit import RULES, knight_spec, of, order, resolve, state


def far_bob(kid: str = "bx1", turn: int = 5):
    """The other lance's action: a far-away sharp turn (never tied with the knight under test)."""
    return order("bob", turn, knight=kid, action="sharp_turn", turn_dir="left")


def test_conquest_in_a_foreign_limit():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))], limits=[("rock", (10, 8, 14, 12))])
    drafts, st1 = resolve(st0, 5, [order("alice", knight="K", action="drop_speed"), far_bob()])
    oath = [o for o in of(drafts, "knights.oath") if o["oath"] == "conquest"]
    assert oath and oath[0]["honor"] == 1 and st1.knight("K").honor == 1


def test_conquest_strict_option_needs_no_own_limit():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))],
                limits=[("rock", (10, 8, 14, 12)), ("forest", (8, 6, 14, 14))])
    _, st1 = resolve(st0, 5, [order("alice", knight="K", action="drop_speed"), far_bob()])
    assert st1.knight("K").honor == 1  # K34 default: any foreign type counts
    _, st2 = resolve(st0, 5, [order("alice", knight="K", action="drop_speed"), far_bob()],
                     KnightsOptions(conquest="strict"))
    assert st2.knight("K").honor == 0


def leadership_state():
    return state([knight_spec("L", "alice", "forest", "leadership", (12, 12, "N")),
                  knight_spec("F1", "alice", "rock", "mercy", (11, 15, "N")),
                  knight_spec("F2", "alice", "water", "bravery", (13, 17, "N"))])


def test_leadership_two_followers_in_formation():
    drafts, st1 = resolve(leadership_state(), 5, [order("alice", knight="F2", action="drop_speed"), far_bob()])
    checks = of(drafts, "knights.checks")[0]
    assert sorted(checks["formations"]["L"]) == ["F1", "F2"]
    oath = [o for o in of(drafts, "knights.oath") if o["oath"] == "leadership"][0]
    assert oath["honor"] == 2 and st1.knight("L").oath_count == 1


def test_formation_bonus_in_a_ram_is_optional():
    # the leader with one follower rams: +1 Impetus (K32), declinable (K25)
    st0 = state([knight_spec("L", "alice", "forest", "leadership", (8, 12, "E")),
                 knight_spec("F1", "alice", "rock", "mercy", (7, 10, "E")),
                 knight_spec("T", "bob", "water", "bravery", (12, 12, "W"))])
    from tests.knights.knights_kit import choice

    base = [order("alice", knight="L", action="full_ahead"), far_bob(),
            choice("alice", "push_direction", "E", knight="T"), choice("alice", "sidestep", "left", knight="L")]
    drafts, _ = resolve(st0, 5, base)
    mods = of(drafts, "knights.ram")[0]["impetus"]["mods"]
    assert {"value": 1, "reason": "formation", "rule": "§6.2 Лидерство", "applied": True, "kind": "formation",
            "side": "attacker", "knight": "L", "leaders": ["L"]} in mods
    drafts, _ = resolve(st0, 5, base + [choice("alice", "formation", "decline", knight="L", ram=1)])
    assert of(drafts, "knights.ram")[0]["impetus"]["value"] == 13


def test_the_battle_ends_after_turn_24_and_the_responder_wins_a_tie():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))], turn=24)
    drafts, st1 = resolve(st0, 24, [order("alice", 24, knight="K", action="drop_speed"), far_bob(turn=24)])
    (end,) = of(drafts, "knights.end")
    assert end["reason"] == "turns" and end["winner"] == "bob" and end["honor"] == {"alice": 0, "bob": 0}
    assert RULES.current_turn(st1) is None and st1.result["winner"] == "bob"


def test_more_honor_wins():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))], turn=24)
    st0 = replace(st0, knights=tuple(replace(k, honor=3) if k.id == "K" else k for k in st0.knights))
    drafts, _ = resolve(st0, 24, [order("alice", 24, knight="K", action="drop_speed"), far_bob(turn=24)])
    assert of(drafts, "knights.end")[0]["winner"] == "alice"


def test_concession_loses_regardless_of_honor():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))])
    st0 = replace(st0, knights=tuple(replace(k, honor=9) if k.id == "K" else k for k in st0.knights))
    drafts, _ = resolve(st0, 5, [order("alice", kind="concede"), far_bob()])
    (end,) = of(drafts, "knights.end")
    assert end["reason"] == "concession" and end["winner"] == "bob"
    drafts, _ = resolve(st0, 5, [order("alice", kind="concede"), far_bob()], KnightsOptions(concession="honor"))
    assert of(drafts, "knights.end")[0]["winner"] == "alice"  # K54 alternative


def test_no_capable_knights_ends_the_battle():
    st0 = state([knight_spec("K", "alice", "forest", "bravery", (10, 10, "E"))])
    st0 = replace(st0, knights=tuple(replace(k, location="fallen", pose=None) if k.player == "bob" else k
                                     for k in st0.knights))
    drafts, _ = resolve(st0, 5, [order("alice", knight="K", action="drop_speed")])  # bob passes (K23)
    assert of(drafts, "knights.reveal")[0]["orders"]["bob"] == {"kind": "pass"}
    assert of(drafts, "knights.end")[0]["reason"] == "no_capable"


def test_all_personal_oaths_end_the_battle_and_love_bonus():
    st0 = state([knight_spec("P", "alice", "water", "love", (10, 10, "E")),
                 knight_spec("Q", "bob", "rock", "bravery", None, location="fallen")],
                ladies=[Lady("lady:P", "P", None, "P", "Q")])
    st0 = replace(st0, knights=tuple(replace(k, oath_count=1, honor=7) if k.player == "alice" else k
                                     for k in st0.knights))
    drafts, st1 = resolve(st0, 5, [order("alice", knight="P", action="drop_speed"), far_bob()])
    (end,) = of(drafts, "knights.end")
    assert end["reason"] == "oaths"
    assert end["bonuses"] == [{"knight": "P", "honor": 4, "kind": "kidnapper_fallen", "kidnapper": "Q",
                               "why": "Love: the kidnapper Q has fallen: +4"}]
    assert st1.knight("P").honor == 11
