"""Menu tiles: each game gets its own little picture, drawn by code."""
from __future__ import annotations

import zlib
from functools import lru_cache

import pygame

from scenes import widgets as ui
from scenes.art import tokens
from scenes.art.diskcache import startup_picture
from scenes.art.draw import mix


CARD_MODULES = ("scenes.tiles", "scenes.art.tokens", "scenes.art.table", "scenes.art.draw",
                "scenes.widgets", "scenes.art.fonts")


@lru_cache(maxsize=32)
def tile_card(game_id: str, w: int, h: int, colour: tuple[int, int, int], base: int,
              title: str, who: str, tagline: str) -> pygame.Surface:
    """The menu's whole tile: the picture with a band holding the title, the number of
    players and the tagline. Kept on disk like the picture, since the first frame shows it;
    the words are part of the key, so an edited title or tagline draws afresh. Only the
    first frame's tiles go to disk, so resizing the window writes no files."""
    words = zlib.crc32("\n".join((title, who, tagline)).encode())
    key = f"card-{game_id}-{w}x{h}-{base}-{'-'.join(map(str, colour))}-{words:08x}"
    return startup_picture(key, lambda: draw_card(game_id, w, h, colour, base, title, who, tagline),
                           CARD_MODULES, keep=16)


def draw_card(game_id: str, w: int, h: int, colour: tuple[int, int, int], base: int,
              title: str, who: str, tagline: str) -> pygame.Surface:
    card = draw_tile(game_id, w, h, colour)
    shape = card.copy()
    shape.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # white, the tile's alpha
    band = pygame.Rect(0, h - int(h * 0.38), w, int(h * 0.38))
    ui.panel(card, band, 150)
    ui.text(card, title, int(base * 1.25), (band.x + base, band.y + base // 2), bold=True,
            max_width=band.width - 2 * base)
    ui.text(card, who, int(base * 0.8), (band.right - base, band.y + base // 2 + 4), colour=ui.GOLD,
            anchor="topright")
    ui.paragraph(card, tagline, int(base * 0.76),
                 pygame.Rect(band.x + base, band.y + int(base * 2.0), band.width - 2 * base,
                             band.bottom - band.y - int(base * 2.0)), colour=ui.DIM)
    card.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # the band keeps the tile's corners
    return card


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
