"""Finale actions and their text forms (``<seat> <kind> <args>``).

A tactics card is named by its team and its card id (``stollen-pressing``, ``acker-eckball``):
both coaches hold the same thirty cards, and a save then names each card as the table does.

Building a squad and a tactics deck, before the match (each coach on his own, in secret)::

    0 sign kai-fangmann field           put a player in the squad, on the field or the bench
    0 release kai-fangmann              take a player out of the squad again
    0 switch paul-walze                 move a squad player between the field and the bench
    0 include stollen-pressing          add a tactics card to the deck of twelve
    0 exclude stollen-pressing          take it out again
    0 deck lilac                        the deck of the white six and another colour's six
    0 opener stollen-pressing           free choice: a card to start in the hand (again: not)
    0 first_game                        the first-game squad, eleven and deck, and ready
    0 ready                             the squad and the deck are complete

The match::

    0 sub paul-walze ali-balla          at a period's start: a bench player comes on for a field player
    0 pick stollen-pressing             the card for the reveal, face down until both have chosen
    0 play stollen-doppelpass           the attacker's card for a further attack
    1 swap acker-eckball                the defender lays a hand card away and draws, before an attack
    1 keep                              ... or keeps his hand
    0 mark 1 rudi-knipser               a player for slot 1 (from 0) of the coach's side of the area
    0 replace simon-joker               a bench player for an injured one
    0 keeper udo-bollwerk               shoot-out: the man in goal when the team has no goalie left
    0 shooter rudi-knipser              shoot-out: the next penalty taker
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core import Action, action_kinds


@dataclass(frozen=True)
class Sign(Action):
    """Put a player in the squad: `place` is field or bench."""

    player: str = ""
    place: str = "field"
    kind = "sign"


@dataclass(frozen=True)
class Release(Action):
    """Take a player out of the squad."""

    player: str = ""
    kind = "release"


@dataclass(frozen=True)
class Switch(Action):
    """Move a squad player from the field to the bench or back."""

    player: str = ""
    kind = "switch"


@dataclass(frozen=True)
class Include(Action):
    """Add a tactics card to the deck."""

    card: str = ""
    kind = "include"


@dataclass(frozen=True)
class Exclude(Action):
    """Take a tactics card out of the deck."""

    card: str = ""
    kind = "exclude"


@dataclass(frozen=True)
class DeckOf(Action):
    """Make the deck the white six and the six of `colour` (lilac, red, yellow or blue)."""

    colour: str = ""
    kind = "deck"


@dataclass(frozen=True)
class Opener(Action):
    """Free choice of deck: mark a card to start in the hand, or unmark it."""

    card: str = ""
    kind = "opener"


@dataclass(frozen=True)
class FirstGame(Action):
    """The first-game squad on its first-game places, the white and lilac deck, and ready."""

    kind = "first_game"


@dataclass(frozen=True)
class Ready(Action):
    """The squad and the deck are complete."""

    kind = "ready"


@dataclass(frozen=True)
class Sub(Action):
    """At the start of a period: `into` comes off the bench for `out`."""

    out: str = ""
    into: str = ""
    kind = "sub"


@dataclass(frozen=True)
class Pick(Action):
    """Choose the card to reveal this period (face down until both have chosen)."""

    card: str = ""
    kind = "pick"


@dataclass(frozen=True)
class Play(Action):
    """The attacker's card for a further attack in this period."""

    card: str = ""
    kind = "play"


@dataclass(frozen=True)
class Swap(Action):
    """The defender lays a hand card away and draws a new one before an attack."""

    card: str = ""
    kind = "swap"


@dataclass(frozen=True)
class Keep(Action):
    """The defender keeps his hand."""

    kind = "keep"


@dataclass(frozen=True)
class Mark(Action):
    """Put `player` in slot `slot` (counted from 0) of this coach's side of the area in play."""

    slot: int = 0
    player: str = ""
    kind = "mark"


@dataclass(frozen=True)
class Replace(Action):
    """A bench player comes on for an injured one."""

    player: str = ""
    kind = "replace"


@dataclass(frozen=True)
class Keeper(Action):
    """Shoot-out: the field player who goes in goal when the team has no goalie."""

    player: str = ""
    kind = "keeper"


@dataclass(frozen=True)
class Shooter(Action):
    """Shoot-out: the next penalty taker in this coach's order."""

    player: str = ""
    kind = "shooter"


DRAFT = (Sign, Release, Switch, Include, Exclude, DeckOf, Opener, FirstGame, Ready)
ACTIONS = action_kinds(*DRAFT, Sub, Pick, Play, Swap, Keep, Mark, Replace, Keeper, Shooter)
