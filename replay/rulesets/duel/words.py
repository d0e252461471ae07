"""The duel's words in Russian (the rulebook's own terms) and English, shared by post, frame, parse and explain.

Item, stake, wound, status and trait names, and the small helpers that put numbers and positions into words.
"""

from __future__ import annotations

from replay.render import ru
from replay.render.lang import pick, plural, tr
from replay.rulesets.duel.model import DC_POSITION, ID_POSITION, THRESHOLD, DuelState

ITEM = {
    "attack": ("Атака", "Attack"),
    "defense": ("Защита", "Defense"),
    "initiative": ("Инициатива", "Initiative"),
    "feint": ("Финт", "Feint"),
    "counter": ("Контр-атака", "Counter-attack"),
    "rest": ("Отдых", "Rest"),
}
ITEM_GENITIVE = {
    "attack": ("атаки", "attacks"), "defense": ("защиты", "defenses"), "feint": ("финты", "feints"),
}
STAKE = {"low": ("малая", "low"), "high": ("высокая", "high"), "all_in": ("ва-банк", "all-in")}
"""Stake names; the rulebook's "Mettre tout" ('она же all in в покере') is said "ва-банк" in Russian posts."""
WOUND = {
    "none": ("без ран", "unhurt"),
    "scratch": ("царапина", "a scratch"),
    "serious": ("серьезное ранение", "a serious wound"),
    "heavy": ("тяжелое ранение", "a heavy wound"),
    "death": ("мгновенная смерть", "instant death"),
}
STATUS = {
    "active": ("в строю", "active"),
    "incapacitated": ("выбыл из боя", "out of the fight"),
    "dead": ("убит", "dead"),
}
STATUS_RU = {
    "incapacitated": ("выбыл из боя", "выбыла из боя", "вне боя"),
    "dead": ("убит", "убита", "смерть"),
}
"""A status agreeing with the duelist (masculine, feminine, and a form that needs no gender)."""
TRAIT = {
    "killer_blow": ("Убийственный удар", "Killer blow"),
    "enduring": ("Выносливый", "Enduring"),
    "wiry": ("Жилистый", "Wiry"),
    "tough": ("Суровый парень из…", "Tough guy from…"),
    "hale": ("Здоровый парень из…", "Hale guy from…"),
    "weapon_control": ("Контроль оружия", "Weapon control"),
    "distance_control": ("Контроль дистанции", "Distance control"),
    "hot_blooded": ("Горячий парень из…", "Hot-blooded guy from…"),
    "sharp_tongue": ("Острый язык", "Sharp tongue"),
    "impenetrable_defense": ("Непробиваемая защита", "Impenetrable defense"),
    "cautious": ("Осторожный", "Cautious"),
}
EXTRA = {DC_POSITION: "distance_control", ID_POSITION: "impenetrable_defense"}
"""The extra positions and the trait that grants each."""
TRAIT_RU = {
    "killer_blow": "Убийственный удар", "enduring": "Выносливый", "wiry": "Жилистый",
    "tough": "Суровый парень", "hale": "Здоровый парень", "weapon_control": "Контроль оружия",
    "distance_control": "Контроль дистанции", "hot_blooded": "Горячий парень", "sharp_tongue": "Острый язык",
    "impenetrable_defense": "Непробиваемая защита", "cautious": "Осторожный",
}
"""Trait names as the rulebook writes them, for messages in English that cite the rule (check, parse)."""


# --- words ---------------------------------------------------------------------------------------------------

def items_word(n: int, lang: str) -> str:
    """ "3 пункта" / "3 items"."""
    return f"{n} " + (plural(n, ("пункт", "пункта", "пунктов")) if lang == "ru" else ("item" if n == 1 else "items"))


def item_name(item: str, lang: str) -> str:
    """Атака / Attack."""
    return pick(ITEM[item], lang)


def stake_name(stake: str, lang: str) -> str:
    """высокая (60+) / high (60+)."""
    return f"{pick(STAKE[stake], lang)} ({THRESHOLD[stake]}+)"


def trait_name(trait: str, locality: str, lang: str) -> str:
    """A trait as the rulebook names it, with the duelist's locality where the name has one."""
    name = pick(TRAIT[trait], lang)
    return name.replace("…", f" {locality}") if locality and name.endswith("…") else name


def traits_text(state: DuelState, who: str, lang: str) -> list[str]:
    """The duelist's traits by name."""
    d = state.duelist(who)
    return [trait_name(t, d.locality.get(t, ""), lang) for t in d.traits]


def names(state: DuelState) -> dict[str, str]:
    """duelist id -> name."""
    return {d.id: d.name for d in state.duelists}


def wound_name(wound: str, lang: str) -> str:
    """царапина / a scratch."""
    return pick(WOUND.get(wound, (wound, wound)), lang)


def status_name(status: str, lang: str, name: str = "") -> str:
    """в строю / active; in Russian agreeing with the duelist's name ("выбыла из боя"), or genderless ("вне боя")."""
    if lang == "ru" and status in STATUS_RU:
        return ru.gendered(name, *STATUS_RU[status])
    return pick(STATUS.get(status, (status, status)), lang)


def versus(a: str, b: str, lang: str) -> str:
    """ "Бертран против Гастона" ("Sir Pell — Dame Vale" where the second name cannot be declined)."""
    return ru.versus(a, b) if lang == "ru" else f"{a} vs {b}"


def count(n: int, forms: tuple[str, str, str]) -> str:
    """ "3 атаки", "5 защит": a number with its noun agreeing."""
    return f"{n} {plural(n, forms)}"


def position(pos: int, lang: str) -> str:
    """A stack position as a GM says it ("3-е место", "сверх стека")."""
    if pos in EXTRA:
        return tr(lang, f"сверх стека ({pick(TRAIT[EXTRA[pos]], lang)})", f"extra ({pick(TRAIT[EXTRA[pos]], lang)})")
    return tr(lang, f"{pos}-е место", f"position {pos}")
