"""The reducer: the battle after one resolution event. Pure (it copies the state it is given)."""

from __future__ import annotations

from eventlog.envelope import Event
from replay.rulesets.cerilia import events as ev
from replay.rulesets.cerilia.board import place_of, slot_of
from replay.rulesets.cerilia.data import tables
from replay.rulesets.cerilia.derive import engaged
from replay.rulesets.cerilia.model import Battle, Stack, Unit


def evolve(state: Battle, event: Event) -> Battle:
    if event.type == "ruling" or event.type not in ev.EVENTS:
        return state
    new = state.copy()
    new.phase = event.phase or new.phase
    _APPLY[event.type](new, ev.trusted(event.type, event.payload))
    return new


def _purchase(s: Battle, e: ev.PurchaseCommitted) -> None:
    s.spent[e.side] = e.total_spent
    s.commitment[e.side] = e.commitment


def _stock(s: Battle, e: ev.PoolStocked) -> None:
    for u in e.units:
        card = tables().units[u["card"]]
        s.units[u["id"]] = Unit(u["id"], e.side, "troop", u["card"], mp=card.mp, mp_max=card.mp)
        s.stacks[u["id"]] = Stack(u["id"], e.side, [u["id"]])
    for c in e.characters:
        card = tables().characters[c["id"]]
        s.units[c["id"]] = Unit(c["id"], e.side, "character", c["id"], mp=card.mp, mp_max=card.mp,
                                spell_stock=dict(c.get("spells") or {}))
        s.stacks[c["id"]] = Stack(c["id"], e.side, [c["id"]])


def _terrain(s: Battle, e: ev.TerrainPlaced) -> None:
    s.terrain[e.sector] = e.card


def _fort(s: Battle, e: ev.FortificationPlaced) -> None:
    s.fortification = {"sector": e.sector, "level": e.level}
    s.setup_done = True


def _round(s: Battle, e: ev.RoundStarted) -> None:
    """§4.1 A0: the per-round reset."""
    s.round = e.round
    s.setup_done = True
    s.entries = []
    s.charges = []
    s.declared = []
    for u in s.units.values():
        u.mp = u.mp_max
        u.cast_this_round = False
    for st in s.stacks.values():
        st.moved_this_round = st.halted = st.mounted_retreat_used = st.retreated_this_round = False
        st.attack_used = None
        st.buffs = {}
        st.engaged_at_round_start = st.engaged_this_round = engaged(s, st)


def _spend(s: Battle, stack: Stack, mp: int) -> None:
    for m in stack.members:
        s.units[m].mp = max(0, s.units[m].mp - mp)


def _deployed(s: Battle, e: ev.Deployed) -> None:
    st = s.stacks[e.stack]
    if st.location == "pool":
        s.deployed_cost[st.side] += e.cost
    st.location = f"{e.to}-{e.slot}"
    st.moved_this_round = True
    st.reserve_exit_round = s.round
    for m in st.members:
        u = s.units[m]
        if e.sign is not None and u.sign is None and m == st.members[0]:
            u.sign = e.sign
        u.ever_deployed = True
    _spend(s, st, e.mp_cost)
    _arrive(s, st, e.entry, e.step)


def _arrive(s: Battle, st: Stack, entry: bool, step: str) -> None:
    if entry:
        st.entered_enemy_sector_round = s.round
        s.entries.append([st.id, place_of(st.location), step])


def _moved(s: Battle, e: ev.Moved) -> None:
    st = s.stacks[e.stack]
    st.location = f"{e.to}-{e.slot}"
    st.moved_this_round = True
    st.hidden = False
    _spend(s, st, e.mp_cost)
    if e.halted:
        st.halted = True
        _spend(s, st, 99)
    _arrive(s, st, e.entry, e.step)


def _joined(s: Battle, e: ev.Joined) -> None:
    own = next(st for st in s.stacks.values() if e.character in st.members)
    host = s.stacks[e.host]
    s.join_counter += 1
    s.units[e.character].join_seq = s.join_counter
    own.members.remove(e.character)
    host.members.append(e.character)
    if not own.members:
        del s.stacks[own.id]


def _detached(s: Battle, e: ev.Detached) -> None:
    host = next(st for st in s.stacks.values() if e.character in st.members)
    host.members.remove(e.character)
    s.stacks[e.character] = Stack(e.character, host.side, [e.character], location=f"{e.to}-{e.slot}")
    s.units[e.character].mp = max(0, s.units[e.character].mp - e.mp_cost)


