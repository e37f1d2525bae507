"""The player's actions in Finished!, with their text forms.

    0 activate 23   use card 00:23's action (one sweet goes onto it)
    0 pick 12       in a choice, pick card 00:12 (the order of picks matters)
    0 unpick 12     take a pick back
    0 confirm       the choice is complete: carry the action out
    0 cancel        give up an action that has revealed nothing yet (the sweet comes back)
    0 move 12 0     sort: put 00:12 at place 0 (the first) of the Present
    0 done          end steps 4-5; steps 6-8 and the next turn's start follow by themselves
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core import Action, action_kinds


@dataclass(frozen=True)
class Activate(Action):
    """Spend a sweet to use the action of a Present card."""

    card: int
    kind: ClassVar[str] = "activate"


@dataclass(frozen=True)
class Pick(Action):
    """Pick a Present card for the action waiting for a choice."""

    card: int
    kind: ClassVar[str] = "pick"


@dataclass(frozen=True)
class Unpick(Action):
    """Take back a pick."""

    card: int
    kind: ClassVar[str] = "unpick"


@dataclass(frozen=True)
class Confirm(Action):
    """Carry out the waiting action with the picks made."""

    kind: ClassVar[str] = "confirm"


@dataclass(frozen=True)
class Cancel(Action):
    """Give up the waiting action before it revealed anything; its sweet comes back."""

    kind: ClassVar[str] = "cancel"


@dataclass(frozen=True)
class Move(Action):
    """Sort the Present: move a card to a place (0 = first)."""

    card: int
    index: int
    kind: ClassVar[str] = "move"


@dataclass(frozen=True)
class Done(Action):
    """End the turn's actions and sorting."""

    kind: ClassVar[str] = "done"


ACTIONS = action_kinds(Activate, Pick, Unpick, Confirm, Cancel, Move, Done)
