"""Things that sit on the table: sweets, coffee cups, wooden counters, a d20, the checkered flag,
shape emblems, buttons and panels, and the seat colours.

Every function returns a cached Surface with per-pixel alpha, exactly the asked size,
drawn supersampled so it stays crisp at any size. The drawings include their own soft
contact shadow, so a token dropped on the felt looks like it rests there.
"""
from __future__ import annotations

import math
import random
import zlib
from typing import Sequence

import pygame

from ._cache import cached
from .diskcache import startup_picture
from .draw import (apply_mask, blur, canvas, darken, down, finish, lighten, luminance, mix,
                   polygon_points, radial, rounded_mask, scale_for, vgradient)
from .fonts import fit_text

SHAPES = ("circle", "triangle", "square", "diamond", "star", "hexagon")

# Six seat colours after Okabe & Ito's colour-blind-safe palette (their green dropped: it
# vanishes on the felt), each paired with a shape so that no one has to rely on hue alone.
SEAT_COLOURS: list[tuple[int, int, int]] = [
    (222, 84, 44),    # vermilion
    (86, 170, 232),   # sky blue
    (240, 206, 64),   # yellow
    (200, 110, 170),  # reddish purple
    (24, 94, 178),    # deep blue
    (238, 236, 228),  # pearl white
]
SEAT_SHAPES: list[str] = ["circle", "triangle", "square", "diamond", "star", "hexagon"]
SEAT_NAMES: list[str] = ["red", "sky", "yellow", "purple", "blue", "white"]

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


def _contact_shadow(surf: pygame.Surface, rect: tuple[float, float, float, float], alpha: int, soft: float) -> None:
    """A blurred ellipse under an object, drawn into surf."""
    sh = canvas(*surf.get_size())
    pygame.draw.ellipse(sh, (0, 0, 0, alpha), rect)
    surf.blit(blur(sh, max(1, round(soft))), (0, 0))


# ---------------------------------------------------------------- sweets

@cached(maxsize=128)
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


# ---------------------------------------------------------------- coffee

@cached(maxsize=32)
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
                x = cx + off * D + math.sin(t * 5.2 + j * 1.7) * D * 0.035
                pts.append((x, y))
            for a, b, i in zip(pts, pts[1:], range(23)):
                alpha = int(150 * math.sin(math.pi * (i / 23)))
                pygame.draw.line(steam, (255, 255, 255, alpha), a, b, max(2, round(D * 0.03)))
        surf.blit(blur(steam, max(1, round(D * 0.012))), (0, 0))
    return finish(down(surf, (d, d)))


# ---------------------------------------------------------------- shapes and counters

@cached(maxsize=256)
def shape_icon(shape: str, d: int, colour: Sequence[int] = (250, 247, 240), outline: bool = True) -> pygame.Surface:
    """A filled emblem (circle, triangle, square, diamond, star, hexagon) with a dark edge."""
    d = max(4, int(d))
    k = scale_for(d, d) * 2
    D = d * k
    surf = canvas(D, D, colour)
    r = D * 0.46
    edge = max(1, round(D * 0.07)) if outline else 0
    if shape == "circle" or shape not in SHAPES:
        if edge:
            pygame.draw.circle(surf, (*darken(colour, 0.55), 255), (D / 2, D / 2), r)
        pygame.draw.circle(surf, (*colour[:3], 255), (D / 2, D / 2), r - edge)
    else:
        rr = r if shape != "square" else r * 1.0
        if edge:
            pts = polygon_points(shape, D / 2, D / 2, rr)
            pygame.draw.polygon(surf, (*darken(colour, 0.55), 255), pts)
        inset = edge * (2.2 if shape in ("triangle", "star") else 1.45)
        pygame.draw.polygon(surf, (*colour[:3], 255), polygon_points(shape, D / 2, D / 2, rr - inset))
    return finish(down(surf, (d, d)))


def _round_joins(surf, colour, pts, r) -> None:
    for p in pts:
        pygame.draw.circle(surf, (*colour[:3], 255), p, r)


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


@cached(maxsize=256)
def counter(d: int, colour: Sequence[int], number: int | str | None = None, shape: str | None = None,
            face_up: bool = True) -> pygame.Surface:
    """A round wooden counter stained `colour`, the number burnt in bold; a small shape emblem
    below the number helps colour-blind players. Face down shows the plain back."""
    d = max(8, int(d))
    k = scale_for(d, d)
    D = d * k
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
        if emblem:
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


# ---------------------------------------------------------------- d20

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


# ---------------------------------------------------------------- flag

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


# ---------------------------------------------------------------- buttons and panels

_BUTTON = {
    # state: (top, bottom, border, text)
    "normal": ((250, 244, 230), (226, 214, 190), (120, 92, 64), (52, 38, 26)),
    "primary": ((255, 204, 96), (236, 146, 46), (150, 78, 22), (58, 28, 8)),
    "disabled": ((140, 140, 136), (118, 118, 114), (90, 90, 88), (200, 200, 196)),
}


