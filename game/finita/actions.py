"""Finita actions and their text forms.

Every action ends with ``ms``: the round's clock in milliseconds when it was taken. Times never
run backwards; a table stamps its own clock, computer seats their reaction moment, and a save
written by hand may leave every time at 0 when it uses no real-time rule. ``ms`` takes no part
in equality, so `legal_actions` lists each action once and `dataclasses.replace` stamps it.

Turn actions (``<seat> <kind> <args> <ms>``)::

    0 play red-7.1 0          lay a card from the hand (also to answer a draw, a demand or Patrick)
    0 pair red-7.1 red-7.2 0  Throws: lay two identical number cards at once
    0 poker red-3,red-4,red-5,red-6,red-7 0   Poker: a run or a four-colour set, first card lowest in the pile
    0 draw 0                  draw one card (no card to play, or none wanted)
    0 keep 0                  keep the card just drawn instead of playing it
    0 take 0                  take a running draw, be skipped, or draw one against a demand
    0 choose blue 0           name a colour, a number (7), higher-6 / lower-6, end / pass
    0 hide red-3 0            Memory: lay a card face down at the start of a round
    0 hidden 1 0              Memory: play face-down card number 1 (from 0) blind
    0 swap 1 0 2 1 0          Memory swap after a 0: seat 1's card 0 for seat 2's card 1
    0 compare red-3 0         Patrick: choose a number card face down
    0 next_round 0            deal the next round once the score sheet has been seen

Reactions, open to any seat at any moment they apply (one key per person at the table)::

    2 finita 0                call "Finita!" (one card left, or two on one's own turn)
    1 catch 2 0               catch seat 2, who did not call
    3 throw 0                 Throws: throw the card identical to the top card (or pay a card)
    1 clap 0                  Clap: hit the pile after a 9 (or pay a card for a clap at nothing)
    0 penalty 2 question 0    Penalty button: a card for a needless question, two for a suggestion
    0 close 0                 a window shut (written by the referee when its time came)
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core import TimedAction, action_kinds, time_field


@dataclass(frozen=True)
class Play(TimedAction):
    """Lay a card from the hand on the discard pile."""

    card: str = ""
    ms: int = time_field()
    kind = "play"


@dataclass(frozen=True)
class Pair(TimedAction):
    """Throws: two identical number cards at once, on one's own turn."""

    card: str = ""
    other: str = ""
    ms: int = time_field()
    kind = "pair"


@dataclass(frozen=True)
class Poker(TimedAction):
    """Poker: five numbers in a row of one colour, or one number in four colours."""

    cards: tuple[str, ...] = ()
    ms: int = time_field()
    kind = "poker"


@dataclass(frozen=True)
class Draw(TimedAction):
    """Draw one card from the pile."""

    ms: int = time_field()
    kind = "draw"


@dataclass(frozen=True)
class Keep(TimedAction):
    """Keep the card just drawn; the turn passes."""

    ms: int = time_field()
    kind = "keep"


@dataclass(frozen=True)
class Take(TimedAction):
    """Give in: take a running draw, be skipped, or draw one against a demand."""

    ms: int = time_field()
    kind = "take"


@dataclass(frozen=True)
class Choose(TimedAction):
    """Name what a card asks for: a colour, a number, higher-n / lower-n, end or pass."""

    word: str = ""
    ms: int = time_field()
    kind = "choose"


@dataclass(frozen=True)
class Hide(TimedAction):
    """Memory: lay a card from the hand face down in front of oneself."""

    card: str = ""
    ms: int = time_field()
    kind = "hide"


@dataclass(frozen=True)
class Hidden(TimedAction):
    """Memory: play one of one's face-down cards, blind."""

    index: int = 0
    ms: int = time_field()
    kind = "hidden"


@dataclass(frozen=True)
class Swap(TimedAction):
    """Memory swap after a 0: exchange two opponents' face-down cards."""

    first: int = 0
    first_index: int = 0
    second: int = 0
    second_index: int = 0
    ms: int = time_field()
    kind = "swap"


@dataclass(frozen=True)
class Compare(TimedAction):
    """Patrick: choose a number card face down for the comparison."""

    card: str = ""
    ms: int = time_field()
    kind = "compare"


@dataclass(frozen=True)
class NextRound(TimedAction):
    """Deal the next round of the match."""

    ms: int = time_field()
    kind = "next_round"


@dataclass(frozen=True)
class Call(TimedAction):
    """Call "Finita!"."""

    ms: int = time_field()
    kind = "finita"


@dataclass(frozen=True)
class Catch(TimedAction):
    """Catch a seat that has one card left and did not call."""

    target: int = 0
    ms: int = time_field()
    kind = "catch"


@dataclass(frozen=True)
class Throw(TimedAction):
    """Throws: throw the card identical to the top one, out of turn."""

    ms: int = time_field()
    kind = "throw"


@dataclass(frozen=True)
class Clap(TimedAction):
    """Clap: hit the pile after a 9."""

    ms: int = time_field()
    kind = "clap"


@dataclass(frozen=True)
class Penalty(TimedAction):
    """Penalty button: `reason` is question (one card) or suggestion (two cards)."""

    target: int = 0
    reason: str = "question"
    ms: int = time_field()
    kind = "penalty"


@dataclass(frozen=True)
class Close(TimedAction):
    """A timed window shut (a clap window, or a throw nobody made)."""

    ms: int = time_field()
    kind = "close"


@dataclass(frozen=True)
class Wait(TimedAction):
    """A computer seat with nothing it wants to do now; never applied."""

    ms: int = time_field()
    kind = "wait"


TURN_KINDS = (Play, Pair, Poker, Draw, Keep, Take, Choose, Hide, Hidden, Swap, Compare, NextRound)
REACTIONS = (Call, Catch, Throw, Clap, Penalty)
ACTIONS = action_kinds(*TURN_KINDS, *REACTIONS, Close, Wait)
