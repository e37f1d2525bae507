"""Finished! card data: the 48 cards, their 13 behaviours and the difficulty levels.

Everything comes from assets/data/finished.yaml and is validated on load; any problem raises
`DataError(file, key, reason)`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.core.registry import DataError, check_texts, load_data

FILE = "finished.yaml"
CARD_COUNT = 48
LAST = 48  # the card whose passing costs coffee and whose scoring wins

# Behaviours the rules engine knows how to carry out (the YAML may not invent others).
KNOWN_BEHAVIOURS = (
    "first", "take_sweets", "draw_two", "draw_one", "draw_thrice", "below_stack", "into_past",
    "from_past", "one_future", "all_future", "exchange", "remove_sweets", "last",
)


@dataclass(frozen=True)
class ActionDef:
    """One behaviour: what a card lets you do and what it costs."""

    id: str
    name: str
    text: str
    cost: int
    uses: int
    icon: bool = False


@dataclass(frozen=True)
class Card:
    """One card: its number, behaviour and whether it shows the sweet icon."""

    number: int
    action: str
    sweet: bool


@dataclass(frozen=True)
class Level:
    """A difficulty level's starting supplies and round limit."""

    id: str
    label: str
    coffee: int
    sweets_active: int
    sweets_reserved: int
    rounds: int


@dataclass(frozen=True)
class CardData:
    """All validated Finished! data."""

    cards: dict[int, Card]
    actions: dict[str, ActionDef]
    levels: dict[str, Level]
    sweets_total: int
    rules_notes: tuple[str, ...]

    def action_of(self, number: int) -> ActionDef:
        """The behaviour of card `number`."""
        return self.actions[self.cards[number].action]


def label(number: int) -> str:
    """How a card is written on the table: 00:07."""
    return f"00:{number:02d}"


def _int(raw: dict[str, Any], key: str, where: str, low: int = 0, high: int = 10 ** 6) -> int:
    if key not in raw:
        raise DataError(FILE, f"{where}.{key}", "is missing")
    value = raw[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(FILE, f"{where}.{key}", f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise DataError(FILE, f"{where}.{key}", f"must be between {low} and {high}, not {value}")
    return value


def _str(raw: dict[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise DataError(FILE, f"{where}.{key}", "must be a non-empty text")
    return value.strip()


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise DataError(FILE, key, "must be a non-empty list")
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise DataError(FILE, f"{key}[{i}]", "must be a mapping")
    return value


def parse_actions(data: dict[str, Any]) -> dict[str, ActionDef]:
    """The behaviour table, checked against the behaviours the engine implements."""
    actions: dict[str, ActionDef] = {}
    for i, raw in enumerate(_list(data, "actions")):
        where = f"actions[{i}]"
        aid = _str(raw, "id", where)
        if aid not in KNOWN_BEHAVIOURS:
            raise DataError(FILE, f"{where}.id", f"unknown action {aid!r}")
        if aid in actions:
            raise DataError(FILE, f"{where}.id", f"duplicate action {aid!r}")
        icon = raw.get("icon", False)
        if not isinstance(icon, bool):
            raise DataError(FILE, f"{where}.icon", "must be true or false")
        actions[aid] = ActionDef(aid, _str(raw, "name", where), _str(raw, "text", where),
                                 _int(raw, "cost", where, 0, 1), _int(raw, "uses", where, 0, 3),
                                 icon)
        if (actions[aid].uses == 0) != (actions[aid].cost == 0):
            raise DataError(FILE, where, "an action has a cost exactly when it can be used")
    missing = [a for a in KNOWN_BEHAVIOURS if a not in actions]
    if missing:
        raise DataError(FILE, "actions", f"missing behaviours: {', '.join(missing)}")
    return actions


def parse_cards(data: dict[str, Any], actions: dict[str, ActionDef]) -> dict[int, Card]:
    """The 48 cards: numbers 1..48 once each, every action known."""
    cards: dict[int, Card] = {}
    listed = _list(data, "cards")
    if len(listed) != CARD_COUNT:
        raise DataError(FILE, "cards", f"must list {CARD_COUNT} cards, not {len(listed)}")
    for i, raw in enumerate(listed):
        where = f"cards[{i}]"
        number = _int(raw, "number", where, 1, CARD_COUNT)
        if number in cards:
            raise DataError(FILE, f"{where}.number", f"duplicate card number {number}")
        action = _str(raw, "action", where)
        if action not in actions:
            raise DataError(FILE, f"{where}.action", f"unknown action {action!r}")
        sweet = raw.get("sweet")
        if not isinstance(sweet, bool):
            raise DataError(FILE, f"{where}.sweet", "must be true or false")
        if sweet != actions[action].icon:
            raise DataError(FILE, f"{where}.sweet", f"must match the icon of action {action!r}")
        cards[number] = Card(number, action, sweet)
    if cards[1].action != "first" or cards[LAST].action != "last":
        raise DataError(FILE, "cards", "00:01 must be 'first' and 00:48 must be 'last'")
    return cards


def parse_levels(data: dict[str, Any], total: int) -> dict[str, Level]:
    """The difficulty levels; starting sweets must add up to the sweet total."""
    levels: dict[str, Level] = {}
    for i, raw in enumerate(_list(data, "levels")):
        where = f"levels[{i}]"
        lid = _str(raw, "id", where)
        if lid in levels:
            raise DataError(FILE, f"{where}.id", f"duplicate level {lid!r}")
        level = Level(lid, _str(raw, "label", where), _int(raw, "coffee", where, 0, 20),
                      _int(raw, "sweets_active", where, 0, total),
                      _int(raw, "sweets_reserved", where, 0, total),
                      _int(raw, "rounds", where, 1, 30))
        if level.sweets_active + level.sweets_reserved != total:
            raise DataError(FILE, where, f"active and reserved sweets must add up to {total}")
        levels[lid] = level
    return levels


def parse_card_data(data: dict[str, Any]) -> CardData:
    """Validate the whole data file's Finished! part."""
    if not isinstance(data, dict):
        raise DataError(FILE, "(top)", "must be a mapping")
    check_texts(data, FILE)  # every help text, action text and note a whole sentence
    total = _int(data, "sweets_total", "(top)", 1, 100)
    actions = parse_actions(data)
    cards = parse_cards(data, actions)
    levels = parse_levels(data, total)
    raw = data.get("game")
    game: dict[str, Any] = raw if isinstance(raw, dict) else {}
    for option in game.get("options") or []:
        if isinstance(option, dict) and option.get("id") == "level":
            ids = [str(c.get("id")) if isinstance(c, dict) else str(c)
                   for c in option.get("choices") or []]
            if sorted(ids) != sorted(levels):
                raise DataError(FILE, "game.options.level", "choices must match the levels table")
    notes = data.get("rules_notes") or []
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise DataError(FILE, "rules_notes", "must be a list of texts")
    return CardData(cards, actions, levels, total, tuple(n.strip() for n in notes))


@lru_cache(maxsize=1)
def card_data() -> CardData:
    """The validated data, loaded once."""
    return parse_card_data(load_data("finished"))
