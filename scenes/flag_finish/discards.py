"""The discard pile as the table lays it: a loose spread (scenes/table/spread.py) that
follows the match's states, pile by pile, as the actions left it.

It is rebuilt from the race's first state after an undo, on a resumed table and for a new
window size, so the same actions always lie the same way; cards a person pushed aside keep
their places through a rebuild. Racers may push discards around to see them better: that
changes nothing in the game, so it never becomes an action.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from scenes.table.spread import LooseSpread
from scenes.table.zones import Zone


class DiscardSpread:
    """The discard spread of the race on the table, and how far it has followed the match."""

    def __init__(self) -> None:
        self.spread = LooseSpread()
        self.race: Any = None  # the race the spread shows
        self.seen = 0  # how many of the match's states the spread has followed
        self.last: Any = None  # the last state it followed (an undo replaces it)
        self.frame: tuple = ()  # the discard area and card size it was laid for

    def lay(self, zone: Zone, states: list, pile_of: Callable[[Any], list[str]],
            pile: list[str]) -> list[str]:
        """Bring the spread up to `states` and give `zone` its spots; the cards bottom to top.
        `pile_of(state)` is the discard pile as everybody sees it in a state."""
        self.follow(states, pile_of, zone.rect, zone.card)
        order, spots = self.spread.spots(zone.rect, zone.card, self.spread.sync(list(pile)))
        zone.extra["spots"] = spots
        return order

    def follow(self, states: list, pile_of: Callable[[Any], list[str]], rect: pygame.Rect,
               card: tuple[int, int]) -> None:
        frame = (tuple(rect), tuple(card))
        seen = self.seen
        if frame != self.frame or seen > len(states) or (
                seen and states[seen - 1] is not self.last):
            start = len(states) - 1
            race = states[-1].race
            while start > 0 and states[start - 1].race == race:
                start -= 1
            old, self.spread = self.spread, LooseSpread()
            self.race, self.frame, seen = race, frame, start
            self._walk(states[start:], pile_of, rect, card)
            self.spread.keep_moved(old, list(states[-1].discard))
        else:
            self._walk(states[seen:], pile_of, rect, card)
        self.seen, self.last = len(states), states[-1]

    def _walk(self, states: list, pile_of: Callable[[Any], list[str]], rect: pygame.Rect,
              card: tuple[int, int]) -> None:
        for state in states:
            if state.race != self.race:  # a new race: a new pile on the table
                self.spread, self.race = LooseSpread(), state.race
            self.spread.follow([pile_of(state)], rect, card)

    def move(self, card: str, zone: Zone, centre: Optional[tuple[float, float]]) -> None:
        """A person put a discard down at `centre` (None: on top where it lies)."""
        self.spread.move(card, zone.rect, zone.card, centre)
