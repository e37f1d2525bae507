"""Finished!'s emblem on its menu tile: the flip-book's cards, a coffee and sweets.

The menu finds it by name (scenes/tiles.py: scenes.<game>.emblem, function `draw`)."""
from __future__ import annotations

import pygame

from scenes.finished import tokens as finished_tokens

def draw(surf: pygame.Surface, area: pygame.Rect) -> None:
    from scenes.art.table import card_blank
    ch = int(area.height * 0.72)
    cw = int(ch * 0.68)
    for i in range(4):
        card = card_blank(cw, ch)
        surf.blit(card, card.get_rect(center=(area.centerx - cw * 0.5 + i * cw * 0.33,
                                              area.centery + 6 - i * 3)))
    try:
        from scenes.finished.art import flipbook_picture
        frame = flipbook_picture("tile.png")
        pic = pygame.transform.smoothscale(frame, (int(cw * 0.86), int(cw * 0.86 * 0.75)))
        surf.blit(pic, pic.get_rect(center=(area.centerx - cw * 0.5 + 3 * cw * 0.33, area.centery - 6)))
    except (pygame.error, FileNotFoundError):
        pass
    d = int(area.height * 0.22)
    surf.blit(finished_tokens.coffee_cup(d), (area.x + area.width * 0.1, area.bottom - d - 4))
    for i in range(3):
        surf.blit(finished_tokens.sweet(int(d * 0.7), finished_tokens.sweet_colours[i * 3]),
                  (area.right - area.width * 0.25 + i * d * 0.45, area.bottom - d + (i % 2) * 6))
