"""Finale's table pieces drawn by code: the pitch seen from above, the die, the "!" and "!!"
markers, the ball, the referee's cards and the referee who walks the period track.

Same arguments, same Surface (cached): callers blit and never draw on what they get.
"""
from __future__ import annotations

import math
from typing import Generator, Sequence

import pygame

from scenes.art._cache import cached
from scenes.art.draw import (apply_mask, canvas, darken, down, finish, ink_for, lighten, opaque,
                             radial, rounded_mask, scale_for, vgradient)
from scenes.finale import tokens as T

CHIPS = {"!": T.AMBER, "!!": T.CRIMSON}
# The lawful pitch in metres: the markings are placed by these and stretched to the size asked.
LENGTH, WIDTH = 105.0, 68.0
CIRCLE, SPOT, BOX_D, BOX_W, SIX_D, SIX_W, GOAL_W, GOAL_D = 9.15, 11.0, 16.5, 40.3, 5.5, 18.32, 7.32, 2.2


# ---------------------------------------------------------------- the pitch

def _pitch_art(w: int, h: int, k: int) -> Generator[None, None, pygame.Surface]:
    """The pitch at k times its size, in parts (see `pitch`): the generator returns it."""
    W, H = w * k, h * k
    surf = pygame.Surface((W, H))
    mx, my = max(2 * k, round(W * 0.045)), max(2 * k, round(H * 0.07))
    field = pygame.Rect(mx, my, W - 2 * mx, H - 2 * my)
    light, dark = (74, 142, 70), (62, 126, 60)
    surf.fill(dark)
    stripes = 18  # mown across the length: 16 on the field, one more in each run-off
    step = field.w / (stripes - 2)
    for i in range(-1, stripes):
        x = field.left + (i - 0.0) * step
        pygame.draw.rect(surf, light if i % 2 == 0 else dark, (round(x), 0, math.ceil(step) + 1, H))
    yield
    # a light wash along the middle and a darker run-off, like floodlights on a real pitch
    glow = radial(256, [(0.0, (255, 255, 240, 34)), (0.7, (255, 255, 240, 8)), (1.0, (255, 255, 240, 0))])
    wash = pygame.transform.smoothscale(glow, (round(W * 1.1), round(H * 1.6)))
    yield
    surf.blit(wash, (-round(W * 0.05), -round(H * 0.3)))
    del wash
    yield
    edge = canvas(W, H)
    pygame.draw.rect(edge, (10, 30, 12, 40), (0, 0, W, H))
    pygame.draw.rect(edge, (0, 0, 0, 0), field.inflate(round(mx * 0.6), round(my * 0.6)), border_radius=round(my * 0.6))
    surf.blit(edge, (0, 0))
    del edge
    yield
    shade = canvas(W, H)
    band_start, band_alpha = 0, 0
    for y in range(H + 1):  # a gentle vignette top and bottom, rows of one alpha filled at once
        t = abs(y / max(1, H - 1) - 0.5) * 2
        a = int(46 * max(0.0, t - 0.55) / 0.45) if y < H else -1
        if a != band_alpha:
            if band_alpha:
                shade.fill((0, 0, 0, band_alpha), (0, band_start, W, y - band_start))
            band_start, band_alpha = y, a
    surf.blit(shade, (0, 0))
    del shade
    yield
    line = T.CHALK
    lw = max(k, round(min(W, H) * 0.006))
    sx, sy = field.w / LENGTH, field.h / WIDTH
    r_unit = sy  # circles stay round: their radii go by the width

    def rect(x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
        return pygame.Rect(round(field.left + x0 * sx), round(field.top + y0 * sy), round((x1 - x0) * sx), round((y1 - y0) * sy))

    pygame.draw.rect(surf, line, field, lw)
    pygame.draw.rect(surf, line, (field.centerx - lw // 2, field.top, lw, field.h))
    pygame.draw.circle(surf, line, field.center, CIRCLE * r_unit, lw)
    pygame.draw.circle(surf, line, field.center, lw * 1.3)
    mid = WIDTH / 2
    for end in (0, 1):
        def x_of(d: float) -> float:
            return d if end == 0 else LENGTH - d

        for depth, wide in ((BOX_D, BOX_W), (SIX_D, SIX_W)):
            x0, x1 = sorted((x_of(0), x_of(depth)))
            pygame.draw.rect(surf, line, rect(x0, mid - wide / 2, x1, mid + wide / 2), lw)
        spot = (field.left + x_of(SPOT) * sx, field.centery)
        pygame.draw.circle(surf, line, spot, lw * 1.3)
        box_x = field.left + x_of(BOX_D) * sx
        arc = CIRCLE * max(sx, r_unit)  # it must reach out of the box however wide the pitch is drawn
        reach = math.acos(max(-1.0, min(1.0, abs(box_x - spot[0]) / arc)))
        facing = 0.0 if end == 0 else math.pi
        pts = [(spot[0] + arc * math.cos(facing + a), spot[1] + arc * math.sin(facing + a))
               for a in (-reach + 2 * reach * i / 48 for i in range(49))]
        pygame.draw.lines(surf, line, False, pts, lw)
        # the goal, its net behind the line
        gx0, gx1 = (field.left - GOAL_D * sx, field.left) if end == 0 else (field.right, field.right + GOAL_D * sx)
        goal = pygame.Rect(round(gx0), round(field.centery - GOAL_W / 2 * sy), round(gx1 - gx0), round(GOAL_W * sy))
        net = pygame.Surface(goal.size, pygame.SRCALPHA)
        net.fill((230, 234, 230, 60))
        mesh = max(2 * k, round(goal.h / 9))
        for y in range(0, goal.h, mesh):
            pygame.draw.line(net, (235, 238, 235, 150), (0, y), (goal.w, y), max(1, k // 2))
        for x in range(0, goal.w, mesh):
            pygame.draw.line(net, (235, 238, 235, 150), (x, 0), (x, goal.h), max(1, k // 2))
        surf.blit(net, goal)
        pygame.draw.rect(surf, (250, 250, 250), goal, lw)
    yield
    for cx, cy in (field.topleft, field.topright, field.bottomleft, field.bottomright):  # corner arcs
        r = max(lw * 4, 1.6 * r_unit)
        pts = []
        for i in range(13):
            turn = math.pi / 2 * i / 12
            dx = math.cos(turn) * (1 if cx == field.left else -1)
            dy = math.sin(turn) * (1 if cy == field.top else -1)
            pts.append((cx + r * dx, cy + r * dy))
        pygame.draw.lines(surf, line, False, pts, lw)
    return surf


@cached(maxsize=6, stand_in=("w", "h"), parts=True)
def pitch(w: int, h: int) -> Generator[None, None, pygame.Surface]:
    """A football pitch from above, goals left and right, w x h pixels, opaque: mown stripes,
    white lines placed as on a real pitch (stretched to the size), nets behind the goal lines.

    Drawn in parts (a generator: the memo returns the picture; scenes/art/_cache.py): at
    1600x900 it is ten passes over a 3200x1800 canvas, some 200 ms, too long for one frame."""
    w, h = max(40, int(w)), max(24, int(h))
    k = 2 if w * h <= 2_500_000 else 1
    art = yield from _pitch_art(w, h, k)
    yield
    out = pygame.transform.smoothscale(art, (w, h)) if k > 1 else art
    del art
    return opaque(out)


# ---------------------------------------------------------------- the die

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]}


@cached(maxsize=64)
def _die(value: int, size: int, rgb: tuple) -> pygame.Surface:
    k = scale_for(size, size)
    D = size * k
    surf = canvas(D, D, T.EDGE)
    R = round(D * 0.2)
    pygame.draw.rect(surf, (*darken(rgb, 0.55), 255), (0, 0, D, D), border_radius=R)
    e = max(k, round(D * 0.05))
    face = vgradient(D - 2 * e, D - 2 * e, [(0.0, lighten(rgb, 0.22)), (1.0, darken(rgb, 0.12))])
    apply_mask(face, rounded_mask(D - 2 * e, D - 2 * e, R - e))
    surf.blit(face, (e, e - max(1, e // 2)))
    ink = ink_for(rgb)
    c = D / 2
    if value == 0:  # a blank face would pass for a fault in the die: a ring says nought
        ring = T.text("0", D * 0.58, ink)
        surf.blit(ring, ring.get_rect(center=(round(c), round(c))))
    else:
        r = D * 0.085
        for dx, dy in PIPS[value]:
            p = (c + dx * D * 0.25, c + dy * D * 0.25)
            pygame.draw.circle(surf, (*darken(rgb, 0.45), 255), (p[0], p[1] + r * 0.18), r)
            pygame.draw.circle(surf, (*ink, 255), p, r)
    apply_mask(surf, rounded_mask(D, D, R))
    return finish(down(surf, (size, size)))


def die_face(value: int, size: int, rgb: Sequence[int]) -> pygame.Surface:
    """A die face 0 to 5 in `rgb`, size x size: pips for 1 to 5, a large 0 for nought."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 5:
        raise ValueError(f"{value!r} is not a face of Finale's die (0 to 5)")
    return _die(value, max(8, int(size)), tuple(int(v) for v in rgb[:3]))


# ---------------------------------------------------------------- markers, ball, cards, referee

@cached(maxsize=32)
def _chip(kind: str, size: int) -> pygame.Surface:
    k = scale_for(size, size)
    D = size * k
    surf = canvas(D, D, T.EDGE)
    c = (D / 2, D / 2)
    rgb = CHIPS[kind]
    pygame.draw.circle(surf, (*T.EDGE, 255), c, D / 2)
    T.shade_ring(surf, c, D / 2 - max(k, D * 0.04), rgb)
    for i in range(8):  # notches round the rim
        a = 2 * math.pi * (i + 0.5) / 8
        pygame.draw.circle(surf, (*T.PAPER, 255), (c[0] + D * 0.39 * math.cos(a), c[1] + D * 0.39 * math.sin(a)), D * 0.045)
    mark = T.text(kind, D * (0.5 if kind == "!" else 0.46), T.PAPER)
    mark = T.outlined(mark, max(1, D * 0.03), darken(rgb, 0.55))
    surf.blit(mark, mark.get_rect(center=(round(c[0]), round(c[1]))))
    return finish(down(surf, (size, size)))


def chip(kind: str, size: int) -> pygame.Surface:
    """The "!" marker (amber) or the "!!" marker (crimson), size x size."""
    if kind not in CHIPS:
        raise ValueError(f"{kind!r} is not a marker (\"!\" or \"!!\")")
    return _chip(kind, max(8, int(size)))


@cached(maxsize=32)
def ball(size: int) -> pygame.Surface:
    """The leather ball of the menu emblem, size x size (the goal markers)."""
    return finish(T.ball_art(max(4, int(size))))


@cached(maxsize=32)
def _card_token(rgb: tuple, size: int) -> pygame.Surface:
    size = max(8, int(size))
    k = scale_for(size, size)
    D = size * k
    card = T.referee_card(D * 0.6, D * 0.84, rgb, angle=-10)
    surf = canvas(D, D, T.EDGE)
    surf.blit(card, card.get_rect(center=(D // 2, D // 2)))
    return finish(down(surf, (size, size)))


def yellow_card(size: int) -> pygame.Surface:
    """A referee's yellow card, slightly turned, on a size x size square."""
    return _card_token(T.YELLOW, max(8, int(size)))


def red_card(size: int) -> pygame.Surface:
    """A referee's red card, slightly turned, on a size x size square."""
    return _card_token(T.RED, max(8, int(size)))


@cached(maxsize=16)
def referee(size: int) -> pygame.Surface:
    """The referee token for the period track: a round token, the referee in black with a
    whistle, holding up a card."""
    size = max(10, int(size))
    k = scale_for(size, size)
    D = size * k
    surf = canvas(D, D, T.EDGE)
    c = D / 2
    pygame.draw.circle(surf, (*T.EDGE, 255), (c, c), D / 2)
    pygame.draw.circle(surf, (*(214, 178, 88), 255), (c, c), D / 2 - max(k, D * 0.04))
    pygame.draw.circle(surf, (*(120, 180, 120), 255), (c, c), D / 2 - max(k, D * 0.1))
    art = canvas(D, D, T.EDGE)
    skin = (236, 196, 160)
    kit = (30, 30, 34)
    body = pygame.Rect(0, 0, D * 0.64, D * 0.5)
    body.midtop = (round(c), round(D * 0.6))
    pygame.draw.ellipse(art, (*kit, 255), body)
    pygame.draw.polygon(art, (*T.PAPER, 255), [(c - D * 0.09, body.top + D * 0.01), (c + D * 0.09, body.top + D * 0.01),
                                                (c, body.top + D * 0.1)])
    pygame.draw.rect(art, (*darken(skin, 0.1), 255), (c - D * 0.06, D * 0.5, D * 0.12, D * 0.12))
    # the arm raised with a card
    pygame.draw.line(art, (*kit, 255), (c + D * 0.2, D * 0.68), (c + D * 0.3, D * 0.36), round(D * 0.1))
    pygame.draw.circle(art, (*skin, 255), (c + D * 0.3, D * 0.34), D * 0.05)
    card = T.referee_card(D * 0.12, D * 0.17, T.YELLOW, angle=-14)
    art.blit(card, card.get_rect(center=(round(c + D * 0.32), round(D * 0.24))))
    pygame.draw.ellipse(art, (*skin, 255), (c - D * 0.13, D * 0.27, D * 0.26, D * 0.29))
    pygame.draw.ellipse(art, (*(40, 32, 28), 255), (c - D * 0.14, D * 0.25, D * 0.28, D * 0.12))
    for side in (-1, 1):
        pygame.draw.circle(art, (*T.INK, 255), (c + side * D * 0.05, D * 0.42), max(1, D * 0.016))
    T.whistle(art, c - D * 0.04, D * 0.68, D * 0.12)
    ring = canvas(D, D)
    pygame.draw.circle(ring, (255, 255, 255, 255), (c, c), D / 2 - max(k, D * 0.1))
    art.blit(ring, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(art, (0, 0))
    return finish(down(surf, (size, size)))
