"""What a match keeps beside its moves (`Match.meta`), and the check every copy of it read
from disk passes: a save's `meta:` mapping and each `meta` line of its journal.

Every field is checked when it is read, so a value edited by hand (`hints: x`) is refused with
the save, in one line, instead of failing at the end of the game when the result is filed.
"""
from __future__ import annotations

from typing import Any

#: Hints asked for in one game: far more than anyone asks.
MAX_HINTS = 1_000_000
#: Moves in one game (a save holds at most safeyaml.MAX_NODES values).
MAX_MOVES = 100_000
#: The fields finis writes, and what each holds.
FIELDS = {
    "hints": "how many hints were asked for (a whole number, 0 or more)",
    "hinted": "the moves that followed a hint (a list of move numbers)",
    "recorded": "whether the result is in the statistics (true or false)",
    "keys": "each person's real-time key (seat number: one letter from a to z)",
    "phones": ("the seats played on phones (seat number: the seat's secret, 22 to 64 letters, "
               "digits, - or _)"),
    "phone_port": "the port the phones joined on (a whole number from 1024 to 65535)",
}
SECRET_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def is_secret(value: Any) -> bool:
    """A phone seat's secret as finis makes them: at least 128 random bits, url-safe."""
    return isinstance(value, str) and 22 <= len(value) <= 64 and set(value) <= SECRET_LETTERS


def _seat_number(key: Any) -> bool:
    return isinstance(key, str) and key.isdigit() and len(key) <= 2


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_meta(meta: Any) -> str:
    """'' for a meta mapping finis can use, else a short reason naming the field."""
    if not isinstance(meta, dict):
        return "meta must be a mapping"
    for key, value in meta.items():
        if key not in FIELDS:
            return f"meta has an unknown field {str(key)[:30]!r}"
        if key == "hints" and not _whole(value, 0, MAX_HINTS):
            return f"meta.hints must be {FIELDS['hints']}"
        if key == "hinted" and not (isinstance(value, list) and len(value) <= MAX_MOVES
                                    and all(_whole(i, 0, MAX_MOVES) for i in value)):
            return f"meta.hinted must be {FIELDS['hinted']}"
        if key == "recorded" and not isinstance(value, bool):
            return f"meta.recorded must be {FIELDS['recorded']}"
        if key == "keys" and not (isinstance(value, dict) and len(value) <= 16 and all(
                _seat_number(seat) and isinstance(letter, str) and len(letter) == 1
                and "a" <= letter <= "z" for seat, letter in value.items())):
            return f"meta.keys must be {FIELDS['keys']}"
        if key == "phones" and not (isinstance(value, dict) and len(value) <= 16 and all(
                _seat_number(seat) and is_secret(secret) for seat, secret in value.items())):
            return f"meta.phones must be {FIELDS['phones']}"
        if key == "phone_port" and not _whole(value, 1024, 65535):
            return f"meta.phone_port must be {FIELDS['phone_port']}"
    return ""
