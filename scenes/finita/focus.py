"""A keyboard focus over the buttons of the Finita chooser: Tab and Shift+Tab go round the
buttons that may be pressed, the arrow keys go to the nearest one that way, and Enter or
Space presses the one with the ring. Until a key moves it nothing has the focus, so Enter
keeps its meaning at the table (the hinted move)."""
from __future__ import annotations

from typing import Optional, Sequence

import pygame

from scenes import widgets as ui

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def pressable(buttons: Sequence[ui.Button]) -> list[ui.Button]:
    return [b for b in buttons if b.enabled and b.rect.width]


class Focus:
    """Which of a row of buttons the keyboard is on (None: none yet)."""

    def __init__(self) -> None:
        self.on: Optional[ui.Button] = None

    def put(self, button: Optional[ui.Button], buttons: Sequence[ui.Button]) -> None:
        self.on = button
        for b in buttons:
            b.focused = b is button

    def drop(self, buttons: Sequence[ui.Button]) -> None:
        self.put(None, buttons)

    def handle(self, event: pygame.event.Event, buttons: Sequence[ui.Button]) -> bool:
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        items = pressable(buttons)
        if not items:
            return False
        here = self.on if self.on in items else None
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            if here is None:
                self.put(items[0] if step > 0 else items[-1], buttons)
            else:
                self.put(items[(items.index(here) + step) % len(items)], buttons)
            return True
        if event.key in ARROWS:
            self.put(items[0] if here is None else nearest(here, items, ARROWS[event.key]),
                     buttons)
            return True
        if event.key in PRESS and here is not None:
            here.action()
            return True
        return False

    def keys_to(self, target: ui.Button, buttons: Sequence[ui.Button]) -> Optional[list[int]]:
        """The keys that bring the focus to `target` by Tab and press it (None: it cannot
        be pressed now)."""
        items = pressable(buttons)
        if target not in items:
            return None
        goal = items.index(target)
        tabs = goal + 1 if self.on not in items else (goal - items.index(self.on)) % len(items)
        return [pygame.K_TAB] * tabs + [pygame.K_RETURN]


def nearest(here: ui.Button, items: list[ui.Button], way: tuple[int, int]) -> ui.Button:
    """The button nearest to `here` in the direction `way` (here itself if none lies that
    way): straight on counts, going sideways counts double."""
    hx, hy = here.rect.center
    best, score = here, None
    for b in items:
        dx, dy = b.rect.centerx - hx, b.rect.centery - hy
        ahead = dx * way[0] + dy * way[1]
        if b is here or ahead <= 0:
            continue
        aside = abs(dx * way[1]) + abs(dy * way[0])
        if score is None or ahead + 2 * aside < score:
            best, score = b, ahead + 2 * aside
    return best
