"""Flag Finish card faces, drawn by code at any size: numbered racing cards, checkered flags,
and the faint placeholder of the next card a row needs.

A numbered card is tinted its colour all over, with its number large in the top-left and
bottom-right corners and in a cream oval in the middle. The colour's shape (game data) sits
under each corner number, always; with the colour-blind setting it grows, and a large shape
fills the oval behind the number. The top-left corner stays readable when the cards overlap
in rows, fans and the discard spread.
"""
from __future__ import annotations

from typing import Optional

import pygame

from game.flag_finish.data import colour_of, flag_data, is_flag, number_of
from game.flag_finish.view import NEED_FLAG
from scenes.art import fonts
from scenes.art._cache import cached
from scenes.flag_finish import tokens
from scenes.art.draw import (apply_mask, canvas, darken, down, finish, ink_for, lighten, mix,
                             rounded_mask, scale_for, vgradient)
from scenes.art.table import card_radius, zone_outline

CREAM = (252, 248, 236)
CHARCOAL = (40, 40, 46)
WHITE = (252, 250, 245)


def card_rgb(card: str) -> tuple[int, int, int]:
    """The tint of a card (charcoal for a flag)."""
    colour = colour_of(card)
    if colour is None:
        return CHARCOAL
    for c in flag_data().colours:
        if c.id == colour:
            return c.rgb
    return (120, 120, 120)


def shape_of(card: str) -> Optional[str]:
    """The colour-blind shape of a card (None for a flag)."""
    colour = colour_of(card)
    return None if colour is None else flag_data().shape_of(colour)


def card_name(card: str) -> str:
    """How a card reads for people: ``Red 4 (circle)`` or ``Checkered flag``."""
    if is_flag(card):
        return "Checkered flag"
    return f"{str(colour_of(card)).capitalize()} {number_of(card)} ({shape_of(card)})"


def _body(W: int, H: int, R: int, top, middle, bottom, border, bw: int) -> pygame.Surface:
    surf = canvas(W, H, border)
    pygame.draw.rect(surf, (*border, 255), (0, 0, W, H), border_radius=R)
    paper = vgradient(W - 2 * bw, H - 2 * bw, [(0.0, top), (0.5, middle), (1.0, bottom)])
    apply_mask(paper, rounded_mask(W - 2 * bw, H - 2 * bw, max(0, R - bw)))
    surf.blit(paper, (bw, bw))
    return surf


def _speed_lines(surf: pygame.Surface, colour, W: int, H: int, alpha: int) -> None:
    """Two slanted racing stripes across the card, clipped to the card by the caller."""
    lines = canvas(W, H, colour)
    for offset, width in ((0.18, 0.05), (0.27, 0.022)):
        x0 = W * offset
        pts = [(x0, H), (x0 + W * width, H), (x0 + W * width + W * 0.9, 0), (x0 + W * 0.9, 0)]
        pygame.draw.polygon(lines, (*colour, alpha), pts)
    surf.blit(lines, (0, 0))


def _text(text: str, size: int, colour, max_width: Optional[int] = None) -> pygame.Surface:
    image = fonts.render_text(text, max(6, size), colour, display=True)
    if max_width and image.get_width() > max_width:
        image = pygame.transform.smoothscale(image, (max_width, image.get_height()))
    return image


