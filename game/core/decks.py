"""What card games' data files and explicit deals share: checked whole numbers, colours with
their shapes for colour-blind play, and a deck order that names every card exactly once.

A game's data module calls these with its own file name, so a broken value is refused with
file, key and reason (`DataError`), and a broken deal with a sentence (`ValueError`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from .registry import DataError


@dataclass(frozen=True)
class Colour:
    """One card colour, with the shape printed beside it for colour-blind play."""

    id: str
    shape: str
    rgb: tuple[int, int, int]


def data_int(file: str, raw: Any, key: str, where: str, low: int, high: int) -> int:
    """`raw[key]`, a whole number from low to high."""
    if not isinstance(raw, dict) or key not in raw:
        raise DataError(file, where + key, "is missing")
    value = raw[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(file, where + key, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise DataError(file, where + key, f"must be between {low} and {high}, not {value}")
    return value


def data_colours(file: str, listed: Any, where: str, taken: dict[str, str],
                 count: int = 0) -> tuple[Colour, ...]:
    """The colours listed at `where` (`count` of them, if not 0), each with a one-word id and
    shape and an rgb; ids and shapes differ, and no id is one of `taken` (id -> why not)."""
    if not isinstance(listed, list) or not listed or (count and len(listed) != count):
        raise DataError(file, where, f"must list {count or 'the'} colours")
    colours = []
    for index, raw in enumerate(listed):
        at = f"{where}[{index}]."
        if not isinstance(raw, dict):
            raise DataError(file, at[:-1], "must be a mapping with id, shape and rgb")
        for key in ("id", "shape"):
            value = raw.get(key)
            if not isinstance(value, str) or not value.isalpha() or not value.islower():
                raise DataError(file, at + key, f"must be one lower-case word, not {value!r}")
        if raw["id"] in taken:
            raise DataError(file, at + "id", taken[raw["id"]])
        rgb = raw.get("rgb")
        if not isinstance(rgb, list) or len(rgb) != 3 or not all(
                type(v) is int and 0 <= v <= 255 for v in rgb):
            raise DataError(file, at + "rgb", f"must be three numbers 0..255, not {rgb!r}")
        colours.append(Colour(raw["id"], raw["shape"], (rgb[0], rgb[1], rgb[2])))
    for key in ("id", "shape"):
        values = [getattr(c, key) for c in colours]
        if len(set(values)) != len(values):
            raise DataError(file, where, f"two colours share a {key}")
    return tuple(colours)


def check_order(deal: Sequence[Any], expected: Sequence[str]) -> list[str]:
    """A deal's card ids as a list, when it names every card of `expected` exactly once;
    ValueError saying what is wrong (unknown cards, cards twice, cards missing)."""
    order = [str(c) for c in deal]
    unknown = sorted(set(order) - set(expected))
    if unknown:
        raise ValueError(f"the deal names unknown cards: {', '.join(unknown[:5])}")
    counts = Counter(order)
    twice = sorted(c for c, n in counts.items() if n > 1)
    if twice:
        raise ValueError(f"the deal names cards twice: {', '.join(twice[:5])}")
    if len(order) != len(expected):
        missing = sorted(set(expected) - set(order))
        raise ValueError(f"the deal has {len(order)} cards, not {len(expected)}; "
                         f"missing {', '.join(missing[:5])}")
    return order
