"""Where the Finita table puts its words: the log's last lines and the announcements (toasts).

Both keep off what a person must see to act: the hand at the bottom, the memory cards and the
big key button at its left, the countdown over the discard pile, the buttons at the right.
Functions of the table; they change nothing.
"""
from __future__ import annotations

from typing import Any, Optional

import pygame

from game.finita.view import DISCARD_ZONE, DRAW_ZONE, hand_zone, memory_zone
from scenes import widgets as ui
from scenes.table.buttons import button_column_width


def log_area(table: Any, size: tuple[int, int]) -> Optional[pygame.Rect]:
    """The last lines of the log: at the left of the hand, above the big key button (or the
    memory cards); with no room there, at the right above the buttons; else nowhere."""
    w, h = size
    base = ui.ui_size(size)
    hand = table.zones.get(hand_zone(table.bottom()))
    if hand is None:
        return None
    left = 10
    right = hand.rect.left - base // 2
    mem = table.zones.get(memory_zone(table.bottom()))
    lowest = hand.extra["penalty" if table.view["options"].get("penalty") else "react"]
    bottom = (mem.rect.top - base * 2) if mem else lowest.top - base // 2
    draw = table.zones.get(DRAW_ZONE)
    top = max(bottom - base * 5, (draw.rect.bottom + base * 2) if draw else 0)
    if right - left >= base * 7 and bottom - top >= base * 3:
        return pygame.Rect(left, top, right - left, bottom - top - 8)
    # no room at the left (memory cards there): at the right, above the buttons
    panel = table.zones[DISCARD_ZONE].extra.get("panel") if DISCARD_ZONE in table.zones else None
    left = max(w - button_column_width(size) - base, panel.right + base if panel else 0)
    if panel is None or w - base - left < base * 7:
        return None
    return pygame.Rect(left, panel.top, w - base - left, base * 6)


def log_button(log: Optional[pygame.Rect], size: tuple[int, int]) -> pygame.Rect:
    """The Log button, just above the log's last lines (as large as the tool buttons, for a
    label of 11 px at least); an empty rectangle where the table shows no log."""
    if log is None:
        return pygame.Rect(0, 0, 0, 0)
    base = ui.ui_size(size)
    height = max(26, int(base * 1.5))
    return pygame.Rect(log.x, log.y - height - 4, max(60, int(base * 4.2)), height)


def message_area(table: Any, size: tuple[int, int]) -> Optional[pygame.Rect]:
    """Announcements stand beside the piles, right of the discard pile and of the panel's
    words (what is to be played, the round) and above the hand at the bottom: never over the
    hand, the countdown above the pile, the panel's words, the log's lines and its button (at
    the right when memory cards take the left), or the buttons at the right edge once they
    reach that high. Where the log leaves no room right of the panel's words, they stand
    under them (the table keeps them clear). None before the table is laid out."""
    base = ui.ui_size(size)
    discard, hand = table.zones.get(DISCARD_ZONE), table.zones.get(hand_zone(table.bottom()))
    if discard is None or hand is None:
        return None
    left = discard.rect.right + base
    bottom = hand.rect.top - int(hand.card[1] * 0.12) - base * 2  # above the name plate
    right = size[0] - base
    if any(b.rect.top < bottom for b in table.buttons.buttons):
        right = size[0] - button_column_width(size) - base * 2
    log = log_area(table, size)
    if log is not None and log.top < bottom and log.right > left:
        log = log.union(log_button(log, size))
        if log.left > left:  # the log stands at the right: the messages keep left of it
            right = min(right, log.left - base)
        else:
            left = max(left, log.right + base)
    ink = table.panel_ink  # the panel's words (what is to be played, the round): right of them
    if ink is not None and ink.left < right and ink.right + base <= right - base * 10:
        left = max(left, ink.right + base)
    width = max(base * 10, right - left)
    bottom = max(base * 6, bottom)
    return pygame.Rect(left, 0, width, bottom).clip(
        pygame.Rect(0, under_the_others(table, left, width, bottom, base), size[0], size[1]))


def under_the_others(table: Any, left: int, width: int, bottom: int, base: int) -> int:
    """How high announcements may stack in the columns `left`..`left + width`: under the
    other seats' cards (hand, memory, compared card) and name plates that stand there above
    `bottom`. Older announcements that do not fit are left out; 0 where not even one fits."""
    me = table.bottom()
    column = pygame.Rect(left, 0, width, bottom)
    seats = [z.rect for z in table.zones.values() if z.owner not in (None, me)]
    seats += [s.rect for s in table.sprites.values() if not s.remove_when_done
              and getattr(table.zones.get(s.zone), "owner", None) not in (None, me)]
    seats += [plate for seat, plate in table.plates.items() if seat != me]
    tops = [r.bottom + base // 2 for r in seats if r.colliderect(column) and r.bottom < bottom]
    top = max(tops, default=0)
    return top if bottom - top >= base * 3 else 0
