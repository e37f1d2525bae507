"""Menu tiles: each game gets its own little picture, drawn by code."""
from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.art import tokens
from scenes.art.diskcache import remembered
from scenes.art.draw import mix


ART_MODULES = ("scenes.tiles", "scenes.art.tokens", "scenes.art.table", "scenes.art.draw")


@lru_cache(maxsize=32)
def tile_art(game_id: str, w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A game's tile, from the disk cache when this size was drawn before (start-up time)."""
    key = f"tile-{game_id}-{w}x{h}-{'-'.join(map(str, colour))}"
    return remembered(key, lambda: draw_tile(game_id, w, h, colour), ART_MODULES)


def draw_tile(game_id: str, w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A rounded tile with a gradient in the game's colour and an emblem of the game."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    top, bottom = mix(colour, (255, 255, 255), 0.18), mix(colour, (0, 0, 0), 0.35)
    for y in range(h):
        pygame.draw.line(surf, mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=max(8, w // 24))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    emblem = EMBLEMS.get(game_id)
    if emblem:
        emblem(surf, pygame.Rect(0, 0, w, int(h * 0.66)))
    return surf


def _finished(surf: pygame.Surface, area: pygame.Rect) -> None:
    from scenes.art.table import card_blank
    ch = int(area.height * 0.72)
    cw = int(ch * 0.68)
    for i in range(4):
        card = card_blank(cw, ch)
        surf.blit(card, card.get_rect(center=(area.centerx - cw * 0.5 + i * cw * 0.33,
                                              area.centery + 6 - i * 3)))
    try:
        from game.core.paths import resource
        frame = pygame.image.load(str(resource("flipbook", "tile.png")))
        pic = pygame.transform.smoothscale(frame, (int(cw * 0.86), int(cw * 0.86 * 0.75)))
        surf.blit(pic, pic.get_rect(center=(area.centerx - cw * 0.5 + 3 * cw * 0.33, area.centery - 6)))
    except (pygame.error, FileNotFoundError):
        pass
    d = int(area.height * 0.22)
    surf.blit(tokens.coffee_cup(d), (area.x + area.width * 0.1, area.bottom - d - 4))
    for i in range(3):
        surf.blit(tokens.sweet(int(d * 0.7), tokens.sweet_colours[i * 3]),
                  (area.right - area.width * 0.25 + i * d * 0.45, area.bottom - d + (i % 2) * 6))


def _flag(surf: pygame.Surface, area: pygame.Rect) -> None:
    from scenes.art.table import card_blank
    ch = int(area.height * 0.7)
    cw = int(ch * 0.68)
    colours = [(200, 60, 50), (230, 140, 40), (220, 190, 40), (60, 160, 80), (60, 110, 200)]
    for i, c in enumerate(colours):
        card = card_blank(cw, ch, fill=mix(c, (255, 255, 255), 0.75), border=c)
        surf.blit(card, card.get_rect(center=(area.x + area.width * 0.18 + i * cw * 0.45, area.centery + 8)))
    flag = tokens.flag_icon(int(area.height * 0.55))
    surf.blit(flag, flag.get_rect(center=(area.right - area.width * 0.2, area.centery)))


def _finito(surf: pygame.Surface, area: pygame.Rect) -> None:
    d = int(area.height * 0.26)
    for i, n in enumerate((3, 7, 12)):
        c = tokens.counter(d, tokens.SEAT_COLOURS[i], n)
        surf.blit(c, c.get_rect(center=(area.x + area.width * 0.22 + i * d * 1.1, area.centery + (i % 2) * d * 0.4)))
    die = tokens.die_d20(int(area.height * 0.5), 20)
    surf.blit(die, die.get_rect(center=(area.right - area.width * 0.22, area.centery)))


EMBLEMS = {"finished": _finished, "flag-finish": _flag, "finito": _finito}
