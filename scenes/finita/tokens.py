"""Finita's own pieces, drawn by code for art.py: the action symbols (skip, reverse, small cards
for +2 and +4), the four superpowers' props and portraits, and a sticker-style outline.

The drawing functions work at whatever resolution they are given (art.py hands them its
supersampled canvas, so plain pygame primitives come out smooth once it is scaled down). The
shared pieces (shapes, buttons, seat colours) are in scenes/art/tokens.py and re-exported here.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from scenes.art.draw import canvas, darken, lighten, polygon_points
from scenes.art.tokens import *  # noqa: F401,F403 (the shared pieces: seat colours, shapes, buttons)

Colour = Sequence[int]
WHITE = (252, 250, 245)
INK = (24, 22, 28)
GOLD = (246, 196, 72)
SKIN = {"paul": (240, 192, 150), "petra": (232, 180, 140), "pia": (176, 118, 82), "patrick": (250, 212, 180)}


def _c(colour: Colour) -> tuple[int, int, int, int]:
    return (int(colour[0]), int(colour[1]), int(colour[2]), 255)


# ---------------------------------------------------------------- outlines

def silhouette(img: pygame.Surface, colour: Colour) -> pygame.Surface:
    """The same picture in one flat colour, its alpha kept."""
    s = img.copy()
    s.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    s.fill((int(colour[0]), int(colour[1]), int(colour[2]), 0), special_flags=pygame.BLEND_RGBA_ADD)
    return s


def stamp(target: pygame.Surface, img: pygame.Surface, center: tuple[float, float], outline: float = 0,
          ink: Colour = INK, shadow: float = 0) -> pygame.Rect:
    """Blit img centred at `center` like a sticker: a rim of `outline` pixels in `ink` round it
    and a soft drop shadow `shadow` pixels down and right. Returns the picture's rect."""
    rect = img.get_rect(center=(round(center[0]), round(center[1])))
    n = max(0, round(outline))
    if n or shadow:
        sil = silhouette(img, ink)
        pad = n + 1
        rim = canvas(img.get_width() + 2 * pad, img.get_height() + 2 * pad, ink)
        steps = max(8, int(2 * math.pi * n / 1.5))
        for radius in sorted({n, max(1, n // 2)}) if n else ():
            for i in range(steps):
                a = 2 * math.pi * i / steps
                rim.blit(sil, (pad + round(radius * math.cos(a)), pad + round(radius * math.sin(a))))
        rim.blit(sil, (pad, pad))
        if shadow:
            ghost = rim.copy()
            ghost.fill((255, 255, 255, 95), special_flags=pygame.BLEND_RGBA_MULT)
            target.blit(ghost, (rect.x - pad + round(shadow), rect.y - pad + round(shadow)))
        if n:
            target.blit(rim, (rect.x - pad, rect.y - pad))
    target.blit(img, rect)
    return rect


def trimmed(img: pygame.Surface) -> pygame.Surface:
    """The picture cut to its visible pixels (text surfaces carry empty space round digits)."""
    box = img.get_bounding_rect(min_alpha=8)
    if box.w == 0 or box.h == 0:
        return img
    return img.subsurface(box).copy()


# ---------------------------------------------------------------- shapes and symbols

def shape(surf: pygame.Surface, name: str, cx: float, cy: float, r: float, colour: Colour) -> None:
    """A colour's shape (circle, triangle, square, diamond), filled, outer radius r."""
    if name == "circle":
        pygame.draw.circle(surf, _c(colour), (cx, cy), r * 0.86)
    elif name == "square":
        pygame.draw.polygon(surf, _c(colour), polygon_points("square", cx, cy, r * 1.04))
    else:
        pygame.draw.polygon(surf, _c(colour), polygon_points(name, cx, cy, r))


def _bar(surf: pygame.Surface, colour: Colour, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
    """A thick straight stroke with round ends."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pygame.draw.polygon(surf, _c(colour), [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                            (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    pygame.draw.circle(surf, _c(colour), a, width / 2)
    pygame.draw.circle(surf, _c(colour), b, width / 2)


def skip_icon(d: int, colour: Colour) -> pygame.Surface:
    """A 'no entry' ring with a slash: the next seat sits this turn out."""
    d = max(4, int(d))
    surf = canvas(d, d, colour)
    c, r = d / 2, d * 0.44
    w = d * 0.15
    pygame.draw.circle(surf, _c(colour), (c, c), r)
    pygame.draw.circle(surf, (0, 0, 0, 0), (c, c), r - w)
    off = (r - w / 2) * math.cos(math.radians(45))
    _bar(surf, colour, (c - off, c + off), (c + off, c - off), w)
    return surf


def _arc_arrow(surf: pygame.Surface, colour: Colour, c: tuple[float, float], radius: float, width: float,
               start: float, end: float) -> None:
    """A thick arc from `start` to `end` degrees (clockwise on screen) with a head at the end."""
    steps = 24
    outer, inner = [], []
    for i in range(steps + 1):
        a = math.radians(start + (end - start) * i / steps)
        outer.append((c[0] + (radius + width / 2) * math.cos(a), c[1] + (radius + width / 2) * math.sin(a)))
        inner.append((c[0] + (radius - width / 2) * math.cos(a), c[1] + (radius - width / 2) * math.sin(a)))
    pygame.draw.polygon(surf, _c(colour), outer + inner[::-1])
    a = math.radians(end)
    p = (c[0] + radius * math.cos(a), c[1] + radius * math.sin(a))
    t = (-math.sin(a), math.cos(a))
    n = (math.cos(a), math.sin(a))
    head, half = width * 1.35, width * 1.25
    pygame.draw.polygon(surf, _c(colour), [(p[0] + t[0] * head, p[1] + t[1] * head),
                                            (p[0] + n[0] * half, p[1] + n[1] * half),
                                            (p[0] - n[0] * half, p[1] - n[1] * half)])


def reverse_icon(d: int, colour: Colour) -> pygame.Surface:
    """Two arrows chasing each other round a circle: the direction of play turns."""
    d = max(4, int(d))
    surf = canvas(d, d, colour)
    c, r, w = (d / 2, d / 2), d * 0.3, d * 0.13
    _arc_arrow(surf, colour, c, r, w, 200, 318)
    _arc_arrow(surf, colour, c, r, w, 20, 138)
    return surf


def mini_card(w: int, h: int, fill: Colour, rim: Colour = WHITE, edge: Colour = INK) -> pygame.Surface:
    """A little card: dark edge, white rim, coloured middle (for +2, +4 and Patrick's pair)."""
    w, h = max(3, int(w)), max(4, int(h))
    surf = canvas(w, h, edge)
    r = max(1, round(w * 0.16))
    e = max(1, round(w * 0.05))
    b = max(1, round(w * 0.1))
    pygame.draw.rect(surf, _c(edge), (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, _c(rim), (e, e, w - 2 * e, h - 2 * e), border_radius=max(1, r - e))
    pygame.draw.rect(surf, _c(fill), (b, b, w - 2 * b, h - 2 * b), border_radius=max(1, r - b))
    return surf


def card_fan(d: int, fills: Sequence[Colour], spread: float = 16.0) -> pygame.Surface:
    """Small cards fanned from a common pivot below them, left to right."""
    d = max(6, int(d))
    surf = canvas(d, d)
    cw, ch = round(d * 0.42), round(d * 0.6)
    n = len(fills)
    for i, fill in enumerate(fills):
        angle = spread * ((n - 1) / 2 - i)
        card = pygame.transform.rotate(mini_card(cw, ch, fill), angle)
        a = math.radians(-angle)
        px, py = d / 2, d * 0.98
        reach = d * 0.5
        surf.blit(card, card.get_rect(center=(px + reach * math.sin(a), py - reach * math.cos(a))))
    return surf


def quartered(surf: pygame.Surface, rect: pygame.Rect, fills: Sequence[Colour], shapes: Sequence[str],
              angle: float, gap: float) -> None:
    """An ellipse in four coloured quarters, each with its shape in white, turned by `angle`."""
    w, h = rect.size
    disc = canvas(w, h)
    pygame.draw.ellipse(disc, (255, 255, 255, 255), disc.get_rect())
    quarters = canvas(w, h)
    cx, cy = w / 2, h / 2
    for i, fill in enumerate(fills):
        quarters.fill(_c(fill), (0 if i in (0, 3) else round(cx), 0 if i in (0, 1) else round(cy),
                                 math.ceil(cx), math.ceil(cy)))
    g = max(1, round(gap))
    pygame.draw.rect(quarters, (0, 0, 0, 0), (round(cx - g / 2), 0, g, h))
    pygame.draw.rect(quarters, (0, 0, 0, 0), (0, round(cy - g / 2), w, g))
    quarters.blit(disc, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    turned = pygame.transform.rotate(quarters, angle)
    surf.blit(turned, turned.get_rect(center=rect.center))
    # the shapes stay upright (a turned square would read as a diamond)
    t = math.radians(angle)
    for i, name in enumerate(shapes):
        x = (-1 if i in (0, 3) else 1) * w * 0.2
        y = (-1 if i in (0, 1) else 1) * h * 0.2
        shape(surf, name, rect.centerx + x * math.cos(t) + y * math.sin(t),
              rect.centery - x * math.sin(t) + y * math.cos(t), min(w, h) * 0.11, WHITE)


# ---------------------------------------------------------------- the superpowers' props

def megaphone(d: int, fill: Colour, detail: Colour) -> pygame.Surface:
    """Paul's megaphone, calling out: he names a number for everyone to answer."""
    d = max(6, int(d))
    surf = canvas(d, d, fill)
    tilt = math.radians(-22)  # the horn points right and a little up
    ox, oy = d * 0.1, d * 0.66

    def at(u: float, v: float) -> tuple[float, float]:
        return (ox + u * math.cos(tilt) - v * math.sin(tilt), oy + u * math.sin(tilt) + v * math.cos(tilt))

    pygame.draw.polygon(surf, _c(fill), [at(d * 0.2, d * 0.04), at(d * 0.26, d * 0.04), at(d * 0.3, d * 0.26),
                                         at(d * 0.22, d * 0.26)])  # the handle
    pygame.draw.polygon(surf, _c(fill), [at(0, -d * 0.07), at(d * 0.14, -d * 0.07), at(d * 0.14, d * 0.07),
                                         at(0, d * 0.07)])  # the mouthpiece
    pygame.draw.polygon(surf, _c(fill), [at(d * 0.12, -d * 0.09), at(d * 0.58, -d * 0.24), at(d * 0.58, d * 0.24),
                                         at(d * 0.12, d * 0.09)])  # the horn
    bell = canvas(round(d * 0.2), round(d * 0.52), fill)
    pygame.draw.ellipse(bell, _c(fill), bell.get_rect())
    pygame.draw.ellipse(bell, _c(detail), bell.get_rect().inflate(-round(d * 0.07), -round(d * 0.08)))
    bell = pygame.transform.rotate(bell, math.degrees(-tilt))
    surf.blit(bell, bell.get_rect(center=at(d * 0.6, 0)))
    pygame.draw.line(surf, _c(detail), at(d * 0.16, 0), at(d * 0.46, 0), max(1, round(d * 0.035)))
    for i, r in enumerate((0.1, 0.19)):  # the call going out
        c = at(d * 0.66, 0)
        rect = pygame.Rect(0, 0, d * (0.12 + r) * 2, d * (0.12 + r) * 2)
        rect.center = (round(c[0]), round(c[1]))
        pygame.draw.arc(surf, _c(fill), rect, -tilt - 0.7, -tilt + 0.7, max(1, round(d * 0.055)))
    return surf


def up_down(d: int, fill: Colour, detail: Colour) -> pygame.Surface:
    """Petra's pair of arrows, one up and one down: higher or lower than her number."""
    d = max(6, int(d))
    surf = canvas(d, d, fill)
    w = d * 0.15
    for x, up in ((d * 0.32, True), (d * 0.68, False)):
        tip, tail = (d * 0.08, d * 0.92) if up else (d * 0.92, d * 0.08)
        head = d * 0.3 * (1 if up else -1)
        pygame.draw.polygon(surf, _c(fill), [(x - w / 2, tip + head * 0.8), (x + w / 2, tip + head * 0.8),
                                              (x + w / 2, tail), (x - w / 2, tail)])
        pygame.draw.polygon(surf, _c(fill), [(x, tip), (x - d * 0.2, tip + head), (x + d * 0.2, tip + head)])
        pygame.draw.line(surf, _c(detail), (x, tip + head * 1.05), (x, tail - head * 0.15), max(1, round(d * 0.03)))
    return surf


def shield(d: int, fill: Colour, detail: Colour) -> pygame.Surface:
    """Pia's shield with a star: what is aimed at her bounces off."""
    d = max(6, int(d))
    surf = canvas(d, d, fill)
    top, bottom, half = d * 0.06, d * 0.96, d * 0.4
    pts = [(d / 2 - half, top + d * 0.08)]
    for i in range(9):  # a gently dipped top edge
        t = i / 8
        pts.append((d / 2 - half + 2 * half * t, top + d * 0.08 * abs(1 - 2 * t) ** 2))
    for i in range(13):  # the sides curve down to the point
        t = i / 12
        pts.append((d / 2 + half * math.cos(t * math.pi / 2) ** 0.8, top + d * 0.08 + (bottom - top - d * 0.08) * t ** 1.3))
    for i in range(12, -1, -1):
        t = i / 12
        pts.append((d / 2 - half * math.cos(t * math.pi / 2) ** 0.8, top + d * 0.08 + (bottom - top - d * 0.08) * t ** 1.3))
    pygame.draw.polygon(surf, _c(fill), pts)
    inner = [(d / 2 + (x - d / 2) * 0.74, d * 0.49 + (y - d * 0.49) * 0.74) for x, y in pts]
    pygame.draw.polygon(surf, _c(detail), inner, max(1, round(d * 0.035)))
    pygame.draw.polygon(surf, _c(detail), polygon_points("star", d / 2, d * 0.44, d * 0.2))
    return surf


def card_pair(d: int, fill: Colour, detail: Colour) -> pygame.Surface:
    """Patrick's two cards face down: everyone picks one blind, the highest pays."""
    d = max(6, int(d))
    surf = canvas(d, d, fill)
    cw, ch = round(d * 0.5), round(d * 0.72)
    for angle, cx in ((14, d * 0.36), (-12, d * 0.64)):
        back = mini_card(cw, ch, detail, rim=fill, edge=fill)
        pygame.draw.ellipse(back, _c(lighten(detail, 0.45)), pygame.Rect(0, 0, cw * 0.5, ch * 0.4).move(cw * 0.25, ch * 0.3))
        pygame.draw.polygon(back, _c(fill), polygon_points("diamond", cw / 2, ch / 2, cw * 0.14))
        back = pygame.transform.rotate(back, angle)
        surf.blit(back, back.get_rect(center=(cx, d * 0.52)))
    return surf


PROPS = {"paul": megaphone, "petra": up_down, "pia": shield, "patrick": card_pair}


# ---------------------------------------------------------------- portraits

def _hair_cap(surf: pygame.Surface, colour: Colour, cx: float, cy: float, r: float, fringe: list[float],
              reach: float = 1.08) -> None:
    """Hair over the top of a head: the crown's arc, and a fringe along heights (fractions of r
    above the centre) from the right temple back to the left."""
    pts = []
    for i in range(25):
        a = math.radians(180 + 180 * i / 24)
        pts.append((cx + r * reach * math.cos(a), cy + r * reach * math.sin(a) * 1.04))
    n = len(fringe)
    for i, lift in enumerate(fringe):
        x = cx + r * reach - 2 * r * reach * i / max(1, n - 1)
        pts.append((x, cy - r * lift))
    pygame.draw.polygon(surf, _c(colour), pts)


def _face(surf: pygame.Surface, cx: float, cy: float, r: float, who: str) -> None:
    """Eyes, brows, a smile and cheeks."""
    eye = max(1.0, r * 0.11)
    ink = (44, 30, 26)
    for side in (-1, 1):
        ex = cx + side * r * 0.36
        pygame.draw.ellipse(surf, _c(WHITE), (ex - eye * 1.3, cy - eye * 1.5, eye * 2.6, eye * 2.8))
        pygame.draw.circle(surf, _c(ink), (ex + r * 0.03, cy + eye * 0.05), eye * 0.95)
        pygame.draw.circle(surf, _c(WHITE), (ex + r * 0.07, cy - eye * 0.35), eye * 0.3)
        brow_y = cy - r * 0.32 - (r * 0.06 if who == "petra" and side > 0 else 0)
        _bar(surf, ink, (ex - r * 0.16, brow_y + r * 0.03 * side * (1 if who == "paul" else -0.4)),
             (ex + r * 0.16, brow_y - r * 0.03 * side * (1 if who == "paul" else -0.4)), max(1.0, r * 0.07))
        pygame.draw.circle(surf, (240, 120, 120, 255), (ex + side * r * 0.12, cy + r * 0.32), r * 0.11)
    # the mouth: Paul calls out (open), the others smile
    if who == "paul":
        pygame.draw.ellipse(surf, (120, 36, 40, 255), (cx - r * 0.2, cy + r * 0.34, r * 0.4, r * 0.34))
        pygame.draw.ellipse(surf, (230, 110, 110, 255), (cx - r * 0.1, cy + r * 0.5, r * 0.2, r * 0.14))
    else:
        pts = [(cx + r * 0.34 * math.cos(math.radians(a)), cy + r * 0.3 + r * 0.22 * math.sin(math.radians(a)))
               for a in range(20, 161, 10)]
        pygame.draw.lines(surf, (120, 40, 40, 255), False, pts, max(1, round(r * 0.08)))
    if who == "patrick":
        for dx, dy in ((-0.52, 0.16), (-0.42, 0.24), (-0.6, 0.26), (0.52, 0.16), (0.42, 0.24), (0.6, 0.26)):
            pygame.draw.circle(surf, (196, 120, 80, 255), (cx + r * dx, cy + r * dy), max(1.0, r * 0.035))


def portrait(d: int, who: str, accent: Colour) -> pygame.Surface:
    """A round head-and-shoulders picture of a superpower: each has its own hair and clothes."""
    d = max(8, int(d))
    surf = canvas(d, d, accent)
    pygame.draw.circle(surf, _c(lighten(accent, 0.55)), (d / 2, d / 2), d / 2)
    pygame.draw.circle(surf, _c(lighten(accent, 0.72)), (d / 2, d * 0.42), d * 0.36)
    skin = SKIN.get(who, (236, 186, 146))
    cx, cy, r = d * 0.5, d * 0.45, d * 0.2
    hair = {"paul": (74, 46, 30), "petra": (168, 62, 34), "pia": (30, 24, 28), "patrick": (214, 110, 40)}[who]
    shirt = darken(accent, 0.15)
    if who == "petra":  # long hair falls behind the shoulders
        pygame.draw.rect(surf, _c(hair), (cx - r * 1.35, cy - r * 1.0, r * 2.7, r * 2.9), border_radius=round(r * 1.1))
    if who == "pia":  # a bun on top
        pygame.draw.circle(surf, _c(hair), (cx, cy - r * 1.22), r * 0.5)
    # shoulders and neck
    pygame.draw.ellipse(surf, _c(shirt), (cx - d * 0.34, cy + r * 1.35, d * 0.68, d * 0.6))
    pygame.draw.polygon(surf, _c(lighten(shirt, 0.25)), [(cx - r * 0.5, cy + r * 1.4), (cx + r * 0.5, cy + r * 1.4),
                                                         (cx, cy + r * 2.2)])
    pygame.draw.rect(surf, _c(darken(skin, 0.12)), (cx - r * 0.36, cy + r * 0.6, r * 0.72, r * 0.95))
    pygame.draw.polygon(surf, _c(darken(skin, 0.12)), [(cx - r * 0.36, cy + r * 1.4), (cx + r * 0.36, cy + r * 1.4),
                                                       (cx, cy + r * 1.9)])
    # ears, head
    for side in (-1, 1):
        pygame.draw.circle(surf, _c(darken(skin, 0.06)), (cx + side * r * 0.98, cy + r * 0.1), r * 0.22)
    pygame.draw.ellipse(surf, _c(skin), (cx - r, cy - r * 1.05, 2 * r, 2.1 * r))
    if who == "paul":  # short spiky hair
        spikes = []
        for i in range(9):
            spikes.append(0.38 if i % 2 else 0.6)
        _hair_cap(surf, hair, cx, cy, r, [0.2] + spikes + [0.2])
        for i in range(5):
            a = math.radians(200 + 35 * i)
            tip = (cx + r * 1.32 * math.cos(a), cy + r * 1.32 * math.sin(a))
            pygame.draw.polygon(surf, _c(hair), [tip, (cx + r * 0.9 * math.cos(a - 0.35), cy + r * 0.9 * math.sin(a - 0.35)),
                                                 (cx + r * 0.9 * math.cos(a + 0.35), cy + r * 0.9 * math.sin(a + 0.35))])
    elif who == "petra":  # a side-swept fringe and a hair clip
        _hair_cap(surf, hair, cx, cy, r, [0.05, 0.3, 0.5, 0.62, 0.7, 0.74, 0.76, 0.7, 0.3], reach=1.1)
        pygame.draw.rect(surf, _c(GOLD), (cx + r * 0.45, cy - r * 0.92, r * 0.42, r * 0.16), border_radius=round(r * 0.08))
    elif who == "pia":  # hair drawn back, a headband in her colour
        _hair_cap(surf, hair, cx, cy, r, [0.2, 0.5, 0.62, 0.66, 0.62, 0.5, 0.2], reach=1.06)
        band = [(cx + r * 1.06 * math.cos(math.radians(a)), cy + r * 1.06 * math.sin(math.radians(a)) * 0.95 - r * 0.02)
                for a in range(195, 346, 10)]
        pygame.draw.lines(surf, _c(lighten(accent, 0.2)), False, band, max(1, round(r * 0.2)))
    elif who == "patrick":  # a cap with its peak to the side, tufts below it
        for side in (-1, 1):
            pygame.draw.circle(surf, _c(hair), (cx + side * r * 0.86, cy - r * 0.3), r * 0.3)
        dome = [(cx + r * 1.06 * math.cos(math.radians(a)), cy - r * 0.62 + r * 0.72 * math.sin(math.radians(a)))
                for a in range(180, 361, 8)]
        pygame.draw.polygon(surf, _c(accent), dome)
        pygame.draw.line(surf, _c(darken(accent, 0.25)), (cx, cy - r * 1.32), (cx, cy - r * 0.64), max(1, round(r * 0.06)))
        pygame.draw.ellipse(surf, _c(darken(accent, 0.3)), (cx - r * 0.2, cy - r * 0.74, r * 1.65, r * 0.3))
        pygame.draw.circle(surf, _c(lighten(accent, 0.4)), (cx, cy - r * 1.3), r * 0.12)
    _face(surf, cx, cy + r * 0.05, r, who)
    # round it off
    mask = canvas(d, d, (255, 255, 255))
    pygame.draw.circle(mask, (255, 255, 255, 255), (d / 2, d / 2), d / 2)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


def burst(d: int, colour: Colour, rays: int = 16) -> pygame.Surface:
    """Sun rays from the centre in one colour, for behind a portrait or a logo."""
    d = max(4, int(d))
    surf = canvas(d, d, colour)
    c = d / 2
    for i in range(rays):
        a0 = 2 * math.pi * i / rays
        a1 = a0 + math.pi / rays
        pygame.draw.polygon(surf, _c(colour), [(c, c), (c + d * math.cos(a0), c + d * math.sin(a0)),
                                                (c + d * math.cos(a1), c + d * math.sin(a1))])
    return surf


def tinted(colour: Colour, t: float) -> tuple[int, int, int]:
    """A colour pulled toward white (t > 0) or black (t < 0)."""
    return lighten(colour, t) if t >= 0 else darken(colour, -t)

