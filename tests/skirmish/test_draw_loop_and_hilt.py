"""Issue 8, the last rules of two fighters: the hilt strike of a weapon longer than short in wrestling (L723) and the
quick draw of a weapon hanging on its wrist loop (M50, L689, A-39)."""

from __future__ import annotations

from dataclasses import replace

from replay.rulesets.skirmish import check
from replay.rulesets.skirmish.model import SkirmishOptions
from tests.skirmish.kit import Round, payloads
from tests.skirmish.test_wrestling import codes, duel, holding

OPTIONS = SkirmishOptions()
SWORD = {"weapons": [{"id": "sword", "type": "arming_sword", "hands": ["right"]}]}


def grappling(rat=None):
    return replace(holding(duel(rat=rat or SWORD), start=(1, 1)), holder="RAT", distance="hand")


def strike(**fields):
    return {"exchange": 1, "step": "attack", "maneuver": "grapple_weapon_strike", "target": "VSE",
            "zone": "upper_torso", "dice": {"reflex": 2}, "attack_type": "chop", **fields}


def test_l723_a_longer_weapon_strikes_in_wrestling_only_with_the_hilt():
    """L723: «В остальных случаях удары можно наносить только рукоятью ... (сложность удара повышается на 1)»."""
    state = grappling()
    refused = check.declaration(state, "RAT", strike(), OPTIONS)
    assert codes(refused) == ["condition_failed"] and "L723" in refused[0] and '"hilt": true' in refused[0]
    assert check.declaration(state, "RAT", strike(hilt=True), OPTIONS) == []
    dagger = grappling({"weapons": [{"id": "dagger", "type": "dagger", "hands": ["right"]}]})
    wrong = check.declaration(dagger, "RAT", strike(hilt=True, attack_type="thrust"), OPTIONS)
    assert codes(wrong) == ["condition_failed"] and "L723" in wrong[0]


def test_l723_the_hilt_strike_is_one_harder_and_deals_half_the_strength_crushing():
    """The arming sword's chop %5 + 1 = %6 (L723); D = Strength, crushing, halved in wrestling (L840)."""
    state = grappling()
    stop = (Round().declare("VSE", "attack").attack("RAT", "grapple_weapon_strike", "upper_torso", reflex=2,
                                                    attack_type="chop", hilt=True)
            .declare("VSE", "defence").roll("RAT", "attack", [9, 9]).roll("RAT", "zone", [3, 3], dice="2d6-2")
            .roll("RAT", "penetration", [6], dice="1d6")).resolve(state)
    hit = payloads(stop, "hit")[0]
    strength = state.fighter("RAT").char("strength")
    assert hit["raw"] == strength // 2
    assert hit["damage_type"] == "crushing", hit
    declared = [p for p in payloads(stop, "declared") if p.get("actor") == "RAT" and p.get("step") == "attack"]
    assert declared and declared[0]["priced"]["difficulty"] == 6, declared
