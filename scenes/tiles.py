"""Menu tiles: each game gets its own little picture, drawn by code."""
from __future__ import annotations

import math
import zlib
from functools import lru_cache
from typing import Optional

import pygame

from scenes import widgets as ui
from scenes.art import tokens
from scenes.finished import tokens as finished_tokens
from scenes.finito import tokens as finito_tokens
from scenes.flag_finish import tokens as flag_tokens
from scenes.art.diskcache import startup_picture
from scenes.art import fonts
from scenes.art.draw import canvas, darken, down, lighten, mix


CARD_MODULES = ("scenes.tiles", "scenes.art.tokens", "scenes.finished.tokens",
                "scenes.finito.tokens", "scenes.flag_finish.tokens", "scenes.art.table", "scenes.art.draw",
                "scenes.widgets", "scenes.art.fonts")


@lru_cache(maxsize=32)
def tile_card(game_id: str, w: int, h: int, colour: tuple[int, int, int], base: int,
              title: str, who: str, tagline: str, coming: bool = False) -> pygame.Surface:
    """The menu's whole tile: the picture with a band holding the title, the number of
    players and the tagline (and a "coming" ribbon for a game not yet playable). Kept on
    disk like the picture, since the first frame shows it; the words are part of the key, so
    an edited title or tagline draws afresh. Only the first frame's tiles go to disk, so
    resizing the window writes no files."""
    words = zlib.crc32("\n".join((title, who, tagline, "coming" if coming else "")).encode())
    key = f"card-{game_id}-{w}x{h}-{base}-{'-'.join(map(str, colour))}-{words:08x}"
    return startup_picture(key, lambda: draw_card(game_id, w, h, colour, base, title, who, tagline,
                                                  coming), CARD_MODULES, keep=16)


