"""Finale's colours and small pieces, drawn by code for art.py: the player symbol of each line,
the three card symbols (red cross, yellow card, red card), the ball, stamped type.

The drawing functions work at whatever resolution they are given: art.py hands them its
supersampled canvas, so plain pygame primitives come out smooth once it is scaled down.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import pygame

from game.finale.data import ANY, DEFENCE, GOALIE, MIDFIELD, STRIKER, finale_data
from scenes.art import fonts
from scenes.art._cache import cached
from scenes.art.draw import canvas, darken, lighten, mix
from scenes.finale.emblem import _ball

Colour = Sequence[int]

INK = (28, 26, 32)  # type and hairlines
PAPER = (251, 248, 238)  # the printed white of a card
EDGE = (24, 22, 28)  # the dark hairline round every card
GOALIE_GREY = (150, 156, 164)
GRASS = (58, 128, 62)
GRASS_DARK = (46, 108, 52)
CHALK = (244, 246, 238)
YELLOW = (250, 206, 40)
RED = (214, 36, 40)
AMBER = (247, 160, 38)  # the "!" chip
CRIMSON = (196, 30, 58)  # the "!!" chip
READABLE = 11 * 0.72  # `text` size (capitals' height) of 11 px type, the smallest that reads
WORDS = {GOALIE: "Goalie", DEFENCE: "Defence", MIDFIELD: "Midfield", STRIKER: "Striker", ANY: "Any"}
LETTERS = {GOALIE: "G", DEFENCE: "D", MIDFIELD: "M", STRIKER: "S"}


def _c(colour: Colour, alpha: int = 255) -> tuple[int, int, int, int]:
    return (int(colour[0]), int(colour[1]), int(colour[2]), alpha)


@lru_cache(maxsize=1)
def _line_colours() -> dict[str, tuple[int, int, int]]:
    found = {GOALIE: GOALIE_GREY}
    for c in finale_data().colours:
        if c.line:
            found[c.line] = c.rgb
    return found


def line_rgb(line: str) -> tuple[int, int, int]:
    """The colour of a line of players: goalie grey, defence yellow, midfield blue, striker red;
    white for the "?" slot."""
    if line == ANY:
        return CHALK
    return _line_colours()[line]


def tactics_rgb(colour: str) -> tuple[int, int, int]:
    """The printed colour of a tactics colour (white, lilac, red, yellow, blue)."""
    for c in finale_data().colours:
        if c.id == colour:
            return c.rgb
    raise ValueError(f"{colour!r} is not a tactics colour")


# ---------------------------------------------------------------- type

def trimmed(img: pygame.Surface) -> pygame.Surface:
    """The picture cut to its visible pixels (rendered type carries empty space round it)."""
    box = img.get_bounding_rect(min_alpha=8)
    if box.w == 0 or box.h == 0:
        return img
    return img.subsurface(box).copy()


def outlined(img: pygame.Surface, n: float, ink: Colour = INK) -> pygame.Surface:
    """The picture with a rim of n pixels in `ink` round it (type on a busy background)."""
    n = max(0, round(n))
    if not n:
        return img
    sil = img.copy()
    sil.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    sil.fill((int(ink[0]), int(ink[1]), int(ink[2]), 0), special_flags=pygame.BLEND_RGBA_ADD)
    out = canvas(img.get_width() + 2 * n, img.get_height() + 2 * n, ink)
    steps = max(8, int(2 * math.pi * n / 1.5))
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(sil, (n + round(n * math.cos(a)), n + round(n * math.sin(a))))
    out.blit(img, (n, n))
    return out

def text(words: str, size: float, colour: Colour, max_w: float = 0, bold: bool = False,
         display: bool = True) -> pygame.Surface:
    """Type cut to its ink, capitals about `size` pixels tall, squeezed to max_w if wider."""
    f = fonts.font(max(6, round(size / 0.72)), bold=bold, display=display)
    img = trimmed(f.render(words, True, colour[:3]))
    if max_w and img.get_width() > max_w:
        img = pygame.transform.smoothscale(img, (max(1, int(max_w)), img.get_height()))
    return img


# ---------------------------------------------------------------- the ball

def ball_art(d: float) -> pygame.Surface:
    """The emblem's leather ball, d pixels across (d at least 4); shared, never drawn on."""
    return _ball_of(max(4, round(d)))


@cached(maxsize=64)
def _ball_of(d: int) -> pygame.Surface:
    return _ball(d)


# ---------------------------------------------------------------- player symbols

def pawn(surf: pygame.Surface, line: str, cx: float, cy: float, size: float,
         outline: Colour = INK) -> None:
    """A little player of `line` standing at (cx, cy), `size` tall: a head over a shirt in the
    line's colour. The "?" slot is a white question mark in a ring instead."""
    s = size
    o = max(1.0, s * 0.07)
    if line == ANY:
        pygame.draw.circle(surf, _c(outline), (cx, cy), s * 0.5)
        pygame.draw.circle(surf, _c(mix(GRASS_DARK, INK, 0.35)), (cx, cy), s * 0.5 - o)
        mark = text("?", s * 0.62, CHALK)
        surf.blit(mark, mark.get_rect(center=(round(cx), round(cy))))
        return
    rgb = line_rgb(line)
    body = pygame.Rect(0, 0, s * 0.84, s * 0.56)
    body.midbottom = (round(cx), round(cy + s * 0.5))
    head_c, head_r = (cx, cy - s * 0.2), s * 0.22
    pygame.draw.rect(surf, _c(outline), body.inflate(2 * o, 2 * o),
                     border_top_left_radius=round(s * 0.3), border_top_right_radius=round(s * 0.3),
                     border_bottom_left_radius=round(s * 0.08), border_bottom_right_radius=round(s * 0.08))
    pygame.draw.circle(surf, _c(outline), head_c, head_r + o)
    pygame.draw.rect(surf, _c(rgb), body, border_top_left_radius=round(s * 0.28),
                     border_top_right_radius=round(s * 0.28), border_bottom_left_radius=round(s * 0.06),
                     border_bottom_right_radius=round(s * 0.06))
    pygame.draw.rect(surf, _c(lighten(rgb, 0.3)), (body.x + body.w * 0.18, body.y + o, body.w * 0.64, body.h * 0.22),
                     border_radius=round(s * 0.08))
    pygame.draw.circle(surf, _c((238, 200, 160)), head_c, head_r)
    if line == GOALIE:  # gloves up: a keeper reads at a glance
        for side in (-1, 1):
            pygame.draw.circle(surf, _c(outline), (cx + side * s * 0.44, cy - s * 0.06), s * 0.13 + o)
            pygame.draw.circle(surf, _c(CHALK), (cx + side * s * 0.44, cy - s * 0.06), s * 0.13)