def _corner(surf: pygame.Surface, label: str, shape: Optional[str], ink, shadow, W: int, H: int,
            big_shapes: bool) -> None:
    """The corner index (number and shape), top-left and, turned, bottom-right."""
    size = round(H * 0.215)
    box = canvas(round(W * 0.4), round(H * 0.42), ink)
    number = _text(label, size, ink, max_width=round(W * 0.36))
    under = _text(label, size, shadow, max_width=round(W * 0.36)).copy()
    under.set_alpha(150)
    spot = number.get_rect(midtop=(box.get_width() // 2, 0))
    box.blit(under, spot.move(max(1, W // 110), max(1, W // 110)))
    box.blit(number, spot)
    if shape:
        d = round(W * (0.2 if big_shapes else 0.13))
        icon = tokens.shape_icon(shape, d, WHITE)
        box.blit(icon, icon.get_rect(midtop=(box.get_width() // 2, round(size * 0.98))))
    x, y = round(W * 0.015), round(H * 0.035)
    surf.blit(box, (x, y))
    surf.blit(pygame.transform.rotate(box, 180), (W - x - box.get_width(), H - y - box.get_height()))


@cached(maxsize=512, stand_in=("w", "h"))
def card_face(card: str, w: int, h: int, colour_blind: bool = False) -> pygame.Surface:
    """The face of `card` at w x h pixels."""
    if is_flag(card):
        return flag_face(w, h)
    w, h = max(8, int(w)), max(12, int(h))
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = card_radius(w, h) * k
    rgb = card_rgb(card)
    shape = shape_of(card)
    number = str(number_of(card))
    surf = _body(W, H, R, lighten(rgb, 0.2), rgb, darken(rgb, 0.2), darken(rgb, 0.55),
                 max(k, round(min(W, H) * 0.014)))
    stripes = canvas(W, H)
    _speed_lines(stripes, lighten(rgb, 0.45), W, H, 46)
    apply_mask(stripes, rounded_mask(W, H, R))
    surf.blit(stripes, (0, 0))
    # the cream oval with the big number
    oval = pygame.Rect(0, 0, round(W * 0.62), round(H * 0.5))
    oval.center = (W // 2, H // 2)
    pygame.draw.ellipse(surf, (*darken(rgb, 0.35), 255), oval.inflate(k * 3, k * 3))
    pygame.draw.ellipse(surf, (*CREAM, 255), oval)
    deep = darken(rgb, 0.45 if ink_for(rgb)[0] < 128 else 0.3)
    if colour_blind and shape:
        mark = tokens.shape_icon(shape, round(oval.height * 0.86), mix(rgb, CREAM, 0.55),
                                 outline=False)
        surf.blit(mark, mark.get_rect(center=oval.center))
    size = round(H * (0.36 if len(number) == 1 else 0.3))
    shade = _text(number, size, mix(deep, CREAM, 0.6), max_width=round(oval.width * 0.9))
    big = _text(number, size, deep, max_width=round(oval.width * 0.9))
    spot = big.get_rect(center=(oval.centerx, oval.centery + round(size * 0.03)))
    surf.blit(shade, spot.move(k * 2, k * 2))
    surf.blit(big, spot)
    ink = ink_for(rgb)
    _corner(surf, number, shape, ink, darken(rgb, 0.6) if ink[0] > 128 else lighten(rgb, 0.5),
            W, H, colour_blind)
    return finish(down(surf, (w, h)))


@cached(maxsize=64, stand_in=("w", "h"))
def flag_face(w: int, h: int) -> pygame.Surface:
    """A checkered flag card: checkered bands, a flag on a cream panel, flags in the corners."""
    w, h = max(8, int(w)), max(12, int(h))
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = card_radius(w, h) * k
    surf = _body(W, H, R, (70, 70, 78), CHARCOAL, (22, 22, 26), (12, 12, 14),
                 max(k, round(min(W, H) * 0.014)))
    checks = canvas(W, H)
    cell = W / 9
    for band_y in (H * 0.26, H * 0.74 - cell * 2):
        for row in range(2):
            for col in range(9):
                if (row + col) % 2 == 0:
                    pygame.draw.rect(checks, (*WHITE, 235), (col * cell, band_y + row * cell,
                                                             cell + 1, cell + 1))
    apply_mask(checks, rounded_mask(W, H, R))
    surf.blit(checks, (0, 0))
    panel = pygame.Rect(0, 0, round(W * 0.7), round(H * 0.44))
    panel.center = (W // 2, H // 2)
    pygame.draw.rect(surf, (*(200, 160, 60), 255), panel.inflate(k * 4, k * 4),
                     border_radius=round(W * 0.08))
    pygame.draw.rect(surf, (*CREAM, 255), panel, border_radius=round(W * 0.07))
    d = round(min(panel.width, panel.height) * 0.95)
    icon = tokens.flag_icon(d)
    surf.blit(icon, icon.get_rect(center=(panel.centerx + d * 0.04, panel.centery)))
    chip = canvas(round(W * 0.34), round(W * 0.34), CREAM)
    pygame.draw.rect(chip, (*CREAM, 255), chip.get_rect(), border_radius=round(W * 0.07))
    mini = tokens.flag_icon(round(W * 0.3))
    chip.blit(mini, mini.get_rect(center=chip.get_rect().center))
    x, y = round(W * 0.04), round(H * 0.035)
    surf.blit(chip, (x, y))
    surf.blit(pygame.transform.rotate(chip, 180), (W - x - chip.get_width(), H - y - chip.get_height()))
    return finish(down(surf, (w, h)))


@cached(maxsize=64)
def placeholder(need: str, w: int, h: int) -> pygame.Surface:
    """The faint outline of the card a row needs next: its number, or a small flag.

    The sign sits right of the middle: in a row the card before overlaps the left half."""
    w, h = max(8, int(w)), max(12, int(h))
    surf = zone_outline(w, h, "").copy()
    spot = (round(w * 0.74), h // 2)
    if need == NEED_FLAG:
        icon = tokens.flag_icon(round(w * 0.5)).copy()
        icon.set_alpha(130)
        surf.blit(icon, icon.get_rect(center=spot))
    else:
        image = fonts.render_text(need, round(h * 0.3), (240, 235, 220), display=True).copy()
        if image.get_width() > w * 0.46:
            image = pygame.transform.smoothscale(image, (round(w * 0.46), image.get_height()))
        image.set_alpha(130)
        surf.blit(image, image.get_rect(center=spot))
    return finish(surf)

