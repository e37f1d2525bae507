"""Finito!'s actions and their text forms (squares are indices 0..35 in reading order).

- ``"0 place 3 27"``  seat 0 puts its face-up counter 3 on square 27 (placing phase)
- ``"1 move 10 26"``  seat 1 moves its counter 10 to square 26 (moving phase)
- ``"2 keep"``        seat 2 leaves its board as it is for this roll (moving phase)
- ``"0 next"``        start the next round (repeat rounds, between rounds)

The die is never an action: the engine rolls it once every seat has acted on the current roll.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core import Action, action_kinds


@dataclass(frozen=True)
class Place(Action):
    """Put the face-up counter `counter` on square `square`."""

    counter: int
    square: int
    kind: ClassVar[str] = "place"


@dataclass(frozen=True)
class Move(Action):
    """Move the counter `counter` from wherever it lies to square `square`."""

    counter: int
    square: int
    kind: ClassVar[str] = "move"


@dataclass(frozen=True)
class Keep(Action):
    """Leave the board as it is for this roll."""

    kind: ClassVar[str] = "keep"


@dataclass(frozen=True)
class NextRound(Action):
    """Clear the boards and start the next round."""

    kind: ClassVar[str] = "next"


KINDS = action_kinds(Place, Move, Keep, NextRound)
