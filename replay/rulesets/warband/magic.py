"""Magic in the ranged stage (§4.3.9–§4.3.10): two different spells a turn, 2d6 within the casting interval, a
miscast on 2 or 12; a directed damaging spell resolves like a shot (§10 C7).

Requests: the caster's side `cast` 2d6 (key `warrior`, `n` = the attempt this turn); on a miscast `miscast` d6;
a damaging spell's `to_wound` d6 (key `warrior`, `spell`) and the target's `save_cover` / `save_armour`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventlog.envelope import Draft
from replay.context import Context, MissingInput
from replay.rulesets.warband import data, derive, space
from replay.rulesets.warband import events as ev
from replay.rulesets.warband import geometry as geo
from replay.rulesets.warband.dice import d6, save_kinds, save_text, saves
from replay.rulesets.warband.model import State, Warrior

MISCAST = {6: "no casting this turn and the next", 5: "no casting this turn and the next two",
           4: "this spell banned this turn and the next", 3: "this spell banned for the game",
           2: "only this spell for the rest of the game", 1: "a wound that ignores the armour save"}


def spell(name: str) -> dict[str, Any]:
    return data.load("spells")["spells"][name]


def banned(w: Warrior, name: str, turn: int) -> str | None:
    if w.cast_ban_until >= turn:
        return f"{w.id} may not cast until after turn {w.cast_ban_until} (miscast)"
    for s, until in w.spell_bans:
        if s == name and (until < 0 or until >= turn):
            return f"{name} is banned for {w.id} " + ("for the game" if until < 0 else f"until the end of turn {until}")
    if w.only_spell is not None and w.only_spell != name:
        return f"{w.id} may cast only {w.only_spell} (miscast 2)"
    return None


def cast_problems(state: State, side: str, c: Any, attempted: tuple[str, ...] | None = None) -> list[str]:
    if not isinstance(c, dict) or not all(isinstance(c.get(k), str) for k in ("w", "spell", "target")):
        return ['§4.3.9: a cast is {"w": caster, "spell": id, "target": id}']
    if not state.has(c["w"]) or not state.has(c["target"]):
        return [f"§4.3.9: no warrior {c['w'] if not state.has(c['w']) else c['target']!r}"]
    w, t = state.warrior(c["w"]), state.warrior(c["target"])
    name = c["spell"]
    problems = []
    if w.side != side or not w.active or not data.creature(w.type).get("can_cast"):
        problems.append(f"§4.3.9.1: {w.id} is not {side}'s caster in play")
        return problems
    if name not in w.spells_known:
        problems.append(f"§4.3.9.1: {w.id} does not know {name}")
        return problems
    done = w.spells_attempted if attempted is None else attempted
    if len(done) >= derive.max_spells(w):
        problems.append(f"§4.3.9.2: {w.id} has attempted {len(done)} spells this turn; {derive.max_spells(w)} a turn"
                        " (L166)")
    if name in done:
        problems.append(f"§4.3.9.3: {w.id} has attempted {name} this turn; the spells must differ (L166)")
    ban = banned(w, name, state.turn)
    if ban:
        problems.append(f"§4.3.10: {ban}")
    kind = spell(name)["target"]
    if kind == "enemy" and t.side == w.side or kind == "ally" and (t.side != w.side or t.id == w.id) \
            or kind == "ally_or_self" and t.side != w.side or not t.active:
        problems.append(f"§4.3.9: {name} targets {kind.replace('_', ' ')}; {t.id} is not one")
    rng = spell(name)["range_cm"]
    d = 0.0 if t.id == w.id else space.shot_distance(w, t)
    if d > rng + geo.EPS:
        problems.append(f"§4.3.9.5: {t.id} is {d:.1f} cm away; {name} reaches {rng:g} cm")
    if spell(name).get("directed") and t.id != w.id:
        seen, g, sight = space.sees(state, w, t)
        if not seen:
            problems.append(f"§4.3.1: {w.id} does not see {t.id} ({g:.1f} cm, sight {sight:g})")
    return problems


def cast(ctx: Context, c: dict[str, Any]) -> None:
    state = ctx.state
    problems = cast_problems(state, state.warrior(c["w"]).side, c)
    if problems:
        raise MissingInput(f"turn {ctx.turn}: {c['w']}'s cast: " + "; ".join(problems))
    w, t, name = state.warrior(c["w"]), state.warrior(c["target"]), c["spell"]
    k = len(w.spells_attempted) + 1
    upper = derive.casting_upper(k)
    roll = ctx.roll("2d6", actor=w.side, purpose="cast", what=f"{w.id} casts {name} (attempt {k}: 3–{upper})",
                    warrior=w.id, n=k)
    dice = [int(v) for v in roll.payload["result"]]
    total = sum(dice)
    base: dict[str, Any] = {"caster": w.id, "spell": name, "target": t.id, "k": k, "upper": upper, "dice": dice,
                            "rule": "§4.3.9", "defaults": ["A-67", "A-68", "A-69"]}
    why = [f"{w.id}: {name} → {t.id}, attempt {k}, interval 3–{upper}; 2d6 {dice[0]} + {dice[1]} = {total}"]
    if total in data.const("miscast_sums"):
        die = d6(ctx, w.side, "miscast", f"miscast table for {w.id}", warrior=w.id, n=k)
        why.append(f"miscast, d6 {die}: {MISCAST[die]}")
        wounded = removed = False
        made: list[dict[str, Any]] = []
        if die == 1:
            made, saved = saves(ctx, w, save_kinds(w, armour=False), reroll_invulnerable=True, n=k)
            wounded = not saved
            removed = wounded and w.wounds + 1 >= derive.health(w)
            why.append(f"{w.id}: 1 wound that ignores the armour save"
                       + (f"; {save_text(made)}" if made else "")
                       + ("" if not wounded else f" → wound {w.wounds + 1}/{derive.health(w)}"
                          + (", removed" if removed else "")))
        ctx.emit(_draft(ev.Cast(**{**base, "rule": "§4.3.9, §4.3.10, §4.6", "defaults": [*base["defaults"], "A-70",
                                                                                     "A-71"]},
                                result="miscast", miscast=die, saves=made, wounded=wounded, removed=removed,
                                why=why)))
        return
    if not 3 <= total <= upper:
        why.append("not cast")
        ctx.emit(_draft(ev.Cast(**base, result="not_cast", why=why)))
        return
    why.append("cast")
    data_spell = spell(name)
    if not data_spell.get("damaging"):
        effect = data_spell.get("effect", {})
        mods = {k2: v for k2, v in effect.items() if k2 != "duration_turns"}
        until = ctx.turn + int(effect.get("duration_turns", 1)) - 1
        why.append(f"{t.id}: " + ", ".join(f"{k2} {v:+g}" for k2, v in mods.items())
                   + f" until the end of turn {until}")
        ctx.emit(_draft(ev.Cast(**base, result="cast", effect=mods, until=until, why=why)))
        return
    rng = float(data_spell["range_cm"])
    if t.engaged_with:
        from replay.rulesets.warband.resolve import cluster, rolloff

        members = cluster(state, t.id)
        hit_side, rolls = rolloff(ctx, w, members, spell=name)
        if t.side != hit_side:
            t = min((state.warrior(m) for m in members if state.warrior(m).side == hit_side),
                    key=lambda x: (space.shot_distance(w, x), x.id))
        base.update(target=t.id, declared=c["target"], rolloff=rolls, rule="§4.3.9, §4.3.4",
                    defaults=[*base["defaults"], "A-58"])
        why.append(f"{c['target']} is engaged; roll-off " + ", ".join(f"{x} {'/'.join(map(str, r))}"
                                                                     for x, r in rolls.items())
                   + f": the spell goes to {hit_side}, at {t.id}")
        if space.shot_distance(w, t) > rng + geo.EPS:
            why.append(f"{t.id} is {space.shot_distance(w, t):.1f} cm away, beyond {rng:g} cm: the spell is wasted")
            ctx.emit(_draft(ev.Cast(**base, result="cast", distance=round(space.shot_distance(w, t), 4), why=why)))
            return
    d = space.shot_distance(w, t)
    tn = data.const("to_wound_within_direct") if d <= rng / 2 + geo.EPS else data.const("to_wound_within_effective")
    die = d6(ctx, w.side, "to_wound", f"{name} of {w.id} at {t.id} ({tn}+)", warrior=w.id, spell=name)
    why.append(f"as a shot: {d:.1f} cm of {rng:g} → {tn}+; d6 {die}: {'hit' if die >= tn else 'miss'}")
    made: list[dict[str, Any]] = []
    wounded = removed = False
    if die >= tn:
        cover, piece, _ = space.coverage(state, w, t)
        kinds = save_kinds(t, cover=derive.cover_save_tn(cover))
        made, saved = saves(ctx, t, kinds, by=w.id, spell=name)
        wounded = not saved
        removed = wounded and t.wounds + 1 >= derive.health(t)
        why.append(f"{t.id}: cover {cover:g} %, {save_text(made)}" + ("" if saved else " → 1 wound"
                                                                     + (", removed" if removed else "")))
    ctx.emit(_draft(ev.Cast(**{**base, "rule": base["rule"] + ", §4.3.2, §4.3.3"}, result="cast", distance=round(d, 4),
                            tn=tn, die=die, saves=made, wounded=wounded, removed=removed, why=why)))


def _draft(e: ev.Resolution) -> Draft:
    return Draft(e.type, e.model_dump(mode="json"))


def after_cast(state: State, e: ev.Cast) -> State:
    """The reducer's step for a cast (evolve calls it)."""
    from replay.rulesets.warband.model import Effect

    w = state.warrior(e.caster)
    w = replace(w, spells_attempted=(*w.spells_attempted, e.spell))
    if e.result == "miscast":
        t = state.turn
        if e.miscast == 6:
            w = replace(w, cast_ban_until=t + 1)
        elif e.miscast == 5:
            w = replace(w, cast_ban_until=t + 2)
        elif e.miscast == 4:
            w = replace(w, spell_bans=(*w.spell_bans, (e.spell, t + 1)))
        elif e.miscast == 3:
            w = replace(w, spell_bans=(*w.spell_bans, (e.spell, -1)))
        elif e.miscast == 2:
            w = replace(w, only_spell=e.spell)
        elif e.wounded:
            w = replace(w, wounds=w.wounds + 1, status="removed" if e.removed else w.status)
        return state.with_warrior(w)
    state = state.with_warrior(w)
    if e.result == "cast" and e.effect:
        t = state.warrior(e.target)
        state = state.with_warrior(replace(t, effects=(*t.effects, Effect(f"spell:{e.spell}", e.effect,
                                                                           e.until or state.turn))))
    if e.wounded:
        t = state.warrior(e.target)
        state = state.with_warrior(replace(t, wounds=t.wounds + 1, status="removed" if e.removed else t.status))
        if e.removed:
            caster = state.warrior(e.caster)
            state = state.with_warrior(replace(caster, xp=caster.xp + 1))
    return state
