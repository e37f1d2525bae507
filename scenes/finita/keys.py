"""Each person's real-time key at the Finita table, and the orders a hand is sorted in."""
from __future__ import annotations

from typing import Any

from game.core.registry import game_info
from game.finita.data import card, finita_data
from scenes.seatkeys import key_problem

KEYS = "alvpzm"  # one real-time key per seat, seats 1 to 6, if the data file names none
RESERVED = "bdghorsty"  # the table's own shortcuts and the chooser's letters


def by_colour(card_id: str) -> tuple:
    c = card(card_id)
    colours = finita_data().colour_ids
    group = colours.index(c.colour) if c.colour else len(colours)
    return (group, c.number if c.number is not None else 20, c.kind, card_id)


def by_number(card_id: str) -> tuple:
    c = card(card_id)
    return (c.number if c.number is not None else 20, c.kind, by_colour(card_id))


def seat_keys(match: Any) -> dict[int, str]:
    """Each person's real-time key at the screen: as chosen when the game started (kept with the save),
    else the data file's letter for the seat. A save's choice is data: a key that is not a
    single free letter, or taken twice, falls back to the default."""
    defaults = list(game_info(match.game_id).keys) or list(KEYS)
    chosen = match.meta.get("keys") if isinstance(match.meta.get("keys"), dict) else {}
    keys: dict[int, str] = {}
    phones = match.meta.get("phones") if isinstance(match.meta.get("phones"), dict) else {}
    for seat, info in enumerate(match.seats):
        if not info.is_human or str(seat) in phones:  # a phone has its own big buttons
            continue
        letter = chosen.get(str(seat))
        if not isinstance(letter, str) or key_problem(letter, RESERVED, set(keys.values())):
            letter = defaults[seat % len(defaults)]
        keys[seat] = letter
    if len(set(keys.values())) < len(keys):  # a fallback met a chosen letter: all defaults
        keys = {seat: defaults[seat % len(defaults)] for seat in keys}
    return keys
