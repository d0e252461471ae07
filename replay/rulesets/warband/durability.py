"""§4.4.13 equipment durability at the end of the melee stage (default mode, A-88): who is due, and which
protective item loses the point (C27: a damaged one first)."""

from __future__ import annotations

from eventlog.envelope import Draft
from replay.context import Context
from replay.rulesets.warband import data, derive
from replay.rulesets.warband import events as ev
from replay.rulesets.warband.model import State


def due(state: State, drafts: list[Draft], mode: str = "default") -> dict[str, list[str]]:
    """Warrior → the fights that make it due (§10 C9: participants frozen at declaration, every attack rolled).
    A-88 modes: `default` (§4.4.13), `all_participants` (everyone in a fight, long weapons ignored), `literal_L236`
    (only long-weapon holders, and only where both sides have long weapons)."""
    fights: dict[str, ev.Participants] = {}
    attacked: dict[str, set[str]] = {}
    for d in drafts:
        if d.type == "warband.participants":
            p = ev.Participants.model_validate(d.payload)
            if p.kind != "none":
                fights[p.fight] = p
        elif d.type == "warband.attacks":
            a = ev.Attacks.model_validate(d.payload)
            if any(pool.dice for pool in a.pools) and a.fight in fights:
                for side in fights[a.fight].sides:
                    if side != a.side:
                        attacked.setdefault(a.fight, set()).add(side)
    out: dict[str, list[str]] = {}
    for fid, p in fights.items():
        long_sides = {s for s, ids in p.sides.items() if any(derive.has_long_weapon(state.warrior(w)) for w in ids)}
        for side, ids in p.sides.items():
            for wid in ids:
                w = state.warrior(wid)
                plain = not long_sides and side in attacked.get(fid, set()) and mode == "default"
                both_long = side in long_sides and len(long_sides) > 1 and derive.has_long_weapon(w)
                if w.active and (plain or both_long or mode == "all_participants"):
                    out.setdefault(wid, []).append(fid)
    return out


def end_of_melee(ctx: Context, mode: str = "default") -> None:
    """Each due warrior loses 1 point on one protective item, once per stage (L236, L252)."""
    for wid, fights in due(ctx.state, ctx.drafts, mode).items():
        w = ctx.state.warrior(wid)
        items = [(n, i) for n, i in enumerate(w.equipment) if data.item(i.kind)["category"] == "protective"
                 and i.durability is not None and not i.broken]
        if not items:
            continue
        damaged = [(n, i) for n, i in items if i.durability_max is not None and i.durability < i.durability_max]
        pool = damaged or items
        names = [i.kind for _, i in pool]
        if damaged:
            default = min(pool, key=lambda p: (p[1].durability, p[1].kind))[1].kind
        else:
            default = min(pool, key=lambda p: (-(p[1].durability or 0), p[1].kind))[1].kind
        kind, how = ctx.ask("durability", actor=w.side, options=names, default=default, warrior=wid,
                            what=f"C27: which protective item of {wid} loses a durability point"
                                 + (" (a damaged one first)" if damaged else ""))
        n, item = next(p for p in pool if p[1].kind == kind)
        after = (item.durability or 0) - data.const("melee_durability_loss_per_stage")
        ctx.emit(Draft("warband.durability", ev.Durability(
            warrior=wid, item=kind, index=n, before=item.durability or 0, after=after, broken=after <= 0,
            fights=fights, rule="§4.4.13", defaults=["A-88", "A-89"] if mode == "default" else ["A-89"],
            why=[f"{wid} (fights {', '.join(fights)}"
                 + ("" if mode == "default" else f"; house rule durability_mode = {mode}")
                 + f"): {kind} {item.durability}/{item.durability_max} → "
                 f"{after}/{item.durability_max}" + (", broken" if after <= 0 else "")
                 + (" (the only damaged item)" if how == "forced" and damaged else "")]).model_dump(mode="json")))