def _melee(s: Battle, e: ev.MeleeDeclared) -> None:
    st, target = s.stacks[e.stack], s.stacks[e.target]
    st.melee_target = e.target
    st.engaged_since = s.round
    st.engaged_this_round = target.engaged_this_round = True
    st.hidden = False  # §5.7.3: declaring melee reveals
    s.declared.append([e.stack, e.target])


def _charge(s: Battle, e: ev.ChargeDeclared) -> None:
    s.charges.append({"stack": e.stack, "path": list(e.path), "target": e.target})


def _void(s: Battle, e: ev.OrderVoid) -> None:
    if e.verb == "declare_charge":
        s.charges = [c for c in s.charges if c["stack"] != e.stack]


def _recharge(s: Battle, e: ev.ChargeRetargeted) -> None:
    for c in s.charges:
        if c["stack"] == e.stack:
            c["target"] = e.target


def _target(s: Battle, e: ev.TargetChosen) -> None:
    st = s.stacks[e.stack]
    st.melee_target = e.target
    if e.target is not None:
        st.engaged_this_round = True
        st.engaged_since = st.engaged_since or s.round


def _attack(s: Battle, e: ev.Attack) -> None:
    st = s.stacks[e.attacker]
    st.hidden = False  # §5.7.3: attacking reveals
    if e.kind != "friendly":
        st.attack_used = {"stationary": "STATIONARY_RANGED", "mobile": "MOBILE_RANGED", "charge": "CHARGE",
                          "melee": "MELEE"}[e.kind]
    if e.kind == "charge" and e.charge_to is not None:
        st.location = f"{e.charge_to}-{e.charge_slot}"
        st.moved_this_round = True
        st.hidden = False
        _spend(s, st, len(next((c["path"] for c in s.charges if c["stack"] == st.id), [0, 0])) - 1)
        s.charges = [c for c in s.charges if c["stack"] != st.id]


def _release(s: Battle, st: Stack, released: list[str]) -> None:
    """§5.6.5: joined characters detach into a group in the same sector and slot number (AMB-51)."""
    if not released:
        return
    for c in released:
        st.members.remove(c)
    s.stacks[released[0]] = Stack(released[0], st.side, list(released), location=st.location)


def _end_engagements(s: Battle, st: Stack) -> None:
    st.melee_target = None
    st.engaged_since = None
    for other in s.stacks.values():
        if other.melee_target == st.id:
            other.melee_target = None


def _remove(s: Battle, st: Stack) -> None:
    _end_engagements(s, st)
    for m in st.members:
        s.units[m].status = "destroyed" if s.units[m].kind == "troop" else "fallen"
    del s.stacks[st.id]


def _effect(s: Battle, e: ev.Effect) -> None:
    st = s.stacks[e.stack]
    taken = e.damage_after - e.damage_before
    if s.units[st.members[0]].kind == "troop":
        s.units[st.members[0]].damage = e.damage_after
    else:  # §5.6.4: every character of a group takes the damage; those at 2 fall
        for m in st.members:
            s.units[m].damage += taken
    for m in e.fallen:
        st.members.remove(m)
        s.units[m].status = "fallen"
    _release(s, st, list(e.released))
    if e.destroyed or not st.members:
        _remove(s, st)
        return
    if e.routed:
        if not st.routed:
            st.rout_round = s.round
        st.routed = True
        st.rout_first_move_done = False  # C2
        st.fall_back_pending = False
        st.melee_target = None
    elif e.falls_back:
        st.fall_back_pending = True
    if e.f_discarded:
        st.fall_back_pending = False


def _friendly(s: Battle, e: ev.FriendlySelected | ev.Stalemate | ev.PurchaseRevealed) -> None:
    """Nothing changes (the record of a selection, of the 1d10 or of a purchase list revealed)."""


def _destroyed(s: Battle, e: ev.Destroyed) -> None:
    st = s.stacks[e.stack]
    _release(s, st, list(e.released))
    _remove(s, st)


def _rout(s: Battle, e: ev.RoutMoved) -> None:
    st = s.stacks[e.stack]
    _end_engagements(s, st)
    st.location = f"{e.to}-{e.slot}"
    st.rout_first_move_done = True
    if e.to in ("RA", "RD"):
        st.reserve_entry_round = s.round


def _fell(s: Battle, e: ev.FellBack) -> None:
    st = s.stacks[e.stack]
    _end_engagements(s, st)
    st.location = f"{e.to}-{e.slot}"
    st.fall_back_pending = False


