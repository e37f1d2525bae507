"""The table itself: felt, blank cards, card backs, shadows, drop-target glows, empty zones.

Every function returns a cached Surface drawn by code at the asked size. Cards are drawn
supersampled and smoothscaled down, so they stay crisp from thumbnail to 4K.
Sizes: card_blank, card_back and zone_outline are exactly (w, h). card_shadow and highlight
spill past the card; they are larger than (w, h) by the same margin on every side, so blit them
centred on the card's rect: ``screen.blit(s, s.get_rect(center=card_rect.center))``.
"""
from __future__ import annotations

import math
from typing import Generator, Sequence

import pygame

from ._cache import cached
from .draw import (apply_mask, blur, canvas, darken, down, finish, lighten, mix, polygon_points,
                   radial, rounded_mask, scale_for, vgradient)
from .felt import FELT, felt  # noqa: F401 (the table's look: its felt)
from .fonts import fit_text, font, wrap_lines

PAPER = (250, 247, 240)
INK_BORDER = (60, 50, 40)
CARD_BACK_STYLES = ("classic", "waves", "stars", "plain")



# ---------------------------------------------------------------- cards

def card_radius(w: int, h: int) -> int:
    """Corner radius that looks right for a card of this size."""
    return max(2, round(min(w, h) * 0.075))


def _border_width(w: int, h: int) -> float:
    return max(1.0, min(w, h) * 0.012)


def _card_body(w: int, h: int, k: int, fill: Sequence[int], border: Sequence[int], radius: int) -> pygame.Surface:
    """The card at k times size: border colour rim, paper gradient inside."""
    W, H, R = w * k, h * k, radius * k
    bw = max(k, round(_border_width(w, h) * k))
    surf = canvas(W, H, border)
    pygame.draw.rect(surf, (*border[:3], 255), (0, 0, W, H), border_radius=R)
    paper = vgradient(W - 2 * bw, H - 2 * bw, [(0.0, lighten(fill, 0.35)), (0.55, fill), (1.0, darken(fill, 0.045))])
    apply_mask(paper, rounded_mask(W - 2 * bw, H - 2 * bw, max(0, R - bw)))
    surf.blit(paper, (bw, bw))
    return surf


@cached(maxsize=256, stand_in=("w", "h"))
def card_blank(w: int, h: int, fill: Sequence[int] = PAPER, border: Sequence[int] = INK_BORDER,
               radius: int | None = None) -> pygame.Surface:
    """A card-shaped rounded rectangle: thin border, paper gradient, transparent corners."""
    w, h = max(2, int(w)), max(2, int(h))
    r = card_radius(w, h) if radius is None else max(0, int(radius))
    k = scale_for(w, h)
    return finish(down(_card_body(w, h, k, fill, border, r), (w, h)))


def shadow_margin(w: int, h: int) -> int:
    """How far card_shadow and highlight reach beyond the card on each side."""
    return max(4, round(min(w, h) * 0.14))


@cached(maxsize=128)
def card_shadow(w: int, h: int, lift: float = 1.0) -> pygame.Surface:
    """Soft shadow for a lifted card; (w, h) plus shadow_margin on each side, blit centred.

    The dark shape sits a little below centre, as if the light were above the table. lift
    (0..2) pushes it lower and softer.
    """
    w, h = max(2, int(w)), max(2, int(h))
    m = shadow_margin(w, h)
    lift = max(0.0, min(2.0, float(lift)))
    surf = canvas(w + 2 * m, h + 2 * m)
    dy = round(m * 0.30 * lift)
    grow = round(m * 0.08 * lift)
    pygame.draw.rect(surf, (0, 0, 0, 120), (m - grow, m + dy - grow, w + 2 * grow, h + 2 * grow),
                     border_radius=card_radius(w, h) + grow)
    return finish(blur(surf, max(1, round(m * (0.28 + 0.12 * lift)))))


def _frame_corners(surf: pygame.Surface, rect: pygame.Rect, colour, k: int, size: float) -> None:
    """Little ornaments in the four corners of a frame, symmetric under 180-degree rotation."""
    for cx, cy in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
        pts = polygon_points("diamond", cx, cy, size)
        pygame.draw.polygon(surf, colour, pts)


