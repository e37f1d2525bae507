"""Seeing the keyboard's focus in a drawn frame: a ring of ui.FOCUS around a control."""
from __future__ import annotations

import pygame

from scenes import widgets as ui


def ring_sides(surface, rect):
    """How many of the four sides of `rect` have the focus colour just outside their middle
    half: 4 for a ring around it (a neighbour's ring can only reach the side facing it)."""
    w, h = rect.width, rect.height
    strips = [pygame.Rect(rect.x - 9, rect.centery - h // 4, 9, h // 2),
              pygame.Rect(rect.right, rect.centery - h // 4, 9, h // 2),
              pygame.Rect(rect.centerx - w // 4, rect.y - 9, w // 2, 9),
              pygame.Rect(rect.centerx - w // 4, rect.bottom, w // 2, 9)]
    sides = 0
    for strip in strips:
        strip = strip.clip(surface.get_rect())
        mask = pygame.mask.from_threshold(surface.subsurface(strip), ui.FOCUS, (6, 6, 6, 255))
        sides += mask.count() >= min(strip.width, strip.height) * 2
    return sides
