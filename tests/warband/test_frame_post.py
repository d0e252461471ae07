

def test_the_day_night_cycle_reads_in_russian_for_any_split() -> None:
    from replay.rulesets.warband import events as wev
    from replay.rulesets.warband.post import _ru

    def line(day: int, night: int) -> str:
        return _ru(wev.DayNight(day_turns=day, night_turns=night, first="night", why=[], rule="§2.10"))[0]

    assert line(4, 2) == "Сутки: из 6 ходов 4 дневных и 2 ночных, первым идёт ночь"
    assert line(5, 1) == "Сутки: из 6 ходов 5 дневных и 1 ночной, первым идёт ночь"
