"""CP-31 (M50, L646): the rulebook prices a quick draw only from a scabbard, a belt, a boot, the back or the floor; a
weapon carried elsewhere asks the GM the price in reflex points (the choice `draw_price`, no --actor) instead of
being refused."""

from __future__ import annotations

from eventlog.envelope import Draft
from replay.rulesets.skirmish import check, draw
from replay.rulesets.skirmish.model import SkirmishOptions
from tests.skirmish.kit import Round, fight, payloads, why_stopped

OPTIONS = SkirmishOptions()


def sleeve_duel():
    """VSE's dagger is carried in his sleeve: a place L646 does not price."""
    return fight({"fighters": [
        {"sample": "RAT", "cell": [0, 0], "armour": [], "skills": {"swords": 6}},
        {"sample": "VSE", "cell": [1, 0], "facing": "W", "shield": None, "armour": [],
         "weapons": [{"id": "dagger", "type": "dagger", "hands": [], "location": "sleeve", "state": "sheathed"}]}]},
        holder="RAT", distance="long")


def chop():
    return Round().attack("VSE", "thrust", "upper_torso", reflex=1, draw="dagger")


def test_cp31_a_draw_from_another_place_is_declared_and_asks_the_gm_its_price():
    order = {"exchange": 1, "step": "attack", "maneuver": "thrust", "target": "RAT", "zone": "upper_torso",
             "dice": {"reflex": 1, "skill": 0}, "draw": "dagger"}
    assert check.declaration(sleeve_duel(), "VSE", order, OPTIONS) == []
    stop = chop().resolve(sleeve_duel())
    req = [r for r in stop.requests if r.name == "draw_price"]
    assert req and req[0].actor is None and req[0].key_dict == {"exchange": 1, "fighter": "VSE"}, why_stopped(stop)
    assert "the rulebook prices a quick draw only from a scabbard, a belt, a boot, the back or the floor" in req[0].what
    assert "the GM rules the reflex points VSE pays to draw from 'sleeve' (CP-31)" in req[0].what


def test_cp31_the_gms_price_is_the_activation():
    stop = chop().choice(None, "draw_price", 2, exchange=1, fighter="VSE").resolve(sleeve_duel())
    decl = next(p for p in payloads(stop, "declared") if p["actor"] == "VSE")
    assert decl["priced"]["activation"] == 2, decl["priced"]
    assert decl["why"][0] == "VSE draws dagger (M50, 2 R, the GM's price (CP-31))"
    assert stop.state.fighter("VSE").weapon.id == "dagger"


def test_cp31_the_price_is_the_gms_a_whole_number_of_reflex_points():
    state = sleeve_duel()
    assert (draw.as_price("1"), draw.as_price(3), draw.as_price(-1), draw.as_price(True), draw.as_price("x")) == \
        (1, 3, None, None, None)
    bad = Draft("choice", {"name": "draw_price", "value": 1, "exchange": 1, "fighter": "VSE"}, actor="VSE")
    assert check.check(state, (), bad, OPTIONS) == [draw.PRICE_FORMAT]
    good = Draft("choice", {"name": "draw_price", "value": 1, "exchange": 1, "fighter": "VSE"})
    assert check.check(state, (), good, OPTIONS) == []


def test_cp31_the_gms_price_reads_in_russian():
    from replay.rulesets.skirmish.messages import say_why

    assert say_why("VSE draws dagger (M50, 2 R, the GM's price (CP-31))") == \
        "VSE выхватывает «кинжал» (M50, 2 Р, цена ГМ (CP-31))"


def avail_r(state, fid="VSE"):
    from replay.rulesets.skirmish import pools

    return pools.available(state.fighter(fid), state.round, state.exchange)[0]


def test_cp31_a_gm_price_the_fighter_cannot_pay_refuses_the_declaration_nothing_spent():
    """4.7.9 with CP-31: the declaration was checked with the price unknown; the GM's price makes it unpayable, so it
    is refused as check 9 refuses it: no draw, no roll asked, no points spent."""
    state = sleeve_duel()
    price = avail_r(state)  # 1 R of dice + the whole reflex pool: one point too many
    stop = chop().choice(None, "draw_price", price, exchange=1, fighter="VSE").resolve(state)
    decl = next(p for p in payloads(stop, "declared") if p["actor"] == "VSE")
    assert decl["priced"]["failed"] and decl["priced"]["refused"], decl["priced"]
    assert (decl["priced"]["paid_R"], decl["priced"]["paid_S"]) == (0, 0)
    assert price == 6, price  # VSE's reflex pool (SAMPLE), the dice 1 R, the length penalty 3 from skill points
    assert decl["why"] == ["VSE cannot pay the GM's price of the quick draw, 6 R: the declaration costs R7 S3, "
                           "available R6 S4 (4.7.9, CP-31): the declaration is refused, nothing is spent"]
    assert "CP-31" in decl["rule"] and "4.7" in decl["rule"]
    assert stop.state.fighter("VSE").weapon_by_id("dagger").state == "sheathed"
    assert avail_r(stop.state) == price
    assert not [r for r in stop.requests if r.kind == "roll" and r.actor == "VSE"], why_stopped(stop)


def test_cp31_a_gm_price_the_fighter_can_pay_keeps_the_declaration():
    state = sleeve_duel()
    price = avail_r(state) - 1  # exactly the reflex pool with the 1 R of dice
    stop = chop().choice(None, "draw_price", price, exchange=1, fighter="VSE").resolve(state)
    decl = next(p for p in payloads(stop, "declared") if p["actor"] == "VSE")
    assert not decl["priced"].get("failed"), decl
    assert decl["priced"]["paid_R"] == price + 1
    assert stop.state.fighter("VSE").weapon.id == "dagger"


def test_cp31_the_refusal_reads_in_russian():
    from replay.rulesets.skirmish.messages import say_why

    assert say_why("VSE cannot pay the GM's price of the quick draw, 5 R: the declaration costs R6 S0, available R5 "
                   "S4 (4.7.9, CP-31): the declaration is refused, nothing is spent") == \
        "VSE не может заплатить цену ГМ за быстрое вооружение, 5 Р: заявка стоит Р6 Н0, доступно Р5 Н4 (4.7.9, " \
        "CP-31): заявка отклонена, ничего не потрачено"
