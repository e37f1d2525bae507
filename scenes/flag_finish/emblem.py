"""Flag Finish's emblem on its menu tile: a rainbow of cards and the checkered flag.

The menu finds it by name (scenes/tiles.py: scenes.<game>.emblem, function `draw`)."""
from __future__ import annotations

import pygame

from scenes.art.draw import mix
from scenes.flag_finish import tokens as flag_tokens

def draw(surf: pygame.Surface, area: pygame.Rect) -> None:
    from scenes.art.table import card_blank
    ch = int(area.height * 0.7)
    cw = int(ch * 0.68)
    colours = [(200, 60, 50), (230, 140, 40), (220, 190, 40), (60, 160, 80), (60, 110, 200)]
    for i, c in enumerate(colours):
        card = card_blank(cw, ch, fill=mix(c, (255, 255, 255), 0.75), border=c)
        surf.blit(card, card.get_rect(center=(area.x + area.width * 0.18 + i * cw * 0.45, area.centery + 8)))
    flag = flag_tokens.flag_icon(int(area.height * 0.55))
    surf.blit(flag, flag.get_rect(center=(area.right - area.width * 0.2, area.centery)))
