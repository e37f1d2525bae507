"""Finito!'s own pictures: the printed 6 x 6 board, counters with a colour-blind emblem, the
face-down heap, a lit square, and the winner's rosette.

Everything is drawn by code at the size asked for and cached (same arguments, same Surface):
callers blit, never draw on what they get.
"""
from __future__ import annotations

import math
import random
from typing import Generator, Sequence

import pygame

from scenes.art import fonts
from scenes.finito import tokens
from scenes.art._cache import cached
from scenes.art.draw import (apply_mask, blur, canvas, darken, finish, lighten, luminance, mix,
                             rounded_mask, vgradient)

PAPER = (250, 243, 226)
PAPER_SHADED = (236, 224, 198)
PRINT = (112, 82, 58)
WOOD = (176, 124, 74)
LIT = (255, 214, 90)


def frame_width(square: int) -> int:
    """The printed border around the squares, in pixels, for squares of `square` pixels."""
    return max(4, round(square * 0.24))


def shadow_pad(square: int) -> int:
    """How far a board picture reaches past its frame on each side (its shadow)."""
    return max(4, round(square * 0.2))


def board_colour(tint: Sequence[int]) -> tuple[int, int, int]:
    """The board's frame: the seat's colour, deepened like printed card."""
    return mix(tint, (64, 40, 28), 0.38)