# ---------------------------------------------------------------- the symbols

def referee_card(w: float, h: float, rgb: Colour, angle: float = 0) -> pygame.Surface:
    """A referee's card w x h in `rgb` with a dark edge and a sheen, turned `angle` degrees."""
    W, H = max(3, round(w)), max(4, round(h))
    surf = canvas(W, H, EDGE)
    r = max(1, round(min(W, H) * 0.16))
    pygame.draw.rect(surf, _c(EDGE), (0, 0, W, H), border_radius=r)
    e = max(1, round(min(W, H) * 0.1))
    pygame.draw.rect(surf, _c(rgb), (e, e, W - 2 * e, H - 2 * e), border_radius=max(1, r - e))
    pygame.draw.polygon(surf, _c(lighten(rgb, 0.35)), [(e, e), (W * 0.62, e), (e, H * 0.5)])
    if angle:
        surf = pygame.transform.rotate(surf, angle)
    return surf


def red_cross_art(d: float) -> pygame.Surface:
    """The injury mark: a red cross on a white disc with a dark ring, d across."""
    D = max(4, round(d))
    surf = canvas(D, D, EDGE)
    c = D / 2
    pygame.draw.circle(surf, _c(EDGE), (c, c), D / 2)
    pygame.draw.circle(surf, _c(PAPER), (c, c), D / 2 - max(1, D * 0.08))
    arm, thick = D * 0.3, D * 0.2
    pygame.draw.rect(surf, _c(RED), (c - thick / 2, c - arm, thick, 2 * arm))
    pygame.draw.rect(surf, _c(RED), (c - arm, c - thick / 2, 2 * arm, thick))
    return surf


def symbol_art(symbol: str, d: float) -> pygame.Surface:
    """A card symbol about d pixels tall: red_cross, yellow_card or red_card."""
    if symbol == "red_cross":
        return red_cross_art(d)
    rgb = YELLOW if symbol == "yellow_card" else RED
    return referee_card(d * 0.68, d * 0.92, rgb, angle=-12)


def whistle(surf: pygame.Surface, cx: float, cy: float, s: float) -> None:
    """A small silver whistle, s wide."""
    pygame.draw.circle(surf, _c(EDGE), (cx, cy), s * 0.32)
    pygame.draw.circle(surf, _c((206, 210, 216)), (cx, cy), s * 0.25)
    pygame.draw.rect(surf, _c(EDGE), (cx - s * 0.05, cy - s * 0.32, s * 0.6, s * 0.26))
    pygame.draw.rect(surf, _c((206, 210, 216)), (cx, cy - s * 0.27, s * 0.5, s * 0.16))


def shade_ring(surf: pygame.Surface, c: tuple[float, float], r: float, colour: Colour) -> None:
    """A disc with a soft top light and a darker lower rim (chips and tokens)."""
    pygame.draw.circle(surf, _c(darken(colour, 0.28)), c, r)
    pygame.draw.circle(surf, _c(colour), (c[0], c[1] - r * 0.04), r * 0.9)
    pygame.draw.circle(surf, _c(lighten(colour, 0.18)), (c[0], c[1] - r * 0.1), r * 0.7)
    pygame.draw.circle(surf, _c(colour), (c[0], c[1] - r * 0.02), r * 0.66)


def arrow(surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float], width: float,
          colour: Colour, outline: Colour = INK) -> None:
    """A straight arrow from a to b with a head at b, outlined so it reads on grass."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = min(length * 0.6, width * 2.6)

    def shape(grow: float) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
        w = width / 2 + grow
        nx, ny = -uy, ux
        stem_end = (b[0] - ux * head, b[1] - uy * head)
        start = (a[0] - ux * grow, a[1] - uy * grow)
        stem = [(start[0] + nx * w, start[1] + ny * w), (stem_end[0] + nx * w, stem_end[1] + ny * w),
                (stem_end[0] - nx * w, stem_end[1] - ny * w), (start[0] - nx * w, start[1] - ny * w)]
        hw = width * 1.5 + grow * 1.6
        tip = (b[0] + ux * grow * 1.6, b[1] + uy * grow * 1.6)
        back = (stem_end[0] - ux * grow, stem_end[1] - uy * grow)
        tri = [tip, (back[0] + nx * hw, back[1] + ny * hw), (back[0] - nx * hw, back[1] - ny * hw)]
        return stem, tri

    o = max(1.0, width * 0.35)
    for grow, col in ((o, outline), (0, colour)):
        stem, tri = shape(grow)
        pygame.draw.polygon(surf, _c(col), stem)
        pygame.draw.polygon(surf, _c(col), tri)
