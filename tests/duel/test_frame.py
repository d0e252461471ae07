"""The duel's frame: one picture per step, user text inert, deterministic, a PNG that names its last event."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from eventlog.jsonl import RawEvent
from replay import driver
from replay.render import png, svg
from replay.rulesets.duel.frame import Arrow, frame, scene

NS = "{http://www.w3.org/2000/svg}"
EVIL = "<script>alert(1)</script> [b]Жан[/b] **x**"
ITEM = {"A": "attack", "D": "defense", "I": "initiative", "F": "feint", "C": "counter", "R": "rest"}


def duelist(id: str, name: str, traits: list[str], **locality: str) -> dict[str, Any]:
    return {"id": id, "name": name, "traits": traits, **({"locality": locality} if locality else {})}


def game(duelists: list[dict[str, Any]], turns: list[dict[str, tuple]], choices: tuple = ()) -> driver.Game:
    """A recorded duel: per turn, actor -> (stack letters, stake, rolls, activate); rolls are values or
    (value, stake); choices are (turn, actor, name, value)."""
    raw = [RawEvent(game="g", type="game.created",
                    payload={"ruleset": "duel@1", "options": {}, "setup": {"duelists": duelists}})]
    for turn, orders in enumerate(turns, 1):
        for actor, (stack, stake, _, activate) in orders.items():
            raw.append(RawEvent(game="g", type="order", turn=turn, actor=actor,
                                payload={"stack": [ITEM[c] for c in stack], "stake": stake,
                                         "activate": activate or {}}))
        for actor, (_, stake, rolls, _) in orders.items():
            for roll in rolls:
                value, roll_stake = roll if isinstance(roll, tuple) else (roll, stake)
                raw.append(RawEvent(game="g", type="roll", turn=turn, actor=actor, payload={
                    "dice": "1d100", "purpose": "stake", "result": [value], "total": value, "source": "manual",
                    "stake": roll_stake}))
        for c_turn, actor, name, value in choices:
            if c_turn == turn:
                raw.append(RawEvent(game="g", type="choice", turn=turn, actor=actor,
                                    payload={"name": name, "value": value}))
    return driver.game_from_events(driver.record(raw, at="2024-05-01T12:00:00Z"))


def d3(name_a: str = "Атос") -> driver.Game:
    """Spec D3: a counter-attack kill cancels the enemy counter."""
    return game(
        [duelist("A", name_a, ["weapon_control", "killer_blow"]), duelist("B", "Бернажу", ["tough", "wiry"],
                                                                          tough="Гаскони")],
        [{"A": ("FDCDAA", "all_in", [83], {"killer_blow": True}), "B": ("ADDCAI", "high", [77], None)}],
    )


def d5() -> driver.Game:
    """Spec D5 after a quiet first turn: Острый язык moves an attack that is then eaten; a DC attack at 7."""
    return game(
        [duelist("A", "Д'Артаньян", ["distance_control", "hale"], hale="Гаскони"),
         duelist("B", "Рошфор", ["sharp_tongue", "wiry"])],
        [{"A": ("DRIRDR", "high", [70], None), "B": ("IRRIDR", "high", [70], None)},
         {"A": ("DRAFAI", "all_in", [35], {"distance_control": "attack"}),
          "B": ("IIADCR", "high", [70], {"sharp_tongue": True, "sharp_tongue_roleplay": "Ваша шпага — вертел!"})}],
    )


def texts(out: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(out).iter(f"{NS}text")]


def test_a_frame_per_step_with_caption_hash_and_desc() -> None:
    g = d3()
    steps = driver.turn_steps(g, 1).count
    assert steps == 6  # reveal, two strikes, two counters, end of turn
    for k in range(steps + 1):
        view = driver.frame_view(g, 1, k)
        out = frame(view)
        assert f"Ход 1 · шаг {k}/{steps}" in texts(out)
        assert svg.last_event_hash(out) == view.last_hash
        assert svg.desc_text(out).startswith(f"Ход 1 · шаг {k}/{steps} — Дуэль: Атос против Бернажу")


def test_the_scene_of_the_second_strike_says_what_is_drawn() -> None:
    shown = scene(driver.frame_view(d3(), 1, 3))  # Атос (FDCDAA, all in, success) strikes Бернажу (ADDCAI)
    assert shown.arrows == (Arrow(1, "strike", 0, False), Arrow(0, "strike", 2, True))
    atos, bernajou = shown.columns
    assert [slot.item for slot in atos] == ["feint", "defense", "counter", "defense", "attack", "attack"]
    assert {slot.pos for slot in atos if slot.glow} == {1, 5, 6}  # the feint and the attacks that strike
    assert [(slot.pos, slot.look, slot.feinted) for slot in bernajou if slot.glow] == [
        (2, "obtained", True), (3, "obtained", False)]  # the feint puts out the top defense
    assert [slot.look for slot in bernajou] == ["obtained"] * 4 + ["declared"] * 2  # high success: 4 items
    assert shown.extras == ((), ()) and shown.current
    assert shown.event_line.startswith("Шаг 3/6: Атака: Атос → Бернажу")


def test_the_scene_before_the_reveal_shows_the_written_stacks_only() -> None:
    shown = scene(driver.frame_view(d3(), 1, 0), "en")
    assert shown.arrows == () and not shown.current
    assert all(slot.look == "declared" and not slot.glow for column in shown.columns for slot in column)
    assert shown.caption == "Turn 1 · step 0/6"


def test_the_current_strike_is_drawn_with_its_damage() -> None:
    g = d3()
    out = frame(driver.frame_view(g, 1, 3))  # Атос strikes Бернажу: 1 × 2 (Убийственный удар)
    assert "−2" in texts(out)
    said = " ".join(texts(out))
    assert "Атос → Бернажу" in said and "Урон: 1 × 2 (Убийственный удар) = 2" in said
    assert 'marker-end="url(#arrow-0072b2)"' in out  # the blue side's arrow


def test_end_of_turn_shows_death_and_stamina() -> None:
    g = d3()
    out = frame(driver.frame_view(g, 1))
    assert "☠ смерть" in texts(out)  # "Бернажу" does not tell a gender: the status needs none ("убит"/"убита")
    assert "3/8" in texts(out)
    assert "Урон за ход: 4 — мгновенная смерть" in texts(out)


def test_eaten_and_extra_positions() -> None:
    g = d5()
    out = frame(driver.frame_view(g, 2, 1))
    assert "url(#hatch-back-a0a0a0-f0f0f0)" in out  # the eaten slot
    assert "сверх стека" in texts(out)
    assert "7" in texts(out)
    assert "1 Атака[x]" in svg.desc_text(out)
    assert "7 Атака[+]" in svg.desc_text(out)


def test_step_zero_shows_the_orders_before_resolution() -> None:
    g = d3()
    out = frame(driver.frame_view(g, 1, 0))
    assert "Контр-атака" in texts(out) and "83" in texts(out)
    assert any("ход еще не разрешен" in t for t in texts(out))


def test_english_frame() -> None:
    out = frame(driver.frame_view(d3(), 1, 2), lang="en")
    assert "Turn 1 · step 2/6" in texts(out)
    assert "Counter-attack" in texts(out)


def test_user_text_is_inert() -> None:
    g = d3(EVIL)
    out = frame(driver.frame_view(g, 1, 3))
    root = ET.fromstring(out)
    assert not list(root.iter(f"{NS}script"))
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert any(EVIL in t for t in texts(out))
    assert EVIL in root.find(f"{NS}title").text


def test_frames_are_deterministic() -> None:
    a, b = d3(), d3()
    for k in range(driver.turn_steps(a, 1).count + 1):
        assert frame(driver.frame_view(a, 1, k)) == frame(driver.frame_view(b, 1, k))


def test_png_holds_the_last_event_hash() -> None:
    view = driver.frame_view(d3(), 1, 4)
    out = png.to_png(frame(view), last_hash=view.last_hash)
    assert png.png_text(out) == {"battlelog:last-event-hash": view.last_hash}
    assert out[12:16] == b"IHDR" and out[37:41] == b"tEXt"