@cached(maxsize=24, stand_in=("square",), parts=True)
def board(square: int, tint: Sequence[int], layout: tuple[int, ...],
          columns: int) -> Generator[None, None, pygame.Surface]:
    """A printed Finito! board: a frame in the seat's colour around 6 x 6 cream squares, rows
    shaded in turn, each square printed with its number. The picture includes a soft shadow
    of `shadow_pad(square)` pixels on every side; the squares start at pad + frame.

    Drawn in parts (a generator: the memo returns the picture; scenes/art/_cache.py): a
    board at 2560x1440 takes some 90 ms."""
    s = max(6, int(square))
    rows = max(1, len(layout) // columns)
    f, pad = frame_width(s), shadow_pad(s)
    bw, bh = columns * s + 2 * f, rows * s + 2 * f
    W, H = bw + 2 * pad, bh + 2 * pad
    k = 2 if max(W, H) <= 700 else 1
    surf = canvas(W * k, H * k)
    # shadow on the felt, blurred at a quarter of the size (a soft shadow needs no detail)
    q = 4
    sh = canvas(W // q + 1, H // q + 1)
    pygame.draw.rect(sh, (0, 0, 0, 130), (pad / q, (pad + pad * 0.35) / q, bw / q, bh / q),
                     border_radius=round(f * 0.9 / q))
    sh = pygame.transform.smoothscale(blur(sh, max(1, round(pad * 0.55 / q))), (W * k, H * k))
    surf.blit(sh, (0, 0))
    del sh
    yield
    # the frame: a gentle gradient in the seat's colour, a bevel, a groove round the squares
    rim = board_colour(tint)
    frame = vgradient(bw * k, bh * k, [(0.0, lighten(rim, 0.16)), (0.5, rim), (1.0, darken(rim, 0.18))])
    apply_mask(frame, rounded_mask(bw * k, bh * k, round(f * 0.9 * k)))
    surf.blit(frame, (pad * k, pad * k))
    del frame
    yield
    edge = max(1, round(k * max(1.0, s * 0.02)))
    outer = pygame.Rect(pad * k, pad * k, bw * k, bh * k)
    pygame.draw.rect(surf, (*lighten(rim, 0.35), 150), outer.inflate(-edge * 2, -edge * 2), edge,
                     border_radius=round(f * 0.9 * k) - edge)
    pygame.draw.rect(surf, (*darken(rim, 0.55), 255), outer, edge, border_radius=round(f * 0.9 * k))
    # a fine printed line inside the frame
    line = pygame.Rect((pad + f * 0.42) * k, (pad + f * 0.42) * k, (bw - f * 0.84) * k, (bh - f * 0.84) * k)
    pygame.draw.rect(surf, (*lighten(rim, 0.5), 120), line, max(1, k), border_radius=round(f * 0.5 * k))
    grid = pygame.Rect((pad + f) * k, (pad + f) * k, columns * s * k, rows * s * k)
    groove = max(1, round(s * 0.035 * k))
    pygame.draw.rect(surf, (*darken(rim, 0.6), 255), grid.inflate(groove * 2, groove * 2),
                     border_radius=groove * 2)
    # the squares: rows shaded in turn, each square embossed, its number printed
    gap = max(1, round(s * 0.045 * k))
    size = max(11, round(s * 0.36))  # no text on the table below 11 px
    for row in range(rows):
        paper = PAPER if row % 2 == 0 else PAPER_SHADED
        paper = mix(paper, tint, 0.05)
        band = pygame.Rect(grid.x, grid.y + row * s * k, grid.w, s * k)
        pygame.draw.rect(surf, (*darken(paper, 0.14), 255), band)
        for col in range(columns):
            cell = pygame.Rect(grid.x + col * s * k + gap, band.y + gap, s * k - 2 * gap, s * k - 2 * gap)
            face = vgradient(cell.w, cell.h, [(0.0, lighten(paper, 0.35)), (1.0, paper)])
            apply_mask(face, rounded_mask(cell.w, cell.h, max(1, round(s * 0.08 * k))))
            surf.blit(face, cell.topleft)
            pygame.draw.rect(surf, (*darken(paper, 0.22), 200), cell, max(1, k // 2 + (s > 60)),
                             border_radius=max(1, round(s * 0.08 * k)))
        yield
    out = pygame.transform.smoothscale(surf, (W, H)) if k != 1 else surf
    del surf
    yield
    ink = PRINT
    for i, number in enumerate(layout):
        row, col = divmod(i, columns)
        paper = mix(PAPER if row % 2 == 0 else PAPER_SHADED, tint, 0.05)
        colour = mix(paper, ink, 0.62)
        img = fonts.fit_text(str(number), round(s * 0.8), size, colour, display=True, min_size=11)
        cx = pad + f + col * s + s / 2
        cy = pad + f + row * s + s / 2
        glint = fonts.fit_text(str(number), round(s * 0.8), size, lighten(paper, 0.6), display=True,
                               min_size=11)
        rect = img.get_rect(center=(round(cx), round(cy)))
        out.blit(glint, rect.move(0, 1))
        out.blit(img, rect)
    return finish(out)


@cached(maxsize=16)
def lit_square(square: int) -> pygame.Surface:
    """A glowing square of `square` pixels for a square a counter may go to (blit centred)."""
    s = max(6, int(square))
    pad = max(3, round(s * 0.16))
    surf = canvas(s + 2 * pad, s + 2 * pad, LIT)
    radius = max(2, round(s * 0.12))
    glow = canvas(s + 2 * pad, s + 2 * pad, LIT)
    pygame.draw.rect(glow, (*LIT, 255), (pad - 2, pad - 2, s + 4, s + 4), max(3, round(s * 0.12)),
                     border_radius=radius)
    surf.blit(blur(glow, max(1, round(pad * 0.6))), (0, 0))
    pygame.draw.rect(surf, (*LIT, 130), (pad, pad, s, s), border_radius=radius)
    pygame.draw.rect(surf, (*lighten(LIT, 0.5), 255), (pad, pad, s, s), max(1, round(s * 0.045)),
                     border_radius=radius)
    return finish(surf)


def _ink(colour: Sequence[int]) -> tuple[int, int, int]:
    """The burnt-in ink tokens.counter uses on a counter of this colour."""
    stain = mix(colour, WOOD, 0.22)
    return (40, 26, 16) if luminance(stain) > 120 else (252, 244, 228)


def _bucket(d: int) -> int:
    """Counters are drawn at a few sizes, 15 % apart, and scaled down a little: resizing the
    window then rarely draws a counter anew."""
    d = max(8, int(d))
    n = math.ceil(math.log(d / 8) / math.log(1.15) - 1e-9)
    return max(d, round(8 * 1.15 ** n))


@cached(maxsize=512, stand_in=("d",))
def counter(d: int, colour: Sequence[int], number: int, shape: str, colour_blind: bool = False) -> pygame.Surface:
    """A seat's counter, `d` pixels wide: the wooden disc in its colour with the number and a
    small emblem; with `colour_blind` the emblem is drawn larger so the seat reads without its
    colour."""
    d = max(8, int(d))
    drawn = _bucket(d)
    base = tokens.counter(drawn, colour, number, shape, True)
    if drawn != d:
        base = pygame.transform.smoothscale(base, (d, d))
    if not colour_blind:
        return finish(base)
    image = base.copy()
    icon = tokens.shape_icon(shape, max(6, round(d * 0.29)), _ink(colour), outline=False)
    image.blit(icon, icon.get_rect(center=(round(d / 2), round(d * 0.755))))
    return finish(image)


@cached(maxsize=32, stand_in=("d",))
def counter_back(d: int) -> pygame.Surface:
    """The back of a counter as it is turned over: plain wood."""
    return tokens.counter(d, WOOD, None, None, False)


@cached(maxsize=64, stand_in=("d",))
def heap(d: int, colour: Sequence[int], shape: str, count: int) -> pygame.Surface:
    """A small jumble of face-down counters (at most five drawn), about 2d x 1.4d."""
    d = max(8, int(d))
    count = max(0, min(int(count), 5))
    W, H = round(d * 2.0), round(d * 1.45)
    surf = canvas(W, H)
    rng = random.Random(17 + d)
    spots = [(0.30, 0.62), (0.70, 0.64), (0.50, 0.58), (0.38, 0.40), (0.62, 0.38)]
    back = tokens.counter(d, colour, None, shape, False)
    for i in range(count):
        x, y = spots[i]
        img = pygame.transform.rotate(back, rng.uniform(-30, 30))
        surf.blit(img, img.get_rect(center=(round(W * x), round(H * y))))
    return finish(surf)


@cached(maxsize=16)
def rosette(d: int, text: str = "Finito!") -> pygame.Surface:
    """A gold prize rosette with two ribbon tails and `text` across it."""
    d = max(24, int(d))
    W, H = d, round(d * 1.3)
    k = 2
    surf = canvas(W * k, H * k, (200, 150, 40))
    cx, cy, r = W * k / 2, d * k * 0.46, d * k * 0.44
    for side in (-1, 1):
        tail = [(cx + side * r * 0.15, cy), (cx + side * r * 0.75, H * k * 0.98),
                (cx + side * r * 0.5, H * k * 0.9), (cx + side * r * 0.3, H * k * 0.99),
                (cx + side * r * 0.05, cy)]
        pygame.draw.polygon(surf, (180, 36, 40, 255), tail)
        pygame.draw.polygon(surf, (120, 20, 24, 255), tail, max(1, k))
    many = []
    for i in range(24):
        a = math.radians(i * 15)
        rr = r if i % 2 == 0 else r * 0.86
        many.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surf, (206, 150, 36, 255), many)
    pygame.draw.circle(surf, (250, 214, 96, 255), (cx, cy), r * 0.74)
    pygame.draw.circle(surf, (176, 120, 24, 255), (cx, cy), r * 0.74, max(1, round(k * d * 0.02)))
    pygame.draw.circle(surf, (255, 236, 160, 255), (cx, cy), r * 0.62, max(1, round(k * d * 0.01)))
    out = pygame.transform.smoothscale(surf, (W, H))
    img = fonts.fit_text(text, round(d * 0.66), max(11, round(d * 0.2)), (120, 60, 10),
                         display=True, min_size=11)
    out.blit(img, img.get_rect(center=(W // 2, round(d * 0.46))))
    return finish(out)


CONFETTI = [(232, 64, 76), (255, 196, 60), (86, 170, 232), (120, 196, 84), (200, 110, 170),
            (250, 247, 240)]


def confetti(surface: pygame.Surface, t: float, seed: int = 3, pieces: int = 140) -> None:
    """Paper confetti falling over the table, `t` seconds after it was thrown (pure in t)."""
    w, h = surface.get_size()
    rng = random.Random(seed)
    unit = max(4, min(w, h) // 90)
    for _ in range(pieces):
        x0 = rng.uniform(0, w)
        start = rng.uniform(-0.4, 1.6)
        speed = rng.uniform(0.18, 0.32) * h
        sway, phase = rng.uniform(10, 40), rng.uniform(0, 6.3)
        colour = rng.choice(CONFETTI)
        spin = rng.uniform(3, 8)
        age = t - start
        if age < 0:
            continue
        y = -unit * 2 + age * speed
        if y > h + unit * 2:
            continue
        x = x0 + math.sin(age * 2.2 + phase) * sway
        wide = abs(math.cos(age * spin + phase))
        rect = pygame.Rect(0, 0, max(1, round(unit * 1.6 * wide)), unit)
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, colour if wide > 0.3 else darken(colour, 0.3), rect)
