"""Drawing helpers shared by the art modules: supersampled canvases, masks, gradients, glows.

Everything is drawn at SCALE times the asked size and smoothscaled down, which gives clean
anti-aliased edges from pygame's plain (aliased) primitives.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

Colour = Sequence[int]
Point = tuple[float, float]


def scale_for(w: int, h: int) -> int:
    """Supersampling factor: more for small pieces, where every edge pixel shows.

    Only 2 or 4: pygame's smoothscale loses precision at other ratios (a 3:1 shrink turns
    opaque 255 into 253 and darkens colours by two levels).
    """
    return 4 if max(w, h) <= 120 else 2


def canvas(w: float, h: float, bg: Colour = (0, 0, 0)) -> pygame.Surface:
    """A transparent surface whose invisible pixels carry `bg`'s colour.

    Smoothscale averages colour without premultiplying; giving the transparent pixels the
    colour of the shape's edge keeps a dark fringe off the anti-aliased rim.
    """
    surf = pygame.Surface((max(1, int(w)), max(1, int(h))), pygame.SRCALPHA)
    surf.fill((bg[0], bg[1], bg[2], 0))
    return surf


def down(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Smoothscale a supersampled drawing to its final size."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    if surf.get_size() == size:
        return surf
    return pygame.transform.smoothscale(surf, size)


def finish(surf: pygame.Surface) -> pygame.Surface:
    """Match the display's pixel format when there is one (faster blits)."""
    try:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surf.convert_alpha()
    except pygame.error:
        pass
    return surf


def opaque(surf: pygame.Surface) -> pygame.Surface:
    """An opaque picture in the display's pixel format (convert()), the picture itself when it
    is so already: the same pixels without a copy (a 2560x1440 copy costs 10 to 15 ms, most of
    it the fresh memory's first touch)."""
    try:
        screen = pygame.display.get_surface() if pygame.display.get_init() else None
    except pygame.error:
        screen = None
    if screen is None:
        return surf
    if (surf.get_bitsize() == screen.get_bitsize() and surf.get_masks() == screen.get_masks()
            and not surf.get_flags() & pygame.SRCALPHA and surf.get_colorkey() is None
            and surf.get_alpha() is None):
        return surf
    return surf.convert()


def mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    """Linear blend of two RGB colours, t=0 gives a, t=1 gives b."""
    t = max(0.0, min(1.0, t))
    return (
        int(round(a[0] + (b[0] - a[0]) * t)),
        int(round(a[1] + (b[1] - a[1]) * t)),
        int(round(a[2] + (b[2] - a[2]) * t)),
    )


def lighten(c: Colour, t: float) -> tuple[int, int, int]:
    """Blend toward white."""
    return mix(c, (255, 255, 255), t)


def darken(c: Colour, t: float) -> tuple[int, int, int]:
    """Blend toward black."""
    return mix(c, (0, 0, 0), t)