def draw_card(game_id: str, w: int, h: int, colour: tuple[int, int, int], base: int,
              title: str, who: str, tagline: str, coming: bool = False) -> pygame.Surface:
    card = draw_tile(game_id, w, h, colour)
    if coming:
        _coming_ribbon(card, base)
    shape = card.copy()
    shape.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # white, the tile's alpha
    # the band grows (up to half the tile) until the whole tagline fits under the title
    size = int(base * 0.76)
    lines = len(fonts.wrap_lines(tagline, w - 2 * base, size))
    step = round(fonts.font(size).get_linesize() * 1.15)
    need = int(base * 2.0) + step * (lines - 1) + fonts.font(size).get_height() + base // 3
    band_h = min(int(h * 0.5), max(int(h * 0.38), need))
    band = pygame.Rect(0, h - band_h, w, band_h)
    ui.panel(card, band, 150)
    ui.text(card, title, int(base * 1.25), (band.x + base, band.y + base // 2), bold=True,
            max_width=band.width - 2 * base)
    ui.text(card, who, int(base * 0.8), (band.right - base, band.y + base // 2 + 4), colour=ui.GOLD,
            anchor="topright")
    ui.paragraph(card, tagline, size,
                 pygame.Rect(band.x + base, band.y + int(base * 2.0), band.width - 2 * base,
                             band.bottom - band.y - int(base * 2.0)), colour=ui.DIM)
    card.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # the band keeps the tile's corners
    return card


# The tiles of the default 1280x800 window: the size the shipped tile pictures are made at.
ART_SIZE = (327, 261)


def draw_tile(game_id: str, w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A rounded tile with a gradient in the game's colour and an emblem of the game: the
    shipped picture (see `shipped_tile`) when there is one for this game, colour and size,
    else painted now. A new Surface the caller may draw on."""
    shipped = shipped_tile(game_id, w, h, colour)
    return shipped if shipped is not None else paint_tile(game_id, w, h, colour)


def shipped_tile(game_id: str, w: int, h: int, colour: tuple[int, int, int]) -> Optional[pygame.Surface]:
    """assets/tiles/<game>-<r>-<g>-<b>.png: `paint_tile` at ART_SIZE, made by
    tools/prerender.py and checked by tests/art/test_art_shipped.py. Painting the five
    emblems is most of a first start's first frame; loading them takes a few milliseconds.

    Only at ART_SIZE, the tiles of the window a first start opens (1280x800): a scaled
    picture would not be the same as one painted at that size (the emblems' parts round
    their sizes differently), and any other size is painted once and then kept in the disk
    cache. None for another size or colour, or a missing file."""
    if (w, h) != ART_SIZE:
        return None
    name = f"{game_id}-{'-'.join(str(int(c)) for c in colour)}.png"
    try:
        from game.core.paths import resource
        picture = pygame.image.load(str(resource("tiles", name)))
    except (pygame.error, FileNotFoundError, OSError):
        return None
    if picture.get_size() != ART_SIZE:
        return None
    if pygame.display.get_surface() is not None:
        picture = picture.convert_alpha()
    return picture


def paint_tile(game_id: str, w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Paint the tile: the gradient, the rounded corners and the game's emblem."""
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
    surf.blit(finished_tokens.coffee_cup(d), (area.x + area.width * 0.1, area.bottom - d - 4))
    for i in range(3):
        surf.blit(finished_tokens.sweet(int(d * 0.7), finished_tokens.sweet_colours[i * 3]),
                  (area.right - area.width * 0.25 + i * d * 0.45, area.bottom - d + (i % 2) * 6))


def _flag(surf: pygame.Surface, area: pygame.Rect) -> None:
    from scenes.art.table import card_blank
    ch = int(area.height * 0.7)
    cw = int(ch * 0.68)
    colours = [(200, 60, 50), (230, 140, 40), (220, 190, 40), (60, 160, 80), (60, 110, 200)]
    for i, c in enumerate(colours):
        card = card_blank(cw, ch, fill=mix(c, (255, 255, 255), 0.75), border=c)
        surf.blit(card, card.get_rect(center=(area.x + area.width * 0.18 + i * cw * 0.45, area.centery + 8)))
    flag = flag_tokens.flag_icon(int(area.height * 0.55))
    surf.blit(flag, flag.get_rect(center=(area.right - area.width * 0.2, area.centery)))


def _finito(surf: pygame.Surface, area: pygame.Rect) -> None:
    d = int(area.height * 0.26)
    for i, n in enumerate((3, 7, 12)):
        c = finito_tokens.counter(d, tokens.SEAT_COLOURS[i], n)
        surf.blit(c, c.get_rect(center=(area.x + area.width * 0.22 + i * d * 1.1, area.centery + (i % 2) * d * 0.4)))
    die = finito_tokens.die_d20(int(area.height * 0.5), 20)
    surf.blit(die, die.get_rect(center=(area.right - area.width * 0.22, area.centery)))


def _coming_ribbon(card: pygame.Surface, base: int) -> None:
    """A diagonal ribbon across the top right corner: this game is not playable yet."""
    w, h = card.get_size()
    size = max(8, int(base * 0.8))
    label = fonts.render_text("COMING", size, (60, 36, 8), bold=True)
    band_h = int(label.get_height() * 1.35)
    band_w = int(label.get_width() + band_h * 4)
    band = pygame.Surface((band_w, band_h), pygame.SRCALPHA)
    band.fill((244, 196, 84, 255))
    pygame.draw.line(band, (255, 232, 160), (0, 1), (band_w, 1), max(1, band_h // 12))
    pygame.draw.line(band, (150, 96, 30), (0, band_h - 2), (band_w, band_h - 2), max(1, band_h // 12))
    band.blit(label, label.get_rect(center=(band_w // 2, band_h // 2)))
    turned = pygame.transform.rotozoom(band, -38, 1)
    reach = int(band_h * 2.6)
    card.blit(turned, turned.get_rect(center=(w - reach, reach)))
    clip = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), (0, 0, w, h), border_radius=max(8, w // 24))
    card.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _rotated_card(face: pygame.Surface, angle: float) -> pygame.Surface:
    return pygame.transform.rotozoom(face, angle, 1)


def _number_card(cw: int, ch: int, colour: tuple[int, int, int], mark: str) -> pygame.Surface:
    """A Finita card: the colour's frame, a tilted oval and a big number or symbol."""
    from scenes.art.table import card_blank
    card = card_blank(cw, ch, fill=lighten(colour, 0.82), border=darken(colour, 0.2)).copy()
    k = 4
    art = canvas(cw * k, ch * k, colour)
    inset = int(cw * k * 0.12)
    pygame.draw.rect(art, (*colour, 255), (inset, inset, cw * k - 2 * inset, ch * k - 2 * inset),
                     border_radius=int(cw * k * 0.08))
    oval = pygame.Surface((int(cw * k * 0.7), int(ch * k * 0.5)), pygame.SRCALPHA)
    pygame.draw.ellipse(oval, (250, 247, 240, 255), oval.get_rect())
    oval = pygame.transform.rotate(oval, 28)
    art.blit(oval, oval.get_rect(center=(cw * k // 2, ch * k // 2)))
    if mark == "skip":
        r = int(cw * k * 0.17)
        c = (cw * k // 2, ch * k // 2)
        pygame.draw.circle(art, (*colour, 255), c, r, max(2, r // 4))
        d = r * 0.7
        pygame.draw.line(art, (*colour, 255), (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), max(2, r // 4))
    card.blit(down(art, (cw, ch)), (0, 0))
    if mark != "skip":
        digits = fonts.render_text(mark, max(8, int(ch * 0.34)), darken(colour, 0.15), display=True)
        card.blit(digits, digits.get_rect(center=(cw // 2, ch // 2)))
        corner = fonts.render_text(mark, max(6, int(ch * 0.13)), (250, 247, 240), bold=True)
        card.blit(corner, corner.get_rect(center=(int(cw * 0.2), int(ch * 0.12))))
    return card


def _hero_card(cw: int, ch: int) -> pygame.Surface:
    """A superpower card: night-purple, a gold burst and a caped figure leaping through it."""
    from scenes.art.table import card_blank
    card = card_blank(cw, ch, fill=(58, 34, 96), border=(214, 170, 70)).copy()
    k = 4
    W, H = cw * k, ch * k
    art = canvas(W, H, (240, 196, 80))
    cx, cy = W * 0.5, H * 0.46
    rays = 14
    for i in range(rays):
        a0 = 2 * math.pi * i / rays
        a1 = a0 + math.pi / rays
        far = W * 0.62
        pygame.draw.polygon(art, (120, 80, 170, 255), [(cx, cy), (cx + far * math.cos(a0), cy + far * math.sin(a0)),
                                                       (cx + far * math.cos(a1), cy + far * math.sin(a1))])
    points = []
    for i in range(16):
        r = W * (0.34 if i % 2 == 0 else 0.2)
        a = -math.pi / 2 + math.pi * i / 8
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(art, (246, 204, 90, 255), points)
    # the hero: cape, body, raised fist, head
    u = W * 0.062
    pygame.draw.polygon(art, (214, 52, 60, 255), [(cx - u * 0.6, cy - u * 1.2), (cx - u * 4.2, cy + u * 1.4),
                                                  (cx - u * 2.2, cy + u * 3.0), (cx + u * 0.4, cy + u * 0.2)])
    pygame.draw.line(art, (40, 60, 140, 255), (cx - u * 0.4, cy - u * 1.0), (cx + u * 1.4, cy + u * 2.2), int(u * 1.4))
    pygame.draw.line(art, (40, 60, 140, 255), (cx + u * 1.2, cy + u * 2.0), (cx + u * 0.6, cy + u * 4.0), int(u * 0.9))
    pygame.draw.line(art, (40, 60, 140, 255), (cx + u * 1.2, cy + u * 2.0), (cx + u * 2.6, cy + u * 3.6), int(u * 0.9))
    pygame.draw.line(art, (40, 60, 140, 255), (cx - u * 0.2, cy - u * 0.6), (cx + u * 1.6, cy - u * 3.0), int(u * 0.8))
    pygame.draw.circle(art, (250, 214, 180, 255), (cx + u * 1.8, cy - u * 3.2), u * 0.7)
    pygame.draw.circle(art, (250, 214, 180, 255), (cx - u * 0.9, cy - u * 2.0), u * 0.95)
    inset = int(W * 0.07)
    clip = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), (inset, inset, W - 2 * inset, H - 2 * inset),
                     border_radius=int(W * 0.08))
    art.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    card.blit(down(art, (cw, ch)), (0, 0))
    word = fonts.fit_text("POWER", int(cw * 0.8), max(6, int(ch * 0.12)), (246, 204, 90), bold=True)
    card.blit(word, word.get_rect(midbottom=(cw // 2, int(ch * 0.93))))
    return card


def _finita(surf: pygame.Surface, area: pygame.Rect) -> None:
    """A fanned hand of coloured cards with a superpower card on top."""
    ch = int(area.height * 0.74)
    cw = int(ch * 0.66)
    hand = [((214, 62, 56), "7"), ((232, 176, 40), "0"), ((56, 150, 84), "skip"), ((52, 104, 196), "10")]
    pivot = (area.centerx - area.width * 0.12, area.bottom + ch * 0.12)
    for i, (colour, mark) in enumerate(hand):
        angle = 26 - i * 14
        card = _rotated_card(_number_card(cw, ch, colour, mark), angle)
        a = math.radians(-angle)
        reach = ch * 0.78
        centre = (pivot[0] + reach * math.sin(a), pivot[1] - reach * math.cos(a))
        surf.blit(card, card.get_rect(center=centre))
    hero = _rotated_card(_hero_card(cw, ch), -12)
    surf.blit(hero, hero.get_rect(center=(area.right - area.width * 0.27, area.centery + area.height * 0.04)))


def _ball(d: int) -> pygame.Surface:
    """A leather football: white panels, black pentagons, a soft shade and a shine."""
    k = 4
    D = d * k
    art = canvas(D, D, (40, 40, 40))
    c, r = D / 2, D / 2 - k
    pygame.draw.circle(art, (246, 246, 242, 255), (c, c), r)
    pent = lambda x, y, s: [(x + s * math.cos(math.radians(-90 + 72 * i)),
                             y + s * math.sin(math.radians(-90 + 72 * i))) for i in range(5)]
    pygame.draw.polygon(art, (28, 28, 32, 255), pent(c, c, r * 0.32))
    for i in range(5):
        a = math.radians(-90 + 72 * i + 36)
        x, y = c + r * 0.82 * math.cos(a), c + r * 0.82 * math.sin(a)
        pygame.draw.polygon(art, (28, 28, 32, 255), pent(x, y, r * 0.28))
        inner = (c + r * 0.32 * math.cos(a), c + r * 0.32 * math.sin(a))
        pygame.draw.line(art, (60, 60, 64, 255), inner, (c + r * 0.6 * math.cos(a), c + r * 0.6 * math.sin(a)),
                         max(1, k))
    shade = canvas(D, D)
    pygame.draw.circle(shade, (0, 0, 0, 70), (c + r * 0.28, c + r * 0.3), r * 0.95)
    hole = canvas(D, D)
    pygame.draw.circle(hole, (255, 255, 255, 255), (c - r * 0.12, c - r * 0.14), r * 0.9)
    shade.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    art.blit(shade, (0, 0))
    ring = canvas(D, D)
    pygame.draw.circle(ring, (255, 255, 255, 255), (c, c), r)
    art.blit(ring, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(art, (30, 30, 34, 255), (c, c), r, max(1, k))
    return down(art, (d, d))


def _finale(surf: pygame.Surface, area: pygame.Rect) -> None:
    """A striped football pitch seen from above, its lines and goals, and a ball in front."""
    k = 2
    pw, ph = int(area.width * 0.7), int(area.height * 0.68)
    W, H = pw * k, ph * k
    pitch = canvas(W, H, (40, 110, 50))
    stripes = 10
    for i in range(stripes):
        shade = (62, 140, 66) if i % 2 == 0 else (52, 124, 58)
        pygame.draw.rect(pitch, (*shade, 255), (i * W / stripes, 0, W / stripes + 1, H))
    line = (240, 244, 236, 255)
    lw = max(2, int(W * 0.008))
    m = int(W * 0.05)
    field = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
    pygame.draw.rect(pitch, line, field, lw)
    pygame.draw.line(pitch, line, (field.centerx, field.top), (field.centerx, field.bottom), lw)
    pygame.draw.circle(pitch, line, field.center, field.height * 0.2, lw)
    pygame.draw.circle(pitch, line, field.center, lw * 1.2)
    box_w, box_h = field.width * 0.14, field.height * 0.5
    small_w, small_h = field.width * 0.05, field.height * 0.24
    for side in (0, 1):
        x = field.left if side == 0 else field.right - box_w
        pygame.draw.rect(pitch, line, (x, field.centery - box_h / 2, box_w, box_h), lw)
        x = field.left if side == 0 else field.right - small_w
        pygame.draw.rect(pitch, line, (x, field.centery - small_h / 2, small_w, small_h), lw)
        spot = field.left + field.width * 0.1 if side == 0 else field.right - field.width * 0.1
        pygame.draw.circle(pitch, line, (spot, field.centery), lw * 1.1)
        gx = field.left - m * 0.8 if side == 0 else field.right
        goal = pygame.Rect(gx, field.centery - field.height * 0.09, m * 0.8, field.height * 0.18)
        pygame.draw.rect(pitch, (230, 232, 228, 255), goal, lw)
        for j in range(1, 4):
            y = goal.top + goal.height * j / 4
            pygame.draw.line(pitch, (200, 204, 200, 255), (goal.left, y), (goal.right, y), max(1, lw // 2))
    clip = canvas(W, H)
    pygame.draw.rect(clip, (255, 255, 255, 255), (0, 0, W, H), border_radius=int(W * 0.04))
    pitch.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    image = down(pitch, (pw, ph))
    shadow = pygame.Surface((pw, ph), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=int(pw * 0.04))
    at = image.get_rect(center=(area.centerx - int(area.width * 0.05), area.centery + int(area.height * 0.04)))
    surf.blit(shadow, at.move(int(pw * 0.015), int(ph * 0.03)))
    surf.blit(image, at)
    d = int(area.height * 0.34)
    ball = _ball(d)
    spot = (at.right - int(pw * 0.1), at.bottom - int(d * 0.25))
    glow = pygame.Surface((d, d // 3), pygame.SRCALPHA)
    pygame.draw.ellipse(glow, (0, 0, 0, 80), glow.get_rect())
    surf.blit(glow, glow.get_rect(center=(spot[0] + d * 0.08, spot[1] + d * 0.45)))
    surf.blit(ball, ball.get_rect(center=spot))


EMBLEMS = {"finished": _finished, "flag-finish": _flag, "finito": _finito, "finita": _finita,
           "finale": _finale}
