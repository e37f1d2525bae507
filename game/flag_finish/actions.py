"""Flag Finish actions and their text forms.

Every action ends with ``ms``: milliseconds since the current race began. Times never go
backwards (an action earlier than the last applied one is refused); warm-up games may leave
every time at 0. ``ms`` takes no part in equality, so `legal_actions` can list each action
once (carrying the earliest time it may have) and a table or computer racer stamps the real
time with ``dataclasses.replace(action, ms=now)``.

Text forms (``<seat> <kind> <args> <ms>``)::

    0 draw_pile 0            draw the top card of the draw pile (a discard is then owed)
    1 take_discard red-4 0   take a card from the discard pile (a discard is then owed)
    0 discard blue-7 0       discard a card from the hand (ends the turn in warm-up mode)
    2 play green-0 1830      play the next card of one's sequence onto one's row
    0 close 12840            challenge mode: close the finish window (time >= first finish + 500)
    1 next_race 0            deal the next race once the score board has been seen
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core import TimedAction, action_kinds, time_field


@dataclass(frozen=True)
class DrawPile(TimedAction):
    """Draw the top card of the face-down pile into the hand."""

    ms: int = time_field()
    kind = "draw_pile"


@dataclass(frozen=True)
class TakeDiscard(TimedAction):
    """Take a chosen face-up card from the discard pile into the hand."""

    card: str = ""
    ms: int = time_field()
    kind = "take_discard"


@dataclass(frozen=True)
class Discard(TimedAction):
    """Put a card from the hand face up on the discard pile (owed after every draw)."""

    card: str = ""
    ms: int = time_field()
    kind = "discard"


@dataclass(frozen=True)
class Play(TimedAction):
    """Lay the next card of one's sequence (0 .. 10, then a flag) onto one's row."""

    card: str = ""
    ms: int = time_field()
    kind = "play"


@dataclass(frozen=True)
class Close(TimedAction):
    """Challenge mode: end the same-time window after the first finish."""

    ms: int = time_field()
    kind = "close"


@dataclass(frozen=True)
class NextRace(TimedAction):
    """Deal the next race of the match."""

    ms: int = time_field()
    kind = "next_race"


ACTIONS = action_kinds(DrawPile, TakeDiscard, Discard, Play, Close, NextRace)
RACE_KINDS = frozenset({"draw_pile", "take_discard", "discard", "play", "close"})
