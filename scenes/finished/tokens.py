"""Finished!'s own pieces: the sweets and the coffee cups (drawn by code at the asked size,
cached; the pieces every game shares are in scenes/art/tokens.py and re-exported here)."""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from scenes.art._cache import cached
from scenes.art.draw import (apply_mask, blur, canvas, darken, down, finish, lighten, mix, radial, scale_for)
from scenes.art.tokens import *  # noqa: F401,F403 (the shared pieces: seat colours, shapes, buttons)
from scenes.art.tokens import _contact_shadow

sweet_colours: list[tuple[int, int, int]] = [
    (232, 64, 76),    # cherry
    (255, 146, 48),   # orange
    (250, 208, 60),   # lemon
    (120, 196, 84),   # lime
    (64, 190, 180),   # mint
    (70, 140, 230),   # blueberry
    (150, 100, 210),  # grape
    (240, 120, 180),  # strawberry cream
    (150, 92, 60),    # toffee
    (245, 240, 228),  # coconut
]


_CREAM = (246, 236, 214)


@cached(maxsize=128, stand_in=("d",))
def sweet(d: int, colour: Sequence[int] = sweet_colours[0]) -> pygame.Surface:
    """A wrapped boiled sweet seen from above: twisted cellophane ends, striped body, shine."""
    d = max(6, int(d))
    k = scale_for(d, d)
    D = d * k
    surf = canvas(D, D, colour)
    cx, cy = D / 2, D / 2
    bw, bh = D * 0.56, D * 0.46
    _contact_shadow(surf, (cx - bw * 0.52, cy - bh * 0.32 + D * 0.07, bw * 1.04, bh * 0.92), 90, D * 0.04)
    wrap = mix(colour, (255, 255, 255), 0.40)
    wrap_dark = darken(colour, 0.28)
    n = 6
    for side in (-1, 1):
        root = cx + side * bw * 0.36
        twist = cx + side * bw * 0.60
        end = cx + side * D * 0.49
        spread = bh * 0.46
        # the crimped outer edge bulges out a little: points on a shallow arc, zigzagged
        edge = []
        for i in range(n + 1):
            v = -1 + 2 * i / n
            bulge = (1 - v * v) * D * 0.035
            x = end + side * bulge - side * (D * 0.028 if i % 2 else 0)
            edge.append((x, cy + v * spread))
        fan = [(root, cy - bh * 0.26), (twist, cy - bh * 0.09)] + edge + [(twist, cy + bh * 0.09), (root, cy + bh * 0.26)]
        pygame.draw.polygon(surf, (*wrap, 240), fan)
        # pleats from the twist out to the crimp
        for x, y in edge[1:-1]:
            pygame.draw.line(surf, (*wrap_dark, 110), (twist, cy), (x, y), max(1, k))
        # light catching the upper half of the fan
        pygame.draw.polygon(surf, (255, 255, 255, 90), [(twist, cy - bh * 0.06), edge[0], edge[1], edge[2]])
        pygame.draw.lines(surf, (*wrap_dark, 200), False, edge, max(1, k))
        knot = [(twist - side * D * 0.03, cy - bh * 0.14), (twist + side * D * 0.015, cy - bh * 0.08),
                (twist + side * D * 0.015, cy + bh * 0.08), (twist - side * D * 0.03, cy + bh * 0.14)]
        pygame.draw.polygon(surf, (*wrap_dark, 255), knot)
    # body: radial shading, three soft stripes, a shine
    body = radial(round(bw), [(0.0, lighten(colour, 0.30)), (0.6, colour), (1.0, darken(colour, 0.30))])
    body = pygame.transform.smoothscale(body, (round(bw), round(bh)))
    stripes = canvas(round(bw), round(bh), (255, 255, 255))
    for i in (-1, 0, 1):
        x = bw / 2 + i * bw * 0.30
        pygame.draw.polygon(stripes, (255, 255, 255, 60), [(x - bw * 0.06, 0), (x + bw * 0.05, 0), (x + bw * 0.16, bh), (x + bw * 0.05, bh)])
    body.blit(stripes, (0, 0))
    mask = canvas(round(bw), round(bh), (255, 255, 255))
    pygame.draw.ellipse(mask, (255, 255, 255, 255), (0, 0, round(bw), round(bh)))
    apply_mask(body, mask)
    surf.blit(body, (round(cx - bw / 2), round(cy - bh / 2)))
    pygame.draw.ellipse(surf, (*darken(colour, 0.40), 200), (cx - bw / 2, cy - bh / 2, bw, bh), max(1, round(D * 0.012)))
    shine = canvas(D, D, (255, 255, 255))
    pygame.draw.ellipse(shine, (255, 255, 255, 190), (cx - bw * 0.30, cy - bh * 0.36, bw * 0.34, bh * 0.20))
    pygame.draw.circle(shine, (255, 255, 255, 150), (cx + bw * 0.22, cy - bh * 0.28), D * 0.022)
    surf.blit(blur(shine, max(1, round(D * 0.008))), (0, 0))
    return finish(down(surf, (d, d)))


