"""Cards lying loose in an area of the table, each in a place of its own: for any card game
with an open pile (a discard pile that players may look through and push around).

A `LooseSpread` is kept by the table scene, never by the engine: where a card lies changes
nothing in the game. A card keeps its place while it stays in the pile: a new card takes the
free place nearest the middle, and a card a person put somewhere (`move`) stays there and lies
on top. Cards overlap in reading order (each lies on its neighbours above and to the left), so
every card's top-left corner, where its number or name is, stays in view; the grid only
tightens as the pile grows.

How a game uses it, in its table scene:

- keep one `LooseSpread` per pile; declare the pile's zone as a `SpreadZone`;
- in `layout_zones`: ``order, spots = spread.spots(rect, card, spread.sync(pile))``, then set
  the zone's content to `order` (bottom to top) and ``zone.extra["spots"] = spots``;
- when a person drops a card of the pile inside the area: ``spread.move(card, rect, card,
  centre)`` and refresh.

Since a place, once given, is kept, the picture depends on the order the pile grew in: to get
the same picture after an undo, a resumed game or a new window size, build a fresh spread and
`follow` the pile as it stood after each action (and `keep_moved` to carry over what people
moved by hand).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

import pygame

from scenes.table.jitter import jitter
from scenes.table.zones import Zone

Spot = tuple[float, float, float]
# (across, down) between neighbouring places, in card widths and heights; the last ones keep
# at least each card's corner number in view
SPACINGS = [(1.15, 1.08), (0.9, 0.8), (0.72, 0.64), (0.62, 0.54), (0.52, 0.46), (0.44, 0.4),
            (0.38, 0.34)]


class LooseSpread:
    """Places of the cards of one loose pile: a grid place each, or where a person put it."""

    def __init__(self) -> None:
        self.slot: dict[str, int] = {}
        self.moved: dict[str, tuple[float, float]] = {}  # fractions of the zone's rectangle
        self.stamp: dict[str, int] = {}
        self.counter = 0
        self.level = 0  # index into SPACINGS: the grid only tightens while the pile lives
        self.frame: tuple = ()  # the rectangle and card size the level was chosen for

    def sync(self, cards: list[str]) -> list[str]:
        """Forget cards that left the pile, note new ones; the cards in arrival order."""
        present = set(cards)
        for card in [c for c in self.stamp if c not in present]:
            self.stamp.pop(card, None)
            self.slot.pop(card, None)
            self.moved.pop(card, None)
        for card in cards:
            if card not in self.stamp:
                self.counter += 1
                self.stamp[card] = self.counter
        return sorted(cards, key=lambda c: self.stamp[c])

    def follow(self, piles: Iterable[list[str]], rect: pygame.Rect,
               card_size: tuple[int, int]) -> None:
        """Lay the pile as it stood after each action, one after the other (a place, once
        given, is kept; so the order of the piles decides the picture)."""
        for pile in piles:
            self.spots(rect, card_size, self.sync(list(pile)))

    def keep_moved(self, old: "LooseSpread", cards: list[str]) -> None:
        """Carry the cards a person dragged aside in `old` over to this rebuilt spread."""
        for card in sorted((c for c in old.moved if c in cards), key=lambda c: old.stamp[c]):
            self.counter += 1
            self.stamp[card] = self.counter
            self.moved[card] = old.moved[card]
            self.slot.pop(card, None)

    def move(self, card: str, rect: pygame.Rect, card_size: tuple[int, int],
             centre: Optional[tuple[float, float]]) -> None:
        """A person put `card` down at `centre` (None: just lay it on top where it is)."""
        self.counter += 1
        self.stamp[card] = self.counter
        if centre is None:
            return
        cw, ch = card_size
        x = min(max(centre[0], rect.x + cw * 0.55), rect.right - cw * 0.55)
        y = min(max(centre[1], rect.y + ch * 0.55), rect.bottom - ch * 0.55)
        self.moved[card] = ((x - rect.x) / max(1, rect.width), (y - rect.y) / max(1, rect.height))
        self.slot.pop(card, None)

    def spots(self, rect: pygame.Rect, card_size: tuple[int, int],
              cards: list[str]) -> tuple[list[str], list[Spot]]:
        """The cards bottom to top, a spot for each, and one more spot for the next arrival."""
        cw, ch = card_size
        loose = [c for c in cards if c not in self.moved]
        frame = (tuple(rect), tuple(card_size))
        if frame != self.frame or len(cards) <= 3:  # a new window size, or a fresh pile
            self.frame, self.level = frame, 0
        self.level, cells = _cells(rect, card_size, len(loose) + 1, self.level)
        sx, sy = SPACINGS[self.level][0] * cw, SPACINGS[self.level][1] * ch
        # a little life in the spread, but never enough to hide a neighbour's number
        wobble = max(0.0, min(1.0, (sx / cw - 0.4) / 0.3, (sy / ch - 0.36) / 0.3))
        taken = {s for c, s in self.slot.items() if c in loose and s < len(cells)}
        for card in loose:
            if card not in self.slot or self.slot[card] >= len(cells):
                self.slot[card] = _free(taken, len(cells))
                taken.add(self.slot[card])
        reading = {cell: i for i, cell in enumerate(sorted(cells, key=lambda c: (c[1], c[0])))}
        cards = sorted(loose, key=lambda c: reading[cells[self.slot[c]]]) + \
            sorted((c for c in cards if c in self.moved), key=lambda c: self.stamp[c])
        out: list[Spot] = []
        for card in cards:
            a, b, c = jitter(card)
            if card in self.moved:
                fx, fy = self.moved[card]
                out.append((rect.x + fx * rect.width, rect.y + fy * rect.height, c * 5.0))
            else:
                x, y = cells[self.slot[card]]
                out.append((x + a * cw * 0.07 * wobble, y + b * ch * 0.05 * wobble,
                            c * 6.0 * wobble))
        x, y = cells[_free(taken, len(cells))]
        out.append((x, y, 0.0))
        return cards, out


def _free(taken: set[int], count: int) -> int:
    for i in range(count):
        if i not in taken:
            return i
    return count - 1


def _cells(rect: pygame.Rect, card_size: tuple[int, int], needed: int,
           level: int) -> tuple[int, list[tuple[float, float]]]:
    """The spacing level used (`level` or tighter) and its grid places inside `rect`,
    nearest the middle first, at least `needed` of them.

    Cards overlap so that each one's top-left corner (its number) stays in view; with many
    cards the grid tightens until they all fit.
    """
    cw, ch = card_size
    for level in range(level, len(SPACINGS)):  # loose while there is room, tighter as it grows
        sx, sy = cw * SPACINGS[level][0], ch * SPACINGS[level][1]
        cols = max(1, int((rect.width - cw * 1.2) // sx) + 1)
        rows = max(1, int((rect.height - ch * 1.1) // sy) + 1)
        if cols * rows >= needed:
            break
    span_x, span_y = (cols - 1) * sx, (rows - 1) * sy
    x0, y0 = rect.centerx - span_x / 2, rect.centery - span_y / 2
    cells = [(x0 + c * sx, y0 + r * sy) for r in range(rows) for c in range(cols)]
    cx, cy = rect.center

    def distance(cell: tuple[float, float]) -> tuple[float, float, float]:
        dx, dy = (cell[0] - cx) / max(1, rect.width), (cell[1] - cy) / max(1, rect.height)
        return (round(dx * dx * 1.6 + dy * dy, 6), cell[1], cell[0])
    cells.sort(key=distance)
    while len(cells) < needed:
        cells.append(cells[-1])
    return level, cells


@dataclass
class SpreadZone(Zone):
    """The zone of a loose pile: its cards lie on the spots the table's `LooseSpread` gave
    (``extra["spots"]``, one per card bottom to top, then one for the next card)."""

    def positions(self, count: int) -> list[tuple[float, float, float]]:
        spots = list(self.extra.get("spots", []))
        if not spots:
            spots = [(*self.rect.center, 0.0)]
        while len(spots) < count:
            spots.append(spots[-1])
        return spots[:count]
