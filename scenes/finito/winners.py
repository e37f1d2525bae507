"""The end of a Finito! game on the table: a glow round each winner's board, a rosette beside
it (never over a board, a name plate, a counter, the die, a button or the log) and confetti.

`busy_rects` lists what a rosette must not cover; `Rosettes` finds (and remembers) where the
rosettes lie; `draw_winners` paints them. The table scene (table.py) calls them.
"""
from __future__ import annotations

from typing import Optional, Sequence

import pygame

from game.finito.view import PLACING, FinitoView
from scenes.art import table as table_art
from scenes.finito import art, layout
from scenes.finito.layout import TableLayout

PARTY = 7.0  # seconds of confetti for the winner


def busy_rects(geo: TableLayout, view: FinitoView, buttons: Sequence[pygame.Rect],
               log: Optional[pygame.Rect]) -> list[pygame.Rect]:
    """Everything on the table a rosette must not cover: boards with their name plates,
    counters, the die and its line, the buttons given, the status bar and the event log."""
    busy = [pygame.Rect(0, 0, geo.size[0], geo.bar)]
    for place in geo.seats.values():
        busy.append(place.plate.union(place.frame))
        if view["offers"][place.seat] or view.get("phase") == PLACING:  # a rack is drawn
            busy.append(place.offer.inflate(place.square // 6, place.square // 6))
        if int(view["pool_counts"][place.seat]) > 0:
            busy.append(place.heap)
    dish = geo.tray.inflate(int(geo.tray.width * 0.3), int(geo.tray.width * 0.3))
    busy.append(dish.union(pygame.Rect(dish.x, geo.bar, dish.width,
                                       geo.tray.bottom + geo.base * 2 - geo.bar)))
    busy += list(buttons)
    if log is not None:
        busy.append(log)
    return [r.inflate(4, 4) for r in busy]


class Rosettes:
    """Where each winner's rosette lies, found again only when the window, the winners or
    what lies on the table change."""

    def __init__(self) -> None:
        self._found: tuple = (None, {})  # (what the places were found for, the places)

    def places(self, geo: TableLayout, winners: list[int],
               busy: list[pygame.Rect]) -> dict[int, pygame.Rect]:
        """Beside each winner's board, as large as a free place allows (a winner with no
        free place gets only the glow round the board)."""
        key = (geo.size, tuple(winners), tuple(tuple(r) for r in busy))
        if self._found[0] == key:
            return dict(self._found[1])
        seats = [s for s in winners if s in geo.seats]
        smallest = layout.rosette_smallest(geo.base)  # (the layout leaves room for it)
        d = max([smallest] + [int(min(geo.seats[s].frame.width * 0.42, geo.base * 6.5))
                              for s in seats])
        spots: dict[int, pygame.Rect] = {}
        while True:  # one size for every rosette: the largest at which all of them fit
            spots = assign(geo, seats, (d, round(d * 1.3)), busy)
            if len(spots) == len(seats) or d <= smallest:
                break
            d = max(smallest, int(d * 0.9))
        self._found = (key, dict(spots))
        return spots


def assign(geo: TableLayout, seats: list[int], size: tuple[int, int],
           busy: list[pygame.Rect]) -> dict[int, pygame.Rect]:
    """A place for each seat's rosette; the seat with the fewest free places chooses
    first, so one winner's rosette never takes another's only place."""
    gap = geo.base // 3
    options = {s: layout.ribbon_spots(geo, s, size, busy, gap) for s in seats}
    taken: list[pygame.Rect] = []
    spots: dict[int, pygame.Rect] = {}
    for seat in sorted(seats, key=lambda s: (len(options[s]), s)):
        for rect in options[seat]:
            if rect.inflate(4, 4).collidelist(taken) < 0:
                spots[seat] = rect
                taken.append(rect)
                break
    return spots


def draw_winners(surface: pygame.Surface, geo: TableLayout, view: FinitoView,
                 ribbons: dict[int, pygame.Rect], party: Optional[float], seed: int) -> None:
    """A glow round the winners' boards, a rosette in each of `ribbons`, and confetti while
    the party (seconds since the end was shown) lasts."""
    history = view.get("history")
    finished = (history[-1].get("finished") if history else None) or []
    for seat in view.get("winners", []):
        place = geo.seats.get(seat)
        if place is None:
            continue
        glow = table_art.highlight(place.frame.width, place.frame.height, (255, 214, 90),
                                   max(3, geo.base // 4))
        surface.blit(glow, glow.get_rect(center=place.frame.center))
        if seat in ribbons:
            rect = ribbons[seat]
            image = art.rosette(rect.width, "Finito!" if seat in finished else "Winner")
            surface.blit(image, rect)
    if party is not None and party < PARTY:
        art.confetti(surface, party, seed=seed)
