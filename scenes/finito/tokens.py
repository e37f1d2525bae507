"""Finito!'s own pieces: the wooden counters and the twenty-sided die (drawn by code at the
asked size, cached; the shared pieces are in scenes/art/tokens.py and re-exported here)."""
from __future__ import annotations

import math
import random
from typing import Sequence

import pygame

from scenes.art._cache import cached
from scenes.art.draw import (apply_mask, blur, canvas, darken, down, finish, lighten, luminance, mix, radial, scale_for)
from scenes.art.fonts import fit_text
from scenes.art.tokens import *  # noqa: F401,F403 (the shared pieces: seat colours, shapes, buttons)
from scenes.art.tokens import _contact_shadow, _round_joins, shape_icon

def _wood(D: int, colour: Sequence[int], seed: int) -> pygame.Surface:
    """A disc face of stained end-grain wood, D x D."""
    rng = random.Random(seed)
    stain = mix(colour, (176, 124, 74), 0.22)
    face = radial(D, [(0.0, lighten(stain, 0.12)), (0.7, stain), (1.0, darken(stain, 0.12))])
    rings = canvas(D, D)
    gx, gy = D * rng.uniform(-0.35, -0.15), D * rng.uniform(1.1, 1.4)  # the tree's heart, off the disc
    r = D * 0.75
    while r < D * 2.2:
        w = max(1, round(D * rng.uniform(0.004, 0.012)))
        pygame.draw.circle(rings, (*darken(stain, 0.35), rng.randint(20, 46)), (gx, gy), r, w)
        r += D * rng.uniform(0.025, 0.06)
    face.blit(blur(rings, max(1, D // 160)), (0, 0))
    return face


@cached(maxsize=32)
def _blank_counter(D: int, colour: tuple) -> pygame.Surface:
    """A counter's disc at the drawing size D (its side, face, bevel and rim), the same for
    every number of a colour: drawn once, then each counter only writes its number on a copy."""
    surf = canvas(D, D, darken(colour, 0.4))
    cx, cy = D / 2, D / 2
    R = D * 0.44
    thick = D * 0.045
    _contact_shadow(surf, (cx - R, cy - R + thick * 1.6, 2 * R, 2 * R), 120, D * 0.035)
    stain = mix(colour, (176, 124, 74), 0.22)
    pygame.draw.circle(surf, (*darken(stain, 0.45), 255), (cx, cy + thick), R)  # the disc's side
    face = _wood(round(2 * R), colour, seed=sum(colour[:3]) * 7 + 3)
    m = canvas(round(2 * R), round(2 * R), (255, 255, 255))
    pygame.draw.circle(m, (255, 255, 255, 255), (R, R), R)
    apply_mask(face, m)
    surf.blit(face, (round(cx - R), round(cy - R)))
    # bevel: light on the upper-left rim, shade on the lower-right
    bevel = canvas(D, D, (255, 255, 255))
    pygame.draw.circle(bevel, (255, 255, 255, 90), (cx, cy), R, max(1, round(D * 0.03)))
    cut = canvas(D, D)
    pygame.draw.circle(cut, (255, 255, 255, 255), (cx + D * 0.05, cy + D * 0.05), R)
    bevel.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    surf.blit(blur(bevel, max(1, round(D * 0.006))), (0, 0))
    pygame.draw.circle(surf, (*darken(stain, 0.5), 180), (cx, cy), R, max(1, round(D * 0.008)))
    return surf


@cached(maxsize=256)
def counter(d: int, colour: Sequence[int], number: int | str | None = None, shape: str | None = None,
            face_up: bool = True) -> pygame.Surface:
    """A round wooden counter stained `colour`, the number burnt in bold; a small shape emblem
    below the number helps colour-blind players. Face down shows the plain back."""
    d = max(8, int(d))
    k = scale_for(d, d)
    D = d * k
    surf = _blank_counter(D, tuple(colour)).copy()
    cx, cy = D / 2, D / 2
    R = D * 0.44
    stain = mix(colour, (176, 124, 74), 0.22)
    ink = (40, 26, 16) if luminance(stain) > 120 else (252, 244, 228)
    glint = (255, 250, 236) if ink[0] < 128 else (30, 18, 10)
    if face_up:
        text = "" if number is None else str(number)
        emblem = D * 0.20 if shape in SHAPES else 0
        ny = cy - emblem * 0.42
        if text:
            size = round(D * (0.46 if len(text) <= 2 else 0.36))
            img = fit_text(text, R * 1.5, size, ink, display=True)
            hi = fit_text(text, R * 1.5, size, glint, display=True).copy()
            hi.set_alpha(90)
            rect = img.get_rect(center=(round(cx), round(ny)))
            surf.blit(hi, rect.move(0, max(1, round(D * 0.008))))
            surf.blit(img, rect)
        if emblem and shape is not None:  # (an emblem is drawn for a known shape only)
            icon = shape_icon(shape, round(emblem), ink, outline=False)
            surf.blit(icon, icon.get_rect(center=(round(cx), round(cy + R * 0.58 if text else cy))))
    else:
        pygame.draw.circle(surf, (*ink, 70), (cx, cy), R * 0.66, max(1, round(D * 0.014)))
        pygame.draw.circle(surf, (*ink, 50), (cx, cy), R * 0.58, max(1, round(D * 0.008)))
        if shape in SHAPES:
            icon = shape_icon(shape, round(D * 0.34), ink, outline=False).copy()
            icon.set_alpha(150)
            surf.blit(icon, icon.get_rect(center=(round(cx), round(cy))))
    return finish(down(surf, (d, d)))


@cached(maxsize=64)
def die_d20(d: int, value: int, tint: Sequence[int] = (230, 70, 60)) -> pygame.Surface:
    """A twenty-sided die seen down a corner: hexagonal outline, ten facets, number on top."""
    d = max(10, int(d))
    k = scale_for(d, d)
    D = d * k
    surf = canvas(D, D, darken(tint, 0.3))
    cx, cy = D / 2, D / 2 - D * 0.01
    R = D * 0.47
    outer = [(cx + R * math.cos(math.radians(-90 + 60 * i)), cy + R * math.sin(math.radians(-90 + 60 * i))) for i in range(6)]
    ri = R * 0.56
    inner = [(cx + ri * math.cos(math.radians(-90 + 120 * i)), cy + ri * math.sin(math.radians(-90 + 120 * i))) for i in range(3)]
    sh = canvas(D, D)
    pygame.draw.polygon(sh, (0, 0, 0, 120), [(x, y + D * 0.035) for x, y in outer])
    surf.blit(blur(sh, max(1, round(D * 0.03))), (0, 0))
    light = (-0.55, -0.75)  # from the upper left
    faces = [inner]
    for i in range(3):
        a, b = inner[i], inner[(i + 1) % 3]
        o = outer[(2 * i + 1) % 6]
        faces.append([a, o, b])
        oi = outer[(2 * i) % 6]
        faces.append([a, outer[(2 * i - 1) % 6], oi])
        faces.append([a, oi, outer[(2 * i + 1) % 6]])
    for n, f in enumerate(faces):
        fx = sum(p[0] for p in f) / 3 - cx
        fy = sum(p[1] for p in f) / 3 - cy
        dist = math.hypot(fx, fy) / R
        lam = (fx * light[0] + fy * light[1]) / (R * 0.6)
        shade = 0.0 if n == 0 else -0.08 - 0.30 * dist + 0.22 * lam
        col = lighten(tint, shade) if shade > 0 else darken(tint, -shade)
        pygame.draw.polygon(surf, (*col, 255), f)
    edge = lighten(tint, 0.45)
    lw = max(1, round(D * 0.012))
    for f in faces:
        pygame.draw.polygon(surf, (*edge, 150), f, lw)
    pygame.draw.polygon(surf, (*darken(tint, 0.5), 255), outer, max(1, round(D * 0.016)))
    _round_joins(surf, darken(tint, 0.5), outer, max(1, round(D * 0.016)) / 2)
    text = str(value)
    size = round(D * (0.34 if len(text) < 2 else 0.29))
    ty = cy + ri * 0.12
    img = fit_text(text, ri * 1.22, size, (255, 255, 255), display=True)
    back = fit_text(text, ri * 1.22, size, darken(tint, 0.6), display=True)
    rect = img.get_rect(center=(round(cx), round(ty)))
    for ox, oy in ((0, 2), (1, 1), (-1, 1), (0, 1)):
        surf.blit(back, rect.move(ox * k, oy * k))
    surf.blit(img, rect)
    if text in ("6", "9"):
        uw = max(1, round(D * 0.012))
        pygame.draw.line(surf, (255, 255, 255, 255), (rect.left + rect.w * 0.2, rect.bottom - rect.h * 0.1),
                         (rect.right - rect.w * 0.2, rect.bottom - rect.h * 0.1), uw)
    return finish(down(surf, (d, d)))