def _pattern(style: str, W: int, H: int, k: int, accent: Sequence[int]) -> pygame.Surface:
    """The back's inner panel at supersampled size W x H."""
    deep = darken(accent, 0.35)
    light = lighten(accent, 0.35)
    cream = (246, 236, 214)
    # lit from the centre: a radial sheen keeps the back symmetric under a half turn
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    sheen = radial(128, [(0.0, lighten(accent, 0.10)), (0.55, accent), (1.0, darken(accent, 0.22))])
    surf.fill((*darken(accent, 0.22), 255))
    surf.blit(pygame.transform.smoothscale(sheen, (round(W * 1.25), round(H * 1.25))), (-round(W * 0.125), -round(H * 0.125)))
    cx, cy = W / 2, H / 2
    unit = min(W, H)
    if style == "classic":
        step = unit / 7.0
        lw = max(1, round(unit * 0.012))
        n = int(max(W, H) / step) + 4
        for i in range(-n, n + 1):
            # diagonal lattice through the centre, so it is symmetric by construction
            x0 = cx + i * step
            pygame.draw.line(surf, light, (x0 - H, cy - H), (x0 + H, cy + H), lw)
            pygame.draw.line(surf, light, (x0 - H, cy + H), (x0 + H, cy - H), lw)
        dot = max(1.0, unit * 0.018)
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x, y = cx + (i + j) * step / 2, cy + (i - j) * step / 2
                if -step < x < W + step and -step < y < H + step:
                    if (i + j) % 2 == 0:
                        pygame.draw.circle(surf, cream, (x + step / 2, y), dot)
                    else:
                        pygame.draw.polygon(surf, deep, polygon_points("diamond", x + step / 2, y, dot * 2.0))
    elif style == "waves":
        lw = max(1, round(unit * 0.014))
        gap = unit / 9.0
        amp = gap * 0.42
        lam = unit / 3.0
        rows = int(H / gap / 2) + 2
        for r in range(-rows, rows + 1):
            y0 = cy + r * gap
            col = light if r % 2 == 0 else mix(accent, cream, 0.18)
            pts = [(x, y0 + amp * math.sin(2 * math.pi * (x - cx) / lam)) for x in range(-k, W + k + 1, max(1, k))]
            pygame.draw.lines(surf, col, False, pts, lw)
            pygame.draw.lines(surf, deep, False, [(x, y + gap / 2) for x, y in pts], max(1, lw // 2))
    elif style == "stars":
        step = unit / 4.2
        rows = int(H / step / 2) + 2
        cols = int(W / step / 2) + 2
        for j in range(-rows, rows + 1):
            for i in range(-cols, cols + 1):
                x = cx + i * step + (step / 2 if j % 2 else 0)
                y = cy + j * step * 0.87
                # half-drop grid; star on even columns, dot on odd: symmetric about the centre
                pygame.draw.polygon(surf, light, polygon_points("star", x, y, step * 0.24))
                pygame.draw.circle(surf, deep, (x + step / 2, y), step * 0.05)
    # plain: the gradient alone
    return surf


def _medallion(surf: pygame.Surface, style: str, cx: float, cy: float, unit: float, accent) -> None:
    """The centre badge: an oval with a checkered diamond (finis's flag), or a big star."""
    cream = (246, 236, 214)
    deep = darken(accent, 0.45)
    rw, rh = unit * 0.30, unit * 0.42
    if style == "plain":
        rw, rh = unit * 0.26, unit * 0.36
    ring = max(2, round(unit * 0.022))
    pygame.draw.ellipse(surf, cream, (cx - rw - ring * 2, cy - rh - ring * 2, 2 * (rw + ring * 2), 2 * (rh + ring * 2)))
    pygame.draw.ellipse(surf, deep, (cx - rw - ring, cy - rh - ring, 2 * (rw + ring), 2 * (rh + ring)))
    pygame.draw.ellipse(surf, darken(accent, 0.15), (cx - rw, cy - rh, 2 * rw, 2 * rh))
    pygame.draw.ellipse(surf, lighten(accent, 0.25), (cx - rw, cy - rh, 2 * rw, 2 * rh), max(1, ring // 2))
    if style == "stars":
        pygame.draw.polygon(surf, cream, polygon_points("star", cx, cy, rw * 0.82))
        pygame.draw.polygon(surf, lighten(accent, 0.4), polygon_points("star", cx, cy, rw * 0.45))
        return
    # checkered diamond: a 4x4 board turned 45 degrees
    n = 4
    half = rw * 0.72
    cell = 2 * half / n
    board = pygame.Surface((round(2 * half), round(2 * half)), pygame.SRCALPHA)
    for i in range(n):
        for j in range(n):
            c = cream if (i + j) % 2 == 0 else deep
            board.fill(c, (round(i * cell), round(j * cell), math.ceil(cell), math.ceil(cell)))
    board = pygame.transform.rotate(board, 45)
    surf.blit(board, board.get_rect(center=(round(cx), round(cy))))
    pygame.draw.polygon(surf, cream, polygon_points("diamond", cx, cy, half * math.sqrt(2)), max(1, ring // 2))


@cached(maxsize=64, stand_in=("w", "h"))
def card_back(w: int, h: int, style: str = "classic", accent: Sequence[int] = (150, 30, 40)) -> pygame.Surface:
    """The back of a card: white margin, patterned panel, double frame, centre medallion.

    Styles: "classic" (diamond lattice), "waves", "stars", "plain". Every style is symmetric
    under a half turn, like a real deck. Unknown styles draw as "classic".
    """
    w, h = max(4, int(w)), max(4, int(h))
    style = style if style in CARD_BACK_STYLES else "classic"
    k = scale_for(w, h)
    r = card_radius(w, h)
    body = _card_body(w, h, k, PAPER, INK_BORDER, r)
    W, H = w * k, h * k
    margin = round(min(W, H) * 0.075)
    inner = pygame.Rect(margin, margin, W - 2 * margin, H - 2 * margin)
    ir = max(1, r * k - margin + round(margin * 0.4))
    panel = _pattern(style, inner.w, inner.h, k, accent)
    unit = min(inner.w, inner.h)
    if style != "waves" or unit > 40:
        _medallion(panel, style, inner.w / 2, inner.h / 2, unit, accent)
    # an inner frame line inside the panel
    fl = max(1, round(unit * 0.014))
    inset = round(unit * 0.05)
    frame = pygame.Rect(inset, inset, inner.w - 2 * inset, inner.h - 2 * inset)
    pygame.draw.rect(panel, (246, 236, 214), frame, fl, border_radius=max(1, ir - inset))
    _frame_corners(panel, frame, (246, 236, 214), k, unit * 0.035)
    apply_mask(panel, rounded_mask(inner.w, inner.h, ir))
    body.blit(panel, inner.topleft)
    pygame.draw.rect(body, darken(accent, 0.3), inner, max(1, round(k * 0.8)), border_radius=ir)
    return finish(down(body, (w, h)))


# ---------------------------------------------------------------- targets and zones

@cached(maxsize=64)
def highlight(w: int, h: int, colour: Sequence[int] = (255, 214, 90), width: int = 3) -> pygame.Surface:
    """A glowing outline around a w x h card-shaped target; larger than the card by
    shadow_margin on each side: blit centred on the target."""
    w, h = max(2, int(w)), max(2, int(h))
    width = max(1, int(width))
    m = max(shadow_margin(w, h), width * 3)
    r = card_radius(w, h)
    surf = canvas(w + 2 * m, h + 2 * m, colour)
    glow = canvas(w + 2 * m, h + 2 * m, colour)
    pygame.draw.rect(glow, (*colour[:3], 210), (m - width, m - width, w + 2 * width, h + 2 * width),
                     width * 2, border_radius=r + width)
    glow = blur(glow, max(2, round(width * 1.6)))
    surf.blit(glow, (0, 0))
    k = scale_for(w + 2 * m, h + 2 * m)
    crisp = canvas((w + 2 * m) * k, (h + 2 * m) * k, colour)
    o = (m - width // 2) * k
    pygame.draw.rect(crisp, (*lighten(colour, 0.35), 255), (o, o, (w + width // 2 * 2) * k, (h + width // 2 * 2) * k),
                     max(k, round(width * k * 0.6)), border_radius=(r + width // 2) * k)
    surf.blit(down(crisp, surf.get_size()), (0, 0))
    return finish(surf)


def _rounded_path(x: float, y: float, w: float, h: float, r: float) -> list[tuple[float, float]]:
    """Points around a rounded rectangle, clockwise from the top edge, about 1 px apart."""
    r = max(0.0, min(r, w / 2, h / 2))
    pts: list[tuple[float, float]] = []
    corners = [(x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)]
    for cx, cy, a0 in corners:
        steps = max(2, int(r * math.pi / 2))
        for i in range(steps + 1):
            a = math.radians(a0 + 90 * i / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pts.append(pts[0])
    return pts


def _dashes(pts: list[tuple[float, float]], dash: float, gap: float) -> list[list[tuple[float, float]]]:
    """Cut a polyline into dashes, evening out the gap so the pattern closes cleanly."""
    seg = [math.dist(a, b) for a, b in zip(pts, pts[1:])]
    total = sum(seg)
    n = max(1, round(total / (dash + gap)))
    period = total / n
    dash = period * dash / (dash + gap)
    out: list[list[tuple[float, float]]] = []
    pos = 0.0
    cur: list[tuple[float, float]] = []
    for (a, b), L in zip(zip(pts, pts[1:]), seg):
        if L == 0:
            continue
        t = 0.0
        while t < L:
            phase = (pos + t) % period
            on = phase < dash
            nxt = min(L, t + ((dash - phase) if on else (period - phase)))
            p0 = (a[0] + (b[0] - a[0]) * t / L, a[1] + (b[1] - a[1]) * t / L)
            p1 = (a[0] + (b[0] - a[0]) * nxt / L, a[1] + (b[1] - a[1]) * nxt / L)
            if on:
                if not cur:
                    cur.append(p0)
                cur.append(p1)
            elif cur:
                out.append(cur)
                cur = []
            t = nxt + 1e-9
        pos += L
    if cur:
        out.append(cur)
    return out


@cached(maxsize=128, stand_in=("w", "h"), parts=True)
def zone_outline(w: int, h: int, label: str = "",
                 colour: Sequence[int] = (240, 235, 220)) -> Generator[None, None, pygame.Surface]:
    """An empty place on the table: faint fill, dashed rounded outline, faint centred label.
    Drawn in parts (a generator: the memo returns the picture; scenes/art/_cache.py): a
    place as large as half the window is some 30 ms of work."""
    w, h = max(4, int(w)), max(4, int(h))
    k = scale_for(w, h)
    W, H = w * k, h * k
    r = card_radius(w, h) * k
    surf = canvas(W, H, colour)
    lw = max(k, round(max(1.0, min(w, h) * 0.018) * k))
    pygame.draw.rect(surf, (0, 0, 0, 34), (0, 0, W, H), border_radius=r)
    yield
    half = lw / 2
    dash = max(3.0, min(w, h) * 0.07) * k
    for d in _dashes(_rounded_path(half, half, W - lw, H - lw, r - half), dash, dash * 0.65):
        if len(d) >= 2:
            pygame.draw.lines(surf, (*colour[:3], 130), False, d, lw)
            for p in (d[0], d[-1]):
                pygame.draw.circle(surf, (*colour[:3], 130), p, lw / 2)
    yield
    out = down(surf, (w, h))
    if label:
        size = max(8, min(round(min(w, h) * 0.16), 22))
        tw = w - 2 * max(4, round(w * 0.08))
        lines = wrap_lines(label, tw, size, bold=True)
        if len(lines) > 3:
            lines = lines[:3]
        f = font(size, bold=True)
        step = f.get_linesize()
        y = (h - step * len(lines)) // 2
        for line in lines:
            img = fit_text(line, tw, size, (*colour[:3],), bold=True)
            ghost = img.copy()
            ghost.set_alpha(165)
            out.blit(ghost, ((w - img.get_width()) // 2, y))
            y += step
    return finish(out)
