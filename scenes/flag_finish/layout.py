"""Where things lie on the Flag Finish table, for any window from 1024x640 up.

You sit at the bottom: your row of played cards, and below it your hand, fanned. The other
racers sit at the top, each with a face-down hand and a row. The draw pile lies as a loose
heap on the left of the middle band, the discard pile is spread in the middle so every card
shows its number, and the race log is on the right.
"""
from __future__ import annotations

import pygame

from game.flag_finish.view import DISCARD, DRAW, hand_zone, row_zone
from scenes import widgets as ui
from scenes.table.hand import HandFan
from scenes.table.heap import Heap
from scenes.table.slots import SlotRow
from scenes.table.spread import SpreadZone
from scenes.table.zones import Zone, fit_card

ASPECT = 0.68  # card width / height
ROW_STEP = 0.48  # overlap in rows: each card shows this much of its width
ROW_PLACES = 12  # 0 .. 10 and the flag
HAND_STEP = 0.62  # the base fan's natural step
OPP_FAN = 3.3  # width of an opponent's face-down fan, in card widths
FAN_HEIGHT = 1.3  # a fan's zone is this many card heights tall: the tilted ends fit inside


def row_width(card_w: float) -> float:
    """Width of a full row of twelve overlapping cards."""
    return card_w * (1 + ROW_STEP * (ROW_PLACES - 1))


def seat_order(seats: int, bottom: int) -> list[int]:
    """The racers across the table, left to right (everyone but the one at the bottom)."""
    return [(bottom + i) % seats for i in range(1, seats)]


def layout(size: tuple[int, int], seats: int, bottom: int, hand_up: bool = True) -> dict[str, Zone]:
    """The zones for a window size; `bottom` is the seat whose eyes the table shows."""
    w, h = size
    base = ui.ui_size(size)
    bar = int(base * 2.1)
    top = bar * 2 + base // 2  # under the status bar and the tool buttons
    margin = max(10, int(w * 0.018))
    label = int(base * 1.3)
    gap = max(6, base // 3)
    room = h - top - margin // 2
    others = seat_order(seats, bottom)

    hand = fit_card(min(w * 0.6, w - 2 * margin) / (1 + HAND_STEP * 11), room * 0.21, ASPECT)
    row = fit_card(w * 0.46 / (1 + ROW_STEP * 11), room * 0.155, ASPECT)
    block_w = (w - 2 * margin - (len(others) - 1) * margin * 2) / len(others)
    opp = fit_card(block_w / (OPP_FAN + 0.5 + 1 + ROW_STEP * 11), room * 0.12, ASPECT)
    zones: dict[str, Zone] = {}

    # the racers across the table
    y = top + label
    for i, seat in enumerate(others):
        x0 = margin + i * (block_w + margin * 2)
        content_w = opp[0] * OPP_FAN + opp[0] * 0.5 + row_width(opp[0])
        x = x0 + (block_w - content_w) / 2
        fan = HandFan(hand_zone(seat), pygame.Rect(int(x), y, int(opp[0] * OPP_FAN),
                                                 int(opp[1] * FAN_HEIGHT)), "fan",
                      opp, face_up=False, owner=seat, outline=False, upside_down=True)
        zones[fan.id] = fan
        rx = x + opp[0] * (OPP_FAN + 0.5)
        row_id = row_zone(seat)
        zones[row_id] = SlotRow(row_id, pygame.Rect(int(rx), fan.rect.bottom - opp[1],
                                                    int(row_width(opp[0])), opp[1]),
                                "row", opp, owner=seat, places=ROW_PLACES)
    opp_bottom = y + int(opp[1] * FAN_HEIGHT)

    # you, from the bottom edge up
    hand_h = int(hand[1] * FAN_HEIGHT)
    hand_rect = pygame.Rect(0, 0, int(hand[0] * (1 + HAND_STEP * 11)), hand_h)
    hand_rect.midbottom = (w // 2, h - margin // 2)
    row_rect = pygame.Rect(0, 0, int(row_width(row[0])), row[1])
    row_rect.midbottom = (w // 2, hand_rect.top - gap)
    mid_top = opp_bottom + gap + label
    mid_bottom = row_rect.top - label - gap
    mid_h = max(40, mid_bottom - mid_top)

    # the middle band: draw heap | discard spread | race log
    pile = fit_card(w * 0.1, min(row[1] * 0.95, mid_h * 0.78), ASPECT)
    left_w = max(int(pile[0] * 2.5), base * 8)
    log_w = max(int(w * 0.19), base * 11)
    zones[DRAW] = Heap(DRAW, pygame.Rect(margin, mid_top, left_w, mid_h), "grid", pile,
                       face_up=False, outline=False)
    discard_x = margin + left_w + margin
    zones[DISCARD] = SpreadZone(DISCARD, pygame.Rect(discard_x, mid_top,
                                                     w - discard_x - log_w - margin * 2, mid_h),
                                "grid", pile, label="")
    zones[DISCARD].extra["log"] = pygame.Rect(w - margin - log_w, mid_top, log_w, mid_h)

    zones[row_zone(bottom)] = SlotRow(row_zone(bottom), row_rect, "row", row, owner=bottom,
                                      places=ROW_PLACES)
    zones[hand_zone(bottom)] = HandFan(hand_zone(bottom), hand_rect, "fan", hand, face_up=hand_up,
                                       owner=bottom, outline=False)
    return zones

