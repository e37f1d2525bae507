"""Where things lie on the Finita table, for 2 to 6 seats and any window from 800x500 up.

The seat at the screen sits at the bottom: its hand fanned face up, its memory cards face
down at the left of the hand, the card it picked for Patrick above the hand's right end. The
others sit round the upper half of the felt, left to right in the order play goes clockwise:
each has a small face-down fan, its memory cards in front of it and a spot for Patrick. The
middle holds the draw heap, the discard pile, and beside it the panel of what is in force
(`extra["panel"]` of the discard zone): the colour, a running draw, a demand, the direction.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.finita.view import DISCARD_ZONE, DRAW_ZONE, compare_zone, hand_zone, memory_zone
from scenes import widgets as ui
from scenes.table.buttons import button_column_width
from scenes.table.hand import HandFan
from scenes.table.heap import Heap
from scenes.table.zones import Zone, fit_card

ASPECT = 0.68  # card width / height
HAND_STEP = 0.62
FAN_HEIGHT = 1.3
OPP_FAN = 3.0  # an opponent's fan, in card widths
MEMORY_MAX = 3  # memory cards a seat can hold

# where the others sit, as (x, y) fractions of the upper area, for 1 to 5 others
SPOTS = {
    1: [(0.5, 0.0)],
    2: [(0.25, 0.0), (0.75, 0.0)],
    3: [(0.12, 0.55), (0.5, 0.0), (0.88, 0.55)],
    4: [(0.1, 0.6), (0.35, 0.0), (0.65, 0.0), (0.9, 0.6)],
    5: [(0.09, 0.7), (0.27, 0.05), (0.5, 0.0), (0.73, 0.05), (0.91, 0.7)],
}


def seat_order(seats: int, bottom: int) -> list[int]:
    """The others as they sit round the table from the bottom seat's left (seat order)."""
    return [(bottom + i) % seats for i in range(1, seats)]


@dataclass
class RaisedFan(HandFan):
    """The hand at the screen: cards that may be played now stand a little higher."""

    raised: frozenset = frozenset()  # indices into the zone's content

    def positions(self, count: int) -> list[tuple[float, float, float]]:
        spots = super().positions(count)
        lift = self.card[1] * 0.12
        return [(x, y - lift if i in self.raised else y, a) for i, (x, y, a) in enumerate(spots)]


