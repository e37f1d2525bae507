"""A piece in hand (scenes/table/input.py lifts it; lights.py draws it and its targets)."""
from __future__ import annotations

from dataclasses import dataclass

from scenes.table.sprites import PieceSprite


@dataclass
class Lift:
    """A piece in hand: dragged with the pointer, or picked by click or key."""

    sprite: PieceSprite
    source: str
    targets: list[str]
    offset: tuple[float, float] = (0.0, 0.0)
    press: tuple[int, int] = (0, 0)
    moved: bool = False
    by_pointer: bool = True
    home: tuple[float, float] = (0.0, 0.0)
    hurried: bool = False  # pressed while pieces glided: only a drag counts, not a click
