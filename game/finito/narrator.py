"""The words of Finito!: every event's sentence, made from its code and data.

The engine tells what happened as codes (`finito.placed`) with plain data (seats, names,
counters, square numbers, points); `NARRATOR` words them here, and nowhere else. The codes and
their data are listed in docs/events.md.
"""
from __future__ import annotations

import functools
from typing import Any, Mapping

from game.core.narration import Narrator
from game.core.text import plural

from .data import finito_data

Data = Mapping[str, Any]


@functools.lru_cache(maxsize=256)
def square_words(layout: tuple[int, ...], square: int) -> str:
    """Words for a square by its number: 'the 14', 'the left-hand 15' (as a player says it)."""
    number = layout[square]
    same = [i for i, n in enumerate(layout) if n == number]
    if len(same) == 1:
        return f"the {number}"
    first = square == same[0]
    columns = finito_data().columns
    if same[0] // columns == same[-1] // columns:
        return f"the {'left' if first else 'right'}-hand {number}"
    return f"the {'first' if first else 'second'} {number}"


def join_names(words: list[str]) -> str:
    """'Anna', 'Anna and Ben', 'Anna, Ben and Cleo'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _where(d: Data) -> str:
    return square_words(finito_data().layout, d["square"])


def _game_over(d: Data) -> str:
    who = join_names(d["names"])
    shared = len(d["names"]) > 1
    if d["by"] == "points":
        verb = "win" if shared else "wins"
        return (f"{who} {verb} with {plural(d['points'], 'point')} after "
                f"{plural(d['rounds'], 'round')}{' and share the win' if shared else ''}.")
    if d["by"] == "finito":
        if not shared:
            return f"{who} calls Finito! after {plural(d['rolls'], 'roll')}."
        return f"{who} finish on the same roll ({d['rolls']}) and share the win."
    return (f"No Finito! within {plural(d['max_rolls'], 'roll')}: {who} with the longest "
            f"run ({d['run']}).")


NARRATOR = Narrator("finito", {
    "rolled": lambda d: f"The die shows {d['value']}.",
    "round_begins": lambda d: f"Round {d['round']}: counters are shuffled face down.",
    "turned_up": lambda d: f"{d['name']} turns up {d['counter']}.",
    "placed": lambda d: f"{d['name']} puts {d['counter']} on {_where(d)}.",
    "moved": lambda d: f"{d['name']} moves {d['counter']} to {_where(d)}.",
    "kept": lambda d: f"{d['name']} leaves the board as it is.",
    "moving_begins": lambda d: "All counters are on the boards: from now on, move one counter "
                               "per roll or keep your board.",
    "finito": lambda d: f"{d['name']} calls Finito!",
    "no_finito": lambda d: f"No Finito! within {plural(d['rolls'], 'roll')}: the longest runs "
                           "decide this round.",
    "scored": lambda d: f"{d['name']} scores {d['points']} ({d['total']} in all).",
    "round_over": lambda d: f"Round {d['round']} is over.",
    "game_over": _game_over,
})