@cached(maxsize=256)
def button(w: int, h: int, text: str, state: str = "normal", primary: bool = False) -> pygame.Surface:
    """A rounded, slightly raised button; state is normal, hover, pressed or disabled.

    The surface is exactly w x h in every state (pressed sinks the face into its lip), so a
    button never moves its hit box. The first frame's buttons come from the disk cache.
    """
    w, h = max(8, int(w)), max(8, int(h))
    key = f"button-{w}x{h}-{state}-{int(bool(primary))}-{zlib.crc32(text.encode()):08x}"
    return startup_picture(key, lambda: _draw_button(w, h, text, state, primary), _BUTTON_MODULES, keep=64)


_BUTTON_MODULES = ("scenes.art.tokens", "scenes.art.draw", "scenes.art.fonts")


def _draw_button(w: int, h: int, text: str, state: str, primary: bool) -> pygame.Surface:
    k = scale_for(w, h)
    W, H = w * k, h * k
    key = "disabled" if state == "disabled" else "primary" if primary else "normal"
    top, bottom, border, ink = _BUTTON[key]
    if state == "hover":
        top, bottom = lighten(top, 0.35), lighten(bottom, 0.18)
    elif state == "pressed":
        top, bottom = darken(top, 0.10), darken(bottom, 0.06)
    lip = max(k, round(h * 0.08) * k)
    r = min(H // 2, round(min(w, h) * 0.28) * k)
    surf = canvas(W, H, border)
    face_h = H - lip
    dy = lip if state == "pressed" else 0
    pygame.draw.rect(surf, (*darken(border, 0.2), 255), (0, lip, W, face_h), border_radius=r)
    bw = max(k, round(k * max(1.0, h * 0.03)))
    pygame.draw.rect(surf, (*border, 255), (0, dy, W, face_h), border_radius=r)
    face = vgradient(W - 2 * bw, face_h - 2 * bw, [(0.0, top), (1.0, bottom)])
    apply_mask(face, rounded_mask(W - 2 * bw, face_h - 2 * bw, max(0, r - bw)))
    surf.blit(face, (bw, dy + bw))
    # a glossy line along the top inside edge
    gloss = canvas(W, H, (255, 255, 255))
    pygame.draw.rect(gloss, (255, 255, 255, 110 if state != "disabled" else 40),
                     (bw * 2, dy + bw * 1.5, W - bw * 4, max(k, face_h * 0.42)), border_radius=max(0, r - bw * 2))
    g2 = canvas(W, H)
    pygame.draw.rect(g2, (255, 255, 255, 255), (bw * 2, dy + bw * 1.5 + max(k, face_h * 0.42) * 0.35, W, H))
    gloss.blit(g2, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    surf.blit(gloss, (0, 0))
    out = down(surf, (w, h))
    if text:
        size = max(8, round((h - lip / k) * 0.46))
        img = fit_text(text, w - 2 * max(6, round(h * 0.35)), size, ink, bold=True)
        rect = img.get_rect(center=(w // 2, round((dy / k) + (face_h / k) / 2)))
        if state != "disabled":
            glow = fit_text(text, w - 2 * max(6, round(h * 0.35)), size, lighten(top, 0.6), bold=True).copy()
            glow.set_alpha(120)
            out.blit(glow, rect.move(0, 1))
        out.blit(img, rect)
    if state == "disabled":
        out.fill((255, 255, 255, 175), special_flags=pygame.BLEND_RGBA_MULT)
    return finish(out)


@cached(maxsize=64)
def panel(w: int, h: int, alpha: int = 200, radius: int | None = None) -> pygame.Surface:
    """A dark translucent rounded panel for menus, dialogs and score sheets."""
    w, h = max(4, int(w)), max(4, int(h))
    alpha = max(0, min(255, int(alpha)))
    r = round(min(w, h) * 0.06) if radius is None else int(radius)
    r = max(2, min(r, 22))
    k = 2 if max(w, h) < 1200 else 1
    W, H = w * k, h * k
    surf = canvas(W, H, (20, 24, 28))
    body = vgradient(W, H, [(0.0, (34, 40, 44)), (1.0, (16, 19, 22))], alpha)
    apply_mask(body, rounded_mask(W, H, r * k))
    surf.blit(body, (0, 0))
    pygame.draw.rect(surf, (255, 244, 220, min(255, alpha // 3)), (0, 0, W, H), max(1, k), border_radius=r * k)
    pygame.draw.rect(surf, (255, 255, 255, min(255, alpha // 8)), (k * 2, k * 2, W - k * 4, H - k * 4), max(1, k),
                     border_radius=max(0, (r - 2) * k))
    return finish(down(surf, (w, h)))


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of seat number `seat` (0-based; wraps around)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> str:
    """The emblem shape of seat number `seat` (0-based; wraps around)."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]