def layout(size: tuple[int, int], seats: int, bottom: int, memory: int,
           hand_count: int = 7, raised: frozenset = frozenset(),
           hands_open: bool = False, patrick: bool = False,
           penalty: bool = False) -> dict[str, Zone]:
    """The zones for a window size; `bottom` is the seat whose eyes the table shows; with
    `hands_open` (a round is over) the others' hands lie face up too; with `penalty` the
    Penalty button (`extra["penalty"]`) stands above the big key button, under the memory."""
    w, h = max(320, size[0]), max(240, size[1])
    base = ui.ui_size((w, h))
    bar = int(base * 2.1)
    top = bar * 2 + base // 2  # under the status bar and the tool buttons
    margin = max(8, int(w * 0.015))
    label = int(base * 1.25)
    right = w - button_column_width((w, h)) - base * 2  # the button column keeps the right edge
    room = h - top - margin
    zones: dict[str, Zone] = {}

    # the seat at the screen, from the bottom edge up; its memory and the big key button
    # (`extra["react"]`) at the left of the hand. The cards keep one size whatever the hand
    # holds (sized for seven side by side): a fuller hand grows wider up to the room there is,
    # then its cards overlap more, so the hand's height, and the piles above it, never move.
    left_room = max(base * 7, int(w * 0.16))
    width_room = min(w * 0.55, right - left_room - margin * 2)
    hand = fit_card(width_room / (1 + HAND_STEP * 6), room * 0.24, ASPECT)
    hand_w = int(min(width_room, hand[0] * (1 + HAND_STEP * (max(7, hand_count) - 1))))
    hand_rect = pygame.Rect(0, 0, hand_w, int(hand[1] * FAN_HEIGHT))
    hand_rect.midbottom = (max(left_room + margin + hand_w // 2, min(w // 2, right - hand_w // 2)),
                           h - margin // 2)
    fan: HandFan = RaisedFan(hand_zone(bottom), hand_rect, "fan", hand, owner=bottom, outline=False,
                    raised=raised)
    zones[fan.id] = fan
    react = pygame.Rect(margin, 0, min(left_room, int(base * 6.5)), int(base * 2.4))
    react.bottom = h - margin
    fan.extra["react"] = react
    fan.extra["penalty"] = pygame.Rect(react.x, react.y - int(base * 1.9), react.width,
                                       int(base * 1.6))
    above = fan.extra["penalty"].top - base // 2 if penalty else react.top - label
    small = (int(hand[0] * 0.6), int(hand[1] * 0.6))
    if memory:
        mem_w = int(small[0] * (1 + 1.08 * (MEMORY_MAX - 1)))
        mem_rect = pygame.Rect(0, 0, mem_w, small[1])
        mem_rect.bottomleft = (margin, above)
        zones[memory_zone(bottom)] = Zone(memory_zone(bottom), mem_rect, "row", small,
                                          face_up=True, owner=bottom, label="Memory")
    cmp_rect = pygame.Rect(0, 0, small[0], small[1])
    cmp_rect.bottomleft = (hand_rect.right + margin, hand_rect.top + small[1] // 2)
    zones[compare_zone(bottom)] = Zone(compare_zone(bottom), cmp_rect, "stack", small,
                                       owner=bottom, outline=patrick,
                                       label="Patrick" if patrick else "")

    # the others round the upper part of the felt
    others = seat_order(seats, bottom)
    upper_h = max(50, int(room * 0.3))
    opp = fit_card(min(w * 0.8 / max(2, len(others)) / (OPP_FAN + 1.2), w * 0.05),
                   upper_h * 0.42, ASPECT)
    tiny = (max(8, int(opp[0] * 0.7)), max(12, int(opp[1] * 0.7)))
    block_w = int(opp[0] * OPP_FAN)
    for (fx, fy), seat in zip(SPOTS[len(others)], others):
        cx = margin + block_w // 2 + fx * (right - 2 * margin - block_w)
        y = top + label + int(fy * (upper_h * 0.45))
        fan = HandFan(hand_zone(seat), pygame.Rect(int(cx - block_w / 2), y, block_w,
                                                 int(opp[1] * 1.15)), "fan", opp,
                      face_up=hands_open, owner=seat, outline=False, upside_down=True)
        zones[fan.id] = fan
        if memory:
            mem_w = int(tiny[0] * (1 + 1.08 * (MEMORY_MAX - 1)))
            zones[memory_zone(seat)] = Zone(memory_zone(seat), pygame.Rect(
                int(cx - mem_w / 2), fan.rect.bottom + 2, mem_w, tiny[1]), "row", tiny,
                face_up=True, owner=seat, outline=False, align="center")
        zones[compare_zone(seat)] = Zone(compare_zone(seat), pygame.Rect(
            fan.rect.right + 2, fan.rect.y, tiny[0], tiny[1]), "stack", tiny, owner=seat,
            outline=False)
    upper_bottom = max((z.rect.bottom for z in zones.values() if z.owner != bottom),
                       default=top)

    # the middle: draw heap | discard pile | what is in force
    mid_top = upper_bottom + label
    # under the piles: their labels, then the bottom seat's name over its standing cards
    mid_bottom = hand_rect.top - label * 2 - int(hand[1] * 0.12)
    mid_h = max(40, mid_bottom - mid_top)
    pile = fit_card(w * 0.1, mid_h * 0.72, ASPECT)
    cx = (margin + right) // 2
    discard = pygame.Rect(0, 0, int(pile[0] * 1.5), int(pile[1] * 1.15))
    discard.center = (cx, mid_top + mid_h // 2)
    zones[DISCARD_ZONE] = Zone(DISCARD_ZONE, discard, "stack", pile, outline=False)
    heap = pygame.Rect(0, 0, int(pile[0] * 1.8), int(pile[1] * 1.25))
    heap.midright = (discard.left - margin * 2, discard.centery)
    zones[DRAW_ZONE] = Heap(DRAW_ZONE, heap, "grid", pile, face_up=False, outline=False,
                            tilt=8.0)
    panel = pygame.Rect(discard.right + margin * 2, mid_top,
                        max(base * 9, min(int(pile[0] * 3.2), right - discard.right - margin * 3)),
                        mid_h)
    zones[DISCARD_ZONE].extra["panel"] = panel
    return zones