@cached(maxsize=32, stand_in=("d",))
def coffee_cup(d: int, full: bool = True) -> pygame.Surface:
    """A white cup on its saucer, seen from a little above; steaming when full, a dry ring when
    empty."""
    d = max(8, int(d))
    k = scale_for(d, d)
    D = d * k
    surf = canvas(D, D, (240, 240, 240))
    cx = D * 0.47
    china = (250, 249, 246)
    shade = (206, 204, 200)
    # saucer
    sw, sh, sy = D * 0.90, D * 0.34, D * 0.80
    _contact_shadow(surf, (cx - sw / 2 + D * 0.02, sy - sh / 2 + D * 0.04, sw, sh), 110, D * 0.03)
    pygame.draw.ellipse(surf, (*shade, 255), (cx - sw / 2, sy - sh / 2 + D * 0.02, sw, sh))
    pygame.draw.ellipse(surf, (*china, 255), (cx - sw / 2, sy - sh / 2, sw, sh))
    pygame.draw.ellipse(surf, (*mix(china, shade, 0.45), 255), (cx - sw * 0.34, sy - sh * 0.34, sw * 0.68, sh * 0.68))
    pygame.draw.ellipse(surf, (*china, 255), (cx - sw * 0.30, sy - sh * 0.30, sw * 0.60, sh * 0.58))
    # handle (behind the body on the right)
    hx, hy = cx + D * 0.25, D * 0.56
    hr = D * 0.11
    pygame.draw.circle(surf, (*shade, 255), (hx, hy), hr, max(2, round(D * 0.045)))
    pygame.draw.circle(surf, (*china, 255), (hx - D * 0.005, hy - D * 0.008), hr, max(2, round(D * 0.032)))
    # body: a tapered bowl, lit from the left
    top_y, bot_y = D * 0.40, D * 0.76
    tw, bwid = D * 0.58, D * 0.36
    body = canvas(D, D, china)
    pts = []
    for i in range(21):
        t = i / 20
        y = top_y + (bot_y - top_y) * t
        half = (tw / 2) * (1 - t) + (bwid / 2) * t
        half *= 1 + 0.10 * math.sin(math.pi * t)  # bellied
        pts.append((cx + half, y))
    pts += [(cx + bwid / 2 * 0.9, bot_y + D * 0.02), (cx - bwid / 2 * 0.9, bot_y + D * 0.02)]
    pts += [(2 * cx - x, y) for x, y in reversed(pts[:21])]
    pygame.draw.polygon(body, (255, 255, 255, 255), pts)
    grad = pygame.Surface((D, D), pygame.SRCALPHA)
    for x in range(0, D):
        t = (x - (cx - tw / 2)) / tw
        c = mix((255, 255, 255), (196, 194, 190), max(0.0, min(1.0, (t - 0.25) * 1.3)))
        pygame.draw.line(grad, (*c, 255), (x, 0), (x, D))
    body.blit(grad, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(body, (0, 0))
    # rim and contents
    rim = (cx - tw / 2, top_y - D * 0.085, tw, D * 0.17)
    pygame.draw.ellipse(surf, (*china, 255), rim)
    inner = (rim[0] + D * 0.025, rim[1] + D * 0.018, rim[2] - D * 0.05, rim[3] - D * 0.036)
    if full:
        pygame.draw.ellipse(surf, (92, 52, 26, 255), inner)
        crema = (inner[0] + D * 0.03, inner[1] + D * 0.012, inner[2] - D * 0.06, inner[3] - D * 0.024)
        pygame.draw.ellipse(surf, (150, 96, 52, 255), crema)
        pygame.draw.ellipse(surf, (196, 146, 96, 255), (crema[0] + crema[2] * 0.25, crema[1] + crema[3] * 0.2,
                                                        crema[2] * 0.45, crema[3] * 0.5))
    else:
        pygame.draw.ellipse(surf, (222, 218, 212, 255), inner)
        pygame.draw.ellipse(surf, (150, 110, 80, 255), (inner[0] + inner[2] * 0.22, inner[1] + inner[3] * 0.40,
                                                        inner[2] * 0.56, inner[3] * 0.48), max(1, round(D * 0.01)))
        # a spoon resting on the saucer
        sx, sy2 = cx - D * 0.30, D * 0.86
        pygame.draw.line(surf, (170, 172, 178, 255), (sx, sy2), (sx + D * 0.26, sy2 - D * 0.06), max(2, round(D * 0.022)))
        pygame.draw.ellipse(surf, (186, 188, 194, 255), (sx - D * 0.07, sy2 - D * 0.025, D * 0.10, D * 0.05))
    pygame.draw.ellipse(surf, (*shade, 255), rim, max(1, round(D * 0.01)))
    if full:
        steam = canvas(D, D, (255, 255, 255))
        for j, off in enumerate((-0.09, 0.03, 0.13)):
            pts = []
            for i in range(24):
                t = i / 23
                y = top_y - D * 0.08 - t * D * 0.26
                wisp = cx + off * D + math.sin(t * 5.2 + j * 1.7) * D * 0.035
                pts.append((wisp, y))
            for a, b, i in zip(pts, pts[1:], range(23)):
                alpha = int(150 * math.sin(math.pi * (i / 23)))
                pygame.draw.line(steam, (255, 255, 255, alpha), a, b, max(2, round(D * 0.03)))
        surf.blit(blur(steam, max(1, round(D * 0.012))), (0, 0))
    return finish(down(surf, (d, d)))
