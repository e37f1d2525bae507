"""Finito!'s emblem on its menu tile: numbered counters and the d20.

The menu finds it by name (scenes/tiles.py: scenes.<game>.emblem, function `draw`)."""
from __future__ import annotations

import pygame

from scenes.art import tokens
from scenes.finito import tokens as finito_tokens

def draw(surf: pygame.Surface, area: pygame.Rect) -> None:
    d = int(area.height * 0.26)
    for i, n in enumerate((3, 7, 12)):
        c = finito_tokens.counter(d, tokens.SEAT_COLOURS[i], n)
        surf.blit(c, c.get_rect(center=(area.x + area.width * 0.22 + i * d * 1.1, area.centery + (i % 2) * d * 0.4)))
    die = finito_tokens.die_d20(int(area.height * 0.5), 20)
    surf.blit(die, die.get_rect(center=(area.right - area.width * 0.22, area.centery)))