def _fled(s: Battle, e: ev.RoutFled) -> None:
    st = s.stacks[e.stack]
    _end_engagements(s, st)
    st.location = f"{e.to}-{e.slot}"
    st.moved_this_round = True
    st.hidden = False
    if e.to in ("RA", "RD"):
        st.reserve_entry_round = s.round
    _spend(s, st, len(e.path) - 1)


def _retreated(s: Battle, e: ev.Retreated) -> None:
    st = s.stacks[e.stack]
    _end_engagements(s, st)
    st.location = f"{e.to}-{e.slot}"
    st.retreated_this_round = True
    if e.to in ("RA", "RD"):
        st.reserve_entry_round = s.round
    _spend(s, st, 1)


def _mounted(s: Battle, e: ev.MountedRetreated) -> None:
    st = s.stacks[e.stack]
    _end_engagements(s, st)
    st.location = f"{e.to}-{e.slot}"
    st.moved_this_round = st.mounted_retreat_used = True
    st.hidden = False
    _spend(s, st, 1)


def _cast(s: Battle, e: ev.Cast) -> None:
    """§5.4.2: the stock goes down, the caster has cast; a combat spell uses the stack's attack (AMB-26)."""
    caster = s.units[e.caster]
    caster.spell_stock[e.spell] = caster.spell_stock.get(e.spell, 0) - 1
    caster.cast_this_round = True
    own = next(st for st in s.stacks.values() if e.caster in st.members)
    own.hidden = False
    if e.category == "COMBAT":
        own.attack_used = "MAGIC"
    if "buff" in e.effect and e.target in s.stacks:
        for param, delta in e.effect["buff"].items():
            s.stacks[e.target].buffs[param] = s.stacks[e.target].buffs.get(param, 0) + int(delta)
    if e.effect.get("hide") and e.target in s.stacks:
        s.stacks[e.target].hidden = True
    if "set_terrain" in e.effect:
        s.terrain[e.target] = str(e.effect["set_terrain"])
    if e.summoned:  # §5.7.2: a new troop in the caster's line, treated as deployed
        got = e.summoned
        card = tables().units[got["card"]]
        s.units[got["id"]] = Unit(got["id"], own.side, "troop", got["card"], sign=got["sign"], mp=card.mp,
                                  mp_max=card.mp, ever_deployed=True)
        s.stacks[got["id"]] = Stack(got["id"], own.side, [got["id"]], location=f"{e.target}-{got['slot']}",
                                    moved_this_round=True)


def _fates(s: Battle, e: ev.Fates) -> None:
    s.fates = dict(e.fates)


def _revealed(s: Battle, e: ev.Revealed) -> None:
    s.stacks[e.stack].hidden = False


def _rallied(s: Battle, e: ev.MoraleChecked) -> None:
    st = s.stacks[e.stack]
    if e.passed:
        st.routed = False
        st.rout_first_move_done = False  # C2


def _ended(s: Battle, e: ev.BattleEnded) -> None:
    s.outcome = {"winner": e.winner, "loser": e.loser, "draw": e.draw, "reason": e.reason}


_APPLY = {
    "cerilia.purchase_committed": _purchase, "cerilia.pool_stocked": _stock, "cerilia.terrain_placed": _terrain,
    "cerilia.fortification_placed": _fort, "cerilia.round_started": _round, "cerilia.deployed": _deployed,
    "cerilia.moved": _moved, "cerilia.joined": _joined, "cerilia.detached": _detached,
    "cerilia.melee_declared": _melee, "cerilia.charge_declared": _charge, "cerilia.target_chosen": _target,
    "cerilia.order_void": _void, "cerilia.charge_retargeted": _recharge,
    "cerilia.attack": _attack, "cerilia.effect": _effect, "cerilia.friendly_selected": _friendly,
    "cerilia.stalemate": _friendly, "cerilia.revealed": _revealed, "cerilia.fates": _fates,
    "cerilia.purchase_revealed": _friendly,
    "cerilia.destroyed": _destroyed, "cerilia.rout_moved": _rout, "cerilia.fell_back": _fell,
    "cerilia.battle_ended": _ended, "cerilia.rout_fled": _fled, "cerilia.morale_checked": _rallied,
    "cerilia.retreated": _retreated,
    "cerilia.cast": _cast,
    "cerilia.mounted_retreated": _mounted,
}

__all__ = ["evolve", "slot_of"]
