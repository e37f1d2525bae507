"""Finita's emblem on its menu tile: a fan of cards and a superpower.

The menu finds it by name (scenes/tiles.py: scenes.<game>.emblem, function `draw`)."""
from __future__ import annotations

import math

import pygame

from scenes.art import fonts
from scenes.art.draw import canvas, darken, down, lighten

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


def draw(surf: pygame.Surface, area: pygame.Rect) -> None:
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
