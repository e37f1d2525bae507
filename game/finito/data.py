"""Finito!'s rules data (board layout, die faces, roll limit), read from assets/data/finito.yaml.

`parse_data` checks everything a game relies on and raises
`game.core.registry.DataError(file, key, reason)` on the first problem, so a bad file fails at
load with a readable message rather than deep inside a game.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.core.registry import DataError, check_texts, load_data

FILE = "finito.yaml"
SQUARES = 36
COUNTERS = 12  # counters 1..12 per seat
OFFER = 3  # face-up counters to choose from


@dataclass(frozen=True)
class FinitoData:
    """The checked data of one Finito! table."""

    layout: tuple[int, ...]  # the number printed on each square, reading order
    columns: int
    faces: tuple[int, ...]  # the die's faces
    max_rolls: int  # rolls per round before a round without a Finito! is stopped
    decisions: tuple[str, ...] = ()

    def squares_of(self, number: int) -> tuple[int, ...]:
        """The square indices that carry `number`."""
        return tuple(i for i, n in enumerate(self.layout) if n == number)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_data(data: Any, file: str = FILE) -> FinitoData:
    """Validate the game's own keys of the data file; DataError on anything wrong."""
    if not isinstance(data, dict):
        raise DataError(file, "(top)", "must be a mapping")
    check_texts(data, file)  # every help text and decision a whole sentence
    board = data.get("board")
    if not isinstance(board, dict):
        raise DataError(file, "board", "is missing or not a mapping")
    columns = board.get("columns", 6)
    if not _int(columns) or columns < 1 or SQUARES % columns:
        raise DataError(file, "board.columns", f"must divide {SQUARES}, not {columns!r}")
    layout = board.get("layout")
    if not isinstance(layout, list):
        raise DataError(file, "board.layout", "is missing or not a list")
    if len(layout) != SQUARES:
        raise DataError(file, "board.layout", f"must list {SQUARES} squares, not {len(layout)}")
    for i, number in enumerate(layout):
        if not _int(number) or number < 1:
            raise DataError(file, f"board.layout[{i}]", f"must be a positive whole number, not {number!r}")
    for i in range(1, SQUARES):
        if layout[i] < layout[i - 1]:
            raise DataError(file, f"board.layout[{i}]",
                            f"{layout[i]} after {layout[i - 1]}: the numbers must ascend in reading order")
    die = data.get("die")
    if not isinstance(die, dict) or not isinstance(die.get("faces"), list) or not die["faces"]:
        raise DataError(file, "die.faces", "is missing or not a non-empty list")
    faces = die["faces"]
    for i, face in enumerate(faces):
        if not _int(face) or face < 1:
            raise DataError(file, f"die.faces[{i}]", f"must be a positive whole number, not {face!r}")
    if len(set(faces)) != len(faces):
        raise DataError(file, "die.faces", "lists a face twice")
    for face in faces:
        count = layout.count(face)
        if count == 0:
            raise DataError(file, "board.layout", f"has no square for the die face {face}")
        if count > 2:
            raise DataError(file, "board.layout", f"has {count} squares numbered {face} (at most 2)")
    for i, number in enumerate(layout):
        if number not in faces:
            raise DataError(file, f"board.layout[{i}]", f"{number} is not a face of the die")
    limit = data.get("max_rolls_per_round", 150)
    if not _int(limit) or limit < COUNTERS:
        raise DataError(file, "max_rolls_per_round", f"must be a whole number of at least {COUNTERS}, not {limit!r}")
    notes = data.get("decisions") or []
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise DataError(file, "decisions", "must be a list of sentences")
    return FinitoData(layout=tuple(layout), columns=columns, faces=tuple(faces),
                      max_rolls=limit, decisions=tuple(notes))


@lru_cache(maxsize=1)
def finito_data() -> FinitoData:
    """The table data from assets/data/finito.yaml, read and checked once."""
    return parse_data(load_data("finito"), FILE)
