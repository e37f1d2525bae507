"""The Flag Finish deck: card ids, the data of assets/data/flag-finish.yaml, deal checks.

Piece ids: ``<colour>-<number>`` for numbered cards (``red-4``, ``green-0``) and
``flag-1`` .. ``flag-6`` for the checkered flags.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional

from game.core.decks import Colour, check_order, data_colours, data_int
from game.core.registry import DataError, check_texts, load_data

FILE = "flag-finish.yaml"
FLAG = "flag"


@dataclass(frozen=True)
class FlagData:
    """The deck and the race constants, as the data file gives them."""

    colours: tuple[Colour, ...]
    low: int  # the first number of a sequence
    high: int  # the last number, after which comes a flag
    flags: int
    hand_size: int
    start_colour: str  # turned up to start a race; breaks same-time ties
    same_time_ms: int  # challenge: finishes this soon after the first one tie it
    turn_limit: int  # turns per racer after which an unfinished race is stopped
    extra_races: int  # extra races after which a tie for the lowest total is shared

    def deck(self) -> list[str]:
        """Every card id once, in a fixed order (colour by colour, then the flags)."""
        cards = [card_id(c.id, n) for c in self.colours for n in range(self.low, self.high + 1)]
        cards.extend(flag_id(i) for i in range(1, self.flags + 1))
        return cards

    def shape_of(self, colour: str) -> str:
        """The shape that goes with a colour."""
        for c in self.colours:
            if c.id == colour:
                return c.shape
        raise KeyError(colour)


def card_id(colour: str, number: int) -> str:
    """The piece id of a numbered card."""
    return f"{colour}-{number}"


def flag_id(index: int) -> str:
    """The piece id of the index-th flag (from 1)."""
    return f"{FLAG}-{index}"


def is_flag(card: str) -> bool:
    """Whether a piece id names a checkered flag."""
    return card.startswith(FLAG + "-")


def number_of(card: str) -> Optional[int]:
    """The number on a card; None for a flag."""
    if is_flag(card):
        return None
    return int(card.rsplit("-", 1)[1])


def colour_of(card: str) -> Optional[str]:
    """The colour of a card; None for a flag."""
    if is_flag(card):
        return None
    return card.rsplit("-", 1)[0]


def parse_data(data: Any) -> FlagData:
    """Check the `cards:` and `race:` sections; DataError(file, key, reason) on anything wrong."""
    if not isinstance(data, dict):
        raise DataError(FILE, "(top)", "must be a mapping")
    check_texts(data, FILE)  # every help text and decision a whole sentence
    for section in ("cards", "race"):
        if not isinstance(data.get(section), dict):
            raise DataError(FILE, section, "is missing or not a mapping")
    cards, rules = data["cards"], data["race"]
    colours = data_colours(FILE, cards.get("colours"), "cards.colours",
                           {FLAG: "'flag' names the checkered flags, not a colour"})
    low = data_int(FILE, cards.get("numbers"), "low", "cards.numbers.", 0, 99)
    high = data_int(FILE, cards.get("numbers"), "high", "cards.numbers.", low + 1, 99)
    start = rules.get("start_colour")
    if start not in [c.id for c in colours]:
        raise DataError(FILE, "race.start_colour", f"{start!r} is not one of the colours")
    found = FlagData(
        colours, low, high, flags=data_int(FILE, cards, "flags", "cards.", 1, 99),
        hand_size=data_int(FILE, rules, "hand", "race.", 1, 99), start_colour=start,
        same_time_ms=data_int(FILE, rules, "same_time_ms", "race.", 0, 10_000),
        turn_limit=data_int(FILE, rules, "turn_limit", "race.", 10, 10_000),
        extra_races=data_int(FILE, rules, "extra_races", "race.", 0, 1000))
    # Three hands, a turned-up card and one card to draw must fit in the deck.
    if len(found.deck()) < 3 * found.hand_size + 2:
        raise DataError(FILE, "race.hand", f"{len(found.deck())} cards cannot deal three "
                        f"hands of {found.hand_size}")
    return found


@lru_cache(maxsize=None)
def flag_data() -> FlagData:
    """The checked data of the shipped data file (read once)."""
    return parse_data(load_data("flag-finish"))


def check_deal(deal: Any, cards: FlagData) -> list[str]:
    """An explicit deal as a list of piece ids (top first); ValueError saying what is wrong."""
    if not isinstance(deal, (list, tuple)):
        raise ValueError("a Flag Finish deal is the list of all card ids, top of the deck first")
    return check_order(deal, cards.deck())