def luminance(c: Colour) -> float:
    """Perceived brightness 0..255."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def ink_for(c: Colour) -> tuple[int, int, int]:
    """A readable text colour on a background of colour c."""
    return (30, 24, 20) if luminance(c) > 150 else (252, 250, 245)


def rounded_mask(w: int, h: int, radius: int) -> pygame.Surface:
    """White opaque rounded rectangle on transparent: multiply it in to clip."""
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=max(0, radius))
    return mask


def apply_mask(surf: pygame.Surface, mask: pygame.Surface, pos: tuple[int, int] = (0, 0)) -> None:
    """Clip surf to mask in place: alpha becomes min(alpha, mask alpha); colours are kept."""
    surf.blit(mask, pos, special_flags=pygame.BLEND_RGBA_MIN)


def vgradient(w: int, h: int, stops: Sequence[tuple[float, Colour]], alpha: int = 255) -> pygame.Surface:
    """Vertical gradient through (position 0..1, colour) stops."""
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    stops = sorted(stops, key=lambda s: s[0])
    # rows of one colour are filled as one band (a gradient over a tall picture repeats each
    # colour for many rows: a 1400-row panel took 1400 line draws), and mix() is written out
    # (the same arithmetic, without a call per row)
    segments = [(p0, p1, max(1e-6, p1 - p0), c0[0], c0[1], c0[2], c1[0] - c0[0], c1[1] - c0[1], c1[2] - c0[2])
                for (p0, c0), (p1, c1) in zip(stops, stops[1:])]
    span = max(1, h - 1)
    band_start, band_colour = 0, None
    col: tuple[int, ...]
    for y in range(h):
        t = y / span
        for p0, p1, d, r, g, b, dr, dg, db in segments:
            if p0 <= t <= p1:
                u = max(0.0, min(1.0, (t - p0) / d))
                col = (int(round(r + dr * u)), int(round(g + dg * u)), int(round(b + db * u)), alpha)
                break
        else:
            col = (*tuple(stops[0][1] if t < stops[0][0] else stops[-1][1])[:3], alpha)
        if col != band_colour:
            if band_colour is not None:
                surf.fill(band_colour, (0, band_start, max(1, w), y - band_start))
            band_start, band_colour = y, col
    if band_colour is not None:
        surf.fill(band_colour, (0, band_start, max(1, w), h - band_start))
    return surf


def radial(d: int, stops: Sequence[tuple[float, Colour]], steps: int = 64) -> pygame.Surface:
    """A d x d radial gradient; stops are (radius fraction 0..1, RGBA or RGB colour)."""
    small = max(8, min(d, 128))
    surf = pygame.Surface((small, small), pygame.SRCALPHA)
    last = stops[-1][1]
    surf.fill((*last[:3], 0))
    c = small / 2
    for i in range(steps, -1, -1):
        t = i / steps
        for j in range(len(stops) - 1):
            (p0, c0), (p1, c1) = stops[j], stops[j + 1]
            if p0 <= t <= p1:
                u = (t - p0) / max(1e-6, p1 - p0)
                a0 = c0[3] if len(c0) > 3 else 255
                a1 = c1[3] if len(c1) > 3 else 255
                col = (*mix(c0, c1, u), int(a0 + (a1 - a0) * u))
                break
        else:
            continue
        pygame.draw.circle(surf, col, (c, c), max(0.5, t * c))
    return pygame.transform.smoothscale(surf, (d, d)) if d != small else surf


SMALL_BLUR = 3  # the radius a wide blur is worked at, on a copy shrunk to match
FULL_BLUR = 4  # up to this radius the blur is worked at full size (little to gain, detail to lose)


def blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """Gaussian blur that keeps working on tiny radii.

    pygame's gaussian_blur costs time in proportion to the radius for every pixel (a radius of
    16 on a 456 px counter took 110 ms). A wider blur is worked on a copy shrunk so that the
    radius there is SMALL_BLUR, then smoothscaled back: what a wide blur leaves has no detail
    that the shrinking could lose, and the spread comes out within a few percent of the full
    one at a fraction of the cost.
    """
    radius = int(radius)
    if radius < 1:
        return surf
    w, h = surf.get_size()
    if radius <= FULL_BLUR:
        return pygame.transform.gaussian_blur(surf, radius)
    shrink = radius / SMALL_BLUR * 0.95  # shrinking and scaling back spread it a little too
    small = (max(1, round(w / shrink)), max(1, round(h / shrink)))
    if min(small) < 2 * SMALL_BLUR + 1:  # too small to shrink: the picture is tiny anyway
        return pygame.transform.gaussian_blur(surf, radius)
    soft = pygame.transform.gaussian_blur(pygame.transform.smoothscale(surf, small), SMALL_BLUR)
    return pygame.transform.smoothscale(soft, (w, h))


def polygon_points(shape: str, cx: float, cy: float, r: float, rot: float = 0.0) -> list[Point]:
    """Vertices of a regular shape centred on (cx, cy) with outer radius r."""
    if shape == "triangle":
        n, start, radii = 3, -90.0, [r]
        cy += r * 0.18  # optical centring: a triangle looks high when centred on its circumcircle
    elif shape == "square":
        n, start, radii = 4, 45.0, [r]
    elif shape == "diamond":
        n, start, radii = 4, -90.0, [r]
    elif shape == "hexagon":
        n, start, radii = 6, -90.0, [r]
    elif shape == "star":
        n, start, radii = 10, -90.0, [r, r * 0.46]
    else:
        n, start, radii = 40, 0.0, [r]
    pts = []
    for i in range(n):
        a = math.radians(start + rot + 360.0 * i / n)
        rr = radii[i % len(radii)]
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts
