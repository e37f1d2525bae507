"""Flag Finish's own piece: the checkered flag (drawn by code at the asked size, cached; the
shared pieces are in scenes/art/tokens.py and re-exported here)."""
from __future__ import annotations

import math

import pygame

from scenes.art._cache import cached
from scenes.art.draw import (canvas, darken, down, finish, lighten, scale_for)
from scenes.art.tokens import *  # noqa: F401,F403 (the shared pieces: seat colours, shapes, buttons)


@cached(maxsize=32)
def flag_icon(d: int) -> pygame.Surface:
    """A waving checkered flag on a pole with a brass knob."""
    d = max(8, int(d))
    k = scale_for(d, d)
    D = d * k
    surf = canvas(D, D, (40, 40, 40))
    px = D * 0.16
    top, bottom = D * 0.10, D * 0.94
    pw = max(2, round(D * 0.05))
    pygame.draw.line(surf, (92, 64, 40, 255), (px, top), (px, bottom), pw)
    pygame.draw.line(surf, (150, 112, 76, 255), (px - pw * 0.25, top), (px - pw * 0.25, bottom), max(1, pw // 3))
    pygame.draw.circle(surf, (206, 160, 60, 255), (px, top), pw * 0.95)
    pygame.draw.circle(surf, (250, 220, 140, 255), (px - pw * 0.3, top - pw * 0.3), pw * 0.35)
    cols, rows = 6, 4
    fw, fh = D * 0.74, D * 0.48
    x0, y0 = px + pw * 0.4, top + D * 0.03

    def at(u: float, v: float) -> tuple[float, float]:
        wave = math.sin(u * math.pi * 1.6) * D * 0.05 * u
        return (x0 + u * fw, y0 + v * fh + wave + u * D * 0.03)

    for i in range(cols):
        for j in range(rows):
            u0, u1, v0, v1 = i / cols, (i + 1) / cols, j / rows, (j + 1) / rows
            quad = [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]
            slope = math.cos((u0 + u1) / 2 * math.pi * 1.6)
            light = 0.12 * slope
            base = (246, 244, 238) if (i + j) % 2 == 0 else (34, 34, 38)
            col = lighten(base, light) if light > 0 else darken(base, -light)
            pygame.draw.polygon(surf, (*col, 255), quad)
            pygame.draw.polygon(surf, (*col, 255), quad, 1)
    outline = [at(i / 24, 0) for i in range(25)] + [at(1, v / 4) for v in range(1, 5)] + [at(1 - i / 24, 1) for i in range(1, 25)]
    pygame.draw.lines(surf, (20, 20, 24, 255), True, outline, max(1, round(D * 0.012)))
    return finish(down(surf, (d, d)))
