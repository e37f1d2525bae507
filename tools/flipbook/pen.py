"""A drawing pen: shapes given in picture units (960 x 720), drawn supersampled.

Everything is turned into a polygon and drawn with pygame.gfxdraw (a filled polygon plus
an antialiased outline), on a surface ``scale`` times larger than the picture; the
caller box-filters it down afterwards. gfxdraw blends translucent colours itself with
plain integer arithmetic, so the output does not depend on the CPU's blitters.

Colours pass through ``tint`` (the room's light: a multiply colour) unless the pen is
told a shape is ``lit`` (the sky, the screen, the lamp: things that give light).
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

import pygame
import pygame.gfxdraw as gfx

Point = tuple[float, float]
Colour = tuple[int, ...]


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def mix(c1: Sequence[int], c2: Sequence[int], t: float) -> Colour:
    """Blend two colours (same length) by t in [0, 1]."""
    t = max(0.0, min(1.0, t))
    return tuple(int(round(lerp(a, b, t))) for a, b in zip(c1, c2))


def with_alpha(c: Sequence[int], a: int) -> Colour:
    return (c[0], c[1], c[2], a)


def rotate(p: Point, origin: Point, degrees: float) -> Point:
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    x, y = p[0] - origin[0], p[1] - origin[1]
    return (origin[0] + x * ca - y * sa, origin[1] + x * sa + y * ca)


class Xform:
    """Local drawing coordinates: rotate by ``angle`` degrees about local (0, 0), then
    move to ``origin``. Used for the head, the mug, held folders."""

    def __init__(self, origin: Point, angle: float = 0.0, sx: float = 1.0, sy: float = 1.0):
        self.origin = origin
        self.angle = angle
        self.sx = sx
        self.sy = sy
        a = math.radians(angle)
        self.ca, self.sa = math.cos(a), math.sin(a)

    def __call__(self, p: Point) -> Point:
        x, y = p[0] * self.sx, p[1] * self.sy
        return (self.origin[0] + x * self.ca - y * self.sa,
                self.origin[1] + x * self.sa + y * self.ca)

    def pts(self, pts: Iterable[Point]) -> list[Point]:
        return [self(p) for p in pts]


# ---- shape outlines (lists of points) --------------------------------------------------

def ellipse_pts(cx: float, cy: float, rx: float, ry: float, n: int = 0,
                a0: float = 0.0, a1: float = 360.0) -> list[Point]:
    if n <= 0:
        n = max(16, int((rx + ry) * 0.9))
    out = []
    for i in range(n + (0 if a1 - a0 >= 360 else 1)):
        a = math.radians(a0 + (a1 - a0) * i / n)
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def rrect_pts(x: float, y: float, w: float, h: float, r: float | Sequence[float]) -> list[Point]:
    """A rounded rectangle; r is one radius or four (top-left, top-right, bottom-right,
    bottom-left)."""
    rs = [r] * 4 if isinstance(r, (int, float)) else list(r)
    rs = [max(0.0, min(v, w / 2, h / 2)) for v in rs]
    corners = [(x + rs[0], y + rs[0], 180), (x + w - rs[1], y + rs[1], 270),
               (x + w - rs[2], y + h - rs[2], 0), (x + rs[3], y + h - rs[3], 90)]
    out: list[Point] = []
    for (cx, cy, start), rad in zip(corners, rs):
        if rad <= 0.5:
            out.append((cx, cy))
            continue
        n = max(4, int(rad * 0.6))
        for i in range(n + 1):
            a = math.radians(start + 90 * i / n)
            out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


def stroke_pts(pts: Sequence[Point], w: float, w_end: float | None = None,
               caps: bool = True) -> list[Point]:
    """The outline of a thick polyline with round caps (for smooth curves and lines).
    The width may taper linearly from ``w`` to ``w_end``."""
    if w_end is None:
        w_end = w
    n = len(pts)
    if n < 2:
        return []
    lefts, rights = [], []
    for i in range(n):
        if i == 0:
            dx, dy = pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]
        elif i == n - 1:
            dx, dy = pts[-1][0] - pts[-2][0], pts[-1][1] - pts[-2][1]
        else:
            dx, dy = pts[i + 1][0] - pts[i - 1][0], pts[i + 1][1] - pts[i - 1][1]
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln, dx / ln
        half = lerp(w, w_end, i / (n - 1)) / 2
        lefts.append((pts[i][0] + nx * half, pts[i][1] + ny * half))
        rights.append((pts[i][0] - nx * half, pts[i][1] - ny * half))
    out = list(lefts)
    if caps:
        out += _cap(pts[-1], pts[-2], w_end / 2)
    out += list(reversed(rights))
    if caps:
        out += _cap(pts[0], pts[1], w / 2)
    return out


def _cap(end: Point, before: Point, r: float) -> list[Point]:
    ang = math.atan2(end[1] - before[1], end[0] - before[0])
    n = max(4, int(r * 0.8))
    out = []
    for i in range(1, n):
        a = ang + math.pi / 2 - math.pi * i / n
        out.append((end[0] + r * math.cos(a), end[1] + r * math.sin(a)))
    return out


def arc_pts(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float,
            n: int = 16) -> list[Point]:
    """Points along an elliptic arc from a0 to a1 degrees (0 = right, 90 = down)."""
    return [(cx + rx * math.cos(math.radians(lerp(a0, a1, i / n))),
             cy + ry * math.sin(math.radians(lerp(a0, a1, i / n)))) for i in range(n + 1)]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point | None = None, n: int = 16) -> list[Point]:
    """A quadratic (3 points) or cubic (4 points) Bezier curve as points."""
    out = []
    for i in range(n + 1):
        t = i / n
        if p3 is None:
            x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0]
            y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]
        else:
            x = ((1 - t) ** 3 * p0[0] + 3 * (1 - t) ** 2 * t * p1[0]
                 + 3 * (1 - t) * t * t * p2[0] + t ** 3 * p3[0])
            y = ((1 - t) ** 3 * p0[1] + 3 * (1 - t) ** 2 * t * p1[1]
                 + 3 * (1 - t) * t * t * p2[1] + t ** 3 * p3[1])
        out.append((x, y))
    return out


# ---- the pen ---------------------------------------------------------------------------

class Pen:
    def __init__(self, surface: pygame.Surface, scale: int):
        self.surface = surface
        self.k = scale
        self.tint: Sequence[float] | None = None  # multiply factors 0..1 per channel

    def col(self, c: Sequence[int], lit: bool = False) -> Colour:
        if self.tint is None or lit:
            return tuple(int(v) for v in c)
        r, g, b = (int(round(c[i] * self.tint[i])) for i in range(3))
        return (r, g, b) if len(c) == 3 else (r, g, b, int(c[3]))

    def _px(self, pts: Iterable[Point]) -> list[tuple[int, int]]:
        k = self.k
        return [(int(round(x * k)), int(round(y * k))) for x, y in pts]

    def poly(self, c: Sequence[int], pts: Sequence[Point], lit: bool = False,
             aa: bool = True) -> None:
        if len(pts) < 3:
            return
        colour = self.col(c, lit)
        px = self._px(pts)
        gfx.filled_polygon(self.surface, px, colour)
        if aa and (len(colour) == 3 or colour[3] == 255):
            gfx.aapolygon(self.surface, px, colour)

    def rect(self, c, x, y, w, h, lit=False) -> None:
        """An axis-aligned rectangle, exact on the pixel grid (no outline)."""
        k = self.k
        colour = self.col(c, lit)
        r = pygame.Rect(int(round(x * k)), int(round(y * k)),
                        int(round((x + w) * k)) - int(round(x * k)),
                        int(round((y + h) * k)) - int(round(y * k)))
        if len(colour) == 4 and colour[3] < 255:
            gfx.box(self.surface, r, colour)
        else:
            self.surface.fill(colour[:3], r)

    def rrect(self, c, x, y, w, h, r, lit=False) -> None:
        self.poly(c, rrect_pts(x, y, w, h, r), lit)

    def ellipse(self, c, cx, cy, rx, ry, lit=False, n=0) -> None:
        self.poly(c, ellipse_pts(cx, cy, rx, ry, n), lit)

    def circle(self, c, cx, cy, r, lit=False) -> None:
        self.poly(c, ellipse_pts(cx, cy, r, r), lit)

    def stroke(self, c, pts, w, w_end=None, lit=False) -> None:
        self.poly(c, stroke_pts(pts, w, w_end), lit)

    def line(self, c, a: Point, b: Point, w: float, lit=False) -> None:
        self.poly(c, stroke_pts([a, b], w), lit)

    def vgradient(self, top, bottom, x, y, w, h, lit=False, stops=None) -> None:
        """A vertical gradient filling a rectangle, row by row at full resolution.
        ``stops`` may give extra (t, colour) stops between top (t=0) and bottom (t=1)."""
        k = self.k
        x0, x1 = int(round(x * k)), int(round((x + w) * k))
        y0, y1 = int(round(y * k)), int(round((y + h) * k))
        pts = [(0.0, top)] + list(stops or []) + [(1.0, bottom)]
        for row in range(y0, y1):
            t = (row - y0 + 0.5) / max(1, y1 - y0)
            for (ta, ca), (tb, cb) in zip(pts, pts[1:]):
                if ta <= t <= tb:
                    c = mix(ca, cb, (t - ta) / max(1e-9, tb - ta))
                    break
            self.surface.fill(self.col(c, lit), (x0, row, x1 - x0, 1))

    def glow(self, c, cx, cy, rx, ry, alpha: int, rings: int = 14, lit=True) -> None:
        """A soft radial glow (or shadow): concentric translucent ellipses, strongest in
        the middle."""
        for i in range(rings):
            f = 1.0 - i / rings
            a = max(1, int(round(alpha / rings)))
            self.poly(with_alpha(c[:3], a), ellipse_pts(cx, cy, rx * f, ry * f, 48), lit, aa=False)
